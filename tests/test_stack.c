/* test_stack.c - frame shapes, messages and the splitter. The simple
 * cases (one line, one fact list) are rows of tests/cases/stack.test,
 * run by tests/case_table.h; the ones here need code around them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_table.h"

static mt_frame frame_of(const char *line)
{
	mt_frame f;

	assert_true(mt_stack_parse_frame_line(&f, line));
	return f;
}

static mt_report_set parse(const char *text)
{
	mt_report_set set;

	memset(&set, 0, sizeof(set));
	mt_stack_parse(&set, text, strlen(text));
	return set;
}

/* A paste that stops inside the last frame's line: only then is it cut. */
static void cut_last_frame_only_at_end_of_text(void **state)
{
	static const char head[] =
	        "Stack dump:\n"
	        " #0 0x1000 llvm::sys::PrintStackTrace() (/b/mojo+0x10)\n"
	        " #1 0x2000 SignalHandler(int) (/b/mojo+0x20)\n"
	        " #2 0x3000 (/lib/libc.so.6+0x42520)\n";
	char text[512];
	mt_report_set s;

	(void)state;
	snprintf(text, sizeof(text), "%s #3 0x4000 __pthread_kil\n\n", head);
	s = parse(text);
	assert_int_equal(s.reports[0].nframes, 4);
	assert_true(s.reports[0].frames[3].truncated);
	mt_report_set_release(&s);

	/* the same frame followed by more of the log: a whole line */
	snprintf(text, sizeof(text), "%s #3 0x4000 __pthread_kil\nlog\n", head);
	s = parse(text);
	assert_false(s.reports[0].frames[3].truncated);
	mt_report_set_release(&s);

	/* a last frame with its module is whole */
	snprintf(text, sizeof(text), "%s #3 0x4000 raise (/lib/libc.so.6+0x9)",
	         head);
	s = parse(text);
	assert_false(s.reports[0].frames[3].truncated);
	mt_report_set_release(&s);
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
	assert_string_equal(mt_kind_name(s.reports[1].kind), "mojo_abort");
	assert_string_equal(s.reports[1].message, "index out of bounds");
	assert_string_equal(s.reports[1].error_location, "kernel.mojo:10:5");
	assert_int_equal(s.reports[1].nframes, 1);
	assert_int_equal(s.reports[2].nframes, 0);
	assert_true(s.reports[2].stack_not_collected);
	assert_string_equal(s.reports[2].error_location, "/m/model.mojo:3:9");
	assert_string_equal(s.reports[2].message, "boom");
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

/* --- other tools' stacks and messages, on real text ---
 *
 * Files under testdata/stack/tools/ were printed by the tools themselves
 * (see its README); the expected values below were read off those files
 * by hand. Tests run from the top of the tree (tests/run-tests.sh). */

#define TOOLS "testdata/stack/tools/"

static mt_report_set parse_file(const char *name)
{
	mt_report_set set;
	char path[256], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s%s", TOOLS, name);
	f = fopen(path, "rb");
	assert_non_null(f); /* missing test data is a failure */
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	memset(&set, 0, sizeof(set));
	mt_stack_parse(&set, text, (size_t)n);
	free(text);
	return set;
}

static int has_note(const mt_report *r, const char *needle)
{
	size_t i;

	for (i = 0; i < r->nnotes; i++)
		if (strstr(r->notes[i], needle))
			return 1;
	return 0;
}

static void gdb_frame_lines(void **state)
{
	mt_frame f;

	(void)state;
	/* gdb_null.txt: an inline frame, printed without an address */
	f = frame_of(
	        "#1  walk (n=n@entry=0x555555558070 <head>) at crash.c:41");
	assert_int_equal(f.form, MT_FORM_GDB);
	assert_int_equal(f.index, 1);
	assert_false(f.has_address);
	assert_string_equal(f.function, "walk");
	assert_string_equal(f.file, "crash.c");
	assert_int_equal(f.line, 41);
	mt_frame_release(&f);
	/* gdb_recurse.txt: parentheses inside the arguments */
	f = frame_of(
	        "#0  0x00005555555551e1 in recurse (depth=30830, depth@entry=<error reading variable: DWARF-2 expression error: Loop detected (257).>) at crash.c:54");
	assert_true(f.has_address && f.address == 0x5555555551e1ULL);
	assert_string_equal(f.function, "recurse");
	assert_int_equal(f.line, 54);
	mt_frame_release(&f);
	/* gdb without debug info for the library (gdb's own shape) */
	f = frame_of(
	        "#3  0x00007ffff7df9472 in abort () from /lib/x86_64-linux-gnu/libc.so.6");
	assert_string_equal(f.function, "abort");
	assert_string_equal(f.module, "/lib/x86_64-linux-gnu/libc.so.6");
	assert_null(f.file);
	mt_frame_release(&f);
	f = frame_of("#4  0x0000000000401136 in ?? ()");
	assert_int_equal(f.form, MT_FORM_GDB);
	assert_null(f.function); /* "??" is no name */
	mt_frame_release(&f);
	f = frame_of("#5  <signal handler called>");
	assert_true(f.sigtramp);
	mt_frame_release(&f);
	/* ASan's address in no module (landley/toybox#37) */
	f = frame_of("    #2 0x7ffd164faf57  (<unknown module>)");
	assert_int_equal(f.form, MT_FORM_SANITIZER);
	assert_true(f.unmapped);
	assert_null(f.function);
	assert_null(f.module);
	mt_frame_release(&f);
	/* still a sanitizer frame, not gdb's */
	f = frame_of("    #1 0x7f00 in foo (/usr/lib/libfoo.so+0x1234)");
	assert_int_equal(f.form, MT_FORM_SANITIZER);
	assert_string_equal(f.symbol, "foo");
	mt_frame_release(&f);
	/* prose that starts like a frame is not one */
	assert_false(mt_stack_parse_frame_line(&f, "#1 issue (see below)"));
}

static void gdb_bt_full_and_threads(void **state)
{
	mt_report_set s = parse_file("gdb_null.txt");
	mt_report *r;

	(void)state;
	/* bt, bt full and thread apply all bt of one crash: one report */
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->signal, "SIGSEGV");
	assert_string_equal(r->thread, "Thread 1");
	assert_int_equal(r->nframes, 3);
	assert_string_equal(r->frames[0].function, "value_of");
	assert_string_equal(r->frames[0].file, "crash.c");
	assert_int_equal(r->frames[0].line, 32);
	assert_false(r->frames[0].has_address);
	assert_string_equal(r->frames[1].function, "walk");
	assert_false(r->frames[1].has_address);
	assert_string_equal(r->frames[2].function, "main");
	assert_true(r->frames[2].address == 0x0000555555555477ULL);
	assert_int_equal(r->frames[2].line, 76);
	/* the sleeping thread is a note, not frames of the crash */
	assert_string_equal(mt_producer_name(r->producer), "gdb");
	assert_true(has_note(r, "Thread 2 (Thread 0x7ffff7dcf6c0"));
	assert_true(has_note(r, "__libc_pause"));
	mt_report_set_release(&s);

	s = parse_file("gdb_strlen.txt");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_int_equal(r->nframes, 3);
	assert_string_equal(r->frames[0].function, "__strlen_avx2");
	assert_string_equal(r->frames[0].file,
	                    "../sysdeps/x86_64/multiarch/strlen-avx2.S");
	assert_string_equal(r->frames[1].function, "measure");
	mt_report_set_release(&s);

	s = parse_file("gdb_abort.txt");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->signal, "SIGABRT");
	assert_int_equal(r->nframes, 5);
	assert_string_equal(r->frames[3].function, "__GI_abort");
	assert_string_equal(r->frames[4].function, "main");
	mt_report_set_release(&s);
}

