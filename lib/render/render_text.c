/*
 * Text diagrams: a 3x3 board for a terminal, ASCII or Unicode box
 * drawing, at most 37 columns wide.  A classical square shows its mark
 * large (five columns, three lines) with its subscript; an open square
 * shows its spooky marks in a fixed 3x3 sub-grid, move m in place m,
 * so a mark never moves between frames of a game.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "render/render.h"

#define CELLW	10			/* inside a square, in columns */
#define CELLH	3			/* inside a square, in lines */
#define LEFT	2			/* room for the row labels */
#define TOP	1			/* room for the column labels */
#define COLS	(LEFT + 1 + 3 * (CELLW + 1))
#define ROWS	(TOP + 1 + 3 * (CELLH + 1))

/* One character cell holds one UTF-8 character. */
struct canvas {
	char	 cell[ROWS][COLS][4];
};

static void
put(struct canvas *cv, int r, int c, const char *ch)
{
	if (r >= 0 && r < ROWS && c >= 0 && c < COLS)
		snprintf(cv->cell[r][c], sizeof(cv->cell[r][c]), "%s", ch);
}

/* The characters of a style, indexed as below. */
enum { H, V, TL, TR, BL, BR, TT, BT, LT, RT, X4, NPARTS };

static const char *const ascii_box[NPARTS] = {
	"-", "|", "+", "+", "+", "+", "+", "+", "+", "+", "+"
};
static const char *const utf8_box[NPARTS] = {
	"\xe2\x94\x80", "\xe2\x94\x82", "\xe2\x94\x8c", "\xe2\x94\x90",
	"\xe2\x94\x94", "\xe2\x94\x98", "\xe2\x94\xac", "\xe2\x94\xb4",
	"\xe2\x94\x9c", "\xe2\x94\xa4", "\xe2\x94\xbc"
};

/* Large marks: five columns by three lines, one string a column. */
static const char *const ascii_x[CELLH][5] = {
	{ "\\", " ", " ", " ", "/" },
	{ " ", " ", "X", " ", " " },
	{ "/", " ", " ", " ", "\\" }
};
static const char *const ascii_o[CELLH][5] = {
	{ " ", ".", "-", ".", " " },
	{ "(", " ", " ", " ", ")" },
	{ " ", "'", "-", "'", " " }
};
static const char *const utf8_x[CELLH][5] = {
	{ "\xe2\x95\xb2", " ", " ", " ", "\xe2\x95\xb1" },
	{ " ", " ", "\xe2\x95\xb3", " ", " " },
	{ "\xe2\x95\xb1", " ", " ", " ", "\xe2\x95\xb2" }
};
static const char *const utf8_o[CELLH][5] = {
	{ "\xe2\x95\xad", "\xe2\x94\x80", "\xe2\x94\x80", "\xe2\x94\x80",
	  "\xe2\x95\xae" },
	{ "\xe2\x94\x82", " ", " ", " ", "\xe2\x94\x82" },
	{ "\xe2\x95\xb0", "\xe2\x94\x80", "\xe2\x94\x80", "\xe2\x94\x80",
	  "\xe2\x95\xaf" }
};

/* U+2081..U+2089, the subscript digits 1..9. */
static void
digit(char out[4], int d, int utf8)
{
	if (utf8)
		snprintf(out, 4, "\xe2\x82%c", (char)(0x80 + d));
	else
		snprintf(out, 4, "%d", d);
}

