#!/bin/sh
# dump_real: minidumps and cores of real crashes made here, read by
# content and unwound by libdwfl, held frame by frame to what the
# reference tools print for the same files (testdata/dumps/build.sh makes
# the crashes and the tools' outputs; dump_real_check.py compares):
#   - C with 5 threads (a NULL read under an inlined helper; abort()), a
#     C++ exception nobody catches, a Python extension crashing under
#     python3; each run from stripped binaries with split debug info;
#   - each as lldb-19's minidump (vs lldb-19 -c), gdb's core (vs
#     eu-stack --core, and gdb's names and lines) and the kernel's core
#     (vs eu-stack --core; when core_pattern lets the kernel write one);
#   - one fingerprint for one crash: a minidump, a gdb core, the kernel's
#     core and the text dump LLVM's crash handler printed in the same run
#     (the crash fixtures' mtcrash, every mode);
#   - damaged and hostile files: a clear error, whatever could be read.
set -u
NAME=dump_real
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
if [ $rc -eq 77 ]; then
	echo "$NAME: skipped: $(tail -1 "$tmp/build.log")"
	exit 77
fi
[ $rc -eq 0 ] || { cat "$tmp/build.log"; echo "FAIL building the dump fixtures"; exit 1; }
py=/usr/bin/python3
chk="$root/tests/e2e/dump_real_check.py"
stack() { "$bin" stack --no-repo --format json --debug-dir "$dx/debug" "$@"; }
compare() { # compare JSON REFERENCE KIND NAME
	if ! $py "$chk" "$@"; then
		fail=1
	fi
}

kernel_cores=0
for n in threads threads-abort thrower python; do
	stack "$dx/dumps/$n.dmp" >"$tmp/$n.dmp.json"
	stack "$dx/dumps/$n.gcore" >"$tmp/$n.gcore.json"
	compare "$tmp/$n.dmp.json" "$dx/ref/$n.lldb.txt" lldb "$n.dmp"
	compare "$tmp/$n.gcore.json" "$dx/ref/$n.eu-stack.txt" eu-stack "$n.gcore"
	compare "$tmp/$n.gcore.json" "$dx/ref/$n.gdb.txt" gdb "$n.gcore"
	# the two records of one crash (ASLR is off under both debuggers)
	compare "$tmp/$n.dmp.json" "$tmp/$n.gcore.json" same "$n.dmp vs $n.gcore"
	if [ -f "$dx/dumps/$n.core" ]; then
		kernel_cores=$((kernel_cores + 1))
		stack "$dx/dumps/$n.core" >"$tmp/$n.core.json"
		compare "$tmp/$n.core.json" "$dx/ref/$n.core-eu-stack.txt" eu-stack "$n.core"
		compare "$tmp/$n.core.json" "$tmp/$n.gcore.json" same "$n.core vs $n.gcore"
	fi
done
[ $kernel_cores -gt 0 ] || echo "note: core_pattern is not 'core': no kernel cores compared"
# no CFI in the program: libdwfl follows its frame pointers (and, as
# eu-stack, cannot see the caller of a leaf function that set up none)
stack "$dx/dumps/threads-fp.gcore" >"$tmp/fp.json"
compare "$tmp/fp.json" "$dx/ref/threads-fp.eu-stack.txt" eu-stack "threads-fp.gcore" /threads-fp

