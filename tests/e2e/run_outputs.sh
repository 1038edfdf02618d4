#!/bin/sh
# `maxtriage run` writes only inside its DIR and only whole files of one
# run (issue 22): planted symlinks at log.txt, triage.json and ir/ are
# never written through, a passing rerun leaves no stale triage.json nor
# IR of the run before, files of someone else in DIR/ir are refused, and
# a full disk (ulimit -f) or a read-only file system is an error naming
# the file and the cause, with nothing partial left.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
fail=0
ok() { [ "$1" = "$2" ] || { echo "FAIL $3: got '$1', want '$2'"; fail=1; }; }
crash='echo "#0 0x1 (libx.so+0x10)"; kill -SEGV $$'

# 1. planted symlinks at the two files: the victims keep their bytes
mkdir "$tmp/d"
echo victim-json >"$tmp/victim.json"
echo victim-log >"$tmp/victim.log"
ln -s ../victim.json "$tmp/d/triage.json"
ln -s ../victim.log "$tmp/d/log.txt"
$bin run --no-repo --no-symbolize --out "$tmp/d" -- sh -c "$crash" >/dev/null 2>&1
ok $? 139 "exit status of the crashing command"
ok "$(cat "$tmp/victim.json")" victim-json "triage.json written through a planted symlink"
ok "$(cat "$tmp/victim.log")" victim-log "log.txt written through a planted symlink"
[ -f "$tmp/d/triage.json" ] && [ ! -L "$tmp/d/triage.json" ] ||
	{ echo "FAIL triage.json is not a regular file"; fail=1; }
[ -f "$tmp/d/log.txt" ] && [ ! -L "$tmp/d/log.txt" ] ||
	{ echo "FAIL log.txt is not a regular file"; fail=1; }
grep -q 'libx.so+0x10' "$tmp/d/log.txt" || { echo "FAIL log.txt misses the dump"; fail=1; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["exit_status"] == 139, d' \
	"$tmp/d/triage.json" || fail=1
ok "$(find "$tmp/d" -name '.*' -newer "$tmp/victim.log" ! -name .maxtriage-run | wc -l)" 0 \
	"temporary files left in DIR"

# 2. DIR/ir a symlink to a directory elsewhere: refused, nothing written there
mkdir "$tmp/e" "$tmp/elsewhere"
ln -s ../elsewhere "$tmp/e/ir"
$bin run --no-repo --out "$tmp/e" -- sh -c 'exit 0' >/dev/null 2>"$tmp/e.err"
ok $? 3 "exit status with DIR/ir a symlink"
grep -q "'$tmp/e/ir' is not a directory (a symbolic link)" "$tmp/e.err" ||
	{ echo "FAIL no clear error for the ir symlink: $(cat "$tmp/e.err")"; fail=1; }
ok "$(ls -A "$tmp/elsewhere" | wc -l)" 0 "files written through DIR/ir"
[ -e "$tmp/e/log.txt" ] && { echo "FAIL log.txt written though DIR was refused"; fail=1; }

# 3. a failing run, then a passing one into the same DIR: only the second
# run's outputs remain (no stale triage.json, no stale stage files)
stage='dir=$(echo "$MODULAR_DEBUG" | tr , "\n" | sed -n "s/^ir-output-dir=//p"); echo "module {}" >"$dir/g.mo.mlir"'
$bin run --no-repo --no-symbolize --out "$tmp/f" -- sh -c "$stage; $crash" >/dev/null 2>&1
ok $? 139 "exit status of the first, crashing run"
[ -f "$tmp/f/triage.json" ] && [ -f "$tmp/f/ir/g.mo.mlir" ] ||
	{ echo "FAIL the first run left no triage.json or stage"; fail=1; }
$bin run --no-repo --out "$tmp/f" -- sh -c 'echo second' >/dev/null 2>&1
ok $? 0 "exit status of the second, passing run"
[ -e "$tmp/f/triage.json" ] && { echo "FAIL a stale triage.json beside the passing run's log"; fail=1; }
[ -e "$tmp/f/ir/g.mo.mlir" ] && { echo "FAIL a stale stage of the first run in DIR/ir"; fail=1; }
ok "$(cat "$tmp/f/log.txt")" second "the log of the second run"

# 4. DIR/ir holding files no run wrote: refused, the files kept
mkdir -p "$tmp/g/ir"
echo mine >"$tmp/g/ir/notes.txt"
$bin run --no-repo --out "$tmp/g" -- sh -c 'exit 0' >/dev/null 2>"$tmp/g.err"
ok $? 3 "exit status with foreign files in DIR/ir"
grep -q "holds files no earlier run wrote" "$tmp/g.err" || { echo "FAIL no clear error: $(cat "$tmp/g.err")"; fail=1; }
ok "$(cat "$tmp/g/ir/notes.txt")" mine "the user's file in DIR/ir"

# 5. a full disk (a file size limit: writes fail with EFBIG once the log
# passes 64 KiB): the run says which file and why, exits 3 for a
# passing command, and leaves no partial log.txt nor temporary file
big='i=0; while [ $i -lt 4000 ]; do echo "line $i of a long log, long enough to pass the limit"; i=$((i + 1)); done'
(
	trap '' XFSZ
	ulimit -f 128
	exec $bin run --no-repo --out "$tmp/h" -- sh -c "$big"
) >/dev/null 2>"$tmp/h.err"
ok $? 3 "exit status when log.txt cannot be written"
grep -q "cannot write '$tmp/h/log.txt': File too large" "$tmp/h.err" ||
	{ echo "FAIL the error does not name log.txt and the cause: $(cat "$tmp/h.err")"; fail=1; }
[ -e "$tmp/h/log.txt" ] && { echo "FAIL a partial log.txt was left"; fail=1; }
ok "$(find "$tmp/h" -maxdepth 1 -name '.log.txt.*' | wc -l)" 0 "temporary log files left"
# the same with a failing command: its status stays, the error is said
(
	trap '' XFSZ
	ulimit -f 128
	exec $bin run --no-repo --no-symbolize --out "$tmp/i" -- sh -c "$big; exit 5"
) >/dev/null 2>"$tmp/i.err"
ok $? 5 "a failing command keeps its status when log.txt cannot be written"
grep -q "cannot write '$tmp/i/log.txt': File too large" "$tmp/i.err" ||
	{ echo "FAIL no log.txt error for the failing command: $(cat "$tmp/i.err")"; fail=1; }

# 6. a missing DIR on a read-only file system: the cause is said
# (in a private mount namespace, where a read-only tmpfs can be mounted)
if unshare -rm sh -c "mount -t tmpfs -o ro none '$tmp/ro'" 2>/dev/null ||
	{ mkdir -p "$tmp/ro" && unshare -rm sh -c "mount -t tmpfs -o ro none '$tmp/ro'" 2>/dev/null; }; then
	unshare -rm sh -c "mount -t tmpfs -o ro none '$tmp/ro' && exec $bin run --no-repo --out '$tmp/ro/new/dir' -- true" \
		>/dev/null 2>"$tmp/ro.err"
	ok $? 3 "exit status on a read-only file system"
	grep -q "cannot create '$tmp/ro/new': Read-only file system" "$tmp/ro.err" ||
		{ echo "FAIL the read-only error is not said: $(cat "$tmp/ro.err")"; fail=1; }
else
	echo "note: no private mount namespace here, read-only case skipped"
fi
[ $fail -eq 0 ] && echo "run_outputs: ok"
exit $fail
