/*
 * die_walk.c - a CU's subroutine DIEs, read straight from .debug_info.
 *
 * Indexing a CU means visiting every DIE that may own code. Through libdw
 * each visit costs a CU lookup, an abbreviation lookup under a read lock
 * and one attribute scan per attribute asked: about half the time of a
 * one-crash symbolize run. Here the CU's abbreviation table is decoded
 * once into an array indexed by code, and each DIE is read in one pass
 * over its attributes, keeping the few the index needs (pc range, range
 * list, call site, sibling).
 *
 * The walk makes the same choices as the libdw walk in dwarf_index.c
 * (which subtrees hold no code, the depth bound) and the ranges are those
 * of libdw's dwarf_ranges: low_pc/high_pc first, else DW_AT_ranges from
 * .debug_ranges (DWARF < 5) or .debug_rnglists. Anything this reader does
 * not know for certain (an unknown form or abbreviation, an index without
 * its base, split-DWARF attributes, bytes past the unit) makes it give up
 * on the whole CU, and the caller walks it with libdw instead; the
 * answers never depend on which walk ran.
 */
#include "symbols/dwarf_rd.h"
#include "symbols/symbols_int.h"

#include "maxtriage/common.h"

#include <assert.h>
#include <dwarf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define AT_GNU_RANGES_BASE 0x2132
#define AT_GNU_ADDR_BASE 0x2133

/* Abbreviation codes are small and dense in practice; a table that is
 * not is left to libdw. */
#define MAX_ABBREV_CODE 65536

typedef struct abbrev_attr {
	uint32_t form;
	int32_t slot; /* where read_die keeps the value (A_*), or A_NONE */
	int64_t implicit; /* DW_FORM_implicit_const */
} abbrev_attr;

typedef struct abbrev {
	uint32_t tag; /* 0: no such code */
	uint32_t first; /* index into unit.attrs */
	uint32_t n_attrs;
	int children;
} abbrev;

typedef struct unit {
	const sym_dwarf_sections *sec;
	const uint8_t *start, *end; /* header start, unit end */
	const uint8_t *die; /* the CU DIE */
	sym_form_ctx fc; /* version, address and offset sizes */
	abbrev *ab; /* by code */
	size_t n_ab;
	abbrev_attr *attrs;
	size_t n_attrs, cap_attrs;
	int have_addr_base, have_rnglists_base;
	uint64_t addr_base, rnglists_base;
	uint64_t base; /* CU base address for range lists */
	sym_refusal *why; /* where the walk was refused, or NULL */
	mt_buf *warnings; /* the module's, for LLVM's DWARF warnings */
} unit;

/* The attributes the walk reads from a DIE, by slot; have has bit 1 << k
 * for each slot k seen. */
enum {
	A_LOW,
	A_HIGH,
	A_ENTRY,
	A_RANGES,
	A_SIBLING,
	A_CALL_FILE,
	A_CALL_LINE,
	A_CALL_COLUMN,
	A_CALL_DISCR,
	A_ADDR_BASE, /* CU DIE only, as the three below */
	A_RNGLISTS_BASE,
	A_SPLIT, /* split-DWARF attributes: the CU is left to libdw */
	A_COUNT,
	A_NONE = -1 /* an attribute the walk does not keep */
};

typedef struct die_vals {
	unsigned have;
	struct {
		uint64_t v;
		unsigned form;
	} a[A_COUNT];
} die_vals;

static int slot_of(uint32_t name)
{
	switch (name) {
	case DW_AT_low_pc:
		return A_LOW;
	case DW_AT_high_pc:
		return A_HIGH;
	case DW_AT_entry_pc:
		return A_ENTRY;
	case DW_AT_ranges:
		return A_RANGES;
	case DW_AT_sibling:
		return A_SIBLING;
	case DW_AT_call_file:
		return A_CALL_FILE;
	case DW_AT_call_line:
		return A_CALL_LINE;
	case DW_AT_call_column:
		return A_CALL_COLUMN;
	case SYM_AT_GNU_DISCRIMINATOR:
		return A_CALL_DISCR;
	case DW_AT_addr_base:
	case AT_GNU_ADDR_BASE:
		return A_ADDR_BASE;
	case DW_AT_rnglists_base:
		return A_RNGLISTS_BASE;
	case AT_GNU_RANGES_BASE:
	case DW_AT_GNU_dwo_name:
	case DW_AT_dwo_name:
		return A_SPLIT;
	default:
		return A_NONE;
	}
}

