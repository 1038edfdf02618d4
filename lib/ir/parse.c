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
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

int ir_parse_no_memo;
unsigned long ir_parse_memo_hits;

/* Below this size a stage parses in about a second: no progress inside. */
#define IR_PROGRESS_MIN ((size_t)64 << 20)
#define IR_PROGRESS_STEP ((size_t)16 << 20)

/* The key of SSA name s (n > 0 bytes): a plain decimal number without
 * leading zeros, small enough for the dense table, is its own key; any
 * other name is hashed. Definitions and uses decide the same way. */
static ir_ssakey ssa_key(const ir_parser *P, const char *s, size_t n)
{
	ir_ssakey k;
	uint64_t v = 0;
	size_t i;

	if (n && n <= 9 && (n == 1 || s[0] != '0')) {
		for (i = 0; i < n && ir_is_digit(s[i]); i++)
			v = v * 10 + (uint64_t)(s[i] - '0');
		if (i == n && v <= P->ssanum_max) {
			k.h = v;
			k.num = 1;
			return k;
		}
	}
	k.h = ir_name_hash(s, n);
	k.num = 0;
	return k;
}

static uint32_t ssa_get(const ir_parser *P, ir_ssakey k)
{
	if (k.num)
		return k.h < P->cap_ssanum ? P->ssanum[k.h] : MT_IR_NONE;
	return mt_map_get(&P->ssa, k.h);
}

/* Bind k to vid; returns what it was bound to. */
static uint32_t ssa_set(ir_parser *P, ir_ssakey k, uint32_t vid)
{
	uint32_t old;

	if (k.num) {
		if (k.h >= P->cap_ssanum) {
			size_t c = P->cap_ssanum;

			mt_grow((void **)&P->ssanum, &P->cap_ssanum,
			        (size_t)k.h + 1, sizeof(*P->ssanum));
			memset(P->ssanum + c, 0xff,
			       (P->cap_ssanum - c) * sizeof(*P->ssanum));
		}
		old = P->ssanum[k.h];
		P->ssanum[k.h] = vid;
		return old;
	} else {
		int found;
		size_t slot = mt_map_slot(&P->ssa, k.h, vid, &found);

		old = found ? *mt_map_val(&P->ssa, slot) : MT_IR_NONE;
		*mt_map_val(&P->ssa, slot) = vid;
		return old;
	}
}

static void ssa_define(ir_parser *P, ir_ssakey key, uint32_t vid)
{
	ir_undo u;

	u.key = key;
	u.old = ssa_set(P, key, vid);
	IR_PUSH(P->undo, P->nundo, P->cap_undo, u);
}

static void ssa_rollback(ir_parser *P, size_t mark)
{
	while (P->nundo > mark) {
		ir_undo u = P->undo[--P->nundo];

		ssa_set(P, u.key, u.old);
	}
}

static uint32_t new_value(ir_parser *P, uint32_t op, uint32_t idx)
{
	mt_ir_value v = { op, idx };

	IR_PUSH(P->m->values, P->m->nvalues, P->m->cap_values, v);
	return (uint32_t)(P->m->nvalues - 1);
}

/* ---- devices ---- */

static mt_ir_str device_str(ir_parser *P, const char *kind, size_t kn, long id)
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
static mt_ir_str peek_device_ref(ir_parser *P)
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
		while (q < P->end && ir_is_digit(*q) && id < 100000)
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

static void parse_body(ir_parser *P, opctx *owner, int in_region);

