/*
 * locate.c - finding a module's files: the binary a dump names (as
 * printed, or under the binary directories by path suffix and basename),
 * and its DWARF (in the file, by build-id, by .gnu_debuglink with its
 * CRC, in the system debug directory, from debuginfod servers).
 */
#include "symbols/symbols_int.h"

#include "maxtriage/bsearch.h"
#include "maxtriage/buf.h"

#include <dirent.h>
#include <elfutils/libdwelf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define SYSTEM_DEBUG_DIR "/usr/lib/debug"

/* ---- CRC32 and build-id paths -------------------------------------- */

/* .gnu_debuglink uses the zlib CRC-32 (reflected 0xEDB88320), so zlib's
 * implementation is the reference one. */
uint32_t mt_sym_crc32(uint32_t crc, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n > 0) {
		uInt chunk = n > (1u << 30) ? (1u << 30) : (uInt)n;

		crc = (uint32_t)crc32(crc, c, chunk);
		c += chunk;
		n -= chunk;
	}
	return crc;
}

int mt_sym_crc32_file(uint32_t *out, const char *path)
{
	unsigned char buf[65536];
	uint32_t crc = 0;
	ssize_t r;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return MT_EIO;
	while ((r = read(fd, buf, sizeof(buf))) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			ret = MT_EIO;
			goto out;
		}
		crc = mt_sym_crc32(crc, buf, (size_t)r);
	}
	*out = crc;
out:
	close(fd);
	return ret;
}

int sym_is_hex_id(const char *hex)
{
	size_t n = 0;

	for (; hex[n]; n++)
		if (!((hex[n] >= '0' && hex[n] <= '9') ||
		      (hex[n] >= 'a' && hex[n] <= 'f') ||
		      (hex[n] >= 'A' && hex[n] <= 'F')))
			return 0;
	/* GNU build-ids are 8..64 bytes; anything shorter cannot be split
	 * into the xx/rest layout. */
	return n >= 4 && n <= 128 && n % 2 == 0;
}

char *mt_sym_build_id_path(const char *dir, const char *hex)
{
	mt_buf b = MT_BUF_INIT;
	size_t i;

	if (!hex || !sym_is_hex_id(hex))
		return NULL;
	mt_buf_printf(&b, "%s/.build-id/", dir);
	for (i = 0; hex[i]; i++) {
		char c = hex[i];

		if (c >= 'A' && c <= 'F')
			c = (char)(c - 'A' + 'a');
		mt_buf_putc(&b, c);
		if (i == 1)
			mt_buf_putc(&b, '/');
	}
	mt_buf_puts(&b, ".debug");
	return mt_buf_detach(&b);
}

/* ---- finding files --------------------------------------------------- */

static int is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Whether path, after resolving symlinks, is dir or below it. */
static int stays_inside(const char *dir, const char *path)
{
	char rd[PATH_MAX], rp[PATH_MAX];
	size_t n;

	if (!realpath(dir, rd) || !realpath(path, rp))
		return 0;
	n = strlen(rd);
	if (n == 1 && rd[0] == '/')
		return 1;
	return !strncmp(rd, rp, n) && (rp[n] == '/' || rp[n] == '\0');
}

static int accept_candidate(const char *dir, const char *path, int untrusted)
{
	if (!is_regular(path))
		return 0;
	return !untrusted || stays_inside(dir, path);
}

/* One regular file below a binary directory. */
struct sym_file_entry {
	char *base;
	char *path;
	size_t seq; /* walk order: the first in it wins among equal names */
};

/* A binary directory is walked once: a column-form dump names dozens of
 * modules, most of them (libc, libpython) not in the directory at all. */
