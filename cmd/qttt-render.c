/*
 * qttt-render: draw positions of Quantum Tic-Tac-Toe as text or SVG,
 * from game records, state strings, or a stream of states such as
 * qttt-replay prints.
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"

#define MAX_MARKUP	64	/* -k items */
#define MAX_CSS		65536	/* bytes of a style sheet */

enum type {
	TYPE_ASCII = 0,
	TYPE_UTF8,
	TYPE_SVG
};

struct options {
	struct qttt_render_opts r;
	enum qttt_format format;
	enum type	 type;		/* -T */
	int		 all;		/* -a: every ply of a record */
	int		 animate;	/* -A: one animated SVG per game */
	const char	*dir;		/* -d: one file per diagram */
	const char	*games;		/* -g, or NULL */
	struct ranges	 gameset;	/* what -g says */
	long		 ply;		/* -p: from this ply; -1 the last */
	long		 ply_to;	/* -p: to this one */
	unsigned int	 sheet;		/* -G: a contact sheet, so many
					   columns; 0 none */
	const char	*state;		/* -S: this state string */
	struct qttt_markup markup[MAX_MARKUP];	/* -k */
};

/* What has been written: for the blank line between text diagrams. */
static unsigned long	 nwritten;

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-AabhLmV] [-C css] [-c coords] [-d dir] "
	    "[-F axis]\n"
	    "\t[-f format] [-G columns] [-g game] [-i ms] [-k markup] "
	    "[-o file]\n"
	    "\t[-p ply] [-r degrees] [-S state] [-s size] [-T type] "
	    "[-t theme]\n"
	    "\t[-W width] [file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Draw Quantum Tic-Tac-Toe positions as text or SVG.\n"
	    "\n"
	    "  -A, --animate        one animated SVG of each game\n"
	    "  -a, --all            every ply of each record, not only"
	    " the last\n"
	    "  -b, --bare           the board alone: no status line,"
	    " no graph\n"
	    "  -C, --css=FILE       embed this style sheet in the SVG\n"
	    "  -c, --coords=STYLE   coordinates: none (default), a1,"
	    " goff (1-9)\n"
	    "  -d, --directory=DIR  write one file per diagram into DIR\n"
	    "  -F, --flip=AXIS      mirror: h (left-right), v"
	    " (top-bottom)\n"
	    "  -f, --format=FMT     input: auto (default), line, yaml,"
	    " json, goff, state\n"
	    "  -G, --sheet=COLUMNS  one SVG of each game's positions, so"
	    " many a row\n"
	    "  -g, --game=LIST      only these games of each input: 3, 2-5,"
	    " 10-, 1,4\n"
	    "  -i, --interval=MS    -A: each ply shows this long"
	    " (default 1200)\n"
	    "  -k, --markup=ITEM    fill, outline, arrow, label: e.g."
	    " 'arrow a1 c3'\n"
	    "  -L, --no-highlight   do not mark the last action\n"
	    "  -m, --preview        a pending measurement: draw both"
	    " outcomes\n"
	    "  -o, --output=FILE    write to FILE, not the standard"
	    " output\n"
	    "  -p, --ply=N[-M]      the position after N plies, or N to M"
	    " (default: the last)\n"
	    "  -r, --rotate=DEG     turn the board 90, 180 or 270"
	    " degrees clockwise\n"
	    "  -S, --state=STRING   draw this state string\n"
	    "  -s, --size=PX        SVG: the board's width in pixels\n"
	    "  -T, --type=TYPE      output: ascii (default), utf8, svg\n"
	    "  -t, --theme=THEME    SVG colours: light (default), dark,"
	    " mono\n"
	    "  -W, --width=PX       SVG: the whole picture's width in"
	    " pixels\n"
	    "  -h, --help           show this help\n"
	    "  -V, --version        show the version\n"
	    "\n"
	    "Exit status: 0 all drawn, 1 some input invalid, 2 usage or"
	    " I/O error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/* ------------------------------------------------------------------ */
