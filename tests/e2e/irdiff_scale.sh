#!/bin/sh
# irdiff must stay below GNU diff of the same two stages in memory (and,
# with MT_BENCH=1, in wall time) and grow linearly: two stages of a
# 10,000- and a 20,000-function module (testdata/ir/gen-scale.py), the
# second fused pairwise. Every fusion must be found at both sizes.
set -u
[ -n "${MT_UNDER_VALGRIND:-}" ] && { echo "skip: timing test under valgrind"; exit 77; }
if grep -q __asan_init "$MAXTRIAGE" 2>/dev/null; then
	echo "skip: sanitizer build, its memory and time do not compare with diff"
	exit 77
fi
[ -x /usr/bin/time ] || { echo "skip: /usr/bin/time missing"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 missing"; exit 77; }
command -v diff >/dev/null || { echo "skip: diff missing"; exit 77; }
W="$MT_BUILD/e2e-irdiff-scale.$$"
trap 'rm -rf "$W"' EXIT
rm -rf "$W"
mkdir -p "$W"
fail=0

measure() { # label command... -> "seconds kb" in $W/label.time
	label=$1
	shift
	/usr/bin/time -f '%e %M' -o "$W/$label.time" "$@" >"$W/$label.out" 2>"$W/$label.err"
}

for n in 10000 20000; do
	python3 testdata/ir/gen-scale.py $n "$W/a$n.mlir" "$W/b$n.mlir" || exit 1
	measure mt$n $MAXTRIAGE irdiff "$W/a$n.mlir" "$W/b$n.mlir" ||
		{ echo "irdiff failed at $n"; cat "$W/mt$n.err"; fail=1; }
	measure diff$n diff "$W/a$n.mlir" "$W/b$n.mlir"
	# each function's 4 generics fuse pairwise: 2n fusions of 2 members
	grep -q "^      $((2 * n))x fused     linalg.generic <- linalg.generic + linalg.generic " "$W/mt$n.out" ||
		{ echo "fusions not found at $n"; head -5 "$W/mt$n.out"; fail=1; }
done
# time(1) adds a line when the command exits non-zero (diff does)
read -r mt1s mt1k <<EOT
$(tail -1 "$W/mt10000.time")
EOT
read -r mt2s mt2k <<EOT
$(tail -1 "$W/mt20000.time")
EOT
read -r d2s d2k <<EOT
$(tail -1 "$W/diff20000.time")
EOT
echo "irdiff 10k: ${mt1s}s ${mt1k}KB; 20k: ${mt2s}s ${mt2k}KB; GNU diff 20k: ${d2s}s ${d2k}KB"
if [ "$mt2k" -ge "$d2k" ]; then
	echo "irdiff used more memory than GNU diff"
	fail=1
fi
# linear: twice the input, at most 2.3 times the memory
if [ $((mt2k * 10)) -gt $((mt1k * 23)) ]; then
	echo "memory grows faster than the input"
	fail=1
fi
if [ -n "${MT_BENCH:-}" ]; then
	python3 -c "import sys; a, b, c = map(float, sys.argv[1:]); sys.exit(0 if a < c and b / max(a / 2, 0.01) < 2.6 else 1)" \
		"$mt2s" "$mt1s" "$d2s" || { echo "slower than GNU diff or not linear"; fail=1; }
fi
rm -f "$W"/*.mlir
exit $fail
