/*
 * The state string (formats/state-string.md): canonical strings round
 * trip byte for byte, every state reached while replaying games prints
 * and reads back to the same state, and every parser diagnostic comes
 * with its column.  Also the replay helpers: qttt_game_state_at() and
 * the what-if.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "check_qttt.h"

/* Plays a line-notation record that must be valid into g. */
static void
play(const char *text, struct qttt_game *g)
{
	static struct qttt_record rec;

	ck_assert_msg(qttt_line_parse(text, strlen(text), 0, &rec) == 1,
	    "'%s' holds no game", text);
	ck_assert_msg(qttt_record_play(&rec, g) == 0, "'%s' is invalid: %s",
	    text, rec.ndiags > 0 ? rec.diags[0].msg : "?");
}

/* The state string of st (a static buffer). */
static const char *
format(const struct qttt_state *st)
{
	static char	 buf[QTTT_STATE_MAX];
	int		 n;

	n = qttt_state_format(st, buf, sizeof(buf));
	ck_assert_int_gt(n, 0);
	ck_assert_int_lt(n, QTTT_STATE_MAX);
	ck_assert_int_eq((int)strlen(buf), n);
	return buf;
}

/*
 * A state prints as a string that parses back to the same state and
 * prints as the same bytes again.
 */
static void
check_round_trip(const struct qttt_state *st)
{
	struct qttt_state back;
	struct qttt_diag d;
	char		 s[QTTT_STATE_MAX];

	snprintf(s, sizeof(s), "%s", format(st));
	memset(&d, 0, sizeof(d));
	ck_assert_msg(qttt_state_parse(s, strlen(s), &back, &d) == QTTT_OK,
	    "'%s' does not parse: %lu: %s", s, d.col, d.msg);
	ck_assert_msg(qttt_state_equal(st, &back), "'%s' reads back as "
	    "'%s'", s, format(&back));
	ck_assert_str_eq(format(&back), s);
}

/* ------------------------------------------------------------------ */

/* Canonical strings, each with the record that reaches it. */
static const struct {
	const char	*record;
	const char	*state;
} reached[] = {
	{ "", ".,.,./.,.,./.,.,. X1 - *" },
	{ "X1 a1 c3", "x1,.,./.,.,./.,.,x1 O2 - *" },
	/* NOTATION's example: O4 closes a1-a2-b3, X measures. */
	{ "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3",
	    "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *" },
	{ "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a1",
	    "X1,o2,o2/X3,.,./.,O4,. X5 - *" },
	{ "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a2",
	    "O4,o2,o2/X1,.,./.,X3,. X5 - *" },
	/* A 2-cycle. */
	{ "X1 b2 c3; O2 b2 c3", ".,.,./.,x1o2,./.,.,x1o2 X3 O2 *" },
	/* formats/rules.md example 2: Goff's Fig. 7. */
	{ "X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2; "
	    "measure O6->b2", "X1,O2,./.,O6,X5/.,O4,X3 - - 0-1" },
	/* formats/rules.md example 3: Fig. 8, both outcomes. */
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2", "x1x7,.,o2/x3,x1o2x3o4x5o6x7,o4/x5,.,o6 O8 X7 *" },
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->a1", "X7,.,O2/X3,X1,O4/X5,.,O6 - - 1/2-1" },
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->b2", "X1,.,O2/X3,X7,O4/X5,.,O6 - - 1-1/2" },
	/* formats/rules.md example 4: the forced last move. */
	{ "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2",
	    "X1,O2,X3/O8,.,O4/X7,O6,X5 X9 - *" },
	{ "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2",
	    "X1,O2,X3/O8,X9,O4/X7,O6,X5 - - 2-0" },
	/* A game over with a spooky move left in another component. */
	{ "X1 a1 b1; O2 a2 b2; X3 b1 c1; O4 a2 c2; X5 c1 a1",
	    "x1x5,x1x3,x3x5/o2o4,o2,o4/.,.,. O6 X5 *" },
	{ "X1 a1 b1; O2 a2 b2; X3 b1 c1; O4 a2 c2; X5 c1 a1; "
	    "measure X5->c1", "X1,X3,X5/o2o4,o2,o4/.,.,. - - 1-0" },
};

START_TEST(test_reached)
{
	struct qttt_game g;
	struct qttt_state st;
	struct qttt_diag d;
	const char	*s = reached[_i].state;

	/* The record's final state prints as the string... */
	if (reached[_i].record[0] == '\0')
		qttt_game_init(&g);
	else
		play(reached[_i].record, &g);
	ck_assert_str_eq(format(&g.state), s);
	/* ...which parses to that state and prints back byte for byte. */
	memset(&d, 0, sizeof(d));
	ck_assert_msg(qttt_state_parse(s, strlen(s), &st, &d) == QTTT_OK,
	    "'%s': %lu: %s", s, d.col, d.msg);
	ck_assert(qttt_state_equal(&st, &g.state));
	ck_assert_str_eq(format(&st), s);
}
END_TEST

/* Every state of many generated games, finished or not. */
START_TEST(test_generated)
{
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_state st;
	size_t		 i, j;

	qttt_generator_init(&gen, 20260 + _i, QTTT_GEN_UNFINISHED);
	for (i = 0; i < 1500; i++) {
		qttt_generator_game(&gen, &g);
		qttt_state_init(&st);
		check_round_trip(&st);
		for (j = 0; j < g.nplies; j++) {
			ck_assert(qttt_state_apply(&st, &g.plies[j], NULL) ==
			    QTTT_OK);
			check_round_trip(&st);
		}
		ck_assert(qttt_state_equal(&st, &g.state));
	}
}
END_TEST

/* ------------------------------------------------------------------ */

