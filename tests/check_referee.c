/*
 * The runner's logic without processes (lib/protocol/peer.c,
 * referee.c, adjudicate.c): engines played by functions of this file,
 * which answer what the peers write, on a clock the test moves.
 */
#include <stdio.h>
#include <string.h>

#include "check_qttt.h"

/* How a fake engine behaves. */
enum fake_kind {
	FAKE_RANDOM = 0,	/* random legal actions */
	FAKE_PERFECT,		/* the solver's, with info value */
	FAKE_ILLEGAL,		/* from its second action: both marks in one
				   square */
	FAKE_WRONG,		/* answers as the other player */
	FAKE_GARBAGE,		/* a line that is no message */
	FAKE_REFUSE,		/* answers go with error */
	FAKE_SILENT,		/* never answers go */
	FAKE_MUTE,		/* never answers qtp */
	FAKE_OTHER_RULES,	/* lists a Rules option without goff */
	FAKE_NO_RULES,		/* refuses setoption Rules */
	FAKE_EARLY,		/* writes bestaction before it is asked */
	FAKE_PROFILES		/* random, listing profiles by two names */
};

struct fake {
	enum fake_kind		 kind;
	struct qttt_qtp_parser	*parser;
	struct qttt_solver	*solver;
	struct qttt_generator	 gen;
	struct qttt_state	 pos;
	unsigned int		 acts;	/* bestactions given */
	long long		 think;	/* ms each answer takes */
	long long		 later;	/* after its first action, if set */
	int			 saw_state;	/* got position state */
	int			 saw_actions;	/* with actions after it */
	char			 rules[64];	/* Rules, as set */
	char			 out[4096];
	size_t			 outlen;
};

static void
say(struct fake *f, const char *line)
{
	size_t	 n = strlen(line);

	ck_assert_uint_lt(f->outlen + n + 1, sizeof(f->out));
	memcpy(f->out + f->outlen, line, n);
	f->out[f->outlen + n] = '\n';
	f->outlen += n + 1;
}

static void
fake_init(struct fake *f, enum fake_kind k, uint64_t seed)
{
	memset(f, 0, sizeof(*f));
	f->kind = k;
	f->parser = qttt_qtp_parser_new();
	ck_assert_ptr_nonnull(f->parser);
	if (k == FAKE_PERFECT) {
		f->solver = qttt_solver_new(1 << 20);
		ck_assert_ptr_nonnull(f->solver);
	}
	qttt_generator_init(&f->gen, seed, 0);
}

static void
fake_free(struct fake *f)
{
	qttt_qtp_parser_free(f->parser);
	qttt_solver_free(f->solver);
}

static void
fake_go(struct fake *f)
{
	struct qttt_qtp_msg m;
	struct qttt_action a;
	char		 line[QTTT_QTP_LINE_MAX + 1];
	int		 value;

	ck_assert_int_eq(qttt_level_choose(f->solver, &f->gen,
	    f->solver != NULL ? QTTT_LEVEL_PERFECT : QTTT_LEVEL_RANDOM,
	    &f->pos, &a, &value, NULL), QTTT_OK);
	if (value != QTTT_NOVALUE) {
		qttt_qtp_init(&m, QTTT_QTP_INFO);
		m.has = QTTT_QTP_VALUE;
		qttt_solver_result(f->pos.rules, value, &m.value);
		ck_assert_int_gt(qttt_qtp_format(&m, line, sizeof(line)), 0);
		say(f, line);
	}
	if (f->kind == FAKE_ILLEGAL && f->acts > 0 && a.kind == QTTT_PLACE &&
	    a.sq[0] != a.sq[1]) {
		/* Both marks in one square, which no writer writes, and
		 * two blanks, which the quote keeps. */
		snprintf(line, sizeof(line), "bestaction %c%d %s  %s",
		    QTTT_LETTER(a.move), a.move, qttt_square_name(a.sq[0]),
		    qttt_square_name(a.sq[0]));
		say(f, line);
		f->acts++;
		return;
	}
	if (f->kind == FAKE_WRONG && a.kind == QTTT_PLACE)
		a.move = a.move == 1 ? 2 : a.move - 1;
	qttt_qtp_init(&m, QTTT_QTP_BESTACTION);
	m.action = a;
	ck_assert_int_gt(qttt_qtp_format(&m, line, sizeof(line)), 0);
	say(f, line);
	f->acts++;
}

/* The fake engine reads one line the runner wrote. */
static void
fake_read(struct fake *f, const char *line, size_t len)
{
	struct qttt_qtp_msg m;

	ck_assert_int_eq(qttt_qtp_parse(f->parser, line, len, &m, NULL),
	    QTTT_OK);
	switch (m.kind) {
	case QTTT_QTP_QTP:
		if (f->kind == FAKE_MUTE)
			break;
		say(f, f->kind == FAKE_PERFECT ? "id name fake perfect" :
		    "id name fake");
		say(f, "option name Hash type spin default 1 min 1 max 8");
		if (f->kind == FAKE_OTHER_RULES)
			say(f, "option name rules type combo default misere "
			    "var misere");
		else if (f->kind == FAKE_NO_RULES || f->kind == FAKE_RANDOM)
			say(f, "option name Rules type combo default goff "
			    "var goff var misere");
		else if (f->kind == FAKE_PROFILES)
			say(f, "option name Rules type combo default goff "
			    "var goff var ksmanis var python var double=2");
		say(f, "qtpok");
		if (f->kind == FAKE_EARLY)
			say(f, "bestaction X1 a1 b1");
		break;
	case QTTT_QTP_SETOPTION:
		ck_assert_int_eq(m.name.len, 5);
		if (f->kind == FAKE_PROFILES) {
			unsigned int r;

			ck_assert_uint_lt(m.text.len, sizeof(f->rules));
			memcpy(f->rules, m.text.s, m.text.len);
			f->rules[m.text.len] = '\0';
			ck_assert_int_eq(qttt_rules_parse(m.text.s, m.text.len,
			    &r, NULL), 0);
			ck_assert_int_eq(qttt_qtp_parser_rules(f->parser, r), 0);
			break;
		}
		ck_assert(memcmp(m.text.s, "goff", 4) == 0);
		if (f->kind == FAKE_NO_RULES)
			say(f, "error no such rules");
		break;
	case QTTT_QTP_ISREADY:
		say(f, "readyok");
		break;
	case QTTT_QTP_NEWGAME:
		ck_assert(m.has & QTTT_QTP_HAS(QTTT_QTP_SEED));
		qttt_generator_init(&f->gen, m.num[QTTT_QTP_SEED], 0);
		break;
	case QTTT_QTP_POSITION:
		/* The empty board is "position start", with no "actions". */
		ck_assert_msg(len < 8 || memcmp(line + len - 8, " actions",
		    8) != 0, "%.*s", (int)len, line);
		f->pos = m.game.state;
		f->saw_state |= m.from_state;
		f->saw_actions |= m.from_state && m.game.nplies > 0;
		break;
	case QTTT_QTP_GO:
		switch (f->kind) {
		case FAKE_GARBAGE:
			say(f, "bestaction X1 a1 z9");
			break;
		case FAKE_REFUSE:
			say(f, "error I would rather not");
			break;
		case FAKE_SILENT:
			say(f, "info string thinking forever");
			break;
		default:
			fake_go(f);
		}
		break;
	default:
		ck_abort_msg("a runner wrote '%.*s'", (int)len, line);
	}
}

