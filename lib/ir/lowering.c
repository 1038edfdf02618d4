/*
 * lowering.c - ops of one dialect replaced by ops of another between two
 * stages. Where ops have locations, the place is the location: removed
 * ops there whose dialect none of the added ops there share (tosa.add ->
 * linalg.generic, tensor.empty). Without a location the place is where
 * the op stood: between the ops matched around it, among the children of
 * its matched parent, what the removed ops' users now take instead
 * (followed back by operand position from the ops matched after them),
 * with what those replacements were made from. A matched op whose
 * dialect changed (func.func -> llvm.func) is a lowering too, and so is
 * an op replaced by a loop nest even when an op of its dialect survives
 * (sparsification, linalg-to-loops).
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

static int dialect_eq(const char *a, const char *b)
{
	size_t la = mt_ir_dialect_len(a), lb = mt_ir_dialect_len(b);

	return la == lb && !memcmp(a, b, la);
}

/* Whether an op named n is a loop. */
static int loop_name(const char *n)
{
	static const char *const loops[] = {
		"scf.for",   "scf.forall", "scf.parallel",
		"scf.while", "affine.for", "affine.parallel"
	};
	size_t k;

	for (k = 0; k < MT_ARRAY_SIZE(loops); k++)
		if (!strcmp(n, loops[k]))
			return 1;
	return 0;
}

/* Does some dialect among the ops of chain ha (side A) appear nowhere in
 * chain hb (side B), or does hb hold a loop where ha held none (a
 * linalg.generic become loop nests, a linalg.fill of the same dialect
 * made beside them: sparsification)? */
static int dialect_gave_way(const ir_differ *D,
                            uint32_t ha,
                            const uint32_t *nexta,
                            uint32_t hb,
                            const uint32_t *nextb)
{
	uint32_t x, y;

	int loop_a = 0, loop_b = 0;

	if (hb == MT_IR_NONE)
		return 0;
	for (x = ha; x != MT_IR_NONE; x = nexta[x]) {
		const char *na = mt_ir_str_get(D->a.m, D->a.m->ops[x].name);
		int survives = 0;

		for (y = hb; y != MT_IR_NONE && !survives; y = nextb[y])
			survives = dialect_eq(
			        na, mt_ir_str_get(D->b.m, D->b.m->ops[y].name));
		if (!survives)
			return 1;
		loop_a |= loop_name(na);
	}
	for (y = hb; y != MT_IR_NONE && !loop_b; y = nextb[y])
		loop_b = loop_name(mt_ir_str_get(D->b.m, D->b.m->ops[y].name));
	return loop_b && !loop_a;
}

/* A lowering's name counts are kept until the report is written, a few
 * thousand of them per transition: no room for more names than they
 * have (ir_count_add grows by 8). */
static void counts_fit(mt_ir_lowering *z)
{
	if (z->nfrom)
		z->from = mt_realloc(z->from, z->nfrom * sizeof(*z->from));
	if (z->nto)
		z->to = mt_realloc(z->to, z->nto * sizeof(*z->to));
}

/* ---- lowerings without locations: by place ---- */

/* The ops of a run of unmatched siblings, on one side. */
typedef struct run {
	uint32_t *v;
	size_t n, cap;
} run;

/* The child of parent p (side s) that op x is or is inside, or NONE. */
static uint32_t child_in(const ir_side *s, uint32_t p, uint32_t x)
{
	while (x != MT_IR_NONE && s->m->ops[x].parent != p)
		x = s->m->ops[x].parent;
	return x;
}

/* Count the names of op i (side s) and the unmatched ops nested in it
 * into *c: a nested op matched on the other side was carried over (a
 * constant of a loop body moved into a block of the function by
 * convert-scf-to-cf), it was not lowered nor made. */
