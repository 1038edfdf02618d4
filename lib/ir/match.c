/*
 * match.c - op identity across two stages.
 *
 * SSA names are renumbered by every printer, so ops are matched by what
 * survives a pass, strongest evidence first, each tier one hash-table
 * pass over the still unmatched ops (O(n) overall):
 *   1. symbols they define (func.func @f -> llvm.func @f), and, for
 *      ops with regions but no location, name + structure + the
 *      attributes of all they hold (which loop nest is which),
 *   2. name + location + structural hash (producers included) + scope,
 *   3. name + location + attributes, in scope, then across scopes
 *      (outlining moves ops into new functions),
 *   4. name + structure / attributes, for ops without locations, under
 *      parents of the same name,
 *   5. name + location alone (the op was modified), on the same device
 *      first, in scope, then across scopes,
 *   6. dataflow: the same-named op whose results the users now take
 *      from this one (a fused op follows its consumer),
 *   7. order among same-named children of matched parents,
 *   8. without locations, name + attributes in one function, in order,
 *      when both sides hold as many (an op now in another parent).
 * Within a tier, candidates are taken in document order, so the 80 copies
 * of one layer pair up in order. findings.c reads the matching.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

/* ---- sides ---- */

void ir_side_init(ir_side *s, const mt_ir_module *m)
{
	uint32_t i;

	s->m = m;
	s->n = (uint32_t)m->nops;
	s->match = mt_malloc((s->n + 1) * sizeof(*s->match));
	s->scope_id = mt_malloc((s->n + 1) * sizeof(*s->scope_id));
	s->scopes = NULL;
	s->nscopes = s->cap_scopes = 0;
	MT_PUSH(s->scopes, s->nscopes, s->cap_scopes, (uint64_t)0);
	s->claimed = mt_calloc(s->n + 1, 1);
	for (i = 0; i < s->n; i++) {
		const mt_ir_op *op = &m->ops[i];
		uint32_t p = op->parent;

		s->match[i] = MT_IR_NONE;
		if (p == MT_IR_NONE) {
			s->scope_id[i] = 0;
		} else if (m->ops[p].flags & MT_IR_OP_SYMDEF) {
			/* the first child of p opens p's scope; its
			 * siblings share it */
			if (p + 1 == i) {
				uint64_t h = ir_mix(
				        ir_scope(s, p),
				        mt_ir_str_hash(m, m->ops[p].sym));

				MT_PUSH(s->scopes, s->nscopes, s->cap_scopes,
				        h);
				s->scope_id[i] = (uint32_t)(s->nscopes - 1);
			} else {
				s->scope_id[i] = s->scope_id[p + 1];
			}
		} else {
			s->scope_id[i] = s->scope_id[p];
		}
	}
	s->use_off = NULL;
	s->uses = NULL;
	s->name_both = NULL;
}

/* Users of each value of s, as compressed rows. Built by ir_match once
 * the tiers' tables are freed, so that both never take memory at once. */
static void side_index_uses(ir_side *s)
{
	const mt_ir_module *m = s->m;
	uint32_t i, k, nv = (uint32_t)m->nvalues;

	s->use_off = mt_calloc((size_t)nv + 2, sizeof(*s->use_off));
	s->uses = mt_malloc((m->noperands + 1) * sizeof(*s->uses));
	for (i = 0; i < m->noperands; i++)
		if (m->operands[i] < nv)
			s->use_off[m->operands[i] + 1]++;
	for (i = 0; i < nv; i++)
		s->use_off[i + 1] += s->use_off[i];
	{
		uint32_t *fill = mt_malloc(((size_t)nv + 1) * sizeof(*fill));

		memcpy(fill, s->use_off, ((size_t)nv + 1) * sizeof(*fill));
		for (i = 0; i < s->n; i++)
			for (k = 0; k < m->ops[i].noperands; k++) {
				uint32_t v =
				        m->operands[m->ops[i].first_operand +
				                    k];

				if (v < nv)
					s->uses[fill[v]++] = i;
			}
		free(fill);
	}
}

void ir_side_release(ir_side *s)
{
	free(s->match);
	free(s->scope_id);
	free(s->scopes);
	free(s->use_off);
	free(s->uses);
	free(s->claimed);
	free(s->name_both);
}

/* ---- matching tiers ---- */

