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
#include "stack_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Longest line examined; the rest of a longer line is ignored (a frame
 * or message never needs more, and it bounds the work per line). */
#define MAX_LINE 8192
/* Cap on frames per report: a runaway recursion dump keeps its first
 * frames, which are the ones triage looks at. */
#define MAX_FRAMES 100000
#define MAX_REPORTS 100000

/* Column-form dumps of processes printing at once, their lines
 * interleaved: one lane per dump being filled (see switch_lane). */
#define MAX_LANES 4
typedef struct lane {
	size_t report; /* index into the set's reports */
	int last_index;
	unsigned last_line;
	uint64_t lo, hi; /* addresses its frames spanned */
	int has_primary, frames_after_primary;
} lane;

typedef struct parser {
	mt_report_set *set;
	mt_report *cur; /* report being filled, or NULL */
	int cur_has_primary;
	int frames_after_primary;
	int last_index; /* last printed frame index, -1 none */
	int in_traceback;
	size_t tb_start; /* first frame of the open Python traceback */
	int continuation; /* following indented lines extend message */
	int host_index; /* running index for Host Frame lines */
	/* "Stack dump:" / banner seen after frames. LLVM prints its pretty
	 * stack before the frames or, when the signal handler was installed
	 * first, after them; only what follows tells which, so a program
	 * line seen then waits here until a new dump starts (it is that
	 * dump's) or anything else happens (it is the current one's). */
	int boundary_after_frames;
	char *pending_program;
	unsigned line_no;
	unsigned last_text_line; /* the last line that is not blank */
	int after_source_traceback; /* the line after "Source Traceback:" */
	int in_build_traceback; /* frames are graph-build call sites */
	size_t first_report; /* reports of this text start here */
	/* other tools (gdb, lldb, valgrind, eu-stack, faulthandler) */
	int tb_recent_first; /* the open traceback is innermost first */
	char *signal_thread; /* gdb: the thread the signal line named */
	int other_thread; /* frames belong to another thread (or a valgrind
	                     memory stack): they become one note */
	mt_buf other_note; /* that note: header, count, innermost frame */
	size_t other_frames;
	int seen_first_thread; /* eu-stack: a thread of this process */
	int in_eustack; /* inside an eu-stack dump */
	int last_was_frame; /* the previous line was a frame */
	size_t replay; /* a reprint of the current stack (gdb "bt full"
	                  after "bt"): frames matched so far, 0 none */
	long line_pid; /* valgrind "==PID==" of this line, 0 none */
	/* a compiler diagnostic seen before any report: the message of the
	 * crash that follows it, unless that crash has its own */
	char *diag_line, *diag_msg, *diag_loc;
	int msg_from_diag; /* the current report's message is that */
	char *vg_command; /* valgrind "Command: ..." */
	const char *banner_producer; /* whose crash banner was seen */
	mt_buf gdb_wrap; /* a gdb frame wrapped onto indented lines */
	int gdb_wrap_where; /* its location may still follow */
	unsigned gdb_wrap_line; /* where it starts */
	lane lanes[MAX_LANES];
	size_t nlanes;
	/* op-log: launches in order, and id -> latest launch (open
	 * addressing, power-of-two size, at most half full) */
	mt_op_inflight *ops;
	unsigned char *op_done;
	size_t nops, capops;
	size_t *op_slots;
	size_t nslots;
} parser;

static mt_report *new_report(parser *ps)
{
	mt_report_set *set = ps->set;
	mt_report *r;

	if (set->n >= MAX_REPORTS)
		return ps->cur;
	mt_grow((void **)&set->reports, &set->cap, set->n + 1,
	        sizeof(*set->reports));
	r = &set->reports[set->n++];
	memset(r, 0, sizeof(*r));
	r->blame_frame = -1;
	r->trampoline = -1;
	r->first_line = ps->line_no;
	ps->cur = r;
	ps->cur_has_primary = 0;
	ps->frames_after_primary = 0;
	ps->last_index = -1;
	ps->in_traceback = 0;
	ps->continuation = 0;
	ps->host_index = 0;
	ps->tb_recent_first = 0;
	ps->replay = 0;
	ps->msg_from_diag = 0;
	if (ps->line_pid) {
		r->pid = ps->line_pid;
		if (ps->vg_command)
			r->program = mt_strdup(ps->vg_command);
	}
	if (ps->diag_line) {
		r->message = ps->diag_msg;
		r->error_location = ps->diag_loc;
		mt_report_add_note(r, ps->diag_line);
		free(ps->diag_line);
		ps->diag_line = ps->diag_msg = ps->diag_loc = NULL;
		ps->msg_from_diag = 1;
	}
	return r;
}

static mt_report *current(parser *ps)
{
	return ps->cur ? ps->cur : new_report(ps);
}

static void close_traceback(parser *ps)
{
	mt_report *r = ps->cur;
	size_t i, j;

	if (!ps->in_traceback || !r)
		return;
	/* Python prints the innermost call last (faulthandler: first);
	 * reports are innermost first like native stacks, so reverse a
	 * traceback's frames. */
	for (i = ps->tb_start, j = r->nframes;
	     !ps->tb_recent_first && i + 1 < j; i++, j--) {
		mt_frame t = r->frames[i];

		r->frames[i] = r->frames[j - 1];
		r->frames[j - 1] = t;
	}
	for (i = ps->tb_start; i < r->nframes; i++)
		r->frames[i].index = (int)i;
	ps->in_traceback = 0;
	ps->tb_recent_first = 0;
}

