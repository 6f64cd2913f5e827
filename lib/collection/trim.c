/*
 * What is written of a game selected: its first plies only, and its
 * extras without comments, tags, glyphs or variations, as
 * pgn-extract(1) writes a chess game without them (qttt-select
 * --ply-limit, --no-comments, --no-tags, --no-glyphs, --novars).
 */
#include <stddef.h>

#include "qttt.h"
#include "notation/notation.h"

/* Whether a note of a move is kept. */
static int
keep_note(const struct qttt_meta *m, unsigned int strip)
{
	int	 glyph = qttt__notation_glyph_note(m);

	return glyph ? !(strip & QTTT_STRIP_GLYPHS) :
	    !(strip & QTTT_STRIP_TAGS);
}

void
qttt_game_trim(struct qttt_game *g, struct qttt_extras *ex, size_t plies,
    unsigned int strip, struct qttt_meta notes[QTTT_MAXNOTES])
{
	struct qttt_ply_extras *px;
	size_t		 i, j, start, n = 0;

	if (plies < g->nplies) {
		qttt_game_state_at(g, plies, &g->state);
		g->nplies = plies;
	}
	if (ex == NULL)
		return;
	/* A result awarded goes with the whole game and its termination
	 * tag. */
	if (plies < g->nplies || (strip & QTTT_STRIP_TAGS))
		ex->awarded.over = 0;
	if (strip & QTTT_STRIP_COMMENTS) {
		ex->comment = NULL;
		ex->commentlen = 0;
	}
	if (strip & QTTT_STRIP_TAGS)
		ex->nmeta = 0;
	if (strip & QTTT_STRIP_VARIATIONS)
		ex->nvars = 0;
	ex->varstrip = strip & (QTTT_STRIP_COMMENTS | QTTT_STRIP_TAGS |
	    QTTT_STRIP_GLYPHS);
	for (i = 0; i < QTTT_MAXPLIES; i++) {
		px = &ex->ply[i];
		if (i >= g->nplies) {
			px->comment = NULL;
			px->commentlen = 0;
			px->nnotes = 0;
			continue;
		}
		if (strip & QTTT_STRIP_COMMENTS) {
			px->comment = NULL;
			px->commentlen = 0;
		}
		if (!(strip & (QTTT_STRIP_TAGS | QTTT_STRIP_GLYPHS)) ||
		    px->nnotes == 0)
			continue;
		/* The notes kept, copied in order. */
		start = n;
		for (j = 0; j < px->nnotes && n < QTTT_MAXNOTES; j++)
			if (keep_note(&px->notes[j], strip))
				notes[n++] = px->notes[j];
		px->notes = notes + start;
		px->nnotes = n - start;
	}
}
