/* cmd_symbolize.c - `maxtriage symbolize`: addresses to inline chains, in
 * llvm-symbolizer's text shape or as JSON. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/common.h"
#include "maxtriage/symbols.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#define CMD "symbolize"
#define MAX_FRAMES 128

static const char *const formats[] = { "text", "json", NULL };

typedef struct sym_args {
	const char *obj;
	int inlines;
	int untrusted;
	int no_system_debug;
	int debuginfod;
	const char *index_cache;
	const char *format;
	mt_strlist debug_dirs;
	mt_strlist binary_dirs;
} sym_args;

typedef struct sym_run {
	sym_args *a;
	mt_symbolizer *s;
	mt_module *obj; /* the -e binary, opened up front */
	json_t *json; /* array when --format json */
	int status; /* exit status so far */
	mt_strlist failed; /* modules already reported as unreadable */
} sym_run;

static const mt_command_help help = {
	"symbolize", "maxtriage symbolize [options] [ADDR...]",
	"Resolve file-relative addresses in a binary to function, file, line "
	"and column, with the output of 'llvm-symbolizer --obj=BINARY'. "
	"Addresses are hex, with or without 0x, taken from the arguments or, "
	"when there are none, from standard input: one 'ADDR' or "
	"'MODULE ADDR' per line (MODULE then replaces -e). Addresses are used "
	"as given: subtract 1 from return addresses yourself. DWARF is read "
	"from the binary or a separate debug file (build-id tree, "
	".gnu_debuglink with CRC check, /usr/lib/debug); without it the ELF "
	"symbol table names the function and the file is '?"
	"?'.",
	"Text output: per frame a function line and a file:line:column line, "
	"innermost frame first, a blank line after each address; '?"
	"?' and "
	"'?"
	"?:0:0' when unknown. Without --inlines only one frame is "
	"printed: "
	"the outermost function's name with the innermost line, as "
	"'llvm-symbolizer --no-inlines' does.\n"
	"JSON output: an array of {\"address\", \"module\", \"frames\": "
	"[{\"function\", \"file\", \"line\", \"column\", \"inlined\"}]}.\n\n"
	"exit status: 0 success, 2 usage error, 3 a binary could not be read."
};

static int parse_addr(uint64_t *out, const char *s)
{
	char *end;
	unsigned long long v;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (!isxdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 16);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

static void print_text(const mt_srcloc *f, int n, int inlines)
{
	int i;

	if (n <= 0) {
		fputs("??\n??:0:0\n\n", stdout);
		return;
	}
	if (!inlines) {
		/* llvm-symbolizer --no-inlines: the symbol (outermost) name
		 * with the line table's (innermost) location. */
		printf("%s\n%s:%u:%u\n\n",
		       f[n - 1].function ? f[n - 1].function : "??",
		       f[0].file ? f[0].file : "??", f[0].line, f[0].column);
		return;
	}
	for (i = 0; i < n; i++)
		printf("%s\n%s:%u:%u\n", f[i].function ? f[i].function : "??",
		       f[i].file ? f[i].file : "??", f[i].line, f[i].column);
	fputc('\n', stdout);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static void add_json(sym_run *r,
                     uint64_t addr,
                     const char *module,
                     const mt_srcloc *f,
                     int n)
{
	json_t *o = json_object(), *frames = json_array();
	char hex[32];
	int i, first = 0;

	snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)addr);
	json_object_set_new(o, "address", json_string(hex));
	json_object_set_new(o, "module", str_or_null(module));
	if (!r->a->inlines && n > 1)
		first = n - 1;
	for (i = first; i < n; i++) {
		json_t *fr = json_object();
		/* Without --inlines the one frame keeps the innermost
		 * location, as in text output. */
		const mt_srcloc *loc = r->a->inlines ? &f[i] : &f[0];

		json_object_set_new(fr, "function", str_or_null(f[i].function));
		json_object_set_new(fr, "file", str_or_null(loc->file));
		json_object_set_new(fr, "line", json_integer(loc->line));
		json_object_set_new(fr, "column", json_integer(loc->column));
		json_object_set_new(fr, "inlined",
		                    json_boolean(r->a->inlines && i < n - 1));
		json_array_append_new(frames, fr);
	}
	json_object_set_new(o, "frames", frames);
	json_array_append_new(r->json, o);
}

