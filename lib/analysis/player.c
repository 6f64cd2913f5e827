/*
 * A player at a chosen strength, for engines and for a computer
 * opponent in a GUI: perfect play (any best action, chosen at random
 * among the best), random play (any legal action), and between them
 * perfect play with a set chance of a random action instead.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"

static const struct {
	const char	*name;
	unsigned int	 random;	/* percent of random actions */
} levels[QTTT_NLEVELS] = {
	[QTTT_LEVEL_PERFECT] =	{ "perfect", 0 },
	[QTTT_LEVEL_STRONG] =	{ "strong", 10 },
	[QTTT_LEVEL_MEDIUM] =	{ "medium", 30 },
	[QTTT_LEVEL_WEAK] =	{ "weak", 60 },
	[QTTT_LEVEL_RANDOM] =	{ "random", 100 }
};

const char *
qttt_level_name(enum qttt_level l)
{
	return (unsigned)l < QTTT_NLEVELS ? levels[l].name : NULL;
}

unsigned int
qttt_level_random(enum qttt_level l)
{
	return (unsigned)l < QTTT_NLEVELS ? levels[l].random : 100;
}

int
qttt_level_parse(const char *s, size_t len, enum qttt_level *l)
{
	unsigned int	 i;

	for (i = 0; i < QTTT_NLEVELS; i++)
		if (strlen(levels[i].name) == len &&
		    memcmp(levels[i].name, s, len) == 0) {
			*l = (enum qttt_level)i;
			return 0;
		}
	return -1;
}

enum qttt_code
qttt_level_choose(struct qttt_solver *solver, struct qttt_generator *gen,
    enum qttt_level l, const struct qttt_state *st, struct qttt_action *a,
    int *value, struct qttt_diag *d)
{
	struct qttt_analysis an;
	struct qttt_action acts[QTTT_MAXACTIONS];
	enum qttt_code	 code;
	unsigned int	 chance = qttt_level_random(l);
	size_t		 n;
	int		 wild;

	*value = QTTT_NOVALUE;
	if ((code = qttt_state_check(st, d)) != QTTT_OK)
		return code;
	if ((n = qttt_state_actions(st, acts)) == 0) {
		if (d != NULL)
			snprintf(d->msg, sizeof(d->msg), "the game is over: "
			    "there is no action to choose");
		return QTTT_E_OVER;
	}
	/* The draw is made at every level but the two ends. */
	wild = chance >= 100 || (chance > 0 &&
	    qttt_generator_uniform(gen, 100) < chance);
	if (solver != NULL && chance < 100) {
		if ((code = qttt_solver_analyze(solver, st, QTTT_SOLVE_BEST,
		    &an, d)) != QTTT_OK)
			return code;
		/* Stopped (qttt_solver_limit()): the best found, and no
		 * claim of a value. */
		if (!qttt_solver_stopped(solver))
			*value = an.value;
		if (!wild && an.nbest > 0) {
			*a = an.actions[an.best[qttt_generator_uniform(gen,
			    an.nbest)]];
			return QTTT_OK;
		}
	}
	*a = acts[qttt_generator_uniform(gen, n)];
	return QTTT_OK;
}

/*
 * The share of its time, in percent, after which a search stops: the
 * rest is for the answer to reach the runner (formats/engine-protocol.md,
 * section 5, "Time").
 */
#define TIME_USED	90
/* Of a clock with no movetime: a twentieth of it, and the increment. */
#define CLOCK_SHARE	20
/* The longest time of a go, in milliseconds (a million seconds). */
#define TIME_MAX	1000000000

long long
qttt_level_time(const struct qttt_go_time *t)
{
	long long	 ms = -1, left, allot;

	if (t->infinite)
		return -1;
	if (t->has_movetime)
		ms = (long long)(t->movetime > TIME_MAX ? TIME_MAX :
		    t->movetime);
	if (t->has_clock) {
		left = (long long)(t->left % TIME_MAX);
		allot = left / CLOCK_SHARE + (long long)(t->inc % TIME_MAX);
		if (allot > left / 2)
			allot = left / 2;
		if (ms < 0 || allot < ms)
			ms = allot;
	}
	return ms >= 0 ? ms * TIME_USED / 100 : -1;
}

enum qttt_code
qttt_level_warm(struct qttt_solver *solver, enum qttt_level l,
    unsigned int rules, struct qttt_diag *d)
{
	struct qttt_analysis an;
	struct qttt_state st;

	if (l == QTTT_LEVEL_RANDOM)
		return QTTT_OK;
	qttt_state_init(&st);
	st.rules = rules;
	qttt_solver_limit(solver, 0, NULL, NULL);
	return qttt_solver_analyze(solver, &st, 0, &an, d);
}
