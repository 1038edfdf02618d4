/* lazylib.c - the lazy library loader of maxtriage/lazylib.h. */
#include "maxtriage/lazylib.h"

#include <dlfcn.h>
#include <stdio.h>

/* pthread_once runs an init routine without an argument, in the thread
 * that calls it: that thread says which library it is loading here. */
static _Thread_local mt_lazylib *loading;

static void clear_slots(mt_lazylib *lib)
{
	size_t i;

	for (i = 0; i < lib->n_syms; i++)
		*lib->syms[i].slot = NULL;
}

/* Fill every slot from h; 0, or -1 with the missing name in lib->why. */
static int resolve_all(mt_lazylib *lib, void *h)
{
	size_t i;

	for (i = 0; i < lib->n_syms; i++) {
		const char *e;

		dlerror(); /* a symbol may legitimately be NULL: clear */
		*lib->syms[i].slot = dlsym(h, lib->syms[i].name);
		if (*lib->syms[i].slot)
			continue;
		e = dlerror();
		snprintf(lib->why, sizeof(lib->why), "dlsym %s: %s",
		         lib->syms[i].name, e ? e : "not found");
		return -1;
	}
	return 0;
}

static void open_library(void)
{
	mt_lazylib *lib = loading;
	int opened = 0;
	size_t i;

	for (i = 0; i < lib->n_sonames && !lib->ok; i++) {
		void *h = dlopen(lib->sonames[i], RTLD_LAZY | RTLD_LOCAL);

		if (!h) {
			/* Only the last failure is kept, and only while no
			 * soname opened: a dlsym reason says more. */
			const char *e = dlerror();

			if (!opened)
				snprintf(lib->why, sizeof(lib->why),
				         "dlopen: %s", e ? e : lib->sonames[i]);
			continue;
		}
		opened = 1;
		if (resolve_all(lib, h) == 0) {
			/* the handle stays open for the life of the process */
			lib->ok = 1;
			lib->why[0] = '\0';
		} else {
			clear_slots(lib);
			dlclose(h);
		}
	}
}

int mt_lazylib_load(mt_lazylib *lib, mt_error *err)
{
	loading = lib;
	pthread_once(&lib->once, open_library);
	loading = NULL;
	if (lib->ok)
		return 0;
	return mt_error_set(err, MT_EUNSUPPORTED, "%s", lib->why);
}
