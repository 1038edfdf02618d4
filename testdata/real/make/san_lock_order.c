/* Two mutexes taken in both orders (TSan lock-order-inversion), and a
 * thread never joined (TSan thread leak). */
#include <pthread.h>
#include <unistd.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;

static void *forever(void *arg)
{
	return arg;
}

__attribute__((noinline)) static void take_both(pthread_mutex_t *a,
                                                pthread_mutex_t *b)
{
	pthread_mutex_lock(a);
	pthread_mutex_lock(b);
	pthread_mutex_unlock(b);
	pthread_mutex_unlock(a);
}

int main(void)
{
	pthread_t t;

	take_both(&m1, &m2);
	take_both(&m2, &m1);
	pthread_create(&t, NULL, forever, NULL);
	sleep(1);
	return 0;
}
