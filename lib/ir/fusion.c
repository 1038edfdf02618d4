/*
 * fusion.c - fusions between two stages, read from the matching
 * (match.c): a group of removed ops whose dataflow one op took over
 * (elementwise fusion, mo.composite.*), and tile-and-fuse (a producer
 * and its consumer cloned into a loop nest).
 */
#include "ir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

/* ---- fusion ---- */

int ir_is_result(const ir_side *s, uint32_t v, uint32_t *op)
{
	const mt_ir_value *val;

	if (v == MT_IR_NONE || v >= s->m->nvalues)
		return 0;
	val = &s->m->values[v];
	if (val->idx & MT_IR_ARG)
		return 0;
	*op = val->op;
	return 1;
}

/* All users of op d's results are in the group (stamp). */
static int
used_only_in(const ir_side *s, uint32_t d, const uint32_t *stamp, uint32_t mark)
{
	const mt_ir_op *op = &s->m->ops[d];
	uint32_t r, u;

	for (r = 0; r < op->nresults; r++) {
		uint32_t v = op->first_result + r;

		for (u = s->use_off[v]; u < s->use_off[v + 1]; u++)
			if (stamp[s->uses[u]] != mark)
				return 0;
	}
	return 1;
}

/* Symbol hash of the function (or graph) that B op j is in, or 0. */
static uint64_t enclosing_sym(const ir_side *B, uint32_t j)
{
	uint32_t p = B->m->ops[j].parent;

	while (p != MT_IR_NONE && !(B->m->ops[p].flags & MT_IR_OP_SYMDEF))
		p = B->m->ops[p].parent;
	return p == MT_IR_NONE ? 0 : mt_ir_str_hash(B->m, B->m->ops[p].sym);
}

/* Op d of A is gone from where f now stands: removed, or moved into the
 * function f calls (outlining keeps the ops, in a new function). */
static int gone(const ir_differ *D, uint64_t callee, uint32_t d)
{
	uint32_t j = D->a.match[d];

	if (j == MT_IR_NONE)
		return 1;
	return callee && enclosing_sym(&D->b, j) == callee;
}

static int opcmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

/* Fusion search state: the group being built for one op f of B, stamped
 * with mark = f + 1, and removed A ops indexed by their one location. */
typedef struct fuser {
	ir_differ *D;
	uint32_t *stamp;
	uint32_t *group;
	size_t ngroup, capg;
	mt_map byloc; /* loc hash -> first removed A op (for fused locs) */
	uint32_t *locnext;
	uint32_t mark;
	uint32_t f, root; /* the B op and the member it stands for */
	uint64_t callee;
	int by_loc; /* a fused[...] location named members */
	ir_comps ca, cb; /* what ops compute (comps.c), made on demand */
	uint64_t *want; /* the group's computations, for body_holds */
	size_t nwant, capw;
} fuser;

static void group_add(fuser *F, uint32_t d)
{
	MT_PUSH(F->group, F->ngroup, F->capg, d);
	F->stamp[d] = F->mark;
}

/* Removed A ops with a single location, chained per location hash. */
static void fuser_init(fuser *F, ir_differ *D)
{
	ir_side *A = &D->a;
	uint32_t i, nremoved = 0;

	memset(F, 0, sizeof(*F));
	F->D = D;
	ir_comps_init(&F->ca, &D->a);
	ir_comps_init(&F->cb, &D->b);
	F->stamp = mt_calloc(A->n + 1, sizeof(*F->stamp));
	F->locnext = mt_malloc((A->n + 1) * sizeof(*F->locnext));
	/* only removed ops go in: size for them, not for the stage */
	for (i = 0; i < A->n; i++)
		nremoved += A->match[i] == MT_IR_NONE;
	mt_map_init(&F->byloc, nremoved);
	for (i = A->n; i-- > 0;) {
		int found;
		size_t slot;

		if (A->match[i] != MT_IR_NONE || !ir_loc_h(A, i) ||
		    A->m->locs[A->m->ops[i].loc].n != 1)
			continue;
		slot = mt_map_slot(&F->byloc, ir_loc_h(A, i), i, &found);
		F->locnext[i] =
		        found ? *mt_map_val(&F->byloc, slot) : MT_IR_NONE;
		*mt_map_val(&F->byloc, slot) = i;
	}
}

