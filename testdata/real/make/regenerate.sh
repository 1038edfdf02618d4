#!/bin/sh
# Rebuild the programs in this directory and print their crashes with gdb,
# valgrind, eu-stack and Python's faulthandler into testdata/real/own_*.txt.
# Needs gcc, g++ with llvm-19-dev, mlir-19-tools, gdb, lldb-19, valgrind,
# elfutils (eu-stack) and python3 (all in scripts/deps.txt).
# Addresses and pids change from run to run; the facts in ../facts.json are
# about shapes (frames, functions, messages), so they hold for any run on an
# x86-64 Debian 12 machine. Usage: sh testdata/real/make/regenerate.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/.." && pwd)
build=${MT_REAL_BUILD:-/tmp/maxtriage-real}
rm -rf "$build"
mkdir -p "$build"
cd "$build" || exit 1

for p in segv_user strlen_null abort_call recurse threads_segv; do
	gcc -g -O0 -fno-omit-frame-pointer -o "$p" "$here/$p.c" -lpthread || exit 1
done
# An optimized build of the NULL dereference: sum_list is inlined into walk,
# so gdb prints an inline frame without an address.
gcc -g -O2 -o segv_user_O2 "$here/segv_user.c" || exit 1
sed 's/__attribute__((noinline)) sum_list/sum_list/' "$here/segv_user.c" >segv_inline.c
gcc -g -O2 -o segv_inline segv_inline.c || exit 1

# The same NULL dereference under LLVM's crash handler, printed with and
# without in-process symbolization (llvm-symbolizer on PATH or not).
g++ -g -O0 -fno-omit-frame-pointer -o segv_llvm "$here/segv_llvm.cpp" \
	$(llvm-config-19 --cxxflags --ldflags --libs support --system-libs) || exit 1
{
	echo "\$ ./segv_llvm"
	PATH=/usr/lib/llvm-19/bin:$PATH ./segv_llvm 2>&1
} >"$out/own_llvm_handler_symbolized.txt"
{
	echo "\$ LLVM_DISABLE_SYMBOLIZATION=1 ./segv_llvm"
	LLVM_DISABLE_SYMBOLIZATION=1 ./segv_llvm 2>&1
} >"$out/own_llvm_handler_unsymbolized.txt"

# A real MLIR parser stack overflow: 100000 nested regions make mlir-opt's
# recursive-descent parser run out of stack; LLVM's handler prints the
# innermost 256 frames, with and without symbolization.
python3 -c 'n = 100000
print("\"test.op\"() ({\n" * n + "\"test.end\"() : () -> ()\n" + "}) : () -> ()\n" * n, end="")' >deep.mlir
{
	echo "\$ mlir-opt-19 --allow-unregistered-dialect deep.mlir -o /dev/null"
	mlir-opt-19 --allow-unregistered-dialect deep.mlir -o /dev/null 2>&1
} >"$out/own_mlir_opt_parser_stack_overflow.txt"
{
	echo "\$ LLVM_DISABLE_SYMBOLIZATION=1 mlir-opt-19 --allow-unregistered-dialect deep.mlir -o /dev/null"
	LLVM_DISABLE_SYMBOLIZATION=1 mlir-opt-19 --allow-unregistered-dialect deep.mlir -o /dev/null 2>&1
} >"$out/own_mlir_opt_parser_stack_overflow_unsymbolized.txt"

gdbrun() { # gdbrun OUTFILE PROGRAM GDB-COMMAND...
	o=$1
	prog=$2
	shift 2
	set -- -nx -batch -ex "set pagination off" -ex "set width 0" -ex run "$@"
	{
		echo "\$ gdb -batch -ex run $(for c in "$@"; do case $c in -nx | -batch | -ex | run | "set pagination off" | "set width 0") ;; *) printf -- "-ex '%s' " "$c" ;; esac; done)./$prog"
		gdb "$@" "./$prog" 2>&1 | grep -v '^\[Inferior 1 (process [0-9]*) killed\]$'
	} >"$out/$o"
}

gdbrun own_gdb_bt_segv_user.txt segv_user -ex bt
gdbrun own_gdb_bt_strlen_null.txt strlen_null -ex bt
gdbrun own_gdb_bt_full_segv_user.txt segv_user -ex "bt full"
gdbrun own_gdb_bt_abort.txt abort_call -ex bt
gdbrun own_gdb_thread_apply_all_bt.txt threads_segv -ex "thread apply all bt"
gdbrun own_gdb_bt_inline_O2.txt segv_inline -ex bt
gdbrun own_gdb_bt_recursion_top.txt recurse -ex "bt 12"
gdbrun own_gdb_bt_segv_user_O2.txt segv_user_O2 -ex bt

lldbrun() { # lldbrun OUTFILE PROGRAM
	{
		echo "\$ lldb-19 --batch -o run -k bt ./$2"
		lldb-19 --no-lldbinit --batch -o run -k bt -k quit "./$2" 2>&1
	} >"$out/$1"
}
lldbrun own_lldb_bt_segv_user.txt segv_user
lldbrun own_lldb_bt_strlen_null.txt strlen_null

valrun() { # valrun OUTFILE PROGRAM
	{
		echo "\$ valgrind ./$2"
		valgrind --tool=memcheck "./$2" 2>&1
	} >"$out/$1"
}
valrun own_valgrind_segv_user.txt segv_user
valrun own_valgrind_strlen_null.txt strlen_null
valrun own_valgrind_abort.txt abort_call

# eu-stack reads a core: gdb writes one at the fault.
eurun() { # eurun OUTFILE PROGRAM
	gdb -nx -batch -ex run -ex "generate-core-file $build/$2.core" "./$2" >/dev/null 2>&1
	{
		echo "\$ eu-stack -m -s -i -e ./$2 --core $2.core"
		eu-stack -m -s -i -e "./$2" --core "$build/$2.core" 2>&1
	} >"$out/$1"
}
eurun own_eu_stack_segv_user.txt segv_user
eurun own_eu_stack_strlen_null.txt strlen_null
eurun own_eu_stack_threads.txt threads_segv

pyrun() { # pyrun OUTFILE SCRIPT
	cp "$here/$2" .
	{
		echo "\$ python3 -X faulthandler $2"
		python3 -X faulthandler "$2" 2>&1
	} >"$out/$1"
}
pyrun own_faulthandler_string_at.txt faulthandler_one.py
pyrun own_faulthandler_two_threads.txt faulthandler_two.py
cp "$here/traceback_exc.py" .
{
	echo "\$ python3 traceback_exc.py"
	python3 traceback_exc.py 2>&1
} >"$out/own_python_traceback.txt"
exit 0