/*
 * Plays one game between fakes x and o through a referee; returns its
 * result.  The clock moves by each fake's think time before its
 * answers are read, and to the next deadline when nobody answers.
 */
static struct {
	struct qttt_referee	*ref;
	struct qttt_peer	*peer[2];
	long long		 now;
	unsigned long		 lines[2];	/* written to each fake */
} run;

static void
run_open(const struct qttt_referee_opts *o)
{
	run.ref = qttt_referee_new(o);
	ck_assert_ptr_nonnull(run.ref);
	run.peer[0] = qttt_peer_new();
	run.peer[1] = qttt_peer_new();
	ck_assert_ptr_nonnull(run.peer[0]);
	ck_assert_ptr_nonnull(run.peer[1]);
	run.now = 1000;
	run.lines[0] = run.lines[1] = 0;
}

static void
run_close(void)
{
	qttt_referee_free(run.ref);
	qttt_peer_free(run.peer[0]);
	qttt_peer_free(run.peer[1]);
}

static const struct qttt_match_game *
run_game(struct fake *x, struct fake *o, const struct qttt_game *opening,
    int from_state, uint64_t seed)
{
	struct fake	*f[2] = { x, o };
	const struct qttt_match_game *g;
	const char	*text, *nl;
	uint64_t	 seeds[2] = { seed, seed + 1 };
	size_t		 n, i;
	long long	 d;
	int		 s, moved, steps = 0;

	qttt_referee_start(run.ref, run.peer[0], run.peer[1], opening,
	    from_state, seeds, run.now);
	while ((g = qttt_referee_result(run.ref)) == NULL) {
		ck_assert_int_lt(++steps, 1000);
		moved = 0;
		for (s = 0; s < 2; s++) {
			n = qttt_peer_output(run.peer[s], &text);
			for (i = 0; i < n; i = (size_t)(nl - text) + 1) {
				nl = memchr(text + i, '\n', n - i);
				ck_assert_ptr_nonnull(nl);
				fake_read(f[s], text + i,
				    (size_t)(nl - text) - i);
				run.lines[s]++;
			}
			qttt_peer_written(run.peer[s], n);
		}
		for (s = 0; s < 2 && qttt_referee_result(run.ref) == NULL;
		    s++) {
			if (f[s]->outlen == 0)
				continue;
			run.now += f[s]->later > 0 && f[s]->acts > 1 ?
			    f[s]->later : f[s]->think;
			/* Lines are read one by one, as a runner does. */
			for (i = 0; i < f[s]->outlen; i = (size_t)(nl -
			    f[s]->out) + 1) {
				nl = memchr(f[s]->out + i, '\n',
				    f[s]->outlen - i);
				qttt_referee_line(run.ref, run.peer[s],
				    f[s]->out + i, (size_t)(nl - f[s]->out) -
				    i, run.now);
			}
			f[s]->outlen = 0;
			moved = 1;
		}
		if (!moved && qttt_referee_result(run.ref) == NULL) {
			d = qttt_referee_deadline(run.ref);
			ck_assert_msg(d >= 0, "a game that waits for nothing");
			run.now = d + 1;
			qttt_referee_tick(run.ref, run.now);
		}
	}
	return g;
}

static struct qttt_referee_opts
opts(void)
{
	struct qttt_referee_opts o;

	memset(&o, 0, sizeof(o));
	o.rules = QTTT_RULES_GOFF;
	return o;
}

/* Random against random: every game ends by the rules, legally. */
START_TEST(test_random_games)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game empty, replay;
	const struct qttt_match_game *g;
	size_t		 i;
	uint64_t	 seed;

	run_open(&o);
	fake_init(&x, FAKE_RANDOM, 1);
	fake_init(&y, FAKE_RANDOM, 2);
	qttt_game_init(&empty);
	for (seed = 1; seed <= 20; seed++) {
		g = run_game(&x, &y, &empty, 0, seed);
		ck_assert_int_eq(g->term, QTTT_TERM_NORMAL);
		ck_assert_int_eq(g->loser, -1);
		ck_assert(g->game.state.result.over);
		ck_assert_mem_eq(&g->score, &g->game.state.result,
		    sizeof(g->score));
		ck_assert_uint_eq(g->opening, 0);
		qttt_game_init(&replay);
		for (i = 0; i < g->game.nplies; i++) {
			ck_assert_int_eq(qttt_game_play(&replay,
			    &g->game.plies[i], NULL), QTTT_OK);
			ck_assert_int_eq(g->value[i], QTTT_NOVALUE);
			ck_assert_int_eq(g->ms[i], 0);
		}
		ck_assert(qttt_state_equal(&replay.state, &g->game.state));
	}
	/* The handshake happens once for each process. */
	ck_assert_str_eq(qttt_peer_name(run.peer[0]), "fake");
	ck_assert(qttt_peer_ready(run.peer[1]));
	ck_assert(qttt_peer_plays(run.peer[0], QTTT_RULES_GOFF));
	ck_assert(!qttt_peer_plays(run.peer[0], QTTT_RULES_DOUBLE_1));
	fake_free(&x);
	fake_free(&y);
	run_close();
}
END_TEST

