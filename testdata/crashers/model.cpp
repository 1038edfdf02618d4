/*
 * model.cpp - libmtmodel: the C++ half of the crash fixtures.
 *
 * Each scenario reaches its crash through a stable chain of noinline
 * functions (same names under gcc and clang); the segfault sits in a
 * static inline helper chain two levels deep inside a class template:
 *   Layer<float>::forward -> detail::read_weight (inlined)
 *                         -> detail::square_at (inlined, faults)
 * Values that decide the crash come from runtime_* below, which the
 * optimiser cannot see through, so nothing is folded away.
 */
#include "model.h"
#include "kernels.h"

#include <cassert>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

/* noipa (gcc) also stops clones such as .isra.0/.constprop.0, whose names
 * would differ from clang's; clang makes no such clones of these. */
#ifdef __clang__
#define MT_NOINLINE __attribute__((noinline))
#else
#define MT_NOINLINE __attribute__((noipa))
#endif
#define MT_INLINE inline __attribute__((always_inline))

namespace {
// volatile: read at run time, never constant-folded.
float *volatile runtime_null_weights = nullptr;
volatile int runtime_zero = 0;
volatile long runtime_heads = 3;
} // namespace

namespace mtmodel {

template <typename T> struct Tensor {
	T *data;
	std::size_t size;
};

namespace detail {

// Level 2 of the chain: the load that faults. Squaring keeps the load an
// instruction of its own on this line (not a memory operand of the
// caller's arithmetic, which would carry the caller's line).
template <typename T> static MT_INLINE T square_at(const T *data, std::size_t i)
{
	T v = data[i];
	return v * v;
}

// Level 1 of the chain.
template <typename T>
static MT_INLINE T read_weight(const Tensor<T> &w, std::size_t i)
{
	return square_at(w.data, i) + T(1);
}

} // namespace detail

template <typename T> class Layer {
public:
	explicit Layer(T scale) : scale_(scale) {}

	MT_NOINLINE T forward(const Tensor<T> &w, std::size_t i) const
	{
		return detail::read_weight(w, i) + scale_;
	}

private:
	T scale_;
};

template <typename T> class Attention {
public:
	explicit Attention(long heads) : heads_(heads) {}

	// The assert() scenario: abort() from inside a template member.
	MT_NOINLINE long split_heads(long dim) const
	{
		assert(heads_ % 2 == 0 && "head count must be even");
		return dim / heads_;
	}

private:
	long heads_;
};

class Loader {
public:
	// The uncaught-exception scenario: nothing up the stack catches it.
	MT_NOINLINE static std::vector<float> open(const std::string &path)
	{
		if (path.find(".bin") == std::string::npos)
			throw std::runtime_error("weights file not found: " + path);
		return std::vector<float>(4);
	}
};

namespace {

MT_NOINLINE int scenario_segv()
{
	Tensor<float> w{runtime_null_weights, 16};
	Layer<float> layer(0.5f);
	return layer.forward(w, 3) > 0;
}

MT_NOINLINE int scenario_trap()
{
	// A shape mismatch caught by a kernel-side check (ud2).
	mtk_check_shape(runtime_heads, 4);
	return 0;
}

MT_NOINLINE int scenario_fpe()
{
	int v[4] = {8, 16, 24, 32};
	return (int)mtk_divide_rows(v, 4, runtime_zero);
}

MT_NOINLINE int scenario_assert()
{
	Attention<float> attn(runtime_heads);
	return (int)attn.split_heads(768);
}

MT_NOINLINE int scenario_exception()
{
	std::vector<float> w = Loader::open("model-weights.safetensors");
	return (int)w.size();
}

MT_NOINLINE int scenario_thread()
{
	return mtk_parallel_reduce(runtime_null_weights, 2, 8) > 0;
}

} // namespace

int run_scenario(const char *mode)
{
	struct {
		const char *name;
		int (*fn)();
	} const table[] = {
		{"segv", scenario_segv},       {"trap", scenario_trap},
		{"fpe", scenario_fpe},         {"assert", scenario_assert},
		{"exception", scenario_exception}, {"thread", scenario_thread},
	};
	for (const auto &s : table)
		if (std::strcmp(mode, s.name) == 0)
			return s.fn() + 1; // +1: work after the call, no tail call
	return 2;
}

} // namespace mtmodel
