/*
 * The perfect-play solver: the value of a position (X's score minus
 * O's, in half points, rule 11) when X maximises and O minimises, by a
 * full-depth alpha-beta search with a transposition table and a book
 * of early positions, both keyed by the position's reduced key
 * (qttt_reduced_key, formats/counting.md): positions with equal keys
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
 * Values do not depend on the table: an entry holds exact bounds of a
 * position identified by its whole reduced key (not a hash of it), so
 * a smaller table, another replacement or another history gives the
 * same answers, only slower.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "internal.h"

#define BIT(i)		(1u << (i))
#define ALLSQUARES	0x1ffu
#define NSYMS		QTTT_NSYMS
/* Codes of a move's place in a key: none, a square, a pair of squares. */
#define CODE_NONE	0
#define CODE_SQUARE(s)	(1 + (s))
#define CODE_PAIR0	10
#define NCODES		(CODE_PAIR0 + 36)
#define VALUE_MIN	(-2)
#define VALUE_MAX	4
#ifndef TABLE_BELOW
#define TABLE_BELOW 9
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
 * A table entry: the reduced key (internal.h; hi is 0 for an empty
 * slot), bounds of its value, the best child found, in the canonical orientation, as a key
 * code (a pair, or a square for a measurement and the forced X9), and
 * the number of the next move, which says how much work the entry
 * saves (fewer moves made, more work).
 */
struct entry {
	struct qttt_rkey key;
	signed char	 lo, hi;
	unsigned char	 best;
	unsigned char	 next;
	uint32_t	 pad;
};

struct qttt_solver {
	struct entry	*table;
	size_t		 nbuckets;	/* a power of two, or 0 */
	unsigned long long nodes;
	/* Move ordering: how often each placement of each move cut off. */
	uint32_t	 history[QTTT_MAXMOVES + 1][NCODES];
	unsigned char	 perm[NSYMS][QTTT_NSQUARES];
	unsigned char	 inverse[NSYMS];
	unsigned char	 symcode[NSYMS][NCODES];
	unsigned char	 paircode[QTTT_NSQUARES][QTTT_NSQUARES];
	unsigned char	 codesq[NCODES][2];	/* squares of a code */
	uint16_t	 linemask[QTTT_NLINES];
	unsigned char	 popcount[ALLSQUARES + 1];
	int		 usebook;
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
		sv->linemask[j] = BIT(qttt_lines[j][0]) |
		    BIT(qttt_lines[j][1]) | BIT(qttt_lines[j][2]);
}

/* ------------------------------------------------------------------ */
/* The search's own play (rules 2 to 11)                                */
/* ------------------------------------------------------------------ */

/* Rules 10 and 11, after a collapse: is the game over, and its value. */
static void
score(const struct qttt_solver *sv, struct node *n)
{
	int	 count[2] = { 0, 0 }, first[2] = { 10, 10 };
	int	 last[2] = { 0, 0 };
	int	 i, p, t, j;

	for (i = 0; i < QTTT_NLINES; i++) {
		if ((n->marks[QTTT_X] & sv->linemask[i]) == sv->linemask[i])
			p = QTTT_X;
		else if ((n->marks[QTTT_O] & sv->linemask[i]) ==
		    sv->linemask[i])
			p = QTTT_O;
		else
			continue;
		t = 0;
		for (j = 0; j < 3; j++)
			if (n->board[qttt_lines[i][j]] > t)
				t = n->board[qttt_lines[i][j]];
		count[p]++;
		if (t < first[p])
			first[p] = t;
		if (t > last[p])
			last[p] = t;
	}
	if (count[QTTT_X] == 0 && count[QTTT_O] == 0) {
		if ((n->marks[QTTT_X] | n->marks[QTTT_O]) == ALLSQUARES) {
			n->over = 1;
			n->value = 0;
		}
		return;
	}
	n->over = 1;
	if (count[QTTT_X] > 0 && count[QTTT_O] > 0)
		n->value = first[QTTT_X] < first[QTTT_O] ? 1 : -1;
	else if (count[QTTT_O] > 0)
		n->value = -2;
	else if (count[QTTT_X] == 1)
		n->value = 2;
	else
		n->value = first[QTTT_X] == last[QTTT_X] ? 4 : 3;
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
static void
collapse(const struct qttt_solver *sv, struct node *n, int s)
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
	score(sv, n);
}

