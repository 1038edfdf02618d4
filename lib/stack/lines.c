/*
 * lines.c - one recognizer per frame shape (field-notes section 2).
 *
 * Each recognizer works on a single line whose quoting, colour and CR have
 * been removed, and either fills a frame or declines. They never allocate
 * until a line is known to be a frame, and never read past the NUL.
 */
#include "stack_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

static int is_hex(int c)
{
	return isxdigit((unsigned char)c);
}

/*
 * Parse "0x" hex digits at *p. Values past 64 bits are refused rather
 * than wrapped: a wrapped address would resolve to a wrong line.
 * "0x00007f..." (a redacted address) sets *redacted and succeeds.
 */
static int parse_hex_addr(const char **p, uint64_t *out, int *redacted)
{
	const char *s = *p;
	uint64_t v = 0;
	int digits = 0;

	*redacted = 0;
	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return 0;
	s += 2;
	/* "0x...": a reporter elided the whole address */
	if (!strncmp(s, "...", 3) && (!s[3] || s[3] == ' ' || s[3] == '\t')) {
		*redacted = 1;
		*out = 0;
		*p = s + 3;
		return 1;
	}
	while (*s == '0' && is_hex(s[1]))
		s++;
	while (is_hex(*s)) {
		int d = isdigit((unsigned char)*s)
		                ? *s - '0'
		                : (tolower((unsigned char)*s) - 'a' + 10);
		if (++digits > 16)
			return 0;
		v = (v << 4) | (uint64_t)d;
		s++;
	}
	if (s == *p + 2)
		return 0;
	if (!strncmp(s, "...", 3) || !strncmp(s, "\xe2\x80\xa6", 3)) {
		*redacted = 1;
		s += 3; /* "..." and U+2026 are both three bytes */
	}
	*out = v;
	*p = s;
	return 1;
}

static int parse_dec(const char **p, uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;

	if (!isdigit((unsigned char)*s))
		return 0;
	while (isdigit((unsigned char)*s)) {
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, (uint64_t)(*s - '0'), &v))
			return 0;
		s++;
	}
	*out = v;
	*p = s;
	return 1;
}

/* Copy [s, e) with surrounding blanks trimmed; NULL when empty. */
static char *dup_trim(const char *s, const char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return e > s ? mt_strndup(s, (size_t)(e - s)) : NULL;
}

static const char *trim_end(const char *s, const char *e)
{
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return e;
}

/* macOS sanitizers print the module with its architecture,
 * "(Python:arm64+0x1b9c34)", "(test:x86_64h+0x2bb6f)": drop it. */
static void strip_arch(char *module)
{
	static const char *const arches[] = { ":arm64e", ":arm64",   ":x86_64h",
		                              ":x86_64", ":aarch64", ":i386" };
	size_t i, n = strlen(module);

	for (i = 0; i < sizeof(arches) / sizeof(arches[0]); i++) {
		size_t k = strlen(arches[i]);

		if (n > k && !strcmp(module + n - k, arches[i])) {
			module[n - k] = '\0';
			return;
		}
	}
}

/*
 * "(module+0xOFF)" ending at e (e points just past ')'). On success the
 * module and offset are set and *start is the '(' position.
 */
static int tail_module_offset(mt_frame *f,
                              const char *s,
                              const char *e,
                              const char **start)
{
	const char *open, *plus, *q;
	uint64_t off;
	int red;
	int depth = 0;

	if (e <= s || e[-1] != ')')
		return 0;
	/* Find the '(' that matches the final ')': C++ names and paths may
	 * contain parentheses of their own. */
	for (open = e - 1; open >= s; open--) {
		if (*open == ')')
			depth++;
		else if (*open == '(' && --depth == 0)
			break;
	}
	if (open < s)
		return 0;
	for (plus = e - 2; plus > open && *plus != '+'; plus--)
		;
	if (plus <= open + 1)
		return 0;
	q = plus + 1;
	if (!parse_hex_addr(&q, &off, &red) || red || q != e - 1)
		return 0;
	f->module = mt_strndup(open + 1, (size_t)(plus - open - 1));
	strip_arch(f->module);
	f->has_offset = 1;
	f->module_offset = off;
	*start = open;
	return 1;
}

