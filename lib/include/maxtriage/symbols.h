/*
 * symbols.h - offline symbolization: find modules and their debug info,
 * resolve module-relative addresses to inline chains, disassemble.
 *
 * Addresses here are always file-relative virtual addresses: the
 * "0xOFF" of "(module+0xOFF)" in an LLVM or sanitizer dump, which for a
 * shared library or PIE is the ELF p_vaddr-space address and for a fixed
 * executable the absolute one. libdw/libelf/capstone types never leave
 * lib/symbols/.
 *
 * Thread safety: one mt_symbolizer per thread.
 */
#ifndef MAXTRIAGE_SYMBOLS_H
#define MAXTRIAGE_SYMBOLS_H

#include "maxtriage/buf.h"
#include "maxtriage/common.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mt_symbolizer mt_symbolizer;
typedef struct mt_module mt_module;

/* Which DIE reader indexes a compile unit. Answers never depend on it:
 * the knob lets tests check that the two readers agree. */
typedef enum mt_die_walk {
	MT_DIE_WALK_DEFAULT = 0, /* maxtriage's own, libdw for the CUs it
	                            refuses */
	MT_DIE_WALK_LIBDW, /* libdw only */
	MT_DIE_WALK_RAW /* the own reader only: a refused CU loses its
	                   functions */
} mt_die_walk;

/* "libdw" and "raw" name the two test walks; anything else (NULL
 * included) is MT_DIE_WALK_DEFAULT. */
mt_die_walk mt_die_walk_from_name(const char *name);
/* How mt_srcloc.function names a function (llvm-symbolizer's
 * --demangle, --no-demangle, --functions=short). */
typedef enum {
	MT_NAMES_DEMANGLED = 0, /* linkage name, demangled (the default) */
	MT_NAMES_MANGLED, /* linkage name as in the file */
	MT_NAMES_SHORT, /* DW_AT_name only; no symbol-table override */
	MT_NAMES_GNU /* linkage name demangled as binutils (addr2line -C)
	                prints it: libiberty's demangler */
} mt_names;

/* Bounds on inflating compressed debug sections (mt_symbolizer_opts'
 * max_inflate). */
#define MT_MAX_INFLATE_DEFAULT ((uint64_t)1 << 30)
#define MT_INFLATE_FILE_RATIO 256
#define MT_INFLATE_FLOOR ((uint64_t)64 << 20)
/* in the reason of every such refusal (mt_module_has_debug) */
#define MT_INFLATE_REFUSED_MARK "over the inflation bound"

typedef struct mt_symbolizer_opts {
	const char *const *binary_dirs; /* searched by path suffix, basename */
	size_t n_binary_dirs;
	const char *const *debug_dirs; /* .build-id/xx/rest.debug, debuglink */
	size_t n_debug_dirs;
	int untrusted; /* never open a path named by the input as given:
	                  only files under binary_dirs/debug_dirs */
	int no_system_debug; /* do not look in /usr/lib/debug */
	int debuginfod; /* when no local debug file is found, fetch it
	                   by build-id from the servers in
	                   DEBUGINFOD_URLS (network, cache writes);
	                   with untrusted, only for build-ids read from
	                   module files, never for ids the input names */
	/* debuginfod's bounds (docs/symbolize.md): a fetch is given up after
	 * debuginfod_stall seconds without a byte (0: 5), and no fetch runs
	 * past debuginfod_deadline, a CLOCK_MONOTONIC time in seconds (0:
	 * none) shared by the symbolizers of one command. */
	unsigned debuginfod_stall;
	double debuginfod_deadline;
	/* called from inside a fetch about once a second with the bytes
	 * received and expected (0: not known yet); NULL: none. lib/ never
	 * prints: the command shows it on a terminal. */
	void (*debuginfod_progress)(void *payload,
	                            const char *build_id,
	                            long received,
	                            long total);
	void *debuginfod_payload;
	/* the most bytes the compressed debug sections of one file may
	 * inflate to, all together (0: MT_MAX_INFLATE_DEFAULT); lower still
	 * for a small file (MT_INFLATE_FILE_RATIO times its size, never
	 * below MT_INFLATE_FLOOR). A file over it has its DWARF refused
	 * (mt_module_has_debug says why) and answers from its symbol table.
	 * docs/reliability.md */
	uint64_t max_inflate;
	const char *index_cache; /* keep each module's index in this
	                            directory, by build-id, and use it on
	                            later runs (docs/symbolize.md); NULL:
	                            no cache */
	mt_die_walk die_walk; /* test knob (MAXTRIAGE_DIE_WALK in the
	                         command line) */
	int no_untag; /* keep symbol addresses as they are; by default a
	                 pointer tag in the top byte is dropped (bit 55
	                 extended), as llvm-symbolizer's UntagAddresses */
	int no_libllvm; /* never load libLLVM's demanglers: the GNU
	                   path alone (MAXTRIAGE_NO_LIBLLVM=1 in the
	                   command line, to measure and test it) */
	int object_symbols; /* llvm-symbolizer's rule: the symbol table of
	                       the module file only (.symtab, else
	                       .dynsym), never a debug file's .symtab */
	mt_names names; /* with anything but MT_NAMES_DEMANGLED the
	                   index cache is not used (it stores demangled
	                   names) */
	int binutils_rules; /* binutils addr2line's rules: the outermost
	                       frame keeps its DWARF name (the ELF symbol
	                       names it only when DWARF has none), and
	                       of aliases at one address of the largest
	                       size the first in the table names it */
	/* Bounds of the module cache, enforced by mt_symbolizer_trim only
	 * (docs/reliability.md): how many modules, negative results
	 * included, and how many bytes (module_cost in symbolizer.c: the
	 * mapped files, decompressed or relocated sections, the symbol
	 * table and DWARF index) stay loaded. 0: the defaults below;
	 * SIZE_MAX: no bound. */
	size_t max_modules;
	size_t max_module_bytes;
} mt_symbolizer_opts;

