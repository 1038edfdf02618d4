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

static const char *const kind_names[] = {
	[MT_KIND_NONE] = NULL,
	[MT_KIND_UNKNOWN] = "unknown",
	[MT_KIND_CRASH] = "crash",
	[MT_KIND_SIGSEGV] = "SIGSEGV",
	[MT_KIND_SIGABRT] = "SIGABRT",
	[MT_KIND_SIGILL] = "SIGILL",
	[MT_KIND_SIGBUS] = "SIGBUS",
	[MT_KIND_SIGFPE] = "SIGFPE",
	[MT_KIND_SIGTRAP] = "SIGTRAP",
	[MT_KIND_SIGKILL] = "SIGKILL",
	[MT_KIND_SIGTERM] = "SIGTERM",
	[MT_KIND_SIGSYS] = "SIGSYS",
	[MT_KIND_SIGPIPE] = "SIGPIPE",
	[MT_KIND_SIGINT] = "SIGINT",
	[MT_KIND_SIGQUIT] = "SIGQUIT",
	[MT_KIND_SIGXCPU] = "SIGXCPU",
	[MT_KIND_SIGXFSZ] = "SIGXFSZ",
	[MT_KIND_SIGUSR1] = "SIGUSR1",
	[MT_KIND_SIGUSR2] = "SIGUSR2",
	[MT_KIND_SIGHUP] = "SIGHUP",
	[MT_KIND_SIGALRM] = "SIGALRM",
	[MT_KIND_SIGEMT] = "SIGEMT",
	[MT_KIND_ASSERTION] = "assertion",
	[MT_KIND_FATAL_ERROR] = "fatal_error",
	[MT_KIND_CPP_EXCEPTION] = "cpp_exception",
	[MT_KIND_HEAP_CORRUPTION] = "heap_corruption",
	[MT_KIND_STACK_OVERFLOW] = "stack_overflow",
	[MT_KIND_MOJO_ERROR] = "mojo_error",
	[MT_KIND_MOJO_ABORT] = "mojo_abort",
	[MT_KIND_CUDA_ERROR] = "cuda_error",
	[MT_KIND_KERNEL_ERROR] = "kernel_error",
	[MT_KIND_COMPILE_ERROR] = "compile_error",
	[MT_KIND_SANITIZER] = "sanitizer",
	[MT_KIND_WORKER_CRASH] = "worker_crash",
	[MT_KIND_PYTHON_FATAL] = "python_fatal",
	[MT_KIND_PYTHON_EXCEPTION] = "python_exception",
	[MT_KIND_MEMORY_LEAK] = "memory_leak",
	[MT_KIND_MEMORY_ERROR] = "memory_error",
	[MT_KIND_RUST_PANIC] = "rust_panic",
	[MT_KIND_HANG] = "hang",
	[MT_KIND_THREAD] = "thread",
};

const char *mt_kind_name(mt_kind k)
{
	if ((unsigned)k >= MT_ARRAY_SIZE(kind_names))
		return NULL;
	return kind_names[k];
}

mt_kind mt_kind_parse(const char *name)
{
	size_t i;

	for (i = 1; name && i < MT_ARRAY_SIZE(kind_names); i++)
		if (kind_names[i] && !strcmp(name, kind_names[i]))
			return (mt_kind)i;
	return MT_KIND_NONE;
}

int mt_kind_is_signal(mt_kind k)
{
	return k >= MT_KIND_SIGSEGV && k <= MT_KIND_SIGEMT;
}

static const char *const producer_names[] = {
	[MT_PRODUCER_NONE] = NULL,
	[MT_PRODUCER_MOJO] = "mojo",
	[MT_PRODUCER_LLVM_HANDLER] = "llvm-handler",
	[MT_PRODUCER_GDB] = "gdb",
	[MT_PRODUCER_LLDB] = "lldb",
	[MT_PRODUCER_VALGRIND] = "valgrind",
	[MT_PRODUCER_EU_STACK] = "eu-stack",
	[MT_PRODUCER_FAULTHANDLER] = "faulthandler",
	[MT_PRODUCER_TRACEBACK] = "traceback",
	[MT_PRODUCER_SANITIZER] = "sanitizer",
	[MT_PRODUCER_MACOS_CRASH] = "macos-crash",
	[MT_PRODUCER_GLIBC] = "glibc",
	[MT_PRODUCER_RUST] = "rust",
	[MT_PRODUCER_CRASHPAD] = "crashpad",
	[MT_PRODUCER_BREAKPAD] = "breakpad",
	[MT_PRODUCER_MINIDUMP] = "minidump",
	[MT_PRODUCER_CORE] = "core",
	[MT_PRODUCER_PROCESS] = "process",
};

const char *mt_signature_quality_name(mt_signature_quality q)
{
	static const char *const names[] = { "none", "weak", "strong" };

	if ((unsigned)q >= MT_ARRAY_SIZE(names))
		return NULL;
	return names[q];
}

const char *mt_producer_name(mt_producer p)
{
	if ((unsigned)p >= MT_ARRAY_SIZE(producer_names))
		return NULL;
	return producer_names[p];
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
	free(r->signal);
	free(r->message);
	free(r->program);
	free(r->kernel);
	free(r->entry_point);
	free(r->error_location);
	free(r->thread);
	free(r->signature_note);
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
