/*
 * The games of an input on several threads (qttt.h, "Reading on
 * several threads"); not in the viewer page's module, which has no
 * threads.
 *
 * Jobs sit in a ring of nthreads + 2 slots, so that the workers always
 * have a chunk to take while the main thread writes one out: memory
 * stays bounded by the ring, whatever the input's length.  The main
 * thread fills free slots, writes the oldest job as soon as it is
 * done, and while it is not, plays a queued job itself; the nthreads -
 * 1 workers take queued jobs in order.  (A main thread that only waited
 * would want a processor of its own each time it woke: on two
 * processors that cost 15% of the wall time.)  One mutex guards the
 * ring; the chunks and the jobs' output are touched by one thread at a
 * time, as the ring hands them over.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

/* Where a job's two output streams stood at a qttt_par_sync(). */
struct qttt_par_cut {
	size_t	 out, err;
};

/* A worker's stack: a chunk holds a record (45 KiB, with its variations). */
#define STACK_SIZE	(256 * 1024)

struct pool {
	pthread_mutex_t		 lock;
	pthread_cond_t		 queued;	/* a job, or stop */
	pthread_cond_t		 finished;	/* a job is done */
	struct qttt_par_job		*jobs;
	size_t			 njobs;
	/*
	 * Counters that only grow; slot i % njobs.  head: the oldest job
	 * not yet written; next: the next job a worker takes; tail: the
	 * next slot to fill.  head <= next <= tail <= head + njobs.
	 */
	size_t			 head, next, tail;
	int			 stop;
	const struct qttt_par_tool	*tool;
	const void		*arg;
	FILE			*out, *err;	/* the input's output */
};

/* The output is looked at every PAR_EVERY games, at less cost. */
#define PAR_EVERY	16

int
qttt_par_more(struct qttt_par_job *job)
{
	long	 o, e;

	if (job == NULL || job->direct || ++job->games % PAR_EVERY != 0)
		return 1;
	if ((o = ftell(job->out)) == -1 || (e = ftell(job->err)) == -1 ||
	    (unsigned long)o + (unsigned long)e <= QTTT_PAR_OUTMAX)
		return 1;
	job->stopped = 1;
	return 0;
}

void
qttt_par_sync(struct qttt_par_job *job)
{
	struct qttt_par_cut	*cuts;
	size_t		 n;

	if (job == NULL)
		return;
	if (job->direct) {
		fflush(job->out);
		return;
	}
	/* A memstream's size is up to date after fflush(). */
	if (fflush(job->out) == EOF || fflush(job->err) == EOF) {
		job->failed = 1;
		return;
	}
	if (job->ncuts == job->maxcuts) {
		n = job->maxcuts > 0 ? 2 * job->maxcuts : 16;
		if ((cuts = realloc(job->cuts, n * sizeof(*cuts))) == NULL) {
			job->failed = 1;
			return;
		}
		job->cuts = cuts;
		job->maxcuts = n;
	}
	job->cuts[job->ncuts].out = job->outlen;
	job->cuts[job->ncuts].err = job->errlen;
	job->ncuts++;
}

/*
 * Plays the games of a job.  Its output streams are kept from one
 * chunk to the next, written again from the start: a buffer freed and
 * allocated again for every chunk would cost a page fault for every
 * page of output.
 */
static void
job_run(struct pool *p, struct qttt_par_job *job)
{
	job->ncuts = 0;
	job->games = 0;
	job->stopped = 0;
	job->failed = 0;
	memset(job->result, 0, p->tool->resultsize);
	if (fseek(job->out, 0, SEEK_SET) == -1 ||
	    fseek(job->err, 0, SEEK_SET) == -1 ||
	    (job->reader = qttt_reader_open_chunk(job->chunk)) == NULL) {
		job->failed = 1;
		return;
	}
	p->tool->run(p->arg, job);
	/* Sets outbuf and outlen, errbuf and errlen. */
	if (fflush(job->out) == EOF || fflush(job->err) == EOF)
		job->failed = 1;
	/* A job that stopped early keeps its reader for job_finish(). */
}

