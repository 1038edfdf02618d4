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
#   the fused op follows the consumer (its location, when printed), the
#   members are the two generics and never the tensor.empty feeding them,
#   with or without locations; lowered to loops and then by
#   convert-arith-to-llvm, every arith.addf / arith.mulf of the fused
#   bodies becomes one llvm.fadd / llvm.fmul: lowerings, no fusion;
#   ownership-based-buffer-deallocation and canonicalize insert and
#   simplify bufferization.dealloc ops (dropping operands): no fusion;
# - outlining.mlir: gpu-kernel-outlining makes gpu.module @launch_kernel,
#   @multiple_launches_kernel and @multiple_launches_kernel_0, so
#   gpu.module(convert-gpu-to-nvvm) runs once on each: at module scope each
#   dump names the module it ran on; the kernels field says each launch
#   was outlined into that module's gpu.func;
# - module-to-binary-nvvm.mlir: gpu-module-to-binary turns gpu.module
#   @kernel_module1 and @kernel_module2 (each holding llvm.func @kernel)
#   into gpu.binary ops of the same names: two kernels compiled;
# - memref-copy.mlir: finalize-memref-to-llvm lowers memref.copy on the
#   host (to llvm.intr.memcpy): no transfer, no placement.
# - transform-op-fuse.mlir, transform-op-fuse-into-containing.mlir: the
#   transform interpreter tiles linalg.add and fuses linalg.exp into the
#   new scf.for nest (upstream: scf.for { scf.for { linalg.exp; linalg.add
#   } }), and fuses linalg.fill into the existing scf.forall in front of
#   linalg.elemwise_unary: one fusion each, `into` the outer loop, the
#   producer and the consumer the members; the canonicalize after it
#   fuses nothing;
# - test-nvvm-pipeline.mlir: gpu-lower-to-nvvm-pipeline outlines the one
#   gpu.launch into @test_math_kernel::@test_math_kernel and
#   gpu-module-to-binary compiles that module (upstream: gpu.launch_func
#   @test_math_kernel::@test_math_kernel, gpu.binary @test_math_kernel);
#   @vprintf and @__nv_expf are declarations, not kernels;
# - tosa-to-linalg.mlir: tosa.abs and tosa.add become linalg.generic ops
#   around math.absf / arith.addf (upstream CHECK lines), which end as
#   llvm.intr.fabs and llvm.fadd: lowerings all the way, nothing fused.
# Every pipeline runs in the three layouts mlir-opt writes (after-all on
# stderr, --mlir-print-ir-module-scope, --mlir-print-ir-tree-dir, and the
# tree dir with module scope) and the same facts must hold in each: in a
# tree the module graph is rebuilt from the function dumps, so a fusion
# made by a function pass is found once, at that pass, and a module pass
# after it (one-shot-bufferize) is compared with the module as the
# function passes left it, as in the after-all capture.
set -u
MT="$MAXTRIAGE"
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
	# one thread: function passes print their dumps in the functions'
	# order, not in whatever order the threads reached them
	"$MLIR_OPT" --mlir-print-debuginfo --mlir-disable-threading "$@" -o /dev/null 2>"$out" ||
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
"$MLIR_OPT" "$FE" --pass-pipeline='builtin.module(cse,func.func(linalg-fuse-elementwise-ops))' \
	--mlir-disable-threading --mlir-print-ir-after-all -o /dev/null 2>"$W/fe-noloc.txt" || { echo "mlir-opt failed"; exit 1; }
irdiff "$W/fe-noloc.json" "$W/fe-noloc.txt"
opt "$W/fe-llvm.txt" "$FE" --mlir-print-ir-after-all \
	--pass-pipeline='builtin.module(func.func(linalg-fuse-elementwise-ops),one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-loops),convert-arith-to-llvm)'
irdiff "$W/fe-llvm.json" "$W/fe-llvm.txt"
opt "$W/fe-dealloc.txt" "$FE" --mlir-print-ir-after-all \
	--pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},func.func(ownership-based-buffer-deallocation,canonicalize))'
irdiff "$W/fe-dealloc.json" "$W/fe-dealloc.txt"
mkdir "$W/fe-tree"
opt "$W/fe-tree.err" "$FE" \
	--pass-pipeline='builtin.module(func.func(linalg-fuse-elementwise-ops),canonicalize,func.func(cse))' \
	--mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-tree-dir="$W/fe-tree"
