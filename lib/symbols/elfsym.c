/*
 * elfsym.c - the ELF symbol table: nearest-symbol lookup with
 * llvm-symbolizer's selection rules and name lookup (names are
 * demangled by demangle.c).
 */
#include "symbols/symbols_int.h"

#include "maxtriage/bsearch.h"
#include "maxtriage/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ARM and AArch64 mapping symbols ($x, $d, $a, $t, maybe ".suffix") say
 * what kind of bytes follow, not which function. */
/* The symbols llvm::object marks SF_FormatSpecific, which
 * llvm-symbolizer never uses as names: ARM's mapping symbols ("$a", "$d",
 * "$t", and empty names), AArch64's ("$d", "$x"), and RISC-V's ("$d",
 * "$x", and the assembler's ".L0 " labels for label differences). */
static int is_format_specific(unsigned machine, const char *n)
{
	switch (machine) {
	case EM_ARM:
		return !*n || !strncmp(n, "$d", 2) || !strncmp(n, "$t", 2) ||
		       !strncmp(n, "$a", 2);
	case EM_AARCH64:
		return !strncmp(n, "$d", 2) || !strncmp(n, "$x", 2);
	case 243: /* EM_RISCV */
		return !strcmp(n, ".L0 ") || !strncmp(n, "$d", 2) ||
		       !strncmp(n, "$x", 2);
	}
	return 0;
}

static int cmp_sym(const void *a, const void *b)
{
	const sym_elfsym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Which sections are allocated (SHF_ALLOC), by index, looked up once per
 * symbol table rather than once per symbol. NULL when there are none. */
static unsigned char *alloc_sections(Elf *elf, size_t shnum)
{
	unsigned char *alloc;
	Elf_Scn *scn = NULL;

	if (shnum == 0 || shnum > SHN_LORESERVE * (size_t)256)
		return NULL;
	alloc = mt_calloc(shnum, 1);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		size_t ndx = elf_ndxscn(scn);

		if (ndx < shnum && gelf_getshdr(scn, &sh))
			alloc[ndx] = (sh.sh_flags & SHF_ALLOC) != 0;
	}
	return alloc;
}

/* The string table of a symbol table into m->sym_strs, cut after its
 * last NUL so that every offset below the size names a terminated
 * string. 0, or -1 when it has none. */
static int string_table(mt_module *m, Elf *elf, size_t link)
{
	Elf_Scn *scn = elf_getscn(elf, link);
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
	const char *nul;
	size_t size;

	if (!d || !d->d_buf || d->d_size == 0)
		return -1;
	nul = memrchr(d->d_buf, 0, d->d_size);
	if (!nul)
		return -1;
	size = (size_t)(nul - (const char *)d->d_buf) + 1;
	/* Names are kept as 32-bit offsets. */
	m->sym_strs_size = size > UINT32_MAX ? UINT32_MAX : size;
	m->sym_strs = d->d_buf;
	return 0;
}

const char *sym_raw_name(const mt_module *m, const sym_elfsym *s)
{
	return s->name < m->sym_strs_size ? m->sym_strs + s->name : "";
}

const char *sym_file_name(const mt_module *m, const sym_elfsym *s)
{
	if (s->file == SYM_NO_FILE || s->file >= m->sym_strs_size)
		return NULL;
	return m->sym_strs + s->file;
}

