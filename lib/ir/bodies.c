/*
 * bodies.c - fusions read from what ops compute.
 *
 * A fused op holds in its region the computation of the ops it replaced:
 * linalg-fuse-elementwise-ops inlines the producer's body into the
 * consumer's generic, affine-loop-fusion and scf-parallel-loop-fusion put
 * the bodies of several loop nests into one. Names, attributes and
 * locations may all change (the fused generic takes new indexing maps,
 * fused loops access new private buffers, locations may not be printed)
 * but the ops that compute survive. So an op Y of stage k+1 with regions
 * is a fusion of ops X1..Xn (n >= 2) of stage k when
 *   - the Xi are siblings where Y stands (children of the op that
 *     Y's parent stands for), gone (removed, or Y's own counterpart),
 *     not claimed by another fusion;
 *   - the multiset of what they compute equals what Y computes: the
 *     names of the ops without regions nested in them (an op without
 *     regions computes itself), leaving out terminators, constants,
 *     ops without operands and address arithmetic (affine.apply,
 *     index casts, slices), which fusion adds, hoists or folds;
 *   - they hang together: each is reached from Y's counterpart, from
 *     the ops whose results Y's users used to take, from the ops where
 *     Y stands, or from another member, by dataflow or by a buffer or
 *     value they both use;
 *   - every input they take from outside the group that still exists
 *     (and is not a constant or an empty value) is an input of Y: Y
 *     computes from the same data. This is what keeps N identical
 *     layers apart: layer k's members take layer k's inputs.
 * Members that compute nothing (a linalg.fill or a generic that only
 * yields) join when a member takes their result and Y takes their
 * input (the fill value). Nothing here needs a location.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

#define BODY_FANOUT 16 /* a value shared by more ops connects nothing */
#define BODY_WINDOW 64 /* ops looked at where Y stands, each way */
#define BODY_VISIT 256 /* candidates looked at per op */

typedef struct bodies {
	ir_differ *D;
	ir_comps a, b;
	uint8_t *dirty_a, *dirty_b; /* something in the subtree changed */
	uint32_t *prev_a, *prev_b; /* op -> its previous sibling, or NONE */
	/* the search for one Y */
	uint32_t *stamp; /* A op -> mark when queued */
	uint32_t mark;
	uint32_t *queue;
	size_t nqueue, capq;
	/* candidates by position only (where Y and its counterpart stand),
	 * looked at once those reached by dataflow are exhausted: a pass
	 * that reorders ops (canonicalize) puts another layer's twin of a
	 * member nearer than the member itself */
	uint32_t *far;
	size_t nfar, capfar;
	uint32_t *members;
	size_t nmembers, capm;
	uint32_t *copies; /* candidates still there outside Y */
	size_t ncopies, capcp;
	uint64_t *budget; /* what Y computes that no member took yet */
	uint32_t *count; /* per budget entry */
	size_t nbudget, capb, capc;
	mt_map inputs; /* (B op, idx) of the values Y takes from outside */
} bodies;

/* dirty[i]: op i or an op nested in it is unmatched, or matched to an
 * op under another parent (moved in or out). */
static uint8_t *dirty_marks(const ir_side *s, const ir_side *o)
{
	uint8_t *d = mt_calloc(s->n + 1, 1);
	uint32_t i;

	for (i = s->n; i-- > 0;) {
		uint32_t p = s->m->ops[i].parent, j = s->match[i];
		uint32_t q = j == MT_IR_NONE ? MT_IR_NONE : o->m->ops[j].parent;

		if (j == MT_IR_NONE || (p == MT_IR_NONE) != (q == MT_IR_NONE) ||
		    (p != MT_IR_NONE && s->match[p] != q))
			d[i] = 1;
		if (d[i] && p != MT_IR_NONE)
			d[p] = 1;
	}
	return d;
}

