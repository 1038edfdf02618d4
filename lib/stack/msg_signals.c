/*
 * msg_signals.c - signals named in text: a shell's trailer in any of
 * glibc's locales ("Segmentation fault (core dumped)"), "SIGxxx" names,
 * and the signal lines of gdb, valgrind and macOS crash reports.
 */
#include "msg_int.h"

#include <ctype.h>
#include <string.h>

static const struct {
	const char *needle;
	const char *signal;
} signal_trailers[] = {
	{ "Segmentation fault", "SIGSEGV" },
	{ "segmentation fault", "SIGSEGV" },
	{ "Illegal instruction", "SIGILL" },
	{ "illegal hardware instruction", "SIGILL" },
	{ "Floating point exception", "SIGFPE" },
	{ "floating point exception", "SIGFPE" },
	{ "Bus error", "SIGBUS" },
	{ "bus error", "SIGBUS" },
	{ "Trace/breakpoint trap", "SIGTRAP" },
	{ "Aborted", "SIGABRT" },
	{ "zsh: abort", "SIGABRT" },
	/* glibc's strsignal in other locales (shells print it) */
	{ "Minnesegmentsfeil", "SIGSEGV" }, /* nb */
	{ "Speicherzugriffsfehler", "SIGSEGV" }, /* de */
	{ "Erreur de segmentation", "SIGSEGV" }, /* fr */
	{ "Violaci\xc3\xb3n de segmento", "SIGSEGV" }, /* es */
	{ "Errore di segmentazione", "SIGSEGV" }, /* it */
	{ "Falha de segmenta\xc3\xa7\xc3\xa3o", "SIGSEGV" }, /* pt_BR */
	{ "\xd0\x9e\xd1\x88\xd0\xb8\xd0\xb1\xd0\xba\xd0\xb0 "
	  "\xd1\x81\xd0\xb5\xd0\xb3\xd0\xbc\xd0\xb5\xd0\xbd\xd1\x82"
	  "\xd0\xb8\xd1\x80\xd0\xbe\xd0\xb2\xd0\xb0\xd0\xbd\xd0\xb8\xd1\x8f",
	  "SIGSEGV" }, /* ru */
	{ "\xe6\xae\xb5\xe9\x94\x99\xe8\xaf\xaf", "SIGSEGV" }, /* zh_CN */
};

/* The signal a message names in prose; the last one named wins. */
const char *msg_signal_named(const char *s)
{
	const char *sig = NULL;
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(signal_trailers); i++)
		if (strstr(s, signal_trailers[i].needle))
			sig = signal_trailers[i].signal;
	return sig;
}

/* as shape_from_needle, and a signal named in the text is the signal */
int shape_from_needle_signal(msg_info *m,
                             const line_ctx *c,
                             const line_shape *s)
{
	if (!shape_from_needle(m, c, s))
		return 0;
	m->signal = msg_signal_named(m->text);
	return 1;
}

/* a shell's "Segmentation fault (core dumped)" and the like */
int shape_signal_trailer(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q;
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(signal_trailers); i++) {
		if (!(q = strstr(c->p, signal_trailers[i].needle)))
			continue;
		/* "Aborted" only as a shell trailer, not inside prose */
		if (!strcmp(signal_trailers[i].needle, "Aborted") &&
		    q != c->p && !strstr(c->p, "core dumped"))
			continue;
		m->signal = signal_trailers[i].signal;
		return 1;
	}
	return 0;
}

static const char *const signal_names[] = {
	"SIGSEGV", "SIGABRT", "SIGILL",  "SIGBUS",  "SIGFPE",
	"SIGTRAP", "SIGKILL", "SIGTERM", "SIGSYS",  "SIGPIPE",
	"SIGINT",  "SIGQUIT", "SIGXCPU", "SIGXFSZ", "SIGUSR1",
	"SIGUSR2", "SIGHUP",  "SIGALRM", "SIGEMT",
};

/* The static name of the "SIGxxx" at s, or NULL. */
static const char *signal_at(const char *s)
{
	size_t i, n = 3;

	if (strncmp(s, "SIG", 3))
		return NULL;
	while (isupper((unsigned char)s[n]) || isdigit((unsigned char)s[n]))
		n++;
	for (i = 0; i < MT_ARRAY_SIZE(signal_names); i++)
		if (strlen(signal_names[i]) == n &&
		    !strncmp(s, signal_names[i], n))
			return signal_names[i];
	return NULL;
}

/* The first known "SIGxxx" named anywhere in s, or NULL. */
const char *msg_signal_in(const char *s)
{
	const char *q = s, *sig;

	while ((q = strstr(q, "SIG"))) {
		if ((q == s || !isalnum((unsigned char)q[-1])) &&
		    (sig = signal_at(q)))
			return sig;
		q += 3;
	}
	return NULL;
}

/* gdb "Thread 1 "crash" received signal SIGSEGV, Segmentation fault.",
 * "Program received signal ...", "Program terminated with signal ..."
 * (a core); valgrind "Process terminating with default action of
 * signal 11 (SIGSEGV)"; macOS "Exception Type:  EXC_BAD_ACCESS (SIGSEGV)" */
int shape_tool_signal(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle), *sig;

	if (!q || !(sig = msg_signal_in(q + strlen(s->needle))))
		return 0;
	m->signal = sig;
	m->thread = msg_thread_number(c->p);
	m->producer = msg_starts(s->needle, "Exception")
	                      ? MT_PRODUCER_MACOS_CRASH
	              : msg_starts(s->needle, "Process") ? MT_PRODUCER_VALGRIND
	                                                 : MT_PRODUCER_GDB;
	return 1;
}

/* "Caught deadly signal: SIGSEGV", "Fatal signal 11 (SIGSEGV)": a line
 * that says "signal" and names one. */
int shape_signal_prose(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle), *sig;

	if (!q || q == c->p || (q[-1] != 's' && q[-1] != 'S') ||
	    !(sig = msg_signal_in(q)))
		return 0;
	m->signal = sig;
	return 1;
}
