/*
 * symbols_int.h - private state of the symbolizer (lib/symbols/ only).
 *
 * A module owns its ELF handles, an optional separate debug file, the
 * ELF symbol table sorted for nearest-symbol lookup and a DWARF index.
 * The DWARF index is built in two steps so that a handful of addresses in
 * a big library stays cheap: the sorted CU ranges once per module, then the
 * subroutine segments and the line table of a CU only when an address
 * falls into it. Every string handed out is owned by the module.
 */
#ifndef MAXTRIAGE_SYMBOLS_INT_H
#define MAXTRIAGE_SYMBOLS_INT_H

#include "maxtriage/arena.h"
#include "maxtriage/buf.h"
#include "maxtriage/map.h"
#include "maxtriage/memo.h"
#include "maxtriage/symbols.h"

#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>

/* The demangling state of one symbolizer, so of one thread
 * (demangle.c). */
typedef struct sym_demangler {
	int no_libllvm; /* never load libLLVM (mt_symbolizer_opts) */
	int llvm_used; /* libLLVM was loaded for a name: every later name
	                  goes through it, as llvm-symbolizer's all do */
} sym_demangler;

/* A section index that is none (LLVM's SectionedAddress::UndefSection). */
#define SYM_NO_SECTION UINT64_MAX

/* A relocation of .debug_line: its offset there and the index of the
 * section its symbol is defined in. */
typedef struct sym_reloc_site {
	uint64_t off, sec;
} sym_reloc_site;

/* The private, relocated copies of an ET_REL file's debug sections
 * (reloc.c), freed after the Elf that points at them; and where the
 * relocations of .debug_line point, sorted by offset (line tables keep
 * each sequence's section, as LLVM's do). */
typedef struct sym_relocated {
	void **bufs;
	size_t n, cap;
	size_t skipped; /* relocations of an unknown type or out of place */
	sym_reloc_site *line_sites;
	size_t n_line_sites, cap_line_sites;
} sym_relocated;

/* An executable section of a relocatable object (rel_index.c). */
typedef struct sym_rel_text {
	uint64_t addr, size, index;
} sym_rel_text;

/* Bounds for hostile input. */
#define SYM_MAX_DIE_DEPTH 256
#define SYM_MAX_SEARCH_DEPTH 12 /* binary-dir recursion */
#define SYM_MAX_INDEXED_FILES 1000000
#define SYM_MAX_NAME 4096

/* GCC's (and clang's -fdebug-info-for-profiling) call-site discriminator
 * of an inlined subroutine; elfutils' dwarf.h does not name it. */
#define SYM_AT_GNU_DISCRIMINATOR 0x2136

/* Result of the DWARF readers (die_walk.c, line_table.c, dwarf_rd.h):
 * SYM_REFUSED means "not known for certain from these bytes" (corrupt,
 * truncated, or a form or layout the reader does not handle). A refused
 * CU walk is redone with libdw; a refused line table leaves the CU
 * without lines. */
typedef enum sym_rc { SYM_OK = 0, SYM_REFUSED = -1 } sym_rc;

/* Where and why a reader refused its input: the first refusal, which is
 * the innermost check that failed (callers propagate the code without
 * recording again). file and why are static strings. */
typedef struct sym_refusal {
	const char *file;
	int line;
	const char *why;
} sym_refusal;

/* refusal.c: record a refusal (SYM_REFUSE's body); out of line and cold
 * so that the readers' hot loops keep only the test. */
void sym_refuse(sym_refusal *rf, const char *file, int line, const char *why)
        __attribute__((cold));

/* Refuse the input at this line, saying why (in the spirit of SQLite's
 * SQLITE_CORRUPT_BKPT, which logs the line where corruption was seen):
 * records __FILE__:__LINE__ and why in *rf (may be NULL) and evaluates
 * to SYM_REFUSED. */