irdiff "$W/fe-tree.json" "$W/fe-tree"

python3 - "$W/fe-aa.json" "$W/fe-tree.json" "$W/fe-mod.json" "$W/fe-noloc.json" "$W/fe-llvm.json" \
	"$W/fe-dealloc.json" <<'PY' || fail=1
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
# members: producer and consumer generics, at the lines of the input
# (upstream's ops, read from the file), the fused op at the consumer's
consumer = {"add_mul_fusion": 25, "transpose_add_mul_fusion": 59,
            "add_broadcast_mul_fusion": 91, "add_mul_scalar_fusion": 117}
producer = {"add_mul_fusion": 16, "transpose_add_mul_fusion": 50,
            "add_broadcast_mul_fusion": 80, "add_mul_scalar_fusion": 107}
def line(ref):
    return int(ref["loc"].split(":")[-2])
fu = fusions_per_stage(sys.argv[3], "cse")
for f in funcs:
    x = fu["linalg-fuse-elementwise-ops on func.func @" + f][0]
    assert line(x["into"]) == consumer[f], (f, x)
    got = sorted((m["op"], line(m)) for m in x["from"])
    assert got == [("linalg.generic", producer[f]), ("linalg.generic", consumer[f])], (f, got)
# no locations printed: the same fusions, found by dataflow
fu = fusions_per_stage(sys.argv[4], "cse")
for f in funcs:
    x = fu["linalg-fuse-elementwise-ops on func.func @" + f]
    assert len(x) == 1 and [m["op"] for m in x[0]["from"]] == ["linalg.generic"] * 2, (f, x)
print("ok fusion: consumer's successor, producer and consumer the members")
# one-to-one lowering is not fusion
doc = json.load(open(sys.argv[5]))
t = [t for t in doc["graphs"][0]["transitions"] if t["to_name"] == "convert-arith-to-llvm"][0]
assert not t["fusions"], t["fusions"]
low = {(c["op"], d["op"]) for l in t["lowerings"] for c in l["from"] for d in l["to"]}
assert ("arith.addf", "llvm.fadd") in low and ("arith.mulf", "llvm.fmul") in low, low
n = sum(1 for l in t["lowerings"] if [c["op"] for c in l["from"]] == ["arith.mulf"])
assert n == 4, t["lowerings"]
print("ok lowering: arith -> llvm one to one, no fusion")
doc = json.load(open(sys.argv[6]))
g = doc["graphs"][0]
assert sum(1 for s in g["stages"] if s["name"].startswith("canonicalize")) == 4, g["stages"]
fu = [(t["to_name"], x["into"]["op"]) for t in g["transitions"] for x in t["fusions"]]
assert not fu, fu
print("ok clean-up: dealloc operands dropped by canonicalize are no fusion")
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
t = doc["graphs"][0]["transitions"]
k = [x for t in t for x in t["kernels"]]
assert [(x["change"], x["kernel"], x["from"]["op"], x["to"]["op"]) for x in k] == [
    ("outlined", "@launch_kernel::@launch_kernel", "gpu.launch", "gpu.func"),
    ("outlined", "@multiple_launches_kernel::@multiple_launches_kernel", "gpu.launch", "gpu.func"),
    ("outlined", "@multiple_launches_kernel_0::@multiple_launches_kernel", "gpu.launch", "gpu.func")], k
assert all(x["to"]["symbol"] == x["kernel"].split("::@")[1] for x in k), k
assert [t["to_name"] for t in t if t["kernels"]] == ["gpu-kernel-outlining"]
print("ok kernels: every launch outlined, at gpu-kernel-outlining")
PY

M2B="$D/module-to-binary-nvvm.mlir"
opt "$W/m2b.txt" "$M2B" --pass-pipeline='builtin.module(canonicalize,gpu-module-to-binary{format=llvm})' \
	--mlir-print-ir-after-all
irdiff "$W/m2b.json" "$W/m2b.txt"
MC="$D/memref-copy.mlir"
opt "$W/mc.txt" "$MC" --pass-pipeline='builtin.module(canonicalize,finalize-memref-to-llvm)' \
	--mlir-print-ir-after-all