#define MT_SYM_DEFAULT_MAX_MODULES 4096
#define MT_SYM_DEFAULT_MAX_MODULE_BYTES ((size_t)2 << 30)

/* Create a symbolizer. opts is copied (the strings are borrowed and must
 * outlive the symbolizer). Free with mt_symbolizer_free(). */
int mt_symbolizer_new(mt_symbolizer **out,
                      const mt_symbolizer_opts *opts,
                      mt_error *err);
/* Why an --index-cache file could not be written (the first such
 * reason among the modules opened so far), or NULL. Lookups are not
 * affected: the module was indexed all the same. */
const char *mt_symbolizer_cache_error(const mt_symbolizer *s);
void mt_symbolizer_free(mt_symbolizer *s);

/*
 * Find the module a dump names ("/abs/libx.so", "./max_runner",
 * "bin/../lib/x.so", "libx.so") and open it. build_id_hex (may be NULL) is
 * a build-id printed by a sanitizer; it can locate debug info even when the
 * binary is missing. Results, negative ones included, are cached per name
 * (but not a failure mt_symbolizer_last_errno names).
 * Returns 0 and *out (borrowed; valid until the symbolizer is freed or
 * mt_symbolizer_trim runs), or
 * MT_ENOTFOUND / MT_EFORMAT with a reason in err.
 */
int mt_symbolizer_module(mt_module **out,
                         mt_symbolizer *s,
                         const char *name,
                         const char *build_id_hex,
                         mt_error *err);

/* The module mt_symbolizer_module(name, no build-id) would return from
 * its cache, found without looking at any file: the module, or NULL
 * when that name is not cached or its lookup failed. */
mt_module *mt_symbolizer_peek(mt_symbolizer *s, const char *name);

/* Open the binary at path as given (for `symbolize -e`). Same contract. */
int mt_symbolizer_open(mt_module **out,
                       mt_symbolizer *s,
                       const char *path,
                       mt_error *err);

/*
 * The safe point of the module cache: drop the least recently used
 * modules until both bounds of mt_symbolizer_opts hold (the most recent
 * one always stays), and any module whose load met a transient error.
 * Every mt_module the caller still holds may be freed: call it only
 * where none is (the symbolize server between requests). A dropped
 * module is loaded again when next asked for, with the same answers.
 * Without calls the cache only grows (bounded by the input).
 */
void mt_symbolizer_trim(mt_symbolizer *s);
/* Whether the next mt_symbolizer_trim keeps m for sure: it is the
 * module asked for last and its load met no transient error. A caller
 * may then hold m across the trim. */
