/*
 * bucket.h - group triaged reports of many files by fingerprint, merge
 * partial results, and compare them with a baseline
 * (docs/json-bucket.md); bucket_output.h renders the result.
 *
 * Every field of a bucket is independent of the order reports, files and
 * partial results come in, so one run over all inputs and any merge of
 * any sharding of them give the same set byte for byte:
 * - a bucket's signature, class, kind and example stack come from its
 *   example: the first report of that fingerprint in the file whose path
 *   sorts first (not the first report added);
 * - files are keyed by path: a file triaged twice (given twice, or in two
 *   shards) counts once;
 * - counts and times are recomputed from the per-file lists at finish;
 * - quality is the minimum, exact keys the sorted union, errors sorted.
 */
#ifndef MAXTRIAGE_BUCKET_H
#define MAXTRIAGE_BUCKET_H

#include "maxtriage/common.h"
#include "maxtriage/stack.h"

#include <stdint.h>

/* the schema of bucket documents, written and read as baselines */
#define MT_BUCKET_SCHEMA "maxtriage.bucket.v1"
/* the schema of partial results (--emit-partial, read by --merge) */
#define MT_BUCKET_PARTIAL_SCHEMA "maxtriage.bucket.partial.v1"
/* frames of an example stack kept, at most (the crash point's
 * neighbourhood is what identifies it) */
#define MT_BUCKET_FRAMES_MAX 64

/* One frame of a bucket's example stack: what identifies it whatever
 * the signature rules (docs/json-bucket.md, "example_stack"). */
typedef struct mt_bucket_frame {
	char *name; /* display name, else "module+0xOFF", else NULL */
	char *file; /* source file as resolved or printed, or NULL */
	unsigned line; /* 0: none */
	char *module; /* as printed, or NULL */
	char *category;
} mt_bucket_frame;

/* A file holding reports of a bucket. */
typedef struct mt_bucket_file {
	char *path;
	size_t reports; /* reports of this bucket in the file */
} mt_bucket_file;

typedef struct mt_bucket {
	char fingerprint[17];
	/* from the example report */
	char *example; /* its file */
	char *signature;
	char *category;
	char *kind;
	mt_bucket_frame *frames; /* its first MT_BUCKET_FRAMES_MAX frames */
	size_t nframes;
	int crash_point; /* index into frames, -1 when none (or past them) */
	/* from every report */
	int quality; /* mt_signature_quality of its weakest report */
	char **exact; /* the reports' exact keys, sorted, distinct (owned) */
	size_t nexact, capexact;
	mt_bucket_file *files; /* sorted by path, distinct, after finish */
	size_t nfiles, capfiles;
	size_t count; /* reports in this bucket (after finish) */
	int64_t first_time, last_time; /* its files' modification times */
	int is_new; /* not in the baseline */
	size_t gen; /* private: the file triage its last report came from */
} mt_bucket;

/* A file that was triaged, with or without reports. */
typedef struct mt_bucket_input {
	char *path;
	int64_t mtime;
} mt_bucket_input;

typedef struct mt_bucket_set {
	mt_bucket *buckets;
	size_t n, cap;
	mt_bucket_input *inputs; /* sorted by path, distinct, after finish */
	size_t ninputs, capinputs;
	size_t files, reports; /* after finish */
	char **errors; /* "path: why" for inputs that failed (sorted at
	                  finish) */
	size_t nerrors, caperrors;
	/* the signature rules the reports were signed with
	 * (mt_rules_signature_id), NULL for none; rules_set once known */
	char *signature_rules;
	int rules_set;
	/* baseline */
	int has_baseline;
	long baseline_version; /* its signature_version */
	int baseline_by_stack; /* matched by example stacks, not by
	                          fingerprints (another version or other
	                          signature rules) */
	struct mt_map *index; /* private: fingerprint -> bucket */
	size_t gen; /* private: counts mt_bucket_add_file calls */
} mt_bucket_set;

/* The frames of r as a bucket's example stack holds them (at most
 * MT_BUCKET_FRAMES_MAX): a new array in *out (free with
 * mt_bucket_frames_free), its length in *n, the crash point's index in
 * it (or -1) in *crash_point. */
void mt_bucket_frames_of(mt_bucket_frame **out,
                         size_t *n,
                         int *crash_point,
                         const mt_report *r);
void mt_bucket_frames_free(mt_bucket_frame *f, size_t n);

/* Record that path (modification time mtime) was triaged. */
void mt_bucket_add_file(mt_bucket_set *s, const char *path, int64_t mtime);
/* Add report r of file path (added with mt_bucket_add_file) to its
 * bucket. Reports of one file must be added in their order. */
void mt_bucket_add_report(mt_bucket_set *s,
                          const char *path,
                          const mt_report *r);
/* Add one report given by its fields (no frames); strings are copied.
 * quality is the report's mt_signature_quality, exact its exact key. */
void mt_bucket_add(mt_bucket_set *s,
                   const char *fingerprint,
                   const char *signature,
                   const char *category,
                   const char *kind,
                   int quality,
                   const char *exact,
                   const char *file,
                   int64_t mtime);
/* Record "path: why" for an input that was not triaged. */
void mt_bucket_add_error(mt_bucket_set *s, const char *path, const char *why);
/* Record the signature rules of the reports (NULL: none). MT_EFORMAT
 * with err when the set already holds reports signed by others. */
int mt_bucket_set_rules(mt_bucket_set *s, const char *rules_id, mt_error *err);

/* Merge every partial document (maxtriage.bucket.partial.v1) in
 * text[0..len): one or more, concatenated, whitespace between them.
 * *ndocs receives how many were read. MT_EFORMAT with err (naming
 * origin) for a document that is not one, or one of another signature
 * version or other signature rules; the documents before it stay
 * merged. */
int mt_bucket_merge_partials(mt_bucket_set *s,
                             const char *text,
                             size_t len,
                             const char *origin,
                             size_t *ndocs,
                             mt_error *err);

/* Sort and coalesce everything, recompute counts and times; order the
 * buckets (count desc, then fingerprint). Call once all is added, before
 * rendering; adding afterwards needs another finish. */
void mt_bucket_finish(mt_bucket_set *s);

/* Mark buckets absent from the baseline file (a maxtriage.bucket.v1
 * document) as new. A bucket whose signature is weak (or none) is known
 * only when the baseline's bucket of that fingerprint also holds every
 * exact key of it: a weak fingerprint alone may join two crashes. A
 * baseline of another MT_SIGNATURE_VERSION or other signature rules is
 * read all the same (s->baseline_by_stack is set, for the caller to warn):
 * its fingerprints mean other things, so a bucket is known there only
 * when its example stack is a baseline bucket's, frame for frame
 * (mt_bucket_same_stack). MT_EIO / MT_EFORMAT with err. */
int mt_bucket_apply_baseline(mt_bucket_set *s, const char *path, mt_error *err);
size_t mt_bucket_count_new(const mt_bucket_set *s);
/* Whether two example stacks are the same crash, frame for frame from
 * their crash points (the whole stacks when either has none): name,
 * source file's basename, line and module's basename. */
int mt_bucket_same_stack(const mt_bucket_frame *a,
                         size_t na,
                         int crash_a,
                         const mt_bucket_frame *b,
                         size_t nb,
                         int crash_b);
void mt_bucket_set_release(mt_bucket_set *s);

#endif
