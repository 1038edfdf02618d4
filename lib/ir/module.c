/*
 * module.c - storage of a parsed MLIR module: hash maps, interned strings,
 * accessors, and the finishing pass that runs once the whole file is read
 * (loc aliases may be defined after their use, so nothing that depends on
 * a location can be settled while parsing).
 */
#include "ir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/hash.h"

/* ---- strings ---- */

mt_ir_str ir_intern(ir_strtab *t, const char *s, size_t n)
{
	const uint64_t h0 = mt_hash_finish(ir_hash_bytes(MT_HASH_SEED, s, n));
	uint64_t h = h0;
	size_t slot;
	int found;
	uint32_t id;

	if (!t->n) {
		/* id 0 is the empty string */
		mt_grow((void **)&t->buf, &t->cap, 1, 1);
		t->buf[0] = '\0';
		t->len = 1;
		mt_grow((void **)&t->offs, &t->ncap, 1, sizeof(*t->offs));
		t->hashes = mt_realloc(t->hashes, t->ncap * sizeof(*t->hashes));
		t->offs[0] = 0;
		t->hashes[0] = mt_hash_finish(MT_HASH_SEED);
		t->n = 1;
	}
	if (!n)
		return 0;
	/* Collisions of 64-bit hashes between distinct short names are
	 * possible in theory; compare the bytes to be exact (a string's
	 * length is where the next one starts, less its NUL). */
	for (;;) {
		size_t len;

		slot = mt_map_slot(&t->index, h, (uint32_t)t->n, &found);
		if (!found)
			break;
		id = *mt_map_val(&t->index, slot);
		len = (id + 1 < t->n ? t->offs[id + 1] : t->len) - t->offs[id] -
		      1;
		if (len == n && !memcmp(t->buf + t->offs[id], s, n))
			return id;
		h = ir_mix(h, 1);
	}
	id = (uint32_t)t->n;
	mt_grow((void **)&t->buf, &t->cap, t->len + n + 1, 1);
	memcpy(t->buf + t->len, s, n);
	t->buf[t->len + n] = '\0';
	if (t->n + 1 > t->ncap) {
		mt_grow((void **)&t->offs, &t->ncap, t->n + 1,
		        sizeof(*t->offs));
		t->hashes = mt_realloc(t->hashes, t->ncap * sizeof(*t->hashes));
	}
	t->offs[id] = (uint32_t)t->len;
	t->hashes[id] = h0;
	t->len += n + 1;
	t->n++;
	return id;
}

const char *mt_ir_str_get(const mt_ir_module *m, mt_ir_str s)
{
	if (!m->strs.n || s >= m->strs.n)
		return "";
	return m->strs.buf + m->strs.offs[s];
}

uint64_t mt_ir_str_hash(const mt_ir_module *m, mt_ir_str s)
{
	if (!m->strs.n || s >= m->strs.n)
		return 0;
	return m->strs.hashes[s];
}

/* ---- accessors ---- */

void mt_ir_op_xfer(const mt_ir_module *m,
                   size_t i,
                   mt_ir_str *from,
                   mt_ir_str *to)
{
	uint32_t k = m->nxfers ? mt_map_get(&m->xferidx, (uint64_t)i + 1)
	                       : MT_MAP_NONE;

	*from = k == MT_MAP_NONE ? 0 : m->xfers[k];
	*to = k == MT_MAP_NONE ? 0 : m->xfers[k + 1];
}

size_t mt_ir_nops(const mt_ir_module *m)
{
	return m->nops;
}

const mt_ir_op *mt_ir_ops(const mt_ir_module *m)
{
	return m->ops;
}

const uint32_t *mt_ir_operands(const mt_ir_module *m)
{
	return m->operands;
}

const mt_ir_value *mt_ir_values(const mt_ir_module *m)
{
	return m->values;
}

size_t mt_ir_nvalues(const mt_ir_module *m)
{
	return m->nvalues;
}

const mt_ir_loc *mt_ir_locs(const mt_ir_module *m)
{
	return m->locs;
}

