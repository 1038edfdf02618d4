/* fuzz_markup.c - --filter-markup (markup.c) on any bytes: the input is
 * split into lines as `maxtriage symbolize --filter-markup` reads stdin
 * (each line with its "\n", any bytes in it, NUL included) and filtered
 * with and without colour, modules found by build-id in the demo's
 * .build-id tree only. Without colour the filter writes no ESC of its
 * own, and copies each input byte at most once: the output holds at
 * most as many ESC bytes as the input. */
#include <stdlib.h>
#include <string.h>

#include "maxtriage/markup.h"

#define DEBUG_DIR "testdata/demo/debug"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static mt_symbolizer *sym;
static mt_llvm *llvm;

static void setup(void)
{
	mt_symbolizer_opts so;
	mt_llvm_opts lo;
	mt_error err;

	memset(&so, 0, sizeof(so));
	so.untrusted = 1;
	so.no_system_debug = 1;
	so.object_symbols = 1;
	if (mt_symbolizer_new(&sym, &so, &err))
		abort();
	memset(&lo, 0, sizeof(lo));
	lo.tool = "llvm-symbolizer";
	lo.functions = 1;
	lo.inlines = 1;
	lo.untrusted = 1;
	if (mt_llvm_new(&llvm, sym, &lo))
		abort();
}

static size_t count_esc(const char *p, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += p[i] == '\033';
	return k;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char *const dirs[] = { DEBUG_DIR };
	mt_markup_opts mo;
	mt_buf out = MT_BUF_INIT, diag = MT_BUF_INIT, line = MT_BUF_INIT;
	int color;

	if (!sym)
		setup();
	for (color = 0; color < 2; color++) {
		mt_markup *f = NULL;
		size_t i = 0;

		memset(&mo, 0, sizeof(mo));
		mo.color = color;
		mo.color_diag = color;
		mo.debug_dirs = dirs;
		mo.n_debug_dirs = 1;
		mo.demangle = 1;
		if (mt_markup_new(&f, llvm, sym, &mo))
			abort();
		while (i < size) {
			const unsigned char *nl =
			        memchr(data + i, '\n', size - i);
			size_t n = nl ? (size_t)(nl - (data + i)) : size - i;

			mt_buf_clear(&line);
			mt_buf_put(&line, (const char *)data + i, n);
			mt_buf_putc(&line, '\n');
			mt_markup_line(&out, &diag, f, line.ptr, line.len);
			i += n + 1;
		}
		mt_markup_finish(&out, &diag, f);
		if (!color && count_esc(out.ptr, out.len) >
		                      count_esc((const char *)data, size))
			abort();
		mt_markup_free(f);
		mt_buf_clear(&out);
		mt_buf_clear(&diag);
	}
	mt_buf_release(&out);
	mt_buf_release(&diag);
	mt_buf_release(&line);
	return 0;
}
