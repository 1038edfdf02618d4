#!/bin/sh
# `maxtriage run`: the command's output passes through and is saved, its
# exit status is kept, MAX's debug switches are set, and a failure is
# triaged into triage.json (stack from the log, irdiff from the IR dir).
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$(dirname "$0")/lib/fixtures.sh"
fail=0
ok() { [ "$1" = "$2" ] || { echo "FAIL $3: got '$1', want '$2'"; fail=1; }; }

# 1. success: exit 0, output passes through, switches set, no triage.
# The command's stdout and stderr are one pipe (docs/json-run.md), so
# both reach maxtriage's stdout, in order, as with 2>&1.
$bin run --no-repo --out "$tmp/ok" sh -c 'echo "debug=$MODULAR_DEBUG cache=$MODULAR_MAX_ENABLE_MODEL_IR_CACHE"; echo to-stderr >&2' \
	>"$tmp/ok.out" 2>"$tmp/ok.err"
ok $? 0 "exit status of a passing command"
grep -q "debug=stack-trace-on-crash,stack-trace-on-error,ir-output-dir=$tmp/ok/ir cache=false" "$tmp/ok.out" ||
	{ echo "FAIL MODULAR_DEBUG not set as documented: $(cat "$tmp/ok.out")"; fail=1; }
grep -q to-stderr "$tmp/ok.out" || { echo "FAIL stderr not passed through"; fail=1; }
[ -s "$tmp/ok.err" ] && { echo "FAIL maxtriage wrote to stderr for a passing command: $(cat "$tmp/ok.err")"; fail=1; }
grep -q to-stderr "$tmp/ok/log.txt" || { echo "FAIL log.txt misses stderr"; fail=1; }
cmp -s "$tmp/ok.out" "$tmp/ok/log.txt" || { echo "FAIL what passed through differs from log.txt"; fail=1; }
# the log keeps the order of writes across the two streams: 400 lines
# alternating between stdout and stderr, each burst starting on stderr
# (two pipes read by poll() put a ready stdout first)
sh -c 'i=0; while [ $i -lt 200 ]; do echo "err $i" >&2; echo "out $i"; i=$((i + 1)); done' >"$tmp/order.want" 2>&1
$bin run --no-repo --out "$tmp/order" sh -c 'i=0; while [ $i -lt 200 ]; do echo "err $i" >&2; echo "out $i"; i=$((i + 1)); done' \
	>/dev/null 2>&1
ok $? 0 "exit status of the interleaving command"
[ "$(wc -l <"$tmp/order.want")" -eq 400 ] || { echo "FAIL the reference order has $(wc -l <"$tmp/order.want") lines"; fail=1; }
cmp -s "$tmp/order.want" "$tmp/order/log.txt" ||
	{ echo "FAIL log.txt lost the order of stdout and stderr lines:"; diff "$tmp/order.want" "$tmp/order/log.txt" | head -5; fail=1; }

# exit 0 but a crash dump in the output (mlir-opt does this): triaged
$bin run --no-repo --no-symbolize --out "$tmp/zero" sh -c \
	'printf "Stack dump:\n0.\tProgram arguments: mlir-opt x.mlir\n #0 0x000055d0c0ffee10 (/usr/lib/llvm-19/bin/mlir-opt+0x1234)\n" >&2; exit 0' \
	>/dev/null 2>"$tmp/zero.err"
ok $? 0 "exit status of a passing command that printed a dump"
grep -q "exited 0 but printed 1 crash or error report" "$tmp/zero.err" || { echo "FAIL no summary: $(cat "$tmp/zero.err")"; fail=1; }
python3 - "$tmp/zero/triage.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["exit_status"] == 0 and d["signal"] is None, d
r = d["stack"]["reports"]
assert len(r) == 1 and r[0]["frames"][0]["module"] == "/usr/lib/llvm-19/bin/mlir-opt", r
PY
[ -f "$tmp/ok/triage.json" ] && { echo "FAIL triage.json written for a passing command"; fail=1; }
# an existing MODULAR_DEBUG is extended, not replaced
MODULAR_DEBUG=nan-check $bin run --no-repo --out "$tmp/ext" sh -c 'echo "$MODULAR_DEBUG"' >"$tmp/ext.out" 2>/dev/null
grep -q '^nan-check,stack-trace-on-crash' "$tmp/ext.out" || { echo "FAIL MODULAR_DEBUG not extended"; fail=1; }

