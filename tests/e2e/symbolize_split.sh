#!/bin/sh
# symbolize_split: split DWARF (-gsplit-dwarf, .dwo files) against
# llvm-symbolizer-19: functions, inline chains, lines, start lines
# (--verbose, JSON), FRAME and DATA, byte-identical, for clang-19
# (DWARF 5 skeleton units, and DWARF 4 GNU split units) and gcc builds, from
# another directory (the .dwo found under DW_AT_comp_dir), with the
# index cache, and with a .dwo missing (the skeleton's lines remain).
# --dwp must be refused with its reason.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_split
ref=/usr/bin/llvm-symbolizer-19
need_tools clang++-19 clang-19 gcc "$ref" llvm-dwarfdump-19 timeout
mkdir -p "$tmp/r" "$tmp/m"
ln -s "$ref" "$tmp/r/llvm-symbolizer"
ln -s "$bin" "$tmp/m/llvm-symbolizer"
fail=0
n=0

cat >"$tmp/a.cc" <<'EOF'
#include <vector>
namespace geo {
template <class T> static inline __attribute__((always_inline)) T sq(T v) { return v * v; }
template <class T> inline T sum3(T a, T b, T c) { return sq(a) + sq(b) + sq(c); }
}
int fa(int n) { std::vector<int> v; int s = 0; for (int i = 0; i < n; i++) { v.push_back(i); s += geo::sum3(i, n, s); } return s + (int)v.size(); }
EOF
cat >"$tmp/b.cc" <<'EOF'
extern int fa(int);
int gvar = 3;
static inline int twice(int x) { return fa(x) * 2; }
int fb(int n) { int local = twice(n) + twice(n + gvar); return local; }
EOF
cat >"$tmp/c.c" <<'EOF'
static inline int sq(int x) { return x * x; }
int fc(int n) { int s = 0; for (int i = 0; i < n; i++) s += sq(i) > 9 ? sq(s) : i; return s; }
EOF
# build DIR CC FLAGS...: objects and .dwo files in DIR, then DIR/lib.so.
build() {
	d=$1
	cc=$2
	shift 2
	mkdir -p "$tmp/$d"
	(cd "$tmp/$d" &&
		$cc "$@" -gsplit-dwarf -O2 -g -fPIC -c ../a.cc -o a.o &&
		$cc "$@" -gsplit-dwarf -O2 -g -fPIC -c ../b.cc -o b.o &&
		$cc -x c "$@" -gsplit-dwarf -O2 -g -fPIC -c ../c.c -o c.o &&
		$cc -shared a.o b.o c.o -o lib.so -lstdc++) || {
		echo "$NAME: FAIL: building $d"
		exit 1
	}
}
build clang5 clang++-19
build clang4 clang++-19 -gdwarf-4
build gcc g++
for d in clang5 clang4 gcc; do
	ls "$tmp/$d"/*.dwo >/dev/null 2>&1 || { echo "$NAME: FAIL: no .dwo in $d"; fail=1; }
	# skeleton units only in the binary: the test proves nothing else
	if llvm-dwarfdump-19 --debug-info "$tmp/$d/lib.so" | grep -q DW_TAG_subprogram; then
		echo "$NAME: FAIL: $d/lib.so has its functions in the binary"
		fail=1
	fi
done

# same LABEL ENV DIR STDIN ARGS...: run in DIR (a .dwo name is relative)
same() {
	_l=$1
	_e=$2
	_d=$3
	_i=$4
	shift 4
	same_as llvm-symbolizer "$_l" "$_d" "$_e" "$_i" "$@"
}

for d in clang5 clang4 gcc; do
	lib=$tmp/$d/lib.so
	llvm-dwarfdump-19 --debug-line "$lib" | awk '$1 ~ /^0x0/ { print $1 }' | sort -u >"$tmp/$d.addrs"
	echo "$d: $(wc -l <"$tmp/$d.addrs") addresses"
	sed "s|^|FRAME $lib |" "$tmp/$d.addrs" >"$tmp/$d.req"
	nm "$lib" | awk -v l="$lib" '$3 == "gvar" { print "DATA", l, "0x" $1 }' >>"$tmp/$d.req"
	for style in LLVM GNU JSON; do
		for opt in "" --verbose --no-inlines -s --functions=short --relativenames; do
			# shellcheck disable=SC2086
			same "$d $style $opt" "" "$tmp/$d" "$tmp/$d.addrs" --obj="$lib" --output-style=$style $opt
		done
		same "$d $style FRAME/DATA" "" "$tmp/$d" "$tmp/$d.req" --output-style=$style
	done
	# from elsewhere: the .dwo is found under DW_AT_comp_dir
	same "$d from /" "" / "$tmp/$d.addrs" --obj="$lib"
	same "$d index cache (cold)" "MAXTRIAGE_INDEX_CACHE=$tmp/ic-$d" "$tmp/$d" "$tmp/$d.addrs" --obj="$lib" --output-style=JSON
	same "$d index cache (warm)" "MAXTRIAGE_INDEX_CACHE=$tmp/ic-$d" "$tmp/$d" "$tmp/$d.addrs" --obj="$lib" --output-style=JSON
done
# A .dwo gone: llvm-symbolizer keeps the skeleton's lines (and says
# nothing); so must we.
rm "$tmp/clang5/a.dwo"
same "clang5 without a.dwo" "" "$tmp/clang5" "$tmp/clang5.addrs" --obj="$tmp/clang5/lib.so"
same "clang5 without a.dwo JSON" "" "$tmp/clang5" "$tmp/clang5.addrs" --obj="$tmp/clang5/lib.so" --output-style=JSON

# --dwp: not supported (libdw 0.188 has no DWP support), one clear line.
(cd "$tmp" && timeout 60 m/llvm-symbolizer --dwp=x.dwp --obj="$tmp/gcc/lib.so" 0x0 >"$tmp/dwp.out" 2>&1)
rc=$?
n=$((n + 1))
if [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/dwp.out")" -eq 1 ] && grep -q 'dwp' "$tmp/dwp.out"; then
	echo "ok   --dwp refused: $(cat "$tmp/dwp.out")"
else
	echo "FAIL --dwp: exit $rc: $(cat "$tmp/dwp.out")"
	fail=1
fi

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
