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
#include <unistd.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"
#include "parallel.h"

struct options {
	struct qttt_analysis_options a;		/* -c, -d, -p, -s, -T */
	struct run_tool		 in;		/* -f, -g, -q, -R */
	unsigned long long	 mib;		/* -m */
	size_t			 table;		/* -m, in bytes per solver */
	const char		*state;		/* -S */
	int			 percent;	/* of a count, as shown */
	int			 width;		/* of its line */
};

/*
 * The solvers' tables together, in MiB (-m), shared out among the
 * threads.  The table saves a fifth of the time, and the first MiB most
 * of that: the default keeps qttt-analyze under 4 MiB.
 */
#define TABLE_MIB	1

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
	OPT_TYPE("report (the default), json (JSON Lines), yaml\n"
	    "(annotated records) or line (annotated records with the\n"
	    "best lines)"),
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

/*
 * A record (RUN_RECORDS' record): analysed with the thread's solver
 * through po's analysis writer, and counted in the input's totals.
 */
static int
analyse_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	struct qttt_analysis_totals *t = tally;
	struct qttt_game game;
	struct qttt_diag d;
	int		 v;

	t->games++;
	if (play_record(rec, &game) > 0) {
		t->invalid++;
		if (!in->tool->quiet) {
			/* The games before come first. */
			out_sync(po);
			show_record_diags(po->err, in->name, rec, 0);
		}
		return EXIT_INVALID;
	}
	if ((v = qttt_analysis_writer_put(po->sink, po->local, rec, &game,
	    t, &d)) == 1 && !in->tool->quiet) {
		out_sync(po);
		show_line_msg(po->err, in->name, rec->line, "note", "%s",
		    d.msg);
	}
	if (v >= 0)
		return EXIT_VALID;
	if (v == -1)
		return RUN_STOP;
	if (!in->tool->quiet) {
		out_sync(po);
		show_line_msg(po->err, in->name, rec->line, "error", "%s",
		    d.msg);
	}
	return v == -2 ? EXIT_INVALID : EXIT_TROUBLE;
}

RUN_RECORDS(analyse_records, analyse_record)

/* An analysis writer on a chunk's output, or an input's (run_tool's). */
static void *
writer_open(const struct run_input *in, FILE *out)
{
	const struct options *o = in->tool->arg;

	return qttt_analysis_writer_open(out, &o->a);
}

static int
writer_close(void *w)
{
	return qttt_analysis_writer_close(w);
}

/* A thread's solver (run_tool's local). */
static void *
solver_new(const struct run_tool *tool)
{
	const struct options *o = tool->arg;

	return qttt_solver_new(o->table);
}

static void
solver_free(void *sv)
{
	qttt_solver_free(sv);
}

static void
add_totals(void *to, const void *from)
{
	struct qttt_analysis_totals		*t = to;
	const struct qttt_analysis_totals	*u = from;

	t->games += u->games;
	t->analysed += u->analysed;
	t->invalid += u->invalid;
	qttt_mark_counts_add(&t->counts, &u->counts);
}

/*
 * The end of an input (run_tool's end): what input_end() reports, then
 * with -s its summary, on standard output.
 */
static int
end_analysis(struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	const struct options *o = in->tool->arg;
	struct qttt_analysis_writer *w;
	int		 s;

	if (k == RUN_STOP)
		return RUN_STOP;
	if ((s = end_selection(in->name, k, rec, in->games, in->tool->games,
	    in->shown, in->tool->quiet)) != EXIT_VALID || !o->a.summary)
		return s != EXIT_VALID ? s : status;
	if ((w = qttt_analysis_writer_open(stdout, &o->a)) == NULL)
		return RUN_STOP;
	k = qttt_analysis_writer_totals(w, in->name, in->tally);
	return qttt_analysis_writer_close(w) == -1 || k == -1 ? RUN_STOP :
	    status;
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
		return RUN_STOP;
	k = qttt_analysis_writer_put(w, sv, NULL, &g, &t, &d);
	if (qttt_analysis_writer_close(w) == -1 || k == -1)
		return RUN_STOP;
	if (k != 0 && !o->in.quiet)
		fprintf(stderr, "%s: -S: %s\n", progname, d.msg);
	return k == 0 ? EXIT_VALID : k == -2 ? EXIT_INVALID : EXIT_TROUBLE;
}

