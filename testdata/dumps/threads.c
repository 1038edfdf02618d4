/*
 * threads.c - a process of several threads for the minidump and core
 * tests: main starts N workers (argv[1], default 4) that wait, then
 *   threads N segv    crashes in parse_record (a NULL read, inlined helper)
 *   threads N abort   calls abort() from check_invariant
 *   threads N hang    waits forever with the workers (run --timeout)
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_barrier_t ready;

__attribute__((noinline)) static void wait_for_work(int id)
{
	pthread_barrier_wait(&ready);
	for (;;)
		pause();
	(void)id;
}

static void *worker(void *arg)
{
	wait_for_work((int)(long)arg);
	return NULL;
}

static inline __attribute__((always_inline)) int field_of(volatile int *p)
{
	return p[1];
}

__attribute__((noinline)) int parse_record(volatile int *p)
{
	return field_of(p) + 1;
}

__attribute__((noinline)) void check_invariant(int n)
{
	if (n > 0)
		abort();
}

__attribute__((noinline)) int run_mode(const char *mode, int n)
{
	volatile int *p = n > 1000 ? (volatile int *)&n : NULL;

	if (!strcmp(mode, "abort"))
		check_invariant(n);
	if (!strcmp(mode, "hang"))
		for (;;)
			pause();
	return parse_record(p);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	const char *mode = argc > 2 ? argv[2] : "segv";
	pthread_attr_t attr;
	pthread_t t;
	long i;

	if (n < 0 || n > 1000)
		return 2;
	pthread_barrier_init(&ready, NULL, (unsigned)n + 1);
	/* small stacks keep the cores small (a debugger dumps all of one) */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (i = 0; i < n; i++)
		if (pthread_create(&t, &attr, worker, (void *)i) != 0)
			return 2;
	pthread_barrier_wait(&ready);
	return run_mode(mode, n);
}
