/* stack_int.h - private to lib/stack: message recognizers. */
#ifndef MAXTRIAGE_STACK_INT_H
#define MAXTRIAGE_STACK_INT_H

#include "maxtriage/stack.h"

/* What a non-frame line means for the report being built. */
typedef enum {
	MSG_NONE = 0,
	MSG_PRIMARY, /* an error that starts (or is) a report */
	MSG_REFINE, /* adds detail to the current report's error */
	MSG_SIGNAL, /* a trailer naming the signal ("Segmentation fault") */
	MSG_TRAILER, /* end of a dump ("mojo crashed!") */
	MSG_BOUNDARY, /* banner / "Stack dump:": a new dump starts here */
	MSG_PROGRAM, /* "0. Program arguments: ..." */
	MSG_NOTE, /* pretty-stack entry, fusion info, hints */
	MSG_TRACEBACK, /* "Traceback (most recent call last):" */
	MSG_BUILD_TRACEBACK, /* MAX "Build Time Traceback": op call sites */
	MSG_STACK_NOT_COLLECTED,
	MSG_SYNC_HINT,
	MSG_THREAD, /* a thread's stack follows (debuggers, faulthandler) */
	MSG_AUX_STACK, /* valgrind: a stack that is not the error's own
	                  ("Block was alloc'd at") follows */
	MSG_PROCESS, /* eu-stack "PID N - core": a dump of process N */
	MSG_DIAGNOSTIC, /* compiler "file:L:C: error: text" */
	MSG_STACK_HEADER, /* a sanitizer stack follows ("Thread T1 created
	                     by main thread at:", "Mutex M1 acquired here
	                     ..."): the report's own when it has no frames
	                     yet, a memory or thread history otherwise */
	MSG_CURRENT_THREAD /* gdb on a core: "[Current thread is 1 (...)]" */
} msg_type;

/* Which thread a MSG_THREAD header starts. */
typedef enum {
	THREAD_CRASHED = 0, /* the thread that crashed or was current */
	THREAD_OTHER, /* another thread: its frames are notes */
	THREAD_BY_NUMBER, /* gdb: crashed when it is the thread the signal
	                     line named */
	THREAD_FIRST /* eu-stack: the first thread of a process is the one
	                that got the signal (a core's first note) */
} thread_role;

typedef struct msg_info {
	msg_type type;
	int leads; /* printed before its own frames: a report that
	              already has frames cannot be its report */
	int fresh; /* always a new error, never a detail of the
	              current one */
	mt_kind kind; /* failure kind this line implies */
	const char *signal; /* static: signal it implies */
	char *text; /* message / note text (owned) */
	char *location; /* file:L:C named by the message (owned) */
	char *kernel; /* kernel named by a MAX error (owned) */
	char *entry_point;
	char *detail; /* diagnostic: the text after "error: " (owned) */
	char *thread; /* thread named by a header or signal line (owned) */
	thread_role role; /* MSG_THREAD */
	int recent_first; /* MSG_THREAD: Python's "most recent call first" */
	long pid; /* MSG_PROCESS */
	mt_producer producer; /* the tool the line shows printed the dump */
	int mojo_driver; /* a trailer of the mojo driver ("mojo crashed!") */
	int attach; /* only a detail of a report already begun: alone it
	               is a note, never a report of its own */
	int fallback; /* the message only of a report that has none (a
	                 sanitizer's SUMMARY line under a cut report) */
	int message_next; /* the error's text is the next line (Rust 1.73+
	                     "panicked at file:L:C:") */
} msg_info;

/* A frame of Rust's "stack backtrace:" ("   3: core::panicking::panic",
 * "  12:     0x55d4a0c3f2e4 - std::rt::lang_start::h0123456789abcdef"):
 * 1 and *out filled, or 0. Only asked inside such a backtrace. */
int mt_stack_parse_rust_frame(mt_frame *out, const char *line);

/* Classify one cleaned line. in_traceback: a Python traceback is open, so
 * an unindented "Name: text" line is its exception. */
void mt_msg_classify(msg_info *out, const char *line, int in_traceback);
void mt_msg_release(msg_info *m);

#endif
