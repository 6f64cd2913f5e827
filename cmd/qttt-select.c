/*
 * qttt-select: the games of a collection that meet every criterion
 * given (the library's struct qttt_criteria), written as they were
 * read, or converted, trimmed or in their canonical orientation, with
 * duplicates dropped on request (struct qttt_gameset), to standard
 * output or to files of so many games.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "outfile.h"

/* The long options without a letter. */
enum {
	OPT_NOCOMMENTS = 256,
	OPT_NOTAGS,
	OPT_NOGLYPHS,
	OPT_PLIES,
	OPT_SPLIT
};

struct options {
	struct qttt_criteria crit;
	enum qttt_format format;	/* -f */
	enum qttt_format to;		/* -t (AUTO: as read) */
	int		 canonical;	/* -C */
	int		 count;		/* -c */
	int		 quiet;		/* -q */
	int		 unique;	/* -u: 1 exact, 2 under symmetry */
	unsigned int	 strip;		/* --no-comments, -tags, -glyphs */
	size_t		 plies;		/* --ply-limit */
	unsigned long	 split;		/* --split: games a file, or 0 */
	unsigned long long first;	/* --split: the first file's number */
	int		 several;	/* inputs */
};

/* Where the games go, and how many went. */
struct output {
	FILE		*out;		/* standard output, or a split file */
	FILE		*dups;		/* -d, or NULL */
	const char	*dupname;
	int		 dupformat;	/* of the games in it; -1 none yet */
	char		 name[64];	/* the split file */
	enum qttt_format outformat;	/* of the games in it */
	unsigned long	 infile;	/* games in it */
	unsigned long long next;	/* the next split file's number */
	unsigned long	 selected;
	struct qttt_gameset *seen;
};

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-CchiqUuVvx] [-d file] [-F feature] "
	    "[-f format]\n"
	    "       [-g games] [-k key[=pattern]] [-M moves] "
	    "[-m measurements]\n"
	    "       [-o opening] [-P plies] [-p pattern] [-R profile] "
	    "[-r result]\n"
	    "       [-s state] [-t format] [-w winner] [--no-comments] "
	    "[--no-glyphs]\n"
	    "       [--no-tags] [--ply-limit=n] [--split=n[,first]] "
	    "[file ...]\n",
	    progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Select Quantum Tic-Tac-Toe games by what happened in them.\n"
	    "\n"
	    "  -g, --games=LIST     game numbers and ranges of each input:"
	    " 3,5-7,10-\n"
	    "  -r, --result=LIST    1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, 2-0,"
	    " 0-0, *,\n"
	    "                       finished, unfinished, pending\n"
	    "  -w, --winner=WHO     x, o or none\n"
	    "  -M, --moves=LIST     number of moves; -P plies;"
	    " -m measurements\n"
	    "  -F, --feature=NAME   2-cycle, forced-x9, simultaneous,"
	    " double-line,\n"
	    "                       renamed, cycle-N (N squares)\n"
	    "  -o, --opening=ITEMS  the first actions, in any orientation\n"
	    "  -s, --state=STATE    a position reached, in any orientation\n"
	    "  -p, --pattern=SQS    squares reached at one ply: b2=X,a1=O,"
	    "c3=.\n"
	    "  -k, --meta=KEY[=PAT] a metadata key, its value matching PAT\n"
	    "  -x, --exact          -o and -s in the orientation given"
	    " only\n"
	    "  -i, --invalid        invalid games only; -ii any game\n"
	    "  -v, --invert         the games that do not meet the"
	    " criteria\n"
	    "  -u, --unique         drop repeated games; -U under the"
	    " symmetries\n"
	    "  -d, --duplicates=FILE  write the games dropped as repeated"
	    " to FILE\n"
	    "  -C, --canonical      write each game alone, in its canonical"
	    " orientation\n"
	    "  -c, --count          print the number of games selected"
	    " only\n"
	    "  -t, --to=FMT         write as line, yaml, json or goff\n"
	    "  --no-comments, --no-tags, --no-glyphs\n"
	    "                       write the games without them\n"
	    "  --ply-limit=N        write the first N plies of each game\n"
	    "  --split=N[,FIRST]    write files of N games: 1.qttt, 2.qttt,"
	    " ...\n"
	    "  -f, --format=FMT     input format: auto (default), line,"
	    " yaml, json,\n"
	    "                       goff, state\n"
	    "  -R, --rules=NAME     the rules of records that name none (goff)\n"
	    "  -q, --quiet          print no diagnostics\n"
	    "  -h, --help           show this help\n"
	    "  -V, --version        show the version\n"
	    "\n"
	    "Exit status: 0 some game selected, 1 none, 2 usage, I/O or"
	    " write error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/* The source text of a record as read, with its line end. */
