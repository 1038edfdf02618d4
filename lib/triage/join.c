/*
 * join.c - crash <-> IR. A MAX error names a kernel ("An error occurred
 * in kernel named X"), an op log names the ops in flight, a frame names a
 * function; the compiler's stages name ops, symbols and fusions. A key
 * matches an op when it is the op's name or symbol, the last part of the
 * name ("matmul_add" for "mo.composite.matmul_add"), or, for keys of four
 * characters or more, a part of either.
 */
#include "maxtriage/join.h"

#include <stdlib.h>
#include <string.h>

static int key_matches(const char *key, const char *name, const char *sym)
{
	const char *dot;
	size_t kl = strlen(key);

	if (!kl)
		return 0;
	if (name) {
		if (!strcmp(name, key))
			return 1;
		dot = strrchr(name, '.');
		if (dot && !strcmp(dot + 1, key))
			return 1;
		if (kl >= 4 && strstr(name, key))
			return 1;
	}
	if (sym) {
		if (!strcmp(sym, key))
			return 1;
		if (kl >= 4 && strstr(sym, key))
			return 1;
	}
	return 0;
}

static void member_from_opref(mt_join_member *m, const mt_ir_opref *r)
{
	size_t i;

	m->op = mt_strdup(r->op);
	m->sym = r->sym ? mt_strdup(r->sym) : NULL;
	m->device = r->device ? mt_strdup(r->device) : NULL;
	m->nlocs = r->nlocs;
	m->locs = r->nlocs ? mt_calloc(r->nlocs, sizeof(*m->locs)) : NULL;
	for (i = 0; i < r->nlocs; i++)
		m->locs[i] = mt_strdup(r->locs[i]);
}

static void member_release(mt_join_member *m)
{
	size_t i;

	free(m->op);
	free(m->sym);
	free(m->device);
	for (i = 0; i < m->nlocs; i++)
		free(m->locs[i]);
	free(m->locs);
}

static mt_join_hit *new_hit(mt_join *j)
{
	mt_join_hit *h;

	mt_grow((void **)&j->hits, &j->cap, j->nhits + 1, sizeof(*j->hits));
	h = &j->hits[j->nhits++];
	memset(h, 0, sizeof(*h));
	return h;
}

static void find_fusions(mt_join *j, const mt_irdiff_report *rep)
{
	size_t g, s, f, m;

	for (g = 0; g < rep->ngraphs; g++) {
		const mt_irdiff_graph *gr = &rep->graphs[g];

		for (s = 0; s < gr->nsteps; s++) {
			const mt_irdiff_step *st = &gr->steps[s];

			for (f = 0; f < st->t.nfusions; f++) {
				const mt_ir_fusion *fu = &st->t.fusions[f];
				int hit = key_matches(j->key, fu->into.op,
				                      fu->into.sym);
				mt_join_hit *h;

				for (m = 0; !hit && m < fu->nfrom; m++)
					hit = key_matches(j->key,
					                  fu->from[m].op,
					                  fu->from[m].sym);
				if (!hit)
					continue;
				h = new_hit(j);
				h->graph = mt_strdup(gr->graph->name);
				h->fusion = 1;
				h->from_stage = mt_strdup(
				        gr->graph->stages[st->from].name);
				h->to_stage = mt_strdup(
				        gr->graph->stages[st->to].name);
				member_from_opref(&h->op, &fu->into);
				h->nmembers = fu->nfrom;
				h->members =
				        mt_calloc(fu->nfrom ? fu->nfrom : 1,
				                  sizeof(*h->members));
				for (m = 0; m < fu->nfrom; m++)
					member_from_opref(&h->members[m],
					                  &fu->from[m]);
			}
		}
	}
}

/* Most distinct ops reported per key: a key like "add" could match
 * thousands; the first ones are enough to point at the right place. */
#define MAX_OP_HITS 16

