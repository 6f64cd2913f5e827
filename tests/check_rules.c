/*
 * Unit tests of the rules engine (lib/engine/rules.c and game.c): a
 * test for each numbered rule and each fact of formats/rules.md, its
 * four worked examples, every refusal of qttt_state_apply() with its
 * message, and the other state functions.
 *
 * Games are written here in the line notation but read by a small
 * reader of this file's own, so that these tests judge the rules
 * engine alone, not the line notation parser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "engine/engine.h"
#include "check_qttt.h"

/* Square names: a1 = 0 ... c3 = 8. */
enum { A1, B1, C1, A2, B2, C2, A3, B3, C3 };

static int
square_of(const char *t)
{
	if (t[0] < 'a' || t[0] > 'c' || t[1] < '1' || t[1] > '3')
		return -1;
	return (t[1] - '1') * 3 + (t[0] - 'a');
}

/*
 * One canonical-looking item: "X1 a1 b1", "X9 b2" or "measure X1->a1".
 * The test fails on anything else: the tables below are the input.
 */
static struct qttt_action
item(const char *s)
{
	struct qttt_action a;
	char		 p, s1[3], s2[3];
	int		 m, n;

	memset(&a, 0, sizeof(a));
	if (sscanf(s, "measure %c%d->%2s%n", &p, &m, s1, &n) == 3 &&
	    s[n] == '\0') {
		a.kind = QTTT_MEASURE;
		a.move = m;
		a.sq[0] = a.sq[1] = square_of(s1);
		return a;
	}
	n = 0;
	if (sscanf(s, "%c%d %2s %2s%n", &p, &m, s1, s2, &n) == 4 &&
	    s[n] == '\0') {
		a.kind = QTTT_PLACE;
		a.move = m;
		a.sq[0] = square_of(s1);
		a.sq[1] = square_of(s2);
		return a;
	}
	if (sscanf(s, "%c%d %2s%n", &p, &m, s1, &n) == 3 && s[n] == '\0') {
		a.kind = QTTT_PLACE;
		a.move = m;
		a.sq[0] = a.sq[1] = square_of(s1);
		return a;
	}
	ck_abort_msg("test table: bad item '%s'", s);
	return a;
}

static const char *
result_of(const struct qttt_state *st)
{
	static char	 buf[8];

	qttt_result_format(&st->result, buf, sizeof(buf));
	return buf;
}

/*
 * Plays "item; item; ..." on g; a result item must be the game's.
 * Returns QTTT_OK or the code of the first refused item, with its
 * message in d (which may be NULL).
 */
static enum qttt_code
play(struct qttt_game *g, const char *record, struct qttt_diag *d)
{
	struct qttt_action a;
	enum qttt_code	 code;
	char		 buf[QTTT_RECORD_MAX], *p, *semi;

	snprintf(buf, sizeof(buf), "%s", record);
	for (p = buf; *p != '\0'; p = semi) {
		while (*p == ' ')
			p++;
		if ((semi = strchr(p, ';')) != NULL)
			*semi++ = '\0';
		else
			semi = p + strlen(p);
		if (*p == '\0')
			continue;
		if ((*p >= '0' && *p <= '9') || *p == '*') {
			if (strcmp(p, result_of(&g->state)) != 0)
				return QTTT_E_RESULT;
			continue;
		}
		a = item(p);
		if ((code = qttt_game_play(g, &a, d)) != QTTT_OK)
			return code;
	}
	return QTTT_OK;
}

/* Plays a record that must be legal from the empty board. */
static void
replay(struct qttt_game *g, const char *record)
{
	struct qttt_diag d;
	enum qttt_code	 code;

	qttt_game_init(g);
	code = play(g, record, &d);
	ck_assert_msg(code == QTTT_OK, "'%s' refused: %s", record, d.msg);
}

/* The classical mark of a square as "X3", or "." if it is open. */
static const char *
mark_of(const struct qttt_state *st, int sq)
{
	static char	 buf[8];
	int		 m = st->board[sq];

	if (m == 0)
		return ".";
	snprintf(buf, sizeof(buf), "%c%d", QTTT_MOVER(m) == QTTT_X ? 'X' : 'O',
	    m);
	return buf;
}

/* The whole board as "a1 b1 c1 / a2 b2 c2 / a3 b3 c3" marks. */
static const char *
board_of(const struct qttt_state *st)
{
	static char	 buf[64];
	size_t		 n = 0;
	int		 s;

	for (s = 0; s < QTTT_NSQUARES; s++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", s == 0 ? "" :
		    s % 3 == 0 ? " / " : " ", mark_of(st, s));
	return buf;
}

static int
is_spooky(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] != st->where[m][1];
}

/* ------------------------------------------------------------------ */
/* Refusals: every code of qttt_state_apply() and its message           */
/* ------------------------------------------------------------------ */

/* Four games used below, each stopped before its last action. */
#define EX1	"X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3"
#define EX2	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; " \
		"O6 a1 b2"
#define EX3	"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; " \
		"O6 b2 c3; X7 a1 b2"
#define EX4	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; " \
		"O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2"
/* X3 classical in c3, O4 in a3, O2 in a1, X1 in b1; X to play X5. */
#define TWOCOLL	"X1 a1 b1; O2 a1 b1; measure O2->a1; X3 c3 a3; " \
		"O4 c3 a3; measure O4->a3"
/* Eight moves through b2, a tree: X9 may go anywhere but twice. */
/* X's row 2 (time 9) and diagonal c1-a3 (time 7). */
#define THREEHALVES \
	"X1 b2 a3; O2 b1 c3; X3 c1 a2; O4 a2 b3; X5 b1 c1; O6 b3 c3; " \
	"measure O6->c3; X7 b2 c2; O8 a1 b2; X9 a1 c2; measure X9->c2"
/* A cat's game. */
#define CATS \
	"X1 a1 c1; O2 b1 b3; X3 a2 c2; O4 a2 c2; measure O4->c2; " \
	"X5 b2 b3; O6 b2 a3; X7 b1 c1; O8 a1 a3; measure O8->a1; X9 c3"
#define STAR	"X1 a1 b2; O2 b1 b2; X3 c1 b2; O4 a2 b2; X5 b2 c2; " \
		"O6 b2 a3; X7 b2 b3; O8 b2 c3"

static const struct refusal {
	const char	*before;
	const char	*action;
	enum qttt_code	 code;
	const char	*msg;
} refusals[] = {
	{ "", "O2 a1 b1", QTTT_E_ORDER,
	    "O2 is out of turn: the next move is X1" },
	{ "X1 a1 b1", "X3 a2 b2", QTTT_E_ORDER,
	    "X3 is out of turn: the next move is O2" },
	{ "X1 a1 b1; O2 b1 c1", "O2 a2 b2", QTTT_E_ORDER,
	    "O2 is out of turn: the next move is X3" },
	{ TWOCOLL, "X5 c3 b3", QTTT_E_CLASSICAL,
	    "X5 plays c3, but c3 is classical (X3)" },
	{ TWOCOLL, "X5 b2 a3", QTTT_E_CLASSICAL,
	    "X5 plays a3, but a3 is classical (O4)" },
	{ "", "X1 a1 a1", QTTT_E_SAMESQUARE,
	    "X1 places both marks in a1: a move needs two different "
	    "squares" },
	{ EX4, "X9 b2 c1", QTTT_E_FORCED,
	    "only b2 is open: the last move is forced (X9 b2)" },
	{ EX4, "X9 a1", QTTT_E_FORCED,
	    "only b2 is open: the last move is forced (X9 b2)" },
	{ STAR, "X9 a1", QTTT_E_NOTFORCED,
	    "X9 names one square, but the last move is forced only when "
	    "one square is open (9 are)" },
	{ "X1 a1 b1; O2 b2 c2; X3 a3 c3; O4 a1 c3; X5 b1 a3", "O6 b2 c2",
	    QTTT_E_DUE, "a measurement of the cycle closed by X5 is due "
	    "before O6" },
	{ EX1, "X5 b2 c2", QTTT_E_DUE, "a measurement of the cycle closed "
	    "by O4 is due before X5" },
	{ "", "measure X1->a1", QTTT_E_NOCYCLE, "nothing to measure: no "
	    "cycle is waiting for a measurement" },
	{ EX1 "; measure O4->b3", "measure O4->b3", QTTT_E_NOCYCLE,
	    "nothing to measure: no cycle is waiting for a measurement" },
	{ EX1, "measure X5->a1", QTTT_E_NOTPLAYED, "X5 has not been played" },
	{ TWOCOLL "; X5 c1 c2; O6 c1 c2", "measure X1->b1", QTTT_E_NOTSPOOKY,
	    "X1 is already classical (b1)" },
	{ EX1, "measure O2->b1", QTTT_E_OFFCYCLE,
	    "O2 is not entangled with the cycle closed by O4" },
	{ "X1 a1 b1; O2 b1 c1; X3 a1 b1", "measure O2->c1", QTTT_E_STEM,
	    "O2 is a stem of the cycle, its square is forced" },
	{ EX2, "measure X5->c2", QTTT_E_STEM,
	    "X5 is a stem of the cycle, its square is forced" },
	{ EX1, "measure X1->c3", QTTT_E_NOTITSQUARE,
	    "c3 is not one of X1's squares (a1, a2)" },
	{ EX1, "measure O4->a2", QTTT_E_NOTITSQUARE,
	    "a2 is not one of O4's squares (a1, b3)" },
	{ EX2 "; measure O6->b2", "X7 a1 b1", QTTT_E_OVER,
	    "the game is over (0-1): X7 may not be played" },
	{ EX2 "; measure O6->b2", "measure O6->b2", QTTT_E_OVER,
	    "the game is over (0-1): nothing is left to measure" },
	{ EX4 "; X9 b2", "measure X9->b2", QTTT_E_OVER,
	    "the game is over (2-0): nothing is left to measure" },
};

START_TEST(test_refusal)
{
	const struct refusal *r = &refusals[_i];
	struct qttt_game g;
	struct qttt_state before;
	struct qttt_action a;
	struct qttt_diag d;
	enum qttt_code	 code;

	replay(&g, r->before);
	before = g.state;
	a = item(r->action);
	memset(&d, 0, sizeof(d));
	code = qttt_state_legal(&g.state, &a, &d);
	ck_assert_str_eq(qttt_code_name(code), qttt_code_name(r->code));
	ck_assert_str_eq(d.msg, r->msg);
	ck_assert_int_eq(d.code, r->code);

	memset(&d, 0, sizeof(d));
	code = qttt_state_apply(&g.state, &a, &d);
	ck_assert_int_eq(code, r->code);
	ck_assert_str_eq(d.msg, r->msg);
	/* A refused action leaves the state as it was. */
	ck_assert(qttt_state_equal(&g.state, &before));
	ck_assert(memcmp(&g.state, &before, sizeof(before)) == 0);
	/* The same through a game, which keeps its plies too. */
	code = qttt_game_play(&g, &a, NULL);
	ck_assert_int_eq(code, r->code);
}
END_TEST

