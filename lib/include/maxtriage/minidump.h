/*
 * minidump.h - the Breakpad/Crashpad minidump format, read by content.
 *
 * A minidump ("MDMP") is a directory of streams: threads with their
 * register contexts and stack memory, the exception (on Linux: signal,
 * si_code, fault address, crashing thread), the module list with each
 * module's build-id (CodeView record), memory, system information, the
 * Linux extension streams Breakpad and Crashpad write (/proc status,
 * maps, auxv, cmdline) and Crashpad's annotations.
 *
 * The file is hostile: every size and offset is checked against the
 * file before it is used. A stream that does not fit is left out with a
 * warning (mt_minidump.warnings) and the rest is still read, so a lying
 * header gives a clear message and whatever could be read. Only a file
 * that is no minidump at all (bad signature, no stream directory) fails.
 *
 * Registers are kept in DWARF numbering, the numbering the unwinder
 * (lib/symbols/unwind.c) hands to libdwfl: x86-64 0 rax, 1 rdx, 2 rcx,
 * 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16 rip; aarch64 0-30
 * x0-x30, 31 sp, 32 pc.
 */
#ifndef MAXTRIAGE_MINIDUMP_H
#define MAXTRIAGE_MINIDUMP_H

#include "maxtriage/common.h"

#include <stddef.h>
#include <stdint.h>

typedef enum {
	MT_CPU_UNKNOWN = 0,
	MT_CPU_X86_64,
	MT_CPU_ARM64,
	MT_CPU_X86, /* read, not unwound */
	MT_CPU_ARM /* read, not unwound */
} mt_cpu;

/* "x86_64", "aarch64", "x86", "arm", NULL for unknown. */
const char *mt_cpu_name(mt_cpu cpu);

#define MT_MD_MAX_REGS 33

typedef struct mt_md_context {
	mt_cpu cpu;
	uint64_t regs[MT_MD_MAX_REGS]; /* DWARF numbering */
	uint64_t valid; /* bit n: regs[n] holds a value */
	uint64_t pc, sp;
} mt_md_context;

typedef struct mt_md_thread {
	uint32_t tid;
	uint64_t stack_start, stack_size; /* as the descriptor says */
	int has_context;
	mt_md_context ctx;
	char *name; /* ThreadNamesStream, or NULL */
} mt_md_thread;

typedef struct mt_md_module {
	uint64_t base, size;
	char *name; /* path on the machine that crashed (UTF-8) */
	char *build_id; /* lower-case hex, or NULL */
	int build_id_prefix; /* from a PDB70 GUID on Linux: the first 16
	                        bytes of the build-id only */
	uint64_t mapped_end; /* end of the last mapping of the same file in
	                        the Linux maps stream, 0 when none (lldb
	                        writes only its first segment's size) */
} mt_md_module;

typedef struct mt_md_memory {
	uint64_t start, size;
	const uint8_t *data; /* into the file */
} mt_md_memory;

typedef struct mt_md_annotation {
	char *scope; /* "process" or the module's name */
	char *key;
	char *value; /* UTF-8 text; other types as "<N bytes of type T>" */
} mt_md_annotation;

typedef struct mt_minidump {
	uint32_t nstreams;
	mt_md_thread *threads;
	size_t nthreads;
	mt_md_module *modules;
	size_t nmodules;
	mt_md_memory *memory; /* sorted by start, overlaps dropped */
	size_t nmemory;

	int has_exception;
	uint32_t exception_tid;
	uint32_t exception_code; /* Linux: the signal number */
	uint32_t exception_flags; /* Linux: si_code */
	uint64_t exception_address; /* Linux: si_addr */
	int has_exception_context;
	mt_md_context exception_ctx; /* the context at the fault */

	int has_system_info;
	mt_cpu cpu;
	uint32_t platform; /* 0x8201 Linux, 0x8203 Android, 2 Windows ... */
	const char *os; /* static: "Linux", "Android", "Windows", "macOS",
	                   "iOS", "Fuchsia", NULL unknown */
	char *os_version; /* CSD version (Linux: uname -r -v), or NULL */
	unsigned ncpus;

	long pid; /* misc info, else /proc status Pid:, else 0 */
	char *proc_status; /* Linux extension streams, as text, or NULL */
	char *maps;
	char *cmdline; /* NUL separators turned into spaces */
	char *lsb_release;
	char *cpuinfo;
	uint64_t *auxv; /* key, value pairs */
	size_t nauxv;
	uint64_t *code; /* executable mappings of the maps stream: start,
	                   end pairs (ncode of them) */
	size_t ncode;

	int has_breakpad_info;
	uint32_t dump_tid, requesting_tid;

	int crashpad; /* a Crashpad info stream was read */
	char report_id[37], client_id[37]; /* UUIDs as text */
	mt_md_annotation *annotations;
	size_t nannotations;

	char **warnings; /* what could not be read, one line each */
	size_t nwarnings;
} mt_minidump;

/* Whether data starts like a minidump ("MDMP" and a version word). */
int mt_minidump_is(const void *data, size_t size);

/*
 * Read the minidump in data[0..size) into *out (release with
 * mt_minidump_release). data is borrowed: memory descriptors point into
 * it, so it must outlive *out. Returns 0 (problems with single streams
 * are out->warnings), or MT_EFORMAT with err when data is no minidump or
 * its stream directory cannot be read at all (*out is then empty but
 * may be released).
 */
int mt_minidump_parse(mt_minidump *out,
                      const void *data,
                      size_t size,
                      mt_error *err);
void mt_minidump_release(mt_minidump *md);

/* Copy up to len bytes of the dumped memory at addr into buf: the number
 * of bytes available contiguously from addr (0 when addr is not dumped). */
size_t
mt_minidump_read(const mt_minidump *md, uint64_t addr, void *buf, size_t len);

/* The thread that crashed (exception stream, else Breakpad's requesting
 * thread), or NULL. Borrowed. */
const mt_md_thread *mt_minidump_crashed_thread(const mt_minidump *md);

/* The module whose [base, base+size) holds addr, or NULL. Borrowed. */
const mt_md_module *mt_minidump_module_at(const mt_minidump *md, uint64_t addr);

#endif
