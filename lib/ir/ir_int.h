/*
 * ir_int.h - private layout of mt_ir_module shared by the parser, the
 * finishing pass and the differ.
 */
#ifndef MAXTRIAGE_IR_INT_H
#define MAXTRIAGE_IR_INT_H

#include "maxtriage/ir.h"
#include "maxtriage/buf.h"
#include "maxtriage/map.h"

#include <string.h>

/* MT_PUSH with the capacity test inline: the reader pushes several
 * items per op, and mt_grow is a call. */
#define IR_PUSH(items, n, cap, value)                               \
	do {                                                        \
		if ((n) + 1 > (cap))                                \
			mt_grow((void **)&(items), &(cap), (n) + 1, \
			        sizeof(*(items)));                  \
		(items)[(n)++] = (value);                           \
	} while (0)

/* FNV-1a step, inlined: the parser hashes every byte of every op. */
#define IR_HB(h, c) (((h) ^ (unsigned char)(c)) * 0x100000001b3ULL)

/* Combine a 64-bit word into a hash. Internal only (never printed), so
 * it may change; it is inlined because matching calls it per op, per key. */
static inline uint64_t ir_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

/* Interned strings: dense ids, each with its stable hash. */
typedef struct ir_strtab {
	char *buf;
	size_t len, cap;
	uint32_t *offs;
	uint64_t *hashes;
	size_t n, ncap;
	mt_map index;
} ir_strtab;

mt_ir_str ir_intern(ir_strtab *t, const char *s, size_t n);

/* A location before alias resolution: items that are points, names or
 * references to #loc aliases defined anywhere in the file. */
enum { LOCI_POINT, LOCI_NAME, LOCI_ALIAS, LOCI_ALIASNUM /* #locN: line=N */ };
typedef struct ir_locitem {
	uint8_t kind;
	mt_ir_str str; /* file, name, or alias name */
	uint32_t line, col;
} ir_locitem;

typedef struct ir_rawloc {
	uint32_t first, n; /* slice of rawitems */
} ir_rawloc;

struct mt_ir_module {
	mt_ir_op *ops;
	size_t nops, cap_ops;
	uint32_t *operands;
	size_t noperands, cap_operands;
	mt_ir_value *values;
	size_t nvalues, cap_values;
	mt_ir_loc *locs;
	size_t nlocs, cap_locs;
	mt_ir_point *points;
	size_t npoints, cap_points;
	ir_strtab strs;
	/* transfers' devices: op index -> pair in xfers (from, to) */
	mt_map xferidx;
	mt_ir_str *xfers;
	size_t nxfers, cap_xfers;

	/* parse-time only; released by finishing */
	ir_rawloc *rawlocs;
	size_t nrawlocs, cap_rawlocs;
	ir_locitem *rawitems;
	size_t nrawitems, cap_rawitems;
	struct {
		uint64_t key;
		uint32_t idx;
	} * loccache; /* IR_LOCCACHE recent locations */
	mt_map localias; /* #name hash -> rawloc */
	/* mlir-opt names its location aliases #loc, #loc1, #loc2 ...: one
	 * per distinct location, a million in a large module. Those are
	 * kept by number (rawloc or MT_IR_NONE) instead of being interned
	 * and hashed; other names go through localias. */
	uint32_t *locnum;
	size_t cap_locnum;
	size_t locnum_max; /* numbers above it are taken as names */

	uint8_t *nameclass; /* per string id: IR_NC_* of an op name */
	size_t cap_nameclass;

	/* LLVM IR (llvmir.c): read from LLVM IR; per op, its first vector
	 * type ("<4 x float>"), or 0; vec NULL when no op has one */
	int llvm;
	mt_ir_str *vec;

	size_t nproblems;
	char problem[200];
	unsigned long memo_hits; /* op tails replayed by the reader's memo */
};

/* What an op name says about the op, computed once per distinct name. */
enum {
	IR_NC_KNOWN = 1,
	IR_NC_TRANSFER = 2, /* moves data between devices */
	IR_NC_SYMDEF = 4, /* defines the symbol it names (.func, .graph) */
	IR_NC_DEVREGION = 8, /* its regions run on a device */
	IR_NC_EMPTY = 16 /* makes an empty tensor or buffer: computes nothing */
};
unsigned ir_name_class(mt_ir_module *m, mt_ir_str name);

#define IR_LOCCACHE 4096

