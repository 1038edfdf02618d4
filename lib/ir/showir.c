/*
 * showir.c - a unified diff of two stages' text with SSA names and block
 * labels renumbered in order of first appearance, so that a printer's
 * renaming (%0 vs %1, %arg3 vs %arg9) does not show as a change.
 *
 * Common leading and trailing lines are trimmed first; the middle is
 * aligned by a longest-common-subsequence table of one byte per cell,
 * capped (MT_IR_SHOW_MAX_CELLS) so that huge stages degrade to one hunk
 * instead of exhausting memory.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"
#include "maxtriage/irdiff_output.h"

#define SHOW_MAX_CELLS (64u * 1024 * 1024)
#define CONTEXT 3

typedef struct lines {
	mt_buf text; /* normalised text, lines separated by '\n' */
	size_t *off; /* start of line i in text */
	uint64_t *hash;
	size_t n, cap;
} lines;

static int sfx(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' ||
	       c == '-';
}

static void normalise(lines *L, const char *p, size_t len)
{
	mt_map names;
	const char *end = p + len;
	uint32_t next_v = 0, next_b = 0;
	size_t start = 0;

	mt_map_init(&names, 64);
	mt_buf_init(&L->text);
	while (p < end) {
		char c = *p;

		if (c == '"') {
			/* strings are copied as they are */
			const char *q = p + 1;

			while (q < end && *q != '"' && *q != '\n')
				q += (*q == '\\' && q + 1 < end) ? 2 : 1;
			if (q < end && *q == '"')
				q++;
			mt_buf_put(&L->text, p, (size_t)(q - p));
			p = q;
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
			slot = mt_map_slot(&names, h,
			                   c == '%' ? next_v : next_b, &found);
			if (!found) {
				if (c == '%')
					next_v++;
				else
					next_b++;
			}
			mt_buf_printf(&L->text, "%s%u", c == '%' ? "%v" : "^bb",
			              *mt_map_val(&names, slot));
			p = q;
			continue;
		}
		mt_buf_putc(&L->text, c);
		p++;
		if (c == '\n' || p == end) {
			size_t e = L->text.len - (c == '\n');

			mt_grow((void **)&L->off, &L->cap, L->n + 1,
			        sizeof(*L->off));
			L->hash =
			        mt_realloc(L->hash, L->cap * sizeof(*L->hash));
			L->off[L->n] = start;
			L->hash[L->n] = mt_hash_bytes(
			        MT_HASH_SEED, L->text.ptr + start, e - start);
			L->n++;
			start = L->text.len;
		}
	}
	mt_map_release(&names);
}

static void lines_release(lines *L)
{
	mt_buf_release(&L->text);
	free(L->off);
	free(L->hash);
}

static void put_line(mt_buf *out, char mark, const lines *L, size_t i)
{
	const char *s = L->text.ptr + L->off[i];
	const char *nl = memchr(s, '\n', L->text.len - L->off[i]);

	mt_buf_putc(out, mark);
	mt_buf_put(out, s, nl ? (size_t)(nl - s) : strlen(s));
	mt_buf_putc(out, '\n');
}

/* One edit: '=' both, '-' a only, '+' b only. */
typedef struct edit {
	char kind;
	size_t ia, ib;
} edit;

static void emit_hunks(
        mt_buf *out, const lines *A, const lines *B, const edit *ed, size_t ned)
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
		mt_buf_printf(out, "@@ -%zu,%zu +%zu,%zu @@\n", ed[s].ia + 1,
		              ca, ed[s].ib + 1, cb);
		for (k = s; k < e; k++) {
			if (ed[k].kind == '+')
				put_line(out, '+', B, ed[k].ib);
			else
				put_line(out, ed[k].kind == '-' ? '-' : ' ', A,
				         ed[k].ia);
		}
		i = e;
	}
}

int mt_ir_show_diff(mt_buf *out,
                    const mt_ir_stage *sa,
                    const mt_ir_stage *sb,
                    mt_error *err)
{
	mt_ir_text ta, tb;
	lines A, B;
	edit *ed = NULL;
	size_t ned = 0, cap = 0, pre = 0, suf = 0, n, m, i, j;
	unsigned char *dir = NULL;
	int rc;

	memset(&A, 0, sizeof(A));
	memset(&B, 0, sizeof(B));
	rc = mt_ir_text_open(&ta, sa, err);
	if (rc)
		return rc;
	rc = mt_ir_text_open(&tb, sb, err);
	if (rc) {
		mt_ir_text_release(&ta);
		return rc;
	}
	normalise(&A, ta.ptr, ta.len);
	normalise(&B, tb.ptr, tb.len);
	mt_ir_text_release(&ta);
	mt_ir_text_release(&tb);
	mt_buf_printf(out, "--- %s (%s)\n+++ %s (%s)\n", sa->name, sa->path,
	              sb->name, sb->path);
	while (pre < A.n && pre < B.n && A.hash[pre] == B.hash[pre])
		pre++;
	while (suf < A.n - pre && suf < B.n - pre &&
	       A.hash[A.n - 1 - suf] == B.hash[B.n - 1 - suf])
		suf++;
	for (i = 0; i < pre; i++) {
		edit e = { '=', i, i };

		MT_PUSH(ed, ned, cap, e);
	}
	n = A.n - pre - suf;
	m = B.n - pre - suf;
	if (n && m && n <= SHOW_MAX_CELLS / m) {
		uint32_t *row = mt_calloc(m + 1, sizeof(*row));
		uint32_t *nrow = mt_calloc(m + 1, sizeof(*nrow));

		/* dir[i*m+j]: 0 take both, 1 drop a[i], 2 take b[j] */
		dir = mt_malloc(n * m);
		for (i = n; i-- > 0;) {
			nrow[m] = 0;
			for (j = m; j-- > 0;) {
				if (A.hash[pre + i] == B.hash[pre + j]) {
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
			MT_PUSH(ed, ned, cap, e);
		}
	} else {
		for (i = 0; i < n; i++) {
			edit e = { '-', pre + i, pre };

			MT_PUSH(ed, ned, cap, e);
		}
		for (j = 0; j < m; j++) {
			edit e = { '+', pre + n, pre + j };

			MT_PUSH(ed, ned, cap, e);
		}
	}
	for (i = 0; i < suf; i++) {
		edit e = { '=', A.n - suf + i, B.n - suf + i };

		MT_PUSH(ed, ned, cap, e);
	}
	emit_hunks(out, &A, &B, ed, ned);
	free(dir);
	free(ed);
	lines_release(&A);
	lines_release(&B);
	return 0;
}
