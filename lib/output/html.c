/*
 * html.c - one self-contained HTML page for `irdiff` and `report`: the
 * stage timeline as charts (ops per stage by dialect, and by device when
 * some op is off the CPU), fusion groups, placement changes, transfers,
 * lowerings (html_ir.c), the crash and its joins, and side-by-side IR
 * for a chosen stage pair.
 *
 * Self-contained means no network and no external assets: the CSS, the
 * charts (HTML drawn here) and the little script that switches the IR
 * pair are all inline, so the file can be attached to a bug report.
 */
#include "html_int.h"

#include "maxtriage/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FRAMES_SHOWN 40

/*
 * The page fits any window from 1280 px up: tables may not grow past
 * it (long names and locations wrap), the charts are grids whose bar
 * column takes what the labels leave, and the two IR panes share the
 * width (flex items of min-width 0) and scroll inside themselves.
 */
static const char style_sheet[] =
        "body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2330;background:#fff}"
        "h1{font-size:22px;overflow-wrap:anywhere}h2{font-size:18px;border-bottom:1px solid #ccd;padding-bottom:4px;margin-top:32px;overflow-wrap:anywhere}"
        "h3{font-size:15px;margin-top:20px;overflow-wrap:anywhere}"
        "table{border-collapse:collapse;margin:8px 0 16px;max-width:100%}td,th{border:1px solid #d5d9e2;padding:3px 8px;text-align:left;vertical-align:top}td{overflow-wrap:anywhere}th{white-space:nowrap}td.at{min-width:13em}"
        "th{background:#f1f3f8}code,pre{font:12px/1.35 ui-monospace,monospace}td pre{white-space:pre-wrap;margin:0}"
        "td ul{margin:0;padding-left:18px}td.count{white-space:nowrap}.nofold .count,.noat .at{display:none}"
        ".unchanged{color:#778}.new{color:#0a6b2a}.gone{color:#a11}"
        ".cat-model{color:#8a1fa8;font-weight:600}.cat-kernel{color:#a86a00;font-weight:600}.cat-runtime{color:#0a6f86;font-weight:600}"
        ".cat-handler,.cat-system{color:#889}"
        ".chart{display:grid;grid-template-columns:fit-content(34%) minmax(160px,1fr);gap:4px 10px;align-items:center;max-width:1200px;font-size:12px;margin:8px 0}"
        ".chart .lab{overflow-wrap:anywhere}.chart .bar{display:flex;align-items:center;height:16px;padding-right:5em}"
        ".chart .bar i{display:block;flex:none;height:100%;min-width:1px}.chart .num{flex:none;padding-left:6px;font-variant-numeric:tabular-nums}"
        ".legend{max-width:1200px;font-size:12px}.legend span{display:inline-block;margin-right:12px}.sw{display:inline-block;width:10px;height:10px;margin-right:4px}"
        "select{max-width:100%}"
        ".panes{display:flex;gap:8px}.panes>div{flex:1 1 0;min-width:0}.panes b{display:block;overflow-wrap:anywhere}"
        ".panes pre{border:1px solid #ccd;padding:6px;overflow:auto;max-height:70vh;margin:0;background:#fafbfd}"
        ".panes .only{background:#ffe08a}.note{color:#667}";

/*
 * The side-by-side view: a line is highlighted when no line of the other
 * stage reads the same after both stages' names were made independent of
 * the printer's numbering. Each stage is renamed on its own, in one pass:
 * an op's results get a name made from the op as written (its operands
 * already renamed), block and region arguments one from the line that
 * declares them and their position, ^bb labels their order of first use,
 * and #alias uses (#loc3, #map1) the text they stand for. So %7 vs %9 for
 * the same op on the same operands, or #loc12 vs #loc3 for one location,
 * is no change; an op whose operands come from a changed op is one.
 * Identical ops get a count (~2), so a duplicate still shows.
 */
