/*
 * outfile.c - output files written beside their final name and renamed
 * into place (outfile.h says why).
 */
#include "maxtriage/outfile.h"

#include "maxtriage/buf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Tries at a fresh temporary name before giving up on EEXIST. */
#define TEMP_TRIES 64

static atomic_uint temp_counter;

/* ".NAME.PID-N-R" beside path: hidden (bucket and ls skip it), distinct
 * per process and per call. */
static char *temp_name(const char *path, unsigned attempt)
{
	const char *base = strrchr(path, '/');
	mt_buf b = MT_BUF_INIT;
	struct timespec ts;

	base = base ? base + 1 : path;
	clock_gettime(CLOCK_REALTIME, &ts);
	mt_buf_put(&b, path, (size_t)(base - path));
	mt_buf_printf(&b, ".%s.%ld-%u-%lx", base, (long)getpid(),
	              atomic_fetch_add(&temp_counter, 1) + attempt,
	              (unsigned long)ts.tv_nsec);
	return mt_buf_detach(&b);
}

int mt_outfile_open(mt_outfile *f, const char *path, mt_error *err)
{
	unsigned i;
	int fd = -1;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < TEMP_TRIES; i++) {
		char *t = temp_name(path, i);

		/* 0666 and the umask, as any file the user's shell creates */
		fd = open(t,
		          O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		          0666);
		if (fd >= 0) {
			f->tmp = t;
			break;
		}
		free(t);
		if (errno != EEXIST)
			break;
	}
	if (fd < 0)
		return mt_error_set(err, MT_EIO, "cannot write '%s': %s", path,
		                    strerror(errno));
	f->fp = fdopen(fd, "w");
	if (!f->fp) {
		int e = errno;

		close(fd);
		unlink(f->tmp);
		free(f->tmp);
		f->tmp = NULL;
		return mt_error_set(err, MT_EIO, "cannot write '%s': %s", path,
		                    strerror(e));
	}
	f->path = mt_strdup(path);
	return 0;
}

int mt_outfile_write(mt_outfile *f, const void *p, size_t n)
{
	if (!f->fp || f->err)
		return MT_EIO;
	if (n && fwrite(p, 1, n, f->fp) != n) {
		f->err = errno ? errno : EIO;
		return MT_EIO;
	}
	return 0;
}

static void release(mt_outfile *f)
{
	free(f->path);
	free(f->tmp);
	memset(f, 0, sizeof(*f));
}

int mt_outfile_commit(mt_outfile *f, mt_error *err)
{
	int e = f->err;

	if (!f->fp)
		return mt_error_set(err, MT_EIO, "cannot write '%s': not open",
		                    f->path ? f->path : "");
	/* a full disk often shows only at the flush or the sync */
	if (!e && (fflush(f->fp) != 0 || ferror(f->fp)))
		e = errno ? errno : EIO;
	if (!e && fsync(fileno(f->fp)) != 0 && errno != EINVAL)
		e = errno;
	if (fclose(f->fp) != 0 && !e)
		e = errno;
	f->fp = NULL;
	if (!e && rename(f->tmp, f->path) != 0)
		e = errno;
	if (e) {
		mt_error_set(err, MT_EIO, "cannot write '%s': %s", f->path,
		             strerror(e));
		unlink(f->tmp);
		release(f);
		return MT_EIO;
	}
	release(f);
	return 0;
}

void mt_outfile_abort(mt_outfile *f)
{
	if (f->fp)
		fclose(f->fp);
	if (f->tmp)
		unlink(f->tmp);
	release(f);
}

int mt_outfile_remove(const char *path, mt_error *err)
{
	if (unlink(path) == 0 || errno == ENOENT)
		return 0;
	return mt_error_set(err, MT_EIO, "cannot remove '%s': %s", path,
	                    strerror(errno));
}

int mt_outdir_make(const char *path, mt_error *err)
{
	char *p, *s;
	int rc = 0;

	if (!*path)
		return mt_error_set(err, MT_EIO, "cannot create '': %s",
		                    strerror(ENOENT));
	p = mt_strdup(path);
	for (s = p + 1;; s++) {
		int last = *s == '\0';

		if (!last && *s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST) {
			rc = mt_error_set(err, MT_EIO, "cannot create '%s': %s",
			                  p, strerror(errno));
			break;
		}
		if (last)
			break;
		*s = '/';
	}
	if (!rc) {
		struct stat st;

		if (stat(path, &st) < 0)
			rc = mt_error_set(err, MT_EIO, "cannot create '%s': %s",
			                  path, strerror(errno));
		else if (!S_ISDIR(st.st_mode))
			rc = mt_error_set(err, MT_EIO, "cannot create '%s': %s",
			                  path, strerror(ENOTDIR));
	}
	free(p);
	return rc;
}

/* Remove the entries of the directory open as fd; name is its path for
 * messages. */
static int empty_at(int fd, const char *name, int depth, mt_error *err)
{
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (depth > 64) {
		close(fd);
		return mt_error_set(err, MT_EIO,
		                    "cannot empty '%s': nested too deeply",
		                    name);
	}
	if (!(d = fdopendir(fd))) {
		rc = mt_error_set(err, MT_EIO, "cannot empty '%s': %s", name,
		                  strerror(errno));
		close(fd);
		return rc;
	}
	while (!rc && (e = readdir(d))) {
		int sub;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) == 0)
			continue;
		if (errno != EISDIR && errno != EPERM) {
			rc = mt_error_set(err, MT_EIO,
			                  "cannot remove '%s/%s': %s", name,
			                  e->d_name, strerror(errno));
			break;
		}
		/* a directory (not a symlink to one: O_NOFOLLOW) */
		sub = openat(dirfd(d), e->d_name,
		             O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0) {
			rc = mt_error_set(err, MT_EIO,
			                  "cannot remove '%s/%s': %s", name,
			                  e->d_name, strerror(errno));
			break;
		}
		{
			mt_buf sn = MT_BUF_INIT;

			mt_buf_printf(&sn, "%s/%s", name, e->d_name);
			rc = empty_at(sub, sn.ptr, depth + 1, err);
			mt_buf_release(&sn);
		}
		if (!rc && unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) != 0)
			rc = mt_error_set(err, MT_EIO,
			                  "cannot remove '%s/%s': %s", name,
			                  e->d_name, strerror(errno));
	}
	closedir(d);
	return rc;
}

int mt_outdir_empty(const char *path, mt_error *err)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return mt_error_set(err, MT_EIO, "cannot empty '%s': %s", path,
		                    strerror(errno));
	return empty_at(fd, path, 0, err);
}
