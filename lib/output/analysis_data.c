/*
 * What qttt-analyze writes, as data (formats/analysis-output.md): the
 * one description of each thing, in the order of its keys, written
 * through the structured emitter (output/output.h) as a JSON line or
 * a YAML document.  A ply judged, a game's summary, the analysis of a
 * position, the counts below a position, an input's totals.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "output/output.h"

char *
qttt__output_value_text(char *p, unsigned int rules, int value)
{
	struct qttt_result r;

	if (qttt_solver_result(rules, value, &r) == -1) {
		*p = '?';
		return p + 1;
	}
	return qttt__engine_result_text(p, &r);
}

int
qttt__output_profile_result(unsigned int rules, int i)
{
	struct qttt_result r;

	qttt_result_nth(i, &r);
	return qttt_rules_result_possible(rules, &r);
}

static void
value(struct emit *e, unsigned int rules, int v)
{
	char	 buf[RESULT_TEXT_MAX], *p = emit_str_at(e, buf);

	emit_str_done(e, p, qttt__output_value_text(p, rules, v));
}

static void
action(struct emit *e, const struct qttt_action *a)
{
	char	 buf[ACTION_TEXT_MAX], *p = emit_str_at(e, buf);

	emit_str_done(e, p, qttt__engine_action_text(p, a));
}

/* Half points as the notation writes a score: "0", "1/2", "1", "3/2". */
static void
points(struct emit *e, int half)
{
	char	 buf[24], *p = emit_str_at(e, buf), *end;

	end = qttt__output_emit_uint_text(p, (unsigned long)half /
	    (half % 2 == 0 ? 2 : 1));
	if (half % 2 != 0) {
		memcpy(end, "/2", 2);
		end += 2;
	}
	emit_str_done(e, p, end);
}

static void
player(struct emit *e, enum qttt_player pl)
{
	char	 c = QTTT_PLAYER_LETTER(pl);

	emit_str(e, &c, 1);
}

/*
 * n actions as a flow list: those of a that idx lists (the best
 * actions), or the first n of a for idx NULL (the principal
 * variation).
 */
static void
actions(struct emit *e, const struct qttt_action *a,
    const unsigned char *idx, size_t n)
{
	size_t	 i;

	emit_seq(e, 1);
	for (i = 0; i < n; i++) {
		emit_part(e);
		action(e, &a[idx != NULL ? idx[i] : i]);
	}
	emit_seq_end(e);
}

/*
 * The keys that say where a thing was read (null for a position read
 * from no input), and the position.
 */
static void
heading(struct emit *e, const struct analysis_item *it, int position)
{
	char	 buf[QTTT_STATE_MAX], *p;

	emit_part(e);
	EMIT_KEY(e, "game");
	if (it->game == 0)
		emit_null(e);
	else
		emit_uint(e, it->game);
	EMIT_KEY(e, "line");
	if (it->game == 0)
		emit_null(e);
	else
		emit_uint(e, it->line);
	if (position) {
		EMIT_KEY(e, "position");
		p = emit_str_at(e, buf);
		emit_str_done(e, p, p + qttt_state_format(it->st, p,
		    QTTT_STATE_MAX));
	}
}

/* formats/analysis-output.md, section 3: one ply. */
static void
ply(struct emit *e, const struct analysis_item *it)
{
	const struct qttt_judged_ply *p = &it->j->ply[it->ply];
	struct qttt_action line[QTTT_BEST_LINE];
	size_t		 n;

	heading(e, it, 0);
	EMIT_KEY(e, "ply");
	emit_uint(e, it->ply + 1);
	EMIT_KEY(e, "item");
	action(e, &it->g->plies[it->ply]);
	EMIT_KEY(e, "mover");
	player(e, p->mover);
	EMIT_KEY(e, "value_before");
	value(e, it->g->state.rules, p->before);
	EMIT_KEY(e, "value");
	value(e, it->g->state.rules, p->after);
	EMIT_KEY(e, "best_value");
	value(e, it->g->state.rules, p->before);
	EMIT_KEY(e, "best");
	actions(e, p->an.actions, p->an.best, p->an.nbest);
	emit_part(e);
	EMIT_KEY(e, "loss");
	points(e, p->loss);
	EMIT_KEY(e, "mark");
	if (p->mark == QTTT_MARK_NONE)
		emit_null(e);
	else
		emit_str(e, qttt_mark_glyph(p->mark),
		    strlen(qttt_mark_glyph(p->mark)));
	EMIT_KEY(e, "pv");
	actions(e, p->an.pv, NULL, p->an.npv);
	emit_part(e);
	EMIT_KEY(e, "best_line");
	if ((n = qttt_best_line(p, QTTT_BEST_LINE, line)) == 0)
		emit_null(e);
	else
		actions(e, line, NULL, n);
}

/* The mistakes and blunders of each player, as "X" and "O". */
static void
counts(struct emit *e, const struct qttt_mark_counts *c)
{
	int	 p;

	for (p = QTTT_X; p <= QTTT_O; p++) {
		emit_part(e);
		emit_key(e, p == QTTT_X ? "X" : "O", 1);
		emit_map_flow(e);
		EMIT_KEY(e, "mistakes");
		emit_uint(e, c->mistakes[p]);
		EMIT_KEY(e, "blunders");
		emit_uint(e, c->blunders[p]);
		emit_map_end(e);
	}
}

