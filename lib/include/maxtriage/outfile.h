/*
 * outfile.h - files maxtriage writes for the user (`run`'s log.txt and
 * triage.json, `bucket --write-baseline`), written whole or not at all.
 *
 * The bytes go to a new hidden file beside the final name (created with
 * O_EXCL | O_NOFOLLOW, so nothing already there is opened, a planted
 * symlink included); mt_outfile_commit() flushes and syncs it and renames
 * it over the final name, which replaces a symlink found there instead of
 * writing through it. Readers see the previous file or the complete new
 * one. On any failure the temporary file is removed and the error names
 * the final path and the cause (ENOSPC, EROFS, EACCES, EFBIG...).
 */
#ifndef MAXTRIAGE_OUTFILE_H
#define MAXTRIAGE_OUTFILE_H

#include "maxtriage/common.h"

#include <stdio.h>

typedef struct mt_outfile {
	FILE *fp; /* write through this, or mt_outfile_write() */
	char *path; /* the final name (owned) */
	char *tmp; /* the temporary file's name (owned) */
	int err; /* errno of the first failed write, 0 */
} mt_outfile;

/* Create the temporary file for path. 0, or MT_EIO with err naming path
 * and the cause; *f is then empty (mt_outfile_abort is a no-op on it). */
int mt_outfile_open(mt_outfile *f, const char *path, mt_error *err);
/* Append n bytes; after the first failure nothing more is written and the
 * failure is kept for mt_outfile_commit(). 0 or MT_EIO. */
int mt_outfile_write(mt_outfile *f, const void *p, size_t n);
/* Flush, sync, close and rename into place. 0, or MT_EIO with err naming
 * the final path and the first cause (a failed write, a full disk at the
 * flush, a refused rename); the temporary file is then removed. Either
 * way f is released. */
int mt_outfile_commit(mt_outfile *f, mt_error *err);
/* Drop what was written: the final name is left as it was. Accepts an
 * empty or released f. */
void mt_outfile_abort(mt_outfile *f);

/* Remove the file (or symlink: never its target) at path; a missing one
 * is not an error. 0, or MT_EIO with err naming path and the cause. */
int mt_outfile_remove(const char *path, mt_error *err);

/* Create the directory path and its missing parents (mode 0777 and the
 * umask). 0, or MT_EIO with err naming the component that could not be
 * made and the cause (EROFS, EACCES, ENOTDIR...). */
int mt_outdir_make(const char *path, mt_error *err);
/* Remove everything inside the directory path, never following a
 * symlink (a symlink is removed, its target is not touched; nesting past
 * 64 levels is refused). 0, or MT_EIO with err naming what could not be
 * removed. */
int mt_outdir_empty(const char *path, mt_error *err);

#endif
