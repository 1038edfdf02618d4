/*
 * input_int.h - private to lib/ir: where stage texts come from. The
 * after-all capture's dumps and snapshots (capture.c, compose.c), ops
 * cut out of tree files (cut.c), the line scanner of printed MLIR they
 * share (mlirtext.c), the graphs and stages an input holds (stages.c)
 * and the stage text functions (stagetext.c).
 */
#ifndef MAXTRIAGE_INPUT_INT_H
#define MAXTRIAGE_INPUT_INT_H

#include "ir_int.h"

#include "maxtriage/arena.h"

typedef struct mt_ir_capture mt_ir_capture;

/* mt_ir_stage_parse with a progress callback and a spare module (see
 * ir_parse_progress). */
int ir_stage_parse_progress(mt_ir_module **out,
                            const mt_ir_stage *s,
                            ir_progress_fn progress,
                            void *payload,
                            mt_ir_module *spare,
                            mt_error *err);

/* ---- inputs (input.c) and after-all captures (capture.c, compose.c) ---- */

#define IR_DUMP_MARK "// -----// IR Dump "
#define IR_NO_DUMP ((size_t)-1)

/* One dump of a capture; offsets are into the capture file. */
typedef struct ir_dump {
	size_t off, len; /* its text, after the header line */
	size_t op, op_end; /* the dumped op's lines */
	uint64_t key; /* hash of "func.func @f", "builtin.module" */
	size_t base; /* the last module dump before it, or IR_NO_DUMP */
	size_t prev; /* the last dump before it of the same op, or IR_NO_DUMP */
	int module, before;
	int stage; /* the dump is a stage (see ir_capture_scan) */
	char *name; /* its stage name (in the capture's strs) */
} ir_dump;

/* Where a keyed op ("func.func @f") is in a module dump's text. */
typedef struct ir_keyspan {
	size_t start, end;
} ir_keyspan;

typedef struct ir_aliastab ir_aliastab;

struct mt_ir_capture {
	ir_dump *dumps;
	size_t n, cap;
	/* The dumps' names and the file's path, and the source parts of the
	 * stages made of the dumps (one per dump, open_capture): kept here,
	 * in one piece each, for stages that borrow them (mt_ir_stage's
	 * borrowed), since a capture has thousands of dumps. */
	mt_arena strs;
	struct mt_ir_stage_src *stage_src;
	size_t first_module; /* index of the first module dump, or n */
	mt_map last; /* key -> the last dump of that op */
	/* ir_capture_delta's index of one module dump's keyed ops (filled
	 * on first use; a cache, so const functions may fill it). */
	size_t at_base; /* the dump indexed, or IR_NO_DUMP */
	mt_map at; /* key hash -> index in spans (first occurrence) */
	ir_keyspan *spans;
	size_t nspans, cap_spans;
	int at_nested; /* a keyed op lies inside another: no deltas */
	int mapped; /* texts given are private file mappings (drop_pages) */
	uint64_t at_extra; /* hash of the traced keys indexed with them */
	/* --trace: keys of the top-level ops holding a traced op in
	 * snapshot traced_at (ir_capture_note_traced); traced_ok == 0 when
	 * one has no key (then no delta is taken from it with a trace). */
	size_t traced_at;
	uint64_t *traced;
	size_t ntraced, cap_traced;
	int traced_ok;
	/* compose_only: the alias lines of module dump aliases_base (the one
	 * the delta snapshots stand on), made on first use */
	ir_aliastab *aliases;
	size_t aliases_base;
	/* Set by input.c for a tree scope's op rebuilt from nested dumps
	 * (tree): the dumps are of the base's op and of scopes below it,
	 * so one without a symbol (an anonymous nested module) replaces
	 * the base's direct child of its name; reindent: each op put in
	 * is indented as the op it replaces, so that the text can be read
	 * again by its indentation (as a part of an enclosing scope's
	 * rebuilt op). */
	int tree, reindent;
};

/* The dumps of the after-all capture p (len bytes): a new capture (free
 * with ir_capture_free), or NULL if p holds no dump. input.c makes its
 * stages; capture.c never calls back into input.c. */
/* drop != 0: p is a private file mapping, whose pages are released
 * as they are read (see ir_parse). */
mt_ir_capture *ir_capture_scan(const char *p, size_t len, int drop);
void ir_capture_free(mt_ir_capture *c);
/* Append to out the text of the module as it stood at dump i of c:
 * text is the whole capture file. */
