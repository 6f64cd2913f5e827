/*
 * Variations: the line notation's '(' ... ')' read into the record's
 * tree, judged by qttt_record_play(), written back by
 * qttt_record_write(), and the tree walked, added to, cut and
 * promoted (lib/notation/variation.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

static struct qttt_record rec;
static struct qttt_game game;

/* The example of formats/line-notation.md, section 2.2. */
#define NESTED	"X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2; " \
		"O4 b1 c2)); X3 a1 c1"
/* A game O wins, with a variation of O6 that ends it too. */
#define ENDS	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3 (O4 a2 a3); " \
		"X5 c2 c3; O6 a1 b2 (O6 a1 b2; measure O6->b2); " \
		"measure O6->b2; 0-1"

/* Parses and plays a line (line 0); the number of its errors. */
static size_t
play(const char *s)
{
	ck_assert_int_eq(qttt_line_parse(s, strlen(s), 0, &rec), 1);
	return qttt_record_play(&rec, &game);
}

/* The record as qttt_record_write() writes it in the line notation. */
static char *
written(void)
{
	struct qttt_extras ex;
	struct out	 o;
	FILE		*f = out_open(&o);
	char		*s;
	size_t		 n;

	ck_assert_int_eq(qttt_record_play(&rec, &game), 0);
	qttt_extras_from_record(&ex, &game, &rec);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_LINE, &game, &ex), 0);
	s = out_close(&o);
	n = strlen(s);
	ck_assert(n > 0 && s[n - 1] == '\n');
	s[n - 1] = '\0';
	return s;
}

static void
assert_written(const char *want)
{
	char	*s = written();

	ck_assert_str_eq(s, want);
	free(s);
}

/* The move number of item i of line v. */
static int
move_of(size_t v, size_t i)
{
	const struct qttt_item *items;
	size_t	 n;

	items = qttt_record_line(&rec, v, &n);
	ck_assert_uint_lt(i, n);
	return items[i].action.move;
}

START_TEST(test_parse_nested)
{
	ck_assert_uint_eq(play(NESTED), 0);
	ck_assert_uint_eq(rec.nitems, 3);
	ck_assert_uint_eq(rec.nvars, 2);
	ck_assert_uint_eq(rec.nvaritems, 4);
	ck_assert(rec.vars[0].parent == QTTT_MAINLINE);
	ck_assert_uint_eq(rec.vars[0].at, 1);
	ck_assert_uint_eq(rec.vars[0].nitems, 2);
	ck_assert_uint_eq(rec.vars[0].col, 19);
	ck_assert_uint_eq(rec.vars[1].parent, 0);
	ck_assert_uint_eq(rec.vars[1].at, 1);
	ck_assert_uint_eq(rec.vars[1].nitems, 2);
	ck_assert_uint_eq(rec.vars[1].col, 39);
	/* The outer variation's items together, though the inner split them. */
	ck_assert_int_eq(move_of(0, 0), 2);
	ck_assert_int_eq(move_of(0, 1), 3);
	ck_assert_int_eq(move_of(1, 0), 3);
	ck_assert_int_eq(move_of(1, 1), 4);
	ck_assert_uint_eq(qttt_record_var_depth(&rec, QTTT_MAINLINE), 0);
	ck_assert_uint_eq(qttt_record_var_depth(&rec, 0), 1);
	ck_assert_uint_eq(qttt_record_var_depth(&rec, 1), 2);
	ck_assert_uint_eq(game.nplies, 3);
	assert_written(NESTED);
}
END_TEST

START_TEST(test_parse_alternatives)
{
	const char	*s = "X1 a1 b1 (X1 a1 c1) (X1 b2 c3?! [comment \"why\"]; "
			    "O2 a1 b1 [t 1]); O2 a2 b2!";
	const struct qttt_item *items;
	size_t		 n;

	ck_assert_uint_eq(play(s), 0);
	ck_assert_uint_eq(rec.nvars, 2);
	ck_assert_uint_eq(rec.vars[0].at, 0);
	ck_assert_uint_eq(rec.vars[1].at, 0);
	ck_assert_uint_eq(rec.vars[0].nitems, 1);
	ck_assert_uint_eq(rec.vars[1].nitems, 2);
	items = qttt_record_line(&rec, 1, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(items[0].commentlen, 3);
	ck_assert(memcmp(items[0].comment, "why", 3) == 0);
	ck_assert_uint_eq(items[0].nnotes, 1);
	ck_assert_uint_eq(items[1].nnotes, 1);
	ck_assert(qttt_record_line(&rec, 2, &n) == NULL && n == 0);
	/* Blanks around the parentheses are free; one form is written. */
	assert_written("X1 a1 b1 (X1 a1 c1) (X1 b2 c3?! [comment why]; "
	    "O2 a1 b1 [t 1]); O2 a2 b2!");
	ck_assert_uint_eq(play("X1 a1 b1(  X1 a1 c1 )( X1 b2 c3 ) ;O2 a2 b2"),
	    0);
	assert_written("X1 a1 b1 (X1 a1 c1) (X1 b2 c3); O2 a2 b2");
	/* A '(' in a tag's value is no variation. */
	ck_assert_uint_eq(play("X1 a1 b1 [note (x] (X1 a1 c1 [n \")\"])"), 0);
	ck_assert_uint_eq(rec.nvars, 1);
}
END_TEST

/*
 * Each variation's items keep the order they are written in, however
 * the variations inside split them: three deep, with items after each
 * '(' (the reader once put X3 a1 b1 before O2 a2 a3, and refused the
 * line that qttt_record_write() had written of a valid tree).
 */
START_TEST(test_parse_order)
{
	const char	*s = "X1 a1 b1 (X1 a1 c1 (X1 b1 c1 (X1 b2 c2; O2 a2 a3; "
			    "X3 a1 b1; O4 b3 c3); O2 c1 c2; X3 a3 b3); O2 a3 b3)";
	size_t		 v, i, n;

	ck_assert_uint_eq(play(s), 0);
	ck_assert_uint_eq(rec.nvars, 3);
	for (v = 0; v < rec.nvars; v++) {
		qttt_record_line(&rec, v, &n);
		ck_assert_uint_eq(rec.vars[v].parent, v == 0 ? QTTT_MAINLINE :
		    v - 1);
		for (i = 0; i < n; i++)
			ck_assert_int_eq(move_of(v, i), (int)i + 1);
	}
	assert_written(s);
}
END_TEST

/* A variation is judged from where it branches; the result on the main line. */
START_TEST(test_play)
{
	ck_assert_uint_eq(play(ENDS), 0);
	ck_assert_int_eq(game.state.result.over, 1);
	ck_assert_uint_eq(game.nplies, 7);
	assert_written(ENDS);
	/* A move after the end of a variation that ends the game. */
	ck_assert_uint_eq(play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; "
	    "X5 c2 c3; O6 a1 b2 (O6 a1 b2; measure O6->b2; X7 a2 a3); "
	    "measure O6->b2; 0-1"), 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_OVER);
	ck_assert_uint_eq(rec.diags[0].col, 86);
	/* Illegal inside a nested variation: at its square. */
	ck_assert_uint_eq(play("X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 "
	    "(X3 a1 a2; O4 b1 b1)); X3 a1 c1"), 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_SAMESQUARE);
	ck_assert_uint_eq(rec.diags[0].col, 56);
	/* Out of turn in a variation: it is an alternative, not a next move. */
	ck_assert_uint_eq(play("X1 a1 b1 (O2 a1 c1); O2 a2 b2"), 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_ORDER);
	ck_assert_uint_eq(rec.diags[0].col, 10);
	/* Two faults: both lines judged, in order of position. */
	ck_assert_uint_eq(play("X1 a1 a1 (X1 b1 b1)"), 2);
	ck_assert_uint_eq(rec.diags[0].col, 6);
	ck_assert_uint_eq(rec.diags[1].col, 16);
	/* The result is the main line's: its variation ends otherwise. */
	ck_assert_uint_eq(play("X1 a1 b1 (X1 a1 c1); *"), 0);
	ck_assert_ptr_null(qttt_record_preset(&rec));
}
END_TEST

