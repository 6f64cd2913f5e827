/*
 * SVG diagrams: the board, the entanglement graph beside it, the two
 * outcomes of a pending measurement, and a whole game as one animated
 * SVG.  Everything is drawn with presentation attributes, so the file
 * stands alone and any renderer shows it; every element also has a
 * stable class (formats/render.md), so a style sheet can restyle it.
 *
 * User units: a square is 100 units, so a board is 300; the px size
 * only scales the viewBox.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "render/render.h"

#define SQ		RENDER_SQUARE	/* a square: 100 */
#define BOARD		(3 * SQ)
#define PAD		16	/* around everything */
#define COORD		26	/* room for a1 coordinates */
#define GAP		56	/* between the board and the graph */
#define CAPTION		40	/* a caption line under a board */
#define CAPTION_SIZE	16	/* its font size */
#define NODE_R		RENDER_NODE_R	/* a node of the graph */
#define OUTLINE		4	/* a cycle's outline, from a square's edge */
/* Goff's number, right-aligned, in a square's corner. */
#define CORNER_X	(SQ - 4)
#define CORNER_Y	(SQ - 5)
/* An arrow's tip, inside the square it points at. */
#define ARROW_IN	4

#define FONT_MARK	"Georgia, 'DejaVu Serif', 'Times New Roman', serif"
#define FONT_LABEL	"'Helvetica Neue', Helvetica, Arial, " \
			"'DejaVu Sans', sans-serif"

struct palette {
	const char	*name;
	const char	*bg;		/* background */
	const char	*grid;		/* lines of the board, nodes */
	const char	*text;		/* captions */
	const char	*muted;		/* coordinates, node names */
	const char	*mark[2];	/* X, O */
	const char	*tint[2];	/* a classical square of X, of O */
	const char	*last;		/* behind the last action */
	const char	*accent;	/* the pending cycle */
	const char	*glow;		/* under the cycle's edges */
	const char	*strike;	/* the opacity of a completed line */
	const char	*markup[3];	/* -k fill, outline, arrow */
};

static const struct palette palettes[] = {
	[QTTT_THEME_LIGHT] = { "light", "#ffffff", "#1f2937", "#111827",
	    "#6b7280", { "#1d4ed8", "#c2410c" }, { "#dbeafe", "#ffedd5" },
	    "#fde047", "#7c3aed", "#ddd6fe", "0.4",
	    { "#bbf7d0", "#dc2626", "#15803d" } },
	[QTTT_THEME_DARK] = { "dark", "#111827", "#d1d5db", "#f3f4f6",
	    "#9ca3af", { "#93c5fd", "#fdba74" }, { "#172554", "#431407" },
	    "#4b5563", "#c4b5fd", "#4c1d95", "0.8",
	    { "#14532d", "#f87171", "#4ade80" } },
	[QTTT_THEME_MONO] = { "mono", "#ffffff", "#000000", "#000000",
	    "#404040", { "#000000", "#000000" }, { "#e0e0e0", "#e0e0e0" },
	    "#bdbdbd", "#000000", "#bdbdbd", "0.4",
	    { "#d4d4d4", "#000000", "#000000" } },
};

/* X is bold, O regular: a cue that survives black-and-white print. */
static const char *const weight[2] = { "bold", "normal" };

struct svg {
	FILE				*f;
	const struct qttt_render_opts	*o;
	const struct palette		*pal;
	unsigned char			 at[QTTT_NSQUARES];	/* by place */
	unsigned char			 place[QTTT_NSQUARES];
	/* The game's last position, whose status o->awarded may name. */
	const struct qttt_state		*last;
};

static void
svg_init(struct svg *s, FILE *f, const struct qttt_render_opts *o)
{
	int	 p;

	s->f = f;
	s->o = o;
	s->last = NULL;
	s->pal = &palettes[o->theme <= QTTT_THEME_MONO ? o->theme : 0];
	qttt__render_layout(o, s->at);
	for (p = 0; p < QTTT_NSQUARES; p++)
		s->place[s->at[p]] = p;
}

/* A number with at most one decimal, and none when it is whole. */
static void
num(FILE *f, double v)
{
	long	 t = (long)(v * 10 + (v < 0 ? -0.5 : 0.5));

	if (t < 0) {
		putc('-', f);
		t = -t;
	}
	if (t % 10 == 0)
		fprintf(f, "%ld", t / 10);
	else
		fprintf(f, "%ld.%ld", t / 10, t % 10);
}

static void
xml_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			putc(*s, f);
			break;
		}
	}
}

/* Writes bytes from..to of s, escaped. */
static void
xml_span(FILE *f, const char *s, size_t from, size_t to)
{
	char	 ch[2] = { 0, 0 };

	for (; from < to; from++) {
		ch[0] = s[from];
		xml_text(f, ch);
	}
}

/*
 * Text with every mark (X or O and a digit, not inside a word) set as
 * the letter and a real subscript: smaller, on a lower baseline.  The
 * text after a subscript goes back up in a tspan of its own; blanks
 * stay outside the tspans, as some renderers drop a blank at either
 * end of one.
 */
static void
marked_text(FILE *f, const char *s, double size)
{
	size_t	 i = 0, end, core, last;
	int	 lowered = 0;

	while (s[i] != '\0') {
		for (end = i; s[end] != '\0' &&
		    !qttt__render_is_mark(s, end); end++)
			continue;
		if (!lowered)
			xml_span(f, s, i, end);
		else {
			for (core = i; core < end && s[core] == ' '; core++)
				continue;
			for (last = end; last > core && s[last - 1] == ' ';
			    last--)
				continue;
			xml_span(f, s, i, core);
			if (core < last) {
				fputs("<tspan dy=\"", f);
				num(f, -size * 0.2);
				fputs("\">", f);
				xml_span(f, s, core, last);
				fputs("</tspan>", f);
				lowered = 0;
			}
			xml_span(f, s, last, end);
		}
		if (s[end] == '\0')
			break;
		if (lowered) {
			/* Only blanks since the last subscript. */
			fputs("<tspan dy=\"", f);
			num(f, -size * 0.2);
			fprintf(f, "\">%c</tspan>", s[end]);
		} else
			putc(s[end], f);
		fputs("<tspan class=\"qttt-sub\" font-size=\"", f);
		num(f, size * RENDER_SUB);
		fputs("\" dy=\"", f);
		num(f, size * 0.2);
		fprintf(f, "\">%c</tspan>", s[end + 1]);
		lowered = 1;
		i = end + 2;
	}
}