static void
game_summary(struct emit *e, const struct analysis_item *it)
{
	heading(e, it, 0);
	counts(e, &it->j->counts);
	EMIT_KEY(e, "decisive");
	if (it->j->decisive == -1)
		emit_null(e);
	else
		emit_uint(e, (unsigned long)it->j->decisive + 1);
}

static void
position(struct emit *e, const struct analysis_item *it)
{
	const struct qttt_analysis *an = it->an;
	size_t		 i;

	heading(e, it, 1);
	EMIT_KEY(e, "mover");
	if (it->st->result.over)
		emit_null(e);
	else
		player(e, qttt_state_turn(it->st));
	EMIT_KEY(e, "value");
	value(e, it->st->rules, an->value);
	EMIT_KEY(e, "actions");
	emit_seq(e, 0);
	for (i = 0; i < an->nactions; i++) {
		emit_part(e);
		emit_map_flow(e);
		EMIT_KEY(e, "item");
		action(e, &an->actions[i]);
		EMIT_KEY(e, "value");
		value(e, it->st->rules, an->values[i]);
		emit_map_end(e);
	}
	emit_seq_end(e);
	emit_part(e);
	EMIT_KEY(e, "best");
	actions(e, an->actions, an->best, an->nbest);
	emit_part(e);
	EMIT_KEY(e, "pv");
	actions(e, an->pv, NULL, an->npv);
}

static void
perft(struct emit *e, const struct analysis_item *it)
{
	size_t	 i;

	heading(e, it, 1);
	EMIT_KEY(e, "depth");
	emit_uint(e, it->depth);
	EMIT_KEY(e, "perft");
	emit_uint(e, it->count);
	EMIT_KEY(e, "divide");
	if (it->div == NULL) {
		emit_null(e);
		return;
	}
	emit_seq(e, 0);
	for (i = 0; i < it->ndiv; i++) {
		emit_part(e);
		emit_map_flow(e);
		EMIT_KEY(e, "item");
		action(e, &it->div[i].action);
		EMIT_KEY(e, "perft");
		emit_uint(e, it->div[i].count);
		emit_map_end(e);
	}
	emit_seq_end(e);
}

/* Counts by length, the moves of the whole game: 5 to 9. */
static void
lengths(struct emit *e, const uint64_t n[QTTT_MAXMOVES + 1])
{
	char	 k;

	emit_map_flow(e);
	for (k = '5'; k <= '9'; k++) {
		emit_key(e, &k, 1);
		emit_uint(e, n[k - '0']);
	}
	emit_map_end(e);
}

static void
games(struct emit *e, const struct analysis_item *it)
{
	const struct qttt_games *g = it->games;
	struct qttt_result r;
	uint64_t	 all[QTTT_MAXMOVES + 1], sum;
	char		 buf[RESULT_TEXT_MAX], *p;
	int		 i, l;

	heading(e, it, 1);
	EMIT_KEY(e, "games");
	emit_uint(e, g->total);
	EMIT_KEY(e, "results");
	emit_seq(e, 0);
	memset(all, 0, sizeof(all));
	for (i = 0; i < QTTT_NRESULTS; i++) {
		if (!qttt__output_profile_result(it->st->rules, i))
			continue;
		emit_part(e);
		emit_map_flow(e);
		EMIT_KEY(e, "result");
		qttt_result_nth(i, &r);
		p = emit_str_at(e, buf);
		emit_str_done(e, p, qttt__engine_result_text(p, &r));
		for (sum = 0, l = 0; l <= QTTT_MAXMOVES; l++) {
			sum += g->games[i][l];
			all[l] += g->games[i][l];
		}
		EMIT_KEY(e, "games");
		emit_uint(e, sum);
		EMIT_KEY(e, "length");
		lengths(e, g->games[i]);
		emit_map_end(e);
	}
	emit_seq_end(e);
	emit_part(e);
	EMIT_KEY(e, "length");
	lengths(e, all);
}

static void
totals(struct emit *e, const struct analysis_item *it)
{
	const struct qttt_analysis_totals *t = it->totals;

	emit_part(e);
	EMIT_KEY(e, "input");
	emit_text(e, it->name, strlen(it->name));
	emit_part(e);
	EMIT_KEY(e, "games");
	emit_uint(e, t->games);
	EMIT_KEY(e, "analysed");
	emit_uint(e, t->analysed);
	EMIT_KEY(e, "invalid");
	emit_uint(e, t->invalid);
	counts(e, &t->counts);
}

void
qttt__output_analysis_data(struct emit *e, const struct analysis_item *it)
{
	emit_map(e);
	switch (it->kind) {
	case AN_PLY:
		ply(e, it);
		break;
	case AN_REPORT:		/* as data, a game is its plies */
		break;
	case AN_GAME_SUMMARY:
		game_summary(e, it);
		break;
	case AN_POSITION:
		position(e, it);
		break;
	case AN_PERFT:
		perft(e, it);
		break;
	case AN_GAMES:
		games(e, it);
		break;
	case AN_TOTALS:
		totals(e, it);
		break;
	}
	emit_map_end(e);
}
