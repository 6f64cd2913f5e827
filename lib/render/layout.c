/*
 * Where the SVG writer puts things: how wide a text is in the fonts
 * the pictures name, captions broken into lines that fit, and the
 * entanglement graph laid out so that its edges keep clear of the
 * nodes and of one another and no label touches another label, a
 * node or an edge that is not its own.
 *
 * Graph coordinates are those of the SVG writer with the graph's top
 * left corner at 0,0: the node of the square drawn at place p is at
 * 50 + 100 (p mod 3), 50 + 100 (p div 3).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "render/render.h"

/*
 * Advance widths in thousandths of an em of the characters 32 to 126,
 * for each style the wider of DejaVu Sans (or Serif), which Debian
 * installs, and Liberation Sans (or Serif), which has the metrics of
 * Arial and Helvetica (Times New Roman).  Helvetica Neue and Georgia
 * are narrower than DejaVu in these characters; WIDTH_MARGIN covers
 * what the widest of them may still differ.
 */
static const unsigned short advance[4][95] = {
	[RENDER_SANS] = {
		318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838,
		318, 361, 318, 337, 637, 637, 637, 637, 637, 637, 637, 637,
		637, 637, 337, 337, 838, 838, 838, 557, 1016, 685, 687, 723,
		771, 667, 611, 778, 752, 295, 500, 667, 558, 863, 749, 788,
		667, 788, 723, 667, 611, 732, 685, 989, 686, 667, 686, 391,
		337, 391, 838, 557, 500, 613, 635, 550, 635, 616, 353, 635,
		634, 278, 278, 580, 278, 975, 634, 612, 635, 635, 412, 521,
		393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838
	},
	[RENDER_SANS_BOLD] = {
		349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838,
		380, 416, 380, 366, 696, 696, 696, 696, 696, 696, 696, 696,
		696, 696, 400, 400, 838, 838, 838, 611, 1000, 774, 763, 734,
		831, 684, 684, 821, 837, 373, 557, 775, 638, 996, 837, 851,
		733, 851, 771, 721, 683, 813, 774, 1104, 771, 725, 726, 458,
		366, 458, 838, 557, 500, 675, 716, 593, 716, 679, 436, 716,
		712, 343, 343, 666, 343, 1042, 712, 688, 716, 716, 494, 596,
		479, 712, 652, 924, 646, 652, 583, 712, 366, 712, 838
	},
	[RENDER_SERIF] = {
		318, 402, 460, 838, 637, 951, 891, 275, 391, 391, 500, 838,
		318, 338, 318, 337, 637, 637, 637, 637, 637, 637, 637, 637,
		637, 637, 337, 337, 838, 838, 838, 537, 1000, 723, 735, 766,
		802, 730, 694, 799, 873, 396, 401, 748, 665, 1024, 875, 820,
		673, 820, 753, 686, 667, 843, 723, 1028, 723, 723, 695, 391,
		337, 391, 838, 500, 500, 597, 641, 561, 641, 592, 371, 641,
		645, 320, 311, 606, 320, 949, 645, 603, 641, 641, 479, 514,
		402, 645, 565, 856, 564, 565, 527, 637, 337, 637, 838
	},
	[RENDER_SERIF_BOLD] = {
		349, 439, 556, 838, 696, 1000, 903, 307, 474, 474, 523, 838,
		349, 416, 349, 366, 696, 696, 696, 696, 696, 696, 696, 696,
		696, 696, 370, 370, 838, 838, 838, 586, 1000, 776, 846, 796,
		868, 763, 710, 855, 945, 468, 500, 870, 704, 1107, 915, 872,
		752, 872, 832, 723, 745, 873, 776, 1124, 776, 723, 730, 474,
		366, 474, 838, 500, 500, 648, 700, 609, 700, 637, 431, 700,
		728, 380, 362, 693, 380, 1059, 728, 667, 700, 700, 527, 563,
		462, 728, 582, 861, 597, 582, 568, 644, 364, 644, 838
	
	},
};

#define WIDTH_MARGIN	1.04
#define WIDE_CHAR	1000	/* a character beyond ASCII, U+2192 */

double
qttt__render_width(const char *s, size_t n, int font, double size)
{
	const unsigned char *u = (const unsigned char *)s;
	double		 w = 0;
	size_t		 i;

	for (i = 0; i < n && u[i] != '\0'; i++)
		if (u[i] >= 32 && u[i] < 127)
			w += advance[font][u[i] - 32];
		else if (u[i] >= 0xc0)
			w += WIDE_CHAR;	/* a continuation byte adds nothing */
	return w * size * WIDTH_MARGIN / 1000;
}

