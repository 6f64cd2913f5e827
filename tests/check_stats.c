/*
 * The statistics of a collection (lib/collection/stats.c) and their
 * writer (lib/output/stats_data.c): the worked examples' figures as
 * qttt-stats(1) shows them, tallies that add up, counts checked
 * against the features of each game, and what the writer writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

#define NGAMES		4000

/* formats/examples/worked.qttt, without its comment lines. */
static const char worked[] =
    "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3\n"
    "X1 a1 a2; O2 b1 c1; X3 a2 b3; O4 a1 b3; measure X1->a1\n"
    "X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2; "
    "measure O6->b2; 0-1\n"
    "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
    "X7 a1 b2; measure X7->a1; 1/2-1\n"
    "X1 a1 b2; O2 c1 b2; X3 a2 b2; O4 b2 c2; X5 b2 a3; O6 b2 c3; "
    "X7 a1 b2; measure X7->b2; 1-1/2\n"
    "X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0\n";

/* Counts every record of a text. */
static void
count_text(const char *text, struct qttt_stats *s)
{
	static struct qttt_record rec;
	static struct qttt_game g;
	struct input	 in;

	input_open(&in, text, strlen(text), QTTT_FORMAT_AUTO, &rec, &g);
	while (input_next(&in) == 1)
		qttt_stats_add_record(s, &rec, &g, in.errors);
	input_close(&in);
}

/* What a writer writes of s (and the total of it, if total), in f. */
static char *
written(enum qttt_stats_format f, const char *name,
    const struct qttt_stats *s, int total)
{
	struct qttt_stats_writer *w;
	char		*buf = NULL;
	size_t		 n = 0;
	FILE		*m;

	ck_assert_ptr_nonnull(m = open_memstream(&buf, &n));
	ck_assert_ptr_nonnull(w = qttt_stats_writer_open(m, f));
	ck_assert_int_eq(qttt_stats_writer_put(w, name, s), 0);
	if (total)
		ck_assert_int_eq(qttt_stats_writer_put(w, NULL, s), 0);
	ck_assert_int_eq(qttt_stats_writer_close(w), 0);
	ck_assert_int_eq(fclose(m), 0);
	return buf;
}

/* qttt-stats(1), EXAMPLES. */
START_TEST(test_worked_text)
{
	static const char want[] =
	    "input         worked.qttt\n"
	    "games         6\n"
	    "valid         6\n"
	    "invalid       0\n"
	    "result          games   share\n"
	    "  1-0               0    0.0%\n"
	    "  0-1               1   16.7%\n"
	    "  1-1/2             1   16.7%\n"
	    "  1/2-1             1   16.7%\n"
	    "  3/2-0             0    0.0%\n"
	    "  2-0               1   16.7%\n"
	    "  0-0               0    0.0%\n"
	    "  *                 2   33.3%\n"
	    "  pending           1   16.7%\n"
	    "mean score    X 0.875  O 0.625  (4 finished)\n"
	    "moves         mean 6.17;  4: 2  6: 1  7: 2  9: 1\n"
	    "plies         mean 7.00;  4: 1  5: 1  7: 1  8: 2  10: 1\n"
	    "measurements  mean 0.83;  0: 1  1: 5\n"
	    "cycle squares   2: 2  3: 3  8: 1\n"
	    "2-cycle       2 games\n"
	    "forced X9     1 game\n"
	    "simultaneous  2 games\n"
	    "double line   1 game\n"
	    "opening           games finished  X mean  O mean\n"
	    "  side                4        2   1.000   0.500\n"
	    "  corners             0        0     n/a     n/a\n"
	    "  knight              0        0     n/a     n/a\n"
	    "  corner-centre       2        2   0.750   0.750\n"
	    "  diagonal            0        0     n/a     n/a\n"
	    "  edges               0        0     n/a     n/a\n"
	    "  edge-centre         0        0     n/a     n/a\n"
	    "  opposite            0        0     n/a     n/a\n";
	struct qttt_stats s;
	char		*text;

	qttt_stats_init(&s);
	count_text(worked, &s);
	ck_assert_uint_eq(s.games, 6);
	ck_assert_uint_eq(s.finished, 4);
	ck_assert_uint_eq(s.halves[QTTT_X], 7);
	ck_assert_uint_eq(s.halves[QTTT_O], 5);
	text = written(QTTT_STATS_TEXT, "worked.qttt", &s, 0);
	ck_assert_str_eq(text, want);
	free(text);
	/* Several: a blank line between, "total" for the total. */
	text = written(QTTT_STATS_TEXT, "worked.qttt", &s, 1);
	ck_assert_uint_eq(strlen(text), 2 * strlen(want) + 1 -
	    (strlen("worked.qttt") - strlen("total")));
	ck_assert(strncmp(text + strlen(want), "\ninput         total\n",
	    21) == 0);
	free(text);
}
END_TEST

