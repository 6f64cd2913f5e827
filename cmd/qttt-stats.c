/*
 * qttt-stats: what happened in a collection of games, counted: results,
 * lengths, measurements, cycles, the forced X9, openings up to the
 * symmetries, per input and in total.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"

/* The seven results, in the order they are shown. */
static const struct {
	const char	*name;
	unsigned char	 x, o;	/* half points */
} results[] = {
	{ "1-0", 2, 0 }, { "0-1", 0, 2 }, { "1-1/2", 2, 1 }, { "1/2-1", 1, 2 },
	{ "3/2-0", 3, 0 }, { "2-0", 4, 0 }, { "0-0", 0, 0 },
};
#define NRESULTS	(sizeof(results) / sizeof(results[0]))

struct opening_stats {
	unsigned long	 games, finished, halves[2];
};

struct stats {
	unsigned long	 games, valid, invalid, positions;
	unsigned long	 result[NRESULTS], unfinished, pending;
	unsigned long	 finished, halves[2];	/* of the finished games */
	unsigned long	 moves[QTTT_MAXMOVES + 1];
	unsigned long	 plies[QTTT_MAXPLIES + 1];
	unsigned long	 meas[QTTT_MAXPLIES + 1];
	unsigned long	 cycles[QTTT_NSQUARES + 1];	/* by length */
	unsigned long	 twocycle, forced, simultaneous, doubleline;
	struct opening_stats opening[QTTT_NOPENINGS];
};

struct options {
	enum qttt_format format;	/* -f */
	int		 json;		/* -T json */
	int		 quiet;		/* -q */
};

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-hqV] [-f format] [-T format] [file ...]\n",
	    progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Count what happened in a collection of Quantum Tic-Tac-Toe"
	    " games.\n"
	    "\n"
	    "  -T, --output=FMT  text (default) or json (one object per"
	    " input)\n"
	    "  -f, --format=FMT  input format: auto (default), line, yaml,"
	    " json, goff,\n"
	    "                    state\n"
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

static void
count_game(struct stats *s, const struct qttt_game *g)
{
	struct qttt_features f;
	struct opening_stats *op = NULL;
	size_t		 i;

	qttt_game_features(g, &f);
	s->valid++;
	s->moves[f.moves]++;
	s->plies[f.plies]++;
	s->meas[f.measurements]++;
	for (i = 0; i < f.ncycles; i++)
		s->cycles[f.cycle[i]]++;
	s->twocycle += f.twocycles > 0;
	s->forced += f.forced;
	s->simultaneous += f.simultaneous;
	s->doubleline += f.doubleline;
	if (f.opening < QTTT_NOPENINGS) {
		op = &s->opening[f.opening];
		op->games++;
	}
	if (!f.result.over) {
		s->unfinished++;
		s->pending += g->state.pending != 0;
		return;
	}
	for (i = 0; i < NRESULTS; i++)
		if (results[i].x == f.result.score[QTTT_X] &&
		    results[i].o == f.result.score[QTTT_O])
			s->result[i]++;
	s->finished++;
	s->halves[QTTT_X] += f.result.score[QTTT_X];
	s->halves[QTTT_O] += f.result.score[QTTT_O];
	if (op != NULL) {
		op->finished++;
		op->halves[QTTT_X] += f.result.score[QTTT_X];
		op->halves[QTTT_O] += f.result.score[QTTT_O];
	}
}

static void
add_stats(struct stats *to, const struct stats *s)
{
	const unsigned long *from = (const unsigned long *)s;
	unsigned long	*sum = (unsigned long *)to;
	size_t		 i;

	/* Every field is a count. */
	for (i = 0; i < sizeof(*s) / sizeof(unsigned long); i++)
		sum[i] += from[i];
}

/* A mean of half points, in points. */
static double
mean_points(unsigned long halves, unsigned long n)
{
	return n == 0 ? 0.0 : halves / 2.0 / n;
}

static double
share(unsigned long k, unsigned long n)
{
	return n == 0 ? 0.0 : 100.0 * k / n;
}

