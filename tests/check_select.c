/*
 * Selection (lib/collection/ranges.c, select.c, gameset.c, trim.c):
 * lists of numbers and ranges, patterns of squares, the criteria and
 * their predicate, the keys and sets of games that find duplicates,
 * and what is written of a game selected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

#define NGAMES		3000

/*
 * Reads the first record of a text (in fmt) into rec and plays it.  The
 * reader stays open, since the record points into it, until the next
 * call or done().
 */
static struct input played;
static int	 playing;

static void
done(void)
{
	if (playing)
		input_close(&played);
	playing = 0;
}

static size_t
play(const char *text, enum qttt_format fmt, struct qttt_record *rec,
    struct qttt_game *g)
{
	done();
	input_open(&played, text, strlen(text), fmt, rec, g);
	playing = 1;
	ck_assert_int_eq(input_next(&played), 1);
	return played.errors;
}

/* ------------------------------------------------------------------ */
/* Ranges                                                               */
/* ------------------------------------------------------------------ */

static const struct {
	const char	*s;
	unsigned long	 min;
	const char	*in, *out;	/* numbers held, and not, ','-ended */
	uint64_t	 last;
} good_ranges[] = {
	{ "3", 1, "3,", "1,2,4,", 3 },
	{ "2-5", 1, "2,3,5,", "1,6,", 5 },
	{ "10-", 1, "10,11,1000000000000,", "9,", QTTT_RANGE_END },
	{ "-4", 1, "1,4,", "5,", 4 },
	{ "-4", 0, "0,4,", "5,", 4 },
	{ "1,4-6,10-", 1, "1,4,6,10,99,", "2,3,7,9,", QTTT_RANGE_END },
	{ "0", 0, "0,", "1,", 0 },
	{ "7-7", 1, "7,", "6,8,", 7 },
	{ "1000000000000", 1, "1000000000000,", "999999999999,",
	    1000000000000ULL },
	{ "00012", 1, "12,", "11,", 12 },
};

START_TEST(test_ranges_good)
{
	struct qttt_ranges r;
	struct qttt_diag d;
	const char	*p;
	char		*end;
	uint64_t	 v;

	ck_assert_int_eq(qttt_ranges_parse(good_ranges[_i].s,
	    good_ranges[_i].min, &r, &d), 0);
	for (p = good_ranges[_i].in; *p != '\0'; p = end + 1) {
		v = strtoull(p, &end, 10);
		ck_assert_msg(qttt_ranges_has(&r, v), "%s: %llu not held",
		    good_ranges[_i].s, (unsigned long long)v);
	}
	for (p = good_ranges[_i].out; *p != '\0'; p = end + 1) {
		v = strtoull(p, &end, 10);
		ck_assert_msg(!qttt_ranges_has(&r, v), "%s: %llu held",
		    good_ranges[_i].s, (unsigned long long)v);
	}
	ck_assert_uint_eq(qttt_ranges_last(&r), good_ranges[_i].last);
}
END_TEST

static const struct {
	const char	*s;
	unsigned long	 min;
	unsigned long	 col;
	const char	*msg;	/* a part of the message */
} bad_ranges[] = {
	{ "", 1, 0, "empty" },
	{ "1,,2", 1, 2, "empty" },
	{ "3,", 1, 2, "empty" },
	{ "0", 1, 0, "below 1" },
	{ "0-3", 1, 0, "below 1" },
	{ "5-3", 1, 0, "ends before it starts" },
	{ "2,5-3", 1, 2, "ends before it starts" },
	{ "-", 1, 0, "one end" },
	{ "1x1", 1, 1, "'x'" },
	{ "1-2-3", 1, 3, "'-'" },
	{ " 1", 1, 0, "\\x20" },
	{ "+1", 1, 0, "'+'" },
	{ "1000000000001", 1, 0, "larger" },
	{ "99999999999999999999999", 1, 0, "larger" },
	{ "--3", 1, 1, "'-'" },
	{ "1 ", 1, 1, "\\x20" },
};

START_TEST(test_ranges_bad)
{
	struct qttt_ranges r = { 1, { 42 }, { 42 } };
	struct qttt_diag d;

	ck_assert_int_eq(qttt_ranges_parse(bad_ranges[_i].s,
	    bad_ranges[_i].min, &r, &d), -1);
	ck_assert_int_eq(d.code, QTTT_E_SYNTAX);
	ck_assert_uint_eq(d.col, bad_ranges[_i].col);
	ck_assert_msg(strstr(d.msg, bad_ranges[_i].msg) != NULL,
	    "%s: message '%s'", bad_ranges[_i].s, d.msg);
	/* r is unchanged; and d may be NULL. */
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.lo[0], 42);
	ck_assert_int_eq(qttt_ranges_parse(bad_ranges[_i].s,
	    bad_ranges[_i].min, &r, NULL), -1);
}
END_TEST

