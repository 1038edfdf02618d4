/* Two distinct leaks, each from its own function (LSan reports each). */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static char *copy_name(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	return strcpy(d, s);
}

__attribute__((noinline)) static int *make_table(int n)
{
	return calloc((size_t)n, sizeof(int));
}

/* The only reference to each block, overwritten. */
static void *volatile last;

int main(void)
{
	last = copy_name("maxtriage");
	last = make_table(64);
	last = NULL;
	return 0;
}
