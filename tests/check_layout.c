/*
 * The geometry of the SVG pictures, checked from outside the layout:
 * the boxes of the entanglement graph's labels against each other,
 * the nodes and the edges, the edges against the nodes and each other
 * (sampled afresh here, not with the layout's own polylines), captions
 * against the picture's width in the widest font the SVG names, and
 * the marks of the board against a cycle's outline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "render/render.h"
#include "check_qttt.h"

#define NINE	"X1 a1 c1; O2 c1 a3; X3 b3 c3; O4 a2 a3; X5 a1 b1; " \
		"O6 a1 c2; X7 a2 b2; O8 b1 a3"
#define SAMPLES	200

static struct qttt_record rec;
static struct qttt_game game;

static void
play(const char *s)
{
	ck_assert_int_eq(qttt_line_parse(s, strlen(s), 0, &rec), 1);
	ck_assert_msg(qttt_record_play(&rec, &game) == 0, "'%s' is not "
	    "valid", s);
}

static double
hypot2(double x, double y)
{
	return qttt__render_root(x * x + y * y);
}

/* The distance from x,y to a box given by its centre and size. */
static double
to_box(double x, double y, double cx, double cy, double w, double h)
{
	double	 dx = x < cx - w / 2 ? cx - w / 2 - x :
		    x > cx + w / 2 ? x - cx - w / 2 : 0;
	double	 dy = y < cy - h / 2 ? cy - h / 2 - y :
		    y > cy + h / 2 ? y - cy - h / 2 : 0;

	return hypot2(dx, dy);
}

/* How far x,y is from node n of g, 0 inside. */
static double
to_node(const struct render_graph *g, int n, double x, double y)
{
	double	 d;

	if (g->classical[n])
		return to_box(x, y, g->nx[n], g->ny[n], 2 * RENDER_NODE_R,
		    2 * RENDER_NODE_R);
	d = hypot2(x - g->nx[n], y - g->ny[n]) - RENDER_NODE_R;
	return d > 0 ? d : 0;
}

/* Sample k of an edge: of one quadratic piece, or of two. */
static void
point(const struct render_edge *e, int k, double *x, double *y)
{
	const struct render_curve *c = &e->curve;
	double	 t = (double)k / SAMPLES, u;

	if (c->pieces == 2 && 2 * k < SAMPLES) {
		t = 2 * t;
		u = 1 - t;
		*x = u * u * e->x0 + 2 * u * t * c->cx + t * t * c->wx;
		*y = u * u * e->y0 + 2 * u * t * c->cy + t * t * c->wy;
	} else if (c->pieces == 2) {
		t = 2 * t - 1;
		u = 1 - t;
		*x = u * u * c->wx + 2 * u * t * c->dx + t * t * e->x1;
		*y = u * u * c->wy + 2 * u * t * c->dy + t * t * e->y1;
	} else {
		u = 1 - t;
		*x = u * u * e->x0 + 2 * u * t * c->cx + t * t * e->x1;
		*y = u * u * e->y0 + 2 * u * t * c->cy + t * t * e->y1;
	}
}

/*
 * What is wrong with a layout, or NULL: with LABELS, a label on a node,
 * a label or an edge not its own; with EDGES, an edge across a node it
 * does not join, or along another edge.
 */
#define LABELS	1
#define EDGES	2
static const char *
fault(const struct render_graph *g, int what, char *why, size_t n)
{
	const struct render_edge *e, *f;
	double		 x, y, fx, fy, run, step;
	size_t		 i, j;
	int		 k, m;

	for (i = 0; i < g->nedges; i++) {
		e = &g->edge[i];
		for (m = 0; m < QTTT_NSQUARES; m++) {
			/* A label clear of every node. */
			if ((what & LABELS) && (g->classical[m] ? to_box(g->nx[m], g->ny[m], e->lx,
			    e->ly, e->lw + 2 * RENDER_NODE_R, e->lh +
			    2 * RENDER_NODE_R) == 0 : to_box(g->nx[m],
			    g->ny[m], e->lx, e->ly, e->lw, e->lh) <
			    RENDER_NODE_R)) {
				snprintf(why, n, "the label of move %d is on "
				    "node %s", e->move, qttt_square_name(m));
				return why;
			}
			/* An edge clear of the nodes it does not join. */
			if (m == e->a || m == e->b || !(what & EDGES))
				continue;
			for (k = 1; k < SAMPLES; k++) {
				point(e, k, &x, &y);
				if (to_node(g, m, x, y) < RENDER_EDGE_W / 2 +
				    e->halo) {
					snprintf(why, n, "the edge of move %d "
					    "crosses node %s", e->move,
					    qttt_square_name(m));
					return why;
				}
			}
		}
		for (j = 0; j < g->nedges; j++) {
			if (j == i)
				continue;
			f = &g->edge[j];
			if ((what & LABELS) && to_box(f->lx, f->ly, e->lx,
			    e->ly, e->lw + f->lw, e->lh + f->lh) == 0) {
				snprintf(why, n, "the labels of moves %d and "
				    "%d overlap", e->move, f->move);
				return why;
			}
			/* No foreign edge, or its halo, through a label. */
			run = 0;
			for (k = 0; k <= SAMPLES && (what & LABELS); k++) {
				point(f, k, &x, &y);
				if (to_box(x, y, e->lx, e->ly, e->lw, e->lh) <
				    RENDER_EDGE_W / 2 + f->halo) {
					snprintf(why, n, "the edge of move %d "
					    "runs through the label of move "
					    "%d", f->move, e->move);
					return why;
				}
			}
			/*
			 * Away from the nodes, no edge runs along another
			 * for longer than a crossing takes.
			 */
			for (k = 1; k < SAMPLES && (what & EDGES); k++) {
				point(e, k, &x, &y);
				point(e, k + 1, &fx, &fy);
				step = hypot2(fx - x, fy - y);
				if (to_node(g, e->a, x, y) < 10 ||
				    to_node(g, e->b, x, y) < 10 ||
				    to_node(g, f->a, x, y) < 10 ||
				    to_node(g, f->b, x, y) < 10)
					continue;
				for (m = 0; m <= SAMPLES; m++) {
					point(f, m, &fx, &fy);
					if ((fx - x) * (fx - x) + (fy - y) *
					    (fy - y) < 25)
						break;
				}
				if (m <= SAMPLES)
					run += step;
			}
			if (run > 24) {
				snprintf(why, n, "the edges of moves %d and %d "
				    "run together for %.0f units", e->move,
				    f->move, run);
				return why;
			}
		}
	}
	return NULL;
}

