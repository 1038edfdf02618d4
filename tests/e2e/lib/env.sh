# env.sh - sourced (not run) by e2e scripts: root (the checkout), O (the
# build directory, $MT_BUILD or build), bin (the maxtriage under test,
# $MAXTRIAGE or $root/$O/maxtriage), and tmp, a private directory
# removed on exit; need_tools, which skips the test (exit 77) unless
# every tool it names is there (set NAME first: the skip line names it).
root=$(cd "$(dirname "$0")/../.." && pwd)
O=${MT_BUILD:-build}
bin=${MAXTRIAGE:-$root/$O/maxtriage}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
need_tools() {
	for _t in "$@"; do
		command -v "$_t" >/dev/null 2>&1 || {
			echo "$NAME: skipped: missing tool $_t"
			exit 77
		}
	done
}
