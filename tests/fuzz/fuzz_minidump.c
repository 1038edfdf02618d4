/* fuzz_minidump.c - the minidump reader, the unwinder over its memory
 * and registers (no module files: frame pointers and scanning), triage
 * and the JSON renderer on any bytes. Invariants checked: no crash, no
 * sanitizer report, every memory range the reader hands out lies inside
 * the input, and the JSON document is always valid JSON. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/minidump.h"
#include "maxtriage/stack_output.h"
#include "maxtriage/triage.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static mt_rules *rules;
	mt_minidump md;
	mt_report_set set;
	mt_pipeline p;
	mt_stack_input in;
	mt_buf out = MT_BUF_INIT;
	mt_error err;
	json_error_t jerr;
	json_t *doc;
	size_t i;

	if (!rules)
		rules = mt_rules_new();
	if (mt_minidump_parse(&md, data, size, &err) == 0)
		for (i = 0; i < md.nmemory; i++)
			if (md.memory[i].data < data ||
			    md.memory[i].data + md.memory[i].size > data + size)
				abort();
	mt_minidump_release(&md);
	memset(&p, 0, sizeof(p));
	p.resolve.no_disasm = 1;
	p.triage.rules = rules;
	memset(&set, 0, sizeof(set));
	(void)mt_triage_image(&set, "fuzz.dmp", data, size, &p, &err);
	memset(&in, 0, sizeof(in));
	in.path = "fuzz.dmp";
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
