/*
 * parse.c - a tolerant, single-pass reader of MLIR's textual form.
 *
 * No dialect is known, so custom op syntax cannot be parsed by grammar.
 * What every printed op shares is enough: optional results "%a, %b:2 =",
 * a name, then a tail whose end is a newline outside any bracket, with
 * regions opened by "{" at bracket depth 0. The tail is scanned once,
 * byte by byte: SSA uses become operands, "@sym" the symbol, "loc(...)"
 * the location, device attributes and type suffixes the placement, and
 * everything else (attributes, types, huge dense constants) only feeds the
 * op's hash, so no text is ever kept. Uses are resolved through a scoped
 * name table with an undo log: names defined inside an op's regions or
 * header (function arguments) vanish when the op ends, as in MLIR.
 *
 * Anything unreadable skips to the end of its line and is counted; the
 * parse itself never fails. Region nesting is capped at MT_IR_MAX_DEPTH.
 */
#include "ir_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

typedef struct undo {
	uint64_t key;
	uint32_t old;
} undo;

typedef struct resname {
	uint64_t h;
	uint32_t count;
} resname;

typedef struct parser {
	const char *p, *end;
	const char *dropped; /* drop_behind: text before this is released */
	int drop_behind;
	uint32_t line;
	int depth;
	mt_ir_module *m;
	mt_map ssa; /* SSA name hash -> first value id */
	undo *undo;
	size_t nundo, cap_undo;
	mt_map attralias; /* #/! alias name hash -> index in aliashash */
	uint64_t *aliashash;
	size_t naliashash, cap_aliashash;
	uint32_t *scratch; /* operands of ops still open, innermost last */
	size_t nscratch, cap_scratch;
	resname *res;
	size_t nres, cap_res;
	const char *start; /* of the text, for progress */
	const char *next_progress; /* call progress when p passes this */
	ir_progress_fn progress;
	void *progress_payload;
} parser;

/* Below this size a stage parses in about a second: no progress inside. */
#define IR_PROGRESS_MIN ((size_t)64 << 20)
#define IR_PROGRESS_STEP ((size_t)16 << 20)

static int is_id_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_id_char(int c)
{
	return is_id_start(c) || is_digit(c) || c == '$' || c == '.';
}

/* SSA and block names also allow '-' (MLIR's suffix-id). */
static int is_suffix_char(int c)
{
	return is_id_char(c) || c == '-';
}

static void problem(parser *P, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void problem(parser *P, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!P->m->nproblems++) {
		n = snprintf(P->m->problem, sizeof(P->m->problem),
		             "line %u: ", P->line);
		if (n < 0 || (size_t)n >= sizeof(P->m->problem))
			return;
		va_start(ap, fmt);
		vsnprintf(P->m->problem + n, sizeof(P->m->problem) - (size_t)n,
		          fmt, ap);
		va_end(ap);
	}
}

/* ---- lexing helpers ---- */

static void skip_line(parser *P)
{
	const char *nl = memchr(P->p, '\n', (size_t)(P->end - P->p));

	P->p = nl ? nl : P->end;
}

/* Spaces, newlines and // comments. */
static void skip_ws(parser *P)
{
	while (P->p < P->end) {
		char c = *P->p;

		if (c == '\n') {
			P->line++;
			P->p++;
		} else if (c == ' ' || c == '\t' || c == '\r') {
			P->p++;
		} else if (c == '/' && P->p + 1 < P->end && P->p[1] == '/') {
			skip_line(P);
		} else {
			break;
		}
	}
}

static void skip_blanks(parser *P)
{
	while (P->p < P->end &&
	       (*P->p == ' ' || *P->p == '\t' || *P->p == '\r'))
		P->p++;
}

/* p at '"': skip the string, hashing its raw bytes into *h (if h). A raw
 * newline cannot occur in an MLIR string; stop there so one bad quote
 * costs one line, not the rest of the file. */
static void skip_string(parser *P, uint64_t *h, const char **s, size_t *n)
{
	const char *q = P->p + 1;
	uint64_t x = h ? *h : 0;

	while (q < P->end && *q != '"' && *q != '\n') {
		if (*q == '\\' && q + 1 < P->end && q[1] != '\n') {
			if (h)
				x = IR_HB(x, *q);
			q++;
		}
		if (h)
			x = IR_HB(x, *q);
		q++;
	}
	if (s) {
		*s = P->p + 1;
		*n = (size_t)(q - P->p - 1);
	}
	if (q < P->end && *q == '"')
		q++;
	else
		problem(P, "unterminated string");
	P->p = q;
	if (h)
		*h = IR_HB(x, '"');
}

/* Skip a balanced bracket group starting at P->p (any of ([{<), strings
 * respected. Used only for recovery and for parts that carry nothing. */
static void skip_balanced(parser *P)
{
	char stack[256];
	int n = 0;
	char prev = 0;

	while (P->p < P->end) {
		char c = *P->p;

		if (c == '"') {
			skip_string(P, NULL, NULL, NULL);
			prev = '"';
			continue;
		}
		if (c == '\n')
			P->line++;
		P->p++;
		if (c == '(' || c == '[' || c == '{' || c == '<') {
			if (n == (int)sizeof(stack))
				return;
			stack[n++] = c;
		} else if (c == '>') {
			if (prev != '-' && n && stack[n - 1] == '<' && !--n)
				return;
		} else if (c == ')' || c == ']' || c == '}') {
			while (n && stack[n - 1] == '<')
				n--;
			if (n)
				n--;
			if (!n)
				return;
		}
		prev = c;
	}
}