# 2. a failing command that left MAX-style IR stages behind
cat >"$tmp/fake-max.sh" <<SH
#!/bin/sh
dir=\$(echo "\$MODULAR_DEBUG" | tr ',' '\n' | sed -n 's/^ir-output-dir=//p')
cp "$root"/testdata/ir/max-dump/add.mo.mlir "$root"/testdata/ir/max-dump/add.mo-pre-mogg.mlir "\$dir/"
echo "Unhandled exception caught during execution: At /m/model.mojo:3:9: CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS (boom)" >&2
exit 1
SH
$bin run --no-repo --out "$tmp/ir" sh "$tmp/fake-max.sh" >/dev/null 2>"$tmp/ir.err"
ok $? 1 "exit status of a failing command"
python3 - "$tmp/ir/triage.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "maxtriage.run.v1", d["schema"]
assert d["exit_status"] == 1 and d["signal"] is None
r = d["stack"]["reports"]
assert len(r) == 1 and r[0]["kind"] == "cuda_error", r
assert d["irdiff"]["schema"] == "maxtriage.irdiff.v1", d["irdiff"]
names = [s["name"] for g in d["irdiff"]["graphs"] for s in g["stages"]]
assert names == ["mo", "mo-pre-mogg"], names
PY

# run and report are one pipeline: a MAX kernel error whose IR the
# command left in DIR/ir gets in triage.json the joins `report` gives for
# the same log and stages (the kernel fused from rmo.matmul + rmo.add
# between mo and mo-pre-mogg, testdata/ir/max-dump/README)
cat >"$tmp/kernel-max.sh" <<SH
#!/bin/sh
dir=\$(echo "\$MODULAR_DEBUG" | tr ',' '\n' | sed -n 's/^ir-output-dir=//p')
cp "$root"/testdata/ir/max-dump/llama3.mo.mlir "$root"/testdata/ir/max-dump/llama3.mo-pre-mogg.mlir "\$dir/"
echo '[OP] LAUNCH rmo.matmul [id=5] target=gpu:0'
echo 'RuntimeError: An error occurred in kernel named "mo.composite.matmul_add":' >&2
exit 1
SH
$bin run --no-repo --no-symbolize --out "$tmp/join" sh "$tmp/kernel-max.sh" >/dev/null 2>&1
ok $? 1 "exit status of the kernel error with IR"
$bin report --no-repo --no-symbolize --format json --stack "$tmp/join/log.txt" --ir "$tmp/join/ir" >"$tmp/join.report.json"
ok $? 0 "report on run's log and IR"
python3 - "$tmp/join/triage.json" "$tmp/join.report.json" <<'PY' || fail=1
import json, sys
run = json.load(open(sys.argv[1]))
rep = json.load(open(sys.argv[2]))
assert run["joins"] == rep["joins"], (run["joins"], rep["joins"])
k = [j for j in run["joins"] if j["source"] == "kernel"]
assert len(k) == 1 and k[0]["key"] == "mo.composite.matmul_add", run["joins"]
fus = [m for m in k[0]["matches"] if m["type"] == "fusion"]
assert len(fus) == 1 and sorted(m["op"] for m in fus[0]["members"]) == ["rmo.add", "rmo.matmul"], fus
assert any(j["source"] == "op_in_flight" and j["key"] == "rmo.matmul" for j in run["joins"]), run["joins"]
assert run["stack"]["reports"][0]["next_steps"] == rep["stack"]["reports"][0]["next_steps"]
PY

# run sets ir-output-dir itself: its triage never advises setting it
$bin run --no-repo --no-symbolize --out "$tmp/kern" sh -c \
	'echo "RuntimeError: An error occurred in kernel named \"mo.composite.matmul_add\":" >&2; exit 1' >/dev/null 2>&1
ok $? 1 "exit status of a failing kernel"
python3 - "$tmp/kern/triage.json" <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))["stack"]["reports"]
assert len(r) == 1 and r[0]["kind"] == "kernel_error", r
assert not any("ir-output-dir" in s for s in r[0]["next_steps"]), r[0]["next_steps"]
PY

# 3. a real crash (LLVM's handler): killed by SIGSEGV -> 139, triaged
if crashers_dir >/dev/null 2>&1; then
	$bin run --no-repo --out "$tmp/crash" --binary-dir "$fx/gcc/bin" --debug-dir "$fx/gcc/debug" \
		-- "$fx/gcc/bin/mtcrash" segv >"$tmp/crash.out" 2>/dev/null
	ok $? 139 "exit status of a command killed by SIGSEGV"
	grep -q 'PrintStackTrace' "$tmp/crash.out" || { echo "FAIL the dump did not pass through"; fail=1; }
	python3 - "$tmp/crash/triage.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
r = d["stack"]["reports"][0]
cp = r["frames"][r["classification"]["frame"]]
assert r["signal"] == "SIGSEGV", r["signal"]
assert cp["function"].startswith("square_at") and cp["file"].endswith("model.cpp"), cp
PY
else
	echo "note: crash fixtures unavailable, real-crash case skipped"
fi
$bin run --no-repo --out "$tmp/nx" /nonexistent/command >/dev/null 2>&1
ok $? 127 "a command that cannot be run"
[ $fail -eq 0 ] && echo "run: ok"
exit $fail
