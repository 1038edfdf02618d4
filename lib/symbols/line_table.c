/*
 * line_table.c - a DWARF 2-5 .debug_line program decoder.
 *
 * libdw's dwarf_getsrclines mallocs every row, sorts all rows of a CU
 * with qsort and takes locks per call: about 40% of a symbolize run.
 * Here a line program is run once, keeping only a mark (the registers
 * and the program offset) at the start of each sequence and every 16
 * rows; a lookup binary-searches the marks and runs the program on from
 * the mark for at most 16 rows. The rows of one sequence are already in
 * address order, so only the sequences are sorted. When they overlap
 * (or a sequence is empty or goes backwards, which valid DWARF does
 * not do) every row is kept and sorted the way libdw sorts them, so
 * that the answers never change.
 *
 * File names are kept as (name, directory index) and joined on use the
 * way libdw joins them (see sym_line_file_raw).
 *
 * Input is hostile: every read is checked against the end of its
 * section, each loop consumes input, and a table that cannot be read is
 * dropped whole (the CU then has no line information).
 */
#include "symbols/symbols_int.h"
#include "symbols/dwarf_rd.h"

#include "maxtriage/bsearch.h"
#include "maxtriage/buf.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* One attribute of a DWARF 5 directory or file entry: a number in *num
 * or a string in *str (NULL when it lives in a section we do not read:
 * .debug_str_offsets, a supplementary file). SYM_OK, or SYM_REFUSED for
 * a form that cannot be read. */
static sym_rc read_form(rd *r,
                        const sym_dwarf_sections *sec,
                        unsigned form,
                        int offset_size,
                        uint64_t *num,
                        const char **str)
{
	/* Address-sized forms do not belong in these entries: any size. */
	const sym_form_ctx c = { 5, 8, (unsigned)offset_size };
	const char *at = (const char *)r->p;
	unsigned real;

	*str = NULL;
	if (sym_rd_form(r, &c, form, 0, &real, num) != SYM_OK)
		return SYM_REFUSED;
	if (real == DW_FORM_string)
		*str = at;
	else if (real == DW_FORM_line_strp)
		*str = sec_str(&sec->line_str, *num);
	else if (real == DW_FORM_strp)
		*str = sec_str(&sec->str, *num);
	return SYM_OK;
}

/* LLVM's content type for a file's text (clang -gembed-source). */
#define DW_LNCT_LLVM_SOURCE 0x2001

/* Bounds the entry formats of a DWARF 5 header (there are 5 content
 * types; producers use 2 to 4). */
#define MAX_FORMATS 32

/* DWARF 5 directory or file entry table. For directories only the path
 * is kept (dir_out); for files the path and the directory index. */
static sym_rc read_entries(rd *r,
                           const sym_dwarf_sections *sec,
                           int offset_size,
                           sym_line_table *t,
                           int dirs,
                           sym_refusal *why)
{
	unsigned types[MAX_FORMATS], forms[MAX_FORMATS];
	unsigned n_fmt = (unsigned)rd_uint(r, 1), i;
	uint64_t count, k;
	size_t cap = 0;

	if (n_fmt > MAX_FORMATS)
		return SYM_REFUSE(why, "more than 32 entry formats");
	for (i = 0; i < n_fmt; i++) {
		types[i] = (unsigned)rd_uleb(r);
		forms[i] = (unsigned)rd_uleb(r);
	}
	count = rd_uleb(r);
	if (r->err)
		return SYM_REFUSE(why, "entry formats past the header");
	/* Each entry takes at least one byte (or none with no formats,
	 * which then describes nothing): bound the count by the input. */
	if (n_fmt == 0 || count == 0)
		return SYM_OK;
	if (count > (uint64_t)(r->end - r->p))
		return SYM_REFUSE(why, "more entries than header bytes");
	for (k = 0; k < count; k++) {
		sym_line_file f = { NULL, 0, NULL };

		for (i = 0; i < n_fmt; i++) {
			uint64_t num;
			const char *str;

			if (read_form(r, sec, forms[i], offset_size, &num,
			              &str) != SYM_OK)
				return SYM_REFUSE(why,
				                  "entry of an unknown form "
				                  "or past the header");
			if (types[i] == DW_LNCT_path)
				f.name = str;
			else if (types[i] == DW_LNCT_directory_index)
				f.dir = num;
			else if (types[i] == DW_LNCT_LLVM_SOURCE)
				f.source = str;
		}
		if (dirs)
			MT_PUSH(t->dirs, t->n_dirs, cap, f.name);
		else
			MT_PUSH(t->files, t->n_files, cap, f);
	}
	return SYM_OK;
}

