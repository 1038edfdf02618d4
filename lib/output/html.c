/*
 * html.c - one self-contained HTML page for `irdiff` and `report`: the
 * stage timeline as SVG charts (ops per stage by dialect and by device),
 * fusion groups, placement changes, transfers, lowerings, the crash and
 * its joins, and side-by-side IR for a chosen stage pair.
 *
 * Self-contained means no network and no external assets: the CSS, the
 * charts (SVG drawn here) and the little script that switches the IR pair
 * are all inline, so the file can be attached to a bug report.
 */
#include "maxtriage/html_output.h"

#include "maxtriage/hash.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FRAMES_SHOWN 40

static void esc(mt_buf *b, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			mt_buf_puts(b, "&amp;");
			break;
		case '<':
			mt_buf_puts(b, "&lt;");
			break;
		case '>':
			mt_buf_puts(b, "&gt;");
			break;
		case '"':
			mt_buf_puts(b, "&quot;");
			break;
		case '\'':
			mt_buf_puts(b, "&#39;");
			break;
		default:
			mt_buf_putc(b, *s);
		}
	}
}

static void escn(mt_buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c[2] = { s[i], 0 };

		if (s[i] == '\0')
			continue;
		esc(b, c);
	}
}

/* A stable colour per name, so a dialect keeps its colour everywhere. */
static void color_of(char *buf, size_t n, const char *name)
{
	uint64_t h = mt_hash_finish(mt_hash_str(MT_HASH_SEED, name));

	snprintf(buf, n, "hsl(%u,62%%,%u%%)", (unsigned)(h % 360),
	         (unsigned)(42 + (h >> 20) % 18));
}

static const char style_sheet[] =
        "body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2330;background:#fff}"
        "h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccd;padding-bottom:4px;margin-top:32px}"
        "h3{font-size:15px;margin-top:20px}"
        "table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #d5d9e2;padding:3px 8px;text-align:left;vertical-align:top}"
        "th{background:#f1f3f8}code,pre{font:12px/1.35 ui-monospace,monospace}"
        ".unchanged{color:#778}.new{color:#0a6b2a}.gone{color:#a11}"
        ".cat-model{color:#8a1fa8;font-weight:600}.cat-kernel{color:#a86a00;font-weight:600}.cat-runtime{color:#0a6f86;font-weight:600}"
        ".cat-handler,.cat-system{color:#889}"
        ".legend span{display:inline-block;margin-right:12px}.sw{display:inline-block;width:10px;height:10px;margin-right:4px}"
        ".panes{display:flex;gap:8px}.panes pre{flex:1;border:1px solid #ccd;padding:6px;overflow:auto;max-height:70vh;margin:0;background:#fafbfd}"
        ".panes .only{background:#fff1c9}.note{color:#667}";