enum {
	T_SYM = 1,
	T_BODY_NOLOC,
	T_EXACT,
	T_ATTR_SCOPED,
	T_ATTR,
	T_STRUCT_NOLOC,
	T_ATTR_NOLOC,
	T_LOC_DEV,
	T_LOC_SCOPED,
	T_LOC,
	T_ORDER_BODY,
	T_ORDER
};

/* One part of a tier key. The parts are 64-bit hashes already (names,
 * locations, scopes, op hashes): a xor and an odd multiply keep them
 * apart, and mt_hash_finish mixes the whole. Called for every free op
 * in every tier, so it is the cheapest combine that still depends on
 * the order of the parts. */
static inline uint64_t key_add(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x9e3779b97f4a7c15ULL;
}

/* The names of the ops op i holds, in order, as one hash. */
static uint64_t body_names(const ir_side *s, uint32_t i)
{
	uint64_t h = MT_HASH_SEED;
	uint32_t j;

	for (j = i + 1; j < s->m->ops[i].end; j++)
		h = key_add(h, ir_name_h(s, j));
	return h;
}

/* Key of op i of side s for a tier; 0 when the op takes no part. */
static uint64_t tier_key(const ir_side *s, int is_a, uint32_t i, int tier)
{
	const mt_ir_op *op = &s->m->ops[i];
	uint64_t h;

	/* every tier but T_SYM keys the name: an op whose name the other
	 * side lacks can only pair by symbol (in the llvm-dialect steps,
	 * 15-30% of the ops, through all ten tiers) */
	if (tier != T_SYM &&
	    !(s->name_both[op->name >> 3] & (1u << (op->name & 7))))
		return 0;
	h = key_add(MT_HASH_SEED, (uint64_t)tier);

	switch (tier) {
	case T_SYM:
		if (!(op->flags & MT_IR_OP_SYMDEF))
			return 0;
		h = key_add(h, mt_ir_str_hash(s->m, op->sym));
		h = key_add(h, ir_scope(s, i));
		break;
	case T_EXACT:
		h = key_add(h, ir_name_h(s, i));
		h = key_add(h, ir_loc_h(s, i));
		h = key_add(h, op->struct_hash);
		h = key_add(h, ir_scope(s, i));
		break;
	case T_ATTR_SCOPED:
	case T_ATTR:
		if (!ir_loc_h(s, i))
			return 0;
		h = key_add(h, ir_name_h(s, i));
		h = key_add(h, ir_loc_h(s, i));
		h = key_add(h, op->attr_hash);
		if (tier == T_ATTR_SCOPED)
			h = key_add(h, ir_scope(s, i));
		break;
	case T_BODY_NOLOC: {
		/* an op with regions by what it holds too: the loop nests of
		 * one function all print "affine.for 0 to 10", and which is
		 * which shows in their bodies (a function is matched by its
		 * symbol) */
		uint32_t j;

		if (!op->nregions || (op->flags & MT_IR_OP_SYMDEF) ||
		    ir_loc_h(s, i))
			return 0;
		h = key_add(h, ir_name_h(s, i));
		h = key_add(h, op->struct_hash);
		for (j = i + 1; j < op->end; j++)
			h = key_add(h, s->m->ops[j].attr_hash);
		h = key_add(h, ir_scope(s, i));
		h = key_add(h, op->parent == MT_IR_NONE
		                       ? 0
		                       : ir_name_h(s, op->parent));
		break;
	}
	case T_STRUCT_NOLOC:
	case T_ATTR_NOLOC:
		/* without locations, what an op sits in tells ops of one
		 * text apart: a constant at the top of a function is not
		 * the one a pass put in a loop body */
		h = key_add(h, ir_name_h(s, i));
		h = key_add(h, tier == T_STRUCT_NOLOC ? op->struct_hash
		                                      : op->attr_hash);
		h = key_add(h, ir_scope(s, i));
		h = key_add(h, op->parent == MT_IR_NONE
		                       ? 0
		                       : ir_name_h(s, op->parent));
		break;
	case T_LOC_DEV:
	case T_LOC_SCOPED:
	case T_LOC:
		if (!ir_loc_h(s, i))
			return 0;
		h = key_add(h, ir_name_h(s, i));
		h = key_add(h, ir_loc_h(s, i));
		if (tier != T_LOC)
			h = key_add(h, ir_scope(s, i));
		/* one location often names a host op and its device twin
		 * (the launch's bounds and its body): pair within a device
		 * first, so a modified twin is not taken for a move */
		if (tier == T_LOC_DEV)
			h = key_add(h, mt_ir_str_hash(s->m, op->device));
		break;
	case T_ORDER_BODY:
		/* ops with bodies and no location pair in order first with
		 * what holds the same ops (T_ORDER takes the rest) */
		if (!op->nregions || (op->flags & MT_IR_OP_SYMDEF) ||
		    ir_loc_h(s, i))
			return 0;
		h = key_add(h, body_names(s, i));
		/* fall through */
	case T_ORDER: {
		uint32_t p = op->parent, pb;

		if (p == MT_IR_NONE) {
			pb = MT_IR_NONE;
		} else if (is_a) {
			pb = s->match[p];
			if (pb == MT_IR_NONE)
				return 0;
		} else {
			pb = p;
		}
		h = key_add(h, ir_name_h(s, i));
		h = key_add(h, pb);
		break;
	}
	default:
		return 0;
	}
	return mt_hash_finish(h) | 1;
}

