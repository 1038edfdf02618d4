/*
 * input.c - find the stages in what the user named: a MAX ir-output-dir,
 * an --mlir-print-ir-tree-dir tree, one --mlir-print-ir-after-all capture,
 * or explicit files. Stages are located (path + byte range), never read
 * into memory here; mt_ir_stage_parse maps one when it is needed, so only
 * the two stages being compared are ever resident.
 */
#include "ir_int.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

static const char *const max_stages[] = { "mo", "mo-pre-mogg", "mogg",
	                                  "mogg-pre-mgp", "mgp" };

int mt_ir_max_stage_rank(const char *stage)
{
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(max_stages); i++)
		if (!strcmp(stage, max_stages[i]))
			return (int)i;
	return -1;
}

static void note(mt_ir_input *in, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void note(mt_ir_input *in, const char *fmt, ...)
{
	mt_buf b = MT_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	mt_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	MT_PUSH(in->notes, in->nnotes, in->cap_notes, mt_buf_detach(&b));
}

/* A tree of 50,000 function scopes is 50,000 graphs: find them by hash. */
static mt_ir_graph *graph_get(mt_ir_input *in, const char *name, size_t n)
{
	uint64_t h = mt_hash_bytes(MT_HASH_SEED, name, n);
	mt_ir_graph g;

	if (!in->index)
		in->index = mt_calloc(1, sizeof(*in->index));
	for (;;) {
		int found;
		size_t slot = mt_map_slot(in->index, h, (uint32_t)in->ngraphs,
		                          &found);
		uint32_t i = *mt_map_val(in->index, slot);

		if (!found)
			break;
		if (strlen(in->graphs[i].name) == n &&
		    !memcmp(in->graphs[i].name, name, n))
			return &in->graphs[i];
		h = ir_mix(h, 1);
	}
	memset(&g, 0, sizeof(g));
	g.name = mt_strndup(name, n);
	MT_PUSH(in->graphs, in->ngraphs, in->cap, g);
	return &in->graphs[in->ngraphs - 1];
}

static mt_ir_stage *stage_add(mt_ir_graph *g,
                              const char *name,
                              const char *path,
                              size_t off,
                              size_t len)
{
	mt_ir_stage s;

	memset(&s, 0, sizeof(s));
	s.name = mt_strdup(name);
	s.path = mt_strdup(path);
	s.off = off;
	s.len = len;
	MT_PUSH(g->stages, g->nstages, g->cap, s);
	return &g->stages[g->nstages - 1];
}

static void stage_release(mt_ir_stage *s)
{
	size_t k;

	free(s->name);
	free(s->path);
	free(s->cut);
	for (k = 0; k < s->nparts; k++)
		stage_release(&s->parts[k]);
	free(s->parts);
}

void mt_ir_input_free(mt_ir_input *in)
{
	size_t i, k;

	if (!in)
		return;
	for (i = 0; i < in->ngraphs; i++) {
		mt_ir_graph *g = &in->graphs[i];

		for (k = 0; k < g->nstages; k++)
			stage_release(&g->stages[k]);
		for (k = 0; k < g->nmojo; k++)
			free(g->mojo[k]);
		free(g->stages);
		free(g->mojo);
		free(g->name);
	}
	for (i = 0; i < in->nnotes; i++)
		free(in->notes[i]);
	free(in->notes);
	if (in->index) {
		mt_map_release(in->index);
		free(in->index);
	}
	free(in->graphs);
	for (i = 0; i < in->ncuts; i++)
		ir_cutindex_free(in->cuts[i]);
	free(in->cuts);
	ir_capture_free(in->capture);
	free(in);
}

/* ---- text access ---- */

/* Map the file of stage s: t->map is the whole file, t->ptr its range. */
static int text_map(mt_ir_text *t, const mt_ir_stage *s, mt_error *err)
{
	struct stat st;
	int fd;
	void *map;
	size_t off, len;

	memset(t, 0, sizeof(*t));
	fd = open(s->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return mt_error_set(
		        err, errno == ENOENT ? MT_ENOTFOUND : MT_EIO,
		        "cannot open '%s': %s", s->path, strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return mt_error_set(err, MT_EIO, "cannot read '%s': %s",
		                    s->path,
		                    S_ISDIR(st.st_mode) ? "is a directory"
		                                        : strerror(errno));
	}
	off = s->off;
	len = s->len;
	if (off > (size_t)st.st_size)
		off = (size_t)st.st_size;
	if (len > (size_t)st.st_size - off)
		len = (size_t)st.st_size - off;
	if (!st.st_size) {
		close(fd);
		t->ptr = "";
		return 0;
	}
	/* One mapping of the whole file: the kernel pages it in as the
	 * parser walks it, and nothing is copied. */
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return mt_error_set(err, MT_EIO, "cannot map '%s': %s", s->path,
		                    strerror(errno));
	t->map = map;
	t->maplen = (size_t)st.st_size;
	t->ptr = (const char *)map + off;
	t->len = len;
	return 0;
}

/* How a stage's text is wanted (text_open). */
enum {
	TEXT_PART = 1, /* a part of a rebuilt stage's, read again */
	TEXT_LEAN = 2 /* to be parsed: a cut op with only its aliases */
};

static int
text_open(mt_ir_text *t, const mt_ir_stage *s, int how, mt_error *err);

/* Append the text of stage f to *cat as a dump of a capture: with its
 * header line (a tree file starts with one; one is made if not). */
static int put_dump(mt_buf *cat, const mt_ir_stage *f, int how, mt_error *err)
{
	mt_ir_text t;
	int rc;

	rc = text_open(&t, f, how | TEXT_PART, err);
	if (rc)
		return rc;
	if (t.len < strlen(IR_DUMP_MARK) ||
	    memcmp(t.ptr, IR_DUMP_MARK, strlen(IR_DUMP_MARK)))
		mt_buf_puts(cat, IR_DUMP_MARK "After part //----- //\n");
	mt_buf_put(cat, t.ptr, t.len);
	if (t.len && t.ptr[t.len - 1] != '\n')
		mt_buf_putc(cat, '\n');
	mt_ir_text_release(&t);
	return 0;
}

/* The text of a rebuilt tree stage (s->parts): the files read one after
 * the other are an after-all capture, and the stage is its last
 * snapshot (capture.c). how: TEXT_PART when the text is a part of
 * another rebuilt stage's, read again by indentation; TEXT_LEAN. */
static int
rebuild_text(mt_buf *out, const mt_ir_stage *s, int how, mt_error *err)
{
	mt_buf cat = MT_BUF_INIT;
	mt_ir_capture *c = NULL;
	mt_ir_stage base;
	size_t k, blen;
	int rc;

	memset(&base, 0, sizeof(base));
	base.path = s->path;
	base.len = SIZE_MAX;
	base.cut = s->cut;
	base.cutidx = s->cutidx;
	rc = put_dump(&cat, &base, how & TEXT_LEAN, err);
	blen = cat.len;
	for (k = 0; !rc && k < s->nparts; k++)
		rc = put_dump(&cat, &s->parts[k], how & TEXT_LEAN, err);
	if (rc)
		goto out;
	c = ir_capture_scan(cat.ptr, cat.len, 0);
	/* the parts go into the base's op, whatever op it is (a scope's
	 * own, not only a module), when the base has one */
	if (c && s->in_base && c->dumps[0].off < blen && c->n > 1) {
		for (k = 1; k < c->n; k++)
			c->dumps[k].base = 0;
		/* a part is read again, by indentation (a stage is parsed, as
		 * the after-all reader's snapshots are) */
		c->tree = 1;
		c->reindent = (how & TEXT_PART) != 0;
		ir_capture_compose(out, c, c->n - 1, cat.ptr);
		goto out;
	}
	if (!c || c->dumps[c->n - 1].module) {
		/* no op to put in (or the last dump is a module): as read */
		const ir_dump *d = c ? &c->dumps[c->n - 1] : NULL;

		if (d)
			mt_buf_put(out, cat.ptr + d->off, d->len);
		goto out;
	}
	ir_capture_compose(out, c, c->n - 1, cat.ptr);
out:
	ir_capture_free(c);
	mt_buf_release(&cat);
	return rc;
}

int mt_ir_text_open(mt_ir_text *t, const mt_ir_stage *s, mt_error *err)
{
	return text_open(t, s, 0, err);
}

static int
text_open(mt_ir_text *t, const mt_ir_stage *s, int how, mt_error *err)
{
	int rc;

	if (s->nparts) {
		mt_buf b = MT_BUF_INIT;

		memset(t, 0, sizeof(*t));
		rc = rebuild_text(&b, s, how, err);
		if (rc) {
			mt_buf_release(&b);
			return rc;
		}
		t->len = b.len;
		t->own = mt_buf_detach(&b);
		t->ptr = t->own ? t->own : "";
		return 0;
	}
	rc = text_map(t, s, err);
	if (rc)
		return rc;
	if (s->capture && t->map) {
		const char *map = t->map;
		mt_buf b = MT_BUF_INIT;

		ir_capture_compose(&b, s->capture, s->dump, map);
		munmap(t->map, t->maplen);
		t->map = NULL;
		t->maplen = 0;
		t->len = b.len;
		t->own = mt_buf_detach(&b);
		t->ptr = t->own;
	} else if (s->cut) {
		mt_buf b = MT_BUF_INIT;

		ir_capture_cut_at(&b, s->cutidx, t->ptr, t->len, s->cut,
		                  (how & TEXT_LEAN) != 0);
		if (t->map)
			munmap(t->map, t->maplen);
		t->map = NULL;
		t->maplen = 0;
		t->len = b.len;
		t->own = mt_buf_detach(&b);
		t->ptr = t->own ? t->own : "";
	}
	return 0;
}

int ir_stage_text_stream(const mt_ir_stage *s,
                         void (*sink)(void *payload, const char *p, size_t n),
                         void *payload,
                         mt_error *err)
{
	mt_ir_text t;
	size_t off = 0;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	int rc;

	if (s->capture && !s->nparts) {
		rc = text_map(&t, s, err);
		if (rc)
			return rc;
		if (t.map)
			ir_capture_compose_stream(s->capture, s->dump, t.map,
			                          sink, payload);
		mt_ir_text_release(&t);
		return 0;
	}
	rc = mt_ir_text_open(&t, s, err);
	if (rc)
		return rc;
	/* a mapped file is read once: its pages are handed back behind */
	while (off < t.len) {
		size_t k = t.len - off < ((size_t)4 << 20) ? t.len - off
		                                           : (size_t)4 << 20;
		uintptr_t lo, hi;

		sink(payload, t.ptr + off, k);
		off += k;
		if (!t.map)
			continue;
		lo = (uintptr_t)t.map;
		hi = ((uintptr_t)t.ptr + off) & ~(page - 1);
		if (hi > lo)
			madvise((void *)lo, hi - lo, MADV_DONTNEED);
	}
	mt_ir_text_release(&t);
	return 0;
}

void mt_ir_text_release(mt_ir_text *t)
{
	if (t->map)
		munmap(t->map, t->maplen);
	free(t->own);
	memset(t, 0, sizeof(*t));
}

int ir_stage_delta(const mt_ir_stage *a,
                   const mt_ir_stage *b,
                   const mt_ir_capture *c,
                   int traced,
                   uint64_t **keys,
                   size_t *nkeys,
                   mt_error *err)
{
	mt_ir_text t;
	int rc;

	*keys = NULL;
	*nkeys = 0;
	if (!c || strcmp(a->path, b->path) || text_map(&t, b, err))
		return 0;
	rc = t.map ? ir_capture_delta(c, a->dump, b->dump, t.map, traced, keys,
	                              nkeys)
	           : 0;
	mt_ir_text_release(&t);
	return rc;
}

int ir_stage_same(const mt_ir_stage *a,
                  const mt_ir_stage *b,
                  const mt_ir_capture *c)
{
	mt_ir_text t;
	mt_error e;
	int rc;

	if (!c || strcmp(a->path, b->path) || text_map(&t, b, &e))
		return 0;
	rc = t.map ? ir_capture_same(c, a->dump, b->dump, t.map) : 0;
	mt_ir_text_release(&t);
	return rc;
}

int ir_stage_parse_only(mt_ir_module **out,
                        const mt_ir_stage *s,
                        const mt_ir_capture *c,
                        const uint64_t *keys,
                        size_t nkeys,
                        mt_error *err)
{
	mt_ir_text t;
	mt_buf b = MT_BUF_INIT;
	int rc;

	*out = NULL;
	rc = text_map(&t, s, err);
	if (rc)
		return rc;
	if (t.map)
		ir_capture_compose_only(&b, c, s->dump, t.map, keys, nkeys);
	mt_ir_text_release(&t);
	rc = ir_parse(out, b.ptr ? b.ptr : "", b.len, 0, err);
	mt_buf_release(&b);
	return rc;
}

int mt_ir_stage_parse(mt_ir_module **out, const mt_ir_stage *s, mt_error *err)
{
	return ir_stage_parse_progress(out, s, NULL, NULL, NULL, err);
}

int ir_stage_parse_progress(mt_ir_module **out,
                            const mt_ir_stage *s,
                            ir_progress_fn progress,
                            void *payload,
                            mt_ir_module *spare,
                            mt_error *err)
{
	mt_ir_text t;
	int rc;

	*out = NULL;
	/* a cut op is parsed with the aliases it uses, not every alias of
	 * its file (the same ops, locations and attributes) */
	rc = text_open(&t, s, TEXT_LEAN, err);
	if (rc) {
		mt_ir_module_free(spare);
		return rc;
	}
	if (progress)
		progress(payload, 0, t.len);
	rc = ir_parse_progress(out, t.ptr, t.len, t.map != NULL, progress,
	                       payload, spare, err);
	if (progress)
		progress(payload, t.len, t.len);
	mt_ir_text_release(&t);
	return rc;
}

/* ---- after-all captures ---- */

/* The capture at p (len bytes of path) as one graph of whole-module
 * snapshots (capture.c). Returns -1 (in unchanged) if it holds no dump. */
static int open_capture(
        mt_ir_input *in, const char *path, const char *p, size_t len, int drop)
{
	mt_ir_capture *c = ir_capture_scan(p, len, drop);
	mt_ir_graph *g;
	size_t i;

	if (!c)
		return -1;
	in->layout = MT_IR_LAYOUT_AFTERALL;
	g = graph_get(in, "builtin.module", 14);
	for (i = 0; i < c->n; i++) {
		const ir_dump *d = &c->dumps[i];
		mt_ir_stage *s;

		if (!d->stage)
			continue;
		s = stage_add(g, d->name, path, d->off, d->len);
		s->order = d->off + 1;
		s->dump = i;
		/* a module dump is its own text */
		if (!d->module)
			s->capture = c;
	}
	in->capture = c;
	return 0;
}

/* ---- directories ---- */

typedef struct dent {
	char *rel; /* path relative to the root */
	char *base; /* last component (points into rel) */
} dent;

typedef struct dlist {
	dent *items;
	size_t n, cap;
} dlist;

static void walk(const char *root, const char *rel, int depth, dlist *out)
{
	mt_buf path = MT_BUF_INIT;
	DIR *d;
	struct dirent *e;

	if (depth > 32)
		return;
	mt_buf_printf(&path, "%s%s%s", root, *rel ? "/" : "", rel);
	d = opendir(path.ptr);
	mt_buf_release(&path);
	if (!d)
		return;
	while ((e = readdir(d))) {
		mt_buf r = MT_BUF_INIT, full = MT_BUF_INIT;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		mt_buf_printf(&r, "%s%s%s", rel, *rel ? "/" : "", e->d_name);
		mt_buf_printf(&full, "%s/%s", root, r.ptr);
		if (!stat(full.ptr, &st) && S_ISDIR(st.st_mode)) {
			walk(root, r.ptr, depth + 1, out);
			mt_buf_release(&r);
		} else if (!stat(full.ptr, &st) && S_ISREG(st.st_mode)) {
			dent de;

			de.rel = mt_buf_detach(&r);
			de.base = strrchr(de.rel, '/');
			de.base = de.base ? de.base + 1 : de.rel;
			MT_PUSH(out->items, out->n, out->cap, de);
		} else {
			mt_buf_release(&r);
		}
		mt_buf_release(&full);
	}
	closedir(d);
}

static int ends_with(const char *s, const char *t)
{
	size_t n = strlen(s), k = strlen(t);

	return n >= k && !strcmp(s + n - k, t);
}

/* "0_1_canonicalize.mlir": counters then the pass argument. */
static int tree_name(const char *base, const char **pass)
{
	const char *p = base;

	if (!ends_with(base, ".mlir") || !(*p >= '0' && *p <= '9'))
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
	const dent *a = x, *b = y;
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
			if (!gr->stages[k].order) {
				stage_release(&gr->stages[k]);
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
		all[k].s->order = k + 1;
		if (k && all[k].graph == all[k - 1].graph &&
		    !strncmp(all[k].s->name, "before:", 7) &&
		    strncmp(all[k - 1].s->name, "before:", 7)) {
			all[k].s->order = 0;
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

	if (!in->index)
		return NULL;
	for (;;) {
		uint32_t i = mt_map_get(in->index, h);

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
	s.order = src->order;
	s.foreign = s.synthetic = 1;
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
	size_t hi = gr->stages[0].order, i, np = 0, cap = 0;
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
		part.cut = d->cut ? mt_strdup(d->cut) : NULL;
		MT_PUSH(parts, np, cap, part);
	}
	if (!last || is_before(&gr->stages[0])) {
		while (np)
			stage_release(&parts[--np]);
		free(parts);
		return 0;
	}
	*out = made_stage(last, base->path);
	out->parts = parts;
	out->nparts = np;
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

	if (d->cut)
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
		p.cut = d->cut ? mt_strdup(d->cut) : NULL;
		lo = x->all[c->own].order;
	} else {
		if (bcut)
			mt_buf_printf(&cut, "%s/", bcut);
		mt_buf_put(&cut, c->comp, c->len);
		p.path = mt_strdup(bpath);
		p.cut = mt_buf_detach(&cut);
	}
	if (c->deep != SIZE_MAX)
		scope_parts(&pl, x, sub.ptr, p.path, p.cut, lo, hi, depth + 1);
	p.parts = pl.v;
	p.nparts = pl.n;
	p.in_base = 1;
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
				p.cut = d->cut ? mt_strdup(d->cut) : NULL;
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
	size_t lo = prev ? prev->order : 0, hi = cur->order, i, j;
	partlist pl = { NULL, 0, 0 };
	const char *bpath;
	char *bcut;

	/* the latest dump of an enclosing scope since stage k - 1 */
	for (i = 0; i < nanc; i++)
		for (j = 0; j < anc[i]->nstages; j++) {
			const mt_ir_stage *d = &anc[i]->stages[j];

			if (d->order > lo && d->order < hi &&
			    (!src || d->order > src->order)) {
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
	           : (prev->cut ? mt_strdup(prev->cut) : NULL);
	if (src)
		lo = src->order;
	scope_parts(&pl, x, gr->name, bpath, bcut, lo, hi, 0);
	if ((!src && !pl.n) || is_before(cur)) {
		*foreign = (src || pl.n) && k && x->has_after;
		while (pl.n)
			stage_release(&pl.v[--pl.n]);
		free(pl.v);
		free(bcut);
		return 0;
	}
	last = pl.n ? last_nested(x, gr->name, lo, hi) : src;
	*out = made_stage(last, bpath);
	out->cut = bcut;
	out->parts = pl.v;
	out->nparts = pl.n;
	out->in_base = pl.n != 0;
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

			w.order = in->graphs[g].stages[k].order;
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

			if (rebuild_stage(&made, &cur.foreign, &x, gr, k, anc,
			                  nanc))
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

	if (s->cut)
		MT_PUSH(*v, *n, *cap, s);
	for (k = 0; k < s->nparts; k++)
		cut_stages(&s->parts[k], v, n, cap);
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
		MT_PUSH(in->cuts, in->ncuts, in->cap_cuts, x);
		for (k = i; k < j; k++) {
			ir_cutindex_want(x, v[k]->cut);
			v[k]->cutidx = x;
		}
	}
	free(v);
}

static int open_tree(mt_ir_input *in, const char *root, dlist *dl)
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

		if (!tree_name(dl->items[i].base, &pass))
			continue;
		mt_buf_clear(&full);
		mt_buf_printf(&full, "%s/%s", root, dl->items[i].rel);
		whole = tree_stage_name(full.ptr, pass, &name);
		s = stage_add(
		        graph_get(in, sl ? dl->items[i].rel : ".", sl ? sl : 1),
		        name.ptr, full.ptr, 0, SIZE_MAX);
		/* module-scope printing: a nested scope's file holds the
		 * whole module; the scope's graph is its op, found by its
		 * path below the module ("gpu_module_k/gpu_func_f") */
		inner = sl ? memchr(dl->items[i].rel, '/', sl) : NULL;
		if (whole && inner)
			s->cut = mt_strndup(
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

typedef struct maxfile {
	char *graph, *stage, *path;
	int rank, rep, mojo;
	double key;
} maxfile;

static int maxfile_cmp(const void *x, const void *y)
{
	const maxfile *a = x, *b = y;
	int c = strcmp(a->graph, b->graph);

	if (c)
		return c;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->rep != b->rep)
		return a->rep < b->rep ? -1 : 1;
	return strcmp(a->stage, b->stage);
}

/* Where an unknown stage sits, judged by the dialects of its ops:
 * between the known stages whose dialects it shares. */
static double content_key(const char *path, const char **after)
{
	mt_ir_stage s;
	mt_ir_module *m = NULL;
	size_t i, count[4] = { 0, 0, 0, 0 }, best = 0;
	static const double keys[4] = { 1.5, 3.5, 4.5, 5.5 };
	static const char *const names[4] = { "mo-pre-mogg", "mogg-pre-mgp",
		                              "mgp", "mgp" };

	memset(&s, 0, sizeof(s));
	s.path = (char *)path;
	s.len = SIZE_MAX;
	*after = names[0];
	if (mt_ir_stage_parse(&m, &s, NULL))
		return keys[0];
	for (i = 0; i < m->nops; i++) {
		const char *n = mt_ir_str_get(m, m->ops[i].name);
		size_t dl = mt_ir_dialect_len(n);

		if ((dl == 2 && !memcmp(n, "mo", 2)) ||
		    (dl == 3 && !memcmp(n, "rmo", 3)))
			count[0]++;
		else if (dl == 4 && !memcmp(n, "mogg", 4))
			count[1]++;
		else if (dl == 3 && !memcmp(n, "mgp", 3))
			count[2]++;
		else if (dl == 4 &&
		         (!memcmp(n, "kgen", 4) || !memcmp(n, "llvm", 4)))
			count[3]++;
		else if (dl == 3 && !memcmp(n, "pop", 3))
			count[3]++;
	}
	mt_ir_module_free(m);
	for (i = 1; i < 4; i++)
		if (count[i] > count[best])
			best = i;
	*after = names[best];
	return keys[best];
}

static int open_max(mt_ir_input *in, const char *root, dlist *dl)
{
	maxfile *fs = NULL;
	size_t nfs = 0, cap = 0, i;
	mt_buf full = MT_BUF_INIT;

	in->layout = MT_IR_LAYOUT_MAX;
	for (i = 0; i < dl->n; i++) {
		const char *base = dl->items[i].base;
		char *b, *dot, *us;
		maxfile f;
		int mojo = ends_with(base, ".mojo");

		if (strchr(dl->items[i].rel, '/'))
			continue;
		if (!mojo && !ends_with(base, ".mlir"))
			continue;
		memset(&f, 0, sizeof(f));
		b = mt_strndup(base, strlen(base) - 5);
		/* "<graph>.<stage>[_N]": the stage is after the last dot */
		dot = strrchr(b, '.');
		f.stage = mt_strdup(dot ? dot + 1 : "");
		if (dot)
			*dot = '\0';
		f.graph = b;
		us = strrchr(f.stage, '_');
		if (us && us[1]) {
			char *e;
			long r = strtol(us + 1, &e, 10);

			if (!*e && r >= 0) {
				f.rep = (int)r + 1;
				*us = '\0';
			}
		}
		mt_buf_clear(&full);
		mt_buf_printf(&full, "%s/%s", root, base);
		f.path = mt_strdup(full.ptr);
		f.mojo = mojo;
		f.rank = mt_ir_max_stage_rank(f.stage);
		if (mojo) {
			f.key = 6;
		} else if (f.rank >= 0) {
			f.key = f.rank;
		} else {
			const char *after;

			f.key = content_key(f.path, &after);
			note(in,
			     "unknown stage '%s' of graph '%s' placed after "
			     "'%s' by the dialects of its ops",
			     f.stage, f.graph, after);
		}
		MT_PUSH(fs, nfs, cap, f);
	}
	if (nfs) /* qsort(NULL, 0, ...) is undefined behaviour */
		qsort(fs, nfs, sizeof(*fs), maxfile_cmp);
	for (i = 0; i < nfs; i++) {
		mt_ir_graph *g =
		        graph_get(in, fs[i].graph, strlen(fs[i].graph));

		if (fs[i].mojo) {
			MT_PUSH(g->mojo, g->nmojo, g->cap_mojo, fs[i].path);
			fs[i].path = NULL;
		} else {
			mt_buf name = MT_BUF_INIT;

			mt_buf_puts(&name, fs[i].stage);
			if (fs[i].rep)
				mt_buf_printf(&name, "_%d", fs[i].rep - 1);
			stage_add(g, name.ptr, fs[i].path, 0, SIZE_MAX)
			        ->unknown = fs[i].rank < 0;
			mt_buf_release(&name);
		}
		free(fs[i].graph);
		free(fs[i].stage);
		free(fs[i].path);
	}
	free(fs);
	mt_buf_release(&full);
	return nfs ? 0 : -1;
}

static int open_dir(mt_ir_input *in, const char *root, mt_error *err)
{
	dlist dl = { NULL, 0, 0 };
	size_t i, ntree = 0, nmax = 0;
	int rc;

	walk(root, "", 0, &dl);
	for (i = 0; i < dl.n; i++) {
		const char *pass;

		if (tree_name(dl.items[i].base, &pass))
			ntree++;
		else if (!strchr(dl.items[i].rel, '/') &&
		         (ends_with(dl.items[i].base, ".mlir") ||
		          ends_with(dl.items[i].base, ".mojo")))
			nmax++;
	}
	if (ntree > nmax)
		rc = open_tree(in, root, &dl);
	else
		rc = open_max(in, root, &dl);
	for (i = 0; i < dl.n; i++)
		free(dl.items[i].rel);
	free(dl.items);
	if (rc)
		return mt_error_set(err, MT_EFORMAT,
		                    "cannot find stages in '%s': no "
		                    "<graph>.<stage>.mlir or "
		                    "<counters>_<pass>.mlir files",
		                    root);
	return 0;
}

int mt_ir_input_open(mt_ir_input **out,
                     const char *const *paths,
                     size_t n,
                     mt_error *err)
{
	mt_ir_input *in = mt_calloc(1, sizeof(*in));
	struct stat st;
	size_t i;
	int rc = 0;

	*out = NULL;
	for (i = 0; i < n; i++) {
		if (stat(paths[i], &st)) {
			rc = mt_error_set(
			        err, errno == ENOENT ? MT_ENOTFOUND : MT_EIO,
			        "cannot read '%s': %s", paths[i],
			        strerror(errno));
			goto out;
		}
		if (S_ISDIR(st.st_mode) && n > 1) {
			rc = mt_error_set(err, MT_EUSAGE,
			                  "cannot take directory '%s' with "
			                  "other inputs: give one directory or "
			                  "several files",
			                  paths[i]);
			goto out;
		}
	}
	if (n == 1 && S_ISDIR(st.st_mode)) {
		rc = open_dir(in, paths[0], err);
		goto out;
	}
	if (n == 1) {
		mt_ir_stage s;
		mt_ir_text t;

		memset(&s, 0, sizeof(s));
		s.path = (char *)paths[0];
		s.len = SIZE_MAX;
		rc = mt_ir_text_open(&t, &s, err);
		if (rc)
			goto out;
		if (memmem(t.ptr, t.len, IR_DUMP_MARK, strlen(IR_DUMP_MARK)) &&
		    !open_capture(in, paths[0], t.ptr, t.len, t.map != NULL)) {
			mt_ir_text_release(&t);
			goto out;
		}
		mt_ir_text_release(&t);
	}
	in->layout = MT_IR_LAYOUT_FILES;
	{
		mt_ir_graph *g = graph_get(in, "files", 5);

		for (i = 0; i < n; i++) {
			const char *b = strrchr(paths[i], '/');

			stage_add(g, b ? b + 1 : paths[i], paths[i], 0,
			          SIZE_MAX);
		}
	}
out:
	if (rc) {
		mt_ir_input_free(in);
		return rc;
	}
	*out = in;
	return 0;
}