/*
 * A trailing "file:line[:col]" token. Line and column must be decimal and
 * the file part non-empty; "a::b" never qualifies because its last
 * segment is not a number.
 */
static int
tail_file_line(mt_frame *f, const char *s, const char *e, const char **start)
{
	const char *tok = e, *c1, *c2 = NULL, *q;
	uint64_t line = 0, col = 0;

	while (tok > s && tok[-1] != ' ' && tok[-1] != '\t')
		tok--;
	if (tok == e)
		return 0;
	/* last ':' then maybe a second one before it */
	for (c1 = e - 1; c1 > tok && *c1 != ':'; c1--)
		;
	if (c1 <= tok)
		return 0;
	q = c1 + 1;
	if (!parse_dec(&q, &col) || q != e)
		return 0;
	for (c2 = c1 - 1; c2 > tok && *c2 != ':'; c2--)
		;
	if (c2 > tok) {
		q = c2 + 1;
		if (parse_dec(&q, &line) && q == c1) {
			f->file = mt_strndup(tok, (size_t)(c2 - tok));
			f->line = line > UINT32_MAX ? 0 : (unsigned)line;
			f->column = col > UINT32_MAX ? 0 : (unsigned)col;
			*start = tok;
			return 1;
		}
	}
	/* file:line only */
	f->file = mt_strndup(tok, (size_t)(c1 - tok));
	f->line = col > UINT32_MAX ? 0 : (unsigned)col;
	f->column = 0;
	*start = tok;
	return 1;
}

/* "(BuildId: 0123abcd)" suffix of sanitizer frames. */
static const char *strip_build_id(mt_frame *f, const char *s, const char *e)
{
	const char *b;
	size_t n;

	e = trim_end(s, e);
	if (e - s < 12 || e[-1] != ')')
		return e;
	for (b = e - 2; b > s && *b != '('; b--)
		;
	if (strncmp(b, "(BuildId: ", 10))
		return e;
	n = (size_t)(e - 1 - (b + 10));
	f->build_id = mt_strndup(b + 10, n);
	return trim_end(s, b);
}

/* Last occurrence of needle in [s, e), or NULL. */
static const char *find_last(const char *s, const char *e, const char *needle)
{
	size_t n = strlen(needle);
	const char *p;

	if ((size_t)(e - s) < n)
		return NULL;
	for (p = e - n; p >= s; p--)
		if (!memcmp(p, needle, n))
			return p;
	return NULL;
}

static int has_blank(const char *s, const char *e)
{
	for (; s < e; s++)
		if (*s == ' ' || *s == '\t')
			return 1;
	return 0;
}

/* The '(' matching the ')' at e[-1], or NULL. */
static const char *open_paren(const char *s, const char *e)
{
	const char *p;
	int depth = 0;

	for (p = e - 1; p >= s; p--) {
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0)
			return p;
	}
	return NULL;
}

/* Set the function from a printed name; "??" and "???" (the tool knew
 * none) leave it unset, so a meaningless name never names a frame. */
static void set_printed_function(mt_frame *f, const char *s, const char *e)
{
	char *name = dup_trim(s, e);

	if (name && strspn(name, "?") == strlen(name)) {
		free(name);
		name = NULL;
	}
	free(f->function);
	f->function = name;
}

/*
 * gdb's frame text after "in " (or after the index when gdb printed no
 * address): "f (args) at file:L", "f (args) from /lib/x.so", "f (args)".
 * The argument list is dropped from the name; it always follows the name
 * after one blank, which LLVM's and sanitizers' names never do.
 * require_where: accept only with " at " or " from " (frames printed
 * without an address always have a source line).
 */