static int already_failed(sym_run *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->failed.n; i++)
		if (!strcmp(r->failed.items[i], name))
			return 1;
	return 0;
}

/* Resolve one address in module name (NULL: no module given). */
static void resolve(sym_run *r, const char *name, uint64_t addr)
{
	mt_srcloc frames[MAX_FRAMES];
	mt_module *m = NULL;
	mt_error err = { 0, "" };
	int n = 0;

	if (!name && !already_failed(r, "")) {
		mt_die_msg(CMD, "address without a module (use -e or "
		                "'MODULE ADDR' lines)");
		mt_strlist_push(&r->failed, "");
		r->status = r->status ? r->status : MT_EXIT_USAGE;
	}
	if (name && name == r->a->obj) {
		m = r->obj;
	} else if (name &&
	           mt_symbolizer_module(&m, r->s, name, NULL, &err) != 0) {
		if (!already_failed(r, name)) {
			mt_die_msg(CMD, "%s", err.msg);
			mt_strlist_push(&r->failed, name);
		}
		r->status = MT_EXIT_INPUT;
		m = NULL;
	}
	if (m)
		n = mt_module_lookup(m, addr, frames, MAX_FRAMES);
	if (r->json)
		add_json(r, addr, m ? mt_module_path(m) : name, frames, n);
	else
		print_text(frames, n, r->a->inlines);
}

/* One stdin line: "ADDR" or "MODULE ADDR". */
static void resolve_line(sym_run *r, char *line)
{
	char *p = line, *first, *second;
	uint64_t addr;

	while (isspace((unsigned char)*p))
		p++;
	first = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	while (isspace((unsigned char)*p))
		p++;
	second = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	*p = '\0';
	if (!*first)
		return;
	if (*second) {
		if (parse_addr(&addr, second)) {
			mt_die_msg(CMD, "invalid address '%s'", second);
			r->status = r->status ? r->status : MT_EXIT_USAGE;
			return;
		}
		resolve(r, first, addr);
		return;
	}
	if (parse_addr(&addr, first)) {
		mt_die_msg(CMD, "invalid address '%s'", first);
		r->status = r->status ? r->status : MT_EXIT_USAGE;
		return;
	}
	resolve(r, r->a->obj, addr);
}

