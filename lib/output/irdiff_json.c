/*
 * irdiff_json.c - maxtriage.irdiff.v1 (docs/json-irdiff.md).
 *
 * Written straight into the output buffer rather than through a jansson
 * tree: a 50,000-function comparison has 100,000 fusions, and a DOM of
 * them plus its serialisation cost several times the document's size.
 * The writer keeps jansson's layout (2-space indent, keys in order) and
 * its guarantees: valid UTF-8 (bad bytes become U+FFFD) and escaping.
 */
#include "maxtriage/irdiff_output.h"

#include <stdio.h>
#include <string.h>

#define JW_MAXDEPTH 32

typedef struct jw {
	mt_buf *b;
	int depth;
	unsigned char first[JW_MAXDEPTH + 1];
} jw;

static void put_string(mt_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	mt_buf_putc(b, '"');
	while (*p) {
		int n = *p < 0x80         ? 1
		        : (*p >> 5) == 6  ? 2
		        : (*p >> 4) == 14 ? 3
		        : (*p >> 3) == 30 ? 4
		                          : 0;
		int k, ok = n > 0;

		for (k = 1; ok && k < n; k++)
			ok = (p[k] & 0xc0) == 0x80;
		if (!ok) {
			mt_buf_puts(b, "\xef\xbf\xbd");
			p++;
			continue;
		}
		if (n > 1) {
			mt_buf_put(b, (const char *)p, (size_t)n);
			p += n;
			continue;
		}
		switch (*p) {
		case '"':
			mt_buf_puts(b, "\\\"");
			break;
		case '\\':
			mt_buf_puts(b, "\\\\");
			break;
		case '\n':
			mt_buf_puts(b, "\\n");
			break;
		case '\t':
			mt_buf_puts(b, "\\t");
			break;
		case '\r':
			mt_buf_puts(b, "\\r");
			break;
		default:
			if (*p < 0x20)
				mt_buf_printf(b, "\\u%04x", *p);
			else
				mt_buf_putc(b, (char)*p);
		}
		p++;
	}
	mt_buf_putc(b, '"');
}

/* Start a value: comma after a sibling, newline, indent, "key": . */
static void item(jw *w, const char *key)
{
	int i;

	if (!w->first[w->depth])
		mt_buf_putc(w->b, ',');
	w->first[w->depth] = 0;
	if (w->depth) {
		mt_buf_putc(w->b, '\n');
		for (i = 0; i < w->depth; i++)
			mt_buf_puts(w->b, "  ");
	}
	if (key) {
		put_string(w->b, key);
		mt_buf_puts(w->b, ": ");
	}
}

static void open_(jw *w, const char *key, char c)
{
	item(w, key);
	mt_buf_putc(w->b, c);
	if (w->depth < JW_MAXDEPTH)
		w->depth++;
	w->first[w->depth] = 1;
}

static void close_(jw *w, char c)
{
	int empty = w->first[w->depth], i;

	if (w->depth)
		w->depth--;
	if (!empty) {
		mt_buf_putc(w->b, '\n');
		for (i = 0; i < w->depth; i++)
			mt_buf_puts(w->b, "  ");
	}
	mt_buf_putc(w->b, c);
}

static void str(jw *w, const char *key, const char *s)
{
	item(w, key);
	if (s)
		put_string(w->b, s);
	else
		mt_buf_puts(w->b, "null");
}

static void num(jw *w, const char *key, size_t v)
{
	item(w, key);
	mt_buf_printf(w->b, "%zu", v);
}

static void boolean(jw *w, const char *key, int v)
{
	item(w, key);
	mt_buf_puts(w->b, v ? "true" : "false");
}

/* One location: a string; fused: a list; none: null. */
static void loc(jw *w, const mt_ir_opref *r)
{
	size_t i;

	if (r->nlocs == 1) {
		str(w, "loc", r->locs[0]);
		return;
	}
	if (!r->nlocs) {
		str(w, "loc", NULL);
		return;
	}
	open_(w, "loc", '[');
	for (i = 0; i < r->nlocs; i++)
		str(w, NULL, r->locs[i]);
	close_(w, ']');
}

static void opref(jw *w, const char *key, const mt_ir_opref *r)
{
	open_(w, key, '{');
	str(w, "op", r->op);
	loc(w, r);
	if (r->sym)
		str(w, "symbol", r->sym);
	str(w, "device", r->device);
	close_(w, '}');
}

static void counts_obj(jw *w, const char *key, const mt_ir_count *c, size_t n)
{
	size_t i;

	open_(w, key, '{');
	for (i = 0; i < n; i++)
		num(w, c[i].name, c[i].n);
	close_(w, '}');
}

static void counts_list(jw *w, const char *key, const mt_ir_count *c, size_t n)
{
	size_t i;

	open_(w, key, '[');
	for (i = 0; i < n; i++) {
		open_(w, NULL, '{');
		str(w, "op", c[i].name);
		num(w, "count", c[i].n);
		close_(w, '}');
	}
	close_(w, ']');
}

