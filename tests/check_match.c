/*
 * A match's schedule, standings, ratings, SPRT and records
 * (lib/protocol/schedule.c, rating.c, tags.c).  The statistics are
 * checked against the same formulas computed here with libm, which the
 * library does not use.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_qttt.h"

#define CLOSE(a, b)	(isinf(b) ? (a) == (b) : \
			    fabs((a) - (b)) <= 1e-9 * (1 + fabs(b)))

/* The pair scores of penta as a list, and their mean and variance. */
static size_t
pair_list(const unsigned long penta[5], double *x, double *mean,
    double *var)
{
	size_t	 n = 0, i;
	int	 k;
	unsigned long j;

	for (k = 0; k < 5; k++)
		for (j = 0; j < penta[k]; j++)
			x[n++] = k / 4.0;
	*mean = *var = 0;
	for (i = 0; i < n; i++)
		*mean += x[i] / n;
	for (i = 0; i < n; i++)
		*var += (x[i] - *mean) * (x[i] - *mean) / n;
	return n;
}

static const unsigned long pentas[][5] = {
	{ 0, 0, 10, 0, 0 },
	{ 1, 2, 3, 2, 2 },
	{ 0, 1, 5, 9, 3 },
	{ 7, 0, 0, 0, 1 },
	{ 12, 30, 51, 33, 10 },
	{ 0, 0, 0, 0, 4 },
	{ 3, 0, 0, 0, 0 },
	{ 0, 0, 1, 0, 0 },
};

/*
 * The score is the pairs' mean; the interval's variance counts half a
 * pair more of each of the five pair scores, so that it never
 * collapses; under 5 pairs there is no interval, nor an Elo.
 */
START_TEST(test_rating)
{
	const unsigned long *p = pentas[_i];
	struct qttt_rating r;
	double		 x[200], mean, var, margin, w, m = 0, v = 0;
	size_t		 n = pair_list(p, x, &mean, &var), i;
	int		 k;

	qttt_rating_of(p, &r);
	ck_assert_uint_eq(r.pairs, n);
	ck_assert(CLOSE(r.score, mean));
	if (n < QTTT_RATING_MIN_PAIRS) {
		ck_assert(isnan(r.margin) && isnan(r.elo) &&
		    isnan(r.elo_lo) && isnan(r.elo_hi));
		return;
	}
	w = n + 2.5;
	for (i = 0; i < n; i++)
		m += x[i] / w;
	for (k = 0; k < 5; k++)
		m += 0.5 * (k / 4.0) / w;
	for (i = 0; i < n; i++)
		v += (x[i] - m) * (x[i] - m) / w;
	for (k = 0; k < 5; k++)
		v += 0.5 * (k / 4.0 - m) * (k / 4.0 - m) / w;
	margin = 1.959963984540054 * sqrt(v / n);
	ck_assert_msg(CLOSE(r.margin, margin), "%g, not %g", r.margin,
	    margin);
	/* Pairs that all scored alike have an interval too. */
	ck_assert(r.margin > 0.01 && r.elo_lo < r.elo_hi);
	if (mean <= 0)
		ck_assert(r.elo == -HUGE_VAL);
	else if (mean >= 1)
		ck_assert(r.elo == HUGE_VAL);
	else
		ck_assert_msg(CLOSE(r.elo, -400 * log10(1 / mean - 1)),
		    "%g", r.elo);
	if (mean - margin > 0 && mean + margin < 1) {
		ck_assert(CLOSE(r.elo_lo, -400 * log10(1 / (mean - margin) -
		    1)));
		ck_assert(CLOSE(r.elo_hi, -400 * log10(1 / (mean + margin) -
		    1)));
	}
	ck_assert(r.elo_lo <= r.elo && r.elo <= r.elo_hi);
}
END_TEST

START_TEST(test_sprt)
{
	const unsigned long *p = pentas[_i];
	static const double elos[][2] = { { 0, 5 }, { -10, 10 }, { 0, 50 } };
	double		 s0, s1, r0, r1, llr, n, c;
	size_t		 k, j;

	for (k = 0; k < sizeof(elos) / sizeof(elos[0]); k++) {
		s0 = 1 / (1 + pow(10, -elos[k][0] / 400));
		s1 = 1 / (1 + pow(10, -elos[k][1] / 400));
		ck_assert(CLOSE(qttt_score_of_elo(elos[k][1]), s1));
		/* Each pair score's square distance to s_j, a score that no
		 * pair had counting 0.001 pairs. */
		r0 = r1 = n = 0;
		for (j = 0; j < 5; j++) {
			c = p[j] > 0 ? (double)p[j] : 1e-3;
			n += c;
			r0 += c * (j / 4.0 - s0) * (j / 4.0 - s0);
			r1 += c * (j / 4.0 - s1) * (j / 4.0 - s1);
		}
		llr = qttt_sprt_llr(p, elos[k][0], elos[k][1]);
		ck_assert_msg(CLOSE(llr, n / 2.0 * log(r0 / r1)), "%g, not %g",
		    llr, n / 2.0 * log(r0 / r1));
	}
}
END_TEST

START_TEST(test_sprt_bounds)
{
	double	 lo, hi, llr;
	int	 k;
	unsigned long none[5] = { 0, 0, 0, 0, 0 };
	unsigned long wins[5] = { 0, 0, 0, 0, 9 };

	qttt_sprt_bounds(0.05, 0.05, &lo, &hi);
	ck_assert(CLOSE(lo, -log(19)));
	ck_assert(CLOSE(hi, log(19)));
	qttt_sprt_bounds(0.05, 0.1, &lo, &hi);
	ck_assert(CLOSE(lo, log(0.1 / 0.95)));
	ck_assert(CLOSE(hi, log(0.9 / 0.05)));
	ck_assert(qttt_sprt_llr(none, 0, 5) == 0);
	/* Every pair won: no spread, and the bias says H1. */
	ck_assert(qttt_sprt_llr(wins, 0, 5) > 0);
	/* One pair, whatever it scored, decides nothing: no spread is
	 * taken for certainty. */
	for (k = 0; k < 5; k++) {
		unsigned long one[5] = { 0, 0, 0, 0, 0 };

		one[k] = 1;
		llr = qttt_sprt_llr(one, 0, 10);
		ck_assert_msg(llr > lo && llr < hi, "pair score %d/4: %g", k,
		    llr);
	}
	/* The verdict: every pair won stops for H1 before long, every
	 * pair drawn for H0 against elo1 = 50, and one pair never. */
	{
		struct qttt_sprt t = { 0, 50, 0.05, 0.05, 0, 7 };
		unsigned long many[5] = { 0, 0, 0, 0, 30 };
		unsigned long even[5] = { 0, 0, 200, 0, 0 };
		unsigned long one[5] = { 0, 0, 0, 0, 1 };

		qttt_sprt_bounds(t.alpha, t.beta, &lo, &hi);
		ck_assert_int_eq(qttt_sprt_update(&t, one), 0);
		ck_assert_int_eq(t.decided, 0);
		ck_assert(CLOSE(t.llr, qttt_sprt_llr(one, 0, 50)));
		ck_assert_int_eq(qttt_sprt_update(&t, many), 1);
		ck_assert(t.llr >= hi);
		ck_assert_int_eq(qttt_sprt_update(&t, even), -1);
		ck_assert(t.llr <= lo);
	}
	ck_assert(qttt_elo_of_score(0.5) == 0);
	ck_assert(CLOSE(qttt_elo_of_score(0.75), 400 * log10(3)));
	ck_assert(CLOSE(qttt_score_of_elo(-200), 1 / (1 + pow(10, 0.5))));
	ck_assert(qttt_elo_of_score(0) == -HUGE_VAL);
	ck_assert(qttt_elo_of_score(1) == HUGE_VAL);
}
END_TEST

static void
scored(struct qttt_match_game *g, int x, int o, enum qttt_termination t,
    int loser)
{
	memset(g, 0, sizeof(*g));
	g->score.over = 1;
	g->score.score[QTTT_X] = (unsigned char)x;
	g->score.score[QTTT_O] = (unsigned char)o;
	g->term = t;
	g->loser = loser;
}

START_TEST(test_tally)
{
	struct qttt_tally t;
	struct qttt_match_game g;

	qttt_tally_init(&t);
	/* A pair: a win as X 1-1/2, a draw as O 0-0. */
	scored(&g, 2, 1, QTTT_TERM_NORMAL, -1);
	qttt_tally_add(&t, QTTT_X, &g, 0);
	scored(&g, 0, 0, QTTT_TERM_NORMAL, -1);
	qttt_tally_add(&t, QTTT_O, &g, 1);
	/* A pair: lost as X by a crash, won as O by the other's. */
	scored(&g, 0, 2, QTTT_TERM_CRASH, QTTT_X);
	qttt_tally_add(&t, QTTT_X, &g, 0);
	scored(&g, 0, 2, QTTT_TERM_TIME, QTTT_X);
	qttt_tally_add(&t, QTTT_O, &g, 1);
	/* A game with no pair: lost 1-1/2 as O, adjudicated. */
	scored(&g, 2, 1, QTTT_TERM_ADJUDICATION, -1);
	qttt_tally_add(&t, QTTT_O, &g, 0);
	qttt_tally_end(&t);
	ck_assert_uint_eq(t.games, 5);
	ck_assert_uint_eq(t.won[QTTT_X], 1);
	ck_assert_uint_eq(t.lost[QTTT_X], 1);
	ck_assert_uint_eq(t.drawn[QTTT_O], 1);
	ck_assert_uint_eq(t.won[QTTT_O], 1);
	ck_assert_uint_eq(t.lost[QTTT_O], 1);
	ck_assert_uint_eq(t.points[QTTT_X], 2);
	ck_assert_uint_eq(t.points[QTTT_O], 3);
	ck_assert_uint_eq(t.penta[3], 1);	/* 1 + 1/2 */
	ck_assert_uint_eq(t.penta[2], 1);	/* 0 + 1 */
	ck_assert_uint_eq(t.penta[0], 1);	/* 0, counted twice */
	ck_assert_uint_eq(t.ended[QTTT_TERM_NORMAL], 2);
	ck_assert_uint_eq(t.ended[QTTT_TERM_CRASH], 1);
	ck_assert_uint_eq(t.ended[QTTT_TERM_TIME], 0);
	ck_assert_uint_eq(t.ended[QTTT_TERM_ADJUDICATION], 1);
}
END_TEST

/*
 * The standings written: the table's line of an engine, and the JSON
 * object, which holds each engine's name (escaped), pentanomial and
 * endings, an infinite Elo as null, and the SPRT's verdict.
 */
