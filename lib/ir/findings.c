/*
 * findings.c - what the compiler did between two stages, read from the
 * matching (match.c): matched ops moved, modified or unchanged,
 * placements (matched ops whose device differs), transfers added or
 * removed, lowerings (ops of one dialect replaced at the same location
 * by ops of another), GPU kernels outlined and compiled; and
 * mt_ir_diff, which runs them all. Fusions are in fusion.c; what a
 * result holds, its release and --trace in results.c.
 */
#include "ir_int.h"
#include "llvmir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

static int dev_differs(const ir_differ *D, uint32_t i, uint32_t j)
{
	return mt_ir_str_hash(D->a.m, D->a.m->ops[i].device) !=
	       mt_ir_str_hash(D->b.m, D->b.m->ops[j].device);
}

static void classify(ir_differ *D)
{
	mt_ir_transition *t = D->t;
	uint32_t i;

	for (i = 0; i < D->a.n; i++) {
		uint32_t j = D->a.match[i];
		const mt_ir_op *oa = &D->a.m->ops[i];
		int at = D->trace && mt_ir_op_at(D->a.m, i, D->trace);
		const char *what;

		if (j == MT_IR_NONE) {
			t->counts.removed++;
			if (at)
				ir_trace_add(D, D->a.m, i, "removed");
			continue;
		}
		if (!ir_parent_same(D, i, j)) {
			t->counts.moved++;
			what = "moved";
		} else if (oa->attr_hash != D->b.m->ops[j].attr_hash ||
		           ir_name_h(&D->a, i) != ir_name_h(&D->b, j) ||
		           !ir_operands_same(D, i, j)) {
			t->counts.modified++;
			what = "modified";
		} else {
			t->counts.unchanged++;
			what = "unchanged";
		}
		if (dev_differs(D, i, j)) {
			mt_ir_placement p;

			ir_opref_fill(&p.op, D->b.m, j);
			p.from = mt_strdup(mt_ir_str_get(D->a.m, oa->device));
			p.to = mt_strdup(
			        mt_ir_str_get(D->b.m, D->b.m->ops[j].device));
			MT_PUSH(t->placements, t->nplacements,
			        t->cap_placements, p);
			if (at) {
				char buf[100];

				snprintf(buf, sizeof(buf), "placed %s -> %s",
				         p.from, p.to);
				ir_trace_add(D, D->b.m, j, buf);
			}
		}
		if (at)
			ir_trace_add(D, D->b.m, j, what);
	}
	for (i = 0; i < D->b.n; i++) {
		if (D->b.match[i] != MT_IR_NONE)
			continue;
		t->counts.added++;
		if (D->trace && mt_ir_op_at(D->b.m, i, D->trace))
			ir_trace_add(D, D->b.m, i, "added");
	}
}

/* ---- transfers ---- */

static void find_transfers(ir_differ *D, ir_side *s, int added)
{
	uint32_t i;

	for (i = 0; i < s->n; i++) {
		const mt_ir_op *op = &s->m->ops[i];
		mt_ir_transfer x;
		mt_ir_str from, to;

		if (s->match[i] != MT_IR_NONE ||
		    !(op->flags & MT_IR_OP_TRANSFER))
			continue;
		ir_opref_fill(&x.op, s->m, i);
		x.added = added;
		mt_ir_op_xfer(s->m, i, &from, &to);
		x.from = from ? mt_strdup(mt_ir_str_get(s->m, from)) : NULL;
		x.to = to ? mt_strdup(mt_ir_str_get(s->m, to)) : NULL;
		MT_PUSH(D->t->transfers, D->t->ntransfers, D->t->cap_transfers,
		        x);
	}
}

/* ---- kernels ---- */

/* The first function (symbol-defining child) of op mod, or MT_IR_NONE. */
static uint32_t first_func(const mt_ir_module *m, uint32_t mod)
{
	uint32_t c;

	for (c = mod + 1; c < m->ops[mod].end; c++)
		if (m->ops[c].parent == mod &&
		    (m->ops[c].flags & MT_IR_OP_SYMDEF))
			return c;
	return MT_IR_NONE;
}

/* Ops of side s named name, unmatched, by symbol hash (first wins). */
static void index_by_sym(mt_map *out, const ir_side *s, const char *name)
{
	uint32_t i;

	mt_map_init(out, 16);
	for (i = 0; i < s->n; i++) {
		int found;

		if (s->match[i] == MT_IR_NONE && s->m->ops[i].sym &&
		    ir_name_is(s->m, i, name))
			mt_map_slot(out, mt_ir_str_hash(s->m, s->m->ops[i].sym),
			            i, &found);
	}
}

static void kernel_add(ir_differ *D,
                       mt_ir_kernel_change change,
                       const mt_ir_module *km,
                       uint32_t mod,
                       uint32_t fn,
                       const mt_ir_module *fm,
                       uint32_t from,
                       const mt_ir_module *tm,
                       uint32_t to)
{
	mt_ir_kernel k;
	mt_buf name = MT_BUF_INIT;

	mt_buf_printf(&name, "@%s", mt_ir_str_get(km, km->ops[mod].sym));
	if (fn != MT_IR_NONE)
		mt_buf_printf(&name, "::@%s",
		              mt_ir_str_get(km, km->ops[fn].sym));
	k.change = change;
	k.kernel = mt_buf_detach(&name);
	ir_opref_fill(&k.from, fm, from);
	ir_opref_fill(&k.to, tm, to);
	MT_PUSH(D->t->kernels, D->t->nkernels, D->t->cap_kernels, k);
}

