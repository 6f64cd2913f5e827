/*
 * Exact counting below a position (formats/counting.md): perft, its
 * per-action breakdown, and the complete games by result and length.
 *
 * Both counts walk the game tree with the rules engine and remember
 * what they found under a reduced key of each position: the position
 * without the move numbers that cannot decide a result (all but 7, 8
 * and 9), without the owners of classical marks that are in no line
 * anyone can still complete, and without which move closed a pending
 * cycle, taken in the least of its eight symmetric images.  The last
 * two moves are counted at once from the shape of the spooky
 * moves.  formats/counting.md proves that two positions with the same
 * key have the same counts; the table holds whole keys, so a hit is
 * never a guess.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "analysis/analysis.h"

#define BIT(s)		(1u << (s))

/* ------------------------------------------------------------------ */
/* Progress                                                             */
/* ------------------------------------------------------------------ */

/*
 * A walk's progress (struct qttt_progress): each action of a position
 * is an equal share of the position's, and a position whose share is
 * at least PROGRESS_GRAIN of the whole tells the caller as each of
 * its actions is walked: about a call per thousandth of the tree, the
 * first two or three moves down.  A share of 0 is not told.
 */
#define PROGRESS_GRAIN	(1.0 / 1024)

struct walk {
	const struct qttt_progress *p;
	double		 done;		/* the share walked, as told */
};

/* The share of each of the n actions of a position of share share. */
static double
walk_share(double share, size_t n)
{
	return share / (double)n >= PROGRESS_GRAIN ? share / (double)n : 0;
}

/*
 * Tells the caller that the share done is walked, if it grew; 1 is
 * told at the end alone (walk_end()), since the shares, added in
 * floating point, may reach it or pass it a little before.
 */
static void
walk_told(struct walk *w, double done)
{
	if (done <= w->done || done >= 1)
		return;
	w->done = done;
	w->p->fn(w->p->arg, done);
}

/* The share of the whole tree: 1 with progress to tell, else 0. */
static double
walk_start(struct walk *w, const struct qttt_progress *p)
{
	w->p = p != NULL && p->fn != NULL ? p : NULL;
	w->done = 0;
	return w->p != NULL ? 1 : 0;
}

/* The end of a walk: all of it walked. */
static void
walk_end(struct walk *w)
{
	if (w->p == NULL)
		return;
	w->done = 1;
	w->p->fn(w->p->arg, 1);
}

/* ------------------------------------------------------------------ */
/* Results and lengths                                                  */
/* ------------------------------------------------------------------ */

/*
 * The (result, length) pairs a game can end with under a profile: no
 * line before move 5 (X needs three marks), none of O's before move 6,
 * two lines of X (five marks) and a full board only at move 9; a draw
 * at move 8 under last-square=draw, and lines of both players from
 * move 6 on, which simultaneous=tie and =draw score as a tie or a
 * draw.  A table entry keeps one counter for each, by result, then
 * length.  Goff's profile has 20: 1-0 at moves 5 to 9, 0-1, 1-1/2
 * and 1/2-1 at 6 to 9, 3/2-0, 2-0 and 0-0 at 9.
 */
#define NSLOTS	27

static int
slot_possible(unsigned int rules, int result, int length)
{
	struct qttt_result r;
	int		 simul;

	qttt_result_nth(result, &r);
	if (!qttt_rules_result_possible(rules, &r))
		return 0;
	if (result <= 3)
		return length >= 5 + (result > 0);
	if (result <= 5)
		return length == 9;
	/* A draw (6, or 7 under draw=1/2) or a tie (7). */
	simul = (rules & QTTT_RULES_SIMULTANEOUS) == QTTT_RULES_SIMUL_TIE ||
	    ((rules & QTTT_RULES_SIMUL_DRAW) &&
	    (result == 7) == ((rules & QTTT_RULES_DRAW_HALF) != 0));
	return length == 9 || (length >= 6 && simul) ||
	    (length == 8 && (rules & QTTT_RULES_LAST_DRAW) &&
	    (result == 7) == ((rules & QTTT_RULES_DRAW_HALF) != 0));
}

