/*
 * The rules engine: formats/rules.md, exactly.  Rule numbers in the
 * comments refer to that page.  Nothing here allocates; a state is a
 * plain value and every function works on it in place or on a copy.
 *
 * A public state is a position alone.  To close cycles and collapse
 * without looking at every move, the engine keeps a cache beside it
 * (struct engine_cache, engine/engine.h): struct engine carries one with
 * its state for a game played move after move, and qttt_state_apply()
 * builds what it needs of one from the position each time.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"

/* Every byte of a state is a field: no padding to compare or copy. */
_Static_assert(sizeof(struct qttt_state) == QTTT_STATE_SIZE,
    "QTTT_STATE_SIZE is not the size of struct qttt_state");
_Static_assert(QTTT_STATE_SIZE == QTTT_NSQUARES +
    2 * (QTTT_MAXMOVES + 1) + 2 + sizeof(struct qttt_result) + 1,
    "struct qttt_state has padding");

/* The eight lines: rows, columns, diagonals (squares in reading order). */
const unsigned char qttt__engine_lines[QTTT_NLINES][3] = {
	{ 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
	{ 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
	{ 0, 4, 8 }, { 2, 4, 6 }
};

/* Sets of squares: bit s for square s. */
#define BIT(s)		(1u << (s))
#define ALLSQUARES	0x1ffu

static int
is_spooky(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] != st->where[m][1];
}

static int
is_classical(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] == st->where[m][1];
}

/*
 * Whether a profile places a move as Goff's rules do: a move in two
 * open squares is legal, whatever spooky moves join them (all but
 * two-cycles=no), so that the fast paths may place it.
 */
static inline int
places_freely(unsigned int rules)
{
	return rules == QTTT_RULES_GOFF || (qttt_rules_valid(rules) &&
	    (rules & QTTT_RULES_NO_2CYCLES) == 0);
}

/* The spooky move on squares a and b (a 2-cycle's other half), or 0. */
static int
spooky_pair(const struct qttt_state *st, int a, int b)
{
	int	 m, lo = a < b ? a : b, hi = a < b ? b : a;

	for (m = 1; m < st->next && m <= QTTT_MAXMOVES; m++)
		if (st->where[m][0] == lo && st->where[m][1] == hi)
			return m;
	return 0;
}

/*
 * Under two-cycles=no, whether a move may not go in squares a and b:
 * they are a spooky move's, and another pair of open squares is left.
 * When every pair is a spooky move's (two squares open before X9, the
 * only time it happens), the 2-cycle is the move (formats/rules.md).
 */
static int
two_cycle_refused(const struct qttt_state *st, int a, int b)
{
	int	 s, open = 0;

	if ((st->rules & QTTT_RULES_NO_2CYCLES) == 0 ||
	    spooky_pair(st, a, b) == 0)
		return 0;
	for (s = 0; s < QTTT_NSQUARES; s++)
		open += st->board[s] == 0;
	return open > 2;
}

static size_t
open_squares(const struct qttt_state *st, unsigned char out[QTTT_NSQUARES])
{
	size_t	 n = 0;
	int	 s;

	for (s = 0; s < QTTT_NSQUARES; s++)
		if (st->board[s] == 0)
			out[n++] = s;
	return n;
}

/*
 * Union-find over the nine squares (rule 5, and "facts worth a test"),
 * for checking a whole state.
 */
struct forest {
	unsigned char	parent[QTTT_NSQUARES];
};

static int
forest_find(struct forest *f, int x)
{
	while (f->parent[x] != x) {
		f->parent[x] = f->parent[f->parent[x]];
		x = f->parent[x];
	}
	return x;
}

/*
 * Whether squares a and b are joined by spooky moves other than skip (0
 * for none): the set of squares reached from a grows by every move
 * with a mark in it until it stops growing or holds b.  This is the
 * one question a placement asks (rule 5), on the hot path of
 * validating a file, so the loop has no branch but its own: a
 * classical move's set is its one square, which is never reached from
 * an open square, and the skipped move's set is empty.
 */
static int
joined(const struct qttt_state *st, int a, int b, int skip)
{
	unsigned int	 edge[QTTT_MAXMOVES + 1], reach = BIT(a), before;
	int		 m, n = st->next;

	/* The first pass also builds the sets. */
	for (m = 1; m < n; m++) {
		edge[m] = m == skip ? 0 : BIT(st->where[m][0] & 15) |
		    BIT(st->where[m][1] & 15);
		reach |= (reach & edge[m]) != 0 ? edge[m] : 0;
	}
	if (reach == BIT(a))
		return 0;	/* no spooky mark in a */
	while (!(reach & BIT(b))) {
		before = reach;
		for (m = 1; m < n; m++)
			reach |= (reach & edge[m]) != 0 ? edge[m] : 0;
		if (reach == before)
			return 0;
	}
	return 1;
}

/*
 * Merges the components of squares a and b, not joined yet, in the
 * cycle-finding cache: b's squares take a's name.
 */
static void
join(struct engine_cache *c, int a, int b)
{
	unsigned int	 ra = c->comp[a], rest = c->members[c->comp[b]];

	c->members[ra] |= rest;
	do	/* never empty: b is in it */
		c->comp[__builtin_ctz(rest)] = ra;
	while ((rest &= rest - 1) != 0);
}

/* The cache of the empty board: every square a component of its own. */
static const struct engine_cache empty_cache = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8 },
	{ BIT(0), BIT(1), BIT(2), BIT(3), BIT(4), BIT(5), BIT(6), BIT(7),
	    BIT(8) },
	{ 0 },
	{ 0, 0 },
	ALLSQUARES
};

/*
 * The cache of a position: the classical marks of each player, the
 * spooky moves of each square, and the cycle-finding sets from the
 * spooky moves but a pending one.  Only what a move has made, so the
 * fields of a state built by hand cannot lead it out of bounds.
 */
