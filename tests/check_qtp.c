/*
 * The engine protocol's messages (lib/protocol/qtp.c): what each line
 * reads as, what is refused and where, and the canonical form the
 * writer gives, which reads back as the same message.
 */
#include <string.h>

#include "check_qttt.h"

static struct qttt_qtp_parser *parser;

static void
setup(void)
{
	parser = qttt_qtp_parser_new();
	ck_assert_ptr_nonnull(parser);
}

static void
teardown(void)
{
	qttt_qtp_parser_free(parser);
	parser = NULL;
}

static int
text_eq(const struct qttt_qtp_text *t, const char *s)
{
	return t->len == strlen(s) && memcmp(t->s, s, t->len) == 0;
}

/* Lines that read, each with its kind and its canonical form. */
static const struct {
	const char		*line;
	enum qttt_qtp_kind	 kind;
	const char		*canonical;	/* NULL: the line itself */
} good[] = {
	{ "qtp", QTTT_QTP_QTP, NULL },
	{ "  qtp  \r", QTTT_QTP_QTP, "qtp" },
	{ "qtp version 2", QTTT_QTP_QTP, "qtp" },
	{ "isready", QTTT_QTP_ISREADY, NULL },
	{ "stop", QTTT_QTP_STOP, NULL },
	{ "quit", QTTT_QTP_QUIT, NULL },
	{ "qtpok", QTTT_QTP_QTPOK, NULL },
	{ "readyok", QTTT_QTP_READYOK, NULL },
	{ "newgame", QTTT_QTP_NEWGAME, NULL },
	{ "newgame seed 18446744073709551615", QTTT_QTP_NEWGAME, NULL },
	{ "newgame\tseed\t7 later 1", QTTT_QTP_NEWGAME, "newgame seed 7" },
	{ "setoption name Rules value goff", QTTT_QTP_SETOPTION, NULL },
	{ "setoption name Clear Hash", QTTT_QTP_SETOPTION, NULL },
	{ "setoption name Book File value /a b/value c",
	    QTTT_QTP_SETOPTION, NULL },
	{ "setoption name Comment value", QTTT_QTP_SETOPTION, NULL },
	{ "position start", QTTT_QTP_POSITION, NULL },
	{ "position start actions", QTTT_QTP_POSITION, NULL },
	{ "position start actions X1 a1 b1; O2 b1 b2; X3 a1 b2; "
	    "measure X3->a1", QTTT_QTP_POSITION, NULL },
	{ "position  start actions X1 B1 1 ;O2 2 5; X3 a1 b2; measure "
	    "X1 -> b1;", QTTT_QTP_POSITION, "position start actions X1 a1 "
	    "b1; O2 b1 b2; X3 a1 b2; measure X3->a1" },
	{ "position state x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *",
	    QTTT_QTP_POSITION, NULL },
	{ "go", QTTT_QTP_GO, NULL },
	{ "go infinite", QTTT_QTP_GO, NULL },
	{ "go movetime 100", QTTT_QTP_GO, NULL },
	{ "go nodes 5 depth 3 oinc 4 xinc 3 otime 2 xtime 1 infinite",
	    QTTT_QTP_GO, "go xtime 1 otime 2 xinc 3 oinc 4 depth 3 "
	    "nodes 5 infinite" },
	{ "go movetime 100 ponder 3 xtime 4", QTTT_QTP_GO,
	    "go movetime 100" },
	{ "id name qttt-engine 0.1.0", QTTT_QTP_ID, NULL },
	{ "id author  A. N. Author ", QTTT_QTP_ID,
	    "id author A. N. Author" },
	{ "id protocol 1", QTTT_QTP_ID, NULL },
	{ "id email a@b", QTTT_QTP_ID, NULL },
	{ "option name Level type combo default perfect var perfect "
	    "var random", QTTT_QTP_OPTION, NULL },
	{ "option name Hash Size type spin default 16 min -1 max 1024",
	    QTTT_QTP_OPTION, NULL },
	{ "option name Ponder type check default false", QTTT_QTP_OPTION,
	    NULL },
	{ "option name Log type string default a var b", QTTT_QTP_OPTION,
	    NULL },
	{ "option name Log type string default", QTTT_QTP_OPTION, NULL },
	{ "option name Clear type button", QTTT_QTP_OPTION, NULL },
	{ "info depth 3 nodes 10 time 5 value 1-1/2 pv X1 a1 c3; "
	    "O2 a1 c1", QTTT_QTP_INFO, NULL },
	{ "info value 1/2-1", QTTT_QTP_INFO, NULL },
	{ "info string thinking hard", QTTT_QTP_INFO, NULL },
	{ "info depth 2 hashfull 5 value 1-0", QTTT_QTP_INFO,
	    "info depth 2" },
	{ "bestaction X1 a1 b1", QTTT_QTP_BESTACTION, NULL },
	{ "bestaction X1 b1 a1", QTTT_QTP_BESTACTION, NULL },
	{ "bestaction X9 b2", QTTT_QTP_BESTACTION, NULL },
	{ "bestaction measure O6 -> 5", QTTT_QTP_BESTACTION,
	    "bestaction measure O6->b2" },
	{ "error", QTTT_QTP_ERROR, NULL },
	{ "error no such option: Hash", QTTT_QTP_ERROR, NULL },
	{ "ucinewgame", QTTT_QTP_UNKNOWN, NULL },
	{ "", QTTT_QTP_NONE, NULL },
	{ " \t ", QTTT_QTP_NONE, NULL },
};

