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
             one of a tuple).

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
                ("convert-arith-to-llvm", "arith.addf"): ("llvm.fadd",)}},
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
        {"name": "loops", "input": "lowerings/check/loops.mlir",
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
        {"name": "cfg", "input": "lowerings/check/convert-to-cfg.mlir",
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
        if "survives" in c and not survives(doc, *c["survives"]):
            problems.append("%s: no %s op left after %s"
                            % ((lay,) + c["survives"][::-1]))
    if per["loc"] != per["noloc"]:
        problems.append("with and without locations differ: %s"
                        % sorted(per["loc"] ^ per["noloc"]))
    return problems, found, 2 * len(want)


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
