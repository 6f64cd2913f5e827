/*
 * qttt-analyze: what perfect play makes of recorded games, ply by ply
 * (formats/analysis-output.md), of positions, and the counts below a
 * position (formats/counting.md).  The judging, the counting and the
 * writing are the library's analysis writer; this reads the options
 * and the inputs, on a solver per thread, and shows diagnostics.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"
#include "parallel.h"

struct options {
	struct qttt_analysis_options a;		/* -c, -d, -p, -s, -T */
	struct run_tool		 in;		/* -f, -g, -q, -R */
	int			 threads;	/* to analyse games on */
	size_t			 table;		/* -m, in bytes per solver */
};

/*
 * The solvers' tables together, in MiB (-m), shared out among the
 * threads.  The table saves a fifth of the time, and the first MiB most
 * of that: the default keeps qttt-analyze under 4 MiB.
 */
#define TABLE_MIB	1

/* A write to standard output failed: stop at once. */
#define EXIT_STOP	(-1)

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'c', "count", NULL, "count the complete games below each "
	    "position, by\nresult and length", 0, 0 },
	{ 'd', "divide", NULL, "with -p: the count below each action too", 0,
	    0 },
	OPT_FORMAT, OPT_GAMES,
	{ 'm', "memory", "MiB", "the solvers' tables, in MiB, shared by the "
	    "threads\n(default 1; 0: none); with -c, the count's table", 0,
	    0 },
	{ 'p', "perft", "depth", "count the histories of DEPTH moves (0 to "
	    "9) below\neach position", 0, 0 },
	OPT_QUIET("no diagnostics; the exit status tells"),
	OPT_RULES("the rules of records that name none (goff)"),
	OPT_STATE("analyse the position of a state string, not files"),
	{ 's', "summary", NULL, "only the mistakes and blunders of each game "
	    "and input", 0, 0 },
	OPT_TYPE("report (the default), json (JSON Lines) or yaml\n"
	    "(annotated records)"),
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Show what perfect play makes of each move of Quantum Tic-Tac-Toe "
	"games:\nthe value before it, the value of the move played, the best "
	"moves, what\nthe mover lost, and where the game was decided; with no "
	"file, or when\nfile is -, read standard input.  Positions (state "
	"strings) get the value\nof every action.\n",
	"Exit status: 0 all valid, 1 some game invalid, 2 usage or I/O "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* The totals of an input, or of a chunk of it. */
struct tally {
	unsigned long	 games;		/* read */
	struct qttt_analysis_totals t;	/* t.games: those chosen (-g) */
	int		 status;	/* EXIT_VALID, _INVALID or _TROUBLE */
};

/* What every thread reads of an input. */
struct run {
	const struct options	*o;
	const char		*name;
	struct qttt_solver	*main;	/* the main thread's solver */
};

/*
 * Analyses the games of r with sv onto out, with diagnostics on err
 * (with job, a chunk's streams, which par_sync() keeps in order), and
 * counts them in t.  Returns what qttt_reader_next() returned last (0
 * at the end, -1 on a read error, with the diagnostic in rec), or
 * PAR_STOP if out cannot be written.
 */
static int
analyse_games(struct qttt_solver *sv, const struct run *run,
    struct qttt_reader *r, struct qttt_record *rec, FILE *out, FILE *err,
    struct par_job *job, struct tally *t)
{
	const struct options *o = run->o;
	struct qttt_analysis_writer *w;
	struct qttt_game game;
	struct qttt_diag d;
	unsigned long	 prev = 0;
	int		 k, v = 0;

	if ((w = qttt_analysis_writer_open(out, &o->a)) == NULL)
		return PAR_STOP;
	/* par_more() may leave the rest of a chunk to the main thread. */
	while (v != -1 &&
	    (k = par_more(job) ? qttt_reader_next(r, rec) : 0) == 1) {
		t->games += starts_game(rec, prev);
		prev = rec->index;
		if (o->in.games != NULL &&
		    !qttt_ranges_has(&o->in.ranges, rec->index))
			continue;
		t->t.games++;
		if (play_record(rec, &game) > 0) {
			t->status = EXIT_INVALID;
			t->t.invalid++;
			if (!o->in.quiet) {
				/* The games before come first. */
				par_sync(job);
				show_record_diags(err, run->name, rec, 0);
			}
		} else if ((v = qttt_analysis_writer_put(w, sv, rec, &game,
		    &t->t, &d)) < -1) {
			if (t->status < EXIT_TROUBLE)
				t->status = v == -2 ? EXIT_INVALID :
				    EXIT_TROUBLE;
			if (!o->in.quiet) {
				par_sync(job);
				show_line_msg(err, run->name, rec->line,
				    "error", "%s", d.msg);
			}
		}
		/* Several states of a stream may have one game number. */
		if (o->in.games != NULL && rec->format != QTTT_FORMAT_STATE &&
		    rec->index >= qttt_ranges_last(&o->in.ranges))
			break;
	}
	if (qttt_analysis_writer_close(w) == -1 || v == -1 || ferror(out))
		return PAR_STOP;
	return k;
}

