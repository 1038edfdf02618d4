/* symbolize_json.c - `maxtriage symbolize --format json`
 * (maxtriage/symbolize_output.h). */
#include "maxtriage/symbolize_output.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_FRAMES 128

void mt_symbolize_json_entry(mt_json *w,
                             mt_module *m,
                             const char *module,
                             uint64_t addr,
                             int inlines)
{
	mt_srcloc f[MAX_FRAMES];
	int n = m ? mt_module_lookup(m, addr, f, MAX_FRAMES) : 0, i, lo = 0;
	char hex[32];

	snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)addr);
	mt_json_object_begin(w, NULL);
	mt_json_string(w, "address", hex);
	mt_json_string(w, "module", m ? mt_module_path(m) : module);
	mt_json_array_begin(w, "frames");
	if (!inlines && n > 1)
		lo = n - 1;
	for (i = lo; i < n; i++) {
		/* Without inlines the one frame keeps the innermost
		 * location, as in text output. */
		const mt_srcloc *loc = inlines ? &f[i] : &f[0];

		mt_json_object_begin(w, NULL);
		mt_json_string(w, "function", f[i].function);
		mt_json_string(w, "file", loc->file);
		mt_json_int(w, "line", loc->line);
		mt_json_int(w, "column", loc->column);
		mt_json_bool(w, "inlined", inlines && i < n - 1);
		mt_json_object_end(w);
	}
	mt_json_array_end(w);
	mt_json_object_end(w);
}

int mt_symbolize_json_request(mt_json *w,
                              mt_symbolizer *s,
                              mt_module *obj,
                              const char *obj_name,
                              const char *req,
                              int inlines,
                              mt_error *err)
{
	char mod[4096] = "", ad[64] = "";
	mt_module *m = obj;
	mt_error lerr = { 0, "" };
	unsigned long long v;
	char *end;
	int k = sscanf(req, "%4095s %63s", mod, ad);

	if (k <= 0)
		return 1;
	if (k == 1) {
		snprintf(ad, sizeof(ad), "%.63s", mod);
		mod[0] = '\0';
	} else if (mt_symbolizer_module(&m, s, mod, NULL, &lerr)) {
		m = NULL;
	}
	v = strtoull(ad, &end, 16);
	if (*end || !*ad)
		return mt_error_set(err, MT_EFORMAT, "invalid address '%s'",
		                    ad);
	mt_symbolize_json_entry(w, m, mod[0] ? mod : obj_name, v, inlines);
	return 0;
}
