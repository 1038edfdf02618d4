/*
 * crash_ir.c - the one pipeline of `report` and `run`: a crash text and
 * the IR stages of the same run, triaged together. The stack pipeline
 * reads the text, irdiff the stages, the join finds each report's kernel,
 * ops in flight and crash-point function among them, and the next steps
 * are asked again with what the join found.
 */
#include "maxtriage/join.h"

#include <stdlib.h>
#include <string.h>

/* Whether an op found for report i in the IR carries a source location
 * (a Python call site, when MAX recorded them). */
static int has_call_sites(const mt_join_set *js, size_t i)
{
	size_t j, h, m;

	for (j = 0; j < js->n; j++) {
		const mt_join *jn = &js->joins[j];

		if (jn->report != i)
			continue;
		for (h = 0; h < jn->nhits; h++) {
			const mt_join_hit *hit = &jn->hits[h];

			if (hit->op.nlocs)
				return 1;
			for (m = 0; m < hit->nmembers; m++)
				if (hit->members[m].nlocs)
					return 1;
		}
	}
	return 0;
}

/* The next steps again, now that the join says what the IR holds. */
static void refresh_next_steps(mt_report_set *set,
                               const mt_join_set *js,
                               const mt_next_steps_opts *next)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		mt_next_steps_opts o = *next;

		o.ir_call_sites = has_call_sites(js, i);
		if (o.ir_call_sites)
			mt_triage_next_steps(&set->reports[i], &o);
	}
}

/* irdiff of the stages at path into c, or the reason it could not be. */
static void diff_stages(mt_crash_ir *c, const char *path)
{
	const char *paths[1] = { path };
	mt_error err;

	if (mt_ir_input_open(&c->in, paths, 1, &err) < 0 ||
	    mt_irdiff_run(&c->ir, c->in, &c->ir_opts, &err) < 0) {
		c->ir_note = mt_strdup(err.msg);
		mt_irdiff_report_release(&c->ir);
		mt_ir_input_free(c->in);
		c->in = NULL;
		return;
	}
	c->has_ir = 1;
}

void mt_crash_ir_run(mt_crash_ir *out,
                     const char *text,
                     size_t len,
                     const char *ir_path,
                     const mt_pipeline *p)
{
	mt_pipeline pipe = *p;

	memset(out, 0, sizeof(*out));
	if (ir_path) {
		/* the stages are at hand: never advise writing them */
		pipe.next.ir_given = 1;
		diff_stages(out, ir_path);
	}
	mt_triage_text(&out->set, text, len, &pipe);
	if (!out->has_ir)
		return;
	mt_join_reports(&out->joins, out->set.reports, out->set.n, out->in,
	                &out->ir);
	refresh_next_steps(&out->set, &out->joins, &pipe.next);
}

void mt_crash_ir_release(mt_crash_ir *c)
{
	if (!c)
		return;
	mt_join_set_release(&c->joins);
	mt_irdiff_report_release(&c->ir);
	mt_ir_input_free(c->in);
	mt_report_set_release(&c->set);
	free(c->ir_note);
	memset(c, 0, sizeof(*c));
}
