/*
 * symbolizer.c - the symbolizer and its modules: the module cache, the
 * index built when a module is loaded (from an index cache file when one
 * matches), and the top of the lookup (DWARF chain, then
 * llvm-symbolizer's symbol table override of the outermost frame).
 * Finding the files is locate.c's.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"

#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- public API ------------------------------------------------------ */

int mt_symbolizer_new(mt_symbolizer **out,
                      const mt_symbolizer_opts *opts,
                      mt_error *err)
{
	mt_symbolizer *s;

	*out = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return mt_error_set(err, MT_ERROR, "elf_version: %s",
		                    elf_errmsg(-1));
	s = mt_calloc(1, sizeof(*s));
	if (opts)
		s->opts = *opts;
	sym_demangler_init(&s->demangler, s->opts.no_libllvm);
	s->dir_index =
	        mt_calloc(s->opts.n_binary_dirs + 1, sizeof(*s->dir_index));
	if (!s->opts.max_modules)
		s->opts.max_modules = MT_SYM_DEFAULT_MAX_MODULES;
	if (!s->opts.max_module_bytes)
		s->opts.max_module_bytes = MT_SYM_DEFAULT_MAX_MODULE_BYTES;
	*out = s;
	return 0;
}

static void module_free(mt_module *m)
{
	if (!m)
		return;
	sym_dwarf_release(m);
	sym_disasm_release(m);
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
	/* After elf_end: the Elf handles pointed at these copies. */
	sym_relocated_release(&m->reloc);
	sym_relocated_release(&m->dbg_reloc);
	free(m->rel_text);
	mt_buf_release(&m->warnings);
	if (!m->syms_mapped)
		free(m->syms);
	mt_memo_release(&m->memo_nodes);
	mt_memo_release(&m->memo_syms);
	mt_memo_release(&m->memo_binutils);
	sym_bfd_release(m);
	sym_cache_release(m);
	free(m->cache_err);
	mt_arena_release(&m->arena);
	free(m->key);
	free(m->path);
	free(m->debug_path);
	free(m->build_id);
	free(m->no_debug);
	free(m->remote_err);
	free(m);
}

void mt_symbolizer_free(mt_symbolizer *s)
{
	mt_module *m, *next;
	size_t i;

	if (!s)
		return;
	for (m = s->lru_head; m; m = next) {
		next = m->lru_next;
		module_free(m);
	}
	for (i = 0; i < s->opts.n_binary_dirs; i++)
		sym_dir_index_release(&s->dir_index[i]);
	free(s->dir_index);
	free(s->slots);
	free(s->touched);
	free(s->cache_err);
	sym_debuginfod_release(s);
	free(s);
}

static mt_module *module_new(mt_symbolizer *s, const char *key, uint64_t h)
{
	mt_module *m = mt_calloc(1, sizeof(*m));

	m->key = mt_strdup(key);
	m->hash = h;
	m->names = s->opts.names;
	m->dm = &s->demangler;
	m->binutils_rules = s->opts.binutils_rules;
	m->object_symbols = s->opts.object_symbols;
	m->no_untag = s->opts.no_untag;
	m->max_inflate = s->opts.max_inflate;
	mt_buf_init(&m->warnings);
	/* The cache holds demangled names only. */
	m->index_cache =
	        m->names == MT_NAMES_DEMANGLED ? s->opts.index_cache : NULL;
	m->die_walk = s->opts.die_walk;
	m->fd = -1;
	m->dbg_fd = -1;
	return m;
}

/* Build the CU index of a loaded module that has DWARF: from the index
 * cache file when one matches, else from the CU headers (then written to
 * the cache for the next run). Done when the module is loaded because
 * reading the CU headers is what tells usable DWARF from corrupt DWARF,
 * which mt_module_has_debug reports; a module without a usable index
 * degrades to its symbol table, as if it had no DWARF. */
static void module_index(mt_module *m)
{
	if (m->lookup_err || !m->dw || m->index_state != SYM_INDEX_NONE)
		return;
	sym_dwarf_load_sections(m);
	if (m->index_cache && sym_symbols_differ_by_mode(m))
		m->index_cache = NULL;
	/* Nor does it keep tagged symbol addresses as they are. */
	if (m->no_untag)
		m->index_cache = NULL;
	if (m->index_cache && sym_cache_load(m, m->index_cache) == 0) {
		m->index_state = SYM_INDEX_BUILT;
		return;
	}
	if (sym_dwarf_index_cus(m) != 0) {
		m->index_state = SYM_INDEX_FAILED;
		dwarf_end(m->dw);
		m->dw = NULL;
		return;
	}
	m->index_state = SYM_INDEX_BUILT;
	/* A run that indexes writes the whole index for the next. */
	if (m->index_cache)
		(void)sym_cache_store(m, m->index_cache);
}

