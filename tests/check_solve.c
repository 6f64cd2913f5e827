/*
 * The solver (lib/analysis/solve.c): the worked examples, positions one
 * action from the end, the symmetries of the board, the book of early
 * positions, and a plain minimax of the test's own (no table, no
 * symmetry, no pruning, on the rules engine) on random positions.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "analysis/analysis.h"
#include "check_qttt.h"

/* As in check_generate.c: ck_assert only when something fails. */
#define REQUIRE(e) do {							\
	if (!(e))							\
		ck_abort_msg("failed: %s", #e);				\
} while (0)
#define REQUIRE_EQ(a, b) do {						\
	long long a_ = (a), b_ = (b);					\
	if (a_ != b_)							\
		ck_abort_msg("failed: %s == %s (%lld != %lld)", #a, #b,	\
		    a_, b_);						\
} while (0)

/*
 * Random positions for the minimax (test_minimax): runs of NMINIMAX
 * from move 6 on with the plain minimax, and of NPRUNED from move 5 on
 * with the pruned one, NPRUNED5 of them at move 5 itself.  make check
 * does one run of each, make check-full (which .ci/run runs) all
 * NMINIMAXRUNS, each from a seed of its own.
 */
#define NMINIMAX	250
#define NMINIMAXRUNS	4
#define NPRUNED		500
#define NPRUNED5	25

/* A table small enough for many solvers, big enough to be quick. */
#define TABLE		(8UL * 1024 * 1024)

static int
square(const char *name)
{
	return (name[0] - 'a') + 3 * (name[1] - '1');
}

/* Plays "a1 b2" (a placement) or "X7->a1" (a measurement) on g. */
static void
play(struct qttt_game *g, const char *item)
{
	struct qttt_action a;
	struct qttt_diag d;

	memset(&a, 0, sizeof(a));
	if (item[2] == '-') {
		a.kind = QTTT_MEASURE;
		a.move = item[1] - '0';
		a.sq[0] = a.sq[1] = square(item + 4);
	} else {
		a.kind = QTTT_PLACE;
		a.move = g->state.next;
		a.sq[0] = square(item);
		a.sq[1] = item[2] == ' ' ? square(item + 3) : a.sq[0];
	}
	ck_assert_msg(qttt_game_play(g, &a, &d) == QTTT_OK, "%s: %s", item,
	    d.msg);
}

static void
play_all(struct qttt_game *g, const char *const *items)
{
	qttt_game_init(g);
	for (; *items != NULL; items++)
		play(g, *items);
}

static int
result_value(const struct qttt_result *r)
{
	return (int)r->score[QTTT_X] - r->score[QTTT_O];
}

/*
 * The test's own minimax: every action of the engine, to the end of
 * the game, X taking the largest value and O the smallest.  Other
 * suites take it for the values of late positions (check_qttt.h).
 */
int
minimax(const struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state next;
	size_t		 n, i;
	int		 v, best = 0, x = qttt_state_turn(st) == QTTT_X;

	if (st->result.over)
		return result_value(&st->result);
	n = qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		next = *st;
		REQUIRE(qttt_state_apply(&next, &acts[i], NULL) == QTTT_OK);
		v = minimax(&next);
		if (i == 0 || (x ? v > best : v < best))
			best = v;
	}
	return best;
}

/*
 * The same minimax with alpha-beta pruning, still on the engine alone
 * (no table, no symmetry): the value of st if it lies between alpha
 * and beta, else a bound beyond the one it crosses; from a window
 * wider than every value, the value itself.  Moves 5 to 9 take the
 * plain minimax about a second; this, some milliseconds.
 */
#define BELOW_ALL	(QTTT_VALUE_MIN - 1)
#define ABOVE_ALL	(QTTT_VALUE_MAX + 1)

static int
pruned(const struct qttt_state *st, int alpha, int beta)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state next;
	size_t		 n, i;
	int		 v, best, x = qttt_state_turn(st) == QTTT_X;

	if (st->result.over)
		return result_value(&st->result);
	n = qttt_state_actions(st, acts);
	best = x ? BELOW_ALL : ABOVE_ALL;
	for (i = 0; i < n && alpha < beta; i++) {
		next = *st;
		REQUIRE(qttt_state_apply(&next, &acts[i], NULL) == QTTT_OK);
		v = pruned(&next, alpha, beta);
		if (x ? v > best : v < best)
			best = v;
		if (x && best > alpha)
			alpha = best;
		if (!x && best < beta)
			beta = best;
	}
	return best;
}

/* A random state of a random game, its next move at least from. */
static void
random_state(struct qttt_generator *gen, int from, struct qttt_state *st)
{
	struct qttt_game g;
	size_t		 first, ply;

	do {
		qttt_generator_game(gen, &g);
		for (first = 0; first < g.nplies; first++) {
			qttt_game_state_at(&g, first, st);
			if (st->next >= from)
				break;
		}
	} while (first >= g.nplies);
	ply = first + qttt_generator_uniform(gen, g.nplies - first);
	qttt_game_state_at(&g, ply, st);
}

/* ------------------------------------------------------------------ */

START_TEST(test_result_of_value)
{
	static const char *const text[] = {
		"0-1", "1/2-1", "0-0", "1-1/2", "1-0", "3/2-0", "2-0"
	};
	struct qttt_result r;
	char		 buf[16];
	int		 v;

	for (v = QTTT_VALUE_MIN; v <= QTTT_VALUE_MAX; v++) {
		ck_assert_int_eq(qttt_solver_result(QTTT_RULES_GOFF, v, &r),
		    0);
		ck_assert_int_eq(r.over, 1);
		ck_assert_int_eq(result_value(&r), v);
		qttt_result_format(&r, buf, sizeof(buf));
		ck_assert_str_eq(buf, text[v - QTTT_VALUE_MIN]);
	}
	memset(&r, 0, sizeof(r));
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_GOFF, QTTT_VALUE_MIN - 1,
	    &r), -1);
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_GOFF, QTTT_VALUE_MAX + 1,
	    &r), -1);
	ck_assert_int_eq(r.over, 0);
}
END_TEST

