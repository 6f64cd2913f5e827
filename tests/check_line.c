/*
 * The line notation: qttt_line_parse() on every spelling it accepts and
 * every syntax error, the canonical printer, and the reader on whole
 * inputs (CRLF, BOM, NUL bytes, invalid UTF-8, long lines, no final
 * newline, empty input) through temporary files and pipes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qttt.h"
#include "text/text.h"
#include "check_qttt.h"

static struct qttt_record rec;
static struct qttt_game game;

/* Parses one line of text (a C string) as line 0. */
static int
parse(const char *s)
{
	return qttt_line_parse(s, strlen(s), 0, &rec);
}

/*
 * Parses and plays a line that must be a valid game, and returns its
 * canonical form (a static buffer).
 */
static const char *
canonical(const char *s)
{
	static char	 buf[QTTT_RECORD_MAX];
	size_t		 i;
	int		 len;

	ck_assert_msg(parse(s) == 1, "'%s' holds no game", s);
	if (qttt_record_play(&rec, &game) != 0) {
		for (i = 0; i < rec.ndiags; i++)
			fprintf(stderr, "'%s': %lu: %s [%s]\n", s,
			    rec.diags[i].col + 1, rec.diags[i].msg,
			    qttt_code_name(rec.diags[i].code));
		ck_abort_msg("'%s' is not valid", s);
	}
	len = qttt_game_format(&game, buf, sizeof(buf));
	ck_assert_int_lt(len, QTTT_RECORD_MAX);
	ck_assert_int_eq((int)strlen(buf), len);
	return buf;
}

/* Whether a string is valid UTF-8. */
static int
valid_utf8(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t		 n = strlen(s), i, k;

	for (i = 0; i < n; i += k)
		if (u[i] < 0x80)
			k = 1;
		else if ((k = qttt__text_utf8_len(u + i, n - i)) == 0)
			return 0;
	return 1;
}

/* ------------------------------------------------------------------ */
/* Every spelling the notation allows, and its canonical form          */
/* ------------------------------------------------------------------ */

#define FIG7	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2"
#define FORCED	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; " \
		"O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2"

static const struct {
	const char	*in;
	const char	*out;
} spellings[] = {
	/* squares: a1..c3 in either case, or Goff's 1..9 */
	{ "X1 a1 b1", "X1 a1 b1" },
	{ "X1 A1 B1", "X1 a1 b1" },
	{ "X1 C3 b2", "X1 b2 c3" },
	{ "X1 1 2", "X1 a1 b1" },
	{ "X1 9 5", "X1 b2 c3" },
	{ "X1 7 c1", "X1 c1 a3" },
	{ "X1 c1 a3", "X1 c1 a3" },
	/* the two squares in reading order */
	{ "X1 b1 a1", "X1 a1 b1" },
	{ "X1 a3 a2", "X1 a2 a3" },
	/* blanks */
	{ "  X1 a1 b1", "X1 a1 b1" },
	{ "X1 a1 b1   ", "X1 a1 b1" },
	{ "X1\ta1\t\tb1", "X1 a1 b1" },
	{ "\tX1 a1 b1 ;O2 b1 c1 ;  X3 c1 c2", "X1 a1 b1; O2 b1 c1; X3 c1 c2" },
	{ "X1 a1 b1;O2 b1 c1", "X1 a1 b1; O2 b1 c1" },
	/* a trailing ';' */
	{ "X1 a1 b1;", "X1 a1 b1" },
	{ "X1 a1 b1 ; ", "X1 a1 b1" },
	/* comments */
	{ "X1 a1 b1 # a comment", "X1 a1 b1" },
	{ "X1 a1 b1;# a comment; X3 a1 b1", "X1 a1 b1" },
	{ "X1 a1 b1#", "X1 a1 b1" },
	{ "X1 a1 b1 # caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80",
	    "X1 a1 b1" },
	/* CRLF line ends */
	{ "X1 a1 b1\r", "X1 a1 b1" },
	{ "X1 a1 b1 # comment\r", "X1 a1 b1" },
	/* measurements: '->' or U+2192, blanks around it */
	{ FIG7 "; measure O6->b2", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6 -> b2", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6\t->\tb2", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6\xe2\x86\x92" "b2", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6 \xe2\x86\x92 b2",
	    FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure   O6->5", FIG7 "; measure O6->b2; 0-1" },
	/* a measurement may name any move of the cycle */
	{ FIG7 "; measure X1->a1", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O2->b1", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure X1->b1", FIG7 "; measure O6->a1" },
	/* a record may end with a measurement pending */
	{ FIG7, FIG7 },
	/* results: fractions, decimals, blanks around '-' */
	{ FIG7 "; measure O6->b2; 0-1", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6->b2; 0 - 1", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6->b2; 0-1;", FIG7 "; measure O6->b2; 0-1" },
	{ FIG7 "; measure O6->b2; 0-1 # Fig. 7",
	    FIG7 "; measure O6->b2; 0-1" },
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->a1; 0.5-1",
	  "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->a1; 1/2-1" },
	{ "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->b2; 1-0.5",
	  "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->b2; 1-1/2" },
	/* a game finished without its result is valid */
	{ FIG7 "; measure O6->b2", FIG7 "; measure O6->b2; 0-1" },
	/* '*' for an unfinished game, which the canonical form drops */
	{ "X1 a1 b1; *", "X1 a1 b1" },
	{ "X1 a1 b1; * ;", "X1 a1 b1" },
	{ "*", "*" },
	/* the forced last move: one square, or the same one twice */
	{ FORCED "; X9 b2; 2-0", FORCED "; X9 b2; 2-0" },
	{ FORCED "; X9 b2 b2; 2-0", FORCED "; X9 b2; 2-0" },
	{ FORCED "; X9 5 B2; 2-0", FORCED "; X9 b2; 2-0" },
	{ FORCED "; X9 b2", FORCED "; X9 b2; 2-0" },
};

START_TEST(test_spelling)
{
	const char	*got = canonical(spellings[_i].in);

	ck_assert_msg(strcmp(got, spellings[_i].out) == 0,
	    "'%s' gave '%s', not '%s'", spellings[_i].in, got,
	    spellings[_i].out);
	/* The canonical form is a fixed point. */
	ck_assert_str_eq(canonical(spellings[_i].out), spellings[_i].out);
}
END_TEST

/* Lines that hold no game. */
static const char *const blanks[] = {
	"", " ", "\t \t", "\r", "# a comment", "   # indented comment",
	"#X1 a1 a1; nonsense ;;", "# caf\xc3\xa9\r",
};

START_TEST(test_blank)
{
	ck_assert_int_eq(parse(blanks[_i]), 0);
	ck_assert_uint_eq(rec.nitems, 0);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_int_eq(rec.damaged, 0);
}
END_TEST