static int has(const die_vals *dv, int k)
{
	return (dv->have >> k) & 1;
}

/* ---- unit header and abbreviations ------------------------------------- */

/* Parse the unit header at start; it must be a compile or partial unit
 * of the given version whose first DIE is at die. Tried at several
 * offsets, so a mismatch is not recorded as a refusal here. */
static sym_rc parse_header(unit *u,
                           const uint8_t *start,
                           const uint8_t *die,
                           int version,
                           uint64_t *abbrev_off)
{
	const sym_section *info = &u->sec->info;
	rd r = { start, info->data + info->size, u->sec->big, 0 };
	uint64_t len;
	unsigned type = DW_UT_compile;

	len = rd_uint(&r, 4);
	u->fc.off_size = 4;
	if (len == 0xffffffff) {
		len = rd_uint(&r, 8);
		u->fc.off_size = 8;
	} else if (len >= 0xfffffff0) {
		return SYM_REFUSED; /* reserved length values */
	}
	if (r.err || len > (uint64_t)(r.end - r.p))
		return SYM_REFUSED;
	u->end = r.p + len;
	r.end = u->end;
	u->fc.version = (unsigned)rd_uint(&r, 2);
	if (u->fc.version != (unsigned)version || u->fc.version < 2 ||
	    u->fc.version > 5)
		return SYM_REFUSED;
	if (u->fc.version >= 5) {
		type = (unsigned)rd_uint(&r, 1);
		u->fc.addr_size = (unsigned)rd_uint(&r, 1);
		*abbrev_off = rd_uint(&r, u->fc.off_size);
	} else {
		*abbrev_off = rd_uint(&r, u->fc.off_size);
		u->fc.addr_size = (unsigned)rd_uint(&r, 1);
	}
	if (r.err || r.p != die ||
	    (type != DW_UT_compile && type != DW_UT_partial) ||
	    (u->fc.addr_size != 4 && u->fc.addr_size != 8) ||
	    *abbrev_off >= u->sec->abbrev.size)
		return SYM_REFUSED;
	u->start = start;
	u->die = die;
	return SYM_OK;
}

/* The unit whose first DIE is at die_off: its header is 11 or 12 bytes
 * before (32-bit DWARF < 5 and 5), or 23 or 24 (64-bit). */
static sym_rc
find_header(unit *u, uint64_t die_off, int version, uint64_t *abbrev_off)
{
	static const unsigned sizes[] = { 11, 12, 23, 24 };
	size_t i;

	if (die_off >= u->sec->info.size)
		return SYM_REFUSE(u->why, "CU DIE offset past .debug_info");
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		const uint8_t *die = u->sec->info.data + die_off;

		if (die_off >= sizes[i] &&
		    parse_header(u, die - sizes[i], die, version, abbrev_off) ==
		            SYM_OK)
			return SYM_OK;
	}
	return SYM_REFUSE(u->why, "no compile unit header of the CU's "
	                          "version right before its DIE");
}

