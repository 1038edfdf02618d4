/* test_bucket.c - buckets independent of input order, partial results
 * merged back, baselines of another signature version matched by
 * example stacks (issue 24). The dumps are written here; what each must
 * give is read off them (which files hold which crash). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/bucket.h"
#include "maxtriage/bucket_output.h"
#include "maxtriage/triage.h"

/* three crashes: a.c's crash_here (files a1, a2, twice in a3), b.c's
 * other_fn (file b1), and a dump with no frames (file q1) */
#define DUMP_A                                                   \
	"Stack dump:\n"                                          \
	"#0 0x0000000000401136 crash_here /src/model/a.c:10:3\n" \
	"#1 0x0000000000401150 caller /src/model/a.c:20:5\n"     \
	"#2 0x0000000000401170 main /src/model/main.c:5:1\n"
#define DUMP_B                                                \
	"Stack dump:\n"                                       \
	"#0 0x0000000000401136 other_fn /src/model/b.c:7:3\n" \
	"#1 0x0000000000401170 main /src/model/main.c:5:1\n"

typedef struct input {
	const char *path;
	const char *text;
	int64_t mtime;
} input;

static const input inputs[] = {
	{ "dumps/a1.txt", DUMP_A, 100 },
	{ "dumps/b1.txt", DUMP_B, 300 },
	{ "dumps/a2.txt", DUMP_A, 50 },
	{ "dumps/a3.txt", DUMP_A "some log line\n" DUMP_A, 200 },
	{ "dumps/q1.txt", "nothing crashed here\n", 10 },
};
#define NINPUTS (sizeof(inputs) / sizeof(inputs[0]))

static void add_input(mt_bucket_set *s, const input *in, mt_rules *rules)
{
	mt_report_set rs;
	mt_triage_opts o = { rules, NULL };
	size_t i;

	memset(&rs, 0, sizeof(rs));
	mt_stack_parse(&rs, in->text, strlen(in->text));
	mt_bucket_add_file(s, in->path, in->mtime);
	for (i = 0; i < rs.n; i++) {
		mt_triage_report(&rs.reports[i], &o);
		mt_bucket_add_report(s, in->path, &rs.reports[i]);
	}
	mt_report_set_release(&rs);
}

/* The set of the inputs in order[] (n of them), finished, as JSON. */
static char *bucket_json(const size_t *order, size_t n)
{
	mt_rules *rules = mt_rules_new();
	mt_bucket_set s;
	mt_buf out = MT_BUF_INIT;
	size_t i;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < n; i++)
		add_input(&s, &inputs[order[i]], rules);
	mt_bucket_finish(&s);
	mt_bucket_render_json(&out, &s);
	mt_bucket_set_release(&s);
	mt_rules_free(rules);
	return mt_buf_detach(&out);
}

/* A partial of the inputs in order[]. */
static char *partial_of(const size_t *order, size_t n)
{
	mt_rules *rules = mt_rules_new();
	mt_bucket_set s;
	mt_buf out = MT_BUF_INIT;
	size_t i;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < n; i++)
		add_input(&s, &inputs[order[i]], rules);
	mt_bucket_finish(&s);
	mt_bucket_render_partial(&out, &s);
	mt_bucket_set_release(&s);
	mt_rules_free(rules);
	return mt_buf_detach(&out);
}

static const size_t in_order[] = { 0, 1, 2, 3, 4 };

static void order_does_not_matter(void **state)
{
	static const size_t other[] = { 4, 3, 1, 2, 0 };
	static const size_t twice[] = { 3, 0, 1, 0, 2, 4, 3 };
	char *a = bucket_json(in_order, 5), *b = bucket_json(other, 5);
	char *c = bucket_json(twice, 7);

	(void)state;
	assert_string_equal(a, b);
	/* a file given twice counts once */
	assert_string_equal(a, c);
	free(a);
	free(b);
	free(c);
}