static void parse_region(ir_parser *P, opctx *c)
{
	P->p++; /* '{' */
	if (P->depth >= MT_IR_MAX_DEPTH) {
		ir_problem(P, "regions nested deeper than %d", MT_IR_MAX_DEPTH);
		P->p--;
		ir_skip_balanced(P);
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
static int looks_like_region(ir_parser *P)
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
	} else if (ir_is_id_start(*q)) {
		while (q < P->end && ir_is_id_char(*q))
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
static int continues(ir_parser *P, char last, int arrow)
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
	if (!ir_is_id_start(*q))
		return 0;
	s = q;
	while (q < P->end && ir_is_id_char(*q))
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

static void
ssa_use(ir_parser *P, opctx *c, const char *s, size_t n, uint32_t sub);

static void ssa_token(ir_parser *P, opctx *c)
{
	const char *s;
	size_t n;
	uint32_t sub = 0;

	P->p++; /* '%' */
	ir_read_id(P, &s, &n, 1);
	if (!n)
		return;
	if (P->p + 1 < P->end && *P->p == '#' && ir_is_digit(P->p[1])) {
		P->p++;
		sub = ir_read_uint(P);
	}
	ssa_use(P, c, s, n, sub);
}

/* The use of SSA name s (n > 0 bytes; result sub of its group) in op
 * c's text: an operand, or an argument c defines. */
static void
ssa_use(ir_parser *P, opctx *c, const char *s, size_t n, uint32_t sub)
{
	ir_ssakey key;
	uint32_t vid;

	if (c->op == MT_IR_NONE)
		return;
	key = ssa_key(P, s, n);
	vid = ssa_get(P, key);
	if (vid != MT_IR_NONE) {
		const mt_ir_value *v = &P->m->values[vid];

		/* %x#N names result N of the group defined as %x */
		if (sub && !(v->idx & MT_IR_ARG)) {
			const mt_ir_op *d = &P->m->ops[v->op];

			vid = v->idx + sub < d->nresults ? vid + sub
			                                 : MT_IR_NONE;
		}
		IR_PUSH(P->scratch, P->nscratch, P->cap_scratch, vid);
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

/* Where scan_tail is inside an op's text: open brackets (past the cap
 * only counted), whether the last token was "->", the last byte that
 * counted, and the op's hash so far. */
typedef struct tail {
	char stack[256];
	int n, arrow, overflow;
	char last;
	uint64_t h;
} tail;

/* At a newline: 1 if the op goes on past it (consumed), 0 if it ends. */
static int tail_newline(ir_parser *P, tail *t)
{
	if (!t->n && !continues(P, t->last, t->arrow))
		return 0;
	P->line++;
	P->p++;
	if (!t->n)
		t->arrow = 0;
	return 1;
}

/* Spacing varies between printers and a location may follow; a space
 * only counts where it separates two words ("1 x" is not "1x"). */
static void tail_blank(ir_parser *P, tail *t)
{
	const char *q = P->p + 1, *end = P->end;

	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	P->p = q;
	if (P->p < P->end && ir_is_suffix_char(t->last) &&
	    ir_is_suffix_char(*P->p) && !ir_starts(P, "loc("))
		t->h = IR_HB(t->h, ' ');
}

/* At '@': a symbol; the first one at depth 0 names or targets the op. */
static void tail_symbol(ir_parser *P, opctx *c, tail *t)
{
	const char *s;
	size_t len;

	P->p++;
	if (P->p < P->end && *P->p == '"') {
		ir_skip_string(P, &t->h, &s, &len);
	} else {
		ir_read_id(P, &s, &len, 1);
		t->h = ir_hash_bytes(t->h, s, len);
	}
	if (!t->n && !c->sym && len)
		c->sym = ir_intern(&P->m->strs, s, len);
}

/* At '#' or '!': an attribute or type (#d.attr<...>, !d.type<...>), or
 * an alias, hashed by what it stands for so that renumbered aliases
 * (#map vs #map1) compare by content. */
static void tail_sigil(ir_parser *P, opctx *c, tail *t, char ch)
{
	const char *s;
	size_t len;
	uint32_t a;

	P->p++;
	ir_read_id(P, &s, &len, 1);
	if (P->p < P->end && *P->p == '<') {
		t->h = IR_HB(t->h, ch);
		t->h = ir_hash_bytes(t->h, s, len);
		if (len == 12 && !memcmp(s, "M.device_ref", 12))
			c->attr_dev = peek_device_ref(P);
		if (ch == '!' && len == 9 &&
		    (!memcmp(s, "mo.tensor", 9) || !memcmp(s, "mo.buffer", 9)))
			c->ntype++;
		return;
	}
	a = mt_map_get(&P->attralias, ir_name_hash(s, len));
	if (a != MT_IR_NONE)
		t->h = ir_mix(t->h, P->aliashash[a]);
	else
		t->h = ir_hash_bytes(IR_HB(t->h, ch), s, len);
}

/* After a `to` keyword: `to <"gpu", 1>` is a transfer's target. */
static void tail_to(ir_parser *P, opctx *c)
{
	const char *q = P->p, *save = P->p;

	while (q < P->end && *q == ' ')
		q++;
	if (q < P->end && *q == '<') {
		P->p = q;
		c->to_dev = peek_device_ref(P);
		P->p = save;
	}
}

/* After `sym_name` inside brackets: the generic form's symbol. */
static void tail_sym_name(ir_parser *P, opctx *c)
{
	const char *q = P->p, *e;

	while (q < P->end && *q == ' ')
		q++;
	if (q < P->end && *q == '=')
		q++;
	while (q < P->end && *q == ' ')
		q++;
	if (q < P->end && *q == '"') {
		for (e = ++q; e < P->end && *e != '"' && *e != '\n'; e++)
			;
		c->sym = ir_intern(&P->m->strs, q, (size_t)(e - q));
		c->has_symname = 1;
	}
}

/* At an identifier: a location, a device type suffix (gpu:0), or a word
 * that only feeds the hash. Sets t->last. */
static void tail_word(ir_parser *P, opctx *c, tail *t)
{
	const char *s = P->p, *q = P->p;
	size_t len;
	uint64_t h = t->h;

	/* read and hash in one pass; a location is not hashed */
	while (q < P->end && ir_is_id_char(*q)) {
		h = IR_HB(h, *q);
		q++;
	}
	P->p = q;
	len = (size_t)(q - s);
	t->last = 'a';
	if (len == 3 && !memcmp(s, "loc", 3) && P->p < P->end && *P->p == '(') {
		uint32_t l;

		P->p++;
		l = ir_parse_loc(P);
		if (!t->n && c->op != MT_IR_NONE)
			c->loc = l;
		t->last = ')';
		return;
	}
	t->h = h;
	if (len == 3 && (!memcmp(s, "gpu", 3) || !memcmp(s, "cpu", 3)) &&
	    t->n && P->p + 1 < P->end && *P->p == ':' && ir_is_digit(P->p[1])) {
		long id;

		P->p++;
		id = (long)ir_read_uint(P);
		c->last_type_dev = device_str(P, s, 3, id);
		if (c->ntype >= 1 && c->ntype <= 2)
			c->type_dev[c->ntype - 1] = c->last_type_dev;
		t->h = ir_mix(t->h, (uint64_t)id);
	} else if (len == 2 && !memcmp(s, "to", 2)) {
		tail_to(P, c);
	} else if (len == 8 && !memcmp(s, "sym_name", 8) && t->n) {
		tail_sym_name(P, c);
	}
}

/* At '(' of a generic op at depth 0: "({" opens its region list, read
 * here through the closing ')'. Returns 0 (nothing consumed) otherwise. */
static int generic_regions(ir_parser *P, opctx *c)
{
	const char *q = P->p + 1;

	while (q < P->end &&
	       (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r'))
		q++;
	if (q >= P->end || *q != '{')
		return 0;
	P->p = q;
	for (;;) {
		parse_region(P, c);
		ir_skip_ws(P);
		if (P->p < P->end && *P->p == ',') {
			P->p++;
			ir_skip_ws(P);
			if (P->p < P->end && *P->p == '{')
				continue;
		}
		break;
	}
	if (P->p < P->end && *P->p == ')')
		P->p++;
	return 1;
}

enum { TAIL_HASH, TAIL_NEXT, TAIL_DONE };

/* A closing bracket; a '}' with nothing open closes the region we are
 * in, which ends the op. */
static int tail_close(ir_parser *P, tail *t, char ch)
{
	char open = ch == ')' ? '(' : ch == ']' ? '[' : '{';

	if (t->overflow) {
		t->overflow--;
		return TAIL_HASH;
	}
	if (!t->n) {
		if (ch == '}')
			return TAIL_DONE;
		ir_problem(P, "unbalanced '%c'", ch);
		return TAIL_HASH;
	}
	/* a '<' left open was a less-than, not a bracket */
	while (t->n && t->stack[t->n - 1] == '<' && open != '<')
		t->n--;
	if (t->n && t->stack[t->n - 1] == open)
		t->n--;
	return TAIL_HASH;
}

/* Brackets, arrows and other punctuation: TAIL_HASH to hash ch and move
 * on, TAIL_NEXT if already consumed, TAIL_DONE at the op's end. */
static int tail_punct(ir_parser *P, opctx *c, tail *t, char ch)
{
	switch (ch) {
	case '(':
		if (c->generic && !t->n && generic_regions(P, c)) {
			t->last = ')';
			return TAIL_NEXT;
		}
		/* fall through */
	case '[':
	case '<':
		if (ch == '<' && P->p + 1 < P->end && P->p[1] == '=') {
			t->h = IR_HB(t->h, ch);
			P->p++;
			return TAIL_NEXT;
		}
		push_open(t->stack, sizeof(t->stack), &t->n, &t->overflow, ch);
		return TAIL_HASH;
	case '{':
		if (!t->n && !c->generic && c->op != MT_IR_NONE &&
		    looks_like_region(P)) {
			c->h = t->h;
			parse_region(P, c);
			t->h = c->h;
			t->last = '}';
			return TAIL_NEXT;
		}
		push_open(t->stack, sizeof(t->stack), &t->n, &t->overflow, ch);
		return TAIL_HASH;
	case '>':
		if (P->p[-1] == '-')
			t->arrow = 1;
		else if (!(P->p + 1 < P->end && P->p[1] == '=') && t->n &&
		         t->stack[t->n - 1] == '<')
			t->n--;
		return TAIL_HASH;
	case ')':
	case ']':
	case '}':
		return tail_close(P, t, ch);
	case '-':
		if (P->p + 1 < P->end && P->p[1] == '>') {
			t->h = IR_HB(IR_HB(t->h, '-'), '>');
			P->p += 2;
			t->arrow = 1;
			return TAIL_NEXT;
		}
		return TAIL_HASH;
	default:
		return TAIL_HASH;
	}
}

/* What scan_tail does at a byte: one table lookup and one jump instead
 * of a chain of tests (the reader asks it at every token). The bytes
 * left at 0 are exactly those of class IR_CC_PLAIN (lex.c). */
enum {
	TK_PLAIN, /* only feeds the hash */
	TK_PUNCT, /* brackets, arrows: tail_punct */
	TK_NL,
	TK_BLANK, /* ' ' '\t' '\r' */
	TK_SLASH,
	TK_QUOTE,
	TK_PCT,
	TK_AT,
	TK_SIGIL, /* '#' '!' */
	TK_ID /* an identifier's first byte */
};

/* clang-format off */
static const uint8_t tk_table[256] = {
	['\n'] = TK_NL, [' '] = TK_BLANK, ['\t'] = TK_BLANK, ['\r'] = TK_BLANK,
	['/'] = TK_SLASH, ['"'] = TK_QUOTE, ['%'] = TK_PCT, ['@'] = TK_AT,
	['#'] = TK_SIGIL, ['!'] = TK_SIGIL,
	['('] = TK_PUNCT, [')'] = TK_PUNCT, ['['] = TK_PUNCT, [']'] = TK_PUNCT,
	['{'] = TK_PUNCT, ['}'] = TK_PUNCT, ['<'] = TK_PUNCT, ['>'] = TK_PUNCT,
	['-'] = TK_PUNCT,
	['A'] = TK_ID, ['B'] = TK_ID, ['C'] = TK_ID, ['D'] = TK_ID, ['E'] = TK_ID,
	['F'] = TK_ID, ['G'] = TK_ID, ['H'] = TK_ID, ['I'] = TK_ID, ['J'] = TK_ID,
	['K'] = TK_ID, ['L'] = TK_ID, ['M'] = TK_ID, ['N'] = TK_ID, ['O'] = TK_ID,
	['P'] = TK_ID, ['Q'] = TK_ID, ['R'] = TK_ID, ['S'] = TK_ID, ['T'] = TK_ID,
	['U'] = TK_ID, ['V'] = TK_ID, ['W'] = TK_ID, ['X'] = TK_ID, ['Y'] = TK_ID,
	['Z'] = TK_ID, ['a'] = TK_ID, ['b'] = TK_ID, ['c'] = TK_ID, ['d'] = TK_ID,
	['e'] = TK_ID, ['f'] = TK_ID, ['g'] = TK_ID, ['h'] = TK_ID, ['i'] = TK_ID,
	['j'] = TK_ID, ['k'] = TK_ID, ['l'] = TK_ID, ['m'] = TK_ID, ['n'] = TK_ID,
	['o'] = TK_ID, ['p'] = TK_ID, ['q'] = TK_ID, ['r'] = TK_ID, ['s'] = TK_ID,
	['t'] = TK_ID, ['u'] = TK_ID, ['v'] = TK_ID, ['w'] = TK_ID, ['x'] = TK_ID,
	['y'] = TK_ID, ['z'] = TK_ID, ['_'] = TK_ID,
};
/* clang-format on */

/* Scan an op's text from P->p on, in state t. Returns 1 at the op's
 * end, 0 at P->end (the end of the text, or where tail_memo stops). */
static int tail_run(ir_parser *P, opctx *c, tail *t)
{
	while (P->p < P->end) {
		char ch = *P->p;

		switch (tk_table[(unsigned char)ch]) {
		case TK_PLAIN: {
			/* digits and punctuation that only feed the hash */
			const char *q = P->p, *end = P->end;
			uint64_t h = t->h;

			do {
				h = IR_HB(h, ch);
				if (++q >= end)
					break;
				ch = *q;
			} while (ir_cclass[(unsigned char)ch] & IR_CC_PLAIN);
			t->h = h;
			t->last = q[-1];
			t->arrow = 0;
			P->p = q;
			continue;
		}
		case TK_NL:
			if (!tail_newline(P, t))
				return 1;
			continue;
		case TK_BLANK:
			tail_blank(P, t);
			continue;
		case TK_SLASH:
			if (P->p + 1 < P->end && P->p[1] == '/') {
				ir_skip_line(P);
				continue;
			}
			break;
		case TK_QUOTE:
			t->arrow = 0;
			t->last = ch;
			ir_skip_string(P, &t->h, NULL, NULL);
			continue;
		case TK_PCT:
			t->arrow = 0;
			ssa_token(P, c);
			t->h = IR_HB(t->h, '%');
			t->last = 'a';
			continue;
		case TK_AT:
			t->arrow = 0;
			tail_symbol(P, c, t);
			t->last = 'a';
			continue;
		case TK_SIGIL:
			t->arrow = 0;
			tail_sigil(P, c, t, ch);
			t->last = 'a';
			continue;
		case TK_ID:
			t->arrow = 0;
			tail_word(P, c, t);
			continue;
		default:
			break;
		}
		t->arrow = 0;
		t->last = ch;
		{
			int r = tail_punct(P, c, t, ch);

			if (r == TAIL_DONE)
				return 1;
			if (r == TAIL_HASH) {
				t->h = IR_HB(t->h, ch);
				P->p++;
			}
		}
	}
	return 0;
}

/*
 * Ops repeat: the llvm dialect writes thousands of
 *     %5 = llvm.insertvalue %arg5, %4[4, 0] : !llvm.struct<(ptr, ...)>
 * that differ only in their SSA names, and reading their types token by
 * token is most of the reader's time. So the start of an op's text, up
 * to its location or the end of its line, is remembered by its bytes
 * (the SSA names left out): what reading it did to the op (its hash so
 * far, symbol, devices, the last byte) is replayed, and only the SSA
 * names are looked up again, by the same ssa_use.
 *
 * Replaying must be what reading would have done, so the segment is
 * taken only where that is a function of its bytes alone:
 * - no string, brace or slash in it (strings may hold anything, braces
 *   open regions that need what follows, slashes start comments);
 * - it ends at a newline, or at a "loc(" that the reader takes as the
 *   op's location: after a byte that no word or name goes on through
 *   (a letter before it makes "xloc" one word: not the end; a digit, '-',
 *   '.', '$' or a sigil before it may be either: no memo);
 * - the op is not generic (its '(' may open regions on later lines);
 * - reading it opened no bracket that it did not close and noted no
 *   problem (checked after the first reading: else nothing is kept);
 * - attribute aliases are as they were: a new #alias or !alias
 *   definition forgets every segment (parse_alias_def).
 * The first reading of a segment is the ordinary one, paused at the
 * segment's end; what it did is stored under its key.
 */

#define IR_MEMO_REFS 16

typedef struct memo_ref {
	const char *s;
	uint32_t n, sub;
} memo_ref;

/* Bytes [a, b) into key k, a word at a time; the text goes on to end.
 * A last part word is read whole where the text allows (the bytes past
 * b masked off), else byte by byte. */
static uint64_t
memo_hash_run(uint64_t k, const char *a, const char *b, const char *end)
{
	size_t n = (size_t)(b - a);
	uint64_t w;

	while (n >= 8) {
		memcpy(&w, a, 8);
		k = (k ^ w) * 0x9e3779b97f4a7c15ULL;
		k ^= k >> 29;
		a += 8;
		n -= 8;
	}
	if (!n)
		return k;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (end - a >= 8) {
		memcpy(&w, a, 8);
		w &= ~(uint64_t)0 >> (64 - 8 * n); /* the first n bytes */
	} else
#endif
	{
		size_t i;

		for (w = 0, i = 0; i < n; i++)
			w |= (uint64_t)(unsigned char)a[i] << (8 * i);
	}
	k = (k ^ w ^ ((uint64_t)n << 59)) * 0x9e3779b97f4a7c15ULL;
	return k ^ (k >> 29);
}

enum { MC_PLAIN, MC_PCT, MC_BAIL, MC_NL, MC_PAREN };

/* clang-format off */
static const uint8_t memo_class[256] = {
	['%'] = MC_PCT, ['"'] = MC_BAIL, ['{'] = MC_BAIL, ['}'] = MC_BAIL,
	['/'] = MC_BAIL, ['\n'] = MC_NL, ['('] = MC_PAREN,
};
/* clang-format on */

/* The first byte at or after q (before end) whose memo_class is not
 * MC_PLAIN: 16 bytes at a time where SSE2 is there (x86-64 always). The
 * bytes compared are exactly memo_class's. */
static inline const char *memo_skip(const char *q, const char *end)
{
#if defined(__SSE2__)
	const __m128i pct = _mm_set1_epi8('%'), quo = _mm_set1_epi8('"');
	const __m128i lbr = _mm_set1_epi8('{'), rbr = _mm_set1_epi8('}');
	const __m128i sla = _mm_set1_epi8('/'), nl = _mm_set1_epi8('\n');
	const __m128i par = _mm_set1_epi8('(');

	while (end - q >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
		__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, pct),
		                                      _mm_cmpeq_epi8(v, quo)),
		                         _mm_or_si128(_mm_cmpeq_epi8(v, lbr),
		                                      _mm_cmpeq_epi8(v, rbr)));
		int bits;

		m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, sla),
		                                 _mm_cmpeq_epi8(v, nl)));
		m = _mm_or_si128(m, _mm_cmpeq_epi8(v, par));
		bits = _mm_movemask_epi8(m);
		if (bits)
			return q + __builtin_ctz((unsigned)bits);
		q += 16;
	}
#endif
	while (q < end && !memo_class[(unsigned char)*q])
		q++;
	return q;
}

