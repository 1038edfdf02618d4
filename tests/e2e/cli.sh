#!/bin/sh
# The command line's promises: help for every command, one-line errors,
# documented exit codes, stdin, install layout.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
fail=0
expect() { # expect RC DESCRIPTION -- COMMAND...
	want=$1
	what=$2
	shift 3
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL $what: exit $got, want $want"
		head -3 "$tmp/err"
		fail=1
	fi
}
for c in stack bucket report run symbolize irdiff; do
	expect 0 "$c --help" -- $bin $c --help
	grep -q "^usage: maxtriage $c" "$tmp/out" || { echo "FAIL $c --help has no usage line"; fail=1; }
	expect 0 "help $c" -- $bin help $c
	expect 2 "$c --bogus" -- $bin $c --bogus-option
	[ "$(wc -l <"$tmp/err")" -eq 1 ] || { echo "FAIL $c: usage error is not one line"; fail=1; }
	grep -q "^maxtriage: $c: " "$tmp/err" || { echo "FAIL $c: error not prefixed"; fail=1; }
done
# the man page's synopses are the usage lines --help builds from the
# option tables, and it documents every option of every table
for c in stack bucket report run symbolize irdiff; do $bin $c --help >"$tmp/help-$c.txt"; done
python3 - "$root/docs/maxtriage.1" "$tmp" <<'PY' || fail=1
import re, sys
man = open(sys.argv[1]).read()
def plain(t):
    return re.sub(r"\\f[BIR]", "", t).replace("\\-", "-")
syn = man[man.index(".SH SYNOPSIS"):man.index(".SH DESCRIPTION")]
lines = {}
for m in re.finditer(r"^\.B (maxtriage (\w+))\n(.*)$", syn, re.M):
    lines[m.group(2)] = plain(m.group(1) + " " + m.group(3))
text = plain(man)
bad = 0
for c in ["stack", "bucket", "report", "run", "symbolize", "irdiff"]:
    helptext = open(f"{sys.argv[2]}/help-{c}.txt").read()
    usage = helptext.splitlines()[0][len("usage: "):]
    if lines.get(c) != usage:
        print(f"FAIL man synopsis of {c}: {lines.get(c)!r}, --help: {usage!r}")
        bad = 1
    for o in sorted(set(re.findall(r"^\s+(?:-\w, )?(--[a-z-]+)", helptext, re.M))):
        if o != "--help" and not re.search(re.escape(o) + r"\b", text):
            print(f"FAIL man page lacks {c} {o}")
            bad = 1
sys.exit(bad)
PY
expect 2 "unknown command" -- $bin frobnicate
expect 2 "no command" -- $bin
expect 0 "--version" -- $bin --version
expect 3 "missing input" -- $bin stack --no-repo "$tmp/missing.txt"
grep -q "cannot read '$tmp/missing.txt'" "$tmp/err" || { echo "FAIL missing input message"; fail=1; }
echo "nothing to see here" >"$tmp/quiet.txt"
expect 1 "no crash in input" -- $bin stack --no-repo "$tmp/quiet.txt"
printf '#0 0x1000 (libfoo.so+0x10)\n' >"$tmp/one.txt"
expect 0 "stdin" -- sh -c "$bin stack --no-repo - <'$tmp/one.txt'"
# a bad input among good ones: the good one is still reported, exit 3
expect 3 "partial" -- $bin stack --no-repo --format json "$tmp/one.txt" "$tmp/missing.txt"
python3 -c "import json,sys; d=json.load(open('$tmp/out')); assert len(d['reports'])==1 and len(d['errors'])==1" ||
	{ echo "FAIL partial output lost"; fail=1; }
printf '{"rules": [{"category": "nope", "module": "x"}]}' >"$tmp/bad-rules.json"
expect 2 "bad rules" -- $bin stack --no-repo --rules "$tmp/bad-rules.json" "$tmp/one.txt"
grep -q "rule 1" "$tmp/err" || { echo "FAIL bad rules message names the rule"; fail=1; }
expect 2 "bad format" -- $bin stack --format yaml "$tmp/one.txt"
# deterministic: the same input gives the same bytes (bucket in parallel too)
# (each run must succeed and print something: two identical error
# messages would otherwise compare equal and pass)
det() {
	name=$1
	shift
	"$@" >"$tmp/det-$name" 2>"$tmp/det-$name.err" ||
		{ echo "FAIL determinism run $name exited $?: $(head -1 "$tmp/det-$name.err")"; fail=1; }
	[ -s "$tmp/det-$name" ] || { echo "FAIL determinism run $name printed nothing"; fail=1; }
}
for i in 1 2; do
	det stack-$i $bin stack --no-repo --format json "$root/testdata/demo/crash.txt" \
		--binary-dir "$root/testdata/demo/bin" --debug-dir "$root/testdata/demo/debug"
	det bucket-$i $bin bucket --no-repo -j 2 --format json "$root/testdata/samples/stacks"
	det ir-$i $bin irdiff --format json "$root/testdata/ir/max-dump"
done
for f in stack bucket ir; do
	cmp -s "$tmp/det-$f-1" "$tmp/det-$f-2" || { echo "FAIL $f output differs between two identical runs"; fail=1; }
done
grep -q '"fingerprint"' "$tmp/det-bucket-1" || { echo "FAIL bucket of the real samples has no fingerprint"; fail=1; }
# colour only on a terminal: never in a pipe, unless asked for
# (--color=always, FORCE_COLOR as CI logs want); NO_COLOR and
# --color=never win over FORCE_COLOR, --color=always over NO_COLOR
esc=$(printf '\033')
colours() { # colours EXPECTED LABEL [ENV...] -- ARGS: whether stack colours
	_want=$1 _label=$2
	shift 2
	_env=""
	while [ "$1" != -- ]; do _env="$_env $1"; shift; done
	shift
	# shellcheck disable=SC2086
	if env -u NO_COLOR -u FORCE_COLOR $_env "$bin" "$@" | grep -q "$esc"; then _got=yes; else _got=no; fi
	[ "$_got" = "$_want" ] || { echo "FAIL colour $_label: $_got"; fail=1; }
}
# (bucket colours its NEW marks: against an empty baseline all are new)
echo '{"schema": "maxtriage.bucket.v1", "signature_version": 2, "buckets": []}' >"$tmp/empty-baseline.json"
for c in "stack --no-repo $tmp/one.txt" "bucket --no-repo --baseline $tmp/empty-baseline.json $tmp/one.txt" \
	"irdiff $root/testdata/ir/max-dump"; do
	# shellcheck disable=SC2086
	{
		colours no "in a pipe ($c)" -- $c
		colours yes "--color=always ($c)" -- $c --color=always
		colours yes "FORCE_COLOR=1 ($c)" FORCE_COLOR=1 -- $c
		colours no "FORCE_COLOR=0 ($c)" FORCE_COLOR=0 -- $c
		colours no "NO_COLOR over FORCE_COLOR ($c)" NO_COLOR=1 FORCE_COLOR=1 -- $c
		colours no "--color=never over FORCE_COLOR ($c)" FORCE_COLOR=1 -- $c --color=never
		colours yes "--color=always over NO_COLOR ($c)" NO_COLOR=1 -- $c --color=always
	}
done
expect 2 "invalid value 'sometimes' for --color" -- $bin stack --color=sometimes "$tmp/one.txt"
[ $fail -eq 0 ] && echo "cli: ok"
exit $fail
