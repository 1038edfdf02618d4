/*
 * classify.c - categories, the blamed frame, the failure kind, and the
 * signature/fingerprint of a report.
 *
 * The blamed frame is the crash point: the first frame that is neither
 * crash machinery (handler) nor code below the runtime (system), the way
 * ClusterFuzz and Socorro skip such frames for their crash state.
 */
#include "maxtriage/triage.h"

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The frame's name: resolved, or as printed unless the printed one is a
 * far-away nearest symbol that names some other function. */
static const char *frame_name(const mt_frame *f)
{
	if (f->function)
		return f->function;
	return f->bogus_symbol ? NULL : f->symbol;
}

static const char *base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;

	return s ? s + 1 : path;
}

static int name_is(const char *name, const char *const *list)
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

static const char *const trampolines[] = { "__restore_rt", "_sigtramp",
	                                   "__kernel_rt_sigreturn", NULL };
static const char *const handler_fns[] = {
	"llvm::sys::PrintStackTrace", "llvm::sys::RunSignalHandlers",
	"SignalHandler", "KGEN_CompilerRT_PrintStackTraceOnFault", NULL
};
static const char *const abort_fns[] = { "abort",
	                                 "raise",
	                                 "gsignal",
	                                 "pthread_kill",
	                                 "__pthread_kill_implementation",
	                                 "__pthread_kill_internal",
	                                 NULL };
static const char *const assert_fns[] = { "__assert_fail", "__assert_fail_base",
	                                  NULL };
static const char *const throw_fns[] = {
	"__cxa_throw",
	"std::terminate",
	"__cxa_rethrow",
	"__gnu_cxx::__verbose_terminate_handler",
	"__cxxabiv1::__terminate",
	NULL
};

static int is_libc_module(const char *module)
{
	const char *b = base_name(module);

	return b && (!strncmp(b, "libc.so", 7) || !strncmp(b, "libc-", 5) ||
	             !strncmp(b, "libpthread", 10) ||
	             !strncmp(b, "libsystem_platform", 18));
}

int mt_triage_find_trampoline(const mt_report *r)
{
	size_t i, limit = r->nframes < 16 ? r->nframes : 16;

	for (i = 0; i < limit; i++) {
		const mt_frame *f = &r->frames[i];
		const char *name = frame_name(f);
		size_t j;
		int handler_before = 0, one_module = 1;

		if (f->form == MT_FORM_PYTHON || f->form == MT_FORM_HOSTFRAME ||
		    f->form == MT_FORM_SANITIZER)
			return -1;
		if (name_is(name, trampolines))
			return (int)i;
		if (i == 0 || i > 8 || !is_libc_module(f->module) ||
		    (name && strcmp(name, "??")))
			continue;
		/* An unnamed libc frame right after the handler: the kernel
		 * delivered the signal there. The handler shows as named
		 * frames, or unnamed ones all in the module that installed
		 * it (mojo, libKGENCompilerRTShared.so, ...). */
		for (j = 0; j < i; j++) {
			const mt_frame *g = &r->frames[j];

			if (name_is(frame_name(g), handler_fns))
				handler_before = 1;
			if (!g->module || !r->frames[0].module ||
			    strcmp(g->module, r->frames[0].module) ||
			    is_libc_module(g->module))
				one_module = 0;
		}
		if (handler_before || (one_module && i >= 2))
			return (int)i;
	}
	return -1;
}

/* A JIT frame (no module, no name): user Mojo code under `mojo run`,
 * compiled kernels inside a MAX model run. */
static int program_is_mojo(const mt_report *r)
{
	const char *p = r->program;
	const char *b;

	if (r->mojo_driver)
		return 1;
	if (!p)
		return 0;
	b = strstr(p, "mojo");
	return b && (b == p || b[-1] == '/') && (b[4] == ' ' || b[4] == '\0');
}

