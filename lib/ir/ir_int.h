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

	size_t nproblems;
	char problem[200];
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

/* mt_ir_parse; drop != 0 releases the pages of data already read
 * (data must then be a private file mapping, read only by the parser). */
int ir_parse(mt_ir_module **out,
             const char *data,
             size_t len,
             int drop,
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
                      int drop,
                      ir_progress_fn progress,
                      void *payload,
                      mt_ir_module *spare,
                      mt_error *err);

/* mt_ir_stage_parse with a progress callback and a spare module (see
 * ir_parse_progress). */
int ir_stage_parse_progress(mt_ir_module **out,
                            const mt_ir_stage *s,
                            ir_progress_fn progress,
                            void *payload,
                            mt_ir_module *spare,
                            mt_error *err);

/* ---- inputs (input.c) and after-all captures (capture.c) ---- */

#define IR_DUMP_MARK "// -----// IR Dump "
#define IR_NO_DUMP ((size_t)-1)

/* One dump of a capture; offsets are into the capture file. */
typedef struct ir_dump {
	size_t off, len; /* its text, after the header line */
	size_t op, op_end; /* the dumped op's lines */
	uint64_t key; /* hash of "func.func @f", "builtin.module" */
	size_t base; /* the last module dump before it, or IR_NO_DUMP */
	int module, before;
	int stage; /* the dump is a stage (see ir_capture_scan) */
	char *name; /* its stage name */
} ir_dump;

/* Where a keyed op ("func.func @f") is in a module dump's text. */
typedef struct ir_keyspan {
	size_t start, end;
} ir_keyspan;

struct mt_ir_capture {
	ir_dump *dumps;
	size_t n, cap;
	size_t first_module; /* index of the first module dump, or n */
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

/* What reading the start of an op's text did (parse.c, tail_memo). */
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
} ir_parser;

/* For tests: nonzero reads every op's text token by token; the number
 * of segments replayed so far. */
extern int ir_parse_no_memo;
extern unsigned long ir_parse_memo_hits;
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

#endif
