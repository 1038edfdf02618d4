# fixtures.sh - sourced (not run) by e2e scripts: the fixtures built from
# testdata/ (crash programs and their dumps, the symbolize libraries) do
# not depend on how maxtriage was built, so they live once per checkout
# under $MT_FIXTURES (run-tests.sh sets it; default build/fixtures beside
# the checkout's default build folder), whichever build folder is tested.
# Each is built under a lock: scripts running at once wait for one build.
#
# fixture_locked NAME CMD... runs CMD holding the lock of fixture NAME.
# crashers_dir sets $fx to the crash fixtures, building them if needed;
# returns 77 when a tool is missing, non-zero when the build failed.
: "${MT_FIXTURES:=$(cd "$(dirname "$0")/../.." && pwd)/build/fixtures}"
mkdir -p "$MT_FIXTURES"
MT_FIXTURES=$(cd "$MT_FIXTURES" && pwd)

fixture_locked() {
	_name=$1
	shift
	(
		flock 9 || exit 1
		"$@"
	) 9>"$MT_FIXTURES/.$_name.lock"
}

crashers_dir() {
	fx="$MT_FIXTURES/crashers"
	fixture_locked crashers sh "$(cd "$(dirname "$0")/../.." && pwd)/testdata/crashers/build.sh" "$fx"
}
