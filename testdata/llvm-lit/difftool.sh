#!/bin/sh
# difftool.sh - stands in for llvm-symbolizer / llvm-addr2line in a lit
# run (lit.cfg.py links it under those names with --param diff=LOG): runs
# llvm-symbolizer-19 and maxtriage with the same arguments, standard input
# and directory, appends to LOG every run whose stdout, stderr or exit
# status differ, and answers with maxtriage's. So every RUN line of every
# upstream test compares the two byte for byte, also where the test's own
# CHECK lines belong to another LLVM release or an input was rebuilt.
#   MT_LIT_TOOL  maxtriage;  MT_LIT_REF  directory of links named
#   llvm-symbolizer and llvm-addr2line to LLVM 19's;  MT_LIT_LOG  the log
name=${0##*/}
# A client that talks over a pipe (Inputs/flush-output.py writes a line
# and waits for its answer) cannot have its input read ahead: no copy.
d=$(mktemp -d "${TMPDIR:-/tmp}/mtlit.XXXXXX") || exit 1
# The same name for both: LLVM and maxtriage print argv[0] in errors.
mkdir "$d/m"
ln -s "$MT_LIT_TOOL" "$d/m/$name"
case "$(tr '\0' ' ' <"/proc/$PPID/cmdline" 2>/dev/null)" in
*flush-output*)
	"$d/m/$name" "$@"
	rc=$?
	rm -rf "$d"
	exit $rc
	;;
esac
cat >"$d/in"
[ -n "${MT_LIT_COUNT:-}" ] && echo x >>"$MT_LIT_COUNT"
"$MT_LIT_REF/$name" "$@" <"$d/in" >"$d/r.out" 2>"$d/r.err"
echo $? >"$d/r.rc"
"$d/m/$name" "$@" <"$d/in" >"$d/m.out" 2>"$d/m.err"
rc=$?
echo $rc >"$d/m.rc"
sed "s#^[^ :]*$name#TOOL#" "$d/r.err" >"$d/r.errm"
sed "s#^[^ :]*$name#TOOL#" "$d/m.err" >"$d/m.errm"
if ! cmp -s "$d/r.out" "$d/m.out" || ! cmp -s "$d/r.errm" "$d/m.errm" ||
	! cmp -s "$d/r.rc" "$d/m.rc"; then
	{
		echo "=== $name $* (in $(pwd))"
		diff "$d/r.out" "$d/m.out" | head -20
		diff "$d/r.errm" "$d/m.errm" | head -10
		diff "$d/r.rc" "$d/m.rc"
	} >>"$MT_LIT_LOG"
fi
cat "$d/m.out"
cat "$d/m.err" >&2
rm -rf "$d"
exit $rc
