/*
 * cmd_run.c - `maxtriage run -- COMMAND...`: run a command with MAX's
 * debug switches on, keep its output while saving it, and triage it when
 * it fails or prints a crash or error report.
 *
 * The command's standard output and error are one pipe, as with `2>&1`:
 * the kernel then keeps the order of its writes, which two pipes read
 * by poll() cannot (whatever is ready on both is read in fd order).
 */
#include "cmd.h"
#include "run_left.h"
#include "triage_cli.h"

#include "maxtriage/buf.h"
#include "maxtriage/join.h"
#include "maxtriage/outfile.h"
#include "maxtriage/run_output.h"
#include "maxtriage/stack_output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const cli_command_help help = {
	"run", "[--] COMMAND [ARG...]",
	"Run COMMAND (for example `max serve ...` or `python model.py`) with\n"
	"MODULAR_DEBUG extended by stack-trace-on-crash,stack-trace-on-error and\n"
	"ir-output-dir=DIR/ir, and the model IR cache off\n"
	"(MODULAR_MAX_ENABLE_MODEL_IR_CACHE=false). Its standard output and error\n"
	"are one pipe (as with 2>&1): they pass through, in the order written, to\n"
	"maxtriage's standard output and are saved to DIR/log.txt. When it fails,\n"
	"or exits 0 but printed a crash or error report, the log and the IR dumps\n"
	"are triaged as `report` does (stack, irdiff and their joins) into\n"
	"DIR/triage.json (maxtriage.run.v1).\n"
	"DIR holds the outputs of one run: the log.txt, triage.json and kept\n"
	"dumps (core.PID, *.dmp, *.meta) of an earlier run are removed first and\n"
	"DIR/ir is emptied when an earlier run\n"
	"made it (DIR/ir holding other files is refused). Each file is written\n"
	"whole beside its name and renamed into place, never through a symlink.\n"
	"What the crash left is kept and triaged too: the command runs with its\n"
	"core size limit raised to the hard limit; a core it left (core_pattern\n"
	"core, core.PID or a path pattern; systemd-coredump through coredumpctl)\n"
	"is moved to DIR/core.PID, and the minidumps new in the crash databases\n"
	"(~/.modular/crashdb, .magic/envs/default/share/max/crashdb,\n"
	".pixi/envs/default/share/max/crashdb, and any the log names with an\n"
	"attachments/UUID line) are copied into DIR. With --timeout, a command\n"
	"still running after SECS seconds is a hang: every thread's stack is taken\n"
	"(ptrace, as eu-stack -p; where it is refused, that is said and the run goes\n"
	"on), reported as kind hang, and the command is stopped with SIGABRT, then\n"
	"SIGQUIT, then SIGKILL (so that a crash handler can still write its dump).",
	"exit status: the command's own (128+N when it was killed by signal N,\n"
	"127 when it could not be started); 2 usage error of run itself; 3 DIR\n"
	"could not be prepared, or the command exited 0 and log.txt or\n"
	"triage.json could not be written (the error names the file; a failing\n"
	"command keeps its own status).\n"
	"docs/json-run.md describes triage.json."
};

static void set_debug_env(const char *irdir)
{
	const char *old = getenv("MODULAR_DEBUG");
	mt_buf b = MT_BUF_INIT;

	if (old && *old)
		mt_buf_printf(&b, "%s,", old);
	mt_buf_printf(
	        &b,
	        "stack-trace-on-crash,stack-trace-on-error,ir-output-dir=%s",
	        irdir);
	setenv("MODULAR_DEBUG", b.ptr, 1);
	setenv("MODULAR_MAX_ENABLE_MODEL_IR_CACHE", "false", 1);
	mt_buf_release(&b);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Copy the child's output (both streams, one pipe) to our standard
 * output, the log file and log until it closes. A log file that cannot
 * take more keeps its error for the commit; the rest goes on. */
static void pump(int fd, mt_outfile *log_file, mt_buf *log)
{
	char chunk[65536];

	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		(void)write_all(STDOUT_FILENO, chunk, (size_t)n);
		(void)mt_outfile_write(log_file, chunk, (size_t)n);
		mt_buf_put(log, chunk, (size_t)n);
	}
}

