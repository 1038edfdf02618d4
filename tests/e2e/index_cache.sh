#!/bin/sh
# index_cache: `--index-cache DIR` must never change an answer. With a
# cold cache (the run that writes it), a warm one, a cache that is
# truncated, corrupted, another module's, written by four runs at once,
# or in a directory that cannot be made, `maxtriage symbolize` prints
# byte for byte what it prints without a cache; `stack` and `bucket` on
# the demo bundle likewise. Libraries: a gcc (with aranges) and a clang
# (without) build of a small C file, and libc when its debug file is
# installed.
set -u
# shellcheck source=tests/e2e/lib/check.sh
. "$(dirname "$0")/lib/check.sh"
for tool in gcc clang-19 readelf python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skip: $tool not installed"
		exit 77
	fi
done
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A library with inlined helpers, cold paths and several CUs.
for u in a b c; do
	cat >"$tmp/$u.c" <<EOF
#include <stdlib.h>
static inline int sq_$u(int x) { return x * x + (x >> 3); }
static inline int twice_$u(int x) { return sq_$u(x) + sq_$u(x + 1); }
int sink_$u(int);
int fn_$u(int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += twice_$u(i) ^ sink_$u(i);
	if (s == 12345)
		abort();
	return s;
}
int sink_$u(int x) { return x * 3 + 1; }
EOF
done
gcc -O2 -g -fPIC -shared -o "$tmp/libg.so" "$tmp/a.c" "$tmp/b.c" "$tmp/c.c" || exit 1
clang-19 -O2 -g -fPIC -shared -o "$tmp/libc19.so" "$tmp/a.c" "$tmp/b.c" \
	"$tmp/c.c" || exit 1
gcc -O2 -g -fPIC -shared -Wl,--build-id=none -o "$tmp/libnoid.so" \
	"$tmp/a.c" || exit 1