static const char pair_script[] =
        "<script>\n"
        "(function(){\n"
        "var sel=document.getElementById('pair');if(!sel)return;\n"
        "var cache={};\n"
        "function hash(s){var h=2166136261;for(var i=0;i<s.length;i++){h^=s.charCodeAt(i);h=Math.imul(h,16777619);}return (h>>>0).toString(36);}\n"
        "function keys(id,text){\n"
        "if(cache[id])return cache[id];\n"
        "var lines=text.split('\\n'),alias={},memo={},vals={},seen={},labels={},nl=0,nf=0,out=[];\n"
        "lines.forEach(function(l){var m=/^\\s*#([\\w.$-]+)\\s*=\\s*(.*)$/.exec(l);if(m)alias[m[1]]=m[2];});\n"
        "var tok=/\"(?:[^\"\\\\]|\\\\.)*\"|[%^#][\\w.$-]+/g;\n"
        "function al(n,d){if(!(n in alias)||d>16)return '#'+n;if(n in memo)return memo[n];memo[n]='#'+n;\n"
        "var r='#<'+alias[n].replace(tok,function(t){return t[0]=='#'?al(t.slice(1),d+1):t;})+'>';memo[n]=r;return r;}\n"
        "function fresh(base){seen[base]=(seen[base]||0)+1;return seen[base]>1?base+'~'+seen[base]:base;}\n"
        "lines.forEach(function(l){\n"
        "var t=l.trim(),m=/^((?:%[\\w.$-]+(?::\\d+)?\\s*,\\s*)*%[\\w.$-]+(?::\\d+)?)\\s*=\\s*([\\s\\S]*)$/.exec(t),defs=[],body=t,args=[];\n"
        "if(m){defs=m[1].split(/\\s*,\\s*/).map(function(d){return d.replace(/:\\d+$/,'');});body=m[2];}\n"
        "body.replace(tok,function(x,at){if(x[0]=='%'){var r=body.slice(at+x.length);if(/^:\\s/.test(r)||/^\\s+=\\s/.test(r))args.push(x);}return x;});\n"
        "var key=body.replace(tok,function(x){var i;\n"
        "if(x[0]=='\"')return x;\n"
        "if(x[0]=='#')return al(x.slice(1),0);\n"
        "if(x[0]=='^')return labels[x]||(labels[x]='^b'+(nl++));\n"
        "if((i=args.indexOf(x))>=0)return '%@'+i;\n"
        "return vals[x]||(vals[x]='%f'+(nf++));});\n"
        "var h=hash(key);\n"
        "args.forEach(function(a,i){vals[a]=fresh('%'+h+'@'+i);});\n"
        "defs=defs.map(function(d,i){return vals[d]=fresh('%'+h+'.'+i);});\n"
        "out.push(defs.length?defs.join(',')+' = '+key:key);});\n"
        "return cache[id]=out;}\n"
        "function fill(pre,ia,a,ib,b){pre.textContent='';var ka=keys(ia,a),other=new Set(keys(ib,b)),f=document.createDocumentFragment();\n"
        "a.split('\\n').forEach(function(l,i){var s=document.createElement('span');s.textContent=l+'\\n';\n"
        "if(l.trim()&&!other.has(ka[i]))s.className='only';f.appendChild(s);});pre.appendChild(f);}\n"
        "function show(){var v=sel.value.split(':'),ia='ir-'+v[0]+'-'+v[1],ib='ir-'+v[0]+'-'+v[2];\n"
        "var a=document.getElementById(ia),b=document.getElementById(ib);if(!a||!b)return;\n"
        "fill(document.getElementById('left'),ia,a.textContent,ib,b.textContent);\n"
        "fill(document.getElementById('right'),ib,b.textContent,ia,a.textContent);\n"
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
	html_esc(b, v);
	mt_buf_printf(b, "%s</td></tr>", close);
}

static void report_summary(mt_buf *b, const mt_report *rp, size_t r)
{
	size_t i;

	mt_buf_printf(b, "<h3>Report %zu: ", r + 1);
	html_esc(b, rp->kind ? mt_kind_name(rp->kind) : "unknown");
	mt_buf_printf(
	        b, " in <span class=\"cat-%s\">%s</span> code</h3><table>",
	        mt_category_name(rp->category), mt_category_name(rp->category));
	if (rp->message)
		row(b, "message", "<pre>", rp->message, "</pre>");
	if (rp->kernel)
		row(b, "kernel", "<code>", rp->kernel, "</code>");
	for (i = 0; i < rp->ninflight; i++) {
		mt_buf_puts(b, "<tr><th>in flight</th><td><code>");
		html_esc(b, rp->inflight[i].op);
		mt_buf_puts(b, "</code> on ");
		html_esc(b,
		         rp->inflight[i].target ? rp->inflight[i].target : "?");
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
	size_t i;

	if (!rp->nframes)
		return;
	mt_buf_puts(b, "<table><tr><th>#</th><th>category</th><th>function</th>"
	               "<th>source</th><th>module</th></tr>");
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
		html_esc(b, d ? d : "??");
		mt_buf_puts(b, f->inlined ? "</code> (inlined)</td><td>"
		                          : "</code></td><td>");
		if (f->file) {
			html_esc(b, f->file);
			mt_buf_printf(b, ":%u:%u", f->line, f->column);
		}
		mt_buf_puts(b, "</td><td>");
		html_esc(b, f->module);
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
		html_esc(b, dev);
	}
}

