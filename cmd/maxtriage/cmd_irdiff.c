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

static const mt_command_help help = {
	"irdiff", "maxtriage irdiff [options] DIR | CAPTURE | - | FILE.mlir...",
	"Compare consecutive MLIR lowering stages and report, per transition,\n"
	"ops added, removed, modified, moved and unchanged; which ops were\n"
	"fused into which op; placement changes (cpu/gpu) and transfers added\n"
	"or removed; lowerings into other dialects; and stages that changed\n"
	"nothing. Inputs: a MAX ir-output-dir (MODULAR_DEBUG=ir-output-dir=DIR,\n"
	"graphs grouped by name, stages in pipeline order), a directory from\n"
	"--mlir-print-ir-tree-dir (one timeline per scope), one file captured\n"
	"from --mlir-print-ir-after-all (one stage per dump, one timeline per\n"
	"dumped op; '-' reads it from stdin), or several MLIR files taken as\n"
	"stages in argument order.",
	"exit status: 0 success, 2 bad command line, 3 an input could not be\n"
	"read (stages that cannot be read are reported and skipped; the exit\n"
	"status is then 3).\n\n"
	"examples:\n"
	"  maxtriage irdiff /tmp/ir-dump\n"
	"  maxtriage irdiff --trace model.py:42 /tmp/ir-dump\n"
	"  maxtriage irdiff --show-ir --from mogg --to mgp /tmp/ir-dump\n"
	"  mlir-opt ... --mlir-print-ir-after-all 2>dump.txt;"
	" maxtriage irdiff dump.txt\n"
	"  mlir-opt ... --mlir-print-ir-after-all 2>&1 >/dev/null | maxtriage irdiff -"
};

/* A capture piped in ("-") is copied to a temporary file: stages are
 * mapped (and --show-ir reads them again), which a pipe does not allow.
 * On success *path is the file (unlink and free it). */
