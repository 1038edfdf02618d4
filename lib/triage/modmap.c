/*
 * modmap.c - per report: which file stands for each module the dump
 * names, where it was loaded, and whether it is the build that crashed
 * (see modmap.h for the verdicts and why they come first).
 */
#include "modmap.h"

#include "maxtriage/buf.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Pages of a module searched for the page-alignment base below. */
#define MAX_BASE_PAGES 16384
#define MAX_CHAIN 64

static modmap_entry *entry_for(modmap *map, const char *name)
{
	modmap_entry e;
	size_t i;

	for (i = 0; i < map->n; i++)
		if (!strcmp(map->e[i].name, name))
			return &map->e[i];
	memset(&e, 0, sizeof(e));
	e.name = mt_strdup(name);
	MT_PUSH(map->e, map->n, map->cap, e);
	return &map->e[map->n - 1];
}

const modmap_entry *modmap_find(const modmap *map, const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < map->n; i++)
		if (!strcmp(map->e[i].name, name))
			return &map->e[i];
	return NULL;
}

static int frame_has_module(const mt_frame *f)
{
	return f->module && f->form != MT_FORM_PYTHON &&
	       f->form != MT_FORM_HOSTFRAME && !f->redacted && !f->unmapped;
}

static int in_module(const mt_frame *f, const char *name)
{
	return frame_has_module(f) && !strcmp(f->module, name);
}

/* Open each module once, with the first build-id the dump printed for
 * it (a sanitizer's "(BuildId: ...)") to find the right debug file. */
static void open_modules(modmap *map, const mt_report *r, mt_symbolizer *s)
{
	size_t i, j;

	for (i = 0; i < r->nframes; i++)
		if (frame_has_module(&r->frames[i]))
			(void)entry_for(map, r->frames[i].module);
	for (j = 0; j < map->n; j++) {
		modmap_entry *e = &map->e[j];
		const char *build_id = NULL;
		mt_error err;

		for (i = 0; i < r->nframes && !build_id; i++)
			if (in_module(&r->frames[i], e->name))
				build_id = r->frames[i].build_id;
		err.msg[0] = '\0';
		if (mt_symbolizer_module(&e->m, s, e->name, build_id, &err) <
		    0) {
			e->m = NULL;
			e->open_error = mt_strdup(
			        err.msg[0] ? err.msg : "module not found");
		}
	}
}

/* Column form: the dump has absolute addresses and no module base. Any
 * frame printed as "sym + off" pins the base of its module:
 * base = address - (value(sym) + off). */
static void bases_from_symbols(modmap *map, const mt_report *r)
{
	size_t i;

	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];
		modmap_entry *e;
		uint64_t v;

		if (f->form != MT_FORM_COLUMN || !frame_has_module(f) ||
		    !f->has_address || !f->has_symbol_offset || !f->symbol)
			continue;
		e = entry_for(map, f->module);
		if (e->base_source != MODBASE_UNKNOWN || !e->m)
			continue;
		if (mt_module_symbol_value(&v, e->m, f->symbol) < 0 ||
		    v + f->symbol_offset > f->address)
			continue;
		e->base = f->address - (v + f->symbol_offset);
		e->base_source = MODBASE_SYMBOL;
	}
}

/* Does base put every column-form frame of e in code, and each frame but
 * first after a call? */
static int base_fits_frames(const modmap_entry *e,
                            const mt_report *r,
                            uint64_t base,
                            const mt_frame *first)
{
	size_t i;
	mt_insn in;

	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];

		if (f->form != MT_FORM_COLUMN || !in_module(f, e->name) ||
		    !f->has_address)
			continue;
		if (f->address < base ||
		    mt_module_disasm(e->m, f->address - base, &in) < 0)
			return 0;
		if (f != first &&
		    mt_module_is_after_call(e->m, f->address - base) == 0)
			return 0;
	}
	return 1;
}

/*
 * No "sym + off" frame for this module: a module is mapped at a page
 * boundary, so a frame's offset shares its address's low 12 bits. Try
 * every page of the module; a base is accepted only when exactly one
 * makes every frame of the module land in executable code (and each
 * return address follow a call). Small modules usually pass; a large one
 * stays unresolved rather than guessed.
 */
