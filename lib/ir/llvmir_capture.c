/*
 * llvmir_capture.c - the dumps of an LLVM IR capture (opt/llc
 * -print-after-all, -print-before-all, -print-changed, with or without
 * -print-module-scope) as stages of whole modules.
 *
 * The new pass manager prints "; *** IR Dump After P on U ***" (the
 * "; " absent under -print-changed) where U is "[module]", a function
 * "f", a call graph SCC "(f, g)" or "loop %l in function f"; a module
 * pass's dump is the module, a function or SCC pass's dump the functions
 * it ran on (the module with -print-module-scope). -print-changed adds
 * "*** IR Dump At Start ***", "... omitted because no change ***",
 * "*** IR Pass P on U ignored ***" and "*** IR Deleted After P on f ***".
 * A stage is the module as it stood after a dump: the last module dump
 * with the functions dumped since put in their places, like the
 * snapshots of an MLIR after-all capture (compose.c). A loop pass's dump
 * (a loop's blocks, not a function) and llc's machine code are not
 * stages: what they changed shows at the function's next dump.
 */
#include "llvmir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"

static int starts(const char *p, const char *e, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(e - p) >= n && !memcmp(p, s, n);
}

static int ends(const char *p, const char *e, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(e - p) >= n && !memcmp(e - n, s, n);
}

/* The header line [p, e) (no newline) as a dump: 0, or -1 if it is none. */
static int header(const char *p, const char *e, ir_lldump *d)
{
	const char *r, *on = NULL, *q;

	if (starts(p, e, "; ") || starts(p, e, "# "))
		p += 2;
	if (!starts(p, e, "*** IR "))
		return -1;
	if (ends(p, e, ":"))
		e--;
	if (!ends(p, e, " ***"))
		return -1;
	e -= 4;
	memset(d, 0, sizeof(*d));
	if (starts(p, e, "*** IR Dump At Start")) {
		d->kind = IR_LL_START;
		d->name = mt_strdup("start");
		return 0;
	}
	if (starts(p, e, "*** IR Dump After ")) {
		d->kind = IR_LL_AFTER;
		r = p + 18;
	} else if (starts(p, e, "*** IR Dump Before ")) {
		d->kind = IR_LL_BEFORE;
		r = p + 19;
	} else if (starts(p, e, "*** IR Deleted After ")) {
		d->kind = IR_LL_DELETED;
		r = p + 21;
	} else if (starts(p, e, "*** IR Pass ")) {
		d->kind = IR_LL_SKIP;
		r = p + 12;
	} else {
		return -1;
	}
	if (ends(r, e, " omitted because no change")) {
		e -= strlen(" omitted because no change");
		if (d->kind == IR_LL_AFTER)
			d->kind = IR_LL_OMITTED;
	}
	if (ends(r, e, " (invalidated)") || ends(r, e, " ignored"))
		d->kind = IR_LL_SKIP;
	for (q = r; q + 4 <= e; q++)
		if (!memcmp(q, " on ", 4)) {
			on = q + 4;
			break;
		}
	if (on && starts(on, e, "loop "))
		d->kind = IR_LL_SKIP;
	if (on && d->kind == IR_LL_DELETED)
		d->unit = mt_strndup(on, (size_t)(e - on));
	if (on && starts(on, e, "[module]"))
		d->module = 1;
	{
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b, "%s%.*s",
		              d->kind == IR_LL_BEFORE ? "before " : "",
		              (int)(e - r), r);
		d->name = mt_buf_detach(&b);
	}
	return 0;
}

static void pick_stages(ir_llcap *c, const char *text);
static int has_state(const ir_lldump *d);

