/*
 * llvm_protocol.c - llvm-symbolizer 19's requests and answers (and
 * binutils addr2line's) over mt_symbolizer.
 *
 * The parsing follows llvm-symbolizer.cpp's parseCommand, the answers
 * DIPrinter.cpp's LLVM, GNU and JSON printers; the shapes were checked
 * against llvm-symbolizer-19 by tests/e2e/symbolize_flags.sh. Nothing here
 * prints: answers go to one buffer, error lines to another.
 */
#include "maxtriage/llvm_protocol.h"

#include "maxtriage/common.h"
#include "maxtriage/utf8.h"
#include "symbols_int.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FRAMES 256
#define MAX_NAME 4096

typedef enum { REQ_CODE, REQ_DATA, REQ_FRAME } req_kind;

struct mt_llvm {
	mt_symbolizer *s;
	mt_llvm_opts o;
	int json_first; /* no element written yet in the JSON array */
	int depth; /* JSON --pretty-print: nesting while re-indenting */
	int array_pending; /* the JSON array's '[' is not written yet */
	int array_dropped; /* ... and never will be (unreadable --obj) */
	mt_module *last; /* the module of the previous request ... */
	char last_key[2 * 4096 + 2]; /* ... and its name and build-id */
	char **reported; /* modules whose error was already reported */
	size_t n_reported, cap_reported;
};

/* One parsed request. */
typedef struct request {
	req_kind kind;
	char module[MAX_NAME];
	char build_id[MAX_NAME];
	int has_module; /* module or build_id given */
	int has_addr; /* a number; else symbol */
	uint64_t addr;
	char symbol[MAX_NAME];
	uint64_t sym_offset;
} request;

int mt_llvm_new(mt_llvm **out, mt_symbolizer *s, const mt_llvm_opts *o)
{
	mt_llvm *l = mt_calloc(1, sizeof(*l));

	l->s = s;
	l->o = *o;
	if (!l->o.tool)
		l->o.tool = "llvm-symbolizer";
	l->json_first = 1;
	*out = l;
	return 0;
}

void mt_llvm_free(mt_llvm *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->n_reported; i++)
		free(l->reported[i]);
	free(l->reported);
	free(l);
}

static void copy_word(char *dst, const char *p, size_t n)
{
	if (n >= MAX_NAME)
		n = MAX_NAME - 1;
	memcpy(dst, p, n);
	dst[n] = '\0';
}

/* getSpaceDelimitedWord: a word up to a space or newline, or a quoted
 * one. 0 and the word, or -1 for an empty word or unbalanced quotes. */
static int space_word(char *dst, const char **src)
{
	const char *p = *src, *end;
	size_t n;

	p += strspn(p, " \n\r");
	if (*p == '"' || *p == '\'') {
		end = strchr(p + 1, *p);
		if (!end)
			return -1;
		copy_word(dst, p + 1, (size_t)(end - p - 1));
		*src = end + 1;
		return end == p + 1 ? -1 : 0;
	}
	n = strcspn(p, " \n\r");
	copy_word(dst, p, n);
	*src = p + n;
	return n ? 0 : -1;
}

/* StringRef::getAsInteger for an unsigned 64-bit value: radix 0 senses
 * 0x, 0b, 0o and a leading 0; the whole text must be digits of the
 * radix; overflow is found LLVM's way (the shift back loses bits). */
int sym_llvm_uint(uint64_t *out, const char *s, size_t n, unsigned radix)
{
	uint64_t v = 0, prev;
	size_t i = 0;

	if (radix == 0) {
		radix = 10;
		if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			radix = 16;
			i = 2;
		} else if (n >= 2 && s[0] == '0' &&
		           (s[1] == 'b' || s[1] == 'B')) {
			radix = 2;
			i = 2;
		} else if (n >= 2 && s[0] == '0' && s[1] == 'o') {
			radix = 8;
			i = 2;
		} else if (n >= 2 && s[0] == '0' && s[1] >= '0' &&
		           s[1] <= '9') {
			radix = 8;
			i = 1;
		}
	}
	if (i >= n)
		return -1;
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'z')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'Z')
			d = c - 'A' + 10;
		else
			return -1;
		if (d >= radix)
			return -1;
		prev = v;
		v = v * radix + d;
		if (v / radix < prev)
			return -1;
	}
	*out = v;
	return 0;
}

/* binutils' bfd_scan_vma: hex digits up to the first other character
 * (an optional 0x), 0 when there are none. */
static uint64_t scan_vma(const char *s)
{
	uint64_t v = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	for (; isxdigit((unsigned char)*s); s++)
		v = v * 16 + (uint64_t)(isdigit((unsigned char)*s)
		                                ? *s - '0'
		                                : (tolower((unsigned char)*s) -
		                                   'a' + 10));
	return v;
}

static int consume(const char **p, const char *prefix)
{
	size_t n = strlen(prefix);

	if (strncmp(*p, prefix, n))
		return 0;
	*p += n;
	return 1;
}