static void
lay_out(const struct qttt_state *st, const struct qttt_render_opts *o,
    struct render_graph *g)
{
	unsigned char	 at[QTTT_NSQUARES], place[QTTT_NSQUARES];
	int		 p;

	qttt__render_layout(o, at);
	for (p = 0; p < QTTT_NSQUARES; p++)
		place[at[p]] = p;
	qttt__render_graph_layout(st, place, g);
}

/*
 * The layout of st (named name) in every symmetry of the board fits,
 * with no label, node or edge fault; with wind, at least one edge has
 * two pieces.
 */
static void
clean_everywhere(const struct qttt_state *st, const char *name, int wind)
{
	struct qttt_render_opts o;
	struct render_graph g;
	char		 why[128];
	const char	*bad;
	size_t		 k, two;
	int		 r, fl;

	qttt_render_defaults(&o);
	for (r = 0; r < 360; r += 90)
		for (fl = 0; fl < 2; fl++) {
			o.rotate = r;
			o.flip = fl ? QTTT_FLIP_H : QTTT_FLIP_NONE;
			lay_out(st, &o, &g);
			ck_assert_msg(g.fits, "%s: labels do not fit (rotation "
			    "%d, flip %d)", name, r, fl);
			bad = fault(&g, LABELS | EDGES, why, sizeof(why));
			ck_assert_msg(bad == NULL, "%s: %s (rotation %d, flip "
			    "%d)", name, bad, r, fl);
			for (k = two = 0; k < g.nedges; k++)
				two += g.edge[k].curve.pieces == 2;
			ck_assert_msg(!wind || two > 0, "%s: no edge winds "
			    "(rotation %d, flip %d)", name, r, fl);
		}
}

/* Each state string of list, n of them, by clean_everywhere(). */
static void
clean_states(const char *const *list, size_t n, int wind)
{
	struct qttt_state st;
	size_t		 i;

	for (i = 0; i < n; i++) {
		ck_assert_int_eq(qttt_state_parse(list[i], strlen(list[i]),
		    &st, NULL), QTTT_OK);
		clean_everywhere(&st, list[i], wind);
	}
}

/* The tangled 9-cycle of formats/render.md, in every symmetry. */
START_TEST(test_graph_nine)
{
	play(NINE);
	clean_everywhere(&game.state, NINE, 0);
}
END_TEST

/* How many times the edges of g cross, away from their nodes. */
static int
crossings(const struct render_graph *g)
{
	static double	 x[QTTT_MAXMOVES][SAMPLES + 1],
			 y[QTTT_MAXMOVES][SAMPLES + 1];
	const struct render_edge *e, *f;
	double		 d1, d2, d3, d4;
	size_t		 i, j;
	int		 k, m, n = 0;

	for (i = 0; i < g->nedges; i++)
		for (k = 0; k <= SAMPLES; k++)
			point(&g->edge[i], k, &x[i][k], &y[i][k]);
	for (i = 0; i < g->nedges; i++)
		for (j = i + 1; j < g->nedges; j++) {
			e = &g->edge[i];
			f = &g->edge[j];
			for (k = 0; k < SAMPLES; k++) {
				if (to_node(g, e->a, x[i][k], y[i][k]) < 6 ||
				    to_node(g, e->b, x[i][k], y[i][k]) < 6)
					continue;
				for (m = 0; m < SAMPLES; m++) {
					d1 = (x[i][k + 1] - x[i][k]) *
					    (y[j][m] - y[i][k]) -
					    (y[i][k + 1] - y[i][k]) *
					    (x[j][m] - x[i][k]);
					d2 = (x[i][k + 1] - x[i][k]) *
					    (y[j][m + 1] - y[i][k]) -
					    (y[i][k + 1] - y[i][k]) *
					    (x[j][m + 1] - x[i][k]);
					d3 = (x[j][m + 1] - x[j][m]) *
					    (y[i][k] - y[j][m]) -
					    (y[j][m + 1] - y[j][m]) *
					    (x[i][k] - x[j][m]);
					d4 = (x[j][m + 1] - x[j][m]) *
					    (y[i][k + 1] - y[j][m]) -
					    (y[j][m + 1] - y[j][m]) *
					    (x[i][k + 1] - x[j][m]);
					if (d1 * d2 < 0 && d3 * d4 < 0 &&
					    to_node(g, f->a, x[j][m],
					    y[j][m]) >= 6 && to_node(g, f->b,
					    x[j][m], y[j][m]) >= 6)
						n++;
				}
			}
		}
	return n;
}

