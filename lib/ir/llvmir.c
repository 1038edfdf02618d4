/*
 * llvmir.c - LLVM IR read into the MLIR module model: each LLVM line is
 * rewritten into one line of printed MLIR that says the same to the
 * matcher (op name, operands, symbol, a hash of the rest, a location)
 * and the MLIR reader (parse.c) builds the module. The line numbers stay
 * those of the LLVM text, so an op's line is where it is in the stage.
 *
 *   define i32 @f(i32 %0) #0 !dbg !7 {      llvm.define @f(%0) {h = H} {
 *   entry:                                   ^entry:
 *     %2 = call i32 @sq(i32 %0), !dbg !9       %2 = llvm.call @sq %0 {h = H}
 * loc("a.c":3:10) br label %exit                           llvm.br {h = H} } }
 *
 * H hashes the instruction without its value names and metadata
 * attachments (types, flags, constants, callee), so a renumbered value
 * changes nothing. Debug locations come from the !DILocation the
 * instruction's !dbg names (its file from the scope chain), in a text
 * that holds its metadata. A function from a function-scope dump (marked
 * by the capture reader, llvmir_capture.c) has metadata numbers of its
 * own print, so its !dbg are not resolved. Ops of a vector type
 * (<4 x float>, <vscale x 4 x i32>) are remembered (mt_ir_module.vec).
 */
#include "input_int.h"
#include "llvmir_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

/* Metadata numbers kept, at most (a larger one is not resolved). */
#define MD_MAX ((uint32_t)1 << 22)

enum { MD_NONE, MD_LOC, MD_SCOPE, MD_FILE };

typedef struct md_node {
	uint8_t kind;
	uint32_t line, col;
	uint32_t scope, file; /* metadata numbers, or MT_IR_NONE */
	const char *name; /* DIFile filename (borrowed), nlen bytes */
	size_t nlen;
} md_node;

typedef struct md_tab {
	md_node *v;
	size_t n, cap;
} md_tab;

/* A vector-typed op: its line and its first vector type. */
typedef struct vec_line {
	uint32_t line;
	const char *ty;
	size_t tlen;
} vec_line;

typedef struct xl {
	mt_buf out;
	md_tab md;
	vec_line *vec;
	size_t nvec, cap_vec;
	int nometa; /* the function being read is from a function dump */
	int in_func;
	int cont; /* lines of a bracket an instruction left open */
} xl;

static int name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '$' || c == '.' ||
	       c == '_';
}

