/*
 * llvm_frames.c - the frames llvm-symbolizer 19 answers for a code
 * address (DILineInfo's fields: the inline chain or symbolizeCode's one
 * frame, the symbol table's name and start, file names as --basenames
 * and --relativenames want them), for the printers of llvm_answer.c and
 * for mt_llvm_code.
 */
#include "maxtriage/common.h"
#include "symbols/llvm_int.h"

#include <string.h>

static const char *base_name(const char *f)
{
	const char *s = strrchr(f, '/');

	return s ? s + 1 : f;
}

/* The file name as --basenames / --relativenames want it; entry is f's
 * line-table entry when the caller knows it, else it is looked up. */
static const char *shown_file_entry(const mt_llvm *l,
                                    mt_module *m,
                                    uint64_t addr,
                                    const char *f,
                                    const char *entry)
{
	if (!f)
		return NULL;
	if (l->o.basenames) {
		/* LLVM keeps a name that is absolute in the line table. */
		if (!entry && m)
			entry = mt_module_file_entry(m, addr, f);

		if (entry && entry[0] == '/' && !l->o.addr2line)
			return f;
		return base_name(entry ? entry : f);
	}
	if (l->o.relativenames) {
		const char *rel =
		        m ? mt_module_file_relative(m, addr, f) : NULL;
		const char *comp;
		size_t n;

		if (rel)
			return rel;
		/* A name from elsewhere (not addr's CU's table): without
		 * the compilation directory. */
		comp = m ? mt_module_comp_dir(m, addr) : NULL;
		n = comp ? strlen(comp) : 0;
		if (n && !strncmp(f, comp, n) && f[n] == '/')
			return f + n + 1;
	}
	return f;
}

static const char *
shown_file(const mt_llvm *l, mt_module *m, uint64_t addr, const char *f)
{
	return shown_file_entry(l, m, addr, f, NULL);
}

/* The frames of addr: the inline chain, or (without inlines) the one
 * frame llvm-symbolizer's symbolizeCode gives, or with gnu_first frame 0
 * of the chain (GNU style and addr2line without inlines). */
int sym_llvm_code_frames(frame *out,
                         mt_llvm *l,
                         mt_module *m,
                         uint64_t addr,
                         int inlines,
                         int gnu_first)
{
	mt_srcloc loc[MAX_FRAMES];
	mt_frame_start st[MAX_FRAMES];
	int n = m ? mt_module_lookup(m, addr, loc, MAX_FRAMES) : 0;
	int ns = 0, i, k;
	int want_starts = l->o.verbose || l->o.style == MT_LLVM_STYLE_JSON;
	mt_symbol sym;
	int have_sym = 0;

	if (n <= 0) {
		memset(&out[0], 0, sizeof(out[0]));
		return 1;
	}
	if (want_starts) {
		ns = mt_module_frame_starts(st, MAX_FRAMES, m, addr);
		have_sym = !l->o.no_symbol_table &&
		           mt_module_symbol_at(&sym, m, addr) == 0;
	}
	for (i = 0; i < n; i++) {
		frame *f = &out[i];

		memset(f, 0, sizeof(*f));
		f->function = loc[i].function;
		f->file = shown_file(l, m, addr, loc[i].file);
		if (l->o.context_lines > 0)
			f->source = mt_module_file_source(m, addr, loc[i].file);
		f->line = loc[i].line;
		f->column = loc[i].column;
		/* binutils keeps the innermost row's discriminator for
		 * every frame of the chain. */
		f->discr = l->o.addr2line ? loc[0].discriminator
		                          : loc[i].discriminator;
		if (i < ns) {
			f->start_file = shown_file_entry(l, m, addr, st[i].file,
			                                 st[i].entry);
			f->start_line = st[i].line;
			f->has_start = st[i].has_addr;
			f->start = st[i].addr;
		}
	}
	/* The symbol table names the outermost frame, and says where it
	 * starts. */
	if (have_sym && !l->o.addr2line) {
		out[n - 1].has_start = 1;
		out[n - 1].start = sym.start;
	}
	if (inlines)
		return n;
	if (gnu_first) {
		if (n == 1 && have_sym) {
			out[0].has_start = 1;
			out[0].start = sym.start;
		}
		return 1;
	}
	/* symbolizeCode: DWARF's innermost frame (getLineInfoForAddress
	 * names the first of the inline chain), then the symbol table's
	 * name and start when it is used: the name the outermost frame got
	 * from it. */
	k = n - 1;
	if (!l->o.no_symbol_table &&
	    (have_sym || mt_module_symbol_at(&sym, m, addr) == 0)) {
		out[0].function = out[k].function;
		out[0].has_start = 1;
		out[0].start = sym.start;
	}
	return 1;
}
