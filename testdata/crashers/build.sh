#!/bin/sh
# build.sh OUTDIR - build the crash fixtures and capture their crash dumps.
#
# For each compiler pair (gcc: gcc/g++, clang: clang-19/clang++-19):
#   OUTDIR/<cc>/unstripped/   mtcrash, libmtmodel.so, libmtkernels.so (-g)
#   OUTDIR/<cc>/bin/          the same, stripped, with a .gnu_debuglink
#   OUTDIR/<cc>/debug/.build-id/xx/rest.debug   their debug info
#   OUTDIR/<cc>/dumps/<mode>.<form>.txt          stderr of each crash
# where <mode> is one of segv trap fpe assert exception thread and <form>:
#   modoff     stripped binaries, llvm-symbolizer on PATH:
#              "#N 0xADDR [func] (module+0xOFF)"
#   column     LLVM_DISABLE_SYMBOLIZATION=1:
#              "N module 0xADDR [sym + off]" (Stack dump without symbol names)
#   symbolized unstripped binaries, llvm-symbolizer on PATH:
#              "#N 0xADDR func file:line:col"
#   late       as modoff, but the host installs LLVM's signal handler before
#              its pretty stack entry: "Stack dump:" follows the frames
# Writes nothing outside OUTDIR. Rebuilds only when a source or this
# script is newer than OUTDIR/stamp. Needs gcc, g++, clang-19, clang++-19,
# objcopy, readelf, llvm-19-dev and llvm-symbolizer (llvm-19).
set -eu

if [ $# -ne 1 ]; then
	echo "usage: build.sh OUTDIR" >&2
	exit 2
fi
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)

LLVM_CONFIG=${LLVM_CONFIG:-llvm-config-19}
llvm_bindir=$("$LLVM_CONFIG" --bindir)
llvm_incdir=$("$LLVM_CONFIG" --includedir)
llvm_libdir=$("$LLVM_CONFIG" --libdir)
modes="segv trap fpe assert exception thread"