/* How ir_parse reads. */
enum {
	/* release the pages of data already read (data must then be a
	 * private file mapping, read only by the parser) */
	IR_PARSE_DROP = 1,
	/* read every op's text token by token, without the memo of
	 * repeated tails (tail.c; tests compare both readings) */
	IR_PARSE_NO_MEMO = 2
};

/* mt_ir_parse with flags (IR_PARSE_*). */
int ir_parse(mt_ir_module **out,
             const char *data,
             size_t len,
             unsigned flags,
             mt_error *err);

/* Called by ir_parse_progress with the bytes read so far and the total. */
typedef void (*ir_progress_fn)(void *payload, size_t done, size_t total);

/* ir_parse, calling progress (if not NULL) about every 16 MB of input in
 * texts over 64 MB; the reading position is checked per op, so the cost
 * is one comparison an op. spare (may be NULL) is a module no longer
 * needed: taken over (freed), its arrays hold the new module. */
int ir_parse_progress(mt_ir_module **out,
                      const char *data,
                      size_t len,
                      unsigned flags,
                      ir_progress_fn progress,
                      void *payload,
                      mt_ir_module *spare,
                      mt_error *err);

/* ---- the reader: lex.c, loc.c, parse.c ---- */

/* An SSA name as the scoped table keys it: the printer's plain numbers
 * (%0, %17) index a dense array, other names (%arg0, %cst_1) hash. */
typedef struct ir_ssakey {
	uint64_t h; /* name hash, or the number when num */
	uint32_t num;
} ir_ssakey;

typedef struct ir_undo {
	ir_ssakey key;
	uint32_t old;
} ir_undo;

typedef struct ir_resname {
	ir_ssakey key;
	uint32_t count;
} ir_resname;

/* State of one parse of one stage (parse.c); the lexer (lex.c) and the
 * location reader (loc.c) move p forward and count lines. */
/* A recently read op name and its string id (parse.c op_name). */
#define IR_NAMECACHE 64
typedef struct ir_namecache {
	uint32_t id;
	uint8_t len; /* 0: empty */
	char text[43];
} ir_namecache;

/* What reading the start of an op's text did (tail.c, tail_memo). */
typedef struct ir_tailmemo {
	uint64_t key; /* 0: empty */
	uint64_t h;
	uint32_t len;
	uint16_t nrefs;
	char last;
	uint8_t arrow;
	int ntype;
	mt_ir_str sym, last_type_dev, type_dev[2];
} ir_tailmemo;
#define IR_MEMO_SLOTS 4096
#define IR_MEMO_WINDOW 4096

struct ir_opctx;

typedef struct ir_parser {
	const char *p, *end;
	const char *dropped; /* drop_behind: text before this is released */
	int drop_behind;
	uint32_t line;
	int depth;
	mt_ir_module *m;
	mt_map ssa; /* SSA name hash -> first value id */
	uint32_t *ssanum; /* %N -> first value id, or MT_IR_NONE */
	size_t cap_ssanum;
	size_t ssanum_max; /* larger numbers go through ssa */
	ir_undo *undo;
	size_t nundo, cap_undo;
	mt_map attralias; /* #/! alias name hash -> index in aliashash */
	uint64_t *aliashash;
	size_t naliashash, cap_aliashash;
	uint32_t *scratch; /* operands of ops still open, innermost last */
	size_t nscratch, cap_scratch;
	ir_resname *res;
	size_t nres, cap_res;
	const char *start; /* of the text, for progress */
	const char *next_progress; /* call progress when p passes this */
	ir_progress_fn progress;
	void *progress_payload;
	ir_namecache names[IR_NAMECACHE];
	ir_tailmemo *memo; /* IR_MEMO_SLOTS, or NULL (not remembered) */
	/* ops tried and replayed in this window; ops left to rest */
	unsigned memo_tries, memo_won, memo_rest;
	/* Read the region that opens at P->p ('{') of op c: the reader
	 * (parse.c) tells the tail scanner (tail.c) how, so that the tail
	 * scanner, which meets regions inside an op's text, does not call
	 * back into the reader that calls it. */
	void (*read_region)(struct ir_parser *P, struct ir_opctx *c);
} ir_parser;

/* For tests: whether a and b are the same module (module.c); if not,
 * what differs goes into why (n bytes). */
int ir_module_same(const mt_ir_module *a,
                   const mt_ir_module *b,
                   char *why,
                   size_t n);