#define SYM_REFUSE(rf, why) \
	(sym_refuse((rf), __FILE__, __LINE__, (why)), SYM_REFUSED)

/* refusal.c: "die_walk.c:312: <why>" (the file's base name), in a;
 * NULL when rf records nothing. */
const char *sym_refusal_text(mt_arena *a, const sym_refusal *rf);

/* LLVM's StringRef::getAsInteger for an unsigned 64-bit value (radix 0
 * senses 0x, 0b, 0o and a leading 0): 0, or -1 unless all of s[0..n) is
 * the number. */
int sym_llvm_uint(uint64_t *out, const char *s, size_t n, unsigned radix);

/* An ELF symbol kept for nearest-symbol lookup (llvm-symbolizer's rules:
 * FUNC, OBJECT, IFUNC and NOTYPE symbols in allocated sections). Plain
 * data, names as offsets into the module's symbol string table, so that
 * the sorted array can live in an index cache file as it is. */
#define SYM_NO_FILE UINT32_MAX
typedef struct sym_elfsym {
	uint64_t addr;
	uint64_t size;
	uint32_t name; /* raw (mangled) name: offset in mt_module.sym_strs */
	uint32_t file; /* STT_FILE before a local symbol, or SYM_NO_FILE */
	uint32_t index; /* symbol table order, for stable sorting */
	uint32_t unused;
} sym_elfsym;

/* binutils_rules: a symbol of the table bfd reads (bfd_syms.c), in
 * table order; size 0 when _bfd_elf_find_function never takes it. */
typedef struct sym_bfd_sym {
	uint64_t value;
	uint64_t size; /* st_size, or 1 */
	uint32_t name; /* offset in sym_bfd.strs */
	uint32_t shndx;
	uint32_t file; /* the STT_FILE bfd gives it, or SYM_NO_FILE */
	uint32_t flags; /* SYM_BFD_* */
} sym_bfd_sym;

#define SYM_BFD_GLOBAL 1u
#define SYM_BFD_FUNC 2u

typedef struct sym_bfd_sec {
	size_t index;
	uint64_t addr, size;
	int code; /* SHF_EXECINSTR */
} sym_bfd_sec;

/* The table as binutils addr2line reads it, its allocated sections in
 * header order, and _bfd_elf_find_function's one-entry cache. */
typedef struct sym_bfd {
	int loaded;
	sym_bfd_sym *syms;
	size_t n;
	uint32_t *order; /* the candidates (size > 0), sorted (bfd_syms.c) */
	size_t n_order;
	sym_bfd_sec *secs;
	size_t n_secs;
	const char *strs;
	size_t strs_size;
	size_t cache_sec;
	long cache; /* index into syms, or -1 */
} sym_bfd;

#define SYM_NO_NODE (-1)

/* One DW_TAG_subprogram or DW_TAG_inlined_subroutine of a CU (plain
 * data; its name is computed on demand into sym_cu.names). */
typedef struct sym_node {
	uint64_t off; /* DIE offset, to compute the name on demand */
	int32_t parent; /* nearest enclosing subroutine node, or SYM_NO_NODE;
	                   always below this node's own number */
	uint32_t call_file;
	uint32_t call_line;
	uint32_t call_column;
	uint32_t inlined; /* 1 for DW_TAG_inlined_subroutine */
	uint32_t name; /* in an index cache: its name's offset + 1 there */
	uint32_t call_discr; /* DW_AT_GNU_discriminator of the call */
	uint32_t unused; /* no padding: the array is written to files */
} sym_node;

/* An address range [lo, hi) and what owns it: a subroutine node of a CU
 * (sym_seg, owned by exactly one, the innermost, subroutine) or a CU
 * (sym_cu_range). Arrays of them are sorted and disjoint, and are
 * written to index cache files as they are. */
typedef struct sym_span {
	uint64_t lo, hi;
	uint32_t owner; /* node index in the CU, or CU index */
	uint32_t unused; /* no padding: the array is written to files */
} sym_span;