/* The segment from s: its end *x, its key and its SSA names. 0 if the
 * op has no such segment. */
static int memo_scan(const ir_parser *P,
                     const opctx *c,
                     const char *s,
                     const char **x,
                     uint64_t *key,
                     memo_ref *refs,
                     unsigned *nrefs)
{
	const char *q = s, *end = P->end, *run = s;
	uint64_t k = c->h ^ 0x6d656d6f5f746169ULL;

	*nrefs = 0;
	for (;;) {
		q = memo_skip(q, end);
		if (q >= end)
			break;
		if (*q == '%') {
			memo_ref *r;
			const char *nm = q + 1;

			k = memo_hash_run(k, run, q + 1, end);
			q = nm;
			while (q < end && ir_is_suffix_char(*q))
				q++;
			if (q == nm || *nrefs == IR_MEMO_REFS)
				return 0;
			r = &refs[(*nrefs)++];
			r->s = nm;
			r->n = (uint32_t)(q - nm);
			r->sub = 0;
			if (q + 1 < end && *q == '#' && ir_is_digit(q[1])) {
				q++;
				r->sub = ir_uint_at(&q, end);
			}
			k = (k ^ 0x25) * 0x9e3779b97f4a7c15ULL;
			run = q;
			continue;
		}
		if (*q == '(') {
			const char *l = q - 3;
			unsigned char before;

			if (q - s < 4 || memcmp(l, "loc", 3)) {
				q++;
				continue;
			}
			before = (unsigned char)l[-1];
			if (ir_cclass[before] & IR_CC_ID_START) {
				q++;
				continue;
			}
			/* an SSA name's bytes are all of class SUFFIX: a
			 * "loc" inside one is caught here too */
			if ((ir_cclass[before] & (IR_CC_ID | IR_CC_SUFFIX)) ||
			    before == '%' || before == '@' || before == '#' ||
			    before == '!')
				return 0;
			q = l;
			break;
		}
		if (*q != '\n')
			return 0;
		break;
	}
	k = memo_hash_run(k, run, q, end);
	*key = mt_hash_finish(k ^ (uint64_t)(q - s)) | 1;
	*x = q;
	return 1;
}

