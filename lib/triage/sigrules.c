/*
 * sigrules.c - signature rules of a rules file (docs/rules.md,
 * "Signature rules"): frames left out of signatures, frames a signature
 * starts at, signatures merged into one, fingerprints set. The knobs
 * ClusterFuzz and Socorro users tune crash grouping with (skip and
 * prefix lists, signature merges), read from the same --rules files as
 * the category rules.
 */
#include "rules_int.h"
#include "triage_int.h"

#include "maxtriage/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void rule_free(tri_rule *u)
{
	free((char *)u->module);
	free((char *)u->function);
	free((char *)u->file);
	free((char *)u->why);
}

static void sigmap_free(tri_sigmap *m)
{
	size_t i;

	for (i = 0; i < m->nsigs; i++)
		free(m->sigs[i]);
	free(m->sigs);
	for (i = 0; i < m->nfps; i++)
		free(m->fps[i]);
	free(m->fps);
	free(m->value);
	free(m->why);
}

static int only_keys(json_t *item, const char *const *keys)
{
	const char *key, *const *k;
	json_t *v;

	json_object_foreach(item, key, v)
	{
		for (k = keys; *k && strcmp(*k, key); k++)
			;
		if (!*k)
			return 0;
	}
	return 1;
}

static char *why_of(const char *list, size_t i, const char *origin)
{
	mt_buf b = MT_BUF_INIT;

	mt_buf_printf(&b, "signature %s rule %zu in %s", list, i + 1, origin);
	return mt_buf_detach(&b);
}

/* "skip" and "start": frame globs, as category rules without a
 * category. */
static int load_frames(tri_rule **items,
                       size_t *n,
                       size_t *cap,
                       json_t *list,
                       const char *name,
                       const char *origin,
                       mt_error *err)
{
	static const char *const keys[] = { "module", "function", "file",
		                            "comment", NULL };
	static const char *const globs[] = { "module", "function", "file" };
	json_t *item;
	size_t i, k;

	if (!list)
		return 0;
	if (!json_is_array(list))
		return mt_error_set(err, MT_EFORMAT,
		                    "rules '%s': \"signature\": \"%s\" must be "
		                    "an array",
		                    origin, name);
	json_array_foreach(list, i, item)
	{
		const char *v[3] = { NULL, NULL, NULL };
		tri_rule ru;

		if (!json_is_object(item) || !only_keys(item, keys))
			return mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': signature %s rule %zu: an object of "
			        "module, function, file and comment",
			        origin, name, i + 1);
		for (k = 0; k < 3; k++) {
			json_t *g = json_object_get(item, globs[k]);

			if (g && (!json_is_string(g) || !*json_string_value(g)))
				return mt_error_set(
				        err, MT_EFORMAT,
				        "rules '%s': signature %s rule %zu: \"%s\" "
				        "must be a non-empty string",
				        origin, name, i + 1, globs[k]);
			v[k] = json_string_value(g);
		}
		if (!v[0] && !v[1] && !v[2])
			return mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': signature %s rule %zu matches "
			        "nothing: give module, function or file",
			        origin, name, i + 1);
		memset(&ru, 0, sizeof(ru));
		ru.module = v[0] ? mt_strdup(v[0]) : NULL;
		ru.function = v[1] ? mt_strdup(v[1]) : NULL;
		ru.file = v[2] ? mt_strdup(v[2]) : NULL;
		ru.why = why_of(name, i, origin);
		ru.owned = 1;
		mt_grow((void **)items, cap, *n + 1, sizeof(**items));
		(*items)[(*n)++] = ru;
	}
	return 0;
}

static int hex16(const char *s)
{
	return s && strlen(s) == 16 && strspn(s, "0123456789abcdef") == 16;
}

/* The strings of key in item (an array of them, possibly absent) into
 * *out. -1 when it is not an array of non-empty strings (of 16 hex
 * digits when fp). */
static int
string_list(char ***out, size_t *n, json_t *item, const char *key, int fp)
{
	json_t *list = json_object_get(item, key), *v;
	size_t i, cap = 0;

	*out = NULL;
	*n = 0;
	if (!list)
		return 0;
	if (!json_is_array(list))
		return -1;
	json_array_foreach(list, i, v)
	{
		const char *s = json_string_value(v);

		if (!s || !*s || (fp && !hex16(s)))
			return -1;
		MT_PUSH(*out, *n, cap, mt_strdup(s));
	}
	return 0;
}

/* "merge" ({"signatures", "fingerprints", "into"}) and "fingerprint"
 * ({"signatures", "fingerprints", "fingerprint"}). */