typedef sym_span sym_seg;
typedef sym_span sym_cu_range;

/* The raw bytes of a debug section (decompressed by libdw), owned by
 * libelf. */
typedef struct sym_section {
	const uint8_t *data;
	size_t size;
} sym_section;

typedef struct sym_dwarf_sections {
	sym_section line, line_str, str, info;
	sym_section abbrev, addr, ranges, rnglists; /* for die_walk.c */
	sym_section aranges;
	int big; /* ELFDATA2MSB */
} sym_dwarf_sections;

/* One row of a line table (end = 1 for DW_LNE_end_sequence). */
typedef struct sym_line_row {
	uint64_t addr;
	uint32_t file; /* index into sym_line_table.files */
	uint32_t line; /* 0 when unknown */
	uint32_t column;
	uint32_t end;
	uint32_t discr; /* the discriminator register */
	uint32_t unused; /* no padding: rows are written to files */
} sym_line_row;

#define SYM_LINE_NO_DIR UINT64_MAX
typedef struct sym_line_file {
	const char *name; /* in the section, or NULL */
	uint64_t dir; /* index into dirs, or SYM_LINE_NO_DIR */
	const char *source; /* its text (DW_LNCT_LLVM_source), or NULL */
} sym_line_file;

/* Line-number state machine registers (DWARF 5 section 6.2.2). The
 * discriminator is not among them: every row resets it to 0, so it is 0
 * wherever a state is kept (a mark); the decoder holds it. */
typedef struct sym_line_state {
	uint64_t addr;
	uint64_t op_index;
	uint64_t file;
	int64_t line;
	uint64_t column;
} sym_line_state;

/* A point to resume the line program from: a row and the registers and
 * program offset just after it. */
typedef struct sym_line_mark {
	sym_line_row row;
	sym_line_state state;
	size_t pos; /* offset from sym_line_prog.begin */
} sym_line_mark;

/* A line program and its header's parameters. */
typedef struct sym_line_prog {
	const uint8_t *begin, *end; /* the opcodes, in .debug_line */
	const uint8_t *std_len; /* standard_opcode_lengths */
	unsigned min_insn, max_ops, line_range, opcode_base;
	int line_base;
	int big;
} sym_line_prog;

/* A decoded line table: marks in address order, or (for tables whose
 * sequences overlap) every row sorted the way libdw sorts them (by
 * address, an end_sequence first at equal addresses, then program
 * order). Directory and file numbering is libdw's: for DWARF < 5,
 * directory 0 is DW_AT_comp_dir and file 0 a dummy. Strings point into
 * the sections. */
typedef struct sym_line_table {
	sym_line_prog prog;
	sym_line_mark *marks;
	size_t n_marks;
	sym_line_row *rows; /* NULL when marks answer */
	size_t n_rows;
	const char **dirs; /* entries may be NULL */
	size_t n_dirs;
	sym_line_file *files;
	size_t n_files;
	unsigned version;
	/* A relocatable object's table (rows_sectioned): rows in program
	 * order and the sequences with their sections, sorted by (section,
	 * end); looked up with sym_line_table_find_in. */
	int rows_sectioned;
	struct sym_line_seq_info *seqs;
	size_t n_seqs;
} sym_line_table;

/* One sequence of a sectioned line table: [lo, hi) in section sec, rows
 * [first, first + n) (the last is its end_sequence). */
typedef struct sym_line_seq_info {
	uint64_t lo, hi, sec;
	size_t first, n;
} sym_line_seq_info;

/* Buffers reused from one line table to the next (one per module). */
typedef struct sym_line_scratch {
	struct sym_line_seq *seqs;
	size_t cap_seqs;
} sym_line_scratch;

/* An address range of a subroutine node, before build_segments. */
typedef struct sym_interval {
	uint64_t lo, hi;
	uint32_t node;
} sym_interval;

