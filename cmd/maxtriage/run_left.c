/*
 * run_left.c - what a crashed command left on disk, for `maxtriage run`:
 * the minidumps that appeared in the Crashpad databases during the run
 * (the three places Modular's installs keep one, and any the log names
 * with an "attachments/<UUID>" line) are copied into DIR, and a core the
 * kernel wrote for the command (core_pattern "core", "core.%p" or a path
 * pattern; systemd-coredump through coredumpctl) is moved there.
 */
#include "run_left.h"

#include "maxtriage/buf.h"
#include "maxtriage/crashdb.h"
#include "maxtriage/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_CORE_BYTES ((off_t)64 << 30)

void run_raise_core_limit(void)
{
	struct rlimit rl;

	/* the hard limit is as far as an unprivileged child may go */
	if (getrlimit(RLIMIT_CORE, &rl) == 0 && rl.rlim_cur != rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_CORE, &rl);
	}
}

static void push_owned(cli_strlist *l, const char *s)
{
	cli_strlist_push(l, mt_strdup(s));
}

static void free_owned(cli_strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free((char *)l->items[i]);
	cli_strlist_release(l);
}

static int listed(const cli_strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->items[i], s))
			return 1;
	return 0;
}

/* Every dump in the databases of dbs, by path, into out. */
static void dumps_in(cli_strlist *out, const cli_strlist *dbs)
{
	size_t i, j, n;

	for (i = 0; i < dbs->n; i++) {
		mt_crashdb_entry *e;

		if (mt_crashdb_list(&e, &n, dbs->items[i], NULL) < 0)
			continue;
		for (j = 0; j < n; j++)
			if (!listed(out, e[j].path))
				push_owned(out, e[j].path);
		mt_crashdb_entries_free(e, n);
	}
}

void run_left_begin(run_left *l)
{
	char **dirs;
	size_t n, i;
	char cwd[4096];

	memset(l, 0, sizeof(*l));
	l->start = time(NULL);
	dirs = mt_crashdb_known_dirs(&n, getenv("HOME"),
	                             getcwd(cwd, sizeof(cwd)) ? cwd : ".");
	for (i = 0; i < n; i++) {
		push_owned(&l->dbs, dirs[i]);
		free(dirs[i]);
	}
	free(dirs);
	dumps_in(&l->before, &l->dbs);
}

/* "…/crashdb/attachments/<UUID>" in the log names the database (and the
 * crash) even where it is none of the usual three. */
static void databases_in_log(cli_strlist *dbs, const mt_buf *log)
{
	const char *p = log->ptr, *end = log->ptr + log->len;

	while (p < end) {
		const char *hit =
		        memmem(p, (size_t)(end - p), "/attachments/", 13);
		const char *start;
		mt_buf db = MT_BUF_INIT;

		if (!hit)
			break;
		start = hit;
		while (start > log->ptr && start[-1] != ' ' &&
		       start[-1] != '\'' && start[-1] != '"' &&
		       start[-1] != '\n' && start[-1] != '\t' &&
		       start[-1] != '(')
			start--;
		if (hit > start && *start == '/') {
			mt_buf_put(&db, start, (size_t)(hit - start));
			if (!listed(dbs, db.ptr) && mt_crashdb_is(db.ptr))
				push_owned(dbs, db.ptr);
		}
		mt_buf_release(&db);
		p = hit + 13;
	}
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, ret = -1;
	ssize_t n;

	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	           0600);
	if (out < 0)
		goto done;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			goto done;
	ret = n < 0 ? -1 : 0;
done:
	if (out >= 0 && close(out) != 0)
		ret = -1;
	close(in);
	if (ret < 0)
		unlink(to);
	return ret;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* The new dumps: copied (Crashpad owns the originals, and may upload
 * them), with their .meta. */
static void keep_minidumps(run_left *l,
                           const char *outdir,
                           cli_strlist *kept,
                           cli_strlist *notes)
{
	cli_strlist now = { 0 };
	size_t i;

	dumps_in(&now, &l->dbs);
	for (i = 0; i < now.n; i++) {
		mt_buf to = MT_BUF_INIT, meta = MT_BUF_INIT, mto = MT_BUF_INIT;
		const char *from = now.items[i];
		size_t len = strlen(from);

		if (listed(&l->before, from))
			continue;
		mt_buf_printf(&to, "%s/%s", outdir, base_name(from));
		if (copy_file(from, to.ptr) == 0) {
			push_owned(kept, to.ptr);
			mt_buf_put(&meta, from, len - 4);
			mt_buf_puts(&meta, ".meta");
			mt_buf_put(&mto, to.ptr, to.len - 4);
			mt_buf_puts(&mto, ".meta");
			(void)copy_file(meta.ptr, mto.ptr);
		} else {
			mt_buf_clear(&meta);
			mt_buf_printf(
			        &meta,
			        "cannot copy the minidump '%s' into '%s': %s",
			        from, outdir, strerror(errno));
			push_owned(notes, meta.ptr);
		}
		mt_buf_release(&to);
		mt_buf_release(&meta);
		mt_buf_release(&mto);
	}
	free_owned(&now);
}

