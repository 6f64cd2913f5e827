/*
 * The perfect-play solver: the value of a position (X's score minus
 * O's, in half points, rule 11) when X maximises and O minimises, by a
 * full-depth alpha-beta search with a transposition table and a book
 * of early positions, both keyed by the position's reduced key
 * (qttt__analysis_reduced_key, formats/counting.md): positions with equal keys
 * have equal values (formats/solver.md).
 *
 * The search plays on a position of its own (struct node), built for
 * speed: the spooky marks in each square as a bit set of moves, the
 * component of each open square and each player's classical squares,
 * kept up to date move by move.  The root of every query is the rules
 * engine's state, and its actions are the engine's (qttt_state_actions
 * order), so what a caller sees never depends on the search's own move
 * generator; the unit tests compare the search with a plain minimax on
 * the engine.
 *
 * The search stops before O8: the last two moves are valued from the
 * shape of the spooky moves (formats/solver.md, "The last two moves").
 *
 * A state's rule profile is played as the engine plays it; values
 * depend on part of it only (qttt__analysis_value_rules()), which the
 * table's keys hold, and so do the book's (formats/solver.md, "Profiles").
 *
 * Values do not depend on the table: an entry holds exact bounds of a
 * position identified by its whole reduced key (not a hash of it), so
 * a smaller table, another replacement or another history gives the
 * same answers, only slower.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "analysis/analysis.h"

#define BIT(i)		(1u << (i))
#define ALLSQUARES	0x1ffu
#define NSYMS		QTTT_NSYMS
/* Codes of a move's place in a key: none, a square, a pair of squares. */
#define CODE_NONE	0
#define CODE_SQUARE(s)	(1 + (s))
#define CODE_PAIR0	10
#define NPAIRS		36
#define NCODES		(CODE_PAIR0 + NPAIRS)
#define VALUE_MIN	(-2)
#define VALUE_MAX	4
/*
 * The table holds positions before move TABLE_BELOW: below them the
 * last two moves cost less to value again than to look up (callgrind:
 * 7 is the best, by about 9% against 8).
 */
#ifndef TABLE_BELOW
#define TABLE_BELOW 7
#endif
/* Table entries per bucket (24-byte entries). */
#define BUCKET		4

/* A position as the search plays it. */
struct node {
	uint16_t	 spooky[QTTT_NSQUARES];	/* moves marked there, bit m */
	uint16_t	 comp[QTTT_NSQUARES];	/* open squares joined to it */
	uint16_t	 marks[2];	/* classical squares of X and of O */
	unsigned char	 where[QTTT_MAXMOVES + 1][2];
	unsigned char	 board[QTTT_NSQUARES];
	unsigned char	 next;
	unsigned char	 pending;
	unsigned char	 over;
	signed char	 value;		/* when over */
};

/*
 * A table entry: the reduced key (analysis/analysis.h; hi is 0 for an
 * empty slot), bounds of its value, the best child found, in the
 * canonical orientation, as a key code (a pair, or a square for a
 * measurement and the forced X9), and the number of the next move,
 * which says how much work the entry saves (fewer moves made, more
 * work).
 */
struct entry {
	struct reduced_key key;
	signed char	 lo, hi;
	unsigned char	 best;
	unsigned char	 next;
	uint32_t	 pad;
};

struct qttt_solver {
	struct entry	*table;
	size_t		 nbuckets;	/* a power of two, or 0 */
	unsigned long long nodes;
	/*
	 * Move ordering: how often each placement of each move cut off,
	 * and the placements (pair codes) of each move kept sorted by it,
	 * most first, with the place of each code in that list.
	 */
	uint32_t	 history[QTTT_MAXMOVES + 1][NCODES];
	unsigned char	 ranked[QTTT_MAXMOVES + 1][NPAIRS];
	unsigned char	 rank[QTTT_MAXMOVES + 1][NCODES];
	unsigned char	 perm[NSYMS][QTTT_NSQUARES];
	unsigned char	 inverse[NSYMS];
	unsigned char	 symcode[NSYMS][NCODES];
	unsigned char	 paircode[QTTT_NSQUARES][QTTT_NSQUARES];
	unsigned char	 codesq[NCODES][2];	/* squares of a code */
	uint16_t	 pairmask[NCODES];	/* and as a set */
	uint16_t	 linemask[QTTT_NLINES];
	unsigned char	 popcount[ALLSQUARES + 1];
	unsigned char	 full[ALLSQUARES + 1];	/* the lines in a set, bit i */
	/* The lines holding at least k squares of a set (holds[3] is
	 * full), and those holding one at least. */
	unsigned char	 holds[4][ALLSQUARES + 1];
	unsigned char	 touched[ALLSQUARES + 1];
	/*
	 * The profile the values are searched by
	 * (qttt__analysis_value_rules(), the table's keys hold it), and whether a board without a line
	 * ends the game, by its classical squares: full, or under
	 * last-square=draw one square open.
	 */
	unsigned int	 rules;
	unsigned char	 ends[ALLSQUARES + 1];
	int		 book;		/* the book is looked up */
	int		 bookmoves;	/* to this many moves made */
	/*
	 * The limit of a query (qttt_solver_limit()): nodes at most,
	 * and stop() asked every QTTT_SOLVER_POLL nodes; the search
	 * looks at them when nodes reaches check, which is 0 once the
	 * query is stopped.
	 */
	unsigned long long budget, limit, check;
	int		(*stop)(void *);
	void		*stoparg;
	int		 stopped;
};

/* ------------------------------------------------------------------ */
/* Symmetries and codes                                                 */
/* ------------------------------------------------------------------ */

static void
tables_init(struct qttt_solver *sv)
{
	int	 k, j, a, b, code;

	memset(sv->codesq, QTTT_NOSQUARE, sizeof(sv->codesq));
	for (a = 0; a < QTTT_NSQUARES; a++) {
		sv->paircode[a][a] = CODE_SQUARE(a);
		sv->codesq[CODE_SQUARE(a)][0] = a;
		sv->codesq[CODE_SQUARE(a)][1] = a;
	}
	code = CODE_PAIR0;
	for (a = 0; a < QTTT_NSQUARES; a++)
		for (b = a + 1; b < QTTT_NSQUARES; b++) {
			sv->paircode[a][b] = sv->paircode[b][a] = code;
			sv->codesq[code][0] = a;
			sv->codesq[code][1] = b;
			sv->pairmask[code] = BIT(a) | BIT(b);
			code++;
		}
	for (k = 0; k < NSYMS; k++) {
		for (a = 0; a < QTTT_NSQUARES; a++)
			sv->perm[k][a] = qttt_sym_square(k, a);
		sv->symcode[k][CODE_NONE] = CODE_NONE;
		for (code = 1; code < NCODES; code++) {
			a = sv->perm[k][sv->codesq[code][0]];
			b = sv->perm[k][sv->codesq[code][1]];
			sv->symcode[k][code] = sv->paircode[a][b];
		}
	}
	for (k = 0; k < NSYMS; k++)
		for (j = 0; j < NSYMS; j++) {
			for (a = 0; a < QTTT_NSQUARES; a++)
				if (sv->perm[j][sv->perm[k][a]] != a)
					break;
			if (a == QTTT_NSQUARES)
				sv->inverse[k] = j;
		}
	for (a = 1; a <= (int)ALLSQUARES; a++)
		sv->popcount[a] = sv->popcount[a >> 1] + (a & 1);
	for (j = 0; j < QTTT_NLINES; j++)
		sv->linemask[j] = BIT(qttt__engine_lines[j][0]) |
		    BIT(qttt__engine_lines[j][1]) |
		    BIT(qttt__engine_lines[j][2]);
	for (a = 0; a <= (int)ALLSQUARES; a++)
		for (j = 0; j < QTTT_NLINES; j++) {
			for (k = 0; k <= sv->popcount[a & sv->linemask[j]];
			    k++)
				sv->holds[k][a] |= BIT(j);
			if ((a & sv->linemask[j]) == sv->linemask[j])
				sv->full[a] |= BIT(j);
			if (a & sv->linemask[j])
				sv->touched[a] |= BIT(j);
		}
}