/* The tiers' table: open addressing over chains of B ops with one key.
 * An entry holds the chain's first op (whose key, in D->keys, is the
 * entry's key: no copy of it) and the first op still free. */
typedef struct ir_chain {
	uint32_t first, cur; /* first == MT_IR_NONE: empty */
} ir_chain;

static inline size_t chain_home(uint64_t k, size_t cap)
{
	return (size_t)(((k >> 32) * (uint64_t)cap) >> 32);
}

/* Whether A op i and B op j both carry source locations and share no
 * point of them: two different ops of the source, whatever else they
 * have in common (another layer's op left unmatched next to this one).
 * The weak tiers (dataflow, order) never pair them. */
static int locs_apart(const ir_differ *D, uint32_t i, uint32_t j)
{
	const mt_ir_module *a = D->a.m, *b = D->b.m;
	const mt_ir_loc *la, *lb;
	uint32_t x, y;

	if (a->ops[i].loc == MT_IR_NONE || b->ops[j].loc == MT_IR_NONE)
		return 0;
	la = &a->locs[a->ops[i].loc];
	lb = &b->locs[b->ops[j].loc];
	if (!la->n || !lb->n)
		return 0;
	for (x = 0; x < la->n; x++) {
		const mt_ir_point *p = &a->points[la->first + x];

		for (y = 0; y < lb->n; y++) {
			const mt_ir_point *q = &b->points[lb->first + y];

			if (p->line == q->line && p->col == q->col &&
			    mt_ir_str_hash(a, p->file) ==
			            mt_ir_str_hash(b, q->file))
				return 0;
		}
	}
	return 1;
}

/* Whether A op i and B op j have bodies and no computing op of one
 * (an op that is not a terminator: its name holds no "yield",
 * "return", "reduce" or "terminator") has a namesake in the other: a
 * subf generic and a fill generic that yields its value are not one op
 * modified. Large bodies (a pass rewrote a loop nest) are not judged. */
#define BODY_APART_MAX 64
static int is_terminator_name(const mt_ir_module *m, uint32_t op)
{
	const char *n = mt_ir_str_get(m, m->ops[op].name);

	return strstr(n, "yield") || strstr(n, "return") ||
	       strstr(n, "terminator") || !strcmp(n, "scf.reduce");
}

static int bodies_apart(const ir_differ *D, uint32_t i, uint32_t j)
{
	const mt_ir_module *a = D->a.m, *b = D->b.m;
	uint32_t x, y;
	int any = 0;

	if (!a->ops[i].nregions || !b->ops[j].nregions ||
	    a->ops[i].end - i > BODY_APART_MAX ||
	    b->ops[j].end - j > BODY_APART_MAX)
		return 0;
	for (x = i + 1; x < a->ops[i].end; x++) {
		if (is_terminator_name(a, x))
			continue;
		for (y = j + 1; y < b->ops[j].end; y++)
			if (!is_terminator_name(b, y) &&
			    ir_name_h(&D->a, x) == ir_name_h(&D->b, y))
				return 0;
		any = 1;
	}
	for (y = j + 1; y < b->ops[j].end && !any; y++)
		any = !is_terminator_name(b, y);
	return any;
}

/* Give free A op i (key k) the first free B op of its chain, if any
 * (weak: not one whose locations are apart from i's; it stays for the
 * next A op of the chain). */
