/*
 * blame.c - the model's git repository, read with libgit2: which source
 * files are the user's own, and who last changed a crashing line.
 * libgit2 types never leave this file.
 *
 * libgit2 (and the TLS and SSH libraries it pulls in) is opened with
 * dlopen the first time a repository is looked for: linked directly it
 * costs every run, `symbolize` included, its start-up relocations.
 */
#include "maxtriage/lazylib.h"
#include "maxtriage/triage.h"

#include <git2.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The libgit2 calls used here, resolved once. */
static struct {
	int (*init)(void);
	int (*shutdown)(void);
	const git_error *(*error_last)(void);
	int (*repository_open_ext)(git_repository **,
	                           const char *,
	                           unsigned int,
	                           const char *);
	const char *(*repository_workdir)(const git_repository *);
	int (*repository_index)(git_index **, git_repository *);
	void (*repository_free)(git_repository *);
	const git_index_entry *(*index_get_bypath)(git_index *,
	                                           const char *,
	                                           int);
	void (*index_free)(git_index *);
	int (*blame_file)(git_blame **,
	                  git_repository *,
	                  const char *,
	                  git_blame_options *);
	const git_blame_hunk *(*blame_get_hunk_byline)(git_blame *, size_t);
	void (*blame_free)(git_blame *);
	int (*oid_is_zero)(const git_oid *);
	char *(*oid_tostr)(char *, size_t, const git_oid *);
	int (*commit_lookup)(git_commit **, git_repository *, const git_oid *);
	const char *(*commit_summary)(git_commit *);
	void (*commit_free)(git_commit *);
} git;

/* the soname of the libgit2 we were built against, then any */
static const char *const git_sonames[] = { "libgit2.so.1.5", "libgit2.so.1.6",
	                                   "libgit2.so.1.7", "libgit2.so.1.8",
	                                   "libgit2.so.1.9", "libgit2.so" };
#define GIT_SYM(field, name)              \
	{                                 \
		name, (void **)&git.field \
	}
static const mt_lazysym git_syms[] = {
	GIT_SYM(init, "git_libgit2_init"),
	GIT_SYM(shutdown, "git_libgit2_shutdown"),
	GIT_SYM(error_last, "git_error_last"),
	GIT_SYM(repository_open_ext, "git_repository_open_ext"),
	GIT_SYM(repository_workdir, "git_repository_workdir"),
	GIT_SYM(repository_index, "git_repository_index"),
	GIT_SYM(repository_free, "git_repository_free"),
	GIT_SYM(index_get_bypath, "git_index_get_bypath"),
	GIT_SYM(index_free, "git_index_free"),
	GIT_SYM(blame_file, "git_blame_file"),
	GIT_SYM(blame_get_hunk_byline, "git_blame_get_hunk_byline"),
	GIT_SYM(blame_free, "git_blame_free"),
	GIT_SYM(oid_is_zero, "git_oid_is_zero"),
	GIT_SYM(oid_tostr, "git_oid_tostr"),
	GIT_SYM(commit_lookup, "git_commit_lookup"),
	GIT_SYM(commit_summary, "git_commit_summary"),
	GIT_SYM(commit_free, "git_commit_free"),
};
#undef GIT_SYM
static mt_lazylib libgit2 = MT_LAZYLIB_INIT(git_sonames, git_syms);

struct mt_repo {
	git_repository *repo;
	git_index *index;
	char *workdir; /* with trailing '/' */
	char *realworkdir;
};

static int git_fail(mt_error *err, int code, const char *call)
{
	const git_error *e = git.error_last();

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
	if (mt_lazylib_load(&libgit2, err) != 0)
		return MT_EUNSUPPORTED;
	git.init();
	rc = git.repository_open_ext(&repo, path ? path : ".",
	                             path ? GIT_REPOSITORY_OPEN_NO_SEARCH : 0,
	                             NULL);
	if (rc == GIT_ENOTFOUND) {
		rc = mt_error_set(err, MT_ENOTFOUND,
		                  "no git repository at '%s'",
		                  path ? path : ".");
		goto out;
	}
	if (rc < 0) {
		rc = git_fail(err, MT_EIO, "git_repository_open_ext");
		goto out;
	}
	wd = git.repository_workdir(repo);
	if (!wd) {
		rc = mt_error_set(err, MT_EUNSUPPORTED,
		                  "git repository '%s' is bare",
		                  path ? path : ".");
		goto out;
	}
	r = mt_calloc(1, sizeof(*r));
	r->repo = repo;
	repo = NULL;
	r->workdir = mt_strdup(wd);
	r->realworkdir = mt_strdup(realpath(wd, real) ? real : wd);
	if (git.repository_index(&r->index, r->repo) < 0)
		r->index = NULL;
	*out = r;
	rc = 0;
out:
	git.repository_free(repo);
	if (rc)
		git.shutdown();
	return rc;
}

void mt_repo_free(mt_repo *r)
{
	if (!r)
		return;
	git.index_free(r->index);
	git.repository_free(r->repo);
	free(r->workdir);
	free(r->realworkdir);
	free(r);
	git.shutdown();
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
	found = git.index_get_bypath(r->index, rel, 0) != NULL;
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
	if (git.blame_file(&bl, r->repo, rel, NULL) < 0)
		goto out;
	h = git.blame_get_hunk_byline(bl, line);
	if (!h || git.oid_is_zero(&h->final_commit_id))
		goto out; /* uncommitted line */
	git.oid_tostr(hex, sizeof(hex), &h->final_commit_id);
	out = mt_calloc(1, sizeof(*out));
	out->commit = mt_strdup(hex);
	if (h->final_signature) {
		out->author = mt_strdup(h->final_signature->name);
		out->time = (int64_t)h->final_signature->when.time;
	}
	if (git.commit_lookup(&commit, r->repo, &h->final_commit_id) == 0) {
		const char *s = git.commit_summary(commit);

		out->summary = mt_strdup(s ? s : "");
	}
out:
	git.commit_free(commit);
	git.blame_free(bl);
	free(rel);
	return out;
}
