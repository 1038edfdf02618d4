/*
 * parse.c - split a text into crash reports.
 *
 * One pass over the lines. Each line is cleaned (CR, ANSI colour, "> "
 * quoting, compute-sanitizer and timestamp prefixes), then offered to the
 * frame recognizers and the message recognizers. A state machine decides
 * where one report ends and the next begins:
 *   - a frame whose index restarts (#0 after frames) or a banner /
 *     "Stack dump:" after frames starts a new dump;
 *   - an error message when the current report already has one and that
 *     one was followed by frames, or is itself a complete error, starts a
 *     new report; refinements (what():, kernel named, CUDA detail) attach.
 * Reports with neither frames nor a message, kind or signal are dropped.
 */
#include "parse_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Continuation of a multi-line Mojo error ("   left: 0.0"). */
static int continue_message(parser *ps, const char *line)
{
	mt_report *r = ps->cur;
	mt_buf b = MT_BUF_INIT;

	if (!ps->continuation || !r || !r->message ||
	    (line[0] != ' ' && line[0] != '\t'))
		return 0;
	if (strlen(r->message) > 4096) {
		ps->continuation = 0;
		return 0;
	}
	mt_buf_puts(&b, r->message);
	mt_buf_putc(&b, '\n');
	{
		const char *s = line;
		const char *e = s + strlen(s);

		while (*s == ' ' || *s == '\t')
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		mt_buf_put(&b, s, (size_t)(e - s));
	}
	free(r->message);
	r->message = mt_buf_detach(&b);
	return 1;
}

static int modular_module(const char *m)
{
	const char *b = m ? strrchr(m, '/') : NULL;

	b = b ? b + 1 : m;
	return b && (!strcmp(b, "mojo") || !strncmp(b, "libKGEN", 7) ||
	             !strncmp(b, "libAsyncRT", 10) ||
	             !strncmp(b, "libMSupport", 11) ||
	             !strncmp(b, "libmodular", 10) || strstr(m, "/modular/"));
}

/* What printed a report, from its frames when the lines said nothing:
 * the first frame's shape names the tool; LLVM's handler runs in mojo
 * when the banner, the program or a module is Modular's. */
static mt_producer producer_of(const parser *ps, const mt_report *r)
{
	mt_producer p = r->producer;
	size_t i;
	int mojo = r->mojo_driver || ps->banner_producer == MT_PRODUCER_MOJO ||
	           (r->program && (!strncmp(r->program, "mojo ", 5) ||
	                           strstr(r->program, "/mojo ")));

	for (i = 0; i < r->nframes && i < 64 && !mojo; i++)
		mojo = modular_module(r->frames[i].module);
	if (!p && r->nframes) {
		switch (r->frames[0].form) {
		case MT_FORM_GDB:
			return MT_PRODUCER_GDB;
		case MT_FORM_LLDB:
			return MT_PRODUCER_LLDB;
		case MT_FORM_VALGRIND:
			return MT_PRODUCER_VALGRIND;
		case MT_FORM_EUSTACK:
			return MT_PRODUCER_EU_STACK;
		case MT_FORM_BACKTRACE:
			return MT_PRODUCER_GLIBC;
		case MT_FORM_SANITIZER:
			return MT_PRODUCER_SANITIZER;
		case MT_FORM_PYTHON:
			return MT_PRODUCER_TRACEBACK;
		case MT_FORM_RUST:
			return MT_PRODUCER_RUST;
		case MT_FORM_HOSTFRAME:
			return mojo ? MT_PRODUCER_MOJO : MT_PRODUCER_NONE;
		default:
			p = MT_PRODUCER_LLVM_HANDLER;
		}
	}
	if (!p && ps->banner_producer)
		p = ps->banner_producer;
	if (mojo && (!p || p == MT_PRODUCER_LLVM_HANDLER))
		p = MT_PRODUCER_MOJO;
	return p;
}

static char *trimmed(const char *p)
{
	const char *e;

	p += strspn(p, " \t");
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	return mt_strndup(p, (size_t)(e - p));
}

/* Rust's "stack backtrace:" and its frames ("  3: f", the source "at
 * file:L:C" under each); 1 when p was one of them. */