/* Read one symbol table section into m->syms. Returns how many were kept. */
static size_t
read_symtab(mt_module *m, Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t count, i, kept = 0, cap = m->n_syms, shnum;
	uint32_t file = SYM_NO_FILE;
	unsigned char *alloc;

	if (!data || sh->sh_entsize == 0 || elf_getshdrnum(elf, &shnum) ||
	    string_table(m, elf, sh->sh_link) != 0)
		return 0;
	alloc = alloc_sections(elf, shnum);
	if (!alloc)
		return 0;
	count = data->d_size / sh->sh_entsize;
	/* Most entries are kept: reserve once. */
	mt_grow((void **)&m->syms, &cap, m->n_syms + count, sizeof(*m->syms));
	for (i = 1; i < count; i++) {
		GElf_Sym st;
		const char *name;
		int type, bind;
		sym_elfsym e;

		if (!gelf_getsym(data, (int)i, &st))
			break;
		name = st.st_name < m->sym_strs_size ? m->sym_strs + st.st_name
		                                     : NULL;
		type = GELF_ST_TYPE(st.st_info);
		bind = GELF_ST_BIND(st.st_info);
		if (type == STT_FILE) {
			file = name && *name ? (uint32_t)st.st_name
			                     : SYM_NO_FILE;
			continue;
		}
		if (!name || !*name)
			continue;
		if (type != STT_NOTYPE && type != STT_FUNC &&
		    type != STT_OBJECT && type != STT_GNU_IFUNC)
			continue;
		if (st.st_shndx == SHN_UNDEF || st.st_shndx >= SHN_LORESERVE ||
		    st.st_shndx >= shnum || !alloc[st.st_shndx])
			continue;
		if (is_format_specific(m->machine, name))
			continue;
		e.addr = st.st_value;
		/* A pointer tag in the top byte goes, bit 55 extended (so a
		 * kernel address keeps its ones), as llvm-symbolizer does
		 * with UntagAddresses. */
		if (!m->no_untag)
			e.addr = (uint64_t)((int64_t)(e.addr << 8) >> 8);
		e.size = st.st_size;
		e.name = (uint32_t)st.st_name;
		/* Only local symbols know their source file. */
		e.file = bind == STB_LOCAL ? file : SYM_NO_FILE;
		e.index = (uint32_t)i;
		e.unused = 0;
		MT_PUSH(m->syms, m->n_syms, cap, e);
		kept++;
	}
	free(alloc);
	return kept;
}

static Elf_Scn *find_section(Elf *elf, Elf64_Word type, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL)
		if (gelf_getshdr(scn, sh) && sh->sh_type == type)
			return scn;
	return NULL;
}

/* Same source as llvm-symbolizer: .symtab, else .dynsym. A stripped
 * binary's .symtab survives in its --only-keep-debug file, which makes
 * the stripped and unstripped answers agree. */
void sym_load_symbols(mt_module *m)
{
	Elf *order[3];
	size_t i, n = 0;
	GElf_Shdr sh;
	Elf_Scn *scn;

	if (m->syms_loaded)
		return;
	m->syms_loaded = 1;
	if (m->elf)
		order[n++] = m->elf;
	if (m->dbg_elf)
		order[n++] = m->dbg_elf;
	/* A module known only by its build-id is its debug file: that
	 * file's table is the module's own then. */
	if (m->object_symbols && m->elf)
		n = 1;
	for (i = 0; i < n; i++) {
		scn = find_section(order[i], SHT_SYMTAB, &sh);
		if (scn && read_symtab(m, order[i], scn, &sh) > 0)
			break;
	}
	if (m->n_syms == 0 && m->elf) {
		scn = find_section(m->elf, SHT_DYNSYM, &sh);
		if (scn)
			read_symtab(m, m->elf, scn, &sh);
	}
}

int sym_symbols_differ_by_mode(mt_module *m)
{
	GElf_Shdr sh;

	return m->object_symbols && m->elf && m->dbg_elf &&
	       !find_section(m->elf, SHT_SYMTAB, &sh);
}

/* Sorted by (address, size, table order): the last symbol at or below an
 * address is then the one LLVM keeps among several at the same address
 * (the largest, then the latest). Aliases stay in the array for
 * mt_module_symbol_value. */
void sym_sort_symbols(mt_module *m)
{
	sym_load_symbols(m);
	if (m->syms_sorted)
		return;
	m->syms_sorted = 1;
	if (m->n_syms > 1)
		qsort(m->syms, m->n_syms, sizeof(*m->syms), cmp_sym);
}

