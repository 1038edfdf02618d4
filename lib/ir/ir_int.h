/*
 * ir_int.h - private layout of mt_ir_module shared by the parser, the
 * finishing pass and the differ.
 */
#ifndef MAXTRIAGE_IR_INT_H
#define MAXTRIAGE_IR_INT_H

#include "maxtriage/ir.h"
#include "maxtriage/map.h"

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
	IR_NC_DEVREGION = 8 /* its regions run on a device */
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
 * is one comparison an op. */
int ir_parse_progress(mt_ir_module **out,
                      const char *data,
                      size_t len,
                      int drop,
                      ir_progress_fn progress,
                      void *payload,
                      mt_error *err);

/* mt_ir_stage_parse with a progress callback (see ir_parse_progress). */
int ir_stage_parse_progress(mt_ir_module **out,
                            const mt_ir_stage *s,
                            ir_progress_fn progress,
                            void *payload,
                            mt_error *err);

/* Post-parse: resolve loc aliases, devices, structural hashes. */
void ir_finish(mt_ir_module *m);

#endif
