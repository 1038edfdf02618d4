/* cmd_symbolize.c - `maxtriage symbolize`, also started as
 * `llvm-symbolizer[-NN]` and as `addr2line`: the command lines of those
 * tools; the requests and answers are lib/symbols/llvm_protocol.c's. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/buf.h"
#include "maxtriage/common.h"
#include "maxtriage/json_writer.h"
#include "maxtriage/llvm_protocol.h"
#include "maxtriage/markup.h"
#include "maxtriage/symbolize_output.h"
#include "maxtriage/symbols.h"

#include <ctype.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CMD "symbolize"

/* How an option takes its value: none, "--opt=V" or "--opt V" (or
 * "-eV"), only "--opt=V", or optionally "=V". */
typedef enum { A_NONE, A_VALUE, A_JOINED, A_OPTIONAL } arg_kind;

typedef enum {
	O_ADDRESSES,
	O_ADJUST_VMA,
	O_BASENAMES,
	O_BUILD_ID,
	O_IGNORED,
	O_IGNORED_VALUE,
	O_COLOR,
	O_DEMANGLE,
	O_NO_DEMANGLE,
	O_DEMANGLE_EQ,
	O_DEBUG_DIR,
	O_DEBUGINFOD,
	O_NO_DEBUGINFOD,
	O_OBJ,
	O_FUNCTIONS,
	O_HELP,
	O_INLINES,
	O_NO_INLINES,
	O_INLINING_EQ,
	O_STYLE,
	O_PRETTY,
	O_CONTEXT,
	O_RELATIVE_ADDRESS,
	O_RELATIVENAMES,
	O_VERBOSE,
	O_VERSION,
	O_UNSUPPORTED,
	O_FILTER_MARKUP,
	O_BINARY_DIR,
	O_UNTRUSTED,
	O_UNTAG,
	O_NO_UNTAG,
	O_NO_SYSTEM_DEBUG,
	O_INDEX_CACHE,
	O_MAX_MODULES,
	O_MAX_MODULE_BYTES,
	O_MAX_INFLATE,
	O_FORMAT,
	O_SECTION
} opt_id;

typedef struct sym_opt {
	const char *name; /* with its dashes */
	arg_kind arg;
	opt_id id;
	const char *help; /* NULL: an alias, not listed */
} sym_opt;

