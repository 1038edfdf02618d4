/* Unbounded recursion: the stack overflows and the process gets SIGSEGV. */
#include <stdio.h>

int __attribute__((noinline)) descend(int depth, volatile char *prev)
{
	volatile char pad[256];
	pad[0] = (char)depth;
	pad[255] = prev ? prev[0] : 0;
	return descend(depth + 1, pad) + pad[1];
}

int main(void)
{
	printf("%d\n", descend(0, NULL));
	return 0;
}
