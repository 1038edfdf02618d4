#!/bin/sh
# run_dumps: `maxtriage run` keeps what a crash leaves and catches hangs.
#   - a command still running after --timeout is a hang: every thread's
#     stack (the programs' frames as testdata/dumps/threads.c has them:
#     main in pause under run_mode, each worker in pause under
#     wait_for_work under worker, down to clone3), kind "hang", then it is
#     stopped (SIGABRT first: exit 134) and the core that leaves is kept;
#   - a minidump that appears in ~/.modular/crashdb during the run (the
#     log names it with an attachments/<UUID> line, as Modular's runtime
#     does) is copied into DIR and triaged with the fingerprint `stack`
#     gives the same file;
#   - a core the kernel writes for a crash (core_pattern "core") is moved
#     into DIR and triaged;
#   - where ptrace is refused (an unprivileged run of a non-dumpable
#     command), that is said and the run goes on.
set -u
NAME=run_dumps
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
need_tools gcc clang++-19 gdb lldb-19 eu-stack objcopy readelf python3-config flock setarch
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$(dirname "$0")/lib/fixtures.sh"
# shellcheck source=tests/e2e/lib/check.sh
. "$(dirname "$0")/lib/check.sh"
dx="$MT_FIXTURES/dumps"
fixture_locked dumps sh "$root/testdata/dumps/build.sh" "$dx" >"$tmp/build.log" 2>&1
rc=$?
[ $rc -eq 77 ] && { echo "$NAME: skipped: $(tail -1 "$tmp/build.log")"; exit 77; }
[ $rc -eq 0 ] || { cat "$tmp/build.log"; echo "FAIL building the dump fixtures"; exit 1; }
py=/usr/bin/python3
args="--no-repo --debug-dir $dx/debug"
kernel_cores=0
[ "$(cat /proc/sys/kernel/core_pattern)" = core ] && kernel_cores=1

# a hang
mkdir -p "$tmp/w1"
(cd "$tmp/w1" && "$bin" run $args -o "$tmp/hang" --timeout 1 -- "$dx/bin/threads" 4 hang \
	>/dev/null 2>"$tmp/hang.err")
check "a hung command stopped with SIGABRT exits 134" 134 $?
$py - "$tmp/hang/triage.json" "$kernel_cores" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
reps = d["stack"]["reports"]
hang = [r for r in reps if r["kind"] == "hang"]
bad = []
if len(hang) != 1:
    bad.append(f"{len(hang)} hang reports")
else:
    r = hang[0]
    names = lambda t: [f["function"] and f["function"].split("(")[0].split(".")[0] for f in t["frames"] if not f["inlined"]]
    main = names(r)
    if main[:3] != ["pause", "run_mode", "main"] or "_start" not in (main[-1] or ""):
        bad.append(f"main thread {main}")
    if len(r["threads"]) != 4:
        bad.append(f"{len(r['threads'])} other threads, expected the 4 workers")
    for t in r["threads"]:
        w = names(t)
        if w[:3] != ["pause", "wait_for_work", "worker"] or "clone3" not in (w[-1] or ""):
            bad.append(f"worker {t['thread']}: {w}")
    if r["dump"]["format"] != "process" or r["signature"].split(" | ")[0] != "hang":
        bad.append(f"format {r['dump']['format']} signature {r['signature']}")
    if any(f["found_by"] not in ("context", "cfi") for t in [r] + r["threads"] for f in t["frames"]):
        bad.append("a frame not found by CFI")
if sys.argv[2] == "1":
    core = [r for r in reps if r["input"].rsplit("/", 1)[-1].startswith("core.")]
    if len(core) != 1 or core[0]["signal"] != "SIGABRT" or d["kept"] != [core[0]["input"]]:
        bad.append(f"the core SIGABRT left: {[r['input'] for r in reps]} kept {d['kept']}")
for b in bad:
    print("FAIL hang:", b)
if not bad:
    print("ok   hang: every thread's stack, kind hang; the core of SIGABRT kept")
sys.exit(1 if bad else 0)
PY