// clang-format off
static const sym_opt llvm_opts[] = {
	{ "--addresses", A_NONE, O_ADDRESSES, "print the address before its answer (-a, --print-address)" },
	{ "-a", A_NONE, O_ADDRESSES, NULL },
	{ "--print-address", A_NONE, O_ADDRESSES, NULL },
	{ "--adjust-vma", A_VALUE, O_ADJUST_VMA, "=OFFSET  object file addresses are OFFSET higher than the input's" },
	{ "--basenames", A_NONE, O_BASENAMES, "file names without directories (-s)" },
	{ "-s", A_NONE, O_BASENAMES, NULL },
	{ "--build-id", A_VALUE, O_BUILD_ID, "=HEX  the module of every address, by build-id" },
	{ "--cache-size", A_VALUE, O_IGNORED_VALUE, "=N  accepted, no effect (llvm-symbolizer's binary cache)" },
	{ "--color", A_OPTIONAL, O_COLOR, "[=always|never|auto]  colour --filter-markup output (default auto: a terminal)" },
	{ "--demangle", A_NONE, O_DEMANGLE, "demangle function names (the default; -C, -demangle=true)" },
	{ "-C", A_NONE, O_DEMANGLE, NULL },
	{ "--no-demangle", A_NONE, O_NO_DEMANGLE, "print linkage names as in the file (-demangle=false)" },
	{ "-demangle", A_JOINED, O_DEMANGLE_EQ, NULL },
	{ "--debug-file-directory", A_VALUE, O_DEBUG_DIR, "=DIR  look for separate debug files here (repeatable; --debug-dir)" },
	{ "--debug-dir", A_VALUE, O_DEBUG_DIR, NULL },
	{ "--fallback-debug-path", A_VALUE, O_DEBUG_DIR, "=DIR  the same as --debug-file-directory" },
	{ "--debuginfod", A_NONE, O_DEBUGINFOD, "fetch missing debug files from DEBUGINFOD_URLS (off by default)" },
	{ "--no-debuginfod", A_NONE, O_NO_DEBUGINFOD, "do not use debuginfod (the default)" },
	{ "--default-arch", A_VALUE, O_IGNORED_VALUE, "=ARCH  accepted, no effect (Mach-O universal files)" },
	{ "--dia", A_NONE, O_IGNORED, "accepted, no effect (Windows only)" },
	{ "--dsym-hint", A_VALUE, O_IGNORED_VALUE, "=DIR  accepted, no effect (Mach-O only)" },
	{ "--dwp", A_VALUE, O_UNSUPPORTED, "=FILE  not supported (.dwp packages; .dwo files are read)" },
	{ "--obj", A_VALUE, O_OBJ, "=FILE  the module of every address (-e, --exe)" },
	{ "--exe", A_VALUE, O_OBJ, NULL },
	{ "-e", A_VALUE, O_OBJ, NULL },
	{ "--filter-markup", A_NONE, O_FILTER_MARKUP, "symbolize LLVM symbolizer markup on standard input ({{{bt:...}}}, ...)" },
	{ "--functions", A_OPTIONAL, O_FUNCTIONS, "[=none|short|linkage]  how to name functions (default linkage; -f)" },
	{ "-f", A_OPTIONAL, O_FUNCTIONS, NULL },
	{ "--help", A_NONE, O_HELP, "this help (-h)" },
	{ "-h", A_NONE, O_HELP, NULL },
	{ "--inlines", A_NONE, O_INLINES, "print every inlined frame (the default; -i, --inlining)" },
	{ "-i", A_NONE, O_INLINES, NULL },
	{ "--inlining", A_OPTIONAL, O_INLINING_EQ, NULL },
	{ "--no-inlines", A_NONE, O_NO_INLINES, "one frame: the symbol's name, the innermost line" },
	{ "--no-untag-addresses", A_NONE, O_NO_UNTAG, "symbol addresses keep their top byte (llvm-addr2line's default)" },
	{ "--untag-addresses", A_NONE, O_UNTAG, "symbol addresses lose a pointer tag in their top byte (the default)" },
	{ "--output-style", A_VALUE, O_STYLE, "=LLVM|GNU|JSON  answer as llvm-symbolizer, addr2line, or JSON lines" },
	{ "--pretty-print", A_NONE, O_PRETTY, "one line per frame (-p)" },
	{ "-p", A_NONE, O_PRETTY, NULL },
	{ "--print-source-context-lines", A_VALUE, O_CONTEXT, "=N  N source lines around each line" },
	{ "--relative-address", A_NONE, O_RELATIVE_ADDRESS, "addresses are relative to the image base (ELF: the same for PIE and DSOs)" },
	{ "--relativenames", A_NONE, O_RELATIVENAMES, "file names without the compilation directory" },
	{ "--verbose", A_NONE, O_VERBOSE, "the function's start file, line and address too" },
	{ "--version", A_NONE, O_VERSION, "print the version (-v)" },
	{ "-v", A_NONE, O_VERSION, NULL },
	/* maxtriage's own. */
	{ "--binary-dir", A_VALUE, O_BINARY_DIR, " DIR  find modules here by path suffix, then by file name" },
	{ "--untrusted", A_NONE, O_UNTRUSTED, "open modules named in the input only below --binary-dir (-e is opened as given)" },
	{ "--no-system-debug", A_NONE, O_NO_SYSTEM_DEBUG, "do not look in /usr/lib/debug" },
	{ "--index-cache", A_VALUE, O_INDEX_CACHE, " DIR  keep each module's index here by build-id (default: $MAXTRIAGE_INDEX_CACHE)" },
	{ "--max-modules", A_VALUE, O_MAX_MODULES, "=N  keep at most N modules loaded between requests, least recently used dropped (default 4096; 0: no bound)" },
	{ "--max-module-bytes", A_VALUE, O_MAX_MODULE_BYTES, "=SIZE  the same by their estimated bytes, K/M/G suffixes (default 2G; 0: no bound)" },
	{ "--max-inflate", A_VALUE, O_MAX_INFLATE, " SIZE  refuse the DWARF of a file whose compressed debug sections inflate past SIZE (K, M, G; default 1G)" },
	{ "--format", A_VALUE, O_FORMAT, " text|json  json: maxtriage's own array of {address, module, frames}" },
	{ NULL, A_NONE, O_IGNORED, NULL }
};

/* binutils addr2line. */
static const sym_opt a2l_opts[] = {
	{ "-a", A_NONE, O_ADDRESSES, "print the address before its answer (--addresses)" },
	{ "--addresses", A_NONE, O_ADDRESSES, NULL },
	{ "-b", A_VALUE, O_IGNORED_VALUE, " BFDNAME  accepted, no effect (--target)" },
	{ "--target", A_VALUE, O_IGNORED_VALUE, NULL },
	{ "-C", A_OPTIONAL, O_DEMANGLE, "demangle function names as binutils does (libiberty's demangler; --demangle[=STYLE])" },
	{ "--demangle", A_OPTIONAL, O_DEMANGLE, NULL },
	{ "--no-demangle", A_NONE, O_NO_DEMANGLE, NULL },
	{ "-e", A_VALUE, O_OBJ, " FILE  the executable (default a.out; --exe)" },
	{ "--exe", A_VALUE, O_OBJ, NULL },
	{ "-f", A_NONE, O_FUNCTIONS, "print function names (--functions)" },
	{ "--functions", A_NONE, O_FUNCTIONS, NULL },
	{ "-i", A_NONE, O_INLINES, "print inlined frames too (--inlines)" },
	{ "--inlines", A_NONE, O_INLINES, NULL },
	{ "-j", A_VALUE, O_SECTION, " SECTION  addresses are offsets into SECTION (--section)" },
	{ "--section", A_VALUE, O_SECTION, NULL },
	{ "-p", A_NONE, O_PRETTY, "one line per frame (--pretty-print)" },
	{ "--pretty-print", A_NONE, O_PRETTY, NULL },
	{ "-r", A_NONE, O_IGNORED, "accepted, no effect (--no-recurse-limit)" },
	{ "-R", A_NONE, O_IGNORED, NULL },
	{ "--recurse-limit", A_NONE, O_IGNORED, NULL },
	{ "--no-recurse-limit", A_NONE, O_IGNORED, NULL },
	{ "-s", A_NONE, O_BASENAMES, "file names without directories (--basenames)" },
	{ "--basenames", A_NONE, O_BASENAMES, NULL },
	{ "-h", A_NONE, O_HELP, "this help (--help)" },
	{ "--help", A_NONE, O_HELP, NULL },
	{ "-v", A_NONE, O_VERSION, "print the version (-V, --version)" },
	{ "-V", A_NONE, O_VERSION, NULL },
	{ "--version", A_NONE, O_VERSION, NULL },
	{ NULL, A_NONE, O_IGNORED, NULL }
};
// clang-format on