static int
gdb_tail(mt_frame *f, const char *s, const char *e, int require_where)
{
	const char *q, *name_end = e, *open, *tok;
	mt_frame loc;

	memset(&loc, 0, sizeof(loc));
	e = trim_end(s, e);
	if ((q = find_last(s, e, " from ")) && q + 6 < e &&
	    !has_blank(q + 6, e)) {
		loc.module = mt_strndup(q + 6, (size_t)(e - q - 6));
		name_end = q;
	} else if ((q = find_last(s, e, " at ")) && q + 4 < e &&
	           !has_blank(q + 4, e) &&
	           tail_file_line(&loc, q + 4, e, &tok) && tok == q + 4) {
		name_end = q;
	} else if (require_where) {
		goto refuse;
	}
	name_end = trim_end(s, name_end);
	if (name_end <= s || name_end[-1] != ')')
		goto refuse;
	open = open_paren(s, name_end);
	if (!open || open == s || open[-1] != ' ')
		goto refuse;
	f->form = MT_FORM_GDB;
	set_printed_function(f, s, open);
	f->stack_unreadable = find_last(open, name_end,
	                                "<error reading variable: Cannot "
	                                "access memory at address ") != NULL;
	f->module = loc.module;
	f->file = loc.file;
	f->line = loc.line;
	return 1;
refuse:
	free(loc.module);
	free(loc.file);
	return 0;
}

/* gdb frames printed without an address: "#1  walk (n=0x0) at x.c:6"
 * (the pc is at the start of a line, or an inline frame), and the
 * signal trampoline "<signal handler called>". */
static int gdb_frame_noaddr(mt_frame *f, const char *p)
{
	const char *e = trim_end(p, p + strlen(p));

	if ((size_t)(e - p) == 23 &&
	    !strncmp(p, "<signal handler called>", 23)) {
		f->form = MT_FORM_GDB;
		f->sigtramp = 1;
		return 1;
	}
	return gdb_tail(f, p, e, 1);
}

/*
 * eu-stack (elfutils) frame text after the address: "[- 1 ]f[ - module]".
 * "-a" prints "- 1" (the pc was moved back into the call) or four blanks
 * before the name; "-m" appends " - module". Without either it reads as
 * an LLVM "#N 0xADDR f" frame, and is one.
 */
static int eustack_rest(mt_frame *f, const char *rest, const char *e)
{
	const char *q;
	int adjusted = !strncmp(rest, "- 1 ", 4);

	if (adjusted)
		rest = skip_ws(rest + 4);
	q = find_last(rest, e, " - ");
	if (q && q + 3 < e && !has_blank(q + 3, e)) {
		f->module = mt_strndup(q + 3, (size_t)(e - q - 3));
		e = q;
	} else if (!adjusted) {
		return 0;
	}
	f->form = MT_FORM_EUSTACK;
	set_printed_function(f, rest, e);
	return 1;
}

/* macOS sanitizers name a frame "PyThread_release_lock+0x20": the
 * offset from the symbol is not part of its name. The name may hold
 * blanks and parameters ("realizeClassWithoutSwift(objc_class*,
 * objc_class*)+0x8c", "invocation function for block in X() const+0xb5");
 * no demangled name ends in "+0xHEX", so a trailing one is always the
 * offset. */
static void split_symbol_offset(mt_frame *f)
{
	char *plus = f->symbol ? strrchr(f->symbol, '+') : NULL;
	const char *q = plus ? plus + 1 : NULL;
	uint64_t off;
	int red;

	if (!plus || plus == f->symbol || plus[-1] == ' ' ||
	    strncmp(q, "0x", 2) || !parse_hex_addr(&q, &off, &red) || red || *q)
		return;
	*plus = '\0';
	f->has_symbol_offset = 1;
	f->symbol_offset = off;
}

/*
 * ThreadSanitizer (and sanitizers with symbolize_inline_frames) print no
 * address: "#0 bump /src/race.c:9:9 (race+0xe4670) (BuildId: ...)",
 * "#1 pthread_create <null> (libtsan.so.0+0x2be1b)", "#2 <null> <null>
 * (libtsan.so.0+0x29b3d)". p is past the index. The name may hold blanks
 * (C++); the location is the last token before the module.
 */
