/* bucket.c - group reports by fingerprint; baselines. */
#include "maxtriage/bucket.h"

#include "maxtriage/stack.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mt_bucket *find(mt_bucket_set *s, const char *fp)
{
	size_t i;

	/* Buckets are few next to reports (that is their point); a linear
	 * scan per report is cheap at the scale of a nightly run. */
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->buckets[i].fingerprint, fp))
			return &s->buckets[i];
	return NULL;
}

void mt_bucket_add(mt_bucket_set *s,
                   const char *fingerprint,
                   const char *signature,
                   const char *category,
                   const char *kind,
                   int quality,
                   const char *exact,
                   const char *file,
                   int64_t mtime)
{
	mt_bucket *b = find(s, fingerprint);
	size_t i;

	if (!b) {
		mt_grow((void **)&s->buckets, &s->cap, s->n + 1,
		        sizeof(*s->buckets));
		b = &s->buckets[s->n++];
		memset(b, 0, sizeof(*b));
		snprintf(b->fingerprint, sizeof(b->fingerprint), "%s",
		         fingerprint);
		b->signature = mt_strdup(signature ? signature : "");
		b->category = mt_strdup(category ? category : "unknown");
		b->kind = mt_strdup(kind ? kind : "unknown");
		b->quality = quality;
		b->first_time = b->last_time = mtime;
	}
	if (quality < b->quality)
		b->quality = quality;
	for (i = 0; exact && i < b->nexact && strcmp(b->exact[i], exact); i++)
		;
	if (exact && *exact && i == b->nexact)
		MT_PUSH(b->exact, b->nexact, b->capexact, mt_strdup(exact));
	b->count++;
	if (mtime < b->first_time)
		b->first_time = mtime;
	if (mtime > b->last_time)
		b->last_time = mtime;
	if (!b->nfiles || strcmp(b->files[b->nfiles - 1], file))
		MT_PUSH(b->files, b->nfiles, b->capfiles, mt_strdup(file));
	s->reports++;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_bucket(const void *pa, const void *pb)
{
	const mt_bucket *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->fingerprint, b->fingerprint);
}

void mt_bucket_finish(mt_bucket_set *s)
{
	size_t i, j, k;

	for (i = 0; i < s->n; i++) {
		mt_bucket *b = &s->buckets[i];

		if (b->nfiles)
			qsort(b->files, b->nfiles, sizeof(*b->files), cmp_str);
		for (j = k = 0; j < b->nfiles; j++) {
			if (k && !strcmp(b->files[k - 1], b->files[j])) {
				free(b->files[j]);
				continue;
			}
			b->files[k++] = b->files[j];
		}
		b->nfiles = k;
	}
	if (s->n) /* qsort(NULL, 0, ...) is undefined behaviour */
		qsort(s->buckets, s->n, sizeof(*s->buckets), cmp_bucket);
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

int mt_bucket_apply_baseline(mt_bucket_set *s, const char *path, mt_error *err)
{
	json_error_t jerr;
	json_t *root, *list, *item, *version;
	const char *schema;
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
	/* fingerprints of another version would re-bucket silently; a
	 * baseline without buckets has none to compare */
	version = json_object_get(root, "signature_version");
	if (json_array_size(list) &&
	    (!json_is_integer(version) ||
	     json_integer_value(version) != MT_SIGNATURE_VERSION)) {
		json_int_t v = json_is_integer(version)
		                       ? json_integer_value(version)
		                       : 1;

		json_decref(root);
		return mt_error_set(
		        err, MT_EFORMAT,
		        "baseline '%s' holds signatures of version %lld, this maxtriage signs with version %d: write it again with --write-baseline",
		        path, (long long)v, MT_SIGNATURE_VERSION);
	}
	s->has_baseline = 1;
	for (i = 0; i < s->n; i++) {
		s->buckets[i].is_new = 1;
		json_array_foreach(list, j, item)
		{
			const char *fp = json_string_value(
			        json_object_get(item, "fingerprint"));

			if (fp && !strcmp(fp, s->buckets[i].fingerprint)) {
				s->buckets[i].is_new =
				        !exact_known(&s->buckets[i], item);
				break;
			}
		}
	}
	json_decref(root);
	return 0;
}

size_t mt_bucket_count_new(const mt_bucket_set *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->n; i++)
		n += s->buckets[i].is_new != 0;
	return n;
}

void mt_bucket_set_release(mt_bucket_set *s)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		mt_bucket *b = &s->buckets[i];

		free(b->signature);
		free(b->category);
		free(b->kind);
		for (j = 0; j < b->nexact; j++)
			free(b->exact[j]);
		free(b->exact);
		for (j = 0; j < b->nfiles; j++)
			free(b->files[j]);
		free(b->files);
	}
	free(s->buckets);
	for (i = 0; i < s->nerrors; i++)
		free(s->errors[i]);
	free(s->errors);
	memset(s, 0, sizeof(*s));
}
