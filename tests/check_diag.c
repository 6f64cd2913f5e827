/*
 * Diagnostics as data and as shown: what a refusal of the rules names
 * (struct qttt_diag) and its English in the spelling of the record's
 * notation; the writing of diagnostics (qttt_diag_write and the rest:
 * the source line and its caret, display and byte columns, text safe
 * on a terminal, JSON, notes, codes turned off); the refusals of
 * qttt_record_write().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

static struct qttt_record rec;
static struct qttt_game game;

/*
 * Reads and plays the first game of text in format f; returns its
 * errors.  The record (its text is the reader's) stays valid until the
 * next call.
 */
static size_t
play(const char *text, enum qttt_format f)
{
	static struct input in;
	static int	 open;

	if (open)
		input_close(&in);
	input_open(&in, text, strlen(text), f, &rec, &game);
	open = 1;
	ck_assert_int_eq(input_next(&in), 1);
	return in.errors;
}

/* What a writer of diagnostics wrote, in a static buffer. */
struct shown {
	char	*buf;
	size_t	 len;
	FILE	*f;
};

static void
shown_open(struct shown *s)
{
	s->buf = NULL;
	s->len = 0;
	ck_assert_ptr_nonnull(s->f = open_memstream(&s->buf, &s->len));
}

static const char *
shown_close(struct shown *s)
{
	static char	 text[4096];

	ck_assert_int_eq(fclose(s->f), 0);
	ck_assert_uint_lt(s->len, sizeof(text));
	memcpy(text, s->buf, s->len + 1);
	free(s->buf);
	return text;
}

/* The diagnostics of a record, as qttt_diags_write() shows them. */
static const char *
diags(const struct qttt_diag_style *style)
{
	struct shown	 s;

	shown_open(&s);
	qttt_diags_write(s.f, "g.qttt", &rec, style);
	return shown_close(&s);
}

/* ------------------------------------------------------------------ */
/* What a refusal names, and its English in each notation              */
/* ------------------------------------------------------------------ */

START_TEST(test_named)
{
	const struct qttt_diag *d;

	/* X3 in b1, which the measurement of O2's cycle made classical. */
	ck_assert_uint_eq(play("X1 a1 b1; O2 a1 b1; measure O2->b1; "
	    "X3 b1 c1\n", QTTT_FORMAT_LINE), 1);
	d = &rec.diags[0];
	ck_assert_int_eq(d->code, QTTT_E_CLASSICAL);
	ck_assert_int_eq(d->action.kind, QTTT_PLACE);
	ck_assert_uint_eq(d->action.move, 3);
	ck_assert_uint_eq(d->move, 2);
	ck_assert_uint_eq(d->squares[0], 1);
	ck_assert_uint_eq(d->squares[1], QTTT_NOSQUARE);
	ck_assert_str_eq(d->msg, "X3 plays b1, but b1 is classical (O2)");

	/* The same game in Goff's notation: squares 1 to 9. */
	ck_assert_uint_eq(play("X1+(1,2); O2+(1,2); X2@O2(2)!X1(1)!O2(2); "
	    "X3+(2,3)\n", QTTT_FORMAT_GOFF), 1);
	d = &rec.diags[0];
	ck_assert_int_eq(d->code, QTTT_E_CLASSICAL);
	ck_assert_uint_eq(d->move, 2);
	ck_assert_uint_eq(d->squares[0], 1);
	ck_assert_str_eq(d->msg, "X3 plays 2, but 2 is classical (O2)");
}
END_TEST

START_TEST(test_named_result)
{
	const struct qttt_diag *d;

	ck_assert_uint_eq(play("X1 a1 b1; 1-1/2\n", QTTT_FORMAT_LINE), 1);
	d = &rec.diags[0];
	ck_assert_int_eq(d->code, QTTT_E_RESULT);
	ck_assert_uint_eq(d->action.move, 0);
	ck_assert_uint_eq(d->results[0].over, 0);
	ck_assert_uint_eq(d->results[1].over, 1);
	ck_assert_uint_eq(d->results[1].score[QTTT_X], 2);
	ck_assert_uint_eq(d->results[1].score[QTTT_O], 1);
	ck_assert_str_eq(d->msg, "the record states 1-1/2, but the game is "
	    "not over");
	ck_assert_uint_eq(play("X1+(1,2); {X=1,O=0.5}\n", QTTT_FORMAT_GOFF),
	    1);
	ck_assert_str_eq(rec.diags[0].msg, "the record states {X=1,O=0.5}, "
	    "but the game is not over");
}
END_TEST

/*
 * The forced last move, and the game over, spelt by each notation: the
 * line notation's X9 s and 1-0, Goff's X9+(s,s) and {X=1,O=0}.
 */
