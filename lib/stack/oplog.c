/*
 * oplog.c - MAX's op log (MODULAR_DEBUG=op-log-level): "[OP] LAUNCH op
 * [id=N] target=gpu:0" and "[OP] COMPLETE ..." lines; the ops launched
 * and never completed are in flight when the process died.
 */
#include "parse_int.h"

#include "maxtriage/hash.h"

#include <stdlib.h>
#include <string.h>

/* Most ops a log may launch before the oldest are forgotten; bounds
 * memory on endless logs (the in-flight ones are the latest anyway). */
#define MAX_OPS 1000000
#define MAX_INFLIGHT_REPORTED 64

static size_t op_slot(parser *ps, const char *id)
{
	uint64_t h = mt_hash_finish(mt_hash_str(MT_HASH_SEED, id));
	size_t i = (size_t)h & (ps->nslots - 1);

	while (ps->op_slots[i] != (size_t)-1 &&
	       strcmp(ps->ops[ps->op_slots[i]].id, id))
		i = (i + 1) & (ps->nslots - 1);
	return i;
}

static void op_rehash(parser *ps)
{
	size_t i;

	free(ps->op_slots);
	ps->nslots = ps->nslots ? ps->nslots * 2 : 1024;
	ps->op_slots = mt_malloc(ps->nslots * sizeof(*ps->op_slots));
	memset(ps->op_slots, 0xff, ps->nslots * sizeof(*ps->op_slots));
	for (i = 0; i < ps->nops; i++)
		ps->op_slots[op_slot(ps, ps->ops[i].id)] = i;
}

/* Copy the token after key (up to a blank or ']'); NULL if absent. */
static char *token_after(const char *line, const char *key)
{
	const char *p = strstr(line, key), *e;

	if (!p)
		return NULL;
	p += strlen(key);
	for (e = p; *e && *e != ' ' && *e != '\t' && *e != ']'; e++)
		;
	return e > p ? mt_strndup(p, (size_t)(e - p)) : NULL;
}

/* "[OP] LAUNCH rms_norm [id=40029] target=gpu:0" / "[OP] COMPLETE ..." */
int ps_op_log_line(parser *ps, const char *line)
{
	const char *p = strstr(line, "[OP] ");
	int launch;
	char *id;

	if (!p)
		return 0;
	p += 5;
	if (!strncmp(p, "LAUNCH ", 7))
		launch = 1;
	else if (!strncmp(p, "COMPLETE ", 9))
		launch = 0;
	else
		return 0;
	id = token_after(p, "[id=");
	if (!id)
		return 1;
	if (launch) {
		mt_op_inflight op;
		const char *n = p + 7, *e;

		if (ps->nops >= MAX_OPS) {
			free(id);
			return 1;
		}
		while (*n == ' ')
			n++;
		for (e = n; *e && *e != ' ' && *e != '['; e++)
			;
		op.op = mt_strndup(n, (size_t)(e - n));
		op.id = id;
		op.target = token_after(p, "target=");
		op.line_no = ps->line_no;
		if ((ps->nops + 1) * 2 > ps->nslots)
			op_rehash(ps);
		MT_PUSH(ps->ops, ps->nops, ps->capops, op);
		ps->op_done = mt_realloc(ps->op_done, ps->capops);
		ps->op_done[ps->nops - 1] = 0;
		ps->op_slots[op_slot(ps, id)] = ps->nops - 1;
	} else if (ps->nslots) {
		size_t i = op_slot(ps, id);

		if (ps->op_slots[i] != (size_t)-1)
			ps->op_done[ps->op_slots[i]] = 1;
		free(id);
	} else {
		free(id);
	}
	return 1;
}

/* Give the ops still in flight at the end of the log to the last report
 * (the process died with them running); a log that ends with ops in
 * flight and holds no other sign of failure still gets a report. */
void ps_finish_ops(parser *ps)
{
	size_t i, n = 0, first;
	mt_report *r;

	for (i = 0; i < ps->nops; i++)
		n += !ps->op_done[i];
	if (n) {
		r = ps->set->n > ps->first_report
		            ? &ps->set->reports[ps->set->n - 1]
		            : NULL;
		if (!r) {
			mt_buf b = MT_BUF_INIT;

			r = ps_new_report(ps);
			r->kind = MT_KIND_UNKNOWN;
			mt_buf_printf(
			        &b,
			        "log ends with %zu op%s launched and never completed",
			        n, n == 1 ? "" : "s");
			r->message = mt_buf_detach(&b);
		}
		r->inflight = mt_calloc(
		        n < MAX_INFLIGHT_REPORTED ? n : MAX_INFLIGHT_REPORTED,
		        sizeof(*r->inflight));
		/* keep the most recent launches */
		first = 0;
		for (i = ps->nops; i-- > 0 && first < MAX_INFLIGHT_REPORTED;)
			if (!ps->op_done[i])
				first++;
		for (i = ps->nops; i-- > 0 && r->ninflight < first;)
			if (!ps->op_done[i]) {
				r->inflight[first - 1 - r->ninflight] =
				        ps->ops[i];
				r->ninflight++;
				ps->ops[i].op = ps->ops[i].id =
				        ps->ops[i].target = NULL;
			}
	}
	for (i = 0; i < ps->nops; i++) {
		free(ps->ops[i].op);
		free(ps->ops[i].id);
		free(ps->ops[i].target);
	}
	free(ps->ops);
	free(ps->op_done);
	free(ps->op_slots);
}
