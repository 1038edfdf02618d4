/*
 * outline.c - ops moved out of a function into a new one: the bodies of
 * scf.parallel loops that async-parallel-for puts in
 * @parallel_compute_fn, the launch bodies gpu-kernel-outlining puts in
 * a gpu.func of a new gpu.module, any outlining pass.
 *
 * A function g of stage k+1 that is new (no counterpart) took ops of a
 * function f of stage k when
 *   - f's counterpart refers to g (or to the module holding g, or to a
 *     new function that refers to g: a dispatch function in between);
 *   - ops of f are gone (removed, or matched into g) and what they
 *     compute (comps.c) is part of what g computes.
 * The ops holding the others are listed (the scf.parallel, not each op
 * of its body); the count is of all of them. Nothing here needs a
 * location: with locations, the ops inside g are matched to f's too.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

#define OUTLINE_DEPTH 4 /* new functions between f and g */

/* A reference to a symbol in stage k+1, and the function it is in. */
typedef struct ref {
	uint64_t sym;
	uint32_t fn;
} ref;

typedef struct outliner {
	ir_differ *D;
	ir_comps ca, cb;
	ref *refs; /* sorted by symbol hash */
	size_t nrefs, cap_refs;
	uint64_t *budget;
	uint32_t *count;
	size_t nbudget, capb, capc;
} outliner;

/* The innermost op defining a symbol that holds op i, or NONE. */
static uint32_t function_of(const mt_ir_module *m, uint32_t i)
{
	uint32_t p = m->ops[i].parent;

	while (p != MT_IR_NONE && !(m->ops[p].flags & MT_IR_OP_SYMDEF))
		p = m->ops[p].parent;
	return p;
}

static int ref_cmp(const void *x, const void *y)
{
	const ref *a = x, *b = y;

	if (a->sym != b->sym)
		return a->sym < b->sym ? -1 : 1;
	return (a->fn > b->fn) - (a->fn < b->fn);
}

static void refs_index(outliner *O)
{
	const mt_ir_module *m = O->D->b.m;
	uint32_t i;

	for (i = 0; i < O->D->b.n; i++) {
		ref r;

		if (!m->ops[i].sym || (m->ops[i].flags & MT_IR_OP_SYMDEF))
			continue;
		r.fn = function_of(m, i);
		if (r.fn == MT_IR_NONE)
			continue;
		r.sym = mt_ir_str_hash(m, m->ops[i].sym);
		MT_PUSH(O->refs, O->nrefs, O->cap_refs, r);
	}
	if (O->nrefs)
		qsort(O->refs, O->nrefs, sizeof(*O->refs), ref_cmp);
}

/* Add to *fns (no repeats) the B functions that refer to symbol h. */
static void
referrers(const outliner *O, uint64_t h, uint32_t **fns, size_t *n, size_t *cap)
{
	size_t a = 0, b = O->nrefs, k;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (O->refs[mid].sym < h)
			a = mid + 1;
		else
			b = mid;
	}
	for (; a < O->nrefs && O->refs[a].sym == h; a++) {
		for (k = 0; k < *n && (*fns)[k] != O->refs[a].fn; k++)
			;
		if (k == *n)
			MT_PUSH(*fns, *n, *cap, O->refs[a].fn);
	}
}

/* Whether B op g is a new function: defines a symbol, has a body, no
 * counterpart, and holds no function itself (a gpu.module's gpu.func is
 * the function; the module only holds it). */
static int new_function(const ir_differ *D, uint32_t g)
{
	const mt_ir_module *m = D->b.m;
	uint32_t c;

	if (!(m->ops[g].flags & MT_IR_OP_SYMDEF) || !m->ops[g].nregions ||
	    D->b.match[g] != MT_IR_NONE || !m->ops[g].sym)
		return 0;
	for (c = g + 1; c < m->ops[g].end; c = m->ops[c].end)
		if ((m->ops[c].flags & MT_IR_OP_SYMDEF) && m->ops[c].nregions)
			return 0;
	return 1;
}

