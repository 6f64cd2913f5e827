/*
 * Judging moves by perfect play (lib/analysis/annotate.c,
 * formats/analysis-output.md section 1): the rules of the loss and the
 * marks on every pair of values; plies of late positions against the
 * suite's own minimax (check_solve.c); the worked example 3 of
 * formats/rules.md; whole random games against a re-derivation ply by
 * ply from the solver's values; and what lib/output makes of a judged
 * game: the notes of an annotated record, and the analysis writer on a
 * game no record gave.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "output/output.h"
#include "check_qttt.h"

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

#define TABLE		(8UL * 1024 * 1024)

/* Random games judged whole (test_random_games), and positions judged
 * against the minimax (test_minimax). */
#define NGAMES		200
#define NPOSITIONS	40
/* Random lines of play, their marks against the plain judge's, under
 * each profile (test_marks_line): in make check, and make check-full. */
#define NLINES		sample_size(40, 400)

/* A game of the line notation, played; the record lives in here. */
static void
game_of(const char *text, struct qttt_game *g)
{
	static struct qttt_record rec;

	REQUIRE(qttt_line_parse(text, strlen(text), 0, &rec) == 1);
	if (qttt_record_play(&rec, g) != 0) {
		input_dump_diags(text, &rec);
		ck_abort_msg("not a valid game: %s", text);
	}
}

static int
result_value(const struct qttt_result *r)
{
	return (int)r->score[QTTT_X] - r->score[QTTT_O];
}

/* ------------------------------------------------------------------ */
/* The rules on values                                                  */
/* ------------------------------------------------------------------ */

START_TEST(test_glyphs)
{
	ck_assert_str_eq(qttt_mark_glyph(QTTT_MARK_NONE), "");
	ck_assert_str_eq(qttt_mark_glyph(QTTT_MARK_MISTAKE), "?");
	ck_assert_str_eq(qttt_mark_glyph(QTTT_MARK_BLUNDER), "??");
	ck_assert_str_eq(qttt_mark_glyph((enum qttt_mark)7), "");
}
END_TEST

/*
 * The marks of X's moves from every value to every value, as
 * formats/analysis-output.md states them: rows the value before (2-0
 * down to 0-1), columns the value after, in the same order; '.' no
 * mark, '?' a mistake, 'B' a blunder.  A gain is no mark.
 */
static const char x_marks[7][8] = {
	/* after: 2-0 3/2 1-0 1-1/2 0-0 1/2-1 0-1 */
	".?BBBBB",	/* 2-0: 3/2-0 is half a point in a win */
	"..?BBBB",	/* 3/2-0 */
	"...?BBB",	/* 1-0: 1-1/2 still a win, half a point */
	"....BBB",	/* 1-1/2: 0-0 turns the win into a draw */
	".....BB",	/* 0-0: 1/2-1 turns the draw into a loss */
	"......?",	/* 1/2-1: 0-1 half a point within a loss */
	".......",	/* 0-1 */
};

START_TEST(test_marks_x)
{
	int	 b, a, before, after;
	char	 want;
	enum qttt_mark m;

	for (b = 0; b < 7; b++)
		for (a = 0; a < 7; a++) {
			before = QTTT_VALUE_MAX - b;
			after = QTTT_VALUE_MAX - a;
			want = x_marks[b][a];
			m = qttt_mark_of(QTTT_X, before, after);
			if ((want == '.' && m != QTTT_MARK_NONE) ||
			    (want == '?' && m != QTTT_MARK_MISTAKE) ||
			    (want == 'B' && m != QTTT_MARK_BLUNDER))
				ck_abort_msg("X from %d to %d: mark %d, want "
				    "%c", before, after, m, want);
			REQUIRE_EQ(qttt_value_loss(QTTT_X, before, after),
			    a > b ? a - b : 0);
		}
}
END_TEST

/* O's side is X's, the values negated. */
START_TEST(test_marks_o)
{
	int	 before, after;

	for (before = -2; before <= 2; before++)
		for (after = -2; after <= 2; after++) {
			REQUIRE_EQ(qttt_mark_of(QTTT_O, before, after),
			    qttt_mark_of(QTTT_X, -before, -after));
			REQUIRE_EQ(qttt_value_loss(QTTT_O, before, after),
			    qttt_value_loss(QTTT_X, -before, -after));
		}
	/* And plainly, for the examples of the page. */
	REQUIRE_EQ(qttt_mark_of(QTTT_O, 0, 1), QTTT_MARK_BLUNDER);
	REQUIRE_EQ(qttt_mark_of(QTTT_O, 1, 2), QTTT_MARK_MISTAKE);
	REQUIRE_EQ(qttt_mark_of(QTTT_O, -1, 1), QTTT_MARK_BLUNDER);
	REQUIRE_EQ(qttt_mark_of(QTTT_O, -2, -1), QTTT_MARK_MISTAKE);
	REQUIRE_EQ(qttt_value_loss(QTTT_O, -1, 1), 2);
	REQUIRE_EQ(qttt_value_loss(QTTT_O, 1, -1), 0);
}
END_TEST

