/* fuzz_stack.c - the dump reader, triage and JSON renderer on any bytes.
 * Invariants checked: no crash, no sanitizer report, and the JSON
 * document is always valid JSON. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/stack.h"
#include "maxtriage/stack_output.h"
#include "maxtriage/triage.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static mt_rules *rules;
	mt_report_set set;
	mt_resolve_opts ro = { .symbolizer = NULL, .no_disasm = 1 };
	mt_triage_opts to;
	mt_stack_input in;
	mt_buf out = MT_BUF_INIT;
	json_error_t jerr;
	json_t *doc;
	size_t i;

	if (!rules)
		rules = mt_rules_new();
	to.rules = rules;
	to.repo = NULL;
	memset(&set, 0, sizeof(set));
	mt_stack_parse(&set, (const char *)data, size);
	for (i = 0; i < set.n; i++) {
		mt_resolve_report(&set.reports[i], &ro);
		mt_triage_report(&set.reports[i], &to);
	}
	memset(&in, 0, sizeof(in));
	in.path = "fuzz";
	in.reports = set.reports;
	in.nreports = set.n;
	mt_stack_render_json(&out, &in, 1);
	doc = json_loadb(out.ptr, out.len, 0, &jerr);
	if (!doc)
		abort(); /* the JSON must always be valid */
	json_decref(doc);
	mt_buf_clear(&out);
	mt_stack_render_text(&out, &in, 1, 0);
	mt_stack_render_markdown(&out, &in, 1);
	mt_buf_release(&out);
	mt_report_set_release(&set);
	return 0;
}
