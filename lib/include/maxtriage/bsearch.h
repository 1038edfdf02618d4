/*
 * bsearch.h - the one binary search: the partition point of a sorted
 * sequence.
 *
 * Every lookup by address in lib/symbols asks the same question: how
 * many leading elements start at or below an address (the answer minus
 * one is the candidate that may cover it). libc's bsearch answers
 * "which element equals the key", which is a different question.
 */
#ifndef MAXTRIAGE_BSEARCH_H
#define MAXTRIAGE_BSEARCH_H

#include <stddef.h>

/* The number of leading elements i in [0, n) for which before(ctx, i)
 * holds; before must hold for a prefix of the sequence and for nothing
 * after it (the sequence is sorted by what it tests). log2(n) + 1 calls
 * of before at most. static inline so that a constant before is inlined
 * where it is used: no call per step on the lookup paths. */
static inline size_t mt_bsearch_count(size_t n,
                                      int (*before)(const void *ctx, size_t i),
                                      const void *ctx)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (before(ctx, mid))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#endif