START_TEST(test_counts_add)
{
	struct qttt_mark_counts to, c;

	memset(&to, 0, sizeof(to));
	c.mistakes[QTTT_X] = 1;
	c.mistakes[QTTT_O] = 2;
	c.blunders[QTTT_X] = 3;
	c.blunders[QTTT_O] = 4;
	qttt_mark_counts_add(&to, &c);
	qttt_mark_counts_add(&to, &c);
	REQUIRE_EQ(to.mistakes[QTTT_X], 2);
	REQUIRE_EQ(to.mistakes[QTTT_O], 4);
	REQUIRE_EQ(to.blunders[QTTT_X], 6);
	REQUIRE_EQ(to.blunders[QTTT_O], 8);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Plies against the minimax                                            */
/* ------------------------------------------------------------------ */

/*
 * Judges every action of st (a position from move 5 on) and checks the
 * values, loss and mark against the pruned minimax, the best actions
 * against the actions that keep the value, and the principal
 * variation by playing it to the end.
 */
static void
judge_all(struct qttt_solver *sv, const struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_judged_ply j;
	struct qttt_state next;
	size_t		 n, i, k, nbest;
	int		 before = pruned_value(st), after;
	enum qttt_player mover = qttt_state_turn(st);

	n = qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		next = *st;
		REQUIRE(qttt_state_apply(&next, &acts[i], NULL) == QTTT_OK);
		after = pruned_value(&next);
		REQUIRE(qttt_judge_ply(sv, st, &acts[i], &j, NULL) ==
		    QTTT_OK);
		REQUIRE_EQ(j.mover, mover);
		REQUIRE_EQ(j.before, before);
		REQUIRE_EQ(j.after, after);
		REQUIRE_EQ(j.loss, mover == QTTT_X ? before - after :
		    after - before);
		REQUIRE_EQ(j.mark, qttt_mark_of(mover, before, after));
	}
	if (n == 0)
		return;
	/* The best actions: those that keep the value, in order. */
	for (i = 0, nbest = 0; i < n; i++) {
		next = *st;
		qttt_state_apply(&next, &acts[i], NULL);
		if (pruned_value(&next) != before)
			continue;
		REQUIRE(nbest < j.an.nbest);
		REQUIRE(qttt_action_equal(&j.an.actions[j.an.best[nbest]],
		    &acts[i]));
		nbest++;
	}
	REQUIRE_EQ(nbest, j.an.nbest);
	/* The principal variation keeps the value to the end. */
	next = *st;
	for (k = 0; k < j.an.npv; k++) {
		REQUIRE(qttt_state_apply(&next, &j.an.pv[k], NULL) ==
		    QTTT_OK);
		REQUIRE_EQ(pruned_value(&next), before);
	}
	REQUIRE(next.result.over);
	REQUIRE_EQ(result_value(&next.result), before);
}

/* Random positions from move 5 on, each action of each judged. */
START_TEST(test_minimax)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_state st;
	struct qttt_game g;
	size_t		 ply;
	int		 n;

	qttt_generator_init(&gen, 41, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (n = 0; n < NPOSITIONS; ) {
		qttt_generator_game(&gen, &g);
		ply = qttt_generator_uniform(&gen, g.nplies);
		qttt_game_state_at(&g, ply, &st);
		if (st.next < 5)
			continue;
		judge_all(sv, &st);
		n++;
	}
	qttt_solver_free(sv);
}
END_TEST

/*
 * The best line of each action of random positions from move 5 on
 * (qttt_best_line()): none for an action that keeps the value; for a
 * mistake or a blunder, a line that starts with another action than
 * the one played, keeps the value before it at every step by the
 * pruned minimax and ends the game with that value as its result; cut
 * to its first plies, the same line's start.
 */
START_TEST(test_best_line)
{
	struct qttt_action acts[QTTT_MAXACTIONS], line[QTTT_MAXPLIES],
			 cut[QTTT_BEST_LINE];
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_judged_ply j;
	struct qttt_state st, next;
	struct qttt_game g;
	size_t		 i, k, n, nacts, marked = 0, longer = 0;
	int		 positions;

	qttt_generator_init(&gen, 43, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (positions = 0; positions < NPOSITIONS; ) {
		qttt_generator_game(&gen, &g);
		qttt_game_state_at(&g, qttt_generator_uniform(&gen,
		    g.nplies), &st);
		if (st.next < 5)
			continue;
		positions++;
		nacts = qttt_state_actions(&st, acts);
		for (i = 0; i < nacts; i++) {
			REQUIRE(qttt_judge_ply(sv, &st, &acts[i], &j, NULL) ==
			    QTTT_OK);
			n = qttt_best_line(&j, QTTT_MAXPLIES, line);
			REQUIRE_EQ(qttt_best_line(&j, 0, line), 0);
			if (j.mark == QTTT_MARK_NONE) {
				REQUIRE_EQ(n, 0);
				continue;
			}
			marked++;
			REQUIRE(n > 0);
			REQUIRE(!qttt_action_equal(&line[0], &acts[i]));
			next = st;
			for (k = 0; k < n; k++) {
				REQUIRE(qttt_state_apply(&next, &line[k],
				    NULL) == QTTT_OK);
				REQUIRE_EQ(pruned_value(&next), j.before);
			}
			REQUIRE(next.result.over);
			REQUIRE_EQ(result_value(&next.result), j.before);
			k = qttt_best_line(&j, QTTT_BEST_LINE, cut);
			REQUIRE_EQ(k, n < QTTT_BEST_LINE ? n : QTTT_BEST_LINE);
			REQUIRE(memcmp(cut, line, k * sizeof(line[0])) == 0);
			longer += n > QTTT_BEST_LINE;
		}
	}
	/* Some lines were cut, and none is judged on nothing. */
	REQUIRE(marked > 0 && longer > 0);
	qttt_solver_free(sv);
}
END_TEST

/* A game played to its end under profile rules, every action at random. */
static void
profile_game(struct qttt_generator *gen, unsigned int rules,
    struct qttt_game *g)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	size_t		 k;

	qttt_game_init(g);
	g->state.rules = rules;
	while ((k = qttt_state_actions(&g->state, acts)) > 0)
		REQUIRE(qttt_game_play(g, &acts[qttt_generator_uniform(gen,
		    k)], NULL) == QTTT_OK);
}

