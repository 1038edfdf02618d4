/*
 * msg_errors.c - recognizers of error lines: LLVM's crash banner and
 * pretty stack, Mojo errors and aborts, assertions (glibc, macOS, Mojo),
 * heap checkers (glibc, macOS libmalloc, tcmalloc), sanitizers, MAX
 * engine errors, compiler diagnostics, Python exceptions, CUDA errors.
 */
#include "msg_int.h"

#include "maxtriage/buf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's crash banner; Modular's names its own tracker */
int shape_bug_banner(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	m->producer = strstr(q, "modular") ? MT_PRODUCER_MOJO
	                                   : MT_PRODUCER_LLVM_HANDLER;
	return 1;
}

/* "0.<tab>Program arguments: ..." */
int shape_program_args(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || !isdigit((unsigned char)*c->p))
		return 0;
	m->text = msg_dup_rest(q + strlen(s->needle));
	return 1;
}

/* "Unhandled exception caught during execution: [At f:L:C: ]msg" */
int shape_unhandled_exception(msg_info *m,
                              const line_ctx *c,
                              const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	msg_mojo_error_body(m, q + strlen(s->needle));
	if (msg_has_cuda_error(q))
		m->kind = MT_KIND_CUDA_ERROR;
	return 1;
}

/* "ABORT: [file:L:C: ]msg" */
int shape_mojo_abort(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *b;
	size_t n;

	if (!msg_starts(c->p, s->needle))
		return 0;
	b = c->p + strlen(s->needle);
	msg_mojo_error_body(m, b);
	b = msg_skip_ws(b);
	if (!m->location && (n = msg_location_prefix(b))) {
		m->location = mt_strndup(b, n);
		free(m->text);
		m->text = msg_dup_rest(b + n + 1);
	}
	return 1;
}

/* "At[:] file:L:C: Assert Error: msg" or a bare "Assert Error: msg" */
int shape_assert_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	if (msg_starts(c->p, "At")) {
		const char *b = msg_skip_ws(c->p + 2);
		size_t n;

		if (*b == ':')
			b = msg_skip_ws(b + 1);
		n = msg_location_prefix(b);
		if (n)
			m->location = mt_strndup(b, n);
	}
	m->text = msg_dup_rest(q);
	return 1;
}

/* "At[:] file:L:C: msg": a Mojo error raised at a source location */
int shape_mojo_at(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *b;

	if (!msg_starts(c->p, "At ") && !msg_starts(c->p, "At:"))
		return 0;
	b = msg_skip_ws(c->p + 2);
	if (*b == ':')
		b = msg_skip_ws(b + 1);
	if (!msg_location_prefix(b))
		return 0;
	msg_mojo_error_body(m, c->p);
	if (msg_has_cuda_error(c->p))
		m->kind = MT_KIND_CUDA_ERROR;
	return 1;
}

/*
 * The "file:N" of glibc's "[prog: ]file:N: func: Assertion ..." (before
 * end), or NULL. The file is the blank-free token before the first
 * ":digits: "; a program name before it ends with ": ", not digits.
 */
static char *assert_location(const char *s, const char *end)
{
	const char *p, *tok = s, *q;

	for (p = s; p < end; p++) {
		if (*p == ' ' || *p == '\t') {
			tok = p + 1;
			continue;
		}
		if (*p != ':' || p == tok || !isdigit((unsigned char)p[1]))
			continue;
		for (q = p + 1; isdigit((unsigned char)*q); q++)
			;
		if (q[0] == ':' && q[1] == ' ')
			return mt_strndup(tok, (size_t)(q - tok));
	}
	return NULL;
}

