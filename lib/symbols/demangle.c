/*
 * demangle.c - every demangler of lib/symbols, and the one loader of the
 * libLLVM they borrow:
 *
 * - sym_demangle: names as llvm-symbolizer prints them (its
 *   LLVMSymbolizer::DemangleName): the GNU demangler (libiberty's, the
 *   code of libstdc++'s __cxa_demangle) with LLVM's
 *   spellings for ordinary Itanium names, LLVM's own demanglers (Itanium,
 *   Rust, D, Microsoft; from libLLVM when installed) for the rest;
 * - sym_demangle_markup: llvm::demangle, which --filter-markup's
 *   {{{symbol}}} prints;
 * - sym_demangle_gnu: binutils' bfd_demangle (addr2line -C), over
 *   libiberty's cplus_demangle, linked statically.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/lazylib.h"

#include <libiberty/demangle.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* s starts with "{lambda(": write LLVM's spelling of the closure name and
 * return how many bytes of s it replaces, or 0 if s is not one. */
static size_t lambda_spelling(mt_buf *out, const char *s)
{
	size_t j = 7, n = strlen(s);
	unsigned long k;
	char *end, *params;
	int depth = 0;

	for (; j < n; j++) {
		if (s[j] == '(')
			depth++;
		else if (s[j] == ')' && --depth == 0)
			break;
	}
	if (j >= n || s[j + 1] != '#')
		return 0;
	k = strtoul(s + j + 2, &end, 10);
	if (*end != '}' || k < 1)
		return 0;
	mt_buf_puts(out, "'lambda");
	if (k > 1)
		mt_buf_printf(out, "%lu", k - 2);
	mt_buf_putc(out, '\'');
	/* The parameters get the same rewrites as the rest. */
	params = mt_strndup(s + 7, j + 1 - 7);
	sym_llvm_spelling(out, params);
	free(params);
	return (size_t)(end - s) + 1;
}

/* The GNU demangler and LLVM's differ in a few spellings; rewrite the
 * GNU ones that show up in ordinary C++ into LLVM's. */
void sym_llvm_spelling(mt_buf *out, const char *s)
{
	size_t i, n = strlen(s);

	for (i = 0; i < n; i++) {
		/* "> >" closing nested templates and "operator<< <T>": the
		 * GNU demangler spaces two angle brackets apart, LLVM's
		 * does not. */
		if (s[i] == ' ' && i > 0 &&
		    ((s[i - 1] == '>' && s[i + 1] == '>') ||
		     (s[i - 1] == '<' && s[i + 1] == '<')))
			continue;
		if (!strncmp(s + i, "decltype (", 10)) {
			mt_buf_puts(out, "decltype(");
			i += 9;
			continue;
		}
		/* LLVM does not name the default-argument scope. */
		if (!strncmp(s + i, "{default arg#", 13)) {
			char *end;

			strtoul(s + i + 13, &end, 10);
			if (end[0] == '}' && end[1] == ':' && end[2] == ':') {
				i = (size_t)(end + 2 - s);
				continue;
			}
		}
		if (!strncmp(s + i, "decltype(nullptr)", 17)) {
			mt_buf_puts(out, "std::nullptr_t");
			i += 16;
			continue;
		}
		/* "{lambda(int)#1}" -> "'lambda'(int)", "#2" -> "'lambda0'". */
		if (!strncmp(s + i, "{lambda(", 8)) {
			size_t used = lambda_spelling(out, s + i);

			if (used) {
				i += used - 1;
				continue;
			}
		}
		if (!strncmp(s + i, "{unnamed type#", 14)) {
			char *end;
			unsigned long k = strtoul(s + i + 14, &end, 10);

			if (*end == '}' && k >= 1) {
				mt_buf_puts(out, "'unnamed");
				if (k > 1)
					mt_buf_printf(out, "%lu", k - 2);
				mt_buf_putc(out, '\'');
				i = (size_t)(end - s);
				continue;
			}
		}
		mt_buf_putc(out, s[i]);
	}
}

/* std::string_view as the x86-64/AArch64 C++ ABI passes it: by value,
 * length then pointer, in two registers, like this struct. */
typedef struct llvm_string_view {
	size_t len;
	const char *ptr;
} llvm_string_view;

/* llvm::itaniumDemangle(std::string_view, bool ParseParams),
 * rustDemangle and dlangDemangle(std::string_view), and
 * microsoftDemangle(std::string_view, size_t *, int *, MSDemangleFlags). */