/* Milliseconds left until deadline (0: none, -1 for poll), or 0 when it
 * has passed. */
static int ms_left(const struct timespec *deadline)
{
	struct timespec now;
	long long ms;

	if (!deadline->tv_sec)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(deadline->tv_sec - now.tv_sec) * 1000 +
	     (deadline->tv_nsec - now.tv_nsec) / 1000000;
	return ms > 0 ? (int)(ms > 1000000 ? 1000000 : ms) : 0;
}

/* pump() until the output closes or deadline (tv_sec 0: none) passes:
 * 1 when it passed first. */
static int pump_until(int fd,
                      mt_outfile *log_file,
                      mt_buf *log,
                      const struct timespec *deadline)
{
	char chunk[65536];

	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		int wait = ms_left(deadline), r;
		ssize_t n;

		if (wait == 0)
			return 1;
		r = poll(&p, 1, wait);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			continue; /* the deadline: seen above */
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		(void)write_all(STDOUT_FILENO, chunk, (size_t)n);
		(void)mt_outfile_write(log_file, chunk, (size_t)n);
		mt_buf_put(log, chunk, (size_t)n);
	}
}

static struct timespec deadline_in(long secs)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	t.tv_sec += secs;
	return t;
}

/* The files of one run: DIR/ir, DIR/log.txt, DIR/triage.json, and the
 * mark that DIR holds a run's outputs, DIR/.maxtriage-run. */
typedef struct run_paths {
	mt_buf irdir, log, triage, mark;
} run_paths;

/* Whether the directory path has any entry. */
static int dir_has_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int any = 0;

	if (!d)
		return 0;
	while (!any && (e = readdir(d)))
		any = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return any;
}

/* Make DIR ready for one run, so that all it holds afterwards is of that
 * run: the previous log.txt and triage.json removed, DIR/ir created or,
 * when a previous run made it (DIR/.maxtriage-run), emptied. DIR/ir
 * holding files of someone else, or a symlink, is refused: they would be
 * mixed with the new stages or written through. 0, or CLI_EXIT_INPUT
 * after saying why. */
static int prepare_dir(const run_paths *rp, const char *outdir)
{
	struct stat st;
	mt_error err;
	int fd;

	if (mt_outdir_make(outdir, &err) < 0)
		return cli_error("run", CLI_EXIT_INPUT, "%s", err.msg);
	if (lstat(rp->irdir.ptr, &st) == 0) {
		if (!S_ISDIR(st.st_mode))
			return cli_error(
			        "run", CLI_EXIT_INPUT,
			        "'%s' is not a directory (%s): refusing "
			        "to write IR through it",
			        rp->irdir.ptr,
			        S_ISLNK(st.st_mode) ? "a symbolic link"
			                            : "a file");
		if (dir_has_entries(rp->irdir.ptr)) {
			if (access(rp->mark.ptr, F_OK) != 0)
				return cli_error(
				        "run", CLI_EXIT_INPUT,
				        "'%s' holds files no earlier run wrote: "
				        "empty it or choose another --out",
				        rp->irdir.ptr);
			if (mt_outdir_empty(rp->irdir.ptr, &err) < 0)
				return cli_error("run", CLI_EXIT_INPUT, "%s",
				                 err.msg);
		}
	} else if (mkdir(rp->irdir.ptr, 0777) < 0) {
		return cli_error("run", CLI_EXIT_INPUT,
		                 "cannot create '%s': %s", rp->irdir.ptr,
		                 strerror(errno));
	}
	if (mt_outfile_remove(rp->log.ptr, &err) < 0 ||
	    mt_outfile_remove(rp->triage.ptr, &err) < 0 ||
	    (access(rp->mark.ptr, F_OK) == 0 &&
	     run_left_clear(outdir, &err) < 0))
		return cli_error("run", CLI_EXIT_INPUT, "%s", err.msg);
	fd = open(rp->mark.ptr, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
	          0666);
	if (fd < 0)
		return cli_error("run", CLI_EXIT_INPUT, "cannot write '%s': %s",
		                 rp->mark.ptr, strerror(errno));
	close(fd);
	return 0;
}

