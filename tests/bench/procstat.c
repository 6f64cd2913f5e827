/*
 * procstat: runs a command and reports what it used itself, apart
 * from the processes it runs (qttt-match and its engines): its wall
 * time, its own CPU seconds and peak resident set, and the CPU seconds
 * of its children.
 *
 *	procstat [-o file] command [argument ...]
 *
 * Writes "WALL OWN_CPU OWN_KIB CHILDREN_CPU" and a newline to file
 * (default: standard error).  Its own figures come from
 * /proc/PID/stat (utime, stime) and /proc/PID/status (VmHWM), read
 * every millisecond until it exits, the last reading kept: they miss
 * at most the last millisecond of its life.  The children's CPU is
 * what wait4 gives for the command and every process it waited for,
 * less its own.
 */
#define _DEFAULT_SOURCE
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double
seconds(struct timeval tv)
{
	return tv.tv_sec + tv.tv_usec / 1e6;
}

/* Reads the process's own CPU seconds and peak RSS; 0 if it is gone. */
static int
sample(pid_t pid, double *cpu, long *kib)
{
	char	 path[64], buf[1024], *p;
	unsigned long utime, stime;
	FILE	*f;
	int	 i, ok = 0;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fgets(buf, sizeof(buf), f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL) {
		/* Fields 14 and 15, counted after the command's name. */
		for (i = 0, p += 2; i < 11 && p != NULL; i++)
			if ((p = strchr(p, ' ')) != NULL)
				p++;
		if (p != NULL && sscanf(p, "%lu %lu", &utime, &stime) == 2) {
			*cpu = (double)(utime + stime) / sysconf(_SC_CLK_TCK);
			ok = 1;
		}
	}
	fclose(f);
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return ok;
	while (fgets(buf, sizeof(buf), f) != NULL)
		if (sscanf(buf, "VmHWM: %ld", kib) == 1)
			break;
	fclose(f);
	return ok;
}

int
main(int argc, char *argv[])
{
	struct rusage	 ru;
	siginfo_t	 info;
	struct timespec	 t0, t1, nap = { 0, 1000000 };
	FILE		*f = stderr;
	pid_t		 pid;
	double		 own = 0, c;
	long		 kib = 0, k;
	int		 status;

	if (argc > 2 && strcmp(argv[1], "-o") == 0) {
		if ((f = fopen(argv[2], "w")) == NULL) {
			perror(argv[2]);
			return 127;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: procstat [-o file] command ...\n");
		return 127;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	for (;;) {
		/* Ended, but left a zombie: its last figures can be read. */
		memset(&info, 0, sizeof(info));
		if (waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) ==
		    0 && info.si_pid == pid)
			break;
		/* A zombie still has its stat; a reading may fail at the end. */
		k = kib;
		if (sample(pid, &c, &k)) {
			own = c;
			kib = k;
		}
		nanosleep(&nap, NULL);
	}
	if (sample(pid, &c, &k)) {
		own = c;
		kib = k > kib ? k : kib;
	}
	wait4(pid, &status, 0, &ru);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(f, "%.3f %.3f %ld %.3f\n", (t1.tv_sec - t0.tv_sec) +
	    (t1.tv_nsec - t0.tv_nsec) / 1e9, own, kib,
	    seconds(ru.ru_utime) + seconds(ru.ru_stime) - own);
	fclose(f);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}
