/*
 * locals.c - the DWARF that llvm-symbolizer's DATA, FRAME, JSON and
 * --verbose answers need beyond an inline chain: where a global is
 * declared, the locals of a function, where each frame's function starts.
 *
 * These are rare requests (a sanitizer asks DATA once per global it
 * describes, FRAME is HWASan's), so they read DIEs with libdw on demand
 * and keep nothing but the strings they hand out, in the module's arena.
 * The rules are LLVM 19's (DWARFContext::getLocalsForAddress,
 * DWARFUnit::getVariableForAddress, DWARFDie::getTypeSize).
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TYPE_DEPTH 32
#define MAX_SCOPES 256

#ifndef DW_AT_LLVM_tag_offset
#define DW_AT_LLVM_tag_offset 0x3e03
#endif

/* A declaration file as LLVM's AbsoluteFilePath gives it: libdw joins the
 * include directory; a result still relative gets DW_AT_comp_dir.
 * implicit_ok 0: as DWARFDie::getDeclFile, which reads no
 * DW_FORM_implicit_const file (LLVM 19 makes that form's value without
 * its unit, and DWARFFormValue::getAsFile then gives nothing; gcc uses
 * the form for the decl_file of many functions and globals). */
/* libdw joins a directory that ends in '/' and a name with another '/'
 * ("/" and "source.c" give "//source.c"); LLVM's path::append adds none
 * there. The name as LLVM joins it (borrowed from m or libdw). */
static const char *
join_like_llvm(mt_module *m, Dwarf_Files *files, const char *f)
{
	const char *const *dirs;
	size_t ndirs, i, n;

	if (dwarf_getsrcdirs(files, &dirs, &ndirs) != 0)
		return f;
	for (i = 0; i < ndirs; i++) {
		n = dirs[i] ? strlen(dirs[i]) : 0;
		if (n && dirs[i][n - 1] == '/' && !strncmp(f, dirs[i], n) &&
		    f[n] == '/') {
			mt_buf b = MT_BUF_INIT;
			const char *r;

			mt_buf_put(&b, f, n);
			mt_buf_puts(&b, f + n + 1);
			r = mt_arena_strdup(&m->arena, b.ptr, b.len);
			mt_buf_release(&b);
			return r;
		}
	}
	return f;
}

static const char *
abs_file_entry(mt_module *m, Dwarf_Die *die, int implicit_ok, size_t *index)
{
	const char *f = NULL, *comp = NULL;
	Dwarf_Die cu;
	Dwarf_Attribute a;
	Dwarf_Files *files;
	size_t nfiles;
	Dwarf_Word idx;
	mt_buf b = MT_BUF_INIT;
	const char *ret;

	/* The index into the line table of the CU the attribute is in
	 * (dwarf_decl_file refuses DWARF 5's file 0). */
	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &a) ||
	    dwarf_formudata(&a, &idx) != 0 || !a.cu)
		return NULL;
	if (!implicit_ok && dwarf_whatform(&a) == DW_FORM_implicit_const)
		return NULL;
	if (!dwarf_cu_die(a.cu, &cu, NULL, NULL, NULL, NULL, NULL, NULL) ||
	    dwarf_getsrcfiles(&cu, &files, &nfiles) != 0 || idx >= nfiles)
		return NULL;
	f = dwarf_filesrc(files, idx, NULL, NULL);
	if (!f)
		return NULL;
	if (index)
		*index = (size_t)idx;
	f = join_like_llvm(m, files, f);
	if (f[0] == '/')
		return f;
	if (dwarf_attr_integrate(&cu, DW_AT_comp_dir, &a))
		comp = dwarf_formstring(&a);
	if (!comp || !*comp)
		return f;
	mt_buf_puts(&b, comp);
	if (b.ptr[b.len - 1] != '/')
		mt_buf_putc(&b, '/');
	mt_buf_puts(&b, f);
	ret = mt_arena_strdup(&m->arena, b.ptr, b.len);
	mt_buf_release(&b);
	return ret;
}

static const char *abs_file(mt_module *m, Dwarf_Die *die, int implicit_ok)
{
	return abs_file_entry(m, die, implicit_ok, NULL);
}