static void
draw_grid(struct canvas *cv, const char *const *b)
{
	int	 r, c, top = TOP, left = LEFT, edge_r, edge_c;

	for (r = 0; r <= 3 * (CELLH + 1); r++)
		for (c = 0; c <= 3 * (CELLW + 1); c++) {
			edge_r = r % (CELLH + 1) == 0;
			edge_c = c % (CELLW + 1) == 0;
			if (!edge_r && !edge_c)
				continue;
			if (!edge_c)
				put(cv, top + r, left + c, b[H]);
			else if (!edge_r)
				put(cv, top + r, left + c, b[V]);
			else if (r == 0)
				put(cv, top + r, left + c, c == 0 ? b[TL] :
				    c == 3 * (CELLW + 1) ? b[TR] : b[TT]);
			else if (r == 3 * (CELLH + 1))
				put(cv, top + r, left + c, c == 0 ? b[BL] :
				    c == 3 * (CELLW + 1) ? b[BR] : b[BT]);
			else
				put(cv, top + r, left + c, c == 0 ? b[LT] :
				    c == 3 * (CELLW + 1) ? b[RT] : b[X4]);
		}
}

static void
draw_square(struct canvas *cv, const struct qttt_state *st, int sq, int pr,
    int pc, int utf8)
{
	const char *const (*big)[5];
	char		 ch[4];
	int		 r0 = TOP + 1 + pr * (CELLH + 1);
	int		 c0 = LEFT + 1 + pc * (CELLW + 1);
	int		 m, r, c;

	if ((m = st->board[sq]) != 0) {
		if (QTTT_MOVER(m) == QTTT_X)
			big = utf8 ? utf8_x : ascii_x;
		else
			big = utf8 ? utf8_o : ascii_o;
		for (r = 0; r < CELLH; r++)
			for (c = 0; c < 5; c++)
				put(cv, r0 + r, c0 + 2 + c, big[r][c]);
		digit(ch, m, utf8);
		put(cv, r0 + CELLH - 1, c0 + 8, ch);
		return;
	}
	for (m = 1; m < st->next; m++) {
		if (st->where[m][0] == st->where[m][1] ||
		    (st->where[m][0] != sq && st->where[m][1] != sq))
			continue;
		r = (m - 1) / 3;
		c = 1 + 3 * ((m - 1) % 3);
		ch[0] = QTTT_LETTER(m) | 0x20;
		ch[1] = '\0';
		put(cv, r0 + r, c0 + c, ch);
		digit(ch, m, utf8);
		put(cv, r0 + r, c0 + c + 1, ch);
	}
}

static void
draw_coords(struct canvas *cv, const struct qttt_render_opts *o,
    const unsigned char at[QTTT_NSQUARES])
{
	char	 cols[3], rows[3], ch[2] = { 0, 0 };
	int	 i;

	if (o->coords == QTTT_COORDS_A1) {
		qttt__render_axes(o, cols, rows);
		for (i = 0; i < 3; i++) {
			ch[0] = cols[i];
			put(cv, 0, LEFT + 1 + i * (CELLW + 1) + CELLW / 2 - 1,
			    ch);
			ch[0] = rows[i];
			put(cv, TOP + 1 + i * (CELLH + 1) + CELLH / 2, 0, ch);
		}
	} else if (o->coords == QTTT_COORDS_GOFF) {
		/* In the top edge of each square, by its first column. */
		for (i = 0; i < QTTT_NSQUARES; i++) {
			ch[0] = '1' + at[i];
			put(cv, TOP + (i / 3) * (CELLH + 1),
			    LEFT + 1 + (i % 3) * (CELLW + 1), ch);
		}
	}
}

/* Writes the canvas, without trailing blanks or empty margins. */
static void
emit(FILE *f, const struct canvas *cv, int coords)
{
	int	 r, c, last, from = coords == QTTT_COORDS_A1 ? 0 : TOP;
	int	 left = coords == QTTT_COORDS_A1 ? 0 : LEFT;

	for (r = from; r < ROWS; r++) {
		for (last = COLS - 1; last >= left; last--)
			if (strcmp(cv->cell[r][last], " ") != 0)
				break;
		for (c = left; c <= last; c++)
			fputs(cv->cell[r][c], f);
		putc('\n', f);
	}
}