/* The module offset of a request: a number, or a symbol with an optional
 * "+OFFSET" (llvm-symbolizer 19's rules). 0, or -1 with *why. */
static int
parse_offset(request *r, const mt_llvm *l, const char *p, const char **why)
{
	const char *spec;
	size_t n;

	p += strspn(p, " \t\n\v\f\r");
	n = strlen(p);
	while (n && strchr(" \t\n\v\f\r", p[n - 1]))
		n--;
	if (!n) {
		*why = "no module offset has been specified";
		return -1;
	}
	spec = p;
	n = strcspn(spec, " \n\r");
	if (l->o.addr2line) {
		r->has_addr = 1;
		r->addr = scan_vma(spec);
		return 0;
	}
	if (isdigit((unsigned char)spec[0])) {
		if (sym_llvm_uint(&r->addr, spec, n, 0)) {
			*why = "expected a number as module offset";
			return -1;
		}
		r->has_addr = 1;
		return 0;
	}
	/* A symbol, optionally "+OFFSET" after its last '+'. */
	{
		const char *plus = memrchr(spec, '+', n);
		size_t sn = n;

		if (plus && plus != spec) {
			uint64_t off;

			if (!sym_llvm_uint(&off, plus + 1,
			                   n - (size_t)(plus + 1 - spec), 0)) {
				r->sym_offset = off;
				sn = (size_t)(plus - spec);
			}
		}
		copy_word(r->symbol, spec, sn);
	}
	return 0;
}

/* parseCommand. 0, or -1 with the reason in why. */
static int
parse_request(request *r, const mt_llvm *l, const char *in, const char **why)
{
	const char *p = in;
	int file_prefix = 0, id_prefix = 0;

	/* Not memset: the name buffers are 12 kB, a request is a line. */
	r->kind = REQ_CODE;
	r->module[0] = r->build_id[0] = r->symbol[0] = '\0';
	r->has_module = r->has_addr = 0;
	r->addr = r->sym_offset = 0;
	if (l->o.obj) {
		copy_word(r->module, l->o.obj, strlen(l->o.obj));
		r->has_module = 1;
	} else if (l->o.build_id) {
		copy_word(r->build_id, l->o.build_id, strlen(l->o.build_id));
		r->has_module = 1;
	}
	if (consume(&p, "CODE "))
		r->kind = REQ_CODE;
	else if (consume(&p, "DATA "))
		r->kind = REQ_DATA;
	else if (consume(&p, "FRAME "))
		r->kind = REQ_FRAME;
	for (;;) {
		p += strspn(p, " \t\n\v\f\r");
		if (consume(&p, "FILE:")) {
			if (file_prefix || id_prefix) {
				*why = "duplicate input file specification "
				       "prefix";
				return -1;
			}
			file_prefix = 1;
			continue;
		}
		if (consume(&p, "BUILDID:")) {
			if (file_prefix || id_prefix) {
				*why = "duplicate input file specification "
				       "prefix";
				return -1;
			}
			id_prefix = 1;
			continue;
		}
		break;
	}
	if (file_prefix || id_prefix) {
		char word[MAX_NAME];

		p += strspn(p, " \t\n\v\f\r");
		if (!*p) {
			*why = file_prefix ? "must be followed by an input file"
			                   : "must be followed by a hash";
			return -1;
		}
		if (r->has_module) {
			*why = "input file has already been specified";
			return -1;
		}
		if (space_word(word, &p)) {
			*why = "unbalanced quotes in input file name";
			return -1;
		}
		if (id_prefix) {
			if (strlen(word) % 2 ||
			    strspn(word, "0123456789abcdef"
			                 "ABCDEF") != strlen(word)) {
				*why = "wrong format of build-id";
				return -1;
			}
			strcpy(r->build_id, word);
		} else {
			strcpy(r->module, word);
		}
		r->has_module = 1;
	} else if (!r->has_module) {
		if (space_word(r->module, &p)) {
			*why = "no input filename has been specified";
			return -1;
		}
		r->has_module = 1;
	}
	return parse_offset(r, l, p, why);
}

static int already_reported(mt_llvm *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n_reported; i++)
		if (!strcmp(l->reported[i], key))
			return 1;
	MT_PUSH(l->reported, l->n_reported, l->cap_reported, mt_strdup(key));
	return 0;
}

/* The module of r, or NULL with *msg set to llvm-symbolizer's reason. */
static mt_module *
open_module_uncached(mt_llvm *l, const request *r, const char **msg);

/* Requests mostly name the module of the one before. */
static mt_module *open_module(mt_llvm *l, const request *r, const char **msg)
{
	char key[sizeof(l->last_key)];
	mt_module *m;

	snprintf(key, sizeof(key), "%s\n%s", r->module, r->build_id);
	if (l->last && !strcmp(key, l->last_key))
		return l->last;
	m = open_module_uncached(l, r, msg);
	l->last = m;
	if (m)
		strcpy(l->last_key, key);
	return m;
}