/* Strings the parser refuses: where, and what the message says. */
static const struct {
	const char	*s;
	unsigned long	 col;
	const char	*msg;
} faults[] = {
	/* Syntax. */
	{ "", 0, "empty" },
	{ ".,.,./.,.,./.,.,.", 17, "ends before the next move" },
	{ ".,.,./.,.,./.,.,. X1", 20, "ends before the pending" },
	{ ".,.,./.,.,./.,.,. X1 -", 22, "ends before the result" },
	{ ".,.,./.,.,./.,. X1 - *", 15, "ends after 8 squares" },
	{ ".,.,.,./.,.,./.,.,. X1 - *", 5, "expected '/' after c1" },
	{ ".,./.,.,./.,.,. X1 - *", 3, "row 1 ends after 2 squares" },
	{ "./.,.,./.,.,. X1 - *", 1, "row 1 ends after 1 square:" },
	{ "X1 a1 b1", 2, "the board ends after 1 square:" },
	{ ".,.,./.,.,./.,.,.,. X1 - *", 17, "nine squares" },
	{ ".,.,./.,.,./.,.,./. X1 - *", 17, "nine squares" },
	{ ",.,./.,.,./.,.,. X1 - *", 0, "a1 has no content" },
	{ ".,,./.,.,./.,.,. X1 - *", 2, "b1 has no content" },
	{ ".,.,./.,q,./.,.,. X1 - *", 8, "unexpected 'q' in b2" },
	{ ".,.,./.,.,./.,.,\x01 X1 - *", 16, "byte 0x01" },
	{ ".x1,.,./.,.,./.,.,. X1 - *", 1, "a1 is empty" },
	{ ".;.,./.,.,./.,.,. X1 - *", 1, "unexpected ';' after a1" },
	{ "x,.,./.,.,./.,.,. X1 - *", 0, "'x' needs a move number" },
	{ "X0,.,./.,.,./.,.,. X1 - *", 0, "numbered 1 to 9" },
	{ "x12,.,./.,.,./.,.,. X1 - *", 0, "numbered 1 to 9" },
	/* A subscript of the wrong letter. */
	{ "x2,x2,./.,.,./.,.,. X3 - *", 0, "'x2': X makes the odd moves" },
	{ "O1,.,./.,.,./.,.,. X1 - *", 0, "'O1': X makes the odd moves" },
	{ ".,.,./.,.,./.,.,. O1 - *", 18, "'O1': X makes" },
	{ "x1,x1,./.,.,./.,.,. X2 - *", 20, "'X2': X makes" },
	{ "x1o2,x1o2,./.,.,./.,.,. X3 X2 *", 27, "'X2': X makes" },
	/* Marks inside a square. */
	{ "X1x3,.,./.,.,./.,.,. X1 - *", 2, "a1 is classical (X1)" },
	{ "x1X3,.,./.,.,./.,.,. X1 - *", 2, "cannot hold a classical" },
	{ "x3x1,x1x3,./.,.,./.,.,. O4 - *", 2, "x1 after x3 in a1" },
	{ "x1x1,.,./.,.,./.,.,. O2 - *", 2, "x1 is twice in a1" },
	/* A spooky mark not in exactly two open squares. */
	{ "x1,.,./.,.,./.,.,. O2 - *", 0, "x1 is in a1 only" },
	{ "x1,x1,x1/.,.,./.,.,. O2 - *", 6, "x1 is in a third square (c1)" },
	{ "X1,x1,./.,.,./.,.,. O2 - *", 3, "x1 is spooky in b1, but X1" },
	{ "x1,X1,x1/.,.,./.,.,. O2 - *", 3, "X1 is classical in b1, but x1" },
	{ "X1,X1,./.,.,./.,.,. O2 - *", 3, "X1 is classical twice" },
	/* The next move and the marks on the board. */
	{ "x1,x1,./.,.,./.,.,. X3 - *", 20, "X3 is next, but O2 is not" },
	{ "x1,x1,./.,.,./.,.,. X1 - *", 20, "X1 is next, but X1 is already" },
	{ "x1,x1,./.,.,./.,.,. - - *", 20, "'-' says that all nine" },
	{ "x1,x1,./.,.,./.,.,. x3 - *", 20, "capital letter" },
	{ "x1,x1,./.,.,./.,.,. Y3 - *", 20, "expected the next move" },
	{ "x1,x1,./.,.,./.,.,. O2- *", 22, "unexpected '-' after the next" },
	{ "x1,x1,./.,.,./.,.,.  O2 - *", 20, "one space" },
	{ "X1,X3,X5/O2,O4,./.,.,. O6 - 1-0", 23, "finished game (1-0)" },
	{ "X1,X3,X5/.,O4,./.,.,. - - 1-0", 22, "O2 is not on the board, "
	    "but later moves are" },
	/* The pending measurement. */
	{ ".,.,./.,.,./.,.,. X1 O2 *", 21, "no move has been made" },
	{ "x1o2,x1o2,./.,.,./.,.,. X3 X1 *", 27, "only the last move (O2)" },
	{ "X1,O2,o4/.,X3,o4/.,.,. X5 O4 *", 26, "O4 closes no cycle" },
	{ "X1,O2,X3/o4,o4,./.,.,. X5 X3 *", 26, "only the last move (O4)" },
	{ "x1,x1,O2/.,.,./.,.,. X3 O2 *", 24, "O2 is classical" },
	{ "x1o2,x1,o2/.,.,./.,.,. X3 O2 *", 26, "closes no cycle" },
	{ "x1o2,x1o2,./.,.,./.,.,. X3 o2 *", 27, "capital letter" },
	/* A cycle left unmeasured without a pending measurement. */
	{ "x1o2,x1o2,./.,.,./.,.,. X3 - *", 27, "form a cycle (through O2)" },
	{ "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 - *", 32, "form a cycle" },
	/* The result. */
	{ ".,.,./.,.,./.,.,. X1 - 1-0", 23, "the result is 1-0, but the "
	    "board says *" },
	{ "X1,X3,X5/O2,O4,./.,.,. - - *", 27, "the result is *, but the "
	    "board says 1-0" },
	{ "X1,X3,X5/O2,O4,./.,.,. - - 1-1", 27, "expected the result" },
	{ "X1,X3,X5/O2,O4,./.,.,. - - 1-0 ", 30, "after the result" },
	{ "X1,X3,X5/O2,O4,./.,.,. - - 1-0\n", 30, "after the result" },
	/* A move after the game is over. */
	{ "X1,X3,X5/O2,O4,o6/.,.,o6 - - 1-0", 15, "O6 was played after the "
	    "game was over" },
	{ "X1,X3,X5/O2,O4,o6/.,.,o6 X7 - 1-0", 25, "finished game" },
	{ "x1o2,X3,./x1o2,.,./.,.,. O4 O2 *", 28, "only the last move (X3)" },
	/* One classical mark alone: no collapse makes it. */
	{ "X1,.,./.,.,./.,.,. O2 - *", 0, "X1 is the only classical mark" },
	{ "x1,x1,O2/.,.,./.,.,. X3 - *", 6, "O2 is the only classical mark" },
	{ ".,.,./.,.,./.,.,. X1 - * x", 24, "unexpected space after" },
};

