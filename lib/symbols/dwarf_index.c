/*
 * dwarf_index.c - address -> inline chain, without .debug_aranges.
 *
 * elfutils 0.188 finds a CU for an address only through .debug_aranges,
 * which clang does not emit, and dwarf_getscopes walks DIEs per address.
 * Instead, once per module (when it is loaded: module_index in
 * symbolizer.c), every CU's DW_AT_ranges/low_pc+high_pc go into one
 * sorted array; the first address that lands in a CU then walks that
 * CU's DIEs once, turning the nested subprogram/inlined_subroutine ranges
 * into flat, sorted segments each owned by the innermost DIE. A lookup is
 * then two binary searches (CU, segment) plus one in libdw's sorted line
 * table, and a walk up parent links; names and file paths are computed on
 * first use and cached, so a repeated lookup allocates nothing.
 *
 * The answers follow llvm-symbolizer (DWARFContext::getInliningInfoForAddress):
 * the innermost frame's location is the line table row, each outer frame's
 * is the call site recorded on the inlined DIE inside it.
 */
#include "symbols/dwarf_rd.h"
#include "symbols/symbols_int.h"

#include "maxtriage/bsearch.h"
#include "maxtriage/buf.h"

#include <assert.h>
#include <dwarf.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- per-CU subroutine segments ---------------------------------------- */

/* Entries reserved up front per CU array (address space, not memory). */
#define MAX_RESERVED ((size_t)1 << 20)

static int cmp_interval(const void *a, const void *b)
{
	const sym_interval *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	/* Same start: the outer DIE (earlier in DIE order) goes first so the
	 * inner one ends up on top of the stack. */
	return x->node < y->node ? -1 : x->node > y->node;
}

static void
emit_seg(sym_cu *cu, size_t *cap, uint64_t lo, uint64_t hi, uint32_t node)
{
	sym_span_push(&cu->segs, &cu->n_segs, cap, lo, hi, node);
}

/* Nested ranges -> disjoint segments owned by the innermost DIE. A child
 * that sticks out of its parent (invalid DWARF) is clipped to it. */
static void build_segments(sym_cu *cu, sym_interval *iv, size_t n)
{
	sym_interval *stack = NULL;
	size_t depth = 0, cap_stack = 0, cap, i;
	uint64_t cursor = 0;

	if (n == 0)
		return;
	/* Each interval emits at most two segments (before and after a
	 * nested one): no reallocation. */
	cap = 2 * n + 1;
	cu->segs = mt_malloc(cap * sizeof(*cu->segs));
	/* DIE order is usually address order already (C, one function per
	 * subprogram): skip the sort then. */
	for (i = 1; i < n && cmp_interval(&iv[i - 1], &iv[i]) <= 0; i++)
		;
	if (i < n)
		qsort(iv, n, sizeof(*iv), cmp_interval);
	for (i = 0; i < n; i++) {
		sym_interval it = iv[i];

		while (depth > 0 && stack[depth - 1].hi <= it.lo) {
			sym_interval *t = &stack[depth - 1];

			if (cursor < t->hi)
				emit_seg(cu, &cap, cursor, t->hi, t->node);
			if (cursor < t->hi)
				cursor = t->hi;
			depth--;
		}
		if (depth > 0) {
			sym_interval *t = &stack[depth - 1];

			emit_seg(cu, &cap, cursor, it.lo, t->node);
			if (it.hi > t->hi)
				it.hi = t->hi;
		}
		if (cursor < it.lo)
			cursor = it.lo;
		if (it.lo >= it.hi)
			continue;
		MT_PUSH(stack, depth, cap_stack, it);
	}
	while (depth > 0) {
		sym_interval *t = &stack[--depth];

		if (cursor < t->hi) {
			emit_seg(cu, &cap, cursor, t->hi, t->node);
			cursor = t->hi;
		}
	}
	free(stack);
}

static uint32_t attr_udata(Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;
	Dwarf_Word w;

	if (!dwarf_attr(d, name, &a) || dwarf_formudata(&a, &w) != 0)
		return 0;
	return w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
}

