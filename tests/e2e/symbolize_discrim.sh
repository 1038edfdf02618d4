#!/bin/sh
# symbolize_discrim: DWARF discriminators as llvm-symbolizer-19 and
# binutils addr2line print them. Two libraries with discriminators (gcc
# -O2 -g, whose line tables set them; clang-19 -fdebug-info-for-profiling,
# which also puts DW_AT_GNU_discriminator on inlined calls), checked to
# have them with llvm-dwarfdump-19; every address of their line tables
# answered by maxtriage as llvm-symbolizer in each style (GNU's
# " (discriminator N)", --verbose's "Discriminator:", JSON's field) and by
# each DIE reader and the index cache; and maxtriage as addr2line against
# binutils on every address binutils answers with a discriminator.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/same.sh
. "$(dirname "$0")/lib/same.sh"
NAME=symbolize_discrim
ref=/usr/bin/llvm-symbolizer-19
need_tools gcc clang-19 "$ref" llvm-dwarfdump-19 addr2line python3 timeout
mkdir -p "$tmp/r" "$tmp/m" "$tmp/src"
ln -s "$ref" "$tmp/r/llvm-symbolizer"
ln -s "$bin" "$tmp/m/llvm-symbolizer"
ln -s "$bin" "$tmp/m/addr2line"
s=$tmp/src
fail=0
n=0

# Loops, conditionals and inlined calls on one line: what discriminators
# tell apart.
cat >"$s/loops.c" <<'EOF'
#include <stdlib.h>
static inline int sq(int x) { return x * x; }
static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
int sum(int n, const int *a)
{
	int s = 0;
	for (int i = 0; i < n; i++) s += a[i] > 3 ? sq(a[i]) : a[i] + 1;
	for (int i = 0; i < n; i++) { if (a[i] & 1) s += sq(i); else s -= clampi(a[i], 0, 9); }
	return s;
}
int grid(int w, int h, int *out)
{
	int t = 0;
	for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) t += out[y * w + x] = sq(x) + clampi(y, 1, 5);
	return t;
}
int parse(const char *const *v, int n) { int t = 0; for (int i = 0; i < n; i++) t += atoi(v[i]) + sq(atoi(v[i])); return t; }
EOF
# Real code too: a few of maxtriage's own files.
srcs="$s/loops.c $root/lib/util/buf.c $root/lib/util/utf8.c $root/lib/symbols/line_table.c"
cflags="-O2 -g -fPIC -shared -D_GNU_SOURCE -I$root/lib/include -I$root/lib"
# shellcheck disable=SC2086
gcc $cflags $srcs -o "$s/libgcc.so" &&
	clang-19 $cflags -fdebug-info-for-profiling $srcs -o "$s/libclang.so" || {
	echo "$NAME: FAIL: building the libraries"
	exit 1
}

# The line tables must have discriminators (column 6 of the rows), and
# clang's inlined calls DW_AT_GNU_discriminator, or the test proves
# nothing.
for lib in libgcc.so libclang.so; do
	llvm-dwarfdump-19 --debug-line "$s/$lib" >"$tmp/$lib.lines"
	awk '$1 ~ /^0x0/ { print $1 }' "$tmp/$lib.lines" | sort -u >"$tmp/$lib.addrs"
	rows=$(awk '$1 ~ /^0x0/ && NF >= 7 && $6 != 0' "$tmp/$lib.lines" | wc -l)
	echo "$lib: $(wc -l <"$tmp/$lib.addrs") addresses, $rows rows with a discriminator"
	[ "$rows" -ge 50 ] || {
		echo "$NAME: FAIL: $lib has $rows rows with a discriminator"
		fail=1
	}
done
calls=$(llvm-dwarfdump-19 --debug-info "$s/libclang.so" | grep -c DW_AT_GNU_discriminator)
echo "libclang.so: $calls DW_AT_GNU_discriminator"
[ "$calls" -ge 5 ] || {
	echo "$NAME: FAIL: clang emitted $calls DW_AT_GNU_discriminator"
	fail=1
}