/*
 * On the main thread, once a job that stopped early has been written:
 * plays the rest of its chunk straight to the output, adding to its
 * result.  Returns 0, or -1 if the output failed.
 */
static int
job_finish(struct pool *p, struct qttt_par_job *job)
{
	struct qttt_par_job	 direct;

	memset(&direct, 0, sizeof(direct));
	direct.reader = job->reader;
	direct.out = p->out;
	direct.err = p->err;
	direct.result = job->result;
	direct.direct = 1;
	p->tool->run(p->arg, &direct);
	return direct.failed || ferror(p->out) ? -1 : 0;
}

static void *
worker(void *arg)
{
	struct pool	*p = arg;
	struct qttt_par_job	*job;
	void		*local = NULL;

	if (p->tool->local_new != NULL &&
	    (local = p->tool->local_new(p->arg)) == NULL)
		return NULL;	/* the other threads do the work */
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->stop && p->next == p->tail)
			pthread_cond_wait(&p->queued, &p->lock);
		if (p->next == p->tail)
			break;		/* stopped, and nothing is left */
		job = &p->jobs[p->next++ % p->njobs];
		pthread_mutex_unlock(&p->lock);
		job->local = local;
		job_run(p, job);
		pthread_mutex_lock(&p->lock);
		job->done = 1;
		pthread_cond_signal(&p->finished);
	}
	pthread_mutex_unlock(&p->lock);
	if (local != NULL)
		p->tool->local_free(local);
	return NULL;
}

/*
 * Writes a job's output in the order qttt_par_sync() saw: between two
 * cuts, what went to the error stream was written first (a cut is made
 * just before writing to it), with the output flushed before it.
 * Returns 0, or -1 if the output failed.
 */
static int
job_write(const struct pool *p, const struct qttt_par_job *job)
{
	size_t	 o = 0, e = 0, i, to, te;

	for (i = 0; i <= job->ncuts; i++) {
		to = i < job->ncuts ? job->cuts[i].out : job->outlen;
		te = i < job->ncuts ? job->cuts[i].err : job->errlen;
		if (te > e) {
			if (fflush(p->out) == EOF)
				return -1;
			fwrite(job->errbuf + e, 1, te - e, p->err);
			e = te;
		}
		if (to > o && fwrite(job->outbuf + o, 1, to - o, p->out) !=
		    to - o)
			return -1;
		o = to;
	}
	return ferror(p->out) ? -1 : 0;
}

/* Starts up to n workers; returns how many run. */
static size_t
start_workers(struct pool *p, pthread_t *tid, size_t n)
{
	pthread_attr_t	 attr;
	size_t		 k;

	if (pthread_attr_init(&attr) != 0)
		return 0;
	pthread_attr_setstacksize(&attr, STACK_SIZE);
	for (k = 0; k < n; k++)
		if (pthread_create(&tid[k], &attr, worker, p) != 0)
			break;
	pthread_attr_destroy(&attr);
	return k;
}

static void
pool_free(struct pool *p)
{
	size_t	 i;

	for (i = 0; i < p->njobs; i++) {
		if (p->jobs[i].out != NULL)
			fclose(p->jobs[i].out);
		if (p->jobs[i].err != NULL)
			fclose(p->jobs[i].err);
		free(p->jobs[i].outbuf);
		free(p->jobs[i].errbuf);
		qttt_chunk_free(p->jobs[i].chunk);
		free(p->jobs[i].result);
		free(p->jobs[i].cuts);
	}
	free(p->jobs);
	pthread_cond_destroy(&p->finished);
	pthread_cond_destroy(&p->queued);
	pthread_mutex_destroy(&p->lock);
}