void ir_capture_compose(mt_buf *out,
                        const mt_ir_capture *c,
                        size_t i,
                        const char *text);

/* ir_capture_compose, the text handed to sink in pieces of about 1 MB
 * (any boundary) instead of being kept whole. */
void ir_capture_compose_stream(const mt_ir_capture *c,
                               size_t i,
                               const char *text,
                               void (*sink)(void *payload,
                                            const char *p,
                                            size_t n),
                               void *payload);
/* The text of stage s, handed to sink in pieces (any boundary), without
 * holding it whole where it can be streamed (files are mapped and read
 * front to back, after-all snapshots put together piece by piece).
 * Errors as for mt_ir_text_open. */
int ir_stage_text_stream(const mt_ir_stage *s,
                         void (*sink)(void *payload, const char *p, size_t n),
                         void *payload,
                         mt_error *err);

/* Consecutive snapshots x < y of c (dump indices) that stand on the same
 * module dump differ only in the ops dumped in (x, y]: their keys go to
 * *keys (*nkeys of them; the caller frees *keys) and 1 is returned. Every
 * other top-level op has the same text in both snapshots, by
 * construction. Returns 0 when that does not hold (another module dump
 * in between, no module dump yet, keyed ops nested in keyed ops).
 * traced != 0 (--trace): the keys of the top-level ops that hold a
 * traced op in x (ir_capture_note_traced, which must have been told
 * about x) are added, so that every traced op is read on both sides;
 * 0 if they are not known or cannot be placed. */
int ir_capture_delta(const mt_ir_capture *c,
                     size_t x,
                     size_t y,
                     const char *text,
                     int traced,
                     uint64_t **keys,
                     size_t *nkeys);
/* Record which top-level ops of m, the snapshot at dump i of c (whole,
 * or read by ir_capture_compose_only with the keys of
 * ir_capture_delta(traced)), hold an op at trace: ir_capture_delta's
 * traced keys for a delta from i. (c is a cache: nothing else changes.) */
void ir_capture_note_traced(const mt_ir_capture *c,
                            size_t i,
                            const mt_ir_module *m,
                            const mt_ir_trace *trace);
/* Whether snapshots x < y of c have the same text by construction: both
 * are module dumps with the same bytes, or both stand on the same module
 * dump (or on none) and every dump in (x, y] repeats byte for byte the
 * dump of its op that it replaces (or is the op's first dump before any
 * module dump, which stands from the start). */
int ir_capture_same(const mt_ir_capture *c,
                    size_t x,
                    size_t y,
                    const char *text);
/* ir_capture_compose of only the top-level ops with the given keys (as
 * from ir_capture_delta for this i): the module text around them, every
 * alias definition, and those ops in their places. */
void ir_capture_compose_only(mt_buf *out,
                             const mt_ir_capture *c,
                             size_t i,
                             const char *text,
                             const uint64_t *keys,
                             size_t nkeys);

/* Stages a, b (a before b) of one after-all capture c: ir_capture_delta
 * of their dumps (0 if they are not both of c's file). */
int ir_stage_delta(const mt_ir_stage *a,
                   const mt_ir_stage *b,
                   const mt_ir_capture *c,
                   int traced,
                   uint64_t **keys,
                   size_t *nkeys,
                   mt_error *err);
/* ir_capture_same of stages a, b (0 if they are not both of c's file). */
int ir_stage_same(const mt_ir_stage *a,
                  const mt_ir_stage *b,
                  const mt_ir_capture *c);
/* Parse only the top-level ops of stage s (of capture c) that have the
 * given keys (ir_capture_compose_only). */
int ir_stage_parse_only(mt_ir_module **out,
                        const mt_ir_stage *s,
                        const mt_ir_capture *c,
                        const uint64_t *keys,
                        size_t nkeys,
                        mt_error *err);

/* The alias definition lines ('#' in column 0) of ranges of a file (the
 * runs, start and end offsets), sorted by name once, for picking those
 * a text refers to again and again (a module dump every delta snapshot
 * of an after-all capture stands on). Offsets are 32-bit: files over
 * 4 GB are not indexed. */
ir_aliastab *
ir_aliastab_new(const char *base, size_t len, const size_t *runs, size_t nruns);
void ir_aliastab_free(ir_aliastab *x);
/* The offsets into base (the same file, maybe mapped anew) of the lines
 * of the runs to keep for [p, e), sorted: the alias lines it refers to,
 * directly or through kept ones, those without a name, and every line
 * that defines no alias; *n of them (free the array). Its cost grows
 * with what is kept, not with the runs. */
