/*
 * YAML and JSON records: the reader's positions (items, metadata, rule
 * violations found after parsing), every rejection with its position,
 * recovery at the next document, the shapes of JSON input, the writers,
 * extras filled in by a producer, and memory that stays bounded on
 * hostile input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qttt.h"
#include "check_qttt.h"

static struct qttt_record rec;
static struct qttt_game game;

/* Reads a YAML text (a C string) and returns its first game. */
static void
first_game(const char *text, struct input *in)
{
	input_open(in, text, strlen(text), QTTT_FORMAT_YAML, &rec, &game);
	ck_assert_msg(input_next(in) == 1, "no game in '%s'", text);
}

/* Whether the last game has a diagnostic (1-based position). */
static int
has_diag(enum qttt_code code, unsigned long line, unsigned long col,
    const char *part)
{
	size_t	 i;

	for (i = 0; i < rec.ndiags; i++)
		if (rec.diags[i].code == code &&
		    rec.diags[i].line + 1 == line &&
		    rec.diags[i].col + 1 == col &&
		    strstr(rec.diags[i].msg, part) != NULL)
			return 1;
	return 0;
}


/* ------------------------------------------------------------------ */
/* Positions                                                            */
/* ------------------------------------------------------------------ */

START_TEST(test_positions)
{
	static const char text[] =
	    "# a comment\n"
	    "---\n"
	    "event: Open\n"
	    "x: \"Alice\"\n"
	    "moves:\n"
	    "  - X1 a1 b1\n"
	    "  - move: O2 b1 c1\n"
	    "    comment: the top row\n"
	    "  - \"X3 c1 c2\"\n"
	    "result: '*'\n";
	struct input	 in;

	first_game(text, &in);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_int_eq(rec.format, QTTT_FORMAT_YAML);
	ck_assert_uint_eq(rec.line, 2);
	ck_assert_uint_eq(rec.nitems, 4);
	/* Each item where its scalar is, each square where it is. */
	ck_assert_uint_eq(rec.items[0].line, 5);
	ck_assert_uint_eq(rec.items[0].col, 4);
	ck_assert_uint_eq(rec.items[0].sqcol[0], 7);
	ck_assert_uint_eq(rec.items[0].sqcol[1], 10);
	ck_assert_uint_eq(rec.items[1].line, 6);
	ck_assert_uint_eq(rec.items[1].col, 10);
	ck_assert_uint_eq(rec.items[1].sqcol[1], 16);
	ck_assert_uint_eq(rec.items[2].line, 8);
	ck_assert_uint_eq(rec.items[2].col, 5);	/* inside the quotes */
	ck_assert_int_eq(rec.items[3].kind, QTTT_ITEM_RESULT);
	ck_assert_uint_eq(rec.items[3].line, 9);
	ck_assert_uint_eq(rec.items[3].col, 9);
	/* Comments and metadata, in order, plain or quoted. */
	ck_assert_ptr_null(rec.items[0].comment);
	ck_assert_uint_eq(rec.items[1].commentlen, 11);
	ck_assert_mem_eq(rec.items[1].comment, "the top row", 11);
	ck_assert_uint_eq(rec.nmeta, 2);
	ck_assert_mem_eq(rec.meta[0].key, "event", 5);
	ck_assert_mem_eq(rec.meta[0].value, "Open", 4);
	ck_assert_int_eq(rec.meta[0].plain, 1);
	ck_assert_uint_eq(rec.meta[0].line, 2);
	ck_assert_uint_eq(rec.meta[0].col, 0);
	ck_assert_mem_eq(rec.meta[1].key, "x", 1);
	ck_assert_int_eq(rec.meta[1].plain, 0);
	/* The text of the game runs from its first line to the end. */
	ck_assert_ptr_nonnull(rec.text);
	ck_assert_int_eq(strncmp(rec.text, "event: Open\n", 12), 0);
	ck_assert_uint_eq(rec.textlen, sizeof(text) - 1 - 16);
	ck_assert_int_eq(input_next(&in), 0);
	input_close(&in);
}
END_TEST

