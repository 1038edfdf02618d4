/*
 * html_output.h - one self-contained HTML page (no network, no external
 * assets) for `irdiff`, `report`, `stack` and `bucket --format html`.
 */
#ifndef MAXTRIAGE_HTML_OUTPUT_H
#define MAXTRIAGE_HTML_OUTPUT_H

#include "maxtriage/buf.h"
#include "maxtriage/ci_output.h"
#include "maxtriage/irdiff_output.h"
#include "maxtriage/join.h"
#include "maxtriage/stack.h"

/* A crash and its joins with the IR, for `report`. */
typedef struct mt_html_crash {
	const mt_report *reports;
	size_t n;
	const mt_join_set *joins; /* may be NULL */
} mt_html_crash;

/* IR text the page embeds per stage, and in all, before it is cut short
 * (budgets for mt_irdiff_excerpts_load; the page says what was cut). */
#define MT_HTML_STAGE_TEXT (512u * 1024u)
#define MT_HTML_TOTAL_TEXT (16u * 1024u * 1024u)

/* Append the page to b. ir and crash may each be NULL; ex holds the stage
 * texts of ir for the side-by-side view (NULL: none embedded). The page
 * only reads them: nothing is opened or computed here. */
void mt_html_render(mt_buf *b,
                    const char *title,
                    const mt_irdiff_report *ir,
                    const mt_irdiff_excerpts *ex,
                    const mt_html_crash *crash);

/* `stack --format html`: every report of every input (summary and
 * frames, as report's page shows them). */
void mt_html_render_stack(mt_buf *b,
                          const char *title,
                          const mt_stack_input *in,
                          size_t n,
                          const mt_ci_opts *o);
/* `bucket --format html`: the buckets as a table (new ones marked, the
 * crash point's source relative to the repository), then each bucket's
 * example stack. */
void mt_html_render_buckets(mt_buf *b,
                            const char *title,
                            const mt_bucket_set *s,
                            const mt_ci_opts *o);

#endif