int
qttt__render_is_mark(const char *s, size_t i)
{
	return (s[i] == 'X' || s[i] == 'O') && s[i + 1] >= '1' &&
	    s[i + 1] <= '9' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(');
}

double
qttt__render_caption_width(const char *s, size_t n, double size)
{
	double	 w = 0;
	size_t	 i, from = 0;

	for (i = 0; i < n && s[i] != '\0'; i++)
		if (i + 1 < n && qttt__render_is_mark(s, i)) {
			w += qttt__render_width(s + from, i + 1 - from,
			    RENDER_SANS, size);
			w += qttt__render_width(s + i + 1, 1, RENDER_SANS,
			    size * RENDER_SUB);
			from = i + 2;
			i++;
		}
	return w + qttt__render_width(s + from, i - from, RENDER_SANS, size);
}

size_t
qttt__render_wrap(const char *s, double size, double width, size_t *starts,
    size_t max)
{
	size_t	 n = 0, start = 0, end, next, len = strlen(s);

	while (n < max) {
		starts[n++] = start;
		/* The longest run of words from start that fits. */
		end = 0;
		for (next = start; next <= len; next++) {
			if (next < len && s[next] != ' ')
				continue;
			if (end > 0 && qttt__render_caption_width(s + start,
			    next - start, size) > width)
				break;
			end = next;
			if (next == len)
				break;
		}
		if (end == 0 || end >= len)
			break;
		start = end + 1;
	}
	return n;
}

/* ------------------------------------------------------------------ */
/* The entanglement graph                                               */
/* ------------------------------------------------------------------ */

#define NSEG		24	/* an edge as a polyline of NSEG pieces */
#define CHUNK		4	/* segments, whose box is kept */
#define NCHUNK		(NSEG / CHUNK)
#define NBOW		13
#define NSHIFT		3
#define NSHAPE		(NBOW * NSHIFT)	/* the shapes of one piece */
#define NWIND		96	/* at most so many of two pieces */
#define MAXSHAPE	(NSHAPE + NWIND)
#define NSPOT		9
#define NBESIDE		9	/* spots with a place beside the line */
#define LIMIT_LO	(-4.0)	/* where the graph may draw */
#define LIMIT_HI	304.0
#define NODE_CLEAR	3.0	/* between an edge and a foreign node */
#define LABEL_CLEAR	2.0	/* around a label */
#define CLOSE		12.0	/* edges nearer than this run together */
#define SEARCH_BUDGET	500	/* label placements tried per layout */
#define OVER_COST	40	/* per unit a curve runs into a node */
/*
 * Edges nearer than RUN_NEAR for longer than RUN_LIMIT, away from
 * their nodes, run along each other: more than a crossing.  The
 * limits are a little stricter than tests/check_layout.c's, which
 * samples the curves more finely.
 */
#define RUN_NEAR	6.0
#define RUN_LIMIT	18.0
#define RUN_COST	200
#define WIND_COST	8	/* for a shape of two pieces */
#define WIND_DETOUR	120	/* how much longer its corner makes it */

/* Apex offsets, outwards first: the curve is a quadratic Bezier. */
static const double bows[NBOW] = {
	0, 8, -8, 16, -16, 24, -24, 34, -34, 46, -46, 60, -60
};
/* How far the apex moves along the edge, as a fraction of its length. */
static const double shifts[NSHIFT] = { 0, 0.22, -0.22 };
/* Where a label may sit along its edge, the middle first. */
static const double spots[NSPOT] = {
	0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73, 0.2, 0.8
};

struct shape {
	int	 ok;			/* clear of the nodes and in bounds */
	int	 inside;		/* in bounds */
	double	 over;			/* how far into a node, if not ok */
	double	 cost;			/* of its bow, or of its two pieces */
	struct render_curve curve;
	double	 px[NSEG + 1], py[NSEG + 1];
	double	 lox, loy, hix, hiy;	/* the box of its points */
	double	 seg;			/* its longest segment */
	double	 chunk[NCHUNK][4];	/* the boxes of CHUNK segments */
};

struct layout {
	struct render_graph	*g;
	struct shape		 shape[QTTT_MAXMOVES][MAXSHAPE];
	int			 nshape[QTTT_MAXMOVES];
	int			 pick[QTTT_MAXMOVES];	/* shape of each edge */
	int			 spot[QTTT_MAXMOVES];	/* its label's */
	unsigned long		 budget;
	/*
	 * closeness(i, b, j, with) for the last shape with of edge j it
	 * was asked with (-1: none yet), and whether the two run along
	 * each other: the picks of the other edges change rarely while
	 * one edge tries each of its shapes.
	 */
	double			 close[QTTT_MAXMOVES][MAXSHAPE][QTTT_MAXMOVES];
	short			 closewith[QTTT_MAXMOVES][MAXSHAPE]
				    [QTTT_MAXMOVES];
	unsigned char		 along[QTTT_MAXMOVES][MAXSHAPE]
				    [QTTT_MAXMOVES];
};

static double
square(double x)
{
	return x * x;
}

/* Square roots by Newton's method: the library needs no libm. */
double
qttt__render_root(double x)
{
	double	 r = (1 + x) / 2, last = 0;
	int	 i;

	if (x <= 0)
		return 0;
	for (i = 0; i < 60 && r != last; i++) {
		last = r;
		r = (r + x / r) / 2;
	}
	return r;
}

/* The square of the distance from x,y to the segment from a to b. */
static double
seg_dist2(double x, double y, double ax, double ay, double bx, double by)
{
	double	 dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy, t = 0;

	if (l > 0)
		t = ((x - ax) * dx + (y - ay) * dy) / l;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return square(x - ax - t * dx) + square(y - ay - t * dy);
}

/* The square of the distance from x,y to the box of centre bx,by and
 * half sizes hw, hh. */
static double
box_dist2(double x, double y, double bx, double by, double hw, double hh)
{
	double	 dx = x < bx - hw ? bx - hw - x : x > bx + hw ? x - bx - hw : 0;
	double	 dy = y < by - hh ? by - hh - y : y > by + hh ? y - by - hh : 0;

	return dx * dx + dy * dy;
}

/*
 * Whether the segment from a to b meets the box of centre cx,cy and
 * half sizes hw, hh (Liang and Barsky's clipping).
 */
static int
seg_meets_box(double ax, double ay, double bx, double by, double cx,
    double cy, double hw, double hh)
{
	double	 p[4], q[4], lo = 0, hi = 1, r;
	int	 i;

	/* Both ends beyond one side. */
	if ((ax < cx - hw && bx < cx - hw) || (ax > cx + hw && bx > cx + hw) ||
	    (ay < cy - hh && by < cy - hh) || (ay > cy + hh && by > cy + hh))
		return 0;
	p[0] = -(bx - ax);
	q[0] = ax - (cx - hw);
	p[1] = bx - ax;
	q[1] = cx + hw - ax;
	p[2] = -(by - ay);
	q[2] = ay - (cy - hh);
	p[3] = by - ay;
	q[3] = cy + hh - ay;
	for (i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return 0;
			continue;
		}
		r = q[i] / p[i];
		if (p[i] < 0 && r > lo)
			lo = r;
		else if (p[i] > 0 && r < hi)
			hi = r;
		if (lo > hi)
			return 0;
	}
	return 1;
}

