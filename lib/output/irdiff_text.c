/*
 * irdiff_text.c - irdiff for people: text (default) and Markdown.
 *
 * Both fold what repeats: a run of transitions that changed nothing is
 * one line, and identical findings (the same rewrite in 80 layers,
 * folded by lib/ir, mt_irdiff_step.folds) are one line with a count and
 * the first location.
 */
#include "maxtriage/irdiff_output.h"

#include <stdlib.h>
#include <string.h>

typedef struct style {
	int md;
	int color; /* text only: ANSI bold headings, dim unchanged runs,
	              yellow notes */
} style;

#define BOLD(s) ((s)->color ? "\033[1m" : "")
#define DIM(s) ((s)->color ? "\033[2m" : "")
#define NOTE(s) ((s)->color ? "\033[33m" : "")
#define OFF(s) ((s)->color ? "\033[0m" : "")

static void locs(mt_buf *b, const mt_ir_opref *r)
{
	size_t i;

	if (!r->nlocs)
		return;
	if (r->nlocs > 1)
		mt_buf_putc(b, '[');
	for (i = 0; i < r->nlocs; i++)
		mt_buf_printf(b, "%s%s", i ? ", " : "", r->locs[i]);
	if (r->nlocs > 1)
		mt_buf_putc(b, ']');
}

static void opname(mt_buf *b, const mt_ir_opref *r)
{
	mt_buf_puts(b, r->op);
	if (r->sym)
		mt_buf_printf(b, " @%s", r->sym);
}

static const char *layout_name(mt_ir_layout l)
{
	switch (l) {
	case MT_IR_LAYOUT_MAX:
		return "MAX ir-output-dir";
	case MT_IR_LAYOUT_TREE:
		return "mlir-print-ir-tree-dir";
	case MT_IR_LAYOUT_AFTERALL:
		return "mlir-print-ir-after-all capture";
	default:
		return "files";
	}
}

static void counts(mt_buf *out, const mt_ir_count *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		mt_buf_printf(out, "%s%s %zu", i ? ", " : "", c[i].name,
		              c[i].n);
}

static const char *stage_name(const mt_irdiff_graph *g, size_t index)
{
	return g->graph->stages[index].name;
}

/* How ops were fused, after the members: nothing for ops fused into an
 * op (elementwise), else the loop nests or the tiling. */
static const char *fusion_kind_note(mt_ir_fusion_kind k)
{
	switch (k) {
	case MT_IR_FUSION_LOOPS:
		return " (loop nests fused)";
	case MT_IR_FUSION_TILED:
		return " (tiled into the loop nest)";
	default:
		return "";
	}
}

/* What finding k of kind says, without its locations (key), and its
 * locations (loc). */