static sym_rc read_abbrevs(unit *u, uint64_t off)
{
	const sym_section *s = &u->sec->abbrev;
	rd r = { s->data + off, s->data + s->size, u->sec->big, 0 };
	size_t cap_ab = 0;

	for (;;) {
		uint64_t code = rd_uleb(&r), tag, name, form;
		abbrev a;

		if (r.err)
			return SYM_REFUSE(u->why, "abbreviation table runs "
			                          "past .debug_abbrev");
		if (code == 0)
			return SYM_OK;
		tag = rd_uleb(&r);
		a.children = rd_uint(&r, 1) != 0;
		a.first = (uint32_t)u->n_attrs;
		if (code >= MAX_ABBREV_CODE || tag == 0 || tag > UINT32_MAX)
			return SYM_REFUSE(u->why, "abbreviation code >= 65536 "
			                          "or tag out of range");
		for (;;) {
			abbrev_attr at;

			name = rd_uleb(&r);
			form = rd_uleb(&r);
			if (r.err || name > UINT32_MAX || form > UINT32_MAX)
				return SYM_REFUSE(u->why,
				                  "abbreviation attribute "
				                  "truncated or out of range");
			if (name == 0 && form == 0)
				break;
			at.slot = slot_of((uint32_t)name);
			at.form = (uint32_t)form;
			at.implicit = form == DW_FORM_implicit_const
			                      ? rd_sleb(&r)
			                      : 0;
			if (u->n_attrs >= UINT32_MAX)
				return SYM_REFUSE(u->why,
				                  "too many abbreviation "
				                  "attributes");
			MT_PUSH(u->attrs, u->n_attrs, u->cap_attrs, at);
		}
		a.n_attrs = (uint32_t)(u->n_attrs - a.first);
		a.tag = (uint32_t)tag;
		if (code >= u->n_ab) {
			size_t want = (size_t)code + 1;

			mt_grow((void **)&u->ab, &cap_ab, want, sizeof(*u->ab));
			memset(u->ab + u->n_ab, 0,
			       (want - u->n_ab) * sizeof(*u->ab));
			u->n_ab = want;
		}
		if (u->ab[code].tag != 0)
			return SYM_REFUSE(u->why,
			                  "abbreviation code defined twice");
		u->ab[code] = a;
	}
}

/* ---- attribute values -------------------------------------------------- */

/* A reader from offset off (checked by the caller) to the end of s. */
static rd reader_at(const unit *u, const sym_section *s, uint64_t off)
{
	rd r = { s->data + off, s->data + s->size, u->sec->big, 0 };

	return r;
}

static int is_addrx(unsigned form)
{
	switch (form) {
	case DW_FORM_addrx:
	case DW_FORM_addrx1:
	case DW_FORM_addrx2:
	case DW_FORM_addrx3:
	case DW_FORM_addrx4:
	case DW_FORM_GNU_addr_index:
		return 1;
	default:
		return 0;
	}
}

/* Entry idx of the CU's .debug_addr table. */
static sym_rc addr_index(const unit *u, uint64_t idx, uint64_t *out)
{
	const sym_section *s = &u->sec->addr;
	uint64_t off;
	rd r;

	if (!u->have_addr_base || !s->data)
		return SYM_REFUSE(u->why, "address index without "
		                          "DW_AT_addr_base or .debug_addr");
	off = u->addr_base + idx * u->fc.addr_size;
	if (idx > s->size / u->fc.addr_size || off < u->addr_base ||
	    off > s->size || s->size - off < u->fc.addr_size)
		return SYM_REFUSE(u->why, "address index past .debug_addr");
	r = reader_at(u, s, off);
	*out = rd_uint(&r, u->fc.addr_size);
	return SYM_OK;
}

/* What form_addr found. */
enum { ADDR_NONE = 0, ADDR_FOUND = 1 };

/* dwarf_formaddr: an address-class value. ADDR_FOUND and *out,
 * ADDR_NONE when the form is not an address, SYM_REFUSED when it cannot
 * be resolved here. */
static int form_addr(const unit *u, unsigned form, uint64_t v, uint64_t *out)
{
	if (form == DW_FORM_addr) {
		*out = v;
		return ADDR_FOUND;
	}
	if (!is_addrx(form))
		return ADDR_NONE;
	return addr_index(u, v, out) == SYM_OK ? ADDR_FOUND : SYM_REFUSED;
}

/* dwarf_formudata on the forms a constant can take here. */
static int is_constant(unsigned form)
{
	switch (form) {
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
	case DW_FORM_udata:
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		return 1;
	default:
		return 0;
	}
}