/* One horizontal stacked bar per stage. */
static void chart(mt_buf *b, const mt_irdiff_graph *g, int by_device)
{
	size_t i, k, max = 1, nnames = 0, capnames = 0;
	const char **names = NULL;
	const int left = 170, width = 560, row = 22;
	char col[40];

	for (i = 0; i < g->nstages; i++) {
		const mt_ir_stats *st = &g->stages[i].stats;
		const mt_ir_count *c =
		        by_device ? st->by_device : st->by_dialect;
		size_t n = by_device ? st->ndevice : st->ndialect, j;

		if (st->ops > max)
			max = st->ops;
		for (k = 0; k < n; k++) {
			for (j = 0; j < nnames; j++)
				if (!strcmp(names[j], c[k].name))
					break;
			if (j == nnames)
				MT_PUSH(names, nnames, capnames, c[k].name);
		}
	}
	mt_buf_printf(
	        b,
	        "<svg class=\"chart\" role=\"img\" aria-label=\"ops per stage by %s\" width=\"%d\" height=\"%zu\" xmlns=\"http://www.w3.org/2000/svg\">",
	        by_device ? "device" : "dialect", left + width + 60,
	        g->nstages * row + 8);
	for (i = 0; i < g->nstages; i++) {
		const mt_ir_stats *st = &g->stages[i].stats;
		const mt_ir_count *c =
		        by_device ? st->by_device : st->by_dialect;
		size_t n = by_device ? st->ndevice : st->ndialect;
		double x = left;

		mt_buf_printf(b,
		              "<text x=\"0\" y=\"%zu\" font-size=\"12\">[%zu] ",
		              i * row + 16, g->stages[i].index);
		esc(b, g->stages[i].stage->name);
		mt_buf_puts(b, "</text>");
		for (k = 0; k < n; k++) {
			double w = (double)width * (double)c[k].n / (double)max;

			color_of(col, sizeof(col), c[k].name);
			mt_buf_printf(
			        b,
			        "<rect x=\"%.1f\" y=\"%zu\" width=\"%.1f\" height=\"16\" fill=\"%s\"><title>",
			        x, i * row + 4, w < 0.5 ? 0.5 : w, col);
			esc(b, c[k].name);
			mt_buf_printf(b, ": %zu</title></rect>", c[k].n);
			x += w;
		}
		mt_buf_printf(
		        b,
		        "<text x=\"%.1f\" y=\"%zu\" font-size=\"12\">%zu</text>",
		        x + 6, i * row + 16, st->ops);
	}
	mt_buf_puts(b, "</svg><div class=\"legend\">");
	for (k = 0; k < nnames; k++) {
		color_of(col, sizeof(col), names[k]);
		mt_buf_printf(
		        b, "<span><i class=\"sw\" style=\"background:%s\"></i>",
		        col);
		esc(b, names[k]);
		mt_buf_puts(b, "</span>");
	}
	mt_buf_puts(b, "</div>");
	free(names);
}

static void locs(mt_buf *b, char **l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		mt_buf_puts(b, i ? ", " : "");
		mt_buf_puts(b, "<code>");
		esc(b, l[i]);
		mt_buf_puts(b, "</code>");
	}
}

static void opref(mt_buf *b, const mt_ir_opref *r)
{
	mt_buf_puts(b, "<code>");
	esc(b, r->op);
	mt_buf_puts(b, "</code>");
	if (r->sym) {
		mt_buf_puts(b, " @");
		esc(b, r->sym);
	}
	if (r->device) {
		mt_buf_puts(b, " on ");
		esc(b, r->device);
	}
	if (r->nlocs) {
		mt_buf_puts(b, " at ");
		locs(b, r->locs, r->nlocs);
	}
}

static const char *stage_name(const mt_irdiff_graph *g, size_t i)
{
	return g->stages[i].stage->name;
}

/*
 * The findings tables share one shape: a heading, then "none" when there
 * are no rows, else a table whose first row names the columns (cols,
 * NULL-terminated). Returns whether a table was opened (close it with
 * table_end).
 */
static int table_begin(mt_buf *b,
                       const char *heading,
                       size_t nrows,
                       const char *const *cols)
{
	if (heading)
		mt_buf_printf(b, "<h3>%s</h3>", heading);
	if (!nrows && heading) {
		mt_buf_puts(b, "<p class=\"note\">none</p>");
		return 0;
	}
	mt_buf_puts(b, "<table><tr>");
	for (; *cols; cols++)
		mt_buf_printf(b, "<th>%s</th>", *cols);
	mt_buf_puts(b, "</tr>");
	return 1;
}

static void table_end(mt_buf *b, int opened)
{
	if (opened)
		mt_buf_puts(b, "</table>");
}

/* "<td>" + text + "</td>" opening the next cell: the common row step. */
static void cell_then(mt_buf *b, const char *text)
{
	esc(b, text);
	mt_buf_puts(b, "</td><td>");
}

static void counts_list(mt_buf *b, const mt_ir_count *c, size_t n)
{
	size_t m;

	for (m = 0; m < n; m++) {
		mt_buf_printf(b, "%s%zux ", m ? ", " : "", c[m].n);
		esc(b, c[m].name);
	}
}

static void plural(mt_buf *b, const char *sep, size_t n, const char *what)
{
	mt_buf_printf(b, "%s%zu %s%s", sep, n, what, n == 1 ? "" : "s");
}