/*
 * Under a profile: the Rules option set in the engine's first spelling
 * of it, every game played and judged by the profile (python: some
 * end 0-0 with a square open), a goff opening played again by it.
 */
START_TEST(test_profile_games)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game open, again;
	struct qttt_qtp_msg m;
	const struct qttt_match_game *g;
	const char	*opening = "position start actions X1 a1 c3";
	size_t		 i, open_sq = 0;
	uint64_t	 seed;

	o.rules = QTTT_RULES_DOUBLE_1 | QTTT_RULES_SIMUL_FIRST |
	    QTTT_RULES_LAST_DRAW;
	run_open(&o);
	fake_init(&x, FAKE_PROFILES, 1);
	fake_init(&y, FAKE_PROFILES, 2);
	/* A goff opening, X1 a1 c3, read by a fresh (goff) parser. */
	ck_assert_int_eq(qttt_qtp_parse(x.parser, opening,
	    strlen(opening), &m, NULL), QTTT_OK);
	open = m.game;
	ck_assert_int_eq(open.state.rules, QTTT_RULES_GOFF);
	for (seed = 1; seed <= 40; seed++) {
		g = run_game(&x, &y, &open, 0, seed);
		ck_assert_int_eq(g->term, QTTT_TERM_NORMAL);
		ck_assert_uint_eq(g->opening, 1);
		ck_assert_int_eq(g->game.state.rules, o.rules);
		qttt_game_init(&again);
		again.state.rules = (unsigned char)o.rules;
		for (i = 0; i < g->game.nplies; i++)
			ck_assert_int_eq(qttt_game_play(&again,
			    &g->game.plies[i], NULL), QTTT_OK);
		ck_assert(qttt_state_equal(&again.state, &g->game.state));
		ck_assert_mem_eq(&g->score, &again.state.result,
		    sizeof(g->score));
		ck_assert(qttt_rules_result_possible(o.rules, &g->score));
		/* A draw with one square open: python's, not goff's. */
		for (i = 0; i < QTTT_NSQUARES; i++)
			if (g->game.state.board[i] == 0 &&
			    g->game.state.result.score[QTTT_X] == 0 &&
			    g->game.state.result.score[QTTT_O] == 0)
				open_sq++;
	}
	ck_assert_uint_gt(open_sq, 0);
	ck_assert_str_eq(x.rules, "python");
	ck_assert_str_eq(y.rules, "python");
	ck_assert(qttt_peer_plays(run.peer[0], QTTT_RULES_DOUBLE_2));
	ck_assert(!qttt_peer_plays(run.peer[0], QTTT_RULES_DOUBLE_1));
	run_close();

	/* double=2 is listed as ksmanis first: that spelling is set. */
	o.rules = QTTT_RULES_DOUBLE_2;
	run_open(&o);
	qttt_game_init(&open);
	g = run_game(&x, &y, &open, 0, 1);
	ck_assert_int_eq(g->term, QTTT_TERM_NORMAL);
	ck_assert_int_eq(g->game.state.rules, QTTT_RULES_DOUBLE_2);
	ck_assert_str_eq(x.rules, "ksmanis");
	run_close();

	/* One it does not list: refused before the first go. */
	o.rules = QTTT_RULES_CLOSER;
	run_open(&o);
	g = run_game(&x, &y, &open, 0, 1);
	ck_assert_int_eq(g->term, QTTT_TERM_PROTOCOL);
	ck_assert_int_eq(g->loser, QTTT_X);
	ck_assert_uint_eq(g->game.nplies, 0);
	ck_assert_ptr_nonnull(strstr(g->why, "does not list flash"));
	run_close();
	fake_free(&x);
	fake_free(&y);
}
END_TEST

/* The same seeds, the same game; the engines' values are kept. */
START_TEST(test_perfect_games)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game empty, first;
	const struct qttt_match_game *g;
	size_t		 i;
	uint64_t	 seed;

	run_open(&o);
	fake_init(&x, FAKE_PERFECT, 1);
	fake_init(&y, FAKE_PERFECT, 2);
	qttt_game_init(&empty);
	for (seed = 1; seed <= 6; seed++) {
		g = run_game(&x, &y, &empty, 0, seed % 3);
		ck_assert_int_eq(g->term, QTTT_TERM_NORMAL);
		/* Perfect play ends 1-1/2. */
		ck_assert(g->score.over && g->score.score[QTTT_X] == 2 &&
		    g->score.score[QTTT_O] == 1);
		for (i = 0; i < g->game.nplies; i++)
			ck_assert_int_eq(g->value[i], 1);
		if (seed <= 3 && seed % 3 == 1)
			first = g->game;
		if (seed == 4) {
			ck_assert_uint_eq(g->game.nplies, first.nplies);
			ck_assert_mem_eq(g->game.plies, first.plies,
			    first.nplies * sizeof(first.plies[0]));
		}
	}
	ck_assert_str_eq(qttt_peer_name(run.peer[0]), "fake perfect");
	/* It lists no Rules option: it plays Goff's alone. */
	ck_assert(qttt_peer_plays(run.peer[0], QTTT_RULES_GOFF));
	ck_assert(!qttt_peer_plays(run.peer[0], QTTT_RULES_CLOSER));
	fake_free(&x);
	fake_free(&y);
	run_close();
}
END_TEST

/* Each fault of an engine, charged to it, with what the record says. */
static const struct {
	enum fake_kind		 kind;
	int			 side;		/* which side has the fault */
	enum qttt_termination	 term;
	const char		*why;
	long long		 movetime;
} faults[] = {
	{ FAKE_ILLEGAL, QTTT_O, QTTT_TERM_ILLEGAL,
	    "needs two different squares [same-square]", 0 },
	{ FAKE_ILLEGAL, QTTT_X, QTTT_TERM_ILLEGAL, "[same-square]", 0 },
	{ FAKE_WRONG, QTTT_X, QTTT_TERM_ILLEGAL, "is out of turn: the next "
	    "move is", 0 },
	{ FAKE_WRONG, QTTT_O, QTTT_TERM_ILLEGAL, "[move-order]", 0 },
	{ FAKE_GARBAGE, QTTT_O, QTTT_TERM_GARBAGE, "no message", 0 },
	{ FAKE_REFUSE, QTTT_X, QTTT_TERM_PROTOCOL, "not bestaction", 0 },
	/* movetime 50 and the margin, QTTT_TIME_MARGIN. */
	{ FAKE_SILENT, QTTT_O, QTTT_TERM_TIME, "within 100 ms", 50 },
	/* With no time given, a hang still loses, at the default limit. */
	{ FAKE_SILENT, QTTT_X, QTTT_TERM_TIME, "within 60000 ms", 0 },
	{ FAKE_MUTE, QTTT_X, QTTT_TERM_TIME, "qtp", 0 },
	{ FAKE_OTHER_RULES, QTTT_O, QTTT_TERM_PROTOCOL, "does not list goff",
	    0 },
	{ FAKE_NO_RULES, QTTT_X, QTTT_TERM_PROTOCOL, "refused", 0 },
	{ FAKE_EARLY, QTTT_O, QTTT_TERM_PROTOCOL, "while readyok was awaited",
	    0 },
};

