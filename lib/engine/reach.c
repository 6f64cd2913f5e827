/*
 * Whether some game reaches a state (formats/state-string.md, section
 * 4, check 9): a search for a history that plays it.  A state keeps the
 * squares of its spooky moves and where each classical move landed, but
 * not the second square of a classical move nor which moves collapsed
 * together; so the search plays moves 1 to next - 1 in order, each
 * spooky move on its two squares and each classical move on its square
 * and on every open square that the state has classical as its second
 * (a collapse fills every square of its component), and prunes every
 * line on which a move lands elsewhere than the state says, a move
 * spooky there shares a component with one classical there (the
 * collapse the second waits for would take the first), a move spooky
 * there collapses, or the game ends early.  A measurement has no choice
 * left: the move that closed the cycle must land where the state has
 * it.
 */
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"

/*
 * Positions searched at most: the answer is "undecided" beyond.  The
 * most that any state of the tests takes is about 50.
 */
#define REACH_NODES	20000

struct reach {
	const struct qttt_state *goal;
	unsigned long		 nodes;
	/* The line being searched: the history, when it reaches the goal. */
	size_t			 depth;
	struct qttt_action	 line[QTTT_MAXPLIES];
};

/* Whether move m is classical in st. */
static int
classical(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] == st->where[m][1];
}

/*
 * Whether the classical moves of cur are classical in the goal, on
 * the same squares: what a collapse made can never change.
 */
static int
agrees(const struct qttt_state *cur, const struct qttt_state *goal)
{
	int	 s;

	for (s = 0; s < QTTT_NSQUARES; s++)
		if (cur->board[s] != 0 && cur->board[s] != goal->board[s])
			return 0;
	return 1;
}

/*
 * The squares joined to square s by the spooky moves of st, and in
 * *moves those moves (bit m).
 */
static unsigned int
component(const struct qttt_state *st, int s, unsigned int *moves)
{
	unsigned int	 sq = 1u << s, before;
	int		 m;

	*moves = 0;
	do {
		before = sq;
		for (m = 1; m < st->next; m++)
			if (!classical(st, m) && (sq & (1u << st->where[m][0] |
			    1u << st->where[m][1]))) {
				sq |= 1u << st->where[m][0] |
				    1u << st->where[m][1];
				*moves |= 1u << m;
			}
	} while (sq != before);
	return sq;
}

/*
 * Whether a move spooky in the goal and one classical there share a
 * component of cur: the collapse that the classical one waits for
 * would take the spooky one too.
 */
static int
mixed(const struct qttt_state *cur, const struct qttt_state *goal, int s)
{
	unsigned int	 moves, p = 0, c = 0;
	int		 m;

	component(cur, s, &moves);
	for (m = 1; m <= QTTT_MAXMOVES; m++)
		if (moves & 1u << m) {
			if (classical(goal, m))
				c = 1;
			else
				p = 1;
		}
	return p && c;
}

static int	 search(struct reach *, const struct qttt_state *);

/* Plays a on cur and searches on. */
static int
play(struct reach *r, const struct qttt_state *cur,
    const struct qttt_action *a)
{
	struct qttt_state next = *cur;
	int		 k;

	if (qttt_state_apply(&next, a, NULL) != QTTT_OK ||
	    !agrees(&next, r->goal) ||
	    (a->kind == QTTT_PLACE && mixed(&next, r->goal, a->sq[0])) ||
	    r->depth == QTTT_MAXPLIES)
		return 0;
	r->line[r->depth++] = *a;
	if ((k = search(r, &next)) != 1)
		r->depth--;
	return k;
}

/* 1 if cur leads to the goal, 0 if not, -1 if the search gave up. */
static int
search(struct reach *r, const struct qttt_state *cur)
{
	const struct qttt_state *goal = r->goal;
	struct qttt_action a;
	unsigned int	 open = 0;
	int		 m, s, t, k, undecided = 0;

	if (++r->nodes > REACH_NODES)
		return -1;
	if (cur->next == goal->next && cur->pending == goal->pending)
		return qttt_state_equal(cur, goal);
	if (cur->pending != 0) {
		/* The cycle's move lands where the goal has it. */
		m = cur->pending;
		if (!classical(goal, m))
			return 0;
		a.kind = QTTT_MEASURE;
		a.move = m;
		a.sq[0] = a.sq[1] = goal->where[m][0];
		return play(r, cur, &a);
	}
	if (cur->next >= goal->next || cur->result.over)
		return 0;
	m = cur->next;
	a.kind = QTTT_PLACE;
	a.move = m;
	if (!classical(goal, m)) {
		/* Spooky in the goal: on its squares, and no collapse but
		 * the goal's pending one. */
		a.sq[0] = goal->where[m][0];
		a.sq[1] = goal->where[m][1];
		return play(r, cur, &a);
	}
	s = goal->where[m][0];
	for (t = 0; t < QTTT_NSQUARES; t++)
		if (cur->board[t] == 0)
			open |= 1u << t;
	if ((open & (open - 1)) == 0) {
		/* Rule 3: the forced X9 on the last open square. */
		a.sq[0] = a.sq[1] = s;
		return play(r, cur, &a);
	}
	/*
	 * A collapse makes every square of its component classical: the
	 * second square is one the goal has classical.
	 */
	for (t = 0; t < QTTT_NSQUARES; t++) {
		if (!(open & 1u << t) || t == s || goal->board[t] == 0)
			continue;
		a.sq[0] = s < t ? s : t;
		a.sq[1] = s < t ? t : s;
		if ((k = play(r, cur, &a)) == 1)
			return 1;
		if (k == -1)
			undecided = 1;
		if (r->nodes > REACH_NODES)
			return -1;
	}
	return undecided ? -1 : 0;
}

/* The search from the empty board; r->line holds the history found. */
static int
reach(struct reach *r, const struct qttt_state *goal)
{
	struct qttt_state st;

	qttt_state_init(&st);
	st.rules = goal->rules;
	r->goal = goal;
	r->nodes = 0;
	r->depth = 0;
	return search(r, &st);
}

int
qttt__engine_reachable(const struct qttt_state *goal)
{
	struct reach	 r;
	int		 s;

	/* No classical mark: the moves in order make the forest. */
	for (s = 0; s < QTTT_NSQUARES && goal->board[s] == 0; s++)
		continue;
	if (s == QTTT_NSQUARES)
		return qttt_state_check(goal, NULL) == QTTT_OK;
	return reach(&r, goal);
}

int
qttt_state_history(const struct qttt_state *goal, struct qttt_game *g)
{
	struct reach	 r;
	size_t		 i;
	int		 k;

	if (qttt_state_check(goal, NULL) != QTTT_OK)
		return 0;
	if ((k = reach(&r, goal)) != 1)
		return k;
	qttt_game_init(g);
	g->state.rules = goal->rules;
	for (i = 0; i < r.depth; i++)
		if (qttt_game_play(g, &r.line[i], NULL) != QTTT_OK)
			return -1;
	return qttt_state_equal(&g->state, goal) ? 1 : -1;
}