/* "4: 2  6: 1" for the nonzero counts of a histogram. */
static void
histogram(const char *label, const unsigned long *h, size_t n,
    unsigned long games)
{
	unsigned long	 sum = 0;
	size_t		 i;

	for (i = 0; i < n; i++)
		sum += i * h[i];
	printf("%-14s", label);
	if (games > 0)
		printf("mean %.2f;", (double)sum / games);
	for (i = 0; i < n; i++)
		if (h[i] > 0)
			printf("  %zu: %lu", i, h[i]);
	if (games == 0 && sum == 0)
		fputs("none", stdout);
	putchar('\n');
}

static void
counted(const char *label, unsigned long n)
{
	printf("%-14s%lu game%s\n", label, n, n == 1 ? "" : "s");
}

static void
print_text(const char *name, const struct stats *s)
{
	size_t		 i;
	const struct opening_stats *op;

	printf("%-14s%s\n", "input", name);
	printf("%-14s%lu\n", "games", s->games);
	printf("%-14s%lu\n", "valid", s->valid);
	printf("%-14s%lu\n", "invalid", s->invalid);
	if (s->positions > 0)
		printf("%-14s%lu (not counted below)\n", "positions",
		    s->positions);
	printf("%-14s%7s %7s\n", "result", "games", "share");
	for (i = 0; i < NRESULTS; i++)
		printf("  %-12s%7lu %6.1f%%\n", results[i].name,
		    s->result[i], share(s->result[i], s->valid));
	printf("  %-12s%7lu %6.1f%%\n", "*", s->unfinished,
	    share(s->unfinished, s->valid));
	printf("  %-12s%7lu %6.1f%%\n", "pending", s->pending,
	    share(s->pending, s->valid));
	printf("%-14sX %.3f  O %.3f  (%lu finished)\n", "mean score",
	    mean_points(s->halves[QTTT_X], s->finished),
	    mean_points(s->halves[QTTT_O], s->finished), s->finished);
	histogram("moves", s->moves, QTTT_MAXMOVES + 1, s->valid);
	histogram("plies", s->plies, QTTT_MAXPLIES + 1, s->valid);
	histogram("measurements", s->meas, QTTT_MAXPLIES + 1, s->valid);
	histogram("cycle squares", s->cycles, QTTT_NSQUARES + 1, 0);
	counted("2-cycle", s->twocycle);
	counted("forced X9", s->forced);
	counted("simultaneous", s->simultaneous);
	counted("double line", s->doubleline);
	printf("%-16s%7s %8s %7s %7s\n", "opening", "games", "finished",
	    "X mean", "O mean");
	for (i = 0; i < QTTT_NOPENINGS; i++) {
		op = &s->opening[i];
		printf("  %-14s%7lu %8lu %7.3f %7.3f\n", qttt_opening_name(i),
		    op->games, op->finished,
		    mean_points(op->halves[QTTT_X], op->finished),
		    mean_points(op->halves[QTTT_O], op->finished));
	}
}

static void
json_array(const char *key, const unsigned long *h, size_t from, size_t n)
{
	size_t	 i;

	printf(",\"%s\":[", key);
	for (i = from; i < n; i++)
		printf("%s%lu", i > from ? "," : "", h[i]);
	putchar(']');
}

/* Half points as a JSON number: 3 is 1.5. */
static void
json_points(unsigned long halves)
{
	printf("%lu%s", halves / 2, halves % 2 ? ".5" : "");
}