static int udata(Dwarf_Die *die, unsigned at, Dwarf_Word *out)
{
	Dwarf_Attribute a;

	return dwarf_attr(die, at, &a) && dwarf_formudata(&a, out) == 0;
}

static int sdata(Dwarf_Die *die, unsigned at, Dwarf_Sword *out)
{
	Dwarf_Attribute a;

	return dwarf_attr(die, at, &a) && dwarf_formsdata(&a, out) == 0;
}

static int ref(Dwarf_Die *die, unsigned at, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_attr(die, at, &a) && dwarf_formref_die(&a, out);
}

/* DWARFDie::getTypeSize: 1 and *out, or 0 when unknown. */
static int
type_size(Dwarf_Die *die, unsigned ptr_size, int depth, uint64_t *out)
{
	Dwarf_Word w;
	Dwarf_Die base, child;
	uint64_t size;
	int tag;

	if (depth > MAX_TYPE_DEPTH)
		return 0;
	if (udata(die, DW_AT_byte_size, &w)) {
		*out = w;
		return 1;
	}
	tag = dwarf_tag(die);
	switch (tag) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		*out = ptr_size;
		return 1;
	case DW_TAG_ptr_to_member_type:
		*out = ptr_size;
		if (ref(die, DW_AT_type, &base) &&
		    dwarf_tag(&base) == DW_TAG_subroutine_type)
			*out = 2 * ptr_size;
		return 1;
	case DW_TAG_array_type:
		if (!ref(die, DW_AT_type, &base) ||
		    !type_size(&base, ptr_size, depth + 1, &size))
			return 0;
		if (dwarf_child(die, &child) == 0) {
			do {
				Dwarf_Sword ub, lb = 0;

				if (dwarf_tag(&child) != DW_TAG_subrange_type)
					continue;
				if (udata(&child, DW_AT_count, &w))
					size *= w;
				if (sdata(&child, DW_AT_upper_bound, &ub)) {
					sdata(&child, DW_AT_lower_bound, &lb);
					size *= (uint64_t)(ub - lb + 1);
				}
			} while (dwarf_siblingof(&child, &child) == 0);
		}
		*out = size;
		return 1;
	default:
		if (ref(die, DW_AT_type, &base))
			return type_size(&base, ptr_size, depth + 1, out);
		return 0;
	}
}

static unsigned addr_size(Dwarf_Die *die)
{
	Dwarf_Die cu;
	uint8_t asz = 8;

	if (dwarf_diecu(die, &cu, &asz, NULL) == NULL)
		return 8;
	return asz;
}

static int is_type_tag(int tag)
{
	switch (tag) {
	case DW_TAG_array_type:
	case DW_TAG_class_type:
	case DW_TAG_enumeration_type:
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_string_type:
	case DW_TAG_structure_type:
	case DW_TAG_subroutine_type:
	case DW_TAG_typedef:
	case DW_TAG_union_type:
	case DW_TAG_ptr_to_member_type:
	case DW_TAG_set_type:
	case DW_TAG_subrange_type:
	case DW_TAG_base_type:
	case DW_TAG_const_type:
	case DW_TAG_file_type:
	case DW_TAG_packed_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
	case DW_TAG_interface_type:
	case DW_TAG_unspecified_type:
	case DW_TAG_shared_type:
	case DW_TAG_immutable_type:
		return 1;
	default:
		return 0;
	}
}

/* The address a variable's single-expression location starts with
 * (DW_OP_addr or DW_OP_addrx), as DWARFUnit::updateVariableDieMap. */
static int var_address(Dwarf_Die *die, uint64_t *out)
{
	Dwarf_Attribute a, res;
	Dwarf_Op *ops;
	size_t n, i;
	Dwarf_Addr addr;

	if (!dwarf_attr(die, DW_AT_location, &a) ||
	    dwarf_getlocation(&a, &ops, &n) != 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (ops[i].atom == DW_OP_addr) {
			*out = ops[i].number;
			return 1;
		}
		if (ops[i].atom == DW_OP_addrx ||
		    ops[i].atom == DW_OP_GNU_addr_index) {
			if (dwarf_getlocation_attr(&a, &ops[i], &res) == 0 &&
			    dwarf_formaddr(&res, &addr) == 0) {
				*out = addr;
				return 1;
			}
			return 0;
		}
	}
	return 0;
}

