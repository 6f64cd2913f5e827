/*
 * The rules engine, driven by fuzzed action sequences.  Each input
 * byte picks a legal action (most bytes), a measurement naming any
 * move of the cycle, or (a byte >= 0xe0 and three more) a raw action
 * that may be illegal in any way.  After every action the harness
 * checks the engine against a model of formats/rules.md kept here,
 * independent of the engine's own code:
 *
 *  - an action is legal exactly when the model says so (placements:
 *    two different open squares, or the one open square for the forced
 *    X9; measurements: a move on the pending cycle, to one of its
 *    squares), qttt_state_legal() and qttt_state_apply() agree, and a
 *    refused action leaves the state as it was, with a message;
 *  - the listed actions are exactly the legal ones;
 *  - a collapse makes the whole component classical, each move on one
 *    of its own squares, the named move on the named square, and leaves
 *    every other move as it was;
 *  - the result is the one the model computes from the board, and the
 *    position keeps every "fact worth a test" of formats/rules.md;
 *  - every position's state string reads back as the same position
 *    (fuzz_check_state), and the game played alongside prints a record
 *    that reads back as the same game (fuzz_check_game);
 *  - the engine's own state in play (struct engine, which keeps a
 *    cache) answers every action as qttt_state_apply() does, reaches
 *    the same position, and its cache is always the one built afresh
 *    from that position (for the open squares, where it is used).
 */
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "fuzz.h"

static const unsigned char model_lines[8][3] = {
	{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
	{ 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 }
};

static int
spooky(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] != st->where[m][1];
}

static int
classical(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] == st->where[m][1];
}

static int
nopen(const struct qttt_state *st)
{
	int	 s, n = 0;

	for (s = 0; s < QTTT_NSQUARES; s++)
		n += st->board[s] == 0;
	return n;
}

/* Union-find over the squares, for the model's own cycle finding. */
static int
find(unsigned char *p, int x)
{
	while (p[x] != x)
		x = p[x];
	return x;
}

/* Whether spooky move m is on a cycle: its squares stay connected
 * without it. */
static int
on_cycle(const struct qttt_state *st, int m)
{
	unsigned char	 p[QTTT_NSQUARES];
	int		 k, s;

	for (s = 0; s < QTTT_NSQUARES; s++)
		p[s] = s;
	for (k = 1; k < st->next; k++)
		if (k != m && spooky(st, k))
			p[find(p, st->where[k][0])] = find(p, st->where[k][1]);
	return find(p, st->where[m][0]) == find(p, st->where[m][1]);
}

/* The moves of the component of the pending cycle, as a bit set. */
static unsigned
component(const struct qttt_state *st)
{
	unsigned char	 p[QTTT_NSQUARES];
	unsigned	 set = 0;
	int		 k, s, root;

	for (s = 0; s < QTTT_NSQUARES; s++)
		p[s] = s;
	for (k = 1; k < st->next; k++)
		if (spooky(st, k))
			p[find(p, st->where[k][0])] = find(p, st->where[k][1]);
	root = find(p, st->where[st->pending][0]);
	for (k = 1; k < st->next; k++)
		if (spooky(st, k) && find(p, st->where[k][0]) == root)
			set |= 1u << k;
	return set;
}

/* Rules 10 and 11, from the board alone. */
static void
model_result(const struct qttt_state *st, struct qttt_result *r)
{
	int	 n[2] = { 0, 0 }, first[2] = { 99, 99 }, last[2] = { 0, 0 };
	int	 i, j, m, p, t, ok;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < 8; i++) {
		m = st->board[model_lines[i][0]];
		if (m == 0)
			continue;
		p = m & 1;
		t = 0;
		ok = 1;
		for (j = 0; j < 3; j++) {
			m = st->board[model_lines[i][j]];
			if (m == 0 || (m & 1) != p)
				ok = 0;
			else if (m > t)
				t = m;
		}
		if (!ok)
			continue;
		p = p ? QTTT_X : QTTT_O;
		n[p]++;
		if (t < first[p])
			first[p] = t;
		if (t > last[p])
			last[p] = t;
	}
	if (n[QTTT_X] + n[QTTT_O] == 0) {
		r->over = nopen(st) == 0;
		return;
	}
	r->over = 1;
	if (n[QTTT_X] > 0 && n[QTTT_O] > 0) {
		r->score[QTTT_X] = first[QTTT_X] < first[QTTT_O] ? 2 : 1;
		r->score[QTTT_O] = first[QTTT_X] < first[QTTT_O] ? 1 : 2;
	} else if (n[QTTT_X] > 0)
		r->score[QTTT_X] = n[QTTT_X] == 1 ? 2 :
		    first[QTTT_X] == last[QTTT_X] ? 4 : 3;
	else
		r->score[QTTT_O] = n[QTTT_O] == 1 ? 2 :
		    first[QTTT_O] == last[QTTT_O] ? 4 : 3;
}

