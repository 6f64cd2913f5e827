/*
 * Engine processes: started through /bin/sh -c, each in a process
 * group of its own so that a kill reaches whatever the command
 * started; pipes read and written without blocking.
 */
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "process.h"

long long
now_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
close_pipe(int fd[2])
{
	if (fd[0] >= 0)
		close(fd[0]);
	if (fd[1] >= 0)
		close(fd[1]);
}

int
proc_start(struct proc *p, const char *cmd, int errors)
{
	int	 to[2] = { -1, -1 }, from[2] = { -1, -1 }, null, saved;
	pid_t	 pid;

	if (pipe(to) == -1 || pipe(from) == -1)
		goto fail;
	if ((pid = fork()) == -1)
		goto fail;
	if (pid == 0) {
		/* The engine gets the signals' defaults back (SIGPIPE). */
		signal(SIGPIPE, SIG_DFL);
		setpgid(0, 0);
		if (dup2(to[0], STDIN_FILENO) == -1 ||
		    dup2(from[1], STDOUT_FILENO) == -1)
			_exit(127);
		close_pipe(to);
		close_pipe(from);
		if (!errors && (null = open("/dev/null", O_WRONLY)) >= 0) {
			dup2(null, STDERR_FILENO);
			close(null);
		}
		/* The tool's other descriptors are all close-on-exec. */
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	/* Set here too, so that a kill finds the group at once. */
	setpgid(pid, pid);
	close(to[0]);
	close(from[1]);
	fcntl(to[1], F_SETFD, FD_CLOEXEC);
	fcntl(from[0], F_SETFD, FD_CLOEXEC);
	fcntl(to[1], F_SETFL, fcntl(to[1], F_GETFL) | O_NONBLOCK);
	fcntl(from[0], F_SETFL, fcntl(from[0], F_GETFL) | O_NONBLOCK);
	p->pid = pid;
	p->in = to[1];
	p->out = from[0];
	p->len = 0;
	p->reaped = 0;
	p->status = 0;
	return 0;
fail:
	saved = errno;
	close_pipe(to);
	close_pipe(from);
	errno = saved;
	return -1;
}

static void
reap(struct proc *p, int flags)
{
	pid_t	 k;

	if (p->reaped)
		return;
	while ((k = waitpid(p->pid, &p->status, flags)) == -1 &&
	    errno == EINTR)
		continue;
	if (k == p->pid || (k == -1 && errno == ECHILD))
		p->reaped = 1;
}

static void
close_fds(struct proc *p)
{
	if (p->in >= 0)
		close(p->in);
	if (p->out >= 0)
		close(p->out);
	p->in = p->out = -1;
}

void
proc_kill(struct proc *p)
{
	if (p->pid == 0)
		return;
	kill(-p->pid, SIGKILL);
	kill(p->pid, SIGKILL);
	reap(p, 0);
	close_fds(p);
	p->pid = 0;
	p->len = 0;
}

void
proc_quit(struct proc *p)
{
	if (p->pid == 0 || p->in < 0)
		return;
	if (write(p->in, "quit\n", 5) < 0) {
		/* It reads no more: it is killed with the others. */
	}
	close(p->in);
	p->in = -1;
}

void
proc_wait(struct proc *procs[], size_t n, long long deadline)
{
	size_t	 i, left;

	for (;;) {
		left = 0;
		for (i = 0; i < n; i++)
			if (procs[i]->pid != 0) {
				reap(procs[i], WNOHANG);
				if (!procs[i]->reaped)
					left++;
			}
		if (left == 0 || now_ms() >= deadline)
			break;
		poll(NULL, 0, 5);
	}
	for (i = 0; i < n; i++)
		proc_kill(procs[i]);
}

ssize_t
proc_write(struct proc *p, const char *text, size_t n)
{
	ssize_t	 k;

	if (p->in < 0)
		return -1;
	while ((k = write(p->in, text, n)) == -1 && errno == EINTR)
		continue;
	if (k >= 0)
		return k;
	if (errno == EAGAIN || errno == EWOULDBLOCK)
		return 0;
	return -1;
}

int
proc_read(struct proc *p, void (*line)(void *, struct proc *, const char *,
    size_t), void *arg)
{
	char	*nl, *start;
	ssize_t	 k;
	size_t	 rest;

	for (;;) {
		while ((k = read(p->out, p->buf + p->len,
		    sizeof(p->buf) - p->len)) == -1 && errno == EINTR)
			continue;
		if (k == -1)
			return errno == EAGAIN || errno == EWOULDBLOCK ? 0 :
			    PROC_EOF;
		if (k == 0)
			return PROC_EOF;
		p->len += (size_t)k;
		start = p->buf;
		while ((nl = memchr(start, '\n', p->len -
		    (size_t)(start - p->buf))) != NULL) {
			line(arg, p, start, (size_t)(nl - start));
			start = nl + 1;
			if (p->pid == 0)
				return 0;	/* killed meanwhile */
		}
		rest = p->len - (size_t)(start - p->buf);
		memmove(p->buf, start, rest);
		p->len = rest;
		if (p->len == sizeof(p->buf))
			return PROC_FLOOD;
	}
}

/* Signal numbers a shell may report as 128 + N. */
#define NSIG_GUESS	65

enum qttt_termination
proc_ended(struct proc *p, char *msg, size_t n)
{
	int	 i, code;

	/* Output closed: it has exited, or is about to. */
	for (i = 0; i < 100 && !p->reaped; i++) {
		reap(p, WNOHANG);
		if (!p->reaped)
			poll(NULL, 0, 2);
	}
	if (!p->reaped) {
		snprintf(msg, n, "it closed its output");
		proc_kill(p);
		return QTTT_TERM_EXIT;
	}
	if (WIFSIGNALED(p->status)) {
		snprintf(msg, n, "it was killed by signal %d (%s)",
		    WTERMSIG(p->status), strsignal(WTERMSIG(p->status)));
		return QTTT_TERM_CRASH;
	}
	code = WIFEXITED(p->status) ? WEXITSTATUS(p->status) : -1;
	if (code > 128 && code - 128 < NSIG_GUESS) {
		/* The shell's report of a command killed by a signal. */
		snprintf(msg, n, "it was killed by signal %d (%s; the shell's "
		    "exit status %d)", code - 128, strsignal(code - 128), code);
		return QTTT_TERM_CRASH;
	}
	snprintf(msg, n, "it exited with status %d", code);
	return QTTT_TERM_EXIT;
}