/* gpu-kernel-outlining: a removed gpu.launch, a new gpu.launch_func in
 * the same function naming a new gpu.module (launch_func's first symbol)
 * whose function holds the launch's body. Launches pair with launch_funcs
 * of the same function in order. */
static void find_outlined(ir_differ *D)
{
	const ir_side *A = &D->a, *B = &D->b;
	mt_map mods;
	uint8_t *used = mt_calloc(A->n + 1, 1);
	uint32_t j, i;

	index_by_sym(&mods, B, "gpu.module");
	for (j = 0; j < B->n; j++) {
		const mt_ir_op *lf = &B->m->ops[j];
		uint32_t mod, fn;

		if (B->match[j] != MT_IR_NONE || !lf->sym ||
		    !ir_name_is(B->m, j, "gpu.launch_func"))
			continue;
		mod = mt_map_get(&mods, mt_ir_str_hash(B->m, lf->sym));
		if (mod == MT_IR_NONE)
			continue;
		fn = first_func(B->m, mod);
		for (i = 0; i < A->n; i++)
			if (!used[i] && A->match[i] == MT_IR_NONE &&
			    ir_scope(A, i) == ir_scope(B, j) &&
			    ir_name_is(A->m, i, "gpu.launch"))
				break;
		if (i == A->n || fn == MT_IR_NONE)
			continue;
		used[i] = 1;
		D->a.claimed[i] = 1;
		kernel_add(D, MT_IR_KERNEL_OUTLINED, B->m, mod, fn, A->m, i,
		           B->m, fn);
	}
	mt_map_release(&mods);
	free(used);
}

/* A function with a body: a kernel or device function of a gpu.module;
 * declarations (@vprintf, @__nv_expf) and globals are not kernels. */
static int is_kernel_fn(const mt_ir_module *m, uint32_t c)
{
	const char *n = mt_ir_str_get(m, m->ops[c].name);
	size_t d = mt_ir_dialect_len(n);

	return (m->ops[c].flags & MT_IR_OP_SYMDEF) && m->ops[c].nregions &&
	       n[d] == '.' && !strcmp(n + d + 1, "func");
}

/* gpu-module-to-binary: a removed gpu.module and a new gpu.binary of the
 * same name; one entry per function with a body in the module (the module
 * itself when it has none). */
static void find_compiled(ir_differ *D)
{
	const ir_side *A = &D->a, *B = &D->b;
	mt_map bins;
	uint32_t i, c;

	index_by_sym(&bins, B, "gpu.binary");
	for (i = 0; i < A->n; i++) {
		uint32_t bin, n = 0;

		if (A->match[i] != MT_IR_NONE || !A->m->ops[i].sym ||
		    !ir_name_is(A->m, i, "gpu.module"))
			continue;
		bin = mt_map_get(&bins, mt_ir_str_hash(A->m, A->m->ops[i].sym));
		if (bin == MT_IR_NONE)
			continue;
		D->a.claimed[i] = 1;
		for (c = i + 1; c < A->m->ops[i].end; c++)
			if (A->m->ops[c].parent == i && is_kernel_fn(A->m, c)) {
				kernel_add(D, MT_IR_KERNEL_COMPILED, A->m, i, c,
				           A->m, c, B->m, bin);
				n++;
			}
		if (!n)
			kernel_add(D, MT_IR_KERNEL_COMPILED, A->m, i,
			           MT_IR_NONE, A->m, i, B->m, bin);
	}
	mt_map_release(&bins);
}

int mt_ir_diff(mt_ir_transition *out,
               const mt_ir_module *a,
               const mt_ir_module *b,
               const mt_ir_trace *trace,
               mt_error *err)
{
	ir_differ D;

	(void)err;
	memset(out, 0, sizeof(*out));
	memset(&D, 0, sizeof(D));
	D.t = out;
	D.trace = trace && trace->file ? trace : NULL;
	ir_side_init(&D.a, a);
	ir_side_init(&D.b, b);
	ir_match(&D);
	if (a->llvm && b->llvm) {
		/* LLVM IR has no fusions, devices or dialects to lower: its
		 * own findings (llvmfind.c) */
		classify(&D);
		ir_find_llvm(&D);
		out->changed = out->counts.added || out->counts.removed ||
		               out->counts.modified || out->counts.moved ||
		               out->nfuncs;
		ir_side_release(&D.a);
		ir_side_release(&D.b);
		return 0;
	}
	ir_find_body_fusions(&D);
	ir_find_fusions(&D);
	ir_find_tiled(&D);
	classify(&D);
	find_transfers(&D, &D.a, 0);
	find_transfers(&D, &D.b, 1);
	/* kernels first: the launches and modules they account for are
	 * not lowerings too */
	find_outlined(&D);
	find_compiled(&D);
	ir_find_outlinings(&D);
	ir_find_lowerings(&D);
	out->changed = out->counts.added || out->counts.removed ||
	               out->counts.modified || out->counts.moved ||
	               out->nplacements || out->ntransfers || out->nkernels ||
	               out->noutlinings;
	ir_side_release(&D.a);
	ir_side_release(&D.b);
	return 0;
}
