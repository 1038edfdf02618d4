/*
 * cmd.h - the command line: subcommands, declarative options, exit codes.
 *
 * Each subcommand lives in cmd_<name>.c and declares one table of
 * cli_option that parses its arguments, prints its --help and writes its
 * usage line, so none of the three can drift from what is accepted.
 * Names here are cli_ / CLI_: they belong to the command line, not to the
 * library (mt_), and only cmd/ prints or chooses exit statuses.
 */
#ifndef MAXTRIAGE_CMD_H
#define MAXTRIAGE_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* maxtriage's version (--version, SARIF's tool.driver.version) */
#ifndef MAXTRIAGE_VERSION
#define MAXTRIAGE_VERSION "0.1.0"
#endif

/* The exit statuses (docs/exit-codes.md says which command uses which;
 * `run` passes its command's own status through instead). */
enum {
	CLI_EXIT_OK = 0, /* a result was produced */
	CLI_EXIT_NOTHING = 1, /* nothing to report (bucket: new buckets) */
	CLI_EXIT_USAGE = 2, /* bad command line */
	CLI_EXIT_INPUT = 3 /* an input could not be read */
};

/* The largest dump file `bucket` reads (docs/reliability.md): memory is
 * about the size of the file, per worker. */
#define CLI_INPUT_MAX ((uint64_t)1 << 30)

typedef enum {
	CLI_OPT_FLAG, /* int *: set to 1 */
	CLI_OPT_STRING, /* const char **: last one wins */
	CLI_OPT_LIST, /* cli_strlist *: repeatable */
	CLI_OPT_CHOICE, /* const char **: one of choices */
	CLI_OPT_INT, /* long *: decimal */
	CLI_OPT_END
} cli_opt_kind;

typedef struct cli_strlist {
	const char **items;
	size_t n, cap;
} cli_strlist;

typedef struct cli_option {
	char short_name; /* 0 for none */
	const char *long_name; /* without "--" */
	cli_opt_kind kind;
	void *value;
	const char *argname; /* shown in help, e.g. "DIR" */
	const char *help;
	const char *const *choices; /* NULL-terminated, for CLI_OPT_CHOICE */
	int required; /* must be given; shown in the usage line */
} cli_option;

/*
 * Constructors for option-table entries. Each checks at compile time that
 * the variable has the type its kind writes through (a `long` given to
 * CLI_FLAG does not compile), which a bare `void *` cannot.
 */
// clang-format off
#define CLI_TYPED_(type, p) _Generic((p), type: (p))
#define CLI_FLAG(s, name, p, help) \
	{ (s), (name), CLI_OPT_FLAG, CLI_TYPED_(int *, p), NULL, (help), NULL, 0 }
#define CLI_STRING(s, name, p, arg, help) \
	{ (s), (name), CLI_OPT_STRING, CLI_TYPED_(const char **, p), (arg), (help), NULL, 0 }
/* The same, but the command cannot run without it (its variable must
 * start NULL); it is shown in the usage line. */
#define CLI_REQUIRED_STRING(s, name, p, arg, help) \
	{ (s), (name), CLI_OPT_STRING, CLI_TYPED_(const char **, p), (arg), (help), NULL, 1 }
#define CLI_LIST(s, name, p, arg, help) \
	{ (s), (name), CLI_OPT_LIST, CLI_TYPED_(cli_strlist *, p), (arg), (help), NULL, 0 }
#define CLI_CHOICE(s, name, p, arg, choices, help) \
	{ (s), (name), CLI_OPT_CHOICE, CLI_TYPED_(const char **, p), (arg), (help), (choices), 0 }
#define CLI_INT(s, name, p, arg, help) \
	{ (s), (name), CLI_OPT_INT, CLI_TYPED_(long *, p), (arg), (help), NULL, 0 }
#define CLI_OPT_TERMINATOR { 0, NULL, CLI_OPT_END, NULL, NULL, NULL, NULL, 0 }
// clang-format on

/* What --help says about a command besides its options. The usage line
 * is built from name, the table's required options and args:
 * "maxtriage NAME [--req ARG]... [options] ARGS". */
