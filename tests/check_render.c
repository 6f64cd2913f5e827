/*
 * The diagram writers: where rotations and flips put the squares,
 * which action leads from one state to the next, and what the text and
 * SVG writers put in their output, checked on the worked examples of
 * formats/rules.md and on random games.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

/* formats/rules.md, worked examples 2 to 4. */
#define FIG7	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; " \
		"O6 a1 b2"
#define FIG8	"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; " \
		"O6 b2 c3; X7 a1 b2"
#define DOUBLE	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; " \
		"O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0"

static struct qttt_record rec;
static struct qttt_game game;

/* Plays a valid record into game. */
static void
play(const char *s)
{
	ck_assert_int_eq(qttt_line_parse(s, strlen(s), 0, &rec), 1);
	ck_assert_msg(qttt_record_play(&rec, &game) == 0, "'%s' is not "
	    "valid", s);
}

static char *
text_of(const struct qttt_state *st, const struct qttt_action *plies,
    size_t n, const struct qttt_render_opts *o)
{
	struct out	 out;

	ck_assert_int_eq(qttt_render_text(out_open(&out), st, plies, n, o),
	    0);
	return out_close(&out);
}

/* ------------------------------------------------------------------ */

/* Every rotation and flip moves the squares as the picture says. */
START_TEST(test_place)
{
	static const struct {
		int		 rotate;
		enum qttt_flip	 flip;
		int		 a1, c1, b2;	/* their places */
	} cases[] = {
		{ 0, QTTT_FLIP_NONE, 0, 2, 4 },
		{ 90, QTTT_FLIP_NONE, 2, 8, 4 },
		{ 180, QTTT_FLIP_NONE, 8, 6, 4 },
		{ 270, QTTT_FLIP_NONE, 6, 0, 4 },
		{ 0, QTTT_FLIP_H, 2, 0, 4 },
		{ 0, QTTT_FLIP_V, 6, 8, 4 },
		{ 90, QTTT_FLIP_H, 0, 6, 4 },	/* the transpose */
		{ 90, QTTT_FLIP_V, 8, 2, 4 },
	};
	struct qttt_render_opts o;
	size_t		 i;

	qttt_render_defaults(&o);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		o.rotate = cases[i].rotate;
		o.flip = cases[i].flip;
		ck_assert_int_eq(qttt_render_place(&o, 0), cases[i].a1);
		ck_assert_int_eq(qttt_render_place(&o, 2), cases[i].c1);
		ck_assert_int_eq(qttt_render_place(&o, 4), cases[i].b2);
	}
}
END_TEST

/*
 * The eight symmetries are eight different permutations, and each
 * takes the eight lines to the eight lines.
 */
