/* stack_json.c - maxtriage.stack.v1 (docs/json-stack.md). */
#include "maxtriage/stack_output.h"

#include "maxtriage/dumpinfo.h"

#include <stdio.h>
#include <stdlib.h>

static void hex(mt_json *w, const char *key, int has, uint64_t v)
{
	char buf[24];

	if (!has) {
		mt_json_null(w, key);
		return;
	}
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
	mt_json_string(w, key, buf);
}

static void blame_json(mt_json *w, const mt_blame *b)
{
	if (!b) {
		mt_json_null(w, "blame");
		return;
	}
	mt_json_object_begin(w, "blame");
	mt_json_string(w, "commit", b->commit);
	mt_json_string(w, "author", b->author);
	mt_json_int(w, "time", b->time);
	mt_json_string(w, "summary", b->summary);
	mt_json_object_end(w);
}

static void frame_json(mt_json *w, const mt_frame *f)
{
	char *disp = mt_function_display(f->function);

	mt_json_object_begin(w, NULL);
	if (f->index >= 0)
		mt_json_int(w, "index", f->index);
	else
		mt_json_null(w, "index");
	hex(w, "address", f->has_address, f->address);
	mt_json_string(w, "module", f->module);
	hex(w, "module_offset", f->has_offset, f->module_offset);
	mt_json_string(w, "build_id", f->build_id);
	mt_json_string(w, "function", f->function);
	mt_json_string(w, "display", disp);
	mt_json_string(w, "file", f->file);
	if (f->line) {
		mt_json_int(w, "line", f->line);
		mt_json_int(w, "column", f->column);
	} else {
		mt_json_null(w, "line");
		mt_json_null(w, "column");
	}
	mt_json_bool(w, "inlined", f->inlined);
	mt_json_string(w, "lookup", mt_frame_lookup_name(f->lookup));
	mt_json_string(w, "found_by", mt_frame_found_name(f->found_by));
	mt_json_string(w, "instruction", f->instruction);
	mt_json_string(w, "hint", f->hint);
	mt_json_string(w, "category", mt_category_name(f->category));
	mt_json_string(w, "rule", f->rule);
	mt_json_string(w, "status", mt_frame_status_name(f->status));
	mt_json_string(w, "status_reason", f->status_reason);
	mt_json_string(w, "module_path", f->module_path);
	mt_json_string(w, "module_check",
	               mt_module_check_name(f->module_check));
	blame_json(w, f->blame);
	mt_json_int(w, "input_line", f->line_no);
	mt_json_object_end(w);
	free(disp);
}

static void strings(mt_json *w, const char *key, char *const *s, size_t n)
{
	size_t i;

	mt_json_array_begin(w, key);
	for (i = 0; i < n; i++)
		mt_json_string(w, NULL, s[i]);
	mt_json_array_end(w);
}

static void classification_json(mt_json *w, const mt_report *r)
{
	mt_json_object_begin(w, "classification");
	mt_json_string(w, "category", mt_category_name(r->category));
	if (r->blame_frame >= 0)
		mt_json_int(w, "frame", r->blame_frame);
	else
		mt_json_null(w, "frame");
	mt_json_string(w, "reason", r->reason);
	mt_json_object_end(w);
}

