/*
 * Writes the shipped test suite (suites/qttt.suite, make suite): test
 * positions for engines found in seeded random games and answered by
 * the solver, in six groups: measurements with one good outcome,
 * 2-cycles, the forced X9, double lines, early moves and late moves.
 * Each position lists its best actions or the actions to avoid,
 * whichever are fewer (at most FEW); every answer is proven again
 * by qttt_suite_prove() before it is written.  The same program, the
 * same suite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

/* A list is short enough for a test when it has at most this many. */
#define FEW		3
#define PER_GROUP	12

enum group {
	G_MEASURE = 0,
	G_TWOCYCLE,
	G_FORCED,
	G_DOUBLE,
	G_EARLY,
	G_LATE,
	NGROUPS
};

static const char *const what[NGROUPS] = {
	[G_MEASURE] = "a measurement: one outcome keeps the value",
	[G_TWOCYCLE] = "a 2-cycle",
	[G_FORCED] = "the forced X9",
	[G_DOUBLE] = "a double line for X",
	[G_EARLY] = "an early move",
	[G_LATE] = "a late move"
};

static struct qttt_solver *solver;
static unsigned long count[NGROUPS], written;
static uint64_t seen[NGROUPS * PER_GROUP];
static size_t nseen;

/* Whether some best action of st closes a 2-cycle. */
static int
two_cycle(const struct qttt_state *st, const struct qttt_analysis *an)
{
	const struct qttt_action *a;
	size_t		 i;
	int		 m;

	if (st->pending != 0) {
		m = st->pending;
		for (i = 1; i < (size_t)m; i++)
			if (st->where[i][0] == st->where[m][0] &&
			    st->where[i][1] == st->where[m][1])
				return 1;
		return 0;
	}
	for (i = 0; i < an->nbest; i++) {
		a = &an->actions[an->best[i]];
		for (m = 1; m < a->move; m++)
			if (a->kind == QTTT_PLACE && a->sq[0] != a->sq[1] &&
			    st->where[m][0] == a->sq[0] &&
			    st->where[m][1] == a->sq[1])
				return 1;
	}
	return 0;
}

static enum group
classify(const struct qttt_state *st, const struct qttt_analysis *an)
{
	if (qttt_state_forced(st))
		return G_FORCED;
	if (st->pending != 0 && an->nbest == 1)
		return two_cycle(st, an) ? G_TWOCYCLE : G_MEASURE;
	if (two_cycle(st, an))
		return G_TWOCYCLE;
	if (an->value >= 3)
		return G_DOUBLE;
	if (st->next <= 4)
		return G_EARLY;
	if (st->next >= 7)
		return G_LATE;
	return NGROUPS;
}

static void
consider(const struct qttt_state *st)
{
	struct qttt_suite_entry e;
	struct qttt_analysis an;
	struct qttt_diag d;
	char		 line[QTTT_QTP_LINE_MAX];
	uint64_t	 key;
	size_t		 i, nlose;
	enum group	 g;

	if (st->result.over || qttt_solver_analyze(solver, st, 0, &an,
	    NULL) != QTTT_OK)
		return;
	if ((g = classify(st, &an)) == NGROUPS || count[g] == PER_GROUP)
		return;
	nlose = an.nactions - an.nbest;
	if (an.nbest > FEW && (nlose == 0 || nlose > FEW))
		return;
	if (g != G_FORCED && nlose == 0)
		return;
	key = qttt_state_symkey(st, NULL);
	for (i = 0; i < nseen; i++)
		if (seen[i] == key)
			return;
	seen[nseen++] = key;
	memset(&e, 0, sizeof(e));
	e.state = *st;
	e.has_value = 1;
	e.value = an.value;
	/* The shorter list, the best actions on a tie. */
	if (an.nbest <= FEW && (an.nbest <= nlose || nlose == 0)) {
		for (i = 0; i < an.nbest; i++)
			e.best[e.nbest++] = an.actions[an.best[i]];
	} else {
		for (i = 0; i < an.nactions; i++)
			if (an.values[i] != an.value)
				e.avoid[e.navoid++] = an.actions[i];
	}
	snprintf(e.id, sizeof(e.id), "qttt.%03lu", ++written);
	snprintf(e.comment, sizeof(e.comment), "%s", what[g]);
	if (qttt_suite_prove(solver, &e, &d) != QTTT_OK) {
		fprintf(stderr, "suite-gen: %s: %s\n", e.id, d.msg);
		exit(1);
	}
	if (qttt_suite_format(&e, line, sizeof(line)) < 0) {
		fprintf(stderr, "suite-gen: %s cannot be written\n", e.id);
		exit(1);
	}
	printf("%s\n", line);
	count[g]++;
}

int
main(void)
{
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_state st;
	unsigned long	 k;
	size_t		 ply;
	int		 i, full;

	if ((solver = qttt_solver_new(QTTT_SOLVER_TABLE)) == NULL)
		return 1;
	printf("# The test suite of qttt (formats/test-suite.md), written by "
	    "tests/suite-gen.c\n# (make suite): positions of seeded random "
	    "games, every answer proven by\n# the solver.  Score an engine "
	    "on it with qttt-match -x suites/qttt.suite ENGINE.\n");
	qttt_generator_init(&gen, 2026, 0);
	for (k = 0; k < 200000; k++) {
		qttt_generator_game(&gen, &g);
		for (ply = 0; ply < g.nplies; ply++) {
			qttt_game_state_at(&g, ply, &st);
			consider(&st);
		}
		for (i = 0, full = 1; i < NGROUPS; i++)
			if (count[i] < PER_GROUP)
				full = 0;
		if (full)
			break;
	}
	for (i = 0; i < NGROUPS; i++)
		if (count[i] < PER_GROUP)
			fprintf(stderr, "suite-gen: only %lu positions of %s\n",
			    count[i], what[i]);
	qttt_solver_free(solver);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
