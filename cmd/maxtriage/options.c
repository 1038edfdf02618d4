/* options.c - the declarative option tables: parsing, --help and the usage
 * line; the one-line error messages of every command. */
#include "cmd.h"

#include "maxtriage/common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_strlist_push(cli_strlist *l, const char *s)
{
	MT_PUSH(l->items, l->n, l->cap, s);
}

void cli_strlist_release(cli_strlist *l)
{
	free(l->items);
	memset(l, 0, sizeof(*l));
}

static void vmessage(const char *cmd, const char *fmt, va_list ap)
{
	fprintf(stderr, "maxtriage: %s%s", cmd ? cmd : "", cmd ? ": " : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void cli_message(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(cmd, fmt, ap);
	va_end(ap);
}

int cli_error(const char *cmd, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(cmd, fmt, ap);
	va_end(ap);
	return code;
}

const char *const cli_color_choices[] = { "auto", "always", "never", NULL };

int cli_use_color(FILE *f, const char *when)
{
	const char *nc = getenv("NO_COLOR"), *fc = getenv("FORCE_COLOR");

	if (when && !strcmp(when, "always"))
		return 1;
	if (when && !strcmp(when, "never"))
		return 0;
	/* no-color.org, then force-color.org (GitHub Actions renders ANSI
	 * in logs, where nothing is a terminal) */
	if (nc && *nc)
		return 0;
	if (fc && *fc && strcmp(fc, "0"))
		return 1;
	return isatty(fileno(f));
}

static const cli_option *
find_long(const cli_option *opts, const char *name, size_t len)
{
	for (; opts->kind != CLI_OPT_END; opts++)
		if (opts->long_name && strlen(opts->long_name) == len &&
		    !strncmp(opts->long_name, name, len))
			return opts;
	return NULL;
}

static const cli_option *find_short(const cli_option *opts, char c)
{
	for (; opts->kind != CLI_OPT_END; opts++)
		if (opts->short_name && opts->short_name == c)
			return opts;
	return NULL;
}

static int
set_value(const cli_command_help *h, const cli_option *o, const char *arg)
{
	const char *const *c;
	char *end;
	long v;

	switch (o->kind) {
	case CLI_OPT_STRING:
		*(const char **)o->value = arg;
		return 0;
	case CLI_OPT_LIST:
		cli_strlist_push(o->value, arg);
		return 0;
	case CLI_OPT_CHOICE:
		for (c = o->choices; *c; c++)
			if (!strcmp(*c, arg)) {
				*(const char **)o->value = *c;
				return 0;
			}
		return cli_error(h->name, CLI_EXIT_USAGE,
		                 "invalid value '%s' for --%s", arg,
		                 o->long_name);
	case CLI_OPT_INT:
		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || end == arg || *end) {
			return cli_error(h->name, CLI_EXIT_USAGE,
			                 "--%s needs a number, not '%s'",
			                 o->long_name, arg);
		}
		*(long *)o->value = v;
		return 0;
	default:
		return 0;
	}
}

/* Required options are strings whose variable starts NULL. */
static int check_required(const cli_command_help *h, const cli_option *opts)
{
	for (; opts->kind != CLI_OPT_END; opts++)
		if (opts->required && opts->kind == CLI_OPT_STRING &&
		    !*(const char **)opts->value)
			return cli_error(
			        h->name, CLI_EXIT_USAGE,
			        "missing option '--%s %s' (see --help)",
			        opts->long_name, opts->argname);
	return 0;
}

static int parse(const cli_command_help *h,
                 const cli_option *opts,
                 int argc,
                 char **argv,
                 cli_strlist *positional,
                 int *help_shown,
                 int stop_at_positional)
{
	int i, only_positional = 0;

	*help_shown = 0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const cli_option *o;
		const char *val = NULL;

		if (only_positional || a[0] != '-' || !strcmp(a, "-")) {
			cli_strlist_push(positional, a);
			if (stop_at_positional)
				only_positional = 1;
			continue;
		}
		if (!strcmp(a, "--")) {
			only_positional = 1;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			cli_opts_print_help(stdout, h, opts);
			*help_shown = 1;
			return 0;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);

			o = find_long(opts, a + 2, len);
			if (eq)
				val = eq + 1;
		} else {
			o = find_short(opts, a[1]);
			if (o && a[2])
				val = a + 2;
		}
		if (!o) {
			return cli_error(h->name, CLI_EXIT_USAGE,
			                 "unknown option '%s' (see --help)", a);
		}
		if (o->kind == CLI_OPT_FLAG) {
			if (val) {
				return cli_error(h->name, CLI_EXIT_USAGE,
				                 "option '--%s' takes no value",
				                 o->long_name);
			}
			*(int *)o->value = 1;
			continue;
		}
		if (!val) {
			if (i + 1 >= argc) {
				return cli_error(h->name, CLI_EXIT_USAGE,
				                 "option '--%s' needs a value",
				                 o->long_name);
			}
			val = argv[++i];
		}
		if (set_value(h, o, val))
			return CLI_EXIT_USAGE;
	}
	return check_required(h, opts);
}