/* 32 items are taken, 33 are not. */
START_TEST(test_ranges_many)
{
	struct qttt_ranges r;
	struct qttt_diag d;
	char		 s[256] = "";
	int		 i;

	for (i = 1; i <= QTTT_MAXRANGES; i++)
		snprintf(s + strlen(s), sizeof(s) - strlen(s), "%s%d",
		    i > 1 ? "," : "", 2 * i);
	ck_assert_int_eq(qttt_ranges_parse(s, 1, &r, &d), 0);
	ck_assert_uint_eq(r.n, QTTT_MAXRANGES);
	ck_assert(qttt_ranges_has(&r, 64));
	ck_assert(!qttt_ranges_has(&r, 63));
	strcat(s, ",99");
	ck_assert_int_eq(qttt_ranges_parse(s, 1, &r, &d), -1);
	ck_assert(strstr(d.msg, "more than 32") != NULL);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Patterns                                                             */
/* ------------------------------------------------------------------ */

START_TEST(test_pattern_parse)
{
	static const struct {
		const char	*s;
		int		 ok;
		unsigned long	 col;
	} cases[] = {
		{ "b2=X", 1, 0 }, { "a1=o,c3=.,b1=x", 1, 0 },
		{ "d4=X", 0, 0 }, { "a1=Y", 0, 3 }, { "a1X", 0, 2 },
		{ "a1=X,", 0, 5 }, { "a1=X;b1=O", 0, 4 }, { "", 0, 0 },
		{ "a1=", 0, 3 }, { "a4=X", 0, 0 },
		/* One square holds one thing: both wants cannot hold. */
		{ "b2=X,b2=O", 0, 5 }, { "b2=X,a1=.,b2=X", 0, 10 },
	};
	struct qttt_pattern p;
	struct qttt_diag d;
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(qttt_pattern_parse(cases[i].s, &p, &d) ==
		    (cases[i].ok ? 0 : -1), "%s", cases[i].s);
		if (!cases[i].ok)
			ck_assert_msg(d.col == cases[i].col, "%s: column "
			    "%lu: %s", cases[i].s, d.col, d.msg);
	}
	ck_assert_int_eq(qttt_pattern_parse("b2=X,b2=O", &p, &d), -1);
	ck_assert_int_eq(d.code, QTTT_E_SQUARE);
	ck_assert(strstr(d.msg, "b2 is named twice") != NULL);
	ck_assert_int_eq(qttt_pattern_parse("a1=o,c3=.,b1=x", &p, &d), 0);
	ck_assert_int_eq(p.want[0], QTTT_WANT_O);
	ck_assert_int_eq(p.want[8], QTTT_WANT_OPEN);
	ck_assert_int_eq(p.want[1], QTTT_WANT_X);
	ck_assert_int_eq(p.want[4], QTTT_WANT_ANY);
}
END_TEST

