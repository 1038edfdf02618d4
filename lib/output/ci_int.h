/*
 * ci_int.h - what the CI renderers (sarif.c, ci_output.c, html_crash.c)
 * share: where a crash is in the source, paths relative to the
 * repository.
 */
#ifndef MAXTRIAGE_CI_INT_H
#define MAXTRIAGE_CI_INT_H

#include "maxtriage/ci_output.h"

/* The frame a CI surface points at: from the crash point on (the first
 * frame when there is none), the first model or kernel frame with a
 * source file and line, else the crash point itself when it has both;
 * NULL when none. */
const mt_bucket_frame *
ci_location_frame(const mt_bucket_frame *frames, size_t n, int crash_point);
/* path relative to root (a directory) when it lies under it, else NULL.
 * Borrowed from path. */
const char *ci_repo_relative(const char *path, const char *root);
/* A bucket whose CI surfaces call it new: new against the baseline, or
 * every bucket when there is none (a crash nothing says is known). */
int ci_is_new(const mt_bucket_set *s, const mt_bucket *b);

#endif