START_TEST(test_faults)
{
	struct qttt_referee_opts o = opts();
	struct fake	 f[2];
	struct qttt_game empty, replay;
	const struct qttt_match_game *g;
	const char	*why;
	size_t		 i;
	int		 s = faults[_i].side;

	o.movetime = faults[_i].movetime;
	run_open(&o);
	fake_init(&f[s], faults[_i].kind, 5);
	fake_init(&f[!s], FAKE_RANDOM, 6);
	qttt_game_init(&empty);
	g = run_game(&f[0], &f[1], &empty, 0, 3);
	ck_assert_int_eq(g->term, faults[_i].term);
	ck_assert_int_eq(g->loser, s);
	/* The other side scores 1 to 0; the game is not over. */
	ck_assert(g->score.over && g->score.score[s] == 0 &&
	    g->score.score[!s] == 2);
	ck_assert(!g->game.state.result.over);
	ck_assert_msg(strstr(g->why, faults[_i].why) != NULL, "%s", g->why);
	ck_assert(g->why[0] == QTTT_PLAYER_LETTER(s));
	if (faults[_i].kind == FAKE_ILLEGAL) {
		/* The action quoted as sent: "X3 a1  a1", not "X3 a1". */
		char	 sq[2][3], blanks[3];
		const char *q = strchr(g->why, '\'');

		ck_assert_ptr_nonnull(q);
		ck_assert_msg(sscanf(q, "'%*[XO]%*d %2[a-c1-3]%2[ ]%2[a-c1-3]' "
		    "is illegal", sq[0], blanks, sq[1]) == 3 &&
		    strcmp(sq[0], sq[1]) == 0 && strcmp(blanks, "  ") == 0,
		    "%s", g->why);
	}
	/* Its legal actions are kept, and they replay. */
	qttt_game_init(&replay);
	for (i = 0; i < g->game.nplies; i++)
		ck_assert_int_eq(qttt_game_play(&replay, &g->game.plies[i],
		    NULL), QTTT_OK);
	ck_assert_int_eq(qttt_peer_fault(run.peer[s], &why),
	    faults[_i].term);
	ck_assert_int_eq(qttt_peer_fault(run.peer[!s], NULL),
	    QTTT_TERM_NORMAL);
	/* A new process is spoken to from the start. */
	qttt_peer_reset(run.peer[s]);
	ck_assert_int_eq(qttt_peer_fault(run.peer[s], NULL),
	    QTTT_TERM_NORMAL);
	ck_assert(!qttt_peer_ready(run.peer[s]));
	ck_assert_str_eq(qttt_peer_name(run.peer[s]), "");
	fake_free(&f[0]);
	fake_free(&f[1]);
	run_close();
}
END_TEST

/* A fault the front end finds (a crash) is charged even while idle. */
START_TEST(test_crash)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game empty;
	const struct qttt_match_game *g;
	uint64_t	 seeds[2] = { 1, 2 };

	run_open(&o);
	fake_init(&x, FAKE_SILENT, 1);
	fake_init(&y, FAKE_RANDOM, 2);
	qttt_game_init(&empty);
	qttt_referee_start(run.ref, run.peer[0], run.peer[1], &empty, 0,
	    seeds, run.now);
	ck_assert_ptr_null(qttt_referee_result(run.ref));
	/* The handshakes have begun: qtp waits in each queue. */
	qttt_referee_fail(run.ref, run.peer[1], QTTT_TERM_CRASH,
	    "killed by signal 11", run.now);
	g = qttt_referee_result(run.ref);
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(g->term, QTTT_TERM_CRASH);
	ck_assert_int_eq(g->loser, QTTT_O);
	ck_assert_str_eq(g->why, "O (unnamed): killed by signal 11");
	ck_assert(g->score.score[QTTT_X] == 2);
	/* A faulted peer loses its next game at once. */
	qttt_referee_start(run.ref, run.peer[1], run.peer[0], &empty, 0,
	    seeds, run.now);
	g = qttt_referee_result(run.ref);
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(g->loser, QTTT_X);
	fake_free(&x);
	fake_free(&y);
	run_close();
}
END_TEST

/* A clock: the side whose time runs out loses on time. */
START_TEST(test_clock)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game empty;
	const struct qttt_match_game *g;

	o.clock = 1000;
	o.inc = 100;
	run_open(&o);
	fake_init(&x, FAKE_RANDOM, 1);
	fake_init(&y, FAKE_RANDOM, 2);
	x.think = 10;
	y.think = 450;	/* 1000, 650, 300: the third action is late */
	qttt_game_init(&empty);
	g = run_game(&x, &y, &empty, 0, 8);
	if (g->term == QTTT_TERM_NORMAL) {
		/* The game ended before O's third action. */
		ck_assert_uint_le(g->game.nplies, 7);
	} else {
		ck_assert_int_eq(g->term, QTTT_TERM_TIME);
		ck_assert_int_eq(g->loser, QTTT_O);
	}
	ck_assert_int_eq(g->ms[0], 10);
	ck_assert_int_eq(g->ms[1], 450);
	fake_free(&x);
	fake_free(&y);
	run_close();
}
END_TEST

/*
 * The time of an action, from its go to its bestaction, may pass the
 * movetime by QTTT_TIME_MARGIN ms and no more; a clock overdrawn
 * within the margin is spent (0), then gets its increment.
 */