static void find_ops(mt_join *j, const mt_ir_input *in)
{
	size_t g, s, i, k;

	for (g = 0; g < in->ngraphs; g++) {
		const mt_ir_graph *gr = &in->graphs[g];
		size_t first_hit = j->nhits;

		for (s = 0; s < gr->nstages; s++) {
			mt_ir_module *mod = NULL;
			mt_error err;
			const mt_ir_op *ops;
			size_t n;

			if (mt_ir_stage_parse(&mod, &gr->stages[s], &err) < 0)
				continue;
			ops = mt_ir_ops(mod);
			n = mt_ir_nops(mod);
			for (i = 0; i < n; i++) {
				const char *name =
				        mt_ir_str_get(mod, ops[i].name);
				const char *sym =
				        ops[i].sym
				                ? mt_ir_str_get(mod, ops[i].sym)
				                : NULL;
				const char *dev =
				        ops[i].device
				                ? mt_ir_str_get(mod,
				                                ops[i].device)
				                : NULL;
				mt_join_hit *h = NULL;

				if (!key_matches(j->key, name, sym))
					continue;
				for (k = first_hit; k < j->nhits; k++)
					if (!j->hits[k].fusion &&
					    !strcmp(j->hits[k].op.op, name) &&
					    !strcmp(j->hits[k].op.sym
					                    ? j->hits[k].op.sym
					                    : "",
					            sym ? sym : ""))
						h = &j->hits[k];
				if (!h) {
					char loc[512];

					if (j->nhits - first_hit >= MAX_OP_HITS)
						continue;
					h = new_hit(j);
					h->graph = mt_strdup(gr->name);
					h->from_stage =
					        mt_strdup(gr->stages[s].name);
					h->op.op = mt_strdup(name);
					h->op.sym = sym ? mt_strdup(sym) : NULL;
					if (ops[i].loc != MT_IR_NONE) {
						mt_ir_loc_format(
						        mod, ops[i].loc, loc,
						        sizeof(loc));
						h->op.locs = mt_calloc(
						        1, sizeof(char *));
						h->op.locs[0] = mt_strdup(loc);
						h->op.nlocs = 1;
					}
				}
				if (!h->to_stage ||
				    strcmp(h->to_stage, gr->stages[s].name)) {
					free(h->to_stage);
					h->to_stage =
					        mt_strdup(gr->stages[s].name);
					h->nstages++;
				}
				free(h->op.device);
				h->op.device = dev ? mt_strdup(dev) : NULL;
			}
			mt_ir_module_free(mod);
		}
	}
}

static void add_key(mt_join_set *s,
                    size_t report,
                    const char *key,
                    const char *source,
                    const mt_ir_input *in,
                    const mt_irdiff_report *rep)
{
	mt_join *j;
	size_t i;

	if (!key || !*key)
		return;
	for (i = 0; i < s->n; i++)
		if (s->joins[i].report == report &&
		    !strcmp(s->joins[i].key, key))
			return;
	mt_grow((void **)&s->joins, &s->cap, s->n + 1, sizeof(*s->joins));
	j = &s->joins[s->n++];
	memset(j, 0, sizeof(*j));
	j->report = report;
	j->key = mt_strdup(key);
	j->source = source;
	find_fusions(j, rep);
	find_ops(j, in);
}

void mt_join_reports(mt_join_set *out,
                     const mt_report *reports,
                     size_t n,
                     const mt_ir_input *in,
                     const mt_irdiff_report *rep)
{
	size_t r, i;

	memset(out, 0, sizeof(*out));
	for (r = 0; r < n; r++) {
		const mt_report *rp = &reports[r];

		add_key(out, r, rp->kernel, "kernel", in, rep);
		add_key(out, r, rp->entry_point, "entry_point", in, rep);
		for (i = 0; i < rp->ninflight; i++)
			add_key(out, r, rp->inflight[i].op, "op_in_flight", in,
			        rep);
		if (rp->blame_frame >= 0) {
			const mt_frame *f = &rp->frames[rp->blame_frame];
			char *d = mt_function_display(f->function);
			const char *last = d ? strrchr(d, ':') : NULL;

			/* "nn::softmax::softmax_kernel" -> "softmax_kernel" */
			add_key(out, r, last ? last + 1 : d, "frame", in, rep);
			free(d);
		}
	}
}

void mt_join_set_release(mt_join_set *s)
{
	size_t i, k, m;

	for (i = 0; i < s->n; i++) {
		mt_join *j = &s->joins[i];

		for (k = 0; k < j->nhits; k++) {
			mt_join_hit *h = &j->hits[k];

			free(h->graph);
			free(h->from_stage);
			free(h->to_stage);
			member_release(&h->op);
			for (m = 0; m < h->nmembers; m++)
				member_release(&h->members[m]);
			free(h->members);
		}
		free(j->hits);
		free(j->key);
	}
	free(s->joins);
	memset(s, 0, sizeof(*s));
}
