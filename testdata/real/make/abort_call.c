/* abort() after a failed check: SIGABRT through raise. */
#include <stdio.h>
#include <stdlib.h>

void __attribute__((noinline)) check_shape(int rank)
{
	if (rank != 2) {
		fprintf(stderr, "check_shape: expected rank 2, got %d\n", rank);
		abort();
	}
}

int main(int argc, char **argv)
{
	(void)argv;
	check_shape(argc + 2);
	return 0;
}
