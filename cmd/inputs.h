/*
 * What every reading tool does with its inputs: the file loop ("-" or
 * no file is standard input), a reader on each, its records read one
 * at a time (on several threads where the input is in the line
 * notation and the tool allows it: qttt_par_input()), the games -g selects,
 * the tally of each input, and what is reported at its end.  A tool
 * gives a function for each record and gets an exit status.
 */
#ifndef QTTT_INPUTS_H
#define QTTT_INPUTS_H

#include <stdio.h>

#include "qttt.h"
#include "common.h"

/*
 * Where a record's output goes: standard output and error, or, on a
 * thread, a chunk's own streams, which come out in input order.
 */
struct par_out {
	FILE		*out;
	FILE		*err;
	void		*sink;	/* the tool's writer on out, or NULL */
	struct qttt_par_job *job; /* the chunk's; NULL: the real streams */
	void		*local;	/* the thread's own (run_tool's local) */
};

/*
 * Call before writing to po->err: what was written to po->out so far
 * comes out first, as when standard output is flushed before standard
 * error is written.
 */
void	 out_sync(struct par_out *);

/*
 * The number of threads to read on: the QTTT_THREADS environment
 * variable if it holds a number from 1 to QTTT_PAR_MAXTHREADS, else
 * the number of processors online, at most PAR_THREADS; any other
 * value of QTTT_THREADS is reported (a warning on standard error) and
 * not used.  1 means that the tools read as they always did, on one
 * thread.  Each thread costs about 200 KiB of memory (its chunks under
 * way), 300 to 400 KiB with the output of qttt-replay -T json or
 * yaml: four keep every tool under 4 MiB.
 */
#define PAR_THREADS	4
int	 par_threads(void);

/*
 * What a record function or run_inputs() returns, and what reading an
 * input came to, when standard output failed (not -1, a read error).
 */
#define RUN_STOP	(-2)

struct run_input;

/* What the loop counts in an input, and in a chunk of one. */
struct run_count {
	unsigned long	 games;
	unsigned long	 shown;		/* the records -g selected */
	int		 status;	/* the worst a record deserved */
};

/*
 * A tool's loop over the records of an input or a chunk (made by
 * RUN_RECORDS), counting in n and in the tool's tally.
 */
typedef int	 run_records_fn(const struct run_input *, struct par_out *,
		    struct qttt_reader *, struct qttt_record *,
		    struct run_count *n, void *tally);

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
	struct qttt_ranges ranges;	/* what input_option() parsed */
	int	 quiet;		/* no "no game" message at the end */
	/* -R: the profile of the records that name none (if rules_set). */
	unsigned int	 rules;
	int		 rules_set;
	/*
	 * The threads to read on (1: the main thread alone), and the
	 * text of a chunk (struct qttt_par_tool; 0 for the default).
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
	 * The records of an input or a chunk: RUN_RECORDS(name, record)
	 * makes it from the tool's function for one record.
	 */
	run_records_fn	*records;
	/* With threads and a tally: adds a chunk's to the input's. */
	void	(*merge)(void *to, const void *from);
	/*
	 * Optional: the tool's writer on a chunk's output, made before
	 * its first record (NULL if out of memory) and closed after its
	 * last (-1 if the output failed); sink is the main thread's, on
	 * standard output, or NULL to have one opened for each input and
	 * closed before end() is called.
	 */
	void	*(*sink_open)(const struct run_input *, FILE *out);
	int	(*sink_close)(void *);
	void	*sink;
	/*
	 * Optional: what each thread keeps from one chunk to the next (a
	 * solver), made on the thread before its first chunk (NULL if out
	 * of memory: the thread takes none) and freed after its last;
	 * local is the main thread's.  A record finds it in po->local.
	 */
	void	*(*local_new)(const struct run_tool *);
	void	(*local_free)(void *);
	void	*local;
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
 * Reads the records of r and hands those -g selects to record(),
 * writing through po and counting in n and tally.  Returns what
 * qttt_reader_next() returned last (0 at the end, -1 on a read error,
 * with the diagnostic in rec), or QTTT_PAR_STOP if po->out cannot be
 * written.
 *
 * record() is one record of the games -g selects, as read: the tool
 * plays it and writes what it makes of it through po, counting in
 * tally.  It returns the exit status the record deserves, or RUN_STOP
 * if po->out cannot be written.  The loop is made in each tool
 * (RUN_RECORDS), where record() is a constant: the compiler calls it
 * directly, or inlines it where the tool declares it always_inline
 * (qttt-validate: 7 instructions a record fewer than a call through a
 * pointer, callgrind on 10,000 games; qttt-replay's is larger, and
 * costs more inlined).
 */
