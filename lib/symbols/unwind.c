/*
 * unwind.c - unwinding with libdwfl's own unwinder (maxtriage/unwind.h):
 * the callbacks that hand libdwfl a minidump's memory and registers, the
 * module and debug-file search through the symbolizer, the collection of
 * frames with how each was found, and the fallbacks after libdwfl stops.
 *
 * How a frame was found: the first is the thread's context; each later
 * one is "cfi" when the module holding the frame below it (at its pc, or
 * pc-1 for a return address: the lookup libdwfl itself makes) has an FDE
 * for that address in .eh_frame or .debug_frame, which is what libdwfl
 * unwinds with first; otherwise libdwfl's backend followed the frame
 * pointer ("frame_pointer"). When libdwfl stops before an outermost
 * frame (the CFI says the return address is undefined: _start, clone),
 * or a frame-pointer step lands outside any code, the stack above the
 * last good frame is scanned for a word that is a return address after
 * a call ("scan"), and libdwfl starts again from there.
 */
#include "symbols/symbols_int.h"
#include "symbols/unwind_int.h"

#include "maxtriage/buf.h"

#include <dwarf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__thread uw *uw_current;

void uw_warn(uw *u, const char *fmt, ...)
{
	mt_unwind_result *r = u->res;
	mt_buf b = MT_BUF_INIT;
	va_list ap;

	if (r->nwarnings >= 64)
		return;
	va_start(ap, fmt);
	mt_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	r->warnings = mt_realloc(r->warnings,
	                         (r->nwarnings + 1) * sizeof(*r->warnings));
	r->warnings[r->nwarnings++] = mt_buf_detach(&b);
}

/* ---- module files through the symbolizer ---------------------------- */

static char *module_build_id(Dwfl_Module *mod)
{
	const unsigned char *bits = NULL;
	GElf_Addr vaddr;
	int n = dwfl_module_build_id(mod, &bits, &vaddr);
	static const char digits[] = "0123456789abcdef";
	char *s;
	int i;

	if (n <= 0 || n > 64 || !bits)
		return NULL;
	s = mt_malloc(2 * (size_t)n + 1);
	for (i = 0; i < n; i++) {
		s[2 * i] = digits[bits[i] >> 4];
		s[2 * i + 1] = digits[bits[i] & 15];
	}
	s[2 * n] = '\0';
	return s;
}

/* The symbolizer's module for name and build-id, when its file is that
 * build (or no build-id is known to compare). */
static mt_module *
module_file(mt_symbolizer *s, const char *name, const char *id)
{
	mt_module *m = NULL;

	if (!s || mt_symbolizer_module(&m, s, name, id, NULL) < 0 || !m)
		return NULL;
	if (id && (!m->build_id || strcmp(m->build_id, id)))
		return NULL;
	return m;
}

static int open_path(const char *path, char **file_name)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0)
		*file_name = mt_strdup(path);
	return fd;
}

static int find_elf_common(Dwfl_Module *mod,
                           void **userdata,
                           const char *modname,
                           Dwarf_Addr base,
                           char **file_name,
                           Elf **elfp,
                           int proc)
{
	uw *u = uw_current;
	char *id = module_build_id(mod);
	const char *mapped = u ? uw_file_at(u, base) : NULL;
	mt_module *m = u ? module_file(u->sym, modname, id) : NULL;
	int fd = -1;

	/* A core names libraries by soname; its NT_FILE note has the
	 * path. Only a module file proper will do (m->elf): a debug file
	 * found by build-id alone has no .eh_frame, and libdwfl finds it
	 * itself as the module's debug file. */
	if ((!m || !m->elf) && mapped && u)
		m = module_file(u->sym, mapped, id);
	/* a file whose DWARF inflates past the bound is not libdwfl's to
	 * inflate either: its module is unwound without it */
	if (m && (m->inflate_refused & SYM_REFUSED_MAIN)) {
		free(id);
		return -1;
	}
	if (m && m->elf && m->path)
		fd = open_path(m->path, file_name);
	free(id);
	if (fd >= 0)
		return fd;
	return proc ? dwfl_linux_proc_find_elf(mod, userdata, modname, base,
	                                       file_name, elfp)
	            : dwfl_build_id_find_elf(mod, userdata, modname, base,
	                                     file_name, elfp);
}

