/*
 * join.h - join crash reports with the compiler's IR stages: the kernel a
 * MAX error names, the ops in flight, the crash point's function, found
 * as ops and fusions in the stages (`maxtriage report`).
 */
#ifndef MAXTRIAGE_JOIN_H
#define MAXTRIAGE_JOIN_H

#include "maxtriage/buf.h"
#include "maxtriage/irdiff_output.h"
#include "maxtriage/stack.h"

struct mt_stack_input; /* maxtriage/stack_output.h */

#define MT_REPORT_SCHEMA "maxtriage.report.v1"

typedef struct mt_join_member {
	char *op, *sym, *device;
	char **locs;
	size_t nlocs;
} mt_join_member;

typedef struct mt_join_hit {
	char *graph;
	int fusion; /* 1: a fusion; 0: an op found in stages */
	char *from_stage; /* fusion: the stage before; op: first seen */
	char *to_stage; /* fusion: the stage that fused; op: last seen */
	size_t nstages; /* op: stages it appears in */
	mt_join_member op; /* the fused op, or the op found */
	mt_join_member *members; /* fusion: the ops that became it */
	size_t nmembers;
} mt_join_hit;

typedef struct mt_join {
	size_t report; /* index of the report */
	char *key; /* what was looked for */
	const char *source; /* "kernel", "entry_point", "op_in_flight",
	                       "frame" */
	mt_join_hit *hits;
	size_t nhits, cap;
} mt_join;

typedef struct mt_join_set {
	mt_join *joins;
	size_t n, cap;
} mt_join_set;

/* Look up every report's keys in the stages of in (diffed as rep).
 * Stages are re-parsed to find ops; unreadable stages are skipped. */
void mt_join_reports(mt_join_set *out,
                     const mt_report *reports,
                     size_t n,
                     const mt_ir_input *in,
                     const mt_irdiff_report *rep);
void mt_join_set_release(mt_join_set *s);

/* Append the whole `report` JSON document to out: the stack document of
 * stack (one input), the irdiff document of ir (NULL: null) and the joins,
 * nested as they are written. Returns 0, or the writer's error
 * (mt_json_finish) when the document could not be formed. */
int mt_report_render_json(mt_buf *out,
                          const struct mt_stack_input *stack,
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