static int
write_text(FILE *f, const struct qttt_record *rec)
{
	if (qttt_record_format(rec) == QTTT_FORMAT_YAML &&
	    fputs("---\n", f) == EOF)
		return -1;
	if (fwrite(rec->text, 1, rec->textlen, f) != rec->textlen)
		return -1;
	if (rec->format == QTTT_FORMAT_YAML)
		return 0;
	if (rec->textflags & QTTT_TEXT_CRLF)
		return fputs("\r\n", f) == EOF ? -1 : 0;
	return putc('\n', f) == EOF ? -1 : 0;
}

/*
 * Whether a game is written as it was read: no writer holds an invalid
 * game or a position.
 */
static int
as_read(const struct options *o, const struct qttt_record *rec, int valid)
{
	return !valid || rec->has_start || (o->to == QTTT_FORMAT_AUTO &&
	    !o->canonical && o->strip == 0 && o->plies == QTTT_TRIM_ALL &&
	    rec->format != QTTT_FORMAT_YAML);
}

/* The format a game is written in. */
static enum qttt_format
written_format(const struct options *o, const struct qttt_record *rec,
    int valid)
{
	if (o->to != QTTT_FORMAT_AUTO && !as_read(o, rec, valid))
		return o->to;
	return qttt_record_format(rec);
}

/* The name of a format, as -t takes it. */
static const char *const format_name[] = {
	[QTTT_FORMAT_LINE] = "line", [QTTT_FORMAT_YAML] = "yaml",
	[QTTT_FORMAT_JSON] = "json", [QTTT_FORMAT_GOFF] = "goff",
	[QTTT_FORMAT_STATE] = "state"
};

/*
 * Writes a game on f.  Returns 0, -1 if f failed, or -2 with the
 * reason in why if the target format cannot hold it.
 */
static int
write_game(const struct options *o, FILE *f, const struct qttt_record *rec,
    const struct qttt_game *game, int valid, char *why, size_t n)
{
	static struct qttt_game g;
	static struct qttt_meta notes[QTTT_MAXNOTES];
	struct qttt_extras ex;
	struct qttt_diag d;
	enum qttt_format to = written_format(o, rec, valid);
	int		 k;

	if (as_read(o, rec, valid)) {
		if (rec->text != NULL)
			return write_text(f, rec);
		snprintf(why, n, "no text to write");
		return -2;
	}
	g = *game;
	if (o->canonical) {
		/* The game alone: its comments may name squares it moves. */
		qttt_extras_init(&ex);
		qttt_game_trim(&g, NULL, o->plies, 0, NULL);
		qttt_game_symcanon(&g, &g);
	} else {
		qttt_extras_from_record(&ex, &g, rec);
		/* The comment lines go with no game selected. */
		ex.lead = NULL;
		ex.leadlen = 0;
		qttt_game_trim(&g, &ex, o->plies, o->strip, notes);
	}
	if ((k = qttt_record_write(f, to, &g, &ex, &d)) == -2)
		snprintf(why, n, "%s", d.msg);
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
	enum qttt_format to = written_format(o, rec, valid);
	int		 v;

	if (o->split == 0)
		return stdout;
	if (w->out != NULL && (w->infile == o->split ||
	    w->outformat != to)) {
		v = out_close(w->out, 1);
		w->out = NULL;
		if (v == -1)
			return NULL;
	}
	if (w->out == NULL) {
		snprintf(w->name, sizeof(w->name), "%llu.%s", w->next++,
		    ext[to]);
		if ((w->out = out_open(w->name, OUT_DEFER)) == NULL)
			return NULL;
		w->outformat = to;
		w->infile = 0;
	}
	w->infile++;
	return w->out;
}