const mt_ir_point *mt_ir_points(const mt_ir_module *m)
{
	return m->points;
}

size_t mt_ir_module_problems(const mt_ir_module *m, const char **first)
{
	if (first)
		*first = m->problem;
	return m->nproblems;
}

size_t mt_ir_dialect_len(const char *name)
{
	const char *dot = strchr(name, '.');

	return dot ? (size_t)(dot - name) : strlen(name);
}

void mt_ir_loc_format(const mt_ir_module *m,
                      uint32_t loc,
                      char *buf,
                      size_t size)
{
	const mt_ir_loc *l;
	size_t used = 0;
	uint32_t i;

	buf[0] = '\0';
	if (loc == MT_IR_NONE || loc >= m->nlocs)
		return;
	l = &m->locs[loc];
	for (i = 0; i < l->n && used < size; i++) {
		const mt_ir_point *p = &m->points[l->first + i];
		int w;

		if (p->line)
			w = snprintf(buf + used, size - used, "%s%s:%u:%u",
			             i ? ", " : "", mt_ir_str_get(m, p->file),
			             p->line, p->col);
		else
			w = snprintf(buf + used, size - used, "%s%s",
			             i ? ", " : "", mt_ir_str_get(m, p->file));
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

/* Whether a and b hold the same module: the same ops, values, operands,
 * locations, strings (by id) and transfers. 0 with what differs in why. */
int ir_module_same(const mt_ir_module *a,
                   const mt_ir_module *b,
                   char *why,
                   size_t n)
{
	const char *what = NULL;

#define SAME_ARRAY(f, cnt)                                                     \
	if (!what && (a->cnt != b->cnt ||                                      \
	              (a->cnt && memcmp(a->f, b->f, a->cnt * sizeof(*a->f))))) \
		what = #f;
	SAME_ARRAY(ops, nops)
	SAME_ARRAY(operands, noperands)
	SAME_ARRAY(values, nvalues)
	SAME_ARRAY(locs, nlocs)
	SAME_ARRAY(points, npoints)
	SAME_ARRAY(xfers, nxfers)
	SAME_ARRAY(strs.offs, strs.n)
	SAME_ARRAY(strs.buf, strs.len)
#undef SAME_ARRAY
	if (!what && a->nproblems != b->nproblems)
		what = "nproblems";
	if (!what && strcmp(a->problem, b->problem))
		what = "problem";
	if (what && why)
		snprintf(why, n, "%s differ", what);
	return !what;
}

void mt_ir_module_free(mt_ir_module *m)
{
	if (!m)
		return;
	free(m->ops);
	free(m->operands);
	free(m->values);
	free(m->locs);
	free(m->points);
	free(m->strs.buf);
	free(m->strs.offs);
	free(m->strs.hashes);
	mt_map_release(&m->strs.index);
	mt_map_release(&m->xferidx);
	free(m->xfers);
	free(m->rawlocs);
	free(m->rawitems);
	free(m->loccache);
	free(m->nameclass);
	mt_map_release(&m->localias);
	free(m->locnum);
	free(m->vec);
	free(m);
}

/* ---- finishing ---- */

/* Append the points of raw loc r to the loc whose points start at
 * first, following aliases at most 16 deep (aliases may refer to aliases;
 * a cycle must not loop). */
static void expand_loc(mt_ir_module *m, size_t first, uint32_t r, int depth)
{
	uint32_t i;

	if (depth > 16 || r >= m->nrawlocs)
		return;
	for (i = 0; i < m->rawlocs[r].n; i++) {
		ir_locitem it = m->rawitems[m->rawlocs[r].first + i];
		mt_ir_point p;
		uint32_t k;
		int dup = 0;

		if (it.kind == LOCI_ALIASNUM) {
			if (it.line < m->cap_locnum &&
			    m->locnum[it.line] != MT_IR_NONE)
				expand_loc(m, first, m->locnum[it.line],
				           depth + 1);
			continue;
		}
		if (it.kind == LOCI_ALIAS) {
			uint32_t target = mt_map_get(&m->localias,
			                             mt_ir_str_hash(m, it.str));

			if (target != MT_IR_NONE)
				expand_loc(m, first, target, depth + 1);
			continue;
		}
		p.file = it.str;
		p.line = it.kind == LOCI_POINT ? it.line : 0;
		p.col = it.kind == LOCI_POINT ? it.col : 0;
		/* fused[...] may repeat a point; keep each once */
		for (k = (uint32_t)first; k < m->npoints; k++)
			if (m->points[k].file == p.file &&
			    m->points[k].line == p.line &&
			    m->points[k].col == p.col)
				dup = 1;
		if (!dup)
			MT_PUSH(m->points, m->npoints, m->cap_points, p);
	}
}

static int ends_with(const char *s, const char *t)
{
	size_t n = strlen(s), k = strlen(t);

	return n >= k && !memcmp(s + n - k, t, k);
}

unsigned ir_name_class(mt_ir_module *m, mt_ir_str name)
{
	static const char *const symdefs[] = { ".func", ".graph",  ".generator",
		                               ".fn",   ".global", ".module" };
	static const char *const regions[] = { "gpu.launch", "gpu.func",
		                               "gpu.module", "gpu.binary" };
	static const char *const empties[] = { ".empty", ".alloc_tensor",
		                               ".alloc", ".alloca" };
	const char *s;
	unsigned c = IR_NC_KNOWN;
	size_t i;

	if (name >= m->cap_nameclass) {
		size_t old = m->cap_nameclass;

		mt_grow((void **)&m->nameclass, &m->cap_nameclass,
		        (size_t)name + 1, 1);
		memset(m->nameclass + old, 0, m->cap_nameclass - old);
	}
	if (m->nameclass[name])
		return m->nameclass[name];
	s = mt_ir_str_get(m, name);
	for (i = 0; i < MT_ARRAY_SIZE(symdefs); i++)
		if (ends_with(s, symdefs[i]))
			c |= IR_NC_SYMDEF;
	for (i = 0; i < MT_ARRAY_SIZE(regions); i++)
		if (!strcmp(s, regions[i]))
			c |= IR_NC_DEVREGION;
	/* a memcpy of the host (llvm.intr.memcpy, from memref.copy) moves
	 * nothing between devices; gpu.memcpy does */
	if (strstr(s, "transfer") ||
	    (strstr(s, "memcpy") && strncmp(s, "llvm.", 5)) ||
	    strstr(s, "host_to_device") || strstr(s, "device_to_host") ||
	    strstr(s, "to_device") || strstr(s, "to_host"))
		c |= IR_NC_TRANSFER;
	for (i = 0; i < MT_ARRAY_SIZE(empties); i++)
		if (ends_with(s, empties[i]))
			c |= IR_NC_EMPTY;
	m->nameclass[name] = (uint8_t)c;
	return c;
}

/* Locations: only those an op refers to are resolved. Most raw
 * locations are not: alias definitions (reached through the uses) and
 * block arguments' locations, which are read and dropped. Raw indices
 * are renumbered in order, so loc order is kept. The parse-time
 * location tables are released. */
static void finish_locs(mt_ir_module *m)
{
	size_t i, r, nused = 0;
	uint32_t *remap;

	remap = mt_malloc((m->nrawlocs ? m->nrawlocs : 1) * sizeof(*remap));
	memset(remap, 0xff, m->nrawlocs * sizeof(*remap));
	for (i = 0; i < m->nops; i++)
		if (m->ops[i].loc < m->nrawlocs)
			remap[m->ops[i].loc] = 0;
	for (r = 0; r < m->nrawlocs; r++)
		if (remap[r] != MT_IR_NONE)
			remap[r] = (uint32_t)nused++;
	m->locs = mt_calloc(nused ? nused : 1, sizeof(*m->locs));
	m->cap_locs = nused;
	m->nlocs = 0;
	for (r = 0; r < m->nrawlocs; r++) {
		mt_ir_loc *l;
		uint64_t h = MT_HASH_SEED;
		uint32_t k;

		if (remap[r] == MT_IR_NONE)
			continue;
		l = &m->locs[m->nlocs++];
		l->first = (uint32_t)m->npoints;
		expand_loc(m, l->first, (uint32_t)r, 0);
		l->n = (uint32_t)(m->npoints - l->first);
		for (k = l->first; k < m->npoints; k++) {
			h = ir_mix(h, mt_ir_str_hash(m, m->points[k].file));
			h = ir_mix(h, m->points[k].line);
			h = ir_mix(h, m->points[k].col);
		}
		l->hash = l->n ? mt_hash_finish(h) : 0;
	}
	for (i = 0; i < m->nops; i++)
		m->ops[i].loc = m->ops[i].loc < m->nrawlocs
		                        ? remap[m->ops[i].loc]
		                        : MT_IR_NONE;
	free(remap);
	free(m->rawlocs);
	free(m->rawitems);
	m->rawlocs = NULL;
	m->rawitems = NULL;
	m->nrawlocs = m->nrawitems = 0;
	free(m->loccache);
	m->loccache = NULL;
	mt_map_release(&m->localias);
	free(m->locnum);
	m->locnum = NULL;
	m->cap_locnum = 0;
}

/* Arrays grew by doubling; give the slack back before the next stage is
 * parsed next to this one. */
static void finish_trim(mt_ir_module *m)
{
	if (m->nops)
		m->ops = mt_realloc(m->ops, m->nops * sizeof(*m->ops));
	if (m->nvalues)
		m->values =
		        mt_realloc(m->values, m->nvalues * sizeof(*m->values));
	if (m->noperands)
		m->operands = mt_realloc(m->operands,
		                         m->noperands * sizeof(*m->operands));
	if (m->npoints)
		m->points =
		        mt_realloc(m->points, m->npoints * sizeof(*m->points));
	m->cap_ops = m->nops;
	m->cap_values = m->nvalues;
	m->cap_operands = m->noperands;
	m->cap_points = m->npoints;
}

void ir_finish(mt_ir_module *m)
{
	size_t i;
	mt_ir_str cpu = ir_intern(&m->strs, "cpu", 3);
	mt_ir_str gpu = ir_intern(&m->strs, "gpu", 3);

	finish_locs(m);
	finish_trim(m);

	/* Ops are in pre-order, so parents are final before children. */
	for (i = 0; i < m->nops; i++) {
		mt_ir_op *op = &m->ops[i];
		uint64_t h = op->attr_hash;
		uint32_t k;

		if (ir_name_class(m, op->name) & IR_NC_DEVREGION)
			op->flags |= MT_IR_OP_DEVREGION;
		if (!op->device) {
			const mt_ir_op *p = op->parent == MT_IR_NONE
			                            ? NULL
			                            : &m->ops[op->parent];

			/* a gpu.func in a gpu.module keeps the module's
			 * "gpu:N"; anything else inside a device region is
			 * "gpu" */
			if (!p)
				op->device = cpu;
			else if (!(p->flags & MT_IR_OP_DEVREGION))
				op->device = p->device;
			else if (!strncmp(mt_ir_str_get(m, p->device), "gpu",
			                  3))
				op->device = p->device;
			else
				op->device = gpu;
		}
		/* Operand structure: what kind of op produced each operand.
		 * Producers usually come first; a forward reference (graph
		 * regions) contributes only its result index. */
		for (k = 0; k < op->noperands; k++) {
			uint32_t v = m->operands[op->first_operand + k];
			const mt_ir_value *val;

			if (v == MT_IR_NONE || v >= m->nvalues) {
				h = ir_mix(h, 0xdead);
				continue;
			}
			val = &m->values[v];
			if (val->op < i && !(val->idx & MT_IR_ARG))
				h = ir_mix(h, m->ops[val->op].struct_hash);
			else if (val->op < m->nops)
				h = ir_mix(h, m->ops[val->op].attr_hash);
			h = ir_mix(h, val->idx);
		}
		op->struct_hash = mt_hash_finish(h);
	}
}
