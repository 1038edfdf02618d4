/*
 * split_frames.c - which report a frame goes to. A restarted numbering
 * starts a new dump; a reprint of the current stack (gdb "bt full" after
 * "bt") is consumed; another thread's frames become one note; the
 * column-form dumps of processes printing at once are told apart by
 * their address ranges (lanes).
 */
#include "parse_int.h"

#include <stdlib.h>
#include <string.h>

mt_report *ps_new_report(parser *ps)
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

mt_report *ps_current(parser *ps)
{
	return ps->cur ? ps->cur : ps_new_report(ps);
}

void ps_close_traceback(parser *ps)
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

void ps_set_str(char **dst, const char *src)
{
	if (!src)
		return;
	free(*dst);
	*dst = mt_strdup(src);
}

/* The late pretty stack belonged to the dump before it. */
void ps_flush_pending(parser *ps)
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

int ps_same_str(const char *a, const char *b)
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
	       ps_same_str(a->function, b->function) &&
	       ps_same_str(a->symbol, b->symbol) &&
	       ps_same_str(a->file, b->file) && a->line == b->line;
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
		if (ps_new_report(ps) == r || ps->set->n != i + 1)
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

void ps_end_other_thread(parser *ps)
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

void ps_add_frame(parser *ps, mt_frame *f)
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
		ps_end_other_thread(ps);
	}
	if (replayed(ps, f))
		return;
	if (f->form == MT_FORM_COLUMN && f->index >= 0 && f->has_address)
		switch_lane(ps, f);
	/* A restarted numbering means a new dump, unless it is a Python
	 * frame or a Host Frame (which carry no index). */
	if (ps->cur && f->index >= 0 && ps->cur->nframes &&
	    f->form != MT_FORM_PYTHON &&
	    (f->index <= ps->last_index ||
	     /* native frames after a Python traceback: another
	      * process's dump (a child the script ran), or the crash
	      * after the script's exception; either way a report of
	      * its own */
	     ps->cur->frames[ps->cur->nframes - 1].form == MT_FORM_PYTHON)) {
		/* LLVM prints inline frames of one address with the same
		 * address and consecutive numbers, so only a true restart
		 * (index 0, or going backwards) splits. */
		ps_close_traceback(ps);
		ps_new_report(ps);
		/* an early pretty stack: it belongs to this new dump */
		if (ps->pending_program) {
			ps->cur->program = ps->pending_program;
			ps->pending_program = NULL;
		}
	}
	ps_flush_pending(ps);
	if (f->form == MT_FORM_PYTHON && !ps->in_traceback) {
		r = ps_current(ps);
		ps->in_traceback = 1;
		ps->tb_start = r->nframes;
	}
	r = ps_current(ps);
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
