/*
 * crashdb.c - Crashpad's crash report database (maxtriage/crashdb.h).
 *
 * The .meta layout is Crashpad's ReportMetadata as a 64-bit Linux
 * compiler lays it out: int32 version (1), int32 upload_attempts, int64
 * last_upload_attempt_time, int64 creation_time (time_t), uint8
 * attributes (bit 0 uploaded, bit 1 upload explicitly requested), padded
 * to 32 bytes; the rest of the file is the server's report id.
 */
#include "maxtriage/crashdb.h"

#include "maxtriage/buf.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define META_SIZE 32
#define MAX_SERVER_ID 256
#define MAX_ENTRIES 1000000

static const char *const states[] = { "new", "pending", "completed" };

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int mt_crashdb_is(const char *dir)
{
	mt_buf b = MT_BUF_INIT;
	size_t i;
	int yes = 0;

	for (i = 0; i < MT_ARRAY_SIZE(states) && !yes; i++) {
		mt_buf_clear(&b);
		mt_buf_printf(&b, "%s/%s", dir, states[i]);
		yes = is_dir(b.ptr);
	}
	mt_buf_release(&b);
	return yes;
}

static int32_t i32le(const unsigned char *p)
{
	return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 |
	                 (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

static int64_t i64le(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return (int64_t)v;
}

static void read_meta(mt_crashdb_entry *e)
{
	mt_buf path = MT_BUF_INIT;
	unsigned char m[META_SIZE + MAX_SERVER_ID];
	size_t n, len = strlen(e->path);
	FILE *f;

	if (len < 4 || strcmp(e->path + len - 4, ".dmp"))
		return;
	mt_buf_put(&path, e->path, len - 4);
	mt_buf_puts(&path, ".meta");
	f = fopen(path.ptr, "rb");
	mt_buf_release(&path);
	if (!f)
		return;
	n = fread(m, 1, sizeof(m), f);
	fclose(f);
	if (n < 25 || i32le(m) != 1) /* version 1 */
		return;
	e->has_meta = 1;
	e->upload_attempts = (int)i32le(m + 4);
	e->last_upload_attempt = i64le(m + 8);
	e->creation_time = i64le(m + 16);
	e->uploaded = m[24] & 1;
	e->upload_requested = (m[24] >> 1) & 1;
	if (n > META_SIZE) {
		size_t k = n - META_SIZE;

		while (k && (m[META_SIZE + k - 1] == '\0' ||
		             m[META_SIZE + k - 1] == '\n'))
			k--;
		if (k)
			e->server_id =
			        mt_strndup((const char *)m + META_SIZE, k);
	}
}

int mt_crashdb_entry_read(mt_crashdb_entry *e, const char *dmp_path)
{
	const char *base = strrchr(dmp_path, '/');
	size_t blen, i;
	struct stat st;

	memset(e, 0, sizeof(*e));
	e->path = mt_strdup(dmp_path);
	base = base ? base + 1 : dmp_path;
	blen = strlen(base);
	e->uuid = mt_strndup(base, blen > 4 && !strcmp(base + blen - 4, ".dmp")
	                                   ? blen - 4
	                                   : blen);
	if (stat(dmp_path, &st) == 0)
		e->mtime = (int64_t)st.st_mtime;
	/* DB/<state>/<UUID>.dmp */
	if (base != dmp_path) {
		mt_buf dir = MT_BUF_INIT, att = MT_BUF_INIT;
		const char *slash;

		mt_buf_put(&dir, dmp_path, (size_t)(base - 1 - dmp_path));
		slash = strrchr(dir.ptr, '/');
		for (i = 0; i < MT_ARRAY_SIZE(states); i++)
			if (!strcmp(slash ? slash + 1 : dir.ptr, states[i]))
				e->state = states[i];
		if (e->state) {
			if (slash)
				mt_buf_put(&att, dir.ptr,
				           (size_t)(slash - dir.ptr));
			else
				mt_buf_puts(&att, ".");
			mt_buf_printf(&att, "/attachments/%s", e->uuid);
			if (is_dir(att.ptr))
				e->attachments = mt_buf_detach(&att);
		}
		mt_buf_release(&dir);
		mt_buf_release(&att);
	}
	read_meta(e);
	return 0;
}

void mt_crashdb_entry_release(mt_crashdb_entry *e)
{
	if (!e)
		return;
	free(e->path);
	free(e->uuid);
	free(e->server_id);
	free(e->attachments);
	memset(e, 0, sizeof(*e));
}

void mt_crashdb_entries_free(mt_crashdb_entry *e, size_t n)
{
	size_t i;

	for (i = 0; e && i < n; i++)
		mt_crashdb_entry_release(&e[i]);
	free(e);
}

static int64_t when(const mt_crashdb_entry *e)
{
	return e->has_meta && e->creation_time ? e->creation_time : e->mtime;
}

static int cmp_entry(const void *a, const void *b)
{
	const mt_crashdb_entry *x = a, *y = b;
	int64_t tx = when(x), ty = when(y);

	if (tx != ty)
		return tx < ty ? -1 : 1;
	return strcmp(x->path, y->path);
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

/* Add dir's *.dmp files to the list (a UUID already listed is not). */
static int
add_dumps(mt_crashdb_entry **out, size_t *n, size_t *cap, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return -1;
	while ((de = readdir(d)) && *n < MAX_ENTRIES) {
		mt_buf p = MT_BUF_INIT;
		mt_crashdb_entry e;
		size_t i;
		int dup = 0;

		if (de->d_name[0] == '.' || !ends_with(de->d_name, ".dmp"))
			continue;
		mt_buf_printf(&p, "%s/%s", dir, de->d_name);
		mt_crashdb_entry_read(&e, p.ptr);
		mt_buf_release(&p);
		for (i = 0; i < *n && !dup; i++)
			dup = !strcmp((*out)[i].uuid, e.uuid);
		if (dup) {
			mt_crashdb_entry_release(&e);
			continue;
		}
		mt_grow((void **)out, cap, *n + 1, sizeof(**out));
		(*out)[(*n)++] = e;
	}
	closedir(d);
	return 0;
}

int mt_crashdb_list(mt_crashdb_entry **out,
                    size_t *n,
                    const char *dir,
                    mt_error *err)
{
	size_t cap = 0, i;

	*out = NULL;
	*n = 0;
	if (!is_dir(dir))
		return mt_error_set(err, MT_EIO, "cannot read '%s': %s", dir,
		                    errno ? strerror(errno)
		                          : "not a directory");
	if (mt_crashdb_is(dir)) {
		mt_buf b = MT_BUF_INIT;

		/* completed/ first: a report moves new -> pending ->
		 * completed, and the furthest copy is the one to keep */
		for (i = MT_ARRAY_SIZE(states); i-- > 0;) {
			mt_buf_clear(&b);
			mt_buf_printf(&b, "%s/%s", dir, states[i]);
			(void)add_dumps(out, n, &cap, b.ptr);
		}
		mt_buf_release(&b);
	} else if (add_dumps(out, n, &cap, dir) < 0) {
		return mt_error_set(err, MT_EIO, "cannot read '%s': %s", dir,
		                    strerror(errno));
	}
	if (*n)
		qsort(*out, *n, sizeof(**out), cmp_entry);
	return 0;
}

int mt_crashdb_latest(mt_crashdb_entry *out, const char *dir, mt_error *err)
{
	mt_crashdb_entry *all;
	size_t n;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = mt_crashdb_list(&all, &n, dir, err);
	if (rc < 0)
		return rc;
	if (!n) {
		free(all);
		return mt_error_set(
		        err, MT_ENOTFOUND, "no minidump (.dmp) in '%s'%s", dir,
		        mt_crashdb_is(dir) ? " (new/, pending/, completed/)"
		                           : "");
	}
	*out = all[n - 1];
	memset(&all[n - 1], 0, sizeof(all[n - 1]));
	mt_crashdb_entries_free(all, n);
	return 0;
}

char **mt_crashdb_known_dirs(size_t *n, const char *home, const char *project)
{
	char **v = mt_calloc(3, sizeof(*v));
	mt_buf b = MT_BUF_INIT;

	*n = 0;
	if (home && *home) {
		mt_buf_printf(&b, "%s/.modular/crashdb", home);
		v[(*n)++] = mt_buf_detach(&b);
	}
	if (!project || !*project)
		project = ".";
	mt_buf_printf(&b, "%s/.magic/envs/default/share/max/crashdb", project);
	v[(*n)++] = mt_buf_detach(&b);
	mt_buf_printf(&b, "%s/.pixi/envs/default/share/max/crashdb", project);
	v[(*n)++] = mt_buf_detach(&b);
	return v;
}