START_TEST(test_time_margin)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game empty;
	const struct qttt_match_game *g;
	long long	 over;

	qttt_game_init(&empty);
	for (over = 0; over <= 1; over++) {
		o.movetime = 100;
		run_open(&o);
		fake_init(&x, FAKE_RANDOM, 1);
		fake_init(&y, FAKE_RANDOM, 2);
		x.think = 100 + QTTT_TIME_MARGIN + over;
		g = run_game(&x, &y, &empty, 0, 8);
		ck_assert_int_eq(g->term, over ? QTTT_TERM_TIME :
		    QTTT_TERM_NORMAL);
		if (!over)
			ck_assert_int_eq(g->ms[0], 100 + QTTT_TIME_MARGIN);
		fake_free(&x);
		fake_free(&y);
		run_close();
	}
	/* A clock of 1 s and 0.1 s a move: 1000 - 1040 is spent, and
	 * the next action has 100 ms (and the margin). */
	o = opts();
	o.clock = 1000;
	o.inc = 100;
	for (over = 0; over <= 1; over++) {
		run_open(&o);
		fake_init(&x, FAKE_RANDOM, 1);
		fake_init(&y, FAKE_RANDOM, 2);
		x.think = 1040;
		x.later = 100 + QTTT_TIME_MARGIN + over;
		y.think = 1;
		g = run_game(&x, &y, &empty, 0, 8);
		ck_assert_int_eq(g->ms[0], 1040);
		if (over) {
			ck_assert_int_eq(g->term, QTTT_TERM_TIME);
			ck_assert_int_eq(g->loser, QTTT_X);
			ck_assert_uint_eq(g->game.nplies, 2);
		} else {
			ck_assert_int_eq(g->term, QTTT_TERM_NORMAL);
			ck_assert_int_eq(g->ms[2], 100 + QTTT_TIME_MARGIN);
		}
		fake_free(&x);
		fake_free(&y);
		run_close();
	}
}
END_TEST

/* Adjudication at once, and when the value is settled. */
START_TEST(test_adjudication)
{
	struct qttt_referee_opts o = opts();
	struct qttt_solver *solver = qttt_solver_new(1 << 20);
	struct fake	 x, y;
	struct qttt_game empty;
	const struct qttt_match_game *g;
	uint64_t	 seed;

	ck_assert_ptr_nonnull(solver);
	o.solver = solver;
	o.adjudicate = QTTT_ADJ_PLIES;
	o.plies = 0;
	run_open(&o);
	fake_init(&x, FAKE_RANDOM, 1);
	fake_init(&y, FAKE_RANDOM, 2);
	qttt_game_init(&empty);
	g = run_game(&x, &y, &empty, 0, 1);
	ck_assert_int_eq(g->term, QTTT_TERM_ADJUDICATION);
	ck_assert_uint_eq(g->game.nplies, 0);
	ck_assert(g->score.score[QTTT_X] == 2 && g->score.score[QTTT_O] == 1);
	ck_assert_str_eq(g->why, "adjudicated at once: 1-1/2 under perfect "
	    "play");
	ck_assert_uint_eq(x.acts + y.acts, 0);
	run_close();

	o.adjudicate = QTTT_ADJ_PLIES;
	o.plies = 3;
	run_open(&o);
	g = run_game(&x, &y, &empty, 0, 2);
	ck_assert(g->term == QTTT_TERM_ADJUDICATION ||
	    g->game.nplies < 3);
	if (g->term == QTTT_TERM_ADJUDICATION)
		ck_assert_uint_eq(g->game.nplies, 3);
	run_close();

	/* Settled: the game ends no later than by the rules, at the
	 * value it then has. */
	o.adjudicate = QTTT_ADJ_SETTLED;
	run_open(&o);
	for (seed = 1; seed <= 10; seed++) {
		int	 v;

		g = run_game(&x, &y, &empty, 0, seed);
		if (g->term == QTTT_TERM_NORMAL)
			continue;
		ck_assert_int_eq(g->term, QTTT_TERM_ADJUDICATION);
		ck_assert_int_eq(qttt_solver_value(solver, &g->game.state, &v,
		    NULL), QTTT_OK);
		ck_assert_int_eq(qttt_value_settled(solver, &g->game.state, v),
		    1);
		ck_assert_int_eq(v, (int)g->score.score[QTTT_X] -
		    (int)g->score.score[QTTT_O]);
		ck_assert(strstr(g->why, "settled") != NULL);
	}
	run_close();
	fake_free(&x);
	fake_free(&y);
	qttt_solver_free(solver);
}
END_TEST

/* An opening given as a position: every position goes as a state. */
START_TEST(test_from_state)
{
	struct qttt_referee_opts o = opts();
	struct fake	 x, y;
	struct qttt_game opening;
	struct qttt_action a = { QTTT_PLACE, 1, { 0, 8 } };
	const struct qttt_match_game *g;

	run_open(&o);
	fake_init(&x, FAKE_RANDOM, 1);
	fake_init(&y, FAKE_RANDOM, 2);
	qttt_game_init(&opening);
	ck_assert_int_eq(qttt_game_play(&opening, &a, NULL), QTTT_OK);
	g = run_game(&x, &y, &opening, 1, 4);
	ck_assert_int_eq(g->term, QTTT_TERM_NORMAL);
	ck_assert_uint_eq(g->opening, 1);
	ck_assert_mem_eq(&g->game.plies[0], &a, sizeof(a));
	ck_assert_int_eq(g->ms[0], -1);
	ck_assert(y.saw_state && x.saw_state);
	/* The opening's state, then the actions since, for an engine
	 * whose book is keyed by history. */
	ck_assert(y.saw_actions && x.saw_actions);
	fake_free(&x);
	fake_free(&y);
	run_close();
}
END_TEST

/*
 * qttt_value_settled() on the positions of random games: settled when
 * every complete game from the position ends at its value (qttt_count_
 * games counts them all), not settled when the side ahead (or, at 0,
 * either side) has an action that changes the value.
 */