typedef struct sym_args {
	mt_llvm_opts lo;
	cli_symbolizer_args sym; /* what every symbolizing command has */
	int demangle, short_names;
	int json; /* --format json */
	int help;
	int markup; /* --filter-markup */
	int color; /* --color: 1, 0, -1 auto */
	int own_name; /* started as `maxtriage symbolize`: usage errors are
	                 maxtriage's (exit 2, "maxtriage: symbolize: ") */
	cli_strlist pos;
	const char *build_id_raw; /* --build-id as given */
	int no_untag; /* --no-untag-addresses (llvm-addr2line's default) */
	size_t max_modules, max_module_bytes; /* 0: the defaults */
	char build_id[1024]; /* --build-id, lower case, even length */
} sym_args;

static void print_help(const sym_opt *t, int a2l, const char *llvm_tool)
{
	size_t i;

	if (llvm_tool) {
		/* Under LLVM's names, LLVM's overview and usage lines (what
		 * scripts and LLVM's own tests look for). */
		const char *b = strrchr(llvm_tool, '/');

		b = b ? b + 1 : llvm_tool;
		printf("OVERVIEW: %s\n\nUSAGE: %s [options] addresses...\n\n"
		       "maxtriage %s as %s.\n",
		       b, b, MAXTRIAGE_VERSION, b);
	}
	if (a2l)
		printf("usage: addr2line [options] [ADDR...]\n\n"
		       "maxtriage answering as binutils addr2line: for each hex\n"
		       "address (arguments, else one per line of standard input)\n"
		       "the file and line, '?\?:0' when unknown.\n\n");
	else
		printf("%s"
		       "Resolve module addresses to functions, files, lines and\n"
		       "inlined frames with llvm-symbolizer 19's options, requests\n"
		       "and output (started as llvm-symbolizer or addr2line, it\n"
		       "is that tool). Requests come from the arguments or, without\n"
		       "any, one per line of standard input: 'ADDR', 'MODULE ADDR'\n"
		       "or 'CODE|DATA|FRAME [FILE:|BUILDID:]MODULE ADDR' (MODULE\n"
		       "may be quoted); ADDR is 0x hex, 0 octal, 0b binary,\n"
		       "decimal, or SYMBOL[+OFFSET]. Every request is answered and\n"
		       "flushed, '?\?' when unknown. With --filter-markup standard\n"
		       "input is a log with LLVM symbolizer markup, written out\n"
		       "symbolized. See docs/symbolize.md.\n\n",
		       llvm_tool ? ""
		                 : "usage: maxtriage symbolize [options] "
		                   "[ADDR...]\n"
		                   "       llvm-symbolizer [options] [ADDR...]"
		                   "\n\n");
	printf("options:\n");
	for (i = 0; t[i].name; i++) {
		const char *h = t[i].help;
		char left[64];

		if (!h)
			continue;
		if (*h == '=' || *h == '[' || *h == ' ') {
			const char *sp = strstr(h, "  ");
			size_t n = sp ? (size_t)(sp - h) : strlen(h);

			snprintf(left, sizeof(left), "%s%.*s", t[i].name,
			         (int)n, h);
			h = sp ? sp + 2 : "";
		} else {
			snprintf(left, sizeof(left), "%s", t[i].name);
		}
		printf("  %-34s %s\n", left, h);
	}
	if (!a2l)
		printf("  %-34s %s\n", "@FILE",
		       "read options and addresses from FILE");
	if (!a2l)
		printf("\nexit status: 0, also when a module named in a request\n"
		       "cannot be read ('?\?' answers, one error line); 1 for an\n"
		       "unknown option or an unreadable --obj.\n");
}

static int bool_value(int *out, const char *v)
{
	if (!strcmp(v, "true") || !strcmp(v, "1"))
		*out = 1;
	else if (!strcmp(v, "false") || !strcmp(v, "0"))
		*out = 0;
	else
		return -1;
	return 0;
}

static int number(uint64_t *out, const char *v)
{
	char *end;

	if (!*v)
		return -1;
	*out = strtoull(v, &end, 0);
	return *end ? -1 : 0;
}

