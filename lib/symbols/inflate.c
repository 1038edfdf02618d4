/*
 * inflate.c - the bound on compressed debug sections, checked before
 * anything inflates them.
 *
 * libelf inflates a compressed section (SHF_COMPRESSED, or GNU's
 * .zdebug_*) into one buffer of the size the section declares, and
 * libdw inflates every debug section it knows when a Dwarf is begun. A
 * 3 MB file that declares 3 GB of .debug_info therefore costs 3 GB
 * before a single DIE is read. Every declared size is in the file, in
 * the section's header: this file adds them up and refuses the module's
 * DWARF (locate.c never begins a Dwarf on it, the unwinder never gives
 * it to libdwfl) when
 *
 *  - a zlib section declares more than zlib can produce from its bytes
 *    (deflate's best ratio is 1032:1): the header lies;
 *  - the sections together declare more than the limit: the smaller of
 *    max_inflate (--max-inflate, default MT_MAX_INFLATE_DEFAULT) and
 *    MT_INFLATE_FILE_RATIO times the file's size, but never below
 *    MT_INFLATE_FLOOR (DWARF compresses 3-10x; a file inflating past
 *    256 times its size is not debug info).
 *
 * The module then answers from its symbol table, and the reason names
 * the bytes and the limit. docs/reliability.md lists the bound.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"

#include <stdio.h>
#include <string.h>

/* deflate's limit: 258 bytes from 2 bits at best, about 1032:1 */
#define ZLIB_MAX_RATIO 1032
#define ZLIB_SLACK 4096

static void human(char *out, size_t n, uint64_t v)
{
	if (v >= ((uint64_t)1 << 30))
		snprintf(out, n, "%.1f GiB", (double)v / (double)(1u << 30));
	else if (v >= ((uint64_t)1 << 20))
		snprintf(out, n, "%.1f MiB", (double)v / (double)(1u << 20));
	else
		snprintf(out, n, "%llu bytes", (unsigned long long)v);
}

/* What section scn declares it inflates to (0: not compressed, or a
 * header too short to say), and whether it is zlib. */
static uint64_t
declared_size(Elf_Scn *scn, const GElf_Shdr *sh, const char *name, int *zlib)
{
	*zlib = 0;
	if (sh->sh_type == SHT_NOBITS)
		return 0;
	if (sh->sh_flags & SHF_COMPRESSED) {
		GElf_Chdr ch;

		if (!gelf_getchdr(scn, &ch))
			return 0; /* libelf will not inflate it either */
		*zlib = ch.ch_type == ELFCOMPRESS_ZLIB;
		return ch.ch_size;
	}
	if (name && !strncmp(name, ".zdebug", 7)) {
		Elf_Data *d = elf_rawdata(scn, NULL);
		const unsigned char *p;
		uint64_t v = 0;
		int i;

		if (!d || d->d_size < 12 || !d->d_buf)
			return 0;
		p = d->d_buf;
		if (memcmp(p, "ZLIB", 4))
			return 0;
		for (i = 4; i < 12; i++)
			v = v << 8 | p[i];
		*zlib = 1;
		return v;
	}
	return 0;
}

uint64_t sym_inflate_limit(uint64_t max_inflate, uint64_t file_size)
{
	uint64_t limit = max_inflate ? max_inflate : MT_MAX_INFLATE_DEFAULT;
	uint64_t by_file = file_size > UINT64_MAX / MT_INFLATE_FILE_RATIO
	                           ? UINT64_MAX
	                           : file_size * MT_INFLATE_FILE_RATIO;

	if (by_file < MT_INFLATE_FLOOR)
		by_file = MT_INFLATE_FLOOR;
	return by_file < limit ? by_file : limit;
}

char *sym_inflate_refusal(Elf *elf, const char *path, uint64_t max_inflate)
{
	size_t shstrndx, file_size = 0;
	Elf_Scn *scn = NULL;
	uint64_t total = 0, limit;
	char a[32], b[32];
	mt_buf why = MT_BUF_INIT;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	(void)elf_rawfile(elf, &file_size);
	limit = sym_inflate_limit(max_inflate, file_size);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		uint64_t n;
		int zlib;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		n = declared_size(scn, &sh, name, &zlib);
		if (!n)
			continue;
		if (zlib && n / ZLIB_MAX_RATIO > sh.sh_size + ZLIB_SLACK) {
			human(a, sizeof(a), n);
			human(b, sizeof(b), sh.sh_size);
			mt_buf_printf(
			        &why,
			        "debug info of '%s' refused: section %s "
			        "declares %s from %s of zlib, more than "
			        "zlib can inflate to (" MT_INFLATE_REFUSED_MARK
			        ")",
			        path, name ? name : "?", a, b);
			return mt_buf_detach(&why);
		}
		total = n > UINT64_MAX - total ? UINT64_MAX : total + n;
	}
	if (total <= limit)
		return NULL;
	human(a, sizeof(a), total);
	human(b, sizeof(b), limit);
	mt_buf_printf(&why,
	              "debug info of '%s' refused: its compressed sections "
	              "would inflate to %s, " MT_INFLATE_REFUSED_MARK
	              " of %s (--max-inflate, or %d times the file's size)",
	              path, a, b, MT_INFLATE_FILE_RATIO);
	return mt_buf_detach(&why);
}
