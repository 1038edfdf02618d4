/* fuzz_rules.c - the user rules loader on any bytes. */
#include <stdlib.h>
#include <string.h>

#include "maxtriage/triage.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	mt_rules *r = mt_rules_new();
	char *text = malloc(size + 1);
	mt_error err;

	memcpy(text, data, size);
	text[size] = '\0';
	if (mt_rules_load_string(r, text, "fuzz", &err) == 0)
		(void)mt_rules_match(r, "/a/libx.so", "f(int)", "/m/x.py",
		                     NULL);
	free(text);
	mt_rules_free(r);
	return 0;
}