/* A worker thread's solver (parallel.h). */
static void *
worker_new(const void *arg)
{
	return qttt_solver_new(((const struct run *)arg)->o->table);
}

static void
worker_free(void *sv)
{
	qttt_solver_free(sv);
}

static void
analyse_chunk(const void *arg, struct par_job *job)
{
	const struct run *run = arg;
	struct qttt_record *rec;

	/* A record is large for a worker's stack. */
	if ((rec = malloc(sizeof(*rec))) == NULL ||
	    analyse_games(job->local != NULL ? job->local : run->main, run,
	    job->reader, rec, job->out, job->err, job, job->result) ==
	    PAR_STOP)
		job->failed = 1;
	free(rec);
}

static void
add_tally(void *totals, const struct par_job *job)
{
	struct tally		*t = totals;
	const struct tally	*u = job->result;

	t->games += u->games;
	t->t.games += u->t.games;
	t->t.analysed += u->t.analysed;
	t->t.invalid += u->t.invalid;
	qttt_mark_counts_add(&t->t.counts, &u->t.counts);
	if (u->status > t->status)
		t->status = u->status;
}

/* The summary of an input (-s), on standard output. */
static int
summarise_input(const struct options *o, const char *name,
    const struct tally *t)
{
	struct qttt_analysis_writer *w;
	int		 k;

	if ((w = qttt_analysis_writer_open(stdout, &o->a)) == NULL)
		return EXIT_STOP;
	k = qttt_analysis_writer_totals(w, name, &t->t);
	return qttt_analysis_writer_close(w) == -1 || k == -1 ? EXIT_STOP :
	    t->status;
}

/*
 * Analyses one input with sv, the main thread's solver.  Returns the
 * exit status it deserves, or EXIT_STOP if standard output cannot be
 * written.
 */
static int
analyse_input(const struct options *o, struct qttt_solver *sv,
    const char *path)
{
	static struct qttt_record rec;
	/*
	 * Every chunk under way holds its output, about 25 times the
	 * games' records for JSON Lines; smaller chunks also share the
	 * games out more evenly between the threads.
	 */
	struct par_tool	 tool = { sizeof(struct tally), QTTT_CHUNK_TEXT /
			    (o->a.summary ? 8 : 32), analyse_chunk, add_tally,
			    worker_new, worker_free };
	struct qttt_reader *r;
	struct tally	 t;
	struct run	 run = { o, input_name(path), sv };
	int		 fd, k = QTTT_SPLIT_NOT;

	if ((r = open_tool_reader(&o->in, path, &fd)) == NULL)
		return EXIT_TROUBLE;
	memset(&t, 0, sizeof(t));
	/*
	 * On several threads when each game's output stands alone: not
	 * for some games only (-g), nor for the report, which puts a
	 * blank line between the games it has written, nor for YAML,
	 * which keeps the comment lines that the chunks leave out, nor
	 * for the counts, each a long search of its own.
	 */
	if (o->threads > 1 && o->in.games == NULL && !o->a.perft &&
	    !o->a.count && (o->a.summary ||
	    o->a.output == QTTT_ANALYSIS_JSON))
		k = fflush(stdout) == EOF ? PAR_STOP :
		    par_input(r, &rec, o->threads, &tool, &run, &t);
	if (k == QTTT_SPLIT_NOT)
		k = analyse_games(sv, &run, r, &rec, stdout, stderr, NULL, &t);
	if (k == PAR_STOP)
		t.status = EXIT_STOP;
	else if ((k = end_selection(run.name, k, &rec, t.games, o->in.games,
	    t.t.games, o->in.quiet)) != EXIT_VALID)
		t.status = k;
	else if (o->a.summary)
		t.status = summarise_input(o, run.name, &t);
	close_reader(r, fd);
	return t.status;
}

