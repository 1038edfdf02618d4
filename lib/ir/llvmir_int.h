/*
 * llvmir_int.h - private to lib/ir: LLVM IR stages. A .ll file or an
 * opt/llc -print-after-all, -print-before-all or -print-changed capture
 * (llvmir_capture.c) read into the MLIR module model (llvmir.c), and the
 * findings that only LLVM IR has (llvmfind.c): functions removed,
 * inlined, vectorized.
 */
#ifndef MAXTRIAGE_LLVMIR_INT_H
#define MAXTRIAGE_LLVMIR_INT_H

#include "input_int.h"

/* The comment line the capture reader puts before a function taken from
 * a function-scope dump: its !N numbers are its own print's, not the
 * module's, so its debug locations are not resolved. */
#define IR_LLVM_FNDUMP "; irdiff: from a function-scope dump"

/* Parse len bytes of LLVM IR into *out (as ir_parse_progress, spare
 * taken over); the module is marked llvm and its vector ops noted. */
int ir_llvm_parse(mt_ir_module **out,
                  const char *data,
                  size_t len,
                  mt_ir_module *spare,
                  mt_error *err);

/* Whether line [p, e) is one only LLVM IR or its printers write (a
 * dump header, "; ModuleID", define, declare, target, source_filename). */
int ir_llvm_line(const char *p, const char *e);

/* One dump of a capture: its header and its text. */
enum {
	IR_LL_AFTER, /* *** IR Dump After P on U *** */
	IR_LL_BEFORE, /* *** IR Dump Before P on U *** */
	IR_LL_START, /* -print-changed: *** IR Dump At Start *** */
	IR_LL_OMITTED, /* ... omitted because no change *** */
	IR_LL_DELETED, /* *** IR Deleted After P on f *** */
	IR_LL_SKIP /* ignored, invalidated, a loop, machine code */
};

typedef struct ir_lldump {
	size_t off, len; /* the text after the header line */
	int kind; /* IR_LL_* */
	int module; /* the text is a whole module (; ModuleID, [module]) */
	int stage; /* made a stage */
	char *name; /* "InstCombinePass on f" */
	char *unit; /* "f" for a deleted function, else NULL */
} ir_lldump;

typedef struct ir_llcap {
	ir_lldump *d;
	size_t n, cap;
	size_t nloop, nmachine, nignored, nunseen;
} ir_llcap;

/* The dumps of capture p (len bytes), or NULL if it has no dump header;
 * those that are stages marked (ir_lldump.stage), the others counted. */
ir_llcap *ir_llcap_scan(const char *p, size_t len);
void ir_llcap_free(ir_llcap *c);
/* Append to out the module as it stood at dump i of c (text: the whole
 * capture): the last module dump before it with the functions dumped
 * since put in their places (or added, or removed when deleted). */
void ir_llcap_compose(mt_buf *out,
                      const ir_llcap *c,
                      size_t i,
                      const char *text);

/* llvmfind.c: functions removed, inlined and vectorized between the two
 * LLVM IR sides of D (matched and classified). */
void ir_find_llvm(ir_differ *D);

#endif
