/*
 * demangle.c - Itanium C++ names printed the way llvm-symbolizer prints
 * them: libstdc++'s demangler with LLVM's spellings, and LLVM's own
 * demangler (borrowed from libLLVM when installed) for manglings newer
 * than libstdc++.
 */
#include "symbols/symbols_int.h"

#include "maxtriage/buf.h"
#include "maxtriage/lazylib.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

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

/* libstdc++'s demangler and LLVM's differ in a few spellings; rewrite the
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

typedef char *(*llvm_itanium_fn)(llvm_string_view, bool);
typedef char *(*llvm_other_fn)(llvm_string_view);

/*
 * LLVM's own demanglers, the ones llvm-symbolizer prints with, borrowed
 * from libLLVM 19 when it is installed. Loading it costs about 50 ms
 * (docs/symbolize.md), so it is loaded only for a name that needs it:
 * one libstdc++ 12 cannot read (clang 19's "TnN..."), one whose GNU
 * spelling may differ from LLVM's in ways sym_llvm_spelling does not
 * cover (function parameters, expressions, clang's "$_0" closures), or a
 * Rust or D name. Once loaded, every name goes through it.
 */
static llvm_itanium_fn llvm_itanium;
static llvm_other_fn llvm_rust, llvm_dlang;
static int llvm_ready; /* loaded: read and written atomically */

static const char *const llvm_sonames[] = {
	"libLLVM.so.19.1", "libLLVM-19.so",
	"/usr/lib/llvm-19/lib/libLLVM.so.19.1",
	"/usr/lib/llvm-19/lib/libLLVM.so.1"
};
static const mt_lazysym llvm_syms[] = {
	{ "_ZN4llvm15itaniumDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEEb",
	  (void **)&llvm_itanium },
	{ "_ZN4llvm12rustDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEE",
	  (void **)&llvm_rust },
	{ "_ZN4llvm13dlangDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEE",
	  (void **)&llvm_dlang },
};
static mt_lazylib libllvm = MT_LAZYLIB_INIT(llvm_sonames, llvm_syms);

/* kind: 'Z' Itanium, 'R' Rust, 'D' D. NULL when libLLVM is not there
 * (or MAXTRIAGE_NO_LIBLLVM is set, to measure and test the other path)
 * or refuses the name. */
