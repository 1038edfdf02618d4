/*
 * html_ir.c - the irdiff part of the HTML page (html.c): per graph the
 * ops per stage as charts (by dialect; by device when some op is off the
 * CPU), the transitions, the findings tables, and the stages' texts
 * embedded for the side-by-side view.
 */
#include "html_int.h"

#include "maxtriage/common.h"
#include "maxtriage/hash.h"
#include "maxtriage/map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *html_stage_name(const mt_irdiff_graph *g, size_t i)
{
	return g->stages[i].stage->name;
}

/*
 * Colours for dialects and devices: a fixed palette of hues far apart
 * and dark enough to read against white, given to names by how many ops
 * they hold in the whole page (the biggest first), so a name keeps its
 * colour in every chart of the page and no two names shown share one.
 * Names past the palette share one grey "other" segment.
 */
static const char *const palette[] = {
	"#1f6fd1", "#e8710a", "#1e9e4a", "#d62f3a", "#7b4fc9",
	"#8c5a2b", "#e04fa6", "#00a99d", "#b39a00", "#0b3d91",
	"#6bbd2f", "#a3195b", "#5f6b7a", "#f2b705",
};
#define NPALETTE MT_ARRAY_SIZE(palette)
#define OTHER_COLOUR "#c3c8d2"

static void legend_add(html_legend *l, const mt_ir_count *c, size_t n)
{
	size_t i, k;

	for (k = 0; k < n; k++) {
		for (i = 0; i < l->n; i++)
			if (!strcmp(l->names[i].name, c[k].name))
				break;
		if (i == l->n) {
			mt_ir_count x = { c[k].name, 0 };

			MT_PUSH(l->names, l->n, l->cap, x);
		}
		l->names[i].n += c[k].n;
	}
}

static int by_ops(const void *pa, const void *pb)
{
	const mt_ir_count *a = pa, *b = pb;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Every name of every stage of every graph, biggest first. */
void html_legend_build(html_legend *l,
                       const mt_irdiff_report *ir,
                       int by_device)
{
	size_t g, i;

	memset(l, 0, sizeof(*l));
	for (g = 0; ir && g < ir->ngraphs; g++)
		for (i = 0; i < ir->graphs[g].nstages; i++) {
			const mt_ir_stats *st = &ir->graphs[g].stages[i].stats;

			if (by_device)
				legend_add(l, st->by_device, st->ndevice);
			else
				legend_add(l, st->by_dialect, st->ndialect);
		}
	if (l->n)
		qsort(l->names, l->n, sizeof(*l->names), by_ops);
}

static const char *legend_colour(size_t i)
{
	return i < NPALETTE ? palette[i] : OTHER_COLOUR;
}

static size_t count_of(const mt_ir_count *c, size_t n, const char *name)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!strcmp(c[k].name, name))
			return c[k].n;
	return 0;
}

static const mt_ir_count *
stage_counts(const mt_irdiff_stage *s, int by_device, size_t *n)
{
	*n = by_device ? s->stats.ndevice : s->stats.ndialect;
	return by_device ? s->stats.by_device : s->stats.by_dialect;
}

/* One bar segment of w percent of the track. */
static void segment(mt_buf *b, double w, const char *colour)
{
	mt_buf_printf(b, "<i style=\"width:%.3f%%;background:%s\" title=\"", w,
	              colour);
}

/*
 * One row per stage: its name (wrapped, never cut), then a stacked bar
 * scaled to the biggest stage with its op count after it. A CSS grid
 * puts names and bars in two columns, so a name can never run into a
 * bar; the bar's track keeps room on its right for the count, so the
 * longest bar's count stays inside the chart at any window width.
 */
