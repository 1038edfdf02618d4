/*
 * test_output.c - the JSON writer: layout, strings, numbers, misuse.
 *
 * References: the layout and escapes are compared with jansson's own
 * json_dumps (JSON_INDENT(2) / JSON_COMPACT), which wrote every document
 * before this writer; the replacement of ill-formed UTF-8 is compared
 * with Python 3's bytes.decode("utf-8", "replace") (Unicode's "maximal
 * subpart" practice), whose outputs are written out below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/common.h"
#include "maxtriage/irdiff_output.h"
#include "maxtriage/json_writer.h"
#include "maxtriage/stack_output.h"

#define FFFD "\xef\xbf\xbd"

/* The document holding the one string <s, n>, as the writer writes it. */
static char *one_string(const char *s, size_t n)
{
	mt_buf b = MT_BUF_INIT;
	mt_json w;

	mt_json_init_buf(&w, &b, MT_JSON_PRETTY);
	mt_json_stringn(&w, NULL, s, n);
	assert_int_equal(mt_json_finish(&w), 0);
	return mt_buf_detach(&b);
}

static void ill_formed_utf8_becomes_fffd(void **state)
{
	/* expected: python3 -c 'print(ascii(B.decode("utf-8", "replace")))' */
	static const struct {
		const char *in, *want;
	} cases[] = {
		/* surrogate D800 (ED A0 80), overlong '/' (C0 AF) */
		{ "\xed\xa0\x80\xc0\xaf", FFFD FFFD FFFD FFFD FFFD },
		{ "a\xe2\x82", "a" FFFD }, /* truncated 3-byte form */
		{ "\xe0\x80\xaf", FFFD FFFD FFFD }, /* overlong 3-byte */
		{ "\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD }, /* > U+10FFFF */
		{ "\xf0\x9f\x98\x80x", "\xf0\x9f\x98\x80x" }, /* U+1F600 */
		{ "\x80\xbfz", FFFD FFFD "z" }, /* stray continuations */
		{ "\xf0\x9f\x98", FFFD }, /* truncated at the end */
		{ "\xed\x9f\xbf", "\xed\x9f\xbf" }, /* U+D7FF, just below */
		{ "\xc2", FFFD },
		{ "\xff\xfe", FFFD FFFD },
		{ "\xf8\x88\x80\x80\x80", FFFD FFFD FFFD FFFD FFFD },
		{ "\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(cases); i++) {
		char *got = one_string(cases[i].in, strlen(cases[i].in));
		mt_buf want = MT_BUF_INIT;

		mt_buf_printf(&want, "\"%s\"\n", cases[i].want);
		assert_string_equal(got, want.ptr);
		mt_buf_release(&want);
		free(got);
	}
}

static void hostile_document_parses_strictly(void **state)
{
	mt_buf b = MT_BUF_INIT;
	mt_json w;
	json_error_t jerr;
	json_t *root;

	(void)state;
	mt_json_init_buf(&w, &b, MT_JSON_PRETTY);
	mt_json_object_begin(&w, NULL);
	mt_json_string(&w, "loc\xed\xa0\x80", "x.mojo:\xed\xa0\x80\xc0\xaf:3");
	mt_json_object_end(&w);
	assert_int_equal(mt_json_finish(&w), 0);
	/* jansson's reader refuses invalid UTF-8 */
	root = json_loads(b.ptr, 0, &jerr);
	assert_non_null(root);
	/* one U+FFFD per byte: ED A0 is no prefix of any valid form */
	assert_non_null(json_object_get(root, "loc" FFFD FFFD FFFD));
	assert_string_equal(
	        json_string_value(json_object_get(root, "loc" FFFD FFFD FFFD)),
	        "x.mojo:" FFFD FFFD FFFD FFFD FFFD ":3");
	json_decref(root);
	mt_buf_release(&b);
}

static void escapes_match_jansson(void **state)
{
	char raw[40];
	size_t i, n = 0;
	json_t *j;
	char *want, *got;

	(void)state;
	for (i = 1; i < 0x20; i++)
		raw[n++] = (char)i;
	raw[n++] = '"';
	raw[n++] = '\\';
	raw[n++] = '/';
	raw[n++] = 0x7f;
	raw[n] = '\0';
	j = json_stringn(raw, n);
	want = json_dumps(j, JSON_INDENT(2) | JSON_ENCODE_ANY);
	got = one_string(raw, n);
	assert_int_equal(strlen(got), strlen(want) + 1);
	assert_memory_equal(got, want, strlen(want));
	free(want);
	free(got);
	json_decref(j);
	/* a NUL inside <s, n> is kept, escaped */
	got = one_string("a\0b", 3);
	assert_string_equal(got, "\"a\\u0000b\"\n");
	free(got);
}

/* One document with every kind of value and nesting, in the writer... */
static void write_sample(mt_json *w)
{
	mt_json_object_begin(w, NULL);
	mt_json_string(w, "schema", "test.v1");
	mt_json_object_begin(w, "empty_object");
	mt_json_object_end(w);
	mt_json_array_begin(w, "empty_array");
	mt_json_array_end(w);
	mt_json_array_begin(w, "list");
	mt_json_int(w, NULL, -3);
	mt_json_bool(w, NULL, 1);
	mt_json_bool(w, NULL, 0);
	mt_json_null(w, NULL);
	mt_json_string(w, NULL, NULL);
	mt_json_object_begin(w, NULL);
	mt_json_int(w, "big", INT64_MAX);
	mt_json_array_begin(w, "deeper");
	mt_json_array_begin(w, NULL);
	mt_json_uint64(w, NULL, 42);
	mt_json_array_end(w);
	mt_json_array_end(w);
	mt_json_object_end(w);
	mt_json_array_end(w);
	mt_json_string(w, "last", "tab\there");
	mt_json_object_end(w);
}

/* ... and in jansson, which defines the layout. */
static json_t *jansson_sample(void)
{
	return json_pack("{s:s, s:{}, s:[], s:[i,b,b,n,n,{s:I,s:[[i]]}], s:s}",
	                 "schema", "test.v1", "empty_object", "empty_array",
	                 "list", -3, 1, 0, "big", (json_int_t)INT64_MAX,
	                 "deeper", 42, "last", "tab\there");
}

static void layout_matches_jansson(void **state)
{
	static const struct {
		int ours;
		size_t theirs;
	} modes[] = { { MT_JSON_PRETTY, JSON_INDENT(2) },
		      { MT_JSON_COMPACT, JSON_COMPACT } };
	size_t i;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(modes); i++) {
		mt_buf b = MT_BUF_INIT;
		mt_json w;
		json_t *j = jansson_sample();
		char *want;

		assert_non_null(j);
		/* keep insertion order, as every document does */
		want = json_dumps(j, modes[i].theirs | JSON_PRESERVE_ORDER);
		mt_json_init_buf(&w, &b, modes[i].ours);
		write_sample(&w);
		assert_int_equal(mt_json_finish(&w), 0);
		assert_int_equal(b.len, strlen(want) + 1);
		assert_memory_equal(b.ptr, want, strlen(want));
		assert_int_equal(b.ptr[b.len - 1], '\n');
		free(want);
		json_decref(j);
		mt_buf_release(&b);
	}
}

/* A document written in order, and the same with its middle part
 * ("empty_array" and a list of n numbers) given to a forked writer
 * while the main one writes "empty_object" first: joined, the bytes are
 * the same. side_fp: a temporary file, or NULL (memory). */
static void write_in_order(mt_json *w, size_t n)
{
	size_t i;

	mt_json_object_begin(w, NULL);
	mt_json_string(w, "schema", "test.v1");
	mt_json_object_begin(w, "empty_object");
	mt_json_object_end(w);
	mt_json_array_begin(w, "empty_array");
	mt_json_array_end(w);
	mt_json_array_begin(w, "list");
	for (i = 0; i < n; i++)
		mt_json_uint64(w, NULL, i * 7919);
	mt_json_array_end(w);
	mt_json_string(w, "last", "tab\there");
	mt_json_object_end(w);
}

static int write_forked(mt_json *w, size_t n, FILE *side_fp)
{
	mt_json side;
	size_t i;
	int rc;

	mt_json_object_begin(w, NULL);
	mt_json_string(w, "schema", "test.v1");
	mt_json_fork(&side, w, side_fp);
	mt_json_object_begin(w, "empty_object");
	mt_json_array_begin(&side, "empty_array");
	mt_json_array_end(&side);
	mt_json_array_begin(&side, "list");
	for (i = 0; i < n; i++)
		mt_json_uint64(&side, NULL, i * 7919);
	mt_json_array_end(&side);
	mt_json_object_end(w);
	rc = mt_json_join(w, &side);
	mt_json_string(w, "last", "tab\there");
	mt_json_object_end(w);
	return rc;
}

static void forked_part_joins_in_place(void **state)
{
	/* 0: the empty case; 20000 numbers: more than the writers stage
	 * (64 KB), so the side file is spilled and read back in pieces */
	static const size_t sizes[] = { 0, 3, 20000 };
	static const int modes[] = { MT_JSON_PRETTY, MT_JSON_COMPACT };
	size_t i, k, f;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(sizes); i++)
		for (k = 0; k < MT_ARRAY_SIZE(modes); k++)
			for (f = 0; f < 2; f++) {
				mt_buf want = MT_BUF_INIT, got = MT_BUF_INIT;
				FILE *side = f ? tmpfile() : NULL;
				mt_json w;

				if (f)
					assert_non_null(side);
				mt_json_init_buf(&w, &want, modes[k]);
				write_in_order(&w, sizes[i]);
				assert_int_equal(mt_json_finish(&w), 0);
				mt_json_init_buf(&w, &got, modes[k]);
				assert_int_equal(
				        write_forked(&w, sizes[i], side), 0);
				assert_int_equal(mt_json_finish(&w), 0);
				assert_int_equal(got.len, want.len);
				assert_memory_equal(got.ptr, want.ptr,
				                    want.len);
				if (side)
					fclose(side);
				mt_buf_release(&want);
				mt_buf_release(&got);
			}
}

