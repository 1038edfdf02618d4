/*
 * html_page.c - what every maxtriage HTML page shares (html_int.h): the
 * escaping, the style sheet, the page's head and foot, and a crash
 * report as a summary table and a frames table (report, stack, bucket).
 */
#include "html_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FRAMES_SHOWN 40

void html_esc(mt_buf *b, const char *s)
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

void html_escn(mt_buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c[2] = { s[i], 0 };

		if (s[i] == '\0')
			continue;
		html_esc(b, c);
	}
}

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
        ".panes .only{background:#ffe08a}.note{color:#667}"
        "td.nw{white-space:nowrap;overflow-wrap:normal}"
        ".badge-new{color:#fff;background:#c62828;padding:0 5px;border-radius:3px;font-weight:700}";

void html_locs(mt_buf *b, char **l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		mt_buf_puts(b, i ? ", " : "");
		mt_buf_puts(b, "<code>");
		html_esc(b, l[i]);
		mt_buf_puts(b, "</code>");
	}
}

void html_page_begin(mt_buf *b, const char *title)
{
	mt_buf_puts(
	        b,
	        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
	html_esc(b, title);
	mt_buf_printf(b, "</title><style>%s</style></head><body>\n<h1>",
	              style_sheet);
	html_esc(b, title);
	mt_buf_puts(b, "</h1>\n");
}

void html_page_end(mt_buf *b)
{
	mt_buf_puts(b,
	            "<p class=\"note\">made by maxtriage</p></body></html>\n");
}

/* A row whose value is escaped text inside open/close markup. */
void html_row(mt_buf *b,
              const char *th,
              const char *open,
              const char *v,
              const char *close)
{
	mt_buf_printf(b, "<tr><th>%s</th><td>%s", th, open);
	html_esc(b, v);
	mt_buf_printf(b, "%s</td></tr>", close);
}

void html_report_summary(mt_buf *b, const mt_report *rp, size_t r)
{
	size_t i;

	mt_buf_printf(b, "<h3>Report %zu: ", r + 1);
	html_esc(b, rp->kind ? mt_kind_name(rp->kind) : "unknown");
	mt_buf_printf(
	        b, " in <span class=\"cat-%s\">%s</span> code</h3><table>",
	        mt_category_name(rp->category), mt_category_name(rp->category));
	if (rp->message)
		html_row(b, "message", "<pre>", rp->message, "</pre>");
	if (rp->kernel)
		html_row(b, "kernel", "<code>", rp->kernel, "</code>");
	for (i = 0; i < rp->ninflight; i++) {
		mt_buf_puts(b, "<tr><th>in flight</th><td><code>");
		html_esc(b, rp->inflight[i].op);
		mt_buf_puts(b, "</code> on ");
		html_esc(b,
		         rp->inflight[i].target ? rp->inflight[i].target : "?");
		mt_buf_puts(b, "</td></tr>");
	}
	if (rp->reason)
		html_row(b, "why", "", rp->reason, "");
	html_row(b, "signature", "<code>", rp->signature, "</code>");
	mt_buf_printf(b,
	              "<tr><th>fingerprint</th><td><code>%s</code></td></tr>",
	              rp->fingerprint);
	for (i = 0; i < rp->nnext_steps; i++)
		html_row(b, "next step", "", rp->next_steps[i], "");
	mt_buf_puts(b, "</table>");
}

void html_frames_table(mt_buf *b, const mt_report *rp)
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
