"""Lowerings with and without locations (tests/e2e/irdiff_lowerings.sh).

Each case is a real mlir-opt-19 pipeline over llvm-project test cases
(testdata/ir/upstream, SOURCES.md), run twice: with
--mlir-print-debuginfo and without it (mlir-opt's default). irdiff must
report the same (pass, lowered op) facts both times, and exactly the
facts written here, which were read by hand from the upstream CHECK
lines and the dumps (never from irdiff's output):

  facts      every (pass, op) where pass turned op into ops of other
             dialects (an op listed in a lowering's "from");
  functions  for some facts, the functions whose op was lowered (by
             each lowering's "function"; nested loops are one lowering
             without locations, one per location with them);
  to         for some facts, ops that must be among what it became (any
             one of a tuple);
  to_not     for some facts, an op that must not be among what it
             became (a neighbour's constant: what another lowered op
             became);
  counts     (added, removed, moved) of the transition into a pass on
             one function, counted by hand from the two dumps: an op
             that is the same op on both sides is moved, not removed
             and added, with or without locations;
  layouts    other capture layouts (module scope, tree dir, after
             change, local scope; no locations) that must give the same
             facts and functions (after change, less those of the first
             pass, first_change, when the input is never printed);
  lost       facts true by the dumps that irdiff does not find yet:
             counted in the total, not found, and an error once found
             (so that they move to facts).

The cases are in two halves: build (the pipelines the detector was
changed against) and check (held out until it was done; the figures of
their first run are in SOURCES.md).

usage: irdiff_lowerings.py MAXTRIAGE TMPDIR TESTDATA
"""
import json
import os
import subprocess
import sys

MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-19/bin/mlir-opt")
FILECHECK = os.environ.get("FILECHECK", "/usr/lib/llvm-19/bin/FileCheck")

TOSA = ("builtin.module(canonicalize,func.func(tosa-to-linalg),"
        "one-shot-bufferize{bufferize-function-boundaries},"
        "func.func(convert-linalg-to-loops),convert-scf-to-cf,"
        "convert-math-to-llvm,convert-arith-to-llvm,finalize-memref-to-llvm,"
        "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)")

# every other capture layout (no locations): the same facts in each
ALL = ["module", "tree", "change", "local"]

