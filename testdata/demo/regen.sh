#!/bin/sh
# regen.sh [MODE [CC]] - rebuild the committed demo bundle in testdata/demo.
#
# Builds the crash fixtures (testdata/crashers/build.sh) in a temporary
# directory and copies one crash into the bundle:
#   crash.txt    the MODE crash (default trap) of the CC build (default
#                clang, which emits no .debug_aranges), module+offset form:
#                stripped binaries, llvm-symbolizer on PATH
#   bin/         the stripped mtcrash, libmtmodel.so, libmtkernels.so
#   debug/.build-id/xx/rest.debug   their debug info
#   rules.json   kernels library -> kernel, model library -> model
# libLLVM and libc are not bundled: their frames are the crash handler and
# the system. Needs what build.sh needs (gcc, clang-19, llvm-19-dev ...).
set -eu

mode=${1:-trap}
cc=${2:-clang}
demo=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$demo/../.." && pwd)
case $mode in
segv | trap | fpe | assert | exception | thread) ;;
*)
	echo "regen: unknown crash mode '$mode'" >&2
	exit 2
	;;
esac
case $cc in
gcc | clang) ;;
*)
	echo "regen: unknown compiler '$cc' (gcc or clang)" >&2
	exit 2
	;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/maxtriage-demo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sh "$top/testdata/crashers/build.sh" "$tmp/fixtures"
src="$tmp/fixtures/$cc"

rm -rf "$demo/bin" "$demo/debug"
mkdir -p "$demo/bin"
cp "$src/bin/mtcrash" "$src/bin/libmtmodel.so" "$src/bin/libmtkernels.so" "$demo/bin/"
cp -R "$src/debug" "$demo/debug"
cp "$src/dumps/$mode.modoff.txt" "$demo/crash.txt"
cp "$top/testdata/crashers/rules.json" "$demo/rules.json"
echo "regen: demo bundle is the $cc '$mode' crash; $(du -sk "$demo" | cut -f1) KB in $demo"