/* A count, or a size (cli_parse_size: K, M, G, T); 0: no bound. */
static int bound(size_t *out, const char *v, int suffixes)
{
	uint64_t n;
	char *end;

	if (!suffixes && (*v < '0' || *v > '9'))
		return -1;
	if (suffixes ? cli_parse_size(v, &n) != 0
	             : (n = strtoull(v, &end, 10)) == ULLONG_MAX || *end)
		return -1;
	*out = !n ? SIZE_MAX : n > SIZE_MAX ? SIZE_MAX : (size_t)n;
	return 0;
}

/* The options that take one of a few words: 0, or -1 for another word. */
static int apply_choice(sym_args *a, const sym_opt *o, const char *v)
{
	switch (o->id) {
	case O_FUNCTIONS:
		a->short_names = 0;
		if (!v || !strcmp(v, "linkage")) {
			a->lo.functions = 1;
		} else if (!strcmp(v, "short")) {
			a->lo.functions = 1;
			a->short_names = 1;
		} else if (!strcmp(v, "none")) {
			a->lo.functions = 0;
		} else {
			return -1;
		}
		break;
	case O_STYLE:
		if (!strcmp(v, "LLVM"))
			a->lo.style = MT_LLVM_STYLE_LLVM;
		else if (!strcmp(v, "GNU"))
			a->lo.style = MT_LLVM_STYLE_GNU;
		else if (!strcmp(v, "JSON"))
			a->lo.style = MT_LLVM_STYLE_JSON;
		/* llvm-symbolizer keeps its default for any other value. */
		break;
	case O_FORMAT:
		if (!strcmp(v, "json"))
			a->json = 1;
		else if (!strcmp(v, "text"))
			a->json = 0;
		else
			return -1;
		break;
	default:
		break;
	}
	return 0;
}

/* The options that only set a flag: the flag, and *value its value. */
static int *flag_field(sym_args *a, int id, int *value)
{
	*value = 1;
	switch (id) {
	case O_ADDRESSES:
		return &a->lo.addresses;
	case O_BASENAMES:
		return &a->lo.basenames;
	case O_FILTER_MARKUP:
		return &a->markup;
	case O_DEMANGLE:
		return &a->demangle;
	case O_NO_DEMANGLE:
		*value = 0;
		return &a->demangle;
	case O_DEBUGINFOD:
		return &a->sym.debuginfod;
	case O_NO_DEBUGINFOD:
		*value = 0;
		return &a->sym.debuginfod;
	case O_INLINES:
		return &a->lo.inlines;
	case O_NO_INLINES:
		*value = 0;
		return &a->lo.inlines;
	case O_PRETTY:
		return &a->lo.pretty;
	case O_RELATIVE_ADDRESS:
		return &a->lo.relative_address;
	case O_RELATIVENAMES:
		return &a->lo.relativenames;
	case O_VERBOSE:
		return &a->lo.verbose;
	default:
		return NULL;
	}
}

/* Apply one option. 0, 1 to stop with status 0 (--help, --version), or
 * -1 after an error line. */
