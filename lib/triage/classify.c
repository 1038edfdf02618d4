/*
 * classify.c - categories and the blamed frame of a report; the kind and
 * the signature are signature.c's.
 *
 * The blamed frame is the crash point: the first frame that is neither
 * crash machinery (handler) nor code below the runtime (system), the way
 * ClusterFuzz and Socorro skip such frames for their crash state.
 */
#include "triage_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"
#include "maxtriage/map.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* __sighndlr: Solaris's libc calls the handler from it */
static const char *const trampolines[] = { "__restore_rt", "_sigtramp",
	                                   "__kernel_rt_sigreturn",
	                                   "__sighndlr", NULL };
static int is_libc_module(const char *module)
{
	const char *b = tri_base_name(module);

	return b && (!strncmp(b, "libc.so", 7) || !strncmp(b, "libc-", 5) ||
	             !strncmp(b, "libpthread", 10) ||
	             !strncmp(b, "libsystem_platform", 18));
}

int mt_triage_find_trampoline(const mt_report *r)
{
	size_t i, limit = r->nframes < 16 ? r->nframes : 16;

	/* The parser's word first: a frame printed as the trampoline itself
	 * (gdb "<signal handler called>", a named _sigtramp) is one, however
	 * deep the handler's own frames go. */
	for (i = 0; i < r->nframes; i++)
		if (r->frames[i].sigtramp)
			return (int)i;
	/* Unwound frames know their signal frames exactly (libdwfl's
	 * activation flag): no guessing from names and modules. */
	if (r->nframes && r->frames[0].form == MT_FORM_UNWOUND)
		return -1;
	for (i = 0; i < limit; i++) {
		const mt_frame *f = &r->frames[i];
		const char *name = tri_frame_name(f);
		size_t j;
		int handler_before = 0, one_module = 1;

		if (f->form == MT_FORM_PYTHON || f->form == MT_FORM_HOSTFRAME ||
		    f->form == MT_FORM_SANITIZER)
			return -1;
		if (tri_name_is(name, trampolines))
			return (int)i;
		/* a list people wrote as "#N module+0xOFF" shows no
		 * handler: its libc frames are frames */
		if (i == 0 || i > 8 || !is_libc_module(f->module) ||
		    (name && strcmp(name, "??")) ||
		    f->form == MT_FORM_NORMALISED)
			continue;
		/* An unnamed libc frame right after the handler: the kernel
		 * delivered the signal there. The handler shows as named
		 * frames, or unnamed ones all in the module that installed
		 * it (mojo, libKGENCompilerRTShared.so, ...). */
		for (j = 0; j < i; j++) {
			const mt_frame *g = &r->frames[j];

			if (tri_name_is(tri_frame_name(g), tri_handler_fns))
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

/* The category a frame's own fields give it (user rules, the model
 * repository, JIT code, the built-in table); *why is borrowed or static.
 * *matched is 0 when no rule matched: a user rule may say "unknown", and
 * that is the user's answer, not a gap to fill from the neighbours. */
static mt_category own_category(const mt_report *r,
                                const mt_triage_opts *o,
                                const mt_frame *f,
                                const char **why,
                                int *matched)
{
	const char *name = tri_frame_name(f);
	const char *module = f->module_path ? f->module_path : f->module;
	mt_category cat;
	int c;

	c = mt_rules_match_user(o->rules, f->module, name, f->file, why);
	if (c < 0 && module != f->module)
		c = mt_rules_match_user(o->rules, module, name, f->file, why);
	*matched = 1;
	if (c >= 0)
		return (mt_category)c;
	if (o->repo && f->file && mt_repo_tracks(o->repo, f->file)) {
		*why = "file tracked in the model repository";
		return MT_CAT_MODEL;
	}
	if ((f->bogus_symbol || (!f->module && !name && !f->file)) &&
	    f->has_address && !f->unmapped) {
		int mojo = program_is_mojo(r);

		if (!mojo && !tri_is_modular(r)) {
			/* outside MAX and Mojo nothing says it is a kernel */
			*why = "code in no module: JIT code or a jump to a wild address";
			*matched = 0;
			return MT_CAT_UNKNOWN;
		}
		*why = mojo ? "JIT code under the mojo driver: user Mojo code"
		            : "JIT code without a module: compiled kernel";
		return mojo ? MT_CAT_MODEL : MT_CAT_KERNEL;
	}
	cat = mt_rules_match(o->rules, f->module, name, f->file, why);
	if (cat == MT_CAT_UNKNOWN && module != f->module)
		cat = mt_rules_match(o->rules, module, name, f->file, why);
	*matched = cat != MT_CAT_UNKNOWN;
	return cat;
}

/* Frames whose category is evidence for their neighbours: a rule of
 * their own gave it, and it says what code this is. Handler and system
 * rules name code linked into every program (_start, abort, the crash
 * handler), so they say nothing about the rest of a module or a file. */
static int module_evidence(const mt_frame *f, int own)
{
	return own && f->category != MT_CAT_HANDLER &&
	       f->category != MT_CAT_SYSTEM && f->category != MT_CAT_UNKNOWN;
}

static const char *frame_module(const mt_frame *f)
{
	return f->module_path ? f->module_path : f->module;
}

static const char *frame_file(const mt_frame *f)
{
	return f->file;
}

/* Evidence frames counted per module (or per source file): how many of
 * each category, and the order in which the categories were first seen
 * (ties go to the first). One pass, so a dump of 100,000 frames of one
 * unknown module costs no more than the frames. */
typedef struct tally {
	size_t count[MT_CAT_MODEL + 1];
	int order[MT_CAT_MODEL + 1], seen;
} tally;

typedef struct tallies {
	mt_map index; /* hash of the key -> position in t */
	tally *t;
	size_t n, cap;
	const char *(*key)(const mt_frame *);
} tallies;

static void tallies_build(tallies *ts,
                          const mt_report *r,
                          const unsigned char *own,
                          const char *(*key)(const mt_frame *))
{
	size_t i;

	memset(ts, 0, sizeof(*ts));
	ts->key = key;
	mt_map_init(&ts->index, 16);
	for (i = 0; i < r->nframes; i++) {
		const mt_frame *g = &r->frames[i];
		const char *k = key(g);
		tally nt, *t;
		size_t slot;
		int found;

		if (!module_evidence(g, own[i]) || !k ||
		    g->category > MT_CAT_MODEL)
			continue;
		slot = mt_map_slot(&ts->index,
		                   mt_hash_finish(mt_hash_str(MT_HASH_SEED, k)),
		                   (uint32_t)ts->n, &found);
		if (!found) {
			memset(&nt, 0, sizeof(nt));
			MT_PUSH(ts->t, ts->n, ts->cap, nt);
		}
		t = &ts->t[*mt_map_val(&ts->index, slot)];
		if (!t->count[g->category]++)
			t->order[t->seen++] = (int)g->category;
	}
}

static void tallies_release(tallies *ts)
{
	mt_map_release(&ts->index);
	free(ts->t);
}

/* The category most evidence frames that share f's key have, or -1. */
static int majority(const tallies *ts, const mt_frame *f)
{
	const char *k = ts->key(f);
	const tally *t;
	uint32_t v;
	int best = -1, i;

	if (!k || (v = mt_map_get(&ts->index, mt_hash_finish(mt_hash_str(
	                                              MT_HASH_SEED, k)))) ==
	                  MT_MAP_NONE)
		return -1;
	t = &ts->t[v];
	for (i = 0; i < t->seen; i++)
		if (best < 0 || t->count[t->order[i]] > t->count[best])
			best = t->order[i];
	return best;
}

/*
 * A frame no rule classifies takes the category of what surrounds it, in
 * order of how close the evidence is: the function it is inlined into
 * (a static helper inlined into a linalg:: kernel is kernel code), the
 * other frames of its module (an extern "C" entry point of a kernel
 * library), the other frames of its source file (a producer-symbolized
 * frame printed with a file and no function).
 */
static void inherit(mt_report *r,
                    size_t i,
                    const unsigned char *own,
                    const tallies *by_module,
                    const tallies *by_file)
{
	mt_frame *f = &r->frames[i];
	mt_buf b = MT_BUF_INIT;
	size_t j;
	int c;

	for (j = i + 1; j < r->nframes && r->frames[j - 1].inlined; j++) {
		const mt_frame *g = &r->frames[j];
		char *d;

		if (!own[j] || g->category == MT_CAT_UNKNOWN)
			continue;
		d = mt_function_display(tri_frame_name(g));
		mt_buf_printf(&b, "inlined into %s: %s",
		              d && *d ? d : "its caller",
		              mt_category_name(g->category));
		free(d);
		f->category = g->category;
		goto out;
	}
	if ((c = majority(by_module, f)) >= 0) {
		mt_buf_printf(&b, "other frames of %s: %s",
		              tri_base_name(frame_module(f)),
		              mt_category_name((mt_category)c));
		f->category = (mt_category)c;
		goto out;
	}
	if ((c = majority(by_file, f)) >= 0) {
		mt_buf_printf(&b, "other frames of %s: %s",
		              tri_base_name(f->file),
		              mt_category_name((mt_category)c));
		f->category = (mt_category)c;
		goto out;
	}
out:
	if (b.len) {
		free(f->rule);
		f->rule = mt_buf_detach(&b);
	}
	mt_buf_release(&b);
}

/*
 * An LLVM crash dump (it printed "Program arguments:") is written from
 * inside the handler, so its first frames are always PrintStackTrace,
 * RunSignalHandlers and SignalHandler. A dump of at most three unnamed
 * frames, all in one module and no trampoline after them, was cut off
 * inside the handler: it does not hold the crash point.
 */
static int stops_inside_handler(const mt_report *r)
{
	size_t i;

	if (!r->program || !r->nframes || r->nframes > 3 ||
	    !r->frames[0].module)
		return 0;
	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];
		const char *name = tri_frame_name(f);

		if ((f->form != MT_FORM_LLVM && f->form != MT_FORM_COLUMN) ||
		    (name && strcmp(name, "??")) || !f->module ||
		    strcmp(f->module, r->frames[0].module))
			return 0;
	}
	return 1;
}

static void categorize(mt_report *r, const mt_triage_opts *o, int tramp)
{
	unsigned char *own = mt_calloc(r->nframes ? r->nframes : 1, 1);
	tallies by_module, by_file;
	int stops_in_handler = tramp < 0 && stops_inside_handler(r);
	size_t i;

	for (i = 0; i < r->nframes; i++) {
		mt_frame *f = &r->frames[i];
		const char *why = NULL;
		int matched = 0;

		free(f->rule);
		f->rule = NULL;
		if (tramp >= 0 && (int)i <= tramp) {
			/* by position, not by what the frame is */
			f->category = MT_CAT_HANDLER;
			f->rule = mt_strdup(
			        (int)i == tramp
			                ? "signal trampoline"
			                : "above the signal trampoline: crash handler");
			continue;
		}
		if (tramp < 0 && stops_in_handler) {
			f->category = MT_CAT_HANDLER;
			f->rule = mt_strdup(
			        "LLVM's crash handler prints its own frames first, and the dump stops before the trampoline");
			continue;
		}
		f->category = own_category(r, o, f, &why, &matched);
		f->rule = mt_strdup(why);
		own[i] = (unsigned char)matched;
	}
	tallies_build(&by_module, r, own, frame_module);
	tallies_build(&by_file, r, own, frame_file);
	for (i = 0; i < r->nframes; i++)
		if (!own[i] && !(tramp >= 0 && (int)i <= tramp) &&
		    !stops_in_handler)
			inherit(r, i, own, &by_module, &by_file);
	tallies_release(&by_module);
	tallies_release(&by_file);
	free(own);
}

static char *describe_frame(const mt_frame *f)
{
	mt_buf b = MT_BUF_INIT;
	char *disp = mt_function_display(tri_frame_name(f));

	mt_buf_printf(&b, "#%d ", f->index);
	if (disp && *disp)
		mt_buf_puts(&b, disp);
	else if (f->has_address)
		mt_buf_printf(&b, "0x%llx", (unsigned long long)f->address);
	else
		mt_buf_puts(&b, "??");
	if (f->file)
		mt_buf_printf(&b, " at %s:%u", tri_base_name(f->file), f->line);
	if (f->module)
		mt_buf_printf(&b, " in %s", tri_base_name(f->module));
	free(disp);
	return mt_buf_detach(&b);
}

/* Can frame i be the crash point? Never crash machinery, code below the
 * runtime, a line cut off mid-frame, or a repeated line. */
static int crash_point_candidate(const mt_report *r, size_t i)
{
	const mt_frame *f = &r->frames[i];

	return f->category != MT_CAT_HANDLER && f->category != MT_CAT_SYSTEM &&
	       !f->truncated && !tri_is_duplicate(r, i) &&
	       !tri_is_end_marker(r, i);
}

/* "prog: file:N: func: Assertion `x' failed." (glibc) or "Assertion
 * failed: (x), function F, file F, line N." (macOS): the failing function
 * and file, as new strings in *fn and *file. 0 when the message is
 * neither. */
static int assertion_site(const char *msg, char **fn, char **file)
{
	const char *a, *p, *colon = NULL, *start;

	*fn = *file = NULL;
	if (!msg)
		return 0;
	if ((a = strstr(msg, "Assertion failed: ")) &&
	    (p = strstr(a, ", function ")) && strstr(p, ", file ")) {
		const char *q = strstr(p, ", file "), *e;

		*fn = mt_strndup(p + 11, (size_t)(q - (p + 11)));
		q += 7;
		e = strstr(q, ", line ");
		*file = mt_strndup(q, e ? (size_t)(e - q) : strcspn(q, "\n"));
		return 1;
	}
	if (!(a = strstr(msg, ": Assertion `")))
		return 0;
	/* the last ":N: " before the assertion ends the file name */
	for (p = msg; p < a; p++)
		if (*p == ':' && isdigit((unsigned char)p[1])) {
			const char *q = p + 1;

			while (isdigit((unsigned char)*q))
				q++;
			if (q[0] == ':' && q[1] == ' ' && q < a)
				colon = p;
		}
	if (!colon)
		return 0;
	start = colon;
	while (start > msg &&
	       !(start[-1] == ' ' && start - 1 > msg && start[-2] == ':'))
		start--;
	*file = mt_strndup(start, (size_t)(colon - start));
	p = strchr(colon + 1, ':') + 2;
	*fn = mt_strndup(p, (size_t)(a - p));
	return 1;
}

/* "file.mojo:51:29" -> "file.mojo" (new string) */
static char *location_file(const char *loc)
{
	char *file = mt_strdup(loc), *k;

	for (int n = 0;
	     n < 2 && (k = strrchr(file, ':')) && isdigit((unsigned char)k[1]);
	     n++)
		*k = '\0';
	return file;
}

/* "ArrayRef<T> llvm::ArrayRef<mlir::Type>::drop_front(size_t) const":
 * __PRETTY_FUNCTION__ starts with the return type; keep the name. */
static char *pretty_function_name(const char *s)
{
	const char *p, *begin = s;
	int depth = 0;

	for (p = s; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth)
			depth--;
		else if (*p == ' ' && !depth)
			begin = p + 1;
		else if (*p == '(' && !depth)
			break;
	}
	return mt_strndup(begin, (size_t)(p - begin));
}