START_TEST(test_standings)
{
	struct qttt_tally t[2];
	struct qttt_match_game g;
	struct qttt_standing en[2] = {
		{ "qttt-engine \"a\"", "qttt-engine -l random", &t[0],
		    NULL, NULL },
		{ "b", "./b", &t[1], NULL, NULL },
	};
	struct qttt_sprt sprt = { 0, 10, 0.05, 0.05, 1.5, 1 };
	struct qttt_standings s = { 2, QTTT_RULES_GOFF, "", 2, en, NULL };
	char		*buf;
	size_t		 len;
	FILE		*f;
	int		 k;

	qttt_tally_init(&t[0]);
	qttt_tally_init(&t[1]);
	scored(&g, 2, 1, QTTT_TERM_NORMAL, -1);
	qttt_tally_add(&t[0], QTTT_X, &g, 0);
	qttt_tally_add(&t[1], QTTT_O, &g, 0);
	scored(&g, 0, 2, QTTT_TERM_TIME, QTTT_X);
	qttt_tally_add(&t[1], QTTT_X, &g, 1);
	qttt_tally_add(&t[0], QTTT_O, &g, 1);
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_standings_write(f, &s, 0), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(strstr(buf, "2 games, rules goff\n"));
	/* Two games: no interval, and the points and the score say
	 * which each is (a 1-1/2 loss is half a point, no score). */
	ck_assert_ptr_nonnull(strstr(buf, "1. qttt-engine \"a\": 2 games, "
	    "2 points (the results' scores), score 100.0% (won 1, drawn "
	    "1/2, lost 0) of 1 pair, no interval or Elo under 5 pairs\n"));
	ck_assert_ptr_nonnull(strstr(buf, "2. b: 2 games, 0.5 points (the "
	    "results' scores), score 0.0% (won 1, drawn 1/2, lost 0) of 1 "
	    "pair, no interval or Elo under 5 pairs\n   as X 0-0-1, as O "
	    "0-0-1 (won-drawn-lost); lost by time 1\n"));
	ck_assert_ptr_null(strstr(buf, "inf"));
	ck_assert_ptr_null(strstr(buf, "SPRT"));
	free(buf);
	s.sprt = &sprt;
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_standings_write(f, &s, 1), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_str_eq(buf + len - 1, "\n");
	ck_assert_ptr_nonnull(strstr(buf, "{\"games\":2,\"rules\":\"goff\","
	    "\"engines\":[{\"name\":\"qttt-engine \\\"a\\\"\","));
	ck_assert_ptr_nonnull(strstr(buf, "\"pentanomial\":[0,0,0,0,1],"
	    "\"score\":1,\"margin\":null,\"elo\":null,\"elo_low\":null,"
	    "\"elo_high\":null,"));
	ck_assert_ptr_nonnull(strstr(buf, "\"time\":1"));
	ck_assert_ptr_nonnull(strstr(buf, "\"decision\":\"H1\"}}\n"));
	free(buf);
	/* Five pairs all won: an interval, which does not collapse. */
	for (k = 0; k < 4; k++) {
		scored(&g, 2, 0, QTTT_TERM_NORMAL, -1);
		qttt_tally_add(&t[0], QTTT_X, &g, 0);
		qttt_tally_add(&t[1], QTTT_O, &g, 0);
		scored(&g, 0, 2, QTTT_TERM_NORMAL, -1);
		qttt_tally_add(&t[1], QTTT_X, &g, 1);
		qttt_tally_add(&t[0], QTTT_O, &g, 1);
	}
	s.sprt = NULL;
	s.games = 10;
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_standings_write(f, &s, 0), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(strstr(buf, "1. qttt-engine \"a\": 10 games, 10 points "
	    "(the results' scores), score 100.0% +- 27.3% (won 1, drawn "
	    "1/2, lost 0) of 5 pairs, Elo +inf [+170, +inf]\n") != NULL,
	    "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "score 0.0% +- 27.3% (won 1, drawn "
	    "1/2, lost 0) of 5 pairs, Elo -inf [-inf, -170]\n"));
	free(buf);
}
END_TEST

START_TEST(test_schedule)
{
	struct qttt_schedule s;
	struct qttt_fixture f, f2;
	static const size_t two[][2] = { { 0, 1 }, { 1, 0 }, { 0, 1 } };
	static const size_t rr[][2] = { { 0, 1 }, { 1, 0 }, { 0, 2 },
	    { 2, 0 }, { 1, 2 }, { 2, 1 }, { 0, 1 }, { 1, 0 }, { 0, 2 },
	    { 2, 0 }, { 1, 2 }, { 2, 1 } };
	unsigned long long i;

	memset(&s, 0, sizeof(s));
	s.engines = 2;
	s.games = 3;
	s.seed = 9;
	ck_assert_uint_eq(qttt_schedule_games(&s), 3);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(qttt_schedule_game(&s, i, &f), 0);
		ck_assert_uint_eq(f.x, two[i][0]);
		ck_assert_uint_eq(f.o, two[i][1]);
		ck_assert_uint_eq(f.round, i / 2 + 1);
		ck_assert_int_eq(f.second, (int)(i % 2));
		ck_assert(f.seed[0] != f.seed[1]);
	}
	ck_assert_int_eq(qttt_schedule_game(&s, 3, &f), -1);

	s.engines = 3;
	s.games = 4;
	ck_assert_uint_eq(qttt_schedule_games(&s), 12);
	for (i = 0; i < 12; i++) {
		ck_assert_int_eq(qttt_schedule_game(&s, i, &f), 0);
		ck_assert_uint_eq(f.x, rr[i][0]);
		ck_assert_uint_eq(f.o, rr[i][1]);
		ck_assert_uint_eq(f.round, i / 6 + 1);
	}
	s.gauntlet = 1;
	ck_assert_uint_eq(qttt_schedule_games(&s), 8);
	ck_assert_int_eq(qttt_schedule_game(&s, 3, &f), 0);
	ck_assert(f.x == 2 && f.o == 0 && f.second);
	s.engines = 1;
	ck_assert_uint_eq(qttt_schedule_games(&s), 0);

	/* Seeds depend on the seed and the game alone. */
	s.engines = 2;
	s.gauntlet = 0;
	qttt_schedule_game(&s, 1, &f);
	qttt_schedule_game(&s, 1, &f2);
	ck_assert_mem_eq(f.seed, f2.seed, sizeof(f.seed));
	s.seed = 10;
	qttt_schedule_game(&s, 1, &f2);
	ck_assert(f.seed[0] != f2.seed[0]);
}
END_TEST

/* Openings in order, or shuffled: each used once before any again. */
START_TEST(test_openings_order)
{
	struct qttt_schedule s;
	struct qttt_fixture f;
	unsigned long	 n = (unsigned long)_i + 1, r, seen[40];
	int		 moved = 0;

	memset(&s, 0, sizeof(s));
	s.engines = 2;
	s.openings = n;
	s.games = 2 * 3 * n;
	s.seed = 5;
	for (s.shuffle = 0; s.shuffle <= 1; s.shuffle++) {
		memset(seen, 0, sizeof(seen));
		for (r = 0; r < 3 * n; r++) {
			qttt_schedule_game(&s, 2 * r, &f);
			ck_assert_uint_lt(f.opening, n);
			ck_assert_uint_eq(seen[f.opening], r / n);
			seen[f.opening]++;
			if (!s.shuffle)
				ck_assert_uint_eq(f.opening, r % n);
			else if (f.opening != r % n)
				moved = 1;
			/* Both games of the pair have one opening. */
			{
				struct qttt_fixture g2;

				qttt_schedule_game(&s, 2 * r + 1, &g2);
				ck_assert_uint_eq(g2.opening, f.opening);
			}
		}
	}
	if (n >= 5)
		ck_assert(moved);
}
END_TEST

START_TEST(test_balanced)
{
	struct qttt_solver *solver = qttt_solver_new(1 << 20);
	struct qttt_game g[64], canon;
	size_t		 n, i, j;
	int		 v;

	ck_assert_ptr_nonnull(solver);
	n = qttt_balanced_openings(solver, QTTT_RULES_GOFF, g, 64);
	ck_assert_uint_eq(n, 40);
	ck_assert_uint_eq(qttt_balanced_openings(solver, QTTT_RULES_GOFF,
	    NULL, 0), 40);
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(g[i].nplies, 2);
		ck_assert_int_eq(qttt_solver_value(solver, &g[i].state, &v,
		    NULL), QTTT_OK);
		ck_assert_int_eq(v, 0);
		qttt_game_symcanon(&g[i], &canon);
		ck_assert_mem_eq(canon.plies, g[i].plies,
		    2 * sizeof(canon.plies[0]));
		for (j = 0; j < i; j++)
			ck_assert(memcmp(g[i].plies, g[j].plies,
			    2 * sizeof(g[i].plies[0])) != 0);
	}
	qttt_solver_free(solver);
}
END_TEST

static struct qttt_qtp_text
text(const char *s)
{
	struct qttt_qtp_text t = { s, strlen(s) };

	return t;
}

/*
 * The result of a value under every profile: one of the profile's
 * results with that difference, the draw first; none if the profile
 * has none.
 */
START_TEST(test_value_result)
{
	struct qttt_result r, want;
	unsigned int	 rules;
	int		 v, x, o, some;

	for (rules = 0; rules <= QTTT_RULES_MAX + 1; rules++)
		for (v = QTTT_VALUE_MIN - 1; v <= QTTT_VALUE_MAX + 1; v++) {
			some = 0;
			want.over = 1;
			for (o = 4; o >= 0; o--) {
				x = v + o;
				want.score[QTTT_X] = (unsigned char)x;
				want.score[QTTT_O] = (unsigned char)o;
				if (x >= 0 && x <= 4 &&
				    qttt_rules_result_possible(rules, &want))
					some = 1;
			}
			memset(&r, 0, sizeof(r));
			if (!some) {
				ck_assert_int_eq(qttt_solver_result(rules, v,
				    &r), -1);
				continue;
			}
			ck_assert_int_eq(qttt_solver_result(rules, v, &r), 0);
			ck_assert(r.over);
			ck_assert_int_eq((int)r.score[QTTT_X] -
			    (int)r.score[QTTT_O], v);
			ck_assert(qttt_rules_result_possible(rules, &r));
			/* The draw first: 0-0 unless the profile has none. */
			if (v == 0 && r.score[QTTT_X] != 0)
				ck_assert(rules & QTTT_RULES_DRAW_HALF);
		}
	/* The draw of each profile, and what is not a profile's value. */
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_DRAW_HALF, 0, &r), 0);
	ck_assert(r.score[QTTT_X] == 1 && r.score[QTTT_O] == 1);
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_SIMUL_TIE, 0, &r), 0);
	ck_assert(r.score[QTTT_X] == 0 && r.score[QTTT_O] == 0);
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_DOUBLE_1, 4, &r), -1);
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_DOUBLE_2, 3, &r), -1);
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_SIMUL_DRAW, 1, &r), -1);
	ck_assert_int_eq(qttt_solver_result(QTTT_RULES_DOUBLE, 0, &r), -1);
}
END_TEST

