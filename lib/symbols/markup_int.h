/*
 * markup_int.h - the state of the --filter-markup filter shared by its
 * files (lib/symbols/ only): markup.c (lines, nodes, contextual elements),
 * markup_present.c (pc, bt, data and symbol elements presented),
 * markup_out.c (output with colours, diagnostics, field values) and
 * markup_map.c (the known modules and mmaps). Calls go markup ->
 * present -> out, map.
 */
#ifndef MAXTRIAGE_MARKUP_INT_H
#define MAXTRIAGE_MARKUP_INT_H

#include "maxtriage/markup.h"
#include "symbols/symbols_int.h"

#include <stdint.h>

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

/* markup_out.c: output and colours (raw_ostream's escapes). */
/* diag, after handing the caller what out holds when it asked to keep
 * the two streams in order. */
mt_buf *mk_dbuf(mt_markup *f);
void mk_put(mt_markup *f, const char *s, size_t n);
void mk_puts_out(mt_markup *f, const char *s);
void mk_put_span(mt_markup *f, span s);
void mk_change_color(mt_markup *f, int color, int bold);
/* A colour other than the input's for an element. */
void mk_highlight(mt_markup *f);
/* Back to the input's colour. */
void mk_restore_color(mt_markup *f);
/* The SGR state back to the default (each line starts there). */
void mk_reset_color(mt_markup *f);
/* An element's value, in green. */
void mk_value(mt_markup *f, const char *s, size_t n);
void mk_value_str(mt_markup *f, const char *s);
void mk_value_hex(mt_markup *f, uint64_t v);
void mk_value_dec(mt_markup *f, uint64_t v);
/* The current line's ending ("\r\n" or "\n"). */
const char *mk_line_ending(const mt_markup *f);

/* markup_out.c: diagnostics (WithColor's). */
/* "error: " or "warning: ", coloured alone (WithColor::error/warning). */
void mk_diag_prefix(mt_markup *f, int warning);
/* The line, then a caret under byte off. */
void mk_report_location(mt_markup *f, size_t off);
/* Field i of element n. */
const span *mk_field(const mt_markup *f, const node *n, size_t i);
/* Whether span s of the line is word. */
int mk_is(const mt_markup *f, span s, const char *word);
/* "expected TYPE; found 'TEXT'" with the caret under s. */
void mk_type_error(mt_markup *f, span s, const char *type);
/* Exactly size fields. More is a warning (the element is used), fewer an
 * error; the whole message is coloured. 1: use the element. */
int mk_check_fields(mt_markup *f, const node *n, size_t size);
int mk_check_at_least(mt_markup *f, const node *n, size_t size);
void mk_warn_at_most(mt_markup *f, const node *n, size_t size);

/* markup_out.c: field values; -1 (NULL) after the error. */
/* %p: 0, or 0x and hex digits. */
int mk_parse_addr(uint64_t *out, mt_markup *f, span s);
/* %i. */
int mk_parse_int(uint64_t *out, mt_markup *f, span s, const char *what);
/* %x: hex bytes (an odd count gets a leading 0), as lower-case hex. */
char *mk_parse_build_id(mt_markup *f, span s);
/* r, w, x (any case) in that order, each at most once. */
char *mk_parse_mode(mt_markup *f, span s);
int mk_parse_pc_type(pc_type *out, mt_markup *f, span s);

/* The element as it was, "[[[tag:field...]]]", highlighted. */
void mk_print_raw(mt_markup *f, const node *n);

/* markup_map.c */
/* Index of the first module with id >= id. */
size_t mk_module_pos(const mt_markup *f, uint64_t id);
mk_module *mk_module_by_id(const mt_markup *f, uint64_t id);
/* Index of the first mmap starting at or after addr. */
size_t mk_mmap_pos(const mt_markup *f, uint64_t addr);
/* The mmap covering address a, or NULL. */
const mk_mmap *mk_containing(const mt_markup *f, uint64_t a);
/* An existing mmap that overlaps m, or NULL. */
const mk_mmap *mk_overlapping(const mt_markup *f, const mk_mmap *m);

/* markup_present.c: each presents its element and returns 1, or returns
 * 0 when n is not that element. */
int mk_try_pc(mt_markup *f, const node *n);
int mk_try_bt(mt_markup *f, const node *n);
int mk_try_data(mt_markup *f, const node *n);
int mk_try_symbol(mt_markup *f, const node *n);

#endif