static uint32_t read_uint(parser *P)
{
	uint64_t v = 0;

	while (P->p < P->end && is_digit(*P->p)) {
		if (v < 0xffffffffULL)
			v = v * 10 + (uint64_t)(*P->p - '0');
		P->p++;
	}
	return v > 0xffffffffULL ? 0xffffffffu : (uint32_t)v;
}

static int starts(parser *P, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(P->end - P->p) >= n && !memcmp(P->p, s, n);
}

/* ---- SSA scope ---- */

static uint64_t name_hash(const char *s, size_t n)
{
	return mt_hash_finish(mt_hash_bytes(MT_HASH_SEED, s, n));
}

static void ssa_define(parser *P, uint64_t key, uint32_t vid)
{
	int found;
	size_t slot = mt_map_slot(&P->ssa, key, vid, &found);
	undo u = { key, found ? *mt_map_val(&P->ssa, slot) : MT_IR_NONE };

	*mt_map_val(&P->ssa, slot) = vid;
	MT_PUSH(P->undo, P->nundo, P->cap_undo, u);
}

static void ssa_rollback(parser *P, size_t mark)
{
	while (P->nundo > mark) {
		undo u = P->undo[--P->nundo];
		int found;
		size_t slot = mt_map_slot(&P->ssa, u.key, u.old, &found);

		*mt_map_val(&P->ssa, slot) = u.old;
	}
}

static uint32_t new_value(parser *P, uint32_t op, uint32_t idx)
{
	mt_ir_value v = { op, idx };

	MT_PUSH(P->m->values, P->m->nvalues, P->m->cap_values, v);
	return (uint32_t)(P->m->nvalues - 1);
}

/* ---- locations ---- */

static void
push_item(parser *P, int kind, mt_ir_str s, uint32_t line, uint32_t col)
{
	ir_locitem it = { (uint8_t)kind, s, line, col };
	mt_ir_module *m = P->m;

	MT_PUSH(m->rawitems, m->nrawitems, m->cap_rawitems, it);
}

static void read_id(parser *P, const char **s, size_t *n, int suffix)
{
	*s = P->p;
	while (P->p < P->end &&
	       (suffix ? is_suffix_char(*P->p) : is_id_char(*P->p)))
		P->p++;
	*n = (size_t)(P->p - *s);
}

/* Whether alias name s is "loc" + a number that fits the dense table
 * (see mt_ir_module.locnum); *num gets the number. "#loc" is a name.
 * Uses and definitions decide the same way, so a name is always looked
 * up where it was stored. */
