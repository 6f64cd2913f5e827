/*
 * qttt-replay: the states of recorded games, as state strings, JSON
 * Lines, YAML or a listing for people.  Invalid records are replayed
 * up to their first error and reported as qttt-validate reports them.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"
#include "options.h"

struct options {
	int			 quiet;		/* -q */
	/* -a, -p, -T, -v and -w: what to print. */
	struct qttt_replay_options out;
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'a', "all", NULL, "every state: the start and the state after "
	    "each\nplacement and measurement", 0, 0 },
	OPT_FORMAT, OPT_GAMES,
	{ 'p', "ply", "ply", "the state after PLY plies (placements and\n"
	    "measurements), or at a path into a variation\n(5.1.2); with -a, "
	    "the states up to it", 0, 0 },
	OPT_QUIET("no diagnostics; the exit status tells"),
	OPT_RULES("the rules of records that name none (goff)"),
	OPT_TYPE("state (state strings, the default), json (JSON\n"
	    "Lines), yaml, or list (a listing to read)"),
	{ 'v', "variations", NULL, "the variations too, each state named "
	    "by its path", 0, 0 },
	{ 'w', "what-if", "measurement", "give that measurement of each "
	    "game its\nother outcome, and stop the game there", 0, 0 },
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Show the states of Quantum Tic-Tac-Toe games; with no file, or when "
	"file\nis -, read standard input.  By default, the final state of "
	"each game.\n",
	"Exit status: 0 all valid, 1 some game invalid, 2 usage or I/O "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* The output formats of -T. */
static const struct name_value types[] = {
	{ "state", QTTT_OUTPUT_STATE }, { "json", QTTT_OUTPUT_JSON },
	{ "yaml", QTTT_OUTPUT_YAML }, { "list", QTTT_OUTPUT_LIST },
};

/*
 * Replays one record (RUN_RECORDS' record) through po's replay writer:
 * an invalid one up to its first error, after its diagnostics.
 * Inlined in the loop, as qttt-validate's check_record() is.
 */
static inline int __attribute__((always_inline))
replay_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	const struct options *o = in->tool->arg;
	struct qttt_game game;
	struct qttt_replay rp = { in->name, rec, &game, -1 };
	struct qttt_diag d;
	size_t		 v, n;
	char		 msg[96];
	int		 status = EXIT_VALID;

	(void)tally;
	if (play_record(rec, &game) > 0) {
		status = EXIT_INVALID;
		/* The states of the games before come first. */
		if (!o->quiet && qttt_replay_writer_flush(po->sink) == 0) {
			out_sync(po);
			show_record_diags(po->err, in->name, rec, 0);
		}
		/* A line of states that holds none has nothing to show. */
		if (rec->format == QTTT_FORMAT_STATE && !rec->has_start)
			return status;
	}
	/* A path the record does not have: said at its line. */
	if (o->out.path != NULL && qttt_record_path(rec, o->out.path,
	    strlen(o->out.path), &v, &n, &d) == -1) {
		d.line = rec->line;
		if (!o->quiet && qttt_replay_writer_flush(po->sink) == 0) {
			out_sync(po);
			show_diag(po->err, in->name, NULL, &d);
		}
		return EXIT_INVALID;
	}
	if (o->out.whatif > 0 &&
	    (rp.changed = qttt_game_whatif(&game, o->out.whatif)) < 0 &&
	    !o->quiet && qttt_replay_writer_flush(po->sink) == 0) {
		out_sync(po);
		snprintf(msg, sizeof(msg), "the game has no measurement %u: "
		    "it is shown as played", o->out.whatif);
		show_note(po->err, in->name, rec, msg, 0);
	}
	return qttt_replay_writer_put(po->sink, &rp) == -1 ? RUN_STOP :
	    status;
}

RUN_RECORDS(replay_records, replay_record)

/* A replay writer on a chunk's output (run_tool's sink_open). */
static void *
writer_open(const struct run_input *in, FILE *out)
{
	const struct options *o = in->tool->arg;

	return qttt_replay_writer_open(out, &o->out);
}

static int
writer_close(void *w)
{
	return qttt_replay_writer_close(w);
}