static int apply(sym_args *a, const sym_opt *o, const char *v, const char *tool)
{
	uint64_t n;
	int *flag, value;

	switch (o->id) {
	case O_ADDRESSES:
	case O_BASENAMES:
	case O_FILTER_MARKUP:
	case O_DEMANGLE:
	case O_NO_DEMANGLE:
	case O_DEBUGINFOD:
	case O_NO_DEBUGINFOD:
	case O_INLINES:
	case O_NO_INLINES:
	case O_PRETTY:
	case O_RELATIVE_ADDRESS:
	case O_RELATIVENAMES:
	case O_VERBOSE:
		flag = flag_field(a, o->id, &value);
		*flag = value;
		/* --basenames and --relativenames: the last one given wins
		 * (llvm-symbolizer's getLastArg of the two). */
		if (o->id == O_BASENAMES)
			a->lo.relativenames = 0;
		if (o->id == O_RELATIVENAMES)
			a->lo.basenames = 0;
		break;
	case O_FUNCTIONS:
	case O_STYLE:
	case O_FORMAT:
		if (apply_choice(a, o, v))
			goto bad;
		break;
	case O_ADJUST_VMA:
		if (number(&a->lo.adjust_vma, v))
			goto bad;
		break;
	case O_BUILD_ID:
		/* Checked once --filter-markup, which ignores it, is ruled
		 * out (build_id_arg). */
		a->build_id_raw = v;
		break;
	case O_IGNORED:
	case O_IGNORED_VALUE:
		break;
	case O_COLOR:
		/* llvm-symbolizer-19 colours for any word but these two. */
		a->color = v && !strcmp(v, "never")  ? 0
		           : v && !strcmp(v, "auto") ? -1
		                                     : 1;
		break;
	case O_DEMANGLE_EQ:
		if (bool_value(&a->demangle, v))
			goto bad;
		break;
	case O_DEBUG_DIR:
		cli_strlist_push(&a->sym.debug_dirs, v);
		break;
	case O_OBJ:
		a->lo.obj = v;
		break;
	case O_HELP:
		a->help = 1;
		return 1;
	case O_INLINING_EQ:
		if (!v)
			a->lo.inlines = 1;
		else if (bool_value(&a->lo.inlines, v))
			goto bad;
		break;
	case O_CONTEXT:
		if (number(&n, v) || n > 1000000)
			goto bad;
		a->lo.context_lines = (long)n;
		break;
	case O_VERSION:
		printf("%s (maxtriage %s, the llvm-symbolizer 19 and binutils "
		       "addr2line interfaces)\n",
		       a->lo.addr2line     ? "addr2line"
		       : a->lo.hex_offsets ? "llvm-addr2line"
		                           : "llvm-symbolizer",
		       MAXTRIAGE_VERSION);
		return 1;
	case O_SECTION:
		a->lo.section = v;
		break;
	case O_UNSUPPORTED:
		/* libdw reads .dwp packages from elfutils 0.190 on. */
		fprintf(stderr, "%s: error: '%s' is not supported%s\n", tool,
		        o->name,
		        strcmp(o->name, "--dwp")
		                ? ""
		                : ": elfutils 0.188's libdw cannot read .dwp "
		                  "packages (split DWARF in .dwo files is read)");
		return -1;
	case O_BINARY_DIR:
		cli_strlist_push(&a->sym.binary_dirs, v);
		break;
	case O_UNTRUSTED:
		a->sym.untrusted = 1;
		break;
	case O_UNTAG:
	case O_NO_UNTAG:
		a->no_untag = o->id == O_NO_UNTAG;
		break;
	case O_NO_SYSTEM_DEBUG:
		a->sym.no_system_debug = 1;
		break;
	case O_INDEX_CACHE:
		a->sym.index_cache = v;
		break;
	case O_MAX_MODULES:
		if (bound(&a->max_modules, v, 0))
			goto bad;
		break;
	case O_MAX_MODULE_BYTES:
		if (bound(&a->max_module_bytes, v, 1))
			goto bad;
		break;
	case O_MAX_INFLATE:
		a->sym.max_inflate = v;
		break;
	}
	return 0;
bad:
	if (a->own_name)
		cli_message(CMD, "invalid value '%s' for '%s'", v ? v : "",
		            o->name);
	else
		fprintf(stderr, "%s: error: invalid value '%s' for '%s'\n",
		        tool, v ? v : "", o->name);
	return -2;
}

static const sym_opt *find_opt(const sym_opt *t, const char *name, size_t n)
{
	size_t i;

	for (i = 0; t[i].name; i++)
		if (strlen(t[i].name) == n && !strncmp(t[i].name, name, n))
			return &t[i];
	return NULL;
}

/* --build-id: hex digits, an odd count padded with a leading 0 (LLVM's
 * parseBuildIDArg reads them as bytes). 0, or -1 after the error. */
static int build_id_arg(sym_args *a)
{
	const char *v = a->build_id_raw;
	size_t k;

	if (!v)
		return 0;
	if (!*v || strspn(v, "0123456789abcdefABCDEF") != strlen(v) ||
	    strlen(v) + 2 > sizeof(a->build_id)) {
		if (a->own_name)
			cli_message(CMD, "invalid value '%s' for '--build-id'",
			            v);
		else
			fprintf(stderr,
			        "--build-id=: expected a build ID, but got "
			        "'%s'\n",
			        v);
		return -1;
	}
	snprintf(a->build_id, sizeof(a->build_id), "%s%s",
	         strlen(v) % 2 ? "0" : "", v);
	for (k = 0; a->build_id[k]; k++)
		a->build_id[k] = (char)tolower((unsigned char)a->build_id[k]);
	a->lo.build_id = a->build_id;
	return 0;
}

/* Parse argv like llvm-symbolizer's OptTable: "--opt=V", "--opt V",
 * "-eV", grouped short flags ("-Cfi"), "--" ends options. */
