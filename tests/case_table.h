/*
 * case_table.h - table-driven stack and triage tests: one case per block of
 * a text file, the way jq's tests/jq.test reads (input, then what must
 * hold), run by a single loop. Included by test_stack.c and test_triage.c
 * (static functions only: each test binary is one object).
 *
 * A file is a list of cases. Lines starting with "#" outside a section's
 * text are comments. A case:
 *
 *   %% name                     starts a case (the name is printed on failure)
 *   %dump                       the lines up to the next "%" line are a dump;
 *                               several %dump sections are parsed one by one
 *                               into the same report set (r0, r1, ... run on)
 *   %rules                      user rules (JSON) loaded before the built-in
 *   %message TEXT               a report with only this message (no frames),
 *   %kind NAME                  and this kind, triaged as resolved
 *   %frame LINE                 one line given to the frame recognizer
 *   %notframe LINE              a line the frame recognizer must refuse
 *   %match                      lines "field value | field value => category"
 *                               (optionally " (why)") for mt_rules_match
 *   %parse-only                 do not resolve nor triage the dump
 *   %expect                     then one fact per line:
 *       KEY = VALUE             VALUE exactly ("(null)" for none)
 *       KEY ~ TEXT              the value contains TEXT
 *       KEY !~ TEXT             the value does not contain TEXT
 *       KEY == KEY2, KEY != KEY2  two values equal / differ
 *
 * Keys: "reports"; "rN.FIELD" for report N (kind signal signature
 * fingerprint category reason blame_frame trampoline find_trampoline
 * nframes message producer thread program error_location kernel
 * entry_point notes next_steps); "rN.fK.FIELD" for frame K of report N and
 * "FIELD" alone for the %frame line (index form address has_address
 * module module_offset symbol symbol_offset bogus_symbol function file
 * line column unmapped redacted truncated build_id inlined sigtramp
 * stack_unreadable category rule). Lists (notes, next_steps) read as
 * their items joined by newlines.
 */
#ifndef TESTS_CASE_TABLE_H
#define TESTS_CASE_TABLE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/stack.h"
#include "maxtriage/triage.h"

typedef struct ct_case {
	char name[256];
	unsigned line; /* where the case starts in its file */
	char *dumps[8];
	size_t ndumps;
	char *rules, *message, *kind, *frame, *notframe, *match, *expect;
	int parse_only;
} ct_case;

static char *ct_read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void ct_append(char **dst, const char *s, size_t n)
{
	size_t old = *dst ? strlen(*dst) : 0;

	*dst = realloc(*dst, old + n + 2);
	memcpy(*dst + old, s, n);
	(*dst)[old + n] = '\n';
	(*dst)[old + n + 1] = '\0';
}

static void ct_free(ct_case *c)
{
	size_t i;

	for (i = 0; i < c->ndumps; i++)
		free(c->dumps[i]);
	free(c->rules);
	free(c->message);
	free(c->kind);
	free(c->frame);
	free(c->notframe);
	free(c->match);
	free(c->expect);
	memset(c, 0, sizeof(*c));
}

static int ct_failures;