/*
 * The start of an input (run_tool's begin): on several threads, the
 * chunks write straight to standard output, after what the main
 * thread's writer holds.
 */
static int
begin_input(struct run_input *in)
{
	if (in->threads > 1 && qttt_replay_writer_flush(in->tool->sink) == -1)
		return RUN_STOP;
	return 0;
}

/*
 * The text of a chunk for an output: every chunk under way holds its
 * output, so chunks are smaller where a game's output is larger than
 * its record (about 3 times for a JSON state, a little less for YAML,
 * 12 times as many states with -a), to keep about 64 KiB of output in
 * each.
 */
static size_t
chunk_size(const struct qttt_replay_options *out)
{
	size_t	 size = QTTT_CHUNK_TEXT;

	if (out->output == QTTT_OUTPUT_JSON || out->output == QTTT_OUTPUT_YAML)
		size /= 4;
	if (out->all)
		size /= 12;
	return size;
}

/* An option of qttt-replay's own (input_options()). */
static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	struct options	*o = tool->arg;
	struct qttt_diag d;
	unsigned long long n;
	long		 from, to;
	int		 v, path;

	switch (ch) {
	case 'a':
		o->out.all = 1;
		break;
	case 'p':
		/* A path into a variation (5.1.2), checked as text. */
		if (qttt_plies_parse(arg, &from, &to, &path, &d) == 0 &&
		    path) {
			o->out.path = arg;
			o->out.ply = -1;
		} else if (strchr(arg, '.') != NULL)
			return usage_error(usage, "-p %s: %s", arg, d.msg);
		else if (parse_number(arg, 0, INT_MAX, &n) == 0) {
			o->out.ply = n;
			o->out.path = NULL;
		} else
			return usage_error(usage, "-p: not a number of plies "
			    "(0 or more) nor a path such as 5.1.2: %s", arg);
		break;
	case 'T':
		if (type_option(usage, types, NVALUES(types), arg, &v) != 0)
			return EXIT_TROUBLE;
		o->out.output = v;
		break;
	case 'v':
		o->out.variations = 1;
		break;
	case 'w':
		if (parse_number(arg, 1, INT_MAX, &n) == -1)
			return usage_error(usage, "-w: not a measurement "
			    "number (1 or more): %s", arg);
		o->out.whatif = n;
		break;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct options	 o;
	struct run_tool	 tool = {
		.arg = &o, .threads = 1, .begin = begin_input,
		.records = replay_records, .sink_open = writer_open,
		.sink_close = writer_close
	};
	int		 status, s, threads;

	start_tool(argv);
	memset(&o, 0, sizeof(o));
	o.out.output = QTTT_OUTPUT_STATE;
	o.out.ply = -1;
	threads = par_threads();
	if ((s = input_options(&tool, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	o.quiet = tool.quiet;
	if (o.out.variations && o.out.whatif > 0)
		return usage_error(usage, "%s", "-v and -w: choose one");
	if (o.out.path != NULL && (o.out.variations || o.out.whatif > 0))
		return usage_error(usage, "-p %s: a path names one position: "
		    "not with %s", o.out.path, o.out.variations ? "-v" : "-w");
	argc -= optind;
	argv += optind;

	/*
	 * On several threads when each game's output stands alone: not
	 * for one game (-g), nor for a listing, whose writer puts a
	 * blank line between the games it has written.  A chunk's YAML
	 * is a stream of its own, which starts and ends with no bytes:
	 * the chunks' streams one after another are the one stream a
	 * single thread writes.
	 */
	if (tool.games == NULL && o.out.output != QTTT_OUTPUT_LIST) {
		tool.threads = threads;
		tool.chunksize = chunk_size(&o.out);
	}
	if ((tool.sink = qttt_replay_writer_open(stdout, &o.out)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	status = run_inputs(&tool, argc, argv);
	if (qttt_replay_writer_close(tool.sink) == -1 || status == RUN_STOP) {
		/* finish_output() says why, if the stream knows. */
		if (finish_output() == 0)
			fprintf(stderr, "%s: cannot write the output\n",
			    progname);
		return EXIT_TROUBLE;
	}
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
