/* A signed overflow and a misaligned load (UBSan runtime errors). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static int scale(int x)
{
	return x * 4; /* overflows for large x */
}

__attribute__((noinline)) static int load(const char *p)
{
	return *(const int *)(p + 1); /* misaligned */
}

int main(int argc, char **argv)
{
	char buf[16];

	memset(buf, argc, sizeof(buf));
	printf("%d %d\n", scale(INT_MAX / 2 + argc), load(buf));
	return 0;
}
