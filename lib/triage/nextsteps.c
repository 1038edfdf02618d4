/*
 * nextsteps.c - what to enable or do next, derived from what a report
 * lacks, following MAX's debugging guide (field-notes section 1). Each
 * step is one sentence a user can act on.
 */
#include "triage_int.h"

#include "maxtriage/buf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void add(mt_report *r, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void add(mt_report *r, const char *fmt, ...)
{
	mt_buf b = MT_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	mt_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	MT_PUSH(r->next_steps, r->nnext_steps, r->capnext_steps,
	        mt_buf_detach(&b));
}

static int kind_is(const mt_report *r, mt_kind k)
{
	return r->kind == k;
}

static int is_status(const mt_frame *f, mt_frame_status s)
{
	return f->status == s;
}

/* A message from the graph compiler surfaced through Python. */
static int compiler_message(const mt_report *r)
{
	return r->message && (strstr(r->message, "pass manager") ||
	                      strstr(r->message, "compil") ||
	                      strstr(r->message, "elaborate"));
}

static void debug_info_steps(mt_report *r,
                             const mt_next_steps_opts *o,
                             size_t nodebug,
                             size_t notfound);

/* What applies to any program: native frames, debug info, a debugger. */
static void generic_steps(mt_report *r,
                          const mt_next_steps_opts *o,
                          size_t python,
                          size_t native,
                          size_t nodebug,
                          size_t notfound)
{
	if (python && !native && !r->caused_by)
		add(r,
		    "the failure is below Python: rerun with `python -X faulthandler` (PYTHONFAULTHANDLER=1) to print the native frames");
	if (!r->nframes &&
	    (mt_kind_is_signal(r->kind) || r->kind == MT_KIND_PYTHON_FATAL ||
	     r->kind == MT_KIND_CRASH))
		add(r,
		    "no native frames were printed: rerun under a debugger (`gdb -batch -ex run -ex 'thread apply all bt' --args PROGRAM ...`) or enable core dumps and read the core");
	if (r->caused_by)
		add(r,
		    "the failure is in a child process: report %zu is its crash",
		    r->caused_by);
	debug_info_steps(r, o, nodebug, notfound);
}

static void debug_info_steps(mt_report *r,
                             const mt_next_steps_opts *o,
                             size_t nodebug,
                             size_t notfound)
{
	size_t i;

	if (nodebug || notfound) {
		mt_buf dirs = MT_BUF_INIT;

		for (i = 0; o && i < o->n_debug_dirs; i++)
			mt_buf_printf(&dirs, "%s%s", i ? ", " : "",
			              o->debug_dirs[i]);
		if (notfound)
			add(r,
			    "%zu frame%s name modules that were not found: point --binary-dir at the directory holding them (for MAX: the wheel's lib/ directory)",
			    notfound, notfound == 1 ? "" : "s");
		if (nodebug)
			add(r,
			    "%zu frame%s have no debug info; it was searched in the binaries, %s%s/usr/lib/debug%s and by build-id: add --debug-dir DIR (with .build-id/xx/rest.debug files)%s",
			    nodebug, nodebug == 1 ? "" : "s", dirs.ptr,
			    dirs.len ? ", " : "",
			    o && o->debuginfod
			            ? ", the debuginfod servers in DEBUGINFOD_URLS"
			            : "",
			    o && o->debuginfod ? " or a server that has them"
			                       : " or --debuginfod");
		mt_buf_release(&dirs);
	}
}