/* A rule violation found after parsing points into the YAML or JSON. */
START_TEST(test_rule_positions)
{
	static const struct {
		const char	*text;
		enum qttt_code	 code;
		unsigned long	 line, col;
	} cases[] = {
		{ "moves:\n- X1 a1 b1\n- O2 a1 a1\n", QTTT_E_SAMESQUARE, 3, 9 },
		{ "moves: [X1 a1 b1, O2 a1 b1, measure X1->a1, X3 b1 a2]\n",
		    QTTT_E_CLASSICAL, 1, 48 },
		{ "{\"moves\": [\"X1 a1 b1\", \"O4 b1 c1\"]}\n", QTTT_E_ORDER,
		    1, 25 },
		{ "moves:\n- X1 a1 b1\n- move: O2 a1 b1\n  comment: cycle\n"
		    "- measure X3->a1\n", QTTT_E_NOTPLAYED, 5, 3 },
		{ "moves: [X1 a1 b1]\nresult: 1-0\n", QTTT_E_RESULT, 2, 9 },
	};
	struct input	 in;
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		first_game(cases[i].text, &in);
		if (!has_diag(cases[i].code, cases[i].line,
		    cases[i].col, "")) {
			input_dump_diags(cases[i].text, &rec);
			ck_abort_msg("no %s at %lu:%lu",
			    qttt_code_name(cases[i].code), cases[i].line,
			    cases[i].col);
		}
		ck_assert_uint_eq(in.errors, 1);
		input_close(&in);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Rejections: each one, with its position                              */
/* ------------------------------------------------------------------ */

static const struct {
	const char	*name;
	const char	*text;
	enum qttt_code	 code;
	unsigned long	 line, col;	/* 1-based */
	const char	*part;		/* of the message */
} rejections[] = {
	{ "alias", "moves: *m\n", QTTT_E_YAML, 1, 8, "aliases" },
	{ "anchor", "moves: &m [X1 a1 b1]\n", QTTT_E_YAML, 1, 8, "anchors" },
	{ "anchor on a value", "event: &e Open\nmoves: []\n", QTTT_E_YAML,
	    1, 8, "anchors" },
	{ "anchor on a game", "--- &g\nmoves: []\n", QTTT_E_YAML, 1, 5,
	    "anchors" },
	{ "unknown tag", "event: !!int 3\nmoves: []\n", QTTT_E_YAML, 1, 8,
	    "unknown tag 'tag:yaml.org,2002:int'" },
	{ "local tag", "moves: !game [X1 a1 b1]\n", QTTT_E_YAML, 1, 8,
	    "unknown tag '!game'" },
	{ "tag on a game", "--- !!binary\nmoves: []\n", QTTT_E_YAML, 1, 5,
	    "unknown tag" },
	{ "seq tag on a mapping", "--- !!seq\nmoves: []\n", QTTT_E_YAML, 1, 5,
	    "unknown tag" },
	{ "duplicate key", "event: a\nevent: b\nmoves: []\n", QTTT_E_YAML,
	    2, 1, "duplicate key 'event' (first on line 1)" },
	{ "duplicate moves", "moves: []\nmoves: []\n", QTTT_E_YAML, 2, 1,
	    "duplicate key 'moves'" },
	{ "duplicate result", "moves: []\nresult: '*'\nresult: '*'\n",
	    QTTT_E_YAML, 3, 1, "duplicate key 'result'" },
	{ "duplicate in a move", "moves:\n- {move: X1 a1 b1, move: X1 a1 b2}"
	    "\n", QTTT_E_YAML, 2, 20, "duplicate key 'move'" },
	/* 28 levels: a game, its moves, and 27 more, the last refused. */
	{ "nesting", "moves: [[[[[[[[[[[[[[[[[[[[[[[[[[[[X1 a1 b1"
	    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n", QTTT_E_YAML, 1, 35,
	    "nesting deeper than the format needs (28 levels" },
	{ "nesting in a list", "- moves:\n  - - - - - - - - - - - - - - - - "
	    "- - - - - - - - - - - x\n", QTTT_E_YAML, 2, 55,
	    "nesting deeper" },
	{ "syntax", "moves: [X1 a1 b1\n", QTTT_E_YAML, 1, 17,
	    "did not find expected ',' or ']'" },
	{ "bad indentation", "moves:\n  - X1 a1 b1\n - O2 b1 c1\n",
	    QTTT_E_YAML, 3, 2, "" },
	{ "document scalar", "just words\n", QTTT_E_YAML, 1, 1,
	    "a document is a game" },
	{ "list entry scalar", "- 5\n", QTTT_E_YAML, 1, 3,
	    "each entry of a list of games is a game" },
	{ "list entry list", "- [a]\n", QTTT_E_YAML, 1, 3,
	    "each entry of a list of games is a game" },
	{ "moves scalar", "moves: X1 a1 b1\n", QTTT_E_YAML, 1, 8,
	    "'moves' is a list, not a scalar" },
	{ "moves mapping", "moves: {a: b}\n", QTTT_E_YAML, 1, 8,
	    "'moves' is a list, not a mapping" },
	{ "metadata mapping", "event: {a: b}\nmoves: []\n", QTTT_E_YAML, 1, 8,
	    "metadata values are scalars" },
	{ "metadata list", "event: [a]\nmoves: []\n", QTTT_E_YAML, 1, 8,
	    "metadata values are scalars" },
	{ "move list", "moves: [[X1 a1 b1]]\n", QTTT_E_YAML, 1, 9,
	    "a move is a string" },
	{ "move without move", "moves: [{comment: hi}]\n", QTTT_E_YAML, 1, 9,
	    "needs a 'move' key" },
	{ "note mapping", "moves: [{move: X1 a1 b1, note: {a: b}}]\n",
	    QTTT_E_YAML, 1, 32, "notes on a move are scalars" },
	{ "note list", "moves: [{move: X1 a1 b1, note: [x]}]\n",
	    QTTT_E_YAML, 1, 32, "notes on a move are scalars" },
	{ "duplicate note", "moves: [{move: X1 a1 b1, v: 1, v: 2}]\n",
	    QTTT_E_YAML, 1, 32, "duplicate key 'v'" },
	{ "empty note key", "moves: [{move: X1 a1 b1, '': 1}]\n",
	    QTTT_E_YAML, 1, 26, "empty key" },
	{ "comment mapping", "moves: [{move: X1 a1 b1, comment: {a: b}}]\n",
	    QTTT_E_YAML, 1, 35, "'comment' is a string" },
	{ "result list", "moves: []\nresult: [1-0]\n", QTTT_E_YAML, 2, 9,
	    "'result' is a string" },
	{ "missing moves", "event: x\n", QTTT_E_YAML, 1, 1,
	    "needs a 'moves' list" },
	{ "key a list", "[a]: b\nmoves: []\n", QTTT_E_YAML, 1, 1,
	    "a key is a scalar" },
	{ "empty key", "\"\": b\nmoves: []\n", QTTT_E_YAML, 1, 1,
	    "empty key" },
	{ "bad date", "date: 2026-02-30\nmoves: []\n", QTTT_E_YAML, 1, 7,
	    "date '2026-02-30'" },
	{ "bad date form", "date: 15 May 2026\nmoves: []\n", QTTT_E_YAML, 1,
	    7, "is not YYYY-MM-DD" },
	{ "other rules", "rules: simultaneous\nmoves: []\n", QTTT_E_RULES, 1,
	    8, "is not a rule profile" },
	{ "other rules' item", "rules: 'python,draw=half'\nmoves: []\n",
	    QTTT_E_RULES, 1, 16, "'draw=half' is not a rule profile" },
	{ "rules with control bytes", "rules: \"a\\x01\\nb\\\\\\u2028\"\n"
	    "moves: []\n", QTTT_E_RULES, 1, 9,
	    "'a\\x01\\x0Ab\\\\\\u{2028}' is not a rule profile" },
	{ "rules too long to quote", "rules: \"\u00e9\u00e9\u00e9\u00e9\u00e9"
	    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
	    "\"\nmoves: []\n", QTTT_E_RULES, 1, 9, "\u00e9\u00e9...' is not a rule "
	    "profile: a preset (goff, " },
	{ "rules: the presets that fit", "rules: \"abcdefghijklmnopqrstuvwxyz\"\n"
	    "moves: []\n", QTTT_E_RULES, 1, 9,
	    ", ...) or a switch of formats/rules.md, joined by ','" },
	{ "NUL escape", "event: \"a\\0b\"\nmoves: []\n", QTTT_E_YAML, 1, 8,
	    "NUL character" },
	{ "two items", "moves: [X1 a1 b1; O2 b1 c1]\n", QTTT_E_SYNTAX, 1, 17,
	    "one item per entry" },
	{ "comment in an item", "moves: [\"X1 a1 b1 # c\"]\n", QTTT_E_SYNTAX,
	    1, 19, "'comment' key" },
	{ "item of two lines", "moves:\n- |\n  X1 a1 b1\n  O2 b1 c1\n",
	    QTTT_E_SYNTAX, 2, 3, "one line" },
	{ "empty move", "moves: [\"\"]\n", QTTT_E_SYNTAX, 1, 9, "empty move" },
	{ "result as a move", "moves: [X1 a1 b1, 1-0]\n", QTTT_E_RESULTPOS,
	    1, 19, "'result' key" },
	{ "move as a result", "moves: []\nresult: X1 a1 b1\n",
	    QTTT_E_RESULTSYN, 2, 9, "not a move" },
	{ "bad square", "moves: [X1 a1 d4]\n", QTTT_E_SQUARE, 1, 15, "'d4'" },
	{ "bad mark in JSON", "{\"moves\": [\"X2 a1 b1\"]}\n", QTTT_E_MARK,
	    1, 13, "odd moves" },
	{ "bad result", "moves: []\nresult: 3-0\n", QTTT_E_RESULTSYN, 2, 9,
	    "" },
	{ "NUL byte", "event: a\0b\nmoves: []\n", QTTT_E_NUL, 1, 9, "NUL" },
	{ "control character", "event: a\1b\nmoves: []\n", QTTT_E_CONTROL, 1,
	    9, "0x01" },
	{ "carriage return", "event: a\rb\nmoves: []\n", QTTT_E_CONTROL, 1, 9,
	    "0x0d" },
	{ "invalid UTF-8", "event: a\xff\nmoves: []\n", QTTT_E_UTF8, 1, 9,
	    "0xff" },
	{ "line separator", "event: a\xe2\x80\xa8\nmoves: []\n",
	    QTTT_E_CONTROL, 1, 9, "U+2028" },
	{ "next line", "event: a\xc2\x85\nmoves: []\n", QTTT_E_CONTROL, 1, 9,
	    "U+0085" },
	{ "byte-order mark inside", "event: a\xef\xbb\xbf\nmoves: []\n",
	    QTTT_E_CONTROL, 1, 9, "U+FEFF" },
	/* Variations, refused as the line notation refuses them. */
	{ "empty variation", "moves: [{move: X1 a1 b1, variations: [[]]}]\n",
	    QTTT_E_SYNTAX, 1, 39, "an empty variation" },
	{ "empty variations", "moves: [{move: X1 a1 b1, variations: []}]\n",
	    QTTT_E_SYNTAX, 1, 38, "an empty list of variations" },
	{ "variations scalar", "moves: [{move: X1 a1 b1, variations: X1 a1 "
	    "c1}]\n", QTTT_E_YAML, 1, 38, "not a scalar" },
	{ "variations mapping", "moves: [{move: X1 a1 b1, variations: {a: "
	    "b}}]\n", QTTT_E_YAML, 1, 38, "not a mapping" },
	{ "variation scalar", "moves: [{move: X1 a1 b1, variations: [X1 a1 "
	    "c1]}]\n", QTTT_E_YAML, 1, 39, "a variation is a list of moves" },
	{ "variation mapping", "moves: [{move: X1 a1 b1, variations: [{move: "
	    "X1 a1 c1}]}]\n", QTTT_E_YAML, 1, 39, "not a mapping" },
	{ "move of a variation a list", "moves: [{move: X1 a1 b1, variations: "
	    "[[[X1 a1 c1]]]}]\n", QTTT_E_YAML, 1, 40, "a move is a string" },
	{ "result in a variation", "moves: [{move: X1 a1 b1, variations: [[X1 "
	    "a1 c1, 1-0]]}]\n", QTTT_E_RESULTPOS, 1, 50,
	    "a result inside a variation" },
	{ "duplicate variations", "moves: [{move: X1 a1 b1, variations: [[X1 a1 "
	    "c1]], variations: [[X1 b2 c3]]}]\n", QTTT_E_YAML, 1, 52,
	    "duplicate key 'variations'" },
	{ "illegal move in a variation", "moves: [{move: X1 a1 b1, variations: "
	    "[[X1 a1 c1, O2 c1 c1]]}]\n", QTTT_E_SAMESQUARE, 1, 56, "c1" },
	{ "variation out of turn", "moves:\n- X1 a1 b1\n- move: O2 b1 c1\n"
	    "  variations:\n  - - X3 a2 a3\n", QTTT_E_ORDER, 5, 7, "" },
	/* The usual mistakes, said in the format's terms. */
	{ "plain star", "moves: []\nresult: *\n", QTTT_E_YAML, 2, 9,
	    "result: '*'" },
	{ "entry indented less", "moves:\n  - X1 a1 b1\n - O2 b1 c1\n",
	    QTTT_E_YAML, 3, 2, "indented less" },
	{ "entry indented more", "moves:\n  - X1 a1 b1\n    - O2 b1 c1\n",
	    QTTT_E_SYNTAX, 3, 5, "indented more" },
	{ "trailing comma in JSON", "{\"moves\": [\"X1 a1 b1\",]}\n",
	    QTTT_E_YAML, 1, 22, "JSON allows none" },
	{ "trailing comma in a JSON game", "{\"moves\": [], \"x\": 1, }\n",
	    QTTT_E_YAML, 1, 21, "before '}'" },
};

START_TEST(test_rejection)
{
	struct input	 in;
	const char	*text = rejections[_i].text;
	size_t		 n = strlen(text);

	/* Two of the texts hold a NUL byte. */
	if (strcmp(rejections[_i].name, "NUL byte") == 0)
		n = sizeof("event: a\0b\nmoves: []\n") - 1;
	input_open(&in, text, n, QTTT_FORMAT_YAML, &rec, &game);
	ck_assert_msg(input_next(&in) == 1, "%s: no record",
	    rejections[_i].name);
	ck_assert_msg(in.errors > 0, "%s: accepted", rejections[_i].name);
	if (!has_diag(rejections[_i].code, rejections[_i].line,
	    rejections[_i].col, rejections[_i].part)) {
		input_dump_diags(rejections[_i].name, &rec);
		ck_abort_msg("%s: no %s at %lu:%lu with '%s'",
		    rejections[_i].name, qttt_code_name(rejections[_i].code),
		    rejections[_i].line, rejections[_i].col,
		    rejections[_i].part);
	}
	input_close(&in);
}
END_TEST

/* A text of n bytes: "event: " and a value of len x's. */
static char *
long_value(size_t len)
{
	char	*s;

	ck_assert_ptr_nonnull(s = malloc(len + 32));
	memcpy(s, "event: ", 7);
	memset(s + 7, 'x', len);
	strcpy(s + 7 + len, "\nmoves: []\n");
	return s;
}

START_TEST(test_scalar_limit)
{
	struct input	 in;
	char		*s;

	s = long_value(QTTT_YAML_SCALAR_MAX);
	first_game(s, &in);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_uint_eq(rec.meta[0].valuelen, QTTT_YAML_SCALAR_MAX);
	input_close(&in);
	free(s);

	s = long_value(QTTT_YAML_SCALAR_MAX + 1);
	first_game(s, &in);
	ck_assert(has_diag(QTTT_E_YAML, 1, 8, "longer than"));
	ck_assert_uint_eq(rec.nmeta, 0);	/* nothing half kept */
	input_close(&in);
	free(s);
}
END_TEST

/*
 * Blank lines after a plain scalar may be more of it, and libyaml holds
 * them while it looks: past 64 KiB of them the scalar is refused, as a
 * long one is.  After a node that ends no plain scalar they are nothing.
 */
static char *
blank_lines(const char *before, size_t n, const char *after)
{
	size_t	 len = strlen(before);
	char	*s;

	ck_assert_ptr_nonnull(s = malloc(len + n + strlen(after) + 1));
	memcpy(s, before, len);
	memset(s + len, '\n', n);
	strcpy(s + len + n, after);
	return s;
}

START_TEST(test_scalar_breaks)
{
	struct input	 in;
	char		*s;

	s = blank_lines("---\nmoves: []\nevent: a\n", 70000, "  b\n");
	first_game(s, &in);
	ck_assert(has_diag(QTTT_E_YAML, 3, 1, "without a new node"));
	input_close(&in);
	free(s);

	s = blank_lines("---\nevent: a\n", 70000, "moves: []\n");
	first_game(s, &in);
	ck_assert(has_diag(QTTT_E_YAML, 2, 1, "without a new node"));
	input_close(&in);
	free(s);

	s = blank_lines("---\nevent: a\n", 60000, "moves: []\n");
	first_game(s, &in);
	ck_assert_uint_eq(in.errors, 0);
	input_close(&in);
	free(s);

	s = blank_lines("---\nevent: \"a\"\nmoves: []\n", 70000,
	    "site: b\n");
	first_game(s, &in);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_uint_eq(rec.nmeta, 2);
	input_close(&in);
	free(s);
}
END_TEST

START_TEST(test_key_limit)
{
	struct input	 in;
	char		 text[QTTT_YAML_KEY_MAX + 32];

	memset(text, 'k', QTTT_YAML_KEY_MAX);
	strcpy(text + QTTT_YAML_KEY_MAX, ": v\nmoves: []\n");
	first_game(text, &in);
	ck_assert_uint_eq(in.errors, 0);
	input_close(&in);

	memset(text, 'k', QTTT_YAML_KEY_MAX + 1);
	strcpy(text + QTTT_YAML_KEY_MAX + 1, ": v\nmoves: []\n");
	first_game(text, &in);
	ck_assert(has_diag(QTTT_E_YAML, 1, 1, "key of"));
	input_close(&in);
}
END_TEST

/* A key that differs from a known one in case: a warning, still valid. */
START_TEST(test_key_case)
{
	struct input	 in;

	first_game("Result: 1-0\nmoves: [X1 a1 b1]\n", &in);
	ck_assert(has_diag(QTTT_W_KEYCASE, 1, 1, "'Result' is not 'result'"));
	ck_assert_int_eq(rec.diags[0].severity, QTTT_WARNING);
	ck_assert_uint_eq(rec.nmeta, 1);
	ck_assert_uint_eq(in.errors, 0);
	input_close(&in);

	/* The keys themselves: no warning, and the result is judged. */
	first_game("result: 1-0\nmoves: [X1 a1 b1]\nevent: x\n", &in);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_RESULT);
	ck_assert_uint_eq(in.errors, 1);
	input_close(&in);
}
END_TEST

