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
 *
 * Waits are bounded by maxtriage, not only by the client's own
 * DEBUGINFOD_TIMEOUT (90 s by default, per transfer stall, which a slow
 * server can renew for ever): the client calls our progress function
 * about once a second while it waits, and a non-zero return ends the
 * transfer. A fetch ends after opts.debuginfod_stall seconds without a
 * new byte, and every fetch of the command ends at
 * opts.debuginfod_deadline, after which none starts.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/lazylib.h"

#include <elfutils/debuginfod.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Seconds a fetch may go without receiving a byte, by default. */
#define DEFAULT_STALL 5

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
	/* the fetch in progress, for progress(): what it is, when it last
	 * received a byte, and why it was ended (NULL: it was not) */
	const mt_symbolizer_opts *opts;
	const char *id;
	long last_a; /* the progress value of the call before */
	int bytes; /* that value counts bytes (a server answers) */
	long received;
	double last_byte;
	const char *ended;
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
	void (*set_user_data)(debuginfod_client *, void *);
	void *(*get_user_data)(debuginfod_client *);
} dfn;

static const char *const dfn_sonames[] = { "libdebuginfod.so.1" };
static const mt_lazysym dfn_syms[] = {
	{ "debuginfod_begin", (void **)&dfn.begin },
	{ "debuginfod_end", (void **)&dfn.end },
	{ "debuginfod_find_debuginfo", (void **)&dfn.find_debuginfo },
	{ "debuginfod_find_executable", (void **)&dfn.find_executable },
	{ "debuginfod_set_progressfn", (void **)&dfn.set_progressfn },
	{ "debuginfod_set_verbose_fd", (void **)&dfn.set_verbose_fd },
	{ "debuginfod_set_user_data", (void **)&dfn.set_user_data },
	{ "debuginfod_get_user_data", (void **)&dfn.get_user_data },
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

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The client's progress callback, about once a second while it waits.
 * Until a server answers, libdebuginfod passes the number of times it
 * has looped (1, 2, 3... and total 0); then the bytes received and the
 * size expected. So time without data counts from the fetch's start
 * until the value counts bytes, then from the last new byte. Non-zero
 * ends the transfer. */
static int progress(debuginfod_client *c, long received, long total)
{
	struct sym_debuginfod *d = dfn.get_user_data(c);
	unsigned stall;
	double t = now();

	if (!d || !d->opts)
		return 0;
	stall = d->opts->debuginfod_stall ? d->opts->debuginfod_stall
	                                  : DEFAULT_STALL;
	if (total > 0 || received - d->last_a > 1)
		d->bytes = 1;
	d->last_a = received;
	if (d->bytes && received > d->received) {
		d->received = received;
		d->last_byte = t;
	}
	if (d->opts->debuginfod_progress)
		d->opts->debuginfod_progress(d->opts->debuginfod_payload, d->id,
		                             received, total);
	if (d->opts->debuginfod_deadline > 0 &&
	    t >= d->opts->debuginfod_deadline) {
		d->ended = "the command's debuginfod deadline passed";
		return 1;
	}
	if (t - d->last_byte >= stall) {
		d->ended = "no data from the server";
		return 1;
	}
	return 0;
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
			dfn.set_progressfn(d->client, progress);
			dfn.set_verbose_fd(d->client, -1);
			dfn.set_user_data(d->client, d);
		}
	}
	if (!d->client)
		return mt_error_set(err, MT_ERROR,
		                    "debuginfod_begin: cannot create a client");
	if (s->opts.debuginfod_deadline > 0 &&
	    now() >= s->opts.debuginfod_deadline) {
		/* not remembered: the deadline is the reason, for every id */
		return mt_error_set(err, MT_ENOTFOUND,
		                    "%s: not asked: the command's debuginfod "
		                    "deadline passed",
		                    call);
	}
	d->opts = &s->opts;
	d->id = id;
	d->last_a = 0;
	d->bytes = 0;
	d->received = 0;
	d->last_byte = now();
	d->ended = NULL;
	/* build_id_len 0: the id is passed as lower-case hex, which is what
	 * the callers hold (checked by is_hex_id and folded to lower case). */
	fd = (executable ? dfn.find_executable : dfn.find_debuginfo)(
	        d->client, (const unsigned char *)id, 0, &path);
	d->opts = NULL;
	if (fd < 0) {
		mt_error e;
		const char *hint = "";
		const char *urls = getenv(DEBUGINFOD_URLS_ENV_VAR);
		unsigned stall = s->opts.debuginfod_stall
		                         ? s->opts.debuginfod_stall
		                         : DEFAULT_STALL;

		/* The client answers ENOSYS when it has no server to ask;
		 * say which knob that is rather than "not implemented". */
		if (fd == -ENOSYS && (!urls || !*urls))
			hint = " (DEBUGINFOD_URLS is not set)";
		if (d->ended && !strcmp(d->ended, "no data from the server"))
			mt_error_set(&e, MT_ENOTFOUND,
			             "%s: given up: no data from the server in "
			             "%u s (--debuginfod-stall)",
			             call, stall);
		else if (d->ended)
			mt_error_set(&e, MT_ENOTFOUND, "%s: given up: %s", call,
			             d->ended);
		else
			mt_error_set(&e, MT_ENOTFOUND, "%s: %s%s", call,
			             strerror(-fd), hint);
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
