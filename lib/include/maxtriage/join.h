/*
 * join.h - join crash reports with the compiler's IR stages: the kernel a
 * MAX error names, the ops in flight, the crash point's function, found
 * as ops and fusions in the stages; and the one pipeline of `report` and
 * `run` that triages a crash together with its IR (crash_ir.c).
 */
#ifndef MAXTRIAGE_JOIN_H
#define MAXTRIAGE_JOIN_H

#include "maxtriage/irdiff.h"
#include "maxtriage/stack.h"
#include "maxtriage/triage.h"

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

/* A crash and the IR of the same run, triaged together: what `report`
 * prints and `run` writes into triage.json. */
typedef struct mt_crash_ir {
	mt_report_set set; /* the text's reports, triaged */
	mt_ir_input *in; /* the stages read, NULL when none could be */
	mt_irdiff_report ir; /* their diff, valid when has_ir */
	mt_irdiff_opts ir_opts; /* the defaults; ir points to them */
	int has_ir;
	char *ir_note; /* why has_ir is 0 (owned), or NULL */
	mt_join_set joins; /* each report's keys found in the stages */
} mt_crash_ir;

/* The stack pipeline p over text, irdiff over the stages at ir_path
 * (NULL: none), the joins of the reports with the stages, and each
 * report's next steps again with what the IR holds (its Python call
 * sites). p->next.ir_given is implied when ir_path is given. An IR that
 * cannot be read leaves has_ir 0 and says why in ir_note; the reports are
 * triaged all the same. out->ir points into *out: keep it in place (no
 * copies) until mt_crash_ir_release(). */
void mt_crash_ir_run(mt_crash_ir *out,
                     const char *text,
                     size_t len,
                     const char *ir_path,
                     const mt_pipeline *p);
void mt_crash_ir_release(mt_crash_ir *c);

#endif