/* How far the label of edge e is from its own curve. */
static double
label_off(const struct render_edge *e)
{
	double	 x, y, d, best = -1;
	int	 k;

	for (k = 0; k <= SAMPLES; k++) {
		point(e, k, &x, &y);
		d = to_box(x, y, e->lx, e->ly, e->lw, e->lh);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

/* Whether every node of g stands at its square's place for o. */
static int
at_home(const struct render_graph *g, const struct qttt_render_opts *o)
{
	int	 sq, p;

	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		p = qttt_render_place(o, sq);
		if (g->nx[sq] != 50 + 100 * (p % 3) ||
		    g->ny[sq] != 50 + 100 * (p / 3))
			return 0;
	}
	return 1;
}

/*
 * A 9-cycle back and forth across the board, which among the squares'
 * own places is a tangle of about ten crossings however its edges bow
 * or wind: its nodes take other places, and it is drawn as a ring, no
 * edge crossing another, every label on its edge, in every symmetry.
 * A graph that is no tangle keeps its nodes where the board has them.
 */
START_TEST(test_graph_untangled)
{
	struct qttt_render_opts o;
	struct render_graph g;
	char		 why[128];
	const char	*bad;
	size_t		 i;
	int		 r, fl;

	play("X1 a1 c3; O2 c3 a3; X3 a3 c1; O4 c1 b2; X5 b2 a2; O6 a2 c2; "
	    "X7 c2 b1; O8 b1 b3; X9 b3 a1");
	qttt_render_defaults(&o);
	for (r = 0; r < 360; r += 90)
		for (fl = 0; fl < 2; fl++) {
			o.rotate = r;
			o.flip = fl ? QTTT_FLIP_H : QTTT_FLIP_NONE;
			lay_out(&game.state, &o, &g);
			ck_assert_msg(g.fits, "labels do not fit (rotation %d, "
			    "flip %d)", r, fl);
			bad = fault(&g, LABELS | EDGES, why, sizeof(why));
			ck_assert_msg(bad == NULL, "%s (rotation %d, flip %d)",
			    bad, r, fl);
			ck_assert_int_eq(crossings(&g), 0);
			ck_assert_int_eq(at_home(&g, &o), 0);
			for (i = 0; i < g.nedges; i++)
				ck_assert_msg(label_off(&g.edge[i]) < 0.5,
				    "the label of move %d is %.1f from its "
				    "edge", g.edge[i].move,
				    label_off(&g.edge[i]));
		}
	/* Goff's Fig. 7, and the tangled graph of formats/render.md. */
	play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2");
	qttt_render_defaults(&o);
	lay_out(&game.state, &o, &g);
	ck_assert_int_eq(at_home(&g, &o), 1);
	play(NINE);
	lay_out(&game.state, &o, &g);
	ck_assert_int_eq(at_home(&g, &o), 1);
}
END_TEST

/*
 * Two moves on the same two squares (a cycle of two) are two curves,
 * never one over the other, also where classical squares leave room
 * for one straight line alone (one of them then winds round them):
 * each position, in every symmetry, clear of the nodes and of each
 * other, labels and all.
 */
START_TEST(test_graph_twins)
{
	static const char *const twins[] = {
		"x1o2,x1o2,./.,.,./.,.,. X3 O2 *",
		"X1,o8x9,X3/X5,X7,O4/O6,O2,o8x9 - X9 *",
		"O4,o8,O6/x7x9,X5,O2/X3,X1,x7o8x9 - X9 *",
		"X7,X1,o8x9/O2,O6,X3/X5,o8x9,O4 - X9 *",
	};

	clean_states(twins, sizeof(twins) / sizeof(twins[0]), 0);
}
END_TEST

/*
 * Edges that one quadratic piece cannot route: across a classical
 * square or a crowd of edges, they wind between the nodes in two
 * pieces, clear of every node and of every other edge, with every
 * label clear, in every symmetry.  Each of these positions had an edge
 * across a node or along another while edges had one piece alone.
 */
START_TEST(test_graph_winds)
{
	static const char *const winds[] = {
		/* X9 and O8 from corner to corner round a classical b2 */
		"o8x9,O4,O2/O6,X5,X7/X1,X3,o8x9 - X9 *",
		"x3x9,x3o8,o4/O2,O6,X5/o4x7,X1,x7o8x9 - X9 *",
		"o6x9,X5,o8/X7,X1,O2/X3,O4,o6o8x9 - X9 *",
		"x5x7,o6,./X1,O4,X3/o6,O2,x5x7 O8 X7 *",
		"o4o6,X1,x5x7o8/x7,O2,X3/o4x5,o6o8,. X9 O8 *",
		"o4,x3x7o8,x1x5/o6x7,x5,o2o4/x1o2x3o8,o6,. X9 O8 *",
		"x1o4,o2x7,x3/x3,.,x1o6/x5,x5o6,o2o4x7 O8 X7 *",
		"O8,x5,x1/O2,O6,O4/x1x5,X3,X7 - - 0-1",
	};

	clean_states(winds, sizeof(winds) / sizeof(winds[0]), 1);
}
END_TEST

/*
 * Crowded positions whose labels fit at the smallest size only with a
 * shape that makes an edge run along another, until the edges it
 * spoils are settled round it: clean, in every symmetry.
 */
START_TEST(test_graph_resettle)
{
	static const char *const crowded[] = {
		"o2x5o6,x3o4o8,./x7,x1x7,x1o6o8/x3,x5,o2o4 X9 O8 *",
		"o4x7o8,x5,x1x3x5/x1,o2x7,o4o6x9/o2x3x9,o8,o6 - X9 *",
		"x1,x1o4o8,o6/o2o6,x5x7,x3o4/x3x5o8,x7,o2 X9 O8 *",
	};

	clean_states(crowded, sizeof(crowded) / sizeof(crowded[0]), 0);
}
END_TEST

/*
 * Every position of many random games: a layout that says its labels
 * fit is right, and one that cannot fit them, or routes an edge
 * badly, is rare (none of the 2,272 positions of these 200 games
 * today; 21 had an edge across a node or along another while edges
 * had one quadratic piece alone).  make check lays out the first 100
 * games, make check-full all 200.
 */
START_TEST(test_graph_random)
{
	struct qttt_generator gen;
	struct qttt_render_opts o;
	struct qttt_state st;
	struct render_graph g;
	char		 why[128], state[QTTT_STATE_MAX];
	const char	*bad;
	size_t		 i, total = 0, crowded = 0, routed = 0, moved = 0;
	int		 k, ngames;

	qttt_generator_init(&gen, 13, 0);
	qttt_render_defaults(&o);
	ngames = sample_size(100, 200);
	for (k = 0; k < ngames; k++) {
		qttt_generator_game(&gen, &game);
		o.rotate = 90 * (k % 4);
		qttt_state_init(&st);
		for (i = 0; i <= game.nplies; i++) {
			lay_out(&st, &o, &g);
			total++;
			if (!g.fits)
				crowded++;
			else if ((bad = fault(&g, LABELS, why,
			    sizeof(why))) != NULL) {
				qttt_state_format(&st, state, sizeof(state));
				ck_abort_msg("%s (game %d, ply %zu, state %s)",
				    bad, k, i, state);
			}
			if (fault(&g, EDGES, why, sizeof(why)) != NULL)
				routed++;
			moved += !at_home(&g, &o);
			if (i < game.nplies)
				qttt_state_apply(&st, &game.plies[i], NULL);
		}
	}
	ck_assert_msg(crowded * 500 < total, "%zu of %zu positions do not "
	    "fit", crowded, total);
	ck_assert_msg(routed * 500 < total, "%zu of %zu positions have an "
	    "edge across a node or along another", routed, total);
	/* Other places for the nodes are for the rare tangle only. */
	ck_assert_msg(moved * 50 < total, "%zu of %zu positions have nodes "
	    "away from their squares' places", moved, total);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The SVG as written                                                   */
/* ------------------------------------------------------------------ */

/* The number after name=" in the element at p. */
static double
attr(const char *p, const char *name)
{
	char		 key[32];
	const char	*end = strchr(p, '>'), *q;

	snprintf(key, sizeof(key), " %s=\"", name);
	q = strstr(p, key);
	ck_assert_msg(q != NULL && q < end, "no %s in %.60s", name, p);
	return strtod(q + strlen(key), NULL);
}

/* The text of the element at p, without its tags and with &amp; &lt;
 * &gt; &quot; decoded. */
static void
content(const char *p, char *buf, size_t n)
{
	size_t	 k = 0;
	int	 depth = 0;

	p = strchr(p, '>') + 1;
	for (; *p != '\0' && k + 1 < n; p++) {
		if (*p == '<') {
			if (p[1] == '/' && depth-- == 0)
				break;
			if (p[1] != '/')
				depth++;
			p = strchr(p, '>');
			continue;
		}
		if (*p == '&') {
			buf[k++] = p[1] == 'a' ? '&' : p[1] == 'l' ? '<' :
			    p[1] == 'g' ? '>' : '"';
			p = strchr(p, ';');
			continue;
		}
		buf[k++] = *p;
	}
	buf[k] = '\0';
}

/*
 * Every caption line of an SVG fits in the picture and below the board
 * in the widest font of the stack the SVG names, and no two overlap.
 */
static void
check_captions(const char *svg, const char *what)
{
	char		 text[512];
	const char	*p, *vb;
	double		 w, h, x, y, size, half, last = -1, lastsize = 0;

	vb = strstr(svg, "viewBox=\"0 0 ");
	ck_assert_ptr_nonnull(vb);
	w = strtod(vb + 13, (char **)&p);
	h = strtod(p, NULL);
	for (p = svg; (p = strstr(p, "<text class=\"qttt-caption")) != NULL;
	    p++) {
		x = attr(p, "x");
		y = attr(p, "y");
		size = attr(p, "font-size");
		content(p, text, sizeof(text));
		ck_assert_ptr_nonnull(strstr(p, "Helvetica"));
		half = qttt__render_caption_width(text, strlen(text), size) / 2;
		ck_assert_msg(x - half >= 0 && x + half <= w, "'%s' is %.0f "
		    "wide at %.0f in %.0f (%s)", text, 2 * half, x, w, what);
		ck_assert_msg(y + size * 0.25 <= h, "'%s' below the picture "
		    "(%s)", text, what);
		if (last >= 0 && y > last)
			ck_assert_msg(y - last >= lastsize, "'%s' overlaps "
			    "the line above (%s)", text, what);
		last = y;
		lastsize = size;
	}
}

/* The 8-cycle of formats/examples/worked.qttt, and every position of
 * random games, with every option that changes a caption. */
START_TEST(test_captions)
{
	struct qttt_generator gen;
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*svg, what[64];
	size_t		 i;
	int		 k, v;

	play("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2");
	qttt_render_defaults(&o);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	check_captions(svg, "the 8-cycle");
	/* It takes two lines. */
	ck_assert_uint_eq(strstr(strstr(svg, "qttt-caption") + 1,
	    "qttt-caption") != NULL, 1);
	free(svg);
	qttt_generator_init(&gen, 5, QTTT_GEN_UNFINISHED);
	for (k = 0; k < 60; k++) {
		qttt_generator_game(&gen, &game);
		qttt_state_init(&st);
		for (i = 0; i <= game.nplies; i++) {
			for (v = 0; v < 4; v++) {
				qttt_render_defaults(&o);
				o.coords = v & 1 ? QTTT_COORDS_GOFF :
				    QTTT_COORDS_A1;
				o.preview = v >> 1;
				svg = svg_of(&st, game.plies, i, &o);
				snprintf(what, sizeof(what), "game %d, ply "
				    "%zu, variant %d", k, i, v);
				check_captions(svg, what);
				free(svg);
			}
			if (i < game.nplies)
				qttt_state_apply(&st, &game.plies[i], NULL);
		}
	}
}
END_TEST

/* With -c goff every caption names squares by Goff's numbers. */
START_TEST(test_goff_captions)
{
	struct qttt_render_opts o;
	char		*svg, text[512];
	const char	*p;
	size_t		 i, n = 0;

	play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2");
	qttt_render_defaults(&o);
	o.coords = QTTT_COORDS_GOFF;
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	for (p = svg; (p = strstr(p, "<text class=\"qttt-caption")) != NULL;
	    p++) {
		content(p, text, sizeof(text));
		for (i = 0; text[i] != '\0'; i++)
			ck_assert_msg(!(text[i] >= 'a' && text[i] <= 'c' &&
			    text[i + 1] >= '1' && text[i + 1] <= '3'),
			    "a square name in '%s'", text);
		n++;
	}
	ck_assert_uint_ge(n, 1);
	content(strstr(svg, "<text class=\"qttt-caption"), text,
	    sizeof(text));
	ck_assert_str_eq(text, "After O6+(1,5): O6 closed the cycle 1 2 5; "
	    "X measures: O6\xe2\x86\x92" "1 or O6\xe2\x86\x92" "5.");
	free(svg);
}
END_TEST

/* A rect element's box. */
struct box {
	double	 x0, y0, x1, y1;
};

/* Whether box a is within 10 units of box b: in b's square. */
static int
nearby(const struct box *a, const struct box *b)
{
	return !(a->x1 < b->x0 - 10 || a->x0 > b->x1 + 10 ||
	    a->y1 < b->y0 - 10 || a->y0 > b->y1 + 10);
}

/* Whether two boxes are apart. */
static int
apart(const struct box *a, const struct box *b)
{
	return a->x1 < b->x0 || a->x0 > b->x1 || a->y1 < b->y0 ||
	    a->y0 > b->y1;
}

/*
 * Whether box b lies at least m inside box o, whose corners are
 * rounded with radius r.
 */
static int
inside_by(const struct box *b, const struct box *o, double r, double m)
{
	double	 cx[2] = { o->x0 + r, o->x1 - r }, cy[2] = { o->y0 + r,
		    o->y1 - r }, px[2] = { b->x0, b->x1 }, py[2] = { b->y0,
		    b->y1 };
	int	 i, j;

	if (b->x0 < o->x0 + m || b->x1 > o->x1 - m || b->y0 < o->y0 + m ||
	    b->y1 > o->y1 - m)
		return 0;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			if ((i == 0 ? px[i] < cx[i] : px[i] > cx[i]) &&
			    (j == 0 ? py[j] < cy[j] : py[j] > cy[j]) &&
			    hypot2(px[i] - cx[i], py[j] - cy[j]) > r - m)
				return 0;
	return 1;
}

static struct box rect_box(const char *);

/*
 * Whether a patch of the background, drawn after every cycle outline,
 * covers box b with its halo of 1.5: a square number over an outline.
 */
static int
patched(const char *svg, const struct box *b)
{
	const char	*p, *last = svg;
	struct box	 c;

	for (p = svg; (p = strstr(p, "class=\"qttt-cycle-square\"")) !=
	    NULL; p++)
		last = p;
	for (p = last; (p = strstr(p, "class=\"qttt-coord-box\"")) != NULL;
	    p++) {
		c = rect_box(p);
		if (c.x0 <= b->x0 - 1.5 && c.x1 >= b->x1 + 1.5 &&
		    c.y0 <= b->y0 - 1.5 && c.y1 >= b->y1 + 1.5)
			return 1;
	}
	return 0;
}

static struct box
rect_box(const char *p)
{
	struct box	 b;

	b.x0 = attr(p, "x");
	b.y0 = attr(p, "y");
	b.x1 = b.x0 + attr(p, "width");
	b.y1 = b.y0 + attr(p, "height");
	return b;
}

/*
 * The board of a pending cycle: every spooky mark (its letter and
 * subscript, measured in the widest mark font) and every highlight of
 * a square on the cycle lie inside the inner edge of its outline, the
 * highlights OUTLINE_ROOM clear of it, rounded corners and all; Goff's
 * square numbers (-c goff) are at least 14 px, clear of the marks and
 * highlights, and clear of the outline of their square, their halo too,
 * or over it on a patch of the background, which the outline stops at.
 */
#define OUTLINE_ROOM	3.5
START_TEST(test_board_clear)
{
	struct qttt_generator gen;
	struct qttt_render_opts o;
	struct qttt_state st;
	/* A number over an outline is drawn again, over its patch. */
	struct box	 out[QTTT_NSQUARES], b, num[2 * QTTT_NSQUARES];
	char		*svg, text[16];
	const char	*p;
	double		 x, y, size, w, in, sw = 0, r = 0;
	size_t		 i, nout, nnum, k, j;
	int		 g, m, checked = 0;

	qttt_generator_init(&gen, 11, QTTT_GEN_UNFINISHED);
	for (g = 0; g < 300; g++) {
		qttt_generator_game(&gen, &game);
		qttt_state_init(&st);
		for (i = 0; i <= game.nplies; i++) {
			if (i > 0)
				qttt_state_apply(&st, &game.plies[i - 1],
				    NULL);
			if (st.pending == 0)
				continue;
			qttt_render_defaults(&o);
			o.coords = QTTT_COORDS_GOFF;
			o.bare = 1;
			svg = svg_of(&st, game.plies, i, &o);
			nout = nnum = 0;
			for (p = svg; (p = strstr(p, "class=\"qttt-cycle-"
			    "square\"")) != NULL; p++) {
				b = rect_box(p);
				sw = attr(p, "stroke-width");
				r = attr(p, "rx") - sw / 2;
				/* The inner edge of the stroke. */
				b.x0 += sw / 2;
				b.y0 += sw / 2;
				b.x1 -= sw / 2;
				b.y1 -= sw / 2;
				out[nout++] = b;
			}
			for (p = svg; (p = strstr(p, "class=\"qttt-coord\""))
			    != NULL; p++) {
				size = 14;
				x = attr(p, "x");
				y = attr(p, "y");
				content(p, text, sizeof(text));
				w = qttt__render_width(text, strlen(text),
				    RENDER_SANS, size);
				num[nnum].x0 = x - w;
				num[nnum].x1 = x;
				num[nnum].y0 = y - size * 0.75;
				num[nnum].y1 = y;
				/* On the outline: within its outer edge, but
				 * not inside its inner edge. */
				for (k = 0; k < nout; k++) {
					b = out[k];
					b.x0 -= sw + 1.5;
					b.y0 -= sw + 1.5;
					b.x1 += sw + 1.5;
					b.y1 += sw + 1.5;
					ck_assert_msg(apart(&num[nnum], &b) ||
					    inside_by(&num[nnum], &out[k], r,
					    1.5) || patched(svg, &num[nnum]),
					    "square number %s on an outline",
					    text);
				}
				nnum++;
			}
			ck_assert_ptr_nonnull(strstr(svg, "font-size=\"14\" "
			    "fill"));
			for (p = svg; (p = strstr(p, "<text class=\"qttt-mark "
			    "qttt-spooky")) != NULL; p++) {
				x = attr(p, "x");
				y = attr(p, "y");
				size = attr(p, "font-size");
				m = p[strlen("<text class=\"qttt-mark qttt-"
				    "spooky qttt-x qttt-m")] - '0';
				w = qttt__render_width("X", 1, m % 2 ?
				    RENDER_SERIF_BOLD : RENDER_SERIF, size) +
				    qttt__render_width("8", 1,
				        RENDER_SERIF_BOLD,
				    size * RENDER_MARK_SUB);
				b.x0 = x - w / 2;
				b.x1 = x + w / 2;
				b.y0 = y - size * 0.75;
				b.y1 = y + size * 0.14;
				for (k = 0; k < nout; k++) {
					if (!nearby(&b, &out[k]))
						continue;
					in = b.x0 >= out[k].x0 + 1 &&
					    b.x1 <= out[k].x1 - 1 &&
					    b.y0 >= out[k].y0 + 1 &&
					    b.y1 <= out[k].y1 - 1;
					ck_assert_msg(in, "a mark at %.0f,%.0f "
					    "touches an outline", x, y);
					checked++;
				}
				for (j = 0; j < nnum; j++)
					ck_assert_msg(apart(&b, &num[j]),
					    "the mark at %.1f,%.1f on a square "
					    "number", x, y);
			}
			for (p = svg; (p = strstr(p, "class=\"qttt-last\""))
			    != NULL; p++) {
				b = rect_box(p);
				for (k = 0; k < nout; k++) {
					if (!nearby(&b, &out[k]))
						continue;
					ck_assert_msg(inside_by(&b, &out[k], r,
					    OUTLINE_ROOM), "a highlight at "
					    "%.0f,%.0f touches an outline",
					    b.x0, b.y0);
				}
				for (j = 0; j < nnum; j++)
					ck_assert_msg(apart(&b, &num[j]),
					    "a highlight on a square number");
			}
			free(svg);
		}
	}
	ck_assert_int_gt(checked, 100);
}
END_TEST

/* The relative luminance of #rrggbb, as WCAG 2 defines it, roughly. */
static double
channel(const char *hex)
{
	char	 two[3] = { hex[0], hex[1], '\0' };
	double	 c = strtol(two, NULL, 16) / 255.0;

	return c <= 0.03928 ? c / 12.92 : c * c * (0.7 + 0.3 * c);
}

static double
luminance(const char *hex)
{
	return 0.2126 * channel(hex + 1) + 0.7152 * channel(hex + 3) +
	    0.0722 * channel(hex + 5);
}

/*
 * The dark theme: completed lines at least 0.7 opaque, and the
 * highlight behind the last action neutral (no hue of its own to clash
 * with X's blue or O's orange) and clear of both marks' colours.
 */
START_TEST(test_dark)
{
	struct qttt_render_opts o;
	char		*svg, colour[8];
	const char	*p;
	int		 r, g, b, max, min;

	play("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0");
	qttt_render_defaults(&o);
	o.theme = QTTT_THEME_DARK;
	svg = svg_of(&game.state, game.plies, 3, &o);
	p = strstr(svg, "class=\"qttt-last\"");
	ck_assert_ptr_nonnull(p);
	p = strstr(p, "fill=\"#");
	snprintf(colour, sizeof(colour), "%.7s", p + 6);
	sscanf(colour + 1, "%2x%2x%2x", &r, &g, &b);
	max = r > g ? (r > b ? r : b) : (g > b ? g : b);
	min = r < g ? (r < b ? r : b) : (g < b ? g : b);
	ck_assert_msg(max - min <= 0x20, "highlight %s has a hue", colour);
	/* X's blue (#93c5fd) stands out from it. */
	ck_assert_double_ge((luminance("#93c5fd") + 0.05) /
	    (luminance(colour) + 0.05), 3);
	free(svg);
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	p = strstr(svg, "class=\"qttt-line ");
	ck_assert_ptr_nonnull(p);
	ck_assert_double_ge(attr(p, "stroke-opacity"), 0.7);
	free(svg);
}
END_TEST

/* -s sizes the board; -W the whole picture. */
START_TEST(test_board_size)
{
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*svg;
	const char	*p;
	int		 bare;

	qttt_state_init(&st);
	for (bare = 0; bare < 2; bare++) {
		qttt_render_defaults(&o);
		o.bare = bare;
		o.board = 200;
		svg = svg_of(&st, NULL, 0, &o);
		p = strstr(svg, "viewBox=\"0 0 ");
		/* A board is 300 units of the viewBox. */
		ck_assert_double_eq_tol(attr(strstr(svg, "<svg"), "width") *
		    300 /
		    strtod(p + 13, NULL), 200, 0.1);
		free(svg);
		o.width = 500;
		svg = svg_of(&st, NULL, 0, &o);
		ck_assert_double_eq(attr(strstr(svg, "<svg"), "width"), 500);
		free(svg);
	}
}
END_TEST

/* Markup as -k reads it, good and bad, and as the SVG draws it. */
START_TEST(test_markup)
{
	static const struct {
		const char	*s;
		int		 ok, kind;
		unsigned int	 squares;
		const char	*colour, *text;
		size_t		 col;
	} cases[] = {
		{ "fill a1 b2", 1, QTTT_MARKUP_FILL, 0x11, "", "", 0 },
		{ "outline=#c00 9", 1, QTTT_MARKUP_OUTLINE, 0x100, "#c00", "",
		    0 },
		{ "arrow=teal a1 c3", 1, QTTT_MARKUP_ARROW, 0x101, "teal", "",
		    0 },
		{ "label b2 A&<", 1, QTTT_MARKUP_LABEL, 0x10, "", "A&<", 0 },
		{ "  fill\tc3", 1, QTTT_MARKUP_FILL, 0x100, "", "", 0 },
		{ "paint a1", 0, 0, 0, "", "", 0 },
		{ "fill d1", 0, 0, 0, "", "", 5 },
		{ "fill", 0, 0, 0, "", "", 4 },
		{ "fill=\"red\" a1", 0, 0, 0, "", "", 5 },
		{ "fill=#12 a1", 0, 0, 0, "", "", 5 },
		{ "arrow a1", 0, 0, 0, "", "", 8 },
		{ "arrow a1 a1", 0, 0, 0, "", "", 11 },
		{ "arrow a1 b1 c1", 0, 0, 0, "", "", 12 },
		{ "label a1", 0, 0, 0, "", "", 8 },
		{ "label a1 toolonglabel", 0, 0, 0, "", "", 9 },
	};
	struct qttt_markup m[4];
	struct qttt_render_opts o;
	struct qttt_diag d;
	struct qttt_state st;
	char		*svg;
	const char	*p;
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (!cases[i].ok) {
			ck_assert_msg(qttt_markup_parse(cases[i].s, &m[0],
			    &d) == -1, "'%s' accepted", cases[i].s);
			ck_assert_msg(d.col == cases[i].col, "'%s': column "
			    "%lu", cases[i].s, d.col);
			ck_assert_uint_gt(strlen(d.msg), 0);
			continue;
		}
		ck_assert_msg(qttt_markup_parse(cases[i].s, &m[0], &d) == 0,
		    "'%s': %s", cases[i].s, d.msg);
		ck_assert_int_eq(m[0].kind, cases[i].kind);
		ck_assert_uint_eq(m[0].squares, cases[i].squares);
		ck_assert_str_eq(m[0].colour, cases[i].colour);
		ck_assert_str_eq(m[0].text, cases[i].text);
	}
	ck_assert_int_eq(qttt_markup_parse("fill a1 b2", &m[0], &d), 0);
	ck_assert_int_eq(qttt_markup_parse("outline=#c00 c3", &m[1], &d), 0);
	ck_assert_int_eq(qttt_markup_parse("arrow a1 c3", &m[2], &d), 0);
	ck_assert_int_eq(qttt_markup_parse("label b2 A&<", &m[3], &d), 0);
	qttt_render_defaults(&o);
	o.markup = m;
	o.nmarkup = 4;
	o.coords = QTTT_COORDS_GOFF;
	o.css = ".qttt-x { fill: red } svg > rect { opacity: 0.5 }";
	qttt_state_init(&st);
	svg = svg_of(&st, NULL, 0, &o);
	ck_assert_int_eq(strstr(svg, "class=\"qttt-fill\"") != NULL, 1);
	ck_assert_int_eq(strstr(strstr(svg, "class=\"qttt-fill\"") + 1,
	    "class=\"qttt-fill\"") != NULL, 1);
	ck_assert_ptr_nonnull(strstr(svg, "class=\"qttt-outline\""));
	ck_assert_ptr_nonnull(strstr(svg, "stroke=\"#c00\""));
	ck_assert_ptr_nonnull(strstr(svg, "class=\"qttt-arrow\""));
	ck_assert_ptr_nonnull(strstr(svg, ">A&amp;&lt;</text>"));
	/* The label takes b2's corner: eight of Goff's numbers remain. */
	for (i = 0, p = svg; (p = strstr(p, "class=\"qttt-coord\"")) != NULL;
	    p++)
		i++;
	ck_assert_uint_eq(i, 8);
	ck_assert_ptr_nonnull(strstr(svg, "<style type=\"text/css\">\n"
	    ".qttt-x { fill: red } svg &gt; rect { opacity: 0.5 }\n"
	    "</style>"));
	free(svg);
}
END_TEST

/*
 * An arrow of markup points at its square from outside its marks: its
 * tip just inside the square's edge, and no part of it further in,
 * whichever way it comes.
 */
START_TEST(test_arrow_tips)
{
	struct qttt_markup m;
	struct qttt_render_opts o;
	struct qttt_state st;
	struct qttt_diag d;
	char		 item[32], *svg;
	const char	*p;
	double		 px[3], py[3], x0, y0;
	int		 from, to, k;

	qttt_state_init(&st);
	qttt_render_defaults(&o);
	o.bare = 1;
	o.markup = &m;
	o.nmarkup = 1;
	for (from = 0; from < QTTT_NSQUARES; from++)
		for (to = 0; to < QTTT_NSQUARES; to++) {
			if (from == to)
				continue;
			snprintf(item, sizeof(item), "arrow %s %s",
			    qttt_square_name(from), qttt_square_name(to));
			ck_assert_int_eq(qttt_markup_parse(item, &m, &d), 0);
			svg = svg_of(&st, NULL, 0, &o);
			p = strstr(strstr(svg, "class=\"qttt-arrow\""),
			    "points=\"");
			ck_assert_ptr_nonnull(p);
			p += strlen("points=\"");
			for (k = 0; k < 3; k++) {
				px[k] = strtod(p, (char **)&p);
				py[k] = strtod(p + 1, (char **)&p);
			}
			/* The target square, with the board at 16,16. */
			x0 = 16 + 100 * (to % 3);
			y0 = 16 + 100 * (to / 3);
			ck_assert_msg(px[0] >= x0 && px[0] <= x0 + 100 &&
			    py[0] >= y0 && py[0] <= y0 + 100, "%s: the tip "
			    "%.1f,%.1f is not in the square", item, px[0],
			    py[0]);
			for (k = 0; k < 3; k++)
				ck_assert_msg(px[k] < x0 + 5 ||
				    px[k] > x0 + 95 || py[k] < y0 + 5 ||
				    py[k] > y0 + 95, "%s: the arrow reaches "
				    "%.1f,%.1f, over the marks", item, px[k],
				    py[k]);
			free(svg);
		}
}
END_TEST

/*
 * A completed line runs behind the marks it strikes: each classical
 * mark has a halo of its square's tint, and only then.
 */
START_TEST(test_struck_marks)
{
	struct qttt_render_opts o;
	char		*svg;
	const char	*p;
	int		 n;

	qttt_render_defaults(&o);
	play("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0");
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(svg, "class=\"qttt-line"));
	for (n = 0, p = svg; (p = strstr(p, "<text class=\"qttt-mark "
	    "qttt-classical")) != NULL; p++, n++)
		ck_assert_msg(strstr(p, "paint-order=\"stroke\"") != NULL &&
		    strstr(p, "paint-order=\"stroke\"") < strchr(p, '>'),
		    "a struck mark without its halo");
	ck_assert_int_eq(n, 9);
	/* Named by its classes, the last action's (X9 b2) as such. */
	for (n = 0, p = svg; (p = strstr(p, " qttt-halo")) != NULL;
	    p++, n++)
		;
	ck_assert_int_eq(n, 9);
	p = strstr(svg, "qttt-m9 qttt-halo qttt-lit\"");
	ck_assert_ptr_nonnull(p);
	/* The only one. */
	ck_assert_ptr_eq(strstr(svg, " qttt-lit"), p + strlen("qttt-m9 "
	    "qttt-halo"));
	ck_assert_ptr_null(strstr(p + strlen("qttt-m9 qttt-halo qttt-lit"),
	    "qttt-lit"));
	free(svg);
	play("X1 a1 b1; O2 b1 c1; X3 c1 a1; measure X3->a1");
	svg = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_null(strstr(svg, "class=\"qttt-line"));
	for (n = 0, p = svg; (p = strstr(p, "<text class=\"qttt-mark "
	    "qttt-classical")) != NULL; p++, n++)
		ck_assert_msg(strstr(p, " stroke=") > strchr(p, '>'),
		    "a mark with a halo and no line");
	ck_assert_int_eq(n, 3);
	free(svg);
}
END_TEST

