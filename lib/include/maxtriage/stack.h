/*
 * stack.h - crash reports read from dump text: frames and messages.
 *
 * mt_stack_parse() splits any text (logs, several dumps, quoting, ANSI
 * colour, CRLF, truncated lines) into reports. It never fails on content:
 * unknown lines are skipped. The resolver (symbols) and triage layers then
 * fill in the remaining fields of each frame in place.
 */
#ifndef MAXTRIAGE_STACK_H
#define MAXTRIAGE_STACK_H

#include "maxtriage/common.h"

#include <stddef.h>
#include <stdint.h>

typedef enum {
	MT_CAT_UNKNOWN = 0,
	MT_CAT_HANDLER,
	MT_CAT_SYSTEM,
	MT_CAT_RUNTIME,
	MT_CAT_KERNEL,
	MT_CAT_MODEL
} mt_category;

const char *mt_category_name(mt_category c);
/* Parse a category name; returns -1 if unknown. */
int mt_category_parse(const char *name);

/* How a frame line looked in the dump. */
typedef enum {
	MT_FORM_LLVM =
	        0, /* #N 0xADDR [func] (module+0xOFF) | file:l:c | bare */
	MT_FORM_COLUMN, /* N module 0xADDR [sym + off] */
	MT_FORM_NORMALISED, /* #N lib+0xOFF */
	MT_FORM_SANITIZER, /* #N 0xADDR in func ... */
	MT_FORM_HOSTFRAME, /* compute-sanitizer Host Frame: */
	MT_FORM_PYTHON, /* File "x.py", line N, in f (and faulthandler's
	                   File "x.py", line N in f) */
	/* stacks printed by debuggers and other tools: names come from the
	 * crashed process itself, so they are kept as printed */
	MT_FORM_GDB, /* #N  [0xADDR in ]f (args) at file:L | from lib */
	MT_FORM_LLDB, /* frame #N: 0xADDR module`f + off at file:L:C */
	MT_FORM_VALGRIND, /* at|by 0xADDR: f (file:L) | (in lib) */
	MT_FORM_EUSTACK, /* #N 0xADDR [- 1] f [- module], source below */
	MT_FORM_BACKTRACE, /* glibc backtrace_symbols: lib(sym+0xOFF)[0xADDR] */
	MT_FORM_UNWOUND /* not printed: unwound here from a minidump, core
	                   or live process (found_by says how) */
} mt_frame_form;

/* How a frame was resolved (docs/json-stack.md, "status" values). NONE is
 * "not decided yet" and prints as null. */
typedef enum {
	MT_STATUS_NONE = 0,
	MT_STATUS_SYMBOLIZED,
	MT_STATUS_FROM_DUMP,
	MT_STATUS_NO_LINE_INFO,
	MT_STATUS_NO_DEBUG_INFO,
	MT_STATUS_ADDRESS_NOT_FOUND,
	MT_STATUS_MODULE_NOT_FOUND,
	MT_STATUS_MODULE_MISMATCH, /* a file was found: another build */
	MT_STATUS_NO_MODULE_BASE,
	MT_STATUS_JIT,
	MT_STATUS_UNMAPPED,
	MT_STATUS_REDACTED,
	MT_STATUS_NOT_SYMBOLIZED,
	MT_STATUS_NO_ADDRESS
} mt_frame_status;

/* Which address of a frame was looked up. */
typedef enum {
	MT_LOOKUP_NONE = 0, /* no lookup was made */
	MT_LOOKUP_PC, /* the faulting instruction, as is */
	MT_LOOKUP_CALL_SITE /* a return address, at address-1 */
} mt_frame_lookup;

/* Output names ("symbolized", "call_site"); NULL for NONE and for values
 * out of range. The one table every renderer uses. */
const char *mt_frame_status_name(mt_frame_status s);
const char *mt_frame_lookup_name(mt_frame_lookup l);

/* How an unwound frame was found (minidumps, cores, live processes:
 * docs/json-stack.md "found_by"). NONE: the frame was printed by a dump,
 * not unwound here. */
typedef enum {
	MT_FOUND_NONE = 0,
	MT_FOUND_CONTEXT, /* the thread's registers: the first frame */
	MT_FOUND_CFI, /* .eh_frame or .debug_frame of the callee's module */
	MT_FOUND_FRAME_POINTER, /* the frame-pointer chain (no CFI) */
	MT_FOUND_SCAN /* a stack word that is a return address after a call */
} mt_frame_found;

/* "context", "cfi", "frame_pointer", "scan"; NULL for NONE. */
const char *mt_frame_found_name(mt_frame_found f);

/* How the file used for a frame's module was checked against the build
 * that crashed (lib/triage/modmap.h, docs/json-stack.md). */
typedef enum {
	MT_MODCHECK_NONE = 0, /* no module file was used for the frame */
	MT_MODCHECK_UNCHECKED, /* opened, but nothing could be tested */
	MT_MODCHECK_BUILD_ID, /* the printed build-id equals the file's */
	MT_MODCHECK_CALL_SITES, /* every tested frame fits the file */
	MT_MODCHECK_MISMATCH /* not the build that crashed */
} mt_module_check;

/* "unchecked", "build_id", "call_sites", "mismatch"; NULL for NONE. */
const char *mt_module_check_name(mt_module_check c);

typedef struct mt_blame {
	char *commit; /* hex id */
	char *author;
	int64_t time; /* seconds since the epoch */
	char *summary;
} mt_blame;

