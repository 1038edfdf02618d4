#!/bin/sh
# Lowerings with and without source locations on real mlir-opt-19
# pipelines over cases cut from llvm-project's MLIR tests (TOSA to
# LLVM, lower-affine, sparsification, linalg-to-loops, scf-to-cf; see
# testdata/ir/upstream/SOURCES.md): each pipeline captured with
# --mlir-print-debuginfo and without it, the same (pass, lowered op)
# facts required of both, read by hand from the CHECK lines and the
# dumps. Sparsification is a lowering although a linalg op survives it.
# Every case is also captured module scope, as a tree dir, after change
# and local scope (no locations), held to the same facts; some cases
# also to hand-counted (added, removed, moved) and to what a lowered op
# did not become (a neighbour's constant).
# Two halves, build and check. See tests/e2e/irdiff_lowerings.py.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=irdiff_lowerings
need_mlir_opt
need_tools python3
need_filecheck
MLIR_OPT="$MLIR_OPT" python3 "$root/tests/e2e/irdiff_lowerings.py" "$bin" "$tmp" \
	"$root/testdata/ir/upstream"
