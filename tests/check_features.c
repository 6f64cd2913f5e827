/*
 * Features of a game (lib/analysis/features.c): the worked examples of
 * formats/rules.md, the classes of every first move, and properties on
 * random games from the generator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

#define NGAMES		5000

/* Plays one line-notation record, which must be valid, into g. */
static void
play_line(const char *line, struct qttt_game *g)
{
	static struct qttt_record rec;
	struct input	 in;

	input_open(&in, line, strlen(line), QTTT_FORMAT_LINE, &rec, g);
	ck_assert_int_eq(input_next(&in), 1);
	if (in.errors != 0)
		input_dump_diags(line, &rec);
	ck_assert_int_eq(in.errors, 0);
	input_close(&in);
}

struct example {
	const char	*record;
	int		 moves, plies, measurements;
	int		 ncycles, cycle0, twocycles;
	int		 forced, simultaneous, doubleline;
	int		 over, xhalves, ohalves, winner;
	enum qttt_opening opening;
};

/* The worked examples of formats/rules.md (formats/examples/worked.qttt). */
static const struct example examples[] = {
	{ "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3",
	    4, 4, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0, -1, QTTT_OPEN_SIDE },
	{ "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a1",
	    4, 5, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, -1, QTTT_OPEN_SIDE },
	{ "X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2; "
	    "measure O6->b2; 0-1",
	    6, 7, 1, 1, 3, 0, 0, 0, 0, 1, 0, 2, QTTT_O, QTTT_OPEN_SIDE },
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->a1; 1/2-1",
	    7, 8, 1, 1, 2, 1, 0, 1, 0, 1, 1, 2, QTTT_O,
	    QTTT_OPEN_CORNER_CENTRE },
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->b2; 1-1/2",
	    7, 8, 1, 1, 2, 1, 0, 1, 0, 1, 2, 1, QTTT_X,
	    QTTT_OPEN_CORNER_CENTRE },
	{ "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0",
	    9, 10, 1, 1, 8, 0, 1, 0, 1, 1, 4, 0, QTTT_X, QTTT_OPEN_SIDE },
};

START_TEST(test_worked_examples)
{
	const struct example *e = &examples[_i];
	struct qttt_game g;
	struct qttt_features f;

	play_line(e->record, &g);
	qttt_game_features(&g, &f);
	ck_assert_int_eq(f.moves, e->moves);
	ck_assert_int_eq(f.plies, e->plies);
	ck_assert_int_eq(f.measurements, e->measurements);
	ck_assert_int_eq(f.ncycles, e->ncycles);
	ck_assert_int_eq(f.cycle[0], e->cycle0);
	ck_assert_int_eq(f.twocycles, e->twocycles);
	ck_assert_int_eq(f.forced, e->forced);
	ck_assert_int_eq(f.simultaneous, e->simultaneous);
	ck_assert_int_eq(f.doubleline, e->doubleline);
	ck_assert_int_eq(f.result.over, e->over);
	ck_assert_int_eq(f.result.score[QTTT_X], e->xhalves);
	ck_assert_int_eq(f.result.score[QTTT_O], e->ohalves);
	ck_assert_int_eq(f.winner, e->winner);
	ck_assert_int_eq(f.opening, e->opening);
}
END_TEST

/*
 * Every pair of squares: the orbit sizes of the eight classes (the
 * pairs each class holds) written from the geometry of the board, and
 * the class's name pair being the pair's least image.
 */
START_TEST(test_opening_classes)
{
	static const int size[QTTT_NOPENINGS] = { 8, 4, 8, 4, 2, 4, 4, 2 };
	static const char *const first[QTTT_NOPENINGS] = {
		"a1 b1", "a1 c1", "a1 c2", "a1 b2", "a1 c3", "b1 a2",
		"b1 b2", "b1 b3"
	};
	int		 count[QTTT_NOPENINGS] = { 0 };
	int		 a, b, c;
	char		 rec[64];
	struct qttt_game g;
	struct qttt_features f;

	for (a = 0; a < QTTT_NSQUARES; a++)
		for (b = a + 1; b < QTTT_NSQUARES; b++) {
			c = qttt_opening_class(a, b);
			ck_assert_int_lt(c, QTTT_NOPENINGS);
			ck_assert_int_eq(qttt_opening_class(b, a), c);
			count[c]++;
			snprintf(rec, sizeof(rec), "X1 %s %s",
			    qttt_square_name(a), qttt_square_name(b));
			play_line(rec, &g);
			qttt_game_features(&g, &f);
			ck_assert_int_eq(f.opening, c);
			snprintf(rec, sizeof(rec), "%s %s",
			    qttt_square_name(f.first[0]),
			    qttt_square_name(f.first[1]));
			ck_assert_str_eq(rec, first[c]);
		}
	for (c = 0; c < QTTT_NOPENINGS; c++)
		ck_assert_int_eq(count[c], size[c]);
	ck_assert_int_eq(qttt_opening_class(4, 4), QTTT_NOPENINGS);
	ck_assert_int_eq(qttt_opening_class(0, 9), QTTT_NOPENINGS);
	ck_assert_str_eq(qttt_opening_name(QTTT_OPEN_KNIGHT), "knight");
	ck_assert_str_eq(qttt_opening_name(QTTT_NOPENINGS), "??");
}
END_TEST