/* The mask of the squares of line i. */
static unsigned int
line_mask(int i)
{
	return BIT(qttt__engine_lines[i][0]) | BIT(qttt__engine_lines[i][1]) |
	    BIT(qttt__engine_lines[i][2]);
}

/* The key of a position: the least encoding of its eight images. */
static void
position_key(const struct qttt_state *st, unsigned int depth,
    struct reduced_key *k)
{
	qttt__analysis_reduced_key(st->board, st->where, st->next,
	    st->pending, depth, k);
}

/* ------------------------------------------------------------------ */
/* The table                                                            */
/* ------------------------------------------------------------------ */

/*
 * A bounded hash table of whole keys, four entries to a bucket.  A new
 * entry replaces an empty one, or else the one nearest the end of the
 * game (the cheapest to count again).  Entries hold nvalues counters.
 */
#define WAYS	4

struct table {
	unsigned char	*mem;
	size_t		 nbuckets;	/* a power of two */
	size_t		 entry;		/* bytes per entry */
	size_t		 nvalues;
	uint64_t	 hits, stores;
	struct walk	*walk;		/* perft's progress */
};

struct entry_head {
	/* hi == 0: empty (next is never 0) */
	struct reduced_key	 key;
};

static int
table_open(struct table *t, size_t memory, size_t nvalues)
{
	size_t	 bucket;

	memset(t, 0, sizeof(*t));
	t->nvalues = nvalues;
	t->entry = sizeof(struct entry_head) + nvalues * sizeof(uint64_t);
	bucket = WAYS * t->entry;
	t->nbuckets = 1;
	while (t->nbuckets * 2 * bucket <= memory)
		t->nbuckets *= 2;
	if (memory < bucket) {
		t->nbuckets = 0;	/* no table: count everything */
		return 0;
	}
	if ((t->mem = calloc(t->nbuckets, bucket)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

static void
table_close(struct table *t)
{
	free(t->mem);
	t->mem = NULL;
}

static size_t
bucket_of(const struct table *t, const struct reduced_key *k)
{
	uint64_t	 h = k->hi * UINT64_C(0x9e3779b97f4a7c15) ^ k->lo;

	h ^= h >> 29;
	h *= UINT64_C(0xbf58476d1ce4e5b9);
	h ^= h >> 32;
	return (size_t)h & (t->nbuckets - 1);
}

static unsigned char *
slot(const struct table *t, size_t bucket, int way)
{
	return t->mem + (bucket * WAYS + way) * t->entry;
}

/* The values stored under k, or NULL. */
static const uint64_t *
table_find(struct table *t, const struct reduced_key *k)
{
	struct entry_head h;
	unsigned char	*e;
	size_t		 b;
	int		 w;

	if (t->nbuckets == 0)
		return NULL;
	b = bucket_of(t, k);
	for (w = 0; w < WAYS; w++) {
		e = slot(t, b, w);
		memcpy(&h, e, sizeof(h));
		if (h.key.hi == k->hi && h.key.lo == k->lo) {
			t->hits++;
			return (const uint64_t *)(e + sizeof(h));
		}
	}
	return NULL;
}

/* The next move of a key, which orders the entries for replacement. */
#define KEY_NEXT(k)	(((k)->hi >> 27) & 15)

static void
table_store(struct table *t, const struct reduced_key *k,
    const uint64_t *values)
{
	struct entry_head h;
	unsigned char	*e, *victim = NULL;
	size_t		 b;
	int		 w, worst = -1;

	if (t->nbuckets == 0)
		return;
	b = bucket_of(t, k);
	for (w = 0; w < WAYS; w++) {
		e = slot(t, b, w);
		memcpy(&h, e, sizeof(h));
		if (h.key.hi == 0) {
			victim = e;
			break;
		}
		if ((int)KEY_NEXT(&h.key) > worst) {
			worst = KEY_NEXT(&h.key);
			victim = e;
		}
	}
	h.key = *k;
	memcpy(victim, &h, sizeof(h));
	memcpy(victim + sizeof(h), values, t->nvalues * sizeof(uint64_t));
	t->stores++;
}

/* ------------------------------------------------------------------ */
/* Perft                                                                */
/* ------------------------------------------------------------------ */

/*
 * The histories of one move from a position with a move due: one for
 * each placement that closes no cycle and for the forced last move, two
 * for each placement that closes one (its two measurements).  A
 * placement closes a cycle when its squares are already joined by
 * spooky moves, so the count comes from the sizes of the groups of
 * joined open squares alone (and the spooky moves, which two-cycles=no
 * forbids to place on again).
 */
static uint64_t
perft_one(const struct qttt_state *st)
{
	unsigned char	 group[QTTT_NSQUARES];
	unsigned int	 size[QTTT_NSQUARES];
	uint64_t	 n = 0, total;
	int		 s, m, from, to;

	for (s = 0; s < QTTT_NSQUARES; s++) {
		group[s] = s;
		size[s] = 0;
	}
	for (m = 1; m < st->next; m++) {
		if (st->where[m][0] == st->where[m][1])
			continue;
		from = group[st->where[m][0]];
		to = group[st->where[m][1]];
		for (s = 0; s < QTTT_NSQUARES; s++)
			if (group[s] == from)
				group[s] = to;
	}
	for (s = 0; s < QTTT_NSQUARES; s++)
		if (st->board[s] == 0) {
			size[group[s]]++;
			n++;
		}
	if (n == 1)
		return 1;
	total = n * (n - 1) / 2;
	for (s = 0; s < QTTT_NSQUARES; s++)
		if (size[s] > 1)
			total += (uint64_t)size[s] * (size[s] - 1) / 2;
	/* two-cycles=no: the pair of each spooky move, which would have
	 * closed a cycle (two histories), is refused. */
	if ((st->rules & QTTT_RULES_NO_2CYCLES) && n > 2)
		for (m = 1; m < st->next; m++)
			total -= 2 * (st->where[m][0] != st->where[m][1]);
	return total;
}

static uint64_t	perft_walk(struct table *, const struct qttt_state *,
		    unsigned int depth);
static uint64_t	perft_told(struct table *, const struct qttt_state *,
		    unsigned int depth, double share);

/*
 * Perft below st, a share share of the whole walk (walk_share()): made
 * twice, for the walk that tells no progress (share 0, which the
 * compiler takes out of it) and for the first moves of one that does.
 */
static inline uint64_t __attribute__((always_inline))
perft_node(struct table *t, const struct qttt_state *st, unsigned int depth,
    double share)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state child;
	const uint64_t	*found;
	struct reduced_key	 k;
	uint64_t	 total = 0;
	size_t		 n, i;
	double		 start = share > 0 ? t->walk->done : 0, part;

	if (st->result.over)
		return depth == 0;
	/* A pending measurement ends the move before it: no depth. */
	if (depth == 0 && st->pending == 0)
		return 1;
	if (depth == 1 && st->pending == 0)
		return perft_one(st);
	position_key(st, depth, &k);
	if ((found = table_find(t, &k)) != NULL)
		return *found;
	n = qttt_state_actions(st, acts);
	part = share > 0 ? walk_share(share, n) : 0;
	for (i = 0; i < n; i++) {
		child = *st;
		qttt_state_apply(&child, &acts[i], NULL);
		total += part > 0 ? perft_told(t, &child, st->pending != 0 ?
		    depth : depth - 1, part) : perft_walk(t, &child,
		    st->pending != 0 ? depth : depth - 1);
		if (share > 0)
			walk_told(t->walk, start + share * (double)(i + 1) /
			    (double)n);
	}
	table_store(t, &k, &total);
	return total;
}

static uint64_t
perft_walk(struct table *t, const struct qttt_state *st, unsigned int depth)
{
	return perft_node(t, st, depth, 0);
}

/* Out of line, as games_told() is. */
static uint64_t __attribute__((noinline))
perft_told(struct table *t, const struct qttt_state *st, unsigned int depth,
    double share)
{
	return perft_node(t, st, depth, share);
}

/*
 * Room for perft's table, a key and a count per entry: from 256 KiB at
 * depth 3 to 64 MiB from depth 7 on, since a shallow count has few
 * positions to remember and a big table costs its pages; never more
 * than memory, when it is not 0.
 */
static size_t
perft_memory(unsigned int depth, size_t memory)
{
	size_t	 room = (size_t)4 << (10 + 2 * (depth < 7 ? depth : 7));

	return memory != 0 && memory < room ? memory : room;
}

int
qttt_perft_divide_progress(const struct qttt_state *st, unsigned int depth,
    size_t memory, struct qttt_divide out[QTTT_MAXACTIONS], size_t *nout,
    const struct qttt_progress *p, struct qttt_diag *d)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state child;
	struct table	 t;
	struct walk	 w;
	size_t		 n, i;
	double		 share = walk_start(&w, p);

	*nout = 0;
	if (qttt_state_check(st, d) != QTTT_OK)
		return -1;
	if (depth > QTTT_MAXMOVES)
		depth = QTTT_MAXMOVES;
	if (table_open(&t, perft_memory(depth, memory), 1) == -1)
		return -2;
	t.walk = &w;
	/* With a move due and no depth left there is no action to list. */
	n = depth == 0 && st->pending == 0 ? 0 : qttt_state_actions(st, acts);
	for (i = 0; i < n; i++) {
		child = *st;
		qttt_state_apply(&child, &acts[i], NULL);
		out[i].action = acts[i];
		out[i].count = perft_told(&t, &child,
		    st->pending != 0 ? depth : depth - 1,
		    share > 0 ? walk_share(share, n) : 0);
		if (share > 0)
			walk_told(&w, (double)(i + 1) / (double)n);
	}
	table_close(&t);
	walk_end(&w);
	*nout = n;
	return 0;
}

int
qttt_perft_divide(const struct qttt_state *st, unsigned int depth,
    size_t memory, struct qttt_divide out[QTTT_MAXACTIONS], size_t *nout,
    struct qttt_diag *d)
{
	return qttt_perft_divide_progress(st, depth, memory, out, nout, NULL,
	    d);
}

int
qttt_perft_progress(const struct qttt_state *st, unsigned int depth,
    size_t memory, uint64_t *count, const struct qttt_progress *p,
    struct qttt_diag *d)
{
	struct table	 t;
	struct walk	 w;
	double		 share = walk_start(&w, p);

	*count = 0;
	if (qttt_state_check(st, d) != QTTT_OK)
		return -1;
	if (depth > QTTT_MAXMOVES)
		depth = QTTT_MAXMOVES;
	if (table_open(&t, perft_memory(depth, memory), 1) == -1)
		return -2;
	t.walk = &w;
	*count = perft_told(&t, st, depth, share);
	table_close(&t);
	walk_end(&w);
	return 0;
}

int
qttt_perft(const struct qttt_state *st, unsigned int depth, size_t memory,
    uint64_t *count, struct qttt_diag *d)
{
	return qttt_perft_progress(st, depth, memory, count, NULL, d);
}

/* ------------------------------------------------------------------ */
/* Complete games                                                       */
/* ------------------------------------------------------------------ */

/*
 * The last two moves, counted at once (formats/counting.md, section
 * 4.5).  A collapse of a tree of spooky moves, with one more move
 * closing a cycle in it, leaves in the outcome that puts the closing
 * move in square r every other square of the tree with the move by
 * which it is first reached from r: the tree "rooted at r".  By lemma 1
 * of formats/counting.md a finished board's result needs only each
 * player's squares and where moves 7, 8 and 9 are, so a rooted tree is
 * kept as just that: the squares its X moves and its O moves land in
 * (r itself apart) and where move 7 and move 8 land, if in it.
 */
#define NOWHERE		0xff

struct rooted {
	unsigned short	 tree;		/* the squares of r's tree */
	unsigned short	 land[2];	/* [QTTT_X], [QTTT_O], but r */
	unsigned char	 at7, at8;	/* or NOWHERE */
};

/* A board as lemma 1 reads it, and the profile that scores it. */
struct scored {
	unsigned int	 marks[2];
	unsigned char	 at7, at8, at9;
	unsigned char	 rules;
};

struct orientation {
	unsigned int	 open;			/* open squares */
	struct scored	 base;			/* the classical marks */
	struct rooted	 root[QTTT_NSQUARES];	/* each open square's */
	unsigned char	 deg[QTTT_NSQUARES];	/* spooky moves there */
	int		 refuse;		/* two-cycles=no */
};

static void
orient(const struct qttt_state *st, struct orientation *o)
{
	unsigned int	 edges[QTTT_NSQUARES], left[QTTT_NSQUARES];
	unsigned char	 queue[QTTT_NSQUARES];
	struct rooted	*t;
	int		 head, tail, r, s, u, m;

	memset(edges, 0, sizeof(edges));
	memset(&o->base, 0, sizeof(o->base));
	o->base.at7 = o->base.at8 = o->base.at9 = NOWHERE;
	o->base.rules = st->rules;
	o->refuse = (st->rules & QTTT_RULES_NO_2CYCLES) != 0;
	o->open = 0;
	for (s = 0; s < QTTT_NSQUARES; s++) {
		m = st->board[s];
		if (m == 0) {
			o->open |= BIT(s);
			continue;
		}
		o->base.marks[QTTT_MOVER(m)] |= BIT(s);
		if (m == 7)
			o->base.at7 = s;
		else if (m == 8)
			o->base.at8 = s;
	}
	for (m = 1; m < st->next; m++)
		if (st->where[m][0] != st->where[m][1]) {
			edges[st->where[m][0]] |= BIT(m);
			edges[st->where[m][1]] |= BIT(m);
		}
	for (s = 0; s < QTTT_NSQUARES; s++)
		o->deg[s] = __builtin_popcount(edges[s]);
	for (r = 0; r < QTTT_NSQUARES; r++) {
		if (!(o->open & BIT(r)))
			continue;
		t = &o->root[r];
		memcpy(left, edges, sizeof(left));
		t->tree = BIT(r);
		t->land[QTTT_X] = t->land[QTTT_O] = 0;
		t->at7 = t->at8 = NOWHERE;
		head = tail = 0;
		queue[tail++] = r;
		while (head < tail) {
			s = queue[head++];
			for (; left[s] != 0; left[s] &= left[s] - 1) {
				m = __builtin_ctz(left[s]);
				u = st->where[m][0] == s ? st->where[m][1] :
				    st->where[m][0];
				left[u] &= ~BIT(m);
				t->tree |= BIT(u);
				t->land[QTTT_MOVER(m)] |= BIT(u);
				if (m == 7)
					t->at7 = u;
				else if (m == 8)
					t->at8 = u;
				queue[tail++] = u;
			}
		}
	}
}

/* Adds the tree rooted at x, with move mx (8 or 9) in x, to a board. */
static void
add_rooted(struct scored *b, const struct orientation *o, int x, int mx)
{
	const struct rooted *t = &o->root[x];

	b->marks[QTTT_X] |= t->land[QTTT_X];
	b->marks[QTTT_O] |= t->land[QTTT_O];
	b->marks[QTTT_MOVER(mx)] |= BIT(x);
	if (t->at7 != NOWHERE)
		b->at7 = t->at7;
	if (t->at8 != NOWHERE)
		b->at8 = t->at8;
	if (mx == 8)
		b->at8 = x;
	else
		b->at9 = x;
}

/* The time of a line of one player's by lemma 1: 5 to 9. */
static int
lemma_time(const struct scored *b, unsigned int line, int player)
{
	if (player == QTTT_O)
		return b->at8 != NOWHERE && (line & BIT(b->at8)) ? 8 : 6;
	if (b->at9 != NOWHERE && (line & BIT(b->at9)))
		return 9;
	return b->at7 != NOWHERE && (line & BIT(b->at7)) ? 7 : 5;
}

/* The result number of a draw, and of lines of both players. */
static int
drawn(const struct scored *b)
{
	return (b->rules & QTTT_RULES_DRAW_HALF) ? 7 : 6;
}

static int
simultaneous(const struct scored *b)
{
	return (b->rules & QTTT_RULES_SIMULTANEOUS) == QTTT_RULES_SIMUL_TIE ?
	    7 : drawn(b);
}

/*
 * The result number of a reachable board (rules 10 and 11, with the
 * times of lemma 1, and the profile's switches), or -1 while the game
 * goes on.
 */
static int
score(const struct scored *b)
{
	unsigned int	 lm, xline = 0, oline = 0;
	int		 i, nx = 0, no = 0, both9 = 1;

	for (i = 0; i < QTTT_NLINES; i++) {
		lm = line_mask(i);
		if ((b->marks[QTTT_X] & lm) == lm) {
			nx++;
			xline = lm;
			both9 &= b->at9 != NOWHERE && (lm & BIT(b->at9));
		} else if ((b->marks[QTTT_O] & lm) == lm) {
			no++;
			oline = lm;
		}
	}
	if (nx == 0 && no == 0) {
		nx = __builtin_popcount(b->marks[QTTT_X] | b->marks[QTTT_O]);
		return nx == QTTT_NSQUARES || (nx == QTTT_NSQUARES - 1 &&
		    (b->rules & QTTT_RULES_LAST_DRAW)) ? drawn(b) : -1;
	}
	if (no == 0 && nx > 1 && (b->rules & QTTT_RULES_DOUBLE))
		return (b->rules & QTTT_RULES_DOUBLE_2) ? 5 : 0;
	if (no == 0)
		return nx == 1 ? 0 : both9 ? 5 : 4;
	if (nx == 0)
		return 1;
	if ((b->rules & QTTT_RULES_SIMULTANEOUS) != 0 &&
	    (b->rules & QTTT_RULES_SIMULTANEOUS) != QTTT_RULES_SIMUL_FIRST)
		return simultaneous(b);
	/*
	 * One line each (X cannot have two then: too few squares): the
	 * earlier scores 1, the later 1/2 (simultaneous=first: 0).
	 */
	i = lemma_time(b, xline, QTTT_X) < lemma_time(b, oline, QTTT_O) ?
	    0 : 1;
	return (b->rules & QTTT_RULES_SIMULTANEOUS) != 0 ? i : i + 2;
}

/* The result of the classical marks with x's tree rooted at x (move mx
 * there) and, if y >= 0, y's at y (move my). */
static int
collapsed(const struct orientation *o, int x, int mx, int y, int my)
{
	struct scored	 b = o->base;

	add_rooted(&b, o, x, mx);
	if (y >= 0)
		add_rooted(&b, o, y, my);
	return score(&b);
}

/*
 * The legal pairs of a move in a tree of size squares that hold its
 * square x, with n squares open (size - 1 of them; 1 for the forced
 * X9 on the last square); under two-cycles=no with more than two
 * squares open, not those of x's spooky moves.
 */
static uint64_t
pairs_at(const struct orientation *o, int x, int size, int n)
{
	if (size == 1)
		return 1;
	return (uint64_t)(size - 1 - (o->refuse && n > 2 ? o->deg[x] : 0));
}

/*
 * Before X9 the spooky moves form one tree on the open squares (eight
 * moves were made: one square per classical move, and a forest of n -
 * 1 moves on the n others), so X9 in any two squares closes a cycle
 * through all of it, and the outcome that puts X9 in r leaves the tree
 * rooted at r: the 2 C(n, 2) histories end on n boards, n - 1
 * histories each.  With one square open, X9 is forced there.
 */
static void
last_move(const struct qttt_state *st, int slot[QTTT_NRESULTS]
    [QTTT_MAXMOVES + 1], uint64_t values[NSLOTS])
{
	struct orientation o;
	int		 n, x;

	orient(st, &o);
	n = __builtin_popcount(o.open);
	for (x = 0; x < QTTT_NSQUARES; x++)
		if (o.open & BIT(x))
			values[slot[collapsed(&o, x, 9, -1, 0)][9]] +=
			    pairs_at(&o, x, n, n);
}

/*
 * Before O8 the spooky moves form two trees, A and B, on the n open
 * squares (seven moves: a forest of n - 2 moves).  O8 from u in A to v
 * in B makes one tree, and X9 then roots it at any r, n - 1 times: at
 * r in A, A is rooted at r (X9 there) and B at v (O8 there), whatever
 * u is.  O8 on two squares of A closes a cycle, whose outcomes root A
 * at either square u (O8 there), |A| - 1 times for each u; if no line
 * is complete, X9 roots B at any r, |B| - 1 times (once, forced, if B
 * is one square).  And the same with A and B exchanged.
 */
static void
last_two_moves(const struct qttt_state *st, int slot[QTTT_NRESULTS]
    [QTTT_MAXMOVES + 1], uint64_t values[NSLOTS])
{
	struct orientation o;
	unsigned int	 tree[2];
	uint64_t	 k;
	int		 n, na, nb, side, x, y, r;

	orient(st, &o);
	n = __builtin_popcount(o.open);
	tree[0] = o.root[__builtin_ctz(o.open)].tree;
	tree[1] = o.open & ~tree[0];
	for (side = 0; side < 2; side++) {
		na = __builtin_popcount(tree[side]);
		nb = n - na;
		for (x = 0; x < QTTT_NSQUARES; x++) {
			if (!(tree[side] & BIT(x)))
				continue;
			/* O8 joins the trees at some u; X9 roots the whole
			 * at x, whose spooky moves have one more at u = x. */
			for (y = 0; y < QTTT_NSQUARES; y++)
				if (tree[!side] & BIT(y))
					values[slot[collapsed(&o, x, 9, y, 8)]
					    [9]] += na * pairs_at(&o, x, n, n) -
					    (o.refuse && n > 2);
			if (na < 2)
				continue;
			/* O8 closes a cycle in x's tree, O8 to x. */
			k = pairs_at(&o, x, na, n);
			if ((r = collapsed(&o, x, 8, -1, 0)) >= 0) {
				values[slot[r][8]] += k;
				continue;
			}
			for (y = 0; y < QTTT_NSQUARES; y++)
				if (tree[!side] & BIT(y))
					values[slot[collapsed(&o, x, 8, y, 9)]
					    [9]] += k * pairs_at(&o, y, nb, nb);
		}
	}
}

struct games_walk {
	struct table	 t;
	struct walk	 walk;
	uint64_t	 positions;	/* positions counted move by move */
	int		 slot[QTTT_NRESULTS][QTTT_MAXMOVES + 1];
	int		 nslots;	/* of the profile, slot_possible() */
	unsigned char	 result[NSLOTS], length[NSLOTS];
};

/*
 * The slots of a profile.  No state that passes the check ends outside
 * them (they need more marks than such a state has); the other pairs
 * map to slot 0 only to stay in range.
 */
static void
slots_init(struct games_walk *w, unsigned int rules)
{
	int	 r, l;

	w->nslots = 0;
	for (r = 0; r < QTTT_NRESULTS; r++)
		for (l = 0; l <= QTTT_MAXMOVES; l++) {
			w->slot[r][l] = 0;
			if (!slot_possible(rules, r, l))
				continue;
			w->result[w->nslots] = r;
			w->length[w->nslots] = l;
			w->slot[r][l] = w->nslots++;
		}
}

static void	games_walk(struct games_walk *, const struct qttt_state *,
		    uint64_t values[NSLOTS]);
static void	games_told(struct games_walk *, const struct qttt_state *,
		    uint64_t values[NSLOTS], double share);

/*
 * The games below st, a share share of the whole walk (walk_share()),
 * made twice as perft_node() is.
 */
static inline void __attribute__((always_inline))
games_node(struct games_walk *w, const struct qttt_state *st,
    uint64_t values[NSLOTS], double share)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state child;
	uint64_t	 below[NSLOTS];
	const uint64_t	*found;
	struct reduced_key	 k;
	size_t		 n, i;
	int		 j, remember;
	double		 start = share > 0 ? w->walk.done : 0, part;

	memset(values, 0, w->nslots * sizeof(values[0]));
	if (st->result.over) {
		values[w->slot[qttt_result_index(&st->result)]
		    [st->next - 1]] = 1;
		return;
	}
	if (st->next == 9 && st->pending == 0) {
		last_move(st, w->slot, values);
		return;
	}
	if (st->next == 8 && st->pending == 0) {
		last_two_moves(st, w->slot, values);
		return;
	}
	/*
	 * After move 7 only a pending measurement is left to walk, whose
	 * two outcomes are counted at once: cheaper than its key.
	 */
	remember = st->next <= 7;
	if (remember) {
		position_key(st, 0, &k);
		if ((found = table_find(&w->t, &k)) != NULL) {
			memcpy(values, found, w->nslots * sizeof(values[0]));
			return;
		}
	}
	w->positions++;
	n = qttt_state_actions(st, acts);
	part = share > 0 ? walk_share(share, n) : 0;
	for (i = 0; i < n; i++) {
		child = *st;
		qttt_state_apply(&child, &acts[i], NULL);
		if (part > 0)
			games_told(w, &child, below, part);
		else
			games_walk(w, &child, below);
		for (j = 0; j < w->nslots; j++)
			values[j] += below[j];
		if (share > 0)
			walk_told(&w->walk, start + share * (double)(i + 1) /
			    (double)n);
	}
	if (remember)
		table_store(&w->t, &k, values);
}