static int find_elf(Dwfl_Module *mod,
                    void **userdata,
                    const char *modname,
                    Dwarf_Addr base,
                    char **file_name,
                    Elf **elfp)
{
	return find_elf_common(mod, userdata, modname, base, file_name, elfp,
	                       0);
}

static int find_elf_proc(Dwfl_Module *mod,
                         void **userdata,
                         const char *modname,
                         Dwarf_Addr base,
                         char **file_name,
                         Elf **elfp)
{
	return find_elf_common(mod, userdata, modname, base, file_name, elfp,
	                       1);
}

/* .debug_frame lives with the DWARF: the symbolizer's debug file. */
static int find_debuginfo(Dwfl_Module *mod,
                          void **userdata,
                          const char *modname,
                          GElf_Addr base,
                          const char *file_name,
                          const char *debuglink_file,
                          GElf_Word debuglink_crc,
                          char **debuginfo_file_name)
{
	uw *u = uw_current;
	char *id = module_build_id(mod);
	mt_module *m = u ? module_file(u->sym, modname, id) : NULL;
	int fd = -1;

	free(id);
	if (m && (m->inflate_refused & SYM_REFUSED_DEBUG) && !m->debug_path)
		return -1;
	if (m && m->debug_path &&
	    (!file_name || strcmp(m->debug_path, file_name)))
		fd = open_path(m->debug_path, debuginfo_file_name);
	if (fd >= 0)
		return fd;
	return dwfl_standard_find_debuginfo(mod, userdata, modname, base,
	                                    file_name, debuglink_file,
	                                    debuglink_crc, debuginfo_file_name);
}

const Dwfl_Callbacks uw_dwfl_callbacks = {
	.find_elf = find_elf,
	.find_debuginfo = find_debuginfo,
};

const Dwfl_Callbacks uw_proc_callbacks = {
	.find_elf = find_elf_proc,
	.find_debuginfo = find_debuginfo,
};

Elf *uw_arch_elf(uw *u, unsigned machine)
{
	unsigned char *h = u->arch_ehdr;

	if (u->arch_elf)
		return u->arch_elf;
	memset(h, 0, sizeof(u->arch_ehdr));
	memcpy(h, ELFMAG, SELFMAG);
	h[EI_CLASS] = ELFCLASS64;
	h[EI_DATA] = ELFDATA2LSB;
	h[EI_VERSION] = EV_CURRENT;
	h[16] = ET_EXEC; /* e_type */
	h[18] = (unsigned char)(machine & 0xff); /* e_machine */
	h[19] = (unsigned char)(machine >> 8);
	h[20] = EV_CURRENT; /* e_version */
	h[52] = 64; /* e_ehsize */
	u->arch_elf = elf_memory((char *)h, sizeof(u->arch_ehdr));
	return u->arch_elf;
}

/* ---- libdwfl callbacks over our own memory and registers ------------ */

static pid_t own_next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	uw *u = arg;

	if (!u->img || u->next_thread >= u->img->nthreads)
		return 0;
	*thread_argp = (void *)&u->img->threads[u->next_thread];
	return (pid_t)u->img->threads[u->next_thread++].tid;
}

static bool own_get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **argp)
{
	uw *u = arg;
	size_t i;

	if (tid == UW_RESTART_TID) {
		*argp = &u->restart;
		return true;
	}
	for (i = 0; u->img && i < u->img->nthreads; i++)
		if (u->img->threads[i].tid == tid) {
			*argp = (void *)&u->img->threads[i];
			return true;
		}
	return false;
}

static bool
own_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	uw *u = arg;
	uint64_t w = 0;

	if (u->read(u->read_ctx, addr, &w, sizeof(w)) != sizeof(w))
		return false;
	*result = w;
	return true;
}

/* Hand libdwfl each run of known registers. */
static bool set_regs(Dwfl_Thread *thread,
                     unsigned machine,
                     const uint64_t *regs,
                     uint64_t valid)
{
	unsigned nregs = machine == EM_AARCH64 ? 32 : 17, i = 0;
	Dwarf_Word vals[MT_UNWIND_MAX_REGS];

	while (i < nregs) {
		unsigned first = i;

		if (!(valid & (1ull << i))) {
			i++;
			continue;
		}
		while (i < nregs && (valid & (1ull << i))) {
			vals[i - first] = regs[i];
			i++;
		}
		if (!dwfl_thread_state_registers(thread, (int)first, i - first,
		                                 vals))
			return false;
	}
	if (machine == EM_AARCH64) {
		if (!(valid & (1ull << 32)))
			return false;
		dwfl_thread_state_register_pc(thread, regs[32]);
		return true;
	}
	return (valid & (1ull << 16)) != 0;
}