struct sym_key {
	const sym_elfsym *v;
	uint64_t addr;
};

static int sym_at_or_below(const void *ctx, size_t i)
{
	const struct sym_key *k = ctx;

	return k->v[i].addr <= k->addr;
}

const sym_elfsym *sym_find_symbol(mt_module *m, uint64_t addr)
{
	struct sym_key k;
	const sym_elfsym *s;
	size_t lo;

	sym_sort_symbols(m);
	k.v = m->syms;
	k.addr = addr;
	/* First symbol above addr, then step back. */
	lo = mt_bsearch_count(m->n_syms, sym_at_or_below, &k);
	if (lo == 0)
		return NULL;
	s = &m->syms[lo - 1];
	/* A sized symbol covers only its bytes; a zero-sized one reaches to
	 * the next symbol. */
	if (s->size != 0 && addr - s->addr >= s->size)
		return NULL;
	/* binutils' elf_find_function keeps the first of equal aliases. */
	while (m->binutils_rules && s > m->syms && s[-1].addr == s->addr &&
	       s[-1].size == s->size)
		s--;
	return s;
}

/* Whether m->syms came from the separate debug file's .symtab (the
 * order of sym_load_symbols; also right when they were mapped from an
 * index cache, which is only used when the order is this one). */
static int syms_from_debug_file(mt_module *m)
{
	GElf_Shdr sh;

	if (m->syms_origin == 0)
		m->syms_origin =
		        !m->object_symbols && m->dbg_elf &&
		                        (!m->elf ||
		                         !find_section(m->elf, SHT_SYMTAB,
		                                       &sh)) &&
		                        find_section(m->dbg_elf, SHT_SYMTAB,
		                                     &sh)
		                ? 2
		                : 1;
	return m->syms_origin == 2;
}

const char *sym_symbol_name(mt_module *m, const sym_elfsym *s)
{
	uint64_t key = (uint64_t)(s - m->syms);
	const char *raw = sym_raw_name(m, s), *name, *at;
	char *d = NULL, *plain = NULL;

	if (mt_memo_find(&m->memo_syms, key, &name))
		return name;
	/* .symtab of a shared object names versioned symbols
	 * "memcpy@GLIBC_2.2.5" or "f@@V2". llvm-symbolizer prints them so
	 * from the module's own .symtab; a stripped module's names come
	 * from a debug file's .symtab here, where llvm-symbolizer reads
	 * .dynsym, whose names carry no version: drop it then. */
	at = strchr(raw, '@');
	if (at && at != raw && syms_from_debug_file(m))
		raw = plain = mt_strndup(raw, (size_t)(at - raw));
	d = sym_demangle_for(m, raw);
	name = plain ? mt_arena_strdup(&m->arena, plain, strlen(plain)) : raw;
	if (d)
		name = mt_arena_strdup(&m->arena, d, strlen(d));
	free(d);
	free(plain);
	mt_memo_put(&m->memo_syms, key, name);
	return name;
}

int mt_module_symbol_at(mt_symbol *out, mt_module *m, uint64_t addr)
{
	const sym_elfsym *s = sym_find_symbol(m, addr);

	if (!s)
		return MT_ENOTFOUND;
	out->name = sym_symbol_name(m, s);
	out->file = sym_file_name(m, s);
	out->start = s->addr;
	out->size = s->size;
	return 0;
}