/* Character classes, inline: the reader asks them about every byte. One
 * table lookup each (lex.c fills ir_cclass). */
enum {
	IR_CC_ID_START = 1, /* a-z A-Z _ */
	IR_CC_DIGIT = 2,
	IR_CC_ID = 4, /* ID_START, DIGIT, '$', '.' */
	IR_CC_SUFFIX = 8, /* ID and '-' */
	IR_CC_PLAIN = 16 /* scan_tail only hashes it and moves on */
};
extern const uint8_t ir_cclass[256];

static inline int ir_is_id_start(int c)
{
	return ir_cclass[(unsigned char)c] & IR_CC_ID_START;
}

static inline int ir_is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static inline int ir_is_id_char(int c)
{
	return ir_cclass[(unsigned char)c] & IR_CC_ID;
}

/* SSA and block names also allow '-' (MLIR's suffix-id). */
static inline int ir_is_suffix_char(int c)
{
	return ir_cclass[(unsigned char)c] & IR_CC_SUFFIX;
}

/* lex.c. Note the first problem of a stage (with its line) and count
 * every one; the parse goes on. */
void ir_problem(ir_parser *P, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
/* To the newline (not past it). */
void ir_skip_line(ir_parser *P);

/* Spaces, newlines and // comments. */
static inline void ir_skip_ws(ir_parser *P)
{
	/* locals: a store to P->p would be redone before every byte read */
	const char *q = P->p, *end = P->end;
	uint32_t line = P->line;

	while (q < end) {
		char c = *q;

		if (c == '\n') {
			line++;
			q++;
		} else if (c == ' ' || c == '\t' || c == '\r') {
			q++;
		} else if (c == '/' && q + 1 < end && q[1] == '/') {
			P->p = q;
			ir_skip_line(P);
			q = P->p;
		} else {
			break;
		}
	}
	P->p = q;
	P->line = line;
}

/* Spaces and tabs only. */
static inline void ir_skip_blanks(ir_parser *P)
{
	while (P->p < P->end &&
	       (*P->p == ' ' || *P->p == '\t' || *P->p == '\r'))
		P->p++;
}

/* P->p at '"': past the string; its raw bytes hashed into *h (if h),
 * its contents in *s, *n (if s; borrowed from the text). */
void ir_skip_string(ir_parser *P, uint64_t *h, const char **s, size_t *n);
/* Past a balanced group opened at P->p by any of ([{<. */
void ir_skip_balanced(ir_parser *P);

/* Decimal digits, saturated at UINT32_MAX. */
/* The decimal number at *q (before end), capped at UINT32_MAX; *q
 * moves past its digits. */
static inline uint32_t ir_uint_at(const char **q, const char *end)
{
	const char *p = *q;
	uint64_t v = 0;

	while (p < end && ir_is_digit(*p)) {
		if (v < 0xffffffffULL)
			v = v * 10 + (uint64_t)(*p - '0');
		p++;
	}
	*q = p;
	return v > 0xffffffffULL ? 0xffffffffu : (uint32_t)v;
}

static inline uint32_t ir_read_uint(ir_parser *P)
{
	return ir_uint_at(&P->p, P->end);
}

/* Whether the text at P->p starts with s. */
static inline int ir_starts(const ir_parser *P, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(P->end - P->p) >= n && !memcmp(P->p, s, n);
}

/* An identifier (suffix != 0: also '-', as SSA and block names) at P->p;
 * *s, *n borrowed from the text, *n == 0 if none. */
static inline void
ir_read_id(ir_parser *P, const char **s, size_t *n, int suffix)
{
	const unsigned cls = suffix ? IR_CC_SUFFIX : IR_CC_ID;
	const char *q = P->p;

	*s = q;
	while (q < P->end && (ir_cclass[(unsigned char)*q] & cls))
		q++;
	P->p = q;
	*n = (size_t)(q - *s);
}

/* FNV-1a of n bytes into h, as mt_hash_bytes, inlined for the reader. */
static inline uint64_t ir_hash_bytes(uint64_t h, const char *s, size_t n)
{
	while (n--)
		h = IR_HB(h, *s++);
	return h;
}

/* Hash of a name as the SSA and alias tables key it. */
uint64_t ir_name_hash(const char *s, size_t n);

/* loc.c. P->p just after "loc(": read through the closing ')'; returns
 * a raw location index, shared by every op with the same items. */
uint32_t ir_parse_loc(ir_parser *P);
/* P->p just after "loc(" of "#s = loc(...)": read it and store it under
 * alias s (which may have been used before, as mlir-opt prints them). */
void ir_loc_alias_define(ir_parser *P, const char *s, size_t n);

/* What parse.c and tail.c know of the op being read (or an alias value,
 * op == MT_IR_NONE). */
typedef struct ir_opctx {
	uint32_t op; /* MT_IR_NONE for an alias definition */
	int generic;
	uint32_t nargs; /* block arguments so far (header + blocks) */
	size_t scratch0; /* first operand of this op in P->scratch */
	uint64_t h;
	mt_ir_str sym;
	mt_ir_str attr_dev, last_type_dev, type_dev[2], to_dev;
	int ntype; /* !mo.tensor / !mo.buffer types seen */
	int has_symname;
	uint32_t loc;
} ir_opctx;

/* parse.c. At '{' of a region of op c: read it (nesting capped); the
 * parser's read_region. */
void ir_parse_region(ir_parser *P, ir_opctx *c);

/* ssa.c. The table key of SSA name s (n > 0 bytes): small plain numbers
 * index a dense array, other names are hashed. */
ir_ssakey ir_ssa_key(const ir_parser *P, const char *s, size_t n);
/* Bind key to value vid until ir_ssa_rollback to a mark before it. */
void ir_ssa_define(ir_parser *P, ir_ssakey key, uint32_t vid);
/* Undo the bindings made since P->nundo was mark. */
void ir_ssa_rollback(ir_parser *P, size_t mark);
/* A new value: result idx of op (or MT_IR_ARG | n, a block argument). */
uint32_t ir_new_value(ir_parser *P, uint32_t op, uint32_t idx);
/* The use of SSA name s (n > 0 bytes; result sub of its group, %x#sub)
 * in op c's text: an operand, or an argument c defines for its regions. */
void ir_ssa_use(
        ir_parser *P, ir_opctx *c, const char *s, size_t n, uint32_t sub);
/* tail.c. Scan the rest of op c (or an alias value) up to its end. */
void ir_scan_tail(ir_parser *P, ir_opctx *c);

/* Post-parse: resolve loc aliases, devices, structural hashes. */
void ir_finish(mt_ir_module *m);

/* ---- matching (match.c) and findings (findings.c) ---- */

/* One stage of a pair being compared. */
typedef struct ir_side {
	const mt_ir_module *m;
	uint32_t n;
	uint32_t *match; /* other side's op, or MT_IR_NONE */
	/* hash of the nearest enclosing symbol (ir_scope): per op an index
	 * into scopes, one entry per distinct scope (0: the top level) */
	uint32_t *scope_id;
	uint64_t *scopes;
	size_t nscopes, cap_scopes;
	uint32_t *use_off; /* users of value v: uses[use_off[v]..[v+1]] */
	uint32_t *uses;
	uint8_t *claimed; /* taken by a fusion */
	/* a bit per string id of m: set if ops of that name exist on the
	 * other side (only those can pair in a tier keyed by name);
	 * ir_match */
	uint8_t *name_both;
} ir_side;

typedef struct ir_differ {
	ir_side a, b;
	mt_ir_transition *t;
	const mt_ir_trace *trace;
	uint32_t *next; /* chains of B ops per key */
	uint32_t afree, bfree; /* ops not matched yet, per side (ir_match) */
	uint64_t *keys; /* per B op, this tier's key (0: none) */
	void *tab; /* the tiers' key table (match.c) */
} ir_differ;

/* Name and location hashes come from the module's own tables: keeping
 * copies per op would cost 16 bytes an op on the largest stages. */
static inline uint64_t ir_name_h(const ir_side *s, uint32_t i)
{
	return s->m->strs.hashes[s->m->ops[i].name];
}

static inline uint64_t ir_loc_h(const ir_side *s, uint32_t i)
{
	uint32_t l = s->m->ops[i].loc;

	return l < s->m->nlocs ? s->m->locs[l].hash : 0;
}

/* Hash of the nearest enclosing symbol of op i (0 at top level). */
static inline uint64_t ir_scope(const ir_side *s, uint32_t i)
{
	return s->scopes[s->scope_id[i]];
}

/* A side of m, no op matched yet (ir_match indexes the uses of its
 * values). Release with ir_side_release. */
void ir_side_init(ir_side *s, const mt_ir_module *m);
void ir_side_release(ir_side *s);
/* Match the ops of D->a and D->b (D->a.match, D->b.match), tier by tier. */
void ir_match(ir_differ *D);
/* The (op, idx) on side B that value v of side s stands for; 0 if none. */
int ir_map_value(const ir_differ *D,
                 const ir_side *s,
                 uint32_t v,
                 uint32_t *op,
                 uint32_t *idx);
/* Whether matched ops i (A) and j (B) take the same operands. */
int ir_operands_same(const ir_differ *D, uint32_t i, uint32_t j);
/* Whether matched ops i (A) and j (B) have matching parents. */
int ir_parent_same(const ir_differ *D, uint32_t i, uint32_t j);

/* ---- findings (findings.c, fusion.c, results.c) ---- */

/* results.c: r describes op i of m (copies); release with
 * ir_opref_release. */
void ir_opref_fill(mt_ir_opref *r, const mt_ir_module *m, uint32_t i);
void ir_opref_release(mt_ir_opref *r);
/* Add by to the count named name of items (added if new, name copied). */
void ir_count_add(mt_ir_count **items,
                  size_t *n,
                  size_t *cap,
                  const char *name,
                  size_t by);
/* qsort comparison of counts by name. */
int ir_count_cmp(const void *x, const void *y);
void ir_counts_free(mt_ir_count *c, size_t n);
/* A trace line "NAME what" for op i of m, counted in D's transition. */
/* A transition that is done: its arrays sized to what they hold (kept
 * for every stage of a capture until the report is written). */
void ir_transition_trim(mt_ir_transition *t);
void ir_trace_add(ir_differ *D,
                  const mt_ir_module *m,
                  uint32_t i,
                  const char *what);

/* Whether op i of m is named name. */
int ir_name_is(const mt_ir_module *m, uint32_t i, const char *name);

/* fusion.c: whether value v of s is an op's result (*op: that op). */
int ir_is_result(const ir_side *s, uint32_t v, uint32_t *op);
/* Whether op i of m is a loop (scf.for, scf.forall, scf.parallel,
 * affine.for, affine.parallel). */
int ir_is_loop(const mt_ir_module *m, uint32_t i);
/* The fusions of D, added to D->t; members and fused ops claimed. */
void ir_find_fusions(ir_differ *D);
/* outline.c: ops of a function moved into a new function. */
void ir_find_outlinings(ir_differ *D);
/* lowering.c: ops of one dialect replaced by ops of another. */
void ir_find_lowerings(ir_differ *D);
/* comps.c: what the ops of one side compute, each a sorted multiset of
 * name hashes, computed on first use. */
typedef struct ir_comps {
	const ir_side *s;
	uint8_t *kind; /* BK_* per string id */
	/* what op i computes: sorted name hashes pool[off[i]..+len[i]];
	 * off[i] == MT_IR_NONE: not computed yet (A side, on demand) */
	uint32_t *off, *len;
	uint64_t *pool;
	size_t npool, cap_pool;
} ir_comps;

void ir_comps_init(ir_comps *bs, const ir_side *s);
void ir_comps_release(ir_comps *bs);
/* What op i computes: *n sorted name hashes, borrowed from bs until the
 * next call. */
const uint64_t *ir_comps_of(ir_comps *bs, uint32_t i, uint32_t *n);
/* Whether op i only makes one value everywhere (a fill, or an op whose
 * region computes nothing): it computes nothing, and may join a fusion. */
int ir_comps_is_fill(ir_comps *bs, uint32_t i);

/* bodies.c: fusions read from what ops compute (no location needed). */
void ir_find_body_fusions(ir_differ *D);
/* Tile-and-fuse: producer and consumer cloned into a new loop nest. */
void ir_find_tiled(ir_differ *D);

/* foldsteps.c: the groups of every graph of r (steps, passes, graphs
 * alike); release with ir_fold_report_release. */
struct mt_irdiff_report;
void ir_fold_report(struct mt_irdiff_report *r);
void ir_fold_report_release(struct mt_irdiff_report *r);
/* fold.c: the rows of sp's findings (sp->folds); release with
 * ir_folds_release. */
struct mt_irdiff_step;
void ir_fold_step(struct mt_irdiff_step *sp);
void ir_folds_release(struct mt_irdiff_step *sp);

#endif
