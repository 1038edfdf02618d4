/* Two threads: a worker parked in a condition wait, the main thread crashes. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int ready;

static void *worker(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	ready = 1;
	pthread_cond_signal(&cond);
	for (;;)
		pthread_cond_wait(&cond, &lock);
	return NULL;
}

void __attribute__((noinline)) store_result(int *out, int v)
{
	*out = v;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_mutex_lock(&lock);
	while (!ready)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	store_result(NULL, 42);
	return 0;
}
