#!/bin/sh
# symbolize_a2l: maxtriage as addr2line against binutils addr2line 2.40 on
# C++: names demangled by binutils' own demangler (libiberty's
# cplus_demangle, linked statically, with bfd_demangle's prefix and
# suffix handling); the DWARF name of the outermost frame
# (binutils does not take the symbol table's .cold/.constprop names);
# the first of aliases at one address. Every function start and middle
# of a g++ -O2 -g library (templates, lambdas, operators, std::
# containers), of the same without debug info, and of the installed
# libstdc++ (.dynsym); stdout, stderr and exit status byte-identical.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_a2l
need_tools g++ addr2line nm python3 timeout
mkdir -p "$tmp/r" "$tmp/m" "$tmp/s"
ln -s "$(command -v addr2line)" "$tmp/r/addr2line"
ln -s "$bin" "$tmp/m/addr2line"
s=$tmp/s
fail=0
n=0

cat >"$s/t.cc" <<'EOF'
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
namespace geo {
template <class T> struct Box { T v; Box<T> operator+(const Box<T> &o) const { return { v + o.v }; } explicit operator bool() const { return v != T(); } };
template <class K, class V> std::map<K, std::vector<V> > group(const std::vector<std::pair<K, V> > &in)
{
	std::map<K, std::vector<V> > out;
	for (auto &p : in) out[p.first].push_back(p.second);
	return out;
}
template <class F> auto apply_all(const std::vector<int> &v, F f) -> decltype(f(0)) { decltype(f(0)) s{}; for (int x : v) s += f(x); return s; }
namespace { int hidden(int x) { return x * 7; } }
struct Shape { virtual ~Shape() {} virtual double area() const = 0; };
struct Sq : Shape { double s; explicit Sq(double a) : s(a) {} double area() const override { return s * s; } };
}
extern "C" __attribute__((noinline)) void *keep(void *p) { return p; }
int run(int n)
{
	std::vector<std::pair<std::string, int> > in;
	for (int i = 0; i < n; i++) in.push_back({ std::to_string(i % 3), i });
	auto g = geo::group(in);
	std::vector<int> v(n, 2);
	auto lam = [n](int x) { return geo::hidden(x) + n; };
	std::function<long(int)> fn = [&](int x) -> long { return lam(x) * 2; };
	geo::Box<long> b{ 1 }, c = b + geo::Box<long>{ n };
	std::unique_ptr<geo::Shape> sh(new geo::Sq(n));
	keep(&g);
	return (int)(geo::apply_all(v, lam) + geo::apply_all(v, fn) + (bool)c + sh->area());
}
EOF
g++ -std=c++17 -O2 -g -fPIC -shared "$s/t.cc" -o "$s/t.so" &&
	g++ -std=c++17 -O2 -fPIC -shared "$s/t.cc" -o "$s/t-nodebug.so" || {
	echo "$NAME: FAIL: building the libraries"
	exit 1
}

# Hex addresses: the start and the middle of every defined function,
# and (with LINES, llvm-dwarfdump-19 --debug-line output) every line-table
# row inside one (outside functions binutils' rules differ: see
# docs/symbolize.md).
addrs() { # addrs NM_ARGS... FILE
	nm --defined-only -S "$@" | LINES=${LINES:-} python3 -c '
import os, sys
fs, seen, out = [], set(), []
for ln in sys.stdin:
    f = ln.split()
    if len(f) < 4 or f[2] not in "TtWwi":
        continue
    a, z = int(f[0], 16), int(f[1], 16)
    fs.append((a, z))
    out += [a, a + z // 2]
if os.environ["LINES"]:
    for ln in open(os.environ["LINES"]):
        f = ln.split()
        if f and f[0].startswith("0x0"):
            x = int(f[0], 16)
            if any(a <= x < a + z for a, z in fs):
                out.append(x)
for x in out:
    if x not in seen:
        seen.add(x)
        print("%x" % x)'
}
lines=
if command -v llvm-dwarfdump-19 >/dev/null 2>&1; then
	llvm-dwarfdump-19 --debug-line "$s/t.so" >"$tmp/t.lines"
	lines=$tmp/t.lines
fi
LINES=$lines addrs "$s/t.so" >"$tmp/t.addrs"
addrs "$s/t-nodebug.so" >"$tmp/tn.addrs"
libstdcxx=$(g++ -print-file-name=libstdc++.so.6)
libstdcxx=$(readlink -f "$libstdcxx")
addrs -D "$libstdcxx" >"$tmp/std.addrs"
echo "addresses: $(wc -l <"$tmp/t.addrs") t.so, $(wc -l <"$tmp/tn.addrs") t-nodebug.so, $(wc -l <"$tmp/std.addrs") $libstdcxx"
[ "$(wc -l <"$tmp/t.addrs")" -gt 100 ] && [ "$(wc -l <"$tmp/std.addrs")" -gt 1000 ] || {
	echo "$NAME: FAIL: too few addresses"
	exit 1
}

# a2l LABEL ENV STDIN ARGS...
a2l() {
	_l=$1
	_e=$2
	_i=$3
	shift 3
	SAME_TIMEOUT=120 same_as addr2line "$_l" "$tmp" "$_e" "$_i" "$@"
}

# One variant: the demangler no longer depends on a shared library that
# may be missing (libiberty is linked in), so there is no fallback path
# to compare as with libbfd before.
for envv in ""; do
	for opt in "-f -C" "-f -C -i" "-a -p -f -C -i" "-f" "-f -i -s -C" "-C"; do
		# shellcheck disable=SC2086
		a2l "t.so $opt $envv" "$envv" "$tmp/t.addrs" -e "$s/t.so" $opt
		# shellcheck disable=SC2086
		a2l "t-nodebug.so $opt $envv" "$envv" "$tmp/tn.addrs" -e "$s/t-nodebug.so" $opt
	done
	a2l "libstdc++ -f -C $envv" "$envv" "$tmp/std.addrs" -e "$libstdcxx" -f -C
	a2l "libstdc++ -a -p -f -i $envv" "$envv" "$tmp/std.addrs" -e "$libstdcxx" -a -p -f -i
done

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