/* ---- the module cache --------------------------------------------- */

/* FNV-1a, 64 bits. */
static uint64_t key_hash(const char *k)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *k; k++)
		h = (h ^ (unsigned char)*k) * 0x100000001b3ULL;
	return h;
}

static int transient_errno(int e)
{
	return e == EMFILE || e == ENFILE || e == ENOMEM || e == EINTR ||
	       e == EAGAIN;
}

/* The slot of key: the module's, or the empty one where it would go. */
static size_t cache_slot(const mt_symbolizer *s, const char *key, uint64_t h)
{
	size_t mask = s->cap_slots - 1, i;

	for (i = (size_t)h & mask; s->slots[i]; i = (i + 1) & mask)
		if (s->slots[i]->hash == h && !strcmp(s->slots[i]->key, key))
			break;
	return i;
}

static void lru_unlink(mt_symbolizer *s, mt_module *m)
{
	if (m->lru_prev)
		m->lru_prev->lru_next = m->lru_next;
	else
		s->lru_head = m->lru_next;
	if (m->lru_next)
		m->lru_next->lru_prev = m->lru_prev;
	else
		s->lru_tail = m->lru_prev;
	m->lru_prev = m->lru_next = NULL;
}

/* m was asked for: most recent, and its cost counted again at the next
 * trim. */
static void cache_touch(mt_symbolizer *s, mt_module *m)
{
	if (s->lru_head != m) {
		if (m->lru_prev || m->lru_next || s->lru_tail == m)
			lru_unlink(s, m);
		m->lru_next = s->lru_head;
		if (s->lru_head)
			s->lru_head->lru_prev = m;
		s->lru_head = m;
		if (!s->lru_tail)
			s->lru_tail = m;
	}
	if (!m->touched) {
		m->touched = 1;
		MT_PUSH(s->touched, s->n_touched, s->cap_touched, m);
	}
}

static mt_module *cache_get(mt_symbolizer *s, const char *key, uint64_t h)
{
	mt_module *m;

	if (!s->cap_slots)
		return NULL;
	m = s->slots[cache_slot(s, key, h)];
	if (m)
		cache_touch(s, m);
	return m;
}

static void cache_grow(mt_symbolizer *s)
{
	mt_module **old = s->slots;
	size_t n = s->cap_slots, i;

	s->cap_slots = n ? n * 2 : 64;
	s->slots = mt_calloc(s->cap_slots, sizeof(*s->slots));
	for (i = 0; i < n; i++)
		if (old[i])
			s->slots[cache_slot(s, old[i]->key, old[i]->hash)] =
			        old[i];
	free(old);
}

static void cache_insert(mt_symbolizer *s, mt_module *m)
{
	if ((s->n_mods + 1) * 2 > s->cap_slots)
		cache_grow(s);
	s->slots[cache_slot(s, m->key, m->hash)] = m;
	s->n_mods++;
	cache_touch(s, m);
}

/* Take m out of the table, shifting back the entries of its probe run
 * that may move into the hole (no tombstones: a long-lived server's
 * probes stay short). */
static void cache_remove(mt_symbolizer *s, mt_module *m)
{
	size_t mask = s->cap_slots - 1;
	size_t i = cache_slot(s, m->key, m->hash), j = i;

	assert(s->slots[i] == m);
	for (;;) {
		size_t home;

		j = (j + 1) & mask;
		if (!s->slots[j])
			break;
		home = (size_t)s->slots[j]->hash & mask;
		/* It may fill i when i lies on its way from home to j. */
		if (((j - home) & mask) >= ((j - i) & mask)) {
			s->slots[i] = s->slots[j];
			i = j;
		}
	}
	s->slots[i] = NULL;
	s->n_mods--;
	lru_unlink(s, m);
}

/* Whether p lies in the file image of elf (mapped or read whole). */
static int in_image(Elf *elf, const void *p)
{
	size_t n = 0;
	const char *base = elf ? elf_rawfile(elf, &n) : NULL;

	return base && (const char *)p >= base && (const char *)p < base + n;
}

static size_t image_size(Elf *elf)
{
	size_t n = 0;

	return elf && elf_rawfile(elf, &n) ? n : 0;
}

/* Bytes of a CU's index opened for lookups (the arrays the readers
 * built; a CU from an index cache file has them in the mapped file,
 * counted there). */