/* Before an op's text is read: replay its segment if it was read
 * before, else read it (storing what it did). Where under one try in 16
 * is replayed over IR_MEMO_WINDOW ops (a text of distinct constants:
 * the scan made parsing 10% slower there), the memo rests for 16 such
 * windows and then tries again. Returns 1 if the op ended
 * inside (it cannot, by memo_scan's rules; kept for safety). */
static int tail_memo(ir_parser *P, opctx *c, tail *t)
{
	memo_ref refs[IR_MEMO_REFS];
	unsigned nrefs, i;
	const char *x, *end = P->end;
	uint64_t key;
	ir_tailmemo *e;
	const char *s0 = P->p;
	size_t nprob = P->m->nproblems;
	int ended;

	if (P->memo_rest) {
		P->memo_rest--;
		return 0;
	}
	if (++P->memo_tries == IR_MEMO_WINDOW) {
		/* almost nothing repeats here: the scans cost more than
		 * the replays save, so rest, then look again */
		if (P->memo_won * 16 < P->memo_tries)
			P->memo_rest = 16 * IR_MEMO_WINDOW;
		P->memo_tries = P->memo_won = 0;
	}
	if (!memo_scan(P, c, s0, &x, &key, refs, &nrefs) || x == s0)
		return 0;
	e = &P->memo[key & (IR_MEMO_SLOTS - 1)];
	if (e->key == key && e->len == (size_t)(x - s0) && e->nrefs == nrefs) {
		ir_parse_memo_hits++;
		P->memo_won++;
		for (i = 0; i < nrefs; i++)
			ssa_use(P, c, refs[i].s, refs[i].n, refs[i].sub);
		t->h = e->h;
		t->last = e->last;
		t->arrow = e->arrow;
		c->sym = e->sym;
		c->last_type_dev = e->last_type_dev;
		c->type_dev[0] = e->type_dev[0];
		c->type_dev[1] = e->type_dev[1];
		c->ntype = e->ntype;
		P->p = x;
		return 0;
	}
	P->end = x;
	ended = tail_run(P, c, t);
	P->end = end;
	if (ended)
		return 1;
	/* a device reference or sym_name needs a string: never set here */
	if (P->p != x || t->n || t->overflow || P->m->nproblems != nprob ||
	    c->attr_dev || c->to_dev || c->has_symname)
		return 0;
	if ((size_t)(x - s0) > UINT32_MAX)
		return 0;
	e->key = key;
	e->len = (uint32_t)(x - s0);
	e->nrefs = (uint16_t)nrefs;
	e->h = t->h;
	e->last = t->last;
	e->arrow = (uint8_t)t->arrow;
	e->sym = c->sym;
	e->last_type_dev = c->last_type_dev;
	e->type_dev[0] = c->type_dev[0];
	e->type_dev[1] = c->type_dev[1];
	e->ntype = c->ntype;
	return 0;
}

