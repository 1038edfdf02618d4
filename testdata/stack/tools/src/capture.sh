#!/bin/sh
# capture.sh OUTDIR - rebuild crash.c and print its crashes with gdb,
# valgrind, eu-stack and Python's faulthandler (see ../README.md).
# The captures are checked in; this script documents how they were made.
set -eu
src=$(cd "$(dirname "$0")" && pwd)
out=$(cd "${1:-$src/..}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src/crash.c" "$tmp/"
cd "$tmp"
# compiled where it runs: frames name "crash.c", not a path of this checkout
gcc -g -O1 -o crash crash.c -lpthread
gdbrun() { # mode, extra gdb commands...
	mode=$1
	shift
	gdb -q -nx -batch -ex run "$@" --args ./crash "$mode" 2>&1 |
		sed -e "s|$tmp|/tmp/t|g"
}
for m in null strlen abort; do
	gdbrun $m -ex bt -ex 'bt full' -ex 'thread apply all bt' \
		>"$out/gdb_$m.txt"
done
# the fault caught by a handler that aborts: gdb stops at the SIGABRT
gdb -q -nx -batch -ex 'handle SIGSEGV nostop noprint pass' -ex run -ex bt \
	--args ./crash handler >"$out/gdb_handler.txt" 2>&1
# 30k frames of recursion: the innermost and outermost few
gdbrun recurse -ex 'bt 12' -ex 'bt -3' >"$out/gdb_recurse.txt"
for m in null strlen recurse; do
	valgrind ./crash $m >"$out/valgrind_$m.txt" 2>&1 || true
done
GLIBC_TUNABLES=glibc.malloc.tcache_count=0 valgrind ./crash doublefree \
	>"$out/valgrind_doublefree.txt" 2>&1 || true
# heap checkers: glibc's message, then the shell's trailer
for m in doublefree nextsize unsorted; do
	(GLIBC_TUNABLES=glibc.malloc.tcache_count=0 ./crash $m) \
		>"$out/glibc_$m.txt" 2>&1 || true
done
# lldb: the stop, then "bt" and "thread backtrace all"
for m in null strlen; do
	lldb-19 --batch -o run -k bt -k 'thread backtrace all' -- ./crash $m \
		2>&1 | sed -e "s|$tmp|/tmp/t|g" >"$out/lldb_$m.txt" || true
done
# eu-stack on cores written by gdb at the fault
for m in null strlen; do
	gdb -q -nx -batch -ex run -ex "generate-core-file $tmp/core.$m" \
		--args ./crash $m >/dev/null 2>&1
	for flags in "" "-m" "-s" "-i" "-m -s -i" "-a -m -s -i"; do
		name=$(echo "$flags" | tr -d ' -')
		eu-stack $flags --executable=./crash --core="core.$m" \
			2>&1 | sed -e "s|$tmp|/tmp/t|g" \
			>"$out/eu-stack_${m}${name:+_$name}.txt" || true
	done
done
# Python faulthandler (most recent call first) with a second thread
cat >"$tmp/fh.py" <<'PY'
import ctypes, threading, time

def sleeper():
    time.sleep(60)

def read_null():
    return ctypes.string_at(0)

def main():
    threading.Thread(target=sleeper, daemon=True).start()
    time.sleep(0.1)
    read_null()

main()
PY
python3 -X faulthandler "$tmp/fh.py" 2>&1 | sed -e "s|$tmp|/tmp/t|g" \
	>"$out/faulthandler_string_at.txt" || true
