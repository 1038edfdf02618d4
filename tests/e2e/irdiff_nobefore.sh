#!/bin/sh
# An after-all capture of a function-scope pass without
# --mlir-print-ir-before holds no state of a function before the pass
# ran on it. irdiff used to compose each function in its first (after)
# state from the start and then call the pass on it "unchanged", though
# affine-loop-fusion fused loops in 3 of the 4 later functions of
# llvm-project's loop-fusion test (testdata/ir/upstream/fusions/build).
# Now those dumps are starting states, not stages, and one note says so;
# the same pipeline printed with its before dumps still reports the
# fusions (the control).
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=irdiff_nobefore
need_mlir_opt
need_tools python3
fail=0
in="$root/testdata/ir/upstream/fusions/build/loop-fusion.mlir"
P='builtin.module(func.func(affine-loop-fusion))'
"$MLIR_OPT" -allow-unregistered-dialect "$in" --pass-pipeline="$P" \
	--mlir-disable-threading --mlir-print-ir-after-all -o /dev/null 2>"$tmp/after.txt" ||
	{ echo "FAIL mlir-opt (after)"; exit 1; }
"$MLIR_OPT" -allow-unregistered-dialect "$in" --pass-pipeline="$P" \
	--mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-before=affine-loop-fusion \
	-o /dev/null 2>"$tmp/both.txt" || { echo "FAIL mlir-opt (before and after)"; exit 1; }
for c in after both; do
	"$bin" irdiff --format json "$tmp/$c.txt" >"$tmp/$c.json" || { echo "FAIL irdiff $c"; fail=1; }
	"$bin" irdiff "$tmp/$c.txt" >"$tmp/$c.out" || fail=1
done
python3 - "$tmp" <<'PY' || fail=1
import json, sys
t = sys.argv[1]
after = json.load(open(f"{t}/after.json"))
both = json.load(open(f"{t}/both.json"))
text = open(f"{t}/after.out").read()
bad = []
def steps(d):
    return [s for g in d["graphs"] for s in g["transitions"]]
def fusions(d):
    return sum(len(s.get("fusions", [])) for s in steps(d))
# after only: no verdict on a function whose before state is not there
if "unchanged" in text:
    bad.append("after-only capture still says 'unchanged'")
if steps(after):
    bad.append(f"after-only capture has {len(steps(after))} transitions, expected none")
notes = after.get("notes", [])
if not any("first dumped after a pass" in n and "4 ops" in n for n in notes):
    bad.append(f"no note on the 4 functions first seen after the pass: {notes}")
# control: with the before dumps the fusions are there and no such note
if fusions(both) < 3:
    bad.append(f"with --mlir-print-ir-before: {fusions(both)} fusions, expected at least 3")
if any("first dumped after a pass" in n for n in both.get("notes", [])):
    bad.append("the note is given though the before dumps are there")
for b in bad:
    print("FAIL", b)
print(f"{len(bad) and 'FAIL' or 'ok'}   after-only: no verdict, one note; before+after: {fusions(both)} fusions")
sys.exit(1 if bad else 0)
PY
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