static void fuser_release(fuser *F)
{
	ir_comps_release(&F->ca);
	ir_comps_release(&F->cb);
	free(F->want);
	mt_map_release(&F->byloc);
	free(F->locnext);
	free(F->stamp);
	free(F->group);
}

/* The removed ops whose results the users of new op f used to take (the
 * group's roots). */
static void group_roots(fuser *F, uint32_t f)
{
	ir_side *A = &F->D->a, *B = &F->D->b;
	const mt_ir_op *fo = &B->m->ops[f];
	uint32_t r, u, k;

	for (r = 0; r < fo->nresults; r++) {
		uint32_t v = fo->first_result + r;

		for (u = B->use_off[v]; u < B->use_off[v + 1]; u++) {
			uint32_t ub = B->uses[u], ua = B->match[ub];
			const mt_ir_op *uo = &B->m->ops[ub];

			if (ua == MT_IR_NONE)
				continue;
			for (k = 0;
			     k < uo->noperands && k < A->m->ops[ua].noperands;
			     k++) {
				const mt_ir_op *ao = &A->m->ops[ua];
				uint32_t d;

				if (B->m->operands[uo->first_operand + k] != v)
					continue;
				if (!ir_is_result(
				            A,
				            A->m->operands[ao->first_operand +
				                           k],
				            &d))
					continue;
				if (!gone(F->D, F->callee, d) ||
				    A->claimed[d] || F->stamp[d] == F->mark)
					continue;
				group_add(F, d);
			}
		}
	}
}

/* The members a fused[...] location names; 1 if it named any. */
static int group_fused_loc(fuser *F, const mt_ir_loc *fl)
{
	ir_side *A = &F->D->a, *B = &F->D->b;
	uint32_t k;
	int named = 0;

	for (k = 0; k < fl->n; k++) {
		const mt_ir_point *p = &B->m->points[fl->first + k];
		uint64_t h = MT_HASH_SEED;
		uint32_t d;

		h = ir_mix(h, mt_ir_str_hash(B->m, p->file));
		h = ir_mix(h, p->line);
		h = ir_mix(h, p->col);
		for (d = mt_map_get(&F->byloc, mt_hash_finish(h));
		     d != MT_IR_NONE; d = F->locnext[d]) {
			if (A->claimed[d] || F->stamp[d] == F->mark ||
			    !A->m->ops[d].noperands ||
			    (A->m->ops[d].flags & MT_IR_OP_EMPTY))
				continue;
			group_add(F, d);
			named = 1;
		}
	}
	return named;
}

/* Whether producer d, operand k of member go, was replaced one to one by
 * a new op of its own: when go is the op f stands for (its counterpart,
 * or a root), f's operand k comes from an op that is new and not f. Then
 * d was lowered (arith.mulf -> llvm.fmul beside arith.addf ->
 * llvm.fadd), not fused into f. */
static int replaced_apart(const fuser *F, const mt_ir_op *go, uint32_t k)
{
	const ir_side *A = &F->D->a, *B = &F->D->b;
	const mt_ir_op *fo = &B->m->ops[F->f];
	const char *fn = mt_ir_str_get(B->m, fo->name), *gn;
	const mt_ir_value *val;
	uint32_t v, g;
	size_t dl = mt_ir_dialect_len(fn);

	if (go != &A->m->ops[F->root] || k >= fo->noperands)
		return 0;
	v = B->m->operands[fo->first_operand + k];
	if (v == MT_IR_NONE || v >= B->m->nvalues)
		return 0;
	val = &B->m->values[v];
	g = val->op;
	if ((val->idx & MT_IR_ARG) || g == F->f || B->match[g] != MT_IR_NONE)
		return 0;
	gn = mt_ir_str_get(B->m, B->m->ops[g].name);
	return mt_ir_dialect_len(gn) == dl && !memcmp(gn, fn, dl);
}

/* Grow the group backwards through removed producers whose results are
 * used only inside it (constants, empty tensors and other operand-less
 * ops, transfers, and producers replaced by an op of their own stay
 * out). */