/* Start command with its standard output and error on one new pipe; *fd
 * is the read end. 0, or CLI_EXIT_INPUT after saying why. */
static int
start_child(pid_t *pid, int *fd, const cli_strlist *command, const char *irdir)
{
	int p[2];
	char **cargv;
	size_t i;

	if (pipe2(p, O_CLOEXEC) < 0)
		return cli_error("run", CLI_EXIT_INPUT, "pipe: %s",
		                 strerror(errno));
	cargv = mt_calloc(command->n + 1, sizeof(*cargv));
	for (i = 0; i < command->n; i++)
		cargv[i] = (char *)command->items[i];
	fflush(NULL);
	*pid = fork();
	if (*pid == 0) {
		char *abs = realpath(irdir, NULL);

		set_debug_env(abs ? abs : irdir);
		run_raise_core_limit();
		dup2(p[1], STDOUT_FILENO);
		dup2(p[1], STDERR_FILENO);
		free(abs);
		execvp(cargv[0], cargv);
		fprintf(stderr, "maxtriage: run: cannot run '%s': %s\n",
		        cargv[0], strerror(errno));
		/* the forked copy owns the same heap: leave it tidy for leak
		 * checkers, as exit paths of the parent do */
		free(cargv);
		_exit(127);
	}
	free(cargv);
	close(p[1]);
	if (*pid < 0) {
		close(p[0]);
		return cli_error("run", CLI_EXIT_INPUT, "fork: %s",
		                 strerror(errno));
	}
	*fd = p[0];
	return 0;
}

/* Every thread's stack of the hung child, into hang (kind "hang"); a
 * refused ptrace is said, and the run goes on. */
static void snapshot_hang(pid_t pid, const cli_triage *cli, mt_report_set *hang)
{
	mt_symbolizer *sym = NULL;
	mt_pipeline pipe;
	mt_error err = { 0, "" };

	if (cli_triage_symbolizer(&sym, cli, "run") != 0)
		sym = NULL;
	cli_triage_pipeline(&pipe, cli, sym, cli->repo);
	if (mt_triage_process(hang, (long)pid, "hang", &pipe, &err) < 0)
		cli_message(
		        "run",
		        "cannot take the stacks of hung process %d (%s): going on without them",
		        (int)pid, err.msg);
	cli_symbolizer_done(sym, "run");
}

/* Stop the hung child: SIGABRT, then SIGQUIT, then SIGKILL, each after
 * the one before had a few seconds (its output still read), so that a
 * crash handler can write its dump. */
/* Whether the child has ended (left for waitpid to reap). */
static int child_ended(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) ==
	               0 &&
	       si.si_pid == pid;
}

static void stop_child(pid_t pid, int fd, mt_outfile *log_file, mt_buf *log)
{
	static const int sigs[] = { SIGABRT, SIGQUIT, SIGKILL };
	static const long grace[] = { 5, 3, 3 };
	size_t i;

	for (i = 0; i < MT_ARRAY_SIZE(sigs); i++) {
		struct timespec dl = deadline_in(grace[i]);

		if (child_ended(pid) || kill(pid, sigs[i]) < 0)
			return;
		/* the output closes when the child is gone, unless a child of
		 * its own holds the pipe: then the time runs out */
		while (!child_ended(pid) && ms_left(&dl) > 0) {
			struct timespec tick = deadline_in(0);

			tick.tv_nsec += 20000000;
			if (tick.tv_nsec >= 1000000000) {
				tick.tv_sec++;
				tick.tv_nsec -= 1000000000;
			}
			(void)pump_until(fd, log_file, log, &tick);
		}
	}
}