typedef struct sym_intervals {
	sym_interval *v;
	size_t n, cap;
} sym_intervals;

/* sym_cu.state. The values are stored in index cache files. */
typedef enum sym_cu_state {
	SYM_CU_FAILED = -1, /* cannot be read: no answers from it */
	SYM_CU_UNREAD = 0, /* not indexed yet */
	SYM_CU_READY = 1, /* nodes, segments and line table usable */
	SYM_CU_CACHED = 2 /* mapped from an index cache, not opened yet */
} sym_cu_state;

typedef struct sym_cu {
	Dwarf_Off off; /* offset of the CU DIE */
	uint64_t size; /* bytes of .debug_info up to the next CU */
	int version;
	int state; /* sym_cu_state */
	sym_node *nodes;
	size_t n_nodes, cap_nodes;
	sym_seg *segs;
	size_t n_segs;
	sym_line_table lt; /* empty when the CU has none or it is bad */
	const char *refusal; /* why an own reader refused part of it (the
	                        DIE walk: then libdw walked it; the line
	                        table: then it has no lines), or NULL */
	const char **full_names; /* lazily composed absolute names */
	const char *comp_dir;
	/* A skeleton unit (-gsplit-dwarf) whose split unit libdw found in
	 * its .dwo: that file's Dwarf (owned by libdw, freed with m->dw)
	 * and the split CU DIE's offset there. The nodes' DIE offsets are
	 * in that file; the line table is the skeleton's. NULL: none. */
	Dwarf *split_dw;
	uint64_t split_off;
	/* Its record in the index cache, or NULL. When set, nodes, segs
	 * and the line marks/rows live in the mapped file. */
	const struct cache_cu *cached;
} sym_cu;

/* mt_module.index_state: the CU index is built when the module is
 * loaded (module_index in symbolizer.c). */
typedef enum sym_index_state {
	SYM_INDEX_FAILED = -1, /* unusable DWARF: m->dw was dropped */
	SYM_INDEX_NONE = 0, /* no DWARF, or not loaded */
	SYM_INDEX_BUILT = 1
} sym_index_state;

/* mt_module.inflate_refused: the module file, a debug file */
#define SYM_REFUSED_MAIN 1
#define SYM_REFUSED_DEBUG 2

struct mt_module {
	char *key; /* cache key: name as asked + build-id */
	int lookup_err; /* negative cached result, 0 if found */
	mt_error err; /* reason for lookup_err */
	char *path; /* the file opened */
	char *debug_path; /* the file DWARF comes from, may equal path */
	char *build_id;
	char *no_debug; /* reason there is no debug info, or NULL */
	char *remote_err; /* why debuginfod gave nothing, or NULL */
	int inflate_refused; /* SYM_REFUSED_*: whose DWARF was refused by
	                        its declared inflated size (inflate.c),
	                        never to be given to libdw nor libdwfl */
	int fd, dbg_fd;
	Elf *elf; /* main file (or the debug file when missing) */
	Elf *dbg_elf; /* separate debug file, or NULL */
	sym_relocated reloc, dbg_reloc; /* of elf and dbg_elf (ET_REL) */
	int rel; /* the DWARF is a relocatable object's (rel_index.c) */
	sym_rel_text *rel_text; /* elf's executable sections */
	size_t n_rel_text;
	int rel_text_loaded;
	Dwarf *dw;
	unsigned machine; /* e_machine */
	mt_arena arena; /* strings that live as long as the module */

	int syms_loaded;
	int syms_sorted;
	int syms_mapped; /* syms points into cache_map */
	int syms_origin; /* 0 not known yet, 1 the module file's table,
	                    2 the debug file's .symtab (elfsym.c) */
	sym_elfsym *syms;
	size_t n_syms;
	const char *sym_strs; /* the string table the names index */
	size_t sym_strs_size; /* its bytes up to and with its last NUL */
	/* Names computed on first use, by DIE offset and by symbol. */
	mt_memo memo_nodes, memo_syms;
	mt_memo memo_binutils; /* binutils_rules: names functions took
	                          (dwarf_index.c) */
	sym_bfd bfd; /* binutils_rules: bfd's symbol table (bfd_syms.c) */