START_TEST(test_meta_limit)
{
	struct input	 in;
	char		 text[QTTT_MAXMETA * 16 + 64];
	size_t		 len = 0, i;

	for (i = 0; i <= QTTT_MAXMETA; i++)
		len += sprintf(text + len, "k%zu: v\n", i);
	strcpy(text + len, "moves: []\n");
	first_game(text, &in);
	ck_assert(has_diag(QTTT_E_YAML, QTTT_MAXMETA + 1, 1,
	    "more than 64 metadata keys"));
	ck_assert_uint_eq(rec.nmeta, QTTT_MAXMETA);
	input_close(&in);
}
END_TEST

START_TEST(test_move_limit)
{
	struct input	 in;
	char		 text[QTTT_MAXITEMS * 16 + 64];
	size_t		 len, i;

	len = sprintf(text, "moves:\n");
	for (i = 0; i < QTTT_MAXITEMS; i++)
		len += sprintf(text + len, "- X1 a1 b1\n");
	first_game(text, &in);
	ck_assert(has_diag(QTTT_E_TOOMANY, QTTT_MAXITEMS + 1, 3, "moves"));
	input_close(&in);
}
END_TEST

/* Comment lines do not make a document too long, before or after it. */
START_TEST(test_document_limit_comments)
{
	struct input	 in;
	char		*text;
	size_t		 len = 0, line = 0;

	ck_assert_ptr_nonnull(text = malloc(3 * QTTT_YAML_DOC_MAX));
	while (len < QTTT_YAML_DOC_MAX + 4000)
		len += sprintf(text + len, "# %0997zu\n", line++);
	len += sprintf(text + len, "moves: [X1 a1 b1]\n");
	while (len < 2 * QTTT_YAML_DOC_MAX + 8000)
		len += sprintf(text + len, "# %0997zu\n", line++);
	len += sprintf(text + len, "---\nmoves: [X1 a1 b1]\n");
	input_open(&in, text, len, QTTT_FORMAT_YAML, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_uint_eq(rec.line, (QTTT_YAML_DOC_MAX + 4000 + 999) / 1000);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_int_eq(input_next(&in), 0);
	input_close(&in);
	free(text);
}
END_TEST

START_TEST(test_document_limit)
{
	struct input	 in;
	char		*text;
	size_t		 len = 0, line = 0;

	/* Lines of 1000 bytes, a few more than a document holds. */
	ck_assert_ptr_nonnull(text = malloc(QTTT_YAML_DOC_MAX + 8192));
	len = sprintf(text, "moves:\n");
	while (len < QTTT_YAML_DOC_MAX + 4000) {
		len += sprintf(text + len, "x %0997zu\n", line++);
	}
	len += sprintf(text + len, "---\nmoves: [X1 a1 b1]\n");
	input_open(&in, text, len, QTTT_FORMAT_YAML, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_YAML);
	ck_assert_ptr_nonnull(strstr(rec.diags[0].msg, "document longer"));
	/* The line that did not fit: 1 + the lines of 1000 that did. */
	ck_assert_uint_eq(rec.diags[0].line,
	    1 + (QTTT_YAML_DOC_MAX - 7) / 1000);
	/* Reading goes on at the next document. */
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_str_eq(input_canonical(&game), "X1 a1 b1");
	ck_assert_int_eq(input_next(&in), 0);
	input_close(&in);
	free(text);
}
END_TEST

START_TEST(test_long_line)
{
	struct input	 in;
	char		*text;
	size_t		 len;

	ck_assert_ptr_nonnull(text = malloc(QTTT_LINE_MAX + 64));
	len = sprintf(text, "event: ");
	memset(text + len, 'x', QTTT_LINE_MAX);
	len += QTTT_LINE_MAX;
	len += sprintf(text + len, "\nmoves: []\n---\nmoves: []\n");
	input_open(&in, text, len, QTTT_FORMAT_YAML, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert(has_diag(QTTT_E_LONGLINE, 1, QTTT_LINE_MAX + 1, ""));
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(in.errors, 0);
	input_close(&in);
	free(text);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Streams: documents, recovery, JSON                                   */
/* ------------------------------------------------------------------ */

/* Reads a whole text; returns the games and the invalid ones. */
static size_t
count_games(const char *text, enum qttt_format fmt, size_t *invalid)
{
	struct input	 in;
	size_t		 games = 0;

	*invalid = 0;
	input_open(&in, text, strlen(text), fmt, &rec, &game);
	while (input_next(&in) == 1) {
		games++;
		if (in.errors > 0)
			(*invalid)++;
	}
	input_close(&in);
	return games;
}

static const struct {
	const char	*name;
	const char	*text;
	size_t		 games, invalid;
} streams[] = {
	{ "documents", "---\nmoves: [X1 a1 b1]\n---\nmoves: []\n", 2, 0 },
	{ "bare first document", "moves: [X1 a1 b1]\n---\nmoves: []\n", 2, 0 },
	{ "end markers", "moves: []\n...\n---\nmoves: []\n...\n", 2, 0 },
	{ "bare after an end", "moves: []\n...\nmoves: []\n", 2, 0 },
	{ "directives", "%YAML 1.1\n---\nmoves: []\n...\n%YAML 1.1\n---\n"
	    "moves: []\n", 2, 0 },
	{ "empty documents", "---\n---\n# nothing\n---\nmoves: []\n---\n", 1,
	    0 },
	{ "recovery after a syntax error", "---\nmoves: [X1\n---\n"
	    "moves: [X1 a1 b1]\n---\nmoves: [X1 a1 b1}\n---\nmoves: []\n",
	    4, 2 },
	{ "recovery after bad bytes", "moves: [\x01]\n---\nmoves: []\n", 2, 1 },
	{ "a list of games", "- moves: [X1 a1 b1]\n- moves: []\n"
	    "- event: x\n  moves: [X1 a1 a1]\n", 3, 1 },
	{ "a list with a bad entry", "- moves: []\n- 3\n- moves: []\n", 3, 1 },
	{ "a syntax error in a list", "- moves: []\n- moves: [\n---\n"
	    "moves: []\n", 3, 1 },
	{ "JSON object", "{\"moves\": [\"X1 a1 b1\"], \"result\": null}", 1,
	    0 },
	{ "JSON lines", "{\"moves\": []}\n{\"moves\": [\"X1 a1 b1\"]}\n"
	    "{\"moves\": [\"X1 a1\"]}\n", 3, 1 },
	{ "pretty JSON objects", "{\n  \"moves\": [\n    \"X1 a1 b1\"\n  ]\n}\n"
	    "{\n  \"moves\": []\n}\n", 2, 0 },
	{ "JSON array", "[\n{\"moves\": [\"X1 a1 b1\"]},\n{\"moves\": []}\n]\n",
	    2, 0 },
	{ "JSON lines with a broken one", "{\"moves\": []}\n{\"moves\": [}\n"
	    "{\"moves\": []}\n", 3, 1 },
	/*
	 * A record of the line notation or Goff's at the top of a
	 * document is a document of its own, reported: not a key that
	 * takes the lines after it, nor the end of the game before.
	 */
	{ "records after a document", "---\nmoves:\n- X1 a1 b1\n"
	    "X1 a1 b1\nX1 b1 c1; O2 a1 b1\n", 3, 2 },
	{ "Goff's after JSON lines", "{\"moves\": []}\nX1+(1,2); O2+(2,3)\n"
	    "{\"moves\": []}\n", 3, 1 },
	{ "a record for a document", "---\nX1 a1 b1\n---\nmoves: []\n", 2, 1 },
	{ "a record after a block scalar", "---\nmoves: []\ncomment: |\n"
	    "  X1 a1 b1\n  two\nX1 a1 b1\n", 2, 1 },
	/* Inside a scalar or a collection, a line may be anything. */
	{ "records in quotes and flows", "---\ncomment: \"two\nX1 a1 b1 "
	    "lines\"\nmoves: [X1 a1 b1,\nO2 b1 c1]\n---\nevent: 'it''s\n"
	    "X3 b1 c1'\nmoves: []\n---\n{\"moves\": [\"X1 a1 b1\",\n"
	    "\"O2 b1 c1\"], \"event\": \"a\n\nX3\"}\n", 3, 0 },
	{ "a record in a plain scalar", "---\nevent: a\n  X1 a1 b1\n"
	    "moves: []\n", 1, 0 },
	/*
	 * A block scalar ends at a line indented no deeper than its
	 * indicator's: the quote after it is followed.
	 */
	{ "a record in a quote after a block scalar", "---\nmoves:\n"
	    "- move: X1 a1 b1\n  comment: |\n    one\n  note: \"two\n"
	    "X1 a1 b1\"\n", 1, 0 },
};

START_TEST(test_stream)
{
	size_t	 games, invalid;

	games = count_games(streams[_i].text, QTTT_FORMAT_YAML, &invalid);
	ck_assert_msg(games == streams[_i].games, "%s: %zu games, not %zu",
	    streams[_i].name, games, streams[_i].games);
	ck_assert_msg(invalid == streams[_i].invalid, "%s: %zu invalid, not "
	    "%zu", streams[_i].name, invalid, streams[_i].invalid);
	/* Detection finds YAML as well. */
	games = count_games(streams[_i].text, QTTT_FORMAT_AUTO, &invalid);
	ck_assert_msg(games == streams[_i].games, "%s: %zu games detected",
	    streams[_i].name, games);
}
END_TEST

/* The first bytes that make the input YAML, and some that do not. */
static const struct {
	const char	*text;
	enum qttt_format format;
} sniffs[] = {
	{ "---\nmoves: []\n", QTTT_FORMAT_YAML },
	{ "# games\n\n---\nmoves: []\n", QTTT_FORMAT_YAML },
	{ "%YAML 1.1\n---\nmoves: []\n", QTTT_FORMAT_YAML },
	{ "event: Open\nmoves: []\n", QTTT_FORMAT_YAML },
	{ "\"event\": x\nmoves: []\n", QTTT_FORMAT_YAML },
	{ "{\"moves\": []}\n", QTTT_FORMAT_YAML },
	{ "[{\"moves\": []}]\n", QTTT_FORMAT_YAML },
	{ "? moves\n: []\n", QTTT_FORMAT_YAML },
	{ "- moves: []\n", QTTT_FORMAT_YAML },
	{ "X1 a1 b1; O2 b1 c1\n", QTTT_FORMAT_LINE },
	{ "# event: Open\nX1 a1 b1\n", QTTT_FORMAT_LINE },
	{ "X1: a1 b1\n", QTTT_FORMAT_LINE },
	{ "1-0\n", QTTT_FORMAT_LINE },
	{ "X1+(1,2); O2+(2,3)\n", QTTT_FORMAT_GOFF },
	{ "", QTTT_FORMAT_LINE },
};

START_TEST(test_sniff)
{
	struct input	 in;

	input_open(&in, sniffs[_i].text, strlen(sniffs[_i].text),
	    QTTT_FORMAT_AUTO, &rec, &game);
	(void)qttt_reader_next(in.r, &rec);
	ck_assert_msg(qttt_reader_format(in.r) == sniffs[_i].format,
	    "'%s' read as format %d", sniffs[_i].text,
	    (int)qttt_reader_format(in.r));
	input_close(&in);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The writers                                                          */
/* ------------------------------------------------------------------ */

/* What a writer wrote into a memory stream (free it). */
struct output {
	char	*buf;
	size_t	 len;
	FILE	*f;
};

static void
output_open(struct output *o)
{
	ck_assert_ptr_nonnull(o->f = open_memstream(&o->buf, &o->len));
}

static void
output_close(struct output *o)
{
	ck_assert_int_eq(fclose(o->f), 0);
}

static int
entry_is(const struct qttt_meta *m, const char *key, const char *value)
{
	return m->keylen == strlen(key) && memcmp(m->key, key, m->keylen) ==
	    0 && m->valuelen == strlen(value) &&
	    memcmp(m->value, value, m->valuelen) == 0;
}

/* The extras of a record, as the writers take them. */
static const struct qttt_extras *
ex_of(const struct qttt_game *g, const struct qttt_record *r)
{
	static struct qttt_extras ex;

	qttt_extras_from_record(&ex, g, r);
	return &ex;
}

/*
 * YAML -> YAML, YAML -> JSON -> YAML: metadata (every key, in order,
 * strings and typed values), comments and the canonical game survive.
 */
START_TEST(test_write_keeps)
{
	static const char text[] =
	    "event: Paradigm Open\n"
	    "round: 3\n"
	    "seat: '3'\n"
	    "note: \"two\\nlines\"\n"
	    "unicode: \"\xc3\xa9t\xc3\xa9 \xe2\x86\x92\"\n"
	    "moves:\n"
	    "- X1 a1 b1\n"
	    "- {move: O2 b1 a1, comment: \"a 2-cycle: 'legal'\"}\n"
	    "- measure X1->a1\n"
	    "- move: X3 c1 c2\n"
	    "  comment: |\n"
	    "    first\n"
	    "    second\n"
	    "result: '*'\n";
	struct input	 in;
	struct output	 y, j, y2;
	char		 canon[QTTT_RECORD_MAX];

	first_game(text, &in);
	ck_assert_uint_eq(in.errors, 0);
	strcpy(canon, input_canonical(&game));
	output_open(&y);
	ck_assert_int_eq(write_to(y.f, QTTT_FORMAT_YAML, &game,
	    ex_of(&game, &rec)), 0);
	output_open(&j);
	ck_assert_int_eq(write_to(j.f, QTTT_FORMAT_JSON, &game,
	    ex_of(&game, &rec)), 0);
	output_close(&y);
	output_close(&j);
	input_close(&in);

	/* JSON: typed values bare, strings quoted, one line. */
	ck_assert_ptr_nonnull(strstr(j.buf, "\"round\":3,"));
	ck_assert_ptr_nonnull(strstr(j.buf, "\"seat\":\"3\","));
	ck_assert_ptr_nonnull(strstr(j.buf, "\"note\":\"two\\nlines\""));
	ck_assert_ptr_eq(strchr(j.buf, '\n'), j.buf + j.len - 1);

	/* Both read back as the same record. */
	input_open(&in, y.buf, y.len, QTTT_FORMAT_AUTO, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_str_eq(input_canonical(&game), canon);
	ck_assert_uint_eq(rec.nmeta, 5);
	ck_assert_mem_eq(rec.meta[1].key, "round", 5);
	ck_assert_int_eq(rec.meta[1].plain, 1);
	ck_assert_int_eq(rec.meta[2].plain, 0);
	ck_assert_uint_eq(rec.meta[3].valuelen, 9);
	ck_assert_mem_eq(rec.meta[3].value, "two\nlines", 9);
	ck_assert_mem_eq(rec.meta[4].value, "\xc3\xa9t\xc3\xa9 \xe2\x86\x92",
	    9);
	ck_assert_mem_eq(rec.items[1].comment, "a 2-cycle: 'legal'", 18);
	ck_assert_uint_eq(rec.items[3].commentlen, 13);
	ck_assert_mem_eq(rec.items[3].comment, "first\nsecond\n", 13);
	output_open(&y2);
	ck_assert_int_eq(write_to(y2.f, QTTT_FORMAT_YAML, &game,
	    ex_of(&game, &rec)), 0);
	output_close(&y2);
	input_close(&in);
	/* YAML -> YAML is a fixed point. */
	ck_assert_uint_eq(y2.len, y.len);
	ck_assert_mem_eq(y2.buf, y.buf, y.len);
	free(y2.buf);

	input_open(&in, j.buf, j.len, QTTT_FORMAT_AUTO, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_uint_eq(in.errors, 0);
	output_open(&y2);
	ck_assert_int_eq(write_to(y2.f, QTTT_FORMAT_YAML, &game,
	    ex_of(&game, &rec)), 0);
	output_close(&y2);
	input_close(&in);
	ck_assert_str_eq(y2.buf, y.buf);
	free(y2.buf);
	free(y.buf);
	free(j.buf);
}
END_TEST

/* Nulls: no result stated, a null value written as JSON's null. */
START_TEST(test_nulls)
{
	static const char *const texts[] = {
		"site:\nround: ~\nmoves: [X1 a1 b1]\nresult:\n",
		"{\"site\": null, \"round\": null, \"moves\": [\"X1 a1 b1\"], "
		    "\"result\": null}\n",
	};
	struct input	 in;
	struct output	 o;
	size_t		 i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		first_game(texts[i], &in);
		ck_assert_uint_eq(in.errors, 0);
		ck_assert_uint_eq(rec.nitems, 1);
		output_open(&o);
		ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_JSON, &game,
		    ex_of(&game, &rec)), 0);
		output_close(&o);
		ck_assert_str_eq(o.buf, "{\"site\":null,\"round\":null,"
		    "\"moves\":[\"X1 a1 b1\"]}\n");
		free(o.buf);
		input_close(&in);
	}
}
END_TEST

/* A game comment from the line notation becomes a "comment" key. */
START_TEST(test_write_line_comment)
{
	static const char line[] = "X1 a1 b1; O2 b1 c1  #  opening ";
	struct output	 o;

	ck_assert_int_eq(qttt_line_parse(line, strlen(line), 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	ck_assert_uint_eq(rec.commentlen, 7);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_YAML, &game,
	    ex_of(&game, &rec)), 0);
	output_close(&o);
	ck_assert_str_eq(o.buf, "---\ncomment: opening\nmoves:\n- X1 a1 b1\n"
	    "- O2 b1 c1\n");
	free(o.buf);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_LINE, &game,
	    ex_of(&game, &rec)), 0);
	output_close(&o);
	ck_assert_str_eq(o.buf, "X1 a1 b1; O2 b1 c1 # opening\n");
	free(o.buf);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_JSON, &game, NULL), 0);
	output_close(&o);
	ck_assert_str_eq(o.buf, "{\"moves\":[\"X1 a1 b1\",\"O2 b1 c1\"]}\n");
	free(o.buf);
}
END_TEST