/*
 * A mark, letter and subscript, centred on x with its baseline at y.
 * cls names what it is (qttt-classical, qttt-spooky, qttt-edge-label).
 */
static void
mark(struct svg *s, double x, double y, int m, double size, const char *cls,
    const char *extra)
{
	const char	*halo = "";
	int		 p = QTTT_MOVER(m);

	/* A halo's classes come last: "qttt-classical qttt-halo ...". */
	if (strncmp(cls, "qttt-classical ", 15) == 0) {
		halo = cls + 14;
		cls = "qttt-classical";
	}
	fprintf(s->f, "<text class=\"qttt-mark %s qttt-%c qttt-m%d%s\" x=\"",
	    cls, p == QTTT_X ? 'x' : 'o', m, halo);
	num(s->f, x);
	fputs("\" y=\"", s->f);
	num(s->f, y);
	fputs("\" font-size=\"", s->f);
	num(s->f, size);
	fprintf(s->f, "\" font-weight=\"%s\" fill=\"%s\" "
	    "text-anchor=\"middle\"%s>%c<tspan class=\"qttt-sub\" "
	    "font-size=\"", weight[p], s->pal->mark[p], extra,
	    QTTT_LETTER(m));
	num(s->f, size * RENDER_MARK_SUB);
	fputs("\" dy=\"", s->f);
	num(s->f, size * 0.14);
	fprintf(s->f, "\">%d</tspan></text>\n", m);
}

static void
square_xy(const struct svg *s, int sq, double bx, double by, double *x,
    double *y)
{
	int	 p = s->place[sq];

	*x = bx + (p % 3) * SQ;
	*y = by + (p / 3) * SQ;
}

/* Where spooky move m sits in a square: place m of a 3x3 sub-grid. */
static void
slot_xy(int m, double *x, double *y)
{
	*x = 21 + 26 * ((m - 1) % 3);
	*y = 23 + 25 * ((m - 1) / 3);
}

/* ------------------------------------------------------------------ */
/* The board                                                            */
/* ------------------------------------------------------------------ */

/* The attributes x1, y1, x2, y2 of a line. */
static void
line_ends(FILE *f, double x1, double y1, double x2, double y2)
{
	fputs(" x1=\"", f);
	num(f, x1);
	fputs("\" y1=\"", f);
	num(f, y1);
	fputs("\" x2=\"", f);
	num(f, x2);
	fputs("\" y2=\"", f);
	num(f, y2);
	putc('"', f);
}

static void
rect(struct svg *s, const char *cls, double x, double y, double w, double h,
    double rx, const char *paint)
{
	fprintf(s->f, "<rect class=\"%s\" x=\"", cls);
	num(s->f, x);
	fputs("\" y=\"", s->f);
	num(s->f, y);
	fputs("\" width=\"", s->f);
	num(s->f, w);
	fputs("\" height=\"", s->f);
	num(s->f, h);
	fputs("\" rx=\"", s->f);
	num(s->f, rx);
	fprintf(s->f, "\" %s/>\n", paint);
}

/* ------------------------------------------------------------------ */
/* Markup: what an author adds (-k)                                     */
/* ------------------------------------------------------------------ */

static const char *
markup_colour(const struct svg *s, const struct qttt_markup *m)
{
	return m->colour[0] != '\0' ? m->colour : s->pal->markup[m->kind];
}

/* Whether a label of the markup takes square sq's corner. */
static int
labelled(const struct svg *s, int sq)
{
	size_t	 i;

	for (i = 0; i < s->o->nmarkup; i++)
		if (s->o->markup[i].kind == QTTT_MARKUP_LABEL &&
		    s->o->markup[i].from == sq)
			return 1;
	return 0;
}

/* Fills and outlines: under the marks, the outlines on the grid. */
static void
markup_under(struct svg *s, double bx, double by)
{
	const struct qttt_markup *m;
	char		 paint[96];
	double		 x, y;
	size_t		 i;
	int		 sq;

	for (i = 0; i < s->o->nmarkup; i++) {
		m = &s->o->markup[i];
		if (m->kind != QTTT_MARKUP_FILL &&
		    m->kind != QTTT_MARKUP_OUTLINE)
			continue;
		if (m->kind == QTTT_MARKUP_FILL)
			snprintf(paint, sizeof(paint), "fill=\"%s\"",
			    markup_colour(s, m));
		else
			snprintf(paint, sizeof(paint), "fill=\"none\" "
			    "stroke=\"%s\" stroke-width=\"3\"",
			    markup_colour(s, m));
		for (sq = 0; sq < QTTT_NSQUARES; sq++) {
			if (!(m->squares & 1u << sq))
				continue;
			square_xy(s, sq, bx, by, &x, &y);
			rect(s, m->kind == QTTT_MARKUP_FILL ? "qttt-fill" :
			    "qttt-outline", x + 2, y + 2, SQ - 4, SQ - 4, 6,
			    paint);
		}
	}
}

/*
 * Labels: over the arrows, where -c goff writes the square's number,
 * with a halo of the background that keeps an arrow under a label
 * from striking through it.
 */
static void
markup_labels(struct svg *s, double bx, double by)
{
	const struct qttt_markup *m;
	double		 x, y;
	size_t		 i;

	for (i = 0; i < s->o->nmarkup; i++) {
		m = &s->o->markup[i];
		if (m->kind != QTTT_MARKUP_LABEL)
			continue;
		square_xy(s, m->from, bx, by, &x, &y);
		fprintf(s->f, "<text class=\"qttt-label\" "
		    "font-family=\"%s\" font-size=\"18\" "
		    "font-weight=\"bold\" fill=\"%s\" stroke=\"%s\" "
		    "stroke-width=\"4\" paint-order=\"stroke\" "
		    "text-anchor=\"end\" x=\"", FONT_LABEL,
		    m->colour[0] != '\0' ? m->colour : s->pal->text,
		    s->pal->bg);
		num(s->f, x + SQ - 8);
		fputs("\" y=\"", s->f);
		num(s->f, y + SQ - 9);
		fputs("\">", s->f);
		xml_text(s->f, m->text);
		fputs("</text>\n", s->f);
	}
}