/* Whether the model holds an action legal. */
static int
model_legal(const struct qttt_state *st, const struct qttt_action *a)
{
	int	 m = a->move, s0 = a->sq[0], s1 = a->sq[1];

	if (st->result.over || m < 1 || m > QTTT_MAXMOVES)
		return 0;
	if (a->kind == QTTT_MEASURE)
		return st->pending != 0 && m < st->next && spooky(st, m) &&
		    on_cycle(st, m) && (component(st) & (1u << m)) &&
		    (s0 == st->where[m][0] || s0 == st->where[m][1]);
	if (a->kind != QTTT_PLACE || st->pending != 0 || m != st->next ||
	    s0 >= QTTT_NSQUARES || s1 >= QTTT_NSQUARES ||
	    st->board[s0] != 0 || st->board[s1] != 0)
		return 0;
	if (nopen(st) == 1)
		return s0 == s1;
	return s0 != s1;
}

static int
same_result(const struct qttt_result *a, const struct qttt_result *b)
{
	return a->over == b->over && a->score[0] == b->score[0] &&
	    a->score[1] == b->score[1];
}

/* The facts of formats/rules.md that hold in every position. */
static void
check_position(const struct qttt_state *st, int measurements)
{
	struct qttt_line lines[QTTT_NLINES];
	struct qttt_result r;
	size_t		 nl, i;
	int		 m, s, n, nx = 0, no = 0, nspooky = 0;

	FUZZ_ASSERT(qttt_state_check(st, NULL) == QTTT_OK,
	    "a reachable state fails qttt_state_check");
	fuzz_check_state(st);
	FUZZ_ASSERT(st->next >= 1 && st->next <= 10, "next %d", st->next);
	FUZZ_ASSERT(measurements <= 5, "%d measurements", measurements);
	for (s = 0; s < QTTT_NSQUARES; s++) {
		m = st->board[s];
		FUZZ_ASSERT(m == 0 || (m < st->next && classical(st, m) &&
		    st->where[m][0] == s), "board[%d] = %d", s, m);
	}
	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		if (m >= st->next) {
			FUZZ_ASSERT(st->where[m][0] == QTTT_NOSQUARE &&
			    st->where[m][1] == QTTT_NOSQUARE,
			    "move %d placed early", m);
			continue;
		}
		if (classical(st, m))
			FUZZ_ASSERT(st->board[st->where[m][0]] == m,
			    "classical %d not on the board", m);
		else {
			FUZZ_ASSERT(st->where[m][0] < st->where[m][1] &&
			    st->where[m][1] < QTTT_NSQUARES &&
			    st->board[st->where[m][0]] == 0 &&
			    st->board[st->where[m][1]] == 0,
			    "spooky %d misplaced", m);
			nspooky++;
			/* The spooky moves form a forest, or one cycle
			 * closed by the pending move. */
			FUZZ_ASSERT(!on_cycle(st, m) || (st->pending != 0 &&
			    (component(st) & (1u << m))),
			    "move %d on a cycle nobody measures", m);
		}
	}
	if (st->pending != 0) {
		FUZZ_ASSERT(st->pending == st->next - 1 &&
		    spooky(st, st->pending) && on_cycle(st, st->pending),
		    "pending %d", st->pending);
		FUZZ_ASSERT(qttt_state_turn(st) != QTTT_MOVER(st->pending),
		    "the closer measures");
	} else if (st->next <= QTTT_MAXMOVES)
		FUZZ_ASSERT(qttt_state_turn(st) == QTTT_MOVER(st->next),
		    "turn");
	n = nopen(st);
	if (n == 1)
		FUZZ_ASSERT(st->next == 9 && nspooky == 0 && !st->pending &&
		    qttt_state_forced(st) == !st->result.over,
		    "one open square: next %d, %d spooky, pending %d, "
		    "over %d", st->next, nspooky, st->pending,
		    st->result.over);
	else
		FUZZ_ASSERT(!qttt_state_forced(st), "forced with %d open", n);
	if (n == 0)
		FUZZ_ASSERT(st->result.over && st->next == 10,
		    "full board not over");
	if (st->next == 10 && !st->pending)
		FUZZ_ASSERT(n == 0 || st->result.over, "move 9 made and "
		    "measured but the board has %d open squares", n);
	FUZZ_ASSERT(!st->result.over || !st->pending, "over and pending");
	model_result(st, &r);
	FUZZ_ASSERT(same_result(&r, &st->result), "result %d %d %d, the "
	    "model says %d %d %d", st->result.over, st->result.score[0],
	    st->result.score[1], r.over, r.score[0], r.score[1]);
	if (r.over) {
		i = (size_t)r.score[QTTT_X] * 8 + r.score[QTTT_O];
		/* 1-0 0-1 1-1/2 1/2-1 3/2-0 2-0 0-0, in half points. */
		FUZZ_ASSERT(i == 2 * 8 + 0 || i == 0 * 8 + 2 ||
		    i == 2 * 8 + 1 || i == 1 * 8 + 2 || i == 3 * 8 + 0 ||
		    i == 4 * 8 + 0 || i == 0, "impossible result");
	}
	nl = qttt_state_lines(st, lines);
	for (i = 0; i < nl; i++) {
		if (lines[i].player == QTTT_X)
			nx++;
		else
			no++;
	}
	FUZZ_ASSERT(no <= 1 && nx <= 2 && (nx < 2 || n == 0),
	    "%d lines for X, %d for O, %d open", nx, no, n);
}

