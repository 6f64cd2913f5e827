/*
 * Engine processes: started through /bin/sh -c, each in a process
 * group of its own so that a kill reaches whatever the command
 * started; pipes read and written without blocking; every group
 * killed on the tool's way out.
 */
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Every proc started, newest first: what the way out kills. */
static struct proc *volatile everyone;
/* With proc_stop_later(), the signal that came; else the tool dies. */
static volatile sig_atomic_t later, stopped;

static void
kill_everyone(void)
{
	struct proc	*p;
	pid_t		 pid;

	for (p = everyone; p != NULL; p = p->next)
		if ((pid = p->pid) > 0)
			kill(-pid, SIGKILL);
}

static void
at_exit(void)
{
	struct proc	*p;

	kill_everyone();
	for (p = everyone; p != NULL; p = p->next)
		proc_kill(p);
}

static void
on_signal(int sig)
{
	kill_everyone();
	if (later) {
		stopped = sig;
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

void
proc_stop_later(void)
{
	later = 1;
}

int
proc_stopped(void)
{
	return stopped;
}

void
proc_die(void)
{
	int	 sig = stopped;

	if (sig == 0)
		return;
	signal(sig, SIG_DFL);
	raise(sig);
}

void
proc_cleanup(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGTERM };
	struct sigaction sa, old;
	size_t		 i;

	atexit(at_exit);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	/* A signal ignored from the start (nohup, a shell's &) stays so. */
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

/* Adds p to everyone, with the signals that walk the list held. */
static void
enlist(struct proc *p)
{
	sigset_t	 all, old;

	if (p->listed)
		return;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	p->next = everyone;
	everyone = p;
	p->listed = 1;
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static void
close_pipe(int fd[2])
{
	if (fd[0] >= 0)
		close(fd[0]);
	if (fd[1] >= 0)
		close(fd[1]);
}

static int
reserved(const char *w, size_t n)
{
	static const char *const words[] = { "!", "{", "}", "case", "do",
	    "done", "elif", "else", "esac", "exec", "fi", "for", "if", "in",
	    "then", "until", "while" };
	size_t	 i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0)
			return 1;
	return 0;
}

char *
proc_command(const char *cmd, char *buf, size_t n)
{
	const char	*w = cmd + strspn(cmd, " \t");
	size_t		 len = strcspn(w, " \t");
	int		 simple;

	simple = cmd[strcspn(cmd, ";&|()<>`\n")] == '\0' && len > 0 &&
	    memchr(w, '=', len) == NULL && !reserved(w, len);
	if (snprintf(buf, n, "%s%s", simple ? "exec " : "", cmd) >= (int)n)
		return NULL;
	return buf;
}

/* The end of the child: its pipes as its standard streams, then cmd. */
static void
child(const char *cmd, int to[2], int from[2], int err[2], pid_t parent)
{
	/* The engine gets the signals' defaults back (SIGPIPE). */
	signal(SIGPIPE, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	setpgid(0, 0);
#ifdef __linux__
	/* Killed with the tool, even by SIGKILL. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1 || getppid() != parent)
		_exit(127);
#else
	(void)parent;
#endif
	if (dup2(to[0], STDIN_FILENO) == -1 ||
	    dup2(from[1], STDOUT_FILENO) == -1 ||
	    (err[1] >= 0 && dup2(err[1], STDERR_FILENO) == -1))
		_exit(127);
	close_pipe(to);
	close_pipe(from);
	close_pipe(err);
	/* The tool's other descriptors are all close-on-exec. */
	execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
	_exit(127);
}

static void
nonblocking(int fd)
{
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int
proc_start(struct proc *p, const char *cmd, int errors)
{
	int	 to[2] = { -1, -1 }, from[2] = { -1, -1 };
	int	 err[2] = { -1, -1 }, saved;
	char	*line;
	size_t	 n = strlen(cmd) + sizeof("exec ");
	pid_t	 pid, parent = getpid();

	if ((line = malloc(n)) == NULL)
		return -1;
	proc_command(cmd, line, n);
	if (pipe(to) == -1 || pipe(from) == -1 ||
	    (!errors && pipe(err) == -1))
		goto fail;
	enlist(p);
	if ((pid = fork()) == -1)
		goto fail;
	if (pid == 0)
		child(line, to, from, err, parent);
	free(line);
	/* Set here too, so that a kill finds the group at once. */
	setpgid(pid, pid);
	close(to[0]);
	close(from[1]);
	if (err[1] >= 0)
		close(err[1]);
	nonblocking(to[1]);
	nonblocking(from[0]);
	if (err[0] >= 0)
		nonblocking(err[0]);
	p->pid = pid;
	p->in = to[1];
	p->out = from[0];
	p->err = err[0];
	p->tlen = 0;
	p->len = 0;
	p->reaped = 0;
	p->status = 0;
	return 0;
fail:
	saved = errno;
	free(line);
	close_pipe(to);
	close_pipe(from);
	close_pipe(err);
	errno = saved;
	return -1;
}

void
proc_read_err(struct proc *p)
{
	char	 buf[4096];
	ssize_t	 k;
	size_t	 n, keep;

	while (p->err >= 0) {
		if ((k = read(p->err, buf, sizeof(buf))) == -1 &&
		    errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0 || (errno != EAGAIN &&
			    errno != EWOULDBLOCK)) {
				close(p->err);
				p->err = -1;
			}
			return;
		}
		n = (size_t)k;
		if (n >= PROC_TAIL) {
			memcpy(p->tail, buf + n - PROC_TAIL, PROC_TAIL);
			p->tlen = PROC_TAIL;
			continue;
		}
		keep = p->tlen + n > PROC_TAIL ? PROC_TAIL - n : p->tlen;
		memmove(p->tail, p->tail + p->tlen - keep, keep);
		memcpy(p->tail + keep, buf, n);
		p->tlen = keep + n;
	}
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
	if (p->err >= 0)
		close(p->err);
	p->in = p->out = p->err = -1;
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
/* The most of an engine's standard error said, in bytes and lines. */
#define SAID_MAX	96
#define SAID_LINES	3

/*
 * The last lines of the process's standard error into said, on one
 * line, as text any record may hold: " | " between lines, a byte that
 * is not printable ASCII (or a quote) as '?'; "" if it wrote none.
 */
static void
last_words(struct proc *p, char *said, size_t n)
{
	size_t	 end, start, lines = 0, k = 0, i;

	proc_read_err(p);
	end = p->tlen;
	while (end > 0 && (p->tail[end - 1] == '\n' ||
	    p->tail[end - 1] == '\r' || p->tail[end - 1] == ' '))
		end--;
	for (start = end; start > 0; start--)
		if (p->tail[start - 1] == '\n' && ++lines == SAID_LINES)
			break;
	if (end - start > SAID_MAX)
		start = end - SAID_MAX;
	for (i = start; i < end && k + 4 < n; i++) {
		unsigned char c = (unsigned char)p->tail[i];

		if (c == '\n') {
			memcpy(said + k, " | ", 3);
			k += 3;
		} else if (c == '\r')
			continue;
		else
			said[k++] = c >= 0x20 && c < 0x7f && c != '"' &&
			    c != '\\' ? (char)c : '?';
	}
	said[k] = '\0';
}

/* The message of how it ended, with what it said last, into msg. */
static void
ended_msg(struct proc *p, char *msg, size_t n, const char *how)
{
	char	 said[SAID_MAX + 3 * SAID_LINES + 4];

	last_words(p, said, sizeof(said));
	if (said[0] == '\0')
		snprintf(msg, n, "%s", how);
	else
		snprintf(msg, n, "%s; its standard error ends: %s", how, said);
}

enum qttt_termination
proc_ended(struct proc *p, char *msg, size_t n)
{
	char	 how[96];
	int	 i, code;

	/* Output closed: it has exited, or is about to. */
	for (i = 0; i < 100 && !p->reaped; i++) {
		reap(p, WNOHANG);
		if (!p->reaped)
			poll(NULL, 0, 2);
	}
	if (!p->reaped) {
		ended_msg(p, msg, n, "it closed its output");
		proc_kill(p);
		return QTTT_TERM_EXIT;
	}
	if (WIFSIGNALED(p->status)) {
		snprintf(how, sizeof(how), "it was killed by signal %d (%s)",
		    WTERMSIG(p->status), strsignal(WTERMSIG(p->status)));
		ended_msg(p, msg, n, how);
		return QTTT_TERM_CRASH;
	}
	code = WIFEXITED(p->status) ? WEXITSTATUS(p->status) : -1;
	if (code > 128 && code - 128 < NSIG_GUESS) {
		/* The shell's report of a command killed by a signal. */
		snprintf(how, sizeof(how), "it was killed by signal %d (%s; "
		    "the shell's exit status %d)", code - 128,
		    strsignal(code - 128), code);
		ended_msg(p, msg, n, how);
		return QTTT_TERM_CRASH;
	}
	snprintf(how, sizeof(how), "it exited with status %d", code);
	ended_msg(p, msg, n, how);
	return QTTT_TERM_EXIT;
}