/* Record a subroutine DIE that owns code. Returns its node number, or
 * SYM_NO_NODE for one without ranges (a declaration or an abstract instance):
 * such a DIE is never the answer for an address, and its subtree holds no code,
 * so the caller does not descend into it. */
static int32_t
add_node(sym_cu *cu, Dwarf_Die *d, int tag, int32_t parent, sym_intervals *iv)
{
	sym_node node;
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;
	uint32_t idx = (uint32_t)cu->n_nodes;
	size_t before = iv->n;

	while ((off = dwarf_ranges(d, off, &base, &lo, &hi)) > 0) {
		sym_interval it = { lo, hi, idx };

		/* LLVM ignores empty ranges too. */
		if (lo < hi)
			MT_PUSH(iv->v, iv->n, iv->cap, it);
	}
	/* As die_walk.c: an inlined subroutine without code may still be
	 * the parent of one with code (the caller drops it if not). */
	if (iv->n == before &&
	    (tag != DW_TAG_inlined_subroutine || dwarf_haschildren(d) <= 0))
		return SYM_NO_NODE;
	/* Pre-order, as die_walk.c: parents are numbered first. */
	assert(parent < (int32_t)idx);
	memset(&node, 0, sizeof(node));
	node.off = dwarf_dieoffset(d);
	node.parent = parent;
	node.inlined = tag == DW_TAG_inlined_subroutine;
	if (node.inlined) {
		node.call_file = attr_udata(d, DW_AT_call_file);
		node.call_line = attr_udata(d, DW_AT_call_line);
		node.call_column = attr_udata(d, DW_AT_call_column);
		node.call_discr = attr_udata(d, SYM_AT_GNU_DISCRIMINATOR);
	}
	MT_PUSH(cu->nodes, cu->n_nodes, cu->cap_nodes, node);
	return (int32_t)idx;
}

/* The sections the line-table decoder reads, from the ELF libdw reads
 * (which already decompressed SHF_COMPRESSED and .zdebug sections). */
void sym_dwarf_load_sections(mt_module *m)
{
	static const struct {
		const char *name; /* without the leading '.' or ".z" */
		size_t off; /* in sym_dwarf_sections */
	} wanted[] = {
		{ "debug_info", offsetof(sym_dwarf_sections, info) },
		{ "debug_abbrev", offsetof(sym_dwarf_sections, abbrev) },
		{ "debug_aranges", offsetof(sym_dwarf_sections, aranges) },
		{ "debug_line", offsetof(sym_dwarf_sections, line) },
		{ "debug_line_str", offsetof(sym_dwarf_sections, line_str) },
		{ "debug_str", offsetof(sym_dwarf_sections, str) },
		{ "debug_addr", offsetof(sym_dwarf_sections, addr) },
		{ "debug_ranges", offsetof(sym_dwarf_sections, ranges) },
		{ "debug_rnglists", offsetof(sym_dwarf_sections, rnglists) },
	};
	Elf *e = dwarf_getelf(m->dw);
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	size_t shstrndx, k;

	if (!e || elf_getshdrstrndx(e, &shstrndx) != 0)
		return;
	if (gelf_getehdr(e, &eh))
		m->sec.big = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		sym_section *dst;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (!strncmp(name, ".zdebug", 7))
			name += 2; /* ".zdebug_x" -> "debug_x" */
		else if (!strncmp(name, ".debug", 6))
			name += 1;
		else
			continue;
		dst = NULL;
		for (k = 0; k < sizeof(wanted) / sizeof(wanted[0]); k++)
			if (!strcmp(name, wanted[k].name))
				dst = (sym_section *)((char *)&m->sec +
				                      wanted[k].off);
		if (!dst)
			continue;
		if (dst->data)
			continue;
		/* libdw has normally done this already. */
		if ((sh.sh_flags & SHF_COMPRESSED) &&
		    elf_compress(scn, 0, 0) < 0)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			continue;
		if (d->d_size >= 4 && !memcmp(d->d_buf, "ZLIB", 4)) {
			if (elf_compress_gnu(scn, 0, 0) < 0)
				continue;
			d = elf_getdata(scn, NULL);
			if (!d || !d->d_buf)
				continue;
		}
		dst->data = d->d_buf;
		dst->size = d->d_size;
	}
}