static int rust_line(parser *ps, const char *p)
{
	const char *t = p + strspn(p, " \t");
	mt_frame f;

	if (!strcmp(t, "stack backtrace:")) {
		ps->in_rust_backtrace = 1;
		return 1;
	}
	/* "  58:     0x7f2ff78720ce - name": so distinct it needs no
	 * "stack backtrace:" before it (pastes start mid-backtrace) */
	if (!ps->in_rust_backtrace) {
		if (!mt_stack_parse_rust_frame(&f, p))
			return 0;
		/* without an address: a Rust path ("31: std::sys::x") */
		if (!f.has_address &&
		    !(f.function && strstr(f.function, "::") &&
		      (isalpha((unsigned char)f.function[0]) ||
		       f.function[0] == '_' || f.function[0] == '<'))) {
			mt_frame_release(&f);
			return 0;
		}
		ps->in_rust_backtrace = 1;
		ps_add_frame(ps, &f);
		return 1;
	}
	if (mt_stack_parse_rust_frame(&f, p)) {
		ps_add_frame(ps, &f);
		return 1;
	}
	if (!strncmp(t, "at ", 3) && ps->cur && ps->cur->nframes &&
	    ps->cur->frames[ps->cur->nframes - 1].form == MT_FORM_RUST &&
	    !ps->cur->frames[ps->cur->nframes - 1].file) {
		mt_frame *last = &ps->cur->frames[ps->cur->nframes - 1];
		const char *loc = t + 3, *c1 = strrchr(loc, ':'), *c2;

		/* "at /rustc/<hash>/library/std/src/panicking.rs:616:12" */
		for (c2 = c1 ? c1 - 1 : NULL; c2 && c2 > loc && *c2 != ':';
		     c2--)
			;
		if (c1 && c2 && c2 > loc && *c2 == ':') {
			last->file = mt_strndup(loc, (size_t)(c2 - loc));
			last->line = (unsigned)strtoul(c2 + 1, NULL, 10);
			last->column = (unsigned)strtoul(c1 + 1, NULL, 10);
		}
		return 1;
	}
	ps->in_rust_backtrace = 0;
	return 0;
}

/* One cleaned, unwrapped line. */
static void parse_line(parser *ps, const char *p)
{
	msg_info m;
	int was_frame = ps->last_was_frame;

	ps->last_was_frame = 0;
	if (ps->in_build_traceback) {
		mt_frame bf;

		if (mt_stack_parse_frame_line(&bf, p) &&
		    bf.form == MT_FORM_PYTHON) {
			mt_buf note = MT_BUF_INIT;

			mt_buf_printf(&note, "  built at %s:%u in %s", bf.file,
			              bf.line, bf.function ? bf.function : "?");
			if (ps->cur)
				mt_report_add_note(ps->cur, note.ptr);
			mt_buf_release(&note);
			mt_frame_release(&bf);
			return;
		}
		mt_frame_release(&bf);
		/* source lines under each frame are indented */
		if (p[0] == ' ' || p[0] == '\t')
			return;
		ps->in_build_traceback = 0;
	}
	if (rust_line(ps, p))
		return;
	/* Rust 1.73+: "panicked at file:L:C:", the message on this line */
	if (ps->message_next && p[strspn(p, " \t")]) {
		ps->message_next = 0;
		if (ps->cur) {
			free(ps->cur->message);
			ps->cur->message = trimmed(p);
			return;
		}
	}
	/* last_was_frame: set again by a frame this line adds */
	if (ps_join_gdb_frame(ps, p))
		return;
	if (ps_frames_in_line(ps, (char *)p))
		return;
	ps->last_was_frame = was_frame;
	if (ps_source_below(ps, p))
		return;
	ps->last_was_frame = 0;
	if (ps->after_source_traceback) {
		ps->after_source_traceback = 0;
		if (*p && strcmp(p, "<traceback>") && ps->cur)
			ps->cur->has_source_traceback = 1;
	}
	if (ps_op_log_line(ps, p))
		return;
	if (continue_message(ps, p))
		return;
	ps->continuation = 0;
	if (ps->line_pid && !strncmp(p, " Command: ", 10)) {
		free(ps->vg_command);
		ps->vg_command = mt_strdup(p + 10);
		return;
	}
	mt_msg_classify(&m, p, ps->in_traceback);
	if (m.type == MSG_NOTE && m.text &&
	    !strncmp(m.text, "Source Traceback:", 17))
		ps->after_source_traceback = 1;
	ps_add_message(ps, &m);
	mt_msg_release(&m);
}

/*
 * A symbolized LLVM dump names the module of every frame, "f (mod+0x..)".
 * When the text ends on a frame that has a name but no module while the
 * frames before it all had one, the paste stopped inside that frame's line
 * ("#4 0x... __pthread_kil"): its name is cut, so it is no crash point
 * and no part of the signature.
 */