START_TEST(test_worked_json)
{
	static const char want[] = "{\"input\":\"w\\\"q\",\"games\":6,"
	    "\"valid\":6,\"invalid\":0,\"positions\":0,\"results\":{"
	    "\"1-0\":0,\"0-1\":1,\"1-1/2\":1,\"1/2-1\":1,\"3/2-0\":0,"
	    "\"2-0\":1,\"0-0\":0,\"*\":2},\"pending\":1,\"finished\":4,"
	    "\"points\":{\"X\":3.5,\"O\":2.5},\"mean_score\":{\"X\":0.8750,"
	    "\"O\":0.6250},\"moves\":[0,0,0,0,2,0,1,2,0,1],\"plies\":[0,0,0,"
	    "0,1,1,0,1,2,0,1,0,0,0,0],\"measurements\":[1,5,0,0,0,0],"
	    "\"cycles\":{\"2\":2,\"3\":3,\"4\":0,\"5\":0,\"6\":0,\"7\":0,"
	    "\"8\":1,\"9\":0},\"two_cycle\":2,\"forced_x9\":1,"
	    "\"simultaneous\":2,\"double_line\":1,\"openings\":{\"side\":{"
	    "\"games\":4,\"finished\":2,\"points\":{\"X\":2,\"O\":1}},"
	    "\"corners\":{\"games\":0,\"finished\":0,\"points\":{\"X\":0,"
	    "\"O\":0}},\"knight\":{\"games\":0,\"finished\":0,\"points\":{"
	    "\"X\":0,\"O\":0}},\"corner-centre\":{\"games\":2,\"finished\":2,"
	    "\"points\":{\"X\":1.5,\"O\":1.5}},\"diagonal\":{\"games\":0,"
	    "\"finished\":0,\"points\":{\"X\":0,\"O\":0}},\"edges\":{"
	    "\"games\":0,\"finished\":0,\"points\":{\"X\":0,\"O\":0}},"
	    "\"edge-centre\":{\"games\":0,\"finished\":0,\"points\":{\"X\":0,"
	    "\"O\":0}},\"opposite\":{\"games\":0,\"finished\":0,\"points\":{"
	    "\"X\":0,\"O\":0}}}}\n";
	struct qttt_stats s;
	char		*text;

	qttt_stats_init(&s);
	count_text(worked, &s);
	text = written(QTTT_STATS_JSON, "w\"q", &s, 0);
	ck_assert_str_eq(text, want);
	free(text);
	/* The total: a null input. */
	text = written(QTTT_STATS_JSON, "w\"q", &s, 1);
	ck_assert(strstr(text, "}\n{\"input\":null,\"games\":6,") != NULL);
	free(text);
}
END_TEST

