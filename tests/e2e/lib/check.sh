# check.sh - sourced by e2e scripts (not a test itself): check NAME
# EXPECTED ACTUAL prints "ok" or "FAIL" and sets fail=1 on a mismatch.
fail=0
check() { # check NAME EXPECTED ACTUAL
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: expected [$2] got [$3]"
		fail=1
	else
		echo "ok   $1"
	fi
}
