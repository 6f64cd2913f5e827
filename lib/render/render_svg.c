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
#include "internal.h"

#define SQ		100	/* a square */
#define BOARD		(3 * SQ)
#define PAD		16	/* around everything */
#define COORD		26	/* room for a1 coordinates */
#define GAP		56	/* between the board and the graph */
#define CAPTION		40	/* a caption line under a board */
#define NODE_R		22	/* a node of the graph */

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
};

static const struct palette palettes[] = {
	[QTTT_THEME_LIGHT] = { "light", "#ffffff", "#1f2937", "#111827",
	    "#6b7280", { "#1d4ed8", "#c2410c" }, { "#dbeafe", "#ffedd5" },
	    "#fde047", "#7c3aed", "#ddd6fe" },
	[QTTT_THEME_DARK] = { "dark", "#111827", "#d1d5db", "#f3f4f6",
	    "#9ca3af", { "#93c5fd", "#fdba74" }, { "#172554", "#431407" },
	    "#713f12", "#c4b5fd", "#4c1d95" },
	[QTTT_THEME_MONO] = { "mono", "#ffffff", "#000000", "#000000",
	    "#404040", { "#000000", "#000000" }, { "#e0e0e0", "#e0e0e0" },
	    "#bdbdbd", "#000000", "#bdbdbd" },
};

/* X is bold, O regular: a cue that survives black-and-white print. */
static const char *const weight[2] = { "bold", "normal" };

struct svg {
	FILE				*f;
	const struct qttt_render_opts	*o;
	const struct palette		*pal;
	unsigned char			 at[QTTT_NSQUARES];	/* by place */
	unsigned char			 place[QTTT_NSQUARES];
};

static void
svg_init(struct svg *s, FILE *f, const struct qttt_render_opts *o)
{
	int	 p;

	s->f = f;
	s->o = o;
	s->pal = &palettes[o->theme <= QTTT_THEME_MONO ? o->theme : 0];
	render_layout(o, s->at);
	for (p = 0; p < QTTT_NSQUARES; p++)
		s->place[s->at[p]] = p;
}

/* Square roots by Newton's method: the library needs no libm. */
static double
root(double x)
{
	double	 r = x > 1 ? x : 1;
	int	 i;

	if (x <= 0)
		return 0;
	for (i = 0; i < 40; i++)
		r = (r + x / r) / 2;
	return r;
}