/*
 * The line notation keeps metadata and move comments as tags, which
 * read back as what they were: a one-line game comment after '#'.
 */
START_TEST(test_write_line_meta)
{
	static const char text[] =
	    "event: Open\ncomment: a quiet game\nnote: \"a\\nb\\x07\"\n"
	    "moves:\n- {move: X1 a1 b1, comment: center next}\n";
	struct input	 in;
	struct output	 o;

	first_game(text, &in);
	ck_assert_uint_eq(in.errors, 0);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_LINE, &game,
	    ex_of(&game, &rec)), 0);
	output_close(&o);
	input_close(&in);
	ck_assert_str_eq(o.buf, "[event Open] [note \"a\\nb\\x07\"] "
	    "X1 a1 b1 [comment center next] # a quiet game\n");
	/* And it reads back as the game with all of them. */
	input_open(&in, o.buf, o.len, QTTT_FORMAT_AUTO, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	ck_assert_int_eq(rec.format, QTTT_FORMAT_LINE);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_str_eq(input_canonical(&game), "X1 a1 b1");
	ck_assert_uint_eq(rec.nmeta, 2);
	ck_assert(entry_is(&rec.meta[0], "event", "Open") &&
	    rec.meta[0].plain);
	ck_assert(entry_is(&rec.meta[1], "note", "a\nb\x07") &&
	    !rec.meta[1].plain);
	ck_assert(rec.comment != NULL && rec.commentlen == 12 &&
	    memcmp(rec.comment, "a quiet game", 12) == 0);
	ck_assert(rec.items[0].comment != NULL &&
	    rec.items[0].commentlen == 11 &&
	    memcmp(rec.items[0].comment, "center next", 11) == 0);
	input_close(&in);
	free(o.buf);
}
END_TEST