/* Each op's previous sibling (MT_IR_NONE for a first child). */
static uint32_t *prev_siblings(const ir_side *s)
{
	uint32_t *prev = mt_malloc((s->n + 1) * sizeof(*prev));
	uint32_t *last = mt_malloc((s->n + 2) * sizeof(*last));
	uint32_t i;

	/* last[p + 1]: the last child of p seen so far (last[0]: of the
	 * top level) */
	memset(last, 0xff, (s->n + 2) * sizeof(*last));
	for (i = 0; i < s->n; i++) {
		uint32_t p = s->m->ops[i].parent;
		uint32_t slot = p == MT_IR_NONE ? 0 : p + 1;

		prev[i] = last[slot];
		last[slot] = i;
	}
	free(last);
	return prev;
}

/* ---- the budget: what Y computes that no member has taken ---- */

static void budget_set(bodies *B, const uint64_t *c, uint32_t n)
{
	uint32_t k;

	B->nbudget = 0;
	for (k = 0; k < n; k++) {
		if (B->nbudget && B->budget[B->nbudget - 1] == c[k]) {
			B->count[B->nbudget - 1]++;
			continue;
		}
		mt_grow((void **)&B->budget, &B->capb, B->nbudget + 1,
		        sizeof(*B->budget));
		mt_grow((void **)&B->count, &B->capc, B->nbudget + 1,
		        sizeof(*B->count));
		B->budget[B->nbudget] = c[k];
		B->count[B->nbudget++] = 1;
	}
}

/* Whether the sorted c fits in the budget; if take, it is taken out. */
static int budget_fits(bodies *B, const uint64_t *c, uint32_t n, int take)
{
	size_t at = 0;
	uint32_t k, run;

	for (k = 0; k < n; k += run) {
		for (run = 1; k + run < n && c[k + run] == c[k]; run++)
			;
		while (at < B->nbudget && B->budget[at] < c[k])
			at++;
		if (at == B->nbudget || B->budget[at] != c[k] ||
		    B->count[at] < run)
			return 0;
		if (take)
			B->count[at] -= run;
	}
	return 1;
}

/* How many computing ops of Y no member has taken. */
static size_t budget_left(const bodies *B)
{
	size_t k, n = 0;

	for (k = 0; k < B->nbudget; k++)
		n += B->count[k];
	return n;
}

static int budget_empty(const bodies *B)
{
	size_t k;

	for (k = 0; k < B->nbudget; k++)
		if (B->count[k])
			return 0;
	return 1;
}

/* ---- candidates ---- */

/* The child of pa (A) that A op x is or is nested in, or MT_IR_NONE. */
static uint32_t child_of(const ir_side *A, uint32_t pa, uint32_t x)
{
	while (x != MT_IR_NONE && A->m->ops[x].parent != pa)
		x = A->m->ops[x].parent;
	return x;
}

/* Queue A op x (a child of pa) if it may be a member of Y's fusion. */
/* Whether A op x is gone from where it stood for Y: removed, Y's own
 * counterpart, or matched to an op inside Y (tiled or fused into it: a
 * copy of it computes inside the new loop nest). */
static int gone_into(const bodies *B, uint32_t x, uint32_t y)
{
	uint32_t j = B->D->a.match[x];

	return j == MT_IR_NONE || j == y ||
	       (j > y && j < B->D->b.m->ops[y].end);
}

/* Queue A op x (a child of pa) if it may be a member of Y's fusion; one
 * that is still there, outside Y, goes to the copies: a pass may fuse a
 * copy of it into Y and keep it for other users. */
static void enqueue(bodies *B, uint32_t pa, uint32_t x, uint32_t y)
{
	const ir_side *A = &B->D->a;

	if (x == MT_IR_NONE || A->m->ops[x].parent != pa ||
	    B->stamp[x] == B->mark || A->claimed[x])
		return;
	B->stamp[x] = B->mark;
	if (gone_into(B, x, y))
		MT_PUSH(B->queue, B->nqueue, B->capq, x);
	else
		MT_PUSH(B->copies, B->ncopies, B->capcp, x);
}