# same LABEL ENV LIB ARGS...: both tools on every line-table address.
same() {
	_l=$1
	_e=$2
	_lib=$3
	shift 3
	same_as llvm-symbolizer "$_l" "$tmp" "$_e" "$tmp/$_lib.addrs" --obj="$s/$_lib" "$@"
}

for lib in libgcc.so libclang.so; do
	# the test would pass without discriminators if none were printed
	(cd "$tmp" && timeout 60 "$ref" --obj="$s/$lib" --output-style=GNU <"$tmp/$lib.addrs" | grep -c '(discriminator') >"$tmp/cnt"
	echo "$lib: llvm-symbolizer-19 GNU style prints $(cat "$tmp/cnt") discriminators"
	[ "$(cat "$tmp/cnt")" -ge 20 ] || fail=1
	for style in LLVM GNU JSON; do
		for opt in "" --no-inlines --verbose -p "-a -p" --functions=short; do
			# shellcheck disable=SC2086
			same "$lib $style $opt" "" "$lib" --output-style=$style $opt
		done
	done
	same "$lib GNU libdw walk" MAXTRIAGE_DIE_WALK=libdw "$lib" --output-style=GNU
	same "$lib GNU raw walk" MAXTRIAGE_DIE_WALK=raw "$lib" --output-style=GNU
	same "$lib JSON index cache (cold)" "MAXTRIAGE_INDEX_CACHE=$tmp/ic" "$lib" --output-style=JSON
	same "$lib JSON index cache (warm)" "MAXTRIAGE_INDEX_CACHE=$tmp/ic" "$lib" --output-style=JSON
done
ls "$tmp/ic"/*.mtidx >/dev/null 2>&1 || {
	echo "$NAME: FAIL: no index cache file written"
	fail=1
}

# binutils: "FILE:LINE (discriminator N)" on every frame of the chain
# (the innermost row's number). The answers binutils gives with a
# discriminator must be maxtriage's, block by block (addr2line mode's
# other differences are listed in docs/symbolize.md; binutils 2.40
# drops clang's DWARF 5 inlined frames, so only gcc's library).
for lib in libgcc.so; do
	for opt in "" "-i" "-f -i -p" "-p -f"; do
		# shellcheck disable=SC2086
		(cd "$tmp" && timeout 60 addr2line -a -e "$s/$lib" $opt <"$tmp/$lib.addrs" >"$tmp/exp" 2>&1)
		# shellcheck disable=SC2086
		(cd "$tmp" && timeout 60 m/addr2line -a -e "$s/$lib" $opt <"$tmp/$lib.addrs" >"$tmp/got" 2>&1)
		n=$((n + 1))
		if python3 - "$tmp/exp" "$tmp/got" <<'EOF'; then
import sys
def blocks(path):
    out, cur = [], None
    for line in open(path, errors='replace'):
        if line.startswith('0x'):
            cur = [line]
            out.append(cur)
        elif cur is not None:
            cur.append(line)
    return out
exp, got = blocks(sys.argv[1]), blocks(sys.argv[2])
if len(exp) != len(got):
    print(f'{len(exp)} blocks, maxtriage {len(got)}')
    sys.exit(1)
checked = bad = 0
for e, g in zip(exp, got):
    if not any('(discriminator' in l for l in e):
        continue
    checked += 1
    if e != g:
        bad += 1
        if bad <= 3:
            print('expected:', ''.join(e), 'got:', ''.join(g), sep='\n')
print(f'{checked} answers with a discriminator, {bad} differ')
sys.exit(1 if bad or checked < 20 else 0)
EOF
			echo "ok   addr2line $lib $opt"
		else
			echo "FAIL addr2line $lib $opt"
			fail=1
		fi
	done
done

echo "$NAME: $n comparisons"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
