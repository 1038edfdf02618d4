/*
 * llvmfind.c - what a pass did to the functions of an LLVM IR module,
 * read from two stages (llvmir.c made each define an op "llvm.define"
 * holding its instructions, each an op "llvm.<opcode>"):
 *
 * - removed: a function defined in the earlier stage is neither defined
 *   nor declared in the later one (GlobalDCE, an inlined function
 *   deleted); the calls to it the earlier stage still had are counted;
 * - inlined: in a function on both sides, calls to g went away and
 *   instructions came in that are g's, by opcode: at least half of g's
 *   instructions (ret aside) are among the opcodes the caller gained;
 * - vectorized: a function on both sides has more ops of a vector type
 *   (<4 x float>) than before (LoopVectorize, SLPVectorizer);
 * - calls gone: calls of f to a function g defined in the module went
 *   away but too few of g's instructions came in to call it inlining
 *   (the inliner folds a callee with constant arguments to nothing, and
 *   a pass may delete a call to a function without effects): said as
 *   such, not as an inlining.
 */
#include "llvmir_int.h"

#include <stdlib.h>
#include <string.h>

/* How many of one opcode or callee. */
typedef struct tally {
	const char *name;
	size_t n;
} tally;

typedef struct tallies {
	tally *v;
	size_t n, cap;
} tallies;

/* A function of one side: its define, its instructions by opcode (ret
 * aside), its calls by callee, its vector ops. */
typedef struct fninfo {
	const char *name;
	uint32_t op;
	tallies ops, calls;
	size_t nbody, nvec;
	const char *vtype;
} fninfo;

typedef struct fnset {
	fninfo *v;
	size_t n, cap;
	tallies syms; /* every top-level symbol (define, declare, global) */
} fnset;

static void tally_add(tallies *t, const char *name, size_t by)
{
	size_t k;
	tally x;

	for (k = 0; k < t->n; k++)
		if (!strcmp(t->v[k].name, name)) {
			t->v[k].n += by;
			return;
		}
	x.name = name;
	x.n = by;
	MT_PUSH(t->v, t->n, t->cap, x);
}

static size_t tally_get(const tallies *t, const char *name)
{
	size_t k;

	for (k = 0; k < t->n; k++)
		if (!strcmp(t->v[k].name, name))
			return t->v[k].n;
	return 0;
}

static void fnset_build(fnset *fs, const mt_ir_module *m)
{
	uint32_t i, j;

	memset(fs, 0, sizeof(*fs));
	for (i = 0; i < m->nops; i++) {
		const mt_ir_op *op = &m->ops[i];
		const char *name = mt_ir_str_get(m, op->name);
		fninfo f;

		if (op->parent != MT_IR_NONE)
			continue;
		if (op->sym)
			tally_add(&fs->syms, mt_ir_str_get(m, op->sym), 1);
		if (strcmp(name, "llvm.define") || !op->sym)
			continue;
		memset(&f, 0, sizeof(f));
		f.name = mt_ir_str_get(m, op->sym);
		f.op = i;
		for (j = i + 1; j < op->end && j < m->nops; j++) {
			const mt_ir_op *x = &m->ops[j];
			const char *xn = mt_ir_str_get(m, x->name);

			if (m->vec && m->vec[j]) {
				if (!f.nvec++)
					f.vtype = mt_ir_str_get(m, m->vec[j]);
			}
			if ((!strcmp(xn, "llvm.call") ||
			     !strcmp(xn, "llvm.invoke")) &&
			    x->sym)
				tally_add(&f.calls, mt_ir_str_get(m, x->sym),
				          1);
			if (!strcmp(xn, "llvm.ret"))
				continue;
			tally_add(&f.ops, xn, 1);
			f.nbody++;
		}
		MT_PUSH(fs->v, fs->n, fs->cap, f);
	}
}