	int index_state; /* sym_index_state */
	sym_cu *cus;
	size_t n_cus;
	sym_cu_range *cu_ranges;
	size_t n_cu_ranges;
	sym_dwarf_sections sec;
	sym_line_scratch line_scratch;
	mt_die_walk die_walk; /* from mt_symbolizer_opts */
	const char *index_cache; /* --index-cache DIR, or NULL */
	mt_names names; /* mt_symbolizer_opts.names */
	sym_demangler *dm; /* the symbolizer's */
	int binutils_rules; /* mt_symbolizer_opts.binutils_rules */
	int object_symbols; /* mt_symbolizer_opts.object_symbols */
	int no_untag; /* mt_symbolizer_opts.no_untag */
	uint64_t max_inflate; /* mt_symbolizer_opts.max_inflate */
	mt_buf warnings; /* LLVM's warnings about the DWARF read so far, one
	                    a line, not yet taken (mt_module_take_warnings) */
	void *cache_map; /* the mapped index cache file, or NULL */
	const char *cache_pool; /* its string pool (NUL-terminated) */
	size_t cache_pool_size;
	char *cache_err; /* why the cache could not be written, or NULL */
	size_t cache_size;

	void *cs; /* capstone handle (csh *), lazily opened */
	enum {
		SYM_CS_UNTRIED = 0,
		SYM_CS_OPEN, /* cs is usable */
		SYM_CS_UNSUPPORTED /* architecture or capstone missing */
	} cs_state;
	struct sym_code *code; /* executable sections, lazily listed */
	size_t n_code;
	int code_loaded;

	/* The module cache (symbolizer.c): a hash table by key and a list
	 * from the most to the least recently used. */
	uint64_t hash; /* of key */
	struct mt_module *lru_prev, *lru_next; /* prev: more recent */
	size_t cost_fixed; /* estimated bytes when loaded (module_cost) */
	size_t cost_cus; /* bytes of the CUs opened since */
	size_t cost; /* the estimate counted in mt_symbolizer.bytes */
	int touched; /* in mt_symbolizer.touched since the last trim */
	int transient; /* the load met EMFILE, ENOMEM...: dropped at the
	                  next trim, loaded again when asked */
};

/* Regular files below one binary directory, sorted by base name. */
typedef struct sym_dir_index {
	struct sym_file_entry *e;
	size_t n, cap;
	int built;
} sym_dir_index;

struct mt_symbolizer {
	mt_symbolizer_opts opts;
	sym_demangler demangler;
	sym_dir_index *dir_index; /* one per binary dir, built on demand */
	/* The module cache (symbolizer.c): open addressing by mt_module.
	 * hash, the load under 1/2; an LRU list; the modules used since the
	 * last mt_symbolizer_trim, whose cost is counted again there. */
	mt_module **slots;
	size_t cap_slots, n_mods;
	mt_module *lru_head, *lru_tail;
	size_t bytes; /* sum of the modules' cost */
	mt_module **touched;
	size_t n_touched, cap_touched;
	size_t evictions;
	char *cache_err; /* the first evicted module's cache_err */
	int last_errno; /* the transient errno of the last failed lookup */
	struct sym_debuginfod *debuginfod; /* client, begun on first use */
};

/* locate.c */
/* Find the module a dump names (the path as printed unless untrusted,
 * then under the binary directories; else, with id, the debug file of
 * that build-id alone) and open it with its DWARF into m. 0, or a
 * negative code with the reason in m->err. id: plain lower-case hex or
 * NULL. */
int sym_locate_module(mt_symbolizer *s,
                      mt_module *m,
                      const char *name,
                      const char *id);
