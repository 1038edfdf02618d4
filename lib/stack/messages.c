/*
 * messages.c - recognise the text around frames: errors worth reporting
 * (field-notes section 2, "Messages to extract"), banners, trailers and
 * hints. Matching is by fixed substrings, never regexes, so it is linear
 * in the line.
 */
#include "stack_int.h"

#include "maxtriage/buf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static char *dup_rest(const char *s)
{
	const char *e;

	s = skip_ws(s);
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return mt_strndup(s, (size_t)(e - s));
}

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/*
 * "file:L:C: rest" at s: a Mojo source location. Returns the length of
 * the location (up to, not including, the ": " that ends it), 0 if none.
 */
static size_t location_prefix(const char *s)
{
	const char *p = s;

	/* the file part has no spaces; then :digits:digits */
	while (*p && *p != ' ' && *p != '\t') {
		if (*p == ':' && isdigit((unsigned char)p[1])) {
			const char *q = p + 1;

			while (isdigit((unsigned char)*q))
				q++;
			if (*q == ':' && isdigit((unsigned char)q[1])) {
				q++;
				while (isdigit((unsigned char)*q))
					q++;
				if (*q == ':' && p > s)
					return (size_t)(q - s);
			}
			if (*q == ':' && p > s && (q[1] == ' ' || !q[1]))
				return (size_t)(q - s);
		}
		p++;
	}
	return 0;
}

/* Pull "CUDA_ERROR_NAME" out of a line into kind; 1 if present. */
static int has_cuda_error(const char *line)
{
	return strstr(line, "CUDA_ERROR_") != NULL ||
	       strstr(line, "CUDA call failed") != NULL;
}

/* Quoted name after prefix: An error occurred in kernel named "X": */
static char *quoted_after(const char *line, const char *prefix)
{
	const char *p = strstr(line, prefix), *e;

	if (!p)
		return NULL;
	p += strlen(prefix);
	e = strchr(p, '"');
	return e ? mt_strndup(p, (size_t)(e - p)) : dup_rest(p);
}

/* Parse the body of a Mojo error ("At file:L:C: msg" or just "msg"). */
static void mojo_error_body(msg_info *m, const char *body)
{
	size_t n;

	body = skip_ws(body);
	if (starts(body, "At:"))
		body = skip_ws(body + 3);
	else if (starts(body, "At "))
		body = skip_ws(body + 3);
	else {
		m->text = dup_rest(body);
		return;
	}
	n = location_prefix(body);
	if (n) {
		m->location = mt_strndup(body, n);
		body += n + 1;
	}
	m->text = dup_rest(body);
}

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
static const char *signal_named(const char *s)
{
	const char *sig = NULL;
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(signal_trailers); i++)
		if (strstr(s, signal_trailers[i].needle))
			sig = signal_trailers[i].signal;
	return sig;
}

/*
 * The table of line shapes. Each row is a recognizer, the needle it looks
 * for, and what the line yields (type, kind, signal, whether it leads its
 * frames or is always a fresh error). The first row whose recognizer
 * accepts the line decides; the order is the precedence, so a row that
 * narrows another ("Assert Error:" inside "At file:L:C:") comes first.
 *
 * A recognizer gets the message already holding its row's yields and may
 * refine them (a CUDA error inside a Mojo error, a sanitizer's SEGV). It
 * returns 0 to let the next row try, and allocates nothing before it is
 * sure.
 */
typedef struct line_ctx {
	const char *line; /* as given: indentation kept */
	const char *p; /* line without its leading blanks */
	int in_traceback;
} line_ctx;

typedef struct line_shape line_shape;
typedef int (*shape_fn)(msg_info *m, const line_ctx *c, const line_shape *s);

struct line_shape {
	shape_fn match;
	const char *needle;
	msg_type type;
	const char *kind;
	const char *signal;
	unsigned flags; /* SHAPE_LEADS, SHAPE_FRESH */
};

enum { SHAPE_LEADS = 1, SHAPE_FRESH = 2 };

/* --- generic recognizers: where the needle is, what text is kept --- */

