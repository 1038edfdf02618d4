/*
 * findings.c - what the compiler did between two stages, read from the
 * matching (match.c): fusions (a group of removed ops whose dataflow one
 * op took over), placements (matched ops whose device differs),
 * transfers added or removed, and lowerings (ops of one dialect replaced
 * at the same location by ops of another); also the per-stage counts and
 * the --trace filter the findings are reported with.
 */
#include "ir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

/* ---- opref ---- */

static void opref_fill(mt_ir_opref *r, const mt_ir_module *m, uint32_t i)
{
	const mt_ir_op *op = &m->ops[i];
	uint32_t k;

	memset(r, 0, sizeof(*r));
	r->op = mt_strdup(mt_ir_str_get(m, op->name));
	r->sym = op->sym ? mt_strdup(mt_ir_str_get(m, op->sym)) : NULL;
	r->device = mt_strdup(mt_ir_str_get(m, op->device));
	if (op->loc == MT_IR_NONE || op->loc >= m->nlocs)
		return;
	r->nlocs = m->locs[op->loc].n;
	r->locs = mt_calloc(r->nlocs ? r->nlocs : 1, sizeof(*r->locs));
	for (k = 0; k < r->nlocs; k++) {
		const mt_ir_point *p = &m->points[m->locs[op->loc].first + k];
		char buf[600];

		if (p->line)
			snprintf(buf, sizeof(buf), "%s:%u:%u",
			         mt_ir_str_get(m, p->file), p->line, p->col);
		else
			snprintf(buf, sizeof(buf), "%s",
			         mt_ir_str_get(m, p->file));
		r->locs[k] = mt_strdup(buf);
	}
}

static void opref_release(mt_ir_opref *r)
{
	size_t k;

	free(r->op);
	free(r->sym);
	free(r->device);
	for (k = 0; k < r->nlocs; k++)
		free(r->locs[k]);
	free(r->locs);
	memset(r, 0, sizeof(*r));
}

static void count_add(mt_ir_count **items,
                      size_t *n,
                      size_t *cap,
                      const char *name,
                      size_t by)
{
	size_t i;
	mt_ir_count c;

	for (i = 0; i < *n; i++)
		if (!strcmp((*items)[i].name, name)) {
			(*items)[i].n += by;
			return;
		}
	c.name = mt_strdup(name);
	c.n = by;
	mt_grow((void **)items, cap, *n + 1, sizeof(**items));
	(*items)[(*n)++] = c;
}

static int count_cmp(const void *x, const void *y)
{
	return strcmp(((const mt_ir_count *)x)->name,
	              ((const mt_ir_count *)y)->name);
}

/* ---- trace ---- */

int mt_ir_trace_parse(mt_ir_trace *out, const char *spec, mt_error *err)
{
	const char *c1 = strrchr(spec, ':'), *c2;
	char *end;
	unsigned long a, b;

	memset(out, 0, sizeof(*out));
	if (!c1 || c1 == spec)
		goto bad;
	a = strtoul(c1 + 1, &end, 10);
	if (*end || end == c1 + 1 || a > 0xffffffffUL)
		goto bad;
	/* file:line:col? */
	for (c2 = c1 - 1; c2 > spec && *c2 != ':'; c2--)
		;
	if (c2 > spec) {
		b = strtoul(c2 + 1, &end, 10);
		if (end == c1 && end != c2 + 1 && b <= 0xffffffffUL) {
			out->line = (uint32_t)b;
			out->col = (uint32_t)a;
			out->file = spec;
			out->flen = (size_t)(c2 - spec);
			return 0;
		}
	}
	out->line = (uint32_t)a;
	out->file = spec;
	out->flen = (size_t)(c1 - spec);
	return 0;
bad:
	return mt_error_set(err, MT_EUSAGE,
	                    "'%s' is not FILE:LINE or FILE:LINE:COL", spec);
}

int mt_ir_op_at(const mt_ir_module *m, size_t i, const mt_ir_trace *tr)
{
	const mt_ir_op *op = &m->ops[i];
	size_t flen = tr ? tr->flen : 0;
	uint32_t k;

	if (!tr || !tr->file || op->loc == MT_IR_NONE || op->loc >= m->nlocs)
		return 0;
	/* the file matches as a path suffix: "model.py" finds
	 * "/src/app/model.py" */
	for (k = 0; k < m->locs[op->loc].n; k++) {
		const mt_ir_point *p = &m->points[m->locs[op->loc].first + k];
		const char *f = mt_ir_str_get(m, p->file);
		size_t fl = strlen(f);

		if (p->line != tr->line || (tr->col && p->col != tr->col))
			continue;
		if (fl < flen || memcmp(f + fl - flen, tr->file, flen))
			continue;
		if (fl == flen || f[fl - flen - 1] == '/')
			return 1;
	}
	return 0;
}

/* ---- stats ---- */