START_TEST(test_settled)
{
	struct qttt_solver *solver = qttt_solver_new(1 << 22);
	struct qttt_generator gen;
	struct qttt_game g;
	struct qttt_state st;
	struct qttt_analysis an;
	struct qttt_games games;
	struct qttt_result r;
	unsigned long	 yes = 0, no = 0;
	size_t		 ply, i;
	int		 v, k, only, mover, changes;

	ck_assert_ptr_nonnull(solver);
	qttt_generator_init(&gen, 11, 0);
	for (k = 0; k < 40; k++) {
		qttt_generator_game(&gen, &g);
		for (ply = 0; ply <= g.nplies; ply++) {
			qttt_game_state_at(&g, ply, &st);
			ck_assert_int_eq(qttt_solver_analyze(solver, &st, 0,
			    &an, NULL), QTTT_OK);
			v = an.value;
			if (st.result.over) {
				ck_assert_int_eq(qttt_value_settled(solver,
				    &st, v), 1);
				continue;
			}
			/* Counting every game is quick only near the end. */
			if (st.next < 7)
				continue;
			ck_assert_int_eq(qttt_count_games(&st, 1 << 20, &games,
			    NULL), 0);
			only = 1;
			for (i = 0; i < QTTT_NRESULTS; i++) {
				size_t	 len;

				qttt_result_nth((int)i, &r);
				for (len = 0; len <= QTTT_MAXMOVES; len++)
					if (games.games[i][len] != 0 &&
					    (int)r.score[0] - (int)r.score[1] !=
					    v)
						only = 0;
			}
			mover = qttt_state_turn(&st);
			changes = 0;
			if (v == 0 || (v > 0) == (mover == QTTT_X))
				for (i = 0; i < an.nactions; i++)
					if (an.values[i] != v)
						changes = 1;
			if (only) {
				ck_assert_int_eq(qttt_value_settled(solver,
				    &st, v), 1);
				yes++;
			}
			if (changes) {
				ck_assert_int_eq(qttt_value_settled(solver,
				    &st, v), 0);
				no++;
			}
		}
	}
	/* Both cases were met. */
	ck_assert_uint_gt(yes, 10);
	ck_assert_uint_gt(no, 10);
	qttt_solver_free(solver);
}
END_TEST

/*
 * An engine that follows formats/engine-protocol.md, section 5, as a
 * function, for the compliance checks; a flaw makes it break one rule.
 */
enum flaw {
	FLAW_NONE = 0,
	FLAW_EAGER,		/* answers go infinite at once */
	FLAW_LAX,		/* takes any option in silence */
	FLAW_STUBBORN,		/* does not quit */
	FLAW_HASTY,		/* answers go infinite at the next message */
	FLAW_UNSEEDED,		/* newgame without seed: not seed 0 */
	FLAW_CLOCKED		/* with movetime, its choice varies (as
				 * at a deadline): no flaw */
};

struct compliant {
	enum flaw		 flaw;
	const char		*rules;		/* the profiles it lists, or
						 * NULL: no Rules option */
	struct qttt_qtp_parser	*parser;
	struct qttt_generator	 gen;
	struct qttt_state	 pos;
	int			 have, quit;
	unsigned int		 lines;	/* read: its "clock" */
	char			 waiting[64];
	char			 out[4096];
	size_t			 outlen;
};

static void
c_say(struct compliant *e, const char *line)
{
	size_t	 n = strlen(line);

	ck_assert_uint_lt(e->outlen + n + 1, sizeof(e->out));
	memcpy(e->out + e->outlen, line, n);
	e->out[e->outlen + n] = '\n';
	e->outlen += n + 1;
}

static void
c_read(struct compliant *e, const char *line, size_t len)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_qtp_msg m;
	struct qttt_diag d;
	char		 b[QTTT_QTP_LINE_MAX + 1];
	size_t		 n;
	unsigned int	 r;
	int		 infinite, clocked;

	e->lines++;
	if (qttt_qtp_parse(e->parser, line, len, &m, &d) != QTTT_OK) {
		if (m.kind == QTTT_QTP_POSITION)
			e->have = 0;
		c_say(e, "error cannot read it");
		return;
	}
	if (e->flaw == FLAW_HASTY && e->waiting[0] != '\0' &&
	    m.kind == QTTT_QTP_POSITION) {
		c_say(e, e->waiting);
		e->waiting[0] = '\0';
	}
	switch (m.kind) {
	case QTTT_QTP_QTP:
		c_say(e, "id name compliant");
		if (e->rules != NULL) {
			snprintf(b, sizeof(b), "option name Rules type combo "
			    "default %.*s var %s", (int)strcspn(e->rules, " "),
			    e->rules, e->rules);
			c_say(e, b);
		}
		c_say(e, "qtpok");
		break;
	case QTTT_QTP_SETOPTION:
		/* The Rules it lists: positions are played by them. */
		snprintf(b, sizeof(b), "%.*s", (int)m.text.len, m.text.s);
		if (e->rules != NULL && qttt_qtp_name_is(&m.name, "Rules") &&
		    qttt_rules_parse(b, strlen(b), &r, NULL) == 0 &&
		    strstr(e->rules, b) != NULL)
			qttt_qtp_parser_rules(e->parser, r);
		else if (e->flaw != FLAW_LAX)
			c_say(e, "error no such option");
		break;
	case QTTT_QTP_ISREADY:
		c_say(e, "readyok");
		break;
	case QTTT_QTP_NEWGAME:
		qttt_generator_init(&e->gen, e->flaw == FLAW_UNSEEDED &&
		    !(m.has & QTTT_QTP_HAS(QTTT_QTP_SEED)) ? e->lines :
		    m.num[QTTT_QTP_SEED], 0);
		break;
	case QTTT_QTP_POSITION:
		e->pos = m.game.state;
		e->have = 1;
		break;
	case QTTT_QTP_GO:
		if (!e->have || (n = qttt_state_actions(&e->pos, acts)) == 0) {
			c_say(e, "error no position, or the game is over");
			break;
		}
		infinite = (m.has & QTTT_QTP_INFINITE) != 0;
		clocked = e->flaw == FLAW_CLOCKED &&
		    (m.has & QTTT_QTP_HAS(QTTT_QTP_MOVETIME));
		qttt_qtp_init(&m, QTTT_QTP_BESTACTION);
		m.action = acts[clocked ? e->lines % n :
		    qttt_generator_uniform(&e->gen, n)];
		ck_assert_int_gt(qttt_qtp_format(&m, b, sizeof(b)), 0);
		if (infinite && e->flaw != FLAW_EAGER)
			snprintf(e->waiting, sizeof(e->waiting), "%.63s", b);
		else
			c_say(e, b);
		break;
	case QTTT_QTP_STOP:
		if (e->waiting[0] != '\0')
			c_say(e, e->waiting);
		e->waiting[0] = '\0';
		break;
	case QTTT_QTP_QUIT:
		e->quit = e->flaw != FLAW_STUBBORN;
		break;
	default:
		break;
	}
}

