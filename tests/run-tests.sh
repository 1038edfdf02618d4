#!/bin/sh
# Run every unit test binary and every end-to-end script; print one
# summary line "N passed, N failed" and exit non-zero on any failure.
# VALGRIND=1 runs the unit tests and the e2e tests' maxtriage under valgrind.
O=${1:-build}
export MT_BUILD="$O"
export MAXTRIAGE="$(cd "$O" && pwd)/maxtriage"
pass=0
fail=0
skip=0
failed=""
vg=""
if [ -n "${VALGRIND:-}" ]; then
	vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --suppressions=$(pwd)/tests/valgrind.supp"
	export MT_VALGRIND="$vg"
	# the e2e scripts run $MAXTRIAGE: make every run of it a valgrind run
	# (exit status 99 on any memory error or definite leak)
	# maxtriage is llvm-symbolizer or addr2line when started by those
	# names (tests link the wrapper under them): valgrind then runs a
	# link of the same name, so the program sees the name it was given
	wrap="$(pwd)/$O/maxtriage-valgrind"
	names="$(pwd)/$O/valgrind-names"
	mkdir -p "$names"
	for n in llvm-symbolizer llvm-symbolizer-19 addr2line; do
		ln -sf "$MAXTRIAGE" "$names/$n"
	done
	{
		echo '#!/bin/sh'
		echo 'case "${0##*/}" in'
		echo "llvm-symbolizer*|addr2line) exec $vg \"$names/\${0##*/}\" \"\$@\" ;;"
		echo 'esac'
		echo "exec $vg \"$MAXTRIAGE\" \"\$@\""
	} >"$wrap"
	chmod +x "$wrap"
	export MAXTRIAGE="$wrap"
fi
# E2E="tests/e2e/a.sh ..." runs only those end-to-end scripts, no unit
# tests (for re-running a few, e.g. under valgrind)
units="$O/tests/test_*"
[ -n "${E2E:-}" ] && units=""
for t in $units; do
	[ -x "$t" ] || continue
	case "$t" in *.o|*.d) continue ;; esac
	if $vg "$t" >"$t.log" 2>&1; then
		pass=$((pass + 1))
		echo "PASS unit $(basename "$t")"
	else
		fail=$((fail + 1))
		failed="$failed $(basename "$t")"
		echo "FAIL unit $(basename "$t")"
		cat "$t.log"
	fi
done
for t in ${E2E:-tests/e2e/*.sh}; do
	[ -f "$t" ] || continue
	log="$O/e2e-$(basename "$t" .sh).log"
	sh "$t" >"$log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "PASS e2e  $(basename "$t")"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1))
		echo "SKIP e2e  $(basename "$t"): $(tail -1 "$log")"
	else
		fail=$((fail + 1))
		failed="$failed $(basename "$t")"
		echo "FAIL e2e  $(basename "$t")"
		tail -40 "$log"
	fi
done
echo
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
