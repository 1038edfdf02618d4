/*
 * resolve.c - turn parsed frames into source locations.
 *
 * For each frame: take its module from the report's module map (modmap.c:
 * the file, its base, whether it is the build that crashed; frames of a
 * module that is not keep only what the dump printed), decide which
 * address to look up (the faulting PC as is, a return address at
 * address-1, field-notes section 4), and expand the inline chain into one
 * frame per function, innermost first, all sharing the input frame's
 * index.
 */
#include "modmap.h"

#include "maxtriage/buf.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_CHAIN 64
/* Nearest-symbol names further than this from their symbol are not the
 * function (macOS prints "_sigtramp + 4286886248" for JIT code). */
#define MAX_NEAREST_OFFSET 0x10000

typedef struct resolver {
	const mt_resolve_opts *o;
	modmap map; /* modules of the report, checked before any lookup */
} resolver;

static void set_reason(mt_frame *f, mt_frame_status status, const char *reason)
{
	f->status = status;
	free(f->status_reason);
	f->status_reason = reason ? mt_strdup(reason) : NULL;
}

static void printed_name_as_function(mt_frame *f)
{
	if (f->function || !f->symbol)
		return;
	if (f->bogus_symbol ||
	    (f->form == MT_FORM_COLUMN && f->has_symbol_offset &&
	     f->symbol_offset > MAX_NEAREST_OFFSET))
		return;
	f->function = mt_strdup(f->symbol);
}

static void describe_insn(mt_frame *f, const mt_insn *in)
{
	mt_buf b = MT_BUF_INIT;

	free(f->instruction);
	f->instruction = mt_strdup(in->text);
	switch (in->kind) {
	case MT_INSN_MEMORY:
		if (in->disp >= 0 && in->disp < 4096)
			mt_buf_printf(
			        &b,
			        "memory access at offset %lld from a register: a null or near-null pointer if the register was 0",
			        (long long)in->disp);
		else
			mt_buf_puts(
			        &b,
			        "memory access through a register: a bad or freed pointer");
		break;
	case MT_INSN_TRAP:
		mt_buf_puts(
		        &b,
		        "deliberate trap (ud2/int3/brk): abort(), llvm.trap, __builtin_trap or a failed check");
		break;
	case MT_INSN_DIVIDE:
		mt_buf_puts(&b, "integer divide: division by zero or overflow");
		break;
	case MT_INSN_CALL:
		mt_buf_puts(&b,
		            "call: a bad function pointer or stack overflow");
		break;
	default:
		break;
	}
	free(f->hint);
	f->hint = b.len ? mt_buf_detach(&b) : NULL;
	mt_buf_release(&b);
}

static char *dup_or_null(const char *s)
{
	return s ? mt_strdup(s) : NULL;
}

/* Copy the frame's printed fields into a fresh frame for one inline
 * level (strings duplicated, resolution fields empty). */
static mt_frame clone_base(const mt_frame *f)
{
	mt_frame c = *f;

	c.module = dup_or_null(f->module);
	c.symbol = dup_or_null(f->symbol);
	c.build_id = dup_or_null(f->build_id);
	c.module_path = dup_or_null(f->module_path);
	c.function = NULL;
	c.file = NULL;
	c.instruction = NULL;
	c.hint = NULL;
	c.status_reason = dup_or_null(f->status_reason);
	c.rule = NULL;
	c.blame = NULL;
	c.inlined = 0;
	return c;
}

static void push(mt_report *r, mt_frame *f)
{
	mt_report_insert_frame(r, r->nframes, f);
}

/* Frames that are settled from what the dump printed, without opening a
 * module: sets their status and returns 1; 0 when a lookup is needed. */
static int settle_as_printed(const resolver *rs, mt_frame *f)
{
	if (f->form == MT_FORM_PYTHON) {
		set_reason(f, MT_STATUS_FROM_DUMP, NULL);
		return 1;
	}
	if (f->redacted) {
		set_reason(f, MT_STATUS_REDACTED,
		           "address was redacted in the dump");
		printed_name_as_function(f);
		return 1;
	}
	if (f->unmapped) {
		set_reason(f, MT_STATUS_UNMAPPED,
		           "address is in no mapped module");
		return 1;
	}
	if (f->bogus_symbol) {
		set_reason(
		        f, MT_STATUS_JIT,
		        "nearest-symbol name is too far away to be the function: JIT code");
		return 1;
	}
	if (f->function || f->file) {
		/* symbolized by the program that printed the dump */
		set_reason(f, MT_STATUS_FROM_DUMP, NULL);
		return 1;
	}
	if (!f->module) {
		if (f->symbol) {
			printed_name_as_function(f);
			set_reason(
			        f, MT_STATUS_FROM_DUMP,
			        f->truncated
			                ? "the dump is cut off in this line: the name may be incomplete"
			                : "no module: name as printed");
		} else if (f->has_address) {
			set_reason(
			        f, MT_STATUS_JIT,
			        "address in no module: JIT-compiled code (Mojo or a MAX kernel)");
		} else {
			set_reason(f, MT_STATUS_NO_ADDRESS, NULL);
		}
		return 1;
	}
	if (!rs->o->symbolizer) {
		printed_name_as_function(f);
		set_reason(f, MT_STATUS_NOT_SYMBOLIZED,
		           "symbolization disabled");
		return 1;
	}
	return 0;
}

