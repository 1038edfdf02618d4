#!/bin/sh
# debuginfod.sh - end-to-end: --debuginfod against a real debuginfod server.
#
# Builds (or reuses) the crash fixtures, starts Debian's `debuginfod` on
# 127.0.0.1 with its own database in a temporary directory, indexing only
# the gcc fixtures' .build-id debug tree, and checks with no --debug-dir:
#   - `stack --debuginfod` resolves the fixture frames of a stripped build
#     exactly as `--debug-dir` does, and without the flag they stay
#     no_debug_info (DEBUGINFOD_URLS set either way: the flag decides);
#   - `symbolize --debuginfod -e stripped.so --inlines` prints what
#     llvm-symbolizer prints for the unstripped library;
#   - the client's cache (DEBUGINFOD_CACHE_PATH) answers once the server
#     is gone;
#   - failures are the frames' reasons and never a crash: a build-id the
#     server lacks, no DEBUGINFOD_URLS, a refused connection, a server
#     that sends a file without DWARF or garbage;
#   - --untrusted sends the build-ids of module files found under
#     --binary-dir, never an id that only the dump names;
#   - DEBUGINFOD_VERBOSE/DEBUGINFOD_PROGRESS do not make the library print.
#
# debuginfod 0.188 has no option to listen on loopback only, so when user
# and network namespaces are available the server and the clients run in a
# private network namespace (nothing outside can reach the port); without
# them the port is random, short-lived, and only 127.0.0.1 is asked.
# Every wait is bounded; the servers are killed on exit.
# Exit 0 pass, 1 fail, 77 skip (reason on the last line).
set -eu

command -v debuginfod >/dev/null 2>&1 || {
	echo "debuginfod: skipped: missing debuginfod (Debian package debuginfod)"
	exit 77
}
NAME=debuginfod
EXTRA_TOOLS=nm
# shellcheck source=tests/e2e/lib/crashers.sh
. "$(dirname "$0")/lib/crashers.sh"

# The fixtures first, in the caller's namespace (the re-run below finds
# them up to date).
build_crashers quiet

# Re-run this script in a private network namespace when possible.
if [ -z "${MT_DEBUGINFOD_NETNS:-}" ] && command -v unshare >/dev/null 2>&1 &&
	command -v ip >/dev/null 2>&1 &&
	unshare -rn ip link set lo up >/dev/null 2>&1; then
	echo "debuginfod: running in a private network namespace"
	MT_DEBUGINFOD_NETNS=1 MT_BUILD="$build"
	export MT_DEBUGINFOD_NETNS MT_BUILD MAXTRIAGE
	exec unshare -rn sh -c 'ip link set lo up && exec sh "$0"' "$0"
fi
[ -n "${MT_DEBUGINFOD_NETNS:-}" ] ||
	echo "debuginfod: no private network namespace; using 127.0.0.1 in the host's"