/*
 * A match's tags under a profile: its name, and each value as a
 * result of the profile (0 is 1/2-1/2 under draw=1/2).
 */
START_TEST(test_tags_profile)
{
	static struct qttt_match_record store;
	struct qttt_match_game g;
	struct qttt_match_info info;
	struct qttt_extras ex;
	const struct qttt_meta *m;
	size_t		 i;

	memset(&g, 0, sizeof(g));
	qttt_game_init(&g.game);
	g.game.state.rules = QTTT_RULES_DRAW_HALF | QTTT_RULES_DOUBLE_1;
	g.game.nplies = 3;
	for (i = 0; i < QTTT_MAXPLIES; i++) {
		g.value[i] = QTTT_NOVALUE;
		g.ms[i] = -1;
	}
	g.value[0] = 0;
	g.value[1] = 2;
	g.value[2] = 4;		/* no result of double=1 has it */
	g.loser = -1;
	memset(&info, 0, sizeof(info));
	info.event = text("e");
	info.round = 1;
	info.x = text("x");
	info.o = text("o");
	qttt_match_extras(&g, &info, &store, &ex);
	ck_assert_ptr_nonnull(m = qttt_extras_meta(&ex, "rules"));
	ck_assert_uint_eq(m->valuelen, strlen("double=1,draw=1/2"));
	ck_assert(memcmp(m->value, "double=1,draw=1/2", m->valuelen) == 0);
	ck_assert_uint_eq(ex.ply[0].nnotes, 1);
	ck_assert(ex.ply[0].notes[0].valuelen == 7 &&
	    memcmp(ex.ply[0].notes[0].value, "1/2-1/2", 7) == 0);
	ck_assert(ex.ply[1].nnotes == 1 &&
	    ex.ply[1].notes[0].valuelen == 3 &&
	    memcmp(ex.ply[1].notes[0].value, "1-0", 3) == 0);
	ck_assert_uint_eq(ex.ply[2].nnotes, 0);
}
END_TEST

/* Balanced openings under two-cycles=no: none on X1's two squares. */
START_TEST(test_balanced_profile)
{
	struct qttt_solver *solver = qttt_solver_new(1 << 20);
	struct qttt_game g[64];
	size_t		 n, i;
	int		 v;

	ck_assert_ptr_nonnull(solver);
	n = qttt_balanced_openings(solver, QTTT_RULES_NO_2CYCLES, g, 64);
	ck_assert(n > 0 && n <= 64);
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(g[i].nplies, 2);
		ck_assert_int_eq(g[i].state.rules, QTTT_RULES_NO_2CYCLES);
		ck_assert_int_eq(qttt_solver_value(solver, &g[i].state, &v,
		    NULL), QTTT_OK);
		ck_assert_int_eq(v, 0);
		ck_assert(g[i].plies[0].sq[0] != g[i].plies[1].sq[0] ||
		    g[i].plies[0].sq[1] != g[i].plies[1].sq[1]);
	}
	qttt_solver_free(solver);
}
END_TEST

/* A record written with its tags reads back as the same. */
START_TEST(test_tags)
{
	static struct qttt_record rec;
	static struct qttt_match_record store;
	struct qttt_match_game g, back;
	struct qttt_match_info info, info2;
	struct qttt_extras ex;
	struct qttt_generator gen;
	struct qttt_game played;
	char		*buf = NULL, msg[128];
	size_t		 len = 0, i;
	FILE		*f;
	int		 k;

	qttt_generator_init(&gen, 3, 0);
	for (k = 0; k < 3; k++) {
		memset(&g, 0, sizeof(g));
		qttt_generator_game(&gen, &g.game);
		g.opening = 1;
		for (i = 0; i < QTTT_MAXPLIES; i++) {
			g.value[i] = i % 3 == 0 ? QTTT_NOVALUE :
			    (signed char)(i % 5 - 2);
			g.ms[i] = i == 0 ? -1 : (long long)(i * 7);
		}
		g.loser = -1;
		g.term = QTTT_TERM_NORMAL;
		g.score = g.game.state.result;
		if (k == 1) {
			qttt_game_state_at(&g.game, g.game.nplies - 1,
			    &g.game.state);
			g.game.nplies--;
			g.term = QTTT_TERM_ILLEGAL;
			g.loser = QTTT_O;
			scored(&back, 2, 0, g.term, g.loser);
			g.score = back.score;
			strcpy(g.why, "O (a \"b\"; c): 'O4 a1 a1' is illegal");
		}
		memset(&info, 0, sizeof(info));
		info.event = text("test #1");
		info.round = 12;
		info.x = text("qttt-engine 0.1.0 perfect");
		info.o = text("1-0");
		info.timecontrol = text(k == 2 ? "" : "movetime 100");
		info.opening = k == 0 ? 0 : 5;
		qttt_match_extras(&g, &info, &store, &ex);
		f = open_memstream(&buf, &len);
		ck_assert_ptr_nonnull(f);
		ck_assert_int_eq(qttt_record_write(f, QTTT_FORMAT_LINE, &g.game, &ex, NULL), 0);
		fclose(f);
		ck_assert(len > 0 && buf[len - 1] == '\n');
		ck_assert_int_eq(qttt_line_parse(buf, len - 1, 0, &rec), 1);
		ck_assert_msg(qttt_record_play(&rec, &played) == 0, "%s: %s",
		    buf, rec.diags[0].msg);
		/* A forfeit states the result awarded, which its
		 * termination explains. */
		ck_assert_ptr_null(strstr(buf, "[score"));
		ck_assert_int_eq(rec.termination, g.term);
		ck_assert(qttt_result_equal(qttt_record_result(&rec, &played),
		    &g.score));
		if (k == 1)
			ck_assert_str_eq(buf + len - 6, "; 1-0\n");
		ck_assert_int_eq(qttt_match_read(&rec, &played, &back, &info2,
		    msg, sizeof(msg)), 0);
		ck_assert_int_eq(back.term, g.term);
		ck_assert_int_eq(back.loser, g.loser);
		ck_assert_mem_eq(&back.score, &g.score, sizeof(g.score));
		ck_assert_str_eq(back.why, g.why);
		for (i = 0; i < g.game.nplies; i++) {
			ck_assert_int_eq(back.value[i], g.value[i]);
			ck_assert_int_eq(back.ms[i], k == 2 ? -1 : g.ms[i]);
		}
		ck_assert_uint_eq(info2.round, 12);
		ck_assert_uint_eq(info2.opening, info.opening);
		ck_assert_uint_eq(info2.o.len, 3);
		ck_assert(memcmp(info2.x.s, info.x.s, info.x.len) == 0);
		ck_assert_uint_eq(info2.event.len, info.event.len);
		ck_assert_uint_eq(info2.timecontrol.len, info.timecontrol.len);
		free(buf);
		buf = NULL;
	}
	/* A record without the tags is refused, saying which. */
	ck_assert_int_eq(qttt_line_parse("[event e] [x a] [o b] X1 a1 b1", 30,
	    0, &rec), 1);
	qttt_record_play(&rec, &played);
	ck_assert_int_eq(qttt_match_read(&rec, &played, &back, &info2, msg,
	    sizeof(msg)), -1);
	ck_assert_str_eq(msg, "no [round N] tag");
	ck_assert_int_eq(qttt_line_parse("[event e] [round 1] [x a] [o b] "
	    "[termination normal] X1 a1 b1", 58, 0, &rec), 1);
	qttt_record_play(&rec, &played);
	ck_assert_int_eq(qttt_match_read(&rec, &played, &back, &info2, msg,
	    sizeof(msg)), -1);
	ck_assert_str_eq(msg, "a game that ended normally is not over");
	/* As earlier versions wrote a forfeit: "*" and a [score] tag. */
	ck_assert_int_eq(qttt_line_parse("[event e] [round 1] [x a] [o b] "
	    "[termination time] [score 0-1] X1 a1 b1; *", 71, 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &played), 0);
	ck_assert_int_eq(qttt_match_read(&rec, &played, &back, &info2, msg,
	    sizeof(msg)), 0);
	ck_assert(back.score.over && back.score.score[QTTT_O] == 2 &&
	    back.loser == QTTT_X);
	ck_assert_int_eq(qttt_line_parse("[event e] [round 1] [x a] [o b] "
	    "[termination time] X1 a1 b1", 55, 0, &rec), 1);
	qttt_record_play(&rec, &played);
	ck_assert_int_eq(qttt_match_read(&rec, &played, &back, &info2, msg,
	    sizeof(msg)), -1);
	ck_assert_str_eq(msg, "no result that the termination explains");
}
END_TEST

/*
 * An adjudicated result is the solver's value of the last position
 * under the record's profile, exactly: another, which the notation
 * accepts, is refused at the result; a forfeit or a game the board
 * ended is not searched.
 */
static const struct {
	const char	*line;
	enum qttt_code	 code;
} awards[] = {
	{ "[termination adjudication] X1 c1 a2; O2 a1 a3; 0-0", QTTT_OK },
	{ "[termination adjudication] X1 c1 a2; O2 a1 a3; 1-0",
	    QTTT_E_RESULT },
	{ "[termination adjudication] 1-1/2", QTTT_OK },
	{ "[termination adjudication] 0-0", QTTT_E_RESULT },
	{ "[rules complete-win] [termination adjudication] 0-0", QTTT_OK },
	{ "[rules complete-win] [termination adjudication] 1-0",
	    QTTT_E_RESULT },
	{ "[termination crash] X1 c1 a2; O2 a1 a3; 1-0", QTTT_OK },
	{ "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0", QTTT_OK },
};

