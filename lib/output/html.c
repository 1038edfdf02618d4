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
	html_page_begin(b, title);
	if (crash)
		html_crash_section(b, crash);
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
	html_page_end(b);
}
