/* triage_cli.c - shared set-up for the dump-triaging commands. */
#include "triage_cli.h"

#include <stdlib.h>
#include <string.h>

const char *mt_index_cache_dir(const char *flag)
{
	const char *env = getenv("MAXTRIAGE_INDEX_CACHE");

	if (flag && *flag)
		return flag;
	return env && *env ? env : NULL;
}

int mt_triage_cli_setup(mt_triage_cli *c, const char *cmd)
{
	mt_error err;
	size_t i;

	c->rules = mt_rules_new();
	for (i = 0; i < c->rules_files.n; i++) {
		if (mt_rules_load_file(c->rules, c->rules_files.items[i],
		                       &err) < 0) {
			mt_die_msg(cmd, "%s", err.msg);
			return MT_EXIT_USAGE;
		}
	}
	if (!c->no_repo && mt_repo_open(&c->repo, c->repo_path, &err) < 0 &&
	    c->repo_path) {
		mt_die_msg(cmd, "%s", err.msg);
		return MT_EXIT_USAGE;
	}
	return 0;
}

void mt_symbolizer_done(mt_symbolizer *s, const char *cmd)
{
	const char *why = mt_symbolizer_cache_error(s);

	if (why)
		mt_die_msg(cmd, "warning: %s", why);
	mt_symbolizer_free(s);
}

int mt_triage_cli_symbolizer(mt_symbolizer **out,
                             const mt_triage_cli *c,
                             const char *cmd)
{
	mt_symbolizer_opts so;
	mt_error err;

	*out = NULL;
	if (c->no_symbolize)
		return 0;
	memset(&so, 0, sizeof(so));
	so.binary_dirs = c->bin_dirs.items;
	so.n_binary_dirs = c->bin_dirs.n;
	so.debug_dirs = c->dbg_dirs.items;
	so.n_debug_dirs = c->dbg_dirs.n;
	so.untrusted = c->untrusted;
	so.no_system_debug = c->no_system_debug;
	so.debuginfod = c->debuginfod;
	so.index_cache = mt_index_cache_dir(c->index_cache);
	if (mt_symbolizer_new(out, &so, &err) < 0) {
		mt_die_msg(cmd, "%s", err.msg);
		return MT_EXIT_INPUT;
	}
	return 0;
}

void mt_triage_cli_pipeline(mt_pipeline *p,
                            const mt_triage_cli *c,
                            mt_symbolizer *sym,
                            mt_repo *repo)
{
	memset(p, 0, sizeof(*p));
	p->resolve.symbolizer = sym;
	p->resolve.no_disasm = c->no_disasm;
	p->resolve.binary_dirs = c->bin_dirs.items;
	p->resolve.n_binary_dirs = c->bin_dirs.n;
	p->triage.rules = c->rules;
	p->triage.repo = repo;
	p->next.debug_dirs = c->dbg_dirs.items;
	p->next.n_debug_dirs = c->dbg_dirs.n;
	p->next.debuginfod = c->debuginfod;
}

void mt_triage_cli_release(mt_triage_cli *c)
{
	mt_repo_free(c->repo);
	mt_rules_free(c->rules);
	mt_strlist_release(&c->bin_dirs);
	mt_strlist_release(&c->dbg_dirs);
	mt_strlist_release(&c->rules_files);
	memset(c, 0, sizeof(*c));
}
