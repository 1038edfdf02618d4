/* crash.c - small crashes for capturing other tools' stack printers.
 * usage: crash null|strlen|handler|abort|recurse|doublefree|nextsize|unsorted */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct node {
	struct node *next;
	int value;
};

static void *idle(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/* always inlined: gdb prints its caller as an inline frame without an
 * address */
static volatile int reads;

static inline __attribute__((always_inline)) int value_of(struct node *n)
{
	int v;

	reads++; /* code before the fault: gdb then shows the inline frame */
	v = *(volatile int *)&n->value; /* NULL dereference in user code */

	return v * 2;
}

__attribute__((noinline)) static int walk(struct node *n)
{
	struct node *next = n->next;

	return value_of(next) + 1;
}

__attribute__((noinline)) static size_t measure(const char *s)
{
	return strlen(s); /* strlen(NULL): the fault is in libc */
}

__attribute__((noinline)) static int recurse(int depth)
{
	volatile char pad[256];

	pad[0] = (char)depth;
	return recurse(depth + 1) + pad[0];
}

/* a crash handler in the style of LLVM's: report, then die by SIGABRT */
static void on_segv(int sig)
{
	(void)sig;
	abort();
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "null";
	pthread_t t;
	char *volatile p, *volatile q;

	pthread_create(&t, NULL, idle, NULL);
	usleep(10000);
	if (!strcmp(mode, "null"))
		{
		static struct node head; /* head.next is NULL */

		return walk(&head);
	}
	if (!strcmp(mode, "strlen"))
		return (int)measure(argc > 5 ? argv[5] : NULL);
	if (!strcmp(mode, "handler")) {
		signal(SIGSEGV, on_segv);
		return walk(&(struct node){ 0 });
	}
	if (!strcmp(mode, "abort"))
		abort();
	if (!strcmp(mode, "recurse"))
		return recurse(0);
	if (!strcmp(mode, "doublefree")) {
		/* run with GLIBC_TUNABLES=glibc.malloc.tcache_count=0 */
		p = malloc(32);
		q = malloc(32);
		free(p);
		free(p);
		(void)q;
	}
	if (!strcmp(mode, "nextsize")) {
		p = malloc(32);
		q = malloc(32);
		memset(p, 0xff, 48); /* overwrite the next chunk's size */
		free(p);
	}
	if (!strcmp(mode, "unsorted")) {
		p = malloc(4096); /* past tcache: freed into the unsorted bin */
		q = malloc(4096); /* keeps p away from the top chunk */
		free(p);
		((volatile size_t *)p)[-1] = 0x10; /* corrupt its size */
		p = malloc(8192);
	}
	return 0;
}