/*
 * The same under each switch alone and each preset; and a game of
 * that profile judged whole has the values of its states by it.
 */
START_TEST(test_profiles)
{
	struct qttt_generator gen;
	struct qttt_solver *sv;
	struct qttt_judged_game j;
	struct qttt_state st;
	struct qttt_game g;
	unsigned int	 rules = loop_profile(_i);
	size_t		 i;
	int		 n;

	qttt_generator_init(&gen, 60 + _i, 0);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (n = 0; n < 6; n++) {
		profile_state(&gen, rules, 5, &st);
		judge_all(sv, &st);
	}
	/* A whole game (from the empty board, with no book: make check
	 * takes every fourth profile), checked from its 5th ply on. */
	if (_i % sample_size(4, 1) != 0) {
		qttt_solver_free(sv);
		return;
	}
	do
		profile_game(&gen, rules, &g);
	while (g.nplies < 7);
	REQUIRE(qttt_judge_game(sv, &g, &j, NULL) == QTTT_OK);
	for (i = 4; i < g.nplies; i++) {
		qttt_game_state_at(&g, i, &st);
		REQUIRE_EQ(st.rules, rules);
		REQUIRE_EQ(j.ply[i].before, pruned_value(&st));
	}
	qttt_solver_free(sv);
}
END_TEST

/*
 * A measurement may name any move of the cycle: naming another than
 * the closing move is the same choice, and is judged the same.
 */
START_TEST(test_measure_named)
{
	struct qttt_solver *sv;
	struct qttt_judged_ply a, b;
	struct qttt_action m;
	struct qttt_game g;

	/* Worked example 1 of formats/rules.md: measure X1->a1 is
	 * measure O4->b3. */
	game_of("X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3", &g);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	memset(&m, 0, sizeof(m));
	m.kind = QTTT_MEASURE;
	m.move = 4;
	m.sq[0] = m.sq[1] = 7;		/* b3 */
	REQUIRE(qttt_judge_ply(sv, &g.state, &m, &a, NULL) == QTTT_OK);
	m.move = 1;
	m.sq[0] = m.sq[1] = 0;		/* a1 */
	REQUIRE(qttt_judge_ply(sv, &g.state, &m, &b, NULL) == QTTT_OK);
	REQUIRE_EQ(a.after, b.after);
	REQUIRE_EQ(a.loss, b.loss);
	REQUIRE_EQ(a.mark, b.mark);
	REQUIRE_EQ(a.mover, QTTT_X);
	qttt_solver_free(sv);
}
END_TEST

/*
 * The marks of a line of play (qttt_judge_marks(), a match's marks)
 * are those of qttt_judge_ply() on each of its plies: random games
 * under each profile, finished or cut short (a measurement may be
 * pending), judged from a random ply on as after a match's opening,
 * with one solver kept across the games as a match keeps its judge's;
 * the plain judge has a solver of its own.  Under a profile with no
 * book the lines start from the third ply at the earliest (make
 * check-full: the first, and ten times as many lines), so that the
 * plain judge takes seconds.  The games must hold blunders of both
 * players, and mistakes.
 */