ir_llcap *ir_llcap_scan(const char *p, size_t len)
{
	ir_llcap *c = NULL;
	size_t i;
	const char *end = p + len, *q;

	for (q = p; q < end;) {
		const char *e = ir_line_end(q, end), *le = e;
		ir_lldump d;

		if (le > q && le[-1] == '\n')
			le--;
		if (le > q && le[-1] == '\r')
			le--;
		if ((*q == ';' || *q == '*' || *q == '#') &&
		    !header(q, le, &d)) {
			if (!c)
				c = mt_calloc(1, sizeof(*c));
			if (c->n)
				c->d[c->n - 1].len =
				        (size_t)(q - p) - c->d[c->n - 1].off;
			d.off = (size_t)(e - p);
			d.len = 0;
			MT_PUSH(c->d, c->n, c->cap, d);
		}
		q = e;
	}
	if (c && c->n)
		c->d[c->n - 1].len = len - c->d[c->n - 1].off;
	if (!c)
		return NULL;
	for (i = 0; i < c->n; i++) {
		ir_lldump *d = &c->d[i];
		const char *b = p + d->off, *be = b + d->len;

		if (memmem(b, d->len, "# Machine code for function", 27)) {
			d->kind = IR_LL_SKIP;
			c->nmachine++;
			continue;
		}
		if (d->kind == IR_LL_SKIP) {
			if (strstr(d->name, " on loop "))
				c->nloop++;
			else
				c->nignored++;
			continue;
		}
		if (starts(b, be, "; ModuleID") ||
		    memmem(b, d->len, "\n; ModuleID", 11))
			d->module = 1;
		/* an "After ... on [module]" header with nothing after it
		 * (-print-changed's omitted dumps) is not a module text */
		if (d->kind == IR_LL_OMITTED || d->kind == IR_LL_DELETED)
			d->module = 0;
		/* a dump with neither a module nor a function in it is a loop
		 * pass's (llc's legacy passes do not say "on loop") */
		if (!d->module && has_state(d) && !starts(b, be, "define ") &&
		    !memmem(b, d->len, "\ndefine ", 8)) {
			d->kind = IR_LL_SKIP;
			c->nloop++;
		}
	}
	pick_stages(c, p);
	return c;
}

void ir_llcap_free(ir_llcap *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++) {
		free(c->d[i].name);
		free(c->d[i].unit);
	}
	free(c->d);
	free(c);
}

/* ---- composing a module ---- */

/* A piece of a module's text: a function (named) or what lies between. */
typedef struct chunk {
	const char *name; /* "f" (no '@'), or NULL between functions */
	size_t nlen;
	const char *p;
	size_t len;
	int fn; /* from a function-scope dump */
} chunk;

typedef struct chunks {
	chunk *v;
	size_t n, cap;
} chunks;

/* The name of the function defined on line [p, e): after its '@'. */
static const char *define_name(const char *p, const char *e, size_t *n)
{
	const char *at = memchr(p, '@', (size_t)(e - p)), *q;

	*n = 0;
	if (!at)
		return NULL;
	q = ++at;
	if (q < e && *q == '"') {
		for (q++; q < e && *q != '"' && *q != '\n'; q++)
			;
		q += q < e;
	} else {
		while (q < e && *q != '(' && *q != ' ' && *q != '\n')
			q++;
	}
	*n = (size_t)(q - at);
	return *n ? at : NULL;
}

/* Visit the functions of [p, e) (define to the "}" line) and, when
 * between is set, the text between them; each as a chunk to add. */
static void split(chunks *cs, const char *p, const char *e, int fn, int between)
{
	const char *q = p, *gap = p;

	while (q < e) {
		const char *le = ir_line_end(q, e);

		if (starts(q, le, "define ")) {
			chunk c;
			const char *r = le;

			memset(&c, 0, sizeof(c));
			c.name = define_name(q, le, &c.nlen);
			while (r < e && *r != '}')
				r = ir_line_end(r, e);
			if (r < e)
				r = ir_line_end(r, e);
			if (between && q > gap) {
				chunk g = { NULL, 0, gap, (size_t)(q - gap),
					    0 };

				MT_PUSH(cs->v, cs->n, cs->cap, g);
			}
			c.p = q;
			c.len = (size_t)(r - q);
			c.fn = fn;
			if (c.name)
				MT_PUSH(cs->v, cs->n, cs->cap, c);
			gap = q = r;
			continue;
		}
		q = le;
	}
	if (between && e > gap) {
		chunk g = { NULL, 0, gap, (size_t)(e - gap), 0 };

		MT_PUSH(cs->v, cs->n, cs->cap, g);
	}
}

static size_t find_named(const chunks *cs, const char *name, size_t n)
{
	size_t k;

	for (k = 0; k < cs->n; k++)
		if (cs->v[k].name && cs->v[k].nlen == n &&
		    !memcmp(cs->v[k].name, name, n))
			return k;
	return SIZE_MAX;
}

/* Put function chunk x in its place, or after the last function. */
static void put_chunk(chunks *cs, const chunk *x)
{
	size_t k = find_named(cs, x->name, x->nlen), last = SIZE_MAX;

	if (k != SIZE_MAX) {
		cs->v[k] = *x;
		return;
	}
	for (k = 0; k < cs->n; k++)
		if (cs->v[k].name)
			last = k;
	MT_PUSH(cs->v, cs->n, cs->cap, *x);
	if (last != SIZE_MAX && last + 2 < cs->n + 1) {
		chunk t = cs->v[cs->n - 1];

		memmove(&cs->v[last + 2], &cs->v[last + 1],
		        (cs->n - 2 - last) * sizeof(*cs->v));
		cs->v[last + 1] = t;
	}
}

