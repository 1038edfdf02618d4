#!/bin/sh
# --format json is written while the stages are read: its memory must not
# grow with the number of stages beyond the capture's index (before, a
# record of every stage and transition was kept until the end, about
# 2 KB a dump), and the document must be whole and exact.
#
# Input: bench/gen_tosa_conv.py 4 (4 functions, each a TOSA residual conv
# block) through mlir-opt-19 at op scope with canonicalize,cse repeated
# K times after tosa-to-linalg: 4 x (2 + 2K) dumps, the same small module
# whatever K, so only the number of stages changes (208 and 1,608).
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=irdiff_stream
[ -n "${MT_UNDER_VALGRIND:-}" ] && { echo "$NAME: skipped: memory test under valgrind"; exit 77; }
if grep -q __asan_init "$bin" 2>/dev/null; then
	echo "$NAME: skipped: sanitizer build, its memory is the sanitizer's"
	exit 77
fi
need_mlir_opt
need_tools python3
[ -x /usr/bin/time ] || { echo "$NAME: skipped: /usr/bin/time missing"; exit 77; }
fail=0
python3 "$root/bench/gen_tosa_conv.py" 4 >"$tmp/c4.mlir"
for k in 25 200; do
	p="builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg"
	i=0
	while [ $i -lt $k ]; do
		p="$p,canonicalize,cse"
		i=$((i + 1))
	done
	p="$p))"
	"$MLIR_OPT" "$tmp/c4.mlir" --mlir-disable-threading \
		--mlir-print-ir-after-all --pass-pipeline="$p" -o /dev/null \
		2>"$tmp/cap$k.txt" || { echo "FAIL mlir-opt (K=$k)"; exit 1; }
	/usr/bin/time -f '%M' -o "$tmp/json$k.kb" \
		"$bin" irdiff --format json "$tmp/cap$k.txt" >"$tmp/json$k" ||
		{ echo "FAIL irdiff --format json (K=$k)"; fail=1; }
	"$bin" irdiff "$tmp/cap$k.txt" >"$tmp/text$k" ||
		{ echo "FAIL irdiff (K=$k)"; fail=1; }
done

python3 - "$tmp" <<'PY' || fail=1
import json, re, sys
t = sys.argv[1]
fails = []
kb = {}
for k in (25, 200):
    dumps = 4 * (2 + 2 * k)
    d = json.load(open(f"{t}/json{k}"))
    g = d["graphs"]
    # one graph; the first dumps of @conv1..3 are starting states (the
    # note says so), every other dump a stage
    if len(g) != 1:
        fails.append(f"K={k}: {len(g)} graphs, not 1")
        continue
    st, tr = g[0]["stages"], g[0]["transitions"]
    if len(st) != dumps - 3 or len(tr) != len(st) - 1:
        fails.append(f"K={k}: {len(st)} stages, {len(tr)} transitions "
                     f"of {dumps} dumps")
    if [s["index"] for s in st] != list(range(len(st))):
        fails.append(f"K={k}: stage indices out of order")
    if any((x["from"], x["to"]) != (i, i + 1) for i, x in enumerate(tr)):
        fails.append(f"K={k}: transitions do not chain stage to stage")
    if not any("starting states" in n for n in d["notes"]):
        fails.append(f"K={k}: the starting-state note is missing")
    # the text, made from the report kept whole, counts the same stages
    m = re.search(r"^graph builtin\.module \((\d+) stages\)",
                  open(f"{t}/text{k}").read(), re.M)
    if not m or int(m.group(1)) != len(st):
        fails.append(f"K={k}: text and JSON disagree on the stages")
    kb[k] = int(open(f"{t}/json{k}.kb").read().split()[-1])
# 1,400 more stages of the same module: the index grows (a few hundred
# bytes a dump), nothing else does
grow = (kb[200] - kb[25]) * 1024 / (4 * 2 * 175)
print(f"peak RSS: {kb[25]} KB at 208 dumps, {kb[200]} KB at 1608: "
      f"{grow:.0f} bytes per added dump")
if grow > 1024:
    fails.append(f"memory grows {grow:.0f} bytes a dump (bound 1024)")
for f in fails:
    print("FAIL", f)
sys.exit(1 if fails else 0)
PY
exit $fail
