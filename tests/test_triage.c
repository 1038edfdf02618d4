/* test_triage.c - rules, trampoline, crash point, signatures, git blame.
 *
 * Most cases are rows of tests/cases/triage.test (a dump, then facts),
 * run by tests/case_table.h; what stays here builds its input in code:
 * generated recursions, frames resolved by hand, the loader's errors, a
 * git repository. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "case_table.h"
#include "maxtriage/bucket.h"

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
	assert_string_equal(mt_kind_name(s.reports[0].kind), "unknown");
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
	assert_string_equal(mt_kind_name(a.reports[0].kind), "stack_overflow");
	assert_string_equal(mt_kind_name(b.reports[0].kind), "stack_overflow");
	assert_string_equal(mt_kind_name(c.reports[0].kind), "stack_overflow");
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
	assert_string_equal(mt_kind_name(d.reports[0].kind), "SIGSEGV");
	/* ... unless the dump says the crash point's stack is gone: the
	 * gdb window cases of tests/cases/triage.test */
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
	assert_string_equal(n, "libfoo.so@0x010");
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

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Issue 20: a weak bucket is known to a baseline only through its exact
 * keys; a baseline of another signature version is refused. */
static void baseline_weak_needs_exact_match(void **state)
{
	char path[] = "/tmp/mt-baseline-XXXXXX";
	int fd = mkstemp(path);
	mt_bucket_set bs;
	mt_error err;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	memset(&bs, 0, sizeof(bs));
	mt_bucket_add(&bs, "00000000000000aa", "crash | mojo@0x123", "unknown",
	              "crash", MT_SIGQ_WEAK, "11111111111111aa", "a.txt", 0);
	mt_bucket_add(&bs, "00000000000000bb", "crash | f | g", "model",
	              "crash", MT_SIGQ_STRONG, "22222222222222bb", "b.txt", 0);
	/* the same fingerprints, other exact keys: the strong bucket is
	 * known by its fingerprint, the weak one is not */
	write_text(path, "{\"schema\": \"maxtriage.bucket.v1\", "
	                 "\"signature_version\": 2, \"buckets\": ["
	                 "{\"fingerprint\": \"00000000000000aa\", "
	                 "\"exact\": [\"99999999999999aa\"]},"
	                 "{\"fingerprint\": \"00000000000000bb\", "
	                 "\"exact\": [\"99999999999999bb\"]}]}");
	assert_int_equal(mt_bucket_apply_baseline(&bs, path, &err), 0);
	assert_int_equal(bs.buckets[0].is_new, 1);
	assert_int_equal(bs.buckets[1].is_new, 0);
	/* the weak bucket's exact key is there: known */
	write_text(path, "{\"schema\": \"maxtriage.bucket.v1\", "
	                 "\"signature_version\": 2, \"buckets\": ["
	                 "{\"fingerprint\": \"00000000000000aa\", "
	                 "\"exact\": [\"11111111111111aa\"]}]}");
	assert_int_equal(mt_bucket_apply_baseline(&bs, path, &err), 0);
	assert_int_equal(bs.buckets[0].is_new, 0);
	assert_int_equal(bs.buckets[1].is_new, 1);
	/* a baseline of signature version 1 (no version recorded) */
	write_text(path, "{\"schema\": \"maxtriage.bucket.v1\", \"buckets\": ["
	                 "{\"fingerprint\": \"00000000000000bb\"}]}");
	assert_int_equal(mt_bucket_apply_baseline(&bs, path, &err), MT_EFORMAT);
	assert_non_null(strstr(err.msg, "version 1"));
	/* ... unless it holds no bucket: nothing to re-bucket */
	write_text(path,
	           "{\"schema\": \"maxtriage.bucket.v1\", \"buckets\": []}");
	assert_int_equal(mt_bucket_apply_baseline(&bs, path, &err), 0);
	mt_bucket_set_release(&bs);
	unlink(path);
}

/* Every row of the case file holds; the file has all its cases. */
static void table_cases(void **state)
{
	size_t n;

	(void)state;
	ct_failures = 0;
	n = ct_run_file("tests/cases/triage.test");
	assert_true(n >= 40);
	assert_int_equal(ct_failures, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_cases),
		cmocka_unit_test(baseline_weak_needs_exact_match),
		cmocka_unit_test(bad_rules_are_refused_whole),
		cmocka_unit_test(file_only_frame_and_both_forms_agree),
		cmocka_unit_test(repeated_line_is_signed_once),
		cmocka_unit_test(recursion_is_a_stack_overflow),
		cmocka_unit_test(meaningless_names_are_not_signed),
		cmocka_unit_test(repo_tracks_and_blames),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