/* Pass the child's output through into log, wait for it; its exit
 * status as a shell reports it (128+N for signal N); *status the raw one.
 * With a timeout (secs > 0) a child still running then is a hang: its
 * stacks go into hang, and it is stopped. */
static int finish_child(pid_t pid,
                        int fd,
                        mt_outfile *log_file,
                        mt_buf *log,
                        int *status,
                        long secs,
                        const cli_triage *cli,
                        mt_report_set *hang)
{
	struct timespec dl = { 0, 0 };

	/* our own SIGINT would kill us before the child reports: let the
	 * child decide, and still write what we have */
	signal(SIGINT, SIG_IGN);
	if (secs > 0)
		dl = deadline_in(secs);
	if (pump_until(fd, log_file, log, &dl)) {
		cli_message(
		        "run",
		        "process %d still running after %ld s: a hang; taking every thread's stack",
		        (int)pid, secs);
		snapshot_hang(pid, cli, hang);
		stop_child(pid, fd, log_file, log);
	}
	/* the rest of the output, now that the child is gone (a grandchild
	 * holding the pipe gets a second) */
	if (secs > 0) {
		struct timespec rest = deadline_in(1);

		(void)pump_until(fd, log_file, log, &rest);
	} else {
		pump(fd, log_file, log);
	}
	close(fd);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	signal(SIGINT, SIG_DFL);
	return WIFEXITED(*status)     ? WEXITSTATUS(*status)
	       : WIFSIGNALED(*status) ? 128 + WTERMSIG(*status)
	                              : 1;
}

/* Whether the log is worth triaging: the command failed, or it exited 0
 * but printed a crash or error report (mlir-opt, for one, prints LLVM's
 * crash dump and exits 0 in some cases). */
static int needs_triage(int rc, const mt_buf *log)
{
	mt_report_set probe;
	int found;

	if (rc != 0)
		return 1;
	memset(&probe, 0, sizeof(probe));
	mt_stack_parse(&probe, log->ptr, log->len);
	found = probe.n > 0;
	mt_report_set_release(&probe);
	return found;
}

/* What triage.json holds besides the log's reports: the dumps the crash
 * left (kept in DIR) and the stacks of a hung command. */
typedef struct run_extra {
	cli_strlist kept; /* paths in DIR (owned) */
	cli_strlist notes; /* what could not be kept (owned) */
	mt_report_set *sets; /* one per kept file */
	char **errors; /* why a kept file gave no report, or NULL */
	mt_report_set hang;
	long hang_pid;
	char hang_name[64];
} run_extra;

static void run_extra_release(run_extra *x)
{
	size_t i;

	for (i = 0; x->sets && i < x->kept.n; i++) {
		mt_report_set_release(&x->sets[i]);
		free(x->errors[i]);
	}
	free(x->sets);
	free(x->errors);
	mt_report_set_release(&x->hang);
	run_strlist_free(&x->kept);
	run_strlist_free(&x->notes);
}

/* Triage each kept file (a minidump, a core) as `stack` does. */
static void triage_kept(run_extra *x, const mt_pipeline *pipe)
{
	size_t i;

	x->sets = mt_calloc(x->kept.n + 1, sizeof(*x->sets));
	x->errors = mt_calloc(x->kept.n + 1, sizeof(*x->errors));
	for (i = 0; i < x->kept.n; i++) {
		mt_error err = { 0, "" };

		if (mt_triage_file(&x->sets[i], x->kept.items[i], pipe, &err) <
		    0) {
			cli_message("run", "cannot read '%s': %s",
			            x->kept.items[i], err.msg);
			x->errors[i] = mt_strdup("cannot read input");
		}
	}
}

