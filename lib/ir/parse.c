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
 *
 * This file reads an op's results, name, regions and blocks and stores
 * the op; tail.c scans the tail.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <string.h>

#include "maxtriage/hash.h"

/* Below this size a stage parses in about a second: no progress inside. */
#define IR_PROGRESS_MIN ((size_t)64 << 20)
#define IR_PROGRESS_STEP ((size_t)16 << 20)

/* ---- ops ---- */

static void parse_body(ir_parser *P, ir_opctx *owner, int in_region);

void ir_parse_region(ir_parser *P, ir_opctx *c)
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

static mt_ir_str
op_name(ir_parser *P, const ir_opctx *owner, const char *s, size_t n)
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

	/* every 256 KB, keeping the last 64 KB (a private file mapping: a
	 * page dropped too early would only be read again); the text read
	 * stays resident up to the step, beside the module being built */
	if ((size_t)(P->p - P->dropped) < ((size_t)256 << 10))
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
		r.key = ir_ssa_key(P, s, len);
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
static void op_store(ir_parser *P, const ir_opctx *c)
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
			uint32_t v = ir_new_value(
			        P, idx,
			        (uint32_t)(m->nvalues -
			                   m->ops[idx].first_result));

			if (first == MT_IR_NONE)
				first = v;
		}
		if (first != MT_IR_NONE)
			ir_ssa_define(P, P->res[i].key, first);
	}
}

static void parse_op(ir_parser *P, ir_opctx *owner)
{
	mt_ir_module *m = P->m;
	const char *s;
	size_t len, mark = P->nundo, res0 = P->nres;
	uint32_t line = P->line, nres;
	ir_opctx c;
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
	ir_scan_tail(P, &c);
	op_store(P, &c);
	/* names defined in the header and regions end with the op */
	ir_ssa_rollback(P, mark);
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
static void parse_block_label(ir_parser *P, ir_opctx *owner)
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
				key = ir_ssa_key(P, s, n);
				if (owner && owner->op != MT_IR_NONE)
					ir_ssa_define(
					        P, key,
					        ir_new_value(
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
		ir_opctx c;
		int found;
		size_t slot;

		memset(&c, 0, sizeof(c));
		c.op = MT_IR_NONE;
		c.h = MT_HASH_SEED;
		ir_scan_tail(P, &c);
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

static void parse_body(ir_parser *P, ir_opctx *owner, int in_region)
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
             unsigned flags,
             mt_error *err)
{
	return ir_parse_progress(out, data, len, flags, NULL, NULL, NULL, err);
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
                      unsigned flags,
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
	P.drop_behind = (flags & IR_PARSE_DROP) != 0;
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
	P.read_region = ir_parse_region;
	if (!(flags & IR_PARSE_NO_MEMO))
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