START_TEST(test_good)
{
	struct qttt_qtp_msg m, back;
	struct qttt_diag d;
	const char	*line = good[_i].line, *want;
	char		 buf[QTTT_QTP_LINE_MAX + 1], again[QTTT_QTP_LINE_MAX + 1];
	int		 n;

	ck_assert_msg(qttt_qtp_parse(parser, line, strlen(line), &m, &d) ==
	    QTTT_OK, "'%s': %s", line, d.msg);
	ck_assert_int_eq(m.kind, good[_i].kind);
	if (m.kind == QTTT_QTP_NONE || m.kind == QTTT_QTP_UNKNOWN) {
		ck_assert_int_eq(qttt_qtp_format(&m, buf, sizeof(buf)), -1);
		return;
	}
	want = good[_i].canonical != NULL ? good[_i].canonical : line;
	n = qttt_qtp_format(&m, buf, sizeof(buf));
	ck_assert_msg(n >= 0 && strcmp(buf, want) == 0, "'%s' writes '%s'",
	    line, n >= 0 ? buf : "(refused)");
	ck_assert_int_eq((size_t)n, strlen(want));
	/* The canonical form reads back and writes again the same. */
	ck_assert_int_eq(qttt_qtp_parse(parser, buf, n, &back, &d), QTTT_OK);
	ck_assert_int_eq(qttt_qtp_format(&back, again, sizeof(again)), n);
	ck_assert_str_eq(again, buf);
	/* As snprintf: a short buffer gets what fits, and the length. */
	ck_assert_int_eq(qttt_qtp_format(&m, again, 4), n);
	ck_assert_int_eq(strlen(again), n < 3 ? n : 3);
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), n);
}
END_TEST