/*
 * How far along direction d (a unit vector, component by component)
 * from the point c the box from lo to hi, which holds the point's
 * target, begins: where a line from c enters it.
 */
static double
entry(double cx, double cy, double dx, double dy, double lox, double loy,
    double hix, double hiy)
{
	double	 tx = -1e9, ty = -1e9;

	if (dx > 1e-9)
		tx = (lox - cx) / dx;
	else if (dx < -1e-9)
		tx = (hix - cx) / dx;
	if (dy > 1e-9)
		ty = (loy - cy) / dy;
	else if (dy < -1e-9)
		ty = (hiy - cy) / dy;
	return tx > ty ? tx : ty;
}

/*
 * Arrows, then labels: over the marks.  An arrow runs from the middle
 * of one square to the edge of the other, its tip just inside it, so
 * that it points at the marks there and covers none of them.
 */
static void
markup_over(struct svg *s, double bx, double by)
{
	const struct qttt_markup *m;
	double		 x0, y0, x1, y1, dx, dy, len, hx, hy, t;
	size_t		 i;

	for (i = 0; i < s->o->nmarkup; i++) {
		m = &s->o->markup[i];
		if (m->kind != QTTT_MARKUP_ARROW)
			continue;
		square_xy(s, m->from, bx, by, &x0, &y0);
		square_xy(s, m->to, bx, by, &x1, &y1);
		dx = x1 - x0;
		dy = y1 - y0;
		len = qttt__render_root(dx * dx + dy * dy);
		dx /= len;
		dy /= len;
		/* The head is a triangle 24 long. */
		t = entry(x0 + SQ / 2, y0 + SQ / 2, dx, dy, x1 + ARROW_IN,
		    y1 + ARROW_IN, x1 + SQ - ARROW_IN, y1 + SQ - ARROW_IN);
		x1 = x0 + SQ / 2 + dx * t;
		y1 = y0 + SQ / 2 + dy * t;
		x0 += SQ / 2 + dx * 16;
		y0 += SQ / 2 + dy * 16;
		hx = x1 - dx * 24;
		hy = y1 - dy * 24;
		fprintf(s->f, "<g class=\"qttt-arrow\" fill=\"%s\" "
		    "stroke=\"%s\" opacity=\"0.75\">\n<line stroke-width=\"8\"",
		    markup_colour(s, m), markup_colour(s, m));
		line_ends(s->f, x0, y0, hx, hy);
		fputs("/>\n<polygon stroke=\"none\" points=\"", s->f);
		num(s->f, x1);
		putc(',', s->f);
		num(s->f, y1);
		putc(' ', s->f);
		num(s->f, hx - dy * 14);
		putc(',', s->f);
		num(s->f, hy + dx * 14);
		putc(' ', s->f);
		num(s->f, hx + dy * 14);
		putc(',', s->f);
		num(s->f, hy - dx * 14);
		fputs("\"/>\n</g>\n", s->f);
	}
	markup_labels(s, bx, by);
}

/* The group of Goff's numbers. */
static void
coords_open(struct svg *s)
{
	fprintf(s->f, "<g class=\"qttt-coords\" font-family=\"%s\" "
	    "font-size=\"14\" fill=\"%s\" text-anchor=\"end\" "
	    "stroke=\"%s\" stroke-width=\"3\" paint-order=\"stroke\">\n",
	    FONT_LABEL, s->pal->muted, s->pal->bg);
}

/* Goff's number of square sq, unless a label takes its place. */
static void
goff_number(struct svg *s, int sq, double bx, double by)
{
	double	 x, y;

	if (labelled(s, sq))
		return;
	square_xy(s, sq, bx, by, &x, &y);
	fputs("<text class=\"qttt-coord\" x=\"", s->f);
	num(s->f, x + CORNER_X);
	fputs("\" y=\"", s->f);
	num(s->f, y + CORNER_Y);
	fprintf(s->f, "\">%d</text>\n", QTTT_SQUARE_GOFF(sq));
}

/* What does not change during a game: the grid and the coordinates. */
static void
board_static(struct svg *s, double bx, double by)
{
	const struct palette *pal = s->pal;
	char		 cols[3], rows[3];
	int		 i, p;

	fprintf(s->f, "<path class=\"qttt-grid\" fill=\"none\" "
	    "stroke=\"%s\" stroke-width=\"3\" stroke-linecap=\"round\" d=\"",
	    pal->grid);
	for (i = 1; i < 3; i++) {
		fputs("M", s->f);
		num(s->f, bx + i * SQ);
		putc(' ', s->f);
		num(s->f, by + 6);
		fputs("V", s->f);
		num(s->f, by + BOARD - 6);
		fputs("M", s->f);
		num(s->f, bx + 6);
		putc(' ', s->f);
		num(s->f, by + i * SQ);
		fputs("H", s->f);
		num(s->f, bx + BOARD - 6);
	}
	fputs("\"/>\n", s->f);

	if (s->o->coords == QTTT_COORDS_A1) {
		qttt__render_axes(s->o, cols, rows);
		fprintf(s->f, "<g class=\"qttt-coords\" font-family=\"%s\" "
		    "font-size=\"15\" fill=\"%s\" text-anchor=\"middle\">\n",
		    FONT_LABEL, pal->muted);
		for (i = 0; i < 3; i++) {
			fputs("<text class=\"qttt-coord\" x=\"", s->f);
			num(s->f, bx + i * SQ + SQ / 2);
			fputs("\" y=\"", s->f);
			num(s->f, by - 9);
			fprintf(s->f, "\">%c</text>\n", cols[i]);
			fputs("<text class=\"qttt-coord\" x=\"", s->f);
			num(s->f, bx - 14);
			fputs("\" y=\"", s->f);
			num(s->f, by + i * SQ + SQ / 2 + 5);
			fprintf(s->f, "\">%c</text>\n", rows[i]);
		}
		fputs("</g>\n", s->f);
	} else if (s->o->coords == QTTT_COORDS_GOFF) {
		/*
		 * In the bottom right corner, clear of the marks and their
		 * highlights; a halo of the background keeps a struck line
		 * from striking through it.
		 */
		coords_open(s);
		for (p = 0; p < QTTT_NSQUARES; p++)
			goff_number(s, s->at[p], bx, by);
		fputs("</g>\n", s->f);
	}
}

