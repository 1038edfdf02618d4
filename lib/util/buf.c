/* buf.c - growable string buffer (see maxtriage/buf.h for invariants). */
#include "maxtriage/buf.h"
#include "maxtriage/common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char mt_buf_empty[1];

void mt_buf_init(mt_buf *b)
{
	b->ptr = mt_buf_empty;
	b->len = 0;
	b->cap = 0;
}

void mt_buf_release(mt_buf *b)
{
	if (b->cap)
		free(b->ptr);
	mt_buf_init(b);
}

void mt_buf_clear(mt_buf *b)
{
	b->len = 0;
	if (b->cap)
		b->ptr[0] = '\0';
}

void mt_buf_grow(mt_buf *b, size_t extra)
{
	size_t need;

	if (__builtin_add_overflow(b->len, extra + 1, &need))
		mt_error_set(NULL, MT_ENOMEM, "overflow"), abort();
	if (need <= b->cap)
		return;
	if (!b->cap) {
		size_t cap = need < 64 ? 64 : need;
		b->ptr = mt_malloc(cap);
		b->ptr[0] = '\0';
		b->cap = cap;
	}
	mt_grow((void **)&b->ptr, &b->cap, need, 1);
}

void mt_buf_put(mt_buf *b, const char *s, size_t n)
{
	mt_buf_grow(b, n);
	memcpy(b->ptr + b->len, s, n);
	b->len += n;
	b->ptr[b->len] = '\0';
}

void mt_buf_puts(mt_buf *b, const char *s)
{
	mt_buf_put(b, s, strlen(s));
}

void mt_buf_putc(mt_buf *b, char c)
{
	mt_buf_put(b, &c, 1);
}

void mt_buf_vprintf(mt_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n <= 0)
		return;
	mt_buf_grow(b, (size_t)n);
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void mt_buf_printf(mt_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mt_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *mt_buf_detach(mt_buf *b)
{
	char *s = b->cap ? b->ptr : mt_strdup("");

	mt_buf_init(b);
	return s;
}

int mt_buf_read_file(mt_buf *b, const char *path)
{
	FILE *f;
	char chunk[65536];
	size_t n;
	int rc = 0;

	f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f)
		return MT_EIO;
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		mt_buf_put(b, chunk, n);
	if (ferror(f))
		rc = MT_EIO;
	if (f != stdin)
		fclose(f);
	return rc;
}