/* Actions that no record can write: the engine still refuses them. */
START_TEST(test_refusal_raw)
{
	struct qttt_state st;
	struct qttt_action a = { QTTT_PLACE, 1, { A1, 9 } };
	struct qttt_diag d;

	qttt_state_init(&st);
	ck_assert_int_eq(qttt_state_apply(&st, &a, &d), QTTT_E_SQUARE);
	ck_assert_str_eq(d.msg, "X1 names no square");
	a.move = 0;
	ck_assert_int_eq(qttt_state_apply(&st, &a, &d), QTTT_E_MARK);
	ck_assert_str_eq(d.msg, "move 0 does not exist");
	a.move = 10;
	ck_assert_int_eq(qttt_state_apply(&st, &a, &d), QTTT_E_MARK);
	ck_assert_str_eq(d.msg, "move 10 does not exist");
	/* No diagnostic wanted: the code alone. */
	ck_assert_int_eq(qttt_state_apply(&st, &a, NULL), QTTT_E_MARK);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rules 1 and 2: moves                                                 */
/* ------------------------------------------------------------------ */

START_TEST(test_rule1_numbering)
{
	struct qttt_game g;
	int		 m;

	/* X makes the odd moves, O the even ones, numbered from 1. */
	qttt_game_init(&g);
	ck_assert_int_eq(g.state.next, 1);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	replay(&g, STAR);
	for (m = 1; m <= 8; m++)
		ck_assert_int_eq(QTTT_MOVER(m), m % 2 == 1 ? QTTT_X : QTTT_O);
	ck_assert_int_eq(g.state.next, 9);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	/* At most 9 moves: after X9 and its measurement the game is over. */
	ck_assert_int_eq(play(&g, "X9 a1 b1; measure X9->a1", NULL),
	    QTTT_OK);
	ck_assert(g.state.result.over);
	ck_assert_int_eq(g.state.next, 10);
}
END_TEST

START_TEST(test_rule2_spooky_pile)
{
	struct qttt_game g;
	int		 m, n;

	/* A square may hold any number of spooky marks: b2 holds eight. */
	replay(&g, STAR);
	for (m = 1, n = 0; m <= 8; m++) {
		ck_assert(is_spooky(&g.state, m));
		if (g.state.where[m][0] == B2 || g.state.where[m][1] == B2)
			n++;
	}
	ck_assert_int_eq(n, 8);
	ck_assert_int_eq(g.state.pending, 0);
	/* ... briefly nine: X9 on b2 and c3 closes a 2-cycle with O8. */
	ck_assert_int_eq(play(&g, "X9 b2 c3", NULL), QTTT_OK);
	ck_assert_int_eq(g.state.pending, 9);
	for (m = 1, n = 0; m <= 9; m++)
		if (g.state.where[m][0] == B2 || g.state.where[m][1] == B2)
			n++;
	ck_assert_int_eq(n, 9);
}
END_TEST

START_TEST(test_rule2_squares_order)
{
	struct qttt_game g;
	char		 buf[QTTT_RECORD_MAX];

	/* A move's squares are kept in reading order, however written. */
	replay(&g, "X1 c3 a1; O2 b2 a2");
	ck_assert_int_eq(g.state.where[1][0], A1);
	ck_assert_int_eq(g.state.where[1][1], C3);
	ck_assert_int_eq(g.state.where[2][0], A2);
	ck_assert_int_eq(g.state.where[2][1], B2);
	qttt_game_format(&g, buf, sizeof(buf));
	ck_assert_str_eq(buf, "X1 a1 c3; O2 a2 b2");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rule 3: the forced last move                                         */
/* ------------------------------------------------------------------ */

START_TEST(test_rule3_forced)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS];
	char		 buf[16];
	size_t		 n;
	int		 m;

	replay(&g, EX4);
	/* One open square: X9's turn, nothing spooky (a fact). */
	ck_assert_str_eq(board_of(&g.state), "X1 O2 X3 / O8 . O4 / X7 O6 X5");
	ck_assert(qttt_state_forced(&g.state));
	ck_assert_int_eq(g.state.next, 9);
	for (m = 1; m <= 8; m++)
		ck_assert(!is_spooky(&g.state, m));
	n = qttt_state_actions(&g.state, acts);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(acts[0].kind, QTTT_PLACE);
	ck_assert_int_eq(acts[0].move, 9);
	ck_assert_int_eq(acts[0].sq[0], B2);
	ck_assert_int_eq(acts[0].sq[1], B2);
	/* X9 is classical at once and scored like a collapse. */
	ck_assert_int_eq(qttt_game_play(&g, &acts[0], NULL), QTTT_OK);
	ck_assert_int_eq(g.state.board[B2], 9);
	ck_assert_int_eq(g.state.where[9][0], B2);
	ck_assert_int_eq(g.state.where[9][1], B2);
	ck_assert_int_eq(g.state.pending, 0);
	ck_assert(!qttt_state_forced(&g.state));
	ck_assert_str_eq(result_of(&g.state), "2-0");
	/* Written "X9 b2" (X9 b2 b2 is the same move). */
	ck_assert_int_eq(qttt_action_format(&acts[0], buf, sizeof(buf)), 5);
	ck_assert_str_eq(buf, "X9 b2");
}
END_TEST

START_TEST(test_rule3_not_forced)
{
	struct qttt_game g;

	/* Nothing is forced while two squares or more are open. */
	qttt_game_init(&g);
	ck_assert(!qttt_state_forced(&g.state));
	replay(&g, STAR);
	ck_assert(!qttt_state_forced(&g.state));
	/* Nor while a measurement is pending, nor after the end. */
	replay(&g, EX1);
	ck_assert(!qttt_state_forced(&g.state));
	replay(&g, EX4 "; X9 b2");
	ck_assert(!qttt_state_forced(&g.state));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rules 4 and 5: entanglement and cycles                               */
/* ------------------------------------------------------------------ */

static const struct cycle_case {
	const char	*record;
	int		 pending;	/* move that closed a cycle, or 0 */
} cycles[] = {
	/* Rule 5: a repeated pair is a 2-cycle, and it counts. */
	{ "X1 a1 b1; O2 a1 b1", 2 },
	{ "X1 a1 b1; O2 b1 a1", 2 },
	/* A 3-cycle. */
	{ "X1 a1 b1; O2 b1 c1; X3 a1 c1", 3 },
	/* Joining two trees closes nothing. */
	{ "X1 a1 b1; O2 c1 a2; X3 b1 c1", 0 },
	{ "X1 a1 b1; O2 c1 a2; X3 b1 c1; O4 b2 c2; X5 a2 b2", 0 },
	/* ... and a longer cycle through both. */
	{ "X1 a1 b1; O2 c1 a2; X3 b1 c1; O4 b2 c2; X5 a2 b2; O6 a1 c2", 6 },
	/* Example 1: a1-a2-b3, with O2 elsewhere. */
	{ EX1, 4 },
	/* A move beside a cycle that is already measured. */
	{ "X1 a1 b1; O2 a1 b1; measure O2->a1; X3 c1 c2; O4 a3 b3", 0 },
	{ EX3, 7 },
	{ STAR, 0 },
};

START_TEST(test_rule5_cycles)
{
	const struct cycle_case *c = &cycles[_i];
	struct qttt_game g;

	replay(&g, c->record);
	ck_assert_int_eq(g.state.pending, c->pending);
	ck_assert_int_eq(qttt_state_turn(&g.state), c->pending == 0 ?
	    QTTT_MOVER(g.state.next) :
	    QTTT_MOVER(c->pending) == QTTT_X ? QTTT_O : QTTT_X);
	ck_assert_int_eq(qttt_state_check(&g.state, NULL), QTTT_OK);
}
END_TEST

START_TEST(test_rule4_multigraph)
{
	struct qttt_game g;
	struct qttt_cycle c;

	/* Two moves on one pair are two edges: the cycle holds both. */
	replay(&g, "X1 b1 c3; O2 a2 c3; X3 b1 c3");
	ck_assert_int_eq(g.state.pending, 3);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	ck_assert_int_eq(c.nmoves, 2);
	ck_assert_int_eq(c.moves[0], 1);
	ck_assert_int_eq(c.moves[1], 3);
	ck_assert_int_eq(c.nstems, 1);
	ck_assert_int_eq(c.stems[0], 2);
	ck_assert_int_eq(c.nsquares, 2);
	ck_assert_int_eq(c.squares[0], B1);
	ck_assert_int_eq(c.squares[1], C3);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rules 6 to 9: measurement and collapse                               */
/* ------------------------------------------------------------------ */

START_TEST(test_rule6_measurer)
{
	struct qttt_game g;

	/* O closes: X measures, then X moves. */
	replay(&g, EX1);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	ck_assert_int_eq(play(&g, "measure O4->b3", NULL), QTTT_OK);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	/* A measurement is not a move and takes no number. */
	ck_assert_int_eq(g.state.next, 5);
	/* X closes: O measures, then O moves. */
	replay(&g, "X1 a1 b1; O2 b1 c1; X3 a1 c1");
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_O);
	ck_assert_int_eq(play(&g, "measure X3->a1", NULL), QTTT_OK);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_O);
	ck_assert_int_eq(g.state.next, 4);
}
END_TEST

/*
 * Rule 7: every naming of every cycle move reduces to one of two
 * outcomes, "the closing move goes to square s", and qttt_action_canonical
 * says which.
 */
static const char *const measured[] = { EX1, EX2, EX3,
	"X1 a1 b1; O2 c1 a2; X3 b1 c1; O4 b2 c2; X5 a2 b2; O6 a1 c2",
	"X1 b1 c3; O2 a2 c3; X3 b1 c3",
	STAR "; X9 b2 c3",
};

START_TEST(test_rule7_two_outcomes)
{
	struct qttt_game g;
	struct qttt_state outcome[2], st;
	struct qttt_cycle c;
	struct qttt_action a, canon;
	int		 i, j, k, closing;

	replay(&g, measured[_i]);
	closing = g.state.pending;
	ck_assert_int_ne(closing, 0);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	ck_assert_int_eq(c.closing, closing);
	for (k = 0; k < 2; k++) {
		outcome[k] = g.state;
		a.kind = QTTT_MEASURE;
		a.move = closing;
		a.sq[0] = a.sq[1] = g.state.where[closing][k];
		ck_assert_int_eq(qttt_state_apply(&outcome[k], &a, NULL),
		    QTTT_OK);
	}
	ck_assert(!qttt_state_equal(&outcome[0], &outcome[1]));
	for (i = 0; i < c.nmoves; i++)
		for (j = 0; j < 2; j++) {
			a.kind = QTTT_MEASURE;
			a.move = c.moves[i];
			a.sq[0] = a.sq[1] = g.state.where[c.moves[i]][j];
			st = g.state;
			ck_assert_int_eq(qttt_state_apply(&st, &a, NULL),
			    QTTT_OK);
			k = qttt_state_equal(&st, &outcome[0]) ? 0 : 1;
			ck_assert(qttt_state_equal(&st, &outcome[k]));
			ck_assert_int_eq(qttt_action_canonical(&g.state, &a,
			    &canon, NULL), QTTT_OK);
			ck_assert_int_eq(canon.kind, QTTT_MEASURE);
			ck_assert_int_eq(canon.move, closing);
			ck_assert_int_eq(canon.sq[0],
			    g.state.where[closing][k]);
		}
	/* Stems cannot be named. */
	for (i = 0; i < c.nstems; i++) {
		a.kind = QTTT_MEASURE;
		a.move = c.stems[i];
		a.sq[0] = a.sq[1] = g.state.where[c.stems[i]][0];
		ck_assert_int_eq(qttt_state_legal(&g.state, &a, NULL),
		    QTTT_E_STEM);
	}
}
END_TEST