/* Open the binary at path as given, with its DWARF, into m. 0, or a
 * negative code with the reason in err. */
int sym_locate_file(mt_symbolizer *s,
                    mt_module *m,
                    const char *path,
                    mt_error *err);
/* Whether hex is a build-id in hex: an even number, 4 to 128, of hex
 * digits. */
int sym_is_hex_id(const char *hex);
uint32_t mt_sym_crc32(uint32_t crc, const void *p, size_t n);
/* CRC32 (the .gnu_debuglink flavour) of a whole file. 0 or MT_EIO. */
int mt_sym_crc32_file(uint32_t *out, const char *path);
/* "DIR/.build-id/ab/cdef.debug" for a lower-case hex build-id; NULL if
 * the id is not plain hex of a sane length. Free with free(). */
char *mt_sym_build_id_path(const char *dir, const char *hex);
/* Resolve name (as printed in a dump) under dir by path suffix, then by
 * basename. untrusted refuses ".." and anything whose real path leaves
 * dir. Returns a new path (free with free()) or NULL. */
char *mt_sym_find_in_dir(const char *dir, const char *name, int untrusted);
/* The same, with the basename index of dir kept in ix between calls. */
char *sym_find_in_dir(sym_dir_index *ix,
                      const char *dir,
                      const char *name,
                      int untrusted);
void sym_dir_index_release(sym_dir_index *ix);

/* elfsym.c */
void sym_load_symbols(mt_module *m);
void sym_sort_symbols(mt_module *m);
/* Whether object_symbols picks another symbol table than the default
 * here (a stripped file with a debug file): an index cache, which holds
 * the default's symbols, is then not used. */
int sym_symbols_differ_by_mode(mt_module *m);
/* A symbol's raw name, and its STT_FILE name or NULL. */
const char *sym_raw_name(const mt_module *m, const sym_elfsym *s);
const char *sym_file_name(const mt_module *m, const sym_elfsym *s);
const sym_elfsym *sym_find_symbol(mt_module *m, uint64_t addr);
const char *sym_symbol_name(mt_module *m, const sym_elfsym *s);

/* bfd_syms.c */
/* The symbol binutils addr2line names the function at addr after, or
 * NULL. dwarf: DWARF found the address (only its first section is
 * searched then). It updates bfd's cache: call it where addr2line
 * would search its symbols. */
const sym_bfd_sym *sym_bfd_function(mt_module *m, uint64_t addr, int dwarf);
/* The raw name of the data symbol binutils looks an address up by (one
 * starting there in a section that is not code), or NULL. */
const char *sym_bfd_data_symbol(mt_module *m, uint64_t addr);
const char *sym_bfd_name(mt_module *m, const sym_bfd_sym *s);
const char *sym_bfd_file(const mt_module *m, const sym_bfd_sym *s);
void sym_bfd_release(mt_module *m);

/* locals.c: the variable binutils' table finds for a data symbol sym at
 * addr (sym_bfd_data_symbol): 1 with its declaration, else 0. */
int sym_bfd_var_decl(const char **file,
                     unsigned *line,
                     mt_module *m,
                     uint64_t addr,
                     const char *sym);

/* demangle.c */
/* The demangling state of one symbolizer (so of one thread). */
void sym_demangler_init(sym_demangler *d, int no_libllvm);
/* Demangle like llvm-symbolizer (LLVMSymbolizer::DemangleName); returns
 * a new string or NULL when the name stays as it is. Free with free(). */
char *sym_demangle(sym_demangler *d, const char *name);
/* llvm::demangle ({{{symbol}}} in --filter-markup): a new string, the
 * name itself when no demangler takes it. Free with free(). */
char *sym_demangle_markup(sym_demangler *d, const char *name);
/* Demangle as binutils' bfd_demangle (addr2line -C) does; a new string
 * or NULL when the name is not a mangled one. Free with free(). */
