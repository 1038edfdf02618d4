/* test_triage.c - rules, trampoline, crash point, signatures, git blame. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/stack.h"
#include "maxtriage/triage.h"

static void builtin_table(void **state)
{
	mt_rules *r = mt_rules_new();
	const char *why;

	(void)state;
	assert_int_equal(
	        mt_rules_match(r, "/opt/max/lib/libAsyncRTMojoBindings.so",
	                       NULL, NULL, &why),
	        MT_CAT_RUNTIME);
	assert_int_equal(mt_rules_match(r, "/lib/x86_64-linux-gnu/libc.so.6",
	                                NULL, NULL, NULL),
	                 MT_CAT_SYSTEM);
	assert_int_equal(mt_rules_match(r, NULL,
	                                "nn::softmax::softmax_kernel[x]()",
	                                NULL, NULL),
	                 MT_CAT_KERNEL);
	assert_int_equal(
	        mt_rules_match(
	                r, NULL,
	                "std::builtin::error::StackTrace::collect_if_enabled(::Int)",
	                NULL, NULL),
	        MT_CAT_HANDLER);
	assert_int_equal(mt_rules_match(r, NULL, "forward",
	                                "/home/u/proj/model.py", NULL),
	                 MT_CAT_MODEL);
	assert_int_equal(
	        mt_rules_match(
	                r, NULL, "load",
	                "/venv/lib/python3.12/site-packages/max/engine/api.py",
	                NULL),
	        MT_CAT_RUNTIME);
	assert_int_equal(
	        mt_rules_match(
	                r, NULL, "f",
	                "/venv/lib/python3.12/site-packages/numpy/core.py",
	                NULL),
	        MT_CAT_SYSTEM);
	assert_int_equal(mt_rules_match(r, "libunknown.so", NULL, NULL, &why),
	                 MT_CAT_UNKNOWN);
	assert_string_equal(why, "no rule matched");
	mt_rules_free(r);
}

static void user_rules_first_and_all_fields(void **state)
{
	mt_rules *r = mt_rules_new();
	mt_error err;
	const char *why;

	(void)state;
	assert_int_equal(
	        mt_rules_load_string(
	                r,
	                "{\"rules\": [{\"category\": \"kernel\", \"module\": \"*libmykernels*\"},"
	                " {\"category\": \"model\", \"module\": \"libc.so*\", \"function\": \"my_*\"},"
	                " {\"category\": \"runtime\", \"function\": \"M::AsyncRT::*\"},"
	                " {\"category\": \"model\", \"file\": \"*/models/*\"}]}",
	                "t.json", &err),
	        0);
	assert_int_equal(
	        mt_rules_match(r, "/x/libmykernels.so", NULL, NULL, &why),
	        MT_CAT_KERNEL);
	assert_string_equal(why, "user rule 1 in t.json");
	/* every given field must match: libc without my_* stays system */
	assert_int_equal(mt_rules_match(r, "libc.so.6", "memcpy", NULL, NULL),
	                 MT_CAT_SYSTEM);
	assert_int_equal(mt_rules_match(r, "libc.so.6", "my_hook", NULL, NULL),
	                 MT_CAT_MODEL);
	assert_int_equal(
	        mt_rules_match(r, NULL, NULL, "/src/models/llama.py", NULL),
	        MT_CAT_MODEL);
	mt_rules_free(r);
}

/* the fast paths (exact, prefix, suffix, substring) agree with fnmatch */
static void glob_shortcuts_match_fnmatch(void **state)
{
	mt_rules *r = mt_rules_new();
	mt_error err;

	(void)state;
	assert_int_equal(
	        mt_rules_load_string(
	                r,
	                "{\"rules\": ["
	                " {\"category\": \"kernel\", \"function\": \"exact_fn\"},"
	                " {\"category\": \"model\", \"function\": \"*_suffix\"},"
	                " {\"category\": \"runtime\", \"function\": \"lib?.so\"},"
	                " {\"category\": \"handler\", \"function\": \"[xy]z*\"},"
	                " {\"category\": \"kernel\", \"function\": \"*\"}]}",
	                "g", &err),
	        0);
	assert_int_equal(mt_rules_match(r, NULL, "exact_fn", NULL, NULL),
	                 MT_CAT_KERNEL);
	assert_int_equal(mt_rules_match(r, NULL, "a_suffix", NULL, NULL),
	                 MT_CAT_MODEL);
	assert_int_equal(mt_rules_match(r, NULL, "_suffix", NULL, NULL),
	                 MT_CAT_MODEL);
	assert_int_equal(mt_rules_match(r, NULL, "libz.so", NULL, NULL),
	                 MT_CAT_RUNTIME);
	assert_int_equal(mt_rules_match(r, NULL, "yz1", NULL, NULL),
	                 MT_CAT_HANDLER);
	/* "*" matches anything, the empty string too */
	assert_int_equal(mt_rules_match(r, NULL, "exact_fnx", NULL, NULL),
	                 MT_CAT_KERNEL);
	assert_int_equal(mt_rules_match(r, NULL, "", NULL, NULL),
	                 MT_CAT_KERNEL);
	mt_rules_free(r);
}

static void bad_rules_are_refused_whole(void **state)
{
	mt_rules *r = mt_rules_new();
	mt_error err;

	(void)state;
	assert_int_equal(
	        mt_rules_load_string(
	                r,
	                "{\"rules\": [{\"category\": \"kernel\", \"module\": \"a\"}, {\"category\": \"bogus\", \"module\": \"b\"}]}",
	                "x", &err),
	        MT_EFORMAT);
	assert_non_null(strstr(err.msg, "rule 2"));
	assert_int_equal(mt_rules_match(r, "a", NULL, NULL, NULL),
	                 MT_CAT_UNKNOWN);
	assert_int_equal(mt_rules_load_string(
	                         r, "{\"rules\": [{\"category\": \"kernel\"}]}",
	                         "x", &err),
	                 MT_EFORMAT);
	assert_int_equal(
	        mt_rules_load_string(
	                r,
	                "{\"rules\": [{\"category\": \"kernel\", \"modul\": \"a\"}]}",
	                "x", &err),
	        MT_EFORMAT);
	assert_non_null(strstr(err.msg, "unknown field"));
	assert_int_equal(mt_rules_load_string(r, "[1,", "x", &err), MT_EFORMAT);
	mt_rules_free(r);
}

