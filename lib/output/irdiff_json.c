/* irdiff_json.c - maxtriage.irdiff.v1 (docs/json-irdiff.md), via jansson. */
#include "maxtriage/irdiff_output.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* jansson refuses invalid UTF-8, and IR text can hold anything (names
 * of files, escaped strings). Replace bad bytes with U+FFFD. */
static json_t *text(const char *s)
{
	json_t *j;
	mt_buf b = MT_BUF_INIT;
	const unsigned char *p;

	if (!s)
		return json_null();
	j = json_string(s);
	if (j)
		return j;
	for (p = (const unsigned char *)s; *p;) {
		int n = *p < 0x80         ? 1
		        : (*p >> 5) == 6  ? 2
		        : (*p >> 4) == 14 ? 3
		        : (*p >> 3) == 30 ? 4
		                          : 0;
		int k, ok = n > 0;

		for (k = 1; ok && k < n; k++)
			ok = (p[k] & 0xc0) == 0x80;
		if (ok) {
			mt_buf_put(&b, (const char *)p, (size_t)n);
			p += n;
		} else {
			mt_buf_puts(&b, "\xef\xbf\xbd");
			p++;
		}
	}
	j = json_string(b.ptr);
	mt_buf_release(&b);
	return j ? j : json_null();
}

/* One location: a string; fused: a list; none: null. */
static json_t *loc_json(const mt_ir_opref *r)
{
	json_t *a;
	size_t i;

	if (!r->nlocs)
		return json_null();
	if (r->nlocs == 1)
		return text(r->locs[0]);
	a = json_array();
	for (i = 0; i < r->nlocs; i++)
		json_array_append_new(a, text(r->locs[i]));
	return a;
}

static json_t *opref_json(const mt_ir_opref *r)
{
	json_t *o = json_object();

	json_object_set_new(o, "op", text(r->op));
	json_object_set_new(o, "loc", loc_json(r));
	if (r->sym)
		json_object_set_new(o, "symbol", text(r->sym));
	json_object_set_new(o, "device", text(r->device));
	return o;
}

static json_t *counts_obj(const mt_ir_count *c, size_t n)
{
	json_t *o = json_object();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_set_new(o, c[i].name,
		                    json_integer((json_int_t)c[i].n));
	return o;
}

static json_t *counts_list(const mt_ir_count *c, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "op", text(c[i].name));
		json_object_set_new(o, "count",
		                    json_integer((json_int_t)c[i].n));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *stage_json(const mt_irdiff_stage *st, int traced)
{
	json_t *o = json_object();

	json_object_set_new(o, "index", json_integer((json_int_t)st->index));
	json_object_set_new(o, "name", text(st->stage->name));
	json_object_set_new(o, "path", text(st->stage->path));
	if (st->stage->len != SIZE_MAX || st->stage->off) {
		json_object_set_new(o, "offset",
		                    json_integer((json_int_t)st->stage->off));
		json_object_set_new(o, "length",
		                    json_integer((json_int_t)st->stage->len));
	}
	json_object_set_new(o, "ops", json_integer((json_int_t)st->stats.ops));
	json_object_set_new(
	        o, "ops_by_dialect",
	        counts_obj(st->stats.by_dialect, st->stats.ndialect));
	json_object_set_new(o, "ops_by_device",
	                    counts_obj(st->stats.by_device, st->stats.ndevice));
	if (st->stage->unknown)
		json_object_set_new(o, "unknown_stage", json_true());
	if (st->unreadable)
		json_object_set_new(o, "error", text(st->problem));
	if (st->nproblems) {
		json_object_set_new(o, "unreadable_lines",
		                    json_integer((json_int_t)st->nproblems));
		json_object_set_new(o, "first_problem", text(st->problem));
	}
	if (traced)
		json_object_set_new(
		        o, "trace",
		        counts_list(st->stats.trace, st->stats.ntrace));
	return o;
}

