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
 * Reports with neither frames nor a message are dropped.
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
	int after_source_traceback; /* the line after "Source Traceback:" */
	int in_build_traceback; /* frames are graph-build call sites */
	size_t first_report; /* reports of this text start here */
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
	/* Python prints the innermost call last; reports are innermost
	 * first like native stacks, so reverse the traceback's frames. */
	for (i = ps->tb_start, j = r->nframes; i + 1 < j; i++, j--) {
		mt_frame t = r->frames[i];

		r->frames[i] = r->frames[j - 1];
		r->frames[j - 1] = t;
	}
	for (i = ps->tb_start; i < r->nframes; i++)
		r->frames[i].index = (int)i;
	ps->in_traceback = 0;
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

static void add_frame(parser *ps, mt_frame *f)
{
	mt_report *r;

	ps->set->frames_seen++;
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
	if (f->form == MT_FORM_HOSTFRAME)
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
	mt_report_insert_frame(r, r->nframes, f);
	r->last_line = ps->line_no;
	if (ps->cur_has_primary)
		ps->frames_after_primary = 1;
	ps->continuation = 0;
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
	if (ps->cur)
		mt_report_add_note(ps->cur, m->text);
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
};

static void add_message(parser *ps, msg_info *m)
{
	/* anything but a note or a late pretty stack settles where a
	 * waiting program line belongs */
	if (m->type != MSG_NONE && m->type != MSG_NOTE &&
	    m->type != MSG_PROGRAM && m->type != MSG_BOUNDARY)
		flush_pending(ps);
	if ((size_t)m->type < MT_ARRAY_SIZE(msg_handlers) &&
	    msg_handlers[m->type])
		msg_handlers[m->type](ps, m);
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

void mt_stack_parse(mt_report_set *set, const char *text, size_t len)
{
	parser ps;
	mt_buf line = MT_BUF_INIT;
	size_t pos = 0, first = set->n, i, keep;

	memset(&ps, 0, sizeof(ps));
	ps.set = set;
	ps.first_report = set->n;
	ps.last_index = -1;
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		const char *p;
		msg_info m;

		ps.line_no++;
		clean_line(&line, text + pos, n);
		pos += n + (nl ? 1 : 0);
		p = unwrap(line.ptr);
		if (ps.in_build_traceback) {
			mt_frame bf;

			if (mt_stack_parse_frame_line(&bf, p) &&
			    bf.form == MT_FORM_PYTHON) {
				mt_buf note = MT_BUF_INIT;

				mt_buf_printf(&note, "  built at %s:%u in %s",
				              bf.file, bf.line,
				              bf.function ? bf.function : "?");
				if (ps.cur)
					mt_report_add_note(ps.cur, note.ptr);
				mt_buf_release(&note);
				mt_frame_release(&bf);
				continue;
			}
			mt_frame_release(&bf);
			/* source lines under each frame are indented */
			if (p[0] == ' ' || p[0] == '\t')
				continue;
			ps.in_build_traceback = 0;
		}
		if (parse_frames_in_line(&ps, (char *)p))
			continue;
		if (ps.after_source_traceback) {
			ps.after_source_traceback = 0;
			if (*p && strcmp(p, "<traceback>") && ps.cur)
				ps.cur->has_source_traceback = 1;
		}
		if (op_log_line(&ps, p))
			continue;
		if (continue_message(&ps, p))
			continue;
		ps.continuation = 0;
		mt_msg_classify(&m, p, ps.in_traceback);
		if (m.type == MSG_NOTE && m.text &&
		    !strncmp(m.text, "Source Traceback:", 17))
			ps.after_source_traceback = 1;
		add_message(&ps, &m);
		mt_msg_release(&m);
	}
	close_traceback(&ps);
	flush_pending(&ps);
	finish_ops(&ps);
	set->lines += ps.line_no;
	mt_buf_release(&line);

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

		if (!r->nframes && !r->message && !r->kind) {
			mt_report_release(r);
			continue;
		}
		if (keep != i)
			set->reports[keep] = *r;
		keep++;
	}
	set->n = keep;
}
