/*
 * md_read.c - bounds-checked access to a minidump's bytes: every offset
 * and length checked against the file, strings (UTF-16, Crashpad's
 * UTF-8, byte arrays) decoded with their own bounds, count-prefixed
 * arrays trimmed to what the stream holds. A read that does not fit is
 * a warning and a skipped stream, never a read past the file.
 */
#include "minidump_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- bounds-checked access ------------------------------------------ */

int md_fits(const rd *r, uint64_t off, uint64_t len)
{
	uint64_t end;

	return !__builtin_add_overflow(off, len, &end) && end <= r->n;
}

void md_warn(rd *r, const char *fmt, ...)
{
	mt_buf b = MT_BUF_INIT;
	mt_minidump *md = r->md;
	va_list ap;

	if (md->nwarnings >= MAX_WARNINGS)
		return;
	va_start(ap, fmt);
	mt_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	md->warnings = mt_realloc(md->warnings,
	                          (md->nwarnings + 1) * sizeof(*md->warnings));
	md->warnings[md->nwarnings++] = mt_buf_detach(&b);
}

char *md_hex_of(const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char *s = mt_malloc(2 * n + 1);
	size_t i;

	for (i = 0; i < n; i++) {
		s[2 * i] = digits[p[i] >> 4];
		s[2 * i + 1] = digits[p[i] & 15];
	}
	s[2 * n] = '\0';
	return s;
}

/* Append code point c as UTF-8 (U+FFFD for a lone surrogate). */
static void put_utf8(mt_buf *b, uint32_t c)
{
	if (c >= 0xd800 && c <= 0xdfff)
		c = 0xfffd;
	if (c < 0x80) {
		mt_buf_putc(b, (char)c);
	} else if (c < 0x800) {
		mt_buf_putc(b, (char)(0xc0 | c >> 6));
		mt_buf_putc(b, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		mt_buf_putc(b, (char)(0xe0 | c >> 12));
		mt_buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3f)));
		mt_buf_putc(b, (char)(0x80 | (c & 0x3f)));
	} else {
		mt_buf_putc(b, (char)(0xf0 | c >> 18));
		mt_buf_putc(b, (char)(0x80 | ((c >> 12) & 0x3f)));
		mt_buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3f)));
		mt_buf_putc(b, (char)(0x80 | (c & 0x3f)));
	}
}

/* MINIDUMP_STRING at rva: a byte length, then UTF-16LE. NULL (with a
 * warning naming what) when it does not fit. */
char *md_utf16_string(rd *r, uint32_t rva, const char *what)
{
	mt_buf b = MT_BUF_INIT;
	uint32_t len, i;

	if (!md_fits(r, rva, 4)) {
		md_warn(r, "%s: string at 0x%x is past the end of the file",
		        what, rva);
		return NULL;
	}
	len = u32_at(r->p + rva);
	if (len > MAX_NAME || !md_fits(r, (uint64_t)rva + 4, len)) {
		md_warn(r,
		        "%s: string at 0x%x claims %u bytes, past the end of the file",
		        what, rva, len);
		return NULL;
	}
	for (i = 0; i + 1 < len; i += 2) {
		uint32_t c = u16_at(r->p + rva + 4 + i);

		if (c >= 0xd800 && c <= 0xdbff && i + 3 < len) {
			uint32_t lo = u16_at(r->p + rva + 6 + i);

			if (lo >= 0xdc00 && lo <= 0xdfff) {
				c = 0x10000 + ((c - 0xd800) << 10) +
				    (lo - 0xdc00);
				i += 2;
			}
		}
		if (c == 0)
			break;
		put_utf8(&b, c);
	}
	return mt_buf_detach(&b);
}

/* Crashpad's MinidumpUTF8String / MinidumpByteArray: a length, then
 * bytes. *len receives the length. NULL when it does not fit. */
const uint8_t *md_byte_array(rd *r, uint32_t rva, uint32_t *len)
{
	if (!md_fits(r, rva, 4))
		return NULL;
	*len = u32_at(r->p + rva);
	if (*len > MAX_TEXT_STREAM || !md_fits(r, (uint64_t)rva + 4, *len))
		return NULL;
	return r->p + rva + 4;
}

char *md_utf8_string(rd *r, uint32_t rva, const char *what)
{
	uint32_t len;
	const uint8_t *s = md_byte_array(r, rva, &len);

	if (!s) {
		md_warn(r, "%s: string at 0x%x does not fit in the file", what,
		        rva);
		return NULL;
	}
	if (memchr(s, '\0', len))
		len = (uint32_t)((const uint8_t *)memchr(s, '\0', len) - s);
	return mt_strndup((const char *)s, len);
}

/* A count-prefixed array of n records of size each, starting at off in a
 * stream of size len. Some writers put 4 bytes of padding after a 32-bit
 * count (so that 64-bit records are aligned): accepted when the stream
 * size says so. Returns the offset of the first record, or 0 after a
 * warning (the stream is then skipped). */
uint64_t md_counted(rd *r,
                    const char *what,
                    uint64_t off,
                    uint64_t len,
                    size_t size,
                    size_t max,
                    uint32_t *count)
{
	uint64_t need;

	if (len < 4 || !md_fits(r, off, len)) {
		md_warn(r,
		        "%s stream (%llu bytes at 0x%llx) does not fit in the file (%zu bytes)",
		        what, (unsigned long long)len, (unsigned long long)off,
		        r->n);
		return 0;
	}
	*count = u32_at(r->p + off);
	if (*count > max) {
		md_warn(r, "%s stream claims %u entries (more than %zu)", what,
		        *count, max);
		return 0;
	}
	need = 4 + (uint64_t)*count * size;
	if (len == need + 4)
		return off + 8; /* padded after the count */
	if (len < need) {
		md_warn(r,
		        "%s stream claims %u entries of %zu bytes, but holds %llu bytes",
		        what, *count, size, (unsigned long long)len);
		/* keep the entries that are whole */
		*count = (uint32_t)((len - 4) / size);
	}
	return off + 4;
}
