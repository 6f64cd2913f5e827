/*
 * qttt-convert: convert game records between the line notation, YAML,
 * JSON and Goff's notation, keeping all a record holds that the target
 * format can hold, and warning about the rest.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"

struct options {
	enum qttt_format format;	/* -f: input format */
	enum qttt_format to;		/* -t: output format */
	int		 quiet;		/* -q: no diagnostics */
	const char	*games;		/* -g, or NULL */
	struct qttt_ranges gameset;
};

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-hqV] [-d code] [-f format] [-g games] "
	    "[-t format]\n"
	    "       [file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Convert Quantum Tic-Tac-Toe game records between formats.\n"
	    "\n"
	    "  -f, --from=FMT    input format: auto (default), line, yaml,"
	    " json, goff,\n"
	    "                    state\n"
	    "  -g, --games=LIST  convert only these games of each input:"
	    " 3,5-7,10-\n"
	    "  -t, --to=FMT      output format: line (default), yaml, json,"
	    " goff\n"
	    "  -d, --disable=CODE\n"
	    "                    do not show the warnings of CODE (a comma"
	    " list)\n"
	    "  -q, --quiet       print no diagnostics or warnings\n"
	    "  -h, --help        show this help\n"
	    "  -V, --version     show the version\n"
	    "\n"
	    "Invalid games are reported and not converted, and so are"
	    " positions (state\n"
	    "strings), which no output format holds.  Exit status: 0 all"
	    " converted,\n"
	    "1 some game invalid or not a game, 2 usage, I/O or write"
	    " error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/*
 * Writes a game with what its record holds besides the moves.  Returns
 * 0, -1 if standard output failed, or -2 (with the reason in d) if the
 * format cannot hold the game as it is: a comment after a line-notation
 * record longer than a YAML value may be.
 */
static int
write_game(enum qttt_format to, const struct qttt_game *g,
    const struct qttt_record *rec, struct qttt_diag *d)
{
	struct qttt_extras ex;

	qttt_extras_from_record(&ex, g, rec);
	return qttt_record_write(stdout, to, g, &ex, d);
}

static void
report(const struct options *o, const char *name,
    const struct qttt_record *rec)
{
	if (o->quiet)
		return;
	show_record_diags(stderr, name, rec, 0);
}

/* Comment lines that the output format cannot hold, counted. */
struct dropped {
	unsigned long	 lines;
	unsigned long	 first;		/* the line of the first */
};

static unsigned long
count_lines(const char *s, size_t n)
{
	unsigned long	 k = 0;
	const char	*end = s + n;

	while (s < end && (s = memchr(s, '\n', end - s)) != NULL) {
		s++;
		k++;
	}
	return k;
}

/*
 * The comment lines of a record (or the trailer of an input): written
 * by themselves if the record is not (alone), or counted if the
 * output holds none.  Returns -1 if standard output failed.
 */
static int
comment_lines(const struct options *o, const char *text, size_t len,
    unsigned long line, int alone, struct dropped *d)
{
	int	 k;

	if (text == NULL || (!alone && o->to != QTTT_FORMAT_JSON &&
	    o->to != QTTT_FORMAT_GOFF))
		return 0;
	if ((k = qttt_record_write_comments(stdout, o->to, text, len)) == 1) {
		if (d->lines == 0)
			d->first = line;
		d->lines += count_lines(text, len);
	}
	return k == -1 ? -1 : 0;
}

static void
report_cut(const struct options *o, const char *name,
    const struct qttt_record *rec)
{
	if (!o->quiet)
		show_leadcut(stderr, name, rec);
}

/*
 * Converts one input.  Returns the exit status it deserves, or
 * EXIT_TROUBLE + 1 if standard output failed (nothing more can be
 * written).
 */
