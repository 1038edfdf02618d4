/* cmd_bucket.c - `maxtriage bucket`: triage many dumps, group them. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/bucket_output.h"
#include "maxtriage/buf.h"
#include "maxtriage/crashdb.h"
#include "maxtriage/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const formats[] = { "text", "json", NULL };

static const cli_command_help help = {
	"bucket", "FILE|DIR...",
	"Triage every dump found (directories are searched recursively, hidden\n"
	"entries skipped; symbolic links are followed on the command line and,\n"
	"inside directories, to files only; anything not triaged, a FIFO, a\n"
	"socket, a dangling link, a loop, a file over 1 GiB, is listed under\n"
	"errors) with the same symbolization and\n"
	"classification as `stack` (dump text, minidumps and cores alike; a\n"
	"Crashpad database gives each of its .dmp files once, not its .meta, lock\n"
	"files or attachments), group the reports by fingerprint and print one\n"
	"line per bucket: count, class, kind, fingerprint, signature, an example\n"
	"file, first and last file time.",
	"With --baseline, buckets whose fingerprint the baseline lacks are marked\n"
	"new and the exit status is 1 when there is any (0 when none), so a CI step\n"
	"fails only on new crashes. Exit 2 usage, 3 an input could not be read.\n"
	"JSON schema: maxtriage.bucket.v1 (docs/json-bucket.md)."
};

/* Directory nesting followed at most; deeper trees are reported. */
#define MAX_DEPTH 64

typedef struct file_result {
	char *path;
	int64_t mtime;
	int failed;
	char *error;
	mt_report_set set;
} file_result;

typedef struct work {
	file_result *files;
	size_t n;
	atomic_size_t next;
	atomic_size_t done;
	const cli_triage *cli;
	int progress;
} work;

static int strcmp_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Record "path: why" under the bucket set's errors. Returns -1. */
static int input_error(mt_bucket_set *bs, const char *path, const char *why)
{
	mt_buf b = MT_BUF_INIT;

	mt_buf_printf(&b, "%s: %s", path, why);
	MT_PUSH(bs->errors, bs->nerrors, bs->caperrors, mt_buf_detach(&b));
	return -1;
}

/* What a file that is neither a regular file nor a directory is. */
static const char *file_kind(mode_t m)
{
	return S_ISFIFO(m)   ? "a FIFO"
	       : S_ISSOCK(m) ? "a socket"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
	                     : "not a regular file";
}

