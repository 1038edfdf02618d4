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

typedef char *(*llvm_demangle_fn)(llvm_string_view, bool);

/* libstdc++ 12's demangler rejects manglings newer than itself (clang 19
 * emits "TnN..." template parameter declarations). When LLVM 19 is
 * installed its own demangler, the one llvm-symbolizer uses, is borrowed
 * for those names; it is only loaded on the first such name, so ordinary
 * runs do not pay for loading libLLVM. */
static llvm_demangle_fn llvm_fn;

static const char *const llvm_sonames[] = {
	"libLLVM.so.19.1", "libLLVM-19.so", "/usr/lib/llvm-19/lib/libLLVM.so.1"
};
static const mt_lazysym llvm_syms[] = {
	{ "_ZN4llvm15itaniumDemangleESt17"
	  "basic_string_viewIcSt11char_traitsIcEEb",
	  (void **)&llvm_fn },
};
static mt_lazylib libllvm = MT_LAZYLIB_INIT(llvm_sonames, llvm_syms);

static char *llvm_demangle(const char *name)
{
	llvm_string_view sv;

	/* Without libLLVM the name stays as libstdc++ left it. */
	if (mt_lazylib_load(&libllvm, NULL) != 0)
		return NULL;
	sv.len = strlen(name);
	sv.ptr = name;
	return llvm_fn(sv, true);
}

char *mt_sym_demangle(const char *name)
{
	const char *dot, *start = name;
	char *enc = NULL, *dem = NULL, *ret = NULL;
	mt_buf b = MT_BUF_INIT;
	int status = 0;

	/* LLVM accepts "_Z" and "__Z" (the Mach-O spelling). */
	if (!strncmp(name, "__Z", 3))
		start = name + 1;
	else if (strncmp(name, "_Z", 2))
		return NULL;
	/* A clone suffix (".cold", ".constprop.0") is printed by LLVM as
	 * " (.cold)"; libstdc++ would say " [clone .cold]". */
	/* GCC mangles a dependent name in std as "srSt..."; that is not in
	 * the Itanium grammar (St is no <substitution>) and LLVM's demangler
	 * gives up on it, printing the mangled name. Do the same. */
	if (strstr(start, "srSt"))
		return NULL;
	/* Transactional-memory clones: LLVM's demangler does not know
	 * "GTt"/"GTn" either. */
	if (!strncmp(start, "_ZGT", 4))
		return NULL;
	dot = strchr(start, '.');
	enc = dot ? mt_strndup(start, (size_t)(dot - start)) : mt_strdup(start);
	dem = __cxa_demangle(enc, NULL, NULL, &status);
	if (!dem || status != 0) {
		free(dem);
		dem = llvm_demangle(start);
		if (dem && strcmp(dem, start)) {
			ret = dem;
			dem = NULL;
		}
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