/* Keep A op x (a child of pa) for after the dataflow candidates. */
static void enqueue_far(bodies *B, uint32_t pa, uint32_t x)
{
	const ir_side *A = &B->D->a;

	if (x != MT_IR_NONE && A->m->ops[x].parent == pa && !A->claimed[x])
		MT_PUSH(B->far, B->nfar, B->capfar, x);
}

/* A value's producer: the op that defines it (an op's result, or an
 * argument of its regions). */
static uint32_t producer(const mt_ir_module *m, uint32_t v)
{
	return v < m->nvalues ? m->values[v].op : MT_IR_NONE;
}

/* An op that takes nothing and holds nothing: a constant, an empty
 * value, an allocation. Not evidence of which data an op computes on. */
static int is_constant(const mt_ir_module *m, uint32_t op)
{
	return op < m->nops && !m->ops[op].noperands && !m->ops[op].nregions;
}

/* A constant proper: shared by everything, it connects nothing (an
 * allocation does: the buffer two loops write and read). */
static int is_constant_value(const mt_ir_module *m, uint32_t op)
{
	return is_constant(m, op) &&
	       strstr(mt_ir_str_get(m, m->ops[op].name), "constant");
}

/* Queue the siblings of member x (children of pa) that x talks to: the
 * users of its results, the producers of what it takes, and the other
 * users of the values from outside it that it uses (a buffer two loops
 * write and read), unless shared too widely to mean anything. */
static void neighbours(bodies *B, uint32_t pa, uint32_t x, uint32_t y)
{
	const ir_side *A = &B->D->a;
	const mt_ir_module *m = A->m;
	uint32_t j, k, u;

	for (j = x; j < m->ops[x].end; j++) {
		const mt_ir_op *op = &m->ops[j];

		for (k = 0; k < op->nresults; k++) {
			uint32_t v = op->first_result + k;

			if (A->use_off[v + 1] - A->use_off[v] > BODY_FANOUT)
				continue;
			for (u = A->use_off[v]; u < A->use_off[v + 1]; u++)
				enqueue(B, pa, child_of(A, pa, A->uses[u]), y);
		}
		for (k = 0; k < op->noperands; k++) {
			uint32_t v = m->operands[op->first_operand + k];
			uint32_t p = producer(m, v);

			if (p == MT_IR_NONE || (p >= x && p < m->ops[x].end))
				continue; /* inside x */
			if (!(m->values[v].idx & MT_IR_ARG))
				enqueue(B, pa, child_of(A, pa, p), y);
			if (is_constant_value(m, p) ||
			    A->use_off[v + 1] - A->use_off[v] > BODY_FANOUT)
				continue;
			for (u = A->use_off[v]; u < A->use_off[v + 1]; u++)
				enqueue(B, pa, child_of(A, pa, A->uses[u]), y);
		}
	}
}

/* The first candidates: Y's counterpart, the ops whose results Y's users
 * used to take, and the gone siblings where Y stands (between the ops
 * its nearest matched siblings stand for). */
