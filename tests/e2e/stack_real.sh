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

NAME=stack_real
EXTRA_TOOLS=setarch
# shellcheck source=tests/e2e/lib/crashers.sh
. "$(dirname "$0")/lib/crashers.sh"

# The forms of one crash are matched by address: randomisation must be off.
setarch "$(uname -m)" -R true 2>/dev/null ||
	skip "setarch -R (address randomisation off) is not permitted here"
[ -f "$("$llvm_config" --includedir)/llvm/Support/Signals.h" ] ||
	skip "missing llvm-19-dev headers"

build_crashers

echo "stack_real: checking the fixtures themselves"
"$python" "$here/stack_real_check.py" --fixtures "$fixtures" \
	--symbolizer "$symbolizer" --self-test

forms=${STACK_REAL_FORMS:-modoff,column,late,symbolized}
echo "stack_real: checking $MAXTRIAGE on the $forms forms"
"$python" "$here/stack_real_check.py" --fixtures "$fixtures" --forms "$forms" \
	--symbolizer "$symbolizer" --maxtriage "$MAXTRIAGE" \
	--rules "$top/testdata/crashers/rules.json" \
	--json-dir "$build/stack_real_json"