static const char *skip_sp(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

static int starts(const char *p, const char *e, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(e - p) >= n && !memcmp(p, s, n);
}

/* The number after "!" at p (past it in *q); MT_IR_NONE if none. */
static uint32_t md_ref(const char *p, const char *e, const char **q)
{
	uint32_t v;

	if (p >= e || *p != '!' || p + 1 >= e || !ir_is_digit(p[1])) {
		*q = p;
		return MT_IR_NONE;
	}
	p++;
	v = ir_uint_at(&p, e);
	*q = p;
	return v;
}

/* The value of field key ("line") of a specialized node's (...) text
 * [p, e): a pointer past "key: ", or NULL. */
static const char *md_field(const char *p, const char *e, const char *key)
{
	size_t n = strlen(key);
	const char *q;

	for (q = p; q + n + 2 <= e; q++)
		if ((q[-1] == '(' || q[-1] == ' ') && !memcmp(q, key, n) &&
		    q[n] == ':' && q[n + 1] == ' ')
			return q + n + 2;
	return NULL;
}

static uint32_t field_uint(const char *p, const char *e, const char *key)
{
	const char *v = md_field(p, e, key);

	return v ? ir_uint_at(&v, e) : 0;
}

static uint32_t field_ref(const char *p, const char *e, const char *key)
{
	const char *v = md_field(p, e, key), *q;

	return v ? md_ref(v, e, &q) : MT_IR_NONE;
}

/* "!N = [distinct] !DIxxx(...)": the nodes locations are made of. */
static void md_line(md_tab *t, const char *p, const char *e)
{
	const char *q;
	uint32_t n = md_ref(p, e, &q);
	md_node nd;
	const char *body;

	if (n == MT_IR_NONE || n >= MD_MAX)
		return;
	q = skip_sp(q, e);
	if (q >= e || *q != '=')
		return;
	q = skip_sp(q + 1, e);
	if (starts(q, e, "distinct "))
		q = skip_sp(q + 9, e);
	memset(&nd, 0, sizeof(nd));
	nd.scope = nd.file = MT_IR_NONE;
	body = memchr(q, '(', (size_t)(e - q));
	if (!body)
		return;
	body++;
	if (starts(q, e, "!DILocation(")) {
		nd.kind = MD_LOC;
		nd.line = field_uint(body, e, "line");
		nd.col = field_uint(body, e, "column");
		nd.scope = field_ref(body, e, "scope");
	} else if (starts(q, e, "!DIFile(")) {
		const char *v = md_field(body, e, "filename");

		nd.kind = MD_FILE;
		if (v && v < e && *v == '"') {
			const char *s = ++v;

			while (v < e && *v != '"') {
				if (*v == '\\' && v + 1 < e)
					v++;
				v++;
			}
			nd.name = s;
			nd.nlen = (size_t)(v - s);
		}
	} else if (starts(q, e, "!DISubprogram(") ||
	           starts(q, e, "!DILexicalBlock") ||
	           starts(q, e, "!DINamespace(")) {
		nd.kind = MD_SCOPE;
		nd.file = field_ref(body, e, "file");
		nd.scope = field_ref(body, e, "scope");
	} else {
		return;
	}
	if (n >= t->cap) {
		size_t old = t->cap;

		mt_grow((void **)&t->v, &t->cap, (size_t)n + 1, sizeof(*t->v));
		memset(t->v + old, 0, (t->cap - old) * sizeof(*t->v));
	}
	t->v[n] = nd;
	if (n >= t->n)
		t->n = (size_t)n + 1;
}

static const md_node *md_get(const md_tab *t, uint32_t n)
{
	return n < t->n && t->v[n].kind ? &t->v[n] : NULL;
}

/* The file of scope s: its file, or its parent's (16 deep at most). */
static const md_node *md_file(const md_tab *t, uint32_t s)
{
	int depth;

	for (depth = 0; depth < 16; depth++) {
		const md_node *sc = md_get(t, s), *f;

		if (!sc || sc->kind != MD_SCOPE)
			return NULL;
		f = md_get(t, sc->file);
		if (f && f->kind == MD_FILE && f->nlen)
			return f;
		s = sc->scope;
	}
	return NULL;
}

/* Append loc("file":line:col) for metadata node n, if it is one. */
static void put_loc(xl *X, uint32_t n)
{
	const md_node *l = md_get(&X->md, n), *f;
	size_t i;

	if (!l || l->kind != MD_LOC || !l->line)
		return;
	f = md_file(&X->md, l->scope);
	if (!f)
		return;
	mt_buf_puts(&X->out, " loc(\"");
	for (i = 0; i < f->nlen; i++)
		if (f->name[i] != '\n' && f->name[i] != '"')
			mt_buf_putc(&X->out, f->name[i]);
	mt_buf_printf(&X->out, "\":%u:%u)", l->line, l->col);
}

/* A name after '%' or '@' at p: *n bytes (quoted: with its quotes). */
static const char *read_name(const char *p, const char *e, size_t *n)
{
	const char *q = p;

	if (q < e && *q == '"') {
		for (q++; q < e && *q != '"' && *q != '\n'; q++)
			;
		if (q < e && *q == '"')
			q++;
	} else {
		while (q < e && name_char(*q))
			q++;
	}
	*n = (size_t)(q - p);
	return q;
}

/* Write value name [s, s + n) as an MLIR SSA name ("%x"): quoted LLVM
 * names become %q<hash>. */
static void put_value(mt_buf *b, const char *s, size_t n)
{
	size_t i;
	int plain = n > 0;

	for (i = 0; i < n; i++)
		if (!name_char(s[i]))
			plain = 0;
	if (plain)
		mt_buf_printf(b, "%%%.*s", (int)n, s);
	else
		mt_buf_printf(
		        b, "%%q%llx",
		        (unsigned long long)mt_hash_bytes(MT_HASH_SEED, s, n));
}

/* Write symbol [s, s + n) as an MLIR symbol: plain, or quoted without
 * what would end the string. */
static void put_symbol(mt_buf *b, const char *s, size_t n)
{
	size_t i;

	if (n && s[0] == '"') {
		mt_buf_puts(b, "@\"");
		for (i = 1; i < n; i++)
			if (s[i] != '"' && s[i] != '\\' && s[i] != '\n')
				mt_buf_putc(b, s[i]);
		mt_buf_putc(b, '"');
		return;
	}
	mt_buf_printf(b, "@%.*s", (int)n, s);
}

/* Where the instruction's metadata attachments begin (", !dbg !7"), or
 * e: the rest of a line is hashed and scanned up to it. */
static const char *attach_start(const char *p, const char *e)
{
	const char *q;
	int depth = 0, str = 0;

	for (q = p; q < e; q++) {
		if (str) {
			if (*q == '"')
				str = 0;
			continue;
		}
		if (*q == '"')
			str = 1;
		else if (*q == '(' || *q == '[' || *q == '<' || *q == '{')
			depth++;
		else if ((*q == ')' || *q == ']' || *q == '>' || *q == '}') &&
		         depth)
			depth--;
		else if (*q == ',' && !depth) {
			const char *r = skip_sp(q + 1, e);

			if (r < e && *r == '!' && r + 1 < e &&
			    (ir_is_id_start(r[1]) || r[1] == '.'))
				return q;
		}
	}
	return e;
}

/* The !dbg attachment of [p, e) (from attach_start), or MT_IR_NONE. */
static uint32_t dbg_of(const char *p, const char *e)
{
	const char *q;

	for (q = p; q + 6 <= e; q++)
		if (!memcmp(q, "!dbg !", 6))
			return md_ref(q + 5, e, &q);
	return MT_IR_NONE;
}

/* The first vector type in [p, e): "<4 x float>", "<vscale x 2 x i64>". */
static const char *vector_type(const char *p, const char *e, size_t *n)
{
	const char *q;

	for (q = p; q + 4 < e; q++) {
		const char *r = q + 1, *t;

		if (*q != '<')
			continue;
		if (starts(r, e, "vscale x "))
			r += 9;
		t = r;
		while (r < e && ir_is_digit(*r))
			r++;
		if (r == t || !starts(r, e, " x "))
			continue;
		t = memchr(r, '>', (size_t)(e - r));
		if (!t)
			continue;
		*n = (size_t)(t + 1 - q);
		return q;
	}
	return NULL;
}

/* Operands, first symbol and hash of the instruction text [p, e) (the
 * part after its opcode): %names are operands, except block names
 * ("label %x", a phi's incoming blocks). */
static void scan_operands(const char *p,
                          const char *e,
                          int phi,
                          mt_buf *ops,
                          const char **sym,
                          size_t *nsym,
                          uint64_t *h)
{
	const char *q = p, *word = NULL;
	size_t wlen = 0;
	int depth = 0, nops = 0, str = 0, after_comma = 0;

	*sym = NULL;
	*nsym = 0;
	while (q < e) {
		char c = *q;
		size_t n;

		if (str) {
			*h = IR_HB(*h, c);
			str = c != '"';
			q++;
			continue;
		}
		if (c == '"') {
			str = 1;
			*h = IR_HB(*h, c);
			q++;
			continue;
		}
		if (c == '%') {
			const char *s = q + 1;
			int label = (wlen == 5 && !memcmp(word, "label", 5)) ||
			            (phi && depth == 1 && after_comma);

			q = read_name(s, e, &n);
			*h = IR_HB(*h, label ? '^' : '%');
			if (!label && n) {
				mt_buf_puts(ops, nops++ ? ", " : " ");
				put_value(ops, s, n);
			}
			word = NULL;
			wlen = 0;
			continue;
		}
		if (c == '@') {
			const char *s = q + 1;

			q = read_name(s, e, &n);
			if (!*sym && n) {
				*sym = s;
				*nsym = n;
			}
			*h = ir_hash_bytes(IR_HB(*h, '@'), s, n);
			word = NULL;
			wlen = 0;
			continue;
		}
		if (c == '[' || c == '(' || c == '<' || c == '{') {
			depth++;
			after_comma = 0;
		} else if ((c == ']' || c == ')' || c == '>' || c == '}') &&
		           depth) {
			depth--;
		} else if (c == ',') {
			after_comma = 1;
		}
		if (ir_is_id_start(c)) {
			word = q;
			while (q < e && name_char(*q))
				q++;
			wlen = (size_t)(q - word);
			*h = ir_hash_bytes(*h, word, wlen);
			continue;
		}
		if (c != ' ' && c != '\t')
			*h = IR_HB(*h, c);
		q++;
	}
}

/* Net bracket depth of [p, e) outside strings. */
static int bracket_delta(const char *p, const char *e)
{
	int d = 0, str = 0;

	for (; p < e; p++) {
		if (str)
			str = *p != '"';
		else if (*p == '"')
			str = 1;
		else if (*p == '[' || *p == '(')
			d++;
		else if (*p == ']' || *p == ')')
			d--;
	}
	return d;
}

/* One instruction line [p, e) (indentation skipped). */
static void instruction(xl *X, const char *p, const char *e, uint32_t line)
{
	const char *res = NULL, *q = p, *op, *ae, *sym;
	size_t nres = 0, nop, nsym, vlen;
	uint64_t h = MT_HASH_SEED;
	mt_buf ops = MT_BUF_INIT;
	const char *vt;
	uint32_t dbg;

	if (*q == '%') {
		q = read_name(q + 1, e, &nres);
		res = p + 1;
		q = skip_sp(q, e);
		if (q >= e || *q != '=') {
			mt_buf_putc(&X->out, '\n');
			return;
		}
		q = skip_sp(q + 1, e);
	}
	/* "tail call", "musttail call", "notail call" are calls */
	if (starts(q, e, "tail ") || starts(q, e, "musttail ") ||
	    starts(q, e, "notail "))
		q = skip_sp(memchr(q, ' ', (size_t)(e - q)), e);
	op = q;
	while (q < e && ((*q >= 'a' && *q <= 'z') || *q == '_' ||
	                 (*q >= '0' && *q <= '9')))
		q++;
	nop = (size_t)(q - op);
	if (!nop || nop > 40) {
		mt_buf_putc(&X->out, '\n');
		return;
	}
	ae = attach_start(q, e);
	X->cont = bracket_delta(q, ae);
	if (X->cont < 0)
		X->cont = 0;
	h = ir_hash_bytes(h, op, nop);
	scan_operands(q, ae, nop == 3 && !memcmp(op, "phi", 3), &ops, &sym,
	              &nsym, &h);
	vt = vector_type(q, ae, &vlen);
	if (vt) {
		vec_line v = { line, vt, vlen };

		MT_PUSH(X->vec, X->nvec, X->cap_vec, v);
	}
	mt_buf_puts(&X->out, "  ");
	if (res) {
		put_value(&X->out, res, nres);
		mt_buf_puts(&X->out, " = ");
	}
	mt_buf_printf(&X->out, "llvm.%.*s", (int)nop, op);
	if (sym) {
		mt_buf_putc(&X->out, ' ');
		put_symbol(&X->out, sym, nsym);
	}
	mt_buf_put(&X->out, ops.ptr ? ops.ptr : "", ops.len);
	mt_buf_printf(&X->out, " {h = %llu}",
	              (unsigned long long)(mt_hash_finish(h) >> 1));
	dbg = X->nometa ? MT_IR_NONE : dbg_of(ae, e);
	if (dbg != MT_IR_NONE)
		put_loc(X, dbg);
	mt_buf_putc(&X->out, '\n');
	mt_buf_release(&ops);
}

/* "define ... @f(args) ... {" or "declare ... @g(...)". */
static void function(xl *X, const char *p, const char *e, int define)
{
	const char *at = NULL, *q, *s, *args;
	uint64_t h = MT_HASH_SEED;
	size_t n = 0;
	int depth = 0, str = 0;

	for (q = p; q < e && !at; q++) {
		if (str)
			str = *q != '"';
		else if (*q == '"')
			str = 1;
		else if (*q == '@')
			at = q;
	}
	if (!at) {
		mt_buf_putc(&X->out, '\n');
		return;
	}
	s = at + 1;
	args = read_name(s, e, &n);
	if (!n) {
		mt_buf_putc(&X->out, '\n');
		return;
	}
	mt_buf_puts(&X->out, define ? "llvm.define " : "llvm.declare ");
	put_symbol(&X->out, s, n);
	if (define && args < e && *args == '(') {
		int nargs = 0;

		mt_buf_putc(&X->out, '(');
		for (q = args; q < e; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')' && !--depth)
				break;
			if (*q == '%') {
				const char *v = q + 1;
				size_t vn;

				q = read_name(v, e, &vn) - 1;
				if (vn) {
					if (nargs++)
						mt_buf_puts(&X->out, ", ");
					put_value(&X->out, v, vn);
				}
			}
		}
		mt_buf_putc(&X->out, ')');
	}
	/* the signature: types, linkage, attributes; not value names,
	 * attribute group numbers or metadata */
	for (q = p; q < e; q++) {
		if (*q == '%' || *q == '#' || *q == '!') {
			size_t k;

			q = read_name(q + 1, e, &k) - 1;
			continue;
		}
		if (*q != ' ' && *q != '{')
			h = IR_HB(h, *q);
	}
	mt_buf_printf(&X->out, " attributes {h = %llu}",
	              (unsigned long long)(mt_hash_finish(h) >> 1));
	if (define && e > p && memchr(p, '{', (size_t)(e - p)) &&
	    e[-1] == '{') {
		mt_buf_puts(&X->out, " {");
		X->in_func = 1;
	}
	mt_buf_putc(&X->out, '\n');
}