static void
take(ir_differ *D, ir_chain *tab, size_t cap, uint32_t i, uint64_t k, int weak)
{
	const uint64_t *keys = D->keys;
	ir_chain *e;
	size_t h;
	uint32_t j;

	for (h = chain_home(k, cap);; h = h + 1 < cap ? h + 1 : 0) {
		e = &tab[h];
		if (e->first == MT_IR_NONE || keys[e->first] == k)
			break;
	}
	if (e->first == MT_IR_NONE || e->cur == MT_IR_NONE)
		return;
	j = e->cur;
	if (weak && (locs_apart(D, i, j) || bodies_apart(D, i, j)))
		return;
	e->cur = D->next[j];
	D->a.match[i] = j;
	D->b.match[j] = i;
	D->afree--;
	D->bfree--;
}

/* One tier: chain the free B ops by key (in document order, through
 * D->next), then give each free A op, in document order, the first
 * free B op of its chain. Keys are never 0 (tier_key). The table is
 * D->tab, reused by every tier: sized once for the most keys a tier can
 * have, cleared only as far as this tier needs. */
static void match_tier(ir_differ *D, int tier)
{
	ir_chain *tab = D->tab;
	const uint64_t *keys = D->keys;
	uint32_t i, nkeys = 0;
	size_t cap;

	if (!D->afree || !D->bfree)
		return;
	for (i = 0; i < D->b.n; i++) {
		uint64_t k = 0;

		if (D->b.match[i] == MT_IR_NONE)
			k = tier_key(&D->b, 0, i, tier);
		D->keys[i] = k;
		nkeys += k != 0;
	}
	if (!nkeys)
		return;
	/* load 2/3; a key's home slot is its high bits scaled to cap */
	cap = (size_t)nkeys + nkeys / 2 + 1;
	memset(tab, 0xff, cap * sizeof(*tab));
	for (i = D->b.n; i-- > 0;) {
		uint64_t k = keys[i];
		size_t h;

		/* the table is larger than the caches: ask for the slots a
		 * few ops ahead */
		if (i >= 8 && keys[i - 8])
			__builtin_prefetch(&tab[chain_home(keys[i - 8], cap)],
			                   1);
		if (!k)
			continue;
		for (h = chain_home(k, cap);; h = h + 1 < cap ? h + 1 : 0) {
			ir_chain *e = &tab[h];

			if (e->first == MT_IR_NONE) {
				e->first = e->cur = i;
				D->next[i] = MT_IR_NONE;
				break;
			}
			if (keys[e->first] == k) {
				/* inserting last to first: i is the new head */
				D->next[i] = e->cur;
				e->first = e->cur = i;
				break;
			}
		}
	}
	if (tier == T_ORDER || tier == T_ORDER_BODY) {
		/* an A op's key depends on its parent being matched, maybe
		 * just now: one op at a time */
		for (i = 0; i < D->a.n; i++) {
			uint64_t k;

			if (D->a.match[i] != MT_IR_NONE)
				continue;
			k = tier_key(&D->a, 1, i, tier);
			if (k)
				take(D, tab, cap, i, k, 1);
		}
		return;
	}
	/* Other tiers' A keys do not depend on the matching: they are
	 * computed a few free ops ahead, their slots prefetched, and taken
	 * in document order all the same. */
	{
		uint32_t qi[8], la = 0;
		uint64_t qk[8];
		unsigned head = 0, nq = 0;

		for (;;) {
			while (nq < 8 && la < D->a.n) {
				if (D->a.match[la] == MT_IR_NONE) {
					uint64_t k =
					        tier_key(&D->a, 1, la, tier);

					if (k) {
						unsigned q = (head + nq) & 7;

						qi[q] = la;
						qk[q] = k;
						nq++;
						__builtin_prefetch(
						        &tab[chain_home(k,
						                        cap)]);
					}
				}
				la++;
			}
			if (!nq)
				break;
			take(D, tab, cap, qi[head], qk[head], 0);
			head = (head + 1) & 7;
			nq--;
		}
	}
}

/* The A op whose result r the users of B op j's result r used to take:
 * j's predecessor by dataflow, or MT_IR_NONE. Looks at the first matched
 * user that takes the value at an operand position its counterpart has. */
