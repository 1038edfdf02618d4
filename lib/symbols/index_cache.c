/*
 * index_cache.c - a module's symbolization index kept in a file, by
 * build-id (--index-cache DIR).
 *
 * Indexing is most of the cost of symbolizing one crash: the CUs an
 * address lands in are walked and their line programs run, and the
 * symbol table is read and sorted. The cache keeps the result of doing
 * that for every CU once, laid out so that a later run maps the file and
 * uses the arrays in place: the CU ranges, per CU its subroutine nodes,
 * segments and line marks (or rows), and the sorted ELF symbols. Only
 * the pages a lookup touches are read. Function names are stored too
 * (computed once by the writer); line rows between two marks still come
 * from the line program, so the module's files stay open as without a
 * cache.
 *
 * The file is named DIR/<build-id>.mtidx. It is used only when its
 * format, byte order, build-id and the sizes of the module's binary and
 * debug file all match; otherwise it is rebuilt. It is written to a
 * temporary file and renamed into place, so concurrent runs never see a
 * half-written index (the last writer wins, with the same content), and
 * a mapping stays valid if another run replaces the file. A file that
 * does not check out is ignored: every offset and count is checked
 * against the file's size when it is mapped, and indices are checked
 * where they are used.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/hash.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define CACHE_MAGIC "MTINDEX\n"
#define CACHE_FORMAT                                        \
	5 /* 3: discriminators in rows and nodes; 4: symbol \
	   * addresses untagged (llvm-symbolizer's          \
	   * UntagAddresses); 5: relocatable objects'       \
	   * sectioned line tables */
#define CACHE_ENDIAN 0x01020304u
#define CACHE_NONE UINT64_MAX
#define CACHE_ID_MAX 128

typedef struct cache_header {
	char magic[8];
	uint32_t format;
	uint32_t endian;
	uint64_t file_size;
	char build_id[CACHE_ID_MAX]; /* hex, NUL-padded */
	uint64_t main_size, debug_size; /* bytes of the two files */
	uint64_t n_cus, cus_off;
	uint64_t n_ranges, ranges_off;
	uint64_t n_syms, syms_off;
	uint64_t sym_strs_off, sym_strs_size; /* symbol string table */
	uint64_t strs_off, strs_size; /* line-table and CU strings */
} cache_header;

typedef struct cache_file_ent {
	uint64_t name; /* offset in the string pool, or CACHE_NONE */
	uint64_t dir;
} cache_file_ent;

typedef struct cache_cu {
	uint64_t off, size;
	int32_t version, state; /* SYM_CU_READY or SYM_CU_FAILED */
	uint64_t nodes_off, n_nodes;
	uint64_t segs_off, n_segs;
	uint64_t comp_dir; /* pool offset or CACHE_NONE */
	/* The line table: the program as offsets in .debug_line. */
	uint32_t has_lines, lt_version;
	uint64_t prog_begin, prog_end, std_len;
	uint32_t min_insn, max_ops, line_range, opcode_base;
	int32_t line_base;
	uint32_t big;
	uint64_t marks_off, n_marks;
	uint64_t rows_off, n_rows;
	uint64_t dirs_off, n_dirs; /* uint64_t pool offsets */
	uint64_t files_off, n_files; /* cache_file_ent */
	/* A relocatable object's table: rows in program order and its
	 * sequences by section (sym_line_seq_info). */
	uint32_t rows_sectioned, unused;
	uint64_t seqs_off, n_seqs;
} cache_cu;

/* ---- writing ----------------------------------------------------------- */

typedef struct writer {
	mt_buf out; /* the whole file */
	mt_buf pool; /* strings, appended after everything else */
	mt_map seen; /* string hash -> pool offset, for function names */
} writer;

static uint64_t put(writer *w, const void *p, size_t n)
{
	uint64_t at;

	while (w->out.len % 8)
		mt_buf_putc(&w->out, '\0');
	at = w->out.len;
	if (n)
		mt_buf_put(&w->out, (const char *)p, n);
	return at;
}

static uint64_t pool_str(writer *w, const char *s)
{
	uint64_t at;

	if (!s)
		return CACHE_NONE;
	at = w->pool.len;
	mt_buf_put(&w->pool, s, strlen(s) + 1);
	return at;
}

/* A function name, stored once however many nodes have it: its pool
 * offset + 1 (sym_node.name), or 0 to leave it to the DWARF. */