static void group_grow(fuser *F)
{
	ir_side *A = &F->D->a;
	int grew;

	do {
		size_t g;

		grew = 0;
		for (g = 0; g < F->ngroup && F->ngroup < 4096; g++) {
			const mt_ir_op *go = &A->m->ops[F->group[g]];
			uint32_t k;

			for (k = 0; k < go->noperands; k++) {
				uint32_t d;

				if (!ir_is_result(
				            A,
				            A->m->operands[go->first_operand +
				                           k],
				            &d))
					continue;
				if (F->stamp[d] == F->mark ||
				    !gone(F->D, F->callee, d) ||
				    A->claimed[d] ||
				    (A->m->ops[d].flags &
				     (MT_IR_OP_TRANSFER | MT_IR_OP_EMPTY)) ||
				    !A->m->ops[d].noperands ||
				    !used_only_in(A, d, F->stamp, F->mark) ||
				    replaced_apart(F, go, k))
					continue;
				group_add(F, d);
				grew = 1;
			}
		}
	} while (grew && F->ngroup < 4096);
}

/* Evidence: f consumes an outside input of a member other than its own
 * counterpart m. */
static int group_feeds(const fuser *F, uint32_t f, uint32_t m)
{
	const ir_side *A = &F->D->a, *B = &F->D->b;
	const mt_ir_op *fo = &B->m->ops[f];
	size_t i;
	uint32_t k, q;

	for (i = 0; i < F->ngroup; i++) {
		const mt_ir_op *go = &A->m->ops[F->group[i]];

		if (F->group[i] == m)
			continue;
		for (k = 0; k < go->noperands; k++) {
			uint32_t v = A->m->operands[go->first_operand + k];
			uint32_t po, pi, d;

			if (ir_is_result(A, v, &d) && F->stamp[d] == F->mark)
				continue;
			if (!ir_map_value(F->D, A, v, &po, &pi))
				continue;
			for (q = 0; q < fo->noperands; q++) {
				uint32_t bo, bi;

				if (ir_map_value(
				            F->D, B,
				            B->m->operands[fo->first_operand +
				                           q],
				            &bo, &bi) &&
				    bo == po && bi == pi)
					return 1;
			}
		}
	}
	return 0;
}

/* Record f <- group as a fusion and claim its ops. */
static void fusion_emit(fuser *F, uint32_t f)
{
	ir_differ *D = F->D;
	mt_ir_fusion fu;
	size_t i;

	qsort(F->group, F->ngroup, sizeof(*F->group), opcmp_u32);
	memset(&fu, 0, sizeof(fu));
	fu.kind = MT_IR_FUSION_OPS;
	fu.evidence =
	        F->by_loc ? MT_IR_EVIDENCE_LOCATION : MT_IR_EVIDENCE_DATAFLOW;
	ir_opref_fill(&fu.into, D->b.m, f);
	fu.nfrom = F->ngroup;
	fu.from = mt_calloc(F->ngroup, sizeof(*fu.from));
	for (i = 0; i < F->ngroup; i++) {
		ir_opref_fill(&fu.from[i], D->a.m, F->group[i]);
		D->a.claimed[F->group[i]] = 1;
	}
	D->b.claimed[f] = 1;
	MT_PUSH(D->t->fusions, D->t->nfusions, D->t->cap_fusions, fu);
	if (D->trace) {
		int at = mt_ir_op_at(D->b.m, f, D->trace);

		for (i = 0; i < F->ngroup && !at; i++)
			at = mt_ir_op_at(D->a.m, F->group[i], D->trace);
		if (at)
			ir_trace_add(D, D->b.m, f, "fused");
	}
}

static int u64cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* Whether op f, which has regions, computes at least what the group's
 * members computed (comps.c: dead nests left out). A loop nest that
 * took a consumer's place but only reads a producer's result from
 * another new loop nest holds the consumer alone: the producer went
 * into that other nest, not into f. */
static int body_holds(fuser *F, uint32_t f)
{
	const uint64_t *c;
	uint32_t n, k;
	size_t i, at = 0;

	F->nwant = 0;
	for (i = 0; i < F->ngroup; i++) {
		c = ir_comps_of(&F->ca, F->group[i], &n);
		for (k = 0; k < n; k++)
			MT_PUSH(F->want, F->nwant, F->capw, c[k]);
	}
	if (F->nwant > 1)
		qsort(F->want, F->nwant, sizeof(*F->want), u64cmp);
	c = ir_comps_of(&F->cb, f, &n);
	/* both sorted: every wanted one has its own match in c */
	for (i = 0; i < F->nwant; i++) {
		while (at < n && c[at] < F->want[i])
			at++;
		if (at == n || c[at] != F->want[i])
			return 0;
		at++;
	}
	return 1;
}