static void
build_cache(const struct qttt_state *st, struct engine_cache *c)
{
	int	 m, a, b, n = st->next <= QTTT_MAXMOVES ? st->next :
		    QTTT_MAXMOVES + 1;

	*c = empty_cache;
	for (m = 1; m < n; m++) {
		a = st->where[m][0];
		b = st->where[m][1];
		if (a >= QTTT_NSQUARES || b >= QTTT_NSQUARES)
			continue;
		if (a == b) {
			c->marks[QTTT_MOVER(m)] |= BIT(a);
			continue;
		}
		c->spooky[a] |= BIT(m);
		c->spooky[b] |= BIT(m);
		if (m != st->pending)
			join(c, a, b);
	}
	c->open = 0;
	if ((st->pending | st->result.over) == 0 && places_freely(st->rules) &&
	    st->next >= 1 && st->next <= QTTT_MAXMOVES)
		c->open = ALLSQUARES & ~(c->marks[QTTT_X] | c->marks[QTTT_O]);
}

int
qttt_state_forced(const struct qttt_state *st)
{
	unsigned char	 open[QTTT_NSQUARES];

	/* Rule 3: every square but one is classical. */
	return !st->result.over && st->pending == 0 &&
	    open_squares(st, open) == 1;
}

void
qttt_state_init(struct qttt_state *st)
{
	memset(st, 0, sizeof(*st));
	memset(st->where, QTTT_NOSQUARE, sizeof(st->where));
	st->next = 1;
}

enum qttt_player
qttt_state_turn(const struct qttt_state *st)
{
	/*
	 * Rule 6: the player who did not close the cycle measures
	 * (measurer=closer: the one who did).
	 */
	if (st->pending != 0)
		return (QTTT_MOVER(st->pending) == QTTT_X) ==
		    ((st->rules & QTTT_RULES_CLOSER) != 0) ? QTTT_X : QTTT_O;
	return QTTT_MOVER(st->next);
}

/*
 * Bit 8i of v to bit i: the product adds no two bits in the top byte,
 * so it is a copy of each (i < 8).
 */
static inline unsigned int
gather_bytes(uint64_t v)
{
	return (unsigned int)((v * 0x0102040810204080ULL) >> 56);
}

/*
 * The squares of each player's classical marks, as sets.  The first
 * eight squares are looked at together, a byte each: X's moves are
 * odd, and any bit makes a mark.
 */
