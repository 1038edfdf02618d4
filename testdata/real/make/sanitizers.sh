#!/bin/sh
# Sanitizer reports, valgrind's other kinds and post-mortem debugger
# sessions on real cores, printed here into testdata/real/own_*.txt (issue
# 20). Needs clang-19 (compiler-rt), llvm-symbolizer-19, gdb, lldb-19,
# valgrind, rustc, g++ with llvm-19-dev and python3. Addresses, pids and
# build-ids change from
# run to run; the facts in ../facts.json are about shapes (frames,
# functions, messages). HWASan needs a kernel with the tagged address ABI
# (aarch64): on x86-64 it refuses to start, so its shape comes from a
# public report instead. Usage: sh testdata/real/make/sanitizers.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/.." && pwd)
build=${MT_REAL_BUILD:-/tmp/maxtriage-san}
rm -rf "$build"
mkdir -p "$build"
cd "$build" || exit 1
# the sanitizers symbolize through llvm-symbolizer on PATH
sym=/usr/lib/llvm-19/bin
cc="clang-19 -g -O1 -fno-omit-frame-pointer"

$cc -fsanitize=address -o heap_overflow "$here/san_heap_overflow.c" || exit 1
clang-19 -O1 -fsanitize=address -o uaf "$here/san_use_after_free.c" || exit 1
$cc -fsanitize=thread -o race "$here/san_race.c" || exit 1
$cc -fsanitize=thread -o lock_order "$here/san_lock_order.c" || exit 1
$cc -fsanitize=memory -o uninit "$here/san_uninit.c" || exit 1
clang-19 -g -O0 -fsanitize=leak -o leaks "$here/san_leaks.c" || exit 1
$cc -fsanitize=undefined -o ubsan "$here/san_overflow_int.c" || exit 1
gcc -g -O0 -o leaks_plain "$here/san_leaks.c" || exit 1
gcc -g -O0 -fno-omit-frame-pointer -o recurse "$here/recurse.c" || exit 1
gcc -g -O0 -fno-omit-frame-pointer -o threads_segv "$here/threads_segv.c" -lpthread || exit 1
gcc -g -O0 -o heap_overflow_plain "$here/san_heap_overflow.c" || exit 1

san() { # san OUTFILE ENV... -- PROGRAM
	o=$1
	shift
	{
		echo "\$ $*"
		env PATH="$sym:$PATH" "$@" 2>&1
	} >"$out/$o"
}
san own_asan_heap_buffer_overflow.txt ./heap_overflow
san own_asan_unsymbolized_buildid.txt ASAN_OPTIONS=symbolize=0 ./heap_overflow
san own_asan_use_after_free_no_debug_info.txt ./uaf
san own_tsan_data_race.txt ./race
san own_tsan_lock_order_and_thread_leak.txt ./lock_order
san own_msan_use_of_uninitialized_value.txt ./uninit
san own_lsan_two_leaks.txt ./leaks
san own_ubsan_runtime_errors.txt ./ubsan
san own_ubsan_stacktrace_halt.txt UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ./ubsan

vg() { # vg OUTFILE VALGRIND-OPTION... PROGRAM
	o=$1
	shift
	{
		echo "\$ valgrind $*"
		valgrind "$@" 2>&1
	} >"$out/$o"
}
vg own_valgrind_stack_overflow.txt ./recurse
vg own_valgrind_definitely_lost.txt --leak-check=full ./leaks_plain
vg own_valgrind_invalid_read_heap.txt ./heap_overflow_plain

# Post-mortem: a core written at the fault, then read back.
gdb -nx -batch -ex run -ex "generate-core-file threads.core" ./threads_segv \
	>/dev/null 2>&1
{
	echo "\$ gdb -batch -ex 'thread apply all bt' threads_segv threads.core"
	gdb -nx -batch -ex "set pagination off" -ex "thread apply all bt" \
		./threads_segv threads.core 2>&1
} >"$out/own_gdb_core_thread_apply_all_bt.txt"
{
	echo "\$ gdb -batch -ex bt threads_segv threads.core"
	gdb -nx -batch -ex "set pagination off" -ex bt ./threads_segv \
		threads.core 2>&1
} >"$out/own_gdb_core_bt.txt"
{
	echo "\$ lldb-19 -c threads.core threads_segv -o 'bt all'"
	lldb-19 --no-lldbinit -b -c threads.core ./threads_segv -o "bt all" 2>&1
} >"$out/own_lldb_core_bt_all.txt"

# More of issue 20's shapes: other ASan reports, Rust panics, a parent
# script whose child crashed, faulthandler glued to other output,
# valgrind's uninitialised branch and invalid write, gdb on an abort core.
$cc -fsanitize=address -o more "$here/san_more.c" || exit 1
rustc -g -o rust_panic "$here/rust_panic.rs" || exit 1
gcc -g -O0 -o vg_uninit "$here/valgrind_uninit.c" || exit 1
gcc -g -O0 -fno-omit-frame-pointer -o abort_call "$here/abort_call.c" || exit 1
g++ -g -O0 -fno-omit-frame-pointer -o segv_llvm "$here/segv_llvm.cpp" \
	$(llvm-config-19 --cxxflags --ldflags --libs support --system-libs) || exit 1
san own_asan_double_free.txt ./more double-free
san own_asan_stack_overflow.txt ./more stack-overflow
san own_asan_segv_null_read.txt ./more null
san own_asan_global_buffer_overflow.txt ./more global
san own_asan_double_free_unsymbolized.txt ASAN_OPTIONS=symbolize=0 ./more double-free
san own_tsan_data_race_unsymbolized.txt TSAN_OPTIONS=symbolize=0 ./race
san own_rust_panic_unwrap_none.txt RUST_BACKTRACE=0 ./rust_panic
san own_rust_panic_index_backtrace.txt RUST_BACKTRACE=1 ./rust_panic index
san own_python_parent_child_llvm_crash.txt python3 "$here/run_child.py" ./segv_llvm
san own_faulthandler_glued_to_output.txt python3 -X faulthandler "$here/faulthandler_glued.py"
vg own_valgrind_uninit_branch_invalid_write.txt ./vg_uninit
gdb -nx -batch -ex run -ex "generate-core-file abort.core" ./abort_call \
	>/dev/null 2>&1
{
	echo "\$ gdb -batch -ex bt abort_call abort.core"
	gdb -nx -batch -ex "set pagination off" -ex bt ./abort_call \
		abort.core 2>&1
} >"$out/own_gdb_core_abort_bt.txt"
{
	echo "\$ lldb-19 -c abort.core abort_call -o bt"
	lldb-19 --no-lldbinit -b -c abort.core ./abort_call -o bt 2>&1
} >"$out/own_lldb_core_abort_bt.txt"
