/* More ASan shapes: pick one by argv[1]. */
#include <stdlib.h>
#include <string.h>

static int table[8];

__attribute__((noinline)) static void release(char *p)
{
	free(p);
}

__attribute__((noinline)) static int descend(int n)
{
	char pad[256];

	memset(pad, n, sizeof(pad));
	return descend(n + 1) + pad[n % 256];
}

__attribute__((noinline)) static int read_at(const int *p, int i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	if (!strcmp(what, "double-free")) {
		char *p = malloc(16);

		release(p);
		release(p);
	} else if (!strcmp(what, "stack-overflow")) {
		return descend(0);
	} else if (!strcmp(what, "null")) {
		return read_at(NULL, argc);
	} else if (!strcmp(what, "global")) {
		return read_at(table, 8 + argc);
	}
	return 0;
}
