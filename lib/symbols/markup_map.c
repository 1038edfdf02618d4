/*
 * markup_map.c - the modules and mmaps the --filter-markup filter knows
 * (mt_markup.mods by id, mt_markup.maps by address, both sorted):
 * lookups by id and address, and overlaps, in LLVM's 64-bit arithmetic.
 */
#include "symbols/markup_int.h"

/* Index of the first module with id >= id. */
size_t mk_module_pos(const mt_markup *f, uint64_t id)
{
	size_t lo = 0, hi = f->n_mods;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->mods[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

mk_module *mk_module_by_id(const mt_markup *f, uint64_t id)
{
	size_t i = mk_module_pos(f, id);

	return i < f->n_mods && f->mods[i]->id == id ? f->mods[i] : NULL;
}

/* Index of the first mmap starting at or after addr. */
size_t mk_mmap_pos(const mt_markup *f, uint64_t addr)
{
	size_t lo = 0, hi = f->n_maps;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->maps[mid]->addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* In 64-bit arithmetic, wrapping as LLVM's does. */
static int contains(const mk_mmap *m, uint64_t a)
{
	return m->addr <= a && a < m->addr + m->size;
}

const mk_mmap *mk_containing(const mt_markup *f, uint64_t a)
{
	size_t i = mk_mmap_pos(f, a);

	if (i < f->n_maps && contains(f->maps[i], a))
		return f->maps[i];
	if (i == 0)
		return NULL;
	return contains(f->maps[i - 1], a) ? f->maps[i - 1] : NULL;
}

/* An existing mmap that overlaps m. */
const mk_mmap *mk_overlapping(const mt_markup *f, const mk_mmap *m)
{
	size_t i = mk_mmap_pos(f, m->addr);
	size_t up = i;

	/* The first one starting after m's start. */
	while (up < f->n_maps && f->maps[up]->addr == m->addr)
		up++;
	if (up < f->n_maps && contains(m, f->maps[up]->addr))
		return f->maps[up];
	if (up > 0 && contains(f->maps[up - 1], m->addr))
		return f->maps[up - 1];
	return NULL;
}
