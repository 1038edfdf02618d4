/*
 * cut.c - an op cut out of a tree file with the alias definitions it
 * needs: a scope's input written by an enclosing scope's pass, or its op
 * in a module-scope file. A file many stages are cut from is scanned
 * once for all of them (ir_cutindex), and a cut to be parsed keeps only
 * the alias lines its op refers to, directly or through kept ones.
 */
#include "input_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

/* ---- the aliases an op refers to ---- */

/* Call fn for each #name of [p, e) outside strings, with its hash. */
static void alias_refs(const char *p,
                       const char *e,
                       void (*fn)(void *arg, uint32_t h),
                       void *arg)
{
	while (p < e) {
		const char *q;

		if (*p == '"') {
			p = ir_past_string(p, e);
			continue;
		}
		if (*p != '#') {
			for (p++; p < e && *p != '"' && *p != '#'; p++)
				;
			continue;
		}
		for (q = p + 1; q < e && ir_is_suffix_char(*q); q++)
			;
		if (q > p + 1)
			fn(arg,
			   (uint32_t)ir_name_hash(p + 1, (size_t)(q - p - 1)));
		p = q;
	}
}

/*
 * A file's alias definition lines ('#' in column 0): a lean cut keeps
 * only those its op refers to, directly or through the ones it keeps.
 * 8 bytes a line (a module dump holds a million location aliases): a
 * 32-bit name hash, whose collisions only keep a line more, and a 32-bit
 * offset; a larger file is cut with all its aliases.
 */
typedef struct aline {
	uint32_t h; /* hash of the name; 0: none (always kept) */
	uint32_t start;
} aline;

typedef struct atab {
	aline *v; /* in file order, or sorted by (h, start) */
	size_t n;
	const char *base, *end; /* the file */
} atab;

static uint32_t alias_hash(const char *p, const char *e)
{
	const char *q = p + 1;

	while (q < e && ir_is_suffix_char(*q))
		q++;
	return q > p + 1 ? (uint32_t)ir_name_hash(p + 1, (size_t)(q - p - 1))
	                 : 0;
}

/* The alias lines of the ranges (start, end pairs) of the file [base,
 * base + len), in file order. */
static void atab_build(
        atab *t, const char *base, size_t len, const size_t *runs, size_t nruns)
{
	size_t i, pass, n = 0;

	memset(t, 0, sizeof(*t));
	t->base = base;
	t->end = base + len;
	for (pass = 0; pass < 2; pass++) {
		n = 0;
		for (i = 0; i < nruns; i += 2) {
			const char *p = base + runs[i],
			           *end = base + runs[i + 1];

			while (p < end) {
				const char *e = ir_line_end(p, end);

				if (*p == '#' && pass) {
					t->v[n].h = alias_hash(p, e);
					t->v[n].start = (uint32_t)(p - base);
				}
				n += *p == '#';
				p = e;
			}
		}
		if (!pass)
			t->v = mt_calloc(n + 1, sizeof(*t->v));
	}
	t->n = n;
}

static int aline_cmp(const void *x, const void *y)
{
	const aline *a = x, *b = y;

	if (a->h != b->h)
		return a->h < b->h ? -1 : 1;
	return (a->start > b->start) - (a->start < b->start);
}

static void atab_release(atab *t)
{
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/* What a lean cut keeps: lines (indices in t), and the names seen. */
typedef struct keeping {
	const atab *t;
	mt_map names; /* names referred to so far */
	uint32_t *work; /* sorted table: lines kept, their names not read */
	size_t nw, capw;
	size_t *kept; /* their offsets */
	size_t nk, capk;
} keeping;

/* A name referred to: in a sorted table, keep its lines now. */
static void keep_sorted(void *arg, uint32_t h)
{
	keeping *K = arg;
	size_t a = 0, b = K->t->n;
	int found;

	mt_map_slot(&K->names, (uint64_t)h + 1, 1, &found);
	if (found)
		return;
	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (K->t->v[mid].h < h)
			a = mid + 1;
		else
			b = mid;
	}
	for (; a < K->t->n && K->t->v[a].h == h; a++) {
		MT_PUSH(K->work, K->nw, K->capw, (uint32_t)a);
		MT_PUSH(K->kept, K->nk, K->capk, K->t->v[a].start);
	}
}

static void keep_name(void *arg, uint32_t h)
{
	keeping *K = arg;
	int found;

	mt_map_slot(&K->names, (uint64_t)h + 1, 1, &found);
}

static int size_cmp(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return (a > b) - (a < b);
}

