#!/bin/sh
# stack_real.sh - end-to-end: `maxtriage stack` on real LLVM crash dumps.
#
# Builds testdata/crashers (gcc and clang, six crash modes, three dump forms
# each) into $MT_BUILD/fixtures/crashers, then runs stack_real_check.py,
# which runs `$MAXTRIAGE stack --format json` on every dump and compares
# each fixture frame's inline chain with llvm-symbolizer's, the kind and
# signal, the crash point's category (testdata/crashers/rules.json), and
# the signature/fingerprint across forms, compilers and crash modes.
#
# STACK_REAL_FORMS picks the dump forms whose reports are checked (default
# all four: modoff, column, late, symbolized; symbolized frames are
# re-resolved from the binaries, see docs/json-stack.md).
# Exit 0 pass, 1 fail, 77 skip (reason on the last line).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${MT_BUILD:=build}"
: "${MAXTRIAGE:=$top/$MT_BUILD/maxtriage}"
mkdir -p "$MT_BUILD"
build=$(cd "$MT_BUILD" && pwd)
fixtures="$build/fixtures/crashers"
python=/usr/bin/python3

skip() {
	echo "stack_real: skipped: $*"
	exit 77
}

llvm_config=${LLVM_CONFIG:-llvm-config-19}
for tool in gcc g++ clang-19 clang++-19 objcopy readelf setarch "$llvm_config"; do
	command -v "$tool" >/dev/null 2>&1 || skip "missing tool $tool"
done
# The forms of one crash are matched by address: randomisation must be off.
setarch "$(uname -m)" -R true 2>/dev/null ||
	skip "setarch -R (address randomisation off) is not permitted here"
symbolizer="$("$llvm_config" --bindir)/llvm-symbolizer"
[ -x "$symbolizer" ] || skip "missing tool $symbolizer"
[ -x "$python" ] || skip "missing $python"
[ -f "$("$llvm_config" --includedir)/llvm/Support/Signals.h" ] ||
	skip "missing llvm-19-dev headers"
if [ ! -x "$MAXTRIAGE" ]; then
	echo "stack_real: no maxtriage binary at '$MAXTRIAGE'" >&2
	exit 1
fi

rc=0
sh "$top/testdata/crashers/build.sh" "$fixtures" || rc=$?
[ $rc -eq 77 ] && skip "fixture build: a tool is missing (see above)"
if [ $rc -ne 0 ]; then
	echo "stack_real: building the fixtures failed (exit $rc)" >&2
	exit 1
fi

echo "stack_real: checking the fixtures themselves"
"$python" "$here/stack_real_check.py" --fixtures "$fixtures" \
	--symbolizer "$symbolizer" --self-test

forms=${STACK_REAL_FORMS:-modoff,column,late,symbolized}
echo "stack_real: checking $MAXTRIAGE on the $forms forms"
"$python" "$here/stack_real_check.py" --fixtures "$fixtures" --forms "$forms" \
	--symbolizer "$symbolizer" --maxtriage "$MAXTRIAGE" \
	--rules "$top/testdata/crashers/rules.json" \
	--json-dir "$build/fixtures/stack_real_json" \
	${MT_VALGRIND:+--wrapper "$MT_VALGRIND"}