START_TEST(test_award)
{
	static struct qttt_record rec;
	struct qttt_solver *solver = qttt_solver_new(1 << 20);
	struct qttt_game g;
	const char	*line = awards[_i].line;
	size_t		 n = strlen(line);

	ck_assert_ptr_nonnull(solver);
	ck_assert_int_eq(qttt_line_parse(line, n, 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
	ck_assert(rec.awarded.over ==
	    (strstr(line, "termination") != NULL));
	ck_assert_int_eq(qttt_record_check_award(solver, &rec),
	    awards[_i].code);
	if (awards[_i].code == QTTT_OK) {
		ck_assert_uint_eq(rec.ndiags, 0);
		ck_assert_uint_eq(rec.nerrors, 0);
	} else {
		ck_assert_uint_eq(rec.nerrors, 1);
		ck_assert_int_eq(rec.diags[0].code, QTTT_E_RESULT);
		ck_assert_uint_eq(rec.diags[0].col, n - 3 -
		    (line[n - 2] == '/' ? 2 : 0));
		ck_assert_ptr_nonnull(strstr(rec.diags[0].msg,
		    "by adjudication, but perfect play from the last "
		    "position gives"));
		/* Not awarded: -r writes the game unfinished. */
		ck_assert(!rec.awarded.over);
	}
	qttt_solver_free(solver);
}
END_TEST

/* A state's history replays to it, for positions of random games. */
START_TEST(test_history)
{
	struct qttt_generator gen;
	struct qttt_game g, h;
	struct qttt_state st;
	size_t		 ply;
	int		 k;

	qttt_generator_init(&gen, 17, 0);
	for (k = 0; k < 200; k++) {
		qttt_generator_game(&gen, &g);
		for (ply = 0; ply <= g.nplies; ply++) {
			qttt_game_state_at(&g, ply, &st);
			ck_assert_int_eq(qttt_state_history(&st, &h), 1);
			ck_assert(qttt_state_equal(&h.state, &st));
		}
	}
	/* A state the rules cannot reach has none. */
	st.board[0] = 4;
	ck_assert_int_eq(qttt_state_history(&st, &h), 0);
	/* Under a profile, a history played by it. */
	gen.rules = QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW;
	for (k = 0; k < 50; k++) {
		qttt_generator_game(&gen, &g);
		for (ply = 0; ply <= g.nplies; ply++) {
			qttt_game_state_at(&g, ply, &st);
			ck_assert_uint_eq(st.rules, gen.rules);
			ck_assert_int_eq(qttt_state_history(&st, &h), 1);
			ck_assert(qttt_state_equal(&h.state, &st));
		}
	}
}
END_TEST

/* Suite lines that read, and the canonical form each writes. */
static const struct {
	const char	*line;
	const char	*canonical;	/* NULL: the line itself */
} suite_good[] = {
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 c3, X1 c1 a3; value 1-1/2; "
	    "id \"qttt.001\"; comment \"an early move\"", NULL },
	{ "  .,.,./.,.,./.,.,. X1 - * ;best X1 3 7,X1 C3 A1;id q1;\r",
	    ".,.,./.,.,./.,.,. X1 - *; best X1 a1 c3, X1 c1 a3; id \"q1\"" },
	{ "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *; best measure X1->a2; "
	    "comment \"a \\\"3\\\" cycle; \\\\\"",
	    "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *; best measure O4->a1; "
	    "comment \"a \\\"3\\\" cycle; \\\\\"" },
	{ "O6,X3,./O4,.,./X5,X1,O2 X7 - *; avoid X7 c1 c2; value 1-0;", 
	    "O6,X3,./O4,.,./X5,X1,O2 X7 - *; avoid X7 c1 c2; value 1-0" },
};

START_TEST(test_suite_good)
{
	struct qttt_suite_entry e, back;
	struct qttt_diag d;
	const char	*line = suite_good[_i].line, *want;
	char		 buf[1024];
	int		 n;

	want = suite_good[_i].canonical != NULL ? suite_good[_i].canonical :
	    line;
	ck_assert_msg(qttt_suite_parse(line, strlen(line), &e, &d) == 1,
	    "'%s': %s", line, d.msg);
	n = qttt_suite_format(&e, buf, sizeof(buf));
	ck_assert_msg(n >= 0 && strcmp(buf, want) == 0, "'%s' writes '%s'",
	    line, buf);
	ck_assert_int_eq(qttt_suite_parse(buf, (size_t)n, &back, &d), 1);
	ck_assert_mem_eq(&e, &back, sizeof(e));
}
END_TEST

static const struct {
	const char	*line;
	enum qttt_code	 code;
	unsigned long	 col;		/* 1-based */
	const char	*says;
} suite_bad[] = {
	{ ".,.,./.,.,./.,.,. X1 - *", QTTT_E_SUITE, 25, "';' and" },
	{ ".,.,./.,.,./.,.,. X1 - *;", QTTT_E_SUITE, 26, "neither" },
	{ ".,.,./.,.,./.,.,. X1 - *; value 1-1/2", QTTT_E_SUITE, 38,
	    "neither" },
	{ ".,.,./.,.,./.,.,. X9 - *; best X1 a1 b1", QTTT_E_STATE, 19, "" },
	{ ".,.,./.,.,./.,.,. X1 - *; bets X1 a1 b1", QTTT_E_SUITE, 27,
	    "not an operation" },
	{ ".,.,./.,.,./.,.,. X1 - *; best", QTTT_E_SUITE, 31, "takes" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 a1", QTTT_E_SAMESQUARE, 32,
	    "" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1, X1 b1 a1", QTTT_E_SUITE,
	    42, "twice" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1,", QTTT_E_SUITE, 41,
	    "missing" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1 [x y]", QTTT_E_SUITE, 32,
	    "no tag" },
	{ ".,.,./.,.,./.,.,. X1 - *; best O2 a1 b1", QTTT_E_ORDER, 32, "" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1; best X1 a1 c1",
	    QTTT_E_SUITE, 42, "twice" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1; value 1-1", QTTT_E_SUITE,
	    48, "result" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1; id \"q", QTTT_E_SUITE,
	    45, "not closed" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1; id \"q\" r",
	    QTTT_E_SUITE, 49, "after the closing" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1; id q\\", QTTT_E_SUITE,
	    46, "without quotes" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1; id \"\\n\"",
	    QTTT_E_SUITE, 46, "escapes only" },
	{ ".,.,./.,.,./.,.,. X1 - *; best X1 a1 b1\001", QTTT_E_CONTROL, 40,
	    "" },
};

START_TEST(test_suite_bad)
{
	struct qttt_suite_entry e;
	struct qttt_diag d;
	const char	*line = suite_bad[_i].line;

	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(qttt_suite_parse(line, strlen(line), &e, &d), -1);
	ck_assert_msg(d.code == suite_bad[_i].code, "'%s': %s (%s)", line,
	    qttt_code_name(d.code), d.msg);
	ck_assert_msg(d.col + 1 == suite_bad[_i].col, "'%s': column %lu (%s)",
	    line, d.col + 1, d.msg);
	ck_assert_msg(strstr(d.msg, suite_bad[_i].says) != NULL, "'%s': %s",
	    line, d.msg);
	ck_assert_int_eq(qttt_suite_parse(line, strlen(line), &e, NULL), -1);
}
END_TEST

/* Blank and comment lines; proofs; the judge. */
START_TEST(test_suite_prove)
{
	struct qttt_solver *solver = qttt_solver_new(1 << 20);
	struct qttt_suite_entry e;
	struct qttt_diag d;
	struct qttt_action a = { QTTT_PLACE, 1, { 8, 0 } };
	const char	*s;

	ck_assert_ptr_nonnull(solver);
	ck_assert_int_eq(qttt_suite_parse("", 0, &e, &d), 0);
	ck_assert_int_eq(qttt_suite_parse("  # a comment", 13, &e, &d), 0);
	s = ".,.,./.,.,./.,.,. X1 - *; best X1 a1 c3, X1 c1 a3; value 1-1/2";
	ck_assert_int_eq(qttt_suite_parse(s, strlen(s), &e, &d), 1);
	ck_assert_int_eq(qttt_suite_prove(solver, &e, &d), QTTT_OK);
	ck_assert(qttt_suite_solved(&e, &a));		/* X1 c3 a1 */
	a.sq[0] = 1;
	ck_assert(!qttt_suite_solved(&e, &a));		/* X1 b1 a1 */
	a.sq[0] = 0;
	ck_assert(!qttt_suite_solved(&e, &a));		/* illegal */
	e.value = 0;
	ck_assert_int_eq(qttt_suite_prove(solver, &e, &d), QTTT_E_UNPROVEN);
	ck_assert_str_eq(d.msg, "the value is 1-1/2");
	s = ".,.,./.,.,./.,.,. X1 - *; best X1 a1 c3";
	ck_assert_int_eq(qttt_suite_parse(s, strlen(s), &e, &d), 1);
	ck_assert_int_eq(qttt_suite_prove(solver, &e, &d), QTTT_E_UNPROVEN);
	ck_assert_str_eq(d.msg, "X1 c1 a3 is a best action, but the list says "
	    "it is not");
	s = ".,.,./.,.,./.,.,. X1 - *; avoid X1 a1 b1";
	ck_assert_int_eq(qttt_suite_parse(s, strlen(s), &e, &d), 1);
	ck_assert_int_eq(qttt_suite_prove(solver, &e, &d), QTTT_E_UNPROVEN);
	ck_assert_str_eq(d.code == QTTT_E_UNPROVEN ? "" : "x", "");
	/* X9 on its square, and a measurement named by another move. */
	s = "O4,O8,X7/X1,O2,O6/.,X3,X5 X9 - *; best X9 a3; value 1-0";
	ck_assert_int_eq(qttt_suite_parse(s, strlen(s), &e, &d), 1);
	ck_assert_int_eq(qttt_suite_prove(solver, &e, &d), QTTT_OK);
	a.move = 9;
	a.sq[0] = a.sq[1] = 6;
	ck_assert(qttt_suite_solved(&e, &a));
	s = "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *; best measure O4->b3";
	ck_assert_int_eq(qttt_suite_parse(s, strlen(s), &e, &d), 1);
	a.kind = QTTT_MEASURE;
	a.move = 1;
	a.sq[0] = 0;		/* X1->a1: O4 goes to b3 */
	ck_assert(qttt_suite_solved(&e, &a));
	a.sq[0] = 3;
	ck_assert(!qttt_suite_solved(&e, &a));
	qttt_solver_free(solver);
}
END_TEST

/* The shipped suite reads, writes back as it is, and is proven. */
START_TEST(test_suite_shipped)
{
	struct qttt_solver *solver = qttt_solver_new(1 << 22);
	struct qttt_suite_entry e;
	struct qttt_diag d;
	FILE		*f = fopen("suites/qttt.suite", "r");
	char		*line = NULL, buf[1024];
	size_t		 cap = 0, entries = 0;
	ssize_t		 n;
	int		 k;

	ck_assert_ptr_nonnull(solver);
	ck_assert_ptr_nonnull(f);
	while ((n = getline(&line, &cap, f)) != -1) {
		line[--n] = '\0';
		k = qttt_suite_parse(line, (size_t)n, &e, &d);
		ck_assert_msg(k >= 0, "%s: %s", line, d.msg);
		if (k == 0)
			continue;
		entries++;
		ck_assert_int_eq(qttt_suite_format(&e, buf, sizeof(buf)),
		    (int)n);
		ck_assert_str_eq(buf, line);
		ck_assert_msg(qttt_suite_prove(solver, &e, &d) == QTTT_OK,
		    "%s: %s", e.id, d.msg);
	}
	ck_assert_uint_ge(entries, 60);
	free(line);
	fclose(f);
	qttt_solver_free(solver);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The match director (lib/protocol/match.c), with no process           */
/* ------------------------------------------------------------------ */

/*
 * The result of a game started as st: engine 0 beats the others, its
 * opponent forfeiting on time after the opening, when strong; else a
 * random game from the opening, by the seed of X.
 */
static void
finish_game(const struct qttt_match_start *st, int strong,
    struct qttt_match_game *g)
{
	struct qttt_generator gen;
	struct qttt_game rest;
	size_t		 i;
	int		 loser = st->fixture.x == 0 ? QTTT_O : QTTT_X;

	memset(g, 0, sizeof(*g));
	g->game = st->opening;
	g->opening = st->opening.nplies;
	for (i = 0; i < QTTT_MAXPLIES; i++) {
		g->value[i] = QTTT_NOVALUE;
		g->ms[i] = -1;
	}
	if (strong) {
		scored(g, loser == QTTT_X ? 0 : 2, loser == QTTT_X ? 2 : 0,
		    QTTT_TERM_TIME, loser);
		g->game = st->opening;
		g->opening = st->opening.nplies;
		snprintf(g->why, sizeof(g->why), "%c (e): no bestaction "
		    "within 10 ms", QTTT_PLAYER_LETTER(loser));
		return;
	}
	qttt_generator_init(&gen, st->fixture.seed[QTTT_X], 0);
	rest = st->opening;
	while (!rest.state.result.over) {
		struct qttt_action a[64];
		size_t	 n = qttt_state_actions(&rest.state, a);

		ck_assert_int_eq(qttt_game_play(&rest,
		    &a[qttt_generator_uniform(&gen, n)], NULL), QTTT_OK);
	}
	g->game = rest;
	g->loser = -1;
	g->term = QTTT_TERM_NORMAL;
	g->score = rest.state.result;
}

static struct qttt_match *
director(size_t engines, unsigned long games, size_t jobs, uint64_t seed,
    int sprt)
{
	struct qttt_match_opts o;
	struct qttt_match *m;
	char		 name[16];
	size_t		 i;

	memset(&o, 0, sizeof(o));
	o.sched.engines = engines;
	o.sched.games = games;
	o.sched.seed = seed;
	o.rules = QTTT_RULES_GOFF;
	o.jobs = jobs;
	o.sprt = sprt;
	o.test.elo0 = 0;
	o.test.elo1 = 100;
	o.test.alpha = o.test.beta = 0.05;
	m = qttt_match_new(&o);
	ck_assert_ptr_nonnull(m);
	for (i = 0; i < engines; i++) {
		snprintf(name, sizeof(name), "e%zu", i % 2);
		qttt_match_name(m, i, name);
	}
	return m;
}

/*
 * Plays a whole match as a front end would with jobs jobs, the games
 * ending in an order of their own (the last started first), and each
 * game written as the director gives it, as a record into f if f is
 * not NULL: by qttt_match_write() with progress (a line a game, at
 * 3 s for each game played), else by the director's parts; returns the
 * games written.
 */
static unsigned long long
drive_lines(struct qttt_match *m, size_t jobs, int strong, FILE *f,
    char (*progress)[128])
{
	static struct qttt_match_record store;
	struct qttt_match_start run[8];
	struct qttt_match_game g;
	const struct qttt_match_game *w;
	struct qttt_match_info info;
	struct qttt_extras ex;
	struct qttt_diag d;
	unsigned long long i, expect = qttt_match_written(m);
	size_t		 n = 0, steps = 0;

	while (!qttt_match_over(m)) {
		ck_assert_uint_lt(++steps, 100000);
		while (n < jobs && qttt_match_next(m, &run[n]))
			n++;
		/* The window stops a job before it runs away. */
		ck_assert_uint_gt(n, 0);
		n--;
		finish_game(&run[n], strong, &g);
		qttt_match_done(m, run[n].game, &g);
		while ((w = qttt_match_ready(m, &i)) != NULL) {
			ck_assert_uint_eq(i, expect);
			expect++;
			if (progress != NULL) {
				ck_assert_int_eq(qttt_match_write(m, f, "e",
				    NULL, &d), 1);
				qttt_match_progress(m, i, w, 3000 * (long long)
				    (i + 1), i + 1, progress[i],
				    sizeof(progress[0]));
				continue;
			}
			if (f != NULL) {
				qttt_match_describe(m, i, &info);
				info.event = text("e");
				qttt_match_extras(w, &info, &store, &ex);
				ck_assert_int_eq(qttt_record_write(f,
				    QTTT_FORMAT_LINE, &w->game, &ex, NULL), 0);
			}
			ck_assert_int_eq(qttt_match_count(m, &d), QTTT_OK);
		}
	}
	return qttt_match_written(m);
}

static unsigned long long
drive(struct qttt_match *m, size_t jobs, int strong, FILE *f)
{
	return drive_lines(m, jobs, strong, f, NULL);
}

/*
 * Engines of one name are numbered; a name that only starts with an
 * earlier one's, or one an earlier one only starts with, is not.
 */
START_TEST(test_director_names)
{
	static const char *const given[] = { "alphabeta", "alpha", "alpha",
	    "alphabeta", "alpha (9", "alpha" };
	static const char *const named[] = { "alphabeta", "alpha",
	    "alpha (2)", "alphabeta (2)", "alpha (9", "alpha (3)" };
	struct qttt_match_opts o;
	struct qttt_match *m;
	size_t		 i;

	memset(&o, 0, sizeof(o));
	o.sched.engines = sizeof(given) / sizeof(given[0]);
	o.sched.games = 2;
	ck_assert_ptr_nonnull(m = qttt_match_new(&o));
	for (i = 0; i < sizeof(given) / sizeof(given[0]); i++)
		qttt_match_name(m, i, given[i]);
	for (i = 0; i < sizeof(given) / sizeof(given[0]); i++)
		ck_assert_str_eq(qttt_match_engine(m, i), named[i]);
	qttt_match_free(m);
}
END_TEST

/* A whole match: every game once, written in order, counted. */
START_TEST(test_director)
{
	struct qttt_match *m = director(3, 6, 3, 7, 0);
	struct qttt_match_start st;
	const struct qttt_tally *t;
	unsigned long long total = qttt_match_total(m);
	size_t		 i;
	unsigned long	 games = 0, points = 0;

	ck_assert_uint_eq(total, 18);
	ck_assert_str_eq(qttt_match_engine(m, 0), "e0");
	ck_assert_str_eq(qttt_match_engine(m, 1), "e1");
	ck_assert_str_eq(qttt_match_engine(m, 2), "e0 (2)");
	ck_assert_uint_eq(drive(m, 3, 0, NULL), 18);
	ck_assert(qttt_match_over(m));
	ck_assert_int_eq(qttt_match_next(m, &st), 0);
	for (i = 0; i < 3; i++) {
		const unsigned long *against = qttt_match_against(m, i);
		const unsigned long *met = qttt_match_met(m, i);
		size_t		 k;
		unsigned long	 sum = 0;

		t = qttt_match_tally(m, i);
		ck_assert_uint_eq(t->games, 12);
		games += t->games;
		points += t->points[0] + t->points[1];
		/* The crosstable: its row adds up to its points. */
		for (k = 0; k < 3; k++) {
			sum += against[k];
			ck_assert_uint_eq(met[k], k == i ? 0 : 6);
		}
		ck_assert_uint_eq(sum, t->points[0] + t->points[1]);
	}
	/* Each game counted once for each of its engines. */
	ck_assert_uint_eq(games, 36);
	ck_assert_uint_le(points, 2 * 18 * 2);
	ck_assert_ptr_null(qttt_match_sprt(m));
	qttt_match_free(m);
	qttt_match_free(NULL);
}
END_TEST

/* The SPRT stops a lopsided match after a pair, on any number of jobs. */
START_TEST(test_director_sprt)
{
	struct qttt_match *m = director(2, 1000, 1 + _i, 7, 1);
	const struct qttt_sprt *sprt;
	unsigned long long n = drive(m, 1 + _i, 1, NULL);

	sprt = qttt_match_sprt(m);
	ck_assert_ptr_nonnull(sprt);
	ck_assert_int_eq(sprt->decided, 1);
	ck_assert_uint_lt(n, 100);
	ck_assert_uint_eq(n % 2, 0);
	ck_assert_uint_eq(qttt_match_total(m), n);
	ck_assert_uint_eq(qttt_match_tally(m, 0)->points[0] +
	    qttt_match_tally(m, 0)->points[1], 2 * n);
	qttt_match_free(m);
}
END_TEST

/*
 * Resume: the records of a match stopped halfway go on in a new
 * director, which plays the rest and ends as a match never stopped;
 * another seed or other engines are refused, saying which.
 */
static const char *const refusals[] = {
	"game 1 is not game 1 of this match: its seed is 5, not 6 (-s)",
	"game 1 is not game 1 of this match: its engines are 'e0' and 'e1', "
	    "not 'e0' and 'other'",
	"game 1 is not game 1 of this match: it has no opening, where this "
	    "match has opening 1 (-o)",
};

START_TEST(test_director_resume)
{
	static struct qttt_record rec;
	struct qttt_match *a = director(2, 20, 2, 5, 0), *b, *c;
	struct qttt_game played;
	char		*buf = NULL, *line, *nl, msg[QTTT_MSG_MAX];
	size_t		 len = 0, k;
	unsigned long	 lineno = 0;
	FILE		*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(drive(a, 2, 0, f), 20);
	fclose(f);
	b = director(2, 20, 2, 5, 0);
	for (line = buf; lineno < 11; line = nl + 1, lineno++) {
		nl = strchr(line, '\n');
		ck_assert_int_eq(qttt_line_parse(line, (size_t)(nl - line),
		    lineno, &rec), 1);
		ck_assert_int_eq(qttt_record_play(&rec, &played), 0);
		ck_assert_msg(qttt_match_resume(b, &rec, &played, msg,
		    sizeof(msg)) == 0, "%s", msg);
	}
	ck_assert_uint_eq(qttt_match_written(b), 11);
	/* The game after the file's is the next to start. */
	ck_assert_uint_eq(drive(b, 2, 0, NULL), 20);
	for (k = 0; k < 2; k++)
		ck_assert_mem_eq(qttt_match_tally(a, k), qttt_match_tally(b, k),
		    sizeof(struct qttt_tally));
	/* Another seed; other engines; openings where the file has none. */
	nl = strchr(buf, '\n');
	ck_assert_int_eq(qttt_line_parse(buf, (size_t)(nl - buf), 0, &rec), 1);
	qttt_record_play(&rec, &played);
	for (k = 0; k < 3; k++) {
		c = director(2, 20, 1, k == 0 ? 6 : 5, 0);
		if (k == 1)
			qttt_match_name(c, 1, "other");
		if (k == 2) {
			struct qttt_game o;
			struct qttt_diag d;
			struct qttt_action x1 = { .kind = QTTT_PLACE,
			    .move = 1, .sq = { 0, 1 } };

			qttt_game_init(&o);
			ck_assert_int_eq(qttt_game_play(&o, &x1, NULL),
			    QTTT_OK);
			ck_assert_int_eq(qttt_match_opening(c, &o, 0, &d), 0);
		}
		ck_assert_int_eq(qttt_match_resume(c, &rec, &played, msg,
		    sizeof(msg)), -1);
		ck_assert_str_eq(msg, refusals[k]);
		qttt_match_free(c);
	}
	qttt_match_free(a);
	qttt_match_free(b);
	free(buf);
}
END_TEST

/* Openings are played by the match's rules; a finished one is refused. */
START_TEST(test_director_openings)
{
	struct qttt_match_opts o;
	struct qttt_match *m;
	struct qttt_match_start st;
	struct qttt_game g;
	struct qttt_diag d;
	struct qttt_action x1 = { .kind = QTTT_PLACE, .move = 1,
	    .sq = { 0, 1 } }, o2 = { .kind = QTTT_PLACE, .move = 2,
	    .sq = { 0, 1 } };

	memset(&o, 0, sizeof(o));
	o.sched.engines = 2;
	o.sched.games = 2;
	ck_assert_int_eq(qttt_rules_parse("two-cycles=no", 13, &o.rules,
	    NULL), 0);
	m = qttt_match_new(&o);
	ck_assert_ptr_nonnull(m);
	qttt_game_init(&g);
	qttt_game_play(&g, &x1, NULL);
	qttt_game_play(&g, &o2, NULL);
	ck_assert_int_eq(qttt_match_opening(m, &g, 0, &d), -1);
	ck_assert_msg(strstr(d.msg, "not a game of the rules two-cycles=no: "
	    "ply 2, 'O2 a1 b1'") != NULL, "%s", d.msg);
	qttt_game_init(&g);
	qttt_game_play(&g, &x1, NULL);
	ck_assert_int_eq(qttt_match_opening(m, &g, 0, &d), 0);
	ck_assert_int_eq(qttt_match_next(m, &st), 1);
	ck_assert_uint_eq(st.opening.nplies, 1);
	ck_assert_uint_eq(st.opening.state.rules, o.rules);
	/* Fixed once the match has begun. */
	ck_assert_int_eq(qttt_match_opening(m, &g, 0, &d), -1);
	qttt_match_free(m);
}
END_TEST

/*
 * Openings kept packed by the director, games and positions of a
 * profile: each game starts with its opening again, by value, played
 * by the match's rules, the positions sent as positions.
 */
START_TEST(test_director_packed)
{
	struct qttt_match_opts o;
	struct qttt_match *m;
	struct qttt_match_start st;
	struct qttt_match_game mg;
	struct qttt_generator gen;
	struct qttt_game g, open;
	struct qttt_state want[40];
	struct qttt_diag d;
	unsigned long long started = 0, i;
	size_t		 k, ply, p;

	memset(&o, 0, sizeof(o));
	o.sched.engines = 2;
	o.sched.games = 2 * 40;
	o.rules = QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW;
	m = qttt_match_new(&o);
	ck_assert_ptr_nonnull(m);
	qttt_match_name(m, 0, "a");
	qttt_match_name(m, 1, "b");
	qttt_generator_init(&gen, 29, 0);
	gen.rules = o.rules;
	for (k = 0; k < 40; k++) {
		qttt_generator_game(&gen, &g);
		ply = k % g.nplies;
		qttt_game_state_at(&g, ply, &want[k]);
		qttt_game_init(&open);
		open.state.rules = (unsigned char)o.rules;
		for (p = 0; p < ply; p++)
			ck_assert_int_eq(qttt_game_play(&open, &g.plies[p],
			    NULL), QTTT_OK);
		if (k % 2 == 1)
			open.state = want[k];
		ck_assert_int_eq(qttt_match_opening(m, &open, k % 2, &d), 0);
	}
	ck_assert_uint_eq(qttt_match_total(m), 80);
	while (!qttt_match_over(m)) {
		ck_assert_int_eq(qttt_match_next(m, &st), 1);
		started++;
		k = st.fixture.opening;
		ck_assert_uint_lt(k, 40);
		ck_assert_int_eq(st.from_state, (int)(k % 2));
		ck_assert_uint_eq(st.opening.state.rules, o.rules);
		ck_assert(qttt_state_equal(&st.opening.state, &want[k]));
		finish_game(&st, 1, &mg);
		qttt_match_done(m, st.game, &mg);
		ck_assert_ptr_nonnull(qttt_match_ready(m, &i));
		ck_assert_int_eq(qttt_match_count(m, &d), QTTT_OK);
	}
	ck_assert_uint_eq(started, 80);
	qttt_match_free(m);
}
END_TEST

/*
 * A match written by qttt_match_write() is the match the director's
 * parts write one by one; a line of progress says each game's points
 * so far and the time left at the pace given.
 */
START_TEST(test_match_write)
{
	struct qttt_match *a = director(2, 8, 2, 5, 0), *b;
	struct qttt_diag d;
	char		*want = NULL, *got = NULL, lines[8][128];
	size_t		 wlen = 0, glen = 0;
	FILE		*f = open_memstream(&want, &wlen);

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(drive(a, 2, 1, f), 8);
	fclose(f);
	b = director(2, 8, 2, 5, 0);
	ck_assert_ptr_nonnull(f = open_memstream(&got, &glen));
	ck_assert_int_eq(qttt_match_write(b, f, "e", NULL, &d), 0);
	ck_assert_uint_eq(drive_lines(b, 2, 1, f, lines), 8);
	fclose(f);
	ck_assert_uint_eq(glen, wlen);
	ck_assert_mem_eq(got, want, wlen);
	ck_assert_str_eq(lines[0], "game 1 of 8: e0 - e1 1-0 * (time); "
	    "points 1 of 1, 0 of 1; about 0:21 left");
	ck_assert_str_eq(lines[5], "game 6 of 8: e1 - e0 0-1 * (time); "
	    "points 0 of 6, 6 of 6; about 0:06 left");
	qttt_match_free(a);
	qttt_match_free(b);
	free(want);
	free(got);
}
END_TEST

/*
 * A file that a match wrote, read back line by line: its records go
 * on, a last line cut short is dropped; a comment, prose, an invalid
 * record and another match's game are refused, saying why.
 */
static char *
records_of(unsigned long games)
{
	struct qttt_match *a = director(2, games, 1, 5, 0);
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(drive(a, 1, 0, f), games);
	fclose(f);
	qttt_match_free(a);
	return buf;
}

START_TEST(test_match_resume_line)
{
	static struct qttt_record rec;
	struct qttt_match *b = director(2, 6, 1, 5, 0);
	struct qttt_diag d;
	char		*buf = records_of(6), *line, *nl;
	unsigned long	 lineno = 0;

	for (line = buf; lineno < 3; line = nl + 1, lineno++) {
		nl = strchr(line, '\n');
		ck_assert_int_eq(qttt_match_resume_line(b, line,
		    (size_t)(nl - line), 1, lineno, &rec, &d), 0);
	}
	ck_assert_uint_eq(qttt_match_written(b), 3);
	/* Game 4 cut short: the caller drops it. */
	ck_assert_int_eq(qttt_match_resume_line(b, line, 20, 0, 3, &rec, &d),
	    1);
	ck_assert_int_eq(qttt_match_resume_line(b, "A one-line essay.", 17,
	    0, 3, &rec, &d), -1);
	ck_assert_str_eq(d.msg, "a last line with no newline that is not "
	    "the start of a record");
	ck_assert_int_eq(qttt_match_resume_line(b, "# a comment", 11, 1, 3,
	    &rec, &d), -1);
	ck_assert_str_eq(d.msg, "a line that is not a record");
	ck_assert_uint_eq(d.line, 3);
	ck_assert_int_eq(qttt_match_resume_line(b, "X1 a1 b1; O2 a1 a1", 18,
	    1, 3, &rec, &d), -1);
	ck_assert_str_eq(d.msg, "");
	ck_assert_uint_gt(rec.ndiags, 0);
	/* Game 1 again, where game 4 is next. */
	ck_assert_int_eq(qttt_match_resume_line(b, buf, strcspn(buf, "\n"),
	    1, 3, &rec, &d), -2);
	ck_assert_msg(strncmp(d.msg, "game 4 is not game 4 of this match: ",
	    36) == 0, "%s", d.msg);
	ck_assert_uint_eq(qttt_match_written(b), 3);
	qttt_match_free(b);
	free(buf);
}
END_TEST

/*
 * A file that a match wrote, read back whole: every record goes on; a
 * last line cut short is to be dropped at the end of the records
 * before it; a line too long, another match's records and an unreadable
 * file are refused, saying why and where.
 */
static struct qttt_record resumed_rec;
static char	 resumed_line[QTTT_LINE_MAX + 1];

/* What a new director of the records of records_of() makes of text. */
static int
resumed(const char *text, size_t len, uint64_t *keep, struct qttt_diag *d,
    unsigned long long *written)
{
	struct qttt_match *b = director(2, 6, 1, 5, 0);
	FILE		*f = tmpfile();
	int		 r;

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	rewind(f);
	r = qttt_match_resume_file(b, f, resumed_line, sizeof(resumed_line),
	    keep, &resumed_rec, d);
	*written = qttt_match_written(b);
	fclose(f);
	qttt_match_free(b);
	return r;
}

START_TEST(test_match_resume_file)
{
	struct qttt_match *b;
	struct qttt_diag d;
	char		*buf = records_of(6), *third, *big;
	size_t		 len = strlen(buf), cut;
	uint64_t	 keep;
	unsigned long long written;
	FILE		*f;

	/* The whole file: six games written. */
	ck_assert_int_eq(resumed(buf, len, &keep, &d, &written), 0);
	ck_assert_uint_eq(keep, len);
	ck_assert_uint_eq(written, 6);

	/* Cut in the fourth record: three go on, the rest is dropped. */
	third = buf;
	for (cut = 0; cut < 3; cut++)
		third = strchr(third, '\n') + 1;
	cut = (size_t)(third - buf);
	ck_assert_int_eq(resumed(buf, cut + 20, &keep, &d, &written), 1);
	ck_assert_uint_eq(keep, cut);
	ck_assert_uint_eq(written, 3);

	/* A line too long after three records: line 4. */
	ck_assert_ptr_nonnull(big = malloc(cut + QTTT_LINE_MAX + 2));
	memcpy(big, buf, cut);
	memset(big + cut, 'x', QTTT_LINE_MAX + 1);
	big[cut + QTTT_LINE_MAX + 1] = '\n';
	ck_assert_int_eq(resumed(big, cut + QTTT_LINE_MAX + 2, &keep, &d,
	    &written), -1);
	ck_assert_int_eq(d.code, QTTT_E_LONGLINE);
	ck_assert_uint_eq(d.line, 3);
	ck_assert_uint_eq(resumed_rec.ndiags, 0);
	ck_assert_str_eq(d.msg, "a line of more than 65536 bytes");
	free(big);

	/* An invalid record: its diagnostics, their text in the buffer. */
	ck_assert_int_eq(resumed("X1 a1 b1; O2 a1 a1\n", 19, &keep, &d,
	    &written), -1);
	ck_assert_str_eq(d.msg, "");
	ck_assert_uint_gt(resumed_rec.ndiags, 0);
	ck_assert_ptr_eq(resumed_rec.text, resumed_line);

	/* Game 1 again where game 4 is next: another match's. */
	ck_assert_ptr_nonnull(big = malloc(len + cut));
	memcpy(big, buf, cut);
	memcpy(big + cut, buf, len);
	ck_assert_int_eq(resumed(big, cut + len, &keep, &d, &written), -2);
	ck_assert_uint_eq(d.line, 3);
	ck_assert_msg(strncmp(d.msg, "game 4 is not game 4 of this match: ",
	    36) == 0, "%s", d.msg);
	ck_assert_uint_eq(written, 3);
	free(big);

	/* A stream that cannot be read. */
	b = director(2, 6, 1, 5, 0);
	ck_assert_ptr_nonnull(f = fopen("/dev/null", "w"));
	ck_assert_int_eq(qttt_match_resume_file(b, f, resumed_line,
	    sizeof(resumed_line), &keep, &resumed_rec, &d), -3);
	ck_assert_int_eq(d.code, QTTT_E_IO);
	ck_assert_str_eq(d.msg, "read error");
	fclose(f);
	qttt_match_free(b);
	free(buf);
}
END_TEST

/*
 * The match's date is in every record, after the event; a match that
 * goes on from a file takes the date of its first record, and ends as
 * the match never stopped, unless its date is fixed, which the records
 * must then have.  A date is a real day, YYYY-MM-DD.
 */
START_TEST(test_match_date)
{
	static struct qttt_record rec;
	static const char *const bad[] = { "2026-02-30", "2026-12", "x",
	    "2026-12-5", "2026-12-05 " };
	struct qttt_match *a = director(2, 6, 1, 5, 0), *b;
	struct qttt_diag d;
	char		*buf = NULL, *again = NULL, *line, *nl;
	size_t		 len = 0, alen = 0, k;
	unsigned long	 lineno;
	FILE		*f = open_memstream(&buf, &len);

	ck_assert_int_eq(qttt_match_date(a, "2024-02-29", 0), 0);
	ck_assert_uint_eq(drive(a, 1, 0, f), 6);
	fclose(f);
	ck_assert_msg(strncmp(buf, "[event e] [date 2024-02-29] [round 1] ",
	    38) == 0, "%.60s", buf);
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		ck_assert_int_eq(qttt_match_date(a, bad[k], 0), -1);
	/* Another day, not fixed: the file's date, the same records. */
	for (k = 0; k < 2; k++) {
		b = director(2, 6, 1, 5, 0);
		ck_assert_int_eq(qttt_match_date(b, "2025-01-01", (int)k), 0);
		for (line = buf, lineno = 0; lineno < 2;
		    line = nl + 1, lineno++) {
			nl = strchr(line, '\n');
			if (qttt_match_resume_line(b, line, (size_t)(nl -
			    line), 1, lineno, &rec, &d) != 0)
				break;
		}
		if (k == 1) {
			ck_assert_uint_eq(lineno, 0);
			ck_assert_str_eq(d.msg, "game 1 is not game 1 of this "
			    "match: its date is 2024-02-29, not 2025-01-01 "
			    "(-D)");
			qttt_match_free(b);
			break;
		}
		ck_assert_uint_eq(lineno, 2);
		ck_assert_ptr_nonnull(f = open_memstream(&again, &alen));
		fwrite(buf, 1, (size_t)(line - buf), f);
		ck_assert_uint_eq(drive(b, 1, 0, f), 6);
		fclose(f);
		ck_assert_str_eq(again, buf);
		qttt_match_free(b);
	}
	/* No date: no tag, and a dated file is another match's. */
	b = director(2, 6, 1, 5, 0);
	ck_assert_int_eq(qttt_match_date(b, NULL, 1), 0);
	nl = strchr(buf, '\n');
	ck_assert_int_eq(qttt_match_resume_line(b, buf, (size_t)(nl - buf), 1,
	    0, &rec, &d), -2);
	ck_assert_msg(strstr(d.msg, "its date is 2024-02-29, not none (-D)") !=
	    NULL, "%s", d.msg);
	qttt_match_free(a);
	qttt_match_free(b);
	free(buf);
	free(again);
}
END_TEST

/*
 * An engine's settings as cutechess-cli takes them after the engine:
 * options in order, depth and nodes; what is none of these is an
 * engine's command, and what cannot be sent is refused, saying why.
 */
START_TEST(test_engine_settings)
{
	static const struct {
		const char	*arg, *says;
	} bad[] = {
		{ "option.=1", "is not empty" },
		{ "option. Level=1", "no blank at either end" },
		{ "option.Level", "not option.NAME=VALUE" },
		{ "option.a value b=1", "the word 'value'" },
		{ "option.a=b\tc", "control character" },
		{ "option.rules=goff", "set by the rule profile" },
		{ "option.LEVEL=weak", "set twice" },
		{ "depth=0", "not a limit" },
		{ "nodes=-1", "not a limit" },
		{ "depth=9223372036854775808", "not a limit" },
		{ "depth=3x", "not a limit" },
	};
	struct qttt_engine_settings s;
	struct qttt_diag d;
	char		 arg[400];
	size_t		 i;

	qttt_engine_settings_init(&s);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "./engine -l 3", &d), 0);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option-x=1", &d), 0);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.Level=weak",
	    &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.Clear Hash=",
	    &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.Book=a=b.bin",
	    &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "depth=12", &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "nodes=9223372036854775807",
	    &d), 1);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_str_eq(s.opt[0].name, "Level");
	ck_assert_str_eq(s.opt[0].value, "weak");
	ck_assert_str_eq(s.opt[1].name, "Clear Hash");
	ck_assert_str_eq(s.opt[1].value, "");
	ck_assert_str_eq(s.opt[2].name, "Book");
	ck_assert_str_eq(s.opt[2].value, "a=b.bin");
	ck_assert_uint_eq(s.depth, 12);
	ck_assert_uint_eq(s.nodes, 9223372036854775807ULL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(qttt_engine_settings_add(&s, bad[i].arg, &d),
		    -1);
		ck_assert_msg(strstr(d.msg, bad[i].says) != NULL, "%s: %s",
		    bad[i].arg, d.msg);
	}
	ck_assert_uint_eq(s.n, 3);
	ck_assert_uint_eq(s.depth, 12);
	for (i = 3; i < QTTT_SETTINGS_MAX; i++) {
		snprintf(arg, sizeof(arg), "option.o%zu=1", i);
		ck_assert_int_eq(qttt_engine_settings_add(&s, arg, &d), 1);
	}
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.more=1", &d), -1);
	memset(arg, 'n', sizeof(arg));
	memcpy(arg, "option.", 7);
	arg[7 + QTTT_SETTING_NAME_MAX] = '=';
	arg[8 + QTTT_SETTING_NAME_MAX] = '\0';
	qttt_engine_settings_init(&s);
	ck_assert_int_eq(qttt_engine_settings_add(&s, arg, &d), -1);
}
END_TEST