# The program's file found by build-id alone (--untrusted opens no path
# the dump names: a .build-id/xx/rest link in --debug-dir, the layout of
# Debian and Fedora), libc's not at all: its frames come from frame
# pointers and scanning, which lldb's must be among.
id=$(readelf -n "$dx/unstripped/threads" | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p')
mkdir -p "$tmp/byid/.build-id/$(echo "$id" | cut -c1-2)"
ln -s "$dx/bin/threads" "$tmp/byid/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-)"
cp -r "$dx/debug/.build-id/." "$tmp/byid/.build-id/"
"$bin" stack --no-repo --untrusted --no-system-debug --format json --debug-dir "$tmp/byid" \
	"$dx/dumps/threads.dmp" >"$tmp/byid.json"
compare "$tmp/byid.json" "$dx/ref/threads.lldb.txt" lldb-scan "threads.dmp, --untrusted, by build-id"
check "... the program named from its file found by build-id" build_id \
	"$($py -c "import json; print(json.load(open('$tmp/byid.json'))['reports'][0]['frames'][0]['module_check'])")"

# What the files say besides the frames (read off the programs: a NULL
# p[1] read faults at 0x4; abort() and std::terminate raise SIGABRT).
$py - "$tmp" <<'PY' || fail=1
import json, sys
tmp = sys.argv[1]
bad = []
def rep(f):
    return json.load(open(f"{tmp}/{f}"))["reports"][0]
for n, kind, sig in (("threads", "SIGSEGV", 11), ("threads-abort", "SIGABRT", 6),
                     ("thrower", "cpp_exception", 6), ("python", "SIGSEGV", 11)):
    for ext in ("dmp", "gcore"):
        r = rep(f"{n}.{ext}.json")
        d = r["dump"]
        if r["kind"] != kind or d["signal_number"] != sig:
            bad.append(f"{n}.{ext}: kind {r['kind']} signal {d['signal_number']}, expected {kind} {sig}")
        if d["format"] != ("minidump" if ext == "dmp" else "core"):
            bad.append(f"{n}.{ext}: format {d['format']}")
        # the stripped binaries are named from the .build-id tree
        own = [f for f in r["frames"] if f["file"] and "testdata/dumps/" in f["file"]]
        if not own or any(f["status"] != "symbolized" or f["module_check"] != "build_id" for f in own):
            bad.append(f"{n}.{ext}: the program's frames are not all symbolized with a build-id match")
r = rep("threads.gcore.json")
if r["dump"]["fault_address"] != "0x4" or r["dump"]["si_code"] != 1:
    bad.append(f"threads.gcore: fault address {r['dump']['fault_address']} si_code {r['dump']['si_code']}, expected 0x4 and SEGV_MAPERR (1)")
if len(r["threads"]) != 4 or any(t["frames"][-1]["function"] is None or "clone3" not in t["frames"][-1]["function"] for t in r["threads"]):
    bad.append("threads.gcore: the 4 workers do not all end in clone3")
for b in bad:
    print("FAIL", b)
if not bad:
    print("ok   kinds, signals, formats, fault address, workers unwound to clone3")
sys.exit(1 if bad else 0)
PY

# One crash, every record of it: the crash fixtures' mtcrash (LLVM's crash
# handler) run once with the kernel writing its core (the text dump on
# stderr and the core are of the same process), under lldb (minidump) and
# under gdb (core).
if crashers_dir >/dev/null 2>&1; then
	cx="$fx/gcc"
	cargs="--no-repo --format json --binary-dir $cx/bin --debug-dir $cx/debug"
	for m in segv trap fpe assert exception thread; do
		lldb-19 -b -o "process launch" -k "process save-core --style minidump $tmp/$m.dmp" \
			-k kill -- "$cx/bin/mtcrash" "$m" >/dev/null 2>&1
		gdb -batch -nx -ex run -ex "generate-core-file $tmp/$m.gcore" \
			--args "$cx/bin/mtcrash" "$m" >/dev/null 2>&1
		"$bin" stack $cargs "$tmp/$m.dmp" >"$tmp/mt-$m.dmp.json"
		"$bin" stack $cargs "$tmp/$m.gcore" >"$tmp/mt-$m.gcore.json"
		"$bin" stack $cargs "$cx/dumps/$m.modoff.txt" >"$tmp/mt-$m.txt.json"
		compare "$tmp/mt-$m.dmp.json" "$tmp/mt-$m.txt.json" same "mtcrash $m: minidump vs text dump"
		compare "$tmp/mt-$m.gcore.json" "$tmp/mt-$m.txt.json" same "mtcrash $m: gdb core vs text dump"
		if [ "$(cat /proc/sys/kernel/core_pattern)" = core ]; then
			mkdir -p "$tmp/k-$m"
			(
				cd "$tmp/k-$m" || exit 1
				ulimit -c unlimited
				setarch "$(uname -m)" -R "$cx/bin/mtcrash" "$m" >/dev/null 2>"$tmp/k-$m/stderr.txt" &
				wait $!
			) 2>/dev/null
			if [ -f "$tmp/k-$m/core" ]; then
				"$bin" stack $cargs "$tmp/k-$m/core" >"$tmp/mt-$m.core.json"
				"$bin" stack $cargs "$tmp/k-$m/stderr.txt" >"$tmp/mt-$m.stderr.json"
				compare "$tmp/mt-$m.core.json" "$tmp/mt-$m.stderr.json" same "mtcrash $m: kernel core vs the text dump of the same run"
			fi
			rm -rf "$tmp/k-$m"
		fi
		rm -f "$tmp/$m.gcore"
	done
else
	echo "note: crash fixtures unavailable: mtcrash records not compared"
fi

# Damaged files: a clear one-line error, or a report with warnings.
head -c 20000 "$dx/dumps/threads.dmp" >"$tmp/cut.dmp"
"$bin" stack --no-repo --format json "$tmp/cut.dmp" >"$tmp/cut.json" 2>"$tmp/cut.err"
check "a minidump cut short still gives its report" 0 $?
$py -c "
import json,sys; r=json.load(open('$tmp/cut.json'))['reports'][0]
sys.exit(0 if r['dump']['warnings'] and r['frames'] else 1)" || { echo "FAIL cut minidump: no frames or no warning"; fail=1; }
# a whole header whose 14-entry directory lies at 1 MiB, in 32 bytes
printf 'MDMP\223\247\000\000\016\000\000\000\000\000\020\000' >"$tmp/lie.dmp"
printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >>"$tmp/lie.dmp"
"$bin" stack --no-repo "$tmp/lie.dmp" >/dev/null 2>"$tmp/lie.err"
check "a minidump whose directory lies past its end exits 3" 3 $?
check "... with one line naming the problem" 1 "$(grep -c "stream directory .* past the end of the file" "$tmp/lie.err")"
head -c 4096 "$dx/dumps/threads.gcore" >"$tmp/cut.core"
"$bin" stack --no-repo "$tmp/cut.core" >/dev/null 2>"$tmp/cutcore.err"
rc=$?
[ $rc -eq 3 ] || [ $rc -eq 0 ] || { echo "FAIL a core cut short: exit $rc"; fail=1; }
check "a core cut short says what failed, in one line" 1 "$(wc -l <"$tmp/cutcore.err" | tr -d ' ')"

[ $fail -eq 0 ] && echo "ok: $NAME"
exit $fail