/* Why stat(path) failed where lstat found a symlink (or nothing). */
static const char *stat_failure(const char *path, int e)
{
	struct stat lst;

	if (e == ELOOP)
		return "symbolic link loop";
	if (e == ENOENT && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
		return "dangling symbolic link";
	return strerror(e);
}

static int
collect(cli_strlist *out, mt_bucket_set *bs, const char *path, int depth);

/* A Crashpad database: each crash's .dmp once (not its .meta, lock
 * files or attachments, which would count one crash again). */
static int collect_crashdb(cli_strlist *out, mt_bucket_set *bs, const char *dir)
{
	mt_crashdb_entry *e;
	mt_error err;
	size_t n, i;

	if (mt_crashdb_list(&e, &n, dir, &err) < 0)
		return input_error(bs, dir, err.msg);
	for (i = 0; i < n; i++)
		cli_strlist_push(out, mt_strdup(e[i].path));
	mt_crashdb_entries_free(e, n);
	return 0;
}

/* The entries of directory path, sorted (so the output does not depend
 * on the file system), each collected; hidden ones are skipped. */
static int
collect_dir(cli_strlist *out, mt_bucket_set *bs, const char *path, int depth)
{
	cli_strlist names = { 0 };
	struct dirent *e;
	size_t i;
	int rc = 0;
	DIR *d;

	if (depth >= MAX_DEPTH)
		return input_error(bs, path,
		                   "directory nested too deeply, not searched");
	if (!(d = opendir(path)))
		return input_error(bs, path, strerror(errno));
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			cli_strlist_push(&names, mt_strdup(e->d_name));
	closedir(d);
	if (names.n)
		qsort(names.items, names.n, sizeof(*names.items), strcmp_ptr);
	for (i = 0; i < names.n; i++) {
		mt_buf p = MT_BUF_INIT;

		mt_buf_printf(&p, "%s/%s", path, names.items[i]);
		if (collect(out, bs, p.ptr, depth + 1) < 0)
			rc = -1;
		mt_buf_release(&p);
		free((char *)names.items[i]);
	}
	cli_strlist_release(&names);
	return rc;
}

/* Find the dumps at path: a regular file is one, a directory is searched.
 * Symbolic links are followed on the command line (depth 0, as grep,
 * cat and find -H do) and, below it, to regular files only: a link to a
 * directory found inside one is not entered (no loops, no escapes from
 * the tree given), and is listed under errors as every entry that is not
 * triaged is (FIFOs, sockets, devices, dangling links, loops). Returns -1
 * when anything went under errors. */
static int
collect(cli_strlist *out, mt_bucket_set *bs, const char *path, int depth)
{
	struct stat st, lst;

	if (lstat(path, &lst) < 0)
		return input_error(bs, path, strerror(errno));
	if (S_ISLNK(lst.st_mode) || depth == 0) {
		if (stat(path, &st) < 0)
			return input_error(bs, path, stat_failure(path, errno));
	} else {
		st = lst;
	}
	if (S_ISREG(st.st_mode)) {
		cli_strlist_push(out, mt_strdup(path));
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		if (depth > 0 && S_ISLNK(lst.st_mode))
			return input_error(bs, path,
			                   "symbolic link to a directory, not "
			                   "followed (give it as an input)");
		if (mt_crashdb_is(path))
			return collect_crashdb(out, bs, path);
		return collect_dir(out, bs, path, depth);
	}
	return input_error(bs, path, file_kind(st.st_mode));
}

/* Read the dump at path into text, checking again what collect() saw:
 * the file may have changed since (a FIFO now would block the worker).
 * NULL, or why it was not read (a new string). */
static char *read_dump(mt_buf *text, int64_t *mtime, const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	char chunk[65536];
	struct stat st;
	char *why = NULL;
	ssize_t n;

	if (fd < 0)
		return mt_strdup(strerror(errno));
	if (fstat(fd, &st) < 0) {
		why = mt_strdup(strerror(errno));
	} else if (!S_ISREG(st.st_mode)) {
		why = mt_strdup(file_kind(st.st_mode));
	} else if ((uint64_t)st.st_size > CLI_INPUT_MAX) {
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b,
		              "too big (%jd bytes; the limit is %" PRIu64 ")",
		              (intmax_t)st.st_size, CLI_INPUT_MAX);
		why = mt_buf_detach(&b);
	} else {
		*mtime = (int64_t)st.st_mtime;
		while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				why = mt_strdup(strerror(errno));
				break;
			}
			mt_buf_put(text, chunk, (size_t)n);
			/* a file that grows while it is read stops at the bound
			 */
			if (text->len > CLI_INPUT_MAX) {
				why = mt_strdup("too big (it grew while read)");
				break;
			}
		}
	}
	close(fd);
	return why;
}

/* An ELF core at f->path (its first bytes say so): triaged from the
 * file, not read into memory. 1 when it was one. */
static int triage_core(file_result *f, const mt_pipeline *pipe)
{
	unsigned char head[64];
	struct stat st;
	mt_error err;
	ssize_t n;
	int fd = open(f->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (n = read(fd, head, sizeof(head))) < 0 ||
	    !mt_triage_is_image(head, (size_t)n) || !memcmp(head, "MDMP", 4)) {
		close(fd);
		return 0;
	}
	close(fd);
	f->mtime = (int64_t)st.st_mtime;
	if (mt_triage_image(&f->set, f->path, head, (size_t)n, pipe, &err) <
	    0) {
		f->failed = 1;
		f->error = mt_strdup(err.msg);
	}
	return 1;
}