/* Output: standard output, or one file per diagram in a directory      */
/* ------------------------------------------------------------------ */

static int
draw(FILE *f, const struct options *o, const struct qttt_state *st,
    const struct qttt_action *plies, size_t nplies)
{
	if (o->type == TYPE_SVG)
		return qttt_render_svg(f, st, plies, nplies, &o->r);
	return qttt_render_text(f, st, plies, nplies, &o->r);
}

/*
 * Opens DIR/NAME for writing, or returns stdout.  Returns NULL after a
 * message.
 */
static FILE *
open_output(const struct options *o, const char *name, char *path,
    size_t n)
{
	FILE	*f;

	if (o->dir == NULL) {
		if (nwritten++ > 0 && o->type != TYPE_SVG)
			putchar('\n');
		return stdout;
	}
	if ((size_t)snprintf(path, n, "%s/%s", o->dir, name) >= n) {
		fprintf(stderr, "%s: %s/%s: file name too long\n", progname,
		    o->dir, name);
		return NULL;
	}
	if ((f = fopen(path, "w")) == NULL)
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
	return f;
}

/* Closes what open_output() opened.  Returns 0, or -1 after a message. */
static int
close_output(const struct options *o, FILE *f, const char *path, int bad)
{
	if (o->dir == NULL) {
		/* A write error on stdout is reported by finish_output(). */
		return bad || ferror(stdout) ? -1 : 0;
	}
	if (fflush(f) == EOF || ferror(f))
		bad = 1;
	if (fclose(f) == EOF)
		bad = 1;
	if (bad) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    errno != 0 ? strerror(errno) : "write error");
		return -1;
	}
	return 0;
}

/*
 * One diagram: game number and ply name the file in a directory.
 * Returns 0, or -1 on an output error (which stops the program).
 */
static int
emit(const struct options *o, unsigned long game, size_t ply,
    const struct qttt_state *st, const struct qttt_action *plies,
    size_t nplies)
{
	char	 name[64], path[PATH_MAX];
	FILE	*f;

	snprintf(name, sizeof(name), "game%04lu-ply%02zu.%s", game, ply,
	    o->type == TYPE_SVG ? "svg" : "txt");
	if ((f = open_output(o, name, path, sizeof(path))) == NULL)
		return -1;
	errno = 0;
	return close_output(o, f, path, draw(f, o, st, plies, nplies) != 0);
}

/*
 * A whole game in one file: animated (-A), or the boards after plies
 * from..to as a contact sheet (-G).
 */
static int
emit_game(const struct options *o, unsigned long game,
    const struct qttt_state *start, const struct qttt_action *plies,
    size_t nplies, size_t from, size_t to)
{
	char	 name[64], path[PATH_MAX];
	FILE	*f;
	int	 k;

	snprintf(name, sizeof(name), "game%04lu.svg", game);
	if ((f = open_output(o, name, path, sizeof(path))) == NULL)
		return -1;
	errno = 0;
	if (o->sheet > 0)
		k = qttt_render_sheet(f, start, plies, nplies, from, to,
		    o->sheet, &o->r);
	else
		k = qttt_render_anim(f, start, plies, nplies, &o->r);
	return close_output(o, f, path, k != 0);
}

/* ------------------------------------------------------------------ */
/* Game records                                                         */
/* ------------------------------------------------------------------ */

/*
 * Draws one valid game.  Returns the exit status it deserves, or -1
 * on an output error.
 */
