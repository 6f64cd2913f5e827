/*
 * Engine processes for qttt-match: each runs a command through
 * /bin/sh -c (as "exec COMMAND" when the command is a simple one, so
 * that the engine is the process and its output is its own) in a
 * process group of its own, with pipes to its standard input and from
 * its standard output and standard error, which are read and written
 * without blocking.  What is said over them is the library's business
 * (struct qttt_peer); this file only moves bytes and ends processes,
 * every one of them on every way out of the tool.
 */
#ifndef QTTT_PROCESS_H
#define QTTT_PROCESS_H

#include <sys/types.h>

#include "qttt.h"

/* The end of an engine's standard error kept, in bytes. */
#define PROC_TAIL	1024

struct proc {
	pid_t		 pid;		/* 0: no process */
	int		 in;		/* to its standard input */
	int		 out;		/* from its standard output */
	int		 err;		/* from its standard error, or -1 */
	struct proc	*next;		/* every proc started, for the end */
	int		 listed;
	size_t		 tlen;		/* the end of its standard error */
	char		 tail[PROC_TAIL];
	int		 status;	/* its wait status, once reaped */
	int		 reaped;
	size_t		 len;		/* bytes of a line not yet ended */
	/* A line and its CR and one byte more: more is a flood. */
	char		 buf[QTTT_QTP_LINE_MAX + 2];
};

/* The time in milliseconds, on a clock that only goes forward. */
long long now_ms(void);

/*
 * Kills every process group started, on every way out: at exit(), and
 * on SIGHUP, SIGINT and SIGTERM (unless ignored from the start), after
 * which the tool dies of the signal as it would have.  On Linux an engine is also killed when the
 * tool dies of SIGKILL.  Call once, before the first proc_start().
 */
void	 proc_cleanup(void);

/*
 * From proc_stop_later() on, such a signal kills the engines and is
 * kept: proc_stopped() gives it (0 for none), so that the tool stops
 * what it does, says what it has done, and then proc_die() has it die
 * of the signal.
 */
void	 proc_stop_later(void);
int	 proc_stopped(void);
void	 proc_die(void);

/*
 * Starts cmd.  The engine's standard error is the tool's if errors,
 * else read by proc_read_err(), which keeps its end for proc_ended().
 * The proc must be zeroed (or have had a process) before its first
 * start.  Returns 0, or -1 with errno set.
 */
int	 proc_start(struct proc *, const char *cmd, int errors);

/*
 * The command that /bin/sh -c runs for cmd into buf: "exec cmd" for a
 * simple command (words, with no operator, redirection, assignment or
 * reserved word), else cmd as it is.  Returns buf, or NULL if it does
 * not fit in n bytes.
 */
char	*proc_command(const char *cmd, char *buf, size_t n);

/* Reads what the process wrote on its standard error, keeping the end. */
void	 proc_read_err(struct proc *);

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
 * is then killed), with a message in msg, which ends with the last
 * lines it wrote on its standard error, if any.
 */
enum qttt_termination proc_ended(struct proc *, char *msg, size_t n);

#endif /* !QTTT_PROCESS_H */
