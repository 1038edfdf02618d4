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

/* ---- transfers and lowerings ---- */

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

static int dialect_eq(const char *a, const char *b)
{
	size_t la = mt_ir_dialect_len(a), lb = mt_ir_dialect_len(b);

	return la == lb && !memcmp(a, b, la);
}

/* Does some dialect among the ops of chain ha (side A) appear nowhere in
 * chain hb (side B)? */
static int dialect_gave_way(const ir_differ *D,
                            uint32_t ha,
                            const uint32_t *nexta,
                            uint32_t hb,
                            const uint32_t *nextb)
{
	uint32_t x, y;

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
	}
	return 0;
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

static void find_lowerings(ir_differ *D)
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

		if (!dialect_gave_way(D, heada[l], nexta, headb[l], nextb))
			continue;
		memset(&z, 0, sizeof(z));
		ir_opref_fill(&z.at, A->m, heada[l]);
		for (i = heada[l]; i != MT_IR_NONE; i = nexta[i])
			ir_count_add(&z.from, &z.nfrom, &c1,
			             mt_ir_str_get(A->m, A->m->ops[i].name), 1);
		for (i = headb[l]; i != MT_IR_NONE; i = nextb[i])
			ir_count_add(&z.to, &z.nto, &c2,
			             mt_ir_str_get(B->m, B->m->ops[i].name), 1);
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
		free(z.at.op);
		z.at.op = mt_strdup(na);
		ir_count_add(&z.from, &z.nfrom, &c1, na, 1);
		ir_count_add(&z.to, &z.nto, &c2, nb, 1);
		counts_fit(&z);
		MT_PUSH(D->t->lowerings, D->t->nlowerings, D->t->cap_lowerings,
		        z);
	}
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
	ir_find_body_fusions(&D);
	ir_find_fusions(&D);
	ir_find_tiled(&D);
	classify(&D);
	find_transfers(&D, &D.a, 0);
	find_transfers(&D, &D.b, 1);
	find_lowerings(&D);
	find_outlined(&D);
	find_compiled(&D);
	out->changed = out->counts.added || out->counts.removed ||
	               out->counts.modified || out->counts.moved ||
	               out->nplacements || out->ntransfers || out->nkernels;
	ir_side_release(&D.a);
	ir_side_release(&D.b);
	return 0;
}