void mt_triage_next_steps(mt_report *r, const mt_next_steps_opts *o)
{
	size_t i, python = 0, native = 0, jit = 0, nodebug = 0, notfound = 0;
	size_t refused = 0;
	const mt_frame *cp =
	        r->blame_frame >= 0 ? &r->frames[r->blame_frame] : NULL;

	/* a dump without its crash point still shows whose code it is in:
	 * its first code frame */
	for (i = 0; !cp && i < r->nframes; i++)
		if (r->frames[i].category > MT_CAT_SYSTEM)
			cp = &r->frames[i];

	for (i = 0; i < r->nnext_steps; i++)
		free(r->next_steps[i]);
	r->nnext_steps = 0;
	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];

		if (f->form == MT_FORM_PYTHON)
			python++;
		else
			native++;
		if (f->category == MT_CAT_HANDLER ||
		    f->category == MT_CAT_SYSTEM)
			continue;
		jit += is_status(f, MT_STATUS_JIT);
		if (is_status(f, MT_STATUS_NO_DEBUG_INFO) && f->status_reason &&
		    strstr(f->status_reason, MT_INFLATE_REFUSED_MARK))
			refused++;
		else
			nodebug += is_status(f, MT_STATUS_NO_DEBUG_INFO);
		notfound += is_status(f, MT_STATUS_MODULE_NOT_FOUND) ||
		            is_status(f, MT_STATUS_NO_MODULE_BASE);
	}

	if (refused)
		add(r,
		    "%zu frame%s in files whose compressed debug info would inflate past the bound (a decompression bomb, or a huge file): named from the symbol table only; if the file is trusted, raise --max-inflate",
		    refused, refused == 1 ? " is" : "s are");
	if (!tri_is_modular(r)) {
		generic_steps(r, o, python, native, nodebug, notfound);
		return;
	}
	if (r->stack_not_collected)
		add(r,
		    "rerun with MODULAR_DEBUG=stack-trace-on-error to collect the stack where the error was raised");
	if (kind_is(r, MT_KIND_CUDA_ERROR) && !native)
		add(r,
		    "rerun with MODULAR_DEBUG=device-sync-mode (MODULAR_DEVICE_CONTEXT_SYNC_MODE=true) so the failing GPU launch is reported at the op that caused it");
	if (kind_is(r, MT_KIND_CUDA_ERROR) || kind_is(r, MT_KIND_KERNEL_ERROR))
		if (!r->ninflight)
			add(r,
			    "rerun with MODULAR_DEBUG=op-log-level=LEVEL to log every op launch and completion; the ops launched and never completed are the suspects");
	if (python && !native && !compiler_message(r))
		add(r,
		    "the failure is below Python: rerun with MODULAR_DEBUG=stack-trace-on-crash to get the native frames");
	if (!r->nframes &&
	    (kind_is(r, MT_KIND_WORKER_CRASH) ||
	     kind_is(r, MT_KIND_PYTHON_FATAL) || kind_is(r, MT_KIND_SIGSEGV) ||
	     kind_is(r, MT_KIND_SIGABRT) || kind_is(r, MT_KIND_SIGILL)))
		add(r,
		    "no native frames were printed: rerun with MODULAR_DEBUG=stack-trace-on-crash,stack-trace-on-error and capture stderr");
	debug_info_steps(r, o, nodebug, notfound);
	if (jit)
		add(r,
		    "JIT-compiled frames cannot be symbolized: build the program with `mojo build --debug-level=line-tables` and run the binary to get source lines");
	if (kind_is(r, MT_KIND_KERNEL_ERROR) && !r->has_source_traceback &&
	    !(o && o->ir_call_sites))
		add(r,
		    "the failing kernel names no Python call sites: rebuild the graph with MODULAR_DEBUG=source-tracebacks");
	if (o && o->ir_given)
		return;
	if (kind_is(r, MT_KIND_COMPILE_ERROR) || compiler_message(r) ||
	    (cp && cp->category == MT_CAT_RUNTIME && cp->function &&
	     (!strncmp(cp->function, "mlir::", 6) ||
	      !strncmp(cp->function, "M::KGEN::", 9) ||
	      strstr(cp->function, "Pass") != NULL)) ||
	    kind_is(r, MT_KIND_KERNEL_ERROR))
		add(r,
		    "to see what the compiler did, rerun with MODULAR_DEBUG=ir-output-dir=DIR and MODULAR_MAX_ENABLE_MODEL_IR_CACHE=false, then run `maxtriage irdiff DIR`");
}