START_TEST(test_symmetries)
{
	static const unsigned char lines[8][3] = {
		{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
		{ 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 }
	};
	struct qttt_render_opts o;
	int		 perm[8][9], seen[9], i, j, k, l, sq, mask, found;

	qttt_render_defaults(&o);
	for (i = 0; i < 8; i++) {
		o.rotate = 90 * (i % 4);
		o.flip = i < 4 ? QTTT_FLIP_NONE : QTTT_FLIP_H;
		memset(seen, 0, sizeof(seen));
		for (sq = 0; sq < 9; sq++) {
			perm[i][sq] = qttt_render_place(&o, sq);
			ck_assert(perm[i][sq] >= 0 && perm[i][sq] < 9);
			seen[perm[i][sq]]++;
		}
		for (sq = 0; sq < 9; sq++)
			ck_assert_int_eq(seen[sq], 1);
		for (l = 0; l < 8; l++) {
			mask = 0;
			for (k = 0; k < 3; k++)
				mask |= 1 << perm[i][lines[l][k]];
			found = 0;
			for (k = 0; k < 8; k++)
				if (mask == (1 << lines[k][0] |
				    1 << lines[k][1] | 1 << lines[k][2]))
					found = 1;
			ck_assert_msg(found, "symmetry %d breaks line %d", i,
			    l);
		}
		for (j = 0; j < i; j++)
			ck_assert_msg(memcmp(perm[i], perm[j],
			    sizeof(perm[i])) != 0, "symmetries %d and %d "
			    "are the same", i, j);
	}
}
END_TEST

/* The coordinates follow the squares: a quarter turn puts rows on top. */
START_TEST(test_text_coords)
{
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*t, *nl;

	qttt_render_defaults(&o);
	o.coords = QTTT_COORDS_A1;
	o.bare = 1;
	qttt_state_init(&st);
	t = text_of(&st, NULL, 0, &o);
	nl = strchr(t, '\n');
	ck_assert_ptr_nonnull(nl);
	*nl = '\0';
	ck_assert_str_eq(t, "       a          b          c");
	ck_assert_ptr_nonnull(strstr(nl + 1, "\n1 |"));
	free(t);

	o.rotate = 90;
	t = text_of(&st, NULL, 0, &o);
	nl = strchr(t, '\n');
	*nl = '\0';
	ck_assert_str_eq(t, "       3          2          1");
	ck_assert_ptr_nonnull(strstr(nl + 1, "\na |"));
	ck_assert_ptr_nonnull(strstr(nl + 1, "\nc |"));
	free(t);
}
END_TEST

/* A rotated text board puts each mark in its square's new place. */
START_TEST(test_text_rotated)
{
	struct qttt_render_opts o;
	char		*t;

	qttt_render_defaults(&o);
	o.bare = 1;
	/* X1 takes a1 and nothing else is classical. */
	play("X1 a1 b1; O2 b1 a1; measure X1->a1");
	t = text_of(&game.state, NULL, 0, &o);
	/* The large X sits in the top left square, O2 in the next. */
	ck_assert_ptr_nonnull(strstr(t, "|  \\   /   |   .-.    |"));
	free(t);
	o.rotate = 180;
	t = text_of(&game.state, NULL, 0, &o);
	ck_assert_ptr_nonnull(strstr(t, "|   .-.    |  \\   /   |\n"));
	ck_assert_ptr_null(strstr(t, "|  \\   /   |   .-.    |"));
	free(t);
}
END_TEST

/* What a thread draws, again and again, and what it must get. */
struct drawer {
	const struct qttt_state	*st;
	const char		*want;
	int			 same;
};

static void *
draw_often(void *arg)
{
	struct drawer	*d = arg;
	struct qttt_render_opts o;
	struct out	 out;
	char		*t;
	int		 i;

	qttt_render_defaults(&o);
	d->same = 1;
	for (i = 0; i < 300; i++) {
		if (qttt_render_text(out_open(&out), d->st, NULL, 0, &o) != 0)
			d->same = 0;
		t = out_close(&out);
		if (strcmp(t, d->want) != 0)
			d->same = 0;
		free(t);
	}
	return NULL;
}

/* Text diagrams drawn on two threads at once are the diagrams drawn on one. */
START_TEST(test_text_threads)
{
	struct qttt_render_opts o;
	struct qttt_state empty;
	struct drawer	 d[2];
	pthread_t	 t[2];
	int		 i;

	qttt_render_defaults(&o);
	qttt_state_init(&empty);
	play(FIG8);
	d[0].st = &empty;
	d[1].st = &game.state;
	for (i = 0; i < 2; i++)
		d[i].want = text_of(d[i].st, NULL, 0, &o);
	ck_assert_str_ne(d[0].want, d[1].want);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, draw_often,
		    &d[i]), 0);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_msg(d[i].same, "thread %d drew another diagram", i);
		free((char *)d[i].want);
	}
}
END_TEST

