/* test_util.c - buffer, growth, hash, arena, memo, binary search and
 * lazy-loader invariants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "maxtriage/arena.h"
#include "maxtriage/bsearch.h"
#include "maxtriage/buf.h"
#include "maxtriage/common.h"
#include "maxtriage/hash.h"
#include "maxtriage/lazylib.h"
#include "maxtriage/memo.h"

#include <zlib.h>

static void buf_is_always_terminated(void **state)
{
	mt_buf b = MT_BUF_INIT;
	int i;

	(void)state;
	assert_string_equal(b.ptr, "");
	for (i = 0; i < 1000; i++)
		mt_buf_printf(&b, "%d,", i);
	assert_int_equal(b.len, strlen(b.ptr));
	assert_memory_equal(b.ptr, "0,1,2,", 6);
	mt_buf_clear(&b);
	assert_string_equal(b.ptr, "");
	mt_buf_release(&b);
	assert_string_equal(b.ptr, "");
}

static void detach_hands_over_ownership(void **state)
{
	mt_buf b = MT_BUF_INIT;
	char *s;

	(void)state;
	s = mt_buf_detach(&b);
	assert_string_equal(s, "");
	free(s);
	mt_buf_puts(&b, "abc");
	s = mt_buf_detach(&b);
	assert_string_equal(s, "abc");
	assert_int_equal(b.len, 0);
	free(s);
}

static void hash_is_stable_and_separates_fields(void **state)
{
	uint64_t a, b;

	(void)state;
	/* FNV-1a 64 of "a" is a published constant: the fingerprint format
	 * depends on this never changing. */
	assert_true(mt_hash_bytes(MT_HASH_SEED, "a", 1) ==
	            0xaf63dc4c8601ec8cULL);
	a = mt_hash_str(mt_hash_str(MT_HASH_SEED, "ab"), "c");
	b = mt_hash_str(mt_hash_str(MT_HASH_SEED, "a"), "bc");
	assert_true(a != b);
}

static void push_grows(void **state)
{
	int *v = NULL;
	size_t n = 0, cap = 0, i;

	(void)state;
	for (i = 0; i < 10000; i++)
		MT_PUSH(v, n, cap, (int)i);
	assert_int_equal(n, 10000);
	assert_int_equal(v[9999], 9999);
	free(v);
}

static void arena_copies_and_terminates(void **state)
{
	mt_arena a = MT_ARENA_INIT;
	char big[40000];
	const char *p, *q, *r;

	(void)state;
	p = mt_arena_strdup(&a, "abcdef", 3);
	q = mt_arena_strdup(&a, "xyz", 3);
	memset(big, 'b', sizeof(big));
	/* more than a block: a block of its own, the others stay valid */
	r = mt_arena_strdup(&a, big, sizeof(big));
	assert_string_equal(p, "abc");
	assert_string_equal(q, "xyz");
	assert_int_equal(strlen(r), sizeof(big));
	assert_ptr_not_equal(p, q);
	mt_arena_release(&a);
	assert_null(a.head);
	mt_arena_release(&a); /* released twice: still fine */
}

static void memo_keeps_names_and_sentinels(void **state)
{
	static const char none[] = "";
	mt_memo mm = { { NULL, 0, 0 }, NULL, 0, 0 };
	const char *out = NULL;
	uint64_t k;

	(void)state;
	assert_int_equal(mt_memo_find(&mm, 42, &out), 0);
	mt_memo_put(&mm, 42, "f");
	mt_memo_put(&mm, 0, none); /* key 0 and a sentinel name */
	for (k = 1000; k < 3000; k++)
		mt_memo_put(&mm, k, (k % 2) ? "odd" : "even");
	assert_int_equal(mt_memo_find(&mm, 42, &out), 1);
	assert_string_equal(out, "f");
	assert_int_equal(mt_memo_find(&mm, 0, &out), 1);
	assert_ptr_equal(out, none);
	assert_int_equal(mt_memo_find(&mm, 2999, &out), 1);
	assert_string_equal(out, "odd");
	assert_int_equal(mt_memo_find(&mm, 43, &out), 0);
	mt_memo_put(&mm, 42, "g"); /* replaced, not added */
	assert_int_equal(mt_memo_find(&mm, 42, &out), 1);
	assert_string_equal(out, "g");
	assert_int_equal(mm.n, 2 + 2000);
	mt_memo_release(&mm);
	assert_int_equal(mt_memo_find(&mm, 42, &out), 0);
}

