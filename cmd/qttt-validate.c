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
	    " json, goff\n"
	    "  -h, --help        show this help and exit\n"
	    "  -j, --json        diagnostics as JSON Lines on standard"
	    " output\n"
	    "  -l, --list        list the files whose valid records are"
	    " not in\n"
	    "                    canonical form\n"
	    "  -p, --print       print the valid records in canonical form\n"
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
	/* Only the line notation has a canonical text to compare. */
	if (rec->text == NULL || rec->format != QTTT_FORMAT_LINE)
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
report(const struct options *o, const char *name,
    const struct qttt_record *rec)
{
	show_record_diags(o->json ? stdout : stderr, name, rec, o->json);
}

/*
 * Validates one input.  Returns the exit status it deserves, or
 * EXIT_STOP if standard output cannot be written.
 */
static int
validate(const struct options *o, const char *path, struct counts *c)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	char		 canon[QTTT_RECORD_MAX];
	int		 fd, k, len, status = EXIT_VALID, listed = 0;
	unsigned long	 games = 0;

	if ((fd = open_input(path)) == -1) {
		c->diags++;
		return EXIT_TROUBLE;
	}
	if ((r = qttt_reader_open(fd, o->format)) == NULL) {
		fprintf(stderr, "%s: %s: out of memory\n", progname, name);
		c->diags++;
		close_input(fd);
		return EXIT_TROUBLE;
	}
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		c->games++;
		if (qttt_record_play(&rec, &game) > 0) {
			c->invalid++;
			c->diags += rec.ndiags + rec.ndropped;
			status = EXIT_INVALID;
			if (!o->quiet)
				report(o, name, &rec);
		} else {
			c->valid++;
			if (!o->print && !o->list)
				continue;
			len = qttt_game_format(&game, canon, sizeof(canon));
			if (o->print && !o->quiet)
				printf("%s\n", canon);
			if (o->list && !listed &&
			    !is_canonical(&rec, canon, len)) {
				listed = 1;
				status = EXIT_INVALID;
				if (!o->quiet)
					printf("%s\n", name);
			}
		}
		if (ferror(stdout)) {
			status = EXIT_STOP;
			break;
		}
	}
	if (k == -1) {
		/* An I/O error, as for a file that cannot be opened. */
		c->diags++;
		fprintf(stderr, "%s: %s: %s\n", progname, name,
		    rec.ndiags > 0 ? rec.diags[0].msg : "read error");
		status = EXIT_TROUBLE;
	} else if (k == 0 && games == 0) {
		/* An empty input is almost always a mistake upstream. */
		c->diags++;
		status = EXIT_INVALID;
		if (!o->quiet)
			show_input_diag(o->json ? stdout : stderr, name,
			    QTTT_E_EMPTY, "no game in the input", o->json);
	}
	qttt_reader_close(r);
	close_input(fd);
	if (ferror(stdout))
		status = EXIT_STOP;
	return status;
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
	while ((ch = getopt_long(argc, argv, "f:hjlpqsV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			if ((fmt = parse_format(optarg)) == -1) {
				fprintf(stderr, "%s: unknown format: %s\n",
				    progname, optarg);
				usage(stderr);
				return EXIT_TROUBLE;
			}
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
	if (o.json + o.list + o.print > 1) {
		fprintf(stderr, "%s: -j, -l and -p all write to standard "
		    "output: choose one\n", progname);
		usage(stderr);
		return EXIT_TROUBLE;
	}

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
