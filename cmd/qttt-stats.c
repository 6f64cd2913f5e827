/*
 * qttt-stats: what happened in a collection of games, counted: results,
 * lengths, measurements, cycles, the forced X9, openings up to the
 * symmetries, per input and in total (the library's statistics,
 * struct qttt_stats, and their writer).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "inputs.h"

struct options {
	enum qttt_format format;	/* -f */
	const char	*games;		/* -g, or NULL */
	struct qttt_ranges gameset;
	int		 quiet;		/* -q */
};

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-hqV] [-f format] [-g games] [-R profile]\n"
	    "       [-T format] [file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Count what happened in a collection of Quantum Tic-Tac-Toe"
	    " games.\n"
	    "\n"
	    "  -R, --rules=NAME  the rules of records that name none (goff)\n"
	    "  -T, --output=FMT  text (default), json or yaml (one object"
	    " per input)\n"
	    "  -f, --format=FMT  input format: auto (default), line, yaml,"
	    " json, goff,\n"
	    "                    state\n"
	    "  -g, --games=LIST  game numbers and ranges of each input:"
	    " 3,5-7,10-\n"
	    "  -q, --quiet       print no diagnostics of invalid games\n"
	    "  -h, --help        show this help\n"
	    "  -V, --version     show the version\n"
	    "\n"
	    "With several inputs, each is summed up, then all together."
	    "  Exit status:\n"
	    "0 all games valid, 1 some game invalid or an input empty,"
	    " 2 usage, I/O or\n"
	    "write error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/*
 * Counts the games of one input into s and writes them with w.
 * Returns the exit status it deserves; an input that cannot be opened
 * is not written.
 */
static int
count_input(const struct options *o, const char *path,
    struct qttt_stats_writer *w, struct qttt_stats *s)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	unsigned long	 read = 0;
	size_t		 errors;
	int		 fd, k, end, status = EXIT_VALID;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		read++;
		if (o->games != NULL &&
		    !qttt_ranges_has(&o->gameset, rec.index))
			continue;
		if ((errors = play_record(&rec, &game)) > 0) {
			status = EXIT_INVALID;
			if (!o->quiet)
				show_record_diags(stderr, name, &rec, 0);
		}
		qttt_stats_add_record(s, &rec, &game, errors);
		/* A stream of states may number several lines alike. */
		if (o->games != NULL && rec.format != QTTT_FORMAT_STATE &&
		    rec.index >= qttt_ranges_last(&o->gameset))
			break;
	}
	if ((end = end_selection(name, k, &rec, read, o->games, s->games,
	    o->quiet)) > status)
		status = end;
	close_reader(r, fd);
	qttt_stats_writer_put(w, name, s);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format",	required_argument,	NULL, 'f' },
		{ "from",	required_argument,	NULL, 'f' },
		{ "game",	required_argument,	NULL, 'g' },
		{ "games",	required_argument,	NULL, 'g' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "output",	required_argument,	NULL, 'T' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "rules",	required_argument,	NULL, 'R' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	static const struct name_value outputs[] = {
		{ "text", QTTT_STATS_TEXT }, { "json", QTTT_STATS_JSON },
		{ "yaml", QTTT_STATS_YAML }, { "yml", QTTT_STATS_YAML },
	};
	static struct qttt_stats total, one;
	struct qttt_stats_writer *w;
	struct options	 o;
	enum qttt_stats_format output = QTTT_STATS_TEXT;
	int		 ch, status = EXIT_VALID, s, i;

	start_tool(argv);
	memset(&o, 0, sizeof(o));
	while ((ch = getopt_long(argc, argv, "f:g:hqR:T:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			if ((s = format_option(usage, "input ", optarg,
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
		case 'q':
			o.quiet = 1;
			break;
		case 'T':
			if ((s = lookup_name(outputs, NVALUES(outputs),
			    optarg)) == -1)
				return usage_error(usage, "unknown output "
				    "format '%s': it is one of text, json or "
				    "yaml (yml)", optarg);
			output = s;
			break;
		case 'R':
			if ((ch = rules_option(usage, optarg, NULL)) != 0)
				return ch;
			break;
		case 'V':
			print_version();
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	argc -= optind;
	argv += optind;

	if ((w = qttt_stats_writer_open(stdout, output)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	for (i = 0; i < (argc > 0 ? argc : 1); i++) {
		qttt_stats_init(&one);
		if ((s = count_input(&o, argc > 0 ? argv[i] : "-", w,
		    &one)) > status)
			status = s;
		qttt_stats_merge(&total, &one);
	}
	if (argc > 1)
		qttt_stats_writer_put(w, NULL, &total);
	/* finish_output() says what went wrong. */
	qttt_stats_writer_close(w);
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
