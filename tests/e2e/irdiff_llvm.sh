#!/bin/sh
# irdiff reads LLVM IR: opt-19 -print-after-all (-print-module-scope),
# -print-before-all + -print-after-all and -print-changed captures and
# plain .ll files as stages, with the functions each pass inlined,
# removed and vectorized. The captures in testdata/ir/llvm were made by
# opt-19 from llvm-project tests and from clang-19 -O0 of vec.c
# (testdata/ir/llvm/SOURCES.md); every expected fact below was read from
# the inputs' CHECK lines and the dumps by hand (SOURCES.md says how),
# never from irdiff. Build half and held-out half are checked alike.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
D=$root/testdata/ir/llvm
fail=0
for f in basictest.module-scope inline_constprop.module-scope \
	avx1.print-changed avx1.before-after vec.O2.module-scope \
	vec.O2.print-changed vec.llc; do
	"$bin" irdiff --format json "$D/$f.txt" >"$tmp/$f.json" 2>"$tmp/$f.err" ||
		{ echo "irdiff $f failed"; cat "$tmp/$f.err"; fail=1; }
done
"$bin" irdiff --format json "$D/vec.ll" "$D/vec.O2.ll" >"$tmp/ll.json" || fail=1
"$bin" irdiff --format json "$D/vec.ll" "$D/vec.ll" >"$tmp/same.json" || fail=1
"$bin" irdiff "$D/vec.O2.module-scope.txt" >"$tmp/vec.txt" || fail=1
python3 - "$tmp" <<'PY' || fail=1
import json, sys
t = sys.argv[1]

def findings(name):
    d = json.load(open(f"{t}/{name}.json"))
    out = set()
    for g in d["graphs"]:
        for tr in g["transitions"]:
            for f in tr.get("functions", []):
                out.add((f["change"], f["function"], f.get("into"),
                         f.get("vector_type"), tr["to_name"]))
    return out

bad = 0
def expect(name, want):
    global bad
    got = findings(name)
    for w in sorted(want - got, key=str):
        print(f"{name}: missing {w}")
        bad = 1
    for w in sorted(got - want, key=str):
        print(f"{name}: unexpected {w}")
        bad = 1

# build half
expect("basictest.module-scope", {
    ("inlined", "test2f", "test2", None, "InlinerPass on (test2)"),
    ("inlined", "h", "test", None, "InlinerPass on (test)"),
    ("inlined", "inner5", "outer5", None, "InlinerPass on (outer5)"),
    # test1f is `ret i32 %i`: no instruction to come in
    ("calls_gone", "test1f", "test1", None, "InlinerPass on (test1)"),
})
expect("avx1.print-changed", {
    ("vectorized", "read_mod_write_single_ptr", None, "<8 x float>",
     "LoopVectorizePass on read_mod_write_single_ptr"),
    ("vectorized", "read_mod_i64", None, "<2 x i64>",
     "LoopVectorizePass on read_mod_i64"),
})
expect("vec.O2.module-scope", {
    ("inlined", "sq", "sum_sq", None, "InlinerPass on (sum_sq)"),
    ("removed", "sq", None, None,
     "InvalidateAnalysisPass<llvm::ShouldNotRunFunctionPassesAnalysis> on sum_sq"),
    ("vectorized", "saxpy", None, "<4 x float>", "LoopVectorizePass on saxpy"),
})
expect("ll", {
    # O0 -> O2 in one step: sq's alloca/store/load are gone with it
    ("calls_gone", "sq", "sum_sq", None, "vec.O2.ll"),
    ("removed", "sq", None, None, "vec.O2.ll"),
    ("vectorized", "saxpy", None, "<4 x float>", "vec.O2.ll"),
})
expect("same", set())
# held-out half
callers = {"callee1": "caller1", "callee21": "caller2", "callee3": "caller3",
           "callee4": "caller4", "callee5": "caller5", "callee6": "caller6",
           "PR13412.first": "PR13412.main", "PR28802.callee": "PR28802",
           "PR28848.callee": "PR28848", "callee7": "caller7",
           "callee8": "caller8"}
want = {("calls_gone", g, f, None, f"InlinerPass on ({f})")
        for g, f in callers.items()}
want.add(("inlined", "PR13412.second", "PR13412.first", None,
          "InlinerPass on (PR13412.first)"))
expect("inline_constprop.module-scope", want)
expect("avx1.before-after", {
    ("vectorized", "read_mod_write_single_ptr", None, "<8 x float>",
     "LoopVectorizePass on read_mod_write_single_ptr"),
    ("vectorized", "read_mod_i64", None, "<2 x i64>",
     "LoopVectorizePass on read_mod_i64"),
})
# -print-changed prints no dump when the inliner deletes @sq: no removal
expect("vec.O2.print-changed", {
    ("inlined", "sq", "sum_sq", None, "InlinerPass on (sum_sq)"),
    ("vectorized", "saxpy", None, "<4 x float>", "LoopVectorizePass on saxpy"),
})
# counts: the same file twice is one unchanged transition; -print-changed's
# "omitted because no change" stages are unchanged
d = json.load(open(f"{t}/same.json"))
tr = d["graphs"][0]["transitions"][0]
if tr["changed"] or tr["counts"]["unchanged"] == 0 or tr["counts"]["added"]:
    print("vec.ll -> vec.ll not unchanged:", tr["counts"]); bad = 1
d = json.load(open(f"{t}/vec.O2.print-changed.json"))
for tr in d["graphs"][0]["transitions"]:
    if tr["to_name"] == "EarlyCSEPass on sum_sq" and tr["changed"]:
        print("omitted dump not unchanged:", tr["to_name"]); bad = 1
# llc-19: CodeGen Prepare leaves @sum_sq as it was and rewrites @saxpy's
# addresses (7 instructions out, 6 in: 55 -> 54 ops); the two machine-code
# dumps are not stages
d = json.load(open(f"{t}/vec.llc.json"))
g = d["graphs"][0]
ops = [s["ops"] for s in g["stages"]]
ch = [tr["changed"] for tr in g["transitions"]]
if ops != [55, 55, 54] or ch != [False, True]:
    print("llc capture:", ops, ch); bad = 1
if not any("2 machine-code dumps" in n for n in d.get("notes", [])):
    print("llc capture: machine-code dumps not said", d.get("notes")); bad = 1
# basictest.ll has no !dbg: the note says so in LLVM's terms, not mlir-opt's
d = json.load(open(f"{t}/basictest.module-scope.json"))
nl = [n for n in d.get("notes", []) if "no source locations" in n]
if len(nl) != 1 or "-g" not in nl[0] or "mlir-print-debuginfo" in nl[0]:
    print("basictest: no-locations note not in LLVM terms:", nl); bad = 1
sys.exit(bad)
PY
# the text names the findings; debug locations are read (-g)
grep -q "inlined   @sq into @sum_sq" "$tmp/vec.txt" &&
	grep -q "removed   function @sq" "$tmp/vec.txt" &&
	grep -q "vectorized @saxpy: 0 -> 10 vector ops (<4 x float>)" "$tmp/vec.txt" ||
	{ echo "text does not name the findings"; fail=1; }
"$bin" irdiff --trace vec.c:16 "$D/vec.O2.module-scope.txt" | grep -q 'vec.c:16' ||
	{ echo "no op at vec.c:16 (debug locations not read)"; fail=1; }
exit $fail
