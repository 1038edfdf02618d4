/*
 * bucket_int.h - what bucket.c (adding, finishing) and bucket_read.c
 * (partial documents and baselines, read with jansson) share.
 */
#ifndef MAXTRIAGE_BUCKET_INT_H
#define MAXTRIAGE_BUCKET_INT_H

#include "maxtriage/bucket.h"

/* The bucket of fingerprint fp, created empty (no example yet, quality
 * strong) when absent. */
mt_bucket *bkt_get(mt_bucket_set *s, const char *fp);
/* Offer an example to b: it becomes b's when b has none or file sorts
 * before b's (ties broken by signature, kind, class, so any order of
 * offers ends with the same one). Steals frames (nframes of them). */
void bkt_offer_example(mt_bucket *b,
                       const char *file,
                       const char *signature,
                       const char *category,
                       const char *kind,
                       mt_bucket_frame *frames,
                       size_t nframes,
                       int crash_point);
/* Note that b has n more reports in file path: added to the last entry
 * when gen (nonzero: one triage of the file) is the last report's, else
 * a new entry (entries of one path are one at finish, the largest). */
void bkt_add_file(mt_bucket *b, const char *path, size_t n, size_t gen);
void bkt_add_exact(mt_bucket *b, const char *key);
/* Merge everything of src into dst (src is left as it was). */
void bkt_merge_sets(mt_bucket_set *dst, const mt_bucket_set *src);
void bkt_frames_free(mt_bucket_frame *f, size_t n);

#endif