static void
board_marks(const struct qttt_state *st, unsigned int marks[2])
{
	const unsigned char *b = st->board;
	const uint64_t	 low = 0x0101010101010101ULL;
	uint64_t	 v, any;
	unsigned int	 x, all;

	/* Square s in byte s, counted from the low end. */
	memcpy(&v, b, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	any = v | v >> 4;
	any |= any >> 2;
	any |= any >> 1;
	x = gather_bytes(v & low) | (b[8] & 1u) << 8;
	all = gather_bytes(any & low) | (b[8] != 0) << 8;
	marks[QTTT_X] = x;
	marks[QTTT_O] = all & ~x;
}

/*
 * The lines a set of squares fills, as a set of lines (bit i for
 * qttt__engine_lines[i]).  Squares are numbered in reading order, three bits
 * to a row (so the masks read best in octal): shifting the set right
 * by one and by two squares brings each row's squares onto its first
 * square, 0, 3 or 6; shifting by one and by two rows brings each
 * column's onto its top square, 0, 1 or 2.  A constant expression:
 * the table below is made of it, once for every set.
 */
#define FULL_ROWS(set)	((set) & (set) >> 1 & (set) >> 2 & 0111)
#define FULL_COLUMNS(set) ((set) & (set) >> 3 & (set) >> 6 & 0007)
#define FULL_LINES(set)							\
	((FULL_ROWS(set) & 1) | (FULL_ROWS(set) >> 2 & 2) |		\
	    (FULL_ROWS(set) >> 4 & 4) | FULL_COLUMNS(set) << 3 |	\
	    (((set) & 0421) == 0421) << 6 |	/* a1 b2 c3 */		\
	    (((set) & 0124) == 0124) << 7)	/* c1 b2 a3 */
#define LINES_1(s)	FULL_LINES(s)
#define LINES_4(s)	LINES_1(s), LINES_1((s) + 1), LINES_1((s) + 2),	\
			LINES_1((s) + 3)
#define LINES_16(s)	LINES_4(s), LINES_4((s) + 4), LINES_4((s) + 8),	\
			LINES_4((s) + 12)
#define LINES_64(s)	LINES_16(s), LINES_16((s) + 16),		\
			LINES_16((s) + 32), LINES_16((s) + 48)
#define LINES_256(s)	LINES_64(s), LINES_64((s) + 64),		\
			LINES_64((s) + 128), LINES_64((s) + 192)

/* FULL_LINES() of every set of squares, looked up by every collapse. */
static const unsigned char set_lines[ALLSQUARES + 1] = {
	LINES_256(0u), LINES_256(256u)
};

static inline unsigned int
full_lines(unsigned int set)
{
	return set_lines[set & ALLSQUARES];
}

/* The time of a completed line i: the largest subscript in it. */
static int
line_time(const struct qttt_state *st, int i)
{
	int	 a = st->board[qttt__engine_lines[i][0]];
	int	 b = st->board[qttt__engine_lines[i][1]];
	int	 c = st->board[qttt__engine_lines[i][2]];

	a = a > b ? a : b;
	return a > c ? a : c;
}

size_t
qttt_state_lines(const struct qttt_state *st, struct qttt_line out[QTTT_NLINES])
{
	unsigned int	 marks[2], x, all;
	size_t		 n = 0;
	int		 i;

	board_marks(st, marks);
	x = full_lines(marks[QTTT_X]);
	all = x | full_lines(marks[QTTT_O]);
	/* In the order of qttt__engine_lines, as the lines are numbered. */
	for (; all != 0; all &= all - 1) {
		i = __builtin_ctz(all);
		out[n].player = (x & BIT(i)) ? QTTT_X : QTTT_O;
		out[n].time = line_time(st, i);
		memcpy(out[n].squares, qttt__engine_lines[i], 3);
		n++;
	}
	return n;
}

/*
 * The earliest and the latest time of the lines of a set (as
 * full_lines() makes them, not empty).
 */
static void
line_times(const struct qttt_state *st, unsigned int full, int *first,
    int *last)
{
	int	 t;

	*first = 10;
	*last = 0;
	for (; full != 0; full &= full - 1) {
		t = line_time(st, __builtin_ctz(full));
		if (t < *first)
			*first = t;
		if (t > *last)
			*last = t;
	}
}

/*
 * Rules 10 and 11: the result of a board whose marks are known (as
 * board_marks() makes them).  The times of the lines are only looked
 * up when they matter: lines of both players, or two of one.
 */
static void
marks_result(const struct qttt_state *st, const unsigned int marks[2],
    struct qttt_result *r)
{
	unsigned int	 full[2];
	int		 first[2], last[2], p;

	full[QTTT_X] = full_lines(marks[QTTT_X]);
	full[QTTT_O] = full_lines(marks[QTTT_O]);
	memset(r, 0, sizeof(*r));
	if ((full[QTTT_X] | full[QTTT_O]) == 0) {
		/*
		 * A cat's game when full; otherwise play goes on, but for
		 * last-square=draw with one square left.
		 */
		r->over = (marks[QTTT_X] | marks[QTTT_O]) == ALLSQUARES ||
		    ((st->rules & QTTT_RULES_LAST_DRAW) && __builtin_popcount(
		    ALLSQUARES & ~(marks[QTTT_X] | marks[QTTT_O])) == 1);
		if (r->over && (st->rules & QTTT_RULES_DRAW_HALF))
			r->score[QTTT_X] = r->score[QTTT_O] = 1;
		return;
	}
	r->over = 1;
	if (full[QTTT_X] != 0 && full[QTTT_O] != 0 &&
	    (st->rules & QTTT_RULES_SIMULTANEOUS) != 0) {
		/* simultaneous=tie: 1/2-1/2; =draw: a draw; =first: 1-0. */
		if ((st->rules & QTTT_RULES_SIMULTANEOUS) ==
		    QTTT_RULES_SIMUL_FIRST) {
			line_times(st, full[QTTT_X], &first[QTTT_X],
			    &last[QTTT_X]);
			line_times(st, full[QTTT_O], &first[QTTT_O],
			    &last[QTTT_O]);
			r->score[first[QTTT_X] < first[QTTT_O] ? QTTT_X :
			    QTTT_O] = 2;
		} else if ((st->rules & QTTT_RULES_SIMULTANEOUS) ==
		    QTTT_RULES_SIMUL_TIE || (st->rules & QTTT_RULES_DRAW_HALF))
			r->score[QTTT_X] = r->score[QTTT_O] = 1;
		return;
	}
	if (full[QTTT_X] != 0 && full[QTTT_O] != 0) {
		/* One line each: the earlier scores 1, the later 1/2. */
		line_times(st, full[QTTT_X], &first[QTTT_X], &last[QTTT_X]);
		line_times(st, full[QTTT_O], &first[QTTT_O], &last[QTTT_O]);
		if (first[QTTT_X] < first[QTTT_O]) {
			r->score[QTTT_X] = 2;
			r->score[QTTT_O] = 1;
		} else {
			r->score[QTTT_X] = 1;
			r->score[QTTT_O] = 2;
		}
		return;
	}
	p = full[QTTT_X] != 0 ? QTTT_X : QTTT_O;
	if ((full[p] & (full[p] - 1)) == 0) {
		r->score[p] = 2;
		return;
	}
	/*
	 * Two lines: 2 if they share X9's time, else 1 1/2 (double=2:
	 * 2, double=1: 1).
	 */
	switch (st->rules & QTTT_RULES_DOUBLE) {
	case QTTT_RULES_DOUBLE_2:
		r->score[p] = 4;
		return;
	case QTTT_RULES_DOUBLE_1:
		r->score[p] = 2;
		return;
	}
	line_times(st, full[p], &first[p], &last[p]);
	r->score[p] = first[p] == last[p] ? 4 : 3;
}

/*
 * Rules 10 and 11: the result of a board.  Used by qttt_state_check()
 * to recompute a stated result; collapse() has the marks at hand and
 * goes to marks_result() itself.
 */
void
qttt__engine_board_result(const struct qttt_state *st, struct qttt_result *r)
{
	unsigned int	 marks[2];

	board_marks(st, marks);
	marks_result(st, marks, r);
}

/* ------------------------------------------------------------------ */
/* Cycles (rule 5) and their components                                 */
/* ------------------------------------------------------------------ */

/*
 * The component of the pending cycle: which moves are in it and which
 * of them are on the cycle.  The cycle is the path between the closing
 * move's squares in the forest of the other spooky moves, plus the
 * closing move itself.
 */
static void
find_cycle(const struct qttt_state *st, struct qttt_cycle *c)
{
	unsigned char	 via[QTTT_NSQUARES];	/* move that reached a square */
	unsigned char	 seen[QTTT_NSQUARES];
	unsigned char	 queue[QTTT_NSQUARES];
	unsigned char	 incomp[QTTT_MAXMOVES + 1], oncycle[QTTT_MAXMOVES + 1];
	int		 head = 0, tail = 0, s, t, m, a, b;

	memset(c, 0, sizeof(*c));
	memset(seen, 0, sizeof(seen));
	memset(incomp, 0, sizeof(incomp));
	memset(oncycle, 0, sizeof(oncycle));
	c->closing = st->pending;
	a = st->where[st->pending][0];
	b = st->where[st->pending][1];

	/* Breadth-first from a over every spooky move but the closing one. */
	seen[a] = 1;
	via[a] = 0;
	queue[tail++] = a;
	while (head < tail) {
		s = queue[head++];
		for (m = 1; m < st->next; m++) {
			if (m == st->pending || !is_spooky(st, m))
				continue;
			if (st->where[m][0] == s)
				t = st->where[m][1];
			else if (st->where[m][1] == s)
				t = st->where[m][0];
			else
				continue;
			incomp[m] = 1;
			if (seen[t])
				continue;
			seen[t] = 1;
			via[t] = m;
			queue[tail++] = t;
		}
	}
	incomp[st->pending] = 1;
	oncycle[st->pending] = 1;
	/* Walk back from b to a along the moves that reached each square. */
	for (s = b; s != a; ) {
		m = via[s];
		oncycle[m] = 1;
		s = st->where[m][0] == s ? st->where[m][1] : st->where[m][0];
	}
	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		if (oncycle[m])
			c->moves[c->nmoves++] = m;
		else if (incomp[m])
			c->stems[c->nstems++] = m;
	}
	for (s = 0; s < QTTT_NSQUARES; s++) {
		for (m = 0; m < c->nmoves; m++)
			if (st->where[c->moves[m]][0] == s ||
			    st->where[c->moves[m]][1] == s)
				break;
		if (m < c->nmoves)
			c->squares[c->nsquares++] = s;
	}
}

