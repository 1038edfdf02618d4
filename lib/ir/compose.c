/*
 * compose.c - the text of an after-all snapshot put together from byte
 * ranges of the capture (see capture.c): the last module dump with each
 * op dumped since put in its place, the aliases of spliced dumps renamed
 * (#loc3 -> #loc3.d17); whole, streamed in pieces, or only some
 * top-level ops (ir_capture_compose_only).
 */
#include "input_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

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
		const char *e = ir_line_end(p, end), *q = p + 1;

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
			p = ir_past_string(p, e);
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
	size_t top = ir_line_indent(p, ir_line_end(p, end));
	mt_buf key = MT_BUF_INIT;

	mt_map_init(&at, C->nover);
	for (p = ir_line_end(p, end); p < end;) {
		const char *e = ir_line_end(p, end);
		size_t in = ir_line_indent(p, e);
		int found;

		if (in == top && p[in] == '}')
			close = p;
		/* an op without a symbol is found only among a tree
		 * scope's direct children: where its scope is */
		if (in && ir_line_key(p, e, &key) &&
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
				s.end = (size_t)(ir_op_end(p, end, in) - C->t);
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
	size_t first = ir_line_indent(p, ir_line_end(p, end));

	while (p < end) {
		const char *e = ir_line_end(p, end);
		size_t in = ir_line_indent(p, e), k;

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

/* An op's first and last dump in a range of dumps. */
typedef struct firstof {
	size_t first, last;
} firstof;

static int firstof_cmp(const void *x, const void *y)
{
	const firstof *a = x, *b = y;

	return (a->first > b->first) - (a->first < b->first);
}

/* Copy to out the lines at the sorted offsets kept[*i..n) below end. */
static void put_kept(mt_buf *out,
                     const char *text,
                     size_t end,
                     const size_t *kept,
                     size_t n,
                     size_t *i)
{
	for (; *i < n && kept[*i] < end; ++*i) {
		const char *p = text + kept[*i];

		mt_buf_put(out, p, (size_t)(ir_line_end(p, text + end) - p));
	}
}

/*
 * Out: tmp [0, pre), the base module dump b's lines before its op, tmp
 * [pre, body) (its op, some top-level ops replaced), its lines after the
 * op, tmp [body, len). Of the base's alias lines, only those the ops
 * refer to: a delta snapshot stands on a module dump of every location
 * of every function, and copying (and parsing) all of them for a few
 * ops at each step is quadratic in a capture of many functions. The
 * base's sorted alias table is made once (a file over 4 GB is copied
 * whole).
 */
static void put_around(mt_buf *out,
                       mt_ir_capture *c,
                       size_t b,
                       const char *text,
                       const mt_buf *tmp,
                       size_t pre,
                       size_t body)
{
	const ir_dump *base = &c->dumps[b];
	size_t end = base->off + base->len, *kept = NULL, nk = 0, i = 0;

	mt_buf_put(out, tmp->ptr, pre);
	if (end <= UINT32_MAX) {
		if (!c->aliases || c->aliases_base != b) {
			size_t runs[4] = { base->off, base->op, base->op_end,
				           end };

			ir_aliastab_free(c->aliases);
			c->aliases = ir_aliastab_new(text, end, runs, 4);
			c->aliases_base = b;
		}
		kept = ir_aliastab_refs(c->aliases, text, end, tmp->ptr,
		                        tmp->ptr + tmp->len, &nk);
		put_kept(out, text, base->op, kept, nk, &i);
	} else
		mt_buf_put(out, text + base->off, base->op - base->off);
	mt_buf_put(out, tmp->ptr + pre, body - pre);
	if (kept)
		put_kept(out, text, end, kept, nk, &i);
	else
		mt_buf_put(out, text + base->op_end, end - base->op_end);
	mt_buf_put(out, tmp->ptr + body, tmp->len - body);
	free(kept);
}

void ir_capture_compose_only(mt_buf *out,
                             const mt_ir_capture *cc,
                             size_t i,
                             const char *text,
                             const uint64_t *keys,
                             size_t nkeys)
{
	mt_ir_capture *c = (mt_ir_capture *)cc; /* see ir_capture_delta */
	size_t b = ir_capture_base(c, i), k, nk = 0, close, cur;
	const ir_dump *base;
	mt_map want; /* key -> index in keys */
	size_t *std; /* per key: its standing dump, or IR_NO_DUMP */
	keyed *ks;
	composer C;
	mt_buf tmp = MT_BUF_INIT;
	size_t pre, body;
	firstof *firsts;
	size_t nfirst = 0;

	if (b == IR_NO_DUMP) { /* not a delta snapshot: the whole module */
		ir_capture_compose(out, c, i, text);
		return;
	}
	base = &c->dumps[b];
	if (c->at_base != b) /* else as ir_capture_delta indexed it */
		ir_capture_index(c, b, text, NULL, 0);
	memset(&C, 0, sizeof(C));
	C.c = c;
	C.t = text;
	C.out = out;
	mt_map_init(&C.slot, 64);
	mt_map_init(&C.defs, 256);
	mt_map_init(&want, nkeys);
	std = mt_calloc(nkeys + 1, sizeof(*std));
	firsts = mt_calloc(nkeys + 1, sizeof(*firsts));
	ks = mt_calloc(nkeys + 1, sizeof(*ks));
	for (k = 0; k < nkeys; k++) {
		int found;

		mt_map_slot(&want, keys[k], (uint32_t)k, &found);
		std[k] = IR_NO_DUMP;
	}
	/* the dumps standing for the wanted ops (each op's last dump in
	 * (b, i]), in the order of each op's first dump there: along each
	 * op's chain of dumps, not over every dump in between */
	for (k = 0; k < nkeys && i != b; k++) {
		uint32_t l = mt_map_get(&c->last, keys[k]);
		size_t at = l == MT_MAP_NONE ? IR_NO_DUMP : l, first;

		if (mt_map_get(&want, keys[k]) != k)
			continue; /* a key given twice */
		while (at != IR_NO_DUMP && at > i)
			at = c->dumps[at].prev;
		if (at == IR_NO_DUMP || at <= b)
			continue;
		std[k] = at;
		for (first = at; c->dumps[first].prev != IR_NO_DUMP &&
		                 c->dumps[first].prev > b;)
			first = c->dumps[first].prev;
		firsts[nfirst].first = first;
		firsts[nfirst++].last = at;
	}
	if (nfirst)
		qsort(firsts, nfirst, sizeof(*firsts), firstof_cmp);
	for (k = 0; k < nfirst; k++)
		MT_PUSH(C.over, C.nover, C.cap_over, firsts[k].last);
	for (k = 0; k < C.nover; k++)
		collect_defs(&C, C.over[k]);
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
	/* the ops' aliases before, the module, the ops' aliases after: tmp
	 * [0, pre) [pre, body) [body, len) */
	C.out = &tmp;
	for (k = 0; k < C.nover; k++)
		put_outside(&C, C.over[k], 0);
	pre = tmp.len;
	cur = (size_t)(ir_line_end(text + base->op, text + base->op_end) -
	               text);
	mt_buf_put(&tmp, text + base->op, cur - base->op);
	for (k = 0; k < nk; k++) {
		if (ks[k].dump == IR_NO_DUMP)
			mt_buf_put(&tmp, text + ks[k].start,
			           ks[k].end - ks[k].start);
		else
			put_op(&C, ks[k].dump);
	}
	if (close > cur)
		cur = close;
	if (base->op_end > cur)
		mt_buf_put(&tmp, text + cur, base->op_end - cur);
	body = tmp.len;
	for (k = 0; k < C.nover; k++)
		put_outside(&C, C.over[k], 1);
	put_around(out, c, b, text, &tmp, pre, body);
	mt_buf_release(&tmp);
	mt_map_release(&C.slot);
	mt_map_release(&C.defs);
	mt_map_release(&want);
	free(C.over);
	free(std);
	free(ks);
	free(firsts);
}
