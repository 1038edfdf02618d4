/*
 * minidump.c - the minidump reader (maxtriage/minidump.h).
 *
 * Layouts are the ones Breakpad's minidump_format.h and Crashpad's
 * minidump_extensions.h publish (little-endian, packed). Every read goes
 * through rd_*(), which checks the offset and length against the file;
 * a stream that does not fit is recorded as a warning and skipped, so
 * that one lying field costs that stream, not the dump.
 */
#include "minidump_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* ---- contexts -------------------------------------------------------- */

/* The minidump's AMD64 register order (rax rcx rdx rbx rsp rbp rsi rdi
 * r8..r15) in DWARF numbers. */
static const int amd64_dwarf[16] = { 0, 2, 1,  3,  7,  6,  4,  5,
	                             8, 9, 10, 11, 12, 13, 14, 15 };

static int read_context(rd *r, mt_md_context *c, uint64_t off, uint32_t len)
{
	uint32_t flags0, flags_amd64;
	mt_cpu cpu = r->md->cpu;
	const uint8_t *p;
	int i;

	memset(c, 0, sizeof(*c));
	if (len < 8 || !md_fits(r, off, len))
		return -1;
	p = r->p + off;
	/* The layouts say where their flags are: AMD64's after six home
	 * words (offset 48), ARM64's first. */
	flags0 = u32_at(p);
	flags_amd64 = len >= 52 ? u32_at(p + 48) : 0;
	if ((cpu == MT_CPU_X86_64 || cpu == MT_CPU_UNKNOWN) && len >= 256 &&
	    (flags_amd64 & CTX_AMD64) && !(flags_amd64 & CTX_ARM64)) {
		c->cpu = MT_CPU_X86_64;
		for (i = 0; i < 16; i++) {
			int d = amd64_dwarf[i];
			int is_sp = i == 4;

			c->regs[d] = u64_at(p + 120 + 8 * i);
			if ((is_sp && (flags_amd64 & CTX_AMD64_CONTROL)) ||
			    (!is_sp && (flags_amd64 & CTX_AMD64_INTEGER)))
				c->valid |= 1ull << d;
		}
		c->regs[16] = u64_at(p + 248);
		if (flags_amd64 & CTX_AMD64_CONTROL)
			c->valid |= 1ull << 16;
		c->pc = c->regs[16];
		c->sp = c->regs[7];
		return 0;
	}
	if ((cpu == MT_CPU_ARM64 || cpu == MT_CPU_UNKNOWN) &&
	    ((flags0 & CTX_ARM64) || (u64_at(p) & CTX_ARM64_OLD))) {
		/* both layouts keep x0..x28, fp, lr, sp, pc at offset 8 */
		if (len < 8 + 33 * 8)
			return -1;
		c->cpu = MT_CPU_ARM64;
		for (i = 0; i < 33; i++) {
			c->regs[i] = u64_at(p + 8 + 8 * i);
			c->valid |= 1ull << i;
		}
		c->pc = c->regs[32];
		c->sp = c->regs[31];
		return 0;
	}
	return -1;
}

/* A CPU whose contexts are not read (32-bit x86 and ARM): said once,
 * not for every thread. */
static int unsupported_cpu(const mt_minidump *md)
{
	return md->cpu == MT_CPU_X86 || md->cpu == MT_CPU_ARM;
}

/* ---- streams --------------------------------------------------------- */

static void read_system_info(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	uint16_t arch;
	uint32_t csd;

	if (len < 32 || !md_fits(r, off, 32)) {
		md_warn(r,
		        "system info stream (%u bytes at 0x%llx) does not fit in the file",
		        len, (unsigned long long)off);
		return;
	}
	md->has_system_info = 1;
	arch = u16_at(r->p + off);
	md->cpu = arch == 9                      ? MT_CPU_X86_64
	          : arch == 12 || arch == 0x8003 ? MT_CPU_ARM64
	          : arch == 0                    ? MT_CPU_X86
	          : arch == 5                    ? MT_CPU_ARM
	                                         : MT_CPU_UNKNOWN;
	md->ncpus = r->p[off + 6];
	md->platform = u32_at(r->p + off + 20);
	switch (md->platform) {
	case 0x8201:
		md->os = "Linux";
		break;
	case 0x8203:
		md->os = "Android";
		break;
	case 0x8101:
		md->os = "macOS";
		break;
	case 0x8102:
		md->os = "iOS";
		break;
	case 0x8206:
		md->os = "Fuchsia";
		break;
	case 2:
		md->os = "Windows";
		break;
	default:
		md->os = NULL;
		break;
	}
	csd = u32_at(r->p + off + 24);
	if (csd)
		md->os_version = md_utf16_string(r, csd, "system info version");
}