int
qttt_state_cycle(const struct qttt_state *st, struct qttt_cycle *c)
{
	if (st->pending == 0)
		return -1;
	find_cycle(st, c);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Collapse (rule 8)                                                    */
/* ------------------------------------------------------------------ */

/*
 * Move m takes square s; every other spooky move with a mark in an
 * occupied square takes its other square, until nothing changes.  Only
 * moves sharing a square with the growing set are touched, so other
 * components stay spooky.
 *
 * The cache says which spooky moves have a mark in each square and
 * where each player's classical marks are; both are kept up to date as
 * moves land.  Most collapses complete no line, which full_lines() tells
 * at once; only a board with a line, or a full one, goes on to
 * marks_result().
 */
static void
collapse(struct qttt_state *st, struct engine_cache *c, int m, int s)
{
	unsigned int	 marks[2], moves, todo, landed, odd;
	int		 k, t;

	/* A measured move leaves its squares; the forced X9 has none. */
	if (is_spooky(st, m)) {
		c->spooky[st->where[m][0]] &= ~BIT(m);
		c->spooky[st->where[m][1]] &= ~BIT(m);
	}
	st->where[m][0] = st->where[m][1] = s;
	st->board[s] = m;
	/*
	 * The squares still to look at, those that became classical, and
	 * those of them that X's moves (the odd ones) took: kept in
	 * locals, as a store into the board or where[] may be a store
	 * into the cache, for all the compiler knows, and would have it
	 * read its fields again.
	 */
	todo = landed = BIT(s);
	odd = (m & 1u) << s;
	do {
		s = __builtin_ctz(todo);
		todo &= todo - 1;
		moves = c->spooky[s];
		c->spooky[s] = 0;
		for (; moves != 0; moves &= moves - 1) {
			k = __builtin_ctz(moves);
			/* Its other square: one of the two is s. */
			t = st->where[k][0] ^ st->where[k][1] ^ s;
			/* Gone from both its squares: it lands once. */
			c->spooky[t] &= ~BIT(k);
			st->where[k][0] = st->where[k][1] = t;
			st->board[t] = k;
			todo |= BIT(t);
			landed |= BIT(t);
			odd |= (k & 1u) << t;
		}
	} while (todo != 0);
	marks[QTTT_X] = c->marks[QTTT_X] | odd;
	marks[QTTT_O] = c->marks[QTTT_O] | (landed & ~odd);
	st->pending = 0;
	c->marks[QTTT_X] = marks[QTTT_X];
	c->marks[QTTT_O] = marks[QTTT_O];
	c->open = 0;
	if ((full_lines(marks[QTTT_X]) | full_lines(marks[QTTT_O])) == 0 &&
	    (marks[QTTT_X] | marks[QTTT_O]) != ALLSQUARES) {
		/* No line and a square open: play goes on. */
		memset(&st->result, 0, sizeof(st->result));
		if (st->rules != QTTT_RULES_GOFF) {
			/* last-square=draw; the fast paths' open squares. */
			marks_result(st, marks, &st->result);
			if (st->result.over || !places_freely(st->rules))
				return;
		}
		if (st->next <= QTTT_MAXMOVES)
			c->open = ALLSQUARES &
			    ~(marks[QTTT_X] | marks[QTTT_O]);
		return;
	}
	marks_result(st, marks, &st->result);
}

/* ------------------------------------------------------------------ */
/* Legality, with a reason that names the rule                          */
/* ------------------------------------------------------------------ */

/*
 * A refusal of the consistency checks of a state (qttt_state_check),
 * whose message names no action: made here.
 */
static enum qttt_code
refuse(struct qttt_diag *d, enum qttt_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static enum qttt_code
refuse(struct qttt_diag *d, enum qttt_code code, const char *fmt, ...)
{
	va_list	 ap;

	if (d != NULL) {
		qttt__engine_diag_args(d, code, NULL);
		va_start(ap, fmt);
		vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
		va_end(ap);
	}
	return code;
}

/*
 * A refusal of action a: what it names besides a (another move,
 * squares, a result, a count), and its English made from them
 * (qttt__engine_diag_say), in the line notation's spelling.
 */
struct named {
	unsigned char		 move;
	unsigned char		 sq[2];
	const struct qttt_result *result;
	unsigned int		 count;
};

static enum qttt_code
deny(struct qttt_diag *d, enum qttt_code code, const struct qttt_action *a,
    const struct named *what)
{
	if (d == NULL)
		return code;
	qttt__engine_diag_args(d, code, a);
	if (what != NULL) {
		d->move = what->move;
		d->squares[0] = what->sq[0];
		d->squares[1] = what->sq[1];
		if (what->result != NULL)
			d->results[0] = *what->result;
		d->count = what->count;
	}
	qttt__engine_diag_say(d, NULL);
	return code;
}

/* What a refusal names: a move, squares, a count. */
#define MOVE(m)		(&(struct named){ (m), { QTTT_NOSQUARE, \
			    QTTT_NOSQUARE }, NULL, 0 })
#define SQUARES(m, a, b) (&(struct named){ (m), { (a), (b) }, NULL, 0 })
#define COUNT(n)	(&(struct named){ 0, { QTTT_NOSQUARE, \
			    QTTT_NOSQUARE }, NULL, (n) })

/* A state played by rules that this engine does not know. */
static enum qttt_code
unknown_rules(const struct qttt_state *st, struct qttt_diag *d)
{
	return deny(d, QTTT_E_STATE, NULL, COUNT(st->rules));
}

static enum qttt_code
check_over(const struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	struct named	 over = { 0, { QTTT_NOSQUARE, QTTT_NOSQUARE },
			    &st->result, 0 };

	if (!st->result.over)
		return QTTT_OK;
	return deny(d, QTTT_E_OVER, a, &over);
}