int cli_opts_parse(const cli_command_help *h,
                   const cli_option *opts,
                   int argc,
                   char **argv,
                   cli_strlist *positional,
                   int *help_shown)
{
	return parse(h, opts, argc, argv, positional, help_shown, 0);
}

int cli_opts_parse_command(const cli_command_help *h,
                           const cli_option *opts,
                           int argc,
                           char **argv,
                           cli_strlist *positional,
                           int *help_shown)
{
	return parse(h, opts, argc, argv, positional, help_shown, 1);
}

void cli_opts_print_usage(FILE *out,
                          const cli_command_help *h,
                          const cli_option *opts)
{
	const cli_option *o;

	fprintf(out, "maxtriage %s", h->name);
	for (o = opts; o->kind != CLI_OPT_END; o++)
		if (o->required)
			fprintf(out, " --%s %s", o->long_name, o->argname);
	fputs(" [options]", out);
	if (h->args)
		fprintf(out, " %s", h->args);
}

/* "  -b, --binary-dir DIR         help (a|b) [repeatable]" */
static void print_option(FILE *out, const cli_option *o)
{
	char left[64];
	int n = 0;

	if (o->short_name)
		n = snprintf(left, sizeof(left), "-%c, ", o->short_name);
	else
		n = snprintf(left, sizeof(left), "    ");
	snprintf(left + n, sizeof(left) - (size_t)n, "--%s%s%s", o->long_name,
	         o->argname ? " " : "", o->argname ? o->argname : "");
	fprintf(out, "  %-28s %s", left, o->help);
	if (o->kind == CLI_OPT_CHOICE && o->choices) {
		const char *const *c;

		fputs(" (", out);
		for (c = o->choices; *c; c++)
			fprintf(out, "%s%s", c == o->choices ? "" : "|", *c);
		fputs(")", out);
	}
	if (o->kind == CLI_OPT_LIST)
		fputs(" [repeatable]", out);
	fputc('\n', out);
}

void cli_opts_print_help(FILE *out,
                         const cli_command_help *h,
                         const cli_option *opts)
{
	const cli_option *o;

	fputs("usage: ", out);
	cli_opts_print_usage(out, h, opts);
	fprintf(out, "\n\n%s\n\noptions:\n", h->summary);
	for (o = opts; o->kind != CLI_OPT_END; o++)
		print_option(out, o);
	fprintf(out, "  %-28s %s\n", "-h, --help", "show this help and exit");
	if (h->epilog)
		fprintf(out, "\n%s\n", h->epilog);
}

int cli_parse_size(const char *s, uint64_t *out)
{
	uint64_t v = 0, unit = 1;
	const char *p = s;

	if (!s || *s < '0' || *s > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > ((uint64_t)1 << 62) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	switch (*p) {
	case 'k':
	case 'K':
		unit = (uint64_t)1 << 10;
		break;
	case 'm':
	case 'M':
		unit = (uint64_t)1 << 20;
		break;
	case 'g':
	case 'G':
		unit = (uint64_t)1 << 30;
		break;
	case 't':
	case 'T':
		unit = (uint64_t)1 << 40;
		break;
	}
	if (unit > 1) {
		p++;
		if (!strcmp(p, "iB") || !strcmp(p, "B"))
			p += strlen(p);
	}
	if (*p || v > ((uint64_t)1 << 62) / unit)
		return -1;
	*out = v * unit;
	return 0;
}
