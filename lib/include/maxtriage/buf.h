/*
 * buf.h - a growable, always NUL-terminated string buffer.
 *
 * Invariants (as git's strbuf): ptr is never NULL (an empty buffer points
 * at a static ""), ptr[len] == '\0'. Initialise with MT_BUF_INIT or
 * mt_buf_init(); release with mt_buf_release().
 */
#ifndef MAXTRIAGE_BUF_H
#define MAXTRIAGE_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct mt_buf {
	char *ptr;
	size_t len;
	size_t cap; /* 0 while ptr is the static empty string */
} mt_buf;

extern char mt_buf_empty[];
#define MT_BUF_INIT                \
	{                          \
		mt_buf_empty, 0, 0 \
	}

void mt_buf_init(mt_buf *b);
void mt_buf_release(mt_buf *b);
void mt_buf_clear(mt_buf *b);
void mt_buf_grow(mt_buf *b, size_t extra);
void mt_buf_put(mt_buf *b, const char *s, size_t n);
void mt_buf_puts(mt_buf *b, const char *s);
void mt_buf_putc(mt_buf *b, char c);
void mt_buf_printf(mt_buf *b, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
void mt_buf_vprintf(mt_buf *b, const char *fmt, va_list ap)
        __attribute__((format(printf, 2, 0)));
/* Hand the string to the caller (free with free()); b becomes empty. */
char *mt_buf_detach(mt_buf *b);

/* Read a whole file ("-" is stdin) into b. Returns 0 or MT_EIO (errno kept). */
int mt_buf_read_file(mt_buf *b, const char *path);

#endif