static void read_thread_list(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	uint32_t count, i;
	uint64_t at =
	        md_counted(r, "thread list", off, len, 48, MAX_THREADS, &count);

	if (!at)
		return;
	md->threads = mt_calloc(count ? count : 1, sizeof(*md->threads));
	for (i = 0; i < count; i++) {
		const uint8_t *p = r->p + at + 48 * (uint64_t)i;
		mt_md_thread *t = &md->threads[md->nthreads++];
		uint32_t ctx_len = u32_at(p + 40), ctx_rva = u32_at(p + 44);

		t->tid = u32_at(p);
		t->stack_start = u64_at(p + 24);
		t->stack_size = u32_at(p + 32);
		if (read_context(r, &t->ctx, ctx_rva, ctx_len) == 0)
			t->has_context = 1;
		else if (!unsupported_cpu(md))
			md_warn(r,
			        "thread %u: register context (%u bytes at 0x%x) unreadable",
			        t->tid, ctx_len, ctx_rva);
	}
}

/* The build-id of a CodeView record: Linux writers (Breakpad, Crashpad,
 * lldb) put the ELF build-id after a "BpEL" signature; older Breakpad
 * wrote a PDB70 record whose GUID is the build-id's first 16 bytes. */
static void read_codeview(rd *r, mt_md_module *m, uint32_t len, uint32_t rva)
{
	uint32_t sig;

	if (!len)
		return;
	if (len < 4 || len > MAX_NAME || !md_fits(r, rva, len)) {
		md_warn(r,
		        "module '%s': CodeView record (%u bytes at 0x%x) does not fit in the file",
		        m->name ? m->name : "?", len, rva);
		return;
	}
	sig = u32_at(r->p + rva);
	if (sig == CV_ELF && len > 4) {
		m->build_id = md_hex_of(r->p + rva + 4, len - 4);
	} else if (sig == CV_PDB70 && len >= 24 &&
	           (r->md->platform == 0x8201 || r->md->platform == 0x8203)) {
		m->build_id = md_hex_of(r->p + rva + 4, 16);
		m->build_id_prefix = 1;
	}
}

static void read_module_list(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	uint32_t count, i;
	uint64_t at = md_counted(r, "module list", off, len, 108, MAX_MODULES,
	                         &count);

	if (!at)
		return;
	md->modules = mt_calloc(count ? count : 1, sizeof(*md->modules));
	for (i = 0; i < count; i++) {
		const uint8_t *p = r->p + at + 108 * (uint64_t)i;
		mt_md_module *m = &md->modules[md->nmodules++];

		m->base = u64_at(p);
		m->size = u32_at(p + 8);
		m->name = md_utf16_string(r, u32_at(p + 20), "module name");
		read_codeview(r, m, u32_at(p + 76), u32_at(p + 80));
	}
}