CASES = {
    "build": [
        # tosa-to-linalg.mlir: test_abs_scalar, test_add_1d_matching_static
        # (the dumps of irdiff_upstream.sh's pipeline, read stage by stage)
        {"name": "tosa", "input": "tosa-to-linalg.mlir", "pipeline": TOSA,
         "facts": [("tosa-to-linalg", "tosa.abs"),
                   ("tosa-to-linalg", "tosa.add"),
                   # the result tensors become buffers
                   ("one-shot-bufferize", "tensor.empty"),
                   # a rank-0 generic: load, absf, store, no loop; the
                   # rank-1 one: an scf.for (the dead memref.cast that
                   # bufferization left is erased, not lowered)
                   ("convert-linalg-to-loops", "linalg.generic"),
                   ("convert-linalg-to-loops", "linalg.yield"),
                   ("convert-scf-to-cf", "scf.for"),
                   ("convert-math-to-llvm", "math.absf"),
                   ("convert-arith-to-llvm", "arith.constant"),
                   ("convert-arith-to-llvm", "arith.cmpi"),
                   ("convert-arith-to-llvm", "arith.addf"),
                   ("convert-arith-to-llvm", "arith.addi"),
                   ("finalize-memref-to-llvm", "memref.alloc"),
                   ("finalize-memref-to-llvm", "memref.load"),
                   ("finalize-memref-to-llvm", "memref.store"),
                   # LLVM 19's convert-func-to-llvm lowers cf too
                   # (convert-cf-to-llvm after it changes nothing)
                   ("convert-func-to-llvm", "func.func"),
                   ("convert-func-to-llvm", "func.return"),
                   ("convert-func-to-llvm", "cf.br"),
                   ("convert-func-to-llvm", "cf.cond_br")],
         "functions": {("one-shot-bufferize", "tensor.empty"):
                       ["test_abs_scalar", "test_add_1d_matching_static"],
                       ("convert-linalg-to-loops", "linalg.generic"):
                       ["test_abs_scalar", "test_add_1d_matching_static"]},
         "to": {("one-shot-bufferize", "tensor.empty"): ("memref.alloc",),
                ("convert-linalg-to-loops", "linalg.generic"):
                ("memref.store",),
                ("convert-scf-to-cf", "scf.for"): ("cf.cond_br",),
                ("convert-math-to-llvm", "math.absf"): ("llvm.intr.fabs",),
                ("convert-arith-to-llvm", "arith.addf"): ("llvm.fadd",)},
         # the loop's bound and step constants become llvm.mlir.constant
         # ops of their own (the arith.constant lowering), not what
         # arith.cmpi and arith.addi became
         "to_not": {("convert-arith-to-llvm", "arith.cmpi"):
                    "llvm.mlir.constant",
                    ("convert-arith-to-llvm", "arith.addi"):
                    "llvm.mlir.constant"},
         # rank 0: alloc, generic {absf, yield}, cast, return become
         # alloc, load, absf, store, return: the generic, its yield and
         # the dead cast removed, load and store added, absf moved
         "counts": {("convert-linalg-to-loops", "test_abs_scalar"):
                    (2, 3, 1)}},
        # tosa-rank0.mlir: rank-0 ops lowered without loops; the body
        # ops of the generics stay the same ops, now in the function
        {"name": "rank0", "input": "lowerings/build/tosa-rank0.mlir",
         "pipeline": TOSA,
         "facts": [("tosa-to-linalg", "tosa.add"),
                   ("tosa-to-linalg", "tosa.abs"),
                   ("tosa-to-linalg", "tosa.clamp"),
                   ("one-shot-bufferize", "tensor.empty"),
                   ("convert-linalg-to-loops", "linalg.generic"),
                   ("convert-linalg-to-loops", "linalg.yield"),
                   ("convert-math-to-llvm", "math.absf"),
                   ("convert-arith-to-llvm", "arith.addf"),
                   ("convert-arith-to-llvm", "arith.minimumf"),
                   ("convert-arith-to-llvm", "arith.maximumf"),
                   ("finalize-memref-to-llvm", "memref.alloc"),
                   ("finalize-memref-to-llvm", "memref.load"),
                   ("finalize-memref-to-llvm", "memref.store"),
                   ("convert-func-to-llvm", "func.func"),
                   ("convert-func-to-llvm", "func.return")],
         # true, read from the dumps, and not found yet (either capture):
         # the clamp's constants, hoisted out of its generic, become
         # llvm.mlir.constant ops
         "lost": [("convert-arith-to-llvm", "arith.constant")],
         "layouts": ALL,
         "first_change": "tosa-to-linalg",
         "functions": {("convert-linalg-to-loops", "linalg.generic"):
                       ["chain0", "test_add_0d"]},
         "to": {("convert-arith-to-llvm", "arith.minimumf"):
                ("llvm.intr.minimum",),
                ("convert-arith-to-llvm", "arith.maximumf"):
                ("llvm.intr.maximum",)},
         "to_not": {("convert-arith-to-llvm", "arith.minimumf"):
                    "llvm.mlir.constant",
                    ("convert-arith-to-llvm", "arith.maximumf"):
                    "llvm.mlir.constant"},
         # (added, removed, moved): test_add_0d: generic, yield, cast
         # removed, two loads and a store added, addf moved; chain0:
         # three generics, three yields, the cast removed, four loads
         # and three stores added, absf, addf, minimumf, maximumf and the
         # clamp's two constants moved out of the generics
         "counts": {("convert-linalg-to-loops", "test_add_0d"): (3, 3, 1),
                    ("convert-linalg-to-loops", "chain0"): (7, 7, 6)}},
        # lower-affine.mlir: CHECK lines give scf.for, scf.if, memref.load
        # and scf.yield for affine.for, affine.if, affine.load, affine.yield
        {"name": "affine", "input": "lowerings/build/lower-affine.mlir",
         "pipeline": "builtin.module(canonicalize,func.func(lower-affine))",
         "filecheck": ["-lower-affine"],
         "facts": [("lower-affine", "affine.for"),
                   ("lower-affine", "affine.if"),
                   ("lower-affine", "affine.load"),
                   ("lower-affine", "affine.yield")],
         "functions": {("lower-affine", "affine.for"):
                       ["affine_apply_loops_shorthand", "for_with_yield",
                        "imperfectly_nested_loops", "simple_loop"],
                       ("lower-affine", "affine.if"):
                       ["if_else", "if_only", "if_with_yield", "nested_ifs"]},
         "to": {("lower-affine", "affine.for"): ("scf.for",),
                ("lower-affine", "affine.if"): ("scf.if",),
                ("lower-affine", "affine.load"): ("memref.load",),
                ("lower-affine", "affine.yield"): ("scf.yield",)}},
        # sparse_1d.mlir: each generic on a sparse tensor becomes an
        # scf.for (dense level) or scf.while + scf.for (compressed level)
        # beside a linalg.fill of the output: linalg survives
        {"name": "sparse", "input": "lowerings/build/sparse_1d.mlir",
         "pipeline": "builtin.module(sparse-reinterpret-map,sparsification)",
         "filecheck": ["--sparse-reinterpret-map", "-sparsification"],
         "survives": ("sparsification", "linalg"),
         "layouts": ALL,
         "facts": [("sparsification", "linalg.generic"),
                   ("sparsification", "linalg.yield")],
         "functions": {("sparsification", "linalg.generic"):
                       ["add_d", "add_dd", "add_s", "mul_d", "mul_s"]},
         "to": {("sparsification", "linalg.generic"):
                ("scf.for", "scf.while")}},
    ],
    "check": [
        # loops.mlir: every linalg op of the six cases becomes loads and
        # stores in scf.for nests (fill_view0, rank 0: one memref.store)
        {"name": "loops", "layouts": ALL,
         "input": "lowerings/check/loops.mlir",
         "pipeline":
         "builtin.module(canonicalize,func.func(convert-linalg-to-loops))",
         "filecheck": ["-convert-linalg-to-loops"],
         "facts": [("convert-linalg-to-loops", "linalg.matmul"),
                   ("convert-linalg-to-loops", "linalg.dot"),
                   ("convert-linalg-to-loops", "linalg.fill"),
                   ("convert-linalg-to-loops", "linalg.generic"),
                   ("convert-linalg-to-loops", "linalg.yield")],
         "functions": {("convert-linalg-to-loops", "linalg.fill"):
                       ["fill_view", "fill_view0"],
                       ("convert-linalg-to-loops", "linalg.generic"):
                       ["copy_view", "generic_region"]},
         "to": {("convert-linalg-to-loops", "linalg.matmul"): ("scf.for",),
                ("convert-linalg-to-loops", "linalg.fill"):
                ("memref.store",),
                ("convert-linalg-to-loops", "linalg.generic"):
                ("scf.for",)}},
        # convert-to-cfg.mlir: scf.for, scf.if, scf.parallel (and its
        # scf.reduce terminator), scf.yield become blocks and cf branches;
        # the constants in their bodies move into those blocks unchanged
        {"name": "cfg", "layouts": ALL,
         "input": "lowerings/check/convert-to-cfg.mlir",
         "pipeline": "builtin.module(convert-scf-to-cf)",
         "args": ["--mlir-print-ir-before=convert-scf-to-cf"],
         "filecheck": ["-allow-unregistered-dialect", "-convert-scf-to-cf"],
         "facts": [("convert-scf-to-cf", "scf.for"),
                   ("convert-scf-to-cf", "scf.if"),
                   ("convert-scf-to-cf", "scf.parallel"),
                   ("convert-scf-to-cf", "scf.reduce"),
                   ("convert-scf-to-cf", "scf.yield")],
         "functions": {("convert-scf-to-cf", "scf.for"):
                       ["for_yield", "nested_for_yield",
                        "simple_std_for_loop"],
                       ("convert-scf-to-cf", "scf.if"):
                       ["simple_if_yield", "simple_std_if_else"],
                       ("convert-scf-to-cf", "scf.parallel"):
                       ["parallel_loop"]},
         "to": {("convert-scf-to-cf", "scf.for"): ("cf.cond_br",),
                ("convert-scf-to-cf", "scf.if"): ("cf.cond_br",),
                ("convert-scf-to-cf", "scf.parallel"): ("cf.cond_br",)}},
        # arith-to-llvm.mlir (@vector_ops): each arith op becomes the
        # llvm op its CHECK-NEXT line names; the constant feeding addf,
        # divf and remf is its own llvm.mlir.constant
        {"name": "arith", "layouts": ALL,
         "input": "lowerings/check/arith-to-llvm.mlir",
         "pipeline": "builtin.module(func.func(convert-arith-to-llvm))",
         "args": ["--mlir-print-ir-before=convert-arith-to-llvm"],
         "filecheck": ["-pass-pipeline=builtin.module(func.func("
                       "convert-arith-to-llvm))"],
         "facts": [("convert-arith-to-llvm", "arith." + o) for o in
                   ("constant", "addf", "divsi", "divui", "remsi", "remui",
                    "divf", "remf", "andi", "ori", "xori", "shli", "shrsi",
                    "shrui")],
         "to": {("convert-arith-to-llvm", "arith.constant"):
                ("llvm.mlir.constant",),
                ("convert-arith-to-llvm", "arith.addf"): ("llvm.fadd",),
                ("convert-arith-to-llvm", "arith.divf"): ("llvm.fdiv",),
                ("convert-arith-to-llvm", "arith.remf"): ("llvm.frem",)},
         "to_not": {("convert-arith-to-llvm", "arith." + o):
                    "llvm.mlir.constant" for o in ("addf", "divf", "remf")},
         "counts": {("convert-arith-to-llvm", "vector_ops"): (14, 14, 0)}},
    ],
}