static void
chart(mt_buf *b, const mt_irdiff_graph *g, const html_legend *l, int by_device)
{
	size_t i, k, max = 1;
	unsigned char *used = mt_calloc(l->n ? l->n : 1, 1);
	int other_used = 0;

	for (i = 0; i < g->nstages; i++)
		if (g->stages[i].stats.ops > max)
			max = g->stages[i].stats.ops;
	mt_buf_printf(b,
	              "<div class=\"chart\" role=\"img\" aria-label=\"ops per "
	              "stage by %s\">",
	              by_device ? "device" : "dialect");
	/* one row per stage, or per pass run on many ops (its last stage) */
	for (i = 0; i < (g->npassgroups ? g->npassgroups : g->nstages); i++) {
		const mt_irdiff_passgroup *pg =
		        g->npassgroups ? &g->passgroups[i] : NULL;
		const mt_irdiff_stage *s =
		        pg ? &g->stages[pg->stages[pg->n - 1]] : &g->stages[i];
		size_t n, other = 0;
		const mt_ir_count *c = stage_counts(s, by_device, &n);
		mt_buf tip = MT_BUF_INIT;

		if (pg && pg->n > 1) {
			mt_buf_printf(b, "<div class=\"lab\">[%zu..%zu] ",
			              g->stages[pg->stages[0]].index, s->index);
			html_esc(b, pg->pass);
			mt_buf_printf(b, " on %zu ops", pg->n);
		} else {
			mt_buf_printf(b, "<div class=\"lab\">[%zu] ", s->index);
			html_esc(b, s->stage->name);
		}
		mt_buf_puts(b, "</div><div class=\"bar\">");
		for (k = 0; k < l->n; k++) {
			size_t v = count_of(c, n, l->names[k].name);

			if (!v)
				continue;
			if (k >= NPALETTE) {
				mt_buf_printf(&tip, "%s%s %zu",
				              other ? ", " : "",
				              l->names[k].name, v);
				other += v;
				used[k] = 1;
				continue;
			}
			used[k] = 1;
			segment(b, 100.0 * (double)v / (double)max,
			        legend_colour(k));
			html_esc(b, l->names[k].name);
			mt_buf_printf(b, ": %zu\"></i>", v);
		}
		if (other) {
			segment(b, 100.0 * (double)other / (double)max,
			        OTHER_COLOUR);
			mt_buf_puts(b, "other: ");
			html_esc(b, tip.ptr);
			mt_buf_puts(b, "\"></i>");
			other_used = 1;
		}
		mt_buf_release(&tip);
		if (s->unreadable)
			mt_buf_puts(
			        b,
			        "<span class=\"num\">unreadable</span></div>");
		else
			mt_buf_printf(b, "<span class=\"num\">%zu</span></div>",
			              s->stats.ops);
	}
	mt_buf_puts(b, "</div><div class=\"legend\">");
	for (k = 0; k < l->n && k < NPALETTE; k++) {
		if (!used[k])
			continue;
		mt_buf_printf(
		        b, "<span><i class=\"sw\" style=\"background:%s\"></i>",
		        legend_colour(k));
		html_esc(b, l->names[k].name);
		mt_buf_puts(b, "</span>");
	}
	if (other_used) {
		mt_buf_printf(b,
		              "<span><i class=\"sw\" style=\"background:%s\">"
		              "</i>other:",
		              OTHER_COLOUR);
		for (k = NPALETTE; k < l->n; k++)
			if (used[k]) {
				mt_buf_putc(b, ' ');
				html_esc(b, l->names[k].name);
			}
		mt_buf_puts(b, "</span>");
	}
	mt_buf_puts(b, "</div>");
	free(used);
}

/* Ops of some stage on anything but the CPU, or on two devices. */
static int has_devices(const mt_irdiff_graph *g)
{
	size_t i;

	for (i = 0; i < g->nstages; i++) {
		const mt_ir_stats *st = &g->stages[i].stats;

		if (st->ndevice > 1 ||
		    (st->ndevice == 1 && strcmp(st->by_device[0].name, "cpu")))
			return 1;
	}
	return 0;
}

static int has_ops(const mt_irdiff_graph *g)
{
	size_t i;

	for (i = 0; i < g->nstages; i++)
		if (g->stages[i].stats.ops)
			return 1;
	return 0;
}

/* The charts that say something: by dialect when a stage has ops, by
 * device only when some op is placed off the CPU. */
