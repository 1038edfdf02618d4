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
 */
#include "maxtriage/markup.h"

#include "maxtriage/common.h"
#include "maxtriage/lazylib.h"
#include "symbols_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FRAMES 256
#define SAVED_COLOR 8 /* raw_ostream::SAVEDCOLOR: bold only */
#define BLUE 4
#define CYAN 6
#define GREEN 2

typedef struct span {
	size_t off, len; /* in the current line */
} span;

/* A text node (tag.len == 0 and no fields) or an element. */
typedef struct node {
	span text;
	int element;
	span tag;
	size_t first_field, n_fields; /* in mt_markup.fields */
} node;

typedef struct mk_module {
	uint64_t id;
	char *name;
	char *build_id; /* lower-case hex, as llvm-symbolizer prints it */
} mk_module;

typedef struct mk_mmap {
	uint64_t addr, size, rel;
	const mk_module *mod;
	char *mode; /* lower case */
} mk_mmap;

/* What a build-id led to; kept across {{{reset}}}, as llvm-symbolizer's
 * caches are. Not kept when nothing was found: that is asked again. */
typedef struct found {
	char *build_id;
	mt_module *m; /* NULL: its file could not be read (said once) */
} found;

typedef enum { PC_RETURN, PC_PRECISE } pc_type;

struct mt_markup {
	mt_llvm *l;
	mt_symbolizer *s;
	mt_markup_opts o;
	mt_buf *out, *diag; /* of the current call */
	const char *line; /* the current line */
	size_t len;
	int crlf; /* the current (last) line ends in "\r\n" */
	node *nodes;
	size_t n_nodes, cap_nodes;
	span *fields;
	size_t n_fields, cap_fields;
	/* The SGR state of the input. */
	int color; /* -1: none, else 0..7 */
	int bold;
	mk_module **mods; /* sorted by id */
	size_t n_mods, cap_mods;
	mk_mmap **maps; /* sorted by address */
	size_t n_maps, cap_maps;
	/* The module line being built. */
	const mk_module *mil;
	const mk_mmap **mil_maps;
	size_t n_mil, cap_mil;
	char why[128]; /* a refusal's text */
	found *found; /* sorted by build-id */
	size_t n_found, cap_found;
};

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

/* --- Output and colours (raw_ostream's escapes) --------------------- */

/* The stream about to be written to, after handing the caller what the
 * other one holds when it asked to keep the two in order. */
static mt_buf *obuf(mt_markup *f)
{
	if (f->o.flush && f->diag->len)
		f->o.flush(f->o.payload, f->diag, 1);
	return f->out;
}

static mt_buf *dbuf(mt_markup *f)
{
	if (f->o.flush && f->out->len)
		f->o.flush(f->o.payload, f->out, 0);
	return f->diag;
}

static void put(mt_markup *f, const char *s, size_t n)
{
	mt_buf_put(obuf(f), s, n);
}

static void puts_out(mt_markup *f, const char *s)
{
	mt_buf_puts(obuf(f), s);
}

static void put_span(mt_markup *f, span s)
{
	put(f, f->line + s.off, s.len);
}

static void change_color(mt_markup *f, int color, int bold)
{
	if (!f->o.color)
		return;
	if (color == SAVED_COLOR)
		puts_out(f, "\033[1m");
	else
		mt_buf_printf(obuf(f), "\033[0;%s3%dm", bold ? "1;" : "",
		              color);
}

static void os_reset(mt_markup *f)
{
	if (f->o.color)
		puts_out(f, "\033[0m");
}

/* A colour other than the input's for an element. */
static void highlight(mt_markup *f)
{
	change_color(f, f->color == BLUE ? CYAN : BLUE, f->bold);
}

/* Back to the input's colour. */
static void restore_color(mt_markup *f)
{
	if (!f->o.color)
		return;
	if (f->color >= 0) {
		change_color(f, f->color, f->bold);
	} else {
		os_reset(f);
		if (f->bold)
			change_color(f, SAVED_COLOR, 1);
	}
}