typedef char *(*llvm_itanium_fn)(llvm_string_view, bool);
typedef char *(*llvm_other_fn)(llvm_string_view);
typedef char *(*llvm_ms_fn)(llvm_string_view, size_t *, int *, int);

/* llvm::MSDemangleFlags (llvm/Demangle/Demangle.h, LLVM 19). */
#define MSDF_NO_ACCESS_SPECIFIER (1 << 1)
#define MSDF_NO_CALLING_CONVENTION (1 << 2)
#define MSDF_NO_RETURN_TYPE (1 << 3)
#define MSDF_NO_MEMBER_TYPE (1 << 4)

/*
 * The one loader of libLLVM 19: its demanglers are all maxtriage takes
 * from it, the very functions llvm-symbolizer prints with. dlopen loads a
 * library once per process and keeps it, so the loader is one per
 * process too (pthread_once in mt_lazylib); it owns what it found.
 * Loading costs about 50 ms (docs/symbolize.md), so it happens only for
 * a name that needs it: one the GNU demangler cannot read (clang 19's
 * "TnN..."), one whose GNU spelling may differ from LLVM's in ways
 * sym_llvm_spelling does not cover (function parameters, expressions,
 * clang's "$_0" closures), a Rust, D or Microsoft name.
 */
typedef struct llvm_loader {
	mt_lazylib lib;
	llvm_itanium_fn itanium;
	llvm_other_fn rust, dlang;
	llvm_ms_fn microsoft;
} llvm_loader;

static llvm_loader libllvm;

static const char *const llvm_sonames[] = {
	"libLLVM.so.19.1", "libLLVM-19.so",
	"/usr/lib/llvm-19/lib/libLLVM.so.19.1",
	"/usr/lib/llvm-19/lib/libLLVM.so.1"
};
static const mt_lazysym llvm_syms[] = {
	{ "_ZN4llvm15itaniumDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEEb",
	  (void **)&libllvm.itanium },
	{ "_ZN4llvm12rustDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEE",
	  (void **)&libllvm.rust },
	{ "_ZN4llvm13dlangDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEE",
	  (void **)&libllvm.dlang },
	{ "_ZN4llvm17microsoftDemangleESt17basic_string_viewIcSt11char_"
	  "traitsIcEEPmPiNS_15MSDemangleFlagsE",
	  (void **)&libllvm.microsoft },
};
static llvm_loader libllvm = { MT_LAZYLIB_INIT(llvm_sonames, llvm_syms), NULL,
	                       NULL, NULL, NULL };

void sym_demangler_init(sym_demangler *d, int no_libllvm)
{
	d->no_libllvm = no_libllvm;
	d->llvm_used = 0;
}

/* The loaded libLLVM, or NULL when it is not installed or d says not to
 * load it. The first success makes d send every later name through it. */
static const llvm_loader *llvm_load(sym_demangler *d)
{
	if (d->no_libllvm || mt_lazylib_load(&libllvm.lib, NULL) != 0)
		return NULL;
	d->llvm_used = 1;
	return &libllvm;
}

/* One of LLVM's demanglers on name. kind: 'Z' Itanium, 'R' Rust, 'D' D,
 * '?' Microsoft with flags. A new string, or NULL when libLLVM is not
 * there or refuses the name. */
static char *
llvm_demangle(sym_demangler *d, const char *name, char kind, int ms_flags)
{
	const llvm_loader *l = llvm_load(d);
	llvm_string_view sv;
	int status = 0;
	char *r;

	if (!l)
		return NULL;
	sv.len = strlen(name);
	sv.ptr = name;
	switch (kind) {
	case 'R':
		return l->rust(sv);
	case 'D':
		return l->dlang(sv);
	case '?':
		r = l->microsoft(sv, NULL, &status, ms_flags);
		if (r && status != 0) {
			free(r);
			r = NULL;
		}
		return r;
	default:
		return l->itanium(sv, true);
	}
}

/* Whether the GNU spelling dem may differ from LLVM's beyond what
 * sym_llvm_spelling rewrites: parameters named in signatures ("{parm#1}"
 * where LLVM says "fp"), expressions (decltype, sizeof, noexcept, casts
 * in template arguments), generic lambdas, conversion operators, and
 * any other "{...}" GNU-only name. Names without these (nearly all)
 * keep libLLVM unloaded. */