/* Whether x,y is within c of node sq. */
static int
near_node(const struct render_graph *g, int sq, double x, double y,
    double c)
{
	if (g->classical[sq])
		return box_dist2(x, y, g->nx[sq], g->ny[sq], RENDER_NODE_R,
		    RENDER_NODE_R) < c * c;
	return square(x - g->nx[sq]) + square(y - g->ny[sq]) <
	    square(RENDER_NODE_R + c);
}

/* The point at t of the quadratic Bezier piece from 0 to 1 about c. */
static void
quadratic(double x0, double y0, double cx, double cy, double x1, double y1,
    double t, double *x, double *y)
{
	double	 u = 1 - t;

	*x = u * u * x0 + 2 * u * t * cx + t * t * x1;
	*y = u * u * y0 + 2 * u * t * cy + t * t * y1;
}

void
qttt__render_bezier(const struct render_edge *e, double t, double *x, double *y)
{
	const struct render_curve *c = &e->curve;

	if (c->pieces != 2)
		quadratic(e->x0, e->y0, c->cx, c->cy, e->x1, e->y1, t, x, y);
	else if (t < 0.5)
		quadratic(e->x0, e->y0, c->cx, c->cy, c->wx, c->wy, 2 * t,
		    x, y);
	else
		quadratic(c->wx, c->wy, c->dx, c->dy, e->x1, e->y1,
		    2 * t - 1, x, y);
}

/* Edge i drawn as shape s. */
static void
shape_edge(const struct layout *L, size_t i, const struct shape *s,
    struct render_edge *e)
{
	*e = L->g->edge[i];
	e->curve = s->curve;
}

/* The box of points from to to of shape s: lo x, lo y, hi x, hi y. */
static void
box_of(const struct shape *s, int from, int to, double box[4])
{
	int	 k;

	box[0] = box[2] = s->px[from];
	box[1] = box[3] = s->py[from];
	for (k = from + 1; k <= to; k++) {
		if (s->px[k] < box[0])
			box[0] = s->px[k];
		if (s->px[k] > box[2])
			box[2] = s->px[k];
		if (s->py[k] < box[1])
			box[1] = s->py[k];
		if (s->py[k] > box[3])
			box[3] = s->py[k];
	}
}

/* The polyline of shape s of edge i, its box, and whether it keeps
 * clear of the nodes the edge does not join and of the bounds. */
static void
trace(struct layout *L, size_t i, struct shape *s)
{
	struct render_graph *g = L->g;
	struct render_edge e;
	double		 c;
	int		 k, n;

	shape_edge(L, i, s, &e);
	s->ok = 1;
	s->over = 0;
	s->seg = 0;
	for (k = 0; k <= NSEG; k++) {
		qttt__render_bezier(&e, (double)k / NSEG, &s->px[k], &s->py[k]);
		if (k > 0 && (c = square(s->px[k] - s->px[k - 1]) +
		    square(s->py[k] - s->py[k - 1])) > s->seg)
			s->seg = c;
		if (s->px[k] < LIMIT_LO || s->px[k] > LIMIT_HI ||
		    s->py[k] < LIMIT_LO || s->py[k] > LIMIT_HI)
			s->ok = 0;
		if (k == 0 || s->px[k] < s->lox)
			s->lox = s->px[k];
		if (k == 0 || s->px[k] > s->hix)
			s->hix = s->px[k];
		if (k == 0 || s->py[k] < s->loy)
			s->loy = s->py[k];
		if (k == 0 || s->py[k] > s->hiy)
			s->hiy = s->py[k];
	}
	s->seg = qttt__render_root(s->seg);
	for (k = 0; k < NCHUNK; k++)
		box_of(s, k * CHUNK, (k + 1) * CHUNK, s->chunk[k]);
	s->inside = s->ok;
	for (n = 0; n < QTTT_NSQUARES && s->ok; n++) {
		if (n == e.a || n == e.b)
			continue;
		c = RENDER_EDGE_W / 2 + NODE_CLEAR + e.halo;
		/* A node beyond the curve's box, grown by c, is clear. */
		if (g->nx[n] + RENDER_NODE_R + c < s->lox ||
		    g->nx[n] - RENDER_NODE_R - c > s->hix ||
		    g->ny[n] + RENDER_NODE_R + c < s->loy ||
		    g->ny[n] - RENDER_NODE_R - c > s->hiy)
			continue;
		for (k = 0; k < NSEG; k++)
			if (g->classical[n] ? seg_meets_box(s->px[k],
			    s->py[k], s->px[k + 1], s->py[k + 1], g->nx[n],
			    g->ny[n], RENDER_NODE_R + c, RENDER_NODE_R + c) :
			    seg_dist2(g->nx[n], g->ny[n], s->px[k], s->py[k],
			    s->px[k + 1], s->py[k + 1]) <
			    square(RENDER_NODE_R + c))
				s->ok = 0;
	}
}

