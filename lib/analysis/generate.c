/*
 * Random legal games, reproducible from a seed: xoshiro256** for the
 * moves and splitmix64 for where an unfinished game stops (both by
 * Blackman and Vigna, public domain algorithms, written out here so
 * that no libc generator changes the games).
 */
#include <stdint.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t	 z;

	z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static uint64_t
xoshiro256ss(uint64_t s[4])
{
	uint64_t	 r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

/*
 * A number in 0..n-1 without modulo bias: draws below 2^64 mod n are
 * thrown away, so every remainder is equally likely.
 */
static uint64_t
bounded(uint64_t n, uint64_t (*next)(uint64_t *), uint64_t *state)
{
	uint64_t	 r, min;

	if (n == 0)
		return 0;
	min = -n % n;
	do
		r = next(state);
	while (r < min);
	return r % n;
}

void
qttt_generator_init(struct qttt_generator *gen, uint64_t seed,
    unsigned int flags)
{
	uint64_t	 x = seed;
	int		 i;

	/* splitmix64 never yields four zeros in a row from one seed. */
	for (i = 0; i < 4; i++)
		gen->s[i] = splitmix64(&x);
	gen->cut = splitmix64(&x);
	gen->flags = flags;
	gen->rules = QTTT_RULES_GOFF;
}

uint64_t
qttt_generator_uniform(struct qttt_generator *gen, uint64_t n)
{
	return bounded(n, xoshiro256ss, gen->s);
}

void
qttt_generator_game(struct qttt_generator *gen, struct qttt_game *g)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct engine e;
	struct qttt_game full;
	struct qttt_state start;
	size_t		 n, keep, i;
	int		 stop;

	/* Played with the engine's cache, the state set at the end. */
	full.nplies = 0;
	if (gen->rules == QTTT_RULES_GOFF)
		qttt__engine_init(&e);
	else {
		qttt_state_init(&start);
		start.rules = gen->rules;
		qttt__engine_load(&e, &start);
	}
	while ((n = qttt_state_actions(&e.st, acts)) > 0)
		qttt__engine_game_play(&full, &e,
		    &acts[qttt_generator_uniform(gen, n)], NULL);
	full.state = e.st;

	/* Both draws are made for every game, cut or not. */
	stop = bounded(2, splitmix64, &gen->cut) == 0;
	keep = 1 + bounded(full.nplies - 1, splitmix64, &gen->cut);
	if (!(gen->flags & QTTT_GEN_UNFINISHED) || !stop) {
		*g = full;
		return;
	}
	qttt_game_init(g);
	g->state.rules = gen->rules;
	for (i = 0; i < keep; i++)
		qttt_game_play(g, &full.plies[i], NULL);
}
