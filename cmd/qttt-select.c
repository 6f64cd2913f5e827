/*
 * qttt-select: the games of a collection that meet every criterion
 * given (the library's struct qttt_criteria), written as they were
 * read, or converted, trimmed or in their canonical orientation, with
 * duplicates dropped on request (struct qttt_gameset), to standard
 * output, a file (-o) or files of so many games.
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
#include "inputs.h"
#include "options.h"
#include "outfile.h"

/* The long options without a letter. */
enum {
	OPT_NOCOMMENTS = 256,
	OPT_NOTAGS,
	OPT_NOGLYPHS,
	OPT_PLIES,
	OPT_PREFIX,
	OPT_SPLIT,
	OPT_NOVARS,
	OPT_SPLITVARS
};

struct options {
	struct qttt_criteria crit;
	/* -T, -C, --no-comments, -tags, -glyphs, -variations,
	   --splitvariants, --ply-limit */
	struct qttt_select_write write;
	int		 count;		/* -c */
	int		 unique;	/* -u: 1 exact, 2 under symmetry */
	unsigned long	 split;		/* --split: games a file, or 0 */
	int		 several;	/* inputs */
	char		 games[64];	/* the -g lists, for a message */
};

/* Where the games go, and how many went. */
struct output {
	FILE		*main;		/* standard output, or -o's file */
	const char	*mainname;	/* -o, or NULL */
	FILE		*out;		/* a split file */
	FILE		*dups;		/* -d, or NULL */
	const char	*dupname;
	int		 dupformat;	/* of the games in it; -1 none yet */
	const char	*prefix;	/* --prefix: of the split files */
	const char	*slash;		/* after it: "/" if a directory */
	int		 dirs_made;	/* its directories */
	char		 name[PATH_MAX]; /* the split file */
	enum qttt_format outformat;	/* of the games in it */
	unsigned long	 infile;	/* games in it */
	unsigned long long next;	/* the next split file's number */
	unsigned long	 selected;
	unsigned long	 ininput;	/* of them, in the input read */
	unsigned long	 named;		/* games of the input -g names */
	struct qttt_gameset *seen;
};

static const struct opt opts[] = {
	OPT_HELP, OPT_VERSION,
	{ 'C', "canonical", NULL, "write each game alone, in its canonical "
	    "orientation", 0, 0 },
	{ 'c', "count", NULL, "print the number of games selected only", 0,
	    0 },
	{ 'd', "duplicates", "file", "write the games dropped as repeated to "
	    "FILE", 0, 0 },
	{ 'F', "feature", "feature", "2-cycle, forced-x9, simultaneous, "
	    "double-line,\nrenamed, cycle-N (N squares)", 0, 0 },
	OPT_FORMAT,
	{ 'g', "games", "games", "game numbers and ranges of each input: "
	    "3,5-7,10-", 0, 0 },
	OPT_ALIAS("game", 'g'),
	{ 'i', "invalid", NULL, "invalid games only; -ii any game", 0, 0 },
	{ 'k', "meta", "key[=pattern]", "a metadata key, its value matching "
	    "PATTERN", 0, 0 },
	{ 'M', "moves", "moves", "number of moves; -P plies; -m "
	    "measurements", 0, 0 },
	{ 'm', "measurements", "measurements", "the number of measurements",
	    0, 0 },
	{ 'O', "opening", "opening", "the first actions, in any orientation",
	    0, 0 },
	OPT_OUTPUT("write to FILE, not the standard output"),
	{ 'P', "plies", "plies", "the number of plies", 0, 0 },
	{ 'p', "pattern", "pattern", "squares reached at one ply: "
	    "b2=X,a1=O,c3=.", 0, 0 },
	OPT_QUIET("print no diagnostics"),
	OPT_RULES("the rules of records that name none (goff)"),
	{ 'r', "result", "result", "1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, 2-0, 0-0, "
	    "*,\nfinished, unfinished, pending", 0, 0 },
	OPT_STATE("a position reached, in any orientation"),
	OPT_WAS('s', NULL, 'S'),
	OPT_TYPE("write as line, yaml, json or goff (default: as\nread)"),
	OPT_WAS('t', "to", 'T'),
	{ 'U', "unique-symmetric", NULL, "drop games repeated under the "
	    "symmetries", 0, 0 },
	{ 'u', "unique", NULL, "drop repeated games", 0, 0 },
	{ 'v', "invert", NULL, "the games that do not meet the criteria", 0,
	    0 },
	{ 'w', "winner", "winner", "x, o or none", 0, 0 },
	{ 'x', "exact", NULL, "-O and -S in the orientation given only", 0,
	    0 },
	{ OPT_NOCOMMENTS, "no-comments", NULL, "write the games without "
	    "their comments,\ntheir moves in canonical form", 0, 0 },
	OPT_ALIAS("nocomments", OPT_NOCOMMENTS),
	{ OPT_NOGLYPHS, "no-glyphs", NULL, "write the games without their "
	    "glyphs,\ntheir moves in canonical form", 0, 0 },
	OPT_ALIAS("nonags", OPT_NOGLYPHS),
	{ OPT_NOTAGS, "no-tags", NULL, "write the games without their tags,"
	    "\ntheir moves in canonical form", 0, 0 },
	OPT_ALIAS("notags", OPT_NOTAGS),
	{ OPT_NOVARS, "no-variations", NULL, "write the games without their "
	    "variations", 0, 0 },
	OPT_ALIAS("novars", OPT_NOVARS),
	{ OPT_SPLITVARS, "splitvariants", NULL, "write each variation as a "
	    "game of its own", 0, 0 },
	{ OPT_PLIES, "ply-limit", "n", "write the first N plies of each game,"
	    "\ntheir moves in canonical form", 0, 0 },
	OPT_ALIAS("plylimit", OPT_PLIES),
	{ OPT_PREFIX, "prefix", "prefix", "name --split's files PREFIX1.qttt, "
	    "...: a directory\n(DIR/), a start of names, or both", 0, 0 },
	{ OPT_SPLIT, "split", "n[,first]", "write files of N games: 1.qttt, "
	    "2.qttt, ...", 0, 0 },
};