/* Scan the rest of an op (or an alias value) up to its end. */
static void scan_tail(ir_parser *P, opctx *c)
{
	tail t;

	t.n = t.arrow = t.overflow = 0;
	t.last = 0;
	t.h = c->h;
	if (!(P->memo && c->op != MT_IR_NONE && !c->generic &&
	      tail_memo(P, c, &t)))
		tail_run(P, c, &t);
	if (t.n)
		ir_problem(P, "op ends with %d unclosed bracket(s)", t.n);
	c->h = t.h;
}

static mt_ir_str
op_name(ir_parser *P, const opctx *owner, const char *s, size_t n)
{
	char buf[256];
	const char *parent;
	size_t dl;

	if (memchr(s, '.', n)) {
		/* a full name: a module has few distinct ones, read once
		 * per op, so a small cache saves hashing and a table probe */
		if (n < sizeof(P->names[0].text)) {
			ir_namecache *e =
			        &P->names[(n * 7 + (unsigned char)s[n - 1] * 3 +
			                   (unsigned char)s[n / 2]) &
			                  (IR_NAMECACHE - 1)];

			if (e->len != n || memcmp(e->text, s, n)) {
				e->id = ir_intern(&P->m->strs, s, n);
				e->len = (uint8_t)n;
				memcpy(e->text, s, n);
			}
			return e->id;
		}
		return ir_intern(&P->m->strs, s, n);
	}
	if (n > 200)
		return ir_intern(&P->m->strs, s, n);
	/* default dialect: the enclosing op's, as MLIR's printer elides it */
	parent = owner && owner->op != MT_IR_NONE
	                 ? mt_ir_str_get(P->m, P->m->ops[owner->op].name)
	                 : "builtin";
	dl = mt_ir_dialect_len(parent);
	if ((n == 6 && !memcmp(s, "module", 6)) ||
	    (n == 26 && !memcmp(s, "unrealized_conversion_cast", 26)))
		dl = 7, parent = "builtin";
	if (dl + 1 + n >= sizeof(buf))
		return ir_intern(&P->m->strs, s, n);
	memcpy(buf, parent, dl);
	buf[dl] = '.';
	memcpy(buf + dl + 1, s, n);
	return ir_intern(&P->m->strs, buf, dl + 1 + n);
}