irdiff "$W/mc.json" "$W/mc.txt"
python3 - "$W/m2b.json" "$W/mc.json" <<'PY' || fail=1
import json, sys
t = json.load(open(sys.argv[1]))["graphs"][0]["transitions"]
by_to = {x["to_name"]: x for x in t}
k = by_to["gpu-module-to-binary"]["kernels"]
assert [(x["change"], x["kernel"], x["from"]["op"], x["to"]["op"], x["to"]["symbol"]) for x in k] == [
    ("compiled", "@kernel_module1::@kernel", "llvm.func", "gpu.binary", "kernel_module1"),
    ("compiled", "@kernel_module2::@kernel", "llvm.func", "gpu.binary", "kernel_module2")], k
assert not by_to["canonicalize"]["kernels"] if "canonicalize" in by_to else True
print("ok kernels: both modules compiled at gpu-module-to-binary")
t = json.load(open(sys.argv[2]))["graphs"][0]["transitions"]
x = [x for x in t if x["to_name"] == "finalize-memref-to-llvm"][0]
assert not x["transfers"] and not x["placements"], (x["transfers"], x["placements"])
low = {d["op"] for l in x["lowerings"] for d in l["to"]}
assert "llvm.intr.memcpy" in low, low
print("ok host copy: llvm.intr.memcpy is a lowering, not a transfer")
PY

# ---- scopes nested in nested scopes (tree dirs) ----
# gpu-kernel-outlining puts 12 index ops in each new gpu.func (gpu.block_id,
# gpu.thread_id, gpu.grid_dim, gpu.block_dim, x/y/z; read from the dump).
# gpu.func(canonicalize) then drops the unused ones: @launch_kernel keeps
# gpu.block_id x and gpu.block_dim x (its "some_op" uses them) and loses
# the other 10 and the unused memref.load: 11 removed, gpu.func, the two
# index ops, "use", "some_op" and gpu.return left; the two
# @multiple_launches_kernel bodies are empty: 12 removed, gpu.func and
# gpu.return left. So when gpu.module(convert-gpu-to-nvvm) runs next, each
# gpu.module holds 1 + 6 or 1 + 2 ops: the older stage of that transition
# must be those (named by the gpu.func pass), not the module as outlining
# left it, and in (P2) a module pass after gpu.func passes (cse, which has
# nothing to merge: every constant and index op is distinct) must find
# the module as they left it (no change), not remove their ops again.
P1='builtin.module(gpu-launch-sink-index-computations,gpu-kernel-outlining,gpu.module(gpu.func(canonicalize),convert-gpu-to-nvvm))'
P2='builtin.module(gpu-launch-sink-index-computations,gpu-kernel-outlining,gpu.module(gpu.func(canonicalize)),cse)'
for p in 1 2; do
	eval pp=\$P$p
	mkdir "$W/nest$p.tree" "$W/nest$p.mstree"
	opt "$W/nest$p.tree.err" "$OL" -allow-unregistered-dialect --pass-pipeline="$pp" \
		--mlir-print-ir-after-all --mlir-print-ir-tree-dir="$W/nest$p.tree"
	irdiff "$W/nest$p.tree.json" "$W/nest$p.tree"
	opt "$W/nest$p.mstree.err" "$OL" -allow-unregistered-dialect --pass-pipeline="$pp" \
		--mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading \
		--mlir-print-ir-tree-dir="$W/nest$p.mstree"
	irdiff "$W/nest$p.mstree.json" "$W/nest$p.mstree"
done
opt "$W/nest1.aa.txt" "$OL" -allow-unregistered-dialect --pass-pipeline="$P1" --mlir-print-ir-after-all
irdiff "$W/nest1.aa.json" "$W/nest1.aa.txt"
python3 - "$W" <<'PY' || fail=1
import json, sys
W = sys.argv[1]
M = "builtin_module_no-symbol-name"
K = {"launch_kernel": ("launch_kernel", 11, 6),
     "multiple_launches_kernel": ("multiple_launches_kernel", 12, 2),
     "multiple_launches_kernel_0": ("multiple_launches_kernel", 12, 2)}
def older(c):
    return c["removed"] + c["modified"] + c["moved"] + c["unchanged"]
