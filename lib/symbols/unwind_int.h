/*
 * unwind_int.h - state shared by unwind.c (frame collection, scanning,
 * minidump images) and unwind_core.c (cores, live processes). Private to
 * lib/symbols.
 */
#ifndef MAXTRIAGE_UNWIND_INT_H
#define MAXTRIAGE_UNWIND_INT_H

#include "maxtriage/unwind.h"

#include <elfutils/libdwfl.h>

/* Bounds: a loop in a hostile stack must end. */
#define UW_MAX_FRAMES 256
#define UW_MAX_SCANS 16 /* scans (and CFI restarts after them) a thread */
#define UW_SCAN_WORDS 512 /* stack words one scan looks at */
#define UW_MAX_THREADS 4096

/* The thread id of the virtual thread a restart after a scan unwinds. */
#define UW_RESTART_TID 0x7ffffff0

typedef struct uw_regs {
	uint64_t regs[MT_UNWIND_MAX_REGS];
	uint64_t valid;
} uw_regs;

/* A file mapping of a core (NT_FILE). */
typedef struct uw_file {
	uint64_t start, end;
	char *path;
} uw_file;

typedef struct uw {
	mt_symbolizer *sym;
	mt_unwind_result *res;
	unsigned machine;
	Dwfl *dwfl; /* the image, core or process */
	/* Where restarts after a scan run: a Dwfl attached with our own
	 * callbacks (the image's own for minidumps; built on first use from
	 * dwfl's modules for cores and processes), or NULL: not yet. */
	Dwfl *rdwfl;
	int rdwfl_failed;
	Dwfl *active; /* the one being unwound now */
	mt_unwind_read_fn read;
	void *read_ctx;
	const mt_unwind_image *img; /* minidumps, else NULL */
	size_t next_thread;
	uw_regs restart; /* initial registers of the restart thread */
	Elf *arch_elf; /* a bare ELF header naming the machine */
	unsigned char arch_ehdr[64];

	/* the thread being collected */
	mt_unwind_thread *cur;
	size_t seg_first; /* first frame of this libdwfl run */
	mt_frame_found seg_found; /* how that first frame was found */
	mt_frame_found next_found; /* how the next frame will be */
	int bogus; /* a frame-pointer step gave a pc in no code */
	uw_regs last; /* callee-saved registers of the last frame */
	uw_file *files; /* a core's NT_FILE mappings */
	size_t nfiles;
} uw;

/* unwind.c */
extern const Dwfl_Thread_Callbacks uw_own_callbacks;
/* Unwind a thread of u->dwfl (thread, or when NULL the one with id
 * tid) into a new entry of u->res, with scanning and restarts after
 * libdwfl stops. */
void uw_collect_thread(uw *u, Dwfl_Thread *thread, long tid);
/* Fill res->modules from the modules reported to u->dwfl. */
void uw_list_modules(uw *u);
void uw_warn(uw *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The Dwfl_Callbacks of maxtriage's sessions: modules and debug files
 * found through the symbolizer (uw_current, set around libdwfl calls). */
extern const Dwfl_Callbacks uw_dwfl_callbacks;
extern const Dwfl_Callbacks uw_proc_callbacks;
extern __thread uw *uw_current;
/* A bare ELF header for machine, for dwfl_attach_state when no module
 * file is at hand. */
Elf *uw_arch_elf(uw *u, unsigned machine);
void uw_release(uw *u);
/* The file a core maps at addr (NT_FILE), or NULL. Borrowed. */
const char *uw_file_at(const uw *u, uint64_t addr);

#endif