/* The message names the failing code (an assertion's function and file,
 * a Mojo "At file:L:C:" location): its category, and what was matched in
 * *b. -1 when it names nothing a rule knows. */
static int message_names_code(const mt_report *r,
                              const mt_rules *rules,
                              int use_location,
                              mt_buf *b)
{
	char *fn = NULL, *file = NULL, *name = NULL;
	const char *why = NULL;
	mt_category c = MT_CAT_UNKNOWN;
	int ret = -1;

	if (assertion_site(r->message, &fn, &file)) {
		name = pretty_function_name(fn);
		c = mt_rules_match(rules, NULL, name, file, &why);
		if (c != MT_CAT_UNKNOWN)
			mt_buf_printf(b,
			              "the assertion names %s in %s: %s (%s)",
			              name, tri_base_name(file),
			              mt_category_name(c), why);
	} else if (use_location && r->error_location) {
		file = location_file(r->error_location);
		c = mt_rules_match(rules, NULL, NULL, file, &why);
		if (c != MT_CAT_UNKNOWN)
			mt_buf_printf(b, "error raised at %s: %s (%s)",
			              r->error_location, mt_category_name(c),
			              why);
	}
	if (c != MT_CAT_UNKNOWN)
		ret = (int)c;
	free(fn);
	free(file);
	free(name);
	return ret;
}

