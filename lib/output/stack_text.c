/* stack_text.c - crash reports for people: text and markdown. */
#include "maxtriage/stack_output.h"

#include "maxtriage/dumpinfo.h"

#include <stdlib.h>
#include <string.h>

static const char *base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;

	return s ? s + 1 : path;
}

static const char *cat_color(mt_category c)
{
	switch (c) {
	case MT_CAT_MODEL:
		return "\033[1;35m";
	case MT_CAT_KERNEL:
		return "\033[1;33m";
	case MT_CAT_RUNTIME:
		return "\033[1;36m";
	case MT_CAT_HANDLER:
		return "\033[2m";
	case MT_CAT_SYSTEM:
		return "\033[2m";
	default:
		return "";
	}
}

/* "name at file:line:col in module+0xoff" for one frame. */
static void frame_where(mt_buf *b, const mt_frame *f, int md)
{
	char *disp = mt_function_display(f->function       ? f->function
	                                 : f->bogus_symbol ? NULL
	                                                   : f->symbol);
	const char *tick = md ? "`" : "";

	if (disp && *disp)
		mt_buf_printf(b, "%s%s%s", tick, disp, tick);
	else if (f->has_address)
		mt_buf_printf(b, "0x%llx", (unsigned long long)f->address);
	else
		mt_buf_puts(b, "??");
	if (f->file) {
		mt_buf_printf(b, " at %s", f->file);
		if (f->line)
			mt_buf_printf(b, ":%u", f->line);
		if (f->column)
			mt_buf_printf(b, ":%u", f->column);
	}
	if (f->module) {
		mt_buf_printf(b, " in %s", base_name(f->module));
		if (f->has_offset)
			mt_buf_printf(b, "+0x%llx",
			              (unsigned long long)f->module_offset);
	}
	free(disp);
}

/* Whether frame i is the first of r whose module was rejected with this
 * reason: each rejected file is named once per report. */
static int first_rejection(const mt_report *r, size_t i)
{
	const mt_frame *f = &r->frames[i];
	size_t j;

	if (f->module_check != MT_MODCHECK_MISMATCH || !f->status_reason)
		return 0;
	for (j = 0; j < i; j++)
		if (r->frames[j].module_check == MT_MODCHECK_MISMATCH &&
		    r->frames[j].status_reason &&
		    !strcmp(r->frames[j].status_reason, f->status_reason))
			return 0;
	return 1;
}

static void
text_frames(mt_buf *b, const mt_report *r, const char *indent, int color)
{
	const char *off = color ? "\033[0m" : "";
	size_t i;

	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];
		const char *mark = (int)i == r->blame_frame ? ">" : " ";

		mt_buf_printf(b, "%s%s", indent, mark);
		if (f->index >= 0)
			mt_buf_printf(b, "#%-3d ", f->index);
		else
			mt_buf_puts(b, "     ");
		mt_buf_printf(b, "%s%-8s%s ",
		              color ? cat_color(f->category) : "",
		              mt_category_name(f->category), off);
		frame_where(b, f, 0);
		if (f->inlined)
			mt_buf_puts(b, " (inlined)");
		if (f->truncated)
			mt_buf_puts(b, " (cut off)");
		if (!f->inlined && f->found_by != MT_FOUND_NONE &&
		    f->found_by != MT_FOUND_CONTEXT &&
		    f->found_by != MT_FOUND_CFI)
			mt_buf_printf(b, " (found by %s)",
			              mt_frame_found_name(f->found_by));
		if (!f->file && f->status != MT_STATUS_NONE &&
		    f->status != MT_STATUS_FROM_DUMP &&
		    f->status != MT_STATUS_SYMBOLIZED)
			mt_buf_printf(b, " [%s]",
			              mt_frame_status_name(f->status));
		mt_buf_putc(b, '\n');
	}
}