static int parse_args(
        sym_args *a, const sym_opt *t, int argc, char **argv, const char *tool)
{
	int i, rc, only_pos = 0;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *eq, *v = NULL;
		const sym_opt *o;

		if (only_pos || arg[0] != '-' || !arg[1]) {
			cli_strlist_push(&a->pos, arg);
			continue;
		}
		if (!strcmp(arg, "--")) {
			only_pos = 1;
			continue;
		}
		eq = strchr(arg, '=');
		o = find_opt(t, arg, eq ? (size_t)(eq - arg) : strlen(arg));
		if (o) {
			if (eq && o->arg == A_NONE)
				goto unknown;
			if (eq)
				v = eq + 1;
			else if (o->arg == A_VALUE) {
				if (i + 1 >= argc) {
					fprintf(stderr,
					        "%s: error: argument to '%s' is "
					        "missing (expected 1 value)\n",
					        tool, arg);
					return -2;
				}
				v = argv[++i];
			} else if (o->arg == A_JOINED) {
				goto unknown;
			}
			rc = apply(a, o, v, tool);
			if (rc)
				return rc;
			continue;
		}
		if (arg[1] != '-') {
			/* "-eFILE", or grouped flags "-Cfi". */
			size_t k;

			o = find_opt(t, arg, 2);
			if (o && o->arg == A_VALUE) {
				rc = apply(a, o, arg + 2, tool);
				if (rc)
					return rc;
				continue;
			}
			for (k = 1; arg[k]; k++) {
				char one[3] = { '-', arg[k], 0 };

				o = find_opt(t, one, 2);
				if (!o || o->arg == A_JOINED)
					goto unknown;
				if (o->arg == A_VALUE) {
					if (!arg[k + 1] && i + 1 >= argc)
						goto unknown;
					rc = apply(a, o,
					           arg[k + 1] ? arg + k + 1
					                      : argv[++i],
					           tool);
					if (rc)
						return rc;
					break;
				}
				rc = apply(a, o, NULL, tool);
				if (rc)
					return rc;
			}
			continue;
		}
	unknown:
		/* llvm-symbolizer's OptTable says it without its name. */
		if (a->own_name)
			cli_message(CMD, "unknown option '%s'", arg);
		else if (a->lo.addr2line)
			fprintf(stderr, "%s: unrecognized option '%s'\n", tool,
			        arg);
		else
			fprintf(stderr, "error: unknown argument '%s'\n", arg);
		return -2;
	}
	return 0;
}

/* Whether more input can be read from fd right now without waiting
 * (or it is at end of file). */
static int input_ready(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };

	return poll(&p, 1, 0) > 0;
}

/* Write an answer and its error lines (errors first, as llvm-symbolizer
 * prints them first). The answer is flushed unless more input is
 * already waiting: a client that writes one request and waits for its
 * answer gets it at once, and a file of 20,000 addresses does not cost
 * 20,000 writes. stdin's own buffer is not looked into: when it holds
 * the next line and the pipe is empty the answer is flushed anyway,
 * which is only a write more. */
typedef enum {
	EMIT_FLUSH, /* written and flushed */
	EMIT_MORE, /* flushed unless more input is waiting */
	EMIT_HOLD /* command-line addresses: stdout stays in its buffer
	             and error lines go first, as llvm-symbolizer's outs()
	             is flushed only at the end there */
} emit_mode;

static void emit(mt_buf *out, mt_buf *diag, emit_mode mode)
{
	if (diag->len) {
		if (mode != EMIT_HOLD)
			fflush(stdout); /* the answers before it come first */
		fputs(diag->ptr, stderr);
		mt_buf_clear(diag);
	}
	fwrite(out->ptr, 1, out->len, stdout);
	if (mode == EMIT_FLUSH ||
	    (mode == EMIT_MORE && !input_ready(STDIN_FILENO)))
		fflush(stdout);
	mt_buf_clear(out);
}

/* --format json: requests are "ADDR" or "MODULE ADDR" (hex), answered
 * as one array at the end. */
static int run_own_json(sym_args *a, mt_symbolizer *s)
{
	mt_json w;
	mt_module *obj = NULL;
	mt_error err = { 0, "" };
	int status = 0;
	size_t i = 0;
	char *line = NULL;
	size_t cap = 0;

	if (a->lo.obj && mt_symbolizer_open(&obj, s, a->lo.obj, &err)) {
		cli_message(CMD, "%s", err.msg);
		return 1;
	}
	mt_json_init_file(&w, stdout, MT_JSON_PRETTY);
	mt_json_array_begin(&w, NULL);
	for (;;) {
		const char *req;

		if (a->pos.n) {
			if (i >= a->pos.n)
				break;
			req = a->pos.items[i++];
		} else {
			if (getline(&line, &cap, stdin) <= 0)
				break;
			req = line;
		}
		if (mt_symbolize_json_request(&w, s, obj, a->lo.obj, req,
		                              a->lo.inlines, &err) < 0) {
			cli_message(CMD, "%s", err.msg);
			status = 1;
		}
	}
	free(line);
	mt_json_array_end(&w);
	if (mt_json_finish(&w) != 0)
		status = 1;
	return status;
}

/* raw_ostream's has_colors: a terminal whose TERM LLVM 19 knows to
 * take colours. */
static int term_colors(int fd)
{
	const char *t = getenv("TERM");
	size_t n = t ? strlen(t) : 0;

	if (!isatty(fd) || !t)
		return 0;
	return !strcmp(t, "ansi") || !strcmp(t, "cygwin") ||
	       !strcmp(t, "linux") || !strncmp(t, "screen", 6) ||
	       !strncmp(t, "xterm", 5) || !strncmp(t, "vt100", 5) ||
	       !strncmp(t, "rxvt", 4) ||
	       (n >= 5 && !strcmp(t + n - 5, "color"));
}

static void write_markup(mt_buf *out, mt_buf *diag, int more)
{
	/* stderr at once (llvm-symbolizer's errs() is unbuffered), stdout
	 * flushed when no more input is waiting. */
	if (diag->len) {
		fflush(stdout); /* the lines before it come first */
		fwrite(diag->ptr, 1, diag->len, stderr);
		mt_buf_clear(diag);
	}
	fwrite(out->ptr, 1, out->len, stdout);
	mt_buf_clear(out);
	if (!more || !input_ready(STDIN_FILENO))
		fflush(stdout);
}