/*
 * Characters the reader refuses in its input (line breaks of YAML 1.1,
 * C1 controls, U+FEFF) and control characters are written escaped, so
 * that what is written reads back.
 */
START_TEST(test_write_escapes)
{
	static const char text[] =
	    "event: \"a\\Lb\\x85c\\ufeffd\\re\\af\"\n"
	    "moves:\n- {move: X1 a1 b1, comment: \"x\\ty\\u2029z\\n\\nend\"}\n";
	static const char event[] = "a\xe2\x80\xa8" "b\xc2\x85" "c"
	    "\xef\xbb\xbf" "d\re\af";
	static const char comment[] = "x\ty\xe2\x80\xa9z\n\nend";
	struct input	 in;
	struct output	 o;
	int		 json;

	for (json = 0; json < 2; json++) {
		first_game(text, &in);
		ck_assert_uint_eq(in.errors, 0);
		ck_assert_uint_eq(rec.meta[0].valuelen, sizeof(event) - 1);
		ck_assert_mem_eq(rec.meta[0].value, event, sizeof(event) - 1);
		output_open(&o);
		ck_assert_int_eq(write_to(o.f, json ? QTTT_FORMAT_JSON :
		    QTTT_FORMAT_YAML, &game, ex_of(&game, &rec)), 0);
		output_close(&o);
		input_close(&in);
		ck_assert_ptr_null(strstr(o.buf, "\xe2\x80\xa8"));
		ck_assert_ptr_null(strstr(o.buf, "\xc2\x85"));
		ck_assert_ptr_null(strchr(o.buf, '\r'));
		input_open(&in, o.buf, o.len, QTTT_FORMAT_AUTO, &rec, &game);
		ck_assert_int_eq(input_next(&in), 1);
		ck_assert_msg(in.errors == 0, "'%s' does not read back",
		    o.buf);
		ck_assert_mem_eq(rec.meta[0].value, event, sizeof(event) - 1);
		ck_assert_uint_eq(rec.items[0].commentlen,
		    sizeof(comment) - 1);
		ck_assert_mem_eq(rec.items[0].comment, comment,
		    sizeof(comment) - 1);
		input_close(&in);
		free(o.buf);
	}
}
END_TEST

