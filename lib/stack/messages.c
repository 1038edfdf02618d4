/*
 * messages.c - recognise the text around frames: errors worth reporting
 * (field-notes section 2, "Messages to extract"), banners, trailers and
 * hints. Matching is by fixed substrings, never regexes, so it is linear
 * in the line.
 */
#include "msg_int.h"

#include <stdlib.h>
#include <string.h>

/* The table of line shapes (msg_int.h says what a row holds): the first
 * row whose recognizer accepts a line decides, so the order is the
 * precedence. */
static const line_shape line_shapes[] = {
	/* dump structure */
	{ shape_bug_banner, "Please submit a bug report to", MSG_BOUNDARY,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_bug_banner, "PLEASE submit a bug report to", MSG_BOUNDARY,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_at_start, "Please file a bug report", MSG_BOUNDARY,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_at_start, "Stack dump:", MSG_BOUNDARY, MT_KIND_NONE, NULL, 0 },
	{ shape_at_start, "Stack dump without symbol names", MSG_NONE,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_program_args, "Program arguments:", MSG_PROGRAM, MT_KIND_NONE,
	  NULL, 0 },
	{ shape_anywhere, "stack trace was not collected",
	  MSG_STACK_NOT_COLLECTED, MT_KIND_NONE, NULL, 0 },
	{ shape_anywhere, "MODULAR_DEVICE_CONTEXT_SYNC_MODE=true",
	  MSG_SYNC_HINT, MT_KIND_NONE, NULL, 0 },

	/* other tools: threads, processes, signals */
	{ shape_gdb_thread, " (Thread 0x", MSG_THREAD, MT_KIND_NONE, NULL, 0 },
	{ shape_python_thread, " (most recent call first):", MSG_THREAD,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_python_thread_old, NULL, MSG_THREAD, MT_KIND_NONE, NULL, 0 },
	{ shape_macos_thread, NULL, MSG_THREAD, MT_KIND_NONE, NULL, 0 },
	{ shape_lldb_thread, "thread #", MSG_THREAD, MT_KIND_NONE, NULL, 0 },
	{ shape_eustack_pid, "PID ", MSG_PROCESS, MT_KIND_NONE, NULL, 0 },
	{ shape_eustack_tid, "TID ", MSG_THREAD, MT_KIND_NONE, NULL, 0 },
	{ shape_tool_signal, "received signal ", MSG_SIGNAL, MT_KIND_NONE, NULL,
	  0 },
	{ shape_tool_signal, "Program terminated with signal ", MSG_SIGNAL,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_tool_signal,
	  "Process terminating with default action of signal ", MSG_SIGNAL,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_tool_signal, "Exception Type:", MSG_SIGNAL, MT_KIND_NONE, NULL,
	  0 },
	{ shape_valgrind_aux, "Address 0x", MSG_AUX_STACK, MT_KIND_NONE, NULL,
	  0 },
	/* AddressSanitizer's memory history */
	/* ThreadSanitizer's other stacks: the first access is the report's
	 * (its frames follow the WARNING line), the rest are history */
	{ shape_line_at_start, "Previous write of size", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_line_at_start, "Previous read of size", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_line_at_start, "Previous atomic", MSG_AUX_STACK, MT_KIND_NONE,
	  NULL, 0 },
	{ shape_line_at_start, "As if synchronized via", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_line_at_start, "Location is heap block", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_line_at_start, "Mutex M", MSG_STACK_HEADER, MT_KIND_NONE, NULL,
	  0 },
	{ shape_gdb_current_thread, "[Current thread is ", MSG_CURRENT_THREAD,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_line_at_start, "freed by thread T", MSG_AUX_STACK, MT_KIND_NONE,
	  NULL, 0 },
	{ shape_line_at_start, "previously allocated by thread T",
	  MSG_AUX_STACK, MT_KIND_NONE, NULL, 0 },
	{ shape_line_at_start, "allocated by thread T", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	/* HWAddressSanitizer names the allocation of a heap chunk it
	 * describes without a thread (rust-lang/rust#81506) */
	{ shape_line_at_start, "allocated here:", MSG_AUX_STACK, MT_KIND_NONE,
	  NULL, 0 },
	{ shape_line_at_start, "Thread T", MSG_STACK_HEADER, MT_KIND_NONE, NULL,
	  0 },
	{ shape_valgrind_aux, "Block was alloc'd at", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_valgrind_aux, "Uninitialised value was created", MSG_AUX_STACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_valgrind_error, "Invalid read of size ", MSG_PRIMARY,
	  MT_KIND_MEMORY_ERROR, NULL, SHAPE_LEADS },
	{ shape_valgrind_error, "Invalid write of size ", MSG_PRIMARY,
	  MT_KIND_MEMORY_ERROR, NULL, SHAPE_LEADS },
	{ shape_valgrind_error, "Invalid free() / delete", MSG_PRIMARY,
	  MT_KIND_HEAP_CORRUPTION, NULL, SHAPE_LEADS },
	{ shape_valgrind_error, "Mismatched free() / delete", MSG_PRIMARY,
	  MT_KIND_HEAP_CORRUPTION, NULL, SHAPE_LEADS },
	{ shape_valgrind_error,
	  "Conditional jump or move depends on uninitialised", MSG_PRIMARY,
	  MT_KIND_MEMORY_ERROR, NULL, SHAPE_LEADS },
	{ shape_valgrind_error, "Use of uninitialised value of size ",
	  MSG_PRIMARY, MT_KIND_MEMORY_ERROR, NULL, SHAPE_LEADS },
	{ shape_valgrind_error, "Jump to the invalid address stated",
	  MSG_PRIMARY, MT_KIND_MEMORY_ERROR, NULL, SHAPE_LEADS },
	/* the error of a valgrind stack overflow: the report's message, a
	 * note when repeated under "Process terminating" */
	{ shape_valgrind_error, "Stack overflow in thread ", MSG_REFINE,
	  MT_KIND_STACK_OVERFLOW, NULL, 0 },
	/* the fault under "Process terminating ...": the message of a
	 * report that has no error line of its own, a note otherwise */
	{ shape_valgrind_error, "Access not within mapped region at address ",
	  MSG_REFINE, MT_KIND_NONE, NULL, 0 },
	{ shape_valgrind_error, "Bad permissions for mapped region at address ",
	  MSG_REFINE, MT_KIND_NONE, NULL, 0 },

	/* llvm::report_fatal_error */
	{ shape_rest_at_start, "LLVM ERROR: ", MSG_PRIMARY, MT_KIND_FATAL_ERROR,
	  "SIGABRT", SHAPE_LEADS },

	/* heap checkers: the allocator found its own data corrupted */
	{ shape_glibc_heap, NULL, MSG_PRIMARY, MT_KIND_HEAP_CORRUPTION,
	  "SIGABRT", SHAPE_LEADS },
	{ shape_from_needle, "*** Error in `", MSG_PRIMARY,
	  MT_KIND_HEAP_CORRUPTION, "SIGABRT", SHAPE_LEADS },
	{ shape_macos_malloc, "*** error for object ", MSG_PRIMARY,
	  MT_KIND_HEAP_CORRUPTION, "SIGABRT", SHAPE_LEADS },
	{ shape_macos_malloc, "Heap corruption detected", MSG_PRIMARY,
	  MT_KIND_HEAP_CORRUPTION, "SIGABRT", SHAPE_LEADS },
	{ shape_macos_malloc, "Incorrect checksum for freed object",
	  MSG_PRIMARY, MT_KIND_HEAP_CORRUPTION, "SIGABRT", SHAPE_LEADS },
	{ shape_tcmalloc_error, "] Attempt to ", MSG_PRIMARY,
	  MT_KIND_HEAP_CORRUPTION, "SIGABRT", SHAPE_LEADS },

	/* errors that are (or start) a report */
	{ shape_unhandled_exception,
	  "Unhandled exception caught during execution:", MSG_PRIMARY,
	  MT_KIND_MOJO_ERROR, NULL, SHAPE_FRESH },
	/* a Mojo abort() is llvm.trap: SIGILL on x86-64 */
	{ shape_mojo_abort, "ABORT:", MSG_PRIMARY, MT_KIND_MOJO_ABORT, "SIGILL",
	  SHAPE_LEADS },
	{ shape_assert_error, "Assert Error:", MSG_PRIMARY, MT_KIND_ASSERTION,
	  NULL, 0 },
	{ shape_mojo_at, NULL, MSG_PRIMARY, MT_KIND_MOJO_ERROR, NULL, 0 },
	{ shape_macos_assertion, "Assertion failed: ", MSG_PRIMARY,
	  MT_KIND_ASSERTION, "SIGABRT", SHAPE_LEADS },
	{ shape_c_assertion, "Assertion", MSG_PRIMARY, MT_KIND_ASSERTION,
	  "SIGABRT", SHAPE_LEADS },
	{ shape_from_needle, "terminate called after throwing an instance of",
	  MSG_PRIMARY, MT_KIND_CPP_EXCEPTION, "SIGABRT", SHAPE_LEADS },
	{ shape_from_needle, "terminate called without an active exception",
	  MSG_PRIMARY, MT_KIND_CPP_EXCEPTION, "SIGABRT", SHAPE_LEADS },
	{ shape_rest_at_start, "what():", MSG_REFINE, MT_KIND_NONE, NULL, 0 },
	/* a sanitizer runtime's internal CHECK: an assertion; it exits
	 * (or aborts with abort_on_error), so no signal is implied */
	{ shape_sanitizer_check, "Sanitizer CHECK failed: ", MSG_PRIMARY,
	  MT_KIND_ASSERTION, NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_from_needle, "Program hit CUDA_ERROR_", MSG_PRIMARY,
	  MT_KIND_CUDA_ERROR, NULL, SHAPE_LEADS },
	{ shape_from_needle, "CUDA call failed:", MSG_PRIMARY,
	  MT_KIND_CUDA_ERROR, NULL, 0 },
	{ shape_sanitizer, "WARNING: ThreadSanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_sanitizer, "WARNING: MemorySanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_sanitizer, "ERROR: HWAddressSanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_sanitizer, "ERROR: MemorySanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS | SHAPE_FRESH },
	/* LeakSanitizer's header says nothing each leak does not */
	{ shape_at_start, "ERROR: LeakSanitizer: detected memory leaks",
	  MSG_NONE, MT_KIND_NONE, NULL, 0 },
	{ shape_leak, "Direct leak of ", MSG_PRIMARY, MT_KIND_MEMORY_LEAK, NULL,
	  SHAPE_LEADS | SHAPE_FRESH },
	{ shape_leak, "Indirect leak of ", MSG_PRIMARY, MT_KIND_MEMORY_LEAK,
	  NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_leak, " are definitely lost in loss record ", MSG_PRIMARY,
	  MT_KIND_MEMORY_LEAK, NULL, SHAPE_LEADS | SHAPE_FRESH },
	/* a Rust panic: it unwinds and exits 101, no signal */
	{ shape_rust_panic, " panicked at ", MSG_PRIMARY, MT_KIND_RUST_PANIC,
	  NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_ubsan_error, ": runtime error: ", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS | SHAPE_FRESH },
	{ shape_sanitizer, "ERROR: AddressSanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS },
	{ shape_sanitizer, "ERROR: UndefinedBehaviorSanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS },
	{ shape_sanitizer, "ERROR: ThreadSanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS },
	{ shape_sanitizer, "ERROR: LeakSanitizer:", MSG_PRIMARY,
	  MT_KIND_SANITIZER, NULL, SHAPE_LEADS },
	{ shape_line_at_start, "Failed to compile the model", MSG_PRIMARY,
	  MT_KIND_COMPILE_ERROR, NULL, 0 },
	{ shape_line_at_start, "Graph compilation failed", MSG_REFINE,
	  MT_KIND_COMPILE_ERROR, NULL, 0 },
	{ shape_kernel_entry,
	  "An error occurred in kernel entry point named \"", MSG_PRIMARY,
	  MT_KIND_KERNEL_ERROR, NULL, 0 },
	{ shape_kernel_named, "An error occurred in kernel named \"",
	  MSG_REFINE, MT_KIND_KERNEL_ERROR, NULL, 0 },
	{ shape_line_at_start, "Fusion info:", MSG_NOTE, MT_KIND_NONE, NULL,
	  0 },
	{ shape_line_at_start, "Source Traceback:", MSG_NOTE, MT_KIND_NONE,
	  NULL, 0 },
	{ shape_fusion_note, "Note: ", MSG_NOTE, MT_KIND_NONE, NULL, 0 },
	{ shape_from_needle_signal, "Worker exception, shutting down:",
	  MSG_PRIMARY, MT_KIND_WORKER_CRASH, NULL, 0 },
	{ shape_from_needle_signal, "Fatal Python error:", MSG_PRIMARY,
	  MT_KIND_PYTHON_FATAL, NULL, 0 },
	{ shape_at_start, "Traceback (most recent call last):", MSG_TRACEBACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_at_start, "Build Time Traceback", MSG_BUILD_TRACEBACK,
	  MT_KIND_NONE, NULL, 0 },
	{ shape_mlir_loc_diag, "): error: ", MSG_DIAGNOSTIC, MT_KIND_NONE, NULL,
	  0 },
	{ shape_diagnostic, ": error: ", MSG_DIAGNOSTIC, MT_KIND_NONE, NULL,
	  0 },
	/* a sanitizer's last line: the message of a report cut above its
	 * WARNING line (a paste that starts mid-report) */
	{ shape_sanitizer_summary, "SUMMARY: ", MSG_REFINE, MT_KIND_SANITIZER,
	  NULL, SHAPE_ATTACH | SHAPE_FALLBACK },
	/* rustc's internal compiler error, after its backtrace */
	{ shape_line_at_start, "error: internal compiler error: ", MSG_REFINE,
	  MT_KIND_RUST_PANIC, NULL, SHAPE_ATTACH },
	/* a lone "error:" is a detail of a report begun, never a crash */
	{ shape_graph_error, "error: ", MSG_REFINE, MT_KIND_NONE, NULL,
	  SHAPE_ATTACH },
	{ shape_python_exception, NULL, MSG_PRIMARY, MT_KIND_PYTHON_EXCEPTION,
	  NULL, 0 },
	/* PyTorch's line after its CUDA/HIP error text names the runtime's
	 * enum ("Search for `hipErrorInvalidDeviceFunction' in https://...
	 * for more information."): a detail of that error, not another */
	{ shape_line_at_start, "Search for `hipError", MSG_REFINE, MT_KIND_NONE,
	  NULL, SHAPE_ATTACH },
	{ shape_line_at_start, "Search for `cudaError", MSG_REFINE,
	  MT_KIND_NONE, NULL, SHAPE_ATTACH },
	{ shape_cuda_anywhere, "CUDA_ERROR_", MSG_PRIMARY, MT_KIND_CUDA_ERROR,
	  NULL, 0 },

	/* a program's own words for the signal that killed it ("Caught
	 * deadly signal: SIGSEGV", "Fatal signal 11 (SIGSEGV)") */
	{ shape_signal_prose, "ignal", MSG_SIGNAL, MT_KIND_NONE, NULL, 0 },

	/* trailers */
	{ shape_driver_trailer, NULL, MSG_TRAILER, MT_KIND_NONE, NULL, 0 },
	{ shape_signal_trailer, NULL, MSG_SIGNAL, MT_KIND_NONE, NULL, 0 },
	{ shape_pretty_entry, NULL, MSG_NOTE, MT_KIND_NONE, NULL, 0 },
};

static void classify_line(msg_info *m, const char *line, int in_traceback)
{
	line_ctx c = { line, msg_skip_ws(line), in_traceback };
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(line_shapes); i++) {
		const line_shape *s = &line_shapes[i];

		m->type = s->type;
		m->kind = s->kind;
		m->signal = s->signal;
		m->leads = !!(s->flags & SHAPE_LEADS);
		m->fresh = !!(s->flags & SHAPE_FRESH);
		m->attach = !!(s->flags & SHAPE_ATTACH);
		m->fallback = !!(s->flags & SHAPE_FALLBACK);
		if (s->match(m, &c, s))
			return;
	}
	memset(m, 0, sizeof(*m));
}

void mt_msg_classify(msg_info *out, const char *line, int in_traceback)
{
	memset(out, 0, sizeof(*out));
	classify_line(out, line, in_traceback);
}

void mt_msg_release(msg_info *m)
{
	free(m->text);
	free(m->location);
	free(m->kernel);
	free(m->entry_point);
	free(m->detail);
	free(m->thread);
	memset(m, 0, sizeof(*m));
}
