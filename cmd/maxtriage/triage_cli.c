/* triage_cli.c - the shared option sets: symbolizer and triage set-up. */
#include "triage_cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* whether a progress line is on the terminal, to be cleared */
static int progress_shown;

const char *cli_index_cache_dir(const char *flag)
{
	const char *env = getenv("MAXTRIAGE_INDEX_CACHE");

	if (flag && *flag)
		return flag;
	return env && *env ? env : NULL;
}

static double monotonic_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* debuginfod's progress on a terminal: one line, rewritten in place */
static void debuginfod_progress(void *payload,
                                const char *build_id,
                                long received,
                                long total)
{
	(void)payload;
	if (total > 0)
		fprintf(stderr, "\rdebuginfod: %.12s... %ld of %ld KB\033[K",
		        build_id, received / 1024, total / 1024);
	else
		fprintf(stderr, "\rdebuginfod: %.12s... %ld KB\033[K", build_id,
		        received / 1024);
	progress_shown = 1;
}

int cli_inflate_check(cli_symbolizer_args *a, const char *cmd)
{
	a->max_inflate_bytes = 0;
	if (a->max_inflate &&
	    (cli_parse_size(a->max_inflate, &a->max_inflate_bytes) ||
	     !a->max_inflate_bytes))
		return cli_error(cmd, CLI_EXIT_USAGE,
		                 "--max-inflate: '%s' is not a size (a number "
		                 "above 0, with K, M or G)",
		                 a->max_inflate);
	return 0;
}

int cli_symbolizer_check(cli_symbolizer_args *a, const char *cmd)
{
	if (a->debuginfod_stall < 0 || a->debuginfod_stall > 86400)
		return cli_error(cmd, CLI_EXIT_USAGE,
		                 "--debuginfod-stall must be between 1 and "
		                 "86400 seconds");
	if (a->debuginfod_deadline < 0 || a->debuginfod_deadline > 86400)
		return cli_error(cmd, CLI_EXIT_USAGE,
		                 "--debuginfod-deadline must be between 1 and "
		                 "86400 seconds");
	return cli_inflate_check(a, cmd);
}

void cli_symbolizer_start(cli_symbolizer_args *a)
{
	a->deadline_at =
	        monotonic_now() + (double)(a->debuginfod_deadline
	                                           ? a->debuginfod_deadline
	                                           : CLI_DEBUGINFOD_DEADLINE);
}

void cli_symbolizer_opts(mt_symbolizer_opts *so, const cli_symbolizer_args *a)
{
	memset(so, 0, sizeof(*so));
	so->debuginfod_stall = a->debuginfod_stall
	                               ? (unsigned)a->debuginfod_stall
	                               : CLI_DEBUGINFOD_STALL;
	/* one deadline for the whole command, whatever number of
	 * symbolizers (bucket's threads) it makes, from its start; none
	 * without one (symbolize: a server answers for as long as its
	 * client lives, each fetch bounded by the stall) */
	so->debuginfod_deadline = a->deadline_at;
	if (a->debuginfod && !a->no_progress && isatty(STDERR_FILENO))
		so->debuginfod_progress = debuginfod_progress;
	so->binary_dirs = a->binary_dirs.items;
	so->n_binary_dirs = a->binary_dirs.n;
	so->debug_dirs = a->debug_dirs.items;
	so->n_debug_dirs = a->debug_dirs.n;
	so->untrusted = a->untrusted;
	so->no_system_debug = a->no_system_debug;
	so->debuginfod = a->debuginfod;
	so->index_cache = cli_index_cache_dir(a->index_cache);
	so->max_inflate = a->max_inflate_bytes;
	/* Test switches (docs/symbolize.md): read here, never in lib/. */
	so->die_walk = mt_die_walk_from_name(getenv("MAXTRIAGE_DIE_WALK"));
	so->no_libllvm = getenv("MAXTRIAGE_NO_LIBLLVM") != NULL;
}

