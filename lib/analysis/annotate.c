/*
 * Judging moves by perfect play (formats/analysis-output.md, section
 * 1): for each ply of a game, the value before it and after the action
 * played, what the mover lost and the mark that earns; for the game,
 * each player's first marked ply, the decisive ply and the marks by
 * player; and the best line of a marked ply.  The values come from the
 * caller's solver.
 */
#include <string.h>

#include "qttt.h"
#include "analysis/analysis.h"

const char *
qttt_mark_glyph(enum qttt_mark m)
{
	switch (m) {
	case QTTT_MARK_MISTAKE:
		return "?";
	case QTTT_MARK_BLUNDER:
		return "??";
	default:
		return "";
	}
}

/* The sign of a value for player p: 1 a win, 0 a draw, -1 a loss. */
static int
outcome(int value, enum qttt_player p)
{
	int	 v = p == QTTT_X ? value : -value;

	return (v > 0) - (v < 0);
}

int
qttt_value_loss(enum qttt_player mover, int before, int after)
{
	int	 loss = mover == QTTT_X ? before - after : after - before;

	return loss > 0 ? loss : 0;
}

enum qttt_mark
qttt_mark_of(enum qttt_player mover, int before, int after)
{
	int	 loss = qttt_value_loss(mover, before, after);

	if (loss == 0)
		return QTTT_MARK_NONE;
	if (loss >= 2 || outcome(after, mover) < outcome(before, mover))
		return QTTT_MARK_BLUNDER;
	return QTTT_MARK_MISTAKE;
}

void
qttt_mark_counts_add(struct qttt_mark_counts *to,
    const struct qttt_mark_counts *c)
{
	int	 p;

	for (p = QTTT_X; p <= QTTT_O; p++) {
		to->mistakes[p] += c->mistakes[p];
		to->blunders[p] += c->blunders[p];
	}
}

static void
count_mark(struct qttt_mark_counts *c, enum qttt_player mover,
    enum qttt_mark m)
{
	if (m == QTTT_MARK_MISTAKE)
		c->mistakes[mover]++;
	else if (m == QTTT_MARK_BLUNDER)
		c->blunders[mover]++;
}

enum qttt_code
qttt_judge_ply(struct qttt_solver *sv, const struct qttt_state *before,
    const struct qttt_action *played, struct qttt_judged_ply *j,
    struct qttt_diag *d)
{
	struct qttt_state next;
	enum qttt_code	 c;
	size_t		 k;
	int		 v;

	/*
	 * The best actions are valued, and then the one played, which
	 * is among them or is searched on its own.
	 */
	if ((c = qttt_solver_analyze(sv, before, QTTT_SOLVE_PV |
	    QTTT_SOLVE_BEST, &j->an, d)) != QTTT_OK)
		return c;
	j->mover = qttt_state_turn(before);
	j->before = j->an.value;
	j->after = QTTT_NOVALUE;
	for (k = 0; k < j->an.nactions; k++)
		if (qttt_action_equal(&j->an.actions[k], played)) {
			j->after = j->an.values[k];
			break;
		}
	if (j->after == QTTT_NOVALUE) {
		next = *before;
		if ((c = qttt_state_apply(&next, played, d)) != QTTT_OK ||
		    (c = qttt_solver_value(sv, &next, &v, d)) != QTTT_OK)
			return c;
		j->after = v;
	}
	j->loss = qttt_value_loss(j->mover, j->before, j->after);
	j->mark = qttt_mark_of(j->mover, j->before, j->after);
	return QTTT_OK;
}

/*
 * The marks alone need the values along the line and nothing of the
 * other actions: a value a position, each searched from its parent's.
 */
enum qttt_code
qttt_judge_marks(struct qttt_solver *sv, const struct qttt_state *st,
    const struct qttt_action *plies, size_t n, struct qttt_mark_counts *c,
    struct qttt_diag *d)
{
	struct qttt_state cur;
	enum qttt_code	 code;
	enum qttt_player mover;
	size_t		 i;
	int		 values[QTTT_MAXPLIES + 1];

	memset(c, 0, sizeof(*c));
	if (n > QTTT_MAXPLIES)
		n = QTTT_MAXPLIES;
	if ((code = qttt__analysis_solver_line(sv, st, plies, n, values, d)) !=
	    QTTT_OK)
		return code;
	cur = *st;
	for (i = 0; i < n; i++) {
		mover = qttt_state_turn(&cur);
		/* Legal, since the solver took it. */
		qttt_state_apply(&cur, &plies[i], NULL);
		count_mark(c, mover, qttt_mark_of(mover, values[i],
		    values[i + 1]));
	}
	return QTTT_OK;
}

enum qttt_code
qttt_judge_game(struct qttt_solver *sv, const struct qttt_game *g,
    struct qttt_judged_game *j, struct qttt_diag *d)
{
	struct qttt_judged_ply *p;
	struct qttt_state st;
	enum qttt_code	 c;
	size_t		 i;

	memset(&j->counts, 0, sizeof(j->counts));
	j->first[QTTT_X] = j->first[QTTT_O] = -1;
	j->decisive = -1;
	j->nplies = g->nplies < QTTT_MAXPLIES ? g->nplies : QTTT_MAXPLIES;
	qttt_game_state_at(g, 0, &st);
	for (i = 0; i < j->nplies; i++) {
		p = &j->ply[i];
		if ((c = qttt_judge_ply(sv, &st, &g->plies[i], p, d)) !=
		    QTTT_OK)
			return c;
		/* Legal, since the solver took it. */
		qttt_state_apply(&st, &g->plies[i], NULL);
		if (p->loss != 0)
			j->decisive = (long)i;
		if (p->mark == QTTT_MARK_NONE)
			continue;
		if (j->first[p->mover] == -1)
			j->first[p->mover] = (long)i;
		count_mark(&j->counts, p->mover, p->mark);
	}
	return QTTT_OK;
}

size_t
qttt_best_line(const struct qttt_judged_ply *j, size_t max,
    struct qttt_action *line)
{
	size_t	 n;

	if (j->mark == QTTT_MARK_NONE)
		return 0;
	n = j->an.npv < max ? j->an.npv : max;
	memcpy(line, j->an.pv, n * sizeof(line[0]));
	return n;
}
