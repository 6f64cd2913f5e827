/*
 * qttt-render: draw positions of Quantum Tic-Tac-Toe as text or SVG,
 * or a viewer page (HTML) of whole games, from game records, state
 * strings, or a stream of states such as qttt-replay prints.
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
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
	TYPE_SVG,
	TYPE_HTML	/* one page of every game */
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
	struct qttt_html *page;		/* -T html */
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
	fputs("Draw Quantum Tic-Tac-Toe positions as text or SVG, or a"
	    " viewer page.\n"
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
	    "  -T, --type=TYPE      output: ascii (default), utf8, svg,"
	    " html\n"
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
		warn_name(path, "%s", strerror(errno));
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
		warn_name(path, "%s", errno != 0 ? strerror(errno) :
		    "write error");
		return -1;
	}
	return 0;
}

/*
 * One diagram: game number and ply (-1: not known) name the file in a
 * directory.
 * Returns 0, or -1 on an output error (which stops the program).
 */
static int
emit(const struct options *o, unsigned long game, long ply,
    const struct qttt_state *st, const struct qttt_action *plies,
    size_t nplies)
{
	char	 name[64], path[PATH_MAX];
	FILE	*f;
	const char *ext = o->type == TYPE_SVG ? "svg" : "txt";

	/* A position whose ply is not known is named by its game alone. */
	if (ply < 0)
		snprintf(name, sizeof(name), "game%04lu.%s", game, ext);
	else
		snprintf(name, sizeof(name), "game%04lu-ply%02ld.%s", game,
		    ply, ext);
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

/*
 * -T html: a game into the page.  Returns 0, or -1 on an output error
 * (after a message, unless stdout's error is left to finish_output()).
 */
static int
emit_page(const struct options *o, const char *name,
    const struct qttt_record *rec, const struct qttt_game *g)
{
	struct qttt_replay r = { name, rec, g, -1 };

	errno = 0;
	if (qttt_html_put(o->page, &r) == 0)
		return 0;
	if (!ferror(stdout))
		fprintf(stderr, "%s: %s\n", progname, strerror(errno));
	return -1;
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

	if (o->type == TYPE_HTML)
		return emit_page(o, name, rec, g) == 0 ? EXIT_VALID : -1;
	if (o->animate) {
		qttt_state_init(&st);
		return emit_game(o, rec->index, &st, g->plies, g->nplies, 0,
		    g->nplies);
	}
	if (o->all || (o->sheet > 0 && o->ply < 0)) {
		from = 0;
		to = g->nplies;
	} else if (o->ply < 0 || (size_t)o->ply > g->nplies)
		from = to = g->nplies;	/* past its end, as qttt-replay */
	else {
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
		if (emit(o, rec->index, (long)p, &st, g->plies, p) != 0)
			return -1;
	}
	return EXIT_VALID;
}

/* ------------------------------------------------------------------ */
/* Streams of states                                                    */
/* ------------------------------------------------------------------ */

/*
 * A stream of states (formats/state-string.md, section 7): a bare
 * state string is a game of its own that starts and ends there; the
 * states of qttt-replay's JSON Lines say their game and ply, and the
 * states of one game, one after another and later plies each, are
 * that game.  The stream has chosen its states, and each is drawn;
 * -p N draws a game's state after ply N instead, or its last if it
 * ends before, as for a record.  Where a state is the ply after the
 * one before, the action between them is known: it is highlighted,
 * and a game whose every ply the stream has can be animated.
 */
struct run {
	int			 started;
	unsigned long		 index;		/* the game's number */
	unsigned long		 line;		/* of its first state */
	long			 ply;		/* of its last state, or -1 */
	long			 first;		/* of its first state, or -1 */
	int			 drawn;		/* -p: its state is drawn */
	int			 gap;		/* a ply is missing */
	char			 file[256];	/* the stream's name of its */
	size_t			 filelen;	/* input, cut to 256 bytes */
	struct qttt_state	 start, last;
	size_t			 nplies;	/* from start to last */
	struct qttt_action	 plies[QTTT_MAXPLIES];
};

/* Whether rec is a later state of the game of run. */
static int
run_continues(const struct run *run, const struct qttt_record *rec)
{
	size_t	 n = rec->filelen < sizeof(run->file) ? rec->filelen :
		    sizeof(run->file);

	return run->started && rec->game != 0 && rec->index == run->index &&
	    rec->ply > run->ply && run->ply >= 0 && n == run->filelen &&
	    (n == 0 || memcmp(rec->file, run->file, n) == 0);
}

/* A diagnostic about a game of a stream, at its first state. */
static void	run_error(const char *, const struct run *, const char *, ...)
		    __attribute__((format(printf, 3, 4)));

static void
run_error(const char *name, const struct run *run, const char *fmt, ...)
{
	va_list	 ap;

	put_name(stderr, name);
	fprintf(stderr, ":%lu:1: error: game %lu of the stream ",
	    run->line + 1, run->index);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * The end of a game of the stream: what is drawn at its end.  Returns
 * the exit status it deserves, or -1 on an output error.
 */
static int
run_flush(const struct options *o, const char *name, struct run *run)
{
	if (!run->started)
		return EXIT_VALID;
	run->started = 0;
	if (o->animate || o->sheet > 0) {
		if (run->gap) {
			run_error(name, run, "misses plies (from %ld to %ld): "
			    "it cannot be %s", run->first, run->ply,
			    o->animate ? "animated" : "drawn as a sheet");
			return EXIT_INVALID;
		}
		return emit_game(o, run->index, &run->start, run->plies,
		    run->nplies, 0, run->nplies) != 0 ? -1 : EXIT_VALID;
	}
	if (o->ply < 0 || run->drawn)
		return EXIT_VALID;
	if (run->first > o->ply) {
		run_error(name, run, "starts after ply %ld: it has no state "
		    "after ply %ld", run->first, o->ply);
		return EXIT_INVALID;
	}
	/* -p: the last state of a game that ends before that ply. */
	return emit(o, run->index, run->ply, &run->last, run->plies,
	    run->nplies) != 0 ? -1 : EXIT_VALID;
}

/*
 * One record of a stream of states.  Returns the exit status it
 * deserves, or -1 on an output error.
 */
static int
draw_state(const struct options *o, const char *name,
    struct qttt_record *rec, struct run *run, unsigned long *shown)
{
	static struct qttt_game game;
	const struct qttt_state *st = &game.state;
	struct qttt_action act;
	int		 status = EXIT_VALID;
	int		 chosen = o->games == NULL ||
			    in_ranges(&o->gameset, rec->index);

	/*
	 * A line that is no state is reported if its game is chosen, and
	 * leaves the game it is in a ply short.
	 */
	if (qttt_record_play(rec, &game) > 0) {
		if (!chosen)
			return EXIT_VALID;
		++*shown;
		show_record_diags(stderr, name, rec, 0);
		return EXIT_INVALID;
	}
	if (run_continues(run, rec)) {
		if (rec->ply == run->ply + 1 && run->nplies < QTTT_MAXPLIES &&
		    qttt_action_between(&run->last, st, &act) == 0)
			run->plies[run->nplies++] = act;
		else {
			run->gap = 1;
			run->start = *st;
			run->nplies = 0;
		}
	} else {
		if ((status = run_flush(o, name, run)) == -1 || !chosen)
			return status;
		++*shown;
		memset(run, 0, offsetof(struct run, start));
		run->started = 1;
		run->index = rec->index;
		run->line = rec->line;
		run->first = rec->ply;
		run->filelen = rec->filelen < sizeof(run->file) ?
		    rec->filelen : sizeof(run->file);
		if (run->filelen > 0)
			memcpy(run->file, rec->file, run->filelen);
		run->start = *st;
		run->nplies = 0;
	}
	run->ply = rec->ply;
	run->last = *st;
	/* The stream has chosen its states: each is drawn, but for -p. */
	if (o->animate || o->sheet > 0 || (o->ply >= 0 &&
	    (rec->ply < o->ply || rec->ply > o->ply_to)))
		return status;
	run->drawn = 1;
	if (emit(o, run->index, run->ply, st, run->plies, run->nplies) != 0)
		return -1;
	return status;
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
	unsigned long	 games = 0, shown = 0, prev = 0;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	memset(&run, 0, sizeof(run));
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games += starts_game(&rec, prev);
		prev = rec.index;
		if (rec.format == QTTT_FORMAT_STATE && o->type != TYPE_HTML)
			s = draw_state(o, name, &rec, &run, &shown);
		else if (o->games != NULL &&
		    !in_ranges(&o->gameset, rec.index))
			continue;
		else if (shown++, qttt_record_play(&rec, &game) > 0) {
			show_record_diags(stderr, name, &rec, 0);
			s = EXIT_INVALID;
		} else
			s = draw_game(o, name, &rec, &game);
		if (s == -1)
			break;
		if (s > status)
			status = s;
	}
	if (k != -1 && s != -1 && (s = run_flush(o, name, &run)) > status)
		status = s;
	k = end_selection(name, k, &rec, games, o->games, shown, 0);
	if (k != EXIT_VALID)
		status = k;
	close_reader(r, fd);
	return s == -1 ? -1 : status;
}

/* -S: one state string from the command line. */
static int
render_arg(const struct options *o, const char *s)
{
	static struct qttt_game game;
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
	if (o->type == TYPE_HTML) {
		qttt_game_init(&game);
		game.state = st;
		return emit_page(o, NULL, NULL, &game) == 0 ? EXIT_VALID : -1;
	}
	return emit(o, 1, -1, &st, NULL, 0);	/* its ply is not known */
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
		{ "html", TYPE_HTML },
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
 * The title of a page: the last part of each input's name, as the
 * reader knows it (not the directories it was typed with), the first
 * three and how many more; none for the standard input alone.
 */
static const char *
page_title(int argc, char *argv[])
{
	static char	 title[512];
	const char	*name;
	size_t		 n = 0;
	int		 i, shown = 0;

	title[0] = '\0';
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0)
			continue;
		if (shown == 3) {
			snprintf(title + n, sizeof(title) - n, " and %d more",
			    argc - i);
			break;
		}
		if ((name = strrchr(argv[i], '/')) == NULL || name[1] == '\0')
			name = argv[i];
		else
			name++;
		n += snprintf(title + n, sizeof(title) - n, "%s%s",
		    shown++ > 0 ? ", " : "", name);
		if (n >= sizeof(title))
			n = sizeof(title) - 1;
	}
	return title;
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
	warn_name(dir, "%s", strerror(errno));
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
	struct qttt_html_opts page;
	struct qttt_diag d;
	const char	*output = NULL;
	unsigned long long u;
	long		 v;
	int		 ch, status = EXIT_VALID, s, i, typed = 0;
	int		 sized = 0, themed = 0;

	start_tool(argv[0]);
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
			if ((s = format_option(usage, "", optarg,
			    &o.format)) != 0)
				return s;
			break;
		case 'G':
			if (parse_number(optarg, 1, 14, &u) == -1)
				return usage_error(usage, "bad number of "
				    "columns: %s (1 to 14)", optarg);
			o.sheet = u;
			break;
		case 'g':
			if ((s = games_option(usage, optarg, &o.gameset,
			    &o.games)) != 0)
				return s;
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
			sized = 1;
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
			themed = 1;
			break;
		case 'V':
			print_version();
			break;
		case 'W':
			if (parse_number(optarg, 16, 100000, &u) == -1)
				return usage_error(usage, "bad width: %s (16 "
				    "to 100000 pixels)", optarg);
			o.r.width = u;
			sized = 1;
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
	/* What would be accepted and have no effect is refused. */
	if (o.animate && o.ply >= 0)
		return usage_error(usage, "%s", "-A animates every ply: -A "
		    "and -p: choose one");
	if (o.animate && o.r.preview)
		return usage_error(usage, "%s", "-A and -m: choose one");
	if (o.type != TYPE_SVG && sized)
		return usage_error(usage, "%s", "-s and -W are for SVG (-T svg): "
		    "a viewer page fits its diagrams to its width");
	if ((o.type == TYPE_ASCII || o.type == TYPE_UTF8) && themed)
		return usage_error(usage, "%s", "-t is for SVG and HTML "
		    "(-T svg, -T html)");
	if (o.state != NULL && argc > 0)
		return usage_error(usage, "%s", "-S and files: choose one");
	if (o.state != NULL && (o.games != NULL || o.all || o.ply >= 0))
		return usage_error(usage, "%s", "-S draws one state: -a, -g "
		    "and -p are for games");
	if (o.type == TYPE_HTML && (o.animate || o.all || o.ply >= 0 ||
	    o.dir != NULL))
		return usage_error(usage, "%s", "-T html: a page holds every "
		    "ply of every game, so -A, -a, -d and -p do not apply");
	if (o.dir != NULL && make_dir(o.dir) == -1)
		return EXIT_TROUBLE;
	if (o.type == TYPE_HTML) {
		page.render = o.r;
		page.follow = !themed;
		page.title = page_title(argc, argv);
		if ((o.page = qttt_html_open(stdout, &page)) == NULL) {
			fprintf(stderr, "%s: %s\n", progname, strerror(errno));
			return EXIT_TROUBLE;
		}
	}

	if (o.state != NULL)
		status = render_arg(&o, o.state);
	else if (argc == 0)
		status = render_input(&o, "-");
	for (i = 0; i < argc && status != -1; i++)
		if ((s = render_input(&o, argv[i])) == -1 || s > status)
			status = s;
	if (qttt_html_close(o.page) != 0)
		status = -1;
	if (finish_output() != 0 || status == -1)
		return EXIT_TROUBLE;
	return status;
}
