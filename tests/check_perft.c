/*
 * Exact counting (lib/analysis/perft.c, formats/counting.md): perft
 * from the empty board against the published figures, perft and the
 * complete-game count from random positions against a count of every
 * history made here with the rules engine alone, a bounded table, the
 * symmetries, and the refusals; and what qttt-analyze -p, -d and -c
 * print, against the same count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "check_qttt.h"

#define REQUIRE(e) do {							\
	if (!(e))							\
		ck_abort_msg("failed: %s", #e);				\
} while (0)

/* A table big enough for any sub-tree here. */
#define MEMORY		((size_t)2 << 20)

/* ------------------------------------------------------------------ */
/* Counting every history, with the rules engine alone                  */
/* ------------------------------------------------------------------ */

static uint64_t
brute_perft(const struct qttt_state *st, unsigned int depth)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state child;
	uint64_t	 total = 0;
	size_t		 n, i;

	if (st->result.over)
		return depth == 0;
	if (st->pending == 0 && depth == 0)
		return 1;
	n = qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		child = *st;
		ck_assert_int_eq(qttt_state_apply(&child, &acts[i], NULL),
		    QTTT_OK);
		total += brute_perft(&child,
		    acts[i].kind == QTTT_MEASURE ? depth : depth - 1);
	}
	return total;
}

static void
brute_games(const struct qttt_state *st,
    uint64_t games[QTTT_NRESULTS][QTTT_MAXMOVES + 1])
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state child;
	size_t		 n, i;
	int		 r;

	if (st->result.over) {
		r = qttt_result_index(&st->result);
		REQUIRE(r >= 0);
		games[r][st->next - 1]++;
		return;
	}
	n = qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		child = *st;
		qttt_state_apply(&child, &acts[i], NULL);
		brute_games(&child, games);
	}
}

/*
 * A random position under profile rules: random actions from the empty
 * board until move `next` is due; half of the time, if the last move
 * closed a cycle, it stops before the measurement.  A game over on the
 * way is kept.
 */
static void
profile_position(struct qttt_generator *gen, unsigned int rules, int next,
    struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	size_t		 n;

	qttt_state_init(st);
	st->rules = rules;
	for (;;) {
		if (st->next >= next && (st->pending == 0 ||
		    qttt_generator_uniform(gen, 2) == 0))
			break;
		if ((n = qttt_state_actions(st, acts)) == 0)
			break;
		qttt_state_apply(st, &acts[qttt_generator_uniform(gen, n)],
		    NULL);
	}
}

static void
random_position(struct qttt_generator *gen, int next, struct qttt_state *st)
{
	profile_position(gen, QTTT_RULES_GOFF, next, st);
}

static const char *
state_text(const struct qttt_state *st)
{
	static char	 buf[QTTT_STATE_MAX];

	qttt_state_format(st, buf, sizeof(buf));
	return buf;
}

/* The memoised count from st, with a table of memory bytes, against
 * the brute force. */
static void
check_games(const struct qttt_state *st, size_t memory)
{
	uint64_t	 want[QTTT_NRESULTS][QTTT_MAXMOVES + 1], total = 0;
	struct qttt_games g;
	int		 r, l;

	memset(want, 0, sizeof(want));
	brute_games(st, want);
	ck_assert_int_eq(qttt_count_games(st, memory, &g, NULL), 0);
	for (r = 0; r < QTTT_NRESULTS; r++)
		for (l = 0; l <= QTTT_MAXMOVES; l++) {
			if (g.games[r][l] != want[r][l])
				ck_abort_msg("rules %#x, %s: result %d, length "
				    "%d: %llu games, brute force %llu",
				    st->rules, state_text(st), r, l,
				    (unsigned long long)g.games[r][l],
				    (unsigned long long)want[r][l]);
			total += want[r][l];
		}
	ck_assert_uint_eq(g.total, total);
}

/* ------------------------------------------------------------------ */
/* Perft                                                                */
/* ------------------------------------------------------------------ */

