/*
 * fold.c - findings that repeat, folded once for every renderer: the
 * findings of one transition that are the same but for where they are
 * (the same rewrite in 80 layers) become one row, with the list of its
 * instances. Text, Markdown and HTML print the rows; JSON lists every
 * finding.
 *
 * Two findings are the same when every field but where they are is: the
 * ops (name, symbol, device) and what was done to them. Where is the
 * locations, and for a lowering the symbol of the place (func.func @f
 * -> llvm.func @f in every function is one row).
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"
#include "maxtriage/irdiff.h"

static uint64_t hstr(uint64_t h, const char *s)
{
	return mt_hash_u64(mt_hash_str(h, s ? s : ""), s != NULL);
}

static int streq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* An op without its locations. */
static uint64_t href(uint64_t h, const mt_ir_opref *r)
{
	return hstr(hstr(hstr(h, r->op), r->sym), r->device);
}

static int same_ref(const mt_ir_opref *a, const mt_ir_opref *b)
{
	return streq(a->op, b->op) && streq(a->sym, b->sym) &&
	       streq(a->device, b->device);
}

static uint64_t hcounts(uint64_t h, const mt_ir_count *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		h = mt_hash_u64(hstr(h, c[i].name), c[i].n);
	return mt_hash_u64(h, n);
}

static int
same_counts(const mt_ir_count *a, size_t na, const mt_ir_count *b, size_t nb)
{
	size_t i;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++)
		if (a[i].n != b[i].n || strcmp(a[i].name, b[i].name))
			return 0;
	return 1;
}

/* The hash of finding k of kind in t, locations left out. */
static uint64_t
finding_hash(const mt_ir_transition *t, mt_ir_finding_kind kind, size_t k)
{
	uint64_t h = mt_hash_u64(MT_HASH_SEED, (uint64_t)kind);
	size_t i;

	switch (kind) {
	case MT_IR_FINDING_FUSION:
		h = href(h, &t->fusions[k].into);
		for (i = 0; i < t->fusions[k].nfrom; i++)
			h = href(h, &t->fusions[k].from[i]);
		return mt_hash_u64(h, t->fusions[k].nfrom);
	case MT_IR_FINDING_PLACEMENT:
		h = href(h, &t->placements[k].op);
		return hstr(hstr(h, t->placements[k].from),
		            t->placements[k].to);
	case MT_IR_FINDING_TRANSFER:
		h = href(mt_hash_u64(h, (uint64_t)t->transfers[k].added),
		         &t->transfers[k].op);
		return hstr(hstr(h, t->transfers[k].from), t->transfers[k].to);
	case MT_IR_FINDING_KERNEL:
		h = mt_hash_u64(h, (uint64_t)t->kernels[k].change);
		h = hstr(h, t->kernels[k].kernel);
		return href(href(h, &t->kernels[k].from), &t->kernels[k].to);
	case MT_IR_FINDING_OUTLINING:
		/* which functions (their symbols) says where */
		h = hstr(hstr(h, t->outlinings[k].from.op),
		         t->outlinings[k].to.op);
		h = mt_hash_u64(h, t->outlinings[k].nops);
		for (i = 0; i < t->outlinings[k].nmoved; i++)
			h = hstr(h, t->outlinings[k].ops[i].op);
		return h;
	case MT_IR_FINDING_LOWERING:
		/* the symbol of the place lowered (func.func @f) says where,
		 * not what: the same lowering in every function is one row */
		h = hstr(hstr(h, t->lowerings[k].at.op),
		         t->lowerings[k].at.device);
		h = hcounts(h, t->lowerings[k].from, t->lowerings[k].nfrom);
		return hcounts(h, t->lowerings[k].to, t->lowerings[k].nto);
	case MT_IR_FINDING_FUNCTION:
		h = mt_hash_u64(h, (uint64_t)t->funcs[k].change);
		return hstr(hstr(h, t->funcs[k].func), t->funcs[k].into);
	}
	return h;
}

