/*
 * lazylib.h - a shared library opened with dlopen the first time it is
 * needed (libgit2, capstone, libdebuginfod, libLLVM's demangler).
 *
 * Linked directly, those libraries cost every run their start-up
 * relocations and constructors whether or not it blames, disassembles,
 * fetches or meets a name libstdc++ cannot demangle. A user declares a
 * table of the functions it calls and asks for them on first use; the
 * library stays loaded for the life of the process.
 */
#ifndef MAXTRIAGE_LAZYLIB_H
#define MAXTRIAGE_LAZYLIB_H

#include "maxtriage/common.h"

#include <pthread.h>
#include <stddef.h>

/* One function to look up: its name and where its address goes (a
 * function pointer object, cast: (void **)&table.fn). */
typedef struct mt_lazysym {
	const char *name;
	void **slot;
} mt_lazysym;

typedef struct mt_lazylib {
	const char *const *sonames; /* tried in order */
	size_t n_sonames;
	const mt_lazysym *syms;
	size_t n_syms;
	/* Set by the first mt_lazylib_load. */
	pthread_once_t once;
	int ok;
	char why[256];
} mt_lazylib;

/* A static mt_lazylib from two arrays (sonames, syms). */
#define MT_LAZYLIB_INIT(sonames, syms)                                \
	{                                                             \
		(sonames), MT_ARRAY_SIZE(sonames), (syms),            \
		        MT_ARRAY_SIZE(syms), PTHREAD_ONCE_INIT, 0, "" \
	}

/* Load lib if that has not been tried yet: the first soname that opens
 * and has every function fills the slots. Thread-safe (pthread_once per
 * library); later calls return the first call's answer. 0, or
 * MT_EUNSUPPORTED with the reason in err ("dlopen: <dlerror>" when no
 * soname opens, "dlsym <name>: <dlerror>" when the last one that opened
 * lacks a function); after a failure every slot is NULL. */
int mt_lazylib_load(mt_lazylib *lib, mt_error *err);

#endif