static int cmp_memory(const void *a, const void *b)
{
	const mt_md_memory *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static void add_memory(rd *r, uint64_t start, uint64_t size, uint64_t rva)
{
	mt_minidump *md = r->md;
	uint64_t end;

	if (!size)
		return;
	if (__builtin_add_overflow(start, size, &end)) {
		md_warn(r, "memory range at 0x%llx of %llu bytes wraps around",
		        (unsigned long long)start, (unsigned long long)size);
		return;
	}
	if (!md_fits(r, rva, size)) {
		md_warn(r,
		        "memory range 0x%llx-0x%llx: its %llu bytes at 0x%llx are past the end of the file",
		        (unsigned long long)start, (unsigned long long)end,
		        (unsigned long long)size, (unsigned long long)rva);
		return;
	}
	if (md->nmemory >= MAX_MEMORY)
		return;
	mt_grow((void **)&md->memory, &r->cap_memory, md->nmemory + 1,
	        sizeof(*md->memory));
	md->memory[md->nmemory].start = start;
	md->memory[md->nmemory].size = size;
	md->memory[md->nmemory].data = r->p + rva;
	md->nmemory++;
}

static void read_memory_list(rd *r, uint64_t off, uint32_t len)
{
	uint32_t count, i;
	uint64_t at =
	        md_counted(r, "memory list", off, len, 16, MAX_MEMORY, &count);

	for (i = 0; at && i < count; i++) {
		const uint8_t *p = r->p + at + 16 * (uint64_t)i;

		add_memory(r, u64_at(p), u32_at(p + 8), u32_at(p + 12));
	}
}

static void read_memory64_list(rd *r, uint64_t off, uint32_t len)
{
	uint64_t count, rva, i;

	if (len < 16 || !md_fits(r, off, len)) {
		md_warn(r,
		        "memory64 list stream (%u bytes at 0x%llx) does not fit in the file",
		        len, (unsigned long long)off);
		return;
	}
	count = u64_at(r->p + off);
	rva = u64_at(r->p + off + 8);
	if (count > (len - 16) / 16) {
		md_warn(r,
		        "memory64 list claims %llu ranges, but holds %u bytes",
		        (unsigned long long)count, len);
		count = (len - 16) / 16;
	}
	for (i = 0; i < count; i++) {
		const uint8_t *p = r->p + off + 16 + 16 * i;
		uint64_t size = u64_at(p + 8);

		add_memory(r, u64_at(p), size, rva);
		if (__builtin_add_overflow(rva, size, &rva))
			break;
	}
}

/* Sort by address; a range overlapping the one before it is dropped. */
static void finish_memory(rd *r)
{
	mt_minidump *md = r->md;
	size_t i, k = 0;

	if (!md->nmemory)
		return;
	qsort(md->memory, md->nmemory, sizeof(*md->memory), cmp_memory);
	for (i = 0; i < md->nmemory; i++) {
		if (k && md->memory[i].start < md->memory[k - 1].start +
		                                       md->memory[k - 1].size) {
			md_warn(r,
			        "memory range at 0x%llx overlaps the one before it: dropped",
			        (unsigned long long)md->memory[i].start);
			continue;
		}
		md->memory[k++] = md->memory[i];
	}
	md->nmemory = k;
}

static void read_exception(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	const uint8_t *p;

	if (len < 168 || !md_fits(r, off, 168)) {
		md_warn(r,
		        "exception stream (%u bytes at 0x%llx) does not fit in the file",
		        len, (unsigned long long)off);
		return;
	}
	p = r->p + off;
	md->has_exception = 1;
	md->exception_tid = u32_at(p);
	md->exception_code = u32_at(p + 8);
	md->exception_flags = u32_at(p + 12);
	md->exception_address = u64_at(p + 24);
	if (read_context(r, &md->exception_ctx, u32_at(p + 164),
	                 u32_at(p + 160)) == 0)
		md->has_exception_context = 1;
	else if (u32_at(p + 160) && !unsupported_cpu(md))
		md_warn(r,
		        "exception: register context (%u bytes at 0x%x) unreadable",
		        u32_at(p + 160), u32_at(p + 164));
}

static char *text_stream(rd *r, const char *what, uint64_t off, uint32_t len)
{
	char *s;
	uint32_t i;

	if (len > MAX_TEXT_STREAM || !md_fits(r, off, len)) {
		md_warn(r,
		        "%s stream (%u bytes at 0x%llx) does not fit in the file",
		        what, len, (unsigned long long)off);
		return NULL;
	}
	/* cmdline and environ separate their strings with NULs */
	while (len && r->p[off + len - 1] == '\0')
		len--;
	s = mt_malloc((size_t)len + 1);
	for (i = 0; i < len; i++)
		s[i] = r->p[off + i] ? (char)r->p[off + i] : ' ';
	s[len] = '\0';
	return s;
}

static void read_auxv(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	uint32_t i;

	if (!md_fits(r, off, len) || len > MAX_TEXT_STREAM) {
		md_warn(r,
		        "auxv stream (%u bytes at 0x%llx) does not fit in the file",
		        len, (unsigned long long)off);
		return;
	}
	md->nauxv = len / 16;
	md->auxv = mt_calloc(md->nauxv ? 2 * md->nauxv : 1, sizeof(uint64_t));
	for (i = 0; i < 2 * md->nauxv; i++)
		md->auxv[i] = u64_at(r->p + off + 8 * (uint64_t)i);
}

static void read_misc_info(rd *r, uint64_t off, uint32_t len)
{
	/* MINIDUMP_MISC_INFO: size, flags1 (bit 0: process id valid), pid */
	if (len < 12 || !md_fits(r, off, 12))
		return;
	if (u32_at(r->p + off + 4) & 1)
		r->md->pid = u32_at(r->p + off + 8);
}

static void read_thread_names(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	uint32_t count, i;
	size_t k;
	uint64_t at = md_counted(r, "thread names", off, len, 12, MAX_THREADS,
	                         &count);

	for (i = 0; at && i < count; i++) {
		const uint8_t *p = r->p + at + 12 * (uint64_t)i;
		uint32_t tid = u32_at(p);
		uint64_t rva = u64_at(p + 4);

		if (rva > UINT32_MAX)
			continue;
		for (k = 0; k < md->nthreads; k++)
			if (md->threads[k].tid == tid && !md->threads[k].name)
				md->threads[k].name = md_utf16_string(
				        r, (uint32_t)rva, "thread name");
	}
}

/* ---- the directory --------------------------------------------------- */

int mt_minidump_is(const void *data, size_t size)
{
	const uint8_t *p = data;

	return size >= 8 && u32_at(p) == MD_SIGNATURE &&
	       (u32_at(p + 4) & 0xffff) == MD_VERSION;
}

typedef struct stream {
	uint32_t type, len, rva;
} stream;

/* Streams in the order they depend on each other: system info (the CPU
 * decides how contexts are read) and modules (Crashpad's module
 * annotations name them) first. */
static const uint32_t read_order[] = {
	STREAM_SYSTEM_INFO,       STREAM_MISC_INFO,      STREAM_MODULE_LIST,
	STREAM_THREAD_LIST,       STREAM_THREAD_NAMES,   STREAM_EXCEPTION,
	STREAM_MEMORY_LIST,       STREAM_MEMORY64_LIST,  STREAM_BREAKPAD_INFO,
	STREAM_LINUX_PROC_STATUS, STREAM_LINUX_MAPS,     STREAM_LINUX_CMD_LINE,
	STREAM_LINUX_LSB_RELEASE, STREAM_LINUX_CPU_INFO, STREAM_LINUX_AUXV,
	STREAM_CRASHPAD_INFO
};

static void read_stream(rd *r, const stream *s)
{
	mt_minidump *md = r->md;

	switch (s->type) {
	case STREAM_SYSTEM_INFO:
		read_system_info(r, s->rva, s->len);
		break;
	case STREAM_MISC_INFO:
		read_misc_info(r, s->rva, s->len);
		break;
	case STREAM_MODULE_LIST:
		read_module_list(r, s->rva, s->len);
		break;
	case STREAM_THREAD_LIST:
		read_thread_list(r, s->rva, s->len);
		break;
	case STREAM_THREAD_NAMES:
		read_thread_names(r, s->rva, s->len);
		break;
	case STREAM_EXCEPTION:
		read_exception(r, s->rva, s->len);
		break;
	case STREAM_MEMORY_LIST:
		read_memory_list(r, s->rva, s->len);
		break;
	case STREAM_MEMORY64_LIST:
		read_memory64_list(r, s->rva, s->len);
		break;
	case STREAM_BREAKPAD_INFO:
		md_read_breakpad_info(r, s->rva, s->len);
		break;
	case STREAM_LINUX_PROC_STATUS:
		md->proc_status =
		        text_stream(r, "/proc status", s->rva, s->len);
		break;
	case STREAM_LINUX_MAPS:
		md->maps = text_stream(r, "maps", s->rva, s->len);
		break;
	case STREAM_LINUX_CMD_LINE:
		md->cmdline = text_stream(r, "cmdline", s->rva, s->len);
		break;
	case STREAM_LINUX_LSB_RELEASE:
		md->lsb_release = text_stream(r, "lsb-release", s->rva, s->len);
		break;
	case STREAM_LINUX_CPU_INFO:
		md->cpuinfo = text_stream(r, "cpuinfo", s->rva, s->len);
		break;
	case STREAM_LINUX_AUXV:
		read_auxv(r, s->rva, s->len);
		break;
	case STREAM_CRASHPAD_INFO:
		md_read_crashpad_info(r, s->rva, s->len);
		break;
	default:
		break;
	}
}

int mt_minidump_parse(mt_minidump *out,
                      const void *data,
                      size_t size,
                      mt_error *err)
{
	rd r = { data, size, out, 0 };
	stream *dir = NULL;
	uint32_t n, rva, i, k;
	int seen[MT_ARRAY_SIZE(read_order)] = { 0 };

	memset(out, 0, sizeof(*out));
	if (!mt_minidump_is(data, size))
		return mt_error_set(err, MT_EFORMAT,
		                    "not a minidump: no MDMP signature");
	if (size < 32)
		return mt_error_set(
		        err, MT_EFORMAT,
		        "minidump header cut short (%zu of 32 bytes)", size);
	n = u32_at(r.p + 8);
	rva = u32_at(r.p + 12);
	if (n > MAX_STREAMS)
		return mt_error_set(
		        err, MT_EFORMAT,
		        "minidump header claims %u streams (more than %d)", n,
		        MAX_STREAMS);
	if (!md_fits(&r, rva, (uint64_t)n * 12)) {
		uint64_t whole = rva < size ? (size - rva) / 12 : 0;

		if (!whole)
			return mt_error_set(
			        err, MT_EFORMAT,
			        "minidump stream directory (%u entries at 0x%x) is past the end of the file (%zu bytes)",
			        n, rva, size);
		md_warn(&r,
		        "stream directory claims %u entries at 0x%x; the file holds %llu",
		        n, rva, (unsigned long long)whole);
		n = (uint32_t)whole;
	}
	out->nstreams = n;
	dir = mt_calloc(n ? n : 1, sizeof(*dir));
	for (i = 0; i < n; i++) {
		dir[i].type = u32_at(r.p + rva + 12 * i);
		dir[i].len = u32_at(r.p + rva + 12 * i + 4);
		dir[i].rva = u32_at(r.p + rva + 12 * i + 8);
	}
	/* One stream of each kind: a second copy is ignored (a writer
	 * repeats none; a hostile file would make the readers merge). */
	for (k = 0; k < MT_ARRAY_SIZE(read_order); k++)
		for (i = 0; i < n; i++)
			if (dir[i].type == read_order[k] && !seen[k]++)
				read_stream(&r, &dir[i]);
	free(dir);
	finish_memory(&r);
	if (unsupported_cpu(out))
		md_warn(&r,
		        "%s register contexts are not read: only x86-64 and arm64 dumps are unwound",
		        mt_cpu_name(out->cpu));
	if (!out->pid)
		out->pid = md_pid_from_status(out->proc_status);
	md_read_maps(out);
	return 0;
}

void mt_minidump_release(mt_minidump *md)
{
	size_t i;

	if (!md)
		return;
	for (i = 0; i < md->nthreads; i++)
		free(md->threads[i].name);
	free(md->threads);
	for (i = 0; i < md->nmodules; i++) {
		free(md->modules[i].name);
		free(md->modules[i].build_id);
	}
	free(md->modules);
	free(md->memory);
	free(md->os_version);
	free(md->proc_status);
	free(md->maps);
	free(md->cmdline);
	free(md->lsb_release);
	free(md->cpuinfo);
	free(md->auxv);
	free(md->code);
	for (i = 0; i < md->nannotations; i++) {
		free(md->annotations[i].scope);
		free(md->annotations[i].key);
		free(md->annotations[i].value);
	}
	free(md->annotations);
	for (i = 0; i < md->nwarnings; i++)
		free(md->warnings[i]);
	free(md->warnings);
	memset(md, 0, sizeof(*md));
}

size_t
mt_minidump_read(const mt_minidump *md, uint64_t addr, void *buf, size_t len)
{
	size_t lo = 0, hi = md->nmemory;
	const mt_md_memory *m;
	uint64_t avail;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (md->memory[mid].start + md->memory[mid].size <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= md->nmemory || md->memory[lo].start > addr)
		return 0;
	m = &md->memory[lo];
	avail = m->start + m->size - addr;
	if (avail < len)
		len = (size_t)avail;
	memcpy(buf, m->data + (addr - m->start), len);
	return len;
}

const mt_md_thread *mt_minidump_crashed_thread(const mt_minidump *md)
{
	uint32_t tid = md->has_exception       ? md->exception_tid
	               : md->has_breakpad_info ? md->requesting_tid
	                                       : 0;
	size_t i;

	if (!md->has_exception && !(md->has_breakpad_info && tid))
		return NULL;
	for (i = 0; i < md->nthreads; i++)
		if (md->threads[i].tid == tid)
			return &md->threads[i];
	return NULL;
}

const mt_md_module *mt_minidump_module_at(const mt_minidump *md, uint64_t addr)
{
	size_t i;

	for (i = 0; i < md->nmodules; i++)
		if (addr >= md->modules[i].base &&
		    addr - md->modules[i].base < md->modules[i].size)
			return &md->modules[i];
	return NULL;
}

const char *mt_cpu_name(mt_cpu cpu)
{
	switch (cpu) {
	case MT_CPU_X86_64:
		return "x86_64";
	case MT_CPU_ARM64:
		return "aarch64";
	case MT_CPU_X86:
		return "x86";
	case MT_CPU_ARM:
		return "arm";
	default:
		return NULL;
	}
}