static int tsan_frame(mt_frame *f, const char *p)
{
	const char *e = trim_end(p, p + strlen(p)), *at, *tok;
	mt_frame loc;

	e = strip_build_id(f, p, e);
	if (!tail_module_offset(f, p, e, &at))
		goto refuse;
	e = trim_end(p, at);
	for (tok = e; tok > p && tok[-1] != ' ' && tok[-1] != '\t'; tok--)
		;
	if (tok == p || tok == e)
		goto refuse;
	memset(&loc, 0, sizeof(loc));
	if (!strncmp(tok, "<null>", 6)) {
		/* "<null>" or "<null>:3": no source */
	} else if (tail_file_line(&loc, tok, e, &at) && at == tok) {
		f->file = loc.file;
		f->line = loc.line;
		f->column = loc.column;
	} else {
		free(loc.file);
		goto refuse;
	}
	f->form = MT_FORM_SANITIZER;
	e = trim_end(p, tok);
	if (e - p != 6 || strncmp(p, "<null>", 6))
		set_printed_function(f, p, e);
	return 1;
refuse:
	free(f->module);
	free(f->build_id);
	f->module = f->build_id = NULL;
	f->has_offset = 0;
	return 0;
}

/* What follows the address of an LLVM-style "#N 0xADDR" frame. */
static void llvm_rest(mt_frame *f, const char *rest)
{
	const char *e = rest + strlen(rest), *at;
	/* a sanitizer prints "%p %F %L" and an unnamed frame's %F is empty,
	 * so "(module+0xOFF)" follows the address after two blanks; LLVM's
	 * handler puts one there */
	size_t blanks;

	e = trim_end(rest, e);
	blanks = (size_t)(skip_ws(rest) - rest);
	rest = skip_ws(rest);
	if (rest >= e)
		return; /* bare: JIT code */
	if (!strncmp(rest, "<unmapped>", 10)) {
		f->unmapped = 1;
		return;
	}
	/* AddressSanitizer: "#2 0x7ffd164faf57  (<unknown module>)", an
	 * address in no module it knows */
	if ((size_t)(e - rest) == 18 &&
	    !strncmp(rest, "(<unknown module>)", 18)) {
		f->form = MT_FORM_SANITIZER;
		f->unmapped = 1;
		return;
	}
	/* AddressSanitizer unsymbolized: "#0 0x55c0  (/x/flang-20+0x7f0e989)
	 * (BuildId: b0ba...)" */
	if (strncmp(rest, "in ", 3)) {
		const char *b = strip_build_id(f, rest, e);

		if (f->build_id) {
			f->form = MT_FORM_SANITIZER;
			e = b;
		}
	}
	if (!strncmp(rest, "in ", 3)) {
		rest += 3;
		e = strip_build_id(f, rest, e);
		/* sanitizers: "in f (module+0xOFF)", "in f file:L:C";
		 * gdb: "in f (args) at file:L" */
		if (!tail_module_offset(f, rest, e, &at) &&
		    gdb_tail(f, rest, e, 0))
			return;
		f->form = MT_FORM_SANITIZER;
		if (f->module) {
			f->symbol = dup_trim(rest, at);
			split_symbol_offset(f);
			return;
		}
	}
	if (tail_module_offset(f, rest, e, &at)) {
		f->symbol = dup_trim(rest, at);
		if (!f->symbol && blanks >= 2 && *rest == '(')
			f->form = MT_FORM_SANITIZER;
		return;
	}
	/* "(/path/to/module+0" cut short: keep the module, drop the rest;
	 * a name before it is whole (the cut is after it), so only a frame
	 * without one is cut */
	if ((at = strrchr(rest, '(')) && !strchr(at, ')') &&
	    (at[1] == '/' || at[1] == '.' || at[1] == '~' ||
	     isalpha((unsigned char)at[1]))) {
		const char *plus = strrchr(at, '+');

		f->module = dup_trim(at + 1, plus ? plus : e);
		f->symbol = dup_trim(rest, at);
		f->truncated = f->symbol == NULL;
		return;
	}
	if (tail_file_line(f, rest, e, &at)) {
		f->function = dup_trim(rest, at);
		return;
	}
	if (f->form == MT_FORM_LLVM && eustack_rest(f, rest, e))
		return;
	f->symbol = dup_trim(rest, e);
}

