#!/bin/sh
# deb-check.sh [BUILD_DIR] - the Debian packages end to end: build them
# (make deb: dpkg-buildpackage -us -uc -b over the tracked files), hold
# them to lintian (any error fails), install them with dpkg, and run the
# installed command as a user would: `maxtriage stack` on the demo dump
# must give what the tree's build gives, the libexec names must answer,
# the man page and completions must be where their tools look, and the
# example program must build against the installed maxtriage.pc. The
# packages are removed again at the end. Installing needs root (CI is);
# otherwise the build and lintian still run.
set -eu
O=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
make --no-print-directory deb O="$O" >"$O/deb.log" 2>&1 || { tail -20 "$O/deb.log"; exit 1; }
debs=$(ls "$O"/deb/*.deb)
echo "deb-check: built $(echo "$debs" | wc -l) packages: $(echo "$debs" | xargs -n1 basename | tr '\n' ' ')"
# lintian refuses nothing as root but says so; errors fail, the rest is shown
lintian --allow-root --fail-on error --info "$O"/deb/*.changes
echo "deb-check: lintian: no errors"
if [ "$(id -u)" != 0 ]; then
	echo "deb-check: not root: the packages were not installed"
	exit 0
fi
trap 'dpkg --purge maxtriage maxtriage-dev >/dev/null 2>&1 || true' EXIT
dpkg -i "$O"/deb/maxtriage_*.deb "$O"/deb/maxtriage-dev_*.deb >/dev/null
tmp=$(mktemp -d)
trap 'dpkg --purge maxtriage maxtriage-dev >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
args="--no-repo --binary-dir testdata/demo/bin --debug-dir testdata/demo/debug --format json testdata/demo/crash.txt"
# shellcheck disable=SC2086
/usr/bin/maxtriage stack $args >"$tmp/pkg.json"
# shellcheck disable=SC2086
"$O/maxtriage" stack $args >"$tmp/tree.json"
python3 - "$tmp/pkg.json" "$tmp/tree.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
fa = [(r["fingerprint"], r["signature"]) for r in a["reports"]]
fb = [(r["fingerprint"], r["signature"]) for r in b["reports"]]
assert fa and fa == fb, (fa, fb)
print("deb-check: the installed maxtriage stack gives the tree's", fa[0][0])
PY
for n in llvm-symbolizer llvm-addr2line addr2line; do
	"/usr/libexec/maxtriage/$n" --version >/dev/null 2>&1 ||
		{ echo "deb-check: /usr/libexec/maxtriage/$n does not answer --version"; exit 1; }
done
man -w maxtriage >/dev/null
for f in /usr/share/bash-completion/completions/maxtriage /usr/share/zsh/site-functions/_maxtriage \
	/usr/share/fish/vendor_completions.d/maxtriage.fish; do
	[ -f "$f" ] || { echo "deb-check: $f missing"; exit 1; }
done
# shellcheck disable=SC2046
cc -o "$tmp/triage" docs/example/triage.c $(pkg-config --cflags --static --libs maxtriage)
"$tmp/triage" testdata/demo/crash.txt testdata/demo/bin >/dev/null
echo "deb-check: installed, ran, example built against the installed maxtriage.pc; removed again"