/* What the fields of some lines hold. */
START_TEST(test_fields)
{
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	const char	*s;
	char		 st[QTTT_STATE_MAX];
	char		 line[QTTT_QTP_LINE_MAX + 1];

	s = "go xtime 60000 otime 59000 xinc 100 infinite";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_uint_eq(m.has, QTTT_QTP_HAS(QTTT_QTP_XTIME) |
	    QTTT_QTP_HAS(QTTT_QTP_OTIME) | QTTT_QTP_HAS(QTTT_QTP_XINC) |
	    QTTT_QTP_INFINITE);
	ck_assert_uint_eq(m.num[QTTT_QTP_XTIME], 60000);
	ck_assert_uint_eq(m.num[QTTT_QTP_OTIME], 59000);
	ck_assert_uint_eq(m.num[QTTT_QTP_XINC], 100);

	s = "setoption name Book File value /a b/value c";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(text_eq(&m.name, "Book File"));
	ck_assert(m.has & QTTT_QTP_VALUE);
	ck_assert(text_eq(&m.text, "/a b/value c"));

	s = "option name Level type combo default perfect var perfect var "
	    "strong one var random";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(text_eq(&m.name, "Level"));
	ck_assert_int_eq(m.type, QTTT_QTP_COMBO);
	ck_assert(text_eq(&m.text, "perfect"));
	ck_assert_uint_eq(m.nvars, 3);
	ck_assert(text_eq(&m.var[1], "strong one"));
	ck_assert(text_eq(&m.var[2], "random"));

	s = "option name Hash type spin default -3 min -9223372036854775808 "
	    "max 9223372036854775807";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(m.min == INT64_MIN && m.max == INT64_MAX);

	s = "position start actions X1 a1 b1; O2 a1 b1";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(!m.from_state);
	ck_assert_uint_eq(m.game.nplies, 2);
	/* The 2-cycle waits for X's measurement. */
	ck_assert_int_eq(m.game.state.pending, 2);
	ck_assert_int_eq(qttt_state_turn(&m.game.state), QTTT_X);

	s = "position state x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(m.from_state);
	ck_assert_uint_eq(m.game.nplies, 0);
	qttt_state_format(&m.game.state, st, sizeof(st));
	ck_assert_str_eq(st, "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *");

	/* A state, then the actions played from it; written back so. */
	s = "position state x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 * "
	    "actions measure O4->a1; X5 c1 a3";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(m.from_state && (m.has & QTTT_QTP_ACTIONS));
	ck_assert_uint_eq(m.game.nplies, 2);
	qttt_state_format(&m.start, st, sizeof(st));
	ck_assert_str_eq(st, "x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *");
	ck_assert_int_eq(qttt_state_turn(&m.game.state), QTTT_O);
	ck_assert_int_eq(qttt_qtp_format(&m, line, sizeof(line)),
	    (int)strlen(s));
	ck_assert_str_eq(line, s);
	/* An action the state refuses is refused, at its column. */
	s = "position state x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 * "
	    "actions X5 c1 a3";
	ck_assert_int_ne(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_uint_eq(d.col, strlen("position state x1o4,o2,o2/x1x3,"
	    ".,./.,x3o4,. X5 O4 * actions "));

	s = "info depth 10 value 0-0 pv measure X3->a1; O4 c1 a2";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_uint_eq(m.num[QTTT_QTP_DEPTH], 10);
	ck_assert(m.value.over && m.value.score[0] == 0 &&
	    m.value.score[1] == 0);
	ck_assert(text_eq(&m.pv, "measure X3->a1; O4 c1 a2"));

	s = "bestaction measure X1->a1";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.action.kind, QTTT_MEASURE);
	ck_assert_int_eq(m.action.move, 1);
	ck_assert_int_eq(m.action.sq[0], 0);

	s = "id protocol 12";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(text_eq(&m.word, "protocol"));
	ck_assert_uint_eq(m.num[QTTT_QTP_PROTOCOL], 12);

	s = "option name Later type colour default red";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.kind, QTTT_QTP_OPTION);
	ck_assert_int_eq(m.type, QTTT_QTP_OTHER_TYPE);
	ck_assert(text_eq(&m.name, "Later"));
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);

	s = "frobnicate 1 2";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(text_eq(&m.word, "frobnicate"));
	ck_assert_str_eq(qttt_qtp_word(QTTT_QTP_BESTACTION), "bestaction");
	ck_assert_str_eq(qttt_qtp_word(QTTT_QTP_UNKNOWN), "");
}
END_TEST