static int is_core_file(const char *path)
{
	unsigned char h[18];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, h, sizeof(h));
	close(fd);
	return n == (ssize_t)sizeof(h) && !memcmp(h, "\177ELF", 4) &&
	       h[16] == 4 && h[17] == 0; /* ET_CORE */
}

/* A core of this run in dir: a file named core or core.* made since the
 * run started (the kernel names it as core_pattern says). */
static void find_core(mt_buf *out, const char *dir, time_t start, pid_t pid)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char pidtxt[32];

	mt_buf_clear(out);
	if (!d)
		return;
	snprintf(pidtxt, sizeof(pidtxt), "%d", (int)pid);
	while ((e = readdir(d))) {
		mt_buf p = MT_BUF_INIT;
		struct stat st;

		if (strncmp(e->d_name, "core", 4) ||
		    (e->d_name[4] && !strstr(e->d_name, pidtxt)))
			continue;
		mt_buf_printf(&p, "%s/%s", dir, e->d_name);
		if (lstat(p.ptr, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_mtime >= start && st.st_size < MAX_CORE_BYTES &&
		    is_core_file(p.ptr) && !out->len)
			mt_buf_puts(out, p.ptr);
		mt_buf_release(&p);
	}
	closedir(d);
}

/* systemd-coredump keeps the core itself: ask coredumpctl for it. */
static int coredumpctl_dump(pid_t pid, const char *to)
{
	pid_t c;
	int status;
	char pidtxt[32], out[4200];

	snprintf(pidtxt, sizeof(pidtxt), "%d", (int)pid);
	snprintf(out, sizeof(out), "--output=%s", to);
	fflush(NULL);
	c = fork();
	if (c == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execlp("coredumpctl", "coredumpctl", "--no-pager", "-q", "dump",
		       out, pidtxt, (char *)NULL);
		_exit(127);
	}
	if (c < 0)
		return -1;
	while (waitpid(c, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 && is_core_file(to)
	               ? 0
	               : -1;
}

static void keep_core(run_left *l,
                      const char *outdir,
                      pid_t pid,
                      cli_strlist *kept,
                      cli_strlist *notes)
{
	char pattern[4096] = "";
	mt_buf dir = MT_BUF_INIT, found = MT_BUF_INIT, to = MT_BUF_INIT;
	FILE *f = fopen("/proc/sys/kernel/core_pattern", "r");

	if (f) {
		if (!fgets(pattern, sizeof(pattern), f))
			pattern[0] = '\0';
		fclose(f);
	}
	pattern[strcspn(pattern, "\n")] = '\0';
	mt_buf_printf(&to, "%s/core.%d", outdir, (int)pid);
	if (pattern[0] == '|') {
		if (strstr(pattern, "systemd-coredump") &&
		    coredumpctl_dump(pid, to.ptr) == 0)
			push_owned(kept, to.ptr);
		goto out;
	}
	if (strchr(pattern, '/'))
		mt_buf_put(&dir, pattern,
		           (size_t)(strrchr(pattern, '/') - pattern));
	else
		mt_buf_puts(&dir, ".");
	if (!dir.len)
		mt_buf_puts(&dir, "/");
	find_core(&found, dir.ptr, l->start, pid);
	if (!found.len)
		goto out;
	/* moved, not copied: a core can be gigabytes, and it is ours */
	if (rename(found.ptr, to.ptr) == 0 ||
	    copy_file(found.ptr, to.ptr) == 0) {
		push_owned(kept, to.ptr);
	} else {
		mt_buf_clear(&dir);
		mt_buf_printf(&dir, "cannot keep the core '%s' in '%s': %s",
		              found.ptr, outdir, strerror(errno));
		push_owned(notes, dir.ptr);
	}
out:
	mt_buf_release(&dir);
	mt_buf_release(&found);
	mt_buf_release(&to);
}

void run_left_collect(run_left *l,
                      const char *outdir,
                      pid_t pid,
                      const mt_buf *log,
                      cli_strlist *kept,
                      cli_strlist *notes)
{
	databases_in_log(&l->dbs, log);
	keep_minidumps(l, outdir, kept, notes);
	keep_core(l, outdir, pid, kept, notes);
}

/* The names run_left_collect gives what it keeps. */
static int kept_name(const char *n)
{
	size_t len = strlen(n);

	if (!strncmp(n, "core.", 5) && n[5] &&
	    strspn(n + 5, "0123456789") == len - 5)
		return 1;
	return len > 5 &&
	       (!strcmp(n + len - 4, ".dmp") || !strcmp(n + len - 5, ".meta"));
}

int run_left_clear(const char *outdir, mt_error *err)
{
	DIR *d = opendir(outdir);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return 0;
	while (!ret && (e = readdir(d))) {
		mt_buf p = MT_BUF_INIT;

		if (e->d_name[0] == '.' || !kept_name(e->d_name))
			continue;
		mt_buf_printf(&p, "%s/%s", outdir, e->d_name);
		ret = mt_outfile_remove(p.ptr, err);
		mt_buf_release(&p);
	}
	closedir(d);
	return ret;
}

void run_left_release(run_left *l)
{
	free_owned(&l->before);
	free_owned(&l->dbs);
}

void run_strlist_free(cli_strlist *l)
{
	free_owned(l);
}
