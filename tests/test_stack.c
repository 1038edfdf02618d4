/* test_stack.c - one test per frame shape and message, and the splitter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "maxtriage/stack.h"

static mt_frame frame_of(const char *line)
{
	mt_frame f;

	assert_true(mt_stack_parse_frame_line(&f, line));
	return f;
}

static void llvm_module_offset(void **state)
{
	mt_frame f = frame_of(
	        "#0 0x000055d72f3584a7 (/home/v/.modular/bin/mojo+0x6114a7)");

	(void)state;
	assert_int_equal(f.index, 0);
	assert_true(f.address == 0x55d72f3584a7ULL);
	assert_string_equal(f.module, "/home/v/.modular/bin/mojo");
	assert_true(f.has_offset && f.module_offset == 0x6114a7);
	assert_null(f.symbol);
	mt_frame_release(&f);
}

static void llvm_function_with_parens_and_module(void **state)
{
	mt_frame f = frame_of(
	        " #6 0x0000557eb9f745ef mlir::Foo<int (char)>::run(llvm::StringRef) const (bin/../lib/libx.so+0x1c335ef)");

	(void)state;
	assert_int_equal(f.index, 6);
	assert_string_equal(f.module, "bin/../lib/libx.so");
	assert_string_equal(
	        f.symbol, "mlir::Foo<int (char)>::run(llvm::StringRef) const");
	mt_frame_release(&f);
}

static void llvm_symbolized_file_line_col(void **state)
{
	mt_frame f = frame_of(
	        "#5 0x00005e4caf572be4 (anonymous namespace)::ConvertPOPLoad::matchAndRewrite(M::KGEN::POP::LoadOp) const LowerPOPToLLVM.cpp:0:0");

	(void)state;
	assert_string_equal(
	        f.function,
	        "(anonymous namespace)::ConvertPOPLoad::matchAndRewrite(M::KGEN::POP::LoadOp) const");
	assert_string_equal(f.file, "LowerPOPToLLVM.cpp");
	assert_int_equal(f.line, 0);
	mt_frame_release(&f);
}

static void llvm_file_without_function(void **state)
{
	mt_frame f = frame_of(
	        "#4 0x00007fe5eb606891 /build/glibc/string/strlen-avx2.S:65:0");

	(void)state;
	assert_null(f.function);
	assert_string_equal(f.file, "/build/glibc/string/strlen-avx2.S");
	assert_int_equal(f.line, 65);
	mt_frame_release(&f);
}

static void bare_jit_frame_and_unmapped(void **state)
{
	mt_frame f = frame_of("#4 0x00007f9858001bfc ");

	(void)state;
	assert_true(f.has_address);
	assert_null(f.module);
	assert_null(f.symbol);
	mt_frame_release(&f);
	f = frame_of("#2 0x0000000000001234 <unmapped>");
	assert_true(f.unmapped);
	mt_frame_release(&f);
}

static void column_form(void **state)
{
	mt_frame f = frame_of(
	        "0  mojo                     0x00000001020f3764 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 56");

	(void)state;
	assert_int_equal(f.form, MT_FORM_COLUMN);
	assert_string_equal(f.module, "mojo");
	assert_string_equal(
	        f.symbol,
	        "llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)");
	assert_true(f.has_symbol_offset && f.symbol_offset == 56);
	assert_false(f.has_offset);
	mt_frame_release(&f);
	f = frame_of("8  (error)                   0x00007ffe7e4adf08");
	assert_null(f.module);
	assert_true(f.unmapped);
	mt_frame_release(&f);
	f = frame_of(
	        "4  libsystem_platform.dylib 0x000000028001cb54 _sigtramp + 4286886248");
	assert_true(f.bogus_symbol);
	mt_frame_release(&f);
}

static void normalised_and_redacted(void **state)
{
	mt_frame f = frame_of("#3 libKGENCompilerRTShared.so+0x3c60bb");

	(void)state;
	assert_int_equal(f.form, MT_FORM_NORMALISED);
	assert_string_equal(f.module, "libKGENCompilerRTShared.so");
	assert_true(f.module_offset == 0x3c60bb);
	mt_frame_release(&f);
	f = frame_of("#1 0x00007f... (libfoo.so+0x10)");
	assert_true(f.redacted);
	assert_false(f.has_address);
	assert_true(f.has_offset && f.module_offset == 0x10);
	mt_frame_release(&f);
}

static void sanitizer_frames(void **state)
{
	mt_frame f = frame_of(
	        "    #0 0x55d1a2b3c4d5 in crash_me /src/app/main.c:12:7");

	(void)state;
	assert_int_equal(f.form, MT_FORM_SANITIZER);
	assert_string_equal(f.function, "crash_me");
	assert_string_equal(f.file, "/src/app/main.c");
	assert_int_equal(f.column, 7);
	mt_frame_release(&f);
	f = frame_of(
	        "    #1 0x7f00 in foo (/usr/lib/libfoo.so+0x1234) (BuildId: 0a1b2c3d)");
	assert_string_equal(f.symbol, "foo");
	assert_string_equal(f.module, "/usr/lib/libfoo.so");
	assert_string_equal(f.build_id, "0a1b2c3d");
	mt_frame_release(&f);
}

static void host_and_python_frames(void **state)
{
	mt_frame f = frame_of(
	        "=========         Host Frame:AsyncRT_DeviceBuffer_release [0xda9892] in libAsyncRTMojoBindings.so");

	(void)state;
	assert_int_equal(f.form, MT_FORM_HOSTFRAME);
	assert_string_equal(f.symbol, "AsyncRT_DeviceBuffer_release");
	assert_true(f.has_offset && f.module_offset == 0xda9892);
	mt_frame_release(&f);
	f = frame_of("  File \"/work/model.py\", line 42, in forward");
	assert_int_equal(f.form, MT_FORM_PYTHON);
	assert_string_equal(f.file, "/work/model.py");
	assert_int_equal(f.line, 42);
	assert_string_equal(f.function, "forward");
	mt_frame_release(&f);
}

static void not_frames(void **state)
{
	mt_frame f;

	(void)state;
	assert_false(mt_stack_parse_frame_line(
	        &f, "0.      Program arguments: mojo x.mojo"));
	assert_false(mt_stack_parse_frame_line(
	        &f, "#{{.*}} KGEN_CompilerRT_GetStackTrace"));
	assert_false(mt_stack_parse_frame_line(&f, "# 0x1234"));
	/* 17 significant hex digits: past 64 bits, refused, not wrapped */
	assert_false(mt_stack_parse_frame_line(
	        &f, "#0 0x1ffffffffffffffff (a.so+0x1)"));
	assert_false(mt_stack_parse_frame_line(&f, ""));
}

