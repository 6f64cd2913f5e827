/*
 * The writer of Goff's 2026 record notation (formats/goff-notation.md):
 * a game on one line, squares 1 to 9, each measurement with its
 * measurer, the move that closed the cycle and the '!' list of the
 * collapse; no loop annotations.  Its reader is lib/notation/goff.c.
 */
#include <stdio.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"
#include "output/output.h"

/* Whether move m is on the board as a classical mark. */
static int
classical(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] == st->where[m][1];
}

int
qttt__output_goff_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	struct qttt_state st, before;
	const struct qttt_action *a;
	size_t		 i;
	int		 m, s;

	(void)ex;
	if (g->nplies == 0)
		return 0;
	qttt_state_init(&st);
	st.rules = g->state.rules;
	for (i = 0; i < g->nplies; i++) {
		a = &g->plies[i];
		before = st;
		if (qttt_state_apply(&st, a, NULL) != QTTT_OK)
			return -1;	/* not a game as played */
		if (i > 0)
			fputs("; ", f);
		if (a->kind == QTTT_PLACE) {
			fprintf(f, "%c%d+(%d,%d)", QTTT_LETTER(a->move),
			    a->move, QTTT_SQUARE_GOFF(a->sq[0]),
			    QTTT_SQUARE_GOFF(a->sq[1]));
			if (a->sq[0] != a->sq[1])
				continue;
			s = QTTT_SQUARE_GOFF(a->sq[0]);
			fprintf(f, "; O9@X9(%d)!X9(%d)", s, s);
			continue;
		}
		fprintf(f, "%c%d@%c%d(%d)",
		    QTTT_PLAYER_LETTER(qttt_state_turn(&before)),
		    before.pending, QTTT_LETTER(a->move), a->move,
		    QTTT_SQUARE_GOFF(a->sq[0]));
		for (m = 1; m <= QTTT_MAXMOVES; m++)
			if (classical(&st, m) && !classical(&before, m))
				fprintf(f, "!%c%d(%d)", QTTT_LETTER(m), m,
				    QTTT_SQUARE_GOFF(st.where[m][0]));
	}
	if (st.result.over && st.result.score[QTTT_X] <= 4 &&
	    st.result.score[QTTT_O] <= 4)
		fprintf(f, "; {X=%s,O=%s}",
		    qttt__notation_goff_score(st.result.score[QTTT_X]),
		    qttt__notation_goff_score(st.result.score[QTTT_O]));
	putc('\n', f);
	return ferror(f) ? -1 : 0;
}
