/*
 * llvm_protocol.c - llvm-symbolizer 19's requests and answers (and
 * binutils addr2line's) over mt_symbolizer: the session (options, the
 * modules requests name, errors said once) and the dispatch of each
 * request to its answer.
 *
 * Requests are parsed by llvm_request.c (llvm-symbolizer.cpp's
 * parseCommand) and answered by llvm_answer.c (DIPrinter.cpp's LLVM, GNU
 * and JSON printers) from llvm_frames.c's frames; the shapes were checked
 * against llvm-symbolizer-19 by tests/e2e/symbolize_flags.sh. Nothing here
 * prints: answers go to one buffer, error lines to another.
 */
#include "maxtriage/llvm_protocol.h"

#include "maxtriage/common.h"
#include "symbols/llvm_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
	mt_map_release(&l->reported_ix);
	free(l);
}

static uint64_t name_hash(const char *k)
{
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */

	for (; *k; k++)
		h = (h ^ (unsigned char)*k) * 0x100000001b3ULL;
	return h;
}

/* Whether key's error was said; if not, it is now recorded as said. A
 * hash set: a server meets any number of unreadable modules. */
static int already_reported(mt_llvm *l, const char *key)
{
	uint64_t h = name_hash(key);
	uint32_t ix = mt_map_get(&l->reported_ix, h);
	size_t i;
	int found;

	if (ix != MT_MAP_NONE && !strcmp(l->reported[ix], key))
		return 1;
	/* Two names of one hash: the first keeps the slot, the rest are
	 * looked for one by one. */
	for (i = 0; ix != MT_MAP_NONE && i < l->n_reported; i++)
		if (!strcmp(l->reported[i], key))
			return 1;
	MT_PUSH(l->reported, l->n_reported, l->cap_reported, mt_strdup(key));
	if (ix == MT_MAP_NONE && l->n_reported <= UINT32_MAX - 1)
		mt_map_slot(&l->reported_ix, h, (uint32_t)(l->n_reported - 1),
		            &found);
	return 0;
}