static void counts_and_example(void **state)
{
	mt_rules *rules = mt_rules_new();
	mt_bucket_set s;
	size_t i;

	(void)state;
	memset(&s, 0, sizeof(s));
	for (i = NINPUTS; i-- > 0;)
		add_input(&s, &inputs[i], rules);
	mt_bucket_finish(&s);
	/* 5 files; a1 + a2 + two in a3 = 4 reports of A, 1 of B; q1 has
	 * no crash */
	assert_int_equal(s.files, 5);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.buckets[0].count, 4);
	assert_int_equal(s.buckets[0].nfiles, 3);
	assert_int_equal(s.reports, 5);
	/* the example is the file that sorts first, though added last */
	assert_string_equal(s.buckets[0].example, "dumps/a1.txt");
	assert_string_equal(s.buckets[0].files[0].path, "dumps/a1.txt");
	assert_int_equal(s.buckets[0].files[2].reports, 2);
	/* times: a2 (50) .. a3 (200) */
	assert_int_equal(s.buckets[0].first_time, 50);
	assert_int_equal(s.buckets[0].last_time, 200);
	/* the example stack: the frames as printed, crash point #0 */
	assert_int_equal(s.buckets[0].nframes, 3);
	assert_int_equal(s.buckets[0].crash_point, 0);
	assert_string_equal(s.buckets[0].frames[0].name, "crash_here");
	assert_string_equal(s.buckets[0].frames[0].file, "/src/model/a.c");
	assert_int_equal(s.buckets[0].frames[0].line, 10);
	assert_string_equal(s.buckets[1].example, "dumps/b1.txt");
	mt_bucket_set_release(&s);
	mt_rules_free(rules);
}

/* Shards of the inputs, each a partial, merged in any order and any
 * grouping (one string of several documents too): one run's answer. */
static void partials_merge_to_one_run(void **state)
{
	static const size_t s1[] = { 3, 0 }, s2[] = { 1, 4 }, s3[] = { 2, 0 };
	char *one = bucket_json(in_order, 5);
	char *p1 = partial_of(s1, 2), *p2 = partial_of(s2, 2);
	char *p3 = partial_of(s3, 2);
	const char *orders[][3] = { { p1, p2, p3 },
		                    { p3, p1, p2 },
		                    { p2, p3, p1 } };
	size_t k, j, ndocs;
	mt_error err;

	(void)state;
	for (k = 0; k < 3; k++) {
		mt_bucket_set m;
		mt_buf all = MT_BUF_INIT, out = MT_BUF_INIT;

		memset(&m, 0, sizeof(m));
		for (j = 0; j < 3; j++) {
			mt_buf_puts(&all, orders[k][j]);
			mt_buf_puts(&all, k == 1 ? "\t\r\n" : "");
		}
		assert_int_equal(mt_bucket_merge_partials(&m, all.ptr, all.len,
		                                          "x", &ndocs, &err),
		                 0);
		assert_int_equal(ndocs, 3);
		mt_bucket_finish(&m);
		mt_bucket_render_json(&out, &m);
		assert_string_equal(out.ptr, one);
		mt_buf_release(&out);
		mt_buf_release(&all);
		mt_bucket_set_release(&m);
	}
	/* a partial of a merge is a partial again: (p1 + p2) + p3 */
	{
		mt_bucket_set m, n;
		mt_buf mid = MT_BUF_INIT, out = MT_BUF_INIT;

		memset(&m, 0, sizeof(m));
		memset(&n, 0, sizeof(n));
		assert_int_equal(mt_bucket_merge_partials(&m, p1, strlen(p1),
		                                          "p1", &ndocs, &err),
		                 0);
		assert_int_equal(mt_bucket_merge_partials(&m, p2, strlen(p2),
		                                          "p2", &ndocs, &err),
		                 0);
		mt_bucket_finish(&m);
		mt_bucket_render_partial(&mid, &m);
		assert_int_equal(mt_bucket_merge_partials(&n, p3, strlen(p3),
		                                          "p3", &ndocs, &err),
		                 0);
		assert_int_equal(mt_bucket_merge_partials(&n, mid.ptr, mid.len,
		                                          "mid", &ndocs, &err),
		                 0);
		mt_bucket_finish(&n);
		mt_bucket_render_json(&out, &n);
		assert_string_equal(out.ptr, one);
		mt_buf_release(&mid);
		mt_buf_release(&out);
		mt_bucket_set_release(&m);
		mt_bucket_set_release(&n);
	}
	free(one);
	free(p1);
	free(p2);
	free(p3);
}