/* the line starts with the needle; no text */
static int at_start(msg_info *m, const line_ctx *c, const line_shape *s)
{
	return starts(c->p, s->needle);
}

/* the needle is anywhere in the line; no text */
static int anywhere(msg_info *m, const line_ctx *c, const line_shape *s)
{
	return strstr(c->p, s->needle) != NULL;
}

/* the line starts with the needle; the whole line is the text */
static int line_at_start(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!starts(c->p, s->needle))
		return 0;
	m->text = dup_rest(c->p);
	return 1;
}

/* the line starts with the needle; what follows it is the text */
static int rest_at_start(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!starts(c->p, s->needle))
		return 0;
	m->text = dup_rest(c->p + strlen(s->needle));
	return 1;
}

/* the needle is anywhere; the text runs from the needle on */
static int from_needle(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	m->text = dup_rest(q);
	return 1;
}

/* as from_needle, and a signal named in the text is the signal */
static int
from_needle_signal(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!from_needle(m, c, s))
		return 0;
	m->signal = signal_named(m->text);
	return 1;
}

/* --- recognizers of one shape each --- */

/* LLVM's crash banner; Modular's names its own tracker */
static int bug_banner(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	m->producer = strstr(q, "modular") ? "mojo" : "llvm-handler";
	return 1;
}

/* "0.<tab>Program arguments: ..." */
static int program_args(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || !isdigit((unsigned char)*c->p))
		return 0;
	m->text = dup_rest(q + strlen(s->needle));
	return 1;
}

/* "Unhandled exception caught during execution: [At f:L:C: ]msg" */
static int
unhandled_exception(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	mojo_error_body(m, q + strlen(s->needle));
	if (has_cuda_error(q))
		m->kind = "cuda_error";
	return 1;
}

/* "ABORT: [file:L:C: ]msg" */
static int mojo_abort(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *b;
	size_t n;

	if (!starts(c->p, s->needle))
		return 0;
	b = c->p + strlen(s->needle);
	mojo_error_body(m, b);
	b = skip_ws(b);
	if (!m->location && (n = location_prefix(b))) {
		m->location = mt_strndup(b, n);
		free(m->text);
		m->text = dup_rest(b + n + 1);
	}
	return 1;
}

/* "At[:] file:L:C: Assert Error: msg" or a bare "Assert Error: msg" */
static int assert_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	if (starts(c->p, "At")) {
		const char *b = skip_ws(c->p + 2);
		size_t n;

		if (*b == ':')
			b = skip_ws(b + 1);
		n = location_prefix(b);
		if (n)
			m->location = mt_strndup(b, n);
	}
	m->text = dup_rest(q);
	return 1;
}

/* "At[:] file:L:C: msg": a Mojo error raised at a source location */
static int mojo_at(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *b;

	if (!starts(c->p, "At ") && !starts(c->p, "At:"))
		return 0;
	b = skip_ws(c->p + 2);
	if (*b == ':')
		b = skip_ws(b + 1);
	if (!location_prefix(b))
		return 0;
	mojo_error_body(m, c->p);
	if (has_cuda_error(c->p))
		m->kind = "cuda_error";
	return 1;
}

/*
 * The "file:N" of glibc's "[prog: ]file:N: func: Assertion ..." (before
 * end), or NULL. The file is the blank-free token before the first
 * ":digits: "; a program name before it ends with ": ", not digits.
 */
static char *assert_location(const char *s, const char *end)
{
	const char *p, *tok = s, *q;

	for (p = s; p < end; p++) {
		if (*p == ' ' || *p == '\t') {
			tok = p + 1;
			continue;
		}
		if (*p != ':' || p == tok || !isdigit((unsigned char)p[1]))
			continue;
		for (q = p + 1; isdigit((unsigned char)*q); q++)
			;
		if (q[0] == ':' && q[1] == ' ')
			return mt_strndup(tok, (size_t)(q - tok));
	}
	return NULL;
}

/* glibc "file:N: func: Assertion `x' failed." (any closing quote) */
static int c_assertion(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || (!strstr(q, "' failed.") && !strstr(q, "\" failed.") &&
	           !strstr(q, "` failed.")))
		return 0;
	m->location = assert_location(c->p, q);
	m->text = dup_rest(c->p);
	return 1;
}