static int
pool_init(struct pool *p, size_t njobs, const struct qttt_par_tool *tool,
    const void *arg, FILE *out, FILE *err)
{
	struct qttt_par_job	*job;
	size_t		 i, chunksize = tool->chunksize;

	memset(p, 0, sizeof(*p));
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->queued, NULL);
	pthread_cond_init(&p->finished, NULL);
	p->tool = tool;
	p->arg = arg;
	p->out = out;
	p->err = err;
	if ((p->jobs = calloc(njobs, sizeof(*p->jobs))) == NULL)
		return -1;
	p->njobs = njobs;
	for (i = 0; i < njobs; i++) {
		job = &p->jobs[i];
		if ((job->chunk = qttt_chunk_new(chunksize)) == NULL ||
		    (job->result = malloc(tool->resultsize)) == NULL ||
		    (job->out = open_memstream(&job->outbuf,
		    &job->outlen)) == NULL ||
		    (job->err = open_memstream(&job->errbuf,
		    &job->errlen)) == NULL)
			return -1;
	}
	return 0;
}

int
qttt_par_input(struct qttt_reader *r, struct qttt_record *rec, int nthreads,
    const struct qttt_par_tool *tool, const void *arg, void *totals,
    FILE *out, FILE *err)
{
	struct pool	 p;
	struct qttt_par_job	*job, *mine;
	pthread_t	 tid[QTTT_PAR_MAXTHREADS];
	size_t		 nworkers = 0, i;
	int		 k = 1, started = 0, status = 0;

	if (nthreads > QTTT_PAR_MAXTHREADS)
		nthreads = QTTT_PAR_MAXTHREADS;
	/* Without the memory for the pool, one thread does it all. */
	if (pool_init(&p, (size_t)nthreads + 2, tool, arg, out, err) == -1) {
		pool_free(&p);
		return QTTT_SPLIT_NOT;
	}
	for (;;) {
		/* Fill the free slots while there is input. */
		while (k == 1 && p.tail - p.head < p.njobs) {
			job = &p.jobs[p.tail % p.njobs];
			if ((k = qttt_reader_split(r, job->chunk, rec)) != 1)
				break;
			job->done = 0;
			pthread_mutex_lock(&p.lock);
			p.tail++;
			pthread_cond_signal(&p.queued);
			pthread_mutex_unlock(&p.lock);
		}
		if (k == QTTT_SPLIT_NOT || p.head == p.tail)
			break;
		/*
		 * Threads are started once there is more than one chunk:
		 * a small input is played here, at no cost.  The main
		 * thread is one of the nthreads: it plays a chunk itself
		 * rather than wait, so that no more threads than asked
		 * for want a processor.  If no worker can be started, it
		 * plays every chunk.
		 */
		if (!started && p.tail - p.head > 1) {
			started = 1;
			nworkers = start_workers(&p, tid, nthreads - 1);
		}
		job = &p.jobs[p.head % p.njobs];
		pthread_mutex_lock(&p.lock);
		if (!job->done && p.next < p.tail) {
			mine = &p.jobs[p.next++ % p.njobs];
			pthread_mutex_unlock(&p.lock);
			mine->local = NULL;
			job_run(&p, mine);
			pthread_mutex_lock(&p.lock);
			mine->done = 1;
			pthread_mutex_unlock(&p.lock);
			continue;
		}
		while (!job->done)
			pthread_cond_wait(&p.finished, &p.lock);
		pthread_mutex_unlock(&p.lock);
		if (status == 0 && job->failed) {
			qttt_record_clear(rec);
			qttt_record_diag(rec, QTTT_E_IO, 0, 0,
			    "out of memory");
			status = -1;
		}
		if (status == 0 && job_write(&p, job) == -1)
			status = QTTT_PAR_STOP;
		if (status == 0 && job->stopped && job_finish(&p, job) == -1)
			status = QTTT_PAR_STOP;
		if (status == 0)
			tool->merge(totals, job);
		qttt_reader_close(job->reader);
		job->reader = NULL;
		p.head++;
		/* After a failure, only the jobs under way are waited for. */
		if (status != 0)
			k = 0;
	}
	pthread_mutex_lock(&p.lock);
	p.stop = 1;
	pthread_cond_broadcast(&p.queued);
	pthread_mutex_unlock(&p.lock);
	for (i = 0; i < nworkers; i++)
		pthread_join(tid[i], NULL);
	pool_free(&p);
	if (status != 0)
		return status;
	return k == 1 ? 0 : k;
}