/* Remove ANSI CSI/OSC sequences, CR, quoting and known line prefixes. */
static void clean_line(mt_buf *out, const char *s, size_t n)
{
	size_t i = 0;

	mt_buf_clear(out);
	if (n > MAX_LINE)
		n = MAX_LINE;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		if (c == 0x1b && i + 1 < n && s[i + 1] == '[') {
			i += 2;
			while (i < n && !(s[i] >= '@' && s[i] <= '~'))
				i++;
			i++;
			continue;
		}
		if (c == 0x1b && i + 1 < n && s[i + 1] == ']') {
			/* OSC: ends at BEL or ESC \ */
			i += 2;
			while (i < n && s[i] != '\a' &&
			       !(s[i] == 0x1b && i + 1 < n && s[i + 1] == '\\'))
				i++;
			i += (i < n && s[i] == 0x1b) ? 2 : 1;
			continue;
		}
		if (c == '\r' || c == '\0') {
			/* NUL bytes would end the C string early: make them
			 * blanks so the rest of the line is still seen. */
			if (c == '\0')
				mt_buf_putc(out, ' ');
			i++;
			continue;
		}
		mt_buf_putc(out, (char)c);
		i++;
	}
}

/* Strip prefixes that wrap a dump line without changing it. */
static const char *unwrap(const char *p)
{
	for (;;) {
		const char *q = p;

		while (*q == ' ' || *q == '\t')
			q++;
		/* e-mail / markdown quoting */
		if (*q == '>' && (q[1] == ' ' || q[1] == '\0' || q[1] == '>')) {
			p = q + 1;
			if (*p == ' ')
				p++;
			continue;
		}
		/* compute-sanitizer "========= " */
		if (!strncmp(q, "=========", 9)) {
			p = q;
			while (*p == '=')
				p++;
			continue;
		}
		/* ISO timestamps from CI logs: 2025-01-31T10:00:00.123Z */
		if (isdigit((unsigned char)q[0]) && q[4] == '-' &&
		    q[7] == '-' && q[10] == 'T' && strlen(q) > 20) {
			const char *e = strchr(q, ' ');

			if (e && e - q <= 40) {
				p = e + 1;
				continue;
			}
		}
		return p;
	}
}

static void set_str(char **dst, const char *src)
{
	if (!src)
		return;
	free(*dst);
	*dst = mt_strdup(src);
}

/* The late pretty stack belonged to the dump before it. */
static void flush_pending(parser *ps)
{
	if (ps->pending_program && ps->cur && !ps->cur->program) {
		ps->cur->program = ps->pending_program;
		ps->pending_program = NULL;
	}
	free(ps->pending_program);
	ps->pending_program = NULL;
	ps->boundary_after_frames = 0;
}

/* Stacks printed by debuggers and tools, where the same stack is often
 * printed twice (gdb "bt" then "bt full" or "thread apply all bt";
 * valgrind's error then "Process terminating" with the same frames). */
