#!/bin/sh
# irdiff over a MAX ir-output-dir written by hand from the real graphs in
# testdata/samples/ir (testdata/ir/max-dump, see its README): composite
# fusion, a weight moved from cpu to gpu, a transfer removed, transfers
# added, unchanged stages, two graphs, a uniquified name, an unknown stage,
# names whose alphabetical order is not the pipeline order.
set -u
# under make valgrind, $MAXTRIAGE is run-tests.sh's valgrind wrapper
MT="$MAXTRIAGE"
command -v python3 >/dev/null || { echo "skip: python3 missing"; exit 77; }
D=testdata/ir/max-dump
W="$MT_BUILD/e2e-irdiff-max.$$"
trap 'rm -rf "$W"' EXIT
rm -rf "$W"
mkdir -p "$W"
fail=0

$MT irdiff --format json "$D" >"$W/out.json" 2>"$W/err" ||
	{ echo "irdiff exited $?"; cat "$W/err"; exit 1; }
python3 - "$W/out.json" <<'PY' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "maxtriage.irdiff.v1"
g = {x["name"]: x for x in doc["graphs"]}
assert sorted(g) == ["add", "llama3"], sorted(g)

L = g["llama3"]
assert [s["name"] for s in L["stages"]] == ["mo", "mo-pre-mogg", "mogg", "mogg-pre-mgp"]
assert [s["index"] for s in L["stages"]] == [0, 1, 2, 3]
for s in L["stages"]:
    assert set(s) >= {"index", "name", "path", "ops", "ops_by_dialect", "ops_by_device"}
assert L["stages"][0]["ops_by_dialect"] == {"builtin": 1, "mo": 7, "rmo": 4}, L["stages"][0]
assert any(p.endswith("llama3.kernels.mojo") for p in L["mojo_files"])
t0 = L["transitions"][0]
assert (t0["from"], t0["to"], t0["changed"]) == (0, 1, True)
assert set(t0) >= {"from", "to", "changed", "counts", "fusions", "placements", "transfers", "lowerings"}
assert len(t0["fusions"]) == 1, t0["fusions"]
f = t0["fusions"][0]
assert f["into"]["op"] == "mo.composite.matmul_add", f
assert sorted(m["op"] for m in f["from"]) == ["rmo.add", "rmo.matmul"], f
assert [(p["op"], p["from"], p["to"]) for p in t0["placements"]] == [
    ("mo.constant.external", "cpu", "gpu:0")], t0["placements"]
assert [(x["op"], x["change"], x["from"], x["to"]) for x in t0["transfers"]] == [
    ("mo.transfer", "removed", "cpu", "gpu:0")], t0["transfers"]
# mogg-pre-mgp only adds debug locations: unchanged
t2 = L["transitions"][2]
assert (t2["from_name"], t2["to_name"], t2["changed"]) == ("mogg", "mogg-pre-mgp", False), t2
assert t2["counts"]["unchanged"] == L["stages"][3]["ops"], t2["counts"]

A = g["add"]
assert [s["name"] for s in A["stages"]] == ["mo", "mo-pre-mogg", "mo-pre-mogg_1", "a-cleanup"]
assert A["stages"][3].get("unknown_stage") is True
assert any("a-cleanup" in n for n in doc["notes"]), doc["notes"]
a0, a1, a2 = A["transitions"]
assert not a0["changed"] and not a2["changed"], (a0, a2)
assert [(p["op"], p["from"], p["to"]) for p in a1["placements"]] == [("mo.add", "cpu", "gpu:0")]
xs = sorted((x["change"], x["from"], x["to"]) for x in a1["transfers"])
assert xs == [("added", "cpu", "gpu:0"), ("added", "cpu", "gpu:0"), ("added", "gpu:0", "cpu")], xs
assert a1["counts"]["added"] == 3 and a1["counts"]["removed"] == 0, a1["counts"]
print("ok json")
PY