static const struct opt_tool tool_opts = {
	opts, NVALUES(opts), "[file ...]", NULL,
	"Select Quantum Tic-Tac-Toe games by what happened in them.\n",
	"Exit status: 0 some game selected, 1 none, 2 usage, I/O or write "
	"error.\n"
};

static void
usage(FILE *f)
{
	opt_usage(f, &tool_opts);
}

/* The name of a format, as -t takes it. */
static const char *const format_name[] = {
	[QTTT_FORMAT_LINE] = "line", [QTTT_FORMAT_YAML] = "yaml",
	[QTTT_FORMAT_JSON] = "json", [QTTT_FORMAT_GOFF] = "goff",
	[QTTT_FORMAT_STATE] = "state"
};

/*
 * The directory of the split files, the prefix up to its last '/',
 * made with its parents, as qttt-render -d makes its own.  Returns 0,
 * or -1 after a message.
 */
static int
prefix_dirs(const char *prefix)
{
	const char	*slash = strrchr(prefix, '/');
	char		*dir;
	int		 k;

	if (slash == NULL || slash == prefix)
		return 0;
	if ((dir = strndup(prefix, slash - prefix)) == NULL) {
		warn_name(prefix, "out of memory");
		return -1;
	}
	k = make_dirs(dir);
	free(dir);
	return k;
}

/*
 * The stream the next game goes to: standard output, or with --split
 * the current file, a new one after every split games and where the
 * format of the games changes, named by its number and the format.
 * The files are put in place once every input is read (out_finish()),
 * so that one may replace an input.  NULL after a message if a file
 * cannot be made.
 */
static FILE *
game_stream(const struct options *o, struct output *w,
    const struct qttt_record *rec, int valid)
{
	static const char *const ext[] = {
		[QTTT_FORMAT_LINE] = "qttt", [QTTT_FORMAT_YAML] = "yaml",
		[QTTT_FORMAT_JSON] = "jsonl", [QTTT_FORMAT_GOFF] = "goff",
		[QTTT_FORMAT_STATE] = "state"
	};
	enum qttt_format to = qttt_select_format(&o->write, rec, valid);
	int		 v;

	if (o->split == 0)
		return w->main;
	if (w->out != NULL && (w->infile == o->split ||
	    w->outformat != to)) {
		v = out_close(w->out, 1);
		w->out = NULL;
		if (v == -1)
			return NULL;
	}
	if (w->out == NULL) {
		if (!w->dirs_made && prefix_dirs(w->prefix) == -1)
			return NULL;
		w->dirs_made = 1;
		if ((size_t)snprintf(w->name, sizeof(w->name), "%s%s%llu.%s",
		    w->prefix, w->slash, w->next++, ext[to]) >=
		    sizeof(w->name)) {
			warn_name(w->prefix, "file name too long");
			return NULL;
		}
		if ((w->out = out_open(w->name, QTTT_OUT_DEFER)) == NULL)
			return NULL;
		w->outformat = to;
		w->infile = 0;
	}
	w->infile++;
	return w->out;
}

