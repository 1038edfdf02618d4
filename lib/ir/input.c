/*
 * input.c - find the stages in what the user named: a MAX ir-output-dir,
 * an --mlir-print-ir-tree-dir tree, one --mlir-print-ir-after-all capture,
 * or explicit files. Stages are located (path + byte range), never read
 * into memory here; mt_ir_stage_parse maps one when it is needed, so only
 * the two stages being compared are ever resident.
 */
#include "input_int.h"
#include "llvmir_int.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "maxtriage/buf.h"

/* ---- after-all captures ---- */

/* Ops first dumped after a pass ran on them (see first_seen_after). */
typedef struct unseen_ops {
	size_t n;
	mt_buf names; /* the first UNSEEN_NAMED, ", "-separated */
} unseen_ops;

#define UNSEEN_NAMED 4

/* Whether dump i is the first state of its op, dumped after a pass ran
 * on it, with no module dump before it: the op's state before that pass
 * is nowhere in the capture. Composing stands the op in that state from
 * the first snapshot on (compose.c), so as a stage it would read
 * "unchanged" whatever the pass did. The first stage is a starting
 * state anyway. */
static int first_seen_after(const mt_ir_capture *c, size_t i, size_t nstages)
{
	const ir_dump *d = &c->dumps[i];

	return nstages > 0 && !d->before && !d->module &&
	       d->prev == IR_NO_DUMP && d->base == IR_NO_DUMP;
}

static void unseen_before(unseen_ops *u, const char *stage)
{
	const char *on = stage ? strstr(stage, " on ") : NULL;

	if (u->n++ >= UNSEEN_NAMED)
		return;
	mt_buf_printf(&u->names, "%s%s", u->n > 1 ? ", " : "",
	              on      ? on + 4
	              : stage ? stage
	                      : "?");
}

/* The capture at p (len bytes of path) as one graph of whole-module
 * snapshots (capture.c). Returns -1 (in unchanged) if it holds no dump. */
static int open_capture(
        mt_ir_input *in, const char *path, const char *p, size_t len, int drop)
{
	mt_ir_capture *c = ir_capture_scan(p, len, drop);
	mt_ir_graph *g;
	unseen_ops u = { 0, MT_BUF_INIT };
	char *spath;
	size_t i;

	if (!c)
		return -1;
	in->layout = MT_IR_LAYOUT_AFTERALL;
	g = ir_graph_get(in, "builtin.module", 14);
	/* thousands of stages: each borrows its name, the path and its
	 * source part from the capture instead of holding copies */
	spath = mt_arena_strdup(&c->strs, path, strlen(path));
	c->stage_src = mt_calloc(c->n, sizeof(*c->stage_src));
	for (i = 0; i < c->n; i++) {
		const ir_dump *d = &c->dumps[i];
		mt_ir_stage s;

		if (!d->stage)
			continue;
		if (first_seen_after(c, i, g->nstages)) {
			unseen_before(&u, d->name);
			continue;
		}
		memset(&s, 0, sizeof(s));
		s.name = d->name;
		s.path = spath;
		s.off = d->off;
		s.len = d->len;
		s.borrowed = 1;
		s.src = &c->stage_src[i];
		s.src->order = d->off + 1;
		s.src->dump = i;
		/* a module dump is its own text */
		if (!d->module)
			s.src->capture = c;
		MT_PUSH(g->stages, g->nstages, g->cap, s);
	}
	MT_SHRINK(g->stages, g->nstages, g->cap);
	ir_input_int(in)->capture = c;
	if (u.n)
		ir_input_note(
		        in,
		        "%zu op%s first dumped after a pass had run on "
		        "%s, with no state before it in the capture "
		        "(%s%s): what that pass did to %s is not known, so "
		        "those dumps are starting states, not stages "
		        "(capture with --mlir-print-ir-before-all)",
		        u.n, u.n == 1 ? " was" : "s were",
		        u.n == 1 ? "it" : "them", u.names.ptr,
		        u.n > UNSEEN_NAMED ? ", ..." : "",
		        u.n == 1 ? "it" : "them");
	mt_buf_release(&u.names);
	return 0;
}

/* ---- directories ---- */

static void walk(const char *root, const char *rel, int depth, ir_dlist *out)
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
			ir_dent de;

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