/*
 * A count's progress (struct qttt_progress), shown on standard error
 * when it is a terminal: a line written over as the percentage grows,
 * blanked when the count is done.
 */
static void
show_progress(void *arg, double done)
{
	struct options	*o = arg;
	int		 percent = (int)(done * 100);

	if (done >= 1) {
		fprintf(stderr, "\r%*s\r", o->width, "");
		o->percent = -1;
	} else if (percent != o->percent) {
		o->percent = percent;
		o->width = fprintf(stderr, "\r%s: counting: %d%%", progname,
		    percent);
	}
}

/* The output formats of -T. */
static const struct name_value types[] = {
	{ "report", QTTT_ANALYSIS_REPORT }, { "json", QTTT_ANALYSIS_JSON },
	{ "yaml", QTTT_ANALYSIS_YAML }, { "line", QTTT_ANALYSIS_LINE },
};

/* An option of qttt-analyze's own (input_options()). */
static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	struct options	*t = tool->arg;
	struct qttt_analysis_options *a = &t->a;
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
	static struct options o;
	struct run_tool	*tool = &o.in;
	int		 status, s, threads;

	start_tool(argv);
	o.mib = TABLE_MIB;
	*tool = (struct run_tool){
		.arg = &o, .tallysize = sizeof(struct qttt_analysis_totals),
		.threads = 1, .records = analyse_records, .merge = add_totals,
		.sink_open = writer_open, .sink_close = writer_close,
		.local_new = solver_new, .local_free = solver_free,
		.end = end_analysis
	};
	threads = par_threads();
	if ((s = input_options(tool, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	argc -= optind;
	argv += optind;
	if (o.state != NULL && argc > 0)
		return usage_error(usage, "-S takes no file");
	if (o.a.summary && (o.a.output == QTTT_ANALYSIS_YAML ||
	    o.a.output == QTTT_ANALYSIS_LINE || o.state != NULL))
		return usage_error(usage, "-s goes with -T report or json, "
		    "and files");
	if (o.a.output == QTTT_ANALYSIS_LINE && (o.state != NULL ||
	    o.a.perft || o.a.count))
		return usage_error(usage, "-T line writes games: not with "
		    "-S, -p or -c");
	if (o.a.summary && (o.a.perft || o.a.count))
		return usage_error(usage, "-s counts marks, not histories: "
		    "not with -p or -c");
	if (o.a.divide && !o.a.perft)
		return usage_error(usage, "-d goes with -p");

	/*
	 * On several threads when each game's output stands alone: not
	 * for some games only (-g), nor for the report, which puts a
	 * blank line between the games it has written, nor for the
	 * annotated records (YAML, the line notation), which keep the
	 * comment lines that the chunks leave out, nor
	 * for the counts, each a long search of its own.  Every chunk
	 * under way holds its output, about 25 times the games' records
	 * for JSON Lines; smaller chunks also share the games out more
	 * evenly between the threads.
	 */
	if (threads > 1 && tool->games == NULL && !o.a.perft && !o.a.count &&
	    (o.a.summary || o.a.output == QTTT_ANALYSIS_JSON)) {
		tool->threads = threads;
		tool->chunksize = QTTT_CHUNK_TEXT / (o.a.summary ? 8 : 32);
	}
	if ((o.a.perft || o.a.count) && !tool->quiet &&
	    isatty(STDERR_FILENO)) {
		o.percent = -1;
		o.a.progress.fn = show_progress;
		o.a.progress.arg = &o;
	}
	/* Counting needs no solver: -m is the count's alone. */
	o.table = o.a.perft || o.a.count ? 0 : ((size_t)o.mib << 20) /
	    threads;
	if ((tool->local = qttt_solver_new(o.table)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	if (o.state != NULL)
		status = analyse_state(&o, tool->local, o.state);
	else
		status = run_inputs(tool, argc, argv);
	qttt_solver_free(tool->local);
	/* finish_output() says why, if the stream knows. */
	if (status == RUN_STOP && finish_output() == 0)
		fprintf(stderr, "%s: cannot write the output\n", progname);
	else if (status != RUN_STOP && finish_output() == 0)
		return status;
	return EXIT_TROUBLE;
}
