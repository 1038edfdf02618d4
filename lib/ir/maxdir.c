/*
 * maxdir.c - a MAX ir-output-dir: <graph>.<stage>[_N].mlir files, stages
 * in MAX's pipeline order (not alphabetical), a stage name MAX does not
 * use placed by the dialects of its ops, .mojo kernel sources listed.
 */
#include "input_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"

static const char *const max_stages[] = { "mo", "mo-pre-mogg", "mogg",
	                                  "mogg-pre-mgp", "mgp" };

int mt_ir_max_stage_rank(const char *stage)
{
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(max_stages); i++)
		if (!strcmp(stage, max_stages[i]))
			return (int)i;
	return -1;
}

typedef struct maxfile {
	char *graph, *stage, *path;
	int rank, rep, mojo;
	double key;
} maxfile;

static int maxfile_cmp(const void *x, const void *y)
{
	const maxfile *a = x, *b = y;
	int c = strcmp(a->graph, b->graph);

	if (c)
		return c;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	return strcmp(a->stage, b->stage);
}

/* Where an unknown stage sits, judged by the dialects of its ops:
 * between the known stages whose dialects it shares. */
static double content_key(const char *path, const char **after)
{
	mt_ir_stage s;
	mt_ir_module *m = NULL;
	size_t i, count[4] = { 0, 0, 0, 0 }, best = 0;
	static const double keys[4] = { 1.5, 3.5, 4.5, 5.5 };
	static const char *const names[4] = { "mo-pre-mogg", "mogg-pre-mgp",
		                              "mgp", "mgp" };

	memset(&s, 0, sizeof(s));
	s.path = (char *)path;
	s.len = SIZE_MAX;
	*after = names[0];
	if (mt_ir_stage_parse(&m, &s, NULL))
		return keys[0];
	for (i = 0; i < m->nops; i++) {
		const char *n = mt_ir_str_get(m, m->ops[i].name);
		size_t dl = mt_ir_dialect_len(n);

		if ((dl == 2 && !memcmp(n, "mo", 2)) ||
		    (dl == 3 && !memcmp(n, "rmo", 3)))
			count[0]++;
		else if (dl == 4 && !memcmp(n, "mogg", 4))
			count[1]++;
		else if (dl == 3 && !memcmp(n, "mgp", 3))
			count[2]++;
		else if (dl == 4 &&
		         (!memcmp(n, "kgen", 4) || !memcmp(n, "llvm", 4)))
			count[3]++;
		else if (dl == 3 && !memcmp(n, "pop", 3))
			count[3]++;
	}
	mt_ir_module_free(m);
	for (i = 1; i < 4; i++)
		if (count[i] > count[best])
			best = i;
	*after = names[best];
	return keys[best];
}

int ir_open_max(mt_ir_input *in, const char *root, ir_dlist *dl)
{
	maxfile *fs = NULL;
	size_t nfs = 0, cap = 0, i;
	mt_buf full = MT_BUF_INIT;

	in->layout = MT_IR_LAYOUT_MAX;
	for (i = 0; i < dl->n; i++) {
		const char *base = dl->items[i].base;
		char *b, *dot, *us;
		maxfile f;
		int mojo = ir_ends_with(base, ".mojo");

		if (strchr(dl->items[i].rel, '/'))
			continue;
		if (!mojo && !ir_ends_with(base, ".mlir"))
			continue;
		memset(&f, 0, sizeof(f));
		b = mt_strndup(base, strlen(base) - 5);
		/* "<graph>.<stage>[_N]": the stage is after the last dot */
		dot = strrchr(b, '.');
		f.stage = mt_strdup(dot ? dot + 1 : "");
		if (dot)
			*dot = '\0';
		f.graph = b;
		us = strrchr(f.stage, '_');
		if (us && us[1]) {
			char *e;
			long r = strtol(us + 1, &e, 10);

			if (!*e && r >= 0) {
				f.rep = (int)r + 1;
				*us = '\0';
			}
		}
		mt_buf_clear(&full);
		mt_buf_printf(&full, "%s/%s", root, base);
		f.path = mt_strdup(full.ptr);
		f.mojo = mojo;
		f.rank = mt_ir_max_stage_rank(f.stage);
		if (mojo) {
			f.key = 6;
		} else if (f.rank >= 0) {
			f.key = f.rank;
		} else {
			const char *after;

			f.key = content_key(f.path, &after);
			ir_input_note(
			        in,
			        "unknown stage '%s' of graph '%s' placed after "
			        "'%s' by the dialects of its ops",
			        f.stage, f.graph, after);
		}
		MT_PUSH(fs, nfs, cap, f);
	}
	if (nfs) /* qsort(NULL, 0, ...) is undefined behaviour */
		qsort(fs, nfs, sizeof(*fs), maxfile_cmp);
	for (i = 0; i < nfs; i++) {
		mt_ir_graph *g =
		        ir_graph_get(in, fs[i].graph, strlen(fs[i].graph));

		if (fs[i].mojo) {
			MT_PUSH(g->mojo, g->nmojo, g->cap_mojo, fs[i].path);
			fs[i].path = NULL;
		} else {
			mt_buf name = MT_BUF_INIT;

			mt_buf_puts(&name, fs[i].stage);
			if (fs[i].rep)
				mt_buf_printf(&name, "_%d", fs[i].rep - 1);
			ir_stage_add(g, name.ptr, fs[i].path, 0, SIZE_MAX)
			        ->unknown = fs[i].rank < 0;
			mt_buf_release(&name);
		}
		free(fs[i].graph);
		free(fs[i].stage);
		free(fs[i].path);
	}
	free(fs);
	mt_buf_release(&full);
	return nfs ? 0 : -1;
}
