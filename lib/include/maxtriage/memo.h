/*
 * memo.h - names computed on first use, kept by a 64-bit key (a DIE
 * offset, a symbol's index).
 *
 * A map rather than an array per key space: one crash asks a few names
 * of 10^5 DIEs or symbols. The memo borrows the names (they usually live
 * in an mt_arena or in the file's mapped sections) and owns only its
 * index. Not thread-safe.
 */
#ifndef MAXTRIAGE_MEMO_H
#define MAXTRIAGE_MEMO_H

#include "maxtriage/map.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mt_memo {
	mt_map keys; /* key -> index into names */
	const char **names;
	size_t n, cap;
} mt_memo;

/* 1 and *out (the name kept under key, which may be NULL or any
 * sentinel the caller stored), or 0 when key has none. */
int mt_memo_find(const mt_memo *mm, uint64_t key, const char **out);
/* Keep name under key (replacing an earlier one). When the memo is full
 * (2^32 - 1 names) nothing is kept: the caller computes it again. */
void mt_memo_put(mt_memo *mm, uint64_t key, const char *name);
void mt_memo_release(mt_memo *mm);

#endif
