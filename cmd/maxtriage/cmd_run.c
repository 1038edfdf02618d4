/*
 * cmd_run.c - `maxtriage run -- COMMAND...`: run a command with MAX's
 * debug switches on, keep its output while saving it, and triage it when
 * it fails.
 */
#include "cmd.h"
#include "triage_cli.h"

#include "maxtriage/buf.h"
#include "maxtriage/irdiff_output.h"
#include "maxtriage/run_output.h"
#include "maxtriage/stack_output.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const mt_command_help help = {
	"run", "maxtriage run [options] -- COMMAND [ARG...]",
	"Run COMMAND (for example `max serve ...` or `python model.py`) with\n"
	"MODULAR_DEBUG extended by stack-trace-on-crash,stack-trace-on-error and\n"
	"ir-output-dir=DIR/ir, and the model IR cache off\n"
	"(MODULAR_MAX_ENABLE_MODEL_IR_CACHE=false). Its standard output and error\n"
	"pass through unchanged and are also saved, interleaved, to DIR/log.txt.\n"
	"When it fails, `stack` runs on the log and `irdiff` on the IR dumps, and\n"
	"both results are written to DIR/triage.json (maxtriage.run.v1).",
	"exit status: the command's own (128+N when it was killed by signal N);\n"
	"2 usage error; 3 the command could not be started or DIR not written.\n"
	"docs/json-run.md describes triage.json."
};

