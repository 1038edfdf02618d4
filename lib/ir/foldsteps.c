/*
 * foldsteps.c - what repeats across transitions and graphs, folded once
 * for people: a function pass runs once per function of an after-all
 * capture (400 functions: 400 stages and transitions of each pass), and
 * a tree directory holds one graph per function. Transitions into
 * stages of the same pass (on other ops) that found the same rows are
 * one group, printed once with the count of each row over the group and
 * the list of where; the stages of such a pass are one line; graphs
 * that went through the same stages with the same findings are printed
 * once, with the names of the others. The JSON lists every one.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"
#include "maxtriage/irdiff.h"

/* A graph's stages are listed by pass (not one by one) past this many,
 * when some pass ran on several ops. */
#define FOLD_STAGES 32

/* Length of the pass part of a stage name: before " on " (a pass run on
 * one op of a module-scope or after-all dump); the whole name if none. */
static size_t pass_len(const char *name)
{
	const char *on = strstr(name, " on ");

	return on ? (size_t)(on - name) : strlen(name);
}

static int on_some_op(const char *name)
{
	return strstr(name, " on ") != NULL;
}

static int u64cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* What step sp of g found, hashed: its pass (when run on some op; else
 * the step itself: a module pass is a step of its own), whether it
 * changed anything, and its rows (in any order). */
static uint64_t step_key(const mt_irdiff_graph *g, size_t s)
{
	const mt_irdiff_step *sp = &g->steps[s];
	const char *to = g->graph->stages[sp->to].name;
	uint64_t h = mt_hash_u64(MT_HASH_SEED, (uint64_t)sp->t.changed);
	uint64_t *rows = NULL;
	size_t i, n = sp->nfolds;

	if (!on_some_op(to))
		return mt_hash_u64(mt_hash_u64(h, 0x57e9), s);
	h = mt_hash_bytes(h, to, pass_len(to));
	if (n) {
		rows = mt_malloc(n * sizeof(*rows));
		for (i = 0; i < n; i++)
			rows[i] = sp->folds[i].key;
		qsort(rows, n, sizeof(*rows), u64cmp);
		for (i = 0; i < n; i++)
			h = mt_hash_u64(h, rows[i]);
		free(rows);
	}
	return mt_hash_u64(h, n);
}

/* The row of step b that says what row r of step a says. */
static size_t
same_row(const mt_irdiff_step *a, size_t r, const mt_irdiff_step *b)
{
	size_t k;

	for (k = 0; k < b->nfolds; k++)
		if (b->folds[k].key == a->folds[r].key &&
		    b->folds[k].kind == a->folds[r].kind)
			return k;
	return SIZE_MAX;
}

static void counts_add(mt_ir_counts *to, const mt_ir_counts *c)
{
	to->added += c->added;
	to->removed += c->removed;
	to->modified += c->modified;
	to->moved += c->moved;
	to->unchanged += c->unchanged;
}

static void group_steps(mt_irdiff_graph *g)
{
	mt_map at; /* step key -> group */
	size_t s, cap = 0, r;

	g->step_group = mt_calloc(g->nsteps + 1, sizeof(*g->step_group));
	mt_map_init(&at, g->nsteps);
	for (s = 0; s < g->nsteps; s++) {
		int found;
		uint64_t k = step_key(g, s);
		size_t slot = mt_map_slot(&at, k, (uint32_t)g->ngroups, &found);
		size_t gi = found ? *mt_map_val(&at, slot) : g->ngroups;
		mt_irdiff_stepgroup *sg;

		if (!found) {
			mt_irdiff_stepgroup z;

			memset(&z, 0, sizeof(z));
			MT_PUSH(g->groups, g->ngroups, cap, z);
		}
		sg = &g->groups[gi];
		MT_PUSH(sg->steps, sg->n, sg->cap, s);
		g->step_group[s] = gi;
		counts_add(&sg->total, &g->steps[s].t.counts);
	}
	mt_map_release(&at);
	/* each row's instances over the group */
	for (s = 0; s < g->ngroups; s++) {
		mt_irdiff_stepgroup *sg = &g->groups[s];
		const mt_irdiff_step *first = &g->steps[sg->steps[0]];
		size_t i;

		sg->counts = mt_calloc(first->nfolds + 1, sizeof(*sg->counts));
		for (i = 0; i < sg->n; i++) {
			const mt_irdiff_step *sp = &g->steps[sg->steps[i]];

			for (r = 0; r < first->nfolds; r++) {
				size_t k = same_row(first, r, sp);

				if (k != SIZE_MAX)
					sg->counts[r] += sp->folds[k].n;
			}
		}
	}
}

