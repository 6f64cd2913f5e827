/*
 * A game as a list of canonical actions, and its line-notation form.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "internal.h"

void
qttt_game_init(struct qttt_game *g)
{
	g->nplies = 0;
	qttt_state_init(&g->state);
}

enum qttt_code
qttt_game_play(struct qttt_game *g, const struct qttt_action *a,
    struct qttt_diag *d)
{
	struct qttt_action *canon;
	enum qttt_code	 code;
	int		 closing, sq;

	if ((code = qttt_state_apply(&g->state, a, d)) != QTTT_OK)
		return code;
	/* A legal game never has more plies than this; see qttt.h. */
	if (g->nplies >= QTTT_MAXPLIES)
		return QTTT_OK;
	canon = &g->plies[g->nplies++];
	*canon = *a;
	if (canon->kind == QTTT_MEASURE) {
		/*
		 * Every naming comes to "the closing move goes to square
		 * s" (rule 7): where the collapse put it.  The closing move
		 * is the last one made, as a measurement follows it at
		 * once (rule 6).
		 */
		closing = g->state.next - 1;
		canon->move = closing;
		canon->sq[0] = canon->sq[1] = g->state.where[closing][0];
	} else if (canon->sq[0] > canon->sq[1]) {
		sq = canon->sq[0];
		canon->sq[0] = canon->sq[1];
		canon->sq[1] = sq;
	}
	return QTTT_OK;
}

/* Appends a square's name, "??" for none. */
static char *
square_text(char *p, int sq)
{
	const char	*name = qttt_square_name(sq);

	*p++ = name[0];
	*p++ = name[1];
	return p;
}

/*
 * Written byte by byte rather than through snprintf: the JSON Lines
 * writer puts one in every state it writes.
 */
char *
qttt_action_text(char *p, const struct qttt_action *a)
{
	if (a->kind == QTTT_MEASURE) {
		memcpy(p, "measure ", 8);
		p += 8;
	}
	*p++ = QTTT_LETTER(a->move);
	/* A move number is one digit, but any byte is written whole. */
	if (a->move >= 100)
		*p++ = '0' + a->move / 100;
	if (a->move >= 10)
		*p++ = '0' + a->move / 10 % 10;
	*p++ = '0' + a->move % 10;
	if (a->kind == QTTT_MEASURE) {
		*p++ = '-';
		*p++ = '>';
	} else
		*p++ = ' ';
	p = square_text(p, a->sq[0]);
	if (a->kind != QTTT_MEASURE && a->sq[0] != a->sq[1]) {
		*p++ = ' ';
		p = square_text(p, a->sq[1]);
	}
	return p;
}

int
qttt_copy_out(char *buf, size_t n, const char *text, size_t len)
{
	if (n > 0) {
		n = len < n ? len : n - 1;
		memcpy(buf, text, n);
		buf[n] = '\0';
	}
	return (int)len;
}

int
qttt_action_format(const struct qttt_action *a, char *buf, size_t n)
{
	char	 text[QTTT_ACTION_TEXT];

	return qttt_copy_out(buf, n, text, qttt_action_text(text, a) - text);
}

int
qttt_game_format(const struct qttt_game *g, char *buf, size_t n)
{
	/* The longest game: every ply, "; " after each, a result. */
	char	 text[QTTT_MAXPLIES * (QTTT_ACTION_TEXT + 2) +
		    QTTT_RESULT_TEXT], *p = text;
	size_t	 i;

	for (i = 0; i < g->nplies; i++) {
		if (i > 0) {
			*p++ = ';';
			*p++ = ' ';
		}
		p = qttt_action_text(p, &g->plies[i]);
	}
	if (g->state.result.over) {
		if (i > 0) {
			*p++ = ';';
			*p++ = ' ';
		}
		p = qttt_result_text(p, &g->state.result);
	}
	/* A record is never empty: a game with no move yet is "*". */
	if (p == text)
		*p++ = '*';
	return qttt_copy_out(buf, n, text, p - text);
}