/* The other threads of a minidump, core or process. */
static void threads_json(mt_json *w, const mt_report *r)
{
	size_t i, j;

	mt_json_array_begin(w, "threads");
	for (i = 0; i < r->nthreads; i++) {
		const mt_report *t = &r->threads[i];

		mt_json_object_begin(w, NULL);
		mt_json_string(w, "thread", t->thread);
		mt_json_array_begin(w, "frames");
		for (j = 0; j < t->nframes; j++)
			frame_json(w, &t->frames[j]);
		mt_json_array_end(w);
		classification_json(w, t);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
}

static void dump_json(mt_json *w, const mt_dump_info *d)
{
	size_t i;

	if (!d) {
		mt_json_null(w, "dump");
		return;
	}
	mt_json_object_begin(w, "dump");
	mt_json_string(w, "format", d->format);
	mt_json_string(w, "writer", d->writer);
	mt_json_string(w, "cpu", d->cpu);
	mt_json_string(w, "os", d->os);
	mt_json_string(w, "os_version", d->os_version);
	mt_json_string(w, "command_line", d->command_line);
	if (d->crashed_tid)
		mt_json_int(w, "crashed_thread", (int)d->crashed_tid);
	else
		mt_json_null(w, "crashed_thread");
	if (d->signal_number)
		mt_json_int(w, "signal_number", d->signal_number);
	else
		mt_json_null(w, "signal_number");
	if (d->has_exception_code)
		mt_json_int(w, "exception_code", (int64_t)d->exception_code);
	else
		mt_json_null(w, "exception_code");
	if (d->has_si_code)
		mt_json_int(w, "si_code", d->si_code);
	else
		mt_json_null(w, "si_code");
	hex(w, "fault_address", d->has_fault_address, d->fault_address);
	mt_json_string(w, "report_id", d->report_id);
	mt_json_int(w, "threads", (int)d->nthreads);
	mt_json_int(w, "modules", (int)d->nmodules);
	mt_json_int(w, "modules_found", (int)d->modules_found);
	mt_json_array_begin(w, "annotations");
	for (i = 0; i < d->nannotations; i++) {
		mt_json_object_begin(w, NULL);
		mt_json_string(w, "scope", d->annotations[i].scope);
		mt_json_string(w, "key", d->annotations[i].key);
		mt_json_string(w, "value", d->annotations[i].value);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	strings(w, "warnings", d->warnings, d->nwarnings);
	mt_json_object_end(w);
}

static void report_json(mt_json *w, const mt_report *r, const char *path)
{
	size_t i;

	mt_json_object_begin(w, NULL);
	mt_json_string(w, "input", path);
	mt_json_array_begin(w, "input_lines");
	mt_json_int(w, NULL, (int)r->first_line);
	mt_json_int(w, NULL, (int)r->last_line);
	mt_json_array_end(w);
	mt_json_string(w, "kind", r->kind);
	mt_json_string(w, "signal", r->signal);
	mt_json_string(w, "message", r->message);
	mt_json_string(w, "error_location", r->error_location);
	mt_json_string(w, "kernel", r->kernel);
	mt_json_string(w, "entry_point", r->entry_point);
	mt_json_string(w, "program", r->program);
	mt_json_string(w, "producer", r->producer);
	mt_json_string(w, "thread", r->thread);
	if (r->pid > 0)
		mt_json_int(w, "pid", (int)r->pid);
	else
		mt_json_null(w, "pid");
	strings(w, "notes", r->notes, r->nnotes);
	mt_json_array_begin(w, "frames");
	for (i = 0; i < r->nframes; i++)
		frame_json(w, &r->frames[i]);
	mt_json_array_end(w);
	classification_json(w, r);
	mt_json_string(w, "signature", r->signature);
	mt_json_string(w, "fingerprint", r->fingerprint);
	mt_json_array_begin(w, "ops_in_flight");
	for (i = 0; i < r->ninflight; i++) {
		mt_json_object_begin(w, NULL);
		mt_json_string(w, "op", r->inflight[i].op);
		mt_json_string(w, "id", r->inflight[i].id);
		mt_json_string(w, "target", r->inflight[i].target);
		mt_json_int(w, "input_line", (int)r->inflight[i].line_no);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	strings(w, "next_steps", r->next_steps, r->nnext_steps);
	threads_json(w, r);
	dump_json(w, r->dump);
	mt_json_object_end(w);
}

void mt_stack_json_write(mt_json *w,
                         const char *key,
                         const mt_stack_input *in,
                         size_t n)
{
	size_t i, j;

	mt_json_object_begin(w, key);
	mt_json_string(w, "schema", MT_STACK_SCHEMA);
	mt_json_array_begin(w, "reports");
	for (i = 0; i < n; i++)
		for (j = 0; !in[i].error && j < in[i].nreports; j++)
			report_json(w, &in[i].reports[j], in[i].path);
	mt_json_array_end(w);
	mt_json_array_begin(w, "errors");
	for (i = 0; i < n; i++) {
		if (!in[i].error)
			continue;
		mt_json_object_begin(w, NULL);
		mt_json_string(w, "input", in[i].path);
		mt_json_string(w, "error", in[i].error);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	mt_json_object_end(w);
}

void mt_stack_render_json(mt_buf *out, const mt_stack_input *in, size_t n)
{
	mt_json w;

	mt_json_init_buf(&w, out, MT_JSON_PRETTY);
	mt_stack_json_write(&w, NULL, in, n);
	(void)mt_json_finish(&w); /* a buffer writer used rightly: 0 */
}
