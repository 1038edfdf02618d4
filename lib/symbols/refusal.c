/*
 * refusal.c - where and why a DWARF reader refused its input
 * (SYM_REFUSE in symbols_int.h), and the text that reaches the caller.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"

#include <string.h>

void sym_refuse(sym_refusal *rf, const char *file, int line, const char *why)
{
	/* The first refusal is the innermost check that failed; callers
	 * that propagate it do not call this again, but a reader that
	 * goes on after a refusal must not hide the first one. */
	if (rf && !rf->why) {
		rf->file = file;
		rf->line = line;
		rf->why = why;
	}
}

const char *sym_refusal_text(mt_arena *a, const sym_refusal *rf)
{
	const char *base;
	mt_buf b = MT_BUF_INIT;
	const char *t;

	if (!rf->why)
		return NULL;
	base = strrchr(rf->file, '/');
	mt_buf_printf(&b, "%s:%d: %s", base ? base + 1 : rf->file, rf->line,
	              rf->why);
	t = mt_arena_strdup(a, b.ptr, b.len);
	mt_buf_release(&b);
	return t;
}
