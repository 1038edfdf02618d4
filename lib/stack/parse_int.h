/*
 * parse_int.h - private to lib/stack: the state of the parser that splits
 * a text into reports, shared by the files that make up the state machine:
 *
 *   parse.c           the line loop, what printed a report, the finish
 *   clean.c           line cleaning: colour, CR, quoting, prefixes, pids
 *   rejoin.c          frames split over lines or glued on one (gdb wraps,
 *                     pastes that lost their newlines, eu-stack sources)
 *   split_frames.c    which report a frame goes to: restarts, reprints,
 *                     other threads, interleaved processes
 *   split_messages.c  what each kind of message line does to the report
 *   oplog.c           MAX op-log lines: the ops in flight at the end
 */
#ifndef MAXTRIAGE_PARSE_INT_H
#define MAXTRIAGE_PARSE_INT_H

#include "stack_int.h"

#include "maxtriage/buf.h"

/* Longest line examined; the rest of a longer line is ignored (a frame
 * or message never needs more, and it bounds the work per line). */
#define MAX_LINE 8192
/* Cap on frames per report: a runaway recursion dump keeps its first
 * frames, which are the ones triage looks at. */
#define MAX_FRAMES 100000
#define MAX_REPORTS 100000

/* Column-form dumps of processes printing at once, their lines
 * interleaved: one lane per dump being filled (see switch_lane). */
#define MAX_LANES 4
typedef struct lane {
	size_t report; /* index into the set's reports */
	int last_index;
	unsigned last_line;
	uint64_t lo, hi; /* addresses its frames spanned */
	int has_primary, frames_after_primary;
} lane;

typedef struct parser {
	mt_report_set *set;
	mt_report *cur; /* report being filled, or NULL */
	int cur_has_primary;
	int frames_after_primary;
	int last_index; /* last printed frame index, -1 none */
	int in_traceback;
	size_t tb_start; /* first frame of the open Python traceback */
	int continuation; /* following indented lines extend message */
	int message_next; /* the next line is the current error's text */
	int in_rust_backtrace; /* after Rust's "stack backtrace:" */
	unsigned long test_prefix; /* 1 + the "N: " of the last line, 0 none */
	int host_index; /* running index for Host Frame lines */
	/* "Stack dump:" / banner seen after frames. LLVM prints its pretty
	 * stack before the frames or, when the signal handler was installed
	 * first, after them; only what follows tells which, so a program
	 * line seen then waits here until a new dump starts (it is that
	 * dump's) or anything else happens (it is the current one's). */
	int boundary_after_frames;
	char *pending_program;
	unsigned line_no;
	unsigned last_text_line; /* the last line that is not blank */
	int after_source_traceback; /* the line after "Source Traceback:" */
	int in_build_traceback; /* frames are graph-build call sites */
	size_t first_report; /* reports of this text start here */
	/* other tools (gdb, lldb, valgrind, eu-stack, faulthandler) */
	int tb_recent_first; /* the open traceback is innermost first */
	char *signal_thread; /* gdb: the thread the signal line named */
	int other_thread; /* frames belong to another thread (or a valgrind
	                     memory stack): they become one note */
	mt_buf other_note; /* that note: header, count, innermost frame */
	size_t other_frames;
	int seen_first_thread; /* eu-stack: a thread of this process */
	int in_eustack; /* inside an eu-stack dump */
	int last_was_frame; /* the previous line was a frame */
	size_t replay; /* a reprint of the current stack (gdb "bt full"
	                  after "bt"): frames matched so far, 0 none */
	long line_pid; /* valgrind "==PID==" of this line, 0 none */
	/* a compiler diagnostic seen before any report: the message of the
	 * crash that follows it, unless that crash has its own */
	char *diag_line, *diag_msg, *diag_loc;
	int msg_from_diag; /* the current report's message is that */
	char *vg_command; /* valgrind "Command: ..." */
	mt_producer banner_producer; /* whose crash banner was seen */
	mt_buf gdb_wrap; /* a gdb frame wrapped onto indented lines */
	int gdb_wrap_where; /* its location may still follow */
	unsigned gdb_wrap_line; /* where it starts */
	lane lanes[MAX_LANES];
	size_t nlanes;
	/* op-log: launches in order, and id -> latest launch (open
	 * addressing, power-of-two size, at most half full) */
	mt_op_inflight *ops;
	unsigned char *op_done;
	size_t nops, capops;
	size_t *op_slots;
	size_t nslots;
} parser;

/* Most processes told apart in one text (valgrind "==PID==" lines). */
#define MAX_PIDS 16

/* clean.c */

/* out = s[0..n) without ANSI CSI/OSC sequences, CR and NUL bytes (NULs
 * become blanks), cut at MAX_LINE bytes. */
void ps_clean_line(mt_buf *out, const char *s, size_t n);
/* p past the prefixes that wrap a dump line without changing it ("> "
 * quoting, compute-sanitizer "=========", ISO timestamps). Borrowed. */
const char *ps_unwrap(const char *p);
/* "==PID==" at the start of p: the pid (0 none), *rest after it. */
long ps_strip_pid(const char *p, const char **rest);
/* The distinct pids of "==PID==" lines in text, in order of first
 * appearance, at most MAX_PIDS into pids; returns how many. */
size_t ps_find_pids(const char *text, size_t len, long *pids);

/* split_frames.c */

/* A new empty report appended to the set and made current (the current
 * one again when the set is full). */
mt_report *ps_new_report(parser *ps);
/* The current report, a new one when there is none. */
mt_report *ps_current(parser *ps);
/* End an open Python traceback: its frames innermost first. */
void ps_close_traceback(parser *ps);
/* Replace *dst by a copy of src; nothing when src is NULL. */
void ps_set_str(char **dst, const char *src);
/* Give a waiting late pretty stack to the current report. */
void ps_flush_pending(parser *ps);
int ps_same_str(const char *a, const char *b);
/* Close the note that collects another thread's frames. */
void ps_end_other_thread(parser *ps);
/* Add a parsed frame to the report it belongs to; takes f's strings. */
void ps_add_frame(parser *ps, mt_frame *f);

/* split_messages.c */

/* Apply a classified message line to the report being built; may take
 * m's strings (it sets them NULL when it does). */
void ps_add_message(parser *ps, msg_info *m);

/* oplog.c */

/* An op-log line ("[OP] LAUNCH ..." / "[OP] COMPLETE ..."): recorded,
 * 1; any other line, 0. */
int ps_op_log_line(parser *ps, const char *line);
/* The ops still in flight go to the last report (one is made when the
 * text holds none); frees the op log. */
void ps_finish_ops(parser *ps);

/* rejoin.c */

/* Parse the frames of one line (several when a paste lost its
 * newlines) into the report; 1 when the line held a frame. */
int ps_frames_in_line(parser *ps, char *p);
/* eu-stack -s: a frame's source line under it; 1 when p was one. */
int ps_source_below(parser *ps, const char *p);
/* A gdb frame wrapped onto indented lines: collected, 1 when p was
 * taken; ps_flush_gdb_wrap parses what was collected. */
int ps_join_gdb_frame(parser *ps, const char *p);
void ps_flush_gdb_wrap(parser *ps);

#endif
