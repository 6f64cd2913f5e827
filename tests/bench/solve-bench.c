/*
 * The solver's benchmark driver (bench-solve.sh), on one thread:
 *
 *	solve-bench empty	the empty board: its value and the value of
 *				every first move, then its principal
 *				variation for the record
 *	solve-bench profiles	the same under each preset and each switch
 *				alone (qttt_rules_preset, qttt_rules_switch),
 *				with no book and a new solver each: the
 *				table of formats/rules.md, "Values of the
 *				empty board", and the time of each
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

/*
 * One row: the empty board under rules, searched with no book; its
 * CPU time into *t.
 */
static int
profile(const char *name, unsigned int rules, double *t)
{
	struct qttt_solver *sv;
	struct qttt_state st;
	struct qttt_analysis an;
	struct qttt_result r;
	char		 res[16];
	double		 t0;
	size_t		 i;
	int		 n[QTTT_VALUE_MAX - QTTT_VALUE_MIN + 1] = { 0 };

	if ((sv = qttt_solver_new(QTTT_SOLVER_TABLE)) == NULL)
		return 1;
	qttt_solver_use_book(sv, 0);
	qttt_state_init(&st);
	st.rules = rules;
	t0 = user_time();
	if (qttt_solver_analyze(sv, &st, 0, &an, NULL) != QTTT_OK ||
	    qttt_solver_result(rules, an.value, &r) != 0)
		return 1;
	*t = user_time() - t0;
	qttt_result_format(&r, res, sizeof(res));
	for (i = 0; i < an.nactions; i++)
		n[an.values[i] - QTTT_VALUE_MIN]++;
	printf("| `%s` | %d | %s | %d | %d |\n", name, an.value, res,
	    n[an.value - QTTT_VALUE_MIN], n[-QTTT_VALUE_MIN]);
	qttt_solver_free(sv);
	return 0;
}

/*
 * Every preset and every switch alone: the value of the empty board,
 * its result, how many of the 36 first moves keep it and how many are
 * worth 0 (the table of formats/rules.md), then the CPU time of each.
 */
static int
profiles(void)
{
	const char	*name[32];
	unsigned int	 rules;
	double		 t[32], worst = 0;
	size_t		 i, n = 0;
	int		 status = 0;

	printf("| profile | value | result | first moves that keep it | "
	    "first moves worth 0 |\n|---|---:|---|---:|---:|\n");
	for (i = 0; n < 32 && (name[n] = qttt_rules_preset(i, &rules)) !=
	    NULL; i++)
		status |= profile(name[n], rules, &t[n]), n++;
	for (i = 0; n < 32 && (name[n] = qttt_rules_switch(i, &rules)) !=
	    NULL; i++)
		status |= profile(name[n], rules, &t[n]), n++;
	for (i = 0; i < n; i++) {
		printf("%s user %.3f\n", name[i], t[i]);
		if (t[i] > worst)
			worst = t[i];
	}
	printf("slowest profile user %.3f\n", worst);
	return status;
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
		fprintf(stderr, "usage: solve-bench empty | profiles | file\n");
		return 2;
	}
	if ((sv = qttt_solver_new(QTTT_SOLVER_TABLE)) == NULL) {
		perror("solve-bench");
		return 2;
	}
	if (strcmp(argv[1], "profiles") == 0)
		status = profiles();
	else
		status = strcmp(argv[1], "empty") == 0 ? empty(sv) :
		    annotate(sv, argv[1]);
	qttt_solver_free(sv);
	return status;
}
