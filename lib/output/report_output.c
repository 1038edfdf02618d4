/* report_output.c - `maxtriage report`: crash reports with their IR. */
#include "maxtriage/join.h"

#include "output_int.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static json_t *str(const char *s)
{
	return mt_json_text(s);
}

static json_t *member_json(const mt_join_member *m)
{
	json_t *o = json_object(), *locs = json_array();
	size_t i;

	json_object_set_new(o, "op", str(m->op));
	json_object_set_new(o, "symbol", str(m->sym));
	json_object_set_new(o, "device", str(m->device));
	for (i = 0; i < m->nlocs; i++)
		json_array_append_new(locs, str(m->locs[i]));
	json_object_set_new(o, "locs", locs);
	return o;
}

void mt_report_render_json(mt_buf *out,
                           const char *stack_json,
                           const char *irdiff_json,
                           const mt_join_set *js)
{
	json_t *root = json_object(), *joins = json_array();
	json_t *stack = json_loads(stack_json, 0, NULL);
	json_t *ir = irdiff_json ? json_loads(irdiff_json, 0, NULL) : NULL;
	size_t i, k, m;

	json_object_set_new(root, "schema", json_string(MT_REPORT_SCHEMA));
	json_object_set_new(root, "stack", stack ? stack : json_null());
	json_object_set_new(root, "irdiff", ir ? ir : json_null());
	for (i = 0; i < js->n; i++) {
		const mt_join *j = &js->joins[i];
		json_t *o = json_object(), *hits = json_array();

		json_object_set_new(o, "report",
		                    json_integer((json_int_t)j->report));
		json_object_set_new(o, "key", str(j->key));
		json_object_set_new(o, "source", str(j->source));
		for (k = 0; k < j->nhits; k++) {
			const mt_join_hit *h = &j->hits[k];
			json_t *ho = json_object();

			json_object_set_new(ho, "graph", str(h->graph));
			json_object_set_new(
			        ho, "type",
			        json_string(h->fusion ? "fusion" : "op"));
			if (h->fusion) {
				json_t *mem = json_array();

				json_object_set_new(
				        ho, "fused_at",
				        json_pack("{s:o,s:o}", "from",
				                  str(h->from_stage), "to",
				                  str(h->to_stage)));
				json_object_set_new(ho, "into",
				                    member_json(&h->op));
				for (m = 0; m < h->nmembers; m++)
					json_array_append_new(
					        mem,
					        member_json(&h->members[m]));
				json_object_set_new(ho, "members", mem);
			} else {
				json_object_set_new(ho, "op",
				                    member_json(&h->op));
				json_object_set_new(ho, "first_stage",
				                    str(h->from_stage));
				json_object_set_new(ho, "last_stage",
				                    str(h->to_stage));
				json_object_set_new(
				        ho, "stages",
				        json_integer((json_int_t)h->nstages));
			}
			json_array_append_new(hits, ho);
		}
		json_object_set_new(o, "matches", hits);
		json_array_append_new(joins, o);
	}
	json_object_set_new(root, "joins", joins);
	(void)mt_json_emit(out, root);
}

static void locs_text(mt_buf *b, const mt_join_member *m)
{
	size_t i;

	if (!m->nlocs)
		return;
	mt_buf_puts(b, " at ");
	for (i = 0; i < m->nlocs; i++)
		mt_buf_printf(b, "%s%s", i ? ", " : "", m->locs[i]);
}

static void joins_body(mt_buf *b, const mt_join_set *js, size_t report, int md)
{
	size_t i, k, m;
	const char *bullet = md ? "- " : "  ";

	for (i = 0; i < js->n; i++) {
		const mt_join *j = &js->joins[i];

		if (j->report != report)
			continue;
		mt_buf_printf(b, "%s%s%s %s%s%s: ", bullet, md ? "**" : "",
		              j->source, md ? "`" : "'", j->key,
		              md ? "`**" : "'");
		if (!j->nhits) {
			mt_buf_puts(b, "not found in the IR stages\n");
			continue;
		}
		mt_buf_printf(b, "%zu match%s\n", j->nhits,
		              j->nhits == 1 ? "" : "es");
		for (k = 0; k < j->nhits; k++) {
			const mt_join_hit *h = &j->hits[k];
			const char *ind = md ? "  - " : "      ";

			if (h->fusion) {
				mt_buf_printf(b,
				              "%sgraph %s: fused into %s%s%s",
				              ind, h->graph, h->op.op,
				              h->op.sym ? " @" : "",
				              h->op.sym ? h->op.sym : "");
				if (h->op.device)
					mt_buf_printf(b, " on %s",
					              h->op.device);
				mt_buf_printf(b, " at stage %s -> %s\n",
				              h->from_stage, h->to_stage);
				for (m = 0; m < h->nmembers; m++) {
					mt_buf_printf(b, "%s  member %s",
					              md ? "    " : ind,
					              h->members[m].op);
					if (h->members[m].device)
						mt_buf_printf(
						        b, " on %s",
						        h->members[m].device);
					locs_text(b, &h->members[m]);
					mt_buf_putc(b, '\n');
				}
			} else {
				mt_buf_printf(b, "%sgraph %s: %s%s%s", ind,
				              h->graph, h->op.op,
				              h->op.sym ? " @" : "",
				              h->op.sym ? h->op.sym : "");
				if (h->op.device)
					mt_buf_printf(b, " on %s",
					              h->op.device);
				locs_text(b, &h->op);
				mt_buf_printf(b, ", stages %s .. %s (%zu)\n",
				              h->from_stage, h->to_stage,
				              h->nstages);
			}
		}
	}
}

static void render(mt_buf *out,
                   const char *stack_part,
                   const mt_report *reports,
                   const mt_join_set *js,
                   int md)
{
	size_t r, nrep = 0;

	mt_buf_puts(out, stack_part);
	for (r = 0; r < js->n; r++)
		if (js->joins[r].report + 1 > nrep)
			nrep = js->joins[r].report + 1;
	for (r = 0; r < nrep; r++) {
		mt_buf_printf(
		        out,
		        md ? "\n### Report %zu in the compiler's IR (%s)\n\n"
		           : "\nreport %zu in the IR (%s):\n",
		        r + 1, reports[r].kind ? reports[r].kind : "unknown");
		joins_body(out, js, r, md);
	}
	if (!js->n)
		mt_buf_puts(
		        out,
		        "\nno kernel, op in flight or crash-point function to look up in the IR\n");
}

void mt_report_render_text(mt_buf *out,
                           const char *stack_text,
                           const mt_report *reports,
                           const mt_join_set *js)
{
	render(out, stack_text, reports, js, 0);
}

void mt_report_render_markdown(mt_buf *out,
                               const char *stack_md,
                               const mt_report *reports,
                               const mt_join_set *js)
{
	render(out, stack_md, reports, js, 1);
}