static void count_subtree(
        mt_ir_count **c, size_t *n, size_t *cap, const ir_side *s, uint32_t i)
{
	const mt_ir_module *m = s->m;
	uint32_t j;

	for (j = i; j < m->ops[i].end; j++)
		if (j == i || s->match[j] == MT_IR_NONE)
			ir_count_add(c, n, cap,
			             mt_ir_str_get(m, m->ops[j].name), 1);
}

/* Whether a dialect among the names of from is missing from to, or to
 * has a loop where from had none: the ops were lowered, not rewritten
 * within their dialect. */
static int gave_way(const mt_ir_count *from,
                    size_t nfrom,
                    const mt_ir_count *to,
                    size_t nto)
{
	size_t i, k;
	int loop_from = 0, loop_to = 0;

	for (i = 0; i < nfrom; i++) {
		int survives = 0;

		for (k = 0; k < nto && !survives; k++)
			survives = dialect_eq(from[i].name, to[k].name);
		if (!survives)
			return 1;
	}
	for (i = 0; i < nfrom; i++)
		loop_from |= loop_name(from[i].name);
	for (i = 0; i < nto; i++)
		loop_to |= loop_name(to[i].name);
	return loop_to && !loop_from;
}

/* What lowerings_by_place knows while it looks at one pair of runs. */
typedef struct placer {
	ir_differ *D;
	uint32_t pb; /* the B parent the runs are children of */
	uint32_t *owner_a; /* A op of a run -> itself; else NONE */
	uint32_t *rep; /* A op of a run -> the B op its users take */
	uint32_t *owner_b; /* B op of a run -> the A op it replaces */
	uint32_t *stamp_b; /* B op -> mark: in the run, or counted */
	uint32_t mark;
} placer;

/* Whether op i only makes a value from nothing (a constant, an empty
 * tensor, an allocation): such ops are printed anew anywhere, so they
 * neither bound nor make a run; they belong to what they feed. */
static int makes_from_nothing(const mt_ir_module *m, uint32_t i)
{
	return !m->ops[i].noperands && !m->ops[i].nregions;
}

/* The B op of the run that stands for A op a's result: what the
 * counterpart of a user of it outside the run takes at the same operand,
 * or what the replacement of a user inside the run takes there. */
static uint32_t replacement_of(const placer *P, uint32_t a)
{
	const ir_side *A = &P->D->a, *B = &P->D->b;
	const mt_ir_op *ao = &A->m->ops[a];
	uint32_t r, u, k;

	for (r = 0; r < ao->nresults; r++) {
		uint32_t v = ao->first_result + r;

		for (u = A->use_off[v]; u < A->use_off[v + 1]; u++) {
			uint32_t ua = A->uses[u], ub = A->match[ua];
			const mt_ir_op *uo = &A->m->ops[ua], *bo;

			/* a user inside the run stands by its replacement */
			if (ub == MT_IR_NONE && P->owner_a[ua] == ua)
				ub = P->rep[ua];
			if (ub == MT_IR_NONE)
				continue;
			bo = &B->m->ops[ub];
			for (k = 0; k < uo->noperands && k < bo->noperands;
			     k++) {
				uint32_t vb, pr;

				if (A->m->operands[uo->first_operand + k] != v)
					continue;
				vb = B->m->operands[bo->first_operand + k];
				if (vb >= B->m->nvalues ||
				    (B->m->values[vb].idx & MT_IR_ARG))
					continue;
				pr = child_in(B, P->pb, B->m->values[vb].op);
				if (pr != MT_IR_NONE &&
				    P->stamp_b[pr] == P->mark &&
				    P->owner_b[pr] == MT_IR_NONE)
					return pr;
			}
		}
	}
	return MT_IR_NONE;
}

/* Whether the value A op a took at operand k came from another op that
 * went too and made it from nothing (a removed arith.constant feeding
 * a): what a's replacement takes there is that op's replacement (its
 * llvm.mlir.constant), not part of what a became. */