static void gdb_signal_trampoline_and_recursion(void **state)
{
	mt_report_set s = parse_file("gdb_handler.txt");
	mt_report *r;

	(void)state;
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_int_equal(r->nframes, 9);
	assert_string_equal(r->frames[4].function, "on_segv");
	assert_true(r->frames[5].sigtramp);
	assert_int_equal(r->trampoline, 5);
	assert_string_equal(r->frames[6].function, "value_of");
	mt_report_set_release(&s);

	/* "bt 12" then "bt -3": the innermost 12 and outermost 3 frames */
	s = parse_file("gdb_recurse.txt");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_int_equal(r->nframes, 15);
	assert_int_equal(r->frames[12].index, 30829);
	assert_string_equal(r->frames[13].function, "recurse");
	assert_string_equal(r->frames[14].function, "main");
	mt_report_set_release(&s);
}

static void lldb_bt(void **state)
{
	mt_report_set s = parse_file("lldb_null.txt");
	mt_report *r;
	mt_frame f;

	(void)state;
	/* the stop's frame, "bt" and "thread backtrace all": one report */
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->signal, "SIGSEGV");
	assert_int_equal(r->nframes, 6);
	assert_string_equal(r->frames[0].function, "value_of");
	assert_true(r->frames[0].inlined);
	assert_string_equal(r->frames[0].module, "crash");
	assert_int_equal(r->frames[0].line, 32);
	assert_int_equal(r->frames[0].column, 4);
	assert_string_equal(r->frames[1].function, "walk");
	assert_string_equal(r->frames[3].function, "__libc_start_call_main");
	assert_string_equal(r->frames[3].file, "libc_start_call_main.h");
	assert_string_equal(r->frames[5].function, "_start");
	assert_true(r->frames[5].has_symbol_offset &&
	            r->frames[5].symbol_offset == 33);
	assert_true(has_note(r, "thread #2"));
	assert_string_equal(mt_producer_name(r->producer), "lldb");
	mt_report_set_release(&s);

	/* macOS arm64, llvm/llvm-project#58525 */
	f = frame_of(
	        "    frame #0: 0x00000001000039e8 crash`main::$_0::operator()() const + 28");
	assert_int_equal(f.form, MT_FORM_LLDB);
	assert_true(f.address == 0x1000039e8ULL);
	assert_string_equal(f.module, "crash");
	assert_string_equal(f.function, "main::$_0::operator()() const");
	assert_true(f.symbol_offset == 28);
	mt_frame_release(&f);
	s = parse(
	        "* thread #2, stop reason = EXC_BAD_ACCESS (code=1, address=0x2a)\n"
	        "    frame #0: 0x00000001000039e8 crash`main::$_0::operator()() const + 28\n");
	assert_int_equal(s.n, 1);
	assert_string_equal(s.reports[0].signal, "SIGSEGV");
	assert_string_equal(s.reports[0].thread, "thread #2");
	mt_report_set_release(&s);
}

