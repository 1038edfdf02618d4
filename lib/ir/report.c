/*
 * report.c - run irdiff over every graph: parse each stage once, in
 * order, keep the previous module only until the next one is compared.
 */
#include "input_int.h"

#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "maxtriage/irdiff.h"

/* Hand freed heap pages back to the kernel. A step frees one module and
 * the parse-time tables of the next, megabytes each, in the middle of
 * the heap: glibc keeps such pages resident (and, once a large block
 * has been freed, serves the next large ones from the heap instead of
 * fresh mappings), so without this the peak RSS is that of every step's
 * garbage piled up, not of the two modules being compared. */
static void give_back(void)
{
#if defined(__GLIBC__)
	malloc_trim(0);
#endif
}

/* Blocks of 64 KB and more (the modules' arrays, the matching tables)
 * in mappings of their own: freed, they go back to the kernel at once,
 * and shrinking one (a module's arrays after parsing) moves no bytes.
 * glibc's default threshold rises after the first such block is freed,
 * after which the next ones fragment the heap. Set once, for the whole
 * process: it changes where memory comes from, never what is computed. */
static void big_blocks_mapped(void)
{
#if defined(__GLIBC__)
	mallopt(M_MMAP_THRESHOLD, 64 << 10);
#endif
}

/* A stage bound: its name (first match) or its index. */
static int find_stage(const mt_ir_graph *g, const char *spec, size_t *out)
{
	size_t i;
	char *end;
	unsigned long v;

	for (i = 0; i < g->nstages; i++)
		if (!strcmp(g->stages[i].name, spec)) {
			*out = i;
			return 1;
		}
	v = strtoul(spec, &end, 10);
	if (*spec && !*end && v < g->nstages) {
		*out = v;
		return 1;
	}
	return 0;
}

/* Every dated stage of the input, by the order it was written. */
typedef struct dated {
	size_t order;
	const mt_ir_graph *g;
	const mt_ir_stage *s;
} dated;

typedef struct timeline {
	dated *items;
	size_t n, cap;
} timeline;

static int dated_cmp(const void *x, const void *y)
{
	size_t a = ((const dated *)x)->order, b = ((const dated *)y)->order;

	return a < b ? -1 : a > b;
}

static void timeline_build(timeline *tl, const mt_ir_input *in)
{
	size_t gi, k;

	memset(tl, 0, sizeof(*tl));
	for (gi = 0; gi < in->ngraphs; gi++)
		for (k = 0; k < in->graphs[gi].nstages; k++) {
			dated d;

			d.order = ir_src(&in->graphs[gi].stages[k])->order;
			d.g = &in->graphs[gi];
			d.s = &in->graphs[gi].stages[k];
			if (d.order && !ir_src(d.s)->synthetic)
				MT_PUSH(tl->items, tl->n, tl->cap, d);
		}
	if (tl->n)
		qsort(tl->items, tl->n, sizeof(*tl->items), dated_cmp);
}

/* Listing every nested dump of a module-wide transition could mean
 * thousands of functions; name the first few and count the rest. */
#define BETWEEN_MAX 16

/* Whether one graph's ops hold the other's, so that changes made in one
 * show in the other: a tree scope and the scopes under it
 * ("builtin_module_no-symbol-name" and ".../func_func_main"), a dumped
 * module and any op dumped alone. Sibling functions do not. */
static int graph_related(const mt_ir_graph *a, const mt_ir_graph *b)
{
	size_t la = strlen(a->name), lb = strlen(b->name);
	const mt_ir_graph *s = la < lb ? a : b, *l = la < lb ? b : a;
	size_t ls = la < lb ? la : lb;

	if (!strncmp(a->name, "builtin.module", 14) ||
	    !strncmp(b->name, "builtin.module", 14))
		return 1;
	return !strncmp(s->name, l->name, ls) && l->name[ls] == '/';
}

/* Name the dumps of other graphs written between the two stages of sp
 * whose changes show in it: in a tree or an uncoupled after-all capture,
 * a module-scope transition also carries what the nested passes in
 * between did, and a function's what the module passes did. */
