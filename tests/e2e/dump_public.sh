#!/bin/sh
# dump_public: public minidumps from other projects' test data
# (testdata/dump/SOURCES.md) through `maxtriage stack`, against what
# those projects' own tools print for them, and a Crashpad database
# built from them for `stack --crashdb`, `--latest` and `bucket`:
#   - rust-minidump's linux-mini.dmp: its minidump-stackwalk prints 15
#     frames (testdata/dump/rust-minidump-linux_human.snap); without the
#     module files maxtriage unwinds by frame pointer and scanning, so
#     every frame it gives must be one of those, in order, at the same
#     address, frame 0 from the context;
#   - Crashpad's annotations and report id (rust-minidump's
#     test_crashpad_info), a Windows x86 dump read but not unwound.
set -u
NAME=dump_public
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/check.sh
. "$(dirname "$0")/lib/check.sh"
d="$root/testdata/dump"
py=/usr/bin/python3

"$bin" stack --no-repo --format json "$d/rust-minidump-linux-mini.dmp" >"$tmp/mini.json"
check "linux-mini.dmp gives a report" 0 $?
$py - "$tmp/mini.json" "$d/rust-minidump-linux_human.snap" <<'PY' || fail=1
import json, re, sys
r = json.load(open(sys.argv[1]))["reports"][0]
snap = open(sys.argv[2]).read()
# "Thread 0 (crashed)": each frame's rip and how it was found
theirs = [(int(m.group(1), 16), m.group(2)) for m in
          re.finditer(r"rip = 0x([0-9a-f]+)\n\s+Found by: (.*)", snap)]
ours = [(int(f["address"], 16), f["found_by"]) for f in r["frames"] if not f["inlined"]]
bad = []
if len(theirs) != 15:
    bad.append(f"the snapshot has {len(theirs)} frames, not 15")
if not ours or ours[0] != (theirs[0][0], "context"):
    bad.append(f"frame 0 {ours[:1]}, minidump-stackwalk {theirs[:1]}")
it = iter(a for a, _ in theirs)
if not all(any(a == b for b in it) for a, _ in ours):
    bad.append(f"our frames {[hex(a) for a, _ in ours]} are not, in order, among minidump-stackwalk's {[hex(a) for a, _ in theirs]}")
if any(how not in ("context", "frame_pointer", "scan") for _, how in ours):
    bad.append("a frame found by CFI without any module file")
d = r["dump"]
if (r["signal"], d["signal_number"], d["fault_address"], d["crashed_thread"], d["os"], d["cpu"]) != \
        ("SIGSEGV", 11, "0x45", 1304, "Linux", "x86_64"):
    bad.append(f"crash facts {r['signal']} {d['signal_number']} {d['fault_address']} {d['crashed_thread']} {d['os']} {d['cpu']}")
if d["modules"] != 8 or d["modules_found"] != 0:
    bad.append(f"modules {d['modules']} found {d['modules_found']}")
for b in bad:
    print("FAIL linux-mini:", b)
if not bad:
    print(f"ok   linux-mini: {len(ours)} frames, each one of minidump-stackwalk's 15 in order")
sys.exit(1 if bad else 0)
PY

"$bin" stack --no-repo --format json "$d/rust-minidump-simple-crashpad.dmp" >"$tmp/cp.json"
$py - "$tmp/cp.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))["reports"][0]["dump"]
a = {(x["scope"], x["key"]): x["value"] for x in d["annotations"]}
ok = (d["writer"] == "crashpad" and d["report_id"] == "42f9de72-518a-43dd-97d7-8ddc328d3662"
      and a.get(("process", "hello")) == "world"
      and any(v == "abort() called" for v in a.values())
      and d["signal_number"] is None and d["os"] == "macOS")
print("ok   simple-crashpad: writer, report id, annotations" if ok else f"FAIL simple-crashpad: {d}")
sys.exit(0 if ok else 1)
PY

# A Crashpad database: two crashes, a .meta each, an attachment holding
# a log (which must not count as a third crash).
db="$tmp/crashdb"
mkdir -p "$db/new" "$db/pending" "$db/completed" "$db/attachments/11111111-2222-4333-8444-555555555555"
cp "$d/rust-minidump-linux-mini.dmp" "$db/completed/0b4a8d3c-aaaa-4bbb-8ccc-000000000001.dmp"
cp "$d/breakpad-linux_raise_sigabrt.dmp" "$db/pending/11111111-2222-4333-8444-555555555555.dmp"
# .meta: version 1, 0 attempts, 0, created at 1700000000 / 1800000000
$py - "$db" <<'PY'
import struct, sys
db = sys.argv[1]
for rel, created in (("completed/0b4a8d3c-aaaa-4bbb-8ccc-000000000001", 1700000000),
                     ("pending/11111111-2222-4333-8444-555555555555", 1800000000)):
    open(f"{db}/{rel}.meta", "wb").write(struct.pack("<iiqqB7x", 1, 0, 0, created, 0))
PY
printf 'Segmentation fault (core dumped)\n #0 0x0000000000401d72 (crash+0x1d72)\n' \
	>"$db/attachments/11111111-2222-4333-8444-555555555555/log.txt"
"$bin" stack --no-repo --format json --crashdb "$db" --latest >"$tmp/latest.json"
check "stack --crashdb DIR --latest exits 0" 0 $?
$py - "$tmp/latest.json" <<'PY' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
r = doc["reports"]
a = {x["key"]: x["value"] for x in r[0]["dump"]["annotations"] if x["scope"] == "database"} if r else {}
ok = (len(r) == 1 and r[0]["input"].endswith("11111111-2222-4333-8444-555555555555.dmp")
      and r[0]["signal"] == "SIGABRT" and a.get("state") == "pending"
      and a.get("created") == "2027-01-15T08:00:00Z" and "attachments" in a)
print("ok   --latest: the newest by its .meta, with its state, time and attachments" if ok
      else f"FAIL --latest: {[x['input'] for x in r]} {a}")
sys.exit(0 if ok else 1)
PY
"$bin" stack --no-repo --crashdb "$db" >/dev/null
check "stack --crashdb DIR reads every dump" 0 $?
"$bin" bucket --no-repo --format json "$db" >"$tmp/bucket.json"
check "bucket over a crashdb exits 0" 0 $?
$py - "$tmp/bucket.json" <<'PY' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
n = sum(b["count"] for b in doc["buckets"])
print("ok   bucket: each dump of the database once, no attachment, no .meta" if n == 2 and len(doc["buckets"]) == 2
      else f"FAIL bucket over a crashdb: {n} reports in {len(doc['buckets'])} buckets")
sys.exit(0 if n == 2 else 1)
PY
rm -rf "$tmp/empty" && mkdir "$tmp/empty"
"$bin" stack --no-repo --crashdb "$tmp/empty" --latest >/dev/null 2>"$tmp/err"
check "--latest over an empty directory exits 1" 1 $?
check "... saying so in one line" 1 "$(grep -c "no minidump" "$tmp/err")"

[ $fail -eq 0 ] && echo "ok: $NAME"
exit $fail
