/*
 * The eight symmetries of the board (lib/engine/symmetry.c): the group
 * laws, the rules commuting with every symmetry on random games from
 * the generator, the canonical forms of states and games, and the
 * diagrams' rotations and flips naming the symmetry they draw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

/* Check's ck_assert is too slow for the loops below: only on failure. */
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

#define NGAMES		3000	/* random games per property */
#define NLEGAL		300	/* games whose every action is tried */
#define NPOOL		4000	/* games pooled for canonical forms */

/* Column and row of a square, and back. */
#define COL(s)		((s) % 3)
#define ROW(s)		((s) / 3)
#define SQ(c, r)	((r) * 3 + (c))

/*
 * Where each symmetry takes column c, row r, written from the
 * geometry (a quarter turn clockwise sends the top row to the right
 * column) rather than from the library's tables.
 */
static int
geometry(int g, int s)
{
	int	 c = COL(s), r = ROW(s);

	switch (g) {
	case QTTT_SYM_IDENTITY:
		return s;
	case QTTT_SYM_ROT90:
		return SQ(2 - r, c);
	case QTTT_SYM_ROT180:
		return SQ(2 - c, 2 - r);
	case QTTT_SYM_ROT270:
		return SQ(r, 2 - c);
	case QTTT_SYM_FLIP_H:
		return SQ(2 - c, r);
	case QTTT_SYM_FLIP_V:
		return SQ(c, 2 - r);
	case QTTT_SYM_DIAG:
		return SQ(r, c);
	default:
		return SQ(2 - r, 2 - c);
	}
}

/* The plies of two games are the same, and so are their states. */
static int
game_equal(const struct qttt_game *a, const struct qttt_game *b)
{
	return a->nplies == b->nplies && memcmp(a->plies, b->plies,
	    a->nplies * sizeof(a->plies[0])) == 0 &&
	    qttt_state_equal(&a->state, &b->state);
}

/* Whether some symmetry takes a to b, by trying all eight. */
static int
states_symmetric(const struct qttt_state *a, const struct qttt_state *b)
{
	struct qttt_state im;
	int		 g;

	for (g = 0; g < QTTT_NSYMS; g++) {
		qttt_sym_state(g, a, &im);
		if (qttt_state_equal(&im, b))
			return 1;
	}
	return 0;
}

static int
games_symmetric(const struct qttt_game *a, const struct qttt_game *b)
{
	struct qttt_game im;
	int		 g;

	for (g = 0; g < QTTT_NSYMS; g++) {
		qttt_sym_game(g, a, &im);
		if (game_equal(&im, b))
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The group                                                            */
/* ------------------------------------------------------------------ */

/* Each symmetry moves the squares as its geometry says. */
START_TEST(test_geometry)
{
	int	 g, s;

	for (g = 0; g < QTTT_NSYMS; g++)
		for (s = 0; s < QTTT_NSQUARES; s++)
			ck_assert_msg(qttt_sym_square(g, s) == geometry(g, s),
			    "%s takes %s to %s", qttt_sym_name(g),
			    qttt_square_name(s),
			    qttt_square_name(qttt_sym_square(g, s)));
	/* The corners the header names. */
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_ROT90, 0), 2);
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_ROT270, 0), 6);
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_DIAG, 2), 6);
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_ANTIDIAG, 0), 8);
}
END_TEST

/*
 * Eight different permutations of the squares, each taking the eight
 * lines to the eight lines and fixing b2.
 */
