#!/bin/sh
# irdiff over real mlir-opt-19 pipelines run on inputs cut from
# llvm-project's own MLIR tests (testdata/ir/upstream, see SOURCES.md).
# What must be found comes from the upstream CHECK lines kept in those
# files and from the pipeline given here, never from irdiff's output:
# - fusion-elementwise-ops.mlir: in each of its four functions the two
#   linalg.generic ops become one (upstream: one generic whose
#   indexing_maps concatenate both), so in a function pipeline every
#   function keeps its own "before" dump and shows one fusion, and with a
#   module pass first (a whole-module dump) no "before" dump is needed;
# - outlining.mlir: gpu-kernel-outlining makes gpu.module @launch_kernel,
#   @multiple_launches_kernel and @multiple_launches_kernel_0, so
#   gpu.module(convert-gpu-to-nvvm) runs once on each: at module scope each
#   dump names the module it ran on.
set -u
MT="${MT_VALGRIND:+$MT_VALGRIND }$MAXTRIAGE"
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
if [ ! -x "$MLIR_OPT" ]; then
	echo "skip: $MLIR_OPT not installed (apt-get install mlir-19-tools)"
	exit 77
fi
command -v python3 >/dev/null || { echo "skip: python3 missing"; exit 77; }
D=testdata/ir/upstream
W="$MT_BUILD/e2e-irdiff-upstream.$$"
trap 'rm -rf "$W"' EXIT
rm -rf "$W"
mkdir -p "$W"
fail=0

opt() { # output-file mlir-opt-args...
	out=$1
	shift
	"$MLIR_OPT" --mlir-print-debuginfo "$@" -o /dev/null 2>"$out" ||
		{ echo "mlir-opt $* failed"; cat "$out"; exit 1; }
}
irdiff() { # json-out irdiff-args...
	out=$1
	shift
	$MT irdiff --format json "$@" >"$out" 2>"$W/err" ||
		{ echo "maxtriage irdiff $* exited $?"; cat "$W/err"; fail=1; }
	[ -s "$out" ] || { echo "maxtriage irdiff $*: no output"; fail=1; }
}

FE="$D/fusion-elementwise-ops.mlir"
FP='builtin.module(func.func(linalg-fuse-elementwise-ops,canonicalize))'
opt "$W/fe-aa.txt" "$FE" --pass-pipeline="$FP" \
	--mlir-print-ir-before=linalg-fuse-elementwise-ops --mlir-print-ir-after-all
irdiff "$W/fe-aa.json" "$W/fe-aa.txt"
opt "$W/fe-mod.txt" "$FE" --pass-pipeline='builtin.module(cse,func.func(linalg-fuse-elementwise-ops))' \
	--mlir-print-ir-after-all
irdiff "$W/fe-mod.json" "$W/fe-mod.txt"
mkdir "$W/fe-tree"
opt "$W/fe-tree.err" "$FE" \
	--pass-pipeline='builtin.module(func.func(linalg-fuse-elementwise-ops),canonicalize,func.func(cse))' \
	--mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-tree-dir="$W/fe-tree"
irdiff "$W/fe-tree.json" "$W/fe-tree"

python3 - "$W/fe-aa.json" "$W/fe-tree.json" "$W/fe-mod.json" <<'PY' || fail=1
import json, sys
funcs = ["add_mul_fusion", "transpose_add_mul_fusion",
         "add_broadcast_mul_fusion", "add_mul_scalar_fusion"]
def fusions_per_stage(path, first):
    doc = json.load(open(path))
    assert [g["name"] for g in doc["graphs"]] == ["builtin.module"], doc["graphs"]
    g = doc["graphs"][0]
    names = [s["name"] for s in g["stages"]]
    assert names[0] == first, names
    return {t["to_name"]: t["fusions"] for t in g["transitions"]}
# after-all: one timeline of whole modules; each function's "before" dump
# is its input, so every function's fusion shows at its own pass
for path, first in [(sys.argv[1], "before:linalg-fuse-elementwise-ops on func.func @add_mul_fusion"),
                    (sys.argv[3], "cse")]:
    fu = fusions_per_stage(path, first)
    for f in funcs:
        got = fu.pop("linalg-fuse-elementwise-ops on func.func @" + f)
        assert len(got) == 1 and got[0]["into"]["op"] == "linalg.generic", (path, f, got)
    assert not [x for v in fu.values() for x in v], (path, fu)
print("ok after-all: one fusion per function, with or without before dumps")
# tree: no "before" copy of the "after" just written in the same scope,
# and a function's transition names only dumps whose changes it shows
doc = json.load(open(sys.argv[2]))
graphs = {g["name"]: g for g in doc["graphs"]}
mod = "builtin_module_no-symbol-name"
for f in funcs:
    g = graphs[mod + "/func_func_" + f]
    names = [s["name"] for s in g["stages"]]
    assert names == ["before:linalg-fuse-elementwise-ops",
                     "linalg-fuse-elementwise-ops", "before:cse", "cse"], (f, names)
    for t in g["transitions"]:
        for b in t.get("between", []):
            assert b.startswith(mod + ": "), (f, t["to_name"], b)
names = [s["name"] for s in graphs[mod]["stages"]]
assert names == ["before:canonicalize", "canonicalize"], names
print("ok tree: redundant before dumps dropped, siblings not named")
PY

OL="$D/outlining.mlir"
OP='builtin.module(gpu-launch-sink-index-computations,gpu-kernel-outlining,gpu.module(convert-gpu-to-nvvm))'
opt "$W/ol-ms.txt" "$OL" -allow-unregistered-dialect --pass-pipeline="$OP" \
	--mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading
irdiff "$W/ol-ms.json" "$W/ol-ms.txt"
python3 - "$W/ol-ms.json" <<'PY' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
assert [g["name"] for g in doc["graphs"]] == ["builtin.module"], doc["graphs"]
names = [s["name"] for s in doc["graphs"][0]["stages"]]
assert names == ["gpu-launch-sink-index-computations", "gpu-kernel-outlining",
                 "convert-gpu-to-nvvm on gpu.module @launch_kernel",
                 "convert-gpu-to-nvvm on gpu.module @multiple_launches_kernel",
                 "convert-gpu-to-nvvm on gpu.module @multiple_launches_kernel_0"], names
print("ok module scope: stages name the op each pass ran on")
PY

exit $fail