/*
 * The completed lines, as broad translucent strokes.  Returns how many
 * there are.
 */
static size_t
board_lines(struct svg *s, const struct qttt_state *st, double bx, double by)
{
	struct qttt_line lines[QTTT_NLINES];
	double		 x0, y0, x1, y1, dx, dy, len;
	size_t		 n, i;
	int		 p;

	n = qttt_state_lines(st, lines);
	for (i = 0; i < n; i++) {
		p = lines[i].player;
		square_xy(s, lines[i].squares[0], bx, by, &x0, &y0);
		square_xy(s, lines[i].squares[2], bx, by, &x1, &y1);
		x0 += SQ / 2;
		y0 += SQ / 2;
		x1 += SQ / 2;
		y1 += SQ / 2;
		/* Past the centres of the end squares, not to the rim. */
		dx = x1 - x0;
		dy = y1 - y0;
		len = qttt__render_root(dx * dx + dy * dy);
		dx *= 32 / len;
		dy *= 32 / len;
		fprintf(s->f, "<line class=\"qttt-line qttt-%c\"",
		    p == QTTT_X ? 'x' : 'o');
		line_ends(s->f, x0 - dx, y0 - dy, x1 + dx, y1 + dy);
		fprintf(s->f, " stroke=\"%s\" stroke-width=\"12\" "
		    "stroke-linecap=\"round\" stroke-opacity=\"%s\"/>\n",
		    s->pal->mark[p], s->pal->strike);
	}
	return n;
}

/* What changes: tints, highlights, the cycle, lines and marks. */
static void
board_marks(struct svg *s, const struct qttt_state *st,
    const struct qttt_action *last, double bx, double by)
{
	const struct palette *pal = s->pal;
	struct qttt_cycle c;
	char		 paint[128];
	double		 x, y, mx, my;
	int		 sq, m, p, i, lit, struck;

	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		if ((m = st->board[sq]) == 0)
			continue;
		p = QTTT_MOVER(m);
		square_xy(s, sq, bx, by, &x, &y);
		lit = last != NULL && last->sq[0] == sq &&
		    (last->kind == QTTT_MEASURE || last->sq[1] == sq);
		snprintf(paint, sizeof(paint), "fill=\"%s\"",
		    lit ? pal->last : pal->tint[p]);
		rect(s, lit ? "qttt-tint qttt-last" : p == QTTT_X ?
		    "qttt-tint qttt-x" : "qttt-tint qttt-o", x + 6, y + 6,
		    SQ - 12, SQ - 12, 8, paint);
	}
	markup_under(s, bx, by);
	if (qttt_state_cycle(st, &c) == 0) {
		snprintf(paint, sizeof(paint), "fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"2\" stroke-dasharray=\"7 5\"",
		    pal->accent);
		for (i = 0; i < c.nsquares; i++) {
			square_xy(s, c.squares[i], bx, by, &x, &y);
			/*
			 * Between the grid and the highlights of the marks,
			 * clear of both.
			 */
			rect(s, "qttt-cycle-square", x + OUTLINE, y + OUTLINE,
			    SQ - 2 * OUTLINE, SQ - 2 * OUTLINE, 8, paint);
		}
		/*
		 * Goff's number over its square's outline, on a patch of
		 * the background that the outline stops at.
		 */
		if (s->o->coords == QTTT_COORDS_GOFF) {
			snprintf(paint, sizeof(paint), "fill=\"%s\"", pal->bg);
			coords_open(s);
			for (i = 0; i < c.nsquares; i++) {
				if (labelled(s, c.squares[i]))
					continue;
				square_xy(s, c.squares[i], bx, by, &x, &y);
				/* Clear of the grid. */
				rect(s, "qttt-coord-box", x + CORNER_X - 11.5,
				    y + CORNER_Y - 12.5, 13, 14.5, 3, paint);
				goff_number(s, c.squares[i], bx, by);
			}
			fputs("</g>\n", s->f);
		}
	}
	struck = board_lines(s, st, bx, by) > 0;
	if (last != NULL && last->kind == QTTT_PLACE &&
	    last->sq[0] != last->sq[1]) {
		snprintf(paint, sizeof(paint), "fill=\"%s\"", pal->last);
		for (i = 0; i < 2; i++) {
			square_xy(s, last->sq[i], bx, by, &x, &y);
			slot_xy(last->move, &mx, &my);
			rect(s, "qttt-last", x + mx - 12, y + my - 12, 24, 24,
			    5, paint);
		}
	}
	fprintf(s->f, "<g class=\"qttt-marks\" font-family=\"%s\">\n",
	    FONT_MARK);
	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		square_xy(s, sq, bx, by, &x, &y);
		if ((m = st->board[sq]) != 0) {
			/*
			 * Under a struck line, a halo of its square's tint
			 * keeps the line from running into the glyph.
			 */
			lit = last != NULL && last->sq[0] == sq &&
			    (last->kind == QTTT_MEASURE || last->sq[1] == sq);
			snprintf(paint, sizeof(paint), " stroke=\"%s\" "
			    "stroke-width=\"5\" stroke-linejoin=\"round\" "
			    "paint-order=\"stroke\"", lit ? pal->last :
			    pal->tint[QTTT_MOVER(m)]);
			mark(s, x + SQ / 2 - 2, y + SQ / 2 + 18, m, 54,
			    !struck ? "qttt-classical" : lit ?
			    "qttt-classical qttt-halo qttt-lit" :
			    "qttt-classical qttt-halo", struck ? paint : "");
			continue;
		}
		for (m = 1; m < st->next; m++) {
			if (st->where[m][0] == st->where[m][1] ||
			    (st->where[m][0] != sq && st->where[m][1] != sq))
				continue;
			slot_xy(m, &mx, &my);
			mark(s, x + mx, y + my + 7, m, 20, "qttt-spooky", "");
		}
	}
	fputs("</g>\n", s->f);
	markup_over(s, bx, by);
}