static void fnset_release(fnset *fs)
{
	size_t k;

	for (k = 0; k < fs->n; k++) {
		free(fs->v[k].ops.v);
		free(fs->v[k].calls.v);
	}
	free(fs->v);
	free(fs->syms.v);
}

static const fninfo *fn_find(const fnset *fs, const char *name)
{
	size_t k;

	for (k = 0; k < fs->n; k++)
		if (!strcmp(fs->v[k].name, name))
			return &fs->v[k];
	return NULL;
}

static mt_ir_funcchange *push(ir_differ *D,
                              mt_ir_func_change change,
                              const char *func,
                              const mt_ir_module *m,
                              uint32_t op)
{
	mt_ir_transition *t = D->t;
	mt_ir_funcchange c;

	memset(&c, 0, sizeof(c));
	c.change = change;
	c.func = mt_strdup(func);
	ir_opref_fill(&c.at, m, op);
	MT_PUSH(t->funcs, t->nfuncs, t->cap_funcs, c);
	return &t->funcs[t->nfuncs - 1];
}

/* Calls to name in every function of fs but name itself. */
static size_t calls_to(const fnset *fs, const char *name)
{
	size_t k, n = 0;

	for (k = 0; k < fs->n; k++)
		if (strcmp(fs->v[k].name, name))
			n += tally_get(&fs->v[k].calls, name);
	return n;
}

/* Of g's instructions, how many have an opcode f gained (by count),
 * with the gone calls to g (ncalls, opcode callop) taken out of f's
 * earlier ops first: they were replaced, not kept. */
static size_t gained(const fninfo *g,
                     const fninfo *fa,
                     const fninfo *fb,
                     const char *callop,
                     size_t ncalls)
{
	size_t k, n = 0;

	for (k = 0; k < g->ops.n; k++) {
		const char *op = g->ops.v[k].name;
		size_t before = tally_get(&fa->ops, op);

		if (callop && !strcmp(op, callop))
			before = before > ncalls ? before - ncalls : 0;
		size_t after = tally_get(&fb->ops, op);
		size_t more = after > before ? after - before : 0;

		n += more < g->ops.v[k].n ? more : g->ops.v[k].n;
	}
	return n;
}

void ir_find_llvm(ir_differ *D)
{
	fnset A, B;
	size_t k, c;

	fnset_build(&A, D->a.m);
	fnset_build(&B, D->b.m);
	for (k = 0; k < A.n; k++) {
		const fninfo *fa = &A.v[k];
		const fninfo *fb = fn_find(&B, fa->name);

		if (!fb) {
			if (!tally_get(&B.syms, fa->name))
				push(D, MT_IR_FUNC_REMOVED, fa->name, D->a.m,
				     fa->op)
				        ->calls = calls_to(&A, fa->name);
			continue;
		}
		for (c = 0; c < fa->calls.n; c++) {
			const char *g = fa->calls.v[c].name;
			size_t before = fa->calls.v[c].n;
			size_t after = tally_get(&fb->calls, g);
			const fninfo *gi = fn_find(&A, g);
			mt_ir_funcchange *x;
			size_t got;

			if (after >= before || !gi || gi == fa)
				continue;
			got = gained(gi, fa, fb, "llvm.call", before - after);
			x = push(D,
			         got && got * 2 >= gi->nbody
			                 ? MT_IR_FUNC_INLINED
			                 : MT_IR_FUNC_CALLS_GONE,
			         g, D->b.m, fb->op);
			x->into = mt_strdup(fa->name);
			x->calls = before - after;
			x->body = gi->nbody;
			x->matched = got;
		}
		if (fb->nvec > fa->nvec) {
			mt_ir_funcchange *x = push(D, MT_IR_FUNC_VECTORIZED,
			                           fa->name, D->b.m, fb->op);

			x->vec_before = fa->nvec;
			x->vec_after = fb->nvec;
			x->vtype = mt_strdup(fb->vtype ? fb->vtype : "");
		}
	}
	fnset_release(&A);
	fnset_release(&B);
}