static size_t cu_cost(const sym_cu *cu)
{
	const sym_line_table *t = &cu->lt;
	size_t n = t->n_dirs * sizeof(*t->dirs) +
	           t->n_files * (sizeof(*t->files) + sizeof(char *)) +
	           t->n_seqs * sizeof(*t->seqs);

	if (!cu->cached)
		n += cu->cap_nodes * sizeof(*cu->nodes) +
		     cu->n_segs * sizeof(*cu->segs) +
		     t->n_marks * sizeof(*t->marks) +
		     t->n_rows * sizeof(*t->rows);
	return n;
}

/* What a module costs when loaded: the file images libelf mapped (all
 * of them, as if every page were resident), the debug sections held in
 * the heap (decompressed or relocated copies), the CU index and an
 * index cache file mapped. */
static size_t module_cost_fixed(const mt_module *m)
{
	const sym_dwarf_sections *sc = &m->sec;
	const sym_section *secs[] = {
		&sc->line,   &sc->line_str, &sc->str,
		&sc->info,   &sc->abbrev,   &sc->addr,
		&sc->ranges, &sc->rnglists, &sc->aranges
	};
	Elf *dwelf = m->dbg_elf ? m->dbg_elf : m->elf;
	size_t n = sizeof(*m) + strlen(m->key) + 1, i;

	n += image_size(m->elf) + image_size(m->dbg_elf);
	for (i = 0; i < sizeof(secs) / sizeof(secs[0]); i++)
		if (secs[i]->data && !in_image(dwelf, secs[i]->data))
			n += secs[i]->size;
	n += m->n_cus * sizeof(*m->cus) + m->n_cu_ranges * sizeof(sym_span);
	for (i = 0; i < m->n_cus; i++)
		if (m->cus[i].state == SYM_CU_READY)
			n += cu_cost(&m->cus[i]);
	if (m->cache_map)
		n += m->cache_size;
	return n;
}

/* Names kept by a memo: its index, and the name itself (in the arena;
 * 64 bytes is an estimate, the arena does not say its size). */
static size_t memo_cost(const mt_memo *mm)
{
	return mm->keys.cap * sizeof(mt_mapent) +
	       mm->cap * (sizeof(char *) + 64);
}

/* The estimate now: what was loaded, the CUs opened since, and what
 * lookups filled lazily (symbol tables, names). */
static size_t module_cost(const mt_module *m)
{
	size_t n = m->cost_fixed + m->cost_cus + m->warnings.cap;

	if (!m->syms_mapped)
		n += m->n_syms * sizeof(*m->syms);
	n += m->bfd.n * sizeof(*m->bfd.syms) +
	     m->bfd.n_order * sizeof(*m->bfd.order) +
	     m->bfd.n_secs * sizeof(*m->bfd.secs);
	n += memo_cost(&m->memo_nodes) + memo_cost(&m->memo_syms) +
	     memo_cost(&m->memo_binutils);
	return n;
}

/* After loading: libelf has the whole file image (mapped, or read now),
 * libdw reads through the Elf only and nothing reads m->fd or
 * m->dbg_fd later (the index cache checked their sizes in module_index),
 * so the descriptors are closed and a module costs none. When libelf
 * cannot read the file whole (no memory) the descriptor stays. */
static void module_release_fds(mt_module *m)
{
	if (m->fd >= 0 && (!m->elf || elf_cntl(m->elf, ELF_C_FDREAD) == 0)) {
		close(m->fd);
		m->fd = -1;
	}
	if (m->dbg_fd >= 0 &&
	    (!m->dbg_elf || elf_cntl(m->dbg_elf, ELF_C_FDREAD) == 0)) {
		close(m->dbg_fd);
		m->dbg_fd = -1;
	}
}

static void cache_evict(mt_symbolizer *s, mt_module *m)
{
	cache_remove(s, m);
	s->bytes -= m->cost;
	if (!s->cache_err && m->cache_err)
		s->cache_err = mt_strdup(m->cache_err);
	s->evictions++;
	module_free(m);
}

void mt_symbolizer_trim(mt_symbolizer *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n_touched; i++) {
		mt_module *m = s->touched[i];
		size_t c = module_cost(m);

		m->touched = 0;
		s->bytes = s->bytes - m->cost + c;
		m->cost = c;
		if (m->transient)
			cache_evict(s, m);
	}
	s->n_touched = 0;
	while (s->lru_tail && s->lru_tail != s->lru_head &&
	       (s->n_mods > s->opts.max_modules ||
	        s->bytes > s->opts.max_module_bytes))
		cache_evict(s, s->lru_tail);
}