START_TEST(test_marks_line)
{
	struct qttt_generator gen;
	struct qttt_solver *fast, *plain;
	struct qttt_mark_counts c, want, all;
	struct qttt_judged_ply j;
	struct qttt_state st;
	struct qttt_game g;
	unsigned int	 rules = loop_profile(_i);
	size_t		 from, i, low;
	int		 n, p;

	qttt_generator_init(&gen, 80 + _i, 0);
	ck_assert_ptr_nonnull(fast = qttt_solver_new(TABLE));
	ck_assert_ptr_nonnull(plain = qttt_solver_new(TABLE));
	memset(&all, 0, sizeof(all));
	low = rules == QTTT_RULES_GOFF ? 0 : (size_t)sample_size(2, 0);
	for (n = 0; n < NLINES; n++) {
		profile_game(&gen, rules, &g);
		/* Cut short, or whole. */
		if (qttt_generator_uniform(&gen, 3) == 0) {
			i = 1 + qttt_generator_uniform(&gen, g.nplies - 1);
			qttt_game_state_at(&g, i, &g.state);
			g.nplies = i;
		}
		from = g.nplies < low ? g.nplies : low +
		    qttt_generator_uniform(&gen, g.nplies + 1 - low);
		qttt_game_state_at(&g, from, &st);
		memset(&c, 0xa5, sizeof(c));
		REQUIRE(qttt_judge_marks(fast, &st, g.plies + from, g.nplies -
		    from, &c, NULL) == QTTT_OK);
		memset(&want, 0, sizeof(want));
		for (i = from; i < g.nplies; i++) {
			qttt_game_state_at(&g, i, &st);
			REQUIRE(qttt_judge_ply(plain, &st, &g.plies[i], &j,
			    NULL) == QTTT_OK);
			if (j.mark == QTTT_MARK_MISTAKE)
				want.mistakes[j.mover]++;
			else if (j.mark == QTTT_MARK_BLUNDER)
				want.blunders[j.mover]++;
		}
		for (p = QTTT_X; p <= QTTT_O; p++) {
			REQUIRE_EQ(c.mistakes[p], want.mistakes[p]);
			REQUIRE_EQ(c.blunders[p], want.blunders[p]);
		}
		qttt_mark_counts_add(&all, &c);
	}
	/* Mistakes are rarer: those of both players together. */
	REQUIRE(all.blunders[QTTT_X] > 0 && all.blunders[QTTT_O] > 0);
	REQUIRE(all.mistakes[QTTT_X] + all.mistakes[QTTT_O] > 0);
	qttt_solver_free(fast);
	qttt_solver_free(plain);
}
END_TEST

/*
 * An illegal action, and a state the rules cannot reach, are refused,
 * alone and in a line.
 */
START_TEST(test_refused)
{
	struct qttt_solver *sv;
	struct qttt_judged_ply j;
	struct qttt_mark_counts c;
	struct qttt_action a, line[2];
	struct qttt_state st;
	struct qttt_diag d;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(0));
	qttt_state_init(&st);
	memset(&a, 0, sizeof(a));
	a.kind = QTTT_PLACE;
	a.move = 2;			/* O2 first */
	a.sq[0] = 0;
	a.sq[1] = 1;
	memset(&d, 0, sizeof(d));
	REQUIRE(qttt_judge_ply(sv, &st, &a, &j, &d) == QTTT_E_ORDER);
	REQUIRE(d.msg[0] != '\0');
	a.move = 1;
	a.sq[1] = 0;			/* both marks on a1 */
	REQUIRE(qttt_judge_ply(sv, &st, &a, &j, NULL) == QTTT_E_SAMESQUARE);
	/* A line whose second action repeats the first. */
	a.sq[1] = 1;
	line[0] = line[1] = a;
	REQUIRE(qttt_judge_marks(sv, &st, line, 2, &c, &d) == QTTT_E_ORDER);
	REQUIRE(d.msg[0] != '\0');
	st.board[4] = 2;		/* O2 classical with no X1 */
	REQUIRE(qttt_judge_ply(sv, &st, &a, &j, &d) == QTTT_E_STATE);
	REQUIRE(qttt_judge_marks(sv, &st, line, 1, &c, &d) == QTTT_E_STATE);
	qttt_solver_free(sv);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Games                                                                */
/* ------------------------------------------------------------------ */

/*
 * Worked example 3 of formats/rules.md (Goff's Fig. 8): after X7 a1
 * b2, O measures; measure X7->a1 ends 1/2-1 and measure X7->b2
 * 1-1/2, so the position is worth 1/2-1 and the second outcome costs O
 * a whole point: a blunder, and the decisive ply of the game.  The
 * values from move 5 on are the minimax's.
 */
START_TEST(test_worked_example)
{
	static const char *const games[2] = {
		"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; "
		"O6 b2 c3; X7 a1 b2; measure X7->a1",
		"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; "
		"O6 b2 c3; X7 a1 b2; measure X7->b2",
	};
	struct qttt_solver *sv;
	struct qttt_judged_game j;
	struct qttt_judged_ply *p;
	struct qttt_state st;
	struct qttt_game g;
	size_t		 i;
	int		 k;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	for (k = 0; k < 2; k++) {
		game_of(games[k], &g);
		REQUIRE(qttt_judge_game(sv, &g, &j, NULL) == QTTT_OK);
		REQUIRE_EQ(j.nplies, 8);
		for (i = 4; i < j.nplies; i++) {
			qttt_game_state_at(&g, i, &st);
			REQUIRE_EQ(j.ply[i].before, pruned_value(&st));
			qttt_game_state_at(&g, i + 1, &st);
			REQUIRE_EQ(j.ply[i].after, pruned_value(&st));
		}
		p = &j.ply[7];
		REQUIRE_EQ(p->mover, QTTT_O);
		REQUIRE_EQ(p->before, -1);
		REQUIRE_EQ(p->after, k == 0 ? -1 : 1);
		REQUIRE_EQ(p->loss, k == 0 ? 0 : 2);
		REQUIRE_EQ(p->mark, k == 0 ? QTTT_MARK_NONE :
		    QTTT_MARK_BLUNDER);
		/* The best measurement is X7->a1, and it ends the game. */
		REQUIRE_EQ(p->an.nbest, 1);
		REQUIRE_EQ(p->an.actions[p->an.best[0]].sq[0], 0);
		REQUIRE_EQ(p->an.npv, 1);
		/* X7 a1 b2 let the win go; with measure X7->b2 the game
		 * is decided by the measurement instead. */
		REQUIRE_EQ(j.decisive, k == 0 ? 6 : 7);
		REQUIRE_EQ(j.ply[6].mover, QTTT_X);
		REQUIRE(j.ply[6].loss > 0);
	}
	qttt_solver_free(sv);
}
END_TEST

