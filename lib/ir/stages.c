/*
 * stages.c - what an input holds: its graphs (found by name through a
 * hash index: a tree of 50,000 function scopes is 50,000 graphs), their
 * stages, its notes, and their release. input.c, tree.c and maxdir.c
 * fill them.
 */
#include "input_int.h"
#include "llvmir_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

void ir_input_note(mt_ir_input *in, const char *fmt, ...)
{
	mt_buf b = MT_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	mt_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	MT_PUSH(in->notes, in->nnotes, in->cap_notes, mt_buf_detach(&b));
}

/* A tree of 50,000 function scopes is 50,000 graphs: find them by hash. */
mt_ir_graph *ir_graph_get(mt_ir_input *in, const char *name, size_t n)
{
	uint64_t h = mt_hash_bytes(MT_HASH_SEED, name, n);
	mt_ir_graph g;

	struct mt_ir_input_int *x = ir_input_int(in);

	if (!x->index)
		x->index = mt_calloc(1, sizeof(*x->index));
	for (;;) {
		int found;
		size_t slot =
		        mt_map_slot(x->index, h, (uint32_t)in->ngraphs, &found);
		uint32_t i = *mt_map_val(x->index, slot);

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

mt_ir_stage *ir_stage_add(mt_ir_graph *g,
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

void ir_stage_release(mt_ir_stage *s)
{
	size_t k;

	if (s->borrowed)
		return; /* the input's (ir_capture_free) */
	free(s->name);
	free(s->path);
	if (s->src) {
		free(s->src->cut);
		for (k = 0; k < s->src->nparts; k++)
			ir_stage_release(&s->src->parts[k]);
		free(s->src->parts);
		free(s->src);
	}
}

void mt_ir_input_free(mt_ir_input *in)
{
	size_t i, k;

	if (!in)
		return;
	for (i = 0; i < in->ngraphs; i++) {
		mt_ir_graph *g = &in->graphs[i];

		for (k = 0; k < g->nstages; k++)
			ir_stage_release(&g->stages[k]);
		for (k = 0; k < g->nmojo; k++)
			free(g->mojo[k]);
		free(g->stages);
		free(g->mojo);
		free(g->name);
	}
	for (i = 0; i < in->nnotes; i++)
		free(in->notes[i]);
	free(in->notes);
	if (in->priv && in->priv->index) {
		mt_map_release(in->priv->index);
		free(in->priv->index);
	}
	free(in->graphs);
	if (in->priv) {
		for (i = 0; i < in->priv->ncuts; i++)
			ir_cutindex_free(in->priv->cuts[i]);
		free(in->priv->cuts);
		ir_capture_free(in->priv->capture);
		ir_llcap_free(in->priv->llcap);
		free(in->priv);
	}
	free(in);
}

mt_ir_stage_src *ir_src_w(mt_ir_stage *s)
{
	if (!s->src)
		s->src = mt_calloc(1, sizeof(*s->src));
	return s->src;
}

struct mt_ir_input_int *ir_input_int(mt_ir_input *in)
{
	if (!in->priv)
		in->priv = mt_calloc(1, sizeof(*in->priv));
	return in->priv;
}

int ir_ends_with(const char *s, const char *t)
{
	size_t n = strlen(s), k = strlen(t);

	return n >= k && !strcmp(s + n - k, t);
}