/* A write error is reported. */
START_TEST(test_write_error)
{
	FILE	*f;

	ck_assert_int_eq(qttt_line_parse("X1 a1 b1", 8, 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	if ((f = fopen("/dev/full", "w")) == NULL)
		return;		/* not on this system */
	setvbuf(f, NULL, _IONBF, 0);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_YAML, &game,
	    ex_of(&game, &rec)), -1);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_JSON, &game,
	    ex_of(&game, &rec)), -1);
	fclose(f);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Extras filled in by a producer that is not a reader                  */
/* ------------------------------------------------------------------ */

/* An entry of the metadata or a note, as a producer fills it in. */
static struct qttt_meta
entry(const char *key, const char *value, int plain)
{
	struct qttt_meta m;

	memset(&m, 0, sizeof(m));
	m.key = key;
	m.keylen = strlen(key);
	m.value = value;
	m.valuelen = strlen(value);
	m.plain = plain;
	return m;
}

/*
 * An annotator's extras on a game of three plies: metadata (a string
 * and a number), a game comment, a comment and notes on the first ply,
 * notes alone on the third, and notes beyond the game, not written.
 */
static struct qttt_meta an_meta[2], an_notes0[3], an_notes2[1], an_far[1];

static void
annotate(struct qttt_extras *ex)
{
	static const char line[] = "X1 a1 b1; O2 b1 c1; X3 c1 c2";

	ck_assert_int_eq(qttt_line_parse(line, strlen(line), 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	an_meta[0] = entry("annotator", "qttt-analyse 0.1", 0);
	an_meta[1] = entry("depth", "14", 1);
	an_notes0[0] = entry("value", "-0.5", 1);
	an_notes0[1] = entry("best", "X1 a1 c3", 0);
	an_notes0[2] = entry("mark", "?!", 0);
	an_notes2[0] = entry("value", "1", 1);
	an_far[0] = entry("value", "0", 1);
	qttt_extras_init(ex);
	ex->nmeta = 2;
	ex->meta = an_meta;
	ex->comment = "annotated\nby hand";
	ex->commentlen = strlen(ex->comment);
	ex->ply[0].comment = "the corner";
	ex->ply[0].commentlen = 10;
	ex->ply[0].nnotes = 3;
	ex->ply[0].notes = an_notes0;
	ex->ply[2].nnotes = 1;
	ex->ply[2].notes = an_notes2;
	ex->ply[5].nnotes = 1;
	ex->ply[5].notes = an_far;
}

/*
 * Extras that no reader made, written as YAML and as JSON and read
 * back: the metadata, the comments and the notes come back in order,
 * numbers as plain values, and the game comes back the same.
 */
START_TEST(test_producer_extras)
{
	struct qttt_extras ex;
	struct input	 in;
	struct output	 o;
	const struct qttt_item *it;
	char		 want[QTTT_RECORD_MAX], got[QTTT_RECORD_MAX];
	int		 json = _i;

	annotate(&ex);
	qttt_game_format(&game, want, sizeof(want));
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, json ? QTTT_FORMAT_JSON :
	    QTTT_FORMAT_YAML, &game, &ex), 0);
	output_close(&o);
	first_game(o.buf, &in);
	ck_assert_msg(rec.ndiags == 0, "'%s': %s", o.buf, rec.diags[0].msg);
	ck_assert_uint_eq(qttt_record_play(&rec, &game), 0);
	qttt_game_format(&game, got, sizeof(got));
	ck_assert_str_eq(got, want);
	ck_assert_uint_eq(rec.nmeta, 3);
	ck_assert(entry_is(&rec.meta[0], "annotator", "qttt-analyse 0.1"));
	ck_assert(entry_is(&rec.meta[1], "depth", "14") &&
	    rec.meta[1].plain);
	ck_assert(entry_is(&rec.meta[2], "comment", "annotated\nby hand"));
	ck_assert_uint_eq(rec.nitems, 3);
	it = rec.items;
	ck_assert(it[0].commentlen == 10 &&
	    memcmp(it[0].comment, "the corner", 10) == 0);
	ck_assert_uint_eq(it[0].nnotes, 3);
	ck_assert(entry_is(&it[0].notes[0], "value", "-0.5") &&
	    it[0].notes[0].plain);
	ck_assert(entry_is(&it[0].notes[1], "best", "X1 a1 c3"));
	ck_assert(entry_is(&it[0].notes[2], "mark", "?!"));
	ck_assert(it[1].comment == NULL && it[1].nnotes == 0);
	ck_assert(it[2].comment == NULL && it[2].nnotes == 1 &&
	    entry_is(&it[2].notes[0], "value", "1") && it[2].notes[0].plain);
	input_close(&in);
	free(o.buf);
}
END_TEST

/* The notes are keys of the move's mapping, after move and comment. */
START_TEST(test_producer_bytes)
{
	struct qttt_extras ex;
	struct output	 o;

	annotate(&ex);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_JSON, &game, &ex), 0);
	output_close(&o);
	ck_assert_str_eq(o.buf, "{\"annotator\":\"qttt-analyse 0.1\","
	    "\"depth\":14,\"comment\":\"annotated\\nby hand\",\"moves\":["
	    "{\"move\":\"X1 a1 b1\",\"comment\":\"the corner\","
	    "\"value\":-0.5,\"best\":\"X1 a1 c3\",\"mark\":\"?!\"},"
	    "\"O2 b1 c1\",{\"move\":\"X3 c1 c2\",\"value\":1}]}\n");
	free(o.buf);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_YAML, &game, &ex), 0);
	output_close(&o);
	ck_assert_str_eq(o.buf, "---\nannotator: qttt-analyse 0.1\n"
	    "depth: 14\ncomment: |-\n  annotated\n  by hand\nmoves:\n"
	    "- move: X1 a1 b1\n  comment: the corner\n  value: -0.5\n"
	    "  best: X1 a1 c3\n  mark: ?!\n- O2 b1 c1\n- move: X3 c1 c2\n"
	    "  value: 1\n");
	free(o.buf);
	/*
	 * The line notation holds them as tags, the game comment too,
	 * since it has two lines; the mark, the last note, as a glyph.
	 */
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_LINE, &game, &ex), 0);
	output_close(&o);
	ck_assert_str_eq(o.buf, "[annotator qttt-analyse 0.1] [depth 14] "
	    "[comment \"annotated\\nby hand\"] X1 a1 b1?! "
	    "[comment the corner] [value -0.5] [best X1 a1 c3]; O2 b1 c1; "
	    "X3 c1 c2 [value 1]\n");
	free(o.buf);
}
END_TEST