static uint32_t dataflow_pred(const ir_differ *D, uint32_t j)
{
	const ir_side *A = &D->a, *B = &D->b;
	const mt_ir_op *jo = &B->m->ops[j];
	uint32_t r, u, k;

	for (r = 0; r < jo->nresults; r++) {
		uint32_t v = jo->first_result + r;

		for (u = B->use_off[v]; u < B->use_off[v + 1]; u++) {
			uint32_t ub = B->uses[u], ua = B->match[ub];
			const mt_ir_op *uo = &B->m->ops[ub], *ao;

			if (ua == MT_IR_NONE)
				continue;
			ao = &A->m->ops[ua];
			for (k = 0; k < uo->noperands && k < ao->noperands;
			     k++) {
				uint32_t va, d;
				const mt_ir_value *val;

				if (B->m->operands[uo->first_operand + k] != v)
					continue;
				va = A->m->operands[ao->first_operand + k];
				if (va == MT_IR_NONE || va >= A->m->nvalues)
					continue;
				val = &A->m->values[va];
				d = val->op;
				if ((val->idx & MT_IR_ARG) || val->idx != r)
					continue;
				return d;
			}
		}
	}
	return MT_IR_NONE;
}

/* Pair unmatched ops by dataflow: an op whose results took the place of
 * an unmatched op's results, with the same name, is its successor. This
 * is how a fused op follows its consumer (it keeps the consumer's uses
 * but may take the producer's attributes, or have no location at all).
 * Users come after their producers, so the ops are visited last first:
 * an op paired here lets its producers pair too. */
static void match_dataflow(ir_differ *D)
{
	uint32_t j;

	for (j = D->b.n; j-- > 0;) {
		uint32_t i;

		if (D->b.match[j] != MT_IR_NONE || !D->b.m->ops[j].nresults)
			continue;
		i = dataflow_pred(D, j);
		if (i == MT_IR_NONE || D->a.match[i] != MT_IR_NONE ||
		    ir_name_h(&D->a, i) != ir_name_h(&D->b, j) ||
		    ir_scope(&D->a, i) != ir_scope(&D->b, j) ||
		    locs_apart(D, i, j))
			continue;
		D->a.match[i] = j;
		D->b.match[j] = i;
		D->afree--;
		D->bfree--;
	}
}

static void tables_alloc(ir_differ *D)
{
	size_t cap = (size_t)D->b.n + D->b.n / 2 + 1;

	D->keys = mt_malloc((D->b.n + 1) * sizeof(*D->keys));
	D->tab = mt_malloc(cap * sizeof(ir_chain));
}

static void tables_free(ir_differ *D)
{
	free(D->keys);
	free(D->tab);
	D->keys = NULL;
	D->tab = NULL;
}

/* The distinct op names of s (string ids, in id order): the strings the
 * reader classed as op names (ir_name_class, once per op). */
static mt_ir_str *distinct_names(const ir_side *s, size_t *n)
{
	const mt_ir_module *m = s->m;
	size_t ns = m->cap_nameclass < m->strs.n ? m->cap_nameclass : m->strs.n;
	size_t cap = 0;
	mt_ir_str *out = NULL, i;

	*n = 0;
	for (i = 0; i < ns; i++)
		if (m->nameclass[i])
			MT_PUSH(out, *n, cap, i);
	return out;
}

/* Both sides' name_both: which of a side's op names the other side's
 * ops also have (by hash, as the tiers compare them), one bit per
 * string id. A module has few distinct op names: each is looked up
 * once. */
static void mark_names(ir_side *a, ir_side *b)
{
	size_t na, nb, i;
	mt_ir_str *da = distinct_names(a, &na), *db = distinct_names(b, &nb);
	mt_map names;

	a->name_both = mt_calloc(a->m->strs.n / 8 + 1, 1);
	b->name_both = mt_calloc(b->m->strs.n / 8 + 1, 1);
	mt_map_init(&names, nb);
	for (i = 0; i < nb; i++) {
		int found;

		mt_map_slot(&names, b->m->strs.hashes[db[i]], (uint32_t)i,
		            &found);
	}
	for (i = 0; i < na; i++) {
		uint32_t k = mt_map_get(&names, a->m->strs.hashes[da[i]]);

		if (k == MT_MAP_NONE)
			continue;
		a->name_both[da[i] >> 3] |= (uint8_t)(1u << (da[i] & 7));
		b->name_both[db[k] >> 3] |= (uint8_t)(1u << (db[k] & 7));
	}
	mt_map_release(&names);
	free(da);
	free(db);
}

/* A free op without a location, for match_scope_counts. */
typedef struct scoped {
	uint64_t key;
	uint32_t op;
	uint8_t is_a;
} scoped;

static int scoped_cmp(const void *x, const void *y)
{
	const scoped *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->is_a != b->is_a)
		return a->is_a > b->is_a ? -1 : 1;
	return a->op < b->op ? -1 : a->op > b->op;
}