static void categorize(mt_report *r, const mt_triage_opts *o, int tramp)
{
	size_t i;

	for (i = 0; i < r->nframes; i++) {
		mt_frame *f = &r->frames[i];
		const char *why = NULL;
		const char *name = frame_name(f);
		const char *module =
		        f->module_path ? f->module_path : f->module;
		int c;

		free(f->rule);
		f->rule = NULL;
		if (tramp >= 0 && (int)i <= tramp) {
			f->category = MT_CAT_HANDLER;
			f->rule = mt_strdup(
			        (int)i == tramp
			                ? "signal trampoline"
			                : "above the signal trampoline: crash handler");
			continue;
		}
		c = mt_rules_match_user(o->rules, f->module, name, f->file,
		                        &why);
		if (c < 0 && module != f->module)
			c = mt_rules_match_user(o->rules, module, name, f->file,
			                        &why);
		if (c >= 0) {
			f->category = (mt_category)c;
			f->rule = mt_strdup(why);
			continue;
		}
		if (o->repo && f->file && mt_repo_tracks(o->repo, f->file)) {
			f->category = MT_CAT_MODEL;
			f->rule = mt_strdup(
			        "file tracked in the model repository");
			continue;
		}
		if ((f->bogus_symbol || (!f->module && !name && !f->file)) &&
		    f->has_address && !f->unmapped) {
			int mojo = program_is_mojo(r);

			f->category = mojo ? MT_CAT_MODEL : MT_CAT_KERNEL;
			f->rule = mt_strdup(
			        mojo ? "JIT code under the mojo driver: user Mojo code"
			             : "JIT code without a module: compiled kernel");
			continue;
		}
		f->category = mt_rules_match(o->rules, f->module, name, f->file,
		                             &why);
		if (f->category == MT_CAT_UNKNOWN && module != f->module)
			f->category = mt_rules_match(o->rules, module, name,
			                             f->file, &why);
		f->rule = mt_strdup(why);
	}
}

static void set_kind(mt_report *r, const char *kind)
{
	free(r->kind);
	r->kind = mt_strdup(kind);
}

/* Kind and signal from the frames and the faulting instruction, where the
 * text did not already say. */
static void infer_kind(mt_report *r, int tramp)
{
	size_t i;
	const char *from_frames = NULL, *signal = NULL;

	for (i = 0; i < r->nframes; i++) {
		const char *name = frame_name(&r->frames[i]);

		if (name_is(name, assert_fns))
			from_frames = "assertion";
		else if (name_is(name, throw_fns) && !from_frames)
			from_frames = "cpp_exception";
		if (name_is(name, abort_fns) || name_is(name, assert_fns))
			signal = "SIGABRT";
	}
	if (!signal && tramp >= 0 && (size_t)tramp + 1 < r->nframes) {
		const char *h = r->frames[tramp + 1].hint;
		const char *ins = r->frames[tramp + 1].instruction;

		if (h && strstr(h, "trap"))
			signal = "SIGILL";
		else if (h && strstr(h, "divide"))
			signal = "SIGFPE";
		else if (h && strstr(h, "memory"))
			signal = "SIGSEGV";
		else if (ins && !strncmp(ins, "ud2", 3))
			signal = "SIGILL";
	}
	if (signal && !r->signal)
		r->signal = mt_strdup(signal);
	if (!r->kind && from_frames)
		set_kind(r, from_frames);
	if (!r->kind && r->nframes &&
	    name_is(frame_name(&r->frames[0]),
	            (const char *const[]){ "KGEN_CompilerRT_GetStackTrace",
	                                   NULL }))
		set_kind(r, "mojo_error");
	if (!r->kind && r->signal)
		set_kind(r, r->signal);
	if (!r->kind && r->nframes && r->frames[0].form == MT_FORM_PYTHON)
		set_kind(r, "python_exception");
	if (!r->kind)
		set_kind(r, tramp >= 0 ? "crash" : "unknown");
}

