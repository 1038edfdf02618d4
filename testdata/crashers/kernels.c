/*
 * kernels.c - libmtkernels: the C half of the crash fixtures.
 *
 * Built -O2 -g -fno-omit-frame-pointer by build.sh. The helpers are
 * always_inline so both compilers produce the same inline chains:
 *   mtk_reduce_rows -> row_sum (inlined) -> load_elem (inlined, faults)
 *   (on a second thread: reduce_worker -> mtk_reduce_rows -> ...)
 *   mtk_check_shape -> require (inlined, traps)
 */
#include "kernels.h"

#include <pthread.h>
#include <stddef.h>

#define MT_INLINE static inline __attribute__((always_inline))
/* noipa (gcc) also stops clones such as .isra.0/.constprop.0, whose names
 * would differ from clang's; clang does not know it and does no such thing. */
#ifdef __clang__
#define MT_NOINLINE __attribute__((noinline))
#else
#define MT_NOINLINE __attribute__((noipa))
#endif
#define MT_ENTRY MT_NOINLINE __attribute__((visibility("default")))

/* Level 2 of the chain: the load that faults on a NULL matrix. The value
 * is squared here so the load is an instruction of its own, attributed to
 * this line, rather than a memory operand folded into the caller's add. */
MT_INLINE float load_elem(const float *row, long i)
{
	float v = row[i];
	return v * v;
}

/* Level 1 of the chain. */
MT_INLINE float row_sum(const float *row, long cols)
{
	float s = 0;
	for (long i = 0; i < cols; i++)
		s += load_elem(row, i);
	return s;
}

MT_ENTRY float mtk_reduce_rows(const float *m, long rows, long cols)
{
	float total = 0;
	for (long r = 0; r < rows; r++)
		total += row_sum(m + r * cols, cols);
	return total;
}

/* The divisor comes from the caller in another shared object, so no
 * compiler can see it is zero: idiv really executes and raises SIGFPE. */
MT_ENTRY long mtk_divide_rows(const int *v, long n, int d)
{
	long acc = 0;
	for (long i = 0; i < n; i++)
		acc += v[i] / d;
	return acc;
}

MT_INLINE void require(int ok)
{
	if (!ok)
		__builtin_trap(); /* ud2 on x86-64: SIGILL */
}

MT_ENTRY void mtk_check_shape(long got, long want)
{
	require(got == want);
}

struct reduce_job {
	const float *m;
	long rows, cols;
	float result;
};

/* Thread body: the fault happens here, on the second thread. */
static MT_NOINLINE void *reduce_worker(void *arg)
{
	struct reduce_job *job = arg;
	job->result = mtk_reduce_rows(job->m, job->rows, job->cols);
	return NULL;
}

MT_ENTRY float mtk_parallel_reduce(const float *m, long rows, long cols)
{
	struct reduce_job job = { m, rows, cols, 0 };
	pthread_t t;
	if (pthread_create(&t, NULL, reduce_worker, &job) != 0)
		return -1;
	pthread_join(t, NULL);
	return job.result;
}