/* A stage is read once, front to back, and nothing points back into its
 * text; hand the pages already read back to the kernel so a 139 MB stage
 * does not stay resident while the next one is parsed. */
static void drop_behind(ir_parser *P)
{
	uintptr_t page, lo, hi;

	/* every MB, keeping the last 64 KB (a private file mapping: a page
	 * dropped too early would only be read again) */
	if ((size_t)(P->p - P->dropped) < ((size_t)1 << 20))
		return;
	page = (uintptr_t)sysconf(_SC_PAGESIZE);
	lo = ((uintptr_t)P->dropped + page - 1) & ~(page - 1);
	hi = ((uintptr_t)P->p - ((uintptr_t)64 << 10)) & ~(page - 1);
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
	P->dropped = (const char *)hi;
}

/* Once per op: give back pages already read, and report progress. */
static void op_tick(ir_parser *P)
{
	if (P->drop_behind)
		drop_behind(P);
	if (P->p >= P->next_progress) {
		P->progress(P->progress_payload, (size_t)(P->p - P->start),
		            (size_t)(P->end - P->start));
		P->next_progress = P->end - P->p > (ptrdiff_t)IR_PROGRESS_STEP
		                           ? P->p + IR_PROGRESS_STEP
		                           : P->end + 1;
	}
}

/* Result names "%a, %b:2 =" onto P->res; *nres gets the number of
 * values. Returns 0 (P->p back at start) if this is not a result list. */
static int parse_results(ir_parser *P, uint32_t *nres)
{
	const char *start = P->p, *s;
	size_t len;

	*nres = 0;
	while (P->p < P->end && *P->p == '%') {
		ir_resname r;

		P->p++;
		ir_read_id(P, &s, &len, 1);
		r.key = ssa_key(P, s, len);
		r.count = 1;
		if (P->p + 1 < P->end && *P->p == ':' && ir_is_digit(P->p[1])) {
			P->p++;
			r.count = ir_read_uint(P);
			if (r.count > 1u << 20)
				r.count = 1u << 20;
		}
		IR_PUSH(P->res, P->nres, P->cap_res, r);
		*nres += r.count;
		ir_skip_blanks(P);
		if (P->p < P->end && *P->p == ',') {
			P->p++;
			ir_skip_ws(P);
			continue;
		}
		if (P->p < P->end && *P->p == '=') {
			P->p++;
			ir_skip_ws(P);
			return 1;
		}
		P->p = start;
		return 0;
	}
	return 1;
}

