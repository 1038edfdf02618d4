#!/bin/sh
# run-one.sh RESULTS TEST - run one test for run-tests.sh (not by hand):
# TEST is a unit test binary or an e2e script. Its output goes to
# RESULTS/NAME.log, its status to RESULTS/NAME.rc and its wall time in
# seconds to RESULTS/NAME.time; one PASS/FAIL/SKIP line is printed as
# soon as it ends (a line under PIPE_BUF is written whole even when two
# tests end at once). Under VALGRIND, $MT_VALGRIND_CMD prefixes unit tests;
# the e2e scripts reach valgrind through $MAXTRIAGE (run-tests.sh's wrapper).
res=$1
t=$2
case "$t" in
*.sh) kind=e2e name=$(basename "$t" .sh) ;;
*) kind=unit name=$(basename "$t") ;;
esac
log="$res/$name.log"
start=$(date +%s)
if [ $kind = unit ]; then
	# shellcheck disable=SC2086
	${MT_VALGRIND_CMD:-} "$t" >"$log" 2>&1
else
	sh "$t" >"$log" 2>&1
fi
rc=$?
echo "$rc" >"$res/$name.rc"
echo "$(($(date +%s) - start))" >"$res/$name.time"
secs=$(cat "$res/$name.time")
pad=""
[ $kind = e2e ] && pad=" "
if [ $rc -eq 0 ]; then
	echo "PASS $kind$pad $name (${secs}s)"
elif [ $kind = e2e ] && [ $rc -eq 77 ]; then
	echo "SKIP $kind$pad $name: $(tail -1 "$log")"
else
	echo "FAIL $kind$pad $name (exit $rc, ${secs}s)"
fi
exit 0
