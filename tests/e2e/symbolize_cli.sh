#!/bin/sh
# symbolize_cli: exit codes, error lines, stdin forms, JSON and the
# untrusted mode of `maxtriage symbolize`.
set -u
# shellcheck source=tests/e2e/lib/check.sh
. "$(dirname "$0")/lib/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$MAXTRIAGE" symbolize --help >"$tmp/help" 2>&1
check "help exits 0" 0 $?
grep -q -- "--inlines" "$tmp/help"
check "help lists --inlines" 0 $?

# Exit statuses are llvm-symbolizer 19's (checked against it in
# symbolize_flags.sh): 1 for an unreadable --obj, 0 otherwise; a usage
# error is maxtriage's 2 under the name `maxtriage symbolize`, llvm's 1
# under the name llvm-symbolizer.
"$MAXTRIAGE" symbolize --bogus >/dev/null 2>&1
check "unknown option exits 2" 2 $?
mkdir -p "$tmp/as"
ln -s "$MAXTRIAGE" "$tmp/as/llvm-symbolizer"
"$tmp/as/llvm-symbolizer" --bogus >/dev/null 2>&1
check "unknown option exits 1 as llvm-symbolizer" 1 $?
# Not a number: a symbol name that is not there, answered '??'.
out=$("$MAXTRIAGE" symbolize -e /bin/sh zzz 2>"$tmp/err")
check "unknown symbol exits 0" 0 $?
check "unknown symbol answer" "??" "$(echo "$out" | head -1)"
"$MAXTRIAGE" symbolize -e /bin/sh 0xzz >/dev/null 2>"$tmp/err"
check "bad number exits 0" 0 $?
check "error line prefix" "maxtriage: symbolize:" "$(cut -c1-21 "$tmp/err")"

"$MAXTRIAGE" symbolize -e "$tmp/missing.so" 0x10 >/dev/null 2>"$tmp/err"
check "missing binary exits 1" 1 $?
check "one error line" 1 "$(wc -l <"$tmp/err")"
printf 'not an elf' >"$tmp/junk.so"
"$MAXTRIAGE" symbolize -e "$tmp/junk.so" 0x10 >/dev/null 2>&1
check "non-ELF exits 1" 1 $?
# A module named in a request that cannot be read: '??', exit 0.
out=$(printf '%s 0x10\n%s 0x20\n' "$tmp/missing.so" "$tmp/missing.so" |
	"$MAXTRIAGE" symbolize 2>"$tmp/err")
check "missing module in a request exits 0" 0 $?
check "two answers" 2 "$(echo "$out" | grep -c '^??$')"
check "one error line for two requests" 1 "$(wc -l <"$tmp/err")"

# Our own binary: main is in .symtab at least.
main=$(nm "$MAXTRIAGE" 2>/dev/null | awk '$3 == "main" { print $1 }')
if [ -n "$main" ]; then
	out=$("$MAXTRIAGE" symbolize -e "$MAXTRIAGE" "0x$main" | head -1)
	check "symbolize main" main "$out"
	out=$(echo "$MAXTRIAGE 0x$main" | "$MAXTRIAGE" symbolize | head -1)
	check "stdin MODULE ADDR" main "$out"
	out=$(echo "0x$main" | "$MAXTRIAGE" symbolize -e "$MAXTRIAGE" | head -1)
	check "stdin bare address" main "$out"
	out=$(echo "CODE \"$MAXTRIAGE\" 0x$main" | "$MAXTRIAGE" symbolize | head -1)
	check "stdin CODE \"MODULE\" ADDR" main "$out"
	out=$(echo "$MAXTRIAGE main" | "$MAXTRIAGE" symbolize | head -1)
	check "stdin MODULE SYMBOL" main "$out"
	out=$("$MAXTRIAGE" symbolize --format json --no-inlines -e "$MAXTRIAGE" "$main" |
		python3 -c 'import json,sys; d=json.load(sys.stdin); print(d[0]["frames"][-1]["function"], d[0]["frames"][-1]["inlined"])')
	check "json frame" "main False" "$out"
	# untrusted: the path as given is not opened, only --binary-dir.
	mkdir -p "$tmp/bins/sub" "$tmp/outside"
	cp "$MAXTRIAGE" "$tmp/outside/victim"
	out=$(echo "$tmp/outside/victim 0x$main" |
		"$MAXTRIAGE" symbolize --untrusted --binary-dir "$tmp/bins" 2>/dev/null | head -1)
	check "untrusted refuses outside path" "??" "$out"
	out=$(echo "../outside/victim 0x$main" |
		"$MAXTRIAGE" symbolize --untrusted --binary-dir "$tmp/bins" 2>/dev/null | head -1)
	check "untrusted refuses ../" "??" "$out"
	cp "$MAXTRIAGE" "$tmp/bins/sub/victim"
	out=$(echo "/some/where/victim 0x$main" |
		"$MAXTRIAGE" symbolize --untrusted --binary-dir "$tmp/bins" 2>/dev/null | head -1)
	check "untrusted finds by basename" main "$out"
fi
# make install's libexec link: maxtriage as llvm-symbolizer by name. The
# binary under test is installed as it is (-o: never rebuilt here, where
# the other scripts running at once are using it).
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ -f "$top/${MT_BUILD:-build}/maxtriage" ] &&
	make -s -C "$top" -o "${MT_BUILD:-build}/maxtriage" install O="${MT_BUILD:-build}" \
		DESTDIR="$tmp/inst" PREFIX=/usr/local >/dev/null 2>&1; then
	link="$tmp/inst/usr/local/libexec/maxtriage/llvm-symbolizer"
	check "install: libexec link" "../../bin/maxtriage" "$(readlink "$link")"
	out=$("$link" --version 2>&1 | head -1)
	case "$out" in
	*maxtriage*llvm-symbolizer*) check "install: link runs as llvm-symbolizer" ok ok ;;
	*) check "install: link runs as llvm-symbolizer" "...llvm-symbolizer..." "$out" ;;
	esac
	# The README's addr2line link and LLVM's llvm-addr2line, each
	# answering as that tool: binutils prints ??:0 for an unknown
	# address of -e, llvm-addr2line an error for a missing -e file.
	dir="$tmp/inst/usr/local/libexec/maxtriage"
	for n in llvm-addr2line addr2line; do
		check "install: $n link" "../../bin/maxtriage" "$(readlink "$dir/$n")"
	done
	check "install: addr2line link answers as binutils" "??:0" \
		"$("$dir/addr2line" -e "$top/${MT_BUILD:-build}/maxtriage" 0x1 2>&1)"
	check "install: llvm-addr2line link answers as LLVM" \
		"$dir/llvm-addr2line: error: '/nonexistent': No such file or directory" \
		"$("$dir/llvm-addr2line" -e /nonexistent 0x1 2>&1)"
else
	check "make install" 0 1
fi
exit $fail