static uint32_t pool_name(writer *w, const char *s)
{
	uint64_t h = mt_hash_str(MT_HASH_SEED, s);
	uint32_t at = mt_map_get(&w->seen, h);
	int found;

	if (at != MT_MAP_NONE && !strcmp(w->pool.ptr + at, s))
		return at + 1;
	if (w->pool.len >= UINT32_MAX - 1 - strlen(s))
		return 0;
	at = (uint32_t)w->pool.len;
	mt_buf_put(&w->pool, s, strlen(s) + 1);
	(void)mt_map_slot(&w->seen, h, at, &found);
	return at + 1;
}

/* The nodes with their names: the run that writes the cache computes
 * every name once, so that later runs read no DWARF to name a frame. */
static uint64_t put_nodes(writer *w, mt_module *m, sym_cu *cu)
{
	uint64_t at = put(w, NULL, 0);
	size_t i;

	for (i = 0; i < cu->n_nodes; i++) {
		sym_node n = cu->nodes[i];
		const char *name = sym_node_name(m, cu, (uint32_t)i);

		n.name = name ? pool_name(w, name) : 0;
		mt_buf_put(&w->out, (const char *)&n, sizeof(n));
	}
	return at;
}

static void put_cu(writer *w, mt_module *m, sym_cu *cu, cache_cu *c)
{
	const sym_line_table *t = &cu->lt;
	const uint8_t *line = m->sec.line.data;
	size_t i;

	memset(c, 0, sizeof(*c));
	c->off = cu->off;
	c->size = cu->size;
	c->version = cu->version;
	c->state = cu->state;
	c->nodes_off = put_nodes(w, m, cu);
	c->n_nodes = cu->n_nodes;
	c->segs_off = put(w, cu->segs, cu->n_segs * sizeof(*cu->segs));
	c->n_segs = cu->n_segs;
	c->comp_dir = pool_str(w, cu->comp_dir);
	if (!t->prog.begin || !line)
		return;
	c->has_lines = 1;
	c->lt_version = t->version;
	c->prog_begin = (uint64_t)(t->prog.begin - line);
	c->prog_end = (uint64_t)(t->prog.end - line);
	c->std_len = (uint64_t)(t->prog.std_len - line);
	c->min_insn = t->prog.min_insn;
	c->max_ops = t->prog.max_ops;
	c->line_range = t->prog.line_range;
	c->opcode_base = t->prog.opcode_base;
	c->line_base = t->prog.line_base;
	c->big = (uint32_t)t->prog.big;
	c->marks_off = put(w, t->marks, t->n_marks * sizeof(*t->marks));
	c->n_marks = t->n_marks;
	c->rows_off = put(w, t->rows, t->n_rows * sizeof(*t->rows));
	c->n_rows = t->rows ? t->n_rows : 0;
	c->rows_sectioned = (uint32_t)t->rows_sectioned;
	c->seqs_off = put(w, t->seqs, t->n_seqs * sizeof(*t->seqs));
	c->n_seqs = t->seqs ? t->n_seqs : 0;
	c->dirs_off = put(w, NULL, 0);
	for (i = 0; i < t->n_dirs; i++) {
		uint64_t s = pool_str(w, t->dirs[i]);

		mt_buf_put(&w->out, (const char *)&s, sizeof(s));
	}
	c->n_dirs = t->n_dirs;
	c->files_off = put(w, NULL, 0);
	for (i = 0; i < t->n_files; i++) {
		cache_file_ent f = { pool_str(w, t->files[i].name),
			             t->files[i].dir };

		mt_buf_put(&w->out, (const char *)&f, sizeof(f));
	}
	c->n_files = t->n_files;
}

static uint64_t file_size(int fd)
{
	struct stat st;

	return fd >= 0 && fstat(fd, &st) == 0 ? (uint64_t)st.st_size : 0;
}

static char *cache_path(const char *dir, const char *id)
{
	mt_buf b = MT_BUF_INIT;

	mt_buf_printf(&b, "%s/%s.mtidx", dir, id);
	return mt_buf_detach(&b);
}

/* A build-id that can name the file and fit in the header. */
static int usable_id(const char *id)
{
	return id && sym_is_hex_id(id) && strlen(id) < CACHE_ID_MAX;
}

/* Write the bytes to a new file beside path, then rename it over path. */
/* Write the bytes to a new file beside path, then rename it over path.
 * 0, or -1 with the reason in *why (free with free()). */