static void finding_text(mt_buf *key,
                         mt_buf *loc,
                         const mt_ir_transition *t,
                         mt_ir_finding_kind kind,
                         size_t i)
{
	size_t k;

	mt_buf_clear(key);
	mt_buf_clear(loc);
	switch (kind) {
	case MT_IR_FINDING_FUSION: {
		const mt_ir_fusion *fu = &t->fusions[i];

		mt_buf_puts(key, "fused     ");
		opname(key, &fu->into);
		mt_buf_puts(key, " <- ");
		for (k = 0; k < fu->nfrom; k++) {
			if (k)
				mt_buf_puts(key, " + ");
			mt_buf_puts(key, fu->from[k].op);
		}
		mt_buf_puts(key, fusion_kind_note(fu->kind));
		locs(loc, &fu->into);
		/* members' locations say which ops were fused */
		if (fu->nfrom && fu->from[0].nlocs) {
			mt_buf_puts(loc, loc->len ? " from " : "from ");
			for (k = 0; k < fu->nfrom; k++) {
				if (k)
					mt_buf_puts(loc, ", ");
				locs(loc, &fu->from[k]);
			}
		}
		break;
	}
	case MT_IR_FINDING_PLACEMENT: {
		const mt_ir_placement *p = &t->placements[i];

		mt_buf_puts(key, "placed    ");
		opname(key, &p->op);
		mt_buf_printf(key, ": %s -> %s", p->from, p->to);
		locs(loc, &p->op);
		break;
	}
	case MT_IR_FINDING_TRANSFER: {
		const mt_ir_transfer *x = &t->transfers[i];

		mt_buf_printf(key, "transfer  %s ",
		              x->added ? "added" : "removed");
		opname(key, &x->op);
		if (x->from || x->to)
			mt_buf_printf(key, ": %s -> %s",
			              x->from ? x->from : "?",
			              x->to ? x->to : "?");
		locs(loc, &x->op);
		break;
	}
	case MT_IR_FINDING_KERNEL: {
		const mt_ir_kernel *kn = &t->kernels[i];

		mt_buf_printf(key, "%s  %s: ",
		              kn->change == MT_IR_KERNEL_OUTLINED ? "outlined"
		                                                  : "compiled",
		              kn->kernel);
		opname(key, &kn->from);
		mt_buf_puts(key, " -> ");
		opname(key, &kn->to);
		locs(loc, &kn->from);
		break;
	}
	case MT_IR_FINDING_OUTLINING: {
		const mt_ir_outlining *ol = &t->outlinings[i];

		mt_buf_printf(key,
		              "moved     %zu op%s of @%s into new function ",
		              ol->nops, ol->nops == 1 ? "" : "s",
		              ol->from.sym ? ol->from.sym : "?");
		opname(key, &ol->to);
		mt_buf_puts(key, ":");
		for (k = 0; k < ol->nmoved; k++)
			mt_buf_printf(key, "%s%s", k ? ", " : " ",
			              ol->ops[k].op);
		for (k = 0; k < ol->nmoved; k++) {
			if (k && ol->ops[k].nlocs)
				mt_buf_puts(loc, ", ");
			locs(loc, &ol->ops[k]);
		}
		break;
	}
	case MT_IR_FINDING_FUNCTION: {
		const mt_ir_funcchange *fc = &t->funcs[i];

		if (fc->change == MT_IR_FUNC_REMOVED)
			mt_buf_printf(
			        key,
			        "removed   function @%s (%zu call%s to it "
			        "left before)",
			        fc->func, fc->calls, fc->calls == 1 ? "" : "s");
		else if (fc->change == MT_IR_FUNC_INLINED)
			mt_buf_printf(
			        key,
			        "inlined   @%s into @%s: %zu call%s gone, "
			        "%zu of its %zu instruction%s came in",
			        fc->func, fc->into, fc->calls,
			        fc->calls == 1 ? "" : "s", fc->matched,
			        fc->body, fc->body == 1 ? "" : "s");
		else if (fc->change == MT_IR_FUNC_CALLS_GONE)
			mt_buf_printf(key,
			              "calls     to @%s gone from @%s: %zu, "
			              "%zu of its %zu instruction%s came in "
			              "(inlined and folded, or deleted: not "
			              "known)",
			              fc->func, fc->into, fc->calls,
			              fc->matched, fc->body,
			              fc->body == 1 ? "" : "s");
		else
			mt_buf_printf(key,
			              "vectorized @%s: %zu -> %zu vector ops "
			              "(%s)",
			              fc->func, fc->vec_before, fc->vec_after,
			              fc->vtype ? fc->vtype : "?");
		locs(loc, &fc->at);
		break;
	}
	case MT_IR_FINDING_LOWERING: {
		const mt_ir_lowering *lw = &t->lowerings[i];

		mt_buf_puts(key, "lowered   ");
		for (k = 0; k < lw->nfrom; k++)
			mt_buf_printf(key, "%s%s", k ? ", " : "",
			              lw->from[k].name);
		mt_buf_puts(key, " -> ");
		for (k = 0; k < lw->nto; k++) {
			mt_buf_printf(key, "%s%s", k ? ", " : "",
			              lw->to[k].name);
			if (lw->to[k].n > 1)
				mt_buf_printf(key, " x%zu", lw->to[k].n);
		}
		locs(loc, &lw->at);
		break;
	}
	}
}

/* One line per row of the step's findings (folded in lib/ir): a count
 * when it stands for several (counts[r] over a group of transitions, or
 * the row's own), the first one's locations. */