static double
dist(double x0, double y0, double x1, double y1)
{
	return root((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
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

static int
is_mark_at(const char *s, size_t i)
{
	return (s[i] == 'X' || s[i] == 'O') && s[i + 1] >= '1' &&
	    s[i + 1] <= '9' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(');
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
		for (end = i; s[end] != '\0' && !is_mark_at(s, end); end++)
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
		num(f, size * 0.7);
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
	int	 p = QTTT_MOVER(m);

	fprintf(s->f, "<text class=\"qttt-mark %s qttt-%c qttt-m%d\" x=\"",
	    cls, p == QTTT_X ? 'x' : 'o', m);
	num(s->f, x);
	fputs("\" y=\"", s->f);
	num(s->f, y);
	fputs("\" font-size=\"", s->f);
	num(s->f, size);
	fprintf(s->f, "\" font-weight=\"%s\" fill=\"%s\" "
	    "text-anchor=\"middle\"%s>%c<tspan class=\"qttt-sub\" "
	    "font-size=\"", weight[p], s->pal->mark[p], extra,
	    QTTT_LETTER(m));
	num(s->f, size * 0.46);
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
	*x = 21 + 29 * ((m - 1) % 3);
	*y = 24 + 26 * ((m - 1) / 3);
}

/* ------------------------------------------------------------------ */
/* The board                                                            */
/* ------------------------------------------------------------------ */

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
		render_axes(s->o, cols, rows);
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
		fprintf(s->f, "<g class=\"qttt-coords\" font-family=\"%s\" "
		    "font-size=\"11\" fill=\"%s\">\n", FONT_LABEL,
		    pal->muted);
		for (p = 0; p < QTTT_NSQUARES; p++) {
			fputs("<text class=\"qttt-coord\" x=\"", s->f);
			num(s->f, bx + (p % 3) * SQ + 4);
			fputs("\" y=\"", s->f);
			num(s->f, by + (p / 3) * SQ + 12);
			fprintf(s->f, "\">%d</text>\n",
			    QTTT_SQUARE_GOFF(s->at[p]));
		}
		fputs("</g>\n", s->f);
	}
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

/* The completed lines, as broad translucent strokes. */
static void
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
		len = root(dx * dx + dy * dy);
		dx *= 32 / len;
		dy *= 32 / len;
		fprintf(s->f, "<line class=\"qttt-line qttt-%c\" x1=\"",
		    p == QTTT_X ? 'x' : 'o');
		num(s->f, x0 - dx);
		fputs("\" y1=\"", s->f);
		num(s->f, y0 - dy);
		fputs("\" x2=\"", s->f);
		num(s->f, x1 + dx);
		fputs("\" y2=\"", s->f);
		num(s->f, y1 + dy);
		fprintf(s->f, "\" stroke=\"%s\" stroke-width=\"12\" "
		    "stroke-linecap=\"round\" stroke-opacity=\"0.4\"/>\n",
		    s->pal->mark[p]);
	}
}

/* What changes: tints, highlights, the cycle, lines and marks. */
static void
board_marks(struct svg *s, const struct qttt_state *st,
    const struct qttt_action *last, double bx, double by)
{
	const struct palette *pal = s->pal;
	struct qttt_cycle c;
	char		 paint[96];
	double		 x, y, mx, my;
	int		 sq, m, p, i, lit;

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
	if (qttt_state_cycle(st, &c) == 0) {
		snprintf(paint, sizeof(paint), "fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"2.5\" stroke-dasharray=\"7 5\"",
		    pal->accent);
		for (i = 0; i < c.nsquares; i++) {
			square_xy(s, c.squares[i], bx, by, &x, &y);
			rect(s, "qttt-cycle-square", x + 6, y + 6, SQ - 12,
			    SQ - 12, 8, paint);
		}
	}
	board_lines(s, st, bx, by);
	if (last != NULL && last->kind == QTTT_PLACE &&
	    last->sq[0] != last->sq[1]) {
		snprintf(paint, sizeof(paint), "fill=\"%s\"", pal->last);
		for (i = 0; i < 2; i++) {
			square_xy(s, last->sq[i], bx, by, &x, &y);
			slot_xy(last->move, &mx, &my);
			rect(s, "qttt-last", x + mx - 14, y + my - 13, 28, 26,
			    5, paint);
		}
	}
	fprintf(s->f, "<g class=\"qttt-marks\" font-family=\"%s\">\n",
	    FONT_MARK);
	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		square_xy(s, sq, bx, by, &x, &y);
		if ((m = st->board[sq]) != 0) {
			mark(s, x + SQ / 2 - 2, y + SQ / 2 + 18, m, 54,
			    "qttt-classical", "");
			continue;
		}
		for (m = 1; m < st->next; m++) {
			if (st->where[m][0] == st->where[m][1] ||
			    (st->where[m][0] != sq && st->where[m][1] != sq))
				continue;
			slot_xy(m, &mx, &my);
			mark(s, x + mx, y + my + 8, m, 21, "qttt-spooky", "");
		}
	}
	fputs("</g>\n", s->f);
}

/* ------------------------------------------------------------------ */
/* The entanglement graph                                               */
/* ------------------------------------------------------------------ */

struct edge {
	int	 move;
	double	 x0, y0, cx, cy, x1, y1;	/* a quadratic Bezier */
	double	 lx, ly;			/* where its label goes */
};

static void
node_xy(const struct svg *s, int sq, double gx, double gy, double *x,
    double *y)
{
	square_xy(s, sq, gx, gy, x, y);
	*x += SQ / 2;
	*y += SQ / 2;
}

static void
bezier(const struct edge *e, double t, double *x, double *y)
{
	double	 u = 1 - t;

	*x = u * u * e->x0 + 2 * u * t * e->cx + t * t * e->x1;
	*y = u * u * e->y0 + 2 * u * t * e->cy + t * t * e->y1;
}

/*
 * The shape of each spooky move's edge.  An edge is straight unless
 * it would run through the centre of a square between its ends (a1-c1,
 * a1-c3) or it has a twin on the same two squares (a 2-cycle): then it
 * bows out, away from the middle of the board, or the twins bow apart.
 */