START_TEST(test_fault)
{
	struct qttt_state st, before;
	struct qttt_diag d;
	const char	*s = faults[_i].s;

	qttt_state_init(&st);
	st.next = 7;		/* anything: it must stay unchanged */
	before = st;
	memset(&d, 0, sizeof(d));
	ck_assert_msg(qttt_state_parse(s, strlen(s), &st, &d) ==
	    QTTT_E_STATE, "'%s' parses", s);
	ck_assert_int_eq(d.code, QTTT_E_STATE);
	ck_assert_int_eq(d.severity, QTTT_ERROR);
	ck_assert_int_eq(d.line, 0);
	ck_assert_msg(strstr(d.msg, faults[_i].msg) != NULL,
	    "'%s': message '%s' lacks '%s'", s, d.msg, faults[_i].msg);
	ck_assert_msg(d.col == faults[_i].col, "'%s': column %lu, not %lu "
	    "(%s)", s, d.col, faults[_i].col, d.msg);
	ck_assert(qttt_state_equal(&st, &before));
	/* No place for the diagnostic: the same verdict. */
	ck_assert_int_eq(qttt_state_parse(s, strlen(s), &st, NULL),
	    QTTT_E_STATE);
}
END_TEST

/* The length counts: a string is never read beyond len. */
START_TEST(test_length)
{
	const char	*s = "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *garbage";
	struct qttt_state st;
	struct qttt_diag d;
	size_t		 n = strlen(s) - strlen("garbage");

	ck_assert_int_eq(qttt_state_parse(s, n, &st, &d), QTTT_OK);
	ck_assert_int_eq(qttt_state_parse(s, n - 1, &st, &d), QTTT_E_STATE);
	ck_assert_int_eq(d.col, n - 1);
	/* A NUL byte is a byte like any other. */
	ck_assert_int_eq(qttt_state_parse(".,.,./.,.,./.,.,. X1 - *\0", 25,
	    &st, &d), QTTT_E_STATE);
	ck_assert_int_eq(d.col, 24);
}
END_TEST

/*
 * The search for a history (engine/reach.c): it finds one for every
 * position of random games, none for a classical move alone (as the
 * first and second move, with and without spooky moves after it), and
 * it decides, without giving up, every state of random boards (each
 * move classical or spooky at random) that the parser's other checks
 * let through.
 */
START_TEST(test_reachable)
{
	static const char *const alone[] = {
		"X1,.,./.,.,./.,.,. O2 - *",
		"x1,x1,O2/.,.,./.,.,. X3 - *",
		"X1,o2,o2/x3,.,x3/.,.,. O4 - *",
	};
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_state st;
	char		 text[QTTT_STATE_MAX];
	size_t		 i;
	int		 m, n, a, b, k;

	qttt_generator_init(&gen, 31, 0);
	for (i = 0; i < 5000; i++) {
		qttt_generator_game(&gen, &g);
		qttt_game_state_at(&g, qttt_generator_uniform(&gen,
		    g.nplies + 1), &st);
		ck_assert_int_eq(qttt__engine_reachable(&st), 1);
	}
	for (i = 0; i < sizeof(alone) / sizeof(alone[0]); i++) {
		/* The parser refuses them: build them by hand. */
		qttt_state_init(&st);
		ck_assert_int_ne(qttt_state_parse(alone[i], strlen(alone[i]),
		    &st, NULL), QTTT_OK);
	}
	qttt_state_init(&st);
	st.board[0] = 1;
	st.where[1][0] = st.where[1][1] = 0;
	st.next = 2;
	ck_assert_int_eq(qttt__engine_reachable(&st), 0);
	st.where[2][0] = 1;
	st.where[2][1] = 2;
	st.next = 3;
	ck_assert_int_eq(qttt__engine_reachable(&st), 0);
	for (i = n = 0; i < 20000; i++) {
		qttt_state_init(&st);
		st.next = 2 + qttt_generator_uniform(&gen, 8);
		for (m = 1; m < st.next; m++) {
			a = qttt_generator_uniform(&gen, QTTT_NSQUARES);
			b = qttt_generator_uniform(&gen, QTTT_NSQUARES);
			if (qttt_generator_uniform(&gen, 2) == 0 ||
			    st.board[a] != 0) {
				st.where[m][0] = a < b ? a : b;
				st.where[m][1] = a < b ? b : a;
			} else {
				st.board[a] = m;
				st.where[m][0] = st.where[m][1] = a;
			}
		}
		qttt__engine_board_result(&st, &st.result);
		if (qttt_state_format(&st, text, sizeof(text)) < 0 ||
		    qttt_state_parse(text, strlen(text), &st, NULL) != QTTT_OK)
			continue;
		n++;
		k = qttt__engine_reachable(&st);
		ck_assert_msg(k == 1, "'%s' passes and is %s", text,
		    k == 0 ? "unreachable" : "undecided");
	}
	ck_assert_int_gt(n, 1000);
}
END_TEST

/* Random edits of valid strings: refused with a column, or canonical. */
START_TEST(test_mutations)
{
	static const char alphabet[] = "xoXO0123456789.,/ -*";
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_state st;
	struct qttt_diag d;
	char		 s[QTTT_STATE_MAX + 2];
	size_t		 i, n, at;
	int		 k, accepted = 0;

	qttt_generator_init(&gen, 7, QTTT_GEN_UNFINISHED);
	for (i = 0; i < 20000; i++) {
		if (i % 8 == 0)
			qttt_generator_game(&gen, &g);
		n = snprintf(s, sizeof(s), "%s", format(&g.state));
		at = qttt_generator_uniform(&gen, n);
		k = (int)qttt_generator_uniform(&gen, 3);
		if (k == 0)		/* replace a byte */
			s[at] = alphabet[qttt_generator_uniform(&gen,
			    sizeof(alphabet) - 1)];
		else if (k == 1) {	/* delete one */
			memmove(s + at, s + at + 1, n - at);
			n--;
		} else {		/* insert one */
			memmove(s + at + 1, s + at, n - at + 1);
			s[at] = alphabet[qttt_generator_uniform(&gen,
			    sizeof(alphabet) - 1)];
			n++;
		}
		memset(&d, 0, sizeof(d));
		if (qttt_state_parse(s, n, &st, &d) != QTTT_OK) {
			ck_assert_int_le(d.col, n);
			ck_assert(d.msg[0] != '\0');
			continue;
		}
		accepted++;
		ck_assert_msg(strlen(format(&st)) == n &&
		    memcmp(format(&st), s, n) == 0, "'%.*s' prints back as "
		    "'%s'", (int)n, s, format(&st));
		ck_assert(qttt_state_check(&st, NULL) == QTTT_OK);
	}
	/* Some edits give other valid states (a digit for a digit...). */
	ck_assert_int_gt(accepted, 0);
}
END_TEST