def run(cmd, out=None):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode:
        sys.exit("%s exited %d: %s" % (" ".join(cmd), r.returncode,
                                       r.stderr.decode()[-2000:]))
    return r


def facts_of(doc):
    """(pass, op) -> list of (function, set of ops it became)."""
    got = {}
    for g in doc["graphs"]:
        for t in g["transitions"]:
            p = t["to_name"].split(" on ")[0]
            for lw in t["lowerings"]:
                to = {d["op"] for d in lw["to"]}
                for c in lw["from"]:
                    got.setdefault((p, c["op"]), []).append(
                        (lw.get("function"), to))
    return got


def survives(doc, stage, dialect):
    for g in doc["graphs"]:
        for s in g["stages"]:
            if s["name"] == stage:
                return s["ops_by_dialect"].get(dialect, 0) > 0
    return False


LAYOUTS = {  # mlir-opt flags of each other capture layout
    "module": ["--mlir-print-ir-module-scope"],
    "tree": [],  # --mlir-print-ir-tree-dir, below
    "change": ["--mlir-print-ir-after-change"],
    "local": ["--mlir-print-local-scope"],
}


def capture_layout(mt, tmp, src, c, lay):
    """irdiff's JSON of case c captured in layout lay (no locations)."""
    cmd = [MLIR_OPT, src, "--pass-pipeline=" + c["pipeline"],
           "--mlir-print-ir-after-all", "--mlir-disable-threading",
           "-o", os.devnull] + c.get("args", []) + LAYOUTS[lay]
    cap = os.path.join(tmp, "%s.%s" % (c["name"], lay))
    if lay == "tree":
        os.mkdir(cap)
        run(cmd + ["--mlir-print-ir-tree-dir=" + cap])
    else:
        with open(cap, "wb") as f:
            f.write(run(cmd).stderr)
    return json.loads(run([mt, "irdiff", "--format", "json", cap]).stdout)


