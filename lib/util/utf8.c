/* utf8.c - UTF-8 validation and cleaning (see maxtriage/utf8.h). */
#include "maxtriage/utf8.h"

size_t mt_utf8_seq_len(const char *s, size_t n, size_t *bad)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t need, k;

	*bad = 1;
	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		need = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		need = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		need = 4;
	else
		return 0; /* C0, C1, F5..FF, or a stray continuation byte */
	/* The second byte's range depends on the lead: that is what
	 * excludes overlong forms, surrogates and > U+10FFFF. */
	if (p[0] == 0xe0)
		lo = 0xa0; /* below: overlong */
	else if (p[0] == 0xed)
		hi = 0x9f; /* above: surrogates D800..DFFF */
	else if (p[0] == 0xf0)
		lo = 0x90; /* below: overlong */
	else if (p[0] == 0xf4)
		hi = 0x8f; /* above: past U+10FFFF */
	for (k = 1; k < need; k++) {
		if (k >= n || p[k] < lo || p[k] > hi) {
			*bad = k;
			return 0;
		}
		lo = 0x80;
		hi = 0xbf;
	}
	return need;
}

void mt_utf8_clean(mt_buf *out, const char *s, size_t n)
{
	size_t i = 0, run = 0; /* valid bytes not yet copied start at run */

	while (i < n) {
		size_t bad, len = mt_utf8_seq_len(s + i, n - i, &bad);

		if (len) {
			i += len;
			continue;
		}
		mt_buf_put(out, s + run, i - run);
		mt_buf_puts(out, MT_UTF8_REPLACEMENT);
		i += bad;
		run = i;
	}
	mt_buf_put(out, s + run, i - run);
}