/* Lines refused: the code, the 1-based column, a word of the message. */
static const struct {
	const char	*line;
	enum qttt_code	 code;
	unsigned long	 col;
	const char	*says;
} bad[] = {
	{ "go movetime", QTTT_E_QTP, 12, "takes a number" },
	{ "go movetime -1", QTTT_E_QTP, 13, "takes a number" },
	{ "go movetime 18446744073709551616", QTTT_E_QTP, 13, "number" },
	{ "go movetime 1 movetime 2", QTTT_E_QTP, 15, "twice" },
	{ "go infinite infinite", QTTT_E_QTP, 13, "twice" },
	{ "newgame seed x", QTTT_E_QTP, 14, "number" },
	{ "setoption", QTTT_E_QTP, 10, "'name' first" },
	{ "setoption name value 3", QTTT_E_QTP, 16, "no name" },
	{ "position", QTTT_E_QTP, 9, "'start'" },
	{ "position begin", QTTT_E_QTP, 10, "'start'" },
	{ "position start X1 a1 b1", QTTT_E_QTP, 16, "'actions'" },
	{ "position start actions X1 a1 a1", QTTT_E_SAMESQUARE, 30,
	    "two different" },
	{ "position start actions X1 a1 b1; X3 a1 b1", QTTT_E_ORDER, 34,
	    "" },
	{ "position start actions X1 a1 d1", QTTT_E_SQUARE, 30, "" },
	{ "position start actions X1 a1 b1 [value 1-0]", QTTT_E_QTP, 33,
	    "tag" },
	{ "position start actions X1 a1 b1?", QTTT_E_QTP, 32, "glyph" },
	{ "position start actions X1 a1 b1 # c", QTTT_E_QTP, 33, "'#'" },
	{ "position start actions X1 a1 b1 #", QTTT_E_QTP, 33, "'#'" },
	{ "position start actions # c", QTTT_E_QTP, 24, "'#'" },
	{ "position start actions X1 a1 b1; 1-0", QTTT_E_QTP, 34,
	    "result" },
	{ "position state x1", QTTT_E_STATE, 18, "" },
	{ "position state ., ., ./.,.,./.,.,. X1 - *", QTTT_E_STATE, 18,
	    "no content" },
	{ "option name X", QTTT_E_QTP, 14, "'type'" },
	{ "option name X type", QTTT_E_QTP, 19, "no type" },
	{ "option type check", QTTT_E_QTP, 8, "'name' first" },
	{ "option name type check", QTTT_E_QTP, 13, "no name" },
	{ "option name X type check default maybe", QTTT_E_QTP, 26,
	    "true or false" },
	{ "option name X type spin default 1.5", QTTT_E_QTP, 25,
	    "whole number" },
	{ "option name X type spin min 3 max 2", QTTT_E_QTP, 1, "min" },
	{ "option name X type spin min", QTTT_E_QTP, 28, "whole number" },
	{ "option name X type spin min 1 min 2", QTTT_E_QTP, 31, "twice" },
	{ "option name X type combo default a", QTTT_E_QTP, 35, "no 'var'" },
	{ "option name X type combo var", QTTT_E_QTP, 26, "no value" },
	{ "option name X type combo default", QTTT_E_QTP, 26, "no value" },
	{ "option name X type check var a", QTTT_E_QTP, 26, "not a part" },
	{ "option name X type button default a", QTTT_E_QTP, 27,
	    "not a part" },
	{ "option name X type check default true default false",
	    QTTT_E_QTP, 39, "twice" },
	{ "info value 1-1", QTTT_E_QTP, 12, "result" },
	{ "info value *", QTTT_E_QTP, 12, "result" },
	{ "info value", QTTT_E_QTP, 11, "result" },
	{ "info depth x", QTTT_E_QTP, 12, "number" },
	{ "info pv X1 a1", QTTT_E_SYNTAX, 14, "two squares" },
	{ "info depth 10 value 0-0 pv", QTTT_E_QTP, 27, "no action" },
	{ "info string a string b", QTTT_OK, 0, "" },
	{ "bestaction", QTTT_E_QTP, 11, "one action" },
	{ "bestaction X1 a1 b1; O2 a1 b1", QTTT_E_QTP, 12, "one action" },
	{ "bestaction X1 a1", QTTT_E_SYNTAX, 17, "two squares" },
	{ "bestaction 1-0", QTTT_E_QTP, 12, "result" },
	{ "bestaction X1 a1 b1 ponder O2 a1 b1", QTTT_E_SYNTAX, 21,
	    "ponder" },
	{ "id", QTTT_E_QTP, 3, "'name'" },
	{ "id protocol 0", QTTT_E_QTP, 13, "version" },
	{ "id protocol one", QTTT_E_QTP, 13, "version" },
	{ "bestaction X1 a1\x01 b1", QTTT_E_CONTROL, 17, "" },
	{ "id name \xff", QTTT_E_UTF8, 9, "" },
	{ "id name a\0b", QTTT_E_NUL, 10, "" },
};