/* The peer's output after the lines given, as one string. */
static const char *
peer_after(struct qttt_peer *p, const char *const *lines)
{
	static char	 out[2048];
	const char	*text;
	size_t		 n;

	for (; *lines != NULL; lines++)
		qttt_peer_line(p, *lines, strlen(*lines), 0);
	n = qttt_peer_output(p, &text);
	ck_assert_uint_lt(n, sizeof(out));
	memcpy(out, text, n);
	out[n] = '\0';
	qttt_peer_written(p, n);
	return out;
}

/*
 * A peer sets the user's options after Rules, in the order given,
 * each as the engine lists it; an option it does not list, or a value
 * that option does not take, refuses the engine; every go has the
 * user's limits.
 */
START_TEST(test_peer_settings)
{
	static const char *const hello[] = { "id name e",
	    "option name Rules type combo default goff var goff",
	    "option name Level type combo default a var a var b",
	    "option name Depth type spin default 1 min 1 max 9",
	    "option name Ponder type check default false",
	    "option name Clear Hash type button",
	    "option name Book type string default none", "qtpok", NULL };
	static const struct {
		const char	*arg, *why;
	} refused[] = {
		{ "option.Hash=64", "it lists no option 'Hash' (option.Hash=64)" },
		{ "option.Level=c", "its option 'Level' does not take the value "
		    "'c'" },
		{ "option.Depth=10", "its option 'Depth' does not take" },
		{ "option.Depth=+1", "its option 'Depth' does not take" },
		{ "option.Ponder=yes", "its option 'Ponder' does not take" },
		{ "option.Clear Hash=now", "its option 'Clear Hash' does not" },
	};
	struct qttt_engine_settings s;
	struct qttt_qtp_msg pos, go;
	struct qttt_peer *p = qttt_peer_new();
	struct qttt_diag d;
	const char	*why, *out;
	size_t		 i;

	ck_assert_ptr_nonnull(p);
	qttt_engine_settings_init(&s);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.book=my book",
	    &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.Depth=9", &d),
	    1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.Clear Hash=",
	    &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "option.Ponder=true",
	    &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "depth=4", &d), 1);
	ck_assert_int_eq(qttt_engine_settings_add(&s, "nodes=500", &d), 1);
	qttt_peer_settings(p, &s);
	qttt_peer_hello(p, QTTT_RULES_GOFF, 0, 1000);
	ck_assert_str_eq(peer_after(p, hello + 8), "qtp\n");
	out = peer_after(p, hello);
	ck_assert_str_eq(out, "setoption name Rules value goff\n"
	    "setoption name book value my book\n"
	    "setoption name Depth value 9\n"
	    "setoption name Clear Hash\n"
	    "setoption name Ponder value true\nisready\n");
	qttt_peer_line(p, "readyok", 7, 0);
	ck_assert(qttt_peer_ready(p));
	qttt_qtp_init(&pos, QTTT_QTP_POSITION);
	qttt_game_init(&pos.game);
	qttt_qtp_init(&go, QTTT_QTP_GO);
	go.has = QTTT_QTP_HAS(QTTT_QTP_MOVETIME);
	go.num[QTTT_QTP_MOVETIME] = 100;
	ck_assert_int_eq(qttt_peer_go(p, &pos, &go, 0, 1000), 0);
	ck_assert_str_eq(peer_after(p, hello + 8),
	    "position start\ngo movetime 100 depth 4 nodes 500\n");
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		qttt_engine_settings_init(&s);
		ck_assert_int_eq(qttt_engine_settings_add(&s, refused[i].arg,
		    &d), 1);
		qttt_peer_reset(p);
		qttt_peer_hello(p, QTTT_RULES_GOFF, 0, 1000);
		out = peer_after(p, hello);
		ck_assert_msg(strstr(out, "isready") == NULL, "%s", out);
		ck_assert_int_eq(qttt_peer_fault(p, &why), QTTT_TERM_PROTOCOL);
		ck_assert_msg(strstr(why, refused[i].why) != NULL, "%s", why);
		ck_assert(qttt_peer_refused(p));
	}
	/* No settings: the handshake of before. */
	qttt_peer_settings(p, NULL);
	qttt_peer_reset(p);
	qttt_peer_hello(p, QTTT_RULES_GOFF, 0, 1000);
	ck_assert_str_eq(peer_after(p, hello), "qtp\nsetoption name Rules "
	    "value goff\nisready\n");
	qttt_peer_free(p);
}
END_TEST

