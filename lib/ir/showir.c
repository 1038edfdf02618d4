/*
 * showir.c - a unified diff of two stages' text with SSA names and block
 * labels renumbered in order of first appearance, so that a printer's
 * renaming (%0 vs %1, %arg3 vs %arg9) does not show as a change.
 *
 * The two normalised texts are compared by libgit2's buffer diff
 * (patience: two one-line edits far apart in a 67k-line stage are two
 * hunks, as diff -u shows them). Without libgit2, common leading and
 * trailing lines are trimmed and the middle aligned by a
 * longest-common-subsequence table of one byte per cell, capped
 * (SHOW_MAX_CELLS) so that huge stages degrade to one hunk instead of
 * exhausting memory; that path streams each text twice and keeps only a
 * hash per line.
 */
#include "input_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"
#include "maxtriage/irdiff.h"
#include "maxtriage/textdiff.h"

#define SHOW_MAX_CELLS (64u * 1024 * 1024)
#define CONTEXT 3

static int sfx(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' ||
	       c == '-';
}

/*
 * One stage's lines, normalised as they stream in (ir_stage_text_stream):
 * only a hash per line is kept on the first pass; the second keeps the
 * text of the lines a hunk prints. A raw line ends at a newline outside
 * a string (a string ends at its quote or at a newline; a backslash
 * takes the next byte with it, even a newline), so a line is
 * normalised alone, with the names seen so far.
 */
typedef struct lines {
	mt_map names; /* %name / ^label hash -> number */
	uint32_t next_v, next_b;
	mt_buf raw; /* the line being read */
	int in_str, esc;
	mt_buf norm; /* scratch: the line normalised */
	size_t n; /* lines read */
	uint64_t *hash; /* first pass: per line */
	size_t cap;
	/* second pass: want[i] says line i is printed; its text is kept */
	const unsigned char *want;
	size_t nwant; /* lines of the first pass */
	size_t *kidx, *koff, nkept, capk, capo;
	mt_buf kept; /* kept lines, each NUL-terminated */
	mt_buf *all; /* when set, every normalised line goes here instead */
} lines;

static void lines_init(lines *L)
{
	memset(L, 0, sizeof(*L));
	mt_map_init(&L->names, 64);
	mt_buf_init(&L->raw);
	mt_buf_init(&L->norm);
	mt_buf_init(&L->kept);
}

/* Back to the first line, for the second pass (the hashes stay). */
static void lines_rewind(lines *L)
{
	mt_map_release(&L->names);
	mt_map_init(&L->names, 64);
	L->next_v = L->next_b = 0;
	L->in_str = L->esc = 0;
	L->nwant = L->n;
	L->n = 0;
	mt_buf_clear(&L->raw);
}

/* Normalise one raw line [p, end) (its final newline not included).
 * final: the text's last line, with no newline: counted only if its last
 * byte is plain text (a string or name there ends no line, as before). */
