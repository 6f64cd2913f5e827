/*
 * The reduced key of a position (formats/counting.md, section 4.4),
 * which exact counting (perft.c) and the solver's table and book
 * (solve.c, solve_book.c) share: the position without the move numbers
 * that cannot decide a result (all but 7, 8 and 9), without the owners
 * of classical marks that are in no line anyone can still complete,
 * and without which move closed a pending cycle, taken in the least of
 * its eight symmetric images.  Positions with equal keys have the same
 * counts (formats/counting.md) and the same value under perfect play
 * (formats/solver.md).
 */
#include <stdint.h>

#include "qttt.h"
#include "engine/engine.h"
#include "analysis/analysis.h"

#define BIT(s)		(1u << (s))

/* ------------------------------------------------------------------ */
/* Symmetries of the board                                              */
/* ------------------------------------------------------------------ */

/*
 * The eight symmetries of the square (the identity, three rotations,
 * four reflections) as permutations: square s goes to sym_perm[g][s].
 * They map lines to lines, which is all the rules see of the board.
 */
#define NSYMS	QTTT_NSYMS

/* Where symmetry g (0..NSYMS-1) takes square s. */
static inline int
sym_image(int g, int s)
{
	return qttt__engine_sym_perm[g][s];
}

/* ------------------------------------------------------------------ */
/* The reduced key                                                      */
/* ------------------------------------------------------------------ */

/*
 * What the key keeps of a mark, classical or spooky: its owner, and its
 * number only for moves 7, 8 and 9, the only numbers that can decide a
 * result (formats/counting.md, the lemma on times).
 */
enum mark_type {
	TYPE_X = 0, TYPE_O, TYPE_X7, TYPE_O8, TYPE_X9, NTYPES
};

static int
mark_type(int m)
{
	if (m >= 7)
		return TYPE_X7 + (m - 7);
	return QTTT_MOVER(m) == QTTT_X ? TYPE_X : TYPE_O;
}

/*
 * A square in the key: open, a classical mark in a line that can still
 * be completed (its type plus one), or a classical mark in no such line
 * (SQ_DEAD: only occupied).
 */
#define SQ_OPEN		0
#define SQ_DEAD		(NTYPES + 1)

/* The number of an unordered pair of squares, 0..35. */
static int
pair_code(int a, int b)
{
	int	 lo = a < b ? a : b, hi = a < b ? b : a;

	return lo * (17 - lo) / 2 + hi - lo - 1;
}

/*
 * A key (analysis/analysis.h, struct reduced_key): hi holds the squares (3 bits
 * each, 27 bits), next (4 bits), the pending flag, the extra field (4
 * bits: perft's depth) and the first three edge codes; lo the other
 * eight.  An edge code is pair * NTYPES + type + 1 (0 for no edge, at
 * most 180), eight bits; the codes are sorted, so the spooky moves are
 * a multiset.  At most 9 moves are spooky at once.
 */
#define KEY_EDGES	11

struct reduced {
	unsigned char	 sq[QTTT_NSQUARES];
	unsigned char	 a[QTTT_MAXMOVES], b[QTTT_MAXMOVES];
	unsigned char	 type[QTTT_MAXMOVES];
	int		 nedges;
	uint64_t	 fixed;		/* next, pending, extra */
};

/* The mask of the squares of line i. */
static unsigned int
line_mask(int i)
{
	return BIT(qttt__engine_lines[i][0]) | BIT(qttt__engine_lines[i][1]) |
	    BIT(qttt__engine_lines[i][2]);
}