START_TEST(test_bad)
{
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	const char	*line = bad[_i].line;
	size_t		 len = strlen(line);
	enum qttt_code	 code;

	if (bad[_i].code == QTTT_E_NUL)
		len += 2;	/* the NUL and the byte after it */
	memset(&d, 0, sizeof(d));
	code = qttt_qtp_parse(parser, line, len, &m, &d);
	if (bad[_i].code == QTTT_OK) {
		ck_assert_int_eq(code, QTTT_OK);
		return;
	}
	ck_assert_msg(code == bad[_i].code, "'%s': %s (%s), not %s", line,
	    qttt_code_name(code), d.msg, qttt_code_name(bad[_i].code));
	ck_assert_int_eq(d.code, code);
	ck_assert_msg(d.col + 1 == bad[_i].col, "'%s': column %lu, not %lu "
	    "(%s)", line, d.col + 1, bad[_i].col, d.msg);
	ck_assert_msg(strstr(d.msg, bad[_i].says) != NULL, "'%s': '%s'",
	    line, d.msg);
	/* No place for the diagnostic: the same answer. */
	ck_assert_int_eq(qttt_qtp_parse(parser, line, len, &m, NULL), code);
}
END_TEST

START_TEST(test_long_line)
{
	static char	 line[QTTT_QTP_LINE_MAX + 2];
	struct qttt_qtp_msg m;
	struct qttt_diag d;

	memset(line, 'a', sizeof(line));
	memcpy(line, "error ", 6);
	ck_assert_int_eq(qttt_qtp_parse(parser, line, QTTT_QTP_LINE_MAX, &m,
	    &d), QTTT_OK);
	ck_assert_uint_eq(m.text.len, QTTT_QTP_LINE_MAX - 6);
	/* A CR at the end is not counted. */
	line[QTTT_QTP_LINE_MAX] = '\r';
	ck_assert_int_eq(qttt_qtp_parse(parser, line, QTTT_QTP_LINE_MAX + 1,
	    &m, &d), QTTT_OK);
	line[QTTT_QTP_LINE_MAX] = 'a';
	ck_assert_int_eq(qttt_qtp_parse(parser, line, QTTT_QTP_LINE_MAX + 1,
	    &m, &d), QTTT_E_LONGLINE);
	ck_assert_uint_eq(d.col, QTTT_QTP_LINE_MAX);
	/* The writer does not make such a line either. */
	m.kind = QTTT_QTP_ERROR;
	m.text.s = line;
	m.text.len = QTTT_QTP_LINE_MAX - 5;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.text.len = QTTT_QTP_LINE_MAX - 6;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), QTTT_QTP_LINE_MAX);
}
END_TEST

