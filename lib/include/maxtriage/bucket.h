/*
 * bucket.h - group triaged reports of many files by fingerprint and
 * compare them with a baseline (docs/json-bucket.md); bucket_output.h
 * renders the result.
 */
#ifndef MAXTRIAGE_BUCKET_H
#define MAXTRIAGE_BUCKET_H

#include "maxtriage/common.h"

#include <stdint.h>

/* the schema of bucket documents, written and read as baselines */
#define MT_BUCKET_SCHEMA "maxtriage.bucket.v1"

typedef struct mt_bucket {
	char fingerprint[17];
	char *signature;
	char *category;
	char *kind;
	size_t count; /* reports in this bucket */
	char **files; /* distinct files, sorted (owned) */
	size_t nfiles, capfiles;
	int64_t first_time, last_time; /* file modification times */
	int is_new; /* not in the baseline */
} mt_bucket;

typedef struct mt_bucket_set {
	mt_bucket *buckets;
	size_t n, cap;
	size_t files, reports;
	int has_baseline;
	char **errors; /* "path: why" for inputs that failed */
	size_t nerrors, caperrors;
} mt_bucket_set;

/* Add one report of file (mtime) to its bucket. Strings are copied. */
void mt_bucket_add(mt_bucket_set *s,
                   const char *fingerprint,
                   const char *signature,
                   const char *category,
                   const char *kind,
                   const char *file,
                   int64_t mtime);
/* Sort buckets (count desc, then fingerprint) and their files. */
void mt_bucket_finish(mt_bucket_set *s);
/* Mark buckets absent from the baseline file (a maxtriage.bucket.v1
 * document) as new. MT_EIO / MT_EFORMAT with err. */
int mt_bucket_apply_baseline(mt_bucket_set *s, const char *path, mt_error *err);
size_t mt_bucket_count_new(const mt_bucket_set *s);
void mt_bucket_set_release(mt_bucket_set *s);

#endif
