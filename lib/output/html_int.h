/*
 * html_int.h - what the two halves of the HTML page share: html.c (the
 * page, the crash and its joins, the side-by-side view) and html_ir.c
 * (charts, transitions and findings of irdiff).
 */
#ifndef MAXTRIAGE_HTML_INT_H
#define MAXTRIAGE_HTML_INT_H

#include "maxtriage/html_output.h"

/* Append s (NUL-terminated; NULL is "") to b, HTML-escaped. */
void html_esc(mt_buf *b, const char *s);
/* The same for n bytes of s; NUL bytes are left out. */
void html_escn(mt_buf *b, const char *s, size_t n);
/* Locations, each in <code>, ", "-separated. */
void html_locs(mt_buf *b, char **l, size_t n);
/* The name of stage i of g. */
const char *html_stage_name(const mt_irdiff_graph *g, size_t i);

/* Names (dialects or devices) of the whole page, biggest first: their
 * colours, the same in every chart. */
typedef struct html_legend {
	mt_ir_count *names; /* name borrowed from the report, n = ops */
	size_t n, cap;
} html_legend;
void html_legend_build(html_legend *l,
                       const mt_irdiff_report *ir,
                       int by_device);
/* The charts of graph g that say something. */
void html_charts(mt_buf *b,
                 const mt_irdiff_graph *g,
                 const html_legend *dialects,
                 const html_legend *devices);
/* The transitions table and the findings tables of g. */
void html_transitions(mt_buf *b, const mt_irdiff_graph *g);
/* Graph gi's stage texts, hidden, for the side-by-side view. */
void html_stage_texts(mt_buf *b, const mt_irdiff_excerpts *ex, size_t gi);

#endif
