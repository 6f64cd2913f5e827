/*
 * qttt-validate: check game records against the rules, report every
 * problem with its position, and optionally print the canonical form.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "parallel.h"

struct counts {
	unsigned long	 games;
	unsigned long	 valid;
	unsigned long	 invalid;
	unsigned long	 diags;
};

struct options {
	enum qttt_format format;
	int		 json;		/* -j: diagnostics as JSON Lines */
	int		 list;		/* -l: list non-canonical files */
	int		 print;		/* -p: print canonical records */
	int		 quiet;		/* -q: status only */
	int		 summary;	/* -s: a summary line */
	int		 threads;	/* to check games on */
};

/* validate() could not write standard output: stop at once. */
#define EXIT_STOP	(-1)

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-hjlpqsV] [-f format] [file ...]\n",
	    progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Check Quantum Tic-Tac-Toe game records; with no file, or"
	    " when file is -,\n"
	    "read standard input.\n"
	    "\n"
	    "  -f, --format=FMT  input format: auto (default), line, yaml,"
	    " json, goff,\n"
	    "                    state\n"
	    "  -h, --help        show this help and exit\n"
	    "  -j, --json        diagnostics as JSON Lines on standard"
	    " output\n"
	    "  -l, --list        list the files whose valid records are"
	    " not in\n"
	    "                    canonical form\n"
	    "  -p, --print       print the valid records in canonical form"
	    " (a position\n"
	    "                    as its state string)\n"
	    "  -q, --quiet       print nothing about the games; the exit"
	    " status tells\n"
	    "  -s, --summary     print a summary line on standard error\n"
	    "  -V, --version     show the version and exit\n"
	    "\n"
	    "Exit status: 0 all valid, 1 some game invalid (or, with -l,"
	    " not in\n"
	    "canonical form), 2 usage or I/O error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/*
 * Whether a valid record is written as its canonical form: the line
 * holds the canonical text and nothing else, and ends in a plain LF.
 */
static int
is_canonical(const struct qttt_record *rec, const char *canon, int len)
{
	/* Only the line notation and state strings have a canonical text. */
	if (rec->text == NULL || (rec->format != QTTT_FORMAT_LINE &&
	    rec->format != QTTT_FORMAT_STATE))
		return 1;
	return rec->textflags == 0 && rec->textlen == (size_t)len &&
	    memcmp(rec->text, canon, len) == 0;
}

