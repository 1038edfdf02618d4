/*
 * tree.c - an --mlir-print-ir-tree-dir directory: a graph per scope
 * directory, stages ordered by the files' counters across all scopes,
 * and each scope's previous stage brought up to date from the other
 * scopes' dumps (tree_rebuild) so that a transition shows only what the
 * scope's own pass did.
 */
#include "input_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

/* "0_1_canonicalize.mlir": counters then the pass argument. */
int ir_tree_name(const char *base, const char **pass)
{
	const char *p = base;

	if (!ir_ends_with(base, ".mlir") || !(*p >= '0' && *p <= '9'))
		return 0;
	while (*p >= '0' && *p <= '9') {
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p != '_')
			return 0;
		p++;
	}
	*pass = p;
	return *p != '.';
}

/* Compare counter tuples numerically: "10_0" after "9_3", and a tuple
 * before its extensions ("1_one-shot" ran before "1_3_convert": the
 * nested counter continues within the outer pass that follows). */
static int counter_cmp(const char *a, const char *b)
{
	while (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
		unsigned long x = strtoul(a, (char **)&a, 10);
		unsigned long y = strtoul(b, (char **)&b, 10);

		if (x != y)
			return x < y ? -1 : 1;
		if (*a == '_')
			a++;
		if (*b == '_')
			b++;
	}
	if ((*a >= '0' && *a <= '9') != (*b >= '0' && *b <= '9'))
		return (*a >= '0' && *a <= '9') ? 1 : -1;
	return strcmp(a, b);
}

static int dent_cmp(const void *x, const void *y)
{
	const ir_dent *a = x, *b = y;
	const char *sa = strrchr(a->rel, '/'), *sb = strrchr(b->rel, '/');
	size_t la = sa ? (size_t)(sa - a->rel) : 0;
	size_t lb = sb ? (size_t)(sb - b->rel) : 0;
	int c;

	c = strncmp(a->rel, b->rel, la < lb ? la : lb);
	if (c || la != lb)
		return c ? c : (la < lb ? -1 : 1);
	return counter_cmp(a->base, b->base);
}

/* A stage dump written by the tree printer starts with its header;
 * "Before" dumps are named so. Returns whether the header names the op
 * the pass ran on ("('func.func' operation: @f)"): module-scope
 * printing, where every file holds the whole module. */
static int tree_stage_name(const char *full, const char *pass, mt_buf *out)
{
	const char *nl;

	char head[512];
	FILE *f = fopen(full, "r");
	size_t n = 0;

	mt_buf_clear(out);
	if (f) {
		n = fread(head, 1, sizeof(head) - 1, f);
		fclose(f);
	}
	head[n] = '\0';
	if (!strncmp(head, IR_DUMP_MARK "Before", strlen(IR_DUMP_MARK) + 6))
		mt_buf_puts(out, "before:");
	mt_buf_put(out, pass, strlen(pass) - 5);
	if (strncmp(head, IR_DUMP_MARK, strlen(IR_DUMP_MARK)))
		return 0;
	nl = strchr(head, '\n');
	if (nl)
		head[nl - head] = '\0';
	return strstr(head, "' operation") != NULL;
}

typedef struct staged {
	mt_ir_stage *s;
	const char *base;
	size_t graph;
} staged;

static int staged_cmp(const void *x, const void *y)
{
	return counter_cmp(((const staged *)x)->base,
	                   ((const staged *)y)->base);
}

/* Drop the stages marked (order == 0) from every graph. */
static void drop_unordered(mt_ir_input *in)
{
	size_t g, k, n;

	for (g = 0; g < in->ngraphs; g++) {
		mt_ir_graph *gr = &in->graphs[g];

		for (k = n = 0; k < gr->nstages; k++) {
			if (!ir_src(&gr->stages[k])->order) {
				ir_stage_release(&gr->stages[k]);
				continue;
			}
			gr->stages[n++] = gr->stages[k];
		}
		gr->nstages = n;
	}
}