/* qttt_state_format() as snprintf: truncated, terminated, full length. */
START_TEST(test_format_size)
{
	struct qttt_game g;
	char		 small[8], whole[QTTT_STATE_MAX];
	int		 n;

	play("X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3", &g);
	n = qttt_state_format(&g.state, whole, sizeof(whole));
	ck_assert_int_eq(qttt_state_format(&g.state, small, sizeof(small)),
	    n);
	ck_assert_int_eq(strlen(small), sizeof(small) - 1);
	ck_assert(memcmp(small, whole, sizeof(small) - 1) == 0);
	ck_assert_int_eq(qttt_state_format(&g.state, NULL, 0), n);
}
END_TEST

/* The longest strings fit in QTTT_STATE_MAX. */
START_TEST(test_longest)
{
	struct qttt_game g;
	int		 n;

	/* Nine spooky moves, 18 marks: a 2-cycle of X9 closing a tree. */
	play("X1 a1 b1; O2 b1 c1; X3 c1 a2; O4 a2 b2; X5 b2 c2; O6 c2 a3; "
	    "X7 a3 b3; O8 b3 c3; X9 a1 c3", &g);
	n = qttt_state_format(&g.state, NULL, 0);
	ck_assert_str_eq(format(&g.state), "x1x9,x1o2,o2x3/x3o4,o4x5,x5o6/"
	    "o6x7,x7o8,o8x9 - X9 *");
	ck_assert_int_lt(n, QTTT_STATE_MAX);
	check_round_trip(&g.state);
}
END_TEST

/* ------------------------------------------------------------------ */

START_TEST(test_state_at)
{
	struct qttt_game g;
	struct qttt_state st;

	play("X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a1; "
	    "X5 b2 c2", &g);
	qttt_game_state_at(&g, 0, &st);
	ck_assert_str_eq(format(&st), ".,.,./.,.,./.,.,. X1 - *");
	qttt_game_state_at(&g, 4, &st);
	ck_assert_str_eq(format(&st), "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *");
	qttt_game_state_at(&g, 6, &st);
	ck_assert(qttt_state_equal(&st, &g.state));
	qttt_game_state_at(&g, 99, &st);
	ck_assert(qttt_state_equal(&st, &g.state));
}
END_TEST

START_TEST(test_whatif)
{
	struct qttt_game g, orig;

	/* formats/rules.md example 3: the other outcome turns 1/2-1 into 1-1/2. */
	play("X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->a1; 1/2-1", &g);
	ck_assert_int_eq(qttt_game_whatif(&g, 1), 7);
	ck_assert_int_eq(g.nplies, 8);
	ck_assert_str_eq(format(&g.state), "X1,.,O2/X3,X7,O4/X5,.,O6 - - "
	    "1-1/2");
	/* And back again. */
	ck_assert_int_eq(qttt_game_whatif(&g, 1), 7);
	ck_assert_str_eq(format(&g.state), "X7,.,O2/X3,X1,O4/X5,.,O6 - - "
	    "1/2-1");

	/* Later plies are dropped; a missing measurement changes nothing. */
	play("X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a1; "
	    "X5 b2 c2; O6 b2 c2; measure X5->b2", &orig);
	g = orig;
	ck_assert_int_eq(qttt_game_whatif(&g, 1), 4);
	ck_assert_int_eq(g.nplies, 5);
	ck_assert_str_eq(format(&g.state), "O4,o2,o2/X1,.,./.,X3,. X5 - *");
	g = orig;
	ck_assert_int_eq(qttt_game_whatif(&g, 2), 7);
	ck_assert_int_eq(g.nplies, 8);
	ck_assert_str_eq(format(&g.state), "X1,o2,o2/X3,O6,X5/.,O4,. X7 - *");
	g = orig;
	ck_assert_int_eq(qttt_game_whatif(&g, 3), -1);
	ck_assert_int_eq(qttt_game_whatif(&g, 0), -1);
	ck_assert(qttt_state_equal(&g.state, &orig.state));
	ck_assert_int_eq(g.nplies, orig.nplies);

	/*
	 * formats/rules.md example 4: the other outcome of the 8-cycle
	 * leaves b2 open, and the forced X9 is played (it involves no
	 * choice): X9 makes the middle row and column, 2-0.
	 */
	play("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0", &g);
	ck_assert_int_eq(qttt_game_whatif(&g, 1), 8);
	ck_assert_int_eq(g.nplies, 10);
	ck_assert_str_eq(format(&g.state), "O8,X1,O2/X7,X9,X3/O6,X5,O4 - - "
	    "2-0");
}
END_TEST

/* ------------------------------------------------------------------ */
/* The reader of state strings: a stream of positions                   */
/* ------------------------------------------------------------------ */

/* What the reader made of one line. */
struct position {
	unsigned long	 line;		/* 1-based */
	enum qttt_code	 code;		/* first diagnostic, or QTTT_OK */
	unsigned long	 col;		/* 1-based, 0 without a diagnostic */
	unsigned int	 textflags;
	int		 has_start;
	char		 state[QTTT_STATE_MAX];	/* as played, or "" */
	char		 comment[32];
	unsigned long	 index, game;	/* the record's number, the stream's */
	long		 ply;
	char		 file[16];
};

/*
 * Reads data with format fmt, playing each record; returns the number
 * of records and sets *got to the format read.
 */
static size_t
read_positions(const char *data, size_t n, enum qttt_format fmt,
    enum qttt_format *got, struct position *out, size_t max)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct input	 in;
	size_t		 i = 0;

	input_open(&in, data, n, fmt, &rec, &game);
	while (input_next(&in) == 1) {
		ck_assert_uint_lt(i, max);
		memset(&out[i], 0, sizeof(out[i]));
		out[i].line = rec.line + 1;
		out[i].code = rec.ndiags > 0 ? rec.diags[0].code : QTTT_OK;
		out[i].col = rec.ndiags > 0 ? rec.diags[0].col + 1 : 0;
		out[i].textflags = rec.textflags;
		out[i].has_start = rec.has_start;
		ck_assert_uint_eq(in.errors, rec.ndiags);
		if (rec.has_start) {
			/* A position: no items, no plies, the game is it. */
			ck_assert_int_eq(rec.format, QTTT_FORMAT_STATE);
			ck_assert_uint_eq(rec.nitems, 0);
			ck_assert_uint_eq(game.nplies, 0);
			ck_assert(qttt_state_equal(&game.state, &rec.start));
			snprintf(out[i].state, sizeof(out[i].state), "%s",
			    format(&game.state));
		}
		if (rec.comment != NULL)
			snprintf(out[i].comment, sizeof(out[i].comment),
			    "%.*s", (int)rec.commentlen, rec.comment);
		out[i].index = rec.index;
		out[i].game = rec.game;
		out[i].ply = rec.ply;
		if (rec.file != NULL)
			snprintf(out[i].file, sizeof(out[i].file), "%.*s",
			    (int)rec.filelen, rec.file);
		i++;
	}
	*got = qttt_reader_format(in.r);
	input_close(&in);
	return i;
}