/* The stages of g by pass, when g has many and some pass ran on
 * several ops. */
static void group_passes(mt_irdiff_graph *g)
{
	size_t i, k, cap = 0, several = 0;

	if (g->nstages <= FOLD_STAGES)
		return;
	for (i = 0; i < g->nstages; i++) {
		const char *name = g->stages[i].stage->name;
		size_t n = pass_len(name);
		mt_irdiff_passgroup *pg = NULL;

		for (k = 0; k < g->npassgroups; k++)
			if (strlen(g->passgroups[k].pass) == n &&
			    !memcmp(g->passgroups[k].pass, name, n) &&
			    on_some_op(name) ==
			            on_some_op(g->stages[g->passgroups[k]
			                                         .stages[0]]
			                               .stage->name)) {
				pg = &g->passgroups[k];
				break;
			}
		/* a stage of its own: not run on some op */
		if (!on_some_op(name))
			pg = NULL;
		if (!pg) {
			mt_irdiff_passgroup z;

			memset(&z, 0, sizeof(z));
			z.pass = mt_strndup(name, n);
			MT_PUSH(g->passgroups, g->npassgroups, cap, z);
			pg = &g->passgroups[g->npassgroups - 1];
		}
		MT_PUSH(pg->stages, pg->n, pg->cap, i);
		several |= pg->n > 1;
	}
	if (several)
		return;
	for (k = 0; k < g->npassgroups; k++) {
		free(g->passgroups[k].pass);
		free(g->passgroups[k].stages);
	}
	free(g->passgroups);
	g->passgroups = NULL;
	g->npassgroups = 0;
}

/* What graph g went through and found, hashed: its stage names and the
 * keys of its steps. */
static uint64_t graph_key(const mt_irdiff_graph *g)
{
	uint64_t h = mt_hash_u64(MT_HASH_SEED, g->nstages);
	size_t i;

	for (i = 0; i < g->nstages; i++)
		h = mt_hash_str(h, g->stages[i].stage->name);
	for (i = 0; i < g->nsteps; i++) {
		size_t k;

		h = mt_hash_u64(h, g->steps[i].t.changed);
		for (k = 0; k < g->steps[i].nfolds; k++)
			h = mt_hash_u64(h, g->steps[i].folds[k].key);
	}
	return h;
}

void ir_fold_report(mt_irdiff_report *r)
{
	mt_map at; /* graph key -> first graph like it */
	size_t gi;

	mt_map_init(&at, r->ngraphs);
	for (gi = 0; gi < r->ngraphs; gi++) {
		mt_irdiff_graph *g = &r->graphs[gi];
		int found;
		size_t slot;

		group_steps(g);
		group_passes(g);
		g->like_of = gi;
		/* a graph with one stage says little: it stands alone */
		if (g->nstages < 2)
			continue;
		slot = mt_map_slot(&at, graph_key(g), (uint32_t)gi, &found);
		if (found) {
			g->like_of = *mt_map_val(&at, slot);
			r->graphs[g->like_of].nlike++;
		}
	}
	mt_map_release(&at);
}

void ir_fold_report_release(mt_irdiff_report *r)
{
	size_t gi, k;

	for (gi = 0; gi < r->ngraphs; gi++) {
		mt_irdiff_graph *g = &r->graphs[gi];

		for (k = 0; k < g->ngroups; k++) {
			free(g->groups[k].steps);
			free(g->groups[k].counts);
		}
		free(g->groups);
		free(g->step_group);
		for (k = 0; k < g->npassgroups; k++) {
			free(g->passgroups[k].pass);
			free(g->passgroups[k].stages);
		}
		free(g->passgroups);
	}
}