/* "@g = [linkage] global i32 0": a symbol with a hash of its value. */
static void global(xl *X, const char *p, const char *e)
{
	const char *q;
	size_t n;
	uint64_t h = MT_HASH_SEED;

	q = read_name(p + 1, e, &n);
	if (!n) {
		mt_buf_putc(&X->out, '\n');
		return;
	}
	h = ir_hash_bytes(h, q, (size_t)(attach_start(q, e) - q));
	mt_buf_puts(&X->out, "llvm.global ");
	put_symbol(&X->out, p + 1, n);
	mt_buf_printf(&X->out, " attributes {h = %llu}\n",
	              (unsigned long long)(mt_hash_finish(h) >> 1));
}

/* A block label "name:" (or "\"name\":") at p; NULL if the line is not. */
static const char *label(const char *p, const char *e, size_t *n)
{
	const char *q = read_name(p, e, n);

	if (!*n || q >= e || *q != ':')
		return NULL;
	return p;
}

static void one_line(xl *X, const char *p, const char *e, uint32_t line)
{
	const char *q = skip_sp(p, e), *l;
	size_t n;

	if (e > q && e[-1] == '\n')
		e--;
	if (e > q && e[-1] == '\r')
		e--;
	if (X->cont) {
		X->cont += bracket_delta(q, e);
		if (X->cont < 0)
			X->cont = 0;
		mt_buf_putc(&X->out, '\n');
		return;
	}
	if (q == e || *q == ';') {
		if (starts(q, e, IR_LLVM_FNDUMP))
			X->nometa = 1;
		mt_buf_putc(&X->out, '\n');
		return;
	}
	if (q == p && starts(q, e, "define ")) {
		function(X, q, e, 1);
		return;
	}
	if (q == p && starts(q, e, "declare ")) {
		X->nometa = 0;
		function(X, q, e, 0);
		return;
	}
	if (q == p && *q == '}' && X->in_func) {
		X->in_func = 0;
		X->nometa = 0;
		mt_buf_puts(&X->out, "}\n");
		return;
	}
	if (q == p && *q == '@' && !X->in_func) {
		global(X, q, e);
		return;
	}
	if (!X->in_func) {
		mt_buf_putc(&X->out, '\n');
		return;
	}
	if (q == p && (l = label(q, e, &n))) {
		mt_buf_puts(&X->out, "^");
		if (*l == '"')
			mt_buf_printf(&X->out, "q%llx",
			              (unsigned long long)mt_hash_bytes(
			                      MT_HASH_SEED, l, n));
		else
			mt_buf_put(&X->out, l, n);
		mt_buf_puts(&X->out, ":\n");
		return;
	}
	if (*q == '#') { /* #dbg_value records */
		mt_buf_putc(&X->out, '\n');
		return;
	}
	instruction(X, q, e, line);
}

