/*
 * bucket.c - group reports by fingerprint, order-independently
 * (bucket.h says how); bucket_read.c reads partials and baselines.
 */
#include "bucket_int.h"
#include "triage_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"
#include "maxtriage/map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fp_key(const char *fp)
{
	return mt_hash_finish(mt_hash_str(MT_HASH_SEED, fp));
}

static mt_bucket *find(mt_bucket_set *s, const char *fp)
{
	uint32_t i;
	size_t k;

	if (s->index) {
		i = mt_map_get(s->index, fp_key(fp));
		if (i != MT_MAP_NONE && i < s->n &&
		    !strcmp(s->buckets[i].fingerprint, fp))
			return &s->buckets[i];
		if (i == MT_MAP_NONE)
			return NULL;
	}
	/* no index yet, or two fingerprints of one hash: look at all */
	for (k = 0; k < s->n; k++)
		if (!strcmp(s->buckets[k].fingerprint, fp))
			return &s->buckets[k];
	return NULL;
}

/* The index maps fingerprints to positions; finish() reorders the
 * buckets, so it is rebuilt from scratch when needed again. */
static void index_rebuild(mt_bucket_set *s)
{
	size_t i;
	int found;

	if (!s->index)
		s->index = mt_calloc(1, sizeof(*s->index));
	else
		mt_map_release(s->index);
	mt_map_init(s->index, s->n + 16);
	for (i = 0; i < s->n; i++)
		(void)mt_map_slot(s->index, fp_key(s->buckets[i].fingerprint),
		                  (uint32_t)i, &found);
}

mt_bucket *bkt_get(mt_bucket_set *s, const char *fp)
{
	mt_bucket *b = find(s, fp);
	int found;

	if (b)
		return b;
	if (!s->index || s->index->count != s->n)
		index_rebuild(s);
	mt_grow((void **)&s->buckets, &s->cap, s->n + 1, sizeof(*s->buckets));
	b = &s->buckets[s->n];
	memset(b, 0, sizeof(*b));
	snprintf(b->fingerprint, sizeof(b->fingerprint), "%s", fp);
	b->quality = MT_SIGQ_STRONG;
	b->crash_point = -1;
	(void)mt_map_slot(s->index, fp_key(fp), (uint32_t)s->n, &found);
	s->n++;
	return b;
}

static int strcmp_null(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

void bkt_frames_free(mt_bucket_frame *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(f[i].name);
		free(f[i].file);
		free(f[i].module);
		free(f[i].category);
	}
	free(f);
}

void bkt_offer_example(mt_bucket *b,
                       const char *file,
                       const char *signature,
                       const char *category,
                       const char *kind,
                       mt_bucket_frame *frames,
                       size_t nframes,
                       int crash_point)
{
	int c = b->example ? strcmp(file, b->example) : -1;

	/* equal paths: the same file, read twice; whatever differs (a file
	 * rewritten between shards) is decided by content, not order */
	if (!c)
		c = strcmp_null(signature, b->signature);
	if (!c)
		c = strcmp_null(kind, b->kind);
	if (!c)
		c = strcmp_null(category, b->category);
	if (!c)
		c = (nframes > b->nframes) - (nframes < b->nframes);
	if (c >= 0) {
		bkt_frames_free(frames, nframes);
		return;
	}
	free(b->example);
	free(b->signature);
	free(b->category);
	free(b->kind);
	bkt_frames_free(b->frames, b->nframes);
	b->example = mt_strdup(file);
	b->signature = mt_strdup(signature ? signature : "");
	b->category = mt_strdup(category ? category : "unknown");
	b->kind = mt_strdup(kind ? kind : "unknown");
	b->frames = frames;
	b->nframes = nframes;
	b->crash_point = crash_point;
}