int mt_symbolizer_keeps(const mt_symbolizer *s, const mt_module *m)
{
	return m && s->lru_head == m && !m->transient;
}

void mt_symbolizer_stats_get(mt_symbolizer_stats *out, const mt_symbolizer *s)
{
	out->modules = s->n_mods;
	out->bytes = s->bytes;
	out->evictions = s->evictions;
}

int mt_symbolizer_last_errno(const mt_symbolizer *s)
{
	return s->last_errno;
}

static int cached_result(mt_module **out, mt_module *m, mt_error *err)
{
	if (m->lookup_err) {
		if (err)
			*err = m->err;
		return m->lookup_err;
	}
	*out = m;
	return 0;
}

/* The lookup of a new module m is done (e: errno after finding its
 * files, e_index: after indexing them): keep it in the cache unless it
 * failed for a transient reason, which is said as what it is. */
static int module_admit(mt_module **out,
                        mt_symbolizer *s,
                        mt_module *m,
                        const char *what,
                        int e,
                        int e_index,
                        mt_error *err)
{
	s->last_errno = 0;
	if (m->lookup_err && transient_errno(e)) {
		int ret =
		        mt_error_set(err, e == ENOMEM ? MT_ENOMEM : MT_EIO,
		                     "cannot load '%s': %s", what, strerror(e));

		s->last_errno = e;
		module_free(m);
		return ret;
	}
	m->transient = transient_errno(e) || transient_errno(e_index);
	module_release_fds(m);
	m->cost_fixed = module_cost_fixed(m);
	cache_insert(s, m);
	return cached_result(out, m, err);
}

int mt_symbolizer_module(mt_module **out,
                         mt_symbolizer *s,
                         const char *name,
                         const char *build_id_hex,
                         mt_error *err)
{
	mt_buf key = MT_BUF_INIT;
	mt_module *m;
	char *id = NULL;
	uint64_t h;
	size_t i;
	int ret = 0, e;

	*out = NULL;
	if (!name)
		name = "";
	if (build_id_hex && sym_is_hex_id(build_id_hex)) {
		id = mt_strdup(build_id_hex);
		for (i = 0; id[i]; i++)
			if (id[i] >= 'A' && id[i] <= 'F')
				id[i] = (char)(id[i] - 'A' + 'a');
	}
	mt_buf_printf(&key, "m:%s\n%s", name, id ? id : "");
	h = key_hash(key.ptr);
	m = cache_get(s, key.ptr, h);
	if (m) {
		s->last_errno = 0;
		ret = cached_result(out, m, err);
		goto out;
	}
	m = module_new(s, key.ptr, h);
	errno = 0;
	m->lookup_err = sym_locate_module(s, m, name, id);
	e = errno;
	errno = 0;
	module_index(m);
	ret = module_admit(out, s, m,
	                   name[0] ? name
	                   : id    ? id
	                           : "",
	                   e, errno, err);
out:
	free(id);
	mt_buf_release(&key);
	return ret;
}

mt_module *mt_symbolizer_peek(mt_symbolizer *s, const char *name)
{
	mt_buf key = MT_BUF_INIT;
	mt_module *m;

	mt_buf_printf(&key, "m:%s\n", name);
	m = cache_get(s, key.ptr, key_hash(key.ptr));
	mt_buf_release(&key);
	return m && !m->lookup_err ? m : NULL;
}

int mt_symbolizer_open(mt_module **out,
                       mt_symbolizer *s,
                       const char *path,
                       mt_error *err)
{
	mt_buf key = MT_BUF_INIT;
	mt_module *m;
	uint64_t h;
	int ret, e;

	*out = NULL;
	mt_buf_printf(&key, "e:%s", path);
	h = key_hash(key.ptr);
	m = cache_get(s, key.ptr, h);
	if (m) {
		s->last_errno = 0;
		ret = cached_result(out, m, err);
	} else {
		m = module_new(s, key.ptr, h);
		errno = 0;
		m->lookup_err = sym_locate_file(s, m, path, &m->err);
		e = errno;
		errno = 0;
		module_index(m);
		ret = module_admit(out, s, m, path, e, errno, err);
	}
	mt_buf_release(&key);
	return ret;
}

const char *mt_module_path(const mt_module *m)
{
	return m->path;
}

const char *mt_module_build_id(const mt_module *m)
{
	return m->build_id;
}

const char *mt_symbolizer_cache_error(const mt_symbolizer *s)
{
	const mt_module *m;

	if (s && s->cache_err)
		return s->cache_err;
	for (m = s ? s->lru_head : NULL; m; m = m->lru_next)
		if (m->cache_err)
			return m->cache_err;
	return NULL;
}