/* ------------------------------------------------------------------ */
/* The search's own play (rules 2 to 11)                                */
/* ------------------------------------------------------------------ */

/* No value: the game goes on. */
#define NOT_OVER	(VALUE_MAX + 1)

/*
 * Rules 10 and 11, after a collapse: the value of the board (the move
 * number on each classical square, marks the classical squares of X
 * and of O), or NOT_OVER.
 */
/* The time of a line: the number of its last mark. */
static int
line_time(const unsigned char *board, int i)
{
	const unsigned char *l = qttt__engine_lines[i];
	int	 a = board[l[0]], b = board[l[1]], c = board[l[2]];

	a = a > b ? a : b;
	return a > c ? a : c;
}

/* The earliest time of the lines in set l (not empty). */
static int
first_time(const unsigned char *board, unsigned int l)
{
	int	 t, first = QTTT_MAXMOVES + 1;

	for (; l != 0; l &= l - 1)
		if ((t = line_time(board, __builtin_ctz(l))) < first)
			first = t;
	return first;
}

/*
 * Under Goff's rules (any 0: the search's hot path, with no look at
 * the profile), or under the solver's profile (any 1), which
 * board_value_any() is.
 */
static inline __attribute__((always_inline)) int
board_value_by(const struct qttt_solver *sv, const unsigned char *board,
    const uint16_t *marks, int any)
{
	unsigned int	 x, o;
	int		 i;

	x = sv->full[marks[QTTT_X]];
	o = sv->full[marks[QTTT_O]];
	if ((x | o) == 0 && any)
		return sv->ends[marks[QTTT_X] | marks[QTTT_O]] ? 0 : NOT_OVER;
	if ((x | o) == 0)
		return (marks[QTTT_X] | marks[QTTT_O]) == ALLSQUARES ? 0 :
		    NOT_OVER;
	/* O's four marks make one line at most. */
	if (x == 0)
		return -2;
	if (o != 0 && any && (sv->rules & QTTT_RULES_SIMULTANEOUS))
		return (sv->rules & QTTT_RULES_SIMULTANEOUS) ==
		    QTTT_RULES_SIMUL_DRAW ? 0 : first_time(board, x) <
		    first_time(board, o) ? 2 : -2;
	if (o != 0)
		return first_time(board, x) < first_time(board, o) ? 1 : -1;
	if ((x & (x - 1)) == 0)
		return 2;
	if (any && (sv->rules & QTTT_RULES_DOUBLE))
		return (sv->rules & QTTT_RULES_DOUBLE_2) ? 4 : 2;
	/* Two lines of X (five marks make no more): both at once? */
	i = __builtin_ctz(x);
	return line_time(board, i) == line_time(board, __builtin_ctz(x &
	    (x - 1))) ? 4 : 3;
}

static int
board_value(const struct qttt_solver *sv, const unsigned char *board,
    const uint16_t *marks)
{
	return board_value_by(sv, board, marks, 0);
}

static int
board_value_any(const struct qttt_solver *sv, const unsigned char *board,
    const uint16_t *marks)
{
	return board_value_by(sv, board, marks, 1);
}

static inline __attribute__((always_inline)) void
score(const struct qttt_solver *sv, struct node *n, int any)
{
	int	 v = any ? board_value_any(sv, n->board, n->marks) :
		    board_value(sv, n->board, n->marks);

	if (v != NOT_OVER) {
		n->over = 1;
		n->value = v;
	}
}

/* Move m lands on square s. */
static void
land(struct node *n, int m, int s)
{
	n->where[m][0] = n->where[m][1] = s;
	n->board[s] = m;
	n->marks[QTTT_MOVER(m)] |= BIT(s);
}

/*
 * Rule 8: the pending move takes square s and its component collapses.
 */
static inline __attribute__((always_inline)) void
collapse(const struct qttt_solver *sv, struct node *n, int s, int any)
{
	unsigned char	 queue[QTTT_NSQUARES];
	unsigned int	 done, moves, comp;
	int		 head = 0, tail = 0, m = n->pending, k, t;

	comp = n->comp[s];
	done = BIT(m);
	land(n, m, s);
	queue[tail++] = s;
	while (head < tail) {
		s = queue[head++];
		moves = n->spooky[s] & ~done;
		for (; moves != 0; moves &= moves - 1) {
			k = __builtin_ctz(moves);
			done |= BIT(k);
			t = n->where[k][0] == s ? n->where[k][1] :
			    n->where[k][0];
			land(n, k, t);
			queue[tail++] = t;
		}
	}
	for (; comp != 0; comp &= comp - 1) {
		s = __builtin_ctz(comp);
		n->spooky[s] = 0;
		n->comp[s] = 0;
	}
	n->pending = 0;
	score(sv, n, any);
}

/* Rule 2 and 5: move next goes on squares a and b. */
static inline __attribute__((always_inline)) void
place(struct node *n, int a, int b)
{
	unsigned int	 c;
	int		 m = n->next, k;

	n->where[m][0] = a;
	n->where[m][1] = b;
	n->spooky[a] |= BIT(m);
	n->spooky[b] |= BIT(m);
	n->next++;
	if (n->comp[a] & BIT(b)) {
		n->pending = m;
		return;
	}
	c = n->comp[a] | n->comp[b];
	for (k = c; k != 0; k &= k - 1)
		n->comp[__builtin_ctz(k)] = c;
}

/* Rule 3: the forced X9 on the last open square s. */
static inline __attribute__((always_inline)) void
force(const struct qttt_solver *sv, struct node *n, int s, int any)
{
	int	 m = n->next;

	n->where[m][0] = n->where[m][1] = s;
	n->board[s] = m;
	n->marks[QTTT_MOVER(m)] |= BIT(s);
	n->comp[s] = 0;
	n->next++;
	score(sv, n, any);
}

/*
 * Before X9 (the last move, not pending, not over), with n squares
 * open, the n - 1 spooky moves are one tree on them (eight moves made,
 * one square filled by each classical one): X9 in any two open squares
 * a and b closes a cycle through it, and O, who measures, picks X9 in
 * a or X9 in b.  With X9 in a, the collapse roots the tree at a,
 * whatever b is (formats/counting.md, section 4.5): each open square r
 * gives one final board and its value S(r), and X, who picks the
 * pair, gets the second largest.
 *
 * The boards of the roots are walked from one to the next across an
 * edge of the tree: rooted at c rather than its neighbour p, only the
 * edge between them moves (from c to p) and X9 moves from p to c.
 */
struct roots {
	unsigned char	 board[QTTT_NSQUARES];
	uint16_t	 marks[2];
	int		 first, second;	/* the two largest S so far */
	int		 enough;	/* a second largest this high will do */
};

