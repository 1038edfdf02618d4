/*
 * markup.h - llvm-symbolizer 19's --filter-markup: LLVM's symbolizer
 * markup ({{{module:...}}}, {{{mmap:...}}}, {{{pc:...}}}, {{{bt:...}}},
 * {{{data:...}}}, {{{symbol:...}}}, {{{reset}}}, SGR colour escapes)
 * turned into text, line by line, byte for byte as llvm-symbolizer-19
 * writes it (docs/symbolize.md says what is covered).
 *
 * Modules are found by build-id as llvm-symbolizer finds them:
 * DIR/.build-id/xx/rest.debug for each debug directory (/usr/lib/debug
 * when there is none), then the symbol servers when asked. Addresses are
 * symbolized by mt_llvm_code, so names and file names follow the
 * session's llvm-symbolizer options.
 *
 * The library never prints: text goes to the caller's out buffer,
 * warnings and errors (llvm-symbolizer's "error: ..." and the line with a
 * caret under the place) to diag. Thread safety: one mt_markup per
 * thread, like its mt_llvm.
 */
#ifndef MAXTRIAGE_MARKUP_H
#define MAXTRIAGE_MARKUP_H

#include "maxtriage/buf.h"
#include "maxtriage/llvm_protocol.h"
#include "maxtriage/symbols.h"

#include <stddef.h>

typedef struct mt_markup_opts {
	int color; /* SGR colours in out (--color, or a terminal) */
	int color_diag; /* colour diag as LLVM does on a terminal */
	const char *const *debug_dirs; /* .build-id trees; none: the system's */
	size_t n_debug_dirs;
	int debuginfod; /* then ask the symbol servers (mt_symbolizer's) */
	int demangle; /* {{{data}}} names demangled (--demangle): LLVM
	                 demangles them whatever --functions says */
	/* When set, called with the other stream's buffer (diag: 1) before
	 * the filter writes to one of out and diag, so that the caller can
	 * write the two in order (llvm-symbolizer writes both unbuffered to
	 * a terminal); it must empty the buffer. */
	void (*flush)(void *payload, mt_buf *buf, int diag);
	void *payload;
} mt_markup_opts;

typedef struct mt_markup mt_markup;

/* A filter over l and s (borrowed; they must outlive it); o is copied,
 * its strings borrowed. Free with mt_markup_free(). */
int mt_markup_new(mt_markup **out,
                  mt_llvm *l,
                  mt_symbolizer *s,
                  const mt_markup_opts *o);
void mt_markup_free(mt_markup *f);

/* Filter one input line of len bytes, its "\n" included (add one to a
 * last line that has none, as llvm-symbolizer does); it may hold any
 * bytes, NUL included. Output that belongs to a module line may be held
 * until a later line or mt_markup_finish. */
void mt_markup_line(
        mt_buf *out, mt_buf *diag, mt_markup *f, const char *line, size_t len);

/* End of input: the held output, and the colour reset. */
void mt_markup_finish(mt_buf *out, mt_buf *diag, mt_markup *f);

#endif