static int tool_form(mt_frame_form form)
{
	return form == MT_FORM_GDB || form == MT_FORM_LLDB ||
	       form == MT_FORM_VALGRIND || form == MT_FORM_EUSTACK;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The same frame printed again (as the dump printed it). */
static int same_frame(const mt_frame *a, const mt_frame *b)
{
	return a->form == b->form && a->index == b->index &&
	       a->has_address == b->has_address &&
	       (!a->has_address || a->address == b->address) &&
	       a->sigtramp == b->sigtramp &&
	       same_str(a->function, b->function) &&
	       same_str(a->symbol, b->symbol) && same_str(a->file, b->file) &&
	       a->line == b->line;
}

/* A copy of a frame as parsed (only the printed fields are set then). */
static mt_frame copy_printed(const mt_frame *f)
{
	mt_frame c = *f;

	c.module = f->module ? mt_strdup(f->module) : NULL;
	c.symbol = f->symbol ? mt_strdup(f->symbol) : NULL;
	c.build_id = f->build_id ? mt_strdup(f->build_id) : NULL;
	c.function = f->function ? mt_strdup(f->function) : NULL;
	c.file = f->file ? mt_strdup(f->file) : NULL;
	return c;
}

/*
 * Is f part of a reprint of the current report's stack? A restart at
 * the current stack's first frame begins one; each frame that matches
 * the next one of the stack continues it. A reprint that turns out to
 * be another stack becomes a new report holding the frames matched so
 * far. Returns 1 when f was consumed (released).
 */
static int replayed(parser *ps, mt_frame *f)
{
	mt_report *r = ps->cur;
	size_t i, n;

	if (!r || !r->nframes || !tool_form(f->form))
		return 0;
	if (!ps->replay && f->index >= 0 && f->index <= ps->last_index &&
	    same_frame(f, &r->frames[0]))
		ps->replay = 1;
	else if (ps->replay && ps->replay < r->nframes &&
	         same_frame(f, &r->frames[ps->replay]))
		ps->replay++;
	else if (ps->replay && ps->replay < r->nframes) {
		/* another stack after all */
		n = ps->replay;
		i = ps->set->n;
		if (new_report(ps) == r || ps->set->n != i + 1)
			return 0; /* no room for another report */
		for (i = 0; i < n; i++) {
			mt_frame c = copy_printed(
			        &ps->set->reports[ps->set->n - 2].frames[i]);

			mt_report_insert_frame(ps->cur, ps->cur->nframes, &c);
			ps->last_index = c.index;
		}
		return 0;
	} else {
		/* past the end of the stack: what follows extends it */
		ps->replay = 0;
		return 0;
	}
	mt_frame_release(f);
	return 1;
}

/* Frames of another thread (or of a valgrind memory stack) are not the
 * crash's: they are counted into one note, which names the innermost. */
static void other_thread_frame(parser *ps, const mt_frame *f)
{
	const char *name = f->function ? f->function : f->symbol;

	if (!ps->other_frames++ && (name || f->file)) {
		if (ps->other_note.len &&
		    ps->other_note.ptr[ps->other_note.len - 1] != ':')
			mt_buf_putc(&ps->other_note, ':');
		mt_buf_printf(&ps->other_note, " innermost %s",
		              name ? name : "??");
		if (f->file)
			mt_buf_printf(&ps->other_note, " at %s:%u", f->file,
			              f->line);
		if (f->module)
			mt_buf_printf(&ps->other_note, " in %s", f->module);
	}
}

static void end_other_thread(parser *ps)
{
	if (!ps->other_thread)
		return;
	if (ps->cur) {
		mt_buf_printf(&ps->other_note, " (%zu frame%s)",
		              ps->other_frames,
		              ps->other_frames == 1 ? "" : "s");
		mt_report_add_note(ps->cur, ps->other_note.ptr);
	}
	mt_buf_clear(&ps->other_note);
	ps->other_thread = 0;
	ps->other_frames = 0;
}

static uint64_t lane_distance(const lane *l, uint64_t a)
{
	return a < l->lo ? l->lo - a : a > l->hi ? a - l->hi : 0;
}

static lane *cur_lane(parser *ps)
{
	size_t i, r = ps->cur ? (size_t)(ps->cur - ps->set->reports) : 0;

	for (i = 0; ps->cur && i < ps->nlanes; i++)
		if (ps->lanes[i].report == r)
			return &ps->lanes[i];
	return NULL;
}

/*
 * Two processes crashing at once print their column-form dumps line by
 * line into one log: "0 mojo 0x55e8...", "0 mojo 0x5582...", "1 mojo
 * 0x55e8...". A frame continues the dump that expects its index next;
 * when several do (and another one was fed in the last few lines, which
 * is what interleaving looks like), the one whose addresses lie nearest
 * wins: each process has its own address space layout. Ties keep the
 * current dump, so one dump alone never moves.
 */
static void switch_lane(parser *ps, const mt_frame *f)
{
	lane *cur = cur_lane(ps), *best = NULL;
	size_t i;

	for (i = 0; i < ps->nlanes; i++) {
		lane *l = &ps->lanes[i];

		if (l->last_index != f->index - 1 || l->report >= ps->set->n ||
		    (l != cur && ps->line_no - l->last_line > 4))
			continue;
		if (!best ||
		    lane_distance(l, f->address) <
		            lane_distance(best, f->address) ||
		    (l == cur && lane_distance(l, f->address) ==
		                         lane_distance(best, f->address)))
			best = l;
	}
	if (!best || best == cur)
		return;
	if (cur) {
		cur->has_primary = ps->cur_has_primary;
		cur->frames_after_primary = ps->frames_after_primary;
	}
	ps->cur = &ps->set->reports[best->report];
	ps->last_index = best->last_index;
	ps->cur_has_primary = best->has_primary;
	ps->frames_after_primary = best->frames_after_primary;
	ps->replay = 0;
}

/* The current dump took a column frame: its lane follows. */
static void update_lane(parser *ps, const mt_frame *f)
{
	lane *l = cur_lane(ps);
	size_t i;

	if (!l) {
		if (ps->nlanes < MAX_LANES) {
			l = &ps->lanes[ps->nlanes++];
		} else { /* the lane fed longest ago */
			l = &ps->lanes[0];
			for (i = 1; i < MAX_LANES; i++)
				if (ps->lanes[i].last_line < l->last_line)
					l = &ps->lanes[i];
		}
		memset(l, 0, sizeof(*l));
		l->report = (size_t)(ps->cur - ps->set->reports);
		l->lo = l->hi = f->address;
	}
	l->last_index = f->index;
	l->last_line = ps->line_no;
	l->has_primary = ps->cur_has_primary;
	l->frames_after_primary = ps->frames_after_primary;
	if (f->address < l->lo)
		l->lo = f->address;
	if (f->address > l->hi)
		l->hi = f->address;
}

static void add_frame(parser *ps, mt_frame *f)
{
	mt_report *r;

	ps->set->frames_seen++;
	if (ps->in_eustack && f->form == MT_FORM_LLVM) {
		/* "#N 0xADDR f" without -m: the name is eu-stack's, taken
		 * from the process like every other eu-stack name */
		f->form = MT_FORM_EUSTACK;
		if (f->symbol && !f->function && strcmp(f->symbol, "??")) {
			f->function = f->symbol;
			f->symbol = NULL;
		}
	}
	if (f->form == MT_FORM_VALGRIND && f->index < 0) /* "by" */
		f->index = ps->replay ? (int)ps->replay : ps->last_index + 1;
	if (ps->other_thread) {
		/* macOS crash reports list threads in the column form */
		if (f->form == MT_FORM_PYTHON || f->form == MT_FORM_COLUMN ||
		    f->form == MT_FORM_SANITIZER || tool_form(f->form)) {
			other_thread_frame(ps, f);
			mt_frame_release(f);
			return;
		}
		end_other_thread(ps);
	}
	if (replayed(ps, f))
		return;
	if (f->form == MT_FORM_COLUMN && f->index >= 0 && f->has_address)
		switch_lane(ps, f);
	/* A restarted numbering means a new dump, unless it is a Python
	 * frame or a Host Frame (which carry no index). */
	if (ps->cur && f->index >= 0 && ps->cur->nframes &&
	    f->index <= ps->last_index && f->form != MT_FORM_PYTHON) {
		/* LLVM prints inline frames of one address with the same
		 * address and consecutive numbers, so only a true restart
		 * (index 0, or going backwards) splits. */
		close_traceback(ps);
		new_report(ps);
		/* an early pretty stack: it belongs to this new dump */
		if (ps->pending_program) {
			ps->cur->program = ps->pending_program;
			ps->pending_program = NULL;
		}
	}
	flush_pending(ps);
	if (f->form == MT_FORM_PYTHON && !ps->in_traceback) {
		r = current(ps);
		ps->in_traceback = 1;
		ps->tb_start = r->nframes;
	}
	r = current(ps);
	if (f->form == MT_FORM_HOSTFRAME || f->form == MT_FORM_BACKTRACE)
		f->index = ps->host_index++;
	f->line_no = ps->line_no;
	if (r->nframes >= MAX_FRAMES) {
		/* said, not silent: the count goes into a note at the end */
		r->frames_dropped++;
		mt_frame_release(f);
		return;
	}
	if (f->index >= 0 && f->form != MT_FORM_PYTHON)
		ps->last_index = f->index;
	/* the trampoline as printed (gdb "<signal handler called>") */
	if (f->sigtramp && r->trampoline < 0)
		r->trampoline = (int)r->nframes;
	mt_report_insert_frame(r, r->nframes, f);
	r->last_line = ps->line_no;
	if (ps->cur_has_primary)
		ps->frames_after_primary = 1;
	ps->continuation = 0;
	ps->last_was_frame = 1;
	if (f->form == MT_FORM_COLUMN && f->index >= 0 && f->has_address)
		update_lane(ps, &r->frames[r->nframes - 1]);
}

/*
 * What each kind of message line does to the report being built: one
 * handler per msg_type, picked from a table in add_message(). A handler
 * may take ownership of m's strings (it sets them NULL when it does).
 */
typedef void (*msg_handler)(parser *ps, msg_info *m);

static void on_boundary(parser *ps, msg_info *m)
{
	if (ps->cur && ps->cur->nframes) {
		close_traceback(ps);
		flush_pending(ps);
		ps->boundary_after_frames = 1;
	}
	ps->continuation = 0;
}

/* where the failing ops were built, not a stack of the failure: kept as
 * notes of the current report */
static void on_build_traceback(parser *ps, msg_info *m)
{
	ps->in_build_traceback = 1;
	if (ps->cur)
		mt_report_add_note(
		        ps->cur,
		        "Build Time Traceback (most recent call last):");
}

static void on_traceback(parser *ps, msg_info *m)
{
	mt_report *r;

	close_traceback(ps);
	if (ps->cur && (ps->cur_has_primary || ps->cur->nframes))
		new_report(ps);
	r = current(ps);
	ps->in_traceback = 1;
	ps->tb_start = r->nframes;
}

static void on_program(parser *ps, msg_info *m)
{
	if (ps->boundary_after_frames) {
		free(ps->pending_program);
		ps->pending_program = m->text;
		m->text = NULL;
		return;
	}
	set_str(&current(ps)->program, m->text);
}

static void on_stack_not_collected(parser *ps, msg_info *m)
{
	if (ps->cur && (ps->cur_has_primary || ps->cur->nframes)) {
		close_traceback(ps);
		new_report(ps);
	}
	current(ps)->stack_not_collected = 1;
}

static void on_sync_hint(parser *ps, msg_info *m)
{
	if (ps->cur)
		ps->cur->saw_sync_mode_hint = 1;
}

static void on_note(parser *ps, msg_info *m)
{
	size_t i;

	if (!ps->cur || !m->text)
		return;
	/* valgrind repeats "Stack overflow in thread #1" under its
	 * "Process terminating" line: one note is enough */
	for (i = 0; i < ps->cur->nnotes; i++)
		if (ps->line_pid && !strcmp(ps->cur->notes[i], m->text))
			return;
	mt_report_add_note(ps->cur, m->text);
}

/* A thread's stack follows: the crashing thread's frames are the
 * report's, another thread's become a note. */
static void on_thread(parser *ps, msg_info *m)
{
	thread_role role = m->role;

	close_traceback(ps);
	ps->replay = 0;
	if (role == THREAD_BY_NUMBER)
		role = !ps->signal_thread                       ? THREAD_CRASHED
		       : same_str(ps->signal_thread, m->thread) ? THREAD_CRASHED
		                                                : THREAD_OTHER;
	else if (role == THREAD_FIRST)
		role = ps->seen_first_thread++ ? THREAD_OTHER : THREAD_CRASHED;
	if (role == THREAD_OTHER) {
		ps->other_thread = 1;
		mt_buf_puts(&ps->other_note,
		            m->text ? m->text : "other thread");
		return;
	}
	if (m->signal || m->recent_first || m->producer || ps->cur) {
		mt_report *r = current(ps);

		if (!r->thread && m->thread) {
			r->thread = m->thread;
			m->thread = NULL;
		}
		if (m->signal && !r->signal)
			r->signal = mt_strdup(m->signal);
		if (m->recent_first) {
			/* faulthandler: innermost first, not reversed */
			ps->in_traceback = 1;
			ps->tb_recent_first = 1;
			ps->tb_start = r->nframes;
		}
	}
}

/* valgrind: the memory's history (where a block was freed or
 * allocated), not the error's stack */
static void on_aux_stack(parser *ps, msg_info *m)
{
	ps->other_thread = 1;
	mt_buf_puts(&ps->other_note, m->text);
}

/* eu-stack "PID N - core": a new dump starts */
static void on_process(parser *ps, msg_info *m)
{
	close_traceback(ps);
	if (ps->cur && (ps->cur->nframes || ps->cur_has_primary))
		new_report(ps);
	current(ps)->pid = m->pid;
	ps->in_eustack = 1;
	ps->seen_first_thread = 0;
}

/* A compiler error: detail of the report it appears in; before any
 * report, the message of the crash that follows (the crash is in the
 * compiler, and this is what it was compiling). */
static void on_diagnostic(parser *ps, msg_info *m)
{
	if (ps->cur) {
		mt_report_add_note(ps->cur, m->text);
		return;
	}
	free(ps->diag_line);
	free(ps->diag_msg);
	free(ps->diag_loc);
	ps->diag_line = m->text;
	ps->diag_msg = m->detail;
	ps->diag_loc = m->location;
	m->text = m->detail = m->location = NULL;
}

/* A report's own error replaces a compiler error it inherited as its
 * message (that one stays as a note). */
static void drop_diag_message(parser *ps, mt_report *r)
{
	if (!ps->msg_from_diag || r != ps->cur)
		return;
	free(r->message);
	free(r->error_location);
	r->message = r->error_location = NULL;
	ps->msg_from_diag = 0;
}

static void on_signal(parser *ps, msg_info *m)
{
	mt_report *r = ps->cur;

	if (!r) {
		/* a bare "Segmentation fault (core dumped)" is still
		 * evidence of a crash */
		r = new_report(ps);
		r->kind = mt_strdup(m->signal);
		ps->cur_has_primary = 1;
	}
	if (!r->signal)
		r->signal = mt_strdup(m->signal);
	/* a frameless report ends at its signal line ("[1] 85745
	 * segmentation fault  mojo run x.mojo") */
	if (!r->nframes && r->last_line < ps->line_no)
		r->last_line = ps->line_no;
	/* gdb: "Thread 1 "x" received signal ...": the crashing thread */
	if (m->thread) {
		free(ps->signal_thread);
		ps->signal_thread = mt_strdup(m->thread);
		if (!r->thread) {
			r->thread = m->thread;
			m->thread = NULL;
		}
	}
	ps->continuation = 0;
}

static void on_trailer(parser *ps, msg_info *m)
{
	if (ps->cur && m->kind && !strcmp(m->kind, "mojo_driver"))
		ps->cur->mojo_driver = 1;
	ps->continuation = 0;
}

static void on_refine(parser *ps, msg_info *m)
{
	mt_report *r = current(ps);

	drop_diag_message(ps, r);
	if (m->kind && (!r->kind || !strcmp(m->kind, "kernel_error") ||
	                !strcmp(m->kind, "cuda_error")))
		set_str(&r->kind, m->kind);
	if (m->kernel)
		set_str(&r->kernel, m->kernel);
	if (!r->message) {
		r->message = m->text;
		m->text = NULL;
		ps->cur_has_primary = 1;
	} else if (m->text) {
		mt_report_add_note(r, m->text);
	}
}

static int is_kind(const char *kind, const char *name)
{
	return kind && !strcmp(kind, name);
}

/*
 * Does an error belong to the report being built? It does when that
 * report has no error yet (the error usually comes before or after its
 * frames), or when it is a CUDA detail of a Mojo error. Otherwise it is a
 * new failure. Returns the report it belongs to.
 */
static mt_report *primary_report(parser *ps, const msg_info *m)
{
	mt_report *r = ps->cur;
	int cuda_detail;

	if (!r)
		return new_report(ps);
	if (m->leads && r->nframes)
		return new_report(ps);
	cuda_detail = is_kind(m->kind, "cuda_error") &&
	              (is_kind(r->kind, "mojo_error") ||
	               is_kind(r->kind, "kernel_error")) &&
	              !ps->frames_after_primary;
	if (ps->cur_has_primary && (m->fresh || !cuda_detail))
		return new_report(ps);
	/* a native error after a finished Python traceback is not that
	 * traceback's exception */
	if (!ps->cur_has_primary && r->nframes &&
	    r->frames[0].form == MT_FORM_PYTHON && !ps->in_traceback &&
	    m->kind && !is_kind(m->kind, "python_exception") &&
	    !is_kind(m->kind, "cuda_error"))
		return new_report(ps);
	return r;
}

static void on_primary(parser *ps, msg_info *m)
{
	mt_report *r;

	close_traceback(ps);
	r = primary_report(ps, m);
	drop_diag_message(ps, r);
	/* a CUDA error inside a Mojo or kernel error is the more precise
	 * kind */
	if (m->kind && (!r->kind || strcmp(m->kind, "mojo_error")))
		set_str(&r->kind, m->kind);
	if (m->signal && !r->signal)
		r->signal = mt_strdup(m->signal);
	if (!r->message) {
		r->message = m->text;
		m->text = NULL;
	} else if (m->text) {
		mt_report_add_note(r, m->text);
	}
	if (m->location && !r->error_location) {
		r->error_location = m->location;
		m->location = NULL;
	}
	if (m->entry_point && !r->entry_point) {
		r->entry_point = m->entry_point;
		m->entry_point = NULL;
	}
	ps->cur_has_primary = 1;
	ps->frames_after_primary = 0;
	ps->continuation = is_kind(r->kind, "mojo_error");
	r->last_line = ps->line_no;
}

static const msg_handler msg_handlers[] = {
	[MSG_NONE] = NULL,
	[MSG_PRIMARY] = on_primary,
	[MSG_REFINE] = on_refine,
	[MSG_SIGNAL] = on_signal,
	[MSG_TRAILER] = on_trailer,
	[MSG_BOUNDARY] = on_boundary,
	[MSG_PROGRAM] = on_program,
	[MSG_NOTE] = on_note,
	[MSG_TRACEBACK] = on_traceback,
	[MSG_BUILD_TRACEBACK] = on_build_traceback,
	[MSG_STACK_NOT_COLLECTED] = on_stack_not_collected,
	[MSG_SYNC_HINT] = on_sync_hint,
	[MSG_THREAD] = on_thread,
	[MSG_AUX_STACK] = on_aux_stack,
	[MSG_PROCESS] = on_process,
	[MSG_DIAGNOSTIC] = on_diagnostic,
};

static void add_message(parser *ps, msg_info *m)
{
	/* anything but a note or a late pretty stack settles where a
	 * waiting program line belongs */
	if (m->type != MSG_NONE && m->type != MSG_NOTE &&
	    m->type != MSG_PROGRAM && m->type != MSG_BOUNDARY)
		flush_pending(ps);
	if (m->type != MSG_NONE)
		end_other_thread(ps);
	if (m->producer && m->type == MSG_BOUNDARY)
		ps->banner_producer = m->producer;
	if ((size_t)m->type < MT_ARRAY_SIZE(msg_handlers) &&
	    msg_handlers[m->type])
		msg_handlers[m->type](ps, m);
	if (m->producer && m->type != MSG_BOUNDARY && ps->cur &&
	    !ps->cur->producer)
		ps->cur->producer = m->producer;
}

/* Most ops a log may launch before the oldest are forgotten; bounds
 * memory on endless logs (the in-flight ones are the latest anyway). */
#define MAX_OPS 1000000
#define MAX_INFLIGHT_REPORTED 64

static size_t op_slot(parser *ps, const char *id)
{
	uint64_t h = mt_hash_finish(mt_hash_str(MT_HASH_SEED, id));
	size_t i = (size_t)h & (ps->nslots - 1);

	while (ps->op_slots[i] != (size_t)-1 &&
	       strcmp(ps->ops[ps->op_slots[i]].id, id))
		i = (i + 1) & (ps->nslots - 1);
	return i;
}

static void op_rehash(parser *ps)
{
	size_t i;

	free(ps->op_slots);
	ps->nslots = ps->nslots ? ps->nslots * 2 : 1024;
	ps->op_slots = mt_malloc(ps->nslots * sizeof(*ps->op_slots));
	memset(ps->op_slots, 0xff, ps->nslots * sizeof(*ps->op_slots));
	for (i = 0; i < ps->nops; i++)
		ps->op_slots[op_slot(ps, ps->ops[i].id)] = i;
}

/* Copy the token after key (up to a blank or ']'); NULL if absent. */
static char *token_after(const char *line, const char *key)
{
	const char *p = strstr(line, key), *e;

	if (!p)
		return NULL;
	p += strlen(key);
	for (e = p; *e && *e != ' ' && *e != '\t' && *e != ']'; e++)
		;
	return e > p ? mt_strndup(p, (size_t)(e - p)) : NULL;
}

/* "[OP] LAUNCH rms_norm [id=40029] target=gpu:0" / "[OP] COMPLETE ..." */
static int op_log_line(parser *ps, const char *line)
{
	const char *p = strstr(line, "[OP] ");
	int launch;
	char *id;

	if (!p)
		return 0;
	p += 5;
	if (!strncmp(p, "LAUNCH ", 7))
		launch = 1;
	else if (!strncmp(p, "COMPLETE ", 9))
		launch = 0;
	else
		return 0;
	id = token_after(p, "[id=");
	if (!id)
		return 1;
	if (launch) {
		mt_op_inflight op;
		const char *n = p + 7, *e;

		if (ps->nops >= MAX_OPS) {
			free(id);
			return 1;
		}
		while (*n == ' ')
			n++;
		for (e = n; *e && *e != ' ' && *e != '['; e++)
			;
		op.op = mt_strndup(n, (size_t)(e - n));
		op.id = id;
		op.target = token_after(p, "target=");
		op.line_no = ps->line_no;
		if ((ps->nops + 1) * 2 > ps->nslots)
			op_rehash(ps);
		MT_PUSH(ps->ops, ps->nops, ps->capops, op);
		ps->op_done = mt_realloc(ps->op_done, ps->capops);
		ps->op_done[ps->nops - 1] = 0;
		ps->op_slots[op_slot(ps, id)] = ps->nops - 1;
	} else if (ps->nslots) {
		size_t i = op_slot(ps, id);

		if (ps->op_slots[i] != (size_t)-1)
			ps->op_done[ps->op_slots[i]] = 1;
		free(id);
	} else {
		free(id);
	}
	return 1;
}

/* Give the ops still in flight at the end of the log to the last report
 * (the process died with them running); a log that ends with ops in
 * flight and holds no other sign of failure still gets a report. */
static void finish_ops(parser *ps)
{
	size_t i, n = 0, first;
	mt_report *r;

	for (i = 0; i < ps->nops; i++)
		n += !ps->op_done[i];
	if (n) {
		r = ps->set->n > ps->first_report
		            ? &ps->set->reports[ps->set->n - 1]
		            : NULL;
		if (!r) {
			mt_buf b = MT_BUF_INIT;

			r = new_report(ps);
			r->kind = mt_strdup("unknown");
			mt_buf_printf(
			        &b,
			        "log ends with %zu op%s launched and never completed",
			        n, n == 1 ? "" : "s");
			r->message = mt_buf_detach(&b);
		}
		r->inflight = mt_calloc(
		        n < MAX_INFLIGHT_REPORTED ? n : MAX_INFLIGHT_REPORTED,
		        sizeof(*r->inflight));
		/* keep the most recent launches */
		first = 0;
		for (i = ps->nops; i-- > 0 && first < MAX_INFLIGHT_REPORTED;)
			if (!ps->op_done[i])
				first++;
		for (i = ps->nops; i-- > 0 && r->ninflight < first;)
			if (!ps->op_done[i]) {
				r->inflight[first - 1 - r->ninflight] =
				        ps->ops[i];
				r->ninflight++;
				ps->ops[i].op = ps->ops[i].id =
				        ps->ops[i].target = NULL;
			}
	}
	for (i = 0; i < ps->nops; i++) {
		free(ps->ops[i].op);
		free(ps->ops[i].id);
		free(ps->ops[i].target);
	}
	free(ps->ops);
	free(ps->op_done);
	free(ps->op_slots);
}

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

/* Start of a second "#N 0x" frame after a run of blanks, or NULL. */
static char *next_glued_frame(char *p)
{
	char *q = p + 1;

	while ((q = strchr(q, '#'))) {
		char *d = q + 1;

		if (q - p >= 2 && q[-1] == ' ' && q[-2] == ' ') {
			while (*d >= '0' && *d <= '9')
				d++;
			if (d > q + 1 && d[0] == ' ' && d[1] == '0' &&
			    d[2] == 'x')
				return q;
		}
		q++;
	}
	return NULL;
}

/* Frames whose newlines were lost in a paste arrive on one line:
 * "#43 0x... f      #44 0x... g". Split them before parsing. */
static int parse_frames_in_line(parser *ps, char *p)
{
	mt_frame f;
	int any = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	/* "0.       #0 0x...": an empty pretty-stack entry glued to the
	 * first frame */
	if (isdigit((unsigned char)*p)) {
		char *q = p;

		while (isdigit((unsigned char)*q))
			q++;
		if (*q == '.' && (q[1] == ' ' || q[1] == '\t') &&
		    (q = next_glued_frame(q)))
			p = q;
	}
	while (p && *p) {
		char *next = next_glued_frame(p);

		if (next)
			*next = '\0';
		if (!mt_stack_parse_frame_line(&f, p))
			return any;
		add_frame(ps, &f);
		any = 1;
		if (!next)
			break;
		*next = '#';
		p = next;
	}
	return any;
}

/* "==12345==" (valgrind) at the start of p: the process id (0 none)
 * and, in *rest, the text after it. */
static long strip_pid(const char *p, const char **rest)
{
	const char *q = p;
	long pid = 0;

	while (*q == ' ' || *q == '\t')
		q++;
	if (q[0] != '=' || q[1] != '=' || !isdigit((unsigned char)q[2]))
		return 0;
	for (q += 2; isdigit((unsigned char)*q) && pid < 1L << 40; q++)
		pid = pid * 10 + (*q - '0');
	if (q[0] != '=' || q[1] != '=')
		return 0;
	*rest = q + 2;
	return pid;
}

/* eu-stack -s prints a frame's source under it: "    file.c:32:27". */
static int source_below(parser *ps, const char *p)
{
	mt_report *r = ps->cur;
	mt_frame *f;
	const char *s = p, *e, *c1, *c2;
	unsigned long line = 0, col = 0;

	if (!ps->in_eustack || !ps->last_was_frame || !r || !r->nframes ||
	    (*p != ' ' && *p != '\t'))
		return 0;
	f = &r->frames[r->nframes - 1];
	while (*s == ' ' || *s == '\t')
		s++;
	for (e = s; *e && *e != ' ' && *e != '\t'; e++)
		;
	if (*e || e == s || f->file)
		return 0;
	/* file:line[:col] */
	for (c1 = e; c1 > s && c1[-1] != ':'; c1--)
		;
	if (c1 == s || c1 == e || strspn(c1, "0123456789") != (size_t)(e - c1))
		return 0;
	c2 = c1 - 1;
	line = strtoul(c1, NULL, 10);
	for (e = c2; e > s && e[-1] != ':'; e--)
		;
	if (e > s && strspn(e, "0123456789") == (size_t)(c2 - e) && c2 > e) {
		col = line;
		line = strtoul(e, NULL, 10);
		c2 = e - 1;
	}
	if (c2 == s || line > UINT32_MAX || col > UINT32_MAX)
		return 0;
	f->file = mt_strndup(s, (size_t)(c2 - s));
	f->line = (unsigned)line;
	f->column = (unsigned)col;
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
static const char *producer_of(const parser *ps, const mt_report *r)
{
	const char *p = r->producer;
	size_t i;
	int mojo =
	        r->mojo_driver ||
	        (ps->banner_producer && !strcmp(ps->banner_producer, "mojo")) ||
	        (r->program && (!strncmp(r->program, "mojo ", 5) ||
	                        strstr(r->program, "/mojo ")));

	for (i = 0; i < r->nframes && i < 64 && !mojo; i++)
		mojo = modular_module(r->frames[i].module);
	if (!p && r->nframes) {
		switch (r->frames[0].form) {
		case MT_FORM_GDB:
			return "gdb";
		case MT_FORM_LLDB:
			return "lldb";
		case MT_FORM_VALGRIND:
			return "valgrind";
		case MT_FORM_EUSTACK:
			return "eu-stack";
		case MT_FORM_BACKTRACE:
			return "glibc";
		case MT_FORM_SANITIZER:
			return "sanitizer";
		case MT_FORM_PYTHON:
			return "traceback";
		case MT_FORM_HOSTFRAME:
			return mojo ? "mojo" : NULL;
		default:
			p = "llvm-handler";
		}
	}
	if (!p && ps->banner_producer)
		p = ps->banner_producer;
	if (mojo && (!p || !strcmp(p, "llvm-handler")))
		p = "mojo";
	return p;
}

/*
 * gdb wraps a long frame: "#1  dump_frame (fd=2,\n    frame=0x...)\n    at
 * Python/traceback.c:914". Is p the first line of such a frame? 1 when its
 * argument list is still open, 2 when it is closed but the location may
 * follow on the next line, 0 when it is complete or not gdb's. Only gdb's
 * shapes qualify ("#N" and two blanks, or "0x... in "); LLVM's "#N 0x..."
 * lines, whose next line is often an indented frame, never do.
 */
static int gdb_wrapped(const char *p)
{
	const char *q, *close = NULL;
	int depth = 0, gdb = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '#' || !isdigit((unsigned char)p[1]))
		return 0;
	for (q = p + 1; isdigit((unsigned char)*q); q++)
		;
	if (*q != ' ')
		return 0;
	gdb = q[1] == ' ';
	while (*q == ' ')
		q++;
	if (q[0] == '0' && q[1] == 'x') {
		while (isxdigit((unsigned char)*++q) || *q == 'x')
			;
		if (strncmp(q, " in ", 4))
			return 0;
		gdb = 1;
	}
	if (!gdb)
		return 0;
	for (; *q; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')' && depth && !--depth)
			close = q;
	}
	if (depth > 0)
		return 1;
	if (close && !close[1])
		return 2;
	return 0;
}