START_TEST(test_positions)
{
	/* Every item knows where it and its squares start. */
	ck_assert_int_eq(qttt_line_parse("  X1 a1  c3 ;O2 2 b3; "
	    "measure O2 -> b3", 38, 41, &rec), 1);
	ck_assert_uint_eq(rec.line, 41);
	ck_assert_uint_eq(rec.nitems, 3);
	ck_assert_uint_eq(rec.items[0].line, 41);
	ck_assert_uint_eq(rec.items[0].col, 2);
	ck_assert_uint_eq(rec.items[0].sqcol[0], 5);
	ck_assert_uint_eq(rec.items[0].sqcol[1], 9);
	ck_assert_uint_eq(rec.items[1].col, 13);
	ck_assert_uint_eq(rec.items[1].sqcol[0], 16);
	ck_assert_uint_eq(rec.items[1].sqcol[1], 18);
	ck_assert_uint_eq(rec.items[2].col, 22);
	ck_assert_uint_eq(rec.items[2].sqcol[0], 36);
	ck_assert_int_eq(rec.items[2].action.kind, QTTT_MEASURE);
	ck_assert_int_eq(rec.items[2].action.move, 2);
	ck_assert_int_eq(rec.items[2].action.sq[0], 7);
	ck_assert_int_eq(rec.items[1].action.sq[0], 1);
	ck_assert_int_eq(rec.items[1].action.sq[1], 7);
	ck_assert_ptr_nonnull(rec.text);
	ck_assert_uint_eq(rec.textlen, 38);
	ck_assert_uint_eq(rec.textflags, 0);

	/* A CR before the newline is not part of the text. */
	ck_assert_int_eq(parse("X1 a1 b1\r"), 1);
	ck_assert_uint_eq(rec.textlen, 8);
	ck_assert_uint_eq(rec.textflags, QTTT_TEXT_CRLF);
}
END_TEST