/* "ERROR: AddressSanitizer: ..." and the other sanitizers */
static int sanitizer(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	m->producer = "sanitizer";
	if (strstr(q, "SEGV on unknown address")) {
		m->kind = "SIGSEGV";
		m->signal = "SIGSEGV";
	}
	m->text = dup_rest(q + 7); /* past "ERROR: " */
	return 1;
}

/* An error occurred in kernel entry point named "X": */
static int kernel_entry(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!strstr(c->p, s->needle))
		return 0;
	m->entry_point = quoted_after(c->p, s->needle);
	m->text = dup_rest(c->p);
	return 1;
}

/* An error occurred in kernel named "X": */
static int kernel_named(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!strstr(c->p, s->needle))
		return 0;
	m->kernel = quoted_after(c->p, s->needle);
	m->text = dup_rest(c->p);
	return 1;
}

/* "Note: N distinct Python source locations contributed ops ..." */
static int fusion_note(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!starts(c->p, s->needle) ||
	    !strstr(c->p, "distinct Python source locations"))
		return 0;
	m->text = dup_rest(c->p);
	return 1;
}

/* "file:L:C: error: text": a compiler diagnostic; detail of the report
 * it appears in, or the message of a crash that follows it (parse.c) */
static int diagnostic(msg_info *m, const line_ctx *c, const line_shape *s)
{
	size_t n = location_prefix(c->p);

	if (!n || strncmp(c->p + n, s->needle, strlen(s->needle)))
		return 0;
	m->text = dup_rest(c->p);
	m->location = mt_strndup(c->p, n);
	m->detail = dup_rest(c->p + n + strlen(s->needle));
	return 1;
}

/* "error: ..." from the graph compiler, after "Graph compilation
 * failed:" or a kernel error: detail for the current report; only
 * unindented */
static int graph_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (c->p != c->line)
		return 0;
	return rest_at_start(m, c, s);
}

/* The exception line that closes a Python traceback: unindented
 * "Name: text" where Name is an identifier (dotted). */
static int python_exception(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = c->p;

	if (!c->in_traceback || c->p != c->line)
		return 0;
	while (isalnum((unsigned char)*q) || *q == '_' || *q == '.')
		q++;
	if (q == c->p || (*q != ':' && *q))
		return 0;
	if (has_cuda_error(c->p))
		m->kind = "cuda_error";
	m->text = dup_rest(c->p);
	return 1;
}

/* any other line naming a CUDA_ERROR_ (a frame-like "# " mark dropped) */
static int cuda_anywhere(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p;

	if (!strstr(p, s->needle))
		return 0;
	m->text = dup_rest(p[0] == '#' ? skip_ws(p + 1) : p);
	return 1;
}

/* "mojo crashed!", "mojo: error: execution crashed" ... */
static int driver_trailer(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!strstr(c->p, "mojo crashed!") &&
	    !strstr(c->p, "error: execution crashed") &&
	    !strstr(c->p, "error: execution exited with a non-zero result"))
		return 0;
	/* "mojo: error: ..." / "/path/bin/mojo: error: ...": the process
	 * was the mojo driver, so JIT frames are user code */
	m->kind = strstr(c->p, "mojo") ? "mojo_driver" : NULL;
	return 1;
}

/* a shell's "Segmentation fault (core dumped)" and the like */
static int signal_trailer(msg_info *m, const line_ctx *c, const line_shape *s)
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

/* numbered pretty-stack entries: "1.\tCrash resolving decl ..." */
static int pretty_entry(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = c->p;

	if (!isdigit((unsigned char)*q))
		return 0;
	while (isdigit((unsigned char)*q))
		q++;
	if (*q != '.' || (q[1] != '\t' && q[1] != ' '))
		return 0;
	m->text = dup_rest(q + 1);
	return 1;
}

/* --- recognizers of other tools' lines --- */

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
static const char *signal_in(const char *s)
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