static int neighbours_value(const placer *P, uint32_t a, uint32_t k)
{
	const ir_side *A = &P->D->a;
	const mt_ir_op *ao = &A->m->ops[a];
	uint32_t v, x;

	if (k >= ao->noperands)
		return 0;
	v = A->m->operands[ao->first_operand + k];
	if (v >= A->m->nvalues || (A->m->values[v].idx & MT_IR_ARG))
		return 0;
	x = A->m->values[v].op;
	return (x < a || x >= ao->end) && A->match[x] == MT_IR_NONE &&
	       makes_from_nothing(A->m, x);
}

/* Count into z's "to" the ops of B op r (with those nested in it) and
 * the ops made from nothing (children of the run's parent) that they
 * take, each once: not those standing, at r's own operands, for what a
 * took from a removed op of its own (the neighbour's lowering). */
static void count_replacement(
        placer *P, mt_ir_lowering *z, size_t *cap, uint32_t r, uint32_t a)
{
	const mt_ir_module *m = P->D->b.m;
	uint32_t j, k;

	count_subtree(&z->to, &z->nto, cap, &P->D->b, r);
	for (j = r; j < m->ops[r].end; j++)
		for (k = 0; k < m->ops[j].noperands; k++) {
			uint32_t v = m->operands[m->ops[j].first_operand + k];
			uint32_t pr;

			if (v >= m->nvalues || (m->values[v].idx & MT_IR_ARG))
				continue;
			pr = m->values[v].op;
			/* not one of the run (counted with what owns it),
			 * nor one that was there before (matched) */
			if (m->ops[pr].parent != P->pb ||
			    !makes_from_nothing(m, pr) ||
			    P->stamp_b[pr] == P->mark ||
			    P->D->b.match[pr] != MT_IR_NONE ||
			    P->stamp_b[pr] == P->mark + 1 ||
			    (j == r && neighbours_value(P, a, k)))
				continue;
			P->stamp_b[pr] = P->mark + 1;
			ir_count_add(&z->to, &z->nto, cap,
			             mt_ir_str_get(m, m->ops[pr].name), 1);
		}
}

/* Whether operand k of op j (op a or an op nested in it, side A) comes
 * from outside a, from an op still there (not a constant, which is
 * printed anew anywhere): *po, *pi the B value it stands for. */
static int outside_operand(const placer *P,
                           uint32_t a,
                           uint32_t j,
                           uint32_t k,
                           uint32_t *po,
                           uint32_t *pi)
{
	const ir_side *A = &P->D->a;
	uint32_t v = A->m->operands[A->m->ops[j].first_operand + k];

	if (v >= A->m->nvalues ||
	    (A->m->values[v].op >= a && A->m->values[v].op < A->m->ops[a].end))
		return 0; /* from inside a */
	if (strstr(mt_ir_str_get(A->m, A->m->ops[A->m->values[v].op].name),
	           "constant"))
		return 0;
	return ir_map_value(P->D, A, v, po, pi);
}

/* Whether B op r or an op nested in it takes B value (po, pi). */
static int
uses_value(const mt_ir_module *m, uint32_t r, uint32_t po, uint32_t pi)
{
	uint32_t l, q;

	for (l = r; l < m->ops[r].end; l++)
		for (q = 0; q < m->ops[l].noperands; q++) {
			uint32_t w = m->operands[m->ops[l].first_operand + q];

			if (w < m->nvalues && m->values[w].op == po &&
			    m->values[w].idx == pi)
				return 1;
		}
	return 0;
}

/* Whether B op r (with the ops nested in it) takes what A op a takes:
 * every operand of a produced by an op still there (through the
 * matching) is used inside r. How an op without results (a linalg op on
 * buffers, a loop) is found again: by the buffers it reads and writes. */
static int takes_same(const placer *P, uint32_t a, uint32_t r)
{
	const ir_side *A = &P->D->a, *B = &P->D->b;
	uint32_t k, j, po, pi, any = 0;

	for (j = a; j < A->m->ops[a].end; j++)
		for (k = 0; k < A->m->ops[j].noperands; k++) {
			if (!outside_operand(P, a, j, k, &po, &pi))
				continue;
			if (!uses_value(B->m, r, po, pi))
				return 0;
			any = 1;
		}
	return any;
}

