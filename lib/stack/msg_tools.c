/*
 * msg_tools.c - recognizers of other tools' lines: the thread and
 * process headers of gdb, lldb, Python's faulthandler, macOS crash
 * reports and eu-stack, and valgrind's errors and memory histories.
 */
#include "msg_int.h"

#include "maxtriage/buf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* gdb "thread apply all bt": "Thread 2 (Thread 0x7f... (LWP 11319) "x"):" */
int shape_gdb_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *e = c->p + strlen(c->p);
	char *t = msg_thread_number(c->p);

	while (e > c->p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;

	if (!t)
		return 0;
	/* "Thread 2 (Thread 0x7f... (LWP n) "x"):", on other systems
	 * "Thread 5 (process 553916):" or "Thread 3 (LWP 77):" */
	if ((strncmp(c->p + strlen(t), s->needle, strlen(s->needle)) &&
	     strncmp(c->p + strlen(t), " (process ", 10) &&
	     strncmp(c->p + strlen(t), " (LWP ", 6)) ||
	    e - c->p < 2 || strncmp(e - 2, "):", 2)) {
		free(t);
		return 0;
	}
	m->role = THREAD_BY_NUMBER;
	m->thread = t;
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* Python faulthandler: "Current thread 0x00007f... (most recent call
 * first):", "Thread 0x00007f... (most recent call first):" and, for one
 * thread, "Stack (most recent call first):" */
int shape_python_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q;

	q = strstr(p, s->needle);
	if (!q || q[strlen(s->needle)])
		return 0;
	if (msg_starts(p, "Current thread 0x") || msg_starts(p, "Stack ("))
		m->role = THREAD_CRASHED;
	else if (msg_starts(p, "Thread 0x"))
		m->role = THREAD_OTHER;
	else
		return 0;
	m->recent_first = 1;
	m->producer = MT_PRODUCER_FAULTHANDLER;
	if (*p != 'S')
		m->thread = mt_strndup(p, (size_t)(q - p));
	m->text = msg_dup_rest(p);
	return 1;
}

/* The faulthandler of Python 3.3 and before: "Current thread
 * 0x00007fff781b6310:" and "Thread 0x...:" with nothing after the colon,
 * innermost frame first all the same. */
int shape_python_thread_old(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q;

	if (msg_starts(p, "Current thread 0x"))
		q = p + 17;
	else if (msg_starts(p, "Thread 0x"))
		q = p + 9;
	else
		return 0;
	if (!isxdigit((unsigned char)*q))
		return 0;
	while (isxdigit((unsigned char)*q))
		q++;
	if (strcmp(q, ":"))
		return 0;
	m->role = *p == 'C' ? THREAD_CRASHED : THREAD_OTHER;
	m->recent_first = 1;
	m->producer = MT_PRODUCER_FAULTHANDLER;
	m->thread = mt_strndup(p, (size_t)(q - p));
	m->text = msg_dup_rest(p);
	return 1;
}

/* macOS crash reports: "Thread 0 Crashed::  Dispatch queue: ...",
 * "Thread 3:: lldb.debugger.io-handler", "Thread 4:" */
int shape_macos_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	char *t = msg_thread_number(c->p);
	const char *q;

	if (!t)
		return 0;
	q = c->p + strlen(t);
	if (msg_starts(q, " Crashed:")) {
		m->role = THREAD_CRASHED;
		m->producer = MT_PRODUCER_MACOS_CRASH;
	} else if (*q == ':') {
		m->role = THREAD_OTHER;
	} else {
		free(t);
		return 0;
	}
	m->thread = t;
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* lldb: "* thread #1, queue = '...', stop reason = EXC_BAD_ACCESS (...)"
 * (the selected thread, which stopped) or "  thread #2, name = '...'" */