static int
draw_game(const struct options *o, const char *name,
    const struct qttt_record *rec, const struct qttt_game *g)
{
	struct qttt_state st;
	size_t		 p, from, to;

	if (o->animate) {
		qttt_state_init(&st);
		return emit_game(o, rec->index, &st, g->plies, g->nplies, 0,
		    g->nplies);
	}
	if (o->all || (o->sheet > 0 && o->ply < 0)) {
		from = 0;
		to = g->nplies;
	} else if (o->ply < 0)
		from = to = g->nplies;
	else if ((size_t)o->ply > g->nplies) {
		fprintf(stderr, "%s: %s:%lu:1: error: game %lu ends after "
		    "ply %zu: there is no ply %ld\n", progname, name,
		    rec->line + 1, rec->index, g->nplies, o->ply);
		return EXIT_INVALID;
	} else {
		from = o->ply;
		/* A range past the end stops at the end. */
		to = (size_t)o->ply_to < g->nplies ? (size_t)o->ply_to :
		    g->nplies;
	}
	if (o->sheet > 0) {
		qttt_state_init(&st);
		return emit_game(o, rec->index, &st, g->plies, g->nplies,
		    from, to) != 0 ? -1 : EXIT_VALID;
	}
	for (p = from; p <= to; p++) {
		qttt_game_state_at(g, p, &st);
		if (emit(o, rec->index, p, &st, g->plies, p) != 0)
			return -1;
	}
	return EXIT_VALID;
}

/* ------------------------------------------------------------------ */
/* State strings                                                        */
/* ------------------------------------------------------------------ */

/*
 * A stream of states falls into games: runs of states each of which
 * follows the one before by one action.  Within a run the actions are
 * known, so the last one can be highlighted and a run can be animated.
 */
struct run {
	unsigned long		 index;	/* of the run, from 1 */
	int			 started;
	struct qttt_state	 start, last;
	size_t			 nplies;
	struct qttt_action	 plies[QTTT_MAXPLIES];
};

static int
run_flush(const struct options *o, struct run *run)
{
	if (!run->started || (!o->animate && o->sheet == 0) ||
	    (o->games != NULL && !in_ranges(&o->gameset, run->index)))
		return 0;
	return emit_game(o, run->index, &run->start, run->plies,
	    run->nplies, 0, run->nplies);
}

/*
 * One record of a stream of states.  Returns the exit status it
 * deserves, or -1 on an output error.
 */
static int
draw_state(const struct options *o, const char *name,
    struct qttt_record *rec, struct run *run)
{
	static struct qttt_game game;
	const struct qttt_state *st = &game.state;
	struct qttt_action act;

	if (qttt_record_play(rec, &game) > 0) {
		show_record_diags(stderr, name, rec, 0);
		run->started = 0;	/* what follows starts a new run */
		return EXIT_INVALID;
	}
	if (run->started && run->nplies < QTTT_MAXPLIES &&
	    qttt_action_between(&run->last, st, &act) == 0)
		run->plies[run->nplies++] = act;
	else {
		if (run_flush(o, run) != 0)
			return -1;
		run->index++;
		run->started = 1;
		run->start = *st;
		run->nplies = 0;
	}
	run->last = *st;
	if (o->animate || o->sheet > 0 ||
	    (o->games != NULL && !in_ranges(&o->gameset, run->index)))
		return EXIT_VALID;
	if (emit(o, run->index, run->nplies, st, run->plies,
	    run->nplies) != 0)
		return -1;
	return EXIT_VALID;
}

/* ------------------------------------------------------------------ */
/* Inputs                                                               */
/* ------------------------------------------------------------------ */

/*
 * Draws what one input holds.  Returns the exit status it deserves,
 * or -1 on an output error.
 */
static int
render_input(const struct options *o, const char *path)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	static struct run run;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	int		 fd, k, s = 0;
	int		 status = EXIT_VALID;
	unsigned long	 games = 0;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	memset(&run, 0, sizeof(run));
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		if (rec.format == QTTT_FORMAT_STATE)
			s = draw_state(o, name, &rec, &run);
		else if (o->games != NULL &&
		    !in_ranges(&o->gameset, rec.index))
			continue;
		else if (qttt_record_play(&rec, &game) > 0) {
			show_record_diags(stderr, name, &rec, 0);
			s = EXIT_INVALID;
		} else
			s = draw_game(o, name, &rec, &game);
		if (s == -1)
			break;
		if (s > status)
			status = s;
	}
	if (k != -1 && s != -1 && run_flush(o, &run) != 0)
		s = -1;
	if (k == -1 || games == 0)
		status = end_input(name, k, &rec, games, 0, 0);
	close_reader(r, fd);
	return s == -1 ? -1 : status;
}