/* What qttt-select reads its inputs with: its options and its output. */
struct selecting {
	const struct options *o;
	struct output	*w;
};

/*
 * The -d file for a game, or NULL with the reason in why if the file
 * holds games of another format.
 */
static FILE *
dups_stream(const struct options *o, struct output *w,
    const struct qttt_record *rec, int valid, char *why, size_t n)
{
	enum qttt_format to = qttt_select_format(&o->write, rec, valid);

	if (w->dupformat == -1)
		w->dupformat = to;
	if (w->dupformat == (int)to)
		return w->dups;
	snprintf(why, n, "%s holds %s games, not %s ones: -T writes every "
	    "game in one format", w->dupname,
	    format_name[w->dupformat], format_name[to]);
	return NULL;
}

/*
 * A record: selected or not, written where it goes.  Returns its exit
 * status, or RUN_STOP when memory runs out or a file cannot be
 * written.
 */
static int
select_record(const struct run_input *in, struct par_out *po,
    struct qttt_record *rec, void *tally)
{
	static struct qttt_game game;
	const struct selecting *sel = in->tool->arg;
	const struct options *o = sel->o;
	struct output	*w = sel->w;
	struct qttt_diag d;
	size_t		 errors;
	FILE		*f;
	int		 keep, dup, v;

	(void)po;
	(void)tally;
	if (o->games[0] != '\0' && qttt_ranges_has(&o->crit.games,
	    rec->index))
		w->named++;
	if ((errors = play_record(rec, &game)) > 0 && !in->tool->quiet)
		show_record_diags(stderr, in->name, rec, 0);
	keep = qttt_criteria_match(&o->crit, rec, &game, errors);
	dup = 0;
	if (keep && o->unique && errors == 0) {
		if ((v = qttt_gameset_add(w->seen, &game)) == -1) {
			fprintf(stderr, "%s: out of memory after %zu distinct "
			    "games\n", progname, qttt_gameset_size(w->seen));
			return RUN_STOP;
		}
		dup = !(keep = v);
	}
	if (dup && w->dups != NULL) {
		f = dups_stream(o, w, rec, errors == 0, d.msg,
		    sizeof(d.msg));
		v = f == NULL ? -2 : 0;
	} else if (!keep)
		return EXIT_VALID;
	else {
		w->selected++;
		w->ininput++;
		if (o->count)
			return EXIT_VALID;
		f = game_stream(o, w, rec, errors == 0);
		v = f == NULL ? -1 : 0;
	}
	if (v == 0)
		v = qttt_select_write(f, &o->write, rec, &game, errors == 0,
		    &d);
	if (v == -1)
		return RUN_STOP;
	if (v == -2 && !in->tool->quiet)
		show_line_msg(stderr, in->name, rec->line, "error", "not "
		    "written: %s", d.msg);
	return v == -2 ? EXIT_TROUBLE : EXIT_VALID;
}

RUN_RECORDS(select_records, select_record)

/*
 * The end of an input: a read error, an input with no game, or one
 * with none that -g names reported, as the other tools report them
 * (but with -v, which selects the games -g does not name); as grep
 * -c, the count of each input, with several.
 */
static int
end_select(struct run_input *in, int k, const struct qttt_record *rec,
    int status)
{
	const struct selecting *sel = in->tool->arg;
	const struct options *o = sel->o;

	if (k == RUN_STOP)
		return RUN_STOP;
	if (end_selection(in->name, k, rec, in->games, o->games[0] != '\0' &&
	    !o->crit.invert ? o->games : NULL, sel->w->named,
	    in->tool->quiet) == EXIT_TROUBLE)
		status = EXIT_TROUBLE;
	if (o->count && o->several)
		fprintf(sel->w->main, "%s:%lu\n", in->name, sel->w->ininput);
	sel->w->ininput = 0;
	sel->w->named = 0;
	return status;
}