static int
loc_alias_num(const parser *P, const char *s, size_t n, uint32_t *num)
{
	size_t i;
	uint64_t v = 0;

	if (n < 4 || memcmp(s, "loc", 3))
		return 0;
	if (n > 4 && s[3] == '0')
		return 0; /* "loc01" is not "loc1" */
	for (i = 3; i < n; i++) {
		if (!is_digit(s[i]) || i > 12)
			return 0;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (v > P->m->locnum_max)
		return 0;
	*num = (uint32_t)v;
	return 1;
}

static void loc_expr(parser *P, int depth)
{
	const char *s;
	size_t n;

	skip_ws(P);
	if (P->p >= P->end)
		return;
	if (depth > 32) {
		skip_balanced(P);
		return;
	}
	if (*P->p == '"') {
		mt_ir_str str;
		size_t mark;

		skip_string(P, NULL, &s, &n);
		str = ir_intern(&P->m->strs, s, n);
		skip_blanks(P);
		if (P->p + 1 < P->end && *P->p == ':' && is_digit(P->p[1])) {
			uint32_t line, col = 0;

			P->p++;
			line = read_uint(P);
			if (P->p + 1 < P->end && *P->p == ':' &&
			    is_digit(P->p[1])) {
				P->p++;
				col = read_uint(P);
			}
			/* newer printers add " to L:C" ranges */
			skip_blanks(P);
			if (starts(P, "to ") || starts(P, "to:")) {
				P->p += 2;
				skip_blanks(P);
				while (P->p < P->end &&
				       (is_digit(*P->p) || *P->p == ':'))
					P->p++;
			}
			push_item(P, LOCI_POINT, str, line ? line : 1, col);
		} else if (P->p < P->end && *P->p == '(') {
			P->p++;
			mark = P->m->nrawitems;
			loc_expr(P, depth + 1);
			skip_ws(P);
			if (P->p < P->end && *P->p == ')')
				P->p++;
			if (P->m->nrawitems == mark)
				push_item(P, LOCI_NAME, str, 0, 0);
		} else {
			push_item(P, LOCI_NAME, str, 0, 0);
		}
		return;
	}
	if (*P->p == '#') {
		P->p++;
		read_id(P, &s, &n, 1);
		if (P->p < P->end && *P->p == '<')
			skip_balanced(P); /* a dialect location attribute */
		else if (n) {
			uint32_t num;

			if (loc_alias_num(P, s, n, &num))
				push_item(P, LOCI_ALIASNUM, 0, num, 0);
			else
				push_item(P, LOCI_ALIAS,
				          ir_intern(&P->m->strs, s, n), 0, 0);
		}
		return;
	}
	if (starts(P, "unknown")) {
		P->p += 7;
		return;
	}
	if (starts(P, "callsite(")) {
		size_t mark;

		P->p += 9;
		loc_expr(P, depth + 1);
		skip_ws(P);
		if (starts(P, "at"))
			P->p += 2;
		/* the callee is where the op is; the caller chain is
		 * context that would make every inlined op look alike */
		mark = P->m->nrawitems;
		loc_expr(P, depth + 1);
		P->m->nrawitems = mark;
		skip_ws(P);
		if (P->p < P->end && *P->p == ')')
			P->p++;
		return;
	}
	if (starts(P, "fused")) {
		P->p += 5;
		if (P->p < P->end && *P->p == '<')
			skip_balanced(P);
		skip_ws(P);
		if (P->p >= P->end || *P->p != '[')
			return;
		P->p++;
		for (;;) {
			loc_expr(P, depth + 1);
			skip_ws(P);
			if (P->p < P->end && *P->p == ',') {
				P->p++;
				continue;
			}
			if (P->p < P->end && *P->p == ']')
				P->p++;
			return;
		}
	}
	/* unknown form: skip to the end of this element */
	while (P->p < P->end && *P->p != ')' && *P->p != ',' && *P->p != ']') {
		if (*P->p == '(' || *P->p == '<' || *P->p == '[' ||
		    *P->p == '{')
			skip_balanced(P);
		else if (*P->p == '"')
			skip_string(P, NULL, NULL, NULL);
		else if (*P->p++ == '\n')
			P->line++;
	}
}

/* P->p just after "loc(": parse through the closing ')'. Returns a raw
 * loc index, shared by every op with the same items. */
static uint32_t parse_loc(parser *P)
{
	mt_ir_module *m = P->m;
	size_t start = m->nrawitems, i;
	uint64_t h = MT_HASH_SEED;
	uint32_t idx;
	ir_rawloc r;
	size_t slot;

	loc_expr(P, 0);
	skip_ws(P);
	if (P->p < P->end && *P->p == ')') {
		P->p++;
	} else {
		problem(P, "unreadable location");
		while (P->p < P->end && *P->p != ')' && *P->p != '\n')
			P->p++;
		if (P->p < P->end && *P->p == ')')
			P->p++;
	}
	for (i = start; i < m->nrawitems; i++) {
		h = ir_mix(h, m->rawitems[i].kind);
		h = ir_mix(h, mt_ir_str_hash(m, m->rawitems[i].str));
		h = ir_mix(h, m->rawitems[i].line);
		h = ir_mix(h, m->rawitems[i].col);
	}
	h = ir_mix(h, m->nrawitems - start) | 1;
	/* Ops share locations mostly with their neighbours (one source line
	 * lowers to several ops); a small direct-mapped cache catches that
	 * without a table as big as the module. */
	slot = (size_t)(h >> 52) & (IR_LOCCACHE - 1);
	if (m->loccache[slot].key == h) {
		m->nrawitems = start;
		return m->loccache[slot].idx;
	}
	r.first = (uint32_t)start;
	r.n = (uint32_t)(m->nrawitems - start);
	MT_PUSH(m->rawlocs, m->nrawlocs, m->cap_rawlocs, r);
	idx = (uint32_t)(m->nrawlocs - 1);
	m->loccache[slot].key = h;
	m->loccache[slot].idx = idx;
	return idx;
}

/* ---- devices ---- */

static mt_ir_str device_str(parser *P, const char *kind, size_t kn, long id)
{
	char buf[48];
	int n;

	if ((kn == 4 && !memcmp(kind, "cuda", 4)) ||
	    (kn == 3 && !memcmp(kind, "gpu", 3)) ||
	    (kn == 3 && !memcmp(kind, "hip", 3)) ||
	    (kn == 4 && !memcmp(kind, "rocm", 4)) ||
	    (kn == 5 && !memcmp(kind, "metal", 5)))
		n = id >= 0 ? snprintf(buf, sizeof(buf), "gpu:%ld", id)
		            : snprintf(buf, sizeof(buf), "gpu");
	else if ((kn == 3 && !memcmp(kind, "cpu", 3)) ||
	         (kn == 4 && !memcmp(kind, "host", 4)))
		n = snprintf(buf, sizeof(buf), "cpu");
	else
		n = snprintf(buf, sizeof(buf), "%.*s:%ld",
		             (int)(kn > 30 ? 30 : kn), kind, id < 0 ? 0L : id);
	if (n < 0)
		return 0;
	return ir_intern(&P->m->strs, buf, (size_t)n);
}

/* At '<' of `<"gpu", 0>`: read it without consuming. */
static mt_ir_str peek_device_ref(parser *P)
{
	const char *q = P->p + 1, *k;
	long id = 0;

	while (q < P->end && (*q == ' ' || *q == '\t'))
		q++;
	if (q >= P->end || *q != '"')
		return 0;
	k = ++q;
	while (q < P->end && *q != '"' && *q != '\n')
		q++;
	if (q >= P->end || *q != '"')
		return 0;
	{
		const char *ke = q++;

		while (q < P->end && (*q == ' ' || *q == ','))
			q++;
		while (q < P->end && is_digit(*q) && id < 100000)
			id = id * 10 + (*q++ - '0');
		return device_str(P, k, (size_t)(ke - k), id);
	}
}

/* ---- ops ---- */

typedef struct opctx {
	uint32_t op; /* MT_IR_NONE for an alias definition */
	int generic;
	uint32_t nargs; /* block arguments so far (header + blocks) */
	size_t scratch0; /* first operand of this op in P->scratch */
	uint64_t h;
	mt_ir_str sym;
	mt_ir_str attr_dev, last_type_dev, type_dev[2], to_dev;
	int ntype; /* !mo.tensor / !mo.buffer types seen */
	int has_symname;
	uint32_t loc;
} opctx;

static void parse_body(parser *P, opctx *owner, int in_region);

static void parse_region(parser *P, opctx *c)
{
	P->p++; /* '{' */
	if (P->depth >= MT_IR_MAX_DEPTH) {
		problem(P, "regions nested deeper than %d", MT_IR_MAX_DEPTH);
		P->p--;
		skip_balanced(P);
		return;
	}
	P->depth++;
	if (c->op != MT_IR_NONE)
		P->m->ops[c->op].nregions++;
	parse_body(P, c, 1);
	P->depth--;
}

/* At '{' with no bracket open: a region, or an attribute dictionary?
 * A dictionary starts with `name =`, `name,`, `name}` (unit attribute) or
 * is empty on one line; a region starts with an op, a block label, or is
 * empty across lines. */
static int looks_like_region(parser *P)
{
	const char *q = P->p + 1;
	int nl = 0;

	for (;;) {
		while (q < P->end &&
		       (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')) {
			if (*q == '\n')
				nl = 1;
			q++;
		}
		if (q + 1 < P->end && q[0] == '/' && q[1] == '/') {
			while (q < P->end && *q != '\n')
				q++;
			continue;
		}
		break;
	}
	if (q >= P->end)
		return 0;
	if (*q == '}')
		return nl;
	if (*q == '%' || *q == '^')
		return 1;
	if (*q == '"') {
		for (q++; q < P->end && *q != '"' && *q != '\n'; q++)
			if (*q == '\\')
				q++;
		q++;
	} else if (is_id_start(*q)) {
		while (q < P->end && is_id_char(*q))
			q++;
	} else {
		return 0;
	}
	while (q < P->end && (*q == ' ' || *q == '\t'))
		q++;
	return !(q < P->end && (*q == '=' || *q == ',' || *q == '}'));
}

/* Ops of the func dialect print without prefix inside func.func. */
static int is_unprefixed_op(const char *s, size_t n)
{
	static const char *const names[] = { "return",        "call",
		                             "call_indirect", "constant",
		                             "module",        "func" };
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == n && !memcmp(names[i], s, n))
			return 1;
	return 0;
}

/* At a newline outside brackets: does the op go on? */
static int continues(parser *P, char last, int arrow)
{
	const char *q = P->p;
	const char *s;

	if (last == ',' || last == '=' || last == ':' || last == '|' || arrow)
		return 1;
	while (q < P->end &&
	       (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n'))
		q++;
	if (q >= P->end)
		return 0;
	if ((q + 1 < P->end && q[0] == '-' && q[1] == '>') ||
	    (*q == ':' && !(q + 1 < P->end && q[1] == ':')))
		return 1;
	/* no op starts with '{': an attribute dictionary or region of
	 * an op written across lines */
	if (*q == '{' && !(q + 1 < P->end && q[1] == '-'))
		return 1;
	if (!is_id_start(*q))
		return 0;
	s = q;
	while (q < P->end && is_id_char(*q))
		q++;
	if ((size_t)(q - s) == 3 && !memcmp(s, "loc", 3) && q < P->end &&
	    *q == '(')
		return 1;
	if ((size_t)(q - s) == 10 && !memcmp(s, "attributes", 10))
		return 1;
	if (memchr(s, '.', (size_t)(q - s)) ||
	    is_unprefixed_op(s, (size_t)(q - s)))
		return 0;
	/* `keyword(...)` clauses of a long custom op, one per line */
	return last == ')' || last == ']' || last == '>';
}

static void ssa_token(parser *P, opctx *c)
{
	const char *s;
	size_t n;
	uint64_t key;
	uint32_t vid, sub = 0;

	P->p++; /* '%' */
	read_id(P, &s, &n, 1);
	if (!n)
		return;
	key = name_hash(s, n);
	if (P->p + 1 < P->end && *P->p == '#' && is_digit(P->p[1])) {
		P->p++;
		sub = read_uint(P);
	}
	if (c->op == MT_IR_NONE)
		return;
	vid = mt_map_get(&P->ssa, key);
	if (vid != MT_IR_NONE) {
		const mt_ir_value *v = &P->m->values[vid];

		/* %x#N names result N of the group defined as %x */
		if (sub && !(v->idx & MT_IR_ARG)) {
			const mt_ir_op *d = &P->m->ops[v->op];

			vid = v->idx + sub < d->nresults ? vid + sub
			                                 : MT_IR_NONE;
		}
		MT_PUSH(P->scratch, P->nscratch, P->cap_scratch, vid);
		return;
	}
	/* Unknown name in the header: an argument this op defines for its
	 * regions (func arguments, loop induction variables, launch ids). */
	vid = new_value(P, c->op, MT_IR_ARG | c->nargs++);
	ssa_define(P, key, vid);
}

/* Note an opening bracket; past cap only count them, so that deeper
 * nesting costs nothing but is still balanced. */
static void push_open(char *stack, size_t cap, int *n, int *overflow, char ch)
{
	if ((size_t)*n < cap)
		stack[(*n)++] = ch;
	else
		(*overflow)++;
}

/* Scan the rest of an op (or an alias value) up to its end. */
static void scan_tail(parser *P, opctx *c)
{
	char stack[256];
	int n = 0, arrow = 0, overflow = 0;
	char last = 0;
	const char *s;
	size_t len;
	uint64_t h = c->h;

	while (P->p < P->end) {
		char ch = *P->p;

		if (ch == '\n') {
			if (n) {
				P->line++;
				P->p++;
				continue;
			}
			if (!continues(P, last, arrow))
				break;
			P->line++;
			P->p++;
			arrow = 0;
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r') {
			/* Spacing varies between printers and a location may
			 * follow; a space only counts where it separates two
			 * words ("1 x" is not "1x"). */
			P->p++;
			while (P->p < P->end && (*P->p == ' ' || *P->p == '\t'))
				P->p++;
			if (P->p < P->end && is_suffix_char(last) &&
			    is_suffix_char(*P->p) && !starts(P, "loc("))
				h = IR_HB(h, ' ');
			continue;
		}
		if (ch == '/' && P->p + 1 < P->end && P->p[1] == '/') {
			skip_line(P);
			continue;
		}
		arrow = 0;
		last = ch;
		if (ch == '"') {
			skip_string(P, &h, NULL, NULL);
			last = '"';
			continue;
		}
		if (ch == '%') {
			ssa_token(P, c);
			h = IR_HB(h, '%');
			last = 'a';
			continue;
		}
		if (ch == '@') {
			P->p++;
			if (P->p < P->end && *P->p == '"') {
				skip_string(P, &h, &s, &len);
			} else {
				read_id(P, &s, &len, 1);
				h = mt_hash_bytes(h, s, len);
			}
			/* the first symbol at depth 0 names or targets the op
			 */
			if (!n && !c->sym && len)
				c->sym = ir_intern(&P->m->strs, s, len);
			last = 'a';
			continue;
		}
		if (ch == '#' || ch == '!') {
			uint32_t a;

			P->p++;
			read_id(P, &s, &len, 1);
			if (P->p < P->end && *P->p == '<') {
				h = IR_HB(h, ch);
				h = mt_hash_bytes(h, s, len);
				if (len == 12 && !memcmp(s, "M.device_ref", 12))
					c->attr_dev = peek_device_ref(P);
				if (ch == '!' && len == 9 &&
				    (!memcmp(s, "mo.tensor", 9) ||
				     !memcmp(s, "mo.buffer", 9)))
					c->ntype++;
			} else {
				/* an alias: hash what it stands for, so that
				 * renumbered aliases (#map vs #map1) compare by
				 * content */
				a = mt_map_get(&P->attralias,
				               name_hash(s, len));
				if (a != MT_IR_NONE)
					h = ir_mix(h, P->aliashash[a]);
				else
					h = mt_hash_bytes(IR_HB(h, ch), s, len);
			}
			last = 'a';
			continue;
		}
		if (is_id_start(ch)) {
			read_id(P, &s, &len, 0);
			if (len == 3 && !memcmp(s, "loc", 3) && P->p < P->end &&
			    *P->p == '(') {
				uint32_t l;

				P->p++;
				l = parse_loc(P);
				if (!n && c->op != MT_IR_NONE)
					c->loc = l;
				last = ')';
				continue;
			}
			h = mt_hash_bytes(h, s, len);
			if (len == 3 &&
			    (!memcmp(s, "gpu", 3) || !memcmp(s, "cpu", 3)) &&
			    n && P->p + 1 < P->end && *P->p == ':' &&
			    is_digit(P->p[1])) {
				const char *k = s;
				long id;

				P->p++;
				id = (long)read_uint(P);
				c->last_type_dev = device_str(P, k, 3, id);
				if (c->ntype >= 1 && c->ntype <= 2)
					c->type_dev[c->ntype - 1] =
					        c->last_type_dev;
				h = ir_mix(h, (uint64_t)id);
			} else if (len == 2 && !memcmp(s, "to", 2)) {
				const char *q = P->p;

				while (q < P->end && *q == ' ')
					q++;
				if (q < P->end && *q == '<') {
					const char *save = P->p;

					P->p = q;
					c->to_dev = peek_device_ref(P);
					P->p = save;
				}
			} else if (len == 8 && !memcmp(s, "sym_name", 8) && n) {
				/* generic form: the symbol is an attribute */
				const char *q = P->p, *e;

				while (q < P->end && *q == ' ')
					q++;
				if (q < P->end && *q == '=')
					q++;
				while (q < P->end && *q == ' ')
					q++;
				if (q < P->end && *q == '"') {
					for (e = ++q; e < P->end && *e != '"' &&
					              *e != '\n';
					     e++)
						;
					c->sym = ir_intern(&P->m->strs, q,
					                   (size_t)(e - q));
					c->has_symname = 1;
				}
			}
			last = 'a';
			continue;
		}
		switch (ch) {
		case '(':
			/* generic form: "({" opens the region list */
			if (c->generic && !n) {
				const char *q = P->p + 1;

				while (q < P->end && (*q == ' ' || *q == '\n' ||
				                      *q == '\t' || *q == '\r'))
					q++;
				if (q < P->end && *q == '{') {
					P->p = q;
					for (;;) {
						parse_region(P, c);
						skip_ws(P);
						if (P->p < P->end &&
						    *P->p == ',') {
							P->p++;
							skip_ws(P);
							if (P->p < P->end &&
							    *P->p == '{')
								continue;
						}
						break;
					}
					if (P->p < P->end && *P->p == ')')
						P->p++;
					last = ')';
					continue;
				}
			}
			/* fall through */
		case '[':
		case '<':
			if (ch == '<' && P->p + 1 < P->end && P->p[1] == '=') {
				h = IR_HB(h, ch);
				P->p++;
				continue;
			}
			push_open(stack, sizeof(stack), &n, &overflow, ch);
			break;
		case '{':
			if (!n && !c->generic && c->op != MT_IR_NONE &&
			    looks_like_region(P)) {
				c->h = h;
				parse_region(P, c);
				h = c->h;
				last = '}';
				continue;
			}
			push_open(stack, sizeof(stack), &n, &overflow, ch);
			break;
		case '>':
			if (P->p[-1] == '-') {
				arrow = 1;
				break;
			}
			if (P->p + 1 < P->end && P->p[1] == '=')
				break;
			if (n && stack[n - 1] == '<')
				n--;
			break;
		case ')':
		case ']':
		case '}': {
			char open = ch == ')' ? '(' : ch == ']' ? '[' : '{';

			if (overflow) {
				overflow--;
				break;
			}
			if (!n) {
				if (ch == '}')
					goto done; /* closes our region */
				problem(P, "unbalanced '%c'", ch);
				break;
			}
			/* a '<' left open was a less-than, not a bracket */
			while (n && stack[n - 1] == '<' && open != '<')
				n--;
			if (n && stack[n - 1] == open)
				n--;
			break;
		}
		case '-':
			if (P->p + 1 < P->end && P->p[1] == '>') {
				h = IR_HB(IR_HB(h, '-'), '>');
				P->p += 2;
				arrow = 1;
				continue;
			}
			break;
		default:
			break;
		}
		h = IR_HB(h, ch);
		P->p++;
	}
done:
	if (n)
		problem(P, "op ends with %d unclosed bracket(s)", n);
	c->h = h;
}

static mt_ir_str op_name(parser *P, const opctx *owner, const char *s, size_t n)
{
	char buf[256];
	const char *parent;
	size_t dl;
	int w;

	if (memchr(s, '.', n) || n > 200)
		return ir_intern(&P->m->strs, s, n);
	/* default dialect: the enclosing op's, as MLIR's printer elides it */
	parent = owner && owner->op != MT_IR_NONE
	                 ? mt_ir_str_get(P->m, P->m->ops[owner->op].name)
	                 : "builtin";
	dl = mt_ir_dialect_len(parent);
	if ((n == 6 && !memcmp(s, "module", 6)) ||
	    (n == 26 && !memcmp(s, "unrealized_conversion_cast", 26)))
		dl = 7, parent = "builtin";
	w = snprintf(buf, sizeof(buf), "%.*s.%.*s", (int)dl, parent, (int)n, s);
	if (w < 0 || (size_t)w >= sizeof(buf))
		return ir_intern(&P->m->strs, s, n);
	return ir_intern(&P->m->strs, buf, (size_t)w);
}

/* A stage is read once, front to back, and nothing points back into its
 * text; hand the pages already read back to the kernel so a 139 MB stage
 * does not stay resident while the next one is parsed. */
static void drop_behind(parser *P)
{
	const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo, hi;

	if ((size_t)(P->p - P->dropped) < ((size_t)4 << 20))
		return;
	lo = ((uintptr_t)P->dropped + page - 1) & ~(page - 1);
	hi = ((uintptr_t)P->p - ((uintptr_t)1 << 20)) & ~(page - 1);
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
	P->dropped = (const char *)hi;
}

static void parse_op(parser *P, opctx *owner)
{
	mt_ir_module *m = P->m;
	const char *start = P->p, *s;
	size_t len, mark = P->nundo, res0 = P->nres, i;
	uint32_t line = P->line, idx, nres = 0;
	opctx c;
	mt_ir_op op;

	if (P->drop_behind)
		drop_behind(P);
	if (P->p >= P->next_progress) {
		P->progress(P->progress_payload, (size_t)(P->p - P->start),
		            (size_t)(P->end - P->start));
		P->next_progress = P->end - P->p > (ptrdiff_t)IR_PROGRESS_STEP
		                           ? P->p + IR_PROGRESS_STEP
		                           : P->end + 1;
	}

	/* results: %a, %b:2 = */
	while (P->p < P->end && *P->p == '%') {
		resname r;

		P->p++;
		read_id(P, &s, &len, 1);
		r.h = name_hash(s, len);
		r.count = 1;
		if (P->p + 1 < P->end && *P->p == ':' && is_digit(P->p[1])) {
			P->p++;
			r.count = read_uint(P);
			if (r.count > 1u << 20)
				r.count = 1u << 20;
		}
		MT_PUSH(P->res, P->nres, P->cap_res, r);
		nres += r.count;
		skip_blanks(P);
		if (P->p < P->end && *P->p == ',') {
			P->p++;
			skip_ws(P);
			continue;
		}
		if (P->p < P->end && *P->p == '=') {
			P->p++;
			skip_ws(P);
			break;
		}
		P->p = start;
		goto bad;
	}
	memset(&c, 0, sizeof(c));
	c.op = (uint32_t)m->nops;
	c.loc = MT_IR_NONE;
	c.scratch0 = P->nscratch;
	c.h = MT_HASH_SEED;
	if (P->p < P->end && *P->p == '"') {
		skip_string(P, NULL, &s, &len);
		c.generic = 1;
	} else if (P->p < P->end && is_id_start(*P->p)) {
		read_id(P, &s, &len, 0);
	} else {
		goto bad;
	}
	memset(&op, 0, sizeof(op));
	op.name = c.generic ? ir_intern(&m->strs, s, len)
	                    : op_name(P, owner, s, len);
	op.parent = owner ? owner->op : MT_IR_NONE;
	op.line = line;
	op.loc = MT_IR_NONE;
	op.flags = c.generic ? MT_IR_OP_GENERIC : 0;
	MT_PUSH(m->ops, m->nops, m->cap_ops, op);
	c.h = ir_mix(c.h, mt_ir_str_hash(m, m->ops[c.op].name));
	c.h = ir_mix(c.h, nres);
	scan_tail(P, &c);

	idx = c.op;
	{
		mt_ir_op *o = &m->ops[idx];
		size_t nops = P->nscratch - c.scratch0;

		o->end = (uint32_t)m->nops;
		o->loc = c.loc;
		o->sym = c.sym;
		o->attr_hash = mt_hash_finish(c.h);
		unsigned nc = ir_name_class(m, o->name);

		if (c.sym &&
		    (o->nregions || c.has_symname || (nc & IR_NC_SYMDEF)))
			o->flags |= MT_IR_OP_SYMDEF;
		o->device = c.attr_dev ? c.attr_dev
		            : c.to_dev ? c.to_dev
		                       : c.last_type_dev;
		if (nc & IR_NC_TRANSFER) {
			o->flags |= MT_IR_OP_TRANSFER;
			o->xfer_from = c.type_dev[0];
			o->xfer_to = c.to_dev ? c.to_dev : c.type_dev[1];
			if (c.ntype >= 1 && !o->xfer_from)
				o->xfer_from = ir_intern(&m->strs, "cpu", 3);
			if (c.ntype >= 2 && !o->xfer_to)
				o->xfer_to = ir_intern(&m->strs, "cpu", 3);
		}
		o->first_operand = (uint32_t)m->noperands;
		o->noperands = (uint32_t)nops;
		mt_grow((void **)&m->operands, &m->cap_operands,
		        m->noperands + nops, sizeof(*m->operands));
		if (nops)
			memcpy(m->operands + m->noperands,
			       P->scratch + c.scratch0,
			       nops * sizeof(*P->scratch));
		m->noperands += nops;
		P->nscratch = c.scratch0;
	}
	/* names defined in the header and regions end with the op */
	ssa_rollback(P, mark);
	m->ops[idx].first_result = (uint32_t)m->nvalues;
	m->ops[idx].nresults = nres;
	for (i = res0; i < P->nres; i++) {
		uint32_t k, first = MT_IR_NONE;

		for (k = 0; k < P->res[i].count; k++) {
			uint32_t v =
			        new_value(P, idx,
			                  (uint32_t)(m->nvalues -
			                             m->ops[idx].first_result));

			if (first == MT_IR_NONE)
				first = v;
		}
		if (first != MT_IR_NONE)
			ssa_define(P, P->res[i].h, first);
	}
	P->nres = res0;
	return;
bad:
	P->nres = res0;
	problem(P, "not an op");
	skip_line(P);
}

/* ^bb0(%a: T loc(...), %b: T): arguments belong to the region's op. */
static void parse_block_label(parser *P, opctx *owner)
{
	const char *s;
	size_t n;

	P->p++;
	read_id(P, &s, &n, 1);
	if (P->p < P->end && *P->p == '(') {
		int depth = 0;

		while (P->p < P->end) {
			char ch = *P->p;

			if (ch == '"') {
				skip_string(P, NULL, NULL, NULL);
				continue;
			}
			if (ch == '/' && P->p + 1 < P->end && P->p[1] == '/') {
				skip_line(P);
				continue;
			}
			if (ch == '%' && depth == 1) {
				uint64_t key;

				P->p++;
				read_id(P, &s, &n, 1);
				key = name_hash(s, n);
				if (owner && owner->op != MT_IR_NONE)
					ssa_define(
					        P, key,
					        new_value(
					                P, owner->op,
					                MT_IR_ARG |
					                        owner->nargs++));
				continue;
			}
			if (ch == 'l' && starts(P, "loc(")) {
				P->p += 4;
				parse_loc(P);
				continue;
			}
			if (ch == '\n')
				P->line++;
			P->p++;
			if (ch == '(' || ch == '<' || ch == '[' || ch == '{')
				depth++;
			else if (ch == ')' || ch == ']' || ch == '}' ||
			         (ch == '>' && P->p[-2] != '-'))
				if (--depth == 0)
					break;
		}
	}
	skip_blanks(P);
	if (P->p < P->end && *P->p == ':')
		P->p++;
}

/* #name = value / !name = type at file level. */
static void parse_alias_def(parser *P)
{
	char sigil = *P->p;
	const char *s;
	size_t n;
	uint64_t key;

	P->p++;
	read_id(P, &s, &n, 1);
	key = name_hash(s, n);
	skip_blanks(P);
	if (!n || P->p >= P->end || *P->p != '=') {
		problem(P, "not an alias definition");
		skip_line(P);
		return;
	}
	P->p++;
	skip_blanks(P);
	if (sigil == '#' && starts(P, "loc(")) {
		uint32_t r, num;
		int found;
		size_t slot;
		mt_ir_module *m = P->m;

		P->p += 4;
		r = parse_loc(P);
		if (loc_alias_num(P, s, n, &num)) {
			if (num >= m->cap_locnum) {
				size_t old = m->cap_locnum;

				mt_grow((void **)&m->locnum, &m->cap_locnum,
				        (size_t)num + 1, sizeof(*m->locnum));
				memset(m->locnum + old, 0xff,
				       (m->cap_locnum - old) *
				               sizeof(*m->locnum));
			}
			m->locnum[num] = r;
			return;
		}
		slot = mt_map_slot(
		        &P->m->localias,
		        mt_ir_str_hash(P->m, ir_intern(&P->m->strs, s, n)), r,
		        &found);
		*mt_map_val(&P->m->localias, slot) = r;
	} else {
		opctx c;
		int found;
		size_t slot;

		memset(&c, 0, sizeof(c));
		c.op = MT_IR_NONE;
		c.h = MT_HASH_SEED;
		scan_tail(P, &c);
		MT_PUSH(P->aliashash, P->naliashash, P->cap_aliashash,
		        mt_hash_finish(c.h));
		slot = mt_map_slot(&P->attralias, key,
		                   (uint32_t)(P->naliashash - 1), &found);
		*mt_map_val(&P->attralias, slot) =
		        (uint32_t)(P->naliashash - 1);
	}
}

static void parse_body(parser *P, opctx *owner, int in_region)
{
	for (;;) {
		char c;

		skip_ws(P);
		if (P->p >= P->end) {
			if (in_region)
				problem(P, "region not closed at end of input");
			return;
		}
		c = *P->p;
		if (c == '}') {
			P->p++;
			if (in_region)
				return;
			problem(P, "unbalanced '}'");
			continue;
		}
		if (c == '^') {
			parse_block_label(P, owner);
			continue;
		}
		if (!in_region && (c == '#' || c == '!')) {
			parse_alias_def(P);
			continue;
		}
		if (c == '{' && starts(P, "{-#")) {
			const char *e = NULL, *q;

			/* dialect resources: blobs, never ops */
			for (q = P->p; q + 2 < P->end; q++) {
				if (*q == '\n')
					P->line++;
				if (q[0] == '#' && q[1] == '-' && q[2] == '}') {
					e = q + 3;
					break;
				}
			}
			if (!e) {
				problem(P, "resource section not closed");
				e = P->end;
			}
			P->p = e;
			continue;
		}
		if (c == '{') {
			/* a bare block: keep its ops in the enclosing scope */
			problem(P, "unexpected '{'");
			P->p++;
			continue;
		}
		parse_op(P, owner);
	}
}

int mt_ir_parse(mt_ir_module **out, const char *data, size_t len, mt_error *err)
{
	return ir_parse(out, data, len, 0, err);
}

int ir_parse(mt_ir_module **out,
             const char *data,
             size_t len,
             int drop,
             mt_error *err)
{
	return ir_parse_progress(out, data, len, drop, NULL, NULL, err);
}

int ir_parse_progress(mt_ir_module **out,
                      const char *data,
                      size_t len,
                      int drop,
                      ir_progress_fn progress,
                      void *payload,
                      mt_error *err)
{
	parser P;
	mt_ir_module *m = mt_calloc(1, sizeof(*m));

	m->loccache = mt_calloc(IR_LOCCACHE, sizeof(*m->loccache));
	/* Reserve the big arrays once from the text size instead of doubling
	 * them (each doubling copies the array and touches it twice). The
	 * ratios are generous for mlir-opt's output (about 200 bytes of text
	 * an op, 60 a location); pages never written cost no memory, and
	 * finishing gives the unused tail back. More ops than that (a text
	 * of tiny ops) still grow by doubling. */
	mt_grow((void **)&m->ops, &m->cap_ops, len / 128 + 16, sizeof(*m->ops));
	mt_grow((void **)&m->values, &m->cap_values, len / 96 + 16,
	        sizeof(*m->values));
	mt_grow((void **)&m->operands, &m->cap_operands, len / 96 + 16,
	        sizeof(*m->operands));
	mt_grow((void **)&m->rawlocs, &m->cap_rawlocs, len / 48 + 16,
	        sizeof(*m->rawlocs));
	mt_grow((void **)&m->rawitems, &m->cap_rawitems, len / 48 + 16,
	        sizeof(*m->rawitems));
	/* An alias definition takes at least 16 bytes ("#locN = loc(..)\n"),
	 * so no real number exceeds len / 16; a larger one (hostile input)
	 * is handled as a name rather than allocating its table. */
	m->locnum_max = len / 16 + 64;

	(void)err;
	memset(&P, 0, sizeof(P));
	P.drop_behind = drop;
	P.dropped = data;
	P.p = data;
	P.end = data + len;
	P.start = data;
	/* past the end: never, unless the text is large enough */
	P.next_progress = P.end + 1;
	if (progress && len > IR_PROGRESS_MIN) {
		P.progress = progress;
		P.progress_payload = payload;
		P.next_progress = data + IR_PROGRESS_STEP;
	}
	P.line = 1;
	P.m = m;
	ir_intern(&m->strs, "", 0);
	mt_map_init(&P.ssa, 1024);
	parse_body(&P, NULL, 0);
	ir_finish(m);
	mt_map_release(&P.ssa);
	mt_map_release(&P.attralias);
	free(P.undo);
	free(P.aliashash);
	free(P.scratch);
	free(P.res);
	*out = m;
	return 0;
}