static char *describe_frame(const mt_frame *f)
{
	mt_buf b = MT_BUF_INIT;
	char *disp = mt_function_display(frame_name(f));

	mt_buf_printf(&b, "#%d ", f->index);
	if (disp && *disp)
		mt_buf_puts(&b, disp);
	else if (f->has_address)
		mt_buf_printf(&b, "0x%llx", (unsigned long long)f->address);
	else
		mt_buf_puts(&b, "??");
	if (f->file)
		mt_buf_printf(&b, " at %s:%u", base_name(f->file), f->line);
	if (f->module)
		mt_buf_printf(&b, " in %s", base_name(f->module));
	free(disp);
	return mt_buf_detach(&b);
}

static void choose_blame(mt_report *r, int tramp, const mt_rules *o_rules)
{
	size_t i;
	mt_buf reason = MT_BUF_INIT;

	r->blame_frame = -1;
	for (i = tramp >= 0 ? (size_t)tramp + 1 : 0; i < r->nframes; i++) {
		mt_category c = r->frames[i].category;

		if (c != MT_CAT_HANDLER && c != MT_CAT_SYSTEM) {
			r->blame_frame = (int)i;
			break;
		}
	}
	free(r->reason);
	if (r->blame_frame >= 0) {
		mt_frame *f = &r->frames[r->blame_frame];
		char *d = describe_frame(f);

		r->category = f->category;
		mt_buf_printf(
		        &reason,
		        "first frame that is neither crash handler nor system code is %s: %s (%s)",
		        d, mt_category_name(f->category),
		        f->rule ? f->rule : "no rule");
		free(d);
	} else if (r->nframes) {
		r->category = MT_CAT_SYSTEM;
		mt_buf_puts(&reason,
		            "every frame is crash handler or system code");
	} else if (r->kind && !strcmp(r->kind, "cuda_error")) {
		r->category = MT_CAT_KERNEL;
		mt_buf_puts(
		        &reason,
		        "a CUDA error with no host frames: the failing work ran on the GPU");
	} else if (r->kind && !strcmp(r->kind, "kernel_error")) {
		r->category = MT_CAT_KERNEL;
		mt_buf_printf(&reason, "MAX reported an error in kernel %s",
		              r->kernel        ? r->kernel
		              : r->entry_point ? r->entry_point
		                               : "(unnamed)");
	} else if (r->kind && !strcmp(r->kind, "compile_error")) {
		r->category = MT_CAT_RUNTIME;
		mt_buf_puts(&reason,
		            "the MAX graph compiler rejected the graph");
	} else if (r->error_location) {
		const char *why = NULL;
		char *file = mt_strdup(r->error_location);
		char *c;

		/* "file.mojo:51:29" -> "file.mojo" */
		for (int k = 0; k < 2 && (c = strrchr(file, ':')) &&
		                isdigit((unsigned char)c[1]);
		     k++)
			*c = '\0';
		r->category = mt_rules_match(o_rules, NULL, NULL, file, &why);
		free(file);
		mt_buf_printf(&reason, "error raised at %s: %s (%s)",
		              r->error_location, mt_category_name(r->category),
		              why);
	} else {
		r->category = MT_CAT_UNKNOWN;
		mt_buf_puts(&reason, "no frames to classify");
	}
	r->reason = mt_buf_detach(&reason);
}

/* Compiler-made clones keep the original's identity: foo.cold,
 * foo.part.0, foo.isra.0, foo.constprop.0, foo.llvm.123. */
static void strip_clone_suffix(char *s)
{
	static const char *const sfx[] = { ".cold",  ".part.",
		                           ".isra.", ".constprop.",
		                           ".llvm.", ".lto_priv.",
		                           NULL };
	const char *const *p;
	char *q;

	for (p = sfx; *p; p++)
		if ((q = strstr(s, *p)))
			*q = '\0';
}

