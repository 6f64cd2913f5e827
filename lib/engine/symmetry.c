/*
 * The eight symmetries of the board (formats/symmetry.md): the rotations
 * and reflections of the square, applied to squares, actions, states
 * and games, and the canonical form of a state or a game under them.
 * The rules name no square in particular (rules 1-11 speak only of
 * lines, cycles and squares in general), so a symmetry takes a legal
 * game to a legal game with the same result.
 */
#include <stdint.h>
#include <string.h>

#include "qttt.h"

/*
 * qttt__engine_sym_perm[g][s] is the square that symmetry g takes
 * square s to.  A quarter turn clockwise takes column c, row r to
 * column 2 - r, row c; the reflections mirror columns (flip-h), rows
 * (flip-v), or swap column and row about the diagonal a1-b2-c3 (c, r to
 * r, c) or the diagonal c1-b2-a3 (c, r to 2 - r, 2 - c).
 */
const unsigned char qttt__engine_sym_perm[QTTT_NSYMS][QTTT_NSQUARES] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8 },		/* identity */
	{ 2, 5, 8, 1, 4, 7, 0, 3, 6 },		/* rotate-90 */
	{ 8, 7, 6, 5, 4, 3, 2, 1, 0 },		/* rotate-180 */
	{ 6, 3, 0, 7, 4, 1, 8, 5, 2 },		/* rotate-270 */
	{ 2, 1, 0, 5, 4, 3, 8, 7, 6 },		/* flip-h */
	{ 6, 7, 8, 3, 4, 5, 0, 1, 2 },		/* flip-v */
	{ 0, 3, 6, 1, 4, 7, 2, 5, 8 },		/* flip-diagonal */
	{ 8, 5, 2, 7, 4, 1, 6, 3, 0 }		/* flip-antidiagonal */
};

/* compose[a][b] is a after b: for every s,
 * qttt__engine_sym_perm[a][qttt__engine_sym_perm[b][s]]. */
static const unsigned char compose[QTTT_NSYMS][QTTT_NSYMS] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7 },
	{ 1, 2, 3, 0, 7, 6, 4, 5 },
	{ 2, 3, 0, 1, 5, 4, 7, 6 },
	{ 3, 0, 1, 2, 6, 7, 5, 4 },
	{ 4, 6, 5, 7, 0, 2, 1, 3 },
	{ 5, 7, 4, 6, 2, 0, 3, 1 },
	{ 6, 5, 7, 4, 3, 1, 0, 2 },
	{ 7, 4, 6, 5, 1, 3, 2, 0 }
};

/* Every reflection is its own inverse; the quarter turns swap. */
static const unsigned char inverse[QTTT_NSYMS] = { 0, 3, 2, 1, 4, 5, 6, 7 };

static const char *const names[QTTT_NSYMS] = {
	"identity", "rotate-90", "rotate-180", "rotate-270",
	"flip-h", "flip-v", "flip-diagonal", "flip-antidiagonal"
};

/* A number that is no symmetry is taken for the identity. */
static unsigned int
valid(enum qttt_sym g)
{
	return (unsigned int)g < QTTT_NSYMS ? (unsigned int)g : 0;
}

const char *
qttt_sym_name(enum qttt_sym g)
{
	if ((unsigned int)g >= QTTT_NSYMS)
		return "??";
	return names[g];
}

enum qttt_sym
qttt_sym_compose(enum qttt_sym a, enum qttt_sym b)
{
	return compose[valid(a)][valid(b)];
}

enum qttt_sym
qttt_sym_inverse(enum qttt_sym g)
{
	return inverse[valid(g)];
}

int
qttt_sym_square(enum qttt_sym g, int sq)
{
	if (sq < 0 || sq >= QTTT_NSQUARES)
		return sq;
	return qttt__engine_sym_perm[valid(g)][sq];
}

/* A square under p, anything that is not a square left as it is. */
static unsigned char
map(const unsigned char *p, unsigned char sq)
{
	return sq < QTTT_NSQUARES ? p[sq] : sq;
}

void
qttt_sym_action(enum qttt_sym g, const struct qttt_action *in,
    struct qttt_action *out)
{
	const unsigned char *p = qttt__engine_sym_perm[valid(g)];
	unsigned char	 a = map(p, in->sq[0]), b = map(p, in->sq[1]);