/*
 * The balanced openings, added to a director: the solver's, in its
 * order, one a round; none once the match has begun.
 */
START_TEST(test_match_balanced)
{
	struct qttt_solver *sv = qttt_solver_new(1 << 20);
	struct qttt_match *m = director(2, 4, 1, 3, 0);
	struct qttt_match_start st;
	struct qttt_game g[64];
	struct qttt_diag d;
	size_t		 n;

	ck_assert_ptr_nonnull(sv);
	n = qttt_balanced_openings(sv, QTTT_RULES_GOFF, g, 64);
	ck_assert_uint_gt(n, 0);
	ck_assert_uint_eq(qttt_match_balanced(m, sv, &d), n);
	ck_assert_uint_eq(qttt_match_total(m), 4);
	ck_assert_int_eq(qttt_match_next(m, &st), 1);
	ck_assert_uint_eq(st.opening.nplies, g[0].nplies);
	ck_assert_mem_eq(st.opening.plies, g[0].plies,
	    g[0].nplies * sizeof(g[0].plies[0]));
	ck_assert_uint_eq(qttt_match_balanced(m, sv, &d), 0);
	ck_assert_msg(strstr(d.msg, "balanced opening 1: the match has "
	    "begun") != NULL, "%s", d.msg);
	qttt_match_free(m);
	qttt_solver_free(sv);
}
END_TEST

