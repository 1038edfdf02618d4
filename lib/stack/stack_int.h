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
	MSG_SYNC_HINT
} msg_type;

typedef struct msg_info {
	msg_type type;
	int leads; /* printed before its own frames: a report that
	              already has frames cannot be its report */
	int fresh; /* always a new error, never a detail of the
	              current one */
	const char *kind; /* static: failure kind this line implies */
	const char *signal; /* static: signal it implies */
	char *text; /* message / note text (owned) */
	char *location; /* file:L:C named by the message (owned) */
	char *kernel; /* kernel named by a MAX error (owned) */
	char *entry_point;
} msg_info;

/* Classify one cleaned line. in_traceback: a Python traceback is open, so
 * an unindented "Name: text" line is its exception. */
void mt_msg_classify(msg_info *out, const char *line, int in_traceback);
void mt_msg_release(msg_info *m);

#endif