static void macos_crash_report_threads(void **state)
{
	/* lionheart/openradar-mirror#17248 and ethereum/go-ethereum#14369
	 * (excerpts) */
	mt_report_set s = parse(
	        "Exception Type:        EXC_BAD_ACCESS (SIGSEGV)\n"
	        "Thread 3:: lldb.debugger.io-handler\n"
	        "0   libsystem_kernel.dylib        \t0x00007fffde52fdc6 __read_nocancel + 10\n"
	        "1   libsystem_c.dylib             \t0x00007fffde47b15c _sread + 16\n"
	        "\n"
	        "Thread 6 Crashed:: <lldb.process.internal-state(pid=13020)>\n"
	        "0   com.apple.LLDB.framework      \t0x000000011069ba85 regionReader(void const*, unsigned char*, unsigned long long) + 21\n"
	        "1   com.apple.LLDB.framework      \t0x00000001106a3e69 readModRM(llvm::X86Disassembler::InternalInstruction*) + 57\n");
	mt_report *r;
	mt_frame f;

	(void)state;
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->signal, "SIGSEGV");
	assert_string_equal(r->thread, "Thread 6");
	assert_int_equal(r->nframes, 2);
	assert_string_equal(
	        r->frames[0].symbol,
	        "regionReader(void const*, unsigned char*, unsigned long long)");
	assert_true(r->frames[0].symbol_offset == 21);
	assert_true(has_note(r, "Thread 3:: lldb.debugger.io-handler"));
	assert_string_equal(mt_producer_name(r->producer), "macos-crash");
	mt_report_set_release(&s);
	/* the crashed thread's list alone (irllabs/ml-lib#104): the header
	 * is the first line, and still says who printed it */
	s = parse("Thread 0 Crashed:: Dispatch queue: com.apple.main-thread\n"
	          "0   com.cycling74.Max             \t0x00034400 "
	          "c74_debug_malloc_footer_test + 131\n"
	          "1   com.cycling74.Max             \t0x00034461 "
	          "sysmem_freeptr_imp + 54\n");
	assert_int_equal(s.n, 1);
	assert_int_equal(s.reports[0].nframes, 2);
	assert_string_equal(mt_producer_name(s.reports[0].producer),
	                    "macos-crash");
	assert_string_equal(s.reports[0].thread, "Thread 0");
	mt_report_set_release(&s);
	/* a symbolicated crash report names the source line */
	f = frame_of(
	        "3   a.out                         \t0x0000000100003f54 main + 20 (crash.c:10)");
	assert_string_equal(f.symbol, "main");
	assert_true(f.symbol_offset == 20);
	assert_string_equal(f.file, "crash.c");
	assert_int_equal(f.line, 10);
	mt_frame_release(&f);
}