static enum qttt_code
check_place(const struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	unsigned char	 open[QTTT_NSQUARES];
	int		 m = a->move, i;

	if (st->pending != 0)
		return deny(d, QTTT_E_DUE, a, MOVE(st->pending));
	if (m != st->next)
		return deny(d, QTTT_E_ORDER, a, MOVE(st->next));
	if (a->sq[0] >= QTTT_NSQUARES || a->sq[1] >= QTTT_NSQUARES)
		return deny(d, QTTT_E_SQUARE, a, NULL);
	/*
	 * Rule 3: with one square open, the move must name it alone.  Two
	 * different open squares mean that two are open, so the squares
	 * are only counted for a move that names one square or a
	 * classical one: a placement that is fine costs nothing more.
	 */
	if ((a->sq[0] == a->sq[1] || st->board[a->sq[0]] != 0 ||
	    st->board[a->sq[1]] != 0) && open_squares(st, open) == 1) {
		if (a->sq[0] != open[0] || a->sq[1] != open[0])
			return deny(d, QTTT_E_FORCED, a,
			    SQUARES(0, open[0], QTTT_NOSQUARE));
		return QTTT_OK;
	}
	for (i = 0; i < 2; i++)
		if (st->board[a->sq[i]] != 0)
			return deny(d, QTTT_E_CLASSICAL, a,
			    SQUARES(st->board[a->sq[i]], a->sq[i],
			    QTTT_NOSQUARE));
	if (a->sq[0] == a->sq[1]) {
		if (m == 9)
			return deny(d, QTTT_E_NOTFORCED, a,
			    COUNT(open_squares(st, open)));
		return deny(d, QTTT_E_SAMESQUARE, a,
		    SQUARES(0, a->sq[0], QTTT_NOSQUARE));
	}
	if (two_cycle_refused(st, a->sq[0], a->sq[1]))
		return deny(d, QTTT_E_TWOCYCLE, a,
		    MOVE(spooky_pair(st, a->sq[0], a->sq[1])));
	return QTTT_OK;
}

static enum qttt_code
check_measure(const struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	struct qttt_cycle c;
	int		 m = a->move, i;

	if (st->pending == 0)
		return deny(d, QTTT_E_NOCYCLE, a, NULL);
	if (m < 1 || m >= st->next)
		return deny(d, QTTT_E_NOTPLAYED, a, NULL);
	if (is_classical(st, m))
		return deny(d, QTTT_E_NOTSPOOKY, a,
		    SQUARES(0, st->where[m][0], QTTT_NOSQUARE));
	/* The closing move is on its cycle: no need to look for it. */
	if (m != st->pending)
		find_cycle(st, &c);
	if (m != st->pending && memchr(c.moves, m, c.nmoves) == NULL) {
		if (memchr(c.stems, m, c.nstems) != NULL)
			return deny(d, QTTT_E_STEM, a, NULL);
		return deny(d, QTTT_E_OFFCYCLE, a, MOVE(st->pending));
	}
	for (i = 0; i < 2; i++)
		if (st->where[m][i] == a->sq[0])
			return QTTT_OK;
	return deny(d, QTTT_E_NOTITSQUARE, a,
	    SQUARES(0, st->where[m][0], st->where[m][1]));
}

/* qttt_state_legal(), inlined into qttt_state_apply(). */
static enum qttt_code
check_action(const struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	enum qttt_code	 code;

	if (st->rules != QTTT_RULES_GOFF && !qttt_rules_valid(st->rules))
		return unknown_rules(st, d);
	if (a->move < 1 || a->move > QTTT_MAXMOVES)
		return deny(d, QTTT_E_MARK, a, NULL);
	if ((code = check_over(st, a, d)) != QTTT_OK)
		return code;
	if (a->kind == QTTT_PLACE)
		return check_place(st, a, d);
	return check_measure(st, a, d);
}

enum qttt_code
qttt_state_legal(const struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	return check_action(st, a, d);
}

/*
 * Whether an action is the placement of the next move in two different
 * open squares, with the game going on and nothing pending: legal
 * (rules 2 and 4) with nothing more to look at.  Nearly every action
 * of a file is one, so qttt_state_apply() asks this first and leaves
 * the rest, and every reason for a refusal, to check_action().
 */
static int
is_plain_placement(const struct qttt_state *st, const struct qttt_action *a)
{
	return a->kind == QTTT_PLACE && a->move == st->next &&
	    a->move >= 1 && a->move <= QTTT_MAXMOVES &&
	    st->pending == 0 && !st->result.over &&
	    places_freely(st->rules) &&
	    a->sq[0] < QTTT_NSQUARES && a->sq[1] < QTTT_NSQUARES &&
	    a->sq[0] != a->sq[1] &&
	    st->board[a->sq[0]] == 0 && st->board[a->sq[1]] == 0;
}

/*
 * Places move m, a legal spooky move, in squares a and b; closed is
 * whether they were joined already (rule 5: then the move closes a
 * cycle).
 */
static inline void
place(struct qttt_state *st, int m, int a, int b, int closed)
{
	st->next = m + 1;
	if (closed)
		st->pending = m;
	st->where[m][0] = a < b ? a : b;
	st->where[m][1] = a < b ? b : a;
}

/*
 * BIT(i), looked up, for a square or a move number i from 0 to 9; 10
 * to 15, which are no square, have BIT(9), a bit that no set of open
 * squares holds.  A shift by a variable takes one register on x86, and
 * the loops that inline a placement then move values in and out of it
 * (callgrind, qttt-validate: 35 instructions a game fewer looked up).
 */
static const unsigned short bit_of[16] = {
	BIT(0), BIT(1), BIT(2), BIT(3), BIT(4), BIT(5), BIT(6), BIT(7),
	BIT(8), BIT(9), BIT(9), BIT(9), BIT(9), BIT(9), BIT(9), BIT(9)
};

/* The same, keeping a cache up to date. */
static inline void
place_cached(struct qttt_state *st, struct engine_cache *c, int m, int a,
    int b)
{
	int	 closed = c->comp[a] == c->comp[b];

	place(st, m, a, b, closed);
	/* In order, as build_cache() joins them: the same names. */
	if (!closed)
		join(c, a < b ? a : b, a < b ? b : a);
	/* A measurement is due, or no move is left. */
	if (closed || m == QTTT_MAXMOVES)
		c->open = 0;
	c->spooky[a] |= bit_of[m];
	c->spooky[b] |= bit_of[m];
}

/*
 * A legal action but a plain placement: a measurement, or the forced
 * X9, which is classical at once (rule 3); or, under a profile whose
 * placements the fast paths leave here (two-cycles=no), a placement
 * in two squares.
 */