static void rows_out(mt_buf *out,
                     const mt_irdiff_step *sp,
                     const size_t *counts,
                     const style *s)
{
	mt_buf key = MT_BUF_INIT, loc = MT_BUF_INIT;
	size_t i;

	for (i = 0; i < sp->nfolds; i++) {
		const mt_irdiff_fold *f = &sp->folds[i];
		size_t n = counts ? counts[i] : f->n;
		const char *k;

		finding_text(&key, &loc, &sp->t, f->kind, f->items[0]);
		mt_buf_puts(out, s->md ? "- " : "      ");
		if (n > 1)
			mt_buf_printf(out, "%zux ", n);
		if (s->md) {
			/* the text layout pads the kind; Markdown need not */
			for (k = key.ptr; *k; k++)
				if (!(*k == ' ' && k[1] == ' '))
					mt_buf_putc(out, *k);
		} else {
			mt_buf_puts(out, key.ptr);
		}
		if (loc.len)
			mt_buf_printf(
			        out, "  %s%s%s%s", n > 1 ? "first at " : "at ",
			        s->md ? "`" : "", loc.ptr, s->md ? "`" : "");
		mt_buf_putc(out, '\n');
	}
	mt_buf_release(&key);
	mt_buf_release(&loc);
}

static void findings(mt_buf *out, const mt_irdiff_step *sp, const style *s)
{
	rows_out(out, sp, NULL, s);
}

static void step_head(mt_buf *out,
                      const mt_irdiff_graph *g,
                      const mt_irdiff_step *sp,
                      const style *s)
{
	const mt_ir_counts *c = &sp->t.counts;

	if (s->md)
		mt_buf_printf(out, "\n#### %zu `%s` -> %zu `%s`\n\n", sp->from,
		              stage_name(g, sp->from), sp->to,
		              stage_name(g, sp->to));
	else
		mt_buf_printf(out, "  %s[%zu] %s -> [%zu] %s:%s", BOLD(s),
		              sp->from, stage_name(g, sp->from), sp->to,
		              stage_name(g, sp->to), OFF(s));
	mt_buf_printf(out,
	              "%s%zu added, %zu removed, %zu modified, %zu moved, "
	              "%zu unchanged\n",
	              s->md ? "" : " ", c->added, c->removed, c->modified,
	              c->moved, c->unchanged);
	if (s->md)
		mt_buf_putc(out, '\n');
}

static void unchanged_run(mt_buf *out,
                          const mt_irdiff_graph *g,
                          size_t a,
                          size_t b,
                          const style *s)
{
	const mt_irdiff_step *first = &g->steps[a], *last = &g->steps[b - 1];
	size_t i;

	if (s->md)
		mt_buf_printf(out, "\n#### %zu `%s` -> %zu `%s`: unchanged",
		              first->from, stage_name(g, first->from), last->to,
		              stage_name(g, last->to));
	else
		mt_buf_printf(out, "  %s[%zu] %s -> [%zu] %s: unchanged",
		              DIM(s), first->from, stage_name(g, first->from),
		              last->to, stage_name(g, last->to));
	if (b - a > 1) {
		mt_buf_printf(out, " (%zu stages:", b - a);
		for (i = a; i < b; i++)
			mt_buf_printf(out, " %s",
			              stage_name(g, g->steps[i].to));
		mt_buf_putc(out, ')');
	}
	mt_buf_printf(out, "%s\n", OFF(s));
}

static void
trace_lines(mt_buf *out, const mt_ir_count *c, size_t n, const style *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		mt_buf_printf(out, "%s%s%s\n", s->md ? "- " : "      ",
		              c[i].name, c[i].n > 1 ? "" : "");
}

static void stage_extra(mt_buf *out,
                        const mt_irdiff_report *r,
                        const mt_irdiff_stage *st,
                        const style *s)
{
	if (st->nproblems)
		mt_buf_printf(
		        out, "%s%zu unreadable part(s) skipped, first at %s\n",
		        s->md ? "- " : "      ", st->nproblems, st->problem);
	if (r->opts->trace && st->stats.ntrace) {
		mt_buf_printf(out, "%sat %s:\n", s->md ? "" : "      ",
		              r->opts->trace_spec);
		trace_lines(out, st->stats.trace, st->stats.ntrace, s);
	}
}

/* The op a stage's pass ran on ("@conv0" for "cse on func.func
 * @conv0"), or the whole stage name. */
static const char *anchor(const char *name)
{
	const char *on = strstr(name, " on "), *at;

	if (!on)
		return name;
	at = strchr(on, '@');
	return at ? at : on + 4;
}

/* At most this many places are named per folded line (JSON has all). */
#define WHERE_SHOWN 8

/* "on N ops: @a, @b, ... and K more" for stages st[0..n) of g (their
 * indices into the graph's stages, through *idx when idx is a list of
 * steps: to-stages). */
