/*
 * Whether a record is written as its canonical form (canonical.c), and
 * whether its one fault is its stated result (record.c): what
 * qttt-validate's -l and -r ask.
 */
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

/* Reads the one record of text and asks qttt_record_canonical(). */
static int
canonical(const char *text, enum qttt_format fmt)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct input	 in;
	int		 k;

	input_open(&in, text, strlen(text), fmt, &rec, &game);
	ck_assert_int_eq(input_next(&in), 1);
	if (in.errors != 0)
		input_dump_diags(text, &rec);
	ck_assert_uint_eq(in.errors, 0);
	k = qttt_record_canonical(&rec, &game);
	ck_assert_int_eq(input_next(&in), 0);
	input_close(&in);
	return k;
}

START_TEST(test_canonical)
{
	static const struct {
		const char	*text;
		int		 canonical;
	} cases[] = {
		{ "X1 a1 b1; O2 b1 c1\n", 1 },
		{ "X1 a1 b1; O2 b1 c1", 0 },		/* no newline */
		{ "X1 a1 b1; O2 b1 c1\r\n", 0 },
		{ "\xef\xbb\xbfX1 a1 b1; O2 b1 c1\n", 0 },
		{ "X1 a1 b1;  O2 b1 c1\n", 0 },
		{ "X1 b1 a1; O2 b1 c1\n", 0 },		/* squares' order */
		{ "X1 a1 b1; O2 b1 c1 # a comment\n", 1 },
		{ "X1 a1 b1; O2 b1 c1  #a comment\n", 0 },
		{ "[x Alice] X1 a1 b1\n", 1 },
		{ "[x  Alice] X1 a1 b1\n", 0 },
		{ "X1 a1 b1?!; O2 b1 c1\n", 1 },
		{ "X1 a1 b1; O2 b1 c1; X3 a1 c1; measure X3->a1\n", 1 },
		{ "X1 a1 b1; O2 b1 c1; X3 a1 c1; measure O2->b1\n", 0 },
		{ "x1,.,./.,.,./.,.,x1 O2 - *\n", 1 },
		{ "x1,.,./.,.,./.,.,x1 O2 - * # after\n", 0 },
		{ "  x1,.,./.,.,./.,.,x1 O2 - *\n", 0 },
	};
	size_t	 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(canonical(cases[i].text, QTTT_FORMAT_AUTO) ==
		    cases[i].canonical, "%s", cases[i].text);
	/* YAML and JSON, and Goff's notation, have no canonical text. */
	ck_assert_int_eq(canonical("{\"moves\": [\"X1  a1 b1\"]}\n",
	    QTTT_FORMAT_YAML), 1);
	ck_assert_int_eq(canonical("X1+(1,2)\n", QTTT_FORMAT_GOFF), 1);
}
END_TEST

/* Reads the one record of text, plays it, asks qttt_record_result_only(). */
static int
result_only(const char *text)
{
	static struct qttt_record rec;

	ck_assert_int_eq(qttt_line_parse(text, strlen(text), 0, &rec), 1);
	qttt_record_play(&rec, NULL);
	return qttt_record_result_only(&rec);
}

START_TEST(test_result_only)
{
	ck_assert_int_eq(result_only("X1 a1 b1; 1-0"), 1);
	ck_assert_int_eq(result_only("X1 a1 b1; O2 b1 c1; X3 c1 a1; "
	    "measure X3->a1; O4 b2 c3; 0-1"), 1);
	/* Valid, or another fault too, or another fault only. */
	ck_assert_int_eq(result_only("X1 a1 b1; *"), 0);
	ck_assert_int_eq(result_only("X1 a1 b1; O2 b1 b1; 1-0"), 0);
	ck_assert_int_eq(result_only("X1 a1 b1; O2 a1 b1"), 0);
	ck_assert_int_eq(result_only("X1 a1 b1; zz; 1-0"), 0);
	/* A fault not kept may be any: not the result alone. */
	ck_assert_int_eq(result_only("X1 a1 b1; zz; zz; zz; zz; zz; zz; zz; "
	    "zz; zz; zz; zz; zz; zz; zz; zz; zz; zz; 1-0"), 0);
}
END_TEST

Suite *
canonical_suite(void)
{
	Suite	*s = suite_create("canonical");
	TCase	*tc = tcase_create("canonical");

	tcase_add_test(tc, test_canonical);
	tcase_add_test(tc, test_result_only);
	suite_add_tcase(s, tc);
	return s;
}