static void forked_part_left_open_is_misuse(void **state)
{
	mt_buf b = MT_BUF_INIT;
	mt_json w, side;

	(void)state;
	mt_json_init_buf(&w, &b, MT_JSON_PRETTY);
	mt_json_object_begin(&w, NULL);
	mt_json_fork(&side, &w, NULL);
	mt_json_array_begin(&side, "open");
	/* side did not end where it began: nothing of it is taken */
	assert_int_equal(mt_json_join(&w, &side), MT_EUSAGE);
	mt_json_object_end(&w);
	assert_int_equal(mt_json_finish(&w), MT_EUSAGE);
	assert_null(strstr(b.ptr, "open"));
	mt_buf_release(&b);
}

static void numbers_match_jansson(void **state)
{
	static const double reals[] = { 0.5,      1.0,           -0.0, 1e20,
		                        1e-5,     123456789.125, 0.1,  -2.5e300,
		                        3.0e-310, 1e17 };
	size_t i;
	mt_buf b = MT_BUF_INIT;
	mt_json w;
	char *got;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(reals); i++) {
		json_t *j = json_real(reals[i]);
		char *want = json_dumps(j, JSON_ENCODE_ANY);

		mt_buf_clear(&b);
		mt_json_init_buf(&w, &b, MT_JSON_PRETTY);
		mt_json_double(&w, NULL, reals[i]);
		assert_int_equal(mt_json_finish(&w), 0);
		assert_int_equal(b.len, strlen(want) + 1); /* and a newline */
		assert_memory_equal(b.ptr, want, strlen(want));
		free(want);
		json_decref(j);
	}
	mt_buf_clear(&b);
	mt_json_init_buf(&w, &b, MT_JSON_COMPACT);
	mt_json_array_begin(&w, NULL);
	mt_json_double(&w, NULL, NAN);
	mt_json_double(&w, NULL, -INFINITY);
	mt_json_uint64(&w, NULL, UINT64_MAX);
	mt_json_int(&w, NULL, INT64_MIN);
	mt_json_array_end(&w);
	assert_int_equal(mt_json_finish(&w), 0);
	got = b.ptr;
	assert_string_equal(
	        got, "[null,null,18446744073709551615,-9223372036854775808]\n");
	mt_buf_release(&b);
}

