/*
 * hash.h - stable 64-bit hashes for fingerprints and structural matching.
 *
 * The values are part of maxtriage's output (fingerprints), so the
 * algorithm must never change: FNV-1a 64 followed by a final avalanche mix.
 */
#ifndef MAXTRIAGE_HASH_H
#define MAXTRIAGE_HASH_H

#include <stddef.h>
#include <stdint.h>

#define MT_HASH_SEED 0xcbf29ce484222325ULL

/* Continue hash h over n bytes. Start with MT_HASH_SEED. */
uint64_t mt_hash_bytes(uint64_t h, const void *p, size_t n);
uint64_t mt_hash_str(uint64_t h, const char *s);
uint64_t mt_hash_u64(uint64_t h, uint64_t v);
/* Final avalanche: spreads the bits of an FNV state (inline: the IR
 * matcher finishes one key per op and tier). */
static inline uint64_t mt_hash_finish(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

#endif