/* Each spooky mark twice on the board, each classical mark once. */
START_TEST(test_svg_marks)
{
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*svg, cls[64];
	size_t		 i;
	int		 m;

	qttt_render_defaults(&o);
	play(FIG7 "; measure O6->b2; 0-1");
	qttt_state_init(&st);
	for (i = 0; i <= game.nplies; i++) {
		svg = svg_of(&st, game.plies, i, &o);
		for (m = 1; m < st.next; m++) {
			snprintf(cls, sizeof(cls), "qttt-spooky qttt-%c "
			    "qttt-m%d\"", QTTT_MOVER(m) == QTTT_X ? 'x' : 'o',
			    m);
			ck_assert_uint_eq(occurrences(svg, cls),
			    st.where[m][0] != st.where[m][1] ? 2 : 0);
			/* Its class list ends there, or goes on with
			 * a halo's classes. */
			snprintf(cls, sizeof(cls), "qttt-classical qttt-%c "
			    "qttt-m%d", QTTT_MOVER(m) == QTTT_X ? 'x' : 'o',
			    m);
			ck_assert_uint_eq(occurrences(svg, cls),
			    st.where[m][0] == st.where[m][1] ? 1 : 0);
		}
		free(svg);
		if (i < game.nplies)
			qttt_state_apply(&st, &game.plies[i], NULL);
	}
}
END_TEST

/* The pending cycle's edges, its stems, and the other edges. */
START_TEST(test_svg_cycle)
{
	struct qttt_render_opts o;
	char		*svg;

	qttt_render_defaults(&o);
	play(FIG7);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	/* The cycle a1-b1-b2 is X1, O2, O6; X3, O4, X5 are stems. */
	ck_assert_ptr_nonnull(strstr(svg, "qttt-edge qttt-x qttt-m1 "
	    "qttt-cycle\""));
	ck_assert_ptr_nonnull(strstr(svg, "qttt-edge qttt-o qttt-m2 "
	    "qttt-cycle\""));
	ck_assert_ptr_nonnull(strstr(svg, "qttt-edge qttt-o qttt-m6 "
	    "qttt-cycle\""));
	ck_assert_ptr_nonnull(strstr(svg, "qttt-edge qttt-x qttt-m3 "
	    "qttt-stem\""));
	ck_assert_ptr_nonnull(strstr(svg, "qttt-edge qttt-o qttt-m4 "
	    "qttt-stem\""));
	ck_assert_ptr_nonnull(strstr(svg, "qttt-edge qttt-x qttt-m5 "
	    "qttt-stem\""));
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-edge "), 6);
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-cycle-square\""), 3);
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-node qttt-cycle\""), 3);
	free(svg);

	/* Before O6 there is no cycle: no edge is marked. */
	play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3");
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-edge "), 5);
	ck_assert_ptr_null(strstr(svg, "qttt-cycle"));
	ck_assert_ptr_null(strstr(svg, "qttt-stem"));
	free(svg);
}
END_TEST

/* The two edges of a 2-cycle bow apart: different control points. */
START_TEST(test_svg_twins)
{
	struct qttt_render_opts o;
	char		*svg, *p, *q, a[64], b[64];

	qttt_render_defaults(&o);
	play(FIG8);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	p = strstr(svg, "qttt-edge qttt-x qttt-m1 qttt-cycle");
	q = strstr(svg, "qttt-edge qttt-x qttt-m7 qttt-cycle");
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(q);
	p = strstr(p, " d=\"");
	q = strstr(q, " d=\"");
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(q);
	snprintf(a, sizeof(a), "%.*s", (int)strcspn(p + 4, "\""), p + 4);
	snprintf(b, sizeof(b), "%.*s", (int)strcspn(q + 4, "\""), q + 4);
	ck_assert_str_ne(a, b);
	free(svg);
}
END_TEST

/* The last action is marked when known and wanted, never otherwise. */
START_TEST(test_svg_last)
{
	struct qttt_render_opts o;
	char		*svg;

	qttt_render_defaults(&o);
	play(FIG7);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	/* O6's two marks and its edge label. */
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-last\""), 3);
	free(svg);
	svg = svg_of(&game.state, NULL, 0, &o);
	ck_assert_ptr_null(strstr(svg, "qttt-last"));
	free(svg);
	o.highlight = 0;
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_null(strstr(svg, "qttt-last"));
	free(svg);
}
END_TEST