static void ct_fail(const ct_case *c, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

static void ct_fail(const ct_case *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "FAIL line %u \"%s\": ", c->line, c->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	ct_failures++;
}

/* A value as text, in buf (or NULL for none). */
static const char *ct_num(char *buf, size_t n, long long v)
{
	snprintf(buf, n, "%lld", v);
	return buf;
}

static const char *ct_hex(char *buf, size_t n, unsigned long long v)
{
	snprintf(buf, n, "0x%llx", v);
	return buf;
}

static const char *const ct_form_names[] = {
	"llvm", "column", "normalised", "sanitizer", "hostframe", "python",
	"gdb",  "lldb",   "valgrind",   "eustack",   "backtrace",
};

static const char *ct_frame_field(
        const mt_frame *f, const char *field, char *buf, size_t n, int *known)
{
	*known = 1;
	if (!strcmp(field, "index"))
		return ct_num(buf, n, f->index);
	if (!strcmp(field, "form"))
		return (unsigned)f->form < 12 ? ct_form_names[f->form] : "?";
	if (!strcmp(field, "address"))
		return f->has_address ? ct_hex(buf, n, f->address) : NULL;
	if (!strcmp(field, "has_address"))
		return ct_num(buf, n, f->has_address);
	if (!strcmp(field, "module"))
		return f->module;
	if (!strcmp(field, "module_offset"))
		return f->has_offset ? ct_hex(buf, n, f->module_offset) : NULL;
	if (!strcmp(field, "symbol"))
		return f->symbol;
	if (!strcmp(field, "symbol_offset"))
		return f->has_symbol_offset
		               ? ct_num(buf, n, (long long)f->symbol_offset)
		               : NULL;
	if (!strcmp(field, "bogus_symbol"))
		return ct_num(buf, n, f->bogus_symbol);
	if (!strcmp(field, "function"))
		return f->function;
	if (!strcmp(field, "file"))
		return f->file;
	if (!strcmp(field, "line"))
		return ct_num(buf, n, f->line);
	if (!strcmp(field, "column"))
		return ct_num(buf, n, f->column);
	if (!strcmp(field, "unmapped"))
		return ct_num(buf, n, f->unmapped);
	if (!strcmp(field, "redacted"))
		return ct_num(buf, n, f->redacted);
	if (!strcmp(field, "truncated"))
		return ct_num(buf, n, f->truncated);
	if (!strcmp(field, "build_id"))
		return f->build_id;
	if (!strcmp(field, "inlined"))
		return ct_num(buf, n, f->inlined);
	if (!strcmp(field, "sigtramp"))
		return ct_num(buf, n, f->sigtramp);
	if (!strcmp(field, "stack_unreadable"))
		return ct_num(buf, n, f->stack_unreadable);
	if (!strcmp(field, "category"))
		return mt_category_name(f->category);
	if (!strcmp(field, "rule"))
		return f->rule;
	if (!strcmp(field, "far_symbol"))
		return ct_num(buf, n, f->far_symbol);
	*known = 0;
	return NULL;
}

static const char *ct_joined(char **list, size_t n, char *buf, size_t cap)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < n && len + 1 < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
		                        i ? "\n" : "", list[i]);
	return buf;
}

static const char *ct_report_field(
        mt_report *r, const char *field, char *buf, size_t n, int *known)
{
	*known = 1;
	if (!strcmp(field, "kind"))
		return mt_kind_name(r->kind);
	if (!strcmp(field, "signal"))
		return r->signal;
	if (!strcmp(field, "signature"))
		return r->signature;
	if (!strcmp(field, "fingerprint"))
		return r->fingerprint;
	if (!strcmp(field, "category"))
		return mt_category_name(r->category);
	if (!strcmp(field, "reason"))
		return r->reason;
	if (!strcmp(field, "blame_frame"))
		return ct_num(buf, n, r->blame_frame);
	if (!strcmp(field, "trampoline"))
		return ct_num(buf, n, r->trampoline);
	if (!strcmp(field, "find_trampoline"))
		return ct_num(buf, n, mt_triage_find_trampoline(r));
	if (!strcmp(field, "nframes"))
		return ct_num(buf, n, (long long)r->nframes);
	if (!strcmp(field, "message"))
		return r->message;
	if (!strcmp(field, "producer"))
		return mt_producer_name(r->producer);
	if (!strcmp(field, "thread"))
		return r->thread;
	if (!strcmp(field, "program"))
		return r->program;
	if (!strcmp(field, "error_location"))
		return r->error_location;
	if (!strcmp(field, "kernel"))
		return r->kernel;
	if (!strcmp(field, "entry_point"))
		return r->entry_point;
	if (!strcmp(field, "pid"))
		return ct_num(buf, n, r->pid);
	if (!strcmp(field, "ninflight"))
		return ct_num(buf, n, (long long)r->ninflight);
	if (!strcmp(field, "stack_not_collected"))
		return ct_num(buf, n, r->stack_not_collected);
	if (!strcmp(field, "mojo_driver"))
		return ct_num(buf, n, r->mojo_driver);
	if (!strcmp(field, "notes"))
		return ct_joined(r->notes, r->nnotes, buf, n);
	if (!strcmp(field, "signature_quality"))
		return mt_signature_quality_name(r->signature_quality);
	if (!strcmp(field, "signature_note"))
		return r->signature_note;
	if (!strcmp(field, "caused_by"))
		return ct_num(buf, n, (long long)r->caused_by);
	if (!strcmp(field, "child_of"))
		return ct_num(buf, n, (long long)r->child_of);
	if (!strcmp(field, "next_steps"))
		return ct_joined(r->next_steps, r->nnext_steps, buf, n);
	*known = 0;
	return NULL;
}