static int needs_llvm(const char *dem)
{
	static const char *const marks[] = {
		"decltype",  "sizeof",  "alignof",      "noexcept",
		"requires ", "typeid(", "operator\"\"", "reference temporary",
		"auto:",     "(("
	};
	const char *p;
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(marks); i++)
		if (strstr(dem, marks[i]))
			return 1;
	/* Conversion operators ("X::operator bool()"), not new/delete. */
	for (p = strstr(dem, "::operator "); p;
	     p = strstr(p + 1, "::operator "))
		if (strncmp(p + 11, "new", 3) && strncmp(p + 11, "delete", 6))
			return 1;
	for (p = strchr(dem, '{'); p; p = strchr(p + 1, '{'))
		if (strncmp(p, "{lambda(", 8) &&
		    strncmp(p, "{unnamed type#", 14) &&
		    strncmp(p, "{default arg#", 13))
			return 1;
	return 0;
}

/* "___Z<encoding>_block_invoke[_N]": a clang block's body, which LLVM's Itanium
 * demangler names after the function holding it. Used when libLLVM is not
 * there: the function's name from the GNU path. NULL when name is not one. */
static char *gnu_block(sym_demangler *d, const char *name)
{
	const char *enc = name + 2, *inv, *p;
	char *sym, *fn;
	mt_buf b = MT_BUF_INIT;

	if (strncmp(name, "___Z", 4))
		return NULL;
	inv = strstr(enc, "_block_invoke");
	if (!inv)
		return NULL;
	for (p = strstr(inv + 1, "_block_invoke"); p;
	     p = strstr(p + 1, "_block_invoke"))
		inv = p;
	p = inv + 13;
	if (*p == '_' && !p[1 + strspn(p + 1, "0123456789")] && p[1])
		p = "";
	if (*p)
		return NULL;
	sym = mt_strndup(enc, (size_t)(inv - enc));
	fn = sym_demangle(d, sym);
	free(sym);
	if (!fn)
		return NULL;
	mt_buf_printf(&b, "invocation function for block in %s", fn);
	free(fn);
	return mt_buf_detach(&b);
}

/*
 * The GNU Itanium demangler: libiberty's, the same cp-demangle.c that
 * libstdc++ builds its __cxa_demangle from, with __cxa_demangle's flags
 * (parameters, and a bare type when the name is no "_Z" symbol). Taking
 * it from libiberty, which is linked statically for addr2line -C
 * anyway, spares every run libstdc++, libm and libgcc_s: 1.2 MB of
 * resident pages at start (docs/performance.md). NULL when it cannot
 * read the name.
 */
static char *itanium_demangle(const char *enc)
{
	return cplus_demangle_v3(enc, DMGL_PARAMS | DMGL_TYPES);
}

/* An Itanium name ("_Z"; "___Z" block invocations):
 * the GNU demangler with LLVM's spellings when the two are sure to
 * agree, else LLVM's. NULL when the name stays as it is. */
static char *itanium(sym_demangler *d, const char *name)
{
	const char *dot, *start = name;
	char *enc = NULL, *dem = NULL, *ret = NULL;
	mt_buf b = MT_BUF_INIT;

	if (!strncmp(name, "___", 3)) {
		ret = llvm_demangle(d, name, 'Z', 0);
		if (ret && strcmp(ret, name))
			return ret;
		free(ret);
		return d->llvm_used ? NULL : gnu_block(d, name);
	}
	/* GCC mangles a dependent name in std as "srSt..."; that is not in
	 * the Itanium grammar (St is no <substitution>) and LLVM's demangler
	 * gives up on it, printing the mangled name. Do the same. */
	if (strstr(start, "srSt"))
		return NULL;
	/* Transactional-memory clones: LLVM's demangler does not know
	 * "GTt"/"GTn" either. */
	if (!strncmp(start, "_ZGT", 4))
		return NULL;
	/* A clone suffix (".cold", ".constprop.0") is printed by LLVM as
	 * " (.cold)"; the GNU demangler would say " [clone .cold]". */
	dot = strchr(start, '.');
	enc = dot ? mt_strndup(start, (size_t)(dot - start)) : mt_strdup(start);
	dem = itanium_demangle(enc);
	if (!dem || needs_llvm(dem) || strchr(start, '$') || d->llvm_used) {
		char *l = llvm_demangle(d, start, 'Z', 0);

		if (l && strcmp(l, start)) {
			ret = l;
			goto out;
		}
		free(l);
		/* LLVM refuses it: llvm-symbolizer prints it mangled. */
		if (!dem || d->llvm_used)
			goto out;
	}
	sym_llvm_spelling(&b, dem);
	if (dot)
		mt_buf_printf(&b, " (%s)", dot);
	ret = mt_buf_detach(&b);
out:
	free(enc);
	free(dem);
	mt_buf_release(&b);
	return ret;
}