/* The alias lines of one cut of the file base (alias lines in the
 * ranges, start-end pairs) that [op, op_e) refers to, into K->kept: no
 * table, but passes from the last line to the first, each keeping the
 * lines named by what is kept (mlir-opt defines an alias before the
 * aliases that use it, so a second pass finds nothing new). Returns 0
 * if a third pass still found new names (aliases that refer to ones
 * defined after them: a pass each, quadratic in a hostile file; the
 * caller takes a table instead). */
static int keep_once(keeping *K,
                     const char *base,
                     const size_t *runs,
                     size_t nruns,
                     const char *op,
                     const char *op_e)
{
	mt_map done; /* offset + 1 of each kept line */
	size_t r, before;
	int pass = 0;

	mt_map_init(&done, 64);
	if (op)
		alias_refs(op, op_e, keep_name, K);
	do {
		if (pass++ == 3)
			break;
		before = K->names.count;
		for (r = nruns; r >= 2; r -= 2) {
			const char *lo = base + runs[r - 2],
			           *q = base + runs[r - 1];

			while (q > lo) { /* the line [s, q) */
				const char *s =
				        q - 1 > lo
				                ? memrchr(lo, '\n',
				                          (size_t)(q - 1 - lo))
				                : NULL;
				uint32_t h;
				int found;

				s = s ? s + 1 : lo;
				h = *s == '#' ? alias_hash(s, q) : 0;
				if (*s == '#' &&
				    (!h ||
				     mt_map_get(&K->names, (uint64_t)h + 1) !=
				             MT_MAP_NONE)) {
					mt_map_slot(&done,
					            (uint64_t)(s - base) + 1, 1,
					            &found);
					if (!found) {
						MT_PUSH(K->kept, K->nk, K->capk,
						        (size_t)(s - base));
						alias_refs(s, q, keep_name, K);
					}
				}
				q = s;
			}
		}
	} while (K->names.count != before);
	mt_map_release(&done);
	return pass <= 3;
}

/*
 * Append the alias lines of the file [base, base + len) that [op, op_e)
 * refers to, transitively, and the lines without a name, in file order:
 * through t, the file's sorted table (a file cut many times), or else
 * by keep_once over the ranges of alias lines.
 */
static void put_lean(mt_buf *out,
                     const atab *t,
                     const char *base,
                     size_t len,
                     const size_t *runs,
                     size_t nruns,
                     const char *op,
                     const char *op_e)
{
	keeping K;
	atab own;
	size_t i;

	memset(&K, 0, sizeof(K));
	memset(&own, 0, sizeof(own));
	mt_map_init(&K.names, 64);
	if (!t && !keep_once(&K, base, runs, nruns, op, op_e)) {
		/* forward references: the table's worklist, once */
		atab_build(&own, base, len, runs, nruns);
		if (own.n)
			qsort(own.v, own.n, sizeof(*own.v), aline_cmp);
		t = &own;
		mt_map_release(&K.names);
		mt_map_init(&K.names, 64);
		K.nk = 0;
	}
	if (t) {
		K.t = t;
		keep_sorted(&K, 0);
		if (op)
			alias_refs(op, op_e, keep_sorted, &K);
		while (K.nw) {
			const char *p = t->base + t->v[K.work[--K.nw]].start;

			alias_refs(p, ir_line_end(p, t->end), keep_sorted, &K);
		}
	}
	if (K.nk)
		qsort(K.kept, K.nk, sizeof(*K.kept), size_cmp);
	for (i = 0; i < K.nk; i++) {
		const char *p = base + K.kept[i];

		mt_buf_put(out, p, (size_t)(ir_line_end(p, base + len) - p));
	}
	mt_map_release(&K.names);
	free(K.work);
	free(K.kept);
	atab_release(&own);
}

struct ir_aliastab {
	atab t;
	size_t *other; /* the runs' lines that define no alias, in order */
	size_t nother, cap_other;
};

ir_aliastab *
ir_aliastab_new(const char *base, size_t len, const size_t *runs, size_t nruns)
{
	ir_aliastab *x = mt_calloc(1, sizeof(*x));

	size_t i;

	atab_build(&x->t, base, len, runs, nruns);
	if (x->t.n)
		qsort(x->t.v, x->t.n, sizeof(*x->t.v), aline_cmp);
	for (i = 0; i + 1 < nruns; i += 2) {
		const char *p = base + runs[i], *end = base + runs[i + 1];

		for (; p < end; p = ir_line_end(p, end))
			if (*p != '#')
				MT_PUSH(x->other, x->nother, x->cap_other,
				        (size_t)(p - base));
	}
	return x;
}