static void index_dir(sym_dir_index *ix, const char *dir, int depth)
{
	struct dirent **ents = NULL;
	int i, n, pass;

	if (depth > SYM_MAX_SEARCH_DEPTH || ix->n >= SYM_MAX_INDEXED_FILES)
		return;
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return;
	/* Files of a directory before its subdirectories, both in sorted
	 * order, so the answer does not depend on readdir order; symlinked
	 * directories are not entered (they could loop). */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < n; i++) {
			const char *d = ents[i]->d_name;
			mt_buf p = MT_BUF_INIT;
			struct stat st;

			if (!strcmp(d, ".") || !strcmp(d, ".."))
				continue;
			mt_buf_printf(&p, "%s/%s", dir, d);
			if (pass == 0 && is_regular(p.ptr) &&
			    ix->n < SYM_MAX_INDEXED_FILES) {
				struct sym_file_entry e;

				e.base = mt_strdup(d);
				e.path = mt_buf_detach(&p);
				e.seq = ix->n;
				MT_PUSH(ix->e, ix->n, ix->cap, e);
			} else if (pass == 1 && lstat(p.ptr, &st) == 0 &&
			           S_ISDIR(st.st_mode)) {
				index_dir(ix, p.ptr, depth + 1);
			}
			mt_buf_release(&p);
		}
	}
	for (i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct sym_file_entry *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void build_index(sym_dir_index *ix, const char *dir)
{
	ix->built = 1;
	index_dir(ix, dir, 0);
	if (ix->n > 1)
		qsort(ix->e, ix->n, sizeof(*ix->e), cmp_entry);
}

void sym_dir_index_release(sym_dir_index *ix)
{
	size_t i;

	for (i = 0; i < ix->n; i++) {
		free(ix->e[i].base);
		free(ix->e[i].path);
	}
	free(ix->e);
	memset(ix, 0, sizeof(*ix));
}

struct base_key {
	const sym_dir_index *ix;
	const char *base;
};

static int name_before(const void *ctx, size_t i)
{
	const struct base_key *k = ctx;

	return strcmp(k->ix->e[i].base, k->base) < 0;
}

/* First file called base in walk order, or NULL (borrowed). */
static const char *index_lookup(const sym_dir_index *ix, const char *base)
{
	struct base_key k = { ix, base };
	size_t lo = mt_bsearch_count(ix->n, name_before, &k);

	if (lo < ix->n && !strcmp(ix->e[lo].base, base))
		return ix->e[lo].path;
	return NULL;
}

char *mt_sym_find_in_dir(const char *dir, const char *name, int untrusted)
{
	sym_dir_index ix;
	char *found;

	memset(&ix, 0, sizeof(ix));
	found = sym_find_in_dir(&ix, dir, name, untrusted);
	sym_dir_index_release(&ix);
	return found;
}

char *sym_find_in_dir(sym_dir_index *ix,
                      const char *dir,
                      const char *name,
                      int untrusted)
{
	const char *comp[256];
	size_t lens[256];
	size_t n = 0, k, i;
	const char *p = name;
	int has_dotdot = 0;
	char *found = NULL;

	if (!name || !*name || strlen(name) > SYM_MAX_NAME)
		return NULL;
	/* Split into components, dropping "." and empty ones; ".." removes
	 * the previous component (lexically, as "bin/../lib" means in a
	 * dump) unless the input is untrusted. */
	while (*p) {
		const char *e = strchr(p, '/');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if (len == 0 || (len == 1 && p[0] == '.')) {
			/* skip */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			has_dotdot = 1;
			if (n > 0)
				n--;
		} else {
			if (n == MT_ARRAY_SIZE(comp))
				return NULL;
			comp[n] = p;
			lens[n++] = len;
		}
		p += len;
		if (*p == '/')
			p++;
	}
	if (n == 0)
		return NULL;
	/* Longest suffix first: "/opt/x/lib/libm.so" under DIR tries
	 * DIR/opt/x/lib/libm.so, DIR/x/lib/libm.so, ... DIR/libm.so. */
	if (!(untrusted && has_dotdot)) {
		for (k = n; k >= 1 && !found; k--) {
			mt_buf b = MT_BUF_INIT;

			mt_buf_puts(&b, dir);
			for (i = n - k; i < n; i++) {
				mt_buf_putc(&b, '/');
				mt_buf_put(&b, comp[i], lens[i]);
			}
			if (accept_candidate(dir, b.ptr, untrusted))
				found = mt_buf_detach(&b);
			mt_buf_release(&b);
		}
	}
	if (!found) {
		char base[NAME_MAX + 1];

		if (lens[n - 1] > NAME_MAX)
			return NULL;
		memcpy(base, comp[n - 1], lens[n - 1]);
		base[lens[n - 1]] = '\0';
		if (!ix->built)
			build_index(ix, dir);
		found = index_lookup(ix, base)
		                ? mt_strdup(index_lookup(ix, base))
		                : NULL;
		if (found && untrusted && !stays_inside(dir, found)) {
			free(found);
			found = NULL;
		}
	}
	return found;
}

/* ---- ELF helpers ----------------------------------------------------- */

static char *hex_of(const unsigned char *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char *s = mt_malloc(2 * n + 1);
	size_t i;

	for (i = 0; i < n; i++) {
		s[2 * i] = digits[p[i] >> 4];
		s[2 * i + 1] = digits[p[i] & 15];
	}
	s[2 * n] = '\0';
	return s;
}

static char *elf_build_id(Elf *elf)
{
	const void *id = NULL;
	ssize_t n = dwelf_elf_gnu_build_id(elf, &id);

	if (n <= 0 || n > 64 || !id)
		return NULL;
	return hex_of(id, (size_t)n);
}

/* Whether the file carries DWARF itself (not a NOBITS placeholder as in a
 * stripped file, nor nothing at all). */
static int has_dwarf_sections(Elf *elf)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name &&
		    (!strcmp(name, ".debug_info") ||
		     !strcmp(name, ".zdebug_info")) &&
		    sh.sh_type != SHT_NOBITS && sh.sh_size > 0)
			return 1;
	}
	return 0;
}