static void
draw_board(FILE *f, const struct qttt_state *st,
    const struct qttt_render_opts *o)
{
	struct canvas	 cv;	/* on the stack: callers may be on threads */
	unsigned char	 at[QTTT_NSQUARES];
	int		 r, c, p;

	for (r = 0; r < ROWS; r++)
		for (c = 0; c < COLS; c++)
			put(&cv, r, c, " ");
	qttt__render_layout(o, at);
	draw_grid(&cv, o->unicode ? utf8_box : ascii_box);
	for (p = 0; p < QTTT_NSQUARES; p++)
		draw_square(&cv, st, at[p], p / 3, p % 3, o->unicode);
	draw_coords(&cv, o, at);
	emit(f, &cv, o->coords);
}

/*
 * Writes s with every mark (X or O and a digit, not inside a word)
 * given a subscript digit, for Unicode output.
 */
static void
put_marks(FILE *f, const char *s, int utf8)
{
	char	 d[4];
	size_t	 i;

	for (i = 0; s[i] != '\0'; i++) {
		putc(s[i], f);
		if (utf8 && (s[i] == 'X' || s[i] == 'O') &&
		    s[i + 1] >= '1' && s[i + 1] <= '9' &&
		    (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(')) {
			digit(d, s[i + 1] - '0', 1);
			fputs(d, f);
			i++;
		}
	}
}

/*
 * Writes s from column col, folded at blanks so that no line is wider
 * than 80 columns (a status with a long profile's name), then a line
 * break.
 */
static void
put_folded(FILE *f, const char *s, int utf8, size_t col)
{
	char	 line[320];
	size_t	 len = strlen(s), start = 0, brk, blank, i, w;

	do {
		brk = len;
		blank = 0;
		for (i = start, w = col; i < len; i++) {
			if (((unsigned char)s[i] & 0xc0) != 0x80)
				w++;
			if (s[i] == ' ')
				blank = i;
			if (w > 80 && blank > start) {
				brk = blank;
				break;
			}
		}
		snprintf(line, sizeof(line), "%.*s", (int)(brk - start),
		    s + start);
		put_marks(f, line, utf8);
		putc('\n', f);
		start = brk + 1;
		col = 0;
	} while (start < len);
}

/* The status line, after the last action when it is known. */
static void
draw_status(FILE *f, const struct qttt_state *st,
    const struct qttt_action *last, const struct qttt_render_opts *o,
    const struct qttt_render_opts *award)
{
	char	 act[32], status[256];
	int	 n;

	qttt__render_status(st, award, 0, qttt__render_flags(o, o->unicode),
	    status, sizeof(status));
	if (last == NULL) {
		put_folded(f, status, o->unicode, 0);
		return;
	}
	n = qttt__render_action(last, act, sizeof(act),
	    qttt__render_flags(o, o->unicode));
	fputs("After ", f);
	put_marks(f, act, o->unicode);
	/* One line if it fits in 80 columns, else two or more. */
	if (n + strlen(status) + 8 < 80) {
		fputs(": ", f);
		put_folded(f, status, o->unicode, (size_t)n + 8);
	} else {
		fputs(":\n", f);
		put_folded(f, status, o->unicode, 0);
	}
}

int
qttt_render_text(FILE *f, const struct qttt_state *st,
    const struct qttt_action *plies, size_t nplies,
    const struct qttt_render_opts *o)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state next;
	const struct qttt_action *last = NULL;
	char		 what[96];
	size_t		 i;

	if (plies != NULL && nplies > 0 && o->highlight)
		last = &plies[nplies - 1];
	if (!o->preview || st->pending == 0) {
		draw_board(f, st, o);
		if (!o->bare)
			draw_status(f, st, last, o, o);
		return ferror(f) ? -1 : 0;
	}
	qttt_state_actions(st, acts);
	for (i = 0; i < 2; i++) {
		qttt__render_outcome(st, &acts[i], qttt__render_flags(o,
		    o->unicode), &next, what, sizeof(what));
		if (i > 0)
			putc('\n', f);
		put_marks(f, what, o->unicode);
		fputs(":\n", f);
		draw_board(f, &next, o);
		if (!o->bare)
			draw_status(f, &next, NULL, o, NULL);
	}
	return ferror(f) ? -1 : 0;
}