static void load_files(mt_module *m, sym_cu *cu, Dwarf_Die *cudie)
{
	sym_refusal why = { NULL, 0, NULL };
	Dwarf_Attribute a;
	Dwarf_Word off;

	cu->comp_dir = dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &a));
	if (!dwarf_attr(cudie, DW_AT_stmt_list, &a) ||
	    dwarf_formudata(&a, &off) != 0)
		return;
	if (sym_line_table_read(&cu->lt, &m->line_scratch, &m->sec, off,
	                        cu->comp_dir,
	                        !m->rel      ? NULL
	                        : m->dbg_elf ? &m->dbg_reloc
	                                     : &m->reloc,
	                        &why) != SYM_OK) {
		cu->refusal = sym_refusal_text(&m->arena, &why);
		return;
	}
	cu->full_names = mt_calloc(cu->lt.n_files ? cu->lt.n_files : 1,
	                           sizeof(*cu->full_names));
}

/* The libdw walk, for the CUs die_walk.c leaves to it. */
static void walk_cu_libdw(sym_cu *cu, Dwarf_Die *cudie, sym_intervals *iv)
{
	Dwarf_Die stack[SYM_MAX_DIE_DEPTH];
	int32_t owner[SYM_MAX_DIE_DEPTH];
	unsigned char tentative[SYM_MAX_DIE_DEPTH];
	int depth = 0;

	if (dwarf_child(cudie, &stack[0]) != 0)
		return;
	owner[0] = SYM_NO_NODE;
	tentative[0] = 0;
	/* Iterative pre-order walk: parents get lower node numbers than
	 * their children, which build_segments relies on. */
	for (;;) {
		Dwarf_Die *d = &stack[depth];
		int tag = dwarf_tag(d);
		int32_t me = owner[depth];
		int descend = sym_tag_may_hold_code((unsigned)tag);
		int r, tent = 0;

		if (tag == DW_TAG_subprogram ||
		    tag == DW_TAG_inlined_subroutine) {
			size_t before = iv->n;

			me = add_node(cu, d, tag, owner[depth], iv);
			descend = me >= 0;
			tent = me >= 0 && iv->n == before;
		}
		if (descend && depth + 1 < SYM_MAX_DIE_DEPTH &&
		    dwarf_child(d, &stack[depth + 1]) == 0) {
			owner[depth + 1] = me;
			tentative[depth + 1] = (unsigned char)tent;
			depth++;
			continue;
		}
		if (tent) /* no children read: nothing below it */
			cu->n_nodes--;
		while ((r = dwarf_siblingof(&stack[depth], &stack[depth]))) {
			/* r < 0: a broken DIE; keep what was read so far. */
			if (r < 0 || depth == 0)
				return;
			/* The children of owner[depth] are done. */
			if (tentative[depth] &&
			    cu->n_nodes == (size_t)owner[depth] + 1)
				cu->n_nodes--;
			depth--;
		}
	}
}

/* Index the subroutines of cu into its nodes and iv: with die_walk.c,
 * and with libdw for a CU it refuses (whose refusal, with where it was
 * made, stays in cu->refusal), unless the symbolizer's die_walk option
 * (a test knob) asks for one walk only. */
static void
walk_cu(mt_module *m, sym_cu *cu, Dwarf_Die *cudie, sym_intervals *iv)
{
	sym_refusal why = { NULL, 0, NULL };

	if (m->die_walk == MT_DIE_WALK_LIBDW) {
		walk_cu_libdw(cu, cudie, iv);
		return;
	}
	if (sym_die_walk(m, cu, iv, &why) == SYM_OK)
		return;
	cu->n_nodes = 0;
	iv->n = 0;
	if (!cu->refusal) /* a line table refusal came first */
		cu->refusal = sym_refusal_text(&m->arena, &why);
	/* MT_DIE_WALK_RAW is the tests' check: no fallback. */
	if (m->die_walk != MT_DIE_WALK_RAW)
		walk_cu_libdw(cu, cudie, iv);
}