/* One DIE's attributes, from r->p (just past its code). */
static sym_rc read_die(rd *r, const unit *u, const abbrev *a, die_vals *dv)
{
	const abbrev_attr *at = u->attrs + a->first;
	uint32_t i;

	dv->have = 0;
	for (i = 0; i < a->n_attrs; i++, at++) {
		unsigned form;
		uint64_t v;
		int k;

		if (sym_rd_form(r, &u->fc, at->form, at->implicit, &form, &v) !=
		    SYM_OK)
			return SYM_REFUSE(u->why,
			                  "attribute of an unknown form "
			                  "or past the unit");
		k = at->slot;
		if (k == A_NONE)
			continue;
		dv->a[k].v = v;
		dv->a[k].form = form;
		dv->have |= 1u << k;
	}
	return SYM_OK;
}

/* A call_file/line/column/discriminator value (dwarf_formudata; 0 for
 * other forms). */
static uint32_t call_attr(const die_vals *dv, int k)
{
	if (!has(dv, k) || !is_constant(dv->a[k].form))
		return 0;
	return dv->a[k].v > UINT32_MAX ? UINT32_MAX : (uint32_t)dv->a[k].v;
}

/* A DW_AT_sibling the walk can jump to: a reference inside the unit. */
static int sibling_of(const die_vals *dv, uint64_t *off)
{
	if (!has(dv, A_SIBLING))
		return 0;
	switch (dv->a[A_SIBLING].form) {
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8:
	case DW_FORM_ref_udata:
		*off = dv->a[A_SIBLING].v;
		return 1;
	default:
		return 0;
	}
}

/* ---- ranges ------------------------------------------------------------ */

static void
push_range(sym_intervals *iv, uint64_t lo, uint64_t hi, uint32_t node)
{
	sym_interval it = { lo, hi, node };

	/* LLVM ignores empty ranges too. */
	if (lo < hi)
		MT_PUSH(iv->v, iv->n, iv->cap, it);
}

/* DWARF 2-4 .debug_ranges list at off. */
static sym_rc
ranges_v4(const unit *u, uint64_t off, uint32_t node, sym_intervals *iv)
{
	const sym_section *s = &u->sec->ranges;
	uint64_t base = u->base;
	uint64_t max = u->fc.addr_size == 4 ? 0xffffffffu : UINT64_MAX;
	rd r;

	if (!s->data || off >= s->size)
		return SYM_REFUSE(u->why, "DW_AT_ranges past .debug_ranges");
	r = reader_at(u, s, off);
	for (;;) {
		uint64_t b = rd_uint(&r, u->fc.addr_size);
		uint64_t e = rd_uint(&r, u->fc.addr_size);

		if (r.err)
			return SYM_REFUSE(u->why, "range list runs past "
			                          ".debug_ranges");
		if (b == 0 && e == 0)
			return SYM_OK;
		if (b == max)
			base = e;
		else
			push_range(iv, base + b, base + e, node);
	}
}

/* DWARF 5 .debug_rnglists list at off. */
static sym_rc
rnglists_v5(const unit *u, uint64_t off, uint32_t node, sym_intervals *iv)
{
	const sym_section *s = &u->sec->rnglists;
	uint64_t base = u->base;
	rd r;

	if (!s->data || off >= s->size)
		return SYM_REFUSE(u->why, "DW_AT_ranges past .debug_rnglists");
	r = reader_at(u, s, off);
	for (;;) {
		unsigned kind = (unsigned)rd_uint(&r, 1);
		uint64_t a, b;

		if (r.err)
			return SYM_REFUSE(u->why, "range list runs past "
			                          ".debug_rnglists");
		switch (kind) {
		case DW_RLE_end_of_list:
			return SYM_OK;
		case DW_RLE_base_addressx:
			if (addr_index(u, rd_uleb(&r), &base) != SYM_OK)
				return SYM_REFUSED;
			break;
		case DW_RLE_startx_endx:
			a = rd_uleb(&r);
			b = rd_uleb(&r);
			if (addr_index(u, a, &a) != SYM_OK ||
			    addr_index(u, b, &b) != SYM_OK)
				return SYM_REFUSED;
			push_range(iv, a, b, node);
			break;
		case DW_RLE_startx_length:
			a = rd_uleb(&r);
			b = rd_uleb(&r);
			if (addr_index(u, a, &a) != SYM_OK)
				return SYM_REFUSED;
			push_range(iv, a, a + b, node);
			break;
		case DW_RLE_offset_pair:
			a = rd_uleb(&r);
			b = rd_uleb(&r);
			push_range(iv, base + a, base + b, node);
			break;
		case DW_RLE_base_address:
			base = rd_uint(&r, u->fc.addr_size);
			break;
		case DW_RLE_start_end:
			a = rd_uint(&r, u->fc.addr_size);
			b = rd_uint(&r, u->fc.addr_size);
			push_range(iv, a, b, node);
			break;
		case DW_RLE_start_length:
			a = rd_uint(&r, u->fc.addr_size);
			b = rd_uleb(&r);
			push_range(iv, a, a + b, node);
			break;
		default:
			return SYM_REFUSE(u->why,
			                  "unknown DW_RLE_* entry kind");
		}
		if (r.err)
			return SYM_REFUSE(u->why, "range list runs past "
			                          ".debug_rnglists");
	}
}

