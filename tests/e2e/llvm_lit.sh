#!/bin/sh
# llvm_lit: llvm-project's own tests of llvm-symbolizer and llvm-addr2line
# (testdata/llvm-lit: llvm/test/tools/llvm-symbolizer and the
# llvm/test/DebugInfo tests that run them, with their inputs; SOURCES.md
# names each file's commit) run with Debian's lit, FileCheck, yaml2obj,
# llvm-mc and llc of LLVM 19: once against llvm-symbolizer-19 itself,
# whose failures must be exactly those EXPECTED-FAILURES.txt lists with
# their reasons, and once against maxtriage behind the same names, which
# must pass every other test; in that run difftool.sh also gives every
# call to llvm-symbolizer-19 too and compares stdout, stderr and status,
# so each RUN line is held to LLVM byte for byte even where the test's
# CHECK lines are another release's. KNOWN-DIFFERENCES.txt lists what may
# differ, with why; anything else fails.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
NAME=llvm_lit
lit=/usr/lib/llvm-19/build/utils/lit/lit.py
need_tools python3 /usr/bin/llvm-symbolizer-19 /usr/lib/llvm-19/bin/FileCheck \
	/usr/lib/llvm-19/bin/yaml2obj /usr/lib/llvm-19/bin/llvm-mc \
	/usr/lib/llvm-19/bin/not /usr/lib/llvm-19/bin/split-file /usr/lib/llvm-19/bin/llc \
	/usr/lib/llvm-19/bin/llvm-objcopy
[ -f "$lit" ] || {
	echo "$NAME: skipped: no $lit (llvm-19-tools)"
	exit 77
}
src=$root/testdata/llvm-lit
fail=0

# failing LOG: the tests lit reports as failed, one a line.
failing() {
	sed -n 's/^  llvm-symbolizer upstream :: //p' "$1" | sort -u
}

python3 "$lit" -j2 -q --param out="$tmp/ref" "$src" >"$tmp/ref.log" 2>&1
total=$(sed -n 's/^Total Discovered Tests: //p' "$tmp/ref.log")
failing "$tmp/ref.log" >"$tmp/ref.fail"
sed -n 's/^\([^#][^:]*\): .*/\1/p' "$src/EXPECTED-FAILURES.txt" | sort -u \
	>"$tmp/expected.fail"
if ! cmp -s "$tmp/ref.fail" "$tmp/expected.fail"; then
	echo "FAIL llvm-symbolizer-19's failures are not EXPECTED-FAILURES.txt's:"
	diff "$tmp/expected.fail" "$tmp/ref.fail"
	fail=1
fi

python3 "$lit" -j2 -q --param out="$tmp/mt" --param tool="$bin" \
	--param diff="$tmp/diff.log" "$src" >"$tmp/mt.log" 2>&1
failing "$tmp/mt.log" >"$tmp/mt.fail"
sed -n 's/^test: \([^:]*\): .*/\1/p' "$src/KNOWN-DIFFERENCES.txt" | sort -u \
	>"$tmp/known.fail"
sort -u "$tmp/ref.fail" "$tmp/known.fail" >"$tmp/allowed.fail"
new=$(comm -23 "$tmp/mt.fail" "$tmp/allowed.fail")
if [ -n "$new" ]; then
	echo "FAIL tests llvm-symbolizer-19 passes and maxtriage fails:"
	echo "$new"
	for t in $new; do
		python3 "$lit" -v --param out="$tmp/one" --param tool="$bin" \
			"$src/$t" 2>&1 | grep -B2 -A12 'error:' | head -40
	done
	fail=1
fi
# Each differing run must be a known difference.
touch "$tmp/diff.log" "$tmp/diff.log.count"
sed -n 's/^run: \(.*\): [^:]*$/\1/p' "$src/KNOWN-DIFFERENCES.txt" >"$tmp/known.runs"
grep '^=== ' "$tmp/diff.log" | sed 's/^=== //' >"$tmp/runs"
unknown=$(grep -v -E -f "$tmp/known.runs" "$tmp/runs")
if [ -n "$unknown" ]; then
	echo "FAIL runs where maxtriage differs from llvm-symbolizer-19:"
	cat "$tmp/diff.log" | head -80
	fail=1
fi
ref_pass=$((total - $(wc -l <"$tmp/ref.fail")))
mt_both=$(comm -23 "$tmp/allowed.fail" "$tmp/ref.fail" | wc -l)
echo "$NAME: $total upstream tests; llvm-symbolizer-19 passes $ref_pass," \
	"maxtriage passes $((ref_pass - mt_both)) of them" \
	"($(wc -l <"$tmp/mt.fail") failed, $(wc -l <"$tmp/known.fail") known);" \
	"$(wc -l <"$tmp/diff.log.count") runs compared with llvm-symbolizer-19," \
	"$(wc -l <"$tmp/runs") differ (all known)"
[ $fail -eq 0 ] && echo "$NAME: ok"
exit $fail