static int
write_atomically(const char *dir, const char *path, const mt_buf *b, char **why)
{
	mt_buf tmp = MT_BUF_INIT, msg = MT_BUF_INIT;
	const char *step = "create";
	size_t done = 0;
	int fd, err = 0;

	(void)mkdir(dir, 0777);
	/* Unique per writer, threads of one process included. */
	mt_buf_printf(&tmp, "%s.XXXXXX", path);
	fd = mkostemp(tmp.ptr, O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		goto out;
	}
	(void)fchmod(fd, 0644);
	step = "write";
	while (done < b->len) {
		ssize_t n = write(fd, b->ptr + done, b->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : ENOSPC;
			break;
		}
		done += (size_t)n;
	}
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err) {
		step = "rename";
		if (rename(tmp.ptr, path) != 0)
			err = errno;
	}
	if (err)
		unlink(tmp.ptr);
out:
	if (err) {
		mt_buf_printf(&msg,
		              "index cache not written: cannot %s '%s': %s",
		              step, path, strerror(err));
		*why = mt_buf_detach(&msg);
	}
	mt_buf_release(&tmp);
	return err ? -1 : 0;
}

int sym_cache_store(mt_module *m, const char *dir)
{
	writer w = { MT_BUF_INIT, MT_BUF_INIT, { NULL, 0, 0 } };
	cache_header h;
	cache_cu *cus;
	char *path;
	size_t i;
	int ret;

	if (!usable_id(m->build_id) || m->index_state != SYM_INDEX_BUILT)
		return -1;
	for (i = 0; i < m->n_cus; i++)
		sym_dwarf_load_cu(m, &m->cus[i]);
	/* The format keeps no embedded source (clang -gembed-source): a
	 * module with some is indexed each run instead. */
	for (i = 0; i < m->n_cus; i++) {
		size_t k;

		for (k = 0; k < m->cus[i].lt.n_files; k++)
			if (m->cus[i].lt.files[k].source)
				return -1;
	}
	sym_sort_symbols(m);
	memset(&h, 0, sizeof(h));
	put(&w, &h, sizeof(h)); /* filled in at the end */
	cus = mt_calloc(m->n_cus ? m->n_cus : 1, sizeof(*cus));
	for (i = 0; i < m->n_cus; i++)
		put_cu(&w, m, &m->cus[i], &cus[i]);
	memcpy(h.magic, CACHE_MAGIC, sizeof(h.magic));
	h.format = CACHE_FORMAT;
	h.endian = CACHE_ENDIAN;
	memcpy(h.build_id, m->build_id, strlen(m->build_id));
	h.main_size = file_size(m->fd);
	h.debug_size = file_size(m->dbg_fd);
	h.n_cus = m->n_cus;
	h.cus_off = put(&w, cus, m->n_cus * sizeof(*cus));
	h.n_ranges = m->n_cu_ranges;
	h.ranges_off =
	        put(&w, m->cu_ranges, m->n_cu_ranges * sizeof(*m->cu_ranges));
	h.n_syms = m->n_syms;
	h.syms_off = put(&w, m->syms, m->n_syms * sizeof(*m->syms));
	h.sym_strs_size = m->sym_strs ? m->sym_strs_size : 0;
	h.sym_strs_off = put(&w, m->sym_strs, h.sym_strs_size);
	mt_buf_putc(&w.pool, '\0'); /* the pool ends with a NUL */
	h.strs_size = w.pool.len;
	h.strs_off = put(&w, w.pool.ptr, w.pool.len);
	h.file_size = w.out.len;
	memcpy(w.out.ptr, &h, sizeof(h));
	path = cache_path(dir, m->build_id);
	free(m->cache_err);
	m->cache_err = NULL;
	ret = write_atomically(dir, path, &w.out, &m->cache_err);
	free(path);
	free(cus);
	mt_buf_release(&w.out);
	mt_buf_release(&w.pool);
	mt_map_release(&w.seen);
	return ret;
}

/* ---- reading ----------------------------------------------------------- */

/* Whether n elements of size bytes at off fit in a file of size total
 * (and off is aligned for them). */
static int fits(uint64_t off, uint64_t n, size_t size, uint64_t total)
{
	return off % 8 == 0 && off <= total && n <= (total - off) / size;
}