static void transitions_table(mt_buf *b, const mt_irdiff_graph *g)
{
	static const char *const cols[] = { "from",      "to",       "added",
		                            "removed",   "modified", "moved",
		                            "unchanged", "findings", NULL };
	size_t s;

	mt_buf_puts(b, "<h3>Transitions</h3>");
	table_begin(b, NULL, g->nsteps, cols);
	for (s = 0; s < g->nsteps; s++) {
		const mt_irdiff_step *st = &g->steps[s];
		const mt_ir_counts *c = &st->t.counts;

		mt_buf_printf(b, "<tr class=\"%s\"><td>",
		              st->t.changed ? "changed" : "unchanged");
		cell_then(b, stage_name(g, st->from));
		esc(b, stage_name(g, st->to));
		mt_buf_printf(
		        b,
		        "</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td><td>%zu</td><td>",
		        c->added, c->removed, c->modified, c->moved,
		        c->unchanged);
		if (!st->t.changed) {
			mt_buf_puts(b, "unchanged");
		} else {
			plural(b, "", st->t.nfusions, "fusion");
			plural(b, ", ", st->t.nplacements, "placement");
			plural(b, ", ", st->t.ntransfers, "transfer");
			plural(b, ", ", st->t.nlowerings, "lowering");
		}
		mt_buf_puts(b, "</td></tr>");
	}
	mt_buf_puts(b, "</table>");
}

static void fusions_table(mt_buf *b, const mt_irdiff_graph *g, size_t n)
{
	static const char *const cols[] = { "stage", "fused into", "members",
		                            NULL };
	size_t s, k, m;
	int opened = table_begin(b, "Fusion groups", n, cols);

	for (s = 0; s < g->nsteps; s++) {
		const mt_irdiff_step *st = &g->steps[s];

		for (k = 0; k < st->t.nfusions; k++) {
			const mt_ir_fusion *f = &st->t.fusions[k];

			mt_buf_puts(b, "<tr class=\"fusion\"><td>");
			esc(b, stage_name(g, st->from));
			mt_buf_puts(b, " &rarr; ");
			cell_then(b, stage_name(g, st->to));
			opref(b, &f->into);
			mt_buf_puts(b, "</td><td><ul>");
			for (m = 0; m < f->nfrom; m++) {
				mt_buf_puts(b, "<li>");
				opref(b, &f->from[m]);
				mt_buf_puts(b, "</li>");
			}
			mt_buf_puts(b, "</ul></td></tr>");
		}
	}
	table_end(b, opened);
}

static void placements_table(mt_buf *b, const mt_irdiff_graph *g, size_t n)
{
	static const char *const cols[] = { "stage", "op", "change", NULL };
	size_t s, k;
	int opened = table_begin(b, "Placement changes and transfers", n, cols);

	for (s = 0; s < g->nsteps; s++) {
		const mt_irdiff_step *st = &g->steps[s];

		for (k = 0; k < st->t.nplacements; k++) {
			const mt_ir_placement *p = &st->t.placements[k];

			mt_buf_puts(b, "<tr class=\"placement\"><td>");
			cell_then(b, stage_name(g, st->to));
			opref(b, &p->op);
			mt_buf_puts(b, "</td><td>placed ");
			esc(b, p->from);
			mt_buf_puts(b, " &rarr; ");
			esc(b, p->to);
			mt_buf_puts(b, "</td></tr>");
		}
		for (k = 0; k < st->t.ntransfers; k++) {
			const mt_ir_transfer *t = &st->t.transfers[k];

			mt_buf_puts(b, "<tr class=\"transfer\"><td>");
			cell_then(b, stage_name(g, st->to));
			opref(b, &t->op);
			mt_buf_printf(b, "</td><td class=\"%s\">transfer %s ",
			              t->added ? "new" : "gone",
			              t->added ? "added" : "removed");
			esc(b, t->from ? t->from : "?");
			mt_buf_puts(b, " &rarr; ");
			esc(b, t->to ? t->to : "?");
			mt_buf_puts(b, "</td></tr>");
		}
	}
	table_end(b, opened);
}