/*
 * Runs the checks under rules on an engine with a flaw that lists the
 * profiles named (words joined by " var "); returns the failed ones.
 */
static unsigned int
run_checks_under(enum flaw flaw, unsigned int rules, const char *listed)
{
	struct qttt_check *c = qttt_check_new();
	struct qttt_peer *p = qttt_peer_new();
	struct compliant e;
	const char	*text, *nl, *name, *why;
	unsigned int	 failed = 0;
	long long	 now = 5000, d;
	size_t		 n, i;
	int		 steps = 0, r;

	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_nonnull(p);
	memset(&e, 0, sizeof(e));
	e.flaw = flaw;
	e.rules = listed;
	e.parser = qttt_qtp_parser_new();
	ck_assert_int_eq(qttt_check_rules(c, rules), 0);
	qttt_check_start(c, p, now);
	while (!qttt_check_done(c)) {
		ck_assert_int_lt(++steps, 1000);
		n = qttt_peer_output(p, &text);
		for (i = 0; i < n; i = (size_t)(nl - text) + 1) {
			nl = memchr(text + i, '\n', n - i);
			c_read(&e, text + i, (size_t)(nl - text) - i);
		}
		qttt_peer_written(p, n);
		now += 1;
		for (i = 0; i < e.outlen; i = (size_t)(nl - e.out) + 1) {
			nl = memchr(e.out + i, '\n', e.outlen - i);
			qttt_check_line(c, e.out + i, (size_t)(nl - e.out) - i,
			    now);
		}
		e.outlen = 0;
		if (e.quit) {
			qttt_check_fail(c, QTTT_TERM_EXIT, "it exited with "
			    "status 0", now);
			continue;
		}
		if (n == 0 && (d = qttt_check_deadline(c)) >= 0) {
			now = d + 1;
			qttt_check_tick(c, now);
		}
	}
	ck_assert_uint_eq(qttt_check_count(c), 18);
	for (i = 0; i < qttt_check_count(c); i++) {
		r = qttt_check_result(c, i, &name, &why);
		ck_assert(r == 1 || why[0] != '\0');
		if (r != 1)
			failed |= 1u << i;
	}
	ck_assert_int_eq(qttt_check_result(c, 18, &name, &why), -1);
	qttt_qtp_parser_free(e.parser);
	qttt_check_free(c);
	qttt_peer_free(p);
	return failed;
}

static unsigned int
run_checks(enum flaw flaw)
{
	return run_checks_under(flaw, QTTT_RULES_GOFF, "goff");
}

/* The compliance checks, with no process: each flaw, its check. */
START_TEST(test_checks)
{
	ck_assert_uint_eq(run_checks(FLAW_NONE), 0);
	ck_assert_uint_eq(run_checks(FLAW_EAGER), 1u << 11);
	ck_assert_uint_eq(run_checks(FLAW_LAX), 1u << 4);
	ck_assert_uint_eq(run_checks(FLAW_STUBBORN), 1u << 17);
	/* A message after go infinite waits for the stop; newgame is
	 * newgame seed 0; an answer at a deadline need not repeat. */
	ck_assert_uint_eq(run_checks(FLAW_HASTY), 1u << 11);
	ck_assert_uint_eq(run_checks(FLAW_UNSEEDED), 1u << 16);
	ck_assert_uint_eq(run_checks(FLAW_CLOCKED), 0);
}
END_TEST

/*
 * The checks under a profile: an engine that plays it alone, not goff,
 * passes every check under it (under two-cycles=no a 3-cycle is
 * measured; under last-square=draw X9 is never forced, and the game
 * over is the draw before it), and fails only the rules' check under
 * goff or under a profile it does not list; an engine with no Rules
 * option fails it under any profile but goff.  Every preset, every
 * switch alone.
 */
START_TEST(test_checks_profiles)
{
	struct qttt_check *c;
	unsigned int	 r, other;
	const char	*name;
	char		 listed[QTTT_RULES_NAME_MAX + 16];
	size_t		 i;

	for (i = 0; (name = i < 9 ? qttt_rules_preset(i, &r) :
	    qttt_rules_switch(i - 9, &r)) != NULL; i++) {
		if (r == QTTT_RULES_GOFF)
			continue;
		ck_assert_uint_eq(run_checks_under(FLAW_NONE, r, name), 0);
		snprintf(listed, sizeof(listed), "double=1 var %s", name);
		ck_assert_uint_eq(run_checks_under(FLAW_NONE, r, listed), 0);
		ck_assert_uint_eq(run_checks_under(FLAW_NONE,
		    QTTT_RULES_GOFF, name), 1u << 2);
		other = r == QTTT_RULES_DOUBLE_2 ? QTTT_RULES_DOUBLE_1 :
		    QTTT_RULES_DOUBLE_2;
		ck_assert_uint_eq(run_checks_under(FLAW_NONE, other, name),
		    1u << 2);
	}
	ck_assert_uint_eq(run_checks_under(FLAW_NONE, QTTT_RULES_GOFF, NULL),
	    0);
	ck_assert_uint_ne(run_checks_under(FLAW_NONE, QTTT_RULES_DOUBLE_1,
	    NULL) & 1u << 2, 0);
	ck_assert_ptr_nonnull(c = qttt_check_new());
	ck_assert_int_eq(qttt_check_rules(c, QTTT_RULES_MAX + 1), -1);
	qttt_check_free(c);
}
END_TEST

/*
 * The levels of play (qttt_level_choose), as qttt-engine -l uses them:
 * perfect play takes only best actions, and each of them for some seed;
 * random play takes every legal action for some seed, and knows no
 * value; each level between takes a random action about as often as it
 * says (10, 30, 60%), so a non-best one in that share of the actions
 * that are not best; every level but random gives the exact value.
 */