static const unsigned sorted[] = { 1, 3, 3, 3, 7, 9 };

static int at_or_below(const void *ctx, size_t i)
{
	return sorted[i] <= *(const unsigned *)ctx;
}

static void bsearch_counts_the_prefix(void **state)
{
	/* how many of 1 3 3 3 7 9 are <= key, by hand */
	static const unsigned keys[] = { 0, 1, 2, 3, 6, 7, 8, 9, 100 };
	static const size_t want[] = { 0, 1, 1, 4, 4, 5, 5, 6, 6 };
	size_t i;

	(void)state;
	for (i = 0; i < MT_ARRAY_SIZE(keys); i++)
		assert_int_equal(mt_bsearch_count(MT_ARRAY_SIZE(sorted),
		                                  at_or_below, &keys[i]),
		                 want[i]);
	assert_int_equal(mt_bsearch_count(0, at_or_below, &keys[0]), 0);
}

static const char *(*version_fn)(void);
static int (*nothing_fn)(void);

static const char *const z_sonames[] = { "libmaxtriage-none.so.0",
	                                 "libz.so.1" };
static const mt_lazysym z_syms[] = { { "zlibVersion", (void **)&version_fn } };
static mt_lazylib z_lib = MT_LAZYLIB_INIT(z_sonames, z_syms);

static const char *const none_sonames[] = { "libmaxtriage-none.so.0" };
static mt_lazylib none_lib = MT_LAZYLIB_INIT(none_sonames, z_syms);

static const mt_lazysym bad_syms[] = { { "zlibVersion", (void **)&version_fn },
	                               { "mt_no_such_function",
	                                 (void **)&nothing_fn } };
static mt_lazylib bad_lib = MT_LAZYLIB_INIT(z_sonames, bad_syms);

static void lazylib_loads_once_and_says_why(void **state)
{
	mt_error err = { 0, "" };

	(void)state;
	/* the first soname is missing, the second opens */
	assert_int_equal(mt_lazylib_load(&z_lib, &err), 0);
	assert_non_null(version_fn);
	assert_string_equal(version_fn(), zlibVersion());
	assert_int_equal(mt_lazylib_load(&z_lib, &err), 0);
	/* no soname opens */
	assert_int_equal(mt_lazylib_load(&none_lib, &err), MT_EUNSUPPORTED);
	assert_int_equal(strncmp(err.msg, "dlopen: ", 8), 0);
	assert_non_null(strstr(err.msg, "libmaxtriage-none.so.0"));
	/* one opens but lacks a function: every slot is cleared */
	assert_int_equal(mt_lazylib_load(&bad_lib, &err), MT_EUNSUPPORTED);
	assert_int_equal(strncmp(err.msg, "dlsym mt_no_such_function: ", 27),
	                 0);
	assert_null(version_fn);
	assert_null(nothing_fn);
	/* the answer is remembered */
	err.msg[0] = '\0';
	assert_int_equal(mt_lazylib_load(&bad_lib, &err), MT_EUNSUPPORTED);
	assert_int_equal(strncmp(err.msg, "dlsym ", 6), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(buf_is_always_terminated),
		cmocka_unit_test(detach_hands_over_ownership),
		cmocka_unit_test(hash_is_stable_and_separates_fields),
		cmocka_unit_test(push_grows),
		cmocka_unit_test(arena_copies_and_terminates),
		cmocka_unit_test(memo_keeps_names_and_sentinels),
		cmocka_unit_test(bsearch_counts_the_prefix),
		cmocka_unit_test(lazylib_loads_once_and_says_why),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
