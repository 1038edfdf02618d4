/*
 * ci_output.c - buckets on CI surfaces other than SARIF: GitHub workflow
 * commands (one ::error annotation per new bucket), markdown for the job
 * summary, JUnit XML (GitLab's artifacts:reports:junit, Jenkins).
 */
#include "ci_int.h"

#include "maxtriage/json_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const mt_bucket_frame *
ci_location_frame(const mt_bucket_frame *frames, size_t n, int crash_point)
{
	size_t i, from = crash_point >= 0 ? (size_t)crash_point : 0;

	for (i = from; i < n; i++)
		if (frames[i].file && frames[i].line && frames[i].category &&
		    (!strcmp(frames[i].category, "model") ||
		     !strcmp(frames[i].category, "kernel")))
			return &frames[i];
	if (crash_point >= 0 && (size_t)crash_point < n &&
	    frames[crash_point].file && frames[crash_point].line)
		return &frames[crash_point];
	return NULL;
}

const char *ci_repo_relative(const char *path, const char *root)
{
	size_t n;

	if (!path || !root)
		return NULL;
	n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (strncmp(path, root, n) || path[n] != '/' || !path[n + 1])
		return NULL;
	return path + n + 1;
}

int ci_is_new(const mt_bucket_set *s, const mt_bucket *b)
{
	return !s->has_baseline || b->is_new;
}

/* The path a workflow command's file= takes: relative to the
 * repository (the workspace GitHub resolves it in), a relative path as
 * it is; NULL for one outside (the annotation then has no file). */
static const char *workspace_path(const char *path, const mt_ci_opts *o)
{
	const char *rel = ci_repo_relative(path, o->repo_root);

	if (rel)
		return rel;
	return path && path[0] != '/' ? path : NULL;
}

/* actions/toolkit's command.ts: escapeData for the message ('%', CR,
 * LF), escapeProperty for property values (also ':' and ','). Text is
 * cleaned to UTF-8 first. */
static void gh_escape(mt_buf *b, const char *s, int property)
{
	mt_buf clean = MT_BUF_INIT;
	const char *p;

	mt_json_utf8_clean(&clean, s, strlen(s));
	for (p = clean.ptr; *p; p++) {
		switch (*p) {
		case '%':
			mt_buf_puts(b, "%25");
			break;
		case '\r':
			mt_buf_puts(b, "%0D");
			break;
		case '\n':
			mt_buf_puts(b, "%0A");
			break;
		case ':':
			mt_buf_puts(b, property ? "%3A" : ":");
			break;
		case ',':
			mt_buf_puts(b, property ? "%2C" : ",");
			break;
		default:
			mt_buf_putc(b, *p);
		}
	}
	mt_buf_release(&clean);
}

static void gh_error(mt_buf *out,
                     const mt_bucket_set *s,
                     const mt_bucket *b,
                     const mt_ci_opts *o)
{
	const mt_bucket_frame *at =
	        ci_location_frame(b->frames, b->nframes, b->crash_point);
	const char *file = at ? workspace_path(at->file, o) : NULL;
	mt_buf t = MT_BUF_INIT, m = MT_BUF_INIT;
	size_t i;

	mt_buf_puts(out, "::error ");
	if (file) {
		mt_buf_puts(out, "file=");
		gh_escape(out, file, 1);
		mt_buf_printf(out, ",line=%u,", at->line);
	}
	mt_buf_printf(&t, "%s crash: %s in %s code",
	              s->has_baseline ? "new" : "maxtriage", b->kind,
	              b->category);
	mt_buf_puts(out, "title=");
	gh_escape(out, t.ptr, 1);
	mt_buf_printf(&m, "%s\nfingerprint %s, %zu report%s in %zu file%s",
	              b->signature, b->fingerprint, b->count,
	              b->count == 1 ? "" : "s", b->nfiles,
	              b->nfiles == 1 ? "" : "s");
	for (i = 0; i < b->nfiles && i < 3; i++)
		mt_buf_printf(&m, "%s%s", i ? ", " : ": ", b->files[i].path);
	if (b->nfiles > 3)
		mt_buf_puts(&m, ", ...");
	if (at && !file)
		mt_buf_printf(&m, "\nat %s:%u", at->file, at->line);
	mt_buf_puts(out, "::");
	gh_escape(out, m.ptr, 0);
	mt_buf_putc(out, '\n');
	mt_buf_release(&t);
	mt_buf_release(&m);
}