static void load_cu(mt_module *m, sym_cu *cu)
{
	Dwarf_Die cudie;
	sym_intervals iv = { NULL, 0, 0 };

	cu->state = SYM_CU_FAILED;
	if (!dwarf_offdie(m->dw, cu->off, &cudie))
		return;
	/* A subroutine DIE with code takes more than 8 bytes (abbreviation,
	 * a range, an origin or a name): reserving that many entries up
	 * front avoids copying the arrays as they grow; pages no entry
	 * reaches are never touched. Trimmed at the end. */
	iv.cap = cu->size / 8 + 16;
	if (iv.cap > MAX_RESERVED)
		iv.cap = MAX_RESERVED;
	iv.v = mt_malloc(iv.cap * sizeof(*iv.v));
	cu->cap_nodes = iv.cap;
	cu->nodes = mt_malloc(iv.cap * sizeof(*cu->nodes));
	load_files(m, cu, &cudie);
	cu->state = SYM_CU_READY;
	if (cu->split_dw) {
		/* Our reader does not read .dwo files: libdw walks the
		 * split unit (its DW_FORM_addrx through the skeleton's
		 * .debug_addr). */
		Dwarf_Die sdie;

		if (dwarf_offdie(cu->split_dw, cu->split_off, &sdie))
			walk_cu_libdw(cu, &sdie, &iv);
	} else {
		walk_cu(m, cu, &cudie, &iv);
	}
	/* Overlapping sections of an object: LLVM's own rule. */
	if (m->rel)
		sym_rel_segments(cu, iv.v, iv.n);
	else
		build_segments(cu, iv.v, iv.n);
	free(iv.v);
	cu->nodes = mt_realloc(cu->nodes, (cu->n_nodes ? cu->n_nodes : 1) *
	                                          sizeof(*cu->nodes));
	cu->cap_nodes = cu->n_nodes;
	if (cu->segs)
		cu->segs = mt_realloc(cu->segs, (cu->n_segs ? cu->n_segs : 1) *
		                                        sizeof(*cu->segs));
}

/* The memoized name of a node that has none. */
static const char no_name[] = "";

void sym_dwarf_load_cu(mt_module *m, sym_cu *cu)
{
	if (cu->state == SYM_CU_UNREAD)
		load_cu(m, cu);
}

/* The Dwarf a node's DIE offset is in, and a memo key for the DIE that
 * no other DIE of the module has (each .dwo numbers its DIEs from 0). */
static Dwarf *node_dwarf(mt_module *m, const sym_cu *cu)
{
	return cu->split_dw ? cu->split_dw : m->dw;
}

static uint64_t node_key(mt_module *m, const sym_cu *cu, uint64_t off)
{
	if (!cu->split_dw)
		return off;
	return ((uint64_t)(cu - m->cus) + 1) << 40 | off;
}

/* C and assembly: binutils' mangle_style 0, whose DW_AT_name counts as
 * a linkage name. */
static int plain_name_language(int lang)
{
	switch (lang) {
	case DW_LANG_C89:
	case DW_LANG_C:
	case DW_LANG_C99:
	case DW_LANG_C11:
	case DW_LANG_Mips_Assembler:
		return 1;
	default:
		return 0;
	}
}

/* binutils' names (dwarf2.c) for a function DIE without a linkage name
 * outside C. The first lookup whose innermost function it is prints
 * the name of the ELF symbol covering the address, if any, and when
 * that symbol starts at the function's first range the function takes
 * its name for the rest of the run; every later lookup, and every one
 * where it is an inlined frame's caller, prints the function's name.
 * So binutils' answers depend on the order of the requests, and these
 * follow the same order (m->memo_binutils: DIE offset -> the name it
 * took, or "" for its own). innermost: whether it is frame 0 at addr.
 * NULL: the DWARF name. */
