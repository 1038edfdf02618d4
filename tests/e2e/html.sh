#!/bin/sh
# --format html for irdiff and report: one self-contained page, rendered by
# headless Chromium (started here): the screenshot must show the charts
# (coloured bars, not a blank page) and the live DOM, after the page's
# script ran, must hold the fusion, the placement change and the chosen
# stage pair side by side.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
	echo "chromium not installed (Debian package chromium)"
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
$bin report --no-repo --format html --stack "$tmp/crash.txt" --ir "$dump" >"$tmp/report.html" ||
	{ echo "FAIL report --format html"; exit 1; }

# self-contained: nothing is fetched (the SVG namespace is a name, not a fetch)
for f in irdiff report; do
	if grep -Eo '(src|href)="[^"]*"|url\([^)]*\)|@import' "$tmp/$f.html" | grep -q .; then
		echo "FAIL $f.html refers to external resources"
		fail=1
	fi
done

chrome() { # chrome PROFILE ARGS...
	p=$1
	shift
	timeout 90 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --user-data-dir="$tmp/$p" "$@" 2>/dev/null
}
for f in irdiff report; do
	chrome "p-$f-dom" --dump-dom "file://$tmp/$f.html" >"$tmp/$f.dom" ||
		{ echo "FAIL chromium --dump-dom $f"; fail=1; }
	chrome "p-$f-png" --window-size=1280,2400 --screenshot="$tmp/$f.png" "file://$tmp/$f.html" >/dev/null ||
		{ echo "FAIL chromium --screenshot $f"; fail=1; }
done

python3 - "$tmp" <<'PY' || fail=1
import html, re, struct, sys, zlib
t = sys.argv[1]
fails = []

def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            bpp = {2: 3, 6: 4}[ctype]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride = zlib.decompress(idat), w * bpp
    prev, rows, i = bytearray(stride), [], 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows

for f in ("irdiff", "report"):
    w, h, bpp, rows = pixels(f"{t}/{f}.png")
    colours, saturated = set(), 0
    for r in rows[::4]:
        for x in range(0, w * bpp, bpp * 4):
            p = r[x:x + 3]
            colours.add(p)
            if max(p) - min(p) > 80:
                saturated += 1
    if len(colours) < 20:
        fails.append(f"{f}: screenshot looks blank ({len(colours)} colours)")
    if saturated < 200:
        fails.append(f"{f}: no chart colours in the screenshot ({saturated} saturated samples)")

def text(f):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", open(f"{t}/{f}.dom").read())))

d = text("irdiff")
for needle in ["Graph llama3", "Graph add", "Ops per stage by dialect", "Ops per stage by device",
               "mo.composite.matmul_add", "rmo.matmul", "placed cpu → gpu:0", "transfer removed",
               "unchanged"]:
    if needle not in d:
        fails.append(f"irdiff page text lacks {needle!r}")
dom = open(f"{t}/irdiff.dom").read()
left = re.search(r'<pre id="left">(.*?)</pre>', dom, re.S)
right = re.search(r'<pre id="right">(.*?)</pre>', dom, re.S)
if not left or not right or "mo." not in left.group(1) or "mo." not in right.group(1):
    fails.append("the side-by-side panes were not filled by the page's script")
elif 'class="only"' not in dom:
    fails.append("the side-by-side view marks no line as changed")
r = text("report")
for needle in ["Report 1: cuda_error", "In the IR: kernel", "fused into mo.composite.matmul_add",
               "member rmo.matmul", "member rmo.add", "mo → mo-pre-mogg"]:
    if needle not in r:
        fails.append(f"report page text lacks {needle!r}")
for f in fails:
    print("FAIL", f)
sys.exit(1 if fails else 0)
PY
[ $fail -eq 0 ] && echo "html: ok"
exit $fail