/*
 * The tree below p (reached by move in) lands away from p: each move
 * on the square farther from p, found square by square from p (the
 * other end of move m from square s is where[m][0] ^ where[m][1] ^ s).
 */
static void
root_tree(const struct node *n, struct roots *r, int p, int in)
{
	unsigned char	 sq[QTTT_NSQUARES], via[QTTT_NSQUARES];
	unsigned int	 moves, x = 0, o = 0;
	int		 top = 0, m, c;

	sq[top] = p;
	via[top++] = in;
	while (top > 0) {
		top--;
		p = sq[top];
		for (moves = n->spooky[p] & ~BIT(via[top]); moves != 0;
		    moves &= moves - 1) {
			m = __builtin_ctz(moves);
			c = n->where[m][0] ^ n->where[m][1] ^ p;
			r->board[c] = m;
			if (QTTT_MOVER(m) == QTTT_X)
				x |= BIT(c);
			else
				o |= BIT(c);
			sq[top] = c;
			via[top++] = m;
		}
	}
	r->marks[QTTT_X] |= x;
	r->marks[QTTT_O] |= o;
}

/*
 * The root of a landed tree moves from square p to its neighbour c
 * across the edge of move m: m lands on p, and the last move, which
 * stood on p, on c.  The same call with p and c swapped undoes it.
 */
static void
shift_root(struct roots *r, int p, int c, int m, int last)
{
	int	 who = QTTT_MOVER(m), lp = QTTT_MOVER(last);

	r->board[p] = m;
	r->board[c] = last;
	r->marks[lp] &= ~BIT(p);
	r->marks[who] |= BIT(p);
	r->marks[who] &= ~BIT(c);
	r->marks[lp] |= BIT(c);
}

/* S of every root in the tree below p (X9 in p, reached by move in). */
static void
walk_roots(const struct qttt_solver *sv, const struct node *n,
    struct roots *r, int p, int in)
{
	unsigned int	 moves;
	int		 m, c, v;

	v = board_value(sv, r->board, r->marks);
	if (v > r->first) {
		r->second = r->first;
		r->first = v;
	} else if (v > r->second)
		r->second = v;
	for (moves = n->spooky[p] & ~BIT(in); moves != 0 &&
	    r->second < r->enough; moves &= moves - 1) {
		m = __builtin_ctz(moves);
		c = n->where[m][0] ^ n->where[m][1] ^ p;
		shift_root(r, p, c, m, QTTT_MAXMOVES);
		walk_roots(sv, n, r, c, m);
		shift_root(r, c, p, m, QTTT_MAXMOVES);
	}
}

/*
 * The value of a position before X9, or (fail-soft) a bound of it at
 * least beta.  With one square open, X9 is forced there (rule 3).
 */
static int
last_move(const struct qttt_solver *sv, const struct node *n, int beta)
{
	struct roots	 r;
	unsigned int	 open;
	int		 s;

	open = ALLSQUARES & ~(n->marks[QTTT_X] | n->marks[QTTT_O]);
	s = __builtin_ctz(open);
	memcpy(r.board, n->board, sizeof(r.board));
	r.marks[QTTT_X] = n->marks[QTTT_X] | BIT(s);
	r.marks[QTTT_O] = n->marks[QTTT_O];
	r.board[s] = QTTT_MAXMOVES;
	if ((open & (open - 1)) == 0)
		return board_value(sv, r.board, r.marks);
	root_tree(n, &r, s, 0);
	r.first = r.second = VALUE_MIN - 1;
	r.enough = beta;
	walk_roots(sv, n, &r, s, 0);
	return r.second;
}

/* Move m lands on square u, and the tree of u lands away from it. */
static void
root_at(const struct node *n, struct roots *r, int m, int u)
{
	r->board[u] = m;
	r->marks[QTTT_MOVER(m)] |= BIT(u);
	root_tree(n, r, u, 0);
}

static void
board_of(const struct node *n, struct roots *r)
{
	memcpy(r->board, n->board, sizeof(r->board));
	r->marks[QTTT_X] = n->marks[QTTT_X];
	r->marks[QTTT_O] = n->marks[QTTT_O];
}

/*
 * Before O8 (not pending, not over), the n - 2 spooky moves on the n
 * open squares are two trees A and B (seven moves made), and the value
 * comes from the boards of the last two moves (formats/counting.md,
 * section 4.5), with no search:
 *
 * - O8 in two squares u and w of A closes a cycle; X, who measures,
 *   picks O8 in u or in w, and O8 in u roots A at u.  With G(u) the
 *   value then (the board's, if a line ends the game, else what X9
 *   makes of B: forced if B is one square, else the second largest of
 *   its roots), X gets the larger of G(u) and G(w), so O's best pair
 *   in A is worth the second smallest G.  The same for B.
 * - O8 in u of A and w of B joins the trees; X9 then roots the one
 *   tree at some r, O8 lands away from r: rooted at r in A, A is
 *   rooted at r and B at w, whatever u is.  So the pair is worth the
 *   second largest of the values of A's roots with B rooted at w and
 *   of B's roots with A rooted at u.
 *
 * O takes the least.
 *
 * Every search of the solver is a null window (MTD(f), and the
 * comparisons of QTTT_SOLVE_BEST), so the value before O8 is tested:
 * whether it is at least beta (returns beta) or not (beta - 1).
 * Then only which boards reach beta matters: O's pair in a tree is
 * below it if two squares u have G(u) below it, and a pair across if
 * fewer than two of its roots reach it.
 *
 * O8's square is walked over the roots of its tree as walk_roots()
 * walks X9's, one edge at a time, with the other tree landed once for
 * X9 at its first square s (its marks kept apart in other[], so that
 * a board without them ignores its squares).
 */
struct eighth {
	const struct qttt_solver *sv;
	const struct node *n;
	struct roots	 r;
	uint16_t	 other[2];
	int		 s, beta;
	int		 across;	/* which count, as below */
	int		 low;		/* in a tree: G(u) below beta */
	int		 least;		/* across: the fewest roots reaching it */
};

/* The board of e with O8 on p: whether the count is decided. */
static int
eighth_visit(struct eighth *e)
{
	struct roots	*r = &e->r;
	uint16_t	 x = r->marks[QTTT_X], o = r->marks[QTTT_O];
	int		 g = NOT_OVER, k;

	if (!e->across)
		g = board_value(e->sv, r->board, r->marks);
	if (g == NOT_OVER) {
		r->marks[QTTT_X] |= e->other[QTTT_X];
		r->marks[QTTT_O] |= e->other[QTTT_O];
		r->first = r->second = VALUE_MIN - 1;
		r->enough = e->beta;
		walk_roots(e->sv, e->n, r, e->s, 0);
		r->marks[QTTT_X] = x;
		r->marks[QTTT_O] = o;
		g = r->second >= VALUE_MIN ? r->second : r->first;
	}
	if (e->across) {
		k = (r->first >= e->beta) + (r->second >= e->beta);
		if (k < e->least)
			e->least = k;
		return e->least == 0;
	}
	return g < e->beta && ++e->low == 2;
}

/* O8 on p (reached by move in) and on the roots below. */
static int
eighth_walk(struct eighth *e, int p, int in)
{
	const struct node *n = e->n;
	struct roots	*r = &e->r;
	unsigned int	 moves;
	int		 m, c;

	if (eighth_visit(e))
		return 1;
	for (moves = n->spooky[p] & ~BIT(in); moves != 0;
	    moves &= moves - 1) {
		m = __builtin_ctz(moves);
		c = n->where[m][0] ^ n->where[m][1] ^ p;
		shift_root(r, p, c, m, QTTT_MAXMOVES - 1);
		if (eighth_walk(e, c, m))
			return 1;
		shift_root(r, c, p, m, QTTT_MAXMOVES - 1);
	}
	return 0;
}

