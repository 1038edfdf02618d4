/*
 * triage_cli.h - option sets shared by several commands, each defined
 * once: its variables, its table entries and what is built from them.
 *
 * - cli_symbolizer_args: the symbolizer's options (where modules and debug
 *   files are, trust, debuginfod, index cache), for every command that
 *   symbolizes: stack, bucket, report, run, symbolize.
 * - cli_triage: the above plus rules, repository and the switches of the
 *   triage pipeline, for the dump-triaging commands (stack, bucket,
 *   report, run).
 */
#ifndef MAXTRIAGE_TRIAGE_CLI_H
#define MAXTRIAGE_TRIAGE_CLI_H

#include "cmd.h"

#include "maxtriage/symbols.h"
#include "maxtriage/triage.h"

/*
 * Use in a command:
 *
 *	cli_symbolizer_args sa = { 0 };
 *	const cli_option opts[] = {
 *		CLI_FLAG(0, "inlines", &inlines, "..."),
 *		CLI_SYMBOLIZER_OPTIONS(&sa),
 *		CLI_OPT_TERMINATOR
 *	};
 *	mt_symbolizer *s = NULL;
 *
 *	... cli_opts_parse(...) ...
 *	if ((rc = cli_symbolizer_new(&s, &sa, "symbolize")))
 *		goto out;
 *	...
 * out:
 *	cli_symbolizer_done(s, "symbolize");
 *	cli_symbolizer_args_release(&sa);
 */
typedef struct cli_symbolizer_args {
	cli_strlist binary_dirs, debug_dirs;
	int untrusted, no_system_debug, debuginfod;
	long debuginfod_stall, debuginfod_deadline; /* seconds; 0: default */
	const char *index_cache;
	const char *max_inflate; /* --max-inflate SIZE, or NULL */
	uint64_t max_inflate_bytes; /* parsed by cli_symbolizer_check */
	int no_progress; /* set by the command: no debuginfod progress line
	                    on stderr (bucket has its own, symbolize none) */
	double deadline_at; /* debuginfod_deadline from the command's start
	                       (cli_symbolizer_start) */
} cli_symbolizer_args;

/* debuginfod's bounds by default (docs/symbolize.md) */
#define CLI_DEBUGINFOD_STALL 5
#define CLI_DEBUGINFOD_DEADLINE 60

// clang-format off
/* Option-table entries; use inside a cli_option array initialiser. */
#define CLI_SYMBOLIZER_OPTIONS(s)                                                                                                    \
	CLI_LIST('b', "binary-dir", &(s)->binary_dirs, "DIR", "where to find the modules the input names (by path suffix, then file name)"), \
	CLI_LIST('d', "debug-dir", &(s)->debug_dirs, "DIR", "where to find separate debug info (.build-id/xx/rest.debug, debuglink)"), \
	CLI_FLAG(0, "untrusted", &(s)->untrusted, "open no path the input names; only files under --binary-dir/--debug-dir"),       \
	CLI_FLAG(0, "no-system-debug", &(s)->no_system_debug, "do not search /usr/lib/debug"),                                      \
	CLI_FLAG(0, "debuginfod", &(s)->debuginfod, "fetch missing debug files by build-id from the servers in DEBUGINFOD_URLS (cached in DEBUGINFOD_CACHE_PATH)"), \
	CLI_INT(0, "debuginfod-stall", &(s)->debuginfod_stall, "SECS", "give a fetch up after SECS seconds without data (default 5)"), \
	CLI_INT(0, "debuginfod-deadline", &(s)->debuginfod_deadline, "SECS", "start no fetch, and end any, SECS seconds after the command started (default 60)"), \
	CLI_STRING(0, "index-cache", &(s)->index_cache, "DIR", "keep each module's symbol index here by build-id and reuse it (default: $MAXTRIAGE_INDEX_CACHE)"), \
	CLI_STRING(0, "max-inflate", &(s)->max_inflate, "SIZE", "refuse the DWARF of a file whose compressed debug sections inflate past SIZE (K, M, G; default 1G, and at most 256 times the file's size)")