/* The op's tail is read: store what scan_tail found, and its operands. */
static void op_store(ir_parser *P, const opctx *c)
{
	mt_ir_module *m = P->m;
	mt_ir_op *o = &m->ops[c->op];
	size_t nops = P->nscratch - c->scratch0;
	unsigned nc;

	o->end = (uint32_t)m->nops;
	o->loc = c->loc;
	o->sym = c->sym;
	o->attr_hash = mt_hash_finish(c->h);
	nc = ir_name_class(m, o->name);
	if (c->sym && (o->nregions || c->has_symname || (nc & IR_NC_SYMDEF)))
		o->flags |= MT_IR_OP_SYMDEF;
	o->device = c->attr_dev ? c->attr_dev
	            : c->to_dev ? c->to_dev
	                        : c->last_type_dev;
	if (nc & IR_NC_EMPTY)
		o->flags |= MT_IR_OP_EMPTY;
	if (nc & IR_NC_TRANSFER) {
		mt_ir_str from = c->type_dev[0];
		mt_ir_str to = c->to_dev ? c->to_dev : c->type_dev[1];
		int found;
		size_t slot;

		o->flags |= MT_IR_OP_TRANSFER;
		if (c->ntype >= 1 && !from)
			from = ir_intern(&m->strs, "cpu", 3);
		if (c->ntype >= 2 && !to)
			to = ir_intern(&m->strs, "cpu", 3);
		slot = mt_map_slot(&m->xferidx, (uint64_t)c->op + 1,
		                   (uint32_t)m->nxfers, &found);
		*mt_map_val(&m->xferidx, slot) = (uint32_t)m->nxfers;
		IR_PUSH(m->xfers, m->nxfers, m->cap_xfers, from);
		IR_PUSH(m->xfers, m->nxfers, m->cap_xfers, to);
	}
	o->first_operand = (uint32_t)m->noperands;
	o->noperands = (uint32_t)nops;
	if (m->noperands + nops > m->cap_operands)
		mt_grow((void **)&m->operands, &m->cap_operands,
		        m->noperands + nops, sizeof(*m->operands));
	if (nops)
		memcpy(m->operands + m->noperands, P->scratch + c->scratch0,
		       nops * sizeof(*P->scratch));
	m->noperands += nops;
	P->nscratch = c->scratch0;
}

/* Values for the results named in P->res[res0..], defined in the
 * enclosing scope. */
static void op_define_results(ir_parser *P, uint32_t idx, size_t res0)
{
	mt_ir_module *m = P->m;
	size_t i;

	m->ops[idx].first_result = (uint32_t)m->nvalues;
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
			ssa_define(P, P->res[i].key, first);
	}
}

