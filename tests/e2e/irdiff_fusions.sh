#!/bin/sh
# Fusions from what ops compute, loop fusions, tile-and-fuse and
# outlinings on real mlir-opt-19 pipelines run on cases cut from
# llvm-project's MLIR tests (testdata/ir/upstream/fusions, SOURCES.md in
# testdata/ir/upstream): each capture in seven layouts, the expected
# fusions read from the CHECK lines (which FileCheck holds this mlir-opt
# to first), zero false fusions. Two halves: build (the cases the
# detectors were developed on) and check (held out until they were
# done). See tests/e2e/irdiff_fusions.py.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=irdiff_fusions
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
if [ ! -x "$MLIR_OPT" ]; then
	echo "$NAME: skipped: $MLIR_OPT not installed (apt-get install mlir-19-tools)"
	exit 77
fi
need_tools python3
[ -x "${FILECHECK:-/usr/lib/llvm-19/bin/FileCheck}" ] || {
	echo "$NAME: skipped: FileCheck not installed (llvm-19-tools)"
	exit 77
}
D="$root/testdata/ir/upstream/fusions"
MLIR_OPT="$MLIR_OPT" python3 "$root/tests/e2e/irdiff_fusions.py" "$bin" "$tmp" \
	"$D/build" "$D/check"
