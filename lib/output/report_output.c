/* report_output.c - `maxtriage report`: crash reports with their IR. */
#include "maxtriage/report_output.h"

#include "maxtriage/irdiff_output.h"

static void member_json(mt_json *w, const char *key, const mt_join_member *m)
{
	size_t i;

	mt_json_object_begin(w, key);
	mt_json_string(w, "op", m->op);
	mt_json_string(w, "symbol", m->sym);
	mt_json_string(w, "device", m->device);
	mt_json_array_begin(w, "locs");
	for (i = 0; i < m->nlocs; i++)
		mt_json_string(w, NULL, m->locs[i]);
	mt_json_array_end(w);
	mt_json_object_end(w);
}

static void hit_json(mt_json *w, const mt_join_hit *h)
{
	size_t m;

	mt_json_object_begin(w, NULL);
	mt_json_string(w, "graph", h->graph);
	mt_json_string(w, "type", h->fusion ? "fusion" : "op");
	if (h->fusion) {
		mt_json_object_begin(w, "fused_at");
		mt_json_string(w, "from", h->from_stage);
		mt_json_string(w, "to", h->to_stage);
		mt_json_object_end(w);
		member_json(w, "into", &h->op);
		mt_json_array_begin(w, "members");
		for (m = 0; m < h->nmembers; m++)
			member_json(w, NULL, &h->members[m]);
		mt_json_array_end(w);
	} else {
		member_json(w, "op", &h->op);
		mt_json_string(w, "first_stage", h->from_stage);
		mt_json_string(w, "last_stage", h->to_stage);
		mt_json_uint64(w, "stages", h->nstages);
	}
	mt_json_object_end(w);
}

void mt_join_json_write(mt_json *w, const char *key, const mt_join_set *js)
{
	size_t i, k;

	mt_json_array_begin(w, key);
	for (i = 0; i < js->n; i++) {
		const mt_join *j = &js->joins[i];

		mt_json_object_begin(w, NULL);
		mt_json_uint64(w, "report", j->report);
		mt_json_string(w, "key", j->key);
		mt_json_string(w, "source", j->source);
		mt_json_array_begin(w, "matches");
		for (k = 0; k < j->nhits; k++)
			hit_json(w, &j->hits[k]);
		mt_json_array_end(w);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
}

int mt_report_render_json(mt_buf *out,
                          const mt_stack_input *stack,
                          const mt_irdiff_report *ir,
                          const mt_join_set *js)
{
	mt_json w;

	mt_json_init_buf(&w, out, MT_JSON_PRETTY);
	mt_json_object_begin(&w, NULL);
	mt_json_string(&w, "schema", MT_REPORT_SCHEMA);
	mt_json_int(&w, "signature_version", MT_SIGNATURE_VERSION);
	mt_stack_json_write(&w, "stack", stack, 1);
	if (ir)
		mt_irdiff_json_write(&w, "irdiff", ir);
	else
		mt_json_null(&w, "irdiff");
	mt_join_json_write(&w, "joins", js);
	mt_json_object_end(&w);
	return mt_json_finish(&w);
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
		        r + 1,
		        reports[r].kind ? mt_kind_name(reports[r].kind)
		                        : "unknown");
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
