#!/bin/sh
# symbolize_reloc: relocatable objects (.o) and kernel-module-like objects
# (.ko: ld -r of several objects, .init.text/.exit.text beside .text, a
# build-id) symbolized by maxtriage as llvm-symbolizer against
# llvm-symbolizer-19 itself. Every section of an ET_REL file starts at 0,
# so the debug info is only right once its relocations are applied, and
# the answers depend on llvm-symbolizer's rules for overlapping sections
# (AddrDieMap, the first executable section holding an address, line
# sequences by section, .debug_aranges read unrelocated). Objects from
# gcc and clang-19 (DWARF 4 and 5, -ffunction-sections, -gz), clang-19
# cross builds for AArch64, ARM, i386 (SHT_REL) and PowerPC64, g++ and
# clang++ C++, maxtriage's own compiled objects; a split .ko found by
# debuglink and by build-id; every byte of the executable range, in the
# LLVM, GNU and JSON styles and with the options that change answers;
# DATA and FRAME requests. stdout, stderr and exit status byte-identical.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_reloc
ref=/usr/bin/llvm-symbolizer-19
need_tools gcc g++ clang-19 clang++-19 "$ref" readelf ld llvm-objcopy-19 python3 timeout
mkdir -p "$tmp/r" "$tmp/m" "$tmp/o" "$tmp/dbg"
ln -s "$ref" "$tmp/r/llvm-symbolizer"
ln -s "$bin" "$tmp/m/llvm-symbolizer"
src=$root/testdata/symbolize/src
o=$tmp/o
fail=0
n=0

# addrs OBJ STEP [PREFIX]: every STEP-th byte from 0 to past the largest
# executable section (all of them start at 0 in an object).
addrs() {
	python3 - "$1" "$2" "${3:-}" <<'PY'
import subprocess, sys
out = subprocess.run(['readelf', '-SW', sys.argv[1]], capture_output=True,
                     text=True).stdout
top = 0
for ln in out.splitlines():
    if not ln.strip().startswith('[') or ']' not in ln:
        continue
    f = ln.split(']', 1)[1].split()
    if len(f) < 7 or f[1] == 'NOBITS':
        continue
    try:
        size = int(f[4], 16)
    except ValueError:
        continue
    if 'X' in f[6]:
        top = max(top, size)
for a in range(0, top + 16, int(sys.argv[2])):
    print('%s0x%x' % (sys.argv[3] + ' ' if sys.argv[3] else '', a))
PY
}

# cmp_obj LABEL OBJ STEP OPTIONS...: both tools on addrs of OBJ.
cmp_obj() {
	_l=$1
	_o=$2
	_s=$3
	shift 3
	addrs "$_o" "$_s" >"$tmp/addrs"
	if [ ! -s "$tmp/addrs" ]; then
		echo "FAIL $_l: no executable section in $_o"
		fail=1
		return
	fi
	same_as llvm-symbolizer "$_l" "$tmp" "" "$tmp/addrs" --obj="$_o" "$@"
}

cc_quiet() {
	"$@" -Wno-builtin-requires-header 2>/dev/null
}

gcc -O2 -g -c "$src/reloc_a.c" -o "$o/gcc.o"
gcc -O2 -g -ffunction-sections -c "$src/reloc_a.c" -o "$o/gcc-fs.o"
gcc -O2 -g -gdwarf-4 -gz -c "$src/reloc_mod.c" -o "$o/gcc-z4.o"
cc_quiet clang-19 -O2 -g -c "$src/reloc_a.c" -o "$o/clang.o"
cc_quiet clang-19 -O2 -gdwarf-4 -ffunction-sections -c "$src/reloc_a.c" -o "$o/clang-fs4.o"
g++ -O2 -g -c "$src/geo.cc" -o "$o/gpp.o"
clang++-19 -O2 -g -c "$src/geo.cc" -o "$o/clangpp.o"
for t in aarch64-linux-gnu arm-linux-gnueabihf i386-linux-gnu powerpc64le-linux-gnu; do
	cc_quiet clang-19 --target=$t -O2 -g -c "$src/reloc_a.c" -o "$o/$t.o"
done
# .ko-like: two objects linked with ld -r and a build-id.
for c in gcc clang-19; do
	cc_quiet $c -O2 -g -c "$src/reloc_mod.c" -o "$o/mod-$c.o"
	cc_quiet $c -O2 -g -c "$src/reloc_a.c" -o "$o/a-$c.o"
	ld -r --build-id "$o/mod-$c.o" "$o/a-$c.o" -o "$o/m-$c.ko"