static const char *
plural(unsigned long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void
add_counts(struct counts *to, const struct counts *from)
{
	to->games += from->games;
	to->valid += from->valid;
	to->invalid += from->invalid;
	to->diags += from->diags;
}

/* What a run of games comes to: an input, or a chunk of one. */
struct tally {
	struct counts	 c;
	int		 status;	/* EXIT_VALID or EXIT_INVALID */
	int		 noncanonical;	/* a valid record, not canonical */
};

/* What the games of an input are checked with, on every thread. */
struct run {
	const struct options	*o;
	const char		*name;
};

/*
 * Checks the games of r, writing to out and err (with job, a chunk's
 * streams, which par_sync() keeps in order), and counts them in t.
 * Returns what qttt_reader_next() returned last (0 at the end, -1 on
 * a read error, with the diagnostic in rec), or PAR_STOP if out
 * cannot be written.
 */
static int
check_games(const struct run *run, struct qttt_reader *r,
    struct qttt_record *rec, FILE *out, FILE *err, struct par_job *job,
    struct tally *t)
{
	const struct options *o = run->o;
	struct qttt_game game;
	char		 canon[QTTT_RECORD_MAX > QTTT_STATE_MAX ?
			    QTTT_RECORD_MAX : QTTT_STATE_MAX];
	int		 k, len;

	/* par_more() may leave the rest of a chunk to the main thread. */
	while ((k = par_more(job) ? qttt_reader_next(r, rec) : 0) == 1) {
		t->c.games++;
		if (qttt_record_play(rec, &game) > 0) {
			t->c.invalid++;
			t->c.diags += rec->ndiags + rec->ndropped;
			t->status = EXIT_INVALID;
			if (o->quiet)
				continue;
			if (!o->json)
				par_sync(job);
			show_record_diags(o->json ? out : err, run->name, rec,
			    o->json);
		} else {
			t->c.valid++;
			if (!o->print && !o->list)
				continue;
			/* A position's canonical form is its state string. */
			len = rec->has_start ?
			    qttt_state_format(&game.state, canon, sizeof(canon)) :
			    qttt_game_format(&game, canon, sizeof(canon));
			if (o->print && !o->quiet) {
				fwrite(canon, 1, len, out);
				putc('\n', out);
			}
			if (o->list && !is_canonical(rec, canon, len))
				t->noncanonical = 1;
		}
		if (ferror(out))
			return PAR_STOP;
	}
	return k;
}

static void
check_chunk(const void *arg, struct par_job *job)
{
	struct qttt_record rec;

	if (check_games(arg, job->reader, &rec, job->out, job->err, job,
	    job->result) == PAR_STOP)
		job->failed = 1;
}

static void
add_tally(void *totals, const struct par_job *job)
{
	struct tally		*t = totals;
	const struct tally	*u = job->result;

	add_counts(&t->c, &u->c);
	if (u->status > t->status)
		t->status = u->status;
	t->noncanonical |= u->noncanonical;
}

static const struct par_tool check_tool = {
	sizeof(struct tally), 0, check_chunk, add_tally, NULL, NULL
};

/*
 * Validates one input.  Returns the exit status it deserves, or
 * EXIT_STOP if standard output cannot be written.
 */
static int
validate(const struct options *o, const char *path, struct counts *c)
{
	static struct qttt_record rec;
	struct qttt_reader *r;
	struct tally	 t;
	struct run	 run;
	int		 fd, k = QTTT_SPLIT_NOT, s;

	run.o = o;
	run.name = input_name(path);
	if ((r = open_reader(path, o->format, &fd)) == NULL) {
		c->diags++;
		return EXIT_TROUBLE;
	}
	memset(&t, 0, sizeof(t));
	if (o->threads > 1)
		k = par_input(r, &rec, o->threads, &check_tool, &run, &t);
	if (k == QTTT_SPLIT_NOT)
		k = check_games(&run, r, &rec, stdout, stderr, NULL, &t);
	add_counts(c, &t.c);
	if (t.noncanonical) {
		t.status = EXIT_INVALID;
		if (!o->quiet)
			printf("%s\n", run.name);
	}
	if (k == PAR_STOP)
		t.status = EXIT_STOP;
	else if ((s = end_input(run.name, k, &rec, t.c.games, o->quiet,
	    o->json)) != EXIT_VALID) {
		c->diags++;
		t.status = s;
	}
	close_reader(r, fd);
	if (ferror(stdout))
		t.status = EXIT_STOP;
	return t.status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "json",	no_argument,		NULL, 'j' },
		{ "list",	no_argument,		NULL, 'l' },
		{ "print",	no_argument,		NULL, 'p' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "summary",	no_argument,		NULL, 's' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	struct options	 o;
	struct counts	 c;
	int		 ch, fmt, status = EXIT_VALID, s, i;

	setprogname_from(argv[0]);
	/* getopt_long() names the program in its messages as argv[0]. */
	argv[0] = (char *)progname;
	memset(&o, 0, sizeof(o));
	memset(&c, 0, sizeof(c));
	o.threads = par_threads();
	while ((ch = getopt_long(argc, argv, "f:hjlpqsV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			if ((fmt = parse_format(optarg)) == -1)
				return usage_error(usage, "unknown format: %s",
				    optarg);
			o.format = fmt;
			break;
		case 'h':
			help();
			break;
		case 'j':
			o.json = 1;
			break;
		case 'l':
			o.list = 1;
			break;
		case 'p':
			o.print = 1;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 's':
			o.summary = 1;
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
	if (o.json + o.list + o.print > 1)
		return usage_error(usage, "%s", "-j, -l and -p all write to "
		    "standard output: choose one");

	for (i = 0; i < (argc > 0 ? argc : 1); i++) {
		s = validate(&o, argc > 0 ? argv[i] : "-", &c);
		if (s == EXIT_STOP) {
			/* finish_output() says why. */
			finish_output();
			return EXIT_TROUBLE;
		}
		if (s > status)
			status = s;
	}

	if (o.summary && !o.quiet)
		fprintf(stderr, "%s: %lu %s, %lu valid, %lu invalid, %lu %s\n",
		    progname, c.games, plural(c.games, "game", "games"),
		    c.valid, c.invalid, c.diags,
		    plural(c.diags, "diagnostic", "diagnostics"));
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
