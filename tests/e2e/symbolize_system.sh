#!/bin/sh
# symbolize_system: real gcc-built system libraries (libc, libm,
# libstdc++) as installed, with their /usr/lib/debug files when present:
# maxtriage and llvm-symbolizer must agree on the inline chains, files,
# lines and columns (see testdata/symbolize/compare_system.py).
set -u
LLVM_SYMBOLIZER=${LLVM_SYMBOLIZER:-}
if [ -z "$LLVM_SYMBOLIZER" ]; then
	for c in llvm-symbolizer-19 /usr/lib/llvm-19/bin/llvm-symbolizer; do
		if command -v "$c" >/dev/null 2>&1; then
			LLVM_SYMBOLIZER=$(command -v "$c")
			break
		fi
	done
fi
if [ -z "$LLVM_SYMBOLIZER" ] || ! command -v python3 >/dev/null 2>&1 ||
	! command -v readelf >/dev/null 2>&1; then
	echo "skip: llvm-symbolizer 19, python3 or readelf not installed"
	exit 77
fi
libs=""
for l in libc.so.6 libm.so.6 libstdc++.so.6; do
	for d in /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu \
		/lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu; do
		if [ -f "$d/$l" ]; then
			libs="$libs $d/$l"
			break
		fi
	done
done
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck disable=SC2086
python3 "$here/testdata/symbolize/compare_system.py" "$MAXTRIAGE" \
	"$LLVM_SYMBOLIZER" $libs || exit 1
# The own DIE walker against the libdw walk on the same libraries (their
# /usr/lib/debug files when installed).
# shellcheck disable=SC2086
python3 "$here/testdata/symbolize/walkers.py" "$MAXTRIAGE" 3000 $libs
