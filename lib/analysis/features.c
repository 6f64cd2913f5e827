/*
 * Features of a game: what a collection is searched and counted by
 * (qttt-select, qttt-stats).  Everything comes from replaying the
 * game's canonical plies on the engine.
 */
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"

/* The least image of a pair of squares, as an ascending pair. */
static void
least_pair(int a, int b, unsigned char out[2])
{
	int	 g, x, y, t;

	out[0] = out[1] = QTTT_NSQUARES;
	for (g = 0; g < QTTT_NSYMS; g++) {
		x = qttt_sym_square(g, a);
		y = qttt_sym_square(g, b);
		if (x > y) {
			t = x;
			x = y;
			y = t;
		}
		if (x < out[0] || (x == out[0] && y < out[1])) {
			out[0] = x;
			out[1] = y;
		}
	}
}

enum qttt_opening
qttt_opening_class(int a, int b)
{
	unsigned char	 p[2];

	if (a < 0 || b < 0 || a >= QTTT_NSQUARES || b >= QTTT_NSQUARES ||
	    a == b)
		return QTTT_NOPENINGS;
	least_pair(a, b, p);
	switch (p[0] * QTTT_NSQUARES + p[1]) {
	case 0 * 9 + 1:
		return QTTT_OPEN_SIDE;
	case 0 * 9 + 2:
		return QTTT_OPEN_CORNERS;
	case 0 * 9 + 5:
		return QTTT_OPEN_KNIGHT;
	case 0 * 9 + 4:
		return QTTT_OPEN_CORNER_CENTRE;
	case 0 * 9 + 8:
		return QTTT_OPEN_DIAGONAL;
	case 1 * 9 + 3:
		return QTTT_OPEN_EDGES;
	case 1 * 9 + 4:
		return QTTT_OPEN_EDGE_CENTRE;
	default:
		/* The eighth: b1 b3, the only least pair left. */
		return QTTT_OPEN_OPPOSITE;
	}
}

const char *
qttt_opening_name(enum qttt_opening c)
{
	static const char *const names[QTTT_NOPENINGS] = {
		"side", "corners", "knight", "corner-centre", "diagonal",
		"edges", "edge-centre", "opposite"
	};

	if ((unsigned int)c >= QTTT_NOPENINGS)
		return "??";
	return names[c];
}

/* Lines and the result: what the final state shows. */
static void
final_features(const struct qttt_state *st, struct qttt_features *f)
{
	struct qttt_line lines[QTTT_NLINES];
	size_t		 n, i, nx = 0, no = 0;

	f->moves = st->next - 1;
	n = qttt_state_lines(st, lines);
	for (i = 0; i < n; i++) {
		if (lines[i].player == QTTT_X)
			nx++;
		else
			no++;
	}
	/* The game ends at the first collapse that completes a line. */
	f->simultaneous = nx > 0 && no > 0;
	f->doubleline = nx > 1;
	f->result = st->result;
	f->winner = -1;
	if (st->result.over && st->result.score[QTTT_X] >
	    st->result.score[QTTT_O])
		f->winner = QTTT_X;
	else if (st->result.over && st->result.score[QTTT_O] >
	    st->result.score[QTTT_X])
		f->winner = QTTT_O;
}

void
qttt_game_features(const struct qttt_game *g, struct qttt_features *f)
{
	struct engine e;
	struct qttt_cycle cy;
	const struct qttt_action *a;
	size_t		 i;

	memset(f, 0, sizeof(*f));
	f->opening = QTTT_NOPENINGS;
	f->first[0] = f->first[1] = QTTT_NOSQUARE;
	final_features(&g->state, f);
	f->plies = g->nplies;
	/* The engine's cache makes a replay a third as dear. */
	qttt__engine_start(&e, g->state.rules);
	for (i = 0; i < g->nplies; i++) {
		a = &g->plies[i];
		if (a->kind == QTTT_MEASURE)
			f->measurements++;
		else if (a->sq[0] == a->sq[1])
			f->forced = 1;
		else if (a->move == 1 && a->sq[0] != a->sq[1]) {
			f->opening = qttt_opening_class(a->sq[0], a->sq[1]);
			least_pair(a->sq[0], a->sq[1], f->first);
		}
		/* The plies of a game played by the rules are legal. */
		if (qttt__engine_apply(&e, a, NULL) != QTTT_OK)
			break;
		if (a->kind == QTTT_PLACE && e.st.pending != 0 &&
		    qttt_state_cycle(&e.st, &cy) == 0 &&
		    f->ncycles < QTTT_MAXMOVES) {
			f->cycle[f->ncycles++] = cy.nsquares;
			if (cy.nsquares == 2)
				f->twocycles++;
		}
	}
}