/* Title and description: the state string, the moves, the lines. */
START_TEST(test_svg_desc)
{
	struct qttt_render_opts o;
	char		 state[QTTT_STATE_MAX], want[256];
	char		*svg;

	qttt_render_defaults(&o);
	play(DOUBLE);
	qttt_state_format(&game.state, state, sizeof(state));
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	snprintf(want, sizeof(want), "<title>Quantum Tic-Tac-Toe position "
	    "%s</title>", state);
	ck_assert_ptr_nonnull(strstr(svg, want));
	ck_assert_ptr_nonnull(strstr(svg, "Moves: X1 a1 b1; O2 b1 c1; "));
	ck_assert_ptr_nonnull(strstr(svg, "; X9 b2. Game over, 2-0"));
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-line qttt-x\""), 2);
	ck_assert_ptr_nonnull(strstr(svg, "viewBox=\"0 0 "));
	free(svg);
	/* Only the last ply known: it is named, the rest is not. */
	svg = svg_of(&game.state, game.plies + game.nplies - 1, 1, &o);
	ck_assert_ptr_nonnull(strstr(svg, "Last: X9 b2."));
	ck_assert_ptr_null(strstr(svg, "Moves:"));
	free(svg);
}
END_TEST

/* The preview draws both outcomes, each with its caption. */
START_TEST(test_svg_preview)
{
	struct qttt_render_opts o;
	char		*svg;

	qttt_render_defaults(&o);
	o.preview = 1;
	play(FIG8);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-outcome\""), 2);
	ck_assert_ptr_nonnull(strstr(svg, "O measures X<tspan"));
	ck_assert_ptr_nonnull(strstr(svg, "Game over, 1/2-1."));
	ck_assert_ptr_nonnull(strstr(svg, "Game over, 1-1/2."));
	free(svg);
	/* Nothing pending: the usual diagram. */
	play(FIG8 "; measure X7->a1");
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_null(strstr(svg, "qttt-outcome"));
	free(svg);
}
END_TEST

/* A state follows another by one action, or it does not. */
START_TEST(test_between)
{
	struct qttt_state s[QTTT_MAXPLIES + 1];
	struct qttt_action a;
	size_t		 i;

	play(DOUBLE);
	qttt_state_init(&s[0]);
	for (i = 0; i < game.nplies; i++) {
		s[i + 1] = s[i];
		qttt_state_apply(&s[i + 1], &game.plies[i], NULL);
	}
	for (i = 0; i < game.nplies; i++) {
		ck_assert_int_eq(qttt_action_between(&s[i], &s[i + 1], &a),
		    0);
		ck_assert_int_eq(a.kind, game.plies[i].kind);
		ck_assert_int_eq(a.move, game.plies[i].move);
		ck_assert_int_eq(a.sq[0], game.plies[i].sq[0]);
		ck_assert_int_eq(a.sq[1], game.plies[i].sq[1]);
		ck_assert_int_eq(qttt_action_between(&s[i + 1], &s[i], &a),
		    -1);
		ck_assert_int_eq(qttt_action_between(&s[i], &s[i], &a), -1);
		if (i + 2 <= game.nplies)
			ck_assert_int_eq(qttt_action_between(&s[i],
			    &s[i + 2], &a), -1);
	}
	/* The same move number on other squares does not follow. */
	play("X1 a1 b1");
	s[1] = game.state;
	play("X1 a1 c1");
	ck_assert_int_eq(qttt_action_between(&s[0], &s[1], &a), 0);
	ck_assert_int_eq(qttt_action_between(&s[1], &game.state, &a), -1);
}
END_TEST

