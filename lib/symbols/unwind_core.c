/*
 * unwind_core.c - ELF core files and live processes (maxtriage/unwind.h),
 * the way eu-stack reads them: libdwfl reports the modules
 * (dwfl_core_file_report, dwfl_linux_proc_report) and attaches its own
 * thread callbacks (dwfl_core_file_attach, dwfl_linux_proc_attach); the
 * frames are collected by unwind.c. What the core's notes say about the
 * crash (signal, si_code, fault address, the thread it hit, the command
 * line) is read here from NT_PRSTATUS, NT_SIGINFO and NT_PRPSINFO.
 */
#include "symbols/symbols_int.h"
#include "symbols/unwind_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef NT_SIGINFO
#define NT_SIGINFO 0x53494749
#endif
#ifndef NT_FILE
#define NT_FILE 0x46494c45
#endif
#define MAX_CORE_FILES 65536

int mt_unwind_is_core(const void *data, size_t size)
{
	const unsigned char *p = data;

	return size >= 64 && !memcmp(p, ELFMAG, SELFMAG) &&
	       p[EI_CLASS] == ELFCLASS64 && p[EI_DATA] == ELFDATA2LSB &&
	       p[16] == ET_CORE && p[17] == 0;
}

/* ---- the core's memory, for scanning -------------------------------- */

typedef struct core_mem {
	const unsigned char *file;
	size_t size;
	GElf_Phdr *load;
	size_t nload;
} core_mem;

static size_t core_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const core_mem *c = ctx;
	size_t i;

	for (i = 0; i < c->nload; i++) {
		const GElf_Phdr *ph = &c->load[i];
		uint64_t off, n;

		if (addr < ph->p_vaddr || addr - ph->p_vaddr >= ph->p_filesz)
			continue;
		off = ph->p_offset + (addr - ph->p_vaddr);
		n = ph->p_filesz - (addr - ph->p_vaddr);
		if (off >= c->size)
			return 0;
		if (n > c->size - off)
			n = c->size - off;
		if (n > len)
			n = len;
		memcpy(buf, c->file + off, (size_t)n);
		return (size_t)n;
	}
	return 0;
}

static void core_segments(core_mem *c, Elf *elf)
{
	size_t n, i;

	c->file = (const unsigned char *)elf_rawfile(elf, &c->size);
	if (!c->file || elf_getphdrnum(elf, &n) != 0)
		return;
	c->load = mt_calloc(n ? n : 1, sizeof(*c->load));
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    ph.p_filesz)
			c->load[c->nload++] = ph;
	}
}

/* ---- notes ----------------------------------------------------------- */

