/*
 * A game as a list of canonical actions, and its line-notation form;
 * the state after a ply, the what-if of a measurement, and the action
 * between two states.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"

void
qttt_game_init(struct qttt_game *g)
{
	g->nplies = 0;
	qttt_state_init(&g->state);
}

/*
 * Stores a, just applied, as g's next ply in canonical form; after is
 * the state it led to.
 */
static inline void
add_ply(struct qttt_game *g, const struct qttt_action *a,
    const struct qttt_state *after)
{
	struct qttt_action *canon;
	int		 closing, sq;

	/* A legal game never has more plies than this; see qttt.h. */
	if (g->nplies >= QTTT_MAXPLIES)
		return;
	canon = &g->plies[g->nplies++];
	*canon = *a;
	if (canon->kind == QTTT_MEASURE) {
		/*
		 * Every naming comes to "the closing move goes to square
		 * s" (rule 7): where the collapse put it.  The closing move
		 * is the last one made, as a measurement follows it at
		 * once (rule 6).
		 */
		closing = after->next - 1;
		canon->move = closing;
		canon->sq[0] = canon->sq[1] = after->where[closing][0];
	} else if (canon->sq[0] > canon->sq[1]) {
		sq = canon->sq[0];
		canon->sq[0] = canon->sq[1];
		canon->sq[1] = sq;
	}
}

enum qttt_code
qttt_game_play(struct qttt_game *g, const struct qttt_action *a,
    struct qttt_diag *d)
{
	enum qttt_code	 code;

	if ((code = qttt_state_apply(&g->state, a, d)) == QTTT_OK)
		add_ply(g, a, &g->state);
	return code;
}

enum qttt_code
qttt__engine_game_play(struct qttt_game *g, struct engine *e,
    const struct qttt_action *a, struct qttt_diag *d)
{
	struct qttt_action *canon;
	enum qttt_code	 code;

	if (qttt__engine_place(e, a)) {
		/* Its squares in order, as the state has them. */
		if (g->nplies < QTTT_MAXPLIES) {
			canon = &g->plies[g->nplies++];
			canon->kind = QTTT_PLACE;
			canon->move = a->move;
			canon->sq[0] = e->st.where[a->move][0];
			canon->sq[1] = e->st.where[a->move][1];
		}
		return QTTT_OK;
	}
	if ((code = qttt__engine_apply(e, a, d)) == QTTT_OK)
		add_ply(g, a, &e->st);
	return code;
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
qttt__engine_action_text(char *p, const struct qttt_action *a)
{
	if (a->kind == QTTT_MEASURE) {
		memcpy(p, "measure ", 8);
		p += 8;
	}
	*p++ = QTTT_LETTER(a->move);
	/* A move number is one digit, but any byte is written whole. */
	if (a->move < 10)
		*p++ = '0' + a->move;
	else {
		if (a->move >= 100)
			*p++ = '0' + a->move / 100;
		*p++ = '0' + a->move / 10 % 10;
		*p++ = '0' + a->move % 10;
	}
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
qttt_action_format(const struct qttt_action *a, char *buf, size_t n)
{
	char	 text[ACTION_TEXT_MAX];

	return qttt__text_copy_out(buf, n, text,
	    qttt__engine_action_text(text, a) - text);
}

int
qttt_action_equal(const struct qttt_action *a, const struct qttt_action *b)
{
	return a->kind == b->kind && a->move == b->move &&
	    a->sq[0] == b->sq[0] &&
	    (a->kind == QTTT_MEASURE || a->sq[1] == b->sq[1]);
}

int
qttt_game_format(const struct qttt_game *g, char *buf, size_t n)
{
	/* The longest game: every ply, "; " after each, a result. */
	char	 text[QTTT_MAXPLIES * (ACTION_TEXT_MAX + 2) +
		    RESULT_TEXT_MAX], *p = text;
	size_t	 i;

	for (i = 0; i < g->nplies; i++) {
		if (i > 0) {
			*p++ = ';';
			*p++ = ' ';
		}
		p = qttt__engine_action_text(p, &g->plies[i]);
	}
	if (g->state.result.over) {
		if (i > 0) {
			*p++ = ';';
			*p++ = ' ';
		}
		p = qttt__engine_result_text(p, &g->state.result);
	}
	/* A record is never empty: a game with no move yet is "*". */
	if (p == text)
		*p++ = '*';
	return qttt__text_copy_out(buf, n, text, p - text);
}

void
qttt_game_state_at(const struct qttt_game *g, size_t ply,
    struct qttt_state *st)
{
	size_t	 i;

	if (ply >= g->nplies) {
		*st = g->state;
		return;
	}
	qttt_state_init(st);
	st->rules = g->state.rules;
	for (i = 0; i < ply; i++)
		qttt_state_apply(st, &g->plies[i], NULL);
}

long
qttt_game_whatif(struct qttt_game *g, unsigned int n)
{
	struct qttt_game	 alt;
	struct qttt_action	 other, acts[QTTT_MAXACTIONS];
	const unsigned char	*two;
	size_t			 i, j;
	unsigned int		 k = 0;

	for (i = 0; i < g->nplies && n > 0; i++) {
		if (g->plies[i].kind != QTTT_MEASURE || ++k < n)
			continue;
		qttt_game_init(&alt);
		alt.state.rules = g->state.rules;
		for (j = 0; j < i; j++)
			qttt_game_play(&alt, &g->plies[j], NULL);
		/* A canonical measurement names the closing move. */
		other = g->plies[i];
		two = alt.state.where[other.move];
		other.sq[0] = other.sq[1] =
		    two[0] == g->plies[i].sq[0] ? two[1] : two[0];
		if (qttt_game_play(&alt, &other, NULL) != QTTT_OK)
			return -1;	/* not a game qttt_game_play made */
		/* The forced X9 involves no choice: the game plays it. */
		if (qttt_state_forced(&alt.state)) {
			qttt_state_actions(&alt.state, acts);
			if (qttt_game_play(&alt, &acts[0], NULL) != QTTT_OK)
				return -1;
		}
		*g = alt;
		return (long)i;
	}
	return -1;
}

int
qttt_action_between(const struct qttt_state *a, const struct qttt_state *b,
    struct qttt_action *out)
{
	struct qttt_state next = *a;
	struct qttt_action act;
	int		 m;

	memset(&act, 0, sizeof(act));
	if (a->pending != 0 && b->next == a->next) {
		m = a->pending;
		if (b->where[m][0] >= QTTT_NSQUARES ||
		    b->where[m][0] != b->where[m][1])
			return -1;
		act.kind = QTTT_MEASURE;
		act.move = m;
		act.sq[0] = act.sq[1] = b->where[m][0];
	} else if (a->pending == 0 && a->next <= QTTT_MAXMOVES &&
	    b->next == a->next + 1) {
		m = a->next;
		act.kind = QTTT_PLACE;
		act.move = m;
		act.sq[0] = b->where[m][0];
		act.sq[1] = b->where[m][1];
		if (act.sq[0] >= QTTT_NSQUARES || act.sq[1] >= QTTT_NSQUARES)
			return -1;
	} else
		return -1;
	if (qttt_state_apply(&next, &act, NULL) != QTTT_OK ||
	    !qttt_state_equal(&next, b))
		return -1;
	*out = act;
	return 0;
}