typedef struct ct_run {
	mt_report_set set;
	mt_frame frame;
	int have_frame;
} ct_run;

/* The value of key, in buf (or static or borrowed). *ok is 0 when the
 * key names nothing (an unknown field, a report or frame past the end). */
static const char *
ct_value(ct_run *run, const char *key, char *buf, size_t n, int *ok)
{
	char field[64];
	unsigned long ri, fi;
	int used = 0, known = 0;
	const char *v;

	*ok = 1;
	if (!strcmp(key, "reports"))
		return ct_num(buf, n, (long long)run->set.n);
	if (sscanf(key, "r%lu.f%lu.%63s%n", &ri, &fi, field, &used) == 3 &&
	    !key[used]) {
		if (ri >= run->set.n || fi >= run->set.reports[ri].nframes) {
			*ok = 0;
			return NULL;
		}
		v = ct_frame_field(&run->set.reports[ri].frames[fi], field, buf,
		                   n, &known);
	} else if (sscanf(key, "r%lu.%63s%n", &ri, field, &used) == 2 &&
	           !key[used]) {
		if (ri >= run->set.n) {
			*ok = 0;
			return NULL;
		}
		v = ct_report_field(&run->set.reports[ri], field, buf, n,
		                    &known);
	} else if (run->have_frame) {
		v = ct_frame_field(&run->frame, key, buf, n, &known);
	} else {
		v = NULL;
	}
	*ok = known;
	return v;
}

static void ct_check(const ct_case *c, ct_run *run, const char *line)
{
	static const char *const ops[] = { " == ", " != ", " !~ ", " ~ ",
		                           " = " };
	char key[128], buf[8192], buf2[8192];
	const char *op = NULL, *val, *got;
	size_t i, kn;
	int ok;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]) && !op; i++)
		op = strstr(line, ops[i]);
	if (!op) {
		ct_fail(c, "cannot read fact \"%s\"", line);
		return;
	}
	kn = (size_t)(op - line);
	if (kn >= sizeof(key)) {
		ct_fail(c, "key too long in \"%s\"", line);
		return;
	}
	memcpy(key, line, kn);
	key[kn] = '\0';
	val = strchr(op + 1, ' ') + 1;
	got = ct_value(run, key, buf, sizeof(buf), &ok);
	if (!ok) {
		ct_fail(c, "%s: no such value", key);
		return;
	}
	if (!strncmp(op, " == ", 4) || !strncmp(op, " != ", 4)) {
		int ok2, same;
		const char *other =
		        ct_value(run, val, buf2, sizeof(buf2), &ok2);

		if (!ok2) {
			ct_fail(c, "%s: no such value", val);
			return;
		}
		same = got == other || (got && other && !strcmp(got, other));
		if (same != (op[1] == '='))
			ct_fail(c, "%s (%s) %s %s (%s)", key,
			        got ? got : "(null)",
			        op[1] == '=' ? "!=" : "==", val,
			        other ? other : "(null)");
		return;
	}
	if (!strncmp(op, " = ", 3)) {
		if (!strcmp(val, "(null)") ? got != NULL
		                           : !got || strcmp(got, val))
			ct_fail(c, "%s: expected \"%s\", got \"%s\"", key, val,
			        got ? got : "(null)");
		return;
	}
	if (!strncmp(op, " ~ ", 3)) {
		if (!got || !strstr(got, val))
			ct_fail(c, "%s: \"%s\" does not contain \"%s\"", key,
			        got ? got : "(null)", val);
		return;
	}
	if (got && strstr(got, val))
		ct_fail(c, "%s: \"%s\" contains \"%s\"", key, got, val);
}