static int pool_ok(uint64_t s, uint64_t size)
{
	return s == CACHE_NONE || s < size;
}

static const char *pool_at(const char *pool, uint64_t s)
{
	return s == CACHE_NONE ? NULL : pool + s;
}

static int check_cu(const cache_cu *c, const cache_header *h, size_t line_size)
{
	uint64_t t = h->file_size;

	if (!fits(c->nodes_off, c->n_nodes, sizeof(sym_node), t) ||
	    !fits(c->segs_off, c->n_segs, sizeof(sym_seg), t) ||
	    !pool_ok(c->comp_dir, h->strs_size) || c->n_nodes > UINT32_MAX)
		return -1;
	if (!c->has_lines)
		return 0;
	/* What sym_line_table_read checks of a header it decodes. */
	if (c->prog_begin > c->prog_end || c->prog_end > line_size ||
	    c->opcode_base == 0 || c->opcode_base > 256 ||
	    c->std_len > line_size ||
	    line_size - c->std_len < c->opcode_base - 1 || c->line_range == 0 ||
	    c->max_ops == 0 ||
	    !fits(c->marks_off, c->n_marks, sizeof(sym_line_mark), t) ||
	    !fits(c->rows_off, c->n_rows, sizeof(sym_line_row), t) ||
	    !fits(c->dirs_off, c->n_dirs, sizeof(uint64_t), t) ||
	    !fits(c->files_off, c->n_files, sizeof(cache_file_ent), t) ||
	    !fits(c->seqs_off, c->n_seqs, sizeof(sym_line_seq_info), t) ||
	    (c->n_seqs && !c->rows_sectioned))
		return -1;
	return 0;
}

static int
check_header(const cache_header *h, const mt_module *m, uint64_t size)
{
	if (size < sizeof(*h) || memcmp(h->magic, CACHE_MAGIC, 8) ||
	    h->format != CACHE_FORMAT || h->endian != CACHE_ENDIAN ||
	    h->file_size != size)
		return -1;
	if (memchr(h->build_id, 0, sizeof(h->build_id)) == NULL ||
	    strcmp(h->build_id, m->build_id) ||
	    h->main_size != file_size(m->fd) ||
	    h->debug_size != file_size(m->dbg_fd))
		return -1;
	if (!fits(h->cus_off, h->n_cus, sizeof(cache_cu), size) ||
	    !fits(h->ranges_off, h->n_ranges, sizeof(sym_cu_range), size) ||
	    !fits(h->syms_off, h->n_syms, sizeof(sym_elfsym), size) ||
	    !fits(h->sym_strs_off, h->sym_strs_size, 1, size) ||
	    !fits(h->strs_off, h->strs_size, 1, size) || h->strs_size == 0)
		return -1;
	return 0;
}