static void base_from_pages(modmap_entry *e, const mt_report *r)
{
	const mt_frame *first = NULL;
	uint64_t k, found = 0;
	int nfound = 0;
	size_t i;

	for (i = 0; i < r->nframes && !first; i++)
		if (r->frames[i].form == MT_FORM_COLUMN &&
		    in_module(&r->frames[i], e->name) &&
		    r->frames[i].has_address)
			first = &r->frames[i];
	if (!first || !e->m)
		return;
	for (k = 0; k < MAX_BASE_PAGES && nfound < 2; k++) {
		uint64_t off = (first->address & 0xfff) + k * 0x1000;

		if (off > first->address)
			break;
		if (base_fits_frames(e, r, first->address - off, first)) {
			found = first->address - off;
			nfound++;
		}
	}
	if (nfound == 1) {
		e->base = found;
		e->base_source = MODBASE_PAGES;
	}
}

int modmap_frame_offset(const modmap *map, const mt_frame *f, uint64_t *off)
{
	const modmap_entry *e;

	if (f->has_offset) {
		*off = f->module_offset;
		return 1;
	}
	e = modmap_find(map, f->module);
	if (!e || e->base_source == MODBASE_UNKNOWN || !f->has_address ||
	    f->address < e->base)
		return 0;
	*off = f->address - e->base;
	return 1;
}

/* x86-64 glibc's __restore_rt is "mov rax, 0xf; syscall" (rt_sigreturn
 * is 15); aarch64's __kernel_rt_sigreturn "mov x8, #0x8b; svc #0". */
static int at_sigreturn(mt_module *m, uint64_t off)
{
	mt_insn a, b;

	if (mt_module_disasm(m, off, &a) < 0 ||
	    mt_module_disasm(m, off + a.size, &b) < 0)
		return 0;
	if (!strcmp(a.text, "mov rax, 0xf") || !strcmp(a.text, "mov eax, 0xf"))
		return !strcmp(b.text, "syscall");
	if (!strcmp(a.text, "mov x8, #0x8b"))
		return !strcmp(b.text, "svc #0");
	return 0;
}

/* Failures by test, for the reason text. */
typedef struct tally {
	unsigned ret_tested, ret_failed; /* return addresses */
	unsigned pc_tested, pc_failed; /* the faulting pc */
	int tramp_tested, tramp_failed;
} tally;

/* 1 the frame fits the file, 0 it does not, -1 it cannot be told. */
static int test_return_address(mt_module *m, uint64_t off)
{
	mt_insn in;
	int rc = mt_module_disasm(m, off, &in);

	if (rc == MT_ENOTFOUND || rc == MT_EFORMAT)
		return 0; /* not in this file's code, or not an instruction */
	if (rc < 0)
		return -1; /* no disassembler for it */
	rc = mt_module_is_after_call(m, off);
	return rc < 0 ? -1 : rc;
}

static int test_pc(mt_module *m, uint64_t off)
{
	mt_srcloc chain[MAX_CHAIN];
	mt_insn in;
	int rc = mt_module_disasm(m, off, &in);

	if (rc == MT_ENOTFOUND || rc == MT_EFORMAT)
		return 0;
	if (rc < 0)
		return -1;
	/* without debug info a pc in a static function has no name: no
	 * verdict from the name then */
	if (!mt_module_has_debug(m, NULL))
		return 1;
	return mt_module_lookup(m, off, chain, MAX_CHAIN) > 0 &&
	       chain[0].function;
}

static void count(unsigned *tested, unsigned *failed, int rc)
{
	if (rc < 0)
		return;
	(*tested)++;
	if (rc == 0)
		(*failed)++;
}

static void tally_frames(const modmap *map,
                         const modmap_entry *e,
                         const mt_report *r,
                         int tramp,
                         size_t pc_pos,
                         tally *t)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f = &r->frames[i];
		uint64_t off;

		if (!in_module(f, e->name) ||
		    !modmap_frame_offset(map, f, &off))
			continue;
		if ((int)i == tramp) {
			/* named "__restore_rt" in the dump, or the unnamed
			 * libc frame after the handler */
			t->tramp_tested = 1;
			t->tramp_failed = !at_sigreturn(e->m, off);
		} else if (f->form == MT_FORM_UNWOUND
		                   ? f->lookup == MT_LOOKUP_PC
		                   : i == pc_pos) {
			count(&t->pc_tested, &t->pc_failed, test_pc(e->m, off));
		} else if (off != 0) {
			count(&t->ret_tested, &t->ret_failed,
			      test_return_address(e->m, off));
		}
	}
}

