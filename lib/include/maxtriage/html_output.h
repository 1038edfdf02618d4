/*
 * html_output.h - one self-contained HTML page (no network, no external
 * assets) for `irdiff --format html` and `report --format html`.
 */
#ifndef MAXTRIAGE_HTML_OUTPUT_H
#define MAXTRIAGE_HTML_OUTPUT_H

#include "maxtriage/buf.h"
#include "maxtriage/irdiff_output.h"
#include "maxtriage/join.h"
#include "maxtriage/stack.h"

/* A crash and its joins with the IR, for `report`. */
typedef struct mt_html_crash {
	const mt_report *reports;
	size_t n;
	const mt_join_set *joins; /* may be NULL */
} mt_html_crash;

/* Append the page to b. ir and crash may each be NULL. Stage texts are
 * embedded for the side-by-side view up to 512 KiB each and 16 MiB in
 * all (the page says what was cut). */
void mt_html_render(mt_buf *b,
                    const char *title,
                    const mt_irdiff_report *ir,
                    const mt_html_crash *crash);

#endif