static void lowerings_table(mt_buf *b, const mt_irdiff_graph *g, size_t n)
{
	static const char *const cols[] = { "stage", "at", "from", "to", NULL };
	size_t s, k;
	int opened = table_begin(b, "Lowerings", n, cols);

	for (s = 0; s < g->nsteps; s++) {
		const mt_irdiff_step *st = &g->steps[s];

		for (k = 0; k < st->t.nlowerings; k++) {
			const mt_ir_lowering *l = &st->t.lowerings[k];

			mt_buf_puts(b, "<tr><td>");
			cell_then(b, stage_name(g, st->to));
			opref(b, &l->at);
			mt_buf_puts(b, "</td><td>");
			counts_list(b, l->from, l->nfrom);
			mt_buf_puts(b, "</td><td>");
			counts_list(b, l->to, l->nto);
			mt_buf_puts(b, "</td></tr>");
		}
	}
	table_end(b, opened);
}

static void transitions(mt_buf *b, const mt_irdiff_graph *g)
{
	size_t s, nf = 0, np = 0, nl = 0;

	for (s = 0; s < g->nsteps; s++) {
		nf += g->steps[s].t.nfusions;
		np += g->steps[s].t.nplacements + g->steps[s].t.ntransfers;
		nl += g->steps[s].t.nlowerings;
	}
	transitions_table(b, g);
	fusions_table(b, g, nf);
	placements_table(b, g, np);
	lowerings_table(b, g, nl);
}

/* The stages' text, hidden, for the side-by-side view. */
static void stage_texts(mt_buf *b, const mt_irdiff_excerpts *ex, size_t gi)
{
	size_t i;

	for (i = 0; i < ex->nstages[gi]; i++) {
		const mt_irdiff_excerpt *x = &ex->graphs[gi][i];

		mt_buf_printf(b, "<pre hidden id=\"ir-%zu-%zu\">", gi, i);
		if (x->unreadable) {
			mt_buf_puts(b, "(stage could not be read)");
		} else {
			escn(b, x->text, x->shown);
			if (x->shown < x->len)
				mt_buf_printf(
				        b,
				        "\n... (%zu more bytes not embedded)\n",
				        x->len - x->shown);
		}
		mt_buf_puts(b, "</pre>");
	}
}

static const char pair_script[] =
        "<script>\n"
        "(function(){\n"
        "var sel=document.getElementById('pair');if(!sel)return;\n"
        "function fill(pre,text,other){pre.textContent='';var seen=new Set(other.split('\\n').map(function(l){return l.trim();}));\n"
        "text.split('\\n').forEach(function(l){var s=document.createElement('span');s.textContent=l+'\\n';\n"
        "if(l.trim()&&!seen.has(l.trim()))s.className='only';pre.appendChild(s);});}\n"
        "function show(){var v=sel.value.split(':');var a=document.getElementById('ir-'+v[0]+'-'+v[1]);\n"
        "var b=document.getElementById('ir-'+v[0]+'-'+v[2]);if(!a||!b)return;\n"
        "fill(document.getElementById('left'),a.textContent,b.textContent);\n"
        "fill(document.getElementById('right'),b.textContent,a.textContent);\n"
        "document.getElementById('left-title').textContent=sel.options[sel.selectedIndex].dataset.a;\n"
        "document.getElementById('right-title').textContent=sel.options[sel.selectedIndex].dataset.b;}\n"
        "sel.addEventListener('change',show);show();\n"
        "})();\n"
        "</script>\n";

/* A row whose value is escaped text inside open/close markup. */
static void row(mt_buf *b,
                const char *th,
                const char *open,
                const char *v,
                const char *close)
{
	mt_buf_printf(b, "<tr><th>%s</th><td>%s", th, open);
	esc(b, v);
	mt_buf_printf(b, "%s</td></tr>", close);
}

