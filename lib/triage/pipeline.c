/* pipeline.c - the stack pipeline over one text, shared by every command
 * that triages dumps (stack, bucket, report). */
#include "maxtriage/triage.h"

void mt_triage_text(mt_report_set *set,
                    const char *text,
                    size_t len,
                    const mt_pipeline *p)
{
	size_t i, first = set->n;

	mt_stack_parse(set, text, len);
	for (i = first; i < set->n; i++) {
		mt_resolve_report(&set->reports[i], &p->resolve);
		mt_triage_report(&set->reports[i], &p->triage);
		mt_triage_next_steps(&set->reports[i], &p->next);
	}
}
