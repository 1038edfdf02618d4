/*
 * irdiff_json.c - maxtriage.irdiff.v1 (docs/json-irdiff.md).
 *
 * Streamed through the writer rather than built as a tree: a
 * 50,000-function comparison has 100,000 fusions, and a DOM of them plus
 * its serialisation cost several times the document's size.
 */
#include "maxtriage/irdiff_output.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <stdint.h>

/* One location: a string; fused: a list; none: null. */
static void loc(mt_json *w, const mt_ir_opref *r)
{
	size_t i;

	if (r->nlocs == 1) {
		mt_json_string(w, "loc", r->locs[0]);
		return;
	}
	if (!r->nlocs) {
		mt_json_string(w, "loc", NULL);
		return;
	}
	mt_json_array_begin(w, "loc");
	for (i = 0; i < r->nlocs; i++)
		mt_json_string(w, NULL, r->locs[i]);
	mt_json_array_end(w);
}

static void opref(mt_json *w, const char *key, const mt_ir_opref *r)
{
	mt_json_object_begin(w, key);
	mt_json_string(w, "op", r->op);
	loc(w, r);
	if (r->sym)
		mt_json_string(w, "symbol", r->sym);
	mt_json_string(w, "function", r->func);
	mt_json_uint64(w, "line", r->line);
	mt_json_string(w, "device", r->device);
	mt_json_object_end(w);
}

static const char *fusion_kind(mt_ir_fusion_kind k)
{
	switch (k) {
	case MT_IR_FUSION_LOOPS:
		return "loops";
	case MT_IR_FUSION_TILED:
		return "tiled";
	default:
		return "ops";
	}
}

static const char *evidence_name(mt_ir_evidence e)
{
	switch (e) {
	case MT_IR_EVIDENCE_BODY:
		return "body";
	case MT_IR_EVIDENCE_LOCATION:
		return "location";
	case MT_IR_EVIDENCE_TILES:
		return "tiles";
	case MT_IR_EVIDENCE_PLACE:
		return "place";
	case MT_IR_EVIDENCE_SAME_OP:
		return "same_op";
	default:
		return "dataflow";
	}
}

static void
counts_obj(mt_json *w, const char *key, const mt_ir_count *c, size_t n)
{
	size_t i;

	mt_json_object_begin(w, key);
	for (i = 0; i < n; i++)
		mt_json_uint64(w, c[i].name, c[i].n);
	mt_json_object_end(w);
}