/* glibc "file:N: func: Assertion `x' failed." (any closing quote) */
int shape_c_assertion(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || (!strstr(q, "' failed.") && !strstr(q, "\" failed.") &&
	           !strstr(q, "` failed.")))
		return 0;
	m->location = assert_location(c->p, q);
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* "ERROR: AddressSanitizer: ..." and the other sanitizers */
int shape_sanitizer(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q)
		return 0;
	m->producer = MT_PRODUCER_SANITIZER;
	if (strstr(q, "SEGV on unknown address")) {
		m->kind = MT_KIND_SIGSEGV;
		m->signal = "SIGSEGV";
	}
	/* past "ERROR: " or "WARNING: " */
	m->text = msg_dup_rest(strchr(q, ' ') + 1);
	return 1;
}

/*
 * A sanitizer runtime's own assertion: "==97057==HWAddressSanitizer CHECK
 * failed: /src/hwasan_thread.cpp:117 "((random_buffer_)) != (0)" (0x0,
 * 0x0)" (google/sanitizers#1242; ASan, TSan, MSan the same). The text
 * starts at the tool's name, the location is the runtime's file:line.
 */
int shape_sanitizer_check(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle), *b, *f, *e;

	if (!q)
		return 0;
	/* back to the start of "HWAddress" in "==PID==HWAddressSanitizer" */
	for (b = q; b > c->p && isalpha((unsigned char)b[-1]); b--)
		;
	m->producer = MT_PRODUCER_SANITIZER;
	m->text = msg_dup_rest(b);
	f = q + strlen(s->needle);
	/* "file:N" before the quoted condition */
	e = strchr(f, ' ');
	if (e && e > f && isdigit((unsigned char)e[-1]) &&
	    memchr(f, ':', (size_t)(e - f)))
		m->location = mt_strndup(f, (size_t)(e - f));
	return 1;
}

/* MLIR's diagnostics with a location attribute: `loc("x.mlir":1:50):
 * error: msg`, `loc(unknown): error: msg`, `loc(callsite(...)): error:`:
 * a compiler diagnostic like "file:L:C: error:" (see shape_diagnostic). */
int shape_mlir_loc_diag(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *e = strstr(c->p, s->needle), *q, *f, *fe;
	mt_buf b = MT_BUF_INIT;

	if (!msg_starts(p, "loc(") || !e)
		return 0;
	m->text = msg_dup_rest(p);
	m->detail = msg_dup_rest(e + strlen(s->needle));
	/* loc("file":L:C): the first quoted file and its numbers */
	if ((f = strchr(p + 4, '"')) && f < e && (fe = strchr(f + 1, '"')) &&
	    fe < e && fe[1] == ':' && isdigit((unsigned char)fe[2])) {
		for (q = fe + 1;
		     q < e && (*q == ':' || isdigit((unsigned char)*q)); q++)
			;
		mt_buf_put(&b, f + 1, (size_t)(fe - f - 1));
		mt_buf_put(&b, fe + 1, (size_t)(q - fe - 1));
		m->location = mt_buf_detach(&b);
	}
	return 1;
}

/* Rust: "thread 'main' panicked at 'msg', src/main.rs:2:5" (before Rust
 * 1.73) or "thread 'rustc' panicked at compiler/x.rs:12:5:" with the
 * message on the next line (1.73 on; later ones name the thread id,
 * "thread 'main' (17563) panicked at"). */
