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
# mlir-opt-19 and FileCheck-19 (Debian's mlir-19-tools, llvm-19-tools),
# or MLIR_OPT / FILECHECK when set: skip (77) without them. NAME names the
# script in the message.
need_mlir_opt() {
	MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-19/bin/mlir-opt}
	if [ ! -x "$MLIR_OPT" ]; then
		echo "${NAME:-$0}: skipped: $MLIR_OPT not installed (apt-get install mlir-19-tools)"
		exit 77
	fi
}
need_filecheck() {
	FILECHECK=${FILECHECK:-/usr/lib/llvm-19/bin/FileCheck}
	if [ ! -x "$FILECHECK" ]; then
		echo "${NAME:-$0}: skipped: $FILECHECK not installed (apt-get install llvm-19-tools)"
		exit 77
	fi
}

need_tools() {
	for _t in "$@"; do
		command -v "$_t" >/dev/null 2>&1 || {
			echo "$NAME: skipped: missing tool $_t"
			exit 77
		}
	done
}
