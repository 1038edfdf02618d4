/*
 * frames.c - small facts about frames and reports that classify.c,
 * signature.c and nextsteps.c all need: a frame's name, a path's
 * basename, name lists, repeated lines, the unwinder's end marker, where
 * the crash point may start, whether a report is Modular's software.
 * Below them all, so none calls another back.
 */
#include "triage_int.h"

#include <string.h>

/* The frame's name: resolved, or as printed unless the printed one is a
 * far-away nearest symbol that names some other function. */
const char *tri_frame_name(const mt_frame *f)
{
	if (f->function && !(f->far_symbol && f->form == MT_FORM_LLDB))
		return f->function;
	return f->bogus_symbol || f->far_symbol ? NULL : f->symbol;
}

const char *const tri_handler_fns[] = {
	"llvm::sys::PrintStackTrace",
	"llvm::sys::RunSignalHandlers",
	"SignalHandler",
	"KGEN_CompilerRT_PrintStackTraceOnFault",
	"PrintStackTraceSignalHandler",
	NULL
};

const char *tri_base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;

	return s ? s + 1 : path;
}

int tri_name_is(const char *name, const char *const *list)
{
	size_t n;

	if (!name)
		return 0;
	for (; *list; list++) {
		n = strlen(*list);
		/* "raise" matches "raise" and "raise(int)", not "raiser" */
		if (!strncmp(name, *list, n) &&
		    (name[n] == '\0' || name[n] == '(' || name[n] == ' '))
			return 1;
	}
	return 0;
}

int tri_is_end_marker(const mt_report *r, size_t i)
{
	const mt_frame *f = &r->frames[i];

	return i > 0 && i + 1 == r->nframes && f->has_address &&
	       f->address == 0 && !f->module && !f->function;
}

/* The same frame printed twice (a log that repeats lines, two copies of
 * a dump glued together): same number, address, module and location as
 * an earlier frame that is not part of the same inline chain. */
int tri_is_duplicate(const mt_report *r, size_t i)
{
	const mt_frame *f = &r->frames[i];
	size_t j;

	for (j = 0; j < i; j++) {
		const mt_frame *g = &r->frames[j];

		if (g->line_no == f->line_no || g->index != f->index ||
		    g->has_address != f->has_address ||
		    g->address != f->address || g->line != f->line)
			continue;
		if (!!g->module != !!f->module ||
		    (f->module && strcmp(g->module, f->module)))
			continue;
		if (!!tri_frame_name(g) != !!tri_frame_name(f) ||
		    (tri_frame_name(f) &&
		     strcmp(tri_frame_name(g), tri_frame_name(f))))
			continue;
		return 1;
	}
	return 0;
}

/* Is this Modular's software (MAX, Mojo)? Its producer, its kind, a
 * frame or file of Modular's, or the program: only then do MODULAR_DEBUG
 * switches apply; a pytest run or a clang crash gets other advice. */
int tri_is_modular(const mt_report *r)
{
	static const char *const marks[] = { "libKGEN",     "libAsyncRT",
		                             "libMSupport", "libmodular",
		                             "/modular/",   "/max/",
		                             "/bin/mojo",   NULL };
	const char *const *m;
	size_t i;

	if (r->producer == MT_PRODUCER_MOJO || r->mojo_driver ||
	    r->stack_not_collected || r->saw_sync_mode_hint || r->ninflight ||
	    r->kind == MT_KIND_MOJO_ERROR || r->kind == MT_KIND_MOJO_ABORT ||
	    r->kind == MT_KIND_KERNEL_ERROR ||
	    r->kind == MT_KIND_COMPILE_ERROR || r->kind == MT_KIND_WORKER_CRASH)
		return 1;
	if (r->program &&
	    (!strncmp(r->program, "mojo", 4) ||
	     !strncmp(r->program, "max ", 4) || strstr(r->program, "/mojo ")))
		return 1;
	if (r->error_location && strstr(r->error_location, ".mojo"))
		return 1;
	/* the CUDA driver's enum names, as MAX's DeviceContext prints them
	 * ("CUDA call failed: CUDA_ERROR_ILLEGAL_ADDRESS"); PyTorch and
	 * llama.cpp print the runtime's text ("CUDA error: ...") */
	if (r->message && (strstr(r->message, "CUDA call failed") ||
	                   strstr(r->message, "CUDA_ERROR_")))
		return 1;
	for (i = 0; i < r->nframes && i < 256; i++) {
		const mt_frame *f = &r->frames[i];

		for (m = marks; *m; m++)
			if ((f->module && strstr(f->module, *m)) ||
			    (f->file && strstr(f->file, *m)))
				return 1;
		if (f->file && strstr(f->file, ".mojo"))
			return 1;
	}
	return 0;
}

/*
 * Where the crash point may start. After the trampoline comes the
 * faulting pc; when the abort path (raise, abort, __assert_fail) follows
 * within a few frames, the signal was raised by it, so a frame printed
 * between the trampoline and it cannot be where it is (a nearest-export
 * name of a stripped binary, "llvm_strlcpy + 44844"): the crash point is
 * after the abort path.
 */
size_t tri_first_candidate(const mt_report *r, int tramp)
{
	static const char *const abort_path[] = {
		"abort",
		"raise",
		"gsignal",
		"pthread_kill",
		"__pthread_kill_implementation",
		"__assert_fail",
		"__assert_rtn",
		NULL
	};
	size_t from = tramp >= 0 ? (size_t)tramp + 1 : 0, j;

	for (j = from + 1; tramp >= 0 && j < r->nframes && j <= from + 5; j++)
		if (tri_name_is(tri_frame_name(&r->frames[j]), abort_path))
			return j;
	return from;
}