/* #N 0xADDR ...   or   #N lib+0xOFF */
static int llvm_frame(mt_frame *f, const char *p)
{
	uint64_t idx;
	int red;

	p = skip_ws(p);
	if (*p != '#')
		return 0;
	p++;
	if (!parse_dec(&p, &idx) || (*p != ' ' && *p != '\t') ||
	    idx > INT32_MAX)
		return 0;
	p = skip_ws(p);
	f->index = (int)idx;
	f->form = MT_FORM_LLVM;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		if (!parse_hex_addr(&p, &f->address, &red))
			return 0;
		if (*p && *p != ' ' && *p != '\t')
			return 0;
		f->has_address = !red;
		f->redacted = red;
		llvm_rest(f, p);
		return 1;
	}
	if (gdb_frame_noaddr(f, p))
		return 1;
	if (tsan_frame(f, p))
		return 1;
	/* normalised "#N libX.so+0xOFF" (people paste these) */
	{
		const char *plus = strstr(p, "+0x"), *q, *end;
		uint64_t off;

		if (!plus || plus == p)
			return 0;
		for (q = p; q < plus; q++)
			if (*q == ' ' || *q == '\t')
				return 0;
		q = plus + 1;
		if (!parse_hex_addr(&q, &off, &red) || red)
			return 0;
		end = skip_ws(q);
		if (*end)
			return 0;
		f->form = MT_FORM_NORMALISED;
		f->module = mt_strndup(p, (size_t)(plus - p));
		f->has_offset = 1;
		f->module_offset = off;
		return 1;
	}
}

/* A column-form address printed zero-padded without "0x"
 * ("000000000000000000 _sigtramp + 56"): at least 8 hex digits. */
static int parse_bare_hex(const char **p, uint64_t *out, int *redacted)
{
	const char *s = *p, *e;
	uint64_t v = 0;

	*redacted = 0;
	for (e = s; is_hex(*e); e++)
		;
	if (e - s < 8 || e - s > 24 || (*e && *e != ' ' && *e != '\t'))
		return 0;
	while (s < e && *s == '0' && e - s > 16)
		s++;
	if (e - s > 16)
		return 0;
	for (; s < e; s++)
		v = (v << 4) |
		    (uint64_t)(isdigit((unsigned char)*s)
		                       ? *s - '0'
		                       : tolower((unsigned char)*s) - 'a' + 10);
	*out = v;
	*p = e;
	return 1;
}