static const char *basename_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static void verdict_from_tally(modmap_entry *e, const tally *t)
{
	mt_buf b = MT_BUF_INIT;
	const char *sep = "";

	e->tested = t->ret_tested + t->pc_tested + (unsigned)t->tramp_tested;
	e->failed = t->ret_failed + t->pc_failed + (unsigned)t->tramp_failed;
	if (!e->tested) {
		e->check = MT_MODCHECK_UNCHECKED;
		e->reason = mt_strdup(
		        "no frame of this module could be tested against the file");
		return;
	}
	if (!e->failed) {
		e->check = MT_MODCHECK_CALL_SITES;
		return;
	}
	/* The pc alone against return addresses that all follow calls: a
	 * wrong build would not put two or more of them after a call, while
	 * a bad jump can leave the pc outside any function of the right
	 * one. The call sites win; the reason keeps the pc's result. */
	if (t->ret_failed == 0 && !t->tramp_failed &&
	    t->ret_tested - t->ret_failed >= 2) {
		e->check = MT_MODCHECK_CALL_SITES;
		e->reason = mt_strdup(
		        "the faulting pc is not in a function's code, but every return address of this module follows a call");
		return;
	}
	e->check = MT_MODCHECK_MISMATCH;
	mt_buf_printf(&b, "%s here (%s) is not the build that crashed: ",
	              basename_of(e->name), mt_module_path(e->m));
	if (t->ret_failed) {
		mt_buf_printf(&b, "%u of %u return address%s not follow a call",
		              t->ret_failed, t->ret_tested,
		              t->ret_tested == 1 ? " does" : "es do");
		sep = "; ";
	}
	if (t->tramp_failed) {
		mt_buf_printf(
		        &b,
		        "%sthe signal trampoline frame is not at a signal-return sequence",
		        sep);
		sep = "; ";
	}
	if (t->pc_failed)
		mt_buf_printf(&b,
		              "%sthe faulting pc is not in a function's code",
		              sep);
	e->reason = mt_buf_detach(&b);
	mt_buf_release(&b);
}

/* The build-id --build-id gives for module name (a "MODULE=HEX" entry
 * whose MODULE is the name as printed, or its file name), or NULL. */
static const char *given_build_id(const mt_resolve_opts *o, const char *name)
{
	size_t i;

	for (i = 0; i < o->n_build_ids; i++) {
		const char *arg = o->build_ids[i], *eq = strrchr(arg, '=');
		size_t n = eq ? (size_t)(eq - arg) : 0;

		if (!eq)
			continue;
		if ((strlen(name) == n && !strncmp(name, arg, n)) ||
		    (strlen(basename_of(name)) == n &&
		     !strncmp(basename_of(name), arg, n)))
			return eq + 1;
	}
	return NULL;
}

/* A printed (or given) build-id decides alone: it names the build
 * exactly. */
static int verdict_from_build_id(modmap_entry *e,
                                 const mt_report *r,
                                 const mt_resolve_opts *o)
{
	const char *mine = mt_module_build_id(e->m);
	const char *printed = NULL;
	mt_buf b = MT_BUF_INIT;
	size_t i;

	for (i = 0; i < r->nframes && !printed; i++)
		if (in_module(&r->frames[i], e->name))
			printed = r->frames[i].build_id;
	if (!printed)
		printed = given_build_id(o, e->name);
	if (!printed || !mine)
		return 0;
	if (!strcasecmp(printed, mine)) {
		e->check = MT_MODCHECK_BUILD_ID;
		return 1;
	}
	e->check = MT_MODCHECK_MISMATCH;
	mt_buf_printf(
	        &b,
	        "%s here (%s) is not the build that crashed: build-id %s where it crashed, %s in the file",
	        basename_of(e->name), mt_module_path(e->m), printed, mine);
	e->reason = mt_buf_detach(&b);
	mt_buf_release(&b);
	return 1;
}

void modmap_build(modmap *map,
                  const mt_report *r,
                  const mt_resolve_opts *o,
                  int tramp,
                  size_t pc_pos)
{
	size_t j;

	memset(map, 0, sizeof(*map));
	if (!o->symbolizer)
		return;
	open_modules(map, r, o->symbolizer);
	bases_from_symbols(map, r);
	for (j = 0; j < map->n; j++) {
		modmap_entry *e = &map->e[j];
		tally t;

		if (!e->m)
			continue;
		if (e->base_source == MODBASE_UNKNOWN)
			base_from_pages(e, r);
		if (verdict_from_build_id(e, r, o))
			continue;
		if (o->no_disasm) {
			e->check = MT_MODCHECK_UNCHECKED;
			e->reason = mt_strdup(
			        "not tested against the file: disassembly is off");
			continue;
		}
		tally_frames(map, e, r, tramp, pc_pos, &t);
		verdict_from_tally(e, &t);
	}
}

void modmap_release(modmap *map)
{
	size_t i;

	for (i = 0; i < map->n; i++) {
		free(map->e[i].name);
		free(map->e[i].open_error);
		free(map->e[i].reason);
	}
	free(map->e);
	memset(map, 0, sizeof(*map));
}