static void line_done(lines *L, const char *p, const char *end, int final)
{
	mt_buf *o = &L->norm;
	int plain = 0;

	mt_buf_clear(o);
	while (p < end) {
		char c = *p;

		if (c == '"') {
			/* strings are copied as they are */
			const char *q = p + 1;

			while (q < end && *q != '"' && *q != '\n')
				q += (*q == '\\' && q + 1 < end) ? 2 : 1;
			if (q < end && *q == '"')
				q++;
			mt_buf_put(o, p, (size_t)(q - p));
			p = q;
			plain = 0;
			continue;
		}
		if ((c == '%' || c == '^') && p + 1 < end && sfx(p[1])) {
			const char *q = p + 1;
			uint64_t h;
			int found;
			size_t slot;

			while (q < end && sfx(*q))
				q++;
			h = mt_hash_bytes(MT_HASH_SEED, p, (size_t)(q - p));
			slot = mt_map_slot(&L->names, h,
			                   c == '%' ? L->next_v : L->next_b,
			                   &found);
			if (!found) {
				if (c == '%')
					L->next_v++;
				else
					L->next_b++;
			}
			mt_buf_printf(o, "%s%u", c == '%' ? "%v" : "^bb",
			              *mt_map_val(&L->names, slot));
			p = q;
			plain = 0;
			continue;
		}
		mt_buf_putc(o, c);
		p++;
		plain = 1;
	}
	if (final && !plain)
		return;
	if (L->all) {
		mt_buf_put(L->all, o->ptr, o->len);
		mt_buf_putc(L->all, '\n');
	} else if (!L->want) {
		mt_grow((void **)&L->hash, &L->cap, L->n + 1, sizeof(*L->hash));
		L->hash[L->n] = mt_hash_bytes(MT_HASH_SEED, o->ptr, o->len);
	} else if (L->n < L->nwant && L->want[L->n]) {
		MT_PUSH(L->kidx, L->nkept, L->capk, L->n);
		L->nkept--;
		MT_PUSH(L->koff, L->nkept, L->capo, L->kept.len);
		mt_buf_put(&L->kept, o->ptr, o->len);
		mt_buf_putc(&L->kept, '\0');
	}
	L->n++;
}

/* ir_stage_text_stream's sink: split the text into raw lines. */
static void lines_feed(void *payload, const char *p, size_t n)
{
	lines *L = payload;
	const char *end = p + n, *start = p;

	for (; p < end; p++) {
		if (L->esc) {
			L->esc = 0;
		} else if (L->in_str) {
			if (*p == '\\')
				L->esc = 1;
			else if (*p == '"')
				L->in_str = 0;
			else if (*p == '\n')
				L->in_str = 0;
		} else if (*p == '"') {
			L->in_str = 1;
		}
		if (*p != '\n' || L->esc || L->in_str)
			continue;
		if (L->raw.len) {
			mt_buf_put(&L->raw, start, (size_t)(p - start));
			line_done(L, L->raw.ptr, L->raw.ptr + L->raw.len, 0);
			mt_buf_clear(&L->raw);
		} else {
			line_done(L, start, p, 0);
		}
		start = p + 1;
	}
	mt_buf_put(&L->raw, start, (size_t)(end - start));
}

/* The text ended: its last line, if it has no newline. */
static void lines_end(lines *L)
{
	if (L->raw.len)
		line_done(L, L->raw.ptr, L->raw.ptr + L->raw.len, 1);
	mt_buf_clear(&L->raw);
}

static void lines_release(lines *L)
{
	mt_map_release(&L->names);
	mt_buf_release(&L->raw);
	mt_buf_release(&L->norm);
	mt_buf_release(&L->kept);
	free(L->hash);
	free(L->kidx);
	free(L->koff);
}