static void
fill_between(const timeline *tl, const mt_ir_graph *g, mt_irdiff_step *sp)
{
	size_t lo = ir_src(&g->stages[sp->from])->order;
	size_t hi = ir_src(&g->stages[sp->to])->order;
	size_t a = 0, b, k, cap = 0, more = 0;

	if (!lo || !hi || !tl->n)
		return;
	/* first item written after lo */
	b = tl->n;
	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (tl->items[mid].order <= lo)
			a = mid + 1;
		else
			b = mid;
	}
	for (k = a; k < tl->n && tl->items[k].order < hi; k++) {
		mt_buf buf = MT_BUF_INIT;

		if (tl->items[k].g == g || !graph_related(g, tl->items[k].g))
			continue;
		if (sp->nbetween >= BETWEEN_MAX) {
			more++;
			continue;
		}
		mt_buf_printf(&buf, "%s: %s", tl->items[k].g->name,
		              tl->items[k].s->name);
		MT_PUSH(sp->between, sp->nbetween, cap, mt_buf_detach(&buf));
	}
	if (more) {
		mt_buf buf = MT_BUF_INIT;

		mt_buf_printf(&buf, "... %zu more", more);
		MT_PUSH(sp->between, sp->nbetween, cap, mt_buf_detach(&buf));
	}
}

/* Adapts the parser's byte counts to the caller's progress callback. */
typedef struct progress_ctx {
	const mt_irdiff_opts *o;
	mt_irdiff_progress p;
} progress_ctx;

static void on_parse_progress(void *payload, size_t done, size_t total)
{
	progress_ctx *pc = payload;

	pc->p.done = done;
	pc->p.total = total;
	pc->o->progress(pc->o->progress_payload, &pc->p);
}

/* *out = prev - a + b, count by count (names sorted, as computed). */
static void counts_delta(mt_ir_count **out,
                         size_t *nout,
                         const mt_ir_count *p,
                         size_t np,
                         const mt_ir_count *a,
                         size_t na,
                         const mt_ir_count *b,
                         size_t nb)
{
	size_t ip = 0, ia = 0, ib = 0, n = 0;
	mt_ir_count *o = mt_calloc(np + nb + 1, sizeof(*o));

	while (ip < np || ib < nb) {
		const char *name;
		size_t v = 0;
		int c;

		if (ip == np)
			c = 1;
		else if (ib == nb)
			c = -1;
		else
			c = strcmp(p[ip].name, b[ib].name);
		name = c <= 0 ? p[ip].name : b[ib].name;
		if (c <= 0)
			v += p[ip++].n;
		if (c >= 0)
			v += b[ib++].n;
		while (ia < na && strcmp(a[ia].name, name) < 0)
			ia++;
		if (ia < na && !strcmp(a[ia].name, name))
			v -= a[ia++].n;
		if (v) {
			o[n].name = mt_strdup(name);
			o[n++].n = v;
		}
	}
	/* kept for every stage: no room beyond the n counts */
	*out = mt_realloc(o, (n ? n : 1) * sizeof(*o));
	*nout = n;
}

/* The ops of one stage read by delta_step, for the next step. */
typedef struct delta_keep {
	const mt_irdiff_stage *st; /* the stage they were read of */
	mt_ir_module *m;
	uint64_t *keys; /* the top-level ops read (ir_stage_delta) */
	size_t nkeys;
} delta_keep;

static void delta_keep_drop(delta_keep *k)
{
	mt_ir_module_free(k->m);
	free(k->keys);
	memset(k, 0, sizeof(*k));
}

/*
 * Stage i of an after-all capture that differs from the previous stage
 * p only in the top-level ops dumped in between (ir_capture_delta): parse
 * just those ops on both sides and diff them. Every other top-level op
 * has the same text on both sides, so a whole-module diff matches each
 * of its ops with itself, unchanged: those ops are added to the
 * unchanged count, and the stage's op totals are p's minus the old
 * versions plus the new ones. With --trace the top-level ops holding
 * a traced op are read too, unchanged, so that the trace lists the same
 * ops in the same order. Returns 0 with st->stats and *t filled (1 if
 * st has pst's text: whatever was read of pst stands for st), or -1 to
 * take the whole-module path (not such a pair, a problem in the text).
 *
 * The ops read of stage i are, in a run of function passes, the same ops
 * that stage i + 1 is compared on: kept (keep) and taken as the next
 * step's a when its keys are the same, so each stage is read once.
 */
