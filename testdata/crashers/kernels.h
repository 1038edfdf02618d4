/*
 * kernels.h - libmtkernels, a C library standing in for compiled compute
 * kernels (the "kernel" class of maxtriage's rules).
 *
 * Every entry point is noinline so the frames it produces are the same
 * under gcc and clang; the crash itself sits in static inline helpers so
 * the faulting PC has an inline chain two levels deep.
 */
#ifndef MTKERNELS_H
#define MTKERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sum of every element of a rows x cols matrix; faults if m is NULL. */
float mtk_reduce_rows(const float *m, long rows, long cols);

/* Integer division of every element of v by d; SIGFPE when d == 0. */
long mtk_divide_rows(const int *v, long n, int d);

/* Traps (__builtin_trap: ud2, SIGILL) when got != want. */
void mtk_check_shape(long got, long want);

/* Runs mtk_reduce_rows(m, ...) on a second thread and joins it. */
float mtk_parallel_reduce(const float *m, long rows, long cols);

#ifdef __cplusplus
}
#endif

#endif