#define POSITIONS(s, fmt, got, out) read_positions((s), sizeof(s) - 1, \
	(fmt), (got), (out), sizeof(out) / sizeof((out)[0]))

START_TEST(test_reader_detect)
{
	struct position	 p[4];
	enum qttt_format got;

	/* The first line that is neither blank nor a comment decides. */
	ck_assert_uint_eq(POSITIONS("# states\n\n  \n.,.,./.,.,./.,.,. X1 - *\n"
	    "x1,.,./.,.,./.,.,x1 O2 - *\n", QTTT_FORMAT_AUTO, &got, p), 2);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_uint_eq(p[0].line, 4);
	ck_assert_str_eq(p[0].state, ".,.,./.,.,./.,.,. X1 - *");
	ck_assert_uint_eq(p[1].line, 5);
	ck_assert_str_eq(p[1].state, "x1,.,./.,.,./.,.,x1 O2 - *");
	/* A bad state is still a state: the first word has '/' and ','. */
	ck_assert_uint_eq(POSITIONS("x1,.,./.,.,./.,.,. O2 - *\n",
	    QTTT_FORMAT_AUTO, &got, p), 1);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_int_eq(p[0].code, QTTT_E_STATE);
	/* Neither a game record nor a YAML flow list is taken for one. */
	ck_assert_uint_eq(POSITIONS("X1 a1 b1; O2 b1 c1; 1/2-1\n",
	    QTTT_FORMAT_AUTO, &got, p), 1);
	ck_assert_int_eq(got, QTTT_FORMAT_LINE);
	ck_assert_uint_eq(POSITIONS("[{moves: [X1 a1/b1, O2 b1 c1]}]\n",
	    QTTT_FORMAT_AUTO, &got, p), 1);
	ck_assert_int_eq(got, QTTT_FORMAT_YAML);
	ck_assert_uint_eq(POSITIONS("X1+(1,2); O2+(2,3)\n",
	    QTTT_FORMAT_AUTO, &got, p), 1);
	ck_assert_int_eq(got, QTTT_FORMAT_GOFF);
	/* Nothing but comments: the line notation, with no record. */
	ck_assert_uint_eq(POSITIONS("# .,.,./.,.,./.,.,. X1 - *\n",
	    QTTT_FORMAT_AUTO, &got, p), 0);
	ck_assert_int_eq(got, QTTT_FORMAT_LINE);
}
END_TEST

/* qttt-replay's JSON Lines: a stream of states that says where each is. */
START_TEST(test_reader_json)
{
	struct position	 p[8];
	enum qttt_format got;
	size_t		 i;

	ck_assert_uint_eq(POSITIONS(
	    "{\"game\":3,\"line\":5,\"ply\":0,\"board\":[null],\"spooky\":{},"
	    "\"file\":\"a\\\"b.qttt\",\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n"
	    "  { \"state\" : \"x1,.,./.,.,./.,.,x1 O2 - *\", \"ply\": 1,"
	    " \"game\": 3, \"pending\": {\"cycle\": [\"X1\", 2.5e-1]}}\n"
	    "x1,.,./.,.,./.,.,x1 O2 - *\n",
	    QTTT_FORMAT_AUTO, &got, p), 3);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_str_eq(p[0].state, ".,.,./.,.,./.,.,. X1 - *");
	/* The record is numbered by the game the stream names. */
	ck_assert_uint_eq(p[0].index, 3);
	ck_assert_uint_eq(p[0].game, 3);
	ck_assert_int_eq(p[0].ply, 0);
	ck_assert_str_eq(p[0].file, "a\\\"b.qttt");
	ck_assert_str_eq(p[1].state, "x1,.,./.,.,./.,.,x1 O2 - *");
	ck_assert_uint_eq(p[1].index, 3);
	ck_assert_int_eq(p[1].ply, 1);
	ck_assert_str_eq(p[1].file, "");
	/* A bare state string among them says neither. */
	ck_assert_int_eq(p[2].has_start, 1);
	ck_assert_uint_eq(p[2].index, 3);
	ck_assert_uint_eq(p[2].game, 0);
	ck_assert_int_eq(p[2].ply, -1);

	/* A game record with a "state" key stays a game record. */
	ck_assert_uint_eq(POSITIONS("{\"state\":\"x\",\"moves\":[]}\n",
	    QTTT_FORMAT_AUTO, &got, p), 1);
	ck_assert_int_eq(got, QTTT_FORMAT_YAML);
	/* Nor is an object without a "state" a position. */
	ck_assert_uint_eq(POSITIONS("{\"game\":1}\n", QTTT_FORMAT_AUTO,
	    &got, p), 1);
	ck_assert_int_eq(got, QTTT_FORMAT_YAML);

	/* What is wrong, and where (columns from 1). */
	ck_assert_uint_eq(POSITIONS(
	    "{\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n"
	    "{\"state\":\".,.,./.,.,./.,.,. X1 - *\",}\n"
	    "{\"game\":1}\n"
	    "{\"state\":\"x1,.,./.,.,./.,.,. O2 - *\"}\n"
	    "{\"game\":0,\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n"
	    "{\"ply\":15,\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n"
	    "{\"ply\":1,\"ply\":1,\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n"
	    "{\"a\":[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]}\n",
	    QTTT_FORMAT_AUTO, &got, p), 8);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_int_eq(p[0].code, QTTT_OK);
	ck_assert_int_eq(p[1].code, QTTT_E_YAML);	/* trailing comma */
	ck_assert_uint_eq(p[1].col, 37);
	ck_assert_int_eq(p[2].code, QTTT_E_YAML);	/* no state */
	ck_assert_int_eq(p[3].code, QTTT_E_STATE);	/* in the string */
	ck_assert_uint_eq(p[3].col, 11);
	ck_assert_int_eq(p[4].code, QTTT_E_YAML);	/* game 0 */
	ck_assert_uint_eq(p[4].col, 9);
	ck_assert_int_eq(p[5].code, QTTT_E_YAML);	/* ply 15 */
	ck_assert_int_eq(p[6].code, QTTT_E_YAML);	/* a key twice */
	ck_assert_uint_eq(p[6].col, 10);
	ck_assert_int_eq(p[7].code, QTTT_E_YAML);	/* too deep */
	for (i = 1; i < 8; i++)
		ck_assert_int_eq(p[i].has_start, 0);
}
END_TEST