build_id() {
	readelf -n "$1" 2>/dev/null | sed -n 's/.*Build ID: *//p'
}
# Every 3rd byte of .text, as addresses on stdin.
addrs() {
	python3 - "$1" <<'EOF'
import subprocess, sys
out = subprocess.run(['readelf', '-SW', sys.argv[1]], capture_output=True,
                     text=True).stdout
for ln in out.splitlines():
    p = ln.replace('[ ', '[').split()
    if len(p) > 5 and p[1] == '.text':
        a, n = int(p[3], 16), int(p[5], 16)
        step = max(1, n // 3000)
        for x in range(a, a + n, step):
            print(hex(x))
EOF
}
sym() { # sym LIB OUT [ARGS...]
	lib=$1
	out=$2
	shift 2
	"$MAXTRIAGE" symbolize --inlines "$@" -e "$lib" <"$tmp/in" >"$out" 2>&1
}

libs="$tmp/libg.so $tmp/libc19.so"
libc=/lib/x86_64-linux-gnu/libc.so.6
id=$(build_id "$libc" 2>/dev/null)
if [ -n "$id" ] && [ -f "/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug" ]; then
	libs="$libs $libc"
else
	echo "note: no libc debug file, libc not tested"
fi

for lib in $libs; do
	n=$(basename "$lib")
	addrs "$lib" >"$tmp/in"
	cache="$tmp/cache-$n"
	id=$(build_id "$lib")
	sym "$lib" "$tmp/want"
	sym "$lib" "$tmp/cold" --index-cache "$cache"
	check "$n: cold cache answers as no cache" "" \
		"$(cmp "$tmp/want" "$tmp/cold" 2>&1)"
	check "$n: cache file by build-id" yes \
		"$([ -s "$cache/$id.mtidx" ] && echo yes)"
	sym "$lib" "$tmp/warm" --index-cache "$cache"
	check "$n: warm cache answers as no cache" "" \
		"$(cmp "$tmp/want" "$tmp/warm" 2>&1)"
	MAXTRIAGE_INDEX_CACHE="$cache" sym "$lib" "$tmp/env"
	check "$n: MAXTRIAGE_INDEX_CACHE is used" "" \
		"$(cmp "$tmp/want" "$tmp/env" 2>&1)"
	check "$n: nothing left behind" "$id.mtidx" "$(ls "$cache")"

	# A truncated file is refused and rewritten.
	size=$(wc -c <"$cache/$id.mtidx")
	head -c $((size / 2)) "$cache/$id.mtidx" >"$tmp/half"
	cp "$tmp/half" "$cache/$id.mtidx"
	sym "$lib" "$tmp/trunc" --index-cache "$cache"
	check "$n: truncated cache answers as no cache" "" \
		"$(cmp "$tmp/want" "$tmp/trunc" 2>&1)"
	check "$n: truncated cache rewritten" "$size" \
		"$(wc -c <"$cache/$id.mtidx")"
done

# Corrupt bytes: the header fields (counts, offsets) and random bytes all
# through the file. The header is refused; damage in the arrays may give
# other answers, but never a crash or a read out of bounds.
lib=$tmp/libc19.so
addrs "$lib" >"$tmp/in"
id=$(build_id "$lib")
cache=$tmp/cache-libc19.so
cp "$cache/$id.mtidx" "$tmp/good"
sym "$lib" "$tmp/want"
for seed in 1 2 3 4 5 6 7 8; do
	python3 - "$tmp/good" "$cache/$id.mtidx" "$seed" <<'EOF'
import random, sys
data = bytearray(open(sys.argv[1], 'rb').read())
rnd = random.Random(int(sys.argv[3]))
hdr = 8 + 4 + 4 + 8 + 128 + 16 + 8 * 10
for _ in range(4):  # header counts and offsets
    data[rnd.randrange(160, hdr)] = rnd.randrange(256)
for _ in range(64):  # anywhere
    data[rnd.randrange(len(data))] = rnd.randrange(256)
open(sys.argv[2], 'wb').write(data)
EOF
	sym "$lib" "$tmp/bad" --index-cache "$cache"
	rc=$?
	check "corrupt cache $seed: no crash" yes "$([ $rc -lt 64 ] && echo yes)"
done
# Header damage only: refused, so the answers are right.
for off in 0 8 12 16 24 152 160 176 192 232; do
	python3 - "$tmp/good" "$cache/$id.mtidx" "$off" <<'EOF'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
off = int(sys.argv[3])
data[off] ^= 0x5a
data[off + 1] ^= 0xff
open(sys.argv[2], 'wb').write(data)
EOF
	sym "$lib" "$tmp/bad" --index-cache "$cache"
	check "header byte $off damaged: answers as no cache" "" \
		"$(cmp "$tmp/want" "$tmp/bad" 2>&1)"
done

# Another module's index under this build-id.
cp "$tmp/cache-libg.so/$(build_id "$tmp/libg.so").mtidx" "$cache/$id.mtidx"
sym "$lib" "$tmp/other" --index-cache "$cache"
check "another module's cache is refused" "" \
	"$(cmp "$tmp/want" "$tmp/other" 2>&1)"

# A FIFO where the file should be must not block the run.
if command -v mkfifo >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1; then
	rm -f "$cache/$id.mtidx"
	mkfifo "$cache/$id.mtidx"
	timeout 60 "$MAXTRIAGE" symbolize --inlines --index-cache "$cache" \
		-e "$lib" <"$tmp/in" >"$tmp/fifo" 2>&1
	check "a FIFO for the cache file: no hang" 0 $?
	check "a FIFO for the cache file: answers as no cache" "" \
		"$(cmp "$tmp/want" "$tmp/fifo" 2>&1)"
fi

# Four runs writing one cache at once.
rm -rf "$tmp/shared"
for k in 1 2 3 4; do
	sym "$lib" "$tmp/par$k" --index-cache "$tmp/shared" &
done
wait
for k in 1 2 3 4; do
	check "concurrent writer $k answers as no cache" "" \
		"$(cmp "$tmp/want" "$tmp/par$k" 2>&1)"
done
check "concurrent writers leave one file" "$id.mtidx" "$(ls "$tmp/shared")"
sym "$lib" "$tmp/after" --index-cache "$tmp/shared"
check "the cache they left answers as no cache" "" \
	"$(cmp "$tmp/want" "$tmp/after" 2>&1)"

# No build-id: no cache. A directory that cannot be made: no cache.
lib=$tmp/libnoid.so
addrs "$lib" >"$tmp/in"
sym "$lib" "$tmp/want"
sym "$lib" "$tmp/noid" --index-cache "$tmp/cache-noid"
check "no build-id: same answers" "" "$(cmp "$tmp/want" "$tmp/noid" 2>&1)"
check "no build-id: nothing written" "" "$(ls "$tmp/cache-noid" 2>/dev/null)"
: >"$tmp/afile"
addrs "$tmp/libg.so" >"$tmp/in"
sym "$tmp/libg.so" "$tmp/nodir" --index-cache "$tmp/afile/sub"
rc=$?
sym "$tmp/libg.so" "$tmp/want"
check "unusable cache dir: exit 0" 0 "$rc"
check "unusable cache dir: one warning line" \
	"maxtriage: symbolize: warning: index cache not written: cannot create '$tmp/afile/sub/$(build_id "$tmp/libg.so").mtidx': Not a directory" \
	"$(grep warning "$tmp/nodir")"
grep -v warning "$tmp/nodir" >"$tmp/nodir.out"
mv "$tmp/nodir.out" "$tmp/nodir"
check "unusable cache dir: same answers" "" \
	"$(cmp "$tmp/want" "$tmp/nodir" 2>&1)"

# The triage commands take the option too.
demo="$here/testdata/demo"
for cmd in stack bucket; do
	set -- "$cmd" --binary-dir "$demo/bin" --debug-dir "$demo/debug" \
		--rules "$demo/rules.json" --no-repo --format json \
		"$demo/crash.txt"
	"$MAXTRIAGE" "$@" >"$tmp/$cmd.want" 2>&1
	"$MAXTRIAGE" "$@" --index-cache "$tmp/demo-cache" >"$tmp/$cmd.cold" 2>&1
	"$MAXTRIAGE" "$@" --index-cache "$tmp/demo-cache" >"$tmp/$cmd.warm" 2>&1
	check "$cmd: cold cache, same JSON" "" \
		"$(cmp "$tmp/$cmd.want" "$tmp/$cmd.cold" 2>&1)"
	check "$cmd: warm cache, same JSON" "" \
		"$(cmp "$tmp/$cmd.want" "$tmp/$cmd.warm" 2>&1)"
done
for f in "$demo"/bin/*; do
	check "demo $(basename "$f") cached" yes \
		"$([ -s "$tmp/demo-cache/$(build_id "$f").mtidx" ] && echo yes)"
done

exit $fail