int shape_rust_panic(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p, *q = strstr(p, s->needle), *e;
	size_t n;

	if (!msg_starts(p, "thread '") || !q)
		return 0;
	q += strlen(s->needle);
	e = q + strlen(q);
	while (e > q && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (*q == '\'') {
		/* 'msg', file:L:C */
		const char *end = e, *comma;

		for (comma = end; comma > q && strncmp(comma, "', ", 3);
		     comma--)
			;
		if (comma > q) {
			m->text = mt_strndup(q + 1, (size_t)(comma - q - 1));
			m->location = msg_dup_rest(comma + 3);
		} else {
			m->text = msg_dup_rest(q);
		}
	} else if ((n = msg_location_prefix(q)) && e > q && e[-1] == ':') {
		m->location = mt_strndup(q, n);
		m->message_next = 1;
		m->text = msg_dup_rest(p); /* until the next line says more */
	} else {
		m->text = msg_dup_rest(q);
	}
	m->thread = mt_strndup(p + 8, strcspn(p + 8, "'"));
	m->producer = MT_PRODUCER_RUST;
	return 1;
}

/* "SUMMARY: ThreadSanitizer: data race file:L:C in f" */
int shape_sanitizer_summary(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = c->p + strlen(s->needle);

	if (!msg_starts(c->p, s->needle) || !strstr(q, "Sanitizer: ") ||
	    strstr(q, "Sanitizer: ") - q > 24)
		return 0;
	m->text = msg_dup_rest(q);
	m->producer = MT_PRODUCER_SANITIZER;
	return 1;
}

/* UndefinedBehaviorSanitizer: "file:L:C: runtime error: what" (each one a
 * report: UBSan goes on after it unless halt_on_error) */
int shape_ubsan_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	size_t n = msg_location_prefix(c->p);

	if (!n || strncmp(c->p + n, s->needle, strlen(s->needle)))
		return 0;
	m->location = mt_strndup(c->p, n);
	m->text = msg_dup_rest(c->p + n + 2);
	m->producer = MT_PRODUCER_SANITIZER;
	return 1;
}

/* LeakSanitizer: "Direct leak of 256 byte(s) in 1 object(s) allocated
 * from:" (one report per leak); valgrind: "266 bytes in 2 blocks are
 * definitely lost in loss record 2 of 2" */
int shape_leak(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || (q != c->p && !strstr(s->needle, "definitely")))
		return 0;
	m->text = msg_dup_rest(c->p);
	m->producer = strstr(s->needle, "definitely") ? MT_PRODUCER_VALGRIND
	                                              : MT_PRODUCER_SANITIZER;
	return 1;
}

/* An error occurred in kernel entry point named "X": */
int shape_kernel_entry(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!strstr(c->p, s->needle))
		return 0;
	m->entry_point = msg_quoted_after(c->p, s->needle);
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* An error occurred in kernel named "X": */
int shape_kernel_named(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!strstr(c->p, s->needle))
		return 0;
	m->kernel = msg_quoted_after(c->p, s->needle);
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* "Note: N distinct Python source locations contributed ops ..." */
int shape_fusion_note(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!msg_starts(c->p, s->needle) ||
	    !strstr(c->p, "distinct Python source locations"))
		return 0;
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* "file:L:C: error: text": a compiler diagnostic; detail of the report
 * it appears in, or the message of a crash that follows it (parse.c) */
int shape_diagnostic(msg_info *m, const line_ctx *c, const line_shape *s)
{
	size_t n = msg_location_prefix(c->p);

	if (!n || strncmp(c->p + n, s->needle, strlen(s->needle)))
		return 0;
	m->text = msg_dup_rest(c->p);
	m->location = mt_strndup(c->p, n);
	m->detail = msg_dup_rest(c->p + n + strlen(s->needle));
	return 1;
}

/* "error: ..." from the graph compiler, after "Graph compilation
 * failed:" or a kernel error: detail for the current report; only
 * unindented */
int shape_graph_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (c->p != c->line)
		return 0;
	return shape_rest_at_start(m, c, s);
}

/* The exception line that closes a Python traceback: unindented
 * "Name: text" where Name is an identifier (dotted). */