size_t *ir_aliastab_refs(ir_aliastab *x,
                         const char *base,
                         size_t len,
                         const char *p,
                         const char *e,
                         size_t *n);

/* Append to out the op of text [p, p + len) that the tree printer names
 * scope ("func_func_main": op name and symbol, '.' and " @" as '_'),
 * after the file's alias definitions; 0 if no op has that name. scope
 * may be a path of such names ("gpu_module_k/gpu_func_f"), each op
 * looked for inside the one before: first among the ops directly
 * inside it, else anywhere in it. */
int ir_capture_cut(mt_buf *out, const char *p, size_t len, const char *scope);

/* Where the ops asked for are in one file that many stages cut from
 * (a module dump every function's input is cut out of): the file is
 * scanned once, by the first cut, instead of once per cut. */
typedef struct ir_cutindex ir_cutindex;
ir_cutindex *ir_cutindex_new(void);
void ir_cutindex_free(ir_cutindex *x);
/* Say that scope (a cut as for ir_capture_cut; borrowed, it must
 * outlive x) will be cut from the file; only the ops asked for before
 * the first cut are indexed. */
void ir_cutindex_want(ir_cutindex *x, const char *scope);
/* ir_capture_cut of [p, p + len), the whole file, through x (NULL:
 * none); same output. lean != 0: of the file's alias lines only those
 * the op refers to, directly or through the ones kept (and any without
 * a name), in file order: the text a parse needs (a module-scope file
 * holds every function's location aliases; a function's cut is parsed
 * with its own, not with all of them). */
int ir_capture_cut_at(mt_buf *out,
                      ir_cutindex *x,
                      const char *p,
                      size_t len,
                      const char *scope,
                      int lean);

/* ---- the private parts of stages and inputs (ir.h) ---- */

struct mt_ir_stage_src {
	size_t order; /* when the dump was written, across all graphs of
	               * a tree or after-all input; 0 when unknown */
	/* After-all captures: when not NULL, the stage is the whole module
	 * at dump number `dump` of the capture, put together from several
	 * dumps of path (off, len: that dump's own text). Borrowed from
	 * the input. */
	const mt_ir_capture *capture;
	size_t dump;
	/* Tree layout: when not NULL, the stage is the op of path's dump
	 * that the tree printer names cut ("func_func_main"; a path of such
	 * names below the file's op for a deeper scope,
	 * "gpu_module_k/gpu_func_f"), cut out with the file's aliases: a
	 * scope's input, written by an enclosing scope's pass, or the
	 * scope's op in a file holding the whole module. */
	char *cut;
	/* Tree layout: when nparts, the stage is the op dumped in path
	 * (a module, or a nested scope's op, cut by cut when set) with the
	 * op of each parts[k] (its nested scopes' dumps written since path,
	 * in order; each with its path and cut, and parts of its own when
	 * scopes nested in it were dumped after it) put in its place: the
	 * op as its next pass found it, rebuilt as for an after-all
	 * capture. Owned. */
	mt_ir_stage *parts;
	size_t nparts;
	/* With nparts: the parts' ops are put in their places inside the
	 * op of path (cut by cut when set), a scope's own op at any depth;
	 * 0: the module graph's first stage, before any module dump, a
	 * module made of the parts' ops (the first is path). */
	int in_base;
	/* Tree layout: the index of path's ops that the stages cut from
	 * path share, when several do; owned by the input */
	ir_cutindex *cutidx;
	/* Tree layout: the stage stands for what other scopes' passes
	 * did since the graph's previous stage (a rebuilt module, a cut
	 * op, a Before dump written after them): their graphs show those
	 * changes, so no transition is computed into it; it is the base
	 * of the next one. synthetic: it is not one file's dump (cut from
	 * another scope's dump, or rebuilt), so it names no dump. */
	int foreign, synthetic;
	/* LLVM IR (llvmir_capture.c): the stage is LLVM IR, read by
	 * ir_llvm_parse; with llcap, the module at dump `dump` of that
	 * -print-after-all / -print-changed capture (borrowed from the
	 * input) */
	int llvm;
	const struct ir_llcap *llcap;
};

/* The source part of s; for a plain file range (src NULL) one that
 * says so (no capture, no cut, no parts, order 0). */
static inline const mt_ir_stage_src *ir_src(const mt_ir_stage *s)
{
	static const mt_ir_stage_src plain;

	return s->src ? s->src : &plain;
}