/*
 * The preview of a measurement after which the forced X9 is due plays
 * it, and shows the result; so does the sheet's last board.
 */
START_TEST(test_preview_result)
{
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f;

	play("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2");
	qttt_render_defaults(&o);
	o.preview = 1;
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_render_text(f, &game.state, game.plies,
	    game.nplies, &o), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(strstr(buf, "X measures O8->a2, then X9 b2:\n"));
	ck_assert_ptr_nonnull(strstr(buf, "Game over, 2-0: X a1 b2 c3 (time "
	    "9), X c1 b2 a3 (time 9).\n"));
	ck_assert_ptr_null(strstr(buf, "forced"));
	free(buf);
	buf = svg_of(&game.state, game.plies, game.nplies, &o);
	ck_assert_ptr_nonnull(strstr(buf, "a2, then</tspan> X<tspan"));
	ck_assert_ptr_nonnull(strstr(buf, "Game over, 2-0."));
	free(buf);
	/* The sheet: the result after the last action. */
	play("X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3; "
	    "X7 a2 a3; O8 a1 a2; measure O8->a2; X9 b2; 2-0");
	o.preview = 0;
	qttt_state_init(&st);
	buf = NULL;
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	ck_assert_int_eq(qttt_render_sheet(f, &st, game.plies, game.nplies,
	    0, game.nplies, 4, &o), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(strstr(buf, ">b2; 2-0</tspan></text>"));
	free(buf);
}
END_TEST

/* A contact sheet: a numbered board for each ply asked for. */
START_TEST(test_sheet)
{
	struct qttt_render_opts o;
	struct qttt_state st;
	char		*buf = NULL;
	size_t		 len = 0, n;
	const char	*p;
	FILE		*f;

	play("X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3; X5 c2 c3; O6 a1 b2");
	qttt_render_defaults(&o);
	qttt_state_init(&st);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(qttt_render_sheet(f, &st, game.plies, game.nplies,
	    2, 5, 3, &o), 0);
	ck_assert_int_eq(fclose(f), 0);
	for (n = 0, p = buf; (p = strstr(p, "class=\"qttt-sheet-cell"))
	    != NULL; p++)
		n++;
	ck_assert_uint_eq(n, 4);
	ck_assert_ptr_nonnull(strstr(buf, ">2. O<tspan"));
	ck_assert_ptr_nonnull(strstr(buf, ">5. X<tspan"));
	ck_assert_ptr_null(strstr(buf, "qttt-ply6"));
	ck_assert_ptr_null(strstr(buf, "qttt-graph"));
	/* Three a row: two rows. */
	ck_assert_double_eq(attr(strstr(buf, "<svg"), "width"),
	    2 * 16 + 3 * 340 - 40);
	check_captions(buf, "a sheet");
	free(buf);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(qttt_render_sheet(f, &st, game.plies, game.nplies,
	    5, 7, 3, &o), -2);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(len, 0);
	free(buf);
}
END_TEST

Suite *
layout_suite(void)
{
	Suite	*s = suite_create("layout");
	TCase	*tc = tcase_create("layout");
	TCase	*random = tcase_create("layout-random");

	tcase_add_test(tc, test_graph_nine);
	tcase_add_test(tc, test_graph_twins);
	tcase_add_test(tc, test_graph_winds);
	tcase_add_test(tc, test_graph_resettle);
	tcase_add_test(tc, test_graph_untangled);
	/* Thousands of layouts: not under valgrind (tests/valgrind.sh). */
	tcase_add_test(random, test_graph_random);
	tcase_set_tags(random, "search");
	suite_add_tcase(s, random);
	tcase_add_test(tc, test_captions);
	tcase_add_test(tc, test_goff_captions);
	tcase_add_test(tc, test_board_clear);
	tcase_add_test(tc, test_dark);
	tcase_add_test(tc, test_board_size);
	tcase_add_test(tc, test_markup);
	tcase_add_test(tc, test_arrow_tips);
	tcase_add_test(tc, test_struck_marks);
	tcase_add_test(tc, test_preview_result);
	tcase_add_test(tc, test_sheet);
	suite_add_tcase(s, tc);
	return s;
}