void html_charts(mt_buf *b,
                 const mt_irdiff_graph *g,
                 const html_legend *dialects,
                 const html_legend *devices)
{
	if (!has_ops(g)) {
		mt_buf_puts(b, "<p class=\"note\">no ops in any stage: no "
		               "charts</p>");
		return;
	}
	mt_buf_puts(b, "<h3>Ops per stage by dialect</h3>");
	chart(b, g, dialects, 0);
	if (has_devices(g)) {
		mt_buf_puts(b, "<h3>Ops per stage by device</h3>");
		chart(b, g, devices, 1);
	} else {
		mt_buf_puts(b, "<p class=\"note\">every op of every stage is "
		               "on the CPU: no device chart</p>");
	}
}

/* At most this many locations are listed per row (the JSON has all). */
#define MAX_LOCS_SHOWN 8

/* The locations of refs, ", "-separated, cut after MAX_LOCS_SHOWN. */
static void locs_of(mt_buf *b, const mt_ir_opref *refs, size_t n)
{
	size_t i, k, shown = 0, all = 0;

	for (i = 0; i < n; i++)
		for (k = 0; k < refs[i].nlocs; k++, all++) {
			if (shown == MAX_LOCS_SHOWN)
				continue;
			mt_buf_puts(b, shown ? ", <code>" : "<code>");
			html_esc(b, refs[i].locs[k]);
			mt_buf_puts(b, "</code>");
			shown++;
		}
	if (all > shown)
		mt_buf_printf(b, " and %zu more", all - shown);
}

/* op @sym on device, without locations (they go in the "at" column). */
static void opname(mt_buf *b, const mt_ir_opref *r)
{
	mt_buf_puts(b, "<code>");
	html_esc(b, r->op);
	mt_buf_puts(b, "</code>");
	if (r->sym) {
		mt_buf_puts(b, " @");
		html_esc(b, r->sym);
	}
	if (r->device) {
		mt_buf_puts(b, " on ");
		html_esc(b, r->device);
	}
}

static int same_op(const mt_ir_opref *a, const mt_ir_opref *b)
{
	return !strcmp(a->op, b->op) &&
	       !strcmp(a->sym ? a->sym : "", b->sym ? b->sym : "") &&
	       !strcmp(a->device ? a->device : "", b->device ? b->device : "");
}

/* Fusion members, the same op (name, symbol, device) once with a count. */
static void members(mt_buf *b, const mt_ir_opref *m, size_t n)
{
	size_t i, k, c;

	mt_buf_puts(b, "<ul>");
	for (i = 0; i < n; i++) {
		for (k = 0; k < i; k++)
			if (same_op(&m[k], &m[i]))
				break;
		if (k < i)
			continue; /* listed with the first one */
		for (c = 0, k = i; k < n; k++)
			c += same_op(&m[k], &m[i]);
		mt_buf_puts(b, "<li>");
		opname(b, &m[i]);
		if (c > 1)
			mt_buf_printf(b, " &times;%zu", c);
		mt_buf_puts(b, "</li>");
	}
	mt_buf_puts(b, "</ul>");
}

/*
 * The findings tables share one shape: a heading, then "none" when
 * there are no rows, else a table whose first row names the columns
 * (cols, NULL-terminated) and then body, with a note when identical
 * findings were folded. The count column shows only when something was
 * folded, the "at" column only when some row has locations.
 */
static void table_out(mt_buf *b,
                      const char *heading,
                      const char *const *cols,
                      const mt_buf *body,
                      size_t nfindings,
                      size_t nrows,
                      int any_where)
{
	mt_buf_printf(b, "<h3>%s</h3>", heading);
	if (!nfindings) {
		mt_buf_puts(b, "<p class=\"note\">none</p>");
		return;
	}
	if (nrows < nfindings)
		mt_buf_printf(b,
		              "<p class=\"note\">%zu findings in %zu rows: "
		              "findings of one transition that differ only in "
		              "their locations, and of one pass run on several "
		              "ops, are one row (&times;N, the first one's "
		              "locations)</p>",
		              nfindings, nrows);
	mt_buf_printf(b, "<table class=\"findings%s%s\"><tr>",
	              nrows < nfindings ? "" : " nofold",
	              any_where ? "" : " noat");
	for (; *cols; cols++)
		mt_buf_printf(b, "<th%s>%s</th>",
		              !strcmp(*cols, "at")        ? " class=\"at\""
		              : !strcmp(*cols, "&times;") ? " class=\"count\""
		                                          : "",
		              *cols);
	mt_buf_printf(b, "</tr>%s</table>", body->ptr);
}