static void drop_chunk(chunks *cs, const char *name, size_t n)
{
	size_t k = find_named(cs, name, n);

	if (k == SIZE_MAX)
		return;
	memmove(&cs->v[k], &cs->v[k + 1], (cs->n - k - 1) * sizeof(*cs->v));
	cs->n--;
}

/* Whether dump d carries text that is a state of the IR. */
static int has_state(const ir_lldump *d)
{
	return d->kind == IR_LL_AFTER || d->kind == IR_LL_BEFORE ||
	       d->kind == IR_LL_START;
}

/* The functions dumped alone before any module dump stand in their
 * first dumped state from the start. */
static void seed(chunks *cs, const ir_llcap *c, const char *text)
{
	size_t j, k;

	for (j = 0; j < c->n && !c->d[j].module; j++) {
		chunks f = { NULL, 0, 0 };

		if (!has_state(&c->d[j]))
			continue;
		split(&f, text + c->d[j].off, text + c->d[j].off + c->d[j].len,
		      1, 0);
		for (k = 0; k < f.n; k++)
			if (find_named(cs, f.v[k].name, f.v[k].nlen) ==
			    SIZE_MAX)
				MT_PUSH(cs->v, cs->n, cs->cap, f.v[k]);
		free(f.v);
	}
}

void ir_llcap_compose(mt_buf *out,
                      const ir_llcap *c,
                      size_t i,
                      const char *text)
{
	chunks cs = { NULL, 0, 0 };
	size_t b = SIZE_MAX, j, k;

	for (j = 0; j <= i && j < c->n; j++)
		if (c->d[j].module && has_state(&c->d[j]))
			b = j;
	if (b == SIZE_MAX)
		seed(&cs, c, text);
	else
		split(&cs, text + c->d[b].off, text + c->d[b].off + c->d[b].len,
		      0, 1);
	for (j = b == SIZE_MAX ? 0 : b + 1; j <= i && j < c->n; j++) {
		const ir_lldump *d = &c->d[j];

		if (d->kind == IR_LL_DELETED && d->unit) {
			drop_chunk(&cs, d->unit, strlen(d->unit));
		} else if (has_state(d)) {
			chunks f = { NULL, 0, 0 };

			split(&f, text + d->off, text + d->off + d->len, 1, 0);
			for (k = 0; k < f.n; k++)
				put_chunk(&cs, &f.v[k]);
			free(f.v);
		}
	}
	for (k = 0; k < cs.n; k++) {
		if (cs.v[k].fn)
			mt_buf_puts(out, IR_LLVM_FNDUMP "\n");
		mt_buf_put(out, cs.v[k].p, cs.v[k].len);
	}
	free(cs.v);
}

/* Whether dump i (function text, no module dump before it) shows a
 * function for the first time: its state before is nowhere. */
static int first_seen(const ir_llcap *c, size_t i, const char *text)
{
	chunks f = { NULL, 0, 0 }, seen = { NULL, 0, 0 };
	size_t j, k;
	int first = 0;

	split(&f, text + c->d[i].off, text + c->d[i].off + c->d[i].len, 1, 0);
	for (j = 0; j < i; j++)
		if (has_state(&c->d[j]))
			split(&seen, text + c->d[j].off,
			      text + c->d[j].off + c->d[j].len, 1, 0);
	for (k = 0; k < f.n; k++)
		if (find_named(&seen, f.v[k].name, f.v[k].nlen) == SIZE_MAX)
			first = 1;
	free(f.v);
	free(seen.v);
	return first;
}

/* Which dumps of c are stages (d->stage), text the capture. */
static void pick_stages(ir_llcap *c, const char *text)
{
	size_t i, nstages = 0;
	int have_after = 0, any_module = 0;

	for (i = 0; i < c->n; i++)
		if (c->d[i].kind != IR_LL_BEFORE && c->d[i].kind != IR_LL_SKIP)
			have_after = 1;
	for (i = 0; i < c->n; i++) {
		ir_lldump *d = &c->d[i];

		if (d->module && has_state(d))
			any_module = 1;
		/* with After dumps, a Before dump is the state the last
		 * stage has already, but for the first: the starting state */
		if (d->kind == IR_LL_SKIP ||
		    (d->kind == IR_LL_BEFORE && have_after && nstages))
			continue;
		if (!any_module && nstages && has_state(d) &&
		    first_seen(c, i, text)) {
			c->nunseen++;
			continue;
		}
		d->stage = 1;
		nstages++;
	}
}