static bool own_set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	uw *u = uw_current;
	pid_t tid = dwfl_thread_tid(thread);

	if (!u)
		return false;
	if (tid == UW_RESTART_TID) {
		const uw_regs *r = arg;

		return set_regs(thread, u->machine, r->regs, r->valid);
	}
	{
		const mt_unwind_thread_in *t = arg;

		return set_regs(thread, u->machine, t->regs, t->valid);
	}
}

const Dwfl_Thread_Callbacks uw_own_callbacks = {
	.next_thread = own_next_thread,
	.get_thread = own_get_thread,
	.memory_read = own_memory_read,
	.set_initial_registers = own_set_initial_registers,
};

/* ---- frames ---------------------------------------------------------- */

static unsigned sp_reg(unsigned machine)
{
	return machine == EM_AARCH64 ? 31 : 7;
}

/* Registers a callee preserves for its caller (kept across a scan, as
 * Breakpad does): x86-64 rbx rbp r12-r15, aarch64 x19-x29. */
static int callee_saved(unsigned machine, unsigned reg)
{
	if (machine == EM_AARCH64)
		return reg >= 19 && reg <= 29;
	return reg == 3 || reg == 6 || (reg >= 12 && reg <= 15);
}

/* Does the CFI libdwfl unwinds with cover the frame at pc? */
static int cfi_covers(Dwfl *d, uint64_t pc, int exact)
{
	uint64_t look = exact || pc == 0 ? pc : pc - 1;
	Dwfl_Module *mod = dwfl_addrmodule(d, look);
	Dwarf_Addr bias;
	Dwarf_CFI *cfi;
	Dwarf_Frame *fr = NULL;
	int k;

	if (!mod)
		return 0;
	for (k = 0; k < 2; k++) {
		cfi = k == 0 ? dwfl_module_eh_cfi(mod, &bias)
		             : dwfl_module_dwarf_cfi(mod, &bias);
		if (cfi && dwarf_cfi_addrframe(cfi, look - bias, &fr) == 0) {
			free(fr);
			return 1;
		}
	}
	return 0;
}

/* The entry of res->modules holding addr, or -1. */
static long module_index(const mt_unwind_result *r, uint64_t addr)
{
	size_t i;

	for (i = 0; i < r->nmodules; i++)
		if (addr >= r->modules[i].start && addr < r->modules[i].end)
			return (long)i;
	return -1;
}

static void place_frame(uw *u, mt_unwind_frame *f)
{
	uint64_t look = f->exact || f->pc == 0 ? f->pc : f->pc - 1;
	Dwfl_Module *mod = dwfl_addrmodule(u->active, look);
	Dwarf_Addr bias;

	f->module = module_index(u->res, look);
	if (mod && dwfl_module_getelf(mod, &bias)) {
		f->has_offset = 1;
		f->module_offset = f->pc - bias;
	} else if (f->module >= 0) {
		f->has_offset = 1;
		f->module_offset = f->pc - u->res->modules[f->module].start;
	}
}

/* Whether addr lies in an executable mapping the image lists (true when
 * it lists none). */
static int in_code(const uw *u, uint64_t addr)
{
	size_t i;

	if (!u->img || !u->img->ncode)
		return 1;
	for (i = 0; i < u->img->ncode; i++)
		if (addr >= u->img->code[2 * i] &&
		    addr < u->img->code[2 * i + 1])
			return 1;
	return 0;
}

/* Whether a stack word w can be a return address: in a module, and,
 * when its file is here, right after a call instruction (capstone: an
 * address in no executable section, or one that capstone cannot decode,
 * is not one). Without the file, any address in the module's range, as
 * Breakpad and rust-minidump accept without symbols. */