static int stdin_to_file(char **path)
{
	const char *dir = getenv("TMPDIR");
	mt_buf name = MT_BUF_INIT;
	char chunk[65536];
	size_t n;
	int fd;

	mt_buf_printf(&name, "%s/maxtriage-irdiff-XXXXXX",
	              dir && *dir ? dir : "/tmp");
	fd = mkstemp(name.ptr);
	if (fd < 0) {
		mt_die_msg("irdiff", "cannot create '%s': %s", name.ptr,
		           strerror(errno));
		mt_buf_release(&name);
		return -1;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		if (write(fd, chunk, n) != (ssize_t)n) {
			mt_die_msg("irdiff", "cannot write '%s': %s", name.ptr,
			           strerror(errno));
			close(fd);
			unlink(name.ptr);
			mt_buf_release(&name);
			return -1;
		}
	if (ferror(stdin)) {
		mt_die_msg("irdiff", "cannot read '%s': %s", "-",
		           strerror(errno));
		close(fd);
		unlink(name.ptr);
		mt_buf_release(&name);
		return -1;
	}
	close(fd);
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

int cmd_irdiff(int argc, char **argv)
{
	progress_line pl = { 0 };
	char *tmp = NULL;
	const char *format = "text", *trace = NULL, *from = NULL, *to = NULL,
	           *graph = NULL;
	int show_ir = 0, help_shown = 0, rc, ret = MT_EXIT_OK;
	mt_strlist pos = { NULL, 0, 0 };
	mt_ir_input *in = NULL;
	mt_irdiff_report rep;
	mt_irdiff_opts o;
	mt_ir_trace tr;
	mt_error err;
	mt_buf out = MT_BUF_INIT;
	// clang-format off
	const mt_option opts[] = {
		{ 'f', "format", MT_OPT_CHOICE, &format, "FMT", "output format",
		  formats },
		{ 0, "trace", MT_OPT_STRING, &trace, "LOC",
		  "follow the ops of one source location (model.py:42 or "
		  "model.py:42:7) through every stage",
		  NULL },
		{ 0, "show-ir", MT_OPT_FLAG, &show_ir, NULL,
		  "print a unified diff of each stage pair, SSA names "
		  "normalised (narrow with --from/--to)",
		  NULL },
		{ 0, "from", MT_OPT_STRING, &from, "STAGE",
		  "start at this stage (name or index)", NULL },
		{ 0, "to", MT_OPT_STRING, &to, "STAGE",
		  "stop at this stage (name or index)", NULL },
		{ 'g', "graph", MT_OPT_STRING, &graph, "NAME",
		  "only this graph (MAX graph name, or tree/after-all scope)",
		  NULL },
		MT_OPT_TERMINATOR
	};
	// clang-format on

	memset(&rep, 0, sizeof(rep));
	rc = mt_opts_parse(&help, opts, argc, argv, &pos, &help_shown);
	if (rc || help_shown) {
		ret = rc ? MT_EXIT_USAGE : MT_EXIT_OK;
		goto out;
	}
	if (!pos.n) {
		mt_die_msg("irdiff",
		           "cannot start '%s': no input given (a "
		           "stage directory, a capture file or MLIR "
		           "files; see --help)",
		           "irdiff");
		ret = MT_EXIT_USAGE;
		goto out;
	}
	memset(&o, 0, sizeof(o));
	if (trace) {
		if (mt_ir_trace_parse(&tr, trace, &err)) {
			mt_die_msg("irdiff", "cannot parse --trace '%s': %s",
			           trace,
			           "expected FILE:LINE or FILE:LINE:COL");
			ret = MT_EXIT_USAGE;
			goto out;
		}
		o.trace = &tr;
		o.trace_spec = trace;
	}
	o.graph = graph;
	o.from = from;
	o.to = to;
	o.show_ir = show_ir;
	/* never on a pipe or a file: scripts and tests read stderr */
	if (isatty(STDERR_FILENO)) {
		o.progress = show_progress;
		o.progress_payload = &pl;
	}
	if (pos.n == 1 && !strcmp(pos.items[0], "-")) {
		if (stdin_to_file(&tmp)) {
			ret = MT_EXIT_INPUT;
			goto out;
		}
		pos.items[0] = tmp;
	}
	rc = mt_ir_input_open(&in, (const char *const *)pos.items, pos.n, &err);
	if (rc) {
		/* err.msg names the path and the reason */
		mt_die_msg("irdiff", "%s", err.msg);
		ret = rc == MT_EUSAGE ? MT_EXIT_USAGE : MT_EXIT_INPUT;
		goto out;
	}
	rc = mt_irdiff_run(&rep, in, &o, &err);
	clear_progress(&pl);
	if (rc) {
		mt_die_msg("irdiff", "%s", err.msg);
		ret = MT_EXIT_USAGE;
		goto out;
	}
	if (!strcmp(format, "json")) {
		if (mt_irdiff_write_json(&out, &rep)) {
			mt_die_msg("irdiff", "cannot write JSON '%s': %s",
			           "stdout", mt_strerror(MT_ENOMEM));
			ret = MT_EXIT_INPUT;
			goto out;
		}
	} else if (!strcmp(format, "markdown")) {
		mt_irdiff_write_markdown(&out, &rep);
	} else if (!strcmp(format, "html")) {
		mt_buf title = MT_BUF_INIT;
		mt_irdiff_excerpts ex;
		size_t k;

		mt_buf_puts(&title, "maxtriage irdiff:");
		for (k = 0; k < pos.n; k++)
			mt_buf_printf(&title, " %s", pos.items[k]);
		mt_irdiff_excerpts_load(&ex, &rep, MT_HTML_STAGE_TEXT,
		                        MT_HTML_TOTAL_TEXT);
		mt_html_render(&out, title.ptr, &rep, &ex, NULL);
		mt_irdiff_excerpts_release(&ex);
		mt_buf_release(&title);
	} else {
		mt_irdiff_write_text(&out, &rep);
	}
	fwrite(out.ptr, 1, out.len, stdout);
	if (fflush(stdout)) {
		mt_die_msg("irdiff", "cannot write '%s': %s", "stdout",
		           "write error");
		ret = MT_EXIT_INPUT;
	}
	{
		size_t gi, i;

		for (gi = 0; gi < rep.ngraphs; gi++)
			for (i = 0; i < rep.graphs[gi].nstages; i++) {
				const mt_irdiff_stage *st =
				        &rep.graphs[gi].stages[i];

				if (st->unreadable) {
					/* the message names the file */
					mt_die_msg("irdiff", "%s", st->problem);
					ret = MT_EXIT_INPUT;
				} else if (st->nproblems) {
					mt_die_msg(
					        "irdiff",
					        "cannot parse all of '%s': "
					        "skipped %zu unreadable part(s), "
					        "first at %s",
					        st->stage->path, st->nproblems,
					        st->problem);
				}
			}
	}
out:
	if (tmp) {
		unlink(tmp);
		free(tmp);
	}
	mt_irdiff_report_release(&rep);
	mt_ir_input_free(in);
	mt_buf_release(&out);
	mt_strlist_release(&pos);
	return ret;
}