/* The listed actions are legal, and as many as the model counts. */
static size_t
check_actions(const struct qttt_state *st, struct qttt_action *acts)
{
	size_t	 n, i;
	int	 k = nopen(st);

	n = qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		FUZZ_ASSERT(qttt_state_legal(st, &acts[i], NULL) == QTTT_OK,
		    "listed action %zu illegal", i);
		FUZZ_ASSERT(model_legal(st, &acts[i]), "listed action %zu "
		    "illegal for the model", i);
	}
	if (st->result.over)
		FUZZ_ASSERT(n == 0, "%zu actions after the end", n);
	else if (st->pending)
		FUZZ_ASSERT(n == 2 && acts[0].sq[0] != acts[1].sq[0],
		    "%zu measurements", n);
	else if (k == 1)
		FUZZ_ASSERT(n == 1, "%zu forced moves", n);
	else
		FUZZ_ASSERT(n == (size_t)(k * (k - 1) / 2) && n > 0,
		    "%zu placements on %d open squares", n, k);
	return n;
}

/* A collapse: the component classical, everything else unchanged. */
static void
check_collapse(const struct qttt_state *before, const struct qttt_state *st,
    const struct qttt_action *a)
{
	unsigned	 comp = component(before);
	int		 m, s;

	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		if (!(comp & (1u << m))) {
			FUZZ_ASSERT(memcmp(before->where[m], st->where[m], 2) ==
			    0, "move %d outside the component changed", m);
			continue;
		}
		s = st->where[m][0];
		FUZZ_ASSERT(classical(st, m) && (s == before->where[m][0] ||
		    s == before->where[m][1]), "move %d of the component "
		    "not classical on one of its squares", m);
	}
	FUZZ_ASSERT(st->where[a->move][0] == a->sq[0], "the named move is "
	    "not where it was measured");
	for (s = 0; s < QTTT_NSQUARES; s++)
		if (before->board[s] != 0)
			FUZZ_ASSERT(st->board[s] == before->board[s],
			    "classical square %d changed", s);
	FUZZ_ASSERT(st->next == before->next, "a measurement took a move "
	    "number");
}

static void
check_place(const struct qttt_state *before, const struct qttt_state *st,
    const struct qttt_action *a)
{
	int	 m;

	for (m = 1; m <= QTTT_MAXMOVES; m++)
		if (m != a->move)
			FUZZ_ASSERT(memcmp(before->where[m], st->where[m], 2) ==
			    0, "a placement moved %d", m);
	FUZZ_ASSERT(st->next == a->move + 1, "next after %d is %d", a->move,
	    st->next);
	if (a->sq[0] == a->sq[1])
		FUZZ_ASSERT(st->board[a->sq[0]] == a->move && st->result.over,
		    "the forced X9 is not classical and final");
	else
		FUZZ_ASSERT(st->pending == (on_cycle(st, a->move) ?
		    a->move : 0), "pending %d after %d", st->pending,
		    a->move);
}