static void where_list(mt_buf *out,
                       const mt_irdiff_graph *g,
                       const size_t *idx,
                       size_t n,
                       int steps,
                       const style *s)
{
	size_t i, st0 = steps ? g->steps[idx[0]].to : idx[0];
	const char *name = stage_name(g, st0), *on = strstr(name, " on ");
	const char *at = on ? strchr(on, '@') : NULL;

	/* "on 400 func.func:", the kind of op the pass ran on */
	if (at && at > on + 5)
		mt_buf_printf(out, "on %zu %.*s:", n, (int)(at - on - 5),
		              on + 4);
	else
		mt_buf_printf(out, "on %zu ops:", n);
	for (i = 0; i < n && i < WHERE_SHOWN; i++) {
		size_t st = steps ? g->steps[idx[i]].to : idx[i];

		mt_buf_printf(out, "%s%s%s%s", i ? ", " : " ", s->md ? "`" : "",
		              anchor(stage_name(g, st)), s->md ? "`" : "");
	}
	if (n > WHERE_SHOWN)
		mt_buf_printf(out, " and %zu more", n - WHERE_SHOWN);
}

/* One stage line (text) or table row (Markdown). */
static void stage_row(mt_buf *out,
                      const mt_irdiff_report *r,
                      const mt_irdiff_stage *st,
                      int w,
                      const style *s)
{
	if (s->md)
		mt_buf_printf(out, "| %zu | `%s`%s | ", st->index,
		              st->stage->name,
		              st->stage->unknown ? " (unknown stage)" : "");
	else
		mt_buf_printf(out, "  [%zu] %-*s ", st->index, w,
		              st->stage->name);
	if (st->unreadable) {
		mt_buf_printf(out, "unreadable: %s%s\n", st->problem,
		              s->md ? " | | |" : "");
		return;
	}
	if (s->md) {
		mt_buf_printf(out, "%zu | ", st->stats.ops);
		counts(out, st->stats.by_dialect, st->stats.ndialect);
		mt_buf_puts(out, " | ");
		counts(out, st->stats.by_device, st->stats.ndevice);
		mt_buf_puts(out, " |\n");
		return;
	}
	mt_buf_printf(out, "%7zu ops  ", st->stats.ops);
	counts(out, st->stats.by_dialect, st->stats.ndialect);
	mt_buf_puts(out, "  | ");
	counts(out, st->stats.by_device, st->stats.ndevice);
	mt_buf_putc(out, '\n');
	if (st->stage->unknown)
		mt_buf_puts(out, "      unknown stage name, placed by "
		                 "its dialects\n");
	stage_extra(out, r, st, s);
}

/* The stages of a pass run on several ops, as one line. */
static void pass_row(mt_buf *out,
                     const mt_irdiff_graph *g,
                     const mt_irdiff_passgroup *pg,
                     const style *s)
{
	const mt_irdiff_stage *a = &g->stages[pg->stages[0]];
	const mt_irdiff_stage *z = &g->stages[pg->stages[pg->n - 1]];

	if (s->md)
		mt_buf_printf(out, "| %zu..%zu | `%s` ", a->index, z->index,
		              pg->pass);
	else
		mt_buf_printf(out, "  [%zu..%zu] %s ", a->index, z->index,
		              pg->pass);
	where_list(out, g, pg->stages, pg->n, 0, s);
	mt_buf_printf(out, "%s%zu .. %zu ops%s\n", s->md ? " | " : "; ",
	              a->stats.ops, z->stats.ops, s->md ? " | | |" : "");
}

/* Where the changes of step sp come from besides its own pass. */
static void between_line(mt_buf *out, const mt_irdiff_step *sp, const style *s)
{
	size_t k;

	if (!sp->nbetween)
		return;
	mt_buf_printf(out,
	              "%sother dumps in between (their changes show here "
	              "too):",
	              s->md ? "" : "      ");
	/* "graph: stage" entries; name each graph once */
	for (k = 0; k < sp->nbetween; k++) {
		const char *e = sp->between[k];
		const char *c = strstr(e, ": ");
		size_t gl = c ? (size_t)(c - e) : 0;
		const char *p = k ? sp->between[k - 1] : NULL;

		if (c && p && !strncmp(p, e, gl + 2))
			mt_buf_printf(out, ", %s", c + 2);
		else
			mt_buf_printf(out, "%s%s", k ? "; " : " ", e);
	}
	mt_buf_puts(out, s->md ? "\n\n" : "\n");
}

