/* hash.c - FNV-1a 64 with a final mix; values appear in output, keep them. */
#include "maxtriage/hash.h"

#include <string.h>

uint64_t mt_hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--) {
		h ^= *s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

uint64_t mt_hash_str(uint64_t h, const char *s)
{
	/* Hash the terminator too, so ("ab","c") and ("a","bc") differ. */
	return s ? mt_hash_bytes(h, s, strlen(s) + 1) : mt_hash_bytes(h, "", 1);
}

uint64_t mt_hash_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return mt_hash_bytes(h, b, 8);
}
