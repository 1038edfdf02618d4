/*
 * rules_int.h - what rules.c (category rules, the rules file), sigrules.c
 * (signature rules) and glob.c (the globs both match with) share.
 */
#ifndef MAXTRIAGE_RULES_INT_H
#define MAXTRIAGE_RULES_INT_H

#include "maxtriage/triage.h"

#include <jansson.h>

/* A frame rule: globs over module, function and file (NULL: any). */
typedef struct tri_rule {
	mt_category category; /* category rules only */
	const char *module, *function, *file;
	const char *why;
	int owned; /* strings are heap copies (user rules) */
} tri_rule;

/* A signature rule over whole reports: when the signature matches one
 * of sigs (globs) or the fingerprint is one of fps, the signature (merge)
 * or the fingerprint (fingerprint rules) becomes value. */
typedef struct tri_sigmap {
	char **sigs;
	size_t nsigs;
	char **fps;
	size_t nfps;
	char *value;
	char *why;
} tri_sigmap;

typedef struct tri_sigrules {
	tri_rule *skip, *start;
	size_t nskip, capskip, nstart, capstart;
	tri_sigmap *merge, *fprint;
	size_t nmerge, capmerge, nfprint, capfprint;
} tri_sigrules;

struct mt_rules {
	tri_rule *user;
	size_t nuser, capuser;
	tri_sigrules sig;
	/* what identifies every user rule read (mt_rules_signature_id) */
	uint64_t idhash;
	int has_id;
	char id[17];
};

/* glob.c */

/* fnmatch(3) with flags 0 (a '*' also matches '/'). */
int tri_glob(const char *pat, const char *s);
/* Every field the rule gives matches (docs/rules.md, "Format"). */
int tri_rule_matches(const tri_rule *ru,
                     const char *module,
                     const char *function,
                     const char *file);

/* sigrules.c */

/* Read the "signature" object of a rules file into sr, after what it
 * holds. MT_EFORMAT with err (naming origin and the rule) and nothing
 * added on failure. */
int tri_sigrules_load(tri_sigrules *sr,
                      json_t *obj,
                      const char *origin,
                      mt_error *err);
void tri_sigrules_release(tri_sigrules *sr);

#endif
