/*
 * unwind.h - every thread's stack from a process image: a minidump's
 * memory and thread contexts, an ELF core file, or a live process.
 *
 * The unwinder is libdwfl's own (lib/symbols/unwind.c): modules are
 * found by name and build-id through the symbolizer (--binary-dir,
 * --debug-dir, .build-id trees, debuginfod: lib/symbols/locate.c) and
 * reported to libdwfl at their load address; each thread is unwound
 * with the module's CFI (.eh_frame, .debug_frame), where there is none
 * with libdwfl's frame-pointer fallback, and where that stops short of
 * the outermost frame by scanning the stack for a word that is a return
 * address following a call, from which CFI unwinding starts again. Each
 * frame says how it was found (mt_frame_found).
 *
 * libdw/libdwfl types stay inside lib/symbols; the results are plain
 * data. Thread safety: as the symbolizer (one per thread).
 */
#ifndef MAXTRIAGE_UNWIND_H
#define MAXTRIAGE_UNWIND_H

#include "maxtriage/common.h"
#include "maxtriage/stack.h"
#include "maxtriage/symbols.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Registers in DWARF numbering (see maxtriage/minidump.h). */
#define MT_UNWIND_MAX_REGS 33

typedef struct mt_unwind_module_in {
	const char *name; /* path on the machine that crashed */
	const char *build_id; /* hex, or NULL */
	uint64_t base, size; /* where it was mapped */
} mt_unwind_module_in;

typedef struct mt_unwind_thread_in {
	long tid;
	uint64_t regs[MT_UNWIND_MAX_REGS];
	uint64_t valid; /* bit n: regs[n] is known */
} mt_unwind_thread_in;

/* Copy up to len bytes at addr into buf; the number copied (0: not
 * readable). */
typedef size_t (*mt_unwind_read_fn)(void *ctx,
                                    uint64_t addr,
                                    void *buf,
                                    size_t len);

/* A process image described by its parts (a minidump). Borrowed. */
typedef struct mt_unwind_image {
	unsigned machine; /* ELF e_machine: EM_X86_64 or EM_AARCH64 */
	long pid;
	const mt_unwind_module_in *modules;
	size_t nmodules;
	const mt_unwind_thread_in *threads;
	size_t nthreads;
	mt_unwind_read_fn read;
	void *read_ctx;
	/* executable address ranges (start, end pairs), when the image says
	 * (a minidump's maps): a scan's or frame pointer's return address in
	 * a module whose file is not here must lie in one */
	const uint64_t *code;
	size_t ncode;
} mt_unwind_image;

typedef struct mt_unwind_frame {
	uint64_t pc; /* the instruction (exact) or a return address */
	int exact; /* first frame, or the frame a signal interrupted */
	int sigtramp; /* the signal trampoline: the next frame is exact */
	int has_sp;
	uint64_t sp;
	mt_frame_found found_by;
	long module; /* index into mt_unwind_result.modules, -1 none */
	int has_offset;
	uint64_t module_offset; /* file-relative (pc - load bias); when the
	                           module's file is not here, pc - base */
} mt_unwind_frame;

typedef struct mt_unwind_thread {
	long tid;
	mt_unwind_frame *frames;
	size_t nframes;
	char *stop; /* why unwinding ended before an outermost frame (a
	               one-line reason), or NULL */
} mt_unwind_thread;

typedef struct mt_unwind_module {
	char *name; /* as the image names it */
	char *build_id; /* hex, or NULL */
	char *path; /* the file used here, or NULL: not found */
	int has_elf; /* the unwinder had its ELF: path, or (cores) the
	                image the core holds */
	uint64_t start, end;
} mt_unwind_module;

typedef struct mt_unwind_result {
	unsigned machine;
	long pid;
	mt_unwind_module *modules;
	size_t nmodules;
	mt_unwind_thread *threads; /* the crashing thread first (cores) */
	size_t nthreads;
	/* what a core's notes say (0/NULL otherwise) */
	long crashed_tid;
	int signal;
	int has_si_code, si_code;
	int has_fault_address;
	uint64_t fault_address;
	char *command_line; /* NT_PRPSINFO pr_psargs */
	char **warnings; /* one line each */
	size_t nwarnings;
} mt_unwind_result;

/*
 * Unwind every thread of img into *out (release with
 * mt_unwind_result_release). s (required) finds the module files.
 * 0, or a negative code with err (no thread could be unwound at all:
 * an unsupported architecture, libdwfl failing to start).
 */
int mt_unwind_image_threads(mt_unwind_result *out,
                            mt_symbolizer *s,
                            const mt_unwind_image *img,
                            mt_error *err);

/* The same for an ELF core file at path (as eu-stack --core):
 * dwfl_core_file_report, dwfl_core_file_attach, dwfl_getthreads; the
 * signal, si_code, fault address and crashing thread from its notes.
 * executable (may be NULL) is the program, when the core's own mapping
 * names do not find it. MT_EFORMAT when path is no ELF core. */
int mt_unwind_core(mt_unwind_result *out,
                   mt_symbolizer *s,
                   const char *path,
                   const char *executable,
                   mt_error *err);

/* The same for the live process pid (as eu-stack -p): each thread is
 * stopped with ptrace while it is unwound. MT_EUNSUPPORTED with the
 * reason in err when ptrace is refused. */
int mt_unwind_pid(mt_unwind_result *out,
                  mt_symbolizer *s,
                  pid_t pid,
                  mt_error *err);

/* Whether data is an ELF core file (ET_CORE). */
int mt_unwind_is_core(const void *data, size_t size);

void mt_unwind_result_release(mt_unwind_result *r);
/* Add a warning line (copied) to r. */
void mt_unwind_warn(mt_unwind_result *r, const char *warning);

#endif