START_TEST(test_permutations)
{
	static const unsigned char lines[QTTT_NLINES][3] = {
		{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
		{ 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 }
	};
	int	 perm[QTTT_NSYMS][QTTT_NSQUARES], seen[QTTT_NSQUARES];
	int	 g, h, s, l, k, mask, found;

	for (g = 0; g < QTTT_NSYMS; g++) {
		memset(seen, 0, sizeof(seen));
		for (s = 0; s < QTTT_NSQUARES; s++) {
			perm[g][s] = qttt_sym_square(g, s);
			ck_assert(perm[g][s] >= 0 && perm[g][s] < 9);
			seen[perm[g][s]]++;
		}
		for (s = 0; s < QTTT_NSQUARES; s++)
			ck_assert_int_eq(seen[s], 1);
		ck_assert_int_eq(perm[g][4], 4);
		for (l = 0; l < QTTT_NLINES; l++) {
			mask = 0;
			for (k = 0; k < 3; k++)
				mask |= 1 << perm[g][lines[l][k]];
			found = 0;
			for (k = 0; k < QTTT_NLINES; k++)
				found |= mask == (1 << lines[k][0] |
				    1 << lines[k][1] | 1 << lines[k][2]);
			ck_assert_msg(found, "%s breaks line %d",
			    qttt_sym_name(g), l);
		}
		for (h = 0; h < g; h++)
			ck_assert_msg(memcmp(perm[g], perm[h],
			    sizeof(perm[g])) != 0, "%s and %s are the same",
			    qttt_sym_name(g), qttt_sym_name(h));
	}
	/* Not squares: left alone. */
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_ROT90, QTTT_NOSQUARE),
	    QTTT_NOSQUARE);
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_ROT90, -1), -1);
	ck_assert_int_eq(qttt_sym_square(QTTT_SYM_ROT90, 9), 9);
}
END_TEST

/*
 * The composition table is the composition of the permutations, closes
 * on the eight, has the identity, and every symmetry an inverse; the
 * rotations are the powers of the quarter turn, the reflections
 * involutions.
 */
START_TEST(test_compose)
{
	int	 a, b, c, s, ab;

	for (a = 0; a < QTTT_NSYMS; a++) {
		for (b = 0; b < QTTT_NSYMS; b++) {
			ab = qttt_sym_compose(a, b);
			ck_assert(ab >= 0 && ab < QTTT_NSYMS);
			for (s = 0; s < QTTT_NSQUARES; s++)
				ck_assert_msg(qttt_sym_square(ab, s) ==
				    qttt_sym_square(a, qttt_sym_square(b, s)),
				    "%s after %s is not %s", qttt_sym_name(a),
				    qttt_sym_name(b), qttt_sym_name(ab));
			for (c = 0; c < QTTT_NSYMS; c++)
				ck_assert_int_eq(qttt_sym_compose(ab, c),
				    qttt_sym_compose(a,
				    qttt_sym_compose(b, c)));
		}
		ck_assert_int_eq(qttt_sym_compose(a, QTTT_SYM_IDENTITY), a);
		ck_assert_int_eq(qttt_sym_compose(QTTT_SYM_IDENTITY, a), a);
		ck_assert_int_eq(qttt_sym_compose(a, qttt_sym_inverse(a)),
		    QTTT_SYM_IDENTITY);
		ck_assert_int_eq(qttt_sym_compose(qttt_sym_inverse(a), a),
		    QTTT_SYM_IDENTITY);
	}
	ab = QTTT_SYM_IDENTITY;
	for (a = 0; a < 4; a++) {
		ck_assert_int_eq(ab, a);	/* the rotations, in order */
		ab = qttt_sym_compose(QTTT_SYM_ROT90, ab);
	}
	ck_assert_int_eq(ab, QTTT_SYM_IDENTITY);
	for (a = QTTT_SYM_FLIP_H; a < QTTT_NSYMS; a++)
		ck_assert_int_eq(qttt_sym_compose(a, a), QTTT_SYM_IDENTITY);
	/* Not the same either way round: the group is not abelian. */
	ck_assert_int_eq(qttt_sym_compose(QTTT_SYM_FLIP_H, QTTT_SYM_ROT90),
	    QTTT_SYM_DIAG);
	ck_assert_int_eq(qttt_sym_compose(QTTT_SYM_ROT90, QTTT_SYM_FLIP_H),
	    QTTT_SYM_ANTIDIAG);
}
END_TEST

