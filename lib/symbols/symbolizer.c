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
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n_mods; i++)
		module_free(s->mods[i]);
	for (i = 0; i < s->opts.n_binary_dirs; i++)
		sym_dir_index_release(&s->dir_index[i]);
	free(s->dir_index);
	free(s->mods);
	sym_debuginfod_release(s);
	free(s);
}

static mt_module *module_new(mt_symbolizer *s, const char *key)
{
	mt_module *m = mt_calloc(1, sizeof(*m));

	m->key = mt_strdup(key);
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
	MT_PUSH(s->mods, s->n_mods, s->cap_mods, m);
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

static mt_module *cache_get(mt_symbolizer *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n_mods; i++)
		if (!strcmp(s->mods[i]->key, key))
			return s->mods[i];
	return NULL;
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

int mt_symbolizer_module(mt_module **out,
                         mt_symbolizer *s,
                         const char *name,
                         const char *build_id_hex,
                         mt_error *err)
{
	mt_buf key = MT_BUF_INIT;
	mt_module *m;
	char *id = NULL;
	size_t i;
	int ret = 0;

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
	m = cache_get(s, key.ptr);
	if (m) {
		ret = cached_result(out, m, err);
		goto out;
	}
	m = module_new(s, key.ptr);
	m->lookup_err = sym_locate_module(s, m, name, id);
	module_index(m);
	ret = cached_result(out, m, err);
out:
	free(id);
	mt_buf_release(&key);
	return ret;
}

int mt_symbolizer_open(mt_module **out,
                       mt_symbolizer *s,
                       const char *path,
                       mt_error *err)
{
	mt_buf key = MT_BUF_INIT;
	mt_module *m;
	int ret;

	*out = NULL;
	mt_buf_printf(&key, "e:%s", path);
	m = cache_get(s, key.ptr);
	if (!m) {
		m = module_new(s, key.ptr);
		m->lookup_err = sym_locate_file(s, m, path, &m->err);
		module_index(m);
	}
	ret = cached_result(out, m, err);
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
	size_t i;

	for (i = 0; s && i < s->n_mods; i++)
		if (s->mods[i]->cache_err)
			return s->mods[i]->cache_err;
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

	if (!cu)
		return NULL;
	if (cu->state == SYM_CU_CACHED)
		(void)sym_cache_open_cu(m, cu);
	else
		sym_dwarf_load_cu(m, cu);
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