static void budget_set(outliner *O, const uint64_t *c, uint32_t n)
{
	uint32_t k;

	O->nbudget = 0;
	for (k = 0; k < n; k++) {
		if (O->nbudget && O->budget[O->nbudget - 1] == c[k]) {
			O->count[O->nbudget - 1]++;
			continue;
		}
		mt_grow((void **)&O->budget, &O->capb, O->nbudget + 1,
		        sizeof(*O->budget));
		mt_grow((void **)&O->count, &O->capc, O->nbudget + 1,
		        sizeof(*O->count));
		O->budget[O->nbudget] = c[k];
		O->count[O->nbudget++] = 1;
	}
}

static int budget_take(outliner *O, const uint64_t *c, uint32_t n)
{
	size_t at = 0;
	uint32_t k, run;

	for (k = 0; k < n; k += run) {
		for (run = 1; k + run < n && c[k + run] == c[k]; run++)
			;
		while (at < O->nbudget && O->budget[at] < c[k])
			at++;
		if (at == O->nbudget || O->budget[at] != c[k] ||
		    O->count[at] < run)
			return 0;
	}
	for (k = 0, at = 0; k < n; k++) {
		while (O->budget[at] < c[k])
			at++;
		O->count[at]--;
	}
	return 1;
}

/* Whether A op x is gone from f for g: removed, or matched into g. */
static int gone_to(const ir_differ *D, uint32_t x, uint32_t g)
{
	uint32_t j = D->a.match[x];

	return j == MT_IR_NONE || (j > g && j < D->b.m->ops[g].end);
}

/* The ops of A function f that went into new function g (B). */
static void outlined_from(outliner *O, uint32_t f, uint32_t g)
{
	ir_differ *D = O->D;
	const mt_ir_module *a = D->a.m;
	const uint64_t *c;
	uint32_t n, x;
	mt_ir_outlining ol;
	size_t cap = 0;

	c = ir_comps_of(&O->cb, g, &n);
	if (!n)
		return;
	budget_set(O, c, n);
	memset(&ol, 0, sizeof(ol));
	for (x = f + 1; x < a->ops[f].end;) {
		if (gone_to(D, x, g) && (c = ir_comps_of(&O->ca, x, &n), n) &&
		    budget_take(O, c, n)) {
			mt_ir_opref r;

			ir_opref_fill(&r, a, x);
			MT_PUSH(ol.ops, ol.nmoved, cap, r);
			ol.nops += a->ops[x].end - x;
			/* what moved is not a lowering in place too */
			D->a.claimed[x] = 1;
			x = a->ops[x].end;
			continue;
		}
		x++;
	}
	if (!ol.nmoved)
		return;
	ir_opref_fill(&ol.from, a, f);
	ir_opref_fill(&ol.to, D->b.m, g);
	MT_PUSH(D->t->outlinings, D->t->noutlinings, D->t->cap_outlinings, ol);
}

void ir_find_outlinings(ir_differ *D)
{
	outliner O;
	uint32_t g;

	memset(&O, 0, sizeof(O));
	O.D = D;
	refs_index(&O);
	if (!O.nrefs)
		goto out;
	ir_comps_init(&O.ca, &D->a);
	ir_comps_init(&O.cb, &D->b);
	for (g = 0; g < D->b.n; g++) {
		const mt_ir_module *m = D->b.m;
		uint32_t *fns = NULL, p = m->ops[g].parent;
		size_t nf = 0, capf = 0, k, depth;

		if (!new_function(D, g))
			continue;
		referrers(&O, mt_ir_str_hash(m, m->ops[g].sym), &fns, &nf,
		          &capf);
		/* a kernel is named through its module (@mod::@fn) */
		if (p != MT_IR_NONE && (m->ops[p].flags & MT_IR_OP_SYMDEF) &&
		    m->ops[p].sym)
			referrers(&O, mt_ir_str_hash(m, m->ops[p].sym), &fns,
			          &nf, &capf);
		/* through new functions in between (a dispatch function) */
		for (depth = 0, k = 0; k < nf && depth < OUTLINE_DEPTH * 8;
		     k++, depth++)
			if (new_function(D, fns[k]))
				referrers(&O,
				          mt_ir_str_hash(m, m->ops[fns[k]].sym),
				          &fns, &nf, &capf);
		for (k = 0; k < nf; k++)
			if (D->b.match[fns[k]] != MT_IR_NONE)
				outlined_from(&O, D->b.match[fns[k]], g);
		free(fns);
	}
	ir_comps_release(&O.ca);
	ir_comps_release(&O.cb);
out:
	free(O.refs);
	free(O.budget);
	free(O.count);
}
