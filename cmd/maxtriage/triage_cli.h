/*
 * triage_cli.h - the options every dump-triaging command shares (stack,
 * bucket, report), defined once: the table entries, and the set-up of
 * rules, repository and symbolizer from them.
 */
#ifndef MAXTRIAGE_TRIAGE_CLI_H
#define MAXTRIAGE_TRIAGE_CLI_H

#include "cmd.h"

#include "maxtriage/symbols.h"
#include "maxtriage/triage.h"

typedef struct mt_triage_cli {
	mt_strlist bin_dirs, dbg_dirs, rules_files;
	const char *repo_path;
	int no_repo, untrusted, no_system_debug, no_symbolize, no_disasm;
	int debuginfod;
	const char *index_cache;
	mt_rules *rules; /* after setup */
	mt_repo *repo; /* after setup; NULL when none */
} mt_triage_cli;

// clang-format off
/* Option-table entries; use inside an mt_option array initialiser. */
#define MT_TRIAGE_CLI_OPTIONS(c)                                                                                                              \
	{ 'b', "binary-dir", MT_OPT_LIST, &(c)->bin_dirs, "DIR", "where to find the modules a dump names (by path suffix or basename)", NULL }, \
	{ 'd', "debug-dir", MT_OPT_LIST, &(c)->dbg_dirs, "DIR", "where to find separate debug info (.build-id/xx/rest.debug, debuglink)", NULL }, \
	{ 'r', "rules", MT_OPT_LIST, &(c)->rules_files, "FILE", "JSON category rules, checked before the built-in ones", NULL },            \
	{ 0, "repo", MT_OPT_STRING, &(c)->repo_path, "DIR", "the model's git repository (default: the one around the current directory)", NULL }, \
	{ 0, "no-repo", MT_OPT_FLAG, &(c)->no_repo, NULL, "do not look for a git repository", NULL },                                       \
	{ 0, "untrusted", MT_OPT_FLAG, &(c)->untrusted, NULL, "open no path named by the dump; only files under --binary-dir/--debug-dir", NULL }, \
	{ 0, "no-system-debug", MT_OPT_FLAG, &(c)->no_system_debug, NULL, "do not search /usr/lib/debug", NULL },                          \
	{ 0, "debuginfod", MT_OPT_FLAG, &(c)->debuginfod, NULL, "fetch missing debug files by build-id from the servers in DEBUGINFOD_URLS (cached in DEBUGINFOD_CACHE_PATH)", NULL }, \
	{ 0, "index-cache", MT_OPT_STRING, &(c)->index_cache, "DIR", "keep each module's symbol index here by build-id and reuse it (default: $MAXTRIAGE_INDEX_CACHE)", NULL }, \
	{ 0, "no-symbolize", MT_OPT_FLAG, &(c)->no_symbolize, NULL, "classify frames as printed, open no binaries", NULL },                \
	{ 0, "no-disasm", MT_OPT_FLAG, &(c)->no_disasm, NULL, "do not disassemble the faulting instruction", NULL }
// clang-format on

/* Load rules and open the repository. Prints a one-line error and returns
 * MT_EXIT_USAGE on failure. */
int mt_triage_cli_setup(mt_triage_cli *c, const char *cmd);
/* A symbolizer for one thread (NULL with --no-symbolize). 0 or
 * MT_EXIT_INPUT after printing the error. */
int mt_triage_cli_symbolizer(mt_symbolizer **out,
                             const mt_triage_cli *c,
                             const char *cmd);
/* Free a symbolizer, first printing a one-line warning if its index
 * cache could not be written (the results are complete all the same). */
void mt_symbolizer_done(mt_symbolizer *s, const char *cmd);
/* --index-cache DIR, else $MAXTRIAGE_INDEX_CACHE when set and not
 * empty, else NULL. */
const char *mt_index_cache_dir(const char *flag);
/* Fill a pipeline from the options (sym and repo may be per thread). */
void mt_triage_cli_pipeline(mt_pipeline *p,
                            const mt_triage_cli *c,
                            mt_symbolizer *sym,
                            mt_repo *repo);
void mt_triage_cli_release(mt_triage_cli *c);

#endif