/* Whether findings x and y of kind in t are the same but for locations. */
static int finding_same(const mt_ir_transition *t,
                        mt_ir_finding_kind kind,
                        size_t x,
                        size_t y)
{
	size_t i;

	switch (kind) {
	case MT_IR_FINDING_FUSION: {
		const mt_ir_fusion *a = &t->fusions[x], *b = &t->fusions[y];

		if (a->nfrom != b->nfrom || !same_ref(&a->into, &b->into))
			return 0;
		for (i = 0; i < a->nfrom; i++)
			if (!same_ref(&a->from[i], &b->from[i]))
				return 0;
		return 1;
	}
	case MT_IR_FINDING_PLACEMENT: {
		const mt_ir_placement *a = &t->placements[x],
		                      *b = &t->placements[y];

		return same_ref(&a->op, &b->op) && streq(a->from, b->from) &&
		       streq(a->to, b->to);
	}
	case MT_IR_FINDING_TRANSFER: {
		const mt_ir_transfer *a = &t->transfers[x],
		                     *b = &t->transfers[y];

		return a->added == b->added && same_ref(&a->op, &b->op) &&
		       streq(a->from, b->from) && streq(a->to, b->to);
	}
	case MT_IR_FINDING_KERNEL: {
		const mt_ir_kernel *a = &t->kernels[x], *b = &t->kernels[y];

		return a->change == b->change && streq(a->kernel, b->kernel) &&
		       same_ref(&a->from, &b->from) && same_ref(&a->to, &b->to);
	}
	case MT_IR_FINDING_OUTLINING: {
		const mt_ir_outlining *a = &t->outlinings[x],
		                      *b = &t->outlinings[y];

		if (a->nops != b->nops || a->nmoved != b->nmoved ||
		    !streq(a->from.op, b->from.op) ||
		    !streq(a->to.op, b->to.op))
			return 0;
		for (i = 0; i < a->nmoved; i++)
			if (!streq(a->ops[i].op, b->ops[i].op))
				return 0;
		return 1;
	}
	case MT_IR_FINDING_LOWERING: {
		const mt_ir_lowering *a = &t->lowerings[x],
		                     *b = &t->lowerings[y];

		return streq(a->at.op, b->at.op) &&
		       streq(a->at.device, b->at.device) &&
		       same_counts(a->from, a->nfrom, b->from, b->nfrom) &&
		       same_counts(a->to, a->nto, b->to, b->nto);
	}
	case MT_IR_FINDING_FUNCTION: {
		const mt_ir_funcchange *a = &t->funcs[x], *b = &t->funcs[y];

		return a->change == b->change && streq(a->func, b->func) &&
		       streq(a->into, b->into);
	}
	}
	return 0;
}

size_t mt_ir_findings_count(const mt_ir_transition *t, mt_ir_finding_kind kind)
{
	switch (kind) {
	case MT_IR_FINDING_FUSION:
		return t->nfusions;
	case MT_IR_FINDING_PLACEMENT:
		return t->nplacements;
	case MT_IR_FINDING_TRANSFER:
		return t->ntransfers;
	case MT_IR_FINDING_KERNEL:
		return t->nkernels;
	case MT_IR_FINDING_LOWERING:
		return t->nlowerings;
	case MT_IR_FINDING_OUTLINING:
		return t->noutlinings;
	case MT_IR_FINDING_FUNCTION:
		return t->nfuncs;
	}
	return 0;
}

/* The rows of one kind, in the order of their first instances. */
static void fold_kind(mt_irdiff_step *sp, mt_ir_finding_kind kind)
{
	const mt_ir_transition *t = &sp->t;
	size_t n = mt_ir_findings_count(t, kind), k;
	size_t first = sp->nfolds;
	mt_map rows; /* finding hash -> first row with it (+ first) */
	uint32_t *next; /* per row: the next row with the same hash */

	if (!n)
		return;
	mt_map_init(&rows, n);
	next = mt_malloc((n + 1) * sizeof(*next));
	for (k = 0; k < n; k++) {
		uint64_t h = finding_hash(t, kind, k);
		int found;
		size_t slot = mt_map_slot(
		        &rows, h, (uint32_t)(sp->nfolds - first), &found);
		uint32_t r = found ? *mt_map_val(&rows, slot) : MT_IR_NONE;
		mt_irdiff_fold f;

		for (; r != MT_IR_NONE; r = next[r]) {
			mt_irdiff_fold *x = &sp->folds[first + r];

			if (finding_same(t, kind, x->items[0], k)) {
				MT_PUSH(x->items, x->n, x->cap, k);
				break;
			}
		}
		if (r != MT_IR_NONE)
			continue;
		/* a new row, chained before the rows of the same hash */
		memset(&f, 0, sizeof(f));
		f.kind = kind;
		f.key = h;
		MT_PUSH(f.items, f.n, f.cap, k);
		next[sp->nfolds - first] =
		        found ? *mt_map_val(&rows, slot) : MT_IR_NONE;
		*mt_map_val(&rows, slot) = (uint32_t)(sp->nfolds - first);
		MT_PUSH(sp->folds, sp->nfolds, sp->cap_folds, f);
	}
	free(next);
	mt_map_release(&rows);
}

void ir_fold_step(mt_irdiff_step *sp)
{
	static const mt_ir_finding_kind order[] = {
		MT_IR_FINDING_FUSION,    MT_IR_FINDING_PLACEMENT,
		MT_IR_FINDING_TRANSFER,  MT_IR_FINDING_KERNEL,
		MT_IR_FINDING_OUTLINING, MT_IR_FINDING_LOWERING,
		MT_IR_FINDING_FUNCTION
	};
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(order); i++)
		fold_kind(sp, order[i]);
	/* kept until the report is written, for every step */
	MT_SHRINK(sp->folds, sp->nfolds, sp->cap_folds);
	for (i = 0; i < sp->nfolds; i++)
		MT_SHRINK(sp->folds[i].items, sp->folds[i].n, sp->folds[i].cap);
}

void ir_folds_release(mt_irdiff_step *sp)
{
	size_t i;

	for (i = 0; i < sp->nfolds; i++)
		free(sp->folds[i].items);
	free(sp->folds);
	sp->folds = NULL;
	sp->nfolds = sp->cap_folds = 0;
}