/* N  module  0xADDR [sym + decimal] */
static int column_frame(mt_frame *f, const char *p)
{
	uint64_t idx, off;
	const char *m, *me, *plus, *e;
	int red;

	p = skip_ws(p);
	if (!parse_dec(&p, &idx) || (*p != ' ' && *p != '\t') ||
	    idx > INT32_MAX)
		return 0;
	m = skip_ws(p);
	for (me = m; *me && *me != ' ' && *me != '\t'; me++)
		;
	if (me == m)
		return 0;
	p = skip_ws(me);
	if (!parse_hex_addr(&p, &f->address, &red) &&
	    !parse_bare_hex(&p, &f->address, &red))
		return 0;
	if (*p && *p != ' ' && *p != '\t')
		return 0;
	f->index = (int)idx;
	f->form = MT_FORM_COLUMN;
	f->has_address = !red;
	f->redacted = red;
	/* "(error)": dladdr found no module for the address */
	if (me - m != 7 || strncmp(m, "(error)", 7))
		f->module = mt_strndup(m, (size_t)(me - m));
	else
		f->unmapped = 1;
	p = skip_ws(p);
	e = trim_end(p, p + strlen(p));
	if (p >= e)
		return 1;
	/* macOS crash reports: "sym + 20 (crash.c:10)" */
	if (e[-1] == ')' && (plus = open_paren(p, e)) && plus > p &&
	    plus[-1] == ' ' && !has_blank(plus + 1, e - 1)) {
		const char *tok;
		mt_frame loc;

		memset(&loc, 0, sizeof(loc));
		if (tail_file_line(&loc, plus + 1, e - 1, &tok) &&
		    tok == plus + 1) {
			f->file = loc.file;
			f->line = loc.line;
			e = trim_end(p, plus);
		} else {
			free(loc.file);
		}
	}
	/* "sym + 1234": the offset is the last " + decimal" */
	for (plus = e - 1; plus > p && *plus != '+'; plus--)
		;
	if (plus > p) {
		const char *q = skip_ws(plus + 1);

		if (parse_dec(&q, &off) && q == e) {
			f->symbol = dup_trim(p, plus);
			f->has_symbol_offset = f->symbol != NULL;
			f->symbol_offset = off;
			/* no function is 256 MiB long */
			f->bogus_symbol = off >= ((uint64_t)1 << 28);
			return 1;
		}
	}
	f->symbol = dup_trim(p, e);
	return 1;
}

/* lldb: "[* ]frame #N: 0xADDR module`f(args) + off at file:L:C" */
static int lldb_frame(mt_frame *f, const char *p)
{
	uint64_t idx, off;
	const char *tick, *e, *q, *plus, *tok;
	int red;

	p = skip_ws(p);
	if (p[0] == '*' && p[1] == ' ')
		p = skip_ws(p + 1);
	if (strncmp(p, "frame #", 7))
		return 0;
	p += 7;
	if (!parse_dec(&p, &idx) || *p != ':' || idx > INT32_MAX)
		return 0;
	p = skip_ws(p + 1);
	if (!parse_hex_addr(&p, &f->address, &red))
		return 0;
	f->index = (int)idx;
	f->form = MT_FORM_LLDB;
	f->has_address = !red;
	f->redacted = red;
	p = skip_ws(p);
	e = trim_end(p, p + strlen(p));
	tick = memchr(p, '`', (size_t)(e - p));
	if (!tick)
		return 1; /* no module: JIT code or an unmapped pc */
	f->module = dup_trim(p, tick);
	p = tick + 1;
	if ((q = find_last(p, e, " at ")) && q + 4 < e &&
	    !has_blank(q + 4, e) && tail_file_line(f, q + 4, e, &tok))
		e = q;
	/* " + 362": offset from the symbol */
	if ((plus = find_last(p, e, " + "))) {
		q = plus + 3;
		if (parse_dec(&q, &off) && q == e) {
			f->has_symbol_offset = 1;
			f->symbol_offset = off;
			e = plus;
		}
	}
	e = trim_end(p, e);
	/* "walk [inlined] value_of(...)": value_of, inlined into walk */
	if ((q = find_last(p, e, " [inlined] "))) {
		p = q + 11;
		f->inlined = 1;
	}
	/* "walk(n=0x0)": argument values are not part of the name; a
	 * signature of types ("f(int)") is, and is left to the display */
	if (e > p && e[-1] == ')' && (q = open_paren(p, e)) && q > p &&
	    memchr(q, '=', (size_t)(e - q)))
		e = q;
	set_printed_function(f, p, e);
	if (f->function)
		f->symbol = mt_strdup(f->function);
	return 1;
}

/* valgrind: "at 0xADDR: f (file:L)", "by 0xADDR: f (in /lib/x.so)"
 * ("==PID==" already removed). "at" starts a stack (index 0); "by"
 * frames get the next index from the parser. */
