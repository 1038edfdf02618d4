/*
 * llvm_answer.c - llvm-symbolizer 19's answers (DIPrinter.cpp's LLVM, GNU
 * and JSON printers, and binutils addr2line's) of CODE, DATA, FRAME and
 * symbol requests, written into a buffer.
 */
#include "maxtriage/common.h"
#include "symbols/llvm_int.h"
#include "maxtriage/utf8.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void json_str(mt_buf *b, const char *s);
static void json_request_address(mt_buf *b, const request *r, uint64_t addr);
static void json_request_module(mt_buf *b, const request *r);

/* The module as answers name it: the name given, or the build-id in
 * upper case. */
static void json_module(mt_buf *b, const request *r)
{
	char name[MAX_NAME];

	sym_llvm_subject(name, r);
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

/* SourceCode: Lines lines around line of file (or of its embedded text),
 * "N >: text" on it. */
static void source_context(mt_buf *b,
                           const char *file,
                           const char *embedded,
                           unsigned line,
                           long lines,
                           int json)
{
	FILE *f;
	char *text = NULL;
	size_t cap = 0;
	long first, last, k = 0, p = 1;
	int width = 0;
	mt_buf src = MT_BUF_INIT;

	if (lines <= 0 || !file || !line)
		return;
	f = embedded ? fmemopen((void *)embedded, strlen(embedded), "r")
	             : fopen(file, "r");
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
	source_context(b, f->file, f->source, f->line, l->o.context_lines, 0);
}

static void json_frame(mt_buf *b, const mt_llvm *l, const frame *f)
{
	mt_buf_printf(b, "{\"Column\":%u,\"Discriminator\":%u,\"FileName\":",
	              f->column, f->discr);
	json_str(b, f->file);
	mt_buf_puts(b, ",\"FunctionName\":");
	json_str(b, l->o.functions ? f->function : NULL);
	mt_buf_printf(b, ",\"Line\":%u", f->line);
	source_context(b, f->file, f->source, f->line, l->o.context_lines, 1);
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

void sym_llvm_answer_code(mt_buf *b,
                          mt_llvm *l,
                          const request *r,
                          mt_module *m,
                          uint64_t addr,
                          const char *error)
{
	frame fr[MAX_FRAMES];
	int n, i;

	n = sym_llvm_code_frames(fr, l, m, addr - l->o.adjust_vma, l->o.inlines,
	                         l->o.style == MT_LLVM_STYLE_GNU ||
	                                 l->o.addr2line);
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
void sym_llvm_answer_invalid(mt_buf *b, mt_llvm *l, const char *module)
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
void sym_llvm_answer_symbol(mt_buf *b,
                            mt_llvm *l,
                            const request *r,
                            mt_module *m)
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
		sym_llvm_code_frames(one, l, m, addrs[i], 0, 0);
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

void sym_llvm_answer_data(
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

void sym_llvm_answer_frame(
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

/* JSON text to out, re-indented with --pretty-print. */
void sym_llvm_json_emit(mt_buf *out, mt_llvm *l, const char *s, size_t n)
{
	if (l->o.pretty)
		json_pretty(out, s, n, &l->depth);
	else
		mt_buf_put(out, s, n);
}
