/*
 * signature.c - the failure kind (from the text, the frames and the
 * faulting instruction: heap checkers, recursion) and the signature and
 * fingerprint a report buckets by.
 */
#include "triage_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Nearest-symbol names further than this from their symbol are not the
 * function (as in resolve.c). */
#define MAX_NEAREST_OFFSET 0x10000

static const char *const abort_fns[] = { "abort",
	                                 "raise",
	                                 "gsignal",
	                                 "pthread_kill",
	                                 "__pthread_kill_implementation",
	                                 "__pthread_kill_internal",
	                                 NULL };
static const char *const assert_fns[] = { "__assert_fail", "__assert_fail_base",
	                                  NULL };
/* LLVM's fatal error path: the program reported an error it cannot go
 * on from, then aborted */
static const char *const fatal_fns[] = { "llvm::report_fatal_error",
	                                 "llvm::report_bad_alloc_error", NULL };
static const char *const throw_fns[] = {
	"__cxa_throw",
	"std::terminate",
	"__cxa_rethrow",
	"__gnu_cxx::__verbose_terminate_handler",
	"__cxxabiv1::__terminate",
	NULL
};

/* One cycle of a recursion: its keys (owned, see cycle_keys) in the
 * order they first repeat. */
typedef struct tri_cycle {
	char **keys;
	size_t period;
	int by_address; /* keys are page offsets, not names */
} tri_cycle;

#define MAX_CYCLE 64 /* longest cycle looked for */
#define MIN_RECURSION_FRAMES 64 /* frames the repeats must cover */
#define MIN_REPEATS 4

/* Two consecutive frames that are levels of one printed address: the
 * resolver's expansion of one line, or a producer's inline chain (one
 * address, different functions). A function calling itself also repeats
 * an address, with the same name: those stay two frames. */
static int same_printed_frame(const mt_frame *a, const mt_frame *b)
{
	const char *na = tri_frame_name(a), *nb = tri_frame_name(b);

	if (!a->has_address || !b->has_address || a->address != b->address)
		return 0;
	return a->line_no == b->line_no || (na && nb && strcmp(na, nb));
}

/*
 * What a recursion is made of, frame by frame after the trampoline (cut
 * off lines left out). When every frame has its address printed: the
 * address's page offset (its low 12 bits). Modules load at page
 * boundaries, so the offset is the same in a module+offset dump, a
 * column-form dump, a producer-symbolized one and every run of the same
 * build: one stack overflow signs alike however it was printed. Otherwise
 * the frames' signature names.
 */
static char **
cycle_keys(const mt_report *r, size_t from, size_t *n, int *by_address)
{
	char **keys = mt_calloc(r->nframes - from + 1, sizeof(char *));
	const mt_frame *prev = NULL;
	size_t i;

	*n = 0;
	*by_address = 1;
	for (i = from; i < r->nframes; i++)
		if (!r->frames[i].truncated &&
		    (!r->frames[i].has_address || r->frames[i].redacted))
			*by_address = 0;
	for (i = from; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];
		char buf[8];

		if (f->truncated)
			continue;
		if (*by_address && prev && same_printed_frame(prev, f))
			continue;
		prev = f;
		if (*by_address) {
			snprintf(buf, sizeof(buf), "%03llx",
			         (unsigned long long)(f->address & 0xfff));
			keys[(*n)++] = mt_strdup(buf);
		} else {
			keys[(*n)++] = mt_signature_frame_name(f);
		}
	}
	return keys;
}

/* The rotation of the cycle whose keys sort first: where a run happened
 * to overflow is not part of its identity. */
static size_t smallest_rotation(char *const *k, size_t p)
{
	size_t best = 0, rot, j;

	for (rot = 1; rot < p; rot++)
		for (j = 0; j < p; j++) {
			int c = strcmp(k[(rot + j) % p], k[(best + j) % p]);

			if (c < 0)
				best = rot;
			if (c)
				break;
		}
	return best;
}