/* Whether B op f's body computes anything (empty loops fused hold
 * nothing to compare). */
static int computes_any(fuser *F, uint32_t f)
{
	uint32_t n;

	ir_comps_of(&F->cb, f, &n);
	return n > 0;
}

/* Whether op f of B (new, or matched to m) took over other ops'
 * dataflow; if so the group is in F. */
static int fusion_at(fuser *F, uint32_t f)
{
	ir_side *A = &F->D->a, *B = &F->D->b;
	const mt_ir_op *fo = &B->m->ops[f];
	uint32_t m = B->match[f];
	const mt_ir_loc *fl;
	int evidence = 0;

	if (!fo->noperands && !fo->nregions)
		return 0;
	if (m != MT_IR_NONE && ir_operands_same(F->D, m, f))
		return 0;
	fl = fo->loc != MT_IR_NONE ? &B->m->locs[fo->loc] : NULL;
	/* a fused location its counterpart already had says nothing of
	 * this step (CSE removing a duplicate it names) */
	if (fl && fl->n > 1 && m != MT_IR_NONE &&
	    A->m->ops[m].loc != MT_IR_NONE &&
	    A->m->locs[A->m->ops[m].loc].hash == fl->hash)
		fl = NULL;
	/* An op that kept its attributes and only lost a producer (a
	 * transfer or a duplicate removed) absorbed nothing; a fused op has
	 * a new body signature or a fused location. */
	if (m != MT_IR_NONE && A->m->ops[m].attr_hash == fo->attr_hash &&
	    !(fl && fl->n > 1))
		return 0;
	/* An op without a body that kept its identity and took no more
	 * inputs than it had absorbed nothing; it may have lost operands
	 * (canonicalize dropping a dealloc's dead operands): their producers
	 * were cleaned up, not fused. */
	if (m != MT_IR_NONE && !fo->nregions && !(fl && fl->n > 1) &&
	    fo->noperands <= A->m->ops[m].noperands)
		return 0;
	/* a call into an outlined function takes over the ops that moved
	 * there */
	F->callee = fo->sym && !(fo->flags & MT_IR_OP_SYMDEF)
	                    ? mt_ir_str_hash(B->m, fo->sym)
	                    : 0;
	F->mark = f + 1;
	F->ngroup = 0;
	if (m != MT_IR_NONE && !A->claimed[m])
		group_add(F, m);
	/* a matched f is its own root: its users' old producers may have
	 * been fused elsewhere */
	if (m == MT_IR_NONE)
		group_roots(F, f);
	if (fl && fl->n > 1)
		evidence = group_fused_loc(F, fl);
	if (!F->ngroup)
		return 0;
	F->f = f;
	F->root = F->group[0];
	group_grow(F);
	if (F->ngroup < 2)
		return 0;
	F->by_loc = evidence;
	/* an op whose body computes holds what its members computed,
	 * whatever its location says: the group may have grown past the
	 * ops the fused location names (an unmatched reduction taking a
	 * fused op's result) */
	if (fo->nregions && (!evidence || computes_any(F, f)) &&
	    !body_holds(F, f))
		return 0;
	return evidence || group_feeds(F, f, m);
}

void ir_find_fusions(ir_differ *D)
{
	fuser F;
	uint32_t f;

	fuser_init(&F, D);
	for (f = 0; f < D->b.n; f++)
		if (fusion_at(&F, f))
			fusion_emit(&F, f);
	fuser_release(&F);
}

/* ---- tile and fuse ----
 *
 * Tiling a consumer and fusing its producer into the loop nest (the
 * transform dialect's structured.fuse, fuse_into_containing_op) puts a
 * clone of the producer inside a loop, feeding the consumer's tile. Seen
 * from the two stages: a producer x_p and consumer x_c of A (x_c takes
 * x_p's result, possibly through tensor.extract_slice) stand in B as y_p
 * feeding y_c, y_p inside a loop nested in what held x_p (that container
 * still exists). Lowering an op to loops does not qualify: the op that held
 * its body is gone. */

