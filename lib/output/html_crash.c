/*
 * html_crash.c - crash pages: `report`'s crash section (each report
 * with its joins with the IR), `stack --format html` (every report) and
 * `bucket --format html` (the buckets and their example stacks). Built
 * on html_page.c's escaping, style sheet and report tables, so every page
 * looks alike and stays self-contained.
 */
#include "ci_int.h"
#include "html_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void html_crash_section(mt_buf *b, const mt_html_crash *c)
{
	size_t r;

	mt_buf_puts(b, "<h2>Crash</h2>");
	if (!c->n)
		mt_buf_puts(
		        b,
		        "<p class=\"note\">no crash or error found in the input</p>");
	for (r = 0; r < c->n; r++) {
		html_report_summary(b, &c->reports[r], r);
		html_frames_table(b, &c->reports[r]);
		joins_list(b, c->joins, r);
	}
}

void mt_html_render_stack(mt_buf *b,
                          const char *title,
                          const mt_stack_input *in,
                          size_t n,
                          const mt_ci_opts *o)
{
	size_t i, j, total = 0;

	(void)o;
	html_page_begin(b, title);
	for (i = 0; i < n; i++)
		total += in[i].error ? 0 : in[i].nreports;
	mt_buf_printf(b, "<p>%zu report%s in %zu input%s</p>", total,
	              total == 1 ? "" : "s", n, n == 1 ? "" : "s");
	for (i = 0; i < n; i++) {
		mt_buf_puts(b, "<h2>");
		html_esc(b, in[i].path);
		mt_buf_puts(b, "</h2>");
		if (in[i].error) {
			mt_buf_puts(b, "<p class=\"note\">");
			html_esc(b, in[i].error);
			mt_buf_puts(b, "</p>");
			continue;
		}
		if (!in[i].nreports)
			mt_buf_puts(b, "<p class=\"note\">no crash or error "
			               "found in the input</p>");
		for (j = 0; j < in[i].nreports; j++) {
			html_report_summary(b, &in[i].reports[j], j);
			html_frames_table(b, &in[i].reports[j]);
		}
	}
	html_page_end(b);
}

/* "name at file:line" of a bucket frame, the file relative to the
 * repository when under it. */
static void frame_at(mt_buf *b, const mt_bucket_frame *f, const mt_ci_opts *o)
{
	const char *rel = ci_repo_relative(f->file, o->repo_root);

	mt_buf_puts(b, "<code>");
	html_esc(b, f->name ? f->name : "??");
	mt_buf_puts(b, "</code>");
	if (f->file) {
		mt_buf_puts(b, " at ");
		html_esc(b, rel ? rel : f->file);
		if (f->line)
			mt_buf_printf(b, ":%u", f->line);
	}
}

static void bucket_row(mt_buf *b,
                       const mt_bucket_set *s,
                       const mt_bucket *k,
                       const mt_ci_opts *o)
{
	const mt_bucket_frame *at =
	        ci_location_frame(k->frames, k->nframes, k->crash_point);

	mt_buf_puts(b, "<tr>");
	if (s->has_baseline)
		mt_buf_puts(b, k->is_new ? "<td class=\"nw\"><span "
		                           "class=\"badge-new\">NEW</span></td>"
		                         : "<td></td>");
	mt_buf_printf(b, "<td class=\"count\">%zu</td><td class=\"nw cat-",
	              k->count);
	html_esc(b, k->category);
	mt_buf_puts(b, "\">");
	html_esc(b, k->category);
	mt_buf_puts(b, "</td><td class=\"nw\">");
	html_esc(b, k->kind);
	mt_buf_puts(b, "</td><td><code>");
	html_esc(b, k->signature);
	mt_buf_puts(b, "</code></td><td>");
	if (at)
		frame_at(b, at, o);
	mt_buf_puts(b, "</td><td>");
	html_esc(b, k->example);
	mt_buf_printf(b,
	              " (%zu file%s)</td><td class=\"nw\"><code>%s</code></td>"
	              "</tr>",
	              k->nfiles, k->nfiles == 1 ? "" : "s", k->fingerprint);
}