/* DIR/triage.json: the stack document of the log (and of what the crash
 * left, and of a hang), the irdiff of DIR/ir and their joins. 0, or -1
 * after saying why it could not be written. */
static int write_triage_json(const run_paths *rp,
                             const cli_strlist *command,
                             int rc,
                             int status,
                             const mt_crash_ir *c,
                             const run_extra *x)
{
	mt_stack_input *si;
	mt_run_result r;
	mt_outfile f;
	mt_error err;
	size_t n = 1, i;
	int ret = 0;

	si = mt_calloc(x->kept.n + 2, sizeof(*si));
	si[0].path = rp->log.ptr;
	si[0].reports = c->set.reports;
	si[0].nreports = c->set.n;
	for (i = 0; i < x->kept.n; i++, n++) {
		si[n].path = x->kept.items[i];
		si[n].reports = x->sets[i].reports;
		si[n].nreports = x->sets[i].n;
		si[n].error = x->errors[i];
	}
	if (x->hang.n) {
		si[n].path = x->hang_name;
		si[n].reports = x->hang.reports;
		si[n].nreports = x->hang.n;
		n++;
	}
	memset(&r, 0, sizeof(r));
	r.command = (const char *const *)command->items;
	r.ncommand = command->n;
	r.exit_status = rc;
	r.signal = WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : NULL;
	r.log = rp->log.ptr;
	r.ir_dir = rp->irdir.ptr;
	r.stack = si;
	r.nstack = n;
	r.kept = (const char *const *)x->kept.items;
	r.nkept = x->kept.n;
	r.irdiff = c->has_ir ? &c->ir : NULL;
	r.irdiff_note = c->ir_note;
	r.joins = &c->joins;
	if (mt_outfile_open(&f, rp->triage.ptr, &err) < 0 ||
	    mt_run_write_json(f.fp, &r) < 0 ||
	    mt_outfile_commit(&f, &err) < 0) {
		if (f.fp) {
			mt_error_set(&err, MT_EIO, "cannot write '%s': %s",
			             rp->triage.ptr, strerror(errno));
			mt_outfile_abort(&f);
		}
		cli_message("run", "%s", err.msg);
		ret = -1;
	}
	free(si);
	return ret;
}

/* Triage the log with the IR of the run (the pipeline of `report`) and
 * write triage.json; one summary line on stderr. 0, or -1 when
 * triage.json could not be written (said). */
static int triage_run(const run_paths *rp,
                      const cli_triage *cli,
                      const cli_strlist *command,
                      const mt_buf *log,
                      int rc,
                      int status,
                      run_extra *x)
{
	mt_symbolizer *sym = NULL;
	mt_crash_ir c;
	mt_pipeline pipe;
	size_t n;
	int ret;

	memset(&c, 0, sizeof(c));
	if (cli_triage_symbolizer(&sym, cli, "run") == 0) {
		cli_triage_pipeline(&pipe, cli, sym, cli->repo);
		mt_crash_ir_run(&c, log->ptr, log->len, rp->irdir.ptr, &pipe);
		triage_kept(x, &pipe);
	}
	n = c.set.n + x->hang.n;
	for (size_t i = 0; x->sets && i < x->kept.n; i++)
		n += x->sets[i].n;
	ret = write_triage_json(rp, command, rc, status, &c, x);
	if (ret == 0) {
		if (rc)
			cli_message(
			        "run",
			        "'%s' failed (exit %d): %zu report%s, triage in %s",
			        command->items[0], rc, n, n == 1 ? "" : "s",
			        rp->triage.ptr);
		else
			cli_message(
			        "run",
			        "'%s' exited 0 but printed %zu crash or error "
			        "report%s, triage in %s",
			        command->items[0], n, n == 1 ? "" : "s",
			        rp->triage.ptr);
	}
	mt_crash_ir_release(&c);
	cli_symbolizer_done(sym, "run");
	return ret;
}