START_TEST(test_rule8_component)
{
	struct qttt_game g;
	int		 m;

	/* Example 2's cycle: every move of the component is classical,
	 * the stems on their squares farther from the cycle. */
	replay(&g, EX2 "; measure O6->b2");
	for (m = 1; m <= 6; m++)
		ck_assert(!is_spooky(&g.state, m));
	ck_assert_str_eq(board_of(&g.state), "X1 O2 . / . O6 X5 / . O4 X3");
	/* Other components stay spooky (example 1's O2). */
	replay(&g, EX1 "; measure X1->a1");
	ck_assert(is_spooky(&g.state, 2));
	ck_assert_int_eq(g.state.where[2][0], B1);
	ck_assert_int_eq(g.state.where[2][1], C1);
	ck_assert_int_eq(g.state.board[B1], 0);
	ck_assert_int_eq(g.state.board[C1], 0);
}
END_TEST

START_TEST(test_rule8_two_trees)
{
	struct qttt_game g;

	/* Only the cycle's component collapses; a tree beside it does
	 * not, even one touching a square of the same row. */
	replay(&g, "X1 a1 b1; O2 b2 c2; X3 a2 b2; O4 a1 b1; measure O4->b1");
	ck_assert_str_eq(board_of(&g.state), "X1 O4 . / . . . / . . .");
	ck_assert(is_spooky(&g.state, 2));
	ck_assert(is_spooky(&g.state, 3));
	ck_assert_int_eq(qttt_state_check(&g.state, NULL), QTTT_OK);
}
END_TEST

START_TEST(test_rule9_classical)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS];
	size_t		 n, i;

	replay(&g, TWOCOLL);
	/* One mark shown per classical square... */
	ck_assert_str_eq(board_of(&g.state), "O2 X1 . / . . . / O4 . X3");
	/* ... and closed for the rest of the game. */
	n = qttt_state_actions(&g.state, acts);
	ck_assert_int_eq(n, 10);	/* 5 open squares, 5 * 4 / 2 pairs */
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(g.state.board[acts[i].sq[0]], 0);
		ck_assert_int_eq(g.state.board[acts[i].sq[1]], 0);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rules 10 and 11: end and score                                       */
/* ------------------------------------------------------------------ */

static const struct score_case {
	const char	*record;
	const char	*result;	/* as qttt_result_format writes it */
	int		 nlines;
	unsigned char	 player[2], time[2];
} scores[] = {
	/* One line: 1-0 and 0-1 (example 2: O's middle column). */
	{ EX2 "; measure O6->b2", "0-1", 1, { QTTT_O }, { 6 } },
	/* Example 3, both outcomes: one line each, the earlier wins. */
	{ EX3 "; measure X7->a1", "1/2-1", 2, { QTTT_X, QTTT_O }, { 7, 6 } },
	{ EX3 "; measure X7->b2", "1-1/2", 2, { QTTT_X, QTTT_O }, { 5, 6 } },
	/* Example 4: X's two lines through X9, both of time 9. */
	{ EX4 "; X9 b2", "2-0", 2, { QTTT_X, QTTT_X }, { 9, 9 } },
	/* Two X lines of different times: 3/2. */
	{ THREEHALVES, "3/2-0", 2, { QTTT_X, QTTT_X }, { 9, 7 } },
	/* A cat's game: full, no line. */
	{ CATS, "0-0", 0, { 0 }, { 0 } },
};

START_TEST(test_rule11_scores)
{
	const struct score_case *c = &scores[_i];
	struct qttt_game g;
	struct qttt_line lines[QTTT_NLINES];
	size_t		 n, i;

	replay(&g, c->record);
	ck_assert_str_eq(result_of(&g.state), c->result);
	n = qttt_state_lines(&g.state, lines);
	ck_assert_int_eq(n, c->nlines);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(lines[i].player, c->player[i]);
		ck_assert_int_eq(lines[i].time, c->time[i]);
		ck_assert_int_eq(QTTT_MOVER(g.state.board[lines[i].squares[0]]),
		    c->player[i]);
	}
	ck_assert_int_eq(qttt_state_check(&g.state, NULL), QTTT_OK);
}
END_TEST

/*
 * The lines of every set of squares, for either player, are the lines
 * of the board with all three squares in the set, in this order (rows,
 * columns, diagonals): the engine looks them up in a table of its own.
 */
START_TEST(test_rule10_every_set)
{
	static const unsigned char board_lines[QTTT_NLINES][3] = {
		{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
		{ 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
		{ 0, 4, 8 }, { 2, 4, 6 }
	};
	struct qttt_state st;
	struct qttt_line lines[QTTT_NLINES];
	unsigned int	 set, p;
	size_t		 n, i, k;
	int		 s;

	for (p = 0; p < 2; p++)
		for (set = 0; set < 512; set++) {
			qttt_state_init(&st);
			for (s = 0; s < QTTT_NSQUARES; s++)
				if (set & 1u << s)
					st.board[s] = p == 0 ? 1 : 2;
			n = qttt_state_lines(&st, lines);
			for (i = k = 0; i < QTTT_NLINES; i++) {
				if (!(set >> board_lines[i][0] & 1) ||
				    !(set >> board_lines[i][1] & 1) ||
				    !(set >> board_lines[i][2] & 1))
					continue;
				ck_assert_uint_lt(k, n);
				ck_assert_mem_eq(lines[k].squares, board_lines[i],
				    3);
				ck_assert_int_eq(lines[k].player,
				    p == 0 ? QTTT_X : QTTT_O);
				k++;
			}
			ck_assert_uint_eq(k, n);
		}
}
END_TEST

START_TEST(test_rule10_end)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS];

	/* A line ends the game at once: the measurer does not move. */
	replay(&g, EX2 "; measure O6->b2");
	ck_assert(g.state.result.over);
	ck_assert_int_eq(g.state.next, 7);
	ck_assert_uint_eq(qttt_state_actions(&g.state, acts), 0);
	/* A full board with no line is a draw. */
	replay(&g, CATS);
	ck_assert(g.state.result.over);
	ck_assert_int_eq(g.state.result.score[QTTT_X], 0);
	ck_assert_int_eq(g.state.result.score[QTTT_O], 0);
	ck_assert_uint_eq(qttt_state_actions(&g.state, acts), 0);
	/* Play goes on after a collapse that makes no line. */
	replay(&g, EX1 "; measure X1->a1");
	ck_assert(!g.state.result.over);
}
END_TEST

START_TEST(test_result_format)
{
	static const struct {
		unsigned char	 over, x, o;
		const char	*text;
	} results[] = {
		{ 1, 2, 0, "1-0" }, { 1, 0, 2, "0-1" }, { 1, 2, 1, "1-1/2" },
		{ 1, 1, 2, "1/2-1" }, { 1, 3, 0, "3/2-0" }, { 1, 4, 0, "2-0" },
		{ 1, 0, 0, "0-0" }, { 0, 0, 0, "*" },
	};
	struct qttt_result r;
	char		 buf[8];
	size_t		 i;

	for (i = 0; i < sizeof(results) / sizeof(results[0]); i++) {
		r.over = results[i].over;
		r.score[QTTT_X] = results[i].x;
		r.score[QTTT_O] = results[i].o;
		ck_assert_int_eq(qttt_result_format(&r, buf, sizeof(buf)),
		    (int)strlen(results[i].text));
		ck_assert_str_eq(buf, results[i].text);
	}
}
END_TEST

/*
 * The seven possible results of rule 11, and no other pair of scores
 * (out of range ones included); a result with a score out of range is
 * written "*".
 */
START_TEST(test_result_possible)
{
	static const int possible[][2] = {
		{ 2, 0 }, { 0, 2 }, { 2, 1 }, { 1, 2 }, { 3, 0 }, { 4, 0 },
		{ 0, 0 }
	};
	struct qttt_result r;
	char		 buf[8];
	size_t		 i;
	int		 x, o, want;

	for (x = -1; x <= 5; x++)
		for (o = -1; o <= 5; o++) {
			want = 0;
			for (i = 0; i < sizeof(possible) / sizeof(possible[0]);
			    i++)
				if (possible[i][0] == x && possible[i][1] == o)
					want = 1;
			ck_assert_int_eq(qttt__engine_result_possible(
			    QTTT_RULES_GOFF, x, o), want);
		}
	r.over = 1;
	r.score[QTTT_X] = 5;
	r.score[QTTT_O] = 0;
	ck_assert_int_eq(qttt_result_format(&r, buf, sizeof(buf)), 1);
	ck_assert_str_eq(buf, "*");
}
END_TEST

/* ------------------------------------------------------------------ */
/* The worked examples of formats/rules.md: each outcome it states      */
/* ------------------------------------------------------------------ */

/* Whether O2 is still spooky on b1 and c1, with X to play X5. */
static void
assert_example1_after(const struct qttt_game *g)
{
	ck_assert(is_spooky(&g->state, 2));
	ck_assert_int_eq(g->state.where[2][0], B1);
	ck_assert_int_eq(g->state.where[2][1], C1);
	ck_assert(!g->state.result.over);
	ck_assert_int_eq(g->state.next, 5);
	ck_assert_int_eq(qttt_state_turn(&g->state), QTTT_X);
}

/* formats/rules.md, example 1: a cycle with a move elsewhere. */
START_TEST(test_example1)
{
	struct qttt_game g;
	struct qttt_cycle c;
	char		 buf[QTTT_RECORD_MAX];

	replay(&g, EX1);
	/* O4 closes a1-a2-b3; X measures; O2 is not part of it. */
	ck_assert_int_eq(g.state.pending, 4);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	ck_assert_int_eq(c.nmoves, 3);
	ck_assert_int_eq(c.nstems, 0);
	/* measure X1->a1, the same as O4->b3. */
	ck_assert_int_eq(play(&g, "measure X1->a1", NULL), QTTT_OK);
	ck_assert_str_eq(board_of(&g.state), "X1 . . / X3 . . / . O4 .");
	qttt_game_format(&g, buf, sizeof(buf));
	ck_assert_str_eq(buf, EX1 "; measure O4->b3");
	assert_example1_after(&g);
	/* measure X1->a2, the same as O4->a1. */
	replay(&g, EX1 "; measure X1->a2");
	ck_assert_str_eq(board_of(&g.state), "O4 . . / X1 . . / . X3 .");
	qttt_game_format(&g, buf, sizeof(buf));
	ck_assert_str_eq(buf, EX1 "; measure O4->a1");
	assert_example1_after(&g);
}
END_TEST