void mt_bucket_render_github(mt_buf *out,
                             const mt_bucket_set *s,
                             const mt_ci_opts *o)
{
	size_t i, shown = 0, rest = 0, limit;
	mt_buf m = MT_BUF_INIT;

	for (i = 0; i < s->n; i++) {
		if (!ci_is_new(s, &s->buckets[i]))
			continue;
		if (shown < MT_GITHUB_MAX_ERRORS) {
			gh_error(out, s, &s->buckets[i], o);
			shown++;
		} else {
			rest++;
		}
	}
	/* errors past the cap would be dropped by GitHub: one warning (a
	 * cap of its own) says how many, so none is lost silently */
	if (rest) {
		mt_buf_printf(
		        &m,
		        "%zu more %s bucket%s not annotated (GitHub shows "
		        "%d error annotations per step): see the job "
		        "summary or the JSON output",
		        rest, s->has_baseline ? "new crash" : "crash",
		        rest == 1 ? "" : "s", MT_GITHUB_MAX_ERRORS);
		mt_buf_puts(out, "::warning title=maxtriage::");
		gh_escape(out, m.ptr, 0);
		mt_buf_putc(out, '\n');
	}
	/* inputs not triaged: warnings, within their own cap of 10 */
	limit = MT_GITHUB_MAX_ERRORS - (rest ? 1 : 0);
	if (s->nerrors > limit)
		limit--;
	for (i = 0; i < s->nerrors && i < limit; i++) {
		mt_buf_puts(out,
		            "::warning title=maxtriage input not triaged::");
		gh_escape(out, s->errors[i], 0);
		mt_buf_putc(out, '\n');
	}
	if (i < s->nerrors)
		mt_buf_printf(
		        out,
		        "::warning title=maxtriage::%zu more inputs not "
		        "triaged: see the job summary or the JSON output\n",
		        s->nerrors - i);
	mt_buf_release(&m);
}

/* A GFM code span of s: a fence of one more backtick than s's longest
 * run, '|' escaped (GFM reads "\|" as "|" in a table cell, code spans
 * included), line breaks as spaces. */
static void md_code(mt_buf *b, const char *s)
{
	size_t run = 0, longest = 0, i;
	const char *p;

	for (p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (i = 0; i <= longest; i++)
		mt_buf_putc(b, '`');
	mt_buf_putc(b, ' ');
	for (p = s; *p; p++) {
		if (*p == '|')
			mt_buf_puts(b, "\\|");
		else if (*p == '\n' || *p == '\r')
			mt_buf_putc(b, ' ');
		else
			mt_buf_putc(b, *p);
	}
	mt_buf_putc(b, ' ');
	for (i = 0; i <= longest; i++)
		mt_buf_putc(b, '`');
}

void mt_bucket_render_markdown(mt_buf *out,
                               const mt_bucket_set *s,
                               const mt_ci_opts *o)
{
	mt_buf raw = MT_BUF_INIT;
	size_t i;

	mt_buf_printf(&raw, "## maxtriage: %zu crash bucket%s", s->n,
	              s->n == 1 ? "" : "s");
	if (s->has_baseline)
		mt_buf_printf(&raw, ", %zu new", mt_bucket_count_new(s));
	mt_buf_printf(&raw, "\n\n%zu report%s in %zu file%s", s->reports,
	              s->reports == 1 ? "" : "s", s->files,
	              s->files == 1 ? "" : "s");
	if (s->nerrors)
		mt_buf_printf(&raw, ", %zu input%s not triaged", s->nerrors,
		              s->nerrors == 1 ? "" : "s");
	mt_buf_puts(&raw, ".\n\n");
	if (s->n)
		mt_buf_printf(&raw,
		              "|%s count | class | kind | signature | "
		              "crash point | example | fingerprint |\n"
		              "|%s---:|---|---|---|---|---|---|\n",
		              s->has_baseline ? " |" : "",
		              s->has_baseline ? "---|" : "");
	for (i = 0; i < s->n; i++) {
		const mt_bucket *b = &s->buckets[i];
		const mt_bucket_frame *at = ci_location_frame(
		        b->frames, b->nframes, b->crash_point);

		if (s->has_baseline)
			mt_buf_puts(&raw, b->is_new ? "| **NEW** " : "| ");
		mt_buf_printf(&raw, "| %zu | %s | %s | ", b->count, b->category,
		              b->kind);
		md_code(&raw, b->signature);
		mt_buf_puts(&raw, " | ");
		if (at) {
			mt_buf p = MT_BUF_INIT;
			const char *rel =
			        ci_repo_relative(at->file, o->repo_root);

			mt_buf_printf(&p, "%s %s:%u",
			              at->name ? at->name : "??",
			              rel ? rel : at->file, at->line);
			md_code(&raw, p.ptr);
			mt_buf_release(&p);
		}
		mt_buf_puts(&raw, " | ");
		if (b->example)
			md_code(&raw, b->example);
		mt_buf_puts(&raw, " | ");
		md_code(&raw, b->fingerprint);
		mt_buf_puts(&raw, " |\n");
	}
	if (s->nerrors) {
		mt_buf_puts(&raw, "\n**Not triaged**\n\n");
		for (i = 0; i < s->nerrors; i++) {
			mt_buf_puts(&raw, "- ");
			md_code(&raw, s->errors[i]);
			mt_buf_putc(&raw, '\n');
		}
	}
	mt_json_utf8_clean(out, raw.ptr, raw.len);
	mt_buf_release(&raw);
}

/* XML 1.0 character data or attribute value: valid UTF-8 (cleaned), the
 * five specials escaped, and the control characters XML forbids (all
 * below 0x20 but tab, LF, CR) dropped; LF and tab in attributes as
 * character references, so a parser keeps them. */
static void xml_text(mt_buf *b, const char *s, int attr)
{
	mt_buf clean = MT_BUF_INIT;
	const char *p;

	mt_json_utf8_clean(&clean, s, strlen(s));
	for (p = clean.ptr; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '&')
			mt_buf_puts(b, "&amp;");
		else if (c == '<')
			mt_buf_puts(b, "&lt;");
		else if (c == '>')
			mt_buf_puts(b, "&gt;");
		else if (c == '"' && attr)
			mt_buf_puts(b, "&quot;");
		else if (c == '\n' && attr)
			mt_buf_puts(b, "&#10;");
		else if (c == '\t' && attr)
			mt_buf_puts(b, "&#9;");
		else if (c == '\r')
			mt_buf_puts(b, "&#13;");
		else if (c < 0x20 && c != '\n' && c != '\t')
			continue;
		else
			mt_buf_putc(b, (char)c);
	}
	mt_buf_release(&clean);
}

