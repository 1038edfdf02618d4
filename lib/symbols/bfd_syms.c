/*
 * bfd_syms.c - the function binutils addr2line names from the symbol
 * table (mt_module.binutils_rules): bfd's _bfd_elf_find_function
 * (bfd/dwarf2.c, binutils 2.40), which addr2line reaches for an address
 * without a DWARF function, and for the first address of each DWARF
 * function that has no linkage name (dwarf_index.c).
 *
 * - The table: the module file's .symtab when it holds any symbol, else
 *   its .dynsym (addr2line's slurp_symtab), in table order.
 * - The section: the first allocated section, in section header order,
 *   whose [sh_addr, sh_addr + sh_size) holds the address
 *   (find_address_in_section); where neither DWARF nor the table finds
 *   anything in it, the next such section is tried.
 * - The candidates (maybe_function_sym): symbols of that section, but not
 *   section, file, object, common, TLS or RELC symbols, nor annobin's
 *   local, hidden, zero-sized NOTYPE ones. ARM and AArch64 take only
 *   NOTYPE and FUNC symbols (and ARM's Thumb functions) and not their
 *   local mapping and tag symbols ($a $t $d, $x $d, $m $f $p, ARM's
 *   other $LETTER), RISC-V not its local $d and $x ones. A symbol's size
 *   is st_size, or 1.
 * - The choice: the greatest start at or below the address, however far
 *   it ends before it; at one start the larger size, then the first in
 *   table order. Starts are offsets in the section, as bfd keeps them.
 * - The cache: the answer is kept (section, symbol, size) and given again
 *   for any address of that section in [start, start + size) without a
 *   new search, so which name an address gets can depend on the run's
 *   earlier lookups, as with addr2line.
 * - The file (FILE:? without DWARF): the last STT_FILE before the symbol,
 *   for a local symbol, or for any while no STT_FILE has followed another
 *   symbol.
 * - An address in a section that is not code where a symbol starts (a
 *   global one, else the last local one) is looked up by that symbol
 *   instead (sym_bfd_data_symbol, then locals.c): the declaration of the
 * variable at that address whose name the symbol's contains.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/bsearch.h"

#include <stdlib.h>
#include <string.h>

#define STT_ARM_TFUNC_ 13 /* STT_LOPROC: ARM's Thumb functions */

/* bfd_is_arm_special_symbol_name / bfd_is_aarch64_special_symbol_name
 * (any type) and riscv_elf_is_mapping_symbols. */
static int special_name(unsigned machine, const char *n)
{
	if (machine == 243 /* EM_RISCV */)
		return !strncmp(n, "$d", 2) || !strncmp(n, "$x", 2);
	if (n[0] != '$' || (machine != EM_ARM && machine != EM_AARCH64))
		return 0;
	if (machine == EM_ARM ? !(n[1] >= 'a' && n[1] <= 'z')
	                      : !strchr("xdmfp", n[1]) || !n[1])
		return 0;
	return n[2] == '\0' || n[2] == '.';
}

/* Whether bfd's maybe_function_sym could take the symbol (all but its
 * section test), and the size it gives it. */
static uint64_t
function_size(unsigned machine, const GElf_Sym *st, const char *name)
{
	int type = GELF_ST_TYPE(st->st_info);
	int local = GELF_ST_BIND(st->st_info) == STB_LOCAL;
	int hidden = GELF_ST_VISIBILITY(st->st_other) == STV_HIDDEN;

	switch (type) {
	case STT_SECTION:
	case STT_FILE:
	case STT_OBJECT:
	case STT_COMMON:
	case STT_TLS:
	case 8: /* STT_RELC */
	case 9: /* STT_SRELC */
		return 0;
	}
	if (machine == EM_ARM || machine == EM_AARCH64) {
		if (type != STT_NOTYPE && type != STT_FUNC &&
		    !(machine == EM_ARM && type == STT_ARM_TFUNC_))
			return 0;
	}
	if (st->st_size == 0 && local && type == STT_NOTYPE && hidden)
		return 0;
	if (local && special_name(machine, name))
		return 0;
	return st->st_size ? st->st_size : 1;
}

static Elf_Scn *table_of(Elf *elf, Elf64_Word type, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL)
		if (gelf_getshdr(scn, sh) && sh->sh_type == type)
			return scn;
	return NULL;
}

/* Read one table into m->bfd; how many symbols (past the null one) it
 * has, whether bfd would take them or not. */