/* formats/rules.md, example 2: Goff's Fig. 7. */
START_TEST(test_example2)
{
	struct qttt_game g;
	struct qttt_cycle c;
	struct qttt_line lines[QTTT_NLINES];

	replay(&g, EX2);
	ck_assert_int_eq(g.state.pending, 6);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	/* The cycle a1-b1-b2: X1, O2, O6; the stems X3, O4, X5. */
	ck_assert_int_eq(c.nmoves, 3);
	ck_assert_int_eq(c.moves[0], 1);
	ck_assert_int_eq(c.moves[1], 2);
	ck_assert_int_eq(c.moves[2], 6);
	ck_assert_int_eq(c.nstems, 3);
	ck_assert_int_eq(c.stems[0], 3);
	ck_assert_int_eq(c.stems[1], 4);
	ck_assert_int_eq(c.stems[2], 5);
	ck_assert_int_eq(c.nsquares, 3);
	ck_assert_int_eq(c.squares[0], A1);
	ck_assert_int_eq(c.squares[1], B1);
	ck_assert_int_eq(c.squares[2], B2);
	/* X measures badly: the stems are forced, O's middle column. */
	ck_assert_int_eq(play(&g, "measure O6->b2", NULL), QTTT_OK);
	ck_assert_int_eq(g.state.board[C3], 3);
	ck_assert_int_eq(g.state.board[B3], 4);
	ck_assert_int_eq(g.state.board[C2], 5);
	ck_assert_int_eq(g.state.board[B1], 2);
	ck_assert_int_eq(g.state.board[B2], 6);
	ck_assert_uint_eq(qttt_state_lines(&g.state, lines), 1);
	ck_assert_int_eq(lines[0].squares[0], B1);
	ck_assert_int_eq(lines[0].squares[1], B2);
	ck_assert_int_eq(lines[0].squares[2], B3);
	ck_assert_str_eq(result_of(&g.state), "0-1");
	/* The stems are forced the other way too: X's better choice. */
	replay(&g, EX2 "; measure O6->a1");
	ck_assert_int_eq(g.state.board[C3], 3);
	ck_assert_int_eq(g.state.board[B3], 4);
	ck_assert_int_eq(g.state.board[C2], 5);
	ck_assert_str_eq(board_of(&g.state), "O6 X1 . / . O2 X5 / . O4 X3");
	ck_assert(!g.state.result.over);
}
END_TEST

/* Whether the board has X's column a and O's column c, of these times. */
static void
assert_example3_lines(const struct qttt_state *st, int xtime)
{
	struct qttt_line lines[QTTT_NLINES];

	ck_assert_uint_eq(qttt_state_lines(st, lines), 2);
	ck_assert_int_eq(lines[0].player, QTTT_X);
	ck_assert_int_eq(lines[0].squares[0], A1);
	ck_assert_int_eq(lines[0].squares[1], A2);
	ck_assert_int_eq(lines[0].squares[2], A3);
	ck_assert_int_eq(lines[0].time, xtime);
	ck_assert_int_eq(lines[1].player, QTTT_O);
	ck_assert_int_eq(lines[1].squares[0], C1);
	ck_assert_int_eq(lines[1].squares[1], C2);
	ck_assert_int_eq(lines[1].squares[2], C3);
	ck_assert_int_eq(lines[1].time, 6);
}

/* formats/rules.md, example 3: Goff's Fig. 8. */
START_TEST(test_example3)
{
	struct qttt_game g;
	struct qttt_cycle c;
	int		 m;

	replay(&g, EX3);
	/* Every move so far has a mark in b2. */
	for (m = 1; m <= 7; m++)
		ck_assert(g.state.where[m][0] == B2 ||
		    g.state.where[m][1] == B2);
	/* A 2-cycle of X's own moves with five stems; O measures. */
	ck_assert_int_eq(g.state.pending, 7);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_O);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	ck_assert_int_eq(c.nmoves, 2);
	ck_assert_int_eq(c.moves[0], 1);
	ck_assert_int_eq(c.moves[1], 7);
	ck_assert_int_eq(c.nstems, 5);
	ck_assert_int_eq(c.nsquares, 2);
	ck_assert_int_eq(c.squares[0], A1);
	ck_assert_int_eq(c.squares[1], B2);
	/* X7 to a1: X's column a has time 7, O's column c time 6. */
	ck_assert_int_eq(play(&g, "measure X7->a1", NULL), QTTT_OK);
	ck_assert_str_eq(board_of(&g.state), "X7 . O2 / X3 X1 O4 / X5 . O6");
	assert_example3_lines(&g.state, 7);
	ck_assert_str_eq(result_of(&g.state), "1/2-1");
	/* X7 to b2: X's column a now has time 5. */
	replay(&g, EX3 "; measure X7->b2");
	ck_assert_str_eq(board_of(&g.state), "X1 . O2 / X3 X7 O4 / X5 . O6");
	assert_example3_lines(&g.state, 5);
	ck_assert_str_eq(result_of(&g.state), "1-1/2");
}
END_TEST

/* formats/rules.md, example 4: the forced last move and a double line. */
START_TEST(test_example4)
{
	struct qttt_game g;
	struct qttt_cycle c;
	struct qttt_line lines[QTTT_NLINES];
	char		 buf[QTTT_RECORD_MAX];

	/* The 8-cycle collapses the whole board but b2. */
	replay(&g, "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; "
	    "O6 a3 b3; X7 a2 a3; O8 a1 a2");
	ck_assert_int_eq(g.state.pending, 8);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	ck_assert_int_eq(c.nmoves, 8);
	ck_assert_int_eq(c.nstems, 0);
	ck_assert_int_eq(c.nsquares, 8);
	ck_assert_int_eq(qttt_state_turn(&g.state), QTTT_X);
	/* Only b2 is open, no line: X9 is forced there. */
	ck_assert_int_eq(play(&g, "measure O8->a2", NULL), QTTT_OK);
	ck_assert_uint_eq(qttt_state_lines(&g.state, lines), 0);
	ck_assert_int_eq(g.state.board[B2], 0);
	ck_assert(qttt_state_forced(&g.state));
	/* It completes both diagonals, each of time 9: 2 points. */
	ck_assert_int_eq(play(&g, "X9 b2", NULL), QTTT_OK);
	ck_assert_uint_eq(qttt_state_lines(&g.state, lines), 2);
	ck_assert_int_eq(lines[0].squares[0], A1);
	ck_assert_int_eq(lines[0].squares[1], B2);
	ck_assert_int_eq(lines[0].squares[2], C3);
	ck_assert_int_eq(lines[1].squares[0], C1);
	ck_assert_int_eq(lines[1].squares[1], B2);
	ck_assert_int_eq(lines[1].squares[2], A3);
	ck_assert_int_eq(lines[0].time, 9);
	ck_assert_int_eq(lines[1].time, 9);
	ck_assert_str_eq(result_of(&g.state), "2-0");
	qttt_game_format(&g, buf, sizeof(buf));
	ck_assert_str_eq(buf, EX4 "; X9 b2; 2-0");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Facts worth a test (formats/rules.md)                                */
/* ------------------------------------------------------------------ */

START_TEST(test_fact_four_measurements)
{
	struct qttt_game g;
	size_t		 i, n = 0;

	/* Four 2-cycles: the most measurements a game can have, as
	 * each makes two moves classical or more. */
	replay(&g, "X1 a2 c3; O2 c2 a3; X3 c2 a3; measure X3->c2; "
	    "O4 a2 c3; measure O4->c3; X5 b1 b2; O6 b1 b2; measure O6->b2; "
	    "X7 a1 b3; O8 a1 b3; measure O8->a1; 0-1");
	for (i = 0; i < g.nplies; i++)
		n += g.plies[i].kind == QTTT_MEASURE;
	ck_assert_uint_eq(n, 4);
	ck_assert(g.state.result.over);
}
END_TEST

START_TEST(test_fact_ninth_closes)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state st;
	size_t		 n, i;

	/* Before X9 with squares open, the spooky moves are one tree
	 * over them: every X9 in two squares closes a cycle. */
	replay(&g, STAR);
	n = qttt_state_actions(&g.state, acts);
	ck_assert_uint_eq(n, 36);
	for (i = 0; i < n; i++) {
		st = g.state;
		ck_assert_int_eq(qttt_state_apply(&st, &acts[i], NULL),
		    QTTT_OK);
		ck_assert_int_eq(st.pending, 9);
	}
}
END_TEST

START_TEST(test_fact_full_after_nine)
{
	struct qttt_game g;
	int		 s;

	/* After move 9 and its measurement, the board is full. */
	replay(&g, STAR "; X9 a1 b1; measure X9->a1");
	for (s = 0; s < QTTT_NSQUARES; s++)
		ck_assert_int_ne(g.state.board[s], 0);
	replay(&g, THREEHALVES);
	for (s = 0; s < QTTT_NSQUARES; s++)
		ck_assert_int_ne(g.state.board[s], 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* qttt_state_actions()                                                 */
/* ------------------------------------------------------------------ */

START_TEST(test_actions_empty)
{
	struct qttt_state st;
	struct qttt_action acts[QTTT_MAXACTIONS];
	size_t		 n, i;
	int		 a, b;

	qttt_state_init(&st);
	n = qttt_state_actions(&st, acts);
	ck_assert_uint_eq(n, 36);
	/* Ascending square order: a1 b1, a1 c1, ..., b3 c3. */
	i = 0;
	for (a = 0; a < QTTT_NSQUARES; a++)
		for (b = a + 1; b < QTTT_NSQUARES; b++, i++) {
			ck_assert_int_eq(acts[i].kind, QTTT_PLACE);
			ck_assert_int_eq(acts[i].move, 1);
			ck_assert_int_eq(acts[i].sq[0], a);
			ck_assert_int_eq(acts[i].sq[1], b);
		}
}
END_TEST

START_TEST(test_actions_pending)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state st;
	size_t		 n, i;

	/* The two canonical measurements: the closing move to each of
	 * its squares. */
	replay(&g, EX1);
	n = qttt_state_actions(&g.state, acts);
	ck_assert_uint_eq(n, 2);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(acts[i].kind, QTTT_MEASURE);
		ck_assert_int_eq(acts[i].move, 4);
	}
	ck_assert_int_eq(acts[0].sq[0], A1);
	ck_assert_int_eq(acts[1].sq[0], B3);
	for (i = 0; i < n; i++) {
		st = g.state;
		ck_assert_int_eq(qttt_state_apply(&st, &acts[i], NULL),
		    QTTT_OK);
	}
}
END_TEST

/*
 * On many positions: every listed action is legal, and every other
 * placement of the next move is refused.
 */
