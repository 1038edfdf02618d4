# env.sh - sourced (not run) by e2e scripts: root (the checkout), O (the
# build directory, $MT_BUILD or build), bin (the maxtriage under test,
# $MAXTRIAGE or $root/$O/maxtriage), and tmp, a private directory
# removed on exit.
root=$(cd "$(dirname "$0")/../.." && pwd)
O=${MT_BUILD:-build}
bin=${MAXTRIAGE:-$root/$O/maxtriage}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