static mt_module *
open_module_uncached(mt_llvm *l, const request *r, const char **msg)
{
	mt_module *m = NULL;
	mt_error err = { 0, "" };
	struct stat st;

	if (r->module[0]) {
		/* --obj is the user's own choice: even --untrusted opens it
		 * as given; only names read from requests are confined. */
		int given = l->o.obj && !strcmp(r->module, l->o.obj);

		if ((given ? mt_symbolizer_open(&m, l->s, r->module, &err)
		           : mt_symbolizer_module(&m, l->s, r->module, NULL,
		                                  &err)) == 0)
			return m;
		if (l->o.untrusted && !given)
			*msg = strerror(ENOENT);
		else if (stat(r->module, &st) != 0)
			*msg = strerror(errno);
		else if (S_ISDIR(st.st_mode))
			*msg = strerror(EISDIR);
		else
			*msg = "The file was not recognized as a valid object "
			       "file";
		return NULL;
	}
	if (mt_symbolizer_module(&m, l->s, "", r->build_id, &err) == 0)
		return m;
	*msg = "could not find build ID";
	return NULL;
}

/* The module name as llvm-symbolizer quotes it in an error: a build-id
 * in upper case. */
static void error_subject(char *dst, const request *r)
{
	size_t i;

	if (r->module[0]) {
		strcpy(dst, r->module);
		return;
	}
	for (i = 0; r->build_id[i]; i++)
		dst[i] = (char)toupper((unsigned char)r->build_id[i]);
	dst[i] = '\0';
}

static void error_subject(char *dst, const request *r);
static void json_str(mt_buf *b, const char *s);
static void json_request_address(mt_buf *b, const request *r, uint64_t addr);
static void json_request_module(mt_buf *b, const request *r);

/* The module as answers name it: the name given, or the build-id in
 * upper case. */
static void json_module(mt_buf *b, const request *r)
{
	char name[MAX_NAME];

	error_subject(name, r);
	json_str(b, name);
}

/* A JSON string as llvm::json writes it: escapes for '"', '\\' and
 * control characters, each ill-formed UTF-8 subpart as one U+FFFD (the
 * policy of maxtriage/utf8.h, which is llvm::json's fixUTF8 too). NULL is
 * the empty string, as in llvm-symbolizer's answers. */
static void json_str(mt_buf *b, const char *s)
{
	size_t i, n = s ? strlen(s) : 0;

	mt_buf_putc(b, '"');
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t len, bad;

		if (c >= 0x80) {
			len = mt_utf8_seq_len(s + i, n - i, &bad);
			if (len) {
				mt_buf_put(b, s + i, len);
				i += len - 1;
			} else {
				mt_buf_puts(b, MT_UTF8_REPLACEMENT);
				i += bad - 1;
			}
			continue;
		}
		switch (c) {
		case '"':
			mt_buf_puts(b, "\\\"");
			break;
		case '\\':
			mt_buf_puts(b, "\\\\");
			break;
		case '\b':
			mt_buf_puts(b, "\\b");
			break;
		case '\f':
			mt_buf_puts(b, "\\f");
			break;
		case '\n':
			mt_buf_puts(b, "\\n");
			break;
		case '\r':
			mt_buf_puts(b, "\\r");
			break;
		case '\t':
			mt_buf_puts(b, "\\t");
			break;
		default:
			if (c < 0x20)
				mt_buf_printf(b, "\\u%04x", c);
			else
				mt_buf_putc(b, (char)c);
		}
	}
	mt_buf_putc(b, '"');
}

static void json_hex(mt_buf *b, uint64_t v)
{
	mt_buf_printf(b, "\"0x%" PRIx64 "\"", v);
}

/* One answer frame, with what the printers need beside mt_srcloc. */
typedef struct frame {
	const char *function;
	const char *file;
	unsigned line, column;
	unsigned discr; /* the row's or the call's discriminator */
	const char *start_file;
	unsigned start_line;
	int has_start;
	uint64_t start;
} frame;

static const char *base_name(const char *f)
{
	const char *s = strrchr(f, '/');

	return s ? s + 1 : f;
}

/* The file name as --basenames / --relativenames want it; entry is f's
 * line-table entry when the caller knows it, else it is looked up. */
static const char *shown_file_entry(const mt_llvm *l,
                                    mt_module *m,
                                    uint64_t addr,
                                    const char *f,
                                    const char *entry)
{
	if (!f)
		return NULL;
	if (l->o.basenames) {
		/* LLVM keeps a name that is absolute in the line table. */
		if (!entry && m)
			entry = mt_module_file_entry(m, addr, f);

		if (entry && entry[0] == '/' && !l->o.addr2line)
			return f;
		return base_name(entry ? entry : f);
	}
	if (l->o.relativenames) {
		const char *comp = m ? mt_module_comp_dir(m, addr) : NULL;
		size_t n = comp ? strlen(comp) : 0;

		if (n && !strncmp(f, comp, n) && f[n] == '/')
			return f + n + 1;
	}
	return f;
}

static const char *
shown_file(const mt_llvm *l, mt_module *m, uint64_t addr, const char *f)
{
	return shown_file_entry(l, m, addr, f, NULL);
}

