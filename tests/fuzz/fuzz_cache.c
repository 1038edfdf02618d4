/* fuzz_cache.c - the symbolizer over damaged --index-cache files.
 *
 * LLVMFuzzerInitialize writes a valid index of a demo module (with its
 * debug file) once; each input then damages a copy of it: byte 0 bit 0
 * asks to truncate it to the length in bytes 1-4, and every following
 * 5 bytes set the byte at an offset (4 bytes, modulo the size) to a
 * value. So every run starts from a file whose header mostly checks out,
 * and the loader and the lookups through its arrays are what is tested:
 * they must never read outside the file or crash, whatever the bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/symbols.h"

#define MODULE "testdata/demo/bin/libmtkernels.so"
#define DEBUG_DIR "testdata/demo/debug"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static char dir[64], path[256];
static unsigned char *good;
static size_t good_size;

static void run(int lookups)
{
	const char *dirs[] = { DEBUG_DIR };
	mt_symbolizer_opts o;
	mt_symbolizer *s = NULL;
	mt_module *m = NULL;
	mt_srcloc chain[16];
	mt_error err;
	uint64_t a;

	memset(&o, 0, sizeof(o));
	o.debug_dirs = dirs;
	o.n_debug_dirs = 1;
	o.no_system_debug = 1;
	o.index_cache = dir;
	if (mt_symbolizer_new(&s, &o, &err) == 0 &&
	    mt_symbolizer_open(&m, s, MODULE, &err) == 0) {
		if (!lookups && mt_module_build_id(m))
			snprintf(path, sizeof(path), "%s/%s.mtidx", dir,
			         mt_module_build_id(m));
		for (a = 0; a < 0x8000; a += lookups ? 0x1f3 : 0x4000)
			(void)mt_module_lookup(m, a, chain, 16);
	}
	mt_symbolizer_free(s);
}

static void cleanup(void)
{
	if (path[0])
		unlink(path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *f;
	long n;

	(void)argc;
	(void)argv;
	atexit(cleanup);
	snprintf(dir, sizeof(dir), "/tmp/mt-fuzz-cache-%d", (int)getpid());
	run(0); /* writes the valid index */
	f = path[0] ? fopen(path, "rb") : NULL;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0) {
		fprintf(stderr, "fuzz_cache: no index written for %s\n",
		        MODULE);
		exit(1);
	}
	rewind(f);
	good_size = (size_t)n;
	good = malloc(good_size);
	if (!good || fread(good, 1, good_size, f) != good_size)
		exit(1);
	fclose(f);
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *bytes = malloc(good_size);
	size_t len = good_size, i;
	FILE *f;

	if (!bytes)
		return 0;
	memcpy(bytes, good, good_size);
	if (size >= 5 && (data[0] & 1)) {
		uint32_t t;

		memcpy(&t, data + 1, 4);
		len = t % (good_size + 1);
	}
	for (i = 5; i + 5 <= size; i += 5) {
		uint32_t off;

		memcpy(&off, data + i, 4);
		bytes[off % good_size] = data[i + 4];
	}
	f = fopen(path, "wb");
	if (f) {
		fwrite(bytes, 1, len, f);
		fclose(f);
		run(1);
	}
	free(bytes);
	return 0;
}