/* Rows reserved up front for one table (96 MB of address space). */
#define MAX_RESERVED_ROWS ((size_t)4 << 20)

/* Rows between two marks of a sequence (see sym_line_mark). */
#define MARK_EVERY 16

/* Rows reserved up front when a table must be kept whole (96 MB of
 * address space at most). */
#define MAX_RESERVED_ROWS ((size_t)4 << 20)

static void lstate_reset(sym_line_state *s)
{
	s->addr = 0;
	s->op_index = 0;
	s->file = 1;
	s->line = 1;
	s->column = 0;
}

/* Inlined: it runs once per row of every line program read. */
static inline __attribute__((always_inline)) sym_line_row
make_row(const sym_line_state *s, uint64_t discr, int end)
{
	sym_line_row row;

	row.addr = s->addr;
	row.file = s->file > UINT32_MAX ? UINT32_MAX : (uint32_t)s->file;
	/* dwarf_lineno/dwarf_linecol are int: what does not fit reads as
	 * unknown (0), as before. */
	row.line = s->line > 0 && s->line <= INT32_MAX ? (uint32_t)s->line : 0;
	row.column = s->column <= INT32_MAX ? (uint32_t)s->column : 0;
	row.end = (uint32_t)end;
	/* LLVM keeps the register as uint32_t (Row::Discriminator). */
	row.discr = (uint32_t)discr;
	row.unused = 0;
	return row;
}

/* A line program being run: the header's parameters and the registers.
 * files/cap_files are set on the first run only, which records
 * DW_LNE_define_file; later runs from a mark skip it. */
typedef struct ldec {
	rd r;
	sym_line_state s;
	uint64_t discr; /* the discriminator register; 0 after each row */
	const sym_line_prog *prog;
	sym_line_table *files;
	size_t *cap_files;
	/* Relocatable objects only: where .debug_line's relocations point
	 * (sorted by offset), the section's bytes, and the section of the
	 * last DW_LNE_set_address (SYM_NO_SECTION after a reset). */
	const sym_reloc_site *sites;
	size_t n_sites;
	const uint8_t *base;
	uint64_t sec, end_sec; /* end_sec: at the last end_sequence */
} ldec;

/* The section the relocation at offset off of .debug_line refers to, or
 * SYM_NO_SECTION when there is none there. */