START_TEST(test_result_items)
{
	static const struct {
		const char	*in;
		int		 over, x, o;
	} results[] = {
		{ "1-0", 1, 2, 0 }, { "0-1", 1, 0, 2 }, { "1-1/2", 1, 2, 1 },
		{ "1/2-1", 1, 1, 2 }, { "3/2-0", 1, 3, 0 }, { "2-0", 1, 4, 0 },
		{ "0-0", 1, 0, 0 }, { "*", 0, 0, 0 }, { "1-0.5", 1, 2, 1 },
		{ "0.5-1", 1, 1, 2 }, { "1.5-0", 1, 3, 0 },
		{ "1.5 -\t0 ", 1, 3, 0 },
	};
	size_t	 i;

	for (i = 0; i < sizeof(results) / sizeof(results[0]); i++) {
		ck_assert_int_eq(parse(results[i].in), 1);
		ck_assert_uint_eq(rec.ndiags, 0);
		ck_assert_uint_eq(rec.nitems, 1);
		ck_assert_int_eq(rec.items[0].kind, QTTT_ITEM_RESULT);
		ck_assert_int_eq(rec.items[0].result.over, results[i].over);
		ck_assert_int_eq(rec.items[0].result.score[QTTT_X],
		    results[i].x);
		ck_assert_int_eq(rec.items[0].result.score[QTTT_O],
		    results[i].o);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Syntax errors: code, column, the items kept before the first one     */
/* ------------------------------------------------------------------ */

static const struct {
	const char		*in;
	size_t			 len;	/* 0: strlen(in) */
	enum qttt_code		 code;
	unsigned long		 col;	/* 1-based, as printed */
	size_t			 kept;	/* items kept for the rules */
	const char		*msg;	/* a part of the message, or NULL */
} errors[] = {
	/* bytes: one diagnostic at the first bad byte, nothing parsed */
	{ "X1 a1 b1; O2\0 b1 b2", 19, QTTT_E_NUL, 13, 0, "NUL" },
	{ "\0", 1, QTTT_E_NUL, 1, 0, NULL },
	{ "X1 a1 \xff b1", 0, QTTT_E_UTF8, 7, 0, "0xff" },
	{ "X1 a1 b1 # caf\xe9", 0, QTTT_E_UTF8, 15, 0, "0xe9" },
	{ "X1 a1 \xc3", 0, QTTT_E_UTF8, 7, 0, NULL },
	{ "X1 a1 \xed\xa0\x80", 0, QTTT_E_UTF8, 7, 0, NULL },
	{ "X1 a1 \xc0\xaf", 0, QTTT_E_UTF8, 7, 0, NULL },
	{ "X1 \x80 a1", 0, QTTT_E_UTF8, 4, 0, NULL },
	{ "X1 a1 b1; \x1b[31m", 0, QTTT_E_CONTROL, 11, 0, "0x1b" },
	{ "X1 a1\rb1", 0, QTTT_E_CONTROL, 6, 0, "0x0d" },
	{ "X1 a1 b1\x7f", 0, QTTT_E_CONTROL, 9, 0, "0x7f" },
	{ "X1 a1 b1 \xc2\x85", 0, QTTT_E_CONTROL, 10, 0, "U+0085" },
	{ "X1 a1 b1\x0c", 0, QTTT_E_CONTROL, 9, 0, NULL },
	/* unrecognised items */
	{ "X1 a1 b1; hello", 0, QTTT_E_SYNTAX, 11, 1, "'hello'" },
	{ "X1 a1 b1; measurement", 0, QTTT_E_SYNTAX, 11, 1,
	    "'measurement'" },
	{ "X1 a1 b1; Measure X1->a1", 0, QTTT_E_SYNTAX, 11, 1, NULL },
	{ "\xef\xbb\xbfX1 a1 b1", 0, QTTT_E_SYNTAX, 1, 0, "byte-order" },
	{ "X1 a1 b1; \xe2\x82\xac", 0, QTTT_E_SYNTAX, 11, 1,
	    "'\xe2\x82\xac'" },
	/* placements */
	{ "X1a1 b1", 0, QTTT_E_SYNTAX, 3, 0, "'a1' after X1" },
	{ "X1 a1", 0, QTTT_E_SYNTAX, 6, 0, "two squares" },
	{ "X1", 0, QTTT_E_SYNTAX, 3, 0, "two squares" },
	{ "X1 a1 b1; O2 b1 ; X3 a1 b1", 0, QTTT_E_SYNTAX, 16, 1,
	    "O2 needs" },
	{ "X1 a1 b1 c1", 0, QTTT_E_SYNTAX, 10, 0, "'c1' after the squares" },
	{ "X1 a1 b1; O2 b1 c1 c2", 0, QTTT_E_SYNTAX, 20, 1, NULL },
	/* marks */
	{ "x1 a1 b1", 0, QTTT_E_MARK, 1, 0, "capital" },
	{ "X1 a1 b1; o2 b1 c1", 0, QTTT_E_MARK, 11, 1, "capital" },
	{ "X2 a1 b1", 0, QTTT_E_MARK, 1, 0, "odd" },
	{ "O1 a1 b1", 0, QTTT_E_MARK, 1, 0, "odd" },
	{ "X0 a1 b1", 0, QTTT_E_MARK, 1, 0, "1 to 9" },
	{ "X11 a1 b1", 0, QTTT_E_MARK, 1, 0, "1 to 9" },
	{ "X01 a1 b1", 0, QTTT_E_MARK, 1, 0, "1 to 9" },
	{ "X a1 b1", 0, QTTT_E_MARK, 1, 0, "found 'X'" },
	{ "Xy a1 b1", 0, QTTT_E_MARK, 1, 0, "found 'Xy'" },
	{ "X1 a1 b1; measure Z1->a1", 0, QTTT_E_MARK, 19, 1, NULL },
	{ "X1 a1 b1; measure X12->a1", 0, QTTT_E_MARK, 19, 1, "1 to 9" },
	/* squares */
	{ "X1 a1 d1", 0, QTTT_E_SQUARE, 7, 0, "'d1'" },
	{ "X1 a0 b1", 0, QTTT_E_SQUARE, 4, 0, "'a0'" },
	{ "X1 a4 b1", 0, QTTT_E_SQUARE, 4, 0, NULL },
	{ "X1 0 b1", 0, QTTT_E_SQUARE, 4, 0, NULL },
	{ "X1 10 b1", 0, QTTT_E_SQUARE, 4, 0, NULL },
	{ "X1 a1b1 c1", 0, QTTT_E_SQUARE, 4, 0, "'a1b1'" },
	{ "X1 a1 b1; measure X1->d4", 0, QTTT_E_SQUARE, 23, 1, "'d4'" },
	{ "X1 a1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0, QTTT_E_SQUARE, 7,
	    0, "'aaaaaaaaaaaaaaaaaaaaaaaa...'" },
	/* measurements */
	{ "X1 a1 b1; measure", 0, QTTT_E_SYNTAX, 18, 1, "needs a mark" },
	{ "X1 a1 b1; measure ;", 0, QTTT_E_SYNTAX, 19, 1, "needs a mark" },
	{ "X1 a1 b1; measure X1", 0, QTTT_E_SYNTAX, 21, 1, "'->'" },
	{ "X1 a1 b1; measure X1 a1", 0, QTTT_E_SYNTAX, 22, 1, "found 'a1'" },
	{ "X1 a1 b1; measure X1-a1", 0, QTTT_E_SYNTAX, 21, 1, NULL },
	{ "X1 a1 b1; measure X1->", 0, QTTT_E_SYNTAX, 23, 1, "a square" },
	{ "X1 a1 b1; measure X1->a1 b1", 0, QTTT_E_SYNTAX, 26, 1,
	    "after the measurement" },
	/* missing separators */
	{ "X1 a1 b1 O2 b1 c1", 0, QTTT_E_SEPARATOR, 10, 0, "'O2'" },
	{ "X1 a1 b1 1-0", 0, QTTT_E_SEPARATOR, 10, 0, "'1-0'" },
	{ "X1 a1 b1 *", 0, QTTT_E_SEPARATOR, 10, 0, NULL },
	{ "X1 a1 b1 measure X1->a1", 0, QTTT_E_SEPARATOR, 10, 0, NULL },
	{ "X1 a1 b1; measure X1->a1 O2 b1 c1", 0, QTTT_E_SEPARATOR, 26, 1,
	    "'O2'" },
	/* empty items */
	{ "X1 a1 b1;; O2 b1 c1", 0, QTTT_E_EMPTYITEM, 10, 1, NULL },
	{ ";X1 a1 b1", 0, QTTT_E_EMPTYITEM, 1, 0, NULL },
	{ "  ;  ", 0, QTTT_E_EMPTYITEM, 3, 0, NULL },
	{ "X1 a1 b1; ;", 0, QTTT_E_EMPTYITEM, 11, 1, NULL },
	/* results */
	{ "X1 a1 b1; 1-2", 0, QTTT_E_RESULTSYN, 11, 1, "not a possible" },
	{ "X1 a1 b1; 1/2-1/2", 0, QTTT_E_RESULTSYN, 11, 1, "not a possible" },
	{ "X1 a1 b1; 2-2", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; 0-2", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; 1:0", 0, QTTT_E_RESULTSYN, 11, 1, "not a result" },
	{ "X1 a1 b1; 1-0-1", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; 1.0-0", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; 10-0", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; 1-", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; **", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	{ "X1 a1 b1; 5 a1", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
	/* the result is the last item */
	{ "*; X1 a1 b1", 0, QTTT_E_RESULTPOS, 4, 1, "follow" },
	{ "X1 a1 b1; *; O2 b1 c1", 0, QTTT_E_RESULTPOS, 14, 2, NULL },
	{ "X1 a1 b1; 1-2; O2 b1 c1", 0, QTTT_E_RESULTSYN, 11, 1, NULL },
};

START_TEST(test_syntax_error)
{
	const char	*in = errors[_i].in;
	size_t		 len = errors[_i].len != 0 ? errors[_i].len :
			    strlen(in);
	size_t		 ndiags;

	ck_assert_int_eq(qttt_line_parse(in, len, 6, &rec), 1);
	ck_assert_msg(rec.ndiags >= 1, "'%s': no diagnostic", in);
	ck_assert_msg(rec.diags[0].code == errors[_i].code,
	    "'%s': %s, not %s (%s)", in, qttt_code_name(rec.diags[0].code),
	    qttt_code_name(errors[_i].code), rec.diags[0].msg);
	ck_assert_int_eq(rec.diags[0].severity, QTTT_ERROR);
	ck_assert_uint_eq(rec.diags[0].line, 6);
	ck_assert_msg(rec.diags[0].col + 1 == errors[_i].col,
	    "'%s': column %lu, not %lu (%s)", in, rec.diags[0].col + 1,
	    errors[_i].col, rec.diags[0].msg);
	ck_assert_msg(rec.diags[0].col <= rec.textlen, "'%s': column %lu "
	    "beyond the line", in, rec.diags[0].col + 1);
	ck_assert_int_eq(rec.damaged, 1);
	ck_assert_msg(rec.nitems == errors[_i].kept, "'%s': %zu items kept,"
	    " not %zu", in, rec.nitems, errors[_i].kept);
	if (errors[_i].msg != NULL)
		ck_assert_msg(strstr(rec.diags[0].msg, errors[_i].msg) != NULL,
		    "'%s': message '%s' lacks '%s'", in, rec.diags[0].msg,
		    errors[_i].msg);
	ck_assert_msg(valid_utf8(rec.diags[0].msg), "'%s': message is not "
	    "UTF-8", in);
	/* The rules judge only the items kept, and find them legal. */
	ndiags = rec.ndiags;
	ck_assert_uint_eq(qttt_record_play(&rec, &game), ndiags);
	ck_assert_uint_eq(game.nplies, errors[_i].kept -
	    (rec.nitems > 0 && rec.items[rec.nitems - 1].kind ==
	    QTTT_ITEM_RESULT));
}
END_TEST

START_TEST(test_every_error)
{
	/* One line, several syntax errors: each reported, in order. */
	static const char line[] = "X1 a1 b1; O2 zz c1;; x3 a1 b1; O4 b1; "
	    "measure X1 a1; 1-2";
	static const struct {
		enum qttt_code	 code;
		unsigned long	 col;
	} want[] = {
		{ QTTT_E_SQUARE, 14 }, { QTTT_E_EMPTYITEM, 20 },
		{ QTTT_E_MARK, 22 }, { QTTT_E_SYNTAX, 37 },
		{ QTTT_E_SYNTAX, 50 }, { QTTT_E_RESULTSYN, 54 },
	};
	size_t	 i;

	ck_assert_int_eq(parse(line), 1);
	ck_assert_uint_eq(rec.ndiags, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < rec.ndiags; i++) {
		ck_assert_msg(rec.diags[i].code == want[i].code, "%zu: %s",
		    i, qttt_code_name(rec.diags[i].code));
		ck_assert_uint_eq(rec.diags[i].col + 1, want[i].col);
	}
	ck_assert_uint_eq(rec.nitems, 1);
}
END_TEST

START_TEST(test_rules_before_syntax)
{
	/* A rule error in the kept items comes with the syntax errors,
	 * sorted by column. */
	ck_assert_int_eq(parse("X1 a1 b1; O2 c1 C1; X4 a1 b1; O2 zz b1"), 1);
	ck_assert_uint_eq(rec.nitems, 2);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 3);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_SAMESQUARE);
	ck_assert_uint_eq(rec.diags[0].col + 1, 17);
	ck_assert_int_eq(rec.diags[1].code, QTTT_E_MARK);
	ck_assert_uint_eq(rec.diags[1].col + 1, 21);
	ck_assert_int_eq(rec.diags[2].code, QTTT_E_SQUARE);
	ck_assert_uint_eq(rec.diags[2].col + 1, 34);
	/* Rules stop at the first illegal item. */
	ck_assert_int_eq(parse("X1 a1 b1; X3 a1 b1; O4 a1 a1"), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_ORDER);
	ck_assert_uint_eq(rec.diags[0].col + 1, 11);
}
END_TEST

/*
 * A record played with no game to keep (what qttt-validate does when
 * it writes nothing of a valid record) has the same errors, with the
 * same messages and positions, as one played into a game.
 */
START_TEST(test_play_without_game)
{
	static const char *const lines[] = {
		"X1 b1 b3; O2 b1 b2; X3 c2 c3; O4 b3 c3; X5 b1 c2; "
		    "measure X5->b1; O6 a1 a3; X7 c1 a2; O8 a1 a2; X9 c1 a3; "
		    "measure X9->a3; 0-1",
		"X1 a1 b1; O2 b1 c1; X3 c1 a1; measure X3->a1; 1-0",
		"X1 a1 b1; O2 b1 c1; X3 c1 a1; measure X3->c1; *",
		"X1 a1 b1; O2 b1 c1; X3 c1 a1; O4 a2 b2",
		"X1 a1 b1; O2 c1 C1; X4 a1 b1; O2 zz b1",
		"X1 a1 b1; X3 a1 b1; O4 a1 a1",
		"X1 a1 b1; O2 a1 b1; measure X1->c3",
		"X1 a1 b1; 1-0",
		"X1 a1 a1",
	};
	struct qttt_diag with[QTTT_MAXDIAGS];
	size_t		 i, j, n;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		ck_assert_int_eq(parse(lines[i]), 1);
		n = qttt_record_play(&rec, &game);
		memcpy(with, rec.diags, rec.ndiags * sizeof(with[0]));
		ck_assert_int_eq(parse(lines[i]), 1);
		ck_assert_uint_eq(qttt_record_play(&rec, NULL), n);
		for (j = 0; j < rec.ndiags; j++) {
			ck_assert_int_eq(rec.diags[j].code, with[j].code);
			ck_assert_uint_eq(rec.diags[j].col, with[j].col);
			ck_assert_str_eq(rec.diags[j].msg, with[j].msg);
		}
	}
	/* The first and the third are valid, the others not. */
	ck_assert_int_eq(parse(lines[0]), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, NULL), 0);
	ck_assert_int_eq(parse(lines[1]), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, NULL), 1);
	ck_assert_int_eq(parse(lines[2]), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, NULL), 0);
}
END_TEST