static const char *binutils_name(mt_module *m,
                                 const sym_cu *cu,
                                 uint64_t off,
                                 uint64_t addr,
                                 int innermost)
{
	Dwarf *dw = node_dwarf(m, cu);
	uint64_t key = node_key(m, cu, off);
	Dwarf_Die die, cudie;
	Dwarf_Attribute a;
	Dwarf_Addr base, lo, hi;
	const sym_bfd_sym *sym;
	const char *name, *took = "";

	if (mt_memo_find(&m->memo_binutils, key, &name))
		return *name ? name : NULL;
	if (!innermost)
		return NULL;
	name = NULL;
	if (dw && dwarf_offdie(dw, (Dwarf_Off)off, &die) &&
	    !dwarf_attr_integrate(&die, DW_AT_MIPS_linkage_name, &a) &&
	    !dwarf_attr_integrate(&die, DW_AT_linkage_name, &a) &&
	    !(dwarf_diecu(&die, &cudie, NULL, NULL) &&
	      plain_name_language(dwarf_srclang(&cudie))) &&
	    (sym = sym_bfd_function(m, addr, 1)) != NULL) {
		name = sym_bfd_name(m, sym);
		if (dwarf_ranges(&die, 0, &base, &lo, &hi) > 0 &&
		    sym->value == lo)
			took = name;
	}
	mt_memo_put(&m->memo_binutils, key, took);
	return name;
}

const char *sym_node_name(mt_module *m, sym_cu *cu, uint32_t idx)
{
	Dwarf_Die die;
	Dwarf_Attribute a;
	const char *raw = NULL, *name = no_name;
	uint64_t off = cu->nodes[idx].off, key = node_key(m, cu, off);
	Dwarf *dw = node_dwarf(m, cu);
	char *dem;

	/* A name the index cache's writer computed: its pool offset + 1. */
	if (cu->cached && cu->nodes[idx].name &&
	    cu->nodes[idx].name - 1 < m->cache_pool_size)
		return m->cache_pool + (cu->nodes[idx].name - 1);
	if (mt_memo_find(&m->memo_nodes, key, &name))
		return name == no_name ? NULL : name;
	/* DWARFDie::getSubroutineName(LinkageName): the linkage name, found
	 * through abstract_origin/specification, else the plain name. */
	if (dw && dwarf_offdie(dw, (Dwarf_Off)off, &die)) {
		if (m->names != MT_NAMES_SHORT &&
		    (dwarf_attr_integrate(&die, DW_AT_MIPS_linkage_name, &a) ||
		     dwarf_attr_integrate(&die, DW_AT_linkage_name, &a)))
			raw = dwarf_formstring(&a);
		if (!raw && dwarf_attr_integrate(&die, DW_AT_name, &a))
			raw = dwarf_formstring(&a);
	}
	if (raw) {
		dem = sym_demangle_for(m, raw);
		if (dem) {
			name = mt_arena_strdup(&m->arena, dem, strlen(dem));
			free(dem);
		} else {
			name = raw; /* owned by libdw, lives as long as m->dw */
		}
	}
	mt_memo_put(&m->memo_nodes, key, name);
	return name == no_name ? NULL : name;
}

/* Whether libdw built the relative name raw from directory entry 0.
 * LLVM then adds no comp_dir: in DWARF 5 entry 0 is the compilation
 * directory itself, in DWARF 4 libdw's entry 0 is DW_AT_comp_dir. This
 * matters when those are relative (-fdebug-prefix-map=...=. as glibc
 * does). libdw hides the index, so the longest directory that prefixes
 * the name is taken to be the one it was joined with. */
static int joined_with_dir0(sym_cu *cu, const char *raw)
{
	const char *const *dirs = cu->lt.dirs;
	size_t n = cu->lt.n_dirs, k, best_len = 0;
	int best = -1;

	if (n == 0)
		return 0;
	for (k = 0; k < n; k++) {
		size_t len = dirs[k] ? strlen(dirs[k]) : 0;

		if (len == 0 || len < best_len || strncmp(raw, dirs[k], len) ||
		    raw[len] != '/')
			continue;
		if (len > best_len || best < 0) {
			best = (int)k;
			best_len = len;
		}
	}
	return best == 0;
}

/* llvm-symbolizer's absolute file name: libdw already joined the include
 * directory and the name; a relative result still needs comp_dir. */
