/*
 * markup_out.c - what the --filter-markup filter writes and how it
 * complains: output with raw_ostream's colour escapes, WithColor's
 * diagnostics with the line and a caret, and the field values of
 * LLVM's SymbolizerMarkupFormat.rst (%p, %i, %x, modes, PC types) with
 * llvm-symbolizer 19's messages.
 */
#include "maxtriage/common.h"
#include "symbols/markup_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Output and colours (raw_ostream's escapes) --------------------- */

/* The stream about to be written to, after handing the caller what the
 * other one holds when it asked to keep the two in order. */
static mt_buf *obuf(mt_markup *f)
{
	if (f->o.flush && f->diag->len)
		f->o.flush(f->o.payload, f->diag, 1);
	return f->out;
}

mt_buf *mk_dbuf(mt_markup *f)
{
	if (f->o.flush && f->out->len)
		f->o.flush(f->o.payload, f->out, 0);
	return f->diag;
}

void mk_put(mt_markup *f, const char *s, size_t n)
{
	mt_buf_put(obuf(f), s, n);
}

void mk_puts_out(mt_markup *f, const char *s)
{
	mt_buf_puts(obuf(f), s);
}

void mk_put_span(mt_markup *f, span s)
{
	mk_put(f, f->line + s.off, s.len);
}

void mk_change_color(mt_markup *f, int color, int bold)
{
	if (!f->o.color)
		return;
	if (color == SAVED_COLOR)
		mk_puts_out(f, "\033[1m");
	else
		mt_buf_printf(obuf(f), "\033[0;%s3%dm", bold ? "1;" : "",
		              color);
}

static void os_reset(mt_markup *f)
{
	if (f->o.color)
		mk_puts_out(f, "\033[0m");
}

/* A colour other than the input's for an element. */
void mk_highlight(mt_markup *f)
{
	mk_change_color(f, f->color == BLUE ? CYAN : BLUE, f->bold);
}

/* Back to the input's colour. */
void mk_restore_color(mt_markup *f)
{
	if (!f->o.color)
		return;
	if (f->color >= 0) {
		mk_change_color(f, f->color, f->bold);
	} else {
		os_reset(f);
		if (f->bold)
			mk_change_color(f, SAVED_COLOR, 1);
	}
}

/* The SGR state back to the default (each line starts there). */
void mk_reset_color(mt_markup *f)
{
	if (f->color < 0 && !f->bold)
		return;
	f->color = -1;
	f->bold = 0;
	os_reset(f);
}

void mk_value(mt_markup *f, const char *s, size_t n)
{
	mk_change_color(f, GREEN, f->bold);
	mk_put(f, s, n);
	mk_highlight(f);
}

void mk_value_str(mt_markup *f, const char *s)
{
	mk_value(f, s, strlen(s));
}

void mk_value_hex(mt_markup *f, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "0x%" PRIx64, v);
	mk_value_str(f, b);
}

void mk_value_dec(mt_markup *f, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRIu64, v);
	mk_value_str(f, b);
}

const char *mk_line_ending(const mt_markup *f)
{
	return f->crlf ? "\r\n" : "\n";
}

/* --- Diagnostics (WithColor's) -------------------------------------- */

/* "error: " or "warning: ", coloured alone (WithColor::error/warning). */
void mk_diag_prefix(mt_markup *f, int warning)
{
	if (f->o.color_diag)
		mt_buf_printf(mk_dbuf(f), "\033[0;1;3%dm", warning ? 5 : 1);
	mt_buf_puts(mk_dbuf(f), warning ? "warning: " : "error: ");
	if (f->o.color_diag)
		mt_buf_puts(mk_dbuf(f), "\033[0m");
}

/* The line, then a caret under byte off. */
void mk_report_location(mt_markup *f, size_t off)
{
	size_t i;

	mt_buf_put(mk_dbuf(f), f->line, f->len);
	for (i = 0; i < off; i++)
		mt_buf_putc(mk_dbuf(f), ' ');
	if (f->o.color_diag)
		mt_buf_puts(mk_dbuf(f), "\033[0;32m^\033[0m\n");
	else
		mt_buf_puts(mk_dbuf(f), "^\n");
}

const span *mk_field(const mt_markup *f, const node *n, size_t i)
{
	return &f->fields[n->first_field + i];
}

int mk_is(const mt_markup *f, span s, const char *word)
{
	size_t n = strlen(word);

	return s.len == n && !memcmp(f->line + s.off, word, n);
}

void mk_type_error(mt_markup *f, span s, const char *type)
{
	mk_diag_prefix(f, 0);
	mt_buf_printf(mk_dbuf(f), "expected %s; found '", type);
	mt_buf_put(mk_dbuf(f), f->line + s.off, s.len);
	mt_buf_puts(mk_dbuf(f), "'\n");
	mk_report_location(f, s.off);
}

/* Exactly size fields. More is a warning (the element is used), fewer an
 * error; the whole message is coloured. */
