#!/bin/sh
# --format html for irdiff, report, stack and bucket: one self-contained page, rendered by
# headless Chromium (started here) at the window widths people use
# (1280, 1400, 1920 px), over testdata/ir/max-dump, a real mlir-opt-19
# capture (as tests/e2e/irdiff_mlir_opt.sh makes it), a stage pair that
# differs only in SSA numbering and one dropped op, and affine-loop-fusion
# on llvm-project's cases (testdata/ir/upstream/fusions/build): its
# "Fusion groups" rows are the JSON's fusions, inside the window at 1280
# and 1920 px.
#
# Pixels (screenshots at 1280 and 1920 px, read with python3-pil): charts
# drawn in colour, and the right margin empty, so no content runs past
# the window. DOM (--dump-dom after a probe script appended to a copy of
# each page has run): no page-wide horizontal scroll, both IR panes
# inside the window, chart names never overlapping bars nor cut, legend
# colours distinct, highlighted lines per stage pair, findings folded.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
	echo "chromium not installed (Debian package chromium)"
	exit 77
fi
# Debian's python3 reads the PNGs (python3-pil); a python3 earlier on PATH
# may not have PIL
py=/usr/bin/python3
if ! "$py" -c 'import PIL' 2>/dev/null; then
	echo "python3-pil not installed (Debian package python3-pil)"
	exit 77
fi
fail=0
dump=$root/testdata/ir/max-dump
cat >"$tmp/crash.txt" <<'TXT'
[OP] LAUNCH rmo.matmul [id=5] target=gpu:0
An error occurred in kernel entry point named "llama3":
An error occurred in kernel named "mo.composite.matmul_add":
CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)
TXT
$bin irdiff --format html "$dump" >"$tmp/irdiff.html" || { echo "FAIL irdiff --format html"; exit 1; }
$bin irdiff --format json "$dump" >"$tmp/irdiff.json" || { echo "FAIL irdiff --format json"; exit 1; }
$bin report --no-repo --format html --stack "$tmp/crash.txt" --ir "$dump" >"$tmp/report.html" ||
	{ echo "FAIL report --format html"; exit 1; }
pages="irdiff report renum"

# renumbered: llama3's first stage and the same text without its unused
# mo.chain.create, every later %N one lower (one line differs); and, as
# graph "locs", its last stage (debug locations as #loc aliases) without
# that op and its #loc3, later #locN one lower, %argN renamed %arg(N+5):
# two lines differ
mkdir "$tmp/renum"
cp "$dump/llama3.mo.mlir" "$tmp/renum/llama3.mo.mlir"
cp "$dump/llama3.mogg-pre-mgp.mlir" "$tmp/renum/locs.mo.mlir"
"$py" - "$dump" "$tmp/renum" <<'PY'
import re, sys
src, out = sys.argv[1:3]
def renumber(name, to, drop, args):
    text = open(f"{src}/{name}").read()
    lines = text.split("\n")
    kept = [l for l in lines if not any(d in l for d in drop)]
    assert len(kept) == len(lines) - len(drop), f"{name}: {drop} not one line each"
    t = "\n".join(kept)
    t = re.sub(r"%(\d+)\b", lambda m: "%%%d" % (int(m.group(1)) - (int(m.group(1)) > 2)), t)
    t = re.sub(r"#loc(\d+)\b", lambda m: "#loc%d" % (int(m.group(1)) - (int(m.group(1)) > 3)), t)
    if args:
        t = re.sub(r"%arg(\d+)\b", lambda m: "%%arg%d" % (int(m.group(1)) + 5), t)
    open(f"{out}/{to}", "w").write(t)
renumber("llama3.mo.mlir", "llama3.mo-pre-mogg.mlir", ["mo.chain.create"], False)
renumber("llama3.mogg-pre-mgp.mlir", "locs.mo-pre-mogg.mlir", ["mo.chain.create", "#loc3 ="], True)
PY
$bin irdiff --format html "$tmp/renum" >"$tmp/renum.html" || { echo "FAIL irdiff renum"; exit 1; }