static int is_ident(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* The innermost unqualified name of a demangled "ns::f<T>(args)", as
 * "<len><name>" ("1f") appears in its Itanium mangling. Checking for it
 * with strstr first means a lookup demangles a handful of candidates,
 * not every C++ symbol of a big library. 0 when no key can be told
 * (operators, odd text): then every candidate is demangled. */
static int mangled_key(char *buf, size_t cap, const char *want)
{
	size_t end = 0, start;
	int depth = 0;

	for (; want[end]; end++) {
		if (want[end] == '<')
			depth++;
		else if (want[end] == '>' && depth > 0)
			depth--;
		else if (want[end] == '(' && depth == 0)
			break;
	}
	/* Skip the template arguments of the function itself. */
	if (end > 0 && want[end - 1] == '>') {
		depth = 0;
		while (end > 0) {
			end--;
			if (want[end] == '>')
				depth++;
			else if (want[end] == '<' && --depth == 0)
				break;
		}
	}
	start = end;
	while (start > 0 && is_ident(want[start - 1]))
		start--;
	if (start == end || end - start > 4000 ||
	    !strncmp(want + start, "operator", 8))
		return 0;
	snprintf(buf, cap, "%zu%.*s", end - start, (int)(end - start),
	         want + start);
	return 1;
}

/* Compare a demangled name with one printed in a dump. Dumps may print
 * the GNU spelling ("> >") or drop the clone suffix. */
static int
same_name(mt_module *m, sym_elfsym *s, const char *want, const char *key)
{
	const char *d, *raw = sym_raw_name(m, s);

	if (!strcmp(raw, want))
		return 1;
	if (strncmp(raw, "_Z", 2) && strncmp(raw, "__Z", 3))
		return 0;
	if (key && !strstr(raw, key) &&
	    !mt_memo_find(&m->memo_syms, (uint64_t)(s - m->syms), &d))
		return 0;
	d = sym_symbol_name(m, s);
	return !strcmp(d, want);
}

int mt_module_symbol_value(uint64_t *out, mt_module *m, const char *name)
{
	char *alt = NULL;
	char key[4096];
	size_t i;
	int ret = MT_ENOTFOUND, have_key, pass;

	/* The first match in address order, whatever lookups came before. */
	sym_sort_symbols(m);
	if (!name || !*name)
		return MT_ENOTFOUND;
	/* A dump printed by a GNU demangler says "> >", "operator<< <",
	 * "decltype (" ...; ours follows LLVM. Try both spellings. */
	{
		mt_buf b = MT_BUF_INIT;

		sym_llvm_spelling(&b, name);
		alt = mt_buf_detach(&b);
		if (!strcmp(alt, name)) {
			free(alt);
			alt = NULL;
		}
	}
	have_key = mangled_key(key, sizeof(key), alt ? alt : name);
	/* First pass demangles only symbols whose mangling holds the key;
	 * the second catches the rest (std:: abbreviations such as "Sa" hide
	 * a constructor's class name). */
	for (pass = have_key ? 0 : 1; pass < 2 && ret; pass++) {
		const char *k = pass == 0 ? key : NULL;

		for (i = 0; i < m->n_syms; i++) {
			if (same_name(m, &m->syms[i], name, k) ||
			    (alt && same_name(m, &m->syms[i], alt, k))) {
				*out = m->syms[i].addr;
				ret = 0;
				break;
			}
		}
	}
	free(alt);
	return ret;
}

int mt_module_find_symbol(uint64_t *out,
                          size_t max,
                          mt_module *m,
                          const char *name,
                          uint64_t offset)
{
	size_t i, n = 0;

	sym_sort_symbols(m);
	if (!name || !*name)
		return 0;
	for (i = 0; i < m->n_syms; i++) {
		const sym_elfsym *s = &m->syms[i];

		/* LLVM keeps one symbol per address: the last in this
		 * order (the largest, then the latest in the table). */
		if (i + 1 < m->n_syms && m->syms[i + 1].addr == s->addr)
			continue;
		if (strcmp(sym_raw_name(m, s), name))
			continue;
		if (n < max)
			out[n] = s->addr + (offset < s->size ? offset : 0);
		n++;
	}
	return n > INT32_MAX ? INT32_MAX : (int)n;
}