/* The SGR state back to the default (each line starts there). */
static void reset_color(mt_markup *f)
{
	if (f->color < 0 && !f->bold)
		return;
	f->color = -1;
	f->bold = 0;
	os_reset(f);
}

static void value(mt_markup *f, const char *s, size_t n)
{
	change_color(f, GREEN, f->bold);
	put(f, s, n);
	highlight(f);
}

static void value_str(mt_markup *f, const char *s)
{
	value(f, s, strlen(s));
}

static void value_hex(mt_markup *f, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "0x%" PRIx64, v);
	value_str(f, b);
}

static void value_dec(mt_markup *f, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRIu64, v);
	value_str(f, b);
}

static const char *line_ending(const mt_markup *f)
{
	return f->crlf ? "\r\n" : "\n";
}

/* --- Diagnostics (WithColor's) -------------------------------------- */

/* "error: " or "warning: ", coloured alone (WithColor::error/warning). */
static void diag_prefix(mt_markup *f, int warning)
{
	if (f->o.color_diag)
		mt_buf_printf(dbuf(f), "\033[0;1;3%dm", warning ? 5 : 1);
	mt_buf_puts(dbuf(f), warning ? "warning: " : "error: ");
	if (f->o.color_diag)
		mt_buf_puts(dbuf(f), "\033[0m");
}

/* The line, then a caret under byte off. */
static void report_location(mt_markup *f, size_t off)
{
	size_t i;

	mt_buf_put(dbuf(f), f->line, f->len);
	for (i = 0; i < off; i++)
		mt_buf_putc(dbuf(f), ' ');
	if (f->o.color_diag)
		mt_buf_puts(dbuf(f), "\033[0;32m^\033[0m\n");
	else
		mt_buf_puts(dbuf(f), "^\n");
}

static const span *field(const mt_markup *f, const node *n, size_t i)
{
	return &f->fields[n->first_field + i];
}

static int is(const mt_markup *f, span s, const char *word)
{
	size_t n = strlen(word);

	return s.len == n && !memcmp(f->line + s.off, word, n);
}

static void type_error(mt_markup *f, span s, const char *type)
{
	diag_prefix(f, 0);
	mt_buf_printf(dbuf(f), "expected %s; found '", type);
	mt_buf_put(dbuf(f), f->line + s.off, s.len);
	mt_buf_puts(dbuf(f), "'\n");
	report_location(f, s.off);
}

/* Exactly size fields. More is a warning (the element is used), fewer an
 * error; the whole message is coloured. */
static int check_fields(mt_markup *f, const node *n, size_t size)
{
	int warn;

	if (n->n_fields == size)
		return 1;
	warn = n->n_fields > size;
	if (f->o.color_diag)
		mt_buf_printf(dbuf(f), "\033[0;1;3%dm", warn ? 5 : 1);
	mt_buf_printf(dbuf(f), "%sexpected %zu field(s); found %zu\n",
	              warn ? "warning: " : "error: ", size, n->n_fields);
	if (f->o.color_diag)
		mt_buf_puts(dbuf(f), "\033[0m");
	report_location(f, n->tag.off + n->tag.len);
	return warn;
}

static int check_at_least(mt_markup *f, const node *n, size_t size)
{
	if (n->n_fields >= size)
		return 1;
	diag_prefix(f, 0);
	mt_buf_printf(dbuf(f), "expected at least %zu field(s); found %zu\n",
	              size, n->n_fields);
	report_location(f, n->tag.off + n->tag.len);
	return 0;
}

static void warn_at_most(mt_markup *f, const node *n, size_t size)
{
	if (n->n_fields <= size)
		return;
	diag_prefix(f, 1);
	mt_buf_printf(dbuf(f), "expected at most %zu field(s); found %zu\n",
	              size, n->n_fields);
	report_location(f, n->tag.off + n->tag.len);
}

/* --- Field values --------------------------------------------------- */

/* %p: 0, or 0x and hex digits. */
static int parse_addr(uint64_t *out, mt_markup *f, span s)
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
		type_error(f, s, "address");
		return -1;
	}
	return 0;
}