static void *worker(void *arg)
{
	work *w = arg;
	mt_symbolizer *sym = NULL;
	mt_repo *repo = NULL;
	mt_pipeline pipe;
	mt_error err;
	size_t i;

	/* libgit2 and the symbolizer are used by one thread each */
	if (!w->cli->no_repo)
		(void)mt_repo_open(&repo, w->cli->repo_path, &err);
	if (cli_triage_symbolizer(&sym, w->cli, "bucket") != 0)
		sym = NULL;
	cli_triage_pipeline(&pipe, w->cli, sym, repo);
	while ((i = atomic_fetch_add(&w->next, 1)) < w->n) {
		file_result *f = &w->files[i];
		mt_buf text = MT_BUF_INIT;

		if (triage_core(f, &pipe)) {
			/* a core is read by path (it may be gigabytes) */
		} else if ((f->error = read_dump(&text, &f->mtime, f->path))) {
			f->failed = 1;
		} else if (mt_triage_is_image(text.ptr, text.len)) {
			if (mt_triage_image(&f->set, f->path, text.ptr,
			                    text.len, &pipe, &err) < 0) {
				f->failed = 1;
				f->error = mt_strdup(err.msg);
			}
		} else {
			mt_triage_text(&f->set, text.ptr, text.len, &pipe);
		}
		mt_buf_release(&text);
		/* only the bucket fields are needed from here on */
		{
			size_t done = atomic_fetch_add(&w->done, 1) + 1;

			if (w->progress && (done % 16 == 0 || done == w->n))
				fprintf(stderr, "\rbucket: %zu/%zu files", done,
				        w->n);
		}
	}
	cli_symbolizer_done(sym, "bucket");
	mt_repo_free(repo);
	return NULL;
}

static long default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (n > 64 ? 64 : n) : 1;
}

/* Triage every file of w on up to jobs threads (on this one when no
 * thread can be started). */
static void run_workers(work *w, long jobs)
{
	pthread_t *threads;
	long t;

	if ((size_t)jobs > w->n)
		jobs = w->n ? (long)w->n : 1;
	threads = mt_calloc((size_t)jobs, sizeof(*threads));
	for (t = 0; t < jobs; t++)
		if (pthread_create(&threads[t], NULL, worker, w) != 0) {
			/* run what could not be started on this thread */
			jobs = t;
			break;
		}
	if (!jobs)
		worker(w);
	for (t = 0; t < jobs; t++)
		pthread_join(threads[t], NULL);
	free(threads);
	if (w->progress && w->n)
		fputc('\n', stderr);
}

/* Add every report of every file to bs, in file order; unreadable files
 * become errors. Returns whether any file could not be read. */
static int gather(mt_bucket_set *bs, const work *w)
{
	int unreadable = 0;
	size_t i, j;

	for (i = 0; i < w->n; i++) {
		const file_result *f = &w->files[i];

		if (f->failed) {
			mt_buf b = MT_BUF_INIT;

			cli_message("bucket", "cannot read '%s': %s", f->path,
			            f->error);
			mt_buf_printf(&b, "%s: %s", f->path, f->error);
			MT_PUSH(bs->errors, bs->nerrors, bs->caperrors,
			        mt_buf_detach(&b));
			unreadable = 1;
			continue;
		}
		bs->files++;
		for (j = 0; j < f->set.n; j++) {
			const mt_report *r = &f->set.reports[j];

			mt_bucket_add(bs, r->fingerprint, r->signature,
			              mt_category_name(r->category), r->kind,
			              f->path, f->mtime);
		}
	}
	mt_bucket_finish(bs);
	return unreadable;
}

/* 0, or CLI_EXIT_INPUT after saying why path could not be written. The
 * file is written whole or not at all (outfile.h): a baseline a later
 * CI step reads is never half a document. */
static int write_baseline_file(const mt_bucket_set *bs, const char *path)
{
	mt_buf b = MT_BUF_INIT;
	mt_outfile f;
	mt_error err;
	int rc = 0;

	mt_bucket_render_json(&b, bs);
	if (mt_outfile_open(&f, path, &err) < 0 ||
	    mt_outfile_write(&f, b.ptr, b.len) < 0 ||
	    mt_outfile_commit(&f, &err) < 0) {
		if (f.fp) {
			mt_error_set(&err, MT_EIO, "cannot write '%s': %s",
			             path, strerror(f.err ? f.err : EIO));
			mt_outfile_abort(&f);
		}
		rc = cli_error("bucket", CLI_EXIT_INPUT, "baseline: %s",
		               err.msg);
	}
	mt_buf_release(&b);
	return rc;
}

/* Find the files below inputs and triage them into w (files and paths
 * are owned by the caller). Returns whether an input could not be read. */
