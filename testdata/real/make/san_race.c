/* Two threads write one counter without a lock (TSan data race). */
#include <pthread.h>
#include <stdio.h>

static long counter;

__attribute__((noinline)) static void bump(void)
{
	counter++;
}

static void *worker(void *arg)
{
	for (int i = 0; i < 1000; i++)
		bump();
	return arg;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, worker, NULL);
	pthread_create(&b, NULL, worker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("%ld\n", counter);
	return 0;
}
