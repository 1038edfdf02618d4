/*
 * tail.c - the tail of an op (everything after its name), scanned once,
 * byte by byte, through one table lookup per byte: SSA uses become
 * operands, "@sym" the symbol, "loc(...)" the location, device
 * attributes and type suffixes the placement, regions are handed back
 * to parse.c, and everything else (attributes, types, dense constants)
 * only feeds the op's hash. Tails that repeat (the llvm dialect prints
 * thousands that differ only in SSA names) are remembered and replayed
 * (tail_memo). See parse.c for the reader as a whole.
 */
#include "ir_int.h"

#include <stdio.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

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
	/* nor with '(': the argument list of a region printed on a line of
	 * its own (linalg.reduce's "dimensions = [2]\n (%in: f32, ...) {") */
	if (*q == '(')
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

static void ssa_token(ir_parser *P, ir_opctx *c)
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
	ir_ssa_use(P, c, s, n, sub);
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
static void tail_symbol(ir_parser *P, ir_opctx *c, tail *t)
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
static void tail_sigil(ir_parser *P, ir_opctx *c, tail *t, char ch)
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
static void tail_to(ir_parser *P, ir_opctx *c)
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
static void tail_sym_name(ir_parser *P, ir_opctx *c)
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
static void tail_word(ir_parser *P, ir_opctx *c, tail *t)
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
static int generic_regions(ir_parser *P, ir_opctx *c)
{
	const char *q = P->p + 1;

	while (q < P->end &&
	       (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r'))
		q++;
	if (q >= P->end || *q != '{')
		return 0;
	P->p = q;
	for (;;) {
		P->read_region(P, c);
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
static int tail_punct(ir_parser *P, ir_opctx *c, tail *t, char ch)
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
			P->read_region(P, c);
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
static int tail_run(ir_parser *P, ir_opctx *c, tail *t)
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
                     const ir_opctx *c,
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
static int tail_memo(ir_parser *P, ir_opctx *c, tail *t)
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
		P->m->memo_hits++;
		P->memo_won++;
		for (i = 0; i < nrefs; i++)
			ir_ssa_use(P, c, refs[i].s, refs[i].n, refs[i].sub);
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
void ir_scan_tail(ir_parser *P, ir_opctx *c)
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