static int triage_inputs(work *w,
                         cli_strlist *paths,
                         mt_bucket_set *bs,
                         const cli_strlist *inputs,
                         long jobs)
{
	int unreadable = 0;
	size_t i;

	for (i = 0; i < inputs->n; i++)
		if (collect(paths, bs, inputs->items[i], 0) < 0)
			unreadable = 1;
	for (i = 0; i < bs->nerrors; i++)
		cli_message("bucket", "cannot read %s", bs->errors[i]);
	w->files = mt_calloc(paths->n, sizeof(*w->files));
	w->n = paths->n;
	w->progress = isatty(STDERR_FILENO);
	for (i = 0; i < paths->n; i++)
		w->files[i].path = (char *)paths->items[i];
	run_workers(w, jobs);
	return unreadable;
}

int cmd_bucket(int argc, char **argv)
{
	const char *format = "text", *color_when = NULL, *baseline = NULL,
	           *write_baseline = NULL;
	long jobs = 0;
	int help_shown = 0, unreadable = 0;
	cli_triage cli;
	cli_strlist inputs = { 0 }, paths = { 0 };
	// clang-format off
	const cli_option opts[] = {
		CLI_CHOICE('f', "format", &format, "FORMAT", formats,
		           "output format"),
		CLI_COLOR(&color_when),
		CLI_INT('j', "jobs", &jobs, "N",
		        "triage N files in parallel (default: the number of "
		        "CPUs)"),
		CLI_STRING(0, "baseline", &baseline, "FILE",
		           "known buckets (a maxtriage.bucket.v1 file): others "
		           "are new, exit 1 if any"),
		CLI_STRING(0, "write-baseline", &write_baseline, "FILE",
		           "write the buckets found as a baseline"),
		CLI_TRIAGE_OPTIONS(&cli),
		CLI_OPT_TERMINATOR
	};
	// clang-format on
	mt_bucket_set bs;
	mt_buf out = MT_BUF_INIT;
	work w;
	mt_error err;
	size_t i;
	int rc;

	memset(&cli, 0, sizeof(cli));
	memset(&bs, 0, sizeof(bs));
	memset(&w, 0, sizeof(w));
	w.cli = &cli;
	rc = cli_opts_parse(&help, opts, argc, argv, &inputs, &help_shown);
	if (rc || help_shown)
		goto out;
	if (!inputs.n) {
		rc = cli_error("bucket", CLI_EXIT_USAGE,
		               "no input: give dump files or directories");
		goto out;
	}
	if (jobs < 0 || jobs > 256) {
		rc = cli_error("bucket", CLI_EXIT_USAGE,
		               "--jobs must be between 1 and 256");
		goto out;
	}
	if ((rc = cli_triage_setup(&cli, "bucket")))
		goto out;
	unreadable = triage_inputs(&w, &paths, &bs, &inputs,
	                           jobs ? jobs : default_jobs());
	unreadable |= gather(&bs, &w);
	if (baseline && mt_bucket_apply_baseline(&bs, baseline, &err) < 0) {
		rc = cli_error("bucket",
		               err.code == MT_EIO ? CLI_EXIT_INPUT
		                                  : CLI_EXIT_USAGE,
		               "%s", err.msg);
		goto out;
	}
	if (write_baseline && (rc = write_baseline_file(&bs, write_baseline)))
		goto out;
	if (!strcmp(format, "json"))
		mt_bucket_render_json(&out, &bs);
	else
		mt_bucket_render_text(&out, &bs,
		                      cli_use_color(stdout, color_when));
	fwrite(out.ptr, 1, out.len, stdout);
	fflush(stdout);
	if (unreadable)
		rc = CLI_EXIT_INPUT;
	else
		rc = baseline && mt_bucket_count_new(&bs) ? CLI_EXIT_NOTHING
		                                          : CLI_EXIT_OK;
out:
	for (i = 0; i < w.n; i++) {
		free(w.files[i].error);
		mt_report_set_release(&w.files[i].set);
	}
	free(w.files);
	for (i = 0; i < paths.n; i++)
		free((char *)paths.items[i]);
	cli_strlist_release(&paths);
	mt_buf_release(&out);
	mt_bucket_set_release(&bs);
	cli_triage_release(&cli);
	cli_strlist_release(&inputs);
	return rc;
}