static int return_address(uw *u, uint64_t w)
{
	long i = module_index(u->res, w - 1);
	const mt_unwind_module *m;
	mt_module *mm;
	Dwfl_Module *dm;
	Dwarf_Addr bias;

	if (i < 0 || w < 2)
		return 0;
	m = &u->res->modules[i];
	dm = dwfl_addrmodule(u->active, w - 1);
	if (!m->path || !dm || !dwfl_module_getelf(dm, &bias))
		return in_code(u, w - 1);
	mm = module_file(u->sym, m->path, m->build_id);
	if (!mm)
		return in_code(u, w - 1);
	return mt_module_is_after_call(mm, w - bias) == 1;
}

/* A pc a frame-pointer step may give: a return address by the same
 * test as a scan's. */
static int plausible_pc(uw *u, uint64_t pc)
{
	return return_address(u, pc);
}

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	uw *u = arg;
	mt_unwind_thread *t = u->cur;
	mt_unwind_frame f;
	Dwarf_Addr pc;
	Dwarf_Word v;
	bool act = false;
	unsigned r;
	int first = t->nframes == u->seg_first;

	if (!dwfl_frame_pc(state, &pc, &act))
		return DWARF_CB_ABORT;
	if (t->nframes >= UW_MAX_FRAMES) {
		free(t->stop);
		t->stop = mt_strdup("stopped after 256 frames");
		return DWARF_CB_ABORT;
	}
	memset(&f, 0, sizeof(f));
	f.pc = pc;
	f.exact = act;
	f.found_by = first ? u->seg_found : u->next_found;
	if (first && u->seg_found == MT_FOUND_SCAN)
		f.exact = 0; /* a return address, not an interrupted pc */
	if (f.found_by == MT_FOUND_FRAME_POINTER && !plausible_pc(u, pc)) {
		u->bogus = 1;
		return DWARF_CB_ABORT;
	}
	if (dwfl_frame_reg(state, sp_reg(u->machine), &v) == 0) {
		f.has_sp = 1;
		f.sp = v;
	}
	if (!first && f.exact && t->nframes > 0)
		t->frames[t->nframes - 1].sigtramp = 1;
	place_frame(u, &f);
	t->frames = mt_realloc(t->frames, (t->nframes + 1) * sizeof(f));
	t->frames[t->nframes++] = f;
	/* what a scan above this frame would carry over */
	u->last.valid = 0;
	for (r = 0; r < MT_UNWIND_MAX_REGS; r++)
		if (callee_saved(u->machine, r) &&
		    dwfl_frame_reg(state, r, &v) == 0) {
			u->last.regs[r] = v;
			u->last.valid |= 1ull << r;
		}
	u->next_found = cfi_covers(u->active, pc, f.exact)
	                        ? MT_FOUND_CFI
	                        : MT_FOUND_FRAME_POINTER;
	return DWARF_CB_OK;
}

/* The restart Dwfl for cores and processes: the same modules, reported
 * again, attached with our callbacks over u->read. */
static int report_again(Dwfl_Module *mod,
                        void **userdata,
                        const char *name,
                        Dwarf_Addr start,
                        void *arg)
{
	Dwfl *to = arg;
	const char *mainfile = NULL, *debugfile = NULL;
	Dwarf_Addr bias;

	if (!dwfl_module_getelf(mod, &bias))
		return DWARF_CB_OK;
	dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, &mainfile,
	                 &debugfile);
	if (mainfile)
		(void)dwfl_report_elf(to, name, mainfile, -1, start, false);
	return DWARF_CB_OK;
}

static Dwfl *restart_dwfl(uw *u)
{
	Dwfl *d;

	if (u->rdwfl || u->rdwfl_failed || !u->read)
		return u->rdwfl;
	d = dwfl_begin(&uw_dwfl_callbacks);
	if (!d) {
		u->rdwfl_failed = 1;
		return NULL;
	}
	dwfl_report_begin(d);
	dwfl_getmodules(u->dwfl, report_again, d, 0);
	dwfl_report_end(d, NULL, NULL);
	if (!dwfl_attach_state(d, uw_arch_elf(u, u->machine),
	                       (pid_t)u->res->pid, &uw_own_callbacks, u)) {
		uw_warn(u, "dwfl_attach_state: %s: no unwinding after a scan",
		        dwfl_errmsg(-1));
		dwfl_end(d);
		u->rdwfl_failed = 1;
		return NULL;
	}
	u->rdwfl = d;
	return d;
}