/* mt_markup_opts.flush: stdout is a terminal, where llvm-symbolizer
 * writes both streams as it goes. */
static void markup_flush(void *payload, mt_buf *buf, int diag)
{
	(void)payload;
	fflush(stdout); /* what write_markup left in stdio's buffer */
	fwrite(buf->ptr, 1, buf->len, diag ? stderr : stdout);
	fflush(diag ? stderr : stdout);
	mt_buf_clear(buf);
}

/* --filter-markup: standard input only (arguments are ignored, as by
 * llvm-symbolizer), lib/symbols/markup.c's output. */
static int run_markup(sym_args *a, mt_symbolizer *s)
{
	mt_llvm_opts lo = a->lo;
	mt_markup_opts mo;
	mt_llvm *l = NULL;
	mt_markup *f = NULL;
	mt_buf out = MT_BUF_INIT, diag = MT_BUF_INIT, last = MT_BUF_INIT;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	memset(&mo, 0, sizeof(mo));
	mo.color = a->color < 0 ? term_colors(STDOUT_FILENO) : a->color;
	mo.color_diag = term_colors(STDERR_FILENO);
	mo.debug_dirs = a->sym.debug_dirs.items;
	mo.n_debug_dirs = a->sym.debug_dirs.n;
	mo.debuginfod = a->sym.debuginfod;
	mo.demangle = a->demangle;
	if (isatty(STDOUT_FILENO))
		mo.flush = markup_flush;
	lo.style = MT_LLVM_STYLE_LLVM;
	mt_llvm_new(&l, s, &lo);
	mt_markup_new(&f, l, s, &mo);
	while ((n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] != '\n') {
			/* A last line without one gets its newline. */
			mt_buf_put(&last, line, (size_t)n);
			mt_buf_putc(&last, '\n');
			mt_markup_line(&out, &diag, f, last.ptr, last.len);
		} else {
			mt_markup_line(&out, &diag, f, line, (size_t)n);
		}
		write_markup(&out, &diag, 1);
	}
	mt_markup_finish(&out, &diag, f);
	write_markup(&out, &diag, 0);
	free(line);
	mt_buf_release(&out);
	mt_buf_release(&diag);
	mt_buf_release(&last);
	mt_markup_free(f);
	mt_llvm_free(l);
	return 0;
}

/* What maxtriage was started as. */
typedef enum {
	AS_OWN, /* maxtriage symbolize */
	AS_LLVM, /* llvm-symbolizer[-NN] */
	AS_LLVM_A2L, /* llvm-addr2line[-NN]: llvm-symbolizer's addr2line mode */
	AS_GNU_A2L /* addr2line: binutils' */
} sym_as;

