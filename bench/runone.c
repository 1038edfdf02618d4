/*
 * runone.c - run one command and report what the benchmark measures.
 *
 * usage: runone OUTFILE COMMAND [ARGS...]
 *
 * Writes "WALL_SECONDS MAXRSS_KIB CPU_SECONDS EXIT" to OUTFILE: the wall
 * time from just before fork to just after wait4 (monotonic clock), and
 * the child's peak RSS and user+sys time from wait4. Like GNU time, but
 * with microsecond wall times (time's %e has 10 ms resolution); being a
 * small C program, its own resident pages (which a child inherits into
 * ru_maxrss until it execs) stay far below any tool measured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	double t0, wall;
	int status, code;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: runone OUTFILE COMMAND [ARGS...]\n");
		return 2;
	}
	t0 = now();
	pid = fork();
	if (pid < 0) {
		perror("runone: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("runone: exec");
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("runone: wait4");
		return 2;
	}
	wall = now() - t0;
	code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	out = fopen(argv[1], "w");
	if (!out) {
		perror("runone: output");
		return 2;
	}
	fprintf(out, "%.6f %ld %.6f %d\n", wall, ru.ru_maxrss,
	        (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	                (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
	        code);
	fclose(out);
	return code;
}