static int delta_step(const mt_ir_capture *cap,
                      const mt_irdiff_opts *o,
                      const mt_irdiff_stage *pst,
                      mt_irdiff_stage *st,
                      mt_ir_transition *t,
                      delta_keep *keep,
                      mt_ir_module **spare)
{
	uint64_t *keys = NULL;
	size_t nkeys = 0;
	mt_ir_module *a = NULL, *b = NULL;
	mt_ir_stats sa, sb;
	mt_error e;
	const char *why;
	int rc = -1, traced = o->trace && o->trace->file;

	if (!cap || pst->nproblems || pst->unreadable || !pst->stage->path ||
	    !st->stage->path)
		return -1;
	if (!traced && ir_stage_same(pst->stage, st->stage, cap)) {
		/* the same text: every op is matched with itself */
		memset(&st->stats, 0, sizeof(st->stats));
		st->stats.ops = pst->stats.ops;
		st->stats.located = pst->stats.located;
		counts_delta(&st->stats.by_dialect, &st->stats.ndialect,
		             pst->stats.by_dialect, pst->stats.ndialect, NULL,
		             0, NULL, 0);
		counts_delta(&st->stats.by_device, &st->stats.ndevice,
		             pst->stats.by_device, pst->stats.ndevice, NULL, 0,
		             NULL, 0);
		memset(t, 0, sizeof(*t));
		t->counts.unchanged = pst->stats.ops;
		/* what was read of pst reads the same of st */
		if (keep->st == pst)
			keep->st = st;
		return 1;
	}
	if (!ir_stage_delta(pst->stage, st->stage, cap, traced, &keys, &nkeys,
	                    &e))
		goto out;
	/* no whole module is read next to these */
	mt_ir_module_free(*spare);
	*spare = NULL;
	if (keep->st == pst && keep->nkeys == nkeys &&
	    (!nkeys || !memcmp(keep->keys, keys, nkeys * sizeof(*keys)))) {
		a = keep->m;
		keep->m = NULL;
	}
	delta_keep_drop(keep);
	if ((!a && ir_stage_parse_only(&a, pst->stage, cap, keys, nkeys, &e)) ||
	    ir_stage_parse_only(&b, st->stage, cap, keys, nkeys, &e) ||
	    mt_ir_module_problems(a, &why) || mt_ir_module_problems(b, &why))
		goto out;
	mt_ir_stats_compute(&sa, a, NULL);
	mt_ir_stats_compute(&sb, b, o->trace);
	memset(&st->stats, 0, sizeof(st->stats));
	st->stats.ops = pst->stats.ops - sa.ops + sb.ops;
	st->stats.located = pst->stats.located - sa.located + sb.located;
	/* b holds every traced op of the stage */
	st->stats.trace = sb.trace;
	st->stats.ntrace = sb.ntrace;
	sb.trace = NULL;
	sb.ntrace = 0;
	counts_delta(&st->stats.by_dialect, &st->stats.ndialect,
	             pst->stats.by_dialect, pst->stats.ndialect, sa.by_dialect,
	             sa.ndialect, sb.by_dialect, sb.ndialect);
	counts_delta(&st->stats.by_device, &st->stats.ndevice,
	             pst->stats.by_device, pst->stats.ndevice, sa.by_device,
	             sa.ndevice, sb.by_device, sb.ndevice);
	mt_ir_diff(t, a, b, o->trace, NULL);
	t->counts.unchanged += st->stats.ops - sb.ops;
	if (traced)
		ir_capture_note_traced(cap, ir_src(st->stage)->dump, b,
		                       o->trace);
	mt_ir_stats_release(&sa);
	mt_ir_stats_release(&sb);
	keep->m = b;
	keep->keys = keys;
	keep->nkeys = nkeys;
	keep->st = st;
	b = NULL;
	keys = NULL;
	rc = 0;
out:
	mt_ir_module_free(a);
	mt_ir_module_free(b);
	free(keys);
	return rc;
}

/* --show-ir: the unified diff of stages from and to of g into sp. */
static void
show_ir(mt_irdiff_step *sp, const mt_ir_graph *g, size_t from, size_t to)
{
	mt_buf b = MT_BUF_INIT;
	mt_error e;

	if (!mt_ir_show_diff(&b, &g->stages[from], &g->stages[to], &e))
		sp->ir_diff = mt_buf_detach(&b);
	mt_buf_release(&b);
}

/* How many stages of the report have ops enough to carry locations,
 * and how many of them carry none: counted stage by stage, so that a
 * streamed report still says it once at the end. */
typedef struct located_tally {
	size_t with_ops, bare;
	size_t bare_llvm; /* of the bare ones, LLVM IR stages */
	const char *first; /* the first bare stage's name (the input's) */
} located_tally;

/* What one graph's run shares: the report, its options, the timeline
 * and the tally; stream when the stages go to o->sink as they are done. */