int cli_symbolizer_new(mt_symbolizer **out,
                       const cli_symbolizer_args *a,
                       const char *cmd)
{
	mt_symbolizer_opts so;
	mt_error err;

	*out = NULL;
	cli_symbolizer_opts(&so, a);
	if (mt_symbolizer_new(out, &so, &err) < 0)
		return cli_error(cmd, CLI_EXIT_INPUT, "%s", err.msg);
	return 0;
}

void cli_symbolizer_done(mt_symbolizer *s, const char *cmd)
{
	const char *why = mt_symbolizer_cache_error(s);

	if (progress_shown) {
		fputs("\r\033[K", stderr);
		progress_shown = 0;
	}
	if (why)
		cli_message(cmd, "warning: %s", why);
	mt_symbolizer_free(s);
}

void cli_symbolizer_args_release(cli_symbolizer_args *a)
{
	cli_strlist_release(&a->binary_dirs);
	cli_strlist_release(&a->debug_dirs);
	memset(a, 0, sizeof(*a));
}

/* MODULE=HEX with a non-empty module and an even number of hex digits,
 * at least 8 (GNU build-ids are 20 bytes, Go's and LLD's other sizes). */
static int valid_build_id_arg(const char *s)
{
	const char *eq = strrchr(s, '=');
	size_t n;

	if (!eq || eq == s)
		return 0;
	n = strlen(eq + 1);
	return n >= 8 && n % 2 == 0 &&
	       strspn(eq + 1, "0123456789abcdefABCDEF") == n;
}

int cli_triage_setup(cli_triage *c, const char *cmd)
{
	mt_error err;
	size_t i;
	int rc;

	if ((rc = cli_symbolizer_check(&c->sym, cmd)))
		return rc;
	cli_symbolizer_start(&c->sym);
	for (i = 0; i < c->build_ids.n; i++)
		if (!valid_build_id_arg(c->build_ids.items[i]))
			return cli_error(
			        cmd, CLI_EXIT_USAGE,
			        "bad --build-id '%s': give MODULE=HEX (hex digits, an even number, at least 8)",
			        c->build_ids.items[i]);
	c->rules = mt_rules_new();
	for (i = 0; i < c->rules_files.n; i++)
		if (mt_rules_load_file(c->rules, c->rules_files.items[i],
		                       &err) < 0)
			return cli_error(cmd, CLI_EXIT_USAGE, "%s", err.msg);
	if (!c->no_repo && mt_repo_open(&c->repo, c->repo_path, &err) < 0 &&
	    c->repo_path)
		return cli_error(cmd, CLI_EXIT_USAGE, "%s", err.msg);
	return 0;
}

int cli_triage_symbolizer(mt_symbolizer **out,
                          const cli_triage *c,
                          const char *cmd)
{
	*out = NULL;
	if (c->no_symbolize)
		return 0;
	return cli_symbolizer_new(out, &c->sym, cmd);
}

void cli_triage_pipeline(mt_pipeline *p,
                         const cli_triage *c,
                         mt_symbolizer *sym,
                         mt_repo *repo)
{
	memset(p, 0, sizeof(*p));
	p->resolve.symbolizer = sym;
	p->resolve.no_disasm = c->no_disasm;
	p->resolve.binary_dirs = c->sym.binary_dirs.items;
	p->resolve.n_binary_dirs = c->sym.binary_dirs.n;
	p->resolve.build_ids = (const char *const *)c->build_ids.items;
	p->resolve.n_build_ids = c->build_ids.n;
	p->triage.rules = c->rules;
	p->triage.repo = repo;
	p->next.debug_dirs = c->sym.debug_dirs.items;
	p->next.n_debug_dirs = c->sym.debug_dirs.n;
	p->next.debuginfod = c->sym.debuginfod;
}

void cli_triage_release(cli_triage *c)
{
	mt_repo_free(c->repo);
	mt_rules_free(c->rules);
	cli_symbolizer_args_release(&c->sym);
	cli_strlist_release(&c->rules_files);
	cli_strlist_release(&c->build_ids);
	memset(c, 0, sizeof(*c));
}
