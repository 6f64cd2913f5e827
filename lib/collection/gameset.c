/*
 * Duplicates: the key of a game, exact or up to the symmetries of the
 * board, and a set of the keys of the games seen so far (qttt-select
 * -u and -U).
 */
#include <stdint.h>
#include <stdlib.h>

#include "qttt.h"

/* The set: open addressing, an all-zero key marking a free slot. */
struct qttt_gameset {
	unsigned int	 flags;
	size_t		 max_bytes;	/* 0: no bound */
	size_t		 n, size;	/* size a power of 2, or 0 */
	struct qttt_game_key *slot;
	int		 has_zero;	/* the key of a game with no move */
};

/*
 * Plies are packed 7 bits each from the top (a placement 1 + 9 * its
 * first square + its second, a measurement 1 + its square), 14 plies
 * in 98 bits; after the last, zeros, but for the profile the game is
 * played by (QTTT_RULES_*) in the low 8 bits of lo, so that the same
 * moves under two profiles are two games.  A position (a game with no
 * ply whose state is not the empty board) has its state key in lo and
 * its profile in hi, under 256, which no game with a ply has (its
 * first ply sets a bit above 2^56 of hi); a game with no move, 0 and
 * its profile.  Under Goff's rules, the profile adds nothing.
 */
void
qttt_game_key(const struct qttt_game *g, int symmetric,
    struct qttt_game_key *k)
{
	struct qttt_game canon;
	const struct qttt_game *p = g;
	const struct qttt_action *a;
	unsigned int	 v, bit = 128;
	size_t		 i;

	k->hi = k->lo = 0;
	if (g->nplies == 0) {
		k->lo = symmetric ? qttt_state_symkey(&g->state, NULL) :
		    qttt_state_key(&g->state);
		k->hi = g->state.rules;
		return;
	}
	k->lo = g->state.rules;
	if (symmetric) {
		qttt_game_symcanon(g, &canon);
		p = &canon;
	}
	for (i = 0; i < p->nplies; i++) {
		a = &p->plies[i];
		v = a->kind == QTTT_MEASURE ? 1u + a->sq[0] :
		    1u + 9u * a->sq[0] + a->sq[1];
		bit -= 7;
		if (bit >= 64)
			k->hi |= (uint64_t)v << (bit - 64);
		else if (bit + 7 <= 64)
			k->lo |= (uint64_t)v << bit;
		else {
			k->hi |= (uint64_t)v >> (64 - bit);
			k->lo |= (uint64_t)v << bit;
		}
	}
}

struct qttt_gameset *
qttt_gameset_new(unsigned int flags, size_t max_bytes)
{
	struct qttt_gameset *s;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->flags = flags;
	s->max_bytes = max_bytes;
	return s;
}

void
qttt_gameset_free(struct qttt_gameset *s)
{
	if (s == NULL)
		return;
	free(s->slot);
	free(s);
}

size_t
qttt_gameset_size(const struct qttt_gameset *s)
{
	return s->n + s->has_zero;
}

static size_t
key_slot(const struct qttt_gameset *s, const struct qttt_game_key *k)
{
	uint64_t h = (k->hi ^ (k->lo * 0x9e3779b97f4a7c15ULL)) *
	    0xbf58476d1ce4e5b9ULL;

	return (size_t)(h ^ (h >> 31)) & (s->size - 1);
}

/* Doubles the table (the first is 1024 slots).  Returns 0 or -1. */
static int
grow(struct qttt_gameset *s)
{
	struct qttt_game_key *old = s->slot;
	size_t		 oldsize = s->size, size, i, j;

	size = oldsize == 0 ? 1024 : oldsize * 2;
	/* The old table and the new are both held while it grows. */
	if (size > SIZE_MAX / sizeof(*s->slot) / 2 || (s->max_bytes > 0 &&
	    (size + oldsize) * sizeof(*s->slot) > s->max_bytes))
		return -1;
	if ((s->slot = calloc(size, sizeof(*s->slot))) == NULL) {
		s->slot = old;
		return -1;
	}
	s->size = size;
	for (i = 0; i < oldsize; i++) {
		if (old[i].hi == 0 && old[i].lo == 0)
			continue;
		for (j = key_slot(s, &old[i]); s->slot[j].hi != 0 ||
		    s->slot[j].lo != 0; j = (j + 1) & (s->size - 1))
			;
		s->slot[j] = old[i];
	}
	free(old);
	return 0;
}

/* The slot of k, or the free slot where it goes. */
static size_t
find(const struct qttt_gameset *s, const struct qttt_game_key *k)
{
	size_t	 j;

	for (j = key_slot(s, k); s->slot[j].hi != 0 || s->slot[j].lo != 0;
	    j = (j + 1) & (s->size - 1))
		if (s->slot[j].hi == k->hi && s->slot[j].lo == k->lo)
			break;
	return j;
}

int
qttt_gameset_add(struct qttt_gameset *s, const struct qttt_game *g)
{
	struct qttt_game_key k;
	size_t		 j;

	qttt_game_key(g, (s->flags & QTTT_GAMESET_SYMMETRIC) != 0, &k);
	if (k.hi == 0 && k.lo == 0) {
		if (s->has_zero)
			return 0;
		s->has_zero = 1;
		return 1;
	}
	if (s->size == 0 && grow(s) == -1)
		return -1;
	j = find(s, &k);
	if (s->slot[j].hi != 0 || s->slot[j].lo != 0)
		return 0;
	/* At most three quarters full. */
	if ((s->n + 1) * 4 > s->size * 3) {
		if (grow(s) == -1)
			return -1;
		j = find(s, &k);
	}
	s->slot[j] = k;
	s->n++;
	return 1;
}
