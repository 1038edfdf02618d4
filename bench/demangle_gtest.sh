#!/bin/sh
# Demangling at scale (issue 11): googletest + googlemock (Debian's
# sources, apt-get install googletest -> /usr/src/googletest) built with
# clang-19 -O2 -g as one shared library, together with googlemock's
# template-heavy tests; N addresses (default 3,000: function starts and an
# address inside each function, spread evenly over the symbol table) are
# symbolized by llvm-symbolizer-19, by maxtriage under the name
# llvm-symbolizer and by `maxtriage symbolize --inlines`, and every
# function name of every frame is compared. Run by hand (not in make
# check); results in docs/symbolize.md.
#
# usage: sh bench/demangle_gtest.sh BUILD_DIR [N_ADDRS]
#   BENCH_WORK=DIR  where the library is built and cached (bench/work)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
mt=$(cd "$1" && pwd)/maxtriage
n=${2:-3000}
src=/usr/src/googletest
ref=/usr/lib/llvm-19/bin/llvm-symbolizer
[ -x "$mt" ] || { echo "demangle_gtest: no $mt" >&2; exit 2; }
[ -d "$src/googlemock" ] || {
	echo "demangle_gtest: no $src (apt-get install googletest)" >&2
	exit 2
}
w=${BENCH_WORK:-$here/work}/gtest
units="googletest/src/gtest-all.cc googlemock/src/gmock-all.cc
googlemock/test/gmock-actions_test.cc googlemock/test/gmock-more-actions_test.cc
googlemock/test/gmock-matchers-comparisons_test.cc
googlemock/test/gmock-matchers-containers_test.cc
googlemock/test/gmock-spec-builders_test.cc"
# shellcheck source=bench/gtest_lib.sh
. "$here/gtest_lib.sh"
gtest_lib clang++-19 "$w" "$units"

# Addresses: defined functions of .symtab with a size, sorted by address,
# every k-th of them so that n/2 are picked; each gives its start and the
# address half way into it.
nm --defined-only -S "$lib" | python3 -c '
import sys
n = int(sys.argv[1])
fs = sorted({(int(a, 16), int(z, 16)) for a, z, t, *_ in
             (ln.split() for ln in sys.stdin if len(ln.split()) >= 4)
             if t in "TtWw"})
k = max(1.0, len(fs) / (n / 2))
out, i = [], 0.0
while int(i) < len(fs) and len(out) < n:
    st, sz = fs[int(i)]
    out.append(st)
    if len(out) < n:
        out.append(st + sz // 2)
    i += k
print("\n".join(f"0x{x:x}" for x in out))
' "$n" >"$w/addrs.txt"
ln -sf "$mt" "$w/bin/llvm-symbolizer"
"$ref" --obj="$lib" <"$w/addrs.txt" >"$w/ref.out"
"$w/bin/llvm-symbolizer" --obj="$lib" <"$w/addrs.txt" >"$w/as-llvm.out"
"$mt" symbolize --inlines -e "$lib" <"$w/addrs.txt" >"$w/symbolize.out"

# One block per address (ended by a blank line); the function names are
# the odd lines of a block.
python3 - "$w" <<'PY'
import sys
w = sys.argv[1]
def blocks(p):
    with open(p, errors='replace') as f:
        return [b for b in f.read().split('\n\n') if b.strip()]
def names(b):
    return b.split('\n')[0::2]
ref = blocks(w + '/ref.out')
for name in ('as-llvm', 'symbolize'):
    got = blocks(f'{w}/{name}.out')
    same_names = sum(1 for a, b in zip(ref, got) if names(a) == names(b))
    same_bytes = sum(1 for a, b in zip(ref, got) if a == b)
    total = max(len(ref), len(got))
    print(f'{name}: names identical on {same_names}/{total} addresses '
          f'= {100.0 * same_names / total:.2f}%, whole block on '
          f'{same_bytes}/{total}')
    shown = 0
    for i, (a, b) in enumerate(zip(ref, got)):
        if names(a) != names(b) and shown < 5:
            shown += 1
            for x, y in zip(names(a), names(b)):
                if x != y:
                    print(f'  #{i}: llvm-symbolizer: {x}\n  #{i}: maxtriage:      {y}')
                    break
PY