/* An op without results whose work is now spread over several ops of
 * rb with no loop around them (a linalg op on rank-0 buffers lowered
 * to memref.load, its body, memref.store): for each buffer or value it
 * takes from outside, the first op of rb not given away yet that takes
 * it. They are a's if every one is found and one of them has no
 * results either (what writes where a wrote). */
static int takes_apart(placer *P, const run *rb, uint32_t a)
{
	const ir_side *A = &P->D->a, *B = &P->D->b;
	uint32_t j, k, po, pi, first = MT_IR_NONE;
	size_t i, n = 0, cap = 0;
	uint32_t *got = NULL;
	int writes = 0, ok = 1;

	for (j = a; j < A->m->ops[a].end && ok; j++)
		for (k = 0; k < A->m->ops[j].noperands && ok; k++) {
			if (!outside_operand(P, a, j, k, &po, &pi))
				continue;
			for (i = 0; i < rb->n; i++)
				if (P->owner_b[rb->v[i]] == MT_IR_NONE &&
				    uses_value(B->m, rb->v[i], po, pi))
					break;
			if (i == rb->n) {
				ok = 0;
				break;
			}
			MT_PUSH(got, n, cap, rb->v[i]);
			writes |= !B->m->ops[rb->v[i]].nresults;
			if (first == MT_IR_NONE || rb->v[i] < first)
				first = rb->v[i];
		}
	ok &= n > 1 && writes;
	if (ok) {
		for (i = 0; i < n; i++)
			P->owner_b[got[i]] = a;
		P->rep[a] = first;
	}
	free(got);
	return ok;
}

/* Take out of a lowering found by place what it carried over: ops of
 * the same name on both sides (a body's arith.addf, now in a loop),
 * as many as both have. A lowering found by location lists only
 * unmatched ops, and these would have been matched there. */
static void carried_over(mt_ir_lowering *z)
{
	size_t i, k, n;

	for (i = 0; i < z->nfrom; i++)
		for (k = 0; k < z->nto; k++)
			if (!strcmp(z->from[i].name, z->to[k].name)) {
				n = z->from[i].n < z->to[k].n ? z->from[i].n
				                              : z->to[k].n;
				z->from[i].n -= n;
				z->to[k].n -= n;
			}
	for (i = k = 0; i < z->nfrom; i++)
		if (z->from[i].n)
			z->from[k++] = z->from[i];
		else
			free(z->from[i].name);
	z->nfrom = k;
	for (i = k = 0; i < z->nto; i++)
		if (z->to[i].n)
			z->to[k++] = z->to[i];
		else
			free(z->to[i].name);
	z->nto = k;
}

/* One pair of runs: the unmatched children ra (A) and rb (B) of matched
 * parents, between the same matched siblings. Each op of ra without a
 * location is given the ops of rb that replace it: its replacement (the
 * op its users now take, found from the last op back), the ops of rb
 * that feed a replacement, each with the one it feeds, and the ops made
 * from nothing that those take. */
