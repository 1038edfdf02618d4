/*
 * markup.c - llvm-symbolizer 19's --filter-markup (maxtriage/markup.h).
 *
 * The format is LLVM's SymbolizerMarkupFormat.rst; what is written for
 * each element, which malformed element gets which message and where its
 * caret points, and how colours change were taken from llvm-symbolizer-19
 * on this machine (tests/e2e/symbolize_markup.sh compares the two).
 * The shape of the work:
 *
 * - A line is cut into nodes: text, SGR escapes ("\033[0m", "\033[1m",
 *   "\033[30m".."\033[37m") and elements "{{{tag:field:...}}}" (no
 *   element spans lines: llvm-symbolizer 19 registers no multi-line tag).
 * - module, mmap and reset are contextual: they fold into one "[[[ELF
 *   module ...]]]" line per module, held until a later line shows the
 *   module is complete, and the rest of their line is dropped (as is the
 *   whole line when the element is malformed).
 * - symbol, pc, bt and data are presented in place; other lower-case
 *   tags are copied as they are, other tags dropped with an error.
 * - Without colour, SGR escapes are dropped; with it, the output's
 *   colours follow the input's, highlighted elements in blue (cyan on
 *   blue) and their values in green.
 *
 * This file reads lines into nodes and keeps the context (modules,
 * mmaps, the module line being built); markup_map.c looks modules and
 * mmaps up, markup_out.c writes and complains, markup_present.c presents
 * pc, bt, data and symbol.
 */
#include "maxtriage/common.h"
#include "symbols/markup_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mt_markup_new(mt_markup **out,
                  mt_llvm *l,
                  mt_symbolizer *s,
                  const mt_markup_opts *o)
{
	mt_markup *f = mt_calloc(1, sizeof(*f));

	f->l = l;
	f->s = s;
	f->o = *o;
	f->color = -1;
	*out = f;
	return 0;
}

static void clear_context(mt_markup *f)
{
	size_t i;

	for (i = 0; i < f->n_mods; i++) {
		free(f->mods[i]->name);
		free(f->mods[i]->build_id);
		free(f->mods[i]);
	}
	for (i = 0; i < f->n_maps; i++) {
		free(f->maps[i]->mode);
		free(f->maps[i]);
	}
	f->n_mods = f->n_maps = 0;
}

void mt_markup_free(mt_markup *f)
{
	size_t i;

	if (!f)
		return;
	clear_context(f);
	for (i = 0; i < f->n_found; i++)
		free(f->found[i].build_id);
	free(f->found);
	free(f->mods);
	free(f->maps);
	free(f->mil_maps);
	free(f->nodes);
	free(f->fields);
	free(f);
}

/* --- Modules and mmaps ---------------------------------------------- */

static void begin_module_line(mt_markup *f, const mk_module *m)
{
	char b[64];

	mk_highlight(f);
	mk_puts_out(f, "[[[ELF module");
	snprintf(b, sizeof(b), " #0x%" PRIx64 " ", m->id);
	mk_value_str(f, b);
	mk_puts_out(f, "\"");
	mk_value_str(f, m->name);
	mk_puts_out(f, "\"");
	f->mil = m;
	f->n_mil = 0;
}

typedef struct sorted_map {
	const mk_mmap *m;
	size_t order;
} sorted_map;

