/*
 * Which engines play game i of a match, with which colours, from which
 * opening and with which seeds: computed from i alone, so that a match
 * may be played on several processes at once and resumed at any game,
 * the same games every time.
 */
#include <string.h>

#include "qttt.h"

/* splitmix64's finaliser: a good mix of 64 bits. */
static uint64_t
mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/*
 * A permutation of 0..n-1 drawn from key: a four-round Feistel network
 * on the 2^b numbers at least n, walked until it lands below n.
 */
static unsigned long
permute(unsigned long i, unsigned long n, uint64_t key)
{
	unsigned int	 b = 2, half, r;
	uint64_t	 mask, left, right, f;

	while (b < 64 && (1ULL << b) < n)
		b += 2;
	half = b / 2;
	mask = (1ULL << half) - 1;
	do {
		left = i >> half;
		right = i & mask;
		for (r = 0; r < 4; r++) {
			f = mix(key ^ mix(r) ^ right) & mask;
			f ^= left;
			left = right;
			right = f;
		}
		i = (unsigned long)(left << half | right);
	} while (i >= n);
	return i;
}

static unsigned long
pairings(const struct qttt_schedule *s)
{
	if (s->engines < 2)
		return 0;
	return s->gauntlet ? s->engines - 1 :
	    s->engines * (s->engines - 1) / 2;
}

unsigned long long
qttt_schedule_games(const struct qttt_schedule *s)
{
	return (unsigned long long)pairings(s) * s->games;
}

/* The engines of pairing p: the p-th pair (a, b), a < b. */
static void
pairing(const struct qttt_schedule *s, unsigned long p, size_t *a, size_t *b)
{
	size_t	 i;

	if (s->gauntlet) {
		*a = 0;
		*b = p + 1;
		return;
	}
	for (i = 0; p >= s->engines - 1 - i; i++)
		p -= s->engines - 1 - i;
	*a = i;
	*b = i + 1 + p;
}

int
qttt_schedule_game(const struct qttt_schedule *s, unsigned long long i,
    struct qttt_fixture *f)
{
	unsigned long long pairs = pairings(s), full, pair;
	unsigned long	 cycle, k;
	size_t		 a, b;

	if (i >= qttt_schedule_games(s))
		return -1;
	memset(f, 0, sizeof(*f));
	/* The rounds with both games of each pair, then maybe one more. */
	full = s->games / 2 * 2 * pairs;
	if (i < full) {
		pair = i / 2;
		f->second = (int)(i % 2);
		f->round = (unsigned long)(pair / pairs) + 1;
		pairing(s, (unsigned long)(pair % pairs), &a, &b);
	} else {
		f->round = s->games / 2 + 1;
		pairing(s, (unsigned long)(i - full), &a, &b);
	}
	f->x = f->second ? b : a;
	f->o = f->second ? a : b;
	if (s->openings > 0) {
		cycle = (f->round - 1) / s->openings;
		k = (f->round - 1) % s->openings;
		f->opening = s->shuffle ? permute(k, s->openings,
		    mix(s->seed ^ mix(cycle))) : k;
	}
	f->seed[QTTT_X] = mix(s->seed ^ mix(2 * i + 1));
	f->seed[QTTT_O] = mix(s->seed ^ mix(2 * i + 2));
	return 0;
}

size_t
qttt_balanced_openings(struct qttt_solver *solver, unsigned int rules,
    struct qttt_game *out, size_t max)
{
	struct qttt_game g, canon;
	struct qttt_action a;
	size_t		 n = 0;
	int		 s1, t1, s2, t2, v;

	a.kind = QTTT_PLACE;
	for (s1 = 0; s1 < QTTT_NSQUARES; s1++)
	for (t1 = s1 + 1; t1 < QTTT_NSQUARES; t1++)
	for (s2 = 0; s2 < QTTT_NSQUARES; s2++)
	for (t2 = s2 + 1; t2 < QTTT_NSQUARES; t2++) {
		qttt_game_init(&g);
		g.state.rules = (unsigned char)rules;
		a.move = 1;
		a.sq[0] = (unsigned char)s1;
		a.sq[1] = (unsigned char)t1;
		qttt_game_play(&g, &a, NULL);
		a.move = 2;
		a.sq[0] = (unsigned char)s2;
		a.sq[1] = (unsigned char)t2;
		/* Two-cycles=no refuses O2 on X1's squares. */
		if (qttt_game_play(&g, &a, NULL) != QTTT_OK)
			continue;
		qttt_game_symcanon(&g, &canon);
		if (memcmp(canon.plies, g.plies, 2 * sizeof(g.plies[0])) != 0)
			continue;
		if (qttt_solver_value(solver, &g.state, &v, NULL) != QTTT_OK)
			return 0;
		if (v != 0)
			continue;
		if (n < max)
			out[n] = g;
		n++;
	}
	return n;
}
