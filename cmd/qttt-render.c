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
#include "inputs.h"
#include "options.h"
#include "outfile.h"

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
	enum type	 type;		/* -T */
	int		 all;		/* -a: every ply of a record */
	int		 animate;	/* -A: one animated SVG per game */
	const char	*dir;		/* -d: one file per diagram */
	long		 ply;		/* -p: from this ply; -1 the last */
	long		 ply_to;	/* -p: to this one */
	const char	*at_path;		/* -p: a position by its path */
	unsigned int	 sheet;		/* -G: a contact sheet, so many
					   columns; 0 none */
	const char	*state;		/* -S: this state string */
	int		 quiet;		/* -q */
	/* Which of -T, -s or -W, -t and -i were given. */
	int		 typed, sized, themed, timed;
	unsigned int	 rules;		/* -R: -S's profile too */
	struct qttt_markup markup[MAX_MARKUP];	/* -k */
	struct qttt_html *page;		/* -T html */
	struct qttt_diagrams *diagrams;	/* else */
	FILE		*out;		/* standard output, or -o's file */
	const char	*output;	/* -o */
	unsigned long	 pictures;	/* -o, SVG: the pictures drawn */
	/* The input read: what starts its files' names in dir, if any. */
	char		 prefix[NAME_MAX + 1];
	char		 path[PATH_MAX];	/* the file being written */
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'A', "animate", NULL, "one animated SVG of each game", 0, 0 },
	{ 'a', "all", NULL, "every ply of each record, not only the last", 0,
	    0 },
	{ 'b', "bare", NULL, "the board alone: no status line, no graph", 0,
	    0 },
	{ 'C', "css", "css", "embed this style sheet in the SVG", 0, 0 },
	{ 'c', "coords", "coords", "coordinates: none (default), a1, goff "
	    "(1-9)", 0, 0 },
	{ 'd', "directory", "dir", "write one file per diagram into DIR", 0,
	    0 },
	{ 'F', "flip", "axis", "mirror: h (left-right), v (top-bottom)", 0,
	    0 },
	OPT_FORMAT,
	{ 'G', "sheet", "columns", "one SVG of each game's positions, so "
	    "many a row", 0, 0 },
	OPT_GAMES,
	{ 'i', "interval", "ms", "-A: each ply shows this long (default "
	    "1200)", 0, 0 },
	{ 'k', "markup", "markup", "fill, outline, arrow, label: e.g. "
	    "'arrow a1 c3'", 0, 0 },
	{ 'L', "no-highlight", NULL, "do not mark the last action", 0, 0 },
	{ 'm', "preview", NULL, "a pending measurement: draw both outcomes",
	    0, 0 },
	OPT_OUTPUT("write to FILE, not the standard output"),
	{ 'p', "ply", "ply", "the position after N plies, N to M (N-M), "
	    "or at a\npath into a variation (5.1.2); default: the last", 0,
	    0 },
	OPT_QUIET("no diagnostics; the exit status tells"),
	OPT_RULES("the rules of records that name none (goff)"),
	{ 'r', "rotate", "degrees", "turn the board 90, 180 or 270 degrees "
	    "clockwise", 0, 0 },
	OPT_STATE("draw this state string"),
	{ 's', "size", "size", "SVG: the board's width in pixels", 0, 0 },
	OPT_TYPE("output: ascii (default), utf8, svg, html"),
	{ 't', "theme", "theme", "SVG colours: light (default), dark, mono",
	    0, 0 },
	{ 'W', "width", "width", "SVG: the whole picture's width in pixels",
	    0, 0 },
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Draw Quantum Tic-Tac-Toe positions as text or SVG, or a viewer "
	"page.\n",
	"Exit status: 0 all drawn, 1 some input invalid, 2 usage or I/O "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* ------------------------------------------------------------------ */
/* Output: standard output, or one file per diagram in a directory      */
/* ------------------------------------------------------------------ */

/*
 * -d: the file of the diagram named name (qttt_diagrams_opts's open),
 * which goes in place when it is whole (out_open()).
 */
static FILE *
open_file(void *arg, const char *name)
{
	struct options	*o = arg;
	FILE		*f;

	if ((size_t)snprintf(o->path, sizeof(o->path), "%s/%s%s", o->dir,
	    o->prefix, name) >= sizeof(o->path)) {
		fprintf(stderr, "%s: %s/%s%s: file name too long\n", progname,
		    o->dir, o->prefix, name);
		return NULL;
	}
	f = out_open(o->path, 0);
	errno = 0;
	return f;
}

/* Closes what open_file() opened.  Returns 0, or -1 after a message. */
static int
close_file(void *arg, FILE *f, int bad)
{
	/* A write error is out_close()'s to report; anything else here. */
	if (bad && !ferror(f))
		warn_name(((struct options *)arg)->path, "%s", errno != 0 ?
		    strerror(errno) : "not drawn");
	return out_close(f, !bad) == 1 ? 0 : -1;
}