static int all_handler(const mt_report *r)
{
	size_t i;

	for (i = 0; i < r->nframes; i++)
		if (r->frames[i].category != MT_CAT_HANDLER)
			return 0;
	return 1;
}

/* Frames but no crash point among them: say why, and classify by the
 * message when it names the failing code. */
static void
no_crash_point(mt_report *r, int tramp, const mt_rules *rules, mt_buf *reason)
{
	mt_buf named = MT_BUF_INIT;
	const mt_frame *last = &r->frames[r->nframes - 1];
	int c;

	mt_buf_puts(reason, "the dump does not hold the crash point: ");
	if (last->truncated && (int)r->nframes - 1 > tramp)
		mt_buf_printf(reason, "it is cut off at frame #%d",
		              last->index);
	else if (tramp >= 0 && (size_t)tramp + 1 == r->nframes)
		mt_buf_puts(reason, "it ends at the signal trampoline");
	else if (tramp < 0 && all_handler(r))
		mt_buf_puts(reason, "it stops inside the crash handler");
	else
		mt_buf_puts(reason,
		            "every frame is crash handler or system code");
	c = message_names_code(r, rules, 1, &named);
	if (c >= 0) {
		r->category = (mt_category)c;
		mt_buf_printf(reason, "; %s", named.ptr);
	} else {
		r->category = MT_CAT_UNKNOWN;
	}
	mt_buf_release(&named);
}

