#!/bin/sh
# build-inputs.sh - rebuild the binary inputs of the upstream tests that
# the stored copies of llvm-project lack, from the sources the tests name
# (their comments), with this machine's compilers. Run by hand; the
# results are committed (testdata/llvm-lit/README.md says which tests then
# fail with llvm-symbolizer-19 too, and why).
#   Inputs/addr.exe    sym.test's x.c, "clang -g -O2" (clang-19, -no-pie)
#   Inputs/discrim     sym-verbose.test's discrim.c,
#                      "clang -gmlt -fdebug-info-for-profiling -O2"
#   Inputs/symbols.so  Inputs/symbols.h's build: gcc -shared -fPIC -g
# Each is compiled where the test says its source was (/tmp, /tmp/dbginfo)
# by -fdebug-prefix-map, so file names read as upstream's.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
in=$here/tools/llvm-symbolizer/Inputs
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# The sources, from the tests' comments.
sed -n 's/^# \{0,1\}//p' "$here/tools/llvm-symbolizer/sym.test" |
	sed -n '/^Source:$/,/^Build as/p' | sed '1d;$d' >"$t/x.c"
sed -n 's/^# \{0,1\}//p' "$here/tools/llvm-symbolizer/sym-verbose.test" |
	sed '/^Build as/,$d' >"$t/discrim.c"

(cd "$t" && clang-19 -g -O2 -no-pie -fdebug-prefix-map="$t"=/tmp \
	x.c -o "$in/addr.exe")
(cd "$t" && clang-19 -gmlt -fdebug-info-for-profiling -O2 -no-pie \
	-fdebug-prefix-map="$t"=/tmp discrim.c -o "$in/discrim")
mkdir "$t/dbginfo"
cp "$in"/symbols.h "$in"/symbols.part1.cpp "$in"/symbols.part2.cpp \
	"$in"/symbols.part3.c "$in"/symbols.part4.c "$t/dbginfo/"
(cd "$t/dbginfo" && gcc -fdebug-prefix-map="$t/dbginfo"=/tmp/dbginfo \
	-osymbols.so -shared -fPIC -g symbols.part1.cpp symbols.part2.cpp \
	symbols.part3.c symbols.part4.c && cp symbols.so "$in/symbols.so")
ls -l "$in/addr.exe" "$in/discrim" "$in/symbols.so"