/*
 * Walks O8 over the roots of tree t8, X9 rooting tree t9 (across) or
 * the other tree (not across); returns whether the count was decided.
 */
static int
eighth_count(struct eighth *e, unsigned int t8, unsigned int t9)
{
	uint16_t	 x, o;

	board_of(e->n, &e->r);
	x = e->r.marks[QTTT_X];
	o = e->r.marks[QTTT_O];
	e->s = __builtin_ctz(t9);
	root_at(e->n, &e->r, QTTT_MAXMOVES, e->s);
	e->other[QTTT_X] = e->r.marks[QTTT_X] & ~x;
	e->other[QTTT_O] = e->r.marks[QTTT_O] & ~o;
	e->r.marks[QTTT_X] = x;
	e->r.marks[QTTT_O] = o;
	root_at(e->n, &e->r, QTTT_MAXMOVES - 1, __builtin_ctz(t8));
	return eighth_walk(e, __builtin_ctz(t8), 0);
}

static int
eighth_test(const struct qttt_solver *sv, const struct node *n, int beta)
{
	struct eighth	 e;
	unsigned int	 open, tree[2];
	int		 t, least = 0;

	open = ALLSQUARES & ~(n->marks[QTTT_X] | n->marks[QTTT_O]);
	tree[0] = n->comp[__builtin_ctz(open)];
	tree[1] = open & ~tree[0];
	e.sv = sv;
	e.n = n;
	e.beta = beta;
	e.across = 0;
	for (t = 0; t < 2; t++) {
		if ((tree[t] & (tree[t] - 1)) == 0)
			continue;
		e.low = 0;
		if (eighth_count(&e, tree[t], tree[!t]))
			return beta - 1;
	}
	/* Across: how many of tree t's roots reach beta (two will do),
	 * the other tree rooted at w; the least over w. */
	e.across = 1;
	for (t = 0; t < 2; t++) {
		e.least = 2;
		eighth_count(&e, tree[!t], tree[t]);
		least += e.least;
	}
	return least < 2 ? beta - 1 : beta;
}

/*
 * The last two moves under a profile other than Goff's values: the
 * same boards of the roots, but which pairs a move may take and who
 * measures change what the player who picks the pair can force (X for
 * X9, O for O8; formats/solver.md, "Profiles").  That player wants an
 * outcome in a set of the open squares of a tree: the roots whose
 * board reaches beta (X), or stays below it (O).  When the other
 * player measures, the set must hold both squares of a legal pair;
 * when the chooser measures (measurer=closer), one square of one.
 * Under two-cycles=no with more than two squares open, the squares of
 * a spooky move are no legal pair: two squares of the set must not be
 * neighbours in the tree (O8 on u and w, when X9 follows it, is an
 * edge too), and a square is in no legal pair if it neighbours every
 * other square of the tree.  With one square, X9 is forced there.
 */
static int
can_force(const struct qttt_solver *sv, const struct node *n,
    unsigned int tree, unsigned int set, int u, int w, int nopen)
{
	int	 k = sv->popcount[tree], a, b, deg;
	int	 refused = (sv->rules & QTTT_RULES_NO_2CYCLES) && nopen > 2;

	if (k == 1 || (!refused && (sv->rules & QTTT_RULES_CLOSER)))
		return set != 0;
	if (!refused)
		return sv->popcount[set] >= 2;
	if (sv->rules & QTTT_RULES_CLOSER) {
		for (; set != 0; set &= set - 1) {
			a = __builtin_ctz(set);
			deg = __builtin_popcount(n->spooky[a]) + (a == u) +
			    (a == w);
			if (deg < k - 1)
				return 1;
		}
		return 0;
	}
	/* Three squares of a tree are never all neighbours. */
	if (sv->popcount[set] != 2)
		return sv->popcount[set] > 2;
	a = __builtin_ctz(set);
	b = __builtin_ctz(set & (set - 1));
	return (n->spooky[a] & n->spooky[b]) == 0 &&
	    !((a == u && b == w) || (a == w && b == u));
}

/*
 * The roots of the tree below p (X9 in p, reached by move in) whose
 * board reaches r->enough, into *set; three are enough for any test.
 */
static void
high_roots(const struct qttt_solver *sv, const struct node *n,
    struct roots *r, int p, int in, unsigned int *set)
{
	unsigned int	 moves;
	int		 m, c;

	if (board_value_any(sv, r->board, r->marks) >= r->enough)
		*set |= BIT(p);
	for (moves = n->spooky[p] & ~BIT(in); moves != 0 &&
	    sv->popcount[*set] < 3; moves &= moves - 1) {
		m = __builtin_ctz(moves);
		c = n->where[m][0] ^ n->where[m][1] ^ p;
		shift_root(r, p, c, m, QTTT_MAXMOVES);
		high_roots(sv, n, r, c, m, set);
		shift_root(r, c, p, m, QTTT_MAXMOVES);
	}
}

/* The squares of tree (not landed in board) whose root reaches beta. */
static unsigned int
x9_high(const struct qttt_solver *sv, const struct node *n,
    const struct roots *board, unsigned int tree, int beta)
{
	struct roots	 r = *board;
	unsigned int	 set = 0;
	int		 s = __builtin_ctz(tree);

	root_at(n, &r, QTTT_MAXMOVES, s);
	r.enough = beta;
	high_roots(sv, n, &r, s, 0, &set);
	return set;
}

/* Before X9: whether the value reaches beta (beta), or not (beta - 1). */
static int
last_move_any(const struct qttt_solver *sv, const struct node *n, int beta)
{
	struct roots	 r;
	unsigned int	 open;

	open = ALLSQUARES & ~(n->marks[QTTT_X] | n->marks[QTTT_O]);
	board_of(n, &r);
	return can_force(sv, n, open, x9_high(sv, n, &r, open, beta), -1, -1,
	    sv->popcount[open]) ? beta : beta - 1;
}

/* O8 landed on u in r: whether X then reaches beta. */
static int
eighth_reaches(const struct qttt_solver *sv, const struct node *n,
    const struct roots *r, unsigned int other, int beta)
{
	int	 v = board_value_any(sv, r->board, r->marks);

	if (v != NOT_OVER)
		return v >= beta;
	return can_force(sv, n, other, x9_high(sv, n, r, other, beta), -1,
	    -1, sv->popcount[other]);
}

/*
 * The squares u of tree t whose collapse with O8 on u, and the other
 * tree's X9 after it (high: what X reaches then; across: the squares
 * of the other tree rooted at u, O8 there, on which X9 reaches beta).
 */
static unsigned int
eighth_set(const struct qttt_solver *sv, const struct node *n,
    unsigned int t, unsigned int other, int beta, uint16_t *across)
{
	struct roots	 r;
	unsigned int	 set = 0, u;

	for (u = t; u != 0; u &= u - 1) {
		board_of(n, &r);
		root_at(n, &r, QTTT_MAXMOVES - 1, __builtin_ctz(u));
		if (across != NULL)
			across[__builtin_ctz(u)] = x9_high(sv, n, &r, other,
			    beta);
		else if (!eighth_reaches(sv, n, &r, other, beta))
			set |= u & -u;
	}
	return set;
}