static void print_header(mt_buf *b, const mt_llvm *l, const uint64_t *addr)
{
	if (!l->o.addresses || !addr)
		return;
	if (l->o.addr2line)
		mt_buf_printf(b, "0x%016" PRIx64, *addr);
	else
		mt_buf_printf(b, "0x%" PRIx64, *addr);
	mt_buf_puts(b, l->o.pretty ? ": " : "\n");
}

static void print_footer(mt_buf *b, const mt_llvm *l)
{
	if (l->o.style == MT_LLVM_STYLE_LLVM)
		mt_buf_putc(b, '\n');
}

/* SourceCode: Lines lines around line of file, "N >: text" on it. */
static void
source_context(mt_buf *b, const char *file, unsigned line, long lines, int json)
{
	FILE *f;
	char *text = NULL;
	size_t cap = 0;
	long first, last, k = 0, p = 1;
	int width = 0;
	mt_buf src = MT_BUF_INIT;

	if (lines <= 0 || !file || !line)
		return;
	f = fopen(file, "r");
	if (!f)
		return;
	first = (long)line - lines / 2;
	if (first < 1)
		first = 1;
	last = first + lines - 1;
	/* LLVM pads to ceil(log10(last)) digits (so 10 counts as one). */
	while (p < last) {
		p *= 10;
		width++;
	}
	while (getline(&text, &cap, f) >= 0) {
		size_t n;

		if (++k < first)
			continue;
		if (k > last)
			break;
		n = strlen(text);
		if (n && text[n - 1] == '\n')
			text[--n] = '\0';
		if (n && text[n - 1] == '\r')
			text[--n] = '\0';
		mt_buf_printf(&src, "%*ld%s %s\n", width, k,
		              k == (long)line ? " >:" : "  :", text);
	}
	free(text);
	fclose(f);
	if (json) {
		mt_buf_puts(b, ",\"Source\":");
		json_str(b, src.ptr);
	} else {
		mt_buf_puts(b, src.ptr);
	}
	mt_buf_release(&src);
}

/* PlainPrinterBase::print(DILineInfo, Inlined). */
static void
print_frame(mt_buf *b, const mt_llvm *l, const frame *f, int inlined)
{
	const char *file = f->file ? f->file : "??";

	if (l->o.functions) {
		if (l->o.pretty && inlined)
			mt_buf_puts(b, " (inlined by) ");
		mt_buf_puts(b, f->function ? f->function : "??");
		mt_buf_puts(b, l->o.pretty ? " at " : "\n");
	}
	if (l->o.verbose) {
		mt_buf_printf(b, "  Filename: %s\n", file);
		if (f->start_line) {
			/* DILineInfo::StartFileName is empty when unknown. */
			mt_buf_printf(b, "  Function start filename: %s\n",
			              f->start_file ? f->start_file : "");
			mt_buf_printf(b, "  Function start line: %u\n",
			              f->start_line);
		}
		if (f->has_start && l->o.style != MT_LLVM_STYLE_GNU)
			mt_buf_printf(
			        b, "  Function start address: 0x%" PRIx64 "\n",
			        f->start);
		mt_buf_printf(b, "  Line: %u\n  Column: %u\n", f->line,
		              f->column);
		if (f->discr)
			mt_buf_printf(b, "  Discriminator: %u\n", f->discr);
		return;
	}
	if (l->o.addr2line) {
		/* binutils: "??:0" when nothing is known, "FILE:?" when the
		 * address has a symbol but no line. */
		if (f->line && f->discr)
			mt_buf_printf(b, "%s:%u (discriminator %u)\n", file,
			              f->line, f->discr);
		else if (f->line)
			mt_buf_printf(b, "%s:%u\n", file, f->line);
		else if (!f->function && !f->file)
			mt_buf_printf(b, "%s:0\n", file);
		else
			mt_buf_printf(b, "%s:?\n", file);
	} else if (l->o.style == MT_LLVM_STYLE_GNU) {
		mt_buf_printf(b, "%s:%u", file, f->line);
		if (f->discr)
			mt_buf_printf(b, " (discriminator %u)", f->discr);
		mt_buf_putc(b, '\n');
	} else {
		mt_buf_printf(b, "%s:%u:%u\n", file, f->line, f->column);
	}
	source_context(b, f->file, f->line, l->o.context_lines, 0);
}

static void json_frame(mt_buf *b, const mt_llvm *l, const frame *f)
{
	mt_buf_printf(b, "{\"Column\":%u,\"Discriminator\":%u,\"FileName\":",
	              f->column, f->discr);
	json_str(b, f->file);
	mt_buf_puts(b, ",\"FunctionName\":");
	json_str(b, l->o.functions ? f->function : NULL);
	mt_buf_printf(b, ",\"Line\":%u", f->line);
	source_context(b, f->file, f->line, l->o.context_lines, 1);
	mt_buf_puts(b, ",\"StartAddress\":");
	if (f->has_start)
		json_hex(b, f->start);
	else
		mt_buf_puts(b, "\"\"");
	mt_buf_puts(b, ",\"StartFileName\":");
	json_str(b, f->start_file);
	mt_buf_printf(b, ",\"StartLine\":%u}", f->start_line);
}