/* The names, which are part of the interface; numbers out of range. */
START_TEST(test_names)
{
	static const char *const want[QTTT_NSYMS] = {
		"identity", "rotate-90", "rotate-180", "rotate-270",
		"flip-h", "flip-v", "flip-diagonal", "flip-antidiagonal"
	};
	int	 g, s;

	for (g = 0; g < QTTT_NSYMS; g++)
		ck_assert_str_eq(qttt_sym_name(g), want[g]);
	ck_assert_str_eq(qttt_sym_name(QTTT_NSYMS), "??");
	ck_assert_str_eq(qttt_sym_name(-1), "??");
	/* A number that is no symmetry acts as the identity. */
	for (s = 0; s < QTTT_NSQUARES; s++) {
		ck_assert_int_eq(qttt_sym_square(QTTT_NSYMS, s), s);
		ck_assert_int_eq(qttt_sym_square(-1, s), s);
	}
	ck_assert_int_eq(qttt_sym_inverse(QTTT_NSYMS), QTTT_SYM_IDENTITY);
	ck_assert_int_eq(qttt_sym_compose(QTTT_NSYMS, QTTT_SYM_ROT90),
	    QTTT_SYM_ROT90);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Actions, states, games                                               */
/* ------------------------------------------------------------------ */

/* An action's image: squares in reading order; a measurement's square. */
START_TEST(test_action)
{
	struct qttt_action a = { QTTT_PLACE, 3, { 0, 1 } }, b;

	/* a1 b1 turned a quarter: c1 c2, still in reading order. */
	qttt_sym_action(QTTT_SYM_ROT90, &a, &b);
	ck_assert_int_eq(b.kind, QTTT_PLACE);
	ck_assert_int_eq(b.move, 3);
	ck_assert_int_eq(b.sq[0], 2);
	ck_assert_int_eq(b.sq[1], 5);
	/* a1 b1 mirrored: b1 c1, put back in order. */
	qttt_sym_action(QTTT_SYM_FLIP_H, &a, &b);
	ck_assert_int_eq(b.sq[0], 1);
	ck_assert_int_eq(b.sq[1], 2);
	/* In place. */
	qttt_sym_action(QTTT_SYM_FLIP_V, &a, &a);
	ck_assert_int_eq(a.sq[0], 6);
	ck_assert_int_eq(a.sq[1], 7);
	/* measure O4->a1, turned half way: O4->c3. */
	a.kind = QTTT_MEASURE;
	a.move = 4;
	a.sq[0] = a.sq[1] = 0;
	qttt_sym_action(QTTT_SYM_ROT180, &a, &b);
	ck_assert_int_eq(b.kind, QTTT_MEASURE);
	ck_assert_int_eq(b.move, 4);
	ck_assert_int_eq(b.sq[0], 8);
	ck_assert_int_eq(b.sq[1], 8);
	/* Forced X9: the one square twice. */
	a.kind = QTTT_PLACE;
	a.move = 9;
	a.sq[0] = a.sq[1] = 1;
	qttt_sym_action(QTTT_SYM_DIAG, &a, &b);
	ck_assert_int_eq(b.sq[0], 3);
	ck_assert_int_eq(b.sq[1], 3);
}
END_TEST

/*
 * The rules commute with every symmetry: playing an action and then
 * mapping the state is mapping the state and playing the mapped
 * action; mapped states pass the consistency check, keep the result,
 * and come back under the inverse.  The mapped game is the game of the
 * mapped plies.
 */
START_TEST(test_commute)
{
	struct qttt_generator gen;
	struct qttt_game game, img, replay;
	struct qttt_state s, t, im, back;
	struct qttt_action a;
	struct qttt_diag d;
	size_t		 n, i;
	int		 g;

	qttt_generator_init(&gen, 7, QTTT_GEN_UNFINISHED);
	for (n = 0; n < NGAMES; n++) {
		qttt_generator_game(&gen, &game);
		for (g = 0; g < QTTT_NSYMS; g++) {
			qttt_state_init(&s);
			qttt_state_init(&t);
			qttt_game_init(&replay);
			for (i = 0; i < game.nplies; i++) {
				REQUIRE_EQ(qttt_state_apply(&s, &game.plies[i],
				    NULL), QTTT_OK);
				qttt_sym_action(g, &game.plies[i], &a);
				REQUIRE_EQ(qttt_state_apply(&t, &a, NULL),
				    QTTT_OK);
				REQUIRE_EQ(qttt_game_play(&replay, &a, NULL),
				    QTTT_OK);
				qttt_sym_state(g, &s, &im);
				REQUIRE(qttt_state_equal(&im, &t));
				if (qttt_state_check(&im, &d) != QTTT_OK)
					ck_abort_msg("%s: %s", qttt_sym_name(g),
					    d.msg);
				REQUIRE_EQ(im.result.over, s.result.over);
				REQUIRE_EQ(im.result.score[0],
				    s.result.score[0]);
				REQUIRE_EQ(im.result.score[1],
				    s.result.score[1]);
				REQUIRE_EQ(qttt_state_turn(&im),
				    qttt_state_turn(&s));
				qttt_sym_state(qttt_sym_inverse(g), &im, &back);
				REQUIRE(qttt_state_equal(&back, &s));
			}
			qttt_sym_game(g, &game, &img);
			REQUIRE(game_equal(&img, &replay));
			/* In place, as the header allows. */
			qttt_sym_game(g, &img, &img);
			qttt_sym_game(qttt_sym_compose(g, g), &game, &replay);
			REQUIRE(game_equal(&img, &replay));
		}
	}
}
END_TEST

/*
 * Legality does not see the symmetry: every placement (both squares
 * over all 81 pairs) and measurement is refused with the same code
 * before and after mapping, and the legal actions of a mapped state
 * are the mapped legal actions.
 */
START_TEST(test_legality)
{
	struct qttt_generator gen;
	struct qttt_game game;
	struct qttt_state s, im;
	struct qttt_action a, b, acts[QTTT_MAXACTIONS];
	struct qttt_action mapped[QTTT_MAXACTIONS];
	size_t		 n, i, na, nb, j, k;
	int		 g, x, y, kind;

	qttt_generator_init(&gen, 11, QTTT_GEN_UNFINISHED);
	for (n = 0; n < NLEGAL; n++) {
		qttt_generator_game(&gen, &game);
		for (i = 0; i <= game.nplies; i++) {
			qttt_game_state_at(&game, i, &s);
			na = qttt_state_actions(&s, acts);
			for (g = 1; g < QTTT_NSYMS; g++) {
				qttt_sym_state(g, &s, &im);
				nb = qttt_state_actions(&im, mapped);
				REQUIRE_EQ(na, nb);
				for (j = 0; j < na; j++) {
					qttt_sym_action(g, &acts[j], &b);
					for (k = 0; k < nb; k++)
						if (memcmp(&b, &mapped[k],
						    sizeof(b)) == 0)
							break;
					REQUIRE(k < nb);
				}
				for (kind = QTTT_PLACE; kind <= QTTT_MEASURE;
				    kind++)
					for (x = 0; x < 9; x++)
						for (y = 0; y < 9; y++) {
					a.kind = kind;
					a.move = kind == QTTT_PLACE ? s.next :
					    1 + (x + y) % 9;
					a.sq[0] = x;
					a.sq[1] = kind == QTTT_PLACE ? y : x;
					qttt_sym_action(g, &a, &b);
					REQUIRE_EQ(qttt_state_legal(&s, &a,
					    NULL), qttt_state_legal(&im, &b,
					    NULL));
						}
			}
		}
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Canonical forms                                                      */
/* ------------------------------------------------------------------ */

/* Every position of NPOOL random games, in a pool to sort. */
struct pooled {
	struct qttt_state st;
	uint64_t	 key;
};

static struct pooled *pool;
static size_t	 npool;

static void
fill_pool(void)
{
	struct qttt_generator gen;
	struct qttt_game game;
	size_t		 n, i;

	pool = malloc(NPOOL * (QTTT_MAXPLIES + 1) * sizeof(pool[0]));
	ck_assert_ptr_nonnull(pool);
	npool = 0;
	qttt_generator_init(&gen, 3, QTTT_GEN_UNFINISHED);
	for (n = 0; n < NPOOL; n++) {
		qttt_generator_game(&gen, &game);
		for (i = 0; i <= game.nplies; i++)
			qttt_game_state_at(&game, i, &pool[npool++].st);
	}
}

static int
by_key(const void *a, const void *b)
{
	uint64_t	 x = ((const struct pooled *)a)->key;
	uint64_t	 y = ((const struct pooled *)b)->key;

	return x < y ? -1 : x > y;
}

/*
 * The key is exact: sorted by key, positions with one key are one
 * position, and a change of any one move or of the pending flag
 * changes it.
 */
START_TEST(test_key_exact)
{
	struct qttt_state t;
	size_t		 i, runs = 0;

	fill_pool();
	for (i = 0; i < npool; i++)
		pool[i].key = qttt_state_key(&pool[i].st);
	qsort(pool, npool, sizeof(pool[0]), by_key);
	for (i = 1; i < npool; i++) {
		if (pool[i].key == pool[i - 1].key)
			REQUIRE(qttt_state_equal(&pool[i].st,
			    &pool[i - 1].st));
		else {
			REQUIRE(!qttt_state_equal(&pool[i].st,
			    &pool[i - 1].st));
			runs++;
		}
	}
	ck_assert_uint_gt(runs, npool / 4);
	/* The layout of formats/symmetry.md, on one position. */
	qttt_state_init(&t);
	ck_assert_uint_eq(qttt_state_key(&t), 0);
	t.where[1][0] = 0;		/* X1 a1 c3: 1 + 0 + 8 */
	t.where[1][1] = 8;
	t.next = 2;
	ck_assert_uint_eq(qttt_state_key(&t), (uint64_t)9 << 57);
	t.where[2][0] = t.where[2][1] = 4;	/* O2 classical in b2 */
	t.next = 3;
	t.pending = 2;			/* not reachable: the bit alone */
	ck_assert_uint_eq(qttt_state_key(&t), (uint64_t)9 << 57 |
	    (uint64_t)(1 + 9 * 4 + 4) << 50 | 1);
	free(pool);
}
END_TEST

/*
 * The canonical form of a state: the same for all eight images, one of
 * them, with the least key of all eight (computed here the long way,
 * from the images), and returned with the symmetry that gives it.
 */
START_TEST(test_state_canon)
{
	struct qttt_state canon, im, c2;
	uint64_t	 least, key, k2;
	enum qttt_sym	 g, g2;
	size_t		 i;
	int		 h, found;

	fill_pool();
	for (i = 0; i < npool; i++) {
		g = qttt_state_symcanon(&pool[i].st, &canon);
		REQUIRE((unsigned int)g < QTTT_NSYMS);
		qttt_sym_state(g, &pool[i].st, &im);
		REQUIRE(qttt_state_equal(&im, &canon));
		REQUIRE_EQ(qttt_state_symcanon(&pool[i].st, NULL), g);
		key = qttt_state_symkey(&pool[i].st, &g2);
		REQUIRE_EQ(g2, g);
		REQUIRE(key == qttt_state_key(&canon));
		least = UINT64_MAX;
		found = 0;
		for (h = 0; h < QTTT_NSYMS; h++) {
			qttt_sym_state(h, &pool[i].st, &im);
			if (qttt_state_key(&im) < least)
				least = qttt_state_key(&im);
			found |= qttt_state_equal(&im, &canon);
			/* The lowest number among equal images. */
			if (h < (int)g)
				REQUIRE(!qttt_state_equal(&im, &canon));
			qttt_state_symcanon(&im, &c2);
			REQUIRE(qttt_state_equal(&c2, &canon));
			k2 = qttt_state_symkey(&im, NULL);
			REQUIRE(k2 == key);
		}
		REQUIRE(found);
		REQUIRE(least == key);
	}
	free(pool);
}
END_TEST

/*
 * Symmetric positions, and only they, share a canonical form: sorted
 * by symkey, neighbours with one symkey are images of each other, and
 * neighbours with different symkeys are not.
 */
START_TEST(test_state_classes)
{
	size_t		 i, same = 0, differ = 0;

	fill_pool();
	for (i = 0; i < npool; i++)
		pool[i].key = qttt_state_symkey(&pool[i].st, NULL);
	qsort(pool, npool, sizeof(pool[0]), by_key);
	for (i = 1; i < npool; i++) {
		if (pool[i].key == pool[i - 1].key) {
			REQUIRE(states_symmetric(&pool[i - 1].st,
			    &pool[i].st));
			same += !qttt_state_equal(&pool[i - 1].st,
			    &pool[i].st);
		} else {
			REQUIRE(!states_symmetric(&pool[i - 1].st,
			    &pool[i].st));
			differ++;
		}
	}
	/* Both cases were seen, the first with positions not equal. */
	ck_assert_uint_gt(same, 100);
	ck_assert_uint_gt(differ, 1000);
	free(pool);
}
END_TEST

/*
 * The 36 first moves fall into 8 classes (the orbits of the pairs of
 * squares: two corners on a side or across, two edges across or side
 * by side, a corner or an edge with the centre, a corner and an edge
 * next to it or not), and the empty board is its own canonical form.
 */
START_TEST(test_first_moves)
{
	static const size_t class_sizes[] = { 2, 2, 4, 4, 4, 4, 8, 8 };
	struct qttt_state st, s;
	struct qttt_action acts[QTTT_MAXACTIONS];
	uint64_t	 keys[QTTT_MAXACTIONS], k;
	size_t		 size[QTTT_MAXACTIONS], sorted[8];
	size_t		 n, i, j, t, nk = 0;

	qttt_state_init(&st);
	ck_assert_int_eq(qttt_state_symcanon(&st, &s), QTTT_SYM_IDENTITY);
	ck_assert(qttt_state_equal(&s, &st));
	n = qttt_state_actions(&st, acts);
	ck_assert_uint_eq(n, 36);
	for (i = 0; i < n; i++) {
		s = st;
		ck_assert_int_eq(qttt_state_apply(&s, &acts[i], NULL),
		    QTTT_OK);
		k = qttt_state_symkey(&s, NULL);
		for (j = 0; j < nk && keys[j] != k; j++)
			continue;
		if (j == nk) {
			keys[nk] = k;
			size[nk++] = 0;
		}
		size[j]++;
	}
	ck_assert_uint_eq(nk, 8);
	memcpy(sorted, size, sizeof(sorted));
	for (i = 0; i < 8; i++)
		for (j = i + 1; j < 8; j++)
			if (sorted[j] < sorted[i]) {
				t = sorted[i];
				sorted[i] = sorted[j];
				sorted[j] = t;
			}
	for (i = 0; i < 8; i++)
		ck_assert_uint_eq(sorted[i], class_sizes[i]);

	/* X1 c1 a3 turns a quarter (the lowest of four) to X1 a1 c3. */
	acts[0].kind = QTTT_PLACE;
	acts[0].move = 1;
	acts[0].sq[0] = 2;
	acts[0].sq[1] = 6;
	qttt_state_init(&s);
	ck_assert_int_eq(qttt_state_apply(&s, &acts[0], NULL), QTTT_OK);
	ck_assert_int_eq(qttt_state_symcanon(&s, &st), QTTT_SYM_ROT90);
	ck_assert_int_eq(st.where[1][0], 0);
	ck_assert_int_eq(st.where[1][1], 8);
}
END_TEST

/*
 * Move 1 on every pair of squares, spooky or classical, in either
 * order, followed by a second move on every pair: the symmetry found
 * is the lowest of those that give the least key, found the long way.
 */
START_TEST(test_two_moves)
{
	struct qttt_state st, im;
	struct qttt_game game, gim;
	uint64_t	 least, k;
	enum qttt_sym	 g, want;
	int		 a, b, c, d, h;

	for (a = 0; a < QTTT_NSQUARES; a++)
	for (b = 0; b < QTTT_NSQUARES; b++)
	for (c = 0; c < QTTT_NSQUARES; c++)
	for (d = 0; d < QTTT_NSQUARES; d++) {
		/*
		 * Not always a reachable position, nor squares in order:
		 * the key and the search do not mind.
		 */
		qttt_state_init(&st);
		st.where[1][0] = a;
		st.where[1][1] = b;
		st.where[2][0] = c;
		st.where[2][1] = d;
		st.next = 3;
		least = UINT64_MAX;
		want = QTTT_SYM_IDENTITY;
		for (h = 0; h < QTTT_NSYMS; h++) {
			qttt_sym_state(h, &st, &im);
			if ((k = qttt_state_key(&im)) < least) {
				least = k;
				want = h;
			}
		}
		REQUIRE(qttt_state_symkey(&st, &g) == least);
		REQUIRE_EQ(g, want);
		/* The same two placements as the plies of a game. */
		qttt_game_init(&game);
		game.nplies = 2;
		game.plies[0].kind = game.plies[1].kind = QTTT_PLACE;
		game.plies[0].move = 1;
		game.plies[1].move = 2;
		game.plies[0].sq[0] = a;
		game.plies[0].sq[1] = b;
		game.plies[1].sq[0] = c;
		game.plies[1].sq[1] = d;
		/* Ordered as the keys: move 1's squares, then move 2's. */
		REQUIRE_EQ(qttt_game_symcanon(&game, &gim), want);
		qttt_sym_state(want, &st, &im);
		REQUIRE(memcmp(gim.plies[0].sq, im.where[1], 2) == 0);
		REQUIRE(memcmp(gim.plies[1].sq, im.where[2], 2) == 0);
	}
}
END_TEST

/* Games pooled for their canonical forms. */
static struct qttt_game *games;

static void
fill_games(void)
{
	struct qttt_generator gen;
	size_t		 n;

	games = malloc(NPOOL * 4 * sizeof(games[0]));
	ck_assert_ptr_nonnull(games);
	qttt_generator_init(&gen, 5, QTTT_GEN_UNFINISHED);
	for (n = 0; n < NPOOL * 4; n++)
		qttt_generator_game(&gen, &games[n]);
}

/* The order of formats/symmetry.md, written out: ply by ply. */
static int
ply_order(const struct qttt_game *a, const struct qttt_game *b)
{
	size_t	 i;
	int	 j;

	for (i = 0; i < a->nplies && i < b->nplies; i++) {
		for (j = 0; j < (a->plies[i].kind == QTTT_PLACE ? 2 : 1);
		    j++)
			if (a->plies[i].sq[j] != b->plies[i].sq[j])
				return a->plies[i].sq[j] < b->plies[i].sq[j] ?
				    -1 : 1;
	}
	return a->nplies < b->nplies ? -1 : a->nplies > b->nplies;
}

/*
 * The canonical form of a game: the same for all eight images, one of
 * them, the least in the order of plies, returned with its symmetry.
 */
START_TEST(test_game_canon)
{
	struct qttt_game canon, im, c2;
	enum qttt_sym	 g;
	size_t		 i;
	int		 h, found;

	fill_games();
	for (i = 0; i < NPOOL * 4; i++) {
		g = qttt_game_symcanon(&games[i], &canon);
		REQUIRE((unsigned int)g < QTTT_NSYMS);
		qttt_sym_game(g, &games[i], &im);
		REQUIRE(game_equal(&im, &canon));
		REQUIRE_EQ(qttt_game_symcanon(&games[i], NULL), g);
		found = 0;
		for (h = 0; h < QTTT_NSYMS; h++) {
			qttt_sym_game(h, &games[i], &im);
			REQUIRE(ply_order(&canon, &im) <= 0);
			if (h < (int)g)
				REQUIRE(ply_order(&canon, &im) < 0);
			found |= game_equal(&im, &canon);
			qttt_game_symcanon(&im, &c2);
			REQUIRE(game_equal(&c2, &canon));
		}
		REQUIRE(found);
		/* In place. */
		c2 = games[i];
		REQUIRE_EQ(qttt_game_symcanon(&c2, &c2), g);
		REQUIRE(game_equal(&c2, &canon));
	}
	free(games);
}
END_TEST

/* A game of the pool beside its canonical form. */
struct paired {
	struct qttt_game canon;
	struct qttt_game orig;
};

static int
by_canon(const void *a, const void *b)
{
	return ply_order(&((const struct paired *)a)->canon,
	    &((const struct paired *)b)->canon);
}

/*
 * Games that are images of each other, and only they, share a
 * canonical form: sorted by it, neighbours with one form were
 * symmetric games, neighbours with different forms were not.  Half the
 * pool is unfinished, often after a ply or two, so some games are
 * images of each other without being the same.
 */
START_TEST(test_game_classes)
{
	struct paired	*p;
	size_t		 i, n = NPOOL * 4, same = 0, differ = 0;

	fill_games();
	p = malloc(n * sizeof(p[0]));
	ck_assert_ptr_nonnull(p);
	for (i = 0; i < n; i++) {
		p[i].orig = games[i];
		qttt_game_symcanon(&games[i], &p[i].canon);
	}
	qsort(p, n, sizeof(p[0]), by_canon);
	for (i = 1; i < n; i++) {
		if (ply_order(&p[i - 1].canon, &p[i].canon) == 0) {
			REQUIRE(game_equal(&p[i - 1].canon, &p[i].canon));
			REQUIRE(games_symmetric(&p[i - 1].orig, &p[i].orig));
			same += !game_equal(&p[i - 1].orig, &p[i].orig);
		} else {
			REQUIRE(!games_symmetric(&p[i - 1].orig,
			    &p[i].orig));
			differ++;
		}
	}
	ck_assert_uint_gt(same, 10);
	ck_assert_uint_gt(differ, 1000);
	free(p);
	free(games);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The diagrams                                                         */
/* ------------------------------------------------------------------ */

static char *
text_of(const struct qttt_state *st, const struct qttt_render_opts *o)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*f;

	f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(qttt_render_text(f, st, NULL, 0, o), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/*
 * Each rotation and flip of the diagrams names the symmetry it draws,
 * places every square where that symmetry takes it, and draws a
 * position as the upright picture of the mapped position.
 */
START_TEST(test_render)
{
	static const struct {
		int		 rotate;
		enum qttt_flip	 flip;
		enum qttt_sym	 sym;
	} cases[] = {
		{ 0, QTTT_FLIP_NONE, QTTT_SYM_IDENTITY },
		{ 90, QTTT_FLIP_NONE, QTTT_SYM_ROT90 },
		{ 180, QTTT_FLIP_NONE, QTTT_SYM_ROT180 },
		{ 270, QTTT_FLIP_NONE, QTTT_SYM_ROT270 },
		{ 0, QTTT_FLIP_H, QTTT_SYM_FLIP_H },
		{ 0, QTTT_FLIP_V, QTTT_SYM_FLIP_V },
		{ 90, QTTT_FLIP_H, QTTT_SYM_DIAG },
		{ 90, QTTT_FLIP_V, QTTT_SYM_ANTIDIAG },
		{ 180, QTTT_FLIP_H, QTTT_SYM_FLIP_V },
		{ 180, QTTT_FLIP_V, QTTT_SYM_FLIP_H },
		{ 270, QTTT_FLIP_H, QTTT_SYM_ANTIDIAG },
		{ 270, QTTT_FLIP_V, QTTT_SYM_DIAG },
	};
	struct qttt_generator gen;
	struct qttt_render_opts o, upright;
	struct qttt_game game;
	struct qttt_state st, im;
	char		*a, *b;
	size_t		 i, n;
	int		 s;

	qttt_render_defaults(&upright);
	upright.bare = 1;
	qttt_generator_init(&gen, 13, QTTT_GEN_UNFINISHED);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		o = upright;
		o.rotate = cases[i].rotate;
		o.flip = cases[i].flip;
		ck_assert_int_eq(qttt_render_sym(&o), cases[i].sym);
		for (s = 0; s < QTTT_NSQUARES; s++)
			ck_assert_int_eq(qttt_render_place(&o, s),
			    qttt_sym_square(cases[i].sym, s));
		for (n = 0; n < 20; n++) {
			qttt_generator_game(&gen, &game);
			qttt_game_state_at(&game, n % (game.nplies + 1), &st);
			qttt_sym_state(cases[i].sym, &st, &im);
			a = text_of(&st, &o);
			b = text_of(&im, &upright);
			ck_assert_str_eq(a, b);
			free(a);
			free(b);
		}
	}
}
END_TEST

Suite *
symmetry_suite(void)
{
	Suite	*s = suite_create("symmetry");
	TCase	*tc = tcase_create("symmetry");

	tcase_add_test(tc, test_geometry);
	tcase_add_test(tc, test_permutations);
	tcase_add_test(tc, test_compose);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_action);
	tcase_add_test(tc, test_commute);
	tcase_add_test(tc, test_legality);
	tcase_add_test(tc, test_key_exact);
	tcase_add_test(tc, test_state_canon);
	tcase_add_test(tc, test_state_classes);
	tcase_add_test(tc, test_first_moves);
	tcase_add_test(tc, test_two_moves);
	tcase_add_test(tc, test_game_canon);
	tcase_add_test(tc, test_game_classes);
	tcase_add_test(tc, test_render);
	suite_add_tcase(s, tc);
	return s;
}
