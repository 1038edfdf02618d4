/*
 * capture.c - one --mlir-print-ir-after-all capture (stderr of mlir-opt
 * or of any MLIR pass manager) as a timeline of whole-module snapshots.
 *
 * A dump shows the op its pass ran on: the module for a module pass, one
 * function (or gpu.module, ...) for a nested pass unless module-scope
 * printing was asked for. Diffing a function dump with a module dump
 * compares unlike things, so every dump is made a snapshot of the whole
 * module as it stood then: the last module dump with each op dumped
 * since replaced by its latest dump. Before the first module dump there
 * is no module text; the snapshot is then a module holding each dumped
 * op, in the state of its first dump (its input when --mlir-print-ir-
 * before printed it) until a later dump replaces it.
 *
 * Nothing is copied at open: a stage names its dump, and the snapshot's
 * text is put together when the stage is read (ir_capture_compose), from
 * byte ranges of the capture. Each dump numbers its location and
 * attribute aliases (#loc3, #map) on its own, so the aliases of a dump
 * spliced into another are renamed (#loc3 -> #loc3.d17).
 */
#include "ir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

static void put_unqualified(mt_buf *out, const char *s, const char *e)
{
	const char *q;

	for (q = e; q > s + 1; q--)
		if (q[-1] == ':' && q[-2] == ':')
			break;
	mt_buf_put(out, q > s + 1 ? q : s, (size_t)(e - (q > s + 1 ? q : s)));
}

/* A pass as the textual pipeline names it: "cse{opts}" -> "cse",
 * "unknown<NS::Pass>{opts}" (a pass without argument) -> "Pass". */
static void put_pass_arg(mt_buf *out, const char *s, const char *e)
{
	const char *q;

	if ((size_t)(e - s) > 9 && !memcmp(s, "unknown<", 8)) {
		for (q = e; q > s + 8 && q[-1] != '>'; q--)
			;
		if (q > s + 9) {
			put_unqualified(out, s + 8, q - 1);
			return;
		}
	}
	for (q = s; q < e && *q != '{' && *q != ' '; q++)
		;
	mt_buf_put(out, s, (size_t)(q - s));
}

/*
 * A dump header, the text after "IR Dump " up to the trailing
 * "//----- //", as MLIR's IR printer writes it:
 *   LLVM 15-19:  After Canonicalizer (canonicalize)
 *   LLVM 20+:    After Canonicalizer: canonicalize{max-iterations=10 ...}
 *                After CSEPass Failed: cse
 *   no argument: After (anonymous namespace)::ShapeInferencePass ()
 *                After (anonymous namespace)::ShapeInferencePass: unknown<...>
 * each optionally followed by the op the pass ran on, which module-scope
 * printing adds: ('func.func' operation: @main), ('builtin.module'
 * operation). *pass gets the pass argument (else its unqualified class
 * name), *anchor the op ("func.func @main"; empty if not given).
 */
static void dump_header(
        const char *h, const char *e, mt_buf *pass, mt_buf *anchor, int *before)
{
	const char *q, *colon = NULL, *open = NULL;

	mt_buf_clear(pass);
	mt_buf_clear(anchor);
	*before = (size_t)(e - h) > 7 && !memcmp(h, "Before ", 7);
	if (*before)
		h += 7;
	else if ((size_t)(e - h) > 6 && !memcmp(h, "After ", 6))
		h += 6;
	q = memmem(h, (size_t)(e - h), "//----- //", 10);
	if (q)
		e = q;
	while (e > h && (e[-1] == ' ' || e[-1] == '\r'))
		e--;
	/* the anchor: " ('NAME' operation[: @sym])" at the end */
	for (q = e; q > h + 2; q--)
		if (q[-1] == '\'' && q[-2] == '(' && q - 2 > h && q[-3] == ' ')
			break;
	if (q > h + 2 && e[-1] == ')') {
		const char *ne = memchr(q, '\'', (size_t)(e - q));
		const char *at = ne ? memchr(ne, '@', (size_t)(e - ne)) : NULL;

		if (ne && (size_t)(e - ne) > 11 &&
		    !memcmp(ne, "' operation", 11)) {
			mt_buf_put(anchor, q, (size_t)(ne - q));
			if (at) {
				mt_buf_putc(anchor, ' ');
				mt_buf_put(anchor, at, (size_t)(e - 1 - at));
			}
			e = q - 3;
		}
	}
	/* "Name: arg" (LLVM 20+); "::" in a class name is not the colon */
	for (q = h; q + 1 < e; q++) {
		if (q[0] == ':' && q[1] == ':') {
			q++;
			continue;
		}
		if (q[0] == ':' && q[1] == ' ') {
			colon = q;
			break;
		}
	}
	if (colon) {
		for (q = colon + 2; q < e && *q == ' '; q++)
			;
		if (q < e) {
			put_pass_arg(pass, q, e);
			return;
		}
		e = colon;
	}
	/* "Name (arg)" (LLVM 15-19): the last group, closed at the end */
	if (e > h && e[-1] == ')') {
		int depth = 0;

		for (q = e; q-- > h;) {
			if (*q == ')')
				depth++;
			else if (*q == '(' && !--depth)
				break;
		}
		if (q >= h && q > h && q[-1] == ' ')
			open = q;
	}
	if (open && e - open > 2) {
		put_pass_arg(pass, open + 1, e - 1);
		return;
	}
	if (open)
		e = open - 1;
	if (colon && colon < e)
		e = colon;
	if (e - h > 7 && !memcmp(e - 7, " Failed", 7))
		e -= 7;
	put_unqualified(pass, h, e);
}

