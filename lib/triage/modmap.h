/*
 * modmap.h - the module map of one report (private to lib/triage).
 *
 * A dump names modules by path, and the file found at that path here is
 * often another build: the reporter's Ubuntu libc, an older MAX wheel. A
 * name looked up in the wrong build is a confident wrong answer, so
 * before any frame is looked up the map records, for every module the
 * report names: the file that will be used, the module's base when the
 * dump does not print offsets (column form), and a verdict on whether the
 * file is the build that crashed:
 *
 *   build_id    the dump printed a build-id (or --build-id gave one) and
 *               it equals the file's;
 *   call_sites  every frame that could be tested passed: each return
 *               address follows a call instruction, the faulting pc is in
 *               executable code (inside a function when the file has
 *               debug info), the trampoline frame is at a signal-return
 *               sequence;
 *   mismatch    a printed build-id differs, or a test failed: the frames
 *               of that module keep only what the dump printed;
 *   unchecked   the file was opened but nothing could be tested (no
 *               disassembler, only a pc frame without debug info, ...).
 *
 * Data path: dump -> frames -> module map -> symbolized frames.
 */
#ifndef MAXTRIAGE_TRIAGE_MODMAP_H
#define MAXTRIAGE_TRIAGE_MODMAP_H

#include "maxtriage/triage.h"

typedef enum {
	MODBASE_UNKNOWN = 0,
	MODBASE_SYMBOL, /* from a "sym + off" frame */
	MODBASE_PAGES /* the only page alignment that fits every frame */
} modmap_base_source;

typedef struct modmap_entry {
	char *name; /* the module as printed (owned) */
	mt_module *m; /* borrowed from the symbolizer; NULL: not found */
	char *open_error; /* why it was not found (owned), or NULL */
	modmap_base_source base_source;
	uint64_t base; /* load address, when base_source != UNKNOWN */
	mt_module_check check;
	unsigned tested, failed; /* frames tested, frames that failed */
	char *reason; /* the verdict in words (owned), or NULL */
} modmap_entry;

typedef struct modmap {
	modmap_entry *e;
	size_t n, cap;
} modmap;

/*
 * Build the map for r (frames as parsed, before resolution). tramp is the
 * trampoline frame's position (-1 none) and pc_pos the frame looked up as
 * a faulting pc. Without a symbolizer every entry stays unopened.
 */
void modmap_build(modmap *map,
                  const mt_report *r,
                  const mt_resolve_opts *o,
                  int tramp,
                  size_t pc_pos);

/* The entry for a module name as printed, or NULL (borrowed). */
const modmap_entry *modmap_find(const modmap *map, const char *name);

/* The file-relative address of f in its module: 1 when known (*off set),
 * 0 when the dump gives no offset and the base could not be recovered. */
int modmap_frame_offset(const modmap *map, const mt_frame *f, uint64_t *off);

void modmap_release(modmap *map);

#endif
