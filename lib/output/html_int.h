/*
 * html_int.h - what the HTML pages share. html_page.c: escaping, the
 * style sheet, the page's head and foot, a crash report's tables.
 * html.c builds the irdiff and report page on it, with html_ir.c (the
 * charts, transitions and findings of irdiff) and html_crash.c (the
 * crash and its joins; the stack and bucket pages).
 */
#ifndef MAXTRIAGE_HTML_INT_H
#define MAXTRIAGE_HTML_INT_H

#include "maxtriage/html_output.h"

/* html_page.c */

/* s (or n bytes of it, NULs skipped) as HTML text or attribute value;
 * NULL is "". */
void html_esc(mt_buf *b, const char *s);
void html_escn(mt_buf *b, const char *s, size_t n);
/* The doctype, head with the one inline style sheet, <body> and the
 * title as <h1>; the foot closes them. */
void html_page_begin(mt_buf *b, const char *title);
void html_page_end(mt_buf *b);
/* A table row: th, then v escaped inside open ... close markup. */
void html_row(mt_buf *b,
              const char *th,
              const char *open,
              const char *v,
              const char *close);
/* Report r (0-based) as a heading and a table of what it says, and its
 * frames as a table (the crash point in bold). */
void html_report_summary(mt_buf *b, const mt_report *rp, size_t r);
void html_frames_table(mt_buf *b, const mt_report *rp);
/* Locations, each in <code>, ", "-separated. */
void html_locs(mt_buf *b, char **l, size_t n);

/* html_crash.c */

/* `report`'s crash section: each report with its joins with the IR. */
void html_crash_section(mt_buf *b, const mt_html_crash *c);

/* html_ir.c */

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