typedef struct graph_run {
	mt_irdiff_report *r;
	const mt_irdiff_opts *o;
	const timeline *tl;
	located_tally *lt;
	mt_irdiff_graph *rg;
	int stream;
} graph_run;

static void stage_release(mt_irdiff_stage *st)
{
	mt_ir_stats_release(&st->stats);
	free(st->problem);
	memset(st, 0, sizeof(*st));
}

static void step_release(mt_irdiff_step *sp)
{
	size_t k;

	mt_ir_transition_release(&sp->t);
	ir_folds_release(sp);
	free(sp->ir_diff);
	for (k = 0; k < sp->nbetween; k++)
		free(sp->between[k]);
	free(sp->between);
	memset(sp, 0, sizeof(*sp));
}

/* The record of the next stage. Streamed, the graph holds two: the
 * last readable stage (pst, compared with the next) and this one. */
static mt_irdiff_stage *stage_next(graph_run *gr, const mt_irdiff_stage *pst)
{
	mt_irdiff_stage *st;

	if (!gr->stream)
		return &gr->rg->stages[gr->rg->nstages++];
	st = &gr->rg->stages[pst == &gr->rg->stages[0] ? 1 : 0];
	stage_release(st);
	return st;
}

/* st is complete: counted, and given to the sink when streamed. */
static void stage_done(graph_run *gr, const mt_irdiff_stage *st)
{
	const mt_irdiff_sink *k = gr->o->sink;
	located_tally *lt = gr->lt;

	/* a module and its functions carry no location of their own in
	 * every printer: look at stages with more than a few ops */
	if (!st->unreadable && st->stats.ops >= 4) {
		lt->with_ops++;
		if (!st->stats.located && !lt->bare++)
			lt->first = st->stage->name;
		if (!st->stats.located && ir_src(st->stage)->llvm)
			lt->bare_llvm++;
	}
	if (gr->stream && k->stage)
		k->stage(k->payload, gr->r, gr->rg, st);
}

/* sp (from, to and t set) is complete: its "between" and --show-ir
 * added, then kept, or given to the sink and freed. */
static void step_done(graph_run *gr, mt_irdiff_step *sp)
{
	const mt_irdiff_sink *k = gr->o->sink;
	const mt_ir_graph *g = gr->rg->graph;

	ir_transition_trim(&sp->t);
	fill_between(gr->tl, g, sp);
	if (gr->o->show_ir)
		show_ir(sp, g, sp->from, sp->to);
	if (!gr->stream) {
		gr->rg->nsteps++;
		return;
	}
	if (k->step)
		k->step(k->payload, gr->r, gr->rg, sp);
	step_release(sp);
}