static void valgrind_reports(void **state)
{
	mt_report_set s = parse_file("valgrind_null.txt");
	mt_report *r;

	(void)state;
	/* the error and "Process terminating" print one stack twice */
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->message, "Invalid read of size 4");
	assert_string_equal(r->signal, "SIGSEGV");
	assert_string_equal(r->program, "./crash null");
	assert_string_equal(mt_producer_name(r->producer), "valgrind");
	assert_true(r->pid == 19321);
	assert_int_equal(r->nframes, 3);
	assert_int_equal(r->frames[0].form, MT_FORM_VALGRIND);
	assert_true(r->frames[0].address == 0x1091CB);
	assert_string_equal(r->frames[0].function, "value_of");
	assert_string_equal(r->frames[1].function, "walk");
	assert_int_equal(r->frames[1].index, 1);
	assert_string_equal(r->frames[2].function, "main");
	assert_int_equal(r->frames[2].line, 76);
	mt_report_set_release(&s);

	s = parse_file("valgrind_strlen.txt");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->frames[0].function, "strlen");
	assert_string_equal(
	        r->frames[0].module,
	        "/usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so");
	mt_report_set_release(&s);

	/* a stack overflow: the signal, one frame, the overflow noted */
	s = parse_file("valgrind_recurse.txt");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(r->signal, "SIGSEGV");
	assert_int_equal(r->nframes, 1);
	assert_string_equal(r->frames[0].function, "recurse");
	assert_true(has_note(r, "Stack overflow in thread #1"));
	mt_report_set_release(&s);

	/* the free'd-at and alloc'd-at stacks are notes, not reports */
	s = parse_file("valgrind_doublefree.txt");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(mt_kind_name(r->kind), "heap_corruption");
	assert_int_equal(r->nframes, 2);
	assert_int_equal(r->frames[1].line, 93);
	assert_true(has_note(r, "block of size 32 free'd"));
	assert_true(has_note(r, "Block was alloc'd at"));
	mt_report_set_release(&s);
}

/* Two valgrind runs printing at once, lines interleaved one by one. */
static void interleaved_processes(void **state)
{
	mt_report_set s =
	        parse("==101== Invalid read of size 4\n"
	              "==202== Invalid write of size 8\n"
	              "==101==    at 0x1091CB: value_of (crash.c:32)\n"
	              "==202==    at 0x4005F0: store (b.c:7)\n"
	              "==101==    by 0x1091CB: walk (crash.c:41)\n"
	              "==202==    by 0x400610: main (b.c:12)\n"
	              "==101==    by 0x109476: main (crash.c:76)\n");

	(void)state;
	assert_int_equal(s.n, 2);
	assert_true(s.reports[0].pid == 101);
	assert_string_equal(s.reports[0].message, "Invalid read of size 4");
	assert_int_equal(s.reports[0].nframes, 3);
	assert_string_equal(s.reports[0].frames[2].function, "main");
	assert_true(s.reports[1].pid == 202);
	assert_int_equal(s.reports[1].nframes, 2);
	assert_string_equal(s.reports[1].frames[0].function, "store");
	mt_report_set_release(&s);
}

static void eustack_flags(void **state)
{
	static const char *const nulls[] = { "eu-stack_null_m.txt",
		                             "eu-stack_null_s.txt",
		                             "eu-stack_null.txt" };
	mt_report_set s = parse_file("eu-stack_strlen_amsi.txt");
	mt_report *r;
	size_t i;

	(void)state;
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_true(r->pid == 21374);
	assert_int_equal(r->nframes, 6);
	/* " - module" and "- 1" are not part of the name */
	assert_string_equal(r->frames[0].function, "__strlen_avx2");
	assert_string_equal(r->frames[0].module, "libc.so.6");
	assert_string_equal(r->frames[1].function, "measure");
	assert_string_equal(r->frames[1].module, "crash");
	assert_string_equal(r->frames[1].file, "/tmp/t/crash.c");
	assert_int_equal(r->frames[1].line, 46);
	assert_int_equal(r->frames[1].column, 9);
	assert_null(r->frames[5].file); /* _start has no source line */
	/* the second thread is a note */
	assert_true(has_note(r, "TID 21410"));
	assert_string_equal(mt_producer_name(r->producer), "eu-stack");
	mt_report_set_release(&s);

	for (i = 0; i < MT_ARRAY_SIZE(nulls); i++) {
		s = parse_file(nulls[i]);
		assert_int_equal(s.n, 1);
		assert_int_equal(s.reports[0].nframes, 5);
		assert_string_equal(s.reports[0].frames[0].function, "walk");
		assert_true(s.reports[0].frames[0].address ==
		            0x00005555555551cbULL);
		mt_report_set_release(&s);
	}
	/* -i: the inlined value_of is its own frame, same address */
	s = parse_file("eu-stack_null_msi.txt");
	r = &s.reports[0];
	assert_int_equal(r->nframes, 6);
	assert_string_equal(r->frames[0].function, "value_of");
	assert_string_equal(r->frames[1].function, "walk");
	assert_true(r->frames[0].address == r->frames[1].address);
	assert_int_equal(r->frames[1].line, 41);
	mt_report_set_release(&s);
}

