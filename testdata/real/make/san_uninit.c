/* A branch on a value never written (MSan). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int pick(const int *v)
{
	if (v[3] > 0) /* never initialized */
		return 1;
	return 0;
}

int main(void)
{
	int *v = malloc(4 * sizeof(int));

	v[0] = 1;
	printf("%d\n", pick(v));
	return 0;
}
