/* cmd_stack.c - `maxtriage stack`: read dumps, symbolize, classify. */
#include "cmd.h"

#include "maxtriage/buf.h"
#include "maxtriage/stack.h"
#include "maxtriage/stack_output.h"
#include "maxtriage/symbols.h"
#include "maxtriage/triage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const formats[] = { "text", "json", "markdown", NULL };

static const mt_command_help help = {
	"stack",
	"maxtriage stack [options] FILE... (FILE '-' reads stdin)",
	"Read crash dumps printed by MAX and Mojo (MODULAR_DEBUG=stack-trace-on-crash,\n"
	"stack-trace-on-error), LLVM, sanitizers and Python, mixed with logs. Each dump\n"
	"becomes a report: frames resolved against the binaries and their debug info\n"
	"(inline chains, faulting instruction), each frame classified as handler,\n"
	"system, runtime, kernel, model or unknown, the crash point and failure kind,\n"
	"a signature and a fingerprint for bucketing.",
	"exit status: 0 a report was produced, 1 no crash or error found in the input,\n"
	"2 usage error, 3 an input could not be read (other inputs are still reported).\n"
	"JSON schema: maxtriage.stack.v1 (docs/json-stack.md); rules: docs/rules.md."
};

int cmd_stack(int argc, char **argv)
{
	const char *format = "text", *repo_path = NULL;
	int no_repo = 0, no_symbolize = 0, no_disasm = 0, untrusted = 0;
	int no_system_debug = 0, help_shown = 0, color = 0;
	mt_strlist bin_dirs = { 0 }, dbg_dirs = { 0 }, rules_files = { 0 };
	mt_strlist inputs = { 0 };
	const mt_option opts[] = {
		{ 'f', "format", MT_OPT_CHOICE, &format, "FORMAT", "output format", formats },
		{ 'b', "binary-dir", MT_OPT_LIST, &bin_dirs, "DIR", "where to find the modules a dump names (by path suffix or basename)", NULL },
		{ 'd', "debug-dir", MT_OPT_LIST, &dbg_dirs, "DIR", "where to find separate debug info (.build-id/xx/rest.debug, debuglink)", NULL },
		{ 'r', "rules", MT_OPT_LIST, &rules_files, "FILE", "JSON category rules, checked before the built-in ones", NULL },
		{ 0, "repo", MT_OPT_STRING, &repo_path, "DIR", "the model's git repository (default: the one around the current directory)", NULL },
		{ 0, "no-repo", MT_OPT_FLAG, &no_repo, NULL, "do not look for a git repository", NULL },
		{ 0, "untrusted", MT_OPT_FLAG, &untrusted, NULL, "open no path named by the dump; only files under --binary-dir/--debug-dir", NULL },
		{ 0, "no-system-debug", MT_OPT_FLAG, &no_system_debug, NULL, "do not search /usr/lib/debug", NULL },
		{ 0, "no-symbolize", MT_OPT_FLAG, &no_symbolize, NULL, "classify frames as printed, open no binaries", NULL },
		{ 0, "no-disasm", MT_OPT_FLAG, &no_disasm, NULL, "do not disassemble the faulting instruction", NULL },
		MT_OPT_TERMINATOR
	};
	mt_symbolizer *sym = NULL;
	mt_rules *rules = NULL;
	mt_repo *repo = NULL;
	mt_report_set *sets = NULL;
	mt_stack_input *in = NULL;
	mt_buf out = MT_BUF_INIT;
	mt_error err;
	size_t i, j, total = 0;
	int rc, unreadable = 0;

	rc = mt_opts_parse(&help, opts, argc, argv, &inputs, &help_shown);
	if (rc || help_shown)
		goto out;
	if (!inputs.n) {
		if (isatty(STDIN_FILENO)) {
			mt_die_msg("stack", "no input: give a dump FILE, or '-' for stdin");
			rc = MT_EXIT_USAGE;
			goto out;
		}
		mt_strlist_push(&inputs, "-");
	}
	rules = mt_rules_new();
	for (i = 0; i < rules_files.n; i++) {
		if (mt_rules_load_file(rules, rules_files.items[i], &err) < 0) {
			mt_die_msg("stack", "%s", err.msg);
			rc = MT_EXIT_USAGE;
			goto out;
		}
	}
	if (!no_repo) {
		rc = mt_repo_open(&repo, repo_path, &err);
		if (rc < 0 && repo_path) {
			mt_die_msg("stack", "%s", err.msg);
			rc = MT_EXIT_USAGE;
			goto out;
		}
		rc = 0;
	}
	if (!no_symbolize) {
		mt_symbolizer_opts so;

		memset(&so, 0, sizeof(so));
		so.binary_dirs = bin_dirs.items;
		so.n_binary_dirs = bin_dirs.n;
		so.debug_dirs = dbg_dirs.items;
		so.n_debug_dirs = dbg_dirs.n;
		so.untrusted = untrusted;
		so.no_system_debug = no_system_debug;
		if (mt_symbolizer_new(&sym, &so, &err) < 0) {
			mt_die_msg("stack", "%s", err.msg);
			rc = MT_EXIT_INPUT;
			goto out;
		}
	}

	sets = mt_calloc(inputs.n, sizeof(*sets));
	in = mt_calloc(inputs.n, sizeof(*in));
	for (i = 0; i < inputs.n; i++) {
		mt_buf text = MT_BUF_INIT;
		mt_resolve_opts ro = { sym, no_disasm };
		mt_triage_opts to = { rules, repo };

		in[i].path = inputs.items[i];
		if (mt_buf_read_file(&text, inputs.items[i]) < 0) {
			mt_die_msg("stack", "cannot read '%s': %s",
				   inputs.items[i], strerror(errno));
			in[i].error = "cannot read input";
			unreadable = 1;
			mt_buf_release(&text);
			continue;
		}
		mt_stack_parse(&sets[i], text.ptr, text.len);
		mt_buf_release(&text);
		for (j = 0; j < sets[i].n; j++) {
			mt_next_steps_opts no = { dbg_dirs.items, dbg_dirs.n };

			mt_resolve_report(&sets[i].reports[j], &ro);
			mt_triage_report(&sets[i].reports[j], &to);
			mt_triage_next_steps(&sets[i].reports[j], &no);
		}
		in[i].reports = sets[i].reports;
		in[i].nreports = sets[i].n;
		total += sets[i].n;
	}

	color = !strcmp(format, "text") && mt_use_color(stdout);
	if (!strcmp(format, "json"))
		mt_stack_render_json(&out, in, inputs.n);
	else if (!strcmp(format, "markdown"))
		mt_stack_render_markdown(&out, in, inputs.n);
	else
		mt_stack_render_text(&out, in, inputs.n, color);
	fwrite(out.ptr, 1, out.len, stdout);
	if (fflush(stdout) != 0) {
		mt_die_msg("stack", "cannot write output: %s", strerror(errno));
		rc = MT_EXIT_INPUT;
		goto out;
	}
	rc = unreadable ? MT_EXIT_INPUT : total ? MT_EXIT_OK : MT_EXIT_NOTHING;
out:
	for (i = 0; sets && i < inputs.n; i++)
		mt_report_set_release(&sets[i]);
	free(sets);
	free(in);
	mt_buf_release(&out);
	mt_symbolizer_free(sym);
	mt_repo_free(repo);
	mt_rules_free(rules);
	mt_strlist_release(&bin_dirs);
	mt_strlist_release(&dbg_dirs);
	mt_strlist_release(&rules_files);
	mt_strlist_release(&inputs);
	return rc;
}