/* The offset a DW_AT_ranges value names in its section. */
static sym_rc ranges_offset(const unit *u, const die_vals *dv, uint64_t *off)
{
	unsigned form = dv->a[A_RANGES].form;
	uint64_t v = dv->a[A_RANGES].v;

	if (form == DW_FORM_rnglistx) {
		const sym_section *s = &u->sec->rnglists;
		uint64_t at = u->rnglists_base + v * u->fc.off_size;
		rd r;

		if (!u->have_rnglists_base || !s->data ||
		    v > s->size / u->fc.off_size || at < u->rnglists_base ||
		    at > s->size || s->size - at < u->fc.off_size)
			return SYM_REFUSE(u->why, "DW_FORM_rnglistx without "
			                          "its base or past "
			                          ".debug_rnglists");
		r = reader_at(u, s, at);
		*off = u->rnglists_base + rd_uint(&r, u->fc.off_size);
		return SYM_OK;
	}
	if (form == DW_FORM_sec_offset ||
	    (u->fc.version < 4 &&
	     (form == DW_FORM_data4 || form == DW_FORM_data8))) {
		*off = v;
		return SYM_OK;
	}
	return SYM_REFUSE(u->why, "DW_AT_ranges of an unexpected form");
}

/* dwarf_ranges: the DIE's [low, high), else its range list, else none.
 * Adds intervals for node; SYM_REFUSED when the DIE cannot be read
 * here. */
static sym_rc
die_ranges(const unit *u, const die_vals *dv, uint32_t node, sym_intervals *iv)
{
	uint64_t lo, hi, off;
	int r;

	if (has(dv, A_LOW) && has(dv, A_HIGH)) {
		r = form_addr(u, dv->a[A_LOW].form, dv->a[A_LOW].v, &lo);
		if (r == SYM_REFUSED)
			return SYM_REFUSED;
		if (r == ADDR_FOUND) {
			unsigned hf = dv->a[A_HIGH].form;

			r = form_addr(u, hf, dv->a[A_HIGH].v, &hi);
			if (r == SYM_REFUSED)
				return SYM_REFUSED;
			if (r == ADDR_NONE && is_constant(hf)) {
				hi = lo + dv->a[A_HIGH].v;
				r = ADDR_FOUND;
			}
			if (r == ADDR_FOUND) {
				push_range(iv, lo, hi, node);
				return SYM_OK;
			}
		}
	}
	if (!has(dv, A_RANGES))
		return SYM_OK;
	if (ranges_offset(u, dv, &off) != SYM_OK)
		return SYM_REFUSED;
	return u->fc.version >= 5 ? rnglists_v5(u, off, node, iv)
	                          : ranges_v4(u, off, node, iv);
}

/* ---- the walk ---------------------------------------------------------- */

/* The CU DIE: the bases later attributes and range lists depend on.
 * SYM_OK and *children (whether it has any), or SYM_REFUSED. */