char *sym_demangle_gnu(const char *name);
/* The name as m->names wants it demangled (sym_demangle or
 * sym_demangle_gnu), or NULL: keep it as it is. */
char *sym_demangle_for(const mt_module *m, const char *name);
/* Append s to out with the GNU demangler's spellings rewritten into
 * LLVM's ("> >" -> ">>", "{lambda(int)#1}" -> "'lambda'(int)", ...). */
void sym_llvm_spelling(mt_buf *out, const char *s);

/* cu_index.c */
/* Append [lo, hi) of owner to a sorted, disjoint span array (CU ranges,
 * segments), extending the last span when it is owner's and ends at lo.
 * Empty ranges are dropped. */
void sym_span_push(sym_span **v,
                   size_t *n,
                   size_t *cap,
                   uint64_t lo,
                   uint64_t hi,
                   uint32_t owner);
/* The span of v[0..n) (sorted, disjoint) that covers addr, or NULL. */
const sym_span *sym_span_find(const sym_span *v, size_t n, uint64_t addr);

/* Read every CU header and its ranges into m->cus and m->cu_ranges. 0,
 * or MT_EFORMAT (the reason in m->no_debug) when there is no CU. */
int sym_dwarf_index_cus(mt_module *m);
/* The CU whose ranges cover addr, or NULL. */
sym_cu *sym_dwarf_find_cu(mt_module *m, uint64_t addr);

/* dwarf_index.c */
/* Find the raw bytes of the debug sections the own readers use (m->sec),
 * from the ELF libdw reads. */
void sym_dwarf_load_sections(mt_module *m);
/* Index cu now if it is SYM_CU_UNREAD (walk its DIEs, read its lines). */
void sym_dwarf_load_cu(mt_module *m, sym_cu *cu);
/* The inline chain at addr inside cu (SYM_CU_READY), innermost first,
 * into out[0..max): the number of entries. */
int sym_dwarf_chain(
        mt_module *m, sym_cu *cu, uint64_t addr, mt_srcloc *out, size_t max);
/* The (demangled) name of node idx of cu, or NULL. */
const char *sym_node_name(mt_module *m, sym_cu *cu, uint32_t idx);

/* The DIE offsets (in *dw) of the subroutines holding addr, innermost
 * first, as the index's segments give them (for a relocatable object,
 * LLVM's AddrDieMap): the number written to offs[0..max). */
int sym_dwarf_chain_dies(
        uint64_t *offs, size_t max, Dwarf **dw, mt_module *m, uint64_t addr);

/* index_cache.c */
/* Map DIR/<build-id>.mtidx: 0 when m's CU index, CU arrays and (unless
 * already read) sorted symbols now come from it; -1 when there is none
 * that matches m. Needs m->sec. Called when a module is loaded. */
int sym_cache_load(mt_module *m, const char *dir);
/* Index every CU of m and write the index to DIR (created if missing);
 * 0, or -1 (with the reason in m->cache_err when writing failed). */
int sym_cache_store(mt_module *m, const char *dir);
/* Open a SYM_CU_CACHED CU for lookups; 0, or -1 (then it is failed). */
int sym_cache_open_cu(mt_module *m, sym_cu *cu);
void sym_cache_release(mt_module *m);
void sym_dwarf_release(mt_module *m);

/* die_walk.c */
/* Walk the DIEs of cu from the section bytes: push a node (cu->nodes)
 * for every subprogram or inlined subroutine that owns code, and its
 * ranges into iv. SYM_OK, or SYM_REFUSED when this CU must be walked
 * with libdw instead (then cu->nodes and iv hold partial results to
 * drop, and *why says where and why). */
sym_rc
sym_die_walk(mt_module *m, sym_cu *cu, sym_intervals *iv, sym_refusal *why);
/* Whether a DIE with this tag may hold subroutines with code below it
 * (both walks skip the subtrees of the others). */
int sym_tag_may_hold_code(unsigned tag);