void ir_aliastab_free(ir_aliastab *x)
{
	if (!x)
		return;
	atab_release(&x->t);
	free(x->other);
	free(x);
}

size_t *ir_aliastab_refs(ir_aliastab *x,
                         const char *base,
                         size_t len,
                         const char *p,
                         const char *e,
                         size_t *n)
{
	keeping K;
	size_t i;

	memset(&K, 0, sizeof(K));
	mt_map_init(&K.names, 64);
	x->t.base = base; /* the same file, mapped anew */
	x->t.end = base + len;
	K.t = &x->t;
	keep_sorted(&K, 0);
	alias_refs(p, e, keep_sorted, &K);
	while (K.nw) {
		const char *q = x->t.base + x->t.v[K.work[--K.nw]].start;

		alias_refs(q, ir_line_end(q, x->t.end), keep_sorted, &K);
	}
	for (i = 0; i < x->nother; i++)
		MT_PUSH(K.kept, K.nk, K.capk, x->other[i]);
	if (K.nk)
		qsort(K.kept, K.nk, sizeof(*K.kept), size_cmp);
	mt_map_release(&K.names);
	free(K.work);
	*n = K.nk;
	return K.kept;
}

int ir_capture_cut(mt_buf *out, const char *p, size_t len, const char *scope)
{
	const char *end = p + len, *op_e = end;
	const char *op = ir_find_path(p, &op_e, scope);

	/* the file's alias definitions, then the op */
	while (p < end) {
		const char *e = ir_line_end(p, end);

		if (op && p == op)
			e = op_e;
		else if (*p == '#')
			mt_buf_put(out, p, (size_t)(e - p));
		p = e;
	}
	if (op)
		mt_buf_put(out, op, (size_t)(op_e - op));
	return op != NULL;
}

/* ---- cutting many ops out of one file ---- */

/* A scope asked for, directly inside the file's op: the first
 * component of a stage's cut (borrowed from the stage). */
typedef struct cutwant {
	uint64_t h; /* hash of name[0, n) */
	const char *name;
	size_t n;
	size_t start, end; /* its op; start == SIZE_MAX: not there */
} cutwant;

struct ir_cutindex {
	cutwant *wants; /* sorted by h (and name) once built */
	size_t nwants, cap_wants;
	/* filled by the first cut: where the wanted ops are, and the runs
	 * of alias lines ('#' in column 0) of the whole file */
	int built;
	size_t len; /* the file's length then */
	size_t *runs; /* start, end pairs */
	size_t nruns, cap_runs;
	/* the alias lines by name, for lean cuts, made by the first one
	 * when the file is cut often (a module dump every function's
	 * input comes from); else each lean cut scans the runs */
	size_t ncuts; /* ir_cutindex_want calls */
	int have_names;
	atab names;
};

ir_cutindex *ir_cutindex_new(void)
{
	return mt_calloc(1, sizeof(ir_cutindex));
}

void ir_cutindex_free(ir_cutindex *x)
{
	if (!x)
		return;
	free(x->wants);
	free(x->runs);
	if (x->have_names)
		atab_release(&x->names);
	free(x);
}

void ir_cutindex_want(ir_cutindex *x, const char *scope)
{
	const char *sl = strchr(scope, '/');
	cutwant w;

	w.name = scope;
	w.n = sl ? (size_t)(sl - scope) : strlen(scope);
	w.h = mt_hash_bytes(MT_HASH_SEED, w.name, w.n);
	w.start = w.end = SIZE_MAX;
	MT_PUSH(x->wants, x->nwants, x->cap_wants, w);
	x->ncuts++;
}

static int want_cmp(const void *a, const void *b)
{
	const cutwant *x = a, *y = b;
	size_t n = x->n < y->n ? x->n : y->n;
	int c;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	c = memcmp(x->name, y->name, n);
	return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* The want named name[0, n) of a built index, or NULL. */
static cutwant *cut_want(ir_cutindex *x, const char *name, size_t n)
{
	uint64_t h = mt_hash_bytes(MT_HASH_SEED, name, n);
	size_t a = 0, b = x->nwants;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (x->wants[mid].h < h)
			a = mid + 1;
		else
			b = mid;
	}
	for (; a < x->nwants && x->wants[a].h == h; a++)
		if (x->wants[a].n == n && !memcmp(x->wants[a].name, name, n))
			return &x->wants[a];
	return NULL;
}

