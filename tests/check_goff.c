/*
 * Goff's 2026 notation: the reader (either order of a placement's
 * squares, loop annotations ignored, the forced last move, every
 * redundant part checked against the game, syntax errors with their
 * positions) and the writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

static struct qttt_record rec;
static struct qttt_game game;

/*
 * Reads one game of Goff's notation; returns its errors.  The record
 * stays valid until the next call.
 */
static size_t
read_goff(const char *text)
{
	static struct input in;
	static int	 open;

	if (open)
		input_close(&in);
	input_open(&in, text, strlen(text), QTTT_FORMAT_GOFF, &rec, &game);
	open = 1;
	ck_assert_msg(input_next(&in) == 1, "no game in '%s'", text);
	ck_assert_int_eq(rec.format, QTTT_FORMAT_GOFF);
	return in.errors;
}


/* ------------------------------------------------------------------ */
/* Valid records and what they mean                                     */
/* ------------------------------------------------------------------ */

#define FIG8	"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; " \
		"O6 b2 c3; X7 a1 b2"
#define FORCED	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; " \
		"O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2"

static const struct {
	const char	*goff;
	const char	*line;
} readings[] = {
	/* formats/goff-notation.md's example, and the same in other spellings. */
	{ "X1+(1,2); O2+(2,3); X3+(3,1)[132]; O3@X1(1)!X1(1)!O2(2)!X3(3); "
	    "O4+(4,5)", "X1 a1 b1; O2 b1 c1; X3 a1 c1; measure X3->c1; "
	    "O4 a2 b2" },
	{ "X1+(2,1); O2+(3,2); X3+(1,3); O3@X3(3)!X1(1)!O2(2)!X3(3); "
	    "O4+(5,4);", "X1 a1 b1; O2 b1 c1; X3 a1 c1; measure X3->c1; "
	    "O4 a2 b2" },
	{ " X1 + ( 1 , 2 ) ;O2+(2,3)  ;X3+(3,1) [1 3 2|] ; "
	    "O3@O2(2) !X1(1) !O2(2) !X3(3)", "X1 a1 b1; O2 b1 c1; "
	    "X3 a1 c1; measure X3->c1" },
	/* Loop annotations with stems, or anything, are ignored. */
	{ "X1+(1,5); O2+(3,5); X3+(4,5); O4+(5,6); X5+(5,7); O6+(5,9); "
	    "X7+(1,5)[17|23456]; O7@X7(1)!X1(5)!O2(3)!X3(4)!O4(6)!X5(7)!"
	    "O6(9)!X7(1); {X=0.5,O=1}", FIG8 "; measure X7->a1; 1/2-1" },
	{ "X1+(1,5); O2+(3,5); X3+(4,5); O4+(5,6); X5+(5,7); O6+(5,9); "
	    "X7+(1,5)[not checked]; O7@X7(5)!X1(1)!O2(3)!X3(4)!O4(6)!X5(7)!"
	    "O6(9)!X7(5); {X=1,O=0.5}", FIG8 "; measure X7->b2; 1-1/2" },
	/* The forced last move and its measurement; a double line. */
	{ "X1+(1,2); O2+(2,3); X3+(3,6); O4+(6,9); X5+(8,9); O6+(7,8); "
	    "X7+(4,7); O8+(1,4); X8@O8(4)!X1(1)!O2(2)!X3(3)!O4(6)!X5(9)!"
	    "O6(8)!X7(7)!O8(4); X9+(5,5); O9@X9(5)!X9(5); {X=2,O=0}",
	    FORCED "; X9 b2; 2-0" },
	/* A 2-cycle, measured. */
	{ "X1+(1,2); O2+(1,2); X2@X1(2)!X1(2)!O2(1)", "X1 a1 b1; O2 a1 b1; "
	    "measure O2->a1" },
	/* Comments, a toolkit extension, around the record. */
	{ "# a game\n\nX1+(1,2) # opening\n", "X1 a1 b1" },
};

START_TEST(test_reading)
{
	if (read_goff(readings[_i].goff) != 0) {
		input_dump_diags(readings[_i].goff, &rec);
		ck_abort_msg("'%s' is not valid", readings[_i].goff);
	}
	ck_assert_str_eq(input_canonical(&game), readings[_i].line);
}
END_TEST