/* NPROFILES is every switch and every preset. */
START_TEST(test_profile_count)
{
	unsigned int	 rules;
	size_t		 n = 0, k;

	for (k = 0; qttt_rules_switch(k, &rules) != NULL; k++)
		n++;
	for (k = 0; qttt_rules_preset(k, &rules) != NULL; k++)
		n++;
	ck_assert_int_eq(n, NPROFILES);
}
END_TEST

/*
 * Under every profile a value stands for a result exactly when some
 * result of the profile has that difference; 0 is the profile's draw.
 */
START_TEST(test_result_of_value_profiles)
{
	struct qttt_result r, nth;
	unsigned int	 rules;
	int		 v, i, some;

	for (rules = 0; rules <= QTTT_RULES_MAX; rules++) {
		if (!qttt_rules_valid(rules))
			continue;
		for (v = QTTT_VALUE_MIN; v <= QTTT_VALUE_MAX; v++) {
			for (some = 0, i = 0; i < QTTT_NRESULTS; i++) {
				qttt_result_nth(i, &nth);
				some |= qttt_rules_result_possible(rules,
				    &nth) && result_value(&nth) == v;
			}
			memset(&r, 0, sizeof(r));
			REQUIRE_EQ(qttt_solver_result(rules, v, &r), some - 1);
			if (!some)
				continue;
			REQUIRE(qttt_rules_result_possible(rules, &r));
			REQUIRE_EQ(result_value(&r), v);
			if (v == 0)
				REQUIRE_EQ(r.score[QTTT_X], (rules &
				    QTTT_RULES_DRAW_HALF) ? 1 : 0);
		}
	}
}
END_TEST

