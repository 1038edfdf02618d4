/* argfiles.c - response files and options from the environment, as the
 * tools maxtriage stands in for read them (cmd.h: cli_args_expand). */
#include "cmd.h"

#include "maxtriage/buf.h"
#include "maxtriage/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Nesting of @FILE inside @FILE (LLVM and libiberty stop runaway
 * recursion too). */
#define MAX_DEPTH 20

static void push_owned(cli_args *a, char *s)
{
	MT_PUSH(a->owned, a->n_owned, a->cap_owned, s);
	MT_PUSH(a->vec, a->n, a->cap, s);
}

/* Split text into words the GNU way (cl::TokenizeGNUCommandLine):
 * blanks separate, '...' and "..." quote, a backslash escapes the next
 * character outside single quotes. */
static void tokenize(cli_args *a, const char *p, int depth);

static void add_word(cli_args *a, mt_buf *w, int depth)
{
	char *s = mt_buf_detach(w);

	if (s[0] == '@' && depth < MAX_DEPTH) {
		FILE *f = fopen(s + 1, "r");

		if (f) {
			mt_buf text = MT_BUF_INIT;
			char chunk[4096];
			size_t k;

			while ((k = fread(chunk, 1, sizeof(chunk), f)) > 0)
				mt_buf_put(&text, chunk, k);
			fclose(f);
			tokenize(a, text.ptr, depth + 1);
			mt_buf_release(&text);
			free(s);
			return;
		}
	}
	push_owned(a, s);
}

static void tokenize(cli_args *a, const char *p, int depth)
{
	mt_buf w = MT_BUF_INIT;
	int in_word = 0;

	while (*p) {
		char c = *p;

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (in_word)
				add_word(a, &w, depth);
			in_word = 0;
			p++;
			continue;
		}
		in_word = 1;
		if (c == '\\' && p[1]) {
			mt_buf_putc(&w, p[1]);
			p += 2;
		} else if (c == '\'' || c == '"') {
			for (p++; *p && *p != c; p++) {
				if (c == '"' && *p == '\\' && p[1])
					p++;
				mt_buf_putc(&w, *p);
			}
			if (*p)
				p++;
		} else {
			mt_buf_putc(&w, c);
			p++;
		}
	}
	if (in_word)
		add_word(a, &w, depth);
	mt_buf_release(&w);
}

void cli_args_expand(cli_args *a, int argc, char **argv, const char *env_var)
{
	const char *env = env_var ? getenv(env_var) : NULL;
	int i;

	memset(a, 0, sizeof(*a));
	MT_PUSH(a->vec, a->n, a->cap, argc > 0 ? argv[0] : (char *)"");
	if (env)
		tokenize(a, env, 0);
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '@') {
			mt_buf w = MT_BUF_INIT;

			mt_buf_puts(&w, argv[i]);
			add_word(a, &w, 0);
			mt_buf_release(&w);
		} else {
			MT_PUSH(a->vec, a->n, a->cap, argv[i]);
		}
	}
	MT_PUSH(a->vec, a->n, a->cap, NULL);
	a->argc = (int)a->n - 1;
	a->argv = a->vec;
}

void cli_args_release(cli_args *a)
{
	size_t i;

	for (i = 0; i < a->n_owned; i++)
		free(a->owned[i]);
	free(a->owned);
	free(a->vec);
	memset(a, 0, sizeof(*a));
}