/* A game with no ply, as a position read from a state string gives. */
START_TEST(test_no_ply)
{
	struct qttt_solver *sv;
	struct qttt_judged_game j;
	struct qttt_game g;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(0));
	qttt_game_init(&g);
	memset(&j, 0xa5, sizeof(j));
	REQUIRE(qttt_judge_game(sv, &g, &j, NULL) == QTTT_OK);
	REQUIRE_EQ(j.nplies, 0);
	REQUIRE_EQ(j.first[QTTT_X], -1);
	REQUIRE_EQ(j.first[QTTT_O], -1);
	REQUIRE_EQ(j.decisive, -1);
	REQUIRE_EQ(j.counts.mistakes[QTTT_X] + j.counts.mistakes[QTTT_O] +
	    j.counts.blunders[QTTT_X] + j.counts.blunders[QTTT_O], 0);
	qttt_solver_free(sv);
}
END_TEST

/*
 * Random games, finished and not, judged whole, against what a caller
 * would work out ply by ply from qttt_solver_value() and
 * qttt_solver_analyze(): the values before and after each ply, the
 * loss, the marks, each player's first marked ply, the decisive ply
 * and the counts, by the words of formats/analysis-output.md.
 */
START_TEST(test_random_games)
{
	struct qttt_generator gen;
	struct qttt_solver *sv, *fresh;
	struct qttt_judged_game j;
	struct qttt_analysis an;
	struct qttt_state st;
	struct qttt_game g;
	long		 first[2], decisive;
	unsigned long	 mistakes[2], blunders[2];
	int		 n, before, after, loss, x, worse, p;
	enum qttt_mark	 mark;
	size_t		 i;

	qttt_generator_init(&gen, 42, QTTT_GEN_UNFINISHED);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	/* Another solver, so that no table is shared with the judge. */
	ck_assert_ptr_nonnull(fresh = qttt_solver_new(TABLE));
	for (n = 0; n < NGAMES; n++) {
		qttt_generator_game(&gen, &g);
		REQUIRE(qttt_judge_game(sv, &g, &j, NULL) == QTTT_OK);
		REQUIRE_EQ(j.nplies, g.nplies);
		first[0] = first[1] = decisive = -1;
		memset(mistakes, 0, sizeof(mistakes));
		memset(blunders, 0, sizeof(blunders));
		for (i = 0; i < g.nplies; i++) {
			qttt_game_state_at(&g, i, &st);
			REQUIRE(qttt_solver_value(fresh, &st, &before, NULL) ==
			    QTTT_OK);
			REQUIRE(qttt_solver_analyze(fresh, &st, QTTT_SOLVE_PV,
			    &an, NULL) == QTTT_OK);
			p = qttt_state_turn(&st);
			qttt_game_state_at(&g, i + 1, &st);
			REQUIRE(qttt_solver_value(fresh, &st, &after, NULL) ==
			    QTTT_OK);
			x = p == QTTT_X;
			loss = x ? before - after : after - before;
			/* Win, draw, loss for the mover: 1, 0, -1. */
			worse = (x ? (after > 0) - (after < 0) :
			    (after < 0) - (after > 0)) <
			    (x ? (before > 0) - (before < 0) :
			    (before < 0) - (before > 0));
			mark = loss == 0 ? QTTT_MARK_NONE : loss >= 2 ||
			    worse ? QTTT_MARK_BLUNDER : QTTT_MARK_MISTAKE;
			REQUIRE_EQ(j.ply[i].mover, p);
			REQUIRE_EQ(j.ply[i].before, before);
			REQUIRE_EQ(j.ply[i].after, after);
			REQUIRE_EQ(j.ply[i].loss, loss);
			REQUIRE_EQ(j.ply[i].mark, mark);
			REQUIRE_EQ(j.ply[i].an.nbest, an.nbest);
			REQUIRE_EQ(j.ply[i].an.npv, an.npv);
			REQUIRE(memcmp(j.ply[i].an.best, an.best, an.nbest) ==
			    0);
			REQUIRE(memcmp(j.ply[i].an.pv, an.pv, an.npv *
			    sizeof(an.pv[0])) == 0);
			if (loss != 0)
				decisive = (long)i;
			if (mark != QTTT_MARK_NONE && first[p] == -1)
				first[p] = (long)i;
			mistakes[p] += mark == QTTT_MARK_MISTAKE;
			blunders[p] += mark == QTTT_MARK_BLUNDER;
		}
		REQUIRE_EQ(j.first[QTTT_X], first[QTTT_X]);
		REQUIRE_EQ(j.first[QTTT_O], first[QTTT_O]);
		REQUIRE_EQ(j.decisive, decisive);
		for (p = 0; p < 2; p++) {
			REQUIRE_EQ(j.counts.mistakes[p], mistakes[p]);
			REQUIRE_EQ(j.counts.blunders[p], blunders[p]);
		}
	}
	qttt_solver_free(fresh);
	qttt_solver_free(sv);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Annotated records and the analysis writer (lib/output/)              */
/* ------------------------------------------------------------------ */

/* The note key of entry k of ply i of ex, and its value, as strings. */
static int
note_is(const struct qttt_extras *ex, size_t i, size_t k, const char *key,
    const char *value)
{
	const struct qttt_meta *m = &ex->ply[i].notes[k];

	return k < ex->ply[i].nnotes && m->keylen == strlen(key) &&
	    memcmp(m->key, key, m->keylen) == 0 &&
	    m->valuelen == strlen(value) &&
	    memcmp(m->value, value, m->valuelen) == 0;
}

/* A record read from text and played, its game judged, and its extras. */
static void
judged_record(struct qttt_solver *sv, const char *text,
    struct qttt_record *rec, struct qttt_game *g, struct qttt_judged_game *j,
    struct qttt_extras *had)
{
	REQUIRE(qttt_line_parse(text, strlen(text), 0, rec) == 1);
	REQUIRE(qttt_record_play(rec, g) == 0);
	REQUIRE(qttt_judge_game(sv, g, j, NULL) == QTTT_OK);
	qttt_extras_from_record(had, g, rec);
}

/*
 * The notes of an annotated record: the record's own first, those
 * called value, best or mark giving way; then value, and best and mark
 * for a marked ply.  Written in the line notation, it reads back with
 * the same notes, the mark as the glyph.
 */
START_TEST(test_annotate)
{
	static struct qttt_annotation a;
	static struct qttt_record rec;
	static const char text[] = "X1 a1 b2 [clock 12] [value 3]; "
	    "O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; X7 a1 b2; "
	    "measure X7->b2; 1-1/2";
	struct qttt_solver *sv;
	struct qttt_judged_game j;
	struct qttt_extras had;
	struct qttt_game g;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	judged_record(sv, text, &rec, &g, &j, &had);
	qttt_annotate(&a, &g, &j, &had);
	/* X1 a1 b2 lets the win go: a blunder, best X1 a1 c3 or c1 a3. */
	REQUIRE_EQ(a.ex.ply[0].nnotes, 4);
	REQUIRE(note_is(&a.ex, 0, 0, "clock", "12"));
	REQUIRE(note_is(&a.ex, 0, 1, "value", "0-0"));
	REQUIRE(note_is(&a.ex, 0, 2, "best", "X1 a1 c3, X1 c1 a3"));
	REQUIRE(note_is(&a.ex, 0, 3, "mark", "??"));
	/* X3 a2 b2 keeps the value: no best, no mark. */
	REQUIRE_EQ(a.ex.ply[2].nnotes, 1);
	REQUIRE(note_is(&a.ex, 2, 0, "value", "1-1/2"));
	REQUIRE(note_is(&a.ex, 7, 2, "mark", "??"));
	REQUIRE(qttt_extras_check(&a.ex, g.nplies, NULL, 0) == 0);
	/* Through the line writer and back. */
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	REQUIRE(qttt_record_write(f, QTTT_FORMAT_LINE, &g, &a.ex, NULL) == 0);
	REQUIRE(fclose(f) == 0);
	ck_assert_ptr_nonnull(strstr(buf, "X1 a1 b2?? [clock 12] "
	    "[value \"0-0\"] [best X1 a1 c3, X1 c1 a3]"));
	REQUIRE(qttt_line_parse(buf, strcspn(buf, "\n"), 0, &rec) == 1);
	REQUIRE(qttt_record_play(&rec, &g) == 0);
	REQUIRE_EQ(rec.items[0].nnotes, 4);
	REQUIRE_EQ(rec.items[2].nnotes, 1);
	free(buf);
	/* Without the record's extras, the analysis's notes alone. */
	qttt_annotate(&a, &g, &j, NULL);
	REQUIRE_EQ(a.ex.ply[0].nnotes, 3);
	REQUIRE_EQ(a.ex.nmeta, 0);
	qttt_solver_free(sv);
}
END_TEST

/*
 * Variations added to rec (of game g) until it has n: each action of
 * X3 and O6 other than the one played, one item each.
 */
static void
lines_beside(struct qttt_record *rec, struct qttt_game *g, size_t n)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_item item;
	struct qttt_state st;
	size_t		 at, i, k;

	memset(&item, 0, sizeof(item));
	item.kind = QTTT_ITEM_ACTION;
	for (at = 2; at < g->nplies && rec->nvars < n; at += 3) {
		qttt_game_state_at(g, at, &st);
		k = qttt_state_actions(&st, acts);
		for (i = 0; i < k && rec->nvars < n; i++) {
			if (qttt_action_equal(&acts[i], &g->plies[at]))
				continue;
			item.action = acts[i];
			REQUIRE(qttt_record_var_add(rec, QTTT_MAINLINE, at,
			    &item, 1, NULL) == 0);
		}
	}
	REQUIRE_EQ(rec->nvars, n);
}