/* What a minidump, core or process said besides its frames. */
static void text_dump(mt_buf *b, const mt_report *r)
{
	const mt_dump_info *d = r->dump;
	size_t i;

	if (!d)
		return;
	mt_buf_printf(b, "  dump:        %s", d->format ? d->format : "?");
	if (d->writer)
		mt_buf_printf(b, " written by %s", d->writer);
	if (d->cpu || d->os)
		mt_buf_printf(b, ", %s%s%s", d->os ? d->os : "",
		              d->os && d->cpu ? " " : "", d->cpu ? d->cpu : "");
	mt_buf_printf(b, ", %zu thread%s, %zu of %zu module files found\n",
	              d->nthreads, d->nthreads == 1 ? "" : "s",
	              d->modules_found, d->nmodules);
	if (d->signal_number || d->has_exception_code || d->has_fault_address) {
		const char *sep = " ";

		mt_buf_puts(b, "  signal:     ");
		if (d->signal_number) {
			mt_buf_printf(b, " %s (%d)",
			              r->signal ? r->signal : "signal",
			              d->signal_number);
			sep = ", ";
		} else if (d->has_exception_code) {
			mt_buf_printf(b, " exception code 0x%x",
			              d->exception_code);
			sep = ", ";
		}
		if (d->has_si_code) {
			mt_buf_printf(b, "%ssi_code %d", sep, d->si_code);
			sep = ", ";
		}
		if (d->has_fault_address) {
			mt_buf_printf(b, "%sfault address 0x%llx", sep,
			              (unsigned long long)d->fault_address);
			sep = ", ";
		}
		if (d->crashed_tid)
			mt_buf_printf(b, "%sthread %ld", sep, d->crashed_tid);
		mt_buf_putc(b, '\n');
	}
	if (d->report_id)
		mt_buf_printf(b, "  report id:   %s\n", d->report_id);
	for (i = 0; i < d->nannotations; i++)
		mt_buf_printf(b, "  annotation:  [%s] %s%s%s\n",
		              d->annotations[i].scope, d->annotations[i].key,
		              *d->annotations[i].key ? " = " : "",
		              d->annotations[i].value);
	for (i = 0; i < d->nwarnings; i++)
		mt_buf_printf(b, "  warning:     %s\n", d->warnings[i]);
}

/* Whether two threads have the same frames (addresses and names): a
 * pool of workers waiting in one place is printed once. */
static int same_stack(const mt_report *a, const mt_report *b)
{
	size_t i;

	if (a->nframes != b->nframes)
		return 0;
	for (i = 0; i < a->nframes; i++) {
		const mt_frame *x = &a->frames[i], *y = &b->frames[i];

		if (x->address != y->address || x->inlined != y->inlined ||
		    (x->function && y->function
		             ? strcmp(x->function, y->function) != 0
		             : x->function != y->function))
			return 0;
	}
	return 1;
}

static void text_threads(mt_buf *b, const mt_report *r, int color)
{
	size_t i, j;
	unsigned char *shown = r->nthreads ? calloc(r->nthreads, 1) : NULL;

	for (i = 0; i < r->nthreads; i++) {
		const mt_report *t = &r->threads[i];
		size_t same = 0;

		if (shown && shown[i])
			continue;
		mt_buf_printf(b, "  thread %s", t->thread ? t->thread : "?");
		for (j = i + 1; shown && j < r->nthreads; j++)
			if (!shown[j] && same_stack(t, &r->threads[j])) {
				shown[j] = 1;
				same++;
				mt_buf_printf(b, ", %s",
				              r->threads[j].thread
				                      ? r->threads[j].thread
				                      : "?");
			}
		if (same)
			mt_buf_printf(b, " (%zu threads, the same frames)",
			              same + 1);
		mt_buf_puts(b, ":\n");
		text_frames(b, t, "  ", color);
	}
	free(shown);
}

