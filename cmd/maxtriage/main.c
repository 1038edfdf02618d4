/* main.c - maxtriage entry point: one table of subcommands. */
#include "cmd.h"

#include <stdio.h>
#include <string.h>

// clang-format off
static const struct {
	const char *name;
	cli_cmd_fn fn;
	const char *summary;
} commands[] = {
	{ "stack", cmd_stack, "symbolize, classify and fingerprint crash dumps" },
	{ "symbolize", cmd_symbolize, "resolve addresses like llvm-symbolizer" },
	{ "irdiff", cmd_irdiff, "diff consecutive MLIR lowering stages" },
	{ "bucket", cmd_bucket, "triage many dumps and group them by fingerprint" },
	{ "report", cmd_report, "join a crash with the compiler's IR stages" },
	{ "run", cmd_run, "run a command with MAX debugging on, triage it if it fails" },
};
// clang-format on

static void usage(FILE *out)
{
	size_t i;

	fprintf(out,
	        "usage: maxtriage COMMAND [options] [args]\n\n"
	        "Offline crash and compiler-IR triage for MAX and Mojo.\n\n"
	        "commands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-10s %s\n", commands[i].name,
		        commands[i].summary);
	fprintf(out, "  %-10s %s\n", "help", "show help for a command");
	fprintf(out,
	        "\nRun 'maxtriage COMMAND --help' for a command's options.\n");
}

/* Whether b is name or name-NN (a version suffix, as Debian's
 * llvm-symbolizer-19). */
static int is_tool(const char *b, const char *name)
{
	size_t k = strlen(name), n;

	if (strncmp(b, name, k))
		return 0;
	b += k;
	if (!*b)
		return 1;
	n = strspn(b + 1, "0123456789");
	return b[0] == '-' && n > 0 && !b[1 + n];
}

/* Started as llvm-symbolizer[-NN], llvm-addr2line[-NN] or addr2line (a
 * link, for sanitizers, LLVM's crash handler, scripts and LLVM's own
 * tests): be that tool. */
static cli_cmd_fn tool_for(const char *argv0)
{
	const char *b = strrchr(argv0, '/');

	b = b ? b + 1 : argv0;
	if (!strcmp(b, "addr2line"))
		return cmd_addr2line;
	if (is_tool(b, "llvm-addr2line"))
		return cmd_llvm_addr2line;
	return is_tool(b, "llvm-symbolizer") ? cmd_llvm_symbolizer : NULL;
}

int main(int argc, char **argv)
{
	size_t i;
	const char *name;
	cli_cmd_fn tool = argc > 0 ? tool_for(argv[0]) : NULL;

	if (tool)
		return tool(argc, argv);
	if (argc < 2) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	name = argv[1];
	if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(name, "--version") || !strcmp(name, "version")) {
		printf("maxtriage %s\n", MAXTRIAGE_VERSION);
		return 0;
	}
	if (!strcmp(name, "help")) {
		if (argc < 3) {
			usage(stdout);
			return 0;
		}
		for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
			if (!strcmp(argv[2], commands[i].name)) {
				char *hargv[] = { argv[2], "--help", NULL };
				return commands[i].fn(2, hargv);
			}
		return cli_error(NULL, CLI_EXIT_USAGE, "no such command '%s'",
		                 argv[2]);
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(name, commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	return cli_error(NULL, CLI_EXIT_USAGE,
	                 "unknown command '%s' (see 'maxtriage --help')", name);
}