/* Syntax errors, each at its place. */
static const struct {
	const char	*line;
	enum qttt_code	 code;
	unsigned long	 col;
} bad[] = {
	{ "X1 a1 b1; (X1 a1 c1)", QTTT_E_SYNTAX, 10 },
	{ "(X1 a1 c1)", QTTT_E_SYNTAX, 0 },
	{ "X1 a1 b1 ()", QTTT_E_SYNTAX, 9 },
	{ "X1 a1 b1 (X1 a1 c1", QTTT_E_SYNTAX, 9 },
	{ "X1 a1 b1 (X1 a1 c1 (O2 b1 b2)", QTTT_E_SYNTAX, 9 },
	{ "X1 a1 b1 (X1 a1 c1))", QTTT_E_SYNTAX, 19 },
	{ "X1 a1 b1 (X1 a1 c1) O2 b1 b2", QTTT_E_SEPARATOR, 20 },
	{ "X1 a1 b1 (X1 a1 c1; *); *", QTTT_E_RESULTPOS, 20 },
	{ "X1 a1 b1; * (X1 a1 c1)", QTTT_E_SYNTAX, 12 },
	{ "X1 a1 b1 (X1 a1 zz)", QTTT_E_SQUARE, 16 },
};

START_TEST(test_syntax)
{
	const char	*s = bad[_i].line;

	ck_assert_int_eq(qttt_line_parse(s, strlen(s), 0, &rec), 1);
	ck_assert_msg(rec.ndiags >= 1 && rec.diags[0].code == bad[_i].code &&
	    rec.diags[0].col == bad[_i].col, "'%s': %s at %lu [%s]", s,
	    rec.ndiags > 0 ? rec.diags[0].msg : "nothing",
	    rec.ndiags > 0 ? rec.diags[0].col : 0,
	    rec.ndiags > 0 ? qttt_code_name(rec.diags[0].code) : "");
	ck_assert(rec.damaged);
	ck_assert(qttt_record_play(&rec, NULL) > 0);
}
END_TEST

/* A line of n variations, each inside the one before, or one after another. */
static char *
variations(size_t n, int nested)
{
	char	*s = malloc(16 + n * 16);
	size_t	 len, i;

	ck_assert_ptr_nonnull(s);
	len = (size_t)sprintf(s, "X1 a1 b1");
	for (i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, nested ? " (X%d a1 c1" :
		    " (X1 a1 c1)", 1);
	for (i = 0; nested && i < n; i++)
		s[len++] = ')';
	s[len] = '\0';
	return s;
}

/*
 * The line of n variations read: valid with all of them if col is 0,
 * else refused as too many at col.
 */
static void
at_limit(size_t n, int nested, unsigned long col)
{
	char	*s = variations(n, nested);

	if (col == 0) {
		ck_assert_uint_eq(play(s), 0);
		ck_assert_uint_eq(rec.nvars, n);
	} else {
		ck_assert(play(s) > 0);
		ck_assert_int_eq(rec.diags[0].code, QTTT_E_TOOMANY);
		ck_assert_uint_eq(rec.diags[0].col, col);
	}
	free(s);
}

START_TEST(test_limits)
{
	/* Nested: each alternative to the first item of the one outside. */
	at_limit(QTTT_MAXVARDEPTH, 1, 0);
	ck_assert_uint_eq(qttt_record_var_depth(&rec, QTTT_MAXVARDEPTH - 1),
	    QTTT_MAXVARDEPTH);
	at_limit(QTTT_MAXVARDEPTH + 1, 1, 9 + 10 * QTTT_MAXVARDEPTH);
	at_limit(QTTT_MAXVARS, 0, 0);
	at_limit(QTTT_MAXVARS + 1, 0, 9 + 11 * QTTT_MAXVARS);
}
END_TEST

/* Items in all: QTTT_MAXVARITEMS, then one more refused. */
START_TEST(test_limit_items)
{
	char	*s = malloc(QTTT_MAXVARITEMS * 16 + 64);
	size_t	 len, i, k;

	ck_assert_ptr_nonnull(s);
	for (k = 0; k < 2; k++) {
		len = (size_t)sprintf(s, "X1 a1 b1");
		/* 32 variations of 8 items, then one item more. */
		for (i = 0; i < QTTT_MAXVARITEMS + k; i++)
			len += (size_t)sprintf(s + len, "%s%c%d a1 b1%s",
			    i % 8 == 0 ? " (" : "; ", i % 2 ? 'O' : 'X',
			    (int)(i % 8) + 1, i % 8 == 7 ||
			    i + 1 == QTTT_MAXVARITEMS + k ? ")" : "");
		if (k == 0) {
			ck_assert_uint_eq(qttt_line_parse(s, len, 0, &rec), 1);
			ck_assert_uint_eq(rec.nvaritems, QTTT_MAXVARITEMS);
			ck_assert_uint_eq(rec.ndiags, 0);
		} else {
			ck_assert_uint_eq(qttt_line_parse(s, len, 0, &rec), 1);
			ck_assert_uint_eq(rec.ndiags, 1);
			ck_assert_int_eq(rec.diags[0].code, QTTT_E_TOOMANY);
			ck_assert_uint_eq(rec.diags[0].col, len - 9);
		}
	}
	free(s);
}
END_TEST

