/*
 * What every reading tool does with its inputs: the file loop ("-" or
 * no file is standard input), a reader on each, its records read one
 * at a time (on several threads where the input is in the line
 * notation and the tool allows it: parallel.h), the games -g selects,
 * the tally of each input, and what is reported at its end.  A tool
 * gives a function for each record and gets an exit status.
 */
#ifndef QTTT_INPUTS_H
#define QTTT_INPUTS_H

#include <stdio.h>

#include "qttt.h"
#include "common.h"

struct par_job;

/*
 * Where a record's output goes: standard output and error, or, on a
 * thread, a chunk's own streams, which come out in input order.
 */
struct par_out {
	FILE		*out;
	FILE		*err;
	void		*sink;	/* the tool's writer on out, or NULL */
	struct par_job	*job;	/* the chunk's; NULL for the real streams */
};

/*
 * Call before writing to po->err: what was written to po->out so far
 * comes out first, as when standard output is flushed before standard
 * error is written.
 */
void	 out_sync(struct par_out *);

/*
 * What a record function or run_inputs() returns, and what reading an
 * input came to, when standard output failed (not -1, a read error).
 */
#define RUN_STOP	(-2)

struct run_input;

struct run_tool {
	/*
	 * The tool's own, which every function below finds in its
	 * run_input: on a worker thread, only read.
	 */
	void	*arg;
	/* What the tool counts in an input, and in a chunk of one. */
	size_t	 tallysize;
	enum qttt_format format;	/* -f */
	/*
	 * -g: the games to read (NULL: all), as given (for a message);
	 * the input is read no further than the last of them.
	 */
	const char	*games;
	const struct qttt_ranges *gameset;
	int	 quiet;		/* no "no game" message at the end */
	/*
	 * The threads to read on (1: the main thread alone), and the
	 * text of a chunk (parallel.h; 0 for the default).
	 */
	int	 threads;
	size_t	 chunksize;
	/*
	 * Optional: at the start of an input, once its reader is open.
	 * Returns 0 to read it, or the exit status it deserves (after a
	 * message) to leave it.
	 */
	int	(*begin)(struct run_input *);
	/*
	 * One record of the games -g selects, as read: the tool plays it
	 * and writes what it makes of it through po, counting in tally.
	 * Returns the exit status the record deserves, or RUN_STOP if
	 * po->out cannot be written.
	 */
	int	(*record)(const struct run_input *, struct par_out *po,
		    struct qttt_record *, void *tally);
	/* With threads and a tally: adds a chunk's to the input's. */
	void	(*merge)(void *to, const void *from);
	/*
	 * Optional: the tool's writer on a chunk's output, made before
	 * its first record (NULL if out of memory) and closed after its
	 * last (-1 if the output failed); sink is the main thread's, on
	 * standard output.
	 */
	void	*(*sink_open)(const struct run_input *, FILE *out);
	int	(*sink_close)(void *);
	void	*sink;
	/*
	 * Optional: the end of an input.  k is what reading it came to:
	 * 0 at its end, -1 on a read error (its diagnostic in rec),
	 * RUN_STOP if standard output failed; status is the worst its
	 * records deserved.  Returns the exit status of the input
	 * (RUN_STOP to stop).  Without it, input_end() decides.
	 */
	int	(*end)(struct run_input *, int k,
		    const struct qttt_record *rec, int status);
};

/* An input being read. */
struct run_input {
	const struct run_tool *tool;
	const char	*path;		/* as given: "-" for standard input */
	const char	*name;		/* as shown: "<stdin>" */
	struct qttt_reader *reader;
	int		 fd;		/* the reader's */
	unsigned long	 games;		/* games read, at the end */
	unsigned long	 shown;		/* of them, records -g selected */
	void		*tally;		/* the input's, at the end */
	int		 threads;	/* begin() may set 1: one thread */
};

/*
 * Reads the inputs named by argv (argc of them; none: standard input)
 * in turn.  Returns the worst exit status they deserve, or RUN_STOP as
 * soon as standard output cannot be written (the caller's
 * finish_output() says why).
 */
int	 run_inputs(const struct run_tool *, int argc, char *argv[]);

/*
 * The usual end of an input: a read error, an input with no game, or
 * none of the games -g asks for is reported (unless quiet; a read
 * error always).  Returns EXIT_TROUBLE, EXIT_INVALID or status.
 */
int	 input_end(const struct run_input *, int k,
	    const struct qttt_record *rec, int status);

#endif /* !QTTT_INPUTS_H */