static char *llvm_demangle(const char *name, char kind)
{
	llvm_string_view sv;

	if (getenv("MAXTRIAGE_NO_LIBLLVM") ||
	    mt_lazylib_load(&libllvm, NULL) != 0)
		return NULL;
	__atomic_store_n(&llvm_ready, 1, __ATOMIC_RELAXED);
	sv.len = strlen(name);
	sv.ptr = name;
	if (kind == 'R')
		return llvm_rust(sv);
	if (kind == 'D')
		return llvm_dlang(sv);
	return llvm_itanium(sv, true);
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

char *mt_sym_demangle(const char *name)
{
	const char *dot, *start = name;
	char *enc = NULL, *dem = NULL, *ret = NULL;
	mt_buf b = MT_BUF_INIT;
	int status = 0;

	/* Rust v0 and D manglings: only LLVM's demanglers know them. */
	if (!strncmp(name, "_R", 2) || !strncmp(name, "_D", 2)) {
		dem = llvm_demangle(name, name[1]);
		if (dem && strcmp(dem, name))
			return dem;
		free(dem);
		return NULL;
	}
	/* LLVM accepts "_Z" and "__Z" (the Mach-O spelling). */
	if (!strncmp(name, "__Z", 3))
		start = name + 1;
	else if (strncmp(name, "_Z", 2))
		return NULL;
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
	 * " (.cold)"; libstdc++ would say " [clone .cold]". */
	dot = strchr(start, '.');
	enc = dot ? mt_strndup(start, (size_t)(dot - start)) : mt_strdup(start);
	dem = __cxa_demangle(enc, NULL, NULL, &status);
	if (!dem || status != 0 || needs_llvm(dem) || strchr(start, '$') ||
	    __atomic_load_n(&llvm_ready, __ATOMIC_RELAXED)) {
		char *l = llvm_demangle(start, 'Z');

		if (l && strcmp(l, start)) {
			ret = l;
			goto out;
		}
		free(l);
		/* LLVM refuses it: llvm-symbolizer prints it mangled. */
		if (!dem || status != 0 ||
		    __atomic_load_n(&llvm_ready, __ATOMIC_RELAXED))
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

/*
 * binutils' demangler. addr2line -C prints bfd_demangle(abfd, name,
 * DMGL_PARAMS | DMGL_ANSI): libiberty's cplus_demangle (Rust first, then
 * the Itanium one, then D), after taking off leading '.'/'$' and an
 * "@..." suffix, which it puts back. libbfd exports that very function,
 * so the answer is binutils' own, loaded on first use like libLLVM (the
 * library costs a few ms to map). Without libbfd, libstdc++'s
 * __cxa_demangle does the Itanium part: it is the same cp-demangle code
 * (with DMGL_PARAMS | DMGL_TYPES; DMGL_TYPES only adds bare types, which
 * are not taken here, and DMGL_ANSI changes nothing in it); Rust and D
 * names then stay mangled.
 */
#define GNU_DMGL_PARAMS 1
#define GNU_DMGL_ANSI 2

typedef char *(*bfd_demangle_fn)(void *abfd, const char *name, int options);
static bfd_demangle_fn bfd_demangle_p;
static const char *const bfd_sonames[] = { "libbfd-2.40-system.so",
	                                   "libbfd.so" };
static const mt_lazysym bfd_syms[] = {
	{ "bfd_demangle", (void **)&bfd_demangle_p },
};
static mt_lazylib libbfd = MT_LAZYLIB_INIT(bfd_sonames, bfd_syms);

/* bfd_demangle with libstdc++'s demangler (see above). */
static char *gnu_demangle_fallback(const char *name)
{
	const char *core = name, *suf;
	char *enc, *dem, *ret;
	int status = 0;
	mt_buf b = MT_BUF_INIT;

	while (*core == '.' || *core == '$')
		core++;
	suf = strchr(core, '@');
	enc = suf ? mt_strndup(core, (size_t)(suf - core)) : mt_strdup(core);
	/* cplus_demangle_v3 reads "_Z..." and the "_GLOBAL_[._$][DI]_"
	 * constructor lists, never a bare type. */
	if (strncmp(enc, "_Z", 2) &&
	    !(strncmp(enc, "_GLOBAL_", 8) == 0 && enc[8] &&
	      strchr("._$", enc[8]) && enc[9] && strchr("DI", enc[9]) &&
	      enc[10] == '_')) {
		free(enc);
		return NULL;
	}
	dem = __cxa_demangle(enc, NULL, NULL, &status);
	free(enc);
	if (!dem || status != 0) {
		free(dem);
		return NULL;
	}
	mt_buf_put(&b, name, (size_t)(core - name));
	mt_buf_puts(&b, dem);
	if (suf)
		mt_buf_puts(&b, suf);
	free(dem);
	ret = mt_buf_detach(&b);
	return ret;
}

char *mt_sym_demangle_gnu(const char *name)
{
	if (!getenv("MAXTRIAGE_NO_LIBBFD") &&
	    mt_lazylib_load(&libbfd, NULL) == 0)
		return bfd_demangle_p(NULL, name,
		                      GNU_DMGL_PARAMS | GNU_DMGL_ANSI);
	return gnu_demangle_fallback(name);
}

char *sym_demangle_for(const mt_module *m, const char *name)
{
	if (m->names == MT_NAMES_DEMANGLED)
		return mt_sym_demangle(name);
	if (m->names == MT_NAMES_GNU)
		return mt_sym_demangle_gnu(name);
	return NULL;
}