START_TEST(test_max_items)
{
	char	 line[512];
	size_t	 i, n = 0;

	/* QTTT_MAXITEMS items are read (the rules object to them). */
	for (i = 0; i < QTTT_MAXITEMS; i++)
		n += snprintf(line + n, sizeof(line) - n, "%sX1 a1 b1",
		    i > 0 ? "; " : "");
	ck_assert_int_eq(parse(line), 1);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_uint_eq(rec.nitems, QTTT_MAXITEMS);
	/* One more is too many, reported where it starts. */
	snprintf(line + n, sizeof(line) - n, "; O2 b1 c1");
	ck_assert_int_eq(parse(line), 1);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_TOOMANY);
	ck_assert_uint_eq(rec.diags[0].col, n + 2);
	ck_assert_uint_eq(rec.nitems, QTTT_MAXITEMS);
	ck_assert_int_eq(rec.damaged, 1);
}
END_TEST

START_TEST(test_max_diags)
{
	char	 line[512];
	size_t	 i, n = 0;

	/*
	 * 30 bad items: QTTT_MAXDIAGS kept, the rest counted; items that
	 * cannot be read count toward QTTT_MAXITEMS, so the 25th is
	 * too-many-items and the rest is not read.  The limit's own
	 * message is kept, first, though it comes after the others: it
	 * says why the rest of the line was not read.
	 */
	for (i = 0; i < 30; i++)
		n += snprintf(line + n, sizeof(line) - n, "%szz", i > 0 ?
		    "; " : "");
	ck_assert_int_eq(parse(line), 1);
	ck_assert_uint_eq(rec.ndiags, QTTT_MAXDIAGS);
	ck_assert_uint_eq(rec.ndropped, QTTT_MAXITEMS + 1 - QTTT_MAXDIAGS);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), QTTT_MAXITEMS + 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_TOOMANY);
	ck_assert_uint_eq(rec.diags[0].col, QTTT_MAXITEMS * 4);
	for (i = 1; i < QTTT_MAXDIAGS; i++) {
		ck_assert_int_eq(rec.diags[i].code, QTTT_E_SYNTAX);
		ck_assert_uint_eq(rec.diags[i].col, (i - 1) * 4);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Canonical printing: parse -> play -> format -> parse                 */
/* ------------------------------------------------------------------ */

/* A small deterministic generator, independent of the library's. */
static unsigned long
next_random(unsigned long *seed)
{
	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	return *seed >> 33;
}

/* Plays a random game, stopping early now and then. */
static void
random_game(unsigned long *seed, struct qttt_game *g)
{
	struct qttt_action a[QTTT_MAXACTIONS];
	size_t		 n;

	qttt_game_init(g);
	while ((n = qttt_state_actions(&g->state, a)) > 0) {
		if (next_random(seed) % 23 == 0)
			break;
		ck_assert_int_eq(qttt_game_play(g,
		    &a[next_random(seed) % n], NULL), QTTT_OK);
	}
}

START_TEST(test_round_trip)
{
	static struct qttt_game g, again;
	char		 text[QTTT_RECORD_MAX], text2[QTTT_RECORD_MAX];
	unsigned long	 seed = 2026;
	int		 i, len, len2;

	for (i = 0; i < 3000; i++) {
		random_game(&seed, &g);
		len = qttt_game_format(&g, text, sizeof(text));
		ck_assert_int_eq(len, (int)strlen(text));
		ck_assert_int_eq(qttt_line_parse(text, len, 0, &rec), 1);
		ck_assert_msg(qttt_record_play(&rec, &again) == 0, "'%s': %s",
		    text, rec.diags[0].msg);
		ck_assert(qttt_state_equal(&g.state, &again.state));
		len2 = qttt_game_format(&again, text2, sizeof(text2));
		ck_assert_int_eq(len, len2);
		ck_assert_str_eq(text, text2);
		/* A finished game ends with its result, else none (but
		 * a game with no move yet is "*"). */
		ck_assert_int_eq(g.state.result.over || g.nplies == 0,
		    rec.items[rec.nitems - 1].kind == QTTT_ITEM_RESULT);
	}
}
END_TEST

/*
 * Lines in canonical form are read by a fast path, and every other line
 * by the general parser; both must make the same items and the same
 * diagnostics.  A comment at the end sends a line to the general parser
 * without changing its items, so each line below, and each line made
 * from one by changing one byte (to any but CR, which ends a CRLF line
 * and so may not stand before the comment), is parsed both ways.
 */
static const char *const fast_lines[] = {
	"X1 a1 b1; O2 b1 c1; X3 c1 a1; measure O2->b1; 1-0",
	"X1 b1 b3; O2 b1 b2; X3 c2 c3; O4 b3 c3; X5 b1 c2; measure X5->b1; "
	    "O6 a1 a3; X7 c1 a2; O8 a1 a2; X9 c1 a3; measure X9->a3; 0-1",
	"X1 a1 b2; O2 c3 b3; X3 a2 b1; O4 c1 c2; X5 a3 b2; O6 b3 c1; "
	    "X7 a1 c2; O8 b1 a2; X9 c3; *",
	"X1 a1 c3; O2 b2 a3; *",
	"X1 a1 b1; 1/2-1",
	"X1 a1 b1; O2 a2 b2; 3/2-0",
	"X1 a1 b1; 1-1/2",
	"X1 a1 b1; O2 a2 b2",
	"X1 a1 b1"
};

/* The record of a parse, kept to compare with another. */
static struct qttt_record fast_rec;

/*
 * Where a line has a fault, its diagnostics may point at the end of an
 * item, which the comment moves; so records are compared only where
 * one of the two has none, which is where the fast path may have been
 * taken.
 */
static void
same_records(const struct qttt_record *a, const struct qttt_record *b,
    const char *line)
{
	size_t	 i;

	if (a->ndiags + a->ndropped > 0 && b->ndiags + b->ndropped > 0)
		return;
	ck_assert_msg(a->ndiags == b->ndiags && a->ndropped == b->ndropped,
	    "'%s': %zu diagnostics, not %zu", line, a->ndiags, b->ndiags);
	ck_assert_msg(a->nitems == b->nitems, "'%s': %zu items, not %zu",
	    line, a->nitems, b->nitems);
	ck_assert_msg(a->damaged == b->damaged, "'%s': damaged", line);
	for (i = 0; i < a->nitems; i++)
		ck_assert_msg(memcmp(&a->items[i], &b->items[i],
		    sizeof(a->items[i])) == 0, "'%s': item %zu differs", line,
		    i);
}

/* Parses line both ways, the general way second (in rec). */
static void
parse_both(const char *line, size_t n)
{
	char	 slow[256];
	int	 k1, k2;


	ck_assert_uint_lt(n + 5, sizeof(slow));
	memcpy(slow, line, n);
	memcpy(slow + n, " # x", 4);
	k1 = qttt_line_parse(line, n, 3, &fast_rec);
	k2 = qttt_line_parse(slow, n + 4, 3, &rec);
	ck_assert_int_eq(k1, k2);
	same_records(&fast_rec, &rec, line);
}

START_TEST(test_fast_path)
{
	const char	*line = fast_lines[_i];
	char		 buf[256];
	size_t		 n = strlen(line), i;
	unsigned long	 accepted = 0;
	int		 b;

	parse_both(line, n);
	ck_assert_uint_eq(fast_rec.ndiags, 0);
	for (i = 0; i < n; i++)
		for (b = 1; b < 256; b++) {
			if (b == '\r' || b == (unsigned char)line[i])
				continue;
			memcpy(buf, line, n);
			buf[i] = (char)b;
			buf[n] = '\0';
			parse_both(buf, n);
			accepted += fast_rec.ndiags == 0;
		}
	/* Some changes make another valid line: a square, a digit. */
	ck_assert_uint_gt(accepted, 0);
	/* Cut short anywhere. */
	for (i = 1; i < n; i++)
		parse_both(line, i);
}
END_TEST

START_TEST(test_format_size)
{
	char	 small[8];
	int	 len;

	/* As snprintf: the length needed, the text cut and terminated. */
	canonical(FORCED "; X9 b2; 2-0");
	len = qttt_game_format(&game, small, sizeof(small));
	ck_assert_int_eq(len, (int)strlen(FORCED "; X9 b2; 2-0"));
	ck_assert_uint_lt(strlen(small), sizeof(small));
	qttt_game_init(&game);
	ck_assert_int_eq(qttt_game_format(&game, small, sizeof(small)), 1);
	ck_assert_str_eq(small, "*");
	ck_assert_int_eq(qttt_game_format(&game, NULL, 0), 1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The reader on whole inputs                                           */
/* ------------------------------------------------------------------ */

/* A temporary file holding n bytes, open for reading at its start. */
static int
input(const char *data, size_t n)
{
	FILE	*f;
	int	 fd;

	ck_assert_ptr_nonnull(f = tmpfile());
	ck_assert_uint_eq(fwrite(data, 1, n, f), n);
	ck_assert_int_eq(fflush(f), 0);
	ck_assert_int_ne(fd = dup(fileno(f)), -1);
	fclose(f);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

/* What the reader makes of an input: its games, one after the other. */
struct seen {
	unsigned long	 line;		/* 1-based */
	size_t		 nitems;
	enum qttt_code	 code;		/* first diagnostic, or QTTT_OK */
	unsigned long	 col;		/* 1-based */
	unsigned int	 textflags;
};

static size_t
read_all(int fd, enum qttt_format fmt, struct seen *out, size_t max)
{
	struct qttt_reader *r;
	size_t		 n = 0;
	int		 k;

	ck_assert_ptr_nonnull(r = qttt_reader_open(fd, fmt));
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		ck_assert_uint_lt(n, max);
		ck_assert_uint_eq(rec.index, n + 1);
		ck_assert_int_eq(rec.format, QTTT_FORMAT_LINE);
		out[n].line = rec.line + 1;
		out[n].nitems = rec.nitems;
		out[n].code = rec.ndiags > 0 ? rec.diags[0].code : QTTT_OK;
		out[n].col = rec.ndiags > 0 ? rec.diags[0].col + 1 : 0;
		out[n].textflags = rec.textflags;
		ck_assert_uint_le(rec.textlen, QTTT_LINE_MAX);
		n++;
	}
	ck_assert_int_eq(k, 0);
	ck_assert_int_eq(qttt_reader_format(r), QTTT_FORMAT_LINE);
	qttt_reader_close(r);
	close(fd);
	return n;
}

static size_t
read_string(const char *data, size_t n, struct seen *out, size_t max)
{
	return read_all(input(data, n), QTTT_FORMAT_LINE, out, max);
}

#define READ(s, out)	read_string((s), sizeof(s) - 1, (out), \
			    sizeof(out) / sizeof((out)[0]))

START_TEST(test_reader_empty)
{
	struct seen	 g[4];

	ck_assert_uint_eq(read_string("", 0, g, 4), 0);
	ck_assert_uint_eq(READ("\n\n# nothing\n  \r\n", g), 0);
	ck_assert_uint_eq(read_all(input("", 0), QTTT_FORMAT_AUTO, g, 4), 0);
	/* A byte-order mark alone is no game either. */
	ck_assert_uint_eq(READ("\xef\xbb\xbf", g), 0);
	ck_assert_uint_eq(READ("\xef\xbb\xbf\n", g), 0);
}
END_TEST

START_TEST(test_reader_lines)
{
	struct seen	 g[8];

	ck_assert_uint_eq(READ("# games\n\nX1 a1 b1\n  # more\n"
	    "X1 a1 b1; O2 b1 c1 # two\n\n\n*\n", g), 3);
	ck_assert_uint_eq(g[0].line, 3);
	ck_assert_uint_eq(g[0].nitems, 1);
	ck_assert_uint_eq(g[1].line, 5);
	ck_assert_uint_eq(g[1].nitems, 2);
	ck_assert_uint_eq(g[2].line, 8);
	ck_assert_uint_eq(g[2].textflags, 0);
}
END_TEST

START_TEST(test_reader_line_ends)
{
	struct seen	 g[8];

	/* CRLF, and a last line without a newline. */
	ck_assert_uint_eq(READ("X1 a1 b1\r\n\r\nX1 a1 b1\r\nX1 a1 b1", g), 3);
	ck_assert_uint_eq(g[0].textflags, QTTT_TEXT_CRLF);
	ck_assert_int_eq(g[0].code, QTTT_OK);
	ck_assert_uint_eq(g[1].line, 3);
	ck_assert_uint_eq(g[1].textflags, QTTT_TEXT_CRLF);
	ck_assert_uint_eq(g[2].line, 4);
	ck_assert_uint_eq(g[2].textflags, QTTT_TEXT_NOEOL);
	ck_assert_uint_eq(g[2].nitems, 1);
	/* A truncated last line is read as it is. */
	ck_assert_uint_eq(READ("X1 a1 b1\nX1 a1 b1; O2 b", g), 2);
	ck_assert_int_eq(g[1].code, QTTT_E_SQUARE);
	ck_assert_uint_eq(g[1].col, 14);
	ck_assert_uint_eq(g[1].textflags, QTTT_TEXT_NOEOL);
	ck_assert_uint_eq(READ("X1 a1 b1\r", g), 1);
	ck_assert_uint_eq(g[0].textflags, QTTT_TEXT_CRLF | QTTT_TEXT_NOEOL);
}
END_TEST

START_TEST(test_reader_bom)
{
	struct seen	 g[4];

	/* Skipped at the start, columns counted after it, and noted on
	 * the first game. */
	ck_assert_uint_eq(READ("\xef\xbb\xbf# c\nX1 a1 zz\nX1 a1 b1\n", g),
	    2);
	ck_assert_uint_eq(g[0].line, 2);
	ck_assert_int_eq(g[0].code, QTTT_E_SQUARE);
	ck_assert_uint_eq(g[0].col, 7);
	ck_assert_uint_eq(g[0].textflags, QTTT_TEXT_BOM);
	ck_assert_uint_eq(g[1].textflags, 0);
	ck_assert_uint_eq(READ("\xef\xbb\xbfX1 zz b1", g), 1);
	ck_assert_uint_eq(g[0].col, 4);
	ck_assert_uint_eq(g[0].textflags, QTTT_TEXT_BOM | QTTT_TEXT_NOEOL);
	/* Elsewhere it is an error. */
	ck_assert_uint_eq(READ("X1 a1 b1\n\xef\xbb\xbfX1 a1 b1\n", g), 2);
	ck_assert_int_eq(g[1].code, QTTT_E_SYNTAX);
}
END_TEST

START_TEST(test_reader_bad_bytes)
{
	struct seen	 g[8];

	/* Each bad line is one diagnostic; the others are read. */
	ck_assert_uint_eq(READ("X1 a1\0b1\nX1 a1 b1\n\xff\xfe\nX1 \x1b\n"
	    "X1 a1 b1 # \xc3\x28\nX1 a1 b1\n", g), 6);
	ck_assert_int_eq(g[0].code, QTTT_E_NUL);
	ck_assert_uint_eq(g[0].col, 6);
	ck_assert_int_eq(g[1].code, QTTT_OK);
	ck_assert_int_eq(g[2].code, QTTT_E_UTF8);
	ck_assert_uint_eq(g[2].col, 1);
	ck_assert_int_eq(g[3].code, QTTT_E_CONTROL);
	ck_assert_uint_eq(g[3].col, 4);
	ck_assert_int_eq(g[4].code, QTTT_E_UTF8);
	ck_assert_uint_eq(g[4].col, 12);
	ck_assert_int_eq(g[5].code, QTTT_OK);
	ck_assert_uint_eq(g[5].line, 6);
	/* A NUL in a comment, and a line of NULs, are errors too. */
	ck_assert_uint_eq(READ("# \0\n\0\0\0\n", g), 2);
	ck_assert_int_eq(g[0].code, QTTT_E_NUL);
	ck_assert_uint_eq(g[0].col, 3);
	ck_assert_int_eq(g[1].code, QTTT_E_NUL);
}
END_TEST

/* A valid game padded with blanks to len bytes, then "\n". */
static char *
padded_game(size_t len)
{
	char	*s;

	ck_assert_ptr_nonnull(s = malloc(len + 1));
	memset(s, ' ', len);
	memcpy(s, "X1 a1 b1", 8);
	s[len] = '\n';
	return s;
}

START_TEST(test_reader_long_lines)
{
	struct seen	 g[4];
	char		*s;
	size_t		 n;

	/* QTTT_LINE_MAX bytes is the limit: a game that long is read. */
	s = padded_game(QTTT_LINE_MAX);
	ck_assert_uint_eq(read_string(s, QTTT_LINE_MAX + 1, g, 4), 1);
	ck_assert_int_eq(g[0].code, QTTT_OK);
	ck_assert_uint_eq(g[0].nitems, 1);
	free(s);
	/* A byte more is too long; the next line is read. */
	n = QTTT_LINE_MAX + 1;
	s = padded_game(n + 9);
	memcpy(s + n + 1, "X1 a1 zz\n", 9);
	s[n] = '\n';
	ck_assert_uint_eq(read_string(s, n + 10, g, 4), 2);
	ck_assert_int_eq(g[0].code, QTTT_E_LONGLINE);
	ck_assert_uint_eq(g[0].col, QTTT_LINE_MAX + 1);
	ck_assert_uint_eq(g[0].nitems, 0);
	ck_assert_uint_eq(g[1].line, 2);
	ck_assert_int_eq(g[1].code, QTTT_E_SQUARE);
	ck_assert_uint_eq(g[1].col, 7);
	free(s);
	/* So is a long last line without a newline. */
	s = padded_game(3 * QTTT_LINE_MAX);
	ck_assert_uint_eq(read_string(s, 3 * QTTT_LINE_MAX, g, 4), 1);
	ck_assert_int_eq(g[0].code, QTTT_E_LONGLINE);
	free(s);
}
END_TEST

/*
 * Writes count copies of what, then tail, into a pipe from a child
 * process; returns the reading end.  The reader sees the input in
 * whatever pieces the pipe delivers.
 */
static int
pipe_input(const char *what, size_t len, size_t count, const char *tail)
{
	int	 fds[2];
	pid_t	 pid;
	size_t	 i;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_ne(pid = fork(), -1);
	if (pid == 0) {
		close(fds[0]);
		for (i = 0; i < count; i++)
			if (write(fds[1], what, len) != (ssize_t)len)
				_exit(1);
		if (write(fds[1], tail, strlen(tail)) == -1)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	return fds[0];
}

START_TEST(test_reader_pipe)
{
	static struct seen g[20002];
	static const char line[] = FIG7 "; measure O6->b2; 0-1\n";
	char		 xs[4096];
	int		 status;
	size_t		 i;

	/* Many games across many blocks. */
	ck_assert_uint_eq(read_all(pipe_input(line, sizeof(line) - 1,
	    20000, "X1 a1 b1"), QTTT_FORMAT_AUTO, g, 20002), 20001);
	for (i = 0; i < 20000; i++) {
		ck_assert_uint_eq(g[i].line, i + 1);
		ck_assert_uint_eq(g[i].nitems, 8);
		ck_assert_int_eq(g[i].code, QTTT_OK);
	}
	ck_assert_uint_eq(g[20000].textflags, QTTT_TEXT_NOEOL);
	ck_assert_int_ne(wait(&status), -1);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* A 40 MB line, then a game: bounded memory, the game read. */
	memset(xs, 'x', sizeof(xs));
	ck_assert_uint_eq(read_all(pipe_input(xs, sizeof(xs), 10000,
	    "\nX1 a1 b1\n"), QTTT_FORMAT_LINE, g, 4), 2);
	ck_assert_int_eq(g[0].code, QTTT_E_LONGLINE);
	ck_assert_uint_eq(g[1].line, 2);
	ck_assert_int_eq(g[1].code, QTTT_OK);
	ck_assert_int_ne(wait(&status), -1);
}
END_TEST

/*
 * Comment lines before the first game, more than format detection holds
 * (a block of 64 KiB), read with detection as with the format given:
 * kept in the game's lead as far as QTTT_LEAD_MAX goes, the first ones,
 * and counted beyond; and a byte the notation refuses among them is
 * reported, not dropped unseen.
 */
static void
long_lead(const char *text, size_t n, enum qttt_format fmt, int nul)
{
	struct qttt_reader *r;
	const char	*p, *end;
	unsigned long	 lines = 0;
	int		 fd;

	ck_assert_ptr_nonnull(r = qttt_reader_open(fd = input(text, n), fmt));
	if (nul) {
		ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
		ck_assert_uint_eq(rec.line, 0);
		ck_assert_uint_eq(rec.ndiags, 1);
		ck_assert_int_eq(rec.diags[0].code, QTTT_E_NUL);
	}
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_int_eq(qttt_reader_format(r), QTTT_FORMAT_LINE);
	ck_assert_uint_eq(rec.line, 2000);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_uint_gt(rec.leadlen, QTTT_LEAD_MAX - 64);
	ck_assert_mem_eq(rec.lead, nul ? "# comment line 0002," :
	    "# comment line 0001,", 20);
	end = rec.lead + rec.leadlen;
	for (p = rec.lead; (p = memchr(p, '\n', end - p)) != NULL; p++)
		lines++;
	ck_assert_uint_eq(lines + rec.leadcut, nul ? 1999 : 2000);
	ck_assert_int_eq(qttt_reader_next(r, &rec), 0);
	qttt_reader_close(r);
	close(fd);
}

START_TEST(test_reader_long_lead)
{
	static char	 text[2001 * 48];
	size_t		 n = 0, i;

	for (i = 1; i <= 2000; i++)
		n += snprintf(text + n, sizeof(text) - n, "# comment line "
		    "%04zu, of a long preamble\n", i);
	n += snprintf(text + n, sizeof(text) - n, "X1 a1 b1\n");
	ck_assert_uint_gt(n, 64 * 1024);
	long_lead(text, n, QTTT_FORMAT_LINE, 0);
	long_lead(text, n, QTTT_FORMAT_AUTO, 0);
	text[2] = '\0';
	long_lead(text, n, QTTT_FORMAT_LINE, 1);
	long_lead(text, n, QTTT_FORMAT_AUTO, 1);
}
END_TEST

/*
 * A reader on a pipe hands out a game as soon as its line is there:
 * format detection and the byte-order mark do not wait for more input
 * (a terminal, or a slow producer).  The child writes first, then
 * waits for the parent to have read it before it writes last.
 */
static void
read_before_more(const char *first, const char *last, size_t items)
{
	struct qttt_reader *r;
	int		 data[2], sync[2], status;
	pid_t		 pid;
	char		 ch;

	ck_assert_int_eq(pipe(data), 0);
	ck_assert_int_eq(pipe(sync), 0);
	ck_assert_int_ne(pid = fork(), -1);
	if (pid == 0) {
		close(data[0]);
		close(sync[1]);
		if (write(data[1], first, strlen(first)) == -1 ||
		    read(sync[0], &ch, 1) != 1 ||
		    write(data[1], last, strlen(last)) == -1)
			_exit(1);
		_exit(0);
	}
	close(data[1]);
	close(sync[0]);
	ck_assert_ptr_nonnull(r = qttt_reader_open(data[0],
	    QTTT_FORMAT_AUTO));
	/* Were the reader to wait, the child would wait too: the test
	 * would time out. */
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_uint_eq(rec.nitems, items);
	ck_assert_int_eq(write(sync[1], "", 1), 1);
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_int_eq(qttt_reader_next(r, &rec), 0);
	qttt_reader_close(r);
	close(data[0]);
	close(sync[1]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

START_TEST(test_reader_streams)
{
	read_before_more("X1 a1 b1\n", "X1 a1 b1\n", 1);
	read_before_more("# a comment\n\nX1 a1 b1; O2 b1 c1\n", "*\n", 2);
	read_before_more("*\n", "X1 a1 b1\n", 1);
	read_before_more("\xef\xbb\xbfX1 a1 b1\n", "X1 a1 b1", 1);
}
END_TEST

START_TEST(test_reader_error)
{
	struct qttt_reader *r;
	int		 fds[2];

	/* A read error is -1 with a read-error diagnostic. */
	ck_assert_int_eq(pipe(fds), 0);
	close(fds[0]);
	close(fds[1]);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fds[0],
	    QTTT_FORMAT_LINE));
	ck_assert_int_eq(qttt_reader_next(r, &rec), -1);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_IO);
	ck_assert_str_eq(rec.diags[0].msg, strerror(EBADF));
	qttt_reader_close(r);

	ck_assert_int_ne(fds[0] = open("/", O_RDONLY), -1);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fds[0], QTTT_FORMAT_AUTO));
	ck_assert_int_eq(qttt_reader_next(r, &rec), -1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_IO);
	ck_assert_str_eq(rec.diags[0].msg, strerror(EISDIR));
	qttt_reader_close(r);
	close(fds[0]);
	qttt_reader_close(NULL);
}
END_TEST

