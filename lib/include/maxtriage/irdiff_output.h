/*
 * irdiff_output.h - the renderers of an irdiff result (irdiff.h), in
 * lib/output: text, Markdown and JSON (maxtriage.irdiff.v1,
 * docs/json-irdiff.md). They append to an mt_buf (or a JSON writer);
 * they never print and compute nothing. The HTML page is html_output.h.
 */
#ifndef MAXTRIAGE_IRDIFF_OUTPUT_H
#define MAXTRIAGE_IRDIFF_OUTPUT_H

#include <stdio.h>

#include "maxtriage/buf.h"
#include "maxtriage/irdiff.h"
#include "maxtriage/json_writer.h"

void mt_irdiff_write_text(mt_buf *out, const mt_irdiff_report *r);
/* The same with ANSI colours when color is set (bold headings, dim
 * unchanged runs, yellow notes): for a terminal or --color=always. */
void mt_irdiff_write_text_color(mt_buf *out,
                                const mt_irdiff_report *r,
                                int color);
void mt_irdiff_write_markdown(mt_buf *out, const mt_irdiff_report *r);
/* Append the JSON document and a newline to out. Returns 0, or the
 * writer's error (mt_json_finish) when the document could not be formed. */
int mt_irdiff_write_json(mt_buf *out, const mt_irdiff_report *r);
/* The same JSON written to fp as it is made (the document is not held in
 * memory: a report of thousands of transitions is megabytes). Returns 0,
 * or the mt_json error (MT_EIO for a failed write). */
int mt_irdiff_write_json_file(FILE *fp, const mt_irdiff_report *r);
/* Write the same document as one value of w: under key inside an open
 * object (a composite document nests it so), NULL elsewhere. */
void mt_irdiff_json_write(mt_json *w,
                          const char *key,
                          const mt_irdiff_report *r);
/* The same document in parts: begin (under key, as above), each graph,
 * then end once mt_irdiff_run has returned (the notes are known then). */
void mt_irdiff_json_begin(mt_json *w, const char *key);
void mt_irdiff_json_graph(mt_json *w,
                          const mt_irdiff_report *r,
                          const mt_irdiff_graph *g);
void mt_irdiff_json_end(mt_json *w, const mt_irdiff_report *r);

/*
 * The same JSON written to fp while irdiff runs: init, pass &js->sink as
 * mt_irdiff_opts.sink, run, then finish with the report (NULL when the
 * run failed: the document is dropped; the run's errors come before it
 * gives any graph, so nothing of it was written). Memory stays that of the
 * stages being compared; a graph's transitions wait in a temporary file (in
 * memory when none can be made) until its stages are written. finish returns 0
 * or the mt_json error (MT_EIO for a failed write).
 */
typedef struct mt_irdiff_json_stream {
	mt_json w; /* the document */
	mt_json side; /* the open graph's transitions */
	FILE *tmp;
	mt_irdiff_sink sink;
	const mt_irdiff_sink *next; /* also given each call, after it */
} mt_irdiff_json_stream;

/* next (NULL: none) is given every call of the sink once the document
 * has its part: a caller's own look at each stage (cmd_irdiff reports
 * the unreadable ones). */
void mt_irdiff_json_stream_init(mt_irdiff_json_stream *js,
                                FILE *fp,
                                const mt_irdiff_sink *next);
int mt_irdiff_json_stream_finish(mt_irdiff_json_stream *js,
                                 const mt_irdiff_report *r);

#endif
