/*
 * msg_int.h - private to lib/stack: the table of message line shapes
 * (messages.c) and the recognizers its rows name, by file:
 *
 *   msg_text.c     text helpers and the generic recognizers (a needle at
 *                  the start, anywhere, with what text is kept)
 *   msg_signals.c  signals named in text: shell trailers, debuggers' and
 *                  valgrind's signal lines
 *   msg_errors.c   errors: LLVM and Mojo banners and errors, MAX engine
 *                  errors, assertions, heap checkers, sanitizers,
 *                  compiler diagnostics, Python exceptions
 *   msg_tools.c    other tools' thread and process headers (gdb, lldb,
 *                  faulthandler, macOS, eu-stack) and valgrind's errors
 */
#ifndef MAXTRIAGE_MSG_INT_H
#define MAXTRIAGE_MSG_INT_H

#include "stack_int.h"

#include <stddef.h>

/*
 * The table of line shapes. Each row is a recognizer, the needle it looks
 * for, and what the line yields (type, kind, signal, whether it leads its
 * frames or is always a fresh error). The first row whose recognizer
 * accepts the line decides; the order is the precedence, so a row that
 * narrows another ("Assert Error:" inside "At file:L:C:") comes first.
 *
 * A recognizer gets the message already holding its row's yields and may
 * refine them (a CUDA error inside a Mojo error, a sanitizer's SEGV). It
 * returns 0 to let the next row try, and allocates nothing before it is
 * sure.
 */
typedef struct line_ctx {
	const char *line; /* as given: indentation kept */
	const char *p; /* line without its leading blanks */
	int in_traceback;
} line_ctx;

typedef struct line_shape line_shape;
typedef int (*shape_fn)(msg_info *m, const line_ctx *c, const line_shape *s);

struct line_shape {
	shape_fn match;
	const char *needle;
	msg_type type;
	mt_kind kind;
	const char *signal;
	unsigned flags; /* SHAPE_LEADS, SHAPE_FRESH */
};

enum { SHAPE_LEADS = 1, SHAPE_FRESH = 2, SHAPE_ATTACH = 4, SHAPE_FALLBACK = 8 };

/* msg_text.c: helpers */

/* p past blanks and tabs. */
const char *msg_skip_ws(const char *p);
/* A copy of s without leading and trailing blanks (new string). */
char *msg_dup_rest(const char *s);
int msg_starts(const char *s, const char *prefix);
/* "file:L:C: rest" at s: the length of the location, 0 if none. */
size_t msg_location_prefix(const char *s);
/* The line names a CUDA driver error. */
int msg_has_cuda_error(const char *line);
/* The quoted name after prefix in line (new string), or NULL. */
char *msg_quoted_after(const char *line, const char *prefix);
/* The body of a Mojo error ("At file:L:C: msg" or "msg") into m. */
void msg_mojo_error_body(msg_info *m, const char *body);
/* "Thread N" at the start of s: a copy of it, or NULL. */
char *msg_thread_number(const char *s);

/* msg_signals.c: helpers */

/* The signal a message names in prose (static), or NULL. */
const char *msg_signal_named(const char *s);
/* The first known "SIGxxx" named anywhere in s (static), or NULL. */
const char *msg_signal_in(const char *s);

/* The recognizers, by file (see the table in messages.c). */
int shape_at_start(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_anywhere(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_line_at_start(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_rest_at_start(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_from_needle(msg_info *m, const line_ctx *c, const line_shape *s);

int shape_from_needle_signal(msg_info *m,
                             const line_ctx *c,
                             const line_shape *s);
int shape_signal_trailer(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_signal_prose(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_tool_signal(msg_info *m, const line_ctx *c, const line_shape *s);

int shape_bug_banner(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_program_args(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_unhandled_exception(msg_info *m,
                              const line_ctx *c,
                              const line_shape *s);
int shape_mojo_abort(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_assert_error(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_mojo_at(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_c_assertion(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_sanitizer(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_sanitizer_check(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_ubsan_error(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_mlir_loc_diag(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_rust_panic(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_leak(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_sanitizer_summary(msg_info *m,
                            const line_ctx *c,
                            const line_shape *s);
int shape_kernel_entry(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_kernel_named(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_fusion_note(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_diagnostic(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_graph_error(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_python_exception(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_cuda_anywhere(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_driver_trailer(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_pretty_entry(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_glibc_heap(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_macos_malloc(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_tcmalloc_error(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_macos_assertion(msg_info *m, const line_ctx *c, const line_shape *s);

int shape_gdb_thread(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_python_thread(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_python_thread_old(msg_info *m,
                            const line_ctx *c,
                            const line_shape *s);
int shape_macos_thread(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_lldb_thread(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_eustack_pid(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_eustack_tid(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_gdb_current_thread(msg_info *m,
                             const line_ctx *c,
                             const line_shape *s);
int shape_valgrind_error(msg_info *m, const line_ctx *c, const line_shape *s);
int shape_valgrind_aux(msg_info *m, const line_ctx *c, const line_shape *s);

#endif
