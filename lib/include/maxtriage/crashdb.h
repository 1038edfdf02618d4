/*
 * crashdb.h - Crashpad's crash report database (lib/dump/crashdb.c).
 *
 * Mojo and MAX ship Crashpad; its handler writes each crash as
 * DB/{new,pending,completed}/<UUID>.dmp with <UUID>.meta beside it
 * (Crashpad's crash_report_database_generic.cc: version 1, upload
 * attempts, last upload attempt, creation time, attributes, then the
 * server's report id once uploaded) and attachments under
 * DB/attachments/<UUID>/. Where Modular's installs put the database:
 * ~/.modular/crashdb (2023-24 installs), and, in a project,
 * .magic/envs/default/share/max/crashdb (magic) or
 * .pixi/envs/default/share/max/crashdb (pixi).
 */
#ifndef MAXTRIAGE_CRASHDB_H
#define MAXTRIAGE_CRASHDB_H

#include "maxtriage/common.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mt_crashdb_entry {
	char *path; /* the .dmp */
	char *uuid; /* its name without .dmp */
	const char *state; /* static: "new", "pending", "completed", NULL
	                      when the dump is not in a database */
	int64_t mtime; /* of the .dmp */
	int has_meta; /* a version-1 .meta was read */
	int64_t creation_time;
	int upload_attempts;
	int64_t last_upload_attempt;
	int uploaded, upload_requested;
	char *server_id; /* the id an upload got, or NULL */
	char *attachments; /* DB/attachments/<UUID> when it exists */
} mt_crashdb_entry;

/* Whether dir is a Crashpad database (has new/, pending/ or completed/). */
int mt_crashdb_is(const char *dir);

/* The dumps of the database dir (every <UUID>.dmp of new/, pending/,
 * completed/, each UUID once, oldest first), or of a plain directory
 * (its *.dmp files). *out is a new array (free with
 * mt_crashdb_entries_free). 0, or MT_EIO with err when dir cannot be
 * read. */
int mt_crashdb_list(mt_crashdb_entry **out,
                    size_t *n,
                    const char *dir,
                    mt_error *err);

/* The newest dump of dir (by the .meta's creation time, else the file's
 * time): 0 and *out (release with mt_crashdb_entry_release), or
 * MT_ENOTFOUND when there is none. */
int mt_crashdb_latest(mt_crashdb_entry *out, const char *dir, mt_error *err);

/* The entry for one dump file: its .meta (when beside it) and state (the
 * name of its directory). Always 0. */
int mt_crashdb_entry_read(mt_crashdb_entry *out, const char *dmp_path);

void mt_crashdb_entry_release(mt_crashdb_entry *e);
void mt_crashdb_entries_free(mt_crashdb_entry *e, size_t n);

/* The databases Modular's installs write, in the order above: home is
 * $HOME (may be NULL), project the directory the command runs in. A new
 * array of new strings (free each, then the array); directories that
 * do not exist are listed too. */
char **mt_crashdb_known_dirs(size_t *n, const char *home, const char *project);

#endif