/* %i. */
static int parse_int(uint64_t *out, mt_markup *f, span s, const char *what)
{
	if (sym_llvm_uint(out, f->line + s.off, s.len, 0)) {
		type_error(f, s, what);
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
static char *parse_build_id(mt_markup *f, span s)
{
	const char *p = f->line + s.off;
	char *hex;
	size_t i, k = 0;

	for (i = 0; i < s.len; i++)
		if (hex_digit(p[i]) < 0)
			break;
	if (!s.len || i < s.len) {
		type_error(f, s, "build ID");
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
static char *parse_mode(mt_markup *f, span s)
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
		type_error(f, s, "mode");
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

static int parse_pc_type(pc_type *out, mt_markup *f, span s)
{
	if (is(f, s, "ra"))
		*out = PC_RETURN;
	else if (is(f, s, "pc"))
		*out = PC_PRECISE;
	else {
		type_error(f, s, "PC type");
		return -1;
	}
	return 0;
}

/* --- Modules and mmaps ---------------------------------------------- */

/* Index of the first module with id >= id. */
static size_t module_pos(const mt_markup *f, uint64_t id)
{
	size_t lo = 0, hi = f->n_mods;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->mods[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static mk_module *module_by_id(const mt_markup *f, uint64_t id)
{
	size_t i = module_pos(f, id);

	return i < f->n_mods && f->mods[i]->id == id ? f->mods[i] : NULL;
}

/* Index of the first mmap starting at or after addr. */
static size_t mmap_pos(const mt_markup *f, uint64_t addr)
{
	size_t lo = 0, hi = f->n_maps;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->maps[mid]->addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* In 64-bit arithmetic, wrapping as LLVM's does. */
static int contains(const mk_mmap *m, uint64_t a)
{
	return m->addr <= a && a < m->addr + m->size;
}

static const mk_mmap *containing(const mt_markup *f, uint64_t a)
{
	size_t i = mmap_pos(f, a);

	if (i < f->n_maps && contains(f->maps[i], a))
		return f->maps[i];
	if (i == 0)
		return NULL;
	return contains(f->maps[i - 1], a) ? f->maps[i - 1] : NULL;
}

/* An existing mmap that overlaps m. */
static const mk_mmap *overlapping(const mt_markup *f, const mk_mmap *m)
{
	size_t i = mmap_pos(f, m->addr);
	size_t up = i;

	/* The first one starting after m's start. */
	while (up < f->n_maps && f->maps[up]->addr == m->addr)
		up++;
	if (up < f->n_maps && contains(m, f->maps[up]->addr))
		return f->maps[up];
	if (up > 0 && contains(f->maps[up - 1], m->addr))
		return f->maps[up - 1];
	return NULL;
}

static void begin_module_line(mt_markup *f, const mk_module *m)
{
	char b[64];

	highlight(f);
	puts_out(f, "[[[ELF module");
	snprintf(b, sizeof(b), " #0x%" PRIx64 " ", m->id);
	value_str(f, b);
	puts_out(f, "\"");
	value_str(f, m->name);
	puts_out(f, "\"");
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

		puts_out(f, m == v[0].m ? " [" : ",[");
		value_hex(f, m->addr);
		puts_out(f, "-");
		value_hex(f, m->addr + m->size - 1);
		puts_out(f, "](");
		value_str(f, m->mode);
		puts_out(f, ")");
	}
	free(v);
	puts_out(f, "]]]");
	puts_out(f, line_ending(f));
	restore_color(f);
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

	if (!check_at_least(f, n, 3) ||
	    parse_int(&id, f, *field(f, n, 0), "module ID"))
		return NULL;
	type = field(f, n, 2);
	if (!is(f, *type, "elf")) {
		diag_prefix(f, 0);
		mt_buf_puts(dbuf(f), "unknown module type\n");
		report_location(f, type->off);
		return NULL;
	}
	if (!check_fields(f, n, 4))
		return NULL;
	bid = parse_build_id(f, *field(f, n, 3));
	if (!bid)
		return NULL;
	m = mt_calloc(1, sizeof(*m));
	m->id = id;
	m->name =
	        mt_strndup(f->line + field(f, n, 1)->off, field(f, n, 1)->len);
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

	if (!check_at_least(f, n, 3) || parse_addr(&addr, f, *field(f, n, 0)) ||
	    parse_int(&size, f, *field(f, n, 1), "size"))
		return NULL;
	type = field(f, n, 2);
	if (!is(f, *type, "load")) {
		diag_prefix(f, 0);
		mt_buf_puts(dbuf(f), "unknown mmap type\n");
		report_location(f, type->off);
		return NULL;
	}
	if (!check_fields(f, n, 6) ||
	    parse_int(&id, f, *field(f, n, 3), "module ID"))
		return NULL;
	mode = parse_mode(f, *field(f, n, 4));
	if (!mode)
		return NULL;
	mod = module_by_id(f, id);
	if (!mod) {
		diag_prefix(f, 0);
		mt_buf_puts(dbuf(f), "unknown module ID\n");
		report_location(f, field(f, n, 3)->off);
		free(mode);
		return NULL;
	}
	if (parse_addr(&rel, f, *field(f, n, 5))) {
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

	if (!is(f, n->tag, "mmap"))
		return 0;
	m = parse_mmap(f, n);
	if (!m)
		return 1;
	o = overlapping(f, m);
	if (o) {
		diag_prefix(f, 0);
		mt_buf_printf(dbuf(f),
		              "overlapping mmap: #0x%" PRIx64 " [0x%" PRIx64
		              "-0x%" PRIx64 "]\n",
		              o->mod->id, o->addr, o->addr + o->size - 1);
		report_location(f, field(f, n, 0)->off);
		free(m->mode);
		free(m);
		return 1;
	}
	i = mmap_pos(f, m->addr);
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
		puts_out(f, "; adds");
	}
	MT_PUSH(f->mil_maps, f->n_mil, f->cap_mil, m);
	return 1;
}

static void print_raw(mt_markup *f, const node *n)
{
	size_t i;

	highlight(f);
	puts_out(f, "[[[");
	value(f, f->line + n->tag.off, n->tag.len);
	for (i = 0; i < n->n_fields; i++) {
		puts_out(f, ":");
		value(f, f->line + field(f, n, i)->off, field(f, n, i)->len);
	}
	puts_out(f, "]]]");
	restore_color(f);
}

static int try_reset(mt_markup *f, const node *n, size_t n_deferred)
{
	if (!is(f, n->tag, "reset"))
		return 0;
	if (!check_fields(f, n, 0))
		return 1;
	if (f->n_mods || f->n_maps) {
		end_module_line(f);
		emit_deferred(f, n_deferred);
		print_raw(f, n);
		puts_out(f, line_ending(f));
		clear_context(f);
	}
	return 1;
}

static int try_module(mt_markup *f, const node *n, size_t n_deferred)
{
	mk_module *m;
	size_t i;

	if (!is(f, n->tag, "module"))
		return 0;
	m = parse_module(f, n);
	if (!m)
		return 1;
	i = module_pos(f, m->id);
	if (i < f->n_mods && f->mods[i]->id == m->id) {
		diag_prefix(f, 0);
		mt_buf_puts(dbuf(f), "duplicate module ID\n");
		report_location(f, field(f, n, 0)->off);
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
	puts_out(f, "; BuildID=");
	value_str(f, m->build_id);
	return 1;
}

/* --- Symbolization --------------------------------------------------- */

static size_t found_pos(const mt_markup *f, const char *id, int *hit)
{
	size_t lo = 0, hi = f->n_found;

	*hit = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(f->found[mid].build_id, id);

		if (c == 0) {
			*hit = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void remember(mt_markup *f, size_t pos, const char *id, mt_module *m)
{
	found x = { mt_strdup(id), m };

	MT_PUSH(f->found, f->n_found, f->cap_found, x);
	memmove(&f->found[pos + 1], &f->found[pos],
	        (f->n_found - 1 - pos) * sizeof(*f->found));
	f->found[pos] = x;
}

static uint64_t rd(const unsigned char *p, size_t n, int be)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

/* The first of llvm::object's checks of an ELF file's header and section
 * table that fails, as it words it (into why, size n), or NULL: a file
 * cut short is refused by LLVM before any lookup, where libelf reads
 * what is there. Other files are left to mt_symbolizer_open. */
static const char *elf_refusal(char *why, size_t n, const char *path)
{
	unsigned char h[64], sh[64];
	struct stat st;
	const char *r = NULL;
	uint64_t shoff, shnum, ehsize, shsize;
	int be, is64;
	FILE *fp = fopen(path, "rb");
	size_t got;

	if (!fp)
		return NULL;
	got = fread(h, 1, sizeof(h), fp);
	if (fstat(fileno(fp), &st) != 0 || got < 6 || memcmp(h, "\177ELF", 4) ||
	    (h[4] != 1 && h[4] != 2) || (h[5] != 1 && h[5] != 2))
		goto out;
	is64 = h[4] == 2;
	be = h[5] == 2;
	ehsize = is64 ? 64 : 52;
	shsize = is64 ? 64 : 40;
	if ((uint64_t)st.st_size < ehsize) {
		snprintf(why, n,
		         "invalid buffer: the size (%lld) is smaller than an "
		         "ELF header (%" PRIu64 ")",
		         (long long)st.st_size, ehsize);
		r = why;
		goto out;
	}
	shoff = is64 ? rd(h + 0x28, 8, be) : rd(h + 0x20, 4, be);
	shnum = is64 ? rd(h + 0x3c, 2, be) : rd(h + 0x30, 2, be);
	if (shoff == 0 || rd(h + (is64 ? 0x3a : 0x2e), 2, be) != shsize)
		goto out;
	if (shoff + shsize > (uint64_t)st.st_size || shoff + shsize < shoff) {
		snprintf(why, n,
		         "section header table goes past the end of the file: "
		         "e_shoff = 0x%" PRIx64,
		         shoff);
		r = why;
		goto out;
	}
	if (shnum == 0) {
		/* The count is in the first section header's sh_size. */
		if (fseeko(fp, (off_t)shoff, SEEK_SET) ||
		    fread(sh, 1, shsize, fp) != shsize)
			goto out;
		shnum = is64 ? rd(sh + 0x20, 8, be) : rd(sh + 0x14, 4, be);
	}
	if (shnum <= UINT64_MAX / shsize && shoff + shnum * shsize >= shoff &&
	    shoff + shnum * shsize > (uint64_t)st.st_size) {
		snprintf(why, n, "section table goes past the end of file");
		r = why;
	}
out:
	fclose(fp);
	return r;
}

/* The module of a build-id: 0 and *out; 1 when its file was already
 * found unreadable (an empty answer, as llvm-symbolizer gives once it has
 * said why); -1 with *why, llvm-symbolizer's message. */
static int
resolve(mt_module **out, mt_markup *f, const char *id, const char **why)
{
	static const char *const system_dirs[] = { "/usr/lib/debug" };
	const char *const *dirs =
	        f->o.n_debug_dirs ? f->o.debug_dirs : system_dirs;
	size_t nd = f->o.n_debug_dirs ? f->o.n_debug_dirs : 1, i, pos;
	mt_error err = { 0, "" };
	mt_buf path = MT_BUF_INIT;
	int hit, rc = -1;
	struct stat st;

	*out = NULL;
	pos = found_pos(f, id, &hit);
	if (hit) {
		*out = f->found[pos].m;
		return *out ? 0 : 1;
	}
	for (i = 0; i < nd; i++) {
		mt_buf_clear(&path);
		mt_buf_printf(&path, "%s/.build-id/%.2s/%s.debug", dirs[i], id,
		              id + 2);
		if (access(path.ptr, F_OK) == 0)
			break;
	}
	if (i < nd) {
		*why = elf_refusal(f->why, sizeof(f->why), path.ptr);
		if (*why)
			*out = NULL;
		else if (mt_symbolizer_open(out, f->s, path.ptr, &err) == 0) {
			rc = 0;
		} else {
			*out = NULL;
			if (stat(path.ptr, &st) != 0)
				*why = strerror(errno);
			else if (S_ISDIR(st.st_mode))
				*why = strerror(EISDIR);
			else
				*why = "The file was not recognized as a valid "
				       "object file";
		}
		remember(f, pos, id, *out);
		goto out;
	}
	if (f->o.debuginfod &&
	    mt_symbolizer_module(out, f->s, "", id, &err) == 0) {
		remember(f, pos, id, *out);
		rc = 0;
		goto out;
	}
	*out = NULL;
	*why = "could not find build ID";
out:
	mt_buf_release(&path);
	return rc;
}

/* The mmap covering an address, or NULL after llvm-symbolizer's error
 * and the element as it was. */
static const mk_mmap *mmap_of(mt_markup *f, const node *n, uint64_t a)
{
	const mk_mmap *m = containing(f, a);

	if (m)
		return m;
	diag_prefix(f, 0);
	mt_buf_puts(dbuf(f), "no mmap covers address\n");
	report_location(f, field(f, n, 0)->off);
	print_raw(f, n);
	return NULL;
}

/* 0 and *m (NULL for the empty answer of an unreadable file), or -1
 * after the error and the element as it was. */
static int
module_of(mt_module **m, mt_markup *f, const node *n, const mk_mmap *map)
{
	const char *why = NULL;

	if (resolve(m, f, map->mod->build_id, &why) >= 0)
		return 0;
	diag_prefix(f, 0);
	mt_buf_printf(dbuf(f), "%s\n", why);
	print_raw(f, n);
	return -1;
}

static int empty_frame(const mt_llvm_frame *fr)
{
	return !fr->function && !fr->file && !fr->line && !fr->column;
}

static const char *or_invalid(const char *s)
{
	return s ? s : "<invalid>";
}

static uint64_t adjust(uint64_t a, pc_type t)
{
	/* A return address minus one is inside the call. */
	return t == PC_RETURN ? a - 1 : a;
}

static int try_pc(mt_markup *f, const node *n)
{
	uint64_t a;
	pc_type t = PC_PRECISE;
	const mk_mmap *map;
	mt_module *m;
	mt_llvm_frame fr;

	if (!is(f, n->tag, "pc"))
		return 0;
	if (!check_at_least(f, n, 1))
		return 1;
	warn_at_most(f, n, 2);
	if (parse_addr(&a, f, *field(f, n, 0)))
		return 1;
	if (n->n_fields == 2 && parse_pc_type(&t, f, *field(f, n, 1)))
		return 1;
	a = adjust(a, t);
	map = mmap_of(f, n, a);
	if (!map || module_of(&m, f, n, map))
		return 1;
	memset(&fr, 0, sizeof(fr));
	if (m)
		mt_llvm_code(&fr, 1, f->l, m, a - map->addr + map->rel, 0);
	if (empty_frame(&fr)) {
		print_raw(f, n);
		return 1;
	}
	highlight(f);
	value_str(f, or_invalid(fr.function));
	puts_out(f, "[");
	value_str(f, or_invalid(fr.file));
	puts_out(f, ":");
	value_dec(f, fr.line);
	puts_out(f, "]");
	restore_color(f);
	return 1;
}

static int try_bt(mt_markup *f, const node *n)
{
	uint64_t a, num, rel;
	pc_type t = PC_RETURN;
	const mk_mmap *map;
	mt_module *m;
	mt_llvm_frame fr[MAX_FRAMES];
	int nf = 0, i;
	char head[64], b[32];

	if (!is(f, n->tag, "bt"))
		return 0;
	if (!check_at_least(f, n, 2))
		return 1;
	warn_at_most(f, n, 3);
	if (sym_llvm_uint(&num, f->line + field(f, n, 0)->off,
	                  field(f, n, 0)->len, 10)) {
		type_error(f, *field(f, n, 0), "frame number");
		return 1;
	}
	if (parse_addr(&a, f, *field(f, n, 1)))
		return 1;
	if (n->n_fields == 3 && parse_pc_type(&t, f, *field(f, n, 2)))
		return 1;
	a = adjust(a, t);
	map = mmap_of(f, n, a);
	if (!map || module_of(&m, f, n, map))
		return 1;
	rel = a - map->addr + map->rel;
	/* An unreadable file answers no frames at all. */
	if (m)
		nf = mt_llvm_code(fr, MAX_FRAMES, f->l, m, rel, 1);
	highlight(f);
	snprintf(b, sizeof(b), "#%" PRIu64, num);
	snprintf(head, sizeof(head), "%6s", b);
	for (i = 0; i < nf; i++) {
		size_t hash = (size_t)(strchr(head, '#') - head) + 1;

		put(f, head, hash);
		value_str(f, head + hash);
		if (i == nf - 1) {
			puts_out(f, "   ");
		} else {
			puts_out(f, ".");
			snprintf(b, sizeof(b), "%-2d", i + 1);
			value_str(f, b);
		}
		snprintf(b, sizeof(b), " 0x%016" PRIx64 " ", a);
		value_str(f, b);
		if (!empty_frame(&fr[i])) {
			value_str(f, or_invalid(fr[i].function));
			puts_out(f, " ");
			value_str(f, or_invalid(fr[i].file));
			puts_out(f, ":");
			value_dec(f, fr[i].line);
			puts_out(f, ":");
			value_dec(f, fr[i].column);
			puts_out(f, " ");
		}
		puts_out(f, "(");
		value_str(f, map->mod->name);
		puts_out(f, "+");
		value_hex(f, rel);
		puts_out(f, ")");
		if (i != nf - 1)
			puts_out(f, line_ending(f));
	}
	restore_color(f);
	return 1;
}

static int try_data(mt_markup *f, const node *n)
{
	uint64_t a;
	const mk_mmap *map;
	mt_module *m;
	mt_symbol sym;
	const char *name = NULL;
	char *d = NULL;

	if (!is(f, n->tag, "data"))
		return 0;
	if (!check_fields(f, n, 1))
		return 1;
	if (parse_addr(&a, f, *field(f, n, 0)))
		return 1;
	map = mmap_of(f, n, a);
	if (!map || module_of(&m, f, n, map))
		return 1;
	if (m && mt_module_symbol_at(&sym, m, a - map->addr + map->rel) == 0)
		name = sym.name;
	/* The symbolizer's names follow --functions (short: as in the
	 * file); a global's name is demangled all the same. */
	if (name && f->o.demangle)
		d = mt_sym_demangle(name);
	highlight(f);
	puts_out(f, d ? d : or_invalid(name));
	restore_color(f);
	free(d);
	return 1;
}

/* --- {{{symbol}}}: llvm::demangle --------------------------------- */

typedef struct ms_string_view {
	size_t len;
	const char *ptr;
} ms_string_view;

/* llvm::microsoftDemangle(std::string_view, size_t *, int *, flags):
 * libLLVM's, loaded on the first "?" name, as demangle.c loads its
 * Itanium, Rust and D demanglers. */
typedef char *(*ms_demangle_fn)(ms_string_view, size_t *, int *, int);
static ms_demangle_fn ms_demangle;
static const char *const ms_sonames[] = {
	"libLLVM.so.19.1", "libLLVM-19.so",
	"/usr/lib/llvm-19/lib/libLLVM.so.19.1",
	"/usr/lib/llvm-19/lib/libLLVM.so.1"
};
static const mt_lazysym ms_syms[] = {
	{ "_ZN4llvm17microsoftDemangleESt17basic_string_viewIcSt11char_"
	  "traitsIcEEPmPiNS_15MSDemangleFlagsE",
	  (void **)&ms_demangle },
};
static mt_lazylib ms_lib = MT_LAZYLIB_INIT(ms_sonames, ms_syms);

/* nonMicrosoftDemangle: Itanium, Rust, D; a leading '.' is kept. */
static char *demangle_other(const char *name, int leading_dot)
{
	char *d;
	mt_buf b = MT_BUF_INIT;

	if (leading_dot && name[0] == '.') {
		d = mt_sym_demangle(name + 1);
		if (!d)
			return NULL;
		mt_buf_printf(&b, ".%s", d);
		free(d);
		return mt_buf_detach(&b);
	}
	return mt_sym_demangle(name);
}

/* "___Z<encoding>_block_invoke[_N]": a clang block's body, which
 * LLVM's Itanium demangler names after the function holding it. */
static char *demangle_block(const char *name)
{
	const char *enc = name + 2, *inv, *p;
	char *sym, *d;
	mt_buf b = MT_BUF_INIT;

	if (!strncmp(name, "____Z", 5))
		enc = name + 3;
	else if (strncmp(name, "___Z", 4))
		return NULL;
	inv = strstr(enc, "_block_invoke");
	if (!inv)
		return NULL;
	for (p = strstr(inv + 1, "_block_invoke"); p;
	     p = strstr(p + 1, "_block_invoke"))
		inv = p;
	p = inv + 13;
	if (*p == '_' && !p[1 + strspn(p + 1, "0123456789")] && p[1])
		p = "";
	if (*p)
		return NULL;
	sym = mt_strndup(enc, (size_t)(inv - enc));
	d = mt_sym_demangle(sym);
	free(sym);
	if (!d)
		return NULL;
	mt_buf_printf(&b, "invocation function for block in %s", d);
	free(d);
	return mt_buf_detach(&b);
}

/* What llvm::demangle gives (new, free with free()). */
static char *symbol_text(const char *name)
{
	char *d = demangle_block(name);

	if (!d)
		d = demangle_other(name, 1);
	if (!d && name[0] == '_')
		d = demangle_other(name + 1, 0);
	/* The Microsoft demangler reads only "?..." and ".?..." names
	 * (typeinfo); other names would load libLLVM for nothing. */
	if (!d && (name[0] == '?' || name[0] == '.') &&
	    !getenv("MAXTRIAGE_NO_LIBLLVM") &&
	    mt_lazylib_load(&ms_lib, NULL) == 0) {
		ms_string_view sv = { strlen(name), name };
		int status = 0;
		char *r = ms_demangle(sv, NULL, &status, 0);

		if (r && status == 0)
			d = mt_strdup(r);
		free(r);
	}
	return d ? d : mt_strdup(name);
}

static int try_symbol(mt_markup *f, const node *n)
{
	char *name, *d;

	if (!is(f, n->tag, "symbol"))
		return 0;
	if (!check_fields(f, n, 1))
		return 1;
	name = mt_strndup(f->line + field(f, n, 0)->off, field(f, n, 0)->len);
	/* A name with a NUL in it is no mangled name: as it is. */
	d = memchr(f->line + field(f, n, 0)->off, 0, field(f, n, 0)->len)
	            ? NULL
	            : symbol_text(name);
	highlight(f);
	if (d)
		puts_out(f, d);
	else
		put_span(f, *field(f, n, 0));
	restore_color(f);
	free(d);
	free(name);
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
		reset_color(f);
		return 1;
	}
	if (len == 4 && p[2] == '1') {
		f->bold = 1;
		change_color(f, SAVED_COLOR, 1);
		return 1;
	}
	if (len == 5 && p[2] == '3' && p[3] >= '0' && p[3] <= '7') {
		f->color = p[3] - '0';
		change_color(f, f->color, 0);
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
			diag_prefix(f, 0);
			mt_buf_puts(dbuf(f),
			            "tags must be all lowercase characters\n");
			report_location(f, n->tag.off);
			return;
		}
	}
	if (try_symbol(f, n) || try_pc(f, n) || try_bt(f, n) ||
	    try_data(f, n) || try_sgr(f, n))
		return;
	put_span(f, n->text);
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
	reset_color(f);
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
	reset_color(f);
	clear_context(f);
}