static void faulthandler_threads(void **state)
{
	mt_report_set s = parse_file("faulthandler_string_at.txt");
	mt_report *r;

	(void)state;
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(mt_kind_name(r->kind), "python_fatal");
	assert_string_equal(r->signal, "SIGSEGV");
	assert_string_equal(r->thread, "Current thread 0x00007f980cde6b80");
	/* most recent call first, as printed: not reversed */
	assert_int_equal(r->nframes, 4);
	assert_string_equal(r->frames[0].function, "string_at");
	assert_int_equal(r->frames[0].line, 519);
	assert_string_equal(r->frames[1].function, "read_null");
	assert_string_equal(r->frames[3].function, "<module>");
	assert_int_equal(r->frames[3].index, 3);
	/* the sleeping thread is a note */
	assert_true(has_note(r, "Thread 0x00007f980c0566c0"));
	assert_true(has_note(r, "sleeper"));
	assert_string_equal(mt_producer_name(r->producer), "faulthandler");
	mt_report_set_release(&s);
	/* Python 3.3's format (juancarlospaco/anglerfish#29): no "(most
	 * recent call first)", innermost first all the same */
	s = parse("Fatal Python error: Segmentation fault\n"
	          "\n"
	          "Thread 0x00007fff781b7000:\n"
	          "File \"idle.py\", line 3 in sleep\n"
	          "\n"
	          "Current thread 0x00007fff781b6310:\n"
	          "File \"test.py\", line 11 in killme\n"
	          "File \"test.py\", line 13 in <module>\n"
	          "Segmentation fault: 11\n");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(mt_producer_name(r->producer), "faulthandler");
	assert_string_equal(r->thread, "Current thread 0x00007fff781b6310");
	assert_int_equal(r->nframes, 2);
	assert_string_equal(r->frames[0].function, "killme");
	assert_string_equal(r->frames[1].function, "<module>");
	assert_true(has_note(r, "Thread 0x00007fff781b7000"));
	mt_report_set_release(&s);
}

static void heap_checker_messages(void **state)
{
	static const struct {
		const char *file, *message;
	} glibc[] = {
		{ "glibc_doublefree.txt",
		  "double free or corruption (fasttop)" },
		{ "glibc_nextsize.txt", "free(): invalid next size (fast)" },
		{ "glibc_unsorted.txt", "malloc(): invalid size (unsorted)" },
	};
	mt_report_set s;
	size_t i;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(glibc); i++) {
		s = parse_file(glibc[i].file);
		assert_int_equal(s.n, 1);
		assert_string_equal(mt_kind_name(s.reports[0].kind),
		                    "heap_corruption");
		assert_string_equal(s.reports[0].signal, "SIGABRT");
		assert_string_equal(s.reports[0].message, glibc[i].message);
		mt_report_set_release(&s);
	}
	/* modular/modular#2485 (macOS), #3821 (tcmalloc), excerpts */
	s = parse(
	        "mojo(16128,0x1f08bfac0) malloc: *** error for object 0x153811538: pointer being freed was not allocated\n"
	        "mojo(16128,0x1f08bfac0) malloc: *** set a breakpoint in malloc_error_break to debug\n"
	        "src/tcmalloc.cc:302] Attempt to free invalid pointer 0x562e4c640da0\n");
	assert_int_equal(s.n, 2);
	assert_string_equal(mt_kind_name(s.reports[0].kind), "heap_corruption");
	/* the whole line: "mojo(pid,tid)" names the program that failed */
	assert_string_equal(
	        s.reports[0].message,
	        "mojo(16128,0x1f08bfac0) malloc: *** error for object 0x153811538: pointer being freed was not allocated");
	assert_string_equal(mt_kind_name(s.reports[1].kind), "heap_corruption");
	assert_string_equal(
	        s.reports[1].message,
	        "src/tcmalloc.cc:302] Attempt to free invalid pointer 0x562e4c640da0");
	mt_report_set_release(&s);
	/* a heap check under a Mojo banner and no frames is a report */
	s = parse("free(): invalid pointer\n"
	          "Please file a bug report.\n"
	          "mojo crashed!\n");
	assert_int_equal(s.n, 1);
	assert_string_equal(mt_kind_name(s.reports[0].kind), "heap_corruption");
	assert_int_equal(s.reports[0].nframes, 0);
	assert_true(s.reports[0].mojo_driver);
	mt_report_set_release(&s);
}