/* ------------------------------------------------------------------ */
/* The entanglement graph                                               */
/* ------------------------------------------------------------------ */

/* A point of a path, moved by gx, gy, after the letter c (or a blank). */
static void
path_point(FILE *f, int c, double x, double y, double gx, double gy)
{
	putc(c, f);
	num(f, gx + x);
	putc(' ', f);
	num(f, gy + y);
}

/*
 * An edge of the graph laid out with its top left corner at gx, gy:
 * one quadratic piece, or two.
 */
static void
edge_path(FILE *f, const struct render_edge *e, double gx, double gy)
{
	const struct render_curve *c = &e->curve;

	fputs(" d=\"", f);
	path_point(f, 'M', e->x0, e->y0, gx, gy);
	path_point(f, 'Q', c->cx, c->cy, gx, gy);
	if (c->pieces == 2) {
		path_point(f, ' ', c->wx, c->wy, gx, gy);
		path_point(f, 'Q', c->dx, c->dy, gx, gy);
	}
	path_point(f, ' ', e->x1, e->y1, gx, gy);
	putc('"', f);
}

/*
 * The entanglement graph (formats/render.md): edges first, then the
 * nodes over their ends, then the labels, each on a box of the
 * background (or the highlight) so that its own edge does not strike
 * it through; qttt__render_graph_layout() keeps every other edge off it.
 */
static void
graph(struct svg *s, const struct qttt_state *st,
    const struct qttt_action *last, double gx, double gy)
{
	const struct palette *pal = s->pal;
	struct render_graph g;
	const struct render_edge *e;
	struct qttt_cycle c;
	char		 paint[96];
	size_t		 i;
	double		 x, y;
	int		 m, p, sq, on_cycle, stem, lit;

	if (qttt_state_cycle(st, &c) != 0)
		c.nmoves = c.nstems = c.nsquares = 0;
	qttt__render_graph_layout(st, s->place, &g);
	fputs("<g class=\"qttt-graph\">\n", s->f);
	for (i = 0; i < g.nedges; i++) {
		e = &g.edge[i];
		if (e->halo == 0)
			continue;
		fprintf(s->f, "<path class=\"qttt-cycle-glow qttt-m%d\" "
		    "fill=\"none\" stroke=\"%s\" stroke-width=\"%d\" "
		    "stroke-linecap=\"round\"", e->move, pal->glow,
		    RENDER_HALO_W);
		edge_path(s->f, e, gx, gy);
		fputs("/>\n", s->f);
	}
	for (i = 0; i < g.nedges; i++) {
		e = &g.edge[i];
		m = e->move;
		p = QTTT_MOVER(m);
		on_cycle = e->halo > 0;
		stem = memchr(c.stems, m, c.nstems) != NULL;
		fprintf(s->f, "<path class=\"qttt-edge qttt-%c qttt-m%d%s\" "
		    "fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s",
		    p == QTTT_X ? 'x' : 'o', m, on_cycle ? " qttt-cycle" :
		    stem ? " qttt-stem" : "", pal->mark[p],
		    on_cycle ? "3.5" : "2.5",
		    stem ? " stroke-dasharray=\"7 5\"" : "");
		edge_path(s->f, e, gx, gy);
		fputs("/>\n", s->f);
	}
	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		x = gx + g.nx[sq];
		y = gy + g.ny[sq];
		if ((m = st->board[sq]) != 0) {
			p = QTTT_MOVER(m);
			snprintf(paint, sizeof(paint), "fill=\"%s\"",
			    pal->tint[p]);
			rect(s, p == QTTT_X ?
			    "qttt-node qttt-classical qttt-x" :
			    "qttt-node qttt-classical qttt-o", x - NODE_R,
			    y - NODE_R, 2 * NODE_R, 2 * NODE_R, 6, paint);
			fprintf(s->f, "<g font-family=\"%s\">\n", FONT_MARK);
			mark(s, x - 1, y + 6, m, 18, "qttt-node-mark", "");
			fputs("</g>\n", s->f);
			continue;
		}
		on_cycle = memchr(c.squares, sq, c.nsquares) != NULL;
		fprintf(s->f, "<circle class=\"qttt-node%s\" cx=\"",
		    on_cycle ? " qttt-cycle" : "");
		num(s->f, x);
		fputs("\" cy=\"", s->f);
		num(s->f, y);
		fprintf(s->f, "\" r=\"%d\" fill=\"%s\" stroke=\"%s\" "
		    "stroke-width=\"%s\"/>\n", NODE_R, pal->bg,
		    on_cycle ? pal->accent : pal->grid,
		    on_cycle ? "3" : "1.5");
		fprintf(s->f, "<text class=\"qttt-node-label\" "
		    "font-family=\"%s\" font-size=\"14\" fill=\"%s\" "
		    "text-anchor=\"middle\" x=\"", FONT_LABEL, pal->muted);
		num(s->f, x);
		fputs("\" y=\"", s->f);
		num(s->f, y + 5);
		if (s->o->coords == QTTT_COORDS_GOFF)
			fprintf(s->f, "\">%d</text>\n", QTTT_SQUARE_GOFF(sq));
		else
			fprintf(s->f, "\">%s</text>\n", qttt_square_name(sq));
	}
	fprintf(s->f, "<g class=\"qttt-edge-labels\" font-family=\"%s\">\n",
	    FONT_MARK);
	for (i = 0; i < g.nedges; i++) {
		e = &g.edge[i];
		lit = last != NULL && last->kind == QTTT_PLACE &&
		    last->move == e->move;
		snprintf(paint, sizeof(paint), "fill=\"%s\"",
		    lit ? pal->last : pal->bg);
		rect(s, lit ? "qttt-last" : "qttt-label-box",
		    gx + e->lx - e->lw / 2, gy + e->ly - e->lh / 2, e->lw,
		    e->lh, 5, paint);
		mark(s, gx + e->lx, gy + e->ly + g.label_size / 3, e->move,
		    g.label_size, "qttt-edge-label", "");
	}
	fputs("</g>\n</g>\n", s->f);
}

