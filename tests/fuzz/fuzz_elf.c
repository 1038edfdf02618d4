/* fuzz_elf.c - the symbolizer over mutated ELF/DWARF files: open the
 * bytes as a module, look up addresses, disassemble. A corrupt file must
 * give "no debug info" with a reason, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maxtriage/symbols.h"

#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char path[64];
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o;
	mt_module *m = NULL;
	mt_error err;
	mt_srcloc chain[16];
	mt_insn in;
	const char *why;
	uint64_t a, v;

	if (fuzz_write_file(path, sizeof(path), "elf", data, size))
		return 0;
	memset(&o, 0, sizeof(o));
	o.no_system_debug = 1;
	if (mt_symbolizer_new(&s, &o, &err) == 0 &&
	    mt_symbolizer_open(&m, s, path, &err) == 0) {
		(void)mt_module_has_debug(m, &why);
		(void)mt_module_build_id(m);
		for (a = 0; a < 0x4000; a += 0x3f1) {
			(void)mt_module_lookup(m, a, chain, 16);
			(void)mt_module_disasm(m, a, &in);
			(void)mt_module_is_after_call(m, a);
		}
		(void)mt_module_symbol_value(&v, m, "main");
	}
	mt_symbolizer_free(s);
	unlink(path);
	return 0;
}
