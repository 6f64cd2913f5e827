/*
 * Property tests: random games from the generator (lib/analysis/generate.c),
 * replayed action by action, with the invariants of formats/rules.md checked
 * after every step, and the round trip through the line notation.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

/*
 * Check records every passing ck_assert through a pipe, far too slow
 * for millions of checks: these only call it when they fail.
 */
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

/* Games replayed with every invariant, and with every action tried. */
#define NGAMES		30000
#define NEXHAUSTIVE	1500

static int
is_spooky(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] != st->where[m][1];
}

static int
find(unsigned char parent[], int x)
{
	while (parent[x] != x)
		x = parent[x];
	return x;
}

/*
 * Whether the spooky moves other than skip form a forest: a union-find
 * of the test's own over the nine squares.
 */
static int
is_forest(const struct qttt_state *st, int skip)
{
	unsigned char	 parent[QTTT_NSQUARES];
	int		 m, a, b;

	for (a = 0; a < QTTT_NSQUARES; a++)
		parent[a] = a;
	for (m = 1; m < st->next; m++) {
		if (m == skip || !is_spooky(st, m))
			continue;
		a = find(parent, st->where[m][0]);
		b = find(parent, st->where[m][1]);
		if (a == b)
			return 0;
		parent[a] = b;
	}
	return 1;
}

static int
open_squares(const struct qttt_state *st)
{
	int	 s, n = 0;

	for (s = 0; s < QTTT_NSQUARES; s++)
		n += st->board[s] == 0;
	return n;
}

/* The invariants of a position reached by legal play. */
static void
check_invariants(const struct qttt_state *st)
{
	struct qttt_diag d;
	int		 m, nspooky = 0;

	if (qttt_state_check(st, &d) != QTTT_OK)
		ck_abort_msg("%s", d.msg);
	/* Before every move the spooky moves form a forest; with a
	 * measurement pending, the closing move makes the one cycle. */
	REQUIRE(is_forest(st, st->pending));
	if (st->pending != 0)
		REQUIRE(!is_forest(st, 0));
	for (m = 1; m < st->next; m++)
		nspooky += is_spooky(st, m);
	/* One open square: X9's turn, nothing spooky. */
	if (open_squares(st) == 1) {
		REQUIRE_EQ(st->next, 9);
		REQUIRE_EQ(nspooky, 0);
		REQUIRE_EQ(st->pending, 0);
		/* Forced, unless a line ended the game already. */
		REQUIRE_EQ(qttt_state_forced(st), !st->result.over);
	}
	/* X9 in two squares always closes a cycle, and after move 9 and
	 * its measurement the board is full. */
	if (st->next == 10 && is_spooky(st, 9))
		REQUIRE_EQ(st->pending, 9);
	if (st->next == 10 && st->pending == 0)
		REQUIRE_EQ(open_squares(st), 0);
	/* The board fills only through move 9. */
	if (open_squares(st) == 0)
		REQUIRE_EQ(st->next, 10);
	if (st->result.over)
		REQUIRE_EQ(st->pending, 0);
}

/*
 * Every listed action applies; every placement and measurement that
 * is not listed (or, for a measurement, equivalent to one listed) is
 * refused.
 */
static void
check_actions_exact(const struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS], a;
	struct qttt_state copy;
	struct qttt_cycle c;
	unsigned char	 listed[QTTT_NSQUARES][QTTT_NSQUARES];
	size_t		 n, i;
	int		 s, t, m, lo, hi, want, oncycle;

	memset(listed, 0, sizeof(listed));
	n = qttt_state_actions(st, acts);
	REQUIRE_EQ(n == 0, st->result.over);
	for (i = 0; i < n; i++) {
		copy = *st;
		REQUIRE_EQ(qttt_state_apply(&copy, &acts[i], NULL),
		    QTTT_OK);
		REQUIRE_EQ(qttt_state_check(&copy, NULL), QTTT_OK);
		if (acts[i].kind == QTTT_PLACE)
			listed[acts[i].sq[0]][acts[i].sq[1]] = 1;
	}
	a.kind = QTTT_PLACE;
	a.move = st->next;
	for (s = 0; s < QTTT_NSQUARES; s++)
		for (t = 0; t < QTTT_NSQUARES; t++) {
			a.sq[0] = s;
			a.sq[1] = t;
			lo = s < t ? s : t;
			hi = s < t ? t : s;
			REQUIRE_EQ(qttt_state_legal(st, &a, NULL) ==
			    QTTT_OK, listed[lo][hi]);
		}
	a.kind = QTTT_MEASURE;
	oncycle = qttt_state_cycle(st, &c) == 0;
	for (m = 0; m <= QTTT_MAXMOVES + 1; m++)
		for (s = 0; s < QTTT_NSQUARES; s++) {
			a.move = m;
			a.sq[0] = a.sq[1] = s;
			want = oncycle && !st->result.over &&
			    memchr(c.moves, m, c.nmoves) != NULL &&
			    (st->where[m][0] == s || st->where[m][1] == s);
			REQUIRE_EQ(qttt_state_legal(st, &a, NULL) ==
			    QTTT_OK, want);
		}
}