/* Against the board, square by square, on random positions. */
START_TEST(test_pattern_match)
{
	static const char *const wants = ".XO";
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_pattern p;
	struct qttt_state st;
	char		 s[64];
	int		 i, sq, w, m, k, want;

	qttt_generator_init(&gen, 17, QTTT_GEN_UNFINISHED);
	for (i = 0; i < NGAMES; i++) {
		qttt_generator_game(&gen, &g);
		qttt_game_state_at(&g, qttt_generator_uniform(&gen,
		    g.nplies + 1), &st);
		sq = qttt_generator_uniform(&gen, QTTT_NSQUARES);
		w = qttt_generator_uniform(&gen, 3);
		snprintf(s, sizeof(s), "%s=%c", qttt_square_name(sq),
		    wants[w]);
		ck_assert_int_eq(qttt_pattern_parse(s, &p, NULL), 0);
		m = st.board[sq];
		want = w == 0 ? m == 0 : m != 0 &&
		    (int)QTTT_MOVER(m) == (w == 1 ? QTTT_X : QTTT_O);
		k = qttt_pattern_match(&p, &st);
		ck_assert_msg(k == want, "%s on board %d", s, m);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Criteria                                                             */
/* ------------------------------------------------------------------ */

/* The worked examples of formats/rules.md, as qttt-select(1) shows. */
static const char *const worked[] = {
	"X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3",
	"X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a1",
	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2; "
	    "measure O6->b2; 0-1",
	"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->a1; 1/2-1",
	"X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
	    "X7 a1 b2; measure X7->b2; 1-1/2",
	"X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0",
	/* An invalid one: the rules play it as far as its first item. */
	"X1 a1 b1; O2 b1 b1",
};
#define NWORKED	(sizeof(worked) / sizeof(worked[0]))

/*
 * A selection and the games it selects: criteria of a kind and its
 * argument, twice at most, and a bit per game of worked[].
 */
static const struct {
	enum qttt_criterion kind[2];
	const char	*arg[2];
	unsigned int	 selects;
} selections[] = {
	{ { QTTT_CRIT_RESULT }, { "0-1" }, 0x04 },
	{ { QTTT_CRIT_RESULT }, { "finished" }, 0x3c },
	{ { QTTT_CRIT_RESULT }, { "*" }, 0x03 },
	{ { QTTT_CRIT_RESULT }, { "pending" }, 0x01 },
	{ { QTTT_CRIT_RESULT }, { "2-0,1-1/2" }, 0x30 },
	/* Both must hold: a pending game is not over. */
	{ { QTTT_CRIT_RESULT, QTTT_CRIT_RESULT }, { "pending", "*" }, 0x01 },
	{ { QTTT_CRIT_RESULT, QTTT_CRIT_RESULT }, { "0-1", "1-0" }, 0x00 },
	{ { QTTT_CRIT_WINNER }, { "x" }, 0x30 },
	{ { QTTT_CRIT_WINNER }, { "O" }, 0x0c },
	{ { QTTT_CRIT_WINNER }, { "none" }, 0x03 },
	{ { QTTT_CRIT_WINNER, QTTT_CRIT_WINNER }, { "x", "o" }, 0x00 },
	{ { QTTT_CRIT_GAMES }, { "2,4-5" }, 0x1a },
	{ { QTTT_CRIT_GAMES }, { "6-" }, 0x20 },
	{ { QTTT_CRIT_GAMES, QTTT_CRIT_GAMES }, { "1-4", "3-" }, 0x0c },
	{ { QTTT_CRIT_MOVES }, { "9" }, 0x20 },
	{ { QTTT_CRIT_MOVES }, { "-6" }, 0x07 },
	{ { QTTT_CRIT_PLIES }, { "7-8" }, 0x1c },
	{ { QTTT_CRIT_MEASUREMENTS }, { "0" }, 0x01 },
	{ { QTTT_CRIT_MOVES, QTTT_CRIT_MEASUREMENTS }, { "-6", "1-" }, 0x06 },
	{ { QTTT_CRIT_FEATURE }, { "2-cycle" }, 0x18 },
	{ { QTTT_CRIT_FEATURE }, { "forced-x9" }, 0x20 },
	{ { QTTT_CRIT_FEATURE }, { "forced" }, 0x20 },
	{ { QTTT_CRIT_FEATURE }, { "cycle-3" }, 0x07 },
	{ { QTTT_CRIT_FEATURE }, { "cycle-8" }, 0x20 },
	{ { QTTT_CRIT_FEATURE }, { "double-line" }, 0x20 },
	{ { QTTT_CRIT_FEATURE }, { "simultaneous" }, 0x18 },
	{ { QTTT_CRIT_FEATURE, QTTT_CRIT_FEATURE }, { "2-cycle", "cycle-3" },
	    0x00 },
		/* X1 a1 a2 is an image of X1 a1 b1. */
	{ { QTTT_CRIT_OPENING }, { "X1 a1 b1" }, 0x27 },
	/* In any orientation: c3 b2 is an image of a1 b2. */
	{ { QTTT_CRIT_OPENING }, { "X1 c3 b2" }, 0x18 },
	{ { QTTT_CRIT_OPENING }, { "X1 a1 b1; O2 b1 c1" }, 0x20 },
	{ { QTTT_CRIT_OPENING, QTTT_CRIT_OPENING },
	    { "X1 a1 b1", "X1 c1 b1; O2 b1 b2" }, 0x04 },
	{ { QTTT_CRIT_PATTERN }, { "b2=X" }, 0x38 },
	{ { QTTT_CRIT_PATTERN }, { "b1=O,b2=." }, 0x20 },
	{ { QTTT_CRIT_PATTERN, QTTT_CRIT_PATTERN },
	    { "a1=.,b2=.", "a1=X,b2=X" }, 0x38 },
	{ { QTTT_CRIT_STATE }, { "X1,O2,./.,O6,X5/.,O4,X3 - - 0-1" }, 0x04 },
	/* The empty board: every game, the invalid one as played. */
	{ { QTTT_CRIT_STATE }, { ".,.,./.,.,./.,.,. X1 - *" }, 0x3f },
};

START_TEST(test_criteria)
{
	static struct qttt_record rec;
	static struct qttt_game g;
	struct qttt_criteria c;
	struct qttt_diag d;
	unsigned int	 got = 0;
	size_t		 i, errors;
	int		 k;

	qttt_criteria_init(&c);
	for (k = 0; k < 2 && selections[_i].arg[k] != NULL; k++)
		ck_assert_msg(qttt_criteria_add(&c, selections[_i].kind[k],
		    selections[_i].arg[k], &d) == 0, "%s: %s",
		    selections[_i].arg[k], d.msg);
	for (i = 0; i < NWORKED; i++) {
		errors = play(worked[i], QTTT_FORMAT_LINE, &rec, &g);
		ck_assert_uint_eq(errors > 0, i == NWORKED - 1);
		rec.index = i + 1;
		if (qttt_criteria_match(&c, &rec, &g, errors))
			got |= 1u << i;
		/* -v: the rest of the input, invalid games included. */
		c.invert = 1;
		ck_assert_int_ne(qttt_criteria_match(&c, &rec, &g, errors),
		    (got >> i) & 1);
		c.invert = 0;
	}
	ck_assert_msg(got == selections[_i].selects, "%s: selects %#x, not "
	    "%#x", selections[_i].arg[0], got, selections[_i].selects);
}
END_TEST

/* Valid, invalid, any; -x; a game with no record; metadata. */
START_TEST(test_criteria_other)
{
	static struct qttt_record rec;
	static struct qttt_game g, img;
	struct qttt_criteria c;
	size_t		 errors;

	errors = play(worked[NWORKED - 1], QTTT_FORMAT_LINE, &rec, &g);
	qttt_criteria_init(&c);
	ck_assert(!qttt_criteria_match(&c, &rec, &g, errors));
	c.validity = QTTT_SELECT_INVALID;
	ck_assert(qttt_criteria_match(&c, &rec, &g, errors));
	ck_assert(!qttt_criteria_match(&c, &rec, &g, 0));
	c.validity = QTTT_SELECT_ANY;
	ck_assert(qttt_criteria_match(&c, &rec, &g, errors));

	/* Exact: only the orientation written. */
	play(worked[3], QTTT_FORMAT_LINE, &rec, &g);
	qttt_criteria_init(&c);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_OPENING, "X1 c3 b2",
	    NULL), 0);
	ck_assert(qttt_criteria_match(&c, &rec, &g, 0));
	c.exact = 1;
	ck_assert(!qttt_criteria_match(&c, &rec, &g, 0));
	qttt_sym_game(QTTT_SYM_ROT180, &g, &img);
	ck_assert(qttt_criteria_match(&c, &rec, &img, 0));
	qttt_criteria_init(&c);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_STATE,
	    "X1,O2,./.,O6,X5/.,O4,X3 - - 0-1", NULL), 0);
	play(worked[2], QTTT_FORMAT_LINE, &rec, &g);
	qttt_sym_game(QTTT_SYM_FLIP_H, &g, &img);
	ck_assert(qttt_criteria_match(&c, &rec, &img, 0));
	c.exact = 1;
	ck_assert(!qttt_criteria_match(&c, &rec, &img, 0));
	ck_assert(qttt_criteria_match(&c, &rec, &g, 0));

	/* No record: no number, no metadata. */
	qttt_criteria_init(&c);
	ck_assert(qttt_criteria_match(&c, NULL, &g, 0));
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_GAMES, "1-", NULL),
	    0);
	ck_assert(!qttt_criteria_match(&c, NULL, &g, 0));

	/* Metadata: a key, its value as a shell pattern. */
	play("---\nx: Alice\no: Bob\nround: 3\nmoves: [X1 a1 b1]\n",
	    QTTT_FORMAT_YAML, &rec, &g);
	qttt_criteria_init(&c);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, "x", NULL), 0);
	ck_assert(qttt_criteria_match(&c, &rec, &g, 0));
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, "o=B*", NULL),
	    0);
	ck_assert(qttt_criteria_match(&c, &rec, &g, 0));
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, "round=[0-2]",
	    NULL), 0);
	ck_assert(!qttt_criteria_match(&c, &rec, &g, 0));
	qttt_criteria_init(&c);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, "event",
	    NULL), 0);
	ck_assert(!qttt_criteria_match(&c, &rec, &g, 0));
	ck_assert(!qttt_criteria_match(&c, NULL, &g, 0));

	/* A measurement that names another move of its cycle. */
	qttt_criteria_init(&c);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_FEATURE, "renamed",
	    NULL), 0);
	play(worked[2], QTTT_FORMAT_LINE, &rec, &g);
	ck_assert(!qttt_criteria_match(&c, &rec, &g, 0));
	play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2; "
	    "measure X1->a1", QTTT_FORMAT_LINE, &rec, &g);
	ck_assert(qttt_criteria_match(&c, &rec, &g, 0));
	ck_assert(!qttt_criteria_match(&c, NULL, &g, 0));
}
END_TEST

