/* memo.c - the name memo of maxtriage/memo.h. */
#include "maxtriage/memo.h"

#include "maxtriage/common.h"

#include <stdlib.h>
#include <string.h>

int mt_memo_find(const mt_memo *mm, uint64_t key, const char **out)
{
	uint32_t i = mt_map_get(&mm->keys, key);

	if (i == MT_MAP_NONE || i >= mm->n)
		return 0;
	*out = mm->names[i];
	return 1;
}

void mt_memo_put(mt_memo *mm, uint64_t key, const char *name)
{
	int found;
	size_t slot;

	if (mm->n >= MT_MAP_NONE)
		return;
	slot = mt_map_slot(&mm->keys, key, (uint32_t)mm->n, &found);
	if (found)
		mm->names[*mt_map_val(&mm->keys, slot)] = name;
	else
		MT_PUSH(mm->names, mm->n, mm->cap, name);
}

void mt_memo_release(mt_memo *mm)
{
	mt_map_release(&mm->keys);
	free(mm->names);
	memset(mm, 0, sizeof(*mm));
}