static void counts_list(mt_buf *b, const mt_ir_count *c, size_t n)
{
	size_t m;

	for (m = 0; m < n; m++) {
		mt_buf_printf(b, "%s%zux ", m ? ", " : "", c[m].n);
		html_esc(b, c[m].name);
	}
}

static void plural(mt_buf *b, const char *sep, size_t n, const char *what)
{
	mt_buf_printf(b, "%s%zu %s%s", sep, n, what, n == 1 ? "" : "s");
}

/* Dumps of other scopes written between the two stages ("graph: stage"),
 * each graph named once, as the text output lists them. */
static void between(mt_buf *b, const mt_irdiff_step *st)
{
	size_t k;

	if (!st->nbetween)
		return;
	mt_buf_puts(b, "<br><span class=\"note\">dumps in between:");
	for (k = 0; k < st->nbetween; k++) {
		const char *e = st->between[k], *c = strstr(e, ": ");
		const char *p = k ? st->between[k - 1] : NULL;
		size_t gl = c ? (size_t)(c - e) : 0;

		if (c && p && !strncmp(p, e, gl + 2)) {
			mt_buf_puts(b, ", ");
			html_esc(b, c + 2);
		} else {
			mt_buf_puts(b, k ? "; " : " ");
			html_esc(b, e);
		}
	}
	mt_buf_puts(b, "</span>");
}

/* Whether step i stands in a group of transitions (the same pass on
 * several ops, the same findings: one row, as in text). */
static int grouped(const mt_irdiff_graph *g, size_t i)
{
	return g->step_group && g->groups[g->step_group[i]].n > 1;
}

/* "pass on N func.func: @a, @b, ... and K more" for a group's stages. */
static void
group_cell(mt_buf *b, const mt_irdiff_graph *g, const mt_irdiff_stepgroup *sg)
{
	const char *to = html_stage_name(g, g->steps[sg->steps[0]].to);
	const char *on = strstr(to, " on "), *at = on ? strchr(on, '@') : NULL;
	size_t i;

	html_escn(b, to, on ? (size_t)(on - to) : strlen(to));
	if (at && at > on + 5) {
		mt_buf_printf(b, " on %zu ", sg->n);
		html_escn(b, on + 4, (size_t)(at - on - 5));
	} else {
		mt_buf_printf(b, " on %zu ops", sg->n);
	}
	mt_buf_puts(b, ":");
	for (i = 0; i < sg->n && i < 8; i++) {
		const char *n = html_stage_name(g, g->steps[sg->steps[i]].to);
		const char *a = strstr(n, " on ");

		mt_buf_puts(b, i ? ", " : " ");
		a = a ? strchr(a, '@') : NULL;
		html_esc(b, a ? a : n);
	}
	if (sg->n > 8)
		mt_buf_printf(b, " and %zu more", sg->n - 8);
}

/* A group of transitions as one row: where, the counts in all (the
 * unchanged ops are the whole module's each time: left out), and how
 * many findings of each kind. */
static void
group_row(mt_buf *b, const mt_irdiff_graph *g, const mt_irdiff_stepgroup *sg)
{
	const mt_irdiff_step *first = &g->steps[sg->steps[0]];
	size_t r, per[MT_IR_FINDING_FUNCTION + 1];

	memset(per, 0, sizeof(per));
	for (r = 0; r < first->nfolds; r++)
		per[first->folds[r].kind] += sg->counts[r];
	mt_buf_printf(b, "<tr class=\"%s group\"><td colspan=\"2\">",
	              first->t.changed ? "changed" : "unchanged");
	group_cell(b, g, sg);
	mt_buf_printf(b,
	              "</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td>"
	              "<td></td><td>",
	              sg->total.added, sg->total.removed, sg->total.modified,
	              sg->total.moved);
	if (!first->t.changed) {
		mt_buf_printf(b, "unchanged (%zu transitions)", sg->n);
	} else {
		mt_buf_printf(b, "%zu transitions: ", sg->n);
		plural(b, "", per[MT_IR_FINDING_FUSION], "fusion");
		plural(b, ", ", per[MT_IR_FINDING_PLACEMENT], "placement");
		plural(b, ", ", per[MT_IR_FINDING_TRANSFER], "transfer");
		plural(b, ", ", per[MT_IR_FINDING_LOWERING], "lowering");
		if (per[MT_IR_FINDING_KERNEL])
			plural(b, ", ", per[MT_IR_FINDING_KERNEL], "kernel");
		if (per[MT_IR_FINDING_OUTLINING])
			plural(b, ", ", per[MT_IR_FINDING_OUTLINING],
			       "outlining");
		if (per[MT_IR_FINDING_FUNCTION])
			plural(b, ", ", per[MT_IR_FINDING_FUNCTION],
			       "function change");
	}
	mt_buf_puts(b, "</td></tr>");
}

