/*
 * Diagrams: what the text and SVG writers share.  The options and their
 * defaults, where each square is drawn after a rotation or a flip, the
 * labels along the edges, and the sentences that say whose turn it is.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "internal.h"

void
qttt_render_defaults(struct qttt_render_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->coords = QTTT_COORDS_NONE;
	o->theme = QTTT_THEME_LIGHT;
	o->flip = QTTT_FLIP_NONE;
	o->highlight = 1;
	o->frame_ms = 1200;
}

enum qttt_sym
qttt_render_sym(const struct qttt_render_opts *o)
{
	static const enum qttt_sym turn[4] = {
		QTTT_SYM_IDENTITY, QTTT_SYM_ROT90, QTTT_SYM_ROT180,
		QTTT_SYM_ROT270
	};
	enum qttt_sym	 flip = QTTT_SYM_IDENTITY;

	if (o->flip == QTTT_FLIP_H)
		flip = QTTT_SYM_FLIP_H;
	else if (o->flip == QTTT_FLIP_V)
		flip = QTTT_SYM_FLIP_V;
	return qttt_sym_compose(flip, turn[(o->rotate / 90) & 3]);
}

int
qttt_render_place(const struct qttt_render_opts *o, int sq)
{
	return qttt_sym_square(qttt_render_sym(o), sq);
}

void
render_layout(const struct qttt_render_opts *o, unsigned char at[QTTT_NSQUARES])
{
	enum qttt_sym	 back = qttt_sym_inverse(qttt_render_sym(o));
	int		 p;

	for (p = 0; p < QTTT_NSQUARES; p++)
		at[p] = qttt_sym_square(back, p);
}

/*
 * The label of each column and row of the picture: after a quarter
 * turn the columns of the picture are rows of the board, so they are
 * labelled with digits.
 */
void
render_axes(const struct qttt_render_opts *o, char cols[3], char rows[3])
{
	unsigned char	 at[QTTT_NSQUARES];
	int		 i, a, b;

	render_layout(o, at);
	for (i = 0; i < 3; i++) {
		a = at[i];		/* top of picture column i */
		b = at[3 + i];
		cols[i] = a % 3 == b % 3 ? 'a' + a % 3 : '1' + a / 3;
		a = at[3 * i];		/* left of picture row i */
		b = at[3 * i + 1];
		rows[i] = a / 3 == b / 3 ? '1' + a / 3 : 'a' + a % 3;
	}
}

int
render_complete(const struct qttt_state *st, const struct qttt_action *plies,
    size_t n)
{
	struct qttt_state s;
	size_t		 i;

	if (plies == NULL && n > 0)
		return 0;
	qttt_state_init(&s);
	for (i = 0; i < n; i++)
		if (qttt_state_apply(&s, &plies[i], NULL) != QTTT_OK)
			return 0;
	return qttt_state_equal(&s, st);
}

int
render_action(const struct qttt_action *a, char *buf, size_t n, int utf8)
{
	if (a->kind == QTTT_MEASURE)
		return snprintf(buf, n, "%c%d%s%s", QTTT_LETTER(a->move),
		    a->move, utf8 ? "\xe2\x86\x92" : "->",
		    qttt_square_name(a->sq[0]));
	return qttt_action_format(a, buf, n);
}

/* Appends to buf as snprintf would, keeping the length in *len. */
static void
append(char *buf, size_t n, size_t *len, const char *s)
{
	size_t	 k = strlen(s);

	if (*len < n)
		snprintf(buf + *len, n - *len, "%s", s);
	*len += k;
}

int
render_status(const struct qttt_state *st, int terse, int utf8, char *buf,
    size_t n)
{
	struct qttt_line lines[QTTT_NLINES];
	struct qttt_action act[QTTT_MAXACTIONS];
	struct qttt_cycle c;
	size_t		 len = 0, nl, i, j;
	char		 tmp[64], res[8];
	int		 p = st->pending;

	if (n > 0)
		buf[0] = '\0';
	if (st->result.over) {
		qttt_result_format(&st->result, res, sizeof(res));
		nl = qttt_state_lines(st, lines);
		snprintf(tmp, sizeof(tmp), "Game over, %s", res);
		append(buf, n, &len, tmp);
		if (nl == 0)
			append(buf, n, &len, terse ? " (cat's game)." :
			    ": a cat's game.");
		else if (terse)
			append(buf, n, &len, ".");
		for (i = 0; i < nl && !terse; i++) {
			snprintf(tmp, sizeof(tmp), "%s%c", i == 0 ? ": " :
			    ", ", QTTT_PLAYER_LETTER(lines[i].player));
			append(buf, n, &len, tmp);
			for (j = 0; j < 3; j++) {
				append(buf, n, &len, " ");
				append(buf, n, &len,
				    qttt_square_name(lines[i].squares[j]));
			}
			snprintf(tmp, sizeof(tmp), " (time %d)%s",
			    lines[i].time, i + 1 == nl ? "." : "");
			append(buf, n, &len, tmp);
		}
		return (int)len;
	}
	if (p != 0) {
		qttt_state_cycle(st, &c);
		snprintf(tmp, sizeof(tmp), "%c%d closed the cycle",
		    QTTT_LETTER(p), p);
		append(buf, n, &len, tmp);
		for (i = 0; i < c.nsquares && !terse; i++) {
			append(buf, n, &len, " ");
			append(buf, n, &len, qttt_square_name(c.squares[i]));
		}
		qttt_state_actions(st, act);
		snprintf(tmp, sizeof(tmp), "; %c measures: ",
		    QTTT_PLAYER_LETTER(qttt_state_turn(st)));
		append(buf, n, &len, tmp);
		for (i = 0; i < 2; i++) {
			render_action(&act[i], tmp, sizeof(tmp), utf8);
			append(buf, n, &len, tmp);
			append(buf, n, &len, i == 0 ? " or " : ".");
		}
		return (int)len;
	}
	if (qttt_state_forced(st)) {
		qttt_state_actions(st, act);
		snprintf(tmp, sizeof(tmp), "X9 is forced in %s.",
		    qttt_square_name(act[0].sq[0]));
		append(buf, n, &len, tmp);
		return (int)len;
	}
	snprintf(tmp, sizeof(tmp), "%c to move (%c%d).",
	    QTTT_LETTER(st->next), QTTT_LETTER(st->next), st->next);
	append(buf, n, &len, tmp);
	return (int)len;
}