static mt_report_set parse(const char *text)
{
	mt_report_set set;

	memset(&set, 0, sizeof(set));
	mt_stack_parse(&set, text, strlen(text));
	return set;
}

static void splits_dumps_and_keeps_messages(void **state)
{
	mt_report_set s = parse(
	        "log line\r\n"
	        "\x1b[31mPlease submit a bug report to x\x1b[0m\r\n"
	        "Stack dump:\n"
	        "0.\tProgram arguments: ./max_runner --model m\n"
	        "> #0 0x1000 (libA.so+0x10)\n"
	        "> #1 0x2000 (libA.so+0x20)\n"
	        "Segmentation fault (core dumped)\n"
	        "ABORT: kernel.mojo:10:5: index out of bounds\n"
	        "#0 0x3000 (libB.so+0x30)\n"
	        "stack trace was not collected. Enable ...\n"
	        "Unhandled exception caught during execution: At /m/model.mojo:3:9: boom\n");

	(void)state;
	assert_int_equal(s.n, 3);
	assert_int_equal(s.reports[0].nframes, 2);
	assert_string_equal(s.reports[0].program, "./max_runner --model m");
	assert_string_equal(s.reports[0].signal, "SIGSEGV");
	assert_string_equal(s.reports[1].kind, "mojo_abort");
	assert_string_equal(s.reports[1].message, "index out of bounds");
	assert_string_equal(s.reports[1].error_location, "kernel.mojo:10:5");
	assert_int_equal(s.reports[1].nframes, 1);
	assert_int_equal(s.reports[2].nframes, 0);
	assert_true(s.reports[2].stack_not_collected);
	assert_string_equal(s.reports[2].error_location, "/m/model.mojo:3:9");
	assert_string_equal(s.reports[2].message, "boom");
	mt_report_set_release(&s);
}