/* The shortest cycle of keys that repeats over at least
 * MIN_RECURSION_FRAMES frames and MIN_REPEATS times after the
 * trampoline: unbounded recursion. 1 and *out (release with
 * cycle_release), or 0.
 *
 * A dump that says the crash point's own stack could not be read (gdb's
 * "<error reading variable: Cannot access memory ...>" in its
 * arguments: the stack pointer left the stack) needs no 64 frames: a
 * window of the recursion (`bt 12`) will do, when the cycle starts at the
 * crash point or at its caller and repeats MIN_REPEATS times. */
static int find_cycle(tri_cycle *out, const mt_report *r, int tramp)
{
	size_t from = tramp >= 0 ? (size_t)tramp + 1 : 0, n, i, p, k, best;
	size_t min_frames = MIN_RECURSION_FRAMES;
	char **keys;
	int found = 0, by_address, exhausted;

	memset(out, 0, sizeof(*out));
	exhausted = from < r->nframes && r->frames[from].stack_unreadable;
	if (exhausted)
		min_frames = MIN_REPEATS;
	if (r->nframes < from + min_frames)
		return 0;
	keys = cycle_keys(r, from, &n, &by_address);
	for (p = 1; p <= MAX_CYCLE && !found && 2 * p <= n; p++) {
		size_t run = 0, start = 0;

		for (i = 0; i + p < n && !found; i++) {
			if (strcmp(keys[i], keys[i + p])) {
				run = 0;
				continue;
			}
			if (!run++)
				start = i;
			if (run + p < min_frames ||
			    (run + p) / p < MIN_REPEATS ||
			    (exhausted && start > 1))
				continue;
			found = 1;
			out->period = p;
			out->by_address = by_address;
			out->keys = mt_calloc(p, sizeof(char *));
			best = smallest_rotation(keys + start, p);
			for (k = 0; k < p; k++)
				out->keys[k] =
				        mt_strdup(keys[start + (best + k) % p]);
		}
	}
	for (i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	return found;
}

static void cycle_release(tri_cycle *cy)
{
	size_t k;

	for (k = 0; k < cy->period; k++)
		free(cy->keys[k]);
	free(cy->keys);
	memset(cy, 0, sizeof(*cy));
}

/* Texts of glibc, macOS and tcmalloc heap checkers. */
static const char *const heap_markers[] = {
	"malloc(): ",
	"free(): ",
	"realloc(): ",
	"double free or corruption",
	"malloc_consolidate(): ",
	"corrupted size vs. prev_size",
	"corrupted double-linked list",
	"munmap_chunk(): invalid pointer",
	"pointer being freed was not allocated",
	"Attempt to free invalid pointer",
	"Attempt to realloc invalid pointer",
	NULL
};

static int heap_text(const char *s)
{
	const char *const *m;

	for (m = heap_markers; s && *m; m++)
		if (strstr(s, *m))
			return 1;
	return 0;
}

/* A heap checker aborted the process: its message, or glibc's
 * malloc_printerr in the frames. */
static int heap_corruption(const mt_report *r)
{
	size_t i;

	if (heap_text(r->message))
		return 1;
	for (i = 0; i < r->nnotes; i++)
		if (heap_text(r->notes[i]))
			return 1;
	for (i = 0; i < r->nframes; i++)
		if (tri_name_is(
		            tri_frame_name(&r->frames[i]),
		            (const char *const[]){ "malloc_printerr", NULL }))
			return 1;
	return 0;
}

/* valgrind: "Stack overflow in thread #1: can't grow stack to 0x..." */
static int stack_overflow_text(const mt_report *r)
{
	size_t i;

	if (r->message && strstr(r->message, "Stack overflow in thread"))
		return 1;
	for (i = 0; i < r->nnotes; i++)
		if (strstr(r->notes[i], "Stack overflow in thread") ||
		    strstr(r->notes[i], "can't grow stack to"))
			return 1;
	return 0;
}

/* A crash handler caught a signal (its frames are printed, or the mojo
 * driver said "mojo crashed!"), though the dump shows no trampoline. */
static int handler_ran(const mt_report *r)
{
	size_t i;

	if (r->mojo_driver)
		return 1;
	for (i = 0; i < r->nframes; i++)
		if (tri_name_is(tri_frame_name(&r->frames[i]), tri_handler_fns))
			return 1;
	return 0;
}

/* A kind that says no more than "it crashed": a more specific one may
 * replace it. */
static int generic_kind(mt_kind kind)
{
	return !kind || mt_kind_is_signal(kind) || kind == MT_KIND_CRASH ||
	       kind == MT_KIND_UNKNOWN;
}

/* Names a dump printed that are nearest exports, not the frame's
 * function: past MAX_NEAREST_OFFSET from the symbol, the Mach-O header
 * (never a function), or one name at offsets more than a page apart in
 * one module (an export a stripped binary names several functions by:
 * mojo's "llvm_strlcpy + 44844" for PrintStackTrace, "+ 52684" for
 * SignalHandler). Names the resolver found stay. */
void tri_mark_far_symbols(mt_report *r)
{
	size_t i, j;

	for (i = 0; i < r->nframes; i++) {
		mt_frame *f = &r->frames[i];
		uint64_t lo, hi;

		f->far_symbol = 0;
		if (!f->symbol || f->status == MT_STATUS_SYMBOLIZED ||
		    (!f->has_symbol_offset && !f->has_offset))
			continue;
		if ((f->has_symbol_offset &&
		     f->symbol_offset > MAX_NEAREST_OFFSET) ||
		    !strcmp(f->symbol, "_mh_execute_header")) {
			f->far_symbol = 1;
			continue;
		}
		/* the offset from the symbol, or (LLVM's "f (mod+0xOFF)")
		 * the module offset: frames of one function lie close */
		lo = hi = f->has_symbol_offset ? f->symbol_offset
		                               : f->module_offset;
		for (j = 0; j < r->nframes; j++) {
			const mt_frame *g = &r->frames[j];
			uint64_t o;

			if (!g->symbol || strcmp(g->symbol, f->symbol) ||
			    g->has_symbol_offset != f->has_symbol_offset ||
			    (!g->has_symbol_offset && !g->has_offset) ||
			    !!g->module != !!f->module ||
			    (g->module && strcmp(g->module, f->module)))
				continue;
			o = g->has_symbol_offset ? g->symbol_offset
			                         : g->module_offset;
			if (o < lo)
				lo = o;
			if (o > hi)
				hi = o;
		}
		f->far_symbol = hi - lo > 0x4000;
	}
}

/* Kind and signal from the frames and the faulting instruction, where the
 * text did not already say. */
void tri_infer_kind(mt_report *r, int tramp)
{
	size_t i;
	const char *signal = NULL;
	mt_kind from_frames = MT_KIND_NONE;
	tri_cycle cy;

	for (i = 0; i < r->nframes; i++) {
		const char *name = tri_frame_name(&r->frames[i]);

		if (tri_name_is(name, assert_fns))
			from_frames = MT_KIND_ASSERTION;
		else if (tri_name_is(name, fatal_fns) && !from_frames)
			from_frames = MT_KIND_FATAL_ERROR;
		else if (tri_name_is(name, throw_fns) && !from_frames)
			from_frames = MT_KIND_CPP_EXCEPTION;
		if (tri_name_is(name, abort_fns) ||
		    tri_name_is(name, assert_fns))
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
	/* valgrind's "Invalid read" in a run that then died of a signal:
	 * the crash is the signal's */
	if (r->kind == MT_KIND_MEMORY_ERROR && r->signal)
		r->kind = mt_kind_parse(r->signal);
	/* "a crash handler ran" (its banner) says less than the signal */
	if (r->kind == MT_KIND_CRASH && r->signal &&
	    mt_kind_parse(r->signal) != MT_KIND_NONE)
		r->kind = mt_kind_parse(r->signal);
	if (generic_kind(r->kind) && stack_overflow_text(r))
		r->kind = MT_KIND_STACK_OVERFLOW;
	/* the frames' word beats a bare signal: gdb's "received signal
	 * SIGABRT" over __assert_fail is an assertion */
	if (generic_kind(r->kind) && from_frames)
		r->kind = from_frames;
	if (generic_kind(r->kind) && heap_corruption(r)) {
		r->kind = MT_KIND_HEAP_CORRUPTION;
	} else if (generic_kind(r->kind) &&
	           (r->signal ? !strcmp(r->signal, "SIGSEGV") ||
	                                !strcmp(r->signal, "SIGBUS")
	                      : tramp >= 0) &&
	           find_cycle(&cy, r, tramp)) {
		r->kind = MT_KIND_STACK_OVERFLOW;
		cycle_release(&cy);
	}
	if (!r->kind && r->nframes &&
	    tri_name_is(tri_frame_name(&r->frames[0]),
	                (const char *const[]){ "KGEN_CompilerRT_GetStackTrace",
	                                       NULL }))
		r->kind = MT_KIND_MOJO_ERROR;
	if (!r->kind && r->signal)
		r->kind = mt_kind_parse(r->signal);
	if (!r->kind && r->nframes && r->frames[0].form == MT_FORM_PYTHON)
		r->kind = MT_KIND_PYTHON_EXCEPTION;
	if (!r->kind)
		r->kind = tramp >= 0 || handler_ran(r) ? MT_KIND_CRASH
		                                       : MT_KIND_UNKNOWN;
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

/* A name that says which code this is. Not: gdb's "at" left where a
 * function should be, "??", a far-away nearest export (column form "sym +
 * off" with off past any function's size), an address printed in place
 * of a name ("mojo+0x27402a5"). */
static const char *meaningful_name(const mt_frame *f)
{
	const char *name = tri_frame_name(f);
	const char *plus;

	if (!name || !*name || !strcmp(name, "??") || !strcmp(name, "at"))
		return NULL;
	if (f->far_symbol)
		return NULL;
	if (!f->function && f->form == MT_FORM_COLUMN && f->has_symbol_offset &&
	    f->symbol_offset > MAX_NEAREST_OFFSET)
		return NULL;
	if ((plus = strstr(name, "+0x")) && !strchr(name, ' ') &&
	    !strchr(name, '(') && plus[3] &&
	    strspn(plus + 3, "0123456789abcdefABCDEF") == strlen(plus + 3))
		return NULL;
	return name;
}

char *mt_signature_frame_name(const mt_frame *f)
{
	const char *name = meaningful_name(f);
	mt_buf b = MT_BUF_INIT;
	char *d;

	if (f->bogus_symbol && f->has_address) {
		mt_buf_printf(&b, "<jit>@0x%03llx",
		              (unsigned long long)(f->address & 0xfff));
		return mt_buf_detach(&b);
	}
	if (f->bogus_symbol)
		return mt_strdup("<jit>");
	if (f->unmapped)
		return mt_strdup("<unmapped>");
	if (name) {
		d = mt_function_display(name);
		strip_clone_suffix(d);
		return d;
	}
	/* a source file without a function: the file is the identity (its
	 * line is not: a producer looks return addresses up as they are,
	 * maxtriage at address-1), so the printed and the resolved form of
	 * one crash agree */
	if (f->file) {
		mt_buf_printf(&b, "%s", tri_base_name(f->file));
		return mt_buf_detach(&b);
	}
	/* no name: the module and the address's page offset. Modules load
	 * at page boundaries, so a module+offset dump, a column-form one and
	 * every run of one build agree on it (as stack overflow cycles do) */
	if (f->module && (f->has_offset || (f->has_address && !f->redacted))) {
		uint64_t a = f->has_offset ? f->module_offset : f->address;

		mt_buf_printf(&b, "%s@0x%03llx", tri_base_name(f->module),
		              (unsigned long long)(a & 0xfff));
		return mt_buf_detach(&b);
	}
	if (f->module)
		return mt_strdup(tri_base_name(f->module));
	/* JIT code is mapped at page boundaries too: its page offset tells
	 * one compiled function from another */
	if (f->has_address && !f->redacted) {
		mt_buf_printf(&b, "<jit>@0x%03llx",
		              (unsigned long long)(f->address & 0xfff));
		return mt_buf_detach(&b);
	}
	return mt_strdup("<jit>");
}

/* The kind as it enters a signature: the hardware-fault signals are one
 * family, because a dump does not always let us tell them apart (the
 * faulting instruction needs the binary); the frames separate crashes.
 * A stack that names no failure at all (eu-stack or gdb on a core print
 * no signal) joins that family too: the signal is what only some
 * printers of one crash show, the frames are what all of them show. One
 * with a message it could not name a kind for (valgrind's "Invalid read
 * of size 4" in a run that went on) is not called a crash. */
static const char *signature_kind(const mt_report *r)
{
	switch (r->kind) {
	case MT_KIND_UNKNOWN:
		return r->nframes && !r->message ? "crash" : "unknown";
	case MT_KIND_SIGSEGV:
	case MT_KIND_SIGBUS:
	case MT_KIND_SIGILL:
	case MT_KIND_SIGFPE:
	case MT_KIND_SIGTRAP:
	case MT_KIND_CRASH:
		return "crash";
	case MT_KIND_NONE:
		return "unknown";
	default:
		return mt_kind_name(r->kind) ? mt_kind_name(r->kind)
		                             : "unknown";
	}
}

/* The token at p holds a path or a location ("input/fifo.c:47"). */
static int path_token(const char *p)
{
	size_t n = strcspn(p, " \t");

	return memchr(p, '/', n) || memchr(p, ':', n);
}

/* What a sanitizer found, from its first line ("AddressSanitizer:
 * heap-buffer-overflow on address ...", "ThreadSanitizer: data race
 * (pid=N)", "runtime error: signed integer overflow: ..."): a data race
 * and an overflow at one place are two bugs. */
static void sanitizer_error_type(mt_buf *b, const mt_report *r)
{
	const char *p = r->message, *e;

	if (!p)
		return;
	if (!strncmp(p, "runtime error: ", 15))
		p += 15;
	else if ((e = strstr(p, "Sanitizer: ")) && e - p < 24)
		p = e + 11;
	else
		return;
	for (e = p; *e && *e != '\n' && strncmp(e, " on ", 4) &&
	            strncmp(e, " (", 2) && *e != ':' && e - p < 64 &&
	            !(e[0] == ' ' && isdigit((unsigned char)e[1])) &&
	            !(e[0] == ' ' && path_token(e + 1));
	     e++)
		;
	mt_buf_putc(b, ' ');
	mt_buf_put(b, p, (size_t)(e - p));
}

/* A path in a message ("/home/u/x.mojo:5:3:", "src/tcmalloc.cc:333]",
 * "./a.out"): where it starts, how long it is; 0 when p starts none. */
static size_t path_length(const char *msg, const char *p)
{
	static const char stop[] = " \t\n'\"`,;()[]{}<>";
	size_t n;
	const char *slash;

	if (p > msg && !strchr(stop, p[-1]))
		return 0; /* not at the start of a word */
	n = strcspn(p, stop);
	slash = memchr(p, '/', n);
	if (!slash)
		return 0;
	if (p[0] == '/' || p[0] == '~' || !strncmp(p, "./", 2) ||
	    !strncmp(p, "../", 3) ||
	    memchr(slash, '.', n - (size_t)(slash - p)))
		return n;
	return 0;
}

/* Replace digit runs and hex numbers by "N" and paths by "<path>", so
 * messages that differ only in addresses, sizes, indices or where a file
 * was bucket together. */
static void normalise_message(mt_buf *b, const char *msg)
{
	const char *p = msg;
	size_t n = 0, k;

	while (*p && *p != '\n' && n < 160) {
		if ((k = path_length(msg, p))) {
			mt_buf_puts(b, "<path>");
			p += k;
		} else if (isdigit((unsigned char)*p)) {
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

/* Frames that can enter a signature: not crash machinery or system code,
 * not a line cut off mid-frame, not a repeated line. */
static int signature_frame(const mt_report *r, size_t i)
{
	const mt_frame *f = &r->frames[i];

	return f->category != MT_CAT_HANDLER && f->category != MT_CAT_SYSTEM &&
	       !f->truncated && !tri_is_duplicate(r, i) &&
	       !tri_is_end_marker(r, i);
}

/* Recursion is the identity of a stack overflow: its cycle, from the
 * smallest rotation, so runs that overflowed at another point of the
 * cycle, or printed more or fewer frames, sign the same. */
static void cycle_signature(mt_buf *b, const tri_cycle *cy)
{
	size_t k;

	if (cy->by_address)
		mt_buf_puts(b, " | cycle at page offsets");
	for (k = 0; k < cy->period; k++)
		mt_buf_printf(b, cy->by_address ? " 0x%s" : " | %s",
		              cy->keys[k]);
}

/* The module that printed a report with no code frames: the program's
 * basename (its "Program arguments:" or valgrind's command), else the
 * tool; two programs failing with one message are two bugs. With no
 * message either, the program's arguments too (each by its basename, at
 * most four): `mojo run a.mojo` and `mojo build b.mojo` crashing with
 * no frame but the handler's are two crashes. Returns 1 when arguments
 * were signed. */
static int printing_module(mt_buf *b, const mt_report *r, int with_args)
{
	const char *p = r->program, *e, *base;
	int args = 0, n;

	if (!p) {
		if (r->producer)
			mt_buf_printf(b, " | by %s",
			              mt_producer_name(r->producer));
		return 0;
	}
	mt_buf_puts(b, " | in");
	for (n = 0; *p && n < 5; n++) {
		while (*p == ' ')
			p++;
		for (e = p; *e && *e != ' '; e++)
			;
		for (base = e; base > p && base[-1] != '/' && base[-1] != '\\';
		     base--)
			;
		if (e > base) {
			mt_buf_putc(b, ' ');
			mt_buf_put(b, base, (size_t)(e - base));
			args += n > 0;
		}
		p = e;
		if (!with_args)
			break;
	}
	return args > 0;
}

/* "... (pc 0x000000383e8c ...)": a sanitizer's frameless SEGV names the
 * faulting pc; its page offset is the frame that was not printed. */
static void message_pc(mt_buf *b, const char *msg)
{
	const char *pc = msg ? strstr(msg, "(pc 0x") : NULL;

	if (pc)
		mt_buf_printf(b, " | pc@0x%03llx",
		              (unsigned long long)(strtoull(pc + 4, NULL, 16) &
		                                   0xfff));
}

/* A frame that signs by its name (not by module@offset, <jit>, a file). */
static int named_frame(const mt_frame *f)
{
	return !f->bogus_symbol && !f->unmapped && meaningful_name(f);
}

/* The exact key: every frame of the report as it signs, and the message
 * and notes with numbers and paths out. Two reports that share it are
 * the same text up to addresses: what a weak signature needs before a
 * baseline may call it known. */
static void exact_key(mt_report *r)
{
	mt_buf b = MT_BUF_INIT;
	uint64_t h;
	size_t i;

	mt_buf_puts(&b, r->signature);
	for (i = 0; i < r->nframes; i++) {
		char *n = mt_signature_frame_name(&r->frames[i]);

		mt_buf_printf(&b, " / %s:%u", n, r->frames[i].line);
		free(n);
	}
	if (r->message) {
		mt_buf_puts(&b, " // ");
		normalise_message(&b, r->message);
	}
	for (i = 0; i < r->nnotes && i < 8; i++) {
		mt_buf_puts(&b, " // ");
		normalise_message(&b, r->notes[i]);
	}
	h = mt_hash_finish(mt_hash_str(MT_HASH_SEED, b.ptr));
	snprintf(r->exact, sizeof(r->exact), "%016llx", (unsigned long long)h);
	mt_buf_release(&b);
}

static void set_quality(mt_report *r, mt_signature_quality q, const char *why)
{
	r->signature_quality = q;
	free(r->signature_note);
	r->signature_note = why ? mt_strdup(why) : NULL;
}

void tri_make_signature(mt_report *r, int tramp)
{
	mt_buf b = MT_BUF_INIT;
	tri_cycle cy;
	size_t i;
	int taken = 0, named = 0, far = 0, cycle, text = 0, system = 0;
	uint64_t h;

	mt_buf_puts(&b, signature_kind(r));
	if (r->kind == MT_KIND_SANITIZER)
		sanitizer_error_type(&b, r);
	cycle = r->kind == MT_KIND_STACK_OVERFLOW && find_cycle(&cy, r, tramp);
	if (cycle) {
		cycle_signature(&b, &cy);
		cycle_release(&cy);
	}
	for (i = tri_first_candidate(r, tramp);
	     !cycle && i < r->nframes && taken < 3; i++) {
		char *n;

		if (!signature_frame(r, i))
			continue;
		n = mt_signature_frame_name(&r->frames[i]);
		mt_buf_printf(&b, " | %s", n);
		free(n);
		named += named_frame(&r->frames[i]);
		far += r->frames[i].far_symbol;
		taken++;
	}
	/* no code frames: the frames after the trampoline, system code
	 * (the crash is in libc, or in the abort path the dump stops in) */
	for (i = tramp >= 0 ? (size_t)tramp + 1 : 0;
	     !cycle && !taken && i < r->nframes && system < 3; i++) {
		char *n;

		if (r->frames[i].category != MT_CAT_SYSTEM ||
		    r->frames[i].truncated || tri_is_duplicate(r, i))
			continue;
		n = mt_signature_frame_name(&r->frames[i]);
		mt_buf_printf(&b, " | %s", n);
		free(n);
		system++;
	}
	if (!taken && !cycle) {
		/* no code frames: the error text is the identity, and the
		 * program that printed it */
		if (r->kernel)
			mt_buf_printf(&b, " | kernel %s", r->kernel);
		/* the last op launched and never completed is the suspect */
		if (r->ninflight)
			mt_buf_printf(&b, " | in flight %s",
			              r->inflight[r->ninflight - 1].op);
		if (r->message || (r->nnotes && !r->nframes)) {
			mt_buf_puts(&b, " | ");
			normalise_message(&b, r->message ? r->message
			                                 : r->notes[0]);
		}
		message_pc(&b, r->message);
		text = r->kernel || r->ninflight || r->message ||
		       (r->nnotes && !r->nframes);
		text |= printing_module(&b, r, !text && !system);
		text |= system > 0;
	}
	free(r->signature);
	r->signature = mt_buf_detach(&b);
	h = mt_hash_finish(mt_hash_str(MT_HASH_SEED, r->signature));
	snprintf(r->fingerprint, sizeof(r->fingerprint), "%016llx",
	         (unsigned long long)h);
	exact_key(r);
	if (cycle)
		set_quality(r, MT_SIGQ_STRONG, NULL);
	else if (!taken && !text)
		set_quality(r, MT_SIGQ_NONE,
		            "nothing but the kind and the program: every such "
		            "crash of one program shares it");
	else if (!taken && system)
		set_quality(r, MT_SIGQ_WEAK,
		            "no code frames: the system frames after the "
		            "trampoline are the identity");
	else if (!taken)
		set_quality(r, MT_SIGQ_WEAK,
		            "no code frames: the message (or the program and "
		            "its arguments) is the identity");
	else if (r->blame_frame < 0)
		set_quality(
		        r, MT_SIGQ_WEAK,
		        "the dump does not hold the crash point: the frames "
		        "signed may be anywhere in the stack");
	else if (!named)
		set_quality(
		        r, MT_SIGQ_WEAK,
		        far ? "nearest-export names too far from their "
		              "frames were left out: the frames sign by "
		              "module and page offset"
		            : "no frame has a name: the frames sign by module "
		              "and page offset");
	else
		set_quality(r, MT_SIGQ_STRONG, NULL);
}