static void
counts_list(mt_json *w, const char *key, const mt_ir_count *c, size_t n)
{
	size_t i;

	mt_json_array_begin(w, key);
	for (i = 0; i < n; i++) {
		mt_json_object_begin(w, NULL);
		mt_json_string(w, "op", c[i].name);
		mt_json_uint64(w, "count", c[i].n);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
}

static void stage(mt_json *w, const mt_irdiff_stage *st, int traced)
{
	mt_json_object_begin(w, NULL);
	mt_json_uint64(w, "index", st->index);
	mt_json_string(w, "name", st->stage->name);
	mt_json_string(w, "path", st->stage->path);
	if (st->stage->len != SIZE_MAX || st->stage->off) {
		mt_json_uint64(w, "offset", st->stage->off);
		mt_json_uint64(w, "length", st->stage->len);
	}
	mt_json_uint64(w, "ops", st->stats.ops);
	counts_obj(w, "ops_by_dialect", st->stats.by_dialect,
	           st->stats.ndialect);
	counts_obj(w, "ops_by_device", st->stats.by_device, st->stats.ndevice);
	if (st->stage->unknown)
		mt_json_bool(w, "unknown_stage", 1);
	if (st->unreadable)
		mt_json_string(w, "error", st->problem);
	if (st->nproblems) {
		mt_json_uint64(w, "unreadable_parts", st->nproblems);
		mt_json_string(w, "first_problem", st->problem);
	}
	if (traced)
		counts_list(w, "trace", st->stats.trace, st->stats.ntrace);
	mt_json_object_end(w);
}

static void
step(mt_json *w, const mt_irdiff_graph *g, const mt_irdiff_step *sp, int traced)
{
	const mt_ir_transition *t = &sp->t;
	size_t i, k;

	mt_json_object_begin(w, NULL);
	mt_json_uint64(w, "from", sp->from);
	mt_json_uint64(w, "to", sp->to);
	mt_json_string(w, "from_name", g->graph->stages[sp->from].name);
	mt_json_string(w, "to_name", g->graph->stages[sp->to].name);
	mt_json_bool(w, "changed", t->changed);
	mt_json_object_begin(w, "counts");
	mt_json_uint64(w, "added", t->counts.added);
	mt_json_uint64(w, "removed", t->counts.removed);
	mt_json_uint64(w, "modified", t->counts.modified);
	mt_json_uint64(w, "moved", t->counts.moved);
	mt_json_uint64(w, "unchanged", t->counts.unchanged);
	mt_json_object_end(w);

	mt_json_array_begin(w, "fusions");
	for (i = 0; i < t->nfusions; i++) {
		mt_json_object_begin(w, NULL);
		mt_json_string(w, "kind", fusion_kind(t->fusions[i].kind));
		mt_json_string(w, "evidence",
		               evidence_name(t->fusions[i].evidence));
		opref(w, "into", &t->fusions[i].into);
		mt_json_array_begin(w, "from");
		for (k = 0; k < t->fusions[i].nfrom; k++)
			opref(w, NULL, &t->fusions[i].from[k]);
		mt_json_array_end(w);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);

	mt_json_array_begin(w, "placements");
	for (i = 0; i < t->nplacements; i++) {
		const mt_ir_placement *p = &t->placements[i];

		mt_json_object_begin(w, NULL);
		mt_json_string(w, "op", p->op.op);
		loc(w, &p->op);
		mt_json_string(w, "from", p->from);
		mt_json_string(w, "to", p->to);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);

	mt_json_array_begin(w, "transfers");
	for (i = 0; i < t->ntransfers; i++) {
		const mt_ir_transfer *x = &t->transfers[i];

		mt_json_object_begin(w, NULL);
		mt_json_string(w, "op", x->op.op);
		loc(w, &x->op);
		mt_json_string(w, "change", x->added ? "added" : "removed");
		mt_json_string(w, "from", x->from);
		mt_json_string(w, "to", x->to);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);

	mt_json_array_begin(w, "lowerings");
	for (i = 0; i < t->nlowerings; i++) {
		const mt_ir_lowering *lw = &t->lowerings[i];

		mt_json_object_begin(w, NULL);
		mt_json_string(w, "evidence", evidence_name(lw->evidence));
		mt_json_string(w, "op", lw->at.op);
		loc(w, &lw->at);
		mt_json_string(w, "function", lw->at.func);
		mt_json_uint64(w, "line", lw->at.line);
		counts_list(w, "from", lw->from, lw->nfrom);
		counts_list(w, "to", lw->to, lw->nto);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);

	mt_json_array_begin(w, "outlinings");
	for (i = 0; i < t->noutlinings; i++) {
		const mt_ir_outlining *ol = &t->outlinings[i];

		mt_json_object_begin(w, NULL);
		opref(w, "from", &ol->from);
		opref(w, "to", &ol->to);
		mt_json_uint64(w, "ops", ol->nops);
		mt_json_array_begin(w, "moved");
		for (k = 0; k < ol->nmoved; k++)
			opref(w, NULL, &ol->ops[k]);
		mt_json_array_end(w);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);

	mt_json_array_begin(w, "kernels");
	for (i = 0; i < t->nkernels; i++) {
		const mt_ir_kernel *kn = &t->kernels[i];

		mt_json_object_begin(w, NULL);
		mt_json_string(w, "change",
		               kn->change == MT_IR_KERNEL_OUTLINED
		                       ? "outlined"
		                       : "compiled");
		mt_json_string(w, "kernel", kn->kernel);
		opref(w, "from", &kn->from);
		opref(w, "to", &kn->to);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	/* LLVM IR stages only (docs/json-irdiff.md) */
	if (t->nfuncs) {
		static const char *const change[] = { "removed", "inlined",
			                              "vectorized",
			                              "calls_gone" };

		mt_json_array_begin(w, "functions");
		for (i = 0; i < t->nfuncs; i++) {
			const mt_ir_funcchange *fc = &t->funcs[i];

			mt_json_object_begin(w, NULL);
			mt_json_string(w, "change", change[fc->change]);
			mt_json_string(w, "function", fc->func);
			if (fc->change == MT_IR_FUNC_INLINED ||
			    fc->change == MT_IR_FUNC_CALLS_GONE) {
				mt_json_string(w, "into", fc->into);
				mt_json_uint64(w, "calls_gone", fc->calls);
				mt_json_uint64(w, "instructions", fc->body);
				mt_json_uint64(w, "instructions_in",
				               fc->matched);
			} else if (fc->change == MT_IR_FUNC_REMOVED) {
				mt_json_uint64(w, "calls_left", fc->calls);
			} else {
				mt_json_uint64(w, "vector_ops_before",
				               fc->vec_before);
				mt_json_uint64(w, "vector_ops", fc->vec_after);
				mt_json_string(w, "vector_type", fc->vtype);
			}
			mt_json_uint64(w, "line", fc->at.line);
			mt_json_object_end(w);
		}
		mt_json_array_end(w);
	}
	if (traced)
		counts_list(w, "trace", t->trace, t->ntrace);
	if (sp->ir_diff)
		mt_json_string(w, "ir_diff", sp->ir_diff);
	if (sp->nbetween) {
		mt_json_array_begin(w, "between");
		for (i = 0; i < sp->nbetween; i++)
			mt_json_string(w, NULL, sp->between[i]);
		mt_json_array_end(w);
	}
	mt_json_object_end(w);
}

void mt_irdiff_json_begin(mt_json *w, const char *key)
{
	mt_json_object_begin(w, key);
	mt_json_string(w, "schema", "maxtriage.irdiff.v1");
	mt_json_array_begin(w, "graphs");
}

static void graph_begin(mt_json *w, const mt_irdiff_graph *g)
{
	mt_json_object_begin(w, NULL);
	mt_json_string(w, "name", g->graph->name);
}

static void graph_end(mt_json *w, const mt_irdiff_graph *g)
{
	size_t i;

	mt_json_array_begin(w, "mojo_files");
	for (i = 0; i < g->graph->nmojo; i++)
		mt_json_string(w, NULL, g->graph->mojo[i]);
	mt_json_array_end(w);
	mt_json_object_end(w);
}

static int traced_report(const mt_irdiff_report *r)
{
	return r->opts && r->opts->trace;
}

void mt_irdiff_json_graph(mt_json *w,
                          const mt_irdiff_report *r,
                          const mt_irdiff_graph *g)
{
	size_t i;
	int traced = traced_report(r);

	graph_begin(w, g);
	mt_json_array_begin(w, "stages");
	for (i = 0; i < g->nstages; i++)
		stage(w, &g->stages[i], traced);
	mt_json_array_end(w);
	mt_json_array_begin(w, "transitions");
	for (i = 0; i < g->nsteps; i++)
		step(w, g, &g->steps[i], traced);
	mt_json_array_end(w);
	graph_end(w, g);
}

void mt_irdiff_json_end(mt_json *w, const mt_irdiff_report *r)
{
	size_t i;

	mt_json_array_end(w);
	mt_json_array_begin(w, "notes");
	for (i = 0; r->input && i < r->input->nnotes; i++)
		mt_json_string(w, NULL, r->input->notes[i]);
	for (i = 0; i < r->nnotes; i++)
		mt_json_string(w, NULL, r->notes[i]);
	mt_json_array_end(w);
	if (traced_report(r))
		mt_json_string(w, "trace", r->opts->trace_spec);
	mt_json_object_end(w);
}

/* ---- the document streamed (mt_irdiff_sink) ----
 *
 * A graph's stages are written to the document as they come; its
 * transitions, which the document puts after them, to a second writer
 * forked where the "transitions" key goes, backed by a temporary file,
 * and joined once the graph ends. */

static void stream_graph_begin(void *payload,
                               const mt_irdiff_report *r,
                               const mt_irdiff_graph *g)
{
	mt_irdiff_json_stream *js = payload;

	graph_begin(&js->w, g);
	if (js->tmp &&
	    (fflush(js->tmp) != 0 || ftruncate(fileno(js->tmp), 0) != 0 ||
	     fseek(js->tmp, 0, SEEK_SET) != 0)) {
		fclose(js->tmp);
		js->tmp = NULL; /* the transitions are held in memory */
	}
	mt_json_fork(&js->side, &js->w, js->tmp);
	mt_json_array_begin(&js->side, "transitions");
	mt_json_array_begin(&js->w, "stages");
	if (js->next && js->next->graph_begin)
		js->next->graph_begin(js->next->payload, r, g);
}

static void stream_stage(void *payload,
                         const mt_irdiff_report *r,
                         const mt_irdiff_graph *g,
                         const mt_irdiff_stage *st)
{
	mt_irdiff_json_stream *js = payload;

	stage(&js->w, st, traced_report(r));
	if (js->next && js->next->stage)
		js->next->stage(js->next->payload, r, g, st);
}

static void stream_step(void *payload,
                        const mt_irdiff_report *r,
                        const mt_irdiff_graph *g,
                        const mt_irdiff_step *sp)
{
	mt_irdiff_json_stream *js = payload;

	step(&js->side, g, sp, traced_report(r));
	if (js->next && js->next->step)
		js->next->step(js->next->payload, r, g, sp);
}

static void stream_graph_end(void *payload,
                             const mt_irdiff_report *r,
                             const mt_irdiff_graph *g)
{
	mt_irdiff_json_stream *js = payload;

	mt_json_array_end(&js->w);
	mt_json_array_end(&js->side);
	mt_json_join(&js->w, &js->side);
	graph_end(&js->w, g);
	if (js->next && js->next->graph_end)
		js->next->graph_end(js->next->payload, r, g);
}

void mt_irdiff_json_stream_init(mt_irdiff_json_stream *js,
                                FILE *fp,
                                const mt_irdiff_sink *next)
{
	memset(js, 0, sizeof(*js));
	js->next = next;
	mt_json_init_file(&js->w, fp, MT_JSON_PRETTY);
	js->tmp = tmpfile(); /* NULL: the transitions are held in memory */
	mt_irdiff_json_begin(&js->w, NULL);
	js->sink.payload = js;
	js->sink.graph_begin = stream_graph_begin;
	js->sink.stage = stream_stage;
	js->sink.step = stream_step;
	js->sink.graph_end = stream_graph_end;
}

int mt_irdiff_json_stream_finish(mt_irdiff_json_stream *js,
                                 const mt_irdiff_report *r)
{
	if (js->tmp)
		fclose(js->tmp);
	js->tmp = NULL;
	mt_buf_release(&js->side.spill);
	if (!r) {
		mt_json_abandon(&js->w);
		return 0;
	}
	mt_irdiff_json_end(&js->w, r);
	return mt_json_finish(&js->w);
}

void mt_irdiff_json_write(mt_json *w,
                          const char *key,
                          const mt_irdiff_report *r)
{
	size_t gi;

	mt_irdiff_json_begin(w, key);
	for (gi = 0; gi < r->ngraphs; gi++)
		mt_irdiff_json_graph(w, r, &r->graphs[gi]);
	mt_irdiff_json_end(w, r);
}

int mt_irdiff_write_json(mt_buf *out, const mt_irdiff_report *r)
{
	mt_json w;

	mt_json_init_buf(&w, out, MT_JSON_PRETTY);
	mt_irdiff_json_write(&w, NULL, r);
	return mt_json_finish(&w);
}

int mt_irdiff_write_json_file(FILE *fp, const mt_irdiff_report *r)
{
	mt_json w;

	mt_json_init_file(&w, fp, MT_JSON_PRETTY);
	mt_irdiff_json_write(&w, NULL, r);
	return mt_json_finish(&w);
}
