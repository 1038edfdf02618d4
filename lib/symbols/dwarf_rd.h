/*
 * dwarf_rd.h - bounds-checked readers for DWARF section bytes, shared by
 * the line-table decoder and the DIE walker (lib/symbols/ only).
 *
 * A reader never moves past its end: a short read sets err, leaves p at
 * end and yields 0 (or NULL), so a caller can read a whole record and
 * check err once.
 */
#ifndef MAXTRIAGE_DWARF_RD_H
#define MAXTRIAGE_DWARF_RD_H

#include "symbols/symbols_int.h"

#include <stdint.h>
#include <string.h>

typedef struct rd {
	const uint8_t *p, *end;
	int big; /* big-endian ELF */
	int err;
} rd;

static inline uint64_t rd_uint(rd *r, size_t n)
{
	uint64_t v = 0;
	size_t i;

	if (r->err || (size_t)(r->end - r->p) < n) {
		r->err = 1;
		r->p = r->end;
		return 0;
	}
	for (i = 0; i < n; i++) {
		uint64_t b = r->p[i];

		v |= r->big ? b << (8 * (n - 1 - i)) : b << (8 * i);
	}
	r->p += n;
	return v;
}

static inline uint64_t rd_uleb(rd *r)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (r->p < r->end) {
		uint8_t b = *r->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	r->err = 1;
	return 0;
}

static inline int64_t rd_sleb(rd *r)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (r->p < r->end) {
		uint8_t b = *r->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				v |= ~(uint64_t)0 << shift;
			return (int64_t)v;
		}
	}
	r->err = 1;
	return 0;
}

/* A NUL-terminated string in place; NULL (and r->err) if unterminated. */
static inline const char *rd_str(rd *r)
{
	const uint8_t *nul;

	if (r->err)
		return NULL;
	nul = memchr(r->p, 0, (size_t)(r->end - r->p));
	if (!nul) {
		r->err = 1;
		r->p = r->end;
		return NULL;
	}
	{
		const char *s = (const char *)r->p;

		r->p = nul + 1;
		return s;
	}
}

static inline void rd_skip(rd *r, uint64_t n)
{
	if (r->err || (uint64_t)(r->end - r->p) < n) {
		r->err = 1;
		r->p = r->end;
		return;
	}
	r->p += n;
}

/* The string at off in a string section, or NULL. */
static inline const char *sec_str(const sym_section *s, uint64_t off)
{
	if (!s->data || off >= s->size ||
	    !memchr(s->data + off, 0, s->size - off))
		return NULL;
	return (const char *)s->data + off;
}

#endif