static double
bow_cost(int b)
{
	double	 bow = bows[b % NBOW];

	return (bow < 0 ? -bow : bow) * 0.15 + (bow < 0) + (b >= NBOW) * 3;
}

/* The curve of edge i of one piece with bow b. */
static void
make_shape(struct layout *L, size_t i, int b)
{
	const struct render_edge *e = &L->g->edge[i];
	struct shape	*s = &L->shape[i][b];
	double		 dx = e->x1 - e->x0, dy = e->y1 - e->y0, len, nx, ny;
	double		 mx = (e->x0 + e->x1) / 2, my = (e->y0 + e->y1) / 2;

	len = qttt__render_root(dx * dx + dy * dy);
	nx = -dy / len;
	ny = dx / len;
	/* Positive bows go outwards, away from the middle of the graph. */
	if (nx * (mx - 150) + ny * (my - 150) < -0.01) {
		nx = -nx;
		ny = -ny;
	}
	/* The curve's apex is half way to its control point. */
	s->curve.pieces = 1;
	s->curve.cx = mx + 2 * bows[b % NBOW] * nx + shifts[b / NBOW] * dx;
	s->curve.cy = my + 2 * bows[b % NBOW] * ny + shifts[b / NBOW] * dy;
	s->cost = bow_cost(b);
	trace(L, i, s);
}

static double
distance(double x0, double y0, double x1, double y1)
{
	return qttt__render_root(square(x1 - x0) + square(y1 - y0));
}

/*
 * The curves of edge i of two pieces, for an edge that must wind
 * between the nodes: through a point w of a street, half way between
 * two rows or two columns of nodes (or beyond the outer ones), along
 * the street there or, where two cross, across it, each piece pulled
 * towards that tangent.  Those that would take the edge a long way
 * round, or that one piece would draw as well, are left out.
 */
static void
make_winds(struct layout *L, size_t i)
{
	static const double tangents[4][2] = {
		{ 1, 0 }, { 0, 1 }, { 0.70710678, 0.70710678 },
		{ 0.70710678, -0.70710678 }
	};
	static const double pulls[2] = { 0.35, 0.6 };
	const struct render_edge *e = &L->g->edge[i];
	struct shape	*s;
	double		 len, wx, wy, a, b, tx, ty, along, path;
	int		 gx, gy, k, p, m, street_x, street_y;

	len = distance(e->x0, e->y0, e->x1, e->y1);
	for (gx = 0; gx <= 6; gx++)
		for (gy = 0; gy <= 6; gy++) {
			street_x = gx % 2 == 0;
			street_y = gy % 2 == 0;
			if (!street_x && !street_y)
				continue;	/* a node */
			wx = 50 * gx;
			wy = 50 * gy;
			a = distance(e->x0, e->y0, wx, wy);
			b = distance(wx, wy, e->x1, e->y1);
			if (a + b > len + WIND_DETOUR || seg_dist2(wx, wy,
			    e->x0, e->y0, e->x1, e->y1) < 100)
				continue;
			for (k = 0; k < 4; k++) {
				if (k == 0 ? !street_y : k == 1 ? !street_x :
				    !street_x || !street_y)
					continue;
				tx = tangents[k][0];
				ty = tangents[k][1];
				along = tx * (e->x1 - e->x0) +
				    ty * (e->y1 - e->y0);
				if (along < 0) {
					tx = -tx;
					ty = -ty;
					along = -along;
				}
				/* Not across the way the edge goes. */
				if (along < 0.3 * len)
					continue;
				for (p = 0; p < 2; p++) {
					if (L->nshape[i] == MAXSHAPE)
						return;
					s = &L->shape[i][L->nshape[i]++];
					s->curve.pieces = 2;
					s->curve.wx = wx;
					s->curve.wy = wy;
					s->curve.cx = wx - pulls[p] * a * tx;
					s->curve.cy = wy - pulls[p] * a * ty;
					s->curve.dx = wx + pulls[p] * b * tx;
					s->curve.dy = wy + pulls[p] * b * ty;
					trace(L, i, s);
					path = 0;
					for (m = 0; m < NSEG; m++)
						path += distance(s->px[m],
						    s->py[m], s->px[m + 1],
						    s->py[m + 1]);
					s->cost = WIND_COST +
					    0.15 * (path - len);
				}
			}
		}
}