/*
 * -o with SVG: the file holds one picture, an XML document; a second
 * is refused, and the file not made.
 */
static FILE *
open_picture(void *arg, const char *name)
{
	struct options	*o = arg;

	(void)name;
	if (o->pictures++ == 0)
		return o->out;
	warn_name(o->output, "an SVG file holds one picture, and this "
	    "draws more: -d writes a file of each");
	return NULL;
}

/* The end of -o's picture.  Returns 0, or -1 if writing it failed. */
static int
close_picture(void *arg, FILE *f, int bad)
{
	(void)arg;
	return bad || ferror(f) ? -1 : 0;
}

/*
 * A game of a stream that cannot be drawn as asked, at its first
 * state.  Returns EXIT_INVALID.
 */
static int
game_error(const struct options *o, const char *name,
    const struct qttt_diag *d)
{
	if (!o->quiet)
		show_diag(stderr, name, NULL, d);
	return EXIT_INVALID;
}

/*
 * Draws a valid game, or a position: into the page (-T html), or as
 * the diagrams chosen.  Returns the exit status it deserves, or
 * RUN_STOP if the output failed (after a message, unless the error
 * of the stream is left to finish_output() or out_close()).
 */
static int
draw(const struct options *o, const char *name,
    const struct qttt_record *rec, const struct qttt_game *g)
{
	struct qttt_replay r = { name, rec, g, -1 };
	struct qttt_diag d;
	int		 k;

	errno = 0;
	if (o->page != NULL) {
		if (qttt_html_put(o->page, &r) == 0)
			return EXIT_VALID;
		if (!ferror(o->out))
			fprintf(stderr, "%s: %s\n", progname, strerror(errno));
		return RUN_STOP;
	}
	if ((k = qttt_diagrams_put(o->diagrams, &r, &d)) == -2)
		return game_error(o, name, &d);
	return k == -1 ? RUN_STOP : EXIT_VALID;
}

/* ------------------------------------------------------------------ */
/* Inputs                                                               */
/* ------------------------------------------------------------------ */

/* Draws one record of an input (RUN_RECORDS' record). */
static int
render_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	static struct qttt_game game;

	(void)po;
	(void)tally;
	/* A line that is no state leaves the game it is in a ply short. */
	if (play_record(rec, &game) > 0) {
		if (!in->tool->quiet)
			show_record_diags(stderr, in->name, rec, 0);
		/* The page shows it, marked, as far as it is valid. */
		if (((const struct options *)in->tool->arg)->page != NULL &&
		    draw(in->tool->arg, in->name, rec, &game) == RUN_STOP)
			return RUN_STOP;
		return EXIT_INVALID;
	}
	return draw(in->tool->arg, in->name, rec, &game);
}

RUN_RECORDS(render_records, render_record)

/*
 * The name of an input's files in -d's directory when there are
 * several inputs: its last component without its extension
 * ("stdin" for -), and a '-'.
 */
static void
input_prefix(const char *path, char *buf, size_t n)
{
	const char	*base = strrchr(path, '/'), *dot;
	size_t		 len;

	base = base != NULL ? base + 1 : path;
	if (strcmp(path, "-") == 0)
		base = "stdin";
	len = strlen(base);
	if ((dot = strrchr(base, '.')) != NULL && dot > base)
		len = dot - base;
	snprintf(buf, n, "%.*s-", (int)len, base);
}

/* The start of an input (run_tool's begin). */
static int
begin_input(struct run_input *in)
{
	struct options	*o = in->tool->arg;

	if (o->prefix[0] != '\0')
		input_prefix(in->path, o->prefix, sizeof(o->prefix));
	return 0;
}

/* The end of an input (run_tool's end): the last game of a stream. */
static int
end_input_file(struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	const struct options *o = in->tool->arg;
	struct qttt_diag d;
	int		 e = 0;

	if (k != RUN_STOP && o->diagrams != NULL &&
	    (e = qttt_diagrams_end(o->diagrams, &d)) == -2)
		status = game_error(o, in->name, &d);
	return input_end(in, e == -1 ? RUN_STOP : k, rec, status);
}

/* An input and the start of its files' names, for check_prefixes(). */
struct named {
	const char	*path;
	char		 prefix[NAME_MAX + 1];
};

static int
by_prefix(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	return strcmp(x->prefix, y->prefix);
}

/*
 * -d with several inputs: their files' names must differ.  Returns 0,
 * or -1 after a message naming two inputs whose names are the same.
 */
