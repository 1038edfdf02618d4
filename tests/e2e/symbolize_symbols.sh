#!/bin/sh
# symbolize_symbols: requests that name a symbol instead of an address
# ("MODULE sym", "sym+OFF", on the command line and in CODE, DATA and
# FRAME requests), and FRAME at every line-table address, against
# llvm-symbolizer-19: stdout, stderr and exit status byte-identical.
# Inputs: a C++ library with inlined calls, overloads and globals; a C
# library with versioned symbols (f@V1, f@@V2: aliases at one address)
# and two local functions of one name; the same without debug info.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_symbols
ref=/usr/bin/llvm-symbolizer-19
need_tools clang++-19 gcc "$ref" llvm-dwarfdump-19 nm timeout
mkdir -p "$tmp/r" "$tmp/m" "$tmp/s"
ln -s "$ref" "$tmp/r/llvm-symbolizer"
ln -s "$bin" "$tmp/m/llvm-symbolizer"
s=$tmp/s
fail=0
n=0

cat >"$s/cx.cc" <<'EOF'
int counters[8] = { 1 };
static double scale = 2.5;
namespace geo {
struct Point { int x, y; };
template <class T> static inline __attribute__((always_inline)) T sq(T v) { return v * v; }
static inline __attribute__((always_inline)) int norm(const Point &p) { return sq(p.x) + sq(p.y); }
template <class T> __attribute__((noinline)) int area(T w, T h) { return (int)(w * h * scale); }
int over(int a) { return a + 1; }
int over(double a) { return (int)a + 2; }
}
extern "C" int entry(int a, int b)
{
	geo::Point p = { a, b };
	counters[a & 7] += geo::norm(p);
	return geo::area<long>(a, b) + geo::area<double>(a, b) + geo::over(a) + geo::over(1.0 * b);
}
EOF
cat >"$s/ver.c" <<'EOF'
int impl_v1(int a) { return a + 1; }
int impl_v2(int a) { return a + 2; }
__asm__(".symver impl_v1, vf@V1");
__asm__(".symver impl_v2, vf@@V2");
static int helper(int a) { return a * 3; }
int table[16];
static int hidden[4];
int use(int a) { hidden[a & 3] = a; return helper(a) + table[a & 15]; }
EOF
cat >"$s/ver2.c" <<'EOF'
static int helper(int a) { return a * 5; }
int use2(int a) { return helper(a) + 2; }
EOF
printf 'V1 { global: vf; };\nV2 { global: vf; } V1;\n' >"$s/ver.map"
clang++-19 -g -O2 -fPIC -shared "$s/cx.cc" -o "$s/cx.so" &&
	clang++-19 -O2 -fPIC -shared "$s/cx.cc" -o "$s/cx-nodebug.so" &&
	gcc -g -O1 -fno-inline -fPIC -shared -Wl,--version-script="$s/ver.map" \
		"$s/ver.c" "$s/ver2.c" -o "$s/ver.so" || {
	echo "$NAME: FAIL: building the libraries"
	exit 1
}

# same LABEL STDIN ARGS...
same() {
	_l=$1
	_i=$2
	shift 2
	same_as llvm-symbolizer "$_l" "$tmp" "" "$_i" "$@"
}

# Every name of each table, alone and with offsets inside, at and past
# its end; then names that do not match as written.
for lib in cx.so cx-nodebug.so ver.so; do
	nm -S "$s/$lib" | awk 'NF == 4 { print $2, $4 } NF == 3 { print 0, $3 }' |
		while read -r size name; do
			echo "$s/$lib $name"
			echo "$s/$lib $name+1"
			echo "$s/$lib $name+0x4"
			echo "$s/$lib $name+$((0x$size))"
			echo "$s/$lib $name+0x100000"
		done
done >"$tmp/code"
cat >>"$tmp/code" <<EOF
$s/cx.so geo::over(int)
$s/cx.so geo::over
$s/cx.so scale
$s/cx.so nosuch
$s/cx.so entry+
$s/cx.so entry+x
$s/cx.so entry+-1
$s/cx.so +4
$s/cx.so entry+4+4
$s/cx.so entry+0b11
$s/cx.so entry+010
$s/ver.so vf
$s/missing.so entry
$s/missing.so entry+4
CODE $s/cx.so entry
CODE "$s/cx.so" _ZN3geo4overEd+2
EOF
[ "$(wc -l <"$tmp/code")" -gt 200 ] || { echo "$NAME: FAIL: too few requests"; exit 1; }
# DATA and FRAME: llvm-symbolizer 19 looks them up at the offset alone
# (symbolizeData/symbolizeFrame of Offset): "sym+0xADDR" is ADDR.
counters=$(nm "$s/cx.so" | awk '$3 == "counters" { print $1 }')
table=$(nm "$s/ver.so" | awk '$3 == "table" { print $1 }')
entry=$(nm "$s/cx.so" | awk '$3 == "entry" { print $1 }')
cat >"$tmp/data" <<EOF
DATA $s/cx.so counters
DATA $s/cx.so counters+4
DATA $s/cx.so counters+0x$counters
DATA $s/cx.so x+0x$counters
DATA $s/cx.so nosuch+$((0x$counters + 8))
DATA $s/ver.so table+0x$table
DATA $s/ver.so hidden
DATA $s/missing.so counters
FRAME $s/cx.so entry
FRAME $s/cx.so entry+0x$entry
FRAME $s/cx.so entry+$((0x$entry + 8))
FRAME $s/cx.so nosuch
FRAME $s/missing.so entry+4
FRAME $s/ver.so use
EOF
for style in "" --output-style=GNU --output-style=JSON; do
	for opt in "" -p --no-inlines --inlines -s --verbose --no-demangle \
		--functions=short --functions=none --functions=linkage \
		"--no-inlines --functions=short" --relativenames \
		--adjust-vma=0x10; do
		# shellcheck disable=SC2086
		same "code $style $opt" "$tmp/code" $style $opt
		# shellcheck disable=SC2086
		same "data/frame $style $opt" "$tmp/data" $style $opt
	done
	# -a: a symbol's answer has no address line. (For DATA and FRAME
	# llvm-symbolizer 19 prints an undefined value there, so only CODE.)
	# shellcheck disable=SC2086
	same "code $style -a" "$tmp/code" $style -a
	# shellcheck disable=SC2086
	same "code $style -a -p" "$tmp/code" $style -a -p
done
# The command line, --obj, JSON arrays.
same "arguments" /dev/null -e "$s/cx.so" entry counters entry+4 nosuch 0x0
same "arguments JSON" /dev/null --output-style=JSON -e "$s/cx.so" entry nosuch geo::over
same "arguments JSON -p" /dev/null --output-style=JSON -p -e "$s/ver.so" helper vf@@V2
same "missing --obj" /dev/null -e "$s/missing.so" entry
same "missing --obj JSON" /dev/null --output-style=JSON -e "$s/missing.so" entry

# FRAME at every line-table address (inlined callees' locals, location
# lists) in both libraries.
for lib in cx.so ver.so; do
	llvm-dwarfdump-19 --debug-line "$s/$lib" | awk -v l="$s/$lib" '$1 ~ /^0x0/ { print "FRAME", l, $1 }' |
		sort -u >"$tmp/frames"
	same "FRAME every address $lib" "$tmp/frames"
	same "FRAME every address $lib JSON" "$tmp/frames" --output-style=JSON
done

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