static void bad_partials_are_refused(void **state)
{
	static const char *const bad[] = {
		"[]",
		"{\"schema\": \"maxtriage.bucket.v1\"}",
		"{\"schema\": \"maxtriage.bucket.partial.v1\", "
		"\"signature_version\": 1, \"files\": [], \"errors\": [], "
		"\"buckets\": []}",
		"{\"schema\": \"maxtriage.bucket.partial.v1\", "
		"\"signature_version\": 2, \"files\": [], \"errors\": [], "
		"\"buckets\": [{\"fingerprint\": \"xyz\"}]}",
		"{\"schema\": \"maxtriage.bucket.partial.v1\", "
		"\"signature_version\": 2, \"files\": [], \"errors\": [], "
		"\"buckets\": []} {",
	};
	size_t i, ndocs;
	mt_error err;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		mt_bucket_set m;

		memset(&m, 0, sizeof(m));
		assert_int_equal(mt_bucket_merge_partials(&m, bad[i],
		                                          strlen(bad[i]), "in",
		                                          &ndocs, &err),
		                 MT_EFORMAT);
		assert_non_null(strstr(err.msg, "partial 'in'"));
		mt_bucket_set_release(&m);
	}
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* A baseline of another signature version: a bucket is known when its
 * example stack is a baseline bucket's from the crash point on, not by
 * its fingerprint. */
static void old_baseline_by_stack(void **state)
{
	char path[] = "/tmp/mt-bucket-XXXXXX";
	int fd = mkstemp(path);
	mt_rules *rules = mt_rules_new();
	mt_bucket_set s;
	mt_error err;
	size_t i;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	memset(&s, 0, sizeof(s));
	for (i = 0; i < NINPUTS; i++)
		add_input(&s, &inputs[i], rules);
	mt_bucket_finish(&s);
	/* version 1, other fingerprints; A's stack (from the crash point,
	 * with a handler frame above it and another directory) and B's
	 * with another line */
	write_text(
	        path,
	        "{\"schema\": \"maxtriage.bucket.v1\", \"signature_version\": 1, "
	        "\"buckets\": ["
	        "{\"fingerprint\": \"0000000000000001\", \"example_stack\": "
	        "{\"crash_point\": 1, \"frames\": ["
	        "{\"name\": \"SignalHandler\", \"file\": null, \"line\": null, "
	        "\"module\": \"mojo\", \"category\": \"handler\"},"
	        "{\"name\": \"crash_here\", \"file\": \"/build/a.c\", \"line\": 10, "
	        "\"module\": null, \"category\": \"model\"},"
	        "{\"name\": \"caller\", \"file\": \"a.c\", \"line\": 20, "
	        "\"module\": null, \"category\": \"model\"},"
	        "{\"name\": \"main\", \"file\": \"main.c\", \"line\": 5, "
	        "\"module\": null, \"category\": \"model\"}]}},"
	        "{\"fingerprint\": \"0000000000000002\", \"example_stack\": "
	        "{\"crash_point\": 0, \"frames\": ["
	        "{\"name\": \"other_fn\", \"file\": \"/src/model/b.c\", \"line\": 8},"
	        "{\"name\": \"main\", \"file\": \"/src/model/main.c\", \"line\": 5}]}}]}");
	assert_int_equal(mt_bucket_apply_baseline(&s, path, &err), 0);
	assert_int_equal(s.baseline_by_stack, 1);
	assert_int_equal(s.baseline_version, 1);
	assert_string_equal(s.buckets[0].frames[0].name, "crash_here");
	assert_int_equal(s.buckets[0].is_new, 0);
	assert_string_equal(s.buckets[1].frames[0].name, "other_fn");
	assert_int_equal(s.buckets[1].is_new, 1);
	assert_int_equal(mt_bucket_count_new(&s), 1);
	mt_bucket_set_release(&s);
	mt_rules_free(rules);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(order_does_not_matter),
		cmocka_unit_test(counts_and_example),
		cmocka_unit_test(partials_merge_to_one_run),
		cmocka_unit_test(bad_partials_are_refused),
		cmocka_unit_test(old_baseline_by_stack),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
