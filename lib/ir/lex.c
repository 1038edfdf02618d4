/*
 * lex.c - the lexer of the tolerant MLIR reader: whitespace and comments,
 * strings, balanced bracket groups, identifiers and numbers, and the one
 * problem note a stage keeps. Everything here moves ir_parser.p forward
 * and counts lines; nothing is kept of the text.
 */
#include "ir_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "maxtriage/hash.h"

/* The classes of ir_int.h, by byte. */
#define S_ (IR_CC_ID_START | IR_CC_ID | IR_CC_SUFFIX)
#define D_ (IR_CC_DIGIT | IR_CC_ID | IR_CC_SUFFIX | IR_CC_PLAIN)
#define I_ (IR_CC_ID | IR_CC_SUFFIX | IR_CC_PLAIN) /* '$' '.' */
#define P_ IR_CC_PLAIN
#define R8(x) x, x, x, x, x, x, x, x
#define R16(x) R8(x), R8(x)
/* clang-format off */
const uint8_t ir_cclass[256] = {
	/* 0x00-0x1f: '\t' '\n' '\r' are special */
	P_, P_, P_, P_, P_, P_, P_, P_, P_, 0, 0, P_, P_, 0, P_, P_,
	R16(P_),
	/* 0x20: ' ' ! " # $ % & ' ( ) * + , - . / */
	0, 0, 0, 0, I_, 0, P_, P_, 0, 0, P_, P_, P_, IR_CC_SUFFIX, I_, 0,
	/* 0x30: 0-9 : ; < = > ? */
	D_, D_, D_, D_, D_, D_, D_, D_, D_, D_, P_, P_, 0, P_, 0, P_,
	/* 0x40: @ A-O */
	0, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_,
	/* 0x50: P-Z [ \ ] ^ _ */
	S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, 0, P_, 0, P_, S_,
	/* 0x60: ` a-o */
	P_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_,
	/* 0x70: p-z { | } ~ DEL */
	S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, S_, 0, P_, 0, P_, P_,
	R16(P_), R16(P_), R16(P_), R16(P_), R16(P_), R16(P_), R16(P_), R16(P_)
};
/* clang-format on */
#undef S_
#undef D_
#undef I_
#undef P_
#undef R8
#undef R16

void ir_problem(ir_parser *P, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!P->m->nproblems++) {
		n = snprintf(P->m->problem, sizeof(P->m->problem),
		             "line %u: ", P->line);
		if (n < 0 || (size_t)n >= sizeof(P->m->problem))
			return;
		va_start(ap, fmt);
		vsnprintf(P->m->problem + n, sizeof(P->m->problem) - (size_t)n,
		          fmt, ap);
		va_end(ap);
	}
}

void ir_skip_line(ir_parser *P)
{
	const char *nl = memchr(P->p, '\n', (size_t)(P->end - P->p));

	P->p = nl ? nl : P->end;
}

/* p at '"': skip the string, hashing its raw bytes into *h (if h). A raw
 * newline cannot occur in an MLIR string; stop there so one bad quote
 * costs one line, not the rest of the file. */
void ir_skip_string(ir_parser *P, uint64_t *h, const char **s, size_t *n)
{
	const char *q = P->p + 1;
	uint64_t x = h ? *h : 0;

	while (q < P->end && *q != '"' && *q != '\n') {
		if (*q == '\\' && q + 1 < P->end && q[1] != '\n') {
			if (h)
				x = IR_HB(x, *q);
			q++;
		}
		if (h)
			x = IR_HB(x, *q);
		q++;
	}
	if (s) {
		*s = P->p + 1;
		*n = (size_t)(q - P->p - 1);
	}
	if (q < P->end && *q == '"')
		q++;
	else
		ir_problem(P, "unterminated string");
	P->p = q;
	if (h)
		*h = IR_HB(x, '"');
}

/* Skip a balanced bracket group starting at P->p (any of ([{<), strings
 * respected. Used only for recovery and for parts that carry nothing. */
void ir_skip_balanced(ir_parser *P)
{
	char stack[256];
	int n = 0;
	char prev = 0;

	while (P->p < P->end) {
		char c = *P->p;

		if (c == '"') {
			ir_skip_string(P, NULL, NULL, NULL);
			prev = '"';
			continue;
		}
		if (c == '\n')
			P->line++;
		P->p++;
		if (c == '(' || c == '[' || c == '{' || c == '<') {
			if (n == (int)sizeof(stack))
				return;
			stack[n++] = c;
		} else if (c == '>') {
			if (prev != '-' && n && stack[n - 1] == '<' && !--n)
				return;
		} else if (c == ')' || c == ']' || c == '}') {
			while (n && stack[n - 1] == '<')
				n--;
			if (n)
				n--;
			if (!n)
				return;
		}
		prev = c;
	}
}

uint64_t ir_name_hash(const char *s, size_t n)
{
	return mt_hash_finish(mt_hash_bytes(MT_HASH_SEED, s, n));
}