/* ------------------------------------------------------------------ */
/* Documents                                                            */
/* ------------------------------------------------------------------ */

#define MAX_LINES	8	/* of a caption */

/* The distance between the baselines of a caption at size px. */
static double
line_step(double size)
{
	return size * 1.35;
}

/*
 * Text centred on x with its first baseline at y, broken into lines
 * no wider than width in any font of FONT_LABEL (qttt__render_wrap()).
 */
static void
caption(struct svg *s, double x, double y, double width, const char *text,
    double size, const char *cls)
{
	size_t	 starts[MAX_LINES], n, k, end;
	char	 line[320];

	n = qttt__render_wrap(text, size, width, starts, MAX_LINES);
	for (k = 0; k < n; k++) {
		end = k + 1 < n ? starts[k + 1] - 1 : strlen(text);
		snprintf(line, sizeof(line), "%.*s", (int)(end - starts[k]),
		    text + starts[k]);
		fprintf(s->f, "<text class=\"%s\" font-family=\"%s\" "
		    "font-size=\"", cls, FONT_LABEL);
		num(s->f, size);
		fprintf(s->f, "\" fill=\"%s\" text-anchor=\"middle\" x=\"",
		    s->pal->text);
		num(s->f, x);
		fputs("\" y=\"", s->f);
		num(s->f, y + k * line_step(size));
		fputs("\">", s->f);
		marked_text(s->f, line, size);
		fputs("</text>\n", s->f);
	}
}

/* How many lines caption() draws. */
static size_t
caption_lines(const char *text, double size, double width)
{
	size_t	 starts[MAX_LINES];

	return qttt__render_wrap(text, size, width, starts, MAX_LINES);
}

/* The sentence under a diagram: after the last action, what now. */
static void
status_line(const struct svg *s, const struct qttt_state *st,
    const struct qttt_action *last, char *buf, size_t n)
{
	char	 act[32], status[224];
	int	 flags = qttt__render_flags(s->o, 1);

	qttt__render_status(st, st == s->last ? s->o : NULL, 0, flags, status,
	    sizeof(status));
	if (last == NULL) {
		snprintf(buf, n, "%s", status);
		return;
	}
	qttt__render_action(last, act, sizeof(act), flags);
	snprintf(buf, n, "After %s: %s", act, status);
}

static void
open_svg(struct svg *s, double w, double h, const char *title,
    const char *desc)
{
	const struct qttt_render_opts *o = s->o;
	double		 scale = 1;

	/* Whole pixels, which HTML's width and height take. */
	w = (double)(long)(w + 0.999);
	h = (double)(long)(h + 0.999);
	/* -s sizes the board, the picture follows; a width wins. */
	if (o->width > 0)
		scale = o->width / w;
	else if (o->board > 0)
		scale = o->board / (double)BOARD;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"",
	    s->f);
	fprintf(s->f, " class=\"qttt qttt-theme-%s\" role=\"img\""
	    " width=\"", s->pal->name);
	num(s->f, w * scale);
	fputs("\" height=\"", s->f);
	num(s->f, h * scale);
	fputs("\" viewBox=\"0 0 ", s->f);
	num(s->f, w);
	putc(' ', s->f);
	num(s->f, h);
	fputs("\">\n<title>", s->f);
	xml_text(s->f, title);
	fputs("</title>\n<desc>", s->f);
	xml_text(s->f, desc);
	fputs("</desc>\n", s->f);
	if (o->css != NULL) {
		/* Escaped, so that no character of it ends the element. */
		fputs("<style type=\"text/css\">\n", s->f);
		xml_text(s->f, o->css);
		fputs("\n</style>\n", s->f);
	}
	fprintf(s->f, "<rect class=\"qttt-background\" width=\"100%%\" "
	    "height=\"100%%\" fill=\"%s\"/>\n", s->pal->bg);
}

/*
 * The description: the state string, then the moves that led to it
 * when they are all known (else the last action), then the status.
 */
static void
describe(const struct qttt_state *st, const struct qttt_action *plies,
    size_t nplies, const struct qttt_render_opts *award, char *buf, size_t n)
{
	char	 state[QTTT_STATE_MAX], act[32], status[224];
	size_t	 len, i;

	qttt_state_format(st, state, sizeof(state));
	qttt__render_status(st, award, 0, 0, status, sizeof(status));
	len = snprintf(buf, n, "State %s. ", state);
	if (nplies > 0 && qttt__render_complete(st, plies, nplies)) {
		for (i = 0; i < nplies && len < n; i++) {
			qttt_action_format(&plies[i], act, sizeof(act));
			len += snprintf(buf + len, n - len, "%s%s",
			    i == 0 ? "Moves: " : "; ", act);
		}
		if (len < n)
			len += snprintf(buf + len, n - len, ". ");
	} else if (nplies > 0) {
		qttt_action_format(&plies[nplies - 1], act, sizeof(act));
		len += snprintf(buf + len, n - len, "Last: %s. ", act);
	}
	if (len < n)
		snprintf(buf + len, n - len, "%s", status);
}

/*
 * The size of a board, its coordinates and, unless bare, graph and a
 * caption of lines lines; and where the board goes.
 */
static void
frame_size(const struct svg *s, size_t lines, double *w, double *h,
    double *bx, double *by)
{
	double	 margin = s->o->coords == QTTT_COORDS_A1 ? COORD : 0;

	*bx = PAD + margin;
	*by = PAD + margin;
	*w = *bx + BOARD + PAD;
	*h = *by + BOARD + PAD;
	if (!s->o->bare) {
		*w += GAP + BOARD;
		*h += CAPTION + (lines - 1) * line_step(CAPTION_SIZE);
	}
}

/* The width a diagram's caption may take, in a picture w wide. */
static double
caption_room(double w)
{
	return w - 2 * PAD;
}

