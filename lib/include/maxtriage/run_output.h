/*
 * run_output.h - DIR/triage.json of `maxtriage run` (maxtriage.run.v1,
 * docs/json-run.md): the command, how it ended, the stack and irdiff
 * documents of what it left and their joins, nested as they are written.
 */
#ifndef MAXTRIAGE_RUN_OUTPUT_H
#define MAXTRIAGE_RUN_OUTPUT_H

#include "maxtriage/irdiff_output.h"
#include "maxtriage/join.h"
#include "maxtriage/stack_output.h"

#include <stdio.h>

#define MT_RUN_SCHEMA "maxtriage.run.v1"

/* Everything borrowed: the caller keeps it alive during the call. */
typedef struct mt_run_result {
	const char *const *command; /* argv of the command run */
	size_t ncommand;
	int exit_status; /* its own, or 128+N when killed by signal N */
	const char *signal; /* strsignal() text, NULL when not signalled */
	const char *log, *ir_dir; /* paths as written */
	const mt_stack_input *stack; /* the log's reports, then those of
	                                what the crash left and of a hang */
	size_t nstack; /* inputs in stack (0 is taken as 1) */
	const char *const *kept; /* files the crash left, kept in DIR */
	size_t nkept;
	const mt_irdiff_report *irdiff; /* NULL: no IR could be compared */
	const char *irdiff_note; /* why irdiff is NULL, or NULL */
	const mt_join_set *joins; /* the reports' keys found in the IR */
} mt_run_result;

/* Write the triage.json document of r to f (borrowed, not closed).
 * Returns 0, MT_EIO when a write failed (errno kept), or the writer's
 * error (mt_json_finish) when the document could not be formed. */
int mt_run_write_json(FILE *f, const mt_run_result *r);

#endif