static void text_report(mt_buf *b,
                        const mt_report *r,
                        const char *path,
                        size_t no,
                        size_t total,
                        int color)
{
	const char *bold = color ? "\033[1m" : "",
	           *off = color ? "\033[0m" : "";
	size_t i;

	if (r->dump)
		mt_buf_printf(b, "%s%s: report %zu of %zu (%s)%s\n", bold, path,
		              no, total, r->dump->format, off);
	else
		mt_buf_printf(b, "%s%s: report %zu of %zu (lines %u-%u)%s\n",
		              bold, path, no, total, r->first_line,
		              r->last_line, off);
	mt_buf_printf(b, "  %s%s%s", color ? cat_color(r->category) : "",
	              r->kind ? r->kind : "unknown", off);
	if (r->signal && r->kind && strcmp(r->signal, r->kind))
		mt_buf_printf(b, " (%s)", r->signal);
	mt_buf_printf(b, " in %s%s%s code\n",
	              color ? cat_color(r->category) : "",
	              mt_category_name(r->category), off);
	if (r->message)
		mt_buf_printf(b, "  message:     %s\n", r->message);
	if (r->error_location)
		mt_buf_printf(b, "  raised at:   %s\n", r->error_location);
	if (r->kernel)
		mt_buf_printf(b, "  kernel:      %s\n", r->kernel);
	if (r->entry_point)
		mt_buf_printf(b, "  entry point: %s\n", r->entry_point);
	if (r->program)
		mt_buf_printf(b, "  program:     %s\n", r->program);
	if (r->blame_frame >= 0) {
		const mt_frame *f = &r->frames[r->blame_frame];

		mt_buf_printf(b, "  crash point: #%d ", f->index);
		frame_where(b, f, 0);
		mt_buf_putc(b, '\n');
		if (f->instruction)
			mt_buf_printf(b, "  instruction: %s%s%s%s\n",
			              f->instruction, f->hint ? " (" : "",
			              f->hint ? f->hint : "",
			              f->hint ? ")" : "");
		if (f->blame)
			mt_buf_printf(b, "  last change: %.12s %s: %s\n",
			              f->blame->commit,
			              f->blame->author ? f->blame->author : "",
			              f->blame->summary ? f->blame->summary
			                                : "");
	} else if (r->nframes && r->frames[0].instruction) {
		mt_buf_printf(b, "  instruction: %s\n",
		              r->frames[0].instruction);
	}
	if (r->reason)
		mt_buf_printf(b, "  why:         %s\n", r->reason);
	text_dump(b, r);
	for (i = 0; i < r->nnotes; i++)
		mt_buf_printf(b, "  note:        %s\n", r->notes[i]);
	if (r->nframes)
		mt_buf_puts(b, "  frames:\n");
	text_frames(b, r, "  ", color);
	for (i = 0; i < r->nframes; i++)
		if (first_rejection(r, i))
			mt_buf_printf(b, "  not used:    %s\n",
			              r->frames[i].status_reason);
	for (i = 0; i < r->ninflight; i++)
		mt_buf_printf(
		        b,
		        "  in flight:   %s [id=%s]%s%s (launched, never completed)\n",
		        r->inflight[i].op, r->inflight[i].id,
		        r->inflight[i].target ? " on " : "",
		        r->inflight[i].target ? r->inflight[i].target : "");
	if (r->signature)
		mt_buf_printf(b, "  signature:   %s\n", r->signature);
	mt_buf_printf(b, "  fingerprint: %s\n", r->fingerprint);
	for (i = 0; i < r->nnext_steps; i++)
		mt_buf_printf(b, "  next:        %s\n", r->next_steps[i]);
	text_threads(b, r, color);
}

void mt_stack_render_text(mt_buf *out,
                          const mt_stack_input *in,
                          size_t n,
                          int color)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (in[i].error)
			continue;
		if (!in[i].nreports)
			mt_buf_printf(out, "%s: no crash or error found\n",
			              in[i].path);
		for (j = 0; j < in[i].nreports; j++) {
			if (out->len)
				mt_buf_putc(out, '\n');
			text_report(out, &in[i].reports[j], in[i].path, j + 1,
			            in[i].nreports, color);
		}
	}
}

/* Markdown table cells must not contain '|' or newlines. */
static void md_cell(mt_buf *b, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			mt_buf_puts(b, "\\|");
		else if (*s == '\n' || *s == '\r')
			mt_buf_putc(b, ' ');
		else
			mt_buf_putc(b, *s);
	}
}