# a minidump that appears in the crash database during the run
home="$tmp/home"
uuid=5e1f9b9c-6c39-4f5e-9f3a-0b9c1d2e3f40
mkdir -p "$home/.modular/crashdb/pending" "$home/.modular/crashdb/completed" "$tmp/w2"
cp "$dx/dumps/threads.dmp" "$tmp/handler.dmp"
# the crash handler's part, played by a shell: the dump written, the
# runtime's log line, the crash
cat >"$tmp/crashy.sh" <<SH
cp "$tmp/handler.dmp" "$home/.modular/crashdb/pending/$uuid.dmp"
echo "[12345:12345:20250101,000000.000:ERROR directory_reader_posix.cc:42] opendir $home/.modular/crashdb/attachments/$uuid: No such file or directory (2)"
kill -SEGV \$\$
SH
(cd "$tmp/w2" && HOME="$home" "$bin" run $args -o "$tmp/md" -- sh "$tmp/crashy.sh" >/dev/null 2>&1)
check "the crashed command's status" 139 $?
"$bin" stack $args --format json "$dx/dumps/threads.dmp" >"$tmp/direct.json"
$py - "$tmp/md/triage.json" "$tmp/direct.json" "$uuid" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
direct = json.load(open(sys.argv[2]))["reports"][0]
uuid = sys.argv[3]
mine = [r for r in d["stack"]["reports"] if r["input"].endswith(uuid + ".dmp")]
# (the shell's own SIGSEGV may leave its core beside it: kept too)
ok = (len(mine) == 1 and mine[0]["fingerprint"] == direct["fingerprint"]
      and sum(k.endswith(uuid + ".dmp") for k in d["kept"]) == 1)
print("ok   the new minidump copied into DIR and triaged as stack does" if ok
      else f"FAIL minidump kept: {d['kept']} {[r['input'] for r in d['stack']['reports']]}")
sys.exit(0 if ok else 1)
PY
check "the database keeps its dump" 1 "$(ls "$home/.modular/crashdb/pending" | grep -c "$uuid.dmp")"

# a second run into the same DIR keeps only its own: the first run's core
# is gone
if [ $kernel_cores -eq 1 ]; then
	(cd "$tmp/w1" && "$bin" run $args -o "$tmp/hang" -- true >/dev/null 2>&1)
	check "a later run into DIR clears what an earlier one kept" 0 "$(ls "$tmp/hang" | grep -c '^core\.')"
fi

# the kernel's core of a crash
if [ $kernel_cores -eq 1 ]; then
	mkdir -p "$tmp/w3"
	(cd "$tmp/w3" && ulimit -S -c 0 && "$bin" run $args -o "$tmp/core" -- "$dx/bin/threads" 4 segv >/dev/null 2>&1)
	check "a crash under run exits 139" 139 $?
	check "its core moved into DIR, none left behind" "1 0" \
		"$(ls "$tmp/core" | grep -c '^core\.') $(ls "$tmp/w3" | grep -c '^core')"
	$py - "$tmp/core/triage.json" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
core = [r for r in d["stack"]["reports"] if r["dump"] and r["dump"]["format"] == "core"]
ok = len(core) == 1 and core[0]["signature"].startswith("crash | field_of | parse_record") and len(core[0]["threads"]) == 4
print("ok   the core (RLIMIT_CORE raised from 0) triaged beside the log" if ok else f"FAIL core: {[r['signature'] for r in core]}")
sys.exit(0 if ok else 1)
PY
else
	echo "note: core_pattern is not 'core': the kernel-core case is not run"
fi

# ptrace refused: an unprivileged run of a command that made itself
# non-dumpable
if command -v setpriv >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	mkdir -p "$tmp/w4" && chmod 777 "$tmp" "$tmp/w4"
	(cd "$tmp/w4" && setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$bin" run --no-repo -o "$tmp/w4/out" --timeout 1 -- $py -c \
		"import ctypes, time; ctypes.CDLL(None).prctl(4, 0); time.sleep(30)" \
		>/dev/null 2>"$tmp/refused.err")
	check "a refused ptrace: the run goes on (SIGABRT: 134)" 134 $?
	check "... and says so in one line" 1 "$(grep -c "cannot take the stacks of hung process" "$tmp/refused.err")"
	check "... with the hang in triage.json" hang "$($py -c "import json; print(json.load(open('$tmp/w4/out/triage.json'))['stack']['reports'][0]['kind'])")"
fi

[ $fail -eq 0 ] && echo "ok: $NAME"
exit $fail
