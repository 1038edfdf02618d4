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

"$MAXTRIAGE" symbolize --bogus >/dev/null 2>&1
check "unknown option is usage" 2 $?
"$MAXTRIAGE" symbolize -e /bin/sh zzz >/dev/null 2>"$tmp/err"
check "bad address is usage" 2 $?
check "error line prefix" "maxtriage: symbolize:" "$(cut -c1-21 "$tmp/err")"

"$MAXTRIAGE" symbolize -e "$tmp/missing.so" 0x10 >/dev/null 2>"$tmp/err"
check "missing binary exits 3" 3 $?
check "one error line" 1 "$(wc -l <"$tmp/err")"
printf 'not an elf' >"$tmp/junk.so"
"$MAXTRIAGE" symbolize -e "$tmp/junk.so" 0x10 >/dev/null 2>&1
check "non-ELF exits 3" 3 $?

# Our own binary: main is in .symtab at least.
main=$(nm "$MAXTRIAGE" 2>/dev/null | awk '$3 == "main" { print $1 }')
if [ -n "$main" ]; then
	out=$("$MAXTRIAGE" symbolize -e "$MAXTRIAGE" "0x$main" | head -1)
	check "symbolize main" main "$out"
	out=$(echo "$MAXTRIAGE 0x$main" | "$MAXTRIAGE" symbolize | head -1)
	check "stdin MODULE ADDR" main "$out"
	out=$(echo "$main" | "$MAXTRIAGE" symbolize -e "$MAXTRIAGE" | head -1)
	check "stdin bare hex" main "$out"
	out=$("$MAXTRIAGE" symbolize --format json -e "$MAXTRIAGE" "$main" |
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
exit $fail