static void assertion_locations(void **state)
{
	/* modular/modular#1562 (macOS) */
	mt_report_set s = parse(
	        "Assertion failed: (argIdx != 0 && \"TODO: unexpected self mismatch\"), function describeArgumentNo, file OverloadFitness.cpp, line 448.\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(mt_kind_name(s.reports[0].kind), "assertion");
	assert_string_equal(s.reports[0].signal, "SIGABRT");
	assert_string_equal(s.reports[0].error_location,
	                    "OverloadFitness.cpp:448");
	mt_report_set_release(&s);
	/* glibc, after the program name (shared sample 06) */
	s = parse(
	        "mojo: /__w/modular/modular/third-party/llvm-project/llvm/include/llvm/ADT/ArrayRef.h:205: ArrayRef<T> llvm::ArrayRef<mlir::Type>::drop_front(size_t) const [T = mlir::Type]: Assertion `size() >= N && \"Dropping more elements than exist\"' failed.\n");
	assert_string_equal(
	        s.reports[0].error_location,
	        "/__w/modular/modular/third-party/llvm-project/llvm/include/llvm/ADT/ArrayRef.h:205");
	mt_report_set_release(&s);
}

static void compiler_error_before_crash(void **state)
{
	/* shared sample 08 (modular/modular#1927), excerpt */
	mt_report_set s = parse(
	        "/path/to/test.mojo:1:1: error: TODO: expressions are not yet supported at the file scope level\n"
	        "0 and Float32\n"
	        "^\n"
	        "Please submit a bug report to https://github.com/modularml/mojo/issues and include the crash backtrace along with all the relevant source codes.\n"
	        "Stack dump:\n"
	        "0.      Program arguments: mojo build test.mojo\n"
	        "  #0 0x000055725d003e47 (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x62ae47)\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(
	        s.reports[0].message,
	        "TODO: expressions are not yet supported at the file scope level");
	assert_string_equal(s.reports[0].error_location,
	                    "/path/to/test.mojo:1:1");
	assert_string_equal(mt_producer_name(s.reports[0].producer),
	                    "mojo"); /* its banner */
	assert_int_equal(s.reports[0].nframes, 1);
	mt_report_set_release(&s);
	/* a compile error with no crash after it is no crash report */
	s = parse(
	        "/path/to/test.mojo:1:8: error: unable to locate module 'object'\n");
	assert_int_equal(s.n, 0);
	mt_report_set_release(&s);
}

static void gdb_wrapped_frames(void **state)
{
	/* python/cpython#131580 (excerpt): gdb wraps long argument lists */
	mt_report_set s = parse(
	        "#0  _PyFrame_GetCode (f=0xfffff7fea1f0) at ./Include/internal/pycore_frame.h:94\n"
	        "#1  dump_frame (fd=fd@entry=2, frame=frame@entry=0xfffff7fea1f0)\n"
	        "    at Python/traceback.c:914\n"
	        "#2  0x000000000076254c in dump_traceback (fd=fd@entry=2,\n"
	        "    tstate=tstate@entry=0xaeb528 <_PyRuntime+329832>,\n"
	        "    write_header=write_header@entry=0) at Python/traceback.c:1007\n"
	        "#6  0x0000fffff7def188 in start_thread () from /lib64/libc.so.6\n");
	mt_report *r;

	(void)state;
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_int_equal(r->nframes, 4);
	assert_string_equal(r->frames[1].function, "dump_frame");
	assert_string_equal(r->frames[1].file, "Python/traceback.c");
	assert_int_equal(r->frames[1].line, 914);
	assert_string_equal(r->frames[2].function, "dump_traceback");
	assert_true(r->frames[2].address == 0x76254c);
	assert_int_equal(r->frames[2].line, 1007);
	assert_string_equal(r->frames[3].module, "/lib64/libc.so.6");
	assert_string_equal(mt_producer_name(r->producer), "gdb");
	mt_report_set_release(&s);
}

static void glibc_backtrace_and_other_messages(void **state)
{
	/* MISP/misp-modules#535 (excerpt) */
	mt_report_set s = parse(
	        "*** Error in `/var/www/cgi-bin/test_venv/bin/python3': free(): invalid pointer: 0x00007ff72a160c80 ***\n"
	        "======= Backtrace: =========\n"
	        "/lib64/libc.so.6(+0x81329)[0x7ff753e23329]\n"
	        "/lib64/libstdc++.so.6(_ZNSt6locale5_Impl16_M_install_facetEPKNS_2idEPKNS_5facetE+0x142)[0x7ff729eca192]\n");
	mt_report *r;

	(void)state;
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_string_equal(mt_kind_name(r->kind), "heap_corruption");
	assert_int_equal(r->nframes, 2);
	assert_int_equal(r->frames[0].form, MT_FORM_BACKTRACE);
	assert_string_equal(r->frames[0].module, "/lib64/libc.so.6");
	assert_true(r->frames[0].has_offset &&
	            r->frames[0].module_offset == 0x81329);
	assert_true(r->frames[0].address == 0x7ff753e23329ULL);
	assert_string_equal(
	        r->frames[1].symbol,
	        "_ZNSt6locale5_Impl16_M_install_facetEPKNS_2idEPKNS_5facetE");
	assert_true(r->frames[1].symbol_offset == 0x142);
	assert_int_equal(r->frames[1].index, 1);
	mt_report_set_release(&s);

	/* llvm/llvm-project#60092 (excerpt): report_fatal_error */
	s = parse(
	        "LLVM ERROR: neither the scoping op nor the type class provide data layout information for memref<2xmemref<3xf32>>\n"
	        "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n"
	        "0  mlir-opt                 0x00000001049a85bc llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) + 56\n");
	assert_int_equal(s.n, 1);
	assert_non_null(strstr(s.reports[0].message,
	                       "neither the scoping op nor the type class"));
	assert_string_equal(mt_producer_name(s.reports[0].producer),
	                    "llvm-handler");
	assert_string_equal(mt_kind_name(s.reports[0].kind), "fatal_error");
	assert_string_equal(s.reports[0].signal, "SIGABRT");
	mt_report_set_release(&s);

	/* modular/modular#1270: a Norwegian shell's trailer */
	s = parse("#0 0x1000 (libA.so+0x10)\n"
	          "Minnesegmentsfeil (kjerne lagret i fil)\n");
	assert_string_equal(s.reports[0].signal, "SIGSEGV");
	mt_report_set_release(&s);

	/* landley/toybox#37 (excerpt): ASan's freed-by and allocated-by
	 * stacks are the memory's history, not more reports */
	s = parse(
	        "==7611==ERROR: AddressSanitizer: heap-use-after-free on address 0x60c00000be00 at pc 0x000000406678 bp 0x7ffd164fac60 sp 0x7ffd164fac50\n"
	        "READ of size 1 at 0x60c00000be00 thread T0\n"
	        "    #0 0x406677 in emit toys/posix/sed.c:205\n"
	        "\n"
	        "0x60c00000be00 is located 0 bytes inside of 120-byte region [0x60c00000be00,0x60c00000be78)\n"
	        "freed by thread T0 here:\n"
	        "    #0 0x7f1444e4b77a in __interceptor_free (/usr/lib/gcc/x86_64-pc-linux-gnu/5.4.0/libasan.so.2+0x9877a)\n"
	        "    #1 0x408507 in process_line toys/posix/sed.c:638\n"
	        "\n"
	        "previously allocated by thread T0 here:\n"
	        "    #0 0x7f1444e4bab2 in malloc (/usr/lib/gcc/x86_64-pc-linux-gnu/5.4.0/libasan.so.2+0x98ab2)\n");
	assert_int_equal(s.n, 1);
	r = &s.reports[0];
	assert_int_equal(r->nframes, 1);
	assert_string_equal(r->frames[0].function, "emit");
	assert_string_equal(mt_producer_name(r->producer), "sanitizer");
	assert_true(has_note(r, "freed by thread T0 here:"));
	assert_true(has_note(r, "previously allocated by thread T0 here:"));
	mt_report_set_release(&s);
}

/* Two real column-form dumps (modular/modular#586, shared sample 04, and
 * modular/modular#5191), their lines interleaved one by one as two
 * processes crashing at once print them. */
static void interleaved_column_dumps(void **state)
{
	mt_report_set s = parse(
	        "0  mojo      0x000055e89e20a957\n"
	        "0  mojo                      0x0000558214a561cb\n"
	        "1  mojo      0x000055e89e20852e\n"
	        "1  mojo                      0x0000558214a53a1a\n"
	        "2  mojo      0x000055e89e20b02f\n"
	        "2  mojo                      0x0000558214a56d77\n"
	        "3  libc.so.6 0x00007f0aaa43bcf0\n"
	        "3  libc.so.6                 0x00007f361ce97330\n"
	        "4  libc.so.6                 0x00007f361cf7925d syscall + 29\n"
	        "5  libAsyncRTMojoBindings.so 0x00007f361d0d2953\n");
	size_t i;

	(void)state;
	assert_int_equal(s.n, 2);
	assert_int_equal(s.reports[0].nframes, 4);
	assert_int_equal(s.reports[1].nframes, 6);
	for (i = 0; i < 4; i++)
		assert_int_equal(s.reports[0].frames[i].index, (int)i);
	assert_true(s.reports[0].frames[3].address == 0x00007f0aaa43bcf0ULL);
	assert_true(s.reports[1].frames[3].address == 0x00007f361ce97330ULL);
	assert_string_equal(s.reports[1].frames[5].module,
	                    "libAsyncRTMojoBindings.so");
	mt_report_set_release(&s);
}

/* modular/modular#3644 (testdata/real/shared_19): LLVM's banner and
 * program arguments, no frames, then the shell's signal line. */
static void banner_without_frames_and_a_signal(void **state)
{
	mt_report_set s = parse(
	        "Please submit a bug report to https://github.com/modularml/"
	        "mojo/issues and include the crash backtrace.\n"
	        "Stack dump:\n"
	        "0.\tProgram arguments: mojo run tmp.mojo\n"
	        "mojo crashed!\n"
	        "Please file a bug report.\n"
	        "[1]    85745 segmentation fault  mojo run tmp.mojo\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(s.reports[0].nframes, 0);
	assert_string_equal(s.reports[0].signal, "SIGSEGV");
	assert_string_equal(s.reports[0].program, "mojo run tmp.mojo");
	assert_int_equal(s.reports[0].last_line, 6);
	assert_true(s.reports[0].first_line <= 6);
	mt_report_set_release(&s);
}

/* sisoputnfrba/foro#3870: only valgrind's "Process terminating" block;
 * the fault line under it is the message. */
static void valgrind_terminating_only(void **state)
{
	mt_report_set s = parse(
	        "==82062== Process terminating with default action of signal "
	        "11 (SIGSEGV)\n"
	        "==82062==  Access not within mapped region at address 0x8\n"
	        "==82062==    at 0x10A6C8: ejecutar_cliclos (main.c:24)\n"
	        "==82062==    by 0x10BB11: main (main.c:441)\n");

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(s.reports[0].nframes, 2);
	assert_string_equal(s.reports[0].signal, "SIGSEGV");
	assert_string_equal(s.reports[0].message,
	                    "Access not within mapped region at address 0x8");
	assert_int_equal(s.reports[0].nnotes, 0);
	mt_report_set_release(&s);
}

/* Every row of the case file holds; the file has all its cases. */
static void table_cases(void **state)
{
	size_t n;

	(void)state;
	ct_failures = 0;
	n = ct_run_file("tests/cases/stack.test");
	assert_true(n >= 30);
	assert_int_equal(ct_failures, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_cases),
		cmocka_unit_test(splits_dumps_and_keeps_messages),
		cmocka_unit_test(ops_in_flight),
		cmocka_unit_test(hostile_bytes_never_crash),
		cmocka_unit_test(display_names),
		cmocka_unit_test(gdb_frame_lines),
		cmocka_unit_test(gdb_bt_full_and_threads),
		cmocka_unit_test(gdb_signal_trampoline_and_recursion),
		cmocka_unit_test(lldb_bt),
		cmocka_unit_test(macos_crash_report_threads),
		cmocka_unit_test(valgrind_reports),
		cmocka_unit_test(interleaved_processes),
		cmocka_unit_test(eustack_flags),
		cmocka_unit_test(faulthandler_threads),
		cmocka_unit_test(heap_checker_messages),
		cmocka_unit_test(assertion_locations),
		cmocka_unit_test(compiler_error_before_crash),
		cmocka_unit_test(gdb_wrapped_frames),
		cmocka_unit_test(glibc_backtrace_and_other_messages),
		cmocka_unit_test(interleaved_column_dumps),
		cmocka_unit_test(banner_without_frames_and_a_signal),
		cmocka_unit_test(valgrind_terminating_only),
		cmocka_unit_test(cut_last_frame_only_at_end_of_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