void bkt_add_file(mt_bucket *b, const char *path, size_t n, size_t gen)
{
	mt_bucket_file *last = b->nfiles ? &b->files[b->nfiles - 1] : NULL;

	/* reports of one triage of a file come one after another; the
	 * same path triaged again is another entry, coalesced at finish */
	if (last && gen && b->gen == gen && !strcmp(last->path, path)) {
		last->reports += n;
		return;
	}
	b->gen = gen;
	mt_grow((void **)&b->files, &b->capfiles, b->nfiles + 1,
	        sizeof(*b->files));
	b->files[b->nfiles].path = mt_strdup(path);
	b->files[b->nfiles].reports = n;
	b->nfiles++;
}

void bkt_add_exact(mt_bucket *b, const char *key)
{
	/* distinct at finish: a dedup here would be quadratic */
	if (key && *key)
		MT_PUSH(b->exact, b->nexact, b->capexact, mt_strdup(key));
}

void mt_bucket_add_file(mt_bucket_set *s, const char *path, int64_t mtime)
{
	mt_grow((void **)&s->inputs, &s->capinputs, s->ninputs + 1,
	        sizeof(*s->inputs));
	s->inputs[s->ninputs].path = mt_strdup(path);
	s->inputs[s->ninputs].mtime = mtime;
	s->ninputs++;
	s->gen++;
}

void mt_bucket_add_error(mt_bucket_set *s, const char *path, const char *why)
{
	mt_buf b = MT_BUF_INIT;

	mt_buf_printf(&b, "%s: %s", path, why);
	MT_PUSH(s->errors, s->nerrors, s->caperrors, mt_buf_detach(&b));
}

int mt_bucket_set_rules(mt_bucket_set *s, const char *rules_id, mt_error *err)
{
	if (s->rules_set && strcmp_null(s->signature_rules, rules_id))
		return mt_error_set(
		        err, MT_EFORMAT,
		        "signed with other signature rules (%s, not %s)",
		        rules_id ? rules_id : "none",
		        s->signature_rules ? s->signature_rules : "none");
	if (!s->rules_set) {
		s->signature_rules = rules_id ? mt_strdup(rules_id) : NULL;
		s->rules_set = 1;
	}
	return 0;
}

/* What identifies frame f whatever the signature rules. */
static void example_frame(mt_bucket_frame *out, const mt_frame *f)
{
	const char *name = tri_frame_name(f);

	memset(out, 0, sizeof(*out));
	if (name && *name && strcmp(name, "??")) {
		out->name = mt_function_display(name);
	} else if (f->module && f->has_offset) {
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b, "%s+0x%llx", tri_base_name(f->module),
		              (unsigned long long)f->module_offset);
		out->name = mt_buf_detach(&b);
	}
	out->file = f->file ? mt_strdup(f->file) : NULL;
	out->line = f->line;
	out->module = f->module ? mt_strdup(f->module) : NULL;
	out->category = mt_strdup(mt_category_name(f->category));
}

void mt_bucket_frames_of(mt_bucket_frame **out,
                         size_t *n,
                         int *crash_point,
                         const mt_report *r)
{
	size_t i;

	*n = r->nframes < MT_BUCKET_FRAMES_MAX ? r->nframes
	                                       : MT_BUCKET_FRAMES_MAX;
	*out = *n ? mt_calloc(*n, sizeof(**out)) : NULL;
	for (i = 0; i < *n; i++)
		example_frame(&(*out)[i], &r->frames[i]);
	*crash_point = r->blame_frame >= 0 && (size_t)r->blame_frame < *n
	                       ? r->blame_frame
	                       : -1;
}

void mt_bucket_frames_free(mt_bucket_frame *f, size_t n)
{
	bkt_frames_free(f, n);
}

void mt_bucket_add_report(mt_bucket_set *s,
                          const char *path,
                          const mt_report *r)
{
	mt_bucket *b = bkt_get(s, r->fingerprint);
	mt_bucket_frame *frames;
	size_t n;
	int crash;

	/* only a report that may become the example pays for its frames */
	if (!b->example || strcmp(path, b->example) < 0) {
		mt_bucket_frames_of(&frames, &n, &crash, r);
		bkt_offer_example(b, path, r->signature,
		                  mt_category_name(r->category),
		                  mt_kind_name(r->kind), frames, n, crash);
	}
	if ((int)r->signature_quality < b->quality)
		b->quality = (int)r->signature_quality;
	bkt_add_exact(b, r->exact);
	bkt_add_file(b, path, 1, s->gen);
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
	mt_bucket *b = bkt_get(s, fingerprint);

	mt_bucket_add_file(s, file, mtime);
	bkt_offer_example(b, file, signature, category, kind, NULL, 0, -1);
	if (quality < b->quality)
		b->quality = quality;
	bkt_add_exact(b, exact);
	bkt_add_file(b, file, 1, s->gen);
}

