#!/bin/sh
# maxtriage as addr2line against binutils addr2line at scale (issue 11):
# googletest + googlemock (Debian's sources, apt-get install googletest)
# and three googlemock tests built with g++ -O2 -g as one shared library;
# the start and the middle of every defined function are answered by
# both with -a -f -C (and -i), and every answer block is compared. Run by
# hand (not in make check); results in docs/symbolize.md.
#
# usage: sh bench/addr2line_gtest.sh BUILD_DIR
#   BENCH_WORK=DIR  where the library is built and cached (bench/work)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
mt=$(cd "$1" && pwd)/maxtriage
src=/usr/src/googletest
[ -x "$mt" ] || { echo "addr2line_gtest: no $mt" >&2; exit 2; }
[ -d "$src/googlemock" ] || {
	echo "addr2line_gtest: no $src (apt-get install googletest)" >&2
	exit 2
}
w=${BENCH_WORK:-$here/work}/gtest-gcc
units="googletest/src/gtest-all.cc googlemock/src/gmock-all.cc
googlemock/test/gmock-actions_test.cc
googlemock/test/gmock-matchers-containers_test.cc
googlemock/test/gmock-spec-builders_test.cc"
# shellcheck source=bench/gtest_lib.sh
. "$here/gtest_lib.sh"
gtest_lib g++ "$w" "$units"
nm --defined-only -S "$lib" | python3 -c '
import sys
fs = sorted({(int(a, 16), int(z, 16)) for a, z, t, *_ in
             (ln.split() for ln in sys.stdin if len(ln.split()) >= 4)
             if t in "TtWw"})
for a, z in fs:
    print("%x" % a)
    print("%x" % (a + z // 2))' | sort -u >"$w/addrs.txt"
ln -sf "$mt" "$w/bin/addr2line"
for opt in "-f -C" "-f -C -i"; do
	# shellcheck disable=SC2086
	addr2line -a $opt -e "$lib" <"$w/addrs.txt" >"$w/ref.out"
	# shellcheck disable=SC2086
	"$w/bin/addr2line" -a $opt -e "$lib" <"$w/addrs.txt" >"$w/mt.out"
	python3 - "$w" "$opt" <<'PY'
import sys
w, opt = sys.argv[1], sys.argv[2]
def blocks(p):
    out, cur = [], None
    for ln in open(p, errors='replace'):
        if ln.startswith('0x'):
            cur = [ln]
            out.append(cur)
        elif cur is not None:
            cur.append(ln)
    return out
ref, got = blocks(w + '/ref.out'), blocks(w + '/mt.out')
same = sum(1 for a, b in zip(ref, got) if a == b)
print(f'addr2line {opt}: {same}/{len(ref)} answers identical '
      f'({100.0 * same / max(1, len(ref)):.2f}%)')
PY
done