/* The histories after moves 1 to 4 from the empty board. */
START_TEST(test_perft_empty)
{
	static const uint64_t want[] = { 1, 36, 1332, 49896, 1855224 };
	struct qttt_state st;
	uint64_t	 n;
	unsigned int	 d;

	qttt_state_init(&st);
	for (d = 0; d < sizeof(want) / sizeof(want[0]); d++) {
		ck_assert_int_eq(qttt_perft(&st, d, 0, &n, NULL), 0);
		ck_assert_uint_eq(n, want[d]);
	}
	/* The brute force agrees where it is quick. */
	ck_assert_uint_eq(brute_perft(&st, 3), want[3]);
}
END_TEST

/*
 * A table of at most the memory given, or none, gives the same counts:
 * from the empty board, and divided by the first action.
 */
START_TEST(test_perft_small_table)
{
	static const size_t memory[] = { 1, 1024, 65536 };
	struct qttt_divide div[QTTT_MAXACTIONS];
	struct qttt_state st;
	uint64_t	 n, sum;
	size_t		 i, j, k;

	qttt_state_init(&st);
	for (i = 0; i < sizeof(memory) / sizeof(memory[0]); i++) {
		ck_assert_int_eq(qttt_perft(&st, 4, memory[i], &n, NULL), 0);
		ck_assert_uint_eq(n, 1855224);
		ck_assert_int_eq(qttt_perft_divide(&st, 4, memory[i], div, &k,
		    NULL), 0);
		for (j = 0, sum = 0; j < k; j++)
			sum += div[j].count;
		ck_assert_uint_eq(sum, 1855224);
	}
}
END_TEST

/*
 * Perft against the brute force from random positions, moves 2 to 9 in
 * turn: 100 in make check, 200 in make check-full.
 */
START_TEST(test_perft_random)
{
	struct qttt_generator gen;
	struct qttt_state st;
	uint64_t	 n;
	unsigned int	 d;
	int		 i, next, npositions;

	qttt_generator_init(&gen, 7, 0);
	npositions = sample_size(100, 200);
	for (i = 0; i < npositions; i++) {
		next = 2 + i % 8;
		random_position(&gen, next, &st);
		for (d = 0; d <= (next < 5 ? 2u : next < 8 ? 3u : 4u); d++) {
			ck_assert_int_eq(qttt_perft(&st, d, 0, &n, NULL), 0);
			if (n != brute_perft(&st, d))
				ck_abort_msg("%s: perft %u is %llu, brute "
				    "force %llu", state_text(&st), d,
				    (unsigned long long)n,
				    (unsigned long long)brute_perft(&st, d));
		}
	}
}
END_TEST

/* A pending measurement takes no depth: depth 0 counts its outcomes. */
START_TEST(test_perft_pending)
{
	static const struct qttt_action moves[] = {
		{ QTTT_PLACE, 1, { 0, 1 } }, { QTTT_PLACE, 2, { 0, 1 } }
	};
	struct qttt_state st, child;
	struct qttt_action acts[QTTT_MAXACTIONS];
	uint64_t	 n, sum;
	size_t		 i, k;

	qttt_state_init(&st);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(qttt_state_apply(&st, &moves[i], NULL),
		    QTTT_OK);
	ck_assert_int_eq(st.pending, 2);
	ck_assert_int_eq(qttt_perft(&st, 0, 0, &n, NULL), 0);
	ck_assert_uint_eq(n, 2);
	/* Depth 1 is the outcomes' own depth 1. */
	ck_assert_int_eq(qttt_perft(&st, 1, 0, &n, NULL), 0);
	k = qttt_state_actions(&st, acts);
	ck_assert_uint_eq(k, 2);
	sum = 0;
	for (i = 0; i < k; i++) {
		child = st;
		qttt_state_apply(&child, &acts[i], NULL);
		sum += brute_perft(&child, 1);
	}
	ck_assert_uint_eq(n, sum);
	/* Both outcomes leave seven open squares and X3 to move. */
	ck_assert_uint_eq(n, 2 * 21);
}
END_TEST

