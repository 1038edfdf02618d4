#!/bin/sh
# Mergeable buckets (issue 24): the crash fixtures' dumps and
# testdata/real's, split into shuffled shards three ways, each shard
# triaged to a partial (bucket --emit-partial), the partials merged all
# at once, pairwise in different orders and groupings, concatenated on
# stdin, sorted as a Hadoop streaming reducer gets them, and fed by GNU
# parallel --pipe: every merge must print what one run over all inputs
# prints, byte for byte, in JSON and text and with a baseline applied at
# merge time, with the same exit status.
set -u
# shellcheck source=tests/e2e/lib/env.sh
. "$(dirname "$0")/lib/env.sh"
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$(dirname "$0")/lib/fixtures.sh"
crashers_dir >/dev/null 2>&1 || {
	echo "cannot build the crash fixtures"
	exit 77
}
fail=0
args="--no-repo -j 2 --binary-dir $fx/gcc/bin --debug-dir $fx/gcc/debug"
# every file, and one that is not there: its error must survive merging
{
	find "$fx/gcc/dumps" "$root/testdata/real" -type f
	echo "$tmp/no-such-dump.txt"
} | sort >"$tmp/all.list"
n=$(wc -l <"$tmp/all.list")

# one run, given the paths on the command line and as --files-from
# shellcheck disable=SC2046 # one path per word: the lists have no spaces
$bin bucket $args --format json $(cat "$tmp/all.list") >"$tmp/one.json" 2>/dev/null
rc_one=$?
$bin bucket $args --format json --files-from "$tmp/all.list" >"$tmp/one-ff.json" 2>/dev/null
cmp -s "$tmp/one.json" "$tmp/one-ff.json" || { echo "FAIL --files-from differs from the same paths as arguments"; fail=1; }
[ $rc_one -eq 3 ] || { echo "FAIL one run with a missing input: exit $rc_one, want 3"; fail=1; }

# shards: 2, 3 and 5 of them, shuffled (fixed seeds), one of them empty
python3 - "$tmp" <<'PY'
import random, sys
t = sys.argv[1]
paths = open(f"{t}/all.list").read().split()
for k, seed in ((2, 1), (3, 2), (5, 3)):
    p = paths[:]
    random.Random(seed).shuffle(p)
    shards = [p[i::k] for i in range(k)]
    if k == 5:
        shards[4] = []
        shards[0] += p[4::k]
    # a file in two shards counts once
    if k == 3:
        shards[1].append(shards[0][0])
    for i, s in enumerate(shards):
        open(f"{t}/s{k}.{i}.list", "w").write("".join(x + "\n" for x in s))
PY
for k in 2 3 5; do
	i=0
	while [ $i -lt $k ]; do
		$bin bucket $args --emit-partial --files-from "$tmp/s$k.$i.list" >"$tmp/p$k.$i.json" 2>/dev/null
		rc=$?
		# exit 3 exactly where the missing dump went
		want=0
		grep -q no-such-dump "$tmp/s$k.$i.list" && want=3
		[ $rc -eq $want ] || { echo "FAIL shard $k.$i: exit $rc, want $want"; fail=1; }
		[ "$(wc -l <"$tmp/p$k.$i.json")" -eq 1 ] || { echo "FAIL partial $k.$i is not one line"; fail=1; }
		i=$((i + 1))
	done
done

same() { # same NAME RC COMMAND... : its output is one.json, its exit rc_one
	name=$1
	shift
	"$@" >"$tmp/m.json" 2>"$tmp/m.err"
	rc=$?
	if ! cmp -s "$tmp/one.json" "$tmp/m.json"; then
		echo "FAIL $name: not the one-run document"
		diff "$tmp/one.json" "$tmp/m.json" | head -10
		fail=1
	fi
	[ $rc -eq $rc_one ] || { echo "FAIL $name: exit $rc, one run $rc_one: $(head -1 "$tmp/m.err")"; fail=1; }
}
same "merge 2 shards" $bin bucket --merge --format json "$tmp/p2.0.json" "$tmp/p2.1.json"
same "merge 2 shards reversed" $bin bucket --merge --format json "$tmp/p2.1.json" "$tmp/p2.0.json"
same "merge 3 shards" $bin bucket --merge --format json "$tmp"/p3.*.json
same "merge 5 shards, one empty" $bin bucket --merge --format json "$tmp"/p5.*.json
# pairwise, two groupings: ((3.2 + 3.0) + 3.1) and (3.1 + (3.0 + 3.2))
$bin bucket --merge --emit-partial "$tmp/p3.2.json" "$tmp/p3.0.json" >"$tmp/m20.json" 2>/dev/null
$bin bucket --merge --emit-partial "$tmp/p3.0.json" "$tmp/p3.2.json" >"$tmp/m02.json" 2>/dev/null
cmp -s "$tmp/m20.json" "$tmp/m02.json" || { echo "FAIL a merge of two partials depends on their order"; fail=1; }
same "merge (3.2+3.0)+3.1" $bin bucket --merge --format json "$tmp/m20.json" "$tmp/p3.1.json"
same "merge 3.1+(3.0+3.2)" $bin bucket --merge --format json "$tmp/p3.1.json" "$tmp/m02.json"
# partials of different shardings overlap: still each file once
same "merge of two shardings" $bin bucket --merge --format json "$tmp"/p2.*.json "$tmp"/p5.*.json
# concatenated on stdin, and as a Hadoop streaming reducer gets the
# mappers' lines: sorted, each with a tab after it (no key separator)
same "merge - (concatenated)" sh -c "cat '$tmp'/p5.*.json | $bin bucket --merge --format json -"
same "merge - (sorted lines, tab)" sh -c "cat '$tmp'/p3.*.json | sed 's/\$/\t/' | sort | $bin bucket --merge --format json -"
# the map step as Hadoop streaming and Spark's RDD.pipe run it: paths on stdin
same "mapper --files-from -" sh -c "for s in '$tmp'/s3.*.list; do $bin bucket $args --emit-partial --files-from - <\"\$s\" 2>/dev/null; done | $bin bucket --merge --format json -"
# GNU parallel: blocks of 9 paths, one mapper each, outputs kept whole
if command -v parallel >/dev/null 2>&1; then
	same "GNU parallel --pipe" sh -c "parallel --will-cite --pipe -N 9 -j 2 $bin bucket $args --emit-partial --files-from - <'$tmp/all.list' 2>/dev/null | $bin bucket --merge --format json -"
