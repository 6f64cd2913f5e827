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
#include "parallel.h"

struct options {
	enum qttt_format	 format;	/* -f */
	const char		*games;		/* -g, or NULL */
	struct qttt_ranges	gameset;	/* what -g says */
	int			 quiet;		/* -q */
	int			 threads;	/* to replay games on */
	/* -a, -p, -T and -w: what to print. */
	struct qttt_replay_options out;
};

/* replay() could not write standard output: stop at once. */
#define EXIT_STOP	(-1)

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-ahqV] [-f format] [-g game] [-p ply] "
	    "[-T type]\n"
	    "\t[-w measurement] [file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Show the states of Quantum Tic-Tac-Toe games; with no file,"
	    " or when file\n"
	    "is -, read standard input.  By default, the final state of"
	    " each game.\n"
	    "\n"
	    "  -a, --all            every state: the start and the state"
	    " after each\n"
	    "                       placement and measurement\n"
	    "  -f, --format=FMT     input format: auto (default), line,"
	    " yaml, json, goff,\n"
	    "                       state\n"
	    "  -g, --game=LIST      only these games of each input: 3, 2-5,"
	    " 10-, 1,4\n"
	    "  -h, --help           show this help and exit\n"
	    "  -p, --ply=N          the state after N plies (placements and"
	    "\n"
	    "                       measurements); with -a, the states up"
	    " to it\n"
	    "  -q, --quiet          no diagnostics; the exit status tells\n"
	    "  -T, --type=TYPE      state (state strings, the default),"
	    " json (JSON\n"
	    "                       Lines), yaml, or list (a listing to"
	    " read)\n"
	    "  -V, --version        show the version and exit\n"
	    "  -w, --what-if=N      give the Nth measurement of each game"
	    " its other\n"
	    "                       outcome, and stop the game there\n"
	    "\n"
	    "Exit status: 0 all valid, 1 some game invalid, 2 usage or I/O"
	    " error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

static int
parse_output(const char *s)
{
	static const struct name_value names[] = {
		{ "state", QTTT_OUTPUT_STATE },
		{ "json", QTTT_OUTPUT_JSON },
		{ "yaml", QTTT_OUTPUT_YAML },
		{ "list", QTTT_OUTPUT_LIST },
	};

	return lookup_name(names, NVALUES(names), s);
}

/* What a run of games comes to: an input, or a chunk of one. */
struct tally {
	unsigned long	 games;		/* read */
	unsigned long	 shown;		/* replayed */
	int		 status;	/* EXIT_VALID or EXIT_INVALID */
};

/* What the games of an input are replayed with, on every thread. */
struct run {
	const struct options	*o;
	const char		*name;
};

/*
 * Whether no game after rec can be asked for: rec is the last game -g
 * names.  In a stream of states, which may number its states by their
 * games (formats/state-string.md), several records have one number.
 */
static int
past_last(const struct options *o, const struct qttt_record *rec)
{
	return o->games != NULL && rec->format != QTTT_FORMAT_STATE &&
	    rec->index >= qttt_ranges_last(&o->gameset);
}

/*
 * Replays the games of r through w, with diagnostics on err (with job,
 * a chunk's streams, which par_sync() keeps in order), and counts them
 * in t.  Returns what qttt_reader_next() returned last (0 at the end,
 * -1 on a read error, with the diagnostic in rec), or PAR_STOP if w
 * cannot be written.
 */
static int
replay_games(const struct run *run, struct qttt_reader *r,
    struct qttt_record *rec, struct qttt_replay_writer *w, FILE *err,
    struct par_job *job, struct tally *t)
{
	const struct options *o = run->o;
	struct qttt_game game;
	unsigned long	 prev = 0;
	struct qttt_replay rp;
	char		 msg[96];
	int		 k;

	/* par_more() may leave the rest of a chunk to the main thread. */
	while ((k = par_more(job) ? qttt_reader_next(r, rec) : 0) == 1) {
		t->games += starts_game(rec, prev);
		prev = rec->index;
		if (o->games != NULL &&
		    !qttt_ranges_has(&o->gameset, rec->index))
			continue;
		t->shown++;
		if (qttt_record_play(rec, &game) > 0) {
			t->status = EXIT_INVALID;
			/* The states of the games before come first. */
			if (!o->quiet && qttt_replay_writer_flush(w) == 0) {
				par_sync(job);
				show_record_diags(err, run->name, rec, 0);
			}
			/* A line of states that holds none has nothing to
			 * show. */
			if (rec->format == QTTT_FORMAT_STATE &&
			    !rec->has_start) {
				if (past_last(o, rec))
					break;
				continue;
			}
		}
		rp.file = run->name;
		rp.rec = rec;
		rp.game = &game;
		rp.changed = -1;
		if (o->out.whatif > 0 &&
		    (rp.changed = qttt_game_whatif(&game, o->out.whatif)) < 0 &&
		    !o->quiet && qttt_replay_writer_flush(w) == 0) {
			par_sync(job);
			snprintf(msg, sizeof(msg), "the game has no "
			    "measurement %u: it is shown as played",
			    o->out.whatif);
			show_note(err, run->name, rec, msg, 0);
		}
		if (qttt_replay_writer_put(w, &rp) == -1)
			return PAR_STOP;
		if (past_last(o, rec))
			break;		/* the last game asked for */
	}
	return k;
}