/* The game of test_annotate_lines, its X3 with n tags of its own. */
static void
notes_beside(char *buf, size_t size, size_t n)
{
	size_t	 i, len;

	len = (size_t)snprintf(buf, size, "X1 a1 b2; O2 c1 b2; X3 a2 b2");
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, size - len, " [t%zu]", i);
	snprintf(buf + len, size - len, "; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->b2; 1-1/2");
}

/*
 * The best lines of an annotated record (qttt_annotate()): one for
 * each marked ply, in place of it, its value on its first item; each
 * after the record's own variations at its ply (a nested one kept
 * under its parent, renumbered) and before those of later plies.
 * Written in the line notation, the record is valid and keeps every
 * variation; annotated again, it gets no line twice.  Beyond the
 * record's limits, the first lines that fit and the number left out.
 */
START_TEST(test_annotate_lines)
{
	static struct qttt_annotation a;
	static struct qttt_record rec;
	static const char text[] = "X1 a1 b2 (X1 a1 c1); O2 c1 b2; "
	    "X3 a2 b2 (X3 a1 a2; O4 b1 c2 (O4 a3 b3)); O4 b2 c2; "
	    "X5 b2 a3; O6 b2 c3; X7 a1 b2; measure X7->b2; 1-1/2";
	/* The variations in order: where each branches, and its first
	 * item; "best" the best lines, with their value. */
	static const struct {
		size_t		 parent, at;
		const char	*first, *value;
	} want[] = {
		{ QTTT_MAINLINE, 0, "X1 a1 c1", NULL },
		{ QTTT_MAINLINE, 0, "X1 a1 c3", "1-1/2" },
		{ QTTT_MAINLINE, 1, "O2 a1 c1", "0-0" },
		{ QTTT_MAINLINE, 2, "X3 a1 a2", NULL },
		{ 3, 1, "O4 a3 b3", NULL },
		{ QTTT_MAINLINE, 3, "O4 a1 c2", "1-1/2" },
		{ QTTT_MAINLINE, 6, "X7 c1 c2", "1-0" },
		{ QTTT_MAINLINE, 7, "measure X7->a1", "1/2-1" },
	};
	struct qttt_solver *sv;
	struct qttt_judged_game j;
	struct qttt_extras had;
	struct qttt_game g;
	const struct qttt_item *it;
	char		*buf = NULL, item[32], buf2[2048];
	size_t		 len = 0, i, k;
	FILE		*f;

	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	judged_record(sv, text, &rec, &g, &j, &had);
	REQUIRE_EQ(qttt_annotate(&a, &g, &j, &had), 0);
	REQUIRE_EQ(a.ex.nvars, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < a.ex.nvars; i++) {
		REQUIRE_EQ(a.ex.vars[i].parent, want[i].parent);
		REQUIRE_EQ(a.ex.vars[i].at, want[i].at);
		it = &a.ex.varitems[a.ex.vars[i].first];
		qttt_action_format(&it->action, item, sizeof(item));
		ck_assert_str_eq(item, want[i].first);
		if (want[i].value == NULL)
			continue;
		REQUIRE_EQ(it->nnotes, 1);
		REQUIRE(it->notes[0].valuelen == strlen(want[i].value) &&
		    memcmp(it->notes[0].value, want[i].value,
		    it->notes[0].valuelen) == 0);
		/* The best line keeps its value at every step. */
		for (k = 1; k < a.ex.vars[i].nitems; k++)
			REQUIRE_EQ(it[k].nnotes, 0);
	}
	REQUIRE(qttt_extras_check(&a.ex, g.nplies, NULL, 0) == 0);
	/* Written and read back: valid, every variation there. */
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	REQUIRE(qttt_record_write(f, QTTT_FORMAT_LINE, &g, &a.ex, NULL) == 0);
	REQUIRE(fclose(f) == 0);
	REQUIRE(qttt_line_parse(buf, strcspn(buf, "\n"), 0, &rec) == 1);
	REQUIRE(qttt_record_play(&rec, &g) == 0);
	REQUIRE_EQ(rec.nvars, a.ex.nvars);
	/* Annotated again: the lines are there already. */
	qttt_extras_from_record(&had, &g, &rec);
	REQUIRE_EQ(qttt_annotate(&a, &g, &j, &had), 0);
	REQUIRE_EQ(a.ex.nvars, rec.nvars);
	free(buf);
	/* Room for two variations besides the record's: the first two
	 * lines, and three left out. */
	judged_record(sv, text, &rec, &g, &j, &had);
	lines_beside(&rec, &g, QTTT_MAXVARS - 2);
	qttt_extras_from_record(&had, &g, &rec);
	REQUIRE_EQ(qttt_annotate(&a, &g, &j, &had), 3);
	REQUIRE_EQ(a.ex.nvars, QTTT_MAXVARS);
	REQUIRE_EQ(a.ex.vars[1].at, 0);
	REQUIRE_EQ(a.ex.vars[2].at, 1);
	/* Room for two more notes on the moves: the same. */
	notes_beside(buf2, sizeof(buf2), QTTT_MAXNOTES - 18 - 2);
	judged_record(sv, buf2, &rec, &g, &j, &had);
	REQUIRE_EQ(qttt_annotate(&a, &g, &j, &had), 3);
	REQUIRE_EQ(a.ex.nvars, 2);
	REQUIRE(qttt_extras_check(&a.ex, g.nplies, NULL, 0) == 0);
	qttt_solver_free(sv);
}
END_TEST

