/*
 * frames.c - small facts about frames that classify.c and signature.c
 * both need: a frame's name, a path's basename, name lists, repeated
 * lines. Below both, so neither calls the other back.
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
