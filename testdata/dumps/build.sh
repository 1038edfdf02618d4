#!/bin/sh
# build.sh OUTDIR - the crash programs of the minidump and core tests,
# the dumps made by crashing them, and what the reference tools print
# for each dump file (the expected values of tests/e2e/dump_real.sh).
#
#   OUTDIR/unstripped/   threads, thrower, crashext.so (-g)
#   OUTDIR/bin/          the same stripped, with a .gnu_debuglink
#   OUTDIR/debug/.build-id/xx/rest.debug   their debug info
#   OUTDIR/dumps/NAME.dmp     minidump written by lldb-19 (process save-core
#                             --style minidump) at the crash
#   OUTDIR/dumps/NAME.gcore   core written by gdb (generate-core-file)
#   OUTDIR/dumps/NAME.core    core written by the kernel (only when
#                             /proc/sys/kernel/core_pattern is "core")
#   OUTDIR/ref/NAME.lldb.txt      lldb-19 -c NAME.dmp: thread list, bt all
#   OUTDIR/ref/NAME.eu-stack.txt  eu-stack --core NAME.gcore -m
#   OUTDIR/ref/NAME.gdb.txt       gdb on NAME.gcore: thread apply all bt
#   OUTDIR/ref/NAME.core-eu-stack.txt  eu-stack on the kernel's core
# NAMEs: threads (4 workers, NULL read in main's thread), threads-abort,
# thrower (C++ exception, std::terminate), python (a C extension crashing
# under python3), threads-fp (threads.c without CFI: frame pointers;
# only a gdb core). The programs run
# from bin/ (stripped): the dumps name the stripped files, and names come
# from the .build-id tree. Rebuilds only when a source or this script is
# newer than OUTDIR/stamp. Writes nothing outside OUTDIR.
set -eu

if [ $# -ne 1 ]; then
	echo "usage: build.sh OUTDIR" >&2
	exit 2
fi
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)

for tool in gcc clang++-19 objcopy readelf gdb lldb-19 eu-stack python3-config; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "dumps: missing tool: $tool" >&2
		exit 77
	fi
done
if [ -f "$out/stamp" ]; then
	stale=0
	for f in "$src"/*.c "$src"/*.cpp "$src/build.sh"; do
		[ "$f" -nt "$out/stamp" ] && stale=1
	done
	if [ $stale -eq 0 ]; then
		echo "dumps: up to date in $out"
		exit 0
	fi
fi
rm -rf "$out"/unstripped "$out"/bin "$out"/debug "$out"/dumps "$out"/ref "$out/stamp"
mkdir -p "$out"/unstripped "$out"/bin "$out"/debug "$out"/dumps "$out"/ref
u="$out/unstripped"

# split FILE: bin/FILE stripped with a debuglink, its debug info under
# debug/.build-id/xx/rest.debug
split() {
	full="$u/$1"
	id=$(readelf -n "$full" | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p')
	[ -n "$id" ] || { echo "dumps: no build id in $full" >&2; exit 1; }
	dir="$out/debug/.build-id/$(echo "$id" | cut -c1-2)"
	mkdir -p "$dir"
	objcopy --only-keep-debug "$full" "$dir/$(echo "$id" | cut -c3-).debug"
	objcopy --strip-all "$full" "$out/bin/$1"
	objcopy --add-gnu-debuglink="$dir/$(echo "$id" | cut -c3-).debug" "$out/bin/$1"
}

ldid=-Wl,--build-id=sha1
gcc -O2 -g -pthread $ldid -o "$u/threads" "$src/threads.c"
clang++-19 -O1 -g $ldid -o "$u/thrower" "$src/thrower.cpp"
# shellcheck disable=SC2046
gcc -O1 -g -shared -fPIC $ldid $(python3-config --includes) -o "$u/crashext.so" "$src/crashext.c"
# threads-fp: no CFI for the program's own functions (no -g, no unwind
# tables), frame pointers kept: libdwfl's frame-pointer fallback
gcc -O1 -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
	-fno-unwind-tables -pthread $ldid -o "$out/bin/threads-fp" "$src/threads.c"
for f in threads thrower crashext.so; do split "$f"; done

py=/usr/bin/python3
pyargs="import sys; sys.path.insert(0, '$out/bin'); import crashext; crashext.crash()"

# lldb_dump NAME PROGRAM ARGS...: a minidump at the crash, then what
# lldb prints reading that file
lldb_dump() {
	name=$1
	shift
	lldb-19 -b -O "settings set target.debug-file-search-paths $out/debug" \
		-o "process launch" \
		-k "process save-core --style minidump $out/dumps/$name.dmp" \
		-k "kill" -- "$@" >"$out/ref/$name.lldb-live.txt" 2>&1 || true
	[ -s "$out/dumps/$name.dmp" ] || { echo "dumps: lldb wrote no minidump for $name" >&2; exit 1; }
	lldb-19 -b -O "settings set target.debug-file-search-paths $out/debug" \
		-c "$out/dumps/$name.dmp" "$1" \
		-o "thread list" -o "thread backtrace all" >"$out/ref/$name.lldb.txt" 2>&1
}

# gdb_core NAME PROGRAM ARGS...: a core at the crash (gdb's gcore), then
# what gdb and eu-stack print reading that file
gdb_core() {
	name=$1
	shift
	gdb -batch -nx -iex "set debug-file-directory $out/debug:/usr/lib/debug" -ex run \
		-ex "generate-core-file $out/dumps/$name.gcore" --args "$@" \
		>"$out/ref/$name.gdb-live.txt" 2>&1 || true
	[ -s "$out/dumps/$name.gcore" ] || { echo "dumps: gdb wrote no core for $name" >&2; exit 1; }
	gdb -batch -nx -iex "set debug-file-directory $out/debug:/usr/lib/debug" \
		-ex "thread apply all bt" "$1" "$out/dumps/$name.gcore" \
		>"$out/ref/$name.gdb.txt" 2>&1
	eu-stack --core="$out/dumps/$name.gcore" --executable="$1" \
		--debuginfo-path="$out/debug" -m \
		>"$out/ref/$name.eu-stack.txt" 2>&1 || true
}

# kernel_core NAME PROGRAM ARGS...: the kernel's own core, when it writes
# one named "core" into the working directory
kernel_core() {
	name=$1
	shift
	[ "$(cat /proc/sys/kernel/core_pattern 2>/dev/null)" = core ] || return 0
	d="$out/run-$name"
	rm -rf "$d"
	mkdir -p "$d"
	(
		cd "$d"
		ulimit -c unlimited
		setarch "$(uname -m)" -R "$@" >/dev/null 2>&1 &
		wait $! || true
	) 2>/dev/null
	if [ -f "$d/core" ]; then
		mv "$d/core" "$out/dumps/$name.core"
		eu-stack --core="$out/dumps/$name.core" --executable="$1" \
			--debuginfo-path="$out/debug" -m \
			>"$out/ref/$name.core-eu-stack.txt" 2>&1 || true
	fi
	rm -rf "$d"
}

for how in lldb_dump gdb_core kernel_core; do
	$how threads "$out/bin/threads" 4 segv
	$how threads-abort "$out/bin/threads" 4 abort
	$how thrower "$out/bin/thrower"
	$how python "$py" -c "$pyargs"
done
gdb_core threads-fp "$out/bin/threads-fp" 2 segv
date -u +%Y-%m-%dT%H:%M:%SZ >"$out/stamp"
echo "dumps: built in $out"