static void join_hit(mt_buf *b, const mt_join_hit *h)
{
	size_t m;

	mt_buf_puts(b, "<li class=\"join\">graph ");
	html_esc(b, h->graph);
	mt_buf_puts(b, h->fusion ? ": fused into <code>" : ": <code>");
	html_esc(b, h->op.op);
	mt_buf_puts(b, "</code>");
	device(b, h->op.device);
	mt_buf_puts(b, h->fusion ? " at stage " : ", stages ");
	html_esc(b, h->from_stage);
	mt_buf_puts(b, " &rarr; ");
	html_esc(b, h->to_stage);
	if (h->nmembers) {
		mt_buf_puts(b, "<ul>");
		for (m = 0; m < h->nmembers; m++) {
			const mt_join_member *mb = &h->members[m];

			mt_buf_puts(b, "<li>member <code>");
			html_esc(b, mb->op);
			mt_buf_puts(b, "</code>");
			device(b, mb->device);
			if (mb->nlocs) {
				mt_buf_puts(b, " at ");
				html_locs(b, mb->locs, mb->nlocs);
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
		html_esc(b, j->source);
		mt_buf_puts(b, " <code>");
		html_esc(b, j->key);
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
			html_esc(b, html_stage_name(gr, st->from));
			mt_buf_puts(b, "\" data-b=\"");
			html_esc(b, html_stage_name(gr, st->to));
			mt_buf_printf(b, "\"%s>", sel ? " selected" : "");
			html_esc(b, gr->graph->name);
			mt_buf_puts(b, ": ");
			html_esc(b, html_stage_name(gr, st->from));
			mt_buf_puts(b, " &rarr; ");
			html_esc(b, html_stage_name(gr, st->to));
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
	        "<div class=\"panes\"><div><b id=\"left-title\"></b><pre id=\"left\"></pre></div>"
	        "<div><b id=\"right-title\"></b><pre id=\"right\"></pre></div></div>\n");
	for (g = 0; ex && g < ex->ngraphs; g++)
		html_stage_texts(b, ex, g);
	mt_buf_puts(b, pair_script);
}

/* The graphs like graph g (the same stages, the same findings): named
 * under its heading, their own sections left out. */
static void like_graphs(mt_buf *b, const mt_irdiff_report *ir, size_t g)
{
	const mt_irdiff_graph *gr = &ir->graphs[g];
	size_t i, shown = 0;

	if (!gr->nlike)
		return;
	mt_buf_printf(b,
	              "<p class=\"note like\">%zu more graph%s went through "
	              "the same stages and found the same:",
	              gr->nlike, gr->nlike == 1 ? "" : "s");
	for (i = 0; i < ir->ngraphs; i++) {
		if (i == g || ir->graphs[i].like_of != g)
			continue;
		if (shown++ == 32) {
			mt_buf_printf(b, " and %zu more", gr->nlike - 32);
			break;
		}
		mt_buf_puts(b, shown > 1 ? ", <code>" : " <code>");
		html_esc(b, ir->graphs[i].graph->name);
		mt_buf_puts(b, "</code>");
	}
	mt_buf_puts(b, "</p>");
}

/* The input's notes and the report's (a capture without locations),
 * each once, before the graphs. */
static void notes(mt_buf *b, const mt_irdiff_report *ir)
{
	size_t i, n = ir->input->nnotes + ir->nnotes;

	for (i = 0; i < n; i++) {
		mt_buf_puts(b, "<p class=\"note irnote\">note: ");
		html_esc(b, i < ir->input->nnotes
		                    ? ir->input->notes[i]
		                    : ir->notes[i - ir->input->nnotes]);
		mt_buf_puts(b, "</p>");
	}
}

void mt_html_render(mt_buf *b,
                    const char *title,
                    const mt_irdiff_report *ir,
                    const mt_irdiff_excerpts *ex,
                    const mt_html_crash *crash)
{
	size_t g;
	html_legend dialects, devices;

	html_legend_build(&dialects, ir, 0);
	html_legend_build(&devices, ir, 1);
	mt_buf_puts(
	        b,
	        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
	html_esc(b, title);
	mt_buf_printf(b, "</title><style>%s</style></head><body>\n<h1>",
	              style_sheet);
	html_esc(b, title);
	mt_buf_puts(b, "</h1>\n");
	if (crash)
		crash_section(b, crash);
	if (ir)
		notes(b, ir);
	for (g = 0; ir && g < ir->ngraphs; g++) {
		const mt_irdiff_graph *gr = &ir->graphs[g];

		if (gr->like_of != g)
			continue; /* named with the first graph like it */
		mt_buf_puts(b, "<h2>Graph ");
		html_esc(b, gr->graph->name);
		mt_buf_printf(b, " (%zu stages)</h2>", gr->nstages);
		like_graphs(b, ir, g);
		html_charts(b, gr, &dialects, &devices);
		html_transitions(b, gr);
	}
	free(dialects.names);
	free(devices.names);
	if (ir)
		side_by_side(b, ir, ex);
	mt_buf_puts(b,
	            "<p class=\"note\">made by maxtriage</p></body></html>\n");
}