/* -S: one state string from the command line. */
static int
render_arg(const struct options *o, const char *s)
{
	struct qttt_record where;
	struct qttt_state st;
	struct qttt_diag d;

	if (qttt_state_parse(s, strlen(s), &st, &d) != QTTT_OK) {
		memset(&where, 0, sizeof(where));
		where.text = s;
		where.textlen = strlen(s);
		d.line = 0;
		show_diag(stderr, "<argument>", &where, &d);
		return EXIT_INVALID;
	}
	if (o->animate || o->sheet > 0)
		return emit_game(o, 1, &st, NULL, 0, 0, 0);
	return emit(o, 1, 0, &st, NULL, 0);
}

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

static int
parse_coords(const char *s)
{
	static const struct name_value names[] = {
		{ "none", QTTT_COORDS_NONE }, { "a1", QTTT_COORDS_A1 },
		{ "goff", QTTT_COORDS_GOFF }, { "1-9", QTTT_COORDS_GOFF },
	};

	return lookup_name(names, NVALUES(names), s);
}

static int
parse_type(const char *s)
{
	static const struct name_value names[] = {
		{ "ascii", TYPE_ASCII }, { "utf8", TYPE_UTF8 },
		{ "unicode", TYPE_UTF8 }, { "svg", TYPE_SVG },
	};

	return lookup_name(names, NVALUES(names), s);
}

static int
parse_theme(const char *s)
{
	static const struct name_value names[] = {
		{ "light", QTTT_THEME_LIGHT }, { "dark", QTTT_THEME_DARK },
		{ "mono", QTTT_THEME_MONO },
	};

	return lookup_name(names, NVALUES(names), s);
}

static int
parse_flip(const char *s)
{
	static const struct name_value names[] = {
		{ "h", QTTT_FLIP_H }, { "horizontal", QTTT_FLIP_H },
		{ "v", QTTT_FLIP_V }, { "vertical", QTTT_FLIP_V },
	};

	return lookup_name(names, NVALUES(names), s);
}

/* -p: N, or a range N-M of plies.  Returns 0, or -1. */
static int
parse_plies(const char *s, long *from, long *to)
{
	unsigned long long a, b;
	char		 buf[32];
	const char	*dash = strchr(s, '-');

	if (dash == NULL) {
		if (parse_number(s, 0, QTTT_MAXPLIES, &a) == -1)
			return -1;
		*from = *to = a;
		return 0;
	}
	if ((size_t)(dash - s) >= sizeof(buf))
		return -1;
	snprintf(buf, sizeof(buf), "%.*s", (int)(dash - s), s);
	if (parse_number(buf, 0, QTTT_MAXPLIES, &a) == -1 ||
	    parse_number(dash + 1, 0, QTTT_MAXPLIES, &b) == -1 || b < a)
		return -1;
	*from = a;
	*to = b;
	return 0;
}

/*
 * -C: the style sheet in path, into a string that lasts as long as the
 * program.  Returns it, or NULL after a message.
 */
static char *
read_css(const char *path)
{
	static char	 css[MAX_CSS + 1];
	FILE		*f;
	size_t		 n;

	if ((f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
		    strerror(errno));
		return NULL;
	}
	n = fread(css, 1, sizeof(css), f);
	if (ferror(f) || n > MAX_CSS || memchr(css, '\0', n) != NULL) {
		fprintf(stderr, "%s: %s: %s\n", progname, path, ferror(f) ?
		    strerror(errno) : n > MAX_CSS ? "a style sheet of more "
		    "than 64 KiB" : "a NUL byte in a style sheet");
		fclose(f);
		return NULL;
	}
	fclose(f);
	css[n] = '\0';
	return css;
}