static int
check_prefixes(int argc, char *argv[])
{
	struct named	*n;
	int		 i, status = 0;

	if ((n = calloc(argc, sizeof(*n))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return -1;
	}
	for (i = 0; i < argc; i++) {
		n[i].path = argv[i];
		input_prefix(argv[i], n[i].prefix, sizeof(n[i].prefix));
	}
	qsort(n, argc, sizeof(*n), by_prefix);
	for (i = 1; i < argc && status == 0; i++)
		if (strcmp(n[i - 1].prefix, n[i].prefix) == 0) {
			fprintf(stderr, "%s: -d: %s and %s would both name "
			    "their files %s...: give them one at a time\n",
			    progname, input_name(n[i - 1].path),
			    input_name(n[i].path), n[i].prefix);
			status = -1;
		}
	free(n);
	return status;
}

/* -S: one state string from the command line. */
static int
render_arg(const struct options *o, const char *s)
{
	static struct qttt_game game;
	struct qttt_record where;
	struct qttt_diag d;

	qttt_game_init(&game);
	if (qttt_state_parse_rules(s, strlen(s), o->rules, &game.state, &d) !=
	    QTTT_OK) {
		memset(&where, 0, sizeof(where));
		where.text = s;
		where.textlen = strlen(s);
		d.line = 0;
		if (!o->quiet)
			show_diag(stderr, "<argument>", &where, &d);
		return EXIT_INVALID;
	}
	return draw(o, NULL, NULL, &game);
}

/* ------------------------------------------------------------------ */
/* Options                                                              */
/* ------------------------------------------------------------------ */

/* The output formats of -T. */
static const struct name_value types[] = {
	{ "ascii", TYPE_ASCII }, { "utf8", TYPE_UTF8 },
	{ "unicode", TYPE_UTF8 }, { "svg", TYPE_SVG }, { "html", TYPE_HTML },
};

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

/* An option of qttt-render's own (input_options()). */
static int
take_option(struct run_tool *tool, int ch, const char *arg)
{
	struct options	*o = tool->arg;
	struct qttt_diag d;
	unsigned long long u;
	int		 v, path;

	switch (ch) {
	case 'A':
		o->animate = 1;
		break;
	case 'a':
		o->all = 1;
		break;
	case 'b':
		o->r.bare = 1;
		break;
	case 'C':
		if ((o->r.css = read_css(arg)) == NULL)
			return EXIT_TROUBLE;
		note_input(arg);
		break;
	case 'd':
		o->dir = arg;
		break;
	case 'G':
		if (parse_number(arg, 1, 14, &u) == -1)
			return usage_error(usage, "bad number of columns: %s "
			    "(1 to 14)", arg);
		o->sheet = u;
		break;
	case 'i':
		if (parse_number(arg, 20, 600000, &u) == -1)
			return usage_error(usage, "bad interval: %s (20 to "
			    "600000 ms)", arg);
		o->r.frame_ms = u;
		o->timed = 1;
		break;
	case 'k':
		if (o->r.nmarkup == MAX_MARKUP)
			return usage_error(usage, "more than %d -k",
			    MAX_MARKUP);
		if (qttt_markup_parse(arg, &o->markup[o->r.nmarkup], &d) == -1)
			return usage_error(usage, "-k '%s', column %lu: %s",
			    arg, d.col + 1, d.msg);
		o->r.nmarkup++;
		break;
	case 'L':
		o->r.highlight = 0;
		break;
	case 'm':
		o->r.preview = 1;
		break;
	case 'o':
		o->output = arg;
		break;
	case 'p':
		if (qttt_plies_parse(arg, &o->ply, &o->ply_to, &path,
		    &d) == -1)
			return strchr(arg, '.') != NULL ?
			    usage_error(usage, "-p %s: %s", arg, d.msg) :
			    usage_error(usage, "bad ply: %s (0 to 14, a "
			    "range such as 4-7, or a path such as 5.1.2)", arg);
		if (path)
			o->at_path = arg;
		break;
	case 'q':
		o->quiet = 1;
		break;
	case 'S':
		o->state = arg;
		break;
	case 's':
	case 'W':
		if (parse_number(arg, 16, 100000, &u) == -1)
			return usage_error(usage, "bad %s: %s (16 to 100000 "
			    "pixels)", ch == 's' ? "size" : "width", arg);
		*(ch == 's' ? &o->r.board : &o->r.width) = u;
		o->sized = 1;
		break;
	case 'T':
		if (type_option(usage, types, NVALUES(types), arg, &v) != 0)
			return EXIT_TROUBLE;
		o->type = v;
		o->typed = 1;
		break;
	case 't':
		o->themed = 1;
		/* FALLTHROUGH */
	case 'c':
	case 'F':
	case 'r':
		/* The drawing options the viewer page names too. */
		if (qttt_render_option(&o->r, ch == 'c' ? "coords" : ch ==
		    'F' ? "flip" : ch == 'r' ? "rotate" : "theme", arg,
		    &d) == -1)
			return usage_error(usage, "-%c: %s", ch, d.msg);
		break;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct options o;
	struct run_tool	 tool = {
		.arg = &o, .threads = 1, .begin = begin_input,
		.records = render_records, .end = end_input_file
	};
	struct qttt_html_opts page;
	static char	 title[512];
	struct qttt_diagrams_opts dia;
	struct qttt_diag d;
	int		 status, s, typed, sized, themed, timed;

	start_tool(argv);
	qttt_render_defaults(&o.r);
	o.ply = -1;
	o.r.markup = o.markup;
	if ((s = input_options(&tool, &tool_opts, usage, argc, argv,
	    take_option)) != 0)
		return s;
	argc -= optind;
	argv += optind;
	o.rules = tool.rules;
	typed = o.typed;
	sized = o.sized;
	themed = o.themed;
	timed = o.timed;
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
	if (o.sheet > 0 && o.at_path != NULL)
		return usage_error(usage, "%s", "-G draws a game: -p with a "
		    "path names one position");
	if (o.sheet > 0 && (o.animate || o.all))
		return usage_error(usage, "%s", o.animate ?
		    "-G and -A: choose one" : "-G and -a: choose one");
	if (o.output != NULL && o.dir != NULL)
		return usage_error(usage, "%s", "-o and -d: choose one");
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
	if ((o.type == TYPE_ASCII || o.type == TYPE_UTF8) &&
	    (themed || o.r.css != NULL || o.r.nmarkup > 0))
		return usage_error(usage, "-%c is for SVG and HTML (-T svg, "
		    "-T html)", themed ? 't' : o.r.css != NULL ? 'C' : 'k');
	if (timed && !o.animate)
		return usage_error(usage, "%s", "-i is for an animation (-A)");
	if (o.state != NULL && argc > 0)
		return usage_error(usage, "%s", "-S and files: choose one");
	if (o.state != NULL && (tool.games != NULL || o.all || o.ply >= 0))
		return usage_error(usage, "%s", "-S draws one state: -a, -g "
		    "and -p are for games");
	if (o.type == TYPE_HTML && (o.animate || o.all || o.ply >= 0 ||
	    o.dir != NULL))
		return usage_error(usage, "%s", "-T html: a page holds every "
		    "ply of every game, so -A, -a, -d and -p do not apply");
	/* Several inputs to a directory: each names its files. */
	if (o.dir != NULL && argc > 1) {
		if (check_prefixes(argc, argv) == -1)
			return EXIT_TROUBLE;
		o.prefix[0] = '-';
	}
	if (o.state == NULL)
		note_inputs(argc, argv);
	if (o.dir != NULL && make_dirs(o.dir) == -1)
		return EXIT_TROUBLE;
	o.out = stdout;
	if (o.output != NULL && (o.out = out_open(o.output, 0)) == NULL)
		return EXIT_TROUBLE;
	if (o.type == TYPE_HTML && qttt_html_unavailable() != NULL) {
		fprintf(stderr, "%s: -T html: %s\n", progname,
		    qttt_html_unavailable());
		return EXIT_TROUBLE;
	}
	if (o.type == TYPE_HTML) {
		page.render = o.r;
		page.follow = !themed;
		qttt_html_title(title, sizeof(title),
		    (const char *const *)argv, (size_t)argc);
		page.title = title;
		o.page = qttt_html_open(o.out, &page);
	} else {
		memset(&dia, 0, sizeof(dia));
		dia.render = o.r;
		dia.svg = o.type == TYPE_SVG;
		dia.all = o.all;
		dia.from = o.ply;
		dia.to = o.ply_to;
		dia.path = o.at_path;
		dia.animate = o.animate;
		dia.sheet = o.sheet;
		if (o.dir != NULL) {
			dia.open = open_file;
			dia.close = close_file;
			dia.arg = &o;
		} else if (o.output != NULL && dia.svg) {
			dia.open = open_picture;
			dia.close = close_picture;
			dia.arg = &o;
		}
		o.diagrams = qttt_diagrams_open(o.out, &dia);
	}
	if (o.page == NULL && o.diagrams == NULL) {
		fprintf(stderr, "%s: %s\n", progname, strerror(errno));
		return EXIT_TROUBLE;
	}

	if (o.state != NULL)
		status = render_arg(&o, o.state);
	else
		status = run_inputs(&tool, argc, argv);
	if (qttt_html_close(o.page) != 0 ||
	    qttt_diagrams_close(o.diagrams, &d) == -1)
		status = RUN_STOP;
	/* -o's file goes in place whole, or not at all. */
	if (o.out != stdout && out_close(o.out, status != RUN_STOP) == -1)
		status = RUN_STOP;
	if (finish_output() != 0 || status == RUN_STOP)
		return EXIT_TROUBLE;
	return status;
}
