/*
 * dwarf_rd.h - bounds-checked readers for DWARF section bytes, shared by
 * the line-table decoder and the DIE walker (lib/symbols/ only).
 *
 * A reader never moves past its end: a short read sets err, leaves p at
 * end and yields 0 (or NULL), so a caller can read a whole record and
 * check err once.
 */
#ifndef MAXTRIAGE_DWARF_RD_H
#define MAXTRIAGE_DWARF_RD_H

#include "symbols/symbols_int.h"

#include <dwarf.h>
#include <stdint.h>
#include <string.h>

typedef struct rd {
	const uint8_t *p, *end;
	int big; /* big-endian ELF */
	int err;
} rd;

static inline uint64_t rd_uint(rd *r, size_t n)
{
	uint64_t v = 0;
	size_t i;

	if (r->err || (size_t)(r->end - r->p) < n) {
		r->err = 1;
		r->p = r->end;
		return 0;
	}
	for (i = 0; i < n; i++) {
		uint64_t b = r->p[i];

		v |= r->big ? b << (8 * (n - 1 - i)) : b << (8 * i);
	}
	r->p += n;
	return v;
}

/* A LEB128 number, sign-extended when sign is set; bits past 64 are
 * dropped. */
static inline uint64_t rd_leb(rd *r, int sign)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (r->p < r->end) {
		uint8_t b = *r->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (b & 0x80)
			continue;
		if (sign && shift < 64 && (b & 0x40))
			v |= ~(uint64_t)0 << shift;
		return v;
	}
	r->err = 1;
	return 0;
}

static inline uint64_t rd_uleb(rd *r)
{
	return rd_leb(r, 0);
}

static inline int64_t rd_sleb(rd *r)
{
	return (int64_t)rd_leb(r, 1);
}

/* A NUL-terminated string in place; NULL (and r->err) if unterminated. */
static inline const char *rd_str(rd *r)
{
	const uint8_t *nul;

	if (r->err)
		return NULL;
	nul = memchr(r->p, 0, (size_t)(r->end - r->p));
	if (!nul) {
		r->err = 1;
		r->p = r->end;
		return NULL;
	}
	{
		const char *s = (const char *)r->p;

		r->p = nul + 1;
		return s;
	}
}

static inline void rd_skip(rd *r, uint64_t n)
{
	if (r->err || (uint64_t)(r->end - r->p) < n) {
		r->err = 1;
		r->p = r->end;
		return;
	}
	r->p += n;
}

/* The string at off in a string section, or NULL. */
static inline const char *sec_str(const sym_section *s, uint64_t off)
{
	if (!s->data || off >= s->size ||
	    !memchr(s->data + off, 0, s->size - off))
		return NULL;
	return (const char *)s->data + off;
}

/* What the size of some forms depends on: the unit's DWARF version,
 * address size and offset size (4 or 8). */
typedef struct sym_form_ctx {
	unsigned version, addr_size, off_size;
} sym_form_ctx;

#ifndef DW_FORM_GNU_addr_index
#define DW_FORM_GNU_addr_index 0x1f01
#endif
#ifndef DW_FORM_GNU_str_index
#define DW_FORM_GNU_str_index 0x1f02
#endif
#ifndef DW_FORM_GNU_ref_alt
#define DW_FORM_GNU_ref_alt 0x1f20
#endif
#ifndef DW_FORM_GNU_strp_alt
#define DW_FORM_GNU_strp_alt 0x1f21
#endif

/* Read (or skip) one attribute value of any DWARF 2-5 or GNU form; *v
 * gets its number (the offset or index for string, reference and index
 * forms; 0 for inline strings and blocks, which are skipped), *form_out
 * the form (the real one for DW_FORM_indirect). SYM_OK, or SYM_REFUSED
 * for a form this reader does not know or bytes past the end. */
static inline sym_rc sym_rd_form(rd *r,
                                 const sym_form_ctx *u,
                                 unsigned form,
                                 int64_t implicit,
                                 unsigned *form_out,
                                 uint64_t *v)
{
	*form_out = form;
	switch (form) {
	case DW_FORM_addr:
		*v = rd_uint(r, u->addr_size);
		break;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		*v = rd_uint(r, 1);
		break;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		*v = rd_uint(r, 2);
		break;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		*v = rd_uint(r, 3);
		break;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
	case DW_FORM_ref_sup4:
		*v = rd_uint(r, 4);
		break;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		*v = rd_uint(r, 8);
		break;
	case DW_FORM_data16:
		rd_skip(r, 16);
		*v = 0;
		break;
	case DW_FORM_udata:
	case DW_FORM_ref_udata:
	case DW_FORM_strx:
	case DW_FORM_addrx:
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
	case DW_FORM_GNU_addr_index:
	case DW_FORM_GNU_str_index:
		*v = rd_uleb(r);
		break;
	case DW_FORM_sdata:
		*v = (uint64_t)rd_sleb(r);
		break;
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_sec_offset:
	case DW_FORM_strp_sup:
	case DW_FORM_GNU_strp_alt:
	case DW_FORM_GNU_ref_alt:
		*v = rd_uint(r, u->off_size);
		break;
	case DW_FORM_ref_addr:
		*v = rd_uint(r, u->version <= 2 ? u->addr_size : u->off_size);
		break;
	case DW_FORM_string:
		rd_str(r);
		*v = 0;
		break;
	case DW_FORM_flag_present:
		*v = 1;
		break;
	case DW_FORM_implicit_const:
		*v = (uint64_t)implicit;
		break;
	case DW_FORM_block1:
		rd_skip(r, rd_uint(r, 1));
		*v = 0;
		break;
	case DW_FORM_block2:
		rd_skip(r, rd_uint(r, 2));
		*v = 0;
		break;
	case DW_FORM_block4:
		rd_skip(r, rd_uint(r, 4));
		*v = 0;
		break;
	case DW_FORM_block:
	case DW_FORM_exprloc:
		rd_skip(r, rd_uleb(r));
		*v = 0;
		break;
	case DW_FORM_indirect: {
		uint64_t f = rd_uleb(r);

		if (r->err || f == DW_FORM_indirect ||
		    f == DW_FORM_implicit_const || f > UINT32_MAX)
			return SYM_REFUSED;
		return sym_rd_form(r, u, (unsigned)f, 0, form_out, v);
	}
	default:
		return SYM_REFUSED;
	}
	return r->err ? SYM_REFUSED : SYM_OK;
}

#endif