# a real capture, when Debian's mlir-opt is here: GPU placement, fusion
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
if [ -x "$MLIR_OPT" ]; then
	src=$root/testdata/ir/mlir-opt/model.mlir
	P='builtin.module(func.func(linalg-fuse-elementwise-ops,canonicalize,cse),one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-parallel-loops,gpu-map-parallel-loops,convert-parallel-loops-to-gpu),gpu-kernel-outlining)'
	# shellcheck disable=SC2086 # the flags are words
	"$MLIR_OPT" "$src" --pass-pipeline="$P" --mlir-print-debuginfo --mlir-disable-threading \
		--mlir-print-ir-before=linalg-fuse-elementwise-ops --mlir-print-ir-after-all \
		-o /dev/null 2>"$tmp/after-all.txt" || { echo "FAIL mlir-opt"; exit 1; }
	# the same model only fused: every op stays on the CPU
	"$MLIR_OPT" "$src" --pass-pipeline='builtin.module(func.func(linalg-fuse-elementwise-ops,canonicalize))' \
		--mlir-print-debuginfo --mlir-disable-threading --mlir-print-ir-after-all -o /dev/null 2>"$tmp/cpu.txt" ||
		{ echo "FAIL mlir-opt (cpu)"; exit 1; }
	$bin irdiff --format html "$tmp/after-all.txt" >"$tmp/mlir.html" || { echo "FAIL irdiff mlir"; exit 1; }
	$bin irdiff --format json "$tmp/after-all.txt" >"$tmp/mlir.json" || { echo "FAIL irdiff mlir json"; exit 1; }
	$bin irdiff --format html "$tmp/cpu.txt" >"$tmp/cpu.html" || { echo "FAIL irdiff cpu"; exit 1; }
	# fusion groups: affine-loop-fusion on llvm-project's cases (issue 19)
	lf=$root/testdata/ir/upstream/fusions/build/loop-fusion.mlir
	"$MLIR_OPT" -allow-unregistered-dialect "$lf" \
		--pass-pipeline='builtin.module(func.func(affine-loop-fusion))' \
		--mlir-print-debuginfo --mlir-disable-threading --mlir-print-ir-before=affine-loop-fusion \
		--mlir-print-ir-after-all -o /dev/null 2>"$tmp/fusions.txt" ||
		{ echo "FAIL mlir-opt (fusions)"; exit 1; }
	$bin irdiff --format html "$tmp/fusions.txt" >"$tmp/fusions.html" || { echo "FAIL irdiff fusions"; exit 1; }
	$bin irdiff --format json "$tmp/fusions.txt" >"$tmp/fusions.json" || { echo "FAIL irdiff fusions json"; exit 1; }
	pages="$pages mlir fusions"
else
	echo "note: $MLIR_OPT not installed, the real-capture pages are not checked"
fi

