#!/bin/sh
# Build the symbolize benchmark libraries (cached): bench/work/lib/
#   libbench-gcc.so    gcc -O2 -g (DWARF 5, with .debug_aranges)
#   libbench-clang.so  clang-19 -O2 -g (DWARF 5, no .debug_aranges)
# usage: build_lib.sh WORKDIR N_FILES N_FUNCS
# Sources come from gen_lib.py; make -j$(nproc) compiles them, and only
# what changed is rebuilt.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$1 nfiles=$2 nfuncs=$3
d=$work/lib
mkdir -p "$d/src" "$d/gcc" "$d/clang"
python3 "$here/gen_lib.py" "$d/src" "$nfiles" "$nfuncs"
objs=
i=0
while [ $i -lt "$nfiles" ]; do objs="$objs f$i.o"; i=$((i + 1)); done
cat >"$d/Makefile.new" <<MK
OBJS :=$objs
all: libbench-gcc.so libbench-clang.so
gcc/%.o: src/%.c src/inc/%.h
	gcc -O2 -g -fPIC -c \$< -o \$@
clang/%.o: src/%.c src/inc/%.h
	clang-19 -O2 -g -fPIC -c \$< -o \$@
libbench-gcc.so: \$(addprefix gcc/,\$(OBJS))
	gcc -shared -o \$@ \$^
libbench-clang.so: \$(addprefix clang/,\$(OBJS))
	clang-19 -shared -o \$@ \$^
MK
cmp -s "$d/Makefile.new" "$d/Makefile" 2>/dev/null || mv "$d/Makefile.new" "$d/Makefile"
rm -f "$d/Makefile.new"
make -s -C "$d" -j"$(nproc)" all
