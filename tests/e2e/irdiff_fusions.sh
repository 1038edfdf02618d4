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
need_mlir_opt
need_tools python3
need_filecheck
D="$root/testdata/ir/upstream/fusions"
MLIR_OPT="$MLIR_OPT" python3 "$root/tests/e2e/irdiff_fusions.py" "$bin" "$tmp" \
	"$D/build" "$D/check"