static void
reduce(const unsigned char board[QTTT_NSQUARES],
    const unsigned char where[][2], int next, int pending,
    unsigned int extra, struct reduced *r)
{
	unsigned int	 marks[2] = { 0, 0 }, live = 0, lm;
	int		 s, m, i;

	for (s = 0; s < QTTT_NSQUARES; s++)
		if (board[s] != 0)
			marks[QTTT_MOVER(board[s])] |= BIT(s);
	/* A line is live until it holds classical marks of both players
	 * (formats/counting.md, section 4.2). */
	for (i = 0; i < QTTT_NLINES; i++) {
		lm = line_mask(i);
		if ((marks[QTTT_X] & lm) == 0 || (marks[QTTT_O] & lm) == 0)
			live |= lm;
	}
	for (s = 0; s < QTTT_NSQUARES; s++) {
		if (board[s] == 0)
			r->sq[s] = SQ_OPEN;
		else if (live & BIT(s))
			r->sq[s] = mark_type(board[s]) + 1;
		else
			r->sq[s] = SQ_DEAD;
	}
	r->nedges = 0;
	for (m = 1; m < next && m <= QTTT_MAXMOVES; m++) {
		if (where[m][0] == where[m][1])
			continue;	/* classical */
		r->a[r->nedges] = where[m][0];
		r->b[r->nedges] = where[m][1];
		r->type[r->nedges] = mark_type(m);
		r->nedges++;
	}
	r->fixed = (uint64_t)next << 27 | (uint64_t)(pending != 0) << 31 |
	    (uint64_t)(extra & 15) << 32;
}

/* The encoding of the image of r under symmetry g. */
static void
encode(const struct reduced *r, int g, struct reduced_key *k)
{
	unsigned char	 code[KEY_EDGES];
	uint64_t	 squares = 0;
	int		 s, i, j, c;

	for (s = 0; s < QTTT_NSQUARES; s++)
		squares |= (uint64_t)r->sq[s] << (3 * sym_image(g, s));
	/* Insertion sort, largest first: at most nine codes. */
	for (i = 0; i < r->nedges; i++) {
		c = pair_code(sym_image(g, r->a[i]), sym_image(g, r->b[i])) *
		    NTYPES + r->type[i] + 1;
		for (j = i; j > 0 && code[j - 1] < c; j--)
			code[j] = code[j - 1];
		code[j] = c;
	}
	for (; i < KEY_EDGES; i++)
		code[i] = 0;
	k->hi = squares | r->fixed | (uint64_t)code[0] << 40 |
	    (uint64_t)code[1] << 48 | (uint64_t)code[2] << 56;
	k->lo = 0;
	for (i = 3; i < KEY_EDGES; i++)
		k->lo = k->lo << 8 | code[i];
}

/*
 * The hi word of the encoding of the image of r under symmetry g, which
 * holds its three largest edge codes: enough to rank most images.
 */
static uint64_t
encode_hi(const struct reduced *r, int g)
{
	uint64_t	 squares = 0;
	int		 top[3] = { 0, 0, 0 }, s, i, c;

	for (s = 0; s < QTTT_NSQUARES; s++)
		squares |= (uint64_t)r->sq[s] << (3 * sym_image(g, s));
	for (i = 0; i < r->nedges; i++) {
		c = pair_code(sym_image(g, r->a[i]), sym_image(g, r->b[i])) *
		    NTYPES + r->type[i] + 1;
		if (c > top[2]) {
			if (c > top[1]) {
				top[2] = top[1];
				if (c > top[0]) {
					top[1] = top[0];
					top[0] = c;
				} else
					top[1] = c;
			} else
				top[2] = c;
		}
	}
	return squares | r->fixed | (uint64_t)top[0] << 40 |
	    (uint64_t)top[1] << 48 | (uint64_t)top[2] << 56;
}

int
qttt__analysis_reduced_key(const unsigned char board[QTTT_NSQUARES],
    const unsigned char where[][2], int next, int pending,
    unsigned int extra, struct reduced_key *k)
{
	struct reduced	 r;
	struct reduced_key img;
	uint64_t	 hi[NSYMS];
	int		 g, best = 0;

	reduce(board, where, next, pending, extra, &r);
	/* The least hi word first; only images that tie on it need the
	 * whole encoding. */
	for (g = 0; g < NSYMS; g++) {
		hi[g] = encode_hi(&r, g);
		if (hi[g] < hi[best])
			best = g;
	}
	encode(&r, best, k);
	for (g = best + 1; g < NSYMS; g++) {
		if (hi[g] != hi[best])
			continue;
		encode(&r, g, &img);
		if (img.lo < k->lo) {
			*k = img;
			best = g;
		}
	}
	return best;
}