int cmd_symbolize(int argc, char **argv)
{
	sym_args a = { 0 };
	// clang-format off
	const mt_option opts[] = {
		{ 'e', "obj", MT_OPT_STRING, &a.obj, "BINARY",
		  "the binary the addresses belong to", NULL },
		{ 0, "inlines", MT_OPT_FLAG, &a.inlines, NULL,
		  "print the whole inline chain, innermost first", NULL },
		{ 0, "format", MT_OPT_CHOICE, &a.format, "FMT",
		  "output format", formats },
		{ 0, "debug-dir", MT_OPT_LIST, &a.debug_dirs, "DIR",
		  "look for separate debug files here (DIR/.build-id/xx/"
		  "rest.debug, DIR/<debuglink>)", NULL },
		{ 0, "binary-dir", MT_OPT_LIST, &a.binary_dirs, "DIR",
		  "find modules here by path suffix, then by file name",
		  NULL },
		{ 0, "untrusted", MT_OPT_FLAG, &a.untrusted, NULL,
		  "open modules named in the input only below --binary-dir "
		  "(-e is still opened as given)", NULL },
		{ 0, "no-system-debug", MT_OPT_FLAG, &a.no_system_debug, NULL,
		  "do not look in /usr/lib/debug", NULL },
		{ 0, "debuginfod", MT_OPT_FLAG, &a.debuginfod, NULL,
		  "fetch missing debug files by build-id from the servers in "
		  "DEBUGINFOD_URLS (cached in DEBUGINFOD_CACHE_PATH)", NULL },
		{ 0, "index-cache", MT_OPT_STRING, &a.index_cache, "DIR",
		  "keep each module's symbol index here by build-id and "
		  "reuse it (default: $MAXTRIAGE_INDEX_CACHE)", NULL },
		MT_OPT_TERMINATOR
	};
	// clang-format on
	mt_strlist pos = { 0 };
	mt_symbolizer_opts so = { 0 };
	sym_run r = { 0 };
	mt_error err = { 0, "" };
	int help_shown = 0, ret;
	size_t i;

	a.format = "text";
	ret = mt_opts_parse(&help, opts, argc, argv, &pos, &help_shown);
	if (ret || help_shown)
		goto out;
	for (i = 0; i < pos.n; i++) {
		uint64_t addr;

		if (parse_addr(&addr, pos.items[i])) {
			mt_die_msg(CMD, "invalid address '%s' (hex expected)",
			           pos.items[i]);
			ret = MT_EXIT_USAGE;
			goto out;
		}
	}
	if (pos.n > 0 && !a.obj) {
		mt_die_msg(CMD, "addresses given but no binary (use -e)");
		ret = MT_EXIT_USAGE;
		goto out;
	}
	so.binary_dirs = a.binary_dirs.items;
	so.n_binary_dirs = a.binary_dirs.n;
	so.debug_dirs = a.debug_dirs.items;
	so.n_debug_dirs = a.debug_dirs.n;
	so.untrusted = a.untrusted;
	so.no_system_debug = a.no_system_debug;
	so.debuginfod = a.debuginfod;
	so.index_cache = mt_index_cache_dir(a.index_cache);
	so.die_walk = mt_die_walk_from_name(getenv("MAXTRIAGE_DIE_WALK"));
	if (mt_symbolizer_new(&r.s, &so, &err)) {
		mt_die_msg(CMD, "%s", err.msg);
		ret = MT_EXIT_INPUT;
		goto out;
	}
	r.a = &a;
	if (!strcmp(a.format, "json"))
		r.json = json_array();
	if (a.obj) {
		/* A binary named on the command line must be readable. It is
		 * the user's own choice, so even --untrusted opens it as
		 * given; only module names read from input are confined. */
		if ((a.untrusted ? mt_symbolizer_open(&r.obj, r.s, a.obj, &err)
		                 : mt_symbolizer_module(&r.obj, r.s, a.obj,
		                                        NULL, &err))) {
			mt_die_msg(CMD, "%s", err.msg);
			ret = MT_EXIT_INPUT;
			goto out;
		}
	}
	if (pos.n > 0) {
		for (i = 0; i < pos.n; i++) {
			uint64_t addr = 0;

			parse_addr(&addr, pos.items[i]);
			resolve(&r, a.obj, addr);
		}
	} else {
		char *line = NULL;
		size_t cap = 0;

		while (getline(&line, &cap, stdin) > 0) {
			resolve_line(&r, line);
			/* Answer before blocking on more input (a driver may
			 * wait for each reply), but do not pay a write per
			 * line while input is already buffered. */
			if (!r.json &&
			    stdin->_IO_read_ptr >= stdin->_IO_read_end)
				fflush(stdout);
		}
		free(line);
	}
	if (r.json) {
		json_dumpf(r.json, stdout, JSON_INDENT(2));
		fputc('\n', stdout);
	}
	ret = r.status;
out:
	if (r.json)
		json_decref(r.json);
	mt_symbolizer_done(r.s, CMD);
	mt_strlist_release(&r.failed);
	mt_strlist_release(&pos);
	mt_strlist_release(&a.debug_dirs);
	mt_strlist_release(&a.binary_dirs);
	return ret;
}