/*
 * Before O8: whether the value reaches beta.  O8 in two squares of a
 * tree (a cycle: the other tree's X9 follows unless the collapse ends
 * the game), or in one square of each (X9 then roots the joined tree:
 * in A with B rooted at w, O8's square there, or in B with A rooted at
 * u).  O wins below beta if some legal pair keeps it there.
 */
static int
eighth_test_any(const struct qttt_solver *sv, const struct node *n, int beta)
{
	uint16_t	 high[2][QTTT_NSQUARES];
	unsigned int	 open, tree[2], u, w;
	int		 t, nopen;

	open = ALLSQUARES & ~(n->marks[QTTT_X] | n->marks[QTTT_O]);
	nopen = sv->popcount[open];
	tree[0] = n->comp[__builtin_ctz(open)];
	tree[1] = open & ~tree[0];
	for (t = 0; t < 2; t++)
		if ((tree[t] & (tree[t] - 1)) != 0 && can_force(sv, n, tree[t],
		    eighth_set(sv, n, tree[t], tree[!t], beta, NULL), -1, -1,
		    nopen))
			return beta - 1;
	/* high[t][s]: tree t rooted at s, O8 there; the other's roots. */
	for (t = 0; t < 2; t++)
		eighth_set(sv, n, tree[t], tree[!t], beta, high[t]);
	for (u = tree[0]; u != 0; u &= u - 1)
		for (w = tree[1]; w != 0; w &= w - 1)
			if (!can_force(sv, n, open, high[0][__builtin_ctz(u)] |
			    high[1][__builtin_ctz(w)], __builtin_ctz(u),
			    __builtin_ctz(w), nopen))
				return beta - 1;
	return beta;
}

/* The search's position of an engine's state (which must be legal). */
static void
node_from_state(const struct qttt_state *st,
    struct node *n)
{
	unsigned int	 c;
	int		 m, s, a, b, k, changed;

	memset(n, 0, sizeof(*n));
	n->next = st->next;
	n->pending = st->pending;
	n->over = st->result.over;
	n->value = (int)st->result.score[QTTT_X] - st->result.score[QTTT_O];
	for (s = 0; s < QTTT_NSQUARES; s++) {
		n->board[s] = st->board[s];
		if (st->board[s] != 0)
			n->marks[QTTT_MOVER(st->board[s])] |= BIT(s);
		else
			n->comp[s] = BIT(s);
	}
	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		a = st->where[m][0];
		b = st->where[m][1];
		n->where[m][0] = a;
		n->where[m][1] = b;
		if (m >= st->next || a == QTTT_NOSQUARE)
			continue;
		if (a == b)
			continue;
		n->spooky[a] |= BIT(m);
		n->spooky[b] |= BIT(m);
	}
	/* The components: join the two squares of every spooky move. */
	do {
		changed = 0;
		for (m = 1; m < st->next; m++) {
			a = n->where[m][0];
			b = n->where[m][1];
			if (a == b || n->comp[a] == n->comp[b])
				continue;
			c = n->comp[a] | n->comp[b];
			for (k = c; k != 0; k &= k - 1)
				n->comp[__builtin_ctz(k)] = c;
			changed = 1;
		}
	} while (changed);
}

/* ------------------------------------------------------------------ */
/* The search                                                           */
/* ------------------------------------------------------------------ */

static int
same_key(const struct reduced_key *a, const struct reduced_key *b)
{
	return a->hi == b->hi && a->lo == b->lo;
}

static struct entry *
bucket_of(const struct qttt_solver *sv, const struct reduced_key *k)
{
	uint64_t	 h = k->hi * UINT64_C(0x9e3779b97f4a7c15) ^ k->lo;

	h ^= h >> 29;
	h *= UINT64_C(0xbf58476d1ce4e5b9);
	h ^= h >> 32;
	return sv->table + BUCKET * ((size_t)h & (sv->nbuckets - 1));
}

static struct entry *
probe(struct qttt_solver *sv, const struct reduced_key *key)
{
	struct entry	*b;
	int		 i;

	if (sv->nbuckets == 0)
		return NULL;
	b = bucket_of(sv, key);
	for (i = 0; i < BUCKET; i++)
		if (same_key(&b[i].key, key))
			return &b[i];
	return NULL;
}

static void
store(struct qttt_solver *sv, const struct reduced_key *key, int next, int lo,
    int hi, int best)
{
	struct entry	*b, *e;
	int		 i;

	if (sv->nbuckets == 0)
		return;
	b = bucket_of(sv, key);
	e = NULL;
	for (i = 0; i < BUCKET && e == NULL; i++)
		if (same_key(&b[i].key, key))
			e = &b[i];
	for (i = 0; i < BUCKET && e == NULL; i++)
		if (b[i].key.hi == 0)
			e = &b[i];
	if (e == NULL) {
		/* The entry that saves the least work makes room. */
		e = &b[0];
		for (i = 1; i < BUCKET; i++)
			if (b[i].next > e->next)
				e = &b[i];
	}
	e->key = *key;
	e->lo = lo;
	e->hi = hi;
	e->best = best;
	e->next = next;
}

/* Every placement of every move unranked: in the order of their codes. */
static void
ranks_init(struct qttt_solver *sv)
{
	int	 m, k;

	memset(sv->history, 0, sizeof(sv->history));
	for (m = 0; m <= QTTT_MAXMOVES; m++)
		for (k = 0; k < NPAIRS; k++) {
			sv->ranked[m][k] = CODE_PAIR0 + k;
			sv->rank[m][CODE_PAIR0 + k] = k;
		}
}

/*
 * A placement of move m that cut off: it is tried earlier from now on,
 * the more so the earlier the move (a cut-off there saves more), and
 * moves up its list past those that cut off less.  The counts of a
 * move are halved before they could overflow, which keeps the list
 * sorted.
 */
static void
reward(struct qttt_solver *sv, int m, int code)
{
	uint32_t	*h = sv->history[m];
	unsigned char	*list = sv->ranked[m];
	int		 c, k;

	h[code] += 1u << (2 * (10 - m));
	if (h[code] >= UINT32_C(1) << 31)
		for (c = 0; c < NCODES; c++)
			h[c] >>= 1;
	for (k = sv->rank[m][code]; k > 0 && h[list[k - 1]] < h[code]; k--) {
		list[k] = list[k - 1];
		sv->rank[m][list[k]] = k;
	}
	list[k] = code;
	sv->rank[m][code] = k;
}

/*
 * Under two-cycles=no with more than two squares open, the pairs of a
 * spooky move are no placements: out without them.
 */
static int
drop_two_cycles(const struct qttt_solver *sv, const struct node *n,
    unsigned char *out, int nc)
{
	int	 k, kept = 0;

	for (k = 0; k < nc; k++)
		if ((n->spooky[sv->codesq[out[k]][0]] &
		    n->spooky[sv->codesq[out[k]][1]]) == 0)
			out[kept++] = out[k];
	return kept;
}

/*
 * The placements of a position (not pending, two squares open at
 * least), most often cut off first: its move's list, with the pairs
 * that are not open left out.  Returns the count.
 */
static inline __attribute__((always_inline)) int
placements(const struct qttt_solver *sv, const struct node *n,
    unsigned int open, unsigned char *out, int any)
{
	const unsigned char *list = sv->ranked[n->next];
	int		 nc = 0, k, code;

	for (k = 0; k < NPAIRS; k++) {
		code = list[k];
		if ((sv->pairmask[code] & ~open) == 0)
			out[nc++] = code;
	}
	if (any && (sv->rules & QTTT_RULES_NO_2CYCLES) &&
	    sv->popcount[open] > 2)
		nc = drop_two_cycles(sv, n, out, nc);
	return nc;
}