int mk_check_fields(mt_markup *f, const node *n, size_t size)
{
	int warn;

	if (n->n_fields == size)
		return 1;
	warn = n->n_fields > size;
	if (f->o.color_diag)
		mt_buf_printf(mk_dbuf(f), "\033[0;1;3%dm", warn ? 5 : 1);
	mt_buf_printf(mk_dbuf(f), "%sexpected %zu field(s); found %zu\n",
	              warn ? "warning: " : "error: ", size, n->n_fields);
	if (f->o.color_diag)
		mt_buf_puts(mk_dbuf(f), "\033[0m");
	mk_report_location(f, n->tag.off + n->tag.len);
	return warn;
}

int mk_check_at_least(mt_markup *f, const node *n, size_t size)
{
	if (n->n_fields >= size)
		return 1;
	mk_diag_prefix(f, 0);
	mt_buf_printf(mk_dbuf(f), "expected at least %zu field(s); found %zu\n",
	              size, n->n_fields);
	mk_report_location(f, n->tag.off + n->tag.len);
	return 0;
}

void mk_warn_at_most(mt_markup *f, const node *n, size_t size)
{
	if (n->n_fields <= size)
		return;
	mk_diag_prefix(f, 1);
	mt_buf_printf(mk_dbuf(f), "expected at most %zu field(s); found %zu\n",
	              size, n->n_fields);
	mk_report_location(f, n->tag.off + n->tag.len);
}

/* --- Field values --------------------------------------------------- */

/* %p: 0, or 0x and hex digits. */
int mk_parse_addr(uint64_t *out, mt_markup *f, span s)
{
	const char *p = f->line + s.off;
	size_t i;

	for (i = 0; i < s.len && p[i] == '0'; i++)
		;
	if (s.len && i == s.len) {
		*out = 0;
		return 0;
	}
	if (s.len < 2 || p[0] != '0' || p[1] != 'x' ||
	    sym_llvm_uint(out, p + 2, s.len - 2, 16)) {
		mk_type_error(f, s, "address");
		return -1;
	}
	return 0;
}

/* %i. */
int mk_parse_int(uint64_t *out, mt_markup *f, span s, const char *what)
{
	if (sym_llvm_uint(out, f->line + s.off, s.len, 0)) {
		mk_type_error(f, s, what);
		return -1;
	}
	return 0;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* %x: hex bytes (an odd count gets a leading 0), as lower-case hex; NULL
 * after the error when there are none or a digit is not hex. */
char *mk_parse_build_id(mt_markup *f, span s)
{
	const char *p = f->line + s.off;
	char *hex;
	size_t i, k = 0;

	for (i = 0; i < s.len; i++)
		if (hex_digit(p[i]) < 0)
			break;
	if (!s.len || i < s.len) {
		mk_type_error(f, s, "build ID");
		return NULL;
	}
	hex = mt_malloc(s.len + 2);
	if (s.len % 2)
		hex[k++] = '0';
	for (i = 0; i < s.len; i++)
		hex[k++] = "0123456789abcdef"[hex_digit(p[i])];
	hex[k] = '\0';
	return hex;
}

/* r, w, x (any case) in that order, each at most once. */
char *mk_parse_mode(mt_markup *f, span s)
{
	const char *p = f->line + s.off;
	size_t i = 0, k;
	char *m;

	if (i < s.len && (p[i] == 'r' || p[i] == 'R'))
		i++;
	if (i < s.len && (p[i] == 'w' || p[i] == 'W'))
		i++;
	if (i < s.len && (p[i] == 'x' || p[i] == 'X'))
		i++;
	if (!s.len || i < s.len) {
		mk_type_error(f, s, "mode");
		return NULL;
	}
	/* i == s.len <= 3 here: the letters checked above, lowered (copied
	 * first, as gcc -O3 saw its vectorized loop write past the block) */
	m = mt_calloc(4, 1);
	memcpy(m, p, i);
	for (k = 0; m[k]; k++)
		m[k] = (char)(m[k] | 0x20);
	return m;
}

int mk_parse_pc_type(pc_type *out, mt_markup *f, span s)
{
	if (mk_is(f, s, "ra"))
		*out = PC_RETURN;
	else if (mk_is(f, s, "pc"))
		*out = PC_PRECISE;
	else {
		mk_type_error(f, s, "PC type");
		return -1;
	}
	return 0;
}

void mk_print_raw(mt_markup *f, const node *n)
{
	size_t i;

	mk_highlight(f);
	mk_puts_out(f, "[[[");
	mk_value(f, f->line + n->tag.off, n->tag.len);
	for (i = 0; i < n->n_fields; i++) {
		mk_puts_out(f, ":");
		mk_value(f, f->line + mk_field(f, n, i)->off,
		         mk_field(f, n, i)->len);
	}
	mk_puts_out(f, "]]]");
	mk_restore_color(f);
}