/*
 * The directory for -d: made if it does not exist (its parent must).
 * Returns 0, or -1 after a message.
 */
static int
make_dir(const char *dir)
{
	struct stat	 sb;

	if (mkdir(dir, 0777) == 0)
		return 0;
	if (errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
		return 0;
	if (errno == EEXIST)
		errno = ENOTDIR;
	fprintf(stderr, "%s: %s: %s\n", progname, dir, strerror(errno));
	return -1;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "animate",	  no_argument,		NULL, 'A' },
		{ "all",	  no_argument,		NULL, 'a' },
		{ "bare",	  no_argument,		NULL, 'b' },
		{ "css",	  required_argument,	NULL, 'C' },
		{ "coords",	  required_argument,	NULL, 'c' },
		{ "directory",	  required_argument,	NULL, 'd' },
		{ "flip",	  required_argument,	NULL, 'F' },
		{ "format",	  required_argument,	NULL, 'f' },
		{ "game",	  required_argument,	NULL, 'g' },
		{ "sheet",	  required_argument,	NULL, 'G' },
		{ "help",	  no_argument,		NULL, 'h' },
		{ "interval",	  required_argument,	NULL, 'i' },
		{ "markup",	  required_argument,	NULL, 'k' },
		{ "no-highlight", no_argument,		NULL, 'L' },
		{ "preview",	  no_argument,		NULL, 'm' },
		{ "output",	  required_argument,	NULL, 'o' },
		{ "ply",	  required_argument,	NULL, 'p' },
		{ "rotate",	  required_argument,	NULL, 'r' },
		{ "state",	  required_argument,	NULL, 'S' },
		{ "size",	  required_argument,	NULL, 's' },
		{ "type",	  required_argument,	NULL, 'T' },
		{ "theme",	  required_argument,	NULL, 't' },
		{ "version",	  no_argument,		NULL, 'V' },
		{ "width",	  required_argument,	NULL, 'W' },
		{ NULL,		  0,			NULL, 0 }
	};
	static struct options o;
	struct qttt_diag d;
	const char	*output = NULL;
	unsigned long long u;
	long		 v;
	int		 ch, status = EXIT_VALID, s, i, typed = 0;

	setprogname_from(argv[0]);
	qttt_render_defaults(&o.r);
	o.ply = -1;
	o.r.markup = o.markup;
	while ((ch = getopt_long(argc, argv,
	    "AabC:c:d:F:f:G:g:hi:k:Lmo:p:r:S:s:T:t:VW:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'A':
			o.animate = 1;
			break;
		case 'a':
			o.all = 1;
			break;
		case 'b':
			o.r.bare = 1;
			break;
		case 'C':
			if ((o.r.css = read_css(optarg)) == NULL)
				return EXIT_TROUBLE;
			break;
		case 'c':
			if ((v = parse_coords(optarg)) == -1)
				return usage_error(usage, "unknown "
				    "coordinates: %s", optarg);
			o.r.coords = v;
			break;
		case 'd':
			o.dir = optarg;
			break;
		case 'F':
			if ((v = parse_flip(optarg)) == -1)
				return usage_error(usage, "unknown flip: %s "
				    "(h or v)", optarg);
			o.r.flip = v;
			break;
		case 'f':
			if ((v = parse_format(optarg)) == -1)
				return usage_error(usage, "unknown format: %s",
				    optarg);
			o.format = v;
			break;
		case 'G':
			if (parse_number(optarg, 1, 14, &u) == -1)
				return usage_error(usage, "bad number of "
				    "columns: %s (1 to 14)", optarg);
			o.sheet = u;
			break;
		case 'g':
			if (parse_games(optarg, &o.gameset) == -1)
				return usage_error(usage, "bad game numbers "
				    "or ranges: %s", optarg);
			o.games = optarg;
			break;
		case 'h':
			help();
			break;
		case 'i':
			if (parse_number(optarg, 20, 600000, &u) == -1)
				return usage_error(usage, "bad interval: %s "
				    "(20 to 600000 ms)", optarg);
			o.r.frame_ms = u;
			break;
		case 'k':
			if (o.r.nmarkup == MAX_MARKUP)
				return usage_error(usage, "more than %d -k",
				    MAX_MARKUP);
			if (qttt_markup_parse(optarg,
			    &o.markup[o.r.nmarkup], &d) == -1)
				return usage_error(usage, "-k '%s', column "
				    "%lu: %s", optarg, d.col + 1, d.msg);
			o.r.nmarkup++;
			break;
		case 'L':
			o.r.highlight = 0;
			break;
		case 'm':
			o.r.preview = 1;
			break;
		case 'o':
			output = optarg;
			break;
		case 'p':
			if (parse_plies(optarg, &o.ply, &o.ply_to) == -1)
				return usage_error(usage, "bad ply: %s (0 to "
				    "14, or a range such as 4-7)", optarg);
			break;
		case 'r':
			if (parse_number(optarg, 0, 270, &u) == -1 ||
			    u % 90 != 0)
				return usage_error(usage, "bad rotation: %s "
				    "(0, 90, 180 or 270)", optarg);
			o.r.rotate = u;
			break;
		case 'S':
			o.state = optarg;
			break;
		case 's':
			if (parse_number(optarg, 16, 100000, &u) == -1)
				return usage_error(usage, "bad size: %s (16 to "
				    "100000 pixels)", optarg);
			o.r.board = u;
			break;
		case 'T':
			if ((v = parse_type(optarg)) == -1)
				return usage_error(usage, "unknown type: %s",
				    optarg);
			o.type = v;
			typed = 1;
			break;
		case 't':
			if ((v = parse_theme(optarg)) == -1)
				return usage_error(usage, "unknown theme: %s",
				    optarg);
			o.r.theme = v;
			break;
		case 'V':
			print_version();
			break;
		case 'W':
			if (parse_number(optarg, 16, 100000, &u) == -1)
				return usage_error(usage, "bad width: %s (16 "
				    "to 100000 pixels)", optarg);
			o.r.width = u;
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	argc -= optind;
	argv += optind;
	o.r.unicode = o.type == TYPE_UTF8;
	if (o.animate && !typed)
		o.type = TYPE_SVG;
	if (o.animate && o.type != TYPE_SVG)
		return usage_error(usage, "%s", "-A draws SVG only");
	if (o.sheet > 0 && !typed)
		o.type = TYPE_SVG;
	if (o.sheet > 0 && o.type != TYPE_SVG)
		return usage_error(usage, "%s", "-G draws SVG only");
	if (o.animate && o.all)
		return usage_error(usage, "%s", "-A and -a: choose one");
	if (o.sheet > 0 && (o.animate || o.all))
		return usage_error(usage, "%s", o.animate ?
		    "-G and -A: choose one" : "-G and -a: choose one");
	if (output != NULL && o.dir != NULL)
		return usage_error(usage, "%s", "-o and -d: choose one");
	if (output != NULL && freopen(output, "w", stdout) == NULL) {
		fprintf(stderr, "%s: %s: %s\n", progname, output,
		    strerror(errno));
		return EXIT_TROUBLE;
	}
	if (o.all && o.ply >= 0)
		return usage_error(usage, "%s", "-a and -p: choose one");
	if (o.state != NULL && argc > 0)
		return usage_error(usage, "%s", "-S and files: choose one");
	if (o.dir != NULL && make_dir(o.dir) == -1)
		return EXIT_TROUBLE;

	if (o.state != NULL)
		status = render_arg(&o, o.state);
	else if (argc == 0)
		status = render_input(&o, "-");
	for (i = 0; i < argc && status != -1; i++)
		if ((s = render_input(&o, argv[i])) == -1 || s > status)
			status = s;
	if (finish_output() != 0 || status == -1)
		return EXIT_TROUBLE;
	return status;
}