int ir_is_loop(const mt_ir_module *m, uint32_t i)
{
	static const char *const loops[] = { "scf.for", "scf.forall",
		                             "scf.parallel", "affine.for",
		                             "affine.parallel" };
	const char *n = mt_ir_str_get(m, m->ops[i].name);
	size_t k;

	for (k = 0; k < sizeof(loops) / sizeof(*loops); k++)
		if (!strcmp(n, loops[k]))
			return 1;
	return 0;
}

#define TILE_AMBIG (MT_MAP_NONE - 1)

typedef struct tiler {
	ir_differ *D;
	mt_map byloc; /* (name, loc) -> first A op */
	mt_map byname; /* (name, scope) -> the one A op, or TILE_AMBIG */
	uint32_t *pairs; /* (loop of B, member of A), two words each */
	size_t npairs, cap;
} tiler;

/* The A op that B op y stands for: its match, or else a clone's original
 * (same name and location, or the only op of that name in its scope). */
static uint32_t tile_origin(const tiler *T, uint32_t y)
{
	const ir_side *B = &T->D->b;
	uint32_t x;

	if (B->match[y] != MT_IR_NONE)
		return B->match[y];
	if (ir_loc_h(B, y) && B->m->locs[B->m->ops[y].loc].n == 1) {
		x = mt_map_get(&T->byloc,
		               ir_mix(ir_name_h(B, y), ir_loc_h(B, y)));
		if (x != MT_MAP_NONE)
			return x;
	}
	x = mt_map_get(&T->byname, ir_mix(ir_name_h(B, y), ir_scope(B, y)));
	return x == TILE_AMBIG || x == MT_MAP_NONE ? MT_IR_NONE : x;
}

/* Whether A op c takes a result of p, directly or through a chain of
 * tensor.extract_slice. */
static int tile_consumes(const ir_side *A, uint32_t c, uint32_t p)
{
	const mt_ir_op *co = &A->m->ops[c];
	uint32_t k, d;

	for (k = 0; k < co->noperands; k++) {
		int depth;

		if (!ir_is_result(A, A->m->operands[co->first_operand + k], &d))
			continue;
		for (depth = 0; depth < 4 && d != p; depth++) {
			const mt_ir_op *so = &A->m->ops[d];

			if (!ir_name_is(A->m, d, "tensor.extract_slice") ||
			    !so->noperands ||
			    !ir_is_result(A, A->m->operands[so->first_operand],
			                  &d))
				break;
		}
		if (d == p)
			return 1;
	}
	return 0;
}

/* The outermost loop of B holding y_p inside the B op that stands for
 * x_p's container in A, or MT_IR_NONE. */
static uint32_t tile_loop(const ir_differ *D, uint32_t xp, uint32_t yp)
{
	uint32_t pa = D->a.m->ops[xp].parent, pb, q, loop = MT_IR_NONE;

	if (pa == MT_IR_NONE)
		return MT_IR_NONE;
	pb = D->a.match[pa];
	if (pb == MT_IR_NONE)
		return MT_IR_NONE;
	for (q = D->b.m->ops[yp].parent; q != MT_IR_NONE && q != pb;
	     q = D->b.m->ops[q].parent)
		if (ir_is_loop(D->b.m, q))
			loop = q;
	return q == pb ? loop : MT_IR_NONE;
}

static int pair_cmp(const void *x, const void *y)
{
	const uint32_t *a = x, *b = y;

	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return a[1] < b[1] ? -1 : a[1] > b[1];
}

static void tile_pair(tiler *T, uint32_t loop, uint32_t x)
{
	uint32_t p[2] = { loop, x };

	MT_PUSH(T->pairs, T->npairs, T->cap, p[0]);
	MT_PUSH(T->pairs, T->npairs, T->cap, p[1]);
}