done
# Split: the debug file beside a stripped copy (by .gnu_debuglink) and
# in a .build-id tree (llvm-symbolizer 19 reads a build-id from program
# headers only, which an object has none of: it answers from the symbol
# table, and so must maxtriage under its name).
llvm-objcopy-19 --only-keep-debug "$o/m-gcc.ko" "$o/m-gcc.ko.debug"
llvm-objcopy-19 --strip-debug --add-gnu-debuglink="$o/m-gcc.ko.debug" \
	"$o/m-gcc.ko" "$o/m-gcc-link.ko"
llvm-objcopy-19 --strip-debug "$o/m-gcc.ko" "$o/m-gcc-strip.ko"
id=$(readelf -n "$o/m-gcc.ko" | awk '/Build ID/ {print $3}')
mkdir -p "$tmp/dbg/.build-id/$(echo "$id" | cut -c1-2)"
cp "$o/m-gcc.ko.debug" "$tmp/dbg/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug"

for f in gcc.o gcc-fs.o gcc-z4.o clang.o clang-fs4.o gpp.o clangpp.o \
	aarch64-linux-gnu.o arm-linux-gnueabihf.o i386-linux-gnu.o \
	powerpc64le-linux-gnu.o m-gcc.ko m-clang-19.ko m-gcc-link.ko; do
	cmp_obj "$f" "$o/$f" 1
done
cmp_obj "m-gcc-strip.ko, build-id tree" "$o/m-gcc-strip.ko" 1 \
	--debug-file-directory="$tmp/dbg"
for opts in --no-inlines --functions=short --output-style=GNU \
	--output-style=JSON --verbose "-a -p" --relativenames --basenames; do
	# shellcheck disable=SC2086
	cmp_obj "m-gcc.ko $opts" "$o/m-gcc.ko" 2 $opts
	# shellcheck disable=SC2086
	cmp_obj "gpp.o $opts" "$o/gpp.o" 3 $opts
done
# The index cache keeps an object's sectioned line tables: the run that
# writes it and the runs that map it answer as llvm-symbolizer does.
for c in gcc clang-19; do
	addrs "$o/m-$c.ko" 1 >"$tmp/addrs"
	for pass in cold warm; do
		same_as llvm-symbolizer "m-$c.ko, index cache $pass" "$tmp" \
			"MAXTRIAGE_INDEX_CACHE=$tmp/ic" "$tmp/addrs" --obj="$o/m-$c.ko"
	done
	n=$((n + 1))
	if [ -f "$tmp/ic/$(readelf -n "$o/m-$c.ko" | awk '/Build ID/ {print $3}').mtidx" ]; then
		echo "ok   m-$c.ko: index cache written"
	else
		echo "FAIL m-$c.ko: no index cache file"
		fail=1
	fi
done
# maxtriage's own objects, as the build made them (real compiler output
# of real code: thousands of addresses, inlining, several CUs' worth).
for f in lib/symbols/line_table.o lib/stack/lines.o; do
	[ -f "$root/$O/$f" ] && cmp_obj "$f" "$root/$O/$f" 5
done
# DATA and FRAME requests (globals and locals of an object).
addrs "$o/m-gcc.ko" 7 DATA >"$tmp/df"
addrs "$o/m-gcc.ko" 7 FRAME >>"$tmp/df"
same_as llvm-symbolizer "m-gcc.ko DATA and FRAME" "$tmp" "" "$tmp/df" --obj="$o/m-gcc.ko"
# maxtriage symbolize, its own name: the build-id tree is used, so the
# stripped .ko answers as the unstripped one.
addrs "$o/m-gcc.ko" 1 >"$tmp/addrs"
"$ref" --obj="$o/m-gcc.ko" <"$tmp/addrs" >"$tmp/exp" 2>&1
"$bin" symbolize --obj="$o/m-gcc-strip.ko" --debug-dir "$tmp/dbg" \
	<"$tmp/addrs" >"$tmp/got" 2>&1
n=$((n + 1))
if cmp -s "$tmp/exp" "$tmp/got"; then
	echo "ok   maxtriage symbolize: stripped .ko by build-id = unstripped"
else
	echo "FAIL maxtriage symbolize: stripped .ko by build-id"
	diff "$tmp/exp" "$tmp/got" | head
	fail=1
fi

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