/* Runs of transitions that changed nothing are one row, as in text. */
static void transitions_table(mt_buf *b, const mt_irdiff_graph *g)
{
	size_t s, j, k;

	mt_buf_puts(b, "<h3>Transitions</h3>");
	if (!g->nsteps)
		return;
	mt_buf_puts(b, "<table><tr><th>from</th><th>to</th><th>added</th>"
	               "<th>removed</th><th>modified</th><th>moved</th>"
	               "<th>unchanged</th><th>findings</th></tr>");
	for (s = 0; s < g->nsteps; s = j) {
		const mt_irdiff_step *st = &g->steps[s];
		const mt_irdiff_step *last;
		const mt_ir_counts *c;

		j = s + 1;
		if (grouped(g, s)) {
			if (g->groups[g->step_group[s]].steps[0] == s)
				group_row(b, g, &g->groups[g->step_group[s]]);
			continue;
		}
		if (!st->t.changed)
			while (j < g->nsteps && !g->steps[j].t.changed &&
			       !grouped(g, j))
				j++;
		last = &g->steps[j - 1];
		c = &last->t.counts;
		mt_buf_printf(b, "<tr class=\"%s\"><td>",
		              st->t.changed ? "changed" : "unchanged");
		html_esc(b, html_stage_name(g, st->from));
		mt_buf_puts(b, "</td><td>");
		html_esc(b, html_stage_name(g, last->to));
		mt_buf_printf(
		        b,
		        "</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td><td>",
		        c->added, c->removed, c->modified, c->moved,
		        c->unchanged);
		if (!st->t.changed) {
			mt_buf_puts(b, "unchanged");
			if (j - s > 1) {
				mt_buf_printf(b, " (%zu stages:", j - s);
				for (k = s; k < j; k++) {
					mt_buf_putc(b, ' ');
					html_esc(b, html_stage_name(
					                    g, g->steps[k].to));
				}
				mt_buf_putc(b, ')');
			}
		} else {
			plural(b, "", st->t.nfusions, "fusion");
			plural(b, ", ", st->t.nplacements, "placement");
			plural(b, ", ", st->t.ntransfers, "transfer");
			plural(b, ", ", st->t.nlowerings, "lowering");
			if (st->t.nkernels)
				plural(b, ", ", st->t.nkernels, "kernel");
			between(b, st);
		}
		mt_buf_puts(b, "</td></tr>");
	}
	mt_buf_puts(b, "</table>");
}

/* The escaped stage name (or "from → to") for the first column. */
static void stage_cell(mt_buf *out,
                       const mt_irdiff_graph *g,
                       const mt_irdiff_step *st,
                       int both)
{
	mt_buf_clear(out);
	if (both) {
		html_esc(out, html_stage_name(g, st->from));
		mt_buf_puts(out, " &rarr; ");
	}
	html_esc(out, html_stage_name(g, st->to));
}

/* One kind of finding in a table: how the first of a row's findings
 * (its k-th of the kind; the row stands for n) is written: cells from
 * the second column on, and its locations. */
typedef struct finding_kind {
	const char *cls; /* the row's class, "fusion", ... */
	mt_ir_finding_kind kind;
	void (*row)(mt_buf *cells,
	            mt_buf *where,
	            const mt_irdiff_step *st,
	            size_t k,
	            size_t n);
} finding_kind;