	out->kind = in->kind;
	out->move = in->move;
	/* A placement's squares stay in reading order (canonical form). */
	if (in->kind == QTTT_PLACE && a > b) {
		out->sq[0] = b;
		out->sq[1] = a;
	} else {
		out->sq[0] = a;
		out->sq[1] = b;
	}
}

void
qttt_sym_state(enum qttt_sym g, const struct qttt_state *in,
    struct qttt_state *out)
{
	const unsigned char *p = qttt__engine_sym_perm[valid(g)];
	struct qttt_state t;
	unsigned char	 a, b;
	int		 s, m;

	/*
	 * A fresh state, so that nothing of in but its position and its
	 * rules comes along (in and out may be the same).
	 */
	qttt_state_init(&t);
	for (s = 0; s < QTTT_NSQUARES; s++)
		t.board[p[s]] = in->board[s];
	for (m = 1; m <= QTTT_MAXMOVES; m++) {
		a = map(p, in->where[m][0]);
		b = map(p, in->where[m][1]);
		t.where[m][0] = a < b ? a : b;
		t.where[m][1] = a < b ? b : a;
	}
	t.next = in->next;
	t.pending = in->pending;
	t.result = in->result;
	t.rules = in->rules;
	*out = t;
}

void
qttt_sym_game(enum qttt_sym g, const struct qttt_game *in,
    struct qttt_game *out)
{
	size_t	 i, n = in->nplies;

	if (n > QTTT_MAXPLIES)
		n = QTTT_MAXPLIES;
	for (i = 0; i < n; i++)
		qttt_sym_action(g, &in->plies[i], &out->plies[i]);
	out->nplies = n;
	qttt_sym_state(g, &in->state, &out->state);
}

/* ------------------------------------------------------------------ */
/* Canonical forms                                                      */
/* ------------------------------------------------------------------ */

/*
 * The code of a move whose squares go to a and b: 1 + 9 * the lower +
 * the higher, so codes order moves by their first square in reading
 * order, then their second.  For squares, 1..81 (7 bits); a move not
 * made has code 0.
 */
static unsigned int
pair_code(unsigned int a, unsigned int b)
{
	return a < b ? 1u + 9u * a + b : 1u + 9u * b + a;
}

static int
is_made(const unsigned char w[2])
{
	return w[0] < QTTT_NSQUARES && w[1] < QTTT_NSQUARES;
}

/* How many moves a key holds: those made, as far as where[] says. */
static int
last_move(const struct qttt_state *st)
{
	return st->next >= 1 && st->next <= QTTT_MAXMOVES + 1 ?
	    st->next - 1 : QTTT_MAXMOVES;
}

static uint64_t
key_under(const unsigned char *p, const struct qttt_state *st)
{
	uint64_t	 key = 0;
	int		 m, last = last_move(st);

	for (m = 1; m <= last; m++) {
		key <<= 7;
		if (is_made(st->where[m]))
			key |= pair_code(p[st->where[m][0]],
			    p[st->where[m][1]]);
	}
	/* The moves not made: 0 each. */
	key <<= 7 * (QTTT_MAXMOVES - last);
	return key << 1 | (st->pending != 0);
}

uint64_t
qttt_state_key(const struct qttt_state *st)
{
	return key_under(qttt__engine_sym_perm[0], st);
}

/*
 * The search for the least image goes one move (or ply) at a time,
 * keeping the candidate symmetries (bit g for symmetry g) whose image
 * is the least so far: of those offered a code, the ones with the
 * least.  The first move or two leave one candidate in most positions;
 * the rest of the key is then computed for that one alone.
 */
struct narrowing {
	unsigned int	 keep;
	unsigned int	 least;
};

#define ALL		((1u << QTTT_NSYMS) - 1)
#define MANY(cand)	(((cand) & ((cand) - 1)) != 0)

static void
offer(struct narrowing *n, int g, unsigned int code)
{
	if (code < n->least) {
		n->least = code;
		n->keep = 1u << g;
	} else if (code == n->least)
		n->keep |= 1u << g;
}

/*
 * The lowest of the candidates left: among symmetries that give the
 * same image (a position symmetric in itself), the lowest number.
 */
static enum qttt_sym
lowest(unsigned int cand)
{
	int	 g;

	for (g = 0; g < QTTT_NSYMS - 1 && !(cand & 1u << g); g++)
		continue;
	return g;
}