/* The standings of a director are those its tallies make. */
START_TEST(test_match_standings)
{
	struct qttt_match *m = director(3, 4, 1, 9, 0);
	struct qttt_standing en[3];
	struct qttt_standings s;
	static const char *const cmds[] = { "./a", "./b", "./c" };
	char		*want = NULL, *got = NULL;
	size_t		 wlen = 0, glen = 0, i;
	FILE		*f;
	int		 json;

	ck_assert_uint_eq(drive(m, 1, 0, NULL), 12);
	ck_assert_uint_eq(qttt_match_engines(m), 3);
	ck_assert_uint_eq(qttt_match_rules(m), QTTT_RULES_GOFF);
	for (json = 0; json < 2; json++) {
		for (i = 0; i < 3; i++)
			en[i] = (struct qttt_standing){ qttt_match_engine(m, i),
			    cmds[i], qttt_match_tally(m, i),
			    qttt_match_against(m, i), qttt_match_met(m, i) };
		memset(&s, 0, sizeof(s));
		s.games = 12;
		s.timecontrol = "movetime 5";
		s.nengines = 3;
		s.engines = en;
		ck_assert_ptr_nonnull(f = open_memstream(&want, &wlen));
		ck_assert_int_eq(qttt_standings_write(f, &s, json), 0);
		fclose(f);
		ck_assert_ptr_nonnull(f = open_memstream(&got, &glen));
		ck_assert_int_eq(qttt_match_standings(m, f, cmds,
		    "movetime 5", json), 0);
		fclose(f);
		ck_assert_str_eq(got, want);
		ck_assert_ptr_nonnull(strstr(got, "e0 (2)"));
		free(want);
		free(got);
		want = got = NULL;
	}
	qttt_match_free(m);
}
END_TEST