static int mkdir_p(const char *path)
{
	char *p = mt_strdup(path), *s;
	int rc = 0;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (mkdir(p, 0777) < 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

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

/* Copy the child's two streams to ours and to the log until both close;
 * the log keeps the order in which chunks arrived. */
static void pump(int out_fd, int err_fd, int log_fd, mt_buf *log)
{
	struct pollfd pf[2] = { { out_fd, POLLIN, 0 }, { err_fd, POLLIN, 0 } };
	int open_fds = 2;
	char chunk[65536];

	while (open_fds) {
		int i;

		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < 2; i++) {
			ssize_t n;

			if (pf[i].fd < 0 ||
			    !(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(pf[i].fd, chunk, sizeof(chunk));
			if (n <= 0) {
				close(pf[i].fd);
				pf[i].fd = -1;
				open_fds--;
				continue;
			}
			(void)write_all(i ? STDERR_FILENO : STDOUT_FILENO,
			                chunk, (size_t)n);
			if (log_fd >= 0)
				(void)write_all(log_fd, chunk, (size_t)n);
			mt_buf_put(log, chunk, (size_t)n);
		}
	}
}

/* irdiff of DIR/ir into rep (and *in, which it borrows); 0, or -1 with
 * *note saying why there is none. */
static int run_irdiff(mt_irdiff_report *rep,
                      mt_ir_input **in,
                      const mt_irdiff_opts *o,
                      const char *irdir,
                      char **note)
{
	const char *paths[1] = { irdir };
	mt_error err;

	if (mt_ir_input_open(in, paths, 1, &err) < 0 ||
	    mt_irdiff_run(rep, *in, o, &err) < 0) {
		*note = mt_strdup(err.msg);
		return -1;
	}
	return 0;
}

/* The command failed: triage what it left into DIR/triage.json. */
static void write_triage(mt_triage_cli *cli,
                         mt_symbolizer **sym,
                         mt_report_set *set,
                         const mt_strlist *command,
                         int rc,
                         int status,
                         const mt_buf *log,
                         const char *logpath,
                         const char *irdir,
                         const char *tpath)
{
	mt_pipeline pipe;
	mt_stack_input si;
	mt_ir_input *in = NULL;
	mt_irdiff_report rep;
	mt_irdiff_opts o;
	mt_run_result r;
	char *irnote = NULL;
	FILE *f;

	memset(&rep, 0, sizeof(rep));
	memset(&o, 0, sizeof(o));
	if (mt_triage_cli_symbolizer(sym, cli, "run") == 0) {
		mt_triage_cli_pipeline(&pipe, cli, *sym, cli->repo);
		mt_triage_text(set, log->ptr, log->len, &pipe);
	}
	memset(&si, 0, sizeof(si));
	si.path = logpath;
	si.reports = set->reports;
	si.nreports = set->n;
	memset(&r, 0, sizeof(r));
	r.command = command->items;
	r.ncommand = command->n;
	r.exit_status = rc;
	r.signal = WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : NULL;
	r.log = logpath;
	r.ir_dir = irdir;
	r.stack = &si;
	r.irdiff = run_irdiff(&rep, &in, &o, irdir, &irnote) ? NULL : &rep;
	r.irdiff_note = irnote;
	f = fopen(tpath, "w");
	if (!f || mt_run_write_json(f, &r) < 0 || fclose(f) != 0)
		mt_die_msg("run", "cannot write '%s': %s", tpath,
		           strerror(errno));
	else
		fprintf(stderr,
		        "maxtriage: run: '%s' failed (exit %d): %zu report%s, triage in %s\n",
		        command->items[0], rc, set->n, set->n == 1 ? "" : "s",
		        tpath);
	free(irnote);
	mt_irdiff_report_release(&rep);
	mt_ir_input_free(in);
}

int cmd_run(int argc, char **argv)
{
	const char *outdir = "maxtriage-run";
	int help_shown = 0, status = 0, rc;
	mt_triage_cli cli;
	mt_strlist command = { 0 };
	// clang-format off
	mt_option opts[] = {
		{ 'o', "out", MT_OPT_STRING, &outdir, "DIR", "where to keep log.txt, ir/ and triage.json (default: ./maxtriage-run)", NULL },
		MT_TRIAGE_CLI_OPTIONS(&cli),
		MT_OPT_TERMINATOR
	};
	// clang-format on
	mt_buf irdir = MT_BUF_INIT, logpath = MT_BUF_INIT, tpath = MT_BUF_INIT;
	mt_buf log = MT_BUF_INIT;
	mt_symbolizer *sym = NULL;
	mt_report_set set;
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, log_fd = -1;
	char **cargv = NULL;
	pid_t pid;
	size_t i;

	memset(&cli, 0, sizeof(cli));
	memset(&set, 0, sizeof(set));
	rc = mt_opts_parse_command(&help, opts, argc, argv, &command,
	                           &help_shown);
	if (rc || help_shown)
		goto out;
	if (!command.n) {
		mt_die_msg(
		        "run",
		        "no command: use maxtriage run [options] -- COMMAND [ARG...]");
		rc = MT_EXIT_USAGE;
		goto out;
	}
	if ((rc = mt_triage_cli_setup(&cli, "run")))
		goto out;
	mt_buf_printf(&irdir, "%s/ir", outdir);
	mt_buf_printf(&logpath, "%s/log.txt", outdir);
	mt_buf_printf(&tpath, "%s/triage.json", outdir);
	if (mkdir_p(irdir.ptr) < 0 ||
	    (log_fd = open(logpath.ptr,
	                   O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) <
	            0) {
		mt_die_msg("run", "cannot write '%s': %s", outdir,
		           strerror(errno));
		rc = MT_EXIT_INPUT;
		goto out;
	}
	if (pipe2(outp, O_CLOEXEC) < 0 || pipe2(errp, O_CLOEXEC) < 0) {
		mt_die_msg("run", "pipe: %s", strerror(errno));
		rc = MT_EXIT_INPUT;
		goto out;
	}
	cargv = mt_calloc(command.n + 1, sizeof(*cargv));
	for (i = 0; i < command.n; i++)
		cargv[i] = (char *)command.items[i];
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		mt_die_msg("run", "fork: %s", strerror(errno));
		rc = MT_EXIT_INPUT;
		goto out;
	}
	if (pid == 0) {
		char *abs = realpath(irdir.ptr, NULL);

		set_debug_env(abs ? abs : irdir.ptr);
		dup2(outp[1], STDOUT_FILENO);
		dup2(errp[1], STDERR_FILENO);
		free(abs);
		execvp(cargv[0], cargv);
		fprintf(stderr, "maxtriage: run: cannot run '%s': %s\n",
		        cargv[0], strerror(errno));
		/* the forked copy owns the same heap: leave it tidy for leak
		 * checkers, as exit paths of the parent do */
		free(cargv);
		_exit(127);
	}
	close(outp[1]);
	close(errp[1]);
	outp[1] = errp[1] = -1;
	/* our own SIGINT would kill us before the child reports: let the
	 * child decide, and still write what we have */
	signal(SIGINT, SIG_IGN);
	pump(outp[0], errp[0], log_fd, &log);
	outp[0] = errp[0] = -1;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	signal(SIGINT, SIG_DFL);
	rc = WIFEXITED(status)     ? WEXITSTATUS(status)
	     : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
	                           : 1;
	if (rc == 0)
		goto out;

	write_triage(&cli, &sym, &set, &command, rc, status, &log, logpath.ptr,
	             irdir.ptr, tpath.ptr);
out:
	if (log_fd >= 0)
		close(log_fd);
	for (i = 0; i < 2; i++) {
		if (outp[i] >= 0)
			close(outp[i]);
		if (errp[i] >= 0)
			close(errp[i]);
	}
	free(cargv);
	mt_report_set_release(&set);
	mt_symbolizer_done(sym, "run");
	mt_buf_release(&irdir);
	mt_buf_release(&logpath);
	mt_buf_release(&tpath);
	mt_buf_release(&log);
	mt_triage_cli_release(&cli);
	mt_strlist_release(&command);
	return rc;
}