typedef struct finding_table {
	const char *title;
	const char *const *cols;
	int both_stages; /* the stage cell names both ends */
	finding_kind kinds[2]; /* the second's cls is NULL when unused */
} finding_table;

static void fusion_row(mt_buf *cells,
                       mt_buf *where,
                       const mt_irdiff_step *st,
                       size_t k,
                       size_t n)
{
	const mt_ir_fusion *f = &st->t.fusions[k];

	mt_buf_puts(cells, "<td>");
	opname(cells, &f->into);
	if (f->kind == MT_IR_FUSION_LOOPS)
		mt_buf_puts(cells, "<br><span class=\"note\">loop nests "
		                   "fused</span>");
	else if (f->kind == MT_IR_FUSION_TILED)
		mt_buf_puts(cells, "<br><span class=\"note\">tiled into the "
		                   "loop nest</span>");
	mt_buf_puts(cells, "</td><td>");
	members(cells, f->from, f->nfrom);
	mt_buf_puts(cells, "</td>");
	locs_of(where, &f->into, 1);
	/* members' locations say which ops were fused */
	if (f->nfrom && f->from[0].nlocs) {
		mt_buf_puts(where, where->len ? " from " : "from ");
		locs_of(where, f->from, f->nfrom);
	}
}

/* Kernels outlined (launch -> gpu.func) and compiled (module -> binary). */
static void kernel_row(mt_buf *cells,
                       mt_buf *where,
                       const mt_irdiff_step *st,
                       size_t k,
                       size_t n)
{
	const mt_ir_kernel *x = &st->t.kernels[k];

	mt_buf_puts(cells, "<td><code>");
	html_esc(cells, x->kernel);
	mt_buf_printf(cells, "</code></td><td>%s</td><td>",
	              x->change == MT_IR_KERNEL_OUTLINED ? "outlined"
	                                                 : "compiled");
	opname(cells, &x->from);
	mt_buf_puts(cells, "</td><td>");
	opname(cells, &x->to);
	mt_buf_puts(cells, "</td>");
	locs_of(where, &x->from, 1);
}

/* Ops moved out of a function into a new one. */
static void outlining_row(mt_buf *cells,
                          mt_buf *where,
                          const mt_irdiff_step *st,
                          size_t k,
                          size_t n)
{
	const mt_ir_outlining *o = &st->t.outlinings[k];
	mt_ir_opref from = o->from, to = o->to;

	/* a row of several is the same move out of several functions: the
	 * symbols are the first one's, so they are left out */
	if (n > 1)
		from.sym = to.sym = NULL;
	mt_buf_puts(cells, "<td>");
	opname(cells, &from);
	mt_buf_puts(cells, "</td><td>");
	opname(cells, &to);
	mt_buf_printf(cells, "</td><td>%zu</td><td>", o->nops);
	members(cells, o->ops, o->nmoved);
	mt_buf_puts(cells, "</td>");
	locs_of(where, o->ops, o->nmoved);
}

/* LLVM IR: a function removed, inlined into a caller, vectorized. */
static void function_row(mt_buf *cells,
                         mt_buf *where,
                         const mt_irdiff_step *st,
                         size_t k,
                         size_t n)
{
	const mt_ir_funcchange *fc = &st->t.funcs[k];
	static const char *const change[] = { "removed", "inlined",
		                              "vectorized", "calls gone" };

	(void)n;
	mt_buf_printf(cells, "<td>%s</td><td>@", change[fc->change]);
	html_esc(cells, fc->func);
	mt_buf_puts(cells, "</td><td>");
	if (fc->change == MT_IR_FUNC_INLINED ||
	    fc->change == MT_IR_FUNC_CALLS_GONE) {
		mt_buf_puts(cells, fc->change == MT_IR_FUNC_INLINED ? "into @"
		                                                    : "from @");
		html_esc(cells, fc->into);
		mt_buf_printf(cells,
		              ": %zu call%s gone, %zu of %zu instructions in",
		              fc->calls, fc->calls == 1 ? "" : "s", fc->matched,
		              fc->body);
	} else if (fc->change == MT_IR_FUNC_REMOVED) {
		mt_buf_printf(cells, "%zu call%s left before", fc->calls,
		              fc->calls == 1 ? "" : "s");
	} else {
		mt_buf_printf(cells, "%zu &rarr; %zu vector ops, ",
		              fc->vec_before, fc->vec_after);
		html_esc(cells, fc->vtype ? fc->vtype : "");
	}
	mt_buf_puts(cells, "</td>");
	locs_of(where, &fc->at, 1);
}

