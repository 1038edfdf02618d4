/* cmd_irdiff.c - `maxtriage irdiff`: what the compiler did, stage by stage. */
#include "cmd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/common.h"
#include "maxtriage/ir.h"
#include "maxtriage/html_output.h"
#include "maxtriage/irdiff_output.h"

static const char *const formats[] = { "text", "json", "markdown", "html",
	                               NULL };

static const cli_command_help help = {
	"irdiff", "DIR | CAPTURE | - | FILE.mlir|FILE.ll...",
	"Compare consecutive MLIR lowering stages and report, per transition,\n"
	"ops added, removed, modified, moved and unchanged; which ops were\n"
	"fused into which op; placement changes (cpu/gpu) and transfers added\n"
	"or removed; lowerings into other dialects; and stages that changed\n"
	"nothing. Inputs: a MAX ir-output-dir (MODULAR_DEBUG=ir-output-dir=DIR,\n"
	"graphs grouped by name, stages in pipeline order), a directory from\n"
	"--mlir-print-ir-tree-dir (one timeline per scope), one file captured\n"
	"from --mlir-print-ir-after-all (one stage per dump, each the whole\n"
	"module at that point; '-' reads it from stdin), or several MLIR files\n"
	"taken as stages in argument order. LLVM IR is read too: an opt/llc\n"
	"capture (-print-after-all, -print-before-all, -print-changed,\n"
	"-print-module-scope) or .ll files as stages, with functions removed,\n"
	"inlined and vectorized.",
	"exit status: 0 success, 2 bad command line, 3 an input could not be\n"
	"read (stages that cannot be read are reported and skipped; the exit\n"
	"status is then 3).\n\n"
	"examples:\n"
	"  maxtriage irdiff /tmp/ir-dump\n"
	"  maxtriage irdiff --trace model.py:42 /tmp/ir-dump\n"
	"  maxtriage irdiff --show-ir --from mogg --to mgp /tmp/ir-dump\n"
	"  mlir-opt ... --mlir-print-ir-after-all 2>dump.txt;"
	" maxtriage irdiff dump.txt\n"
	"  mlir-opt ... --mlir-print-ir-after-all 2>&1 >/dev/null | maxtriage irdiff -\n"
	"  opt-19 -passes='default<O2>' -print-after-all -print-module-scope\n"
	"    f.ll -o /dev/null 2>opt.txt; maxtriage irdiff opt.txt"
};

/* A capture piped in ("-") is copied to a temporary file: stages are
 * mapped (and --show-ir reads them again), which a pipe does not allow.
 * On success *path is the file (unlink and free it); else CLI_EXIT_INPUT
 * after saying why. */
