/*
 * textdiff.h - a unified diff of two texts in memory, by libgit2's
 * buffer diff (patience algorithm), libgit2 opened on first use
 * (lazylib.h). What --show-ir prints between two stages.
 */
#ifndef MAXTRIAGE_TEXTDIFF_H
#define MAXTRIAGE_TEXTDIFF_H

#include <stddef.h>

#include "maxtriage/buf.h"
#include "maxtriage/common.h"

/*
 * Append to out the hunks ("@@ -a,b +c,d @@" and their ' ', '-', '+'
 * lines, context lines of context around each change) that turn the
 * alen bytes of a into the blen bytes of b, line by line; nothing when
 * they are the same. Returns 0; MT_EUNSUPPORTED when libgit2 cannot be
 * loaded (err says why: the caller may align the lines itself), or
 * MT_EFORMAT when libgit2 fails (err names the call).
 */
int mt_textdiff(mt_buf *out,
                const char *a,
                size_t alen,
                const char *b,
                size_t blen,
                unsigned context,
                mt_error *err);

#endif