static const char *file_name(mt_module *m, sym_cu *cu, size_t idx)
{
	const char *raw;
	mt_buf b = MT_BUF_INIT;
	size_t i;

	if (idx >= cu->lt.n_files)
		return NULL;
	/* DWARF < 5 numbers files from 1; libdw's entry 0 is a dummy. */
	if (cu->version < 5 && idx == 0)
		return NULL;
	if (cu->full_names[idx])
		return cu->full_names[idx];
	raw = sym_line_file_raw(&cu->lt, idx, &m->arena);
	if (!raw)
		return NULL;
	/* DWARF 5's directory 0 is the compilation directory: LLVM adds
	 * no DW_AT_comp_dir to a name joined with it, also when it is
	 * empty. */
	if (raw[0] != '/' && cu->comp_dir && *cu->comp_dir &&
	    !(cu->version >= 5 && cu->lt.files[idx].dir == 0) &&
	    !joined_with_dir0(cu, raw)) {
		mt_buf_puts(&b, cu->comp_dir);
		if (b.ptr[b.len - 1] != '/')
			mt_buf_putc(&b, '/');
	}
	/* libdw joins with '/' even after a directory ending in '/'. */
	for (i = 0; raw[i]; i++)
		if (!(raw[i] == '/' && i > 0 && raw[i - 1] == '/'))
			mt_buf_putc(&b, raw[i]);
	cu->full_names[idx] = mt_arena_strdup(&m->arena, b.ptr, b.len);
	mt_buf_release(&b);
	return cu->full_names[idx];
}

const char *mt_module_file_entry_at(mt_module *m, uint64_t addr, size_t index)
{
	sym_cu *cu = m->n_cu_ranges ? sym_dwarf_find_cu(m, addr) : NULL;

	if (!cu || cu->state != SYM_CU_READY || index >= cu->lt.n_files)
		return NULL;
	return cu->lt.files[index].name;
}

const char *mt_module_file_entry(mt_module *m, uint64_t addr, const char *file)
{
	sym_cu *cu = m->n_cu_ranges ? sym_dwarf_find_cu(m, addr) : NULL;
	size_t k;

	if (!cu || cu->state != SYM_CU_READY || !cu->full_names)
		return NULL;
	for (k = 0; k < cu->lt.n_files; k++)
		if (cu->full_names[k] == file)
			return cu->lt.files[k].name;
	/* A name composed elsewhere (a declaration file): by value. */
	for (k = 0; k < cu->lt.n_files; k++)
		if (file_name(m, cu, k) && !strcmp(cu->full_names[k], file))
			return cu->lt.files[k].name;
	return NULL;
}

const char *mt_module_file_source(mt_module *m, uint64_t addr, const char *file)
{
	sym_cu *cu = m->n_cu_ranges ? sym_dwarf_find_cu(m, addr) : NULL;
	size_t k;

	if (!cu || cu->state != SYM_CU_READY || !cu->full_names || !file)
		return NULL;
	for (k = 0; k < cu->lt.n_files; k++)
		if (cu->full_names[k] == file ||
		    (file_name(m, cu, k) && !strcmp(cu->full_names[k], file)))
			return cu->lt.files[k].source;
	return NULL;
}

const char *
mt_module_file_relative(mt_module *m, uint64_t addr, const char *file)
{
	sym_cu *cu = m->n_cu_ranges ? sym_dwarf_find_cu(m, addr) : NULL;
	const sym_line_file *f;
	const char *dir;
	mt_buf b = MT_BUF_INIT;
	size_t k;

	if (!cu || cu->state != SYM_CU_READY || !cu->full_names)
		return NULL;
	for (k = 0; k < cu->lt.n_files; k++)
		if (cu->full_names[k] == file ||
		    (file_name(m, cu, k) && !strcmp(cu->full_names[k], file)))
			break;
	if (k >= cu->lt.n_files)
		return NULL;
	f = &cu->lt.files[k];
	/* LineTable::getFileNameByIndex with RelativeFilePath: an absolute
	 * name as it is; else its include directory and the name, where
	 * directory 0 (the compilation directory) adds nothing. */
	if (!f->name || f->name[0] == '/' || f->dir == 0 ||
	    f->dir == SYM_LINE_NO_DIR || f->dir >= cu->lt.n_dirs ||
	    !cu->lt.dirs[f->dir] || !*cu->lt.dirs[f->dir])
		return f->name;
	dir = cu->lt.dirs[f->dir];
	mt_buf_puts(&b, dir);
	if (dir[strlen(dir) - 1] != '/')
		mt_buf_putc(&b, '/');
	mt_buf_puts(&b, f->name);
	dir = mt_arena_strdup(&m->arena, b.ptr, b.len);
	mt_buf_release(&b);
	return dir;
}