/* "Thread N" at the start of s: a copy of it, or NULL. */
static char *thread_number(const char *s)
{
	const char *q;

	if (strncmp(s, "Thread ", 7) || !isdigit((unsigned char)s[7]))
		return NULL;
	for (q = s + 7; isdigit((unsigned char)*q); q++)
		;
	return mt_strndup(s, (size_t)(q - s));
}

/* gdb "Thread 1 "crash" received signal SIGSEGV, Segmentation fault.",
 * "Program received signal ...", "Program terminated with signal ..."
 * (a core); valgrind "Process terminating with default action of
 * signal 11 (SIGSEGV)"; macOS "Exception Type:  EXC_BAD_ACCESS (SIGSEGV)" */
static int tool_signal(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle), *sig;

	if (!q || !(sig = signal_in(q + strlen(s->needle))))
		return 0;
	m->signal = sig;
	m->thread = thread_number(c->p);
	m->producer = starts(s->needle, "Exception") ? "macos-crash"
	              : starts(s->needle, "Process") ? "valgrind"
	                                             : "gdb";
	return 1;
}

/* gdb "thread apply all bt": "Thread 2 (Thread 0x7f... (LWP 11319) "x"):" */
static int gdb_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *e = c->p + strlen(c->p);
	char *t = thread_number(c->p);

	if (!t)
		return 0;
	if (strncmp(c->p + strlen(t), s->needle, strlen(s->needle)) ||
	    e - c->p < 2 || strcmp(e - 2, "):")) {
		free(t);
		return 0;
	}
	m->role = THREAD_BY_NUMBER;
	m->thread = t;
	m->text = dup_rest(c->p);
	return 1;
}

/* Python faulthandler: "Current thread 0x00007f... (most recent call
 * first):", "Thread 0x00007f... (most recent call first):" and, for one
 * thread, "Stack (most recent call first):" */
static int python_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q;

	q = strstr(p, s->needle);
	if (!q || q[strlen(s->needle)])
		return 0;
	if (starts(p, "Current thread 0x") || starts(p, "Stack ("))
		m->role = THREAD_CRASHED;
	else if (starts(p, "Thread 0x"))
		m->role = THREAD_OTHER;
	else
		return 0;
	m->recent_first = 1;
	m->producer = "faulthandler";
	if (*p != 'S')
		m->thread = mt_strndup(p, (size_t)(q - p));
	m->text = dup_rest(p);
	return 1;
}

/* The faulthandler of Python 3.3 and before: "Current thread
 * 0x00007fff781b6310:" and "Thread 0x...:" with nothing after the colon,
 * innermost frame first all the same. */
static int
python_thread_old(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q;

	if (starts(p, "Current thread 0x"))
		q = p + 17;
	else if (starts(p, "Thread 0x"))
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
	m->producer = "faulthandler";
	m->thread = mt_strndup(p, (size_t)(q - p));
	m->text = dup_rest(p);
	return 1;
}

/* macOS crash reports: "Thread 0 Crashed::  Dispatch queue: ...",
 * "Thread 3:: lldb.debugger.io-handler", "Thread 4:" */
static int macos_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	char *t = thread_number(c->p);
	const char *q;

	if (!t)
		return 0;
	q = c->p + strlen(t);
	if (starts(q, " Crashed:")) {
		m->role = THREAD_CRASHED;
		m->producer = "macos-crash";
	} else if (*q == ':') {
		m->role = THREAD_OTHER;
	} else {
		free(t);
		return 0;
	}
	m->thread = t;
	m->text = dup_rest(c->p);
	return 1;
}

/* lldb: "* thread #1, queue = '...', stop reason = EXC_BAD_ACCESS (...)"
 * (the selected thread, which stopped) or "  thread #2, name = '...'" */