static int valgrind_frame(mt_frame *f, const char *p)
{
	const char *e, *open, *colon;
	int red, at;

	p = skip_ws(p);
	at = !strncmp(p, "at 0x", 5);
	if (!at && strncmp(p, "by 0x", 5))
		return 0;
	p += 3;
	if (!parse_hex_addr(&p, &f->address, &red) || red || p[0] != ':' ||
	    p[1] != ' ')
		return 0;
	p = skip_ws(p + 1);
	e = trim_end(p, p + strlen(p));
	f->form = MT_FORM_VALGRIND;
	f->index = at ? 0 : -1;
	f->has_address = 1;
	if (e > p && e[-1] == ')' && (open = open_paren(p, e)) && open > p &&
	    open[-1] == ' ') {
		const char *in = open + 1, *ie = e - 1, *tok;

		if (!strncmp(in, "in ", 3))
			f->module = dup_trim(in + 3, ie);
		else if ((colon = memchr(in, ':', (size_t)(ie - in))) &&
		         !has_blank(in, ie) && ie > in) {
			mt_frame loc;

			memset(&loc, 0, sizeof(loc));
			if (tail_file_line(&loc, in, ie, &tok) && tok == in) {
				f->file = loc.file;
				f->line = loc.line;
			} else {
				free(loc.file);
			}
		}
		if (f->module || f->file)
			e = open;
	}
	set_printed_function(f, p, e);
	return 1;
}

/* glibc backtrace_symbols(), printed under "======= Backtrace: =========":
 * "/lib64/libc.so.6(+0x81329)[0x7ff753e23329]" (module offset) or
 * "/lib64/libstdc++.so.6(_ZNSt6localeC2Ev+0x13)[0x7ff729ecb5e3]" (symbol
 * and hex offset) or "./a.out[0x400a3e]". */
static int backtrace_frame(mt_frame *f, const char *p)
{
	const char *e, *lb, *open, *plus, *q;
	uint64_t off;
	int red;

	p = skip_ws(p);
	e = trim_end(p, p + strlen(p));
	if (e - p < 6 || e[-1] != ']' || (*p != '/' && *p != '.'))
		return 0;
	for (lb = e - 1; lb > p && *lb != '['; lb--)
		;
	q = lb + 1;
	if (lb == p || !parse_hex_addr(&q, &f->address, &red) || red ||
	    q != e - 1)
		return 0;
	e = lb;
	if (e[-1] == ')') {
		if (!(open = open_paren(p, e)) || open == p)
			return 0;
		plus = find_last(open, e, "+0x");
		q = plus ? plus + 1 : NULL;
		if (!plus || !parse_hex_addr(&q, &off, &red) || red ||
		    q != e - 1)
			return 0;
		if (plus == open + 1) {
			f->has_offset = 1;
			f->module_offset = off;
		} else {
			f->symbol =
			        mt_strndup(open + 1, (size_t)(plus - open - 1));
			f->has_symbol_offset = 1;
			f->symbol_offset = off;
		}
		e = open;
	}
	if (has_blank(p, e))
		goto refuse;
	f->form = MT_FORM_BACKTRACE;
	f->index = -1;
	f->has_address = 1;
	f->module = mt_strndup(p, (size_t)(e - p));
	return 1;
refuse:
	free(f->symbol);
	f->symbol = NULL;
	f->has_offset = f->has_symbol_offset = 0;
	return 0;
}

/* compute-sanitizer: "Host Frame:sym [0xOFF] in lib" or "Host Frame: [0xADDR]"
 */
static int host_frame(mt_frame *f, const char *p)
{
	const char *hf = strstr(p, "Host Frame:"), *lb, *rb, *q;
	uint64_t v;
	int red;

	if (!hf)
		return 0;
	p = hf + 11;
	lb = strrchr(p, '[');
	if (!lb)
		return 0;
	rb = strchr(lb, ']');
	q = lb + 1;
	if (!rb || !parse_hex_addr(&q, &v, &red) || q != rb || red)
		return 0;
	f->form = MT_FORM_HOSTFRAME;
	f->index = -1;
	f->symbol = dup_trim(p, lb);
	q = skip_ws(rb + 1);
	if (!strncmp(q, "in ", 3)) {
		f->module = dup_trim(q + 3, q + strlen(q));
		f->has_offset = f->module != NULL;
		f->module_offset = v;
	}
	if (!f->module) {
		f->has_address = 1;
		f->address = v;
	}
	return 1;
}

