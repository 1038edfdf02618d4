/*
 * triage.h - what each frame is, who is to blame, and a fingerprint.
 *
 * Rules: ordered globs over module, function and file (fnmatch(3)); the
 * user's rules are checked before the built-in table of field-notes
 * section 3; the first rule whose every given field matches wins.
 * Repository: a frame whose file is tracked in the model's git repository
 * is model code and gets blame (libgit2, wrapped in blame.c).
 */
#ifndef MAXTRIAGE_TRIAGE_H
#define MAXTRIAGE_TRIAGE_H

#include "maxtriage/common.h"
#include "maxtriage/stack.h"
#include "maxtriage/symbols.h"

typedef struct mt_rules mt_rules;

/* A rule set holding the built-in table. Free with mt_rules_free(). */
mt_rules *mt_rules_new(void);
void mt_rules_free(mt_rules *r);
/* Add the user's rules from a JSON file ({"rules": [...]}, see
 * docs/rules.md) ahead of the built-in ones, after earlier user rules.
 * MT_EIO / MT_EFORMAT with err on failure; nothing is added then. */
int mt_rules_load_file(mt_rules *r, const char *path, mt_error *err);
int mt_rules_load_string(mt_rules *r,
                         const char *json,
                         const char *origin,
                         mt_error *err);
/* Category for a frame's fields (each may be NULL). *why (may be NULL)
 * receives a borrowed description of the rule that matched. */
mt_category mt_rules_match(const mt_rules *r,
                           const char *module,
                           const char *function,
                           const char *file,
                           const char **why);
size_t mt_rules_count(const mt_rules *r);
/* Only the user's rules: the category, or -1 when none matched. */
int mt_rules_match_user(const mt_rules *r,
                        const char *module,
                        const char *function,
                        const char *file,
                        const char **why);

typedef struct mt_repo mt_repo;

/* Open the git repository at path, or discover the one around the
 * current directory when path is NULL. MT_ENOTFOUND when there is none. */
int mt_repo_open(mt_repo **out, const char *path, mt_error *err);
void mt_repo_free(mt_repo *repo);
const char *mt_repo_workdir(const mt_repo *repo);
/* 1 when file (absolute, or relative to the work tree) is tracked. */
int mt_repo_tracks(mt_repo *repo, const char *file);
/* Blame one line: a new mt_blame (free its fields and itself, as
 * mt_frame_release does), or NULL when the line cannot be blamed. */
mt_blame *mt_repo_blame(mt_repo *repo, const char *file, unsigned line);

/* Position of the signal trampoline frame in r->frames, or -1. Frames
 * before it belong to the crash handler. */
int mt_triage_find_trampoline(const mt_report *r);

typedef struct mt_resolve_opts {
	mt_symbolizer *symbolizer; /* NULL: no symbolization */
	int no_disasm;
	/* where to look for the module of a frame printed symbolized
	 * without one (borrowed) */
	const char *const *binary_dirs;
	size_t n_binary_dirs;
	/* "MODULE=HEX": the build-id a module had where it crashed, for
	 * dumps that print none (borrowed); MODULE is matched against the
	 * module as printed, whole or by file name */
	const char *const *build_ids;
	size_t n_build_ids;
} mt_resolve_opts;

/* Resolve every frame of r against binaries and debug info, expanding
 * inline chains into separate frames; sets lookup, status, instruction. */
void mt_resolve_report(mt_report *r, const mt_resolve_opts *o);

typedef struct mt_triage_opts {
	const mt_rules *rules;
	mt_repo *repo; /* may be NULL */
} mt_triage_opts;

/* Categorise frames, choose the blamed frame and the failure's class,
 * infer kind and signal, compute signature and fingerprint. */
void mt_triage_report(mt_report *r, const mt_triage_opts *o);

typedef struct mt_next_steps_opts {
	const char *const *debug_dirs; /* where debug info was searched */
	size_t n_debug_dirs;
	int debuginfod; /* servers were asked too */
	int ir_given; /* the IR stages are at hand (report --ir, run): never
	                 advise writing them */
	int ir_call_sites; /* the IR names Python source locations for this
	                      report's kernel or ops (report, after the join) */
} mt_next_steps_opts;

/* Set r->next_steps (replacing any) to what to enable or do next, from
 * what the report lacks (no frames, no stack trace, unsymbolized frames,
 * ...) and what o says is known besides. */
void mt_triage_next_steps(mt_report *r, const mt_next_steps_opts *o);

/* The whole `stack` pipeline over one text: parse, resolve, triage,
 * next steps. Reports are appended to set. */
typedef struct mt_pipeline {
	mt_resolve_opts resolve;
	mt_triage_opts triage;
	mt_next_steps_opts next;
} mt_pipeline;

void mt_triage_text(mt_report_set *set,
                    const char *text,
                    size_t len,
                    const mt_pipeline *p);

/*
 * What a crash leaves on disk, and hung processes (lib/triage/dumpfile.c):
 * every thread unwound (maxtriage/unwind.h), the crashing thread's frames
 * the report's own, the others in mt_report.threads, all resolved and
 * classified like a text dump's; mt_report.dump says what the file held
 * besides (signal, fault address, annotations, what could not be read).
 */
/* Whether data starts like a minidump or an ELF core file. */
int mt_triage_is_image(const void *data, size_t len);
/* Append the report of the minidump or core at path (data[0..len): its
 * bytes; for a core the first 64 are enough, the file is read by path)
 * to set. 0, or a negative code with err when nothing could be read (a
 * damaged file that still yields threads gives 0 and warnings in
 * r->dump). */
int mt_triage_image(mt_report_set *set,
                    const char *path,
                    const void *data,
                    size_t len,
                    const mt_pipeline *p,
                    mt_error *err);
/* Triage one input file ("-": standard input) whatever it holds: dump
 * text (mt_triage_text), a minidump (with its Crashpad database's .meta
 * when it lies in one) or an ELF core. 0, MT_EIO with err (strerror)
 * when it cannot be read, or mt_triage_image's errors. */
int mt_triage_file(mt_report_set *set,
                   const char *path,
                   const mt_pipeline *p,
                   mt_error *err);
/* Append the report of the live process pid (every thread's stack, as
 * eu-stack -p), of the given kind ("hang"), to set. MT_EUNSUPPORTED with
 * err when ptrace is refused (the report, its threads without frames,
 * is still appended when /proc listed them). */
int mt_triage_process(mt_report_set *set,
                      long pid,
                      const char *kind,
                      const mt_pipeline *p,
                      mt_error *err);

/* Normalised frame name used in signatures (display name without
 * compiler suffixes such as .cold, .part.N, .isra.N). New string. */
char *mt_signature_frame_name(const mt_frame *f);

#endif