/* Whether elf's compressed debug sections would inflate past the bound
 * (inflate.c); if so m keeps why, for mt_module_has_debug, and its
 * DWARF is never begun. */
static int refuse_inflation(mt_module *m, Elf *elf, const char *path, int which)
{
	char *why = sym_inflate_refusal(elf, path, m->max_inflate);

	if (!why)
		return 0;
	m->inflate_refused |= which;
	free(m->no_debug);
	m->no_debug = why;
	return 1;
}

/* Whether path is a debug file only (--only-keep-debug: its .text is
 * NOBITS), not a module file. */
static int has_dwarf_only(const char *path);

typedef struct opened {
	int fd;
	Elf *elf;
} opened;

static int open_elf(opened *o, const char *path, mt_error *err)
{
	o->fd = open(path, O_RDONLY | O_CLOEXEC);
	o->elf = NULL;
	if (o->fd < 0)
		return mt_error_set(err, MT_ENOTFOUND, "cannot open '%s': %s",
		                    path, strerror(errno));
	o->elf = elf_begin(o->fd, ELF_C_READ_MMAP, NULL);
	if (!o->elf || elf_kind(o->elf) != ELF_K_ELF) {
		int e = mt_error_set(err, MT_EFORMAT,
		                     "elf_begin: '%s' is not an ELF file%s%s",
		                     path, o->elf ? "" : ": ",
		                     o->elf ? "" : elf_errmsg(-1));

		if (o->elf)
			elf_end(o->elf);
		close(o->fd);
		o->fd = -1;
		o->elf = NULL;
		return e;
	}
	return 0;
}

static void close_elf(opened *o)
{
	if (o->elf)
		elf_end(o->elf);
	if (o->fd >= 0)
		close(o->fd);
	o->elf = NULL;
	o->fd = -1;
}

static int has_dwarf_only(const char *path)
{
	opened o;
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	int only = 0;

	if (open_elf(&o, path, NULL))
		return 0;
	if (elf_getshdrstrndx(o.elf, &shstrndx) == 0)
		while ((scn = elf_nextscn(o.elf, scn)) != NULL) {
			GElf_Shdr sh;
			const char *n;

			if (!gelf_getshdr(scn, &sh))
				continue;
			n = elf_strptr(o.elf, shstrndx, sh.sh_name);
			if (n && !strcmp(n, ".text"))
				only = sh.sh_type == SHT_NOBITS;
		}
	close_elf(&o);
	return only;
}