int mt_module_has_debug(const mt_module *m, const char **reason)
{
	/* module_index ran when m was loaded: a corrupt .debug_info has
	 * already been dropped. */
	assert(!m->dw || m->index_state == SYM_INDEX_BUILT);
	if (reason)
		*reason = m->dw ? NULL : m->no_debug;
	return m->dw != NULL;
}

/* The CU covering addr, opened for lookups, or NULL. */
static sym_cu *ready_cu(mt_module *m, uint64_t addr)
{
	sym_cu *cu = sym_dwarf_find_cu(m, addr);
	int before;

	if (!cu)
		return NULL;
	before = cu->state;
	if (cu->state == SYM_CU_CACHED)
		(void)sym_cache_open_cu(m, cu);
	else
		sym_dwarf_load_cu(m, cu);
	if (before != SYM_CU_READY && cu->state == SYM_CU_READY)
		m->cost_cus += cu_cost(cu);
	return cu->state == SYM_CU_READY ? cu : NULL;
}

const char *mt_module_cu_refusal(mt_module *m, uint64_t addr)
{
	sym_cu *cu = m->dw ? sym_dwarf_find_cu(m, addr) : NULL;

	return cu && cu->state == SYM_CU_READY ? cu->refusal : NULL;
}

int mt_module_take_warnings(mt_buf *out, mt_module *m)
{
	int n = m->warnings.len > 0;

	if (n) {
		mt_buf_put(out, m->warnings.ptr, m->warnings.len);
		mt_buf_clear(&m->warnings);
	}
	return n;
}

mt_die_walk mt_die_walk_from_name(const char *name)
{
	if (name && !strcmp(name, "libdw"))
		return MT_DIE_WALK_LIBDW;
	if (name && !strcmp(name, "raw"))
		return MT_DIE_WALK_RAW;
	return MT_DIE_WALK_DEFAULT;
}

#define MAX_CHAIN 128

int mt_module_lookup(mt_module *m, uint64_t addr, mt_srcloc *out, size_t max)
{
	mt_srcloc chain[MAX_CHAIN];
	const sym_elfsym *sym;
	sym_cu *cu;
	int n = 0, i;

	memset(&chain[0], 0, sizeof(chain[0]));
	/* binutils looks a data symbol's address up by the symbol. */
	if (m->binutils_rules) {
		const char *data = sym_bfd_data_symbol(m, addr);

		if (data && sym_bfd_var_decl(&chain[0].file, &chain[0].line, m,
		                             addr, data))
			n = 1;
	}
	cu = !n && m->dw ? ready_cu(m, addr) : NULL;
	if (cu)
		n = sym_dwarf_chain(m, cu, addr, chain, MAX_CHAIN);
	if (n <= 0) {
		memset(&chain[0], 0, sizeof(chain[0]));
		n = 1;
	}
	/* llvm-symbolizer replaces the outermost frame's name with the
	 * covering ELF symbol's: DWARF may only carry a short name, and the
	 * symbol says which clone (".constprop.0", ".cold") this is. */
	sym = m->names == MT_NAMES_SHORT || m->binutils_rules
	              ? NULL
	              : sym_find_symbol(m, addr);
	/* binutils names the outermost frame from its symbol search only
	 * without a DWARF function (and frames without a linkage name as
	 * binutils_name says), and gives the symbol's STT_FILE where DWARF
	 * gives no file. */
	if (m->binutils_rules && !chain[n - 1].function) {
		const sym_bfd_sym *b = sym_bfd_function(
		        m, addr, chain[0].file || chain[0].line);

		if (b) {
			chain[n - 1].function = sym_bfd_name(m, b);
			if (!chain[n - 1].file)
				chain[n - 1].file = sym_bfd_file(m, b);
		}
	}
	/* LLVM's placeholder for a file it cannot name is "<invalid>":
	 * a line table naming a file so is not told apart from none. */
	for (i = 0; !m->binutils_rules && i < n; i++)
		if (chain[i].file && !strcmp(chain[i].file, "<invalid>"))
			chain[i].file = NULL;
	if (sym) {
		chain[n - 1].function = sym_symbol_name(m, sym);
		if (!chain[n - 1].file)
			chain[n - 1].file = sym_file_name(m, sym);
	}
	if (n == 1 && !chain[0].function && !chain[0].file && !chain[0].line)
		return 0;
	if ((size_t)n > max)
		n = (int)max;
	if (n > 0)
		memcpy(out, chain, (size_t)n * sizeof(*out));
	return n;
}