/*
 * The analysis writer writes the best lines in the formats that hold
 * variations (qttt__output_holds_variations()): those where
 * qttt_record_write() writes a game with a variation, and no other.
 */
START_TEST(test_holds_variations)
{
	static const enum qttt_format formats[] = {
		QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_JSON,
		QTTT_FORMAT_GOFF
	};
	static struct qttt_record rec;
	static const char text[] = "X1 a1 b2 (X1 a1 c1); O2 c1 b2";
	struct qttt_extras ex;
	struct qttt_game g;
	size_t		 i;
	FILE		*f;

	REQUIRE(qttt_line_parse(text, strlen(text), 0, &rec) == 1);
	REQUIRE(qttt_record_play(&rec, &g) == 0);
	qttt_extras_from_record(&ex, &g, &rec);
	REQUIRE_EQ(ex.nvars, 1);
	REQUIRE(qttt__output_holds_variations(QTTT_FORMAT_LINE));
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		ck_assert_ptr_nonnull(f = fopen("/dev/null", "w"));
		REQUIRE_EQ(qttt_record_write(f, formats[i], &g, &ex, NULL) ==
		    0, qttt__output_holds_variations(formats[i]));
		REQUIRE(fclose(f) == 0);
	}
}
END_TEST

/*
 * The writer on a game that no record gave (rec NULL): read from no
 * input, its game and line null, its plies judged as qttt_judge_game()
 * judges them, added to the totals; a game with no ply is taken for a
 * position.
 */