static void md_frames(mt_buf *b, const mt_report *r)
{
	size_t i;

	int unwound;

	if (!r->nframes)
		return;
	unwound = r->frames[0].form == MT_FORM_UNWOUND;
	if (unwound)
		mt_buf_puts(
		        b,
		        "| # | category | function | source | module | found by |\n"
		        "|---|---|---|---|---|---|\n");
	else
		mt_buf_puts(b, "| # | category | function | source | module |\n"
		               "|---|---|---|---|---|\n");
	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];
		char *disp = mt_function_display(f->function ? f->function
		                                             : f->symbol);

		if (f->index >= 0)
			mt_buf_printf(b, "| %d%s | ", f->index,
			              (int)i == r->blame_frame ? " **>**" : "");
		else
			mt_buf_puts(b, "|  | ");
		mt_buf_printf(b, "%s | ", mt_category_name(f->category));
		if (disp && *disp) {
			mt_buf_putc(b, '`');
			md_cell(b, disp);
			mt_buf_puts(b, f->inlined ? "` (inlined)" : "`");
		}
		mt_buf_puts(b, " | ");
		if (f->file) {
			md_cell(b, f->file);
			mt_buf_printf(b, ":%u:%u", f->line, f->column);
		}
		mt_buf_puts(b, " | ");
		if (f->module) {
			md_cell(b, base_name(f->module));
			if (f->has_offset)
				mt_buf_printf(
				        b, "+0x%llx",
				        (unsigned long long)f->module_offset);
		}
		mt_buf_puts(b, " |");
		if (unwound)
			mt_buf_printf(b, " %s |",
			              f->inlined ? ""
			              : mt_frame_found_name(f->found_by)
			                      ? mt_frame_found_name(f->found_by)
			                      : "");
		mt_buf_putc(b, '\n');
		free(disp);
	}
	mt_buf_putc(b, '\n');
}

static void md_report(mt_buf *b, const mt_report *r, const char *path)
{
	size_t i;

	mt_buf_printf(b, "### %s in %s code\n\n", r->kind ? r->kind : "unknown",
	              mt_category_name(r->category));
	mt_buf_printf(b, "- **input:** `%s` (lines %u-%u)\n", path,
	              r->first_line, r->last_line);
	if (r->signal)
		mt_buf_printf(b, "- **signal:** %s\n", r->signal);
	if (r->message) {
		mt_buf_puts(b, "- **message:** ");
		md_cell(b, r->message);
		mt_buf_putc(b, '\n');
	}
	if (r->kernel)
		mt_buf_printf(b, "- **kernel:** `%s`\n", r->kernel);
	if (r->program)
		mt_buf_printf(b, "- **program:** `%s`\n", r->program);
	if (r->blame_frame >= 0) {
		mt_buf_printf(b, "- **crash point:** #%d ",
		              r->frames[r->blame_frame].index);
		frame_where(b, &r->frames[r->blame_frame], 1);
		mt_buf_putc(b, '\n');
		if (r->frames[r->blame_frame].instruction)
			mt_buf_printf(b, "- **instruction:** `%s`\n",
			              r->frames[r->blame_frame].instruction);
	}
	if (r->reason) {
		mt_buf_puts(b, "- **why:** ");
		md_cell(b, r->reason);
		mt_buf_putc(b, '\n');
	}
	for (i = 0; i < r->nframes; i++)
		if (first_rejection(r, i)) {
			mt_buf_puts(b, "- **not used:** ");
			md_cell(b, r->frames[i].status_reason);
			mt_buf_putc(b, '\n');
		}
	mt_buf_printf(b, "- **signature:** `%s`\n- **fingerprint:** `%s`\n",
	              r->signature ? r->signature : "", r->fingerprint);
	for (i = 0; i < r->ninflight; i++)
		mt_buf_printf(b, "- **in flight:** `%s` [id=%s] on %s\n",
		              r->inflight[i].op, r->inflight[i].id,
		              r->inflight[i].target ? r->inflight[i].target
		                                    : "?");
	if (r->nnext_steps) {
		mt_buf_puts(b, "\n**Next steps**\n\n");
		for (i = 0; i < r->nnext_steps; i++) {
			mt_buf_puts(b, "1. ");
			md_cell(b, r->next_steps[i]);
			mt_buf_putc(b, '\n');
		}
	}
	mt_buf_putc(b, '\n');
	md_frames(b, r);
	for (i = 0; i < r->nthreads; i++) {
		mt_buf_printf(b, "#### Thread %s\n\n",
		              r->threads[i].thread ? r->threads[i].thread
		                                   : "?");
		md_frames(b, &r->threads[i]);
	}
}

void mt_stack_render_markdown(mt_buf *out, const mt_stack_input *in, size_t n)
{
	size_t i, j, total = 0;

	for (i = 0; i < n; i++)
		total += in[i].nreports;
	mt_buf_printf(out, "## maxtriage: %zu crash report%s\n\n", total,
	              total == 1 ? "" : "s");
	for (i = 0; i < n; i++)
		for (j = 0; j < in[i].nreports; j++)
			md_report(out, &in[i].reports[j], in[i].path);
}