/* Stage name of a dump: "[before:]pass", plus " on ANCHOR" when the
 * pass ran on another op than the one the dump shows (module scope). */
/* Stage name of a dump: "[before:]pass", plus " on ANCHOR" when the
 * pass ran on another op than the module. */
static void
stage_name(mt_buf *out, const mt_buf *pass, const char *anchor, int before)
{
	mt_buf_clear(out);
	if (before)
		mt_buf_puts(out, "before:");
	mt_buf_put(out, pass->ptr, pass->len);
	if (*anchor && strncmp(anchor, "builtin.module", 14)) {
		mt_buf_puts(out, " on ");
		mt_buf_puts(out, anchor);
	}
}

/* ---- lines of printed MLIR ---- */

static size_t line_indent(const char *p, const char *e)
{
	const char *q = p;

	while (q < e && *q == ' ')
		q++;
	return (size_t)(q - p);
}

static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl + 1 : end;
}

/* Whether line [p, e) starts an op; *out gets its key: the op name and
 * its symbol ("func.func @main", "gpu.module @k", "builtin.module").
 * Alias definitions, comments, block labels and closing braces start
 * none. */
static int line_key(const char *p, const char *e, mt_buf *out)
{
	const char *q = p, *s;

	mt_buf_clear(out);
	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	if (q == e || *q == '\n' || *q == '\r' || *q == '#' || *q == '!' ||
	    *q == '}' || *q == '^' || *q == '{' || *q == ')' ||
	    (*q == '/' && q + 1 < e && q[1] == '/'))
		return 0;
	if (*q == '%') {
		/* results: take the op name after '=' */
		const char *eq = memchr(q, '=', (size_t)(e - q));

		q = eq ? eq + 1 : e;
		while (q < e && *q == ' ')
			q++;
	}
	if (q < e && *q == '"')
		q++;
	s = q;
	while (q < e && *q != ' ' && *q != '(' && *q != '{' && *q != '"' &&
	       *q != '\n' && *q != '<')
		q++;
	if (q == s)
		return 0;
	if ((size_t)(q - s) == 6 && !memcmp(s, "module", 6))
		mt_buf_puts(out, "builtin.module");
	else
		mt_buf_put(out, s, (size_t)(q - s));
	/* visibility keywords may come before the @symbol */
	while (q < e && *q != '@' && *q != '(' && *q != '{' && *q != '\n')
		q++;
	if (q < e && *q == '@') {
		s = q;
		while (q < e && *q != '(' && *q != ' ' && *q != '<' &&
		       *q != '\n' && *q != '{')
			q++;
		mt_buf_putc(out, ' ');
		mt_buf_put(out, s, (size_t)(q - s));
	}
	return 1;
}

/* The op whose first line starts at p, at indentation k, ends before the
 * first later line that is less indented, or as indented and not a '}'
 * or a block label (the printer puts `} else {`, `^bb1:` and the closing
 * brace at the op's own indentation). Blank lines do not end it. */
static const char *op_end(const char *p, const char *end, size_t k)
{
	const char *q = line_end(p, end);

	while (q < end) {
		const char *e = line_end(q, end);
		size_t in = line_indent(q, e);

		if (q + in < e && q[in] != '\n' && q[in] != '\r' &&
		    (in < k || (in == k && q[in] != '}' && q[in] != '^')))
			break;
		q = e;
	}
	return q;
}

/* First op line of a dump body and its key; NULL if none. */
static const char *
first_op(const char *p, const char *end, mt_buf *key, size_t *indent)
{
	while (p < end) {
		const char *e = line_end(p, end);

		if (line_key(p, e, key)) {
			*indent = line_indent(p, e);
			return p;
		}
		p = e;
	}
	return NULL;
}

/* Whether op key ("func.func @main") is what the tree printer names
 * scope ("func_func_main"; no symbol: "..._no-symbol-name"). */
static void scope_name(mt_buf *name, const mt_buf *key)
{
	const char *k;

	mt_buf_clear(name);
	for (k = key->ptr; *k; k++) {
		if (*k == ' ' && k[1] == '@')
			k++;
		mt_buf_putc(name,
		            *k == '.' || *k == ' ' || *k == '@' ? '_' : *k);
	}
	if (!strchr(key->ptr, '@'))
		mt_buf_puts(name, "_no-symbol-name");
}

static int key_is_scope(const mt_buf *key, const char *scope)
{
	mt_buf name = MT_BUF_INIT;
	int same;

	scope_name(&name, key);
	same = !strcmp(name.ptr, scope);
	mt_buf_release(&name);
	return same;
}

/* The op of [lo, hi) that the tree printer names scope: among the ops
 * directly inside the first op of the range (one level deeper), else
 * the first op so named anywhere in it. *op_e gets its end. */