START_TEST(test_levels)
{
	static const char *const states[] = {
		".,.,./.,.,./.,.,. X1 - *",	/* the first move */
		"x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *",	/* a measurement */
		"X1,x5o6,o2/x5,o2o6,O4/X3,x7,x7 O8 - *",	/* late */
	};
	enum { DRAWS = 2000 };
	struct qttt_solver *solver = qttt_solver_new(1 << 22);
	struct qttt_analysis an;
	struct qttt_generator gen;
	struct qttt_state st;
	struct qttt_action a;
	enum qttt_level l;
	unsigned char	 seen[QTTT_MAXACTIONS], isbest[QTTT_MAXACTIONS];
	size_t		 i, k, s, found, wild;
	double		 share, want;
	int		 value;

	ck_assert_ptr_nonnull(solver);
	for (s = 0; s < sizeof(states) / sizeof(states[0]); s++) {
		ck_assert_int_eq(qttt_state_parse(states[s],
		    strlen(states[s]), &st, NULL), QTTT_OK);
		ck_assert_int_eq(qttt_solver_analyze(solver, &st,
		    QTTT_SOLVE_BEST, &an, NULL), QTTT_OK);
		ck_assert_uint_gt(an.nactions, an.nbest);
		memset(isbest, 0, sizeof(isbest));
		for (i = 0; i < an.nbest; i++)
			isbest[an.best[i]] = 1;
		for (l = QTTT_LEVEL_PERFECT; l < QTTT_NLEVELS; l++) {
			memset(seen, 0, sizeof(seen));
			wild = 0;
			for (i = 0; i < DRAWS; i++) {
				qttt_generator_init(&gen, i, 0);
				ck_assert_int_eq(qttt_level_choose(solver,
				    &gen, l, &st, &a, &value, NULL), QTTT_OK);
				ck_assert_int_eq(value, l == QTTT_LEVEL_RANDOM ?
				    QTTT_NOVALUE : an.value);
				for (k = 0; k < an.nactions &&
				    !qttt_action_equal(&a, &an.actions[k]); k++)
					;
				ck_assert_uint_lt(k, an.nactions);
				seen[k] = 1;
				wild += !isbest[k];
			}
			for (found = 0, k = 0; k < an.nactions; k++)
				found += seen[k] && (l == QTTT_LEVEL_RANDOM ||
				    isbest[k]);
			share = (double)wild / DRAWS;
			want = qttt_level_random(l) / 100.0 *
			    (double)(an.nactions - an.nbest) / an.nactions;
			if (l == QTTT_LEVEL_PERFECT) {
				ck_assert_uint_eq(wild, 0);
				ck_assert_uint_eq(found, an.nbest);
			} else if (l == QTTT_LEVEL_RANDOM)
				ck_assert_uint_eq(found, an.nactions);
			/* Two thousand draws: within 4 points. */
			ck_assert_msg(share > want - 0.04 &&
			    share < want + 0.04, "%s at %s: %.3f not best, "
			    "not about %.3f", states[s], qttt_level_name(l),
			    share, want);
		}
	}
	ck_assert_uint_eq(qttt_level_random(QTTT_LEVEL_STRONG), 10);
	ck_assert_uint_eq(qttt_level_random(QTTT_LEVEL_MEDIUM), 30);
	ck_assert_uint_eq(qttt_level_random(QTTT_LEVEL_WEAK), 60);
	qttt_solver_free(solver);
}
END_TEST

START_TEST(test_termination_names)
{
	enum qttt_termination t;
	int	 i;

	for (i = 0; i < QTTT_NTERMS; i++) {
		const char *name = qttt_termination_name(
		    (enum qttt_termination)i);

		ck_assert_int_eq(qttt_termination_parse(name, strlen(name),
		    &t), 0);
		ck_assert_int_eq(t, i);
	}
	ck_assert_str_eq(qttt_termination_name(QTTT_TERM_ILLEGAL), "illegal");
	ck_assert_str_eq(qttt_termination_name(QTTT_NTERMS), "??");
	ck_assert_int_eq(qttt_termination_parse("Time", 4, &t), -1);
}
END_TEST

/* A clock as a user writes it: seconds and an increment, in ms. */
START_TEST(test_clock_parse)
{
	static const struct {
		const char	*s;
		int		 ok;
		long long	 clock, inc;
	} cases[] = {
		{ "60", 0, 60000, 0 },
		{ "60+0.5", 0, 60000, 500 },
		{ "0.25+0.001", 0, 250, 1 },
		{ "1.5+2", 0, 1500, 2000 },
		{ "0", -1, 0, 0 },		/* no time at all */
		{ "", -1, 0, 0 },
		{ "60+", -1, 0, 0 },
		{ "+1", -1, 0, 0 },
		{ "1.2345", -1, 0, 0 },		/* past a millisecond */
		{ "1..2", -1, 0, 0 },
		{ "60+1+1", -1, 0, 0 },
		{ "-5", -1, 0, 0 },
		{ "1e3", -1, 0, 0 },
	};
	size_t		 i;
	long long	 c, inc;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		c = inc = -7;
		ck_assert_msg(qttt_clock_parse(cases[i].s, strlen(cases[i].s),
		    &c, &inc) == cases[i].ok, "%s", cases[i].s);
		if (cases[i].ok == 0) {
			ck_assert_int_eq(c, cases[i].clock);
			ck_assert_int_eq(inc, cases[i].inc);
		} else {
			ck_assert_int_eq(c, -7);
			ck_assert_int_eq(inc, -7);
		}
	}
	/* len bounds it: the '+' past it is not read. */
	ck_assert_int_eq(qttt_clock_parse("30+5", 2, &c, &inc), 0);
	ck_assert_int_eq(c, 30000);
	ck_assert_int_eq(inc, 0);
}
END_TEST

Suite *
referee_suite(void)
{
	Suite	*s = suite_create("referee");
	TCase	*tc = tcase_create("games");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_random_games);
	tcase_add_test(tc, test_profile_games);
	tcase_add_test(tc, test_clock_parse);
	tcase_add_test(tc, test_perfect_games);
	tcase_add_loop_test(tc, test_faults, 0,
	    sizeof(faults) / sizeof(faults[0]));
	tcase_add_test(tc, test_crash);
	tcase_add_test(tc, test_clock);
	tcase_add_test(tc, test_adjudication);
	tcase_add_test(tc, test_from_state);
	tcase_add_test(tc, test_settled);
	tcase_add_test(tc, test_termination_names);
	tcase_add_test(tc, test_time_margin);
	tcase_add_test(tc, test_checks);
	tcase_add_test(tc, test_checks_profiles);
	tcase_add_test(tc, test_levels);
	suite_add_tcase(s, tc);
	return s;
}
