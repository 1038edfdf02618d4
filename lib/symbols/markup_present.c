/*
 * markup_present.c - the --filter-markup elements that are presented in
 * place: {{{pc}}}, {{{bt}}} and {{{data}}} symbolized in the module found
 * by its build-id (as llvm-symbolizer 19 finds it), and {{{symbol}}}
 * demangled as llvm::demangle does.
 */
#include "maxtriage/common.h"
#include "symbols/markup_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
		*why = sym_llvm_object_refusal(f->why, sizeof(f->why),
		                               path.ptr);
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
	const mk_mmap *m = mk_containing(f, a);

	if (m)
		return m;
	mk_diag_prefix(f, 0);
	mt_buf_puts(mk_dbuf(f), "no mmap covers address\n");
	mk_report_location(f, mk_field(f, n, 0)->off);
	mk_print_raw(f, n);
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
	mk_diag_prefix(f, 0);
	mt_buf_printf(mk_dbuf(f), "%s\n", why);
	mk_print_raw(f, n);
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

int mk_try_pc(mt_markup *f, const node *n)
{
	uint64_t a;
	pc_type t = PC_PRECISE;
	const mk_mmap *map;
	mt_module *m;
	mt_llvm_frame fr;

	if (!mk_is(f, n->tag, "pc"))
		return 0;
	if (!mk_check_at_least(f, n, 1))
		return 1;
	mk_warn_at_most(f, n, 2);
	if (mk_parse_addr(&a, f, *mk_field(f, n, 0)))
		return 1;
	if (n->n_fields == 2 && mk_parse_pc_type(&t, f, *mk_field(f, n, 1)))
		return 1;
	a = adjust(a, t);
	map = mmap_of(f, n, a);
	if (!map || module_of(&m, f, n, map))
		return 1;
	memset(&fr, 0, sizeof(fr));
	if (m)
		mt_llvm_code(&fr, 1, f->l, m, a - map->addr + map->rel, 0);
	if (empty_frame(&fr)) {
		mk_print_raw(f, n);
		return 1;
	}
	mk_highlight(f);
	mk_value_str(f, or_invalid(fr.function));
	mk_puts_out(f, "[");
	mk_value_str(f, or_invalid(fr.file));
	mk_puts_out(f, ":");
	mk_value_dec(f, fr.line);
	mk_puts_out(f, "]");
	mk_restore_color(f);
	return 1;
}

int mk_try_bt(mt_markup *f, const node *n)
{
	uint64_t a, num, rel;
	pc_type t = PC_RETURN;
	const mk_mmap *map;
	mt_module *m;
	mt_llvm_frame fr[MAX_FRAMES];
	int nf = 0, i;
	char head[64], b[32];

	if (!mk_is(f, n->tag, "bt"))
		return 0;
	if (!mk_check_at_least(f, n, 2))
		return 1;
	mk_warn_at_most(f, n, 3);
	if (sym_llvm_uint(&num, f->line + mk_field(f, n, 0)->off,
	                  mk_field(f, n, 0)->len, 10)) {
		mk_type_error(f, *mk_field(f, n, 0), "frame number");
		return 1;
	}
	if (mk_parse_addr(&a, f, *mk_field(f, n, 1)))
		return 1;
	if (n->n_fields == 3 && mk_parse_pc_type(&t, f, *mk_field(f, n, 2)))
		return 1;
	a = adjust(a, t);
	map = mmap_of(f, n, a);
	if (!map || module_of(&m, f, n, map))
		return 1;
	rel = a - map->addr + map->rel;
	/* An unreadable file answers no frames at all. */
	if (m)
		nf = mt_llvm_code(fr, MAX_FRAMES, f->l, m, rel, 1);
	mk_highlight(f);
	snprintf(b, sizeof(b), "#%" PRIu64, num);
	snprintf(head, sizeof(head), "%6s", b);
	for (i = 0; i < nf; i++) {
		size_t hash = (size_t)(strchr(head, '#') - head) + 1;

		mk_put(f, head, hash);
		mk_value_str(f, head + hash);
		if (i == nf - 1) {
			mk_puts_out(f, "   ");
		} else {
			mk_puts_out(f, ".");
			snprintf(b, sizeof(b), "%-2d", i + 1);
			mk_value_str(f, b);
		}
		snprintf(b, sizeof(b), " 0x%016" PRIx64 " ", a);
		mk_value_str(f, b);
		if (!empty_frame(&fr[i])) {
			mk_value_str(f, or_invalid(fr[i].function));
			mk_puts_out(f, " ");
			mk_value_str(f, or_invalid(fr[i].file));
			mk_puts_out(f, ":");
			mk_value_dec(f, fr[i].line);
			mk_puts_out(f, ":");
			mk_value_dec(f, fr[i].column);
			mk_puts_out(f, " ");
		}
		mk_puts_out(f, "(");
		mk_value_str(f, map->mod->name);
		mk_puts_out(f, "+");
		mk_value_hex(f, rel);
		mk_puts_out(f, ")");
		if (i != nf - 1)
			mk_puts_out(f, mk_line_ending(f));
	}
	mk_restore_color(f);
	return 1;
}

int mk_try_data(mt_markup *f, const node *n)
{
	uint64_t a;
	const mk_mmap *map;
	mt_module *m;
	mt_symbol sym;
	const char *name = NULL;
	char *d = NULL;

	if (!mk_is(f, n->tag, "data"))
		return 0;
	if (!mk_check_fields(f, n, 1))
		return 1;
	if (mk_parse_addr(&a, f, *mk_field(f, n, 0)))
		return 1;
	map = mmap_of(f, n, a);
	if (!map || module_of(&m, f, n, map))
		return 1;
	if (m && mt_module_symbol_at(&sym, m, a - map->addr + map->rel) == 0)
		name = sym.name;
	/* The symbolizer's names follow --functions (short: as in the
	 * file); a global's name is demangled all the same. */
	if (name && f->o.demangle)
		d = sym_demangle(&f->s->demangler, name);
	mk_highlight(f);
	mk_puts_out(f, d ? d : or_invalid(name));
	mk_restore_color(f);
	free(d);
	return 1;
}

/* --- {{{symbol}}}: llvm::demangle --------------------------------- */

int mk_try_symbol(mt_markup *f, const node *n)
{
	char *name, *d;

	if (!mk_is(f, n->tag, "symbol"))
		return 0;
	if (!mk_check_fields(f, n, 1))
		return 1;
	name = mt_strndup(f->line + mk_field(f, n, 0)->off,
	                  mk_field(f, n, 0)->len);
	/* A name with a NUL in it is no mangled name: as it is. */
	d = memchr(f->line + mk_field(f, n, 0)->off, 0, mk_field(f, n, 0)->len)
	            ? NULL
	            : sym_demangle_markup(&f->s->demangler, name);
	mk_highlight(f);
	if (d)
		mk_puts_out(f, d);
	else
		mk_put_span(f, *mk_field(f, n, 0));
	mk_restore_color(f);
	free(d);
	free(name);
	return 1;
}
