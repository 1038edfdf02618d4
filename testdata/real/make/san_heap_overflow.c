/* A heap buffer overflow one element past the end (ASan, HWASan). */
#include <stdlib.h>

__attribute__((noinline)) static int sum_row(const int *row, int n)
{
	int s = 0;

	for (int i = 0; i <= n; i++) /* one past the end */
		s += row[i];
	return s;
}

int main(int argc, char **argv)
{
	int *row = malloc(8 * sizeof(int));

	for (int i = 0; i < 8; i++)
		row[i] = i + argc;
	return sum_row(row, 8) == 0;
}