/*
 * Two profiles on one record: where they first disagree, as a note at
 * its item; nothing to note where they agree.
 */
START_TEST(test_rules_diff_diag)
{
	static const char line[] = "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; "
	    "X5 b2 a3; O6 b2 c3; X7 a1 b2; measure X7->a1; 1/2-1/2";
	struct qttt_rules_diff diff;
	struct qttt_diag d;

	qttt_line_parse(line, sizeof(line) - 1, 4, &rec);
	ck_assert_int_eq(qttt_rules_compare(&rec, QTTT_RULES_GOFF,
	    QTTT_RULES_SIMUL_TIE, &diff), 1);
	qttt_rules_diff_diag(&diff, &d);
	ck_assert_int_eq(d.code, QTTT_N_DIFFER);
	ck_assert_int_eq(d.severity, QTTT_NOTE);
	ck_assert_uint_eq(d.line, 4);
	ck_assert_uint_eq(d.col, 70);
	ck_assert_str_eq(d.msg, "ply 8: after measure X7->a1 the game ends "
	    "1/2-1 under goff, 1/2-1/2 under goff-tie");
	ck_assert_str_eq(qttt_code_name(d.code), "rules-differ");
}
END_TEST

Suite *
line_suite(void)
{
	Suite	*s = suite_create("line");
	TCase	*tc;

	tc = tcase_create("spelling");
	tcase_add_loop_test(tc, test_spelling, 0,
	    sizeof(spellings) / sizeof(spellings[0]));
	tcase_add_loop_test(tc, test_blank, 0,
	    sizeof(blanks) / sizeof(blanks[0]));
	tcase_add_test(tc, test_positions);
	tcase_add_test(tc, test_result_items);
	suite_add_tcase(s, tc);

	tc = tcase_create("syntax");
	tcase_add_loop_test(tc, test_syntax_error, 0,
	    sizeof(errors) / sizeof(errors[0]));
	tcase_add_test(tc, test_every_error);
	tcase_add_test(tc, test_rules_before_syntax);
	tcase_add_test(tc, test_play_without_game);
	tcase_add_test(tc, test_max_items);
	tcase_add_test(tc, test_max_diags);
	suite_add_tcase(s, tc);

	tc = tcase_create("canonical");
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_format_size);
	tcase_add_loop_test(tc, test_fast_path, 0,
	    sizeof(fast_lines) / sizeof(fast_lines[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("reader");
	tcase_add_test(tc, test_reader_empty);
	tcase_add_test(tc, test_reader_lines);
	tcase_add_test(tc, test_reader_line_ends);
	tcase_add_test(tc, test_reader_bom);
	tcase_add_test(tc, test_reader_bad_bytes);
	tcase_add_test(tc, test_reader_long_lines);
	tcase_add_test(tc, test_reader_pipe);
	tcase_add_test(tc, test_reader_long_lead);
	tcase_add_test(tc, test_reader_streams);
	tcase_add_test(tc, test_reader_error);
	tcase_add_test(tc, test_rules_diff_diag);
	suite_add_tcase(s, tc);
	return s;
}