/* Columns a line of UTF-8 text takes: one per character. */
static size_t
columns(const char *s, size_t n)
{
	size_t	 c = 0, i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/* Every text diagram of many random games fits in 80 columns. */
START_TEST(test_text_width)
{
	struct qttt_generator gen;
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*t, *line, *nl;
	size_t		 i, width;
	int		 k, variant;

	qttt_generator_init(&gen, 7, QTTT_GEN_UNFINISHED);
	for (k = 0; k < 200; k++) {
		qttt_generator_game(&gen, &game);
		qttt_state_init(&st);
		for (i = 0; i <= game.nplies; i++) {
			for (variant = 0; variant < 4; variant++) {
				qttt_render_defaults(&o);
				o.unicode = variant & 1;
				o.coords = variant & 2 ? QTTT_COORDS_A1 :
				    QTTT_COORDS_GOFF;
				o.preview = 1;
				t = text_of(&st, game.plies, i, &o);
				for (line = t; *line != '\0'; line = nl + 1) {
					nl = strchr(line, '\n');
					ck_assert_ptr_nonnull(nl);
					width = columns(line, nl - line);
					ck_assert_msg(width <= 80, "%zu "
					    "columns: %.*s", width,
					    (int)(nl - line), line);
				}
				free(t);
			}
			if (i < game.nplies)
				qttt_state_apply(&st, &game.plies[i], NULL);
		}
	}
}
END_TEST

/* The animation has a frame per state and refuses illegal actions. */
START_TEST(test_anim)
{
	struct qttt_render_opts o;
	struct qttt_action bad[2];
	struct qttt_state st;
	struct out	 out;
	char		*svg;

	qttt_render_defaults(&o);
	play(DOUBLE);
	qttt_state_init(&st);
	ck_assert_int_eq(qttt_render_anim(out_open(&out), &st, game.plies,
	    game.nplies, &o), 0);
	svg = out_close(&out);
	ck_assert_uint_eq(occurrences(svg, "class=\"qttt-frame\""),
	    game.nplies + 1);
	ck_assert_uint_eq(occurrences(svg, "<animate "), game.nplies + 1);
	/* Without animation the last frame shows: the end of the game. */
	ck_assert_uint_eq(occurrences(svg, "visibility=\"visible\">"), 1);
	ck_assert_uint_eq(occurrences(svg, "visibility=\"hidden\">"), game.nplies);
	free(svg);

	bad[0] = game.plies[0];
	bad[1] = game.plies[0];		/* X1 twice */
	ck_assert_int_eq(qttt_render_anim(out_open(&out), &st, bad, 2, &o),
	    -2);
	svg = out_close(&out);
	ck_assert_uint_eq(strlen(svg), 0);
	free(svg);
}
END_TEST

/*
 * A forfeit or an adjudication: the status of the game's last position
 * says the result awarded, in text, SVG, an animation's last frame and
 * a sheet's last cell; a position the board has ended ignores it.
 */
START_TEST(test_awarded)
{
	struct qttt_render_opts o;
	struct qttt_result r = { 1, { 0, 2 } };		/* 0-1 */
	struct qttt_state st;
	struct out	 out;
	char		*s;

	qttt_render_defaults(&o);
	play("X1 a1 b1; O2 b1 c1; X3 a2 b2");
	s = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(s, "O to move (O4)."));
	free(s);
	o.awarded = &r;
	o.termination = QTTT_TERM_TIME;
	s = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(s, "Game over, 0-1: X forfeits (time)."));
	ck_assert_ptr_null(strstr(s, "to move"));
	free(s);
	o.termination = QTTT_TERM_ADJUDICATION;
	ck_assert_int_eq(qttt_render_svg(out_open(&out), &game.state,
	    game.plies, game.nplies, &o), 0);
	s = out_close(&out);
	/* The caption and the description. */
	ck_assert_uint_eq(occurrences(s, "Game over, 0-1 by adjudication."), 2);
	free(s);
	qttt_state_init(&st);
	ck_assert_int_eq(qttt_render_anim(out_open(&out), &st, game.plies,
	    game.nplies, &o), 0);
	s = out_close(&out);
	/* The last frame's caption and the description only. */
	ck_assert_uint_eq(occurrences(s, "by adjudication"), 2);
	ck_assert_uint_eq(occurrences(s, "to move"), game.nplies);
	free(s);
	ck_assert_int_eq(qttt_render_sheet(out_open(&out), &st, game.plies,
	    game.nplies, 0, game.nplies, 2, &o), 0);
	s = out_close(&out);
	ck_assert_uint_eq(occurrences(s, "; 0-1</tspan></text>"), 1);
	free(s);
	/* A sheet that stops before the end shows no award. */
	ck_assert_int_eq(qttt_render_sheet(out_open(&out), &st, game.plies,
	    game.nplies, 0, 2, 2, &o), 0);
	s = out_close(&out);
	ck_assert_ptr_null(strstr(s, "0-1"));
	free(s);
	/* The board's own end comes first. */
	play(DOUBLE);
	s = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(s, "Game over, 2-0"));
	ck_assert_ptr_null(strstr(s, "adjudication"));
	free(s);
}
END_TEST