static void mark_cut_tail(const parser *ps, mt_report *r)
{
	mt_frame *last;
	size_t i;

	if (r->nframes < 3)
		return;
	last = &r->frames[r->nframes - 1];
	if (last->form != MT_FORM_LLVM || last->line_no != ps->last_text_line ||
	    !last->symbol || last->module || last->file)
		return;
	for (i = 0; i + 1 < r->nframes; i++)
		if (r->frames[i].form != MT_FORM_LLVM || !r->frames[i].module)
			return;
	last->truncated = 1;
}

/*
 * ctest prefixes each line of a test's output with its number ("368:
 * WARNING: ThreadSanitizer: ..."). A "N: " that starts two lines in a row
 * with the same N is such a prefix (Rust backtraces number their frames
 * "N:" too, but never one number twice in a row): strip it.
 */
static const char *strip_test_prefix(parser *ps, const char *p)
{
	const char *q = p;
	unsigned long n = 0;
	int same;

	while (isdigit((unsigned char)*q) && q - p < 8)
		n = n * 10 + (unsigned long)(*q++ - '0');
	if (q == p || q[0] != ':' || q[1] != ' ') {
		ps->test_prefix = 0;
		return p;
	}
	same = ps->test_prefix == n + 1;
	ps->test_prefix = n + 1;
	return same ? q + 2 : p;
}

/*
 * Crash lines printed by another process into the middle of a line
 * ("...loss=0.31Fatal Python error: Segmentation fault", "(null)Please
 * submit a bug report to"): they start a report, so the line is read as
 * two, what came before and the crash line.
 */
static const char *glued_start(const char *p)
{
	static const char *const starts[] = {
		"Fatal Python error: ",
		"Please submit a bug report to",
		"PLEASE submit a bug report to",
		"Traceback (most recent call last):",
		"Stack dump without symbol names",
		"Current thread 0x",
		"LLVM ERROR: ",
		"terminate called after throwing",
		NULL,
	};
	const char *best = NULL, *q;
	size_t i;

	for (i = 0; starts[i]; i++)
		/* glued: right after other output, no blank between
		 * ("Build Time Traceback (most recent call last):" is one
		 * line) */
		if ((q = strstr(p, starts[i])) && q > p && q[-1] != ' ' &&
		    q[-1] != '\t' && (!best || q < best))
			best = q;
	/* blanks or quoting before it are not a line of their own */
	if (best && (size_t)(best - p) == strspn(p, " \t>"))
		return NULL;
	return best;
}

static void parse_glued(parser *ps, const char *p)
{
	const char *g = glued_start(p);
	char *head;

	if (!g) {
		parse_line(ps, p);
		return;
	}
	head = mt_strndup(p, (size_t)(g - p));
	parse_line(ps, head);
	free(head);
	parse_line(ps, g);
}

/*
 * Run the state machine over the lines of text. only_pid selects the
 * lines of one process when several are interleaved: -1 all lines, 0
 * the lines that name no process, N those of process N (the others
 * still count for line numbers).
 */
/* A Python exception that says a child process failed. */
static int names_child_failure(const mt_report *r)
{
	static const char *const says[] = { "CalledProcessError",
		                            "returned non-zero exit status",
		                            "died with <Signals",
		                            "exit code",
		                            "exit status",
		                            "Signals.SIG",
		                            "egmentation fault",
		                            "core dumped",
		                            "crashed",
		                            "killed by signal",
		                            "terminated by signal",
		                            NULL };
	const char *const *p;

	for (p = says; r->message && *p; p++)
		if (strstr(r->message, *p))
			return 1;
	return 0;
}

static int python_report(const mt_report *r)
{
	return r->nframes && r->frames[0].form == MT_FORM_PYTHON;
}

static int native_report(const mt_report *r)
{
	return r->nframes && r->frames[0].form != MT_FORM_PYTHON;
}

/*
 * A Python script that ran a compiler or a program which crashed prints
 * the child's native dump and then its own traceback (or, with pipes,
 * the other way round): two processes, two reports. Adjacent reports of
 * the one and the other kind, where the traceback's exception says a
 * child failed, are linked: the parent's report is caused_by the
 * child's, which is child_of it (1 + index in the set).
 */
