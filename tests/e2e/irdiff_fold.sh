#!/bin/sh
# Findings repeated across functions and layers are printed once with a
# count (text, markdown, HTML) while the JSON keeps every instance; a
# capture without locations says so once (text, JSON notes, HTML);
# --show-ir prints the hunks diff -u prints.
#
# Input: bench/gen_tosa_conv.py 100 (100 functions, each a TOSA residual
# conv block, the ops of llvm-project's TosaToLinalg tests) through a
# function pipeline with mlir-opt-19, after-all at op scope: every
# function gets its own dumps, so each finding happens 100 times, once
# per function, each with that function's own ops.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=irdiff_fold
need_mlir_opt
need_tools python3 diff
fail=0
N=100
P='builtin.module(canonicalize,func.func(tosa-to-linalg-named,tosa-to-linalg,linalg-fuse-elementwise-ops,canonicalize))'
python3 "$root/bench/gen_tosa_conv.py" $N >"$tmp/convs.mlir"
for d in debug nodebug; do
	dbg=--mlir-print-debuginfo
	[ $d = nodebug ] && dbg=
	# shellcheck disable=SC2086 # $dbg is one flag or none
	"$MLIR_OPT" "$tmp/convs.mlir" $dbg --mlir-disable-threading \
		--mlir-print-ir-after-all --pass-pipeline="$P" -o /dev/null \
		2>"$tmp/$d.txt" || { echo "FAIL mlir-opt ($d)"; exit 1; }
	for f in text markdown json html; do
		"$bin" irdiff --format $f "$tmp/$d.txt" >"$tmp/$d.$f" ||
			{ echo "FAIL irdiff --format $f ($d)"; fail=1; }
	done
done

python3 - "$tmp" $N <<'PY' || fail=1
import json, re, sys
t, n = sys.argv[1], int(sys.argv[2])
fails = []
note = "the stages have no source locations"
for d in ("debug", "nodebug"):
    text = open(f"{t}/{d}.text").read()
    md = open(f"{t}/{d}.markdown").read()
    page = open(f"{t}/{d}.html").read()
    doc = json.load(open(f"{t}/{d}.json"))
    # a screenful: the 100 functions' 400 transitions fold into a few
    # lines per pass
    if len(text.splitlines()) > 30:
        fails.append(f"{d}: text is {len(text.splitlines())} lines, want a screenful")
    if len(md.splitlines()) > 60:
        fails.append(f"{d}: markdown is {len(md.splitlines())} lines")
    want = f"{n}x fused     linalg.generic <- linalg.generic + linalg.generic"
    if want not in text:
        fails.append(f"{d}: text lacks {want!r}")
    if f"{n}x" not in md or "fused" not in md:
        fails.append(f"{d}: markdown does not fold the {n} fusions")
    if f"&times;{n}" not in page:
        fails.append(f"{d}: HTML shows no row x{n}")
    # JSON: every instance, each in its own function, with its own members
    fus = [(f, tr) for g in doc["graphs"] for tr in g["transitions"] for f in tr["fusions"]]
    if len(fus) != n:
        fails.append(f"{d}: JSON has {len(fus)} fusions, want {n}")
    funcs = set()
    for f, tr in fus:
        fn = f["into"]["function"]
        funcs.add(fn)
        if fn not in tr["to_name"]:
            fails.append(f"{d}: fusion in @{fn} reported at {tr['to_name']}")
        if any(m["function"] != fn for m in f["from"]):
            fails.append(f"{d}: a member of the fusion in @{fn} is from another function")
        if d == "debug":
            # gen_tosa_conv.py: @convK takes lines 2 + 6K .. 7 + 6K, its
            # add and clamp on 4 + 6K and 5 + 6K
            k = int(fn[4:])
            lines = sorted(int(m["loc"].split(":")[1]) for m in f["from"])
            if lines != [4 + 6 * k, 5 + 6 * k]:
                fails.append(f"{d}: @{fn} fused lines {lines}, want its add and clamp")
    if len(funcs) != n:
        fails.append(f"{d}: fusions in {len(funcs)} functions, want {n}")
    # the note on captures without locations: once, in every format
    k = text.count(note)
    if (d == "nodebug") != (k == 1) or k > 1:
        fails.append(f"{d}: the no-location note is in the text {k} times")
    has = any(note in x for x in doc["notes"])
    if (d == "nodebug") != has:
        fails.append(f"{d}: JSON notes {doc['notes']}")
    if (d == "nodebug") != (page.count(note) == 1):
        fails.append(f"{d}: the HTML has the note {page.count(note)} times")
for f in fails:
    print("FAIL", f)
sys.exit(1 if fails else 0)
PY

# --show-ir: two one-line edits in a 67k-line stage are two hunks, as
# diff -u prints them (SSA names are first-use order already, so the
# normalised text is the text)
python3 - "$tmp" <<'PY'
import sys
t = sys.argv[1]
lines = ["module {", "  func.func @big(%v0: f32) -> f32 {"]
for i in range(1, 67000):
    lines.append("    %%v%d = arith.addf %%v%d, %%v0 : f32" % (i, i - 1))
lines += ["    return %v66999 : f32", "  }", "}"]
open(f"{t}/a.mlir", "w").write("\n".join(lines) + "\n")
lines[10000] = lines[10000].replace("arith.addf", "arith.mulf")
lines[50000] = lines[50000].replace("arith.addf", "arith.subf")
open(f"{t}/b.mlir", "w").write("\n".join(lines) + "\n")
PY
"$bin" irdiff --show-ir "$tmp/a.mlir" "$tmp/b.mlir" >"$tmp/show.txt" 2>&1 ||
	{ echo "FAIL irdiff --show-ir"; cat "$tmp/show.txt"; fail=1; }
diff -u "$tmp/a.mlir" "$tmp/b.mlir" | sed 1,2d >"$tmp/u.txt"
sed -n '/^@@ /,$p' "$tmp/show.txt" | grep -E '^(@@| |-|\+)' | grep -v '^+++\|^---' >"$tmp/hunks.txt"
if ! cmp -s "$tmp/u.txt" "$tmp/hunks.txt"; then
	echo "FAIL --show-ir hunks differ from diff -u:"
	diff "$tmp/u.txt" "$tmp/hunks.txt" | head -20
	fail=1
fi
[ "$(grep -c '^@@ ' "$tmp/hunks.txt")" = 2 ] || { echo "FAIL --show-ir: not two hunks"; fail=1; }
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