static json_t *
step_json(const mt_irdiff_graph *g, const mt_irdiff_step *sp, int traced)
{
	const mt_ir_transition *t = &sp->t;
	json_t *o = json_object(), *c = json_object(), *a;
	size_t i, k;

	json_object_set_new(o, "from", json_integer((json_int_t)sp->from));
	json_object_set_new(o, "to", json_integer((json_int_t)sp->to));
	json_object_set_new(o, "from_name",
	                    text(g->graph->stages[sp->from].name));
	json_object_set_new(o, "to_name", text(g->graph->stages[sp->to].name));
	json_object_set_new(o, "changed", json_boolean(t->changed));
	json_object_set_new(c, "added",
	                    json_integer((json_int_t)t->counts.added));
	json_object_set_new(c, "removed",
	                    json_integer((json_int_t)t->counts.removed));
	json_object_set_new(c, "modified",
	                    json_integer((json_int_t)t->counts.modified));
	json_object_set_new(c, "moved",
	                    json_integer((json_int_t)t->counts.moved));
	json_object_set_new(c, "unchanged",
	                    json_integer((json_int_t)t->counts.unchanged));
	json_object_set_new(o, "counts", c);

	a = json_array();
	for (i = 0; i < t->nfusions; i++) {
		json_t *f = json_object(), *from = json_array();

		json_object_set_new(f, "into", opref_json(&t->fusions[i].into));
		for (k = 0; k < t->fusions[i].nfrom; k++)
			json_array_append_new(
			        from, opref_json(&t->fusions[i].from[k]));
		json_object_set_new(f, "from", from);
		json_array_append_new(a, f);
	}
	json_object_set_new(o, "fusions", a);

	a = json_array();
	for (i = 0; i < t->nplacements; i++) {
		const mt_ir_placement *p = &t->placements[i];
		json_t *x = json_object();

		json_object_set_new(x, "op", text(p->op.op));
		json_object_set_new(x, "loc", loc_json(&p->op));
		json_object_set_new(x, "from", text(p->from));
		json_object_set_new(x, "to", text(p->to));
		json_array_append_new(a, x);
	}
	json_object_set_new(o, "placements", a);

	a = json_array();
	for (i = 0; i < t->ntransfers; i++) {
		const mt_ir_transfer *p = &t->transfers[i];
		json_t *x = json_object();

		json_object_set_new(x, "op", text(p->op.op));
		json_object_set_new(x, "loc", loc_json(&p->op));
		json_object_set_new(
		        x, "change",
		        json_string(p->added ? "added" : "removed"));
		json_object_set_new(x, "from", text(p->from));
		json_object_set_new(x, "to", text(p->to));
		json_array_append_new(a, x);
	}
	json_object_set_new(o, "transfers", a);

	a = json_array();
	for (i = 0; i < t->nlowerings; i++) {
		const mt_ir_lowering *lw = &t->lowerings[i];
		json_t *x = json_object();

		json_object_set_new(x, "loc", loc_json(&lw->at));
		json_object_set_new(x, "from",
		                    counts_list(lw->from, lw->nfrom));
		json_object_set_new(x, "to", counts_list(lw->to, lw->nto));
		json_array_append_new(a, x);
	}
	json_object_set_new(o, "lowerings", a);
	if (traced)
		json_object_set_new(o, "trace",
		                    counts_list(t->trace, t->ntrace));
	if (sp->ir_diff)
		json_object_set_new(o, "ir_diff", text(sp->ir_diff));
	if (sp->nbetween) {
		a = json_array();
		for (i = 0; i < sp->nbetween; i++)
			json_array_append_new(a, text(sp->between[i]));
		json_object_set_new(o, "between", a);
	}
	return o;
}

int mt_irdiff_write_json(mt_buf *out, const mt_irdiff_report *r)
{
	json_t *root = json_object(), *graphs = json_array(), *notes;
	size_t gi, i;
	char *s;
	int traced = r->opts && r->opts->trace;

	json_object_set_new(root, "schema", json_string("maxtriage.irdiff.v1"));
	for (gi = 0; gi < r->ngraphs; gi++) {
		const mt_irdiff_graph *g = &r->graphs[gi];
		json_t *go = json_object(), *st = json_array(),
		       *tr = json_array(), *mojo = json_array();

		json_object_set_new(go, "name", text(g->graph->name));
		for (i = 0; i < g->nstages; i++)
			json_array_append_new(
			        st, stage_json(&g->stages[i], traced));
		for (i = 0; i < g->nsteps; i++)
			json_array_append_new(
			        tr, step_json(g, &g->steps[i], traced));
		for (i = 0; i < g->graph->nmojo; i++)
			json_array_append_new(mojo, text(g->graph->mojo[i]));
		json_object_set_new(go, "stages", st);
		json_object_set_new(go, "transitions", tr);
		json_object_set_new(go, "mojo_files", mojo);
		json_array_append_new(graphs, go);
	}
	json_object_set_new(root, "graphs", graphs);
	notes = json_array();
	for (i = 0; i < r->input->nnotes; i++)
		json_array_append_new(notes, text(r->input->notes[i]));
	json_object_set_new(root, "notes", notes);
	if (traced)
		json_object_set_new(root, "trace", text(r->opts->trace_spec));
	s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (!s)
		return MT_ENOMEM;
	mt_buf_puts(out, s);
	mt_buf_putc(out, '\n');
	free(s);
	return 0;
}
