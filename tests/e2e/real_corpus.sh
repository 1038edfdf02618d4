#!/bin/sh
# real_corpus.sh - end-to-end: every hand-read fact of the real corpus
# holds (testdata/real/facts.json, checked by tests/real_corpus_check.py).
#
# Runs `$MAXTRIAGE stack --format json --no-repo` on each of the dumps in
# testdata/real/ (collected from public issues or printed here by gdb,
# lldb, valgrind, eu-stack and faulthandler; testdata/real/SOURCES.md) and
# fails on any fact that does not hold. Missing test data or a missing
# python3 is a failure, never a skip: the corpus is part of the repository.
# Exit 0 pass, 1 fail.
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
mt=${MAXTRIAGE:-$root/${MT_BUILD:-build}/maxtriage}

if ! command -v python3 >/dev/null 2>&1; then
	echo "real_corpus: FAIL: python3 is missing (scripts/deps.txt)"
	exit 1
fi
if [ ! -f "$root/testdata/real/facts.json" ]; then
	echo "real_corpus: FAIL: testdata/real/facts.json is missing"
	exit 1
fi

python3 "$root/tests/real_corpus_check.py" --maxtriage "$mt" \
	--dir "$root/testdata/real" --classes
rc=$?
if [ $rc -ne 0 ]; then
	echo "real_corpus: FAIL (checker exit status $rc)"
	exit 1
fi
echo "real_corpus: every fact holds"
exit 0