static size_t
graph_edges(const struct svg *s, const struct qttt_state *st, double gx,
    double gy, struct edge *e)
{
	double	 dx, dy, len, nx, ny, mx, my, bow, lx, ly, best, d;
	static const double tries[] = { 0.5, 0.38, 0.62, 0.3, 0.7 };
	size_t	 n = 0, i, j, k, twins, rank;
	int	 m, a, b, pa, pb, through, sq;

	for (m = 1; m < st->next; m++) {
		if (st->where[m][0] == st->where[m][1])
			continue;
		e[n].move = m;
		node_xy(s, st->where[m][0], gx, gy, &e[n].x0, &e[n].y0);
		node_xy(s, st->where[m][1], gx, gy, &e[n].x1, &e[n].y1);
		n++;
	}
	for (i = 0; i < n; i++) {
		a = st->where[e[i].move][0];
		b = st->where[e[i].move][1];
		twins = rank = 0;
		for (j = 0; j < n; j++)
			if (st->where[e[j].move][0] == a &&
			    st->where[e[j].move][1] == b) {
				if (j < i)
					rank++;
				twins++;
			}
		pa = s->place[a];
		pb = s->place[b];
		through = (pa % 3 + pb % 3) % 2 == 0 &&
		    (pa / 3 + pb / 3) % 2 == 0;
		dx = e[i].x1 - e[i].x0;
		dy = e[i].y1 - e[i].y0;
		len = root(dx * dx + dy * dy);
		nx = -dy / len;
		ny = dx / len;
		mx = (e[i].x0 + e[i].x1) / 2;
		my = (e[i].y0 + e[i].y1) / 2;
		/* Outwards: away from the centre of the graph. */
		if (nx * (mx - (gx + BOARD / 2)) +
		    ny * (my - (gy + BOARD / 2)) < -0.01) {
			nx = -nx;
			ny = -ny;
		}
		if (twins > 1)
			bow = (rank == 0 ? 1 : -1) * (through ? 36 : 22);
		else
			bow = through ? 36 : 0;
		/* The curve's apex is half way to its control point. */
		e[i].cx = mx + 2 * bow * nx;
		e[i].cy = my + 2 * bow * ny;
	}
	/* Labels: the middle of the edge, or near it if that is taken. */
	for (i = 0; i < n; i++) {
		best = -1;
		e[i].lx = e[i].ly = 0;
		for (k = 0; k < sizeof(tries) / sizeof(tries[0]); k++) {
			bezier(&e[i], tries[k], &lx, &ly);
			d = 1e9;
			for (j = 0; j < i; j++)
				if (dist(lx, ly, e[j].lx, e[j].ly) < d)
					d = dist(lx, ly, e[j].lx, e[j].ly);
			for (sq = 0; sq < QTTT_NSQUARES; sq++) {
				node_xy(s, sq, gx, gy, &mx, &my);
				if (dist(lx, ly, mx, my) - 8 < d)
					d = dist(lx, ly, mx, my) - 8;
			}
			if (d > best) {
				best = d;
				e[i].lx = lx;
				e[i].ly = ly;
			}
			if (d >= 30)
				break;
		}
	}
	return n;
}

static void
edge_path(FILE *f, const struct edge *e)
{
	fputs(" d=\"M", f);
	num(f, e->x0);
	putc(' ', f);
	num(f, e->y0);
	putc('Q', f);
	num(f, e->cx);
	putc(' ', f);
	num(f, e->cy);
	putc(' ', f);
	num(f, e->x1);
	putc(' ', f);
	num(f, e->y1);
	putc('"', f);
}

static void
graph(struct svg *s, const struct qttt_state *st,
    const struct qttt_action *last, double gx, double gy)
{
	const struct palette *pal = s->pal;
	struct edge	 e[QTTT_MAXMOVES];
	struct qttt_cycle c;
	char		 paint[96];
	size_t		 n, i;
	double		 x, y;
	int		 m, p, sq, on_cycle, stem, cyc, lit;

	cyc = qttt_state_cycle(st, &c) == 0;
	if (!cyc)
		c.nmoves = c.nstems = c.nsquares = 0;
	n = graph_edges(s, st, gx, gy, e);
	fputs("<g class=\"qttt-graph\">\n", s->f);
	for (i = 0; i < n; i++) {
		m = e[i].move;
		on_cycle = memchr(c.moves, m, c.nmoves) != NULL;
		if (!on_cycle)
			continue;
		fprintf(s->f, "<path class=\"qttt-cycle-glow qttt-m%d\" "
		    "fill=\"none\" stroke=\"%s\" stroke-width=\"12\" "
		    "stroke-linecap=\"round\"", m, pal->glow);
		edge_path(s->f, &e[i]);
		fputs("/>\n", s->f);
	}
	for (i = 0; i < n; i++) {
		m = e[i].move;
		p = QTTT_MOVER(m);
		on_cycle = memchr(c.moves, m, c.nmoves) != NULL;
		stem = memchr(c.stems, m, c.nstems) != NULL;
		fprintf(s->f, "<path class=\"qttt-edge qttt-%c qttt-m%d%s\" "
		    "fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s",
		    p == QTTT_X ? 'x' : 'o', m, on_cycle ? " qttt-cycle" :
		    stem ? " qttt-stem" : "", pal->mark[p],
		    on_cycle ? "3.5" : "2.5",
		    stem ? " stroke-dasharray=\"7 5\"" : "");
		edge_path(s->f, &e[i]);
		fputs("/>\n", s->f);
	}
	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		node_xy(s, sq, gx, gy, &x, &y);
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
	for (i = 0; i < n; i++) {
		m = e[i].move;
		lit = last != NULL && last->kind == QTTT_PLACE &&
		    last->move == m;
		if (lit) {
			snprintf(paint, sizeof(paint), "fill=\"%s\"",
			    pal->last);
			rect(s, "qttt-last", e[i].lx - 14, e[i].ly - 12, 28,
			    24, 5, paint);
		}
		snprintf(paint, sizeof(paint), " stroke=\"%s\" "
		    "stroke-width=\"5\" stroke-linejoin=\"round\" "
		    "paint-order=\"stroke\"", lit ? pal->last : pal->bg);
		mark(s, e[i].lx, e[i].ly + 6, m, 18, "qttt-edge-label",
		    paint);
	}
	fputs("</g>\n</g>\n", s->f);
}