typedef struct data_find {
	uint64_t addr;
	int found;
	Dwarf_Die die;
} data_find;

static void find_var(data_find *f, Dwarf_Die *die, int depth)
{
	Dwarf_Die child;
	uint64_t start, size = 1;

	if (depth > SYM_MAX_DIE_DEPTH || f->found)
		return;
	if (dwarf_child(die, &child) == 0) {
		do {
			if (!is_type_tag(dwarf_tag(&child)))
				find_var(f, &child, depth + 1);
		} while (!f->found && dwarf_siblingof(&child, &child) == 0);
	}
	if (f->found || dwarf_tag(die) != DW_TAG_variable ||
	    !var_address(die, &start))
		return;
	if (!type_size(die, addr_size(die), 0, &size) || size == 0)
		size = 1;
	if (f->addr >= start && f->addr - start < size) {
		f->found = 1;
		f->die = *die;
	}
}

int mt_module_data_decl(const char **file,
                        unsigned *line,
                        mt_module *m,
                        uint64_t addr)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	data_find f = { addr, 0, { 0 } };
	int l = 0;

	if (!m->dw)
		return MT_ENOTFOUND;
	/* Globals are often outside every CU's ranges (gcc leaves them out
	 * of .debug_aranges): walk the CUs, as LLVM does when the range
	 * lookup fails. */
	while (!f.found &&
	       dwarf_nextcu(m->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(m->dw, off + hsize, &cu))
			find_var(&f, &cu, 0);
		off = next;
	}
	if (!f.found)
		return MT_ENOTFOUND;
	*file = abs_file(m, &f.die, 0);
	if (dwarf_decl_line(&f.die, &l) != 0)
		l = 0;
	*line = (unsigned)l;
	return l ? 0 : MT_ENOTFOUND;
}

/* binutils' variable table (bfd/dwarf2.c, 2.40): a DW_TAG_variable at
 * any depth whose location is the one operation DW_OP_addr addr, with a
 * name (its own or its specification's) that sym contains and a
 * declaration file; the first in DIE order. */
typedef struct bfd_var_find {
	uint64_t addr;
	const char *sym;
	int found;
	Dwarf_Die die;
} bfd_var_find;

static void find_bfd_var(bfd_var_find *f, Dwarf_Die *die, int depth)
{
	Dwarf_Die child;
	Dwarf_Attribute a;
	Dwarf_Block blk;
	const char *name;
	int as;

	if (depth > SYM_MAX_DIE_DEPTH || f->found)
		return;
	if (dwarf_tag(die) == DW_TAG_variable &&
	    dwarf_attr(die, DW_AT_location, &a) &&
	    dwarf_formblock(&a, &blk) == 0 && blk.length >= 1 &&
	    blk.data[0] == DW_OP_addr && (as = (int)addr_size(die)) > 0 &&
	    blk.length == (Dwarf_Word)as + 1) {
		uint64_t v = 0;
		int i, big = 0;
		Elf *e = dwarf_getelf(dwarf_cu_getdwarf(die->cu));

		if (e && elf_getident(e, NULL))
			big = elf_getident(e, NULL)[EI_DATA] == ELFDATA2MSB;
		for (i = 0; i < as && i < 8; i++)
			v |= (uint64_t)blk.data[1 + i]
			     << (8 * (big ? as - 1 - i : i));
		name = dwarf_diename(die);
		if (!name && dwarf_attr(die, DW_AT_specification, &a)) {
			Dwarf_Die spec;

			if (dwarf_formref_die(&a, &spec))
				name = dwarf_diename(&spec);
		}
		if (v == f->addr && name && strstr(f->sym, name) &&
		    dwarf_attr_integrate(die, DW_AT_decl_file, &a)) {
			f->found = 1;
			f->die = *die;
			return;
		}
	}
	if (dwarf_child(die, &child) == 0) {
		do {
			if (!is_type_tag(dwarf_tag(&child)))
				find_bfd_var(f, &child, depth + 1);
		} while (!f->found && dwarf_siblingof(&child, &child) == 0);
	}
}

