/*
 * utf8.h - the one UTF-8 policy of every JSON document maxtriage writes
 * (lib/output's writer and lib/symbols' llvm-symbolizer JSON style).
 *
 * Well-formed UTF-8 is Unicode's table 3-7 (no overlong forms, no
 * surrogates, nothing past U+10FFFF). Each maximal subpart of an
 * ill-formed sequence becomes one U+FFFD (Unicode's "substitution of
 * maximal subparts", which is also what llvm::json's fixUTF8 does, so
 * that llvm-symbolizer's JSON and ours carry the same bytes).
 */
#ifndef MAXTRIAGE_UTF8_H
#define MAXTRIAGE_UTF8_H

#include "maxtriage/buf.h"

#include <stddef.h>

/* U+FFFD REPLACEMENT CHARACTER in UTF-8. */
#define MT_UTF8_REPLACEMENT "\xef\xbf\xbd"

/* Length of the well-formed sequence at p (n > 0 bytes left), or 0 when p
 * starts an ill-formed one; then *bad is the length of its maximal
 * subpart (the bytes one U+FFFD replaces, at least 1). */
size_t mt_utf8_seq_len(const char *p, size_t n, size_t *bad);

/* Append <s, n> to out with every ill-formed subpart replaced by U+FFFD.
 * Nothing is quoted or escaped. */
void mt_utf8_clean(mt_buf *out, const char *s, size_t n);

#endif