static int by_addr(const void *a, const void *b)
{
	const sorted_map *x = a, *y = b;

	if (x->m->addr != y->m->addr)
		return x->m->addr < y->m->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void end_module_line(mt_markup *f)
{
	sorted_map *v;
	size_t i;

	if (!f->mil)
		return;
	/* A stable sort by address. */
	v = mt_malloc((f->n_mil ? f->n_mil : 1) * sizeof(*v));
	for (i = 0; i < f->n_mil; i++) {
		v[i].m = f->mil_maps[i];
		v[i].order = i;
	}
	qsort(v, f->n_mil, sizeof(*v), by_addr);
	for (i = 0; i < f->n_mil; i++) {
		const mk_mmap *m = v[i].m;

		mk_puts_out(f, m == v[0].m ? " [" : ",[");
		mk_value_hex(f, m->addr);
		mk_puts_out(f, "-");
		mk_value_hex(f, m->addr + m->size - 1);
		mk_puts_out(f, "](");
		mk_value_str(f, m->mode);
		mk_puts_out(f, ")");
	}
	free(v);
	mk_puts_out(f, "]]]");
	mk_puts_out(f, mk_line_ending(f));
	mk_restore_color(f);
	f->mil = NULL;
	f->n_mil = 0;
}

static void filter_node(mt_markup *f, const node *n);

static void emit_deferred(mt_markup *f, size_t n_deferred)
{
	size_t i;

	for (i = 0; i < n_deferred; i++)
		filter_node(f, &f->nodes[i]);
}

static mk_module *parse_module(mt_markup *f, const node *n)
{
	uint64_t id;
	const span *type;
	char *bid;
	mk_module *m;

	if (!mk_check_at_least(f, n, 3) ||
	    mk_parse_int(&id, f, *mk_field(f, n, 0), "module ID"))
		return NULL;
	type = mk_field(f, n, 2);
	if (!mk_is(f, *type, "elf")) {
		mk_diag_prefix(f, 0);
		mt_buf_puts(mk_dbuf(f), "unknown module type\n");
		mk_report_location(f, type->off);
		return NULL;
	}
	if (!mk_check_fields(f, n, 4))
		return NULL;
	bid = mk_parse_build_id(f, *mk_field(f, n, 3));
	if (!bid)
		return NULL;
	m = mt_calloc(1, sizeof(*m));
	m->id = id;
	m->name = mt_strndup(f->line + mk_field(f, n, 1)->off,
	                     mk_field(f, n, 1)->len);
	m->build_id = bid;
	return m;
}

static mk_mmap *parse_mmap(mt_markup *f, const node *n)
{
	uint64_t addr, size, id, rel;
	const span *type;
	char *mode;
	const mk_module *mod;
	mk_mmap *m;

	if (!mk_check_at_least(f, n, 3) ||
	    mk_parse_addr(&addr, f, *mk_field(f, n, 0)) ||
	    mk_parse_int(&size, f, *mk_field(f, n, 1), "size"))
		return NULL;
	type = mk_field(f, n, 2);
	if (!mk_is(f, *type, "load")) {
		mk_diag_prefix(f, 0);
		mt_buf_puts(mk_dbuf(f), "unknown mmap type\n");
		mk_report_location(f, type->off);
		return NULL;
	}
	if (!mk_check_fields(f, n, 6) ||
	    mk_parse_int(&id, f, *mk_field(f, n, 3), "module ID"))
		return NULL;
	mode = mk_parse_mode(f, *mk_field(f, n, 4));
	if (!mode)
		return NULL;
	mod = mk_module_by_id(f, id);
	if (!mod) {
		mk_diag_prefix(f, 0);
		mt_buf_puts(mk_dbuf(f), "unknown module ID\n");
		mk_report_location(f, mk_field(f, n, 3)->off);
		free(mode);
		return NULL;
	}
	if (mk_parse_addr(&rel, f, *mk_field(f, n, 5))) {
		free(mode);
		return NULL;
	}
	m = mt_calloc(1, sizeof(*m));
	m->addr = addr;
	m->size = size;
	m->rel = rel;
	m->mod = mod;
	m->mode = mode;
	return m;
}

static int try_mmap(mt_markup *f, const node *n, size_t n_deferred)
{
	mk_mmap *m;
	const mk_mmap *o;
	size_t i;

	if (!mk_is(f, n->tag, "mmap"))
		return 0;
	m = parse_mmap(f, n);
	if (!m)
		return 1;
	o = mk_overlapping(f, m);
	if (o) {
		mk_diag_prefix(f, 0);
		mt_buf_printf(mk_dbuf(f),
		              "overlapping mmap: #0x%" PRIx64 " [0x%" PRIx64
		              "-0x%" PRIx64 "]\n",
		              o->mod->id, o->addr, o->addr + o->size - 1);
		mk_report_location(f, mk_field(f, n, 0)->off);
		free(m->mode);
		free(m);
		return 1;
	}
	i = mk_mmap_pos(f, m->addr);
	if (i < f->n_maps && f->maps[i]->addr == m->addr) {
		/* An empty mmap at the same start: the map keeps the first
		 * one, and the module line names that one. */
		free(m->mode);
		free(m);
		m = f->maps[i];
	} else {
		MT_PUSH(f->maps, f->n_maps, f->cap_maps, NULL);
		memmove(&f->maps[i + 1], &f->maps[i],
		        (f->n_maps - 1 - i) * sizeof(*f->maps));
		f->maps[i] = m;
	}
	if (!f->mil || f->mil != m->mod) {
		end_module_line(f);
		emit_deferred(f, n_deferred);
		begin_module_line(f, m->mod);
		mk_puts_out(f, "; adds");
	}
	MT_PUSH(f->mil_maps, f->n_mil, f->cap_mil, m);
	return 1;
}

static int try_reset(mt_markup *f, const node *n, size_t n_deferred)
{
	if (!mk_is(f, n->tag, "reset"))
		return 0;
	if (!mk_check_fields(f, n, 0))
		return 1;
	if (f->n_mods || f->n_maps) {
		end_module_line(f);
		emit_deferred(f, n_deferred);
		mk_print_raw(f, n);
		mk_puts_out(f, mk_line_ending(f));
		clear_context(f);
	}
	return 1;
}

static int try_module(mt_markup *f, const node *n, size_t n_deferred)
{
	mk_module *m;
	size_t i;

	if (!mk_is(f, n->tag, "module"))
		return 0;
	m = parse_module(f, n);
	if (!m)
		return 1;
	i = mk_module_pos(f, m->id);
	if (i < f->n_mods && f->mods[i]->id == m->id) {
		mk_diag_prefix(f, 0);
		mt_buf_puts(mk_dbuf(f), "duplicate module ID\n");
		mk_report_location(f, mk_field(f, n, 0)->off);
		free(m->name);
		free(m->build_id);
		free(m);
		return 1;
	}
	MT_PUSH(f->mods, f->n_mods, f->cap_mods, NULL);
	memmove(&f->mods[i + 1], &f->mods[i],
	        (f->n_mods - 1 - i) * sizeof(*f->mods));
	f->mods[i] = m;
	end_module_line(f);
	emit_deferred(f, n_deferred);
	begin_module_line(f, m);
	mk_puts_out(f, "; BuildID=");
	mk_value_str(f, m->build_id);
	return 1;
}

/* --- Nodes ----------------------------------------------------------- */

static int try_sgr(mt_markup *f, const node *n)
{
	const char *p = f->line + n->text.off;
	size_t len = n->text.len;

	if (n->element || len < 4 || p[0] != '\033' || p[1] != '[' ||
	    p[len - 1] != 'm')
		return 0;
	if (len == 4 && p[2] == '0') {
		mk_reset_color(f);
		return 1;
	}
	if (len == 4 && p[2] == '1') {
		f->bold = 1;
		mk_change_color(f, SAVED_COLOR, 1);
		return 1;
	}
	if (len == 5 && p[2] == '3' && p[3] >= '0' && p[3] <= '7') {
		f->color = p[3] - '0';
		mk_change_color(f, f->color, 0);
		return 1;
	}
	return 0;
}

static void filter_node(mt_markup *f, const node *n)
{
	size_t i;

	for (i = 0; i < n->tag.len; i++) {
		char c = f->line[n->tag.off + i];

		if (c < 'a' || c > 'z') {
			mk_diag_prefix(f, 0);
			mt_buf_puts(mk_dbuf(f),
			            "tags must be all lowercase characters\n");
			mk_report_location(f, n->tag.off);
			return;
		}
	}
	if (mk_try_symbol(f, n) || mk_try_pc(f, n) || mk_try_bt(f, n) ||
	    mk_try_data(f, n) || try_sgr(f, n))
		return;
	mk_put_span(f, n->text);
}

static void push_text(mt_markup *f, size_t off, size_t len)
{
	node n;

	memset(&n, 0, sizeof(n));
	n.text.off = off;
	n.text.len = len;
	MT_PUSH(f->nodes, f->n_nodes, f->cap_nodes, n);
}

/* Length of an SGR escape LLVM knows at p, or 0. */
static size_t sgr_len(const char *p, size_t n)
{
	if (n >= 4 && p[0] == '\033' && p[1] == '[' &&
	    (p[2] == '0' || p[2] == '1') && p[3] == 'm')
		return 4;
	if (n >= 5 && p[0] == '\033' && p[1] == '[' && p[2] == '3' &&
	    p[3] >= '0' && p[3] <= '7' && p[4] == 'm')
		return 5;
	return 0;
}

/* Text outside elements: split around SGR escapes. */
static void text_nodes(mt_markup *f, size_t off, size_t len)
{
	size_t i = off, start = off, end = off + len, k;

	while (i < end) {
		const char *p = memchr(f->line + i, '\033', end - i);

		if (!p)
			break;
		i = (size_t)(p - f->line);
		k = sgr_len(p, end - i);
		if (!k) {
			i++;
			continue;
		}
		if (i > start)
			push_text(f, start, i - start);
		push_text(f, i, k);
		i += k;
		start = i;
	}
	if (end > start)
		push_text(f, start, end - start);
}

static const char *find3(const char *p, const char *end, char c)
{
	while (p + 3 <= end) {
		const char *q = memchr(p, c, (size_t)(end - p) - 2);

		if (!q)
			return NULL;
		if (q[1] == c && q[2] == c)
			return q;
		p = q + 1;
	}
	return NULL;
}

/* The element at [b, e) of the line ("{{{" to "}}}"): 0 and the node,
 * or -1 for an empty tag. */
static int element(mt_markup *f, node *n, size_t b, size_t e)
{
	size_t c = b + 3, ce = e - 3, colon;
	const char *p;

	memset(n, 0, sizeof(*n));
	n->element = 1;
	n->text.off = b;
	n->text.len = e - b;
	p = memchr(f->line + c, ':', ce - c);
	colon = p ? (size_t)(p - f->line) : ce;
	if (colon == c)
		return -1;
	n->tag.off = c;
	n->tag.len = colon - c;
	n->first_field = f->n_fields;
	if (colon == ce)
		return 0;
	/* Fields: split after the first ':', empty ones kept. */
	for (c = colon + 1;;) {
		span s;

		p = memchr(f->line + c, ':', ce - c);
		s.off = c;
		s.len = (p ? (size_t)(p - f->line) : ce) - c;
		MT_PUSH(f->fields, f->n_fields, f->cap_fields, s);
		n->n_fields++;
		if (!p)
			break;
		c = (size_t)(p - f->line) + 1;
	}
	return 0;
}

static void parse_line(mt_markup *f)
{
	const char *line = f->line, *end = line + f->len;
	size_t pos = 0, from = 0;

	f->n_nodes = f->n_fields = 0;
	for (;;) {
		const char *b = find3(line + from, end, '{'), *e;
		node n;

		if (!b)
			break;
		e = find3(b + 3, end, '}');
		if (!e)
			break;
		if (element(f, &n, (size_t)(b - line),
		            (size_t)(e + 3 - line))) {
			/* An empty tag is no element: look further on. */
			from = (size_t)(e + 3 - line);
			continue;
		}
		text_nodes(f, pos, n.text.off - pos);
		MT_PUSH(f->nodes, f->n_nodes, f->cap_nodes, n);
		pos = from = n.text.off + n.text.len;
	}
	text_nodes(f, pos, f->len - pos);
}

void mt_markup_line(
        mt_buf *out, mt_buf *diag, mt_markup *f, const char *line, size_t len)
{
	size_t i;

	f->out = out;
	f->diag = diag;
	f->line = line;
	f->len = len;
	f->crlf = len >= 2 && line[len - 2] == '\r' && line[len - 1] == '\n';
	mk_reset_color(f);
	parse_line(f);
	/* A contextual element takes its line: what comes before it waits
	 * (and is dropped when it joins a module line), what follows is
	 * dropped. */
	for (i = 0; i < f->n_nodes; i++) {
		const node *n = &f->nodes[i];

		if (try_mmap(f, n, i) || try_reset(f, n, i) ||
		    try_module(f, n, i))
			return;
	}
	end_module_line(f);
	emit_deferred(f, f->n_nodes);
}

void mt_markup_finish(mt_buf *out, mt_buf *diag, mt_markup *f)
{
	f->out = out;
	f->diag = diag;
	end_module_line(f);
	mk_reset_color(f);
	clear_context(f);
}