bad = 0
aa = json.load(open(W + "/nest1.aa.json"))["graphs"][0]["transitions"]
for lay in ("tree", "mstree"):
    was = bad
    g1 = {g["name"]: g for g in json.load(open("%s/nest1.%s.json" % (W, lay)))["graphs"]}
    g2 = {g["name"]: g for g in json.load(open("%s/nest2.%s.json" % (W, lay)))["graphs"]}
    for mod, (fn, removed, left) in sorted(K.items()):
        for gs in (g1, g2):
            t = gs["%s/gpu_module_%s/gpu_func_%s" % (M, mod, fn)]["transitions"]
            got = [(x["to_name"], x["counts"]["removed"], x["counts"]["added"]) for x in t]
            if got != [("canonicalize", removed, 0)]:
                print(lay, mod, "gpu.func canonicalize:", got); bad += 1
        t = g1["%s/gpu_module_%s" % (M, mod)]["transitions"]
        got = [(x["from_name"], x["to_name"], older(x["counts"])) for x in t]
        if got != [("canonicalize", "convert-gpu-to-nvvm", 1 + left)]:
            print(lay, mod, "convert-gpu-to-nvvm not on the canonicalized module:", got); bad += 1
        # the after-all capture places one op per name and symbol, so only
        # the first gpu.func @multiple_launches_kernel is right there
        if mod != "multiple_launches_kernel_0":
            want = [x["counts"] for x in aa
                    if x["to_name"] == "convert-gpu-to-nvvm on gpu.module @" + mod]
            have = [x["counts"] for x in t]
            if [{k: v for k, v in c.items() if k != "unchanged"} for c in want] != \
               [{k: v for k, v in c.items() if k != "unchanged"} for c in have]:
                print(lay, mod, "counts differ from after-all:", want, have); bad += 1
    m = g2[M]
    t = [x for x in m["transitions"] if x["to_name"] == "cse"]
    ops = {s["index"]: s["ops"] for s in m["stages"]}
    if len(t) != 1 or t[0]["changed"] or t[0]["from_name"] != "canonicalize" or \
       ops[t[0]["from"]] != ops[t[0]["to"]]:
        print(lay, "cse after gpu.func passes:", t, ops); bad += 1
    print("%-6s nested scopes: %s" % (lay, "ok" if bad == was else "LOST"))
sys.exit(1 if bad else 0)
PY

# ir-printing-file-tree.mlir (upstream's own tree-printer test): module
# @outer holds @symA and module @inner (@symB, @symC), every function only
# returns, so nothing changes: every stage of @outer has its 8 ops, of
# @inner its 5, of each function its 2, and no transition is a change, in
# particular not the final cse after @inner's passes.
PT='builtin.module(canonicalize,canonicalize,func.func(cse),builtin.module(canonicalize,func.func(cse,canonicalize),cse),cse)'
for lay in tree mstree; do
	mkdir "$W/pt.$lay"
	set -- --mlir-print-ir-after-all --mlir-print-ir-tree-dir="$W/pt.$lay"
	[ $lay = mstree ] && set -- "$@" --mlir-print-ir-module-scope --mlir-disable-threading
	opt "$W/pt.$lay.err" "$D/ir-printing-file-tree.mlir" --pass-pipeline="$PT" "$@"
	irdiff "$W/pt.$lay.json" "$W/pt.$lay"
done
python3 - "$W" <<'PY' || fail=1
import json, os, sys
W = sys.argv[1]
O = "builtin_module_outer"
files = ["0_canonicalize", "1_canonicalize", "func_func_symA/1_0_cse",
         "builtin_module_inner/1_0_canonicalize",
         "builtin_module_inner/func_func_symB/1_0_0_cse",
         "builtin_module_inner/func_func_symB/1_0_1_canonicalize",
         "builtin_module_inner/func_func_symC/1_0_0_cse",
         "builtin_module_inner/func_func_symC/1_0_1_canonicalize",
         "builtin_module_inner/1_1_cse", "2_cse"]
