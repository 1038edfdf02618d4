#!/bin/sh
# `maxtriage stack` over every real dump in testdata/samples/stacks/:
# (1) the JSON matches the reviewed golden files, (2) facts read off the
# dumps themselves hold (tests/stack_samples_check.py).
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
O=${MT_BUILD:-build}
sh "$here/tests/golden.sh" "$O" check
exec python3 "$here/tests/stack_samples_check.py" "${MAXTRIAGE:-$here/$O/maxtriage}" \
	"$here/testdata/samples/stacks"