/* Example 4 stopped where the collapse leaves one square, b2, open. */
#define LAST	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; " \
		"O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2"

/* Plays s, valid by Goff's rules, into game again under rules. */
static void
play_by(unsigned int rules, const char *s)
{
	struct qttt_game g;
	size_t		 i;

	play(s);
	qttt_game_init(&g);
	g.state.rules = rules;
	for (i = 0; i < game.nplies; i++)
		ck_assert_int_eq(qttt_game_play(&g, &game.plies[i], NULL),
		    QTTT_OK);
	game = g;
}

/*
 * A profile's diagrams name it, and say what it makes of the position:
 * who measures, how the game ended; Goff's name no profile.
 */
START_TEST(test_profile_text)
{
	struct qttt_render_opts o;
	char		*t, *line, *nl;

	qttt_render_defaults(&o);
	play_by(QTTT_RULES_GOFF, FIG7);
	t = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(t, "; X measures: O6->a1 or O6->b2.\n"));
	ck_assert_ptr_null(strstr(t, "Rules"));
	free(t);
	/* measurer=closer: O closed the cycle, and O measures. */
	play_by(QTTT_RULES_CLOSER, FIG7);
	t = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(t, "After O6 a1 b2:\nO6 closed the "
	    "cycle a1 b1 b2; O measures: O6->a1 or O6->b2. Rules: flash.\n"));
	free(t);
	/* last-square=draw: over with b2 open, no X9. */
	play_by(QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW, LAST);
	t = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(t, "After O8->a2: Game over, 0-0: a "
	    "draw, one square open. Rules: python.\n"));
	free(t);
	/* The longest name folds at its blanks, within 80 columns. */
	play_by(QTTT_RULES_MAX & ~QTTT_RULES_DOUBLE_1 &
	    ~QTTT_RULES_SIMUL_TIE, FIG7);
	o.unicode = 1;
	t = text_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(t, "O measures: O\xe2\x82\x86\xe2\x86\x92"
	    "a1 or O\xe2\x82\x86\xe2\x86\x92" "b2. Rules: double=2,\n"
	    "simultaneous=draw, two-cycles=no, last-square=draw, "
	    "measurer=closer, draw=1/2.\n"));
	for (line = t; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_uint_le(columns(line, nl - line), 80);
	}
	free(t);
}
END_TEST

/*
 * In SVG: the caption and the description name the profile, and the
 * moves are known to lead to the position under it; the preview's
 * outcomes are scored by it; every frame of an animation that the
 * diagrams writer draws of a game is played by the game's profile.
 */
START_TEST(test_profile_svg)
{
	struct qttt_render_opts o;
	struct qttt_diagrams_opts d;
	struct qttt_diagrams *w;
	struct qttt_replay r = { NULL, &rec, &game, -1 };
	struct qttt_diag diag;
	struct out	 out;
	char		*svg;

	qttt_render_defaults(&o);
	play_by(QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW, LAST);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(svg, "Moves: X1 a1 b1; O2 b1 c1; "));
	ck_assert_ptr_nonnull(strstr(svg, "Game over, 0-0: a draw, one "
	    "square open. Rules: python.</desc>"));
	ck_assert_uint_eq(occurrences(svg, "Rules: python."), 2);
	free(svg);
	o.preview = 1;
	play_by(QTTT_RULES_SIMUL_TIE | QTTT_RULES_CLOSER, FIG8);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(svg, "X measures X<tspan"));
	/* Each outcome's caption, folded in its room. */
	ck_assert_uint_eq(occurrences(svg, ">Game over, 1/2-1/2. Rules:<"),
	    2);
	ck_assert_uint_eq(occurrences(svg, ">simultaneous=tie, "
	    "measurer=closer.<"), 2);
	free(svg);

	memset(&d, 0, sizeof(d));
	qttt_render_defaults(&d.render);
	d.svg = 1;
	d.animate = 1;
	d.from = d.to = -1;
	play_by(QTTT_RULES_CLOSER, FIG7 "; measure O6->a1");
	w = qttt_diagrams_open(out_open(&out), &d);
	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(qttt_diagrams_put(w, &r, &diag), 0);
	ck_assert_int_eq(qttt_diagrams_close(w, &diag), 0);
	svg = out_close(&out);
	/* Eight frames and the description, captions folded as they fit. */
	ck_assert_uint_eq(occurrences(svg, "Rules:"), 9);
	ck_assert_uint_eq(occurrences(svg, "flash.<"), 9);
	ck_assert_ptr_nonnull(strstr(svg, "; O measures:</tspan> O<tspan"));
	free(svg);
}
END_TEST

