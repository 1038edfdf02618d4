/*
 * html_int.h - what the HTML pages share (html_page.c): html.c (irdiff,
 * report) and html_crash.c (stack, bucket) build on it.
 */
#ifndef MAXTRIAGE_HTML_INT_H
#define MAXTRIAGE_HTML_INT_H

#include "maxtriage/html_output.h"

/* s (or n bytes of it, NULs skipped) as HTML text or attribute value. */
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
/* Locations as code, ", "-separated. */
void html_locs(mt_buf *b, char **l, size_t n);

/* html_crash.c */

/* `report`'s crash section: each report with its joins with the IR. */
void html_crash_section(mt_buf *b, const mt_html_crash *c);

#endif
