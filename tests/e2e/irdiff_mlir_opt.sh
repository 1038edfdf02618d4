#!/bin/sh
# irdiff over real stage dumps made here by Debian's mlir-opt, in all three
# layouts (after-all capture, module-scope capture, tree directory). The
# expected findings follow from testdata/ir/mlir-opt/model.mlir (see its
# README): which ops sit at which model.py locations.
set -u
# under make valgrind, $MAXTRIAGE is run-tests.sh's valgrind wrapper
MT="$MAXTRIAGE"
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
if [ ! -x "$MLIR_OPT" ]; then
	echo "skip: $MLIR_OPT not installed (apt-get install mlir-19-tools)"
	exit 77
fi
command -v python3 >/dev/null || { echo "skip: python3 missing"; exit 77; }
W="$MT_BUILD/e2e-irdiff-mlir.$$"
trap 'rm -rf "$W"' EXIT
rm -rf "$W"
mkdir -p "$W"
SRC=testdata/ir/mlir-opt/model.mlir
P='builtin.module(func.func(linalg-fuse-elementwise-ops,canonicalize,cse),one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-parallel-loops,gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-kernel-outlining)'
FLAGS="--mlir-print-debuginfo --mlir-print-ir-before=linalg-fuse-elementwise-ops --mlir-print-ir-after-all"

"$MLIR_OPT" "$SRC" --pass-pipeline="$P" $FLAGS -o /dev/null 2>"$W/after-all.txt" ||
	{ echo "mlir-opt failed (after-all)"; exit 1; }
"$MLIR_OPT" "$SRC" --pass-pipeline="$P" $FLAGS --mlir-print-ir-module-scope \
	--mlir-disable-threading -o /dev/null 2>"$W/module-scope.txt" ||
	{ echo "mlir-opt failed (module scope)"; exit 1; }
"$MLIR_OPT" "$SRC" --pass-pipeline="$P" $FLAGS --mlir-print-ir-tree-dir="$W/tree" \
	-o /dev/null 2>/dev/null || { echo "mlir-opt failed (tree)"; exit 1; }

fail=0
check() { # layout json-file graph-name [anchor of the function passes]
	python3 - "$@" <<'PY' || fail=1
import json, sys
layout, path, graph = sys.argv[1:4]
# module-scope headers name the op a nested pass ran on
on = " on " + sys.argv[4] if len(sys.argv) > 4 else ""
doc = json.load(open(path))
assert doc["schema"] == "maxtriage.irdiff.v1"
g = [x for x in doc["graphs"] if x["name"] == graph]
assert g, "%s: no graph %r in %s" % (layout, graph, [x["name"] for x in doc["graphs"]])
g = g[0]
names = [s["name"] for s in g["stages"]]
for want in ["linalg-fuse-elementwise-ops" + on, "canonicalize" + on, "cse" + on,
             "convert-parallel-loops-to-gpu" + on]:
    assert want in names, "%s: stage %s missing: %s" % (layout, want, names)
by_to = {t["to_name"]: t for t in g["transitions"]}
# fusion: exactly at the fusion pass, the two generics into one
for t in g["transitions"]:
    if t["to_name"] != "linalg-fuse-elementwise-ops" + on:
        assert not t["fusions"], "%s: fusion at %s: %s" % (layout, t["to_name"], t["fusions"])
fu = by_to["linalg-fuse-elementwise-ops" + on]["fusions"]
assert len(fu) == 1, "%s: fusions %s" % (layout, fu)
fu = fu[0]
assert fu["into"]["op"] == "linalg.generic" and fu["into"]["loc"] == "model.py:13:5", fu
members = sorted((m["op"], m["loc"]) for m in fu["from"])
assert members == [("linalg.generic", "model.py:11:5"), ("linalg.generic", "model.py:13:5")], members
# canonicalize and cse after fusion change nothing
for n in ["canonicalize", "cse"]:
    t = by_to[n + on]
    assert not t["changed"], "%s: %s changed: %s" % (layout, n, t["counts"])
    assert t["counts"]["added"] == t["counts"]["removed"] == 0
# placement on the GPU at the pass that does it, nowhere earlier
gpu = by_to["convert-parallel-loops-to-gpu" + on]["placements"]
placed = {(p["op"], p["loc"], p["from"], p["to"]) for p in gpu}
for want in [("arith.addf", "model.py:11:9", "cpu", "gpu"),
             ("arith.mulf", "model.py:13:9", "cpu", "gpu")]:
    assert want in placed, "%s: %s not in %s" % (layout, want, placed)
order = [t["to_name"] for t in g["transitions"]]
for t in g["transitions"][:order.index("convert-parallel-loops-to-gpu" + on)]:
    assert not [p for p in t["placements"] if p["to"].startswith("gpu")], (layout, t["to_name"])
# the stage after placement counts ops on the GPU
st = [s for s in g["stages"] if s["name"] == "convert-parallel-loops-to-gpu" + on][0]
assert st["ops_by_device"].get("gpu", 0) >= 6, st
print("ok", layout)
PY
}

