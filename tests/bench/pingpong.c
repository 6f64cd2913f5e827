/*
 * pingpong: the floor under a runner of engines: two trivial processes
 * that exchange n lines over pipes, one writing a line and waiting for
 * the other's, as a runner and an engine do for each action; with -j,
 * j such pairs at once, n exchanges in all.
 *
 *	pingpong [-j jobs] n
 */
#include <sys/wait.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One side: n times, write a line and read one (or read, then write). */
static void
side(int in, int out, long n, int first)
{
	static const char ask[] = "go movetime 100\n";
	static const char ans[] = "bestaction X1 a1 b1\n";
	char	 buf[256];
	long	 i;

	for (i = 0; i < n; i++) {
		if (first && write(out, ask, sizeof(ask) - 1) < 0)
			_exit(1);
		if (read(in, buf, sizeof(buf)) <= 0)
			_exit(1);
		if (!first && write(out, ans, sizeof(ans) - 1) < 0)
			_exit(1);
	}
}

int
main(int argc, char *argv[])
{
	long	 n, j = 1, k;
	int	 a[2], b[2], status, bad = 0;

	if (argc == 4 && strcmp(argv[1], "-j") == 0) {
		j = atol(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc != 2 || (n = atol(argv[1])) <= 0 || j <= 0)
		return 2;
	for (k = 0; k < j; k++) {
		if (fork() != 0)
			continue;
		if (pipe(a) == -1 || pipe(b) == -1)
			_exit(1);
		if (fork() == 0) {
			side(a[0], b[1], n / j, 0);
			_exit(0);
		}
		side(b[0], a[1], n / j, 1);
		wait(NULL);
		_exit(0);
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			bad = 1;
	return bad;
}