void bkt_merge_sets(mt_bucket_set *dst, const mt_bucket_set *src)
{
	size_t i, j;

	for (i = 0; i < src->ninputs; i++)
		mt_bucket_add_file(dst, src->inputs[i].path,
		                   src->inputs[i].mtime);
	for (i = 0; i < src->nerrors; i++)
		MT_PUSH(dst->errors, dst->nerrors, dst->caperrors,
		        mt_strdup(src->errors[i]));
	for (i = 0; i < src->n; i++) {
		const mt_bucket *sb = &src->buckets[i];
		mt_bucket *b = bkt_get(dst, sb->fingerprint);
		mt_bucket_frame *frames = NULL;

		if (sb->example) {
			frames = sb->nframes ? mt_calloc(sb->nframes,
			                                 sizeof(*frames))
			                     : NULL;
			for (j = 0; j < sb->nframes; j++) {
				const mt_bucket_frame *f = &sb->frames[j];

				frames[j].name =
				        f->name ? mt_strdup(f->name) : NULL;
				frames[j].file =
				        f->file ? mt_strdup(f->file) : NULL;
				frames[j].line = f->line;
				frames[j].module =
				        f->module ? mt_strdup(f->module) : NULL;
				frames[j].category = mt_strdup(
				        f->category ? f->category : "unknown");
			}
			bkt_offer_example(b, sb->example, sb->signature,
			                  sb->category, sb->kind, frames,
			                  sb->nframes, sb->crash_point);
		}
		if (sb->quality < b->quality)
			b->quality = sb->quality;
		for (j = 0; j < sb->nexact; j++)
			bkt_add_exact(b, sb->exact[j]);
		for (j = 0; j < sb->nfiles; j++)
			bkt_add_file(b, sb->files[j].path, sb->files[j].reports,
			             0);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort strings and drop repeats (freed); returns the new count. */
static size_t sort_unique(char **v, size_t n)
{
	size_t j, k;

	if (n)
		qsort(v, n, sizeof(*v), cmp_str);
	for (j = k = 0; j < n; j++) {
		if (k && !strcmp(v[k - 1], v[j])) {
			free(v[j]);
			continue;
		}
		v[k++] = v[j];
	}
	return k;
}

static int cmp_file(const void *pa, const void *pb)
{
	const mt_bucket_file *a = pa, *b = pb;

	return strcmp(a->path, b->path);
}

static int cmp_input(const void *pa, const void *pb)
{
	const mt_bucket_input *a = pa, *b = pb;

	return strcmp(a->path, b->path);
}

static int cmp_bucket(const void *pa, const void *pb)
{
	const mt_bucket *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->fingerprint, b->fingerprint);
}

/* A file triaged twice (given twice, or in two shards) counts once:
 * its entries are one, with the larger count (and, for inputs, time),
 * so the result does not depend on how often or in what order. */
static void coalesce_files(mt_bucket *b)
{
	size_t j, k;

	if (b->nfiles)
		qsort(b->files, b->nfiles, sizeof(*b->files), cmp_file);
	for (j = k = 0; j < b->nfiles; j++) {
		if (k && !strcmp(b->files[k - 1].path, b->files[j].path)) {
			if (b->files[j].reports > b->files[k - 1].reports)
				b->files[k - 1].reports = b->files[j].reports;
			free(b->files[j].path);
			continue;
		}
		b->files[k++] = b->files[j];
	}
	b->nfiles = k;
}

static void coalesce_inputs(mt_bucket_set *s)
{
	size_t j, k;

	if (s->ninputs)
		qsort(s->inputs, s->ninputs, sizeof(*s->inputs), cmp_input);
	for (j = k = 0; j < s->ninputs; j++) {
		if (k && !strcmp(s->inputs[k - 1].path, s->inputs[j].path)) {
			if (s->inputs[j].mtime > s->inputs[k - 1].mtime)
				s->inputs[k - 1].mtime = s->inputs[j].mtime;
			free(s->inputs[j].path);
			continue;
		}
		s->inputs[k++] = s->inputs[j];
	}
	s->ninputs = k;
}

static const mt_bucket_input *input_of(const mt_bucket_set *s, const char *path)
{
	mt_bucket_input key = { (char *)path, 0 };

	if (!s->ninputs)
		return NULL;
	return bsearch(&key, s->inputs, s->ninputs, sizeof(*s->inputs),
	               cmp_input);
}

void mt_bucket_finish(mt_bucket_set *s)
{
	size_t i, j;

	coalesce_inputs(s);
	s->nerrors = sort_unique(s->errors, s->nerrors);
	s->reports = 0;
	for (i = 0; i < s->n; i++) {
		mt_bucket *b = &s->buckets[i];

		coalesce_files(b);
		b->nexact = sort_unique(b->exact, b->nexact);
		b->count = 0;
		b->first_time = b->last_time = 0;
		for (j = 0; j < b->nfiles; j++) {
			const mt_bucket_input *in =
			        input_of(s, b->files[j].path);
			int64_t t = in ? in->mtime : 0;

			b->count += b->files[j].reports;
			if (!j || t < b->first_time)
				b->first_time = t;
			if (!j || t > b->last_time)
				b->last_time = t;
		}
		s->reports += b->count;
	}
	s->files = s->ninputs;
	if (s->n) /* qsort(NULL, 0, ...) is undefined behaviour */
		qsort(s->buckets, s->n, sizeof(*s->buckets), cmp_bucket);
	if (s->index)
		index_rebuild(s);
}

size_t mt_bucket_count_new(const mt_bucket_set *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->n; i++)
		n += s->buckets[i].is_new != 0;
	return n;
}

