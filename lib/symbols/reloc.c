/*
 * reloc.c - relocations applied to the debug sections of a relocatable
 * object (ET_REL: .o files, Linux kernel modules .ko and their split
 * debug files), before libdw and our own readers see them.
 *
 * In an ET_REL file every reference from .debug_info to .debug_str,
 * .debug_line, .debug_abbrev, .debug_addr, ... and every code address is
 * 0 plus a relocation; unrelocated, all strings read as the first one and
 * all code sits at 0. libdwfl relocates the files it opens itself, libdw
 * does not, and maxtriage reads sections through libdw's Elf. So, as
 * LLVM's DWARFObjInMemory does for llvm-symbolizer, each SHT_RELA/SHT_REL
 * section whose target is a .debug_* (or .zdebug_*) section is applied
 * to a private copy of the target's bytes (decompressed first), and the
 * copy replaces the section's data in the Elf handle: libdw's
 * dwarf_begin_elf, locals.c's DIE reads and dwarf_index.c's section
 * readers all see the relocated bytes. A symbol's value is st_value plus
 * its section's sh_addr (0 in an object), so code addresses are offsets
 * in their section, as llvm-symbolizer reads them.
 *
 * Relocation types: those LLVM 19's RelocationResolvers.cpp resolves for
 * x86-64, i386, AArch64, ARM, PowerPC64, s390x and RISC-V (absolute,
 * PC-relative, TLS offsets, RISC-V's ADD/SUB/SET pairs). A relocation of
 * another type, or one that does not fit its section, is skipped (the
 * bytes stay as written), as LLVM skips what it cannot resolve.
 */
#include "symbols/symbols_int.h"

#include <stdlib.h>
#include <string.h>

/* How a relocation type computes its value. */
typedef enum {
	R_SKIP = 0, /* unknown: leave the bytes */
	R_NONE, /* nothing to do */
	R_ABS, /* S + A */
	R_PCREL, /* S + A - P */
	R_ADD, /* location + (S + A) (RISC-V) */
	R_SUB, /* location - (S + A) (RISC-V) */
	R_SET6, /* low 6 bits of the byte = S + A (RISC-V) */
	R_SUB6 /* low 6 bits -= S + A (RISC-V) */
} reloc_op;

typedef struct reloc_kind {
	reloc_op op;
	unsigned size; /* bytes written */
} reloc_kind;