static void seeds(bodies *B, uint32_t pa, uint32_t y)
{
	const ir_side *A = &B->D->a, *Bs = &B->D->b;
	const mt_ir_op *yo = &Bs->m->ops[y];
	uint32_t r, u, k, q, lo = MT_IR_NONE, hi = MT_IR_NONE, n, x;

	enqueue(B, pa, Bs->match[y], y);
	for (r = 0; r < yo->nresults; r++) {
		uint32_t v = yo->first_result + r;

		for (u = Bs->use_off[v]; u < Bs->use_off[v + 1]; u++) {
			uint32_t ub = Bs->uses[u], ua = Bs->match[ub];
			const mt_ir_op *uo = &Bs->m->ops[ub], *ao;

			if (ua == MT_IR_NONE)
				continue;
			ao = &A->m->ops[ua];
			for (k = 0; k < uo->noperands && k < ao->noperands; k++)
				if (Bs->m->operands[uo->first_operand + k] == v)
					enqueue(B, pa,
					        child_of(
					                A, pa,
					                producer(
					                        A->m,
					                        A->m->operands
					                                [ao->first_operand +
					                                 k])),
					        y);
		}
	}
	/* where Y stands: its matched siblings before and after it */
	for (q = B->prev_b[y], n = 0; q != MT_IR_NONE && n < BODY_WINDOW;
	     q = B->prev_b[q], n++)
		if (Bs->match[q] != MT_IR_NONE) {
			lo = Bs->match[q];
			break;
		}
	for (q = yo->end, n = 0; q < Bs->n && n < BODY_WINDOW;
	     q = Bs->m->ops[q].end, n++) {
		if (Bs->m->ops[q].parent != yo->parent)
			break;
		if (Bs->match[q] != MT_IR_NONE) {
			hi = Bs->match[q];
			break;
		}
	}
	q = lo == MT_IR_NONE ? (pa == MT_IR_NONE ? 0 : pa + 1)
	                     : A->m->ops[lo].end;
	for (n = 0; q < A->n && n < BODY_WINDOW && q != hi; n++) {
		if (A->m->ops[q].parent != pa)
			break;
		enqueue_far(B, pa, q);
		q = A->m->ops[q].end;
	}
	/* and where its counterpart stood (ops may have moved past it) */
	x = Bs->match[y];
	if (x == MT_IR_NONE || A->m->ops[x].parent != pa)
		return;
	for (q = B->prev_a[x], n = 0; q != MT_IR_NONE && n < BODY_WINDOW;
	     q = B->prev_a[q], n++)
		enqueue_far(B, pa, q);
	for (q = A->m->ops[x].end, n = 0;
	     q < A->n && n < BODY_WINDOW && A->m->ops[q].parent == pa;
	     q = A->m->ops[q].end, n++)
		enqueue_far(B, pa, q);
}

/* ---- evidence ---- */

static uint64_t input_key(uint32_t op, uint32_t idx)
{
	return ir_mix(ir_mix(MT_HASH_SEED, op), idx) | 1;
}

/* The values Y takes from outside it, as (op, idx) of their producers. */
static void inputs_of(bodies *B, uint32_t y)
{
	const mt_ir_module *m = B->D->b.m;
	uint32_t j, k;

	mt_map_release(&B->inputs);
	mt_map_init(&B->inputs, 16);
	for (j = y; j < m->ops[y].end; j++)
		for (k = 0; k < m->ops[j].noperands; k++) {
			uint32_t v = m->operands[m->ops[j].first_operand + k];
			uint32_t p = producer(m, v);
			int found;

			if (p == MT_IR_NONE || (p >= y && p < m->ops[y].end))
				continue;
			mt_map_slot(&B->inputs, input_key(p, m->values[v].idx),
			            1, &found);
		}
}

/* Whether A op p is inside a member. */
static int in_member(const bodies *B, uint32_t p)
{
	const mt_ir_module *m = B->D->a.m;
	size_t i;

	for (i = 0; i < B->nmembers; i++)
		if (p >= B->members[i] && p < m->ops[B->members[i]].end)
			return 1;
	return 0;
}

/* Whether B op q was rewritten by the step: new, moved, or its
 * counterpart took other operands or attributes. */
static int rewritten(const bodies *B, uint32_t q)
{
	const ir_side *Bs = &B->D->b;
	uint32_t x = Bs->match[q];

	return x == MT_IR_NONE || B->dirty_b[q] ||
	       !ir_operands_same(B->D, x, q) ||
	       B->D->a.m->ops[x].attr_hash != Bs->m->ops[q].attr_hash;
}

