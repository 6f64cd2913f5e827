/*
 * The solver's benchmark driver (bench-solve.sh), on one thread:
 *
 *	solve-bench empty	the empty board: its value and the value of
 *				every first move, then its principal
 *				variation for the record
 *	solve-bench FILE	every position of every game of FILE (line
 *				notation), the value of every legal action
 *
 * Prints the figures and the user CPU time of each part in seconds.
 */
#include <sys/resource.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"

static double
user_time(void)
{
	struct rusage	 ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
}

static int
empty(struct qttt_solver *sv)
{
	struct qttt_state st;
	struct qttt_analysis an;
	double		 t0, t1, t2;
	size_t		 i;

	qttt_state_init(&st);
	t0 = user_time();
	if (qttt_solver_analyze(sv, &st, 0, &an, NULL) != QTTT_OK)
		return 1;
	t1 = user_time();
	printf("empty board: value %d, first moves:", an.value);
	for (i = 0; i < an.nactions; i++)
		printf(" %d", an.values[i]);
	printf("\nempty board user %.3f\n", t1 - t0);
	if (qttt_solver_analyze(sv, &st, QTTT_SOLVE_PV, &an, NULL) !=
	    QTTT_OK)
		return 1;
	t2 = user_time();
	printf("with its principal variation (%zu plies): user %.3f\n",
	    an.npv, t2 - t0);
	return 0;
}

static int
annotate(struct qttt_solver *sv, const char *path)
{
	struct qttt_record *rec;
	struct qttt_reader *r;
	struct qttt_game g;
	struct qttt_state st;
	struct qttt_analysis an;
	unsigned long	 games = 0, positions = 0, actions = 0;
	double		 t0;
	size_t		 p;
	int		 fd, status = 0;

	if ((fd = open(path, O_RDONLY)) == -1) {
		perror(path);
		return 1;
	}
	if ((rec = malloc(sizeof(*rec))) == NULL ||
	    (r = qttt_reader_open(fd, QTTT_FORMAT_AUTO)) == NULL) {
		perror("solve-bench");
		return 1;
	}
	t0 = user_time();
	while (qttt_reader_next(r, rec) == 1) {
		if (qttt_record_play(rec, &g) != 0) {
			status = 1;
			continue;
		}
		games++;
		for (p = 0; p < g.nplies; p++) {
			qttt_game_state_at(&g, p, &st);
			if (qttt_solver_analyze(sv, &st, 0, &an, NULL) !=
			    QTTT_OK)
				status = 1;
			positions++;
			actions += an.nactions;
		}
	}
	printf("%lu games, %lu positions, %lu actions valued: user %.3f\n",
	    games, positions, actions, user_time() - t0);
	qttt_reader_close(r);
	close(fd);
	free(rec);
	return status;
}

int
main(int argc, char *argv[])
{
	struct qttt_solver *sv;
	int		 status;

	if (argc != 2) {
		fprintf(stderr, "usage: solve-bench empty | file\n");
		return 2;
	}
	if ((sv = qttt_solver_new(QTTT_SOLVER_TABLE)) == NULL) {
		perror("solve-bench");
		return 2;
	}
	status = strcmp(argv[1], "empty") == 0 ? empty(sv) :
	    annotate(sv, argv[1]);
	qttt_solver_free(sv);
	return status;
}