/* Try one candidate debug file; on success it is installed in m. */
static int try_debug_file(mt_module *m,
                          const char *path,
                          const char *want_id,
                          int check_crc,
                          uint32_t crc)
{
	opened o;
	char *id = NULL;
	Dwarf *dw = NULL;
	sym_relocated rel;
	int ok = 0, is_rel;

	memset(&rel, 0, sizeof(rel));

	if (!is_regular(path) || (m->path && !strcmp(path, m->path)))
		return 0;
	if (check_crc) {
		uint32_t got;

		if (mt_sym_crc32_file(&got, path) || got != crc)
			return 0;
	}
	if (open_elf(&o, path, NULL))
		return 0;
	if (want_id) {
		id = elf_build_id(o.elf);
		if (!id || strcmp(id, want_id))
			goto out;
	}
	if (!has_dwarf_sections(o.elf))
		goto out;
	if (refuse_inflation(m, o.elf, path, SYM_REFUSED_DEBUG))
		goto out;
	is_rel = sym_relocate_debug(&rel, o.elf);
	dw = dwarf_begin_elf(o.elf, DWARF_C_READ, NULL);
	if (!dw)
		goto out;
	m->rel = is_rel;
	m->dbg_fd = o.fd;
	m->dbg_elf = o.elf;
	m->dbg_reloc = rel;
	memset(&rel, 0, sizeof(rel));
	m->dw = dw;
	m->debug_path = mt_strdup(path);
	o.fd = -1;
	o.elf = NULL;
	ok = 1;
out:
	free(id);
	close_elf(&o);
	sym_relocated_release(&rel);
	return ok;
}

static void dirname_of(mt_buf *out, const char *path)
{
	const char *slash = strrchr(path, '/');

	mt_buf_clear(out);
	if (!slash)
		mt_buf_puts(out, ".");
	else if (slash == path)
		mt_buf_puts(out, "/");
	else
		mt_buf_put(out, path, (size_t)(slash - path));
}

static int try_build_id_dir(mt_module *m, const char *dir, const char *id)
{
	char *p = mt_sym_build_id_path(dir, id);
	int ok = p && try_debug_file(m, p, id, 0, 0);

	free(p);
	return ok;
}

static int try_debuglink_dir(mt_module *m,
                             const char *dir,
                             const char *link,
                             uint32_t crc,
                             const char *bindir)
{
	mt_buf b = MT_BUF_INIT;
	int ok;

	mt_buf_printf(&b, "%s/%s", dir, link);
	ok = try_debug_file(m, b.ptr, NULL, 1, crc);
	if (!ok) {
		mt_buf_clear(&b);
		mt_buf_printf(&b, "%s/.debug/%s", dir, link);
		ok = try_debug_file(m, b.ptr, NULL, 1, crc);
	}
	if (!ok && bindir && bindir[0] == '/') {
		/* GDB's layout: DEBUGDIR/<binary's directory>/link. */
		mt_buf_clear(&b);
		mt_buf_printf(&b, "%s%s/%s", dir, bindir, link);
		ok = try_debug_file(m, b.ptr, NULL, 1, crc);
	}
	mt_buf_release(&b);
	return ok;
}

/* The last resort, only when asked for: the servers in DEBUGINFOD_URLS.
 * The file they send goes through the same checks as a local one (its
 * build-id must be id, it must carry DWARF). */
static int try_debuginfod(mt_symbolizer *s, mt_module *m, const char *id)
{
	mt_buf b = MT_BUF_INIT;
	mt_error err = { 0, "" };
	char *path = NULL;

	if (sym_debuginfod_find(&path, s, id, &err) == 0 &&
	    try_debug_file(m, path, id, 0, 0)) {
		free(path);
		return 1;
	}
	if (path)
		mt_buf_printf(&b,
		              "debuginfod_find_debuginfo: '%s' is not a "
		              "debug file for build-id %s",
		              path, id);
	else
		mt_buf_puts(&b, err.msg);
	free(m->remote_err);
	m->remote_err = mt_buf_detach(&b);
	free(path);
	return 0;
}

/* Look for DWARF outside the binary: build-id trees, then .gnu_debuglink
 * (checked by CRC) in the debug dirs, next to the binary, then the
 * system directory, then (remote, and the symbolizer was asked to) the
 * debuginfod servers. */
