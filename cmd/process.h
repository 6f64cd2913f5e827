/*
 * Engine processes for qttt-match: each runs a command through
 * /bin/sh -c in a process group of its own, with pipes to its standard
 * input and from its standard output, which are read and written
 * without blocking.  What is said over them is the library's business
 * (struct qttt_peer); this file only moves bytes and ends processes.
 */
#ifndef QTTT_PROCESS_H
#define QTTT_PROCESS_H

#include <sys/types.h>

#include "qttt.h"

struct proc {
	pid_t		 pid;		/* 0: no process */
	int		 in;		/* to its standard input */
	int		 out;		/* from its standard output */
	int		 status;	/* its wait status, once reaped */
	int		 reaped;
	size_t		 len;		/* bytes of a line not yet ended */
	/* A line and its CR and one byte more: more is a flood. */
	char		 buf[QTTT_QTP_LINE_MAX + 2];
};

/* The time in milliseconds, on a clock that only goes forward. */
long long now_ms(void);

/*
 * Starts cmd.  The engine's standard error is the tool's if errors,
 * else /dev/null.  Returns 0, or -1 with errno set.
 */
int	 proc_start(struct proc *, const char *cmd, int errors);

/*
 * Kills the process group (SIGKILL), reaps the process and closes the
 * pipes; a proc with no process is left as it is.
 */
void	 proc_kill(struct proc *);

/*
 * Asks a process to quit: writes "quit" and closes its input.  Then
 * proc_wait() gives the processes asked until deadline (now_ms()) to
 * exit, and kills those still there.
 */
void	 proc_quit(struct proc *);
void	 proc_wait(struct proc *procs[], size_t n, long long deadline);

/*
 * Writes as much of n bytes as the pipe takes now.  Returns the bytes
 * written (0 if the pipe is full), or -1 if the process no longer
 * reads (EPIPE).
 */
ssize_t	 proc_write(struct proc *, const char *text, size_t n);

/*
 * Reads what the process wrote, handing each whole line (without its
 * LF) to line().  Returns 0; PROC_EOF once it has closed its output;
 * PROC_FLOOD when a line runs past QTTT_QTP_LINE_MAX and a CR (what
 * is read of it stops there).
 */
#define PROC_EOF	1
#define PROC_FLOOD	2
int	 proc_read(struct proc *, void (*line)(void *, struct proc *,
	    const char *, size_t), void *arg);

/*
 * How a process that closed its output ended: QTTT_TERM_CRASH (killed
 * by a signal, or the shell that ran it exited with 128 + a signal's
 * number, as shells report a command a signal killed) or
 * QTTT_TERM_EXIT (it exited, or still runs with its output closed, and
 * is then killed), with a message in msg.
 */
enum qttt_termination proc_ended(struct proc *, char *msg, size_t n);

#endif /* !QTTT_PROCESS_H */