static int same_frame(const mt_bucket_frame *a, const mt_bucket_frame *b)
{
	return !strcmp_null(a->name, b->name) &&
	       !strcmp_null(tri_base_name(a->file), tri_base_name(b->file)) &&
	       a->line == b->line &&
	       !strcmp_null(tri_base_name(a->module), tri_base_name(b->module));
}

int mt_bucket_same_stack(const mt_bucket_frame *a,
                         size_t na,
                         int crash_a,
                         const mt_bucket_frame *b,
                         size_t nb,
                         int crash_b)
{
	size_t i, from_a = 0, from_b = 0;
	int telling = 0;

	if (crash_a >= 0 && crash_b >= 0) {
		from_a = (size_t)crash_a;
		from_b = (size_t)crash_b;
	}
	if (na - from_a != nb - from_b)
		return 0;
	for (i = 0; from_a + i < na; i++) {
		const mt_bucket_frame *fa = &a[from_a + i];

		if (!same_frame(fa, &b[from_b + i]))
			return 0;
		telling |= fa->name || fa->file;
	}
	/* frames with neither name nor file (or none at all) tell no two
	 * crashes apart */
	return telling;
}

void mt_bucket_set_release(mt_bucket_set *s)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		mt_bucket *b = &s->buckets[i];

		free(b->example);
		free(b->signature);
		free(b->category);
		free(b->kind);
		bkt_frames_free(b->frames, b->nframes);
		for (j = 0; j < b->nexact; j++)
			free(b->exact[j]);
		free(b->exact);
		for (j = 0; j < b->nfiles; j++)
			free(b->files[j].path);
		free(b->files);
	}
	free(s->buckets);
	for (i = 0; i < s->ninputs; i++)
		free(s->inputs[i].path);
	free(s->inputs);
	for (i = 0; i < s->nerrors; i++)
		free(s->errors[i]);
	free(s->errors);
	free(s->signature_rules);
	if (s->index) {
		mt_map_release(s->index);
		free(s->index);
	}
	memset(s, 0, sizeof(*s));
}