static void run_pair(placer *P, const run *ra, const run *rb)
{
	const ir_side *A = &P->D->a, *B = &P->D->b;
	size_t i, k;

	P->mark += 2;
	for (k = 0; k < rb->n; k++)
		P->stamp_b[rb->v[k]] = P->mark;
	for (i = 0; i < ra->n; i++) {
		P->owner_a[ra->v[i]] = ra->v[i];
		P->rep[ra->v[i]] = MT_IR_NONE;
	}
	for (i = ra->n; i-- > 0;) {
		uint32_t a = ra->v[i], r = replacement_of(P, a);

		if (r != MT_IR_NONE) {
			P->rep[a] = r;
			P->owner_b[r] = a;
		}
	}
	/* ops its users do not tell (no results): the first op of rb, in
	 * order, that takes the same buffers and values */
	for (i = 0; i < ra->n; i++) {
		uint32_t a = ra->v[i];

		if (P->rep[a] != MT_IR_NONE)
			continue;
		for (k = 0; k < rb->n; k++)
			if (P->owner_b[rb->v[k]] == MT_IR_NONE &&
			    B->m->ops[rb->v[k]].nresults ==
			            A->m->ops[a].nresults &&
			    takes_same(P, a, rb->v[k])) {
				P->rep[a] = rb->v[k];
				P->owner_b[rb->v[k]] = a;
				break;
			}
		if (P->rep[a] == MT_IR_NONE && !A->m->ops[a].nresults)
			takes_apart(P, rb, a);
	}
	/* the rest of rb belongs to the replacement it feeds: what each
	 * replacement takes from rb, back to what its own inputs are made
	 * from (the last replacement first) */
	for (i = ra->n; i-- > 0;) {
		uint32_t a = ra->v[i];
		size_t n = 0, cap = 0, w;
		uint32_t *stack = NULL;

		if (P->rep[a] == MT_IR_NONE)
			continue;
		for (k = 0; k < rb->n; k++)
			if (P->owner_b[rb->v[k]] == a)
				MT_PUSH(stack, n, cap, rb->v[k]);
		for (w = 0; w < n; w++) {
			uint32_t r = stack[w], j, q;

			for (j = r; j < B->m->ops[r].end; j++)
				for (q = 0; q < B->m->ops[j].noperands; q++) {
					uint32_t v =
					        B->m->operands
					                [B->m->ops[j]
					                         .first_operand +
					                 q];
					uint32_t pr;

					if (v >= B->m->nvalues ||
					    (B->m->values[v].idx & MT_IR_ARG))
						continue;
					pr = child_in(B, P->pb,
					              B->m->values[v].op);
					if (pr == MT_IR_NONE ||
					    P->stamp_b[pr] != P->mark ||
					    P->owner_b[pr] != MT_IR_NONE)
						continue;
					P->owner_b[pr] = a;
					MT_PUSH(stack, n, cap, pr);
				}
		}
		free(stack);
	}
	/* a run of one op on each side is one replacement */
	if (ra->n == 1)
		for (k = 0; k < rb->n; k++)
			if (P->owner_b[rb->v[k]] == MT_IR_NONE)
				P->owner_b[rb->v[k]] = ra->v[0];
	for (i = 0; i < ra->n; i++) {
		uint32_t a = ra->v[i];
		mt_ir_lowering z;
		size_t c1 = 0, c2 = 0;
		int empties;

		if (ir_loc_h(A, a) || A->claimed[a])
			continue; /* found by location, or fused */
		memset(&z, 0, sizeof(z));
		count_subtree(&z.from, &z.nfrom, &c1, A, a);
		empties = 1;
		for (k = 0; k < rb->n; k++)
			if (P->owner_b[rb->v[k]] == a) {
				count_replacement(P, &z, &c2, rb->v[k], a);
				empties &= !!(B->m->ops[rb->v[k]].flags &
				              MT_IR_OP_EMPTY);
			}
		carried_over(&z);
		/* nothing computes where only empty values stand now, unless
		 * a was one too (see only_empties) */
		if (!z.nto || !z.nfrom ||
		    (empties && !(A->m->ops[a].flags & MT_IR_OP_EMPTY)) ||
		    !gave_way(z.from, z.nfrom, z.to, z.nto)) {
			ir_counts_free(z.from, z.nfrom);
			ir_counts_free(z.to, z.nto);
			continue;
		}
		ir_opref_fill(&z.at, A->m, a);
		z.evidence = MT_IR_EVIDENCE_PLACE;
		counts_fit(&z);
		MT_PUSH(P->D->t->lowerings, P->D->t->nlowerings,
		        P->D->t->cap_lowerings, z);
	}
	for (i = 0; i < ra->n; i++)
		P->owner_a[ra->v[i]] = MT_IR_NONE;
	for (k = 0; k < rb->n; k++)
		P->owner_b[rb->v[k]] = MT_IR_NONE;
}

