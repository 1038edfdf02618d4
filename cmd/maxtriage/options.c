/* options.c - the declarative option tables: parsing and --help. */
#include "cmd.h"

#include "maxtriage/common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void mt_strlist_push(mt_strlist *l, const char *s)
{
	MT_PUSH(l->items, l->n, l->cap, s);
}

void mt_strlist_release(mt_strlist *l)
{
	free(l->items);
	memset(l, 0, sizeof(*l));
}

void mt_die_msg(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "maxtriage: %s%s", cmd ? cmd : "", cmd ? ": " : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int mt_use_color(FILE *f)
{
	const char *nc = getenv("NO_COLOR");

	if (nc && *nc)
		return 0;
	return isatty(fileno(f));
}

static const mt_option *
find_long(const mt_option *opts, const char *name, size_t len)
{
	for (; opts->kind != MT_OPT_END; opts++)
		if (opts->long_name && strlen(opts->long_name) == len &&
		    !strncmp(opts->long_name, name, len))
			return opts;
	return NULL;
}

static const mt_option *find_short(const mt_option *opts, char c)
{
	for (; opts->kind != MT_OPT_END; opts++)
		if (opts->short_name && opts->short_name == c)
			return opts;
	return NULL;
}

static int
set_value(const mt_command_help *h, const mt_option *o, const char *arg)
{
	const char *const *c;
	char *end;
	long v;

	switch (o->kind) {
	case MT_OPT_STRING:
		*(const char **)o->value = arg;
		return 0;
	case MT_OPT_LIST:
		mt_strlist_push(o->value, arg);
		return 0;
	case MT_OPT_CHOICE:
		for (c = o->choices; *c; c++)
			if (!strcmp(*c, arg)) {
				*(const char **)o->value = *c;
				return 0;
			}
		mt_die_msg(h->name, "invalid value '%s' for --%s", arg,
		           o->long_name);
		return MT_EXIT_USAGE;
	case MT_OPT_INT:
		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || end == arg || *end) {
			mt_die_msg(h->name, "--%s needs a number, not '%s'",
			           o->long_name, arg);
			return MT_EXIT_USAGE;
		}
		*(long *)o->value = v;
		return 0;
	default:
		return 0;
	}
}

static int parse(const mt_command_help *h,
                 const mt_option *opts,
                 int argc,
                 char **argv,
                 mt_strlist *positional,
                 int *help_shown,
                 int stop_at_positional)
{
	int i, only_positional = 0;

	*help_shown = 0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const mt_option *o;
		const char *val = NULL;

		if (only_positional || a[0] != '-' || !strcmp(a, "-")) {
			mt_strlist_push(positional, a);
			if (stop_at_positional)
				only_positional = 1;
			continue;
		}
		if (!strcmp(a, "--")) {
			only_positional = 1;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			mt_opts_print_help(stdout, h, opts);
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
			mt_die_msg(h->name, "unknown option '%s' (see --help)",
			           a);
			return MT_EXIT_USAGE;
		}
		if (o->kind == MT_OPT_FLAG) {
			if (val) {
				mt_die_msg(h->name,
				           "option '--%s' takes no value",
				           o->long_name);
				return MT_EXIT_USAGE;
			}
			*(int *)o->value = 1;
			continue;
		}
		if (!val) {
			if (i + 1 >= argc) {
				mt_die_msg(h->name,
				           "option '--%s' needs a value",
				           o->long_name);
				return MT_EXIT_USAGE;
			}
			val = argv[++i];
		}
		if (set_value(h, o, val))
			return MT_EXIT_USAGE;
	}
	return 0;
}

int mt_opts_parse(const mt_command_help *h,
                  const mt_option *opts,
                  int argc,
                  char **argv,
                  mt_strlist *positional,
                  int *help_shown)
{
	return parse(h, opts, argc, argv, positional, help_shown, 0);
}

int mt_opts_parse_command(const mt_command_help *h,
                          const mt_option *opts,
                          int argc,
                          char **argv,
                          mt_strlist *positional,
                          int *help_shown)
{
	return parse(h, opts, argc, argv, positional, help_shown, 1);
}

void mt_opts_print_help(FILE *out,
                        const mt_command_help *h,
                        const mt_option *opts)
{
	const mt_option *o;

	fprintf(out, "usage: %s\n\n%s\n\noptions:\n", h->usage, h->summary);
	for (o = opts; o->kind != MT_OPT_END; o++) {
		char left[64];
		int n = 0;

		if (o->short_name)
			n = snprintf(left, sizeof(left), "-%c, ",
			             o->short_name);
		else
			n = snprintf(left, sizeof(left), "    ");
		snprintf(left + n, sizeof(left) - (size_t)n, "--%s%s%s",
		         o->long_name, o->argname ? " " : "",
		         o->argname ? o->argname : "");
		fprintf(out, "  %-28s %s", left, o->help);
		if (o->kind == MT_OPT_CHOICE && o->choices) {
			const char *const *c;

			fputs(" (", out);
			for (c = o->choices; *c; c++)
				fprintf(out, "%s%s", c == o->choices ? "" : "|",
				        *c);
			fputs(")", out);
		}
		if (o->kind == MT_OPT_LIST)
			fputs(" [repeatable]", out);
		fputc('\n', out);
	}
	fprintf(out, "  %-28s %s\n", "-h, --help", "show this help and exit");
	if (h->epilog)
		fprintf(out, "\n%s\n", h->epilog);
}