START_TEST(test_reader_comments)
{
	struct position	 p[4];
	enum qttt_format got;

	/* Blanks around a string, a comment after it, comment lines. */
	ck_assert_uint_eq(POSITIONS("\t.,.,./.,.,./.,.,. X1 - *  # the start \n"
	    "  # between\n"
	    " x1,.,./.,.,./.,.,x1 O2 - *\n", QTTT_FORMAT_STATE, &got, p), 2);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_int_eq(p[0].code, QTTT_OK);
	ck_assert_str_eq(p[0].comment, "the start");
	ck_assert_str_eq(p[0].state, ".,.,./.,.,./.,.,. X1 - *");
	ck_assert_uint_eq(p[1].line, 3);
	ck_assert_str_eq(p[1].comment, "");
	ck_assert_int_eq(p[1].has_start, 1);
	/* A comment's bytes are judged as the line notation judges them. */
	ck_assert_uint_eq(POSITIONS(".,.,./.,.,./.,.,. X1 - * # \xc3\x28\n"
	    "# \x01\n.,.,./.,.,./.,.,. X1 - *\n", QTTT_FORMAT_STATE, &got, p),
	    3);
	ck_assert_int_eq(p[0].code, QTTT_E_UTF8);
	ck_assert_uint_eq(p[0].col, 28);
	ck_assert_int_eq(p[0].has_start, 0);
	ck_assert_int_eq(p[1].code, QTTT_E_CONTROL);
	ck_assert_uint_eq(p[1].col, 3);
	ck_assert_int_eq(p[2].code, QTTT_OK);
	/* A byte out of place in the string is the parser's to report. */
	ck_assert_uint_eq(POSITIONS(".,.,./.,.,./.,.,. X1 - *\0\n",
	    QTTT_FORMAT_STATE, &got, p), 1);
	ck_assert_int_eq(p[0].code, QTTT_E_STATE);
	ck_assert_uint_eq(p[0].col, 25);
}
END_TEST

START_TEST(test_reader_line_ends)
{
	struct position	 p[4];
	enum qttt_format got;

	ck_assert_uint_eq(POSITIONS("\xef\xbb\xbf.,.,./.,.,./.,.,. X1 - *\r\n"
	    "\r\nx1,.,./.,.,./.,.,x1 O2 - *\r\n"
	    ".,.,./.,.,./.,.,. X1 - *", QTTT_FORMAT_AUTO, &got, p), 3);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_uint_eq(p[0].textflags, QTTT_TEXT_BOM | QTTT_TEXT_CRLF);
	ck_assert_int_eq(p[0].code, QTTT_OK);
	ck_assert_uint_eq(p[1].line, 3);
	ck_assert_uint_eq(p[1].textflags, QTTT_TEXT_CRLF);
	ck_assert_str_eq(p[1].state, "x1,.,./.,.,./.,.,x1 O2 - *");
	ck_assert_uint_eq(p[2].textflags, QTTT_TEXT_NOEOL);
	ck_assert_int_eq(p[2].has_start, 1);
}
END_TEST

START_TEST(test_reader_bad_state)
{
	struct position	 p[4];
	enum qttt_format got;

	/* The column of the fault, counted from the start of the line. */
	ck_assert_uint_eq(POSITIONS(".,.,./.,.,./.,.,. X1 - *\n"
	    "  x1,.,./.,.,./.,.,. O2 - *\n"
	    "x1,.,./x1,.,./.,.,. O2 - 1-0 # no\n"
	    "x1,x1,./.,.,./.,.,. O2 - *\n", QTTT_FORMAT_AUTO, &got, p), 4);
	ck_assert_int_eq(p[0].code, QTTT_OK);
	ck_assert_int_eq(p[1].code, QTTT_E_STATE);
	ck_assert_uint_eq(p[1].col, 3);
	ck_assert_int_eq(p[1].has_start, 0);
	ck_assert_str_eq(p[1].state, "");
	ck_assert_int_eq(p[2].code, QTTT_E_STATE);
	ck_assert_uint_eq(p[2].col, 26);
	/* The reader goes on after a bad line. */
	ck_assert_int_eq(p[3].code, QTTT_OK);
	ck_assert_uint_eq(p[3].line, 4);
}
END_TEST

START_TEST(test_reader_mixed)
{
	struct position	 p[4];
	enum qttt_format got;

	/* In a stream of states, a game record is a bad state... */
	ck_assert_uint_eq(POSITIONS(".,.,./.,.,./.,.,. X1 - *\nX1 a1 b1\n",
	    QTTT_FORMAT_AUTO, &got, p), 2);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_int_eq(p[0].code, QTTT_OK);
	ck_assert_int_eq(p[1].code, QTTT_E_STATE);
	ck_assert_uint_eq(p[1].col, 3);
	/* ...and in the line notation, a state is a bad record. */
	ck_assert_uint_eq(POSITIONS("X1 a1 b1\n.,.,./.,.,./.,.,. X1 - *\n",
	    QTTT_FORMAT_AUTO, &got, p), 2);
	ck_assert_int_eq(got, QTTT_FORMAT_LINE);
	ck_assert_int_eq(p[0].code, QTTT_OK);
	ck_assert_int_eq(p[0].has_start, 0);
	ck_assert_int_eq(p[1].code, QTTT_E_SYNTAX);
	ck_assert_int_eq(p[1].has_start, 0);
	/* -f state reads a game record as a bad state, -f line the other
	 * way round. */
	ck_assert_uint_eq(POSITIONS("X1 a1 b1\n", QTTT_FORMAT_STATE, &got, p),
	    1);
	ck_assert_int_eq(p[0].code, QTTT_E_STATE);
	ck_assert_uint_eq(POSITIONS(".,.,./.,.,./.,.,. X1 - *\n",
	    QTTT_FORMAT_LINE, &got, p), 1);
	ck_assert_int_eq(p[0].code, QTTT_E_SYNTAX);
}
END_TEST

