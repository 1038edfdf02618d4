/*
 * input.c - find the stages in what the user named: a MAX ir-output-dir,
 * an --mlir-print-ir-tree-dir tree, one --mlir-print-ir-after-all capture,
 * or explicit files. Stages are located (path + byte range), never read
 * into memory here; mt_ir_stage_parse maps one when it is needed, so only
 * the two stages being compared are ever resident.
 */
#include "input_int.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "maxtriage/buf.h"

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
	g = ir_graph_get(in, "builtin.module", 14);
	for (i = 0; i < c->n; i++) {
		const ir_dump *d = &c->dumps[i];
		mt_ir_stage *s;

		if (!d->stage)
			continue;
		s = ir_stage_add(g, d->name, path, d->off, d->len);
		ir_src_w(s)->order = d->off + 1;
		s->src->dump = i;
		/* a module dump is its own text */
		if (!d->module)
			s->src->capture = c;
	}
	ir_input_int(in)->capture = c;
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