static void run_graph(graph_run *gr, size_t lo, size_t hi)
{
	mt_irdiff_report *r = gr->r;
	const mt_irdiff_opts *o = gr->o;
	mt_irdiff_graph *rg = gr->rg;
	const mt_ir_graph *g = rg->graph;
	const mt_ir_capture *cap = r->input->layout == MT_IR_LAYOUT_AFTERALL
	                                   ? r->input->priv->capture
	                                   : NULL;
	mt_ir_module *prev = NULL, *spare = NULL;
	mt_irdiff_stage *pst = NULL; /* the last readable stage */
	delta_keep keep = { NULL, NULL, NULL, 0 };
	size_t i, prev_i = 0, nstage = gr->stream ? 2 : hi - lo + 1;
	int rc;
	progress_ctx pc;

	rg->stages = mt_calloc(nstage, sizeof(*rg->stages));
	rg->steps = mt_calloc(gr->stream ? 1 : nstage, sizeof(*rg->steps));
	for (i = lo; i <= hi; i++) {
		mt_irdiff_stage *st = stage_next(gr, pst);
		mt_ir_module *m = NULL;
		mt_error e;
		const char *why;
		/* no transition into a stage of other scopes' passes */
		int step = pst && !ir_src(&g->stages[i])->foreign;

		st->stage = &g->stages[i];
		st->index = i;
		memset(&pc, 0, sizeof(pc));
		pc.o = o;
		pc.p.graph = g->name;
		pc.p.stage = st->stage->name;
		pc.p.index = i - lo + 1;
		pc.p.count = hi - lo + 1;
		if (step) {
			mt_irdiff_step *sp =
			        &rg->steps[gr->stream ? 0 : rg->nsteps];

			int same = delta_step(cap, o, pst, st, &sp->t, &keep,
			                      &spare);

			if (same >= 0) {
				sp->from = prev_i;
				sp->to = i;
				step_done(gr, sp);
				if (o->progress)
					on_parse_progress(&pc, 1, 1);
				/* prev, read of pst, is st's module too */
				if (!same) {
					mt_ir_module_free(prev);
					prev = NULL;
				}
				stage_done(gr, st);
				pst = st;
				prev_i = i;
				continue;
			}
			memset(sp, 0, sizeof(*sp));
		}
		delta_keep_drop(&keep);
		if (step && !prev) {
			if (ir_stage_parse_progress(&prev, pst->stage, NULL,
			                            NULL, spare, &e))
				prev = NULL;
			spare = NULL;
		}
		rc = ir_stage_parse_progress(
		        &m, st->stage, o->progress ? on_parse_progress : NULL,
		        &pc, spare, &e);
		spare = NULL;
		if (rc) {
			st->unreadable = 1;
			st->problem = mt_strdup(e.msg);
			r->unreadable++;
			stage_done(gr, st);
			continue;
		}
		give_back();
		mt_ir_stats_compute(&st->stats, m, o->trace);
		if (cap && o->trace && o->trace->file)
			ir_capture_note_traced(cap, ir_src(st->stage)->dump, m,
			                       o->trace);
		st->nproblems = mt_ir_module_problems(m, &why);
		if (st->nproblems)
			st->problem = mt_strdup(why);
		if (step && prev) {
			mt_irdiff_step *sp =
			        &rg->steps[gr->stream ? 0 : rg->nsteps];

			sp->from = prev_i;
			sp->to = i;
			mt_ir_diff(&sp->t, prev, m, o->trace, NULL);
			step_done(gr, sp);
		}
		stage_done(gr, st);
		/* prev's arrays hold the next stage read */
		spare = prev;
		give_back();
		prev = m;
		pst = st;
		prev_i = i;
	}
	mt_ir_module_free(prev);
	mt_ir_module_free(spare);
	delta_keep_drop(&keep);
	if (gr->stream) {
		stage_release(&rg->stages[0]);
		stage_release(&rg->stages[1]);
		free(rg->stages);
		free(rg->steps);
		rg->stages = NULL;
		rg->steps = NULL;
		return;
	}
	for (i = 0; i < rg->nsteps; i++)
		ir_fold_step(&rg->steps[i]);
}

/* Say once when stages hold no source locations (mlir-opt prints none
 * without --mlir-print-debuginfo): what is found then rests on structure
 * alone, and some of it is weaker. */
static void note_locations(mt_irdiff_report *r, const located_tally *lt)
{
	mt_buf b = MT_BUF_INIT;

	if (!lt->bare)
		return;
	if (lt->bare == lt->with_ops)
		mt_buf_puts(&b, "the stages have no source locations");
	else
		mt_buf_printf(&b,
		              "%zu of %zu stages have no source locations "
		              "(the first is '%s')",
		              lt->bare, lt->with_ops, lt->first);
	if (lt->bare_llvm == lt->bare) {
		/* LLVM IR: no dialects, lowerings or fusions to weaken */
		mt_buf_puts(&b,
		            " (compiled without -g, or dumped function by "
		            "function: LLVM numbers its metadata anew in each "
		            "print, so a function's !dbg cannot be resolved; "
		            "-print-module-scope keeps them): functions are "
		            "matched by name and their instructions by "
		            "structure and dataflow alone, and --trace finds "
		            "nothing in them");
		MT_PUSH(r->notes, r->nnotes, r->cap_notes, mt_buf_detach(&b));
		return;
	}
	mt_buf_puts(&b,
	            " (printed without --mlir-print-debuginfo?): "
	            "fusions, loop fusions, kernels and placements are "
	            "found from structure and dataflow alone; a lowering "
	            "is found where its op stood, between the ops matched "
	            "around it inside an op matched on both sides, and what "
	            "it became is what the op's users (or, for an op "
	            "without results, the first ops taking its buffers) now "
	            "take, with what those are made from: one in an op that "
	            "was not matched is not found, and nested loops lowered "
	            "together are one lowering; members are named by "
	            "op and line in the stage text, not by source; "
	            "--trace finds nothing in them");
	MT_PUSH(r->notes, r->nnotes, r->cap_notes, mt_buf_detach(&b));
}

