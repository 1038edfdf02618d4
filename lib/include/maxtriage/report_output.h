/*
 * report_output.h - `maxtriage report`: crash reports with their IR, in
 * JSON (maxtriage.report.v1, docs/json-report.md), text and markdown; the
 * joins also nest in `run`'s triage.json.
 */
#ifndef MAXTRIAGE_REPORT_OUTPUT_H
#define MAXTRIAGE_REPORT_OUTPUT_H

#include "maxtriage/buf.h"
#include "maxtriage/join.h"
#include "maxtriage/json_writer.h"
#include "maxtriage/stack_output.h"

#define MT_REPORT_SCHEMA "maxtriage.report.v1"

/* Write the joins of js as the array named key into w. */
void mt_join_json_write(mt_json *w, const char *key, const mt_join_set *js);

/* Append the whole `report` JSON document to out: the stack document of
 * stack (one input), the irdiff document of ir (NULL: null) and the joins,
 * nested as they are written. Returns 0, or the writer's error
 * (mt_json_finish) when the document could not be formed. */
int mt_report_render_json(mt_buf *out,
                          const mt_stack_input *stack,
                          const mt_irdiff_report *ir,
                          const mt_join_set *j);
/* Text / markdown: stack_text is the stack rendering of the same reports. */
void mt_report_render_text(mt_buf *out,
                           const char *stack_text,
                           const mt_report *reports,
                           const mt_join_set *j);
void mt_report_render_markdown(mt_buf *out,
                               const char *stack_md,
                               const mt_report *reports,
                               const mt_join_set *j);

#endif