static void json_open(mt_buf *b, mt_llvm *l)
{
	if (l->o.json_array && !l->json_first)
		mt_buf_putc(b, ',');
	l->json_first = 0;
}

static void json_close(mt_buf *b, const mt_llvm *l)
{
	if (!l->o.json_array)
		mt_buf_putc(b, '\n');
}

/* The frames of addr: the inline chain, or (without inlines) the one
 * frame llvm-symbolizer's symbolizeCode gives, or with gnu_first frame 0
 * of the chain (GNU style and addr2line without inlines). */
static int code_frames(frame *out,
                       mt_llvm *l,
                       mt_module *m,
                       uint64_t addr,
                       int inlines,
                       int gnu_first)
{
	mt_srcloc loc[MAX_FRAMES];
	mt_frame_start st[MAX_FRAMES];
	int n = m ? mt_module_lookup(m, addr, loc, MAX_FRAMES) : 0;
	int ns = 0, i, k;
	int want_starts = l->o.verbose || l->o.style == MT_LLVM_STYLE_JSON;
	mt_symbol sym;
	int have_sym = 0;

	if (n > 0 && l->o.addr2line && !loc[0].file && !loc[0].line) {
		/* binutils names an address from the symbol table only
		 * inside code (a global in .bss is "??"). */
		mt_insn insn;

		if (mt_module_disasm(m, addr, &insn) == MT_ENOTFOUND)
			n = 0;
	}
	if (n <= 0) {
		memset(&out[0], 0, sizeof(out[0]));
		return 1;
	}
	if (want_starts) {
		ns = mt_module_frame_starts(st, MAX_FRAMES, m, addr);
		have_sym = !l->o.no_symbol_table &&
		           mt_module_symbol_at(&sym, m, addr) == 0;
	}
	for (i = 0; i < n; i++) {
		frame *f = &out[i];

		memset(f, 0, sizeof(*f));
		f->function = loc[i].function;
		f->file = shown_file(l, m, addr, loc[i].file);
		f->line = loc[i].line;
		f->column = loc[i].column;
		/* binutils keeps the innermost row's discriminator for
		 * every frame of the chain. */
		f->discr = l->o.addr2line ? loc[0].discriminator
		                          : loc[i].discriminator;
		if (i < ns) {
			f->start_file = shown_file_entry(l, m, addr, st[i].file,
			                                 st[i].entry);
			f->start_line = st[i].line;
			f->has_start = st[i].has_addr;
			f->start = st[i].addr;
		}
	}
	/* The symbol table names the outermost frame, and says where it
	 * starts. */
	if (have_sym && !l->o.addr2line) {
		out[n - 1].has_start = 1;
		out[n - 1].start = sym.start;
	}
	if (inlines)
		return n;
	if (gnu_first) {
		if (n == 1 && have_sym) {
			out[0].has_start = 1;
			out[0].start = sym.start;
		}
		return 1;
	}
	/* symbolizeCode: DWARF's innermost frame (getLineInfoForAddress
	 * names the first of the inline chain), then the symbol table's
	 * name and start when it is used: the name the outermost frame got
	 * from it. */
	k = n - 1;
	if (!l->o.no_symbol_table &&
	    (have_sym || mt_module_symbol_at(&sym, m, addr) == 0)) {
		out[0].function = out[k].function;
		out[0].has_start = 1;
		out[0].start = sym.start;
	}
	return 1;
}

static void answer_code(mt_buf *b,
                        mt_llvm *l,
                        const request *r,
                        mt_module *m,
                        uint64_t addr,
                        const char *error)
{
	frame fr[MAX_FRAMES];
	int n, i;

	n = code_frames(fr, l, m, addr - l->o.adjust_vma, l->o.inlines,
	                l->o.style == MT_LLVM_STYLE_GNU || l->o.addr2line);
	if (l->o.style == MT_LLVM_STYLE_JSON) {
		json_open(b, l);
		if (error) {
			json_request_address(b, r, addr);
			mt_buf_puts(b, "\"Error\":{\"Message\":");
			json_str(b, error);
			mt_buf_puts(b, "},");
			json_request_module(b, r);
			mt_buf_putc(b, '}');
			json_close(b, l);
			return;
		}
		mt_buf_puts(b, "{\"Address\":");
		json_hex(b, addr);
		mt_buf_puts(b, ",\"ModuleName\":");
		json_module(b, r);
		mt_buf_puts(b, ",\"Symbol\":[");
		for (i = 0; (m || !l->o.inlines) && i < n; i++) {
			if (i)
				mt_buf_putc(b, ',');
			json_frame(b, l, &fr[i]);
		}
		mt_buf_puts(b, "]}");
		json_close(b, l);
		return;
	}
	print_header(b, l, &addr);
	if (l->o.addr2line && l->o.pretty && l->o.functions &&
	    !fr[0].function && !fr[0].file) {
		/* binutils prints nothing known as "?? ??:0". */
		mt_buf_puts(b, "?? ??:0\n");
		return;
	}
	for (i = 0; i < n; i++)
		print_frame(b, l, &fr[i], i > 0);
	print_footer(b, l);
}