/*
 * The square of the distance from point k of shape a to shape b, or
 * cap squared if b is no nearer than cap: segments in a box farther
 * away than the nearest so far are not looked at.
 */
static double
to_curve2(const struct shape *a, int k, const struct shape *b, double cap)
{
	const double	*box;
	double		 x = a->px[k], y = a->py[k], d, best = cap * cap;
	int		 c, m;

	for (c = 0; c < NCHUNK; c++) {
		box = b->chunk[c];
		d = x < box[0] ? square(box[0] - x) : x > box[2] ?
		    square(x - box[2]) : 0;
		if (d >= best || d + (y < box[1] ? square(box[1] - y) :
		    y > box[3] ? square(y - box[3]) : 0) >= best)
			continue;
		for (m = c * CHUNK; m < (c + 1) * CHUNK; m++) {
			d = seg_dist2(x, y, b->px[m], b->py[m], b->px[m + 1],
			    b->py[m + 1]);
			if (d < best)
				best = d;
		}
	}
	return best;
}

/* Whether point k of shape s is within c of one of 4 nodes. */
static int
near_ends(const struct render_graph *g, const int ends[4],
    const struct shape *s, int k, double c)
{
	int	 m;

	for (m = 0; m < 4; m++)
		if (near_node(g, ends[m], s->px[k], s->py[k], c))
			return 1;
	return 0;
}

/*
 * How much of one curve runs close along another, both ways, and
 * whether they run along each other (for longer than RUN_LIMIT within
 * RUN_NEAR).  Edges meet at the nodes they share; that is no fault.
 * The odd points count for the cost; the even ones are looked at for
 * a run only when an odd one comes near enough for its neighbours to
 * be within RUN_NEAR.
 */
static double
closeness(const struct layout *L, size_t i, int bi, size_t j, int bj,
    int *along)
{
	const struct render_graph *g = L->g;
	const struct shape *s[2] = { &L->shape[i][bi], &L->shape[j][bj] };
	const struct render_edge *e[2] = { &g->edge[i], &g->edge[j] };
	double		 cost = 0, d, run, cap, best[NSEG];
	int		 w, k, near, ends[4] = { e[0]->a, e[0]->b, e[1]->a,
			    e[1]->b };

	*along = 0;
	/* Curves whose boxes are CLOSE apart cannot run close. */
	if (s[0]->lox - s[1]->hix >= CLOSE || s[1]->lox - s[0]->hix >= CLOSE ||
	    s[0]->loy - s[1]->hiy >= CLOSE || s[1]->loy - s[0]->hiy >= CLOSE)
		return 0;
	for (w = 0; w < 2; w++) {
		near = 0;
		cap = RUN_NEAR + s[w]->seg;
		if (cap < CLOSE)
			cap = CLOSE;
		for (k = 1; k < NSEG; k += 2) {
			best[k] = d = to_curve2(s[w], k, s[!w], cap);
			if (d < square(RUN_NEAR + s[w]->seg))
				near = 1;
			if (d < CLOSE * CLOSE &&
			    !near_ends(g, ends, s[w], k, 12))
				cost += (CLOSE * CLOSE - d) / CLOSE;
		}
		if (!near)
			continue;
		run = 0;
		for (k = 1; k < NSEG; k++) {
			d = k % 2 == 1 ? best[k] : to_curve2(s[w], k, s[!w],
			    RUN_NEAR);
			if (d < RUN_NEAR * RUN_NEAR &&
			    !near_ends(g, ends, s[w], k, 10))
				run += distance(s[w]->px[k - 1],
				    s[w]->py[k - 1], s[w]->px[k + 1],
				    s[w]->py[k + 1]) / 2;
		}
		if (run > RUN_LIMIT)
			*along = 1;
	}
	return cost + (*along ? RUN_COST : 0);
}

/* closeness() of edge i with shape b and edge j with its pick. */
static double
close_to_pick(struct layout *L, size_t i, int b, size_t j)
{
	int	 along;

	if (L->closewith[i][b][j] != L->pick[j]) {
		L->close[i][b][j] = closeness(L, i, b, j, L->pick[j], &along);
		L->along[i][b][j] = along;
		L->closewith[i][b][j] = L->pick[j];
	}
	return L->close[i][b][j];
}

/*
 * How far the points of shape s of edge i run into the clearance of a
 * node they do not join: for an edge that no shape keeps clear.
 */
static double
intrusion(const struct layout *L, size_t i, const struct shape *s)
{
	const struct render_graph *g = L->g;
	const struct render_edge *e = &g->edge[i];
	double		 c, d, worst = 0;
	int		 n, k;

	c = RENDER_EDGE_W / 2 + NODE_CLEAR + e->halo;
	for (n = 0; n < QTTT_NSQUARES; n++) {
		if (n == e->a || n == e->b)
			continue;
		for (k = 1; k < NSEG; k++) {
			d = g->classical[n] ?
			    qttt__render_root(box_dist2(s->px[k], s->py[k],
			    g->nx[n], g->ny[n], RENDER_NODE_R,
			    RENDER_NODE_R)) :
			    qttt__render_root(square(s->px[k] - g->nx[n]) +
			    square(s->py[k] - g->ny[n])) - RENDER_NODE_R;
			if (c - d > worst)
				worst = c - d;
		}
	}
	return worst;
}

