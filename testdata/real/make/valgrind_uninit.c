/* A branch on an uninitialised value and a write past a block. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void fill(int *v, int n)
{
	for (int i = 0; i <= n; i++)
		v[i] = i;
}

int main(void)
{
	int x, *v = malloc(4 * sizeof(int));

	if (x > 2)
		puts("big");
	fill(v, 4);
	free(v);
	return 0;
}