/* ------------------------------------------------------------------ */
/* Documents                                                            */
/* ------------------------------------------------------------------ */

static void
caption(struct svg *s, double x, double y, const char *text, double size,
    const char *cls)
{
	fprintf(s->f, "<text class=\"%s\" font-family=\"%s\" font-size=\"",
	    cls, FONT_LABEL);
	num(s->f, size);
	fprintf(s->f, "\" fill=\"%s\" text-anchor=\"middle\" x=\"",
	    s->pal->text);
	num(s->f, x);
	fputs("\" y=\"", s->f);
	num(s->f, y);
	fputs("\">", s->f);
	marked_text(s->f, text, size);
	fputs("</text>\n", s->f);
}

/* The sentence under a diagram: after the last action, what now. */
static void
status_line(const struct qttt_state *st, const struct qttt_action *last,
    char *buf, size_t n)
{
	char	 act[32], status[224];

	render_status(st, 0, 1, status, sizeof(status));
	if (last == NULL) {
		snprintf(buf, n, "%s", status);
		return;
	}
	render_action(last, act, sizeof(act), 1);
	snprintf(buf, n, "After %s: %s", act, status);
}

static void
open_svg(struct svg *s, double w, double h, const char *title,
    const char *desc)
{
	const struct qttt_render_opts *o = s->o;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"",
	    s->f);
	fprintf(s->f, " class=\"qttt qttt-theme-%s\" role=\"img\""
	    " width=\"", s->pal->name);
	num(s->f, o->width > 0 ? o->width : w);
	fputs("\" height=\"", s->f);
	num(s->f, o->width > 0 ? h * o->width / w : h);
	fputs("\" viewBox=\"0 0 ", s->f);
	num(s->f, w);
	putc(' ', s->f);
	num(s->f, h);
	fputs("\">\n<title>", s->f);
	xml_text(s->f, title);
	fputs("</title>\n<desc>", s->f);
	xml_text(s->f, desc);
	fputs("</desc>\n", s->f);
	fprintf(s->f, "<rect class=\"qttt-background\" width=\"100%%\" "
	    "height=\"100%%\" fill=\"%s\"/>\n", s->pal->bg);
}

/*
 * The description: the state string, then the moves that led to it
 * when they are all known (else the last action), then the status.
 */
