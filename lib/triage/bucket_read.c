/*
 * bucket_read.c - the documents bucket reads back (jansson): partial
 * results to merge (maxtriage.bucket.partial.v1) and baselines
 * (maxtriage.bucket.v1). Both are checked field by field: a document
 * that is not what it says is refused with what is wrong, never merged
 * in part.
 */
#include "bucket_int.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str_of(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* An optional string: absent or null is NULL; *bad when another type. */
static const char *opt_str(json_t *o, const char *key, int *bad)
{
	json_t *v = json_object_get(o, key);

	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_string(v))
		*bad = 1;
	return json_string_value(v);
}

/* An example stack's frames ({"name", "file", "line", "module",
 * "category"}): a new array in *out (bkt_frames_free), or -1. */
static int read_frames(mt_bucket_frame **out, size_t *n, json_t *list)
{
	json_t *f;
	size_t i;
	int bad = 0;

	*out = NULL;
	*n = 0;
	if (!list || json_is_null(list))
		return 0;
	if (!json_is_array(list) ||
	    json_array_size(list) > MT_BUCKET_FRAMES_MAX)
		return -1;
	*n = json_array_size(list);
	*out = *n ? mt_calloc(*n, sizeof(**out)) : NULL;
	json_array_foreach(list, i, f)
	{
		mt_bucket_frame *fr = &(*out)[i];
		json_t *line = json_object_get(f, "line");
		const char *s;

		if (!json_is_object(f)) {
			bad = 1;
			break;
		}
		if ((s = opt_str(f, "name", &bad)))
			fr->name = mt_strdup(s);
		if ((s = opt_str(f, "file", &bad)))
			fr->file = mt_strdup(s);
		if ((s = opt_str(f, "module", &bad)))
			fr->module = mt_strdup(s);
		s = opt_str(f, "category", &bad);
		fr->category = mt_strdup(s ? s : "unknown");
		if (json_is_integer(line) && json_integer_value(line) > 0 &&
		    json_integer_value(line) < 0x7fffffff)
			fr->line = (unsigned)json_integer_value(line);
		else if (line && !json_is_null(line))
			bad = 1;
	}
	if (bad) {
		bkt_frames_free(*out, *n);
		*out = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

/* The crash point of an example stack: an index into its frames, or -1
 * for null. -2 when it is neither. */
static int read_crash_point(json_t *v, size_t nframes)
{
	if (!v || json_is_null(v))
		return -1;
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    (size_t)json_integer_value(v) >= nframes)
		return -2;
	return (int)json_integer_value(v);
}

static int quality_parse(const char *s)
{
	if (!s)
		return -1;
	if (!strcmp(s, "none"))
		return MT_SIGQ_NONE;
	if (!strcmp(s, "weak"))
		return MT_SIGQ_WEAK;
	if (!strcmp(s, "strong"))
		return MT_SIGQ_STRONG;
	return -1;
}

static int hex16(const char *s)
{
	return s && strlen(s) == 16 && strspn(s, "0123456789abcdef") == 16;
}

/* One bucket of a partial into t. NULL, or what is wrong with it. */
static const char *read_bucket(mt_bucket_set *t, json_t *jb)
{
	const char *fp = str_of(jb, "fingerprint");
	json_t *ex = json_object_get(jb, "example");
	json_t *exact = json_object_get(jb, "exact");
	json_t *files = json_object_get(jb, "files"), *v;
	int q = quality_parse(str_of(jb, "signature_quality"));
	mt_bucket_frame *frames;
	size_t i, nframes;
	mt_bucket *b;
	int crash, bad = 0;
	const char *sig, *cls, *kind, *file;

	if (!json_is_object(jb) || !hex16(fp))
		return "no 16-digit fingerprint";
	if (q < 0)
		return "no signature_quality";
	if (!json_is_array(exact) || !json_is_array(files) ||
	    !json_array_size(files))
		return "no exact or files arrays";
	if (!json_is_object(ex) || !(file = str_of(ex, "file")))
		return "no example";
	sig = opt_str(ex, "signature", &bad);
	cls = opt_str(ex, "class", &bad);
	kind = opt_str(ex, "kind", &bad);
	if (bad ||
	    read_frames(&frames, &nframes, json_object_get(ex, "frames")))
		return "a bad example";
	crash = read_crash_point(json_object_get(ex, "crash_point"), nframes);
	if (crash < -1) {
		bkt_frames_free(frames, nframes);
		return "a bad crash_point";
	}
	b = bkt_get(t, fp);
	bkt_offer_example(b, file, sig, cls, kind, frames, nframes, crash);
	if (q < b->quality)
		b->quality = q;
	json_array_foreach(exact, i, v)
	{
		if (!json_is_string(v))
			return "an exact key that is not a string";
		bkt_add_exact(b, json_string_value(v));
	}
	json_array_foreach(files, i, v)
	{
		const char *path = str_of(v, "path");
		json_t *n = json_object_get(v, "reports");

		if (!path || !json_is_integer(n) || json_integer_value(n) < 1)
			return "a file without path or reports";
		bkt_add_file(b, path, (size_t)json_integer_value(n), 0);
	}
	return NULL;
}

/* One partial document into t (a set of its own). NULL or why not. */
static const char *
read_partial(mt_bucket_set *t, json_t *root, char *why, size_t whylen)
{
	const char *schema = str_of(root, "schema");
	json_t *ver = json_object_get(root, "signature_version");
	json_t *rules = json_object_get(root, "signature_rules");
	json_t *list, *v;
	mt_error e;
	size_t i;

	if (!schema || strcmp(schema, MT_BUCKET_PARTIAL_SCHEMA))
		return "not a " MT_BUCKET_PARTIAL_SCHEMA " document";
	if (!json_is_integer(ver) ||
	    json_integer_value(ver) != MT_SIGNATURE_VERSION) {
		snprintf(why, whylen,
		         "signatures of version %lld, this maxtriage signs "
		         "with version %d: triage its dumps again",
		         json_is_integer(ver)
		                 ? (long long)json_integer_value(ver)
		                 : 0LL,
		         MT_SIGNATURE_VERSION);
		return why;
	}
	if (rules && !json_is_null(rules) && !json_is_string(rules))
		return "a bad signature_rules";
	if (mt_bucket_set_rules(t, json_string_value(rules), &e) < 0)
		return "other signature rules";
	list = json_object_get(root, "files");
	if (!json_is_array(list))
		return "no files array";
	json_array_foreach(list, i, v)
	{
		const char *path = str_of(v, "path");
		json_t *t_ = json_object_get(v, "mtime");

		if (!path || !json_is_integer(t_))
			return "a file without path or mtime";
		mt_bucket_add_file(t, path, json_integer_value(t_));
	}
	list = json_object_get(root, "errors");
	if (!json_is_array(list))
		return "no errors array";
	json_array_foreach(list, i, v)
	{
		if (!json_is_string(v))
			return "an error that is not a string";
		MT_PUSH(t->errors, t->nerrors, t->caperrors,
		        mt_strdup(json_string_value(v)));
	}
	list = json_object_get(root, "buckets");
	if (!json_is_array(list))
		return "no buckets array";
	json_array_foreach(list, i, v)
	{
		const char *bad = read_bucket(t, v);

		if (bad) {
			snprintf(why, whylen, "bucket %zu: %s", i + 1, bad);
			return why;
		}
	}
	return NULL;
}

int mt_bucket_merge_partials(mt_bucket_set *s,
                             const char *text,
                             size_t len,
                             const char *origin,
                             size_t *ndocs,
                             mt_error *err)
{
	size_t pos = 0;

	*ndocs = 0;
	for (;;) {
		json_error_t jerr;
		mt_bucket_set t;
		json_t *root;
		const char *bad;
		char why[256];

		while (pos < len && strchr(" \t\r\n", text[pos]))
			pos++;
		if (pos >= len)
			return 0;
		root = json_loadb(text + pos, len - pos, JSON_DISABLE_EOF_CHECK,
		                  &jerr);
		if (!root)
			return mt_error_set(err, MT_EFORMAT,
			                    "partial '%s' (document %zu): %s",
			                    origin, *ndocs + 1, jerr.text);
		pos += jerr.position;
		memset(&t, 0, sizeof(t));
		bad = json_is_object(root)
		              ? read_partial(&t, root, why, sizeof(why))
		              : "not a JSON object";
		json_decref(root);
		if (!bad && mt_bucket_set_rules(s, t.signature_rules, err) < 0)
			bad = "signed with other signature rules than the "
			      "documents before it";
		if (bad) {
			mt_bucket_set_release(&t);
			return mt_error_set(err, MT_EFORMAT,
			                    "partial '%s' (document %zu): %s",
			                    origin, *ndocs + 1, bad);
		}
		bkt_merge_sets(s, &t);
		mt_bucket_set_release(&t);
		(*ndocs)++;
	}
}

/* A weak bucket is known only when every exact key of it is in the
 * baseline's bucket; a strong one by its fingerprint. */
static int exact_known(const mt_bucket *b, json_t *item)
{
	json_t *keys = json_object_get(item, "exact"), *k;
	size_t i, j;

	if (b->quality >= MT_SIGQ_STRONG)
		return 1;
	if (!json_is_array(keys) || !b->nexact)
		return 0;
	for (i = 0; i < b->nexact; i++) {
		int found = 0;

		json_array_foreach(keys, j, k)
		{
			if (json_is_string(k) &&
			    !strcmp(json_string_value(k), b->exact[i])) {
				found = 1;
				break;
			}
		}
		if (!found)
			return 0;
	}
	return 1;
}

/* Whether bucket b's example stack is one of the baseline's. */
static int stack_known(const mt_bucket *b, json_t *list)
{
	json_t *item;
	size_t j;

	json_array_foreach(list, j, item)
	{
		json_t *st = json_object_get(item, "example_stack");
		mt_bucket_frame *frames;
		size_t n;
		int crash, same;

		if (!json_is_object(st) ||
		    read_frames(&frames, &n, json_object_get(st, "frames")))
			continue;
		crash = read_crash_point(json_object_get(st, "crash_point"), n);
		same = crash >= -1 &&
		       mt_bucket_same_stack(b->frames, b->nframes,
		                            b->crash_point, frames, n, crash);
		bkt_frames_free(frames, n);
		if (same)
			return 1;
	}
	return 0;
}

int mt_bucket_apply_baseline(mt_bucket_set *s, const char *path, mt_error *err)
{
	json_error_t jerr;
	json_t *root, *list, *item, *version, *rules;
	const char *schema, *rules_id;
	size_t i, j;

	root = json_load_file(path, 0, &jerr);
	if (!root)
		return mt_error_set(err, jerr.line <= 0 ? MT_EIO : MT_EFORMAT,
		                    "cannot read baseline '%s': %s", path,
		                    jerr.text);
	schema = json_string_value(json_object_get(root, "schema"));
	list = json_object_get(root, "buckets");
	if (!schema || strcmp(schema, MT_BUCKET_SCHEMA) ||
	    !json_is_array(list)) {
		json_decref(root);
		return mt_error_set(err, MT_EFORMAT,
		                    "baseline '%s' is not a %s document", path,
		                    MT_BUCKET_SCHEMA);
	}
	/* a document without a version is of version 1 (before issue 20) */
	version = json_object_get(root, "signature_version");
	s->baseline_version = json_is_integer(version)
	                              ? (long)json_integer_value(version)
	                              : 1;
	rules = json_object_get(root, "signature_rules");
	rules_id = json_is_string(rules) ? json_string_value(rules) : NULL;
	/* a baseline that holds no bucket has no fingerprint to distrust */
	s->baseline_by_stack =
	        json_array_size(list) &&
	        (s->baseline_version != MT_SIGNATURE_VERSION ||
	         strcmp(rules_id ? rules_id : "",
	                s->signature_rules ? s->signature_rules : ""));
	s->has_baseline = 1;
	for (i = 0; i < s->n; i++) {
		mt_bucket *b = &s->buckets[i];

		if (s->baseline_by_stack) {
			b->is_new = !stack_known(b, list);
			continue;
		}
		b->is_new = 1;
		json_array_foreach(list, j, item)
		{
			const char *fp = json_string_value(
			        json_object_get(item, "fingerprint"));

			if (fp && !strcmp(fp, b->fingerprint)) {
				b->is_new = !exact_known(b, item);
				break;
			}
		}
	}
	json_decref(root);
	return 0;
}