char *mt_signature_frame_name(const mt_frame *f)
{
	const char *name = frame_name(f);
	mt_buf b = MT_BUF_INIT;
	char *d;

	if (f->bogus_symbol)
		return mt_strdup("<jit>");
	if (f->unmapped)
		return mt_strdup("<unmapped>");
	if (name && *name && strcmp(name, "??")) {
		d = mt_function_display(name);
		strip_clone_suffix(d);
		return d;
	}
	if (f->form == MT_FORM_PYTHON && f->file) {
		mt_buf_printf(&b, "%s", base_name(f->file));
		return mt_buf_detach(&b);
	}
	if (f->module && f->has_offset) {
		mt_buf_printf(&b, "%s+0x%llx", base_name(f->module),
		              (unsigned long long)f->module_offset);
		return mt_buf_detach(&b);
	}
	if (f->module)
		return mt_strdup(base_name(f->module));
	return mt_strdup("<jit>");
}

/* The kind as it enters a signature: the hardware-fault signals are one
 * family, because a dump does not always let us tell them apart (the
 * faulting instruction needs the binary); the frames separate crashes. */
static const char *signature_kind(const mt_report *r)
{
	static const char *const faults[] = { "SIGSEGV", "SIGBUS",  "SIGILL",
		                              "SIGFPE",  "SIGTRAP", "crash",
		                              NULL };
	const char *const *p;

	for (p = faults; *p; p++)
		if (r->kind && !strcmp(r->kind, *p))
			return "crash";
	return r->kind ? r->kind : "unknown";
}

/* Replace digit runs and hex numbers by "N" so messages that differ only
 * in addresses, sizes or indices bucket together. */
static void normalise_message(mt_buf *b, const char *msg)
{
	const char *p = msg;
	size_t n = 0;

	while (*p && *p != '\n' && n < 160) {
		if (isdigit((unsigned char)*p)) {
			if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
				p += 2;
			while (isxdigit((unsigned char)*p))
				p++;
			mt_buf_putc(b, 'N');
		} else {
			mt_buf_putc(b, *p++);
		}
		n++;
	}
}

static void make_signature(mt_report *r, int tramp)
{
	mt_buf b = MT_BUF_INIT;
	size_t i;
	int taken = 0;
	uint64_t h;

	mt_buf_puts(&b, signature_kind(r));
	for (i = tramp >= 0 ? (size_t)tramp + 1 : 0;
	     i < r->nframes && taken < 3; i++) {
		const mt_frame *f = &r->frames[i];
		char *n;

		if (f->category == MT_CAT_HANDLER ||
		    f->category == MT_CAT_SYSTEM)
			continue;
		n = mt_signature_frame_name(f);
		mt_buf_printf(&b, " | %s", n);
		free(n);
		taken++;
	}
	if (!taken) {
		/* no code frames: the error text is the identity */
		if (r->kernel)
			mt_buf_printf(&b, " | kernel %s", r->kernel);
		/* the last op launched and never completed is the suspect */
		if (r->ninflight)
			mt_buf_printf(&b, " | in flight %s",
			              r->inflight[r->ninflight - 1].op);
		if (r->message) {
			mt_buf_puts(&b, " | ");
			normalise_message(&b, r->message);
		}
	}
	free(r->signature);
	r->signature = mt_buf_detach(&b);
	h = mt_hash_finish(mt_hash_str(MT_HASH_SEED, r->signature));
	snprintf(r->fingerprint, sizeof(r->fingerprint), "%016llx",
	         (unsigned long long)h);
}

void mt_triage_report(mt_report *r, const mt_triage_opts *o)
{
	int tramp = r->resolved ? r->trampoline : mt_triage_find_trampoline(r);
	size_t i;

	categorize(r, o, tramp);
	infer_kind(r, tramp);
	choose_blame(r, tramp, o->rules);
	if (o->repo) {
		for (i = 0; i < r->nframes; i++) {
			mt_frame *f = &r->frames[i];

			if (f->category == MT_CAT_MODEL && f->file && f->line &&
			    !f->blame && mt_repo_tracks(o->repo, f->file))
				f->blame = mt_repo_blame(o->repo, f->file,
				                         f->line);
		}
	}
	make_signature(r, tramp);
}