static void put_line(mt_buf *out, char mark, const lines *L, size_t i)
{
	size_t lo = 0, hi = L->nkept;
	const char *s = "";

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (L->kidx[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < L->nkept && L->kidx[lo] == i)
		s = L->kept.ptr + L->koff[lo];
	mt_buf_putc(out, mark);
	/* up to a newline a string took in, as the whole text printed */
	mt_buf_put(out, s, strcspn(s, "\n"));
	mt_buf_putc(out, '\n');
}

/* One edit: '=' both, '-' a only, '+' b only. */
typedef struct edit {
	char kind;
	size_t ia, ib;
} edit;

/* Print the hunks of ed, or, with wa and wb, only mark in them the lines
 * of A and B that printing them takes. */
static void emit_hunks(mt_buf *out,
                       const lines *A,
                       const lines *B,
                       const edit *ed,
                       size_t ned,
                       unsigned char *wa,
                       unsigned char *wb)
{
	size_t i = 0;

	while (i < ned) {
		size_t s, e, k, ca, cb;

		while (i < ned && ed[i].kind == '=')
			i++;
		if (i == ned)
			break;
		s = i >= CONTEXT ? i - CONTEXT : 0;
		/* extend while changes are within 2*CONTEXT of each other */
		e = i;
		for (k = i; k < ned; k++) {
			if (ed[k].kind != '=')
				e = k;
			else if (k - e > 2 * CONTEXT)
				break;
		}
		e = e + CONTEXT + 1 < ned ? e + CONTEXT + 1 : ned;
		ca = cb = 0;
		for (k = s; k < e; k++) {
			ca += ed[k].kind != '+';
			cb += ed[k].kind != '-';
		}
		if (!wa)
			mt_buf_printf(out, "@@ -%zu,%zu +%zu,%zu @@\n",
			              ed[s].ia + 1, ca, ed[s].ib + 1, cb);
		for (k = s; k < e; k++) {
			if (wa && ed[k].kind == '+')
				wb[ed[k].ib] = 1;
			else if (wa)
				wa[ed[k].ia] = 1;
			else if (ed[k].kind == '+')
				put_line(out, '+', B, ed[k].ib);
			else
				put_line(out, ed[k].kind == '-' ? '-' : ' ', A,
				         ed[k].ia);
		}
		i = e;
	}
}

/* The edits between the first pre lines and the common suffix: an LCS
 * over the line hashes while its table fits SHOW_MAX_CELLS, else every
 * line of A removed and every line of B added. */
static void middle_edits(const lines *A,
                         const lines *B,
                         size_t pre,
                         size_t n,
                         size_t m,
                         edit **ed,
                         size_t *ned,
                         size_t *cap)
{
	unsigned char *dir;
	size_t i, j;

	if (n && m && n <= SHOW_MAX_CELLS / m) {
		uint32_t *row = mt_calloc(m + 1, sizeof(*row));
		uint32_t *nrow = mt_calloc(m + 1, sizeof(*nrow));

		/* dir[i*m+j]: 0 take both, 1 drop a[i], 2 take b[j] */
		dir = mt_malloc(n * m);
		for (i = n; i-- > 0;) {
			nrow[m] = 0;
			for (j = m; j-- > 0;) {
				if (A->hash[pre + i] == B->hash[pre + j]) {
					nrow[j] = row[j + 1] + 1;
					dir[i * m + j] = 0;
				} else if (row[j] >= nrow[j + 1]) {
					nrow[j] = row[j];
					dir[i * m + j] = 1;
				} else {
					nrow[j] = nrow[j + 1];
					dir[i * m + j] = 2;
				}
			}
			memcpy(row, nrow, (m + 1) * sizeof(*row));
		}
		free(row);
		free(nrow);
		i = j = 0;
		while (i < n || j < m) {
			edit e;

			if (i < n && j < m && dir[i * m + j] == 0)
				e.kind = '=', e.ia = pre + i++,
				e.ib = pre + j++;
			else if (j >= m || (i < n && dir[i * m + j] == 1))
				e.kind = '-', e.ia = pre + i++, e.ib = pre + j;
			else
				e.kind = '+', e.ia = pre + i, e.ib = pre + j++;
			MT_PUSH(*ed, *ned, *cap, e);
		}
		free(dir);
	} else {
		for (i = 0; i < n; i++) {
			edit e = { '-', pre + i, pre };

			MT_PUSH(*ed, *ned, *cap, e);
		}
		for (j = 0; j < m; j++) {
			edit e = { '+', pre + n, pre + j };

			MT_PUSH(*ed, *ned, *cap, e);
		}
	}
}

/* The hunks by libgit2 over the two normalised texts; MT_EUNSUPPORTED
 * when libgit2 cannot be loaded. */
static int show_by_libgit2(mt_buf *out,
                           const mt_ir_stage *sa,
                           const mt_ir_stage *sb,
                           mt_error *err)
{
	lines A, B;
	mt_buf ta = MT_BUF_INIT, tb = MT_BUF_INIT, hunks = MT_BUF_INIT;
	int rc;

	lines_init(&A);
	lines_init(&B);
	A.all = &ta;
	B.all = &tb;
	rc = ir_stage_text_stream(sa, lines_feed, &A, err);
	if (!rc)
		rc = ir_stage_text_stream(sb, lines_feed, &B, err);
	if (!rc) {
		lines_end(&A);
		lines_end(&B);
		rc = mt_textdiff(&hunks, ta.ptr, ta.len, tb.ptr, tb.len,
		                 CONTEXT, err);
	}
	if (!rc) {
		mt_buf_printf(out, "--- %s (%s)\n+++ %s (%s)\n", sa->name,
		              sa->path, sb->name, sb->path);
		mt_buf_put(out, hunks.ptr, hunks.len);
	}
	mt_buf_release(&ta);
	mt_buf_release(&tb);
	mt_buf_release(&hunks);
	lines_release(&A);
	lines_release(&B);
	return rc;
}

int mt_ir_show_diff(mt_buf *out,
                    const mt_ir_stage *sa,
                    const mt_ir_stage *sb,
                    mt_error *err)
{
	lines A, B;
	edit *ed = NULL;
	size_t ned = 0, cap = 0, pre = 0, suf = 0, n, m, i, j;
	unsigned char *wa = NULL, *wb = NULL;
	int rc = show_by_libgit2(out, sa, sb, err);

	if (rc != MT_EUNSUPPORTED)
		return rc;
	/* no libgit2: aligned here. First pass: a hash per normalised
	 * line, no text kept */
	lines_init(&A);
	lines_init(&B);
	rc = ir_stage_text_stream(sa, lines_feed, &A, err);
	if (!rc)
		rc = ir_stage_text_stream(sb, lines_feed, &B, err);
	if (rc)
		goto out;
	lines_end(&A);
	lines_end(&B);
	mt_buf_printf(out, "--- %s (%s)\n+++ %s (%s)\n", sa->name, sa->path,
	              sb->name, sb->path);
	while (pre < A.n && pre < B.n && A.hash[pre] == B.hash[pre])
		pre++;
	while (suf < A.n - pre && suf < B.n - pre &&
	       A.hash[A.n - 1 - suf] == B.hash[B.n - 1 - suf])
		suf++;
	/* of the common lines around the middle, hunks show CONTEXT */
	for (i = pre > CONTEXT ? pre - CONTEXT : 0; i < pre; i++) {
		edit e = { '=', i, i };

		MT_PUSH(ed, ned, cap, e);
	}
	n = A.n - pre - suf;
	m = B.n - pre - suf;
	middle_edits(&A, &B, pre, n, m, &ed, &ned, &cap);
	for (i = 0; i < suf && i < CONTEXT; i++) {
		edit e = { '=', A.n - suf + i, B.n - suf + i };

		MT_PUSH(ed, ned, cap, e);
	}
	/* second pass: the text of the lines the hunks print */
	wa = mt_calloc(A.n + 1, 1);
	wb = mt_calloc(B.n + 1, 1);
	emit_hunks(out, &A, &B, ed, ned, wa, wb);
	for (i = 0; i < A.n && !wa[i]; i++)
		;
	if (i < A.n) {
		lines_rewind(&A);
		A.want = wa;
		rc = ir_stage_text_stream(sa, lines_feed, &A, err);
		lines_end(&A);
	}
	for (j = 0; !rc && j < B.n && !wb[j]; j++)
		;
	if (!rc && j < B.n) {
		lines_rewind(&B);
		B.want = wb;
		rc = ir_stage_text_stream(sb, lines_feed, &B, err);
		lines_end(&B);
	}
	if (!rc)
		emit_hunks(out, &A, &B, ed, ned, NULL, NULL);
out:
	free(ed);
	free(wa);
	free(wb);
	lines_release(&A);
	lines_release(&B);
	return rc;
}