/* What one graph's comparison holds, freed (the graph's entry stays). */
static void graph_release(mt_irdiff_graph *g)
{
	size_t i;

	for (i = 0; i < g->nstages; i++)
		stage_release(&g->stages[i]);
	for (i = 0; i < g->nsteps; i++)
		step_release(&g->steps[i]);
	free(g->stages);
	free(g->steps);
	g->stages = NULL;
	g->steps = NULL;
	g->nstages = g->nsteps = 0;
}

/* The stages of g that --from and --to keep: [*lo, *hi]. 1 when g is
 * compared; 0 when the bounds name none of its stages; -1 (err set)
 * when they are the wrong way round. Sets *from_found, *to_found. */
static int graph_range(const mt_ir_graph *g,
                       const mt_irdiff_opts *o,
                       size_t *lo,
                       size_t *hi,
                       int *from_found,
                       int *to_found,
                       mt_error *err)
{
	*lo = 0;
	if (o->from && find_stage(g, o->from, lo))
		*from_found = 1;
	else if (o->from)
		return 0;
	*hi = g->nstages ? g->nstages - 1 : 0;
	if (o->to && find_stage(g, o->to, hi))
		*to_found = 1;
	else if (o->to)
		return 0;
	if (*lo > *hi) {
		mt_error_set(err, MT_EUSAGE,
		             "cannot select --from stage '%s': it comes after "
		             "--to stage '%s' in graph '%s'",
		             o->from, o->to, g->name);
		return -1;
	}
	return 1;
}

int mt_irdiff_run(mt_irdiff_report *r,
                  const mt_ir_input *in,
                  const mt_irdiff_opts *o,
                  mt_error *err)
{
	size_t gi, lo, hi;
	int any_graph = 0, any_from = !o->from, any_to = !o->to;
	timeline tl;
	located_tally lt = { 0, 0, 0, NULL };

	memset(r, 0, sizeof(*r));
	/* the selection first: a streamed report must not begin before
	 * an error that ends it */
	for (gi = 0; gi < in->ngraphs; gi++) {
		const mt_ir_graph *g = &in->graphs[gi];

		if (o->graph && strcmp(o->graph, g->name))
			continue;
		any_graph = 1;
		if (graph_range(g, o, &lo, &hi, &any_from, &any_to, err) < 0)
			return MT_EUSAGE;
	}
	if (!any_graph && o->graph)
		return mt_error_set(err, MT_ENOTFOUND,
		                    "cannot select graph '%s': no such graph",
		                    o->graph);
	if (!any_from)
		return mt_error_set(err, MT_ENOTFOUND,
		                    "cannot select --from stage '%s': no such "
		                    "stage",
		                    o->from);
	if (!any_to)
		return mt_error_set(err, MT_ENOTFOUND,
		                    "cannot select --to stage '%s': no such "
		                    "stage",
		                    o->to);
	big_blocks_mapped();
	timeline_build(&tl, in);
	r->input = in;
	r->opts = o;
	r->graphs = mt_calloc(in->ngraphs + 1, sizeof(*r->graphs));
	for (gi = 0; gi < in->ngraphs; gi++) {
		const mt_ir_graph *g = &in->graphs[gi];
		const mt_irdiff_sink *k = o->sink;
		graph_run gr;

		if (o->graph && strcmp(o->graph, g->name))
			continue;
		if (graph_range(g, o, &lo, &hi, &any_from, &any_to, err) < 1)
			continue;
		gr.r = r;
		gr.o = o;
		gr.tl = &tl;
		gr.lt = &lt;
		gr.rg = &r->graphs[r->ngraphs];
		gr.stream = k != NULL;
		gr.rg->graph = g;
		gr.rg->like_of = r->ngraphs;
		if (k && k->graph_begin)
			k->graph_begin(k->payload, r, gr.rg);
		if (g->nstages)
			run_graph(&gr, lo, hi);
		if (k && k->graph_end)
			k->graph_end(k->payload, r, gr.rg);
		r->ngraphs++;
	}
	if (!o->sink)
		ir_fold_report(r);
	note_locations(r, &lt);
	free(tl.items);
	return 0;
}

void mt_irdiff_report_release(mt_irdiff_report *r)
{
	size_t gi, i;

	for (i = 0; i < r->nnotes; i++)
		free(r->notes[i]);
	free(r->notes);
	ir_fold_report_release(r);
	for (gi = 0; gi < r->ngraphs; gi++)
		graph_release(&r->graphs[gi]);
	free(r->graphs);
	memset(r, 0, sizeof(*r));
}
