/* cmd_report.c - `maxtriage report --stack FILE --ir DIR`. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/html_output.h"
#include "maxtriage/report_output.h"
#include "maxtriage/stack_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const formats[] = { "text", "json", "markdown", "html",
	                               NULL };

static const cli_command_help help = {
	"report", NULL,
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
	const char *format = "text", *color_when = NULL, *stack_path = NULL,
	           *ir_path = NULL;
	int help_shown = 0, rc;
	cli_triage cli;
	cli_strlist rest = { 0 };
	// clang-format off
	const cli_option opts[] = {
		CLI_REQUIRED_STRING('s', "stack", &stack_path, "FILE",
		                    "the crash dump or log ('-' for stdin)"),
		CLI_REQUIRED_STRING('i', "ir", &ir_path, "PATH",
		                    "the IR dumps: a MAX ir-output-dir, a tree "
		                    "dir, a capture or a .mlir file"),
		CLI_CHOICE('f', "format", &format, "FORMAT", formats,
		           "output format"),
		CLI_COLOR(&color_when),
		CLI_TRIAGE_OPTIONS(&cli),
		CLI_OPT_TERMINATOR
	};
	// clang-format on
	mt_symbolizer *sym = NULL;
	mt_crash_ir c;
	mt_buf text = MT_BUF_INIT, out = MT_BUF_INIT, sdoc = MT_BUF_INIT;
	mt_stack_input si;
	mt_pipeline pipe;

	memset(&cli, 0, sizeof(cli));
	memset(&c, 0, sizeof(c));
	rc = cli_opts_parse(&help, opts, argc, argv, &rest, &help_shown);
	if (rc || help_shown)
		goto out;
	if (rest.n) {
		rc = cli_error(
		        "report", CLI_EXIT_USAGE,
		        "unexpected argument '%s': give --stack FILE and "
		        "--ir PATH (see --help)",
		        rest.items[0]);
		goto out;
	}
	if ((rc = cli_triage_setup(&cli, "report")) ||
	    (rc = cli_triage_symbolizer(&sym, &cli, "report")))
		goto out;
	if (mt_buf_read_file(&text, stack_path) < 0) {
		rc = cli_error("report", CLI_EXIT_INPUT, "cannot read '%s': %s",
		               stack_path, strerror(errno));
		goto out;
	}
	cli_triage_pipeline(&pipe, &cli, sym, cli.repo);
	mt_crash_ir_run(&c, text.ptr, text.len, ir_path, &pipe);
	if (!c.has_ir) {
		rc = cli_error("report", CLI_EXIT_INPUT, "%s", c.ir_note);
		goto out;
	}

	memset(&si, 0, sizeof(si));
	si.path = stack_path;
	si.reports = c.set.reports;
	si.nreports = c.set.n;
	if (!strcmp(format, "html")) {
		mt_html_crash hc = { c.set.reports, c.set.n, &c.joins };
		mt_buf title = MT_BUF_INIT;
		mt_irdiff_excerpts ex;

		mt_buf_printf(&title, "maxtriage report: %s with %s",
		              stack_path, ir_path);
		mt_irdiff_excerpts_load(&ex, &c.ir, MT_HTML_STAGE_TEXT,
		                        MT_HTML_TOTAL_TEXT);
		mt_html_render(&out, title.ptr, &c.ir, &ex, &hc);
		mt_irdiff_excerpts_release(&ex);
		mt_buf_release(&title);
	} else if (!strcmp(format, "json")) {
		int jrc = mt_report_render_json(&out, &si, &c.ir, &c.joins);

		if (jrc < 0) {
			rc = cli_error("report", CLI_EXIT_INPUT,
			               "cannot write JSON: %s",
			               mt_strerror(jrc));
			goto out;
		}
	} else if (!strcmp(format, "markdown")) {
		mt_stack_render_markdown(&sdoc, &si, 1);
		mt_report_render_markdown(&out, sdoc.ptr, c.set.reports,
		                          &c.joins);
	} else {
		mt_stack_render_text(&sdoc, &si, 1,
		                     cli_use_color(stdout, color_when));
		mt_report_render_text(&out, sdoc.ptr, c.set.reports, &c.joins);
	}
	fwrite(out.ptr, 1, out.len, stdout);
	fflush(stdout);
	rc = c.ir.unreadable ? CLI_EXIT_INPUT
	     : c.set.n       ? CLI_EXIT_OK
	                     : CLI_EXIT_NOTHING;
out:
	mt_crash_ir_release(&c);
	cli_symbolizer_done(sym, "report");
	mt_buf_release(&text);
	mt_buf_release(&out);
	mt_buf_release(&sdoc);
	cli_triage_release(&cli);
	cli_strlist_release(&rest);
	return rc;
}