static int lldb_thread(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q, *reason;
	int selected = 0;

	if (p[0] == '*' && p[1] == ' ') {
		selected = 1;
		p = skip_ws(p + 1);
	}
	if (!starts(p, s->needle) || !isdigit((unsigned char)p[8]))
		return 0;
	for (q = p + 8; isdigit((unsigned char)*q); q++)
		;
	if (*q != ',' && *q != ':')
		return 0;
	reason = strstr(q, "stop reason = ");
	m->role = selected || reason ? THREAD_CRASHED : THREAD_OTHER;
	m->producer = "lldb";
	if (reason) {
		reason += 14;
		/* Windows: "Exception 0xc0000005 encountered at address
		 * ...: Access violation" */
		if (starts(reason, "EXC_BAD_ACCESS") ||
		    starts(reason, "Exception 0xc0000005"))
			m->signal = "SIGSEGV";
		else if (starts(reason, "EXC_BAD_INSTRUCTION"))
			m->signal = "SIGILL";
		else if (starts(reason, "EXC_ARITHMETIC"))
			m->signal = "SIGFPE";
		else if (starts(reason, "EXC_BREAKPOINT"))
			m->signal = "SIGTRAP";
		else
			m->signal = signal_in(reason);
	}
	m->thread = mt_strndup(p, (size_t)(q - p));
	m->text = dup_rest(c->p);
	return 1;
}

/* eu-stack: "PID 2054 - core" / "PID 2054 - process" */
static int eustack_pid(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q;
	long pid = 0;

	if (!starts(c->line, s->needle))
		return 0;
	for (q = c->line + 4; isdigit((unsigned char)*q) && pid < 1L << 40; q++)
		pid = pid * 10 + (*q - '0');
	if (q == c->line + 4 ||
	    (strcmp(q, " - core") && strcmp(q, " - process")))
		return 0;
	m->pid = pid;
	m->producer = "eu-stack";
	return 1;
}

/* eu-stack: "TID 2054:" */
static int eustack_tid(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q;

	if (!starts(c->line, s->needle) || !isdigit((unsigned char)c->line[4]))
		return 0;
	for (q = c->line + 4; isdigit((unsigned char)*q); q++)
		;
	if (strcmp(q, ":"))
		return 0;
	m->role = THREAD_FIRST;
	m->thread = mt_strndup(c->line, (size_t)(q - c->line));
	m->text = dup_rest(c->line);
	return 1;
}

/* valgrind errors ("==PID==" removed): "Invalid read of size 4" ... */
static int valgrind_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!starts(c->p, s->needle))
		return 0;
	m->text = dup_rest(c->p);
	m->producer = "valgrind";
	return 1;
}

/* valgrind: stacks that describe the memory, not the error: "Address
 * 0x... is 0 bytes inside a block of size 32 free'd", "Block was
 * alloc'd at", "Uninitialised value was created by a heap allocation" */
static int valgrind_aux(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!starts(c->p, s->needle))
		return 0;
	if (starts(c->p, "Address 0x") && !strstr(c->p, "block of size"))
		return 0;
	m->text = dup_rest(c->p);
	return 1;
}

/* glibc heap checks print "<function>(): <what>" alone on a line:
 * "malloc(): invalid size (unsorted)", "free(): invalid next size
 * (fast)"; and some without the function: "double free or corruption
 * (fasttop)", "corrupted size vs. prev_size" */
static int glibc_heap(msg_info *m, const line_ctx *c, const line_shape *s)
{
	static const char *const fns[] = {
		"malloc(): ",
		"free(): ",
		"realloc(): ",
		"calloc(): ",
		"_int_malloc(): ",
		"_int_free(): ",
		"malloc_consolidate(): ",
		"munmap_chunk(): ",
		"tcache_thread_shutdown(): ",
		"double free or corruption",
		"corrupted size vs. prev_size",
		"corrupted double-linked list",
	};
	size_t i;

	if (c->p != c->line)
		return 0;
	for (i = 0; i < MT_ARRAY_SIZE(fns); i++) {
		size_t n = strlen(fns[i]);

		/* "f(): " needs its detail; the others stand alone */
		if (!strncmp(c->p, fns[i], n) &&
		    (fns[i][n - 1] != ' ' || c->p[n])) {
			m->text = dup_rest(c->p);
			return 1;
		}
	}
	return 0;
}

