/*
 * ir.h - MLIR stage dumps: a tolerant parser, stage discovery and the
 * stage-to-stage comparison behind `maxtriage irdiff`.
 *
 * The parser reads MLIR's textual form without MLIR libraries or dialect
 * registration: every op becomes one compact mt_ir_op (interned names,
 * hashes, indices), never a copy of its text. A module owns all its arrays;
 * pointers into it are borrowed and valid until mt_ir_module_free().
 *
 * Nothing here prints or exits; errors come back as MT_E* codes with an
 * mt_error line. Malformed text never fails a parse: the module records
 * how many lines it skipped and the first reason (a partial result).
 */
#ifndef MAXTRIAGE_IR_H
#define MAXTRIAGE_IR_H

#include <stddef.h>
#include <stdint.h>

#include "maxtriage/common.h"

#define MT_IR_NONE UINT32_MAX
/* Deepest region nesting accepted; deeper input is skipped, not recursed. */
#define MT_IR_MAX_DEPTH 512

/* An interned string of one module; 0 is the empty string. */
typedef uint32_t mt_ir_str;

enum {
	MT_IR_OP_GENERIC = 1, /* "dialect.op"(...) form */
	MT_IR_OP_SYMDEF = 2, /* sym is a symbol this op defines */
	MT_IR_OP_TRANSFER = 4, /* moves data between devices */
	MT_IR_OP_DEVREGION = 8, /* its regions run on a device (gpu.launch) */
	MT_IR_OP_EMPTY = 16, /* only makes an empty value (tensor.empty) */
};

typedef struct mt_ir_op {
	mt_ir_str name; /* full op name, "arith.addf" */
	mt_ir_str sym; /* first @symbol of the header, or 0 */
	mt_ir_str device; /* "cpu", "gpu", "gpu:0" after finishing */
	uint32_t parent; /* enclosing op, or MT_IR_NONE at top level */
	uint32_t end; /* one past the last op nested in this one */
	uint32_t line; /* 1-based line of the op's first byte */
	uint32_t loc; /* index into locs, or MT_IR_NONE */
	uint32_t first_operand, noperands; /* slice of operands[] */
	uint32_t first_result, nresults; /* slice of values[] */
	uint16_t nregions;
	uint16_t flags; /* MT_IR_OP_* */
	uint64_t attr_hash; /* name, attributes, types; no SSA names, locs */
	uint64_t struct_hash; /* attr_hash plus the operands' producers */
} mt_ir_op;

/* An SSA value: result idx of op, or (MT_IR_ARG | idx) block argument of
 * op's regions (counted across all its blocks). */
#define MT_IR_ARG 0x80000000u
typedef struct mt_ir_value {
	uint32_t op;
	uint32_t idx;
} mt_ir_value;

/* One source position; line 0 means a name-only location ("foo"). */
typedef struct mt_ir_point {
	mt_ir_str file;
	uint32_t line, col;
} mt_ir_point;

typedef struct mt_ir_loc {
	uint32_t first, n; /* slice of points[] (several for fused[...]) */
	uint64_t hash; /* over the points; 0 when n == 0 */
} mt_ir_loc;

typedef struct mt_ir_module mt_ir_module;

/*
 * Parse len bytes of MLIR text. On success *out is a new module (free with
 * mt_ir_module_free); data is only read during the call. Returns 0, even
 * for malformed text (see mt_ir_module_problems), or MT_ENOMEM.
 */
int mt_ir_parse(mt_ir_module **out,
                const char *data,
                size_t len,
                mt_error *err);
void mt_ir_module_free(mt_ir_module *m);

/* Read-only views; borrowed from m. */
size_t mt_ir_nops(const mt_ir_module *m);
const mt_ir_op *mt_ir_ops(const mt_ir_module *m);
const uint32_t *mt_ir_operands(const mt_ir_module *m); /* value ids */
const mt_ir_value *mt_ir_values(const mt_ir_module *m);
size_t mt_ir_nvalues(const mt_ir_module *m);
const mt_ir_loc *mt_ir_locs(const mt_ir_module *m);
const mt_ir_point *mt_ir_points(const mt_ir_module *m);
const char *mt_ir_str_get(const mt_ir_module *m, mt_ir_str s);
/* A transfer op's (MT_IR_OP_TRANSFER) source and target devices, each 0
 * when unknown; both 0 for any other op. Kept beside the ops, which are
 * 64 bytes each without them. */
