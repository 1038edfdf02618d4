/*
 * llvm_request.c - llvm-symbolizer 19's request language (and binutils
 * addr2line's addresses): one input line or command-line address into a
 * request, as llvm-symbolizer.cpp's parseCommand reads it.
 */
#include "maxtriage/common.h"
#include "symbols/llvm_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

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
		unsigned radix = 0;

		/* llvm-addr2line: hex, with or without "0x" (GNU's rule). */
		if (l->o.hex_offsets) {
			radix = 16;
			if (n >= 2 && spec[0] == '0' &&
			    (spec[1] == 'x' || spec[1] == 'X')) {
				spec += 2;
				n -= 2;
			}
		}
		if (sym_llvm_uint(&r->addr, spec, n, radix)) {
			*why = "expected a number as module offset";
			return -1;
		}
		r->has_addr = 1;
		return 0;
	}
	/* llvm-addr2line reads a word of hex digits as an address even
	 * when it starts with a letter ("f", "abc"). */
	if (l->o.hex_offsets && !sym_llvm_uint(&r->addr, spec, n, 16)) {
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
int sym_llvm_parse_request(request *r,
                           const mt_llvm *l,
                           const char *in,
                           const char **why)
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

/* The module name as llvm-symbolizer quotes it in an error: a build-id
 * in upper case. */
void sym_llvm_subject(char *dst, const request *r)
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