/* Scan UW_SCAN_WORDS words above sp for a return address; 1 and the
 * restart registers set, or 0. */
static int scan(uw *u, uint64_t sp)
{
	unsigned i, width = 8;

	for (i = 0; i < UW_SCAN_WORDS; i++) {
		uint64_t w = 0, at = sp + (uint64_t)i * width;

		if (u->read(u->read_ctx, at, &w, width) != width)
			return 0;
		if (!return_address(u, w))
			continue;
		u->restart = u->last;
		u->restart.regs[sp_reg(u->machine)] = at + width;
		u->restart.valid |= 1ull << sp_reg(u->machine);
		if (u->machine == EM_AARCH64) {
			u->restart.regs[32] = w;
			u->restart.valid |= 1ull << 32;
		} else {
			u->restart.regs[16] = w;
			u->restart.valid |= 1ull << 16;
		}
		return 1;
	}
	return 0;
}

/* Run libdwfl over one thread of d; 0 when it reached an outermost
 * frame, -1 when it stopped short (or was stopped). */
static int
run_segment(uw *u, Dwfl *d, Dwfl_Thread *thread, pid_t tid, mt_frame_found how)
{
	int rc;

	u->active = d;
	u->seg_first = u->cur->nframes;
	u->seg_found = how;
	u->bogus = 0;
	rc = thread ? dwfl_thread_getframes(thread, frame_cb, u)
	            : dwfl_getthread_frames(d, tid, frame_cb, u);
	if (rc == 0 && !u->bogus)
		return 0;
	if (rc == -1 && !u->cur->stop && u->cur->nframes == u->seg_first)
		uw_warn(u, "thread %ld: %s", u->cur->tid, dwfl_errmsg(-1));
	return -1;
}

