#!/bin/sh
# demo.sh [BUILD_DIR] - triage the committed demo crash (testdata/demo).
#
# A real LLVM crash dump in the module+offset form, from stripped binaries
# whose debug info sits in a .build-id tree: first the text report, then
# the same as JSON (schema maxtriage.stack.v1).
# testdata/demo/regen.sh rebuilds the bundle.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in
/*) ;;
*) build="$top/$build" ;;
esac
mt="$build/maxtriage"
if [ ! -x "$mt" ]; then
	echo "demo: no maxtriage binary at '$mt' (run make first)" >&2
	exit 1
fi
cd "$top"
demo=testdata/demo
set -- stack --binary-dir "$demo/bin" --debug-dir "$demo/debug" \
	--rules "$demo/rules.json"

echo "\$ maxtriage $* $demo/crash.txt"
"$mt" "$@" "$demo/crash.txt"
echo
echo "\$ maxtriage $* --format json $demo/crash.txt"
"$mt" "$@" --format json "$demo/crash.txt"
