/* cmd_bucket.c - `maxtriage bucket`: triage many dumps, group them. */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/bucket.h"
#include "maxtriage/buf.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const formats[] = { "text", "json", NULL };

static const mt_command_help help = {
	"bucket", "maxtriage bucket [options] FILE|DIR...",
	"Triage every dump found (directories are searched recursively; hidden\n"
	"entries and symbolic links are skipped) with the same symbolization and\n"
	"classification as `stack`, group the reports by fingerprint and print one\n"
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
	const mt_triage_cli *cli;
	int progress;
} work;

static int strcmp_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
collect(mt_strlist *out, mt_bucket_set *bs, const char *path, int depth)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	mt_strlist names = { 0 };
	size_t i;

	if (lstat(path, &st) < 0) {
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b, "%s: %s", path, strerror(errno));
		MT_PUSH(bs->errors, bs->nerrors, bs->caperrors,
		        mt_buf_detach(&b));
		return -1;
	}
	if (S_ISREG(st.st_mode)) {
		mt_strlist_push(out, mt_strdup(path));
		return 0;
	}
	if (!S_ISDIR(st.st_mode) || depth > MAX_DEPTH)
		return 0;
	if (!(d = opendir(path))) {
		mt_buf b = MT_BUF_INIT;

		mt_buf_printf(&b, "%s: %s", path, strerror(errno));
		MT_PUSH(bs->errors, bs->nerrors, bs->caperrors,
		        mt_buf_detach(&b));
		return -1;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			mt_strlist_push(&names, mt_strdup(e->d_name));
	closedir(d);
	/* sorted, so the output does not depend on the file system */
	if (names.n)
		qsort(names.items, names.n, sizeof(*names.items), strcmp_ptr);
	for (i = 0; i < names.n; i++) {
		mt_buf p = MT_BUF_INIT;

		mt_buf_printf(&p, "%s/%s", path, names.items[i]);
		collect(out, bs, p.ptr, depth + 1);
		mt_buf_release(&p);
		free((char *)names.items[i]);
	}
	mt_strlist_release(&names);
	return 0;
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
	if (mt_triage_cli_symbolizer(&sym, w->cli, "bucket") != 0)
		sym = NULL;
	mt_triage_cli_pipeline(&pipe, w->cli, sym, repo);
	while ((i = atomic_fetch_add(&w->next, 1)) < w->n) {
		file_result *f = &w->files[i];
		mt_buf text = MT_BUF_INIT;
		struct stat st;

		if (stat(f->path, &st) == 0)
			f->mtime = (int64_t)st.st_mtime;
		if (mt_buf_read_file(&text, f->path) < 0) {
			f->failed = 1;
			f->error = mt_strdup(strerror(errno));
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
	mt_symbolizer_done(sym, "bucket");
	mt_repo_free(repo);
	return NULL;
}

static long default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (n > 64 ? 64 : n) : 1;
}

int cmd_bucket(int argc, char **argv)
{
	const char *format = "text", *baseline = NULL, *write_baseline = NULL;
	long jobs = 0;
	int help_shown = 0, unreadable = 0;
	mt_triage_cli cli;
	mt_strlist inputs = { 0 }, paths = { 0 };
	// clang-format off
	mt_option opts[] = {
		{ 'f', "format", MT_OPT_CHOICE, &format, "FORMAT", "output format", formats },
		{ 'j', "jobs", MT_OPT_INT, &jobs, "N", "triage N files in parallel (default: the number of CPUs)", NULL },
		{ 0, "baseline", MT_OPT_STRING, &baseline, "FILE", "known buckets (a maxtriage.bucket.v1 file): others are new, exit 1 if any", NULL },
		{ 0, "write-baseline", MT_OPT_STRING, &write_baseline, "FILE", "write the buckets found as a baseline", NULL },
		MT_TRIAGE_CLI_OPTIONS(&cli),
		MT_OPT_TERMINATOR
	};
	// clang-format on
	mt_bucket_set bs;
	mt_buf out = MT_BUF_INIT;
	pthread_t *threads = NULL;
	work w;
	mt_error err;
	size_t i, j;
	long t;
	int rc;

	memset(&cli, 0, sizeof(cli));
	memset(&bs, 0, sizeof(bs));
	memset(&w, 0, sizeof(w));
	rc = mt_opts_parse(&help, opts, argc, argv, &inputs, &help_shown);
	if (rc || help_shown)
		goto out;
	if (!inputs.n) {
		mt_die_msg("bucket",
		           "no input: give dump files or directories");
		rc = MT_EXIT_USAGE;
		goto out;
	}
	if (jobs < 0 || jobs > 256) {
		mt_die_msg("bucket", "--jobs must be between 1 and 256");
		rc = MT_EXIT_USAGE;
		goto out;
	}
	if (!jobs)
		jobs = default_jobs();
	if ((rc = mt_triage_cli_setup(&cli, "bucket")))
		goto out;
	for (i = 0; i < inputs.n; i++)
		if (collect(&paths, &bs, inputs.items[i], 0) < 0)
			unreadable = 1;
	for (i = 0; i < bs.nerrors; i++)
		mt_die_msg("bucket", "cannot read %s", bs.errors[i]);

	w.files = mt_calloc(paths.n, sizeof(*w.files));
	w.n = paths.n;
	w.cli = &cli;
	w.progress = isatty(STDERR_FILENO);
	for (i = 0; i < paths.n; i++)
		w.files[i].path = (char *)paths.items[i];
	if ((size_t)jobs > paths.n)
		jobs = paths.n ? (long)paths.n : 1;
	threads = mt_calloc((size_t)jobs, sizeof(*threads));
	for (t = 0; t < jobs; t++)
		if (pthread_create(&threads[t], NULL, worker, &w) != 0) {
			/* run what could not be started on this thread */
			jobs = t;
			break;
		}
	if (!jobs)
		worker(&w);
	for (t = 0; t < jobs; t++)
		pthread_join(threads[t], NULL);
	if (w.progress && w.n)
		fputc('\n', stderr);

	for (i = 0; i < w.n; i++) {
		file_result *f = &w.files[i];

		if (f->failed) {
			mt_buf b = MT_BUF_INIT;

			mt_die_msg("bucket", "cannot read '%s': %s", f->path,
			           f->error);
			mt_buf_printf(&b, "%s: %s", f->path, f->error);
			MT_PUSH(bs.errors, bs.nerrors, bs.caperrors,
			        mt_buf_detach(&b));
			unreadable = 1;
			continue;
		}
		bs.files++;
		for (j = 0; j < f->set.n; j++) {
			const mt_report *r = &f->set.reports[j];

			mt_bucket_add(&bs, r->fingerprint, r->signature,
			              mt_category_name(r->category), r->kind,
			              f->path, f->mtime);
		}
	}
	mt_bucket_finish(&bs);
	if (baseline && mt_bucket_apply_baseline(&bs, baseline, &err) < 0) {
		mt_die_msg("bucket", "%s", err.msg);
		rc = err.code == MT_EIO ? MT_EXIT_INPUT : MT_EXIT_USAGE;
		goto out;
	}
	if (write_baseline) {
		mt_buf b = MT_BUF_INIT;
		FILE *f = fopen(write_baseline, "w");

		mt_bucket_render_json(&b, &bs);
		if (!f || fwrite(b.ptr, 1, b.len, f) != b.len ||
		    fclose(f) != 0) {
			mt_die_msg("bucket", "cannot write baseline '%s': %s",
			           write_baseline, strerror(errno));
			mt_buf_release(&b);
			rc = MT_EXIT_INPUT;
			goto out;
		}
		mt_buf_release(&b);
	}
	if (!strcmp(format, "json"))
		mt_bucket_render_json(&out, &bs);
	else
		mt_bucket_render_text(&out, &bs, mt_use_color(stdout));
	fwrite(out.ptr, 1, out.len, stdout);
	fflush(stdout);
	if (unreadable)
		rc = MT_EXIT_INPUT;
	else
		rc = baseline && mt_bucket_count_new(&bs) ? MT_EXIT_NOTHING
		                                          : MT_EXIT_OK;
out:
	for (i = 0; i < w.n; i++) {
		free(w.files[i].error);
		mt_report_set_release(&w.files[i].set);
	}
	free(w.files);
	free(threads);
	for (i = 0; i < paths.n; i++)
		free((char *)paths.items[i]);
	mt_strlist_release(&paths);
	mt_buf_release(&out);
	mt_bucket_set_release(&bs);
	mt_triage_cli_release(&cli);
	mt_strlist_release(&inputs);
	return rc;
}