/* The wrapped frame is complete (or cannot grow): parse it. */
static void flush_gdb_wrap(parser *ps)
{
	unsigned line_no = ps->line_no;

	if (!ps->gdb_wrap.len)
		return;
	ps->line_no = ps->gdb_wrap_line; /* the frame's first line */
	parse_frames_in_line(ps, ps->gdb_wrap.ptr);
	ps->line_no = line_no;
	mt_buf_clear(&ps->gdb_wrap);
}

/* Collect a wrapped gdb frame; 1 when p was taken. */
static int join_gdb_frame(parser *ps, const char *p)
{
	const char *t = p;
	int how;

	while (*t == ' ' || *t == '\t')
		t++;
	if (ps->gdb_wrap.len) {
		int more = (*p == ' ' || *p == '\t') && *t && *t != '#' &&
		           ps->gdb_wrap.len < 4096;

		if (more && ps->gdb_wrap_where == 2 && strncmp(t, "at ", 3) &&
		    strncmp(t, "from ", 5))
			more = 0;
		if (!more) {
			flush_gdb_wrap(ps);
			return 0;
		}
		mt_buf_putc(&ps->gdb_wrap, ' ');
		mt_buf_puts(&ps->gdb_wrap, t);
		how = gdb_wrapped(ps->gdb_wrap.ptr);
		if (!how || (ps->gdb_wrap_where == 2 && how == 0) ||
		    !strncmp(t, "at ", 3) || !strncmp(t, "from ", 5)) {
			flush_gdb_wrap(ps);
			return 1;
		}
		ps->gdb_wrap_where = how;
		return 1;
	}
	how = gdb_wrapped(p);
	if (!how)
		return 0;
	/* a closed list: complete unless its location follows */
	if (how == 2) {
		mt_frame f;

		if (mt_stack_parse_frame_line(&f, p) &&
		    (f.file || f.form != MT_FORM_GDB)) {
			mt_frame_release(&f);
			return 0;
		}
		mt_frame_release(&f);
	}
	mt_buf_puts(&ps->gdb_wrap, p);
	ps->gdb_wrap_where = how;
	ps->gdb_wrap_line = ps->line_no;
	return 1;
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
	/* last_was_frame: set again by a frame this line adds */
	if (join_gdb_frame(ps, p))
		return;
	if (parse_frames_in_line(ps, (char *)p))
		return;
	ps->last_was_frame = was_frame;
	if (source_below(ps, p))
		return;
	ps->last_was_frame = 0;
	if (ps->after_source_traceback) {
		ps->after_source_traceback = 0;
		if (*p && strcmp(p, "<traceback>") && ps->cur)
			ps->cur->has_source_traceback = 1;
	}
	if (op_log_line(ps, p))
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
	add_message(ps, &m);
	mt_msg_release(&m);
}

