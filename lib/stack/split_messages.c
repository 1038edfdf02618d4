/*
 * split_messages.c - what each kind of message line (stack_int.h's
 * msg_type, recognised by messages.c) does to the report being built:
 * starts a new report, refines the current one's error, names its
 * signal, thread or program, or becomes a note.
 */
#include "parse_int.h"

#include <stdlib.h>
#include <string.h>

/*
 * What each kind of message line does to the report being built: one
 * handler per msg_type, picked from a table in ps_add_message(). A handler
 * may take ownership of m's strings (it sets them NULL when it does).
 */
typedef void (*msg_handler)(parser *ps, msg_info *m);

static void on_boundary(parser *ps, msg_info *m)
{
	/* a crash handler's banner with nothing before it: a crash, even
	 * if no frame follows (a paste of the banner alone) */
	if (!ps->cur && m->producer) {
		mt_report *r = ps_new_report(ps);

		r->kind = MT_KIND_CRASH;
		r->last_line = ps->line_no;
	}
	if (ps->cur && ps->cur->nframes) {
		ps_close_traceback(ps);
		ps_flush_pending(ps);
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

	ps_close_traceback(ps);
	if (ps->cur && (ps->cur_has_primary || ps->cur->nframes))
		ps_new_report(ps);
	r = ps_current(ps);
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
	ps_set_str(&ps_current(ps)->program, m->text);
}

static void on_stack_not_collected(parser *ps, msg_info *m)
{
	if (ps->cur && (ps->cur_has_primary || ps->cur->nframes)) {
		ps_close_traceback(ps);
		ps_new_report(ps);
	}
	ps_current(ps)->stack_not_collected = 1;
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

	ps_close_traceback(ps);
	ps->replay = 0;
	if (role == THREAD_BY_NUMBER)
		role = !ps->signal_thread ? THREAD_CRASHED
		       : ps_same_str(ps->signal_thread, m->thread)
		               ? THREAD_CRASHED
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
		mt_report *r = ps_current(ps);

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

/* A sanitizer's stack header: the report's own stack when it has no
 * frames yet (a thread leak's only stack is where the thread was made),
 * a history otherwise (where a racing thread was made, the other mutex) */
static void on_stack_header(parser *ps, msg_info *m)
{
	if (ps->cur && ps->cur->nframes)
		on_aux_stack(ps, m);
}

/* gdb on a core: the current thread is the one that got the signal; a
 * later "thread apply all bt" prints it among the others */
static void on_current_thread(parser *ps, msg_info *m)
{
	free(ps->signal_thread);
	ps->signal_thread = m->thread;
	m->thread = NULL;
	if (ps->cur && !ps->cur->thread)
		ps->cur->thread = mt_strdup(ps->signal_thread);
}

/* eu-stack "PID N - core": a new dump starts */
static void on_process(parser *ps, msg_info *m)
{
	ps_close_traceback(ps);
	if (ps->cur && (ps->cur->nframes || ps->cur_has_primary))
		ps_new_report(ps);
	ps_current(ps)->pid = m->pid;
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
		r = ps_new_report(ps);
		r->kind = mt_kind_parse(m->signal);
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
	if (ps->cur && m->mojo_driver)
		ps->cur->mojo_driver = 1;
	ps->continuation = 0;
}

static void on_refine(parser *ps, msg_info *m)
{
	mt_report *r;

	/* a lone "error:" line is not a report */
	if (m->attach && !ps->cur)
		return;
	r = ps_current(ps);
	if (m->fallback && r->message)
		return;

	drop_diag_message(ps, r);
	if (m->kind &&
	    (!r->kind || m->kind == MT_KIND_KERNEL_ERROR ||
	     m->kind == MT_KIND_CUDA_ERROR || m->kind == MT_KIND_RUST_PANIC))
		r->kind = m->kind;
	if (m->kernel)
		ps_set_str(&r->kernel, m->kernel);
	if (!r->message) {
		r->message = m->text;
		m->text = NULL;
		ps->cur_has_primary = 1;
	} else if (m->text) {
		mt_report_add_note(r, m->text);
	}
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
		return ps_new_report(ps);
	if (m->leads && r->nframes)
		return ps_new_report(ps);
	cuda_detail = m->kind == MT_KIND_CUDA_ERROR &&
	              (r->kind == MT_KIND_MOJO_ERROR ||
	               r->kind == MT_KIND_KERNEL_ERROR) &&
	              !ps->frames_after_primary;
	if (ps->cur_has_primary && (m->fresh || !cuda_detail))
		return ps_new_report(ps);
	/* a native error after a finished Python traceback is not that
	 * traceback's exception */
	if (!ps->cur_has_primary && r->nframes &&
	    r->frames[0].form == MT_FORM_PYTHON && !ps->in_traceback &&
	    m->kind && m->kind != MT_KIND_PYTHON_EXCEPTION &&
	    m->kind != MT_KIND_CUDA_ERROR)
		return ps_new_report(ps);
	return r;
}

static void on_primary(parser *ps, msg_info *m)
{
	mt_report *r;

	ps_close_traceback(ps);
	r = primary_report(ps, m);
	drop_diag_message(ps, r);
	/* a CUDA error inside a Mojo or kernel error is the more precise
	 * kind */
	if (m->kind && (!r->kind || m->kind != MT_KIND_MOJO_ERROR))
		r->kind = m->kind;
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
	ps->continuation = r->kind == MT_KIND_MOJO_ERROR;
	ps->message_next = m->message_next;
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
	[MSG_STACK_HEADER] = on_stack_header,
	[MSG_CURRENT_THREAD] = on_current_thread,
};

void ps_add_message(parser *ps, msg_info *m)
{
	/* anything but a note or a late pretty stack settles where a
	 * waiting program line belongs */
	if (m->type != MSG_NONE && m->type != MSG_NOTE &&
	    m->type != MSG_PROGRAM && m->type != MSG_BOUNDARY)
		ps_flush_pending(ps);
	if (m->type != MSG_NONE)
		ps_end_other_thread(ps);
	if (m->producer && m->type == MSG_BOUNDARY)
		ps->banner_producer = m->producer;
	if ((size_t)m->type < MT_ARRAY_SIZE(msg_handlers) &&
	    msg_handlers[m->type])
		msg_handlers[m->type](ps, m);
	if (m->producer && m->type != MSG_BOUNDARY && ps->cur &&
	    !ps->cur->producer)
		ps->cur->producer = m->producer;
}
