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
 *
 * This file reads the dumps (their headers, ops and keys) and says which
 * snapshots differ in which ops; compose.c puts a snapshot's text
 * together.
 */
#include "input_int.h"

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

/* ---- opening a capture ---- */

void ir_capture_free(mt_ir_capture *c)
{
	if (!c)
		return;
	mt_arena_release(&c->strs);
	free(c->stage_src);
	free(c->dumps);
	mt_map_release(&c->last);
	if (c->at_base != IR_NO_DUMP)
		mt_map_release(&c->at);
	free(c->spans);
	free(c->traced);
	ir_aliastab_free(c->aliases);
	free(c);
}

/* Read the dumps of a capture, with their ops and keys; *names gets each
 * dump's stage name (the caller frees them). */
/* Hand the pages of [*done, upto) of a private file mapping back to the
 * kernel (they are read again from the page cache if needed), in steps
 * of DROP_STEP: a capture is read once here and then stage by stage.
 * Mapped pages that were read count in the process's memory until they
 * are handed back, so the step bounds what the scan holds of the file;
 * a madvise call per 256 KB costs nothing next to reading them. */
#define DROP_STEP ((size_t)256 << 10)
static void drop_pages(const char **done, const char *upto)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo, hi;

	if ((size_t)(upto - *done) < DROP_STEP)
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
		op = ir_first_op(body, next, &key, &indent);
		if (!op)
			continue; /* no op: not a dump (text quoting a header)
			           */
		memset(&d, 0, sizeof(d));
		dump_header(h + strlen(IR_DUMP_MARK), hl ? hl : end, &pass,
		            &anchor, &d.before);
		d.off = (size_t)(body - p);
		d.len = (size_t)(next - body);
		d.op = (size_t)(op - p);
		d.op_end = (size_t)(ir_op_end(op, next, indent) - p);
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
		/* one string per dump, kept for the run: no allocation of
		 * its own */
		MT_PUSH(*names, nnames, cap_names,
		        mt_arena_strdup(&c->strs, name.ptr, name.len));
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
	/* kept for the whole run, one per dump */
	MT_SHRINK(c->dumps, c->n, c->cap);
	if (!c->n) {
		ir_capture_free(c);
		return NULL;
	}
	c->first_module = c->n;
	mt_map_init(&c->last, 64);
	for (i = 0; i < c->n; i++) {
		int found;
		size_t sl = mt_map_slot(&c->last, c->dumps[i].key, (uint32_t)i,
		                        &found);

		c->dumps[i].prev = IR_NO_DUMP;
		if (found) {
			c->dumps[i].prev = *mt_map_val(&c->last, sl);
			*mt_map_val(&c->last, sl) = (uint32_t)i;
		}
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

/* ---- snapshots that differ in a few ops ---- */

/* The module dump snapshot i stands on: itself, or the last before it. */
size_t ir_capture_base(const mt_ir_capture *c, size_t i)
{
	return c->dumps[i].module ? i : c->dumps[i].base;
}

/* Index the ops of module dump b that some dump of c replaces, as
 * place_ops finds them (first occurrence of the key), and where b's
 * closing brace is (kept as span nspans - 1, of length 0). extra (if
 * not NULL; its keys hash to extra_h) names more top-level ops to
 * index: the traced ones. */
void ir_capture_index(mt_ir_capture *c,
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
	size_t i, last_end = 0,
	          top = ir_line_indent(p, ir_line_end(p, end)) + 2;

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
	for (p = ir_line_end(p, end); p < end;) {
		const char *e = ir_line_end(p, end);
		size_t in = ir_line_indent(p, e);

		/* a module dump is megabytes read once here: its pages are
		 * not kept beside the two modules being compared */
		if (c->mapped)
			drop_pages(&dropped, p);
		if (in == 0 && p[0] == '}')
			close = p;
		if (in && ir_line_key(p, e, &key) &&
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
			s.end = (size_t)(ir_op_end(p, end, in) - text);
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
	b = ir_capture_base(c, y);
	if (b == IR_NO_DUMP || ir_capture_base(c, x) != b)
		return 0;
	mt_map_init(&extra, 16);
	for (j = 0; traced && j < c->ntraced; j++) {
		int found;

		mt_map_slot(&extra, c->traced[j], 1, &found);
		extra_h = ir_mix(extra_h, c->traced[j]);
	}
	ir_capture_index(c, b, text, traced ? &extra : NULL,
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
	b = ir_capture_base(c, y);
	if (ir_capture_base(c, x) != b)
		return 0;
	for (j = x + 1; j <= y; j++) {
		/* the dump j replaces: the last one of its op since b */
		int found;

		k = c->dumps[j].prev;
		found = k != IR_NO_DUMP && (b == IR_NO_DUMP || k > b);
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