/* The criteria by option, and what a bad one is called. */
static const struct {
	int			 ch;
	enum qttt_criterion	 kind;
	const char		*what;
} criteria[] = {
	{ 'F', QTTT_CRIT_FEATURE, "bad feature" },
	{ 'g', QTTT_CRIT_GAMES, "-g: not game numbers or ranges (1 or "
	    "more)" },
	{ 'k', QTTT_CRIT_META, "bad metadata criterion" },
	{ 'M', QTTT_CRIT_MOVES, "bad number of moves" },
	{ 'm', QTTT_CRIT_MEASUREMENTS, "bad number of measurements" },
	{ 'O', QTTT_CRIT_OPENING, "bad opening" },
	{ 'P', QTTT_CRIT_PLIES, "bad number of plies" },
	{ 'p', QTTT_CRIT_PATTERN, "bad pattern" },
	{ 'r', QTTT_CRIT_RESULT, "bad result" },
	{ 'S', QTTT_CRIT_STATE, "bad state" },
	{ 'w', QTTT_CRIT_WINNER, "bad winner" },
};

/* What select's options fill in. */
struct parsed {
	struct options	*o;
	struct output	*w;
	struct run_tool	*tool;		/* -f, -q and -R (input_option()) */
	/* The criteria, added once -R is known: which, and their text. */
	size_t		*which;
	const char	**text;
	size_t		 ncrit;
};

/* An option of qttt-select (opt_parse()). */
static int
take_option(void *parsed, int ch, const char *optval)
{
	struct parsed	*p = parsed;
	struct options	*o = p->o;
	struct output	*w = p->w;
	unsigned long long n;
	char		*arg = (char *)optval, *comma;
	size_t		 i;
	int		 v;

	for (i = 0; i < NVALUES(criteria); i++)
		if (criteria[i].ch == ch)
			break;
	if (i < NVALUES(criteria)) {
		p->which[p->ncrit] = i;
		p->text[p->ncrit++] = arg;
		return 0;
	}
	if ((v = input_option(p->tool, ch, arg, usage)) != -1) {
		/* The positions of -O and -S are read by -R's profile too. */
		if (ch == 'R' && v == 0)
			o->crit.rules = p->tool->rules;
		return v;
	}
	switch (ch) {
	case 'C':
		o->write.canonical = 1;
		break;
	case 'c':
		o->count = 1;
		break;
	case 'd':
		w->dupname = arg;
		break;
	case 'o':
		w->mainname = arg;
		break;
	case 'i':
		o->crit.validity = o->crit.validity ==
		    QTTT_SELECT_VALID ? QTTT_SELECT_INVALID :
		    QTTT_SELECT_ANY;
		break;
	case 'T':
		if ((v = target_option(usage, arg, &o->write.to)) != 0)
			return v;
		break;
	case 'U':
		o->unique = 2;
		break;
	case 'u':
		if (o->unique == 0)
			o->unique = 1;
		break;
	case 'v':
		o->crit.invert = 1;
		break;
	case 'x':
		o->crit.exact = 1;
		break;
	case OPT_NOCOMMENTS:
		o->write.strip |= QTTT_STRIP_COMMENTS;
		break;
	case OPT_NOGLYPHS:
		o->write.strip |= QTTT_STRIP_GLYPHS;
		break;
	case OPT_NOTAGS:
		o->write.strip |= QTTT_STRIP_TAGS;
		break;
	case OPT_NOVARS:
		o->write.strip |= QTTT_STRIP_VARIATIONS;
		break;
	case OPT_SPLITVARS:
		o->write.strip |= QTTT_STRIP_VARIATIONS;
		o->write.splitvars = 1;
		break;
	case OPT_PLIES:
		/* As pgn-extract's: a game no longer is written whole. */
		if (parse_number(arg, 0, ULLONG_MAX, &n) == -1)
			return usage_error(usage, "--ply-limit: not "
			    "a number of plies: %s", arg);
		o->write.plies = n < QTTT_MAXPLIES ? n : QTTT_MAXPLIES;
		break;
	case OPT_PREFIX:
		w->prefix = arg;
		break;
	case OPT_SPLIT:
		if ((comma = strchr(arg, ',')) != NULL)
			*comma = '\0';
		if (parse_number(arg, 1, 1000000000, &n) == -1 ||
		    (comma != NULL && parse_number(comma + 1, 0,
		    1000000000000ULL, &w->next) == -1))
			return usage_error(usage, "--split: not a "
			    "number of games, and the first file's "
			    "number: %s%s%s", arg, comma != NULL ?
			    "," : "", comma != NULL ? comma + 1 : "");
		o->split = n;
		break;
	}
	return 0;
}

/*
 * Parses the options into o, w and tool; returns 0, or the exit status
 * of main.
 */