static uint32_t u32le(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t u64le(const unsigned char *p)
{
	return (uint64_t)u32le(p) | (uint64_t)u32le(p + 4) << 32;
}

/* The first NT_PRSTATUS is the thread that got the signal (the kernel
 * writes it first); NT_SIGINFO follows it with si_code and si_addr. */
/* NT_FILE: count, page size, count (start, end, page offset) triples,
 * then count NUL-terminated paths: which file each mapping is, for the
 * modules libdwfl names by soname alone. */
static void read_file_note(uw *u, const unsigned char *d, size_t n)
{
	uint64_t count, i;
	size_t names;

	if (n < 16)
		return;
	count = u64le(d);
	if (count > MAX_CORE_FILES || count > (n - 16) / 24)
		return;
	names = 16 + (size_t)count * 24;
	u->files = mt_calloc(count ? count : 1, sizeof(*u->files));
	for (i = 0; i < count && names < n; i++) {
		const unsigned char *e = d + 16 + 24 * i;
		const void *nul = memchr(d + names, '\0', n - names);

		if (!nul)
			break;
		u->files[u->nfiles].start = u64le(e);
		u->files[u->nfiles].end = u64le(e + 8);
		u->files[u->nfiles].path = mt_strdup((const char *)d + names);
		u->nfiles++;
		names = (size_t)((const unsigned char *)nul - d) + 1;
	}
}

static void read_notes(uw *u, Elf *elf)
{
	mt_unwind_result *r = u->res;
	size_t n, i;
	int seen_status = 0, seen_siginfo = 0;

	if (elf_getphdrnum(elf, &n) != 0)
		return;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_NOTE)
			continue;
		d = elf_getdata_rawchunk(elf, (int64_t)ph.p_offset, ph.p_filesz,
		                         ELF_T_NHDR);
		if (!d)
			continue;
		while ((off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) >
		       0) {
			const unsigned char *desc =
			        (const unsigned char *)d->d_buf + desc_off;

			if (nh.n_type == NT_PRSTATUS && !seen_status++ &&
			    nh.n_descsz >= 40) {
				r->signal = (int)(int16_t)(desc[12] |
				                           desc[13] << 8);
				if (!r->signal)
					r->signal = (int)u32le(desc);
				r->crashed_tid = (long)u32le(desc + 32);
			} else if (nh.n_type == NT_SIGINFO && !seen_siginfo++ &&
			           nh.n_descsz >= 24) {
				int signo = (int)u32le(desc);

				r->has_si_code = 1;
				r->si_code = (int)u32le(desc + 8);
				/* si_addr for the faults; si_code > 0 means
				 * the kernel sent it (not kill/raise) */
				if ((signo == 11 || signo == 7 || signo == 4 ||
				     signo == 8 || signo == 5) &&
				    r->si_code > 0) {
					r->has_fault_address = 1;
					r->fault_address = u64le(desc + 16);
				}
			} else if (nh.n_type == NT_FILE && !u->nfiles) {
				read_file_note(u, desc, nh.n_descsz);
			} else if (nh.n_type == NT_PRPSINFO &&
			           nh.n_descsz >= 136 && !r->command_line) {
				size_t k = 0;

				while (k < 80 && desc[56 + k])
					k++;
				r->command_line =
				        mt_strndup((const char *)desc + 56, k);
				while (k > 0 && r->command_line[k - 1] == ' ')
					r->command_line[--k] = '\0';
			}
		}
	}
}

/* ---- modules and threads --------------------------------------------- */

static int list_one(Dwfl_Module *mod,
                    void **userdata,
                    const char *name,
                    Dwarf_Addr start,
                    void *arg)
{
	uw *u = arg;
	mt_unwind_result *r = u->res;
	mt_unwind_module *m;
	Dwarf_Addr lo, hi, bias;
	const char *mainfile = NULL, *debugfile = NULL;
	const unsigned char *bits = NULL;
	GElf_Addr vaddr;
	int n;

	if (r->nmodules >= 65536)
		return DWARF_CB_ABORT;
	r->modules =
	        mt_realloc(r->modules, (r->nmodules + 1) * sizeof(*r->modules));
	m = &r->modules[r->nmodules++];
	memset(m, 0, sizeof(*m));
	dwfl_module_info(mod, NULL, &lo, &hi, NULL, NULL, NULL, NULL);
	m->start = lo;
	m->end = hi;
	n = dwfl_module_build_id(mod, &bits, &vaddr);
	if (n > 0 && n <= 64 && bits) {
		static const char digits[] = "0123456789abcdef";
		int i;

		m->build_id = mt_malloc(2 * (size_t)n + 1);
		for (i = 0; i < n; i++) {
			m->build_id[2 * i] = digits[bits[i] >> 4];
			m->build_id[2 * i + 1] = digits[bits[i] & 15];
		}
		m->build_id[2 * n] = '\0';
	}
	if (dwfl_module_getelf(mod, &bias)) {
		m->has_elf = 1;
		dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, &mainfile,
		                 &debugfile);
		if (mainfile)
			m->path = mt_strdup(mainfile);
	}
	/* the name a resolver can open: the file, else the core's mapping */
	if (m->path)
		m->name = mt_strdup(m->path);
	else if (uw_file_at(u, lo))
		m->name = mt_strdup(uw_file_at(u, lo));
	else
		m->name = mt_strdup(name ? name : "");
	return DWARF_CB_OK;
}