/* Rule 2 and 5: move next goes on squares a and b. */
static void
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
static void
force(const struct qttt_solver *sv, struct node *n, int s)
{
	int	 m = n->next;

	n->where[m][0] = n->where[m][1] = s;
	n->board[s] = m;
	n->marks[QTTT_MOVER(m)] |= BIT(s);
	n->comp[s] = 0;
	n->next++;
	score(sv, n);
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
same_key(const struct qttt_rkey *a, const struct qttt_rkey *b)
{
	return a->hi == b->hi && a->lo == b->lo;
}

static struct entry *
bucket_of(const struct qttt_solver *sv, const struct qttt_rkey *k)
{
	uint64_t	 h = k->hi * UINT64_C(0x9e3779b97f4a7c15) ^ k->lo;

	h ^= h >> 29;
	h *= UINT64_C(0xbf58476d1ce4e5b9);
	h ^= h >> 32;
	return sv->table + BUCKET * ((size_t)h & (sv->nbuckets - 1));
}

static struct entry *
probe(struct qttt_solver *sv, const struct qttt_rkey *key)
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
store(struct qttt_solver *sv, const struct qttt_rkey *key, int next, int lo,
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

/*
 * The children of a position that is not over, as codes: the pairs of
 * open squares, the last open square (the forced X9), or the squares of
 * the pending move.  Returns the count.
 */
static int
children(const struct qttt_solver *sv, const struct node *n,
    unsigned char *out)
{
	unsigned int	 open, rest;
	int		 nc = 0, a, b;

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
	for (; open != 0; open &= open - 1) {
		a = __builtin_ctz(open);
		for (rest = open & (open - 1); rest != 0; rest &= rest - 1) {
			b = __builtin_ctz(rest);
			out[nc++] = sv->paircode[a][b];
		}
	}
	return nc;
}

/* The child of n by code. */
static void
child(const struct qttt_solver *sv, const struct node *n, int code,
    struct node *c)
{
	*c = *n;
	if (n->pending != 0)
		collapse(sv, c, sv->codesq[code][0]);
	else if (code < CODE_PAIR0)
		force(sv, c, sv->codesq[code][0]);
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
static void
bounds(const struct qttt_solver *sv, const struct node *n, int *lo,
    int *hi)
{
	int	 left[2], can[2] = { 0, 0 }, i, p, have;

	left[QTTT_X] = 5 - sv->popcount[n->marks[QTTT_X]];
	left[QTTT_O] = 4 - sv->popcount[n->marks[QTTT_O]];
	for (i = 0; i < QTTT_NLINES; i++)
		for (p = 0; p < 2; p++) {
			if (n->marks[!p] & sv->linemask[i])
				continue;
			have = sv->popcount[n->marks[p] & sv->linemask[i]];
			if (3 - have <= left[p])
				can[p]++;
		}
	*lo = can[QTTT_O] > 0 ? VALUE_MIN : 0;
	*hi = can[QTTT_X] == 0 ? 0 : can[QTTT_X] == 1 ? 2 : VALUE_MAX;
}

/*
 * The value of a position in the book of early positions (solve_book.c:
 * every position with at most QTTT_BOOK_MOVES moves made, by its
 * reduced key, sorted), or VALUE_MIN - 1 if it is not there.
 */
static int
book_find(const struct qttt_rkey *key)
{
	size_t		 lo = 0, hi = qttt_book_size, mid;
	uint64_t	 k;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		k = qttt_book[mid][0] & ~QTTT_BOOK_VALUE;
		if (k == key->hi && qttt_book[mid][1] == key->lo)
			return (int)((qttt_book[mid][0] & QTTT_BOOK_VALUE) >>
			    QTTT_BOOK_SHIFT) + VALUE_MIN;
		if (k < key->hi || (k == key->hi && qttt_book[mid][1] <
		    key->lo))
			lo = mid + 1;
		else
			hi = mid;
	}
	return VALUE_MIN - 1;
}

/*
 * A placement of move m that cut off: it is tried earlier from now on,
 * the more so the earlier the move (a cut-off there saves more).  The
 * counts of a move are halved before they could overflow.
 */
static void
reward(struct qttt_solver *sv, int m, int code)
{
	uint32_t	*h = sv->history[m];
	int		 c;

	h[code] += 1u << (2 * (10 - m));
	if (h[code] >= UINT32_C(1) << 31)
		for (c = 0; c < NCODES; c++)
			h[c] >>= 1;
}

/* Sorts placements of move m by how often they cut off, most first. */
static void
order(const struct qttt_solver *sv, int m, unsigned char *codes, int nc)
{
	const uint32_t	*h = sv->history[m];
	int		 i, j, c;

	for (i = 1; i < nc; i++) {
		c = codes[i];
		for (j = i; j > 0 && h[codes[j - 1]] < h[c]; j--)
			codes[j] = codes[j - 1];
		codes[j] = c;
	}
}

/*
 * The value of n (not over) if it lies strictly between alpha and
 * beta; otherwise a bound on the far side of the window (fail-soft).
 * X maximises, O minimises; after a measurement the measurer moves, so
 * the turn is always the mover of move next.
 */
static int
search(struct qttt_solver *sv, const struct node *n, int alpha, int beta)
{
	unsigned char	 codes[QTTT_MAXACTIONS];
	struct node	 c;
	struct entry	*e;
	struct qttt_rkey key;
	int		 sym, nc, i, v, best, bestcode = 0, lo, hi, ttcode;
	int		 maxing = QTTT_MOVER(n->next) == QTTT_X;
	int		 alpha0 = alpha, beta0 = beta;

	sv->nodes++;
	bounds(sv, n, &lo, &hi);
	if (lo == hi || hi <= alpha)
		return hi;
	if (lo >= beta)
		return lo;
	ttcode = 0;
	e = NULL;
	sym = 0;
	if (n->next < TABLE_BELOW && (sv->nbuckets != 0 ||
	    (sv->usebook && n->next <= QTTT_BOOK_MOVES + 1))) {
		sym = qttt_reduced_key(n->board, n->where, n->next,
		    n->pending, 0, &key);
		if (sv->usebook && n->next <= QTTT_BOOK_MOVES + 1 &&
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
	nc = children(sv, n, codes);
	if (n->pending == 0)
		order(sv, n->next, codes, nc);
	if (ttcode != 0)
		for (i = 1; i < nc; i++)
			if (codes[i] == ttcode) {
				codes[i] = codes[0];
				codes[0] = ttcode;
				break;
			}
	best = maxing ? VALUE_MIN - 1 : VALUE_MAX + 1;
	for (i = 0; i < nc; i++) {
		child(sv, n, codes[i], &c);
		v = c.over ? c.value : search(sv, &c, alpha, beta);
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

/*
 * The exact value of a position not over, by null-window searches
 * (MTD(f)): each proves the value above or below a guess, and the
 * table keeps what each learnt for the next.
 */
static int
value_of(struct qttt_solver *sv, const struct node *n)
{
	int	 lo = VALUE_MIN, hi = VALUE_MAX, g = 0, v;

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

/* ------------------------------------------------------------------ */
/* The interface                                                        */
/* ------------------------------------------------------------------ */

struct qttt_solver *
qttt_solver_new(size_t table_bytes)
{
	struct qttt_solver *sv;
	size_t		 nb = 1;

	if ((sv = calloc(1, sizeof(*sv))) == NULL)
		return NULL;
	tables_init(sv);
	sv->usebook = 1;
	if (table_bytes >= BUCKET * sizeof(struct entry)) {
		while (nb <= table_bytes / (2 * BUCKET * sizeof(struct entry)))
			nb *= 2;
		if ((sv->table = calloc(nb * BUCKET,
		    sizeof(struct entry))) == NULL) {
			free(sv);
			return NULL;
		}
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
	memset(sv->history, 0, sizeof(sv->history));
	sv->nodes = 0;
}

void
qttt_solver_use_book(struct qttt_solver *sv, int use)
{
	sv->usebook = use != 0;
}

void
qttt_solver_key(const struct qttt_solver *sv, const struct qttt_state *st,
    struct qttt_rkey *key)
{
	(void)sv;
	qttt_reduced_key(st->board, st->where, st->next, st->pending, 0,
	    key);
}

int
qttt_solver_book_value(const struct qttt_solver *sv,
    const struct qttt_state *st)
{
	struct qttt_rkey key;

	qttt_solver_key(sv, st, &key);
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
	node_from_state(st, &n);
	*value = n.over ? n.value : value_of(sv, &n);
	return QTTT_OK;
}

/* The value of a legal state (checked by the caller). */
static int
state_value(struct qttt_solver *sv, const struct qttt_state *st)
{
	struct node	 n;

	node_from_state(st, &n);
	return n.over ? n.value : value_of(sv, &n);
}

enum qttt_code
qttt_solver_analyze(struct qttt_solver *sv, const struct qttt_state *st,
    unsigned int flags, struct qttt_analysis *an, struct qttt_diag *d)
{
	struct qttt_state cur, next;
	struct qttt_action acts[QTTT_MAXACTIONS];
	enum qttt_code	 code;
	size_t		 i, n;
	int		 v;

	if ((code = qttt_state_check(st, d)) != QTTT_OK)
		return code;
	memset(an, 0, sizeof(*an));
	an->nactions = qttt_state_actions(st, an->actions);
	if (an->nactions == 0)
		an->value = (int)st->result.score[QTTT_X] -
		    st->result.score[QTTT_O];
	for (i = 0; i < an->nactions; i++) {
		next = *st;
		qttt_state_apply(&next, &an->actions[i], NULL);
		v = state_value(sv, &next);
		an->values[i] = v;
		if (i == 0 || (qttt_state_turn(st) == QTTT_X ? v > an->value :
		    v < an->value))
			an->value = v;
	}
	for (i = 0; i < an->nactions; i++)
		if (an->values[i] == an->value)
			an->best[an->nbest++] = i;

	/*
	 * The principal variation: from each position, the first action
	 * (in qttt_state_actions order) that keeps the value.
	 */
	cur = *st;
	while ((flags & QTTT_SOLVE_PV) &&
	    (n = qttt_state_actions(&cur, acts)) > 0) {
		for (i = 0; i < n; i++) {
			next = cur;
			qttt_state_apply(&next, &acts[i], NULL);
			if (state_value(sv, &next) == an->value)
				break;
		}
		if (i == n)
			break;	/* not reached: some action keeps the value */
		an->pv[an->npv++] = acts[i];
		cur = next;
	}
	return QTTT_OK;
}

int
qttt_solver_result(int value, struct qttt_result *r)
{
	static const unsigned char scores[][2] = {
		{ 0, 2 }, { 1, 2 }, { 0, 0 }, { 2, 1 }, { 2, 0 }, { 3, 0 },
		{ 4, 0 }
	};

	if (value < VALUE_MIN || value > VALUE_MAX)
		return -1;
	r->over = 1;
	r->score[QTTT_X] = scores[value - VALUE_MIN][0];
	r->score[QTTT_O] = scores[value - VALUE_MIN][1];
	return 0;
}