else
	echo "note: GNU parallel not installed (Debian package parallel), its pipeline is not checked"
fi

# text, and a baseline applied at merge time: the known half of the
# fixture dumps (everything but the fpe crash, as tests/e2e/bucket.sh)
grep -v '/fpe\.' "$tmp/all.list" | grep -v no-such >"$tmp/known.list"
$bin bucket $args --write-baseline "$tmp/base.json" --files-from "$tmp/known.list" >/dev/null 2>&1
for f in text json; do
	$bin bucket $args --format $f --baseline "$tmp/base.json" --files-from "$tmp/all.list" >"$tmp/one.$f" 2>/dev/null
	rc1=$?
	$bin bucket --merge --format $f --baseline "$tmp/base.json" "$tmp"/p3.*.json >"$tmp/merged.$f" 2>/dev/null
	rc2=$?
	cmp -s "$tmp/one.$f" "$tmp/merged.$f" || { echo "FAIL --baseline at merge time, $f: not one run's"; fail=1; }
	[ $rc1 -eq $rc2 ] || { echo "FAIL --baseline at merge time, $f: exit $rc2, one run $rc1"; fail=1; }
done
# the baseline run knows a crash new: fpe's bucket (read off the file names)
python3 - "$tmp/merged.json" <<'PY' || fail=1
import json, os, sys
d = json.load(open(sys.argv[1]))
new = [b for b in d["buckets"] if b["new"]]
ok = len(new) == 1 and all(os.path.basename(f).startswith("fpe.") for f in new[0]["files"])
if not ok:
    print("FAIL the merged baseline run's new buckets:", [b["files"] for b in new])
sys.exit(0 if ok else 1)
PY

# a baseline of another signature version, or made with other rules, is
# used with a warning and matched by example stacks: still only the fpe
# crash is new (the frames of the others are the baseline's)
sed 's/"signature_version": 2/"signature_version": 1/' "$tmp/base.json" >"$tmp/base-v1.json"
$bin bucket $args --rules "$root/testdata/crashers/rules.json" --write-baseline "$tmp/base-rules.json" \
	--files-from "$tmp/known.list" >/dev/null 2>&1
for b in base-v1 base-rules; do
	$bin bucket --merge --format json --baseline "$tmp/$b.json" "$tmp"/p3.*.json >"$tmp/$b.out" 2>"$tmp/$b.err"
	rc=$?
	[ $rc -eq 3 ] || { echo "FAIL --baseline $b: exit $rc, want 3 (the missing dump)"; fail=1; }
	grep -q "warning: baseline '$tmp/$b.json' .*known by their example stacks" "$tmp/$b.err" ||
		{ echo "FAIL --baseline $b: no warning: $(cat "$tmp/$b.err")"; fail=1; }
	python3 - "$tmp/$b.out" <<'PY' || fail=1
import json, os, sys
d = json.load(open(sys.argv[1]))
new = sorted({os.path.basename(f).split(".")[0] for b in d["buckets"] if b["new"] for f in b["files"]})
fixture_new = [m for m in new if m in ("segv", "trap", "fpe", "assert", "exception", "thread")]
if fixture_new != ["fpe"]:
    print(f"FAIL {sys.argv[1]}: new fixture crashes {fixture_new}, want ['fpe']")
    sys.exit(1)
PY
done

# what the merge refuses: not a partial, another signature version, a
# truncated document, mixing modes
printf '{"schema": "maxtriage.bucket.v1", "buckets": []}\n' >"$tmp/notpartial.json"
sed 's/"signature_version":2/"signature_version":1/' "$tmp/p2.0.json" >"$tmp/v1.json"
head -c 200 "$tmp/p2.0.json" >"$tmp/cut.json"
for bad in notpartial v1 cut; do
	$bin bucket --merge "$tmp/p2.1.json" "$tmp/$bad.json" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "partial '$tmp/$bad.json'" "$tmp/err" ||
		{ echo "FAIL --merge of $bad: exit $rc, $(cat "$tmp/err")"; fail=1; }
done
$bin bucket --emit-partial --format json "$tmp/one.json" >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL --emit-partial with --format is not a usage error"; fail=1; }
$bin bucket --merge --rules "$root/testdata/crashers/rules.json" "$tmp/p2.0.json" >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL --merge with --rules is not a usage error"; fail=1; }
# an empty list and an empty stream are empty results, not errors
: >"$tmp/empty.list"
$bin bucket --emit-partial --files-from "$tmp/empty.list" >"$tmp/empty.json" || { echo "FAIL an empty --files-from"; fail=1; }
: | $bin bucket --merge --format json - >"$tmp/none.json" || { echo "FAIL --merge of an empty stdin"; fail=1; }
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['files']==0 and d['buckets']==[]" "$tmp/none.json" ||
	{ echo "FAIL --merge of nothing is not an empty result"; fail=1; }

[ $fail -eq 0 ] && echo "bucket merge: ok ($n inputs, shards of 2, 3 and 5)"
exit $fail
