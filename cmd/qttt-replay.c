/*
 * qttt-replay: the states of recorded games, as state strings, JSON
 * Lines, YAML or a listing for people.  Invalid records are replayed
 * up to their first error and reported as qttt-validate reports them.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"

struct options {
	enum qttt_format	 format;	/* -f */
	unsigned long		 game;		/* -g, or 0 */
	int			 quiet;		/* -q */
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
	    " yaml, json, goff\n"
	    "  -g, --game=N         only the Nth game of each input\n"
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
	static const struct {
		const char		*name;
		enum qttt_output	 output;
	} names[] = {
		{ "state", QTTT_OUTPUT_STATE },
		{ "json", QTTT_OUTPUT_JSON },
		{ "yaml", QTTT_OUTPUT_YAML },
		{ "list", QTTT_OUTPUT_LIST },
	};
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].output;
	return -1;
}

/* A number for -g, -w (from 1) or -p (from 0); -1 if it is none. */
static long
parse_count(const char *s, long min)
{
	char	*end;
	long	 n;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtol(s, &end, 10);
	if (*end != '\0' || errno != 0 || n < min || n > INT_MAX)
		return -1;
	return n;
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
	static struct qttt_game game;
	struct qttt_reader *r;
	struct qttt_replay rp;
	const char	*name = input_name(path);
	char		 msg[96];
	int		 fd, k, status = EXIT_VALID;
	unsigned long	 games = 0, shown = 0;

	if ((fd = open_input(path)) == -1)
		return EXIT_TROUBLE;
	if ((r = qttt_reader_open(fd, o->format)) == NULL) {
		fprintf(stderr, "%s: %s: out of memory\n", progname, name);
		close_input(fd);
		return EXIT_TROUBLE;
	}
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		if (o->game > 0 && rec.index != o->game)
			continue;
		shown++;
		if (qttt_record_play(&rec, &game) > 0) {
			status = EXIT_INVALID;
			/* The states of the games before come first. */
			if (!o->quiet && qttt_replay_writer_flush(w) == 0)
				show_record_diags(stderr, name, &rec, 0);
		}
		rp.file = name;
		rp.rec = &rec;
		rp.game = &game;
		rp.changed = -1;
		if (o->out.whatif > 0 &&
		    (rp.changed = qttt_game_whatif(&game, o->out.whatif)) < 0 &&
		    !o->quiet && qttt_replay_writer_flush(w) == 0) {
			snprintf(msg, sizeof(msg), "the game has no "
			    "measurement %u: it is shown as played",
			    o->out.whatif);
			show_note(stderr, name, &rec, msg, 0);
		}
		if (qttt_replay_writer_put(w, &rp) == -1) {
			status = EXIT_STOP;
			break;
		}
		if (o->game > 0)
			break;		/* the one game asked for */
	}
	if (k == -1) {
		fprintf(stderr, "%s: %s: %s\n", progname, name,
		    rec.ndiags > 0 ? rec.diags[0].msg : "read error");
		status = EXIT_TROUBLE;
	} else if (k == 0 && games == 0) {
		/* An empty input is almost always a mistake upstream. */
		status = EXIT_INVALID;
		if (!o->quiet)
			show_input_diag(stderr, name, QTTT_E_EMPTY,
			    "no game in the input", 0);
	} else if (k == 0 && shown == 0) {
		status = EXIT_INVALID;
		if (!o->quiet) {
			snprintf(msg, sizeof(msg), "no game %lu in the input, "
			    "which holds %lu", o->game, games);
			show_input_diag(stderr, name, QTTT_E_EMPTY, msg, 0);
		}
	}
	qttt_reader_close(r);
	close_input(fd);
	return status;
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
	long		 n;
	int		 ch, v, status = EXIT_VALID, s = EXIT_VALID, i;

	setprogname_from(argv[0]);
	/* getopt_long() names the program in its messages as argv[0]. */
	argv[0] = (char *)progname;
	memset(&o, 0, sizeof(o));
	o.out.output = QTTT_OUTPUT_STATE;
	o.out.ply = -1;
	while ((ch = getopt_long(argc, argv, "af:g:hp:qT:Vw:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.out.all = 1;
			break;
		case 'f':
			if ((v = parse_format(optarg)) == -1) {
				fprintf(stderr, "%s: unknown format: %s\n",
				    progname, optarg);
				usage(stderr);
				return EXIT_TROUBLE;
			}
			o.format = v;
			break;
		case 'g':
			if ((n = parse_count(optarg, 1)) == -1) {
				fprintf(stderr, "%s: -g: not a game number "
				    "(1 or more): %s\n", progname, optarg);
				usage(stderr);
				return EXIT_TROUBLE;
			}
			o.game = n;
			break;
		case 'h':
			help();
			break;
		case 'T':
			if ((v = parse_output(optarg)) == -1) {
				fprintf(stderr, "%s: unknown type: %s (state,"
				    " json, yaml or list)\n", progname,
				    optarg);
				usage(stderr);
				return EXIT_TROUBLE;
			}
			o.out.output = v;
			break;
		case 'p':
			if ((n = parse_count(optarg, 0)) == -1) {
				fprintf(stderr, "%s: -p: not a number of plies"
				    " (0 or more): %s\n", progname, optarg);
				usage(stderr);
				return EXIT_TROUBLE;
			}
			o.out.ply = n;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'V':
			print_version();
			break;
		case 'w':
			if ((n = parse_count(optarg, 1)) == -1) {
				fprintf(stderr, "%s: -w: not a measurement "
				    "number (1 or more): %s\n", progname,
				    optarg);
				usage(stderr);
				return EXIT_TROUBLE;
			}
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