/* Whether child x may bound a run (an op made from nothing is printed
 * anywhere: matched in order, it may stand in the wrong place). */
static int counts_in_runs(const mt_ir_module *m, uint32_t x)
{
	return !makes_from_nothing(m, x);
}

/* Every matched parent's children, in order on both sides: runs of
 * unmatched children between children matched to each other (in
 * order; a child matched elsewhere, and an op made from nothing, are
 * left out). Only runs holding an op without a location are looked at. */
static void lowerings_by_place(ir_differ *D)
{
	const ir_side *A = &D->a, *B = &D->b;
	run ra = { NULL, 0, 0 }, rb = { NULL, 0, 0 };
	placer P;
	uint32_t p;

	memset(&P, 0, sizeof(P));
	P.D = D;
	P.owner_a = mt_malloc((A->n + 1) * sizeof(*P.owner_a));
	P.rep = mt_malloc((A->n + 1) * sizeof(*P.rep));
	P.owner_b = mt_malloc((B->n + 1) * sizeof(*P.owner_b));
	P.stamp_b = mt_calloc(B->n + 1, sizeof(*P.stamp_b));
	memset(P.owner_a, 0xff, (A->n + 1) * sizeof(*P.owner_a));
	memset(P.owner_b, 0xff, (B->n + 1) * sizeof(*P.owner_b));
	for (p = 0; p < A->n; p++) {
		uint32_t q = A->match[p], x, y;
		int noloc = 0;

		if (q == MT_IR_NONE || !A->m->ops[p].nregions)
			continue;
		P.pb = q;
		x = p + 1;
		y = q + 1;
		for (;;) {
			int xin = x < A->m->ops[p].end,
			    yin = y < B->m->ops[q].end;

			/* A children up to the next anchor: one matched among
			 * q's children at or after y */
			while (xin && (!counts_in_runs(A->m, x) ||
			               A->match[x] == MT_IR_NONE ||
			               B->m->ops[A->match[x]].parent != q ||
			               A->match[x] < y)) {
				if (A->match[x] == MT_IR_NONE) {
					MT_PUSH(ra.v, ra.n, ra.cap, x);
					noloc |= !ir_loc_h(A, x);
				}
				x = A->m->ops[x].end;
				xin = x < A->m->ops[p].end;
			}
			while (yin && (!xin || y != A->match[x])) {
				if (B->match[y] == MT_IR_NONE)
					MT_PUSH(rb.v, rb.n, rb.cap, y);
				y = B->m->ops[y].end;
				yin = y < B->m->ops[q].end;
			}
			if (ra.n && rb.n && noloc)
				run_pair(&P, &ra, &rb);
			ra.n = rb.n = 0;
			noloc = 0;
			if (!xin)
				break;
			x = A->m->ops[x].end;
			y = yin ? B->m->ops[y].end : y;
		}
	}
	free(ra.v);
	free(rb.v);
	free(P.owner_a);
	free(P.rep);
	free(P.owner_b);
	free(P.stamp_b);
}

/* Lowerings at locations, then those of ops without one. */
/* Whether the ops of a place on one side (a chain through next) only
 * make empty values (tensor.empty, memref.alloc). On side B, when side
 * A computed there: what computed went elsewhere (an elementwise fusion
 * that gives the producer's outs a new tensor.empty at the producer's
 * location), it was not lowered into them. When side A only made empty
 * values too, they were lowered (bufferization: tensor.empty ->
 * memref.alloc). */
static int only_empties(const ir_side *B, uint32_t head, const uint32_t *next)
{
	uint32_t i;

	if (head == MT_IR_NONE)
		return 0;
	for (i = head; i != MT_IR_NONE; i = next[i])
		if (!(B->m->ops[i].flags & MT_IR_OP_EMPTY))
			return 0;
	return 1;
}

