/*
 * The statistics of a collection (qttt-stats): what happened in its
 * games, counted one game at a time into a tally that two of which
 * add up, so that the parts of a collection counted apart (inputs,
 * the chunks of threads) make the whole.
 */
#include <string.h>

#include "qttt.h"

void
qttt_stats_init(struct qttt_stats *s)
{
	memset(s, 0, sizeof(*s));
}

/* Game g, which ended with res: the board's, or one awarded. */
static void
add_game(struct qttt_stats *s, const struct qttt_game *g,
    const struct qttt_result *res)
{
	struct qttt_features f;
	struct qttt_opening_stats *op = NULL;
	size_t		 i;
	int		 k;

	qttt_game_features(g, &f);
	s->valid++;
	s->moves[f.moves]++;
	s->plies[f.plies]++;
	s->measurements[f.measurements]++;
	for (i = 0; i < f.ncycles; i++)
		s->cycles[f.cycle[i]]++;
	s->twocycle += f.twocycles > 0;
	s->forced += f.forced;
	s->simultaneous += f.simultaneous;
	s->doubleline += f.doubleline;
	if (f.opening < QTTT_NOPENINGS) {
		op = &s->opening[f.opening];
		op->games++;
	}
	if (!res->over) {
		s->unfinished++;
		s->pending += g->state.pending != 0;
		return;
	}
	if ((k = qttt_result_index(res)) >= 0)
		s->result[k]++;
	s->finished++;
	s->halves[QTTT_X] += res->score[QTTT_X];
	s->halves[QTTT_O] += res->score[QTTT_O];
	if (op != NULL) {
		op->finished++;
		op->halves[QTTT_X] += res->score[QTTT_X];
		op->halves[QTTT_O] += res->score[QTTT_O];
	}
}

void
qttt_stats_add_game(struct qttt_stats *s, const struct qttt_game *g)
{
	add_game(s, g, &g->state.result);
}

void
qttt_stats_add_record(struct qttt_stats *s, const struct qttt_record *rec,
    const struct qttt_game *g, size_t errors)
{
	s->games++;
	if (errors > 0)
		s->invalid++;
	else if (rec->has_start)
		s->positions++;
	else
		add_game(s, g, qttt_record_result(rec, g));
}

/* to[i] += from[i] for n counts. */
static void
add(unsigned long *to, const unsigned long *from, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		to[i] += from[i];
}

#define ADD(field)	add(to->field, from->field, \
			    sizeof(to->field) / sizeof(to->field[0]))

void
qttt_stats_merge(struct qttt_stats *to, const struct qttt_stats *from)
{
	size_t	 i;

	to->games += from->games;
	to->valid += from->valid;
	to->invalid += from->invalid;
	to->positions += from->positions;
	ADD(result);
	to->unfinished += from->unfinished;
	to->pending += from->pending;
	to->finished += from->finished;
	ADD(halves);
	ADD(moves);
	ADD(plies);
	ADD(measurements);
	ADD(cycles);
	to->twocycle += from->twocycle;
	to->forced += from->forced;
	to->simultaneous += from->simultaneous;
	to->doubleline += from->doubleline;
	for (i = 0; i < QTTT_NOPENINGS; i++) {
		to->opening[i].games += from->opening[i].games;
		to->opening[i].finished += from->opening[i].finished;
		ADD(opening[i].halves);
	}
}
