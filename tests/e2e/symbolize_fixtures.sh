#!/bin/sh
# symbolize_fixtures: build the symbolize fixtures (gcc and clang, DWARF 4
# and 5, -gz, stripped copies with .build-id and .gnu_debuglink debug
# files) and require `maxtriage symbolize` to print what llvm-symbolizer
# prints for >= 99.9% of ~2000 sampled addresses per library, with and
# without --inlines. Expected output always comes from llvm-symbolizer.
set -u
LLVM_SYMBOLIZER=${LLVM_SYMBOLIZER:-}
if [ -z "$LLVM_SYMBOLIZER" ]; then
	for c in llvm-symbolizer-19 /usr/lib/llvm-19/bin/llvm-symbolizer \
		llvm-symbolizer; do
		if command -v "$c" >/dev/null 2>&1; then
			LLVM_SYMBOLIZER=$(command -v "$c")
			break
		fi
	done
fi
for tool in python3 gcc g++ clang-19 clang++-19 objcopy strip readelf; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "skip: $tool not installed"
		exit 77
	fi
done
if [ -z "$LLVM_SYMBOLIZER" ]; then
	echo "skip: llvm-symbolizer (19) not installed"
	exit 77
fi
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$here/tests/e2e/lib/fixtures.sh"
fix="$MT_FIXTURES/symbolize"
# Rebuild when the generator is newer than the fixtures.
gen_fixtures() {
	[ -f "$fix/variants.txt" ] &&
		[ ! "$here/testdata/symbolize/gen.py" -nt "$fix/variants.txt" ] && return 0
	python3 "$here/testdata/symbolize/gen.py" "$fix" >"$MT_FIXTURES/symbolize.log" 2>&1 || {
		cat "$MT_FIXTURES/symbolize.log"
		echo "fixture build failed"
		return 1
	}
}
fixture_locked symbolize gen_fixtures || exit 1
rc=0
echo "== --inlines"
python3 "$here/testdata/symbolize/compare.py" "$MAXTRIAGE" \
	"$LLVM_SYMBOLIZER" "$fix" 2000 inlines || rc=1
echo "== without --inlines"
python3 "$here/testdata/symbolize/compare.py" "$MAXTRIAGE" \
	"$LLVM_SYMBOLIZER" "$fix" 500 no-inlines || rc=1
# The own DIE walker (die_walk.c, no libdw fallback) and the libdw walk
# must index every unstripped fixture identically.
echo "== DIE walkers: raw vs libdw"
# shellcheck disable=SC2046
python3 "$here/testdata/symbolize/walkers.py" "$MAXTRIAGE" 2000 \
	$(awk '$2 == "-" { print $3 }' "$fix/variants.txt") || rc=1
exit $rc
