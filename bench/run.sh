#!/bin/sh
# maxtriage benchmarks against the anchors (llvm-symbolizer 19, binutils
# addr2line, eu-addr2line, GNU diff), measured alternately in one run.
# Not part of `make check`; `make bench` runs it.
#
# usage: sh bench/run.sh BUILD_DIR [symbolize|stack|sanitizer|irdiff|irstages|irfuncs|core|server|all]
#   BENCH_RUNS=N    runs per tool (default 5); medians are reported
#   BENCH_QUICK=1   small inputs (smoke test), in bench/work/quick/
#   BENCH_IR_SIZES=N,N,...  irdiff series (default 5000,10000,20000,50000)
#   BENCH_IR_STAGES=N,N,... many-stage capture series, TOSA MLP layers
#                   (default 100,200,400,800); irstages runs only that
#   BENCH_IR_FUNCS=N,N,...  function-scope capture series, TOSA conv block
#                   functions (default 100,200,400,800); irfuncs runs only that
#   BENCH_SERVER_NAMES=N,N,...  server series, missing modules (default
#                   10,1000,20000,200000); BENCH_SERVER_REAL=N,... real
#                   ones (default 10,1000,5000); BENCH_SERVER_BEFORE=MT adds
#                   an older maxtriage to the server series
#   BENCH_WORK=DIR  where inputs are generated and cached (default bench/work)
#
# Inputs are generated on first use and cached: the 40 x 1,000-function
# libraries (gcc and clang, make -j), the address lists, the stack dump,
# and the MLIR stages (python generator + mlir-opt). Results: docs/performance.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { sed -n '5,19p' "$0" >&2; exit 2; }
build=$1
what=${2:-all}
mt=$build/maxtriage
[ -x "$mt" ] || { echo "bench: no '$mt' (run make first)" >&2; exit 2; }
work=${BENCH_WORK:-$here/work}
case ${BENCH_QUICK:-} in ''|0) ;; *) work=$work/quick ;; esac

missing=
for t in /usr/bin/time /usr/lib/llvm-19/bin/llvm-symbolizer \
	/usr/lib/llvm-19/bin/mlir-opt addr2line eu-addr2line objdump readelf \
	diff gcc clang-19 objcopy python3 make; do
	command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
done
if [ -n "$missing" ]; then
	echo "bench: missing:$missing (see scripts/deps.txt)" >&2
	exit 2
fi
exec python3 "$here/bench.py" "$mt" "$work" "$what"
