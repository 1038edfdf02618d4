/*
 * common.h - error codes and the error struct every fallible call fills.
 *
 * A fallible function returns 0 or a negative MT_E* code. When the caller
 * passes an mt_error, the callee writes one lower-case line into it saying
 * what failed first and on what subject. lib/ never prints and never exits.
 */
#ifndef MAXTRIAGE_COMMON_H
#define MAXTRIAGE_COMMON_H

#include <stddef.h>
#include <stdint.h>

enum {
	MT_OK = 0,
	MT_ERROR = -1, /* generic failure */
	MT_ENOTFOUND = -2, /* file, module, symbol or address not found */
	MT_EFORMAT = -3, /* input is malformed */
	MT_EUNSUPPORTED = -4, /* valid, but not something we handle */
	MT_ENOMEM = -5, /* allocation failed */
	MT_EIO = -6, /* read or write failed */
	MT_EUSAGE = -7, /* bad arguments */
	MT_ELIMIT = -8 /* input exceeds a safety bound */
};

typedef struct mt_error {
	int code;
	char msg[512];
} mt_error;

/* Record a formatted message in err (if non-NULL); returns code. */
int mt_error_set(mt_error *err, int code, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/* Short name of an error code ("not found", "bad format", ...). */
const char *mt_strerror(int code);

/* malloc/calloc/realloc/strdup that abort on exhaustion: maxtriage is a
 * batch tool and an out-of-memory condition leaves nothing to report. */
void *mt_malloc(size_t n);
void *mt_calloc(size_t n, size_t size);
void *mt_realloc(void *p, size_t n);
char *mt_strdup(const char *s);
char *mt_strndup(const char *s, size_t n);
/* n bytes as lower-case hex digits (a build-id), NUL-terminated. */
char *mt_hex_encode(const void *p, size_t n);

/* Grow *items (element size elem) so that it holds at least need elements;
 * *cap is updated. Checks for overflow. */
void mt_grow(void **items, size_t *cap, size_t need, size_t elem);

/* Give back what *items (n elements of size elem) holds beyond n: for
 * arrays that are done growing and are kept (the findings of thousands
 * of stages; mt_grow's doubling leaves up to half of each unused).
 * *cap becomes n; an empty array is freed and *items set to NULL. */
void mt_shrink(void **items, size_t *cap, size_t n, size_t elem);

#define MT_SHRINK(items, n, cap) \
	mt_shrink((void **)&(items), &(cap), (n), sizeof(*(items)))

#define MT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Append one element to a (items, n, cap) triple. */
#define MT_PUSH(items, n, cap, value)                                          \
	do {                                                                   \
		mt_grow((void **)&(items), &(cap), (n) + 1, sizeof(*(items))); \
		(items)[(n)++] = (value);                                      \
	} while (0)

#endif
