/*
 * comps.c - what an op computes, as a multiset: the names of the ops
 * without regions nested in it (an op without regions computes itself),
 * leaving out terminators, constants, ops without operands and address
 * arithmetic (affine.apply, index casts, slices), which passes add,
 * hoist or fold freely. Fusion (bodies.c) and outlining (outline.c)
 * compare ops by it, with or without locations.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

/* What a name is, for what an op computes (computed once per string). */
enum {
	BK_UNSEEN = 0,
	BK_COMPUTE = 1, /* counts in what its op computes */
	BK_SKIP = 2, /* terminators, address arithmetic */
	BK_FILL = 3 /* writes one value everywhere (linalg.fill) */
};

static unsigned name_kind(ir_comps *bs, mt_ir_str name)
{
	static const char *const skip[] = {
		"affine.apply",
		"affine.min",
		"affine.max",
		"affine.linearize_index",
		"affine.delinearize_index",
		"arith.index_cast",
		"arith.index_castui",
		"memref.subview",
		"memref.cast",
		"memref.reinterpret_cast",
		"memref.dim",
		"tensor.dim",
		"tensor.extract_slice",
		"tensor.insert_slice",
		"tensor.cast",
		"scf.reduce",
	};
	/* a fill writes one value everywhere: it computes nothing */
	static const char *const fills[] = { "linalg.fill", "tensor.splat" };
	const char *s, *dot;
	size_t i;

	if (bs->kind[name])
		return bs->kind[name];
	s = mt_ir_str_get(bs->s->m, name);
	dot = strrchr(s, '.');
	dot = dot ? dot + 1 : s;
	bs->kind[name] = BK_COMPUTE;
	if (!strcmp(dot, "yield") || !strcmp(dot, "return") ||
	    !strcmp(dot, "condition") || strstr(dot, "terminator") ||
	    strstr(s, "constant"))
		bs->kind[name] = BK_SKIP;
	for (i = 0; i < MT_ARRAY_SIZE(skip); i++)
		if (!strcmp(s, skip[i]))
			bs->kind[name] = BK_SKIP;
	for (i = 0; i < MT_ARRAY_SIZE(fills); i++)
		if (!strcmp(s, fills[i]))
			bs->kind[name] = BK_FILL;
	return bs->kind[name];
}

/* Whether op i only makes a value that holds one thing everywhere: a
 * fill, or an op whose region computes nothing (a generic that yields
 * a constant). */
int ir_comps_is_fill(ir_comps *bs, uint32_t i)
{
	const mt_ir_op *op = &bs->s->m->ops[i];

	return op->nresults &&
	       (op->nregions || name_kind(bs, op->name) == BK_FILL);
}

/* Whether op i counts in what its enclosing op computes. */
static int computes(ir_comps *bs, uint32_t i)
{
	const mt_ir_op *op = &bs->s->m->ops[i];

	return !op->nregions && op->noperands &&
	       !(op->flags & (MT_IR_OP_TRANSFER | MT_IR_OP_EMPTY)) &&
	       name_kind(bs, op->name) == BK_COMPUTE;
}

/* Mark in dead[j - i] the ops nested in op i whose results only dead
 * ops take (or none): dead code a pass left for canonicalize, such as
 * the transform interpreter's clone of a producer loop nest whose
 * result the consumer no longer reads. Users come after what they take,
 * so one pass from the end decides each op after its users. */
static void mark_dead(const ir_side *s, uint32_t i, uint8_t *dead)
{
	const mt_ir_module *m = s->m;
	uint32_t j, r, u;

	for (j = m->ops[i].end; j-- > i + 1;) {
		const mt_ir_op *op = &m->ops[j];
		int all = op->nresults > 0 && s->use_off;

		for (r = 0; r < op->nresults && all; r++) {
			uint32_t v = op->first_result + r;

			for (u = s->use_off[v]; u < s->use_off[v + 1] && all;
			     u++) {
				uint32_t w = s->uses[u];

				all = w > i && w < m->ops[i].end && dead[w - i];
			}
		}
		dead[j - i] = (uint8_t)all;
	}
}

static int u64cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* What op i computes, sorted (borrowed from bs until the next call). */
const uint64_t *ir_comps_of(ir_comps *bs, uint32_t i, uint32_t *n)
{
	const mt_ir_op *op = &bs->s->m->ops[i];
	size_t start = bs->npool;
	uint32_t j;

	if (bs->off[i] != MT_IR_NONE) {
		*n = bs->len[i];
		return bs->pool + bs->off[i];
	}
	if (op->nregions) {
		uint8_t *dead = mt_calloc(op->end - i + 1, 1);

		mark_dead(bs->s, i, dead);
		for (j = i + 1; j < op->end; j++) {
			if (dead[j - i] && bs->s->m->ops[j].nregions) {
				/* a dead nest, with all it holds (a dead op
				 * without regions still counts: an unused
				 * load of a loop body is part of its text) */
				j = bs->s->m->ops[j].end - 1;
				continue;
			}
			if (computes(bs, j))
				MT_PUSH(bs->pool, bs->npool, bs->cap_pool,
				        ir_name_h(bs->s, j));
		}
		free(dead);
	} else if (computes(bs, i)) {
		MT_PUSH(bs->pool, bs->npool, bs->cap_pool, ir_name_h(bs->s, i));
	}
	if (bs->npool - start > 1)
		qsort(bs->pool + start, bs->npool - start, sizeof(*bs->pool),
		      u64cmp);
	bs->off[i] = (uint32_t)start;
	bs->len[i] = (uint32_t)(bs->npool - start);
	*n = bs->len[i];
	return bs->pool + start;
}

void ir_comps_init(ir_comps *bs, const ir_side *s)
{
	memset(bs, 0, sizeof(*bs));
	bs->s = s;
	bs->kind = mt_calloc(s->m->strs.n + 1, 1);
	bs->off = mt_malloc((s->n + 1) * sizeof(*bs->off));
	bs->len = mt_malloc((s->n + 1) * sizeof(*bs->len));
	memset(bs->off, 0xff, (s->n + 1) * sizeof(*bs->off));
}

void ir_comps_release(ir_comps *bs)
{
	free(bs->kind);
	free(bs->off);
	free(bs->len);
	free(bs->pool);
}
