#!/bin/sh
# The CI surfaces (issue 24, docs/ci.md), as a GitHub Actions or GitLab
# job would use them, over the real crash fixtures:
# - SARIF (stack and bucket) valid against the published SARIF 2.1.0
#   schema (testdata/ci/sarif-schema-2.1.0.json, python3-jsonschema);
#   each result's location is the source line of the crash read off the
#   fixture sources (the trap's __builtin_trap, the division by zero...),
#   relative to the repository with --repo; fingerprints as the baseline;
# - --format github lines are workflow commands (actions/toolkit's
#   command.ts format), unescaped they say what the JSON says; at most 10
#   error annotations, the rest summed up in one warning; the markdown
#   summary appended to $GITHUB_STEP_SUMMARY;
# - JUnit XML valid against Jenkins' JUnit schema
#   (testdata/ci/junit-10.xsd, xmllint), one failed testcase per new
#   bucket.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$(dirname "$0")/lib/fixtures.sh"
NAME=ci
need_tools xmllint
py=/usr/bin/python3
if ! "$py" -c 'import jsonschema' 2>/dev/null; then
	echo "$NAME: skipped: python3-jsonschema not installed (Debian package python3-jsonschema)"
	exit 77
fi
crashers_dir >/dev/null 2>&1 || {
	echo "cannot build the crash fixtures"
	exit 77
}
if ! git -C "$root" rev-parse --show-toplevel >/dev/null 2>&1; then
	echo "$NAME: skipped: $root is not a git work tree (--repo needs one)"
	exit 77
