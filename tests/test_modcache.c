/* test_modcache.c - the symbolizer's module cache (symbolizer.c): the
 * hash table and its deletions, the LRU bounds mt_symbolizer_trim
 * enforces, modules reloaded with the same answers, no descriptor held
 * per module, and EMFILE never cached. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/symbols.h"

static char tmpdir[64];
static char self[PATH_MAX];

static int setup(void **state)
{
	mt_buf b = MT_BUF_INIT;
	FILE *f;

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/mt-test-modcache-XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	/* A copy of this binary (built with -g) to link names to. */
	snprintf(self, sizeof(self), "%s/self", tmpdir);
	if (mt_buf_read_file(&b, "/proc/self/exe") || !(f = fopen(self, "wb")))
		return -1;
	fwrite(b.ptr, 1, b.len, f);
	fclose(f);
	mt_buf_release(&b);
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* NAME: a hard link of the copy, i, made on first use. */
static const char *link_name(int i)
{
	static char p[PATH_MAX];

	snprintf(p, sizeof(p), "%s/m%d", tmpdir, i);
	if (access(p, F_OK) != 0)
		assert_int_equal(link(self, p), 0);
	return p;
}

static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1; /* the directory's own */
}

/* The answer for this file's setup() in module path: "function file:line". */
static void answer(char *out, size_t n, mt_symbolizer *s, const char *path)
{
	mt_module *m;
	mt_error err;
	mt_srcloc loc[8];
	uint64_t a;
	int k;

	assert_int_equal(mt_symbolizer_open(&m, s, path, &err), 0);
	assert_int_equal(mt_module_symbol_value(&a, m, "setup"), 0);
	k = mt_module_lookup(m, a + 8, loc, 8);
	assert_true(k >= 1);
	snprintf(out, n, "%s %s:%u", loc[0].function ? loc[0].function : "??",
	         loc[0].file ? loc[0].file : "??", loc[0].line);
}

static void lru_reloads_with_the_same_answers(void **state)
{
	mt_symbolizer_opts o = { 0 };
	mt_symbolizer_stats st;
	mt_symbolizer *s;
	mt_error err;
	char first[PATH_MAX + 64], again[PATH_MAX + 64];
	int i, fds;

	(void)state;
	o.no_system_debug = 1;
	o.max_modules = 4;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	link_name(0);
	fds = open_fds();
	answer(first, sizeof(first), s, link_name(0));
	assert_int_equal(strncmp(first, "setup ", 6), 0);
	assert_non_null(strstr(first, "test_modcache.c:"));
	mt_symbolizer_trim(s);
	/* a loaded module keeps no descriptor */
	assert_int_equal(open_fds(), fds);
	for (i = 1; i < 20; i++) {
		link_name(i);
		answer(again, sizeof(again), s, link_name(i));
		assert_string_equal(again, first);
		mt_symbolizer_trim(s);
		mt_symbolizer_stats_get(&st, s);
		assert_true(st.modules <= 4);
	}
	assert_int_equal(open_fds(), fds);
	mt_symbolizer_stats_get(&st, s);
	assert_int_equal(st.modules, 4);
	assert_int_equal(st.evictions, 16);
	assert_true(st.bytes > 0);
	/* dropped long ago: loaded again, the same answer */
	answer(again, sizeof(again), s, link_name(0));
	assert_string_equal(again, first);
	mt_symbolizer_trim(s);
	mt_symbolizer_stats_get(&st, s);
	assert_int_equal(st.evictions, 17);
	mt_symbolizer_free(s);
}

static void byte_bound_keeps_the_last(void **state)
{
	mt_symbolizer_opts o = { 0 };
	mt_symbolizer_stats st;
	mt_symbolizer *s;
	mt_error err;
	char a[PATH_MAX + 64];
	int i;

	(void)state;
	o.no_system_debug = 1;
	o.max_module_bytes = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	for (i = 0; i < 5; i++) {
		answer(a, sizeof(a), s, link_name(i));
		mt_symbolizer_trim(s);
		mt_symbolizer_stats_get(&st, s);
		/* over the bound, but the module of the last request stays */
		assert_int_equal(st.modules, 1);
		assert_true(st.bytes > 1);
	}
	assert_int_equal(st.evictions, 4);
	mt_symbolizer_free(s);
}

/* Many names through a small table: deletions (backward shifts) keep
 * every remaining name findable. */
static void hash_table_survives_deletions(void **state)
{
	mt_symbolizer_opts o = { 0 };
	mt_symbolizer_stats st;
	mt_symbolizer *s;
	mt_module *m;
	mt_error err;
	char name[64];
	int i;

	(void)state;
	o.no_system_debug = 1;
	o.max_modules = 64;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "/nonexistent/lib%d.so", i);
		assert_int_not_equal(
		        mt_symbolizer_module(&m, s, name, NULL, &err), 0);
		assert_int_equal(mt_symbolizer_last_errno(s), 0);
		mt_symbolizer_trim(s);
	}
	mt_symbolizer_stats_get(&st, s);
	assert_int_equal(st.modules, 64);
	assert_int_equal(st.evictions, 5000 - 64);
	/* the 64 most recent are all still there: found, nothing loaded */
	for (i = 5000 - 64; i < 5000; i++) {
		snprintf(name, sizeof(name), "/nonexistent/lib%d.so", i);
		assert_int_not_equal(
		        mt_symbolizer_module(&m, s, name, NULL, &err), 0);
	}
	mt_symbolizer_trim(s);
	mt_symbolizer_stats_get(&st, s);
	assert_int_equal(st.modules, 64);
	assert_int_equal(st.evictions, 5000 - 64);
	mt_symbolizer_free(s);
}

static void emfile_is_not_cached(void **state)
{
	mt_symbolizer_opts o = { 0 };
	mt_symbolizer *s;
	mt_module *m;
	mt_error err;
	struct rlimit old, lim;
	int held[64], n = 0;
	const char *p = link_name(100);

	(void)state;
	o.no_system_debug = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	assert_int_equal(getrlimit(RLIMIT_NOFILE, &old), 0);
	lim = old;
	lim.rlim_cur = 48;
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &lim), 0);
	while (n < 64 && (held[n] = dup(0)) >= 0)
		n++;
	assert_true(n < 64 && errno == EMFILE);
	assert_int_not_equal(mt_symbolizer_open(&m, s, p, &err), 0);
	assert_int_equal(mt_symbolizer_last_errno(s), EMFILE);
	assert_non_null(strstr(err.msg, strerror(EMFILE)));
	while (n > 0)
		close(held[--n]);
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &old), 0);
	/* tried again, not answered from a cached failure */
	assert_int_equal(mt_symbolizer_open(&m, s, p, &err), 0);
	assert_int_equal(mt_symbolizer_last_errno(s), 0);
	mt_symbolizer_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lru_reloads_with_the_same_answers),
		cmocka_unit_test(byte_bound_keeps_the_last),
		cmocka_unit_test(hash_table_survives_deletions),
		cmocka_unit_test(emfile_is_not_cached),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
