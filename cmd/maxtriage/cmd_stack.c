/* cmd_stack.c - `maxtriage stack`: read dumps, symbolize, classify. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/buf.h"
#include "maxtriage/crashdb.h"
#include "maxtriage/stack.h"
#include "maxtriage/stack_output.h"
#include "maxtriage/symbols.h"
#include "maxtriage/triage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const formats[] = { "text", "json", "markdown", NULL };

static const cli_command_help help = {
	"stack", "FILE...",
	"Read crash dumps printed by MAX and Mojo (MODULAR_DEBUG=stack-trace-on-crash,\n"
	"stack-trace-on-error), LLVM, sanitizers and Python, mixed with logs (FILE '-',\n"
	"or no FILE when stdin is not a terminal, reads standard input), and what a\n"
	"crash leaves on disk, told apart by content: Crashpad/Breakpad minidumps and\n"
	"ELF core files, every thread unwound (CFI, else frame pointers, else stack\n"
	"scanning; each frame says which). Each dump\n"
	"becomes a report: frames resolved against the binaries and their debug info\n"
	"(inline chains, faulting instruction), each frame classified as handler,\n"
	"system, runtime, kernel, model or unknown, the crash point and failure kind,\n"
	"a signature and a fingerprint for bucketing.",
	"exit status: 0 a report was produced, 1 no crash or error found in the input,\n"
	"2 usage error, 3 an input could not be read (other inputs are still reported).\n"
	"JSON schema: maxtriage.stack.v1 (docs/json-stack.md); rules: docs/rules.md."
};

/* --crashdb DIR (every dump of the database, or with --latest the
 * newest), --latest alone (the newest of the databases Modular's
 * installs write): the dump paths, added to inputs; the strings are
 * new, kept in owned. CLI_EXIT_USAGE/INPUT after the error line. */
static int crashdb_inputs(cli_strlist *inputs,
                          cli_strlist *owned,
                          const char *db,
                          int latest)
{
	mt_crashdb_entry *e = NULL, best;
	mt_error err;
	size_t n = 0, i, ndirs = 0;
	char **dirs;
	int found = 0;

	if (db && !latest) {
		if (mt_crashdb_list(&e, &n, db, &err) < 0)
			return cli_error("stack", CLI_EXIT_INPUT, "%s",
			                 err.msg);
		for (i = 0; i < n; i++) {
			cli_strlist_push(owned, mt_strdup(e[i].path));
			cli_strlist_push(inputs, owned->items[owned->n - 1]);
		}
		mt_crashdb_entries_free(e, n);
		if (!n)
			return cli_error("stack", CLI_EXIT_NOTHING,
			                 "no minidump (.dmp) in '%s'", db);
		return 0;
	}
	if (db) {
		if (mt_crashdb_latest(&best, db, &err) < 0)
			return cli_error("stack", CLI_EXIT_NOTHING, "%s",
			                 err.msg);
		found = 1;
	} else {
		dirs = mt_crashdb_known_dirs(&ndirs, getenv("HOME"), ".");
		for (i = 0; i < ndirs; i++) {
			mt_crashdb_entry one;

			if (mt_crashdb_latest(&one, dirs[i], NULL) == 0) {
				if (!found ||
				    one.creation_time > best.creation_time ||
				    (one.creation_time == best.creation_time &&
				     one.mtime > best.mtime)) {
					if (found)
						mt_crashdb_entry_release(&best);
					best = one;
					found = 1;
				} else {
					mt_crashdb_entry_release(&one);
				}
			}
			free(dirs[i]);
		}
		free(dirs);
		if (!found)
			return cli_error(
			        "stack", CLI_EXIT_NOTHING,
			        "--latest: no minidump in ~/.modular/crashdb, .magic/envs/default/share/max/crashdb or .pixi/envs/default/share/max/crashdb (give --crashdb DIR)");
	}
	cli_strlist_push(owned, mt_strdup(best.path));
	cli_strlist_push(inputs, owned->items[owned->n - 1]);
	mt_crashdb_entry_release(&best);
	return 0;
}