/*   File "x.py", line 12, in forward */
static int python_frame(mt_frame *f, const char *p)
{
	const char *q, *fe;
	uint64_t line;

	p = skip_ws(p);
	if (strncmp(p, "File \"", 6))
		return 0;
	q = p + 6;
	fe = strchr(q, '"');
	if (!fe || strncmp(fe, "\", line ", 8))
		return 0;
	p = fe + 8;
	if (!parse_dec(&p, &line))
		return 0;
	f->form = MT_FORM_PYTHON;
	f->index = -1;
	f->file = mt_strndup(q, (size_t)(fe - q));
	f->line = line > UINT32_MAX ? 0 : (unsigned)line;
	if (!strncmp(p, ", in ", 5))
		f->function = dup_trim(p + 5, p + strlen(p));
	else if (!strncmp(p, " in ", 4)) /* faulthandler */
		f->function = dup_trim(p + 4, p + strlen(p));
	return 1;
}

int mt_stack_parse_rust_frame(mt_frame *out, const char *line)
{
	const char *p = skip_ws(line), *e;
	uint64_t idx;
	int red;

	memset(out, 0, sizeof(*out));
	out->index = -1;
	if (!parse_dec(&p, &idx) || *p != ':' || (p[1] != ' ' && p[1]) ||
	    idx > INT32_MAX)
		return 0;
	p = skip_ws(p + 1);
	if (p[0] == '0' && p[1] == 'x') {
		if (!parse_hex_addr(&p, &out->address, &red) || red)
			return 0;
		out->has_address = 1;
		p = skip_ws(p);
		if (*p != '-')
			return 0;
		p = skip_ws(p + 1);
	}
	e = trim_end(p, p + strlen(p));
	/* legacy mangling's hash ("::h0123456789abcdef") is per build */
	if (e - p > 19 && !strncmp(e - 19, "::h", 3) &&
	    strspn(e - 16, "0123456789abcdef") == 16)
		e -= 19;
	if (e <= p)
		return 0;
	out->form = MT_FORM_RUST;
	out->index = (int)idx;
	/* "139:   0x0 - <unknown>": the end of the stack, no function */
	if (e - p == 9 && !strncmp(p, "<unknown>", 9))
		return out->has_address;
	set_printed_function(out, p, e);
	return out->function != NULL;
}

/* Where a reader's "  # comment" after a frame starts (gdb sessions
 * pasted with notes: "#3  0x... in f () at x.c:5   # the bad one"), or
 * NULL. A '#' and a digit after blanks is a glued frame, not a comment. */
static const char *comment_start(const char *line)
{
	const char *p = skip_ws(line), *q;

	for (q = p + 1; *q && (q = strchr(q, '#')); q++)
		if ((q[-1] == ' ' || q[-1] == '\t') && q - p > 2 &&
		    (q[-2] == ' ' || q[-2] == '\t') &&
		    !isdigit((unsigned char)q[1]))
			return q;
	return NULL;
}

int mt_stack_parse_frame_line(mt_frame *out, const char *line)
{
	const char *c = comment_start(line);

	if (c) {
		char *cut = mt_strndup(line, (size_t)(c - line));
		int ok = mt_stack_parse_frame_line(out, cut);

		free(cut);
		if (ok)
			return 1;
	}
	memset(out, 0, sizeof(*out));
	out->index = -1;
	if (llvm_frame(out, line) || column_frame(out, line) ||
	    host_frame(out, line) || python_frame(out, line) ||
	    lldb_frame(out, line) || valgrind_frame(out, line) ||
	    backtrace_frame(out, line))
		return 1;
	mt_frame_release(out);
	memset(out, 0, sizeof(*out));
	out->index = -1;
	return 0;
}
