/* test_markup.c - lib/symbols/markup.c without object files: the bytes
 * llvm-symbolizer-19 --filter-markup wrote for these inputs (run by hand
 * on 2026-12-01; tests/e2e/symbolize_markup.sh compares the two tools on
 * many more), line by line through the library's buffers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "maxtriage/markup.h"

typedef struct run {
	mt_buf out, diag;
} run;

/* Filter text (lines with their "\n") with a fresh filter. */
static void filter(run *r, const char *text, int color)
{
	static const char *const dirs[] = { "/nonexistent" };
	mt_symbolizer_opts so;
	mt_llvm_opts lo;
	mt_markup_opts mo;
	mt_symbolizer *s = NULL;
	mt_llvm *l = NULL;
	mt_markup *f = NULL;
	mt_error err;
	const char *p = text;

	memset(&so, 0, sizeof(so));
	so.no_system_debug = 1;
	so.object_symbols = 1;
	assert_int_equal(mt_symbolizer_new(&s, &so, &err), 0);
	memset(&lo, 0, sizeof(lo));
	lo.functions = lo.inlines = 1;
	assert_int_equal(mt_llvm_new(&l, s, &lo), 0);
	memset(&mo, 0, sizeof(mo));
	mo.color = color;
	mo.debug_dirs = dirs;
	mo.n_debug_dirs = 1;
	mo.demangle = 1;
	assert_int_equal(mt_markup_new(&f, l, s, &mo), 0);
	mt_buf_init(&r->out);
	mt_buf_init(&r->diag);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl + 1 - p) : strlen(p);

		mt_markup_line(&r->out, &r->diag, f, p, n);
		p += n;
	}
	mt_markup_finish(&r->out, &r->diag, f);
	mt_markup_free(f);
	mt_llvm_free(l);
	mt_symbolizer_free(s);
}

static void release(run *r)
{
	mt_buf_release(&r->out);
	mt_buf_release(&r->diag);
}

/* symbolize-filter-markup-context-line-elision.test's log. */
static void contextual_lines_take_their_line(void **state)
{
	run r;

	(void)state;
	filter(&r,
	       "keep{{{module:0:a.o:elf:ab}}}skip\n"
	       "skip{{{mmap:0:1:load:0:r:0}}}skip\n"
	       "keep{{{module:1:b.o:elf:cd}}}skip\n",
	       0);
	assert_string_equal(r.out.ptr,
	                    "keep[[[ELF module #0x0 \"a.o\"; BuildID=ab "
	                    "[0x0-0x0](r)]]]\n"
	                    "keep[[[ELF module #0x1 \"b.o\"; BuildID=cd]]]\n");
	assert_string_equal(r.diag.ptr, "");
	release(&r);
}

static void field_counts_point_at_the_tag_end(void **state)
{
	run r;

	(void)state;
	filter(&r, "foo{{{symbol}}}bar{{{symbol:_ZN7Mangled4NameEv:x}}}baz\n",
	       0);
	assert_string_equal(r.out.ptr, "foobarMangled::Name()baz\n");
	assert_string_equal(
	        r.diag.ptr,
	        "error: expected 1 field(s); found 0\n"
	        "foo{{{symbol}}}bar{{{symbol:_ZN7Mangled4NameEv:x}}}baz\n"
	        "            ^\n"
	        "warning: expected 1 field(s); found 2\n"
	        "foo{{{symbol}}}bar{{{symbol:_ZN7Mangled4NameEv:x}}}baz\n"
	        "                           ^\n");
	release(&r);
}

static void colours_follow_the_input(void **state)
{
	run r;

	(void)state;
	filter(&r,
	       "\033[33mbefore{{{symbol:highlight}}}after\033[0m\n\033[1mb\n",
	       1);
	assert_string_equal(r.out.ptr,
	                    "\033[0;33mbefore\033[0;34mhighlight\033[0;33m"
	                    "after\033[0m\n\033[1mb\n\033[0m");
	release(&r);
	/* Without colour the escapes go. */
	filter(&r, "\033[33mbefore{{{symbol:highlight}}}after\033[0m\n", 0);
	assert_string_equal(r.out.ptr, "beforehighlightafter\n");
	release(&r);
}

static void missing_modules_and_mmaps(void **state)
{
	run r;

	(void)state;
	filter(&r,
	       "{{{module:0:nf:elf:abad1d}}}\r\n"
	       "{{{mmap:0x1000:0x1000:load:0:rx:0}}}\r\n"
	       "a {{{pc:0x1234}}} {{{pc:0x3000:ra}}}\r\n"
	       "{{{mmap:0x1800:1:load:0:r:0}}}\n",
	       0);
	assert_string_equal(r.out.ptr,
	                    "[[[ELF module #0x0 \"nf\"; BuildID=abad1d "
	                    "[0x1000-0x1fff](rx)]]]\r\n"
	                    "a [[[pc:0x1234]]] [[[pc:0x3000:ra]]]\r\n");
	assert_string_equal(r.diag.ptr,
	                    "error: could not find build ID\n"
	                    "error: no mmap covers address\n"
	                    "a {{{pc:0x1234}}} {{{pc:0x3000:ra}}}\r\n"
	                    "                        ^\n"
	                    "error: overlapping mmap: #0x0 [0x1000-0x1fff]\n"
	                    "{{{mmap:0x1800:1:load:0:r:0}}}\n"
	                    "        ^\n");
	release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(contextual_lines_take_their_line),
		cmocka_unit_test(field_counts_point_at_the_tag_end),
		cmocka_unit_test(colours_follow_the_input),
		cmocka_unit_test(missing_modules_and_mmaps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