/*
 * Run the state machine over the lines of text. only_pid selects the
 * lines of one process when several are interleaved: -1 all lines, 0
 * the lines that name no process, N those of process N (the others
 * still count for line numbers).
 */
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

static void parse_text(parser *ps, const char *text, size_t len, long only_pid)
{
	mt_buf line = MT_BUF_INIT;
	size_t pos = 0, i;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		const char *p, *rest;

		ps->line_no++;
		clean_line(&line, text + pos, n);
		pos += n + (nl ? 1 : 0);
		if (line.ptr[strspn(line.ptr, " \t")])
			ps->last_text_line = ps->line_no;
		p = unwrap(line.ptr);
		ps->line_pid = strip_pid(p, &rest);
		if (only_pid >= 0 && ps->line_pid != only_pid)
			continue;
		if (ps->line_pid)
			p = rest;
		parse_line(ps, p);
	}
	mt_buf_release(&line);
	flush_gdb_wrap(ps);
	mt_buf_release(&ps->gdb_wrap);
	close_traceback(ps);
	flush_pending(ps);
	end_other_thread(ps);
	finish_ops(ps);
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

#define MAX_PIDS 16

/* The process ids of valgrind-style "==PID==" lines, in order of first
 * appearance (at most MAX_PIDS); a cheap look at raw line starts. */
static size_t find_pids(const char *text, size_t len, long *pids)
{
	size_t pos = 0, n = 0, i;

	while (pos < len && n < MAX_PIDS) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t ln = nl ? (size_t)(nl - (text + pos)) : len - pos;
		char buf[32];
		const char *rest;
		long pid;

		if (ln > 2) {
			size_t k = ln < sizeof(buf) - 1 ? ln : sizeof(buf) - 1;

			memcpy(buf, text + pos, k);
			buf[k] = '\0';
			pid = strip_pid(buf, &rest);
			for (i = 0; pid && i < n && pids[i] != pid; i++)
				;
			if (pid && i == n)
				pids[n++] = pid;
		}
		pos += ln + (nl ? 1 : 0);
	}
	return n;
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

	npids = find_pids(text, len, pids);
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
}