/* "module x | function y => category (why)" */
static void ct_match_line(const ct_case *c, const mt_rules *rules, char *line)
{
	char *fields[3] = { NULL, NULL, NULL }; /* module, function, file */
	char *arrow = strstr(line, " => "), *p, *next, *why_exp = NULL;
	const char *why = NULL;
	mt_category got;
	int want;

	if (!arrow) {
		ct_fail(c, "cannot read match \"%s\"", line);
		return;
	}
	*arrow = '\0';
	arrow += 4;
	if ((p = strstr(arrow, " ("))) {
		*p = '\0';
		why_exp = p + 2;
		why_exp[strlen(why_exp) - 1] = '\0';
	}
	want = mt_category_parse(arrow);
	for (p = line; p; p = next) {
		char *sp;

		next = strstr(p, " | ");
		if (next) {
			*next = '\0';
			next += 3;
		}
		sp = strchr(p, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		if (!strcmp(p, "module"))
			fields[0] = sp + 1;
		else if (!strcmp(p, "function"))
			fields[1] = sp + 1;
		else if (!strcmp(p, "file"))
			fields[2] = sp + 1;
	}
	got = mt_rules_match(rules, fields[0], fields[1], fields[2], &why);
	if ((int)got != want)
		ct_fail(c, "match %s/%s/%s: expected %s, got %s",
		        fields[0] ? fields[0] : "-",
		        fields[1] ? fields[1] : "-",
		        fields[2] ? fields[2] : "-", arrow,
		        mt_category_name(got));
	else if (why_exp && (!why || strcmp(why, why_exp)))
		ct_fail(c, "match: why \"%s\", expected \"%s\"",
		        why ? why : "(null)", why_exp);
}

static void ct_run_case(ct_case *c)
{
	mt_rules *rules = mt_rules_new();
	mt_resolve_opts ro = { .symbolizer = NULL, .no_disasm = 1 };
	mt_triage_opts to = { rules, NULL };
	ct_run run;
	mt_error err;
	char *line, *save = NULL;
	size_t i;

	memset(&run, 0, sizeof(run));
	if (c->rules &&
	    mt_rules_load_string(rules, c->rules, "case.json", &err) != 0)
		ct_fail(c, "rules refused: %s", err.msg);
	for (i = 0; i < c->ndumps; i++) {
		size_t first = run.set.n, j;

		mt_stack_parse(&run.set, c->dumps[i], strlen(c->dumps[i]));
		for (j = first; j < run.set.n && !c->parse_only; j++) {
			mt_resolve_report(&run.set.reports[j], &ro);
			mt_triage_report(&run.set.reports[j], &to);
			mt_triage_next_steps(&run.set.reports[j], NULL);
		}
	}
	if (c->message) {
		mt_report *r;

		c->message[strcspn(c->message, "\n")] = '\0';
		mt_grow((void **)&run.set.reports, &run.set.cap, run.set.n + 1,
		        sizeof(*run.set.reports));
		r = &run.set.reports[run.set.n++];
		memset(r, 0, sizeof(*r));
		r->trampoline = r->blame_frame = -1;
		r->resolved = 1;
		r->message = strdup(c->message);
		if (c->kind) {
			c->kind[strcspn(c->kind, "\n")] = '\0';
			r->kind = mt_kind_parse(c->kind);
		}
		mt_triage_report(r, &to);
	}
	if (c->frame) {
		c->frame[strcspn(c->frame, "\n")] = '\0';
		run.have_frame =
		        mt_stack_parse_frame_line(&run.frame, c->frame);
		if (!run.have_frame)
			ct_fail(c, "not read as a frame: %s", c->frame);
	}
	if (c->notframe) {
		mt_frame f;

		c->notframe[strcspn(c->notframe, "\n")] = '\0';
		if (mt_stack_parse_frame_line(&f, c->notframe)) {
			ct_fail(c, "read as a frame: %s", c->notframe);
			mt_frame_release(&f);
		}
	}
	for (line = c->match ? strtok_r(c->match, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save))
		ct_match_line(c, rules, line);
	save = NULL;
	for (line = c->expect ? strtok_r(c->expect, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save))
		if (line[0] && line[0] != '#' && (run.have_frame || !c->frame))
			ct_check(c, &run, line);
	if (run.have_frame)
		mt_frame_release(&run.frame);
	mt_report_set_release(&run.set);
	mt_rules_free(rules);
}

/* "%name rest": the rest of the line, NULL when the line is not it. */
static const char *ct_directive(const char *line, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(line, name, n))
		return NULL;
	if (line[n] == ' ')
		return line + n + 1;
	return line[n] == '\n' || !line[n] ? line + n : NULL;
}

