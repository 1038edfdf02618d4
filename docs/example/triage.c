/*
 * triage.c - libmaxtriage from a program of your own: read a crash dump,
 * symbolize its frames against the binaries under a directory, classify
 * and fingerprint each report, print one line per report.
 *
 *   cc triage.c $(pkg-config --cflags --libs maxtriage) -o triage
 *   ./triage crash.txt /opt/max/lib
 *
 * docs/library.md describes the API this uses.
 */
#include <maxtriage/buf.h>
#include <maxtriage/stack.h>
#include <maxtriage/symbols.h>
#include <maxtriage/triage.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *dirs[1];
	mt_symbolizer_opts so;
	mt_symbolizer *sym = NULL;
	mt_rules *rules = NULL;
	mt_buf text = MT_BUF_INIT;
	mt_report_set set;
	mt_pipeline p;
	mt_error err;
	size_t i;
	int rc = 1;

	if (argc != 3) {
		fprintf(stderr, "usage: %s DUMP BINARY_DIR\n", argv[0]);
		return 2;
	}
	memset(&set, 0, sizeof(set));
	if (mt_buf_read_file(&text, argv[1]) < 0) {
		perror(argv[1]);
		goto out;
	}
	memset(&so, 0, sizeof(so));
	dirs[0] = argv[2];
	so.binary_dirs = dirs;
	so.n_binary_dirs = 1;
	if (mt_symbolizer_new(&sym, &so, &err) < 0) {
		fprintf(stderr, "symbolizer: %s\n", err.msg);
		goto out;
	}
	rules = mt_rules_new(); /* the built-in table (docs/rules.md) */
	memset(&p, 0, sizeof(p));
	p.resolve.symbolizer = sym;
	p.resolve.binary_dirs = dirs;
	p.resolve.n_binary_dirs = 1;
	p.triage.rules = rules;
	mt_triage_text(&set, text.ptr, text.len, &p);
	for (i = 0; i < set.n; i++) {
		const mt_report *r = &set.reports[i];

		printf("%s %s %s\n", r->fingerprint,
		       mt_category_name(r->category), r->signature);
	}
	rc = set.n ? 0 : 1;
out:
	mt_report_set_release(&set);
	mt_rules_free(rules);
	mt_symbolizer_free(sym);
	mt_buf_release(&text);
	return rc;
}