static void max_engine_errors(void **state)
{
	mt_report_set s = parse(
	        "An error occurred in kernel entry point named \"graph_0\":\n"
	        "An error occurred in kernel named \"mo.composite.matmul_add\":\n"
	        "CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access)\n"
	        "Fusion info:\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(s.reports[0].entry_point, "graph_0");
	assert_string_equal(s.reports[0].kernel, "mo.composite.matmul_add");
	mt_report_set_release(&s);
}

static void cpp_terminate_and_what(void **state)
{
	mt_report_set s = parse(
	        "terminate called after throwing an instance of 'std::runtime_error'\n"
	        "  what():  bad shape\n"
	        "#0 0x10 (libc.so.6+0x10)\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(s.reports[0].kind, "cpp_exception");
	assert_string_equal(s.reports[0].signal, "SIGABRT");
	assert_true(s.reports[0].nnotes == 1);
	assert_string_equal(s.reports[0].notes[0], "bad shape");
	mt_report_set_release(&s);
}

static void ops_in_flight(void **state)
{
	mt_report_set s = parse(
	        "[OP] LAUNCH matmul [id=1] target=gpu:0\n"
	        "[OP] LAUNCH rms_norm [id=40029] target=gpu:0\n"
	        "[OP] COMPLETE matmul [id=1]\n"
	        "[OP] LAUNCH rope [id=40030] target=gpu:1\n"
	        "[OP] COMPLETE rope [id=40030]\n"
	        "ERROR: Worker exception, shutting down: Segmentation fault\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(s.reports[0].ninflight, 1);
	assert_string_equal(s.reports[0].inflight[0].op, "rms_norm");
	assert_string_equal(s.reports[0].inflight[0].id, "40029");
	assert_string_equal(s.reports[0].inflight[0].target, "gpu:0");
	mt_report_set_release(&s);
	/* no other sign of failure: the ops in flight are the report */
	s = parse("[OP] LAUNCH softmax [id=7] target=gpu:0\n");
	assert_int_equal(s.n, 1);
	assert_non_null(strstr(s.reports[0].message, "never completed"));
	mt_report_set_release(&s);
	s = parse(
	        "[OP] LAUNCH softmax [id=7] target=gpu:0\n[OP] COMPLETE softmax [id=7]\n");
	assert_int_equal(s.n, 0);
	mt_report_set_release(&s);
}

static void hostile_bytes_never_crash(void **state)
{
	char buf[4096];
	mt_report_set s;
	size_t i;

	(void)state;
	/* NULs, invalid UTF-8, an unterminated escape, a huge index */
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 131 + 7);
	memcpy(buf, "#99999999999999999999 0x1\n\x1b[", 29);
	memset(&s, 0, sizeof(s));
	mt_stack_parse(&s, buf, sizeof(buf));
	mt_report_set_release(&s);
}

static void display_names(void **state)
{
	char *d;

	(void)state;
	d = mt_function_display(
	        "std::builtin::error::StackTrace::collect_if_enabled(::SIMD[DType.int, 1])");
	assert_string_equal(
	        d, "std::builtin::error::StackTrace::collect_if_enabled");
	free(d);
	d = mt_function_display(
	        "max::gpu::host::device_context::_raise_checked_impl[a](b)_REMOVED_ARG");
	assert_string_equal(
	        d, "max::gpu::host::device_context::_raise_checked_impl");
	free(d);
	d = mt_function_display(
	        "(anonymous namespace)::Foo<int>::operator()(int) const");
	assert_string_equal(d, "(anonymous namespace)::Foo::operator()");
	free(d);
	d = mt_function_display(
	        "float mtmodel::detail::square_at<float>(float const*, long)");
	assert_string_equal(d, "mtmodel::detail::square_at");
	free(d);
	d = mt_function_display(
	        "stdlib::builtin::_startup::__wrap_and_execute_main[fn() -> None](::SIMD),main_func=\"x\"");
	assert_string_equal(
	        d, "stdlib::builtin::_startup::__wrap_and_execute_main");
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(llvm_module_offset),
		cmocka_unit_test(llvm_function_with_parens_and_module),
		cmocka_unit_test(llvm_symbolized_file_line_col),
		cmocka_unit_test(llvm_file_without_function),
		cmocka_unit_test(bare_jit_frame_and_unmapped),
		cmocka_unit_test(column_form),
		cmocka_unit_test(normalised_and_redacted),
		cmocka_unit_test(sanitizer_frames),
		cmocka_unit_test(host_and_python_frames),
		cmocka_unit_test(not_frames),
		cmocka_unit_test(splits_dumps_and_keeps_messages),
		cmocka_unit_test(max_engine_errors),
		cmocka_unit_test(cpp_terminate_and_what),
		cmocka_unit_test(ops_in_flight),
		cmocka_unit_test(hostile_bytes_never_crash),
		cmocka_unit_test(display_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
