/*
 * triage_int.h - what classify.c and signature.c share inside lib/triage:
 * frame helpers (frames.c, below both) and signature.c's two entry points.
 */
#ifndef MAXTRIAGE_TRIAGE_INT_H
#define MAXTRIAGE_TRIAGE_INT_H

#include "maxtriage/triage.h"

#include <stddef.h>

/* frames.c */

/* The frame's name: resolved, or as printed unless the printed one is a
 * far-away nearest symbol that names some other function. Borrowed. */
const char *tri_frame_name(const mt_frame *f);
/* The crash handlers' own functions: a signal was caught. */
extern const char *const tri_handler_fns[];
/* The last component of a path (borrowed; NULL for NULL). */
const char *tri_base_name(const char *path);
/* 1 when name is one of list (NULL-terminated), alone or followed by a
 * parameter list: "raise" matches "raise(int)", not "raiser". */
int tri_name_is(const char *name, const char *const *list);
/* 1 when frame i repeats an earlier line of r (same number, address,
 * module, name and line, printed on another input line). */
int tri_is_duplicate(const mt_report *r, size_t i);

/* Is the report Modular's software (MAX, Mojo): its producer, kind,
 * frames, program or MAX's CUDA_ERROR_ form. Only then do MODULAR_DEBUG
 * advice and "JIT code is a compiled kernel" apply. */
int tri_is_modular(const mt_report *r);
/* Where the crash point may start: after the trampoline,
 * and after an abort path that follows it within a few frames. */
size_t tri_first_candidate(const mt_report *r, int tramp);

/* Mark the printed names that are nearest exports too far from their
 * frames to be their functions (signature.c); before categories. */
void tri_mark_far_symbols(mt_report *r);
/* Frame i is the unwinder's end of the stack: the outermost frame, at
 * address 0 (gdb "#6 0x0000000000000000 in ?? ()", Rust "0x0 -
 * <unknown>"): no code, never signed nor a crash point. */
int tri_is_end_marker(const mt_report *r, size_t i);
/* Kind and signal from the frames, the text and the faulting
 * instruction, where the parser did not already say (signature.c). Needs
 * the categories set. */
void tri_infer_kind(mt_report *r, int tramp);
/* Signature and fingerprint (signature.c). Needs the categories and the
 * kind set. */
void tri_make_signature(mt_report *r, int tramp);

#endif