static int load_maps(tri_sigmap **items,
                     size_t *n,
                     size_t *cap,
                     json_t *list,
                     const char *name,
                     const char *value_key,
                     const char *origin,
                     mt_error *err)
{
	const char *keys[] = { "signatures", "fingerprints", value_key,
		               "comment", NULL };
	json_t *item;
	size_t i;

	if (!list)
		return 0;
	if (!json_is_array(list))
		return mt_error_set(err, MT_EFORMAT,
		                    "rules '%s': \"signature\": \"%s\" must be "
		                    "an array",
		                    origin, name);
	json_array_foreach(list, i, item)
	{
		tri_sigmap m;
		const char *value;
		int bad;

		memset(&m, 0, sizeof(m));
		if (!json_is_object(item) || !only_keys(item, keys))
			return mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': signature %s rule %zu: an object of "
			        "signatures, fingerprints, %s and comment",
			        origin, name, i + 1, value_key);
		value = json_string_value(json_object_get(item, value_key));
		bad = string_list(&m.sigs, &m.nsigs, item, "signatures", 0) |
		      string_list(&m.fps, &m.nfps, item, "fingerprints", 1);
		if (bad || !value || !*value ||
		    (!strcmp(value_key, "fingerprint") && !hex16(value))) {
			sigmap_free(&m);
			return mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': signature %s rule %zu: \"signatures\" "
			        "(globs) and \"fingerprints\" (16 hex digits) must "
			        "be arrays of strings, \"%s\" a %s",
			        origin, name, i + 1, value_key,
			        strcmp(value_key, "fingerprint")
			                ? "non-empty string"
			                : "fingerprint of 16 lower-case hex digits");
		}
		if (!m.nsigs && !m.nfps) {
			sigmap_free(&m);
			return mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': signature %s rule %zu matches "
			        "nothing: give signatures or fingerprints",
			        origin, name, i + 1);
		}
		m.value = mt_strdup(value);
		m.why = why_of(name, i, origin);
		mt_grow((void **)items, cap, *n + 1, sizeof(**items));
		(*items)[(*n)++] = m;
	}
	return 0;
}

/* Drop what a failed load added past the counts in was. */
static void truncate_to(tri_sigrules *sr, const tri_sigrules *was)
{
	while (sr->nskip > was->nskip)
		rule_free(&sr->skip[--sr->nskip]);
	while (sr->nstart > was->nstart)
		rule_free(&sr->start[--sr->nstart]);
	while (sr->nmerge > was->nmerge)
		sigmap_free(&sr->merge[--sr->nmerge]);
	while (sr->nfprint > was->nfprint)
		sigmap_free(&sr->fprint[--sr->nfprint]);
}

int tri_sigrules_load(tri_sigrules *sr,
                      json_t *obj,
                      const char *origin,
                      mt_error *err)
{
	static const char *const keys[] = { "skip",        "start",   "merge",
		                            "fingerprint", "comment", NULL };
	tri_sigrules was = *sr;
	int rc;

	if (!json_is_object(obj) || !only_keys(obj, keys))
		return mt_error_set(
		        err, MT_EFORMAT,
		        "rules '%s': \"signature\" must be an object "
		        "of skip, start, merge, fingerprint and "
		        "comment",
		        origin);
	if ((rc = load_frames(&sr->skip, &sr->nskip, &sr->capskip,
	                      json_object_get(obj, "skip"), "skip", origin,
	                      err)) ||
	    (rc = load_frames(&sr->start, &sr->nstart, &sr->capstart,
	                      json_object_get(obj, "start"), "start", origin,
	                      err)) ||
	    (rc = load_maps(&sr->merge, &sr->nmerge, &sr->capmerge,
	                    json_object_get(obj, "merge"), "merge", "into",
	                    origin, err)) ||
	    (rc = load_maps(&sr->fprint, &sr->nfprint, &sr->capfprint,
	                    json_object_get(obj, "fingerprint"), "fingerprint",
	                    "fingerprint", origin, err)))
		truncate_to(sr, &was);
	return rc;
}

void tri_sigrules_release(tri_sigrules *sr)
{
	tri_sigrules none;

	memset(&none, 0, sizeof(none));
	truncate_to(sr, &none);
	free(sr->skip);
	free(sr->start);
	free(sr->merge);
	free(sr->fprint);
	memset(sr, 0, sizeof(*sr));
}

/* The first of n frame rules that frame f matches (by its module as
 * printed, then the file opened for it, as category rules do), or NULL. */
static const tri_rule *
frame_rule(const tri_rule *rs, size_t n, const mt_frame *f)
{
	const char *name = tri_frame_name(f);
	size_t i;

	for (i = 0; i < n; i++)
		if (tri_rule_matches(&rs[i], f->module, name, f->file) ||
		    (f->module_path &&
		     tri_rule_matches(&rs[i], f->module_path, name, f->file)))
			return &rs[i];
	return NULL;
}

const char *mt_rules_skip_frame(const mt_rules *r, const mt_frame *f)
{
	const tri_rule *ru =
	        r ? frame_rule(r->sig.skip, r->sig.nskip, f) : NULL;

	return ru ? ru->why : NULL;
}

const char *mt_rules_start_frame(const mt_rules *r, const mt_frame *f)
{
	const tri_rule *ru =
	        r ? frame_rule(r->sig.start, r->sig.nstart, f) : NULL;

	return ru ? ru->why : NULL;
}

static const tri_sigmap *map_of(const tri_sigmap *ms,
                                size_t n,
                                const char *signature,
                                const char *fingerprint)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < ms[i].nsigs; j++)
			if (signature && tri_glob(ms[i].sigs[j], signature))
				return &ms[i];
		for (j = 0; j < ms[i].nfps; j++)
			if (fingerprint && !strcmp(ms[i].fps[j], fingerprint))
				return &ms[i];
	}
	return NULL;
}

const char *mt_rules_merge_signature(const mt_rules *r,
                                     const char *signature,
                                     const char *fingerprint,
                                     const char **why)
{
	const tri_sigmap *m =
	        r ? map_of(r->sig.merge, r->sig.nmerge, signature, fingerprint)
	          : NULL;

	if (m && why)
		*why = m->why;
	return m ? m->value : NULL;
}

const char *mt_rules_set_fingerprint(const mt_rules *r,
                                     const char *signature,
                                     const char *fingerprint,
                                     const char **why)
{
	const tri_sigmap *m = r ? map_of(r->sig.fprint, r->sig.nfprint,
	                                 signature, fingerprint)
	                        : NULL;

	if (m && why)
		*why = m->why;
	return m ? m->value : NULL;
}