/*
 * The children of a position that is not over, as codes: the pairs of
 * open squares, the last open square (the forced X9), or the squares of
 * the pending move.  Returns the count.
 */
static inline __attribute__((always_inline)) int
children(const struct qttt_solver *sv, const struct node *n,
    unsigned char *out, int any)
{
	unsigned int	 open;

	if (n->pending != 0) {
		out[0] = CODE_SQUARE(n->where[n->pending][0]);
		out[1] = CODE_SQUARE(n->where[n->pending][1]);
		return 2;
	}
	open = ALLSQUARES & ~(n->marks[QTTT_X] | n->marks[QTTT_O]);
	if ((open & (open - 1)) == 0) {
		out[0] = CODE_SQUARE(__builtin_ctz(open));
		return 1;
	}
	return placements(sv, n, open, out, any);
}

/* The child of n by code. */
static inline __attribute__((always_inline)) void
child(const struct qttt_solver *sv, const struct node *n, int code,
    struct node *c, int any)
{
	*c = *n;
	if (n->pending != 0)
		collapse(sv, c, sv->codesq[code][0], any);
	else if (code < CODE_PAIR0)
		force(sv, c, sv->codesq[code][0], any);
	else
		place(c, sv->codesq[code][0], sv->codesq[code][1]);
}

/*
 * Bounds on the value of a position not over, from the lines each
 * player can still complete: a line holding no classical mark of the
 * other player, with room for the player's marks still to land (moves
 * not made or still spooky).  With no line left to either, the game
 * can only end 0-0; with none left to X, X can score nothing; with none
 * left to O, O can score nothing; with fewer than two left to X, X
 * cannot score more than 1.
 */
static inline __attribute__((always_inline)) void
bounds(const struct qttt_solver *sv, const struct node *n, int *lo,
    int *hi)
{
	unsigned int	 can[2];
	int		 left, p;

	for (p = 0; p < 2; p++) {
		/* Lines free of the other's marks, holding at least
		 * 3 - left of p's. */
		left = (p == QTTT_X ? 5 : 4) - sv->popcount[n->marks[p]];
		can[p] = (unsigned int)~sv->touched[n->marks[!p]] &
		    (left >= 3 ? 0xffu : sv->holds[3 - left][n->marks[p]]);
	}
	*lo = can[QTTT_O] != 0 ? VALUE_MIN : 0;
	*hi = can[QTTT_X] == 0 ? 0 : (can[QTTT_X] & (can[QTTT_X] - 1)) == 0 ?
	    2 : VALUE_MAX;
}

/*
 * The value of a position in the book of early positions (solve_book.c:
 * every position with at most BOOK_MOVES moves made, by its
 * reduced key, sorted), or VALUE_MIN - 1 if it is not there.
 */
static int
book_find(const struct reduced_key *key)
{
	size_t		 lo = 0, hi = qttt__analysis_book_size, mid;
	uint64_t	 k;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		k = qttt__analysis_book[mid][0] & ~BOOK_VALUE;
		if (k == key->hi && qttt__analysis_book[mid][1] == key->lo)
			return (int)((qttt__analysis_book[mid][0] &
			    BOOK_VALUE) >> BOOK_SHIFT) + VALUE_MIN;
		if (k < key->hi || (k == key->hi &&
		    qttt__analysis_book[mid][1] < key->lo))
			lo = mid + 1;
		else
			hi = mid;
	}
	return VALUE_MIN - 1;
}

/*
 * The value of n (not over) if it lies strictly between alpha and
 * beta; otherwise a bound on the far side of the window (fail-soft).
 * Every window is a null one (beta = alpha + 1), which the last two
 * moves' tests rely on.  X maximises, O minimises; after a measurement
 * the measurer moves, who is the mover of move next (but for
 * measurer=closer).  Made twice, as search_goff() and search_any(), so
 * that Goff's rules, the common case, never look at the profile.
 */
static int	search_goff(struct qttt_solver *, const struct node *, int,
		    int);
static int	over_limit(struct qttt_solver *);
static int	search_any(struct qttt_solver *, const struct node *, int,
		    int);

static inline __attribute__((always_inline)) int
search_by(struct qttt_solver *sv, const struct node *n, int alpha, int beta,
    int any)
{
	unsigned char	 codes[QTTT_MAXACTIONS];
	struct node	 c;
	struct entry	*e;
	struct reduced_key key;
	int		 sym, nc, i, v, best, bestcode = 0, lo, hi, ttcode;
	int		 maxing = (QTTT_MOVER(n->next) == QTTT_X) != (any &&
			    n->pending != 0 && (sv->rules & QTTT_RULES_CLOSER));
	int		 alpha0 = alpha, beta0 = beta;

	/* A query stopped unwinds at once, and stores nothing. */
	if (++sv->nodes >= sv->check && over_limit(sv))
		return alpha;
	if (n->pending == 0 && n->next >= QTTT_MAXMOVES - 1)
		return !any ? (n->next == QTTT_MAXMOVES ? last_move(sv, n,
		    beta) : eighth_test(sv, n, beta)) : n->next ==
		    QTTT_MAXMOVES ? last_move_any(sv, n, beta) :
		    eighth_test_any(sv, n, beta);
	bounds(sv, n, &lo, &hi);
	if (lo == hi || hi <= alpha)
		return hi;
	if (lo >= beta)
		return lo;
	ttcode = 0;
	e = NULL;
	sym = 0;
	if (n->next < TABLE_BELOW && (sv->nbuckets != 0 ||
	    (sv->book && n->next <= sv->bookmoves + 1))) {
		sym = qttt__analysis_reduced_key(n->board, n->where, n->next,
		    n->pending, 0, &key);
		if (any)
			key.lo |= sv->rules;
		if (sv->book && n->next <= sv->bookmoves + 1 &&
		    (v = book_find(&key)) >= VALUE_MIN)
			return v;
		e = probe(sv, &key);
	}
	if (e != NULL) {
		if (e->lo >= beta)
			return e->lo;
		if (e->hi <= alpha)
			return e->hi;
		if (e->lo == e->hi)
			return e->lo;
		if (e->lo > alpha)
			alpha = e->lo;
		if (e->hi < beta)
			beta = e->hi;
		ttcode = sv->symcode[sv->inverse[sym]][e->best];
	}
	nc = children(sv, n, codes, any);
	if (ttcode != 0)
		for (i = 1; i < nc; i++)
			if (codes[i] == ttcode) {
				codes[i] = codes[0];
				codes[0] = ttcode;
				break;
			}
	best = maxing ? VALUE_MIN - 1 : VALUE_MAX + 1;
	for (i = 0; i < nc; i++) {
		child(sv, n, codes[i], &c, any);
		v = c.over ? c.value : any ? search_any(sv, &c, alpha, beta) :
		    search_goff(sv, &c, alpha, beta);
		if (sv->stopped)
			return alpha0;
		if (maxing ? v > best : v < best) {
			best = v;
			bestcode = codes[i];
		}
		if (maxing && best > alpha)
			alpha = best;
		if (!maxing && best < beta)
			beta = best;
		if (alpha >= beta) {
			if (n->pending == 0)
				reward(sv, n->next, codes[i]);
			break;
		}
	}
	lo = VALUE_MIN;
	hi = VALUE_MAX;
	if (best > alpha0 && best < beta0)
		lo = hi = best;
	else if (best <= alpha0)
		hi = best;
	else
		lo = best;
	if (e != NULL && same_key(&e->key, &key)) {
		/* Keep what the entry already knew. */
		if (e->lo > lo)
			lo = e->lo;
		if (e->hi < hi)
			hi = e->hi;
	}
	if (n->next < TABLE_BELOW && sv->nbuckets != 0)
		store(sv, &key, n->next, lo, hi, sv->symcode[sym][bestcode]);
	return best;
}