static void
games_walk(struct games_walk *w, const struct qttt_state *st,
    uint64_t values[NSLOTS])
{
	games_node(w, st, values, 0);
}

/* Out of line, so that the compiler inlines into games_walk() alone. */
static void __attribute__((noinline))
games_told(struct games_walk *w, const struct qttt_state *st,
    uint64_t values[NSLOTS], double share)
{
	games_node(w, st, values, share);
}

int
qttt_count_games_progress(const struct qttt_state *st, size_t memory,
    struct qttt_games *out, const struct qttt_progress *p,
    struct qttt_diag *d)
{
	struct games_walk *w;
	uint64_t	 values[NSLOTS];
	double		 share;
	int		 i;

	memset(out, 0, sizeof(*out));
	if (qttt_state_check(st, d) != QTTT_OK)
		return -1;
	if ((w = calloc(1, sizeof(*w))) == NULL)
		return -2;
	slots_init(w, st->rules);
	if (table_open(&w->t, memory == 0 ? QTTT_COUNT_MEMORY : memory,
	    w->nslots) == -1) {
		free(w);
		return -2;
	}
	share = walk_start(&w->walk, p);
	games_told(w, st, values, share);
	walk_end(&w->walk);
	for (i = 0; i < w->nslots; i++) {
		out->games[w->result[i]][w->length[i]] = values[i];
		out->total += values[i];
	}
	out->positions = w->positions;
	out->hits = w->t.hits;
	out->entries = w->t.nbuckets * WAYS;
	table_close(&w->t);
	free(w);
	return 0;
}

int
qttt_count_games(const struct qttt_state *st, size_t memory,
    struct qttt_games *out, struct qttt_diag *d)
{
	return qttt_count_games_progress(st, memory, out, NULL, d);
}
