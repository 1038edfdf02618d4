#!/bin/sh
# Golden files for `maxtriage stack` over every real dump in
# testdata/samples/stacks/ (JSON, symbolization off so the result does not
# depend on which libraries this machine has).
#   tests/golden.sh BUILD_DIR check    compare (exit 1 on any difference)
#   tests/golden.sh BUILD_DIR update   rewrite testdata/golden/stacks/
# Each sample starts with "# source:" / "# note:" lines added by whoever
# collected it; they are metadata, not dump text, and are removed first.
set -eu
O=${1:-build}
mode=${2:-check}
root=$(cd "$(dirname "$0")/.." && pwd)
samples="$root/testdata/samples/stacks"
gold="$root/testdata/golden/stacks"
bin="$root/$O/maxtriage"
[ -x "$bin" ] || bin="$O/maxtriage"
if [ ! -d "$samples" ]; then
	# part of the repository: missing data is a failure, never a skip
	echo "samples not found at $samples"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0
for s in "$samples"/*.txt; do
	name=$(basename "$s" .txt)
	sed -e '/^# source: /d' -e '/^# note: /d' "$s" >"$tmp/$name.txt"
	(cd "$tmp" && "$bin" stack --no-repo --no-symbolize --format json \
		"$name.txt" >"$tmp/$name.json") || true
	n=$((n + 1))
	if [ "$mode" = update ]; then
		cp "$tmp/$name.json" "$gold/$name.json"
	elif ! diff -u "$gold/$name.json" "$tmp/$name.json" >"$tmp/diff"; then
		echo "golden mismatch: $name"
		head -40 "$tmp/diff"
		fail=1
	fi
done
echo "$n samples ${mode}ed"
exit $fail