void uw_list_modules(uw *u)
{
	dwfl_getmodules(u->dwfl, list_one, u, 0);
}

static int thread_cb(Dwfl_Thread *thread, void *arg)
{
	uw *u = arg;

	if (u->res->nthreads >= UW_MAX_THREADS)
		return DWARF_CB_ABORT;
	uw_collect_thread(u, thread, (long)dwfl_thread_tid(thread));
	return DWARF_CB_OK;
}

/* The crashing thread first (the order eu-stack prints is the notes'). */
static void crashed_first(mt_unwind_result *r)
{
	size_t i;

	for (i = 1; r->crashed_tid && i < r->nthreads; i++)
		if (r->threads[i].tid == r->crashed_tid) {
			mt_unwind_thread t = r->threads[i];

			memmove(&r->threads[1], &r->threads[0],
			        i * sizeof(*r->threads));
			r->threads[0] = t;
			break;
		}
}

int mt_unwind_core(mt_unwind_result *out,
                   mt_symbolizer *s,
                   const char *path,
                   const char *executable,
                   mt_error *err)
{
	uw u;
	core_mem mem;
	Elf *elf = NULL;
	GElf_Ehdr eh;
	int fd = -1, ret = 0, pid;

	memset(out, 0, sizeof(*out));
	memset(&u, 0, sizeof(u));
	memset(&mem, 0, sizeof(mem));
	/* libelf needs its version set even when no symbolizer did */
	if (elf_version(EV_CURRENT) == EV_NONE)
		return mt_error_set(err, MT_ERROR, "elf_version: %s",
		                    elf_errmsg(-1));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return mt_error_set(err, MT_EIO, "cannot open '%s': %s", path,
		                    strerror(errno));
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || !gelf_getehdr(elf, &eh) || eh.e_type != ET_CORE) {
		ret = mt_error_set(err, MT_EFORMAT,
		                   "'%s' is not an ELF core file", path);
		goto out;
	}
	out->machine = eh.e_machine;
	if (eh.e_machine != EM_X86_64 && eh.e_machine != EM_AARCH64) {
		ret = mt_error_set(
		        err, MT_EUNSUPPORTED,
		        "core '%s': architecture %u is not supported", path,
		        eh.e_machine);
		goto out;
	}
	u.sym = s;
	u.res = out;
	u.machine = eh.e_machine;
	core_segments(&mem, elf);
	u.read = core_read;
	u.read_ctx = &mem;
	read_notes(&u, elf);
	uw_current = &u;
	u.dwfl = dwfl_begin(&uw_dwfl_callbacks);
	if (!u.dwfl) {
		ret = mt_error_set(err, MT_ERROR, "dwfl_begin: %s",
		                   dwfl_errmsg(-1));
		goto out;
	}
	dwfl_report_begin(u.dwfl);
	if (dwfl_core_file_report(u.dwfl, elf, executable) < 0) {
		ret = mt_error_set(err, MT_EFORMAT,
		                   "dwfl_core_file_report: '%s': %s", path,
		                   dwfl_errmsg(-1));
		goto out;
	}
	dwfl_report_end(u.dwfl, NULL, NULL);
	pid = dwfl_core_file_attach(u.dwfl, elf);
	if (pid < 0) {
		ret = mt_error_set(err, MT_EFORMAT,
		                   "dwfl_core_file_attach: '%s': %s", path,
		                   dwfl_errmsg(-1));
		goto out;
	}
	out->pid = pid;
	uw_list_modules(&u);
	u.active = u.dwfl;
	if (dwfl_getthreads(u.dwfl, thread_cb, &u) < 0 && !out->nthreads)
		ret = mt_error_set(err, MT_EFORMAT, "dwfl_getthreads: '%s': %s",
		                   path, dwfl_errmsg(-1));
	crashed_first(out);