static void fill_from_line(mt_module *m,
                           sym_cu *cu,
                           const sym_line_row *line,
                           mt_srcloc *out)
{
	out->file = file_name(m, cu, line->file);
	out->line = line->line;
	out->column = line->column;
	out->discriminator = line->discr;
}

int sym_dwarf_chain(
        mt_module *m, sym_cu *cu, uint64_t addr, mt_srcloc *out, size_t max)
{
	const sym_seg *seg;
	sym_line_row row;
	const sym_line_row *line;
	int32_t ni;
	size_t n = 0, guard = 0;
	const sym_node *prev = NULL;

	assert(cu->state == SYM_CU_READY);
	if (max == 0)
		return 0;
	line = sym_line_table_find_in(&cu->lt,
	                              m->rel ? sym_rel_section_of(m, addr)
	                                     : SYM_NO_SECTION,
	                              addr, &row)
	               ? &row
	               : NULL;
	seg = sym_span_find(cu->segs, cu->n_segs, addr);
	if (!seg) {
		/* No subroutine DIE: LLVM still reports the line row. */
		if (!line)
			return 0;
		memset(&out[0], 0, sizeof(out[0]));
		fill_from_line(m, cu, line, &out[0]);
		return 1;
	}
	for (ni = (int32_t)seg->owner; ni >= 0 && (size_t)ni < cu->n_nodes &&
	                               n < max && guard++ < 4096;) {
		const sym_node *node = &cu->nodes[ni];
		mt_srcloc *f = &out[n++];

		memset(f, 0, sizeof(*f));
		f->function = sym_node_name(m, cu, (uint32_t)ni);
		if (m->binutils_rules) {
			const char *b =
			        binutils_name(m, cu, node->off, addr, !prev);

			if (b)
				f->function = b;
		}
		if (!prev) {
			if (line)
				fill_from_line(m, cu, line, f);
		} else {
			f->file = file_name(m, cu, prev->call_file);
			f->line = prev->call_line;
			f->column = prev->call_column;
			f->discriminator = prev->call_discr;
		}
		if (!node->inlined)
			break;
		prev = node;
		ni = node->parent;
	}
	return (int)n;
}

void sym_dwarf_release(mt_module *m)
{
	size_t i;

	for (i = 0; i < m->n_cus; i++) {
		sym_cu *cu = &m->cus[i];

		if (cu->cached) {
			/* Only the header arrays of an opened CU are ours. */
			free(cu->lt.dirs);
			free(cu->lt.files);
		} else {
			free(cu->nodes);
			free(cu->segs);
			sym_line_table_release(&cu->lt);
		}
		free(cu->full_names);
	}
	free(m->line_scratch.seqs);
	memset(&m->line_scratch, 0, sizeof(m->line_scratch));
	free(m->cus);
	if (!m->cache_map)
		free(m->cu_ranges);
	m->cus = NULL;
	m->cu_ranges = NULL;
	m->n_cus = m->n_cu_ranges = 0;
}

int sym_dwarf_chain_dies(
        uint64_t *offs, size_t max, Dwarf **dw, mt_module *m, uint64_t addr)
{
	sym_cu *cu = sym_dwarf_find_cu(m, addr);
	const sym_seg *seg;
	int32_t ni;
	size_t n = 0;

	*dw = NULL;
	if (!cu)
		return 0;
	sym_dwarf_load_cu(m, cu);
	if (cu->state != SYM_CU_READY)
		return 0;
	seg = sym_span_find(cu->segs, cu->n_segs, addr);
	if (!seg)
		return 0;
	*dw = cu->split_dw ? cu->split_dw : m->dw;
	for (ni = (int32_t)seg->owner;
	     ni >= 0 && (size_t)ni < cu->n_nodes && n < max;) {
		const sym_node *node = &cu->nodes[ni];

		offs[n++] = node->off;
		if (!node->inlined)
			break;
		ni = node->parent;
	}
	return (int)n;
}
