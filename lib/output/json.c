/*
 * json.c - the streaming JSON writer (see maxtriage/json_writer.h).
 *
 * The writer owns the layout and the string policy so that no renderer
 * has to: a renderer says "object", "key", "value", and whatever bytes
 * its inputs held, the document is valid UTF-8 JSON.
 */
#include "maxtriage/json_writer.h"

#include "maxtriage/common.h"
#include "maxtriage/utf8.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A FILE* writer stages this much before it writes. */
#define SPILL_AT 65536

void mt_json_utf8_clean(mt_buf *out, const char *s, size_t n)
{
	mt_utf8_clean(out, s, n);
}

/* mt_buf_put inline when the bytes fit (every call but one in a few
 * thousand): the writer puts a few bytes at a time, millions of times
 * for a large irdiff report. Keeps the buffer NUL-terminated. */
static inline void put(mt_buf *b, const char *s, size_t n)
{
	if (b->cap && n < b->cap - b->len) {
		memcpy(b->ptr + b->len, s, n);
		b->len += n;
		b->ptr[b->len] = '\0';
		return;
	}
	mt_buf_put(b, s, n);
}

static inline void putc1(mt_buf *b, char c)
{
	if (b->cap && 1 < b->cap - b->len) {
		b->ptr[b->len++] = c;
		b->ptr[b->len] = '\0';
		return;
	}
	mt_buf_put(b, &c, 1);
}

/* The quoted, escaped, cleaned form of <s, n>. */
static void put_string(mt_buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, run = 0;

	putc1(b, '"');
	while (i < n) {
		size_t bad, len;
		unsigned char c = p[i];
		const char *esc = NULL;

		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0x80) {
			if ((len = mt_utf8_seq_len(s + i, n - i, &bad))) {
				i += len;
				continue;
			}
			put(b, s + run, i - run);
			mt_buf_puts(b, MT_UTF8_REPLACEMENT);
			i += bad;
			run = i;
			continue;
		}
		put(b, s + run, i - run);
		switch (c) {
		case '"':
			esc = "\\\"";
			break;
		case '\\':
			esc = "\\\\";
			break;
		case '\b':
			esc = "\\b";
			break;
		case '\f':
			esc = "\\f";
			break;
		case '\n':
			esc = "\\n";
			break;
		case '\r':
			esc = "\\r";
			break;
		case '\t':
			esc = "\\t";
			break;
		}
		if (esc)
			mt_buf_puts(b, esc);
		else
			mt_buf_printf(b, "\\u%04X", (unsigned)c);
		i++;
		run = i;
	}
	put(b, s + run, i - run);
	putc1(b, '"');
}

static void fail(mt_json *w, int code)
{
	if (!w->err)
		w->err = code;
}

static void spill(mt_json *w, size_t at)
{
	if (!w->fp || w->spill.len < at || w->err)
		return;
	if (fwrite(w->spill.ptr, 1, w->spill.len, w->fp) != w->spill.len)
		fail(w, MT_EIO);
	mt_buf_clear(&w->spill);
}

static void start(mt_json *w, mt_buf *out, FILE *fp, int flags)
{
	memset(w, 0, sizeof(*w));
	mt_buf_init(&w->spill);
	w->out = out ? out : &w->spill;
	w->fp = fp;
	w->flags = flags;
	w->empty[0] = 1;
}

void mt_json_init_buf(mt_json *w, mt_buf *out, int flags)
{
	start(w, out, NULL, flags);
}

void mt_json_init_file(mt_json *w, FILE *fp, int flags)
{
	start(w, NULL, fp, flags);
}

static void newline(mt_json *w)
{
	/* a newline and two spaces per level, in one piece */
	static const char ind[] = "\n"
	                          "                                "
	                          "                                ";
	size_t n = 1 + 2 * (size_t)w->depth;

	if (w->flags & MT_JSON_COMPACT)
		return;
	if (n < sizeof(ind)) {
		put(w->out, ind, n);
		return;
	}
	put(w->out, ind, 1);
	for (n = 0; n < (size_t)w->depth; n++)
		put(w->out, "  ", 2);
}

/*
 * Begin a value: check the key against the container, write the separator
 * from the previous sibling, the line break and the key. Returns 0 when
 * the value may be written.
 */
static int item(mt_json *w, const char *key)
{
	int in_object = w->depth && w->close[w->depth] == '}';

	if (w->err)
		return -1;
	if (in_object != (key != NULL) || (!w->depth && !w->empty[0])) {
		fail(w, MT_EUSAGE); /* a key where none belongs, or two roots */
		return -1;
	}
	if (!w->empty[w->depth])
		putc1(w->out, ',');
	w->empty[w->depth] = 0;
	if (w->depth)
		newline(w);
	if (key) {
		put_string(w->out, key, strlen(key));
		put(w->out, ": ", w->flags & MT_JSON_COMPACT ? 1 : 2);
	}
	return 0;
}

static void begin(mt_json *w, const char *key, char open, char close)
{
	if (item(w, key))
		return;
	if (w->depth == MT_JSON_MAXDEPTH) {
		fail(w, MT_ELIMIT);
		return;
	}
	putc1(w->out, open);
	w->depth++;
	w->close[w->depth] = close;
	w->empty[w->depth] = 1;
}