void mt_ir_stats_compute(mt_ir_stats *out,
                         const mt_ir_module *m,
                         const mt_ir_trace *trace)
{
	size_t i, capd = 0, capv = 0, capt = 0, nstr = m->strs.n;
	char buf[300];
	/* ops per name and per device string id: the names are formatted
	 * once per distinct string, not once per op (the lists are sorted
	 * by name below, so the order of adding does not matter) */
	size_t *byname = mt_calloc(nstr + 1, sizeof(*byname));
	size_t *bydev = mt_calloc(nstr + 1, sizeof(*bydev));

	memset(out, 0, sizeof(*out));
	out->ops = m->nops;
	for (i = 0; i < m->nops; i++) {
		const mt_ir_op *op = &m->ops[i];

		byname[op->name < nstr ? op->name : nstr]++;
		bydev[op->device < nstr ? op->device : nstr]++;
		if (trace && mt_ir_op_at(m, i, trace)) {
			snprintf(buf, sizeof(buf), "%.200s@%.40s",
			         mt_ir_str_get(m, op->name),
			         mt_ir_str_get(m, op->device));
			count_add(&out->trace, &out->ntrace, &capt, buf, 1);
		}
	}
	for (i = 0; i <= nstr; i++) {
		const char *name;
		size_t dl;

		if (!byname[i])
			continue;
		name = mt_ir_str_get(m, (mt_ir_str)i);
		dl = mt_ir_dialect_len(name);
		snprintf(buf, sizeof(buf), "%.*s", (int)(dl > 200 ? 200 : dl),
		         name);
		count_add(&out->by_dialect, &out->ndialect, &capd, buf,
		          byname[i]);
	}
	for (i = 0; i <= nstr; i++)
		if (bydev[i])
			count_add(&out->by_device, &out->ndevice, &capv,
			          mt_ir_str_get(m, (mt_ir_str)i), bydev[i]);
	free(byname);
	free(bydev);
	if (out->ndialect)
		qsort(out->by_dialect, out->ndialect, sizeof(mt_ir_count),
		      count_cmp);
	if (out->ndevice)
		qsort(out->by_device, out->ndevice, sizeof(mt_ir_count),
		      count_cmp);
}

static void counts_free(mt_ir_count *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(c[i].name);
	free(c);
}

void mt_ir_stats_release(mt_ir_stats *s)
{
	counts_free(s->by_dialect, s->ndialect);
	counts_free(s->by_device, s->ndevice);
	counts_free(s->trace, s->ntrace);
	memset(s, 0, sizeof(*s));
}

void mt_ir_transition_release(mt_ir_transition *t)
{
	size_t i, k;

	for (i = 0; i < t->nfusions; i++) {
		opref_release(&t->fusions[i].into);
		for (k = 0; k < t->fusions[i].nfrom; k++)
			opref_release(&t->fusions[i].from[k]);
		free(t->fusions[i].from);
	}
	free(t->fusions);
	for (i = 0; i < t->nplacements; i++) {
		opref_release(&t->placements[i].op);
		free(t->placements[i].from);
		free(t->placements[i].to);
	}
	free(t->placements);
	for (i = 0; i < t->ntransfers; i++) {
		opref_release(&t->transfers[i].op);
		free(t->transfers[i].from);
		free(t->transfers[i].to);
	}
	free(t->transfers);
	for (i = 0; i < t->nlowerings; i++) {
		opref_release(&t->lowerings[i].at);
		counts_free(t->lowerings[i].from, t->lowerings[i].nfrom);
		counts_free(t->lowerings[i].to, t->lowerings[i].nto);
	}
	free(t->lowerings);
	for (i = 0; i < t->nkernels; i++) {
		free(t->kernels[i].kernel);
		opref_release(&t->kernels[i].from);
		opref_release(&t->kernels[i].to);
	}
	free(t->kernels);
	counts_free(t->trace, t->ntrace);
	memset(t, 0, sizeof(*t));
}

static void
trace_add(ir_differ *D, const mt_ir_module *m, uint32_t i, const char *what)
{
	char buf[300];

	snprintf(buf, sizeof(buf), "%.200s %s",
	         mt_ir_str_get(m, m->ops[i].name), what);
	count_add(&D->t->trace, &D->t->ntrace, &D->t->cap_trace, buf, 1);
}

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
				trace_add(D, D->a.m, i, "removed");
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

			opref_fill(&p.op, D->b.m, j);
			p.from = mt_strdup(mt_ir_str_get(D->a.m, oa->device));
			p.to = mt_strdup(
			        mt_ir_str_get(D->b.m, D->b.m->ops[j].device));
			MT_PUSH(t->placements, t->nplacements,
			        t->cap_placements, p);
			if (at) {
				char buf[100];

				snprintf(buf, sizeof(buf), "placed %s -> %s",
				         p.from, p.to);
				trace_add(D, D->b.m, j, buf);
			}
		}
		if (at)
			trace_add(D, D->b.m, j, what);
	}
	for (i = 0; i < D->b.n; i++) {
		if (D->b.match[i] != MT_IR_NONE)
			continue;
		t->counts.added++;
		if (D->trace && mt_ir_op_at(D->b.m, i, D->trace))
			trace_add(D, D->b.m, i, "added");
	}
}

static int name_is(const mt_ir_module *m, uint32_t i, const char *name);

/* ---- fusion ---- */