int sym_bfd_var_decl(const char **file,
                     unsigned *line,
                     mt_module *m,
                     uint64_t addr,
                     const char *sym)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	bfd_var_find f = { addr, sym, 0, { 0 } };
	int l = 0;

	if (!m->dw)
		return 0;
	while (!f.found &&
	       dwarf_nextcu(m->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(m->dw, off + hsize, &cu))
			find_bfd_var(&f, &cu, 0);
		off = next;
	}
	if (!f.found || !(*file = abs_file(m, &f.die, 1)))
		return 0;
	if (dwarf_decl_line(&f.die, &l) != 0)
		l = 0;
	*line = (unsigned)l;
	return 1;
}

/* getExpressionFrameOffset on one expression: DW_OP_fbreg N, or
 * DW_OP_bregX N with X the frame base register, alone or followed by
 * DW_OP_deref. */
static int
expr_frame_offset(const Dwarf_Op *ops, size_t n, int fb_reg, int64_t *out)
{
	if (n == 0 || n > 2)
		return 0;
	if (ops[0].atom != DW_OP_fbreg &&
	    !(fb_reg >= 0 && ops[0].atom == (unsigned)(DW_OP_breg0 + fb_reg)))
		return 0;
	if (n == 2 && ops[1].atom != DW_OP_deref)
		return 0;
	*out = (int64_t)ops[0].number;
	return 1;
}

/* The first expression of the location (one expression, or each entry
 * of a location list in order, as DWARFDie::getLocations lists them)
 * that is a frame offset. */
static int frame_offset(Dwarf_Die *var, int fb_reg, int64_t *out)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	Dwarf_Addr base, start, end;
	size_t n;
	ptrdiff_t off = 0;
	int guard = 0;

	if (!dwarf_attr(var, DW_AT_location, &a))
		return 0;
	while (guard++ < 65536 &&
	       (off = dwarf_getlocations(&a, off, &base, &start, &end, &ops,
	                                 &n)) > 0)
		if (expr_frame_offset(ops, n, fb_reg, out))
			return 1;
	return 0;
}

static int frame_base_reg(Dwarf_Die *sub)
{
	Dwarf_Attribute a;
	Dwarf_Block blk;

	if (!dwarf_attr(sub, DW_AT_frame_base, &a) ||
	    dwarf_formblock(&a, &blk) != 0 || blk.length == 0)
		return -1;
	if (blk.data[0] >= DW_OP_reg0 && blk.data[0] <= DW_OP_reg31)
		return blk.data[0] - DW_OP_reg0;
	return -1;
}

typedef struct locals {
	mt_local *v;
	size_t n, cap;
	mt_module *m;
} locals;

static void add_locals(locals *l, Dwarf_Die *sub, Dwarf_Die *die, int depth)
{
	int tag = dwarf_tag(die);
	Dwarf_Die child, origin, fn, type;

	if (depth > SYM_MAX_DIE_DEPTH)
		return;
	if (tag == DW_TAG_variable || tag == DW_TAG_formal_parameter) {
		mt_local loc;
		Dwarf_Die d = *die;
		Dwarf_Word w;
		Dwarf_Attribute a;
		int line = 0;

		memset(&loc, 0, sizeof(loc));
		loc.function = dwarf_diename(sub);
		loc.has_frame_offset = frame_offset(die, frame_base_reg(sub),
		                                    &loc.frame_offset);
		if (udata(die, DW_AT_LLVM_tag_offset, &w)) {
			loc.has_tag_offset = 1;
			loc.tag_offset = w;
		}
		if (ref(die, DW_AT_abstract_origin, &origin))
			d = origin;
		if (dwarf_attr(&d, DW_AT_name, &a))
			loc.name = dwarf_formstring(&a);
		if (ref(&d, DW_AT_type, &type))
			loc.has_size =
			        type_size(&type, addr_size(&d), 0, &loc.size);
		if (dwarf_attr(&d, DW_AT_decl_file, &a))
			loc.decl_file = abs_file(l->m, &d, 1);
		if (udata(&d, DW_AT_decl_line, &w))
			line = (int)w;
		loc.decl_line = (unsigned)line;
		MT_PUSH(l->v, l->n, l->cap, loc);
		return;
	}
	fn = *sub;
	if (tag == DW_TAG_inlined_subroutine &&
	    ref(die, DW_AT_abstract_origin, &origin))
		fn = origin;
	if (dwarf_child(die, &child) != 0)
		return;
	do
		add_locals(l, &fn, &child, depth + 1);
	while (dwarf_siblingof(&child, &child) == 0);
}