static int misuse(void (*how)(mt_json *w))
{
	mt_buf b = MT_BUF_INIT;
	mt_json w;
	int rc;

	mt_json_init_buf(&w, &b, MT_JSON_PRETTY);
	how(&w);
	rc = mt_json_finish(&w);
	mt_buf_release(&b);
	return rc;
}

static void key_in_array(mt_json *w)
{
	mt_json_array_begin(w, NULL);
	mt_json_int(w, "k", 1);
	mt_json_array_end(w);
}

static void no_key_in_object(mt_json *w)
{
	mt_json_object_begin(w, NULL);
	mt_json_int(w, NULL, 1);
	mt_json_object_end(w);
}

static void unclosed(mt_json *w)
{
	mt_json_object_begin(w, NULL);
}

static void crossed(mt_json *w)
{
	mt_json_object_begin(w, NULL);
	mt_json_array_end(w);
}

static void two_roots(mt_json *w)
{
	mt_json_null(w, NULL);
	mt_json_null(w, NULL);
}

static void too_deep(mt_json *w)
{
	int i;

	for (i = 0; i <= MT_JSON_MAXDEPTH; i++)
		mt_json_array_begin(w, NULL);
	for (i = 0; i <= MT_JSON_MAXDEPTH; i++)
		mt_json_array_end(w);
}

