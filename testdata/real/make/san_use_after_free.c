/* A read through a pointer to freed memory (ASan heap-use-after-free);
 * built without debug info it prints module+offset frames. */
#include <stdlib.h>

struct node {
	int value;
	struct node *next;
};

__attribute__((noinline)) static int first_value(const struct node *n)
{
	return n->value;
}

int main(void)
{
	struct node *n = calloc(1, sizeof(*n));

	free(n);
	return first_value(n);
}
