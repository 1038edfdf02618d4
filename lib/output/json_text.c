/* json_text.c - UTF-8-safe JSON strings for every renderer. */
#include "output_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/common.h"

#include <stdlib.h>
#include <string.h>

/* Length of the UTF-8 sequence that a lead byte announces, 0 if none. */
static int seq_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if ((c >> 5) == 6)
		return 2;
	if ((c >> 4) == 14)
		return 3;
	if ((c >> 3) == 30)
		return 4;
	return 0;
}

json_t *mt_json_text(const char *s)
{
	json_t *j;
	mt_buf b = MT_BUF_INIT;
	const unsigned char *p;

	if (!s)
		return json_null();
	if ((j = json_string(s)))
		return j;
	for (p = (const unsigned char *)s; *p;) {
		int n = seq_len(*p), k, ok = n > 0;

		for (k = 1; ok && k < n; k++)
			ok = (p[k] & 0xc0) == 0x80;
		if (ok && n > 1) {
			/* jansson's own validator judges overlong forms and
			 * surrogates */
			json_t *probe =
			        json_stringn((const char *)p, (size_t)n);

			ok = probe != NULL;
			json_decref(probe);
		}
		if (ok) {
			mt_buf_put(&b, (const char *)p, (size_t)n);
			p += n;
		} else {
			mt_buf_puts(&b, "\xef\xbf\xbd");
			p++;
		}
	}
	j = json_stringn(b.ptr, b.len);
	mt_buf_release(&b);
	return j ? j : json_string("\xef\xbf\xbd");
}

int mt_json_emit(mt_buf *out, json_t *root)
{
	char *text = json_dumps(root, JSON_INDENT(2));

	json_decref(root);
	if (!text)
		return MT_ENOMEM;
	mt_buf_puts(out, text);
	mt_buf_putc(out, '\n');
	free(text);
	return 0;
}