static void end(mt_json *w, char close)
{
	if (w->err)
		return;
	if (!w->depth || w->close[w->depth] != close) {
		fail(w, MT_EUSAGE);
		return;
	}
	w->depth--;
	if (!w->empty[w->depth + 1])
		newline(w);
	putc1(w->out, close);
	spill(w, SPILL_AT);
}

void mt_json_object_begin(mt_json *w, const char *key)
{
	begin(w, key, '{', '}');
}

void mt_json_object_end(mt_json *w)
{
	end(w, '}');
}

void mt_json_array_begin(mt_json *w, const char *key)
{
	begin(w, key, '[', ']');
}

void mt_json_array_end(mt_json *w)
{
	end(w, ']');
}

void mt_json_stringn(mt_json *w, const char *key, const char *s, size_t n)
{
	if (item(w, key))
		return;
	if (s)
		put_string(w->out, s, n);
	else
		put(w->out, "null", 4);
}

void mt_json_string(mt_json *w, const char *key, const char *s)
{
	mt_json_stringn(w, key, s, s ? strlen(s) : 0);
}

/* Decimal digits of v (with a '-' if neg), as printf's %PRIu64 writes
 * them, without a printf call per number. */
static void put_u64(mt_buf *b, uint64_t v, int neg)
{
	char num[24], *e = num + sizeof(num), *p = e;

	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	if (neg)
		*--p = '-';
	put(b, p, (size_t)(e - p));
}

void mt_json_int(mt_json *w, const char *key, int64_t v)
{
	if (!item(w, key))
		put_u64(w->out, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
}

void mt_json_uint64(mt_json *w, const char *key, uint64_t v)
{
	if (!item(w, key))
		put_u64(w->out, v, 0);
}

void mt_json_double(mt_json *w, const char *key, double v)
{
	char num[40], *e, *from, *to;

	if (item(w, key))
		return;
	if (!isfinite(v)) {
		put(w->out, "null", 4);
		return;
	}
	snprintf(num, sizeof(num) - 2, "%.17g", v);
	/* a decimal comma (some locales) would end the number */
	for (e = num; *e; e++)
		if (*e == ',')
			*e = '.';
	if (!strchr(num, '.') && !strchr(num, 'e'))
		strcat(num, ".0"); /* stays a real when read back */
	if ((e = strchr(num, 'e'))) {
		/* "1e+20" -> "1e20", "1e-05" -> "1e-5" */
		to = e + 1;
		if (*to == '-')
			to++;
		from = to;
		while (*from == '+' || *from == '0')
			from++;
		memmove(to, from, strlen(from) + 1);
	}
	mt_buf_puts(w->out, num);
}

void mt_json_bool(mt_json *w, const char *key, int v)
{
	if (!item(w, key))
		mt_buf_puts(w->out, v ? "true" : "false");
}

void mt_json_null(mt_json *w, const char *key)
{
	if (!item(w, key))
		put(w->out, "null", 4);
}

void mt_json_abandon(mt_json *w)
{
	mt_buf_release(&w->spill);
	w->err = MT_EUSAGE;
}

void mt_json_fork(mt_json *side, const mt_json *w, FILE *fp)
{
	start(side, NULL, fp, w->flags);
	side->err = w->err;
	side->depth = w->depth;
	memcpy(side->close, w->close, sizeof(side->close));
	memcpy(side->empty, w->empty, sizeof(side->empty));
}

/* side's text from its file, in pieces, into w. */
static void join_file(mt_json *w, mt_json *side)
{
	char piece[SPILL_AT];
	size_t n;

	spill(side, 0);
	if (side->err)
		return;
	if (fflush(side->fp) != 0 || fseek(side->fp, 0, SEEK_SET) != 0) {
		fail(w, MT_EIO);
		return;
	}
	while ((n = fread(piece, 1, sizeof(piece), side->fp)) > 0) {
		put(w->out, piece, n);
		spill(w, SPILL_AT);
	}
	if (ferror(side->fp))
		fail(w, MT_EIO);
}

int mt_json_join(mt_json *w, mt_json *side)
{
	if (side->err)
		fail(w, side->err);
	else if (side->depth != w->depth)
		fail(w, MT_EUSAGE);
	else if (!w->err && side->fp)
		join_file(w, side);
	else if (!w->err)
		put(w->out, side->spill.ptr ? side->spill.ptr : "",
		    side->spill.len);
	if (!w->err)
		memcpy(w->empty, side->empty, sizeof(w->empty));
	mt_buf_release(&side->spill);
	return w->err;
}

int mt_json_finish(mt_json *w)
{
	int saved, rc;

	if (!w->err && (w->depth || w->empty[0]))
		fail(w, MT_EUSAGE); /* unclosed, or nothing written */
	if (!w->err)
		putc1(w->out, '\n');
	spill(w, 0);
	if (w->fp && !w->err && fflush(w->fp) != 0)
		fail(w, MT_EIO);
	saved = errno;
	mt_buf_release(&w->spill);
	rc = w->err;
	errno = saved;
	return rc;
}