int cmd_run(int argc, char **argv)
{
	const char *outdir = "maxtriage-run";
	int help_shown = 0, status = 0, rc, fd = -1, lost = 0;
	long timeout = 0;
	cli_triage cli;
	cli_strlist command = { 0 };
	// clang-format off
	const cli_option opts[] = {
		CLI_STRING('o', "out", &outdir, "DIR",
		           "where to keep log.txt, ir/ and triage.json "
		           "(default: ./maxtriage-run)"),
		CLI_INT(0, "timeout", &timeout, "SECS",
		        "a command still running after SECS seconds is a hang: take every thread's stack, then stop it"),
		CLI_TRIAGE_OPTIONS(&cli),
		CLI_OPT_TERMINATOR
	};
	// clang-format on
	run_paths rp = { MT_BUF_INIT, MT_BUF_INIT, MT_BUF_INIT, MT_BUF_INIT };
	mt_outfile log_file = { 0 };
	mt_buf log = MT_BUF_INIT;
	mt_error err;
	pid_t pid = -1;
	run_left left;
	run_extra extra;
	size_t i;

	memset(&cli, 0, sizeof(cli));
	memset(&left, 0, sizeof(left));
	memset(&extra, 0, sizeof(extra));
	rc = cli_opts_parse_command(&help, opts, argc, argv, &command,
	                            &help_shown);
	if (rc || help_shown)
		goto out;
	if (!command.n) {
		rc = cli_error("run", CLI_EXIT_USAGE,
		               "no command: use maxtriage run [options] -- "
		               "COMMAND [ARG...]");
		goto out;
	}
	if (timeout < 0) {
		rc = cli_error("run", CLI_EXIT_USAGE,
		               "--timeout must be a number of seconds, not %ld",
		               timeout);
		goto out;
	}
	if ((rc = cli_triage_setup(&cli, "run")))
		goto out;
	mt_buf_printf(&rp.irdir, "%s/ir", outdir);
	mt_buf_printf(&rp.log, "%s/log.txt", outdir);
	mt_buf_printf(&rp.triage, "%s/triage.json", outdir);
	mt_buf_printf(&rp.mark, "%s/.maxtriage-run", outdir);
	if ((rc = prepare_dir(&rp, outdir)))
		goto out;
	if (mt_outfile_open(&log_file, rp.log.ptr, &err) < 0) {
		rc = cli_error("run", CLI_EXIT_INPUT, "%s", err.msg);
		goto out;
	}
	run_left_begin(&left);
	if ((rc = start_child(&pid, &fd, &command, rp.irdir.ptr)))
		goto out;
	rc = finish_child(pid, fd, &log_file, &log, &status, timeout, &cli,
	                  &extra.hang);
	extra.hang_pid = pid;
	snprintf(extra.hang_name, sizeof(extra.hang_name), "process %d",
	         (int)pid);
	run_left_collect(&left, outdir, pid, &log, &extra.kept, &extra.notes);
	for (i = 0; i < extra.notes.n; i++)
		cli_message("run", "%s", extra.notes.items[i]);
	/* the command's status stays the answer; a lost output turns only a
	 * passing run into a failing one (3) */
	if (mt_outfile_commit(&log_file, &err) < 0) {
		cli_message("run", "%s", err.msg);
		lost = 1;
	}
	if ((needs_triage(rc, &log) || extra.kept.n || extra.hang.n) &&
	    triage_run(&rp, &cli, &command, &log, rc, status, &extra) < 0)
		lost = 1;
	if (lost && rc == 0)
		rc = CLI_EXIT_INPUT;
out:
	run_extra_release(&extra);
	run_left_release(&left);
	mt_outfile_abort(&log_file);
	mt_buf_release(&rp.irdir);
	mt_buf_release(&rp.log);
	mt_buf_release(&rp.triage);
	mt_buf_release(&rp.mark);
	mt_buf_release(&log);
	cli_triage_release(&cli);
	cli_strlist_release(&command);
	return rc;
}