/* What a sample of games covered. */
struct coverage {
	unsigned long	 results[5][5];	/* [X half points][O half points] */
	unsigned long	 unfinished;
	unsigned long	 pending;	/* stopped waiting for a measurement */
	unsigned long	 forced;	/* played the forced X9 */
	unsigned long	 twocycles;	/* closed a cycle of two moves */
};

/*
 * Replays a generated game step by step, checking every invariant, and
 * notes what it covered.
 */
static void
replay_checked(const struct qttt_game *gen, int exhaustive,
    struct coverage *cov)
{
	struct qttt_game g;
	struct qttt_cycle c;
	const struct qttt_action *a;
	size_t		 i, nmoves = 0, nmeasures = 0;

	qttt_game_init(&g);
	check_invariants(&g.state);
	for (i = 0; i < gen->nplies; i++) {
		a = &gen->plies[i];
		if (exhaustive)
			check_actions_exact(&g.state);
		REQUIRE_EQ(qttt_game_play(&g, a, NULL), QTTT_OK);
		check_invariants(&g.state);
		if (a->kind == QTTT_PLACE) {
			nmoves++;
			if (a->sq[0] == a->sq[1])
				cov->forced++;
			if (g.state.pending != 0) {
				REQUIRE_EQ(qttt_state_cycle(&g.state,
				    &c), 0);
				if (c.nmoves == 2)
					cov->twocycles++;
			}
		} else
			nmeasures++;
	}
	if (exhaustive)
		check_actions_exact(&g.state);
	/* At most 9 moves, and 4 measurements (formats/rules.md, facts). */
	REQUIRE(nmoves <= 9);
	REQUIRE(nmeasures <= 4);
	REQUIRE(qttt_state_equal(&g.state, &gen->state));
	if (g.state.result.over)
		cov->results[g.state.result.score[QTTT_X]]
		    [g.state.result.score[QTTT_O]]++;
	else {
		cov->unfinished++;
		cov->pending += g.state.pending != 0;
	}
}

/*
 * The canonical record parses back to the same game and prints the
 * same bytes.
 */
static void
check_round_trip(const struct qttt_game *gen)
{
	static struct qttt_record rec;
	struct qttt_game back;
	char		 text[QTTT_RECORD_MAX], again[QTTT_RECORD_MAX];
	int		 n;

	n = qttt_game_format(gen, text, sizeof(text));
	REQUIRE(n < QTTT_RECORD_MAX);
	REQUIRE_EQ(qttt_line_parse(text, n, 0, &rec), 1);
	if (qttt_record_play(&rec, &back) != 0)
		ck_abort_msg("'%s': %s", text, rec.ndiags > 0 ?
		    rec.diags[0].msg : "");
	REQUIRE_EQ(back.nplies, gen->nplies);
	REQUIRE(memcmp(back.plies, gen->plies,
	    gen->nplies * sizeof(gen->plies[0])) == 0);
	REQUIRE(qttt_state_equal(&back.state, &gen->state));
	REQUIRE_EQ(qttt_game_format(&back, again, sizeof(again)), n);
	REQUIRE(strcmp(again, text) == 0);
}

START_TEST(test_replay_invariants)
{
	struct qttt_generator gen;
	struct qttt_game g;
	struct coverage cov;
	int		 i, x, o;

	memset(&cov, 0, sizeof(cov));
	qttt_generator_init(&gen, 20260101, QTTT_GEN_UNFINISHED);
	for (i = 0; i < NGAMES; i++) {
		qttt_generator_game(&gen, &g);
		replay_checked(&g, i < NEXHAUSTIVE, &cov);
		check_round_trip(&g);
	}
	/* Every result kind, and nothing else. */
	for (x = 0; x < 5; x++)
		for (o = 0; o < 5; o++) {
			if ((x == 2 && o == 0) || (x == 0 && o == 2) ||
			    (x == 2 && o == 1) || (x == 1 && o == 2) ||
			    (x == 3 && o == 0) || (x == 4 && o == 0) ||
			    (x == 0 && o == 0))
				ck_assert_msg(cov.results[x][o] > 0,
				    "no game scored %d-%d (half points)", x, o);
			else
				ck_assert_msg(cov.results[x][o] == 0,
				    "a game scored %d-%d (half points)", x, o);
		}
	ck_assert_uint_gt(cov.unfinished, 0);
	ck_assert_uint_gt(cov.pending, 0);
	ck_assert_uint_gt(cov.forced, 0);
	ck_assert_uint_gt(cov.twocycles, 0);
}
END_TEST

