/*
 * ssa.c - the reader's scoped table of SSA names: a name's current
 * value, bound when an op (or a block, or an op's header) defines it and
 * unbound through an undo log when the region that defined it ends, as
 * MLIR scopes names; and the values themselves. parse.c defines names,
 * tail.c looks uses up.
 */
#include "ir_int.h"

#include <string.h>

/* The key of SSA name s (n > 0 bytes): a plain decimal number without
 * leading zeros, small enough for the dense table, is its own key; any
 * other name is hashed. Definitions and uses decide the same way. */
ir_ssakey ir_ssa_key(const ir_parser *P, const char *s, size_t n)
{
	ir_ssakey k;
	uint64_t v = 0;
	size_t i;

	if (n && n <= 9 && (n == 1 || s[0] != '0')) {
		for (i = 0; i < n && ir_is_digit(s[i]); i++)
			v = v * 10 + (uint64_t)(s[i] - '0');
		if (i == n && v <= P->ssanum_max) {
			k.h = v;
			k.num = 1;
			return k;
		}
	}
	k.h = ir_name_hash(s, n);
	k.num = 0;
	return k;
}

static uint32_t ssa_get(const ir_parser *P, ir_ssakey k)
{
	if (k.num)
		return k.h < P->cap_ssanum ? P->ssanum[k.h] : MT_IR_NONE;
	return mt_map_get(&P->ssa, k.h);
}

/* Bind k to vid; returns what it was bound to. */
static uint32_t ssa_set(ir_parser *P, ir_ssakey k, uint32_t vid)
{
	uint32_t old;

	if (k.num) {
		if (k.h >= P->cap_ssanum) {
			size_t c = P->cap_ssanum;

			mt_grow((void **)&P->ssanum, &P->cap_ssanum,
			        (size_t)k.h + 1, sizeof(*P->ssanum));
			memset(P->ssanum + c, 0xff,
			       (P->cap_ssanum - c) * sizeof(*P->ssanum));
		}
		old = P->ssanum[k.h];
		P->ssanum[k.h] = vid;
		return old;
	} else {
		int found;
		size_t slot = mt_map_slot(&P->ssa, k.h, vid, &found);

		old = found ? *mt_map_val(&P->ssa, slot) : MT_IR_NONE;
		*mt_map_val(&P->ssa, slot) = vid;
		return old;
	}
}

void ir_ssa_define(ir_parser *P, ir_ssakey key, uint32_t vid)
{
	ir_undo u;

	u.key = key;
	u.old = ssa_set(P, key, vid);
	IR_PUSH(P->undo, P->nundo, P->cap_undo, u);
}

void ir_ssa_rollback(ir_parser *P, size_t mark)
{
	while (P->nundo > mark) {
		ir_undo u = P->undo[--P->nundo];

		ssa_set(P, u.key, u.old);
	}
}

uint32_t ir_new_value(ir_parser *P, uint32_t op, uint32_t idx)
{
	mt_ir_value v = { op, idx };

	IR_PUSH(P->m->values, P->m->nvalues, P->m->cap_values, v);
	return (uint32_t)(P->m->nvalues - 1);
}

/* The use of SSA name s (n > 0 bytes; result sub of its group) in op
 * c's text: an operand, or an argument c defines. */
void ir_ssa_use(
        ir_parser *P, ir_opctx *c, const char *s, size_t n, uint32_t sub)
{
	ir_ssakey key;
	uint32_t vid;

	if (c->op == MT_IR_NONE)
		return;
	key = ir_ssa_key(P, s, n);
	vid = ssa_get(P, key);
	if (vid != MT_IR_NONE) {
		const mt_ir_value *v = &P->m->values[vid];

		/* %x#N names result N of the group defined as %x */
		if (sub && !(v->idx & MT_IR_ARG)) {
			const mt_ir_op *d = &P->m->ops[v->op];

			vid = v->idx + sub < d->nresults ? vid + sub
			                                 : MT_IR_NONE;
		}
		IR_PUSH(P->scratch, P->nscratch, P->cap_scratch, vid);
		return;
	}
	/* Unknown name in the header: an argument this op defines for its
	 * regions (func arguments, loop induction variables, launch ids). */
	vid = ir_new_value(P, c->op, MT_IR_ARG | c->nargs++);
	ir_ssa_define(P, key, vid);
}