static uint64_t site_section(const ldec *d, uint64_t off)
{
	size_t lo = 0, hi = d->n_sites;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->sites[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->n_sites && d->sites[lo].off == off ? d->sites[lo].sec
	                                                  : SYM_NO_SECTION;
}

static void advance(ldec *d, uint64_t adv)
{
	const sym_line_prog *g = d->prog;

	d->s.addr += g->min_insn * ((d->s.op_index + adv) / g->max_ops);
	d->s.op_index = (d->s.op_index + adv) % g->max_ops;
}

/* What next_row found (or SYM_REFUSED: a malformed program). */
enum { ROW_NONE = 0, ROW_FOUND = 1 };

/* Run to the next row: ROW_FOUND and *row (the registers after it in
 * d->s), ROW_NONE at the end of the program, SYM_REFUSED when it is
 * malformed. Every call consumes input, so a loop over it ends. */
static int next_row(ldec *d, sym_line_row *row)
{
	const sym_line_prog *g = d->prog;
	rd *r = &d->r;

	while (r->p < r->end && !r->err) {
		unsigned op = *r->p++;

		if (op >= g->opcode_base) {
			unsigned adj = op - g->opcode_base;

			d->s.line += g->line_base + (int)(adj % g->line_range);
			advance(d, adj / g->line_range);
			*row = make_row(&d->s, d->discr, 0);
			d->discr = 0;
			return ROW_FOUND;
		}
		switch (op) {
		case 0: {
			uint64_t len = rd_uleb(r);
			const uint8_t *next;
			unsigned sub;

			if (r->err || len == 0 ||
			    len > (uint64_t)(r->end - r->p))
				return SYM_REFUSED;
			next = r->p + len;
			sub = *r->p++;
			switch (sub) {
			case DW_LNE_end_sequence:
				*row = make_row(&d->s, d->discr, 1);
				lstate_reset(&d->s);
				d->discr = 0;
				r->p = next;
				d->end_sec = d->sec;
				d->sec = SYM_NO_SECTION;
				return ROW_FOUND;
			case DW_LNE_set_address:
				/* LLVM keeps the section of a relocated
				 * address; one without a relocation keeps
				 * the section it had. */
				if (d->sites) {
					uint64_t s = site_section(
					        d, (uint64_t)(r->p - d->base));

					if (s != SYM_NO_SECTION)
						d->sec = s;
				}
				if (len - 1 == 8 || len - 1 == 4)
					d->s.addr = rd_uint(r, (size_t)len - 1);
				d->s.op_index = 0;
				break;
			case DW_LNE_define_file: {
				sym_line_table *t = d->files;
				sym_line_file f;
				rd sub_r = { r->p, next, r->big, 0 };

				if (!t)
					break;
				f.name = rd_str(&sub_r);
				f.dir = rd_uleb(&sub_r);
				f.source = NULL;
				if (sub_r.err || !f.name || f.dir >= t->n_dirs)
					return SYM_REFUSED;
				MT_PUSH(t->files, t->n_files, *d->cap_files, f);
				break;
			}
			case DW_LNE_set_discriminator: {
				rd sub_r = { r->p, next, r->big, 0 };

				d->discr = rd_uleb(&sub_r);
				break;
			}
			default: /* vendor ops */
				break;
			}
			r->p = next;
			break;
		}
		case DW_LNS_copy:
			*row = make_row(&d->s, d->discr, 0);
			d->discr = 0;
			return ROW_FOUND;
		case DW_LNS_advance_pc:
			advance(d, rd_uleb(r));
			break;
		case DW_LNS_advance_line:
			d->s.line += rd_sleb(r);
			break;
		case DW_LNS_set_file:
			d->s.file = rd_uleb(r);
			break;
		case DW_LNS_set_column:
			d->s.column = rd_uleb(r);
			break;
		case DW_LNS_negate_stmt:
		case DW_LNS_set_basic_block:
		case DW_LNS_set_prologue_end:
		case DW_LNS_set_epilogue_begin:
			break;
		case DW_LNS_const_add_pc:
			advance(d, (255 - g->opcode_base) / g->line_range);
			break;
		case DW_LNS_fixed_advance_pc:
			d->s.addr += rd_uint(r, 2);
			d->s.op_index = 0;
			break;
		default: {
			/* Includes set_isa: skip its ULEB operands. */
			unsigned k;

			for (k = 0; k < g->std_len[op - 1]; k++)
				rd_uleb(r);
			break;
		}
		}
	}
	return r->err ? SYM_REFUSED : ROW_NONE;
}

/* One sequence of the first run: [lo, hi) and its marks. */
typedef struct sym_line_seq {
	uint64_t lo, hi;
	size_t first, n; /* marks [first, first + n) */
} seq;

static int cmp_seq(const void *a, const void *b)
{
	const seq *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

typedef struct indexed_row {
	sym_line_row row;
	size_t idx;
} indexed_row;

/* libdw's order (compare_lines in dwarf_getsrclines.c): by address, an
 * end_sequence before a row at the same address, else program order. */
static int cmp_indexed_row(const void *a, const void *b)
{
	const indexed_row *x = a, *y = b;

	if (x->row.addr != y->row.addr)
		return x->row.addr < y->row.addr ? -1 : 1;
	if (x->row.end != y->row.end)
		return x->row.end ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static ldec start(const sym_line_prog *g)
{
	ldec d;

	memset(&d, 0, sizeof(d));
	d.r.p = g->begin;
	d.r.end = g->end;
	d.r.big = g->big;
	d.prog = g;
	lstate_reset(&d.s);
	d.sec = d.end_sec = SYM_NO_SECTION;
	return d;
}

/* What first_run found (or SYM_REFUSED: a malformed program). */
enum { KEEP_ROWS = 0, MARKS_ANSWER = 1 };

/* The first run: records define_file, checks the program, and keeps a
 * mark at the start of each sequence and every MARK_EVERY rows. Returns
 * MARKS_ANSWER when the marks can answer lookups (every sequence
 * non-empty and in address order, sequences disjoint once sorted: then
 * the rows read from the marks in order are libdw's order), KEEP_ROWS
 * when the table must be kept whole, SYM_REFUSED when it is malformed. */
static int first_run(sym_line_table *t, sym_line_scratch *sc, size_t *cap_files)
{
	ldec d = start(&t->prog);
	sym_line_row row, prev = { 0, 0, 0, 0, 1, 0, 0 };
	size_t cap_marks, n_seqs = 0, in_seq = 0, k, out;
	seq cur = { 0, 0, 0, 0 };
	int simple = 1, r;
	sym_line_mark *sorted;

	d.files = t;
	d.cap_files = cap_files;
	/* At most one row per byte of program: reserve the marks that makes
	 * (pages no mark reaches are never touched), trim at the end. */
	cap_marks = (size_t)(t->prog.end - t->prog.begin) / MARK_EVERY + 16;
	if (cap_marks > MAX_RESERVED_ROWS / MARK_EVERY)
		cap_marks = MAX_RESERVED_ROWS / MARK_EVERY;
	t->marks = mt_malloc(cap_marks * sizeof(*t->marks));
	while ((r = next_row(&d, &row)) == ROW_FOUND) {
		if (in_seq > 0 && row.addr < prev.addr)
			simple = 0; /* a sequence going backwards */
		if (in_seq == 0) {
			cur.lo = row.addr;
			cur.first = t->n_marks;
		}
		if (in_seq % MARK_EVERY == 0) {
			sym_line_mark mk;

			mk.row = row;
			mk.state = d.s;
			mk.pos = (size_t)(d.r.p - t->prog.begin);
			MT_PUSH(t->marks, t->n_marks, cap_marks, mk);
		}
		in_seq++;
		if (row.end) {
			cur.hi = row.addr;
			cur.n = t->n_marks - cur.first;
			if (cur.lo >= cur.hi)
				simple = 0; /* empty: libdw sorts it apart */
			MT_PUSH(sc->seqs, n_seqs, sc->cap_seqs, cur);
			in_seq = 0;
		}
		prev = row;
	}
	if (r == SYM_REFUSED)
		return SYM_REFUSED;
	t->marks = mt_realloc(t->marks, (t->n_marks ? t->n_marks : 1) *
	                                        sizeof(*t->marks));
	if (in_seq > 0)
		simple = 0; /* rows after the last end_sequence */
	if (!simple)
		return KEEP_ROWS;
	for (k = 1; k < n_seqs && cmp_seq(&sc->seqs[k - 1], &sc->seqs[k]) < 0;
	     k++)
		;
	if (k >= n_seqs) /* in order already, or no sequence at all */
		return MARKS_ANSWER;
	qsort(sc->seqs, n_seqs, sizeof(seq), cmp_seq);
	for (k = 1; k < n_seqs; k++)
		if (sc->seqs[k].lo < sc->seqs[k - 1].hi)
			return KEEP_ROWS; /* overlapping sequences */
	sorted = mt_malloc(t->n_marks * sizeof(*sorted));
	for (k = 0, out = 0; k < n_seqs; k++) {
		memcpy(sorted + out, t->marks + sc->seqs[k].first,
		       sc->seqs[k].n * sizeof(*sorted));
		out += sc->seqs[k].n;
	}
	free(t->marks);
	t->marks = sorted;
	return MARKS_ANSWER;
}

/* Keep every row, sorted the way libdw sorts them (the rare tables the
 * marks cannot answer for). */
static void keep_rows(sym_line_table *t)
{
	ldec d = start(&t->prog);
	sym_line_row row;
	indexed_row *ir;
	size_t cap = (size_t)(t->prog.end - t->prog.begin) + 1, i;

	if (cap > MAX_RESERVED_ROWS)
		cap = MAX_RESERVED_ROWS;
	t->rows = mt_malloc(cap * sizeof(*t->rows));
	while (next_row(&d, &row) == ROW_FOUND)
		MT_PUSH(t->rows, t->n_rows, cap, row);
	ir = mt_malloc((t->n_rows ? t->n_rows : 1) * sizeof(*ir));
	for (i = 0; i < t->n_rows; i++) {
		ir[i].row = t->rows[i];
		ir[i].idx = i;
	}
	if (t->n_rows)
		qsort(ir, t->n_rows, sizeof(*ir), cmp_indexed_row);
	for (i = 0; i < t->n_rows; i++)
		t->rows[i] = ir[i].row;
	free(ir);
}

static int cmp_seq_info(const void *a, const void *b)
{
	const sym_line_seq_info *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	if (x->hi != y->hi)
		return x->hi < y->hi ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/* A relocatable object's table, as LLVM's DWARFDebugLine keeps it: every
 * row in program order and each non-empty sequence with the section of
 * its addresses, sorted by (section, end) (Sequence::orderByHighPC). */
static void keep_sequences(sym_line_table *t,
                           const sym_reloc_site *sites,
                           size_t n_sites,
                           const uint8_t *base)
{
	ldec d = start(&t->prog);
	sym_line_row row;
	size_t cap = (size_t)(t->prog.end - t->prog.begin) + 1, cap_seqs = 0;
	size_t first = 0;
	int in_seq = 0;

	d.sites = sites;
	d.n_sites = n_sites;
	d.base = base;
	if (cap > MAX_RESERVED_ROWS)
		cap = MAX_RESERVED_ROWS;
	t->rows = mt_malloc(cap * sizeof(*t->rows));
	while (next_row(&d, &row) == ROW_FOUND) {
		if (!in_seq)
			first = t->n_rows;
		in_seq = 1;
		MT_PUSH(t->rows, t->n_rows, cap, row);
		if (row.end) {
			sym_line_seq_info s;

			s.lo = t->rows[first].addr;
			s.hi = row.addr;
			s.sec = d.end_sec;
			s.first = first;
			s.n = t->n_rows - first;
			if (s.lo < s.hi)
				MT_PUSH(t->seqs, t->n_seqs, cap_seqs, s);
			in_seq = 0;
		}
	}
	if (t->n_seqs)
		qsort(t->seqs, t->n_seqs, sizeof(*t->seqs), cmp_seq_info);
}

/* lookupAddressImpl: the first sequence of section sec ending above
 * addr must hold it; then its last row at or below addr. */
static int find_in_section(const sym_line_table *t,
                           uint64_t sec,
                           uint64_t addr,
                           sym_line_row *out)
{
	size_t lo = 0, hi = t->n_seqs, i, best;
	const sym_line_seq_info *s;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		s = &t->seqs[mid];
		if (s->sec < sec || (s->sec == sec && s->hi <= addr))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= t->n_seqs)
		return 0;
	s = &t->seqs[lo];
	if (s->sec != sec || addr < s->lo || addr >= s->hi)
		return 0;
	/* upper_bound over [first + 1, last - 1), minus one. */
	best = s->first;
	for (i = s->first + 1; i + 1 < s->first + s->n; i++) {
		if (t->rows[i].addr > addr)
			break;
		best = i;
	}
	*out = t->rows[best];
	return 1;
}

int sym_line_table_find_in(const sym_line_table *t,
                           uint64_t sec,
                           uint64_t addr,
                           sym_line_row *out)
{
	if (!t->seqs && !t->rows_sectioned)
		return sym_line_table_find(t, addr, out);
	/* The address's section first, then the addresses no relocation
	 * gave a section (DWARFDebugLine::LineTable::lookupAddress). */
	if (find_in_section(t, sec, addr, out))
		return 1;
	return sec != SYM_NO_SECTION &&
	       find_in_section(t, SYM_NO_SECTION, addr, out);
}

struct line_key {
	const sym_line_table *t;
	uint64_t addr;
};

static int row_at_or_below(const void *ctx, size_t i)
{
	const struct line_key *k = ctx;

	return k->t->rows[i].addr <= k->addr;
}

static int mark_at_or_below(const void *ctx, size_t i)
{
	const struct line_key *k = ctx;

	return k->t->marks[i].row.addr <= k->addr;
}

int sym_line_table_find(const sym_line_table *t,
                        uint64_t addr,
                        sym_line_row *out)
{
	struct line_key k = { t, addr };
	size_t lo;
	const sym_line_mark *mk;
	sym_line_row row, best;
	ldec d;

	if (t->rows) {
		lo = mt_bsearch_count(t->n_rows, row_at_or_below, &k);
		if (lo == 0 || t->rows[lo - 1].end)
			return 0;
		*out = t->rows[lo - 1];
		return 1;
	}
	lo = mt_bsearch_count(t->n_marks, mark_at_or_below, &k);
	if (lo == 0)
		return 0;
	/* The last row at or below addr is this mark's or a later one of
	 * its sequence, up to the sequence's end. */
	mk = &t->marks[lo - 1];
	/* Marks may come from an index cache file. */
	if (mk->pos > (size_t)(t->prog.end - t->prog.begin))
		return 0;
	best = mk->row;
	d = start(&t->prog);
	d.r.p = t->prog.begin + mk->pos;
	d.s = mk->state;
	while (!best.end && next_row(&d, &row) == ROW_FOUND && row.addr <= addr)
		best = row;
	if (best.end)
		return 0;
	*out = best;
	return 1;
}

/* The include directories and file names of a DWARF 2-4 header, in
 * libdw's numbering: directory 0 is DW_AT_comp_dir (may be NULL), file 0
 * a dummy "???" that is never joined. */
static sym_rc read_v4_entries(rd *hdr,
                              sym_line_table *t,
                              const char *comp_dir,
                              sym_refusal *why)
{
	sym_line_file dummy = { "???", SYM_LINE_NO_DIR, NULL };
	size_t cap_dirs = 0, cap_files = 0;

	MT_PUSH(t->dirs, t->n_dirs, cap_dirs, comp_dir);
	for (;;) {
		const char *d = rd_str(hdr);

		if (!d)
			return SYM_REFUSE(why, "include directories past the "
			                       "header");
		if (!*d)
			break;
		MT_PUSH(t->dirs, t->n_dirs, cap_dirs, d);
	}
	MT_PUSH(t->files, t->n_files, cap_files, dummy);
	for (;;) {
		sym_line_file f;

		f.source = NULL;
		f.name = rd_str(hdr);
		if (!f.name)
			return SYM_REFUSE(why, "file names past the header");
		if (!*f.name)
			break;
		f.dir = rd_uleb(hdr);
		rd_uleb(hdr); /* mtime */
		rd_uleb(hdr); /* length */
		if (hdr->err)
			return SYM_REFUSE(why, "file entry past the header");
		MT_PUSH(t->files, t->n_files, cap_files, f);
	}
	return SYM_OK;
}

sym_rc sym_line_table_read(sym_line_table *t,
                           sym_line_scratch *sc,
                           const sym_dwarf_sections *sec,
                           uint64_t off,
                           const char *comp_dir,
                           const sym_relocated *rel,
                           sym_refusal *why)
{
	rd r = { NULL, NULL, sec->big, 0 }, hdr;
	uint64_t unit_len, header_len;
	int offset_size = 4, r1;
	sym_rc ret = SYM_REFUSED;
	unsigned version;
	sym_line_prog *g = &t->prog;
	size_t cap_files = 0;

	memset(t, 0, sizeof(*t));
	if (!sec->line.data || off >= sec->line.size)
		return SYM_REFUSE(why, "DW_AT_stmt_list past .debug_line");
	r.p = sec->line.data + off;
	r.end = sec->line.data + sec->line.size;
	unit_len = rd_uint(&r, 4);
	if (unit_len == 0xffffffff) {
		offset_size = 8;
		unit_len = rd_uint(&r, 8);
	} else if (unit_len >= 0xfffffff0) {
		return SYM_REFUSE(why, "reserved line table length");
	}
	if (r.err || unit_len > (uint64_t)(r.end - r.p))
		return SYM_REFUSE(why, "line table past .debug_line");
	r.end = r.p + unit_len;
	version = (unsigned)rd_uint(&r, 2);
	if (version < 2 || version > 5)
		return SYM_REFUSE(why, "line table version not 2-5");
	if (version >= 5)
		rd_uint(&r, 2); /* address_size, segment_selector_size */
	header_len = rd_uint(&r, (size_t)offset_size);
	if (r.err || header_len > (uint64_t)(r.end - r.p))
		return SYM_REFUSE(why, "line table header past its table");
	hdr = r;
	hdr.end = r.p + header_len;
	r.p = hdr.end; /* the program */
	g->begin = r.p;
	g->end = r.end;
	g->big = r.big;
	g->min_insn = (unsigned)rd_uint(&hdr, 1);
	g->max_ops = 1;
	if (version >= 4)
		g->max_ops = (unsigned)rd_uint(&hdr, 1);
	if (g->max_ops == 0)
		g->max_ops = 1;
	rd_uint(&hdr, 1); /* default_is_stmt */
	g->line_base = (int8_t)rd_uint(&hdr, 1);
	g->line_range = (unsigned)rd_uint(&hdr, 1);
	g->opcode_base = (unsigned)rd_uint(&hdr, 1);
	g->std_len = hdr.p;
	if (g->opcode_base > 0)
		rd_skip(&hdr, g->opcode_base - 1);
	if (hdr.err || g->line_range == 0 || g->opcode_base == 0) {
		ret = SYM_REFUSE(why,
		                 "line table header truncated, line_range 0 "
		                 "or opcode_base 0");
		goto fail;
	}
	t->version = version;
	if (version >= 5) {
		if (read_entries(&hdr, sec, offset_size, t, 1, why) != SYM_OK ||
		    read_entries(&hdr, sec, offset_size, t, 0, why) != SYM_OK)
			goto fail;
	} else if (read_v4_entries(&hdr, t, comp_dir, why) != SYM_OK) {
		goto fail;
	}
	cap_files = t->n_files;
	/* libdw refuses a table naming a directory it does not have. */
	{
		size_t i;

		for (i = 0; i < t->n_files; i++)
			if (t->files[i].dir != SYM_LINE_NO_DIR &&
			    t->files[i].dir >= t->n_dirs && t->files[i].name) {
				ret = SYM_REFUSE(why,
				                 "file names a directory "
				                 "the table does not have");
				goto fail;
			}
	}
	r1 = first_run(t, sc, &cap_files);
	if (r1 == SYM_REFUSED) {
		ret = SYM_REFUSE(why, "malformed line program");
		goto fail;
	}
	if (rel) {
		/* A relocatable object: sequences by section. */
		free(t->marks);
		t->marks = NULL;
		t->n_marks = 0;
		t->rows_sectioned = 1;
		keep_sequences(t, rel->line_sites, rel->n_line_sites,
		               sec->line.data);
	} else if (r1 == KEEP_ROWS) {
		free(t->marks);
		t->marks = NULL;
		t->n_marks = 0;
		keep_rows(t);
	}
	ret = SYM_OK;
fail:
	if (ret != SYM_OK)
		sym_line_table_release(t);
	return ret;
}

const char *sym_line_file_raw(const sym_line_table *t, size_t idx, mt_arena *a)
{
	const sym_line_file *f;
	const char *dir = NULL, *s;
	mt_buf b = MT_BUF_INIT;

	if (idx >= t->n_files)
		return NULL;
	f = &t->files[idx];
	if (!f->name)
		return NULL;
	if (f->name[0] == '/' || f->dir == SYM_LINE_NO_DIR)
		return f->name;
	if (f->dir < t->n_dirs)
		dir = t->dirs[f->dir];
	/* An empty directory adds nothing (LLVM's path::append). */
	if (!dir || !*dir)
		return f->name;
	mt_buf_puts(&b, dir);
	mt_buf_putc(&b, '/');
	mt_buf_puts(&b, f->name);
	s = mt_arena_strdup(a, b.ptr, b.len);
	mt_buf_release(&b);
	return s;
}

void sym_line_table_release(sym_line_table *t)
{
	free(t->rows);
	free(t->seqs);
	free(t->marks);
	free(t->dirs);
	free(t->files);
	memset(t, 0, sizeof(*t));
}
