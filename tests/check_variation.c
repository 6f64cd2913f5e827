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
	tcase_add_test(tc, test_promote_full);
	tcase_add_test(tc, test_trim);
	tcase_add_test(tc, test_var_game);
	tcase_add_test(tc, test_var_extras_limits);
	tcase_add_test(tc, test_paths);
	suite_add_tcase(s, tc);
	return s;
}