/* What a CUDA/HIP error says of GPU code (the CUDA and HIP runtimes' own
 * strings and enum names). */
enum gpu_error { GPU_ERROR_CALL, GPU_ERROR_IMAGE, GPU_ERROR_FAULT };

/*
 * GPU_ERROR_FAULT: code running on the GPU faulted (an illegal or
 * misaligned access, a failed device-side assert, a launch that failed
 * or timed out, a bad instruction or pc). GPU_ERROR_IMAGE: the compiled
 * kernel could not be loaded (an invalid image or PTX, no binary for this
 * GPU: "invalid device function"). GPU_ERROR_CALL: anything else (invalid
 * argument, out of memory, no device): a host call refused, and the text
 * alone does not say whose code is at fault.
 */
static enum gpu_error gpu_error_of(const char *msg)
{
	static const char *const faults[] = {
		"illegal memory access",   "illegal address",
		"misaligned address",      "unspecified launch failure",
		"device-side assert",      "illegal instruction",
		"launch timed out",        "hardware stack error",
		"invalid program counter", "ILLEGAL_ADDRESS",
		"LAUNCH_FAILED",           "ERROR_ASSERT",
		"MISALIGNED_ADDRESS",      "ILLEGAL_INSTRUCTION",
		"HARDWARE_STACK_ERROR",    "INVALID_PC",
		"LAUNCH_TIMEOUT",          "IllegalAddress",
		"LaunchFailure",           "hipErrorAssert",
		"Memory access fault",     NULL
	};
	static const char *const images[] = { "INVALID_IMAGE",
		                              "NO_BINARY_FOR_GPU",
		                              "INVALID_PTX",
		                              "kernel image is invalid",
		                              "no kernel image",
		                              "invalid device function",
		                              "PTX JIT compil",
		                              "InvalidImage",
		                              "NoBinaryForGpu",
		                              "InvalidDeviceFunction",
		                              NULL };
	size_t i;

