/* bucket_output.c - buckets as JSON (maxtriage.bucket.v1) and text. */
#include "maxtriage/bucket.h"

#include "output_int.h"

#include <jansson.h>
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

static json_t *safe_string(const char *s)
{
	return mt_json_text(s ? s : "");
}

void mt_bucket_render_json(mt_buf *out, const mt_bucket_set *s)
{
	json_t *root = json_object(), *arr = json_array(), *errs = json_array();
	size_t i, j;
	char t1[32], t2[32];

	json_object_set_new(root, "schema", json_string(MT_BUCKET_SCHEMA));
	for (i = 0; i < s->n; i++) {
		const mt_bucket *b = &s->buckets[i];
		json_t *o = json_object(), *files = json_array();

		for (j = 0; j < b->nfiles; j++)
			json_array_append_new(files, safe_string(b->files[j]));
		iso_time(t1, sizeof(t1), b->first_time);
		iso_time(t2, sizeof(t2), b->last_time);
		json_object_set_new(o, "fingerprint",
		                    json_string(b->fingerprint));
		json_object_set_new(o, "signature", safe_string(b->signature));
		json_object_set_new(o, "class", safe_string(b->category));
		json_object_set_new(o, "kind", safe_string(b->kind));
		json_object_set_new(o, "count",
		                    json_integer((json_int_t)b->count));
		json_object_set_new(o, "files", files);
		json_object_set_new(o, "new", json_boolean(b->is_new));
		json_object_set_new(o, "example",
		                    b->nfiles ? safe_string(b->files[0])
		                              : json_null());
		json_object_set_new(o, "first_time", json_string(t1));
		json_object_set_new(o, "last_time", json_string(t2));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "buckets", arr);
	json_object_set_new(root, "files", json_integer((json_int_t)s->files));
	json_object_set_new(root, "reports",
	                    json_integer((json_int_t)s->reports));
	json_object_set_new(root, "baseline", json_boolean(s->has_baseline));
	for (i = 0; i < s->nerrors; i++)
		json_array_append_new(errs, safe_string(s->errors[i]));
	json_object_set_new(root, "errors", errs);
	(void)mt_json_emit(out, root);
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
