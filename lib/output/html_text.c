/*
 * html_text.c - the small pieces both halves of the HTML page (html.c,
 * html_ir.c) write: escaped text, location lists, stage names.
 */
#include "html_int.h"

#include <string.h>

void html_esc(mt_buf *b, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			mt_buf_puts(b, "&amp;");
			break;
		case '<':
			mt_buf_puts(b, "&lt;");
			break;
		case '>':
			mt_buf_puts(b, "&gt;");
			break;
		case '"':
			mt_buf_puts(b, "&quot;");
			break;
		case '\'':
			mt_buf_puts(b, "&#39;");
			break;
		default:
			mt_buf_putc(b, *s);
		}
	}
}

void html_escn(mt_buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c[2] = { s[i], 0 };

		if (s[i] == '\0')
			continue;
		html_esc(b, c);
	}
}

void html_locs(mt_buf *b, char **l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		mt_buf_puts(b, i ? ", " : "");
		mt_buf_puts(b, "<code>");
		html_esc(b, l[i]);
		mt_buf_puts(b, "</code>");
	}
}

const char *html_stage_name(const mt_irdiff_graph *g, size_t i)
{
	return g->stages[i].stage->name;
}
