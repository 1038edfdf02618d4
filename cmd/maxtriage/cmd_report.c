/* cmd_report.c - `maxtriage report --stack FILE --ir DIR`. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/html_output.h"
#include "maxtriage/join.h"
#include "maxtriage/stack_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const formats[] = { "text", "json", "markdown", "html",
	                               NULL };

static const mt_command_help help = {
	"report",
	"maxtriage report --stack FILE --ir DIR|CAPTURE|FILE.mlir [options]",
	"Join a crash with the compiler's IR dumps. A MAX error names the failing\n"
	"kernel (\"An error occurred in kernel named X\"), the op log names the ops in\n"
	"flight, the crash point names a function: each is looked up in the IR\n"
	"stages as ops and fusions, with the member ops, their source locations,\n"
	"the stage where they were fused and the device they were placed on.",
	"exit status: 0 a report was produced, 1 no crash or error in the stack\n"
	"input, 2 usage error, 3 an input could not be read.\n"
	"JSON schema: maxtriage.report.v1 (docs/json-report.md)."
};

int cmd_report(int argc, char **argv)
{
	const char *format = "text", *stack_path = NULL, *ir_path = NULL;
	int help_shown = 0, rc;
	mt_triage_cli cli;
	mt_strlist rest = { 0 };
	// clang-format off
	mt_option opts[] = {
		{ 's', "stack", MT_OPT_STRING, &stack_path, "FILE", "the crash dump or log ('-' for stdin)", NULL },
		{ 'i', "ir", MT_OPT_STRING, &ir_path, "PATH", "the IR dumps: a MAX ir-output-dir, a tree dir, a capture or a .mlir file", NULL },
		{ 'f', "format", MT_OPT_CHOICE, &format, "FORMAT", "output format", formats },
		MT_TRIAGE_CLI_OPTIONS(&cli),
		MT_OPT_TERMINATOR
	};
	// clang-format on
	mt_symbolizer *sym = NULL;
	mt_report_set set;
	mt_ir_input *in = NULL;
	mt_irdiff_report rep;
	mt_irdiff_opts io;
	mt_join_set js;
	mt_buf text = MT_BUF_INIT, out = MT_BUF_INIT, sdoc = MT_BUF_INIT;
	mt_stack_input si;
	mt_pipeline pipe;
	mt_error err;

	memset(&cli, 0, sizeof(cli));
	memset(&set, 0, sizeof(set));
	memset(&rep, 0, sizeof(rep));
	memset(&io, 0, sizeof(io));
	memset(&js, 0, sizeof(js));
	rc = mt_opts_parse(&help, opts, argc, argv, &rest, &help_shown);
	if (rc || help_shown)
		goto out;
	if (!stack_path || !ir_path || rest.n) {
		mt_die_msg("report",
		           "give --stack FILE and --ir PATH (see --help)");
		rc = MT_EXIT_USAGE;
		goto out;
	}
	if ((rc = mt_triage_cli_setup(&cli, "report")) ||
	    (rc = mt_triage_cli_symbolizer(&sym, &cli, "report")))
		goto out;
	if (mt_buf_read_file(&text, stack_path) < 0) {
		mt_die_msg("report", "cannot read '%s': %s", stack_path,
		           strerror(errno));
		rc = MT_EXIT_INPUT;
		goto out;
	}
	{
		const char *paths[1] = { ir_path };

		if (mt_ir_input_open(&in, paths, 1, &err) < 0 ||
		    mt_irdiff_run(&rep, in, &io, &err) < 0) {
			mt_die_msg("report", "%s", err.msg);
			rc = MT_EXIT_INPUT;
			goto out;
		}
	}
	mt_triage_cli_pipeline(&pipe, &cli, sym, cli.repo);
	mt_triage_text(&set, text.ptr, text.len, &pipe);
	mt_join_reports(&js, set.reports, set.n, in, &rep);

	memset(&si, 0, sizeof(si));
	si.path = stack_path;
	si.reports = set.reports;
	si.nreports = set.n;
	if (!strcmp(format, "html")) {
		mt_html_crash hc = { set.reports, set.n, &js };
		mt_buf title = MT_BUF_INIT;
		mt_irdiff_excerpts ex;

		mt_buf_printf(&title, "maxtriage report: %s with %s",
		              stack_path, ir_path);
		mt_irdiff_excerpts_load(&ex, &rep, MT_HTML_STAGE_TEXT,
		                        MT_HTML_TOTAL_TEXT);
		mt_html_render(&out, title.ptr, &rep, &ex, &hc);
		mt_irdiff_excerpts_release(&ex);
		mt_buf_release(&title);
	} else if (!strcmp(format, "json")) {
		int jrc = mt_report_render_json(&out, &si, &rep, &js);

		if (jrc < 0) {
			mt_die_msg("report", "cannot write JSON: %s",
			           mt_strerror(jrc));
			rc = MT_EXIT_INPUT;
			goto out;
		}
	} else if (!strcmp(format, "markdown")) {
		mt_stack_render_markdown(&sdoc, &si, 1);
		mt_report_render_markdown(&out, sdoc.ptr, set.reports, &js);
	} else {
		mt_stack_render_text(&sdoc, &si, 1, mt_use_color(stdout));
		mt_report_render_text(&out, sdoc.ptr, set.reports, &js);
	}
	fwrite(out.ptr, 1, out.len, stdout);
	fflush(stdout);
	rc = rep.unreadable ? MT_EXIT_INPUT
	     : set.n        ? MT_EXIT_OK
	                    : MT_EXIT_NOTHING;
out:
	mt_join_set_release(&js);
	mt_irdiff_report_release(&rep);
	mt_ir_input_free(in);
	mt_report_set_release(&set);
	mt_symbolizer_done(sym, "report");
	mt_buf_release(&text);
	mt_buf_release(&out);
	mt_buf_release(&sdoc);
	mt_triage_cli_release(&cli);
	mt_strlist_release(&rest);
	return rc;
}