/*
 * What the diagrams writer draws of the record of play() at a path, or
 * its status and diagnostic: NULL then.  The caller frees the text.
 */
static char *
drawn_at(const char *path, int *k, struct qttt_diag *diag)
{
	struct qttt_diagrams_opts d;
	struct qttt_diagrams *w;
	struct qttt_replay r = { NULL, &rec, &game, -1 };
	struct out	 out;
	char		*t;

	memset(&d, 0, sizeof(d));
	qttt_render_defaults(&d.render);
	d.from = d.to = -1;
	d.path = path;
	ck_assert_ptr_nonnull(w = qttt_diagrams_open(out_open(&out), &d));
	*k = qttt_diagrams_put(w, &r, diag);
	ck_assert_int_eq(qttt_diagrams_close(w, NULL), 0);
	t = out_close(&out);
	if (*k == 0)
		return t;
	ck_assert_str_eq(t, "");
	free(t);
	return NULL;
}

/*
 * A path names the position drawn, inside a variation or on the main
 * line, its last action highlighted; a record without that position,
 * or text that is no path, is refused with qttt_record_path()'s
 * diagnostic at the record's line, and nothing drawn.
 */
START_TEST(test_diagrams_path)
{
	struct qttt_diag d;
	char		*t;
	int		 k;

	play("X1 a1 b1; O2 a2 b2; X3 b1 c1; O4 a2 c2; X5 c1 a1 "
	    "(X5 a3 b3; O6 b3 c3 (O6 a3 c3)); measure X3->c1 "
	    "(measure X3->b1); 1-0");
	rec.line = 6;
	ck_assert_ptr_nonnull(t = drawn_at("5.1.2.1.1", &k, &d));
	ck_assert_ptr_nonnull(strstr(t, "After O6 a3 c3: X to move (X7)."));
	free(t);
	ck_assert_ptr_nonnull(t = drawn_at("6.1.1", &k, &d));
	ck_assert_ptr_nonnull(strstr(t, "After X5->c1: Game over, 1-0: "
	    "X a1 b1 c1 (time 5)."));
	free(t);
	ck_assert_ptr_null(drawn_at("4.", &k, &d));
	ck_assert_int_eq(k, -2);
	ck_assert_int_eq(d.code, QTTT_E_SYNTAX);
	ck_assert_ptr_null(drawn_at("5.2.1", &k, &d));
	ck_assert_int_eq(k, -2);
	ck_assert_int_eq(d.code, QTTT_E_PLIES);
	ck_assert_uint_eq(d.line, 6);
	ck_assert_str_eq(d.msg, "5.2.1: the item at 5 has 1 variation");
	ck_assert_ptr_null(drawn_at("5.1.3", &k, &d));
	ck_assert_str_eq(d.msg, "5.1.3: the variation has 2 items");
}
END_TEST

/* A stream that cannot be written is reported. */
START_TEST(test_write_error)
{
	struct qttt_render_opts o;
	struct qttt_state st;
	FILE		*f;

	if ((f = fopen("/dev/full", "w")) == NULL)
		return;
	setvbuf(f, NULL, _IONBF, 0);
	qttt_render_defaults(&o);
	qttt_state_init(&st);
	ck_assert_int_eq(qttt_render_svg(f, &st, NULL, 0, &o), -1);
	clearerr(f);
	ck_assert_int_eq(qttt_render_text(f, &st, NULL, 0, &o), -1);
	fclose(f);
}
END_TEST