static void
collapse_action(struct qttt_state *st, struct engine_cache *c,
    const struct qttt_action *a)
{
	if (a->kind == QTTT_PLACE && a->sq[0] != a->sq[1]) {
		place_cached(st, c, a->move, a->sq[0], a->sq[1]);
		return;
	}
	if (a->kind == QTTT_PLACE)
		st->next = a->move + 1;
	collapse(st, c, a->move, a->sq[0]);
}

/*
 * Any action but a plain placement, with the cache of the state: a
 * measurement, the forced last move, or one that is refused.  Not
 * inlined: with its messages in the same function, every placement
 * would pay to save the registers they need.
 */
static enum qttt_code __attribute__((noinline))
apply_checked(struct qttt_state *st, struct engine_cache *c,
    const struct qttt_action *a, struct qttt_diag *d)
{
	enum qttt_code	 code;

	if ((code = check_action(st, a, d)) != QTTT_OK)
		return code;
	collapse_action(st, c, a);
	return QTTT_OK;
}

/*
 * The same for a public state, which has no cache: the cache is built
 * from the position once the action has been found legal, so that a
 * refusal costs nothing more.
 */
static enum qttt_code __attribute__((noinline))
apply_uncached(struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	struct engine_cache c;
	enum qttt_code	 code;

	if ((code = check_action(st, a, d)) != QTTT_OK)
		return code;
	build_cache(st, &c);
	collapse_action(st, &c, a);
	return QTTT_OK;
}

/* A plain placement asks joined() whether it closes a cycle. */
enum qttt_code
qttt_state_apply(struct qttt_state *st, const struct qttt_action *a,
    struct qttt_diag *d)
{
	if (!is_plain_placement(st, a))
		return apply_uncached(st, a, d);
	place(st, a->move, a->sq[0], a->sq[1],
	    joined(st, a->sq[0], a->sq[1], 0));
	return QTTT_OK;
}

void
qttt__engine_init(struct engine *e)
{
	qttt_state_init(&e->st);
	e->cache = empty_cache;
}

void
qttt__engine_start(struct engine *e, unsigned int rules)
{
	qttt__engine_init(e);
	if (rules != QTTT_RULES_GOFF) {
		e->st.rules = rules;
		build_cache(&e->st, &e->cache);
	}
}

void
qttt__engine_load(struct engine *e, const struct qttt_state *st)
{
	e->st = *st;
	build_cache(st, &e->cache);
}


/*
 * is_plain_placement(), with the cache's open squares standing for
 * the flags that stop a placement and for the classical squares: a
 * square number above 8 has no bit in open.
 */
inline int __attribute__((always_inline))
qttt__engine_place(struct engine *e, const struct qttt_action *a)
{
	unsigned int	 m = a->move, s0 = a->sq[0], s1 = a->sq[1], both;
	unsigned int	 open = e->cache.open;

	if (a->kind != QTTT_PLACE || m != e->st.next || s0 == s1 ||
	    (s0 | s1) > 15)
		return 0;
	both = bit_of[s0] | bit_of[s1];
	if ((open & both) != both)
		return 0;
	place_cached(&e->st, &e->cache, m, s0, s1);
	return 1;
}

/*
 * Whether an action is the commonest measurement, the one canonical
 * form writes: the closing move of the pending cycle to one of its two
 * squares (rules 6 and 7), legal with nothing more to look at.
 * Inlined: out of line, its call costs a measurement a third as much
 * again as its tests.
 */
static inline int __attribute__((always_inline))
is_plain_measurement(const struct qttt_state *st,
    const struct qttt_action *a)
{
	unsigned int	 m = a->move;

	return a->kind == QTTT_MEASURE && m == st->pending &&
	    m - 1 < QTTT_MAXMOVES && m < st->next && !st->result.over &&
	    (st->rules == QTTT_RULES_GOFF || qttt_rules_valid(st->rules)) &&
	    a->sq[0] < QTTT_NSQUARES &&
	    st->where[m][0] != st->where[m][1] &&
	    (a->sq[0] == st->where[m][0] || a->sq[0] == st->where[m][1]);
}

inline enum qttt_code __attribute__((always_inline))
qttt__engine_apply(struct engine *e, const struct qttt_action *a,
    struct qttt_diag *d)
{
	if (qttt__engine_place(e, a))
		return QTTT_OK;
	if (is_plain_measurement(&e->st, a)) {
		collapse(&e->st, &e->cache, a->move, a->sq[0]);
		return QTTT_OK;
	}
	return apply_checked(&e->st, &e->cache, a, d);
}

size_t
qttt_state_actions(const struct qttt_state *st, struct qttt_action *out)
{
	unsigned char	 open[QTTT_NSQUARES];
	size_t		 n = 0, nopen, i, j;

	if (st->result.over || !qttt_rules_valid(st->rules))
		return 0;
	if (st->pending != 0) {
		for (i = 0; i < 2; i++) {
			out[n].kind = QTTT_MEASURE;
			out[n].move = st->pending;
			out[n].sq[0] = out[n].sq[1] = st->where[st->pending][i];
			n++;
		}
		return n;
	}
	nopen = open_squares(st, open);
	if (nopen == 1) {
		out[0].kind = QTTT_PLACE;
		out[0].move = st->next;
		out[0].sq[0] = out[0].sq[1] = open[0];
		return 1;
	}
	for (i = 0; i < nopen; i++)
		for (j = i + 1; j < nopen; j++) {
			if (two_cycle_refused(st, open[i], open[j]))
				continue;
			out[n].kind = QTTT_PLACE;
			out[n].move = st->next;
			out[n].sq[0] = open[i];
			out[n].sq[1] = open[j];
			n++;
		}
	return n;
}

enum qttt_code
qttt_action_canonical(const struct qttt_state *st,
    const struct qttt_action *in, struct qttt_action *out,
    struct qttt_diag *d)
{
	struct qttt_state copy = *st;
	enum qttt_code	 code;

	if (in->kind != QTTT_MEASURE) {
		*out = *in;
		return qttt_state_legal(st, in, d);
	}
	if ((code = qttt_state_apply(&copy, in, d)) != QTTT_OK)
		return code;
	out->kind = QTTT_MEASURE;
	out->move = st->pending;
	out->sq[0] = out->sq[1] = copy.where[st->pending][0];
	return QTTT_OK;
}