static size_t read_table(mt_module *m, Elf *elf, Elf64_Word type)
{
	sym_bfd *b = &m->bfd;
	GElf_Shdr sh;
	Elf_Scn *scn = table_of(elf, type, &sh);
	Elf_Data *data = scn ? elf_getdata(scn, NULL) : NULL;
	Elf_Scn *str = scn ? elf_getscn(elf, sh.sh_link) : NULL;
	Elf_Data *sd = str ? elf_getdata(str, NULL) : NULL;
	size_t count, i, cap = 0;
	uint32_t file = SYM_NO_FILE;
	int seen = 0, file_after = 0;

	if (!data || sh.sh_entsize == 0 || !sd || !sd->d_buf ||
	    sd->d_size == 0 || sd->d_size > UINT32_MAX)
		return 0;
	count = data->d_size / sh.sh_entsize;
	if (count < 2)
		return 0;
	b->strs = sd->d_buf;
	b->strs_size = sd->d_size;
	for (i = 1; i < count; i++) {
		GElf_Sym st;
		const char *name;
		sym_bfd_sym e;
		uint64_t size;

		if (!gelf_getsym(data, (int)i, &st))
			break;
		name = st.st_name < b->strs_size &&
		                       memchr(b->strs + st.st_name, 0,
		                              b->strs_size - st.st_name)
		               ? b->strs + st.st_name
		               : "";
		if (GELF_ST_TYPE(st.st_info) == STT_FILE) {
			file = (uint32_t)st.st_name;
			if (seen)
				file_after = 1;
			continue;
		}
		seen = 1;
		if (st.st_shndx == SHN_UNDEF || st.st_shndx >= SHN_LORESERVE ||
		    GELF_ST_TYPE(st.st_info) == STT_SECTION)
			continue;
		/* 0: not a function to bfd, only a data symbol. */
		size = function_size(m->machine, &st, name);
		e.value = st.st_value;
		e.size = size;
		e.name = (uint32_t)st.st_name;
		e.shndx = st.st_shndx;
		e.file = file != SYM_NO_FILE && (GELF_ST_BIND(st.st_info) ==
		                                         STB_LOCAL ||
		                                 !file_after)
		                 ? file
		                 : SYM_NO_FILE;
		e.flags =
		        (GELF_ST_BIND(st.st_info) == STB_GLOBAL ? SYM_BFD_GLOBAL
		                                                : 0) |
		        (GELF_ST_TYPE(st.st_info) == STT_FUNC ? SYM_BFD_FUNC
		                                              : 0);
		MT_PUSH(b->syms, b->n, cap, e);
	}
	return count - 1;
}

/* The candidates by (section, start, size descending, table order): the
 * first of the last start at or below an address is bfd's choice. */
static int cmp_order(const void *a, const void *b, void *ctx)
{
	const sym_bfd *t = ctx;
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
	const sym_bfd_sym *x = &t->syms[i], *y = &t->syms[j];

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return i < j ? -1 : i > j;
}

static void sort_candidates(sym_bfd *b)
{
	size_t i, n = 0;

	b->order = mt_malloc((b->n ? b->n : 1) * sizeof(*b->order));
	for (i = 0; i < b->n && i < UINT32_MAX; i++)
		if (b->syms[i].size)
			b->order[n++] = (uint32_t)i;
	b->n_order = n;
	if (n > 1)
		qsort_r(b->order, n, sizeof(*b->order), cmp_order, b);
}

static void load(mt_module *m)
{
	sym_bfd *b = &m->bfd;
	Elf *elf = m->elf ? m->elf : m->dbg_elf;
	size_t n = 0;
	Elf_Scn *scn = NULL;

	if (b->loaded)
		return;
	b->loaded = 1;
	b->cache = -1;
	if (!elf)
		return;
	if (read_table(m, elf, SHT_SYMTAB) == 0) {
		free(b->syms);
		b->syms = NULL;
		b->n = 0;
		(void)read_table(m, elf, SHT_DYNSYM);
	}
	sort_candidates(b);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		mt_grow((void **)&b->secs, &n, b->n_secs + 1, sizeof(*b->secs));
		b->secs[b->n_secs].index = elf_ndxscn(scn);
		b->secs[b->n_secs].addr = sh.sh_addr;
		b->secs[b->n_secs].size = sh.sh_size;
		b->secs[b->n_secs].code = (sh.sh_flags & SHF_EXECINSTR) != 0;
		b->n_secs++;
	}
}

struct order_key {
	const sym_bfd *b;
	size_t shndx;
	uint64_t addr;
};

