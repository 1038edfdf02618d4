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
		cmocka_unit_test(signature_ignores_form_and_aslr),
		cmocka_unit_test(frameless_errors_are_classified),
		cmocka_unit_test(next_steps_follow_what_is_missing),
		cmocka_unit_test(repo_tracks_and_blames),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