static void link_processes(mt_report_set *set, size_t first)
{
	size_t i;

	for (i = first; i + 1 < set->n; i++) {
		mt_report *a = &set->reports[i], *b = a + 1, *py, *nat;

		if (python_report(a) && native_report(b)) {
			py = a;
			nat = b;
		} else if (native_report(a) && python_report(b)) {
			py = b;
			nat = a;
		} else {
			continue;
		}
		if (!names_child_failure(py) || py->caused_by || nat->child_of)
			continue;
		py->caused_by = (size_t)(nat - set->reports) + 1;
		nat->child_of = (size_t)(py - set->reports) + 1;
	}
}

static void parse_text(parser *ps, const char *text, size_t len, long only_pid)
{
	mt_buf line = MT_BUF_INIT;
	size_t pos = 0, i;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		const char *p, *rest;

		ps->line_no++;
		ps_clean_line(&line, text + pos, n);
		pos += n + (nl ? 1 : 0);
		if (line.ptr[strspn(line.ptr, " \t")])
			ps->last_text_line = ps->line_no;
		p = ps_unwrap(line.ptr);
		p = strip_test_prefix(ps, p);
		ps->line_pid = ps_strip_pid(p, &rest);
		if (only_pid >= 0 && ps->line_pid != only_pid)
			continue;
		if (ps->line_pid)
			p = rest;
		parse_glued(ps, p);
	}
	mt_buf_release(&line);
	ps_flush_gdb_wrap(ps);
	mt_buf_release(&ps->gdb_wrap);
	ps_close_traceback(ps);
	ps_flush_pending(ps);
	ps_end_other_thread(ps);
	ps_finish_ops(ps);
	for (i = ps->first_report; i < ps->set->n; i++)
		mark_cut_tail(ps, &ps->set->reports[i]);
	for (i = ps->first_report; i < ps->set->n; i++)
		ps->set->reports[i].producer =
		        producer_of(ps, &ps->set->reports[i]);
	mt_buf_release(&ps->other_note);
	free(ps->signal_thread);
	free(ps->diag_line);
	free(ps->diag_msg);
	free(ps->diag_loc);
	free(ps->vg_command);
}

typedef struct {
	unsigned first_line;
	size_t pos;
} report_order;

static int by_first_line(const void *a, const void *b)
{
	const report_order *x = a, *y = b;

	if (x->first_line != y->first_line)
		return x->first_line < y->first_line ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Reports of interleaved processes in the order they start. */
static void sort_reports(mt_report_set *set, size_t first)
{
	size_t n = set->n - first, i;
	report_order *o;
	mt_report *sorted;

	if (n < 2)
		return;
	o = mt_calloc(n, sizeof(*o));
	sorted = mt_calloc(n, sizeof(*sorted));
	for (i = 0; i < n; i++) {
		o[i].first_line = set->reports[first + i].first_line;
		o[i].pos = i;
	}
	qsort(o, n, sizeof(*o), by_first_line);
	for (i = 0; i < n; i++)
		sorted[i] = set->reports[first + o[i].pos];
	memcpy(&set->reports[first], sorted, n * sizeof(*sorted));
	free(sorted);
	free(o);
}

void mt_stack_parse(mt_report_set *set, const char *text, size_t len)
{
	parser ps;
	size_t first = set->n, i, keep, npids;
	long pids[MAX_PIDS];

	npids = ps_find_pids(text, len, pids);
	for (i = 0; i <= (npids > 1 ? npids : 0); i++) {
		memset(&ps, 0, sizeof(ps));
		ps.set = set;
		ps.first_report = set->n;
		ps.last_index = -1;
		ps.other_note = (mt_buf)MT_BUF_INIT;
		ps.gdb_wrap = (mt_buf)MT_BUF_INIT;
		/* interleaved processes: one pass per process, then one
		 * over the lines that name none */
		parse_text(&ps, text, len,
		           npids > 1 ? (i < npids ? pids[i] : 0) : -1);
	}
	set->lines += ps.line_no;
	if (npids > 1)
		sort_reports(set, first);

	for (i = first; i < set->n; i++)
		if (set->reports[i].frames_dropped) {
			mt_buf b = MT_BUF_INIT;

			mt_buf_printf(
			        &b,
			        "%zu frames after the first %d were not kept",
			        set->reports[i].frames_dropped, MAX_FRAMES);
			mt_report_add_note(&set->reports[i], b.ptr);
			mt_buf_release(&b);
		}
	/* drop empty reports, keeping order */
	for (i = keep = first; i < set->n; i++) {
		mt_report *r = &set->reports[i];

		if (!r->nframes && !r->message && !r->kind && !r->signal) {
			mt_report_release(r);
			continue;
		}
		if (keep != i)
			set->reports[keep] = *r;
		keep++;
	}
	set->n = keep;
	link_processes(set, first);
}
