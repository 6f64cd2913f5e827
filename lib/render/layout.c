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
#include <string.h>

#include "qttt.h"
#include "internal.h"

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
render_width(const char *s, size_t n, int font, double size)
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
render_is_mark(const char *s, size_t i)
{
	return (s[i] == 'X' || s[i] == 'O') && s[i + 1] >= '1' &&
	    s[i + 1] <= '9' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(');
}

double
render_caption_width(const char *s, size_t n, double size)
{
	double	 w = 0;
	size_t	 i, from = 0;

	for (i = 0; i < n && s[i] != '\0'; i++)
		if (i + 1 < n && render_is_mark(s, i)) {
			w += render_width(s + from, i + 1 - from,
			    RENDER_SANS, size);
			w += render_width(s + i + 1, 1, RENDER_SANS,
			    size * RENDER_SUB);
			from = i + 2;
			i++;
		}
	return w + render_width(s + from, i - from, RENDER_SANS, size);
}

size_t
render_wrap(const char *s, double size, double width, size_t *starts,
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
			if (end > 0 && render_caption_width(s + start,
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
#define NBOW		13
#define NSHIFT		3
#define NSHAPE		(NBOW * NSHIFT)
#define NSPOT		9
#define NBESIDE		5	/* spots with a place beside the line */
#define LIMIT_LO	(-4.0)	/* where the graph may draw */
#define LIMIT_HI	304.0
#define NODE_CLEAR	3.0	/* between an edge and a foreign node */
#define LABEL_CLEAR	2.0	/* around a label */
#define CLOSE		12.0	/* edges nearer than this run together */
#define SEARCH_BUDGET	500	/* label placements tried per layout */
#define OVER_COST	40	/* per unit a curve runs into a node */

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
	double	 cx, cy;
	double	 px[NSEG + 1], py[NSEG + 1];
	double	 lox, loy, hix, hiy;	/* the box of its points */
};

struct layout {
	struct render_graph	*g;
	struct shape		 shape[QTTT_MAXMOVES][NSHAPE];
	int			 pick[QTTT_MAXMOVES];	/* bow of each edge */
	int			 spot[QTTT_MAXMOVES];	/* its label's */
	unsigned long		 budget;
	/*
	 * closeness(i, b, j, with) for the last shape with of edge j it
	 * was asked with (-1: none yet): the picks of the other edges
	 * change rarely while one edge tries each of its shapes.
	 */
	double			 close[QTTT_MAXMOVES][NSHAPE][QTTT_MAXMOVES];
	signed char		 closewith[QTTT_MAXMOVES][NSHAPE]
				    [QTTT_MAXMOVES];
};

static double
square(double x)
{
	return x * x;
}

/* Square roots by Newton's method: the library needs no libm. */
double
render_root(double x)
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

void
render_bezier(const struct render_edge *e, double t, double *x, double *y)
{
	double	 u = 1 - t;

	*x = u * u * e->x0 + 2 * u * t * e->cx + t * t * e->x1;
	*y = u * u * e->y0 + 2 * u * t * e->cy + t * t * e->y1;
}

/* The curve of edge i with bow b, and whether it keeps clear. */
static void
make_shape(struct layout *L, size_t i, int b)
{
	struct render_graph *g = L->g;
	struct render_edge e = g->edge[i];
	struct shape	*s = &L->shape[i][b];
	double		 dx = e.x1 - e.x0, dy = e.y1 - e.y0, len, nx, ny;
	double		 mx = (e.x0 + e.x1) / 2, my = (e.y0 + e.y1) / 2, t, c;
	int		 k, n;

	len = render_root(dx * dx + dy * dy);
	nx = -dy / len;
	ny = dx / len;
	/* Positive bows go outwards, away from the middle of the graph. */
	if (nx * (mx - 150) + ny * (my - 150) < -0.01) {
		nx = -nx;
		ny = -ny;
	}
	/* The curve's apex is half way to its control point. */
	s->cx = e.cx = mx + 2 * bows[b % NBOW] * nx + shifts[b / NBOW] * dx;
	s->cy = e.cy = my + 2 * bows[b % NBOW] * ny + shifts[b / NBOW] * dy;
	s->ok = 1;
	s->over = 0;
	for (k = 0; k <= NSEG; k++) {
		t = (double)k / NSEG;
		render_bezier(&e, t, &s->px[k], &s->py[k]);
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
	s->inside = s->ok;
	for (n = 0; n < QTTT_NSQUARES && s->ok; n++) {
		if (n == e.a || n == e.b)
			continue;
		c = RENDER_EDGE_W / 2 + NODE_CLEAR + g->edge[i].halo;
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

/* How much of one curve runs close along another, both ways. */
static double
closeness(const struct layout *L, size_t i, int bi, size_t j, int bj)
{
	const struct render_graph *g = L->g;
	const struct shape *s[2] = { &L->shape[i][bi], &L->shape[j][bj] };
	const struct render_edge *e[2] = { &g->edge[i], &g->edge[j] };
	double		 cost = 0, d, best;
	int		 w, k, m, ends[4] = { e[0]->a, e[0]->b, e[1]->a,
			    e[1]->b };

	/* Curves whose boxes are CLOSE apart cannot run close. */
	if (s[0]->lox - s[1]->hix >= CLOSE || s[1]->lox - s[0]->hix >= CLOSE ||
	    s[0]->loy - s[1]->hiy >= CLOSE || s[1]->loy - s[0]->hiy >= CLOSE)
		return 0;
	for (w = 0; w < 2; w++)
		for (k = 1; k < NSEG; k += 2) {
			/* Edges meet at a shared node; that is no fault. */
			for (m = 0; m < 4; m++)
				if (near_node(g, ends[m], s[w]->px[k],
				    s[w]->py[k], 12))
					break;
			if (m < 4)
				continue;
			best = CLOSE * CLOSE;
			for (m = 0; m < NSEG; m++) {
				d = seg_dist2(s[w]->px[k], s[w]->py[k],
				    s[!w]->px[m], s[!w]->py[m],
				    s[!w]->px[m + 1], s[!w]->py[m + 1]);
				if (d < best)
					best = d;
			}
			cost += (CLOSE * CLOSE - best) / CLOSE;
		}
	return cost;
}

/* closeness() of edge i with shape b and edge j with its pick. */
static double
close_to_pick(struct layout *L, size_t i, int b, size_t j)
{
	if (L->closewith[i][b][j] != L->pick[j]) {
		L->close[i][b][j] = closeness(L, i, b, j, L->pick[j]);
		L->closewith[i][b][j] = L->pick[j];
	}
	return L->close[i][b][j];
}

static double
bow_cost(int b)
{
	double	 bow = bows[b % NBOW];

	return (bow < 0 ? -bow : bow) * 0.15 + (bow < 0) + (b >= NBOW) * 3;
}

/*
 * How far the points of shape b of edge i run into the clearance of a
 * node they do not join: for an edge that no shape keeps clear.
 */
static double
intrusion(const struct layout *L, size_t i, int b)
{
	const struct render_graph *g = L->g;
	const struct render_edge *e = &g->edge[i];
	const struct shape *s = &L->shape[i][b];
	double		 c, d, worst = 0;
	int		 n, k;

	c = RENDER_EDGE_W / 2 + NODE_CLEAR + e->halo;
	for (n = 0; n < QTTT_NSQUARES; n++) {
		if (n == e->a || n == e->b)
			continue;
		for (k = 1; k < NSEG; k++) {
			d = g->classical[n] ? render_root(box_dist2(s->px[k],
			    s->py[k], g->nx[n], g->ny[n], RENDER_NODE_R,
			    RENDER_NODE_R)) : render_root(square(s->px[k] -
			    g->nx[n]) + square(s->py[k] - g->ny[n])) -
			    RENDER_NODE_R;
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
	return bow_cost(b) + OVER_COST * L->shape[i][b].over;
}

/*
 * Where label i goes at spot k: on its curve, or for the spots past
 * NSPOT beside it, on either side, just clear of the line.
 */
static void
label_at(const struct layout *L, size_t i, int k, double *x, double *y)
{
	struct render_edge e = L->g->edge[i];
	double		 t, ax, ay, bx, by, nx, ny, len, off;

	e.cx = L->shape[i][L->pick[i]].cx;
	e.cy = L->shape[i][L->pick[i]].cy;
	t = spots[k < NSPOT ? k : (k - NSPOT) / 2];
	render_bezier(&e, t, x, y);
	if (k < NSPOT)
		return;
	render_bezier(&e, t - 0.01, &ax, &ay);
	render_bezier(&e, t + 0.01, &bx, &by);
	len = render_root(square(bx - ax) + square(by - ay));
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

/* Moves one edge at a time to its best bow while that helps. */
static void
settle_curves(struct layout *L)
{
	double	 best, c;
	size_t	 i, j, n = L->g->nedges;
	int	 b, round, moved = 1;

	for (round = 0; round < 6 && moved; round++) {
		moved = 0;
		for (i = 0; i < n; i++) {
			best = -1;
			for (b = 0; b < NSHAPE; b++) {
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
		e->lw = render_width(letter, 1, QTTT_MOVER(e->move) ==
		    QTTT_X ? RENDER_SERIF_BOLD : RENDER_SERIF, size) +
		    render_width("8", 1, RENDER_SERIF_BOLD,
		    size * RENDER_MARK_SUB) + 2 * RENDER_LABEL_PAD;
		e->lh = size + 2 * RENDER_LABEL_PAD;
	}
}

/*
 * The labels, for the curves settled on: if they do not fit, another
 * shape for one edge may make room, the best such by curves_cost().
 */
static int
fit_labels(struct layout *L)
{
	size_t		 i, n = L->g->nedges;
	double		 best = -1, cost;
	int		 b, keep = 0, pick[QTTT_MAXMOVES];

	if (try_labels(L))
		return 1;
	memcpy(pick, L->pick, sizeof(pick));
	for (i = 0; i < n; i++)
		for (b = 0; b < NSHAPE; b++) {
			if (b == pick[i] || !L->shape[i][b].ok)
				continue;
			memcpy(L->pick, pick, sizeof(pick));
			L->pick[i] = b;
			if (!try_labels(L))
				continue;
			cost = curves_cost(L);
			if (best < 0 || cost < best) {
				best = cost;
				keep = (int)(i * NSHAPE + b);
			}
		}
	memcpy(L->pick, pick, sizeof(pick));
	if (best < 0)
		return 0;
	L->pick[keep / NSHAPE] = keep % NSHAPE;
	return try_labels(L);
}

void
render_graph_layout(const struct qttt_state *st,
    const unsigned char place[QTTT_NSQUARES], struct render_graph *g)
{
	/* Smaller labels when the graph is crowded. */
	static const double sizes[] = { RENDER_LABEL_SIZE, 15, 13 };
	struct layout	 L;
	struct qttt_cycle c;
	size_t		 i, k, n = 0;
	int		 m, p, b, settled[QTTT_MAXMOVES];

	memset(g, 0, sizeof(*g));
	if (qttt_state_cycle(st, &c) != 0)
		c.nmoves = 0;
	for (m = 0; m < QTTT_NSQUARES; m++) {
		p = place[m];
		g->nx[m] = 50 + 100 * (p % 3);
		g->ny[m] = 50 + 100 * (p / 3);
		g->classical[m] = st->board[m] != 0;
	}
	for (m = 1; m < st->next; m++) {
		if (st->where[m][0] == st->where[m][1])
			continue;
		g->edge[n].move = m;
		g->edge[n].a = st->where[m][0];
		g->edge[n].b = st->where[m][1];
		g->edge[n].x0 = g->nx[g->edge[n].a];
		g->edge[n].y0 = g->ny[g->edge[n].a];
		g->edge[n].x1 = g->nx[g->edge[n].b];
		g->edge[n].y1 = g->ny[g->edge[n].b];
		g->edge[n].halo = memchr(c.moves, m, c.nmoves) != NULL ?
		    RENDER_HALO_W / 2 : 0;
		n++;
	}
	g->nedges = n;
	L.g = g;
	memset(L.closewith, -1, sizeof(L.closewith));
	for (i = 0; i < n; i++) {
		L.pick[i] = -1;
		for (b = 0; b < NSHAPE; b++) {
			make_shape(&L, i, b);
			if (L.pick[i] < 0 && L.shape[i][b].ok)
				L.pick[i] = b;
		}
		if (L.pick[i] < 0 || twinned(g, i)) {
			/*
			 * Nothing keeps clear, or the edge has a twin on the
			 * same two squares (a cycle of two), which the one
			 * clear shape would draw over it: every shape in
			 * bounds may do, at a cost of how far it runs into a
			 * node, so that the twins keep apart.
			 */
			for (b = 0; b < NSHAPE; b++) {
				if (!L.shape[i][b].inside || L.shape[i][b].ok)
					continue;
				L.shape[i][b].ok = 1;
				L.shape[i][b].over = intrusion(&L, i, b);
				if (L.pick[i] < 0 || L.shape[i][b].over <
				    L.shape[i][L.pick[i]].over)
					L.pick[i] = b;
			}
		}
		if (L.pick[i] < 0) {
			/* Out of bounds whatever it does: the widest bow,
			 * outwards. */
			L.shape[i][NBOW - 2].ok = 1;
			L.pick[i] = NBOW - 2;
		}
	}
	settle_curves(&L);
	memcpy(settled, L.pick, sizeof(settled));
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		memcpy(L.pick, settled, sizeof(settled));
		size_labels(g, sizes[k]);
		if ((g->fits = fit_labels(&L)) != 0)
			break;
	}
	for (i = 0; i < n; i++) {
		g->edge[i].cx = L.shape[i][L.pick[i]].cx;
		g->edge[i].cy = L.shape[i][L.pick[i]].cy;
		if (!g->fits) {
			/* Crowded beyond help: the middle of each edge. */
			render_bezier(&g->edge[i], 0.5, &g->edge[i].lx,
			    &g->edge[i].ly);
		}
	}
}
