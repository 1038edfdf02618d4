/* cmd_stack.c - `maxtriage stack`: read dumps, symbolize, classify. */
#include "cmd.h"
#include "triage_cli.h"

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

static const cli_command_help help = {
	"stack", "FILE...",
	"Read crash dumps printed by MAX and Mojo (MODULAR_DEBUG=stack-trace-on-crash,\n"
	"stack-trace-on-error), LLVM, sanitizers and Python, mixed with logs (FILE '-',\n"
	"or no FILE when stdin is not a terminal, reads standard input). Each dump\n"
	"becomes a report: frames resolved against the binaries and their debug info\n"
	"(inline chains, faulting instruction), each frame classified as handler,\n"
	"system, runtime, kernel, model or unknown, the crash point and failure kind,\n"
	"a signature and a fingerprint for bucketing.",
	"exit status: 0 a report was produced, 1 no crash or error found in the input,\n"
	"2 usage error, 3 an input could not be read (other inputs are still reported).\n"
	"JSON schema: maxtriage.stack.v1 (docs/json-stack.md); rules: docs/rules.md."
};

/* Read an input: an ELF core only as far as its header (it is read by
 * path when unwound, and may be gigabytes), anything else whole. */
static int read_input(mt_buf *b, const char *path)
{
	unsigned char head[64];
	FILE *f;
	size_t n;

	if (!strcmp(path, "-"))
		return mt_buf_read_file(b, path);
	f = fopen(path, "rb");
	if (!f)
		return MT_EIO;
	n = fread(head, 1, sizeof(head), f);
	fclose(f);
	if (n == sizeof(head) && mt_triage_is_image(head, n) &&
	    memcmp(head, "MDMP", 4)) {
		mt_buf_put(b, (const char *)head, n);
		return 0;
	}
	return mt_buf_read_file(b, path);
}

/* A minidump or core: one report, or a one-line error (the file's other
 * problems are warnings in the report). */
static int triage_image(mt_report_set *set,
                        const char *path,
                        const mt_buf *data,
                        const mt_pipeline *pipe)
{
	mt_error err = { 0, "" };
	int rc = mt_triage_image(set, path, data->ptr, data->len, pipe, &err);

	if (rc < 0)
		cli_message("stack", "cannot read '%s': %s", path, err.msg);
	return rc;
}

int cmd_stack(int argc, char **argv)
{
	const char *format = "text";
	int help_shown = 0, color = 0;
	cli_triage cli;
	cli_strlist inputs = { 0 };
	// clang-format off
	const cli_option opts[] = {
		CLI_CHOICE('f', "format", &format, "FORMAT", formats,
		           "output format"),
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
		mt_buf text = MT_BUF_INIT;

		in[i].path = inputs.items[i];
		if (read_input(&text, inputs.items[i]) < 0) {
			cli_message("stack", "cannot read '%s': %s",
			            inputs.items[i], strerror(errno));
			in[i].error = "cannot read input";
			unreadable = 1;
			mt_buf_release(&text);
			continue;
		}
		if (mt_triage_is_image(text.ptr, text.len)) {
			if (triage_image(&sets[i], inputs.items[i], &text,
			                 &pipe) < 0) {
				in[i].error = "cannot read dump";
				unreadable = 1;
			}
		} else {
			mt_triage_text(&sets[i], text.ptr, text.len, &pipe);
		}
		mt_buf_release(&text);
		in[i].reports = sets[i].reports;
		in[i].nreports = sets[i].n;
		total += sets[i].n;
	}

	color = !strcmp(format, "text") && cli_use_color(stdout);
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
	return rc;
}