out:
	uw_release(&u);
	uw_current = NULL;
	free(mem.load);
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return ret;
}

/* ---- live processes -------------------------------------------------- */

typedef struct proc_mem {
	int fd;
} proc_mem;

static size_t proc_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const proc_mem *p = ctx;
	ssize_t n;

	if (addr > (uint64_t)INT64_MAX)
		return 0;
	n = pread(p->fd, buf, len, (off_t)addr);
	return n > 0 ? (size_t)n : 0;
}

static int no_frames(const mt_unwind_result *r)
{
	size_t i;

	for (i = 0; i < r->nthreads; i++)
		if (r->threads[i].nframes)
			return 0;
	return 1;
}

int mt_unwind_pid(mt_unwind_result *out,
                  mt_symbolizer *s,
                  pid_t pid,
                  mt_error *err)
{
	uw u;
	proc_mem mem = { -1 };
	char path[64];
	int ret = 0, rc;

	memset(out, 0, sizeof(*out));
	memset(&u, 0, sizeof(u));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return mt_error_set(err, MT_ERROR, "elf_version: %s",
		                    elf_errmsg(-1));
	u.sym = s;
	u.res = out;
	out->pid = pid;
	uw_current = &u;
	u.dwfl = dwfl_begin(&uw_proc_callbacks);
	if (!u.dwfl) {
		ret = mt_error_set(err, MT_ERROR, "dwfl_begin: %s",
		                   dwfl_errmsg(-1));
		goto out;
	}
	dwfl_report_begin(u.dwfl);
	rc = dwfl_linux_proc_report(u.dwfl, pid);
	if (rc != 0) {
		ret = mt_error_set(err, MT_ENOTFOUND,
		                   "dwfl_linux_proc_report: process %d: %s",
		                   (int)pid,
		                   rc > 0 ? strerror(rc) : dwfl_errmsg(-1));
		goto out;
	}
	dwfl_report_end(u.dwfl, NULL, NULL);
	rc = dwfl_linux_proc_attach(u.dwfl, pid, false);
	if (rc != 0) {
		ret = mt_error_set(err, MT_EUNSUPPORTED,
		                   "dwfl_linux_proc_attach: process %d: %s",
		                   (int)pid,
		                   rc > 0 ? strerror(rc) : dwfl_errmsg(-1));
		goto out;
	}
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	mem.fd = open(path, O_RDONLY | O_CLOEXEC);
	if (mem.fd >= 0) {
		u.read = proc_read;
		u.read_ctx = &mem;
	}
	uw_list_modules(&u);
	u.active = u.dwfl;
	if (out->nmodules) {
		/* the machine of the process: of its first module */
		Dwfl_Module *dm =
		        dwfl_addrmodule(u.dwfl, out->modules[0].start);
		Dwarf_Addr bias;
		Elf *e = dm ? dwfl_module_getelf(dm, &bias) : NULL;
		GElf_Ehdr eh;

		if (e && gelf_getehdr(e, &eh))
			u.machine = out->machine = eh.e_machine;
	}
	if (dwfl_getthreads(u.dwfl, thread_cb, &u) < 0 && !out->nthreads)
		ret = mt_error_set(err, MT_EUNSUPPORTED,
		                   "dwfl_getthreads: process %d: %s", (int)pid,
		                   dwfl_errmsg(-1));
	else if (out->nthreads && no_frames(out))
		/* the threads are listed from /proc, their registers need
		 * ptrace: refused for every one */
		ret = mt_error_set(
		        err, MT_EUNSUPPORTED,
		        "ptrace refused for every thread of process %d: %s",
		        (int)pid,
		        out->nwarnings ? out->warnings[0] : "no frame");
out:
	uw_release(&u);
	uw_current = NULL;
	if (mem.fd >= 0)
		close(mem.fd);
	return ret;
}