/* The answer to a request that could not be parsed: an unknown code
 * answer without an address. */
static void answer_invalid(mt_buf *b, mt_llvm *l, const char *module)
{
	frame f;

	memset(&f, 0, sizeof(f));
	if (l->o.style == MT_LLVM_STYLE_JSON) {
		json_open(b, l);
		mt_buf_puts(b, "{\"ModuleName\":");
		json_str(b, module);
		mt_buf_puts(b, ",\"Symbol\":[");
		json_frame(b, l, &f);
		mt_buf_puts(b, "]}");
		json_close(b, l);
		return;
	}
	if (l->o.addr2line && l->o.pretty && l->o.functions) {
		mt_buf_puts(b, "?? ??:0\n");
		return;
	}
	print_frame(b, l, &f, 0);
	print_footer(b, l);
}

/* The object every JSON answer starts with, as llvm-symbolizer's
 * toJSON(Request) (keys in llvm::json's sorted order, so "Address"
 * first and "ModuleName", "SymName" after the answer's own key): the
 * address of a numeric request, nothing for a symbol's. */
static void json_request_address(mt_buf *b, const request *r, uint64_t addr)
{
	mt_buf_putc(b, '{');
	if (r->has_addr) {
		mt_buf_puts(b, "\"Address\":");
		json_hex(b, addr);
		mt_buf_putc(b, ',');
	}
}

static void json_request_module(mt_buf *b, const request *r)
{
	mt_buf_puts(b, "\"ModuleName\":");
	json_module(b, r);
	if (!r->has_addr) {
		mt_buf_puts(b, ",\"SymName\":");
		json_str(b, r->symbol);
	}
}

/* At most this many symbols of one name are answered (llvm-symbolizer
 * answers every one; a real table has a handful of same-named locals). */
#define MAX_SYMBOL_MATCHES 64

/* A CODE request naming a symbol: llvm-symbolizer's findSymbol. Each
 * matching symbol's address (plus the offset when inside it) answered
 * as symbolizeCode answers it without inlines, whatever the style, and
 * kept only when a file is known (LLVMSymbolizer::findSymbolCommon);
 * no address line. None kept: one unknown frame. */
static void answer_symbol(mt_buf *b, mt_llvm *l, const request *r, mt_module *m)
{
	uint64_t addrs[MAX_SYMBOL_MATCHES];
	frame fr[MAX_SYMBOL_MATCHES], one[MAX_FRAMES];
	int n = m ? mt_module_find_symbol(addrs, MAX_SYMBOL_MATCHES, m,
	                                  r->symbol, r->sym_offset)
	          : 0;
	int i, kept = 0;

	if (n > MAX_SYMBOL_MATCHES)
		n = MAX_SYMBOL_MATCHES;
	for (i = 0; i < n; i++) {
		code_frames(one, l, m, addrs[i], 0, 0);
		if (one[0].file)
			fr[kept++] = one[0];
	}
	if (l->o.style == MT_LLVM_STYLE_JSON) {
		json_open(b, l);
		mt_buf_puts(b, "{\"Loc\":[");
		for (i = 0; i < kept; i++) {
			if (i)
				mt_buf_putc(b, ',');
			json_frame(b, l, &fr[i]);
		}
		mt_buf_puts(b, "],");
		json_request_module(b, r);
		mt_buf_putc(b, '}');
		json_close(b, l);
		return;
	}
	if (!kept) {
		memset(&fr[0], 0, sizeof(fr[0]));
		kept = 1;
	}
	for (i = 0; i < kept; i++)
		print_frame(b, l, &fr[i], 0);
	print_footer(b, l);
}

static void answer_data(
        mt_buf *b, mt_llvm *l, const request *r, mt_module *m, uint64_t addr)
{
	mt_symbol sym = { NULL, NULL, 0, 0 };
	const char *file = NULL;
	unsigned line = 0;
	uint64_t a = addr - l->o.adjust_vma;

	if (m && mt_module_symbol_at(&sym, m, a) == 0)
		file = sym.file;
	if (m && mt_module_data_decl(&file, &line, m, a) != 0)
		line = 0;
	if (m && sym.file && !line)
		file = sym.file;
	if (l->o.style == MT_LLVM_STYLE_JSON) {
		json_open(b, l);
		json_request_address(b, r, addr);
		mt_buf_puts(b, "\"Data\":{\"Name\":");
		json_str(b, sym.name);
		mt_buf_puts(b, ",\"Size\":");
		json_hex(b, sym.size);
		mt_buf_puts(b, ",\"Start\":");
		json_hex(b, sym.start);
		mt_buf_puts(b, "},");
		json_request_module(b, r);
		mt_buf_putc(b, '}');
		json_close(b, l);
		return;
	}
	print_header(b, l, &addr);
	mt_buf_printf(b, "%s\n%" PRIu64 " %" PRIu64 "\n",
	              sym.name && *sym.name ? sym.name : "??", sym.start,
	              sym.size);
	if (file && *file)
		mt_buf_printf(b, "%s:%u\n", file, line);
	else
		mt_buf_puts(b, "??:?\n");
	print_footer(b, l);
}

