# crashers.sh - sourced (not run) by the e2e scripts that use the crash
# fixtures of testdata/crashers. Set NAME (the prefix of messages) and
# EXTRA_TOOLS (more commands the script needs) first.
#
# Defines here, top, build, fixtures, python, llvm_config, symbolizer,
# skip() (exit 77 with the reason) and fail() (exit 1); skips when a tool
# is missing, fails when there is no maxtriage binary. build_crashers
# builds the fixtures (or finds them up to date); `build_crashers quiet`
# without the build's own output.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${MT_BUILD:=build}"
: "${MAXTRIAGE:=$top/$MT_BUILD/maxtriage}"
mkdir -p "$MT_BUILD"
build=$(cd "$MT_BUILD" && pwd)
# shellcheck source=tests/e2e/lib/fixtures.sh
. "$here/lib/fixtures.sh"
fixtures="$MT_FIXTURES/crashers"
python=/usr/bin/python3

skip() {
	echo "$NAME: skipped: $*"
	exit 77
}
fail() {
	echo "$NAME: FAIL: $*" >&2
	exit 1
}

llvm_config=${LLVM_CONFIG:-llvm-config-19}
# shellcheck disable=SC2086
for tool in gcc g++ clang-19 clang++-19 objcopy readelf "$llvm_config" \
	${EXTRA_TOOLS:-}; do
	command -v "$tool" >/dev/null 2>&1 || skip "missing tool $tool"
done
symbolizer="$("$llvm_config" --bindir)/llvm-symbolizer"
[ -x "$symbolizer" ] || skip "missing tool $symbolizer"
[ -x "$python" ] || skip "missing $python"
[ -x "$MAXTRIAGE" ] || fail "no maxtriage binary at '$MAXTRIAGE'"

build_crashers() {
	rc=0
	if [ "${1:-}" = quiet ]; then
		crashers_dir >/dev/null || rc=$?
	else
		crashers_dir || rc=$?
	fi
	[ $rc -eq 77 ] && skip "fixture build: a tool is missing (see above)"
	[ $rc -eq 0 ] || fail "building the fixtures failed (exit $rc)"
}
