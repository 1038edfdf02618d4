# same.sh - sourced (after env.sh) by the tests that hold maxtriage to a
# reference tool byte for byte. $tmp/r/TOOL is the reference (a link to
# llvm-symbolizer-19 or binutils addr2line), $tmp/m/TOOL a link of the
# same name to maxtriage, so both are started by the name they answer to.
#
# same_as TOOL LABEL DIR ENV STDIN ARGS...
#   runs both in DIR with STDIN and ARGS, maxtriage with the environment
#   words ENV (may be empty), each under a timeout (SAME_TIMEOUT seconds,
#   default 60: a hang fails); stdout, the exit status and stderr must be
#   identical once the tool's own path at the start of an error line is
#   masked. Counts comparisons in $n and sets fail=1 on a difference.
same_as() {
	_tool=$1
	_label=$2
	_dir=$3
	_envv=$4
	_input=$5
	shift 5
	(cd "$_dir" && timeout "${SAME_TIMEOUT:-60}" "$tmp/r/$_tool" "$@" \
		<"$_input" >"$tmp/exp" 2>"$tmp/exp.err")
	echo "exit $?" >>"$tmp/exp"
	# shellcheck disable=SC2086
	(cd "$_dir" && timeout "${SAME_TIMEOUT:-60}" env $_envv "$tmp/m/$_tool" "$@" \
		<"$_input" >"$tmp/got" 2>"$tmp/got.err")
	echo "exit $?" >>"$tmp/got"
	# under valgrind maxtriage runs as a link of the same name elsewhere
	sed -i "s#^[^ :]*$_tool#TOOL#" "$tmp/exp.err" "$tmp/got.err"
	cat "$tmp/exp.err" >>"$tmp/exp"
	cat "$tmp/got.err" >>"$tmp/got"
	n=$((n + 1))
	if cmp -s "$tmp/exp" "$tmp/got"; then
		echo "ok   $_label"
	else
		echo "FAIL $_label ($(diff "$tmp/exp" "$tmp/got" | grep -c '^<') lines differ)"
		diff "$tmp/exp" "$tmp/got" | head -12 | cut -c1-300
		fail=1
	fi
}