	for (i = 0; msg && faults[i]; i++)
		if (strcasestr(msg, faults[i]))
			return GPU_ERROR_FAULT;
	for (i = 0; msg && images[i]; i++)
		if (strcasestr(msg, images[i]))
			return GPU_ERROR_IMAGE;
	return GPU_ERROR_CALL;
}

/* No frames at all: the message and the kind are the evidence. */
static void frameless(mt_report *r, const mt_rules *rules, mt_buf *reason)
{
	int c;
	enum gpu_error ge = r->kind == MT_KIND_CUDA_ERROR
	                            ? gpu_error_of(r->message)
	                            : GPU_ERROR_CALL;

	if (ge == GPU_ERROR_FAULT) {
		r->category = MT_CAT_KERNEL;
		mt_buf_puts(
		        reason,
		        "a CUDA error with no host frames: the failing work ran on the GPU");
	} else if (ge == GPU_ERROR_IMAGE) {
		r->category = MT_CAT_KERNEL;
		mt_buf_puts(
		        reason,
		        "a CUDA/HIP error with no host frames: the compiled "
		        "kernel could not be loaded on the device");
	} else if (r->kind == MT_KIND_CUDA_ERROR) {
		r->category = MT_CAT_UNKNOWN;
		mt_buf_puts(
		        reason,
		        "a CUDA/HIP API error with no host frames: it names no "
		        "fault of GPU code (a bad argument, out of memory, no "
		        "device...), and the text does not show whose call "
		        "it was");
	} else if (r->kind == MT_KIND_KERNEL_ERROR) {
		r->category = MT_CAT_KERNEL;
		mt_buf_printf(reason, "MAX reported an error in kernel %s",
		              r->kernel        ? r->kernel
		              : r->entry_point ? r->entry_point
		                               : "(unnamed)");
	} else if (r->kind == MT_KIND_COMPILE_ERROR) {
		r->category = MT_CAT_RUNTIME;
		mt_buf_puts(reason,
		            "the MAX graph compiler rejected the graph");
	} else if ((c = message_names_code(r, rules, 0, reason)) >= 0) {
		r->category = (mt_category)c;
	} else if (r->error_location) {
		const char *why = NULL;
		char *file = location_file(r->error_location);

		r->category = mt_rules_match(rules, NULL, NULL, file, &why);
		free(file);
		mt_buf_printf(reason, "error raised at %s: %s (%s)",
		              r->error_location, mt_category_name(r->category),
		              why);
	} else {
		r->category = MT_CAT_UNKNOWN;
		mt_buf_puts(reason, "no frames to classify");
	}
}

