/*
 * dumpinfo.h - what a minidump, core file or live process says besides
 * its frames (mt_report.dump; docs/json-stack.md "dump").
 *
 * Filled by lib/triage/dumpfile.c, rendered by lib/output; every string
 * is owned by the struct and freed by mt_dump_info_free (called from
 * mt_report_release).
 */
#ifndef MAXTRIAGE_DUMPINFO_H
#define MAXTRIAGE_DUMPINFO_H

#include <stddef.h>
#include <stdint.h>

typedef struct mt_dump_annotation {
	char *scope; /* "process", a module's path, or "database" */
	char *key;
	char *value;
} mt_dump_annotation;

typedef struct mt_dump_info {
	const char *format; /* static: "minidump", "core", "process" */
	const char *writer; /* static: "crashpad", "breakpad", NULL unknown */
	char *cpu; /* "x86_64", "aarch64" ... or NULL */
	char *os; /* "Linux" ... or NULL */
	char *os_version; /* uname -r -v of the machine, or NULL */
	char *command_line; /* or NULL */
	long crashed_tid; /* the thread the signal hit, 0 unknown */
	int signal_number; /* 0 unknown */
	int has_exception_code; /* a minidump of another OS: its exception
	                           code (a Windows or Mach code, Crashpad's
	                           simulated 'CPsx'), not a signal */
	uint32_t exception_code;
	int has_si_code;
	int si_code;
	int has_fault_address;
	uint64_t fault_address;
	char *report_id; /* Crashpad's report UUID, or NULL */
	mt_dump_annotation *annotations; /* Crashpad's, then the crash
	                                    database's .meta ("database") */
	size_t nannotations;
	size_t nthreads, nmodules; /* in the file */
	size_t modules_found; /* modules whose ELF the unwinder had: a file
	                         found here, or the image a core holds */
	char **warnings; /* what could not be read, one line each */
	size_t nwarnings;
} mt_dump_info;

/* A new, empty mt_dump_info (free with mt_dump_info_free). */
struct mt_dump_info *mt_dump_info_new(void);
void mt_dump_info_free(struct mt_dump_info *d);
void mt_dump_info_annotate(struct mt_dump_info *d,
                           const char *scope,
                           const char *key,
                           const char *value);
void mt_dump_info_warn(struct mt_dump_info *d, const char *warning);

#endif