/* YAML: a document per tally, with the keys of JSON. */
START_TEST(test_worked_yaml)
{
	struct qttt_stats s;
	char		*text;

	qttt_stats_init(&s);
	count_text(worked, &s);
	text = written(QTTT_STATS_YAML, "worked.qttt", &s, 1);
	ck_assert_msg(strncmp(text, "---\ninput: worked.qttt\ngames: 6\n",
	    31) == 0, "%s", text);
	ck_assert(strstr(text, "\n---\ninput: null\ngames: 6\n") != NULL);
	ck_assert(strstr(text, "\nresults:\n  \"1-0\": 0\n  \"0-1\": 1\n") !=
	    NULL);
	ck_assert(strstr(text, "\n  '*': 2\n") != NULL);
	ck_assert(strstr(text, "\nmoves: [0, 0, 0, 0, 2, 0, 1, 2, 0, 1]\n")
	    != NULL);
	ck_assert(strstr(text, "\n  \"8\": 1\n") != NULL);
	ck_assert(strstr(text, "\nmean_score:\n  X: 0.8750\n") != NULL);
	ck_assert(strstr(text, "\n  corner-centre:\n    games: 2\n") != NULL);
	free(text);
}
END_TEST

/*
 * With no finished game there is no mean score: n/a in the text, null
 * as data, not 0, which is a score.
 */
START_TEST(test_no_finished)
{
	struct qttt_stats s;
	char		*text;

	qttt_stats_init(&s);
	count_text("X1 a1 b1\nX1 a1 b2; O2 b2 c3\n", &s);
	ck_assert_uint_eq(s.valid, 2);
	ck_assert_uint_eq(s.finished, 0);
	text = written(QTTT_STATS_TEXT, "open", &s, 0);
	ck_assert_msg(strstr(text, "\nmean score    X n/a  O n/a  "
	    "(0 finished)\n") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "\n  side                1        0     "
	    "n/a     n/a\n") != NULL, "%s", text);
	free(text);
	text = written(QTTT_STATS_JSON, "open", &s, 0);
	ck_assert_msg(strstr(text, ",\"finished\":0,\"points\":{\"X\":0,"
	    "\"O\":0},\"mean_score\":{\"X\":null,\"O\":null},") != NULL,
	    "%s", text);
	free(text);
	text = written(QTTT_STATS_YAML, "open", &s, 0);
	ck_assert_msg(strstr(text, "\nmean_score:\n  X: null\n  O: null\n")
	    != NULL, "%s", text);
	free(text);
	/* One finished game, which scored 0 for O: a mean of 0. */
	count_text("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; "
	    "O6 a3 b3; X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0\n",
	    &s);
	text = written(QTTT_STATS_TEXT, "open", &s, 0);
	ck_assert_msg(strstr(text, "\nmean score    X 2.000  O 0.000  "
	    "(1 finished)\n") != NULL, "%s", text);
	free(text);
}
END_TEST

/* Invalid records and positions are counted apart. */
START_TEST(test_records)
{
	struct qttt_stats s;

	qttt_stats_init(&s);
	count_text("X1 a1 b1\nX1 a1 a1\nX1 a1 b1; O2 b1 c1; 1-0\n*\n", &s);
	ck_assert_uint_eq(s.games, 4);
	ck_assert_uint_eq(s.invalid, 2);
	ck_assert_uint_eq(s.valid, 2);
	ck_assert_uint_eq(s.moves[0], 1);
	ck_assert_uint_eq(s.moves[1], 1);
	ck_assert_uint_eq(s.opening[QTTT_OPEN_SIDE].games, 1);
	qttt_stats_init(&s);
	count_text("X1,O2,./.,O6,X5/.,O4,X3 - - 0-1\nnot a state\n", &s);
	ck_assert_uint_eq(s.games, 2);
	ck_assert_uint_eq(s.positions, 1);
	ck_assert_uint_eq(s.invalid, 1);
	ck_assert_uint_eq(s.valid, 0);
	ck_assert_uint_eq(s.finished, 0);
}
END_TEST

