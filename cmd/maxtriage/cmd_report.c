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

/* Whether an op found for report i in the IR carries a source location
 * (a Python call site, when MAX recorded them). */
static int has_call_sites(const mt_join_set *js, size_t i)
{
	size_t j, h, m;

	for (j = 0; j < js->n; j++) {
		const mt_join *jn = &js->joins[j];

		if (jn->report != i)
			continue;
		for (h = 0; h < jn->nhits; h++) {
			const mt_join_hit *hit = &jn->hits[h];

			if (hit->op.nlocs)
				return 1;
			for (m = 0; m < hit->nmembers; m++)
				if (hit->members[m].nlocs)
					return 1;
		}
	}
	return 0;
}

/* The next steps again, now that the join says what the IR holds. */
static void refresh_next_steps(mt_report_set *set,
                               const mt_join_set *js,
                               const mt_next_steps_opts *next)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		mt_next_steps_opts o = *next;

		o.ir_call_sites = has_call_sites(js, i);
		if (o.ir_call_sites)
			mt_triage_next_steps(&set->reports[i], &o);
	}
}

int cmd_report(int argc, char **argv)
{
	const char *format = "text", *stack_path = NULL, *ir_path = NULL;
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
		CLI_TRIAGE_OPTIONS(&cli),
		CLI_OPT_TERMINATOR
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
	{
		const char *paths[1] = { ir_path };

		if (mt_ir_input_open(&in, paths, 1, &err) < 0 ||
		    mt_irdiff_run(&rep, in, &io, &err) < 0) {
			rc = cli_error("report", CLI_EXIT_INPUT, "%s", err.msg);
			goto out;
		}
	}
	cli_triage_pipeline(&pipe, &cli, sym, cli.repo);
	pipe.next.ir_given = 1; /* the IR is joined below: never ask for it */
	mt_triage_text(&set, text.ptr, text.len, &pipe);
	mt_join_reports(&js, set.reports, set.n, in, &rep);
	refresh_next_steps(&set, &js, &pipe.next);

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
			rc = cli_error("report", CLI_EXIT_INPUT,
			               "cannot write JSON: %s",
			               mt_strerror(jrc));
			goto out;
		}
	} else if (!strcmp(format, "markdown")) {
		mt_stack_render_markdown(&sdoc, &si, 1);
		mt_report_render_markdown(&out, sdoc.ptr, set.reports, &js);
	} else {
		mt_stack_render_text(&sdoc, &si, 1, cli_use_color(stdout));
		mt_report_render_text(&out, sdoc.ptr, set.reports, &js);
	}
	fwrite(out.ptr, 1, out.len, stdout);
	fflush(stdout);
	rc = rep.unreadable ? CLI_EXIT_INPUT
	     : set.n        ? CLI_EXIT_OK
	                    : CLI_EXIT_NOTHING;
out:
	mt_join_set_release(&js);
	mt_irdiff_report_release(&rep);
	mt_ir_input_free(in);
	mt_report_set_release(&set);
	cli_symbolizer_done(sym, "report");
	mt_buf_release(&text);
	mt_buf_release(&out);
	mt_buf_release(&sdoc);
	cli_triage_release(&cli);
	cli_strlist_release(&rest);
	return rc;
}