/* macOS libmalloc: "prog(123,0x1f3b) malloc: *** error for object 0x...:
 * pointer being freed was not allocated", "malloc: Heap corruption
 * detected ...", "malloc: Incorrect checksum for freed object ..." */
static int macos_malloc(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, "malloc: ");

	if (!q || !starts(q + 8, s->needle))
		return 0;
	m->text = dup_rest(q);
	return 1;
}

/* tcmalloc: "src/tcmalloc.cc:333] Attempt to free invalid pointer 0x..." */
static int tcmalloc_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || !strstr(q, "invalid pointer"))
		return 0;
	m->text = dup_rest(c->p);
	return 1;
}

/* macOS assert(3): "Assertion failed: (x > 0), function main, file
 * test.c, line 5." The location is "file:line". */
static int macos_assertion(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle), *file, *fe, *line, *le;

	if (!q || !(file = strstr(q, ", file ")) ||
	    !(line = strstr(file, ", line ")))
		return 0;
	file += 7;
	fe = line;
	line += 7;
	for (le = line; isdigit((unsigned char)*le); le++)
		;
	if (le == line || fe <= file)
		return 0;
	{
		mt_buf b = MT_BUF_INIT;

		mt_buf_put(&b, file, (size_t)(fe - file));
		mt_buf_putc(&b, ':');
		mt_buf_put(&b, line, (size_t)(le - line));
		m->location = mt_buf_detach(&b);
	}
	m->text = dup_rest(q);
	return 1;
}