/* Ops between a member's input and Y that the step rewrote, at most. */
#define BODY_REWRITE_HOPS 2

/* Whether B op q (Y, or an op feeding it) takes a value of B op p, at
 * once or through at most hops ops the step rewrote. A member's input
 * whose way to the fused op was rewritten by the same pass (a reshape
 * moved through a reduction: linalg-fuse-elementwise-ops after
 * tosa-to-linalg) still feeds it; an unchanged op on the way (the next
 * layer's matmul) ends the way, so one layer's data never stands for
 * another's. */
static int fed_by(const bodies *B, uint32_t q, uint32_t p, int hops)
{
	const mt_ir_module *m = B->D->b.m;
	uint32_t j, k;

	for (j = q; j < m->ops[q].end; j++)
		for (k = 0; k < m->ops[j].noperands; k++) {
			uint32_t v = m->operands[m->ops[j].first_operand + k];
			uint32_t r = producer(m, v);

			if (r == MT_IR_NONE || (r >= q && r < m->ops[q].end))
				continue;
			if (r == p)
				return 1;
			if (hops && m->ops[r].parent == m->ops[q].parent &&
			    rewritten(B, r) && fed_by(B, r, p, hops - 1))
				return 1;
		}
	return 0;
}

/* Every input the members take from outside the group, produced by an
 * op that is still there and computes something, is an input of Y (an
 * argument of an enclosing op may be missing: it may have been where a
 * member wrote its result), or reaches Y only through ops the step
 * rewrote (fed_by). */
static int same_inputs(bodies *B, uint32_t y)
{
	const mt_ir_op *yo = &B->D->b.m->ops[y];
	const ir_side *A = &B->D->a;
	const mt_ir_module *m = A->m;
	size_t i;
	uint32_t j, k;

	for (i = 0; i < B->nmembers; i++) {
		uint32_t x = B->members[i];

		for (j = x; j < m->ops[x].end; j++)
			for (k = 0; k < m->ops[j].noperands; k++) {
				uint32_t v =
				        m->operands[m->ops[j].first_operand +
				                    k];
				uint32_t p = producer(m, v), pb;

				if (p == MT_IR_NONE || in_member(B, p) ||
				    is_constant(m, p) ||
				    (m->ops[p].flags & MT_IR_OP_EMPTY))
					continue;
				pb = A->match[p];
				/* gone: nothing to compare; Y's counterpart
				 * or moved into Y: computed inside it now */
				if (pb == MT_IR_NONE ||
				    (pb >= y && pb < yo->end))
					continue;
				if (mt_map_get(
				            &B->inputs,
				            input_key(pb, m->values[v].idx)) !=
				            MT_MAP_NONE ||
				    fed_by(B, y, pb, BODY_REWRITE_HOPS))
					continue;
				/* an argument of the function may have been
				 * only where a member wrote its result (the
				 * fused op makes its own): not evidence */
				if (!(m->values[v].idx & MT_IR_ARG))
					return 0;
			}
	}
	return 1;
}

/* Whether Y takes from outside it what a fill makes that stands for A
 * fill x: one the step rewrote (a linalg.fill become a generic that
 * yields its value when a reshape moved through its reduction), or one
 * with x's text (CSE kept one of two identical fills of two layers). x
 * then still gives Y its value from outside: not fused into Y. */
static int takes_fill_like(bodies *B, uint32_t y, uint32_t x)
{
	const mt_ir_module *m = B->D->b.m;
	uint64_t h = B->D->a.m->ops[x].attr_hash;
	uint32_t j, k, n;

	for (j = y; j < m->ops[y].end; j++)
		for (k = 0; k < m->ops[j].noperands; k++) {
			uint32_t v = m->operands[m->ops[j].first_operand + k];
			uint32_t r = producer(m, v);

			if (r == MT_IR_NONE || (r >= y && r < m->ops[y].end))
				continue;
			if (ir_comps_of(&B->b, r, &n), n)
				continue;
			if (ir_comps_is_fill(&B->b, r) &&
			    (rewritten(B, r) || m->ops[r].attr_hash == h))
				return 1;
		}
	return 0;
}