/* The dynamic part of a diagram: marks, graph and caption. */
static void
frame(struct svg *s, const struct qttt_state *st,
    const struct qttt_action *last, double w, double bx, double by)
{
	char	 text[320];

	board_marks(s, st, last, bx, by);
	if (s->o->bare)
		return;
	graph(s, st, last, bx + BOARD + GAP, by);
	status_line(s, st, last, text, sizeof(text));
	caption(s, w / 2, by + BOARD + 30, caption_room(w), text,
	    CAPTION_SIZE, "qttt-caption");
}

/* The two captions of an outcome of the preview. */
static void
outcome_text(const struct svg *s, const struct qttt_state *st,
    const struct qttt_action *act, struct qttt_state *next, char *what,
    char *status, size_t n)
{
	int	 flags = qttt__render_flags(s->o, 1);

	qttt__render_outcome(st, act, flags, next, what, n);
	qttt__render_status(next, NULL, 1, flags, status, n);
}

static void
preview(struct svg *s, const struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state next;
	char		 desc[512], what[2][256], status[2][256];
	double		 w, h, bx, by, x, room = BOARD + GAP - 8;
	size_t		 lines[2] = { 1, 1 }, k;
	int		 i;

	qttt_state_actions(st, acts);
	for (i = 0; i < 2; i++) {
		outcome_text(s, st, &acts[i], &next, what[i], status[i],
		    sizeof(what[i]));
		if ((k = caption_lines(what[i], 17, room)) > lines[0])
			lines[0] = k;
		if ((k = caption_lines(status[i], 15, room)) > lines[1])
			lines[1] = k;
	}
	bx = by = PAD + (s->o->coords == QTTT_COORDS_A1 ? COORD : 0);
	w = bx + 2 * BOARD + GAP + PAD;
	h = by + BOARD + (s->o->bare ? 1 : 2) * CAPTION - 8 + PAD +
	    (lines[0] - 1) * line_step(17) +
	    (s->o->bare ? 0 : (lines[1] - 1) * line_step(15));
	snprintf(what[0], sizeof(what[0]), "Quantum Tic-Tac-Toe: the two "
	    "outcomes of the measurement of %c%d", QTTT_LETTER(st->pending),
	    st->pending);
	describe(st, NULL, 0, NULL, desc, sizeof(desc));
	open_svg(s, w, h, what[0], desc);
	for (i = 0; i < 2; i++) {
		outcome_text(s, st, &acts[i], &next, what[i], status[i],
		    sizeof(what[i]));
		x = bx + i * (BOARD + GAP);
		fprintf(s->f, "<g class=\"qttt-outcome\">\n");
		board_static(s, x, by);
		board_marks(s, &next, s->o->highlight ? &acts[i] : NULL, x,
		    by);
		caption(s, x + BOARD / 2, by + BOARD + 30, room, what[i], 17,
		    "qttt-caption");
		/* Bare: the outcome named, as in text, without its status. */
		if (!s->o->bare)
			caption(s, x + BOARD / 2, by + BOARD + 54 +
			    (lines[0] - 1) * line_step(17), room, status[i],
			    15, "qttt-caption qttt-status");
		fputs("</g>\n", s->f);
	}
	fputs("</svg>\n", s->f);
}