static const char *find_scope(const char *lo,
                              const char *hi,
                              const char *scope,
                              mt_buf *key,
                              const char **op_e)
{
	size_t top = 0;
	const char *root = first_op(lo, hi, key, &top), *p;

	for (p = root ? line_end(root, hi) : hi; p < hi;) {
		const char *e = line_end(p, hi);
		size_t in = line_indent(p, e);

		if (in == top + 2 && line_key(p, e, key) &&
		    key_is_scope(key, scope)) {
			*op_e = op_end(p, hi, in);
			return p;
		}
		/* deeper lines belong to a child already passed */
		p = in == top + 2 && p[in] != '}' ? op_end(p, hi, in) : e;
	}
	for (p = lo; p < hi;) {
		const char *e = line_end(p, hi);

		if (line_key(p, e, key) && key_is_scope(key, scope)) {
			*op_e = op_end(p, hi, line_indent(p, e));
			return p;
		}
		p = e;
	}
	return NULL;
}

/* The op of the path of scopes c ("gpu_module_k/gpu_func_f") in
 * [lo, *op_e): each one's op is looked for inside the one before. NULL
 * if one is not found; else *op_e is the op's end. */
static const char *find_path(const char *lo, const char **op_e, const char *c)
{
	const char *op = NULL;
	mt_buf key = MT_BUF_INIT, name = MT_BUF_INIT;

	while (*c) {
		const char *sl = strchr(c, '/');
		size_t n = sl ? (size_t)(sl - c) : strlen(c);

		mt_buf_clear(&name);
		mt_buf_put(&name, c, n);
		op = find_scope(lo, *op_e, name.ptr, &key, op_e);
		if (!op)
			break;
		lo = op;
		c += n + (sl != NULL);
	}
	mt_buf_release(&key);
	mt_buf_release(&name);
	return op;
}

/* ---- the aliases an op refers to ---- */

/* Past the string that starts at p ('"'): its closing quote, or the
 * newline where it stops unterminated. */
static const char *past_string(const char *p, const char *e)
{
	for (p++; p < e && *p != '"' && *p != '\n'; p++)
		if (*p == '\\' && p + 1 < e)
			p++;
	return p < e ? p + 1 : p;
}

/* Call fn for each #name of [p, e) outside strings, with its hash. */
static void alias_refs(const char *p,
                       const char *e,
                       void (*fn)(void *arg, uint32_t h),
                       void *arg)
{
	while (p < e) {
		const char *q;

		if (*p == '"') {
			p = past_string(p, e);
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
				const char *e = line_end(p, end);

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

			alias_refs(p, line_end(p, t->end), keep_sorted, &K);
		}
	}
	if (K.nk)
		qsort(K.kept, K.nk, sizeof(*K.kept), size_cmp);
	for (i = 0; i < K.nk; i++) {
		const char *p = base + K.kept[i];

		mt_buf_put(out, p, (size_t)(line_end(p, base + len) - p));
	}
	mt_map_release(&K.names);
	free(K.work);
	free(K.kept);
	atab_release(&own);
}