static sym_rc read_cu_die(rd *r, unit *u, int *children)
{
	uint64_t code = rd_uleb(r), lo;
	const abbrev *a;
	die_vals dv;

	if (r->err || code == 0 || code >= u->n_ab || !u->ab[code].tag)
		return SYM_REFUSE(u->why, "CU DIE abbreviation code undefined");
	a = &u->ab[code];
	if (a->tag != DW_TAG_compile_unit && a->tag != DW_TAG_partial_unit)
		return SYM_REFUSE(u->why, "first DIE is not a compile unit");
	if (read_die(r, u, a, &dv) != SYM_OK)
		return SYM_REFUSED;
	if (has(&dv, A_SPLIT))
		return SYM_REFUSE(u->why, "split-DWARF attributes");
	u->have_addr_base = has(&dv, A_ADDR_BASE);
	if (u->have_addr_base)
		u->addr_base = dv.a[A_ADDR_BASE].v;
	u->have_rnglists_base = has(&dv, A_RNGLISTS_BASE);
	if (u->have_rnglists_base)
		u->rnglists_base = dv.a[A_RNGLISTS_BASE].v;
	/* __libdw_cu_base_address: low_pc, else entry_pc, else 0. */
	u->base = 0;
	if (has(&dv, A_LOW) &&
	    form_addr(u, dv.a[A_LOW].form, dv.a[A_LOW].v, &lo) == ADDR_FOUND)
		u->base = lo;
	else if (has(&dv, A_ENTRY) &&
	         form_addr(u, dv.a[A_ENTRY].form, dv.a[A_ENTRY].v, &lo) ==
	                 ADDR_FOUND)
		u->base = lo;
	*children = a->children;
	return SYM_OK;
}

/* Whether a DIE's children can include code-carrying subroutines. Types
 * hold only member declarations (definitions sit at namespace or CU
 * level with DW_AT_specification), and parameters and variables hold
 * nothing: skipping them saves most of the walk in C++ CUs. */
int sym_tag_may_hold_code(unsigned tag)
{
	switch (tag) {
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type:
	case DW_TAG_subroutine_type:
	case DW_TAG_array_type:
	case DW_TAG_formal_parameter:
	case DW_TAG_variable:
	case DW_TAG_member:
	case DW_TAG_template_type_parameter:
	case DW_TAG_template_value_parameter:
	case DW_TAG_GNU_call_site:
	case DW_TAG_call_site:
		return 0;
	default:
		return 1;
	}
}

static void push_node(sym_cu *cu,
                      const uint8_t *at,
                      const unit *u,
                      const abbrev *a,
                      const die_vals *dv,
                      int32_t parent)
{
	sym_node node;

	/* Pre-order: a parent is numbered before its children (what
	 * build_segments and the walk up parent links rely on). */
	assert(parent < (int32_t)cu->n_nodes);
	memset(&node, 0, sizeof(node));
	node.off = (uint64_t)(at - u->sec->info.data);
	node.parent = parent;
	node.inlined = a->tag == DW_TAG_inlined_subroutine;
	if (node.inlined) {
		node.call_file = call_attr(dv, A_CALL_FILE);
		node.call_line = call_attr(dv, A_CALL_LINE);
		node.call_column = call_attr(dv, A_CALL_COLUMN);
		node.call_discr = call_attr(dv, A_CALL_DISCR);
	}
	MT_PUSH(cu->nodes, cu->n_nodes, cu->cap_nodes, node);
}