fi
repo=$(git -C "$root" rev-parse --show-toplevel)
fail=0
args="--repo $repo --rules $root/testdata/crashers/rules.json --binary-dir $fx/gcc/bin --debug-dir $fx/gcc/debug"
dumps=$fx/gcc/dumps
mkdir "$tmp/known"
for f in "$dumps"/*; do
	case $(basename "$f") in fpe.*) ;; *) cp "$f" "$tmp/known/" ;; esac
done
$bin bucket -j 2 $args --write-baseline "$tmp/base.json" "$tmp/known" >/dev/null
for f in json sarif junit markdown; do
	$bin bucket -j 2 $args --baseline "$tmp/base.json" --format $f "$dumps" >"$tmp/b.$f"
	rc=$?
	[ $rc -eq 1 ] || { echo "FAIL bucket --format $f with a new bucket: exit $rc, want 1"; fail=1; }
done
$bin bucket -j 2 $args --format sarif "$dumps" >"$tmp/nobase.sarif"
$bin bucket -j 2 $args --format junit "$dumps" >"$tmp/nobase.junit"
$bin stack $args --format sarif "$dumps/segv.modoff.txt" "$dumps/trap.column.txt" >"$tmp/stack.sarif"
$bin stack $args --format json "$dumps/segv.modoff.txt" "$dumps/trap.column.txt" >"$tmp/stack.json"
printf 'before\n' >"$tmp/summary.md"
GITHUB_STEP_SUMMARY=$tmp/summary.md $bin bucket -j 2 $args --baseline "$tmp/base.json" --format github "$dumps" >"$tmp/b.github"
rc=$?
[ $rc -eq 1 ] || { echo "FAIL --format github with a new bucket: exit $rc, want 1"; fail=1; }

# a summary that cannot be appended to is an output error (exit 3)
GITHUB_STEP_SUMMARY=$tmp/no/such/dir/summary.md $bin bucket -j 2 $args --format github "$dumps" >/dev/null 2>"$tmp/sum.err"
rc=$?
[ $rc -eq 3 ] && [ "$(wc -l <"$tmp/sum.err")" -eq 1 ] && grep -q "cannot append to GITHUB_STEP_SUMMARY" "$tmp/sum.err" ||
	{ echo "FAIL an unwritable GITHUB_STEP_SUMMARY: exit $rc, $(cat "$tmp/sum.err")"; fail=1; }

# a message that holds what workflow commands escape: % , : and a newline
mkdir "$tmp/esc"
printf 'ABORT: 100%% broken, really: yes\n' >"$tmp/esc/dump.txt"
$bin bucket --no-repo --format github "$tmp/esc" >"$tmp/esc.github"
$bin bucket --no-repo --format json "$tmp/esc" >"$tmp/esc.json"
# the cap: testdata/real holds far more than ten different crashes
$bin bucket --no-repo --no-symbolize --format github "$root/testdata/real" >"$tmp/real.github"
$bin bucket --no-repo --no-symbolize --format json "$root/testdata/real" >"$tmp/real.json"
# and what people paste (any bytes, names, paths): every format valid
$bin bucket --no-repo --no-symbolize --format sarif "$root/testdata/real" >"$tmp/real.sarif"
$bin bucket --no-repo --no-symbolize --format junit "$root/testdata/real" >"$tmp/real.junit"
$bin stack --no-repo --no-symbolize --format sarif "$root"/testdata/real/*.txt >"$tmp/real-stack.sarif"

"$py" - "$tmp" "$root" "$repo" "$dumps" <<'PY' || fail=1
import json, os, re, sys, jsonschema
t, root, repo, dumps = sys.argv[1:5]
fails = []
def check(c, what):
    if not c:
        fails.append(what)

schema = json.load(open(f"{root}/testdata/ci/sarif-schema-2.1.0.json"))
V = jsonschema.Draft202012Validator
# (not V.check_schema: the schema as published lists an anyOf among
# region's properties, which its metaschema rejects; validating with it works)
val = V(schema, format_checker=jsonschema.FormatChecker())
# the validator can say no: a result without its message
bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "x"}]}]}
check(list(val.iter_errors(bad)), "the SARIF schema accepts a result without a message")
for name in ("b.sarif", "nobase.sarif", "stack.sarif", "real.sarif", "real-stack.sarif"):
    doc = json.load(open(f"{t}/{name}"))
    errs = list(val.iter_errors(doc))
    check(not errs, f"{name} is not valid SARIF 2.1.0: {[e.message for e in errs[:3]]}")

# the source line of each crash, read off the fixture sources
def line_of(path, needle):
    for i, l in enumerate(open(path), 1):
        if needle in l:
            return i
    raise SystemExit(f"{needle!r} not in {path}")
src = f"{root}/testdata/crashers"
rel = os.path.relpath(src, repo)
where = {
    "trap": (f"{rel}/kernels.c", line_of(f"{src}/kernels.c", "__builtin_trap()")),
    "fpe": (f"{rel}/kernels.c", line_of(f"{src}/kernels.c", "acc += v[i] / d;")),
    "assert": (f"{rel}/model.cpp", line_of(f"{src}/model.cpp", 'assert(heads_ % 2 == 0')),
}
mode = lambda f: os.path.basename(f).split(".")[0]

d = json.load(open(f"{t}/b.json"))
s = json.load(open(f"{t}/b.sarif"))
run = s["runs"][0]
check(s["version"] == "2.1.0", "SARIF version")
check(run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + repo.rstrip("/") + "/",
      f"SRCROOT is {run.get('originalUriBaseIds')}, the repository is {repo}")
res = run["results"]
check(len(res) == len(d["buckets"]), f"{len(res)} results for {len(d['buckets'])} buckets")
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
for r, b in zip(res, d["buckets"]):
    fp = b["fingerprint"]
    m = mode(b["files"][0])
    check(r["ruleId"] == fp and rules[r["ruleIndex"]] == fp, f"{m}: ruleId {r['ruleId']}, fingerprint {fp}")
    check(list(r["partialFingerprints"].values()) == [fp], f"{m}: partialFingerprints {r['partialFingerprints']}")
    check(b["signature"] in r["message"]["text"] and b["kind"] in r["message"]["text"],
          f"{m}: message {r['message']['text']!r} lacks the signature or kind")
    # new: the fpe crash alone (the baseline has every other mode)
    want_state = "new" if m == "fpe" else "unchanged"
    check(r.get("baselineState") == want_state, f"{m}: baselineState {r.get('baselineState')}, want {want_state}")
    pl = r["locations"][0]["physicalLocation"]
    if m in where:
        got = (pl["artifactLocation"]["uri"], pl["region"]["startLine"])
        check(got == where[m] and pl["artifactLocation"].get("uriBaseId") == "SRCROOT",
              f"{m}: location {got}, the source says {where[m]}")
    fr = r["stacks"][0]["frames"]
    flow = r["codeFlows"][0]["threadFlows"][0]["locations"]
    check(len(fr) == len(b["example_stack"]["frames"]) == len(flow), f"{m}: frames in stacks/codeFlows/JSON differ")
    check([x["location"]["message"]["text"] for x in fr] ==
          [x["location"]["message"]["text"] for x in reversed(flow)], f"{m}: the code flow is not the stack reversed")
rr = json.load(open(f"{t}/real.sarif"))["runs"][0]["results"]
check(len(rr) == len(json.load(open(f"{t}/real.json"))["buckets"]), "testdata/real: a result per bucket")
ns = json.load(open(f"{t}/nobase.sarif"))["runs"][0]["results"]
check(all("baselineState" not in r for r in ns), "baselineState without a baseline")

# stack: one result per report, in input order
st = json.load(open(f"{t}/stack.sarif"))["runs"][0]["results"]
sj = json.load(open(f"{t}/stack.json"))["reports"]
check([r["ruleId"] for r in st] == [r["fingerprint"] for r in sj], "stack SARIF results are not the reports")
check(st[1]["locations"][0]["physicalLocation"]["region"]["startLine"] == where["trap"][1], "stack SARIF trap location")

# workflow commands: "::error k=v,k=v::message", escaped as command.ts does
cmd = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")
def unesc(s, prop):
    s = s.replace("%0D", "\r").replace("%0A", "\n")
    if prop:
        s = s.replace("%3A", ":").replace("%2C", ",")
    return s.replace("%25", "%")
def parse(path):
    out = []
    for line in open(path).read().splitlines():
        m = cmd.match(line)
        if not m:
            fails.append(f"{os.path.basename(path)}: not a workflow command: {line!r}")
            continue
        props = {}
        for kv in (m.group(2) or "").split(","):
            if kv:
                k, v = kv.split("=", 1)
                props[k] = unesc(v, True)
        out.append((m.group(1), props, unesc(m.group(3), False)))
    return out
gh = parse(f"{t}/b.github")
errors = [c for c in gh if c[0] == "error"]
check(len(errors) == 1, f"{len(errors)} ::error lines for one new bucket")
if errors:
    _, p, msg = errors[0]
    check((p.get("file"), int(p.get("line", 0))) == where["fpe"], f"github: the new bucket at {p}, the source says {where['fpe']}")
    fpe = [b for b in d["buckets"] if mode(b["files"][0]) == "fpe"][0]
    check(msg.splitlines()[0] == fpe["signature"], f"github: message {msg!r}")
summary = open(f"{t}/summary.md").read()
check(summary.startswith("before\n"), "GITHUB_STEP_SUMMARY was not appended to")
rows = [l for l in summary.splitlines() if l.startswith("| ") and "---" not in l][1:]
check(len(rows) == len(d["buckets"]) and sum("**NEW**" in r for r in rows) == 1,
      f"job summary: {len(rows)} rows, {sum('**NEW**' in r for r in rows)} new")
for b in d["buckets"]:
    check(b["fingerprint"] in summary, f"job summary lacks {b['fingerprint']}")
e = parse(f"{t}/esc.github")
ej = json.load(open(f"{t}/esc.json"))
check(len(e) == 1 and e[0][2].splitlines()[0] == ej["buckets"][0]["signature"],
      f"github escaping: {e} vs {ej['buckets'][0]['signature']!r}")
raw = open(f"{t}/esc.github").read()
check("%25 broken, really: yes" in raw, f"github: '%' not escaped, ',' and ':' not kept in the message: {raw!r}")
check("title=maxtriage crash%3A " in raw, f"github: ':' not escaped in a property: {raw!r}")
# the cap: 10 errors, one warning with the rest
rj = json.load(open(f"{t}/real.json"))
rg = parse(f"{t}/real.github")
errs = [c for c in rg if c[0] == "error"]
warns = [c for c in rg if c[0] == "warning" and "not annotated" in c[2]]
check(len(rj["buckets"]) > 10, "testdata/real has more than 10 buckets")
check(len(errs) == 10, f"{len(errs)} ::error lines, GitHub shows 10 per step")
check(len(warns) == 1 and warns[0][2].startswith(f"{len(rj['buckets']) - 10} more "),
      f"the rest summed up: {warns}")
check(len([c for c in rg if c[0] == "warning"]) <= 10, "more than 10 warnings")
for f in fails:
    print("FAIL", f)
sys.exit(1 if fails else 0)
PY

# JUnit: valid against Jenkins' schema; the validator can say no
xsd=$root/testdata/ci/junit-10.xsd
for f in b.junit nobase.junit real.junit; do
	xmllint --noout --schema "$xsd" "$tmp/$f" 2>"$tmp/xmllint.err" ||
		{ echo "FAIL $f does not validate against junit-10.xsd: $(head -3 "$tmp/xmllint.err")"; fail=1; }
done
sed 's/<testcase classname="\([^"]*\)" name="[^"]*"/<testcase classname="\1"/' "$tmp/b.junit" >"$tmp/bad.junit"
xmllint --noout --schema "$xsd" "$tmp/bad.junit" 2>/dev/null &&
	{ echo "FAIL junit-10.xsd accepts a testcase without a name"; fail=1; }
"$py" - "$tmp" <<'PY' || fail=1
import json, os, sys
import xml.etree.ElementTree as ET
t = sys.argv[1]
d = json.load(open(f"{t}/b.json"))
fails = []
for name, want_failed in (("b.junit", 1), ("nobase.junit", len(d["buckets"]))):
    root = ET.parse(f"{t}/{name}").getroot()
    cases = root.findall("./testsuite/testcase")
    failed = [c for c in cases if c.find("failure") is not None]
    if len(cases) != len(d["buckets"]) or len(failed) != want_failed or root.get("failures") != str(want_failed):
        fails.append(f"{name}: {len(cases)} testcases, {len(failed)} failed ({root.get('failures')}), want {len(d['buckets'])} and {want_failed}")
    if name == "b.junit" and failed:
        if "fpe." not in failed[0].find("failure").text:
            fails.append("b.junit: the failed testcase is not the fpe bucket")
for f in fails:
    print("FAIL", f)
sys.exit(1 if fails else 0)
PY
[ $fail -eq 0 ] && echo "ci: ok"
exit $fail