/* A group of transitions (the same pass on several ops, the same
 * findings) as one head and its rows, each with its count over them. */
static void group_out(mt_buf *out,
                      const mt_irdiff_graph *g,
                      const mt_irdiff_stepgroup *sg,
                      const style *s)
{
	const mt_irdiff_step *first = &g->steps[sg->steps[0]];
	const char *to = stage_name(g, first->to);
	const mt_ir_counts *c = &sg->total;
	int pl = (int)(strstr(to, " on ") - to);

	if (s->md)
		mt_buf_printf(out, "\n#### `%.*s` ", pl, to);
	else
		mt_buf_printf(out, "  %.*s ", pl, to);
	where_list(out, g, sg->steps, sg->n, 1, s);
	if (!first->t.changed) {
		mt_buf_puts(out, s->md ? ": unchanged\n" : ": unchanged\n");
		return;
	}
	/* unchanged ops are the whole module's in every one: left out */
	mt_buf_printf(out,
	              "%s%zu transitions, in all %zu added, %zu removed, %zu "
	              "modified, %zu moved\n%s",
	              s->md ? "\n\n" : "\n      ", sg->n, c->added, c->removed,
	              c->modified, c->moved, s->md ? "\n" : "");
	rows_out(out, first, sg->counts, s);
}

/* Graphs like g (a tree's functions that went through the same stages
 * and found the same): named after g's head. */
static void like_line(mt_buf *out,
                      const mt_irdiff_report *r,
                      const mt_irdiff_graph *g,
                      const style *s)
{
	size_t i, shown = 0, self = (size_t)(g - r->graphs);
	const char *sl = strrchr(g->graph->name, '/'), *name;

	if (!g->nlike)
		return;
	mt_buf_printf(out,
	              "%s%zu more graph%s went through the same stages and "
	              "found the same:",
	              s->md ? "\n" : "  ", g->nlike, g->nlike == 1 ? "" : "s");
	for (i = 0; i < r->ngraphs; i++) {
		if (i == self || r->graphs[i].like_of != self)
			continue;
		if (shown++ == WHERE_SHOWN) {
			mt_buf_printf(out, " and %zu more",
			              g->nlike - WHERE_SHOWN);
			break;
		}
		/* the scopes of one tree share their parent's path: named
		 * by their own part */
		name = r->graphs[i].graph->name;
		if (sl && !strncmp(name, g->graph->name,
		                   (size_t)(sl - g->graph->name) + 1))
			name += sl - g->graph->name + 1;
		mt_buf_printf(out, "%s%s%s%s", shown > 1 ? ", " : " ",
		              s->md ? "`" : "", name, s->md ? "`" : "");
	}
	mt_buf_puts(out, s->md ? "\n\n" : "\n");
}

/* Whether step i stands in a group of others (printed with its group,
 * when findings are shown: --trace and --show-ir list every step). */
static int
grouped(const mt_irdiff_report *r, const mt_irdiff_graph *g, size_t i)
{
	return !r->opts->trace && !r->opts->show_ir && g->step_group &&
	       g->groups[g->step_group[i]].n > 1;
}