/* A skeleton unit's split unit (-gsplit-dwarf, when libdw found the
 * .dwo), where its DIEs are; the unit itself otherwise. */
static void split_unit(Dwarf_Die *cu)
{
	uint8_t type;
	Dwarf_Die sub;

	if (dwarf_cu_info(cu->cu, NULL, &type, NULL, &sub, NULL, NULL, NULL) ==
	            0 &&
	    type == DW_UT_skeleton && sub.cu &&
	    dwarf_tag(&sub) == DW_TAG_compile_unit)
		*cu = sub;
}

/* The CU DIE whose ranges hold addr: .debug_aranges when there is one
 * (dwarf_addrdie), else each CU's own ranges (clang writes no aranges).
 * split: a skeleton's split unit instead (LLVM 19 reads the .dwo for
 * inline chains and their start lines, not for FRAME's locals). */
static int cu_at(Dwarf_Die *out, mt_module *m, uint64_t addr, int split)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	if (!m->dw)
		return 0;
	if (dwarf_addrdie(m->dw, addr, out)) {
		if (split)
			split_unit(out);
		return 1;
	}
	while (dwarf_nextcu(m->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		if (dwarf_offdie(m->dw, off + hsize, out) &&
		    dwarf_haspc(out, addr) == 1) {
			if (split)
				split_unit(out);
			return 1;
		}
		off = next;
	}
	return 0;
}

/* Whether a subprogram below scope (a namespace or class) holds addr. */
static int scope_below(Dwarf_Die *scope, uint64_t addr)
{
	Dwarf_Die c;
	int tag;

	if (dwarf_child(scope, &c) != 0)
		return 0;
	do {
		tag = dwarf_tag(&c);
		if (tag == DW_TAG_subprogram && dwarf_haspc(&c, addr) == 1)
			return 1;
		if ((tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
		     tag == DW_TAG_structure_type) &&
		    scope_below(&c, addr))
			return 1;
	} while (dwarf_siblingof(&c, &c) == 0);
	return 0;
}

/* The subprogram and inlined-subroutine DIEs whose ranges hold addr,
 * innermost first (lexical blocks are looked through, not returned).
 * Returns the count; *out is new (free with free()). dwarf_getscopes is
 * not used: it continues from an inlined callee into its abstract
 * definition instead of the caller. */
static int scopes_at(Dwarf_Die **out, mt_module *m, uint64_t addr, int split)
{
	Dwarf_Die cu, cur, child;
	Dwarf_Die *v = NULL;
	size_t n = 0, cap = 0, i;
	int depth = 0;

	*out = NULL;
	if (!cu_at(&cu, m, addr, split))
		return 0;
	cur = cu;
	while (depth++ < SYM_MAX_DIE_DEPTH && dwarf_child(&cur, &child) == 0) {
		int found = 0;

		do {
			int tag = dwarf_tag(&child);

			if (tag != DW_TAG_subprogram &&
			    tag != DW_TAG_inlined_subroutine &&
			    tag != DW_TAG_lexical_block &&
			    tag != DW_TAG_namespace &&
			    tag != DW_TAG_class_type &&
			    tag != DW_TAG_structure_type)
				continue;
			if (tag == DW_TAG_namespace ||
			    tag == DW_TAG_class_type ||
			    tag == DW_TAG_structure_type) {
				if (n == 0 && dwarf_haschildren(&child)) {
					/* Functions can be nested in
					 * these only before any scope. */
					Dwarf_Die probe;

					if (dwarf_child(&child, &probe) == 0 &&
					    scope_below(&child, addr)) {
						found = 1;
						break;
					}
				}
				continue;
			}
			if (dwarf_haspc(&child, addr) == 1) {
				found = 1;
				break;
			}
		} while (dwarf_siblingof(&child, &child) == 0);
		if (!found)
			break;
		cur = child;
		if (dwarf_tag(&cur) != DW_TAG_lexical_block &&
		    dwarf_tag(&cur) != DW_TAG_namespace &&
		    dwarf_tag(&cur) != DW_TAG_class_type &&
		    dwarf_tag(&cur) != DW_TAG_structure_type)
			MT_PUSH(v, n, cap, cur);
	}
	for (i = 0; i < n / 2; i++) {
		Dwarf_Die t = v[i];

		v[i] = v[n - 1 - i];
		v[n - 1 - i] = t;
	}
	*out = v;
	return (int)n;
}

