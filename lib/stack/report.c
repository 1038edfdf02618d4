/* report.c - lifetime of frames and reports, names, display forms. */
#include "stack_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/dumpinfo.h"

#include <stdlib.h>
#include <string.h>

static const char *const category_names[] = {
	[MT_CAT_UNKNOWN] = "unknown", [MT_CAT_HANDLER] = "handler",
	[MT_CAT_SYSTEM] = "system",   [MT_CAT_RUNTIME] = "runtime",
	[MT_CAT_KERNEL] = "kernel",   [MT_CAT_MODEL] = "model",
};

const char *mt_category_name(mt_category c)
{
	if ((unsigned)c >= MT_ARRAY_SIZE(category_names))
		return "unknown";
	return category_names[c];
}

const char *mt_module_check_name(mt_module_check c)
{
	static const char *const names[] = { NULL, "unchecked", "build_id",
		                             "call_sites", "mismatch" };

	if ((unsigned)c >= MT_ARRAY_SIZE(names))
		return NULL;
	return names[c];
}

int mt_category_parse(const char *name)
{
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(category_names); i++)
		if (!strcmp(name, category_names[i]))
			return (int)i;
	return -1;
}

static const char *const status_names[] = {
	[MT_STATUS_NONE] = NULL,
	[MT_STATUS_SYMBOLIZED] = "symbolized",
	[MT_STATUS_FROM_DUMP] = "from_dump",
	[MT_STATUS_NO_LINE_INFO] = "no_line_info",
	[MT_STATUS_NO_DEBUG_INFO] = "no_debug_info",
	[MT_STATUS_ADDRESS_NOT_FOUND] = "address_not_found",
	[MT_STATUS_MODULE_NOT_FOUND] = "module_not_found",
	[MT_STATUS_MODULE_MISMATCH] = "module_mismatch",
	[MT_STATUS_NO_MODULE_BASE] = "no_module_base",
	[MT_STATUS_JIT] = "jit",
	[MT_STATUS_UNMAPPED] = "unmapped",
	[MT_STATUS_REDACTED] = "redacted",
	[MT_STATUS_NOT_SYMBOLIZED] = "not_symbolized",
	[MT_STATUS_NO_ADDRESS] = "no_address",
};

const char *mt_frame_status_name(mt_frame_status s)
{
	if ((unsigned)s >= MT_ARRAY_SIZE(status_names))
		return NULL;
	return status_names[s];
}

static const char *const lookup_names[] = {
	[MT_LOOKUP_NONE] = NULL,
	[MT_LOOKUP_PC] = "pc",
	[MT_LOOKUP_CALL_SITE] = "call_site",
};

const char *mt_frame_lookup_name(mt_frame_lookup l)
{
	if ((unsigned)l >= MT_ARRAY_SIZE(lookup_names))
		return NULL;
	return lookup_names[l];
}

void mt_frame_release(mt_frame *f)
{
	if (!f)
		return;
	free(f->module);
	free(f->symbol);
	free(f->build_id);
	free(f->function);
	free(f->file);
	free(f->instruction);
	free(f->hint);
	free(f->module_path);
	free(f->status_reason);
	free(f->rule);
	if (f->blame) {
		free(f->blame->commit);
		free(f->blame->author);
		free(f->blame->summary);
		free(f->blame);
	}
	memset(f, 0, sizeof(*f));
	f->index = -1;
}

void mt_report_release(mt_report *r)
{
	size_t i;

	if (!r)
		return;
	free(r->kind);
	free(r->signal);
	free(r->message);
	free(r->program);
	free(r->kernel);
	free(r->entry_point);
	free(r->error_location);
	free(r->thread);
	for (i = 0; i < r->nnotes; i++)
		free(r->notes[i]);
	free(r->notes);
	for (i = 0; i < r->nhints; i++)
		free(r->hints_seen[i]);
	free(r->hints_seen);
	for (i = 0; i < r->nframes; i++)
		mt_frame_release(&r->frames[i]);
	free(r->frames);
	for (i = 0; i < r->ninflight; i++) {
		free(r->inflight[i].op);
		free(r->inflight[i].id);
		free(r->inflight[i].target);
	}
	free(r->inflight);
	mt_dump_info_free(r->dump);
	for (i = 0; i < r->nthreads; i++)
		mt_report_release(&r->threads[i]);
	free(r->threads);
	for (i = 0; i < r->nnext_steps; i++)
		free(r->next_steps[i]);
	free(r->next_steps);
	free(r->reason);
	free(r->signature);
	memset(r, 0, sizeof(*r));
}