#define FULL	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; " \
		"O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2"
#define FULLG	"X1+(1,2); O2+(2,3); X3+(3,6); O4+(6,9); X5+(8,9); " \
		"O6+(7,8); X7+(4,7); O8+(1,4); X8@O8(4)!X1(1)!O2(2)!X3(3)" \
		"!O4(6)!X5(9)!O6(8)!X7(7)!O8(4)"

START_TEST(test_forced_spelt)
{
	struct qttt_action x9 = { QTTT_PLACE, 9, { 0, 4 } };
	struct qttt_diag d;
	struct qttt_state st;

	ck_assert_uint_eq(play(FULL "; X9 a1 b2\n", QTTT_FORMAT_LINE), 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_FORCED);
	ck_assert_uint_eq(rec.diags[0].squares[0], 4);
	ck_assert_str_eq(rec.diags[0].msg, "only b2 is open: the last move "
	    "is forced (X9 b2)");
	st = game.state;
	ck_assert_int_eq(qttt_state_legal(&st, &x9, &d), QTTT_E_FORCED);
	ck_assert_str_eq(d.msg, rec.diags[0].msg);
	ck_assert_uint_eq(play(FULLG "; X9+(1,5)\n", QTTT_FORMAT_GOFF), 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_FORCED);
	ck_assert_str_eq(rec.diags[0].msg, "only 5 is open: the last move "
	    "is forced (X9+(5,5))");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Diagnostics shown                                                    */
/* ------------------------------------------------------------------ */

START_TEST(test_shown)
{
	play("X1 a1 b1; O2 c3 c3\n", QTTT_FORMAT_LINE);
	ck_assert_str_eq(diags(NULL),
	    "g.qttt:1:17: error: O2 places both marks in c3: a move needs "
	    "two different squares [same-square]\n"
	    "X1 a1 b1; O2 c3 c3\n"
	    "                ^\n");
}
END_TEST

/*
 * A tab moves to the next tab stop, a wide character takes two
 * columns; the caret line copies the tab.  Byte columns count bytes.
 */
START_TEST(test_columns)
{
	struct qttt_diag_style bytes = { 0, 1, NULL };

	play("[x \xe6\xbc\xa2\xe5\xad\x97]\tX1 a1 a1\n", QTTT_FORMAT_LINE);
	ck_assert_str_eq(diags(NULL), "g.qttt:1:23: error: X1 places both "
	    "marks in a1: a move needs two different squares [same-square]\n"
	    "[x \xe6\xbc\xa2\xe5\xad\x97]\tX1 a1 a1\n"
	    "        \t      ^\n");
	ck_assert_str_eq(diags(&bytes), "g.qttt:1:18: error: X1 places both "
	    "marks in a1: a move needs two different squares [same-square]\n"
	    "[x \xe6\xbc\xa2\xe5\xad\x97]\tX1 a1 a1\n"
	    "        \t      ^\n");
}
END_TEST

/*
 * One line each: the source line and the caret left out, the column
 * still counted as the style says.
 */
START_TEST(test_one_line)
{
	struct qttt_diag_style line = { 0, 1, NULL, 1 };

	play("\tX1 a1 b1; O2 b1 b1\n", QTTT_FORMAT_LINE);
	ck_assert_str_eq(diags(&line), "g.qttt:1:18: error: O2 places both "
	    "marks in b1: a move needs two different squares "
	    "[same-square]\n");
	line.byte_columns = 0;
	ck_assert_str_eq(diags(&line), "g.qttt:1:25: error: O2 places both "
	    "marks in b1: a move needs two different squares "
	    "[same-square]\n");
}
END_TEST

START_TEST(test_json)
{
	struct qttt_diag_style json = { 1, 0, NULL };
	struct shown	 s;

	play("\tX1 a1 b1; O2 b1 b1\n", QTTT_FORMAT_LINE);
	shown_open(&s);
	qttt_diag_write(s.f, "a \"b\".qttt", &rec, &rec.diags[0], &json);
	ck_assert_str_eq(shown_close(&s), "{\"file\":\"a \\\"b\\\".qttt\","
	    "\"game\":1,\"line\":1,\"column\":25,\"byte_column\":18,"
	    "\"severity\":\"error\",\"code\":\"same-square\",\"message\":"
	    "\"O2 places both marks in b1: a move needs two different "
	    "squares\"}\n");
	shown_open(&s);
	qttt_note_write(s.f, "f", &rec, "a note", &json);
	ck_assert_str_eq(shown_close(&s), "{\"file\":\"f\",\"game\":1,"
	    "\"line\":1,\"column\":null,\"byte_column\":null,\"severity\":"
	    "\"note\",\"code\":null,\"message\":\"a note\"}\n");
}
END_TEST

/* What is not safe on a terminal, in a message and in a file name. */
START_TEST(test_unsafe)
{
	struct qttt_diag d;
	struct shown	 s;

	memset(&d, 0, sizeof(d));
	d.code = QTTT_E_EMPTY;
	snprintf(d.msg, sizeof(d.msg), "a\x1b[31mb\xe2\x80\xaeok\xff");
	shown_open(&s);
	qttt_diag_write(s.f, "x\ny\t\x01z", NULL, &d, NULL);
	ck_assert_str_eq(shown_close(&s), "x\\ny\\t\\x01z:1:1: error: "
	    "a?[31mb?ok? [no-games]\n");
}
END_TEST

/*
 * A line of more than 256 bytes: 100 bytes around the column, "..."
 * where it was cut (here before, the line ends sooner after).
 */
START_TEST(test_excerpt)
{
	char	 line[400], want[512];
	size_t	 n = 0;
	int	 i;

	for (i = 0; i < 40; i++)
		n += snprintf(line + n, sizeof(line) - n, "[k%02d v] ", i);
	n += snprintf(line + n, sizeof(line) - n, "X1 a1 a1\n");
	play(line, QTTT_FORMAT_LINE);
	ck_assert_uint_eq(rec.diags[0].col, 326);
	snprintf(want, sizeof(want), "g.qttt:1:327: error: X1 places both "
	    "marks in a1: a move needs two different squares "
	    "[same-square]\n...%.*s\n%53s^\n", 52, line + 276, "");
	ck_assert_str_eq(diags(NULL), want);
}
END_TEST

/* More than QTTT_MAXDIAGS: a note counts the rest; codes turned off. */
START_TEST(test_notes_and_off)
{
	unsigned char	 off[QTTT__NCODES] = { 0 };
	struct qttt_diag_style style = { 0, 0, off };
	const char	*text;
	char		 line[256];
	size_t		 n = 0;
	int		 i;

	for (i = 0; i < 20; i++)
		n += snprintf(line + n, sizeof(line) - n, "%sz", i > 0 ? "; " :
		    "");
	snprintf(line + n, sizeof(line) - n, "\n");
	play(line, QTTT_FORMAT_LINE);
	text = diags(NULL);
	ck_assert_ptr_nonnull(strstr(text, "g.qttt:1: note: 4 more problems "
	    "in this game not shown\n"));
	play("---\nmoves: [X1 a1 b1]\nResult: 1-0\n", QTTT_FORMAT_YAML);
	ck_assert_int_eq(rec.diags[0].code, QTTT_W_KEYCASE);
	ck_assert_ptr_nonnull(strstr(diags(&style), "[key-case]"));
	off[QTTT_W_KEYCASE] = 1;
	ck_assert_str_eq(diags(&style), "");
}
END_TEST

/* ------------------------------------------------------------------ */
/* What qttt_record_write() refuses                                     */
/* ------------------------------------------------------------------ */

START_TEST(test_write_refused)
{
	static char	 value[QTTT_YAML_SCALAR_MAX + 1];
	static const enum qttt_format to[] = {
		QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_JSON
	};
	struct qttt_meta m;
	struct qttt_extras ex;
	struct qttt_diag d;
	struct shown	 s;
	size_t		 i;

	play("X1 a1 b1\n", QTTT_FORMAT_LINE);
	memset(value, 'v', sizeof(value));
	memset(&m, 0, sizeof(m));
	m.key = "event";
	m.keylen = 5;
	m.value = value;
	m.valuelen = sizeof(value);
	qttt_extras_init(&ex);
	ex.meta = &m;
	ex.nmeta = 1;
	for (i = 0; i < sizeof(to) / sizeof(to[0]); i++) {
		shown_open(&s);
		ck_assert_int_eq(qttt_record_write(s.f, to[i], &game, &ex, &d),
		    -2);
		ck_assert_str_eq(shown_close(&s), "");
		ck_assert_int_eq(d.code, QTTT_E_UNWRITABLE);
		ck_assert_str_eq(d.msg, "metadata 'event': a value of 4097 "
		    "bytes (at most 4096)");
	}
	/* Goff's notation holds no extras: the game is written. */
	shown_open(&s);
	ck_assert_int_eq(qttt_record_write(s.f, QTTT_FORMAT_GOFF, &game, &ex,
	    &d), 0);
	ck_assert_str_eq(shown_close(&s), "X1+(1,2)\n");
	ck_assert_int_eq(qttt_record_write(stdout, QTTT_FORMAT_STATE, &game,
	    NULL, &d), -2);
	ck_assert_str_eq(d.msg, "state strings is not a format a game is "
	    "written in");
}
END_TEST

START_TEST(test_write_comments)
{
	static const char lines[] = "# one\n\n# two\n";
	struct shown	 s;

	shown_open(&s);
	ck_assert_int_eq(qttt_record_write_comments(s.f, QTTT_FORMAT_LINE,
	    lines, sizeof(lines) - 1), 0);
	ck_assert_int_eq(qttt_record_write_comments(s.f, QTTT_FORMAT_JSON,
	    lines, sizeof(lines) - 1), 1);
	ck_assert_int_eq(qttt_record_write_comments(s.f, QTTT_FORMAT_GOFF,
	    lines, sizeof(lines) - 1), 1);
	ck_assert_int_eq(qttt_record_write_comments(s.f, QTTT_FORMAT_YAML,
	    NULL, 0), 0);
	ck_assert_str_eq(shown_close(&s), lines);
	ck_assert_str_eq(qttt_format_name(QTTT_FORMAT_JSON), "JSON");
	ck_assert_str_eq(qttt_format_name(QTTT_FORMAT_GOFF),
	    "Goff's notation");
}
END_TEST

/*
 * Comment lines in a conversion: left to the game written in the line
 * notation or YAML, written alone, dropped and counted in JSON and
 * Goff's notation whether a game is written or not.
 */
START_TEST(test_convert_comments)
{
	static const char lines[] = "# one\n\n# two\n";
	const size_t	 len = sizeof(lines) - 1;
	struct shown	 s;

	shown_open(&s);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_LINE,
	    lines, len, 0), 0);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_YAML,
	    lines, len, 0), 0);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_JSON,
	    lines, len, 0), 3);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_GOFF,
	    lines, len, 1), 3);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_JSON,
	    lines, 6, 1), 1);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_GOFF,
	    NULL, 0, 1), 0);
	ck_assert_str_eq(shown_close(&s), "");
	shown_open(&s);
	ck_assert_int_eq(qttt_record_convert_comments(s.f, QTTT_FORMAT_YAML,
	    lines, len, 1), 0);
	ck_assert_str_eq(shown_close(&s), lines);
}
END_TEST

