/* strlen(NULL): the fault is inside libc. */
#include <stdio.h>
#include <string.h>

size_t __attribute__((noinline)) name_length(const char *name)
{
	return strlen(name);
}

int main(int argc, char **argv)
{
	const char *name = argc > 5 ? argv[1] : NULL;
	printf("%zu\n", name_length(name));
	return 0;
}