void uw_collect_thread(uw *u, Dwfl_Thread *thread, long tid)
{
	mt_unwind_result *r = u->res;
	mt_unwind_thread *t;
	Dwfl *main = u->dwfl;
	int scans = 0;

	r->threads =
	        mt_realloc(r->threads, (r->nthreads + 1) * sizeof(*r->threads));
	t = &r->threads[r->nthreads++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	u->cur = t;
	memset(&u->last, 0, sizeof(u->last));
	if (run_segment(u, main, thread, (pid_t)tid, MT_FOUND_CONTEXT) == 0)
		goto out;
	while (!t->stop && t->nframes > 0 && scans++ < UW_MAX_SCANS) {
		const mt_unwind_frame *last = &t->frames[t->nframes - 1];
		Dwfl *rd;

		if (!last->has_sp || !u->read || !scan(u, last->sp))
			break;
		rd = u->img ? main : restart_dwfl(u);
		if (!rd)
			break;
		if (run_segment(u, rd, NULL, UW_RESTART_TID, MT_FOUND_SCAN) ==
		    0)
			goto out;
	}
	/* a thread without a single frame was said by run_segment */
	if (!t->stop && t->nframes)
		t->stop = mt_strdup(
		        "no CFI, frame pointer or return address on the stack leads further");
out:
	u->cur = NULL;
	u->active = main;
}

/* ---- minidump images ------------------------------------------------- */

const char *uw_file_at(const uw *u, uint64_t addr)
{
	size_t i;

	for (i = 0; i < u->nfiles; i++)
		if (addr >= u->files[i].start && addr < u->files[i].end)
			return u->files[i].path;
	return NULL;
}

void uw_release(uw *u)
{
	size_t i;

	for (i = 0; i < u->nfiles; i++)
		free(u->files[i].path);
	free(u->files);
	u->files = NULL;
	u->nfiles = 0;
	if (u->rdwfl && u->rdwfl != u->dwfl)
		dwfl_end(u->rdwfl);
	if (u->dwfl)
		dwfl_end(u->dwfl);
	if (u->arch_elf)
		elf_end(u->arch_elf);
	u->dwfl = u->rdwfl = NULL;
	u->arch_elf = NULL;
}

int mt_unwind_image_threads(mt_unwind_result *out,
                            mt_symbolizer *s,
                            const mt_unwind_image *img,
                            mt_error *err)
{
	uw u;
	size_t i;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	memset(&u, 0, sizeof(u));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return mt_error_set(err, MT_ERROR, "elf_version: %s",
		                    elf_errmsg(-1));
	out->machine = img->machine;
	out->pid = img->pid;
	if (img->machine != EM_X86_64 && img->machine != EM_AARCH64)
		return mt_error_set(
		        err, MT_EUNSUPPORTED,
		        "unwinding: architecture %u is not supported",
		        img->machine);
	u.sym = s;
	u.res = out;
	u.machine = img->machine;
	u.img = img;
	u.read = img->read;
	u.read_ctx = img->read_ctx;
	uw_current = &u;
	u.dwfl = dwfl_begin(&uw_dwfl_callbacks);
	if (!u.dwfl) {
		ret = mt_error_set(err, MT_ERROR, "dwfl_begin: %s",
		                   dwfl_errmsg(-1));
		goto out;
	}
	out->modules = mt_calloc(img->nmodules ? img->nmodules : 1,
	                         sizeof(*out->modules));
	dwfl_report_begin(u.dwfl);
	for (i = 0; i < img->nmodules; i++) {
		const mt_unwind_module_in *in = &img->modules[i];
		mt_unwind_module *m = &out->modules[out->nmodules++];
		mt_module *file = NULL;

		m->name = mt_strdup(in->name ? in->name : "");
		m->build_id = in->build_id ? mt_strdup(in->build_id) : NULL;
		m->start = in->base;
		m->end = in->base + in->size;
		if (in->name && *in->name)
			file = module_file(s, in->name, in->build_id);
		/* a debug file found by build-id alone has no .eh_frame */
		if (!file || !file->path || !file->elf)
			continue;
		if (file->inflate_refused & SYM_REFUSED_MAIN) {
			uw_warn(&u,
			        "'%s': compressed debug sections over the "
			        "inflation bound (--max-inflate): not "
			        "unwound through its CFI",
			        file->path);
			continue;
		}
		if (!dwfl_report_elf(u.dwfl, m->name, file->path, -1, in->base,
		                     false)) {
			uw_warn(&u, "dwfl_report_elf: '%s': %s", file->path,
			        dwfl_errmsg(-1));
			continue;
		}
		m->path = mt_strdup(file->path);
		m->has_elf = 1;
	}
	dwfl_report_end(u.dwfl, NULL, NULL);
	/* A module's range from its file beats a writer's size (lldb
	 * writes the size of the first segment only). */
	for (i = 0; i < out->nmodules; i++) {
		Dwfl_Module *dm =
		        out->modules[i].path
		                ? dwfl_addrmodule(u.dwfl, out->modules[i].start)
		                : NULL;
		Dwarf_Addr lo, hi;

		if (dm &&
		    dwfl_module_info(dm, NULL, &lo, &hi, NULL, NULL, NULL,
		                     NULL) &&
		    hi > out->modules[i].end)
			out->modules[i].end = hi;
	}
	if (!dwfl_attach_state(u.dwfl, uw_arch_elf(&u, img->machine),
	                       (pid_t)img->pid, &uw_own_callbacks, &u)) {
		ret = mt_error_set(err, MT_ERROR, "dwfl_attach_state: %s",
		                   dwfl_errmsg(-1));
		goto out;
	}
	u.rdwfl = u.dwfl;
	u.active = u.dwfl;
	for (i = 0; i < img->nthreads && i < UW_MAX_THREADS; i++)
		uw_collect_thread(&u, NULL, img->threads[i].tid);
out:
	uw_release(&u);
	uw_current = NULL;
	return ret;
}

void mt_unwind_warn(mt_unwind_result *r, const char *warning)
{
	if (r->nwarnings >= 64)
		return;
	r->warnings = mt_realloc(r->warnings,
	                         (r->nwarnings + 1) * sizeof(*r->warnings));
	r->warnings[r->nwarnings++] = mt_strdup(warning);
}

void mt_unwind_result_release(mt_unwind_result *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nmodules; i++) {
		free(r->modules[i].name);
		free(r->modules[i].build_id);
		free(r->modules[i].path);
	}
	free(r->modules);
	for (i = 0; i < r->nthreads; i++) {
		free(r->threads[i].frames);
		free(r->threads[i].stop);
	}
	free(r->threads);
	free(r->command_line);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	memset(r, 0, sizeof(*r));
}