void mt_ir_op_xfer(const mt_ir_module *m,
                   size_t i,
                   mt_ir_str *from,
                   mt_ir_str *to);
uint64_t mt_ir_str_hash(const mt_ir_module *m, mt_ir_str s);
/* Number of lines skipped as unreadable; *first gets the first reason
 * ("line 12: ...") or "" (borrowed). */
size_t mt_ir_module_problems(const mt_ir_module *m, const char **first);

/* Dialect prefix length of an op name ("arith.addf" -> 5). */
size_t mt_ir_dialect_len(const char *name);

/* Format a loc as "file:line:col" (fused: joined by ", ") into buf. */
void mt_ir_loc_format(const mt_ir_module *m,
                      uint32_t loc,
                      char *buf,
                      size_t size);

/* ---- inputs: directories, after-all captures and explicit files ---- */

typedef enum {
	MT_IR_LAYOUT_FILES, /* explicit files, stages in argument order */
	MT_IR_LAYOUT_MAX, /* MAX ir-output-dir */
	MT_IR_LAYOUT_TREE, /* --mlir-print-ir-tree-dir */
	MT_IR_LAYOUT_AFTERALL /* one --mlir-print-ir-after-all capture */
} mt_ir_layout;

/* Where a stage's text comes from, when it is not the bytes of its file
 * (an after-all snapshot, an op cut out of a tree file, a tree op rebuilt
 * from nested dumps), when it was written and how it relates to other
 * stages: it means something else in each layout, so it is private to
 * lib/ir (lib/ir/input_int.h). */
typedef struct mt_ir_stage_src mt_ir_stage_src;

typedef struct mt_ir_stage {
	char *name; /* "mo", "canonicalize", a file name */
	char *path; /* the file holding it */
	size_t off, len; /* byte range of path (whole file: 0, SIZE_MAX) */
	int unknown; /* MAX layout: a stage name not in the pipeline */
	/* name, path and src belong to the input (the index of an after-all
	 * capture, thousands of stages), not to the stage */
	int borrowed;
	mt_ir_stage_src *src; /* NULL: path's bytes; owned by the stage
	                       * unless borrowed */
} mt_ir_stage;

typedef struct mt_ir_graph {
	char *name;
	mt_ir_stage *stages;
	size_t nstages, cap;
	char **mojo; /* .mojo stage files: listed, never parsed */
	size_t nmojo, cap_mojo;
} mt_ir_graph;

typedef struct mt_ir_input {
	mt_ir_layout layout;
	mt_ir_graph *graphs;
	size_t ngraphs, cap;
	char **notes; /* one line each, e.g. where unknown stages went */
	size_t nnotes, cap_notes;
	/* the graph index, the after-all capture, the shared cut indexes:
	 * private to lib/ir (lib/ir/input_int.h) */
	struct mt_ir_input_int *priv;
} mt_ir_input;

/*
 * Find the stages named by paths (one directory, one capture, or several
 * files). *out is a new input (free with mt_ir_input_free). Errors:
 * MT_ENOTFOUND / MT_EIO for unreadable paths, MT_EFORMAT when a directory
 * holds no stage files.
 */
int mt_ir_input_open(mt_ir_input **out,
                     const char *const *paths,
                     size_t n,
                     mt_error *err);
void mt_ir_input_free(mt_ir_input *in);

/* Map the bytes of a stage (free with mt_ir_text_release); a snapshot
 * of an after-all capture is put together in memory. */
typedef struct mt_ir_text {
	const char *ptr;
	size_t len;
	void *map;
	size_t maplen;
	char *own; /* the snapshot's text, or NULL */
} mt_ir_text;
int mt_ir_text_open(mt_ir_text *t, const mt_ir_stage *s, mt_error *err);
void mt_ir_text_release(mt_ir_text *t);

/* Parse a stage; *out as for mt_ir_parse. MT_EIO when unreadable. */
int mt_ir_stage_parse(mt_ir_module **out, const mt_ir_stage *s, mt_error *err);

/* Order MAX stage names: index in the pipeline, or -1 when unknown. */
int mt_ir_max_stage_rank(const char *stage);