static int at_or_below(const void *ctx, size_t i)
{
	const struct order_key *k = ctx;
	const sym_bfd_sym *s = &k->b->syms[k->b->order[i]];

	return s->shndx < k->shndx ||
	       (s->shndx == k->shndx && s->value <= k->addr);
}

/* The search of _bfd_elf_find_function in one section, or -1: the
 * greatest start at or below addr, its largest size, its first in table
 * order. bfd keeps a linked file's symbol values relative to their
 * section, so a symbol below the section's start (__bss_start at the end
 * of .data) wraps around and is never at or below an offset in it. */
static long search(const sym_bfd *b, const sym_bfd_sec *sec, uint64_t addr)
{
	struct order_key k = { b, sec->index, addr };
	size_t at = mt_bsearch_count(b->n_order, at_or_below, &k);
	const sym_bfd_sym *s;
	uint64_t v;

	if (at == 0)
		return -1;
	s = &b->syms[b->order[at - 1]];
	if (s->shndx != sec->index || s->value < sec->addr)
		return -1;
	v = s->value;
	/* Back to the first entry of that start. */
	while (at > 1 && b->syms[b->order[at - 2]].shndx == sec->index &&
	       b->syms[b->order[at - 2]].value == v)
		at--;
	return (long)b->order[at - 1];
}

const sym_bfd_sym *sym_bfd_function(mt_module *m, uint64_t addr, int dwarf)
{
	sym_bfd *b = &m->bfd;
	size_t k;

	load(m);
	if (!b->n)
		return NULL;
	for (k = 0; k < b->n_secs; k++) {
		const sym_bfd_sec *sec = &b->secs[k];
		const sym_bfd_sym *c;

		if (addr < sec->addr || addr - sec->addr >= sec->size)
			continue;
		c = b->cache >= 0 ? &b->syms[b->cache] : NULL;
		if (!(b->cache_sec == sec->index && c &&
		      addr - sec->addr >= c->value - sec->addr &&
		      addr - c->value < c->size)) {
			b->cache_sec = sec->index;
			b->cache = search(b, sec, addr);
		}
		if (b->cache >= 0)
			return &b->syms[b->cache];
		/* What DWARF found ends the search with this section. */
		if (dwarf)
			return NULL;
	}
	return NULL;
}

const char *sym_bfd_data_symbol(mt_module *m, uint64_t addr)
{
	sym_bfd *b = &m->bfd;
	const sym_bfd_sec *sec = NULL;
	const sym_bfd_sym *hit = NULL;
	size_t k;

	load(m);
	for (k = 0; k < b->n_secs && !sec; k++)
		if (addr >= b->secs[k].addr &&
		    addr - b->secs[k].addr < b->secs[k].size)
			sec = &b->secs[k];
	if (!sec || sec->code)
		return NULL;
	/* A global at the address, else the last local there. */
	for (k = 0; k < b->n; k++) {
		const sym_bfd_sym *s = &b->syms[k];

		if (s->shndx != sec->index || s->value != addr)
			continue;
		hit = s;
		if (s->flags & SYM_BFD_GLOBAL)
			break;
	}
	/* A function symbol there would be looked up among the functions'
	 * declarations: not done. */
	if (!hit || (hit->flags & SYM_BFD_FUNC))
		return NULL;
	return hit->name < b->strs_size ? b->strs + hit->name : "";
}

const char *sym_bfd_name(mt_module *m, const sym_bfd_sym *s)
{
	/* Keys past any symbol index: the memo is shared with
	 * sym_symbol_name's. */
	uint64_t key = ((uint64_t)1 << 40) + (uint64_t)(s - m->bfd.syms);
	const char *raw, *name;
	char *d;

	if (mt_memo_find(&m->memo_syms, key, &name))
		return name;
	raw = s->name < m->bfd.strs_size ? m->bfd.strs + s->name : "";
	d = sym_demangle_for(m, raw);
	name = d ? mt_arena_strdup(&m->arena, d, strlen(d)) : raw;
	free(d);
	mt_memo_put(&m->memo_syms, key, name);
	return name;
}

const char *sym_bfd_file(const mt_module *m, const sym_bfd_sym *s)
{
	if (s->file == SYM_NO_FILE || s->file >= m->bfd.strs_size)
		return NULL;
	return m->bfd.strs + s->file;
}

void sym_bfd_release(mt_module *m)
{
	free(m->bfd.syms);
	free(m->bfd.order);
	free(m->bfd.secs);
	memset(&m->bfd, 0, sizeof(m->bfd));
}
