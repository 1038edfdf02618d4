/*
 * rejoin.c - frames that are not one per line: a gdb frame wrapped onto
 * indented lines, frames glued onto one line by a paste that lost its
 * newlines, eu-stack's source line printed under its frame.
 */
#include "parse_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
int ps_frames_in_line(parser *ps, char *p)
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
		ps_add_frame(ps, &f);
		any = 1;
		if (!next)
			break;
		*next = '#';
		p = next;
	}
	return any;
}
/* eu-stack -s prints a frame's source under it: "    file.c:32:27". */
int ps_source_below(parser *ps, const char *p)
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
void ps_flush_gdb_wrap(parser *ps)
{
	unsigned line_no = ps->line_no;

	if (!ps->gdb_wrap.len)
		return;
	ps->line_no = ps->gdb_wrap_line; /* the frame's first line */
	ps_frames_in_line(ps, ps->gdb_wrap.ptr);
	ps->line_no = line_no;
	mt_buf_clear(&ps->gdb_wrap);
}

/* Collect a wrapped gdb frame; 1 when p was taken. */
int ps_join_gdb_frame(parser *ps, const char *p)
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
			ps_flush_gdb_wrap(ps);
			return 0;
		}
		mt_buf_putc(&ps->gdb_wrap, ' ');
		mt_buf_puts(&ps->gdb_wrap, t);
		how = gdb_wrapped(ps->gdb_wrap.ptr);
		if (!how || (ps->gdb_wrap_where == 2 && how == 0) ||
		    !strncmp(t, "at ", 3) || !strncmp(t, "from ", 5)) {
			ps_flush_gdb_wrap(ps);
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
