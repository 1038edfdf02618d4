/* fuzz_inflate.c - the compressed debug section path: mutated ELF files
 * whose .debug_* sections are SHF_COMPRESSED or GNU .zdebug_* (seeds made
 * by tests/fuzz/run.sh from -gz builds and tests/e2e/lib/mkbomb.py).
 * Whatever the headers declare, the module opens within the inflation
 * bound (inflate.c; libFuzzer's -rss_limit_mb holds it) and a lookup
 * gives an answer or "no debug info" with a reason, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/symbols.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char path[64];
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o;
	mt_module *m = NULL;
	mt_error err;
	mt_srcloc chain[16];
	const char *why;
	uint64_t a;
	FILE *f;

	snprintf(path, sizeof(path), "/tmp/mt-fuzz-inflate-%d", (int)getpid());
	f = fopen(path, "wb");
	if (!f)
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	memset(&o, 0, sizeof(o));
	o.no_system_debug = 1;
	/* the bound a test can afford: 16 MiB of inflated sections */
	o.max_inflate = (uint64_t)16 << 20;
	if (mt_symbolizer_new(&s, &o, &err) == 0 &&
	    mt_symbolizer_open(&m, s, path, &err) == 0) {
		(void)mt_module_has_debug(m, &why);
		for (a = 0x1000; a < 0x1400; a += 0x61)
			(void)mt_module_lookup(m, a, chain, 16);
	}
	mt_symbolizer_free(s);
	unlink(path);
	return 0;
}