/* -S: the one position of a state string. */
static int
analyse_state(const struct options *o, struct qttt_solver *sv,
    const char *s)
{
	struct qttt_analysis_writer *w;
	struct qttt_analysis_totals t;
	struct qttt_game g;
	struct qttt_diag d;
	int		 k;

	memset(&t, 0, sizeof(t));
	qttt_game_init(&g);
	if (qttt_state_parse_rules(s, strlen(s), o->in.rules, &g.state, &d)
	    != QTTT_OK) {
		if (!o->in.quiet)
			fprintf(stderr, "%s: -S: column %lu: %s\n", progname,
			    d.col + 1, d.msg);
		return EXIT_INVALID;
	}
	if ((w = qttt_analysis_writer_open(stdout, &o->a)) == NULL)
		return EXIT_STOP;
	k = qttt_analysis_writer_put(w, sv, NULL, &g, &t, &d);
	if (qttt_analysis_writer_close(w) == -1 || k == -1)
		return EXIT_STOP;
	if (k != 0 && !o->in.quiet)
		fprintf(stderr, "%s: -S: %s\n", progname, d.msg);
	return k == 0 ? EXIT_VALID : k == -2 ? EXIT_INVALID : EXIT_TROUBLE;
}

/* The output formats of -T. */
static const struct name_value types[] = {
	{ "report", QTTT_ANALYSIS_REPORT }, { "json", QTTT_ANALYSIS_JSON },
	{ "yaml", QTTT_ANALYSIS_YAML },
};

/* The options of qttt-analyze: what input_options() leaves to it. */
struct take {
	struct options	*o;
	unsigned long long mib;
	const char	*state;
};

static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	struct take	*t = tool->arg;
	struct qttt_analysis_options *a = &t->o->a;
	unsigned long long depth;
	int		 v;

	switch (ch) {
	case 'c':
		a->count = 1;
		break;
	case 'd':
		a->divide = 1;
		break;
	case 'm':
		if ((v = mib_option(usage, arg, &t->mib)) != 0)
			return v;
		/* -c and -p: a byte is no table; without -m, their
		 * tables take what they need, up to QTTT_COUNT_MEMORY
		 * and 64 MiB. */
		a->count_memory = t->mib > 0 ? (size_t)t->mib << 20 : 1;
		break;
	case 'p':
		if (parse_number(arg, 0, QTTT_MAXMOVES, &depth) == -1)
			return usage_error(usage, "-p: not a depth from 0 to "
			    "%d: %s", QTTT_MAXMOVES, arg);
		a->perft = 1;
		a->depth = (unsigned int)depth;
		break;
	case 'S':
		t->state = arg;
		break;
	case 's':
		a->summary = 1;
		break;
	case 'T':
		if (type_option(usage, types, NVALUES(types), arg, &v) != 0)
			return EXIT_TROUBLE;
		a->output = v;
		break;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct options	 o;
	struct qttt_solver *sv;
	struct take	 t = { &o, TABLE_MIB, NULL };
	int		 status = EXIT_VALID, s = EXIT_VALID, i;

	start_tool(argv);
	memset(&o, 0, sizeof(o));
	o.threads = par_threads();
	o.in.arg = &t;
	if ((s = input_options(&o.in, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	argc -= optind;
	argv += optind;
	if (t.state != NULL && argc > 0)
		return usage_error(usage, "-S takes no file");
	if (o.a.summary && (o.a.output == QTTT_ANALYSIS_YAML ||
	    t.state != NULL))
		return usage_error(usage, "-s goes with -T report or json, "
		    "and files");
	if (o.a.summary && (o.a.perft || o.a.count))
		return usage_error(usage, "-s counts marks, not histories: "
		    "not with -p or -c");
	if (o.a.divide && !o.a.perft)
		return usage_error(usage, "-d goes with -p");

	/* Counting needs no solver: -m is the count's alone. */
	o.table = o.a.perft || o.a.count ? 0 : ((size_t)t.mib << 20) /
	    o.threads;
	if ((sv = qttt_solver_new(o.table)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	if (t.state != NULL)
		status = s = analyse_state(&o, sv, t.state);
	for (i = 0; t.state == NULL && i < (argc > 0 ? argc : 1); i++) {
		if ((s = analyse_input(&o, sv, argc > 0 ? argv[i] :
		    "-")) == EXIT_STOP)
			break;
		if (s > status)
			status = s;
	}
	qttt_solver_free(sv);
	/* finish_output() says why, if the stream knows. */
	if (s == EXIT_STOP && finish_output() == 0)
		fprintf(stderr, "%s: cannot write the output\n", progname);
	else if (s != EXIT_STOP && finish_output() == 0)
		return status;
	return EXIT_TROUBLE;
}