/* A small sample already covers every result (see qttt.h). */
START_TEST(test_small_sample_coverage)
{
	struct qttt_generator gen;
	struct qttt_game g;
	struct coverage cov;
	int		 i;

	memset(&cov, 0, sizeof(cov));
	qttt_generator_init(&gen, 1, 0);
	for (i = 0; i < 300; i++) {
		qttt_generator_game(&gen, &g);
		replay_checked(&g, 0, &cov);
	}
	ck_assert_uint_gt(cov.results[2][0], 0);
	ck_assert_uint_gt(cov.results[0][2], 0);
	ck_assert_uint_gt(cov.results[2][1], 0);
	ck_assert_uint_gt(cov.results[1][2], 0);
	ck_assert_uint_gt(cov.results[3][0], 0);
	ck_assert_uint_gt(cov.results[4][0], 0);
	ck_assert_uint_gt(cov.results[0][0], 0);
	ck_assert_uint_gt(cov.forced, 0);
	ck_assert_uint_gt(cov.twocycles, 0);
	/* Without the flag every game is finished. */
	ck_assert_uint_eq(cov.unfinished, 0);
}
END_TEST

START_TEST(test_reproducible)
{
	struct qttt_generator a, b, c;
	struct qttt_game ga, gb, gc;
	char		 ta[QTTT_RECORD_MAX], tb[QTTT_RECORD_MAX];
	char		 tc[QTTT_RECORD_MAX];
	int		 i, differ = 0;

	qttt_generator_init(&a, 42, QTTT_GEN_UNFINISHED);
	qttt_generator_init(&b, 42, QTTT_GEN_UNFINISHED);
	qttt_generator_init(&c, 43, QTTT_GEN_UNFINISHED);
	for (i = 0; i < 1000; i++) {
		qttt_generator_game(&a, &ga);
		qttt_generator_game(&b, &gb);
		qttt_generator_game(&c, &gc);
		qttt_game_format(&ga, ta, sizeof(ta));
		qttt_game_format(&gb, tb, sizeof(tb));
		qttt_game_format(&gc, tc, sizeof(tc));
		REQUIRE(strcmp(ta, tb) == 0);
		differ += strcmp(ta, tc) != 0;
	}
	ck_assert_int_gt(differ, 900);
}
END_TEST

/* The first game of seed 1, pinned: the same on every machine. */
START_TEST(test_pinned)
{
	struct qttt_generator gen;
	struct qttt_game g;
	char		 text[QTTT_RECORD_MAX];

	qttt_generator_init(&gen, 1, 0);
	qttt_generator_game(&gen, &g);
	qttt_game_format(&g, text, sizeof(text));
	ck_assert_str_eq(text, "X1 b1 b3; O2 b1 b2; X3 c2 c3; O4 b3 c3; "
	    "X5 b1 c2; measure X5->b1; O6 a1 a3; X7 c1 a2; O8 a1 a2; "
	    "X9 c1 a3; measure X9->a3; 0-1");
	ck_assert_uint_eq(qttt_generator_uniform(&gen, 0), 0);
	ck_assert_uint_lt(qttt_generator_uniform(&gen, 7), 7);
}
END_TEST

/* Game i with QTTT_GEN_UNFINISHED is a prefix of game i without. */
START_TEST(test_unfinished_prefix)
{
	struct qttt_generator full, cut;
	struct qttt_game gf, gc;
	int		 i, ncut = 0;

	qttt_generator_init(&full, 7, 0);
	qttt_generator_init(&cut, 7, QTTT_GEN_UNFINISHED);
	for (i = 0; i < 2000; i++) {
		qttt_generator_game(&full, &gf);
		qttt_generator_game(&cut, &gc);
		REQUIRE(gc.nplies >= 1);
		REQUIRE(gc.nplies <= gf.nplies);
		REQUIRE(memcmp(gc.plies, gf.plies,
		    gc.nplies * sizeof(gc.plies[0])) == 0);
		if (gc.nplies < gf.nplies) {
			ncut++;
			REQUIRE(!gc.state.result.over);
		} else
			REQUIRE(qttt_state_equal(&gc.state, &gf.state));
	}
	/* About half. */
	ck_assert_int_gt(ncut, 800);
	ck_assert_int_lt(ncut, 1200);
}
END_TEST

START_TEST(test_uniform)
{
	struct qttt_generator gen;
	unsigned long	 count[6] = { 0 };
	uint64_t	 r;
	int		 i;

	/* Each of six values about a sixth of the time. */
	qttt_generator_init(&gen, 5, 0);
	for (i = 0; i < 60000; i++) {
		r = qttt_generator_uniform(&gen, 6);
		REQUIRE(r < 6);
		count[r]++;
	}
	for (i = 0; i < 6; i++) {
		ck_assert_uint_gt(count[i], 9500);
		ck_assert_uint_lt(count[i], 10500);
	}
}
END_TEST

Suite *
generate_suite(void)
{
	Suite	*s = suite_create("generate");
	TCase	*tc;

	tc = tcase_create("generator");
	tcase_add_test(tc, test_pinned);
	tcase_add_test(tc, test_reproducible);
	tcase_add_test(tc, test_unfinished_prefix);
	tcase_add_test(tc, test_uniform);
	tcase_add_test(tc, test_small_sample_coverage);
	suite_add_tcase(s, tc);

	tc = tcase_create("properties");
	tcase_add_test(tc, test_replay_invariants);
	suite_add_tcase(s, tc);
	return s;
}