/* Every byte is a field (see the assertions at the top). */
int
qttt_state_equal(const struct qttt_state *a, const struct qttt_state *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* ------------------------------------------------------------------ */
/* Consistency of a state built by hand                                 */
/* ------------------------------------------------------------------ */

static enum qttt_code
check_moves(const struct qttt_state *st, struct qttt_diag *d)
{
	int	 m, i, s;

	if (st->next < 1 || st->next > QTTT_MAXMOVES + 1)
		return refuse(d, QTTT_E_STATE, "the next move number %d is "
		    "not 1 to 10", st->next);
	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		if (m >= st->next) {
			if (st->where[m][0] != QTTT_NOSQUARE ||
			    st->where[m][1] != QTTT_NOSQUARE)
				return refuse(d, QTTT_E_STATE, "%c%d is on the "
				    "board, but the next move is %c%d",
				    QTTT_LETTER(m), m, QTTT_LETTER(st->next),
				    st->next);
			continue;
		}
		for (i = 0; i < 2; i++)
			if (st->where[m][i] >= QTTT_NSQUARES)
				return refuse(d, QTTT_E_STATE, "%c%d has been "
				    "played but is not on the board",
				    QTTT_LETTER(m), m);
		if (is_classical(st, m)) {
			if (st->board[st->where[m][0]] != m)
				return refuse(d, QTTT_E_STATE, "%c%d is "
				    "classical in two squares", QTTT_LETTER(m),
				    m);
			continue;
		}
		if (st->where[m][0] > st->where[m][1])
			return refuse(d, QTTT_E_STATE, "the squares of %c%d "
			    "are not in reading order", QTTT_LETTER(m), m);
		for (i = 0; i < 2; i++)
			if (st->board[st->where[m][i]] != 0)
				return refuse(d, QTTT_E_STATE, "spooky %c%d is "
				    "in %s, which is classical (%c%d)",
				    QTTT_LETTER(m), m,
				    qttt_square_name(st->where[m][i]),
				    QTTT_LETTER(st->board[st->where[m][i]]),
				    st->board[st->where[m][i]]);
	}
	for (s = 0; s < QTTT_NSQUARES; s++) {
		m = st->board[s];
		if (m == 0)
			continue;
		if (m > QTTT_MAXMOVES || m >= st->next ||
		    st->where[m][0] != s || st->where[m][1] != s)
			return refuse(d, QTTT_E_STATE, "classical mark %d in "
			    "%s is not a move that has been played", m,
			    qttt_square_name(s));
	}
	return QTTT_OK;
}

static enum qttt_code
check_graph(const struct qttt_state *st, struct qttt_diag *d)
{
	struct forest	 f;
	int		 m;

	if (st->pending != 0) {
		if (st->next == 1)
			return refuse(d, QTTT_E_STATE, "no move has been "
			    "played, so no measurement can be pending");
		if (st->pending != st->next - 1 || !is_spooky(st, st->pending))
			return refuse(d, QTTT_E_STATE, "the pending "
			    "measurement must follow the move that closed "
			    "the cycle (%c%d)", QTTT_LETTER(st->next - 1),
			    st->next - 1);
		if (!joined(st, st->where[st->pending][0],
		    st->where[st->pending][1], st->pending))
			return refuse(d, QTTT_E_STATE, "%c%d closes no cycle, "
			    "so no measurement can be pending",
			    QTTT_LETTER(st->pending), st->pending);
	}
	/* two-cycles=no: only X9 with two squares open makes one. */
	if (st->pending != 0 && two_cycle_refused(st,
	    st->where[st->pending][0], st->where[st->pending][1]) &&
	    spooky_pair(st, st->where[st->pending][0],
	    st->where[st->pending][1]) != st->pending)
		return refuse(d, QTTT_E_STATE, "%c%d makes a 2-cycle, which "
		    "these rules forbid", QTTT_LETTER(st->pending),
		    st->pending);
	/* Every spooky move but the pending one must join two trees. */
	for (m = 0; m < QTTT_NSQUARES; m++)
		f.parent[m] = m;
	for (m = 1; m < st->next; m++) {
		if (!is_spooky(st, m) || m == st->pending)
			continue;
		if (forest_find(&f, st->where[m][0]) ==
		    forest_find(&f, st->where[m][1]))
			return refuse(d, QTTT_E_STATE, "the spooky moves form "
			    "a cycle (through %c%d) with no measurement "
			    "pending", QTTT_LETTER(m), m);
		f.parent[forest_find(&f, st->where[m][0])] =
		    forest_find(&f, st->where[m][1]);
	}
	/*
	 * "One open square means X9's turn with nothing spooky" needs no
	 * test of its own: check_moves() has made every classical square
	 * one classical move, and a spooky move needs two open squares,
	 * so eight classical squares are moves 1 to 8 and nothing more.
	 */
	return QTTT_OK;
}

enum qttt_code
qttt_state_check(const struct qttt_state *st, struct qttt_diag *d)
{
	struct qttt_result r;
	enum qttt_code	 code;
	char		 want[8], have[8];

	if (!qttt_rules_valid(st->rules))
		return unknown_rules(st, d);
	if ((code = check_moves(st, d)) != QTTT_OK)
		return code;
	if ((code = check_graph(st, d)) != QTTT_OK)
		return code;
	qttt__engine_board_result(st, &r);
	if (r.over != st->result.over || r.score[0] != st->result.score[0] ||
	    r.score[1] != st->result.score[1]) {
		qttt_result_format(&r, want, sizeof(want));
		qttt_result_format(&st->result, have, sizeof(have));
		return refuse(d, QTTT_E_STATE, "the result is %s, but the "
		    "board says %s", have, want);
	}
	if (r.over && st->pending != 0)
		return refuse(d, QTTT_E_STATE, "the game is over, so no "
		    "measurement can be pending");
	/* The game ends with a collapse: the last move must be classical. */
	if (r.over && st->next > 1 && !is_classical(st, st->next - 1))
		return refuse(d, QTTT_E_STATE, "%c%d was played after the "
		    "game was over", QTTT_LETTER(st->next - 1), st->next - 1);
	return QTTT_OK;
}

/* ------------------------------------------------------------------ */
/* Rule profiles: their switches, presets and names                     */
/* ------------------------------------------------------------------ */