static void junit_case(mt_buf *out,
                       const mt_bucket_set *s,
                       const mt_bucket *b,
                       const mt_ci_opts *o)
{
	const mt_bucket_frame *at =
	        ci_location_frame(b->frames, b->nframes, b->crash_point);
	mt_buf d = MT_BUF_INIT, m = MT_BUF_INIT;
	size_t i;

	mt_buf_puts(out, "    <testcase classname=\"maxtriage.");
	xml_text(out, b->category, 1);
	mt_buf_puts(out, "\" name=\"");
	xml_text(out, b->signature, 1);
	mt_buf_printf(out, " [%s]\"", b->fingerprint);
	if (!ci_is_new(s, b)) {
		mt_buf_puts(out, "/>\n");
		return;
	}
	mt_buf_printf(&m, "%s crash: %s in %s code, %zu report%s",
	              s->has_baseline ? "new" : "a", b->kind, b->category,
	              b->count, b->count == 1 ? "" : "s");
	mt_buf_printf(&d, "signature: %s\nfingerprint: %s\n", b->signature,
	              b->fingerprint);
	if (at) {
		const char *rel = ci_repo_relative(at->file, o->repo_root);

		mt_buf_printf(&d, "crash point: %s at %s:%u\n",
		              at->name ? at->name : "??", rel ? rel : at->file,
		              at->line);
	}
	mt_buf_puts(&d, "files:\n");
	for (i = 0; i < b->nfiles; i++)
		mt_buf_printf(&d, "  %s\n", b->files[i].path);
	mt_buf_puts(&d, "example stack:\n");
	for (i = 0; i < b->nframes; i++) {
		const mt_bucket_frame *f = &b->frames[i];

		mt_buf_printf(&d, "  %s#%zu %-8s %s",
		              (int)i == b->crash_point ? ">" : " ", i,
		              f->category ? f->category : "unknown",
		              f->name ? f->name : "??");
		if (f->file)
			mt_buf_printf(&d, " at %s:%u", f->file, f->line);
		if (f->module)
			mt_buf_printf(&d, " in %s", f->module);
		mt_buf_putc(&d, '\n');
	}
	mt_buf_puts(out, ">\n      <failure type=\"");
	xml_text(out, b->kind, 1);
	mt_buf_puts(out, "\" message=\"");
	xml_text(out, m.ptr, 1);
	mt_buf_puts(out, "\">");
	xml_text(out, d.ptr, 0);
	mt_buf_puts(out, "</failure>\n    </testcase>\n");
	mt_buf_release(&d);
	mt_buf_release(&m);
}

void mt_bucket_render_junit(mt_buf *out,
                            const mt_bucket_set *s,
                            const mt_ci_opts *o)
{
	size_t i, failures = 0, tests = s->n + s->nerrors;

	for (i = 0; i < s->n; i++)
		failures += ci_is_new(s, &s->buckets[i]) != 0;
	mt_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	mt_buf_printf(out,
	              "<testsuites name=\"maxtriage bucket\" tests=\"%zu\" "
	              "failures=\"%zu\" errors=\"%zu\">\n",
	              tests, failures, s->nerrors);
	mt_buf_printf(out,
	              "  <testsuite name=\"maxtriage bucket\" tests=\"%zu\" "
	              "failures=\"%zu\" errors=\"%zu\" skipped=\"0\">\n",
	              tests, failures, s->nerrors);
	for (i = 0; i < s->n; i++)
		junit_case(out, s, &s->buckets[i], o);
	for (i = 0; i < s->nerrors; i++) {
		mt_buf_puts(out, "    <testcase classname=\"maxtriage.input\" "
		                 "name=\"");
		xml_text(out, s->errors[i], 1);
		mt_buf_puts(out, "\">\n      <error type=\"not triaged\" "
		                 "message=\"");
		xml_text(out, s->errors[i], 1);
		mt_buf_puts(out, "\"/>\n    </testcase>\n");
	}
	mt_buf_puts(out, "  </testsuite>\n</testsuites>\n");
}
