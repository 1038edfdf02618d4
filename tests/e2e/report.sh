#!/bin/sh
# `maxtriage report`: a MAX kernel error and an op log joined with the
# stage directory testdata/ir/max-dump, whose README says what each stage
# did (rmo.matmul + rmo.add fused into mo.composite.matmul_add between mo
# and mo-pre-mogg, on gpu:0).
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
cat >"$tmp/crash.txt" <<'TXT'
INFO: Building and compiling model...
[OP] LAUNCH rmo.matmul [id=5] target=gpu:0
RuntimeError: An error occurred in kernel entry point named "llama3":
An error occurred in kernel named "mo.composite.matmul_add":
CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)

Fusion info:
TXT
$bin report --no-repo --format json --stack "$tmp/crash.txt" --ir "$root/testdata/ir/max-dump" >"$tmp/out.json"
rc=$?
[ $rc -eq 0 ] || { echo "FAIL exit $rc"; exit 1; }
python3 - "$tmp/out.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "maxtriage.report.v1"
assert d["stack"]["schema"] == "maxtriage.stack.v1"
assert d["irdiff"]["schema"] == "maxtriage.irdiff.v1"
joins = {(j["source"], j["key"]): j for j in d["joins"]}
k = joins[("kernel", "mo.composite.matmul_add")]
fus = [m for m in k["matches"] if m["type"] == "fusion"]
assert len(fus) == 1, fus
f = fus[0]
assert f["graph"] == "llama3" and f["fused_at"] == {"from": "mo", "to": "mo-pre-mogg"}, f
assert sorted(m["op"] for m in f["members"]) == ["rmo.add", "rmo.matmul"], f["members"]
assert f["into"]["device"] == "gpu:0"
ops = [m for m in k["matches"] if m["type"] == "op"]
assert ops and ops[0]["first_stage"] == "mo-pre-mogg", ops
inflight = joins[("op_in_flight", "rmo.matmul")]
assert any(m["type"] == "fusion" and m["into"]["op"] == "mo.composite.matmul_add"
           for m in inflight["matches"]), inflight
print("report: json ok")
PY
$bin report --no-repo --stack "$tmp/crash.txt" --ir "$root/testdata/ir/max-dump" >"$tmp/out.txt" || exit 1
grep -q "fused into mo.composite.matmul_add on gpu:0 at stage mo -> mo-pre-mogg" "$tmp/out.txt" || { echo "FAIL text"; cat "$tmp/out.txt"; exit 1; }
$bin report --no-repo --format markdown --stack "$tmp/crash.txt" --ir "$root/testdata/ir/max-dump" | grep -q '^### Report 1 in the compiler' || { echo "FAIL markdown"; exit 1; }
$bin report --stack "$tmp/crash.txt" >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL missing --ir is a usage error"; exit 1; }
$bin report --no-repo --stack "$tmp/crash.txt" --ir "$tmp/nope" >/dev/null 2>&1
[ $? -eq 3 ] || { echo "FAIL unreadable --ir exits 3"; exit 1; }
echo "report: ok"
