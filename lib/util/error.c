/* error.c - error recording and the allocation wrappers. */
#include "maxtriage/common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mt_error_set(mt_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

const char *mt_strerror(int code)
{
	switch (code) {
	case MT_OK:
		return "success";
	case MT_ENOTFOUND:
		return "not found";
	case MT_EFORMAT:
		return "bad format";
	case MT_EUNSUPPORTED:
		return "unsupported";
	case MT_ENOMEM:
		return "out of memory";
	case MT_EIO:
		return "i/o error";
	case MT_EUSAGE:
		return "usage error";
	case MT_ELIMIT:
		return "limit exceeded";
	default:
		return "error";
	}
}

static void oom(size_t n)
{
	fprintf(stderr, "maxtriage: out of memory allocating %zu bytes\n", n);
	abort();
}

void *mt_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *mt_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom(n * size);
	return p;
}

void *mt_realloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *mt_strdup(const char *s)
{
	return s ? mt_strndup(s, strlen(s)) : NULL;
}

char *mt_strndup(const char *s, size_t n)
{
	char *p = mt_malloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *mt_hex_encode(const void *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *b = p;
	char *s = mt_malloc(2 * n + 1);
	size_t i;

	for (i = 0; i < n; i++) {
		s[2 * i] = digits[b[i] >> 4];
		s[2 * i + 1] = digits[b[i] & 15];
	}
	s[2 * n] = '\0';
	return s;
}

void mt_shrink(void **items, size_t *cap, size_t n, size_t elem)
{
	if (*cap <= n)
		return;
	if (!n) {
		free(*items);
		*items = NULL;
	} else {
		/* n <= *cap and n * elem fitted before: no overflow */
		*items = mt_realloc(*items, n * elem);
	}
	*cap = n;
}

void mt_grow(void **items, size_t *cap, size_t need, size_t elem)
{
	size_t ncap, bytes;

	if (need <= *cap)
		return;
	ncap = *cap ? *cap : 8;
	while (ncap < need) {
		if (__builtin_mul_overflow(ncap, 2, &ncap))
			oom(SIZE_MAX);
	}
	if (__builtin_mul_overflow(ncap, elem, &bytes))
		oom(SIZE_MAX);
	*items = mt_realloc(*items, bytes);
	*cap = ncap;
}