typedef struct cli_command_help {
	const char *name;
	const char *args; /* positional arguments ("FILE..."), or NULL */
	const char *summary; /* one paragraph */
	const char *epilog; /* exit codes, examples; may be NULL */
} cli_command_help;

/*
 * Parse argv[1..] against opts. Non-option arguments are collected into
 * positional (in order); "--" ends options (everything after is positional).
 * "-h"/"--help" prints help to stdout and sets *help_shown. Returns 0, or
 * CLI_EXIT_USAGE after printing a one-line error to stderr (also when a
 * required option is missing).
 */
int cli_opts_parse(const cli_command_help *h,
                   const cli_option *opts,
                   int argc,
                   char **argv,
                   cli_strlist *positional,
                   int *help_shown);
/* The same, but like env(1): the first non-option argument and everything
 * after it are positional (for `run -- COMMAND ARGS`, "--" optional). */
int cli_opts_parse_command(const cli_command_help *h,
                           const cli_option *opts,
                           int argc,
                           char **argv,
                           cli_strlist *positional,
                           int *help_shown);
void cli_opts_print_help(FILE *out,
                         const cli_command_help *h,
                         const cli_option *opts);
/* Write the usage line (without "usage: " and newline) to out. */
void cli_opts_print_usage(FILE *out,
                          const cli_command_help *h,
                          const cli_option *opts);
/* argv with response files read (argfiles.c): each "@FILE" that can be
 * read becomes the words in it (the GNU way of splitting, nested files
 * too), one that cannot stays as it is; with env_var set, the words of
 * that environment variable come first (LLVM's
 * setInitialOptionsFromEnvironment: the command line can override
 * them). argv[0] is kept. Release with cli_args_release. */
typedef struct cli_args {
	int argc;
	char **argv; /* NULL-terminated, argc entries */
	char **vec, **owned;
	size_t n, cap, n_owned, cap_owned;
} cli_args;
void cli_args_expand(cli_args *a, int argc, char **argv, const char *env_var);
void cli_args_release(cli_args *a);

/* A size: decimal digits, then K, M, G or T (powers of 1024, an
 * optional "iB" or "B" after them). 0 and *out, or -1 when s is not
 * one or is over 2^62. */
int cli_parse_size(const char *s, uint64_t *out);

void cli_strlist_push(cli_strlist *l, const char *s);
void cli_strlist_release(cli_strlist *l);

/* Print "maxtriage: <cmd>: <msg>" to stderr (cmd NULL: "maxtriage: <msg>")
 * and return code, so a failure reads `return cli_error(...)` or
 * `rc = cli_error(...); goto out;`. */
int cli_error(const char *cmd, int code, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* The same line for a problem that does not decide the exit status by
 * itself (one bad input among several, a stage that was skipped). */
void cli_message(const char *cmd, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* The choices of --color, and the option itself for a command's table:
 * its variable starts NULL (auto). */
extern const char *const cli_color_choices[];
#define CLI_COLOR(p)                                                      \
	CLI_CHOICE(0, "color", p, "WHEN", cli_color_choices,              \
	           "colour the text output (auto: on a terminal or when " \
	           "FORCE_COLOR is set, never when NO_COLOR is)")
/* Whether colour should be used on this stream: --color always / never
 * as given (when NULL or "auto": never when NO_COLOR is set and not
 * empty, always when FORCE_COLOR is set and not empty or "0", else when
 * the stream is a terminal). */
int cli_use_color(FILE *f, const char *when);

typedef int (*cli_cmd_fn)(int argc, char **argv);

int cmd_stack(int argc, char **argv);
int cmd_symbolize(int argc, char **argv);
/* cmd_symbolize started under another tool's name (argv[0]). */
int cmd_llvm_symbolizer(int argc, char **argv);
int cmd_addr2line(int argc, char **argv);
int cmd_llvm_addr2line(int argc, char **argv);
int cmd_irdiff(int argc, char **argv);
int cmd_bucket(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);

#endif