static int symbolize(int argc, char **argv, sym_as as, const char *tool)
{
	sym_args a;
	mt_symbolizer_opts so = { 0 };
	mt_symbolizer *s = NULL;
	mt_llvm *l = NULL;
	mt_error err = { 0, "" };
	mt_buf out = MT_BUF_INIT, diag = MT_BUF_INIT;
	int ret = 0, rc, a2l = as == AS_GNU_A2L, llvm_a2l = as == AS_LLVM_A2L;
	cli_args args;
	size_t i;

	/* Response files (@FILE) as LLVM's and binutils' tools read them;
	 * under LLVM's names, LLVM_SYMBOLIZER_OPTS / LLVM_ADDR2LINE_OPTS
	 * come first. */
	cli_args_expand(&args, argc, argv,
	                as == AS_LLVM       ? "LLVM_SYMBOLIZER_OPTS"
	                : as == AS_LLVM_A2L ? "LLVM_ADDR2LINE_OPTS"
	                                    : NULL);
	memset(&a, 0, sizeof(a));
	a.lo.tool = tool;
	a.own_name = as == AS_OWN;
	a.lo.addr2line = a2l;
	a.lo.hex_offsets = llvm_a2l;
	/* llvm-addr2line: GNU style, no function names, no inlined
	 * frames, no demangling unless asked (IsAddr2Line's defaults). */
	a.lo.style = a2l || llvm_a2l ? MT_LLVM_STYLE_GNU : MT_LLVM_STYLE_LLVM;
	a.lo.inlines = !a2l && !llvm_a2l;
	a.lo.functions = !a2l && !llvm_a2l;
	a.demangle = !a2l && !llvm_a2l;
	a.no_untag = llvm_a2l || a2l;
	a.color = -1;
	rc = parse_args(&a, a2l ? a2l_opts : llvm_opts, args.argc, args.argv,
	                tool);
	if (rc) {
		/* --help or --version (already printed), or an error. */
		if (a.help)
			print_help(a2l ? a2l_opts : llvm_opts, a2l,
			           as == AS_LLVM || as == AS_LLVM_A2L ? tool
			                                              : NULL);
		/* -2: a usage error (maxtriage's 2 under its own name). */
		ret = rc > 0 ? 0 : rc == -2 && a.own_name ? CLI_EXIT_USAGE : 1;
		goto out;
	}
	if (a2l && !a.lo.obj)
		a.lo.obj = "a.out";
	/* The options every symbolizing command shares, then the names
	 * and symbol table llvm-symbolizer's options choose. */
	/* llvm-symbolizer prints nothing of its own on stderr */
	a.sym.no_progress = 1;
	if ((ret = cli_inflate_check(&a.sym, "symbolize")))
		goto out;
	cli_symbolizer_opts(&so, &a.sym);
	/* Under a client's name, answer as llvm-symbolizer would on the
	 * same file (a stripped file's .dynsym, not its debug file's
	 * .symtab); `maxtriage symbolize` keeps the fuller answer. */
	so.object_symbols = as != AS_OWN;
	if (a.markup) {
		/* llvm-symbolizer's markup modules are the files found by
		 * build-id, read as they are, and a --debug-file-directory
		 * replaces /usr/lib/debug in its build-id search. */
		so.object_symbols = 1;
		so.no_system_debug = so.no_system_debug || a.sym.debug_dirs.n;
	}
	a.lo.no_symbol_table = a.short_names || (!a.lo.functions && !a2l);
	so.names = a.lo.no_symbol_table ? MT_NAMES_SHORT
	           : !a.demangle        ? MT_NAMES_MANGLED
	           : a2l                ? MT_NAMES_GNU
	                                : MT_NAMES_DEMANGLED;
	so.binutils_rules = a2l;
	so.no_untag = a.no_untag;
	so.max_modules = a.max_modules;
	so.max_module_bytes = a.max_module_bytes;
	if (mt_symbolizer_new(&s, &so, &err)) {
		fprintf(stderr, "%s: error: %s\n", tool, err.msg);
		ret = 1;
		goto out;
	}
	if (a.markup) {
		ret = run_markup(&a, s);
		goto out;
	}
	if (a.json) {
		ret = run_own_json(&a, s);
		goto out;
	}
	if (a.build_id_raw && a.lo.obj && !a2l) {
		fprintf(stderr,
		        "error: cannot specify both --build-id and --obj\n");
		ret = 1;
		goto out;
	}
	if (build_id_arg(&a)) {
		ret = a.own_name ? CLI_EXIT_USAGE : 1;
		goto out;
	}
	a.lo.json_array = a.pos.n > 0;
	a.lo.untrusted = a.sym.untrusted;
	mt_llvm_new(&l, s, &a.lo);
	/* The --obj file is opened first: unreadable, the run ends even
	 * without input. */
	if (mt_llvm_open_obj(&out, &diag, l)) {
		ret = 1;
		emit(&out, &diag, EMIT_FLUSH);
		goto out;
	}
	if (a.pos.n > 0) {
		if (a.lo.style == MT_LLVM_STYLE_JSON)
			mt_llvm_json_begin(&out, l);
		for (i = 0; i < a.pos.n; i++) {
			if (mt_llvm_request(&out, &diag, l, a.pos.items[i])) {
				ret = 1;
				emit(&out, &diag, EMIT_FLUSH);
				goto out;
			}
			emit(&out, &diag, EMIT_HOLD);
			mt_llvm_trim(l);
		}
		if (a.lo.style == MT_LLVM_STYLE_JSON)
			mt_llvm_json_end(&out, l);
		emit(&out, &diag, EMIT_FLUSH);
	} else {
		char *line = NULL;
		size_t cap = 0;
		ssize_t n;

		while ((n = getline(&line, &cap, stdin)) >= 0) {
			/* llvm-symbolizer drops every CR and LF. */
			char *w = line, *r;

			for (r = line; *r; r++)
				if (*r != '\n' && *r != '\r')
					*w++ = *r;
			*w = '\0';
			rc = mt_llvm_request(&out, &diag, l, line);
			emit(&out, &diag, EMIT_MORE);
			/* The safe point: no module is held between
			 * requests. */
			mt_llvm_trim(l);
			if (rc) {
				ret = 1;
				break;
			}
		}
		free(line);
	}
out:
	/* Before any closing warning on stderr (2>&1 keeps the order). */
	fflush(stdout);
	mt_llvm_free(l);
	if (s)
		cli_symbolizer_done(s, CMD);
	mt_buf_release(&out);
	mt_buf_release(&diag);
	cli_strlist_release(&a.pos);
	cli_symbolizer_args_release(&a.sym);
	cli_args_release(&args);
	return ret;
}

int cmd_symbolize(int argc, char **argv)
{
	return symbolize(argc, argv, AS_OWN, "maxtriage: symbolize");
}

int cmd_llvm_symbolizer(int argc, char **argv)
{
	return symbolize(argc, argv, AS_LLVM, argv[0]);
}

int cmd_llvm_addr2line(int argc, char **argv)
{
	return symbolize(argc, argv, AS_LLVM_A2L, argv[0]);
}

int cmd_addr2line(int argc, char **argv)
{
	return symbolize(argc, argv, AS_GNU_A2L, argv[0]);
}
