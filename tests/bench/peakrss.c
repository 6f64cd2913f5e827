/*
 * peakrss: runs a command and reports its wall time and peak resident
 * set size, so that the benchmarks need no time(1) package.
 *
 *	peakrss [-c] [-o file] command [argument ...]
 *
 * Writes "SECONDS KIB" and a newline to file (default: standard error)
 * and exits with the command's status (128 + signal if it was killed).
 * The figures come from clock_gettime(CLOCK_MONOTONIC) around fork and
 * wait4, and from the ru_maxrss that wait4 returns for the child.
 * With -c, a third figure: the CPU seconds (user and system) of the
 * command and the children it waited for, less noisy than wall time
 * on a busy machine.
 */
#define _DEFAULT_SOURCE
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct rusage	 ru;
	struct timespec	 t0, t1;
	const char	*out = NULL;
	FILE		*f = stderr;
	pid_t		 pid;
	int		 ch, status, cpu = 0;
	double		 wall;

	while ((ch = getopt(argc, argv, "+co:")) != -1) {
		switch (ch) {
		case 'c':
			cpu = 1;
			break;
		case 'o':
			out = optarg;
			break;
		default:
			goto usage;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		goto usage;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) == -1) {
		perror("peakrss: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "peakrss: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) == -1)
		if (errno != EINTR) {
			perror("peakrss: wait4");
			return 127;
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	wall = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;

	if (out != NULL && (f = fopen(out, "w")) == NULL) {
		perror(out);
		return 127;
	}
	/* Linux reports ru_maxrss in KiB. */
	if (cpu)
		fprintf(f, "%.6f %ld %.6f\n", wall, ru.ru_maxrss,
		    ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
		    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	else
		fprintf(f, "%.6f %ld\n", wall, ru.ru_maxrss);
	if (f != stderr && fclose(f) == EOF) {
		perror(out);
		return 127;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
usage:
	fprintf(stderr, "usage: peakrss [-c] [-o file] command [argument ...]\n");
	return 127;
}
