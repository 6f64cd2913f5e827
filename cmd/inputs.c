/*
 * The inputs of a reading tool (inputs.h): one loop for every tool,
 * on the library's threads (qttt_par_input()) where the tool allows it.
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"

/*
 * What run_inputs() counts in an input, and in a chunk of one, with
 * the tool's tally after it (at TALLY_AT).
 */
struct head {
	const struct run_tool *tool;
	struct run_count n;
};
#define TALLY_AT	((sizeof(struct head) + sizeof(max_align_t) - 1) / \
			    sizeof(max_align_t) * sizeof(max_align_t))
#define TALLY(h)	((void *)((char *)(h) + TALLY_AT))

/* The solver of check_award() (inputs.h), shared by the threads. */
static pthread_mutex_t	 award_lock = PTHREAD_MUTEX_INITIALIZER;
static struct qttt_solver *award_solver;

static void
award_solver_free(void)
{
	qttt_solver_free(award_solver);
}

size_t
check_award(struct qttt_record *rec)
{
	pthread_mutex_lock(&award_lock);
	if (award_solver == NULL) {
		if ((award_solver = qttt_solver_new(QTTT_SOLVER_TABLE / 8)) ==
		    NULL) {
			fprintf(stderr, "%s: %s\n", progname, strerror(ENOMEM));
			exit(EXIT_TROUBLE);
		}
		atexit(award_solver_free);
	}
	qttt_record_check_award(award_solver, rec);
	pthread_mutex_unlock(&award_lock);
	return rec->nerrors;
}

void
out_sync(struct par_out *po)
{
	if (po->job != NULL)
		qttt_par_sync(po->job);
	else
		fflush(po->out);
}

int
par_threads(void)
{
	const char	*s;
	unsigned long long v;
	long		 n;

	n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	else if (n > PAR_THREADS)
		n = PAR_THREADS;
	if ((s = getenv("QTTT_THREADS")) == NULL)
		return (int)n;
	if (parse_number(s, 1, QTTT_PAR_MAXTHREADS, &v) == 0)
		return (int)v;
	fprintf(stderr, "%s: warning: QTTT_THREADS is not a number from 1 "
	    "to %d: using %ld thread%s\n", progname, QTTT_PAR_MAXTHREADS, n,
	    n == 1 ? "" : "s");
	return (int)n;
}

/* A chunk of an input, on any thread (struct qttt_par_tool's run). */
static void
chunk_run(const void *arg, struct qttt_par_job *job)
{
	const struct run_input *in = arg;
	const struct run_tool *tool = in->tool;
	struct par_out	 po = { job->out, job->err, NULL, job,
			    job->local != NULL ? job->local : tool->local };
	struct head	*c = job->result;
	struct qttt_record rec;
	int		 k;

	if (tool->sink_open != NULL &&
	    (po.sink = tool->sink_open(in, job->out)) == NULL) {
		job->failed = 1;
		return;
	}
	k = tool->records(in, &po, job->reader, &rec, &c->n, TALLY(c));
	if ((tool->sink_close != NULL && tool->sink_close(po.sink) == -1) ||
	    k == QTTT_PAR_STOP)
		job->failed = 1;
}

/* On the main thread, in input order: a chunk's counts into the input's. */
static void
chunk_merge(void *totals, const struct qttt_par_job *job)
{
	struct head		*h = totals;
	const struct head	*c = job->result;

	h->n.games += c->n.games;
	h->n.shown += c->n.shown;
	if (c->n.status > h->n.status)
		h->n.status = c->n.status;
	if (h->tool->merge != NULL)
		h->tool->merge(TALLY(h), TALLY(c));
}

int
input_end(const struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	int	 s;

	if (k == RUN_STOP)
		return RUN_STOP;
	s = end_selection(in->name, k, rec, in->games, in->tool->games,
	    in->shown, in->tool->quiet);
	return s != EXIT_VALID ? s : status;
}

/* A thread's own, made and freed on it (struct qttt_par_tool's). */
static void *
local_new(const void *arg)
{
	const struct run_input *in = arg;

	return in->tool->local_new(in->tool);
}

/*
 * Reads one input, with h (zeroed) for its counts.  Returns the exit
 * status it deserves, or RUN_STOP.
 */
