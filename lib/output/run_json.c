/* run_json.c - DIR/triage.json of `maxtriage run` (docs/json-run.md). */
#include "maxtriage/run_output.h"

#include "maxtriage/json_writer.h"
#include "maxtriage/report_output.h"

int mt_run_write_json(FILE *f, const mt_run_result *r)
{
	mt_json w;
	size_t i;

	mt_json_init_file(&w, f, MT_JSON_PRETTY);
	mt_json_object_begin(&w, NULL);
	mt_json_string(&w, "schema", MT_RUN_SCHEMA);
	mt_json_array_begin(&w, "command");
	for (i = 0; i < r->ncommand; i++)
		mt_json_string(&w, NULL, r->command[i]);
	mt_json_array_end(&w);
	mt_json_int(&w, "exit_status", r->exit_status);
	mt_json_string(&w, "signal", r->signal);
	mt_json_string(&w, "log", r->log);
	mt_json_string(&w, "ir_dir", r->ir_dir);
	mt_json_array_begin(&w, "kept");
	for (i = 0; i < r->nkept; i++)
		mt_json_string(&w, NULL, r->kept[i]);
	mt_json_array_end(&w);
	mt_stack_json_write(&w, "stack", r->stack, r->nstack ? r->nstack : 1);
	if (r->irdiff)
		mt_irdiff_json_write(&w, "irdiff", r->irdiff);
	else
		mt_json_null(&w, "irdiff");
	mt_json_string(&w, "irdiff_note", r->irdiff_note);
	mt_join_json_write(&w, "joins", r->joins);
	mt_json_object_end(&w);
	return mt_json_finish(&w);
}