typedef struct mt_frame {
	/* as printed */
	int index; /* -1 when the dump gave none */
	mt_frame_form form;
	int has_address;
	uint64_t address;
	int redacted; /* address printed as 0x00007f... */
	int unmapped; /* "<unmapped>" */
	char *module; /* as printed; NULL for none */
	int has_offset;
	uint64_t module_offset;
	char *symbol; /* name printed beside the address, if any */
	int has_symbol_offset; /* column form "sym + off" */
	uint64_t symbol_offset;
	int bogus_symbol; /* "sym + off" too far from sym to be its
	                     function: JIT code named after the nearest
	                     export (macOS "_sigtramp + 4286886248") */
	int truncated; /* the line was cut short */
	char *build_id; /* sanitizer (BuildId: ...) */
	unsigned line_no; /* line of the input it came from (1-based) */
	int sigtramp; /* printed as the signal trampoline itself
	                 (gdb "<signal handler called>") */
	int stack_unreadable; /* gdb could not read the frame's arguments
	                         from its stack ("<error reading variable:
	                         Cannot access memory at address ...>"):
	                         the stack pointer is off the stack */
	mt_frame_found found_by; /* unwound here: how (else NONE); such a
	                            frame's lookup is preset (PC for the
	                            first frame and the one a signal
	                            interrupted, else CALL_SITE) */

	/* resolved (or copied from a symbolized dump) */
	char *function; /* full name */
	char *file;
	unsigned line, column;
	int inlined;
	mt_frame_lookup lookup;
	char *instruction; /* faulting instruction, disassembled */
	char *hint; /* what the instruction suggests */
	char *module_path; /* file that was opened for it */
	mt_module_check module_check; /* how that file was checked */
	mt_frame_status status; /* see docs/json-stack.md */
	char *status_reason;

	/* triage */
	mt_category category;
	char *rule; /* which rule gave the category */
	mt_blame *blame;
} mt_frame;

/* A MAX op that was launched and never completed (op-log-level lines
 * "[OP] LAUNCH <op> [id=N] target=gpu:0" without "[OP] COMPLETE"). */
typedef struct mt_op_inflight {
	char *op;
	char *id;
	char *target;
	unsigned line_no;
} mt_op_inflight;

typedef struct mt_report {
	char *kind; /* failure kind: SIGSEGV, assertion, cuda_error... */
	char *signal; /* SIGSEGV... or NULL when none */
	char *message; /* the main error message */
	char *program; /* Program arguments: ... */
	char *kernel; /* MAX kernel name, if an error names one */
	char *entry_point; /* MAX kernel entry point */
	char *error_location; /* file:L:C from "At file:L:C:" messages */
	char **notes; /* other messages, pretty-stack entries */
	size_t nnotes, capnotes;
	char **hints_seen; /* hint lines: "stack trace was not collected" */
	size_t nhints, caphints;
	int saw_sync_mode_hint;
	int mojo_driver; /* the process was the mojo driver (mojo run) */
	int has_source_traceback; /* a Source Traceback block with content */
	mt_op_inflight *inflight; /* ops in flight when the process died */
	size_t ninflight;
	char **next_steps; /* what to enable or do next (triage) */
	size_t nnext_steps, capnext_steps;
	int stack_not_collected;
	mt_frame *frames;
	size_t nframes, capframes;
	size_t frames_dropped; /* past the per-report cap (noted) */
	unsigned first_line, last_line;

	/* resolution: position of the signal trampoline in frames (-1 none),
	 * decided once from the dump as printed, before names are looked up
	 * (a local libc would otherwise name another machine's trampoline) */
	int trampoline;
	int resolved;

	/* what the dump says about the thread and process (parse) */
	char *thread; /* the crashing thread as printed ("Thread 1",
	                 "0x00007f0e...", "TID 2054"), or NULL */
	long pid; /* process id the dump names (valgrind ==PID==, eu-stack
	             PID N), 0 when none */
	const char *producer; /* static: what printed the dump: "mojo"
	                         (LLVM's handler in the mojo driver or the
	                         Modular runtime), "llvm-handler", "gdb",
	                         "lldb", "valgrind", "eu-stack",
	                         "faulthandler", "traceback", "sanitizer",
	                         "macos-crash", "glibc"; NULL unknown */

	/* Read from a minidump, core or live process (lib/triage/dumpfile.c;
	 * NULL/0 for text dumps): what the file says besides the frames, and
	 * the other threads, each resolved and classified like a report of
	 * its own (kind "thread"), the crashing thread being this one. */
	struct mt_dump_info *dump;
	struct mt_report *threads;
	size_t nthreads;

	/* triage */
	mt_category category;
	int blame_frame; /* index into frames, -1 when none */
	char *reason;
	char *signature;
	char fingerprint[17];
} mt_report;

typedef struct mt_report_set {
	mt_report *reports;
	size_t n, cap;
	size_t lines; /* lines read */
	size_t frames_seen; /* frame lines recognised */
} mt_report_set;

/* Parse text[0..len) (need not be NUL-terminated; NUL bytes are treated as
 * ordinary bytes) into reports appended to set. Never fails on content. */
void mt_stack_parse(mt_report_set *set, const char *text, size_t len);

/*
 * Recognise a single line as a frame (exposed for unit tests). line is one
 * line with quoting, colour and CR already removed. Returns 1 and fills
 * *out (free its strings with mt_frame_release) or 0 if it is not a frame.
 */
int mt_stack_parse_frame_line(mt_frame *out, const char *line);

void mt_frame_release(mt_frame *f);
void mt_report_release(mt_report *r);
void mt_report_set_release(mt_report_set *set);

/* Append a frame (copied bitwise: ownership of its strings moves) at pos. */
void mt_report_insert_frame(mt_report *r, size_t pos, const mt_frame *f);
void mt_report_add_note(mt_report *r, const char *note);

/* Short display form of a function name: parameter lists, template and
 * Mojo compile-time parameter lists dropped ("a::b::f"). New string. */
char *mt_function_display(const char *name);

#endif