# Up to date? The stamp is written last, so a half-done build redoes all.
if [ -f "$out/stamp" ]; then
	stale=0
	for f in "$src"/*.c "$src"/*.cpp "$src"/*.h "$src/build.sh"; do
		[ "$f" -nt "$out/stamp" ] && stale=1
	done
	if [ $stale -eq 0 ]; then
		echo "crashers: up to date in $out"
		exit 0
	fi
fi
rm -f "$out/stamp"

# -fno-optimize-sibling-calls: keep every call frame on the stack, so both
# compilers give the same frames and the chains in the sources hold.
# -gdwarf-5 is what gcc 12 and clang 19 default to; said once here.
CFLAGS_FIX="-O2 -g -gdwarf-5 -fno-omit-frame-pointer -fno-optimize-sibling-calls -fPIC"

# debug_split FILE UNSTRIPPED DEBUGROOT: FILE becomes the stripped copy of
# UNSTRIPPED; its debug info goes to DEBUGROOT/.build-id/xx/rest.debug.
debug_split() {
	stripped=$1 full=$2 dbgroot=$3
	id=$(readelf -n "$full" | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p')
	if [ -z "$id" ]; then
		echo "crashers: no build id in $full" >&2
		exit 1
	fi
	tmpdbg="$dbgroot/$(basename "$full").debug"
	objcopy --only-keep-debug --compress-debug-sections=none "$full" "$tmpdbg"
	objcopy --strip-all "$full" "$stripped"
	# The link names the conventional file name (libX.so.debug) and holds
	# the CRC of the debug file; the file itself lives under .build-id.
	objcopy --add-gnu-debuglink="$tmpdbg" "$stripped"
	idir="$dbgroot/.build-id/$(echo "$id" | cut -c1-2)"
	mkdir -p "$idir"
	mv "$tmpdbg" "$idir/$(echo "$id" | cut -c3-).debug"
}

build_one() {
	cc=$1 ccbin=$2 cxxbin=$3
	d="$out/$cc"
	rm -rf "$d"
	mkdir -p "$d/unstripped" "$d/bin" "$d/debug" "$d/dumps" "$d/obj"
	u="$d/unstripped"
	ldid="-Wl,--build-id=sha1"
	echo "crashers: building with $ccbin / $cxxbin"
	$ccbin $CFLAGS_FIX -std=c11 -Wall -Wextra -c "$src/kernels.c" -o "$d/obj/kernels.o"
	$ccbin -shared $ldid -Wl,-soname,libmtkernels.so -o "$u/libmtkernels.so" \
		"$d/obj/kernels.o" -lpthread
	$cxxbin $CFLAGS_FIX -std=c++17 -Wall -Wextra -c "$src/model.cpp" -o "$d/obj/model.o"
	$cxxbin -shared $ldid -Wl,-soname,libmtmodel.so -o "$u/libmtmodel.so" \
		"$d/obj/model.o" -L"$u" -lmtkernels -Wl,-rpath,'$ORIGIN'
	# The host uses exceptions (it must let one escape), so it does not take
	# llvm-config's -fno-exceptions; it only needs the headers and the lib.
	# --export-dynamic puts main in .dynsym, as large hosts (mojo) export
	# their symbols: the column form then names a host frame ("main + N"),
	# which pins the host's base.
	$cxxbin $CFLAGS_FIX -std=c++17 -Wall -I"$llvm_incdir" -c "$src/mtcrash.cpp" \
		-o "$d/obj/mtcrash.o"
	$cxxbin $ldid -o "$u/mtcrash" "$d/obj/mtcrash.o" -L"$u" -L"$llvm_libdir" \
		-lmtmodel -lmtkernels -lLLVM-19 -Wl,--export-dynamic -Wl,-rpath,'$ORIGIN' -Wl,-rpath,"$llvm_libdir"
	rm -rf "$d/obj"
	for f in mtcrash libmtmodel.so libmtkernels.so; do
		debug_split "$d/bin/$f" "$u/$f" "$d/debug"
	done
}

# run_crash DIR MODE OUTFILE [env...]: run DIR/mtcrash MODE, stderr to
# OUTFILE; the crash itself is expected, a clean exit is an error.
run_crash() {
	dir=$1 mode=$2 file=$3
	shift 3
	# mtcrash runs as a background job that the subshell waits for: dash
	# then prints no "Segmentation fault"/"Aborted" notice into $file (a
	# foreground job's notice would land there); any other notice goes to
	# the subshell's /dev/null. $file holds exactly what mtcrash wrote.
	if (
		ulimit -c 0
		cd "$dir" || exit 1
		$norand env "$@" ./mtcrash "$mode" >/dev/null 2>"$file" &
		wait $!
	) 2>/dev/null; then
		echo "crashers: $dir/mtcrash $mode did not crash" >&2
		exit 1
	fi
	if ! grep -q '^ *#\{0,1\}[0-9][0-9]* ' "$file"; then
		echo "crashers: no stack frames in $file" >&2
		cat "$file" >&2
		exit 1
	fi
}

capture() {
	d="$out/$1"
	# PATH carries llvm-symbolizer (LLVM looks for it by that name);
	# LLVM_SYMBOLIZER_PATH from the caller would override it, so drop it.
	sympath="PATH=$llvm_bindir:$PATH"
	for m in $modes; do
		run_crash "$d/bin" "$m" "$d/dumps/$m.modoff.txt" -u LLVM_SYMBOLIZER_PATH \
			-u LLVM_DISABLE_SYMBOLIZATION "$sympath"
		run_crash "$d/bin" "$m" "$d/dumps/$m.column.txt" -u LLVM_SYMBOLIZER_PATH \
			LLVM_DISABLE_SYMBOLIZATION=1 "$sympath"
		run_crash "$d/unstripped" "$m" "$d/dumps/$m.symbolized.txt" \
			-u LLVM_SYMBOLIZER_PATH -u LLVM_DISABLE_SYMBOLIZATION "$sympath"
		# modoff again, handler installed before the pretty stack entry:
		# "Stack dump:" and "Program arguments:" after the frames.
		run_crash "$d/bin" "$m" "$d/dumps/$m.late.txt" -u LLVM_SYMBOLIZER_PATH \
			-u LLVM_DISABLE_SYMBOLIZATION "$sympath" MTCRASH_HANDLER_FIRST=1
	done
}

# Address space randomisation off (setarch -R) when the system allows it:
# then the three forms of one crash show the same addresses, which lets
# the e2e checker map the symbolized form's addresses to module offsets.
norand=""
if setarch "$(uname -m)" -R true 2>/dev/null; then
	norand="setarch $(uname -m) -R"
else
	echo "crashers: setarch -R unavailable; addresses differ between forms" >&2
fi

for tool in gcc g++ clang-19 clang++-19 objcopy readelf "$LLVM_CONFIG"; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "crashers: missing tool: $tool" >&2
		exit 77
	fi
done
if [ ! -x "$llvm_bindir/llvm-symbolizer" ]; then
	echo "crashers: missing tool: $llvm_bindir/llvm-symbolizer" >&2
	exit 77
fi

build_one gcc gcc g++
build_one clang clang-19 clang++-19
capture gcc
capture clang
date -u +%Y-%m-%dT%H:%M:%SZ >"$out/stamp"
echo "crashers: built in $out"