void mt_llvm_trim(mt_llvm *l)
{
	/* The module of the last request stays (the next request mostly
	 * names it again), unless its load was incomplete. */
	mt_module *keep = mt_symbolizer_keeps(l->s, l->last) ? l->last : NULL;

	mt_symbolizer_trim(l->s);
	l->last = keep;
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

	l->transient = 0;
	if (r->module[0]) {
		/* --obj is the user's own choice: even --untrusted opens it
		 * as given; only names read from requests are confined. */
		int given = l->o.obj && !strcmp(r->module, l->o.obj);

		/* A module already loaded passed the check below then (as
		 * llvm-symbolizer, which keeps its objects, it is not
		 * read again). */
		if (!given && (m = mt_symbolizer_peek(l->s, r->module)))
			return m;
		/* What llvm::object refuses is refused in its words. */
		if ((given || !l->o.untrusted) && stat(r->module, &st) == 0 &&
		    S_ISREG(st.st_mode) &&
		    (*msg = sym_llvm_object_refusal(l->why, sizeof(l->why),
		                                    r->module)) != NULL)
			return NULL;
		if ((given ? mt_symbolizer_open(&m, l->s, r->module, &err)
		           : mt_symbolizer_module(&m, l->s, r->module, NULL,
		                                  &err)) == 0)
			return m;
		/* Out of descriptors or memory: said as what it is (LLVM
		 * says an open's errno so), and said again when it
		 * happens again, as nothing was cached. */
		if ((l->transient = mt_symbolizer_last_errno(l->s)) != 0)
			*msg = strerror(l->transient);
		else if (l->o.untrusted && !given)
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

static int answer(mt_buf *out, mt_buf *diag, mt_llvm *l, const char *line);

/* binutils addr2line's complaint about an -e file it cannot read (its
 * get_file_size, then bfd's format check); an empty file stops it
 * without a word. */
static void say_bfd_refusal(mt_buf *diag, const mt_llvm *l, const char *path)
{
	struct stat st;
	char h[8];
	size_t got = 0;
	FILE *fp;

	if (stat(path, &st) != 0) {
		if (errno == ENOENT)
			mt_buf_printf(diag, "%s: '%s': No such file\n",
			              l->o.tool, path);
		else
			mt_buf_printf(diag,
			              "%s: Warning: could not locate '%s'.  "
			              "reason: %s\n",
			              l->o.tool, path, strerror(errno));
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		mt_buf_printf(diag, "%s: Warning: '%s' is a directory\n",
		              l->o.tool, path);
		return;
	}
	if (!S_ISREG(st.st_mode)) {
		mt_buf_printf(diag,
		              "%s: Warning: '%s' is not an ordinary file\n",
		              l->o.tool, path);
		return;
	}
	if (st.st_size == 0)
		return;
	if ((fp = fopen(path, "rb")) != NULL) {
		got = fread(h, 1, sizeof(h), fp);
		fclose(fp);
	}
	if (got == sizeof(h) &&
	    (!memcmp(h, "!<arch>\n", 8) || !memcmp(h, "!<thin>\n", 8)))
		mt_buf_printf(diag,
		              "%s: %s: cannot get addresses from archive\n",
		              l->o.tool, path);
	else
		mt_buf_printf(diag, "%s: %s: file format not recognized\n",
		              l->o.tool, path);
}

/* The DWARF warnings the answer's lookups raised, as LLVM's warning
 * handler prints them (WithColor::warning, no tool name). */
static void say_warnings(mt_buf *diag, mt_module *m)
{
	mt_buf w = MT_BUF_INIT;
	const char *p, *nl;

	if (!m || !mt_module_take_warnings(&w, m)) {
		mt_buf_release(&w);
		return;
	}
	for (p = w.ptr; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		mt_buf_printf(diag, "warning: %.*s\n", (int)(nl - p), p);
	mt_buf_release(&w);
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
			sym_llvm_json_emit(out, l, tmp.ptr, tmp.len);
			mt_buf_putc(out, '\n');
			goto out;
		}
		sym_llvm_json_emit(out, l, "[", 1);
	}
	sym_llvm_json_emit(out, l, tmp.ptr, tmp.len);
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

	if (sym_llvm_parse_request(&r, l, line, &why)) {
		/* An empty line is answered without a complaint. */
		if (*line)
			mt_buf_printf(diag, "%s: error: '%s': %s\n", l->o.tool,
			              line, why);
		/* (an empty line names no module, --obj or not) */
		sym_llvm_answer_invalid(out, l, *line ? r.module : "");
		return 0;
	}
	m = open_module(l, &r, &msg);
	if (!m) {
		sym_llvm_subject(subject, &r);
		if (l->o.addr2line) {
			/* binutils stops at an unreadable -e file. */
			say_bfd_refusal(diag, l, subject);
			return 1;
		}
		/* An unreadable --obj ends the run with status 1; JSON says
		 * so in one object at address 0. An unknown --build-id
		 * does not: each address is answered "??" (the error said
		 * each time), as by llvm-symbolizer 19. */
		if (l->o.obj) {
			/* (at address 0 even for a symbol request) */
			r.has_addr = 1;
			if (l->o.style == MT_LLVM_STYLE_JSON)
				sym_llvm_answer_code(out, l, &r, NULL, 0, msg);
			else
				mt_buf_printf(diag, "%s: error: '%s': %s\n",
				              l->o.tool, subject, msg);
			return 1;
		}
		/* A file's error is said once, a build-id's each time, a
		 * transient one each time it happens. */
		if (!r.module[0] || l->transient ||
		    !already_reported(l, subject)) {
			if (l->o.style == MT_LLVM_STYLE_JSON) {
				sym_llvm_answer_code(out, l, &r, NULL,
				                     r.has_addr ? r.addr : 0,
				                     msg);
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
			sym_llvm_answer_symbol(out, l, &r, m);
			say_warnings(diag, m);
			return 0;
		}
		/* llvm-symbolizer 19 looks up DATA and FRAME requests at
		 * the offset alone: "DATA m sym+0x4020" is address
		 * 0x4020, "DATA m sym" address 0. */
		r.addr = r.sym_offset;
	}
	switch (r.kind) {
	case REQ_DATA:
		sym_llvm_answer_data(out, l, &r, m, r.addr);
		break;
	case REQ_FRAME:
		sym_llvm_answer_frame(out, l, &r, m, r.addr);
		break;
	default:
		sym_llvm_answer_code(out, l, &r, m, r.addr, NULL);
	}
	say_warnings(diag, m);
	return 0;
}

int mt_llvm_open_obj(mt_buf *out, mt_buf *diag, mt_llvm *l)
{
	request r;
	const char *why = NULL, *msg = NULL;
	char subject[MAX_NAME];
	mt_buf tmp = MT_BUF_INIT;
	int array = l->o.json_array;

	if (!l->o.obj || sym_llvm_parse_request(&r, l, "0", &why) ||
	    open_module(l, &r, &msg))
		return 0;
	sym_llvm_subject(subject, &r);
	if (l->o.addr2line) {
		say_bfd_refusal(diag, l, subject);
		return 1;
	}
	if (l->o.style != MT_LLVM_STYLE_JSON) {
		mt_buf_printf(diag, "%s: error: '%s': %s\n", l->o.tool, subject,
		              msg);
		return 1;
	}
	/* The error object alone, not in the answers' array. */
	l->o.json_array = 0;
	sym_llvm_answer_code(&tmp, l, &r, NULL, 0, msg);
	l->o.json_array = array;
	l->json_first = 1;
	sym_llvm_json_emit(out, l, tmp.ptr, tmp.len);
	mt_buf_release(&tmp);
	return 1;
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
		sym_llvm_json_emit(out, l, "[", 1);
	}
	sym_llvm_json_emit(out, l, "]", 1);
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
	n = sym_llvm_code_frames(fr, l, m, addr, inlines, 0);
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