START_TEST(test_actions_exact)
{
	static const char *const records[] = { "", EX1 "; measure O4->b3",
	    TWOCOLL, STAR, EX4, "X1 a1 b1; O2 c1 a2; X3 b1 c1" };
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS], a;
	struct qttt_state st;
	size_t		 n, i, k;
	int		 listed[QTTT_NSQUARES][QTTT_NSQUARES], lo, hi;

	for (k = 0; k < sizeof(records) / sizeof(records[0]); k++) {
		replay(&g, records[k]);
		memset(listed, 0, sizeof(listed));
		n = qttt_state_actions(&g.state, acts);
		ck_assert_uint_gt(n, 0);
		for (i = 0; i < n; i++) {
			st = g.state;
			ck_assert_int_eq(qttt_state_apply(&st, &acts[i], NULL),
			    QTTT_OK);
			listed[acts[i].sq[0]][acts[i].sq[1]] = 1;
		}
		a.kind = QTTT_PLACE;
		a.move = g.state.next;
		for (i = 0; i < QTTT_NSQUARES * QTTT_NSQUARES; i++) {
			a.sq[0] = i / QTTT_NSQUARES;
			a.sq[1] = i % QTTT_NSQUARES;
			/* Either order of the squares is the same move. */
			lo = a.sq[0] < a.sq[1] ? a.sq[0] : a.sq[1];
			hi = a.sq[0] < a.sq[1] ? a.sq[1] : a.sq[0];
			ck_assert_int_eq(qttt_state_legal(&g.state, &a, NULL)
			    == QTTT_OK, listed[lo][hi]);
		}
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* qttt_action_canonical()                                               */
/* ------------------------------------------------------------------ */

START_TEST(test_canonical)
{
	struct qttt_game g;
	struct qttt_action in, out;
	struct qttt_diag d;

	replay(&g, EX1);
	/* A measurement: the closing move and the square it takes. */
	in = item("measure X1->a1");
	ck_assert_int_eq(qttt_action_canonical(&g.state, &in, &out, &d),
	    QTTT_OK);
	ck_assert_int_eq(out.kind, QTTT_MEASURE);
	ck_assert_int_eq(out.move, 4);
	ck_assert_int_eq(out.sq[0], B3);
	in = item("measure X3->b3");
	ck_assert_int_eq(qttt_action_canonical(&g.state, &in, &out, &d),
	    QTTT_OK);
	ck_assert_int_eq(out.move, 4);
	ck_assert_int_eq(out.sq[0], A1);
	in = item("measure O4->a1");
	ck_assert_int_eq(qttt_action_canonical(&g.state, &in, &out, &d),
	    QTTT_OK);
	ck_assert_int_eq(out.move, 4);
	ck_assert_int_eq(out.sq[0], A1);
	/* An illegal one: its code and message. */
	in = item("measure O2->b1");
	ck_assert_int_eq(qttt_action_canonical(&g.state, &in, &out, &d),
	    QTTT_E_OFFCYCLE);
	ck_assert_str_eq(d.msg, "O2 is not entangled with the cycle closed "
	    "by O4");
	/* A placement is its own canonical form, checked. */
	replay(&g, "X1 a1 b1");
	in = item("O2 c3 a2");
	ck_assert_int_eq(qttt_action_canonical(&g.state, &in, &out, &d),
	    QTTT_OK);
	ck_assert_int_eq(out.move, 2);
	ck_assert_int_eq(out.sq[0], C3);
	ck_assert_int_eq(out.sq[1], A2);
	in = item("X3 c3 a2");
	ck_assert_int_eq(qttt_action_canonical(&g.state, &in, &out, &d),
	    QTTT_E_ORDER);
}
END_TEST

/* ------------------------------------------------------------------ */
/* qttt_state_cycle()                                                   */
/* ------------------------------------------------------------------ */

START_TEST(test_cycle_none)
{
	struct qttt_game g;
	struct qttt_cycle c;

	qttt_game_init(&g);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), -1);
	replay(&g, STAR);
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), -1);
	replay(&g, EX1 "; measure O4->b3");
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), -1);
}
END_TEST

START_TEST(test_cycle_stems)
{
	struct qttt_game g;
	struct qttt_cycle c;

	/* A stem on a stem, and another component left out. */
	replay(&g, "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 a3 b3; X5 a1 b1");
	ck_assert_int_eq(qttt_state_cycle(&g.state, &c), 0);
	ck_assert_int_eq(c.closing, 5);
	ck_assert_int_eq(c.nmoves, 2);
	ck_assert_int_eq(c.moves[0], 1);
	ck_assert_int_eq(c.moves[1], 5);
	ck_assert_int_eq(c.nstems, 2);
	ck_assert_int_eq(c.stems[0], 2);
	ck_assert_int_eq(c.stems[1], 3);
	ck_assert_int_eq(c.nsquares, 2);
	ck_assert_int_eq(c.squares[0], A1);
	ck_assert_int_eq(c.squares[1], B1);
	/* O measures; the stems land farther from the cycle. */
	ck_assert_int_eq(play(&g, "measure X5->a1", NULL), QTTT_OK);
	ck_assert_str_eq(board_of(&g.state), "X5 X1 O2 / . . X3 / . . .");
	ck_assert(is_spooky(&g.state, 4));
}
END_TEST

/* ------------------------------------------------------------------ */
/* qttt_state_check()                                                   */
/* ------------------------------------------------------------------ */

/* A state built by hand: each a board and a change to break it. */
static void
state_from(struct qttt_state *st, const char *record)
{
	struct qttt_game g;

	replay(&g, record);
	*st = g.state;
}

static void
break_next(struct qttt_state *st)
{
	st->next = 11;
}

static void
break_unplayed(struct qttt_state *st)
{
	/* X5 on the board, but the next move is X5. */
	st->where[5][0] = C1;
	st->where[5][1] = C2;
}

static void
break_offboard(struct qttt_state *st)
{
	st->where[2][1] = QTTT_NOSQUARE;
}

static void
break_twice(struct qttt_state *st)
{
	/* X1 classical on b1 by its squares, but b1 shows O2. */
	st->board[B1] = 2;
}

static void
break_order(struct qttt_state *st)
{
	st->where[2][0] = C1;
	st->where[2][1] = B1;
}

static void
break_spooky_on_classical(struct qttt_state *st)
{
	/* X5 is spooky on c1 and c2; c1 now shows X3 (which is on c3). */
	st->board[C1] = 3;
}

static void
break_stray_mark(struct qttt_state *st)
{
	st->board[C3] = 7;
}

static void
break_pending_empty(struct qttt_state *st)
{
	st->pending = 1;
}

static void
break_pending_order(struct qttt_state *st)
{
	st->pending = 3;
}

static void
break_pending_nocycle(struct qttt_state *st)
{
	st->pending = 4;
}

static void
break_cycle_unmeasured(struct qttt_state *st)
{
	st->pending = 0;
}

static void
break_result(struct qttt_state *st)
{
	st->result.over = 1;
	st->result.score[QTTT_X] = 2;
}

static void
break_over_pending(struct qttt_state *st)
{
	/* X1 X3 X5 in row 1, O2 O4 in a2 b2; O6 and X7 a 2-cycle. */
	int	 m;

	qttt_state_init(st);
	for (m = 1; m <= 5; m++) {
		st->where[m][0] = st->where[m][1] = (m + 1) / 2 - 1 +
		    (m % 2 == 0 ? 3 : 0);
		st->board[st->where[m][0]] = m;
	}
	st->where[6][0] = st->where[7][0] = A3;
	st->where[6][1] = st->where[7][1] = B3;
	st->next = 8;
	st->pending = 7;
	st->result.over = 1;
	st->result.score[QTTT_X] = 2;
}

static void
break_over_then_moved(struct qttt_state *st)
{
	break_over_pending(st);
	st->where[7][0] = st->where[7][1] = QTTT_NOSQUARE;
	st->next = 7;
	st->pending = 0;
}

static const struct bad_state {
	const char	*record;
	void		(*breakit)(struct qttt_state *);
	const char	*msg;
} bad_states[] = {
	{ EX1, break_next, "the next move number 11 is not 1 to 10" },
	{ EX1, break_unplayed, "X5 is on the board, but the next move is X5" },
	{ EX1, break_offboard, "O2 has been played but is not on the board" },
	{ TWOCOLL, break_twice, "X1 is classical in two squares" },
	{ EX1, break_order, "the squares of O2 are not in reading order" },
	{ TWOCOLL "; X5 c1 c2", break_spooky_on_classical,
	    "spooky X5 is in c1, which is classical (X3)" },
	{ EX1, break_stray_mark,
	    "classical mark 7 in c3 is not a move that has been played" },
	{ "", break_pending_empty,
	    "no move has been played, so no measurement can be pending" },
	{ EX1, break_pending_order, "the pending measurement must follow "
	    "the move that closed the cycle (O4)" },
	{ "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 a3 b3", break_pending_nocycle,
	    "O4 closes no cycle, so no measurement can be pending" },
	{ EX1, break_cycle_unmeasured, "the spooky moves form a cycle "
	    "(through O4) with no measurement pending" },
	{ EX1 "; measure O4->b3", break_result,
	    "the result is 1-0, but the board says *" },
	{ "", break_over_pending,
	    "the game is over, so no measurement can be pending" },
	{ "", break_over_then_moved,
	    "O6 was played after the game was over" },
};

START_TEST(test_check_rejects)
{
	const struct bad_state *b = &bad_states[_i];
	struct qttt_state st;
	struct qttt_diag d;

	state_from(&st, b->record);
	ck_assert_int_eq(qttt_state_check(&st, NULL), QTTT_OK);
	b->breakit(&st);
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(qttt_state_check(&st, &d), QTTT_E_STATE);
	ck_assert_int_eq(d.code, QTTT_E_STATE);
	ck_assert_str_eq(d.msg, b->msg);
}
END_TEST

