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

#include <elfutils/debuginfod.h>
#include <errno.h>
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
static int failed_put(struct sym_debuginfod *d, const char *id,
		      const mt_error *e)
{
	struct failed_id f;

	if (d->n_failed < MAX_FAILED) {
		f.id = mt_strdup(id);
		f.err = *e;
		MT_PUSH(d->failed, d->n_failed, d->cap_failed, f);
	}
	return e->code;
}

int sym_debuginfod_find(char **out, mt_symbolizer *s, const char *id,
			mt_error *err)
{
	struct sym_debuginfod *d = s->debuginfod;
	const mt_error *seen;
	char *path = NULL;
	int fd;

	*out = NULL;
	if (!d) {
		d = mt_calloc(1, sizeof(*d));
		s->debuginfod = d;
	}
	seen = failed_get(d, id);
	if (seen) {
		if (err)
			*err = *seen;
		return seen->code;
	}
	if (!d->client && !d->begin_failed) {
		d->client = debuginfod_begin();
		if (!d->client) {
			d->begin_failed = 1;
		} else {
			/* lib/ never prints: DEBUGINFOD_PROGRESS and
			 * DEBUGINFOD_VERBOSE would make the client write
			 * to stderr. */
			debuginfod_set_progressfn(d->client, NULL);
			debuginfod_set_verbose_fd(d->client, -1);
		}
	}
	if (!d->client)
		return mt_error_set(err, MT_ERROR,
				    "debuginfod_begin: cannot create a client");
	/* build_id_len 0: the id is passed as lower-case hex, which is what
	 * the callers hold (checked by is_hex_id and folded to lower case). */
	fd = debuginfod_find_debuginfo(d->client, (const unsigned char *)id, 0,
				       &path);
	if (fd < 0) {
		mt_error e;
		const char *hint = "";
		const char *urls = getenv(DEBUGINFOD_URLS_ENV_VAR);

		/* The client answers ENOSYS when it has no server to ask;
		 * say which knob that is rather than "not implemented". */
		if (fd == -ENOSYS && (!urls || !*urls))
			hint = " (DEBUGINFOD_URLS is not set)";
		mt_error_set(&e, MT_ENOTFOUND,
			     "debuginfod_find_debuginfo: %s%s", strerror(-fd),
			     hint);
		if (err)
			*err = e;
		return failed_put(d, id, &e);
	}
	/* The caller reopens the cached file through its usual checks
	 * (build-id, DWARF present); only the path is needed. */
	close(fd);
	if (!path)
		return mt_error_set(err, MT_ERROR,
				    "debuginfod_find_debuginfo: no cache path "
				    "for build-id %s", id);
	*out = mt_strdup(path);
	free(path);
	return 0;
}

void sym_debuginfod_release(mt_symbolizer *s)
{
	struct sym_debuginfod *d = s->debuginfod;
	size_t i;

	if (!d)
		return;
	if (d->client)
		debuginfod_end(d->client);
	for (i = 0; i < d->n_failed; i++)
		free(d->failed[i].id);
	free(d->failed);
	free(d);
	s->debuginfod = NULL;
}
