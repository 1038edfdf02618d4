/* output_int.h - private helpers shared by the renderers. */
#ifndef MAXTRIAGE_OUTPUT_INT_H
#define MAXTRIAGE_OUTPUT_INT_H

#include <jansson.h>

/*
 * A JSON string for s, or null when s is NULL. jansson refuses invalid
 * UTF-8 and dumps, IR and paths can hold any bytes: every byte that is not
 * part of a valid sequence becomes U+FFFD, so the document stays valid and
 * nothing else is lost. Returns a new reference.
 */
json_t *mt_json_text(const char *s);

/* Append root, indented, and a newline to out, then drop the reference
 * (steals root). Returns 0 or MT_ENOMEM. */
struct mt_buf;
int mt_json_emit(struct mt_buf *out, json_t *root);

#endif