static int
search_goff(struct qttt_solver *sv, const struct node *n, int alpha, int beta)
{
	return search_by(sv, n, alpha, beta, 0);
}

static int
search_any(struct qttt_solver *sv, const struct node *n, int alpha, int beta)
{
	return search_by(sv, n, alpha, beta, 1);
}

static int
search(struct qttt_solver *sv, const struct node *n, int alpha, int beta)
{
	return sv->rules != QTTT_RULES_GOFF ? search_any(sv, n, alpha, beta) :
	    search_goff(sv, n, alpha, beta);
}

/* Whether the query is over its limit: it stops, and stays stopped. */
static int
over_limit(struct qttt_solver *sv)
{
	if (sv->stopped)
		return 1;
	if ((sv->limit != 0 && sv->nodes >= sv->limit) ||
	    (sv->stop != NULL && sv->stop(sv->stoparg))) {
		sv->stopped = 1;
		sv->check = 0;
		return 1;
	}
	sv->check = sv->stop != NULL ? sv->nodes + QTTT_SOLVER_POLL :
	    sv->limit != 0 ? sv->limit : ~0ULL;
	if (sv->limit != 0 && sv->check > sv->limit)
		sv->check = sv->limit;
	return 0;
}

/* A query starts: its budget counts from here. */
static void
start_query(struct qttt_solver *sv)
{
	sv->stopped = 0;
	sv->limit = sv->budget != 0 ? sv->nodes + sv->budget : 0;
	sv->check = sv->limit != 0 || sv->stop != NULL ? sv->nodes : ~0ULL;
}

/*
 * The exact value of a position not over, by null-window searches
 * (MTD(f)): each proves the value above or below a guess, and the
 * table keeps what each learnt for the next.
 */
static int
value_from(struct qttt_solver *sv, const struct node *n, int lo, int hi,
    int g)
{
	int	 v;

	while (lo < hi) {
		if (g <= lo)
			g = lo + 1;
		if (g > hi)
			g = hi;
		/* Is the value at least g? */
		v = search(sv, n, g - 1, g);
		if (v >= g)
			lo = v;
		else
			hi = v;
		g = v;
	}
	return lo;
}

static int
value_of(struct qttt_solver *sv, const struct node *n)
{
	return value_from(sv, n, VALUE_MIN, VALUE_MAX, 0);
}

/*
 * The value of n (a node of any kind) compared with v, for the mover
 * of its parent: -1 if it is worse for the mover (below v for X),
 * 0 if it is v, 1 if better, with *bound a bound of it beyond v then.
 * First a null window on the side of worse, which most actions are,
 * then one on the side of better.
 */
static int
compare(struct qttt_solver *sv, const struct node *n, int v, int maxing,
    int *bound)
{
	int	 w;

	if (n->over) {
		*bound = n->value;
		w = maxing ? n->value - v : v - n->value;
		return (w > 0) - (w < 0);
	}
	if (maxing) {
		if ((w = search(sv, n, v - 1, v)) < v)
			return -1;
		if (v == VALUE_MAX || (w = search(sv, n, v, v + 1)) <= v)
			return 0;
	} else {
		if ((w = search(sv, n, v, v + 1)) > v)
			return -1;
		if (v == VALUE_MIN || (w = search(sv, n, v - 1, v)) >= v)
			return 0;
	}
	*bound = w;
	return 1;
}

/* Whether n's value is v, which it cannot exceed (or, for a minimising
 * mover of its parent, cannot go below): one null window. */
static int
reaches(struct qttt_solver *sv, const struct node *n, int v, int maxing)
{
	if (n->over)
		return n->value == v;
	return maxing ? search(sv, n, v - 1, v) >= v :
	    search(sv, n, v, v + 1) <= v;
}

/* ------------------------------------------------------------------ */
/* The interface                                                        */
/* ------------------------------------------------------------------ */

/*
 * The part of a profile that values depend on.  A value is X's score
 * minus O's: draw=1/2 (a draw scores 1/2-1/2, not 0-0) changes none,
 * and simultaneous=tie (both players' lines 1/2-1/2) gives what
 * simultaneous=draw (0-0) does.
 */
unsigned int
qttt__analysis_value_rules(unsigned int rules)
{
	rules &= ~(unsigned int)QTTT_RULES_DRAW_HALF;
	if ((rules & QTTT_RULES_SIMULTANEOUS) == QTTT_RULES_SIMUL_TIE)
		rules = (rules & ~(unsigned int)QTTT_RULES_SIMULTANEOUS) |
		    QTTT_RULES_SIMUL_DRAW;
	return rules;
}

int
qttt__analysis_book_moves(unsigned int value_rules)
{
	unsigned int	 r;
	size_t		 i;

	if (value_rules == QTTT_RULES_GOFF)
		return BOOK_MOVES;
	for (i = 0; qttt_rules_preset(i, &r) != NULL; i++)
		if (qttt__analysis_value_rules(r) == value_rules)
			return BOOK_MOVES_PRESET;
	return -1;
}

/* The searches that follow are by profile rules (a valid one). */
static void
set_rules(struct qttt_solver *sv, unsigned int rules)
{
	unsigned int	 set;

	sv->rules = qttt__analysis_value_rules(rules);
	for (set = 0; set <= ALLSQUARES; set++)
		sv->ends[set] = set == ALLSQUARES ||
		    ((sv->rules & QTTT_RULES_LAST_DRAW) &&
		    sv->popcount[set] == QTTT_NSQUARES - 1);
	sv->bookmoves = qttt__analysis_book_moves(sv->rules);
}

static void
use_rules(struct qttt_solver *sv, unsigned int rules)
{
	if (qttt__analysis_value_rules(rules) != sv->rules)
		set_rules(sv, rules);
}

struct qttt_solver *
qttt_solver_new(size_t table_bytes)
{
	struct qttt_solver *sv;
	size_t		 nb = 1;

	if ((sv = calloc(1, sizeof(*sv))) == NULL)
		return NULL;
	tables_init(sv);
	ranks_init(sv);
	/* Goff's profile is 0, and its search needs no more. */
	sv->book = 1;
	sv->bookmoves = BOOK_MOVES;
	if (table_bytes >= BUCKET * sizeof(struct entry)) {
		while (nb <= table_bytes / (2 * BUCKET * sizeof(struct entry)))
			nb *= 2;
		/* Written through now, so that the memory it takes does
		 * not grow as the table fills. */
		if ((sv->table = malloc(nb * BUCKET *
		    sizeof(struct entry))) == NULL) {
			free(sv);
			return NULL;
		}
		memset(sv->table, 0, nb * BUCKET * sizeof(struct entry));
		sv->nbuckets = nb;
	}
	return sv;
}

void
qttt_solver_free(struct qttt_solver *sv)
{
	if (sv == NULL)
		return;
	free(sv->table);
	free(sv);
}

