/* bucket_output.c - buckets as JSON (maxtriage.bucket.v1) and text. */
#include "maxtriage/bucket_output.h"

#include "maxtriage/json_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void iso_time(char *buf, size_t n, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm)) {
		snprintf(buf, n, "?");
		return;
	}
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The document has no nulls where a string is expected: "" instead. */
static void text(mt_json *w, const char *key, const char *s)
{
	mt_json_string(w, key, s ? s : "");
}

static void bucket_json(mt_json *w, const mt_bucket *b)
{
	char t1[32], t2[32];
	size_t j;

	iso_time(t1, sizeof(t1), b->first_time);
	iso_time(t2, sizeof(t2), b->last_time);
	mt_json_object_begin(w, NULL);
	text(w, "fingerprint", b->fingerprint);
	text(w, "signature", b->signature);
	text(w, "class", b->category);
	text(w, "kind", b->kind);
	mt_json_uint64(w, "count", b->count);
	mt_json_array_begin(w, "files");
	for (j = 0; j < b->nfiles; j++)
		text(w, NULL, b->files[j]);
	mt_json_array_end(w);
	mt_json_bool(w, "new", b->is_new);
	if (b->nfiles)
		text(w, "example", b->files[0]);
	else
		mt_json_null(w, "example");
	mt_json_string(w, "first_time", t1);
	mt_json_string(w, "last_time", t2);
	mt_json_object_end(w);
}

void mt_bucket_render_json(mt_buf *out, const mt_bucket_set *s)
{
	mt_json w;
	size_t i;

	mt_json_init_buf(&w, out, MT_JSON_PRETTY);
	mt_json_object_begin(&w, NULL);
	mt_json_string(&w, "schema", MT_BUCKET_SCHEMA);
	mt_json_array_begin(&w, "buckets");
	for (i = 0; i < s->n; i++)
		bucket_json(&w, &s->buckets[i]);
	mt_json_array_end(&w);
	mt_json_uint64(&w, "files", s->files);
	mt_json_uint64(&w, "reports", s->reports);
	mt_json_bool(&w, "baseline", s->has_baseline);
	mt_json_array_begin(&w, "errors");
	for (i = 0; i < s->nerrors; i++)
		text(&w, NULL, s->errors[i]);
	mt_json_array_end(&w);
	mt_json_object_end(&w);
	(void)mt_json_finish(&w); /* a buffer writer used rightly: 0 */
}

void mt_bucket_render_text(mt_buf *out, const mt_bucket_set *s, int color)
{
	size_t i;
	char t1[32], t2[32];

	mt_buf_printf(out, "%zu bucket%s from %zu report%s in %zu file%s", s->n,
	              s->n == 1 ? "" : "s", s->reports,
	              s->reports == 1 ? "" : "s", s->files,
	              s->files == 1 ? "" : "s");
	if (s->has_baseline)
		mt_buf_printf(out, ", %zu new", mt_bucket_count_new(s));
	mt_buf_putc(out, '\n');
	for (i = 0; i < s->n; i++) {
		const mt_bucket *b = &s->buckets[i];

		iso_time(t1, sizeof(t1), b->first_time);
		iso_time(t2, sizeof(t2), b->last_time);
		mt_buf_printf(
		        out, "%s%6zu  %-7s  %-14s  %s  %s%s\n",
		        b->is_new ? (color ? "\033[1;31mNEW\033[0m " : "NEW ")
		                  : (s->has_baseline ? "    " : ""),
		        b->count, b->category, b->kind, b->fingerprint,
		        b->signature, "");
		mt_buf_printf(out, "%s        e.g. %s (%zu file%s, %s .. %s)\n",
		              s->has_baseline ? "    " : "",
		              b->nfiles ? b->files[0] : "-", b->nfiles,
		              b->nfiles == 1 ? "" : "s", t1, t2);
	}
	for (i = 0; i < s->nerrors; i++)
		mt_buf_printf(out, "error: %s\n", s->errors[i]);
}