static int
convert(const struct options *o, const char *path)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	unsigned long	 games = 0, shown = 0, lost = 0, lostline = 0;
	unsigned long	 empty = 0;
	unsigned long	 emptyline = 0, positions = 0, posline = 0;
	struct qttt_diag why;
	struct dropped	 drop = { 0, 0 };
	const char	*text;
	size_t		 trail;
	unsigned long	 cut;
	int		 fd, k, wrote, alone, bad, status = EXIT_VALID;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		if (o->games != NULL &&
		    !qttt_ranges_has(&o->gameset, rec.index))
			continue;
		shown++;
		report_cut(o, name, &rec);
		alone = 1;
		bad = qttt_record_play(&rec, &game) > 0;
		if (bad || rec.ndiags > 0)
			report(o, name, &rec);	/* its errors or warnings */
		if (bad)
			status = EXIT_INVALID;
		else if (rec.has_start) {
			/* No format written here holds a position. */
			if (positions++ == 0)
				posline = rec.line;
			status = EXIT_INVALID;
		} else if (o->to == QTTT_FORMAT_GOFF && game.nplies == 0) {
			if (empty++ == 0)
				emptyline = rec.line;
		} else
			alone = 0;
		/* A position goes with its comment lines: not converted. */
		if (!rec.has_start && comment_lines(o, rec.lead, rec.leadlen,
		    rec.line, alone, &drop) == -1) {
			status = EXIT_TROUBLE + 1;
			break;
		}
		if (alone)
			continue;
		if (o->to == QTTT_FORMAT_GOFF && qttt_record_extras(&rec) &&
		    lost++ == 0)
			lostline = rec.line;
		if ((wrote = write_game(o->to, &game, &rec, &why)) == -2) {
			status = EXIT_INVALID;
			if (!o->quiet)
				show_line_msg(stderr, name, rec.line, "error",
				    "not converted: %s", why.msg);
			continue;
		}
		if (wrote == -1) {
			status = EXIT_TROUBLE + 1;
			break;
		}
	}
	/* The comment lines at the end go with no game selected. */
	if (k == 0 && games > 0 && o->games == NULL &&
	    status <= EXIT_TROUBLE) {
		trail = qttt_reader_trailer(r, &text, &cut);
		if (comment_lines(o, text, trail, rec.line, 1, &drop) == -1)
			status = EXIT_TROUBLE + 1;
		if (!o->quiet && cut > 0)
			fprintf(stderr, "%s: %s: warning: %lu comment line%s "
			    "at the end left out: more than %d bytes of them\n",
			    progname, name, cut, cut == 1 ? "" : "s",
			    QTTT_LEAD_MAX);
	}
	if ((bad = end_selection(name, k, &rec, games, o->games, shown,
	    o->quiet)) != EXIT_VALID)
		status = bad;
	if (!o->quiet && drop.lines > 0)
		show_line_msg(stderr, name, drop.first, "warning", "%s holds "
		    "no comment lines: %lu line%s dropped",
		    qttt_format_name(o->to), drop.lines,
		    drop.lines == 1 ? "" : "s");
	if (!o->quiet && positions > 0)
		show_line_msg(stderr, name, posline, "error", "a state string "
		    "is a position, not a game record: %lu position%s not "
		    "converted", positions, positions == 1 ? "" : "s");
	if (!o->quiet && lost > 0)
		show_line_msg(stderr, name, lostline, "warning", "Goff's "
		    "notation holds no metadata or comments: dropped from %lu "
		    "game%s", lost, lost == 1 ? "" : "s");
	if (!o->quiet && empty > 0)
		show_line_msg(stderr, name, emptyline, "warning", "Goff's "
		    "notation has no form for a game with no move: %lu game%s "
		    "not written", empty, empty == 1 ? "" : "s");
	close_reader(r, fd);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "disable",	required_argument,	NULL, 'd' },
		{ "format",	required_argument,	NULL, 'f' },
		{ "from",	required_argument,	NULL, 'f' },
		{ "game",	required_argument,	NULL, 'g' },
		{ "games",	required_argument,	NULL, 'g' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "to",		required_argument,	NULL, 't' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	struct options	 o;
	int		 ch, status = EXIT_VALID, s, i;

	start_tool(argv[0]);
	memset(&o, 0, sizeof(o));
	o.to = QTTT_FORMAT_LINE;
	while ((ch = getopt_long(argc, argv, "d:f:g:hqt:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			if ((s = disable_option(usage, optarg)) != 0)
				return s;
			break;
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
		case 't':
			if ((s = target_option(usage, optarg, &o.to)) != 0)
				return s;
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

	if (argc == 0)
		status = convert(&o, "-");
	for (i = 0; i < argc && status <= EXIT_TROUBLE; i++)
		if ((s = convert(&o, argv[i])) > status)
			status = s;
	/* A failed write is reported once, here. */
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status > EXIT_TROUBLE ? EXIT_TROUBLE : status;
}
