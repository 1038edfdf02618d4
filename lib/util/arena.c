/* arena.c - the string bump allocator of maxtriage/arena.h. */
#include "maxtriage/arena.h"

#include "maxtriage/common.h"

#include <stdlib.h>
#include <string.h>

/* Blocks of this many bytes unless one string needs more: small enough
 * that a module asking a handful of names wastes little, large enough
 * that a big run makes few allocations. */
#define ARENA_BLOCK 16384

struct mt_arena_block {
	struct mt_arena_block *next;
	size_t used, cap;
	char data[];
};

char *mt_arena_strdup(mt_arena *a, const char *s, size_t n)
{
	struct mt_arena_block *b = a->head;
	char *p;

	if (!b || b->cap - b->used < n + 1) {
		size_t cap = n + 1 > ARENA_BLOCK ? n + 1 : ARENA_BLOCK;

		b = mt_malloc(sizeof(*b) + cap);
		b->used = 0;
		b->cap = cap;
		b->next = a->head;
		a->head = b;
	}
	p = b->data + b->used;
	memcpy(p, s, n);
	p[n] = '\0';
	b->used += n + 1;
	return p;
}

void mt_arena_release(mt_arena *a)
{
	while (a->head) {
		struct mt_arena_block *next = a->head->next;

		free(a->head);
		a->head = next;
	}
}