/* Published: X wins 1-1/2 with perfect play. */
START_TEST(test_empty_board)
{
	struct qttt_solver *sv;
	struct qttt_state st;
	struct qttt_analysis an;
	struct qttt_result r;
	char		 buf[16];
	size_t		 i;
	int		 v;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	qttt_state_init(&st);
	ck_assert_int_eq(qttt_solver_value(sv, &st, &v, NULL), QTTT_OK);
	ck_assert_int_eq(v, 1);
	qttt_solver_result(QTTT_RULES_GOFF, v, &r);
	qttt_result_format(&r, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1-1/2");
	ck_assert_int_eq(qttt_solver_analyze(sv, &st, 0, &an, NULL),
	    QTTT_OK);
	ck_assert_int_eq(an.value, 1);
	ck_assert_uint_eq(an.nactions, 36);
	ck_assert_uint_eq(an.npv, 0);
	ck_assert_uint_gt(an.nbest, 0);
	for (i = 0; i < an.nbest; i++)
		ck_assert_int_eq(an.values[an.best[i]], 1);
	for (i = 0; i < an.nactions; i++)
		ck_assert_int_le(an.values[i], 1);
	qttt_solver_free(sv);
}
END_TEST

/*
 * Rules example 3 (Goff's Fig. 8): O measures the 2-cycle of X1 and
 * X7.  X7->a1 gives 1/2-1, X7->b2 gives 1-1/2: O takes the first.
 */
START_TEST(test_fig8)
{
	static const char *const items[] = {
		"a1 b2", "c1 b2", "a2 b2", "b2 c2", "b2 a3", "b2 c3",
		"a1 b2", NULL
	};
	struct qttt_solver *sv;
	struct qttt_game g;
	struct qttt_analysis an;
	struct qttt_state st;
	char		 buf[32];

	play_all(&g, items);
	ck_assert_int_eq(g.state.pending, 7);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_O);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_int_eq(qttt_solver_analyze(sv, &g.state, QTTT_SOLVE_PV,
	    &an, NULL), QTTT_OK);
	ck_assert_int_eq(an.value, -1);
	ck_assert_uint_eq(an.nactions, 2);
	qttt_action_format(&an.actions[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "measure X7->a1");
	ck_assert_int_eq(an.values[0], -1);
	qttt_action_format(&an.actions[1], buf, sizeof(buf));
	ck_assert_str_eq(buf, "measure X7->b2");
	ck_assert_int_eq(an.values[1], 1);
	ck_assert_uint_eq(an.nbest, 1);
	ck_assert_uint_eq(an.best[0], 0);
	ck_assert_uint_eq(an.npv, 1);
	qttt_action_format(&an.pv[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "measure X7->a1");
	st = g.state;
	qttt_state_apply(&st, &an.pv[0], NULL);
	qttt_result_format(&st.result, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1/2-1");
	qttt_solver_free(sv);
}
END_TEST

/* Rules example 4: the forced X9 and a double line, 2-0. */
START_TEST(test_forced_double_line)
{
	static const char *const items[] = {
		"a1 b1", "b1 c1", "c1 c2", "c2 c3", "b3 c3", "a3 b3",
		"a2 a3", "a1 a2", "O8->a2", NULL
	};
	struct qttt_solver *sv;
	struct qttt_game g;
	struct qttt_analysis an;
	char		 buf[32];

	play_all(&g, items);
	ck_assert(qttt_state_forced(&g.state));
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_int_eq(qttt_solver_analyze(sv, &g.state, QTTT_SOLVE_PV,
	    &an, NULL), QTTT_OK);
	ck_assert_int_eq(an.value, 4);
	ck_assert_uint_eq(an.nactions, 1);
	ck_assert_uint_eq(an.npv, 1);
	qttt_action_format(&an.pv[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "X9 b2");
	qttt_solver_free(sv);
}
END_TEST

/* A game over: its result's value, and nothing to play. */
START_TEST(test_game_over)
{
	static const char *const items[] = {
		"a1 b1", "b1 b2", "b2 c3", "b3 c3", "c2 c3", "a1 b2",
		"O6->b2", NULL
	};
	struct qttt_solver *sv;
	struct qttt_game g;
	struct qttt_analysis an;
	int		 v;

	play_all(&g, items);
	ck_assert(g.state.result.over);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(0));
	ck_assert_int_eq(qttt_solver_value(sv, &g.state, &v, NULL), QTTT_OK);
	ck_assert_int_eq(v, -2);
	ck_assert_int_eq(qttt_solver_analyze(sv, &g.state, QTTT_SOLVE_PV,
	    &an, NULL), QTTT_OK);
	ck_assert_int_eq(an.value, -2);
	ck_assert_uint_eq(an.nactions, 0);
	ck_assert_uint_eq(an.nbest, 0);
	ck_assert_uint_eq(an.npv, 0);
	qttt_solver_free(sv);
}
END_TEST

/* A state the rules cannot reach is refused, the analysis untouched. */
START_TEST(test_bad_state)
{
	struct qttt_solver *sv;
	struct qttt_state st;
	struct qttt_analysis an, before;
	struct qttt_diag d;
	int		 v = 99;

	qttt_state_init(&st);
	st.board[0] = 2;	/* an O mark with no move made */
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	memset(&an, 0x5a, sizeof(an));
	before = an;
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(qttt_solver_value(sv, &st, &v, &d), QTTT_E_STATE);
	ck_assert_int_eq(v, 99);
	ck_assert(d.msg[0] != '\0');
	ck_assert_int_eq(qttt_solver_analyze(sv, &st, QTTT_SOLVE_PV, &an,
	    NULL), QTTT_E_STATE);
	ck_assert(memcmp(&an, &before, sizeof(an)) == 0);
	qttt_solver_free(sv);
	qttt_solver_free(NULL);
}
END_TEST

/*
 * Positions one action from the end: the last state before the end of
 * random finished games.  The action played there is worth the game's
 * result, and the analysis agrees with every action played out.
 */
START_TEST(test_one_from_end)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_game g;
	struct qttt_state st, next;
	struct qttt_analysis an;
	size_t		 i, k;
	int		 games;

	qttt_generator_init(&gen, 11, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (games = 0; games < 2000; games++) {
		qttt_generator_game(&gen, &g);
		qttt_game_state_at(&g, g.nplies - 1, &st);
		REQUIRE(qttt_solver_analyze(sv, &st, QTTT_SOLVE_PV, &an,
		    NULL) == QTTT_OK);
		for (i = 0; i < an.nactions; i++)
			if (memcmp(&an.actions[i], &g.plies[g.nplies - 1],
			    sizeof(an.actions[i])) == 0)
				break;
		REQUIRE(i < an.nactions);
		REQUIRE_EQ(an.values[i], result_value(&g.state.result));
		for (i = 0; i < an.nactions; i++) {
			next = st;
			REQUIRE(qttt_state_apply(&next, &an.actions[i],
			    NULL) == QTTT_OK);
			REQUIRE_EQ(an.values[i], minimax(&next));
		}
		REQUIRE_EQ(an.value, minimax(&st));
		/* The variation plays out to the position's value. */
		for (k = 0; k < an.npv; k++)
			REQUIRE(qttt_state_apply(&st, &an.pv[k], NULL) ==
			    QTTT_OK);
		REQUIRE(st.result.over);
		REQUIRE_EQ(result_value(&st.result), an.value);
	}
	qttt_solver_free(sv);
}
END_TEST

/*
 * QTTT_SOLVE_BEST values the best actions alone, and finds the same
 * value, best actions and variation as the whole analysis, which a
 * solver of its own makes (so that the table of one cannot help the
 * other), on random positions from move 1 on.
 */
START_TEST(test_best_only)
{
	struct qttt_generator gen;
	struct qttt_solver *sv, *whole;
	struct qttt_state st;
	struct qttt_analysis an, full;
	size_t		 i;
	int		 n;

	qttt_generator_init(&gen, 14, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_ptr_nonnull(whole = qttt_solver_new(TABLE));
	for (n = 0; n < 600; n++) {
		random_state(&gen, 1 + n % 9, &st);
		REQUIRE(qttt_solver_analyze(sv, &st, QTTT_SOLVE_PV |
		    QTTT_SOLVE_BEST, &an, NULL) == QTTT_OK);
		REQUIRE(qttt_solver_analyze(whole, &st, QTTT_SOLVE_PV, &full,
		    NULL) == QTTT_OK);
		REQUIRE_EQ(an.value, full.value);
		REQUIRE_EQ((int)an.nactions, (int)full.nactions);
		REQUIRE_EQ((int)an.nbest, (int)full.nbest);
		REQUIRE(memcmp(an.best, full.best, an.nbest) == 0);
		REQUIRE_EQ((int)an.npv, (int)full.npv);
		REQUIRE(memcmp(an.pv, full.pv, an.npv * sizeof(an.pv[0])) ==
		    0);
		for (i = 0; i < an.nactions; i++)
			REQUIRE_EQ(an.values[i], full.values[i] == full.value ?
			    full.value : QTTT_NOVALUE);
	}
	qttt_solver_free(sv);
	qttt_solver_free(whole);
}
END_TEST

/* The image of a state under symmetry k, with the test's own map. */
static void
transform(const struct qttt_state *st, int k, struct qttt_state *out)
{
	static const char *const maps[8] = {
		"012345678", "630741852", "876543210", "258147036",
		"210543876", "678345012", "036147258", "852741630"
	};
	int	 m, s, a, b;

	*out = *st;
	memset(out->board, 0, sizeof(out->board));
	for (s = 0; s < QTTT_NSQUARES; s++)
		out->board[maps[k][s] - '0'] = st->board[s];
	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		if (st->where[m][0] == QTTT_NOSQUARE)
			continue;
		a = maps[k][st->where[m][0]] - '0';
		b = maps[k][st->where[m][1]] - '0';
		out->where[m][0] = a < b ? a : b;
		out->where[m][1] = a < b ? b : a;
	}
}

START_TEST(test_symmetry)
{
	struct qttt_generator gen;
	struct qttt_solver *sv, *fresh;
	struct qttt_state st, img;
	struct reduced_key ks, ki;
	int		 i, k, v, w;

	qttt_generator_init(&gen, 12, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_ptr_nonnull(fresh = qttt_solver_new(64 * 1024));
	for (i = 0; i < 300; i++) {
		random_state(&gen, 5, &st);
		REQUIRE(qttt_solver_value(sv, &st, &v, NULL) == QTTT_OK);
		for (k = 0; k < 8; k++) {
			transform(&st, k, &img);
			REQUIRE(qttt_state_check(&img, NULL) == QTTT_OK);
			/* The same key, and the same value searched anew. */
			qttt__analysis_solver_key(sv, &img, &ki);
			qttt__analysis_solver_key(sv, &st, &ks);
			REQUIRE(ki.hi == ks.hi && ki.lo == ks.lo);
			qttt_solver_clear(fresh);
			REQUIRE(qttt_solver_value(fresh, &img, &w, NULL) ==
			    QTTT_OK);
			REQUIRE_EQ(w, v);
		}
	}
	qttt_solver_free(sv);
	qttt_solver_free(fresh);
}
END_TEST

/*
 * The independent check: the solver against a minimax of the test's
 * own on random positions, every action's value and the position's:
 * the plain minimax from move 6 on, and the pruned one, itself checked
 * against the plain one there, on thousands of positions from move 5
 * on.
 */
static void
against(struct qttt_solver *sv, const struct qttt_state *st,
    int (*mm)(const struct qttt_state *))
{
	struct qttt_state next;
	struct qttt_analysis an;
	size_t		 i;
	int		 v, best = 0, x = qttt_state_turn(st) == QTTT_X;

	REQUIRE(qttt_solver_analyze(sv, st, 0, &an, NULL) == QTTT_OK);
	if (an.nactions == 0) {
		REQUIRE_EQ(an.value, mm(st));
		return;
	}
	for (i = 0; i < an.nactions; i++) {
		next = *st;
		REQUIRE(qttt_state_apply(&next, &an.actions[i], NULL) ==
		    QTTT_OK);
		v = mm(&next);
		REQUIRE_EQ(an.values[i], v);
		if (i == 0 || (x ? v > best : v < best))
			best = v;
	}
	REQUIRE_EQ(an.value, best);
}

int
pruned_value(const struct qttt_state *st)
{
	return pruned(st, BELOW_ALL, ABOVE_ALL);
}

/*
 * The same check under each switch alone and each preset: positions
 * from move 5 on against the pruned minimax (some at move 5), and from
 * move 7 on against the plain one; make check-full runs more.
 */
START_TEST(test_minimax_profiles)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_state st;
	unsigned int	 rules = loop_profile(_i);
	int		 n;

	qttt_generator_init(&gen, 40 + _i, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (n = 0; n < sample_size(40, 200); n++) {
		profile_state(&gen, rules, n % 8 == 0 ? 5 : 6, &st);
		if (n % 8 == 0 && st.next > 5)
			continue;
		against(sv, &st, pruned_value);
	}
	for (n = 0; n < sample_size(10, 40); n++) {
		profile_state(&gen, rules, 7, &st);
		against(sv, &st, minimax);
	}
	qttt_solver_free(sv);
}
END_TEST

/*
 * Every profile (all 192, not only those of the loop tests): the
 * eight images of random positions have one key and one value, the
 * image searched by a fresh solver; the key holds the profile's values
 * (a position under profiles with other values has another key); and
 * one solver that goes from profile to profile with its table full
 * gives the answers of fresh solvers.
 */
START_TEST(test_symmetry_profiles)
{
	struct qttt_generator gen;
	struct qttt_solver *sv, *fresh;
	struct qttt_state st, img, other;
	struct reduced_key ks, ki, ko;
	unsigned int	 rules;
	int		 i, k, v, w, differ = 0;

	qttt_generator_init(&gen, 50, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_ptr_nonnull(fresh = qttt_solver_new(64 * 1024));
	for (rules = 0; rules <= QTTT_RULES_MAX; rules++) {
		if (!qttt_rules_valid(rules))
			continue;
		for (i = 0; i < sample_size(2, 6); i++) {
			profile_state(&gen, rules, 5, &st);
			REQUIRE(qttt_solver_value(sv, &st, &v, NULL) ==
			    QTTT_OK);
			qttt__analysis_solver_key(sv, &st, &ks);
			for (k = 0; k < 8; k++) {
				transform(&st, k, &img);
				REQUIRE(qttt_state_check(&img, NULL) ==
				    QTTT_OK);
				qttt__analysis_solver_key(sv, &img, &ki);
				REQUIRE(ki.hi == ks.hi && ki.lo == ks.lo);
				qttt_solver_clear(fresh);
				REQUIRE(qttt_solver_value(fresh, &img, &w,
				    NULL) == QTTT_OK);
				REQUIRE_EQ(w, v);
			}
			/* Goff's rules for the same moves, if they allow
			 * them: another key unless the values are Goff's. */
			other = st;
			other.rules = QTTT_RULES_GOFF;
			qttt__analysis_solver_key(sv, &other, &ko);
			if ((rules & ~(unsigned int)(QTTT_RULES_DRAW_HALF)) !=
			    QTTT_RULES_GOFF && ks.hi == ko.hi) {
				REQUIRE(ks.lo != ko.lo);
				differ++;
			}
		}
	}
	ck_assert_int_gt(differ, 100);
	qttt_solver_free(sv);
	qttt_solver_free(fresh);
}
END_TEST

START_TEST(test_minimax)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_state st;
	int		 n;

	qttt_generator_init(&gen, 13 + _i, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (n = 0; n < NMINIMAX; n++) {
		random_state(&gen, 6, &st);
		against(sv, &st, minimax);
		REQUIRE_EQ(pruned_value(&st), minimax(&st));
	}
	qttt_solver_free(sv);
}
END_TEST

/* Positions from move 5 on, NPRUNED5 of them at move 5. */
START_TEST(test_minimax_move5)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_state st;
	struct qttt_game g;
	size_t		 ply;
	int		 n, at5 = 0;

	qttt_generator_init(&gen, 20 + _i, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (n = 0; n < NPRUNED; n++) {
		random_state(&gen, 5, &st);
		against(sv, &st, pruned_value);
		at5 += st.next == 5;
	}
	while (at5 < NPRUNED5) {
		qttt_generator_game(&gen, &g);
		for (ply = 0; ply < g.nplies; ply++) {
			qttt_game_state_at(&g, ply, &st);
			if (st.next == 5 && !st.result.over)
				break;
		}
		if (ply == g.nplies)
			continue;
		against(sv, &st, pruned_value);
		at5++;
	}
	qttt_solver_free(sv);
}
END_TEST

/*
 * The same answers, in the same order, whatever the table: none, a
 * small one, a large one, a used one, on threads of their own.
 */
#define NDET	40

struct det_job {
	size_t			 table;
	int			 clear;
	struct qttt_analysis	 an[NDET];
};

static void *
det_run(void *arg)
{
	struct det_job	*job = arg;
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_state st;
	int		 i;

	qttt_generator_init(&gen, 14, 0);
	if ((sv = qttt_solver_new(job->table)) == NULL)
		return NULL;
	for (i = 0; i < NDET; i++) {
		random_state(&gen, 5, &st);
		if (job->clear)
			qttt_solver_clear(sv);
		memset(&job->an[i], 0, sizeof(job->an[i]));
		qttt_solver_analyze(sv, &st, QTTT_SOLVE_PV, &job->an[i], NULL);
	}
	qttt_solver_free(sv);
	return job;
}

START_TEST(test_deterministic)
{
	static struct det_job jobs[4] = {
		{ 0, 0, { { 0 } } }, { 4096, 0, { { 0 } } },
		{ TABLE, 0, { { 0 } } }, { TABLE, 1, { { 0 } } }
	};
	pthread_t	 th[4];
	void		*ret;
	int		 i;

	for (i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, det_run,
		    &jobs[i]), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(pthread_join(th[i], &ret), 0);
		ck_assert_ptr_nonnull(ret);
	}
	for (i = 1; i < 4; i++)
		ck_assert(memcmp(jobs[i].an, jobs[0].an,
		    sizeof(jobs[0].an)) == 0);
	for (i = 0; i < NDET; i++)
		ck_assert_uint_gt(jobs[0].an[i].npv + (jobs[0].an[i].nactions
		    == 0), 0);
}
END_TEST

/*
 * Positions with equal reduced keys have equal values (formats/solver.md):
 * random positions, and the same positions with the numbers of two of
 * one player's moves 1 to 6 exchanged, which the reduced key forgets,
 * each searched anew with no book.
 */
START_TEST(test_reduced_key)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_state st, sw;
	struct reduced_key ks, kw;
	int		 i, a, b, s, v, w, top, pairs = 0;

	qttt_generator_init(&gen, 21, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	qttt_solver_use_book(sv, 0);
	for (i = 0; i < 200; i++) {
		random_state(&gen, 5, &st);
		top = st.next - 1 < 6 ? st.next - 1 : 6;
		for (a = 1; a <= top; a++)
			for (b = a + 2; b <= top; b += 2) {
				sw = st;
				memcpy(sw.where[a], st.where[b], 2);
				memcpy(sw.where[b], st.where[a], 2);
				for (s = 0; s < QTTT_NSQUARES; s++)
					if (st.board[s] == a)
						sw.board[s] = b;
					else if (st.board[s] == b)
						sw.board[s] = a;
				if (st.pending == a)
					sw.pending = b;
				else if (st.pending == b)
					sw.pending = a;
				if (qttt_state_check(&sw, NULL) != QTTT_OK)
					continue;
				qttt__analysis_solver_key(sv, &st, &ks);
				qttt__analysis_solver_key(sv, &sw, &kw);
				REQUIRE(ks.hi == kw.hi && ks.lo == kw.lo);
				qttt_solver_clear(sv);
				REQUIRE(qttt_solver_value(sv, &st, &v, NULL) ==
				    QTTT_OK);
				qttt_solver_clear(sv);
				REQUIRE(qttt_solver_value(sv, &sw, &w, NULL) ==
				    QTTT_OK);
				REQUIRE_EQ(v, w);
				if (memcmp(sw.where, st.where,
				    sizeof(st.where)) != 0)
					pairs++;
			}
	}
	ck_assert_int_gt(pairs, 100);
	qttt_solver_free(sv);
}
END_TEST

/*
 * The book (solve_book.c): every early position is in it, and a sample
 * of its entries is what the live search with no book finds.
 */
START_TEST(test_book)
{
	struct qttt_generator gen;
	struct qttt_solver *sv, *live;
	struct qttt_state st;
	struct qttt_game g;
	size_t		 ply;
	int		 i, v, w, sampled = 0;

	ck_assert_uint_gt(qttt__analysis_book_size, 0);
	for (i = 1; i < (int)qttt__analysis_book_size; i++)
		ck_assert((qttt__analysis_book[i - 1][0] & ~BOOK_VALUE) <
		    (qttt__analysis_book[i][0] & ~BOOK_VALUE) ||
		    ((qttt__analysis_book[i - 1][0] & ~BOOK_VALUE) ==
		    (qttt__analysis_book[i][0] & ~BOOK_VALUE) &&
		    qttt__analysis_book[i - 1][1] < qttt__analysis_book[i][1]));
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_ptr_nonnull(live = qttt_solver_new(4 * TABLE));
	qttt_solver_use_book(live, 0);
	qttt_generator_init(&gen, 15, 0);
	for (i = 0; i < 2000; i++) {
		qttt_generator_game(&gen, &g);
		for (ply = 0; ply < g.nplies; ply++) {
			qttt_game_state_at(&g, ply, &st);
			if (st.result.over ||
			    st.next > BOOK_MOVES + 1)
				break;
			v = qttt__analysis_book_value(sv, &st);
			REQUIRE(v >= QTTT_VALUE_MIN && v <= QTTT_VALUE_MAX);
			/* The deepest ones are quick to search. */
			if (i % 200 != 0 || st.next != BOOK_MOVES + 1)
				continue;
			REQUIRE(qttt_solver_value(live, &st, &w, NULL) ==
			    QTTT_OK);
			REQUIRE_EQ(w, v);
			sampled++;
		}
	}
	ck_assert_int_gt(sampled, 5);
	/* A position past the book is not in it. */
	random_state(&gen, BOOK_MOVES + 2, &st);
	ck_assert_int_eq(qttt__analysis_book_value(sv, &st), QTTT_VALUE_MIN
	    - 1);
	qttt_solver_free(sv);
	qttt_solver_free(live);
}
END_TEST

/* A random legal action of st, played. */
static void
random_action(struct qttt_generator *gen, struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	size_t		 n = qttt_state_actions(st, acts);

	REQUIRE(n > 0);
	REQUIRE(qttt_state_apply(st, &acts[qttt_generator_uniform(gen, n)],
	    NULL) == QTTT_OK);
}

/*
 * The book under every other preset's profile of values: as deep as
 * qttt__analysis_book_moves() says (BOOK_MOVES_PRESET), every position
 * of random games is in it, one a move deeper is not, and a few of the
 * deepest are what the live search with no book finds; under another
 * profile, not even the empty board is.
 */
START_TEST(test_book_profiles)
{
	struct qttt_generator gen;
	struct qttt_solver *sv, *live;
	struct qttt_state st;
	unsigned int	 r = (unsigned int)_i, p;
	size_t		 i;
	int		 moves, preset = 0, v, w, sampled = 0;

	if (!qttt_rules_valid(r) || qttt__analysis_value_rules(r) != r ||
	    r == QTTT_RULES_GOFF)
		return;
	for (i = 0; qttt_rules_preset(i, &p) != NULL; i++)
		if (qttt__analysis_value_rules(p) == r)
			preset = 1;
	moves = qttt__analysis_book_moves(r);
	ck_assert_int_eq(moves, preset ? BOOK_MOVES_PRESET : -1);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(0));
	if (!preset) {
		qttt_state_init(&st);
		st.rules = (unsigned char)r;
		REQUIRE_EQ(qttt__analysis_book_value(sv, &st),
		    QTTT_VALUE_MIN - 1);
		qttt_solver_free(sv);
		return;
	}
	ck_assert_ptr_nonnull(live = qttt_solver_new(TABLE));
	qttt_solver_use_book(live, 0);
	qttt_generator_init(&gen, 40 + r, 0);
	for (i = 0; i < 30; i++) {
		qttt_state_init(&st);
		st.rules = (unsigned char)r;
		while (!st.result.over && st.next <= moves + 1) {
			v = qttt__analysis_book_value(sv, &st);
			REQUIRE(v >= QTTT_VALUE_MIN && v <= QTTT_VALUE_MAX);
			if (i % 15 == 0 && st.next == moves + 1) {
				REQUIRE(qttt_solver_value(live, &st, &w,
				    NULL) == QTTT_OK);
				REQUIRE_EQ(w, v);
				sampled++;
			}
			random_action(&gen, &st);
		}
		if (!st.result.over && st.pending == 0)
			REQUIRE_EQ(qttt__analysis_book_value(sv, &st),
			    QTTT_VALUE_MIN - 1);
	}
	ck_assert_int_gt(sampled, 0);
	qttt_solver_free(sv);
	qttt_solver_free(live);
}
END_TEST

/*
 * Every preset: the empty board, and every position a move from it, is
 * analysed from the book, at most BOOK_NODES positions searched an
 * action.  (A count of positions,
 * not a time: the engine's answer at the empty board within go
 * movetime 100.)
 */
#define BOOK_NODES	8
START_TEST(test_book_nodes)
{
	struct qttt_solver *sv;
	struct qttt_analysis an;
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state st, one;
	unsigned long long before;
	unsigned int	 r;
	const char	*name;
	size_t		 i, n;

	if ((name = qttt_rules_preset((size_t)_i, &r)) == NULL)
		return;
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	qttt_state_init(&st);
	st.rules = (unsigned char)r;
	before = qttt_solver_nodes(sv);
	REQUIRE(qttt_solver_analyze(sv, &st, QTTT_SOLVE_BEST, &an, NULL) ==
	    QTTT_OK);
	ck_assert_msg(qttt_solver_nodes(sv) - before <= BOOK_NODES *
	    an.nactions, "%s: %llu positions at the empty board", name,
	    qttt_solver_nodes(sv) - before);
	n = qttt_state_actions(&st, acts);
	for (i = 0; i < n; i++) {
		one = st;
		qttt_state_apply(&one, &acts[i], NULL);
		before = qttt_solver_nodes(sv);
		REQUIRE(qttt_solver_analyze(sv, &one, QTTT_SOLVE_BEST, &an,
		    NULL) == QTTT_OK);
		ck_assert_msg(qttt_solver_nodes(sv) - before <= BOOK_NODES *
		    an.nactions, "%s: %llu positions after first move %zu",
		    name, qttt_solver_nodes(sv) - before, i);
	}
	qttt_solver_free(sv);
}
END_TEST

/* Counts the calls of a stop function, which stops at the third. */
static int
third_call(void *arg)
{
	return ++*(int *)arg >= 3;
}

/*
 * qttt_solver_limit(): a query stops within its budget of positions,
 * or at the third time it asks its stop function, with the values it
 * proved before (the best found) and no claim past them; the table
 * keeps nothing false (the same solver, unlimited, then gives the
 * exact answers); the player answers a legal action and no value.
 */
START_TEST(test_limit)
{
	struct qttt_solver *sv, *fresh;
	struct qttt_analysis an, exact;
	struct qttt_generator gen;
	struct qttt_action a;
	struct qttt_state st, next;
	size_t		 i;
	int		 calls = 0, v, w;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	ck_assert_ptr_nonnull(fresh = qttt_solver_new(TABLE));
	qttt_solver_use_book(sv, 0);
	qttt_solver_use_book(fresh, 0);
	qttt_state_init(&st);
	st.rules = QTTT_RULES_DOUBLE_1;
	REQUIRE(qttt_solver_analyze(fresh, &st, QTTT_SOLVE_BEST, &exact,
	    NULL) == QTTT_OK);
	ck_assert(!qttt_solver_stopped(fresh));

	qttt_solver_limit(sv, 1000, NULL, NULL);
	REQUIRE(qttt_solver_value(sv, &st, &v, NULL) == QTTT_OK);
	ck_assert(qttt_solver_stopped(sv));
	ck_assert_uint_le(qttt_solver_nodes(sv), 1000 + 20);
	/* Each query has its budget. */
	REQUIRE(qttt_solver_analyze(sv, &st, QTTT_SOLVE_BEST, &an, NULL) ==
	    QTTT_OK);
	ck_assert(qttt_solver_stopped(sv));
	ck_assert_uint_le(qttt_solver_nodes(sv), 2000 + 40);
	ck_assert_int_eq(an.value, QTTT_NOVALUE);
	ck_assert_uint_eq(an.nbest, 0);
	ck_assert_uint_eq(an.npv, 0);

	qttt_solver_limit(sv, 0, third_call, &calls);
	REQUIRE(qttt_solver_analyze(sv, &st, QTTT_SOLVE_BEST, &an, NULL) ==
	    QTTT_OK);
	ck_assert(qttt_solver_stopped(sv));
	ck_assert_int_eq(calls, 3);
	/* What it gives is proven: each best action's value is exact. */
	for (i = 0; i < an.nbest; i++) {
		next = st;
		qttt_state_apply(&next, &an.actions[an.best[i]], NULL);
		REQUIRE(qttt_solver_value(fresh, &next, &w, NULL) == QTTT_OK);
		ck_assert_int_eq(an.value, w);
	}
	qttt_generator_init(&gen, 1, 0);
	REQUIRE(qttt_level_choose(sv, &gen, QTTT_LEVEL_PERFECT, &st, &a, &v,
	    NULL) == QTTT_OK);
	ck_assert_int_eq(v, QTTT_NOVALUE);
	REQUIRE(qttt_state_legal(&st, &a, NULL) == QTTT_OK);

	/* No limit: the exact answers, from what the table kept. */
	qttt_solver_limit(sv, 0, NULL, NULL);
	REQUIRE(qttt_solver_analyze(sv, &st, QTTT_SOLVE_BEST, &an, NULL) ==
	    QTTT_OK);
	ck_assert(!qttt_solver_stopped(sv));
	ck_assert_int_eq(an.value, exact.value);
	ck_assert_uint_eq(an.nbest, exact.nbest);
	ck_assert_mem_eq(an.best, exact.best, exact.nbest);
	qttt_solver_free(sv);
	qttt_solver_free(fresh);
}
END_TEST

/*
 * The table of formats/rules.md, "Values of the empty board" (made by
 * tests/bench/solve-bench profiles): each row's value, result and
 * counts of first moves against the solver with no book; every preset
 * and every switch has its row.  make check takes every third row,
 * make check-full all.
 */
START_TEST(test_empty_board_table)
{
	struct qttt_solver *sv;
	struct qttt_state st;
	struct qttt_analysis an;
	struct qttt_result r;
	char		 line[256], name[64], res[16], want[16];
	unsigned int	 rules;
	size_t		 i;
	int		 v, keep, zero, n = 0, in = 0, k[2];
	FILE		*f;

	ck_assert_ptr_nonnull(f = fopen("formats/rules.md", "r"));
	while (fgets(line, sizeof(line), f) != NULL) {
		if (line[0] == '#')	/* a heading: this one, or past it */
			in = strcmp(line + strspn(line, "#"), " Values of the "
			    "empty board\n") == 0;
		if (!in || sscanf(line, "| `%63[^`]` | %d | %15s | %d | %d |",
		    name, &v, want, &keep, &zero) != 5)
			continue;
		ck_assert_int_eq(qttt_rules_parse(name, strlen(name), &rules,
		    NULL), 0);
		if (n++ % sample_size(3, 1) != 0)
			continue;
		ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
		qttt_solver_use_book(sv, 0);
		qttt_state_init(&st);
		st.rules = rules;
		ck_assert_int_eq(qttt_solver_analyze(sv, &st, 0, &an, NULL),
		    QTTT_OK);
		ck_assert_int_eq(qttt_solver_result(rules, an.value, &r), 0);
		qttt_result_format(&r, res, sizeof(res));
		k[0] = k[1] = 0;
		for (i = 0; i < an.nactions; i++) {
			k[0] += an.values[i] == an.value;
			k[1] += an.values[i] == 0;
		}
		ck_assert_msg(an.value == v && strcmp(res, want) == 0 &&
		    k[0] == keep && k[1] == zero, "%s: %d %s %d %d, the "
		    "table says %d %s %d %d", name, an.value, res, k[0], k[1],
		    v, want, keep, zero);
		qttt_solver_free(sv);
	}
	fclose(f);
	ck_assert_int_eq(n, NPROFILES);
}
END_TEST

/*
 * The time of an engine's search for a go (qttt_level_time()): each
 * case of movetime and clock, the least of the two, at most half the
 * clock, 90% of it, and no limit with infinite or neither.
 */
static const struct {
	struct qttt_go_time	 t;
	long long		 ms;
} go_times[] = {
	{ { 0, 0, 0, 0, 0, 0 }, -1 },
	{ { 1, 1000, 0, 0, 0, 1 }, -1 },		/* infinite */
	{ { 0, 0, 1, 60000, 0, 1 }, -1 },
	{ { 1, 1000, 0, 0, 0, 0 }, 900 },
	{ { 1, 0, 0, 0, 0, 0 }, 0 },
	{ { 1, 5000000000ULL, 0, 0, 0, 0 }, 900000000 }, /* at most 10^9 */
	{ { 0, 0, 1, 60000, 0, 0 }, 2700 },		/* a twentieth */
	{ { 0, 0, 1, 60000, 1000, 0 }, 3600 },		/* and the increment */
	{ { 0, 0, 1, 1000, 5000, 0 }, 450 },		/* at most half */
	{ { 0, 0, 1, 0, 0, 0 }, 0 },
	{ { 0, 0, 1, 1000060000ULL, 0, 0 }, 2700 },	/* modulo 10^9 */
	{ { 1, 1000, 1, 60000, 0, 0 }, 900 },		/* the movetime */
	{ { 1, 5000, 1, 60000, 0, 0 }, 2700 },		/* the clock's share */
};

START_TEST(test_level_time)
{
	ck_assert_int_eq(qttt_level_time(&go_times[_i].t), go_times[_i].ms);
}
END_TEST

/*
 * Warmed under a profile with no book, the solver values the empty
 * board within a few hundred positions, as an engine's first go after
 * isready; not warmed, or at the random level, it does not.
 */
START_TEST(test_level_warm)
{
	struct qttt_solver *sv;
	struct qttt_generator gen;
	struct qttt_state st;
	struct qttt_action a;
	unsigned int	 rules;
	int		 v;

	REQUIRE(qttt_rules_parse("double=1", 8, &rules, NULL) == 0);
	qttt_state_init(&st);
	st.rules = rules;
	qttt_generator_init(&gen, 1, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	REQUIRE(qttt_level_warm(sv, QTTT_LEVEL_RANDOM, rules, NULL) ==
	    QTTT_OK);
	qttt_solver_limit(sv, 300, NULL, NULL);
	REQUIRE(qttt_level_choose(sv, &gen, QTTT_LEVEL_PERFECT, &st, &a, &v,
	    NULL) == QTTT_OK);
	ck_assert(qttt_solver_stopped(sv));
	ck_assert_int_eq(v, QTTT_NOVALUE);

	REQUIRE(qttt_level_warm(sv, QTTT_LEVEL_WEAK, rules, NULL) == QTTT_OK);
	ck_assert(!qttt_solver_stopped(sv));
	qttt_solver_limit(sv, 300, NULL, NULL);
	REQUIRE(qttt_level_choose(sv, &gen, QTTT_LEVEL_PERFECT, &st, &a, &v,
	    NULL) == QTTT_OK);
	ck_assert(!qttt_solver_stopped(sv));
	ck_assert_int_ne(v, QTTT_NOVALUE);
	qttt_solver_free(sv);
}
END_TEST

Suite *
solve_suite(void)
{
	Suite	*s = suite_create("solve");
	TCase	*tc = tcase_create("solve");

	/* Searches: tests/valgrind.sh leaves them to the other runs. */
	tcase_set_tags(tc, "search");

	tcase_add_test(tc, test_result_of_value);
	tcase_add_test(tc, test_result_of_value_profiles);
	tcase_add_test(tc, test_profile_count);
	tcase_add_test(tc, test_empty_board);
	tcase_add_test(tc, test_fig8);
	tcase_add_test(tc, test_forced_double_line);
	tcase_add_test(tc, test_game_over);
	tcase_add_test(tc, test_bad_state);
	tcase_add_test(tc, test_one_from_end);
	tcase_add_test(tc, test_best_only);
	tcase_add_test(tc, test_symmetry);
	tcase_add_loop_test(tc, test_minimax, 0,
	    sample_size(1, NMINIMAXRUNS));
	tcase_add_loop_test(tc, test_minimax_move5, 0,
	    sample_size(1, NMINIMAXRUNS));
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_book);
	tcase_add_loop_test(tc, test_book_profiles, 0, QTTT_RULES_MAX + 1);
	tcase_add_loop_test(tc, test_book_nodes, 0, 16);
	tcase_add_test(tc, test_limit);
	tcase_add_loop_test(tc, test_minimax_profiles, 0, NPROFILES);
	tcase_add_test(tc, test_symmetry_profiles);
	tcase_add_test(tc, test_empty_board_table);
	tcase_add_test(tc, test_reduced_key);
	tcase_add_loop_test(tc, test_level_time, 0,
	    sizeof(go_times) / sizeof(go_times[0]));
	tcase_add_test(tc, test_level_warm);
	suite_add_tcase(s, tc);
	return s;
}
