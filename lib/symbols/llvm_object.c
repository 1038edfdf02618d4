/*
 * llvm_object.c - what llvm::object refuses in a file that libelf reads:
 * llvm-symbolizer 19 opens every module through llvm::object, whose ELF
 * reader checks the header, the section table and each symbol's name
 * before any lookup, and refuses the whole file with one message where
 * libelf reads what is there. Answering as llvm-symbolizer does, the
 * protocol (llvm_protocol.c) and --filter-markup (markup_present.c) ask
 * here first and report the same words; other files are left to
 * mt_symbolizer_open.
 */
#include "symbols/symbols_int.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t rd(const unsigned char *p, size_t n, int be)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

/* The first of llvm::object's checks of an ELF file's header and section
 * table that fails, as it words it (into why, size n), or NULL. */
static const char *header_refusal(char *why, size_t n, const char *path)
{
	unsigned char h[64], sh[64];
	struct stat st;
	const char *r = NULL;
	uint64_t shoff, shnum, ehsize, shsize;
	int be, is64;
	FILE *fp = fopen(path, "rb");
	size_t got;

	if (!fp)
		return NULL;
	got = fread(h, 1, sizeof(h), fp);
	if (fstat(fileno(fp), &st) != 0 || got < 6 || memcmp(h, "\177ELF", 4) ||
	    (h[4] != 1 && h[4] != 2) || (h[5] != 1 && h[5] != 2))
		goto out;
	is64 = h[4] == 2;
	be = h[5] == 2;
	ehsize = is64 ? 64 : 52;
	shsize = is64 ? 64 : 40;
	if ((uint64_t)st.st_size < ehsize) {
		snprintf(why, n,
		         "invalid buffer: the size (%lld) is smaller than an "
		         "ELF header (%" PRIu64 ")",
		         (long long)st.st_size, ehsize);
		r = why;
		goto out;
	}
	shoff = is64 ? rd(h + 0x28, 8, be) : rd(h + 0x20, 4, be);
	shnum = is64 ? rd(h + 0x3c, 2, be) : rd(h + 0x30, 2, be);
	if (shoff == 0 || rd(h + (is64 ? 0x3a : 0x2e), 2, be) != shsize)
		goto out;
	if (shoff + shsize > (uint64_t)st.st_size || shoff + shsize < shoff) {
		snprintf(why, n,
		         "section header table goes past the end of the file: "
		         "e_shoff = 0x%" PRIx64,
		         shoff);
		r = why;
		goto out;
	}
	if (shnum == 0) {
		/* The count is in the first section header's sh_size. */
		if (fseeko(fp, (off_t)shoff, SEEK_SET) ||
		    fread(sh, 1, shsize, fp) != shsize)
			goto out;
		shnum = is64 ? rd(sh + 0x20, 8, be) : rd(sh + 0x14, 4, be);
	}
	if (shnum <= UINT64_MAX / shsize && shoff + shnum * shsize >= shoff &&
	    shoff + shnum * shsize > (uint64_t)st.st_size) {
		snprintf(why, n, "section table goes past the end of file");
		r = why;
	}
out:
	fclose(fp);
	return r;
}

/* ELFFile::getStringTableForSymtab and each symbol's getName: a symbol
 * whose st_name is past its string table fails the module (in .symtab,
 * else .dynsym, the table llvm-symbolizer reads). */
static const char *name_refusal(char *why, size_t n, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;
	Elf_Scn *scn = NULL, *tab = NULL;
	const char *r = NULL;
	GElf_Shdr sh, ssh;
	Elf_Data *d;
	size_t i, count;

	if (fd < 0)
		return NULL;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		goto out;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB) {
			tab = scn;
			break;
		}
		if (sh.sh_type == SHT_DYNSYM && !tab)
			tab = scn;
	}
	if (!tab || !gelf_getshdr(tab, &sh) || !sh.sh_entsize)
		goto out;
	scn = elf_getscn(elf, sh.sh_link);
	d = elf_getdata(tab, NULL);
	if (!scn || !gelf_getshdr(scn, &ssh) || !d)
		goto out;
	count = d->d_size / sh.sh_entsize;
	for (i = 0; i < count; i++) {
		GElf_Sym s;

		if (!gelf_getsym(d, (int)i, &s))
			break;
		if (s.st_name >= ssh.sh_size && ssh.sh_type != SHT_NOBITS) {
			snprintf(why, n,
			         "st_name (0x%" PRIx32
			         ") is past the end of the "
			         "string table of size 0x%" PRIx64,
			         (uint32_t)s.st_name, (uint64_t)ssh.sh_size);
			r = why;
			break;
		}
	}
out:
	if (elf)
		elf_end(elf);
	close(fd);
	return r;
}

/* An archive: llvm-symbolizer 19 reads no member of one (later releases
 * take "lib.a(member.o)"), and says so as a universal binary without the
 * architecture asked for. */
static const char *archive_refusal(const char *path)
{
	char h[8];
	FILE *fp = fopen(path, "rb");
	size_t got;

	if (!fp)
		return NULL;
	got = fread(h, 1, sizeof(h), fp);
	fclose(fp);
	if (got == sizeof(h) &&
	    (!memcmp(h, "!<arch>\n", 8) || !memcmp(h, "!<thin>\n", 8) ||
	     !memcmp(h, "<bigaf>\n", 8)))
		return "No object file for requested architecture";
	return NULL;
}

const char *sym_llvm_object_refusal(char *why, size_t n, const char *path)
{
	const char *r = archive_refusal(path);

	if (r)
		return r;
	r = header_refusal(why, n, path);

	return r ? r : name_refusal(why, n, path);
}