int mt_symbolizer_keeps(const mt_symbolizer *s, const mt_module *m);

/* The cache's state (for tests and the bench): modules and estimated
 * bytes held, and modules dropped by mt_symbolizer_trim so far. */
typedef struct mt_symbolizer_stats {
	size_t modules, bytes, evictions;
} mt_symbolizer_stats;
void mt_symbolizer_stats_get(mt_symbolizer_stats *out, const mt_symbolizer *s);

/* When the last failed mt_symbolizer_module / mt_symbolizer_open met a
 * transient condition (EMFILE, ENFILE, ENOMEM, EINTR, EAGAIN), that
 * errno, else 0. Such a failure is never cached: the next request for
 * the module tries again. */
int mt_symbolizer_last_errno(const mt_symbolizer *s);

/* The file that was opened (borrowed). */
const char *mt_module_path(const mt_module *m);
/* Lower-case hex GNU build-id, or NULL if the module has none (borrowed). */
const char *mt_module_build_id(const mt_module *m);
/* 1 if DWARF line info is available (in the file or a separate debug file),
 * 0 if not; *reason (borrowed) then says why ("no debug info found in ...",
 * "corrupt debug info in ...: ..."). */
int mt_module_has_debug(const mt_module *m, const char **reason);

typedef struct mt_srcloc {
	const char *function; /* demangled qualified name as llvm-symbolizer
	                         prints it (C++ with parameters); NULL = ?? */
	const char *file; /* NULL when unknown */
	unsigned line; /* 0 when unknown */
	unsigned column;
	unsigned discriminator; /* the line-table row's (innermost frame)
	                           or the call's DW_AT_GNU_discriminator
	                           (outer frames); 0 when none */
} mt_srcloc;

/*
 * Resolve addr (file-relative) to its inline chain, innermost first, into
 * out[0..max). Returns the number of entries (0 when nothing is known about
 * the address). Without DWARF the function comes from the ELF symbol table
 * and file is NULL. Strings are borrowed from the module. The caller does
 * the return-address adjustment (addr - 1 for call sites).
 */
int mt_module_lookup(mt_module *m, uint64_t addr, mt_srcloc *out, size_t max);

/* Value (file-relative address) of the named symbol from .symtab/.dynsym;
 * the name may be demangled C++ as printed in a dump. 0 or MT_ENOTFOUND. */
int mt_module_symbol_value(uint64_t *out, mt_module *m, const char *name);

/* The addresses llvm-symbolizer 19's findSymbol gives for a symbol
 * name: of the one symbol it keeps per address (as the outermost
 * frame's), each whose name as in the table ("_ZN3foo3barEv", "f@@V2")
 * is name, in address order; offset is added when it is below the
 * symbol's size. Fills out[0..max) and returns how many there are. */
int mt_module_find_symbol(uint64_t *out,
                          size_t max,
                          mt_module *m,
                          const char *name,
                          uint64_t offset);

/* Why maxtriage's own DIE reader refused the compile unit covering
 * addr, which was then read with libdw (the answers are the same):
 * "die_walk.c:NNN: <reason>" (borrowed from the module), or NULL when it
 * was not refused, is not indexed yet (ask after mt_module_lookup), or
 * came from an index cache. For verbose output and status reasons. */
const char *mt_module_cu_refusal(mt_module *m, uint64_t addr);
/* The ELF symbol covering an address (llvm-symbolizer's rules, as for the
 * outermost frame): name as mt_symbolizer_opts.names says, no @VERSION;
 * file is the STT_FILE before a local symbol, or NULL. Borrowed. */
typedef struct mt_symbol {
	const char *name;
	const char *file;
	uint64_t start, size;
} mt_symbol;

/* 0 and *out, or MT_ENOTFOUND when no symbol covers addr. */
int mt_module_symbol_at(mt_symbol *out, mt_module *m, uint64_t addr);

/* Where the global or static variable at addr is declared (DWARF
 * DW_TAG_variable with a DW_OP_addr location covering addr): 0 with
 * *file (borrowed, absolute as llvm-symbolizer makes it) and *line, or
 * MT_ENOTFOUND. */
int mt_module_data_decl(const char **file,
                        unsigned *line,
                        mt_module *m,
                        uint64_t addr);