START_TEST(test_add_remove)
{
	static struct qttt_record other;
	const char	*items = "X1 b2 c3; O2 a1 c1";
	const struct qttt_item *it = other.items;
	size_t		 v;

	ck_assert_int_eq(qttt_line_parse(items, strlen(items), 0, &other), 1);
	ck_assert_uint_eq(play(NESTED), 0);
	ck_assert_int_eq(qttt_record_var_add(&rec, QTTT_MAINLINE, 0, it, 2,
	    &v), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_uint_eq(rec.vars[2].parent, 1);
	assert_written("X1 a1 c3 (X1 b2 c3; O2 a1 c1); O2 a1 c1 (O2 b2 b3; "
	    "X3 a2 b2 (X3 a1 a2; O4 b1 c2)); X3 a1 c1");
	/* A second alternative to O2, after the one it has. */
	ck_assert_int_eq(qttt_record_var_add(&rec, QTTT_MAINLINE, 1, it + 1,
	    1, &v), 0);
	ck_assert_uint_eq(v, 3);
	/* Inside a variation, at its second item. */
	ck_assert_int_eq(qttt_record_var_add(&rec, 0, 1, it + 1, 1, &v), 0);
	ck_assert_uint_eq(v, 1);
	assert_written("X1 a1 c3 (X1 b2 c3; O2 a1 c1 (O2 a1 c1)); O2 a1 c1 "
	    "(O2 b2 b3; X3 a2 b2 (X3 a1 a2; O4 b1 c2)) (O2 a1 c1); X3 a1 c1");
	/* What cannot be added. */
	ck_assert_int_eq(qttt_record_var_add(&rec, 9, 0, it, 1, NULL), -1);
	ck_assert_int_eq(qttt_record_var_add(&rec, 0, 2, it, 1, NULL), -1);
	ck_assert_int_eq(qttt_record_var_add(&rec, 0, 0, it, 0, NULL), -1);
	/* Removing a variation removes those inside it. */
	ck_assert_int_eq(qttt_record_var_remove(&rec, 2), 0);
	ck_assert_uint_eq(rec.nvars, 3);
	assert_written("X1 a1 c3 (X1 b2 c3; O2 a1 c1 (O2 a1 c1)); O2 a1 c1 "
	    "(O2 a1 c1); X3 a1 c1");
	ck_assert_int_eq(qttt_record_var_remove(&rec, 0), 0);
	assert_written("X1 a1 c3; O2 a1 c1 (O2 a1 c1); X3 a1 c1");
	ck_assert_int_eq(qttt_record_var_remove(&rec, 1), -1);
	ck_assert_int_eq(qttt_record_var_remove(&rec, 0), 0);
	ck_assert_uint_eq(rec.nvars, 0);
	ck_assert_uint_eq(rec.nvaritems, 0);
	assert_written("X1 a1 c3; O2 a1 c1; X3 a1 c1");
}
END_TEST

START_TEST(test_promote)
{
	size_t	 old;

	/* The main line's variation: the main line keeps its result. */
	ck_assert_uint_eq(play(NESTED "; *"), 0);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 0, &old), 0);
	ck_assert_uint_eq(old, 0);
	assert_written("X1 a1 c3; O2 b2 b3 (O2 a1 c1; X3 a1 c1); X3 a2 b2 "
	    "(X3 a1 a2; O4 b1 c2)");
	ck_assert_int_eq(rec.items[rec.nitems - 1].kind, QTTT_ITEM_RESULT);
	/* And back. */
	ck_assert_int_eq(qttt_record_var_promote(&rec, 0, &old), 0);
	assert_written("X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2; "
	    "O4 b1 c2)); X3 a1 c1");
	/* A variation inside a variation. */
	ck_assert_int_eq(qttt_record_var_promote(&rec, 1, &old), 0);
	ck_assert_uint_eq(old, 1);
	assert_written("X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a1 a2 (X3 a2 b2); "
	    "O4 b1 c2); X3 a1 c1");
	/* Alternatives: the old line first among them. */
	ck_assert_uint_eq(play("X1 a1 b1 (X1 a1 c1) (X1 b2 c3; O2 a1 b1 "
	    "(O2 a2 a3)); O2 a2 b2 (O2 c1 c2); X3 a3 b3"), 0);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 1, &old), 0);
	ck_assert_uint_eq(old, 0);
	assert_written("X1 b2 c3 (X1 a1 b1; O2 a2 b2 (O2 c1 c2); X3 a3 b3) "
	    "(X1 a1 c1); O2 a1 b1 (O2 a2 a3)");
	ck_assert_int_eq(qttt_record_var_promote(&rec, 7, NULL), -1);
}
END_TEST

/*
 * The main line's stated result after a promotion: kept where the new
 * main line gives it (or its termination awards it), else dropped, so
 * that the record still validates.
 */
START_TEST(test_promote_result)
{
	/* O4 a2 a3 leaves the game unfinished: 0-1 no longer holds. */
	ck_assert_uint_eq(play(ENDS), 0);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 0, NULL), 0);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	ck_assert_int_eq(rec.items[rec.nitems - 1].kind, QTTT_ITEM_ACTION);
	assert_written("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 a2 a3 (O4 b3 c3; "
	    "X5 c2 c3; O6 a1 b2 (O6 a1 b2; measure O6->b2); measure O6->b2)");
	/* The same end by another line: kept. */
	ck_assert_uint_eq(play(ENDS), 0);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 1, NULL), 0);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	ck_assert_int_eq(rec.items[rec.nitems - 1].kind, QTTT_ITEM_RESULT);
	/* "*" where the new main line ends the game: dropped. */
	ck_assert_uint_eq(play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; "
	    "X5 c2 c3; O6 a2 a3 (O6 a1 b2; measure O6->b2); *"), 0);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 0, NULL), 0);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	ck_assert_int_eq(rec.items[rec.nitems - 1].kind, QTTT_ITEM_ACTION);
	/* A result a forfeit awards an unfinished game: kept. */
	ck_assert_uint_eq(play("[termination time] X1 a1 b1 (X1 a1 c1); "
	    "1-0"), 0);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 0, NULL), 0);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	ck_assert_int_eq(rec.items[rec.nitems - 1].kind, QTTT_ITEM_RESULT);
	assert_written("[termination time] X1 a1 c1 (X1 a1 b1); 1-0");
}
END_TEST

/* Promoting what no record can hold leaves the record as it was. */
START_TEST(test_promote_full)
{
	char	*s = malloc(64 + QTTT_MAXVARDEPTH * 16), *before;
	size_t	 len, i;

	ck_assert_ptr_nonnull(s);
	/* Variations as deep as may be after O2, which a promotion of X1's
	 * alternative would put one deeper. */
	len = (size_t)sprintf(s, "X1 a1 b1 (X1 a1 c1); O2 a2 b2");
	for (i = 0; i < QTTT_MAXVARDEPTH; i++)
		len += (size_t)sprintf(s + len, " (O2 a2 c2");
	for (i = 0; i < QTTT_MAXVARDEPTH; i++)
		s[len++] = ')';
	s[len] = '\0';
	ck_assert_uint_eq(play(s), 0);
	before = written();
	/* Another variation at the deepest one's line: too deep. */
	ck_assert_int_eq(qttt_record_var_add(&rec, QTTT_MAXVARDEPTH, 0,
	    rec.items + 1, 1, NULL), -1);
	ck_assert_int_eq(qttt_record_var_promote(&rec, 0, NULL), -1);
	ck_assert_uint_eq(rec.nvars, QTTT_MAXVARDEPTH + 1);
	assert_written(before);
	ck_assert_str_eq(before, s);
	free(before);
	free(s);
}
END_TEST

