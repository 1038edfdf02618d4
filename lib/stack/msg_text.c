/*
 * msg_text.c - text helpers of the message recognizers, and the generic
 * recognizers: the needle at the start of the line or anywhere in it,
 * with no text, the whole line or what follows the needle as the text.
 */
#include "msg_int.h"

#include "maxtriage/buf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *msg_skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

char *msg_dup_rest(const char *s)
{
	const char *e;

	s = msg_skip_ws(s);
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return mt_strndup(s, (size_t)(e - s));
}

int msg_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/*
 * "file:L:C: rest" at s: a Mojo source location. Returns the length of
 * the location (up to, not including, the ": " that ends it), 0 if none.
 */
size_t msg_location_prefix(const char *s)
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
/* llama.cpp before 2024: "CUDA error 719 at ggml-cuda.cu:8021: ..." */
static int cuda_error_number(const char *line)
{
	const char *q = strstr(line, "CUDA error ");

	return q && isdigit((unsigned char)q[11]);
}

int msg_has_cuda_error(const char *line)
{
	/* MAX/Mojo (CUDA_ERROR_*, CUDA call failed), PyTorch and llama.cpp
	 * ("CUDA error: an illegal memory access was encountered"), ROCm
	 * ("HIP error: invalid device function", "hipErrorNoBinaryForGpu"),
	 * PyTorch's "CUDA out of memory". ggml's CUDA backend prints
	 * "<GGML_CUDA_NAME> error: <runtime text>", and that name is "ROCm"
	 * in its HIP build and "MUSA" in its Moore Threads build
	 * (llama.cpp#22013: "ROCm error: invalid device function"). */
	return strstr(line, "CUDA_ERROR_") != NULL ||
	       strstr(line, "CUDA call failed") != NULL ||
	       strstr(line, "CUDA error: ") != NULL ||
	       cuda_error_number(line) || strstr(line, "HIP error: ") != NULL ||
	       strstr(line, "ROCm error: ") != NULL ||
	       strstr(line, "MUSA error: ") != NULL ||
	       strstr(line, "hipError") != NULL ||
	       strstr(line, "CUDA out of memory") != NULL;
}

/* Quoted name after prefix: An error occurred in kernel named "X": */
char *msg_quoted_after(const char *line, const char *prefix)
{
	const char *p = strstr(line, prefix), *e;

	if (!p)
		return NULL;
	p += strlen(prefix);
	e = strchr(p, '"');
	return e ? mt_strndup(p, (size_t)(e - p)) : msg_dup_rest(p);
}

/* Parse the body of a Mojo error ("At file:L:C: msg" or just "msg"). */
void msg_mojo_error_body(msg_info *m, const char *body)
{
	size_t n;

	body = msg_skip_ws(body);
	if (msg_starts(body, "At:"))
		body = msg_skip_ws(body + 3);
	else if (msg_starts(body, "At "))
		body = msg_skip_ws(body + 3);
	else {
		m->text = msg_dup_rest(body);
		return;
	}
	n = msg_location_prefix(body);
	if (n) {
		m->location = mt_strndup(body, n);
		body += n + 1;
	}
	m->text = msg_dup_rest(body);
}

/* the line starts with the needle; no text */
int shape_at_start(msg_info *m, const line_ctx *c, const line_shape *s)
{
	return msg_starts(c->p, s->needle);
}

/* the needle is anywhere in the line; no text */
int shape_anywhere(msg_info *m, const line_ctx *c, const line_shape *s)
{
	return strstr(c->p, s->needle) != NULL;
}

/* the line starts with the needle; the whole line is the text */
int shape_line_at_start(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!msg_starts(c->p, s->needle))
		return 0;
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* the line starts with the needle; what follows it is the text */
int shape_rest_at_start(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!msg_starts(c->p, s->needle))
		return 0;
	m->text = msg_dup_rest(c->p + strlen(s->needle));
	return 1;
}

/* the needle is anywhere; the text runs from the needle on */
int shape_from_needle(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	m->text = msg_dup_rest(q);
	return 1;
}

/* "Thread N" at the start of s: a copy of it, or NULL. */
char *msg_thread_number(const char *s)
{
	const char *q;

	if (strncmp(s, "Thread ", 7) || !isdigit((unsigned char)s[7]))
		return NULL;
	for (q = s + 7; isdigit((unsigned char)*q); q++)
		;
	return mt_strndup(s, (size_t)(q - s));
}