static void placement_row(mt_buf *cells,
                          mt_buf *where,
                          const mt_irdiff_step *st,
                          size_t k,
                          size_t n)
{
	const mt_ir_placement *p = &st->t.placements[k];

	mt_buf_puts(cells, "<td>");
	opname(cells, &p->op);
	mt_buf_puts(cells, "</td><td>placed ");
	html_esc(cells, p->from);
	mt_buf_puts(cells, " &rarr; ");
	html_esc(cells, p->to);
	mt_buf_puts(cells, "</td>");
	locs_of(where, &p->op, 1);
}

static void transfer_row(mt_buf *cells,
                         mt_buf *where,
                         const mt_irdiff_step *st,
                         size_t k,
                         size_t n)
{
	const mt_ir_transfer *x = &st->t.transfers[k];

	mt_buf_puts(cells, "<td>");
	opname(cells, &x->op);
	mt_buf_printf(cells, "</td><td class=\"%s\">transfer %s",
	              x->added ? "new" : "gone",
	              x->added ? "added" : "removed");
	/* an op that names no ends is not given "? → ?" */
	if (x->from || x->to) {
		mt_buf_putc(cells, ' ');
		html_esc(cells, x->from ? x->from : "?");
		mt_buf_puts(cells, " &rarr; ");
		html_esc(cells, x->to ? x->to : "?");
	}
	mt_buf_puts(cells, "</td>");
	locs_of(where, &x->op, 1);
}

static void lowering_row(mt_buf *cells,
                         mt_buf *where,
                         const mt_irdiff_step *st,
                         size_t k,
                         size_t n)
{
	const mt_ir_lowering *l = &st->t.lowerings[k];
	mt_ir_opref at = l->at;

	/* a row of several is the same lowering in several places (lib/ir
	 * folds them whatever the place's symbol): the symbol is the
	 * first one's, so it is left out */
	if (n > 1)
		at.sym = NULL;
	mt_buf_puts(cells, "<td>");
	opname(cells, &at);
	mt_buf_puts(cells, "</td><td>");
	counts_list(cells, l->from, l->nfrom);
	mt_buf_puts(cells, "</td><td>");
	counts_list(cells, l->to, l->nto);
	mt_buf_puts(cells, "</td>");
	locs_of(where, &l->at, 1);
}

/* One table row: the stage cell, the cells, the count when the row
 * stands for several findings, the first one's locations. */
static void finding_row_out(mt_buf *b,
                            const char *cls,
                            const char *stage,
                            const mt_buf *cells,
                            size_t n,
                            const mt_buf *where)
{
	mt_buf_printf(b, "<tr class=\"%s\"><td>%s</td>%s<td class=\"count\">",
	              cls, stage, cells->ptr);
	if (n > 1)
		mt_buf_printf(b, "&times;%zu", n);
	mt_buf_printf(b, "</td><td class=\"at\">%s%s</td></tr>",
	              n > 1 && where->len ? "first at " : "", where->ptr);
}

/* A table of every step's findings of spec's kinds, one row per row of
 * the step's folds (lib/ir folds repeated findings; the JSON keeps
 * each). */