static int vec_cmp(const void *x, const void *y)
{
	uint32_t a = ((const vec_line *)x)->line,
	         b = ((const vec_line *)y)->line;

	return a < b ? -1 : a > b;
}

/* Rewrite the LLVM text into X->out, line for line. */
static void translate(xl *X, const char *data, size_t len)
{
	const char *p, *end = data + len;
	uint32_t line = 1;

	for (p = data; p < end;) {
		const char *e = ir_line_end(p, end);

		if (*p == '!')
			md_line(&X->md, p, e);
		p = e;
	}
	for (p = data; p < end; line++) {
		const char *e = ir_line_end(p, end);

		one_line(X, p, e, line);
		p = e;
	}
	free(X->md.v);
	X->md.v = NULL;
}

int ir_llvm_parse(mt_ir_module **out,
                  const char *data,
                  size_t len,
                  mt_ir_module *spare,
                  mt_error *err)
{
	xl X;
	size_t i, k = 0;
	int rc;

	memset(&X, 0, sizeof(X));
	translate(&X, data, len);
	rc = ir_parse_progress(out, X.out.ptr ? X.out.ptr : "", X.out.len, 0,
	                       NULL, NULL, spare, err);
	mt_buf_release(&X.out);
	if (rc) {
		free(X.vec);
		return rc;
	}
	(*out)->llvm = 1;
	if (X.nvec) {
		mt_ir_module *m = *out;

		qsort(X.vec, X.nvec, sizeof(*X.vec), vec_cmp);
		m->vec = mt_calloc(m->nops ? m->nops : 1, sizeof(*m->vec));
		for (i = 0; i < m->nops; i++) {
			while (k < X.nvec && X.vec[k].line < m->ops[i].line)
				k++;
			if (k < X.nvec && X.vec[k].line == m->ops[i].line)
				m->vec[i] = ir_intern(&m->strs, X.vec[k].ty,
				                      X.vec[k].tlen);
		}
	}
	free(X.vec);
	return 0;
}

int ir_llvm_line(const char *p, const char *e)
{
	static const char *const marks[] = {
		"; *** IR ",         "*** IR ",       "# *** IR ",
		"; ModuleID",        "define ",       "declare ",
		"target datalayout", "target triple", "source_filename"
	};
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(marks); i++)
		if (starts(p, e, marks[i]))
			return 1;
	return 0;
}
