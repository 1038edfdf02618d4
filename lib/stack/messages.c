/*
 * messages.c - recognise the text around frames: errors worth reporting
 * (field-notes section 2, "Messages to extract"), banners, trailers and
 * hints. Matching is by fixed substrings, never regexes, so it is linear
 * in the line.
 */
#include "stack_int.h"

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
};

static void classify_line(msg_info *m, const char *line, int in_traceback)
{
	const char *p = skip_ws(line), *q;
	size_t i;

	/* --- dump structure --- */
	if (strstr(p, "Please submit a bug report to") ||
	    starts(p, "Stack dump:")) {
		m->type = MSG_BOUNDARY;
		return;
	}
	if (starts(p, "Stack dump without symbol names")) {
		m->type = MSG_NONE;
		return;
	}
	if ((q = strstr(p, "Program arguments:")) &&
	    isdigit((unsigned char)*p)) {
		m->type = MSG_PROGRAM;
		m->text = dup_rest(q + 18);
		return;
	}
	if (strstr(p, "stack trace was not collected")) {
		m->type = MSG_STACK_NOT_COLLECTED;
		return;
	}
	if (strstr(p, "MODULAR_DEVICE_CONTEXT_SYNC_MODE=true")) {
		m->type = MSG_SYNC_HINT;
		return;
	}

	/* --- errors that are (or start) a report --- */
	if ((q = strstr(p, "Unhandled exception caught during execution:"))) {
		m->type = MSG_PRIMARY;
		m->kind = "mojo_error";
		m->fresh = 1;
		mojo_error_body(m, q + 45);
		if (has_cuda_error(q))
			m->kind = "cuda_error";
		return;
	}
	if (starts(p, "ABORT:")) {
		m->type = MSG_PRIMARY;
		m->kind = "mojo_abort";
		m->leads = 1;
		/* a Mojo abort() is llvm.trap: SIGILL on x86-64 */
		m->signal = "SIGILL";
		mojo_error_body(m, p + 6);
		if (!m->location) {
			size_t n = location_prefix(skip_ws(p + 6));

			if (n) {
				const char *b = skip_ws(p + 6);

				m->location = mt_strndup(b, n);
				free(m->text);
				m->text = dup_rest(b + n + 1);
			}
		}
		return;
	}
	if ((q = strstr(p, "Assert Error:"))) {
		m->type = MSG_PRIMARY;
		m->kind = "assertion";
		if (starts(p, "At")) {
			size_t n;
			const char *b = skip_ws(p + 2);

			if (*b == ':')
				b = skip_ws(b + 1);
			n = location_prefix(b);
			if (n)
				m->location = mt_strndup(b, n);
		}
		m->text = dup_rest(q);
		return;
	}
	if (starts(p, "At ") || starts(p, "At:")) {
		const char *b = skip_ws(p + 2);

		if (*b == ':')
			b = skip_ws(b + 1);
		if (location_prefix(b)) {
			m->type = MSG_PRIMARY;
			m->kind = "mojo_error";
			mojo_error_body(m, p);
			if (has_cuda_error(p))
				m->kind = "cuda_error";
			return;
		}
	}
	if ((q = strstr(p, "Assertion")) &&
	    (strstr(q, "' failed.") || strstr(q, "\" failed.") ||
	     strstr(q, "` failed."))) {
		m->type = MSG_PRIMARY;
		m->kind = "assertion";
		m->signal = "SIGABRT";
		m->leads = 1;
		m->text = dup_rest(p);
		return;
	}
	if ((q = strstr(p, "terminate called after throwing an instance of")) ||
	    (q = strstr(p, "terminate called without an active exception"))) {
		m->type = MSG_PRIMARY;
		m->kind = "cpp_exception";
		m->signal = "SIGABRT";
		m->leads = 1;
		m->text = dup_rest(q);
		return;
	}
	if (starts(p, "what():")) {
		m->type = MSG_REFINE;
		m->text = dup_rest(p + 7);
		return;
	}
	if ((q = strstr(p, "Program hit CUDA_ERROR_")) ||
	    (q = strstr(p, "CUDA call failed:"))) {
		m->type = MSG_PRIMARY;
		m->kind = "cuda_error";
		m->leads = !strncmp(q, "Program hit", 11);
		m->text = dup_rest(q);
		return;
	}
	if ((q = strstr(p, "ERROR: AddressSanitizer:")) ||
	    (q = strstr(p, "ERROR: UndefinedBehaviorSanitizer:")) ||
	    (q = strstr(p, "ERROR: ThreadSanitizer:")) ||
	    (q = strstr(p, "ERROR: LeakSanitizer:"))) {
		m->type = MSG_PRIMARY;
		m->kind = "sanitizer";
		m->leads = 1;
		if (strstr(q, "SEGV on unknown address")) {
			m->kind = "SIGSEGV";
			m->signal = "SIGSEGV";
		}
		m->text = dup_rest(q + 7);
		return;
	}
	if (starts(p, "Failed to compile the model")) {
		m->type = MSG_PRIMARY;
		m->kind = "compile_error";
		m->text = dup_rest(p);
		return;
	}
	if (starts(p, "Graph compilation failed")) {
		m->type = MSG_REFINE;
		m->kind = "compile_error";
		m->text = dup_rest(p);
		return;
	}
	if (strstr(p, "An error occurred in kernel entry point named \"")) {
		m->type = MSG_PRIMARY;
		m->kind = "kernel_error";
		m->entry_point = quoted_after(p, "kernel entry point named \"");
		m->text = dup_rest(p);
		return;
	}
	if (strstr(p, "An error occurred in kernel named \"")) {
		m->type = MSG_REFINE;
		m->kind = "kernel_error";
		m->kernel = quoted_after(p, "kernel named \"");
		m->text = dup_rest(p);
		return;
	}
	if (starts(p, "Fusion info:") || starts(p, "Source Traceback:") ||
	    (starts(p, "Note: ") &&
	     strstr(p, "distinct Python source locations"))) {
		m->type = MSG_NOTE;
		m->text = dup_rest(p);
		return;
	}
	if ((q = strstr(p, "Worker exception, shutting down:"))) {
		m->type = MSG_PRIMARY;
		m->kind = "worker_crash";
		m->text = dup_rest(q);
		for (i = 0; i < MT_ARRAY_SIZE(signal_trailers); i++)
			if (strstr(q, signal_trailers[i].needle))
				m->signal = signal_trailers[i].signal;
		return;
	}
	if ((q = strstr(p, "Fatal Python error:"))) {
		m->type = MSG_PRIMARY;
		m->kind = "python_fatal";
		m->text = dup_rest(q);
		for (i = 0; i < MT_ARRAY_SIZE(signal_trailers); i++)
			if (strstr(q, signal_trailers[i].needle))
				m->signal = signal_trailers[i].signal;
		return;
	}
	if (starts(p, "Traceback (most recent call last):")) {
		m->type = MSG_TRACEBACK;
		return;
	}
	if (starts(p, "Build Time Traceback")) {
		m->type = MSG_BUILD_TRACEBACK;
		return;
	}
	/* "file:L:C: error: text": a compiler diagnostic; detail of the
	 * report it appears in, never a report of its own */
	{
		size_t n = location_prefix(p);

		if (n && !strncmp(p + n, ": error: ", 9)) {
			m->type = MSG_NOTE;
			m->text = dup_rest(p);
			return;
		}
	}
	/* "error: ..." from the graph compiler, after "Graph compilation
	 * failed:" or a kernel error: detail for the current report. */
	if (starts(p, "error: ") && p == line) {
		m->type = MSG_REFINE;
		m->text = dup_rest(p + 7);
		return;
	}
	/* The exception line that closes a Python traceback: unindented
	 * "Name: text" where Name is an identifier ending in Error,
	 * Exception or similar. */
	if (in_traceback && p == line) {
		const char *c = p;

		while (isalnum((unsigned char)*c) || *c == '_' || *c == '.')
			c++;
		if (c > p && (*c == ':' || !*c)) {
			m->type = MSG_PRIMARY;
			m->kind = has_cuda_error(p) ? "cuda_error"
			                            : "python_exception";
			m->text = dup_rest(p);
			return;
		}
	}
	if (has_cuda_error(p) && (q = strstr(p, "CUDA_ERROR_"))) {
		m->type = MSG_PRIMARY;
		m->kind = "cuda_error";
		m->text = dup_rest(p[0] == '#' ? skip_ws(p + 1) : p);
		return;
	}

	/* --- trailers --- */
	if (strstr(p, "mojo crashed!") ||
	    strstr(p, "error: execution crashed") ||
	    strstr(p, "error: execution exited with a non-zero result")) {
		m->type = MSG_TRAILER;
		/* "mojo: error: ..." / "/path/bin/mojo: error: ...": the
		 * process was the mojo driver, so JIT frames are user code */
		m->kind = strstr(p, "mojo") ? "mojo_driver" : NULL;
		return;
	}
	for (i = 0; i < MT_ARRAY_SIZE(signal_trailers); i++) {
		if ((q = strstr(p, signal_trailers[i].needle))) {
			/* "Aborted" only as a shell trailer, not inside prose
			 */
			if (!strcmp(signal_trailers[i].needle, "Aborted") &&
			    q != p && !strstr(p, "core dumped"))
				continue;
			m->type = MSG_SIGNAL;
			m->signal = signal_trailers[i].signal;
			return;
		}
	}

	/* numbered pretty-stack entries: "1.\tCrash resolving decl ..." */
	if (isdigit((unsigned char)*p)) {
		q = p;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '.' && (q[1] == '\t' || q[1] == ' ')) {
			m->type = MSG_NOTE;
			m->text = dup_rest(q + 1);
			return;
		}
	}
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
	memset(m, 0, sizeof(*m));
}