/* Push one frame per level of a looked-up inline chain, innermost first. */
static void push_chain(mt_report *out,
                       const mt_frame *f,
                       const mt_srcloc *chain,
                       int n,
                       int has_debug,
                       const char *why)
{
	int k;

	for (k = 0; k < n; k++) {
		mt_frame c = clone_base(f);

		c.function = dup_or_null(chain[k].function);
		c.file = dup_or_null(chain[k].file);
		c.line = chain[k].line;
		c.column = chain[k].column;
		c.inlined = k < n - 1;
		if (k == 0 && f->instruction) {
			c.instruction = mt_strdup(f->instruction);
			c.hint = dup_or_null(f->hint);
		}
		if (!c.function && f->symbol)
			c.function = mt_strdup(f->symbol);
		if (c.file)
			c.status = MT_STATUS_SYMBOLIZED;
		else
			c.status = has_debug ? MT_STATUS_NO_LINE_INFO
			                     : MT_STATUS_NO_DEBUG_INFO;
		if (!c.file && !has_debug) {
			free(c.status_reason);
			c.status_reason = dup_or_null(why);
		}
		push(out, &c);
	}
}

/* The file and offset of a frame that needs a lookup, from the module
 * map: returns the module, or NULL after settling the frame as printed
 * (module not found, another build, no base). */
static mt_module *frame_module(resolver *rs, mt_frame *f, uint64_t *addr)
{
	const modmap_entry *me = modmap_find(&rs->map, f->module);

	if (!me || !me->m) {
		printed_name_as_function(f);
		set_reason(f, MT_STATUS_MODULE_NOT_FOUND,
		           me && me->open_error ? me->open_error
		                                : "module not found");
		return NULL;
	}
	free(f->module_path);
	f->module_path = mt_strdup(mt_module_path(me->m));
	f->module_check = me->check;
	if (me->check == MT_MODCHECK_MISMATCH) {
		/* another build: keep only what the dump printed */
		printed_name_as_function(f);
		set_reason(f, MT_STATUS_MODULE_MISMATCH, me->reason);
		return NULL;
	}
	if (!f->build_id && mt_module_build_id(me->m))
		f->build_id = mt_strdup(mt_module_build_id(me->m));
	if (!modmap_frame_offset(&rs->map, f, addr)) {
		printed_name_as_function(f);
		set_reason(
		        f, MT_STATUS_NO_MODULE_BASE,
		        "column-form frame and no \"sym + off\" frame of this module to recover its base");
		return NULL;
	}
	if (!f->has_offset) {
		f->has_offset = 1;
		f->module_offset = *addr;
		if (me->base_source == MODBASE_PAGES)
			set_reason(
			        f, MT_STATUS_NONE,
			        "module base inferred: the only page alignment that puts this module's frames in code");
	}
	return me->m;
}

static void resolve_one(resolver *rs, mt_report *out, mt_frame *f, int is_pc)
{
	mt_module *m;
	mt_srcloc chain[MAX_CHAIN];
	uint64_t addr, look;
	const char *why = NULL;
	int n, has_debug;

	if (settle_as_printed(rs, f) || !(m = frame_module(rs, f, &addr)))
		goto keep;
	look = (is_pc || addr == 0) ? addr : addr - 1;
	f->lookup = (is_pc || addr == 0) ? MT_LOOKUP_PC : MT_LOOKUP_CALL_SITE;
	if (is_pc && !rs->o->no_disasm) {
		mt_insn in;

		if (mt_module_disasm(m, addr, &in) == 0)
			describe_insn(f, &in);
	}
	has_debug = mt_module_has_debug(m, &why);
	n = mt_module_lookup(m, look, chain, MAX_CHAIN);
	if (n <= 0) {
		printed_name_as_function(f);
		set_reason(f,
		           has_debug ? MT_STATUS_ADDRESS_NOT_FOUND
		                     : MT_STATUS_NO_DEBUG_INFO,
		           has_debug
		                   ? "address is not covered by the debug info"
		                   : why);
		goto keep;
	}
	if (!f->status_reason && mt_module_cu_refusal(m, look))
		set_reason(f, MT_STATUS_NONE, mt_module_cu_refusal(m, look));
	push_chain(out, f, chain, n, has_debug, why);
	mt_frame_release(f);
	return;
keep:
	push(out, f);
	memset(f, 0, sizeof(*f));
}