g="$fixtures/gcc"
c="$fixtures/clang"
dump="$g/dumps/segv.modoff.txt"
[ -f "$dump" ] || fail "missing fixture dump $dump"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mt-debuginfod.XXXXXX")
server=""
fake=""
cleanup() {
	for p in $server $fake; do
		kill "$p" 2>/dev/null || true
		wait "$p" 2>/dev/null || true
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

free_port() {
	"$python" -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# wait_http URL SECONDS PID: poll until URL answers 200 (bounded), failing
# early when the process PID is gone.
wait_http() {
	"$python" - "$1" "$2" "$3" <<'EOF'
import os, sys, time, urllib.request
url, secs, pid = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
end = time.monotonic() + secs
while time.monotonic() < end:
    try:
        os.kill(pid, 0)
    except OSError:
        sys.exit("server process %d exited" % pid)
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            if r.status == 200:
                sys.exit(0)
    except Exception:
        pass
    time.sleep(0.2)
sys.exit("no answer from %s within %ss" % (url, secs))
EOF
}

build_id() {
	readelf -n "$1" | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p'
}

ids=""
for f in mtcrash libmtmodel.so libmtkernels.so; do
	id=$(build_id "$g/bin/$f")
	[ -n "$id" ] || fail "no build-id in $g/bin/$f"
	ids="$ids $id"
done
model_id=$(build_id "$g/bin/libmtmodel.so")

# --- the server --------------------------------------------------------
# -F: scan ELF/DWARF files below the path; -t 0 -g 0: one scan, no
# rescans or grooming during the test; -c 1: one scanner thread.
port=""
tries=0
while [ $tries -lt 5 ]; do
	tries=$((tries + 1))
	port=$(free_port)
	rm -f "$tmp/db.sqlite"
	debuginfod -p "$port" -d "$tmp/db.sqlite" -F -t 0 -g 0 -c 1 \
		"$g/debug" "$g/bin" >"$tmp/server.log" 2>&1 &
	server=$!
	# Indexed when every build-id of the tree is served.
	ok=1
	for id in $ids; do
		for what in debuginfo executable; do
			wait_http "http://127.0.0.1:$port/buildid/$id/$what" 30 \
				"$server" || {
				ok=0
				break
			}
		done
		[ $ok -eq 1 ] || break
	done
	[ $ok -eq 1 ] && break
	kill "$server" 2>/dev/null || true
	wait "$server" 2>/dev/null || true
	server=""
done
if [ -z "$server" ]; then
	tail -20 "$tmp/server.log" >&2
	fail "debuginfod did not serve the debug tree (5 attempts)"
fi
echo "debuginfod: server on 127.0.0.1:$port indexed$ids"

export DEBUGINFOD_URLS="http://127.0.0.1:$port"
export DEBUGINFOD_CACHE_PATH="$tmp/cache"
unset DEBUGINFOD_VERBOSE DEBUGINFOD_PROGRESS DEBUGINFOD_HEADERS_FILE || true
# A failed fetch must not wait for the default 90 s.
export DEBUGINFOD_TIMEOUT=10

stack() {
	# stack OUT [options...] DUMP: JSON report to OUT, stderr to OUT.err
	out=$1
	shift
	src=0
	"$MAXTRIAGE" stack --format json --no-repo --no-system-debug "$@" \
		>"$out" 2>"$out.err" || src=$?
	if [ $src -ne 0 ]; then
		cat "$out.err" >&2
		fail "maxtriage stack $* exited $src"
	fi
}

# check.py MODE FILE [ARGS]: assertions on stack JSON.
cat >"$tmp/check.py" <<'EOF'
import json, sys
FIX = {"mtcrash", "libmtmodel.so", "libmtkernels.so"}
def frames(path):
    with open(path) as f:
        d = json.load(f)
    out = []
    for r in d["reports"]:
        for fr in r["frames"]:
            mod = (fr.get("module") or "").rsplit("/", 1)[-1]
            if mod in FIX:
                out.append(fr)
    if not out:
        sys.exit("%s: no fixture frames" % path)
    return out
def key(fr):
    return tuple(fr.get(k) for k in ("index", "function", "file", "line",
                                     "column", "inlined", "status"))
mode, path = sys.argv[1], sys.argv[2]
fr = frames(path)
if mode == "symbolized":
    # every fixture frame has a file and line
    bad = [f for f in fr if f["status"] != "symbolized" or not f["file"]
           or not f["line"]]
    # _start has no line rows in crt1: the one allowed exception
    bad = [f for f in bad if f.get("function") != "_start"]
    if bad:
        sys.exit("%s: unresolved fixture frames: %s" % (path, bad))
elif mode == "same":
    other = frames(sys.argv[3])
    if list(map(key, fr)) != list(map(key, other)):
        for a, b in zip(map(key, fr), map(key, other)):
            print(("   " if a == b else "!! ") + repr(a) + " vs " + repr(b))
        sys.exit("%s and %s differ in fixture frames" % (path, sys.argv[3]))
elif mode == "nodebug":
    # status no_debug_info and, when given, a reason containing ARG
    want = sys.argv[3] if len(sys.argv) > 3 else None
    for f in fr:
        if f.get("function") == "_start" and f["status"] != "symbolized":
            continue
        if f["status"] != "no_debug_info":
            sys.exit("%s: frame %s is %s, want no_debug_info" %
                     (path, f["index"], f["status"]))
        if want and want not in (f.get("status_reason") or ""):
            sys.exit("%s: frame %s reason %r lacks %r" %
                     (path, f["index"], f.get("status_reason"), want))
elif mode == "notfound":
    for f in fr:
        if f["status"] != "module_not_found":
            sys.exit("%s: frame %s is %s, want module_not_found" %
                     (path, f["index"], f["status"]))
else:
    sys.exit("unknown mode " + mode)
print("ok %s %s (%d fixture frames)" % (mode, path.rsplit("/", 1)[-1],
                                         len(fr)))
EOF
check() {
	"$python" "$tmp/check.py" "$@" || fail "check $1 on $2"
}

# --- stack: with, without, against --debug-dir ---------------------------
stack "$tmp/with.json" --binary-dir "$g/bin" --debuginfod "$dump"
check symbolized "$tmp/with.json"
stack "$tmp/local.json" --binary-dir "$g/bin" --debug-dir "$g/debug" "$dump"
check same "$tmp/with.json" "$tmp/local.json"
stack "$tmp/without.json" --binary-dir "$g/bin" "$dump"
check nodebug "$tmp/without.json" "no debug info found"
for id in $ids; do
	[ -s "$tmp/cache/$id/debuginfo" ] ||
		fail "no $id/debuginfo in the client cache"
done
# A build-id the server lacks (libLLVM, libc) is the frame's reason.
grep -q 'debuginfod_find_debuginfo: No such file or directory' \
	"$tmp/with.json" || fail "no debuginfod reason for a missing build-id"
# The other dump forms and crash modes resolve too.
for d in "$g"/dumps/*.modoff.txt "$g"/dumps/*.column.txt; do
	stack "$tmp/form.json" --binary-dir "$g/bin" --debuginfod "$d"
	stack "$tmp/form-local.json" --binary-dir "$g/bin" \
		--debug-dir "$g/debug" "$d"
	check same "$tmp/form.json" "$tmp/form-local.json" >/dev/null
done
echo "ok every gcc modoff/column dump matches --debug-dir"
# bucket: one client per worker thread; the buckets (signatures are built
# from the inline chains) must be those of --debug-dir, not those without.
mkdir -p "$tmp/dumps"
cp "$g"/dumps/*.modoff.txt "$tmp/dumps/"
for v in remote local none; do
	case $v in
	remote) set -- --debuginfod ;;
	local) set -- --debug-dir "$g/debug" ;;
	none) set -- ;;
	esac
	"$MAXTRIAGE" bucket -j 2 --format json --no-repo --no-system-debug \
		--binary-dir "$g/bin" "$@" "$tmp/dumps" >"$tmp/bucket-$v.json" ||
		fail "maxtriage bucket ($v) exited $?"
done
"$python" - "$tmp" <<'EOF2' || fail "bucket --debuginfod"
import json, sys
def sigs(v):
    with open("%s/bucket-%s.json" % (sys.argv[1], v)) as f:
        return sorted((b["fingerprint"], b["signature"])
                      for b in json.load(f)["buckets"])
if sigs("remote") != sigs("local"):
    sys.exit("buckets differ from --debug-dir: %s vs %s" %
             (sigs("remote"), sigs("local")))
if sigs("remote") == sigs("none"):
    sys.exit("buckets without debug info are the same: no inline frames?")
print("ok bucket -j 2 --debuginfod == --debug-dir (%d buckets)" %
      len(sigs("remote")))
EOF2

# The library prints nothing even when the client is told to be chatty.
(
	export DEBUGINFOD_VERBOSE=1 DEBUGINFOD_PROGRESS=1
	export DEBUGINFOD_CACHE_PATH="$tmp/cache-chatty"
	stack "$tmp/chatty.json" --binary-dir "$g/bin" --debuginfod "$dump"
) || exit 1
[ ! -s "$tmp/chatty.json.err" ] || {
	cat "$tmp/chatty.json.err" >&2
	fail "stderr output with DEBUGINFOD_VERBOSE/PROGRESS"
}
check symbolized "$tmp/chatty.json"

# --- symbolize: the stripped library against llvm-symbolizer -------------
# A few bytes into each function, plus the dump's return addresses - 1.
addrs=$(nm --defined-only "$g/unstripped/libmtmodel.so" |
	while read -r a t _; do
		case $t in [tT]) printf '0x%x\n' $((0x$a + 3)) ;; esac
	done | sort -u | head -12)
[ -n "$addrs" ] || fail "no text symbols in the unstripped libmtmodel.so"
addrs="$addrs 0x1652 0x14b3 0x146a"
"$MAXTRIAGE" symbolize --debuginfod -e "$g/bin/libmtmodel.so" --inlines \
	$addrs >"$tmp/sym.txt" || fail "maxtriage symbolize exited $?"
"$symbolizer" --obj="$g/unstripped/libmtmodel.so" --inlines $addrs \
	>"$tmp/llvm.txt" || fail "llvm-symbolizer exited $?"
if ! cmp -s "$tmp/sym.txt" "$tmp/llvm.txt"; then
	diff "$tmp/llvm.txt" "$tmp/sym.txt" >&2 || true
	fail "symbolize --debuginfod differs from llvm-symbolizer"
fi
grep -q '\.cpp:' "$tmp/sym.txt" || fail "symbolize output has no file names"
echo "ok symbolize --debuginfod == llvm-symbolizer on unstripped ($(echo $addrs | wc -w) addresses)"
# Without the flag the same command has no lines.
"$MAXTRIAGE" symbolize -e "$g/bin/libmtmodel.so" --inlines 0x1652 \
	>"$tmp/sym-off.txt" || fail "maxtriage symbolize exited $?"
grep -q '\.cpp:' "$tmp/sym-off.txt" &&
	fail "symbolize found debug info without --debuginfod"
# --filter-markup: the module known only by its build-id, fetched from the
# server by both tools (llvm-symbolizer's own client and cache).
mid=$(readelf -n "$g/bin/libmtmodel.so" | awk '/Build ID/ { print $3 }')
{
	echo "{{{module:0:libmtmodel.so:elf:$mid}}}"
	echo "{{{mmap:0x7f0000000000:0x100000:load:0:rx:0}}}"
	k=0
	for a in $addrs; do
		echo "{{{bt:$k:$(printf '0x%x' $((0x7f0000000000 + a))):pc}}}"
		k=$((k + 1))
	done
} >"$tmp/markup.log"
timeout 120 "$symbolizer" --filter-markup --debuginfod <"$tmp/markup.log" \
	>"$tmp/markup-llvm.txt" 2>&1 || fail "llvm-symbolizer --filter-markup exited $?"
ln -sf "$(command -v "$MAXTRIAGE")" "$tmp/llvm-symbolizer"
timeout 120 "$tmp/llvm-symbolizer" --filter-markup --debuginfod <"$tmp/markup.log" \
	>"$tmp/markup-mt.txt" 2>&1 || fail "maxtriage --filter-markup exited $?"
if ! cmp -s "$tmp/markup-llvm.txt" "$tmp/markup-mt.txt"; then
	diff "$tmp/markup-llvm.txt" "$tmp/markup-mt.txt" >&2 || true
	fail "--filter-markup --debuginfod differs from llvm-symbolizer"
fi
grep -q '\.cpp:' "$tmp/markup-mt.txt" || fail "--filter-markup output has no file names"
echo "ok --filter-markup --debuginfod == llvm-symbolizer"

# --- untrusted -----------------------------------------------------------
# A sanitizer dump naming a module that is not here, only by build-id.
cat >"$tmp/san.txt" <<EOF
==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x7ffff7fbc653 bp 0x7ffc0 sp 0x7ffc0 T0)
    #0 0x7ffff7fbc653 in mtmodel::Layer<float>::forward (/nonexistent/libmtmodel.so+0x1653) (BuildId: $model_id)
    #1 0x7ffff7fbc46b in mtmodel::run_scenario (/nonexistent/libmtmodel.so+0x146b) (BuildId: $model_id)
EOF
(
	export DEBUGINFOD_CACHE_PATH="$tmp/cache-untrusted"
	stack "$tmp/san-untrusted.json" --untrusted --debuginfod "$tmp/san.txt"
) || exit 1
check notfound "$tmp/san-untrusted.json"
[ ! -e "$tmp/cache-untrusted/$model_id" ] ||
	fail "--untrusted fetched a build-id only the dump names"
(
	export DEBUGINFOD_CACHE_PATH="$tmp/cache-trusted"
	stack "$tmp/san-trusted.json" --debuginfod "$tmp/san.txt"
) || exit 1
check symbolized "$tmp/san-trusted.json"
# Modules found under --binary-dir: their own build-ids are fetched.
(
	export DEBUGINFOD_CACHE_PATH="$tmp/cache-untrusted"
	stack "$tmp/untrusted.json" --untrusted --binary-dir "$g/bin" \
		--debuginfod "$dump"
) || exit 1
check same "$tmp/untrusted.json" "$tmp/local.json"

# --- failures ------------------------------------------------------------
# Build-ids the server does not have (the clang build is not indexed).
stack "$tmp/clang.json" --binary-dir "$c/bin" --debuginfod \
	"$c/dumps/segv.modoff.txt"
check nodebug "$tmp/clang.json" \
	"(debuginfod_find_debuginfo: No such file or directory)"
# No server configured.
env -u DEBUGINFOD_URLS DEBUGINFOD_CACHE_PATH="$tmp/cache-none" \
	"$MAXTRIAGE" stack --format json --no-repo --no-system-debug \
	--binary-dir "$g/bin" --debuginfod "$dump" >"$tmp/nourl.json" ||
	fail "stack without DEBUGINFOD_URLS exited $?"
check nodebug "$tmp/nourl.json" "DEBUGINFOD_URLS is not set"
# Nothing listening on the port.
dead=$(free_port)
(
	export DEBUGINFOD_URLS="http://127.0.0.1:$dead"
	export DEBUGINFOD_CACHE_PATH="$tmp/cache-dead"
	stack "$tmp/dead.json" --binary-dir "$g/bin" --debuginfod "$dump"
) || exit 1
check nodebug "$tmp/dead.json" "(debuginfod_find_debuginfo: "
# A server that answers with the wrong files: the stripped binaries
# themselves (right build-id, no DWARF) and garbage.
mkdir -p "$tmp/fake/buildid"
for f in mtcrash libmtmodel.so libmtkernels.so; do
	id=$(build_id "$g/bin/$f")
	mkdir -p "$tmp/fake/buildid/$id"
	if [ "$f" = libmtkernels.so ]; then
		head -c 4096 /dev/urandom >"$tmp/fake/buildid/$id/debuginfo"
	else
		cp "$g/bin/$f" "$tmp/fake/buildid/$id/debuginfo"
	fi
done
fport=""
tries=0
while [ $tries -lt 5 ] && [ -z "$fport" ]; do
	tries=$((tries + 1))
	p=$(free_port)
	"$python" -m http.server --bind 127.0.0.1 --directory "$tmp/fake" \
		"$p" >"$tmp/fake.log" 2>&1 &
	fake=$!
	if wait_http "http://127.0.0.1:$p/buildid/$model_id/debuginfo" 15 \
		"$fake"; then
		fport=$p
	else
		kill "$fake" 2>/dev/null || true
		wait "$fake" 2>/dev/null || true
		fake=""
	fi
done
[ -n "$fport" ] || fail "the fake server did not start"
(
	export DEBUGINFOD_URLS="http://127.0.0.1:$fport"
	export DEBUGINFOD_CACHE_PATH="$tmp/cache-fake"
	stack "$tmp/fake.json" --binary-dir "$g/bin" --debuginfod "$dump"
	# libmtkernels.so's "debug file" is garbage
	"$MAXTRIAGE" symbolize --debuginfod -e "$g/bin/libmtkernels.so" \
		0x1000 >"$tmp/garbage.txt" ||
		fail "symbolize with a garbage debug file exited $?"
) || exit 1
check nodebug "$tmp/fake.json" "is not a debug file for build-id"

# --- a minidump whose module files are not here: fetched by build-id -----
# (the module files themselves, for their .eh_frame, then their debug
# files): the same frames, names and unwinding as with the files at hand
if command -v lldb-19 >/dev/null 2>&1; then
	cp -r "$g/bin" "$tmp/gone"
	lldb-19 -b -o "process launch" \
		-k "process save-core --style minidump $tmp/gone.dmp" -k kill \
		-- "$tmp/gone/mtcrash" segv >/dev/null 2>&1 || true
	rm -rf "$tmp/gone"
	if [ -s "$tmp/gone.dmp" ]; then
		stack "$tmp/gone.json" --debuginfod "$tmp/gone.dmp"
		stack "$tmp/gone-local.json" --binary-dir "$g/bin" \
			--debug-dir "$g/debug" "$tmp/gone.dmp"
		"$python" - "$tmp/gone.json" "$tmp/gone-local.json" "$tmp/cache" <<'EOF3' || fail "minidump modules by build-id"
import json, sys
def frames(p):
    r = json.load(open(p))["reports"][0]
    return [(f["address"], f["function"], f["found_by"], f["status"]) for f in r["frames"]]
a, b = frames(sys.argv[1]), frames(sys.argv[2])
r = json.load(open(sys.argv[1]))["reports"][0]
fetched = [f for f in r["frames"] if (f["module_path"] or "").startswith(sys.argv[3])]
if a != b or not fetched or any(f["found_by"] not in ("context", "cfi") for f in fetched):
    sys.exit("fetched %s\nlocal   %s" % (a, b))
print("ok a minidump's missing modules fetched by build-id: %d frames as with the files here" % len(a))
EOF3
	else
		echo "debuginfod: note: lldb-19 wrote no minidump here; the fetch by build-id is not checked"
	fi
fi

# --- the cache answers without the server ---------------------------------
kill "$server"
wait "$server" 2>/dev/null || true
server=""
stack "$tmp/cached.json" --binary-dir "$g/bin" --debuginfod "$dump"
check same "$tmp/cached.json" "$tmp/local.json"
echo "debuginfod: all checks passed"