/* Whether name is among the n counts of c. */
static int in_counts(const mt_ir_count *c, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(c[i].name, name))
			return 1;
	return 0;
}

/* Whether removed A op x was erased rather than lowered: nothing used
 * its results, it held no region, and its dialect is still there among
 * the ops added at its place (chain hb of side B): a dead memref.cast
 * dropped where a linalg op became memref.load and memref.store. */
static int
erased(const ir_differ *D, uint32_t x, uint32_t hb, const uint32_t *nextb)
{
	const ir_side *A = &D->a;
	const mt_ir_op *o = &A->m->ops[x];
	const char *n = mt_ir_str_get(A->m, o->name);
	uint32_t r, y;

	if (!o->nresults || o->nregions)
		return 0;
	for (r = 0; r < o->nresults; r++)
		if (A->use_off[o->first_result + r] !=
		    A->use_off[o->first_result + r + 1])
			return 0;
	for (y = hb; y != MT_IR_NONE; y = nextb[y])
		if (dialect_eq(n, mt_ir_str_get(D->b.m, D->b.m->ops[y].name)))
			return 1;
	return 0;
}

/* Count into z's "from" the removed ops nested in A op x (lowered at
 * place l) that stand at a location where nothing was added, or at
 * none: they went with x (a linalg.yield printed at its own line, in a
 * generic lowered to loops), not at a place of their own. */
static void nested_with(const ir_differ *D,
                        const mt_map *at,
                        const uint32_t *headb,
                        size_t l,
                        uint32_t x,
                        mt_ir_lowering *z,
                        size_t *cap)
{
	const ir_side *A = &D->a;
	uint32_t d;

	for (d = x + 1; d < A->m->ops[x].end; d++) {
		uint32_t k;

		if (A->match[d] != MT_IR_NONE || A->claimed[d])
			continue;
		k = ir_loc_h(A, d) ? mt_map_get(at, ir_loc_h(A, d))
		                   : MT_IR_NONE;
		if (k == l || (k != MT_IR_NONE && headb[k] != MT_IR_NONE) ||
		    in_counts(z->to, z->nto,
		              mt_ir_str_get(A->m, A->m->ops[d].name)))
			continue; /* its own place, or carried over */
		ir_count_add(&z->from, &z->nfrom, cap,
		             mt_ir_str_get(A->m, A->m->ops[d].name), 1);
	}
}