/* The source part of s to fill in, made (empty) if s has none. */
mt_ir_stage_src *ir_src_w(mt_ir_stage *s);

struct mt_ir_input_int {
	struct mt_map *index; /* graph name -> graph; NULL until used */
	mt_ir_capture *capture; /* the after-all capture, if any */
	struct ir_llcap *llcap; /* an LLVM IR capture, if any */
	ir_cutindex **cuts; /* the stages' cutidx */
	size_t ncuts, cap_cuts;
};

/* The private part of in, made if it has none. */
struct mt_ir_input_int *ir_input_int(mt_ir_input *in);

/* ---- inputs: graphs and stages (stages.c), filled by input.c, tree.c
 * and maxdir.c ---- */

/* Add a note line to in (printf format). */
void ir_input_note(mt_ir_input *in, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
/* The graph named name[0, n), added if new. */
mt_ir_graph *ir_graph_get(mt_ir_input *in, const char *name, size_t n);
/* A new stage at the end of g (name and path copied). */
mt_ir_stage *ir_stage_add(mt_ir_graph *g,
                          const char *name,
                          const char *path,
                          size_t off,
                          size_t len);
/* Free what stage s owns (not s). */
void ir_stage_release(mt_ir_stage *s);
int ir_ends_with(const char *s, const char *t);

/* The regular files below a directory, up to 32 levels deep. */
typedef struct ir_dent {
	char *rel; /* path relative to the root */
	char *base; /* last component (points into rel) */
} ir_dent;

typedef struct ir_dlist {
	ir_dent *items;
	size_t n, cap;
} ir_dlist;

/* Whether base is a tree printer's file name ("0_1_canonicalize.mlir");
 * *pass gets the pass argument's start. */
int ir_tree_name(const char *base, const char **pass);
/* The stages of a tree directory root (its files dl) / of a MAX
 * ir-output-dir; -1 when it holds none. */
int ir_open_tree(mt_ir_input *in, const char *root, ir_dlist *dl);
int ir_open_max(mt_ir_input *in, const char *root, ir_dlist *dl);

/* ---- printed MLIR, line by line (mlirtext.c) ----
 *
 * mlir-opt prints one op per line, nested ops two spaces deeper, and
 * closes a region at the op's own indentation: an op's extent is found
 * from indentation alone, without parsing. */

/* Spaces at the start of line [p, e). */
static inline size_t ir_line_indent(const char *p, const char *e)
{
	const char *q = p;

	while (q < e && *q == ' ')
		q++;
	return (size_t)(q - p);
}

/* Past the newline of the line at p (or end). */
static inline const char *ir_line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl + 1 : end;
}

/* Whether line [p, e) starts an op; *out gets its key: the op name and
 * its symbol ("func.func @main", "gpu.module @k", "builtin.module").
 * Alias definitions, comments, block labels and closing braces start
 * none. */
int ir_line_key(const char *p, const char *e, mt_buf *out);
/* The end of the op whose first line starts at p, at indentation k. */
const char *ir_op_end(const char *p, const char *end, size_t k);
/* First op line of [p, end) and its key and indentation; NULL if none. */
const char *
ir_first_op(const char *p, const char *end, mt_buf *key, size_t *indent);
/* The tree printer's name of the op with key key ("func_func_main"). */
void ir_scope_name(mt_buf *name, const mt_buf *key);
/* The op of the path of scopes c ("gpu_module_k/gpu_func_f") in
 * [lo, *op_e), each looked for inside the one before; NULL if one is
 * not found, else *op_e is the op's end. */
const char *ir_find_path(const char *lo, const char **op_e, const char *c);
/* Past the string that starts at p ('"'): its closing quote, or the
 * newline where it stops unterminated. */
const char *ir_past_string(const char *p, const char *e);

/* ---- snapshots that differ in a few ops (capture.c, for compose.c) ---- */

/* The module dump snapshot i stands on: itself, or the last before it
 * (IR_NO_DUMP: none). */
size_t ir_capture_base(const mt_ir_capture *c, size_t i);
/* Index the keyed top-level ops of module dump b (c->at, c->spans; the
 * last span is b's closing brace); extra: more keys to index (traced
 * ops), hashed to extra_h. A cache: indexing again is a no-op. */
void ir_capture_index(mt_ir_capture *c,
                      size_t b,
                      const char *text,
                      const mt_map *extra,
                      uint64_t extra_h);

#endif
