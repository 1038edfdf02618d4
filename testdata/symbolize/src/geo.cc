#include <cstdio>
#include <cstring>
int counters[8] = { 1 };
static double scale = 2.5;
const char *greeting = "hello";
namespace geo {
struct Point { int x, y; };
template <class T> static inline __attribute__((always_inline)) T sq(T v) { return v * v; }
static inline __attribute__((always_inline)) int norm(const Point &p) { return sq(p.x) + sq(p.y); }
template <class T> __attribute__((noinline)) int area(T w, T h) { return (int)(w * h * scale); }
} // namespace geo
extern "C" int entry(int a, int b)
{
	geo::Point p = { a, b };
	char buf[24];
	snprintf(buf, sizeof buf, "%d", geo::norm(p));
	counters[a & 7] += (int)strlen(buf);
	return geo::area<long>(a, b) + geo::area<double>(a, b) + buf[0];
}
