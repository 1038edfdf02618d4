#!/bin/sh
# `maxtriage bucket` over the real crash fixtures: every form of one crash
# lands in one bucket, different crashes in different buckets, and a
# baseline turns only the unseen crash into a new bucket (exit 1).
set -eu
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$(dirname "$0")/lib/fixtures.sh"
crashers_dir >/dev/null 2>&1 || {
	echo "cannot build the crash fixtures"
	exit 77
}
cc=gcc
args="--no-repo -j 2 --binary-dir $fx/$cc/bin --debug-dir $fx/$cc/debug"

# all modes and forms
$bin bucket $args --format json "$fx/$cc/dumps" >"$tmp/all.json"
# everything but fpe, as a baseline
mkdir "$tmp/known"
for f in "$fx/$cc/dumps"/*; do
	case $(basename "$f") in fpe.*) ;; *) cp "$f" "$tmp/known/" ;; esac
done
$bin bucket $args --write-baseline "$tmp/base.json" "$tmp/known" >/dev/null
set +e
$bin bucket $args --baseline "$tmp/base.json" --format json "$fx/$cc/dumps" >"$tmp/new.json"
rc_new=$?
$bin bucket $args --baseline "$tmp/base.json" "$tmp/known" >/dev/null
rc_known=$?
$bin bucket $args "$tmp/does-not-exist" >/dev/null 2>"$tmp/err"
rc_missing=$?
set -e

python3 - "$tmp" "$fx/$cc/dumps" "$rc_new" "$rc_known" "$rc_missing" <<'PY'
import json, os, sys
tmp, dumps, rc_new, rc_known, rc_missing = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
fail = []
def check(c, what):
    if not c:
        fail.append(what)
modes = sorted({f.split(".")[0] for f in os.listdir(dumps)})
forms = sorted({f.split(".")[1] for f in os.listdir(dumps)})
d = json.load(open(os.path.join(tmp, "all.json")))
check(d["schema"] == "maxtriage.bucket.v1", "schema")
check(len(d["buckets"]) == len(modes), f"{len(d['buckets'])} buckets for {len(modes)} crash modes")
for b in d["buckets"]:
    m = {os.path.basename(f).split(".")[0] for f in b["files"]}
    check(len(m) == 1, f"bucket {b['fingerprint']} mixes modes {m}")
    check(b["count"] == len(forms) and len(b["files"]) == len(forms),
          f"bucket {b['signature']}: {b['count']} reports, expected one per form ({len(forms)})")
    for k in ("fingerprint", "signature", "class", "kind", "count", "files", "new"):
        check(k in b, f"field {k}")
    check(b["new"] is False, "no baseline: nothing is new")
n = json.load(open(os.path.join(tmp, "new.json")))
new = [b for b in n["buckets"] if b["new"]]
check(len(new) == 1 and all(os.path.basename(f).startswith("fpe.") for f in new[0]["files"]),
      f"exactly the fpe bucket is new: {[b['signature'] for b in new]}")
check(rc_new == 1, f"exit 1 with a new bucket, got {rc_new}")
check(rc_known == 0, f"exit 0 with no new bucket, got {rc_known}")
check(rc_missing == 3, f"exit 3 for a missing input, got {rc_missing}")
for f in fail:
    print("FAIL", f)
print(f"bucket: {'ok' if not fail else 'FAILED'} ({len(fail)} failed checks)")
sys.exit(1 if fail else 0)
PY

# No input dropped (issue 22): a symlink to a dump given on the command
# line is triaged like the dump; inside a directory a link to a file is
# followed, and every entry not triaged (FIFO, socket, dangling link,
# loop, a link to a directory, a file over the 1 GiB bound) is listed
# under errors with why, and the status is 3.
one="$fx/$cc/dumps/segv.modoff.txt"
mkdir -p "$tmp/in/d/sub"
cp "$one" "$tmp/in/d/a.txt"
ln -s "$one" "$tmp/in/link"
ln -s a.txt "$tmp/in/d/flink"
ln -s sub "$tmp/in/d/dirlink"
ln -s nowhere "$tmp/in/d/dangling"
ln -s loop "$tmp/in/d/loop"
mkfifo "$tmp/in/d/fifo"
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$tmp/in/d/sock"
truncate -s $((1024 * 1024 * 1024 + 1)) "$tmp/in/d/huge.txt"
rc=0
$bin bucket $args --format json "$tmp/in/link" "$tmp/in/d" >"$tmp/in.json" 2>"$tmp/in.err" || rc=$?
python3 - "$tmp/in.json" "$tmp/in" "$rc" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t, rc = sys.argv[2], int(sys.argv[3])
want = {
    f"{t}/d/dangling": "dangling symbolic link",
    f"{t}/d/dirlink": "symbolic link to a directory, not followed (give it as an input)",
    f"{t}/d/fifo": "a FIFO",
    f"{t}/d/loop": "symbolic link loop",
    f"{t}/d/sock": "a socket",
    f"{t}/d/huge.txt": "too big (1073741825 bytes; the limit is 1073741824)",
}
got = dict(e.split(": ", 1) for e in d["errors"])
fail = []
if got != want:
    fail.append(f"errors {got}")
files = sorted(f for b in d["buckets"] for f in b["files"])
if files != sorted([f"{t}/link", f"{t}/d/a.txt", f"{t}/d/flink"]):
    fail.append(f"triaged files {files}")
if len(d["buckets"]) != 1 or d["files"] != 3:
    fail.append(f"{len(d['buckets'])} buckets from {d['files']} files")
if rc != 3:
    fail.append(f"exit {rc}, want 3")
for f in fail:
    print("FAIL", f)
print("bucket inputs:", "ok" if not fail else "FAILED")
sys.exit(1 if fail else 0)
PY

# --write-baseline is written whole, never through a planted symlink, and
# a write that fails names the file (issue 22)
echo victim >"$tmp/victim"
ln -s victim "$tmp/planted.json"
$bin bucket $args --write-baseline "$tmp/planted.json" "$one" >/dev/null
[ "$(cat "$tmp/victim")" = victim ] || { echo "FAIL --write-baseline wrote through a symlink"; exit 1; }
[ -f "$tmp/planted.json" ] && [ ! -L "$tmp/planted.json" ] || { echo "FAIL the baseline is not a regular file"; exit 1; }
$bin bucket $args --baseline "$tmp/planted.json" "$one" >/dev/null || { echo "FAIL the baseline written does not read back"; exit 1; }
rc=0
(
	trap '' XFSZ
	ulimit -f 1
	exec $bin bucket $args --write-baseline "$tmp/big.json" "$fx/$cc/dumps"
) >/dev/null 2>"$tmp/wb.err" || rc=$?
[ $rc -eq 3 ] && grep -q "cannot write '$tmp/big.json': File too large" "$tmp/wb.err" ||
	{ echo "FAIL a baseline that cannot be written: exit $rc, $(cat "$tmp/wb.err")"; exit 1; }
[ -e "$tmp/big.json" ] && { echo "FAIL a partial baseline was left"; exit 1; }
echo "bucket --write-baseline: ok"