START_TEST(test_check_accepts)
{
	static const char *const records[] = { "", EX1, EX1 "; measure "
	    "O4->b3", EX2, EX2 "; measure O6->b2", EX3, EX4, EX4 "; X9 b2",
	    STAR, STAR "; X9 b2 c3", TWOCOLL };
	struct qttt_state st;
	size_t		 i;

	for (i = 0; i < sizeof(records) / sizeof(records[0]); i++) {
		state_from(&st, records[i]);
		ck_assert_msg(qttt_state_check(&st, NULL) == QTTT_OK,
		    "%s", records[i]);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* qttt_game_format() and qttt_action_format()                          */
/* ------------------------------------------------------------------ */

static const struct format_case {
	const char	*record;
	const char	*canonical;
} formats[] = {
	{ "X1 b1 a1", "X1 a1 b1" },
	{ EX1 "; measure X3->a2", EX1 "; measure O4->b3" },
	{ EX2 "; measure X1->a1", EX2 "; measure O6->b2; 0-1" },
	{ EX3 "; measure X1->b2", EX3 "; measure X7->a1; 1/2-1" },
	{ EX4 "; X9 b2", EX4 "; X9 b2; 2-0" },
	{ EX4 "; X9 b2 b2", EX4 "; X9 b2; 2-0" },
	{ STAR "; X9 c3 b2", STAR "; X9 b2 c3" },
};

START_TEST(test_game_format)
{
	const struct format_case *f = &formats[_i];
	struct qttt_game g;
	char		 buf[QTTT_RECORD_MAX];
	int		 n;

	replay(&g, f->record);
	n = qttt_game_format(&g, buf, sizeof(buf));
	ck_assert_str_eq(buf, f->canonical);
	ck_assert_int_eq(n, (int)strlen(f->canonical));
	/* The canonical form of the canonical form is itself. */
	replay(&g, f->canonical);
	qttt_game_format(&g, buf, sizeof(buf));
	ck_assert_str_eq(buf, f->canonical);
}
END_TEST

START_TEST(test_game_format_short)
{
	struct qttt_game g;
	char		 buf[QTTT_RECORD_MAX], small[12];
	int		 n, k;

	/* The length needed, as snprintf; a short buffer holds as much
	 * of the text as fits, and its NUL. */
	replay(&g, EX2 "; measure O6->b2");
	n = qttt_game_format(&g, buf, sizeof(buf));
	for (k = 0; k <= (int)sizeof(small); k++) {
		memset(small, 'z', sizeof(small));
		ck_assert_int_eq(qttt_game_format(&g, small, k), n);
		if (k == 0) {
			ck_assert_int_eq(small[0], 'z');
			continue;
		}
		ck_assert_ptr_nonnull(memchr(small, '\0', k));
		ck_assert(strncmp(buf, small, strlen(small)) == 0);
		ck_assert_uint_eq(strlen(small), (size_t)(k - 1 < n ? k - 1 :
		    n));
	}
	/* A game with no move yet has no item: "*". */
	qttt_game_init(&g);
	ck_assert_int_eq(qttt_game_format(&g, buf, sizeof(buf)), 1);
	ck_assert_str_eq(buf, "*");
}
END_TEST

START_TEST(test_action_format)
{
	static const struct {
		struct qttt_action	 a;
		const char		*text;
	} items[] = {
		{ { QTTT_PLACE, 1, { A1, C3 } }, "X1 a1 c3" },
		{ { QTTT_PLACE, 8, { B2, A3 } }, "O8 b2 a3" },
		{ { QTTT_PLACE, 9, { B2, B2 } }, "X9 b2" },
		{ { QTTT_MEASURE, 4, { B3, B3 } }, "measure O4->b3" },
	};
	char		 buf[32];
	size_t		 i;

	for (i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		ck_assert_int_eq(qttt_action_format(&items[i].a, buf,
		    sizeof(buf)), (int)strlen(items[i].text));
		ck_assert_str_eq(buf, items[i].text);
	}
}
END_TEST

/* As snprintf: cut to the buffer, NUL-terminated, the full length. */
START_TEST(test_action_format_cut)
{
	static const struct qttt_action	 measure = { QTTT_MEASURE, 4,
					    { B3, B3 } };
	static const struct qttt_action	 odd = { QTTT_PLACE, 123,
					    { A1, QTTT_NSQUARES } };
	char		 buf[32];

	memset(buf, 'z', sizeof(buf));
	ck_assert_int_eq(qttt_action_format(&measure, buf, 6), 14);
	ck_assert_str_eq(buf, "measu");
	ck_assert_int_eq(qttt_action_format(&measure, buf, 0), 14);
	ck_assert_int_eq(buf[0], 'm');
	ck_assert_int_eq(qttt_action_format(&measure, buf, 1), 14);
	ck_assert_str_eq(buf, "");
	/* Out of range: every digit, and "??" for no square. */
	ck_assert_int_eq(qttt_action_format(&odd, buf, sizeof(buf)), 10);
	ck_assert_str_eq(buf, "X123 a1 ??");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Plies, canonical measurements, state equality                        */
/* ------------------------------------------------------------------ */

START_TEST(test_game_plies)
{
	struct qttt_game g;

	replay(&g, EX1 "; measure X1->a2; X5 b1 c3");
	ck_assert_uint_eq(g.nplies, 6);
	/* The measurement is stored as the closing move's. */
	ck_assert_int_eq(g.plies[4].kind, QTTT_MEASURE);
	ck_assert_int_eq(g.plies[4].move, 4);
	ck_assert_int_eq(g.plies[4].sq[0], A1);
	/* A refused action is not stored. */
	ck_assert_int_eq(play(&g, "X5 a2 b2", NULL), QTTT_E_ORDER);
	ck_assert_uint_eq(g.nplies, 6);
}
END_TEST

START_TEST(test_state_equal)
{
	struct qttt_state a, b;

	qttt_state_init(&a);
	qttt_state_init(&b);
	ck_assert(qttt_state_equal(&a, &b));
	state_from(&a, EX1 "; measure X1->a1");
	state_from(&b, EX1 "; measure O4->b3");
	ck_assert(qttt_state_equal(&a, &b));
	state_from(&b, EX1 "; measure O4->a1");
	ck_assert(!qttt_state_equal(&a, &b));
	state_from(&b, EX1);
	ck_assert(!qttt_state_equal(&a, &b));
}
END_TEST

/*
 * A state is its position and nothing else: a program that changes a
 * played state by hand has nothing more to do before it plays on.
 * Here O2, played in c1 and a2, is moved by hand to b1 and c1, which
 * X1 joins to a1 through b1: X3 in a1 and c1 now closes a cycle.
 */
START_TEST(test_state_by_hand)
{
	struct qttt_state st, want;
	struct qttt_action a;
	struct qttt_diag d;

	state_from(&st, "X1 a1 b1; O2 c1 a2");
	/* Played, so any cache would know a1 b1 and c1 a2 apart. */
	ck_assert_int_eq(qttt_state_apply(&st, &(struct qttt_action){
	    QTTT_PLACE, 3, { A1, C1 } }, NULL), QTTT_OK);
	ck_assert_int_eq(st.pending, 0);
	state_from(&st, "X1 a1 b1; O2 c1 a2");
	st.where[2][0] = B1;
	st.where[2][1] = C1;
	ck_assert_int_eq(qttt_state_check(&st, &d), QTTT_OK);
	state_from(&want, "X1 a1 b1; O2 b1 c1");
	ck_assert(qttt_state_equal(&st, &want));
	a = item("X3 a1 c1");
	ck_assert_int_eq(qttt_state_apply(&st, &a, NULL), QTTT_OK);
	ck_assert_int_eq(st.pending, 3);
	a = item("measure X3->c1");
	ck_assert_int_eq(qttt_state_apply(&st, &a, NULL), QTTT_OK);
	ck_assert_str_eq(board_of(&st), "X1 O2 X3 / . . . / . . .");
	state_from(&want, "X1 a1 b1; O2 b1 c1; X3 a1 c1; measure X3->c1");
	ck_assert(qttt_state_equal(&st, &want));
}
END_TEST

/* The rules byte: 0, Goff's, in a zeroed state; nothing else is played. */
START_TEST(test_state_rules)
{
	struct qttt_state st, before;
	struct qttt_action acts[QTTT_MAXACTIONS], a = item("measure O4->a1");
	struct qttt_diag d;

	ck_assert_uint_eq(sizeof(st), QTTT_STATE_SIZE);
	memset(&st, 0xff, sizeof(st));
	qttt_state_init(&st);
	ck_assert_int_eq(st.rules, QTTT_RULES_GOFF);
	memset(&st, 0, sizeof(st));
	ck_assert_int_eq(st.rules, QTTT_RULES_GOFF);

	state_from(&st, EX1);
	before = st;
	st.rules = QTTT_RULES_DOUBLE;	/* a field at its fourth value */
	ck_assert(!qttt_state_equal(&st, &before));
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(qttt_state_check(&st, &d), QTTT_E_STATE);
	ck_assert_str_eq(d.msg, "the state is played by rules 3, which are "
	    "not known");
	before = st;
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(qttt_state_legal(&st, &a, &d), QTTT_E_STATE);
	ck_assert_str_eq(d.msg, "the state is played by rules 3, which are "
	    "not known");
	ck_assert_int_eq(qttt_state_apply(&st, &a, NULL), QTTT_E_STATE);
	ck_assert(memcmp(&st, &before, sizeof(st)) == 0);
	ck_assert_uint_eq(qttt_state_actions(&st, acts), 0);
	st.rules = QTTT_RULES_GOFF;
	ck_assert_int_eq(qttt_state_apply(&st, &a, NULL), QTTT_OK);
}
END_TEST

/*
 * Equality of actions and results: every field that the kind uses
 * counts, a measurement's unused second square does not, and two
 * results not over are equal whatever their scores hold.
 */
START_TEST(test_equality)
{
	struct qttt_action a = { QTTT_PLACE, 3, { 0, 4 } }, b = a;
	struct qttt_result r, t;
	int		 i, j;

	ck_assert(qttt_action_equal(&a, &b));
	b.sq[1] = 5;
	ck_assert(!qttt_action_equal(&a, &b));
	b = a;
	b.move = 5;
	ck_assert(!qttt_action_equal(&a, &b));
	b = a;
	b.kind = QTTT_MEASURE;
	ck_assert(!qttt_action_equal(&a, &b));
	a.kind = QTTT_MEASURE;
	b.sq[1] = 7;
	ck_assert(qttt_action_equal(&a, &b));
	b.sq[0] = 4;
	ck_assert(!qttt_action_equal(&a, &b));

	for (i = -1; i < QTTT_NRESULTS; i++)
		for (j = -1; j < QTTT_NRESULTS; j++) {
			qttt_result_nth(i, &r);
			qttt_result_nth(j, &t);
			ck_assert_int_eq(qttt_result_equal(&r, &t), i == j);
		}
	memset(&r, 0, sizeof(r));
	t = r;
	t.score[QTTT_X] = 2;
	ck_assert(qttt_result_equal(&r, &t));
}
END_TEST

#define NELEM(a)	((int)(sizeof(a) / sizeof((a)[0])))

/* ------------------------------------------------------------------ */
/* Rule profiles (formats/rules.md, "Rule profiles")                    */
/* ------------------------------------------------------------------ */

/* X's two lines of times 7 and 9: 3/2-0 by Goff's rules. */
#define DOUBLE	"X1 a1 b2; O2 a3 b3; X3 a3 b3; measure X3->b3; " \
		"O4 a2 c3; X5 b1 c1; O6 b1 c3; X7 a1 c1; O8 c1 c2; " \
		"X9 b2 c3; measure X9->b2"
/* A cat's game that ends with X9's measurement, not a forced X9. */
#define CATS2	"X1 c2 b3; O2 b1 c2; X3 c2 b3; measure X3->c2; " \
		"O4 c1 b2; X5 a1 b2; O6 a2 c3; X7 a1 b2; measure X7->b2; " \
		"O8 a2 a3; X9 a3 c3; measure X9->a3"
/* Before X9, with O8 between the two squares open. */
#define LASTPAIR "X1 a2 b3; O2 c1 a2; X3 a1 b1; O4 a2 c3; X5 b1 a3; " \
		"O6 a2 a3; X7 a1 a2; measure X7->a2; O8 b2 c2"

/* Plays record under rules: its code, and the result it ends with. */
static enum qttt_code
play_by(unsigned int rules, const char *record, char result[8],
    struct qttt_diag *d)
{
	struct qttt_game g;
	enum qttt_code	 code;

	qttt_game_init(&g);
	g.state.rules = rules;
	code = play(&g, record, d);
	snprintf(result, 8, "%s", result_of(&g.state));
	if (code == QTTT_OK)
		ck_assert_int_eq(qttt_state_check(&g.state, NULL), QTTT_OK);
	return code;
}

/* Each switch, and the games it ends otherwise. */
static const struct {
	unsigned int	 rules;
	const char	*record, *result;
} profile_results[] = {
	{ QTTT_RULES_GOFF, DOUBLE, "3/2-0" },
	{ QTTT_RULES_DOUBLE_2, DOUBLE, "2-0" },
	{ QTTT_RULES_DOUBLE_1, DOUBLE, "1-0" },
	{ QTTT_RULES_DOUBLE_1 | QTTT_RULES_DRAW_HALF, DOUBLE, "1-0" },
	{ QTTT_RULES_GOFF, EX4 "; X9 b2", "2-0" },
	{ QTTT_RULES_DOUBLE_1, EX4 "; X9 b2", "1-0" },
	{ QTTT_RULES_GOFF, EX3 "; measure X7->a1", "1/2-1" },
	{ QTTT_RULES_GOFF, EX3 "; measure X7->b2", "1-1/2" },
	{ QTTT_RULES_SIMUL_TIE, EX3 "; measure X7->a1", "1/2-1/2" },
	{ QTTT_RULES_SIMUL_TIE, EX3 "; measure X7->b2", "1/2-1/2" },
	{ QTTT_RULES_SIMUL_DRAW, EX3 "; measure X7->a1", "0-0" },
	{ QTTT_RULES_SIMUL_DRAW | QTTT_RULES_DRAW_HALF, EX3
	    "; measure X7->b2", "1/2-1/2" },
	{ QTTT_RULES_SIMUL_DRAW, EX2 "; measure O6->b2", "0-1" },
	{ QTTT_RULES_SIMUL_FIRST, EX3 "; measure X7->a1", "0-1" },
	{ QTTT_RULES_SIMUL_FIRST, EX3 "; measure X7->b2", "1-0" },
	{ QTTT_RULES_SIMUL_FIRST | QTTT_RULES_DRAW_HALF, EX3
	    "; measure X7->b2", "1-0" },
	{ QTTT_RULES_SIMUL_FIRST, EX2 "; measure O6->b2", "0-1" },
	{ QTTT_RULES_GOFF, CATS2, "0-0" },
	{ QTTT_RULES_GOFF, CATS, "0-0" },
	{ QTTT_RULES_DRAW_HALF, CATS2, "1/2-1/2" },
	{ QTTT_RULES_GOFF, EX4, "*" },
	{ QTTT_RULES_LAST_DRAW, EX4, "0-0" },
	{ QTTT_RULES_LAST_DRAW | QTTT_RULES_DRAW_HALF, EX4, "1/2-1/2" },
	{ QTTT_RULES_LAST_DRAW, CATS2, "0-0" },
	{ QTTT_RULES_CLOSER, EX2 "; measure O6->b2", "0-1" },
	{ QTTT_RULES_NO_2CYCLES, LASTPAIR "; X9 b2 c2; measure X9->b2",
	    "1/2-1" }
};

START_TEST(test_profile_results)
{
	char		 result[8];
	int		 i = _i;

	ck_assert_msg(play_by(profile_results[i].rules,
	    profile_results[i].record, result, NULL) == QTTT_OK,
	    "entry %d refused", i);
	ck_assert_str_eq(result, profile_results[i].result);
}
END_TEST

/* What a switch refuses, and Goff's rules take. */
START_TEST(test_profile_refusals)
{
	struct qttt_diag d;
	char		 result[8];

	/* two-cycles=no: X7 on X1's squares. */
	ck_assert_int_eq(play_by(QTTT_RULES_GOFF, EX3, result, NULL),
	    QTTT_OK);
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(play_by(QTTT_RULES_NO_2CYCLES, EX3, result, &d),
	    QTTT_E_TWOCYCLE);
	ck_assert_str_eq(d.msg, "X7 plays a1 and b2, the squares of X1: "
	    "these rules forbid a 2-cycle");
	ck_assert_str_eq(qttt_code_name(QTTT_E_TWOCYCLE), "two-cycle");
	ck_assert_int_eq(play_by(QTTT_RULES_NO_2CYCLES, CATS2, result, &d),
	    QTTT_E_TWOCYCLE);
	ck_assert_str_eq(d.msg, "X3 plays c2 and b3, the squares of X1: "
	    "these rules forbid a 2-cycle");
	/* last-square=draw: the game is over before X9. */
	ck_assert_int_eq(play_by(QTTT_RULES_GOFF, EX4 "; X9 b2", result,
	    NULL), QTTT_OK);
	ck_assert_int_eq(play_by(QTTT_RULES_LAST_DRAW, EX4 "; X9 b2", result,
	    &d), QTTT_E_OVER);
	ck_assert_str_eq(d.msg, "the game is over (0-0): X9 may not be "
	    "played");
	ck_assert_int_eq(play_by(QTTT_RULES_LAST_DRAW, CATS, result, &d),
	    QTTT_E_OVER);
}
END_TEST

/* The errors of a line of Goff's notation read under a profile. */
static size_t
goff_errors(const char *line, unsigned int rules)
{
	static struct qttt_record rec;
	struct qttt_reader *r;
	size_t		 errors;
	int		 fd[2];

	ck_assert_int_eq(pipe(fd), 0);
	ck_assert_int_eq(write(fd[1], line, strlen(line)),
	    (ssize_t)strlen(line));
	close(fd[1]);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fd[0], QTTT_FORMAT_GOFF));
	qttt_reader_rules(r, rules);
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_uint_eq(rec.rules, rules);
	errors = qttt_record_play(&rec, NULL);
	qttt_reader_close(r);
	close(fd[0]);
	return errors;
}

/*
 * Goff's notation names the measurer: the closer under
 * measurer=closer, which a reader told the profile takes.  It has no
 * place for the profile: its writer refuses a game of another
 * (formats/line-notation.md, section 9).
 */
START_TEST(test_profile_goff_measurer)
{
	struct qttt_game g;
	struct qttt_diag d;
	struct out	 o;
	char		*text;
	static const char closer[] = "X1+(1,4); O2+(2,3); X3+(4,8); "
	    "O4+(1,8); O4@O4(8)!X1(1)!X3(4)!O4(8)\n";

	qttt_game_init(&g);
	ck_assert_int_eq(play(&g, EX1 "; measure X1->a1", NULL), QTTT_OK);
	write_to(out_open(&o), QTTT_FORMAT_GOFF, &g, NULL);
	text = out_close(&o);
	ck_assert_ptr_nonnull(strstr(text, "; X4@O4(8)!X1(1)"));
	free(text);
	qttt_game_init(&g);
	g.state.rules = QTTT_RULES_CLOSER;
	ck_assert_int_eq(play(&g, EX1 "; measure X1->a1", NULL), QTTT_OK);
	ck_assert_int_eq(qttt_record_write(out_open(&o), QTTT_FORMAT_GOFF,
	    &g, NULL, &d), -2);
	text = out_close(&o);
	ck_assert_str_eq(text, "");
	free(text);
	ck_assert_int_eq(d.code, QTTT_E_UNWRITABLE);
	ck_assert_ptr_nonnull(strstr(d.msg, "Goff's notation holds no rules"));
	ck_assert_uint_eq(goff_errors(closer, QTTT_RULES_CLOSER), 0);
	ck_assert_uint_eq(goff_errors(closer, QTTT_RULES_GOFF), 1);
}
END_TEST

/* A game's earlier states and its other outcomes keep its rules. */
START_TEST(test_profile_game)
{
	struct qttt_game g;
	struct qttt_state st;
	struct qttt_features f;

	qttt_game_init(&g);
	g.state.rules = QTTT_RULES_SIMUL_TIE;
	ck_assert_int_eq(play(&g, EX3 "; measure X7->a1", NULL), QTTT_OK);
	ck_assert_str_eq(result_of(&g.state), "1/2-1/2");
	qttt_game_state_at(&g, 3, &st);
	ck_assert_uint_eq(st.rules, QTTT_RULES_SIMUL_TIE);
	ck_assert_int_eq(qttt_game_whatif(&g, 1), 7);
	ck_assert_uint_eq(g.state.rules, QTTT_RULES_SIMUL_TIE);
	ck_assert_str_eq(result_of(&g.state), "1/2-1/2");

	/* The features replay the game by its rules. */
	qttt_game_init(&g);
	g.state.rules = QTTT_RULES_NO_2CYCLES;
	ck_assert_int_eq(play(&g, LASTPAIR "; X9 b2 c2; measure X9->b2",
	    NULL), QTTT_OK);
	qttt_game_features(&g, &f);
	ck_assert_uint_eq(f.measurements, 2);
	ck_assert_uint_eq(f.plies, 11);
	ck_assert_uint_eq(f.ncycles, 2);
	ck_assert_uint_eq(f.twocycles, 1);
}
END_TEST

/*
 * two-cycles=no leaves out the pairs of spooky moves from the actions,
 * but where no other pair is left (X9, two squares open).
 */
START_TEST(test_profile_two_cycles)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS], a;
	size_t		 n, i;
	int		 m;

	qttt_game_init(&g);
	g.state.rules = QTTT_RULES_NO_2CYCLES;
	ck_assert_int_eq(play(&g, "X1 a1 b2; O2 c1 b2", NULL), QTTT_OK);
	n = qttt_state_actions(&g.state, acts);
	ck_assert_uint_eq(n, 36 - 2);
	for (i = 0; i < n; i++)
		for (m = 1; m < g.state.next; m++)
			ck_assert(acts[i].sq[0] != g.state.where[m][0] ||
			    acts[i].sq[1] != g.state.where[m][1]);
	a = item("X3 b2 c1");
	ck_assert_int_eq(qttt_state_legal(&g.state, &a, NULL),
	    QTTT_E_TWOCYCLE);
	g.state.rules = QTTT_RULES_GOFF;
	ck_assert_uint_eq(qttt_state_actions(&g.state, acts), 36);
	ck_assert_int_eq(qttt_state_legal(&g.state, &a, NULL), QTTT_OK);

	qttt_game_init(&g);
	g.state.rules = QTTT_RULES_NO_2CYCLES;
	ck_assert_int_eq(play(&g, LASTPAIR, NULL), QTTT_OK);
	ck_assert_uint_eq(qttt_state_actions(&g.state, acts), 1);
	ck_assert(qttt_action_equal(&acts[0], &(struct qttt_action){
	    QTTT_PLACE, 9, { B2, C2 } }));
	ck_assert_int_eq(qttt_game_play(&g, &acts[0], NULL), QTTT_OK);
	ck_assert_int_eq(g.state.pending, 9);
	ck_assert_int_eq(qttt_state_check(&g.state, NULL), QTTT_OK);
}
END_TEST