START_TEST(test_reader_long_line)
{
	struct position	 p[2];
	enum qttt_format got;
	char		*s;
	size_t		 n = QTTT_LINE_MAX + 30;

	ck_assert_ptr_nonnull(s = malloc(n + 26));
	memset(s, ' ', n);
	memcpy(s, ".,.,./.,.,./.,.,. X1 - *", 24);
	s[n - 1] = '\n';
	memcpy(s + n, ".,.,./.,.,./.,.,. X1 - *\n", 25);
	ck_assert_uint_eq(read_positions(s, n + 25, QTTT_FORMAT_AUTO, &got, p,
	    2), 2);
	ck_assert_int_eq(got, QTTT_FORMAT_STATE);
	ck_assert_int_eq(p[0].code, QTTT_E_LONGLINE);
	ck_assert_int_eq(p[0].has_start, 0);
	ck_assert_int_eq(p[1].code, QTTT_OK);
	ck_assert_uint_eq(p[1].line, 2);
	free(s);
}
END_TEST

/* A stream of states is read on one thread: it is no line notation. */
START_TEST(test_reader_no_split)
{
	static struct qttt_record rec;
	static const char data[] = ".,.,./.,.,./.,.,. X1 - *\n";
	struct qttt_chunk *ch;
	struct qttt_game game;
	struct input	 in;

	input_open(&in, data, sizeof(data) - 1, QTTT_FORMAT_AUTO, &rec, &game);
	ck_assert_ptr_nonnull(ch = qttt_chunk_new(0));
	ck_assert_int_eq(qttt_reader_split(in.r, ch, &rec), QTTT_SPLIT_NOT);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_int_eq(rec.has_start, 1);
	ck_assert_int_eq(input_next(&in), 0);
	qttt_chunk_free(ch);
	input_close(&in);
}
END_TEST