int shape_python_exception(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = c->p;

	if (!c->in_traceback || c->p != c->line)
		return 0;
	while (isalnum((unsigned char)*q) || *q == '_' || *q == '.')
		q++;
	if (q == c->p || (*q != ':' && *q))
		return 0;
	if (msg_has_cuda_error(c->p))
		m->kind = MT_KIND_CUDA_ERROR;
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* any other line naming a CUDA_ERROR_ (a frame-like "# " mark dropped) */
int shape_cuda_anywhere(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *p = c->p;

	if (!msg_has_cuda_error(p))
		return 0;
	m->text = msg_dup_rest(p[0] == '#' ? msg_skip_ws(p + 1) : p);
	return 1;
}

/* "mojo crashed!", "mojo: error: execution crashed" ... */
int shape_driver_trailer(msg_info *m, const line_ctx *c, const line_shape *s)
{
	if (!strstr(c->p, "mojo crashed!") &&
	    !strstr(c->p, "error: execution crashed") &&
	    !strstr(c->p, "error: execution exited with a non-zero result"))
		return 0;
	/* "mojo: error: ..." / "/path/bin/mojo: error: ...": the process
	 * was the mojo driver, so JIT frames are user code */
	m->mojo_driver = strstr(c->p, "mojo") != NULL;
	return 1;
}

/* numbered pretty-stack entries: "1.\tCrash resolving decl ..." */
int shape_pretty_entry(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = c->p;

	if (!isdigit((unsigned char)*q))
		return 0;
	while (isdigit((unsigned char)*q))
		q++;
	if (*q != '.' || (q[1] != '\t' && q[1] != ' '))
		return 0;
	m->text = msg_dup_rest(q + 1);
	return 1;
}

/* glibc heap checks print "<function>(): <what>" alone on a line:
 * "malloc(): invalid size (unsorted)", "free(): invalid next size
 * (fast)"; and some without the function: "double free or corruption
 * (fasttop)", "corrupted size vs. prev_size" */
int shape_glibc_heap(msg_info *m, const line_ctx *c, const line_shape *s)
{
	static const char *const fns[] = {
		"malloc(): ",
		"free(): ",
		"realloc(): ",
		"calloc(): ",
		"_int_malloc(): ",
		"_int_free(): ",
		"malloc_consolidate(): ",
		"munmap_chunk(): ",
		"tcache_thread_shutdown(): ",
		"double free or corruption",
		"corrupted size vs. prev_size",
		"corrupted double-linked list",
	};
	size_t i;

	if (c->p != c->line)
		return 0;
	for (i = 0; i < MT_ARRAY_SIZE(fns); i++) {
		size_t n = strlen(fns[i]);

		/* "f(): " needs its detail; the others stand alone */
		if (!strncmp(c->p, fns[i], n) &&
		    (fns[i][n - 1] != ' ' || c->p[n])) {
			m->text = msg_dup_rest(c->p);
			return 1;
		}
	}
	return 0;
}

/* macOS libmalloc: "prog(123,0x1f3b) malloc: *** error for object 0x...:
 * pointer being freed was not allocated", "malloc: Heap corruption
 * detected ...", "malloc: Incorrect checksum for freed object ..." */
int shape_macos_malloc(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, "malloc: ");

	if (!q || !msg_starts(q + 8, s->needle))
		return 0;
	/* the whole line: "prog(pid,tid) " names the program that failed */
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* tcmalloc: "src/tcmalloc.cc:333] Attempt to free invalid pointer 0x..." */
int shape_tcmalloc_error(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle);

	if (!q || !strstr(q, "invalid pointer"))
		return 0;
	m->text = msg_dup_rest(c->p);
	return 1;
}

/* macOS assert(3): "Assertion failed: (x > 0), function main, file
 * test.c, line 5." The location is "file:line". */
int shape_macos_assertion(msg_info *m, const line_ctx *c, const line_shape *s)
{
	const char *q = strstr(c->p, s->needle), *file, *fe, *line, *le;

	if (!q || !(file = strstr(q, ", file ")) ||
	    !(line = strstr(file, ", line ")))
		return 0;
	file += 7;
	fe = line;
	line += 7;
	for (le = line; isdigit((unsigned char)*le); le++)
		;
	if (le == line || fe <= file)
		return 0;
	{
		mt_buf b = MT_BUF_INIT;

		mt_buf_put(&b, file, (size_t)(fe - file));
		mt_buf_putc(&b, ':');
		mt_buf_put(&b, line, (size_t)(le - line));
		m->location = mt_buf_detach(&b);
	}
	m->text = msg_dup_rest(q);
	return 1;
}
