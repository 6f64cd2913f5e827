/*
 * Diagrams: what the text and SVG writers share.  The options and their
 * defaults, where each square is drawn after a rotation or a flip, the
 * labels along the edges, and the sentences that say whose turn it is.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "render/render.h"

static int	 markup_error(struct qttt_diag *, enum qttt_code, const char *,
		    size_t, const char *, const char *);

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

/*
 * The drawing options by name (qttt_render_option()), each with the
 * names of its values: the first name of a value is the one
 * qttt_render_option_name() gives.  rotate takes a number instead.
 */
struct option_value {
	const char	*name;
	int		 value;
};

static const struct option_value coords_values[] = {
	{ "none", QTTT_COORDS_NONE }, { "a1", QTTT_COORDS_A1 },
	{ "goff", QTTT_COORDS_GOFF }, { "1-9", QTTT_COORDS_GOFF },
	{ NULL, 0 }
};
static const struct option_value theme_values[] = {
	{ "light", QTTT_THEME_LIGHT }, { "dark", QTTT_THEME_DARK },
	{ "mono", QTTT_THEME_MONO }, { NULL, 0 }
};
static const struct option_value flip_values[] = {
	{ "none", QTTT_FLIP_NONE }, { "h", QTTT_FLIP_H },
	{ "horizontal", QTTT_FLIP_H }, { "v", QTTT_FLIP_V },
	{ "vertical", QTTT_FLIP_V }, { NULL, 0 }
};
static const struct option_value rotate_values[] = {
	{ "0", 0 }, { "90", 90 }, { "180", 180 }, { "270", 270 },
	{ NULL, 0 }
};
static const struct option_value bool_values[] = {
	{ "0", 0 }, { "1", 1 }, { NULL, 0 }
};

enum { OPT_COORDS, OPT_THEME, OPT_FLIP, OPT_ROTATE, OPT_BARE,
	OPT_HIGHLIGHT };

static const struct {
	const char	*name;
	const struct option_value *values;
	const char	*takes;		/* for a message */
} render_options[] = {
	[OPT_COORDS] = { "coords", coords_values, "none, a1, goff or 1-9" },
	[OPT_THEME] = { "theme", theme_values, "light, dark or mono" },
	[OPT_FLIP] = { "flip", flip_values, "none, h (horizontal) or v "
	    "(vertical)" },
	[OPT_ROTATE] = { "rotate", rotate_values, "0, 90, 180 or 270" },
	[OPT_BARE] = { "bare", bool_values, "0 or 1" },
	[OPT_HIGHLIGHT] = { "highlight", bool_values, "0 or 1" },
};
#define NOPTIONS	(sizeof(render_options) / sizeof(render_options[0]))

/* The index of option name in render_options, or -1. */
static int
option_index(const char *name)
{
	size_t	 i;

	for (i = 0; i < NOPTIONS; i++)
		if (strcmp(name, render_options[i].name) == 0)
			return (int)i;
	return -1;
}

/* The value of option i in o. */
static int
option_get(const struct qttt_render_opts *o, int i)
{
	switch (i) {
	case OPT_COORDS:
		return o->coords;
	case OPT_THEME:
		return o->theme;
	case OPT_FLIP:
		return o->flip;
	case OPT_ROTATE:
		return o->rotate;
	case OPT_BARE:
		return o->bare;
	default:
		return o->highlight;
	}
}

