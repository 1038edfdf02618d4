/*
 * bucket_output.h - a bucket set as maxtriage.bucket.v1 JSON
 * (docs/json-bucket.md) or text.
 */
#ifndef MAXTRIAGE_BUCKET_OUTPUT_H
#define MAXTRIAGE_BUCKET_OUTPUT_H

#include "maxtriage/bucket.h"
#include "maxtriage/buf.h"

void mt_bucket_render_json(mt_buf *out, const mt_bucket_set *s);
/* color: 1 for ANSI colours (a terminal) */
void mt_bucket_render_text(mt_buf *out, const mt_bucket_set *s, int color);

#endif