static void
find_separate_debug(mt_symbolizer *s, mt_module *m, const char *id, int remote)
{
	const char *link = NULL;
	GElf_Word crc = 0;
	mt_buf bindir = MT_BUF_INIT;
	char real[PATH_MAX];
	size_t i;

	if (m->elf)
		link = dwelf_elf_gnu_debuglink(m->elf, &crc);
	/* The link name comes from the file: a directory part in it could
	 * point anywhere, so only plain names are used. */
	if (link && (strchr(link, '/') || !*link || !strcmp(link, ".") ||
	             !strcmp(link, "..") || strlen(link) > NAME_MAX))
		link = NULL;
	if (m->path) {
		dirname_of(&bindir, realpath(m->path, real) ? real : m->path);
	}
	for (i = 0; i < s->opts.n_debug_dirs; i++) {
		const char *d = s->opts.debug_dirs[i];

		if (id && try_build_id_dir(m, d, id))
			goto out;
		if (link && try_debuglink_dir(m, d, link, crc,
		                              m->path ? bindir.ptr : NULL))
			goto out;
	}
	if (link && m->path &&
	    try_debuglink_dir(m, bindir.ptr, link, crc, NULL))
		goto out;
	if (!s->opts.no_system_debug) {
		if (id && try_build_id_dir(m, SYSTEM_DEBUG_DIR, id))
			goto out;
		if (link && m->path &&
		    try_debuglink_dir(m, SYSTEM_DEBUG_DIR, link, crc,
		                      bindir.ptr))
			goto out;
	}
	if (remote && id && s->opts.debuginfod)
		try_debuginfod(s, m, id);
out:
	mt_buf_release(&bindir);
}

/* Open path as the module's main file and find its DWARF. */
int sym_locate_file(mt_symbolizer *s,
                    mt_module *m,
                    const char *path,
                    mt_error *err)
{
	opened o;
	GElf_Ehdr eh;
	int ret;

	ret = open_elf(&o, path, err);
	if (ret)
		return ret;
	if (!gelf_getehdr(o.elf, &eh)) {
		ret = mt_error_set(err, MT_EFORMAT, "gelf_getehdr: '%s': %s",
		                   path, elf_errmsg(-1));
		close_elf(&o);
		return ret;
	}
	m->fd = o.fd;
	m->elf = o.elf;
	m->machine = eh.e_machine;
	m->path = mt_strdup(path);
	m->build_id = elf_build_id(m->elf);
	if (has_dwarf_sections(m->elf) &&
	    !refuse_inflation(m, m->elf, path, SYM_REFUSED_MAIN)) {
		m->rel = sym_relocate_debug(&m->reloc, m->elf);
		m->dw = dwarf_begin_elf(m->elf, DWARF_C_READ, NULL);
		if (m->dw) {
			m->debug_path = mt_strdup(path);
		} else {
			mt_buf b = MT_BUF_INIT;

			mt_buf_printf(&b,
			              "corrupt debug info in '%s': "
			              "dwarf_begin_elf: %s",
			              path, dwarf_errmsg(-1));
			m->no_debug = mt_buf_detach(&b);
		}
	}
	/* The file's own build-id may be sent to a server even in
	 * untrusted mode: the file was found under a directory the user
	 * named. */
	/* llvm-symbolizer 19 reads a build-id from the program headers'
	 * notes only, so it finds no debug file by build-id for a
	 * relocatable object (.ko: notes in sections, no program headers);
	 * answering as it would (object_symbols), neither do we. */
	if (!m->dw)
		find_separate_debug(s, m,
		                    s->opts.object_symbols &&
		                                    eh.e_type == ET_REL
		                            ? NULL
		                            : m->build_id,
		                    1);
	if (!m->dw && !m->no_debug) {
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b, "no debug info found for '%s'", path);
		if (m->remote_err)
			mt_buf_printf(&b, " (%s)", m->remote_err);
		m->no_debug = mt_buf_detach(&b);
	}
	if (m->dw) {
		free(m->no_debug);
		m->no_debug = NULL;
	}
	return 0;
}

/* The binary is missing but a sanitizer printed its build-id: the debug
 * file alone gives DWARF and (from --only-keep-debug) .symtab. */
static int module_load_by_id(mt_symbolizer *s, mt_module *m, const char *id)
{
	GElf_Ehdr eh;

	/* An id only the input names is not sent to a server in untrusted
	 * mode: a hostile dump must not choose what is fetched. */
	find_separate_debug(s, m, id, !s->opts.untrusted);
	if (!m->dw)
		return MT_ENOTFOUND;
	m->build_id = mt_strdup(id);
	m->path = mt_strdup(m->debug_path);
	if (gelf_getehdr(m->dbg_elf, &eh))
		m->machine = eh.e_machine;
	return 0;
}

/* The module file of build-id id in a .build-id tree: DIR/.build-id/
 * xx/rest (no .debug: the file itself, as Debian and Fedora link it) in
 * the debug directories, when its build-id is id. New path, or NULL. */