static mt_report_set triage_text(const char *text, const mt_rules *rules)
{
	mt_report_set s;
	mt_resolve_opts ro = { .symbolizer = NULL, .no_disasm = 1 };
	mt_triage_opts to = { rules, NULL };
	size_t i;

	memset(&s, 0, sizeof(s));
	mt_stack_parse(&s, text, strlen(text));
	for (i = 0; i < s.n; i++) {
		mt_resolve_report(&s.reports[i], &ro);
		mt_triage_report(&s.reports[i], &to);
	}
	return s;
}

static void crash_point_skips_handler_and_system(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "#0 0x7fbcedbc60bb (libKGENCompilerRTShared.so+0x3c60bb)\n"
	        "#1 0x7fbcedbc3ce6 (libKGENCompilerRTShared.so+0x3c3ce6)\n"
	        "#2 0x7fbcedbc6cc7 (libKGENCompilerRTShared.so+0x3c6cc7)\n"
	        "#3 0x7fbcf0245330 (libc.so.6+0x45330)\n"
	        "#4 0x7fbcf0296a7c pthread_kill (libc.so.6+0x96a7c)\n"
	        "#5 0x7fbcf0241476 raise (libc.so.6+0x41476)\n"
	        "#6 0x7fbcedb00000 (/opt/lib/libmykernels.so+0x1234)\n",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(r->trampoline, 3);
	assert_int_equal(r->frames[0].category, MT_CAT_HANDLER);
	assert_int_equal(r->blame_frame, 6);
	assert_string_equal(r->signal, "SIGABRT");
	assert_string_equal(r->signature, "SIGABRT | libmykernels.so+0x1234");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

static void gdb_handler_frame_is_not_the_crash_point(void **state)
{
	mt_rules *rules = mt_rules_new();
	/* gdb stopped inside a SIGSEGV handler: frames 0 and 1 are the
	 * handler, frame 2 is the trampoline as gdb prints it, frame 3 the
	 * faulting code (its pc, not a return address). */
	mt_report_set s = triage_text(
	        "Program received signal SIGSEGV, Segmentation fault.\n"
	        "#0  log_it (sig=11) at handler.c:4\n"
	        "#1  0x0000555555555189 in on_segv (sig=11) at handler.c:9\n"
	        "#2  <signal handler called>\n"
	        "#3  0x00005555555551b0 in parse_row (p=0x0) at rows.c:21\n"
	        "#4  0x00005555555551f0 in main () at rows.c:40\n",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(mt_triage_find_trampoline(r), 2);
	assert_int_equal(r->trampoline, 2);
	assert_int_equal(r->frames[0].category, MT_CAT_HANDLER);
	assert_int_equal(r->frames[1].category, MT_CAT_HANDLER);
	assert_int_equal(r->blame_frame, 3);
	assert_string_equal(r->signature, "crash | parse_row | main");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* One strlen(NULL) crash as gdb, valgrind and eu-stack on its core print
 * it (testdata/real/own_*_strlen_null.txt, cut down): valgrind's strlen
 * lives in its preload library, eu-stack names no signal; one signature. */
static void one_crash_signs_alike_across_tools(void **state)
{
	mt_rules *rules = mt_rules_new();
	static const char *const dumps[] = {
		"Program received signal SIGSEGV, Segmentation fault.\n"
		"#0  __strlen_avx2 () at ../sysdeps/x86_64/multiarch/"
		"strlen-avx2.S:76\n"
		"#1  0x0000555555555161 in name_length (name=0x0) at "
		"/src/strlen_null.c:7\n"
		"#2  0x0000555555555197 in main (argc=1, argv=0x7ffe) at "
		"/src/strlen_null.c:13\n",
		"==25438== Process terminating with default action of signal "
		"11 (SIGSEGV)\n"
		"==25438==  Access not within mapped region at address 0x0\n"
		"==25438==    at 0x4847782: strlen (in /usr/libexec/valgrind/"
		"vgpreload_memcheck-amd64-linux.so)\n"
		"==25438==    by 0x109160: name_length (strlen_null.c:7)\n"
		"==25438==    by 0x109196: main (strlen_null.c:13)\n",
		"PID 26861 - core\n"
		"TID 26861:\n"
		"#0  0x00007ffff7f29219 __strlen_avx2 - libc.so.6\n"
		"    ../sysdeps/x86_64/multiarch/strlen-avx2.S:76\n"
		"#1  0x0000555555555161 name_length - strlen_null\n"
		"    /src/strlen_null.c:7:9\n"
		"#2  0x0000555555555197 main - strlen_null\n"
		"    /src/strlen_null.c:13:2\n",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++) {
		mt_report_set s = triage_text(dumps[i], rules);

		assert_int_equal(s.n, 1);
		assert_int_equal(s.reports[0].frames[0].category,
		                 MT_CAT_SYSTEM);
		assert_string_equal(s.reports[0].signature,
		                    "crash | name_length | main");
		/* the report still says what the dump said */
		assert_string_equal(s.reports[0].kind,
		                    i == 2 ? "unknown" : "SIGSEGV");
		mt_report_set_release(&s);
	}
	mt_rules_free(rules);
}

/* LLVM's fatal error path in the frames, its message not printed (a
 * debugger's stack): the kind is the same as from "LLVM ERROR:". */
static void fatal_error_from_the_frames(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "Program received signal SIGABRT, Aborted.\n"
	        "#0  0x00007ffff7a9ae2c in __pthread_kill_implementation () "
	        "from /lib/x86_64-linux-gnu/libc.so.6\n"
	        "#1  0x00007ffff7a49fb2 in raise () from "
	        "/lib/x86_64-linux-gnu/libc.so.6\n"
	        "#2  0x00007ffff7a34472 in abort () from "
	        "/lib/x86_64-linux-gnu/libc.so.6\n"
	        "#3  0x0000555555a1b2c4 in llvm::report_fatal_error("
	        "llvm::Twine const&, bool) ()\n"
	        "#4  0x0000555555a00010 in mlir::detail::verify(mlir::"
	        "Operation*) ()\n",
	        rules);

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(s.reports[0].kind, "fatal_error");
	assert_string_equal(s.reports[0].signal, "SIGABRT");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

static void signature_ignores_form_and_aslr(void **state)
{
	mt_rules *rules = mt_rules_new();
	/* the same crash printed twice: different load addresses, one
	 * symbolized by the producer, one with names from the dynsym */
	mt_report_set a = triage_text(
	        "#0 0x1000 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) Signals.cpp:0:0\n"
	        "#1 0x1001 llvm::sys::RunSignalHandlers() Signals.cpp:0:0\n"
	        "#2 0x1002 SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0\n"
	        "#3 0x7f0000045330 (/lib/x86_64-linux-gnu/libc.so.6+0x45330)\n"
	        "#4 0x5555000011 mt::kern::fault(int*) kern.cpp:12:5\n"
	        "#5 0x5555000022 mt::model::run(int) model.cpp:30:3\n",
	        rules);
	mt_report_set b = triage_text(
	        "#0 0x2000 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/usr/lib/libLLVM.so.19+0x10)\n"
	        "#1 0x2001 llvm::sys::RunSignalHandlers() (/usr/lib/libLLVM.so.19+0x20)\n"
	        "#2 0x2002 SignalHandler(int, siginfo_t*, void*) (/usr/lib/libLLVM.so.19+0x30)\n"
	        "#3 0x7f1100045330 (/lib/x86_64-linux-gnu/libc.so.6+0x45330)\n"
	        "#4 0x6666000011 mt::kern::fault(int*) (/x/libk.so+0x11)\n"
	        "#5 0x6666000022 mt::model::run(int) (/x/libmodel.so+0x22)\n",
	        rules);
	mt_report_set c = triage_text(
	        "#0 0x2000 (/usr/lib/libLLVM.so.19+0x10)\n"
	        "#1 0x2001 (/usr/lib/libLLVM.so.19+0x20)\n"
	        "#2 0x2002 (/usr/lib/libLLVM.so.19+0x30)\n"
	        "#3 0x7f1100045330 (/lib/x86_64-linux-gnu/libc.so.6+0x45330)\n"
	        "#4 0x6666000011 mt::kern::other(int*) (/x/libk.so+0x99)\n"
	        "#5 0x6666000022 mt::model::run(int) (/x/libmodel.so+0x22)\n",
	        rules);

	(void)state;
	assert_string_equal(a.reports[0].signature,
	                    "crash | mt::kern::fault | mt::model::run");
	assert_string_equal(a.reports[0].fingerprint, b.reports[0].fingerprint);
	assert_string_not_equal(a.reports[0].fingerprint,
	                        c.reports[0].fingerprint);
	mt_report_set_release(&a);
	mt_report_set_release(&b);
	mt_report_set_release(&c);
	mt_rules_free(rules);
}

static void frameless_errors_are_classified(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "Unhandled exception caught during execution: At /home/u/p.mojo:5:3: boom 42\n"
	        "\n"
	        "Unhandled exception caught during execution: At open-source/max/mojo/stdlib/stdlib/gpu/host/device_context.mojo:2082:17: CUDA call failed: CUDA_ERROR_INVALID_IMAGE (x)\n",
	        rules);

	(void)state;
	assert_int_equal(s.n, 2);
	assert_int_equal(s.reports[0].category, MT_CAT_MODEL);
	/* numbers are dropped from message signatures */
	assert_string_equal(s.reports[0].signature, "mojo_error | boom N");
	assert_string_equal(s.reports[1].kind, "cuda_error");
	assert_int_equal(s.reports[1].category, MT_CAT_KERNEL);
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

static int has_step(const mt_report *r, const char *needle)
{
	size_t i;

	for (i = 0; i < r->nnext_steps; i++)
		if (strstr(r->next_steps[i], needle))
			return 1;
	return 0;
}

static void next_steps_follow_what_is_missing(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "stack trace was not collected. Enable stack trace collection with environment variable `MODULAR_DEBUG=stack-trace-on-error`\n"
	        "Unhandled exception caught during execution: At x.mojo:1:1: CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS (boom)\n"
	        "\n"
	        "Traceback (most recent call last):\n"
	        "  File \"/w/model.py\", line 3, in <module>\n"
	        "RuntimeError: bad\n"
	        "\n"
	        "An error occurred in kernel entry point named \"g\":\n"
	        "Source Traceback:\n"
	        "\n"
	        "#0 0x1 (libc.so.6+0x1)\n"
	        "#1 0x2 (/opt/libmystery.so+0x2)\n",
	        rules);
	size_t i;

	(void)state;
	assert_int_equal(s.n, 3);
	for (i = 0; i < s.n; i++)
		mt_triage_next_steps(&s.reports[i], NULL);
	assert_true(has_step(&s.reports[0], "stack-trace-on-error"));
	assert_true(has_step(&s.reports[0], "device-sync-mode"));
	assert_true(has_step(&s.reports[1], "below Python"));
	assert_false(has_step(&s.reports[1], "device-sync-mode"));
	assert_true(has_step(&s.reports[2], "source-tracebacks"));
	assert_true(has_step(&s.reports[2], "ir-output-dir"));
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* Issue 10: pip, uv and conda put MAX under .../lib/python3.X/
 * site-packages/modular/lib/; its libraries are runtime, not "Python
 * interpreter" (the built-in python3 directory rule used to win). */
static void pip_layout_is_runtime(void **state)
{
	mt_rules *r = mt_rules_new();
	mt_error err;
	const char *why;

	(void)state;
	assert_int_equal(
	        mt_rules_match(
	                r,
	                "/home/u/.venv/lib/python3.12/site-packages/modular/lib/libAsyncRTRuntimeGlobals.so",
	                NULL, NULL, &why),
	        MT_CAT_RUNTIME);
	assert_string_equal(why, "MAX async runtime");
	assert_int_equal(
	        mt_rules_match(
	                r,
	                "/home/u/.venv/lib/python3.12/site-packages/modular/bin/mojo",
	                NULL, NULL, &why),
	        MT_CAT_RUNTIME);
	assert_string_equal(why, "Mojo driver");
	/* the interpreter itself is still the interpreter */
	assert_int_equal(
	        mt_rules_match(r, "/usr/bin/python3.12", NULL, NULL, &why),
	        MT_CAT_SYSTEM);
	/* a module pattern without '/' looks at the basename only; with '/'
	 * at the whole path */
	assert_int_equal(
	        mt_rules_load_string(
	                r,
	                "{\"rules\": [{\"category\": \"model\", \"module\": \"*python3*\"},"
	                " {\"category\": \"kernel\", \"module\": \"*/opt/vendor/*\"}]}",
	                "p.json", &err),
	        0);
	assert_int_equal(
	        mt_rules_match(
	                r,
	                "/venv/lib/python3.12/site-packages/modular/lib/libKGENCompilerRTShared.so",
	                NULL, NULL, &why),
	        MT_CAT_RUNTIME);
	assert_int_equal(
	        mt_rules_match(r, "/usr/bin/python3", NULL, NULL, &why),
	        MT_CAT_MODEL);
	assert_string_equal(why, "user rule 1 in p.json");
	assert_int_equal(
	        mt_rules_match(r, "/opt/vendor/lib/libv.so", NULL, NULL, &why),
	        MT_CAT_KERNEL);
	mt_rules_free(r);
}

/* The real dump of modular/modular#4925 (samples/stacks/18), as pip
 * lays MAX out: the runtime frame is the crash point. */
static void pip_layout_dump(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH or set the environment var `LLVM_SYMBOLIZER_PATH` to point to it):\n"
	        "0  mojo                      0x0000621409d5a95b\n"
	        "1  mojo                      0x0000621409d5872b\n"
	        "2  mojo                      0x0000621409d5b00a\n"
	        "3  libc.so.6                 0x00007bba78042520\n"
	        "4  libc.so.6                 0x00007bba780969fc pthread_kill + 300\n"
	        "5  libc.so.6                 0x00007bba78042476 raise + 22\n"
	        "6  /venv/lib/python3.12/site-packages/modular/lib/libAsyncRTMojoBindings.so 0x00007bba7a3b4142\n",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(r->trampoline, 3);
	assert_int_equal(r->blame_frame, 6);
	assert_int_equal(r->category, MT_CAT_RUNTIME);
	assert_string_equal(r->frames[6].rule, "MAX async runtime");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* A static helper inlined into a linalg:: kernel (LLVM prints the inline
 * chain as lines with one address): kernel, by the function it is
 * inlined into. */
static void inlined_helper_takes_its_callers_category(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        " #0 0x00005e4cb2964e8b llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) Signals.cpp:0:0\n"
	        " #1 0x00005e4cb2962c29 llvm::sys::RunSignalHandlers() Signals.cpp:0:0\n"
	        " #2 0x00005e4cb29654fa SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0\n"
	        " #3 0x00007bf25d045330 (/lib/x86_64-linux-gnu/libc.so.6+0x45330)\n"
	        " #4 0x00007bf1a0012f10 clamp_tile(long, long) tiles.cpp:41:12\n"
	        " #5 0x00007bf1a0012f10 linalg::matmul::run(float*, float const*, float const*, long) matmul.cpp:88:5\n"
	        " #6 0x00007bf1a0013a2c mt::model::forward(int) model.cpp:30:3\n",
	        rules);
	mt_report *r = &s.reports[0];
	const mt_frame *f;

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(r->blame_frame, 4);
	f = &r->frames[4];
	assert_true(f->inlined);
	assert_int_equal(f->category, MT_CAT_KERNEL);
	assert_string_equal(f->rule,
	                    "inlined into linalg::matmul::run: kernel");
	assert_int_equal(r->category, MT_CAT_KERNEL);
	/* a frame with no rule and nothing to inherit stays unknown */
	assert_int_equal(r->frames[6].category, MT_CAT_UNKNOWN);
	assert_string_equal(r->frames[6].rule, "no rule matched");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* An extern "C" entry point of a kernel library: kernel, by the other
 * frames of its module. */
static void entry_point_takes_its_modules_category(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_error err;
	mt_report_set s = triage_text(
	        "#0 0x7fbcedbc60bb (libKGENCompilerRTShared.so+0x3c60bb)\n"
	        "#1 0x7fbcedbc3ce6 (libKGENCompilerRTShared.so+0x3c3ce6)\n"
	        "#2 0x7fbcedbc6cc7 (libKGENCompilerRTShared.so+0x3c6cc7)\n"
	        "#3 0x7fbcf0245330 (libc.so.6+0x45330)\n"
	        "#4 0x7fbce0011234 mgp_matmul_entry (/opt/max/lib/libmykernels.so+0x11234)\n"
	        "#5 0x7fbce0020010 linalg::matmul::dispatch() (/opt/max/lib/libmykernels.so+0x20010)\n"
	        "#6 0x7fbce0020990 linalg::matmul::launch() (/opt/max/lib/libmykernels.so+0x20990)\n"
	        "#7 0x7fbcedb00000 M::AsyncRT::Worker::run() (libAsyncRTRuntimeGlobals.so+0x5000)\n",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(r->blame_frame, 4);
	assert_int_equal(r->frames[4].category, MT_CAT_KERNEL);
	assert_string_equal(r->frames[4].rule,
	                    "other frames of libmykernels.so: kernel");
	assert_int_equal(r->category, MT_CAT_KERNEL);
	mt_report_set_release(&s);

	/* a user rule that says "unknown" is the user's answer: kept */
	assert_int_equal(
	        mt_rules_load_string(
	                rules,
	                "{\"rules\": [{\"category\": \"unknown\", \"function\": \"mgp_*\"}]}",
	                "u.json", &err),
	        0);
	s = triage_text(
	        "#0 0x7fbcf0245330 (libc.so.6+0x45330)\n"
	        "#1 0x7fbce0011234 mgp_matmul_entry (/opt/max/lib/libmykernels.so+0x11234)\n"
	        "#2 0x7fbce0020010 linalg::matmul::dispatch() (/opt/max/lib/libmykernels.so+0x20010)\n",
	        rules);
	assert_int_equal(s.reports[0].frames[1].category, MT_CAT_UNKNOWN);
	assert_string_equal(s.reports[0].frames[1].rule,
	                    "user rule 1 in u.json");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/*
 * Issue 10: a producer-symbolized frame with a file and line but no
 * function, followed by M::AsyncRT:: frames of the same file, is runtime;
 * and it signs like the same crash printed as module+offset and resolved
 * against the binaries (the resolver gives the same file and no function,
 * and the line of address-1 instead of the return address).
 */
static void file_only_frame_and_both_forms_agree(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_triage_opts to = { rules, NULL };
	mt_report_set a = triage_text(
	        " #0 0x00005e4cb2964e8b llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) Signals.cpp:0:0\n"
	        " #1 0x00005e4cb2962c29 llvm::sys::RunSignalHandlers() Signals.cpp:0:0\n"
	        " #2 0x00005e4cb29654fa SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0\n"
	        " #3 0x00007bf25d045330 (/lib/x86_64-linux-gnu/libc.so.6+0x45330)\n"
	        " #4 0x00007bf2611a2b40 /build/AsyncRT/Runtime.cpp:412:0\n"
	        " #5 0x00007bf2611a4c11 M::AsyncRT::Worker::runTask(M::AsyncRT::Task&) /build/AsyncRT/Runtime.cpp:530:0\n"
	        " #6 0x00007bf2611a5d02 M::AsyncRT::Worker::loop() /build/AsyncRT/Runtime.cpp:601:0\n",
	        rules);
	mt_report_set b;
	mt_report *rb;
	const mt_frame *f;
	static const char *const fns[] = {
		NULL, "M::AsyncRT::Worker::runTask(M::AsyncRT::Task&)",
		"M::AsyncRT::Worker::loop()"
	};
	static const unsigned lines[] = { 411, 529, 600 };
	size_t i;

	(void)state;
	f = &a.reports[0].frames[4];
	assert_null(f->function);
	assert_int_equal(f->category, MT_CAT_RUNTIME);
	assert_string_equal(f->rule, "other frames of Runtime.cpp: runtime");
	assert_int_equal(a.reports[0].blame_frame, 4);
	assert_string_equal(a.reports[0].signature,
	                    "crash | Runtime.cpp | M::AsyncRT::Worker::runTask"
	                    " | M::AsyncRT::Worker::loop");

	memset(&b, 0, sizeof(b));
	{
		static const char text[] =
		        " #0 0x00005e4cb2964e8b (/opt/modular/bin/mojo+0x1c32f57)\n"
		        " #1 0x00005e4cb2962c29 (/opt/modular/bin/mojo+0x1c30b2e)\n"
		        " #2 0x00005e4cb29654fa (/opt/modular/bin/mojo+0x1c335ef)\n"
		        " #3 0x00007bf25d045330 (/lib/x86_64-linux-gnu/libc.so.6+0x45330)\n"
		        " #4 0x00007bf2611a2b40 (/opt/modular/lib/libAsyncRTRuntimeGlobals.so+0x1a2b40)\n"
		        " #5 0x00007bf2611a4c11 (/opt/modular/lib/libAsyncRTRuntimeGlobals.so+0x1a4c11)\n"
		        " #6 0x00007bf2611a5d02 (/opt/modular/lib/libAsyncRTRuntimeGlobals.so+0x1a5d02)\n";

		mt_stack_parse(&b, text, strlen(text));
	}
	rb = &b.reports[0];
	assert_int_equal(rb->nframes, 7);
	/* what resolve.c gives with the binaries at hand */
	rb->trampoline = 3;
	rb->resolved = 1;
	for (i = 0; i < 3; i++) {
		mt_frame *g = &rb->frames[4 + i];

		g->function = fns[i] ? strdup(fns[i]) : NULL;
		g->file = strdup("/build/AsyncRT/Runtime.cpp");
		g->line = lines[i];
		g->status = MT_STATUS_SYMBOLIZED;
		g->lookup = i ? MT_LOOKUP_CALL_SITE : MT_LOOKUP_PC;
	}
	mt_triage_report(rb, &to);
	assert_int_equal(rb->frames[4].category, MT_CAT_RUNTIME);
	assert_string_equal(rb->signature, a.reports[0].signature);
	assert_string_equal(rb->fingerprint, a.reports[0].fingerprint);
	mt_report_set_release(&a);
	mt_report_set_release(&b);
	mt_rules_free(rules);
}

/* samples/stacks/23 (modular/modular#1709): the dump stops at the
 * trampoline, the frame after it cut off: the crash point is not in the
 * dump, and "system" would read as a libc bug. */
static void dump_without_crash_point_is_unknown(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "Assert Error: end must be greater than or equal to start when step is 1\n"
	        "\n"
	        "Please submit a bug report to https://github.com/modularml/mojo/issues and include the crash backtrace along with all the relevant source codes.\n"
	        "Stack dump:\n"
	        "0.      Program arguments: mojo run -I . -D MOJO_ENABLE_ASSERTIONS my_pkg/hello.mojo\n"
	        "Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH or set the environment var `LLVM_SYMBOLIZER_PATH` to point to it):\n"
	        "0  mojo                     0x0000000104b72664 llvm_strlcpy + 52684\n"
	        "1  mojo                     0x0000000104b707c4 llvm_strlcpy + 44844\n"
	        "2  mojo                     0x0000000104b72d04 llvm_strlcpy + 54380\n"
	        "3  libsystem_platform.dylib 0x000000018583da24 _sigtramp + 56\n"
	        "4  libsystem_platform.dy",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(r->blame_frame, -1);
	assert_int_equal(r->category, MT_CAT_UNKNOWN);
	assert_string_equal(
	        r->reason,
	        "the dump does not hold the crash point: it ends at the signal trampoline");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* testdata/real/modular_modular_3821 (modular/modular#3821): the dump
 * is cut after two unnamed frames of the handler's module; LLVM's
 * handler prints itself first, so the crash point is not in it. The
 * allocator's complaint makes it heap corruption. */
static void dump_cut_inside_the_handler(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "src/tcmalloc.cc:302] Attempt to free invalid pointer 0x562e4c640da0\n"
	        "[1745:1745:20241128,130138.955691:ERROR elf_dynamic_array_reader.h:64] tag not found\n"
	        "Please submit a bug report to https://github.com/modularml/mojo/issues and include the crash backtrace along with all the relevant source codes.\n"
	        "Stack dump:\n"
	        "0.      Program arguments: mojo hello.mojo\n"
	        "Stack dump without symbol names (ensure you have llvm-symbolizer in your PATH or set the environment var `LLVM_SYMBOLIZER_PATH` to point to it):\n"
	        "0  mojo                        0x0000562e4ad2947b\n"
	        "1  mojo                        0x0000562e4ad273d9\n",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(s.n, 1);
	assert_int_equal(r->nframes, 2);
	assert_int_equal(r->frames[0].category, MT_CAT_HANDLER);
	assert_int_equal(r->frames[1].category, MT_CAT_HANDLER);
	assert_int_equal(r->blame_frame, -1);
	assert_int_equal(r->category, MT_CAT_UNKNOWN);
	assert_string_equal(
	        r->reason,
	        "the dump does not hold the crash point: it stops inside the crash handler");
	assert_string_equal(r->kind, "heap_corruption");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* samples/stacks/09 (modular/modular#5005): frames from #12 on and the
 * "mojo crashed!" trailer: a crash, though no trampoline is printed. */
static void mojo_crashed_trailer_is_a_crash(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "#12 0x0000564d46e79b03 M::KGEN::KGENCompiler::runKGENPipeline(mlir::ModuleOp, M::TargetInfoAttr) KGENCompiler.cpp:0:0\n"
	        "#14 0x0000564d46cab9ca run(M::State const&) mojo-run.cpp:0:0\n"
	        "#15 0x0000564d46cb6663 main mojo.cpp:0:0\n"
	        "mojo crashed!\n"
	        "Please file a bug report.\n",
	        rules);

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(s.reports[0].kind, "crash");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* samples/stacks/06 (modular/modular#2401), its frames up to the
 * trampoline: the dump does not hold the crash point, but the assertion
 * names llvm::ArrayRef<mlir::Type>::drop_front in LLVM's ArrayRef.h. */
static void assertion_names_the_failing_code(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "mojo: /__w/modular/modular/third-party/llvm-project/llvm/include/llvm/ADT/ArrayRef.h:205: ArrayRef<T> llvm::ArrayRef<mlir::Type>::drop_front(size_t) const [T = mlir::Type]: Assertion `size() >= N && \"Dropping more elements than exist\"' failed.\n"
	        "Please submit a bug report to https://github.com/modularml/mojo/issues and include the crash backtrace along with all the relevant source codes.\n"
	        "Stack dump:\n"
	        "0.      Program arguments: mojo build test.mojo\n"
	        " #0 0x0000557eb9f73f57 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x1c32f57)\n"
	        " #1 0x0000557eb9f71b2e llvm::sys::RunSignalHandlers() (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x1c30b2e)\n"
	        " #2 0x0000557eb9f745ef SignalHandler(int) (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x1c335ef)\n"
	        " #3 0x00007f5a8f62e520 (/lib/x86_64-linux-gnu/libc.so.6+0x42520)\n",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(s.n, 1);
	assert_string_equal(r->kind, "assertion");
	assert_int_equal(r->blame_frame, -1);
	assert_int_equal(r->category, MT_CAT_RUNTIME);
	assert_string_equal(
	        r->reason,
	        "the dump does not hold the crash point: it ends at the signal trampoline;"
	        " the assertion names llvm::ArrayRef<mlir::Type>::drop_front in ArrayRef.h: runtime (LLVM)");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* A frameless macOS assertion (issue 10's shape) naming an MLIR source
 * file: classified by it, and the reason says so. */
static void macos_assertion_names_mlir(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_triage_opts to = { rules, NULL };
	mt_report r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.trampoline = -1;
	r.resolved = 1;
	r.kind = strdup("assertion");
	r.message = strdup(
	        "Assertion failed: (!use_empty() && \"no uses\"), function getSingleUse, file /Users/ci/work/llvm-project/mlir/include/mlir/IR/Value.h, line 214.");
	mt_triage_report(&r, &to);
	assert_int_equal(r.category, MT_CAT_RUNTIME);
	assert_string_equal(
	        r.reason,
	        "the assertion names getSingleUse in Value.h: runtime (LLVM/MLIR source)");
	mt_report_release(&r);
	mt_rules_free(rules);
}

/* samples/stacks/08 (modular/modular#1850 excerpt): frame #5 is cut off
 * mid-module; it is neither the crash point nor part of the signature. */
static void cut_off_line_is_not_signed(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "  #0 0x000055725d003e47 (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x62ae47)\n"
	        "  #1 0x000055725d001a1e (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x628a1e)\n"
	        "  #2 0x000055725d00451f (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x62b51f)\n"
	        "  #3 0x00007f960e7b8520 (/lib/x86_64-linux-gnu/libc.so.6+0x42520)\n"
	        "  #4 0x000055725ed0ec36 (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0x2335c36)\n"
	        "  #5 0x000055725ed0eb9f (/home/jwzeng/.modular/pkg/packages.modular.com_mojo/bin/mojo+0",
	        rules);
	mt_report *r = &s.reports[0];

	(void)state;
	assert_int_equal(r->nframes, 6);
	assert_true(r->frames[5].truncated);
	assert_int_equal(r->blame_frame, 4);
	assert_string_equal(r->signature, "crash | mojo+0x2335c36");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* One line printed twice is one frame of the signature. The parser
 * starts a new report when a number repeats, so the copy is added the way
 * a frame without a number (gdb inline frames, faulthandler) arrives. */
static void repeated_line_is_signed_once(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_triage_opts to = { rules, NULL };
	mt_report_set s;
	mt_frame copy;
	static const char text[] =
	        "#0 0x7fbcf0245330 (libc.so.6+0x45330)\n"
	        "#1 0x6666000011 mt::kern::fault(int*) (/x/libk.so+0x11)\n"
	        "#2 0x6666000022 mt::model::run(int) (/x/libmodel.so+0x22)\n";

	(void)state;
	memset(&s, 0, sizeof(s));
	mt_stack_parse(&s, text, strlen(text));
	assert_int_equal(s.n, 1);
	assert_int_equal(
	        mt_stack_parse_frame_line(
	                &copy,
	                "#1 0x6666000011 mt::kern::fault(int*) (/x/libk.so+0x11)"),
	        1);
	copy.line_no = 3;
	s.reports[0].frames[2].line_no = 4;
	mt_report_insert_frame(&s.reports[0], 2, &copy);
	assert_int_equal(s.reports[0].nframes, 4);
	mt_triage_report(&s.reports[0], &to);
	assert_int_equal(s.reports[0].blame_frame, 1);
	/* no crash handler, so no trampoline and no signal: kind unknown;
	 * it signs in the crash family all the same (a debugger's stack of
	 * a core names no signal either) */
	assert_string_equal(s.reports[0].kind, "unknown");
	assert_string_equal(s.reports[0].signature,
	                    "crash | mt::kern::fault | mt::model::run");
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* An MLIR parser recursion as LLVM prints it (three functions calling
 * each other), from the trampoline on, starting at cycle position skip,
 * n frames long, loaded at base; symbolized in process (names and files,
 * no module) or as module+offset. */
static char *
overflow_dump(size_t skip, size_t n, unsigned long base, int symbolized)
{
	static const char *const cycle[] = {
		"mlir::detail::Parser::parseType()",
		"mlir::detail::Parser::parseTupleType()",
		"mlir::detail::Parser::parseTypeListNoParens(llvm::SmallVectorImpl<mlir::Type>&)",
	};
	static const unsigned long offs[] = { 0x1a2b3c, 0x1a4d10, 0x1a5e88 };
	size_t cap = 256 + n * 200, len = 0, i;
	char *t = malloc(cap);

	len += (size_t)snprintf(
	        t + len, cap - len,
	        " #0 0x000055d1 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) (/opt/bin/mojo+0x62ae47)\n"
	        " #1 0x000055d2 SignalHandler(int) (/opt/bin/mojo+0x62b51f)\n"
	        " #2 0x00007f96 (/lib/x86_64-linux-gnu/libc.so.6+0x42520)\n");
	for (i = 0; i < n; i++) {
		size_t k = (skip + i) % 3;

		if (symbolized)
			len += (size_t)snprintf(
			        t + len, cap - len,
			        " #%zu 0x%lx %s Parser.cpp:0:0\n", i + 3,
			        base + offs[k], cycle[k]);
		else
			len += (size_t)snprintf(
			        t + len, cap - len,
			        " #%zu 0x%lx (/opt/bin/mojo+0x%lx)\n", i + 3,
			        base + offs[k], offs[k]);
	}
	snprintf(t + len, cap - len, "Segmentation fault (core dumped)\n");
	return t;
}

static void recursion_is_a_stack_overflow(void **state)
{
	mt_rules *rules = mt_rules_new();
	char *t1 = overflow_dump(0, 253, 0x55d100000000ul, 0);
	char *t2 = overflow_dump(2, 190, 0x7f3200000000ul, 0);
	char *t3 = overflow_dump(1, 200, 0x561000000000ul, 1);
	char *t4 = overflow_dump(1, 12, 0x55d100000000ul, 0);
	mt_report_set a = triage_text(t1, rules), b = triage_text(t2, rules);
	mt_report_set c = triage_text(t3, rules), d = triage_text(t4, rules);

	(void)state;
	assert_string_equal(a.reports[0].signal, "SIGSEGV");
	assert_string_equal(a.reports[0].kind, "stack_overflow");
	assert_string_equal(b.reports[0].kind, "stack_overflow");
	assert_string_equal(c.reports[0].kind, "stack_overflow");
	/* the page offsets of the cycle's addresses (offs & 0xfff), from the
	 * rotation that sorts first */
	assert_string_equal(
	        a.reports[0].signature,
	        "stack_overflow | cycle at page offsets 0xb3c 0xd10 0xe88");
	/* another run (other load address, another overflow point, fewer
	 * frames) and the in-process symbolized form: one fingerprint */
	assert_string_equal(a.reports[0].fingerprint, b.reports[0].fingerprint);
	assert_string_equal(a.reports[0].fingerprint, c.reports[0].fingerprint);
	/* twelve frames of recursion are not an overflow */
	assert_string_equal(d.reports[0].kind, "SIGSEGV");
	{
		/* ... unless the dump says the crash point's stack is gone:
		 * gdb's `bt 6` of a deep recursion (own_gdb_bt_recursion_top)
		 */
		static const char top[] =
		        "Program received signal SIGSEGV, Segmentation fault.\n"
		        "#0  0x0000555555555144 in descend (depth=<error reading "
		        "variable: Cannot access memory at address "
		        "0x7fffff7fef6c>) at recurse.c:5\n"
		        "#1  0x0000555555555195 in descend (depth=29117) at "
		        "recurse.c:9\n"
		        "#2  0x0000555555555195 in descend (depth=29116) at "
		        "recurse.c:9\n"
		        "#3  0x0000555555555195 in descend (depth=29115) at "
		        "recurse.c:9\n"
		        "#4  0x0000555555555195 in descend (depth=29114) at "
		        "recurse.c:9\n"
		        "#5  0x0000555555555195 in descend (depth=29113) at "
		        "recurse.c:9\n";
		/* the same window, stack readable: a crash in a recursion */
		static const char readable[] =
		        "Program received signal SIGSEGV, Segmentation fault.\n"
		        "#0  0x0000555555555144 in descend (depth=29118) at "
		        "recurse.c:5\n"
		        "#1  0x0000555555555195 in descend (depth=29117) at "
		        "recurse.c:9\n"
		        "#2  0x0000555555555195 in descend (depth=29116) at "
		        "recurse.c:9\n"
		        "#3  0x0000555555555195 in descend (depth=29115) at "
		        "recurse.c:9\n"
		        "#4  0x0000555555555195 in descend (depth=29114) at "
		        "recurse.c:9\n"
		        "#5  0x0000555555555195 in descend (depth=29113) at "
		        "recurse.c:9\n";
		mt_report_set e = triage_text(top, rules);
		mt_report_set g = triage_text(readable, rules);

		assert_true(e.reports[0].frames[0].stack_unreadable);
		assert_string_equal(e.reports[0].kind, "stack_overflow");
		assert_string_equal(e.reports[0].signature,
		                    "stack_overflow | cycle at page offsets "
		                    "0x195");
		assert_string_equal(g.reports[0].kind, "SIGSEGV");
		mt_report_set_release(&e);
		mt_report_set_release(&g);
	}
	mt_report_set_release(&a);
	mt_report_set_release(&b);
	mt_report_set_release(&c);
	mt_report_set_release(&d);
	free(t1);
	free(t2);
	free(t3);
	free(t4);
	mt_rules_free(rules);
}

/* glibc aborting in malloc_printerr (a double free, symbolized with
 * glibc's sources as in samples/stacks/09), and a heap checker's
 * message (issue 10's examples) as the parser reports it. */
static void heap_checkers_are_heap_corruption(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_triage_opts to = { rules, NULL };
	mt_report_set s = triage_text(
	        "#0 0x00007f83ea4a0a7c __pthread_kill_implementation ./nptl/pthread_kill.c:44:76\n"
	        "#1 0x00007f83ea44c476 raise ../sysdeps/posix/raise.c:26:13\n"
	        "#2 0x00007f83ea4327f3 abort ./stdlib/abort.c:81:7\n"
	        "#3 0x00007f83ea493676 __libc_message ../sysdeps/posix/libc_fatal.c:155:5\n"
	        "#4 0x00007f83ea4aacfc malloc_printerr ./malloc/malloc.c:5664:3\n"
	        "#5 0x00007f83ea4ac44c _int_free ./malloc/malloc.c:4591:9\n"
	        "#6 0x00007f83ea4aed9e free ./malloc/malloc.c:3391:3\n"
	        "#7 0x0000564d46e79b03 mt::model::release(float*) model.cpp:30:3\n",
	        rules);
	mt_report r;

	(void)state;
	assert_string_equal(s.reports[0].kind, "heap_corruption");
	assert_string_equal(s.reports[0].signal, "SIGABRT");
	assert_int_equal(s.reports[0].blame_frame, 7);
	assert_string_equal(s.reports[0].signature,
	                    "heap_corruption | mt::model::release");

	memset(&r, 0, sizeof(r));
	r.trampoline = -1;
	r.resolved = 1;
	r.message = strdup("free(): invalid next size (fast)");
	mt_triage_report(&r, &to);
	assert_string_equal(r.kind, "heap_corruption");
	assert_string_equal(
	        r.signature,
	        "heap_corruption | free(): invalid next size (fast)");
	mt_report_release(&r);

	memset(&r, 0, sizeof(r));
	r.trampoline = -1;
	r.resolved = 1;
	r.message = strdup(
	        "src/tcmalloc.cc:333] Attempt to free invalid pointer 0x55d0c1a3b2c0");
	mt_triage_report(&r, &to);
	assert_string_equal(r.kind, "heap_corruption");
	assert_string_equal(
	        r.signature,
	        "heap_corruption | <path>] Attempt to free invalid pointer N");
	mt_report_release(&r);
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* Frameless reports sign with kind + message, numbers and paths out. */
static void frameless_messages_drop_paths(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_report_set s = triage_text(
	        "Unhandled exception caught during execution: cannot open /home/ada/models/llama/weights-00001.safetensors: No such file\n"
	        "\n"
	        "Unhandled exception caught during execution: cannot open /srv/ci/run-77/weights-00002.safetensors: No such file\n",
	        rules);

	(void)state;
	assert_int_equal(s.n, 2);
	assert_string_equal(s.reports[0].signature,
	                    "mojo_error | cannot open <path> No such file");
	assert_string_equal(s.reports[0].fingerprint, s.reports[1].fingerprint);
	mt_report_set_release(&s);
	mt_rules_free(rules);
}

/* Names that say nothing never enter a signature. */
static void meaningless_names_are_not_signed(void **state)
{
	mt_frame f;
	char *n;

	(void)state;
	memset(&f, 0, sizeof(f));
	f.function = "at"; /* gdb's "#1 0x... at segv.c:6" read wrongly */
	f.file = "/src/segv.c";
	n = mt_signature_frame_name(&f);
	assert_string_equal(n, "segv.c");
	free(n);
	f.function = "??";
	f.file = NULL;
	f.module = "/usr/lib/libfoo.so";
	f.has_offset = 1;
	f.module_offset = 0x10;
	n = mt_signature_frame_name(&f);
	assert_string_equal(n, "libfoo.so+0x10");
	free(n);
	f.function = "mojo+0x27402a5";
	f.module = NULL;
	f.has_offset = 0;
	n = mt_signature_frame_name(&f);
	assert_string_equal(n, "<jit>");
	free(n);
	/* column form: "sym + off" far past any function */
	f.function = NULL;
	f.form = MT_FORM_COLUMN;
	f.symbol = "PyModule_GetDict";
	f.has_symbol_offset = 1;
	f.symbol_offset = 18446744;
	f.module = "python3";
	n = mt_signature_frame_name(&f);
	assert_string_equal(n, "python3");
	free(n);
}

static int sh(const char *cmd)
{
	return system(cmd);
}

static void repo_tracks_and_blames(void **state)
{
	char dir[] = "/tmp/mt-blame-XXXXXX", cmd[1024], file[1100];
	mt_repo *repo = NULL;
	mt_error err;
	mt_blame *b;

	(void)state;
	if (!mkdtemp(dir))
		fail();
	snprintf(
	        cmd, sizeof(cmd),
	        "cd %s && git init -q . && printf 'a\\nb\\nc\\n' > model.py && "
	        "git add model.py && git -c user.name=Ada -c user.email=a@x "
	        "commit -qm 'add the model' && echo x > untracked.py",
	        dir);
	if (sh(cmd) != 0)
		skip();
	assert_int_equal(mt_repo_open(&repo, dir, &err), 0);
	snprintf(file, sizeof(file), "%s/model.py", dir);
	assert_int_equal(mt_repo_tracks(repo, file), 1);
	assert_int_equal(mt_repo_tracks(repo, "model.py"), 1);
	snprintf(file, sizeof(file), "%s/untracked.py", dir);
	assert_int_equal(mt_repo_tracks(repo, file), 0);
	assert_int_equal(mt_repo_tracks(repo, "/etc/passwd"), 0);
	snprintf(file, sizeof(file), "%s/model.py", dir);
	b = mt_repo_blame(repo, file, 2);
	assert_non_null(b);
	assert_string_equal(b->author, "Ada");
	assert_string_equal(b->summary, "add the model");
	assert_int_equal(strlen(b->commit), 40);
	free(b->commit);
	free(b->author);
	free(b->summary);
	free(b);
	assert_null(mt_repo_blame(repo, file, 99));
	mt_repo_free(repo);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	sh(cmd);
	assert_int_equal(mt_repo_open(&repo, "/", &err), MT_ENOTFOUND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(builtin_table),
		cmocka_unit_test(user_rules_first_and_all_fields),
		cmocka_unit_test(glob_shortcuts_match_fnmatch),
		cmocka_unit_test(bad_rules_are_refused_whole),
		cmocka_unit_test(crash_point_skips_handler_and_system),
		cmocka_unit_test(gdb_handler_frame_is_not_the_crash_point),
		cmocka_unit_test(one_crash_signs_alike_across_tools),
		cmocka_unit_test(fatal_error_from_the_frames),
		cmocka_unit_test(signature_ignores_form_and_aslr),
		cmocka_unit_test(frameless_errors_are_classified),
		cmocka_unit_test(next_steps_follow_what_is_missing),
		cmocka_unit_test(pip_layout_is_runtime),
		cmocka_unit_test(pip_layout_dump),
		cmocka_unit_test(inlined_helper_takes_its_callers_category),
		cmocka_unit_test(entry_point_takes_its_modules_category),
		cmocka_unit_test(file_only_frame_and_both_forms_agree),
		cmocka_unit_test(dump_without_crash_point_is_unknown),
		cmocka_unit_test(assertion_names_the_failing_code),
		cmocka_unit_test(dump_cut_inside_the_handler),
		cmocka_unit_test(mojo_crashed_trailer_is_a_crash),
		cmocka_unit_test(macos_assertion_names_mlir),
		cmocka_unit_test(cut_off_line_is_not_signed),
		cmocka_unit_test(repeated_line_is_signed_once),
		cmocka_unit_test(recursion_is_a_stack_overflow),
		cmocka_unit_test(heap_checkers_are_heap_corruption),
		cmocka_unit_test(frameless_messages_drop_paths),
		cmocka_unit_test(meaningless_names_are_not_signed),
		cmocka_unit_test(repo_tracks_and_blames),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
