/*
 * mlirtext.c - printed MLIR read line by line, without parsing: which
 * line starts an op and what its key is ("func.func @main"), where an op
 * ends (by indentation), and the op the tree printer names by a scope
 * path ("gpu_module_k/gpu_func_f"). The after-all reader (capture.c,
 * compose.c) and the tree cutter (cut.c) find ops this way.
 */
#include "input_int.h"

#include <string.h>

#include "maxtriage/buf.h"

/* ---- lines of printed MLIR ---- */

/* Whether line [p, e) starts an op; *out gets its key: the op name and
 * its symbol ("func.func @main", "gpu.module @k", "builtin.module").
 * Alias definitions, comments, block labels and closing braces start
 * none. */
int ir_line_key(const char *p, const char *e, mt_buf *out)
{
	const char *q = p, *s;

	mt_buf_clear(out);
	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	if (q == e || *q == '\n' || *q == '\r' || *q == '#' || *q == '!' ||
	    *q == '}' || *q == '^' || *q == '{' || *q == ')' ||
	    (*q == '/' && q + 1 < e && q[1] == '/'))
		return 0;
	if (*q == '%') {
		/* results: take the op name after '=' */
		const char *eq = memchr(q, '=', (size_t)(e - q));

		q = eq ? eq + 1 : e;
		while (q < e && *q == ' ')
			q++;
	}
	if (q < e && *q == '"')
		q++;
	s = q;
	while (q < e && *q != ' ' && *q != '(' && *q != '{' && *q != '"' &&
	       *q != '\n' && *q != '<')
		q++;
	if (q == s)
		return 0;
	if ((size_t)(q - s) == 6 && !memcmp(s, "module", 6))
		mt_buf_puts(out, "builtin.module");
	else
		mt_buf_put(out, s, (size_t)(q - s));
	/* visibility keywords may come before the @symbol */
	while (q < e && *q != '@' && *q != '(' && *q != '{' && *q != '\n')
		q++;
	if (q < e && *q == '@') {
		s = q;
		while (q < e && *q != '(' && *q != ' ' && *q != '<' &&
		       *q != '\n' && *q != '{')
			q++;
		mt_buf_putc(out, ' ');
		mt_buf_put(out, s, (size_t)(q - s));
	}
	return 1;
}

/* The op whose first line starts at p, at indentation k, ends before the
 * first later line that is less indented, or as indented and not a '}'
 * or a block label (the printer puts `} else {`, `^bb1:` and the closing
 * brace at the op's own indentation). Blank lines do not end it. */
const char *ir_op_end(const char *p, const char *end, size_t k)
{
	const char *q = ir_line_end(p, end);

	while (q < end) {
		const char *e = ir_line_end(q, end);
		size_t in = ir_line_indent(q, e);

		if (q + in < e && q[in] != '\n' && q[in] != '\r' &&
		    (in < k || (in == k && q[in] != '}' && q[in] != '^')))
			break;
		q = e;
	}
	return q;
}

/* First op line of a dump body and its key; NULL if none. */
const char *
ir_first_op(const char *p, const char *end, mt_buf *key, size_t *indent)
{
	while (p < end) {
		const char *e = ir_line_end(p, end);

		if (ir_line_key(p, e, key)) {
			*indent = ir_line_indent(p, e);
			return p;
		}
		p = e;
	}
	return NULL;
}

/* Whether op key ("func.func @main") is what the tree printer names
 * scope ("func_func_main"; no symbol: "..._no-symbol-name"). */
void ir_scope_name(mt_buf *name, const mt_buf *key)
{
	const char *k;

	mt_buf_clear(name);
	for (k = key->ptr; *k; k++) {
		if (*k == ' ' && k[1] == '@')
			k++;
		mt_buf_putc(name,
		            *k == '.' || *k == ' ' || *k == '@' ? '_' : *k);
	}
	if (!strchr(key->ptr, '@'))
		mt_buf_puts(name, "_no-symbol-name");
}

static int key_is_scope(const mt_buf *key, const char *scope)
{
	mt_buf name = MT_BUF_INIT;
	int same;

	ir_scope_name(&name, key);
	same = !strcmp(name.ptr, scope);
	mt_buf_release(&name);
	return same;
}

/* The op of [lo, hi) that the tree printer names scope: among the ops
 * directly inside the first op of the range (one level deeper), else
 * the first op so named anywhere in it. *op_e gets its end. */
static const char *find_scope(const char *lo,
                              const char *hi,
                              const char *scope,
                              mt_buf *key,
                              const char **op_e)
{
	size_t top = 0;
	const char *root = ir_first_op(lo, hi, key, &top), *p;

	for (p = root ? ir_line_end(root, hi) : hi; p < hi;) {
		const char *e = ir_line_end(p, hi);
		size_t in = ir_line_indent(p, e);

		if (in == top + 2 && ir_line_key(p, e, key) &&
		    key_is_scope(key, scope)) {
			*op_e = ir_op_end(p, hi, in);
			return p;
		}
		/* deeper lines belong to a child already passed */
		p = in == top + 2 && p[in] != '}' ? ir_op_end(p, hi, in) : e;
	}
	for (p = lo; p < hi;) {
		const char *e = ir_line_end(p, hi);

		if (ir_line_key(p, e, key) && key_is_scope(key, scope)) {
			*op_e = ir_op_end(p, hi, ir_line_indent(p, e));
			return p;
		}
		p = e;
	}
	return NULL;
}

/* The op of the path of scopes c ("gpu_module_k/gpu_func_f") in
 * [lo, *op_e): each one's op is looked for inside the one before. NULL
 * if one is not found; else *op_e is the op's end. */
const char *ir_find_path(const char *lo, const char **op_e, const char *c)
{
	const char *op = NULL;
	mt_buf key = MT_BUF_INIT, name = MT_BUF_INIT;

	while (*c) {
		const char *sl = strchr(c, '/');
		size_t n = sl ? (size_t)(sl - c) : strlen(c);

		mt_buf_clear(&name);
		mt_buf_put(&name, c, n);
		op = find_scope(lo, *op_e, name.ptr, &key, op_e);
		if (!op)
			break;
		lo = op;
		c += n + (sl != NULL);
	}
	mt_buf_release(&key);
	mt_buf_release(&name);
	return op;
}

/* Past the string that starts at p ('"'): its closing quote, or the
 * newline where it stops unterminated. */
const char *ir_past_string(const char *p, const char *e)
{
	for (p++; p < e && *p != '"' && *p != '\n'; p++)
		if (*p == '\\' && p + 1 < e)
			p++;
	return p < e ? p + 1 : p;
}