START_TEST(test_no_move)
{
	struct qttt_game g;
	struct qttt_features f;

	qttt_game_init(&g);
	qttt_game_features(&g, &f);
	ck_assert_int_eq(f.moves, 0);
	ck_assert_int_eq(f.plies, 0);
	ck_assert_int_eq(f.opening, QTTT_NOPENINGS);
	ck_assert_int_eq(f.first[0], QTTT_NOSQUARE);
	ck_assert_int_eq(f.winner, -1);
}
END_TEST

/*
 * Random games, finished and not: each feature against what the plies
 * and the result say by another road, and every feature the same for
 * the game's 8 images.
 */
START_TEST(test_random)
{
	struct qttt_generator gen;
	struct qttt_game g, img;
	struct qttt_features f, fi;
	struct qttt_state st;
	size_t		 i, n, meas, forced, closed;
	int		 s, x, o;

	qttt_generator_init(&gen, 20261201, QTTT_GEN_UNFINISHED);
	for (n = 0; n < NGAMES; n++) {
		qttt_generator_game(&gen, &g);
		qttt_game_features(&g, &f);
		meas = forced = 0;
		for (i = 0; i < g.nplies; i++) {
			if (g.plies[i].kind == QTTT_MEASURE)
				meas++;
			else if (g.plies[i].sq[0] == g.plies[i].sq[1])
				forced++;
		}
		ck_assert_uint_eq(f.plies, g.nplies);
		ck_assert_uint_eq(f.moves, g.nplies - meas);
		ck_assert_uint_eq(f.measurements, meas);
		ck_assert_uint_eq(f.forced, forced);
		/* Every cycle closed is measured, but one left pending. */
		closed = meas + (g.state.pending != 0);
		ck_assert_uint_eq(f.ncycles, closed);
		for (i = 0, s = 0; i < f.ncycles; i++) {
			ck_assert_int_ge(f.cycle[i], 2);
			ck_assert_int_le(f.cycle[i], QTTT_NSQUARES);
			s += f.cycle[i] == 2;
		}
		ck_assert_int_eq(f.twocycles, s);
		x = g.state.result.score[QTTT_X];
		o = g.state.result.score[QTTT_O];
		ck_assert_int_eq(f.result.over, g.state.result.over);
		ck_assert_int_eq(f.simultaneous, g.state.result.over &&
		    x > 0 && o > 0);
		ck_assert_int_eq(f.doubleline, x > 2);
		ck_assert_int_eq(f.winner, !g.state.result.over || x == o ?
		    -1 : x > o ? QTTT_X : QTTT_O);
		if (g.nplies > 0)
			ck_assert_int_eq(f.opening, qttt_opening_class(
			    g.plies[0].sq[0], g.plies[0].sq[1]));
		/* The last state replays from the plies. */
		qttt_game_state_at(&g, g.nplies, &st);
		ck_assert(qttt_state_equal(&st, &g.state));
		for (s = 0; s < QTTT_NSYMS; s++) {
			qttt_sym_game(s, &g, &img);
			qttt_game_features(&img, &fi);
			ck_assert(memcmp(&f, &fi, sizeof(f)) == 0);
		}
	}
}
END_TEST

Suite *
features_suite(void)
{
	Suite	*s = suite_create("features");
	TCase	*tc = tcase_create("features");

	tcase_add_loop_test(tc, test_worked_examples, 0,
	    sizeof(examples) / sizeof(examples[0]));
	tcase_add_test(tc, test_opening_classes);
	tcase_add_test(tc, test_no_move);
	tcase_add_test(tc, test_random);
	suite_add_tcase(s, tc);
	return s;
}