static int stdin_to_file(char **path)
{
	const char *dir = getenv("TMPDIR");
	mt_buf name = MT_BUF_INIT;
	char chunk[65536];
	size_t n;
	int fd, rc = 0;

	mt_buf_printf(&name, "%s/maxtriage-irdiff-XXXXXX",
	              dir && *dir ? dir : "/tmp");
	fd = mkstemp(name.ptr);
	if (fd < 0) {
		rc = cli_error("irdiff", CLI_EXIT_INPUT,
		               "cannot create '%s': %s", name.ptr,
		               strerror(errno));
		mt_buf_release(&name);
		return rc;
	}
	while (!rc && (n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		if (write(fd, chunk, n) != (ssize_t)n)
			rc = cli_error("irdiff", CLI_EXIT_INPUT,
			               "cannot write '%s': %s", name.ptr,
			               strerror(errno));
	if (!rc && ferror(stdin))
		rc = cli_error("irdiff", CLI_EXIT_INPUT, "cannot read '%s': %s",
		               "-", strerror(errno));
	close(fd);
	if (rc) {
		unlink(name.ptr);
		mt_buf_release(&name);
		return rc;
	}
	*path = mt_buf_detach(&name);
	return 0;
}

/* Width of the last progress line, so that a shorter one (and the final
 * clear) overwrites all of it. */
typedef struct progress_line {
	int width;
} progress_line;

/* "irdiff: stage K/N NAME (X MB)" on the terminal, rewritten in place:
 * a 139 MB stage takes seconds to parse and the user should see it move.
 * Only called when stderr is a terminal. */
static void show_progress(void *payload, const mt_irdiff_progress *p)
{
	progress_line *pl = payload;
	int w;

	w = fprintf(stderr, "\rirdiff: stage %zu/%zu %s (%zu MB)", p->index,
	            p->count, p->stage, p->done >> 20);
	if (w > 0 && w < pl->width)
		fprintf(stderr, "%*s", pl->width - w, "");
	if (w > pl->width)
		pl->width = w;
	fflush(stderr);
}

static void clear_progress(progress_line *pl)
{
	if (pl->width > 0)
		fprintf(stderr, "\r%*s\r", pl->width, "");
	pl->width = 0;
}

/* What the command line says, before it becomes mt_irdiff_opts. */
typedef struct irdiff_args {
	const char *format, *trace, *from, *to, *graph;
	const char *color; /* --color WHEN, NULL: auto */
	int show_ir;
} irdiff_args;

/* The options of --trace, --graph, --from/--to, --show-ir and progress
 * into o (tr holds the parsed --trace). 0 or CLI_EXIT_USAGE. */
static int set_opts(mt_irdiff_opts *o,
                    mt_ir_trace *tr,
                    progress_line *pl,
                    const irdiff_args *a)
{
	mt_error err;

	memset(o, 0, sizeof(*o));
	if (a->trace) {
		if (mt_ir_trace_parse(tr, a->trace, &err))
			return cli_error("irdiff", CLI_EXIT_USAGE,
			                 "cannot parse --trace '%s': %s",
			                 a->trace,
			                 "expected FILE:LINE or FILE:LINE:COL");
		o->trace = tr;
		o->trace_spec = a->trace;
	}
	o->graph = a->graph;
	o->from = a->from;
	o->to = a->to;
	o->show_ir = a->show_ir;
	/* never on a pipe or a file: scripts and tests read stderr */
	if (isatty(STDERR_FILENO)) {
		o->progress = show_progress;
		o->progress_payload = pl;
	}
	return 0;
}

/* The report in text, markdown or HTML (the JSON is streamed). */
static void render(mt_buf *out,
                   const char *format,
                   const char *color_when,
                   const mt_irdiff_report *rep,
                   const cli_strlist *inputs)
{
	if (!strcmp(format, "markdown")) {
		mt_irdiff_write_markdown(out, rep);
	} else if (!strcmp(format, "html")) {
		mt_buf title = MT_BUF_INIT;
		mt_irdiff_excerpts ex;
		size_t k;

		mt_buf_puts(&title, "maxtriage irdiff:");
		for (k = 0; k < inputs->n; k++)
			mt_buf_printf(&title, " %s", inputs->items[k]);
		mt_irdiff_excerpts_load(&ex, rep, MT_HTML_STAGE_TEXT,
		                        MT_HTML_TOTAL_TEXT);
		mt_html_render(out, title.ptr, rep, &ex, NULL);
		mt_irdiff_excerpts_release(&ex);
		mt_buf_release(&title);
	} else {
		mt_irdiff_write_text_color(out, rep,
		                           cli_use_color(stdout, color_when));
	}
}

/* One line for a stage that could not be read (exit 3) or was read only
 * in part (reported, exit unchanged). Returns CLI_EXIT_INPUT or 0. */
static int stage_problem(const mt_irdiff_stage *st)
{
	if (st->unreadable)
		/* the message names the file */
		return cli_error("irdiff", CLI_EXIT_INPUT, "%s", st->problem);
	if (st->nproblems)
		cli_message("irdiff",
		            "cannot parse all of '%s': skipped %zu unreadable "
		            "part(s), first at %s",
		            st->stage->path, st->nproblems, st->problem);
	return 0;
}

static int report_stage_problems(const mt_irdiff_report *rep)
{
	size_t gi, i;
	int rc = 0;

	for (gi = 0; gi < rep->ngraphs; gi++)
		for (i = 0; i < rep->graphs[gi].nstages; i++)
			if (stage_problem(&rep->graphs[gi].stages[i]))
				rc = CLI_EXIT_INPUT;
	return rc;
}

/* --format json, written while irdiff runs (mt_irdiff_json_stream),
 * with each stage's problem said as it comes (the sink after the
 * writer's). */
typedef struct json_out {
	mt_irdiff_json_stream js;
	mt_irdiff_sink problems_sink;
	int problems; /* CLI_EXIT_INPUT once a stage could not be read */
} json_out;

static void note_problem(void *payload,
                         const mt_irdiff_report *r,
                         const mt_irdiff_graph *g,
                         const mt_irdiff_stage *st)
{
	int *problems = payload;

	(void)r;
	(void)g;
	if (stage_problem(st))
		*problems = CLI_EXIT_INPUT;
}

static void json_out_init(json_out *jo)
{
	memset(&jo->problems_sink, 0, sizeof(jo->problems_sink));
	jo->problems = 0;
	jo->problems_sink.payload = &jo->problems;
	jo->problems_sink.stage = note_problem;
	mt_irdiff_json_stream_init(&jo->js, stdout, &jo->problems_sink);
}

/* The end of the document (rep NULL: the run failed, none is written):
 * 0 or CLI_EXIT_INPUT. */
static int json_out_finish(json_out *jo, const mt_irdiff_report *rep)
{
	int rc = mt_irdiff_json_stream_finish(&jo->js, rep);

	if (rc)
		return cli_error("irdiff", CLI_EXIT_INPUT,
		                 "cannot write JSON '%s': %s", "stdout",
		                 mt_strerror(rc));
	return jo->problems;
}

int cmd_irdiff(int argc, char **argv)
{
	progress_line pl = { 0 };
	char *tmp = NULL;
	irdiff_args a = { "text", NULL, NULL, NULL, NULL, NULL, 0 };
	int help_shown = 0, rc, ret = CLI_EXIT_OK;
	cli_strlist pos = { NULL, 0, 0 };
	mt_ir_input *in = NULL;
	mt_irdiff_report rep;
	mt_irdiff_opts o;
	mt_ir_trace tr;
	mt_error err;
	mt_buf out = MT_BUF_INIT;
	json_out jo;
	int json;
	// clang-format off
	const cli_option opts[] = {
		CLI_CHOICE('f', "format", &a.format, "FMT", formats,
		           "output format"),
		CLI_STRING(0, "trace", &a.trace, "LOC",
		           "follow the ops of one source location (model.py:42 "
		           "or model.py:42:7) through every stage"),
		CLI_FLAG(0, "show-ir", &a.show_ir,
		         "print a unified diff of each stage pair, SSA names "
		         "normalised (narrow with --from/--to)"),
		CLI_STRING(0, "from", &a.from, "STAGE",
		           "start at this stage (name or index)"),
		CLI_STRING(0, "to", &a.to, "STAGE",
		           "stop at this stage (name or index)"),
		CLI_STRING('g', "graph", &a.graph, "NAME",
		           "only this graph (MAX graph name or tree scope)"),
		CLI_COLOR(&a.color),
		CLI_OPT_TERMINATOR
	};
	// clang-format on

	memset(&rep, 0, sizeof(rep));
	rc = cli_opts_parse(&help, opts, argc, argv, &pos, &help_shown);
	if (rc || help_shown) {
		ret = rc ? CLI_EXIT_USAGE : CLI_EXIT_OK;
		goto out;
	}
	if (!pos.n) {
		ret = cli_error("irdiff", CLI_EXIT_USAGE,
		                "cannot start '%s': no input given (a "
		                "stage directory, a capture file or MLIR "
		                "files; see --help)",
		                "irdiff");
		goto out;
	}
	if ((ret = set_opts(&o, &tr, &pl, &a)))
		goto out;
	if (pos.n == 1 && !strcmp(pos.items[0], "-")) {
		if ((ret = stdin_to_file(&tmp)))
			goto out;
		pos.items[0] = tmp;
	}
	rc = mt_ir_input_open(&in, (const char *const *)pos.items, pos.n, &err);
	if (rc) {
		/* err.msg names the path and the reason */
		ret = cli_error("irdiff",
		                rc == MT_EUSAGE ? CLI_EXIT_USAGE
		                                : CLI_EXIT_INPUT,
		                "%s", err.msg);
		goto out;
	}
	json = !strcmp(a.format, "json");
	if (json) {
		json_out_init(&jo);
		o.sink = &jo.js.sink;
	}
	rc = mt_irdiff_run(&rep, in, &o, &err);
	clear_progress(&pl);
	if (json)
		ret = json_out_finish(&jo, rc ? NULL : &rep);
	if (rc) {
		ret = cli_error("irdiff", CLI_EXIT_USAGE, "%s", err.msg);
		goto out;
	}
	if (json)
		goto out;
	render(&out, a.format, a.color, &rep, &pos);
	fwrite(out.ptr, 1, out.len, stdout);
	if (fflush(stdout))
		ret = cli_error("irdiff", CLI_EXIT_INPUT,
		                "cannot write '%s': %s", "stdout",
		                "write error");
	rc = report_stage_problems(&rep);
	ret = rc ? rc : ret;
out:
	if (tmp) {
		unlink(tmp);
		free(tmp);
	}
	mt_irdiff_report_release(&rep);
	mt_ir_input_free(in);
	mt_buf_release(&out);
	cli_strlist_release(&pos);
	return ret;
}