/* The counters of the file names order the dumps of all scopes. A
 * "before:" dump right after an "after" dump of the same scope is a copy
 * of it (nothing ran in between) and is dropped. */
static void tree_order(mt_ir_input *in)
{
	staged *all = NULL;
	size_t n = 0, cap = 0, g, k, dropped = 0;

	for (g = 0; g < in->ngraphs; g++)
		for (k = 0; k < in->graphs[g].nstages; k++) {
			staged x;
			const char *sl;

			x.s = &in->graphs[g].stages[k];
			x.graph = g;
			sl = strrchr(x.s->path, '/');
			x.base = sl ? sl + 1 : x.s->path;
			MT_PUSH(all, n, cap, x);
		}
	if (n)
		qsort(all, n, sizeof(*all), staged_cmp);
	for (k = 0; k < n; k++) {
		ir_src_w(all[k].s)->order = k + 1;
		if (k && all[k].graph == all[k - 1].graph &&
		    !strncmp(all[k].s->name, "before:", 7) &&
		    strncmp(all[k - 1].s->name, "before:", 7)) {
			all[k].s->src->order = 0;
			dropped++;
		}
	}
	free(all);
	if (dropped)
		drop_unordered(in);
}

/* The graph named name[0, n), or NULL. */
static mt_ir_graph *
graph_find(const mt_ir_input *in, const char *name, size_t n)
{
	uint64_t h = mt_hash_bytes(MT_HASH_SEED, name, n);

	if (!in->priv || !in->priv->index)
		return NULL;
	for (;;) {
		uint32_t i = mt_map_get(in->priv->index, h);

		if (i == MT_MAP_NONE)
			return NULL;
		if (strlen(in->graphs[i].name) == n &&
		    !memcmp(in->graphs[i].name, name, n))
			return &in->graphs[i];
		h = ir_mix(h, 1);
	}
}

/* A dump of the tree, by when it was written. */
typedef struct written {
	size_t order;
	size_t graph, k;
} written;

static int written_cmp(const void *x, const void *y)
{
	size_t a = ((const written *)x)->order, b = ((const written *)y)->order;

	return a < b ? -1 : a > b;
}

/* Whether the scope graph named inner is nested in the one named outer. */
static int nested_in(const char *inner, const char *outer)
{
	size_t n = strlen(outer);

	return !strncmp(inner, outer, n) && inner[n] == '/';
}

static int is_before(const mt_ir_stage *s)
{
	return !strncmp(s->name, "before:", 7);
}

/* A stage made from another scope's dump src, named by its pass. */
static mt_ir_stage made_stage(const mt_ir_stage *src, const char *path)
{
	mt_ir_stage s;

	memset(&s, 0, sizeof(s));
	s.name = mt_strdup(src->name);
	s.path = mt_strdup(path);
	s.len = SIZE_MAX;
	ir_src_w(&s)->order = ir_src(src)->order;
	s.src->foreign = s.src->synthetic = 1;
	return s;
}

/* What tree_rebuild reads: every dump of the tree, by when it was
 * written, and those of the scopes below the graph being rebuilt. */
typedef struct rebuild_ctx {
	const mt_ir_input *in;
	const written *all;
	size_t nall;
	int has_after; /* some dump is an After dump */
	/* indices in all, in order, of the dumps of the scopes below the
	 * graph (a function has none: thousands of siblings' dumps written
	 * between two of its stages are never looked at) */
	const size_t *desc;
	size_t ndesc;
} rebuild_ctx;