void
qttt_solver_clear(struct qttt_solver *sv)
{
	if (sv->nbuckets != 0)
		memset(sv->table, 0, sv->nbuckets * BUCKET *
		    sizeof(struct entry));
	ranks_init(sv);
	sv->nodes = 0;
}

void
qttt_solver_use_book(struct qttt_solver *sv, int use)
{
	sv->book = use != 0;
}

void
qttt__analysis_solver_key(const struct qttt_solver *sv,
    const struct qttt_state *st, struct reduced_key *key)
{
	(void)sv;
	qttt__analysis_reduced_key(st->board, st->where, st->next,
	    st->pending, 0, key);
	key->lo |= qttt__analysis_value_rules(st->rules);
}

int
qttt__analysis_book_value(const struct qttt_solver *sv,
    const struct qttt_state *st)
{
	struct reduced_key key;

	qttt__analysis_solver_key(sv, st, &key);
	return book_find(&key);
}

unsigned long long
qttt_solver_nodes(const struct qttt_solver *sv)
{
	return sv->nodes;
}

enum qttt_code
qttt_solver_value(struct qttt_solver *sv, const struct qttt_state *st,
    int *value, struct qttt_diag *d)
{
	struct node	 n;
	enum qttt_code	 code;

	if ((code = qttt_state_check(st, d)) != QTTT_OK)
		return code;
	use_rules(sv, st->rules);
	node_from_state(st, &n);
	start_query(sv);
	*value = n.over ? n.value : value_of(sv, &n);
	return QTTT_OK;
}

void
qttt_solver_limit(struct qttt_solver *sv, unsigned long long nodes,
    int (*stop)(void *), void *arg)
{
	sv->budget = nodes;
	sv->stop = stop;
	sv->stoparg = arg;
}

int
qttt_solver_stopped(const struct qttt_solver *sv)
{
	return sv->stopped;
}

enum qttt_code
qttt_solver_analyze(struct qttt_solver *sv, const struct qttt_state *st,
    unsigned int flags, struct qttt_analysis *an, struct qttt_diag *d)
{
	struct qttt_state cur, next;
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct node	 c;
	enum qttt_code	 code;
	size_t		 i, n, k;
	int		 v, cmp, maxing;

	if ((code = qttt_state_check(st, d)) != QTTT_OK)
		return code;
	use_rules(sv, st->rules);
	start_query(sv);
	memset(an, 0, sizeof(*an));
	an->nactions = qttt_state_actions(st, an->actions);
	maxing = qttt_state_turn(st) == QTTT_X;
	if (an->nactions == 0)
		an->value = (int)st->result.score[QTTT_X] -
		    st->result.score[QTTT_O];
	for (i = 0; i < an->nactions; i++) {
		next = *st;
		qttt_state_apply(&next, &an->actions[i], NULL);
		node_from_state(&next, &c);
		if (i == 0 || !(flags & QTTT_SOLVE_BEST))
			v = c.over ? c.value : value_from(sv, &c, VALUE_MIN,
			    VALUE_MAX, i == 0 ? 0 : an->value);
		else if ((cmp = compare(sv, &c, an->value, maxing, &v)) == 0)
			v = an->value;
		else if (cmp < 0)
			v = QTTT_NOVALUE;
		else if (!c.over)
			/* Better than the best so far, by at least its
			 * bound v: its exact value.  (A game over has it.) */
			v = value_from(sv, &c, maxing ? v : VALUE_MIN,
			    maxing ? VALUE_MAX : v, v);
		if (sv->stopped) {
			/* The actions valued before it keep their values:
			 * the best of them is the best found. */
			for (; i < an->nactions; i++)
				an->values[i] = QTTT_NOVALUE;
			if (an->nactions > 0 && an->values[0] == QTTT_NOVALUE)
				an->value = QTTT_NOVALUE;
			break;
		}
		an->values[i] = v;
		if (v != QTTT_NOVALUE && (i == 0 ||
		    (maxing ? v > an->value : v < an->value)))
			an->value = v;
	}
	for (i = 0; i < an->nactions && an->value != QTTT_NOVALUE; i++)
		if (an->values[i] == an->value)
			an->best[an->nbest++] = i;
		else if (flags & QTTT_SOLVE_BEST)
			an->values[i] = QTTT_NOVALUE;

	/*
	 * The principal variation: from each position, the first action
	 * (in qttt_state_actions order) that keeps the value; at the
	 * root, the first of the best.  Every position on it has the
	 * value, which none of its children passes: whether a child keeps
	 * it takes one null window.
	 */
	cur = *st;
	for (k = 0; (flags & QTTT_SOLVE_PV) && !sv->stopped &&
	    (n = qttt_state_actions(&cur, acts)) > 0; k++) {
		maxing = qttt_state_turn(&cur) == QTTT_X;
		for (i = 0; i < n; i++) {
			if (k == 0 && i != an->best[0])
				continue;
			next = cur;
			qttt_state_apply(&next, &acts[i], NULL);
			if (k == 0)
				break;
			node_from_state(&next, &c);
			if (reaches(sv, &c, an->value, maxing))
				break;
		}
		if (i == n)
			break;	/* not reached: some action keeps the value */
		an->pv[an->npv++] = acts[i];
		cur = next;
	}
	return QTTT_OK;
}

/*
 * Along a line of play each position is valued within the bound its
 * parent's value sets: no action takes the mover beyond it (X's
 * children are worth at most their parent, O's at least).  The search
 * starts at the parent's value, which the action kept if it was no
 * mistake: then one null window proves it.
 */
enum qttt_code
qttt__analysis_solver_line(struct qttt_solver *sv, const struct qttt_state *st,
    const struct qttt_action *plies, size_t n, int *values,
    struct qttt_diag *d)
{
	struct qttt_state cur;
	struct node	 c;
	enum qttt_code	 code;
	size_t		 i;
	int		 v, maxing;

	if ((code = qttt_solver_value(sv, st, &values[0], d)) != QTTT_OK)
		return code;
	cur = *st;
	for (i = 0; i < n; i++) {
		v = values[i];
		maxing = qttt_state_turn(&cur) == QTTT_X;
		if ((code = qttt_state_apply(&cur, &plies[i], d)) != QTTT_OK)
			return code;
		node_from_state(&cur, &c);
		values[i + 1] = c.over ? c.value : value_from(sv, &c,
		    maxing ? VALUE_MIN : v, maxing ? v : VALUE_MAX, v);
	}
	return QTTT_OK;
}

/*
 * A value 0 is a draw, 0-0 or 1/2-1/2 under draw=1/2; under
 * simultaneous=tie it may also be a tie (1/2-1/2), which the value
 * does not tell apart: the draw is given.
 */
int
qttt_solver_result(unsigned int rules, int value, struct qttt_result *r)
{
	static const unsigned char scores[][2] = {
		{ 0, 2 }, { 1, 2 }, { 0, 0 }, { 2, 1 }, { 2, 0 }, { 3, 0 },
		{ 4, 0 }
	};
	struct qttt_result res;

	if (value < VALUE_MIN || value > VALUE_MAX)
		return -1;
	res.over = 1;
	res.score[QTTT_X] = scores[value - VALUE_MIN][0];
	res.score[QTTT_O] = scores[value - VALUE_MIN][1];
	if (value == 0 && (rules & QTTT_RULES_DRAW_HALF))
		res.score[QTTT_X] = res.score[QTTT_O] = 1;
	if (!qttt_rules_result_possible(rules, &res))
		return -1;
	*r = res;
	return 0;
}