static void report_summary(mt_buf *b, const mt_report *rp, size_t r)
{
	size_t i;

	mt_buf_printf(b, "<h3>Report %zu: ", r + 1);
	esc(b, rp->kind ? rp->kind : "unknown");
	mt_buf_printf(
	        b, " in <span class=\"cat-%s\">%s</span> code</h3><table>",
	        mt_category_name(rp->category), mt_category_name(rp->category));
	if (rp->message)
		row(b, "message", "<pre>", rp->message, "</pre>");
	if (rp->kernel)
		row(b, "kernel", "<code>", rp->kernel, "</code>");
	for (i = 0; i < rp->ninflight; i++) {
		mt_buf_puts(b, "<tr><th>in flight</th><td><code>");
		esc(b, rp->inflight[i].op);
		mt_buf_puts(b, "</code> on ");
		esc(b, rp->inflight[i].target ? rp->inflight[i].target : "?");
		mt_buf_puts(b, "</td></tr>");
	}
	if (rp->reason)
		row(b, "why", "", rp->reason, "");
	row(b, "signature", "<code>", rp->signature, "</code>");
	mt_buf_printf(b,
	              "<tr><th>fingerprint</th><td><code>%s</code></td></tr>",
	              rp->fingerprint);
	for (i = 0; i < rp->nnext_steps; i++)
		row(b, "next step", "", rp->next_steps[i], "");
	mt_buf_puts(b, "</table>");
}

static void frames_table(mt_buf *b, const mt_report *rp)
{
	static const char *const cols[] = { "#",      "category", "function",
		                            "source", "module",   NULL };
	size_t i;

	if (!rp->nframes)
		return;
	table_begin(b, NULL, rp->nframes, cols);
	for (i = 0; i < rp->nframes && i < MAX_FRAMES_SHOWN; i++) {
		const mt_frame *f = &rp->frames[i];
		char *d = mt_function_display(f->function ? f->function
		                                          : f->symbol);

		mt_buf_printf(
		        b,
		        "<tr%s><td>%d</td><td class=\"cat-%s\">%s</td><td><code>",
		        (int)i == rp->blame_frame ? " style=\"font-weight:700\""
		                                  : "",
		        f->index, mt_category_name(f->category),
		        mt_category_name(f->category));
		esc(b, d ? d : "??");
		mt_buf_puts(b, f->inlined ? "</code> (inlined)</td><td>"
		                          : "</code></td><td>");
		if (f->file) {
			esc(b, f->file);
			mt_buf_printf(b, ":%u:%u", f->line, f->column);
		}
		mt_buf_puts(b, "</td><td>");
		esc(b, f->module);
		mt_buf_puts(b, "</td></tr>");
		free(d);
	}
	mt_buf_puts(b, "</table>");
}

/* " on DEVICE" when there is one. */
static void device(mt_buf *b, const char *dev)
{
	if (dev) {
		mt_buf_puts(b, " on ");
		esc(b, dev);
	}
}

static void join_hit(mt_buf *b, const mt_join_hit *h)
{
	size_t m;

	mt_buf_puts(b, "<li class=\"join\">graph ");
	esc(b, h->graph);
	mt_buf_puts(b, h->fusion ? ": fused into <code>" : ": <code>");
	esc(b, h->op.op);
	mt_buf_puts(b, "</code>");
	device(b, h->op.device);
	mt_buf_puts(b, h->fusion ? " at stage " : ", stages ");
	esc(b, h->from_stage);
	mt_buf_puts(b, " &rarr; ");
	esc(b, h->to_stage);
	if (h->nmembers) {
		mt_buf_puts(b, "<ul>");
		for (m = 0; m < h->nmembers; m++) {
			const mt_join_member *mb = &h->members[m];

			mt_buf_puts(b, "<li>member <code>");
			esc(b, mb->op);
			mt_buf_puts(b, "</code>");
			device(b, mb->device);
			if (mb->nlocs) {
				mt_buf_puts(b, " at ");
				locs(b, mb->locs, mb->nlocs);
			}
			mt_buf_puts(b, "</li>");
		}
		mt_buf_puts(b, "</ul>");
	}
	mt_buf_puts(b, "</li>");
}

static void joins_list(mt_buf *b, const mt_join_set *js, size_t r)
{
	size_t i, k;

	for (i = 0; js && i < js->n; i++) {
		const mt_join *j = &js->joins[i];

		if (j->report != r)
			continue;
		mt_buf_puts(b, "<h3>In the IR: ");
		esc(b, j->source);
		mt_buf_puts(b, " <code>");
		esc(b, j->key);
		mt_buf_puts(b, "</code></h3>");
		if (!j->nhits)
			mt_buf_puts(
			        b,
			        "<p class=\"note\">not found in the IR stages</p>");
		mt_buf_puts(b, "<ul>");
		for (k = 0; k < j->nhits; k++)
			join_hit(b, &j->hits[k]);
		mt_buf_puts(b, "</ul>");
	}
}