static int is_result(const ir_side *s, uint32_t v, uint32_t *op)
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
				if (!is_result(
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

				if (!is_result(
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

			if (is_result(A, v, &d) && F->stamp[d] == F->mark)
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
	opref_fill(&fu.into, D->b.m, f);
	fu.nfrom = F->ngroup;
	fu.from = mt_calloc(F->ngroup, sizeof(*fu.from));
	for (i = 0; i < F->ngroup; i++) {
		opref_fill(&fu.from[i], D->a.m, F->group[i]);
		D->a.claimed[F->group[i]] = 1;
	}
	D->b.claimed[f] = 1;
	MT_PUSH(D->t->fusions, D->t->nfusions, D->t->cap_fusions, fu);
	if (D->trace) {
		int at = mt_ir_op_at(D->b.m, f, D->trace);

		for (i = 0; i < F->ngroup && !at; i++)
			at = mt_ir_op_at(D->a.m, F->group[i], D->trace);
		if (at)
			trace_add(D, D->b.m, f, "fused");
	}
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
	return evidence || group_feeds(F, f, m);
}

static void find_fusions(ir_differ *D)
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

static int is_loop(const mt_ir_module *m, uint32_t i)
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

		if (!is_result(A, A->m->operands[co->first_operand + k], &d))
			continue;
		for (depth = 0; depth < 4 && d != p; depth++) {
			const mt_ir_op *so = &A->m->ops[d];

			if (!name_is(A->m, d, "tensor.extract_slice") ||
			    !so->noperands ||
			    !is_result(A, A->m->operands[so->first_operand],
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
		if (is_loop(D->b.m, q))
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
	opref_fill(&fu.into, D->b.m, pairs[0]);
	fu.from = mt_calloc(n, sizeof(*fu.from));
	for (i = 0; i < n; i++) {
		if (i && pairs[2 * i + 1] == pairs[2 * i - 1])
			continue;
		opref_fill(&fu.from[k++], D->a.m, pairs[2 * i + 1]);
		D->a.claimed[pairs[2 * i + 1]] = 1;
	}
	fu.nfrom = k;
	MT_PUSH(D->t->fusions, D->t->nfusions, D->t->cap_fusions, fu);
	if (D->trace && mt_ir_op_at(D->b.m, pairs[0], D->trace))
		trace_add(D, D->b.m, pairs[0], "fused into (tiled)");
}

static void find_tiled(ir_differ *D)
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
		    is_loop(B->m, B->m->ops[y].parent)) {
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

		if (!yo->noperands || is_loop(B->m, y))
			continue;
		xc = tile_origin(&T, y);
		if (xc == MT_IR_NONE || A->claimed[xc])
			continue;
		for (k = 0; k < yo->noperands; k++) {
			uint32_t yp, xp, loop;

			if (!is_result(B, B->m->operands[yo->first_operand + k],
			               &yp) ||
			    yp == y || is_loop(B->m, yp))
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
		opref_fill(&x.op, s->m, i);
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
 * have (count_add grows by 8). */
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
		opref_fill(&z.at, A->m, heada[l]);
		for (i = heada[l]; i != MT_IR_NONE; i = nexta[i])
			count_add(&z.from, &z.nfrom, &c1,
			          mt_ir_str_get(A->m, A->m->ops[i].name), 1);
		for (i = headb[l]; i != MT_IR_NONE; i = nextb[i])
			count_add(&z.to, &z.nto, &c2,
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
		opref_fill(&z.at, B->m, j);
		free(z.at.op);
		z.at.op = mt_strdup(na);
		count_add(&z.from, &z.nfrom, &c1, na, 1);
		count_add(&z.to, &z.nto, &c2, nb, 1);
		counts_fit(&z);
		MT_PUSH(D->t->lowerings, D->t->nlowerings, D->t->cap_lowerings,
		        z);
	}
	for (l = 0; l < D->t->nlowerings; l++) {
		mt_ir_lowering *lw = &D->t->lowerings[l];

		if (lw->nfrom)
			qsort(lw->from, lw->nfrom, sizeof(*lw->from),
			      count_cmp);
		if (lw->nto)
			qsort(lw->to, lw->nto, sizeof(*lw->to), count_cmp);
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

static int name_is(const mt_ir_module *m, uint32_t i, const char *name)
{
	return !strcmp(mt_ir_str_get(m, m->ops[i].name), name);
}

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
		    name_is(s->m, i, name))
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
	opref_fill(&k.from, fm, from);
	opref_fill(&k.to, tm, to);
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
		    !name_is(B->m, j, "gpu.launch_func"))
			continue;
		mod = mt_map_get(&mods, mt_ir_str_hash(B->m, lf->sym));
		if (mod == MT_IR_NONE)
			continue;
		fn = first_func(B->m, mod);
		for (i = 0; i < A->n; i++)
			if (!used[i] && A->match[i] == MT_IR_NONE &&
			    ir_scope(A, i) == ir_scope(B, j) &&
			    name_is(A->m, i, "gpu.launch"))
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
		    !name_is(A->m, i, "gpu.module"))
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
	find_fusions(&D);
	find_tiled(&D);
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
