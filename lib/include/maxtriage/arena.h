/*
 * arena.h - a bump allocator for strings that live as long as their
 * owner (a module's demangled names and joined file paths).
 *
 * Strings are never freed one by one: mt_arena_release frees them all.
 * Not thread-safe; one arena per owner.
 */
#ifndef MAXTRIAGE_ARENA_H
#define MAXTRIAGE_ARENA_H

#include <stddef.h>

typedef struct mt_arena {
	struct mt_arena_block *head;
} mt_arena;

#define MT_ARENA_INIT \
	{             \
		NULL  \
	}

/* A NUL-terminated copy of the n bytes at s (s need not be terminated),
 * owned by a: valid until mt_arena_release. Aborts on exhaustion, as
 * mt_malloc does. */
char *mt_arena_strdup(mt_arena *a, const char *s, size_t n);
/* Free every string of a; a is empty (and usable) again. */
void mt_arena_release(mt_arena *a);

#endif