/*
 * The codes a program turns off (qttt_diag_off_parse()): warnings and
 * notes, by name; an error or a name that is no code refused, with its
 * column.
 */
START_TEST(test_off_parse)
{
	unsigned char	 off[QTTT__NCODES];
	struct qttt_diag d;

	memset(off, 0, sizeof(off));
	ck_assert_int_eq(qttt_diag_off_parse(off, "key-case,rules-differ",
	    &d), 0);
	ck_assert(off[QTTT_W_KEYCASE] && off[QTTT_N_DIFFER]);
	ck_assert(!off[QTTT_N_RULES] && !off[QTTT_E_SYNTAX]);
	ck_assert_int_eq(qttt_diag_off_parse(off, "own-rules,syntax", &d),
	    -1);
	ck_assert(off[QTTT_N_RULES] && !off[QTTT_E_SYNTAX]);
	ck_assert_int_eq(d.code, QTTT_E_SYNTAX);
	ck_assert_int_eq(d.severity, QTTT_ERROR);
	ck_assert_uint_eq(d.col, 10);
	ck_assert_str_eq(d.msg, "an error cannot be turned off: syntax");
	ck_assert_int_eq(qttt_diag_off_parse(off, "key-cas", &d), -1);
	ck_assert_uint_eq(d.col, 0);
	ck_assert_str_eq(d.msg, "no such code: key-cas");
	ck_assert_int_eq(qttt_diag_off_parse(off, "key-case,", NULL), -1);
}
END_TEST

Suite *
diag_suite(void)
{
	Suite	*s = suite_create("diag");
	TCase	*tc;

	tc = tcase_create("named");
	tcase_add_test(tc, test_named);
	tcase_add_test(tc, test_named_result);
	tcase_add_test(tc, test_forced_spelt);
	suite_add_tcase(s, tc);
	tc = tcase_create("shown");
	tcase_add_test(tc, test_shown);
	tcase_add_test(tc, test_columns);
	tcase_add_test(tc, test_one_line);
	tcase_add_test(tc, test_json);
	tcase_add_test(tc, test_unsafe);
	tcase_add_test(tc, test_excerpt);
	tcase_add_test(tc, test_notes_and_off);
	suite_add_tcase(s, tc);
	tc = tcase_create("write");
	tcase_add_test(tc, test_write_refused);
	tcase_add_test(tc, test_write_comments);
	tcase_add_test(tc, test_convert_comments);
	tcase_add_test(tc, test_off_parse);
	suite_add_tcase(s, tc);
	return s;
}