run() { # out args...
	out=$1
	shift
	$MT irdiff --format json "$@" >"$W/$out.json" 2>"$W/$out.err"
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "maxtriage irdiff $* exited $rc"
		cat "$W/$out.err"
		fail=1
	fi
}

run aa "$W/after-all.txt"
check after-all "$W/aa.json" "builtin.module" "func.func @main"
run ms "$W/module-scope.txt"
check module-scope "$W/ms.json" "builtin.module" "func.func @main"
run tree "$W/tree"
check tree "$W/tree.json" "builtin_module_no-symbol-name/func_func_main"

# a tree's module graph is compared like the after-all capture: each
# module pass with the module as the function passes before it left it
# (rebuilt from the function dumps), so the module-scope transitions
# show only what the module pass did (the GPU placement stays in
# func_func_main's graph) and count what the after-all capture counts
python3 - "$W/tree.json" "$W/aa.json" <<'PY' || fail=1
import json, sys
graph = "builtin_module_no-symbol-name"
g = [x for x in json.load(open(sys.argv[1]))["graphs"] if x["name"] == graph][0]
aa = {t["to_name"]: t for t in json.load(open(sys.argv[2]))["graphs"][0]["transitions"]}
by_to = {t["to_name"]: t for t in g["transitions"]}
for to, frm in [("one-shot-bufferize", "cse"),
                ("gpu-kernel-outlining", "convert-parallel-loops-to-gpu")]:
    t = by_to[to]
    assert t["from_name"] == frm, (to, t["from_name"])
    assert not t.get("between") and not t["placements"], t
    assert t["counts"] == aa[to]["counts"], (to, t["counts"], aa[to]["counts"])
print("ok tree module rebuilt")
PY

# after-all: one timeline of whole modules, so the module passes compare
# with the function dumps right before them (one-shot-bufferize turns the
# tensors of func @main into memrefs; gpu-kernel-outlining follows the
# last function pass), with nothing "in between"
python3 - "$W/aa.json" <<'PY' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
assert [g["name"] for g in doc["graphs"]] == ["builtin.module"], doc["graphs"]
g = doc["graphs"][0]
by_to = {t["to_name"]: t for t in g["transitions"]}
t = by_to["one-shot-bufferize"]
assert t["from_name"] == "cse on func.func @main", t["from_name"]
assert t["changed"] and not t.get("between"), t
st = {s["name"]: s for s in g["stages"]}
assert "tensor" in st["cse on func.func @main"]["ops_by_dialect"]
assert "tensor" not in st["one-shot-bufferize"]["ops_by_dialect"]
assert "memref" in st["one-shot-bufferize"]["ops_by_dialect"]
t = by_to["gpu-kernel-outlining"]
assert t["from_name"] == "convert-parallel-loops-to-gpu on func.func @main", t
print("ok module boundary")
PY