/* The first of x->desc written after order lo. */
static size_t desc_after(const rebuild_ctx *x, size_t lo)
{
	size_t a = 0, b = x->ndesc;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (x->all[x->desc[mid]].order <= lo)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

static const mt_ir_stage *written_stage(const rebuild_ctx *x, size_t i)
{
	return &x->in->graphs[x->all[i].graph].stages[x->all[i].k];
}

/* The module graph gr's first stage (k == 0) when nested scopes' dumps
 * were written before it: *out gets the module made of their ops (the
 * first one's whole file with module-scope printing), as for an
 * after-all capture before its first module dump (returns 1); 0 when no
 * nested dump came first, or the stage is a Before dump (that state). */
static int
rebuild_first(mt_ir_stage *out, const rebuild_ctx *x, const mt_ir_graph *gr)
{
	const mt_ir_stage *base = NULL, *last = NULL;
	size_t hi = ir_src(&gr->stages[0])->order, i, np = 0, cap = 0;
	mt_ir_stage *parts = NULL, part;

	for (i = 0; i < x->nall && x->all[i].order < hi; i++) {
		const mt_ir_graph *og = &x->in->graphs[x->all[i].graph];
		const mt_ir_stage *d = written_stage(x, i);

		if (!nested_in(og->name, gr->name))
			continue;
		last = d;
		if (!base) {
			base = d;
			continue;
		}
		/* with module-scope printing the file is the whole module,
		 * cut (d->cut): each scope gives only its op, whatever the
		 * order of sibling scopes' dumps (their counters tie) */
		memset(&part, 0, sizeof(part));
		part.name = mt_strdup(d->name);
		part.path = mt_strdup(d->path);
		part.len = SIZE_MAX;
		ir_src_w(&part)->cut =
		        ir_src(d)->cut ? mt_strdup(ir_src(d)->cut) : NULL;
		MT_PUSH(parts, np, cap, part);
	}
	if (!last || is_before(&gr->stages[0])) {
		while (np)
			ir_stage_release(&parts[--np]);
		free(parts);
		return 0;
	}
	*out = made_stage(last, base->path);
	ir_src_w(out)->parts = parts;
	out->src->nparts = np;
	return 1;
}

/* Where stage d (of graph og) has the op of scope name: the cut below
 * the op of its file (the root module's with module-scope printing,
 * og's own otherwise); NULL: the file's op itself. */
static char *
rel_cut(const mt_ir_graph *og, const mt_ir_stage *d, const char *name)
{
	const char *sl = strchr(name, '/');
	size_t n = strlen(og->name);

	if (ir_src(d)->cut)
		return sl ? mt_strdup(sl + 1) : NULL;
	return name[n] == '/' ? mt_strdup(name + n + 1) : NULL;
}

/* One scope directly below the one being rebuilt, and its dumps. */
typedef struct kid {
	const char *comp; /* its directory name (into a graph name) */
	size_t len;
	size_t own; /* index in all of its last dump, or SIZE_MAX */
	size_t deep; /* the first dump below it after that, or SIZE_MAX */
} kid;

typedef struct partlist {
	mt_ir_stage *v;
	size_t n, cap;
} partlist;

static void scope_parts(partlist *o,
                        const rebuild_ctx *x,
                        const char *name,
                        const char *bpath,
                        const char *bcut,
                        size_t lo,
                        size_t hi,
                        int depth);

/* The part for kid c of scope name: its last dump, or (none written
 * since lo) its op in the enclosing base (bpath, bcut), with the dumps
 * of the scopes below it written since put in (scope_parts). */
static mt_ir_stage kid_part(const rebuild_ctx *x,
                            const char *name,
                            const kid *c,
                            const char *bpath,
                            const char *bcut,
                            size_t lo,
                            size_t hi,
                            int depth)
{
	const mt_ir_stage *d =
	        written_stage(x, c->own != SIZE_MAX ? c->own : c->deep);
	mt_buf sub = MT_BUF_INIT, cut = MT_BUF_INIT;
	partlist pl = { NULL, 0, 0 };
	mt_ir_stage p;

	memset(&p, 0, sizeof(p));
	p.name = mt_strdup(d->name);
	p.len = SIZE_MAX;
	mt_buf_printf(&sub, "%s/%.*s", name, (int)c->len, c->comp);
	if (c->own != SIZE_MAX) {
		p.path = mt_strdup(d->path);
		ir_src_w(&p)->cut =
		        ir_src(d)->cut ? mt_strdup(ir_src(d)->cut) : NULL;
		lo = x->all[c->own].order;
	} else {
		if (bcut)
			mt_buf_printf(&cut, "%s/", bcut);
		mt_buf_put(&cut, c->comp, c->len);
		p.path = mt_strdup(bpath);
		ir_src_w(&p)->cut = mt_buf_detach(&cut);
	}
	if (c->deep != SIZE_MAX)
		scope_parts(&pl, x, sub.ptr, p.path, p.src->cut, lo, hi,
		            depth + 1);
	p.src->parts = pl.v;
	p.src->nparts = pl.n;
	p.src->in_base = 1;
	mt_buf_release(&sub);
	return p;
}

/* The kid of name that graph og (nested in it) is or is below: found in
 * kids (by the hash of its directory name) or added. *direct: og is it. */
static kid *kid_of(kid **kids,
                   size_t *nkids,
                   size_t *cap,
                   mt_map *at,
                   const char *name,
                   const mt_ir_graph *og,
                   int *direct)
{
	const char *rest = og->name + strlen(name) + 1, *sl = strchr(rest, '/');
	size_t len = sl ? (size_t)(sl - rest) : strlen(rest);
	uint64_t h = mt_hash_bytes(MT_HASH_SEED, rest, len);
	kid k;

	*direct = sl == NULL;
	for (;;) {
		int found;
		size_t slot = mt_map_slot(at, h, (uint32_t)*nkids, &found);
		uint32_t i = *mt_map_val(at, slot);

		if (!found)
			break;
		if ((*kids)[i].len == len &&
		    !memcmp((*kids)[i].comp, rest, len))
			return &(*kids)[i];
		h = ir_mix(h, 1);
	}
	k.comp = rest;
	k.len = len;
	k.own = k.deep = SIZE_MAX;
	MT_PUSH(*kids, *nkids, *cap, k);
	return &(*kids)[*nkids - 1];
}

/*
 * The parts that bring scope name, as the base (bpath, bcut) written at
 * order lo shows it, up to just before order hi: the dumps of the scopes
 * directly below it written in (lo, hi), in order, each as it was
 * written (the composer keeps each op's latest); where scopes below one
 * of them were dumped after its last dump (or it has none there), its
 * part is that scope's op rebuilt the same way, one level down.
 */
static void scope_parts(partlist *o,
                        const rebuild_ctx *x,
                        const char *name,
                        const char *bpath,
                        const char *bcut,
                        size_t lo,
                        size_t hi,
                        int depth)
{
	size_t first = desc_after(x, lo), j, i, nkids = 0, cap = 0;
	kid *kids = NULL;
	mt_map at;
	int pass, direct;

	if (depth > 32 || first == x->ndesc)
		return;
	mt_map_init(&at, 16);
	for (pass = 0; pass < 2; pass++)
		for (j = first;
		     j < x->ndesc && x->all[i = x->desc[j]].order < hi; j++) {
			const mt_ir_graph *og = &x->in->graphs[x->all[i].graph];
			const mt_ir_stage *d = written_stage(x, i);
			mt_ir_stage p;
			kid *c;

			if (!nested_in(og->name, name))
				continue;
			c = kid_of(&kids, &nkids, &cap, &at, name, og, &direct);
			if (!pass) { /* what each kid has */
				if (direct)
					c->own = i;
				if (direct)
					c->deep = SIZE_MAX;
				else if (c->deep == SIZE_MAX)
					c->deep = i;
				continue;
			}
			if (direct && (i != c->own || c->deep == SIZE_MAX)) {
				memset(&p, 0, sizeof(p));
				p.name = mt_strdup(d->name);
				p.path = mt_strdup(d->path);
				p.len = SIZE_MAX;
				ir_src_w(&p)->cut =
				        ir_src(d)->cut
				                ? mt_strdup(ir_src(d)->cut)
				                : NULL;
			} else if (direct ||
			           (c->own == SIZE_MAX && i == c->deep)) {
				/* kids moves no more: pass 1 adds none */
				p = kid_part(x, name, c, bpath, bcut, lo, hi,
				             depth);
			} else {
				continue;
			}
			MT_PUSH(o->v, o->n, o->cap, p);
		}
	mt_map_release(&at);
	free(kids);
}

/* The latest dump nested in scope name written in (lo, hi), or NULL. */
static const mt_ir_stage *
last_nested(const rebuild_ctx *x, const char *name, size_t lo, size_t hi)
{
	size_t j = desc_after(x, hi - 1);

	while (j-- > 0 && x->all[x->desc[j]].order > lo)
		if (nested_in(x->in->graphs[x->all[x->desc[j]].graph].name,
		              name))
			return written_stage(x, x->desc[j]);
	return NULL;
}

/*
 * Stage k of graph gr brought up to date (see tree_rebuild): *out gets
 * the op as the passes of other scopes written since stage k - 1 left it
 * (returns 1), or nothing (returns 0; *foreign set when stage k, a
 * Before dump, already is that state).
 */
static int rebuild_stage(mt_ir_stage *out,
                         int *foreign,
                         const rebuild_ctx *x,
                         const mt_ir_graph *gr,
                         size_t k,
                         const mt_ir_graph *const *anc,
                         size_t nanc)
{
	const mt_ir_stage *cur = &gr->stages[k], *src = NULL, *last;
	const mt_ir_stage *prev = k ? &gr->stages[k - 1] : NULL;
	const mt_ir_graph *srcg = NULL;
	size_t lo = prev ? ir_src(prev)->order : 0, hi = ir_src(cur)->order;
	size_t i, j;
	partlist pl = { NULL, 0, 0 };
	const char *bpath;
	char *bcut;

	/* the latest dump of an enclosing scope since stage k - 1 */
	for (i = 0; i < nanc; i++)
		for (j = 0; j < anc[i]->nstages; j++) {
			const mt_ir_stage *d = &anc[i]->stages[j];

			if (ir_src(d)->order > lo && ir_src(d)->order < hi &&
			    (!src || ir_src(d)->order > ir_src(src)->order)) {
				src = d;
				srcg = anc[i];
			}
		}
	if (!src && !prev) {
		if (strchr(gr->name, '/') ||
		    strncmp(gr->name, "builtin_module", 14))
			return 0;
		return rebuild_first(out, x, gr);
	}
	bpath = src ? src->path : prev->path;
	bcut = src ? rel_cut(srcg, src, gr->name)
	           : (ir_src(prev)->cut ? mt_strdup(ir_src(prev)->cut) : NULL);
	if (src)
		lo = ir_src(src)->order;
	scope_parts(&pl, x, gr->name, bpath, bcut, lo, hi, 0);
	if ((!src && !pl.n) || is_before(cur)) {
		*foreign = (src || pl.n) && k && x->has_after;
		while (pl.n)
			ir_stage_release(&pl.v[--pl.n]);
		free(pl.v);
		free(bcut);
		return 0;
	}
	last = pl.n ? last_nested(x, gr->name, lo, hi) : src;
	*out = made_stage(last, bpath);
	ir_src_w(out)->cut = bcut;
	out->src->parts = pl.v;
	out->src->nparts = pl.n;
	out->src->in_base = pl.n != 0;
	return 1;
}

/* Per graph, the dumps (indices in all, in order) of the scopes below it. */
typedef struct desclists {
	size_t **v, *n, *cap;
} desclists;

static void tree_descendants(desclists *dl,
                             const mt_ir_input *in,
                             const written *all,
                             size_t nall)
{
	size_t i;

	dl->v = mt_calloc(in->ngraphs + 1, sizeof(*dl->v));
	dl->n = mt_calloc(in->ngraphs + 1, sizeof(*dl->n));
	dl->cap = mt_calloc(in->ngraphs + 1, sizeof(*dl->cap));
	for (i = 0; i < nall; i++) {
		const char *name = in->graphs[all[i].graph].name;
		const char *sl = strrchr(name, '/');
		size_t n = sl ? (size_t)(sl - name) : 0;

		while (n) { /* every enclosing scope that is a graph */
			const mt_ir_graph *up = graph_find(in, name, n);

			if (up) {
				size_t g = (size_t)(up - in->graphs);

				MT_PUSH(dl->v[g], dl->n[g], dl->cap[g], i);
			}
			while (n && name[n - 1] != '/')
				n--;
			if (n)
				n--;
		}
	}
}

/*
 * Every scope of a tree is its own timeline, but the passes of other
 * scopes change it too: passes on nested ops between two passes of a
 * scope change its op, a pass on an enclosing op changes every op in it.
 * So that each transition shows only what the graph's own pass did (the
 * other scopes' graphs show the rest), the graph's previous stage is
 * brought up to date before it is compared, at any depth:
 * - a scope's After dump written after dumps of scopes below it is
 *   compared with its op rebuilt: its previous dump (or its op cut out of
 *   a newer enclosing dump, below) with each nested op replaced by its
 *   latest dump (as for an after-all capture), itself rebuilt the same
 *   way from the scopes below it that were dumped after it; named by the
 *   last nested pass;
 * - a nested scope's After dump written after an enclosing scope's dump
 *   (its first dump too: its input) is compared with its op cut out of
 *   the latest such dump (named by the pass that wrote it), rebuilt as
 *   above if scopes below it were dumped since;
 * - a Before dump written after other scopes' dumps already is that
 *   state (when After dumps are printed too).
 * Each such stage is foreign: no transition is computed into it.
 */
static void tree_rebuild(mt_ir_input *in)
{
	written *all = NULL;
	size_t nall = 0, cap = 0, g, k;
	mt_ir_stage **fresh = mt_calloc(in->ngraphs + 1, sizeof(*fresh));
	size_t *nfresh = mt_calloc(in->ngraphs + 1, sizeof(*nfresh));
	size_t *capfresh = mt_calloc(in->ngraphs + 1, sizeof(*capfresh));
	rebuild_ctx x;
	desclists dl;

	memset(&x, 0, sizeof(x));
	for (g = 0; g < in->ngraphs; g++)
		for (k = 0; k < in->graphs[g].nstages; k++) {
			written w;

			w.order = ir_src(&in->graphs[g].stages[k])->order;
			w.graph = g;
			w.k = k;
			MT_PUSH(all, nall, cap, w);
			x.has_after |= !is_before(&in->graphs[g].stages[k]);
		}
	if (nall)
		qsort(all, nall, sizeof(*all), written_cmp);
	x.in = in;
	x.all = all;
	x.nall = nall;
	tree_descendants(&dl, in, all, nall);
	for (g = 0; g < in->ngraphs; g++) {
		const mt_ir_graph *gr = &in->graphs[g];
		const char *slash = strrchr(gr->name, '/');
		const mt_ir_graph *anc[40];
		size_t nanc = 0, n;

		for (n = slash ? (size_t)(slash - gr->name) : 0;
		     n && nanc < MT_ARRAY_SIZE(anc);) {
			const mt_ir_graph *up = graph_find(in, gr->name, n);

			if (up)
				anc[nanc++] = up;
			while (n && gr->name[n - 1] != '/')
				n--;
			if (n)
				n--;
		}
		x.desc = dl.v[g];
		x.ndesc = dl.n[g];
		for (k = 0; k < gr->nstages; k++) {
			mt_ir_stage cur = gr->stages[k], made;

			if (rebuild_stage(&made, &ir_src_w(&cur)->foreign, &x,
			                  gr, k, anc, nanc))
				MT_PUSH(fresh[g], nfresh[g], capfresh[g], made);
			MT_PUSH(fresh[g], nfresh[g], capfresh[g], cur);
		}
	}
	for (g = 0; g < in->ngraphs; g++) {
		free(in->graphs[g].stages);
		in->graphs[g].stages = fresh[g];
		in->graphs[g].nstages = nfresh[g];
		in->graphs[g].cap = capfresh[g];
	}
	free(fresh);
	free(nfresh);
	free(capfresh);
	for (g = 0; g < in->ngraphs; g++)
		free(dl.v[g]);
	free(dl.v);
	free(dl.n);
	free(dl.cap);
	free(all);
}

static void cut_stages(mt_ir_stage *s, mt_ir_stage ***v, size_t *n, size_t *cap)
{
	size_t k;

	if (ir_src(s)->cut)
		MT_PUSH(*v, *n, *cap, s);
	for (k = 0; k < ir_src(s)->nparts; k++)
		cut_stages(&s->src->parts[k], v, n, cap);
}

static int cut_path_cmp(const void *x, const void *y)
{
	const mt_ir_stage *a = *(mt_ir_stage *const *)x;
	const mt_ir_stage *b = *(mt_ir_stage *const *)y;
	int c = strcmp(a->path, b->path);

	/* the order within a file is the one they were found in */
	if (c)
		return c;
	return a < b ? -1 : a > b;
}

/* Stages cut from the same file (a module dump every function's input
 * is cut out of; with module-scope printing every file) share an index
 * of it, so that the file is scanned once rather than once per cut. */
static void tree_index_cuts(mt_ir_input *in)
{
	mt_ir_stage **v = NULL;
	size_t n = 0, cap = 0, g, k, i, j;

	for (g = 0; g < in->ngraphs; g++)
		for (k = 0; k < in->graphs[g].nstages; k++)
			cut_stages(&in->graphs[g].stages[k], &v, &n, &cap);
	if (n)
		qsort(v, n, sizeof(*v), cut_path_cmp);
	for (i = 0; i < n; i = j) {
		ir_cutindex *x;

		for (j = i + 1; j < n && !strcmp(v[j]->path, v[i]->path); j++)
			;
		if (j - i < 2)
			continue;
		x = ir_cutindex_new();
		MT_PUSH(ir_input_int(in)->cuts, in->priv->ncuts,
		        in->priv->cap_cuts, x);
		for (k = i; k < j; k++) {
			ir_cutindex_want(x, v[k]->src->cut);
			v[k]->src->cutidx = x;
		}
	}
	free(v);
}

int ir_open_tree(mt_ir_input *in, const char *root, ir_dlist *dl)
{
	mt_buf full = MT_BUF_INIT, name = MT_BUF_INIT;
	size_t i, n = 0;

	in->layout = MT_IR_LAYOUT_TREE;
	if (dl->n)
		qsort(dl->items, dl->n, sizeof(*dl->items), dent_cmp);
	for (i = 0; i < dl->n; i++) {
		const char *pass, *inner;
		const char *slash = strrchr(dl->items[i].rel, '/');
		mt_ir_stage *s;
		int whole;
		size_t sl = slash ? (size_t)(slash - dl->items[i].rel) : 0;

		if (!ir_tree_name(dl->items[i].base, &pass))
			continue;
		mt_buf_clear(&full);
		mt_buf_printf(&full, "%s/%s", root, dl->items[i].rel);
		whole = tree_stage_name(full.ptr, pass, &name);
		s = ir_stage_add(ir_graph_get(in, sl ? dl->items[i].rel : ".",
		                              sl ? sl : 1),
		                 name.ptr, full.ptr, 0, SIZE_MAX);
		/* module-scope printing: a nested scope's file holds the
		 * whole module; the scope's graph is its op, found by its
		 * path below the module ("gpu_module_k/gpu_func_f") */
		inner = sl ? memchr(dl->items[i].rel, '/', sl) : NULL;
		if (whole && inner)
			ir_src_w(s)->cut = mt_strndup(
			        inner + 1,
			        (size_t)(dl->items[i].rel + sl - inner - 1));
		n++;
	}
	mt_buf_release(&full);
	mt_buf_release(&name);
	tree_order(in);
	tree_rebuild(in);
	tree_index_cuts(in);
	return n ? 0 : -1;
}