static void answer_frame(
        mt_buf *b, mt_llvm *l, const request *r, mt_module *m, uint64_t addr)
{
	mt_local *v = NULL;
	uint64_t a = addr - l->o.adjust_vma;
	int n = m ? mt_module_locals(&v, m, a) : 0, i;

	if (n < 0)
		n = 0;
	if (l->o.style == MT_LLVM_STYLE_JSON) {
		json_open(b, l);
		json_request_address(b, r, addr);
		mt_buf_puts(b, "\"Frame\":[");
		for (i = 0; i < n; i++) {
			const mt_local *x = &v[i];
			const char *df = x->decl_file;

			if (i)
				mt_buf_putc(b, ',');
			mt_buf_puts(b, "{\"DeclFile\":");
			json_str(b, df);
			mt_buf_printf(b, ",\"DeclLine\":%u", x->decl_line);
			if (x->has_frame_offset)
				mt_buf_printf(b, ",\"FrameOffset\":%" PRId64,
				              x->frame_offset);
			mt_buf_puts(b, ",\"FunctionName\":");
			json_str(b, x->function);
			mt_buf_puts(b, ",\"Name\":");
			json_str(b, x->name);
			mt_buf_puts(b, ",\"Size\":");
			if (x->has_size)
				json_hex(b, x->size);
			else
				mt_buf_puts(b, "\"\"");
			mt_buf_puts(b, ",\"TagOffset\":");
			if (x->has_tag_offset)
				json_hex(b, x->tag_offset);
			else
				mt_buf_puts(b, "\"\"");
			mt_buf_putc(b, '}');
		}
		mt_buf_puts(b, "],");
		json_request_module(b, r);
		mt_buf_putc(b, '}');
		json_close(b, l);
		free(v);
		return;
	}
	print_header(b, l, &addr);
	if (n == 0)
		mt_buf_puts(b, "??\n");
	for (i = 0; i < n; i++) {
		const mt_local *x = &v[i];
		const char *df = x->decl_file;

		/* DIPrinter: "??" for each empty string. */
		mt_buf_printf(b, "%s\n%s\n%s:%u\n",
		              x->function && *x->function ? x->function : "??",
		              x->name && *x->name ? x->name : "??",
		              df && *df ? df : "??", x->decl_line);
		if (x->has_frame_offset)
			mt_buf_printf(b, "%" PRId64, x->frame_offset);
		else
			mt_buf_puts(b, "??");
		if (x->has_size)
			mt_buf_printf(b, " %" PRIu64, x->size);
		else
			mt_buf_puts(b, " ??");
		if (x->has_tag_offset)
			mt_buf_printf(b, " %" PRIu64 "\n", x->tag_offset);
		else
			mt_buf_puts(b, " ??\n");
	}
	print_footer(b, l);
	free(v);
}

/* llvm::json's pretty output (two-space indent, "key": value, empty
 * containers as {} and []) of the compact text in s. */
static void json_pretty(mt_buf *out, const char *s, size_t n, int *depth)
{
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		char c = s[i];

		if (c == '"') {
			size_t j = i + 1;

			while (j < n && s[j] != '"')
				j += s[j] == '\\' ? 2 : 1;
			mt_buf_put(out, s + i, j + 1 - i);
			i = j;
		} else if ((c == '{' || c == '[') && i + 1 < n &&
		           s[i + 1] == (c == '{' ? '}' : ']')) {
			mt_buf_putc(out, c);
			mt_buf_putc(out, s[++i]);
		} else if (c == '{' || c == '[') {
			mt_buf_putc(out, c);
			mt_buf_putc(out, '\n');
			++*depth;
			for (k = 0; k < *depth; k++)
				mt_buf_puts(out, "  ");
		} else if (c == '}' || c == ']') {
			mt_buf_putc(out, '\n');
			--*depth;
			for (k = 0; k < *depth; k++)
				mt_buf_puts(out, "  ");
			mt_buf_putc(out, c);
		} else if (c == ',') {
			mt_buf_puts(out, ",\n");
			for (k = 0; k < *depth; k++)
				mt_buf_puts(out, "  ");
		} else if (c == ':') {
			mt_buf_puts(out, ": ");
		} else {
			mt_buf_putc(out, c);
		}
	}
}

static int answer(mt_buf *out, mt_buf *diag, mt_llvm *l, const char *line);

/* JSON text to out, re-indented with --pretty-print. */
static void json_emit(mt_buf *out, mt_llvm *l, const char *s, size_t n)
{
	if (l->o.pretty)
		json_pretty(out, s, n, &l->depth);
	else
		mt_buf_put(out, s, n);
}