/* Messages that cannot be written so that they read back. */
START_TEST(test_unwritable)
{
	struct qttt_qtp_msg m;
	struct qttt_qtp_text t;
	struct qttt_game g;
	struct qttt_action a;

	qttt_qtp_init(&m, QTTT_QTP_NONE);
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	qttt_qtp_init(&m, QTTT_QTP_UNKNOWN);
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.kind = (enum qttt_qtp_kind)99;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);

	qttt_qtp_init(&m, QTTT_QTP_SETOPTION);
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* no name */
	m.name.s = "Max value";
	m.name.len = 9;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.name.s = "values";
	m.name.len = 6;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), 21);
	m.name.s = " a";
	m.name.len = 2;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.name.s = "a\nb";
	m.name.len = 3;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);

	qttt_qtp_init(&m, QTTT_QTP_OPTION);
	m.name.s = "A";
	m.name.len = 1;
	m.type = QTTT_QTP_COMBO;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* no var */
	t.s = "x var y";
	t.len = 7;
	m.var[m.nvars++] = t;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.var[0].len = 1;
	ck_assert_int_gt(qttt_qtp_format(&m, NULL, 0), 0);
	m.type = QTTT_QTP_OTHER_TYPE;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.type = QTTT_QTP_CHECK;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* a var */
	m.nvars = 0;
	m.has = QTTT_QTP_DEFAULT;
	m.text.s = "yes";
	m.text.len = 3;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.type = QTTT_QTP_SPIN;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.text.s = "-12";
	ck_assert_int_gt(qttt_qtp_format(&m, NULL, 0), 0);
	m.has |= QTTT_QTP_MIN | QTTT_QTP_MAX;
	m.min = 5;
	m.max = 4;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);

	qttt_qtp_init(&m, QTTT_QTP_BESTACTION);
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* move 0 */
	m.action.move = 1;
	m.action.sq[0] = 0;
	m.action.sq[1] = 0;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* X1 a1 a1 */
	m.action.sq[1] = 9;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.action.sq[1] = 1;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), 19);

	/* A position the rules refuse. */
	qttt_qtp_init(&m, QTTT_QTP_POSITION);
	qttt_game_init(&g);
	a.kind = QTTT_PLACE;
	a.move = 1;
	a.sq[0] = 0;
	a.sq[1] = 1;
	ck_assert_int_eq(qttt_game_play(&g, &a, NULL), QTTT_OK);
	m.game = g;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0),
	    (int)strlen("position start actions X1 a1 b1"));
	m.game.plies[0].move = 3;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.game = g;
	m.from_state = 1;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* plies */
	m.game.nplies = 0;
	ck_assert_int_gt(qttt_qtp_format(&m, NULL, 0), 0);
	m.game.state.board[4] = 7;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);

	qttt_qtp_init(&m, QTTT_QTP_INFO);
	m.has = QTTT_QTP_VALUE;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* not over */
	m.value.over = 1;
	m.value.score[0] = 2;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), 14);	/* 1-0 */
	m.has |= QTTT_QTP_PV | QTTT_QTP_STRING;
	m.pv.s = "X1 a1 b1";
	m.pv.len = 8;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);

	qttt_qtp_init(&m, QTTT_QTP_ID);
	m.word.s = "two words";
	m.word.len = 9;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);
	m.word.s = "protocol";
	m.word.len = 8;
	ck_assert_int_eq(qttt_qtp_format(&m, NULL, 0), -1);	/* version 0 */
}
END_TEST

/*
 * Positions under a rule profile (qttt_qtp_parser_rules): played and
 * judged by it, their state carrying it; a state it refuses is
 * refused.  And info's value may be 1/2-1/2.
 */