# the whole NVVM pipeline (no fusion first): the two generics become two
# parallel loops, two gpu.launch ops, two outlined kernels named as
# upstream's outlining.mlir names them (@main_kernel, @main_kernel_0),
# compiled by gpu-module-to-binary; ops move to the GPU at
# convert-parallel-loops-to-gpu and at no other pass (a host op and its
# device twin at one location are not a move)
NP='builtin.module(one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-parallel-loops,gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-lower-to-nvvm-pipeline{cubin-format=isa})'
if "$MLIR_OPT" "$SRC" --pass-pipeline="$NP" --mlir-print-debuginfo --mlir-print-ir-after-all \
	-o /dev/null 2>"$W/nvvm.txt"; then
	run nvvm "$W/nvvm.txt"
	python3 - "$W/nvvm.json" <<'PY' || fail=1
import json, sys
t = json.load(open(sys.argv[1]))["graphs"][0]["transitions"]
moved = sorted({x["to_name"] for x in t if x["placements"]})
assert moved == ["convert-parallel-loops-to-gpu on func.func @main"], moved
k = [(x["to_name"], y["change"], y["kernel"]) for x in t for y in x["kernels"]]
assert k == [("gpu-kernel-outlining", "outlined", "@main_kernel::@main_kernel"),
             ("gpu-kernel-outlining", "outlined", "@main_kernel_0::@main_kernel"),
             ("gpu-module-to-binary", "compiled", "@main_kernel::@main_kernel"),
             ("gpu-module-to-binary", "compiled", "@main_kernel_0::@main_kernel")], k
print("ok nvvm pipeline")
PY
else
	echo "mlir-opt failed (gpu-lower-to-nvvm-pipeline)"; cat "$W/nvvm.txt" | tail -5; fail=1
fi

# text: unchanged stages folded into one line
$MT irdiff "$W/after-all.txt" >"$W/aa.txt" || fail=1
grep -q 'linalg-fuse-elementwise-ops on func.func @main -> \[[0-9]*\] cse on func.func @main: unchanged (2 stages: canonicalize on func.func @main cse on func.func @main)' "$W/aa.txt" ||
	{ echo "text output does not fold the unchanged stages"; cat "$W/aa.txt"; fail=1; }

# --trace follows model.py:13:9 (the multiply's body op) through the stages
$MT irdiff --trace model.py:13:9 --format json "$W/after-all.txt" >"$W/trace.json" || fail=1
python3 - "$W/trace.json" <<'PY' || fail=1
import json, sys
g = [x for x in json.load(open(sys.argv[1]))["graphs"] if x["name"] == "builtin.module"][0]
for s in g["stages"]:
    ops = {t["op"] for t in s["trace"]}
    assert any(o.startswith("arith.mulf@") for o in ops), (s["name"], ops)
last = g["stages"][-1]["trace"]
assert {"op": "arith.mulf@gpu", "count": 1} in last, last
ev = {t["to_name"]: [e["op"] for e in t["trace"]] for t in g["transitions"]}
assert "arith.mulf placed cpu -> gpu" in ev["convert-parallel-loops-to-gpu on func.func @main"], ev
print("ok trace")
PY

# --show-ir: a unified diff with SSA names normalised
$MT irdiff --show-ir --from 'before:linalg-fuse-elementwise-ops on func.func @main' \
	--to 'linalg-fuse-elementwise-ops on func.func @main' "$W/after-all.txt" >"$W/show.txt" || fail=1
grep -q '^@@ ' "$W/show.txt" && grep -q '^-.*%v[0-9]' "$W/show.txt" &&
	! grep -q '%arg0' "$W/show.txt" ||
	{ echo "--show-ir output is not a normalised unified diff"; cat "$W/show.txt"; fail=1; }

exit $fail
