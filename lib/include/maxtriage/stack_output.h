/*
 * stack_output.h - render triaged crash reports: JSON (maxtriage.stack.v1,
 * docs/json-stack.md), text for people, markdown for bug reports.
 * Renderers read reports; they compute nothing.
 */
#ifndef MAXTRIAGE_STACK_OUTPUT_H
#define MAXTRIAGE_STACK_OUTPUT_H

#include "maxtriage/buf.h"
#include "maxtriage/json_writer.h"
#include "maxtriage/stack.h"

#define MT_STACK_SCHEMA "maxtriage.stack.v1"

typedef struct mt_stack_input {
	const char *path; /* input name as given ("-" for stdin) */
	const mt_report *reports;
	size_t nreports;
	const char *error; /* set when the input could not be read */
} mt_stack_input;

/* Append the JSON document for all inputs to out (pretty, keys in schema
 * order, newline-terminated). */
void mt_stack_render_json(mt_buf *out, const mt_stack_input *in, size_t n);
/* Write the same document as one value of w: under key inside an open
 * object (a composite document nests it so), NULL elsewhere. */
void mt_stack_json_write(mt_json *w,
                         const char *key,
                         const mt_stack_input *in,
                         size_t n);
void mt_stack_render_text(mt_buf *out,
                          const mt_stack_input *in,
                          size_t n,
                          int color);
void mt_stack_render_markdown(mt_buf *out, const mt_stack_input *in, size_t n);

#endif