/* Whether another edge joins the two squares that edge i joins. */
static int
twinned(const struct render_graph *g, size_t i)
{
	size_t	 j;

	for (j = 0; j < g->nedges; j++)
		if (j != i && g->edge[j].a == g->edge[i].a &&
		    g->edge[j].b == g->edge[i].b)
			return 1;
	return 0;
}

/* What shape b of edge i costs alone: its bow, and how far it runs
 * into a node if no shape keeps clear. */
static double
shape_cost(const struct layout *L, size_t i, int b)
{
	return L->shape[i][b].cost + OVER_COST * L->shape[i][b].over;
}

/*
 * What is wrong with the picked curves: how many run into a node, and
 * how many pairs run along each other.  Marks the edges at fault in
 * bad, if not NULL.
 */
static int
flaws(struct layout *L, int *bad)
{
	size_t	 i, j, n = L->g->nedges;
	int	 count = 0;

	for (i = 0; i < n; i++) {
		if (L->shape[i][L->pick[i]].over > 0) {
			count++;
			if (bad != NULL)
				bad[i] = 1;
		}
		for (j = i + 1; j < n; j++) {
			close_to_pick(L, i, L->pick[i], j);
			if (!L->along[i][L->pick[i]][j])
				continue;
			count++;
			if (bad != NULL)
				bad[i] = bad[j] = 1;
		}
	}
	return count;
}

/*
 * Where label i goes at spot k: on its curve, or for the spots past
 * NSPOT beside it, on either side, just clear of the line.
 */
static void
label_at(const struct layout *L, size_t i, int k, double *x, double *y)
{
	struct render_edge e;
	double		 t, ax, ay, bx, by, nx, ny, len, off;

	shape_edge(L, i, &L->shape[i][L->pick[i]], &e);
	t = spots[k < NSPOT ? k : (k - NSPOT) / 2];
	qttt__render_bezier(&e, t, x, y);
	if (k < NSPOT)
		return;
	qttt__render_bezier(&e, t - 0.01, &ax, &ay);
	qttt__render_bezier(&e, t + 0.01, &bx, &by);
	len = qttt__render_root(square(bx - ax) + square(by - ay));
	nx = -(by - ay) / len;
	ny = (bx - ax) / len;
	if ((k - NSPOT) % 2 == 1) {
		nx = -nx;
		ny = -ny;
	}
	off = (nx < 0 ? -nx : nx) * e.lw / 2 + (ny < 0 ? -ny : ny) * e.lh / 2 +
	    RENDER_EDGE_W / 2 + e.halo + LABEL_CLEAR;
	*x += nx * off;
	*y += ny * off;
}

/* Whether label i at spot k keeps clear of everything placed so far
 * (the labels of the edges before i). */
static int
label_fits(struct layout *L, size_t i, int k, double *lx, double *ly)
{
	struct render_graph *g = L->g;
	const struct render_edge *e = &g->edge[i], *f;
	const struct shape *s;
	double		 hw = e->lw / 2, hh = e->lh / 2, x, y, c;
	size_t		 j;
	int		 n, m;

	label_at(L, i, k, &x, &y);
	*lx = x;
	*ly = y;
	if (x - hw < LIMIT_LO || x + hw > LIMIT_HI || y - hh < LIMIT_LO ||
	    y + hh > LIMIT_HI)
		return 0;
	for (n = 0; n < QTTT_NSQUARES; n++)
		if (g->classical[n] ? box_dist2(g->nx[n], g->ny[n], x, y,
		    hw + RENDER_NODE_R, hh + RENDER_NODE_R) <
		    square(LABEL_CLEAR) : box_dist2(g->nx[n], g->ny[n], x, y,
		    hw, hh) < square(RENDER_NODE_R + LABEL_CLEAR))
			return 0;
	for (j = 0; j < g->nedges; j++) {
		f = &g->edge[j];
		if (j < i && (x - f->lx < 0 ? f->lx - x : x - f->lx) <
		    hw + f->lw / 2 + LABEL_CLEAR &&
		    (y - f->ly < 0 ? f->ly - y : y - f->ly) <
		    hh + f->lh / 2 + LABEL_CLEAR)
			return 0;
		if (j == i)
			continue;
		/* The box grown by the clearance: a little stricter at
		 * its corners than the distance. */
		s = &L->shape[j][L->pick[j]];
		c = f->halo + RENDER_EDGE_W / 2 + LABEL_CLEAR;
		/* A curve whose box misses the label's misses it. */
		if (s->lox > x + hw + c || s->hix < x - hw - c ||
		    s->loy > y + hh + c || s->hiy < y - hh - c)
			continue;
		for (m = 0; m < NSEG; m++)
			if (seg_meets_box(s->px[m], s->py[m], s->px[m + 1],
			    s->py[m + 1], x, y, hw + c, hh + c))
				return 0;
	}
	return 1;
}