/* Last, for ops without locations that no tier paired: those of one
 * name and attributes in one function, when both sides hold as many of
 * them, are the same ops, paired in order, whatever they now sit in (a
 * rank-0 linalg.generic lowered without a loop: its body's math.absf
 * now stands in the function). Keyed by scope, so no op pairs with one
 * of another function; counts must agree, so nothing pairs where one
 * side has an op the other lacks. */
static void match_scope_counts(ir_differ *D)
{
	scoped *v = NULL;
	size_t n = 0, cap = 0, i, k;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		const ir_side *s = pass ? &D->b : &D->a;
		uint32_t j;

		for (j = 0; j < s->n; j++) {
			const mt_ir_op *op = &s->m->ops[j];
			scoped e;

			if (s->match[j] != MT_IR_NONE || ir_loc_h(s, j) ||
			    (op->flags & MT_IR_OP_SYMDEF) ||
			    !(s->name_both[op->name >> 3] &
			      (1u << (op->name & 7))))
				continue;
			e.key = key_add(
			        key_add(key_add(MT_HASH_SEED, ir_name_h(s, j)),
			                op->attr_hash),
			        ir_scope(s, j));
			e.op = j;
			e.is_a = (uint8_t)!pass;
			MT_PUSH(v, n, cap, e);
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), scoped_cmp);
	for (i = 0; i < n; i = k) {
		size_t na = 0, nb, q;

		for (k = i; k < n && v[k].key == v[i].key; k++)
			na += v[k].is_a;
		nb = k - i - na;
		if (na != nb)
			continue;
		for (q = 0; q < na; q++) {
			uint32_t a = v[i + q].op, b = v[i + na + q].op;

			D->a.match[a] = b;
			D->b.match[b] = a;
			D->afree--;
			D->bfree--;
		}
	}
	free(v);
}

void ir_match(ir_differ *D)
{
	int tier;

	mark_names(&D->a, &D->b);
	D->afree = D->a.n;
	D->bfree = D->b.n;

	D->next = mt_malloc((D->b.n + 1) * sizeof(*D->next));
	tables_alloc(D);
	for (tier = T_SYM; tier < T_ORDER; tier++)
		match_tier(D, tier);
	/* the peak of a diff: the tables go before the use lists come */
	tables_free(D);
	side_index_uses(&D->a);
	side_index_uses(&D->b);
	match_dataflow(D);
	tables_alloc(D);
	match_tier(D, T_ORDER_BODY);
	match_tier(D, T_ORDER);
	/* parents matched late can pair up children in order */
	match_tier(D, T_ORDER_BODY);
	match_tier(D, T_ORDER);
	tables_free(D);
	match_scope_counts(D);
	free(D->next);
	D->next = NULL;
}

/* ---- classification ---- */

/* The (op, idx) that value v of side s stands for on side B. */
int ir_map_value(const ir_differ *D,
                 const ir_side *s,
                 uint32_t v,
                 uint32_t *op,
                 uint32_t *idx)
{
	const mt_ir_value *val;

	if (v == MT_IR_NONE || v >= s->m->nvalues)
		return 0;
	val = &s->m->values[v];
	*idx = val->idx;
	*op = s == &D->a ? s->match[val->op] : val->op;
	return *op != MT_IR_NONE;
}

int ir_operands_same(const ir_differ *D, uint32_t i, uint32_t j)
{
	const mt_ir_op *oa = &D->a.m->ops[i], *ob = &D->b.m->ops[j];
	uint32_t k;

	if (oa->noperands != ob->noperands)
		return 0;
	for (k = 0; k < oa->noperands; k++) {
		uint32_t pa, ia, pb, ib;

		if (!ir_map_value(D, &D->a,
		                  D->a.m->operands[oa->first_operand + k], &pa,
		                  &ia) ||
		    !ir_map_value(D, &D->b,
		                  D->b.m->operands[ob->first_operand + k], &pb,
		                  &ib) ||
		    pa != pb || ia != ib)
			return 0;
	}
	return 1;
}

int ir_parent_same(const ir_differ *D, uint32_t i, uint32_t j)
{
	uint32_t pa = D->a.m->ops[i].parent, pb = D->b.m->ops[j].parent;

	if (pa == MT_IR_NONE || pb == MT_IR_NONE)
		return pa == pb;
	return D->a.match[pa] == pb;
}