int
qttt_render_option(struct qttt_render_opts *o, const char *name,
    const char *value, struct qttt_diag *d)
{
	const struct option_value *v;
	int	 i;

	if ((i = option_index(name)) == -1) {
		markup_error(d, QTTT_E_SYNTAX, name, 0, "unknown drawing "
		    "option", "coords, theme, flip, rotate, bare or highlight");
		return -1;
	}
	for (v = render_options[i].values; v->name != NULL; v++)
		if (strcmp(value, v->name) == 0)
			break;
	if (v->name == NULL) {
		markup_error(d, QTTT_E_SYNTAX, value, 0, name,
		    render_options[i].takes);
		if (*value == '\0' || strcspn(value, " \t") == 0)
			snprintf(d->msg, sizeof(d->msg), "%s: no value: it is "
			    "%s", name, render_options[i].takes);
		return -1;
	}
	switch (i) {
	case OPT_COORDS:
		o->coords = v->value;
		break;
	case OPT_THEME:
		o->theme = v->value;
		break;
	case OPT_FLIP:
		o->flip = v->value;
		break;
	case OPT_ROTATE:
		o->rotate = v->value;
		break;
	case OPT_BARE:
		o->bare = v->value;
		break;
	default:
		o->highlight = v->value;
		break;
	}
	return 0;
}