/* Places the labels from edge i on, by backtracking.  Returns 1 if
 * they all fit. */
static int
place_labels(struct layout *L, size_t i)
{
	struct render_edge *e;
	int		 k;

	if (i == L->g->nedges)
		return 1;
	e = &L->g->edge[i];
	for (k = 0; k < NSPOT + 2 * NBESIDE; k++) {
		if (L->budget == 0)
			return 0;
		L->budget--;
		if (!label_fits(L, i, k, &e->lx, &e->ly))
			continue;
		L->spot[i] = k;
		if (place_labels(L, i + 1))
			return 1;
	}
	return 0;
}

/* The cost of the picked curves: their bows, and how they crowd. */
static double
curves_cost(struct layout *L)
{
	double	 c = 0;
	size_t	 i, j;

	for (i = 0; i < L->g->nedges; i++) {
		c += shape_cost(L, i, L->pick[i]);
		for (j = i + 1; j < L->g->nedges; j++)
			c += close_to_pick(L, i, L->pick[i], j);
	}
	return c;
}

/* Moves one edge at a time (those of move, if not NULL) to its best
 * shape while that helps. */
static void
settle_curves(struct layout *L, const int *move)
{
	double	 best, c;
	size_t	 i, j, n = L->g->nedges;
	int	 b, round, moved = 1;

	for (round = 0; round < 6 && moved; round++) {
		moved = 0;
		for (i = 0; i < n; i++) {
			if (move != NULL && !move[i])
				continue;
			best = -1;
			for (b = 0; b < L->nshape[i]; b++) {
				if (!L->shape[i][b].ok)
					continue;
				c = shape_cost(L, i, b);
				for (j = 0; j < n; j++)
					if (j != i)
						c += close_to_pick(L, i, b, j);
				if (best < 0 || c < best - 1e-9) {
					best = c;
					if (L->pick[i] != b)
						moved = 1;
					L->pick[i] = b;
				}
			}
		}
	}
}

static int
try_labels(struct layout *L)
{
	L->budget = SEARCH_BUDGET;
	return place_labels(L, 0);
}

/* The boxes of the labels at size px. */
static void
size_labels(struct render_graph *g, double size)
{
	struct render_edge *e;
	char		 letter[2] = { 0, 0 };
	size_t		 i;

	g->label_size = size;
	for (i = 0; i < g->nedges; i++) {
		e = &g->edge[i];
		letter[0] = QTTT_LETTER(e->move);
		e->lw = qttt__render_width(letter, 1, QTTT_MOVER(e->move) ==
		    QTTT_X ? RENDER_SERIF_BOLD : RENDER_SERIF, size) +
		    qttt__render_width("8", 1, RENDER_SERIF_BOLD,
		    size * RENDER_MARK_SUB) + 2 * RENDER_LABEL_PAD;
		e->lh = size + 2 * RENDER_LABEL_PAD;
	}
}

/*
 * Keeps the picks of L in keep if they beat the best so far (best < 0:
 * none), whose labels fit: fewer flaws f, then a lower curves_cost().
 */
static void
keep_better(struct layout *L, int f, double *best, int *least,
    int keep[QTTT_MAXMOVES])
{
	double	 cost = curves_cost(L);

	if (*best >= 0 && (f > *least || (f == *least && cost >= *best)))
		return;
	*best = cost;
	*least = f;
	memcpy(keep, L->pick, sizeof(L->pick));
}

/*
 * The labels, for the curves settled on: if they do not fit, another
 * shape for one edge may make room, the best such by flaws() and then
 * curves_cost(); unless last, only a shape that makes the curves no
 * worse, so that smaller labels are tried first.  If last and no shape
 * makes room without making them worse, each is tried again with the
 * edges it makes worse settled round it.
 */
static int
fit_labels(struct layout *L, int last)
{
	size_t		 i, n = L->g->nedges;
	double		 best = -1;
	int		 b, f, base, least = 0, round, pick[QTTT_MAXMOVES],
			 keep[QTTT_MAXMOVES], bad[QTTT_MAXMOVES];

	if (try_labels(L))
		return 1;
	memcpy(pick, L->pick, sizeof(pick));
	base = flaws(L, NULL);
	for (round = 0; round < 2; round++) {
		if (round == 1 && (!last || (best >= 0 && least <= base)))
			break;
		for (i = 0; i < n; i++)
			for (b = 0; b < L->nshape[i]; b++) {
				if (b == pick[i] || !L->shape[i][b].ok)
					continue;
				memcpy(L->pick, pick, sizeof(pick));
				L->pick[i] = b;
				memset(bad, 0, sizeof(bad));
				f = flaws(L, bad);
				if (round == 1) {
					/* No worse: tried already. */
					if (f <= base)
						continue;
					bad[i] = 0;
					settle_curves(L, bad);
					if ((f = flaws(L, NULL)) > base)
						continue;
				} else if (f > base && !last)
					continue;
				if (try_labels(L))
					keep_better(L, f, &best, &least, keep);
			}
	}
	memcpy(L->pick, best < 0 ? pick : keep, sizeof(pick));
	return best >= 0 && try_labels(L);
}