START_TEST(test_profiles)
{
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	const char	*two = "position start actions X1 a1 b1; O2 a1 b1";
	const char	*s;
	char		 line[128];

	ck_assert_int_eq(qttt_qtp_parser_rules(parser, QTTT_RULES_DOUBLE),
	    -1);
	ck_assert_int_eq(qttt_qtp_parse(parser, two, strlen(two), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.game.state.rules, QTTT_RULES_GOFF);
	/* The 2-cycle's state, for later. */
	strcpy(line, "position state ");
	qttt_state_format(&m.game.state, line + strlen(line),
	    sizeof(line) - strlen(line));

	ck_assert_int_eq(qttt_qtp_parser_rules(parser, QTTT_RULES_NO_2CYCLES),
	    0);
	ck_assert_int_eq(qttt_qtp_parse(parser, two, strlen(two), &m, &d),
	    QTTT_E_TWOCYCLE);
	ck_assert_int_eq(m.kind, QTTT_QTP_POSITION);
	ck_assert_uint_eq(d.col, strlen("position start actions X1 a1 b1; "));
	ck_assert_str_eq(line, "position state x1o2,x1o2,./.,.,./.,.,. X3 O2 *");
	ck_assert_int_eq(qttt_qtp_parse(parser, line, strlen(line), &m, &d),
	    QTTT_E_STATE);
	/* At the pending 2-cycle. */
	ck_assert_uint_eq(d.col, strlen("position state x1o2,x1o2,./.,.,./"
	    ".,.,. X3 "));

	s = "position start actions X1 a1 b1; O2 a1 c1";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.game.state.rules, QTTT_RULES_NO_2CYCLES);
	ck_assert_int_eq(m.game.plies[1].sq[1], 2);
	/* Written back, it is played by its own rules. */
	ck_assert_int_eq(qttt_qtp_format(&m, line, sizeof(line)),
	    (int)strlen(s));
	ck_assert_str_eq(line, s);
	s = "position state x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.game.state.rules, QTTT_RULES_NO_2CYCLES);
	/* The empty board too: "position start" is of the profile. */
	s = "position start";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.game.state.rules, QTTT_RULES_NO_2CYCLES);
	ck_assert_uint_eq(m.game.nplies, 0);

	/*
	 * A state read by the profile: under cpp-solver the draw with one
	 * square open, 1/2-1/2, is a position, and the forced X9 of
	 * Goff's rules is not (the game is over before it).
	 */
	ck_assert_int_eq(qttt_qtp_parser_rules(parser, QTTT_RULES_DOUBLE_1 |
	    QTTT_RULES_LAST_DRAW | QTTT_RULES_DRAW_HALF), 0);
	s = "position state X1,O2,X3/O8,.,O4/X7,O6,X5 - - 1/2-1/2";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(m.game.state.result.over &&
	    m.game.state.result.score[QTTT_X] == 1);
	s = "position state X1,O2,X3/O8,.,O4/X7,O6,X5 X9 - *";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_E_STATE);

	/* Back to goff: the 2-cycle is a move again. */
	ck_assert_int_eq(qttt_qtp_parser_rules(parser, QTTT_RULES_GOFF), 0);
	s = "position state X1,O2,X3/O8,.,O4/X7,O6,X5 X9 - *";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(qttt_qtp_parse(parser, two, strlen(two), &m, &d),
	    QTTT_OK);

	s = "info value 1/2-1/2";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert(m.value.over && m.value.score[QTTT_X] == 1 &&
	    m.value.score[QTTT_O] == 1);
	ck_assert_int_eq(qttt_qtp_format(&m, line, sizeof(line)),
	    (int)strlen(s));
	s = "info value 3-0";
	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_E_QTP);
	ck_assert_ptr_nonnull(strstr(d.msg, "0-0 or 1/2-1/2"));
}
END_TEST

/*
 * An engine of levels' hello: its lines as written, the Rules option
 * listing every preset and switch, each a profile, and every line read
 * back as what it is.
 */