static char *binary_by_id(mt_symbolizer *s, const char *id)
{
	size_t i;

	for (i = 0; i < s->opts.n_debug_dirs; i++) {
		char *p = mt_sym_build_id_path(s->opts.debug_dirs[i], id);
		opened o;
		char *got;

		if (!p)
			return NULL;
		p[strlen(p) - 6] = '\0'; /* drop ".debug" */
		if (!is_regular(p) || open_elf(&o, p, NULL)) {
			free(p);
			continue;
		}
		got = elf_build_id(o.elf);
		close_elf(&o);
		if (got && !strcmp(got, id) && !has_dwarf_only(p)) {
			free(got);
			return p;
		}
		free(got);
		free(p);
	}
	return NULL;
}

/* Forget what sym_locate_file put in m (another file is tried). */
static void module_reset(mt_module *m)
{
	if (m->dw)
		dwarf_end(m->dw);
	if (m->dbg_elf)
		elf_end(m->dbg_elf);
	if (m->dbg_fd >= 0)
		close(m->dbg_fd);
	if (m->elf)
		elf_end(m->elf);
	if (m->fd >= 0)
		close(m->fd);
	m->dw = NULL;
	m->dbg_elf = m->elf = NULL;
	m->dbg_fd = m->fd = -1;
	free(m->path);
	free(m->debug_path);
	free(m->build_id);
	free(m->no_debug);
	m->path = m->debug_path = m->build_id = m->no_debug = NULL;
}

/* The file found by name is another build than the dump's id, or none
 * was found: the right one from a debuginfod server, when asked for
 * (never for an id only the input names in untrusted mode). 1 when m
 * now holds it. */
static int replace_by_id(mt_symbolizer *s, mt_module *m, const char *id)
{
	mt_error err;
	char *path = NULL;
	int ok = 0;

	/* llvm-symbolizer's rules (object_symbols) fetch debug files only */
	if (!s->opts.debuginfod || s->opts.untrusted || s->opts.object_symbols)
		return 0;
	if (sym_debuginfod_find_executable(&path, s, id, &err) == 0) {
		module_reset(m);
		ok = sym_locate_file(s, m, path, &m->err) == 0 && m->build_id &&
		     !strcmp(m->build_id, id);
	}
	free(path);
	return ok;
}

int sym_locate_module(mt_symbolizer *s,
                      mt_module *m,
                      const char *name,
                      const char *id)
{
	char *found = NULL;
	size_t i;
	int ret;

	/* a dump that gives the build-id (minidumps, cores, sanitizers)
	 * names the build: its file in a .build-id tree wins */
	if (id)
		found = binary_by_id(s, id);
	if (!found && !s->opts.untrusted && *name && is_regular(name))
		found = mt_strdup(name);
	for (i = 0; !found && i < s->opts.n_binary_dirs; i++)
		found = sym_find_in_dir(&s->dir_index[i],
		                        s->opts.binary_dirs[i], name,
		                        s->opts.untrusted);
	if (found) {
		ret = sym_locate_file(s, m, found, &m->err);
		if (!ret && id && m->build_id && strcmp(m->build_id, id) &&
		    replace_by_id(s, m, id))
			goto out;
		/* A build-id printed by the producer beats the file's own
		 * when looking for debug info of a file that has none. */
		if (!ret && !m->dw && id &&
		    (!m->build_id || strcmp(m->build_id, id)))
			find_separate_debug(s, m, id, !s->opts.untrusted);
		if (!ret && m->dw) {
			free(m->no_debug);
			m->no_debug = NULL;
		}
	} else if (id && replace_by_id(s, m, id)) {
		/* no file here: the module file itself from a server (its
		 * .eh_frame unwinds), before its debug file alone */
		ret = 0;
	} else if (id && module_load_by_id(s, m, id) == 0) {
		ret = 0;
	} else {
		ret = mt_error_set(&m->err, MT_ENOTFOUND,
		                   "module '%s' not found%s%s%s%s", name,
		                   s->opts.n_binary_dirs
		                           ? " in the binary directories"
		                           : "",
		                   m->remote_err ? " (" : "",
		                   m->remote_err ? m->remote_err : "",
		                   m->remote_err ? ")" : "");
	}
out:
	free(found);
	return ret;
}