START_TEST(test_writer_alone)
{
	struct qttt_analysis_options o;
	struct qttt_analysis_writer *w;
	struct qttt_analysis_totals t;
	struct qttt_judged_game j;
	struct qttt_solver *sv;
	struct qttt_game g;
	struct qttt_diag d;
	char		*buf = NULL, *line, *end, want[64];
	size_t		 len = 0, i;
	FILE		*f;

	game_of("X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2", &g);
	ck_assert_ptr_nonnull(sv = qttt_solver_new(TABLE));
	REQUIRE(qttt_judge_game(sv, &g, &j, NULL) == QTTT_OK);
	memset(&o, 0, sizeof(o));
	o.output = QTTT_ANALYSIS_JSON;
	memset(&t, 0, sizeof(t));
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_ptr_nonnull(w = qttt_analysis_writer_open(f, &o));
	REQUIRE(qttt_analysis_writer_put(w, sv, NULL, &g, &t, &d) == 0);
	qttt_game_init(&g);
	REQUIRE(qttt_analysis_writer_put(w, sv, NULL, &g, &t, &d) == 0);
	REQUIRE(qttt_analysis_writer_close(w) == 0);
	REQUIRE(fclose(f) == 0);
	REQUIRE_EQ(t.analysed, 2);
	REQUIRE_EQ(t.counts.blunders[QTTT_X], j.counts.blunders[QTTT_X]);
	REQUIRE_EQ(t.counts.mistakes[QTTT_O], j.counts.mistakes[QTTT_O]);
	for (i = 0, line = buf; i < 4; i++, line = end + 1) {
		snprintf(want, sizeof(want), "{\"game\":null,\"line\":null,"
		    "\"ply\":%zu,", i + 1);
		REQUIRE(strncmp(line, want, strlen(want)) == 0);
		ck_assert_ptr_nonnull(end = strchr(line, '\n'));
		*end = '\0';
		REQUIRE((strstr(line, "\"mark\":null") != NULL) ==
		    (j.ply[i].mark == QTTT_MARK_NONE));
	}
	/* Then the empty board, as a position. */
	REQUIRE(strncmp(line, "{\"game\":null,\"line\":null,"
	    "\"position\":", 36) == 0);
	REQUIRE(strchr(line, '\n')[1] == '\0');
	free(buf);
	qttt_solver_free(sv);
}
END_TEST

Suite *
annotate_suite(void)
{
	Suite	*s = suite_create("annotate");
	TCase	*tc = tcase_create("annotate");

	/* A timeout that catches a hang, far above the normal time. */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_glyphs);
	tcase_add_test(tc, test_marks_x);
	tcase_add_test(tc, test_marks_o);
	tcase_add_test(tc, test_counts_add);
	tcase_add_test(tc, test_minimax);
	tcase_add_test(tc, test_best_line);
	tcase_add_loop_test(tc, test_profiles, 0, NPROFILES);
	tcase_add_test(tc, test_measure_named);
	tcase_add_loop_test(tc, test_marks_line, 0, NPROFILES);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_worked_example);
	tcase_add_test(tc, test_no_ply);
	tcase_add_test(tc, test_random_games);
	tcase_add_test(tc, test_annotate);
	tcase_add_test(tc, test_annotate_lines);
	tcase_add_test(tc, test_holds_variations);
	tcase_add_test(tc, test_writer_alone);
	suite_add_tcase(s, tc);
	return s;
}