static inline int __attribute__((always_inline))
run_records(const struct run_input *in, struct par_out *po,
    struct qttt_reader *r, struct qttt_record *rec, struct run_count *n,
    void *tally, int (*record)(const struct run_input *, struct par_out *,
    struct qttt_record *, void *))
{
	const struct qttt_ranges *gameset = in->tool->gameset;
	unsigned long	 prev = 0;
	int		 k, s;

	/* qttt_par_more() may leave the rest of a chunk to the main thread. */
	while ((k = qttt_par_more(po->job) ? qttt_reader_next(r, rec) : 0) ==
	    1) {
		n->games += starts_game(rec, prev);
		prev = rec->index;
		if (gameset != NULL && !qttt_ranges_has(gameset, rec->index))
			continue;
		n->shown++;
		/*
		 * A failed output stops the reading: looked at every 64
		 * records (ferror() takes the stream's lock: a fiftieth of
		 * qttt-validate's instructions, asked of every record).
		 */
		if ((s = record(in, po, rec, tally)) == RUN_STOP ||
		    ((n->shown & 63) == 0 && ferror(po->out)))
			return QTTT_PAR_STOP;
		if (s > n->status)
			n->status = s;
		/* Past the last game -g names, no game can be asked for. */
		if (gameset != NULL && qttt_ranges_past(gameset, rec))
			break;
	}
	return k;
}

/* Defines name, a run_tool's records, from the tool's record function. */
#define RUN_RECORDS(name, record)					\
static int								\
name(const struct run_input *in, struct par_out *po,			\
    struct qttt_reader *r, struct qttt_record *rec,			\
    struct run_count *n, void *tally)					\
{									\
	return run_records(in, po, r, rec, n, tally, record);		\
}

/*
 * Reads the inputs named by argv (argc of them; none: standard input)
 * in turn.  Returns the worst exit status they deserve, or RUN_STOP as
 * soon as standard output cannot be written (the caller's
 * finish_output() says why).
 */
int	 run_inputs(const struct run_tool *, int argc, char *argv[]);

/*
 * qttt_record_play(rec, g), and for a valid record whose termination is
 * an adjudication, the check of its result against the solver
 * (check_award(): qttt_record_check_award(), which adds its diagnostic
 * to rec).  Returns the record's errors.  Any thread may call it: the
 * solver, made for the first such record and freed at exit, is shared
 * under a lock (such records are few).
 */
size_t	 check_award(struct qttt_record *rec);

static inline size_t
play_record(struct qttt_record *rec, struct qttt_game *g)
{
	size_t	 errors = qttt_record_play(rec, g);

	/* Inline: the loops of the tools take every record through it. */
	return errors > 0 || !rec->awarded.over ||
	    rec->termination != QTTT_TERM_ADJUDICATION ? errors :
	    check_award(rec);
}

/*
 * The options every reading tool takes, into tool: -f, -g, -q and -R
 * (options.h).  Returns 0 if it took option ch with its argument arg,
 * -1 if ch is none of them, or usage_error()'s status.
 */
int	 input_option(struct run_tool *, int ch, const char *arg,
	    void (*usage)(FILE *));
/*
 * Reads the options of a reading tool (opt_parse()): input_option()'s
 * into tool, then every option through take(tool, ch, optarg), which
 * sees input_option()'s stored; usage is the tool's, for a usage
 * error.
 */
struct opt_tool;
int	 input_options(struct run_tool *, const struct opt_tool *,
	    void (*usage)(FILE *), int argc, char *argv[],
	    int (*take)(struct run_tool *, int ch, const char *optarg));
/* open_reader() with the format and the profile the options chose. */
struct qttt_reader *open_tool_reader(const struct run_tool *,
	    const char *path, int *fd);

/*
 * The usual end of an input: a read error, an input with no game, or
 * none of the games -g asks for is reported (unless quiet; a read
 * error always).  Returns EXIT_TROUBLE, EXIT_INVALID or status.
 */
int	 input_end(const struct run_input *, int k,
	    const struct qttt_record *rec, int status);

#endif /* !QTTT_INPUTS_H */