static int open_dir(mt_ir_input *in, const char *root, mt_error *err)
{
	ir_dlist dl = { NULL, 0, 0 };
	size_t i, ntree = 0, nmax = 0;
	int rc;

	walk(root, "", 0, &dl);
	for (i = 0; i < dl.n; i++) {
		const char *pass;

		if (ir_tree_name(dl.items[i].base, &pass))
			ntree++;
		else if (!strchr(dl.items[i].rel, '/') &&
		         (ir_ends_with(dl.items[i].base, ".mlir") ||
		          ir_ends_with(dl.items[i].base, ".mojo")))
			nmax++;
	}
	if (ntree > nmax)
		rc = ir_open_tree(in, root, &dl);
	else
		rc = ir_open_max(in, root, &dl);
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

/* Bytes of a named file looked at before it is taken for MLIR. */
#define SNIFF_BYTES ((size_t)64 << 10)

/* Whether line [p, e) reads as MLIR: an op (results, then a name
 * dialect.op of lower-case words, or module with its brace or symbol)
 * that goes on with an operand, symbol, type or region, an alias
 * definition (#name = / !name =), or a dump header of a capture. Prose,
 * Markdown and LLVM IR lines do not. */
static int mlir_line(const char *p, const char *e)
{
	const char *q = p, *w, *dot = NULL;

	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	if (q == e || *q == '\n' || *q == '\r')
		return 0;
	if ((size_t)(e - q) >= strlen(IR_DUMP_MARK) &&
	    !memcmp(q, IR_DUMP_MARK, strlen(IR_DUMP_MARK)))
		return 1;
	if (*q == '#' || *q == '!') {
		for (w = q + 1; w < e && ir_is_suffix_char(*w); w++)
			;
		while (w < e && *w == ' ')
			w++;
		return w > q + 1 && w < e && *w == '=';
	}
	if (*q == '%') { /* results: the op comes after '=' */
		w = memchr(q, '=', (size_t)(e - q));
		if (!w)
			return 0;
		for (q = w + 1; q < e && *q == ' '; q++)
			;
	}
	if (q < e && *q == '"')
		q++;
	if (e - q > 7 && !memcmp(q, "module ", 7))
		return q[7] == '{' || q[7] == '@' || !memcmp(q + 7, "attr", 4);
	for (w = q;
	     w < e && ((*w >= 'a' && *w <= 'z') || (*w >= '0' && *w <= '9') ||
	               *w == '_' || *w == '.');
	     w++)
		if (*w == '.' && !dot)
			dot = w;
	if (!dot || dot == q || w[-1] == '.' || !(*q >= 'a' && *q <= 'z'))
		return 0;
	/* the op goes on as MLIR does */
	for (; w < e && *w != '\n'; w++)
		if (strchr("%@:({<\"", *w))
			return 1;
	return 0;
}

/* What a named file holds, by its first 64 KB (sniff). */
enum { SNIFF_MLIR, SNIFF_LLVM };

/* Refuse a file that is neither MLIR nor LLVM IR text before it is read
 * as stages: a binary, or text without a line of either in its first
 * 64 KB. *kind: SNIFF_LLVM when the first line that says which is one
 * only LLVM IR and its printers write (a dump header, "; ModuleID",
 * define, target: the last stages of a Mojo/MAX lowering), else
 * SNIFF_MLIR. MT_EUSAGE names the file and what it is. */
static int sniff(const char *path, int *kind, mt_error *err)
{
	char *buf = mt_malloc(SNIFF_BYTES + 1);
	FILE *f = fopen(path, "rb");
	size_t n = 0, lines = 0;
	const char *p, *end;
	int rc = 0, mlir = 0, llvm = 0;

	*kind = SNIFF_MLIR;
	if (f) {
		n = fread(buf, 1, SNIFF_BYTES, f);
		fclose(f);
	}
	buf[n] = '\0';
	end = buf + n;
	if (!n)
		goto out; /* an empty stage is a stage with no ops */
	if (memchr(buf, '\0', n)) {
		rc = mt_error_set(
		        err, MT_EUSAGE,
		        "cannot read '%s' as MLIR or LLVM IR: it is binary "
		        "data, not text",
		        path);
		goto out;
	}
	for (p = buf; p < end && !mlir && !llvm;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));

		e = e ? e + 1 : end;
		lines++;
		llvm = ir_llvm_line(p, e);
		mlir = !llvm && mlir_line(p, e);
		p = e;
	}
	if (llvm)
		*kind = SNIFF_LLVM;
	if (!mlir && !llvm)
		rc = mt_error_set(err, MT_EUSAGE,
		                  "cannot read '%s' as MLIR or LLVM IR: no op "
		                  "in its first %zu line%s",
		                  path, lines, lines == 1 ? "" : "s");