static void parse_op(ir_parser *P, opctx *owner)
{
	mt_ir_module *m = P->m;
	const char *s;
	size_t len, mark = P->nundo, res0 = P->nres;
	uint32_t line = P->line, nres;
	opctx c;
	mt_ir_op op;

	op_tick(P);
	if (!parse_results(P, &nres))
		goto bad;
	memset(&c, 0, sizeof(c));
	c.op = (uint32_t)m->nops;
	c.loc = MT_IR_NONE;
	c.scratch0 = P->nscratch;
	c.h = MT_HASH_SEED;
	if (P->p < P->end && *P->p == '"') {
		ir_skip_string(P, NULL, &s, &len);
		c.generic = 1;
	} else if (P->p < P->end && ir_is_id_start(*P->p)) {
		ir_read_id(P, &s, &len, 0);
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
	IR_PUSH(m->ops, m->nops, m->cap_ops, op);
	c.h = ir_mix(c.h, mt_ir_str_hash(m, m->ops[c.op].name));
	c.h = ir_mix(c.h, nres);
	scan_tail(P, &c);
	op_store(P, &c);
	/* names defined in the header and regions end with the op */
	ssa_rollback(P, mark);
	m->ops[c.op].nresults = nres;
	op_define_results(P, c.op, res0);
	P->nres = res0;
	return;
bad:
	P->nres = res0;
	ir_problem(P, "not an op");
	ir_skip_line(P);
}

/* ^bb0(%a: T loc(...), %b: T): arguments belong to the region's op. */
static void parse_block_label(ir_parser *P, opctx *owner)
{
	const char *s;
	size_t n;

	P->p++;
	ir_read_id(P, &s, &n, 1);
	if (P->p < P->end && *P->p == '(') {
		int depth = 0;

		while (P->p < P->end) {
			char ch = *P->p;

			if (ch == '"') {
				ir_skip_string(P, NULL, NULL, NULL);
				continue;
			}
			if (ch == '/' && P->p + 1 < P->end && P->p[1] == '/') {
				ir_skip_line(P);
				continue;
			}
			if (ch == '%' && depth == 1) {
				ir_ssakey key;

				P->p++;
				ir_read_id(P, &s, &n, 1);
				key = ssa_key(P, s, n);
				if (owner && owner->op != MT_IR_NONE)
					ssa_define(
					        P, key,
					        new_value(
					                P, owner->op,
					                MT_IR_ARG |
					                        owner->nargs++));
				continue;
			}
			if (ch == 'l' && ir_starts(P, "loc(")) {
				P->p += 4;
				ir_parse_loc(P);
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
	ir_skip_blanks(P);
	if (P->p < P->end && *P->p == ':')
		P->p++;
}

/* #name = value / !name = type at file level. */
static void parse_alias_def(ir_parser *P)
{
	char sigil = *P->p;
	const char *s;
	size_t n;
	uint64_t key;

	P->p++;
	ir_read_id(P, &s, &n, 1);
	key = ir_name_hash(s, n);
	ir_skip_blanks(P);
	if (!n || P->p >= P->end || *P->p != '=') {
		ir_problem(P, "not an alias definition");
		ir_skip_line(P);
		return;
	}
	P->p++;
	ir_skip_blanks(P);
	if (sigil == '#' && ir_starts(P, "loc(")) {
		P->p += 4;
		ir_loc_alias_define(P, s, n);
	} else {
		opctx c;
		int found;
		size_t slot;

		memset(&c, 0, sizeof(c));
		c.op = MT_IR_NONE;
		c.h = MT_HASH_SEED;
		scan_tail(P, &c);
		IR_PUSH(P->aliashash, P->naliashash, P->cap_aliashash,
		        mt_hash_finish(c.h));
		/* remembered segments may have hashed this name as is */
		if (P->memo)
			memset(P->memo, 0, IR_MEMO_SLOTS * sizeof(*P->memo));
		slot = mt_map_slot(&P->attralias, key,
		                   (uint32_t)(P->naliashash - 1), &found);
		*mt_map_val(&P->attralias, slot) =
		        (uint32_t)(P->naliashash - 1);
	}
}

static void parse_body(ir_parser *P, opctx *owner, int in_region)
{
	for (;;) {
		char c;

		ir_skip_ws(P);
		if (P->p >= P->end) {
			if (in_region)
				ir_problem(P,
				           "region not closed at end of input");
			return;
		}
		c = *P->p;
		if (c == '}') {
			P->p++;
			if (in_region)
				return;
			ir_problem(P, "unbalanced '}'");
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
		if (c == '{' && ir_starts(P, "{-#")) {
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
				ir_problem(P, "resource section not closed");
				e = P->end;
			}
			P->p = e;
			continue;
		}
		if (c == '{') {
			/* a bare block: keep its ops in the enclosing scope */
			ir_problem(P, "unexpected '{'");
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
	return ir_parse_progress(out, data, len, drop, NULL, NULL, NULL, err);
}

/* The big arrays of spare (a module done with) for m, and the rest of
 * spare freed. Their pages are mapped and written already: the new
 * module's ops written over them cost no page faults, where fresh arrays
 * cost one for every 4 KB. */
static void take_spare(mt_ir_module *m, mt_ir_module *spare)
{
	if (!spare)
		return;
	m->ops = spare->ops;
	m->cap_ops = spare->cap_ops;
	m->values = spare->values;
	m->cap_values = spare->cap_values;
	m->operands = spare->operands;
	m->cap_operands = spare->cap_operands;
	spare->ops = NULL;
	spare->values = NULL;
	spare->operands = NULL;
	mt_ir_module_free(spare);
}

int ir_parse_progress(mt_ir_module **out,
                      const char *data,
                      size_t len,
                      int drop,
                      ir_progress_fn progress,
                      void *payload,
                      mt_ir_module *spare,
                      mt_error *err)
{
	ir_parser P;
	mt_ir_module *m = mt_calloc(1, sizeof(*m));

	take_spare(m, spare);
	m->loccache = mt_calloc(IR_LOCCACHE, sizeof(*m->loccache));
	/* Reserve the big arrays once from the text size instead of doubling
	 * them: a doubling copies the array and holds the old and the new
	 * one at once, which made the parse's peak twice the module's size.
	 * The reservations are generous for mlir-opt's output (about 80
	 * bytes of text an op in the llvm dialect, 60 a location): pages
	 * never written cost no memory, and finishing gives the unused tail
	 * back. More ops than that (a text of tiny ops) still grow by
	 * doubling. */
	mt_grow((void **)&m->ops, &m->cap_ops, len / 48 + 16, sizeof(*m->ops));
	mt_grow((void **)&m->values, &m->cap_values, len / 40 + 16,
	        sizeof(*m->values));
	mt_grow((void **)&m->operands, &m->cap_operands, len / 32 + 16,
	        sizeof(*m->operands));
	mt_grow((void **)&m->rawlocs, &m->cap_rawlocs, len / 32 + 16,
	        sizeof(*m->rawlocs));
	mt_grow((void **)&m->rawitems, &m->cap_rawitems, len / 32 + 16,
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
	if (!ir_parse_no_memo)
		P.memo = mt_calloc(IR_MEMO_SLOTS, sizeof(*P.memo));
	ir_intern(&m->strs, "", 0);
	mt_map_init(&P.ssa, 1024);
	/* %N names a group of results defined on a line of its own ("%N =
	 * x\n" and more), numbered from 0 in each function: no real N
	 * exceeds len / 6. A larger one (hostile input) is hashed rather
	 * than sizing the table. */
	P.ssanum_max = len / 6 + 64;
	parse_body(&P, NULL, 0);
	ir_finish(m);
	mt_map_release(&P.ssa);
	free(P.ssanum);
	mt_map_release(&P.attralias);
	free(P.undo);
	free(P.aliashash);
	free(P.scratch);
	free(P.res);
	free(P.memo);
	*out = m;
	return 0;
}