static sym_rc walk(unit *u, sym_cu *cu, sym_intervals *iv)
{
	int32_t owner[SYM_MAX_DIE_DEPTH];
	/* tentative[d]: owner[d] is an inlined subroutine without code of
	 * its own, kept only if a node below it is (see sym_die_walk). */
	unsigned char tentative[SYM_MAX_DIE_DEPTH];
	rd r = { u->die, u->end, u->sec->big, 0 };
	int depth = 0, has_children;
	size_t skip = 0; /* nesting inside a subtree not descended into */
	uint64_t sib;
	die_vals dv;

	if (read_cu_die(&r, u, &has_children) != SYM_OK)
		return SYM_REFUSED;
	if (!has_children)
		return SYM_OK;
	owner[0] = SYM_NO_NODE;
	tentative[0] = 0;
	while (r.p < r.end) {
		const uint8_t *at = r.p;
		uint64_t code = rd_uleb(&r);
		const abbrev *a;
		int32_t me;
		int descend, tent = 0;

		if (r.err)
			return SYM_REFUSE(u->why, "DIE past the unit");
		if (code == 0) {
			if (skip > 0) {
				skip--;
				continue;
			}
			if (tentative[depth] &&
			    cu->n_nodes == (size_t)owner[depth] + 1)
				cu->n_nodes--;
			if (depth-- == 0)
				return SYM_OK;
			continue;
		}
		if (code >= u->n_ab || !u->ab[code].tag)
			return SYM_REFUSE(u->why, "DIE abbreviation code "
			                          "undefined");
		a = &u->ab[code];
		if (read_die(&r, u, a, &dv) != SYM_OK)
			return SYM_REFUSED;
		if (skip > 0) {
			skip += a->children;
			continue;
		}
		me = owner[depth];
		descend = sym_tag_may_hold_code(a->tag);
		if (a->tag == DW_TAG_subprogram ||
		    a->tag == DW_TAG_inlined_subroutine) {
			uint32_t idx = (uint32_t)cu->n_nodes;
			size_t before = iv->n;

			if (die_ranges(u, &dv, idx, iv) != SYM_OK)
				return SYM_REFUSED;
			tent = iv->n == before &&
			       a->tag == DW_TAG_inlined_subroutine &&
			       a->children && depth + 1 < SYM_MAX_DIE_DEPTH;
			me = SYM_NO_NODE;
			if (iv->n > before || tent) {
				push_node(cu, at, u, a, &dv, owner[depth]);
				me = (int32_t)idx;
			}
			descend = me >= 0;
		}
		if (!a->children)
			continue;
		if (descend && depth + 1 < SYM_MAX_DIE_DEPTH) {
			owner[++depth] = me;
			tentative[depth] = (unsigned char)tent;
			continue;
		}
		/* Not descending: jump to the sibling when the DIE says where
		 * it is (forward, inside the unit), else read past the
		 * children. */
		if (!sibling_of(&dv, &sib)) {
			skip = 1;
			continue;
		}
		/* libdw's test; it fails the walk on a bad one. */
		if (sib >= (uint64_t)(u->end - u->start) ||
		    sib <= (uint64_t)(at - u->start))
			return SYM_REFUSE(u->why, "DW_AT_sibling outside the "
			                          "unit or backwards");
		r.p = u->start + sib;
	}
	/* The unit ended without closing every DIE: libdw stops there too,
	 * and LLVM's DWARFDebugInfoEntry::extractFast warns that it would
	 * read the next DIE past the unit. */
	if (u->warnings) {
		uint64_t base = (uint64_t)(u->start - u->sec->info.data);
		uint64_t end = (uint64_t)(u->end - u->sec->info.data);

		mt_buf_printf(u->warnings,
		              "DWARF unit from offset 0x%08" PRIx64
		              " incl. to offset 0x%08" PRIx64
		              " excl. tries to read DIEs at offset 0x%08" PRIx64
		              "\n",
		              base, end, (uint64_t)(r.p - u->sec->info.data));
	}
	return SYM_OK;
}

/* Which subroutines become nodes follows LLVM's AddrDieMap: those with
 * code, and, as parents only, inlined subroutines without code whose
 * subtree has some (DWARF 2 cannot give an inlined instance discontiguous
 * ranges, so gcc gives it none and its inlined children their own). A
 * DW_TAG_subprogram without code is a declaration or an abstract
 * instance: its subtree is not read. */
sym_rc
sym_die_walk(mt_module *m, sym_cu *cu, sym_intervals *iv, sym_refusal *why)
{
	unit u;
	uint64_t abbrev_off;
	sym_rc ret = SYM_REFUSED;

	memset(&u, 0, sizeof(u));
	u.sec = &m->sec;
	u.why = why;
	u.warnings = &m->warnings;
	if (!m->sec.info.data || !m->sec.abbrev.data)
		return SYM_REFUSE(why, "no .debug_info or .debug_abbrev");
	if (find_header(&u, cu->off, cu->version, &abbrev_off) == SYM_OK &&
	    read_abbrevs(&u, abbrev_off) == SYM_OK)
		ret = walk(&u, cu, iv);
	free(u.ab);
	free(u.attrs);
	return ret;
}
