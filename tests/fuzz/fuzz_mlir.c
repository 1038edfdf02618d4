/* fuzz_mlir.c - the MLIR parser and the stage differ on any bytes: the
 * input is parsed, then diffed against itself and against its first half
 * (an edit), so matching and findings see hostile modules too. The
 * parse is also done without the reader's memo of repeated op texts
 * (tail.c, tail_memo): both modules must be the same, else abort. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/ir.h"
#include "ir/ir_int.h"

static void
same_without_memo(const mt_ir_module *a, const unsigned char *data, size_t size)
{
	mt_ir_module *b = NULL;
	mt_error err;
	char why[64];

	if (ir_parse(&b, (const char *)data, size, IR_PARSE_NO_MEMO, &err) ==
	            0 &&
	    !ir_module_same(a, b, why, sizeof(why))) {
		fprintf(stderr, "memo changes the module: %s\n", why);
		abort();
	}
	mt_ir_module_free(b);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	mt_ir_module *a = NULL, *b = NULL;
	mt_ir_transition t;
	mt_ir_stats st;
	mt_error err;
	const char *first;

	if (mt_ir_parse(&a, (const char *)data, size, &err) < 0)
		return 0;
	same_without_memo(a, data, size);
	(void)mt_ir_module_problems(a, &first);
	mt_ir_stats_compute(&st, a, NULL);
	mt_ir_stats_release(&st);
	if (mt_ir_parse(&b, (const char *)data, size / 2, &err) == 0) {
		memset(&t, 0, sizeof(t));
		if (mt_ir_diff(&t, a, b, NULL, &err) == 0)
			mt_ir_transition_release(&t);
		memset(&t, 0, sizeof(t));
		if (mt_ir_diff(&t, a, a, NULL, &err) == 0)
			mt_ir_transition_release(&t);
	}
	mt_ir_module_free(b);
	mt_ir_module_free(a);
	return 0;
}