/* Decodes a raw square: 0..8, 9 and QTTT_NOSQUARE are all tried. */
static unsigned char
raw_square(uint8_t b)
{
	b %= 11;
	return b == 10 ? QTTT_NOSQUARE : b;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct qttt_game game;
	struct engine eng, fresh;
	struct qttt_state st, before, copy;
	struct qttt_action acts[QTTT_MAXACTIONS], a, canon;
	struct qttt_diag d, d2, d3;
	enum qttt_code	 code, code2, code3;
	size_t		 i = 0, nacts;
	int		 measurements = 0, legal, m, cyc[QTTT_MAXMOVES], ncyc;
	uint8_t		 b;

	qttt_state_init(&st);
	qttt_game_init(&game);
	qttt__engine_init(&eng);
	check_position(&st, 0);
	while (i < n) {
		nacts = check_actions(&st, acts);
		b = data[i++];
		memset(&a, 0, sizeof(a));
		if (b >= 0xe0 || nacts == 0) {
			if (n - i < 3)
				break;
			a.kind = data[i] & 1;
			a.move = (data[i] >> 1) % 12;
			a.sq[0] = raw_square(data[i + 1]);
			a.sq[1] = a.kind == QTTT_MEASURE ? a.sq[0] :
			    raw_square(data[i + 2]);
			i += 3;
		} else if (st.pending != 0 && (b & 0x40)) {
			/* Name any move on the cycle (rule 7). */
			for (ncyc = 0, m = 1; m < st.next; m++)
				if (spooky(&st, m) && on_cycle(&st, m))
					cyc[ncyc++] = m;
			a.kind = QTTT_MEASURE;
			a.move = cyc[b % ncyc];
			a.sq[0] = a.sq[1] = st.where[a.move][(b >> 3) & 1];
		} else
			a = acts[b % nacts];

		before = st;
		legal = model_legal(&st, &a);
		memset(&d, 0, sizeof(d));
		memset(&d2, 0, sizeof(d2));
		code = qttt_state_legal(&st, &a, &d);
		if (a.kind == QTTT_MEASURE && code == QTTT_OK) {
			FUZZ_ASSERT(qttt_action_canonical(&st, &a, &canon,
			    NULL) == QTTT_OK && canon.move == st.pending,
			    "no canonical form");
			copy = st;
			FUZZ_ASSERT(qttt_state_apply(&copy, &canon, NULL) ==
			    QTTT_OK, "canonical form illegal");
		}
		code2 = qttt_state_apply(&st, &a, &d2);
		FUZZ_ASSERT(code == code2, "legal says %s, apply says %s",
		    qttt_code_name(code), qttt_code_name(code2));
		memset(&d3, 0, sizeof(d3));
		code3 = qttt__engine_apply(&eng, &a, &d3);
		FUZZ_ASSERT(code3 == code2 && strcmp(d3.msg, d2.msg) == 0 &&
		    qttt_state_equal(&eng.st, &st),
		    "the engine in play disagrees with qttt_state_apply()");
		qttt__engine_load(&fresh, &eng.st);
		/* A classical square's entries are never looked at. */
		for (m = 0; m < QTTT_NSQUARES; m++)
			if (st.board[m] != 0) {
				fresh.cache.comp[m] = eng.cache.comp[m];
				fresh.cache.members[m] = eng.cache.members[m];
			}
		FUZZ_ASSERT(memcmp(&eng.cache, &fresh.cache,
		    sizeof(fresh.cache)) == 0, "the engine's cache is not the "
		    "position's");
		FUZZ_ASSERT((code == QTTT_OK) == legal, "the engine says %s, "
		    "the model says %s to kind %d move %d squares %d %d",
		    qttt_code_name(code), legal ? "legal" : "illegal",
		    a.kind, a.move, a.sq[0], a.sq[1]);
		if (code != QTTT_OK) {
			FUZZ_ASSERT(memcmp(&st, &before, sizeof(st)) == 0,
			    "a refused action changed the state");
			FUZZ_ASSERT(d2.code == code && d2.msg[0] != '\0' &&
			    memchr(d2.msg, '\0', sizeof(d2.msg)) != NULL &&
			    strcmp(d.msg, d2.msg) == 0, "bad refusal message");
			FUZZ_ASSERT(qttt_game_play(&game, &a, NULL) == code,
			    "the game disagrees with the state");
			continue;
		}
		if (a.kind == QTTT_MEASURE) {
			measurements++;
			check_collapse(&before, &st, &a);
			FUZZ_ASSERT(qttt_state_equal(&st, &copy), "the "
			    "canonical measurement collapses differently");
		} else
			check_place(&before, &st, &a);
		check_position(&st, measurements);
		FUZZ_ASSERT(qttt_game_play(&game, &a, NULL) == QTTT_OK &&
		    qttt_state_equal(&game.state, &st), "the game disagrees "
		    "with the state");
	}
	FUZZ_ASSERT(game.nplies <= QTTT_MAXPLIES, "%zu plies", game.nplies);
	fuzz_check_game(&game);
	return 0;
}
