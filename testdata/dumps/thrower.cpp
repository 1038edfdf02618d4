// thrower.cpp - a C++ exception nobody catches: std::terminate, abort
// (SIGABRT) under __cxa_throw, from a member function of a template.
#include <cstdio>
#include <stdexcept>
#include <vector>

namespace model {
template <typename T> struct Layer {
	std::vector<T> weights;
	__attribute__((noinline)) T at(size_t i) const
	{
		if (i >= weights.size())
			throw std::out_of_range("layer weight index");
		return weights[i];
	}
};
} // namespace model

__attribute__((noinline)) static float forward(const model::Layer<float> &l,
                                               size_t i)
{
	return l.at(i) * 2.0f;
}

int main(int argc, char **)
{
	model::Layer<float> l{ { 1.0f, 2.0f } };
	std::printf("%f\n", forward(l, (size_t)argc + 5));
	return 0;
}