void ir_find_lowerings(ir_differ *D)
{
	ir_side *A = &D->a, *B = &D->b;
	mt_map at; /* loc hash -> place index */
	uint32_t *heada = NULL, *headb = NULL, *taila = NULL;
	uint32_t *nexta = mt_malloc((A->n + 1) * sizeof(*nexta));
	uint32_t *nextb = mt_malloc((B->n + 1) * sizeof(*nextb));
	size_t nplaces = 0, cap = 0, capb = 0, capt = 0, l;
	uint32_t i;

	/* Places are chained lists of ops, so the (many) places that turn
	 * out not to be lowerings cost no allocation. */
	for (l = 0, i = 0; i < A->n; i++)
		l += A->match[i] == MT_IR_NONE;
	mt_map_init(&at, l);
	for (i = 0; i < A->n; i++) {
		int found;
		size_t slot;

		nexta[i] = MT_IR_NONE;
		if (A->match[i] != MT_IR_NONE || A->claimed[i] ||
		    !ir_loc_h(A, i))
			continue;
		slot = mt_map_slot(&at, ir_loc_h(A, i), (uint32_t)nplaces,
		                   &found);
		if (!found) {
			MT_PUSH(heada, nplaces, cap, i);
			nplaces--;
			MT_PUSH(taila, nplaces, capt, i);
			nplaces--;
			MT_PUSH(headb, nplaces, capb, MT_IR_NONE);
			continue;
		}
		l = *mt_map_val(&at, slot);
		nexta[taila[l]] = i;
		taila[l] = i;
	}
	for (i = B->n; i-- > 0;) {
		uint32_t k;

		nextb[i] = MT_IR_NONE;
		if (B->match[i] != MT_IR_NONE || B->claimed[i] ||
		    !ir_loc_h(B, i))
			continue;
		k = mt_map_get(&at, ir_loc_h(B, i));
		if (k == MT_IR_NONE)
			continue;
		nextb[i] = headb[k];
		headb[k] = i;
	}
	for (l = 0; l < nplaces; l++) {
		mt_ir_lowering z;
		size_t c1 = 0, c2 = 0;
		uint32_t covered, first;

		if ((only_empties(B, headb[l], nextb) &&
		     !only_empties(A, heada[l], nexta)) ||
		    !dialect_gave_way(D, heada[l], nexta, headb[l], nextb))
			continue;
		memset(&z, 0, sizeof(z));
		for (i = headb[l]; i != MT_IR_NONE; i = nextb[i])
			ir_count_add(&z.to, &z.nto, &c2,
			             mt_ir_str_get(B->m, B->m->ops[i].name), 1);
		first = MT_IR_NONE;
		for (i = heada[l], covered = 0; i != MT_IR_NONE; i = nexta[i]) {
			if (erased(D, i, headb[l], nextb))
				continue;
			if (first == MT_IR_NONE)
				first = i;
			ir_count_add(&z.from, &z.nfrom, &c1,
			             mt_ir_str_get(A->m, A->m->ops[i].name), 1);
			if (i >= covered)
				nested_with(D, &at, headb, l, i, &z, &c1);
			if (A->m->ops[i].end > covered)
				covered = A->m->ops[i].end;
		}
		if (first == MT_IR_NONE) {
			ir_counts_free(z.from, z.nfrom);
			ir_counts_free(z.to, z.nto);
			continue;
		}
		ir_opref_fill(&z.at, A->m, first);
		z.evidence = MT_IR_EVIDENCE_LOCATION;
		counts_fit(&z);
		MT_PUSH(D->t->lowerings, D->t->nlowerings, D->t->cap_lowerings,
		        z);
	}
	free(heada);
	free(headb);
	free(taila);
	free(nexta);
	free(nextb);
	/* a matched op that changed dialect (func.func -> llvm.func) */
	for (i = 0; i < A->n; i++) {
		uint32_t j = A->match[i];
		const char *na, *nb;
		mt_ir_lowering z;
		size_t c1 = 0, c2 = 0;

		if (j == MT_IR_NONE)
			continue;
		na = mt_ir_str_get(A->m, A->m->ops[i].name);
		nb = mt_ir_str_get(B->m, B->m->ops[j].name);
		if (dialect_eq(na, nb))
			continue;
		memset(&z, 0, sizeof(z));
		ir_opref_fill(&z.at, B->m, j);
		z.evidence = MT_IR_EVIDENCE_SAME_OP;
		free(z.at.op);
		z.at.op = mt_strdup(na);
		ir_count_add(&z.from, &z.nfrom, &c1, na, 1);
		ir_count_add(&z.to, &z.nto, &c2, nb, 1);
		counts_fit(&z);
		MT_PUSH(D->t->lowerings, D->t->nlowerings, D->t->cap_lowerings,
		        z);
	}
	lowerings_by_place(D);
	for (l = 0; l < D->t->nlowerings; l++) {
		mt_ir_lowering *lw = &D->t->lowerings[l];

		if (lw->nfrom)
			qsort(lw->from, lw->nfrom, sizeof(*lw->from),
			      ir_count_cmp);
		if (lw->nto)
			qsort(lw->to, lw->nto, sizeof(*lw->to), ir_count_cmp);
	}
	if (D->t->nlowerings < D->t->cap_lowerings) {
		D->t->lowerings =
		        mt_realloc(D->t->lowerings,
		                   D->t->nlowerings * sizeof(*D->t->lowerings));
		D->t->cap_lowerings = D->t->nlowerings;
	}
	mt_map_release(&at);
}