bad = 0
for lay in ("tree", "mstree"):
    was = bad
    for f in files:  # upstream's RUN lines
        assert os.path.isfile("%s/pt.%s/%s/%s.mlir" % (W, lay, O, f)), (lay, f)
    want = {O: 8, O + "/builtin_module_inner": 5}
    for g in json.load(open("%s/pt.%s.json" % (W, lay)))["graphs"]:
        n = want.get(g["name"], 2)
        ops = [s["ops"] for s in g["stages"]]
        ch = [t["to_name"] for t in g["transitions"] if t["changed"]]
        if any(x != n for x in ops) or ch:
            print(lay, g["name"], "ops", ops, "changed at", ch); bad += 1
    print("%-6s two levels of nested scopes: %s" % (lay, "ok" if bad == was else "LOST"))
sys.exit(1 if bad else 0)
PY

# ---- every pipeline in the three layouts, held to the same facts ----
layouts() { # name input pipeline [mlir-opt args...]
	name=$1 in=$2 pp=$3
	shift 3
	opt "$W/$name.aa.txt" "$in" --pass-pipeline="$pp" --mlir-print-ir-after-all "$@"
	irdiff "$W/$name.aa.json" "$W/$name.aa.txt"
	opt "$W/$name.ms.txt" "$in" --pass-pipeline="$pp" --mlir-print-ir-after-all \
		--mlir-print-ir-module-scope --mlir-disable-threading "$@"
	irdiff "$W/$name.ms.json" "$W/$name.ms.txt"
	mkdir "$W/$name.tree"
	opt "$W/$name.tree.err" "$in" --pass-pipeline="$pp" --mlir-print-ir-after-all \
		--mlir-print-ir-tree-dir="$W/$name.tree" "$@"
	irdiff "$W/$name.tree.json" "$W/$name.tree"
	mkdir "$W/$name.mstree"
	opt "$W/$name.mstree.err" "$in" --pass-pipeline="$pp" --mlir-print-ir-after-all \
		--mlir-print-ir-module-scope --mlir-disable-threading \
		--mlir-print-ir-tree-dir="$W/$name.mstree" "$@"
	irdiff "$W/$name.mstree.json" "$W/$name.mstree"
}
layouts fe "$FE" 'builtin.module(cse,func.func(linalg-fuse-elementwise-ops,canonicalize))'
layouts buf "$FE" 'builtin.module(cse,func.func(linalg-fuse-elementwise-ops),one-shot-bufferize{bufferize-function-boundaries})'
layouts tosa "$D/tosa-to-linalg.mlir" 'builtin.module(canonicalize,func.func(tosa-to-linalg),one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-loops),convert-scf-to-cf,convert-math-to-llvm,convert-arith-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)'
layouts ol "$OL" "$OP" -allow-unregistered-dialect
layouts nvvm "$D/test-nvvm-pipeline.mlir" 'builtin.module(gpu-lower-to-nvvm-pipeline{cubin-format=llvm})'
layouts m2b "$M2B" 'builtin.module(canonicalize,gpu-module-to-binary{format=llvm})'
layouts tf "$D/transform-op-fuse.mlir" 'builtin.module(canonicalize,transform-interpreter,canonicalize)'
layouts tfc "$D/transform-op-fuse-into-containing.mlir" 'builtin.module(canonicalize,transform-interpreter,canonicalize)'
python3 - "$W" "$FE" <<'PY' || fail=1
import json, sys
W = sys.argv[1]
def line(ref):
    return int(ref["loc"].split(":")[-2]) if ref.get("loc") else None
def facts(path):
    """(kind, pass, ...) tuples from every transition of every graph."""
    doc = json.load(open(path))
    out = {"fusion": [], "kernel": [], "lowering": set(), "froms": []}
    for g in doc["graphs"]:
        for t in g["transitions"]:
            p = t["to_name"].split(" on ")[0]
            for x in t["fusions"]:
                out["fusion"].append((p, x["into"]["op"], line(x["into"]),
                                      tuple(sorted((m["op"], line(m)) for m in x["from"]))))
            for k in t["kernels"]:
                out["kernel"].append((p, k["change"], k["kernel"], k["from"]["op"], k["to"]["op"]))
            for l in t["lowerings"]:
                for c in l["from"]:
                    for d in l["to"]:
                        out["lowering"].add((p, c["op"], d["op"]))
            out["froms"].append((t["from_name"].split(" on ")[0], p))
    out["fusion"].sort()
    out["kernel"].sort()
    return out