/* The settings as a user writes them: taken, or refused as a whole. */
START_TEST(test_settings)
{
	struct qttt_sprt t;
	enum qttt_adjudication a = QTTT_ADJ_NONE;
	unsigned int	 plies = 7;
	char		 tc[64];

	ck_assert_int_eq(qttt_sprt_parse("-5,5.5,0.05,0.1", &t), 0);
	ck_assert(t.elo0 == -5 && t.elo1 == 5.5 && t.alpha == 0.05 &&
	    t.beta == 0.1 && t.decided == 0);
	t.elo0 = 42;
	ck_assert_int_eq(qttt_sprt_parse("5,5,0.05,0.05", &t), -1);
	ck_assert_int_eq(qttt_sprt_parse("0,5,1,0.05", &t), -1);
	ck_assert_int_eq(qttt_sprt_parse("0,5,0.05", &t), -1);
	ck_assert_int_eq(qttt_sprt_parse("0,5,0.05,0.05,", &t), -1);
	ck_assert_int_eq(qttt_sprt_parse("-1001,5,0.05,0.05", &t), -1);
	ck_assert(t.elo0 == 42);
	ck_assert_int_eq(qttt_adjudication_parse("-1", &a, &plies), -1);
	ck_assert_int_eq(qttt_adjudication_parse("82", &a, &plies), -1);
	ck_assert_int_eq(qttt_adjudication_parse(" 3", &a, &plies), -1);
	ck_assert_int_eq(qttt_adjudication_parse("settle", &a, &plies), -1);
	ck_assert(a == QTTT_ADJ_NONE && plies == 7);
	ck_assert_int_eq(qttt_adjudication_parse("0", &a, &plies), 0);
	ck_assert(a == QTTT_ADJ_PLIES && plies == 0);
	ck_assert_int_eq(qttt_adjudication_parse("settled", &a, &plies), 0);
	ck_assert(a == QTTT_ADJ_SETTLED);
	qttt_timecontrol_format("60+0.5", 100, tc, sizeof(tc));
	ck_assert_str_eq(tc, "60+0.5, movetime 100");
	qttt_timecontrol_format("60", 0, tc, sizeof(tc));
	ck_assert_str_eq(tc, "60");
	qttt_timecontrol_format(NULL, 250, tc, sizeof(tc));
	ck_assert_str_eq(tc, "movetime 250");
	qttt_timecontrol_format(NULL, 0, tc, sizeof(tc));
	ck_assert_str_eq(tc, "");
}
END_TEST

/* A suite's verdicts in TAP, with # and \ escaped. */
START_TEST(test_suite_tap)
{
	struct qttt_suite_entry e;
	struct qttt_diag d;
	struct qttt_action x;
	const char	*s = ".,.,./.,.,./.,.,. X1 - *; best X1 a1 c3, X1 c1 "
	    "a3; id \"a#1\"";
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(qttt_suite_parse(s, strlen(s), &e, &d), 1);
	ck_assert_int_eq(qttt_suite_tap(f, 1, &e, &e.best[0], NULL), 1);
	memset(&x, 0, sizeof(x));
	x.kind = QTTT_PLACE;
	x.move = 1;
	x.sq[0] = 4;
	x.sq[1] = 8;
	ck_assert_int_eq(qttt_suite_tap(f, 2, &e, &x, NULL), 0);
	ck_assert_int_eq(qttt_suite_tap(f, 3, &e, NULL, "it hung\\up"), 0);
	fclose(f);
	ck_assert_str_eq(buf, "ok 1 - a\\#1\n"
	    "not ok 2 - a\\#1: played X1 b2 c3; best X1 a1 c3, X1 c1 a3\n"
	    "not ok 3 - a\\#1: it hung\\\\up\n");
	free(buf);
}
END_TEST

Suite *
match_suite(void)
{
	Suite	*s = suite_create("match");
	TCase	*tc = tcase_create("match");

	tcase_add_loop_test(tc, test_rating, 0,
	    sizeof(pentas) / sizeof(pentas[0]));
	tcase_add_loop_test(tc, test_sprt, 0,
	    sizeof(pentas) / sizeof(pentas[0]));
	tcase_add_test(tc, test_sprt_bounds);
	tcase_add_test(tc, test_tally);
	tcase_add_test(tc, test_schedule);
	tcase_add_loop_test(tc, test_openings_order, 0, 13);
	tcase_add_test(tc, test_balanced);
	tcase_add_test(tc, test_tags);
	tcase_add_test(tc, test_value_result);
	tcase_add_test(tc, test_tags_profile);
	tcase_add_test(tc, test_balanced_profile);
	tcase_add_test(tc, test_history);
	tcase_add_loop_test(tc, test_award, 0,
	    sizeof(awards) / sizeof(awards[0]));
	tcase_add_loop_test(tc, test_suite_good, 0,
	    sizeof(suite_good) / sizeof(suite_good[0]));
	tcase_add_loop_test(tc, test_suite_bad, 0,
	    sizeof(suite_bad) / sizeof(suite_bad[0]));
	tcase_add_test(tc, test_suite_prove);
	tcase_add_test(tc, test_suite_shipped);
	tcase_add_test(tc, test_standings);
	tcase_add_test(tc, test_director);
	tcase_add_test(tc, test_director_names);
	tcase_add_loop_test(tc, test_director_sprt, 0, 3);
	tcase_add_test(tc, test_director_resume);
	tcase_add_test(tc, test_director_openings);
	tcase_add_test(tc, test_director_packed);
	tcase_add_test(tc, test_match_write);
	tcase_add_test(tc, test_match_resume_line);
	tcase_add_test(tc, test_match_resume_file);
	tcase_add_test(tc, test_match_date);
	tcase_add_test(tc, test_engine_settings);
	tcase_add_test(tc, test_match_balanced);
	tcase_add_test(tc, test_peer_settings);
	tcase_add_test(tc, test_match_standings);
	tcase_add_test(tc, test_settings);
	tcase_add_test(tc, test_suite_tap);
	suite_add_tcase(s, tc);
	return s;
}