# stack and bucket pages (issue 24) over the real crash fixtures: long
# C++ names, both classes, a baseline that leaves one bucket new
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$(dirname "$0")/lib/fixtures.sh"
if crashers_dir >/dev/null 2>&1; then
	cargs="--no-repo --rules $root/testdata/crashers/rules.json --binary-dir $fx/gcc/bin --debug-dir $fx/gcc/debug"
	mkdir "$tmp/known"
	for f in "$fx/gcc/dumps"/*; do
		case $(basename "$f") in fpe.*) ;; *) cp "$f" "$tmp/known/" ;; esac
	done
	$bin bucket -j 2 $cargs --write-baseline "$tmp/base.json" "$tmp/known" >/dev/null
	$bin bucket -j 2 $cargs --baseline "$tmp/base.json" --format html "$fx/gcc/dumps" >"$tmp/bucket.html"
	[ $? -eq 1 ] || { echo "FAIL bucket --format html"; exit 1; }
	$bin bucket -j 2 $cargs --baseline "$tmp/base.json" --format json "$fx/gcc/dumps" >"$tmp/bucket.json"
	$bin stack $cargs --format html "$fx/gcc/dumps/assert.symbolized.txt" "$fx/gcc/dumps/thread.column.txt" >"$tmp/stack.html" ||
		{ echo "FAIL stack --format html"; exit 1; }
	$bin stack $cargs --format json "$fx/gcc/dumps/assert.symbolized.txt" "$fx/gcc/dumps/thread.column.txt" >"$tmp/stack.json"
	pages="$pages stack bucket"
else
	echo "note: the crash fixtures could not be built, the stack and bucket pages are not checked"
fi

# self-contained: nothing is fetched (no src, href, url() or @import)
for f in $pages; do
	if grep -Eo '(src|href)="[^"]*"|url\([^)]*\)|@import' "$tmp/$f.html" | grep -q .; then
		echo "FAIL $f.html refers to external resources"
		fail=1
	fi
done

# the probe runs after the page's own script and writes what it measured
# into the DOM; it goes into a copy, never into what maxtriage writes
cat >"$tmp/probe.js" <<'JS'
<script>
(function(){
var r={iw:innerWidth,sw:document.documentElement.scrollWidth,panes:[],overlap:0,cut:0,legends:[],pairs:[]};
function box(e){return e.getBoundingClientRect();}
document.querySelectorAll('.chart').forEach(function(c){
  var cr=box(c),k=c.children;
  for(var i=0;i+1<k.length;i+=2){var lab=box(k[i]);
    if(k[i].scrollWidth>k[i].clientWidth+1||k[i].scrollHeight>k[i].clientHeight+1)r.cut++;
    k[i+1].querySelectorAll('i,.num').forEach(function(s){var q=box(s);
      if(q.left<lab.right-0.5&&q.right>lab.left+0.5&&q.top<lab.bottom&&q.bottom>lab.top)r.overlap++;
      if(q.right>cr.right+0.5||q.right>innerWidth)r.cut++;});}});
document.querySelectorAll('.legend').forEach(function(l){
  r.legends.push([].map.call(l.querySelectorAll('.sw'),function(s){return getComputedStyle(s).backgroundColor;}));});
var sel=document.getElementById('pair'),L=document.getElementById('left'),R=document.getElementById('right');
function panes(){var a=box(L),b=box(R);r.panes.push([a.left,a.right,b.left,b.right]);
  r.sw=Math.max(r.sw,document.documentElement.scrollWidth);}
if(sel&&L&&R){panes();[].forEach.call(sel.options,function(o){sel.value=o.value;sel.dispatchEvent(new Event('change'));
  r.pairs.push({pair:o.textContent,lo:L.querySelectorAll('.only').length,ln:L.children.length,
    ro:R.querySelectorAll('.only').length,rn:R.children.length});panes();});}
r.fusion_rows=0;r.fusion_cut=0;
document.querySelectorAll('tr.fusion').forEach(function(t){r.fusion_rows++;
  t.querySelectorAll('td').forEach(function(c){if(box(c).right>innerWidth+0.5)r.fusion_cut++;});});
var p=document.createElement('pre');p.id='probe';p.textContent=JSON.stringify(r);document.body.appendChild(p);
})();
</script>
JS

chrome() { # chrome PROFILE ARGS...
	p=$1
	shift
	timeout 90 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --hide-scrollbars --user-data-dir="$tmp/$p" "$@" 2>/dev/null
}
for f in $pages; do
	sed 's|</body></html>|__PROBE__&|' "$tmp/$f.html" >"$tmp/$f.tmp"
	"$py" -c 'import sys; t=open(sys.argv[1]).read(); p=open(sys.argv[2]).read(); open(sys.argv[3],"w").write(t.replace("__PROBE__",p))' \
		"$tmp/$f.tmp" "$tmp/probe.js" "$tmp/$f.probe.html"
	case $f in
	renum) widths=1280 ;;
	report | stack | bucket | fusions) widths="1280 1920" ;;
	*) widths="1280 1400 1920" ;;
	esac
	for w in $widths; do
		chrome "p-$f-dom-$w" --window-size=$w,900 --run-all-compositor-stages-before-draw \
			--virtual-time-budget=5000 --dump-dom "file://$tmp/$f.probe.html" >"$tmp/$f.$w.dom" ||
			{ echo "FAIL chromium --dump-dom $f at $w px"; fail=1; }
	done
	case $f in
	renum) ;;
	*)
		for w in 1280 1920; do
			chrome "p-$f-png-$w" --window-size=$w,3600 --screenshot="$tmp/$f.$w.png" \
				"file://$tmp/$f.html" >/dev/null ||
				{ echo "FAIL chromium --screenshot $f at $w px"; fail=1; }
		done
		;;
	esac
done
[ -n "${MT_HTML_KEEP:-}" ] && cp "$tmp"/*.png "$tmp"/*.html "$MT_HTML_KEEP"/ 2>/dev/null

"$py" - "$tmp" "$pages" <<'PY' || fail=1
import collections, glob, html, json, os, re, sys
from PIL import Image
t, pages = sys.argv[1], sys.argv[2].split()
fails = []

# pixels: colour, and a right margin that content never enters
for path in sorted(glob.glob(f"{t}/*.png")):
    name = os.path.basename(path)
    im = Image.open(path).convert("RGB")
    w, h = im.size
    px = im.load()
    colours, saturated = set(), 0
    for y in range(0, h, 4):
        for x in range(0, w, 4):
            p = px[x, y]
            colours.add(p)
            if max(p) - min(p) > 80:
                saturated += 1
    if len(colours) < 20:
        fails.append(f"{name}: screenshot looks blank ({len(colours)} colours)")
    # crash pages have no charts: colour is their class names and marks
    crash_page = name.split(".")[0] in ("stack", "bucket")
    if saturated < (20 if crash_page else 200):
        fails.append(f"{name}: no chart colours in the screenshot ({saturated} saturated samples)")
    # the body has a 24 px margin: its right 16 px must stay page colour
    ink = sum(1 for y in range(h) for x in range(w - 16, w) if min(px[x, y]) < 235)
    if ink:
        fails.append(f"{name}: {ink} pixels of content in the right margin (cut off at {w} px)")

def probe(f, w):
    dom = open(f"{t}/{f}.{w}.dom").read()
    m = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    if not m:
        fails.append(f"{f} at {w} px: the probe did not run")
        return None, dom
    return json.loads(html.unescape(m.group(1))), dom

def rgb(s):
    return tuple(int(v) for v in re.findall(r"\d+", s)[:3])

widths = {"renum": [1280], "report": [1280, 1920], "stack": [1280, 1920],
          "bucket": [1280, 1920], "fusions": [1280, 1920]}
for f in pages:
    for w in widths.get(f, [1280, 1400, 1920]):
        r, _ = probe(f, w)
        if r is None:
            continue
        at = f"{f} at {w} px"
        if r["iw"] != w:
            fails.append(f"{at}: window is {r['iw']} px wide")
        if r["sw"] > r["iw"]:
            fails.append(f"{at}: the page scrolls sideways ({r['sw']} > {r['iw']} px)")
        for p in r["panes"]:
            if not (0 <= p[0] < p[1] <= p[2] < p[3] <= r["iw"]):
                fails.append(f"{at}: IR panes not side by side in the window: {p}")
                break
        if r["overlap"]:
            fails.append(f"{at}: {r['overlap']} chart bars overlap their stage name")
        if r["cut"]:
            fails.append(f"{at}: {r['cut']} chart names or bars cut off")
        for lg in r["legends"]:
            cs = [rgb(c) for c in lg]
            if len(set(cs)) != len(cs):
                fails.append(f"{at}: one colour for two names in a legend: {lg}")
            for i in range(len(cs)):
                for j in range(i):
                    d = sum((a - b) ** 2 for a, b in zip(cs[i], cs[j])) ** 0.5
                    if d < 60:
                        fails.append(f"{at}: legend colours {lg[i]} and {lg[j]} too close ({d:.0f})")
        if not r["pairs"] and f not in ("stack", "bucket"):
            fails.append(f"{at}: no stage pair to show")
        if f == "fusions":
            # every fusion group's row is on the page, inside the window
            if r["fusion_rows"] < 1 or r["fusion_cut"]:
                fails.append(f"{at}: fusion rows {r['fusion_rows']}, "
                             f"{r['fusion_cut']} cut off at the right")

def pairs(f):
    r, _ = probe(f, 1280)
    return {p["pair"]: p for p in (r or {"pairs": []})["pairs"]}

def text(path):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", open(path).read())))

# SSA renumbering alone lights nothing: only the dropped lines are marked
want = {"llama3: mo → mo-pre-mogg": (1, 0), "locs: mo → mo-pre-mogg": (2, 0)}
got = {n: (p["lo"], p["ro"]) for n, p in pairs("renum").items()}
for name, w in want.items():
    if got.get(name) != w:
        fails.append(f"renumbered pair {name}: marked (left, right) {got.get(name)}, want {w}")

d = text(f"{t}/irdiff.1280.dom")
for needle in ["Graph llama3", "Graph add", "Ops per stage by dialect", "Ops per stage by device",
               "mo.composite.matmul_add", "rmo.matmul", "placed cpu → gpu:0", "transfer removed",
               "unchanged"]:
    if needle not in d:
        fails.append(f"irdiff page text lacks {needle!r}")
ps = pairs("irdiff")
if not any(p["lo"] or p["ro"] for p in ps.values()):
    fails.append("the side-by-side view marks no line as changed in max-dump")
# pairs irdiff calls unchanged mark nothing, but mogg -> mogg-pre-mgp, whose
# text gains debug locations on every op (testdata/ir/max-dump/README.md)
for name, p in ps.items():
    if name.endswith("(unchanged)") and (p["lo"] or p["ro"]) and "mogg-pre-mgp" not in name:
        fails.append(f"unchanged pair {name} has marked lines: {p}")

# folding: one row per distinct finding of a transition, ×N its count
doc = json.load(open(f"{t}/irdiff.json"))
dom = open(f"{t}/irdiff.1280.dom").read()
want = collections.Counter()
for g in doc["graphs"]:
    for tr in g["transitions"]:
        for x in tr["transfers"]:
            want[(tr["to_name"], x["op"], x.get("device"), x.get("from"), x.get("to"))] += 1
rows = re.findall(r'<tr class="transfer">(.*?)</tr>', dom, re.S)
if len(rows) != len(want):
    fails.append(f"irdiff: {len(rows)} transfer rows for {len(want)} distinct transfers")
got = sorted(int(m.group(1)) if m else 1
             for m in (re.search(r"×(\d+)", html.unescape(r)) for r in rows))
if got != sorted(want.values()):
    fails.append(f"irdiff: transfer counts {got}, JSON says {sorted(want.values())}")

r = text(f"{t}/report.1280.dom")
for needle in ["Report 1: cuda_error", "In the IR: kernel", "fused into mo.composite.matmul_add",
               "member rmo.matmul", "member rmo.add", "mo → mo-pre-mogg"]:
    if needle not in r:
        fails.append(f"report page text lacks {needle!r}")

if "bucket" in pages:
    # every bucket of the JSON, the new one marked, each example stack
    bj = json.load(open(f"{t}/bucket.json"))
    for w in (1280, 1920):
        b = text(f"{t}/bucket.{w}.dom")
        for k in bj["buckets"]:
            if k["fingerprint"] not in b or k["signature"] not in b:
                fails.append(f"bucket page at {w} px lacks {k['fingerprint']} {k['signature']!r}")
        new = sum(1 for k in bj["buckets"] if k["new"])
        if b.count("NEW") != new or new != 1:
            fails.append(f"bucket page at {w} px: {b.count('NEW')} NEW marks, the JSON has {new} new")
        if b.count("Example stacks") != 1:
            fails.append("bucket page: no example stacks")
    sj = json.load(open(f"{t}/stack.json"))
    for w in (1280, 1920):
        p = text(f"{t}/stack.{w}.dom")
        for i, r in enumerate(sj["reports"]):
            if r["signature"] not in p or r["fingerprint"] not in p:
                fails.append(f"stack page at {w} px lacks report {i + 1}'s signature")
        if "assert.symbolized.txt" not in p or "thread.column.txt" not in p:
            fails.append("stack page does not name its inputs")

if "mlir" in pages:
    m = text(f"{t}/mlir.1280.dom")
    # an after-all capture is one timeline of whole modules; nested
    # passes are named with the op they ran on
    for needle in ["Graph builtin.module", "Ops per stage by device", "placed cpu → gpu",
                   "unchanged (2 stages: canonicalize on func.func @main cse on func.func @main)"]:
        if needle not in m:
            fails.append(f"mlir page text lacks {needle!r}")
    for name, p in pairs("mlir").items():
        if name.endswith("canonicalize on func.func @main → cse on func.func @main (unchanged)") and (p["lo"], p["ro"]) != (0, 0):
            fails.append(f"mlir: cse changed nothing but {p['lo']}/{p['ro']} lines are marked")
        if name.endswith("before:linalg-fuse-elementwise-ops on func.func @main → linalg-fuse-elementwise-ops on func.func @main"):
            if not (0 < p["lo"] < p["ln"] - 1 and 0 < p["ro"] < p["rn"] - 1):
                fails.append(f"mlir: fusion pair marks {p}")
    # kernels: one row per distinct kernel change of a transition, the
    # same (stage, kernel, change, from, to) as the JSON, ×N its count
    mdoc = json.load(open(f"{t}/mlir.json"))
    kwant = collections.Counter()
    for g in mdoc["graphs"]:
        for tr in g["transitions"]:
            for k in tr["kernels"]:
                kwant[(tr["to_name"], k["kernel"], k["change"], k["from"]["op"], k["to"]["op"])] += 1
    if not kwant:
        fails.append("mlir: gpu-kernel-outlining ran but the JSON has no kernels")
    mdom = open(f"{t}/mlir.1280.dom").read()
    kgot = collections.Counter()
    for r in re.findall(r'<tr class="kernel">(.*?)</tr>', mdom, re.S):
        c = [html.unescape(re.sub(r"<[^>]*>", "", x)).strip()
             for x in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        m = re.search(r"×(\d+)", c[5])
        kgot[(c[0], c[1], c[2], c[3].split()[0], c[4].split()[0])] += int(m.group(1)) if m else 1
    if kgot != kwant:
        fails.append(f"mlir: kernel rows {dict(kgot)}, JSON says {dict(kwant)}")
    # fusion groups: one row per distinct fusion of a transition (or of a
    # pass run on several functions), the same (into, members, loop
    # kind) as the JSON, ×N its count, the groups' heading there
    fdoc = json.load(open(f"{t}/fusions.json"))
    fwant = collections.Counter()
    for g in fdoc["graphs"]:
        for tr in g["transitions"]:
            for fu in tr["fusions"]:
                fwant[(fu["into"]["op"], tuple(sorted(m["op"] for m in fu["from"])),
                       fu["kind"])] += 1
    if sum(fwant.values()) != 4:
        fails.append(f"fusions: affine-loop-fusion made 4 fusions, the JSON has {dict(fwant)}")
    for w in (1280, 1920):
        fdom = open(f"{t}/fusions.{w}.dom").read()
        if "<h3>Fusion groups</h3>" not in fdom:
            fails.append(f"fusions at {w} px: no Fusion groups section")
        fgot = collections.Counter()
        for r in re.findall(r'<tr class="fusion">(.*?)</tr>', fdom, re.S):
            c = [html.unescape(re.sub(r"<[^>]*>", " ", x)).strip()
                 for x in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
            into = c[1].split()[0]
            kind = "loops" if "loop nests fused" in c[1] else \
                "tiled" if "tiled into" in c[1] else "ops"
            mem = []
            for op, k in re.findall(r"([a-z_]+\.[a-z_.]+)\s+on\s+\S+(?:\s+×(\d+))?", c[2]):
                mem += [op] * int(k or 1)
            m = re.search(r"×(\d+)", c[3])
            fgot[(into, tuple(sorted(mem)), kind)] += int(m.group(1)) if m else 1
        if fgot != fwant:
            fails.append(f"fusions at {w} px: rows {dict(fgot)}, JSON says {dict(fwant)}")
    c = text(f"{t}/cpu.html")
    if "Ops per stage by device" in c or "no device chart" not in c:
        fails.append("a CPU-only capture gets a device chart")
for f in fails:
    print("FAIL", f)
sys.exit(1 if fails else 0)
PY
[ $fail -eq 0 ] && echo "html: ok"
exit $fail