START_TEST(test_level_hello)
{
	struct qttt_level_hello h;
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	char		 line[QTTT_QTP_LINE_MAX + 1], want[64];
	const char	*names[] = { "name", "author", "protocol" };
	unsigned int	 r;
	size_t		 i, n = 0;

	qttt_level_hello(&h, "an-engine", QTTT_LEVEL_MEDIUM);
	ck_assert_uint_eq(h.n, QTTT_LEVEL_HELLO);
	snprintf(want, sizeof(want), "id name an-engine %s medium",
	    QTTT_VERSION);
	ck_assert_int_ge(qttt_qtp_format(&h.msg[0], line, sizeof(line)), 0);
	ck_assert_str_eq(line, want);
	ck_assert_int_ge(qttt_qtp_format(&h.msg[1], line, sizeof(line)), 0);
	ck_assert_str_eq(line, "id author the qttt authors");
	ck_assert_int_ge(qttt_qtp_format(&h.msg[2], line, sizeof(line)), 0);
	ck_assert_str_eq(line, "id protocol 1");
	ck_assert_int_ge(qttt_qtp_format(&h.msg[3], line, sizeof(line)), 0);
	ck_assert_str_eq(line, "option name Level type combo default medium "
	    "var perfect var strong var medium var weak var random");
	for (i = 0; i < 3; i++) {
		ck_assert_int_ge(qttt_qtp_format(&h.msg[i], line,
		    sizeof(line)), 0);
		ck_assert_int_eq(qttt_qtp_parse(parser, line, strlen(line),
		    &m, &d), QTTT_OK);
		ck_assert_int_eq(m.kind, QTTT_QTP_ID);
		ck_assert(text_eq(&m.word, names[i]));
	}

	while (qttt_rules_preset(n, &r) != NULL)
		n++;
	for (i = 0; qttt_rules_switch(i, &r) != NULL; i++)
		n++;
	ck_assert_int_ge(qttt_qtp_format(&h.msg[4], line, sizeof(line)), 0);
	ck_assert_int_eq(qttt_qtp_parse(parser, line, strlen(line), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(m.kind, QTTT_QTP_OPTION);
	ck_assert(text_eq(&m.name, "Rules") && text_eq(&m.text, "goff"));
	ck_assert_uint_eq(m.nvars, n);
	ck_assert(text_eq(&m.var[0], "goff"));
	for (i = 0; i < m.nvars; i++)
		ck_assert_int_eq(qttt_rules_parse(m.var[i].s, m.var[i].len,
		    &r, NULL), 0);
}
END_TEST

/* setoption lines for an engine of levels, and what each does. */
static const struct {
	const char	*line;
	int		 ret;
	const char	*value;		/* the level or profile set */
	const char	*msg;		/* the diagnostic, if refused */
} level_options[] = {
	{ "setoption name Level value weak", 0, "weak", NULL },
	{ "setoption name level value Random", 0, "random", NULL },
	{ "setoption name Rules value ksmanis", 1, "ksmanis", NULL },
	{ "setoption name RULES value Double=1,Draw=1/2", 1,
	    "double=1,draw=1/2", NULL },
	{ "setoption name Rules value nope", -1, NULL,
	    "option Rules does not take the value 'nope'" },
	{ "setoption name Level value x", -1, NULL,
	    "option Level does not take the value 'x'" },
	{ "setoption name Level", -1, NULL,
	    "option Level does not take the value ''" },
	{ "setoption name Hash value 16", -1, NULL, "no option Hash" },
};

START_TEST(test_level_setoption)
{
	const char	*s = level_options[_i].line;
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	enum qttt_level	 l = QTTT_LEVEL_STRONG, want;
	unsigned int	 rules = QTTT_RULES_GOFF, r;

	ck_assert_int_eq(qttt_qtp_parse(parser, s, strlen(s), &m, &d),
	    QTTT_OK);
	ck_assert_int_eq(qttt_level_setoption(&m, &l, &rules, &d),
	    level_options[_i].ret);
	switch (level_options[_i].ret) {
	case 0:
		ck_assert_int_eq(qttt_level_parse(level_options[_i].value,
		    strlen(level_options[_i].value), &want), 0);
		ck_assert_int_eq(l, want);
		ck_assert_uint_eq(rules, QTTT_RULES_GOFF);
		break;
	case 1:
		ck_assert_int_eq(qttt_rules_parse(level_options[_i].value,
		    strlen(level_options[_i].value), &r, NULL), 0);
		ck_assert_uint_eq(rules, r);
		ck_assert_int_eq(l, QTTT_LEVEL_STRONG);
		break;
	default:
		ck_assert_int_eq(d.code, QTTT_E_QTP);
		ck_assert_str_eq(d.msg, level_options[_i].msg);
		ck_assert_int_eq(l, QTTT_LEVEL_STRONG);
		ck_assert_uint_eq(rules, QTTT_RULES_GOFF);
	}
}
END_TEST

Suite *
qtp_suite(void)
{
	Suite	*s = suite_create("qtp");
	TCase	*tc = tcase_create("messages");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_good, 0, sizeof(good) / sizeof(good[0]));
	tcase_add_test(tc, test_fields);
	tcase_add_loop_test(tc, test_bad, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, test_long_line);
	tcase_add_test(tc, test_unwritable);
	tcase_add_test(tc, test_profiles);
	tcase_add_test(tc, test_level_hello);
	tcase_add_loop_test(tc, test_level_setoption, 0,
	    sizeof(level_options) / sizeof(level_options[0]));
	suite_add_tcase(s, tc);
	return s;
}