/* ---- comparison of two stages ----
 *
 * Results own every string they hold (copies), so they outlive the
 * modules they came from; release them with the matching _release.
 */

typedef struct mt_ir_opref {
	char *op; /* op name */
	char *sym; /* symbol the op defines or refers to, or NULL */
	char *func; /* symbol of the nearest enclosing op that defines one
	             * (the function, "mlp"), or NULL at top level */
	char *device; /* "cpu", "gpu", "gpu:0" */
	char **locs; /* "file:line:col" (or a name); several if fused */
	size_t nlocs;
	/* 1-based line of the op in its stage's text as irdiff reads it (an
	 * after-all snapshot is the module put together, as --show-ir and
	 * the HTML page show it): where the op is when it has no location */
	uint32_t line;
} mt_ir_opref;

typedef struct mt_ir_count {
	char *name;
	size_t n;
} mt_ir_count;

/* What was fused: ops into one op (elementwise fusion, a MAX
 * composite), loop nests into one loop nest, or ops tiled into a new or
 * existing loop nest (tile-and-fuse). */
typedef enum {
	MT_IR_FUSION_OPS,
	MT_IR_FUSION_LOOPS,
	MT_IR_FUSION_TILED
} mt_ir_fusion_kind;

/* What a fusion was read from (docs/irdiff.md): what the ops compute
 * (the fused op's body holds the members' bodies, no location needed),
 * dataflow (the fused op took over the members' inputs and users), a
 * fused[...] location naming the members, or tiled copies in a loop. */
typedef enum {
	MT_IR_EVIDENCE_BODY,
	MT_IR_EVIDENCE_DATAFLOW,
	MT_IR_EVIDENCE_LOCATION,
	MT_IR_EVIDENCE_TILES,
	/* lowerings: where the op stood (no location: between the ops
	 * matched around it, what its users take instead), or the op
	 * itself, matched, in another dialect (func.func -> llvm.func) */
	MT_IR_EVIDENCE_PLACE,
	MT_IR_EVIDENCE_SAME_OP
} mt_ir_evidence;

typedef struct mt_ir_fusion {
	mt_ir_fusion_kind kind;
	mt_ir_evidence evidence;
	mt_ir_opref into;
	mt_ir_opref *from; /* the members, in their stage order */
	size_t nfrom;
} mt_ir_fusion;

typedef struct mt_ir_placement {
	mt_ir_opref op;
	char *from, *to;
} mt_ir_placement;

typedef struct mt_ir_transfer {
	mt_ir_opref op;
	int added; /* 1 added, 0 removed */
	char *from, *to; /* NULL when the op does not say */
} mt_ir_transfer;

typedef struct mt_ir_lowering {
	mt_ir_evidence evidence; /* LOCATION, PLACE or SAME_OP */
	mt_ir_opref at; /* locs of the place; op = the main op lowered */
	mt_ir_count *from; /* removed ops by name */
	size_t nfrom;
	mt_ir_count *to; /* added ops by name */
	size_t nto;
} mt_ir_lowering;

/* A GPU kernel that appeared: its launch outlined into a function of a
 * new gpu.module (from: the launch, to: the gpu.func), or its module
 * compiled into a gpu.binary (from: the function, to: the binary). */
typedef enum {
	MT_IR_KERNEL_OUTLINED,
	MT_IR_KERNEL_COMPILED
} mt_ir_kernel_change;

typedef struct mt_ir_kernel {
	mt_ir_kernel_change change;
	char *kernel; /* "@module::@func" */
	mt_ir_opref from, to;
} mt_ir_kernel;

/* Ops of a function moved into a new function (async-parallel-for's
 * compute functions, gpu-kernel-outlining's kernels, any outlining pass):
 * from the function they were in to the new one; ops: the ops moved
 * that hold the others (nmoved of them), nops: how many ops in all. */
typedef struct mt_ir_outlining {
	mt_ir_opref from, to;
	mt_ir_opref *ops;
	size_t nmoved;
	size_t nops;
} mt_ir_outlining;

/* LLVM IR stages: a function removed from the module, inlined into a
 * caller (the calls to it there went away and its instructions came in),
 * or vectorized (ops of vector types appeared in it). docs/irdiff.md. */