void mt_report_set_release(mt_report_set *set)
{
	size_t i;

	if (!set)
		return;
	for (i = 0; i < set->n; i++)
		mt_report_release(&set->reports[i]);
	free(set->reports);
	memset(set, 0, sizeof(*set));
}

void mt_report_insert_frame(mt_report *r, size_t pos, const mt_frame *f)
{
	if (pos > r->nframes)
		pos = r->nframes;
	mt_grow((void **)&r->frames, &r->capframes, r->nframes + 1,
	        sizeof(*r->frames));
	memmove(&r->frames[pos + 1], &r->frames[pos],
	        (r->nframes - pos) * sizeof(*r->frames));
	r->frames[pos] = *f;
	r->nframes++;
}

/* Notes are capped: a log that repeats a line a million times must not
 * make the report grow without bound. */
#define MAX_NOTES 64

void mt_report_add_note(mt_report *r, const char *note)
{
	if (!note || !*note || r->nnotes >= MAX_NOTES)
		return;
	MT_PUSH(r->notes, r->nnotes, r->capnotes, mt_strdup(note));
}

/*
 * Drop bracketed parameter lists from a qualified name: "(...)" call
 * parameters, "<...>" C++ template arguments and "[...]" Mojo compile-time
 * parameters, plus trailing qualifiers after the last ')' (" const") and
 * Mojo's "_REMOVED_ARG" marker. "(anonymous namespace)" is kept, as is
 * "operator()" / "operator<" whose brackets are part of the name.
 */
char *mt_function_display(const char *name)
{
	mt_buf b = MT_BUF_INIT;
	const char *p = name;
	int depth = 0;
	char *out;

	if (!name)
		return NULL;
	while (*p) {
		if (!strncmp(p, "(anonymous namespace)", 21)) {
			if (!depth)
				mt_buf_put(&b, p, 21);
			p += 21;
			continue;
		}
		if (!strncmp(p, "operator", 8) && depth == 0) {
			const char *q = p + 8;

			mt_buf_put(&b, p, 8);
			/* keep the operator's own symbol */
			if (!strncmp(q, "()", 2)) {
				mt_buf_put(&b, q, 2);
				q += 2;
			} else if (*q == '<' || *q == '>' || *q == '[') {
				while (*q == '<' || *q == '>' || *q == '=' ||
				       *q == '[' || *q == ']')
					mt_buf_putc(&b, *q++);
			}
			p = q;
			continue;
		}
		if (*p == '>' && p > name && p[-1] == '-') {
			/* "->" in a Mojo signature is an arrow, not a bracket
			 */
			if (!depth)
				mt_buf_putc(&b, *p);
		} else if (*p == '(' || *p == '<' || *p == '[') {
			depth++;
		} else if ((*p == ')' || *p == '>' || *p == ']') && depth) {
			depth--;
		} else if (!depth) {
			mt_buf_putc(&b, *p);
		}
		if (depth > 256)
			break;
		p++;
	}
	/* a parameter list ends the name: drop what follows (" const",
	 * "_REMOVED_ARG", ",T=..." bindings after Mojo brackets) */
	out = mt_buf_detach(&b);
	{
		char *q;

		if ((q = strstr(out, "_REMOVED_ARG")))
			*q = '\0';
		if ((q = strstr(out, " const")) && q[6] == '\0')
			*q = '\0';
		/* ",T=..." or ",value`2x=..." bindings printed after "]" */
		if ((q = strchr(out, ',')))
			*q = '\0';
		while (*out && (q = out + strlen(out) - 1, *q == ' '))
			*q = '\0';
		/* demangled template functions carry their return type:
		 * "float ns::f<float>(...)" -> "ns::f" */
		for (q = out + strlen(out); q > out; q--) {
			if (q[-1] != ' ')
				continue;
			if (q - out >= 9 && !strncmp(q - 9, "operator ", 9))
				continue;
			if (q - out >= 11 &&
			    !strncmp(q - 11, "(anonymous ", 11))
				continue;
			memmove(out, q, strlen(q) + 1);
			break;
		}
	}
	if (!*out) {
		/* "<module>", "<lambda>": the brackets are the name */
		free(out);
		out = mt_strdup(name);
	}
	return out;
}