static int
run_input(const struct run_tool *tool, const char *path, struct head *h)
{
	static struct qttt_record rec;
	struct qttt_par_tool	 pool = { TALLY_AT + tool->tallysize,
			    tool->chunksize, chunk_run, chunk_merge,
			    tool->local_new != NULL ? local_new : NULL,
			    tool->local_free };
	struct par_out	 po = { stdout, stderr, tool->sink, NULL,
			    tool->local };
	struct run_input in;
	int		 k = QTTT_SPLIT_NOT, s;

	memset(&in, 0, sizeof(in));
	in.tool = tool;
	in.path = path;
	in.name = input_name(path);
	in.tally = TALLY(h);
	in.threads = tool->threads;
	/* An input that cannot be read is no diagnostic: it has no game. */
	if ((in.reader = open_tool_reader(tool, path, &in.fd)) == NULL)
		return EXIT_TROUBLE;
	if (tool->begin != NULL && (s = tool->begin(&in)) != 0) {
		close_reader(in.reader, in.fd);
		return s;
	}
	if (po.sink == NULL && tool->sink_open != NULL &&
	    (po.sink = tool->sink_open(&in, stdout)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		close_reader(in.reader, in.fd);
		return EXIT_TROUBLE;
	}
	if (in.threads > 1)
		k = qttt_par_input(in.reader, &rec, in.threads, &pool, &in, h,
		    stdout, stderr);
	if (k == QTTT_SPLIT_NOT)
		k = tool->records(&in, &po, in.reader, &rec, &h->n, TALLY(h));
	in.games = h->n.games;
	in.shown = h->n.shown;
	/* An input's own writer is done with before its end is told. */
	if (tool->sink == NULL && po.sink != NULL &&
	    tool->sink_close(po.sink) == -1)
		k = QTTT_PAR_STOP;
	if (k == QTTT_PAR_STOP)
		k = RUN_STOP;
	s = tool->end != NULL ? tool->end(&in, k, &rec, h->n.status) :
	    input_end(&in, k, &rec, h->n.status);
	close_reader(in.reader, in.fd);
	return s;
}

int
input_option(struct run_tool *tool, int ch, const char *arg,
    void (*usage)(FILE *))
{
	switch (ch) {
	case 'f':
		return format_option(usage, arg, &tool->format);
	case 'g':
		tool->gameset = &tool->ranges;
		return games_option(usage, arg, &tool->ranges, &tool->games);
	case 'q':
		tool->quiet = 1;
		return 0;
	case 'R':
		tool->rules_set = 1;
		return rules_option(usage, arg, &tool->rules);
	default:
		return -1;
	}
}

/* What input_options() hands opt_parse(). */
struct taker {
	struct run_tool	*tool;
	void	(*usage)(FILE *);
	int	(*take)(struct run_tool *, int, const char *);
};

static int
take_input_option(void *arg, int ch, const char *val)
{
	struct taker	*t = arg;
	int		 s;

	if ((s = input_option(t->tool, ch, val, t->usage)) > 0)
		return s;
	return t->take(t->tool, ch, val);
}

int
input_options(struct run_tool *tool, const struct opt_tool *opts,
    void (*usage)(FILE *), int argc, char *argv[],
    int (*take)(struct run_tool *, int, const char *))
{
	struct taker	 t = { tool, usage, take };

	return opt_parse(opts, argc, argv, take_input_option, &t);
}

struct qttt_reader *
open_tool_reader(const struct run_tool *tool, const char *path, int *fd)
{
	return open_reader(path, tool->format, tool->rules_set ? &tool->rules :
	    NULL, fd);
}

int
run_inputs(const struct run_tool *tool, int argc, char *argv[])
{
	struct head	*h;
	int		 i, s, status = EXIT_VALID;

	if ((h = malloc(TALLY_AT + tool->tallysize)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	for (i = 0; i < (argc > 0 ? argc : 1); i++) {
		memset(h, 0, TALLY_AT + tool->tallysize);
		h->tool = tool;
		s = run_input(tool, argc > 0 ? argv[i] : "-", h);
		if (s == RUN_STOP) {
			status = RUN_STOP;
			break;
		}
		if (s > status)
			status = s;
	}
	free(h);
	return status;
}