const char *
qttt_render_option_name(const struct qttt_render_opts *o, const char *name)
{
	const struct option_value *v;
	int	 i;

	if ((i = option_index(name)) == -1)
		return NULL;
	for (v = render_options[i].values; v->name != NULL; v++)
		if (v->value == (option_get(o, i) != 0 &&
		    render_options[i].values == bool_values ? 1 :
		    option_get(o, i)))
			return v->name;
	return render_options[i].values[0].name;
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

int
qttt__render_flags(const struct qttt_render_opts *o, int utf8)
{
	return (utf8 ? RENDER_UTF8 : 0) |
	    (o->coords == QTTT_COORDS_GOFF ? RENDER_GOFF : 0);
}

void
qttt__render_layout(const struct qttt_render_opts *o,
    unsigned char at[QTTT_NSQUARES])
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
qttt__render_axes(const struct qttt_render_opts *o, char cols[3], char rows[3])
{
	unsigned char	 at[QTTT_NSQUARES];
	int		 i, a, b;

	qttt__render_layout(o, at);
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
qttt__render_complete(const struct qttt_state *st,
    const struct qttt_action *plies, size_t n)
{
	struct qttt_state s;
	size_t		 i;

	if (plies == NULL && n > 0)
		return 0;
	qttt_state_init(&s);
	s.rules = st->rules;
	for (i = 0; i < n; i++)
		if (qttt_state_apply(&s, &plies[i], NULL) != QTTT_OK)
			return 0;
	return qttt_state_equal(&s, st);
}

/* A square as the diagrams name it: "b2", or Goff's "5". */
static const char *
square_name(int sq, int flags)
{
	static const char *const goff[QTTT_NSQUARES] = {
		"1", "2", "3", "4", "5", "6", "7", "8", "9"
	};

	return flags & RENDER_GOFF ? goff[sq] : qttt_square_name(sq);
}

int
qttt__render_action(const struct qttt_action *a, char *buf, size_t n, int flags)
{
	if (a->kind == QTTT_MEASURE)
		return snprintf(buf, n, "%c%d%s%s", QTTT_LETTER(a->move),
		    a->move, flags & RENDER_UTF8 ? "\xe2\x86\x92" : "->",
		    square_name(a->sq[0], flags));
	if (!(flags & RENDER_GOFF))
		return qttt_action_format(a, buf, n);
	/* Goff's placement, X1+(1,2); the forced X9 as X9+(s,s). */
	return snprintf(buf, n, "%c%d+(%d,%d)", QTTT_LETTER(a->move),
	    a->move, QTTT_SQUARE_GOFF(a->sq[0]),
	    QTTT_SQUARE_GOFF(a->sq[1]));
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

void
qttt__render_outcome(const struct qttt_state *st,
    const struct qttt_action *act, int flags, struct qttt_state *next,
    char *what, size_t n)
{
	struct qttt_action forced[QTTT_MAXACTIONS];
	char		 name[32], then[32];

	*next = *st;
	qttt_state_apply(next, act, NULL);
	qttt__render_action(act, name, sizeof(name), flags);
	then[0] = '\0';
	if (qttt_state_forced(next)) {
		qttt_state_actions(next, forced);
		qttt_state_apply(next, &forced[0], NULL);
		qttt__render_action(&forced[0], then, sizeof(then), flags);
	}
	snprintf(what, n, "%c measures %s%s%s",
	    QTTT_PLAYER_LETTER(qttt_state_turn(st)), name,
	    then[0] != '\0' ? ", then " : "", then);
}

/* The end of the game: its result, and the lines or the draw. */
static void
status_over(const struct qttt_state *st, int terse, int flags, char *buf,
    size_t n, size_t *len)
{
	struct qttt_line lines[QTTT_NLINES];
	size_t		 nl, i, j;
	char		 tmp[64], res[8];
	int		 sq, open = 0;

	qttt_result_format(&st->result, res, sizeof(res));
	nl = qttt_state_lines(st, lines);
	snprintf(tmp, sizeof(tmp), "Game over, %s", res);
	append(buf, n, len, tmp);
	for (sq = 0; sq < QTTT_NSQUARES; sq++)
		open += st->board[sq] == 0;
	/* A square left open: last-square=draw's end. */
	if (nl == 0 && open > 0)
		append(buf, n, len, terse ? " (a draw, one square open)." :
		    ": a draw, one square open.");
	else if (nl == 0)
		append(buf, n, len, terse ? " (cat's game)." :
		    ": a cat's game.");
	else if (terse)
		append(buf, n, len, ".");
	for (i = 0; i < nl && !terse; i++) {
		snprintf(tmp, sizeof(tmp), "%s%c", i == 0 ? ": " : ", ",
		    QTTT_PLAYER_LETTER(lines[i].player));
		append(buf, n, len, tmp);
		for (j = 0; j < 3; j++) {
			append(buf, n, len, " ");
			append(buf, n, len,
			    square_name(lines[i].squares[j], flags));
		}
		snprintf(tmp, sizeof(tmp), " (time %d)%s", lines[i].time,
		    i + 1 == nl ? "." : "");
		append(buf, n, len, tmp);
	}
}

/* The measurement due: the cycle, who measures, the two outcomes. */
static void
status_pending(const struct qttt_state *st, int terse, int flags,
    char *buf, size_t n, size_t *len)
{
	struct qttt_action act[QTTT_MAXACTIONS];
	struct qttt_cycle c;
	size_t		 i;
	char		 tmp[64];
	int		 p = st->pending;

	qttt_state_cycle(st, &c);
	snprintf(tmp, sizeof(tmp), "%c%d closed the cycle", QTTT_LETTER(p),
	    p);
	append(buf, n, len, tmp);
	for (i = 0; i < c.nsquares && !terse; i++) {
		append(buf, n, len, " ");
		append(buf, n, len, square_name(c.squares[i], flags));
	}
	qttt_state_actions(st, act);
	/* The measurer as the profile has it (measurer=closer). */
	snprintf(tmp, sizeof(tmp), "; %c measures: ",
	    QTTT_PLAYER_LETTER(qttt_state_turn(st)));
	append(buf, n, len, tmp);
	for (i = 0; i < 2; i++) {
		qttt__render_action(&act[i], tmp, sizeof(tmp), flags);
		append(buf, n, len, tmp);
		append(buf, n, len, i == 0 ? " or " : ".");
	}
}

const struct qttt_result *
qttt__render_awarded(const struct qttt_state *st,
    const struct qttt_render_opts *o)
{
	return o != NULL && o->awarded != NULL && o->awarded->over &&
	    !st->result.over ? o->awarded : NULL;
}

/*
 * The end a forfeit or an adjudication gave the game: its result, and
 * who forfeited (the player who scores nothing) and why.
 */
static void
status_awarded(const struct qttt_result *r, enum qttt_termination t,
    int terse, char *buf, size_t n, size_t *len)
{
	char	 tmp[96], res[8];

	qttt_result_format(r, res, sizeof(res));
	if (t == QTTT_TERM_ADJUDICATION)
		snprintf(tmp, sizeof(tmp), "Game over, %s by adjudication.",
		    res);
	else if (terse)
		snprintf(tmp, sizeof(tmp), "Game over, %s by forfeit.", res);
	else
		snprintf(tmp, sizeof(tmp), "Game over, %s: %c forfeits (%s).",
		    res, QTTT_PLAYER_LETTER(r->score[QTTT_X] == 0 ? QTTT_X :
		    QTTT_O), qttt_termination_name(t));
	append(buf, n, len, tmp);
}

int
qttt__render_status(const struct qttt_state *st,
    const struct qttt_render_opts *award, int terse, int flags, char *buf,
    size_t n)
{
	struct qttt_action act[QTTT_MAXACTIONS];
	const struct qttt_result *r = qttt__render_awarded(st, award);
	size_t		 len = 0;
	const char	*s, *comma;
	char		 tmp[64], name[QTTT_RULES_NAME_MAX];

	if (n > 0)
		buf[0] = '\0';
	if (r != NULL)
		status_awarded(r, award->termination, terse, buf, n, &len);
	else if (st->result.over)
		status_over(st, terse, flags, buf, n, &len);
	else if (st->pending != 0)
		status_pending(st, terse, flags, buf, n, &len);
	else if (qttt_state_forced(st)) {
		qttt_state_actions(st, act);
		snprintf(tmp, sizeof(tmp), "X9 is forced in %s.",
		    square_name(act[0].sq[0], flags));
		append(buf, n, &len, tmp);
	} else {
		snprintf(tmp, sizeof(tmp), "%c to move (%c%d).",
		    QTTT_LETTER(st->next), QTTT_LETTER(st->next), st->next);
		append(buf, n, &len, tmp);
	}
	/*
	 * A profile other than Goff's rules is named with every status,
	 * a blank after each comma so that a long name folds.
	 */
	if (st->rules != QTTT_RULES_GOFF &&
	    qttt_rules_format(st->rules, name, sizeof(name)) >= 0) {
		append(buf, n, &len, " Rules: ");
		for (s = name; (comma = strchr(s, ',')) != NULL; s = comma + 1) {
			snprintf(tmp, sizeof(tmp), "%.*s, ", (int)(comma - s),
			    s);
			append(buf, n, &len, tmp);
		}
		append(buf, n, &len, s);
		append(buf, n, &len, ".");
	}
	return (int)len;
}

/* ------------------------------------------------------------------ */
/* Markup (qttt-render -k)                                              */
/* ------------------------------------------------------------------ */

/*
 * Fails with "what 'token': hint", the token the word of s at col;
 * without a token, "what".
 */
static int
markup_error(struct qttt_diag *d, enum qttt_code code, const char *s,
    size_t col, const char *what, const char *hint)
{
	size_t	 n;

	memset(d, 0, sizeof(*d));
	d->code = code;
	d->severity = qttt_code_severity(code);
	d->col = col;
	n = strcspn(s + col, " \t");
	if (n == 0)
		snprintf(d->msg, sizeof(d->msg), "%s", what);
	else
		snprintf(d->msg, sizeof(d->msg), "%s '%.*s': %s", what,
		    n > 40 ? 40 : (int)n, s + col, hint);
	return -1;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A square at s: a1..c3 or Goff's 1..9, then a blank or the end. */
static int
markup_square(const char *s, size_t *len)
{
	if (s[0] >= 'a' && s[0] <= 'c' && s[1] >= '1' && s[1] <= '3' &&
	    (s[2] == '\0' || blank(s[2]))) {
		*len = 2;
		return (s[1] - '1') * 3 + s[0] - 'a';
	}
	if (s[0] >= '1' && s[0] <= '9' && (s[1] == '\0' || blank(s[1]))) {
		*len = 1;
		return s[0] - '1';
	}
	return -1;
}

/* A CSS colour that needs no escaping: #rgb, #rrggbb or letters. */
static int
markup_colour(const char *s, size_t n)
{
	size_t	 i;

	if (n == 0 || n >= QTTT_MARKUP_COLOUR)
		return 0;
	if (s[0] == '#') {
		for (i = 1; i < n; i++)
			if (!((s[i] >= '0' && s[i] <= '9') ||
			    (s[i] >= 'a' && s[i] <= 'f') ||
			    (s[i] >= 'A' && s[i] <= 'F')))
				return 0;
		return n == 4 || n == 7;
	}
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z')))
			return 0;
	return 1;
}

int
qttt_markup_parse(const char *s, struct qttt_markup *m, struct qttt_diag *d)
{
	static const char *const kinds[] = {
		[QTTT_MARKUP_FILL] = "fill", [QTTT_MARKUP_OUTLINE] = "outline",
		[QTTT_MARKUP_ARROW] = "arrow", [QTTT_MARKUP_LABEL] = "label"
	};
	size_t	 i = 0, k, n, len, nsq = 0;
	int	 sq;

	memset(m, 0, sizeof(*m));
	while (blank(s[i]))
		i++;
	for (n = 0; s[i + n] != '\0' && !blank(s[i + n]) && s[i + n] != '=';
	    n++)
		continue;
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (strlen(kinds[k]) == n && strncmp(s + i, kinds[k], n) == 0)
			break;
	if (k == sizeof(kinds) / sizeof(kinds[0]))
		return markup_error(d, QTTT_E_SYNTAX, s, i, "unknown markup",
		    "fill, outline, arrow or label, then squares");
	m->kind = k;
	i += n;
	if (s[i] == '=') {
		for (n = 0; s[i + 1 + n] != '\0' && !blank(s[i + 1 + n]); n++)
			continue;
		if (!markup_colour(s + i + 1, n))
			return markup_error(d, QTTT_E_SYNTAX, s, i + 1,
			    "bad colour", "#rgb, #rrggbb or a name");
		memcpy(m->colour, s + i + 1, n);
		i += 1 + n;
	}
	for (;;) {
		while (blank(s[i]))
			i++;
		if (s[i] == '\0')
			break;
		if (m->kind == QTTT_MARKUP_LABEL && nsq == 1) {
			for (n = 0; s[i + n] != '\0' && !blank(s[i + n]); n++)
				if ((unsigned char)s[i + n] < 0x21 ||
				    (unsigned char)s[i + n] > 0x7e)
					break;
			if (n == 0 || n >= QTTT_MARKUP_TEXT ||
			    (s[i + n] != '\0' && !blank(s[i + n])))
				return markup_error(d, QTTT_E_SYNTAX, s, i,
				    "bad label", "1 to 7 printable "
				    "characters, no blank");
			memcpy(m->text, s + i, n);
			i += n;
			nsq++;
			continue;
		}
		if ((sq = markup_square(s + i, &len)) < 0)
			return markup_error(d, QTTT_E_SQUARE, s, i,
			    "bad square", "a1 to c3, or 1 to 9");
		if ((m->kind == QTTT_MARKUP_ARROW && nsq == 2) ||
		    (m->kind == QTTT_MARKUP_LABEL && nsq == 2))
			return markup_error(d, QTTT_E_SYNTAX, s, i,
			    "one square too many", m->kind ==
			    QTTT_MARKUP_ARROW ? "an arrow takes two" :
			    "a label takes one and a text");
		if (nsq == 0)
			m->from = sq;
		else
			m->to = sq;
		m->squares |= 1u << sq;
		nsq++;
		i += len;
	}
	if (nsq == 0 || (m->kind == QTTT_MARKUP_ARROW && nsq != 2) ||
	    (m->kind == QTTT_MARKUP_LABEL && nsq != 2))
		return markup_error(d, QTTT_E_SYNTAX, s, i, m->kind ==
		    QTTT_MARKUP_ARROW ? "an arrow takes two squares" :
		    m->kind == QTTT_MARKUP_LABEL ? "a label takes a square "
		    "and a text" : "no square", "");
	if (m->kind == QTTT_MARKUP_ARROW && m->from == m->to)
		return markup_error(d, QTTT_E_SYNTAX, s, i, "an arrow needs "
		    "two different squares", "");
	return 0;
}