G = "linalg.generic"
fe_fusions = sorted(("linalg-fuse-elementwise-ops", G, c, ((G, pr), (G, c)))
                    for pr, c in [(16, 25), (50, 59), (80, 91), (107, 117)])
spec = {
    # name: (fusions (all of them), kernels (all of them), lowerings that
    # must be among those found, stage pairs that must be compared)
    "fe": (fe_fusions, [], [], []),
    "buf": (fe_fusions, [], [("one-shot-bufferize", "tensor.empty", "memref.alloc")],
            [("linalg-fuse-elementwise-ops", "one-shot-bufferize")]),
    "tosa": ([], [], [("tosa-to-linalg", "tosa.abs", G), ("tosa-to-linalg", "tosa.abs", "math.absf"),
                      ("tosa-to-linalg", "tosa.add", G), ("tosa-to-linalg", "tosa.add", "arith.addf"),
                      ("convert-math-to-llvm", "math.absf", "llvm.intr.fabs"),
                      ("convert-arith-to-llvm", "arith.addf", "llvm.fadd")], []),
    "ol": ([], [("gpu-kernel-outlining", "outlined", "@launch_kernel::@launch_kernel", "gpu.launch", "gpu.func"),
                ("gpu-kernel-outlining", "outlined", "@multiple_launches_kernel::@multiple_launches_kernel", "gpu.launch", "gpu.func"),
                ("gpu-kernel-outlining", "outlined", "@multiple_launches_kernel_0::@multiple_launches_kernel", "gpu.launch", "gpu.func")],
           [], []),
    "nvvm": ([], [("gpu-kernel-outlining", "outlined", "@test_math_kernel::@test_math_kernel", "gpu.launch", "gpu.func"),
                  ("gpu-module-to-binary", "compiled", "@test_math_kernel::@test_math_kernel", "llvm.func", "gpu.binary")],
             [], []),
    "m2b": ([], [("gpu-module-to-binary", "compiled", "@kernel_module1::@kernel", "llvm.func", "gpu.binary"),
                 ("gpu-module-to-binary", "compiled", "@kernel_module2::@kernel", "llvm.func", "gpu.binary")], [], []),
    "tf": ([("transform-interpreter", "scf.for", 17, (("linalg.add", 17), ("linalg.exp", 15)))], [], [], []),
    "tfc": ([("transform-interpreter", "scf.forall", 24,
              (("linalg.elemwise_unary", 34), ("linalg.fill", 19)))], [], [], []),
}
bad = 0
for name, (fus, ker, low, pairs) in spec.items():
    row = []
    for lay in ("aa", "ms", "tree", "mstree"):
        f = facts("%s/%s.%s.json" % (W, name, lay))
        miss = []
        if f["fusion"] != sorted(fus):
            miss.append("fusions %s" % f["fusion"])
        if f["kernel"] != sorted(ker):
            miss.append("kernels %s" % f["kernel"])
        miss += ["lowering %s" % (x,) for x in low if x not in f["lowering"]]
        miss += ["compared %s" % (x,) for x in pairs if x not in f["froms"]]
        row.append("%s %s" % (lay, "ok" if not miss else "LOST " + "; ".join(miss)))
        bad += bool(miss)
    print("%-5s %s" % (name, " | ".join(row)))
# like with like: a module pass after function passes is compared with
# the module as they left it in every layout, so its transition counts
# the same ops (a tree's module graph rebuilt from the function dumps)
for name, to in [("buf", "one-shot-bufferize"), ("tosa", "one-shot-bufferize"),
                 ("tosa", "convert-scf-to-cf")]:
    got = {}
    for lay in ("aa", "ms", "tree", "mstree"):
        doc = json.load(open("%s/%s.%s.json" % (W, name, lay)))
        got[lay] = [t["counts"] for g in doc["graphs"] for t in g["transitions"]
                    if t["to_name"] == to]
    if any(v != got["aa"] or len(v) != 1 for v in got.values()):
        print("%s %s: counts differ by layout: %s" % (name, to, got))
        bad += 1
    else:
        print("%-5s %s compared like with like in every layout" % (name, to))
sys.exit(1 if bad else 0)
PY

exit $fail