START_TEST(test_perft_over)
{
	struct qttt_generator gen;
	struct qttt_game g;
	uint64_t	 n;

	qttt_generator_init(&gen, 3, 0);
	qttt_generator_game(&gen, &g);
	ck_assert(g.state.result.over);
	ck_assert_int_eq(qttt_perft(&g.state, 0, 0, &n, NULL), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(qttt_perft(&g.state, 1, 0, &n, NULL), 0);
	ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(test_divide)
{
	struct qttt_generator gen;
	struct qttt_divide div[QTTT_MAXACTIONS];
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state st, child;
	uint64_t	 n, sum;
	size_t		 k, na, j;
	unsigned int	 d;
	int		 i;

	qttt_generator_init(&gen, 11, 0);
	for (i = 0; i < 60; i++) {
		random_position(&gen, 1 + i % 9, &st);
		d = 1 + i % 3;
		ck_assert_int_eq(qttt_perft_divide(&st, d, 0, div, &k, NULL),
		    0);
		ck_assert_int_eq(qttt_perft(&st, d, 0, &n, NULL), 0);
		na = qttt_state_actions(&st, acts);
		ck_assert_uint_eq(k, na);
		sum = 0;
		for (j = 0; j < k; j++) {
			ck_assert(memcmp(&div[j].action, &acts[j],
			    sizeof(acts[j])) == 0);
			child = st;
			qttt_state_apply(&child, &acts[j], NULL);
			ck_assert_uint_eq(div[j].count, brute_perft(&child,
			    acts[j].kind == QTTT_MEASURE ? d : d - 1));
			sum += div[j].count;
		}
		ck_assert_uint_eq(sum, n);
	}
	/* From the empty board at depth 2: 37 for every first move. */
	qttt_state_init(&st);
	ck_assert_int_eq(qttt_perft_divide(&st, 2, 0, div, &k, NULL), 0);
	ck_assert_uint_eq(k, 36);
	for (j = 0; j < k; j++)
		ck_assert_uint_eq(div[j].count, 37);
	/* No depth and a move due: nothing to list. */
	ck_assert_int_eq(qttt_perft_divide(&st, 0, 0, div, &k, NULL), 0);
	ck_assert_uint_eq(k, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Complete games                                                       */
/* ------------------------------------------------------------------ */

/* Random positions after moves 5 to 8, pending ones among them. */
START_TEST(test_games_random)
{
	static const struct { int next, n; } plan[] = {
		{ 6, 3 }, { 7, 60 }, { 8, 200 }, { 9, 300 }, { 10, 100 }
	};
	struct qttt_generator gen;
	struct qttt_state st;
	size_t		 p;
	int		 i, pending = 0, over = 0;

	qttt_generator_init(&gen, 2026, 0);
	for (p = 0; p < sizeof(plan) / sizeof(plan[0]); p++)
		for (i = 0; i < plan[p].n; i++) {
			random_position(&gen, plan[p].next, &st);
			pending += st.pending != 0;
			over += st.result.over;
			check_games(&st, MEMORY);
		}
	/* The sample holds both kinds of position it is meant to. */
	ck_assert_int_gt(pending, 50);
	ck_assert_int_gt(over, 10);
}
END_TEST

/*
 * The same under each switch alone and each preset (loop index _i: the
 * switches, then the presets): perft from positions after moves 2 to
 * 9, the complete games from positions after moves 7 to 9, pending
 * ones and games over among them, against the brute force.
 */
START_TEST(test_profiles)
{
	struct qttt_generator gen;
	struct qttt_state st;
	uint64_t	 n;
	unsigned int	 d, rules = loop_profile(_i);
	int		 i, next, pending = 0;

	qttt_generator_init(&gen, 300 + _i, 0);
	for (i = 0; i < sample_size(24, 80); i++) {
		next = 2 + i % 8;
		profile_position(&gen, rules, next, &st);
		for (d = 0; d <= (next < 5 ? 2u : 3u); d++) {
			ck_assert_int_eq(qttt_perft(&st, d, 0, &n, NULL), 0);
			if (n != brute_perft(&st, d))
				ck_abort_msg("rules %#x, %s: perft %u is %llu, "
				    "brute force %llu", rules, state_text(&st),
				    d, (unsigned long long)n,
				    (unsigned long long)brute_perft(&st, d));
		}
	}
	for (i = 0; i < sample_size(90, 300); i++) {
		profile_position(&gen, rules, 8 + i % 3, &st);
		pending += st.pending != 0;
		check_games(&st, MEMORY);
	}
	for (i = 0; i < sample_size(3, 20); i++) {
		profile_position(&gen, rules, 7, &st);
		check_games(&st, MEMORY);
	}
	ck_assert_int_gt(pending, 5);
}
END_TEST

/*
 * Positions after move 4 whose collapses left few squares open, so
 * that every history below them can be counted here.
 */
START_TEST(test_games_move4)
{
	struct qttt_generator gen;
	struct qttt_state st;
	int		 found = 0, s, open;

	qttt_generator_init(&gen, 44, 0);
	while (found < 2) {
		random_position(&gen, 5, &st);
		for (open = 0, s = 0; s < QTTT_NSQUARES; s++)
			open += st.board[s] == 0;
		if (open > 6)
			continue;
		check_games(&st, MEMORY);
		found++;
	}
}
END_TEST

/*
 * A table of one bucket, or of none, replaces entries all the time:
 * the counts stay the same.
 */
START_TEST(test_games_small_table)
{
	struct qttt_generator gen;
	struct qttt_state st;
	int		 i;

	qttt_generator_init(&gen, 99, 0);
	for (i = 0; i < 40; i++) {
		random_position(&gen, 7 + i % 3, &st);
		check_games(&st, 1024);
		check_games(&st, 1);
	}
	random_position(&gen, 6, &st);
	check_games(&st, 4096);
}
END_TEST

/* The table is used: a sub-tree has transpositions. */
START_TEST(test_games_hits)
{
	struct qttt_generator gen;
	struct qttt_state st;
	struct qttt_games g;

	qttt_generator_init(&gen, 5, 0);
	random_position(&gen, 6, &st);
	ck_assert_int_eq(qttt_count_games(&st, MEMORY, &g, NULL), 0);
	ck_assert_uint_gt(g.hits, 0);
	ck_assert_uint_gt(g.positions, 0);
	ck_assert_uint_gt(g.entries, 0);
	ck_assert_int_eq(qttt_count_games(&st, 1, &g, NULL), 0);
	ck_assert_uint_eq(g.hits, 0);
	ck_assert_uint_eq(g.entries, 0);
}
END_TEST

/* A game over is one game of its own, of its result and length. */
START_TEST(test_games_over)
{
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_games c;
	int		 r;

	qttt_generator_init(&gen, 8, 0);
	qttt_generator_game(&gen, &g);
	ck_assert_int_eq(qttt_count_games(&g.state, MEMORY, &c, NULL), 0);
	r = qttt_result_index(&g.state.result);
	ck_assert_int_ge(r, 0);
	ck_assert_uint_eq(c.total, 1);
	ck_assert_uint_eq(c.games[r][g.state.next - 1], 1);
}
END_TEST

/*
 * The image of a state under a permutation of the squares that keeps
 * lines (one of the eight symmetries).
 */
static void
permuted(const struct qttt_state *st, const unsigned char perm[9],
    struct qttt_state *out)
{
	int	 s, m, a, b;

	*out = *st;
	qttt_state_init(out);
	out->next = st->next;
	out->pending = st->pending;
	out->result = st->result;
	for (s = 0; s < QTTT_NSQUARES; s++)
		out->board[perm[s]] = st->board[s];
	for (m = 1; m < st->next; m++) {
		a = perm[st->where[m][0]];
		b = perm[st->where[m][1]];
		out->where[m][0] = a < b ? a : b;
		out->where[m][1] = a < b ? b : a;
	}
}

START_TEST(test_symmetry)
{
	static const unsigned char perms[][9] = {
		{ 2, 5, 8, 1, 4, 7, 0, 3, 6 },	/* a quarter turn */
		{ 8, 7, 6, 5, 4, 3, 2, 1, 0 },	/* a half turn */
		{ 2, 1, 0, 5, 4, 3, 8, 7, 6 },	/* a mirror */
		{ 0, 3, 6, 1, 4, 7, 2, 5, 8 }	/* a diagonal */
	};
	struct qttt_generator gen;
	struct qttt_state st, img;
	struct qttt_games a, b;
	uint64_t	 pa, pb;
	size_t		 p;
	int		 i;

	qttt_generator_init(&gen, 12, 0);
	for (i = 0; i < 20; i++) {
		random_position(&gen, 6 + i % 3, &st);
		ck_assert_int_eq(qttt_count_games(&st, MEMORY, &a, NULL), 0);
		ck_assert_int_eq(qttt_perft(&st, 2, 0, &pa, NULL), 0);
		for (p = 0; p < sizeof(perms) / sizeof(perms[0]); p++) {
			permuted(&st, perms[p], &img);
			ck_assert_int_eq(qttt_state_check(&img, NULL),
			    QTTT_OK);
			ck_assert_int_eq(qttt_count_games(&img, MEMORY, &b,
			    NULL), 0);
			ck_assert(memcmp(a.games, b.games,
			    sizeof(a.games)) == 0);
			ck_assert_int_eq(qttt_perft(&img, 2, 0, &pb, NULL), 0);
			ck_assert_uint_eq(pa, pb);
		}
	}
}
END_TEST

/* A state the rules cannot reach is refused with the check's reason. */
START_TEST(test_refused)
{
	struct qttt_divide div[QTTT_MAXACTIONS];
	struct qttt_state st;
	struct qttt_games g;
	struct qttt_diag d;
	uint64_t	 n = 5;
	size_t		 k = 5;

	qttt_state_init(&st);
	st.next = 0;
	memset(&d, 0, sizeof(d));
	ck_assert_int_eq(qttt_perft(&st, 3, 0, &n, &d), -1);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(d.code, QTTT_E_STATE);
	ck_assert(strstr(d.msg, "next move") != NULL);
	ck_assert_int_eq(qttt_perft_divide(&st, 3, 0, div, &k, NULL), -1);
	ck_assert_uint_eq(k, 0);
	ck_assert_int_eq(qttt_count_games(&st, MEMORY, &g, &d), -1);
	ck_assert_uint_eq(g.total, 0);
	/* O2 classical in a1 before any move was made. */
	qttt_state_init(&st);
	st.board[0] = 2;
	ck_assert_int_eq(qttt_count_games(&st, MEMORY, &g, &d), -1);
}
END_TEST

START_TEST(test_result_numbers)
{
	static const char *const text[QTTT_NRESULTS] = {
		"1-0", "0-1", "1-1/2", "1/2-1", "3/2-0", "2-0", "0-0",
		"1/2-1/2"
	};
	struct qttt_result r;
	char		 buf[16];
	int		 i;

	for (i = 0; i < QTTT_NRESULTS; i++) {
		qttt_result_nth(i, &r);
		qttt_result_format(&r, buf, sizeof(buf));
		ck_assert_str_eq(buf, text[i]);
		ck_assert_int_eq(qttt_result_index(&r), i);
	}
	qttt_result_nth(QTTT_NRESULTS, &r);
	ck_assert_int_eq(r.over, 0);
	ck_assert_int_eq(qttt_result_index(&r), -1);
	qttt_result_nth(-1, &r);
	ck_assert_int_eq(r.over, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The tool: qttt-analyze -p, -d and -c against the brute force         */
/* ------------------------------------------------------------------ */

/*
 * The numbers that follow each "key": in a JSON line, in order, into
 * out (max of them).  Returns how many.
 */
static size_t
numbers_after(const char *line, const char *key, uint64_t *out, size_t max)
{
	char		 pat[32];
	const char	*p = line;
	size_t		 n = 0;

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	while ((p = strstr(p, pat)) != NULL && n < max) {
		p += strlen(pat);
		if (*p >= '0' && *p <= '9')
			out[n++] = strtoull(p, NULL, 10);
	}
	return n;
}

/*
 * Runs qttt-analyze (in $QTTT_TOOLS, else cmd/, as make check builds
 * it) with opts on the positions of sts, as state strings in a file,
 * and gives each line of its JSON output to check, with the position
 * it is about.
 */
static void
run_tool(const char *opts, const struct qttt_state *sts, size_t n,
    void (*check)(const struct qttt_state *, const char *line))
{
	char		 path[] = "/tmp/qttt-perft-XXXXXX", cmd[512];
	const char	*dir = getenv("QTTT_TOOLS");
	char		*line = NULL, want[QTTT_STATE_MAX + 16];
	size_t		 size = 0, i = 0;
	FILE		*f;
	int		 fd;

	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	for (i = 0; i < n; i++)
		fprintf(f, "%s\n", state_text(&sts[i]));
	ck_assert_int_eq(fclose(f), 0);
	snprintf(cmd, sizeof(cmd), "QTTT_THREADS=1 %s/qttt-analyze -f state "
	    "-T json %s %s", dir != NULL ? dir : "cmd", opts, path);
	ck_assert_ptr_nonnull(f = popen(cmd, "r"));
	for (i = 0; getline(&line, &size, f) != -1; i++) {
		ck_assert_uint_lt(i, n);
		snprintf(want, sizeof(want), "\"position\":\"%s\"",
		    state_text(&sts[i]));
		if (strstr(line, want) == NULL)
			ck_abort_msg("%s: line %zu is not about %s: %s", cmd,
			    i + 1, state_text(&sts[i]), line);
		check(&sts[i], line);
	}
	free(line);
	ck_assert_int_eq(pclose(f), 0);
	unlink(path);
	if (i != n)
		ck_abort_msg("%s: %zu lines for %zu positions", cmd, i, n);
}

/* -p 2 -d: the total and each action's count, and the actions. */
static void
check_divide(const struct qttt_state *st, const char *line)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state child;
	uint64_t	 got[QTTT_MAXACTIONS + 1];
	char		 item[32], want[48];
	size_t		 n, k, i;

	n = numbers_after(line, "perft", got, QTTT_MAXACTIONS + 1);
	ck_assert_uint_ge(n, 1);
	ck_assert_uint_eq(got[0], brute_perft(st, 2));
	k = qttt_state_actions(st, acts);
	ck_assert_uint_eq(n, k + 1);
	for (i = 0; i < k; i++) {
		child = *st;
		qttt_state_apply(&child, &acts[i], NULL);
		ck_assert_uint_eq(got[i + 1], brute_perft(&child,
		    acts[i].kind == QTTT_MEASURE ? 2 : 1));
		qttt_action_format(&acts[i], item, sizeof(item));
		snprintf(want, sizeof(want), "{\"item\":\"%s\",", item);
		ck_assert_ptr_nonnull(strstr(line, want));
	}
}

/* -c: the total, each result's, and each result's by length. */
static void
check_count(const struct qttt_state *st, const char *line)
{
	uint64_t	 want[QTTT_NRESULTS][QTTT_MAXMOVES + 1], total = 0;
	uint64_t	 got[QTTT_NRESULTS + 1], len[5], sum;
	unsigned long long l5, l6, l7, l8, l9;
	const char	*p = line;
	int		 r, l;

	memset(want, 0, sizeof(want));
	brute_games(st, want);
	/* Goff's rules: 1/2-1/2 ends no game, and has no entry. */
	for (l = 0; l <= QTTT_MAXMOVES; l++)
		ck_assert_uint_eq(want[QTTT_NRESULTS_GOFF][l], 0);
	ck_assert_uint_eq(numbers_after(line, "games", got,
	    QTTT_NRESULTS_GOFF + 1), QTTT_NRESULTS_GOFF + 1);
	for (r = 0; r < QTTT_NRESULTS_GOFF; r++) {
		ck_assert_ptr_nonnull(p = strstr(p, "\"length\":{"));
		p += strlen("\"length\":{");
		ck_assert_int_eq(sscanf(p, "\"5\":%llu,\"6\":%llu,\"7\":%llu,"
		    "\"8\":%llu,\"9\":%llu}", &l5, &l6, &l7, &l8, &l9), 5);
		len[0] = l5, len[1] = l6, len[2] = l7, len[3] = l8, len[4] = l9;
		for (sum = 0, l = 5; l <= QTTT_MAXMOVES; l++) {
			ck_assert_uint_eq(len[l - 5], want[r][l]);
			sum += want[r][l];
		}
		ck_assert_uint_eq(got[r + 1], sum);
		total += sum;
	}
	ck_assert_uint_eq(got[0], total);
}

/*
 * What qttt-analyze prints of random positions (as JSON, which its
 * other outputs say in other words): perft at depth 2 with its
 * breakdown, from move 3 on, and the complete games from move 7 on,
 * each against the brute force of this file.
 */
#define NTOOL	16

START_TEST(test_tool)
{
	struct qttt_generator gen;
	struct qttt_state sts[NTOOL];
	int		 i;

	qttt_generator_init(&gen, 25, 0);
	for (i = 0; i < NTOOL; i++)
		random_position(&gen, 3 + i % 8, &sts[i]);
	run_tool("-p 2 -d", sts, NTOOL, check_divide);
	for (i = 0; i < NTOOL; i++)
		random_position(&gen, 7 + i % 4, &sts[i]);
	run_tool("-c", sts, NTOOL, check_count);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Progress                                                             */
/* ------------------------------------------------------------------ */

/* What a count told of its progress. */
struct told {
	size_t	 calls;
	double	 last;
	int	 shrank;	/* done went down, or out of (0, 1] */
};

static void
tell(void *arg, double done)
{
	struct told	*t = arg;

	if (done <= t->last || done > 1)
		t->shrank = 1;
	t->last = done;
	t->calls++;
}

/* A count told: growing, ending at 1, about a thousand calls. */
static void
check_told(const struct told *t)
{
	ck_assert_int_eq(t->shrank, 0);
	ck_assert(t->last == 1);
	ck_assert_uint_gt(t->calls, 30);
	ck_assert_uint_le(t->calls, 4096);
}

/*
 * The counts with progress are the counts without; the progress grows
 * to 1, told about a thousand times; NULL and a NULL fn tell nothing.
 */
START_TEST(test_progress)
{
	struct qttt_divide div[QTTT_MAXACTIONS], div2[QTTT_MAXACTIONS];
	struct qttt_generator gen;
	struct qttt_games g, g2;
	struct qttt_state st;
	struct told	 t;
	struct qttt_progress p = { tell, &t }, none = { NULL, &t };
	uint64_t	 n, n2;
	size_t		 k, k2, i;

	qttt_state_init(&st);
	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(qttt_perft_progress(&st, 4, 0, &n, &p, NULL), 0);
	ck_assert_uint_eq(n, 1855224);
	check_told(&t);

	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(qttt_perft_divide_progress(&st, 3, 0, div, &k, &p,
	    NULL), 0);
	ck_assert_int_eq(qttt_perft_divide(&st, 3, 0, div2, &k2, NULL), 0);
	ck_assert_uint_eq(k, k2);
	for (i = 0; i < k; i++)
		ck_assert_uint_eq(div[i].count, div2[i].count);
	check_told(&t);

	qttt_generator_init(&gen, 44, 0);
	random_position(&gen, 4, &st);
	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(qttt_count_games_progress(&st, MEMORY, &g, &p, NULL),
	    0);
	ck_assert_int_eq(qttt_count_games(&st, MEMORY, &g2, NULL), 0);
	ck_assert_uint_eq(g.total, g2.total);
	ck_assert(memcmp(g.games, g2.games, sizeof(g.games)) == 0);
	check_told(&t);

	memset(&t, 0, sizeof(t));
	ck_assert_int_eq(qttt_count_games_progress(&st, MEMORY, &g, NULL,
	    NULL), 0);
	ck_assert_int_eq(qttt_perft_progress(&st, 2, 0, &n2, &none, NULL), 0);
	ck_assert_uint_eq(t.calls, 0);
}
END_TEST

Suite *
perft_suite(void)
{
	Suite	*s = suite_create("perft");
	TCase	*tc = tcase_create("perft");

	/* Searches: tests/valgrind.sh leaves them to the other runs. */
	tcase_set_tags(tc, "search");

	tcase_add_test(tc, test_perft_empty);
	tcase_add_test(tc, test_perft_small_table);
	tcase_add_test(tc, test_perft_random);
	tcase_add_test(tc, test_perft_pending);
	tcase_add_test(tc, test_perft_over);
	tcase_add_test(tc, test_divide);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_result_numbers);
	suite_add_tcase(s, tc);

	tc = tcase_create("games");
	tcase_set_tags(tc, "search");
	tcase_add_test(tc, test_games_random);
	tcase_add_loop_test(tc, test_profiles, 0, NPROFILES);
	tcase_add_test(tc, test_games_move4);
	tcase_add_test(tc, test_games_small_table);
	tcase_add_test(tc, test_games_hits);
	tcase_add_test(tc, test_games_over);
	tcase_add_test(tc, test_symmetry);
	tcase_add_test(tc, test_progress);
	/* The tool, built before the unit tests (make check). */
	tcase_add_test(tc, test_tool);
	suite_add_tcase(s, tc);
	return s;
}
