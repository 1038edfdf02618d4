/*
 * debuginfod.c - fetching separate debug files by build-id from the
 * servers in DEBUGINFOD_URLS, through elfutils' client library.
 *
 * This is the last resort of the debug-file search and only runs when the
 * caller asked for it (mt_symbolizer_opts.debuginfod): it goes to the
 * network, may wait for DEBUGINFOD_TIMEOUT, and writes to the client's
 * cache (DEBUGINFOD_CACHE_PATH, else $XDG_CACHE_HOME/debuginfod_client).
 * The client is begun once per symbolizer (so once per thread, as
 * libdebuginfod requires) on first use. Failures are remembered per
 * build-id: a dump names the same library in many frames, and asking a
 * slow or unreachable server again for each would multiply the wait.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/lazylib.h"

#include <elfutils/debuginfod.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Bounds the remembered failures; a dump naming more distinct build-ids
 * than this is hostile or huge, and then only the memory is saved. */
#define MAX_FAILED 4096

struct failed_id {
	char *id;
	mt_error err;
};

struct sym_debuginfod {
	debuginfod_client *client;
	int begin_failed;
	struct failed_id *failed;
	size_t n_failed, cap_failed;
};

/* libdebuginfod is loaded with dlopen on the first fetch, as libdwfl
 * does: it pulls in libcurl, its TLS and HTTP libraries and runs
 * curl_global_init from a constructor, which every run would otherwise
 * pay at start-up whether or not --debuginfod is given. */
static struct {
	debuginfod_client *(*begin)(void);
	void (*end)(debuginfod_client *);
	int (*find_debuginfo)(debuginfod_client *,
	                      const unsigned char *,
	                      int,
	                      char **);
	int (*find_executable)(debuginfod_client *,
	                       const unsigned char *,
	                       int,
	                       char **);
	void (*set_progressfn)(debuginfod_client *, debuginfod_progressfn_t);
	void (*set_verbose_fd)(debuginfod_client *, int);
} dfn;

static const char *const dfn_sonames[] = { "libdebuginfod.so.1" };
static const mt_lazysym dfn_syms[] = {
	{ "debuginfod_begin", (void **)&dfn.begin },
	{ "debuginfod_end", (void **)&dfn.end },
	{ "debuginfod_find_debuginfo", (void **)&dfn.find_debuginfo },
	{ "debuginfod_find_executable", (void **)&dfn.find_executable },
	{ "debuginfod_set_progressfn", (void **)&dfn.set_progressfn },
	{ "debuginfod_set_verbose_fd", (void **)&dfn.set_verbose_fd },
};
static mt_lazylib debuginfod = MT_LAZYLIB_INIT(dfn_sonames, dfn_syms);

static const mt_error *failed_get(const struct sym_debuginfod *d,
                                  const char *id)
{
	size_t i;

	for (i = 0; i < d->n_failed; i++)
		if (!strcmp(d->failed[i].id, id))
			return &d->failed[i].err;
	return NULL;
}

/* Remember that id failed with e; returns e's code. */
static int
failed_put(struct sym_debuginfod *d, const char *id, const mt_error *e)
{
	struct failed_id f;

	if (d->n_failed < MAX_FAILED) {
		f.id = mt_strdup(id);
		f.err = *e;
		MT_PUSH(d->failed, d->n_failed, d->cap_failed, f);
	}
	return e->code;
}

/* One fetch: the debug file (executable 0) or the module file itself
 * (1) of build-id id. Failures are remembered per kind and id. */
static int find_kind(char **out,
                     mt_symbolizer *s,
                     const char *id,
                     int executable,
                     mt_error *err)
{
	struct sym_debuginfod *d = s->debuginfod;
	const mt_error *seen;
	mt_error lerr;
	char *path = NULL, key[160];
	const char *call = executable ? "debuginfod_find_executable"
	                              : "debuginfod_find_debuginfo";
	int fd;

	*out = NULL;
	snprintf(key, sizeof(key), "%s%s", executable ? "x:" : "", id);
	id = key + (executable ? 2 : 0);
	if (!d) {
		d = mt_calloc(1, sizeof(*d));
		s->debuginfod = d;
	}
	seen = failed_get(d, key);
	if (seen) {
		if (err)
			*err = *seen;
		return seen->code;
	}
	if (mt_lazylib_load(&debuginfod, &lerr) != 0)
		return mt_error_set(err, lerr.code, "debuginfod_begin: %s",
		                    lerr.msg);
	if (!d->client && !d->begin_failed) {
		d->client = dfn.begin();
		if (!d->client) {
			d->begin_failed = 1;
		} else {
			/* lib/ never prints: DEBUGINFOD_PROGRESS and
			 * DEBUGINFOD_VERBOSE would make the client write
			 * to stderr. */
			dfn.set_progressfn(d->client, NULL);
			dfn.set_verbose_fd(d->client, -1);
		}
	}
	if (!d->client)
		return mt_error_set(err, MT_ERROR,
		                    "debuginfod_begin: cannot create a client");
	/* build_id_len 0: the id is passed as lower-case hex, which is what
	 * the callers hold (checked by is_hex_id and folded to lower case). */
	fd = (executable ? dfn.find_executable : dfn.find_debuginfo)(
	        d->client, (const unsigned char *)id, 0, &path);
	if (fd < 0) {
		mt_error e;
		const char *hint = "";
		const char *urls = getenv(DEBUGINFOD_URLS_ENV_VAR);

		/* The client answers ENOSYS when it has no server to ask;
		 * say which knob that is rather than "not implemented". */
		if (fd == -ENOSYS && (!urls || !*urls))
			hint = " (DEBUGINFOD_URLS is not set)";
		mt_error_set(&e, MT_ENOTFOUND, "%s: %s%s", call, strerror(-fd),
		             hint);
		if (err)
			*err = e;
		return failed_put(d, key, &e);
	}
	/* The caller reopens the cached file through its usual checks
	 * (build-id, DWARF present); only the path is needed. */
	close(fd);
	if (!path)
		return mt_error_set(err, MT_ERROR,
		                    "%s: no cache path for build-id %s", call,
		                    id);
	*out = mt_strdup(path);
	free(path);
	return 0;
}

int sym_debuginfod_find(char **out,
                        mt_symbolizer *s,
                        const char *id,
                        mt_error *err)
{
	return find_kind(out, s, id, 0, err);
}

int sym_debuginfod_find_executable(char **out,
                                   mt_symbolizer *s,
                                   const char *id,
                                   mt_error *err)
{
	return find_kind(out, s, id, 1, err);
}

void sym_debuginfod_release(mt_symbolizer *s)
{
	struct sym_debuginfod *d = s->debuginfod;
	size_t i;

	if (!d)
		return;
	if (d->client)
		dfn.end(d->client);
	for (i = 0; i < d->n_failed; i++)
		free(d->failed[i].id);
	free(d->failed);
	free(d);
	s->debuginfod = NULL;
}