int cmd_stack(int argc, char **argv)
{
	const char *format = "text", *color_when = NULL, *crashdb = NULL;
	int help_shown = 0, color = 0, latest = 0;
	cli_triage cli;
	cli_strlist inputs = { 0 }, owned = { 0 };
	// clang-format off
	const cli_option opts[] = {
		CLI_CHOICE('f', "format", &format, "FORMAT", formats,
		           "output format"),
		CLI_COLOR(&color_when),
		CLI_STRING(0, "crashdb", &crashdb, "DIR",
		           "read the dumps of a Crashpad database (DIR/{new,pending,completed}/*.dmp) or a directory of .dmp files"),
		CLI_FLAG(0, "latest", &latest,
		         "only the newest dump of --crashdb DIR (without it: of ~/.modular/crashdb and the project's .magic or .pixi crashdb)"),
		CLI_TRIAGE_OPTIONS(&cli),
		CLI_OPT_TERMINATOR
	};
	// clang-format on
	mt_symbolizer *sym = NULL;
	mt_report_set *sets = NULL;
	mt_stack_input *in = NULL;
	mt_pipeline pipe;
	mt_buf out = MT_BUF_INIT;
	size_t i, total = 0;
	int rc, unreadable = 0;

	memset(&cli, 0, sizeof(cli));
	rc = cli_opts_parse(&help, opts, argc, argv, &inputs, &help_shown);
	if (rc || help_shown)
		goto out;
	if ((crashdb || latest) &&
	    (rc = crashdb_inputs(&inputs, &owned, crashdb, latest)))
		goto out;
	if (!inputs.n) {
		if (isatty(STDIN_FILENO)) {
			rc = cli_error(
			        "stack", CLI_EXIT_USAGE,
			        "no input: give a dump FILE, or '-' for stdin");
			goto out;
		}
		cli_strlist_push(&inputs, "-");
	}
	if ((rc = cli_triage_setup(&cli, "stack")) ||
	    (rc = cli_triage_symbolizer(&sym, &cli, "stack")))
		goto out;
	cli_triage_pipeline(&pipe, &cli, sym, cli.repo);

	sets = mt_calloc(inputs.n, sizeof(*sets));
	in = mt_calloc(inputs.n, sizeof(*in));
	for (i = 0; i < inputs.n; i++) {
		mt_error err = { 0, "" };

		in[i].path = inputs.items[i];
		if (mt_triage_file(&sets[i], inputs.items[i], &pipe, &err) <
		    0) {
			cli_message("stack", "cannot read '%s': %s",
			            inputs.items[i], err.msg);
			in[i].error = "cannot read input";
			unreadable = 1;
		}
		in[i].reports = sets[i].reports;
		in[i].nreports = sets[i].n;
		total += sets[i].n;
	}

	color = !strcmp(format, "text") && cli_use_color(stdout, color_when);
	if (!strcmp(format, "json"))
		mt_stack_render_json(&out, in, inputs.n);
	else if (!strcmp(format, "markdown"))
		mt_stack_render_markdown(&out, in, inputs.n);
	else
		mt_stack_render_text(&out, in, inputs.n, color);
	fwrite(out.ptr, 1, out.len, stdout);
	if (fflush(stdout) != 0) {
		rc = cli_error("stack", CLI_EXIT_INPUT,
		               "cannot write output: %s", strerror(errno));
		goto out;
	}
	rc = unreadable ? CLI_EXIT_INPUT
	     : total    ? CLI_EXIT_OK
	                : CLI_EXIT_NOTHING;
out:
	for (i = 0; sets && i < inputs.n; i++)
		mt_report_set_release(&sets[i]);
	free(sets);
	free(in);
	mt_buf_release(&out);
	cli_symbolizer_done(sym, "stack");
	cli_triage_release(&cli);
	cli_strlist_release(&inputs);
	for (i = 0; i < owned.n; i++)
		free((char *)owned.items[i]);
	cli_strlist_release(&owned);
	return rc;
}
