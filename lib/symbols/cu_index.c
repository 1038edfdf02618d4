/*
 * cu_index.c - which CU owns an address: the sorted, disjoint CU ranges
 * of a module, built once when it is loaded (sym_dwarf_index_cus) the way
 * LLVM's DWARFDebugAranges builds them (.debug_aranges sets for the CUs
 * they name, CU DIE ranges for the rest, overlaps resolved as its
 * construct() does), and the span arrays' helpers that dwarf_index.c's
 * per-CU segments use too.
 */
#include "symbols/dwarf_rd.h"
#include "symbols/symbols_int.h"

#include "maxtriage/bsearch.h"
#include "maxtriage/buf.h"

#include <assert.h>
#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* ---- CU ranges --------------------------------------------------------- */

typedef struct cu_event {
	uint64_t pos;
	uint32_t cu;
	int start; /* 1 start, 0 end */
} cu_event;

static int cmp_event(const void *a, const void *b)
{
	const cu_event *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return x->start - y->start; /* ends first */
}

/* Append [lo, hi) of owner to a sorted, disjoint span array (CU ranges,
 * segments), extending the last span when it is owner's and ends at lo.
 * Empty ranges are dropped. */
void sym_span_push(sym_span **v,
                   size_t *n,
                   size_t *cap,
                   uint64_t lo,
                   uint64_t hi,
                   uint32_t owner)
{
	sym_span s = { lo, hi, owner, 0 };

	if (lo >= hi)
		return;
	if (*n > 0) {
		sym_span *p = &(*v)[*n - 1];

		assert(p->hi <= lo); /* sorted and disjoint */
		if (p->owner == owner && p->hi == lo) {
			p->hi = hi;
			return;
		}
	}
	MT_PUSH(*v, *n, *cap, s);
}

struct span_key {
	const sym_span *v;
	uint64_t addr;
};

static int span_starts_at_or_below(const void *ctx, size_t i)
{
	const struct span_key *k = ctx;

	return k->v[i].lo <= k->addr;
}

/* The span of v[0..n) (sorted, disjoint) that covers addr, or NULL. */
const sym_span *sym_span_find(const sym_span *v, size_t n, uint64_t addr)
{
	struct span_key k = { v, addr };
	size_t i = mt_bsearch_count(n, span_starts_at_or_below, &k);

	if (i == 0 || addr >= v[i - 1].hi)
		return NULL;
	return &v[i - 1];
}

/* Where CU ranges overlap, LLVM's DWARFDebugAranges gives the address to
 * the CU with the lowest offset, unless the range just before it belongs
 * to a CU that still covers it; a sweep over the range ends does the
 * same and leaves disjoint sorted ranges. */
static void flatten_cu_ranges(mt_module *m, cu_event *ev, size_t n_ev)
{
	uint32_t *active = NULL;
	size_t n_active = 0, cap_active = 0, cap = 0, i, j;
	uint64_t prev = 0;

	if (n_ev == 0)
		return;
	qsort(ev, n_ev, sizeof(*ev), cmp_event);
	for (i = 0; i < n_ev;) {
		uint64_t pos = ev[i].pos;

		if (n_active > 0 && prev < pos) {
			uint32_t best = active[0];
			sym_span *last =
			        m->n_cu_ranges
			                ? &m->cu_ranges[m->n_cu_ranges - 1]
			                : NULL;
			int last_valid = 0;

			for (j = 0; j < n_active; j++) {
				if (active[j] < best)
					best = active[j];
				if (last && active[j] == last->owner)
					last_valid = 1;
			}
			/* DWARFDebugAranges::construct: the range before
			 * goes on while its CU still covers the address,
			 * even when a lower CU starts on the way. */
			if (last && last->hi == prev && last_valid)
				last->hi = pos;
			else
				sym_span_push(&m->cu_ranges, &m->n_cu_ranges,
				              &cap, prev, pos, best);
		}
		for (; i < n_ev && ev[i].pos == pos; i++) {
			if (ev[i].start) {
				MT_PUSH(active, n_active, cap_active, ev[i].cu);
				continue;
			}
			for (j = 0; j < n_active; j++)
				if (active[j] == ev[i].cu) {
					active[j] = active[--n_active];
					break;
				}
		}
		prev = pos;
	}
	free(active);
}

/* The unit header offset of a CU (what .debug_aranges names). */
static uint64_t unit_offset(Dwarf_CU *cu, uint64_t die_off, unsigned version)
{
	uint8_t off_size = 4;
	uint64_t hdr;

	if (dwarf_cu_info(cu, NULL, NULL, NULL, NULL, NULL, NULL, &off_size))
		return UINT64_MAX;
	/* initial length, version, then abbrev offset and address size (and
	 * the unit type in DWARF 5) */
	hdr = (off_size == 8 ? 12 : 4) + 2 + off_size + 1 + (version >= 5);
	return die_off >= hdr ? die_off - hdr : UINT64_MAX;
}