int ir_capture_cut(mt_buf *out, const char *p, size_t len, const char *scope)
{
	const char *end = p + len, *op_e = end;
	const char *op = find_path(p, &op_e, scope);

	/* the file's alias definitions, then the op */
	while (p < end) {
		const char *e = line_end(p, end);

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
	const char *root = first_op(t, end, &key, &top);

	x->built = 1;
	x->len = len;
	if (x->nwants) /* sorted, each name once */
		qsort(x->wants, x->nwants, sizeof(*x->wants), want_cmp);
	for (i = k = 0; i < x->nwants; i++)
		if (!k || want_cmp(&x->wants[k - 1], &x->wants[i]))
			x->wants[k++] = x->wants[i];
	x->nwants = k;
	for (p = t; p < end;) {
		const char *e = line_end(p, end);
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
		in = line_indent(p, e);
		if (root && p > root && p >= skip && in == top + 2 &&
		    p[in] != '}') {
			cutwant *w = NULL;

			skip = op_end(p, end, in);
			if (line_key(p, e, &key)) {
				scope_name(&name, &key);
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
		return find_path(p, op_e, scope);
	op = p + w->start;
	*op_e = p + w->end;
	return sl ? find_path(op, op_e, sl + 1) : op;
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

/* ---- opening a capture ---- */

void ir_capture_free(mt_ir_capture *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++)
		free(c->dumps[i].name);
	free(c->dumps);
	if (c->at_base != IR_NO_DUMP)
		mt_map_release(&c->at);
	free(c->spans);
	free(c->traced);
	free(c);
}

/* Read the dumps of a capture, with their ops and keys; *names gets each
 * dump's stage name (the caller frees them). */
/* Hand the pages of [*done, upto) of a private file mapping back to the
 * kernel (they are read again from the page cache if needed), in steps
 * of 4 MB: a capture is read once here and then stage by stage. */
static void drop_pages(const char **done, const char *upto)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo, hi;

	if ((size_t)(upto - *done) < ((size_t)4 << 20))
		return;
	lo = ((uintptr_t)*done + page - 1) & ~(page - 1);
	hi = (uintptr_t)upto & ~(page - 1);
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_DONTNEED);
	*done = (const char *)hi;
}

static void
scan_dumps(mt_ir_capture *c, const char *p, size_t len, int drop, char ***names)
{
	const char *end = p + len, *q = p, *dropped = p;
	mt_buf pass = MT_BUF_INIT, anchor = MT_BUF_INIT, key = MT_BUF_INIT;
	mt_buf name = MT_BUF_INIT;
	size_t cap_names = 0, nnames = 0;

	while (q < end) {
		const char *h = memmem(q, (size_t)(end - q), IR_DUMP_MARK,
		                       strlen(IR_DUMP_MARK));
		const char *hl, *body, *next, *op;
		ir_dump d;
		size_t indent;

		if (!h)
			break;
		hl = memchr(h, '\n', (size_t)(end - h));
		body = hl ? hl + 1 : end;
		next = memmem(body, (size_t)(end - body), IR_DUMP_MARK,
		              strlen(IR_DUMP_MARK));
		if (!next)
			next = end;
		q = next;
		op = first_op(body, next, &key, &indent);
		if (!op)
			continue; /* no op: not a dump (text quoting a header)
			           */
		memset(&d, 0, sizeof(d));
		dump_header(h + strlen(IR_DUMP_MARK), hl ? hl : end, &pass,
		            &anchor, &d.before);
		d.off = (size_t)(body - p);
		d.len = (size_t)(next - body);
		d.op = (size_t)(op - p);
		d.op_end = (size_t)(op_end(op, next, indent) - p);
		d.key = mt_hash_bytes(MT_HASH_SEED, key.ptr, key.len);
		d.module = !strncmp(key.ptr, "builtin.module", 14);
		d.base = IR_NO_DUMP;
		if (c->n && c->dumps[c->n - 1].module)
			d.base = c->n - 1;
		else if (c->n)
			d.base = c->dumps[c->n - 1].base;
		MT_PUSH(c->dumps, c->n, c->cap, d);
		stage_name(&name, &pass, anchor.len ? anchor.ptr : key.ptr,
		           d.before);
		MT_PUSH(*names, nnames, cap_names, mt_buf_detach(&name));
		if (drop)
			drop_pages(&dropped, q);
	}
	mt_buf_release(&pass);
	mt_buf_release(&anchor);
	mt_buf_release(&key);
	mt_buf_release(&name);
}

/* Whether dump i is a stage. With After dumps printed, a Before dump
 * shows what the snapshot already holds (the op's state since its last
 * dump, or since the module's), so only the first dump and a module
 * Before dump that gives the first real module text are kept. */
static int is_stage(const mt_ir_capture *c, size_t i, int has_after)
{
	const ir_dump *d = &c->dumps[i];

	if (!has_after || !d->before || !i)
		return 1;
	return d->module && c->dumps[i - 1].module == 0 &&
	       c->dumps[i - 1].base == IR_NO_DUMP;
}

mt_ir_capture *ir_capture_scan(const char *p, size_t len, int drop)
{
	mt_ir_capture *c = mt_calloc(1, sizeof(*c));
	char **names = NULL;
	size_t i;
	int has_after = 0;

	c->at_base = IR_NO_DUMP;
	c->traced_at = IR_NO_DUMP;
	c->mapped = drop;

	scan_dumps(c, p, len, drop, &names);
	if (!c->n) {
		ir_capture_free(c);
		return NULL;
	}
	c->first_module = c->n;
	for (i = 0; i < c->n; i++) {
		if (c->dumps[i].module && c->first_module == c->n)
			c->first_module = i;
		has_after |= !c->dumps[i].before;
	}
	for (i = 0; i < c->n; i++) {
		c->dumps[i].name = names[i];
		c->dumps[i].stage = is_stage(c, i, has_after);
	}
	free(names);
	return c;
}

/* ---- putting a snapshot together ---- */

typedef struct composer {
	const mt_ir_capture *c;
	const char *t; /* the capture's text */
	mt_buf *out;
	/* ir_capture_compose_stream: out is handed to sink and emptied
	 * whenever it holds COMPOSE_CHUNK bytes */
	void (*sink)(void *payload, const char *p, size_t n);
	void *payload;
	mt_map defs; /* mix(dump, alias name hash) -> 1: aliases to rename */
	size_t *over; /* dumps standing for their op, by first appearance */
	size_t nover, cap_over;
	mt_map slot; /* key hash -> index in over */
} composer;

#define COMPOSE_CHUNK ((size_t)1 << 20)

/* Append [p, p + n) to the snapshot, in pieces when it is streamed. */
static void cput(composer *C, const char *p, size_t n)
{
	while (n) {
		size_t k = C->sink && n > COMPOSE_CHUNK ? COMPOSE_CHUNK : n;

		mt_buf_put(C->out, p, k);
		p += k;
		n -= k;
		if (C->sink && C->out->len >= COMPOSE_CHUNK) {
			C->sink(C->payload, C->out->ptr, C->out->len);
			mt_buf_clear(C->out);
		}
	}
}

/* Dump j stands for its op from now on (replacing an earlier dump). */
static void over_set(composer *C, size_t j)
{
	int found;
	size_t s = mt_map_slot(&C->slot, C->c->dumps[j].key, (uint32_t)C->nover,
	                       &found);

	if (found) {
		C->over[*mt_map_val(&C->slot, s)] = j;
		return;
	}
	MT_PUSH(C->over, C->nover, C->cap_over, j);
}

/* The alias names dump j defines ("#loc3 = ...", "#map = ...",
 * "!t = ..." at the start of a line, before or after its op). */
static void collect_defs(composer *C, size_t j)
{
	const ir_dump *d = &C->c->dumps[j];
	const char *p = C->t + d->off, *end = p + d->len;

	while (p < end) {
		const char *e = line_end(p, end), *q = p + 1;

		if (p >= C->t + d->op && p < C->t + d->op_end) {
			p = C->t + d->op_end;
			continue;
		}
		if (*p == '#' || *p == '!') {
			int found;

			while (q < e && ir_is_suffix_char(*q))
				q++;
			if (q > p + 1)
				mt_map_slot(&C->defs,
				            ir_mix(j + 1,
				                   ir_name_hash(p + 1,
				                                (size_t)(q - p -
				                                         1))),
				            1, &found);
		}
		p = e;
	}
}

/* Copy [p, e) of dump j's text, its aliases renamed #a -> #a.dJ. */
static void put_renamed(composer *C, size_t j, const char *p, const char *e)
{
	const char *run = p;
	char tag[32];
	int n = snprintf(tag, sizeof(tag), ".d%zu", j);

	while (p < e) {
		const char *q;

		if (*p == '"') {
			p = past_string(p, e);
			continue;
		}
		if (*p != '#' && *p != '!') {
			/* to the next byte that matters, in a tight loop */
			for (p++; p < e && *p != '"' && *p != '#' && *p != '!';
			     p++)
				;
			continue;
		}
		for (q = p + 1; q < e && ir_is_suffix_char(*q); q++)
			;
		if (q > p + 1 &&
		    mt_map_get(
		            &C->defs,
		            ir_mix(j + 1,
		                   ir_name_hash(p + 1, (size_t)(q - p - 1)))) !=
		            MT_IR_NONE) {
			cput(C, run, (size_t)(q - run));
			cput(C, tag, (size_t)n);
			run = q;
		}
		p = q;
	}
	cput(C, run, (size_t)(e - run));
}

typedef struct span {
	size_t start, end, dump;
	size_t indent; /* of the op replaced (or of the base's ops) */
} span;

static int span_cmp(const void *x, const void *y)
{
	const span *a = x, *b = y;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->dump < b->dump ? -1 : a->dump > b->dump;
}

/* Where each standing dump's op is in the module dump b: spans of b's
 * text to replace, sorted; ops b does not hold go before b's closing
 * brace. */
static span *place_ops(composer *C, size_t b, size_t *nspans)
{
	const ir_dump *base = &C->c->dumps[b];
	const char *p = C->t + base->op, *end = C->t + base->op_end;
	const char *close = p;
	mt_map at; /* key hash -> index in lines */
	span *lines = NULL, *out = NULL;
	size_t nlines = 0, cap = 0, nout = 0, capo = 0, i;
	/* the base is a module dump at indentation 0, or (a tree scope's
	 * op rebuilt from its nested scopes' dumps) an op cut out of an
	 * enclosing dump at its own indentation */
	size_t top = line_indent(p, line_end(p, end));
	mt_buf key = MT_BUF_INIT;

	mt_map_init(&at, C->nover);
	for (p = line_end(p, end); p < end;) {
		const char *e = line_end(p, end);
		size_t in = line_indent(p, e);
		int found;

		if (in == top && p[in] == '}')
			close = p;
		/* an op without a symbol is found only among a tree
		 * scope's direct children: where its scope is */
		if (in && line_key(p, e, &key) &&
		    (memchr(key.ptr, '@', key.len) ||
		     (C->c->tree && in == top + 2)) &&
		    mt_map_get(&C->slot,
		               mt_hash_bytes(MT_HASH_SEED, key.ptr, key.len)) !=
		            MT_IR_NONE) {
			span s;
			size_t slot = mt_map_slot(
			        &at,
			        mt_hash_bytes(MT_HASH_SEED, key.ptr, key.len),
			        (uint32_t)nlines, &found);

			(void)slot;
			if (!found) {
				s.start = (size_t)(p - C->t);
				s.end = (size_t)(op_end(p, end, in) - C->t);
				s.dump = 0;
				s.indent = in;
				MT_PUSH(lines, nlines, cap, s);
			}
		}
		p = e;
	}
	for (i = 0; i < C->nover; i++) {
		size_t j = C->over[i];
		uint32_t l = mt_map_get(&at, C->c->dumps[j].key);
		span s;

		if (l != MT_IR_NONE) {
			s = lines[l];
		} else {
			s.start = s.end = (size_t)(close - C->t);
			s.indent = top + 2;
		}
		s.dump = j;
		MT_PUSH(out, nout, capo, s);
	}
	if (nout)
		qsort(out, nout, sizeof(*out), span_cmp);
	mt_map_release(&at);
	mt_buf_release(&key);
	free(lines);
	*nspans = nout;
	return out;
}

static void put_op(composer *C, size_t j)
{
	const ir_dump *d = &C->c->dumps[j];

	put_renamed(C, j, C->t + d->op, C->t + d->op_end);
}

/* put_op, each line moved to put the op's first line at indentation
 * indent: an op rebuilt from nested dumps is read again by its
 * indentation (see mt_ir_capture.reindent). */
static void put_op_at(composer *C, size_t j, size_t indent)
{
	const ir_dump *d = &C->c->dumps[j];
	const char *p = C->t + d->op, *end = C->t + d->op_end;
	size_t first = line_indent(p, line_end(p, end));

	while (p < end) {
		const char *e = line_end(p, end);
		size_t in = line_indent(p, e), k;

		if (p + in < e && p[in] != '\n' && p[in] != '\r') {
			size_t want =
			        in + indent >= first ? in + indent - first : 0;

			for (k = 0; k < want; k++)
				cput(C, " ", 1);
			p += in;
		}
		put_renamed(C, j, p, e);
		p = e;
	}
}

/* Lines of dump j outside its op: before (attribute aliases) or after
 * (location aliases, resources). */
static void put_outside(composer *C, size_t j, int after)
{
	const ir_dump *d = &C->c->dumps[j];

	if (after)
		put_renamed(C, j, C->t + d->op_end, C->t + d->off + d->len);
	else
		put_renamed(C, j, C->t + d->off, C->t + d->op);
}

static void compose(composer *Cp,
                    mt_buf *out,
                    const mt_ir_capture *c,
                    size_t i,
                    const char *text)
{
	composer C = *Cp;
	size_t b = c->dumps[i].base, j, k;

	C.c = c;
	C.t = text;
	C.out = out;
	mt_map_init(&C.slot, 64);
	mt_map_init(&C.defs, 256);
	/* before any module dump, each op stands in its first state */
	if (b == IR_NO_DUMP)
		for (j = 0; j < c->first_module; j++) {
			int found;

			mt_map_slot(&C.slot, c->dumps[j].key, (uint32_t)C.nover,
			            &found);
			if (!found)
				MT_PUSH(C.over, C.nover, C.cap_over, j);
		}
	for (j = b == IR_NO_DUMP ? 0 : b + 1; j <= i; j++)
		over_set(&C, j);
	for (k = 0; k < C.nover; k++) {
		collect_defs(&C, C.over[k]);
		put_outside(&C, C.over[k], 0);
	}
	if (b == IR_NO_DUMP) {
		cput(&C, "module {\n", 9);
		for (k = 0; k < C.nover; k++)
			put_op(&C, C.over[k]);
		cput(&C, "}\n", 2);
	} else {
		const ir_dump *base = &c->dumps[b];
		size_t ns, cur = base->off;
		span *sp = place_ops(&C, b, &ns);

		for (k = 0; k < ns; k++) {
			if (sp[k].start < cur)
				continue; /* inside an op already replaced */
			cput(&C, text + cur, sp[k].start - cur);
			if (c->reindent)
				put_op_at(&C, sp[k].dump, sp[k].indent);
			else
				put_op(&C, sp[k].dump);
			cur = sp[k].end;
		}
		cput(&C, text + cur, base->off + base->len - cur);
		free(sp);
	}
	for (k = 0; k < C.nover; k++)
		put_outside(&C, C.over[k], 1);
	if (C.sink && out->len) {
		C.sink(C.payload, out->ptr, out->len);
		mt_buf_clear(out);
	}
	mt_map_release(&C.slot);
	mt_map_release(&C.defs);
	free(C.over);
}

void ir_capture_compose(mt_buf *out,
                        const mt_ir_capture *c,
                        size_t i,
                        const char *text)
{
	composer C;

	memset(&C, 0, sizeof(C));
	compose(&C, out, c, i, text);
}

void ir_capture_compose_stream(const mt_ir_capture *c,
                               size_t i,
                               const char *text,
                               void (*sink)(void *payload,
                                            const char *p,
                                            size_t n),
                               void *payload)
{
	composer C;
	mt_buf out = MT_BUF_INIT;

	memset(&C, 0, sizeof(C));
	C.sink = sink;
	C.payload = payload;
	compose(&C, &out, c, i, text);
	mt_buf_release(&out);
}

/* ---- snapshots that differ in a few ops ---- */

/* The module dump snapshot i stands on: itself, or the last before it. */
static size_t snapshot_base(const mt_ir_capture *c, size_t i)
{
	return c->dumps[i].module ? i : c->dumps[i].base;
}

/* Index the ops of module dump b that some dump of c replaces, as
 * place_ops finds them (first occurrence of the key), and where b's
 * closing brace is (kept as span nspans - 1, of length 0). extra (if
 * not NULL; its keys hash to extra_h) names more top-level ops to
 * index: the traced ones. */
static void index_base(mt_ir_capture *c,
                       size_t b,
                       const char *text,
                       const mt_map *extra,
                       uint64_t extra_h)
{
	const ir_dump *base = &c->dumps[b];
	const char *p = text + base->op, *end = text + base->op_end;
	const char *close = p, *dropped = p;
	mt_map keys;
	mt_buf key = MT_BUF_INIT;
	size_t i, last_end = 0, top = line_indent(p, line_end(p, end)) + 2;

	if (c->at_base == b && c->at_extra == extra_h)
		return;
	c->at_extra = extra_h;
	if (c->at_base != IR_NO_DUMP)
		mt_map_release(&c->at);
	c->at_base = b;
	c->nspans = 0;
	c->at_nested = 0;
	mt_map_init(&keys, c->n);
	for (i = 0; i < c->n; i++) {
		int found;

		mt_map_slot(&keys, c->dumps[i].key, 1, &found);
	}
	mt_map_init(&c->at, 64);
	for (p = line_end(p, end); p < end;) {
		const char *e = line_end(p, end);
		size_t in = line_indent(p, e);

		/* a module dump is megabytes read once here: its pages are
		 * not kept beside the two modules being compared */
		if (c->mapped)
			drop_pages(&dropped, p);
		if (in == 0 && p[0] == '}')
			close = p;
		if (in && line_key(p, e, &key) &&
		    memchr(key.ptr, '@', key.len) &&
		    (mt_map_get(&keys, mt_hash_bytes(MT_HASH_SEED, key.ptr,
		                                     key.len)) != MT_IR_NONE ||
		     (extra && in == top &&
		      mt_map_get(extra, mt_hash_bytes(MT_HASH_SEED, key.ptr,
		                                      key.len)) !=
		              MT_IR_NONE))) {
			int found;
			ir_keyspan s;

			s.start = (size_t)(p - text);
			s.end = (size_t)(op_end(p, end, in) - text);
			if (s.start < last_end)
				c->at_nested = 1;
			if (s.end > last_end)
				last_end = s.end;
			mt_map_slot(
			        &c->at,
			        mt_hash_bytes(MT_HASH_SEED, key.ptr, key.len),
			        (uint32_t)c->nspans, &found);
			if (!found)
				MT_PUSH(c->spans, c->nspans, c->cap_spans, s);
		}
		p = e;
	}
	{
		ir_keyspan s;

		s.start = s.end = (size_t)(close - text);
		MT_PUSH(c->spans, c->nspans, c->cap_spans, s);
	}
	mt_map_release(&keys);
	mt_buf_release(&key);
}

/* Whether some dump in (b, y] of c shows the op with key h. */
static int dumped_since(const mt_ir_capture *c, size_t b, size_t y, uint64_t h)
{
	size_t j;

	for (j = b + 1; j <= y; j++)
		if (c->dumps[j].key == h)
			return 1;
	return 0;
}

int ir_capture_delta(const mt_ir_capture *cc,
                     size_t x,
                     size_t y,
                     const char *text,
                     int traced,
                     uint64_t **keys,
                     size_t *nkeys)
{
	/* the index is a cache: filling it changes no answer */
	mt_ir_capture *c = (mt_ir_capture *)cc;
	size_t b, j, n = 0, cap = 0;
	uint64_t *k = NULL, extra_h = 0;
	mt_map seen, extra;
	int ok = 1;

	*keys = NULL;
	*nkeys = 0;
	if (x >= y || y >= c->n)
		return 0;
	if (traced && (c->traced_at != x || !c->traced_ok))
		return 0;
	b = snapshot_base(c, y);
	if (b == IR_NO_DUMP || snapshot_base(c, x) != b)
		return 0;
	mt_map_init(&extra, 16);
	for (j = 0; traced && j < c->ntraced; j++) {
		int found;

		mt_map_slot(&extra, c->traced[j], 1, &found);
		extra_h = ir_mix(extra_h, c->traced[j]);
	}
	index_base(c, b, text, traced ? &extra : NULL,
	           traced ? ir_mix(extra_h, 1) : 0);
	mt_map_release(&extra);
	if (c->at_nested)
		return 0;
	mt_map_init(&seen, 16);
	for (j = x + 1; j <= y; j++) {
		int found;

		mt_map_slot(&seen, c->dumps[j].key, 1, &found);
		if (!found)
			MT_PUSH(k, n, cap, c->dumps[j].key);
	}
	/* the traced ops that did not change are read too, in place */
	for (j = 0; traced && j < c->ntraced; j++) {
		int found;
		uint64_t h = c->traced[j];

		mt_map_slot(&seen, h, 1, &found);
		if (found)
			continue;
		if (mt_map_get(&c->at, h) == MT_IR_NONE &&
		    !dumped_since(c, b, y, h))
			ok = 0; /* not found where it should be */
		MT_PUSH(k, n, cap, h);
	}
	mt_map_release(&seen);
	if (!ok) {
		free(k);
		return 0;
	}
	*keys = k;
	*nkeys = n;
	return 1;
}

void ir_capture_note_traced(const mt_ir_capture *cc,
                            size_t i,
                            const mt_ir_module *m,
                            const mt_ir_trace *trace)
{
	mt_ir_capture *c = (mt_ir_capture *)cc; /* a cache, as above */
	const mt_ir_op *ops = mt_ir_ops(m);
	size_t k, n = mt_ir_nops(m);
	mt_buf key = MT_BUF_INIT;
	mt_map seen;

	c->traced_at = i;
	c->traced_ok = 1;
	c->ntraced = 0;
	mt_map_init(&seen, 16);
	for (k = 0; k < n; k++) {
		uint32_t t = (uint32_t)k;
		const char *sym, *q;
		int found;
		uint64_t h;

		if (ops[k].parent == MT_IR_NONE || !mt_ir_op_at(m, k, trace))
			continue; /* the module itself is always read */
		while (ops[ops[t].parent].parent != MT_IR_NONE)
			t = ops[t].parent;
		sym = mt_ir_str_get(m, ops[t].sym);
		for (q = sym; *q && ir_is_suffix_char(*q); q++)
			;
		if (!ops[t].sym || *q) {
			/* no key the text can be searched by ("@\"a b\"") */
			c->traced_ok = 0;
			continue;
		}
		mt_buf_clear(&key);
		mt_buf_printf(&key, "%s @%s", mt_ir_str_get(m, ops[t].name),
		              sym);
		h = mt_hash_bytes(MT_HASH_SEED, key.ptr, key.len);
		mt_map_slot(&seen, h, 1, &found);
		if (!found)
			MT_PUSH(c->traced, c->ntraced, c->cap_traced, h);
	}
	mt_map_release(&seen);
	mt_buf_release(&key);
}

typedef struct keyed {
	size_t start, end, dump; /* dump: IR_NO_DUMP for the base's text */
} keyed;

static int keyed_cmp(const void *x, const void *y)
{
	const keyed *a = x, *b = y;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->dump == b->dump)
		return 0;
	/* the base's own op (one per place) before dumps put there */
	if (a->dump == IR_NO_DUMP)
		return -1;
	if (b->dump == IR_NO_DUMP)
		return 1;
	return a->dump < b->dump ? -1 : 1;
}

void ir_capture_compose_only(mt_buf *out,
                             const mt_ir_capture *cc,
                             size_t i,
                             const char *text,
                             const uint64_t *keys,
                             size_t nkeys)
{
	mt_ir_capture *c = (mt_ir_capture *)cc; /* see ir_capture_delta */
	size_t b = snapshot_base(c, i), j, k, nk = 0, close, cur;
	const ir_dump *base;
	mt_map want; /* key -> index in keys */
	size_t *std; /* per key: its standing dump, or IR_NO_DUMP */
	keyed *ks;
	composer C;

	if (b == IR_NO_DUMP) { /* not a delta snapshot: the whole module */
		ir_capture_compose(out, c, i, text);
		return;
	}
	base = &c->dumps[b];
	if (c->at_base != b) /* else as ir_capture_delta indexed it */
		index_base(c, b, text, NULL, 0);
	memset(&C, 0, sizeof(C));
	C.c = c;
	C.t = text;
	C.out = out;
	mt_map_init(&C.slot, 64);
	mt_map_init(&C.defs, 256);
	mt_map_init(&want, nkeys);
	std = mt_calloc(nkeys + 1, sizeof(*std));
	ks = mt_calloc(nkeys + 1, sizeof(*ks));
	for (k = 0; k < nkeys; k++) {
		int found;

		mt_map_slot(&want, keys[k], (uint32_t)k, &found);
		std[k] = IR_NO_DUMP;
	}
	/* the dumps standing for the wanted ops, by first appearance */
	for (j = b + 1; j <= i && i != b; j++) {
		uint32_t w = mt_map_get(&want, c->dumps[j].key);

		if (w == MT_IR_NONE)
			continue;
		std[w] = j;
		over_set(&C, j);
	}
	for (k = 0; k < C.nover; k++) {
		collect_defs(&C, C.over[k]);
		put_outside(&C, C.over[k], 0);
	}
	close = c->spans[c->nspans - 1].start;
	for (k = 0; k < nkeys; k++) {
		uint32_t l = mt_map_get(&c->at, keys[k]);
		keyed e;

		if (l == MT_IR_NONE && std[k] == IR_NO_DUMP)
			continue; /* not there yet */
		e.start = l != MT_IR_NONE ? c->spans[l].start : close;
		e.end = l != MT_IR_NONE ? c->spans[l].end : close;
		e.dump = std[k];
		ks[nk++] = e;
	}
	if (nk)
		qsort(ks, nk, sizeof(*ks), keyed_cmp);
	cur = (size_t)(line_end(text + base->op, text + base->op_end) - text);
	mt_buf_put(out, text + base->off, cur - base->off);
	for (k = 0; k < nk; k++) {
		if (ks[k].dump == IR_NO_DUMP)
			mt_buf_put(out, text + ks[k].start,
			           ks[k].end - ks[k].start);
		else
			put_op(&C, ks[k].dump);
	}
	if (close > cur)
		cur = close;
	mt_buf_put(out, text + cur, base->off + base->len - cur);
	for (k = 0; k < C.nover; k++)
		put_outside(&C, C.over[k], 1);
	mt_map_release(&C.slot);
	mt_map_release(&C.defs);
	mt_map_release(&want);
	free(C.over);
	free(std);
	free(ks);
}

/* Whether dumps i and j hold the same bytes (op and aliases). Two module
 * dumps are megabytes each, compared beside the two modules of a step:
 * their pages are handed back as the comparison goes (drop_pages). */
static int
same_dump(const mt_ir_capture *c, size_t i, size_t j, const char *text)
{
	const ir_dump *a = &c->dumps[i], *b = &c->dumps[j];
	const char *pa = text + a->off, *pb = text + b->off;
	const char *da = pa, *db = pb;
	size_t done = 0, step = (size_t)1 << 20;

	if (a->len != b->len || a->op - a->off != b->op - b->off ||
	    a->op_end - a->op != b->op_end - b->op)
		return 0;
	while (done < a->len) {
		size_t n = a->len - done < step ? a->len - done : step;

		if (memcmp(pa + done, pb + done, n))
			return 0;
		done += n;
		if (c->mapped) {
			drop_pages(&da, pa + done);
			drop_pages(&db, pb + done);
		}
	}
	return 1;
}

int ir_capture_same(const mt_ir_capture *c,
                    size_t x,
                    size_t y,
                    const char *text)
{
	size_t b, j, k;

	if (x >= y || y >= c->n)
		return 0;
	if (c->dumps[y].module)
		return c->dumps[x].module && same_dump(c, x, y, text);
	b = snapshot_base(c, y);
	if (snapshot_base(c, x) != b)
		return 0;
	for (j = x + 1; j <= y; j++) {
		/* the dump j replaces: the last one of its op since b */
		int found = 0;

		for (k = j; k-- > (b == IR_NO_DUMP ? 0 : b + 1);)
			if (c->dumps[k].key == c->dumps[j].key) {
				found = 1;
				break;
			}
		/* Before any module dump an op stands in the state of its
		 * first dump from the start: then j replaces nothing. With a
		 * module dump, the op stood as the module had it. */
		if (!found && b != IR_NO_DUMP)
			return 0;
		if (found && !same_dump(c, k, j, text))
			return 0;
	}
	return 1;
}