/* Goff's notation has no form for them, and says which it refuses. */
START_TEST(test_goff_refuses)
{
	struct qttt_extras ex;
	struct qttt_diag d;
	struct out	 o;
	FILE		*f = out_open(&o);

	ck_assert_uint_eq(play(NESTED), 0);
	qttt_extras_from_record(&ex, &game, &rec);
	ck_assert_int_eq(qttt_record_write(f, QTTT_FORMAT_GOFF, &game, &ex,
	    &d), -2);
	free(out_close(&o));
	ck_assert_int_eq(d.code, QTTT_E_UNWRITABLE);
	ck_assert_str_eq(d.msg, "Goff's notation holds no variations: the "
	    "first, 'O2 b2 b3' in place of ply 2, and the others are written "
	    "in the line notation");
}
END_TEST

/* A record's variations trimmed as qttt-select trims them, written. */
static void
assert_trimmed(size_t plies, unsigned int strip, const char *want)
{
	static struct qttt_meta notes[QTTT_MAXNOTES];
	struct qttt_extras ex;
	struct out	 o;
	FILE		*f = out_open(&o);
	char		*s;

	qttt_extras_from_record(&ex, &game, &rec);
	qttt_game_trim(&game, &ex, plies, strip, notes);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_LINE, &game, &ex), 0);
	s = out_close(&o);
	ck_assert_str_eq(s, want);
	free(s);
}

START_TEST(test_trim)
{
	const char	*s = "X1 a1 b1 (X1 b2 c3?! [comment why] [t 1]; O2 a1 "
			    "b1); O2 a2 b2 (O2 a3 b3)";

	ck_assert_uint_eq(play(s), 0);
	assert_trimmed(QTTT_TRIM_ALL, QTTT_STRIP_VARIATIONS,
	    "X1 a1 b1; O2 a2 b2\n");
	ck_assert_uint_eq(play(s), 0);
	assert_trimmed(QTTT_TRIM_ALL, QTTT_STRIP_COMMENTS,
	    "X1 a1 b1 (X1 b2 c3?! [t 1]; O2 a1 b1); O2 a2 b2 (O2 a3 b3)\n");
	ck_assert_uint_eq(play(s), 0);
	assert_trimmed(QTTT_TRIM_ALL, QTTT_STRIP_TAGS | QTTT_STRIP_GLYPHS,
	    "X1 a1 b1 (X1 b2 c3 [comment why]; O2 a1 b1); O2 a2 b2 "
	    "(O2 a3 b3)\n");
	/* Those of the plies cut go with them. */
	ck_assert_uint_eq(play(s), 0);
	assert_trimmed(1, 0, "X1 a1 b1 (X1 b2 c3?! [comment why] [t 1]; "
	    "O2 a1 b1)\n");
}
END_TEST

/* The game of a variation: its lines up to where it branches, then it. */
START_TEST(test_var_game)
{
	static struct qttt_game vg;
	struct qttt_extras ex;
	char		 buf[QTTT_RECORD_MAX];

	ck_assert_uint_eq(play("X1 a1 c3; O2 a1 c1 [comment main] (O2 b2 b3 "
	    "[comment var]; X3 a2 b2 (X3 a1 a2!; O4 b1 c2)); X3 a1 c1"), 0);
	ck_assert_int_eq(qttt_record_var_game(&rec, 1, &vg), 0);
	qttt_game_format(&vg, buf, sizeof(buf));
	ck_assert_str_eq(buf, "X1 a1 c3; O2 b2 b3; X3 a1 a2; O4 b1 c2");
	qttt_extras_from_line(&ex, &vg, &rec, 1);
	ck_assert_uint_eq(ex.nvars, 0);
	ck_assert_ptr_null(ex.ply[0].comment);
	ck_assert(ex.ply[1].commentlen == 3 &&
	    memcmp(ex.ply[1].comment, "var", 3) == 0);
	ck_assert_uint_eq(ex.ply[2].nnotes, 1);
	ck_assert_uint_eq(ex.ply[3].nnotes, 0);
	ck_assert_int_eq(qttt_record_var_game(&rec, QTTT_MAINLINE, &vg), 0);
	ck_assert_uint_eq(vg.nplies, 3);
	ck_assert_int_eq(qttt_record_var_game(&rec, 2, &vg), -1);
	/* One that ends the game ends it. */
	ck_assert_uint_eq(play(ENDS), 0);
	ck_assert_int_eq(qttt_record_var_game(&rec, 1, &vg), 0);
	ck_assert_uint_eq(vg.nplies, 7);
	ck_assert_int_eq(vg.state.result.over, 1);
	/* An illegal one: the plies before its fault. */
	ck_assert_uint_eq(play("X1 a1 b1 (X1 a1 c1; O2 c1 c1)"), 1);
	ck_assert_int_eq(qttt_record_var_game(&rec, 0, &vg), -1);
	ck_assert_uint_eq(vg.nplies, 1);
}
END_TEST

/*
 * The items of variations count against a record's limits with its
 * plies (qttt_extras_check()): their notes against QTTT_MAXNOTES,
 * their comments' bytes against QTTT_EXTRAS_MAX.
 */
START_TEST(test_var_extras_limits)
{
	static struct qttt_meta notes[QTTT_MAXNOTES];
	static char	 keys[QTTT_MAXNOTES][8], text[3000];
	struct qttt_extras ex;
	char		 msg[128];
	size_t		 i;

	for (i = 0; i < QTTT_MAXNOTES; i++) {
		snprintf(keys[i], sizeof(keys[i]), "n%zu", i);
		notes[i].key = keys[i];
		notes[i].keylen = strlen(keys[i]);
		notes[i].value = "1";
		notes[i].valuelen = 1;
	}
	memset(text, 'a', sizeof(text));
	ck_assert_uint_eq(play("X1 a1 b1 (X1 a1 c1; O2 b1 c1); O2 b2 c2"), 0);
	/* 40 notes on a ply, 24 and then 25 on a variation's item. */
	rec.items[0].notes = notes;
	rec.items[0].nnotes = 40;
	rec.varitems[1].notes = notes;
	rec.varitems[1].nnotes = QTTT_MAXNOTES - 40;
	qttt_extras_from_record(&ex, &game, &rec);
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, msg,
	    sizeof(msg)), 0);
	rec.varitems[1].nnotes++;
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, msg,
	    sizeof(msg)), -1);
	ck_assert_str_eq(msg, "65 notes: more than 64");
	rec.items[0].nnotes = rec.varitems[1].nnotes = 0;
	/* Three comments of 3000 bytes, one of them a ply's. */
	rec.items[1].comment = text;
	rec.items[1].commentlen = sizeof(text);
	rec.varitems[0].comment = rec.varitems[1].comment = text;
	rec.varitems[0].commentlen = sizeof(text);
	qttt_extras_from_record(&ex, &game, &rec);
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, msg,
	    sizeof(msg)), 0);
	rec.varitems[1].commentlen = sizeof(text);
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, msg,
	    sizeof(msg)), -1);
	ck_assert_str_eq(msg, "9000 bytes of keys, values and comments: "
	    "more than 8192");
}
END_TEST