/* measurer=closer: the player who closed the cycle measures it. */
START_TEST(test_profile_measurer)
{
	struct qttt_state st;

	state_from(&st, EX1);
	ck_assert_int_eq(qttt_state_turn(&st), QTTT_X);
	st.rules = QTTT_RULES_CLOSER;
	ck_assert_int_eq(qttt_state_turn(&st), QTTT_O);
	state_from(&st, EX3);
	ck_assert_int_eq(qttt_state_turn(&st), QTTT_O);
	st.rules = QTTT_RULES_CLOSER | QTTT_RULES_DOUBLE_1;
	ck_assert_int_eq(qttt_state_turn(&st), QTTT_X);
	/* A symmetric image is played by the same rules. */
	qttt_sym_state(QTTT_SYM_ROT90, &st, &st);
	ck_assert_uint_eq(st.rules, QTTT_RULES_CLOSER | QTTT_RULES_DOUBLE_1);
	ck_assert_int_eq(qttt_state_turn(&st), QTTT_X);
	/* After the measurement, the moves go on in turn. */
	state_from(&st, EX1 "; measure X1->a1");
	st.rules = QTTT_RULES_CLOSER;
	ck_assert_int_eq(qttt_state_turn(&st), QTTT_X);
}
END_TEST

/*
 * Names: every profile's name reads back as that profile, a preset's
 * name is the preset's, and the switches name the profile otherwise.
 */