/*
 * The shapes of edge i that it may take: those that keep clear, or if
 * none does, or the edge has a twin on the same two squares (a cycle
 * of two) that the one clear shape would draw over it, every shape in
 * bounds, at a cost of how far it runs into a node.
 */
static void
allow_shapes(struct layout *L, size_t i)
{
	struct shape	*s;
	int		 b;

	L->pick[i] = -1;
	for (b = 0; b < L->nshape[i]; b++)
		if (L->shape[i][b].ok) {
			L->pick[i] = b;
			break;
		}
	if (L->pick[i] >= 0 && !twinned(L->g, i))
		return;
	for (b = 0; b < L->nshape[i]; b++) {
		s = &L->shape[i][b];
		if (!s->inside || s->ok)
			continue;
		s->ok = 1;
		s->over = intrusion(L, i, s);
		if (L->pick[i] < 0 || s->over < L->shape[i][L->pick[i]].over)
			L->pick[i] = b;
	}
	if (L->pick[i] < 0) {
		/* Out of bounds whatever it does: the widest bow,
		 * outwards. */
		L->shape[i][NBOW - 2].ok = 1;
		L->pick[i] = NBOW - 2;
	}
}

/* The edges of st, from node to node, straight. */
static void
graph_edges(const struct qttt_state *st, struct render_graph *g)
{
	struct render_edge *e;
	struct qttt_cycle c;
	int		 m;

	if (qttt_state_cycle(st, &c) != 0)
		c.nmoves = 0;
	for (m = 1; m < st->next; m++) {
		if (st->where[m][0] == st->where[m][1])
			continue;
		e = &g->edge[g->nedges++];
		e->move = m;
		e->a = st->where[m][0];
		e->b = st->where[m][1];
		e->curve.pieces = 1;
		e->x0 = g->nx[e->a];
		e->y0 = g->ny[e->a];
		e->x1 = g->nx[e->b];
		e->y1 = g->ny[e->b];
		e->curve.cx = (e->x0 + e->x1) / 2;
		e->curve.cy = (e->y0 + e->y1) / 2;
		e->halo = memchr(c.moves, m, c.nmoves) != NULL ?
		    RENDER_HALO_W / 2 : 0;
	}
}

/*
 * Lays the graph out.  Each edge first tries the curves of one piece;
 * an edge that none keeps clear, that has a twin, or that still runs
 * into a node or along another edge once the curves are settled, also
 * tries those of two.  The layout takes about 1 MB, from the heap:
 * without it, the edges are drawn straight, their labels at their
 * middles, and fits is 0.
 */
void
qttt__render_graph_layout(const struct qttt_state *st,
    const unsigned char place[QTTT_NSQUARES], struct render_graph *g)
{
	/* Smaller labels when the graph is crowded. */
	static const double sizes[] = { RENDER_LABEL_SIZE, 15, 13 };
	const size_t	 nsizes = sizeof(sizes) / sizeof(sizes[0]);
	struct layout	*L;
	struct render_edge *e;
	size_t		 i, k, n;
	int		 m, b, clear, winds, settled[QTTT_MAXMOVES],
			 bad[QTTT_MAXMOVES];

	memset(g, 0, sizeof(*g));
	for (m = 0; m < QTTT_NSQUARES; m++) {
		g->nx[m] = 50 + 100 * (place[m] % 3);
		g->ny[m] = 50 + 100 * (place[m] / 3);
		g->classical[m] = st->board[m] != 0;
	}
	graph_edges(st, g);
	n = g->nedges;
	size_labels(g, sizes[0]);
	if ((L = malloc(sizeof(*L))) == NULL) {
		for (i = 0; i < n; i++)
			qttt__render_bezier(&g->edge[i], 0.5, &g->edge[i].lx,
			    &g->edge[i].ly);
		return;
	}
	L->g = g;
	memset(L->closewith, -1, sizeof(L->closewith));
	for (i = 0; i < n; i++) {
		L->nshape[i] = NSHAPE;
		for (b = clear = 0; b < NSHAPE; b++) {
			make_shape(L, i, b);
			clear |= L->shape[i][b].ok;
		}
		if (!clear || twinned(g, i))
			make_winds(L, i);
		allow_shapes(L, i);
	}
	settle_curves(L, NULL);
	memset(bad, 0, sizeof(bad));
	if (flaws(L, bad) > 0) {
		for (i = winds = 0; i < n; i++)
			if (bad[i] && L->nshape[i] == NSHAPE) {
				make_winds(L, i);
				winds = 1;
			}
		if (winds)
			settle_curves(L, NULL);
	}
	memcpy(settled, L->pick, sizeof(settled));
	for (k = 0; k < nsizes; k++) {
		memcpy(L->pick, settled, sizeof(settled));
		size_labels(g, sizes[k]);
		if ((g->fits = fit_labels(L, k == nsizes - 1)) != 0)
			break;
	}
	for (i = 0; i < n; i++) {
		e = &g->edge[i];
		shape_edge(L, i, &L->shape[i][L->pick[i]], e);
		if (!g->fits) {
			/* Crowded beyond help: the middle of each edge. */
			qttt__render_bezier(e, 0.5, &e->lx, &e->ly);
		}
	}
	free(L);
}