// clang-format on

/* Fill so from a: every field of mt_symbolizer_opts that a command-line
 * option sets is set here and nowhere else. The strings are borrowed
 * from a and argv: keep both while the symbolizer lives. */
void cli_symbolizer_opts(mt_symbolizer_opts *so, const cli_symbolizer_args *a);
/* The command starts now: its debuginfod deadline counts from here.
 * Call once, before the threads that make symbolizers start. */
void cli_symbolizer_start(cli_symbolizer_args *a);
/* Check the values of a's options (and parse the sizes): 0, or
 * CLI_EXIT_USAGE after saying which is out of range. */
int cli_symbolizer_check(cli_symbolizer_args *a, const char *cmd);
/* --max-inflate alone (symbolize, which has its own option words). */
int cli_inflate_check(cli_symbolizer_args *a, const char *cmd);
/* A new symbolizer from a (free with cli_symbolizer_done). 0, or
 * CLI_EXIT_INPUT after printing the error. */
int cli_symbolizer_new(mt_symbolizer **out,
                       const cli_symbolizer_args *a,
                       const char *cmd);
/* Free a symbolizer (NULL is fine), first printing a one-line warning if
 * its index cache could not be written (the results are complete all
 * the same). */
void cli_symbolizer_done(mt_symbolizer *s, const char *cmd);
/* --index-cache DIR, else $MAXTRIAGE_INDEX_CACHE when set and not
 * empty, else NULL. */
const char *cli_index_cache_dir(const char *flag);
void cli_symbolizer_args_release(cli_symbolizer_args *a);

typedef struct cli_triage {
	cli_symbolizer_args sym;
	cli_strlist rules_files;
	cli_strlist build_ids; /* MODULE=HEX, checked by cli_triage_setup */
	const char *repo_path;
	int no_repo, no_symbolize, no_disasm;
	mt_rules *rules; /* after setup */
	mt_repo *repo; /* after setup; NULL when none */
} cli_triage;

// clang-format off
#define CLI_TRIAGE_OPTIONS(c)                                                                                          \
	CLI_SYMBOLIZER_OPTIONS(&(c)->sym),                                                                             \
	CLI_FLAG(0, "no-symbolize", &(c)->no_symbolize, "classify frames as printed, open no binaries"),              \
	CLI_FLAG(0, "no-disasm", &(c)->no_disasm, "do not disassemble the faulting instruction, nor test modules' call sites"), \
	CLI_LIST(0, "build-id", &(c)->build_ids, "MODULE=HEX", "the build-id MODULE (a path or file name) had where it crashed: its file must have it"), \
	CLI_LIST('r', "rules", &(c)->rules_files, "FILE", "JSON category rules, checked before the built-in ones"),   \
	CLI_STRING(0, "repo", &(c)->repo_path, "DIR", "the model's git repository (default: the one around the current directory)"), \
	CLI_FLAG(0, "no-repo", &(c)->no_repo, "do not look for a git repository")
// clang-format on

/* Load rules and open the repository. 0, or CLI_EXIT_USAGE after
 * printing a one-line error. */
int cli_triage_setup(cli_triage *c, const char *cmd);
/* A symbolizer for one thread (NULL with --no-symbolize). 0 or
 * CLI_EXIT_INPUT after printing the error. */
int cli_triage_symbolizer(mt_symbolizer **out,
                          const cli_triage *c,
                          const char *cmd);
/* Fill a pipeline from the options (sym and repo may be per thread). */
void cli_triage_pipeline(mt_pipeline *p,
                         const cli_triage *c,
                         mt_symbolizer *sym,
                         mt_repo *repo);
void cli_triage_release(cli_triage *c);

#endif
