/*
 * The render layer's private declarations (render/): what the
 * diagrams' writers share; never included by cmd/.  Private names
 * start with qttt__render_.
 */
#ifndef QTTT_RENDER_H
#define QTTT_RENDER_H

#include <stdio.h>

#include "qttt.h"

/* ------------------------------------------------------------------ */
/* Diagrams: what render_text.c and render_svg.c share (render.c)       */
/* ------------------------------------------------------------------ */

/* at[p] is the square drawn at place p of the picture (reading order). */
void	qttt__render_layout(const struct qttt_render_opts *,
	    unsigned char at[QTTT_NSQUARES]);
/* The labels of the picture's columns and rows: 'a'..'c' or '1'..'3'. */
void	qttt__render_axes(const struct qttt_render_opts *, char cols[3],
	    char rows[3]);
/* Whether plies replay from the empty board to st. */
int	qttt__render_complete(const struct qttt_state *st,
	    const struct qttt_action *plies, size_t n);
/*
 * How the sentences name things: RENDER_UTF8 writes U+2192 for the
 * arrow, RENDER_GOFF names squares by Goff's numbers, as -c goff
 * draws them.  qttt__render_flags() gives the flags of o.
 */
#define RENDER_UTF8	1
#define RENDER_GOFF	2
int	qttt__render_flags(const struct qttt_render_opts *o, int utf8);
/*
 * An action as the diagrams name it: "X1 a1 b1", "X9 b2", "O4->a1"
 * (or "O4\u2192a1"); with RENDER_GOFF "X1+(1,2)", "X9+(5,5)", "O4->1".
 * As snprintf.
 */
int	qttt__render_action(const struct qttt_action *, char *buf, size_t n,
	    int flags);
/*
 * An outcome of the preview: the state after measurement act, and
 * after the forced X9 too if it is then due (it involves no choice,
 * and ends the game), into next.  Writes its name into what (of size
 * n): "X measures O8->a2", "X measures O8->a2, then X9 b2".
 */
void	qttt__render_outcome(const struct qttt_state *st,
	    const struct qttt_action *act, int flags, struct qttt_state *next,
	    char *what, size_t n);
/*
 * The sentence under a diagram: whose turn, the pending measurement
 * and its outcomes, or the result and its lines (terse: the result
 * alone); then, for a profile other than goff, "Rules: NAME.", a blank
 * after each comma of the name.  With award, the options of the game's
 * last position: the result its awarded names, where the board leaves
 * the game unfinished ("Game over, 0-1: X forfeits (time).").  As
 * snprintf.
 */
int	qttt__render_status(const struct qttt_state *,
	    const struct qttt_render_opts *award, int terse, int flags,
	    char *buf, size_t n);
/*
 * The result o awards st, or NULL: o is not NULL, its awarded is a
 * result, and the board has not ended the game.
 */
const struct qttt_result *qttt__render_awarded(const struct qttt_state *st,
	    const struct qttt_render_opts *o);
/*
 * For a page that styles the diagrams by class (html.c): the colours
 * of a theme and the fonts, as CSS custom properties (--bg, --x, ...,
 * --font-mark, --font-label) without the braces around them.
 */
void	qttt__render_svg_css(FILE *, enum qttt_theme);
void	qttt__render_svg_fonts(FILE *);
/*
 * Where qttt_render_svg() draws the board of a position (not of its
 * outcomes) with o: its top left corner, in the picture's own units,
 * in which a square is RENDER_SQUARE wide (the viewer page finds the
 * square clicked from it).
 */
#define RENDER_SQUARE	100
void	qttt__render_svg_board(const struct qttt_render_opts *o, int *x,
	    int *y);

/*
 * Layout (layout.c).  The fonts of the SVG pictures, each a stack
 * (render_svg.c): qttt__render_width() is the width of n bytes of s at size
 * px, the widest any font of the stack gives it.
 */
#define RENDER_SANS		0	/* captions, node names */
#define RENDER_SANS_BOLD	1
#define RENDER_SERIF		2	/* marks: O */
#define RENDER_SERIF_BOLD	3	/* marks: X */
#define RENDER_SUB		0.7	/* a caption's subscript, of its size */
#define RENDER_MARK_SUB		0.46	/* a mark's subscript, of its size */
double	qttt__render_width(const char *s, size_t n, int font, double size);
/* Whether a mark (X1 .. O8, not inside a word) starts at s[i]. */
int	qttt__render_is_mark(const char *s, size_t i);
/* A caption's width: sans, each mark's digit a subscript. */
double	qttt__render_caption_width(const char *s, size_t n, double size);
/*
 * Breaks caption s into lines no wider than width, at blanks: fills in
 * where each line starts (the blank before it ends the line before) and
 * returns how many there are, at most max.
 */
size_t	qttt__render_wrap(const char *s, double size, double width,
	    size_t *starts, size_t max);
double	qttt__render_root(double x);

/*
 * The entanglement graph, laid out: a node per square, an edge per
 * spooky move as a curve from node a to node b, and its label's box.
 * The curve is a quadratic Bezier piece from x0,y0 to x1,y1 pulled
 * towards c; or, where one piece cannot get between the nodes, two
 * pieces that meet at w, the second pulled towards d, with one tangent
 * there.  fits says whether every label keeps clear of the other
 * labels, the nodes and the other edges (and their halos); the layout
 * tries the shapes of the edges in turn to make it so.
 */
#define RENDER_NODE_R		22	/* a node's radius, half a side */
#define RENDER_EDGE_W		3.5	/* the widest edge */
#define RENDER_HALO_W		12	/* the halo of a cycle's edge */
#define RENDER_LABEL_SIZE	18	/* unless crowded */
#define RENDER_LABEL_PAD	3	/* between a label's box and text */

/* The shape of an edge between its ends. */
struct render_curve {
	int	 pieces;		/* 1 or 2 */
	double	 cx, cy;
	double	 wx, wy, dx, dy;	/* with 2 pieces */
};

struct render_edge {
	int	 move, a, b;
	double	 x0, y0, x1, y1;
	struct render_curve curve;
	double	 halo;			/* half the halo's width, or 0 */
	double	 lx, ly, lw, lh;	/* the label's centre and size */
};

struct render_graph {
	size_t			 nedges;
	struct render_edge	 edge[QTTT_MAXMOVES];
	double			 nx[QTTT_NSQUARES], ny[QTTT_NSQUARES];
	unsigned char		 classical[QTTT_NSQUARES];
	double			 label_size;	/* px */
	int			 fits;
};

/* place[sq] is where square sq is drawn, 0..8 in reading order. */
void	qttt__render_graph_layout(const struct qttt_state *,
	    const unsigned char place[QTTT_NSQUARES], struct render_graph *);
/* The point of an edge at t, 0 to 1: with 2 pieces, w at 0.5. */
void	qttt__render_bezier(const struct render_edge *, double t, double *x,
	    double *y);

#endif /* !QTTT_RENDER_H */