/* A local variable or parameter of the function at an address, as
 * llvm-symbolizer's FRAME command reports it. Strings borrowed. */
typedef struct mt_local {
	const char *function; /* short name of the (inlined) function */
	const char *name; /* NULL: no name */
	const char *decl_file; /* NULL: unknown */
	unsigned decl_line;
	int has_frame_offset, has_size, has_tag_offset;
	int64_t frame_offset; /* DW_OP_fbreg N (or breg of the frame base) */
	uint64_t size; /* of its type */
	uint64_t tag_offset; /* DW_AT_LLVM_tag_offset */
} mt_local;

/* The locals of the subprogram containing addr, in DIE order (inlined
 * callees' among them). Returns the count (0: none known) and *out (new,
 * free with free(); NULL when 0), or MT_ENOMEM. */
int mt_module_locals(mt_local **out, mt_module *m, uint64_t addr);

/* Where each frame of addr's inline chain starts (innermost first, as
 * mt_module_lookup): the function's declaration file and line and its
 * DW_AT_low_pc, for llvm-symbolizer's JSON and --verbose output. */
typedef struct mt_frame_start {
	const char *file; /* NULL unknown */
	const char *entry; /* file as its line-table entry is written (not
	                      joined with its directory), NULL unknown */
	unsigned line; /* 0 unknown */
	int has_addr;
	uint64_t addr;
} mt_frame_start;

/* Fills out[0..max) and returns how many frames DWARF has at addr (0
 * when none). */
int mt_module_frame_starts(mt_frame_start *out,
                           size_t max,
                           mt_module *m,
                           uint64_t addr);

/* The line-table entry, as written in .debug_line (not joined with its
 * directory), of a file name of addr's CU (as a lookup of addr returned
 * it), or NULL. */
const char *mt_module_file_entry(mt_module *m, uint64_t addr, const char *file);
/* Move the warnings LLVM's DWARF reader would have given about what m
 * read since the last call (one a line, without "warning: ", e.g. a unit
 * whose DIEs run past its end) to out. Returns 1 when there were some. */
int mt_module_take_warnings(mt_buf *out, mt_module *m);
/* The text of a file name of addr's CU embedded in the line table
 * (clang -gembed-source), or NULL. Borrowed from m. */
const char *
mt_module_file_source(mt_module *m, uint64_t addr, const char *file);
/* The file name as llvm-symbolizer's --relativenames prints it: the
 * entry with its include directory, without the compilation directory
 * (an absolute entry as it is), or NULL when file is not addr's CU's.
 * Borrowed from m. */
const char *
mt_module_file_relative(mt_module *m, uint64_t addr, const char *file);
/* The same for line-table file number index of addr's CU, or NULL. */
const char *mt_module_file_entry_at(mt_module *m, uint64_t addr, size_t index);
/* The address of the named section of the module file: 0 and *out, or
 * MT_ENOTFOUND. */
int mt_module_section_addr(uint64_t *out, mt_module *m, const char *name);
/* DW_AT_comp_dir of the CU holding addr (borrowed), or NULL. */
const char *mt_module_comp_dir(mt_module *m, uint64_t addr);

typedef enum {
	MT_INSN_OTHER = 0,
	MT_INSN_MEMORY, /* reads or writes memory through a register */
	MT_INSN_TRAP, /* ud2, int3, brk, hlt: deliberate trap */
	MT_INSN_DIVIDE, /* div/idiv: integer divide */
	MT_INSN_CALL
} mt_insn_kind;

typedef struct mt_insn {
	char text[128]; /* "mov eax, dword ptr [rdi + 8]" */
	unsigned size;
	mt_insn_kind kind;
	int64_t disp; /* memory displacement for MT_INSN_MEMORY */
} mt_insn;

/* Disassemble the instruction at addr. 0, or MT_ENOTFOUND when addr is not
 * in an executable section, MT_EUNSUPPORTED for an unknown architecture. */
int mt_module_disasm(mt_module *m, uint64_t addr, mt_insn *out);

/* Whether the instruction just before the return address ret_addr is a
 * call: 1 yes, 0 no, negative when it cannot be told. */
int mt_module_is_after_call(mt_module *m, uint64_t ret_addr);

#endif