START_TEST(test_comment)
{
	ck_assert_uint_eq(read_goff("X1+(1,2); O2+(2,3)  #  the top row \n"),
	    0);
	ck_assert_uint_eq(rec.commentlen, 11);
	ck_assert_mem_eq(rec.comment, "the top row", 11);
	ck_assert_uint_eq(read_goff("X1+(1,2)\n"), 0);
	ck_assert_ptr_null(rec.comment);
}
END_TEST

START_TEST(test_positions)
{
	ck_assert_uint_eq(read_goff("\nX1+(1,2); O2+( 2 ,3)\n"), 0);
	ck_assert_uint_eq(rec.line, 1);
	ck_assert_uint_eq(rec.nitems, 2);
	ck_assert_uint_eq(rec.items[1].line, 1);
	ck_assert_uint_eq(rec.items[1].col, 10);
	ck_assert_uint_eq(rec.items[1].sqcol[0], 15);
	ck_assert_uint_eq(rec.items[1].sqcol[1], 18);
	ck_assert_ptr_nonnull(rec.text);
	ck_assert_uint_eq(rec.textlen, 20);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Errors: redundant parts, rules, syntax                               */
/* ------------------------------------------------------------------ */

#define CYCLE	"X1+(1,2); O2+(2,3); X3+(3,1); "

static const struct {
	const char	*text;
	enum qttt_code	 code;
	unsigned long	 col;		/* 1-based */
	const char	*part;
} errors[] = {
	/* The redundant parts of a measurement. */
	{ CYCLE "X3@X1(1)!X1(1)!O2(2)!X3(3)", QTTT_E_GOFFCHECK, 31,
	    "O measures the cycle closed by X3, not X" },
	{ CYCLE "O2@X1(1)!X1(1)!O2(2)!X3(3)", QTTT_E_GOFFCHECK, 32,
	    "closed by X3, not by move 2" },
	{ CYCLE "O3@X1(1)!X1(1)!O2(3)!X3(3)", QTTT_E_GOFFCHECK, 49,
	    "O2 goes to 2, not 3" },
	{ CYCLE "O3@X1(1)!X1(1)!X3(3)!O2(2)", QTTT_E_GOFFCHECK, 46,
	    "has X3 where O2(2) belongs" },
	{ CYCLE "O3@X1(1)!X1(1)!O2(2)", QTTT_E_GOFFCHECK, 51,
	    "lacks X3(3)" },
	{ CYCLE "O3@X1(1)!X1(1)!O2(2)!X3(3)!X3(3)", QTTT_E_GOFFCHECK, 58,
	    "has X3 twice" },
	{ CYCLE "O3@X1(1)!X1(1)!X1(1)!O2(2)!X3(3)", QTTT_E_GOFFCHECK, 46,
	    "has X1 twice" },
	{ "X1+(1,2); O2+(2,3); X3+(3,1); O4+(5,6); O3@X1(1)!X1(1)!O2(2)!"
	    "X3(3)", QTTT_E_DUE, 31, "" },
	{ "X1+(1,2); O2+(2,3); X3+(3,1); O3@X1(1)!X1(1)!O2(2)!X3(3)!O4(4)",
	    QTTT_E_GOFFCHECK, 58, "O4 is not in the collapse" },
	/* The score. */
	{ "X1+(1,2); {X=1,O=0}", QTTT_E_RESULT, 11, "not over" },
	{ "X1+(1,2); O2+(1,2); X2@X1(2)!X1(2)!O2(1); {X=1,O=1}",
	    QTTT_E_RESULTSYN, 43, "not a possible score" },
	{ "X1+(1,2); {X=1,O=0}; O2+(3,4)", QTTT_E_RESULTPOS, 22, "follow" },
	{ "X1+(1,2); {X=0.25,O=0}", QTTT_E_RESULTSYN, 14, "" },
	/* The rules, as for any format. */
	{ "X1+(1,2); O2+(3,3)", QTTT_E_SAMESQUARE, 17, "both marks" },
	{ "X1+(1,2); O2+(3,4); X3+(5,5); O9@X9(5)!X9(5)", QTTT_E_SAMESQUARE,
	    27, "both marks" },
	{ "X1+(1,2); O2+(3,4); X3+(5,6); O4+(7,8); X5+(1,9); O6+(2,3); "
	    "X7+(4,5); O8+(6,7); X9+(8,8); O9@X9(8)!X9(8)", QTTT_E_NOTFORCED,
	    81, "" },
	{ "X1+(1,2); X3+(3,4)", QTTT_E_ORDER, 11, "out of turn" },
	{ CYCLE "O3@O2(4)!X1(1)!O2(2)!X3(3)", QTTT_E_NOTITSQUARE, 37, "" },
	{ "X1+(1,2); O2+(3,4); O1@X1(1)!X1(1)", QTTT_E_NOCYCLE, 21, "" },
	/* Syntax. */
	{ "X1+(1,2); O2(2,3)", QTTT_E_GOFF, 13, "expected '+'" },
	{ "X1+(1,2); O2+(2;3)", QTTT_E_GOFF, 16, "expected ','" },
	{ "X1+(1,2); O2+(2,0)", QTTT_E_SQUARE, 17, "1 to 9" },
	{ "X1+(1,2); O2+(2,a2)", QTTT_E_SQUARE, 17, "" },
	{ "X1+(1,2); O3+(2,4)", QTTT_E_MARK, 11, "odd moves" },
	{ "X1+(1,2); O2+(2,3) x", QTTT_E_GOFF, 20, "unexpected 'x'" },
	{ "X1+(1,2); O2+(2,3)[12", QTTT_E_GOFF, 22, "no closing ']'" },
	{ "X1+(1,2);; O2+(2,3)", QTTT_E_EMPTYITEM, 10, "" },
	{ "X1+(1,2); measure X1->a1", QTTT_E_GOFF, 11, "unrecognised" },
	{ CYCLE "O3@X1(1)", QTTT_E_GOFF, 39, "expected '!'" },
	{ CYCLE "O3@X1(1)!X1", QTTT_E_GOFF, 42, "expected '('" },
	{ CYCLE "O@X1(1)!X1(1)", QTTT_E_MARK, 31, "expected a mark" },
	{ CYCLE "Oa@X1(1)!X1(1)", QTTT_E_MARK, 31, "expected a mark" },
	{ "X1+(1,2); {X=1;O=0}", QTTT_E_GOFF, 15, "expected ','" },
	{ "X1+(1,2)\x01", QTTT_E_CONTROL, 9, "" },
	{ "X1+(1,2) # \xff", QTTT_E_UTF8, 12, "" },
};

START_TEST(test_error)
{
	char		 text[512];
	size_t		 i;
	const char	*t = errors[_i].text;

	snprintf(text, sizeof(text), "%s\n", t);
	ck_assert_msg(read_goff(text) > 0, "'%s' accepted", t);
	for (i = 0; i < rec.ndiags; i++)
		if (rec.diags[i].code == errors[_i].code &&
		    rec.diags[i].col + 1 == errors[_i].col &&
		    strstr(rec.diags[i].msg, errors[_i].part) != NULL)
			return;
	input_dump_diags(t, &rec);
	ck_abort_msg("'%s': no %s at column %lu with '%s'", t,
	    qttt_code_name(errors[_i].code), errors[_i].col, errors[_i].part);
}
END_TEST

/* The forced X9 is recorded with O9@X9(s)!X9(s), which is checked. */
#define BEFORE_X9 "X1+(1,2); O2+(2,3); X3+(3,6); O4+(6,9); X5+(8,9); " \
		"O6+(7,8); X7+(4,7); O8+(1,4); X8@O8(4)!X1(1)!O2(2)!X3(3)!" \
		"O4(6)!X5(9)!O6(8)!X7(7)!O8(4); X9+(5,5)"

static const struct {
	const char	*after;		/* what follows X9+(5,5) */
	const char	*at;		/* where the error is */
	const char	*part;
} forced[] = {
	{ "; {X=2,O=0}", "{", "O9@X9(5)!X9(5), before this" },
	{ "", "X9+", "O9@X9(5)!X9(5), after it" },
	{ "; O9@X9(4)!X9(4)", "X9(4)!", "goes to 5" },
	{ "; X9@X9(5)!X9(5)", "X9@", "measured as O9@X9(5)" },
	{ "; O9@X9(5)!X9(5)!O8(4)", "O8(4)", "O8 is not in the collapse" },
	{ "; O9@X9(5)!X9(4)", "4)", "X9 goes to 5, not 4" },
};

START_TEST(test_forced)
{
	char		 text[512];
	const char	*at;
	size_t		 col;

	snprintf(text, sizeof(text), "%s%s", BEFORE_X9, forced[_i].after);
	/* The last occurrence. */
	ck_assert_ptr_nonnull(at = strstr(text, forced[_i].at));
	while (strstr(at + 1, forced[_i].at) != NULL)
		at = strstr(at + 1, forced[_i].at);
	col = at - text;
	ck_assert_uint_gt(read_goff(text), 0);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_GOFFCHECK);
	if (rec.diags[0].col != col ||
	    strstr(rec.diags[0].msg, forced[_i].part) == NULL) {
		input_dump_diags(text, &rec);
		ck_abort_msg("no error at %zu with '%s'", col + 1,
		    forced[_i].part);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* The writer                                                           */
/* ------------------------------------------------------------------ */

static const struct {
	const char	*line;
	const char	*goff;
} writings[] = {
	{ "X1 a1 b1; O2 b1 c1; X3 c1 a1; measure X1->a1; O4 b2 a2",
	    "X1+(1,2); O2+(2,3); X3+(1,3); O3@X3(3)!X1(1)!O2(2)!X3(3); "
	    "O4+(4,5)\n" },
	{ FIG8 "; measure X7->a1; 1/2-1", "X1+(1,5); O2+(3,5); X3+(4,5); "
	    "O4+(5,6); X5+(5,7); O6+(5,9); X7+(1,5); O7@X7(1)!X1(5)!O2(3)!"
	    "X3(4)!O4(6)!X5(7)!O6(9)!X7(1); {X=0.5,O=1}\n" },
	{ FORCED "; X9 b2; 2-0", "X1+(1,2); O2+(2,3); X3+(3,6); O4+(6,9); "
	    "X5+(8,9); O6+(7,8); X7+(4,7); O8+(1,4); X8@O8(4)!X1(1)!O2(2)!"
	    "X3(3)!O4(6)!X5(9)!O6(8)!X7(7)!O8(4); X9+(5,5); O9@X9(5)!X9(5); "
	    "{X=2,O=0}\n" },
	/* A stem and another component: only the collapse is listed. */
	{ "X1 a1 b1; O2 c3 b3; X3 b1 c1; O4 c1 a1; measure O4->c1",
	    "X1+(1,2); O2+(8,9); X3+(2,3); O4+(1,3); X4@O4(3)!X1(1)!X3(2)!"
	    "O4(3)\n" },
};

START_TEST(test_writing)
{
	char	*buf = NULL, canon[QTTT_RECORD_MAX];
	size_t	 len = 0;
	FILE	*f;

	ck_assert_int_eq(qttt_line_parse(writings[_i].line,
	    strlen(writings[_i].line), 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	strcpy(canon, input_canonical(&game));
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_GOFF, &game, NULL), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_str_eq(buf, writings[_i].goff);
	/* What it wrote reads back as the same game. */
	ck_assert_uint_eq(read_goff(buf), 0);
	ck_assert_str_eq(input_canonical(&game), canon);
	free(buf);
}
END_TEST

/* A game with no move has no form in Goff's notation: refused. */
START_TEST(test_writing_empty)
{
	struct qttt_diag d;
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*f;

	qttt_game_init(&game);
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_record_write(f, QTTT_FORMAT_GOFF, &game, NULL,
	    &d), -2);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(d.code, QTTT_E_UNWRITABLE);
	ck_assert_str_eq(d.msg, "Goff's notation has no form for a game "
	    "with no move");
	free(buf);
}
END_TEST

Suite *
goff_suite(void)
{
	Suite	*s = suite_create("goff");
	TCase	*tc;

	tc = tcase_create("reader");
	tcase_add_loop_test(tc, test_reading, 0,
	    sizeof(readings) / sizeof(readings[0]));
	tcase_add_test(tc, test_comment);
	tcase_add_test(tc, test_positions);
	tcase_add_loop_test(tc, test_error, 0,
	    sizeof(errors) / sizeof(errors[0]));
	tcase_add_loop_test(tc, test_forced, 0,
	    sizeof(forced) / sizeof(forced[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("writer");
	tcase_add_loop_test(tc, test_writing, 0,
	    sizeof(writings) / sizeof(writings[0]));
	tcase_add_test(tc, test_writing_empty);
	suite_add_tcase(s, tc);
	return s;
}
