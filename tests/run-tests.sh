#!/bin/sh
# run-tests.sh BUILD_DIR - run every unit test binary and every end-to-end
# script, JOBS at a time (default 2: the CI machine has two cores); print
# a line per test as it ends, the logs of the failed ones, and one summary
# line "N passed, N failed, N skipped" last; exit non-zero on any failure.
#
# Tests start longest first, by the times of the last run in this build
# folder (BUILD_DIR/test-times), so the two slowest do not end up last.
# Each e2e script owns its temporary files (tests/e2e/lib/env.sh) and the
# shared fixtures are built under a lock (tests/e2e/lib/fixtures.sh), so
# any two may run at once.
#
# E2E="tests/e2e/a.sh ..." runs only those scripts, no unit tests.
#
# VALGRIND=1 runs the unit tests under valgrind, and the e2e scripts of
# tests/valgrind-e2e.txt (or E2E) with every maxtriage they start under
# valgrind, or one start in K for a script listed with "1/K"
# (docs/testing.md says why these and not all: ASan+UBSan runs them all).
O=${1:-build}
JOBS=${JOBS:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
export MT_BUILD="$O"
MAXTRIAGE="$(cd "$O" && pwd)/maxtriage"
export MAXTRIAGE
# one fixture tree per checkout, whatever build folder is tested
: "${MT_FIXTURES:=$root/build/fixtures}"
export MT_FIXTURES
res="$O/test-results"
rm -rf "$res"
mkdir -p "$res"
# absolute: the scripts cd, and the valgrind wrapper counts its starts here
res=$(cd "$res" && pwd)
times="$O/test-times"

units=""
for t in "$O"/tests/test_*; do
	case "$t" in *.o | *.d | *.log) continue ;; esac
	[ -x "$t" ] && units="$units $t"
done
e2e=$(ls tests/e2e/*.sh)

if [ -n "${VALGRIND:-}" ]; then
	times="$O/test-times.valgrind"
	vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --suppressions=$root/tests/valgrind.supp"
	MT_VALGRIND_CMD=$vg
	# the e2e scripts' maxtriage is this wrapper: a valgrind run (status
	# 99 on any memory error or definite leak), or for a sampled script
	# (MT_VALGRIND_SAMPLE=K) the 1st, K+1st, 2K+1st... start of the
	# script under valgrind and the others plain (the count is the
	# script's, MT_VALGRIND_COUNT): the same starts on every run, and a
	# client that always passes the same arguments (a sanitizer runtime)
	# is sampled too. The e2e scripts use it as they use maxtriage and
	# never add valgrind themselves.
	# maxtriage is llvm-symbolizer or addr2line when started by those
	# names (tests link the wrapper under them): valgrind then runs a link
	# of the same name, so the program sees the name it was given.
	wrap="$(pwd)/$O/maxtriage-valgrind"
	names="$(pwd)/$O/valgrind-names"
	mkdir -p "$names"
	for n in llvm-symbolizer llvm-symbolizer-19 addr2line llvm-addr2line llvm-addr2line-19; do
		ln -sf "$MAXTRIAGE" "$names/$n"
	done
	# valgrind itself asks DEBUGINFOD_URLS (with debuginfod-find, from
	# PATH) for the debug info of every library it loads: with the
	# debuginfod tests' silent server that is 90 s per library, 1,327 s
	# in all. Its debuginfod-find is this one, which finds nothing; the
	# program under test has its own client (libdebuginfod), unchanged.
	nodi="$(pwd)/$O/valgrind-no-debuginfod"
	mkdir -p "$nodi"
	printf '#!/bin/sh\nexit 1\n' >"$nodi/debuginfod-find"
	chmod +x "$nodi/debuginfod-find"
	cat >"$wrap" <<EOF
#!/bin/sh
prog="$MAXTRIAGE"
case "\${0##*/}" in
llvm-symbolizer* | addr2line | llvm-addr2line*) prog="$names/\${0##*/}" ;;
esac
k=\${MT_VALGRIND_SAMPLE:-1}
if [ "\$k" -gt 1 ]; then
	c="\$MT_VALGRIND_COUNT"
	n=\$( (flock 9; n=\$(cat "\$c" 2>/dev/null || echo 0); echo \$((n + 1)) >"\$c"; echo "\$n") 9>"\$c.lock")
	case "\$n" in '' | *[!0-9]*)
		echo "maxtriage-valgrind: cannot count starts in \$c" >&2
		exit 98 ;;
	esac
	[ \$((n % k)) -eq 0 ] || exec "\$prog" "\$@"
fi
PATH="$nodi:\$PATH" exec $vg "\$prog" "\$@"
EOF
	chmod +x "$wrap"
	MAXTRIAGE="$wrap"
	MT_UNDER_VALGRIND=1
	export MT_VALGRIND_CMD MAXTRIAGE MT_UNDER_VALGRIND
	e2e=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' tests/valgrind-e2e.txt |
		while read -r s k; do echo "tests/e2e/$s.sh${k:+@${k#1/}}"; done)
fi
if [ -n "${E2E:-}" ]; then
	units=""
	e2e=$E2E
fi

# longest first; tests with no recorded time first of all
order() {
	for t in "$@"; do
		n=$(basename "${t%@*}" .sh)
		s=$(sed -n "s/^\([0-9]*\) $n\$/\1/p" "$times" 2>/dev/null | head -1)
		echo "${s:-999999} $t"
	done | sort -k1,1nr -k2 | cut -d' ' -f2
}
# shellcheck disable=SC2086
list=$(order $units $e2e)
# "script@K" runs the script with MT_VALGRIND_SAMPLE=K
printf '%s\n' $list | xargs -P "$JOBS" -I{} sh -c '
	t=$1
	case "$t" in *@*)
		MT_VALGRIND_SAMPLE=${t##*@} t=${t%@*}
		MT_VALGRIND_COUNT="$2/$(basename "$t" .sh).starts"
		export MT_VALGRIND_SAMPLE MT_VALGRIND_COUNT ;;
	esac
	exec sh "$0" "$2" "$t"' "$root/tests/run-one.sh" {} "$res"

pass=0
fail=0
skip=0
failed=""
: >"$times.new"
for t in $list; do
	t=${t%@*}
	case "$t" in *.sh) n=$(basename "$t" .sh) ;; *) n=$(basename "$t") ;; esac
	rc=$(cat "$res/$n.rc" 2>/dev/null || echo 1)
	echo "$(cat "$res/$n.time" 2>/dev/null || echo 0) $n" >>"$times.new"
	if [ "$rc" -eq 0 ]; then
		pass=$((pass + 1))
	elif [ "$rc" -eq 77 ] && [ "${t%.sh}" != "$t" ]; then
		skip=$((skip + 1))
	else
		fail=$((fail + 1))
		failed="$failed $n"
		echo
		echo "--- $n (exit $rc): last lines of $res/$n.log"
		tail -40 "$res/$n.log"
	fi
done
mv "$times.new" "$times"
echo
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
