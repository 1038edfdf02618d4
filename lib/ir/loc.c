/*
 * loc.c - MLIR locations as the tolerant reader sees them: "f":L:C
 * points, names, callsite(callee at caller), fused[...] and #loc alias
 * references, flattened into items and shared between ops with the same
 * items; alias definitions, which mlir-opt prints at the end of the file,
 * are stored here and resolved by ir_finish.
 */
#include "ir_int.h"

#include <string.h>

#include "maxtriage/hash.h"

static void
push_item(ir_parser *P, int kind, mt_ir_str s, uint32_t line, uint32_t col)
{
	ir_locitem it = { (uint8_t)kind, s, line, col };
	mt_ir_module *m = P->m;

	IR_PUSH(m->rawitems, m->nrawitems, m->cap_rawitems, it);
}

/* Whether alias name s is "loc" + a number that fits the dense table
 * (see mt_ir_module.locnum); *num gets the number. "#loc" is a name.
 * Uses and definitions decide the same way, so a name is always looked
 * up where it was stored. */
static int
loc_alias_num(const ir_parser *P, const char *s, size_t n, uint32_t *num)
{
	size_t i;
	uint64_t v = 0;

	if (n < 4 || memcmp(s, "loc", 3))
		return 0;
	if (n > 4 && s[3] == '0')
		return 0; /* "loc01" is not "loc1" */
	for (i = 3; i < n; i++) {
		if (!ir_is_digit(s[i]) || i > 12)
			return 0;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (v > P->m->locnum_max)
		return 0;
	*num = (uint32_t)v;
	return 1;
}

static void loc_expr(ir_parser *P, int depth);

/* At '"': a point "f":L:C (with an optional " to L:C" range), a named
 * location "name"(child), or a bare name. */
static void loc_string(ir_parser *P, int depth)
{
	const char *s;
	size_t n, mark;
	mt_ir_str str;

	ir_skip_string(P, NULL, &s, &n);
	str = ir_intern(&P->m->strs, s, n);
	ir_skip_blanks(P);
	if (P->p + 1 < P->end && *P->p == ':' && ir_is_digit(P->p[1])) {
		uint32_t line, col = 0;

		P->p++;
		line = ir_read_uint(P);
		if (P->p + 1 < P->end && *P->p == ':' && ir_is_digit(P->p[1])) {
			P->p++;
			col = ir_read_uint(P);
		}
		/* newer printers add " to L:C" ranges */
		ir_skip_blanks(P);
		if (ir_starts(P, "to ") || ir_starts(P, "to:")) {
			P->p += 2;
			ir_skip_blanks(P);
			while (P->p < P->end &&
			       (ir_is_digit(*P->p) || *P->p == ':'))
				P->p++;
		}
		push_item(P, LOCI_POINT, str, line ? line : 1, col);
	} else if (P->p < P->end && *P->p == '(') {
		P->p++;
		mark = P->m->nrawitems;
		loc_expr(P, depth + 1);
		ir_skip_ws(P);
		if (P->p < P->end && *P->p == ')')
			P->p++;
		if (P->m->nrawitems == mark)
			push_item(P, LOCI_NAME, str, 0, 0);
	} else {
		push_item(P, LOCI_NAME, str, 0, 0);
	}
}

/* After '#': an alias reference (#loc3, #name) or a dialect location
 * attribute (#d.attr<...>, skipped). */
static void loc_alias_ref(ir_parser *P)
{
	const char *s;
	size_t n;
	uint32_t num;

	ir_read_id(P, &s, &n, 1);
	if (P->p < P->end && *P->p == '<')
		ir_skip_balanced(P);
	else if (n && loc_alias_num(P, s, n, &num))
		push_item(P, LOCI_ALIASNUM, 0, num, 0);
	else if (n)
		push_item(P, LOCI_ALIAS, ir_intern(&P->m->strs, s, n), 0, 0);
}

/* After "callsite(": the callee is where the op is; the caller chain is
 * context that would make every inlined op look alike, so it is read
 * and dropped. */
static void loc_callsite(ir_parser *P, int depth)
{
	size_t mark;

	loc_expr(P, depth + 1);
	ir_skip_ws(P);
	if (ir_starts(P, "at"))
		P->p += 2;
	mark = P->m->nrawitems;
	loc_expr(P, depth + 1);
	P->m->nrawitems = mark;
	ir_skip_ws(P);
	if (P->p < P->end && *P->p == ')')
		P->p++;
}

/* After "fused": an optional <metadata>, then [loc, loc, ...]. */
static void loc_fused(ir_parser *P, int depth)
{
	if (P->p < P->end && *P->p == '<')
		ir_skip_balanced(P);
	ir_skip_ws(P);
	if (P->p >= P->end || *P->p != '[')
		return;
	P->p++;
	for (;;) {
		loc_expr(P, depth + 1);
		ir_skip_ws(P);
		if (P->p < P->end && *P->p == ',') {
			P->p++;
			continue;
		}
		if (P->p < P->end && *P->p == ']')
			P->p++;
		return;
	}
}

/* One location expression, flattened into items. */
static void loc_expr(ir_parser *P, int depth)
{
	ir_skip_ws(P);
	if (P->p >= P->end)
		return;
	if (depth > 32) {
		ir_skip_balanced(P);
		return;
	}
	if (*P->p == '"') {
		loc_string(P, depth);
		return;
	}
	if (*P->p == '#') {
		P->p++;
		loc_alias_ref(P);
		return;
	}
	if (ir_starts(P, "unknown")) {
		P->p += 7;
		return;
	}
	if (ir_starts(P, "callsite(")) {
		P->p += 9;
		loc_callsite(P, depth);
		return;
	}
	if (ir_starts(P, "fused")) {
		P->p += 5;
		loc_fused(P, depth);
		return;
	}
	/* unknown form: skip to the end of this element */
	while (P->p < P->end && *P->p != ')' && *P->p != ',' && *P->p != ']') {
		if (*P->p == '(' || *P->p == '<' || *P->p == '[' ||
		    *P->p == '{')
			ir_skip_balanced(P);
		else if (*P->p == '"')
			ir_skip_string(P, NULL, NULL, NULL);
		else if (*P->p++ == '\n')
			P->line++;
	}
}

/* The common case of an op's location, "#locN)" right after "loc(":
 * read it (P->p past the ')') and return 1 with *num = N, when loc_expr
 * would read it as the one item LOCI_ALIASNUM N. Otherwise 0, nothing
 * consumed. */
static int loc_ref_fast(ir_parser *P, uint32_t *num)
{
	const char *q = P->p, *s;

	if (P->end - q < 6 || memcmp(q, "#loc", 4))
		return 0;
	s = q + 1;
	q += 4;
	while (q < P->end && ir_is_suffix_char(*q))
		q++;
	if (q >= P->end || *q != ')' ||
	    !loc_alias_num(P, s, (size_t)(q - s), num))
		return 0;
	P->p = q + 1;
	return 1;
}

/* P->p just after "loc(": parse through the closing ')'. Returns a raw
 * loc index, shared by every op with the same items. */
uint32_t ir_parse_loc(ir_parser *P)
{
	mt_ir_module *m = P->m;
	size_t start = m->nrawitems, i;
	uint64_t h = MT_HASH_SEED;
	uint32_t idx, num;
	ir_rawloc r;
	size_t slot;

	if (loc_ref_fast(P, &num)) {
		/* "#locN)": the items loc_expr would push, hashed alike */
		h = ir_mix(h, LOCI_ALIASNUM);
		h = ir_mix(h, mt_ir_str_hash(m, 0));
		h = ir_mix(h, num);
		h = ir_mix(h, 0);
		h = ir_mix(h, 1) | 1;
		slot = (size_t)(h >> 52) & (IR_LOCCACHE - 1);
		if (m->loccache[slot].key == h)
			return m->loccache[slot].idx;
		push_item(P, LOCI_ALIASNUM, 0, num, 0);
		goto store;
	}
	loc_expr(P, 0);
	ir_skip_ws(P);
	if (P->p < P->end && *P->p == ')') {
		P->p++;
	} else {
		ir_problem(P, "unreadable location");
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
store:
	r.first = (uint32_t)start;
	r.n = (uint32_t)(m->nrawitems - start);
	IR_PUSH(m->rawlocs, m->nrawlocs, m->cap_rawlocs, r);
	idx = (uint32_t)(m->nrawlocs - 1);
	m->loccache[slot].key = h;
	m->loccache[slot].idx = idx;
	return idx;
}

void ir_loc_alias_define(ir_parser *P, const char *s, size_t n)
{
	mt_ir_module *m = P->m;
	uint32_t r = ir_parse_loc(P), num;
	int found;
	size_t slot;

	if (loc_alias_num(P, s, n, &num)) {
		if (num >= m->cap_locnum) {
			size_t old = m->cap_locnum;

			mt_grow((void **)&m->locnum, &m->cap_locnum,
			        (size_t)num + 1, sizeof(*m->locnum));
			memset(m->locnum + old, 0xff,
			       (m->cap_locnum - old) * sizeof(*m->locnum));
		}
		m->locnum[num] = r;
		return;
	}
	slot = mt_map_slot(&m->localias,
	                   mt_ir_str_hash(m, ir_intern(&m->strs, s, n)), r,
	                   &found);
	*mt_map_val(&m->localias, slot) = r;
}
