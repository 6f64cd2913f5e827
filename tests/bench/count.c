/*
 * count: the figures of formats/counting.md from the empty board, for
 * the benchmarks (tests/bench/bench-count.sh builds it against
 * lib/libqttt.a).
 *
 *	count perft DEPTH	perft 1 to DEPTH, one line each
 *	count games [MIB]	the complete games by result and length,
 *				with a table of MIB MiB (default 1024)
 *
 * Each line ends with the CPU time the count took (clock(3)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "qttt.h"

static double
seconds(clock_t since)
{
	return (double)(clock() - since) / CLOCKS_PER_SEC;
}

static int
perft(unsigned int depth)
{
	struct qttt_state st;
	uint64_t	 n;
	unsigned int	 d;
	clock_t		 t0;

	qttt_state_init(&st);
	for (d = 1; d <= depth; d++) {
		t0 = clock();
		if (qttt_perft(&st, d, &n, NULL) != 0)
			return 1;
		printf("perft %u: %llu histories, %.2f s CPU\n", d,
		    (unsigned long long)n, seconds(t0));
	}
	return 0;
}

static int
games(size_t mib)
{
	static const char *const names[QTTT_NRESULTS] = {
		"1-0", "0-1", "1-1/2", "1/2-1", "3/2-0", "2-0", "0-0"
	};
	struct qttt_state st;
	struct qttt_games g;
	uint64_t	 bylen[QTTT_MAXMOVES + 1], row;
	clock_t		 t0;
	int		 r, l;

	qttt_state_init(&st);
	t0 = clock();
	if (qttt_count_games(&st, mib << 20, &g, NULL) != 0)
		return 1;
	printf("complete games: %llu, %.2f s CPU\n",
	    (unsigned long long)g.total, seconds(t0));
	printf("positions walked %llu, found in the table %llu, "
	    "table entries %llu\n", (unsigned long long)g.positions,
	    (unsigned long long)g.hits, (unsigned long long)g.entries);
	printf("%-6s", "result");
	for (l = 5; l <= QTTT_MAXMOVES; l++)
		printf(" %17s%d", "move ", l);
	printf(" %18s\n", "all");
	memset(bylen, 0, sizeof(bylen));
	for (r = 0; r < QTTT_NRESULTS; r++) {
		printf("%-6s", names[r]);
		for (row = 0, l = 5; l <= QTTT_MAXMOVES; l++) {
			printf(" %18llu", (unsigned long long)g.games[r][l]);
			row += g.games[r][l];
			bylen[l] += g.games[r][l];
		}
		printf(" %18llu\n", (unsigned long long)row);
	}
	printf("%-6s", "all");
	for (l = 5; l <= QTTT_MAXMOVES; l++)
		printf(" %18llu", (unsigned long long)bylen[l]);
	printf(" %18llu\n", (unsigned long long)g.total);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc >= 3 && strcmp(argv[1], "perft") == 0)
		return perft((unsigned int)strtoul(argv[2], NULL, 10));
	if (argc >= 2 && strcmp(argv[1], "games") == 0)
		return games(argc >= 3 ? strtoul(argv[2], NULL, 10) : 1024);
	fprintf(stderr, "usage: count perft depth | count games [mib]\n");
	return 2;
}