/* One pass over the file: the wanted ops directly inside its op (the
 * first of each name, as find_scope takes it) and its alias lines. */
static void cut_build(ir_cutindex *x, const char *t, size_t len)
{
	const char *end = t + len, *p, *skip = t, *run = NULL;
	mt_buf key = MT_BUF_INIT, name = MT_BUF_INIT;
	size_t top = 0, i, k;
	const char *root = ir_first_op(t, end, &key, &top);

	x->built = 1;
	x->len = len;
	if (x->nwants) /* sorted, each name once */
		qsort(x->wants, x->nwants, sizeof(*x->wants), want_cmp);
	for (i = k = 0; i < x->nwants; i++)
		if (!k || want_cmp(&x->wants[k - 1], &x->wants[i]))
			x->wants[k++] = x->wants[i];
	x->nwants = k;
	for (p = t; p < end;) {
		const char *e = ir_line_end(p, end);
		size_t in;

		if (*p == '#' && !run)
			run = p;
		if (*p != '#' && run) {
			MT_PUSH(x->runs, x->nruns, x->cap_runs,
			        (size_t)(run - t));
			MT_PUSH(x->runs, x->nruns, x->cap_runs,
			        (size_t)(p - t));
			run = NULL;
		}
		in = ir_line_indent(p, e);
		if (root && p > root && p >= skip && in == top + 2 &&
		    p[in] != '}') {
			cutwant *w = NULL;

			skip = ir_op_end(p, end, in);
			if (ir_line_key(p, e, &key)) {
				ir_scope_name(&name, &key);
				w = cut_want(x, name.ptr, name.len);
			}
			if (w && w->start == SIZE_MAX) {
				w->start = (size_t)(p - t);
				w->end = (size_t)(skip - t);
			}
		}
		p = e;
	}
	if (run) {
		MT_PUSH(x->runs, x->nruns, x->cap_runs, (size_t)(run - t));
		MT_PUSH(x->runs, x->nruns, x->cap_runs, len);
	}
	mt_buf_release(&key);
	mt_buf_release(&name);
}

/* The op of scope in the whole file [p, p + len), through x (if not
 * NULL): NULL if there is none; *op_e gets its end. */
static const char *cut_find(ir_cutindex *x,
                            const char *p,
                            size_t len,
                            const char *scope,
                            const char **op_e)
{
	const char *sl = strchr(scope, '/'), *op;
	const cutwant *w;

	if (x && !x->built)
		cut_build(x, p, len);
	w = x && x->len == len
	            ? cut_want(x, scope,
	                       sl ? (size_t)(sl - scope) : strlen(scope))
	            : NULL;
	*op_e = p + len;
	if (!w || w->start == SIZE_MAX) /* not among the ops indexed */
		return ir_find_path(p, op_e, scope);
	op = p + w->start;
	*op_e = p + w->end;
	return sl ? ir_find_path(op, op_e, sl + 1) : op;
}

int ir_capture_cut_at(mt_buf *out,
                      ir_cutindex *x,
                      const char *p,
                      size_t len,
                      const char *scope,
                      int lean)
{
	const char *op_e, *op = cut_find(x, p, len, scope, &op_e);
	int indexed = x && x->len == len;
	size_t i;

	if (len > UINT32_MAX)
		lean = 0;
	if (lean && indexed && !x->have_names && x->ncuts > 2) {
		atab_build(&x->names, p, len, x->runs, x->nruns);
		if (x->names.n)
			qsort(x->names.v, x->names.n, sizeof(*x->names.v),
			      aline_cmp);
		x->have_names = 1;
	}
	if (lean && indexed && x->have_names) {
		x->names.base = p; /* the same file, mapped anew */
		x->names.end = p + len;
		put_lean(out, &x->names, p, len, NULL, 0, op, op_e);
	} else if (lean) {
		size_t whole[2];

		whole[0] = 0;
		whole[1] = len;
		if (indexed)
			put_lean(out, NULL, p, len, x->runs, x->nruns, op,
			         op_e);
		else
			put_lean(out, NULL, p, len, whole, 2, op, op_e);
	} else if (indexed) {
		/* an op starts no alias line: every run is outside it */
		for (i = 0; i < x->nruns; i += 2)
			mt_buf_put(out, p + x->runs[i],
			           x->runs[i + 1] - x->runs[i]);
	} else {
		return ir_capture_cut(out, p, len, scope);
	}
	if (op)
		mt_buf_put(out, op, (size_t)(op_e - op));
	return op != NULL;
}