int shape_lldb_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q, *reason;
	int selected = 0;

	if (p[0] == '*' && p[1] == ' ') {
		selected = 1;
		p = msg_skip_ws(p + 1);
	}
	if (!msg_starts(p, s->needle) || !isdigit((unsigned char)p[8]))
		return 0;
	for (q = p + 8; isdigit((unsigned char)*q); q++)
		;
	if (*q != ',' && *q != ':')
		return 0;
	reason = strstr(q, "stop reason = ");
	/* on a core every thread has a stop reason: the ones the kernel
	 * stopped (SIGSTOP) are not the one that crashed */
	m->role = selected || (reason && !strstr(reason, "signal SIGSTOP"))
	                  ? THREAD_CRASHED
	                  : THREAD_OTHER;
	m->producer = MT_PRODUCER_LLDB;
	if (reason) {
		reason += 14;
		/* Windows: "Exception 0xc0000005 encountered at address
		 * ...: Access violation" */
		if (msg_starts(reason, "EXC_BAD_ACCESS") ||
		    msg_starts(reason, "Exception 0xc0000005"))
			m->signal = "SIGSEGV";
		else if (msg_starts(reason, "EXC_BAD_INSTRUCTION"))
			m->signal = "SIGILL";
		else if (msg_starts(reason, "EXC_ARITHMETIC"))
			m->signal = "SIGFPE";
		else if (msg_starts(reason, "EXC_BREAKPOINT"))
			m->signal = "SIGTRAP";
		else
			m->signal = msg_signal_in(reason);
	}
	m->thread = mt_strndup(p, (size_t)(q - p));
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* eu-stack: "PID 2054 - core" / "PID 2054 - process" */
int shape_eustack_pid(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q;
	long pid = 0;

	if (!msg_starts(c->line, s->needle))
		return 0;
	for (q = c->line + 4; isdigit((unsigned char)*q) && pid < 1L << 40; q++)
		pid = pid * 10 + (*q - '0');
	if (q == c->line + 4 ||
	    (strcmp(q, " - core") && strcmp(q, " - process")))
		return 0;
	m->pid = pid;
	m->producer = MT_PRODUCER_EU_STACK;
	return 1;
}

/* eu-stack: "TID 2054:" */
int shape_eustack_tid(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q;

	if (!msg_starts(c->line, s->needle) ||
	    !isdigit((unsigned char)c->line[4]))
		return 0;
	for (q = c->line + 4; isdigit((unsigned char)*q); q++)
		;
	if (strcmp(q, ":"))
		return 0;
	m->role = THREAD_FIRST;
	m->thread = mt_strndup(c->line, (size_t)(q - c->line));
	m->text = msg_dup_rest(c->line);
	return 1;
}

/* gdb reading a core: "[Current thread is 1 (Thread 0x7ffff7dcf740 (LWP
 * 5169))]": the thread that got the signal */
int shape_gdb_current_thread(msg_info *m,
                             const line_ctx *c,
                             const line_shape *s)
{
	const char *q;

	if (!msg_starts(c->p, s->needle) || !isdigit((unsigned char)c->p[19]))
		return 0;
	for (q = c->p + 19; isdigit((unsigned char)*q); q++)
		;
	{
		mt_buf b = MT_BUF_INIT;

		mt_buf_puts(&b, "Thread ");
		mt_buf_put(&b, c->p + 19, (size_t)(q - (c->p + 19)));
		m->thread = mt_buf_detach(&b);
	}
	m->producer = MT_PRODUCER_GDB;
	return 1;
}

/* valgrind errors ("==PID==" removed): "Invalid read of size 4" ... */
int shape_valgrind_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!msg_starts(c->p, s->needle))
		return 0;
	m->text = msg_dup_rest(c->p);
	m->producer = MT_PRODUCER_VALGRIND;
	return 1;
}

/* valgrind: stacks that describe the memory, not the error: "Address
 * 0x... is 0 bytes inside a block of size 32 free'd", "Block was
 * alloc'd at", "Uninitialised value was created by a heap allocation" */
int shape_valgrind_aux(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!msg_starts(c->p, s->needle))
		return 0;
	if (msg_starts(c->p, "Address 0x") && !strstr(c->p, "block of size"))
		return 0;
	m->text = msg_dup_rest(c->p);
	return 1;
}
