/*
 * cmd.h - the command line: subcommands, declarative options, exit codes.
 *
 * Each subcommand lives in cmd_<name>.c and declares one table of
 * mt_option that both parses its arguments and prints its --help, so the
 * help text cannot drift from what is accepted.
 */
#ifndef MAXTRIAGE_CMD_H
#define MAXTRIAGE_CMD_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses shared by every subcommand (docs/exit-codes.md). */
enum {
	MT_EXIT_OK = 0, /* a result was produced */
	MT_EXIT_NOTHING = 1, /* input held nothing to report (or new buckets) */
	MT_EXIT_USAGE = 2, /* bad command line */
	MT_EXIT_INPUT = 3 /* an input could not be read */
};

typedef enum {
	MT_OPT_FLAG, /* int *: set to 1 */
	MT_OPT_STRING, /* const char **: last one wins */
	MT_OPT_LIST, /* mt_strlist *: repeatable */
	MT_OPT_CHOICE, /* const char **: one of choices */
	MT_OPT_INT, /* long *: decimal */
	MT_OPT_END
} mt_opt_kind;

typedef struct mt_strlist {
	const char **items;
	size_t n, cap;
} mt_strlist;

typedef struct mt_option {
	char short_name; /* 0 for none */
	const char *long_name; /* without "--" */
	mt_opt_kind kind;
	void *value;
	const char *argname; /* shown in help, e.g. "DIR" */
	const char *help;
	const char *const *choices; /* NULL-terminated, for MT_OPT_CHOICE */
} mt_option;

#define MT_OPT_TERMINATOR                                   \
	{                                                   \
		0, NULL, MT_OPT_END, NULL, NULL, NULL, NULL \
	}

typedef struct mt_command_help {
	const char *name;
	const char *usage; /* "maxtriage stack [options] FILE..." */
	const char *summary; /* one paragraph */
	const char *epilog; /* exit codes, examples; may be NULL */
} mt_command_help;

/*
 * Parse argv[1..] against opts. Non-option arguments are collected into
 * positional (in order); "--" ends options (everything after is positional).
 * "-h"/"--help" prints help to stdout and sets *help_shown. Returns 0, or
 * MT_EXIT_USAGE after printing a one-line error to stderr.
 */
int mt_opts_parse(const mt_command_help *h,
                  const mt_option *opts,
                  int argc,
                  char **argv,
                  mt_strlist *positional,
                  int *help_shown);
/* The same, but like env(1): the first non-option argument and everything
 * after it are positional (for `run -- COMMAND ARGS`, "--" optional). */
int mt_opts_parse_command(const mt_command_help *h,
                          const mt_option *opts,
                          int argc,
                          char **argv,
                          mt_strlist *positional,
                          int *help_shown);
void mt_opts_print_help(FILE *out,
                        const mt_command_help *h,
                        const mt_option *opts);
void mt_strlist_push(mt_strlist *l, const char *s);
void mt_strlist_release(mt_strlist *l);

/* Print "maxtriage: <cmd>: <msg>" to stderr. */
void mt_die_msg(const char *cmd, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

/* Whether colour should be used on this stream (tty and no NO_COLOR). */
int mt_use_color(FILE *f);

typedef int (*mt_cmd_fn)(int argc, char **argv);

int cmd_stack(int argc, char **argv);
int cmd_symbolize(int argc, char **argv);
int cmd_irdiff(int argc, char **argv);
int cmd_bucket(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);

#endif