int sym_cache_load(mt_module *m, const char *dir)
{
	const uint8_t *base;
	const cache_header *h;
	const cache_cu *cc;
	struct stat st;
	char *path;
	void *map;
	size_t i;
	int fd;

	if (!usable_id(m->build_id))
		return -1;
	path = cache_path(dir, m->build_id);
	/* O_NONBLOCK: a FIFO put in its place must not hang the run. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	free(path);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size < sizeof(cache_header)) {
		close(fd);
		return -1;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -1;
	base = map;
	h = map;
	if (check_header(h, m, (uint64_t)st.st_size) != 0 ||
	    base[h->strs_off + h->strs_size - 1] != '\0' ||
	    (h->sym_strs_size &&
	     base[h->sym_strs_off + h->sym_strs_size - 1] != '\0'))
		goto bad;
	cc = (const cache_cu *)(base + h->cus_off);
	for (i = 0; i < h->n_cus; i++)
		if (check_cu(&cc[i], h, m->sec.line.size) != 0)
			goto bad;
	for (i = 0; i < h->n_ranges; i++)
		if (((const sym_cu_range *)(base + h->ranges_off))[i].owner >=
		    h->n_cus)
			goto bad;
	m->cache_map = map;
	m->cache_size = (size_t)st.st_size;
	m->cus = mt_calloc(h->n_cus ? h->n_cus : 1, sizeof(*m->cus));
	m->n_cus = h->n_cus;
	for (i = 0; i < h->n_cus; i++) {
		sym_cu *cu = &m->cus[i];

		cu->off = cc[i].off;
		cu->size = cc[i].size;
		cu->version = cc[i].version;
		cu->state = cc[i].state == SYM_CU_READY ? SYM_CU_CACHED
		                                        : SYM_CU_FAILED;
		cu->nodes = (sym_node *)(base + cc[i].nodes_off);
		cu->n_nodes = cu->cap_nodes = cc[i].n_nodes;
		cu->segs = (sym_seg *)(base + cc[i].segs_off);
		cu->n_segs = cc[i].n_segs;
		cu->cached = &cc[i];
	}
	m->cache_pool = (const char *)base + h->strs_off;
	m->cache_pool_size = h->strs_size;
	m->cu_ranges = (sym_cu_range *)(base + h->ranges_off);
	m->n_cu_ranges = h->n_ranges;
	if (!m->syms_loaded) {
		m->syms_loaded = 1;
		m->syms_sorted = 1;
		m->syms_mapped = 1;
		m->syms = (sym_elfsym *)(base + h->syms_off);
		m->n_syms = h->n_syms;
		m->sym_strs = (const char *)base + h->sym_strs_off;
		m->sym_strs_size = h->sym_strs_size;
	}
	return 0;
bad:
	munmap(map, (size_t)st.st_size);
	return -1;
}

int sym_cache_open_cu(mt_module *m, sym_cu *cu)
{
	const cache_cu *c = cu->cached;
	const cache_header *h = m->cache_map;
	const char *pool = (const char *)m->cache_map + h->strs_off;
	const uint8_t *base = m->cache_map, *line = m->sec.line.data;
	sym_line_table *t = &cu->lt;
	size_t i;

	assert(cu->state == SYM_CU_CACHED);
	cu->state = SYM_CU_FAILED;
	cu->comp_dir = pool_at(pool, c->comp_dir);
	if (!c->has_lines || !line) {
		cu->state = SYM_CU_READY;
		return 0;
	}
	t->prog.begin = line + c->prog_begin;
	t->prog.end = line + c->prog_end;
	t->prog.std_len = line + c->std_len;
	t->prog.min_insn = c->min_insn;
	t->prog.max_ops = c->max_ops;
	t->prog.line_range = c->line_range;
	t->prog.opcode_base = c->opcode_base;
	t->prog.line_base = c->line_base;
	t->prog.big = (int)c->big;
	t->version = c->lt_version;
	t->marks = (sym_line_mark *)(base + c->marks_off);
	t->n_marks = c->n_marks;
	t->rows = c->n_rows ? (sym_line_row *)(base + c->rows_off) : NULL;
	t->n_rows = c->n_rows;
	t->rows_sectioned = c->rows_sectioned != 0;
	t->seqs = c->n_seqs ? (sym_line_seq_info *)(base + c->seqs_off) : NULL;
	t->n_seqs = c->n_seqs;
	/* Each sequence's rows are the table's. */
	for (i = 0; i < t->n_seqs; i++)
		if (t->seqs[i].n == 0 || t->seqs[i].first > t->n_rows ||
		    t->seqs[i].n > t->n_rows - t->seqs[i].first)
			return -1;
	t->dirs = mt_calloc(c->n_dirs ? c->n_dirs : 1, sizeof(*t->dirs));
	t->n_dirs = c->n_dirs;
	for (i = 0; i < c->n_dirs; i++) {
		uint64_t s = ((const uint64_t *)(base + c->dirs_off))[i];

		if (!pool_ok(s, h->strs_size))
			return -1;
		t->dirs[i] = pool_at(pool, s);
	}
	t->files = mt_calloc(c->n_files ? c->n_files : 1, sizeof(*t->files));
	t->n_files = c->n_files;
	for (i = 0; i < c->n_files; i++) {
		const cache_file_ent *f =
		        &((const cache_file_ent *)(base + c->files_off))[i];

		if (!pool_ok(f->name, h->strs_size))
			return -1;
		t->files[i].name = pool_at(pool, f->name);
		t->files[i].dir = f->dir;
	}
	cu->full_names =
	        mt_calloc(t->n_files ? t->n_files : 1, sizeof(*cu->full_names));
	cu->state = SYM_CU_READY;
	return 0;
}

void sym_cache_release(mt_module *m)
{
	if (m->cache_map)
		munmap(m->cache_map, m->cache_size);
	m->cache_map = NULL;
	m->cache_size = 0;
	m->cache_pool = NULL;
	m->cache_pool_size = 0;
}