static void crash_section(mt_buf *b, const mt_html_crash *c)
{
	size_t r;

	mt_buf_puts(b, "<h2>Crash</h2>");
	if (!c->n)
		mt_buf_puts(
		        b,
		        "<p class=\"note\">no crash or error found in the input</p>");
	for (r = 0; r < c->n; r++) {
		report_summary(b, &c->reports[r], r);
		frames_table(b, &c->reports[r]);
		joins_list(b, c->joins, r);
	}
}

/* One option per stage pair, the first changed one selected. */
static int pair_options(mt_buf *b, const mt_irdiff_report *ir)
{
	size_t g, s;
	int any_pair = 0, selected = 0;

	for (g = 0; g < ir->ngraphs; g++) {
		const mt_irdiff_graph *gr = &ir->graphs[g];

		for (s = 0; s < gr->nsteps; s++) {
			const mt_irdiff_step *st = &gr->steps[s];
			int sel = !selected && st->t.changed;

			mt_buf_printf(b,
			              "<option value=\"%zu:%zu:%zu\" data-a=\"",
			              g, st->from, st->to);
			esc(b, stage_name(gr, st->from));
			mt_buf_puts(b, "\" data-b=\"");
			esc(b, stage_name(gr, st->to));
			mt_buf_printf(b, "\"%s>", sel ? " selected" : "");
			esc(b, gr->graph->name);
			mt_buf_puts(b, ": ");
			esc(b, stage_name(gr, st->from));
			mt_buf_puts(b, " &rarr; ");
			esc(b, stage_name(gr, st->to));
			mt_buf_puts(b, st->t.changed ? "" : " (unchanged)");
			mt_buf_puts(b, "</option>");
			selected |= sel;
			any_pair = 1;
		}
	}
	return any_pair;
}

static void side_by_side(mt_buf *b,
                         const mt_irdiff_report *ir,
                         const mt_irdiff_excerpts *ex)
{
	size_t g;
	int any_pair;

	mt_buf_puts(
	        b,
	        "<h2>Side-by-side IR</h2><p><label>stage pair <select id=\"pair\">");
	any_pair = pair_options(b, ir);
	mt_buf_puts(
	        b,
	        "</select></label> <span class=\"note\">lines only in one side are highlighted</span></p>");
	if (!any_pair)
		mt_buf_puts(
		        b,
		        "<p class=\"note\">fewer than two stages: nothing to compare</p>");
	mt_buf_puts(
	        b,
	        "<div class=\"panes\"><div style=\"flex:1\"><b id=\"left-title\"></b><pre id=\"left\"></pre></div>"
	        "<div style=\"flex:1\"><b id=\"right-title\"></b><pre id=\"right\"></pre></div></div>\n");
	for (g = 0; ex && g < ex->ngraphs; g++)
		stage_texts(b, ex, g);
	mt_buf_puts(b, pair_script);
}

void mt_html_render(mt_buf *b,
                    const char *title,
                    const mt_irdiff_report *ir,
                    const mt_irdiff_excerpts *ex,
                    const mt_html_crash *crash)
{
	size_t g;

	mt_buf_puts(
	        b,
	        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
	esc(b, title);
	mt_buf_printf(b, "</title><style>%s</style></head><body>\n<h1>",
	              style_sheet);
	esc(b, title);
	mt_buf_puts(b, "</h1>\n");
	if (crash)
		crash_section(b, crash);
	for (g = 0; ir && g < ir->ngraphs; g++) {
		const mt_irdiff_graph *gr = &ir->graphs[g];

		mt_buf_puts(b, "<h2>Graph ");
		esc(b, gr->graph->name);
		mt_buf_printf(b, " (%zu stages)</h2>", gr->nstages);
		mt_buf_puts(b, "<h3>Ops per stage by dialect</h3>");
		chart(b, gr, 0);
		mt_buf_puts(b, "<h3>Ops per stage by device</h3>");
		chart(b, gr, 1);
		transitions(b, gr);
	}
	if (ir)
		side_by_side(b, ir, ex);
	mt_buf_puts(b,
	            "<p class=\"note\">made by maxtriage</p></body></html>\n");
}