/*
 * The -d file for a game, or NULL with the reason in why if the file
 * holds games of another format.
 */
static FILE *
dups_stream(const struct options *o, struct output *w,
    const struct qttt_record *rec, int valid, char *why, size_t n)
{
	enum qttt_format to = written_format(o, rec, valid);

	if (w->dupformat == -1)
		w->dupformat = to;
	if (w->dupformat == (int)to)
		return w->dups;
	snprintf(why, n, "%s holds %s games, not %s ones: -t writes every "
	    "game in one format", w->dupname,
	    format_name[w->dupformat], format_name[to]);
	return NULL;
}

/*
 * Selects from one input.  Returns the exit status it deserves, or
 * EXIT_TROUBLE + 1 if the output failed.
 */
static int
select_input(const struct options *o, const char *path, struct output *w)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	unsigned long	 games = 0, selected = 0;
	char		 why[QTTT_MSG_MAX];
	size_t		 errors;
	FILE		*f;
	int		 fd, k, keep, dup, v, status = EXIT_VALID;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		if ((errors = qttt_record_play(&rec, &game)) > 0 && !o->quiet)
			show_record_diags(stderr, name, &rec, 0);
		keep = qttt_criteria_match(&o->crit, &rec, &game, errors);
		dup = 0;
		if (keep && o->unique && errors == 0) {
			if ((v = qttt_gameset_add(w->seen, &game)) == -1) {
				fprintf(stderr, "%s: out of memory after %zu "
				    "distinct games\n", progname,
				    qttt_gameset_size(w->seen));
				status = EXIT_TROUBLE + 1;
				break;
			}
			dup = !(keep = v);
		}
		if (dup && w->dups != NULL) {
			f = dups_stream(o, w, &rec, errors == 0, why,
			    sizeof(why));
			v = f == NULL ? -2 : 0;
		} else if (!keep)
			continue;
		else {
			selected++;
			w->selected++;
			if (o->count)
				continue;
			f = game_stream(o, w, &rec, errors == 0);
			v = f == NULL ? -1 : 0;
		}
		if (v == 0)
			v = write_game(o, f, &rec, &game, errors == 0, why,
			    sizeof(why));
		if (v == -1) {
			status = EXIT_TROUBLE + 1;
			break;
		}
		if (v == -2 && !o->quiet)
			show_line_msg(stderr, name, rec.line, "error",
			    "not written: %s", why);
		if (v == -2)
			status = EXIT_TROUBLE;
	}
	if ((k == -1 || games == 0) && end_input(name, k, &rec, games,
	    o->quiet, 0) == EXIT_TROUBLE && status < EXIT_TROUBLE)
		status = EXIT_TROUBLE;
	close_reader(r, fd);
	/* As grep -c: the count of each input, with several. */
	if (o->count && o->several && status <= EXIT_TROUBLE)
		printf("%s:%lu\n", name, selected);
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
	{ 'o', QTTT_CRIT_OPENING, "bad opening" },
	{ 'P', QTTT_CRIT_PLIES, "bad number of plies" },
	{ 'p', QTTT_CRIT_PATTERN, "bad pattern" },
	{ 'r', QTTT_CRIT_RESULT, "bad result" },
	{ 's', QTTT_CRIT_STATE, "bad state" },
	{ 'w', QTTT_CRIT_WINNER, "bad winner" },
};