/*
 * Extras that would not read back as they are: refused by
 * qttt_extras_check() with a reason, and by the YAML and JSON writers
 * with -2, writing nothing.
 */
static const struct {
	const char	*what;
	int		 ply;		/* -1: metadata */
	const char	*key;
	int		 twice;		/* the entry twice */
	const char	*why;
} refusals[] = {
	{ "note move", 0, "move", 0, "note 'move': the format's own key" },
	{ "note comment", 1, "comment", 0, "the format's own key" },
	{ "meta moves", -1, "moves", 0, "metadata 'moves': the format's" },
	{ "meta result", -1, "result", 0, "the format's own key" },
	{ "empty note key", 2, "", 0, "note key 1: of 0 bytes" },
	{ "duplicate note", 2, "value", 1, "ply 3: note 'value' twice" },
	{ "duplicate meta", -1, "x", 1, "metadata 'x' twice" },
	{ "bad UTF-8", 0, "\xff", 0, "not valid UTF-8" },
	{ "meta comment", -1, "comment", 0, "a game comment and a" },
};

START_TEST(test_producer_refused)
{
	struct qttt_extras ex;
	struct qttt_meta e[2];
	struct output	 o;
	char		 msg[128];

	annotate(&ex);
	e[0] = e[1] = entry(refusals[_i].key, "1", 1);
	if (refusals[_i].ply < 0) {
		ex.meta = e;
		ex.nmeta = refusals[_i].twice ? 2 : 1;
	} else {
		ex.ply[refusals[_i].ply].notes = e;
		ex.ply[refusals[_i].ply].nnotes = refusals[_i].twice ? 2 : 1;
	}
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, msg,
	    sizeof(msg)), -1);
	ck_assert_msg(strstr(msg, refusals[_i].why) != NULL, "%s: '%s'",
	    refusals[_i].what, msg);
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_YAML, &game, &ex), -2);
	ck_assert_int_eq(write_to(o.f, QTTT_FORMAT_JSON, &game, &ex), -2);
	output_close(&o);
	ck_assert_uint_eq(o.len, 0);
	free(o.buf);
}
END_TEST

/*
 * Values longer than the JSON writer's parts of a buffer: a number
 * stays a bare number, a string with escapes stays the same string.
 */
START_TEST(test_producer_long)
{
	static char	 number[3001], text[2 * 1500 + 1];
	struct qttt_extras ex;
	struct qttt_meta meta[1], note[1];
	struct input	 in;
	struct output	 o;
	size_t		 i;

	annotate(&ex);
	memset(number, '7', sizeof(number) - 1);
	for (i = 0; i < 1500; i++)
		memcpy(text + 2 * i, "\"\n", 2);
	meta[0] = entry("n", number, 1);
	note[0] = entry("why", text, 0);
	ex.nmeta = 1;
	ex.meta = meta;
	ex.comment = NULL;
	ex.ply[1].nnotes = 1;
	ex.ply[1].notes = note;
	output_open(&o);
	ck_assert_int_eq(write_to(o.f, _i ? QTTT_FORMAT_JSON :
	    QTTT_FORMAT_YAML, &game, &ex), 0);
	output_close(&o);
	if (_i)
		ck_assert(strncmp(o.buf, "{\"n\":7777", 9) == 0);
	first_game(o.buf, &in);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert(entry_is(&rec.meta[0], "n", number) && rec.meta[0].plain);
	ck_assert(rec.items[1].nnotes == 1 &&
	    entry_is(&rec.items[1].notes[0], "why", text));
	input_close(&in);
	free(o.buf);
}
END_TEST

/* Notes count against QTTT_MAXNOTES, in the writers as in the reader. */
START_TEST(test_note_limit)
{
	static struct qttt_meta notes[QTTT_MAXNOTES + 1];
	static char	 keys[QTTT_MAXNOTES + 1][8];
	struct qttt_extras ex;
	struct input	 in;
	char		 text[QTTT_MAXNOTES * 16 + 64];
	size_t		 len, i;

	annotate(&ex);
	for (i = 0; i <= QTTT_MAXNOTES; i++) {
		snprintf(keys[i], sizeof(keys[i]), "n%zu", i);
		notes[i] = entry(keys[i], "1", 1);
	}
	ex.ply[0].notes = notes;
	ex.ply[0].nnotes = QTTT_MAXNOTES;
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, NULL, 0), -1);
	ex.ply[2].nnotes = 0;
	ck_assert_int_eq(qttt_extras_check(&ex, game.nplies, NULL, 0), 0);

	len = sprintf(text, "moves:\n- {move: X1 a1 b1");
	for (i = 0; i <= QTTT_MAXNOTES; i++)
		len += sprintf(text + len, ", n%zu: 1", i);
	strcpy(text + len, "}\n");
	first_game(text, &in);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_msg(strstr(rec.diags[0].msg, "more than 64 notes") != NULL,
	    "%s", rec.diags[0].msg);
	ck_assert_uint_eq(rec.items[0].nnotes, QTTT_MAXNOTES);
	input_close(&in);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Memory stays bounded on hostile input                                */
/* ------------------------------------------------------------------ */

/*
 * A child writes count copies of what (then nothing) into a pipe; the
 * reader reads every game from it.  Returns the games read.
 */
static size_t
read_hostile(const char *what, size_t len, size_t count)
{
	struct qttt_reader *r;
	size_t		 games = 0, i;
	pid_t		 pid;
	int		 fds[2], k, status;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_ne(pid = fork(), -1);
	if (pid == 0) {
		close(fds[0]);
		for (i = 0; i < count; i++)
			if (write(fds[1], what, len) != (ssize_t)len)
				_exit(1);
		_exit(0);
	}
	close(fds[1]);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fds[0],
	    QTTT_FORMAT_YAML));
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		ck_assert_uint_gt(qttt_record_play(&rec, &game), 0);
	}
	ck_assert_int_eq(k, 0);
	qttt_reader_close(r);
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return games;
}

/* ------------------------------------------------------------------ */
/* Variations                                                           */
/* ------------------------------------------------------------------ */

/*
 * A move's keys in any order: its variations before its move, notes
 * before and after them, and notes on the moves inside; each note
 * stays with its move, and the tree is the line notation's.
 */