static int cmp_unit(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* Ranges from .debug_aranges, as LLVM's DWARFDebugAranges reads them:
 * each set names a unit by its header offset; a malformed set ends the
 * section. covered[i] is set for every CU a set names. unit_offs is
 * sorted pairs (unit offset, CU index). */
static void read_aranges(const mt_module *m,
                         const uint64_t (*unit_offs)[2],
                         unsigned char *covered,
                         cu_event **ev,
                         size_t *n_ev,
                         size_t *cap_ev)
{
	const sym_section *s = &m->sec.aranges;
	uint64_t off = 0;

	while (s->data && off + 4 <= s->size) {
		rd r = { s->data + off, s->data + s->size, m->sec.big, 0 };
		const uint8_t *set = r.p, *end;
		uint64_t len, unit, key[2];
		unsigned off_size = 4, addr_size, tuple;
		const uint64_t(*hit)[2];

		len = rd_uint(&r, 4);
		if (len == 0xffffffff) {
			len = rd_uint(&r, 8);
			off_size = 8;
		}
		if (r.err || len > (uint64_t)(r.end - r.p))
			return;
		end = r.p + len;
		r.end = end;
		if (rd_uint(&r, 2) != 2)
			return;
		unit = rd_uint(&r, off_size);
		addr_size = (unsigned)rd_uint(&r, 1);
		if (r.err || (addr_size != 4 && addr_size != 8) ||
		    rd_uint(&r, 1) != 0)
			return;
		/* Tuples start at a multiple of their size from the set. */
		tuple = 2 * addr_size;
		rd_skip(&r, (tuple - (uint64_t)(r.p - set) % tuple) % tuple);
		key[0] = unit;
		hit = bsearch(key, unit_offs, m->n_cus, sizeof(*unit_offs),
		              cmp_unit);
		for (;;) {
			uint64_t lo = rd_uint(&r, addr_size);
			uint64_t n = rd_uint(&r, addr_size);

			if (r.err || (lo == 0 && n == 0))
				break;
			if (hit && lo < lo + n) {
				cu_event a = { lo, (uint32_t)(*hit)[1], 1 };
				cu_event b = { lo + n, (uint32_t)(*hit)[1], 0 };

				MT_PUSH(*ev, *n_ev, *cap_ev, a);
				MT_PUSH(*ev, *n_ev, *cap_ev, b);
			}
		}
		if (hit)
			covered[(*hit)[1]] = 1;
		off = (uint64_t)(end - s->data);
	}
}

int sym_dwarf_index_cus(mt_module *m)
{
	Dwarf_CU *cu = NULL, *next;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	cu_event *ev = NULL, *die_ev = NULL;
	size_t n_ev = 0, cap_ev = 0, n_die = 0, cap_die = 0, cap_cus = 0;
	size_t cap_units = 0, n_units = 0, i;
	uint64_t(*unit_offs)[2] = NULL;
	unsigned char *covered;
	int r;

	while ((r = dwarf_get_units(m->dw, cu, &next, &version, &unit_type,
	                            &cudie, &subdie)) == 0) {
		sym_cu c;
		Dwarf_Addr base, lo, hi;
		ptrdiff_t off = 0;
		uint32_t idx;

		cu = next;
		if (unit_type != DW_UT_compile && unit_type != DW_UT_partial &&
		    unit_type != DW_UT_skeleton)
			continue;
		memset(&c, 0, sizeof(c));
		c.off = dwarf_dieoffset(&cudie);
		c.version = version;
		/* -gsplit-dwarf: the functions are in the .dwo libdw found
		 * (next to the binary or under DW_AT_comp_dir); without it
		 * the skeleton still gives the lines. */
		if (unit_type == DW_UT_skeleton && subdie.cu &&
		    dwarf_tag(&subdie) == DW_TAG_compile_unit) {
			c.split_dw = dwarf_cu_getdwarf(subdie.cu);
			c.split_off = dwarf_dieoffset(&subdie);
		}
		idx = (uint32_t)m->n_cus;
		MT_PUSH(m->cus, m->n_cus, cap_cus, c);
		{
			uint64_t u[2] = { unit_offset(cu, c.off, version),
				          idx };

			mt_grow((void **)&unit_offs, &cap_units, n_units + 1,
			        sizeof(*unit_offs));
			memcpy(unit_offs[n_units++], u, sizeof(u));
		}
		while ((off = dwarf_ranges(&cudie, off, &base, &lo, &hi)) > 0) {
			cu_event a = { lo, idx, 1 }, b = { hi, idx, 0 };

			if (lo >= hi)
				continue;
			MT_PUSH(die_ev, n_die, cap_die, a);
			MT_PUSH(die_ev, n_die, cap_die, b);
		}
	}
	if (r < 0 && m->n_cus == 0) {
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b,
		              "corrupt debug info in '%s': "
		              "dwarf_get_units: %s",
		              m->debug_path, dwarf_errmsg(-1));
		free(m->no_debug);
		m->no_debug = mt_buf_detach(&b);
		free(die_ev);
		free(unit_offs);
		return MT_EFORMAT;
	}
	/* CU sizes bound the per-CU arrays reserved in load_cu. */
	for (i = 0; i < m->n_cus; i++) {
		uint64_t end =
		        i + 1 < m->n_cus ? m->cus[i + 1].off : m->sec.info.size;

		m->cus[i].size = end > m->cus[i].off ? end - m->cus[i].off : 0;
	}
	/* LLVM takes a CU's ranges from .debug_aranges when a set names it
	 * (they also list .cold parts that a DWARF 2 CU DIE cannot), and
	 * from the CU DIE otherwise. */
	covered = mt_calloc(m->n_cus ? m->n_cus : 1, 1);
	if (n_units > 1)
		qsort(unit_offs, n_units, sizeof(*unit_offs), cmp_unit);
	read_aranges(m, (const uint64_t(*)[2])unit_offs, covered, &ev, &n_ev,
	             &cap_ev);
	for (i = 0; i < n_die; i++)
		if (!covered[die_ev[i].cu])
			MT_PUSH(ev, n_ev, cap_ev, die_ev[i]);
	flatten_cu_ranges(m, ev, n_ev);
	free(covered);
	free(unit_offs);
	free(die_ev);
	free(ev);
	return 0;
}

sym_cu *sym_dwarf_find_cu(mt_module *m, uint64_t addr)
{
	const sym_span *r = sym_span_find(m->cu_ranges, m->n_cu_ranges, addr);

	return r ? &m->cus[r->owner] : NULL;
}