/* A member that computes nothing (a fill, or a generic that yields its
 * indices) belongs to the fusion when a member takes its result and
 * either Y takes one of its inputs or only members took its results
 * (then what it made is made inside Y now), unless it, or a fill
 * standing for it, still gives Y its value from outside (rewritten or
 * deduplicated, not fused: takes_fill_like). */
static int joins_as_fill(bodies *B, uint32_t x, uint32_t y)
{
	const ir_side *A = &B->D->a;
	const mt_ir_module *m = A->m;
	const mt_ir_op *xo = &m->ops[x];
	uint32_t r, u, k, j, xb = A->match[x];
	int feeds = 0, only = 1;

	if ((xb != MT_IR_NONE && !(xb >= y && xb < B->D->b.m->ops[y].end) &&
	     fed_by(B, y, xb, 0)) ||
	    takes_fill_like(B, y, x))
		return 0;

	for (r = 0; r < xo->nresults; r++) {
		uint32_t v = xo->first_result + r;

		for (u = A->use_off[v]; u < A->use_off[v + 1]; u++) {
			int in = in_member(B, A->uses[u]);

			feeds |= in;
			only &= in;
		}
	}
	if (!feeds)
		return 0;
	if (only)
		return 1;
	for (j = x; j < xo->end; j++)
		for (k = 0; k < m->ops[j].noperands; k++) {
			uint32_t v = m->operands[m->ops[j].first_operand + k];
			uint32_t p = producer(m, v), pb;

			if (p == MT_IR_NONE || (p >= x && p < xo->end) ||
			    (m->ops[p].flags & MT_IR_OP_EMPTY))
				continue;
			pb = A->match[p];
			if (pb != MT_IR_NONE &&
			    mt_map_get(&B->inputs,
			               input_key(pb, m->values[v].idx)) !=
			            MT_MAP_NONE)
				return 1;
		}
	return 0;
}

/* ---- the search ---- */