START_TEST(test_variation_tree)
{
	static const char text[] =
	    "moves:\n"
	    "- value: 1\n"
	    "  variations:\n"
	    "  - - {move: X1 a1 c1, clock: 3}\n"
	    "    - move: O2 b1 b2\n"
	    "      variations: [[O2 c1 c2!, {move: X3 a2 a3, v: 9}]]\n"
	    "      w: 2\n"
	    "  - [X1 b2 c3]\n"
	    "  move: X1 a1 b1\n"
	    "  best: X1 b2 c3\n"
	    "- O2 a2 b2\n";
	const struct qttt_item *it;
	struct input	 in;
	size_t		 n;

	first_game(text, &in);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_uint_eq(rec.nitems, 2);
	ck_assert_uint_eq(rec.items[0].nnotes, 2);
	ck_assert_mem_eq(rec.items[0].notes[0].key, "value", 5);
	ck_assert_mem_eq(rec.items[0].notes[1].key, "best", 4);
	ck_assert_uint_eq(rec.nvars, 3);
	/* (X1 a1 c1; O2 b1 b2 (O2 c1 c2!; X3 a2 a3)) (X1 b2 c3) */
	ck_assert_uint_eq(rec.vars[0].parent, QTTT_MAINLINE);
	ck_assert_uint_eq(rec.vars[0].at, 0);
	ck_assert_uint_eq(rec.vars[0].line, 3);
	ck_assert_uint_eq(rec.vars[0].col, 4);
	ck_assert_uint_eq(rec.vars[1].parent, 0);
	ck_assert_uint_eq(rec.vars[1].at, 1);
	ck_assert_uint_eq(rec.vars[2].parent, QTTT_MAINLINE);
	ck_assert_uint_eq(rec.vars[2].at, 0);
	it = qttt_record_line(&rec, 0, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(it[0].nnotes, 1);
	ck_assert_mem_eq(it[0].notes[0].key, "clock", 5);
	ck_assert_uint_eq(it[1].line, 4);
	ck_assert_uint_eq(it[1].nnotes, 1);
	ck_assert_mem_eq(it[1].notes[0].key, "w", 1);
	it = qttt_record_line(&rec, 1, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(it[0].nnotes, 1);
	ck_assert_mem_eq(it[0].notes[0].value, "!", 1);
	ck_assert_mem_eq(it[1].notes[0].key, "v", 1);
	ck_assert_uint_eq(it[1].line, 5);
	ck_assert_uint_eq(it[1].sqcol[1], 44);
	it = qttt_record_line(&rec, 2, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(it[0].sqcol[0], 8);
	ck_assert_int_eq(input_next(&in), 0);
	input_close(&in);
}
END_TEST

/*
 * The line notation's limits of variations (QTTT_MAXVARDEPTH,
 * QTTT_MAXVARS, QTTT_MAXVARITEMS), with its code, too-many-items, at
 * the place of the first beyond; at the limit, a record is valid.  In
 * JSON: n variations inside one another, each of the one move (kind
 * 0), n of the one move (1), n of eight moves each (2).
 */
static char *
variation_text(int kind, size_t n)
{
	struct out	 o;
	size_t		 i;

	out_open(&o);
	fputs("{\"moves\":[", o.f);
	if (kind == 0) {
		for (i = 0; i < n; i++)
			fputs("{\"move\":\"X1 a1 b1\",\"variations\":[[", o.f);
		fputs("\"X1 a1 b1\"", o.f);
		for (i = 0; i < n; i++)
			fputs("]]}", o.f);
		fputs("]}\n", o.f);
		return out_close(&o);
	}
	fputs("{\"move\":\"X1 a1 b1\",\"variations\":[", o.f);
	for (i = 0; i < n; i++)
		fprintf(o.f, "%s[%s]", i > 0 ? "," : "", kind == 1 ?
		    "\"X1 a1 c1\"" : "\"X1 a1 c1\",\"O2 b1 b2\",\"X3 b2 b3\","
		    "\"O4 c1 c2\",\"X5 a2 a3\",\"O6 c2 c3\",\"X7 a1 b3\","
		    "\"O8 b2 c2\"");
	fputs("]}]}\n", o.f);
	return out_close(&o);
}

START_TEST(test_variation_limits)
{
	static const size_t limit[3] = {
		QTTT_MAXVARDEPTH, QTTT_MAXVARS, QTTT_MAXVARITEMS / 8
	};
	static const char *const said[3] = {
		"more than 8 variations inside one another",
		"more than 64 variations in a record",
		"more than 256 items in the variations of a record"
	};
	struct input	 in;
	const char	*p;
	char		*text;
	size_t		 col;

	text = variation_text(_i, limit[_i]);
	first_game(text, &in);
	ck_assert_uint_eq(in.errors, 0);
	ck_assert_uint_eq(rec.nvars, limit[_i]);
	ck_assert_uint_eq(rec.nvaritems, _i == 2 ? QTTT_MAXVARITEMS :
	    limit[_i]);
	input_close(&in);
	free(text);
	/*
	 * One more: the list of variations too deep (the last "[["), the
	 * variation (the last '['), the item (its quote, after it).
	 */
	text = variation_text(_i, limit[_i] + 1);
	first_game(text, &in);
	ck_assert_uint_gt(in.errors, 0);
	if (_i == 0) {
		for (p = text; strstr(p + 1, "[[") != NULL; p = strstr(p + 1,
		    "[["))
			continue;
		col = p - text;
	} else
		col = strrchr(text, '[') - text + (_i == 2);
	if (!has_diag(QTTT_E_TOOMANY, 1, col + 1, said[_i])) {
		input_dump_diags("limits", &rec);
		ck_abort_msg("%d: no too-many-items at 1:%zu", _i, col + 1);
	}
	input_close(&in);
	free(text);
}
END_TEST

/* The peak resident size of this process, in KiB. */
static long
peak_kib(void)
{
	struct rusage	 ru;

	ck_assert_int_eq(getrusage(RUSAGE_SELF, &ru), 0);
	return ru.ru_maxrss;
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN	1
#endif
#endif

START_TEST(test_hostile_memory)
{
	static const char bomb[] =
	    "---\n"
	    "a: &a [x, x, x, x, x, x, x, x, x]\n"
	    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
	    "moves: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n";
	char		*deep, *wide, *scalar;
	size_t		 n, games;
	long		 before, grown;

	before = peak_kib();
	/* A billion laughs, a thousand times: refused at the anchor. */
	games = read_hostile(bomb, sizeof(bomb) - 1, 1000);
	ck_assert_uint_eq(games, 1000);

	/* Nesting as deep as a line allows, 16 MiB of it. */
	n = QTTT_LINE_MAX - 2;
	ck_assert_ptr_nonnull(deep = malloc(n + 8));
	memcpy(deep, "---\n", 4);
	memset(deep + 4, '[', n - 5);
	deep[n - 1] = '\n';
	games = read_hostile(deep, n, 256);
	ck_assert_uint_eq(games, 256);
	free(deep);

	/* One document that never ends: 64 MiB of list entries. */
	ck_assert_ptr_nonnull(wide = malloc(65536));
	for (n = 0; n + 16 <= 65536; n += 16)
		memcpy(wide + n, "- X1 a1 b1 c1 #\n", 16);
	games = read_hostile(wide, n, 1024);
	ck_assert_uint_eq(games, 1);
	free(wide);

	/* Scalars just under a document, one after another: 64 MiB. */
	n = QTTT_YAML_DOC_MAX - 4096;
	ck_assert_ptr_nonnull(scalar = malloc(n));
	memcpy(scalar, "---\nmoves: \"", 12);
	for (size_t i = 12; i < n - 2; i++)
		scalar[i] = i % 1000 == 0 ? '\n' : i % 1000 == 1 ? ' ' : 'x';
	scalar[n - 2] = '"';
	scalar[n - 1] = '\n';
	games = read_hostile(scalar, n, 64);
	ck_assert_uint_eq(games, 64);
	free(scalar);

	grown = peak_kib() - before;
#ifndef UNDER_ASAN
	/* The buffers are a few MiB; the input was 150 MiB. */
	ck_assert_msg(grown < 16 * 1024, "the peak grew by %ld KiB", grown);
#else
	(void)grown;
#endif
}
END_TEST

Suite *
yaml_suite(void)
{
	Suite	*s = suite_create("yaml");
	TCase	*tc;

	tc = tcase_create("positions");
	tcase_add_test(tc, test_positions);
	tcase_add_test(tc, test_rule_positions);
	suite_add_tcase(s, tc);

	tc = tcase_create("rejections");
	tcase_add_loop_test(tc, test_rejection, 0,
	    sizeof(rejections) / sizeof(rejections[0]));
	tcase_add_test(tc, test_scalar_limit);
	tcase_add_test(tc, test_scalar_breaks);
	tcase_add_test(tc, test_key_limit);
	tcase_add_test(tc, test_key_case);
	tcase_add_test(tc, test_meta_limit);
	tcase_add_test(tc, test_move_limit);
	tcase_add_test(tc, test_document_limit);
	tcase_add_test(tc, test_document_limit_comments);
	tcase_add_test(tc, test_long_line);
	tcase_add_test(tc, test_variation_tree);
	tcase_add_loop_test(tc, test_variation_limits, 0, 3);
	suite_add_tcase(s, tc);

	tc = tcase_create("streams");
	tcase_add_loop_test(tc, test_stream, 0,
	    sizeof(streams) / sizeof(streams[0]));
	tcase_add_loop_test(tc, test_sniff, 0,
	    sizeof(sniffs) / sizeof(sniffs[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("writers");
	tcase_add_test(tc, test_write_keeps);
	tcase_add_test(tc, test_nulls);
	tcase_add_test(tc, test_write_line_comment);
	tcase_add_test(tc, test_write_line_meta);
	tcase_add_test(tc, test_write_escapes);
	tcase_add_test(tc, test_write_error);
	suite_add_tcase(s, tc);

	tc = tcase_create("extras");
	tcase_add_loop_test(tc, test_producer_extras, 0, 2);
	tcase_add_test(tc, test_producer_bytes);
	tcase_add_loop_test(tc, test_producer_long, 0, 2);
	tcase_add_loop_test(tc, test_producer_refused, 0,
	    sizeof(refusals) / sizeof(refusals[0]));
	tcase_add_test(tc, test_note_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("memory");
	tcase_add_test(tc, test_hostile_memory);
	suite_add_tcase(s, tc);
	return s;
}
