/*
 * The inputs of a reading tool (inputs.h): one loop for every tool,
 * on the thread pool of parallel.c where the tool allows it.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "parallel.h"

/*
 * What run_inputs() counts in an input, and in a chunk of one, with
 * the tool's tally after it (at TALLY_AT).
 */
struct head {
	const struct run_tool *tool;
	unsigned long	 games;
	unsigned long	 shown;
	int		 status;
};
#define TALLY_AT	((sizeof(struct head) + sizeof(max_align_t) - 1) / \
			    sizeof(max_align_t) * sizeof(max_align_t))
#define TALLY(h)	((void *)((char *)(h) + TALLY_AT))

void
out_sync(struct par_out *po)
{
	par_sync(po->job);
}

/*
 * Whether no game after rec can be asked for: rec is the last game -g
 * names.  In a stream of states, which may number its states by their
 * games (formats/state-string.md), several records have one number.
 */
static int
past_last(const struct run_tool *tool, const struct qttt_record *rec)
{
	return tool->gameset != NULL && rec->format != QTTT_FORMAT_STATE &&
	    rec->index >= qttt_ranges_last(tool->gameset);
}

/*
 * Reads the records of r and hands those -g selects to the tool,
 * writing through po and counting in h.  Returns what
 * qttt_reader_next() returned last (0 at the end, -1 on a read error,
 * with the diagnostic in rec), or PAR_STOP if po->out cannot be
 * written.
 */
static int
read_records(const struct run_input *in, struct par_out *po,
    struct qttt_reader *r, struct qttt_record *rec, struct head *h)
{
	const struct run_tool *tool = in->tool;
	unsigned long	 prev = 0;
	int		 k, s;

	/* par_more() may leave the rest of a chunk to the main thread. */
	while ((k = par_more(po->job) ? qttt_reader_next(r, rec) : 0) == 1) {
		h->games += starts_game(rec, prev);
		prev = rec->index;
		if (tool->gameset != NULL &&
		    !qttt_ranges_has(tool->gameset, rec->index))
			continue;
		h->shown++;
		/*
		 * A failed output stops the reading: looked at every 64
		 * records (ferror() takes the stream's lock: a fiftieth of
		 * qttt-validate's instructions, asked of every record).
		 */
		if ((s = tool->record(in, po, rec, TALLY(h))) == RUN_STOP ||
		    ((h->shown & 63) == 0 && ferror(po->out)))
			return PAR_STOP;
		if (s > h->status)
			h->status = s;
		if (past_last(tool, rec))
			break;
	}
	return k;
}

/* A chunk of an input, on any thread (struct par_tool's run). */
static void
chunk_run(const void *arg, struct par_job *job)
{
	const struct run_input *in = arg;
	const struct run_tool *tool = in->tool;
	struct par_out	 po = { job->out, job->err, NULL, job };
	struct qttt_record rec;
	int		 k;

	if (tool->sink_open != NULL &&
	    (po.sink = tool->sink_open(in, job->out)) == NULL) {
		job->failed = 1;
		return;
	}
	k = read_records(in, &po, job->reader, &rec, job->result);
	if ((tool->sink_close != NULL && tool->sink_close(po.sink) == -1) ||
	    k == PAR_STOP)
		job->failed = 1;
}

/* On the main thread, in input order: a chunk's counts into the input's. */
static void
chunk_merge(void *totals, const struct par_job *job)
{
	struct head		*h = totals;
	const struct head	*c = job->result;

	h->games += c->games;
	h->shown += c->shown;
	if (c->status > h->status)
		h->status = c->status;
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

/*
 * Reads one input, with h (zeroed) for its counts.  Returns the exit
 * status it deserves, or RUN_STOP.
 */
static int
run_input(const struct run_tool *tool, const char *path, struct head *h)
{
	static struct qttt_record rec;
	struct par_tool	 pool = { TALLY_AT + tool->tallysize,
			    tool->chunksize, chunk_run, chunk_merge, NULL,
			    NULL };
	struct par_out	 po = { stdout, stderr, tool->sink, NULL };
	struct run_input in;
	int		 k = QTTT_SPLIT_NOT, s;

	memset(&in, 0, sizeof(in));
	in.tool = tool;
	in.path = path;
	in.name = input_name(path);
	in.tally = TALLY(h);
	in.threads = tool->threads;
	/* An input that cannot be read is no diagnostic: it has no game. */
	if ((in.reader = open_reader(path, tool->format, &in.fd)) == NULL)
		return EXIT_TROUBLE;
	if (tool->begin != NULL && (s = tool->begin(&in)) != 0) {
		close_reader(in.reader, in.fd);
		return s;
	}
	if (in.threads > 1)
		k = par_input(in.reader, &rec, in.threads, &pool, &in, h);
	if (k == QTTT_SPLIT_NOT)
		k = read_records(&in, &po, in.reader, &rec, h);
	in.games = h->games;
	in.shown = h->shown;
	if (k == PAR_STOP)
		k = RUN_STOP;
	s = tool->end != NULL ? tool->end(&in, k, &rec, h->status) :
	    input_end(&in, k, &rec, h->status);
	close_reader(in.reader, in.fd);
	return s;
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