static int u32cmp(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

/* Whether B op y is worth looking at: it has regions, stands where its
 * parent's counterpart is, and it or what it stands for changed. */
static int worth(bodies *B, uint32_t y, uint32_t *pa)
{
	const ir_side *A = &B->D->a, *Bs = &B->D->b;
	const mt_ir_op *yo = &Bs->m->ops[y];
	uint32_t x = Bs->match[y], n;

	/* a function or module holding more is inlining or outlining,
	 * not fusion */
	if (!yo->nregions || Bs->claimed[y] || yo->parent == MT_IR_NONE ||
	    (yo->flags & MT_IR_OP_SYMDEF))
		return 0;
	*pa = Bs->match[yo->parent];
	if (*pa == MT_IR_NONE)
		return 0;
	if (x == MT_IR_NONE)
		return 1;
	if (B->dirty_b[y] || B->dirty_a[x] || !ir_operands_same(B->D, x, y) ||
	    A->m->ops[x].attr_hash != yo->attr_hash)
		return 1;
	/* an empty loop another one was fused into is unchanged itself */
	return ir_is_loop(Bs->m, y) && (ir_comps_of(&B->b, y, &n), !n);
}

/* Whether A op x and B op y take the same operands (x and y need not
 * be matched to each other). */
static int same_operands(const ir_differ *D, uint32_t x, uint32_t y)
{
	const mt_ir_op *xo = &D->a.m->ops[x], *yo = &D->b.m->ops[y];
	uint32_t k, po, pi;

	if (xo->noperands != yo->noperands)
		return 0;
	for (k = 0; k < xo->noperands; k++) {
		uint32_t v = D->b.m->operands[yo->first_operand + k];

		if (!ir_map_value(D, &D->a,
		                  D->a.m->operands[xo->first_operand + k], &po,
		                  &pi) ||
		    v >= D->b.m->nvalues || D->b.m->values[v].op != po ||
		    D->b.m->values[v].idx != pi)
			return 0;
	}
	return 1;
}

/* Loops that compute nothing (scf.parallel over empty bodies) fused: the
 * gone sibling loops with Y's name, attributes and operands, for there
 * is no body to tell them by. */
static int empty_loops(bodies *B, uint32_t y, uint32_t pa)
{
	const ir_side *A = &B->D->a;
	const mt_ir_op *yo = &B->D->b.m->ops[y];
	size_t q;
	uint32_t n;
	int gone = 0;

	if (!ir_is_loop(B->D->b.m, y))
		return 0;
	B->mark++;
	B->nqueue = B->nmembers = B->ncopies = B->nfar = 0;
	seeds(B, pa, y);
	/* empty loops talk to nothing: those by position count as well */
	for (q = 0; q < B->nfar; q++)
		enqueue(B, pa, B->far[q], y);
	for (q = 0; q < B->nqueue && q < BODY_VISIT; q++) {
		uint32_t x = B->queue[q];
		const mt_ir_op *xo = &A->m->ops[x];

		if (ir_name_h(A, x) != ir_name_h(&B->D->b, y) ||
		    xo->attr_hash != yo->attr_hash ||
		    xo->nregions != yo->nregions ||
		    (ir_comps_of(&B->a, x, &n), n) ||
		    !same_operands(B->D, x, y))
			continue;
		MT_PUSH(B->members, B->nmembers, B->capm, x);
		gone += A->match[x] != y;
		neighbours(B, pa, x, y);
	}
	return B->nmembers >= 2 && gone > 0;
}

/* The members of Y's fusion into B->members, or 0. */
static int search(bodies *B, uint32_t y, uint32_t pa)
{
	const ir_side *A = &B->D->a, *Bs = &B->D->b;
	const uint64_t *c;
	uint32_t n, k;
	size_t q, nfills = 0, capf = 0;
	uint32_t *fills = NULL;
	size_t kf;
	int gone = 0, ok = 0;

	c = ir_comps_of(&B->b, y, &n);
	if (!n && ir_is_loop(B->D->b.m, y))
		return empty_loops(B, y, pa);
	budget_set(B, c, n);
	B->mark++;
	B->nqueue = B->nmembers = B->ncopies = B->nfar = 0;
	seeds(B, pa, y);
	/* Y computes nothing left (its counterpart's body folded to a
	 * constant once fills were fused into it): the counterpart is the
	 * member the fills may join */
	if (!n && Bs->match[y] != MT_IR_NONE && !A->claimed[Bs->match[y]])
		MT_PUSH(B->members, B->nmembers, B->capm, Bs->match[y]);
	else if (!n)
		return 0;
	for (q = 0, kf = 0; q < BODY_VISIT; q++) {
		uint32_t x;

		/* the dataflow candidates first, then those by position */
		while (q >= B->nqueue && kf < B->nfar)
			enqueue(B, pa, B->far[kf++], y);
		if (q >= B->nqueue)
			break;
		x = B->queue[q];
		c = ir_comps_of(&B->a, x, &n);
		if (!n) {
			/* a fill: decided once the group stands */
			if (ir_comps_is_fill(&B->a, x))
				MT_PUSH(fills, nfills, capf, x);
			continue;
		}
		/* once all Y computes is taken, only what computes nothing
		 * may still join */
		if (budget_empty(B) || !budget_fits(B, c, n, 1))
			continue;
		MT_PUSH(B->members, B->nmembers, B->capm, x);
		gone += A->match[x] != y;
		neighbours(B, pa, x, y);
	}
	/* what is left of Y may be a copy of an op that stayed (a loop
	 * nest fused into its consumer and kept for another user): all of
	 * it, in one op the members talk to */
	for (k = 0; k < B->ncopies && !budget_empty(B) && B->nmembers; k++) {
		c = ir_comps_of(&B->a, B->copies[k], &n);
		if (n && n == budget_left(B) && budget_fits(B, c, n, 1)) {
			MT_PUSH(B->members, B->nmembers, B->capm, B->copies[k]);
			gone++;
		}
	}
	if (!budget_empty(B) || !B->nmembers)
		goto out;
	inputs_of(B, y);
	if (!same_inputs(B, y))
		goto out;
	for (k = 0; k < nfills; k++)
		if (joins_as_fill(B, fills[k], y)) {
			MT_PUSH(B->members, B->nmembers, B->capm, fills[k]);
			gone += A->match[fills[k]] != y;
		}
	ok = B->nmembers >= 2 && gone > 0;
out:
	free(fills);
	return ok;
}

/* Loop nests fused into one loop nest; ops that were not loops into a
 * loop nest: tiled and fused into it. */
static mt_ir_fusion_kind fusion_kind(const bodies *B, uint32_t y)
{
	size_t i;

	if (!ir_is_loop(B->D->b.m, y))
		return MT_IR_FUSION_OPS;
	for (i = 0; i < B->nmembers; i++)
		if (!ir_is_loop(B->D->a.m, B->members[i]))
			return MT_IR_FUSION_TILED;
	return MT_IR_FUSION_LOOPS;
}

static void emit(bodies *B, uint32_t y)
{
	ir_differ *D = B->D;
	mt_ir_fusion fu;
	size_t i;
	int at = 0;

	qsort(B->members, B->nmembers, sizeof(*B->members), u32cmp);
	memset(&fu, 0, sizeof(fu));
	ir_opref_fill(&fu.into, D->b.m, y);
	fu.kind = fusion_kind(B, y);
	fu.evidence = MT_IR_EVIDENCE_BODY;
	fu.nfrom = B->nmembers;
	fu.from = mt_calloc(B->nmembers, sizeof(*fu.from));
	for (i = 0; i < B->nmembers; i++) {
		ir_opref_fill(&fu.from[i], D->a.m, B->members[i]);
		D->a.claimed[B->members[i]] = 1;
		at |= D->trace && mt_ir_op_at(D->a.m, B->members[i], D->trace);
	}
	D->b.claimed[y] = 1;
	MT_PUSH(D->t->fusions, D->t->nfusions, D->t->cap_fusions, fu);
	if (D->trace && (at || mt_ir_op_at(D->b.m, y, D->trace)))
		ir_trace_add(D, D->b.m, y, "fused");
}

void ir_find_body_fusions(ir_differ *D)
{
	bodies B;
	uint32_t y, pa;

	memset(&B, 0, sizeof(B));
	B.D = D;
	ir_comps_init(&B.a, &D->a);
	ir_comps_init(&B.b, &D->b);
	B.dirty_a = dirty_marks(&D->a, &D->b);
	B.dirty_b = dirty_marks(&D->b, &D->a);
	B.prev_a = prev_siblings(&D->a);
	B.prev_b = prev_siblings(&D->b);
	B.stamp = mt_calloc(D->a.n + 1, sizeof(*B.stamp));
	mt_map_init(&B.inputs, 16);
	for (y = 0; y < D->b.n; y++)
		if (worth(&B, y, &pa) && search(&B, y, pa))
			emit(&B, y);
	mt_map_release(&B.inputs);
	free(B.stamp);
	free(B.far);
	free(B.dirty_a);
	free(B.dirty_b);
	free(B.prev_a);
	free(B.prev_b);
	free(B.queue);
	free(B.members);
	free(B.copies);
	free(B.budget);
	free(B.count);
	ir_comps_release(&B.a);
	ir_comps_release(&B.b);
}