out:
	free(buf);
	return rc;
}

/* The stages of LLVM IR capture c of path (llvmir_capture.c marked
 * them) as one graph, "module"; -1 if there are none. in owns c. */
static int open_llcap(mt_ir_input *in, const char *path, ir_llcap *c)
{
	mt_ir_graph *g;
	size_t i;

	in->layout = MT_IR_LAYOUT_AFTERALL;
	ir_input_int(in)->llcap = c;
	g = ir_graph_get(in, "module", 6);
	for (i = 0; i < c->n; i++) {
		const ir_lldump *d = &c->d[i];
		mt_ir_stage *s;

		if (!d->stage)
			continue;
		s = ir_stage_add(g, d->name, path, d->off, d->len);
		ir_src_w(s)->llvm = 1;
		s->src->llcap = c;
		s->src->dump = i;
	}
	if (c->nloop || c->nmachine)
		ir_input_note(in,
		              "%zu loop-pass dump%s and %zu machine-code "
		              "dump%s are not stages (a loop's blocks, MIR): "
		              "what they changed shows at the function's next "
		              "dump",
		              c->nloop, c->nloop == 1 ? "" : "s", c->nmachine,
		              c->nmachine == 1 ? "" : "s");
	if (c->nunseen)
		ir_input_note(
		        in,
		        "%zu function dump%s showed a function for the "
		        "first time, after a pass had run on it, with no "
		        "module dump before: starting states, not stages "
		        "(capture with -print-module-scope, -print-changed "
		        "or -print-before-all)",
		        c->nunseen, c->nunseen == 1 ? "" : "s");
	return g->nstages ? 0 : -1;
}

/* LLVM IR files: one capture (its dumps are the stages) or .ll files,
 * each a stage. */
static int
open_llvm(mt_ir_input *in, const char *const *paths, size_t n, mt_error *err)
{
	mt_ir_graph *g;
	size_t i;

	for (i = 0; i < n; i++) {
		mt_ir_stage s;
		mt_ir_text t;
		ir_llcap *c;
		int rc;

		memset(&s, 0, sizeof(s));
		s.path = (char *)paths[i];
		s.len = SIZE_MAX;
		rc = mt_ir_text_open(&t, &s, err);
		if (rc)
			return rc;
		c = ir_llcap_scan(t.ptr, t.len);
		mt_ir_text_release(&t);
		if (c && n > 1) {
			ir_llcap_free(c);
			return mt_error_set(err, MT_EUSAGE,
			                    "cannot take LLVM IR capture '%s' "
			                    "with other inputs: give one "
			                    "capture or several .ll files",
			                    paths[i]);
		}
		if (c) {
			if (open_llcap(in, paths[i], c))
				return mt_error_set(
				        err, MT_EFORMAT,
				        "cannot find stages in LLVM IR "
				        "capture '%s': no dump of a module "
				        "or function",
				        paths[i]);
			return 0;
		}
	}
	in->layout = MT_IR_LAYOUT_FILES;
	g = ir_graph_get(in, "files", 5);
	for (i = 0; i < n; i++) {
		const char *b = strrchr(paths[i], '/');
		mt_ir_stage *s = ir_stage_add(g, b ? b + 1 : paths[i], paths[i],
		                              0, SIZE_MAX);

		ir_src_w(s)->llvm = 1;
	}
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
	int rc = 0, nllvm0 = SNIFF_MLIR;

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
	for (i = 0; i < n; i++) {
		int kind;

		if ((rc = sniff(paths[i], &kind, err)))
			goto out;
		if (i && kind != nllvm0) {
			rc = mt_error_set(err, MT_EUSAGE,
			                  "cannot compare '%s' with '%s': one "
			                  "is LLVM IR, the other MLIR",
			                  paths[0], paths[i]);
			goto out;
		}
		nllvm0 = kind;
	}
	if (nllvm0 == SNIFF_LLVM) {
		rc = open_llvm(in, paths, n, err);
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
		mt_ir_graph *g = ir_graph_get(in, "files", 5);

		for (i = 0; i < n; i++) {
			const char *b = strrchr(paths[i], '/');

			ir_stage_add(g, b ? b + 1 : paths[i], paths[i], 0,
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