/* A bucket's example stack, the crash point in bold. */
static void
example_stack(mt_buf *b, const mt_bucket *k, size_t i, const mt_ci_opts *o)
{
	size_t j;

	mt_buf_printf(b, "<h3>%zu. ", i + 1);
	html_esc(b, k->kind);
	mt_buf_puts(b, " in <span class=\"cat-");
	html_esc(b, k->category);
	mt_buf_puts(b, "\">");
	html_esc(b, k->category);
	mt_buf_puts(b, "</span> code: <code>");
	html_esc(b, k->signature);
	mt_buf_puts(b, "</code></h3><p class=\"note\">example ");
	html_esc(b, k->example);
	mt_buf_printf(
	        b, ", signature %s, fingerprint <code>%s</code></p>",
	        mt_signature_quality_name((mt_signature_quality)k->quality),
	        k->fingerprint);
	if (!k->nframes)
		return;
	mt_buf_puts(b, "<table><tr><th>#</th><th>category</th><th>function</th>"
	               "<th>source</th><th>module</th></tr>");
	for (j = 0; j < k->nframes; j++) {
		const mt_bucket_frame *f = &k->frames[j];
		const char *rel = ci_repo_relative(f->file, o->repo_root);

		mt_buf_printf(b, "<tr%s><td>%zu</td><td class=\"cat-",
		              (int)j == k->crash_point
		                      ? " style=\"font-weight:700\""
		                      : "",
		              j);
		html_esc(b, f->category);
		mt_buf_puts(b, "\">");
		html_esc(b, f->category);
		mt_buf_puts(b, "</td><td><code>");
		html_esc(b, f->name ? f->name : "??");
		mt_buf_puts(b, "</code></td><td>");
		if (f->file) {
			html_esc(b, rel ? rel : f->file);
			if (f->line)
				mt_buf_printf(b, ":%u", f->line);
		}
		mt_buf_puts(b, "</td><td>");
		html_esc(b, f->module);
		mt_buf_puts(b, "</td></tr>");
	}
	mt_buf_puts(b, "</table>");
}

void mt_html_render_buckets(mt_buf *b,
                            const char *title,
                            const mt_bucket_set *s,
                            const mt_ci_opts *o)
{
	size_t i;

	html_page_begin(b, title);
	mt_buf_printf(b, "<p>%zu bucket%s from %zu report%s in %zu file%s",
	              s->n, s->n == 1 ? "" : "s", s->reports,
	              s->reports == 1 ? "" : "s", s->files,
	              s->files == 1 ? "" : "s");
	if (s->has_baseline)
		mt_buf_printf(b, ", %zu new", mt_bucket_count_new(s));
	mt_buf_puts(b, "</p>");
	if (s->n) {
		mt_buf_puts(b, "<table class=\"buckets\"><tr>");
		if (s->has_baseline)
			mt_buf_puts(b, "<th></th>");
		mt_buf_puts(b, "<th>count</th><th>class</th><th>kind</th>"
		               "<th>signature</th><th>crash point</th>"
		               "<th>example</th><th>fingerprint</th></tr>");
		for (i = 0; i < s->n; i++)
			bucket_row(b, s, &s->buckets[i], o);
		mt_buf_puts(b, "</table>");
	}
	if (s->nerrors) {
		mt_buf_puts(b, "<h2>Not triaged</h2><ul>");
		for (i = 0; i < s->nerrors; i++) {
			mt_buf_puts(b, "<li>");
			html_esc(b, s->errors[i]);
			mt_buf_puts(b, "</li>");
		}
		mt_buf_puts(b, "</ul>");
	}
	if (s->n)
		mt_buf_puts(b, "<h2>Example stacks</h2>");
	for (i = 0; i < s->n; i++)
		example_stack(b, &s->buckets[i], i, o);
	html_page_end(b);
}
