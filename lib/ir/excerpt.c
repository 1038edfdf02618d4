/*
 * excerpt.c - the stage texts a side-by-side view embeds, cut to a
 * budget, so that a renderer only reads them. Each stage is mapped only
 * while its excerpt is copied: a capture holds every stage in one file,
 * and keeping a mapping of it per stage would multiply its size.
 */
#include "maxtriage/irdiff.h"

#include "maxtriage/common.h"

#include <stdlib.h>
#include <string.h>

void mt_irdiff_excerpts_load(mt_irdiff_excerpts *out,
                             const mt_irdiff_report *r,
                             size_t per_stage,
                             size_t total)
{
	size_t g, i, used = 0;

	memset(out, 0, sizeof(*out));
	out->graphs =
	        mt_calloc(r->ngraphs ? r->ngraphs : 1, sizeof(*out->graphs));
	out->nstages =
	        mt_calloc(r->ngraphs ? r->ngraphs : 1, sizeof(*out->nstages));
	out->ngraphs = r->ngraphs;
	for (g = 0; g < r->ngraphs; g++) {
		const mt_irdiff_graph *gr = &r->graphs[g];
		mt_irdiff_excerpt *x =
		        mt_calloc(gr->nstages ? gr->nstages : 1, sizeof(*x));

		out->graphs[g] = x;
		out->nstages[g] = gr->nstages;
		for (i = 0; i < gr->nstages; i++) {
			mt_ir_text t;
			mt_error err;
			size_t n;

			if (gr->stages[i].unreadable ||
			    mt_ir_text_open(&t, gr->stages[i].stage, &err) <
			            0) {
				x[i].unreadable = 1;
				continue;
			}
			/* stages in order share one budget: the first ones
			 * are shown in full, the later ones cut */
			n = t.len < per_stage ? t.len : per_stage;
			if (used + n > total)
				n = used < total ? total - used : 0;
			x[i].text = mt_strndup(t.ptr, n);
			x[i].shown = n;
			x[i].len = t.len;
			used += n;
			mt_ir_text_release(&t);
		}
	}
}

void mt_irdiff_excerpts_release(mt_irdiff_excerpts *x)
{
	size_t g, i;

	for (g = 0; x->graphs && g < x->ngraphs; g++) {
		for (i = 0; x->nstages && i < x->nstages[g]; i++)
			free(x->graphs[g][i].text);
		free(x->graphs[g]);
	}
	free(x->graphs);
	free(x->nstages);
	memset(x, 0, sizeof(*x));
}