static void
describe(const struct qttt_state *st, const struct qttt_action *plies,
    size_t nplies, char *buf, size_t n)
{
	char	 state[QTTT_STATE_MAX], act[32], status[224];
	size_t	 len, i;

	qttt_state_format(st, state, sizeof(state));
	render_status(st, 0, 0, status, sizeof(status));
	len = snprintf(buf, n, "State %s. ", state);
	if (nplies > 0 && render_complete(st, plies, nplies)) {
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

/* The size of a board, its coordinates and, unless bare, graph and
 * caption; and where the board goes. */
static void
frame_size(const struct svg *s, double *w, double *h, double *bx,
    double *by)
{
	double	 margin = s->o->coords == QTTT_COORDS_A1 ? COORD : 0;

	*bx = PAD + margin;
	*by = PAD + margin;
	*w = *bx + BOARD + PAD;
	*h = *by + BOARD + PAD;
	if (!s->o->bare) {
		*w += GAP + BOARD;
		*h += CAPTION;
	}
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
	status_line(st, last, text, sizeof(text));
	caption(s, w / 2, by + BOARD + 30, text, 16, "qttt-caption");
}

static void
preview(struct svg *s, const struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_state next;
	char		 desc[512], text[256], act[32];
	double		 w, h, bx, by, x;
	int		 i, who = QTTT_PLAYER_LETTER(qttt_state_turn(st));

	qttt_state_actions(st, acts);
	bx = by = PAD + (s->o->coords == QTTT_COORDS_A1 ? COORD : 0);
	w = bx + 2 * BOARD + GAP + PAD;
	h = by + BOARD + (s->o->bare ? 1 : 2) * CAPTION - 8 + PAD;
	snprintf(text, sizeof(text), "Quantum Tic-Tac-Toe: the two "
	    "outcomes of the measurement of %c%d", QTTT_LETTER(st->pending),
	    st->pending);
	describe(st, NULL, 0, desc, sizeof(desc));
	open_svg(s, w, h, text, desc);
	for (i = 0; i < 2; i++) {
		next = *st;
		qttt_state_apply(&next, &acts[i], NULL);
		x = bx + i * (BOARD + GAP);
		fprintf(s->f, "<g class=\"qttt-outcome\">\n");
		board_static(s, x, by);
		board_marks(s, &next, s->o->highlight ? &acts[i] : NULL, x,
		    by);
		render_action(&acts[i], act, sizeof(act), 1);
		snprintf(text, sizeof(text), "%c measures %s", who, act);
		caption(s, x + BOARD / 2, by + BOARD + 30, text, 17,
		    "qttt-caption");
		/* Bare: the outcome named, as in text, without its status. */
		if (!s->o->bare) {
			render_status(&next, 1, 1, text, sizeof(text));
			caption(s, x + BOARD / 2, by + BOARD + 54, text, 15,
			    "qttt-caption qttt-status");
		}
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
	const struct qttt_action *last = NULL;
	double		 w, h, bx, by;

	svg_init(&s, f, o);
	if (o->preview && st->pending != 0) {
		preview(&s, st);
		return ferror(f) ? -1 : 0;
	}
	if (plies != NULL && nplies > 0 && o->highlight)
		last = &plies[nplies - 1];
	qttt_state_format(st, state, sizeof(state));
	snprintf(title, sizeof(title), "Quantum Tic-Tac-Toe position %s",
	    state);
	describe(st, plies, nplies, desc, sizeof(desc));
	frame_size(&s, &w, &h, &bx, &by);
	open_svg(&s, w, h, title, desc);
	board_static(&s, bx, by);
	frame(&s, st, last, w, bx, by);
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
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
	double		 w, h, bx, by;
	size_t		 i, n = nplies + 1;
	unsigned long	 ms = o->frame_ms > 0 ? o->frame_ms : 1200;

	if (nplies > QTTT_MAXPLIES || (nplies > 0 && plies == NULL))
		return -2;
	states[0] = *start;
	for (i = 0; i < nplies; i++) {
		states[i + 1] = states[i];
		if (qttt_state_apply(&states[i + 1], &plies[i], NULL) !=
		    QTTT_OK)
			return -2;
	}
	svg_init(&s, f, o);
	qttt_state_format(&states[nplies], state, sizeof(state));
	snprintf(title, sizeof(title), "Quantum Tic-Tac-Toe game, %zu "
	    "plies, ending %s", nplies, state);
	describe(&states[nplies], plies, nplies, desc, sizeof(desc));
	frame_size(&s, &w, &h, &bx, &by);
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
/* For pages that restyle the diagrams (html.c)                         */
/* ------------------------------------------------------------------ */

void
render_svg_css(FILE *f, enum qttt_theme theme)
{
	const struct palette *p = &palettes[theme <= QTTT_THEME_MONO ?
	    theme : 0];

	fprintf(f, "--bg:%s;--grid:%s;--text:%s;--muted:%s;--x:%s;--o:%s;"
	    "--tx:%s;--to:%s;--last:%s;--accent:%s;--glow:%s", p->bg,
	    p->grid, p->text, p->muted, p->mark[0], p->mark[1], p->tint[0],
	    p->tint[1], p->last, p->accent, p->glow);
}

void
render_svg_fonts(FILE *f)
{
	fputs("--font-mark:" FONT_MARK ";--font-label:" FONT_LABEL, f);
}