static void graph_out(mt_buf *out,
                      const mt_irdiff_report *r,
                      const mt_irdiff_graph *g,
                      const style *s)
{
	const mt_irdiff_opts *o = r->opts;
	size_t i, k;
	size_t w = 8;

	if (g->like_of != (size_t)(g - r->graphs))
		return; /* named with the first graph like it */
	for (i = 0; i < g->nstages; i++)
		if (strlen(g->stages[i].stage->name) > w)
			w = strlen(g->stages[i].stage->name);
	if (w > 48)
		w = 48;
	if (s->md)
		mt_buf_printf(
		        out,
		        "\n## Graph `%s`\n\n| # | stage | ops | by dialect | by device |\n|---|---|---|---|---|\n",
		        g->graph->name);
	else
		mt_buf_printf(out, "%sgraph %s (%zu stages)%s\n", BOLD(s),
		              g->graph->name, g->graph->nstages, OFF(s));
	if (g->npassgroups) {
		for (k = 0; k < g->npassgroups; k++) {
			const mt_irdiff_passgroup *pg = &g->passgroups[k];

			if (pg->n == 1)
				stage_row(out, r, &g->stages[pg->stages[0]],
				          (int)w, s);
			else
				pass_row(out, g, pg, s);
		}
	} else {
		for (i = 0; i < g->nstages; i++)
			stage_row(out, r, &g->stages[i], (int)w, s);
	}
	like_line(out, r, g, s);
	/* Markdown: what does not fit a table row comes after the table */
	for (i = 0; s->md && i < g->nstages; i++)
		if (!g->stages[i].unreadable) {
			if (g->stages[i].nproblems ||
			    (o->trace && g->stages[i].stats.ntrace))
				mt_buf_printf(out, "\nStage %zu `%s`:\n",
				              g->stages[i].index,
				              g->stages[i].stage->name);
			stage_extra(out, r, &g->stages[i], s);
		}
	for (i = 0; i < g->nsteps;) {
		const mt_irdiff_step *sp = &g->steps[i];

		if (grouped(r, g, i)) {
			const mt_irdiff_stepgroup *sg =
			        &g->groups[g->step_group[i]];

			if (sg->steps[0] == i)
				group_out(out, g, sg, s);
			i++;
			continue;
		}
		if (!sp->t.changed && !sp->ir_diff) {
			size_t j = i;

			while (j < g->nsteps && !g->steps[j].t.changed &&
			       !grouped(r, g, j))
				j++;
			unchanged_run(out, g, i, j, s);
			i = j;
			continue;
		}
		step_head(out, g, sp, s);
		between_line(out, sp, s);
		if (o->trace) {
			if (sp->t.ntrace)
				mt_buf_printf(out, "%sat %s:\n",
				              s->md ? "" : "      ",
				              o->trace_spec);
			trace_lines(out, sp->t.trace, sp->t.ntrace, s);
		} else {
			findings(out, sp, s);
		}
		if (sp->ir_diff)
			mt_buf_printf(out, "%s%s%s", s->md ? "\n```diff\n" : "",
			              sp->ir_diff, s->md ? "```\n" : "");
		i++;
	}
	for (i = 0; i < g->graph->nmojo; i++)
		mt_buf_printf(out, "%skernel source (not parsed): %s\n",
		              s->md ? "\n- " : "  ", g->graph->mojo[i]);
}

static void write_all(mt_buf *out, const mt_irdiff_report *r, const style *s)
{
	size_t i, shown;

	if (s->md)
		mt_buf_printf(out, "# IR stages (%s)\n",
		              layout_name(r->input->layout));
	for (i = 0, shown = 0; i < r->ngraphs; i++) {
		if (r->graphs[i].like_of != i)
			continue; /* shown with the first graph like it */
		if (shown++ && !s->md)
			mt_buf_putc(out, '\n');
		graph_out(out, r, &r->graphs[i], s);
	}
	for (i = 0; i < r->input->nnotes; i++)
		mt_buf_printf(out, "%s%snote: %s%s\n", s->md ? "\n> " : "",
		              NOTE(s), r->input->notes[i], OFF(s));
	for (i = 0; i < r->nnotes; i++)
		mt_buf_printf(out, "%s%snote: %s%s\n", s->md ? "\n> " : "",
		              NOTE(s), r->notes[i], OFF(s));
	if (r->opts->trace) {
		size_t k, found = 0;

		for (i = 0; i < r->ngraphs; i++)
			for (k = 0; k < r->graphs[i].nstages; k++)
				found += r->graphs[i].stages[k].stats.ntrace;
		/* an empty trace usually means a path or line typo, or
		 * stages printed without --mlir-print-debuginfo */
		if (!found)
			mt_buf_printf(out,
			              "%snote: no op at %s in any stage (are "
			              "the stages printed with debug "
			              "locations?)\n",
			              s->md ? "\n> " : "", r->opts->trace_spec);
	}
}

void mt_irdiff_write_text(mt_buf *out, const mt_irdiff_report *r)
{
	mt_irdiff_write_text_color(out, r, 0);
}

void mt_irdiff_write_text_color(mt_buf *out,
                                const mt_irdiff_report *r,
                                int color)
{
	style s = { 0, color };

	write_all(out, r, &s);
}

void mt_irdiff_write_markdown(mt_buf *out, const mt_irdiff_report *r)
{
	style s = { 1, 0 };

	write_all(out, r, &s);
}
