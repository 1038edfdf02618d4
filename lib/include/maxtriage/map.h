/*
 * map.h - a map from 64-bit keys to 32-bit values (lib/ir's structural
 * matching, lib/symbols' memoized names).
 */
#ifndef MAXTRIAGE_MAP_H
#define MAXTRIAGE_MAP_H

#include <stddef.h>
#include <stdint.h>

#define MT_MAP_NONE UINT32_MAX

/* Open-addressing map from a 64-bit key to a 32-bit value. Keys are
 * best spread (hashes); 0 is remapped so that an empty slot is unambiguous. A
 * key and its value share one entry, so a probe that finds the key has its
 * value in the same cache line; the load stays under 1/2 so that a probe is one
 * or two entries long (the maps hold millions of keys: every extra probe is a
 * cache miss). */
typedef struct mt_mapent {
	uint64_t key;
	uint32_t val;
} mt_mapent;

typedef struct mt_map {
	mt_mapent *ents;
	size_t cap, count; /* cap is a power of two */
} mt_map;

/* hint: how many keys are expected; the table is sized for them once,
 * so that no rehash happens while they are inserted. */
void mt_map_init(mt_map *mp, size_t hint);
void mt_map_release(mt_map *mp);
/* Returns the slot of key, inserting it with val if absent (*found = 0). */
size_t mt_map_slot(mt_map *mp, uint64_t key, uint32_t val, int *found);
/* Value of key or MT_MAP_NONE. */
uint32_t mt_map_get(const mt_map *mp, uint64_t key);
/* The value stored in a slot returned by mt_map_slot (valid until the
 * next insertion). */
static inline uint32_t *mt_map_val(mt_map *mp, size_t slot)
{
	return &mp->ents[slot].val;
}

#endif