/* The first printed frame is not #0 and no trampoline is in view: the
 * paste starts inside the stack (a reporter kept #27 on), so the crash
 * point is above what was printed. Frames numbered by the tool only. */
static int excerpt(const mt_report *r, int tramp)
{
	if (!r->nframes || tramp >= 0)
		return 0;
	switch (r->frames[0].form) {
	case MT_FORM_LLVM:
	case MT_FORM_COLUMN:
	case MT_FORM_NORMALISED:
	case MT_FORM_SANITIZER:
	case MT_FORM_GDB:
	case MT_FORM_LLDB:
	case MT_FORM_EUSTACK:
	case MT_FORM_RUST:
		return r->frames[0].index > 0;
	default:
		return 0;
	}
}

/* Every frame printed with its address elided and no name or offset
 * ("0  mojo   0x..."): nothing in it can be a crash point. */
static int abbreviated(const mt_report *r)
{
	size_t i;

	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];

		if (!f->redacted || f->has_offset || f->symbol || f->function ||
		    f->file)
			return 0;
	}
	return r->nframes > 0;
}

static void choose_blame(mt_report *r, int tramp, const mt_rules *o_rules)
{
	size_t i;
	mt_buf reason = MT_BUF_INIT;
	int cut_above = excerpt(r, tramp);

	r->blame_frame = -1;
	for (i = tri_first_candidate(r, tramp);
	     !cut_above && !abbreviated(r) && i < r->nframes; i++) {
		if (crash_point_candidate(r, i)) {
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
	} else if (abbreviated(r)) {
		mt_buf_puts(
		        &reason,
		        "the dump does not hold the crash point: its frames were abbreviated (no address, offset or name is left)");
		r->category = MT_CAT_UNKNOWN;
	} else if (cut_above) {
		mt_buf named = MT_BUF_INIT;
		int c = message_names_code(r, o_rules, 1, &named);

		mt_buf_printf(
		        &reason,
		        "the dump does not hold the crash point: it starts at frame #%d, so the frames above it were not printed",
		        r->frames[0].index);
		r->category = c >= 0 ? (mt_category)c : MT_CAT_UNKNOWN;
		if (c >= 0)
			mt_buf_printf(&reason, "; %s", named.ptr);
		mt_buf_release(&named);
	} else if (r->nframes) {
		no_crash_point(r, tramp, o_rules, &reason);
	} else {
		frameless(r, o_rules, &reason);
	}
	r->reason = mt_buf_detach(&reason);
}

void mt_triage_report(mt_report *r, const mt_triage_opts *o)
{
	int tramp = r->resolved ? r->trampoline : mt_triage_find_trampoline(r);
	size_t i;

	tri_mark_far_symbols(r);
	categorize(r, o, tramp);
	tri_infer_kind(r, tramp);
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
	tri_make_signature(r, tramp, o->rules);
}