/*
 * On random games: every count against the game's own features, and
 * the tallies of two parts adding up to the tally of the whole.
 */
START_TEST(test_random)
{
	static struct qttt_game g;
	struct qttt_stats all, part[2], sum;
	struct qttt_features f;
	struct qttt_generator gen;
	unsigned long	 halves[2] = { 0, 0 }, finished = 0, cycles = 0;
	unsigned long	 n, twocycle = 0, byresult[QTTT_NRESULTS] = { 0 };
	int		 i, k;
	size_t		 j;

	qttt_stats_init(&all);
	qttt_stats_init(&part[0]);
	qttt_stats_init(&part[1]);
	qttt_generator_init(&gen, 23, QTTT_GEN_UNFINISHED);
	for (i = 0; i < NGAMES; i++) {
		qttt_generator_game(&gen, &g);
		qttt_stats_add_game(&all, &g);
		qttt_stats_add_game(&part[i % 3 == 0], &g);
		qttt_game_features(&g, &f);
		twocycle += f.twocycles > 0;
		cycles += f.ncycles;
		if ((k = qttt_result_index(&f.result)) >= 0) {
			byresult[k]++;
			finished++;
			halves[0] += f.result.score[0];
			halves[1] += f.result.score[1];
		}
	}
	sum = part[0];
	qttt_stats_merge(&sum, &part[1]);
	ck_assert(memcmp(&sum, &all, sizeof(sum)) == 0);
	ck_assert_uint_eq(all.valid, NGAMES);
	ck_assert_uint_eq(all.finished, finished);
	ck_assert_uint_eq(all.unfinished, NGAMES - finished);
	ck_assert_uint_eq(all.halves[0], halves[0]);
	ck_assert_uint_eq(all.halves[1], halves[1]);
	ck_assert_uint_eq(all.twocycle, twocycle);
	for (k = 0; k < QTTT_NRESULTS; k++)
		ck_assert_uint_eq(all.result[k], byresult[k]);
	for (j = 0, n = 0; j <= QTTT_NSQUARES; j++)
		n += all.cycles[j];
	ck_assert_uint_eq(n, cycles);
	for (j = 0, n = 0; j <= QTTT_MAXMOVES; j++)
		n += all.moves[j];
	ck_assert_uint_eq(n, NGAMES);
	for (j = 0, n = 0; j < QTTT_NOPENINGS; j++)
		n += all.opening[j].finished;
	ck_assert_uint_eq(n, finished);
}
END_TEST

/* A writer on a full disk says so. */
START_TEST(test_write_error)
{
	static const enum qttt_stats_format formats[] = {
		QTTT_STATS_TEXT, QTTT_STATS_JSON, QTTT_STATS_YAML
	};
	struct qttt_stats_writer *w;
	struct qttt_stats s;
	FILE		*f;
	int		 failed, k;

	qttt_stats_init(&s);
	ck_assert_ptr_nonnull(f = fopen("/dev/full", "w"));
	ck_assert_ptr_nonnull(w = qttt_stats_writer_open(f, formats[_i]));
	/* A buffered stream may take the first tally in. */
	failed = 0;
	for (k = 0; k < 100 && !failed; k++)
		failed = qttt_stats_writer_put(w, "x", &s) == -1;
	ck_assert_int_eq(qttt_stats_writer_close(w), -1);
	fclose(f);
	ck_assert_int_eq(qttt_stats_writer_close(NULL), 0);
}
END_TEST

Suite *
stats_suite(void)
{
	Suite	*s = suite_create("stats");
	TCase	*tc = tcase_create("stats");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_worked_text);
	tcase_add_test(tc, test_worked_json);
	tcase_add_test(tc, test_worked_yaml);
	tcase_add_test(tc, test_no_finished);
	tcase_add_test(tc, test_records);
	tcase_add_test(tc, test_random);
	tcase_add_loop_test(tc, test_write_error, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}
