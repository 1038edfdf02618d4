/* stack_json.c - maxtriage.stack.v1 (docs/json-stack.md), via jansson. */
#include "maxtriage/stack_output.h"

#include "output_int.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *text(const char *s)
{
	return mt_json_text(s);
}

static json_t *hex(int has, uint64_t v)
{
	char buf[24];

	if (!has)
		return json_null();
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
	return json_string(buf);
}

static json_t *frame_json(const mt_frame *f)
{
	json_t *o = json_object();
	char *disp = mt_function_display(f->function);

	json_object_set_new(o, "index",
	                    f->index >= 0 ? json_integer(f->index)
	                                  : json_null());
	json_object_set_new(o, "address", hex(f->has_address, f->address));
	json_object_set_new(o, "module", text(f->module));
	json_object_set_new(o, "module_offset",
	                    hex(f->has_offset, f->module_offset));
	json_object_set_new(o, "build_id", text(f->build_id));
	json_object_set_new(o, "function", text(f->function));
	json_object_set_new(o, "display", text(disp));
	json_object_set_new(o, "file", text(f->file));
	json_object_set_new(o, "line",
	                    f->line ? json_integer(f->line) : json_null());
	json_object_set_new(o, "column",
	                    f->line ? json_integer(f->column) : json_null());
	json_object_set_new(o, "inlined", json_boolean(f->inlined));
	json_object_set_new(o, "lookup", str_or_null(f->lookup));
	json_object_set_new(o, "instruction", text(f->instruction));
	json_object_set_new(o, "hint", text(f->hint));
	json_object_set_new(o, "category",
	                    json_string(mt_category_name(f->category)));
	json_object_set_new(o, "rule", text(f->rule));
	json_object_set_new(o, "status", str_or_null(f->status));
	json_object_set_new(o, "status_reason", text(f->status_reason));
	json_object_set_new(o, "module_path", text(f->module_path));
	if (f->blame) {
		json_t *b = json_object();

		json_object_set_new(b, "commit", text(f->blame->commit));
		json_object_set_new(b, "author", text(f->blame->author));
		json_object_set_new(b, "time", json_integer(f->blame->time));
		json_object_set_new(b, "summary", text(f->blame->summary));
		json_object_set_new(o, "blame", b);
	} else {
		json_object_set_new(o, "blame", json_null());
	}
	json_object_set_new(o, "input_line", json_integer(f->line_no));
	free(disp);
	return o;
}

static json_t *report_json(const mt_report *r, const char *path)
{
	json_t *o = json_object(), *frames = json_array(), *cl = json_object();
	json_t *notes = json_array();
	size_t i;

	json_object_set_new(o, "input", text(path));
	json_object_set_new(
	        o, "input_lines",
	        json_pack("[ii]", (int)r->first_line, (int)r->last_line));
	json_object_set_new(o, "kind", text(r->kind));
	json_object_set_new(o, "signal", text(r->signal));
	json_object_set_new(o, "message", text(r->message));
	json_object_set_new(o, "error_location", text(r->error_location));
	json_object_set_new(o, "kernel", text(r->kernel));
	json_object_set_new(o, "entry_point", text(r->entry_point));
	json_object_set_new(o, "program", text(r->program));
	for (i = 0; i < r->nnotes; i++)
		json_array_append_new(notes, text(r->notes[i]));
	json_object_set_new(o, "notes", notes);
	for (i = 0; i < r->nframes; i++)
		json_array_append_new(frames, frame_json(&r->frames[i]));
	json_object_set_new(o, "frames", frames);
	json_object_set_new(cl, "category",
	                    json_string(mt_category_name(r->category)));
	json_object_set_new(cl, "frame",
	                    r->blame_frame >= 0 ? json_integer(r->blame_frame)
	                                        : json_null());
	json_object_set_new(cl, "reason", text(r->reason));
	json_object_set_new(o, "classification", cl);
	json_object_set_new(o, "signature", text(r->signature));
	json_object_set_new(o, "fingerprint", text(r->fingerprint));
	{
		json_t *ops = json_array(), *steps = json_array();

		for (i = 0; i < r->ninflight; i++)
			json_array_append_new(
			        ops,
			        json_pack("{s:o,s:o,s:o,s:i}", "op",
			                  text(r->inflight[i].op), "id",
			                  text(r->inflight[i].id), "target",
			                  text(r->inflight[i].target),
			                  "input_line",
			                  (int)r->inflight[i].line_no));
		json_object_set_new(o, "ops_in_flight", ops);
		for (i = 0; i < r->nnext_steps; i++)
			json_array_append_new(steps, text(r->next_steps[i]));
		json_object_set_new(o, "next_steps", steps);
	}
	return o;
}

void mt_stack_render_json(mt_buf *out, const mt_stack_input *in, size_t n)
{
	json_t *root = json_object(), *reports = json_array();
	json_t *errors = json_array();
	size_t i, j;

	json_object_set_new(root, "schema", json_string(MT_STACK_SCHEMA));
	for (i = 0; i < n; i++) {
		if (in[i].error) {
			json_array_append_new(
			        errors, json_pack("{s:o,s:o}", "input",
			                          text(in[i].path), "error",
			                          text(in[i].error)));
			continue;
		}
		for (j = 0; j < in[i].nreports; j++)
			json_array_append_new(
			        reports,
			        report_json(&in[i].reports[j], in[i].path));
	}
	json_object_set_new(root, "reports", reports);
	json_object_set_new(root, "errors", errors);
	(void)mt_json_emit(out, root);
}