START_TEST(test_criteria_bad)
{
	static const struct {
		enum qttt_criterion kind;
		const char	*arg;
		enum qttt_code	 code;
		unsigned long	 col;
	} cases[] = {
		{ QTTT_CRIT_RESULT, "2-1", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_RESULT, "1-0,,0-1", QTTT_E_SYNTAX, 4 },
		{ QTTT_CRIT_RESULT, "", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_WINNER, "y", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_GAMES, "0", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_MOVES, "x", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_FEATURE, "3-cycle", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_FEATURE, "cycle-1", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_FEATURE, "cycle-10", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_OPENING, "X1 a1 a1", QTTT_E_SAMESQUARE, 6 },
		{ QTTT_CRIT_OPENING, "X1 a1 b1; 1-0", QTTT_E_SYNTAX, 10 },
		{ QTTT_CRIT_OPENING, "", QTTT_E_SYNTAX, 0 },
		{ QTTT_CRIT_OPENING, "X1 a1 b1; Q", QTTT_E_SYNTAX, 10 },
		{ QTTT_CRIT_STATE, "bad", QTTT_E_STATE, 0 },
		{ QTTT_CRIT_PATTERN, "b2=X,b2=O", QTTT_E_SQUARE, 5 },
		{ QTTT_CRIT_META, "=x", QTTT_E_SYNTAX, 0 },
		{ (enum qttt_criterion)99, "x", QTTT_E_SYNTAX, 0 },
	};
	struct qttt_criteria c;
	struct qttt_diag d;
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qttt_criteria_init(&c);
		memset(&d, 0, sizeof(d));
		ck_assert_msg(qttt_criteria_add(&c, cases[i].kind,
		    cases[i].arg, &d) == -1, "%s taken", cases[i].arg);
		ck_assert_msg(d.code == cases[i].code && d.col == cases[i].col,
		    "%s: %s at %lu: %s", cases[i].arg, qttt_code_name(d.code),
		    d.col, d.msg);
		ck_assert(d.msg[0] != '\0');
		/* Nothing added. */
		ck_assert_uint_eq(c.given, 0);
		ck_assert_int_eq(qttt_criteria_add(&c, cases[i].kind,
		    cases[i].arg, NULL), -1);
	}
}
END_TEST