int
qttt_rules_valid(unsigned int rules)
{
	return rules <= QTTT_RULES_MAX &&
	    (rules & QTTT_RULES_DOUBLE) != QTTT_RULES_DOUBLE;
}

/*
 * The switches (formats/rules.md, "Rule profiles"), in the order a
 * name lists them: what each sets in its field.
 */
static const struct rules_item {
	const char	*name;
	unsigned char	 field, value;
} switches[] = {
	{ "double=2", QTTT_RULES_DOUBLE, QTTT_RULES_DOUBLE_2 },
	{ "double=1", QTTT_RULES_DOUBLE, QTTT_RULES_DOUBLE_1 },
	{ "simultaneous=tie", QTTT_RULES_SIMULTANEOUS, QTTT_RULES_SIMUL_TIE },
	{ "simultaneous=draw", QTTT_RULES_SIMULTANEOUS,
	    QTTT_RULES_SIMUL_DRAW },
	{ "simultaneous=first", QTTT_RULES_SIMULTANEOUS,
	    QTTT_RULES_SIMUL_FIRST },
	{ "two-cycles=no", QTTT_RULES_NO_2CYCLES, QTTT_RULES_NO_2CYCLES },
	{ "last-square=draw", QTTT_RULES_LAST_DRAW, QTTT_RULES_LAST_DRAW },
	{ "measurer=closer", QTTT_RULES_CLOSER, QTTT_RULES_CLOSER },
	{ "draw=1/2", QTTT_RULES_DRAW_HALF, QTTT_RULES_DRAW_HALF },
	/* Goff's own values, read but never written. */
	{ "double=goff", QTTT_RULES_DOUBLE, 0 },
	{ "simultaneous=goff", QTTT_RULES_SIMULTANEOUS, 0 },
	{ "two-cycles=yes", QTTT_RULES_NO_2CYCLES, 0 },
	{ "last-square=x9", QTTT_RULES_LAST_DRAW, 0 },
	{ "measurer=other", QTTT_RULES_CLOSER, 0 },
	{ "draw=0", QTTT_RULES_DRAW_HALF, 0 }
};
#define NSWITCHES	9	/* those a name writes */

/*
 * The presets, each the profile of the program that plays it
 * (formats/rules.md has which): a preset sets every switch, those it
 * does not name to Goff's.
 */
static const struct rules_item presets[] = {
	{ "goff", QTTT_RULES_MAX, QTTT_RULES_GOFF },
	{ "goff-tie", QTTT_RULES_MAX, QTTT_RULES_SIMUL_TIE },
	{ "complete-win", QTTT_RULES_MAX, QTTT_RULES_SIMUL_DRAW },
	{ "ksmanis", QTTT_RULES_MAX, QTTT_RULES_DOUBLE_2 },
	{ "typescript", QTTT_RULES_MAX, QTTT_RULES_DOUBLE_1 |
	    QTTT_RULES_SIMUL_FIRST },
	{ "typescript-2", QTTT_RULES_MAX, QTTT_RULES_DOUBLE_1 |
	    QTTT_RULES_SIMUL_FIRST | QTTT_RULES_NO_2CYCLES },
	{ "python", QTTT_RULES_MAX, QTTT_RULES_DOUBLE_1 |
	    QTTT_RULES_SIMUL_FIRST | QTTT_RULES_LAST_DRAW },
	{ "flash", QTTT_RULES_MAX, QTTT_RULES_CLOSER },
	{ "cpp-solver", QTTT_RULES_MAX, QTTT_RULES_DOUBLE_1 |
	    QTTT_RULES_LAST_DRAW | QTTT_RULES_DRAW_HALF }
};
#define NPRESETS	(sizeof(presets) / sizeof(presets[0]))

const char *
qttt_rules_preset(size_t i, unsigned int *rules)
{
	if (i >= NPRESETS)
		return NULL;
	*rules = presets[i].value;
	return presets[i].name;
}

const char *
qttt_rules_switch(size_t i, unsigned int *rules)
{
	if (i >= NSWITCHES)
		return NULL;
	*rules = switches[i].value;
	return switches[i].name;
}

int
qttt_rules_presets_list(char *buf, size_t n)
{
	size_t	 i;
	int	 len = 0, k;

	if (n > 0)
		buf[0] = '\0';
	for (i = 0; i < NPRESETS; i++) {
		k = snprintf(buf + ((size_t)len < n ? (size_t)len : n),
		    (size_t)len < n ? n - len : 0, "%s%s", i > 0 ? ", " : "",
		    presets[i].name);
		len += k;
	}
	return len;
}

int
qttt_rules_format(unsigned int rules, char *buf, size_t n)
{
	char		 text[QTTT_RULES_NAME_MAX];
	size_t		 i, len = 0, k;

	if (!qttt_rules_valid(rules))
		return -1;
	for (i = 0; i < NPRESETS; i++)
		if (presets[i].value == rules)
			return qttt__text_copy_out(buf, n, presets[i].name,
			    strlen(presets[i].name));
	for (i = 0; i < NSWITCHES; i++) {
		if ((rules & switches[i].field) != switches[i].value)
			continue;
		if (len > 0)
			text[len++] = ',';
		k = strlen(switches[i].name);
		memcpy(text + len, switches[i].name, k);
		len += k;
	}
	return qttt__text_copy_out(buf, n, text, len);
}

static const struct rules_item *
find_item(const struct rules_item *list, size_t n, const char *s,
    size_t len)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strlen(list[i].name) == len &&
		    memcmp(list[i].name, s, len) == 0)
			return &list[i];
	return NULL;
}

int
qttt_rules_parse(const char *s, size_t len, unsigned int *rules,
    size_t *bad)
{
	const struct rules_item *it;
	unsigned int	 r = QTTT_RULES_GOFF;
	size_t		 start = 0, end;

	do {
		for (end = start; end < len && s[end] != ','; end++)
			continue;
		if ((it = find_item(presets, NPRESETS, s + start,
		    end - start)) == NULL && (it = find_item(switches,
		    sizeof(switches) / sizeof(switches[0]), s + start,
		    end - start)) == NULL) {
			if (bad != NULL)
				*bad = start;
			return -1;
		}
		r = (r & ~(unsigned int)it->field) | it->value;
		start = end + 1;
	} while (end < len);
	*rules = r;
	return 0;
}