static const line_shape line_shapes[] = {
	/* dump structure */
	{ bug_banner, "Please submit a bug report to", MSG_BOUNDARY, NULL, NULL,
	  0 },
	{ bug_banner, "PLEASE submit a bug report to", MSG_BOUNDARY, NULL, NULL,
	  0 },
	{ at_start, "Please file a bug report", MSG_BOUNDARY, NULL, NULL, 0 },
	{ at_start, "Stack dump:", MSG_BOUNDARY, NULL, NULL, 0 },
	{ at_start, "Stack dump without symbol names", MSG_NONE, NULL, NULL,
	  0 },
	{ program_args, "Program arguments:", MSG_PROGRAM, NULL, NULL, 0 },
	{ anywhere, "stack trace was not collected", MSG_STACK_NOT_COLLECTED,
	  NULL, NULL, 0 },
	{ anywhere, "MODULAR_DEVICE_CONTEXT_SYNC_MODE=true", MSG_SYNC_HINT,
	  NULL, NULL, 0 },

	/* other tools: threads, processes, signals */
	{ gdb_thread, " (Thread 0x", MSG_THREAD, NULL, NULL, 0 },
	{ python_thread, " (most recent call first):", MSG_THREAD, NULL, NULL,
	  0 },
	{ python_thread_old, NULL, MSG_THREAD, NULL, NULL, 0 },
	{ macos_thread, NULL, MSG_THREAD, NULL, NULL, 0 },
	{ lldb_thread, "thread #", MSG_THREAD, NULL, NULL, 0 },
	{ eustack_pid, "PID ", MSG_PROCESS, NULL, NULL, 0 },
	{ eustack_tid, "TID ", MSG_THREAD, NULL, NULL, 0 },
	{ tool_signal, "received signal ", MSG_SIGNAL, NULL, NULL, 0 },
	{ tool_signal, "Program terminated with signal ", MSG_SIGNAL, NULL,
	  NULL, 0 },
	{ tool_signal, "Process terminating with default action of signal ",
	  MSG_SIGNAL, NULL, NULL, 0 },
	{ tool_signal, "Exception Type:", MSG_SIGNAL, NULL, NULL, 0 },
	{ valgrind_aux, "Address 0x", MSG_AUX_STACK, NULL, NULL, 0 },
	/* AddressSanitizer's memory history */
	{ line_at_start, "freed by thread T", MSG_AUX_STACK, NULL, NULL, 0 },
	{ line_at_start, "previously allocated by thread T", MSG_AUX_STACK,
	  NULL, NULL, 0 },
	{ line_at_start, "allocated by thread T", MSG_AUX_STACK, NULL, NULL,
	  0 },
	{ line_at_start, "Thread T", MSG_AUX_STACK, NULL, NULL, 0 },
	{ valgrind_aux, "Block was alloc'd at", MSG_AUX_STACK, NULL, NULL, 0 },
	{ valgrind_aux, "Uninitialised value was created", MSG_AUX_STACK, NULL,
	  NULL, 0 },
	{ valgrind_error, "Invalid read of size ", MSG_PRIMARY, NULL, NULL,
	  SHAPE_LEADS },
	{ valgrind_error, "Invalid write of size ", MSG_PRIMARY, NULL, NULL,
	  SHAPE_LEADS },
	{ valgrind_error, "Invalid free() / delete", MSG_PRIMARY,
	  "heap_corruption", NULL, SHAPE_LEADS },
	{ valgrind_error, "Mismatched free() / delete", MSG_PRIMARY,
	  "heap_corruption", NULL, SHAPE_LEADS },
	{ valgrind_error, "Conditional jump or move depends on uninitialised",
	  MSG_PRIMARY, NULL, NULL, SHAPE_LEADS },
	{ valgrind_error, "Use of uninitialised value of size ", MSG_PRIMARY,
	  NULL, NULL, SHAPE_LEADS },
	{ valgrind_error, "Jump to the invalid address stated", MSG_PRIMARY,
	  NULL, NULL, SHAPE_LEADS },
	{ valgrind_error, "Stack overflow in thread ", MSG_NOTE, NULL, NULL,
	  0 },
	/* the fault under "Process terminating ...": the message of a
	 * report that has no error line of its own, a note otherwise */
	{ valgrind_error, "Access not within mapped region at address ",
	  MSG_REFINE, NULL, NULL, 0 },
	{ valgrind_error, "Bad permissions for mapped region at address ",
	  MSG_REFINE, NULL, NULL, 0 },

	/* llvm::report_fatal_error */
	{ rest_at_start, "LLVM ERROR: ", MSG_PRIMARY, "fatal_error", "SIGABRT",
	  SHAPE_LEADS },

	/* heap checkers: the allocator found its own data corrupted */
	{ glibc_heap, NULL, MSG_PRIMARY, "heap_corruption", "SIGABRT",
	  SHAPE_LEADS },
	{ from_needle, "*** Error in `", MSG_PRIMARY, "heap_corruption",
	  "SIGABRT", SHAPE_LEADS },
	{ macos_malloc, "*** error for object ", MSG_PRIMARY, "heap_corruption",
	  "SIGABRT", SHAPE_LEADS },
	{ macos_malloc, "Heap corruption detected", MSG_PRIMARY,
	  "heap_corruption", "SIGABRT", SHAPE_LEADS },
	{ macos_malloc, "Incorrect checksum for freed object", MSG_PRIMARY,
	  "heap_corruption", "SIGABRT", SHAPE_LEADS },
	{ tcmalloc_error, "] Attempt to ", MSG_PRIMARY, "heap_corruption",
	  "SIGABRT", SHAPE_LEADS },

	/* errors that are (or start) a report */
	{ unhandled_exception, "Unhandled exception caught during execution:",
	  MSG_PRIMARY, "mojo_error", NULL, SHAPE_FRESH },
	/* a Mojo abort() is llvm.trap: SIGILL on x86-64 */
	{ mojo_abort, "ABORT:", MSG_PRIMARY, "mojo_abort", "SIGILL",
	  SHAPE_LEADS },
	{ assert_error, "Assert Error:", MSG_PRIMARY, "assertion", NULL, 0 },
	{ mojo_at, NULL, MSG_PRIMARY, "mojo_error", NULL, 0 },
	{ macos_assertion, "Assertion failed: ", MSG_PRIMARY, "assertion",
	  "SIGABRT", SHAPE_LEADS },
	{ c_assertion, "Assertion", MSG_PRIMARY, "assertion", "SIGABRT",
	  SHAPE_LEADS },
	{ from_needle, "terminate called after throwing an instance of",
	  MSG_PRIMARY, "cpp_exception", "SIGABRT", SHAPE_LEADS },
	{ from_needle, "terminate called without an active exception",
	  MSG_PRIMARY, "cpp_exception", "SIGABRT", SHAPE_LEADS },
	{ rest_at_start, "what():", MSG_REFINE, NULL, NULL, 0 },
	{ from_needle, "Program hit CUDA_ERROR_", MSG_PRIMARY, "cuda_error",
	  NULL, SHAPE_LEADS },
	{ from_needle, "CUDA call failed:", MSG_PRIMARY, "cuda_error", NULL,
	  0 },
	{ sanitizer, "ERROR: AddressSanitizer:", MSG_PRIMARY, "sanitizer", NULL,
	  SHAPE_LEADS },
	{ sanitizer, "ERROR: UndefinedBehaviorSanitizer:", MSG_PRIMARY,
	  "sanitizer", NULL, SHAPE_LEADS },
	{ sanitizer, "ERROR: ThreadSanitizer:", MSG_PRIMARY, "sanitizer", NULL,
	  SHAPE_LEADS },
	{ sanitizer, "ERROR: LeakSanitizer:", MSG_PRIMARY, "sanitizer", NULL,
	  SHAPE_LEADS },
	{ line_at_start, "Failed to compile the model", MSG_PRIMARY,
	  "compile_error", NULL, 0 },
	{ line_at_start, "Graph compilation failed", MSG_REFINE,
	  "compile_error", NULL, 0 },
	{ kernel_entry, "An error occurred in kernel entry point named \"",
	  MSG_PRIMARY, "kernel_error", NULL, 0 },
	{ kernel_named, "An error occurred in kernel named \"", MSG_REFINE,
	  "kernel_error", NULL, 0 },
	{ line_at_start, "Fusion info:", MSG_NOTE, NULL, NULL, 0 },
	{ line_at_start, "Source Traceback:", MSG_NOTE, NULL, NULL, 0 },
	{ fusion_note, "Note: ", MSG_NOTE, NULL, NULL, 0 },
	{ from_needle_signal, "Worker exception, shutting down:", MSG_PRIMARY,
	  "worker_crash", NULL, 0 },
	{ from_needle_signal, "Fatal Python error:", MSG_PRIMARY,
	  "python_fatal", NULL, 0 },
	{ at_start, "Traceback (most recent call last):", MSG_TRACEBACK, NULL,
	  NULL, 0 },
	{ at_start, "Build Time Traceback", MSG_BUILD_TRACEBACK, NULL, NULL,
	  0 },
	{ diagnostic, ": error: ", MSG_DIAGNOSTIC, NULL, NULL, 0 },
	{ graph_error, "error: ", MSG_REFINE, NULL, NULL, 0 },
	{ python_exception, NULL, MSG_PRIMARY, "python_exception", NULL, 0 },
	{ cuda_anywhere, "CUDA_ERROR_", MSG_PRIMARY, "cuda_error", NULL, 0 },

	/* trailers */
	{ driver_trailer, NULL, MSG_TRAILER, NULL, NULL, 0 },
	{ signal_trailer, NULL, MSG_SIGNAL, NULL, NULL, 0 },
	{ pretty_entry, NULL, MSG_NOTE, NULL, NULL, 0 },
};

static void classify_line(msg_info *m, const char *line, int in_traceback)
{
	line_ctx c = { line, skip_ws(line), in_traceback };
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(line_shapes); i++) {
		const line_shape *s = &line_shapes[i];

		m->type = s->type;
		m->kind = s->kind;
		m->signal = s->signal;
		m->leads = !!(s->flags & SHAPE_LEADS);
		m->fresh = !!(s->flags & SHAPE_FRESH);
		if (s->match(m, &c, s))
			return;
	}
	memset(m, 0, sizeof(*m));
}

void mt_msg_classify(msg_info *out, const char *line, int in_traceback)
{
	memset(out, 0, sizeof(*out));
	classify_line(out, line, in_traceback);
}

void mt_msg_release(msg_info *m)
{
	free(m->text);
	free(m->location);
	free(m->kernel);
	free(m->entry_point);
	free(m->detail);
	free(m->thread);
	memset(m, 0, sizeof(*m));
}