/*
 * Producer-symbolized dumps ("#N 0xADDR func file:line:col") name no
 * module, and LLVM's own symbolizer looked return addresses up as they
 * are, so their lines can be the line after the call. When the binaries
 * are at hand, find the module by the function's name, recover its base
 * (page alignment, confirmed by looking the address up again), and turn
 * the printed chain back into a module+offset frame that is resolved
 * like any other.
 */
#define MAX_CANDIDATE_FILES 512
#define MAX_CANDIDATE_DEPTH 4
#define MAX_FUNCTION_PAGES 16

static void
list_binaries(const char *dir, int depth, char ***files, size_t *n, size_t *cap)
{
	DIR *d;
	struct dirent *e;

	if (depth > MAX_CANDIDATE_DEPTH || !(d = opendir(dir)))
		return;
	while ((e = readdir(d)) && *n < MAX_CANDIDATE_FILES) {
		mt_buf p = MT_BUF_INIT;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		mt_buf_printf(&p, "%s/%s", dir, e->d_name);
		if (lstat(p.ptr, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				list_binaries(p.ptr, depth + 1, files, n, cap);
			else if (S_ISREG(st.st_mode) && (st.st_mode & 0111))
				MT_PUSH(*files, *n, *cap, mt_strdup(p.ptr));
		}
		mt_buf_release(&p);
	}
	closedir(d);
}

static int same_function(const char *a, const char *b)
{
	char *da, *db;
	int same;

	if (!a || !b)
		return 0;
	if (!strcmp(a, b))
		return 1;
	da = mt_function_display(a);
	db = mt_function_display(b);
	same = da && db && !strcmp(da, db);
	free(da);
	free(db);
	return same;
}

/* Does module m at base put address inside function fn? */
static int
base_fits(mt_module *m, uint64_t base, uint64_t address, const char *fn)
{
	mt_srcloc chain[MAX_CHAIN];
	int n;

	if (address < base)
		return 0;
	n = mt_module_lookup(m, address - base, chain, MAX_CHAIN);
	if (n <= 0)
		return 0;
	return same_function(chain[n - 1].function, fn);
}

typedef struct reloc {
	mt_module *m;
	const char *path; /* borrowed from the candidate list */
	uint64_t base;
	int votes;
} reloc;

static int printed_group_end(const mt_report *r, size_t i)
{
	size_t j = i;

	while (j + 1 < r->nframes && r->frames[j + 1].form == MT_FORM_LLVM &&
	       r->frames[j + 1].has_address && !r->frames[j + 1].module &&
	       r->frames[j + 1].address == r->frames[i].address &&
	       r->frames[j + 1].function)
		j++;
	return (int)j;
}

static int is_printed(const mt_frame *f)
{
	return f->form == MT_FORM_LLVM && f->has_address && !f->module &&
	       f->function && !f->redacted;
}

/* Vote: every printed chain whose outer function a module defines
 * proposes the page-aligned bases that put it there. */
static void vote_bases(resolver *rs,
                       const mt_report *r,
                       char **files,
                       size_t nfiles,
                       reloc **rel,
                       size_t *nrel,
                       size_t *caprel)
{
	size_t i, k, c;

	for (i = 0; i < r->nframes; i++) {
		const mt_frame *f;
		int end;

		if (!is_printed(&r->frames[i]))
			continue;
		end = printed_group_end(r, i);
		f = &r->frames[end];
		for (c = 0; c < nfiles; c++) {
			mt_module *m;
			mt_error err;
			uint64_t v, d;

			if (mt_symbolizer_module(&m, rs->o->symbolizer,
			                         files[c], NULL, &err) < 0 ||
			    mt_module_symbol_value(&v, m, f->function) < 0 ||
			    v > f->address)
				continue;
			d = f->address - v;
			for (k = 0; k < MAX_FUNCTION_PAGES; k++) {
				uint64_t base =
				        (d & ~(uint64_t)0xfff) - k * 0x1000;
				size_t q;

				if (k * 0x1000 > (d & ~(uint64_t)0xfff))
					break;
				if (!base_fits(m, base, f->address,
				               f->function))
					continue;
				for (q = 0; q < *nrel; q++)
					if ((*rel)[q].m == m &&
					    (*rel)[q].base == base)
						break;
				if (q == *nrel) {
					reloc e = { m, files[c], base, 0 };

					MT_PUSH(*rel, *nrel, *caprel, e);
				}
				(*rel)[q].votes++;
				break;
			}
		}
		i = (size_t)end;
	}
}

static void rebase_printed_frames(resolver *rs, mt_report *r)
{
	char **files = NULL;
	size_t nfiles = 0, capfiles = 0, i, k;
	reloc *rel = NULL;
	size_t nrel = 0, caprel = 0;
	mt_frame *out = NULL;
	size_t nout = 0, capout = 0;
	int any = 0;

	for (i = 0; i < r->nframes && !any; i++)
		any = is_printed(&r->frames[i]);
	if (!any || !rs->o->symbolizer || !rs->o->n_binary_dirs)
		return;
	for (i = 0; i < rs->o->n_binary_dirs; i++)
		list_binaries(rs->o->binary_dirs[i], 0, &files, &nfiles,
		              &capfiles);

	vote_bases(rs, r, files, nfiles, &rel, &nrel, &caprel);

	/* rebuild the frame list: a printed chain that the best-voted base
	 * of some module explains becomes one module+offset frame */
	for (i = 0; i < r->nframes; i++) {
		mt_frame *f = &r->frames[i];
		const reloc *best = NULL;
		int end;

		if (!is_printed(f)) {
			MT_PUSH(out, nout, capout, *f);
			continue;
		}
		end = printed_group_end(r, i);
		for (k = 0; k < nrel; k++)
			if (base_fits(rel[k].m, rel[k].base, f->address,
			              r->frames[end].function) &&
			    (!best || rel[k].votes > best->votes))
				best = &rel[k];
		if (!best) {
			for (; (int)i <= end; i++)
				MT_PUSH(out, nout, capout, r->frames[i]);
			i--;
			continue;
		}
		{
			mt_frame nf = r->frames[end];
			uint64_t address = f->address; /* f is released below */
			int q;

			nf.index = r->frames[i].index;
			for (q = (int)i; q < end; q++)
				mt_frame_release(&r->frames[q]);
			free(nf.function);
			free(nf.file);
			nf.function = NULL;
			nf.file = NULL;
			nf.line = nf.column = 0;
			nf.inlined = 0;
			nf.module = mt_strdup(best->path);
			nf.has_offset = 1;
			nf.module_offset = address - best->base;
			nf.status_reason = mt_strdup(
			        "printed symbolized without a module: module found by its function name, base by page alignment");
			MT_PUSH(out, nout, capout, nf);
		}
		i = (size_t)end;
	}
	free(r->frames);
	r->frames = out;
	r->nframes = nout;
	r->capframes = capout;
	for (i = 0; i < nfiles; i++)
		free(files[i]);
	free(files);
	free(rel);
}

void mt_resolve_report(mt_report *r, const mt_resolve_opts *o)
{
	resolver rs;
	mt_frame *orig;
	size_t n, i, pc_pos;
	int tramp;

	memset(&rs, 0, sizeof(rs));
	rs.o = o;
	rebase_printed_frames(&rs, r);
	tramp = mt_triage_find_trampoline(r);
	pc_pos = tramp >= 0 ? (size_t)tramp + 1 : 0;
	/* Frame 0 of a trace with no handler is looked up as a PC too: for
	 * sanitizers it is the fault, and a capture function's own frame
	 * (stack-trace-on-error) is where the trace was taken. */
	modmap_build(&rs.map, r, o, tramp, pc_pos);
	orig = r->frames;
	n = r->nframes;
	r->frames = NULL;
	r->nframes = 0;
	r->capframes = 0;
	r->trampoline = -1;
	for (i = 0; i < n; i++) {
		/* an unwound frame knows whether its pc is a return
		 * address (unwind.c); a printed one is a pc only where the
		 * dump's shape says so */
		resolve_one(&rs, r, &orig[i],
		            orig[i].form == MT_FORM_UNWOUND
		                    ? orig[i].lookup == MT_LOOKUP_PC
		                    : i == pc_pos);
		if ((int)i == tramp)
			r->trampoline = (int)r->nframes - 1;
	}
	/* LLVM prints the inline chain of one address as consecutive lines
	 * with the same address (and new numbers): all but the last are
	 * inlined frames. */
	for (i = 0; i + 1 < r->nframes; i++) {
		mt_frame *a = &r->frames[i], *b = &r->frames[i + 1];

		if (a->status == MT_STATUS_FROM_DUMP &&
		    b->status == MT_STATUS_FROM_DUMP && a->has_address &&
		    b->has_address && a->address == b->address &&
		    a->form == MT_FORM_LLVM && b->form == MT_FORM_LLVM)
			a->inlined = 1;
	}
	r->resolved = 1;
	for (i = 0; i < n; i++)
		mt_frame_release(&orig[i]);
	free(orig);
	modmap_release(&rs.map);
}