/* scopes_at for a relocatable object: the subroutines the index found
 * (LLVM's AddrDieMap over overlapping sections), innermost first; none
 * from a split unit unless split, as scopes_at. */
static int rel_scopes(Dwarf_Die **out, mt_module *m, uint64_t addr, int split)
{
	uint64_t offs[SYM_MAX_DIE_DEPTH];
	Dwarf *dw;
	int n = sym_dwarf_chain_dies(offs, SYM_MAX_DIE_DEPTH, &dw, m, addr), i,
	    k;

	*out = NULL;
	if (n <= 0 || (!split && dw != m->dw))
		return 0;
	*out = mt_malloc((size_t)n * sizeof(**out));
	for (i = 0, k = 0; i < n; i++)
		if (dwarf_offdie(dw, offs[i], &(*out)[k]))
			k++;
	return k;
}

static int scopes_of(Dwarf_Die **out, mt_module *m, uint64_t addr, int split)
{
	return m->rel ? rel_scopes(out, m, addr, split)
	              : scopes_at(out, m, addr, split);
}

int mt_module_locals(mt_local **out, mt_module *m, uint64_t addr)
{
	Dwarf_Die *scopes = NULL, *sub = NULL;
	locals l = { NULL, 0, 0, m };
	int n;

	*out = NULL;
	n = scopes_of(&scopes, m, addr, 0);
	/* The innermost subroutine, an inlined one included, and what is
	 * below it (LLVM 19's getLocalsForAddress starts from
	 * getSubroutineForAddress): at an inlined call, the callee's
	 * locals only. */
	if (n > 0)
		sub = &scopes[0];
	if (sub)
		add_locals(&l, sub, sub, 0);
	free(scopes);
	*out = l.v;
	return (int)l.n;
}

int mt_module_frame_starts(mt_frame_start *out,
                           size_t max,
                           mt_module *m,
                           uint64_t addr)
{
	Dwarf_Die *scopes = NULL;
	int n, i, k = 0;

	n = scopes_of(&scopes, m, addr, 1);
	for (i = 0; i < n && (size_t)k < max; i++) {
		int tag = dwarf_tag(&scopes[i]), line = 0;
		Dwarf_Attribute a;
		Dwarf_Addr lo;

		if (tag != DW_TAG_subprogram &&
		    tag != DW_TAG_inlined_subroutine)
			continue;
		size_t fi = (size_t)-1;

		memset(&out[k], 0, sizeof(out[k]));
		out[k].file = abs_file_entry(m, &scopes[i], 0, &fi);
		/* by the index the DIE names: several entries may spell the
		 * same path, one absolute, one relative to a directory */
		if (out[k].file && fi != (size_t)-1)
			out[k].entry = mt_module_file_entry_at(m, addr, fi);
		if (dwarf_decl_line(&scopes[i], &line) == 0 && line > 0)
			out[k].line = (unsigned)line;
		/* Only DW_AT_low_pc: a DIE with DW_AT_ranges alone has no
		 * start address in LLVM's answer either. */
		if (dwarf_attr(&scopes[i], DW_AT_low_pc, &a) &&
		    dwarf_formaddr(&a, &lo) == 0) {
			out[k].has_addr = 1;
			out[k].addr = lo;
		}
		k++;
	}
	free(scopes);
	return k;
}

int mt_module_section_addr(uint64_t *out, mt_module *m, const char *name)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx;

	if (!m->elf || elf_getshdrstrndx(m->elf, &shstrndx) != 0)
		return MT_ENOTFOUND;
	while ((scn = elf_nextscn(m->elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(m->elf, shstrndx, sh.sh_name);
		if (n && !strcmp(n, name)) {
			*out = sh.sh_addr;
			return 0;
		}
	}
	return MT_ENOTFOUND;
}

const char *mt_module_comp_dir(mt_module *m, uint64_t addr)
{
	Dwarf_Die cu;
	Dwarf_Attribute a;

	if (!cu_at(&cu, m, addr, 0) || !dwarf_attr(&cu, DW_AT_comp_dir, &a))
		return NULL;
	return dwarf_formstring(&a);
}