static void finding_table_out(mt_buf *b,
                              const mt_irdiff_graph *g,
                              const finding_table *spec)
{
	mt_buf body = MT_BUF_INIT, cells = MT_BUF_INIT, where = MT_BUF_INIT,
	       stage = MT_BUF_INIT;
	size_t s, r, i, nf = 0, nrows = 0;
	int any_where = 0;

	for (s = 0; s < g->nsteps; s++) {
		const mt_irdiff_step *st = &g->steps[s];
		const mt_irdiff_stepgroup *sg =
		        grouped(g, s) ? &g->groups[g->step_group[s]] : NULL;

		if (sg && sg->steps[0] != s)
			continue; /* its rows are the group's first step's */
		if (sg) {
			mt_buf_clear(&stage);
			group_cell(&stage, g, sg);
		} else {
			stage_cell(&stage, g, st, spec->both_stages);
		}
		for (i = 0; i < 2 && spec->kinds[i].cls; i++) {
			const finding_kind *fk = &spec->kinds[i];

			for (r = 0; r < st->nfolds; r++) {
				const mt_irdiff_fold *f = &st->folds[r];
				size_t n = sg ? sg->counts[r] : f->n;

				if (f->kind != fk->kind)
					continue;
				mt_buf_clear(&cells);
				mt_buf_clear(&where);
				fk->row(&cells, &where, st, f->items[0], n);
				any_where |= where.len > 0;
				finding_row_out(&body, fk->cls, stage.ptr,
				                &cells, n, &where);
				nf += n;
				nrows++;
			}
		}
	}
	table_out(b, spec->title, spec->cols, &body, nf, nrows, any_where);
	mt_buf_release(&body);
	mt_buf_release(&cells);
	mt_buf_release(&where);
	mt_buf_release(&stage);
}

void html_transitions(mt_buf *b, const mt_irdiff_graph *g)
{
	static const char *const fusion_cols[] = { "stage",   "fused into",
		                                   "members", "&times;",
		                                   "at",      NULL };
	static const char *const kernel_cols[] = { "stage", "kernel", "change",
		                                   "from",  "to",     "&times;",
		                                   "at",    NULL };
	static const char *const outlining_cols[] = {
		"stage", "from", "into", "ops", "moved", "&times;", "at", NULL
	};
	static const char *const function_cols[] = {
		"stage", "change", "function", "what", "&times;", "at", NULL
	};
	static const char *const placement_cols[] = { "stage",   "op", "change",
		                                      "&times;", "at", NULL };
	static const char *const lowering_cols[] = { "stage", "op",      "from",
		                                     "to",    "&times;", "at",
		                                     NULL };
	static const finding_table tables[] = {
		{ "Fusion groups",
		  fusion_cols,
		  1,
		  { { "fusion", MT_IR_FINDING_FUSION, fusion_row },
		    { NULL, MT_IR_FINDING_FUSION, NULL } } },
		{ "Kernels",
		  kernel_cols,
		  0,
		  { { "kernel", MT_IR_FINDING_KERNEL, kernel_row },
		    { NULL, MT_IR_FINDING_KERNEL, NULL } } },
		{ "Ops moved into new functions",
		  outlining_cols,
		  0,
		  { { "outlining", MT_IR_FINDING_OUTLINING, outlining_row },
		    { NULL, MT_IR_FINDING_OUTLINING, NULL } } },
		{ "Functions (LLVM IR)",
		  function_cols,
		  0,
		  { { "function", MT_IR_FINDING_FUNCTION, function_row },
		    { NULL, MT_IR_FINDING_FUNCTION, NULL } } },
		{ "Placement changes and transfers",
		  placement_cols,
		  0,
		  { { "placement", MT_IR_FINDING_PLACEMENT, placement_row },
		    { "transfer", MT_IR_FINDING_TRANSFER, transfer_row } } },
		{ "Lowerings",
		  lowering_cols,
		  0,
		  { { "lowering", MT_IR_FINDING_LOWERING, lowering_row },
		    { NULL, MT_IR_FINDING_LOWERING, NULL } } },
	};
	size_t i;

	transitions_table(b, g);
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		finding_table_out(b, g, &tables[i]);
}

/* The stages' text, hidden, for the side-by-side view. */
void html_stage_texts(mt_buf *b, const mt_irdiff_excerpts *ex, size_t gi)
{
	size_t i;

	for (i = 0; i < ex->nstages[gi]; i++) {
		const mt_irdiff_excerpt *x = &ex->graphs[gi][i];

		mt_buf_printf(b, "<pre hidden id=\"ir-%zu-%zu\">", gi, i);
		if (x->unreadable) {
			mt_buf_puts(b, "(stage could not be read)");
		} else {
			html_escn(b, x->text, x->shown);
			if (x->shown < x->len)
				mt_buf_printf(
				        b,
				        "\n... (%zu more bytes not embedded)\n",
				        x->len - x->shown);
		}
		mt_buf_puts(b, "</pre>");
	}
}
