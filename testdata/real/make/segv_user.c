/* NULL dereference in user code, two calls deep. */
#include <stdio.h>

struct node {
	int value;
	struct node *next;
};

static int __attribute__((noinline)) sum_list(const struct node *n)
{
	int total = 0;
	for (int i = 0; i < 3; i++) {
		total += n->value; /* the third node is NULL */
		n = n->next;
	}
	return total;
}

int __attribute__((noinline)) walk(const struct node *head)
{
	return sum_list(head);
}

int main(void)
{
	struct node b = { 2, NULL };
	struct node a = { 1, &b };
	printf("%d\n", walk(&a));
	return 0;
}
