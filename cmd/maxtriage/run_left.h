/*
 * run_left.h - what a command run by `maxtriage run` left on disk
 * (run_left.c): minidumps new in the crash databases, its core.
 */
#ifndef MAXTRIAGE_RUN_LEFT_H
#define MAXTRIAGE_RUN_LEFT_H

#include "cmd.h"

#include "maxtriage/buf.h"
#include "maxtriage/common.h"

#include <sys/types.h>
#include <time.h>

typedef struct run_left {
	cli_strlist dbs; /* databases watched (strings owned) */
	cli_strlist before; /* their dumps when the run began (owned) */
	time_t start;
} run_left;

/* In the child, before exec: the soft RLIMIT_CORE raised to the hard
 * limit, so that the kernel may write a core. */
void run_raise_core_limit(void);
/* Before the command starts: the databases and the dumps they hold. */
void run_left_begin(run_left *l);
/* After it ended: copy the new minidumps into outdir (with their .meta),
 * move its core there (outdir/core.PID); kept receives the new paths,
 * notes what could not be kept (strings owned: run_strlist_free). */
void run_left_collect(run_left *l,
                      const char *outdir,
                      pid_t pid,
                      const mt_buf *log,
                      cli_strlist *kept,
                      cli_strlist *notes);
void run_left_release(run_left *l);
/* Remove what an earlier run kept in outdir (core.PID, UUID.dmp and
 * .meta). 0, or MT_EIO with err. */
int run_left_clear(const char *outdir, mt_error *err);
/* Free a list whose strings are owned. */
void run_strlist_free(cli_strlist *l);

#endif