/*
 * The first step of the search, done beforehand: first[a][b] is the
 * set of symmetries (bit g for symmetry g) under which a move on
 * squares a and b has its least code, as the loop below would find it
 * for move 1.  A move on a1 and b1 has one, the identity (0x01); a
 * move on a1 and c3 four, which keep the pair as it is (0xc5: the
 * identity, rotate-180 and both diagonal flips); X in b2, all eight.
 */
static const unsigned char first[QTTT_NSQUARES][QTTT_NSQUARES] = {
	{ 0x41, 0x01, 0x11, 0x40, 0x41, 0x01, 0x42, 0x40, 0xc5 },
	{ 0x01, 0x11, 0x10, 0x41, 0x11, 0x18, 0x02, 0x35, 0x80 },
	{ 0x11, 0x10, 0x18, 0x10, 0x18, 0x08, 0x3a, 0x08, 0x88 },
	{ 0x40, 0x41, 0x10, 0x42, 0x42, 0xca, 0x02, 0x22, 0x04 },
	{ 0x41, 0x11, 0x18, 0x42, 0xff, 0x88, 0x22, 0x24, 0x84 },
	{ 0x01, 0x18, 0x08, 0xca, 0x88, 0x88, 0x20, 0x84, 0x80 },
	{ 0x42, 0x02, 0x3a, 0x02, 0x22, 0x20, 0x22, 0x20, 0x24 },
	{ 0x40, 0x35, 0x08, 0x22, 0x24, 0x84, 0x20, 0x24, 0x04 },
	{ 0xc5, 0x80, 0x88, 0x04, 0x84, 0x80, 0x24, 0x04, 0x84 }
};

/* The symmetry that takes st to its least image. */
static enum qttt_sym
least_state(const struct qttt_state *st)
{
	struct narrowing n;
	unsigned int	 cand = ALL;
	int		 m = 1, g, a, b, last = last_move(st);

	if (last >= 1 && is_made(st->where[1])) {
		cand = first[st->where[1][0]][st->where[1][1]];
		m = 2;
	}
	for (; m <= last && MANY(cand); m++) {
		/* A move not made is 0 under every symmetry. */
		if (!is_made(st->where[m]))
			continue;
		a = st->where[m][0];
		b = st->where[m][1];
		n.keep = 0;
		n.least = ~0u;
		for (g = 0; g < QTTT_NSYMS; g++)
			if (cand & 1u << g)
				offer(&n, g,
				    pair_code(qttt__engine_sym_perm[g][a],
				    qttt__engine_sym_perm[g][b]));
		cand = n.keep;
	}
	return lowest(cand);
}

uint64_t
qttt_state_symkey(const struct qttt_state *st, enum qttt_sym *gp)
{
	enum qttt_sym	 g = least_state(st);

	if (gp != NULL)
		*gp = g;
	return key_under(qttt__engine_sym_perm[g], st);
}

enum qttt_sym
qttt_state_symcanon(const struct qttt_state *st, struct qttt_state *out)
{
	enum qttt_sym	 g = least_state(st);

	if (out != NULL)
		qttt_sym_state(g, st, out);
	return g;
}

/*
 * A ply's code under p, in the order of formats/symmetry.md: a
 * placement by its squares as pair_code(), a measurement by its
 * square.  Numbers that are not squares are compared as they are.
 */
static unsigned int
ply_code(const unsigned char *p, const struct qttt_action *a)
{
	if (a->kind == QTTT_MEASURE)
		return map(p, a->sq[0]);
	return pair_code(map(p, a->sq[0]), map(p, a->sq[1]));
}

enum qttt_sym
qttt_game_symcanon(const struct qttt_game *in, struct qttt_game *out)
{
	struct narrowing n;
	unsigned int	 cand = ALL;
	size_t		 i, nplies = in->nplies;
	int		 g;

	if (nplies > QTTT_MAXPLIES)
		nplies = QTTT_MAXPLIES;
	i = 0;
	if (nplies > 0 && in->plies[0].kind == QTTT_PLACE &&
	    is_made(in->plies[0].sq)) {
		cand = first[in->plies[0].sq[0]][in->plies[0].sq[1]];
		i = 1;
	}
	for (; i < nplies && MANY(cand); i++) {
		n.keep = 0;
		n.least = ~0u;
		for (g = 0; g < QTTT_NSYMS; g++)
			if (cand & 1u << g)
				offer(&n, g, ply_code(qttt__engine_sym_perm[g],
				    &in->plies[i]));
		cand = n.keep;
	}
	g = lowest(cand);
	if (out != NULL)
		qttt_sym_game(g, in, out);
	return g;
}
