/* fuzz_file.h - the input as a file, for targets whose reader opens a
 * path (ELF files, index caches). */
#ifndef MAXTRIAGE_FUZZ_FILE_H
#define MAXTRIAGE_FUZZ_FILE_H

#include <stdio.h>
#include <unistd.h>

/* Write data to /tmp/mt-fuzz-TAG-PID (the name in path, of size n): 0,
 * or -1 when it cannot be written (the input is then skipped). */
static inline int fuzz_write_file(char *path,
                                  size_t n,
                                  const char *tag,
                                  const unsigned char *data,
                                  size_t size)
{
	FILE *f;
	int ok;

	snprintf(path, n, "/tmp/mt-fuzz-%s-%d", tag, (int)getpid());
	f = fopen(path, "wb");
	if (!f)
		return -1;
	ok = fwrite(data, 1, size, f) == size;
	return fclose(f) == 0 && ok ? 0 : -1;
}

#endif