static void
print_json(const char *name, const struct stats *s)
{
	const struct opening_stats *op;
	size_t		 i;

	fputs("{\"input\":", stdout);
	if (name == NULL)
		fputs("null", stdout);
	else
		qttt_json_string(stdout, name, strlen(name));
	printf(",\"games\":%lu,\"valid\":%lu,\"invalid\":%lu,"
	    "\"positions\":%lu,\"results\":{", s->games, s->valid,
	    s->invalid, s->positions);
	for (i = 0; i < NRESULTS; i++)
		printf("\"%s\":%lu,", results[i].name, s->result[i]);
	printf("\"*\":%lu},\"pending\":%lu,\"finished\":%lu,"
	    "\"points\":{\"X\":", s->unfinished, s->pending, s->finished);
	json_points(s->halves[QTTT_X]);
	fputs(",\"O\":", stdout);
	json_points(s->halves[QTTT_O]);
	printf("},\"mean_score\":{\"X\":%.4f,\"O\":%.4f}",
	    mean_points(s->halves[QTTT_X], s->finished),
	    mean_points(s->halves[QTTT_O], s->finished));
	json_array("moves", s->moves, 0, QTTT_MAXMOVES + 1);
	json_array("plies", s->plies, 0, QTTT_MAXPLIES + 1);
	json_array("measurements", s->meas, 0, 6);
	fputs(",\"cycles\":{", stdout);
	for (i = 2; i <= QTTT_NSQUARES; i++)
		printf("%s\"%zu\":%lu", i > 2 ? "," : "", i, s->cycles[i]);
	printf("},\"two_cycle\":%lu,\"forced_x9\":%lu,\"simultaneous\":%lu,"
	    "\"double_line\":%lu,\"openings\":{", s->twocycle, s->forced,
	    s->simultaneous, s->doubleline);
	for (i = 0; i < QTTT_NOPENINGS; i++) {
		op = &s->opening[i];
		printf("%s\"%s\":{\"games\":%lu,\"finished\":%lu,"
		    "\"points\":{\"X\":", i > 0 ? "," : "",
		    qttt_opening_name(i), op->games, op->finished);
		json_points(op->halves[QTTT_X]);
		fputs(",\"O\":", stdout);
		json_points(op->halves[QTTT_O]);
		fputs("}}", stdout);
	}
	fputs("}}\n", stdout);
}

static void
print_stats(const struct options *o, const char *name,
    const struct stats *s, int first)
{
	if (o->json) {
		print_json(name, s);
		return;
	}
	if (!first)
		putchar('\n');
	print_text(name != NULL ? name : "total", s);
}

/*
 * Counts one input into s and shows it.  Returns the exit status it
 * deserves; an input that cannot be opened is not shown.
 */
static int
count_input(const struct options *o, const char *path, struct stats *s,
    int *shown)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	int		 fd, k, status = EXIT_VALID;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		s->games++;
		if (qttt_record_play(&rec, &game) > 0) {
			s->invalid++;
			status = EXIT_INVALID;
			if (!o->quiet)
				show_record_diags(stderr, name, &rec, 0);
		} else if (rec.has_start)
			s->positions++;
		else
			count_game(s, &game);
	}
	if (k == -1 || s->games == 0)
		status = end_input(name, k, &rec, s->games, o->quiet, 0);
	close_reader(r, fd);
	print_stats(o, name, s, (*shown)++ == 0);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format",	required_argument,	NULL, 'f' },
		{ "from",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "output",	required_argument,	NULL, 'T' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	static struct stats total, one;
	struct options	 o;
	int		 ch, status = EXIT_VALID, s, i, shown = 0;

	start_tool(argv);
	memset(&o, 0, sizeof(o));
	while ((ch = getopt_long(argc, argv, "f:hqT:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			if ((s = format_option(usage, "input ", optarg,
			    &o.format)) != 0)
				return s;
			break;
		case 'h':
			help();
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'T':
			if (strcmp(optarg, "json") == 0)
				o.json = 1;
			else if (strcmp(optarg, "text") == 0)
				o.json = 0;
			else
				return usage_error(usage, "unknown output "
				    "format '%s': it is one of "
				    TARGET_NAMES, optarg);
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
		status = count_input(&o, "-", &one, &shown);
	for (i = 0; i < argc; i++) {
		memset(&one, 0, sizeof(one));
		if ((s = count_input(&o, argv[i], &one, &shown)) > status)
			status = s;
		add_stats(&total, &one);
	}
	if (argc > 1)
		print_stats(&o, NULL, &total, shown == 0);
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
