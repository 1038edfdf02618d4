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
need_tools g++ gcc addr2line nm readelf python3 timeout
mkdir -p "$tmp/r" "$tmp/m" "$tmp/s"
: >"$tmp/empty"
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

# Where binutils names from the symbol table alone (bfd's
# _bfd_elf_find_function): every allocated byte of a C program and of
# the C++ library, each with and without DWARF (padding, .data, .bss,
# symbols past their section's start, and global variables, which
# binutils answers by their symbol from the variable's declaration);
# every executable byte of an object without DWARF (the symbols of the
# address's section, the STT_FILE of its functions); and assembler
# labels inside a function, which bfd's one-entry cache passes over
# after an answer in that function and not otherwise.
cat >"$s/p.c" <<'EOF'
int g_bss[16];
int g_data = 5;
static int g_static = 2;
int *g_ptr = &g_static;
static int helper(int x) { return x * g_data + g_bss[x & 15]; }
__attribute__((noinline)) int work(int x) { return helper(x) + 1; }
int main(int argc, char **argv) { (void)argv; return work(argc); }
EOF
cat >"$s/l.s" <<'EOF'
	.text
	.globl f
	.type f,@function
f:
	nop
	nop
.Ltmp0:
	nop
	ret
	.size f, .-f
	nop
	nop
g:
	nop
.Lbar:
	nop
	ret
EOF
gcc -O2 -g "$s/p.c" -o "$s/p" && gcc -O2 "$s/p.c" -o "$s/p-nodebug" &&
	gcc -O2 -c "$root/testdata/symbolize/src/reloc_mod.c" -o "$s/mod.o" &&
	gcc -c -Wa,-L "$s/l.s" -o "$s/l.o" || {
	echo "$NAME: FAIL: building the C inputs"
	exit 1
}
# every_byte FILE FLAG: every byte of its sections whose flags have FLAG,
# and two past each.
every_byte() {
	readelf -SW "$1" | python3 -c '
import sys
for ln in sys.stdin:
    if "]" not in ln or "Nr]" in ln:
        continue
    f = ln.split("]", 1)[1].split()
    try:
        a, z, fl = int(f[2], 16), int(f[4], 16), f[6]
    except (IndexError, ValueError):
        continue
    if sys.argv[1] in fl:
        for x in range(a, a + z + 2):
            print("%x" % x)' "$2"
}
every_byte "$s/p" A >"$tmp/p.addrs"
every_byte "$s/t.so" A >"$tmp/t.bytes"
every_byte "$s/mod.o" X >"$tmp/mod.addrs"
printf '0\n3\n5\n7\n9\n' >"$tmp/l.addrs"
for opt in "-f" "-a -p -f -i"; do
	for f in p p-nodebug; do
		# shellcheck disable=SC2086
		a2l "$f, every byte, $opt" "" "$tmp/p.addrs" -e "$s/$f" $opt
	done
	for f in t.so t-nodebug.so; do
		# shellcheck disable=SC2086
		a2l "$f, every byte, $opt -C" "" "$tmp/t.bytes" -e "$s/$f" $opt -C
	done
	# shellcheck disable=SC2086
	a2l "mod.o without DWARF, $opt" "" "$tmp/mod.addrs" -e "$s/mod.o" $opt
done
a2l "labels, one run" "" "$tmp/l.addrs" -e "$s/l.o" -f
for x in 3 5 9; do
	a2l "labels, 0x$x alone" "" "$tmp/empty" -e "$s/l.o" -f "$x"
done

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
