/*
 * glob.c - the globs of user rules, category and signature rules alike
 * (docs/rules.md, "Format"): fnmatch(3) semantics with the shortcuts
 * almost every rule allows, and which part of a path each field matches.
 */
#include "rules_int.h"

#include <fnmatch.h>
#include <string.h>

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * fnmatch(3) with flags 0, taking the shortcuts that almost every rule
 * allows: a pattern whose only metacharacters are a leading and/or a
 * trailing '*' is an exact, prefix, suffix or substring test. Every frame
 * is checked against every rule, so this is on the hot path.
 */
int tri_glob(const char *pat, const char *s)
{
	size_t n = strlen(pat), cn, sl;
	int lead = pat[0] == '*', trail = n > 1 && pat[n - 1] == '*';
	const char *core = pat + lead, *c;

	cn = n - (size_t)lead - (size_t)trail;
	for (c = core; c < core + cn; c++)
		if (*c == '*' || *c == '?' || *c == '[' || *c == '\\')
			return !fnmatch(pat, s, 0);
	if (!lead && !trail)
		return !strcmp(pat, s);
	if (!lead)
		return !strncmp(s, core, cn);
	sl = strlen(s);
	if (!trail)
		return sl >= cn && !memcmp(s + sl - cn, core, cn);
	return memmem(s, sl, core, cn) != NULL;
}

enum match_mode {
	MATCH_NAME, /* the whole value (functions) */
	MATCH_FILE, /* the whole path, or its last component */
	MATCH_MODULE /* the last component, or the path when the pattern
	                holds a '/' */
};

/* A file pattern without '/' also matches a path's last component, so a
 * user can write "model.py" for "/src/model.py". A module pattern without
 * '/' matches only the last component: a directory on the way
 * (".../lib/python3.12/site-packages/modular/lib/") says nothing about
 * which library a module is. */
static int
glob_match(const char *pattern, const char *value, enum match_mode mode)
{
	int slash;

	if (!pattern)
		return 1;
	if (!value)
		return 0;
	slash = strchr(pattern, '/') != NULL;
	if (mode == MATCH_MODULE && !slash)
		return tri_glob(pattern, base_name(value));
	if (tri_glob(pattern, value))
		return 1;
	return mode == MATCH_FILE && !slash &&
	       tri_glob(pattern, base_name(value));
}

int tri_rule_matches(const tri_rule *ru,
                     const char *module,
                     const char *function,
                     const char *file)
{
	return glob_match(ru->module, module, MATCH_MODULE) &&
	       glob_match(ru->function, function, MATCH_NAME) &&
	       glob_match(ru->file, file, MATCH_FILE);
}