/* At most QTTT_MAXCRIT of a kind, QTTT_CRIT_TEXT bytes of text. */
START_TEST(test_criteria_limits)
{
	static char	 big[QTTT_CRIT_TEXT + 1];
	struct qttt_criteria c;
	struct qttt_diag d;
	int		 i;

	qttt_criteria_init(&c);
	for (i = 0; i < QTTT_MAXCRIT; i++)
		ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_PATTERN,
		    "a1=X", &d), 0);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_PATTERN, "a1=X",
	    &d), -1);
	ck_assert_int_eq(d.code, QTTT_E_TOOMANY);
	qttt_criteria_init(&c);
	/* A key of QTTT_CRIT_TEXT - 1 bytes and its NUL fill it. */
	memset(big, 'k', QTTT_CRIT_TEXT - 1);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, big, &d), 0);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, "x", &d), -1);
	ck_assert_int_eq(d.code, QTTT_E_TOOMANY);
	big[QTTT_CRIT_TEXT - 1] = 'k';
	qttt_criteria_init(&c);
	ck_assert_int_eq(qttt_criteria_add(&c, QTTT_CRIT_META, big, &d), -1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Duplicates                                                           */
/* ------------------------------------------------------------------ */

/*
 * The key tells games apart exactly as their canonical records do, and
 * with symmetric, as the records of their canonical forms do.
 */
START_TEST(test_game_key)
{
	static struct qttt_game g[2];
	struct qttt_generator gen;
	struct qttt_game_key k[2];
	char		 s[2][QTTT_RECORD_MAX];
	size_t		 n;
	int		 i, j, sym, samekey, samerec;

	qttt_generator_init(&gen, 5, QTTT_GEN_UNFINISHED);
	for (i = 0; i < NGAMES; i++) {
		for (j = 0; j < 2; j++) {
			qttt_generator_game(&gen, &g[j]);
			/* Short games collide often. */
			if (g[j].nplies > 3) {
				n = 1 + qttt_generator_uniform(&gen, 3);
				qttt_game_state_at(&g[j], n, &g[j].state);
				g[j].nplies = n;
			}
		}
		for (sym = 0; sym < 2; sym++) {
			for (j = 0; j < 2; j++) {
				qttt_game_key(&g[j], sym, &k[j]);
				if (sym)
					qttt_game_symcanon(&g[j], &g[j]);
				qttt_game_format(&g[j], s[j], sizeof(s[j]));
			}
			samekey = k[0].hi == k[1].hi && k[0].lo == k[1].lo;
			samerec = strcmp(s[0], s[1]) == 0;
			ck_assert_msg(samekey == samerec, "%s, %s: keys %s",
			    s[0], s[1], samekey ? "equal" : "differ");
		}
	}
}
END_TEST

START_TEST(test_gameset)
{
	static struct qttt_game g, img;
	struct qttt_gameset *exact, *sym;
	struct qttt_generator gen;
	int		 i, s, k;

	ck_assert_ptr_nonnull(exact = qttt_gameset_new(0, 0));
	ck_assert_ptr_nonnull(sym = qttt_gameset_new(QTTT_GAMESET_SYMMETRIC,
	    0));
	qttt_generator_init(&gen, 3, 0);
	for (i = 0; i < NGAMES; i++) {
		qttt_generator_game(&gen, &g);
		k = qttt_gameset_add(sym, &g);
		ck_assert_int_ge(k, 0);
		ck_assert_int_eq(qttt_gameset_add(exact, &g), 1);
		ck_assert_int_eq(qttt_gameset_add(exact, &g), 0);
		/* Every image is the game itself up to symmetry. */
		for (s = 1; s < QTTT_NSYMS; s++) {
			qttt_sym_game(s, &g, &img);
			ck_assert_int_eq(qttt_gameset_add(sym, &img), 0);
		}
	}
	/* Random finished games are almost all distinct. */
	ck_assert_uint_eq(qttt_gameset_size(exact), NGAMES);
	ck_assert_uint_le(qttt_gameset_size(sym), NGAMES);
	ck_assert_uint_gt(qttt_gameset_size(sym), NGAMES / 2);
	/* A game with no move, and the empty board's position: one. */
	qttt_game_init(&g);
	ck_assert_int_eq(qttt_gameset_add(exact, &g), 1);
	ck_assert_int_eq(qttt_gameset_add(exact, &g), 0);
	qttt_gameset_free(exact);
	qttt_gameset_free(sym);
	qttt_gameset_free(NULL);
}
END_TEST

/* A bound on the memory: new games refused past it, old ones known. */
START_TEST(test_gameset_bound)
{
	static struct qttt_game g, first;
	struct qttt_gameset *s;
	struct qttt_generator gen;
	size_t		 n = 0;
	int		 i, k;

	/* The first table (1024 keys, 16 KiB) and no second. */
	ck_assert_ptr_nonnull(s = qttt_gameset_new(0, 20 * 1024));
	qttt_generator_init(&gen, 9, 0);
	qttt_generator_game(&gen, &first);
	ck_assert_int_eq(qttt_gameset_add(s, &first), 1);
	for (i = 0, n = 1; i < 2000; i++) {
		qttt_generator_game(&gen, &g);
		if ((k = qttt_gameset_add(s, &g)) == -1)
			break;
		n += k;
	}
	ck_assert_int_eq(k, -1);
	ck_assert_uint_eq(n, 768);
	ck_assert_uint_eq(qttt_gameset_size(s), n);
	ck_assert_int_eq(qttt_gameset_add(s, &first), 0);
	qttt_gameset_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Trimming                                                             */
/* ------------------------------------------------------------------ */

/* Writes g with ex in the line notation into buf. */
static const char *
line(const struct qttt_game *g, const struct qttt_extras *ex)
{
	static char	 buf[1024];
	FILE		*f;

	ck_assert_ptr_nonnull(f = fmemopen(buf, sizeof(buf), "w"));
	ck_assert_int_eq(qttt_record_write(f, QTTT_FORMAT_LINE, g, ex, NULL),
	    0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* The record the trimming tests start from. */
#define TRIMMED	"[x Alice] X1 a1 b1 [value 1]; " \
		"O2 b1 c1?? [comment bad] # a game"

START_TEST(test_trim)
{
	static const struct {
		size_t		 plies;
		unsigned int	 strip;
		const char	*want;
	} cases[] = {
		{ QTTT_TRIM_ALL, 0, "[x Alice] X1 a1 b1 [value 1]; "
		    "O2 b1 c1?? [comment bad] # a game\n" },
		{ QTTT_TRIM_ALL, QTTT_STRIP_COMMENTS, "[x Alice] X1 a1 b1 "
		    "[value 1]; O2 b1 c1??\n" },
		{ QTTT_TRIM_ALL, QTTT_STRIP_TAGS, "X1 a1 b1; O2 b1 c1?? "
		    "[comment bad] # a game\n" },
		{ QTTT_TRIM_ALL, QTTT_STRIP_GLYPHS, "[x Alice] X1 a1 b1 "
		    "[value 1]; O2 b1 c1 [comment bad] # a game\n" },
		{ QTTT_TRIM_ALL, QTTT_STRIP_COMMENTS | QTTT_STRIP_TAGS |
		    QTTT_STRIP_GLYPHS, "X1 a1 b1; O2 b1 c1\n" },
		{ 1, 0, "[x Alice] X1 a1 b1 [value 1] # a game\n" },
		{ 0, QTTT_STRIP_TAGS, "* # a game\n" },
	};
	static struct qttt_record rec;
	static struct qttt_game g;
	struct qttt_state st;
	struct qttt_extras ex;
	struct qttt_meta notes[QTTT_MAXNOTES];

	ck_assert_uint_eq(play(TRIMMED, QTTT_FORMAT_LINE, &rec, &g), 0);
	qttt_extras_from_record(&ex, &g, &rec);
	qttt_game_trim(&g, &ex, cases[_i].plies, cases[_i].strip, notes);
	ck_assert_str_eq(line(&g, &ex), cases[_i].want);
	qttt_game_state_at(&g, g.nplies, &st);
	ck_assert(qttt_state_equal(&st, &g.state));
	if (cases[_i].plies != QTTT_TRIM_ALL)
		ck_assert_uint_eq(g.nplies, cases[_i].plies);
	/* Without extras: the game alone is cut. */
	play(TRIMMED, QTTT_FORMAT_LINE, &rec, &g);
	qttt_game_trim(&g, NULL, 1, QTTT_STRIP_TAGS, NULL);
	ck_assert_uint_eq(g.nplies, 1);
	ck_assert_int_eq(g.state.next, 2);
}
END_TEST

/* A game shorter than the limit, and one cut before a measurement. */
START_TEST(test_trim_pending)
{
	static struct qttt_record rec;
	static struct qttt_game g;

	play(worked[1], QTTT_FORMAT_LINE, &rec, &g);
	qttt_game_trim(&g, NULL, 9, 0, NULL);
	ck_assert_uint_eq(g.nplies, 5);
	qttt_game_trim(&g, NULL, 4, 0, NULL);
	ck_assert_uint_eq(g.nplies, 4);
	ck_assert_int_ne(g.state.pending, 0);
	ck_assert_str_eq(input_canonical(&g),
	    "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3");
}
END_TEST

/*
 * What is written of a game selected (qttt_select_write()), as
 * qttt-select writes it: as read (with its CRLF), converted, alone in
 * its canonical orientation, trimmed, with its variations split, and
 * refused by a format that cannot hold it; an invalid record as read
 * whatever the format asked.
 */
static const struct {
	const char		*in;
	int			 valid;
	struct qttt_select_write o;
	enum qttt_format	 format;
	int			 k;
	const char		*out;	/* or the reason */
} select_writes[] = {
	{ "X1 a1 a2; O2 b1 c1\r\n", 1,
	    { QTTT_FORMAT_AUTO, 0, 0, QTTT_TRIM_ALL, 0 }, QTTT_FORMAT_LINE, 0,
	    "X1 a1 a2; O2 b1 c1\r\n" },
	{ "X1 a1 a2; O2 b1 c1\n", 1,
	    { QTTT_FORMAT_YAML, 0, 0, QTTT_TRIM_ALL, 0 }, QTTT_FORMAT_YAML, 0,
	    "---\nmoves:\n- X1 a1 a2\n- O2 b1 c1\n" },
	{ "X1 a1 a1\n", 0,
	    { QTTT_FORMAT_YAML, 0, 0, QTTT_TRIM_ALL, 0 }, QTTT_FORMAT_LINE, 0,
	    "X1 a1 a1\n" },
	{ "X1 c3 c2; O2 b1 c1; X3 a1 a2\n", 1,
	    { QTTT_FORMAT_AUTO, 1, 0, QTTT_TRIM_ALL, 0 }, QTTT_FORMAT_LINE, 0,
	    "X1 a1 b1; O2 c1 c2; X3 b3 c3\n" },
	{ "X1 a1 a2; O2 b1 c1; X3 a3 b3\n", 1,
	    { QTTT_FORMAT_AUTO, 0, 0, 2, 0 }, QTTT_FORMAT_LINE, 0,
	    "X1 a1 a2; O2 b1 c1\n" },
	{ "X1 a1 a2 (X1 b1 b2; O2 a1 a2); O2 b1 c1\n", 1,
	    { QTTT_FORMAT_AUTO, 0, QTTT_STRIP_VARIATIONS, QTTT_TRIM_ALL, 1 },
	    QTTT_FORMAT_LINE, 0, "X1 a1 a2; O2 b1 c1\nX1 b1 b2; O2 a1 a2\n" },
	{ "X1 a1 a2 (X1 b1 b2; O2 a1 a2); O2 b1 c1\n", 1,
	    { QTTT_FORMAT_GOFF, 0, 0, QTTT_TRIM_ALL, 0 }, QTTT_FORMAT_GOFF, -2,
	    "Goff's notation holds no variations: the first, 'X1 b1 b2' in "
	    "place of ply 1, and the others are written in the line "
	    "notation" },
};

START_TEST(test_select_write)
{
	static struct qttt_record rec;
	static struct qttt_game g;
	struct qttt_diag d;
	struct input	 in;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f;

	input_open(&in, select_writes[_i].in, strlen(select_writes[_i].in),
	    QTTT_FORMAT_AUTO, &rec, &g);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_int_eq(rec.ndiags == 0, select_writes[_i].valid);
	ck_assert_int_eq(qttt_select_format(&select_writes[_i].o, &rec,
	    select_writes[_i].valid), select_writes[_i].format);
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_select_write(f, &select_writes[_i].o, &rec, &g,
	    select_writes[_i].valid, &d), select_writes[_i].k);
	ck_assert_int_eq(fclose(f), 0);
	if (select_writes[_i].k == -2) {
		ck_assert_str_eq(buf, "");
		ck_assert_str_eq(d.msg, select_writes[_i].out);
	} else
		ck_assert_str_eq(buf, select_writes[_i].out);
	free(buf);
	input_close(&in);
}
END_TEST

/*
 * A reader of -g 2,5-7 stops after game 7, or a later one, of any
 * format but a stream of states, whose states share their numbers.
 */
START_TEST(test_ranges_past)
{
	static struct qttt_record rec;
	struct qttt_ranges r;

	ck_assert_int_eq(qttt_ranges_parse("2,5-7", 1, &r, NULL), 0);
	rec.format = QTTT_FORMAT_LINE;
	rec.index = 6;
	ck_assert(!qttt_ranges_past(&r, &rec));
	rec.index = 7;
	ck_assert(qttt_ranges_past(&r, &rec));
	rec.index = 9;
	ck_assert(qttt_ranges_past(&r, &rec));
	rec.format = QTTT_FORMAT_YAML;
	ck_assert(qttt_ranges_past(&r, &rec));
	rec.format = QTTT_FORMAT_STATE;
	ck_assert(!qttt_ranges_past(&r, &rec));
	/* "10-" has no end: never past it. */
	ck_assert_int_eq(qttt_ranges_parse("10-", 1, &r, NULL), 0);
	rec.format = QTTT_FORMAT_LINE;
	rec.index = 1000000;
	ck_assert(!qttt_ranges_past(&r, &rec));
}
END_TEST

/* What -p takes: a ply, a range of them, a path; and what it refuses. */
static const struct {
	const char	*s;
	int		 ret;
	long		 from, to;
	int		 path;
	unsigned long	 col;
} plies[] = {
	{ "0", 0, 0, 0, 0, 0 },
	{ "14", 0, 14, 14, 0, 0 },
	{ "007", 0, 7, 7, 0, 0 },
	{ "4-7", 0, 4, 7, 0, 0 },
	{ "5-5", 0, 5, 5, 0, 0 },
	{ "5.1.2", 0, 0, 0, 1, 0 },
	{ "9.2.3.1.1", 0, 0, 0, 1, 0 },
	/* Text with a dot that is no path, refused before any record. */
	{ "0.1", -1, 0, 0, 0, 0 },
	{ "5.x", -1, 0, 0, 0, 0 },
	{ "5.1.0", -1, 0, 0, 0, 0 },
	{ "15", -1, 0, 0, 0, 0 },
	{ "", -1, 0, 0, 0, 0 },
	{ "-4", -1, 0, 0, 0, 0 },
	{ "+3", -1, 0, 0, 0, 0 },
	{ "3 ", -1, 0, 0, 0, 0 },
	{ "7-4", -1, 0, 0, 0, 2 },
	{ "4-", -1, 0, 0, 0, 2 },
	{ "4-15", -1, 0, 0, 0, 2 },
	{ "4-7-9", -1, 0, 0, 0, 2 },
	{ "99999999999999999999", -1, 0, 0, 0, 0 },
};

START_TEST(test_plies_parse)
{
	struct qttt_diag d;
	long		 from = -1, to = -1;
	int		 path = -1;

	ck_assert_int_eq(qttt_plies_parse(plies[_i].s, &from, &to, &path,
	    &d), plies[_i].ret);
	if (plies[_i].ret == 0) {
		ck_assert_int_eq(from, plies[_i].from);
		ck_assert_int_eq(to, plies[_i].to);
		ck_assert_int_eq(path, plies[_i].path);
	} else {
		ck_assert_int_eq(d.code, QTTT_E_SYNTAX);
		ck_assert_uint_eq(d.col, plies[_i].col);
		ck_assert_int_eq(from, -1);
		ck_assert_int_eq(to, -1);
		ck_assert_int_eq(path, -1);
	}
}
END_TEST

Suite *
select_suite(void)
{
	Suite	*s = suite_create("select");
	TCase	*tc = tcase_create("select");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, NULL, done);
	tcase_add_loop_test(tc, test_ranges_good, 0,
	    sizeof(good_ranges) / sizeof(good_ranges[0]));
	tcase_add_loop_test(tc, test_ranges_bad, 0,
	    sizeof(bad_ranges) / sizeof(bad_ranges[0]));
	tcase_add_test(tc, test_ranges_many);
	tcase_add_test(tc, test_pattern_parse);
	tcase_add_test(tc, test_pattern_match);
	tcase_add_loop_test(tc, test_criteria, 0,
	    sizeof(selections) / sizeof(selections[0]));
	tcase_add_test(tc, test_criteria_other);
	tcase_add_test(tc, test_criteria_bad);
	tcase_add_test(tc, test_criteria_limits);
	tcase_add_test(tc, test_game_key);
	tcase_add_test(tc, test_gameset);
	tcase_add_test(tc, test_gameset_bound);
	tcase_add_loop_test(tc, test_trim, 0, 7);
	tcase_add_test(tc, test_trim_pending);
	tcase_add_test(tc, test_ranges_past);
	tcase_add_loop_test(tc, test_plies_parse, 0,
	    sizeof(plies) / sizeof(plies[0]));
	tcase_add_loop_test(tc, test_select_write, 0,
	    sizeof(select_writes) / sizeof(select_writes[0]));
	suite_add_tcase(s, tc);
	return s;
}
