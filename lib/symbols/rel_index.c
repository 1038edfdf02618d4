/*
 * rel_index.c - what the index does differently for a relocatable object
 * (ET_REL: .o, .ko), where every section starts at address 0 so the code
 * of .text, .text.unlikely, .init.text or -ffunction-sections' sections
 * overlaps. llvm-symbolizer 19 answers such a file by rules that do not
 * matter in a linked file, and maxtriage follows them:
 *
 * - The subroutine that owns an address comes from DWARFUnit's
 *   AddrDieMap, a map from each range's start to (end, DIE) filled in DIE
 *   order (parents first): a range that starts inside an earlier one
 *   splits it, and a range that starts where another does replaces it.
 *   Overlapping siblings from different sections then give the answers
 *   LLVM gives, which the innermost-range sweep of dwarf_index.c would
 *   not (sym_rel_segments).
 * - The line table is searched in the section of the address:
 *   SymbolizableObjectFile picks the first executable section (in section
 *   header order) whose [sh_addr, sh_addr + sh_size) holds the address
 *   (sym_rel_section_of), and the sequence of that section that holds it
 *   answers; a sequence's section is that of the symbol its
 *   DW_LNE_set_address is relocated against (line_table.c).
 */
#include "symbols/symbols_int.h"

#include <stdlib.h>
#include <string.h>

/* One entry of the AddrDieMap: the key, the end and the node. */
typedef struct die_entry {
	uint64_t lo, hi;
	uint32_t node;
} die_entry;

typedef struct die_map {
	die_entry *e;
	size_t n, cap;
} die_map;

/* Index of the first entry whose key is above key (upper_bound). */
static size_t upper(const die_map *m, uint64_t key)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->e[mid].lo <= key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* map[key] = (hi, node): replace the entry at key, or insert one. */
static void assign(die_map *m, uint64_t key, uint64_t hi, uint32_t node)
{
	size_t i = upper(m, key);
	die_entry x = { key, hi, node };

	if (i > 0 && m->e[i - 1].lo == key) {
		m->e[i - 1] = x;
		return;
	}
	MT_PUSH(m->e, m->n, m->cap, x);
	memmove(&m->e[i + 1], &m->e[i], (m->n - 1 - i) * sizeof(*m->e));
	m->e[i] = x;
}

/* DWARFUnit::updateAddressDieMap for one range of one DIE. */
static void insert_range(die_map *m, uint64_t lo, uint64_t hi, uint32_t node)
{
	size_t b;

	if (lo == hi)
		return; /* 0-sized ranges are ignored */
	b = upper(m, lo);
	if (b > 0 && lo < m->e[b - 1].hi) {
		/* Inside an existing range: split it around this one. */
		die_entry prev = m->e[b - 1];

		if (hi < prev.hi)
			assign(m, hi, prev.hi, prev.node);
		if (lo > prev.lo) {
			/* (the entry may have moved if the assign above
			 * inserted before it: it did not, hi > lo) */
			m->e[b - 1].hi = lo;
		}
	}
	assign(m, lo, hi, node);
}

void sym_rel_segments(sym_cu *cu, const sym_interval *iv, size_t n)
{
	die_map m = { NULL, 0, 0 };
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		insert_range(&m, iv[i].lo, iv[i].hi, iv[i].node);
	/* getSubroutineForAddress: the entry with the greatest key at or
	 * below the address, if the address is below its end. So entry i
	 * answers [key_i, min(end_i, key_i+1)). */
	cu->segs = mt_malloc((m.n ? m.n : 1) * sizeof(*cu->segs));
	for (i = 0; i < m.n; i++) {
		uint64_t hi = m.e[i].hi;

		if (i + 1 < m.n && m.e[i + 1].lo < hi)
			hi = m.e[i + 1].lo;
		if (m.e[i].lo >= hi)
			continue;
		if (k > 0 && cu->segs[k - 1].owner == m.e[i].node &&
		    cu->segs[k - 1].hi == m.e[i].lo) {
			cu->segs[k - 1].hi = hi;
			continue;
		}
		cu->segs[k].lo = m.e[i].lo;
		cu->segs[k].hi = hi;
		cu->segs[k].owner = m.e[i].node;
		cu->segs[k].unused = 0;
		k++;
	}
	cu->n_segs = k;
	free(m.e);
}

/* The executable sections of the module file, in section header order. */
static void load_text(mt_module *m)
{
	Elf_Scn *scn = NULL;
	size_t cap = 0;

	m->rel_text_loaded = 1;
	while (m->elf && (scn = elf_nextscn(m->elf, scn)) != NULL) {
		GElf_Shdr sh;
		sym_rel_text t;

		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_EXECINSTR) ||
		    sh.sh_type == SHT_NOBITS)
			continue;
		t.addr = sh.sh_addr;
		t.size = sh.sh_size;
		t.index = elf_ndxscn(scn);
		MT_PUSH(m->rel_text, m->n_rel_text, cap, t);
	}
}

uint64_t sym_rel_section_of(mt_module *m, uint64_t addr)
{
	size_t i;

	if (!m->rel_text_loaded)
		load_text(m);
	for (i = 0; i < m->n_rel_text; i++)
		if (addr >= m->rel_text[i].addr &&
		    addr - m->rel_text[i].addr < m->rel_text[i].size)
			return m->rel_text[i].index;
	return SYM_NO_SECTION;
}