static reloc_kind kind_x86_64(unsigned t)
{
	switch (t) {
	case 0: /* R_X86_64_NONE */
		return (reloc_kind){ R_NONE, 0 };
	case 1: /* R_X86_64_64 */
	case 17: /* R_X86_64_DTPOFF64 */
		return (reloc_kind){ R_ABS, 8 };
	case 10: /* R_X86_64_32 */
	case 11: /* R_X86_64_32S */
	case 21: /* R_X86_64_DTPOFF32 */
		return (reloc_kind){ R_ABS, 4 };
	case 2: /* R_X86_64_PC32 */
		return (reloc_kind){ R_PCREL, 4 };
	case 24: /* R_X86_64_PC64 */
		return (reloc_kind){ R_PCREL, 8 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_i386(unsigned t)
{
	switch (t) {
	case 0: /* R_386_NONE */
		return (reloc_kind){ R_NONE, 0 };
	case 1: /* R_386_32 */
	case 32: /* R_386_TLS_LDO_32 */
		return (reloc_kind){ R_ABS, 4 };
	case 2: /* R_386_PC32 */
		return (reloc_kind){ R_PCREL, 4 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_aarch64(unsigned t)
{
	switch (t) {
	case 0: /* R_AARCH64_NONE */
		return (reloc_kind){ R_NONE, 0 };
	case 257: /* R_AARCH64_ABS64 */
		return (reloc_kind){ R_ABS, 8 };
	case 258: /* R_AARCH64_ABS32 */
		return (reloc_kind){ R_ABS, 4 };
	case 259: /* R_AARCH64_ABS16 */
		return (reloc_kind){ R_ABS, 2 };
	case 260: /* R_AARCH64_PREL64 */
		return (reloc_kind){ R_PCREL, 8 };
	case 261: /* R_AARCH64_PREL32 */
		return (reloc_kind){ R_PCREL, 4 };
	case 262: /* R_AARCH64_PREL16 */
		return (reloc_kind){ R_PCREL, 2 };
	case 1028: /* R_AARCH64_TLS_DTPREL64 */
		return (reloc_kind){ R_ABS, 8 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_arm(unsigned t)
{
	switch (t) {
	case 0: /* R_ARM_NONE */
		return (reloc_kind){ R_NONE, 0 };
	case 2: /* R_ARM_ABS32 */
	case 104: /* R_ARM_TLS_LDO32 */
		return (reloc_kind){ R_ABS, 4 };
	case 3: /* R_ARM_REL32 */
		return (reloc_kind){ R_PCREL, 4 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_ppc64(unsigned t)
{
	switch (t) {
	case 0: /* R_PPC64_NONE */
		return (reloc_kind){ R_NONE, 0 };
	case 1: /* R_PPC64_ADDR32 */
		return (reloc_kind){ R_ABS, 4 };
	case 38: /* R_PPC64_ADDR64 */
	case 78: /* R_PPC64_DTPREL64 */
		return (reloc_kind){ R_ABS, 8 };
	case 26: /* R_PPC64_REL32 */
		return (reloc_kind){ R_PCREL, 4 };
	case 44: /* R_PPC64_REL64 */
		return (reloc_kind){ R_PCREL, 8 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_s390(unsigned t)
{
	switch (t) {
	case 0: /* R_390_NONE */
		return (reloc_kind){ R_NONE, 0 };
	case 4: /* R_390_32 */
		return (reloc_kind){ R_ABS, 4 };
	case 22: /* R_390_64 */
		return (reloc_kind){ R_ABS, 8 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_riscv(unsigned t)
{
	switch (t) {
	case 0: /* R_RISCV_NONE */
	case 51: /* R_RISCV_RELAX */
		return (reloc_kind){ R_NONE, 0 };
	case 1: /* R_RISCV_32 */
		return (reloc_kind){ R_ABS, 4 };
	case 2: /* R_RISCV_64 */
		return (reloc_kind){ R_ABS, 8 };
	case 57: /* R_RISCV_32_PCREL */
		return (reloc_kind){ R_PCREL, 4 };
	case 33: /* R_RISCV_ADD8 */
		return (reloc_kind){ R_ADD, 1 };
	case 34: /* R_RISCV_ADD16 */
		return (reloc_kind){ R_ADD, 2 };
	case 35: /* R_RISCV_ADD32 */
		return (reloc_kind){ R_ADD, 4 };
	case 36: /* R_RISCV_ADD64 */
		return (reloc_kind){ R_ADD, 8 };
	case 37: /* R_RISCV_SUB8 */
		return (reloc_kind){ R_SUB, 1 };
	case 38: /* R_RISCV_SUB16 */
		return (reloc_kind){ R_SUB, 2 };
	case 39: /* R_RISCV_SUB32 */
		return (reloc_kind){ R_SUB, 4 };
	case 40: /* R_RISCV_SUB64 */
		return (reloc_kind){ R_SUB, 8 };
	case 52: /* R_RISCV_SUB6 */
		return (reloc_kind){ R_SUB6, 1 };
	case 53: /* R_RISCV_SET6 */
		return (reloc_kind){ R_SET6, 1 };
	case 54: /* R_RISCV_SET8 */
		return (reloc_kind){ R_ABS, 1 };
	case 55: /* R_RISCV_SET16 */
		return (reloc_kind){ R_ABS, 2 };
	case 56: /* R_RISCV_SET32 */
		return (reloc_kind){ R_ABS, 4 };
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static reloc_kind kind_of(unsigned machine, unsigned type)
{
	switch (machine) {
	case EM_X86_64:
		return kind_x86_64(type);
	case EM_386:
		return kind_i386(type);
	case EM_AARCH64:
		return kind_aarch64(type);
	case EM_ARM:
		return kind_arm(type);
	case EM_PPC64:
		return kind_ppc64(type);
	case EM_S390:
		return kind_s390(type);
	case 243: /* EM_RISCV */
		return kind_riscv(type);
	}
	return (reloc_kind){ R_SKIP, 0 };
}

static uint64_t get_n(const uint8_t *p, unsigned n, int big)
{
	uint64_t v = 0;
	unsigned i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[big ? n - 1 - i : i] << (8 * i);
	return v;
}

static void put_n(uint8_t *p, unsigned n, int big, uint64_t v)
{
	unsigned i;

	for (i = 0; i < n; i++)
		p[big ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

/* The value of symbol idx of symtab (its section's address added, as
 * llvm::object does for ET_REL), or 0 when it is undefined or unreadable;
 * *secp its section's index, or SYM_NO_SECTION. */
static uint64_t symbol_value(
        Elf *elf, Elf_Data *symtab, Elf_Data *shndx, size_t idx, uint64_t *secp)
{
	GElf_Sym sym;
	Elf32_Word xndx = 0;
	size_t sec;
	Elf_Scn *scn;
	GElf_Shdr sh;

	*secp = SYM_NO_SECTION;
	if (!symtab || !gelf_getsymshndx(symtab, shndx, (int)idx, &sym, &xndx))
		return 0;
	sec = sym.st_shndx == SHN_XINDEX ? xndx : sym.st_shndx;
	if (sec == SHN_UNDEF)
		return 0;
	if (sec == SHN_ABS || sec == SHN_COMMON || sec >= SHN_LORESERVE)
		return sym.st_value;
	*secp = sec;
	scn = elf_getscn(elf, sec);
	if (!scn || !gelf_getshdr(scn, &sh))
		return sym.st_value;
	return sym.st_value + sh.sh_addr;
}

/* Apply one relocation to buf[0..size): 0, or -1 when it does not fit or
 * its type is not known. */
static int apply_one(uint8_t *buf,
                     size_t size,
                     int big,
                     unsigned machine,
                     unsigned type,
                     uint64_t off,
                     uint64_t s,
                     int64_t addend,
                     int has_addend,
                     uint64_t sec_addr)
{
	reloc_kind k = kind_of(machine, type);
	uint64_t a, loc, v;
	uint8_t *p;

	if (k.op == R_SKIP)
		return -1;
	if (k.op == R_NONE)
		return 0;
	if (off > size || k.size > size - off)
		return -1;
	p = buf + off;
	loc = get_n(p, k.size, big);
	/* SHT_REL keeps the addend in the bytes it relocates. */
	a = has_addend ? (uint64_t)addend : loc;
	switch (k.op) {
	case R_ABS:
		v = s + a;
		break;
	case R_PCREL:
		v = s + a - (sec_addr + off);
		break;
	case R_ADD:
		v = loc + s + (uint64_t)addend;
		break;
	case R_SUB:
		v = loc - s - (uint64_t)addend;
		break;
	case R_SET6:
		v = (loc & 0xc0) | ((s + (uint64_t)addend) & 0x3f);
		break;
	case R_SUB6:
		v = (loc & 0xc0) | ((loc - s - (uint64_t)addend) & 0x3f);
		break;
	default:
		return -1;
	}
	put_n(p, k.size, big, v);
	return 0;
}

/* Whether a section of this name holds DWARF that LLVM relocates: its
 * DWARFObjInMemory keeps relocations for the sections it maps to a
 * DWARFSectionMap, and .debug_aranges is not one of them (it is read as
 * plain bytes, so in an object that ld -r made, its addresses and CU
 * offsets stay as the assembler wrote them; llvm-symbolizer's CU lookup
 * follows those, and so does ours). */
static int is_debug_name(const char *name)
{
	if (!name)
		return 0;
	if (!strncmp(name, ".zdebug_", 8))
		name += 2;
	else if (!strncmp(name, ".debug_", 7))
		name += 1;
	else
		return 0;
	return strcmp(name, "debug_aranges") != 0;
}

/* The bytes of scn, decompressed, in a new buffer that replaces its data
 * (owned by r); NULL when it cannot be read. */
static Elf_Data *private_copy(sym_relocated *r, Elf_Scn *scn, const char *name)
{
	GElf_Shdr sh;
	Elf_Data *d;
	void *copy;

	if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
		return NULL;
	if ((sh.sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return NULL;
	if (!strncmp(name, ".zdebug_", 8) && elf_compress_gnu(scn, 0, 0) < 0)
		return NULL;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || !d->d_size)
		return NULL;
	copy = mt_malloc(d->d_size);
	memcpy(copy, d->d_buf, d->d_size);
	d->d_buf = copy;
	MT_PUSH(r->bufs, r->n, r->cap, copy);
	return d;
}

/* Apply one relocation section (rel, of type SHT_REL or SHT_RELA). */
static void apply_section(sym_relocated *r,
                          Elf *elf,
                          Elf_Scn *rel,
                          const GElf_Shdr *rsh,
                          unsigned machine,
                          int big,
                          size_t shstrndx)
{
	Elf_Scn *target = elf_getscn(elf, rsh->sh_info);
	Elf_Scn *symscn = elf_getscn(elf, rsh->sh_link), *x = NULL;
	Elf_Data *td, *rd, *symtab = NULL, *shndx = NULL;
	GElf_Shdr tsh;
	const char *name;
	size_t i, n;
	int is_line;

	if (!target || !gelf_getshdr(target, &tsh) ||
	    (tsh.sh_flags & SHF_ALLOC))
		return;
	name = elf_strptr(elf, shstrndx, tsh.sh_name);
	if (!is_debug_name(name))
		return;
	if (symscn)
		symtab = elf_getdata(symscn, NULL);
	/* SHT_SYMTAB_SHNDX for symbol tables with over 65,280 sections
	 * (large kernel modules). */
	while ((x = elf_nextscn(elf, x)) != NULL) {
		GElf_Shdr xs;

		if (gelf_getshdr(x, &xs) && xs.sh_type == SHT_SYMTAB_SHNDX &&
		    xs.sh_link == rsh->sh_link)
			shndx = elf_getdata(x, NULL);
	}
	if ((rsh->sh_flags & SHF_COMPRESSED) && elf_compress(rel, 0, 0) < 0)
		return;
	rd = elf_getdata(rel, NULL);
	td = private_copy(r, target, name);
	if (!rd || !td || !rsh->sh_entsize)
		return;
	is_line = !strcmp(name, ".debug_line") || !strcmp(name, ".zdebug_line");
	n = rd->d_size / rsh->sh_entsize;
	for (i = 0; i < n; i++) {
		GElf_Rela ra;
		GElf_Rel rl;
		uint64_t s, sec;

		if (rsh->sh_type == SHT_RELA) {
			if (!gelf_getrela(rd, (int)i, &ra))
				continue;
		} else {
			if (!gelf_getrel(rd, (int)i, &rl))
				continue;
			ra.r_offset = rl.r_offset;
			ra.r_info = rl.r_info;
			ra.r_addend = 0;
		}
		s = symbol_value(elf, symtab, shndx,
		                 (size_t)GELF_R_SYM(ra.r_info), &sec);
		if (is_line && sec != SYM_NO_SECTION) {
			sym_reloc_site site = { ra.r_offset, sec };

			MT_PUSH(r->line_sites, r->n_line_sites,
			        r->cap_line_sites, site);
		}
		if (apply_one(td->d_buf, td->d_size, big, machine,
		              (unsigned)GELF_R_TYPE(ra.r_info), ra.r_offset, s,
		              ra.r_addend, rsh->sh_type == SHT_RELA,
		              tsh.sh_addr) != 0)
			r->skipped++;
	}
}

static int cmp_site(const void *a, const void *b)
{
	const sym_reloc_site *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

int sym_relocate_debug(sym_relocated *r, Elf *elf)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	int big;

	if (!gelf_getehdr(elf, &eh) || eh.e_type != ET_REL ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	/* 32-bit ARM and i386 objects use SHT_REL; the 64-bit kinds
	 * above SHT_RELA. gelf reads both classes. */
	big = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
			continue;
		apply_section(r, elf, scn, &sh, eh.e_machine, big, shstrndx);
	}
	if (r->n_line_sites > 1)
		qsort(r->line_sites, r->n_line_sites, sizeof(*r->line_sites),
		      cmp_site);
	return 1;
}

void sym_relocated_release(sym_relocated *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->bufs[i]);
	free(r->bufs);
	free(r->line_sites);
	memset(r, 0, sizeof(*r));
}