static void deepest(mt_json *w)
{
	int i;

	for (i = 0; i < MT_JSON_MAXDEPTH; i++)
		mt_json_array_begin(w, NULL);
	for (i = 0; i < MT_JSON_MAXDEPTH; i++)
		mt_json_array_end(w);
}

static void nothing(mt_json *w)
{
	(void)w;
}

static void misuse_is_reported(void **state)
{
	(void)state;
	assert_int_equal(misuse(key_in_array), MT_EUSAGE);
	assert_int_equal(misuse(no_key_in_object), MT_EUSAGE);
	assert_int_equal(misuse(unclosed), MT_EUSAGE);
	assert_int_equal(misuse(crossed), MT_EUSAGE);
	assert_int_equal(misuse(two_roots), MT_EUSAGE);
	assert_int_equal(misuse(nothing), MT_EUSAGE);
	assert_int_equal(misuse(too_deep), MT_ELIMIT);
	assert_int_equal(misuse(deepest), 0);
}

static void file_writer_matches_buffer_writer(void **state)
{
	mt_buf b = MT_BUF_INIT, back = MT_BUF_INIT;
	mt_json w;
	FILE *f = tmpfile();
	char chunk[4096];
	size_t n;
	int i;

	(void)state;
	assert_non_null(f);
	/* large enough to be written in several pieces */
	mt_json_init_buf(&w, &b, MT_JSON_PRETTY);
	mt_json_array_begin(&w, NULL);
	for (i = 0; i < 20000; i++)
		write_sample(&w);
	mt_json_array_end(&w);
	assert_int_equal(mt_json_finish(&w), 0);
	assert_true(b.len > 200000);

	mt_json_init_file(&w, f, MT_JSON_PRETTY);
	mt_json_array_begin(&w, NULL);
	for (i = 0; i < 20000; i++)
		write_sample(&w);
	mt_json_array_end(&w);
	assert_int_equal(mt_json_finish(&w), 0);
	rewind(f);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mt_buf_put(&back, chunk, n);
	fclose(f);
	assert_int_equal(back.len, b.len);
	assert_memory_equal(back.ptr, b.ptr, b.len);
	mt_buf_release(&b);
	mt_buf_release(&back);
}

static void failed_write_is_reported(void **state)
{
	mt_json w;
	FILE *f = fopen("/dev/full", "w");

	(void)state;
	if (!f)
		skip();
	mt_json_init_file(&w, f, MT_JSON_COMPACT);
	mt_json_string(&w, NULL, "no room");
	assert_int_equal(mt_json_finish(&w), MT_EIO);
	fclose(f);
}

static void clean_keeps_valid_text(void **state)
{
	mt_buf b = MT_BUF_INIT;

	(void)state;
	mt_json_utf8_clean(&b, "ok \xc3\xa9 \xed\xa0\x80\xc0\xaf \"\n", 15);
	assert_string_equal(b.ptr,
	                    "ok \xc3\xa9 " FFFD FFFD FFFD FFFD FFFD " \"\n");
	mt_buf_release(&b);
}

/* A part written inside an open object is the standalone document
 * re-indented one level, as jansson nests a parsed document. */