/* llvm::nonMicrosoftDemangle: Itanium ("_Z", "___Z"), Rust ("_R") and D
 * ("_D") manglings; with leading_dot a '.' in
 * front is kept in front. A new string, or NULL. */
static char *non_microsoft(sym_demangler *d, const char *name, int leading_dot)
{
	size_t us = strspn(name, "_");
	char *r;
	mt_buf b = MT_BUF_INIT;

	if (leading_dot && name[0] == '.') {
		r = non_microsoft(d, name + 1, 0);
		if (!r)
			return NULL;
		mt_buf_printf(&b, ".%s", r);
		free(r);
		return mt_buf_detach(&b);
	}
	/* isItaniumEncoding: "_Z", or "___Z" (a clang block's body); LLVM
	 * 19 reads no other count of underscores here (llvm::demangle takes
	 * one off first: sym_demangle_markup). */
	if ((us == 1 || us == 3) && name[us] == 'Z')
		return itanium(d, name);
	if (name[0] == '_' && (name[1] == 'R' || name[1] == 'D')) {
		/* Only LLVM's demanglers know Rust v0 and D. */
		r = llvm_demangle(d, name, name[1], 0);
		if (r && strcmp(r, name))
			return r;
		free(r);
	}
	return NULL;
}

char *sym_demangle(sym_demangler *d, const char *name)
{
	char *r = non_microsoft(d, name, 1);

	/* LLVMSymbolizer::DemangleName: Microsoft names only with '?', and
	 * printed without access, calling convention, member and return
	 * types. */
	if (!r && name[0] == '?')
		r = llvm_demangle(
		        d, name, '?',
		        MSDF_NO_ACCESS_SPECIFIER | MSDF_NO_CALLING_CONVENTION |
		                MSDF_NO_MEMBER_TYPE | MSDF_NO_RETURN_TYPE);
	return r;
}

char *sym_demangle_markup(sym_demangler *d, const char *name)
{
	char *r = non_microsoft(d, name, 1);

	if (!r && name[0] == '_')
		r = non_microsoft(d, name + 1, 0);
	/* The Microsoft demangler reads only "?..." and ".?..." names
	 * (typeinfo); other names would load libLLVM for nothing. */
	if (!r && (name[0] == '?' || name[0] == '.'))
		r = llvm_demangle(d, name, '?', 0);
	return r ? r : mt_strdup(name);
}

/*
 * binutils' demangler. addr2line -C prints bfd_demangle(abfd, name,
 * DMGL_PARAMS | DMGL_ANSI): libiberty's cplus_demangle (binutils'
 * own, linked here from Debian's libiberty-dev, the same sources), after
 * taking off leading '.'/'$' and an "@..." suffix, which it puts back.
 * (x86-64 and AArch64 ELF symbols have no leading character for bfd to
 * skip.)
 */
char *sym_demangle_gnu(const char *name)
{
	const char *core = name, *suf;
	char *enc, *dem;
	mt_buf b = MT_BUF_INIT;

	while (*core == '.' || *core == '$')
		core++;
	suf = strchr(core, '@');
	enc = suf ? mt_strndup(core, (size_t)(suf - core)) : mt_strdup(core);
	dem = cplus_demangle(enc, DMGL_PARAMS | DMGL_ANSI);
	free(enc);
	if (!dem)
		return NULL;
	mt_buf_put(&b, name, (size_t)(core - name));
	mt_buf_puts(&b, dem);
	if (suf)
		mt_buf_puts(&b, suf);
	free(dem);
	return mt_buf_detach(&b);
}

char *sym_demangle_for(const mt_module *m, const char *name)
{
	if (m->names == MT_NAMES_DEMANGLED)
		return sym_demangle(m->dm, name);
	if (m->names == MT_NAMES_GNU)
		return sym_demangle_gnu(name);
	return NULL;
}