int
qttt_render_svg(FILE *f, const struct qttt_state *st,
    const struct qttt_action *plies, size_t nplies,
    const struct qttt_render_opts *o)
{
	struct svg	 s;
	char		 state[QTTT_STATE_MAX], title[192], desc[768];
	char		 text[320];
	const struct qttt_action *last = NULL;
	double		 w, h, bx, by;

	svg_init(&s, f, o);
	if (o->preview && st->pending != 0) {
		preview(&s, st);
		return ferror(f) ? -1 : 0;
	}
	if (plies != NULL && nplies > 0 && o->highlight)
		last = &plies[nplies - 1];
	s.last = st;
	qttt_state_format(st, state, sizeof(state));
	snprintf(title, sizeof(title), "Quantum Tic-Tac-Toe position %s",
	    state);
	describe(st, plies, nplies, o, desc, sizeof(desc));
	frame_size(&s, 1, &w, &h, &bx, &by);
	status_line(&s, st, last, text, sizeof(text));
	frame_size(&s, caption_lines(text, CAPTION_SIZE, caption_room(w)),
	    &w, &h, &bx, &by);
	open_svg(&s, w, h, title, desc);
	board_static(&s, bx, by);
	frame(&s, st, last, w, bx, by);
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

/*
 * The states of a game: start, then after each of the nplies actions.
 * Returns 0, or -1 if an action is illegal.
 */
static int
replay_states(const struct qttt_state *start,
    const struct qttt_action *plies, size_t nplies,
    struct qttt_state states[QTTT_MAXPLIES + 1])
{
	size_t	 i;

	if (nplies > QTTT_MAXPLIES || (nplies > 0 && plies == NULL))
		return -1;
	states[0] = *start;
	for (i = 0; i < nplies; i++) {
		states[i + 1] = states[i];
		if (qttt_state_apply(&states[i + 1], &plies[i], NULL) !=
		    QTTT_OK)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Animation                                                            */
/* ------------------------------------------------------------------ */

/*
 * Frame i shows from its start to the next frame's; the last is held
 * three times as long before the game starts again.  Times are in ms.
 */
static void
anim_timing(FILE *f, size_t i, size_t n, unsigned long ms)
{
	unsigned long	 total = (n + 2) * ms;
	double		 a = (double)(i * ms) / total;
	double		 b = (double)((i + 1) * ms) / total;

	fputs("<animate attributeName=\"visibility\" calcMode=\"discrete\" "
	    "repeatCount=\"indefinite\" dur=\"", f);
	num(f, total / 1000.0);
	fputs("s\" ", f);
	if (i == 0)
		fprintf(f, "values=\"visible;hidden\" keyTimes=\"0;%.4f\"",
		    b);
	else if (i + 1 == n)
		fprintf(f, "values=\"hidden;visible\" keyTimes=\"0;%.4f\"",
		    a);
	else
		fprintf(f, "values=\"hidden;visible;hidden\" "
		    "keyTimes=\"0;%.4f;%.4f\"", a, b);
	fputs("/>\n", f);
}

int
qttt_render_anim(FILE *f, const struct qttt_state *start,
    const struct qttt_action *plies, size_t nplies,
    const struct qttt_render_opts *o)
{
	struct qttt_state states[QTTT_MAXPLIES + 1];
	struct svg	 s;
	char		 state[QTTT_STATE_MAX], title[192], desc[768];
	char		 text[320];
	double		 w, h, bx, by;
	size_t		 i, n = nplies + 1, lines = 1, k;
	unsigned long	 ms = o->frame_ms > 0 ? o->frame_ms : 1200;

	if (replay_states(start, plies, nplies, states) != 0)
		return -2;
	svg_init(&s, f, o);
	s.last = &states[nplies];
	qttt_state_format(&states[nplies], state, sizeof(state));
	snprintf(title, sizeof(title), "Quantum Tic-Tac-Toe game, %zu "
	    "plies, ending %s", nplies, state);
	describe(&states[nplies], plies, nplies, o, desc, sizeof(desc));
	/* Every frame has room for the longest caption. */
	frame_size(&s, 1, &w, &h, &bx, &by);
	for (i = 0; i < n; i++) {
		status_line(&s, &states[i], i > 0 && o->highlight ?
		    &plies[i - 1] : NULL, text, sizeof(text));
		if ((k = caption_lines(text, CAPTION_SIZE,
		    caption_room(w))) > lines)
			lines = k;
	}
	frame_size(&s, lines, &w, &h, &bx, &by);
	open_svg(&s, w, h, title, desc);
	board_static(&s, bx, by);
	for (i = 0; i < n; i++) {
		fprintf(f, "<g class=\"qttt-frame\" visibility=\"%s\">\n",
		    i + 1 == n ? "visible" : "hidden");
		if (n > 1)
			anim_timing(f, i, n, ms);
		frame(&s, &states[i], i > 0 && o->highlight ?
		    &plies[i - 1] : NULL, w, bx, by);
		fputs("</g>\n", f);
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* A contact sheet                                                      */
/* ------------------------------------------------------------------ */

#define SHEET_GAP	40	/* between the boards of a sheet */
#define SHEET_SIZE	20	/* the numbers under them */

int
qttt_render_sheet(FILE *f, const struct qttt_state *start,
    const struct qttt_action *plies, size_t nplies, size_t from, size_t to,
    unsigned int columns, const struct qttt_render_opts *o)
{
	struct qttt_state states[QTTT_MAXPLIES + 1];
	struct svg	 s;
	char		 state[QTTT_STATE_MAX], title[192], desc[768];
	const struct qttt_result *r;
	char		 act[32], text[64], res[8];
	double		 w, h, cw, ch, x, y, margin;
	size_t		 i, n, rows, cols, k;

	if (replay_states(start, plies, nplies, states) != 0 || from > to ||
	    to > nplies)
		return -2;
	svg_init(&s, f, o);
	n = to - from + 1;
	cols = columns == 0 ? 4 : columns;
	if (cols > n)
		cols = n;
	rows = (n + cols - 1) / cols;
	margin = o->coords == QTTT_COORDS_A1 ? COORD : 0;
	cw = margin + BOARD + SHEET_GAP;
	ch = margin + BOARD + CAPTION + SHEET_GAP / 2;
	w = 2 * PAD + cols * cw - SHEET_GAP;
	h = 2 * PAD + rows * ch - SHEET_GAP / 2;
	qttt_state_format(&states[to], state, sizeof(state));
	snprintf(title, sizeof(title), "Quantum Tic-Tac-Toe game, plies %zu "
	    "to %zu, ending %s", from, to, state);
	describe(&states[to], plies, to, to == nplies ? o : NULL, desc,
	    sizeof(desc));
	open_svg(&s, w, h, title, desc);
	for (i = 0; i < n; i++) {
		x = PAD + (i % cols) * cw + margin;
		y = PAD + (i / cols) * ch + margin;
		fprintf(f, "<g class=\"qttt-sheet-cell qttt-ply%zu\">\n",
		    from + i);
		board_static(&s, x, y);
		board_marks(&s, &states[from + i], from + i > 0 &&
		    o->highlight ? &plies[from + i - 1] : NULL, x, y);
		if (from + i == 0)
			snprintf(text, sizeof(text), "0. Start");
		else {
			qttt__render_action(&plies[from + i - 1], act,
			    sizeof(act), qttt__render_flags(o, 1));
			snprintf(text, sizeof(text), "%zu. %s", from + i, act);
		}
		/*
		 * The game's end: its result, as the line notation has it,
		 * or the one a forfeit or an adjudication awarded.
		 */
		if ((r = from + i == nplies ? qttt__render_awarded(
		    &states[nplies], o) : NULL) == NULL &&
		    states[from + i].result.over)
			r = &states[from + i].result;
		if (r != NULL) {
			qttt_result_format(r, res, sizeof(res));
			k = strlen(text);
			snprintf(text + k, sizeof(text) - k, "; %s", res);
		}
		caption(&s, x + BOARD / 2, y + BOARD + 30, BOARD, text,
		    SHEET_SIZE, "qttt-caption qttt-sheet-number");
		fputs("</g>\n", f);
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* For pages that restyle the diagrams (html.c)                         */
/* ------------------------------------------------------------------ */

void
qttt__render_svg_css(FILE *f, enum qttt_theme theme)
{
	const struct palette *p = &palettes[theme <= QTTT_THEME_MONO ?
	    theme : 0];

	fprintf(f, "--bg:%s;--grid:%s;--text:%s;--muted:%s;--x:%s;--o:%s;"
	    "--tx:%s;--to:%s;--last:%s;--accent:%s;--glow:%s;--strike:%s",
	    p->bg, p->grid, p->text, p->muted, p->mark[0], p->mark[1],
	    p->tint[0], p->tint[1], p->last, p->accent, p->glow, p->strike);
}

void
qttt__render_svg_fonts(FILE *f)
{
	fputs("--font-mark:" FONT_MARK ";--font-label:" FONT_LABEL, f);
}

/* As frame_size() places it. */
void
qttt__render_svg_board(const struct qttt_render_opts *o, int *x, int *y)
{
	*x = *y = PAD + (o->coords == QTTT_COORDS_A1 ? COORD : 0);
}
