/* test_util.c - buffer, growth and hash invariants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/common.h"
#include "maxtriage/hash.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(buf_is_always_terminated),
		cmocka_unit_test(detach_hands_over_ownership),
		cmocka_unit_test(hash_is_stable_and_separates_fields),
		cmocka_unit_test(push_grows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