def check_case(mt, tmp, data, c):
    """Problems of case c, with and without locations; facts found."""
    src = os.path.join(data, c["input"])
    problems, found = [], 0
    if "filecheck" in c:  # hold mlir-opt-19 to the upstream CHECK lines
        r = run([MLIR_OPT, src] + c["filecheck"])
        fc = subprocess.run([FILECHECK, src], input=r.stdout,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if fc.returncode:
            problems.append("FileCheck: " + fc.stderr.decode()[:600])
    want = set(c["facts"])
    per = {}
    for lay, extra in (("loc", ["--mlir-print-debuginfo"]), ("noloc", [])):
        cap = os.path.join(tmp, "%s.%s.txt" % (c["name"], lay))
        r = run([MLIR_OPT, src, "--pass-pipeline=" + c["pipeline"],
                 "--mlir-print-ir-after-all", "--mlir-disable-threading",
                 "-o", os.devnull] + c.get("args", []) + extra)
        with open(cap, "wb") as f:
            f.write(r.stderr)
        doc = json.loads(run([mt, "irdiff", "--format", "json",
                              cap]).stdout)
        got = facts_of(doc)
        per[lay] = set(got)
        found += len(want & set(got))
        for x in sorted(want - set(got)):
            problems.append("%s: lost %s" % (lay, x))
        for x in sorted(set(got) - want):
            problems.append("%s: false %s" % (lay, x))
        for x, fns in c.get("functions", {}).items():
            have = sorted({f for f, _ in got.get(x, [])})
            if have != sorted(fns):
                problems.append("%s: %s in functions %s, want %s"
                                % (lay, x, have, fns))
        for x, ops in c.get("to", {}).items():
            for f, to in got.get(x, []):
                if not to & set(ops):
                    problems.append("%s: %s in %s became %s, none of %s"
                                    % (lay, x, f, sorted(to), ops))
        for x, bad_op in c.get("to_not", {}).items():
            for f, to in got.get(x, []):
                if bad_op in to:
                    problems.append("%s: %s in %s became %s: %s is another"
                                    " op's" % (lay, x, f, sorted(to), bad_op))
        for (p, fn), want_n in c.get("counts", {}).items():
            have = [(t["counts"]["added"], t["counts"]["removed"],
                     t["counts"]["moved"])
                    for g in doc["graphs"] for t in g["transitions"]
                    if t["to_name"] == "%s on func.func @%s" % (p, fn)]
            if have != [want_n]:
                problems.append("%s: %s on @%s (added, removed, moved) %s,"
                                " want %s" % (lay, p, fn, have, want_n))
        for x in c.get("lost", []):
            if x in got:
                problems.append("%s: %s found now: move it to facts"
                                % (lay, x))
        if "survives" in c and not survives(doc, *c["survives"]):
            problems.append("%s: no %s op left after %s"
                            % ((lay,) + c["survives"][::-1]))
    if per["loc"] != per["noloc"]:
        problems.append("with and without locations differ: %s"
                        % sorted(per["loc"] ^ per["noloc"]))
    for lay in c.get("layouts", []):  # other layouts, no locations
        got = facts_of(capture_layout(mt, tmp, src, c, lay))
        want_lay = want
        if lay == "change":  # the input is never printed: the first
            # pass that changes anything has no stage before it
            want_lay = {x for x in want if x[0] != c.get("first_change")}
        for x in sorted(want_lay ^ set(got)):
            problems.append("%s: %s %s" % (lay, "lost" if x in want_lay
                                           else "false", x))
        for x, fns in c.get("functions", {}).items():
            if x not in want_lay:
                continue
            have = sorted({f for f, _ in got.get(x, [])})
            if have != sorted(fns):
                problems.append("%s: %s in functions %s, want %s"
                                % (lay, x, have, fns))
    return problems, found, 2 * (len(want) + len(c.get("lost", [])))


def main():
    mt, tmp, data = sys.argv[1:4]
    bad = 0
    for half in ("build", "check"):
        found = total = 0
        for c in CASES[half]:
            problems, f, n = check_case(mt, tmp, data, c)
            found += f
            total += n
            for p in problems:
                print("%s %s: %s" % (half, c["name"], p))
            bad += len(problems)
        print("%s half: %d pipelines, (pass, lowered op) facts found %d/%d"
              " with and without locations" % (half, len(CASES[half]),
                                               found, total))
    sys.exit(1 if bad else 0)


main()
