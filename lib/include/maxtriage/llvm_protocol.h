/*
 * llvm_protocol.h - llvm-symbolizer 19's request language and answers
 * (and binutils addr2line's), over mt_symbolizer.
 *
 * A request is one input line or one command-line address: "ADDR",
 * "MODULE ADDR", "CODE|DATA|FRAME [FILE:|BUILDID:]MODULE ADDR", the module
 * quoted or not, ADDR a number (0x hex, 0 octal, 0b binary, decimal) or a
 * symbol name with an optional +offset. Every request gets exactly one
 * answer, so a client that pairs requests with answers never waits.
 * Answers are written in the LLVM, GNU or JSON style byte for byte as
 * llvm-symbolizer 19 writes them (docs/symbolize.md says what differs).
 *
 * The library never prints: answers and error lines go to the caller's
 * buffers. Thread safety: one mt_llvm per thread, like its symbolizer.
 */
#ifndef MAXTRIAGE_LLVM_PROTOCOL_H
#define MAXTRIAGE_LLVM_PROTOCOL_H

#include "maxtriage/buf.h"
#include "maxtriage/symbols.h"

#include <stdint.h>

typedef enum {
	MT_LLVM_STYLE_LLVM = 0,
	MT_LLVM_STYLE_GNU,
	MT_LLVM_STYLE_JSON
} mt_llvm_style;

typedef struct mt_llvm_opts {
	const char *tool; /* error prefix, "TOOL: error: ..." (argv[0]) */
	const char *obj; /* --obj: the module of every request, or NULL */
	const char *build_id; /* --build-id: the same, by build-id */
	mt_llvm_style style;
	int functions; /* print function names (--functions != none) */
	int inlines; /* every inlined frame (default on) */
	int addresses; /* --addresses: the address before its answer */
	int pretty; /* --pretty-print */
	int basenames; /* --basenames: file names without directories */
	int relativenames; /* --relativenames: without the comp_dir */
	int verbose; /* --verbose */
	int no_symbol_table; /* --functions=short|none: the symbol table
	                        neither names nor starts the outer frame */
	int relative_address; /* --relative-address: add the image base */
	int addr2line; /* binutils addr2line: hex addresses, its output */
	int hex_offsets; /* llvm-addr2line: numbers are hex ("0x" optional) */
	int json_array; /* JSON: command-line addresses answer as one array */
	int untrusted; /* do not look at paths named by requests, not even
	                  to say why they cannot be opened */
	uint64_t adjust_vma; /* --adjust-vma: subtracted before lookup */
	const char *section; /* addr2line -j: addresses are offsets in it */
	long context_lines; /* --print-source-context-lines */
} mt_llvm_opts;

typedef struct mt_llvm mt_llvm;

/* A protocol session over s (borrowed; must outlive it); o is copied, its
 * strings borrowed. Free with mt_llvm_free(). */
int mt_llvm_new(mt_llvm **out, mt_symbolizer *s, const mt_llvm_opts *o);
void mt_llvm_free(mt_llvm *l);

/*
 * Answer one request (a line without its newline). The answer is
 * appended to out, error lines (llvm-symbolizer's "TOOL: error: ...") to
 * diag. Returns 0, or 1 when llvm-symbolizer would stop with exit status
 * 1 (the --obj module cannot be read): the answer then is empty.
 */
int mt_llvm_request(mt_buf *out, mt_buf *diag, mt_llvm *l, const char *line);
/* Between requests: let the symbolizer drop modules past its bounds
 * (mt_symbolizer_trim); the previous request's module is kept for the
 * next one when the symbolizer keeps it (mt_symbolizer_keeps). */
void mt_llvm_trim(mt_llvm *l);

/* Open the --obj module before any request, as llvm-symbolizer 19 does
 * (so an unreadable one fails even without input): 0 when there is no
 * --obj or it opens; 1 after its error (in diag, or in the JSON style one
 * error object in out) when the run must end with status 1. */
int mt_llvm_open_obj(mt_buf *out, mt_buf *diag, mt_llvm *l);

/* Start and end of a JSON array of answers (command-line addresses in
 * the JSON style are printed as one array, as llvm-symbolizer does). */
void mt_llvm_json_begin(mt_buf *out, mt_llvm *l);
void mt_llvm_json_end(mt_buf *out, mt_llvm *l);

/* One frame of an answer, as llvm-symbolizer's DILineInfo holds it, for
 * the other printers of its answers (lib/symbols/markup.c). NULL and 0
 * are unknown. */
typedef struct mt_llvm_frame {
	const char *function;
	const char *file;
	unsigned line, column;
} mt_llvm_frame;

/*
 * The frames llvm-symbolizer's symbolizeInlinedCode (inlines: the inline
 * chain, innermost first) or symbolizeCode (one frame: the innermost
 * location, the outermost name) gives for addr in m, named and with file
 * names as l's options say (--functions, --demangle, --basenames,
 * --relativenames), in the LLVM style whatever l's. Fills out[0..max)
 * and returns how many (at least 1: one frame of NULLs when nothing is
 * known). Strings are borrowed from m.
 */
int mt_llvm_code(mt_llvm_frame *out,
                 size_t max,
                 mt_llvm *l,
                 mt_module *m,
                 uint64_t addr,
                 int inlines);

#endif