/*
 * The drawing options by name: every name of every value is read, the
 * first name of each is given back, and what is none of them is
 * refused with the values it could be, the options left as they were.
 */
START_TEST(test_options_named)
{
	static const struct {
		const char	*option, *value, *back;
	} ok[] = {
		{ "coords", "none", "none" }, { "coords", "a1", "a1" },
		{ "coords", "goff", "goff" }, { "coords", "1-9", "goff" },
		{ "theme", "light", "light" }, { "theme", "dark", "dark" },
		{ "theme", "mono", "mono" }, { "flip", "none", "none" },
		{ "flip", "h", "h" }, { "flip", "horizontal", "h" },
		{ "flip", "v", "v" }, { "flip", "vertical", "v" },
		{ "rotate", "0", "0" }, { "rotate", "90", "90" },
		{ "rotate", "180", "180" }, { "rotate", "270", "270" },
		{ "bare", "1", "1" }, { "bare", "0", "0" },
		{ "highlight", "0", "0" }, { "highlight", "1", "1" },
	};
	static const struct {
		const char	*option, *value, *msg;
	} bad[] = {
		{ "coords", "A1", "coords 'A1': none, a1, goff or 1-9" },
		{ "flip", "x", "flip 'x': none, h (horizontal) or v "
		    "(vertical)" },
		{ "rotate", "45", "rotate '45': 0, 90, 180 or 270" },
		{ "rotate", "090", "rotate '090': 0, 90, 180 or 270" },
		{ "theme", "", "theme: no value: it is light, dark or mono" },
		{ "colour", "red", "unknown drawing option 'colour': coords, "
		    "theme, flip, rotate, bare or highlight" },
	};
	struct qttt_render_opts o, was;
	struct qttt_diag d;
	size_t		 i;

	qttt_render_defaults(&o);
	ck_assert_str_eq(qttt_render_option_name(&o, "coords"), "none");
	ck_assert_str_eq(qttt_render_option_name(&o, "highlight"), "1");
	ck_assert_ptr_null(qttt_render_option_name(&o, "colour"));
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ck_assert_msg(qttt_render_option(&o, ok[i].option, ok[i].value,
		    &d) == 0, "%s %s: %s", ok[i].option, ok[i].value, d.msg);
		ck_assert_str_eq(qttt_render_option_name(&o, ok[i].option),
		    ok[i].back);
	}
	ck_assert_int_eq(o.coords, QTTT_COORDS_GOFF);
	ck_assert_int_eq(o.flip, QTTT_FLIP_V);
	ck_assert_int_eq(o.rotate, 270);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		was = o;
		ck_assert_int_eq(qttt_render_option(&o, bad[i].option,
		    bad[i].value, &d), -1);
		ck_assert_int_eq(d.code, QTTT_E_SYNTAX);
		ck_assert_str_eq(d.msg, bad[i].msg);
		ck_assert_mem_eq(&o, &was, sizeof(o));
	}
}
END_TEST

Suite *
render_suite(void)
{
	Suite	*s = suite_create("render");
	TCase	*tc = tcase_create("render");

	tcase_add_test(tc, test_place);
	tcase_add_test(tc, test_options_named);
	tcase_add_test(tc, test_symmetries);
	tcase_add_test(tc, test_text_coords);
	tcase_add_test(tc, test_text_rotated);
	tcase_add_test(tc, test_text_threads);
	tcase_add_test(tc, test_svg_marks);
	tcase_add_test(tc, test_svg_cycle);
	tcase_add_test(tc, test_svg_twins);
	tcase_add_test(tc, test_svg_last);
	tcase_add_test(tc, test_svg_desc);
	tcase_add_test(tc, test_svg_preview);
	tcase_add_test(tc, test_between);
	tcase_add_test(tc, test_text_width);
	tcase_add_test(tc, test_anim);
	tcase_add_test(tc, test_awarded);
	tcase_add_test(tc, test_profile_text);
	tcase_add_test(tc, test_profile_svg);
	tcase_add_test(tc, test_diagrams_path);
	tcase_add_test(tc, test_write_error);
	suite_add_tcase(s, tc);
	return s;
}
