/*
 * llvm_int.h - the state shared by the files of the llvm-symbolizer
 * protocol (lib/symbols/ only): llvm_protocol.c (the session: modules,
 * errors, dispatch), llvm_request.c (parsing requests), llvm_frames.c
 * (the frames of a code address) and llvm_answer.c (printing answers).
 * Calls go protocol -> answer -> frames, protocol -> request.
 */
#ifndef MAXTRIAGE_LLVM_INT_H
#define MAXTRIAGE_LLVM_INT_H

#include "maxtriage/buf.h"
#include "maxtriage/llvm_protocol.h"
#include "maxtriage/map.h"
#include "symbols/symbols_int.h"

#include <stdint.h>

#define MAX_FRAMES 256
#define MAX_NAME 4096

typedef enum { REQ_CODE, REQ_DATA, REQ_FRAME } req_kind;

struct mt_llvm {
	mt_symbolizer *s;
	mt_llvm_opts o;
	int json_first; /* no element written yet in the JSON array */
	int depth; /* JSON --pretty-print: nesting while re-indenting */
	int array_pending; /* the JSON array's '[' is not written yet */
	int array_dropped; /* ... and never will be (unreadable --obj) */
	mt_module *last; /* the module of the previous request ... */
	char last_key[2 * 4096 + 2]; /* ... and its name and build-id */
	char why[256]; /* llvm::object's refusal of the last module */
	char **reported; /* modules whose error was already reported */
	size_t n_reported, cap_reported;
	mt_map reported_ix; /* hash of a reported name -> its index */
	int transient; /* the last module's error was EMFILE, ENOMEM... */
};

/* One parsed request. */
typedef struct request {
	req_kind kind;
	char module[MAX_NAME];
	char build_id[MAX_NAME];
	int has_module; /* module or build_id given */
	int has_addr; /* a number; else symbol */
	uint64_t addr;
	char symbol[MAX_NAME];
	uint64_t sym_offset;
} request;

/* One answer frame, with what the printers need beside mt_srcloc. */
typedef struct frame {
	const char *function;
	const char *file;
	unsigned line, column;
	unsigned discr; /* the row's or the call's discriminator */
	const char *source; /* the file's embedded text, or NULL */
	const char *start_file;
	unsigned start_line;
	int has_start;
	uint64_t start;
} frame;

/* llvm_request.c */
/* parseCommand: one request line into *r. 0, or -1 with the reason in
 * *why. */
int sym_llvm_parse_request(request *r,
                           const mt_llvm *l,
                           const char *in,
                           const char **why);
/* The module name as llvm-symbolizer quotes it in an error: the name
 * given, or the build-id in upper case (dst: MAX_NAME bytes). */
void sym_llvm_subject(char *dst, const request *r);

/* llvm_frames.c */
/* The frames of addr: the inline chain, or (without inlines) the one
 * frame llvm-symbolizer's symbolizeCode gives, or with gnu_first frame 0
 * of the chain (GNU style and addr2line without inlines). At least one
 * (all unknown when nothing is); strings borrowed from m. */
int sym_llvm_code_frames(frame *out,
                         mt_llvm *l,
                         mt_module *m,
                         uint64_t addr,
                         int inlines,
                         int gnu_first);

/* llvm_answer.c: each appends one answer to b in l's style. */
/* A CODE request at addr (error: an unreadable module's message, for
 * JSON's Error object). */
void sym_llvm_answer_code(mt_buf *b,
                          mt_llvm *l,
                          const request *r,
                          mt_module *m,
                          uint64_t addr,
                          const char *error);
/* A request that could not be parsed. */
void sym_llvm_answer_invalid(mt_buf *b, mt_llvm *l, const char *module);
/* A CODE request naming a symbol. */
void sym_llvm_answer_symbol(mt_buf *b,
                            mt_llvm *l,
                            const request *r,
                            mt_module *m);
void sym_llvm_answer_data(
        mt_buf *b, mt_llvm *l, const request *r, mt_module *m, uint64_t addr);
void sym_llvm_answer_frame(
        mt_buf *b, mt_llvm *l, const request *r, mt_module *m, uint64_t addr);
/* JSON text to out, re-indented with --pretty-print. */
void sym_llvm_json_emit(mt_buf *out, mt_llvm *l, const char *s, size_t n);

#endif