static void nested_part_matches_jansson(void **state)
{
	mt_report rep;
	mt_stack_input in = { "in\xed\xa0\x80.txt", &rep, 1, NULL };
	mt_buf alone = MT_BUF_INIT, nested = MT_BUF_INIT;
	mt_json w;
	json_t *part, *root;
	char *want;

	(void)state;
	memset(&rep, 0, sizeof(rep));
	rep.kind = MT_KIND_CRASH;
	rep.blame_frame = -1;
	mt_stack_render_json(&alone, &in, 1);
	part = json_loads(alone.ptr, 0, NULL);
	assert_non_null(part);
	root = json_pack("{s:s,s:o,s:n}", "schema", "outer", "stack", part,
	                 "after");
	want = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);

	mt_json_init_buf(&w, &nested, MT_JSON_PRETTY);
	mt_json_object_begin(&w, NULL);
	mt_json_string(&w, "schema", "outer");
	mt_stack_json_write(&w, "stack", &in, 1);
	mt_json_null(&w, "after");
	mt_json_object_end(&w);
	assert_int_equal(mt_json_finish(&w), 0);
	assert_int_equal(nested.len, strlen(want) + 1);
	assert_memory_equal(nested.ptr, want, strlen(want));
	free(want);
	json_decref(root);
	mt_buf_release(&alone);
	mt_buf_release(&nested);
}

/* Excerpts: each stage cut to the per-stage budget, all of them to the
 * total, in order; an unreadable stage marked. */
static void excerpts_keep_to_budgets(void **state)
{
	char path[] = "/tmp/mt-test-excerpt-XXXXXX";
	int fd = mkstemp(path);
	mt_ir_stage st[4];
	mt_irdiff_stage ds[4];
	mt_irdiff_graph g;
	mt_irdiff_report r;
	mt_irdiff_excerpts ex;
	size_t i;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "0123456789", 10), 10);
	close(fd);
	memset(st, 0, sizeof(st));
	memset(ds, 0, sizeof(ds));
	for (i = 0; i < 4; i++) {
		st[i].path = path;
		st[i].len = SIZE_MAX;
		ds[i].stage = &st[i];
	}
	st[1].off = 8; /* "89": a slice, as captures hold stages */
	st[1].len = 2;
	st[3].path = "/nonexistent/stage.mlir";
	memset(&g, 0, sizeof(g));
	g.stages = ds;
	g.nstages = 4;
	memset(&r, 0, sizeof(r));
	r.graphs = &g;
	r.ngraphs = 1;
	/* budgets: 4 per stage, 9 in all -> 4 + 2 + 3 */
	mt_irdiff_excerpts_load(&ex, &r, 4, 9);
	assert_int_equal(ex.ngraphs, 1);
	assert_int_equal(ex.nstages[0], 4);
	assert_string_equal(ex.graphs[0][0].text, "0123");
	assert_int_equal(ex.graphs[0][0].len, 10);
	assert_string_equal(ex.graphs[0][1].text, "89");
	assert_int_equal(ex.graphs[0][1].shown, 2);
	assert_int_equal(ex.graphs[0][1].len, 2);
	assert_string_equal(ex.graphs[0][2].text, "012");
	assert_int_equal(ex.graphs[0][2].shown, 3);
	assert_true(ex.graphs[0][3].unreadable);
	assert_null(ex.graphs[0][3].text);
	mt_irdiff_excerpts_release(&ex);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ill_formed_utf8_becomes_fffd),
		cmocka_unit_test(hostile_document_parses_strictly),
		cmocka_unit_test(escapes_match_jansson),
		cmocka_unit_test(layout_matches_jansson),
		cmocka_unit_test(numbers_match_jansson),
		cmocka_unit_test(misuse_is_reported),
		cmocka_unit_test(file_writer_matches_buffer_writer),
		cmocka_unit_test(failed_write_is_reported),
		cmocka_unit_test(clean_keeps_valid_text),
		cmocka_unit_test(nested_part_matches_jansson),
		cmocka_unit_test(forked_part_joins_in_place),
		cmocka_unit_test(forked_part_left_open_is_misuse),
		cmocka_unit_test(excerpts_keep_to_budgets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
