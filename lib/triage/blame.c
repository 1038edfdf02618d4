/*
 * blame.c - the model's git repository, read with libgit2: which source
 * files are the user's own, and who last changed a crashing line.
 * libgit2 types never leave this file.
 */
#include "maxtriage/triage.h"

#include <git2.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct mt_repo {
	git_repository *repo;
	git_index *index;
	char *workdir; /* with trailing '/' */
	char *realworkdir;
};

static int git_fail(mt_error *err, int code, const char *call)
{
	const git_error *e = git_error_last();

	return mt_error_set(err, code, "%s: %s", call,
			    e && e->message ? e->message : "unknown error");
}

int mt_repo_open(mt_repo **out, const char *path, mt_error *err)
{
	mt_repo *r = NULL;
	git_repository *repo = NULL;
	const char *wd;
	char real[PATH_MAX];
	int rc;

	*out = NULL;
	git_libgit2_init();
	rc = git_repository_open_ext(&repo, path ? path : ".",
				     path ? GIT_REPOSITORY_OPEN_NO_SEARCH : 0,
				     NULL);
	if (rc == GIT_ENOTFOUND) {
		rc = mt_error_set(err, MT_ENOTFOUND,
				  "no git repository at '%s'", path ? path : ".");
		goto out;
	}
	if (rc < 0) {
		rc = git_fail(err, MT_EIO, "git_repository_open_ext");
		goto out;
	}
	wd = git_repository_workdir(repo);
	if (!wd) {
		rc = mt_error_set(err, MT_EUNSUPPORTED,
				  "git repository '%s' is bare", path ? path : ".");
		goto out;
	}
	r = mt_calloc(1, sizeof(*r));
	r->repo = repo;
	repo = NULL;
	r->workdir = mt_strdup(wd);
	r->realworkdir = mt_strdup(realpath(wd, real) ? real : wd);
	if (git_repository_index(&r->index, r->repo) < 0)
		r->index = NULL;
	*out = r;
	rc = 0;
out:
	git_repository_free(repo);
	if (rc)
		git_libgit2_shutdown();
	return rc;
}

void mt_repo_free(mt_repo *r)
{
	if (!r)
		return;
	git_index_free(r->index);
	git_repository_free(r->repo);
	free(r->workdir);
	free(r->realworkdir);
	free(r);
	git_libgit2_shutdown();
}

const char *mt_repo_workdir(const mt_repo *r)
{
	return r->workdir;
}

/* Path of file relative to the work tree, or NULL when outside it. */
static char *relative(const mt_repo *r, const char *file)
{
	size_t n;
	char real[PATH_MAX];

	if (file[0] != '/')
		return strncmp(file, "../", 3) ? mt_strdup(file) : NULL;
	n = strlen(r->workdir);
	if (!strncmp(file, r->workdir, n))
		return mt_strdup(file + n);
	if (realpath(file, real)) {
		n = strlen(r->realworkdir);
		if (!strncmp(real, r->realworkdir, n) && real[n] == '/')
			return mt_strdup(real + n + 1);
	}
	return NULL;
}

int mt_repo_tracks(mt_repo *r, const char *file)
{
	char *rel;
	int found;

	if (!r || !r->index || !file)
		return 0;
	rel = relative(r, file);
	if (!rel)
		return 0;
	found = git_index_get_bypath(r->index, rel, 0) != NULL;
	free(rel);
	return found;
}

mt_blame *mt_repo_blame(mt_repo *r, const char *file, unsigned line)
{
	git_blame *bl = NULL;
	git_commit *commit = NULL;
	const git_blame_hunk *h;
	mt_blame *out = NULL;
	char *rel = NULL;
	char hex[GIT_OID_HEXSZ + 1];

	if (!r || !file || !line || !(rel = relative(r, file)))
		goto out;
	if (git_blame_file(&bl, r->repo, rel, NULL) < 0)
		goto out;
	h = git_blame_get_hunk_byline(bl, line);
	if (!h || git_oid_is_zero(&h->final_commit_id))
		goto out; /* uncommitted line */
	git_oid_tostr(hex, sizeof(hex), &h->final_commit_id);
	out = mt_calloc(1, sizeof(*out));
	out->commit = mt_strdup(hex);
	if (h->final_signature) {
		out->author = mt_strdup(h->final_signature->name);
		out->time = (int64_t)h->final_signature->when.time;
	}
	if (git_commit_lookup(&commit, r->repo, &h->final_commit_id) == 0) {
		const char *s = git_commit_summary(commit);

		out->summary = mt_strdup(s ? s : "");
	}
out:
	git_commit_free(commit);
	git_blame_free(bl);
	free(rel);
	return out;
}
