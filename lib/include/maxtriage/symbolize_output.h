/*
 * symbolize_output.h - `maxtriage symbolize --format json`: maxtriage's
 * own JSON answers (an array of {address, module, frames}, documented in
 * docs/symbolize.md), written through the JSON writer. The
 * llvm-symbolizer styles, JSON included, are llvm_protocol.h's.
 */
#ifndef MAXTRIAGE_SYMBOLIZE_OUTPUT_H
#define MAXTRIAGE_SYMBOLIZE_OUTPUT_H

#include "maxtriage/json_writer.h"
#include "maxtriage/symbols.h"

#include <stdint.h>

/* One entry: the frames of addr in m (NULL: an unknown module, no
 * frames), the module named m's path or else module; every inlined frame
 * when inlines, else the outermost function at the innermost location. */
void mt_symbolize_json_entry(mt_json *w,
                             mt_module *m,
                             const char *module,
                             uint64_t addr,
                             int inlines);

/*
 * One request, "ADDR" or "MODULE ADDR" with ADDR in hex: the module is
 * obj (named obj_name) for "ADDR", else looked up in s (a module that
 * cannot be found answers without frames). 0 after writing its entry, 1
 * for an empty request (nothing written), or MT_EFORMAT with "invalid
 * address 'ADDR'" in err.
 */
int mt_symbolize_json_request(mt_json *w,
                              mt_symbolizer *s,
                              mt_module *obj,
                              const char *obj_name,
                              const char *req,
                              int inlines,
                              mt_error *err);

#endif