START_TEST(test_profile_names)
{
	char		 buf[QTTT_RULES_NAME_MAX], small[5];
	unsigned int	 r, back, p, seen = 0;
	size_t		 i, bad = 99;
	const char	*name;

	for (r = 0; r <= QTTT_RULES_MAX + 1; r++) {
		if (!qttt_rules_valid(r)) {
			ck_assert_int_eq(qttt_rules_format(r, buf,
			    sizeof(buf)), -1);
			continue;
		}
		seen++;
		ck_assert_int_lt(qttt_rules_format(r, buf, sizeof(buf)),
		    (int)sizeof(buf));
		ck_assert_int_eq(qttt_rules_parse(buf, strlen(buf), &back,
		    NULL), 0);
		ck_assert_uint_eq(back, r);
	}
	ck_assert_uint_eq(seen, 3 * 4 * 16);
	for (i = 0; (name = qttt_rules_preset(i, &p)) != NULL; i++) {
		ck_assert_int_eq(qttt_rules_format(p, buf, sizeof(buf)),
		    (int)strlen(name));
		ck_assert_str_eq(buf, name);
	}
	ck_assert_uint_ge(i, 9);
	ck_assert_str_eq(qttt_rules_preset(0, &p), "goff");
	ck_assert_uint_eq(p, QTTT_RULES_GOFF);
	for (i = 0; (name = qttt_rules_switch(i, &p)) != NULL; i++) {
		ck_assert_int_eq(qttt_rules_parse(name, strlen(name), &r,
		    NULL), 0);
		ck_assert_uint_eq(r, p);
	}
	ck_assert_uint_eq(i, 9);
	qttt_rules_format(QTTT_RULES_DOUBLE_1 | QTTT_RULES_CLOSER, buf,
	    sizeof(buf));
	ck_assert_str_eq(buf, "double=1,measurer=closer");
	ck_assert_int_eq(qttt_rules_format(QTTT_RULES_DOUBLE_1 |
	    QTTT_RULES_CLOSER, small, sizeof(small)), 24);
	ck_assert_str_eq(small, "doub");
	/* Later items over earlier ones; presets set every switch. */
	ck_assert_int_eq(qttt_rules_parse("python,draw=1/2", 15, &r, NULL),
	    0);
	ck_assert_uint_eq(r, QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW | QTTT_RULES_DRAW_HALF);
	ck_assert_int_eq(qttt_rules_parse("draw=1/2,python", 15, &r, NULL),
	    0);
	ck_assert_uint_eq(r, QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW);
	/* A preset names its switches; a profile of one is named so. */
	ck_assert_int_eq(qttt_rules_parse("cpp-solver", 10, &r, NULL), 0);
	ck_assert_uint_eq(r, QTTT_RULES_DOUBLE_1 | QTTT_RULES_LAST_DRAW |
	    QTTT_RULES_DRAW_HALF);
	qttt_rules_format(QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST, buf,
	    sizeof(buf));
	ck_assert_str_eq(buf, "typescript");
	qttt_rules_format(QTTT_RULES_SIMUL_FIRST | QTTT_RULES_CLOSER, buf,
	    sizeof(buf));
	ck_assert_str_eq(buf, "simultaneous=first,measurer=closer");
	ck_assert_int_eq(qttt_rules_parse("double=2,double=goff", 20, &r,
	    NULL), 0);
	ck_assert_uint_eq(r, QTTT_RULES_GOFF);
	/* The item at fault. */
	ck_assert_int_eq(qttt_rules_parse("double=1,Goff", 13, &r, &bad), -1);
	ck_assert_uint_eq(bad, 9);
	ck_assert_int_eq(qttt_rules_parse("goff,", 5, &r, &bad), -1);
	ck_assert_uint_eq(bad, 5);
	ck_assert_int_eq(qttt_rules_parse("", 0, &r, &bad), -1);
	ck_assert_uint_eq(bad, 0);
	ck_assert_int_eq(qttt_rules_parse("goffx", 4, &r, NULL), 0);
	ck_assert_int_eq(qttt_rules_parse("gof", 3, &r, NULL), -1);
}
END_TEST

/* The results each profile's games can end with. */
START_TEST(test_profile_possible)
{
	static const struct {
		unsigned int	 rules;
		const char	*results;	/* of the QTTT_NRESULTS */
	} want[] = {
		{ QTTT_RULES_GOFF, "11111110" },
		{ QTTT_RULES_DOUBLE_2, "11110110" },
		{ QTTT_RULES_DOUBLE_1, "11110010" },
		{ QTTT_RULES_SIMUL_TIE, "11001111" },
		{ QTTT_RULES_SIMUL_DRAW, "11001110" },
		{ QTTT_RULES_SIMUL_FIRST, "11001110" },
		{ QTTT_RULES_SIMUL_FIRST | QTTT_RULES_DOUBLE_1 |
		    QTTT_RULES_DRAW_HALF, "11000001" },
		{ QTTT_RULES_DRAW_HALF, "11111101" },
		{ QTTT_RULES_SIMUL_DRAW | QTTT_RULES_DRAW_HALF, "11001101" },
		{ QTTT_RULES_NO_2CYCLES | QTTT_RULES_CLOSER |
		    QTTT_RULES_LAST_DRAW, "11111110" }
	};
	struct qttt_result r;
	size_t		 i;
	int		 k;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		for (k = 0; k < QTTT_NRESULTS; k++) {
			qttt_result_nth(k, &r);
			ck_assert_int_eq(qttt_rules_result_possible(
			    want[i].rules, &r), want[i].results[k] == '1');
		}
	/* Every result reads back as written, 1/2-1/2 too. */
	for (k = 0; k < QTTT_NRESULTS; k++) {
		struct qttt_result back;
		char		 text[8];

		qttt_result_nth(k, &r);
		qttt_result_format(&r, text, sizeof(text));
		ck_assert_int_eq(qttt_result_parse(text, strlen(text), &back),
		    0);
		ck_assert(qttt_result_equal(&back, &r));
	}
	ck_assert_int_eq(qttt_result_parse("*", 1, &r), 0);
	ck_assert(!r.over);
	ck_assert_int_eq(qttt_result_parse("3/2-1", 5, &r), -1);
	ck_assert_int_eq(qttt_result_parse("1-1/2 ", 6, &r), -1);
	qttt_result_nth(QTTT_NRESULTS - 1, &r);
	ck_assert_int_eq(qttt_result_index(&r), 7);
	ck_assert(r.score[QTTT_X] == 1 && r.score[QTTT_O] == 1);
	ck_assert(!qttt_rules_result_possible(QTTT_RULES_DOUBLE, &r));
	memset(&r, 0, sizeof(r));
	ck_assert(!qttt_rules_result_possible(QTTT_RULES_GOFF, &r));
}
END_TEST

/*
 * Random games under every profile: each action the engine lists is
 * legal, each state passes the check, and each result is one the
 * profile allows.
 */
START_TEST(test_profile_random)
{
	struct qttt_game g;
	struct qttt_action acts[QTTT_MAXACTIONS];
	uint64_t	 seed = 0x9e3779b97f4a7c15u;
	unsigned int	 r;
	size_t		 n, i, games = 0;
	int		 k;

	for (r = 0; r <= QTTT_RULES_MAX; r++) {
		if (!qttt_rules_valid(r))
			continue;
		for (k = 0; k < 40; k++, games++) {
			qttt_game_init(&g);
			g.state.rules = r;
			while ((n = qttt_state_actions(&g.state, acts)) > 0) {
				for (i = 0; i < n; i++)
					ck_assert_int_eq(qttt_state_legal(
					    &g.state, &acts[i], NULL), QTTT_OK);
				seed = seed * 6364136223846793005u +
				    1442695040888963407u;
				ck_assert_int_eq(qttt_game_play(&g,
				    &acts[(seed >> 33) % n], NULL), QTTT_OK);
				ck_assert_int_eq(qttt_state_check(&g.state,
				    NULL), QTTT_OK);
			}
			ck_assert(g.state.result.over);
			ck_assert(qttt_rules_result_possible(r,
			    &g.state.result));
		}
	}
	ck_assert_uint_eq(games, 192 * 40);
}
END_TEST

Suite *
rules_suite(void)
{
	Suite	*s = suite_create("rules");
	TCase	*tc;

	tc = tcase_create("refusals");
	tcase_add_loop_test(tc, test_refusal, 0, NELEM(refusals));
	tcase_add_test(tc, test_refusal_raw);
	tcase_add_test(tc, test_equality);
	suite_add_tcase(s, tc);

	tc = tcase_create("rules");
	tcase_add_test(tc, test_rule1_numbering);
	tcase_add_test(tc, test_rule2_spooky_pile);
	tcase_add_test(tc, test_rule2_squares_order);
	tcase_add_test(tc, test_rule3_forced);
	tcase_add_test(tc, test_rule3_not_forced);
	tcase_add_test(tc, test_rule4_multigraph);
	tcase_add_loop_test(tc, test_rule5_cycles, 0, NELEM(cycles));
	tcase_add_test(tc, test_rule6_measurer);
	tcase_add_loop_test(tc, test_rule7_two_outcomes, 0, NELEM(measured));
	tcase_add_test(tc, test_rule8_component);
	tcase_add_test(tc, test_rule8_two_trees);
	tcase_add_test(tc, test_rule9_classical);
	tcase_add_test(tc, test_rule10_end);
	tcase_add_test(tc, test_rule10_every_set);
	tcase_add_loop_test(tc, test_rule11_scores, 0, NELEM(scores));
	tcase_add_test(tc, test_result_format);
	tcase_add_test(tc, test_result_possible);
	tcase_add_test(tc, test_fact_full_after_nine);
	tcase_add_test(tc, test_fact_four_measurements);
	tcase_add_test(tc, test_fact_ninth_closes);
	suite_add_tcase(s, tc);

	tc = tcase_create("examples");
	tcase_add_test(tc, test_example1);
	tcase_add_test(tc, test_example2);
	tcase_add_test(tc, test_example3);
	tcase_add_test(tc, test_example4);
	suite_add_tcase(s, tc);

	tc = tcase_create("state");
	tcase_add_test(tc, test_actions_empty);
	tcase_add_test(tc, test_actions_pending);
	tcase_add_test(tc, test_actions_exact);
	tcase_add_test(tc, test_canonical);
	tcase_add_test(tc, test_cycle_none);
	tcase_add_test(tc, test_cycle_stems);
	tcase_add_loop_test(tc, test_check_rejects, 0, NELEM(bad_states));
	tcase_add_test(tc, test_check_accepts);
	tcase_add_test(tc, test_state_equal);
	tcase_add_test(tc, test_state_by_hand);
	tcase_add_test(tc, test_state_rules);
	suite_add_tcase(s, tc);

	tc = tcase_create("profiles");
	tcase_add_loop_test(tc, test_profile_results, 0,
	    NELEM(profile_results));
	tcase_add_test(tc, test_profile_refusals);
	tcase_add_test(tc, test_profile_game);
	tcase_add_test(tc, test_profile_goff_measurer);
	tcase_add_test(tc, test_profile_two_cycles);
	tcase_add_test(tc, test_profile_measurer);
	tcase_add_test(tc, test_profile_names);
	tcase_add_test(tc, test_profile_possible);
	tcase_add_test(tc, test_profile_random);
	suite_add_tcase(s, tc);

	tc = tcase_create("format");
	tcase_add_loop_test(tc, test_game_format, 0, NELEM(formats));
	tcase_add_test(tc, test_game_format_short);
	tcase_add_test(tc, test_action_format);
	tcase_add_test(tc, test_action_format_cut);
	tcase_add_test(tc, test_game_plies);
	suite_add_tcase(s, tc);

	return s;
}