/* Run every case of path; returns the number of cases (0 when the file
 * cannot be read, which fails the test). */
static size_t ct_run_file(const char *path)
{
	char *text = ct_read_file(path), *p, **section = NULL;
	ct_case c;
	unsigned lineno = 0;
	size_t ncases = 0;
	int in_case = 0;

	assert_non_null(text);
	memset(&c, 0, sizeof(c));
	for (p = text; *p;) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *rest;

		lineno++;
		if (p[0] == '%') {
			char one[4096];

			snprintf(one, sizeof(one), "%.*s", (int)n, p);
			section = NULL;
			if ((rest = ct_directive(one, "%%"))) {
				if (in_case) {
					ct_run_case(&c);
					ct_free(&c);
					ncases++;
				}
				in_case = 1;
				snprintf(c.name, sizeof(c.name), "%.200s",
				         rest);
				c.line = lineno;
			} else if (ct_directive(one, "%dump") && c.ndumps < 8) {
				section = &c.dumps[c.ndumps++];
				*section = strdup("");
			} else if (ct_directive(one, "%rules")) {
				section = &c.rules;
			} else if (ct_directive(one, "%match")) {
				section = &c.match;
			} else if (ct_directive(one, "%expect")) {
				section = &c.expect;
			} else if (ct_directive(one, "%parse-only")) {
				c.parse_only = 1;
			} else if ((rest = ct_directive(one, "%message"))) {
				ct_append(&c.message, rest, strlen(rest));
			} else if ((rest = ct_directive(one, "%kind"))) {
				ct_append(&c.kind, rest, strlen(rest));
			} else if ((rest = ct_directive(one, "%frame"))) {
				ct_append(&c.frame, rest, strlen(rest));
			} else if ((rest = ct_directive(one, "%notframe"))) {
				ct_append(&c.notframe, rest, strlen(rest));
			} else {
				ct_fail(&c, "unknown directive at line %u",
				        lineno);
			}
		} else if (section) {
			/* a dump keeps its bytes; facts and rules lose
			 * comment lines */
			if ((c.ndumps && section == &c.dumps[c.ndumps - 1]) ||
			    p[0] != '#')
				ct_append(section, p, n);
		}
		p += n + (nl ? 1 : 0);
	}
	if (in_case) {
		ct_run_case(&c);
		ct_free(&c);
		ncases++;
	}
	free(text);
	return ncases;
}

#endif