static void tile_emit(ir_differ *D, const uint32_t *pairs, size_t n)
{
	mt_ir_fusion fu;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (D->a.claimed[pairs[2 * i + 1]])
			return;
	memset(&fu, 0, sizeof(fu));
	fu.kind = MT_IR_FUSION_TILED;
	fu.evidence = MT_IR_EVIDENCE_TILES;
	ir_opref_fill(&fu.into, D->b.m, pairs[0]);
	fu.from = mt_calloc(n, sizeof(*fu.from));
	for (i = 0; i < n; i++) {
		if (i && pairs[2 * i + 1] == pairs[2 * i - 1])
			continue;
		ir_opref_fill(&fu.from[k++], D->a.m, pairs[2 * i + 1]);
		D->a.claimed[pairs[2 * i + 1]] = 1;
	}
	fu.nfrom = k;
	MT_PUSH(D->t->fusions, D->t->nfusions, D->t->cap_fusions, fu);
	if (D->trace && mt_ir_op_at(D->b.m, pairs[0], D->trace))
		ir_trace_add(D, D->b.m, pairs[0], "fused into (tiled)");
}

void ir_find_tiled(ir_differ *D)
{
	const ir_side *A = &D->a, *B = &D->b;
	tiler T;
	mt_map names;
	uint32_t y, i, k;
	size_t s, e, nidx = 0;
	int any = 0;

	/* cheap check first: new ops inside loops (tiled copies); only A
	 * ops of their names are indexed, so that stages without tiling
	 * (and most ops of those with it) cost no memory here */
	memset(&T, 0, sizeof(T));
	T.D = D;
	mt_map_init(&names, 16);
	for (y = 0; y < B->n; y++)
		if (B->match[y] == MT_IR_NONE &&
		    B->m->ops[y].parent != MT_IR_NONE &&
		    ir_is_loop(B->m, B->m->ops[y].parent)) {
			int found;

			mt_map_slot(&names, ir_name_h(B, y), 1, &found);
			any = 1;
		}
	if (!any) {
		mt_map_release(&names);
		return;
	}
	for (i = 0; i < A->n; i++)
		nidx += mt_map_get(&names, ir_name_h(A, i)) != MT_MAP_NONE;
	mt_map_init(&T.byloc, nidx);
	mt_map_init(&T.byname, nidx);
	for (i = 0; i < A->n; i++) {
		int found;
		size_t slot;

		if (mt_map_get(&names, ir_name_h(A, i)) == MT_MAP_NONE)
			continue;
		if (ir_loc_h(A, i) && A->m->locs[A->m->ops[i].loc].n == 1)
			mt_map_slot(&T.byloc,
			            ir_mix(ir_name_h(A, i), ir_loc_h(A, i)), i,
			            &found);
		slot = mt_map_slot(&T.byname,
		                   ir_mix(ir_name_h(A, i), ir_scope(A, i)), i,
		                   &found);
		if (found)
			*mt_map_val(&T.byname, slot) = TILE_AMBIG;
	}
	mt_map_release(&names);
	for (y = 0; y < B->n; y++) {
		const mt_ir_op *yo = &B->m->ops[y];
		uint32_t xc;

		if (!yo->noperands || ir_is_loop(B->m, y))
			continue;
		xc = tile_origin(&T, y);
		if (xc == MT_IR_NONE || A->claimed[xc])
			continue;
		for (k = 0; k < yo->noperands; k++) {
			uint32_t yp, xp, loop;

			if (!ir_is_result(B,
			                  B->m->operands[yo->first_operand + k],
			                  &yp) ||
			    yp == y || ir_is_loop(B->m, yp))
				continue;
			xp = tile_origin(&T, yp);
			if (xp == MT_IR_NONE || xp == xc || A->claimed[xp] ||
			    ir_name_h(A, xp) != ir_name_h(B, yp) ||
			    !tile_consumes(A, xc, xp))
				continue;
			loop = tile_loop(D, xp, yp);
			if (loop == MT_IR_NONE)
				continue;
			tile_pair(&T, loop, xp);
			tile_pair(&T, loop, xc);
		}
	}
	s = T.npairs / 2;
	if (s) /* qsort of NULL, even with no members, is undefined */
		qsort(T.pairs, s, 2 * sizeof(*T.pairs), pair_cmp);
	for (i = 0; i < s; i = (uint32_t)e) {
		for (e = i; e < s && T.pairs[2 * e] == T.pairs[2 * i]; e++)
			;
		tile_emit(D, T.pairs + 2 * i, e - i);
	}
	mt_map_release(&T.byloc);
	mt_map_release(&T.byname);
	free(T.pairs);
}
