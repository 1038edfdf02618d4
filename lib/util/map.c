/* map.c - the open-addressing map of maxtriage/map.h. */
#include "maxtriage/map.h"

#include "maxtriage/common.h"

#include <stdlib.h>
#include <string.h>

static uint64_t fixkey(uint64_t k)
{
	return k ? k : 0x9e3779b97f4a7c15ULL;
}

void mt_map_init(mt_map *mp, size_t hint)
{
	size_t cap = 64;

	while (cap < hint * 2 && cap < ((size_t)1 << 40))
		cap <<= 1;
	mp->ents = mt_calloc(cap, sizeof(*mp->ents));
	mp->cap = cap;
	mp->count = 0;
}

void mt_map_release(mt_map *mp)
{
	free(mp->ents);
	memset(mp, 0, sizeof(*mp));
}

static void map_rehash(mt_map *mp)
{
	mt_map big;
	size_t i;

	mt_map_init(&big, mp->cap);
	for (i = 0; i < mp->cap; i++) {
		int found;

		if (mp->ents[i].key)
			mt_map_slot(&big, mp->ents[i].key, mp->ents[i].val,
			            &found);
	}
	mt_map_release(mp);
	*mp = big;
}

size_t mt_map_slot(mt_map *mp, uint64_t key, uint32_t val, int *found)
{
	size_t i, mask;

	if (!mp->cap)
		mt_map_init(mp, 16);
	if ((mp->count + 1) * 2 > mp->cap)
		map_rehash(mp);
	key = fixkey(key);
	mask = mp->cap - 1;
	for (i = (size_t)key & mask;; i = (i + 1) & mask) {
		mt_mapent *e = &mp->ents[i];

		if (e->key == key) {
			*found = 1;
			return i;
		}
		if (!e->key) {
			e->key = key;
			e->val = val;
			mp->count++;
			*found = 0;
			return i;
		}
	}
}

uint32_t mt_map_get(const mt_map *mp, uint64_t key)
{
	size_t i, mask;

	if (!mp->cap)
		return MT_MAP_NONE;
	key = fixkey(key);
	mask = mp->cap - 1;
	for (i = (size_t)key & mask;; i = (i + 1) & mask) {
		const mt_mapent *e = &mp->ents[i];

		if (e->key == key)
			return e->val;
		if (!e->key)
			return MT_MAP_NONE;
	}
}