/* A path read gives the position; the position's name is the path. */
static void
assert_path(const char *path, size_t v, size_t n)
{
	struct qttt_diag d;
	char	 buf[QTTT_PATH_MAX];
	size_t	 gv = 0, gn = 0;

	ck_assert_msg(qttt_record_path(&rec, path, strlen(path), &gv, &gn,
	    &d) == 0, "%s: %s", path, d.msg);
	ck_assert_uint_eq(gv, v);
	ck_assert_uint_eq(gn, n);
	ck_assert_int_eq(qttt_record_path_name(&rec, v, n, buf, sizeof(buf)),
	    (int)strlen(path));
	ck_assert_str_eq(buf, path);
}

static void
assert_bad_path(const char *path, enum qttt_code code, const char *msg)
{
	struct qttt_diag d;
	size_t	 v = 7, n = 7;

	ck_assert_int_eq(qttt_record_path(&rec, path, strlen(path), &v, &n,
	    &d), -1);
	ck_assert_int_eq(d.code, code);
	ck_assert_str_eq(d.msg, msg);
	ck_assert_uint_eq(v, 7);
	ck_assert_uint_eq(n, 7);
}

/* Positions named by paths, read and written (formats, "Paths"). */
START_TEST(test_paths)
{
	char	 buf[QTTT_PATH_MAX];

	/* Two alternatives to O2, one nested in the first at its X3. */
	ck_assert_uint_eq(play("X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 "
	    "(X3 a1 a2; O4 b1 c2)) (O2 c1 c2); X3 a1 c1; *"), 0);
	ck_assert_uint_eq(rec.nvars, 3);
	assert_path("0", QTTT_MAINLINE, 0);
	assert_path("3", QTTT_MAINLINE, 3);
	assert_path("2.1.1", 0, 1);
	assert_path("2.1.2", 0, 2);
	assert_path("2.1.2.1.2", 1, 2);
	assert_path("2.2.1", 2, 1);
	/* The start of a variation is where it branches. */
	ck_assert_int_eq(qttt_record_path_name(&rec, 1, 0, buf,
	    sizeof(buf)), 5);
	ck_assert_str_eq(buf, "2.1.1");
	ck_assert_int_eq(qttt_record_path_name(&rec, 0, 0, buf,
	    sizeof(buf)), 1);
	ck_assert_str_eq(buf, "1");
	/* No such position; a buffer too small. */
	ck_assert_int_eq(qttt_record_path_name(&rec, 0, 3, buf,
	    sizeof(buf)), -1);
	ck_assert_int_eq(qttt_record_path_name(&rec, 3, 1, buf,
	    sizeof(buf)), -1);
	ck_assert_int_eq(qttt_record_path_name(&rec, QTTT_MAINLINE, 4, buf,
	    sizeof(buf)), -1);
	ck_assert_int_eq(qttt_record_path_name(&rec, 1, 2, buf, 9), -1);
	/* The result is no position; nor a ply the line lacks. */
	assert_bad_path("4", QTTT_E_PLIES, "4: the main line has 3 plies");
	assert_bad_path("2.3.1", QTTT_E_PLIES,
	    "2.3.1: the item at 2 has 2 variations");
	assert_bad_path("1.1.1", QTTT_E_PLIES,
	    "1.1.1: the item at 1 has 0 variations");
	assert_bad_path("0.1.1", QTTT_E_PLIES,
	    "0.1.1: the item at 0 has 0 variations");
	assert_bad_path("2.1.3", QTTT_E_PLIES,
	    "2.1.3: the variation has 2 items");
	assert_bad_path("2.1.1.1.1", QTTT_E_PLIES,
	    "2.1.1.1.1: the item at 2.1.1 has 0 variations");
	assert_bad_path("2.1.2.1.3", QTTT_E_PLIES,
	    "2.1.2.1.3: the variation has 2 items");
#define SYNTAX	"not a position's path: plies of the main line, then " \
		".VARIATION.ITEMS for each variation entered (5, 5.1.2)"
	assert_bad_path("", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("x", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("2.", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("2.1", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("2.1.", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("2.0.1", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("2.1.0", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("2.1.1 ", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("-1", QTTT_E_SYNTAX, SYNTAX);
	assert_bad_path("0002", QTTT_E_SYNTAX, SYNTAX);
	/* Long text is read no further than a path can be. */
	memset(buf, '1', sizeof(buf));
	ck_assert_int_eq(qttt_record_path(&rec, buf, sizeof(buf), NULL, NULL,
	    NULL), -1);
	/* Without a record, the text alone is checked. */
	{
		size_t	 v, n;
		struct qttt_diag d;

		ck_assert_int_eq(qttt_record_path(NULL, "99.9.9", 6, &v, &n,
		    &d), 0);
		ck_assert_int_eq(qttt_record_path(NULL, "9.x", 3, &v, &n,
		    &d), -1);
		ck_assert_int_eq(d.code, QTTT_E_SYNTAX);
	}
	/* A path counts only the length given. */
	assert_path("2", QTTT_MAINLINE, 2);
	{
		size_t	 v, n;

		ck_assert_int_eq(qttt_record_path(&rec, "2.1.2xyz", 5, &v, &n,
		    NULL), 0);
		ck_assert_uint_eq(v, 0);
		ck_assert_uint_eq(n, 2);
	}
	/* One ply, in the singular. */
	ck_assert_uint_eq(play("X1 a1 b1 (X1 a1 c1)"), 0);
	assert_bad_path("2.1.1", QTTT_E_PLIES,
	    "2.1.1: the main line has 1 ply");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random trees: round trips and edits                                 */
/* ------------------------------------------------------------------ */

/*
 * Random trees made through the library's own API: a main line of
 * random legal actions, then variations added by qttt_record_var_add()
 * at random actions of random lines (the last one added, half of the
 * time, so that they nest to the limit), each of random legal actions
 * from the position where it branches, some items with a comment or
 * notes.  The generator is seeded: every run checks the same trees.
 */
#define NTREES		100
#define NEDITED		20	/* trees edited */
#define NEDITS		30	/* edits of each */
#define MAXRUN		6	/* the most actions a variation is given */
#define NOTES_MAX	40	/* notes in all, well inside QTTT_MAXNOTES */
#define NLINES		(QTTT_MAXVARS + 1)

static struct qttt_generator rng;
static struct qttt_record back, before;
static struct qttt_game back_game;
/* What the items' comments and notes point to. */
static const char *const comments[] = {
	"why", "a (b) c", "\"quoted\" [and] # too", "two\nlines\tand a tab",
	"unicode \xc3\xa9t\xc3\xa9", ";",
};
static const struct qttt_meta note_pool[] = {
	{ "mark", 4, "!?", 2, 0, 0, 0 },
	{ "t", 1, "12", 2, 0, 0, 0 },
	{ "why", 3, "a (b); c", 8, 0, 0, 0 },
	{ "k", 1, "\"x\" [y]", 7, 0, 0, 0 },
};

static size_t
pick(size_t n)
{
	return (size_t)qttt_generator_uniform(&rng, n);
}

/* The actions of line v (the main line's result is none). */
static size_t
nactions(const struct qttt_record *r, size_t v)
{
	const struct qttt_item *items;
	size_t	 n, k;

	items = qttt_record_line(r, v, &n);
	for (k = 0; k < n && items[k].kind == QTTT_ITEM_ACTION; k++)
		continue;
	return k;
}

/* The notes of a record in all, as qttt_extras_check() counts them. */
static size_t
all_notes(const struct qttt_record *r)
{
	size_t	 i, k = 0;

	for (i = 0; i < r->nitems; i++)
		k += r->items[i].nnotes;
	for (i = 0; i < r->nvaritems; i++)
		k += r->varitems[i].nnotes;
	return k;
}

/* Now and then a comment and notes on an item (a mark first). */
static void
decorate(struct qttt_item *it, size_t *notes_left)
{
	size_t	 from, n;

	if (pick(5) == 0) {
		it->comment = comments[pick(sizeof(comments) /
		    sizeof(comments[0]))];
		it->commentlen = strlen(it->comment);
	}
	if (pick(5) == 0 && *notes_left >= 4) {
		from = pick(2);
		n = 1 + pick(4 - from);
		it->notes = note_pool + from;
		it->nnotes = n;
		*notes_left -= n;
	}
}

/* Up to max random legal actions from st into items; their number. */
static size_t
random_items(struct qttt_state st, struct qttt_item *items, size_t max,
    size_t notes_left)
{
	struct qttt_action a[QTTT_MAXACTIONS];
	size_t	 n, k, want = 1 + pick(max);

	for (n = 0; n < want && (k = qttt_state_actions(&st, a)) > 0; n++) {
		memset(&items[n], 0, sizeof(items[n]));
		items[n].kind = QTTT_ITEM_ACTION;
		items[n].action = a[pick(k)];
		ck_assert_int_eq(qttt_state_apply(&st, &items[n].action, NULL),
		    QTTT_OK);
		decorate(&items[n], &notes_left);
	}
	return n;
}

/* The position before item at of line v of r. */
static void
position_at(const struct qttt_record *r, size_t v, size_t at,
    struct qttt_state *st)
{
	static struct qttt_game g;
	size_t	 i, plies;

	ck_assert_int_eq(qttt_record_var_game(r, v, &g), 0);
	plies = g.nplies - nactions(r, v) + at;
	qttt_state_init(st);
	for (i = 0; i < plies; i++)
		ck_assert_int_eq(qttt_state_apply(st, &g.plies[i], NULL),
		    QTTT_OK);
}

static int
same_text(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

/* Two items the same: action or result, comment, notes. */
static void
assert_same_item(const struct qttt_item *a, const struct qttt_item *b,
    const char *what, size_t i)
{
	size_t	 k;

	ck_assert_msg(a->kind == b->kind && (a->kind == QTTT_ITEM_ACTION ?
	    qttt_action_equal(&a->action, &b->action) :
	    qttt_result_equal(&a->result, &b->result)), "%s: item %zu "
	    "changed", what, i);
	ck_assert_msg(same_text(a->comment, a->commentlen, b->comment,
	    b->commentlen), "%s: the comment of item %zu changed", what, i);
	ck_assert_msg(a->nnotes == b->nnotes, "%s: item %zu has %zu notes, "
	    "not %zu", what, i, b->nnotes, a->nnotes);
	for (k = 0; k < a->nnotes; k++)
		ck_assert_msg(same_text(a->notes[k].key, a->notes[k].keylen,
		    b->notes[k].key, b->notes[k].keylen) &&
		    same_text(a->notes[k].value, a->notes[k].valuelen,
		    b->notes[k].value, b->notes[k].valuelen), "%s: note %zu "
		    "of item %zu changed", what, k, i);
}

/*
 * Two records with the same main line and the same tree.  With exact,
 * the same items; else the same actions (a writer writes a game's
 * result as the board gives it, and no "*").
 */
static void
assert_same_tree(const struct qttt_record *a, const struct qttt_record *b,
    int exact, const char *what)
{
	size_t	 i, na = exact ? a->nitems : nactions(a, QTTT_MAINLINE),
		 nb = exact ? b->nitems : nactions(b, QTTT_MAINLINE);

	ck_assert_msg(na == nb && a->nvars == b->nvars &&
	    a->nvaritems == b->nvaritems, "%s: %zu items, %zu variations of "
	    "%zu items, not %zu, %zu, %zu", what, nb, b->nvars,
	    b->nvaritems, na, a->nvars, a->nvaritems);
	for (i = 0; i < na; i++)
		assert_same_item(&a->items[i], &b->items[i], what, i);
	for (i = 0; i < a->nvars; i++)
		ck_assert_msg(a->vars[i].parent == b->vars[i].parent &&
		    a->vars[i].at == b->vars[i].at &&
		    a->vars[i].first == b->vars[i].first &&
		    a->vars[i].nitems == b->vars[i].nitems,
		    "%s: variation %zu moved", what, i);
	for (i = 0; i < a->nvaritems; i++)
		assert_same_item(&a->varitems[i], &b->varitems[i], what,
		    QTTT_MAXITEMS + i);
}

/*
 * What every tree keeps (qttt.h, struct qttt_record): its limits; its
 * variations in the order written, each after the line it branches
 * from and those of one line in the order of their items, their items
 * together and in the same order, actions only; and every line legal.
 */
static void
assert_tree_ok(struct qttt_record *r)
{
	size_t	 i, j, p, items = 0, prev;

	ck_assert_uint_le(r->nitems, QTTT_MAXITEMS);
	ck_assert_uint_le(r->nvars, QTTT_MAXVARS);
	ck_assert_uint_le(r->nvaritems, QTTT_MAXVARITEMS);
	for (i = 0; i < r->nvars; i++) {
		p = r->vars[i].parent;
		ck_assert(p == QTTT_MAINLINE || p < i);
		ck_assert_uint_le(qttt_record_var_depth(r, i),
		    QTTT_MAXVARDEPTH);
		ck_assert_uint_lt(r->vars[i].at, nactions(r, p));
		ck_assert_uint_eq(r->vars[i].first, items);
		ck_assert_uint_gt(r->vars[i].nitems, 0);
		items += r->vars[i].nitems;
		/* Between its parent and it, only the parent's subtree. */
		prev = QTTT_MAINLINE;
		for (j = p == QTTT_MAINLINE ? 0 : p + 1; j < i; j++) {
			ck_assert(p == QTTT_MAINLINE ||
			    qttt_record_var_depth(r, j) >
			    qttt_record_var_depth(r, p));
			if (r->vars[j].parent == p)
				prev = j;
		}
		ck_assert(prev == QTTT_MAINLINE ||
		    r->vars[prev].at <= r->vars[i].at);
	}
	ck_assert_uint_eq(items, r->nvaritems);
	for (i = 0; i < r->nvaritems; i++)
		ck_assert_int_eq(r->varitems[i].kind, QTTT_ITEM_ACTION);
	if (qttt_record_play(r, &game) != 0)
		input_dump_diags("tree", r);
	ck_assert_uint_eq(r->ndiags, 0);
}

static int
same_game(const struct qttt_game *a, const struct qttt_game *b)
{
	size_t	 i;

	if (a->nplies != b->nplies || !qttt_state_equal(&a->state, &b->state))
		return 0;
	for (i = 0; i < a->nplies; i++)
		if (!qttt_action_equal(&a->plies[i], &b->plies[i]))
			return 0;
	return 1;
}

/* A record written in format f, in a string the caller frees. */
static char *
write_record(struct qttt_record *r, struct qttt_game *g, enum qttt_format f)
{
	struct qttt_extras ex;
	struct out	 o;
	FILE		*fp = out_open(&o);

	ck_assert_uint_eq(qttt_record_play(r, g), 0);
	qttt_extras_from_record(&ex, g, r);
	ck_assert_int_eq(write_to(fp, f, g, &ex), 0);
	return out_close(&o);
}

/*
 * "Whatever a writer writes, the readers read back": the tree written
 * in the line notation, YAML and JSON reads back as the same tree,
 * which writes again as the same bytes in that format and in the line
 * notation as the tree itself does.
 */
static void
assert_round_trips(struct qttt_record *r)
{
	static const enum qttt_format fmts[] = {
		QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_JSON,
	};
	struct input	 in;
	char		*line, *s, *again;
	size_t		 f;

	line = write_record(r, &game, QTTT_FORMAT_LINE);
	for (f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
		s = f == 0 ? line : write_record(r, &game, fmts[f]);
		input_open(&in, s, strlen(s), QTTT_FORMAT_AUTO, &back,
		    &back_game);
		ck_assert_int_eq(input_next(&in), 1);
		if (in.errors != 0)
			input_dump_diags(s, &back);
		ck_assert_uint_eq(in.errors, 0);
		ck_assert_msg(same_game(&game, &back_game), "%s", s);
		assert_same_tree(r, &back, 0, s);
		again = write_record(&back, &back_game, fmts[f]);
		ck_assert_str_eq(again, s);
		free(again);
		if (f > 0) {
			again = write_record(&back, &back_game,
			    QTTT_FORMAT_LINE);
			ck_assert_str_eq(again, line);
			free(again);
		}
		ck_assert_int_eq(input_next(&in), 0);
		input_close(&in);
		if (f > 0)
			free(s);
	}
	free(line);
}

/* A random main line, its result stated or not, and random items. */
static void
random_main(void)
{
	struct qttt_item items[QTTT_MAXPLIES];
	struct qttt_state st;
	char	 buf[QTTT_RECORD_MAX];
	size_t	 n, i, notes = NOTES_MAX / 2;

	qttt_state_init(&st);
	n = random_items(st, items, QTTT_MAXPLIES, 0);
	qttt_game_init(&game);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(qttt_game_play(&game, &items[i].action,
		    NULL), QTTT_OK);
	qttt_game_format(&game, buf, sizeof(buf));
	/* A finished game may state no result; "*" an unfinished one. */
	if (game.state.result.over && pick(3) == 0)
		*strrchr(buf, ';') = '\0';
	else if (!game.state.result.over && pick(3) == 0)
		strcat(buf, "; *");
	ck_assert_int_eq(qttt_line_parse(buf, strlen(buf), 0, &rec), 1);
	for (i = 0; i < rec.nitems; i++)
		if (rec.items[i].kind == QTTT_ITEM_ACTION)
			decorate(&rec.items[i], &notes);
}

/*
 * Adds a random variation at a random action of a random line, as a
 * program would: it is taken exactly when the record has room for it
 * (QTTT_MAXVARS, QTTT_MAXVARITEMS, QTTT_MAXVARDEPTH), and a refusal
 * leaves the record as it was.  Returns its index, or QTTT_MAINLINE
 * if it was refused.
 */
static size_t
random_add(size_t last)
{
	struct qttt_item items[MAXRUN];
	struct qttt_state st;
	size_t	 v, at, n, k = QTTT_MAINLINE, depth;
	int	 fits;

	v = pick(rec.nvars + 1);
	if (last != QTTT_MAINLINE && pick(2) == 0)
		v = last;
	else if (v == rec.nvars)
		v = QTTT_MAINLINE;
	if (nactions(&rec, v) == 0)
		return QTTT_MAINLINE;
	at = pick(nactions(&rec, v));
	position_at(&rec, v, at, &st);
	n = random_items(st, items, MAXRUN, NOTES_MAX - all_notes(&rec));
	depth = qttt_record_var_depth(&rec, v);
	fits = rec.nvars < QTTT_MAXVARS && depth < QTTT_MAXVARDEPTH &&
	    rec.nvaritems + n <= QTTT_MAXVARITEMS;
	before = rec;
	ck_assert_int_eq(qttt_record_var_add(&rec, v, at, items, n, &k),
	    fits ? 0 : -1);
	if (!fits) {
		assert_same_tree(&before, &rec, 1, "a refused addition");
		return QTTT_MAINLINE;
	}
	ck_assert_uint_eq(qttt_record_var_depth(&rec, k), depth + 1);
	ck_assert_uint_eq(rec.vars[k].at, at);
	ck_assert_uint_eq(rec.vars[k].nitems, n);
	return k;
}

/* A random tree of up to as many variations as tries. */
static void
random_tree(size_t tries)
{
	size_t	 i, last = QTTT_MAINLINE, k;

	random_main();
	for (i = 0; i < tries; i++)
		if ((k = random_add(last)) != QTTT_MAINLINE)
			last = k;
}

START_TEST(test_random_round_trip)
{
	size_t	 t, vars = 0, deepest = 0, i;

	qttt_generator_init(&rng, 20261205, 0);
	for (t = 0; t < NTREES; t++) {
		random_tree(pick(3) == 0 ? 100 : pick(20));
		assert_tree_ok(&rec);
		assert_round_trips(&rec);
		vars += rec.nvars;
		for (i = 0; i < rec.nvars; i++)
			if (qttt_record_var_depth(&rec, i) > deepest)
				deepest = qttt_record_var_depth(&rec, i);
	}
	/* The trees reach the limits. */
	ck_assert_uint_eq(deepest, QTTT_MAXVARDEPTH);
	ck_assert_uint_gt(vars, NTREES * 10);
}
END_TEST

static int
compare_games(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The game of line v of r, canonical, into buf. */
static void
line_game(const struct qttt_record *r, size_t v, char *buf)
{
	static struct qttt_game g;

	ck_assert_int_eq(qttt_record_var_game(r, v, &g), 0);
	qttt_game_format(&g, buf, QTTT_RECORD_MAX);
}

/* The games of the lines of r, canonical, from *n on, sorted. */
static void
line_games(const struct qttt_record *r, char out[][QTTT_RECORD_MAX],
    size_t *n)
{
	size_t	 v;

	line_game(r, QTTT_MAINLINE, out[(*n)++]);
	for (v = 0; v < r->nvars; v++)
		line_game(r, v, out[(*n)++]);
	qsort(out, *n, QTTT_RECORD_MAX, compare_games);
}

static void
assert_same_games(char a[][QTTT_RECORD_MAX], size_t na,
    char b[][QTTT_RECORD_MAX], size_t nb, const char *what)
{
	size_t	 i;

	ck_assert_msg(na == nb, "%s: %zu lines, not %zu", what, nb, na);
	for (i = 0; i < na; i++)
		ck_assert_msg(strcmp(a[i], b[i]) == 0, "%s: line '%s' is now "
		    "'%s'", what, a[i], b[i]);
}

/*
 * Removes a random variation: it goes with those inside it, and every
 * other line stays; a v that is no variation is refused, the record
 * unchanged.
 */
static void
random_remove(void)
{
	static char was[NLINES][QTTT_RECORD_MAX], now[2 * NLINES][
	    QTTT_RECORD_MAX];
	size_t	 v = pick(rec.nvars + 2), end, nwas = 0, nnow = 0;

	before = rec;
	if (v >= rec.nvars) {
		ck_assert_int_eq(qttt_record_var_remove(&rec, v), -1);
		assert_same_tree(&before, &rec, 1, "a refused removal");
		return;
	}
	line_games(&rec, was, &nwas);
	/* The lines gone, with the lines left: the lines there were. */
	for (end = v; end < rec.nvars && (end == v ||
	    qttt_record_var_depth(&rec, end) > qttt_record_var_depth(&rec,
	    v)); end++)
		line_game(&rec, end, now[nnow++]);
	ck_assert_int_eq(qttt_record_var_remove(&rec, v), 0);
	ck_assert_uint_eq(rec.nvars, before.nvars - (end - v));
	line_games(&rec, now, &nnow);
	assert_same_games(was, nwas, now, nnow, "a removal");
}

/*
 * Promotes a random variation: every line stays (the promoted one is
 * the line it branched from, the continuation it replaced is the
 * variation *old); or the promotion is refused, the record unchanged.
 * Returns whether it was done.
 */
static int
random_promote(void)
{
	static char was[NLINES][QTTT_RECORD_MAX], now[NLINES][
	    QTTT_RECORD_MAX];
	char	 promoted[QTTT_RECORD_MAX], parent[QTTT_RECORD_MAX],
		 buf[QTTT_RECORD_MAX];
	size_t	 v = pick(rec.nvars + 1), old = QTTT_MAINLINE, nwas = 0,
		 nnow = 0;

	before = rec;
	if (v == rec.nvars) {
		ck_assert_int_eq(qttt_record_var_promote(&rec, v, &old), -1);
		assert_same_tree(&before, &rec, 1, "a refused promotion");
		return 0;
	}
	line_games(&rec, was, &nwas);
	line_game(&rec, v, promoted);
	line_game(&rec, rec.vars[v].parent, parent);
	if (qttt_record_var_promote(&rec, v, &old) == -1) {
		assert_same_tree(&before, &rec, 1, "a refused promotion");
		return 0;
	}
	line_games(&rec, now, &nnow);
	assert_same_games(was, nwas, now, nnow, "a promotion");
	ck_assert_uint_lt(old, rec.nvars);
	line_game(&rec, old, buf);
	ck_assert_str_eq(buf, parent);
	/* The line it branched from, at its new index, is it now. */
	line_game(&rec, rec.vars[old].parent, buf);
	ck_assert_str_eq(buf, promoted);
	return 1;
}

/*
 * Random edits of random trees: after each, the tree keeps its
 * invariants, plays, and round-trips through every format.
 */
START_TEST(test_random_edits)
{
	size_t	 t, e, op, promoted = 0, full = 0;

	qttt_generator_init(&rng, 1205, 0);
	for (t = 0; t < NEDITED; t++) {
		random_tree(pick(60));
		for (e = 0; e < NEDITS; e++) {
			op = pick(5);
			if (op < 2)
				full += random_add(QTTT_MAINLINE) ==
				    QTTT_MAINLINE;
			else if (op == 2)
				random_remove();
			else
				promoted += random_promote();
			assert_tree_ok(&rec);
			assert_round_trips(&rec);
		}
	}
	ck_assert_uint_gt(promoted, NEDITED * NEDITS / 4);
	ck_assert_uint_gt(full, 0);
}
END_TEST

Suite *
variation_suite(void)
{
	Suite	*s = suite_create("variation");
	TCase	*tc = tcase_create("line");

	tcase_add_test(tc, test_parse_nested);
	tcase_add_test(tc, test_parse_alternatives);
	tcase_add_test(tc, test_parse_order);
	tcase_add_test(tc, test_play);
	tcase_add_loop_test(tc, test_syntax, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_limit_items);
	tcase_add_test(tc, test_goff_refuses);
	suite_add_tcase(s, tc);
	tc = tcase_create("tree");
	tcase_add_test(tc, test_add_remove);
	tcase_add_test(tc, test_promote);
	tcase_add_test(tc, test_promote_result);
	tcase_add_test(tc, test_promote_full);
	tcase_add_test(tc, test_trim);
	tcase_add_test(tc, test_var_game);
	tcase_add_test(tc, test_var_extras_limits);
	tcase_add_test(tc, test_paths);
	suite_add_tcase(s, tc);
	tc = tcase_create("random");
	tcase_add_test(tc, test_random_round_trip);
	tcase_add_test(tc, test_random_edits);
	suite_add_tcase(s, tc);
	return s;
}
