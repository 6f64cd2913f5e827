/*
 * qttt-generate: print random legal games in canonical line notation,
 * the same games for the same seed on every machine.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-huV] [-n count] [-R profile] [-r result] "
	    "[-s seed]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Print random legal Quantum Tic-Tac-Toe games, one per line.\n"
	    "\n"
	    "  -n, --count=N       print N games (default 1)\n"
	    "  -r, --result=RES    print only games that end RES (1-0, 0-1,"
	    " 1-1/2,\n"
	    "                      1/2-1, 3/2-0, 2-0, 0-0, or * with -u)\n"
	    "  -R, --rules=NAME    the rules of records that name none (goff)\n"
	    "  -s, --seed=SEED     seed the generator, 0 to 2^64-1"
	    " (default 1)\n"
	    "  -u, --unfinished    stop about half the games at a random"
	    " ply\n"
	    "  -h, --help          show this help\n"
	    "  -V, --version       show the version\n"
	    "\n"
	    "Exit status: 0 success, 2 usage or write error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_SUCCESS : EXIT_TROUBLE);
}

/*
 * A result in any of the line notation's spellings (1.5-0), or one of
 * another profile (1/2-1/2) as the library writes it; -1 if not one.
 */
static int
parse_result(const char *s, struct qttt_result *r)
{
	static struct qttt_record rec;

	if (qttt_line_parse(s, strlen(s), 0, &rec) == 1 &&
	    rec.ndiags == 0 && rec.nitems == 1 &&
	    rec.items[0].kind == QTTT_ITEM_RESULT) {
		*r = rec.items[0].result;
		return 0;
	}
	return qttt_result_parse(s, strlen(s), r);
}

static int
same_result(const struct qttt_result *a, const struct qttt_result *b)
{
	return a->over == b->over && a->score[0] == b->score[0] &&
	    a->score[1] == b->score[1];
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "count",	required_argument,	NULL, 'n' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "result",	required_argument,	NULL, 'r' },
		{ "seed",	required_argument,	NULL, 's' },
		{ "unfinished",	no_argument,		NULL, 'u' },
		{ "rules",	required_argument,	NULL, 'R' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	struct qttt_generator gen;
	struct qttt_game game;
	struct qttt_result want = { 0, { 0, 0 } };
	unsigned long long count = 1, seed = 1, i;
	unsigned int	 flags = 0;
	unsigned int	 rules = QTTT_RULES_GOFF;
	const char	*optarg_result = NULL;
	char		 buf[QTTT_RECORD_MAX];
	int		 ch, filter = 0;

	start_tool(argv);
	while ((ch = getopt_long(argc, argv, "hn:R:r:s:uV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'h':
			help();
			break;
		case 'n':
			if (parse_number(optarg, 0, ~0ULL, &count) == -1)
				return usage_error(usage, "not a count of "
				    "games: %s", optarg);
			break;
		case 'r':
			if (parse_result(optarg, &want) == -1)
				return usage_error(usage, "not a result: %s",
				    optarg);
			optarg_result = optarg;
			filter = 1;
			break;
		case 's':
			if ((ch = seed_option(usage, optarg, &seed)) != 0)
				return ch;
			break;
		case 'u':
			flags |= QTTT_GEN_UNFINISHED;
			break;
		case 'R':
			if ((ch = rules_parse_option(usage, optarg,
			    &rules)) != 0)
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
	if (optind < argc)
		return usage_error(usage, "unexpected argument: %s",
		    argv[optind]);
	/* Without -u no game is unfinished: the filter would never pass. */
	if (filter && !want.over && !(flags & QTTT_GEN_UNFINISHED))
		return usage_error(usage, "%s", "-r '*' needs -u: only "
		    "unfinished games have no result");

	if (filter && want.over && !qttt_rules_result_possible(rules,
	    &want)) {
		qttt_rules_format(rules, buf, sizeof(buf));
		return usage_error(usage, "-r %s: no game played by %s ends "
		    "so", optarg_result, buf);
	}

	qttt_generator_init(&gen, seed, flags);
	gen.rules = rules;
	/* Stop early when stdout fails (a full disk), not after N games. */
	for (i = 0; i < count && !ferror(stdout); ) {
		qttt_generator_game(&gen, &game);
		if (filter && !same_result(&game.state.result, &want))
			continue;
		/*
		 * With its rules tag when they are not Goff's; Goff's
		 * through qttt_game_format(), which does not read what it
		 * writes back as the record writer does (0.12 s against
		 * 0.20 s for 200,000 games).
		 */
		if (rules != QTTT_RULES_GOFF)
			qttt_record_write(stdout, QTTT_FORMAT_LINE, &game,
			    NULL, NULL);
		else {
			qttt_game_format(&game, buf, sizeof(buf));
			fputs(buf, stdout);
			putchar('\n');
		}
		i++;
	}
	return finish_output() == 0 ? EXIT_SUCCESS : EXIT_TROUBLE;
}