/* line_table.c */
/* Decode the line program at off in .debug_line into *t (release with
 * sym_line_table_release), using sc as scratch space. comp_dir is the
 * CU's DW_AT_comp_dir (may be NULL; directory 0 of DWARF < 5). SYM_OK,
 * or SYM_REFUSED when the table is malformed (then *t is empty and *why
 * says where). */
sym_rc sym_line_table_read(sym_line_table *t,
                           sym_line_scratch *sc,
                           const sym_dwarf_sections *sec,
                           uint64_t off,
                           const char *comp_dir,
                           const sym_relocated *rel,
                           sym_refusal *why);
/* As sym_line_table_find, in a relocatable object's table: the row of
 * the sequence of section sec holding addr, else of one without a
 * section (LLVM's lookupAddress). Other tables ignore sec. */
int sym_line_table_find_in(const sym_line_table *t,
                           uint64_t sec,
                           uint64_t addr,
                           sym_line_row *out);
void sym_line_table_release(sym_line_table *t);
/* The row covering addr (the last at or below it in libdw's order,
 * unless that ends a sequence): 1 and *out, or 0. */
int sym_line_table_find(const sym_line_table *t,
                        uint64_t addr,
                        sym_line_row *out);
/* File idx joined with its directory as libdw does (dir + "/" + name
 * unless the name is absolute or the directory unknown); NULL when
 * there is no such file. Borrowed from the section or a. */
const char *sym_line_file_raw(const sym_line_table *t, size_t idx, mt_arena *a);

/* rel_index.c */
/* Segments of cu from its subroutines' ranges iv[0..n) in DIE order, as
 * LLVM's AddrDieMap resolves overlapping ranges (relocatable objects). */
void sym_rel_segments(sym_cu *cu, const sym_interval *iv, size_t n);
/* The index of the first executable section of m's file holding addr
 * (LLVM's getModuleSectionIndexForAddress), or SYM_NO_SECTION. */
uint64_t sym_rel_section_of(mt_module *m, uint64_t addr);

/* llvm_object.c */
/* Why llvm::object would refuse the file at path, in its words (written
 * into why, n bytes), or NULL: an ELF file cut short in its header or
 * section table, a symbol name past its string table. */
const char *sym_llvm_object_refusal(char *why, size_t n, const char *path);

/* reloc.c */
/* When elf is ET_REL, apply the relocations of its debug sections to
 * private copies of them, which replace their data in elf (r owns them:
 * release r after elf_end) and r records where .debug_line's
 * relocations point. Returns 1 when elf is ET_REL, else 0 (then nothing
 * is done). Must run before dwarf_begin_elf. */
int sym_relocate_debug(sym_relocated *r, Elf *elf);
void sym_relocated_release(sym_relocated *r);

/* debuginfod.c */
/* Ask the servers in DEBUGINFOD_URLS for the debug file of build-id id
 * (plain lower-case hex). 0 and *out, the file in the client's cache (a
 * new string, free with free()), or a negative code with the reason
 * ("debuginfod_find_debuginfo: ...") in err. Failures are remembered per
 * id for the life of s. */
int sym_debuginfod_find(char **out,
                        mt_symbolizer *s,
                        const char *id,
                        mt_error *err);
/* The same for the module file itself (debuginfod_find_executable). */
int sym_debuginfod_find_executable(char **out,
                                   mt_symbolizer *s,
                                   const char *id,
                                   mt_error *err);
void sym_debuginfod_release(mt_symbolizer *s);

/* disasm.c */
void sym_disasm_release(mt_module *m);

/* inflate.c: NULL when the compressed sections of elf (the file at
 * path) inflate within the bound of max_inflate (0: the default) and
 * the file's size; else why not, to free. */
char *sym_inflate_refusal(Elf *elf, const char *path, uint64_t max_inflate);
/* The bound itself, for a file of file_size bytes. */
uint64_t sym_inflate_limit(uint64_t max_inflate, uint64_t file_size);

#endif
