#!/bin/sh
# Lowerings with and without source locations on real mlir-opt-19
# pipelines over cases cut from llvm-project's MLIR tests (TOSA to
# LLVM, lower-affine, sparsification, linalg-to-loops, scf-to-cf; see
# testdata/ir/upstream/SOURCES.md): each pipeline captured with
# --mlir-print-debuginfo and without it, the same (pass, lowered op)
# facts required of both, read by hand from the CHECK lines and the
# dumps. Sparsification is a lowering although a linalg op survives it.
# Two halves, build and check. See tests/e2e/irdiff_lowerings.py.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=irdiff_lowerings
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
MLIR_OPT="$MLIR_OPT" python3 "$root/tests/e2e/irdiff_lowerings.py" "$bin" "$tmp" \
	"$root/testdata/ir/upstream"