/* The record is cleared for the next one: no start is left over. */
START_TEST(test_record_clear_start)
{
	static struct qttt_record rec;
	static const char data[] = "X1,O2,./.,.,./.,.,. X3 - *\n";
	struct qttt_game game;
	struct input	 in;

	input_open(&in, data, sizeof(data) - 1, QTTT_FORMAT_AUTO, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_str_eq(format(&game.state), "X1,O2,./.,.,./.,.,. X3 - *");
	input_close(&in);
	ck_assert_int_eq(rec.has_start, 1);
	ck_assert_int_eq(qttt_line_parse("X1 b1 c1", 8, 0, &rec), 1);
	ck_assert_int_eq(rec.has_start, 0);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	ck_assert_str_eq(format(&game.state), ".,x1,x1/.,.,./.,.,. O2 - *");
}
END_TEST

/*
 * What qttt-replay writes of the first game of text in format fmt,
 * with -a (all), -p (ply, -1 for none, or path, NULL for none) and -v
 * (variations).
 */
static const char *
replay_at(const char *text, enum qttt_format fmt, enum qttt_output output,
    int all, long ply, int variations, const char *path)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	static char	 out[4096];
	struct qttt_replay_options o;
	struct qttt_replay_writer *w;
	struct qttt_replay r;
	struct input	 in;
	FILE		*f;

	input_open(&in, text, strlen(text), fmt, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(in.errors, 0);
	memset(&o, 0, sizeof(o));
	o.output = output;
	o.all = all;
	o.ply = ply;
	o.variations = variations;
	o.path = path;
	memset(out, 0, sizeof(out));
	ck_assert_ptr_nonnull(f = fmemopen(out, sizeof(out) - 1, "w"));
	ck_assert_ptr_nonnull(w = qttt_replay_writer_open(f, &o));
	r.file = "f";
	r.rec = &rec;
	r.game = &game;
	r.changed = -1;
	ck_assert_int_eq(qttt_replay_writer_put(w, &r), 0);
	ck_assert_int_eq(qttt_replay_writer_close(w), 0);
	fclose(f);
	input_close(&in);
	return out;
}

static const char *
replay_game(const char *text, enum qttt_format fmt, enum qttt_output output,
    int all, long ply, int variations)
{
	return replay_at(text, fmt, output, all, ply, variations, NULL);
}

/* What qttt-replay writes of a position: ply 0 is the position. */
static const char *
replay_position(const char *text, enum qttt_output output, int all)
{
	return replay_game(text, QTTT_FORMAT_STATE, output, all, -1, 0);
}

/*
 * The paths after " # " on the state strings of replay_game(), one
 * blank between each, in a static buffer.
 */
static const char *
replay_paths(const char *text, int all, long ply)
{
	static char	 paths[512];
	const char	*p, *hash;
	size_t		 len = 0, n;

	paths[0] = '\0';
	for (p = replay_game(text, QTTT_FORMAT_LINE, QTTT_OUTPUT_STATE, all,
	    ply, 1); *p != '\0'; p += n + 1) {
		n = strcspn(p, "\n");
		ck_assert_ptr_nonnull(hash = strstr(p, " # "));
		ck_assert(hash < p + n);
		len += snprintf(paths + len, sizeof(paths) - len, "%s%.*s",
		    len > 0 ? " " : "", (int)(p + n - hash - 3), hash + 3);
		ck_assert_uint_lt(len, sizeof(paths));
	}
	return paths;
}

/*
 * -v: every line of a record, each state named by its path, depth
 * first as written with -a, else the main line's state then each
 * variation's; -p counts the plies of each line's game.
 */
START_TEST(test_replay_variations)
{
	const char	*rec = "X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 "
	    "(X3 a1 a2)) (O2 b1 b2); X3 a1 c1; *\n";
	const char	*out;

	ck_assert_str_eq(replay_paths(rec, 1, -1),
	    "0 1 2 2.1.1 2.1.2 2.1.2.1.1 2.2.1 3");
	ck_assert_str_eq(replay_paths(rec, 0, -1), "3 2.1.2 2.1.2.1.1 2.2.1");
	ck_assert_str_eq(replay_paths(rec, 1, 2), "0 1 2 2.1.1 2.2.1");
	ck_assert_str_eq(replay_paths(rec, 0, 2), "2 2.1.1 2.2.1");
	ck_assert_str_eq(replay_paths(rec, 0, 0), "0");
	/* Without -v, the main line alone, and no path. */
	ck_assert_str_eq(replay_game(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_STATE,
	    0, -1, 0), "x1o2x3,.,o2x3/.,.,./.,.,x1 O4 X3 *\n");
	ck_assert_ptr_null(strstr(replay_game(rec, QTTT_FORMAT_LINE,
	    QTTT_OUTPUT_JSON, 1, -1, 0), "\"path\""));
	/* A variation's ply is that of the game it plays, its item its own. */
	out = replay_game(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_JSON, 0, -1, 1);
	ck_assert_uint_eq(occurrences(out, "\"path\":"), 4);
	ck_assert_ptr_nonnull(strstr(out, "\"item\":\"X3 a1 a2\",\"next\":"
	    "\"O4\",\"turn\":\"O\",\"lines\":[],\"error\":null,"
	    "\"path\":\"2.1.2.1.1\"}\n"));
	ck_assert_uint_eq(occurrences(out, "\"ply\":3,"), 3);
	ck_assert_uint_eq(occurrences(out, "\"ply\":2,"), 1);
	out = replay_game(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_YAML, 0, 2, 1);
	ck_assert_ptr_nonnull(strstr(out, "\npath: \"2\"\n"));
	ck_assert_ptr_nonnull(strstr(out, "\npath: \"2.2.1\"\n"));
	/* The listing: each variation's rows under the item it replaces. */
	out = replay_game(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_LIST, 0, -1, 1);
	ck_assert_ptr_nonnull(strstr(out, "   2  O2 a1 c1\n"
	    "      2.1.1  O2 b2 b3\n"
	    "      2.1.2  X3 a2 b2\n"
	    "        2.1.2.1.1  X3 a1 a2\n"
	    "        Result: * (O to play O4)\n"
	    "      Result: * (O to play O4)\n"
	    "      2.2.1  O2 b1 b2\n"
	    "      Result: * (X to play X3)\n"
	    "   3  X3 a1 c1"));
}
END_TEST

/*
 * -p with a path: the position it names, named by its path, its ply
 * that of its line's game; with -a every position of that game, each
 * named as the line it is on names it; the listing's rows likewise.
 * A record without the position shows nothing.
 */
START_TEST(test_replay_path)
{
	const char	*rec = "X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 "
	    "(X3 a1 a2)) (O2 b1 b2); X3 a1 c1; *\n";
	const char	*out;

	ck_assert_str_eq(replay_at(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_STATE,
	    0, -1, 0, "2.1.2.1.1"), "x1x3,.,./x3,o2,./.,o2,x1 O4 - * "
	    "# 2.1.2.1.1\n");
	ck_assert_str_eq(replay_at(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_STATE,
	    1, -1, 0, "2.1.2.1.1"),
	    ".,.,./.,.,./.,.,. X1 - * # 0\n"
	    "x1,.,./.,.,./.,.,x1 O2 - * # 1\n"
	    "x1,.,./.,o2,./.,o2,x1 X3 - * # 2.1.1\n"
	    "x1x3,.,./x3,o2,./.,o2,x1 O4 - * # 2.1.2.1.1\n");
	out = replay_at(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_JSON, 0, -1, 0,
	    "2.2.1");
	ck_assert_uint_eq(occurrences(out, "\n"), 1);
	ck_assert_ptr_nonnull(strstr(out, "\"ply\":2,"));
	ck_assert_ptr_nonnull(strstr(out, "\"item\":\"O2 b1 b2\","));
	ck_assert_ptr_nonnull(strstr(out, "\"path\":\"2.2.1\"}\n"));
	out = replay_at(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_LIST, 0, -1, 0,
	    "2.1.2.1.1");
	ck_assert_ptr_nonnull(strstr(out, "   1  X1 a1 c3\n"
	    "      2.1.1  O2 b2 b3\n"
	    "        2.1.2.1.1  X3 a1 a2\n"
	    "Classical listing: X1 spooky (a1 c3), O2 spooky (b2 b3), "
	    "X3 spooky (a1 a2)\n"));
	ck_assert_str_eq(replay_at(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_STATE,
	    0, -1, 0, "2.3.1"), "");
	ck_assert_str_eq(replay_at(rec, QTTT_FORMAT_LINE, QTTT_OUTPUT_LIST,
	    0, -1, 0, "3.1.1"), "");
}
END_TEST

START_TEST(test_replay_position)
{
	const char	*s = "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *";
	char		 want[256];

	snprintf(want, sizeof(want), "%s\n", s);
	ck_assert_str_eq(replay_position(s, QTTT_OUTPUT_STATE, 0), want);
	ck_assert_str_eq(replay_position(s, QTTT_OUTPUT_STATE, 1), want);
	ck_assert_ptr_nonnull(strstr(replay_position(s, QTTT_OUTPUT_JSON, 1),
	    "\"ply\":0,"));
	ck_assert_ptr_nonnull(strstr(replay_position(s, QTTT_OUTPUT_JSON, 0),
	    "\"state\":\"x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *\",\"item\":null"));
	snprintf(want, sizeof(want), "   0  start\n        %s\n", s);
	ck_assert_ptr_nonnull(strstr(replay_position(s, QTTT_OUTPUT_LIST, 1),
	    want));
	ck_assert_ptr_nonnull(strstr(replay_position(s, QTTT_OUTPUT_LIST, 0),
	    "Result: * (X to measure the cycle closed by O4)\n"));
}
END_TEST

Suite *
state_suite(void)
{
	Suite	*s = suite_create("state");
	TCase	*tc;

	tc = tcase_create("round trip");
	tcase_add_loop_test(tc, test_reached, 0,
	    sizeof(reached) / sizeof(reached[0]));
	tcase_add_loop_test(tc, test_generated, 0, 4);
	tcase_add_test(tc, test_format_size);
	tcase_add_test(tc, test_longest);
	suite_add_tcase(s, tc);

	tc = tcase_create("diagnostics");
	tcase_add_loop_test(tc, test_fault, 0,
	    sizeof(faults) / sizeof(faults[0]));
	tcase_add_test(tc, test_length);
	tcase_add_test(tc, test_mutations);
	tcase_add_test(tc, test_reachable);
	suite_add_tcase(s, tc);

	tc = tcase_create("replay");
	tcase_add_test(tc, test_state_at);
	tcase_add_test(tc, test_whatif);
	tcase_add_test(tc, test_replay_position);
	tcase_add_test(tc, test_replay_variations);
	tcase_add_test(tc, test_replay_path);
	suite_add_tcase(s, tc);

	tc = tcase_create("reader");
	tcase_add_test(tc, test_reader_detect);
	tcase_add_test(tc, test_reader_json);
	tcase_add_test(tc, test_reader_comments);
	tcase_add_test(tc, test_reader_line_ends);
	tcase_add_test(tc, test_reader_bad_state);
	tcase_add_test(tc, test_reader_mixed);
	tcase_add_test(tc, test_reader_long_line);
	tcase_add_test(tc, test_reader_no_split);
	tcase_add_test(tc, test_record_clear_start);
	suite_add_tcase(s, tc);
	return s;
}