static void stage(jw *w, const mt_irdiff_stage *st, int traced)
{
	open_(w, NULL, '{');
	num(w, "index", st->index);
	str(w, "name", st->stage->name);
	str(w, "path", st->stage->path);
	if (st->stage->len != SIZE_MAX || st->stage->off) {
		num(w, "offset", st->stage->off);
		num(w, "length", st->stage->len);
	}
	num(w, "ops", st->stats.ops);
	counts_obj(w, "ops_by_dialect", st->stats.by_dialect,
	           st->stats.ndialect);
	counts_obj(w, "ops_by_device", st->stats.by_device, st->stats.ndevice);
	if (st->stage->unknown)
		boolean(w, "unknown_stage", 1);
	if (st->unreadable)
		str(w, "error", st->problem);
	if (st->nproblems) {
		num(w, "unreadable_parts", st->nproblems);
		str(w, "first_problem", st->problem);
	}
	if (traced)
		counts_list(w, "trace", st->stats.trace, st->stats.ntrace);
	close_(w, '}');
}

static void
step(jw *w, const mt_irdiff_graph *g, const mt_irdiff_step *sp, int traced)
{
	const mt_ir_transition *t = &sp->t;
	size_t i, k;

	open_(w, NULL, '{');
	num(w, "from", sp->from);
	num(w, "to", sp->to);
	str(w, "from_name", g->graph->stages[sp->from].name);
	str(w, "to_name", g->graph->stages[sp->to].name);
	boolean(w, "changed", t->changed);
	open_(w, "counts", '{');
	num(w, "added", t->counts.added);
	num(w, "removed", t->counts.removed);
	num(w, "modified", t->counts.modified);
	num(w, "moved", t->counts.moved);
	num(w, "unchanged", t->counts.unchanged);
	close_(w, '}');

	open_(w, "fusions", '[');
	for (i = 0; i < t->nfusions; i++) {
		open_(w, NULL, '{');
		opref(w, "into", &t->fusions[i].into);
		open_(w, "from", '[');
		for (k = 0; k < t->fusions[i].nfrom; k++)
			opref(w, NULL, &t->fusions[i].from[k]);
		close_(w, ']');
		close_(w, '}');
	}
	close_(w, ']');

	open_(w, "placements", '[');
	for (i = 0; i < t->nplacements; i++) {
		const mt_ir_placement *p = &t->placements[i];

		open_(w, NULL, '{');
		str(w, "op", p->op.op);
		loc(w, &p->op);
		str(w, "from", p->from);
		str(w, "to", p->to);
		close_(w, '}');
	}
	close_(w, ']');

	open_(w, "transfers", '[');
	for (i = 0; i < t->ntransfers; i++) {
		const mt_ir_transfer *x = &t->transfers[i];

		open_(w, NULL, '{');
		str(w, "op", x->op.op);
		loc(w, &x->op);
		str(w, "change", x->added ? "added" : "removed");
		str(w, "from", x->from);
		str(w, "to", x->to);
		close_(w, '}');
	}
	close_(w, ']');

	open_(w, "lowerings", '[');
	for (i = 0; i < t->nlowerings; i++) {
		const mt_ir_lowering *lw = &t->lowerings[i];

		open_(w, NULL, '{');
		loc(w, &lw->at);
		counts_list(w, "from", lw->from, lw->nfrom);
		counts_list(w, "to", lw->to, lw->nto);
		close_(w, '}');
	}
	close_(w, ']');
	if (traced)
		counts_list(w, "trace", t->trace, t->ntrace);
	if (sp->ir_diff)
		str(w, "ir_diff", sp->ir_diff);
	if (sp->nbetween) {
		open_(w, "between", '[');
		for (i = 0; i < sp->nbetween; i++)
			str(w, NULL, sp->between[i]);
		close_(w, ']');
	}
	close_(w, '}');
}

int mt_irdiff_write_json(mt_buf *out, const mt_irdiff_report *r)
{
	jw w;
	size_t gi, i;
	int traced = r->opts && r->opts->trace;

	memset(&w, 0, sizeof(w));
	w.b = out;
	w.first[0] = 1;
	open_(&w, NULL, '{');
	str(&w, "schema", "maxtriage.irdiff.v1");
	open_(&w, "graphs", '[');
	for (gi = 0; gi < r->ngraphs; gi++) {
		const mt_irdiff_graph *g = &r->graphs[gi];

		open_(&w, NULL, '{');
		str(&w, "name", g->graph->name);
		open_(&w, "stages", '[');
		for (i = 0; i < g->nstages; i++)
			stage(&w, &g->stages[i], traced);
		close_(&w, ']');
		open_(&w, "transitions", '[');
		for (i = 0; i < g->nsteps; i++)
			step(&w, g, &g->steps[i], traced);
		close_(&w, ']');
		open_(&w, "mojo_files", '[');
		for (i = 0; i < g->graph->nmojo; i++)
			str(&w, NULL, g->graph->mojo[i]);
		close_(&w, ']');
		close_(&w, '}');
	}
	close_(&w, ']');
	open_(&w, "notes", '[');
	for (i = 0; i < r->input->nnotes; i++)
		str(&w, NULL, r->input->notes[i]);
	close_(&w, ']');
	if (traced)
		str(&w, "trace", r->opts->trace_spec);
	close_(&w, '}');
	mt_buf_putc(out, '\n');
	return 0;
}
