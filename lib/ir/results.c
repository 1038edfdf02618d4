/*
 * results.c - what a comparison hands back, copied out of the modules
 * so that it outlives them (oprefs, name counts) and its release; the
 * per-stage op counts; the --trace filter (FILE:LINE[:COL]) and the
 * trace lines findings add.
 */
#include "ir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

/* ---- opref ---- */

void ir_opref_fill(mt_ir_opref *r, const mt_ir_module *m, uint32_t i)
{
	const mt_ir_op *op = &m->ops[i];
	uint32_t k;

	memset(r, 0, sizeof(*r));
	r->op = mt_strdup(mt_ir_str_get(m, op->name));
	r->sym = op->sym ? mt_strdup(mt_ir_str_get(m, op->sym)) : NULL;
	for (k = op->parent; k != MT_IR_NONE; k = m->ops[k].parent)
		if ((m->ops[k].flags & MT_IR_OP_SYMDEF) && m->ops[k].sym) {
			r->func = mt_strdup(mt_ir_str_get(m, m->ops[k].sym));
			break;
		}
	r->device = mt_strdup(mt_ir_str_get(m, op->device));
	r->line = op->line;
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

void ir_opref_release(mt_ir_opref *r)
{
	size_t k;

	free(r->op);
	free(r->sym);
	free(r->func);
	free(r->device);
	for (k = 0; k < r->nlocs; k++)
		free(r->locs[k]);
	free(r->locs);
	memset(r, 0, sizeof(*r));
}

void ir_count_add(mt_ir_count **items,
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

int ir_count_cmp(const void *x, const void *y)
{
	return strcmp(((const mt_ir_count *)x)->name,
	              ((const mt_ir_count *)y)->name);
}

/* Whether op i of m is named name. */
int ir_name_is(const mt_ir_module *m, uint32_t i, const char *name)
{
	return !strcmp(mt_ir_str_get(m, m->ops[i].name), name);
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

		out->located += op->loc < m->nlocs && m->locs[op->loc].n;
		byname[op->name < nstr ? op->name : nstr]++;
		bydev[op->device < nstr ? op->device : nstr]++;
		if (trace && mt_ir_op_at(m, i, trace)) {
			snprintf(buf, sizeof(buf), "%.200s@%.40s",
			         mt_ir_str_get(m, op->name),
			         mt_ir_str_get(m, op->device));
			ir_count_add(&out->trace, &out->ntrace, &capt, buf, 1);
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
		ir_count_add(&out->by_dialect, &out->ndialect, &capd, buf,
		             byname[i]);
	}
	for (i = 0; i <= nstr; i++)
		if (bydev[i])
			ir_count_add(&out->by_device, &out->ndevice, &capv,
			             mt_ir_str_get(m, (mt_ir_str)i), bydev[i]);
	free(byname);
	free(bydev);
	if (out->ndialect)
		qsort(out->by_dialect, out->ndialect, sizeof(mt_ir_count),
		      ir_count_cmp);
	if (out->ndevice)
		qsort(out->by_device, out->ndevice, sizeof(mt_ir_count),
		      ir_count_cmp);
}

void ir_counts_free(mt_ir_count *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(c[i].name);
	free(c);
}

void mt_ir_stats_release(mt_ir_stats *s)
{
	ir_counts_free(s->by_dialect, s->ndialect);
	ir_counts_free(s->by_device, s->ndevice);
	ir_counts_free(s->trace, s->ntrace);
	memset(s, 0, sizeof(*s));
}

void mt_ir_transition_release(mt_ir_transition *t)
{
	size_t i, k;

	for (i = 0; i < t->nfusions; i++) {
		ir_opref_release(&t->fusions[i].into);
		for (k = 0; k < t->fusions[i].nfrom; k++)
			ir_opref_release(&t->fusions[i].from[k]);
		free(t->fusions[i].from);
	}
	free(t->fusions);
	for (i = 0; i < t->nplacements; i++) {
		ir_opref_release(&t->placements[i].op);
		free(t->placements[i].from);
		free(t->placements[i].to);
	}
	free(t->placements);
	for (i = 0; i < t->ntransfers; i++) {
		ir_opref_release(&t->transfers[i].op);
		free(t->transfers[i].from);
		free(t->transfers[i].to);
	}
	free(t->transfers);
	for (i = 0; i < t->nlowerings; i++) {
		ir_opref_release(&t->lowerings[i].at);
		ir_counts_free(t->lowerings[i].from, t->lowerings[i].nfrom);
		ir_counts_free(t->lowerings[i].to, t->lowerings[i].nto);
	}
	free(t->lowerings);
	for (i = 0; i < t->nkernels; i++) {
		free(t->kernels[i].kernel);
		ir_opref_release(&t->kernels[i].from);
		ir_opref_release(&t->kernels[i].to);
	}
	free(t->kernels);
	for (i = 0; i < t->noutlinings; i++) {
		ir_opref_release(&t->outlinings[i].from);
		ir_opref_release(&t->outlinings[i].to);
		for (k = 0; k < t->outlinings[i].nmoved; k++)
			ir_opref_release(&t->outlinings[i].ops[k]);
		free(t->outlinings[i].ops);
	}
	free(t->outlinings);
	for (i = 0; i < t->nfuncs; i++) {
		free(t->funcs[i].func);
		free(t->funcs[i].into);
		free(t->funcs[i].vtype);
		ir_opref_release(&t->funcs[i].at);
	}
	free(t->funcs);
	ir_counts_free(t->trace, t->ntrace);
	memset(t, 0, sizeof(*t));
}

void ir_transition_trim(mt_ir_transition *t)
{
	size_t i;

	MT_SHRINK(t->fusions, t->nfusions, t->cap_fusions);
	MT_SHRINK(t->placements, t->nplacements, t->cap_placements);
	MT_SHRINK(t->transfers, t->ntransfers, t->cap_transfers);
	MT_SHRINK(t->lowerings, t->nlowerings, t->cap_lowerings);
	MT_SHRINK(t->kernels, t->nkernels, t->cap_kernels);
	MT_SHRINK(t->outlinings, t->noutlinings, t->cap_outlinings);
	MT_SHRINK(t->trace, t->ntrace, t->cap_trace);
	MT_SHRINK(t->funcs, t->nfuncs, t->cap_funcs);
	/* the op lists of lowerings keep no capacity: size them to fit */
	for (i = 0; i < t->nlowerings; i++) {
		mt_ir_lowering *l = &t->lowerings[i];

		if (l->nfrom)
			l->from = mt_realloc(l->from,
			                     l->nfrom * sizeof(*l->from));
		if (l->nto)
			l->to = mt_realloc(l->to, l->nto * sizeof(*l->to));
	}
}

void ir_trace_add(ir_differ *D,
                  const mt_ir_module *m,
                  uint32_t i,
                  const char *what)
{
	char buf[300];

	snprintf(buf, sizeof(buf), "%.200s %s",
	         mt_ir_str_get(m, m->ops[i].name), what);
	ir_count_add(&D->t->trace, &D->t->ntrace, &D->t->cap_trace, buf, 1);
}