int mt_llvm_request(mt_buf *out, mt_buf *diag, mt_llvm *l, const char *line)
{
	mt_buf tmp = MT_BUF_INIT;
	int rc;

	if (l->o.style != MT_LLVM_STYLE_JSON)
		return answer(out, diag, l, line);
	rc = answer(&tmp, diag, l, line);
	if (l->array_pending) {
		l->array_pending = 0;
		if (rc == 1) {
			/* An unreadable --obj: llvm-symbolizer prints its
			 * error object alone, not in an array. */
			l->array_dropped = 1;
			json_emit(out, l, tmp.ptr, tmp.len);
			mt_buf_putc(out, '\n');
			goto out;
		}
		json_emit(out, l, "[", 1);
	}
	json_emit(out, l, tmp.ptr, tmp.len);
out:
	mt_buf_release(&tmp);
	return rc;
}

static int answer(mt_buf *out, mt_buf *diag, mt_llvm *l, const char *line)
{
	request r;
	const char *why = NULL, *msg = NULL;
	mt_module *m = NULL;
	char subject[MAX_NAME];

	if (parse_request(&r, l, line, &why)) {
		/* An empty line is answered without a complaint. */
		if (*line)
			mt_buf_printf(diag, "%s: error: '%s': %s\n", l->o.tool,
			              line, why);
		answer_invalid(out, l, r.module);
		return 0;
	}
	m = open_module(l, &r, &msg);
	if (!m) {
		error_subject(subject, &r);
		if (l->o.addr2line) {
			/* binutils stops at an unreadable -e file. */
			mt_buf_printf(diag, "%s: '%s': No such file\n",
			              l->o.tool, subject);
			return 1;
		}
		/* An unreadable --obj ends the run with status 1; JSON says
		 * so in one object at address 0. */
		if (l->o.obj || l->o.build_id) {
			/* (at address 0 even for a symbol request) */
			r.has_addr = 1;
			if (l->o.style == MT_LLVM_STYLE_JSON)
				answer_code(out, l, &r, NULL, 0, msg);
			else
				mt_buf_printf(diag, "%s: error: '%s': %s\n",
				              l->o.tool, subject, msg);
			return 1;
		}
		if (!already_reported(l, subject)) {
			if (l->o.style == MT_LLVM_STYLE_JSON) {
				answer_code(out, l, &r, NULL,
				            r.has_addr ? r.addr : 0, msg);
				return 0;
			}
			mt_buf_printf(diag, "%s: error: '%s': %s\n", l->o.tool,
			              subject, msg);
		}
	}
	if (m && l->o.section && r.has_addr) {
		uint64_t base;

		if (mt_module_section_addr(&base, m, l->o.section) != 0) {
			mt_buf_printf(diag, "%s: %s: cannot find section %s\n",
			              l->o.tool, r.module, l->o.section);
			return 1;
		}
		r.addr += base;
	}
	if (!r.has_addr) {
		if (r.kind == REQ_CODE) {
			answer_symbol(out, l, &r, m);
			return 0;
		}
		/* llvm-symbolizer 19 looks up DATA and FRAME requests at
		 * the offset alone: "DATA m sym+0x4020" is address
		 * 0x4020, "DATA m sym" address 0. */
		r.addr = r.sym_offset;
	}
	switch (r.kind) {
	case REQ_DATA:
		answer_data(out, l, &r, m, r.addr);
		break;
	case REQ_FRAME:
		answer_frame(out, l, &r, m, r.addr);
		break;
	default:
		answer_code(out, l, &r, m, r.addr, NULL);
	}
	return 0;
}

void mt_llvm_json_begin(mt_buf *out, mt_llvm *l)
{
	(void)out; /* '[' comes with the first answer (see above) */
	l->array_pending = 1;
	l->array_dropped = 0;
	l->json_first = 1;
}

void mt_llvm_json_end(mt_buf *out, mt_llvm *l)
{
	if (l->array_dropped)
		return;
	if (l->array_pending) {
		l->array_pending = 0;
		json_emit(out, l, "[", 1);
	}
	json_emit(out, l, "]", 1);
	mt_buf_putc(out, '\n');
}

int mt_llvm_code(mt_llvm_frame *out,
                 size_t max,
                 mt_llvm *l,
                 mt_module *m,
                 uint64_t addr,
                 int inlines)
{
	frame fr[MAX_FRAMES];
	mt_llvm_style style = l->o.style;
	int n, i;

	l->o.style = MT_LLVM_STYLE_LLVM;
	n = code_frames(fr, l, m, addr, inlines, 0);
	l->o.style = style;
	for (i = 0; i < n && (size_t)i < max; i++) {
		/* --functions=none: DILineInfo keeps no name. */
		out[i].function = l->o.functions ? fr[i].function : NULL;
		out[i].file = fr[i].file;
		out[i].line = fr[i].line;
		out[i].column = fr[i].column;
	}
	return i;
}
