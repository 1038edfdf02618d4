/* fuzz_llvm.c - the llvm-symbolizer stdin protocol (llvm_protocol.c) on
 * any bytes: the input is split into lines as `maxtriage symbolize` reads
 * stdin (CR and LF dropped, a NUL ends the line's text), and every line is
 * answered by sessions in the LLVM and JSON styles, with --obj naming a
 * real fixture and without (request modules looked up by name below the
 * fixture directory only: nothing the input names is opened as given).
 * Each request must get exactly one answer block: in the LLVM style
 * non-empty and ended by its only blank line, in the JSON style exactly
 * one line that is valid UTF-8 JSON (jansson, strict). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/llvm_protocol.h"

#define FIXTURE_DIR "testdata/demo/bin"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

enum { N_SESSIONS = 4 };

static mt_symbolizer *sym;
static mt_llvm *sessions[N_SESSIONS];

static void setup(void)
{
	static const char *const dirs[] = { FIXTURE_DIR };
	mt_symbolizer_opts so;
	mt_llvm_opts lo;
	mt_error err;
	int i;

	memset(&so, 0, sizeof(so));
	so.binary_dirs = dirs;
	so.n_binary_dirs = 1;
	so.untrusted = 1;
	so.no_system_debug = 1;
	so.object_symbols = 1;
	if (mt_symbolizer_new(&sym, &so, &err))
		abort();
	for (i = 0; i < N_SESSIONS; i++) {
		memset(&lo, 0, sizeof(lo));
		lo.tool = "llvm-symbolizer";
		lo.style = i & 1 ? MT_LLVM_STYLE_JSON : MT_LLVM_STYLE_LLVM;
		lo.obj = i & 2 ? FIXTURE_DIR "/mtcrash" : NULL;
		lo.functions = 1;
		lo.inlines = 1;
		lo.untrusted = 1;
		if (mt_llvm_new(&sessions[i], sym, &lo))
			abort();
	}
}

static void check_answer(int style, const mt_buf *out)
{
	const char *blank;
	json_error_t e;
	json_t *doc;

	if (out->len == 0)
		abort(); /* no answer: the client would wait */
	if (style == MT_LLVM_STYLE_JSON) {
		if (out->ptr[out->len - 1] != '\n' ||
		    memchr(out->ptr, '\n', out->len - 1))
			abort(); /* not exactly one line */
		doc = json_loadb(out->ptr, out->len - 1, 0, &e);
		if (!doc)
			abort(); /* invalid JSON or invalid UTF-8 */
		json_decref(doc);
		return;
	}
	/* The fixture's names hold no newline, so the block's end is its
	 * only empty line. */
	blank = strstr(out->ptr, "\n\n");
	if (out->len < 2 || !blank || blank != out->ptr + out->len - 2)
		abort();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	mt_buf out = MT_BUF_INIT, diag = MT_BUF_INIT;
	char *line = malloc(size + 1);
	size_t i = 0;
	int k;

	if (!sym)
		setup();
	while (i <= size) {
		size_t n = 0;

		/* One stdin line: up to LF; CRs dropped; the text ends at a
		 * NUL as it does for getline + a C string. */
		for (; i < size && data[i] != '\n'; i++)
			if (data[i] != '\r')
				line[n++] = (char)data[i];
		line[n] = '\0';
		i++;
		if (i > size && n == 0 && size > 0 && data[size - 1] == '\n')
			break; /* no line after the last LF */
		for (k = 0; k < N_SESSIONS; k++) {
			mt_buf_clear(&out);
			mt_buf_clear(&diag);
			if (mt_llvm_request(&out, &diag, sessions[k], line))
				abort(); /* only an unreadable --obj stops */
			check_answer(k & 1 ? MT_LLVM_STYLE_JSON
			                   : MT_LLVM_STYLE_LLVM,
			             &out);
		}
	}
	mt_buf_release(&out);
	mt_buf_release(&diag);
	free(line);
	return 0;
}