static int
parse_options(int argc, char *argv[], struct options *o, struct output *w,
    struct run_tool *tool)
{
	/* Static: -h and -V exit inside opt_parse() with the lists held. */
	static struct parsed p;
	struct qttt_diag d;
	struct stat	 st;
	size_t		 i;
	int		 s;

	p.o = o;
	p.w = w;
	p.tool = tool;
	p.which = calloc((size_t)argc, sizeof(*p.which));
	p.text = calloc((size_t)argc, sizeof(*p.text));
	if (p.which == NULL || p.text == NULL) {
		free(p.which);
		free(p.text);
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	s = opt_parse(&tool_opts, argc, argv, take_option, &p);
	for (i = 0; s == 0 && i < p.ncrit; i++) {
		if (qttt_criteria_add(&o->crit, criteria[p.which[i]].kind,
		    p.text[i], &d) == -1)
			s = usage_error(usage, "%s: %s: %s",
			    criteria[p.which[i]].what, p.text[i], d.msg);
		/* Lists given twice hold where both hold. */
		if (criteria[p.which[i]].ch == 'g')
			snprintf(o->games + strlen(o->games), sizeof(o->games) -
			    strlen(o->games), "%s%s", o->games[0] != '\0' ?
			    " and " : "", p.text[i]);
	}
	free(p.which);
	free(p.text);
	if (s != 0)
		return s;
	if (o->count && o->split > 0)
		return usage_error(usage, "%s", "-c writes the counts only: "
		    "there are no games for --split");
	if (w->mainname != NULL && o->split > 0)
		return usage_error(usage, "%s", "--split writes files of its "
		    "own: no file for -o");
	if (w->prefix != NULL && o->split == 0)
		return usage_error(usage, "%s", "--prefix names the files of "
		    "--split, which is not given");
	/* As split(1)'s, a prefix names a start; a directory, its files. */
	if (w->prefix == NULL)
		w->prefix = "";
	else if (*w->prefix != '\0' && w->prefix[strlen(w->prefix) - 1] !=
	    '/' && stat(w->prefix, &st) == 0 && S_ISDIR(st.st_mode))
		w->slash = "/";
	if (w->dupname != NULL && o->unique == 0)
		o->unique = 1;
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct options o;
	static struct output w;
	struct selecting sel = { &o, &w };
	struct run_tool	 tool = {
		.arg = &sel, .threads = 1, .records = select_records,
		.end = end_select
	};
	int		 status, s;

	start_tool(argv);
	qttt_criteria_init(&o.crit);
	o.write.plies = QTTT_TRIM_ALL;
	w.next = 1;
	w.slash = "";
	if ((s = parse_options(argc, argv, &o, &w, &tool)) != 0)
		return s;
	argc -= optind;
	argv += optind;
	o.several = argc > 1;
	if ((o.unique && (w.seen = qttt_gameset_new(o.unique == 2 ?
	    QTTT_GAMESET_SYMMETRIC : 0, 0)) == NULL)) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	note_inputs(argc, argv);
	w.dupformat = -1;
	w.main = stdout;
	if (w.mainname != NULL && (w.main = out_open(w.mainname, 0)) ==
	    NULL)
		return EXIT_TROUBLE;
	if (w.dupname != NULL && (w.dups = out_open(w.dupname, 0)) == NULL)
		return EXIT_TROUBLE;

	/* RUN_STOP: no file put in place. */
	if ((status = run_inputs(&tool, argc, argv)) == RUN_STOP)
		status = EXIT_TROUBLE + 1;
	if (o.count && !o.several && status <= EXIT_TROUBLE)
		fprintf(w.main, "%lu\n", w.selected);
	qttt_gameset_free(w.seen);
	/* The files are whole, or none is put in place. */
	if (w.out != NULL && out_close(w.out, status <= EXIT_TROUBLE) == -1)
		status = EXIT_TROUBLE + 1;
	if (w.dups != NULL && out_close(w.dups, status <= EXIT_TROUBLE) == -1)
		status = EXIT_TROUBLE + 1;
	if (w.main != stdout && out_close(w.main, status <= EXIT_TROUBLE) ==
	    -1)
		status = EXIT_TROUBLE + 1;
	if (out_finish(status <= EXIT_TROUBLE) == -1)
		status = EXIT_TROUBLE;
	if (finish_output() != 0 || status >= EXIT_TROUBLE)
		return EXIT_TROUBLE;
	return w.selected > 0 ? EXIT_VALID : EXIT_INVALID;
}