# text: repeated transfers folded, unchanged stages named
$MT irdiff "$D" >"$W/out.txt" || fail=1
grep -q '2x transfer  added mo.transfer: cpu -> gpu:0' "$W/out.txt" &&
	grep -q '\[2\] mogg -> \[3\] mogg-pre-mgp: unchanged' "$W/out.txt" &&
	grep -q 'fused     mo.composite.matmul_add <- rmo.matmul + rmo.add' "$W/out.txt" ||
	{ echo "unexpected text output"; cat "$W/out.txt"; fail=1; }
$MT irdiff --format markdown --graph llama3 "$D" >"$W/out.md" || fail=1
grep -q '^## Graph `llama3`' "$W/out.md" && ! grep -q '^## Graph `add`' "$W/out.md" ||
	{ echo "unexpected markdown"; cat "$W/out.md"; fail=1; }

# explicit files are stages in argument order
$MT irdiff --format json "$D/llama3.mo.mlir" "$D/llama3.mo-pre-mogg.mlir" >"$W/files.json" || fail=1
python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["graphs"][0]["transitions"]
assert len(t) == 1 and t[0]["fusions"][0]["into"]["op"] == "mo.composite.matmul_add", t
' "$W/files.json" || fail=1

# stages given on stdin ("-"): a capture piped in
printf '// -----// IR Dump After A (a) //----- //\nmodule {\n  "d.x"() : () -> ()\n}\n// -----// IR Dump After B (b) //----- //\nmodule {\n  "d.y"() : () -> ()\n}\n' |
	$MT irdiff --format json - >"$W/stdin.json" || fail=1
python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))["graphs"]
assert [s["name"] for s in g[0]["stages"]] == ["a", "b"], g
t = g[0]["transitions"][0]["counts"]
assert (t["added"], t["removed"]) == (1, 1), t
' "$W/stdin.json" || { echo "stdin capture not read"; fail=1; }

# exit statuses: 2 usage, 3 unreadable input
expect() { # status command...
	want=$1
	shift
	"$@" >/dev/null 2>"$W/status.err"
	got=$?
	if [ $got -ne $want ]; then
		echo "'$*' exited $got, not $want"
		fail=1
	fi
	if [ $want -ne 0 ] && ! grep -q '^maxtriage: irdiff: ' "$W/status.err"; then
		echo "'$*': no error line"; cat "$W/status.err"; fail=1
	fi
}
expect 0 $MT irdiff --help
expect 2 $MT irdiff
expect 2 $MT irdiff --format yaml "$D"
expect 2 $MT irdiff --trace nowhere "$D"
expect 2 $MT irdiff --graph nosuch "$D"
expect 3 $MT irdiff "$W/does-not-exist"
expect 2 $MT irdiff --from mogg --to mo --graph llama3 "$D"
mkdir -p "$W/empty"
expect 3 $MT irdiff "$W/empty"
# what is neither MLIR nor LLVM IR is refused, one line naming the
# file: prose, a binary; LLVM IR (a function and an -print-after-all
# header, as opt writes them) is read, its stages compared
for f in README.md "$MAXTRIAGE"; do
	expect 2 $MT irdiff "$f"
	grep -q "cannot read '$f' as MLIR or LLVM IR: " "$W/status.err" && [ "$(wc -l <"$W/status.err")" -eq 1 ] ||
		{ echo "refusal of $f does not name it in one line"; cat "$W/status.err"; fail=1; }
done
printf '; *** IR Dump Before InstCombinePass on f ***\ndefine i32 @f(i32 %%x) {\n  %%y = add i32 %%x, 0\n  ret i32 %%y\n}\n; *** IR Dump After InstCombinePass on f ***\ndefine i32 @f(i32 %%x) {\n  ret i32 %%x\n}\n' >"$W/f.ll"
expect 0 $MT irdiff "$W/f.ll"
$MT irdiff "$W/f.ll" | grep -q '\[0\] before InstCombinePass on f -> \[1\] InstCombinePass on f: 0 added, 1 removed, 1 modified' ||
	{ echo "LLVM IR capture not read as stages"; $MT irdiff "$W/f.ll"; fail=1; }
exit $fail
