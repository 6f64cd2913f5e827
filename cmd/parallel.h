/*
 * Running a tool over the games of an input on several threads.  The
 * main thread reads the input into chunks of whole lines
 * (qttt_reader_split) and writes out what each chunk gave, in input
 * order; the workers play the games of a chunk, each into output
 * streams of its own.  Only the line notation is cut this way: one
 * game per line is what makes a cut cheap to find.
 */
#ifndef QTTT_PARALLEL_H
#define QTTT_PARALLEL_H

#include <stdio.h>

#include "qttt.h"

struct par_cut;

/* A chunk of games, as the tool's run function sees it. */
struct par_job {
	struct qttt_reader *reader;	/* the chunk's games */
	FILE		*out;		/* standard output, for them */
	FILE		*err;		/* standard error, for them */
	void		*result;	/* the tool's tally, zeroed */
	void		*local;		/* the thread's own (local_new), or
					   NULL on the main thread */

	/* The pool's own. */
	struct qttt_chunk *chunk;
	char		*outbuf, *errbuf;
	size_t		 outlen, errlen;
	struct par_cut	*cuts;
	size_t		 ncuts, maxcuts;
	unsigned long	 games;		/* asked for by par_more() */
	int		 stopped;	/* par_more() said no */
	int		 direct;	/* out and err are the real ones */
	int		 done;
	int		 failed;
};

struct par_tool {
	size_t	 resultsize;
	/*
	 * The text of a chunk, in bytes (0 for QTTT_CHUNK_TEXT): smaller
	 * for a tool that writes much for each game, since every chunk
	 * under way holds its output.
	 */
	size_t	 chunksize;
	/*
	 * On a worker thread: plays the games of job->reader, writing to
	 * job->out and job->err and counting in job->result.  arg is
	 * shared by every thread: it is only read.
	 */
	void	(*run)(const void *arg, struct par_job *job);
	/*
	 * On the main thread, in input order, once the job's output is
	 * written: adds job->result to the tool's totals.
	 */
	void	(*merge)(void *totals, const struct par_job *job);
	/*
	 * Optional (NULL for none): what a worker thread keeps from one
	 * job to the next, made on the thread before its first job (a
	 * thread that cannot make it takes no job) and freed after its
	 * last.  The main thread has its own, which run finds in arg.
	 */
	void	*(*local_new)(const void *arg);
	void	(*local_free)(void *local);
};

/*
 * Whether the tool's run function may read another game of the job.
 * Once the job's output has grown past PAR_OUTMAX, it may not: the
 * main thread plays the rest of the chunk when the job's turn to be
 * written comes, writing straight to the output, so that memory stays
 * bounded however much the games make the tool write (a line of
 * twenty syntax errors writes a hundred times its length).  Always 1
 * without a job.
 */
#define PAR_OUTMAX	(64 * 1024)
int	 par_more(struct par_job *);

/*
 * Call before writing to job->err: what was written to job->out so far
 * comes out first, as when standard output is flushed before standard
 * error is written.  With no job (NULL: the games are played on the
 * main thread), it does just that.
 */
void	 par_sync(struct par_job *);

/*
 * The number of threads to play games on: the QTTT_THREADS environment
 * variable if it holds a number from 1 to PAR_MAXTHREADS, else the
 * number of processors online, at most PAR_THREADS; any other value of
 * QTTT_THREADS is reported (a warning on standard error) and not used.
 * 1 means that the tools read as they always did, on one thread.  Each
 * thread costs about 200 KiB of memory (its chunks under way), 300 to
 * 400 KiB with the output of qttt-replay -T json or yaml: four keep
 * every tool under 4 MiB.
 */
#define PAR_THREADS	4
#define PAR_MAXTHREADS	4
int	 par_threads(void);

/*
 * Plays every game of r, a reader at the start of its input, on
 * nthreads threads.  Returns 0 at the end of the input; -1 on a read
 * error, with the diagnostic in rec, after the games before it;
 * QTTT_SPLIT_NOT, when nothing has been read (qttt_reader_next reads
 * it), if the input is not in the line notation or there is not the
 * memory to read it on several threads; PAR_STOP if standard output
 * could not be written.  Memory that runs out on the way is reported
 * as a read error ("out of memory" in rec): the input's games from
 * there on are not played.
 */
#define PAR_STOP	(-2)
int	 par_input(struct qttt_reader *r, struct qttt_record *rec,
	    int nthreads, const struct par_tool *, const void *arg,
	    void *totals);

#endif /* !QTTT_PARALLEL_H */