static void
replay_chunk(const void *arg, struct par_job *job)
{
	const struct run *run = arg;
	struct qttt_replay_writer *w;
	struct qttt_record rec;
	int		 k;

	if ((w = qttt_replay_writer_open(job->out, &run->o->out)) == NULL) {
		job->failed = 1;
		return;
	}
	k = replay_games(run, job->reader, &rec, w, job->err, job,
	    job->result);
	if (qttt_replay_writer_close(w) == -1 || k == PAR_STOP)
		job->failed = 1;
}

static void
add_tally(void *totals, const struct par_job *job)
{
	struct tally		*t = totals;
	const struct tally	*u = job->result;

	t->games += u->games;
	t->shown += u->shown;
	if (u->status > t->status)
		t->status = u->status;
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

/*
 * Replays one input.  Returns the exit status it deserves, or
 * EXIT_STOP if standard output cannot be written.
 */
static int
replay(const struct options *o, struct qttt_replay_writer *w,
    const char *path)
{
	static struct qttt_record rec;
	struct qttt_reader *r;
	struct par_tool	 tool = { sizeof(struct tally), 0, replay_chunk,
			    add_tally, NULL, NULL };
	struct tally	 t;
	struct run	 run;
	int		 fd, k = QTTT_SPLIT_NOT;

	run.o = o;
	run.name = input_name(path);
	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	memset(&t, 0, sizeof(t));
	/*
	 * On several threads when each game's output stands alone: not
	 * for one game (-g), nor for a listing, whose writer puts a
	 * blank line between the games it has written.  A chunk's YAML
	 * is a stream of its own, which starts and ends with no bytes:
	 * the chunks' streams one after another are the one stream a
	 * single thread writes.
	 */
	if (o->threads > 1 && o->games == NULL &&
	    o->out.output != QTTT_OUTPUT_LIST) {
		tool.chunksize = chunk_size(&o->out);
		if (qttt_replay_writer_flush(w) == -1)
			k = PAR_STOP;
		else
			k = par_input(r, &rec, o->threads, &tool, &run, &t);
	}
	if (k == QTTT_SPLIT_NOT)
		k = replay_games(&run, r, &rec, w, stderr, NULL, &t);
	if (k == PAR_STOP)
		t.status = EXIT_STOP;
	else if ((k = end_selection(run.name, k, &rec, t.games, o->games,
	    t.shown, o->quiet)) != EXIT_VALID)
		t.status = k;
	close_reader(r, fd);
	return t.status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "all",	no_argument,		NULL, 'a' },
		{ "format",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "game",	required_argument,	NULL, 'g' },
		{ "ply",	required_argument,	NULL, 'p' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "type",	required_argument,	NULL, 'T' },
		{ "version",	no_argument,		NULL, 'V' },
		{ "what-if",	required_argument,	NULL, 'w' },
		{ NULL,		0,			NULL, 0 }
	};
	struct qttt_replay_writer *w;
	struct options	 o;
	unsigned long long n;
	int		 ch, v, status = EXIT_VALID, s = EXIT_VALID, i;

	start_tool(argv[0]);
	/* getopt_long() names the program in its messages as argv[0]. */
	argv[0] = (char *)progname;
	memset(&o, 0, sizeof(o));
	o.out.output = QTTT_OUTPUT_STATE;
	o.out.ply = -1;
	o.threads = par_threads();
	while ((ch = getopt_long(argc, argv, "af:g:hp:qT:Vw:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.out.all = 1;
			break;
		case 'f':
			if ((s = format_option(usage, "", optarg,
			    &o.format)) != 0)
				return s;
			break;
		case 'g':
			if ((s = games_option(usage, optarg, &o.gameset,
			    &o.games)) != 0)
				return s;
			break;
		case 'h':
			help();
			break;
		case 'T':
			if ((v = parse_output(optarg)) == -1)
				return usage_error(usage, "unknown type: %s "
				    "(state, json, yaml or list)", optarg);
			o.out.output = v;
			break;
		case 'p':
			if (parse_number(optarg, 0, INT_MAX, &n) == -1)
				return usage_error(usage, "-p: not a number of "
				    "plies (0 or more): %s", optarg);
			o.out.ply = n;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'V':
			print_version();
			break;
		case 'w':
			if (parse_number(optarg, 1, INT_MAX, &n) == -1)
				return usage_error(usage, "-w: not a "
				    "measurement number (1 or more): %s",
				    optarg);
			o.out.whatif = n;
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	argc -= optind;
	argv += optind;

	if ((w = qttt_replay_writer_open(stdout, &o.out)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	for (i = 0; i < (argc > 0 ? argc : 1); i++) {
		s = replay(&o, w, argc > 0 ? argv[i] : "-");
		if (s == EXIT_STOP)
			break;
		if (s > status)
			status = s;
	}
	if (qttt_replay_writer_close(w) == -1 || s == EXIT_STOP) {
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