typedef enum {
	MT_IR_FUNC_REMOVED,
	MT_IR_FUNC_INLINED,
	MT_IR_FUNC_VECTORIZED,
	/* calls of into to func went away and too few of func's
	 * instructions came in to say it was inlined (folded away as it
	 * was, or the calls deleted): which, is not known */
	MT_IR_FUNC_CALLS_GONE
} mt_ir_func_change;

typedef struct mt_ir_funcchange {
	mt_ir_func_change change;
	char *func; /* the function removed, inlined or vectorized */
	char *into; /* inlined: the caller; else NULL */
	/* removed: calls to it left in the earlier stage; inlined: calls
	 * of into to func that went away; vectorized: 0 */
	size_t calls;
	/* inlined: func's instructions (ret excepted) and how many of
	 * them, by opcode, came into the caller; vectorized: vector ops
	 * before and after */
	size_t body, matched;
	size_t vec_before, vec_after;
	char *vtype; /* vectorized: the first vector type, "<4 x float>" */
	mt_ir_opref at; /* the define (removed: in the earlier stage) */
} mt_ir_funcchange;

typedef struct mt_ir_counts {
	size_t added, removed, modified, moved, unchanged;
} mt_ir_counts;

typedef struct mt_ir_transition {
	int changed;
	mt_ir_counts counts;
	mt_ir_fusion *fusions;
	size_t nfusions, cap_fusions;
	mt_ir_placement *placements;
	size_t nplacements, cap_placements;
	mt_ir_transfer *transfers;
	size_t ntransfers, cap_transfers;
	mt_ir_lowering *lowerings;
	size_t nlowerings, cap_lowerings;
	mt_ir_kernel *kernels;
	size_t nkernels, cap_kernels;
	mt_ir_outlining *outlinings;
	size_t noutlinings, cap_outlinings;
	mt_ir_count *trace; /* "linalg.generic removed" etc. at --trace */
	size_t ntrace, cap_trace;
	mt_ir_funcchange *funcs; /* LLVM IR only */
	size_t nfuncs, cap_funcs;
} mt_ir_transition;

/* The kinds of findings a transition holds, one array each. */
typedef enum mt_ir_finding_kind {
	MT_IR_FINDING_FUSION,
	MT_IR_FINDING_PLACEMENT,
	MT_IR_FINDING_TRANSFER,
	MT_IR_FINDING_KERNEL,
	MT_IR_FINDING_LOWERING,
	MT_IR_FINDING_OUTLINING,
	MT_IR_FINDING_FUNCTION /* LLVM IR: funcs (removed, inlined, ...) */
} mt_ir_finding_kind;

/* How many findings of kind t holds. */
size_t mt_ir_findings_count(const mt_ir_transition *t, mt_ir_finding_kind kind);

/* A source location to follow: file (suffix match), line, col (0: any). */
typedef struct mt_ir_trace {
	const char *file; /* borrowed from the spec; flen bytes */
	size_t flen;
	uint32_t line, col;
} mt_ir_trace;

/* Parse "model.py:42" or "model.py:42:7" (out borrows spec). Returns 0 or
 * MT_EUSAGE. */
int mt_ir_trace_parse(mt_ir_trace *out, const char *spec, mt_error *err);

/*
 * Compare stage a with the next stage b. trace may be NULL. *out is
 * filled (release with mt_ir_transition_release). Returns 0.
 */
int mt_ir_diff(mt_ir_transition *out,
               const mt_ir_module *a,
               const mt_ir_module *b,
               const mt_ir_trace *trace,
               mt_error *err);
void mt_ir_transition_release(mt_ir_transition *t);

typedef struct mt_ir_stats {
	size_t ops;
	size_t located; /* ops with a source location */
	mt_ir_count *by_dialect; /* sorted by name */
	size_t ndialect;
	mt_ir_count *by_device;
	size_t ndevice;
	mt_ir_count *trace; /* "op@device" at the traced location */
	size_t ntrace;
} mt_ir_stats;

/* Op counts of one stage; trace may be NULL. Release with _release. */
void mt_ir_stats_compute(mt_ir_stats *out,
                         const mt_ir_module *m,
                         const mt_ir_trace *trace);
void mt_ir_stats_release(mt_ir_stats *s);

/* Whether op i of m has a point at the traced location. */
int mt_ir_op_at(const mt_ir_module *m, size_t i, const mt_ir_trace *trace);

#endif