/* Parses the options into o; returns 0, or the exit status of main. */
static int
parse_options(int argc, char *argv[], struct options *o, struct output *w)
{
	static const struct option longopts[] = {
		{ "canonical",	no_argument,		NULL, 'C' },
		{ "count",	no_argument,		NULL, 'c' },
		{ "duplicates",	required_argument,	NULL, 'd' },
		{ "feature",	required_argument,	NULL, 'F' },
		{ "format",	required_argument,	NULL, 'f' },
		{ "from",	required_argument,	NULL, 'f' },
		{ "game",	required_argument,	NULL, 'g' },
		{ "games",	required_argument,	NULL, 'g' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "invalid",	no_argument,		NULL, 'i' },
		{ "invert",	no_argument,		NULL, 'v' },
		{ "measurements", required_argument,	NULL, 'm' },
		{ "meta",	required_argument,	NULL, 'k' },
		{ "moves",	required_argument,	NULL, 'M' },
		{ "no-comments", no_argument,		NULL, OPT_NOCOMMENTS },
		{ "nocomments",	no_argument,		NULL, OPT_NOCOMMENTS },
		{ "no-glyphs",	no_argument,		NULL, OPT_NOGLYPHS },
		{ "nonags",	no_argument,		NULL, OPT_NOGLYPHS },
		{ "no-tags",	no_argument,		NULL, OPT_NOTAGS },
		{ "notags",	no_argument,		NULL, OPT_NOTAGS },
		{ "opening",	required_argument,	NULL, 'o' },
		{ "pattern",	required_argument,	NULL, 'p' },
		{ "plies",	required_argument,	NULL, 'P' },
		{ "ply-limit",	required_argument,	NULL, OPT_PLIES },
		{ "plylimit",	required_argument,	NULL, OPT_PLIES },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "result",	required_argument,	NULL, 'r' },
		{ "split",	required_argument,	NULL, OPT_SPLIT },
		{ "state",	required_argument,	NULL, 's' },
		{ "to",		required_argument,	NULL, 't' },
		{ "unique",	no_argument,		NULL, 'u' },
		{ "unique-symmetric", no_argument,	NULL, 'U' },
		{ "rules",	required_argument,	NULL, 'R' },
		{ "version",	no_argument,		NULL, 'V' },
		{ "winner",	required_argument,	NULL, 'w' },
		{ "exact",	no_argument,		NULL, 'x' },
		{ NULL,		0,			NULL, 0 }
	};
	struct qttt_diag d;
	unsigned long long n;
	char		*comma;
	/* The criteria, added once -R is known: which, and their text. */
	static size_t	*which;
	static char	**text;
	size_t		 ncrit = 0, i;
	int		 ch, v;

	which = calloc((size_t)argc, sizeof(*which));
	text = calloc((size_t)argc, sizeof(*text));
	if (which == NULL || text == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	while ((ch = getopt_long(argc, argv,
	    "Ccd:F:f:g:hik:M:m:o:P:p:qR:r:s:t:UuVvw:x", longopts, NULL)) != -1) {
		for (i = 0; i < NVALUES(criteria); i++)
			if (criteria[i].ch == ch)
				break;
		if (i < NVALUES(criteria)) {
			which[ncrit] = i;
			text[ncrit++] = optarg;
			continue;
		}
		switch (ch) {
		case 'C':
			o->canonical = 1;
			break;
		case 'c':
			o->count = 1;
			break;
		case 'd':
			w->dupname = optarg;
			break;
		case 'f':
			if ((v = format_option(usage, "input ", optarg,
			    &o->format)) != 0)
				return v;
			break;
		case 'h':
			help();
			break;
		case 'i':
			o->crit.validity = o->crit.validity ==
			    QTTT_SELECT_VALID ? QTTT_SELECT_INVALID :
			    QTTT_SELECT_ANY;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 't':
			if ((v = target_option(usage, optarg, &o->to)) != 0)
				return v;
			break;
		case 'U':
			o->unique = 2;
			break;
		case 'u':
			if (o->unique == 0)
				o->unique = 1;
			break;
		case 'R':
			if ((ch = rules_option(usage, optarg,
			    &o->crit.rules)) != 0)
				return ch;
			break;
		case 'V':
			print_version();
			break;
		case 'v':
			o->crit.invert = 1;
			break;
		case 'x':
			o->crit.exact = 1;
			break;
		case OPT_NOCOMMENTS:
			o->strip |= QTTT_STRIP_COMMENTS;
			break;
		case OPT_NOGLYPHS:
			o->strip |= QTTT_STRIP_GLYPHS;
			break;
		case OPT_NOTAGS:
			o->strip |= QTTT_STRIP_TAGS;
			break;
		case OPT_PLIES:
			if (parse_number(optarg, 0, QTTT_MAXPLIES, &n) == -1)
				return usage_error(usage, "--ply-limit: not "
				    "a number of plies (0 to %d): %s",
				    QTTT_MAXPLIES, optarg);
			o->plies = n;
			break;
		case OPT_SPLIT:
			if ((comma = strchr(optarg, ',')) != NULL)
				*comma = '\0';
			if (parse_number(optarg, 1, 1000000000, &n) == -1 ||
			    (comma != NULL && parse_number(comma + 1, 0,
			    1000000000000ULL, &w->next) == -1))
				return usage_error(usage, "--split: not a "
				    "number of games, and the first file's "
				    "number: %s%s%s", optarg, comma != NULL ?
				    "," : "", comma != NULL ? comma + 1 : "");
			o->split = n;
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	for (i = 0; i < ncrit; i++)
		if (qttt_criteria_add(&o->crit, criteria[which[i]].kind,
		    text[i], &d) == -1)
			return usage_error(usage, "%s: %s: %s",
			    criteria[which[i]].what, text[i], d.msg);
	if (o->count && o->split > 0)
		return usage_error(usage, "%s", "-c writes the counts only: "
		    "there are no games for --split");
	if (w->dupname != NULL && o->unique == 0)
		o->unique = 1;
	return 0;
}

int
main(int argc, char *argv[])
{
	static struct options o;
	static struct output w;
	int		 status = EXIT_VALID, s, i;

	start_tool(argv);
	qttt_criteria_init(&o.crit);
	o.plies = QTTT_TRIM_ALL;
	w.next = 1;
	if ((s = parse_options(argc, argv, &o, &w)) != 0)
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
	if (w.dupname != NULL && (w.dups = out_open(w.dupname, 0)) == NULL)
		return EXIT_TROUBLE;

	for (i = 0; i < (argc > 0 ? argc : 1) && status <= EXIT_TROUBLE; i++)
		if ((s = select_input(&o, argc > 0 ? argv[i] : "-",
		    &w)) > status)
			status = s;
	if (o.count && !o.several && status <= EXIT_TROUBLE)
		printf("%lu\n", w.selected);
	qttt_gameset_free(w.seen);
	/* The files are whole, or none is put in place. */
	if (w.out != NULL && out_close(w.out, status <= EXIT_TROUBLE) == -1)
		status = EXIT_TROUBLE + 1;
	if (w.dups != NULL && out_close(w.dups, status <= EXIT_TROUBLE) == -1)
		status = EXIT_TROUBLE + 1;
	if (out_finish(status <= EXIT_TROUBLE) == -1)
		status = EXIT_TROUBLE;
	if (finish_output() != 0 || status >= EXIT_TROUBLE)
		return EXIT_TROUBLE;
	return w.selected > 0 ? EXIT_VALID : EXIT_INVALID;
}
