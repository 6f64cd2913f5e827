/*
 * The diagrams of games, as qttt-render draws them (formats/render.md):
 * which positions of a game, what a game of a stream of states can be
 * drawn as, and what each diagram's file is called.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "output/output.h"
#include "render/render.h"

/* The game of a stream of states being drawn, up to its last state. */
struct streamed {
	int			 started;
	int			 drawn;		/* from >= 0: a state drawn */
	unsigned long		 index;
	long			 ply;		/* of its last state */
	struct qttt_state	 last;
	struct qttt_history	 h;
};

struct qttt_diagrams {
	FILE			*f;
	struct qttt_diagrams_opts o;
	unsigned long		 nwritten;	/* diagrams on f */
	struct streamed		 game;
	int			 failed;
};

struct qttt_diagrams *
qttt_diagrams_open(FILE *f, const struct qttt_diagrams_opts *o)
{
	struct qttt_diagrams *w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		return NULL;
	w->f = f;
	w->o = *o;
	return w;
}

/*
 * The stream for the diagram named name: the caller's file, or f.
 * Returns NULL if the caller's open() said no.
 */
static FILE *
diagram_open(struct qttt_diagrams *w, const char *name)
{
	if (w->o.open != NULL)
		return w->o.open(w->o.arg, name);
	if (w->nwritten++ > 0 && !w->o.svg)
		putc('\n', w->f);
	return w->f;
}

/* Ends a diagram, bad if drawing it failed.  Returns 0, or -1. */
static int
diagram_close(struct qttt_diagrams *w, FILE *f, int bad)
{
	if (w->o.open != NULL)
		return w->o.close(w->o.arg, f, bad) == 0 ? 0 : -1;
	return bad || ferror(f) ? -1 : 0;
}

/*
 * One position, named by its game and its ply (-1: not known), or in a
 * variation by its path (len bytes; NULL: none).  Returns 0, or -1 if
 * the output failed.
 */
static int
put_named(struct qttt_diagrams *w, unsigned long game, long ply,
    const char *path, size_t len, const struct qttt_state *st,
    const struct qttt_action *plies, size_t nplies)
{
	char	 name[64 + QTTT_PATH_MAX];
	FILE	*f;
	int	 k;

	if (path != NULL)
		qttt_diagrams_path_name(name, sizeof(name), game, path, len,
		    w->o.svg ? "svg" : "txt");
	else
		qttt_diagrams_name(name, sizeof(name), game, ply, w->o.svg ?
		    "svg" : "txt");
	if ((f = diagram_open(w, name)) == NULL)
		return -1;
	k = w->o.svg ? qttt_render_svg(f, st, plies, nplies, &w->o.render) :
	    qttt_render_text(f, st, plies, nplies, &w->o.render);
	return diagram_close(w, f, k != 0);
}

/* One position of a game's line, named by its game and ply. */
static int
put_position(struct qttt_diagrams *w, unsigned long game, long ply,
    const struct qttt_state *st, const struct qttt_action *plies,
    size_t nplies)
{
	return put_named(w, game, ply, NULL, 0, st, plies, nplies);
}

/*
 * A whole game in one picture, the plies from start: animated, or the
 * positions after plies from..to as a contact sheet.  Returns 0, or -1
 * if the output failed.
 */
static int
put_whole(struct qttt_diagrams *w, unsigned long game,
    const struct qttt_state *start, const struct qttt_action *plies,
    size_t nplies, size_t from, size_t to)
{
	char	 name[64];
	FILE	*f;
	int	 k;

	qttt_diagrams_name(name, sizeof(name), game, -1, "svg");
	if ((f = diagram_open(w, name)) == NULL)
		return -1;
	if (w->o.sheet > 0)
		k = qttt_render_sheet(f, start, plies, nplies, from, to,
		    w->o.sheet, &w->o.render);
	else
		k = qttt_render_anim(f, start, plies, nplies, &w->o.render);
	return diagram_close(w, f, k != 0);
}

/* The positions of g chosen, or its sheet; award for its last. */
static int
put_plies(struct qttt_diagrams *w, unsigned long index,
    const struct qttt_game *g, struct qttt_state *st,
    const struct qttt_result *award)
{
	const struct qttt_diagrams_opts *o = &w->o;
	size_t		 p, from, to;

	if (o->all || (o->sheet > 0 && o->from < 0)) {
		from = 0;
		to = g->nplies;
	} else if (o->from < 0 || (size_t)o->from > g->nplies)
		from = to = g->nplies;	/* past its end, as qttt-replay */
	else {
		from = o->from;
		/* A range past the end stops at the end. */
		to = (size_t)o->to < g->nplies ? (size_t)o->to : g->nplies;
	}
	if (o->sheet > 0)
		return put_whole(w, index, st, g->plies, g->nplies, from, to);
	for (p = from; p <= to; p++) {
		qttt_game_state_at(g, p, st);
		w->o.render.awarded = p == g->nplies ? award : NULL;
		if (put_position(w, index, (long)p, st, g->plies, p) != 0)
			return -1;
	}
	return 0;
}

/*
 * A game played from the empty board: the positions chosen.  The
 * status of its last position names the result a forfeit or an
 * adjudication awarded it (rec->awarded), which the renderers show
 * only there.
 */
static int
put_game(struct qttt_diagrams *w, const struct qttt_record *rec,
    const struct qttt_game *g)
{
	const struct qttt_diagrams_opts *o = &w->o;
	const struct qttt_result *award = rec->awarded.over ? &rec->awarded :
	    NULL;
	struct qttt_state st;
	unsigned long	 index = rec->index;
	int		 k;

	qttt_state_init(&st);
	st.rules = g->state.rules;
	w->o.render.termination = rec->termination;
	w->o.render.awarded = award;
	if (o->animate)
		k = put_whole(w, index, &st, g->plies, g->nplies, 0,
		    g->nplies);
	else
		k = put_plies(w, index, g, &st, award);
	w->o.render.awarded = NULL;
	return k;
}

/*
 * The position of a record at the path asked, in a variation or not:
 * its game's plies up to it highlight its last action, and the result
 * awarded shows at the main line's end.  Returns as put_game(), or -2
 * with d at the record's line if it has no such position.
 */
static int
put_path(struct qttt_diagrams *w, const struct qttt_record *rec,
    const struct qttt_game *g, struct qttt_diag *d)
{
	struct qttt_game vg;
	struct qttt_state st;
	size_t		 v, upto;
	int		 k;

	if ((g = qttt__output_path_game(rec, w->o.path, g, &vg, &v, &upto,
	    d)) == NULL) {
		d->line = rec->line;
		return -2;
	}
	qttt_game_state_at(g, upto, &st);
	w->o.render.termination = rec->termination;
	w->o.render.awarded = v == QTTT_MAINLINE && upto == g->nplies &&
	    rec->awarded.over ? &rec->awarded : NULL;
	k = put_named(w, rec->index, (long)upto, v == QTTT_MAINLINE ? NULL :
	    w->o.path, strlen(w->o.path), &st, g->plies, upto);
	w->o.render.awarded = NULL;
	return k;
}

/* Fills d for a game of a stream that is not drawn, at its first state. */
static int
game_refused(const struct streamed *sg, struct qttt_diag *d)
{
	d->code = QTTT_E_PLIES;
	d->severity = qttt_code_severity(QTTT_E_PLIES);
	d->line = sg->h.line;
	d->col = 0;
	return -2;
}

/*
 * The end of a game of a stream: what is drawn at its end.  Returns
 * 0, -1 if the output failed, or -2 with d if the game cannot be
 * drawn as asked.
 */
static int
end_streamed(struct qttt_diagrams *w, struct qttt_diag *d)
{
	const struct qttt_diagrams_opts *o = &w->o;
	struct streamed	*sg = &w->game;

	if (!sg->started)
		return 0;
	sg->started = 0;
	if (o->animate || o->sheet > 0) {
		if (sg->h.gap) {
			snprintf(d->msg, sizeof(d->msg), "game %lu of the "
			    "stream misses plies (from %ld to %ld): it cannot "
			    "be %s", sg->index, sg->h.first, sg->ply,
			    o->animate ? "animated" : "drawn as a sheet");
			return game_refused(sg, d);
		}
		return put_whole(w, sg->index, &sg->h.start, sg->h.plies,
		    sg->h.nplies, 0, sg->h.nplies);
	}
	if (o->from < 0 || sg->drawn)
		return 0;
	if (sg->h.first > o->from) {
		snprintf(d->msg, sizeof(d->msg), "game %lu of the stream "
		    "starts after ply %ld: it has no state after ply %ld",
		    sg->index, sg->h.first, o->from);
		return game_refused(sg, d);
	}
	/* The last state of a game that ends before that ply. */
	return put_position(w, sg->index, sg->ply, &sg->last, sg->h.plies,
	    sg->h.nplies);
}

/* The path of a state of a stream inside a variation, or NULL. */
static const char *
var_path(const struct qttt_record *rec)
{
	return rec->path != NULL && memchr(rec->path, '.', rec->pathlen) !=
	    NULL ? rec->path : NULL;
}

/*
 * A state of a stream: each is drawn, as the stream has chosen it,
 * but for a range of plies; a game is drawn whole at its end.
 */
static int
put_state(struct qttt_diagrams *w, const struct qttt_record *rec,
    const struct qttt_state *st, struct qttt_diag *d)
{
	const struct qttt_diagrams_opts *o = &w->o;
	struct streamed	*sg = &w->game;
	int		 k = 0;

	if (rec->history.nstates == 1 || !sg->started) {
		if ((k = end_streamed(w, d)) == -1)
			return -1;
		sg->started = 1;
		sg->drawn = 0;
		sg->index = rec->index;
	}
	sg->ply = rec->ply;
	sg->last = *st;
	sg->h = rec->history;
	if (o->animate || o->sheet > 0 || (o->from >= 0 &&
	    (rec->ply < o->from || rec->ply > o->to)))
		return k;
	sg->drawn = 1;
	if (put_named(w, rec->index, rec->ply, var_path(rec), rec->pathlen,
	    st, sg->h.plies, sg->h.nplies) != 0)
		return -1;
	return k;
}

/*
 * A state of a stream inside a variation that stands aside from the
 * game followed: drawn on its own, named by its path, when every state
 * is; left out of the game's line (from, animate, sheet), as the
 * variations of a record are.
 */
static int
put_var_state(struct qttt_diagrams *w, const struct qttt_record *rec,
    const struct qttt_state *st)
{
	const struct qttt_diagrams_opts *o = &w->o;

	if (o->animate || o->sheet > 0 || o->from >= 0)
		return 0;
	return put_named(w, rec->index, rec->ply, var_path(rec),
	    rec->pathlen, st, NULL, 0);
}

int
qttt_diagrams_put(struct qttt_diagrams *w, const struct qttt_replay *r,
    struct qttt_diag *d)
{
	const struct qttt_state *st = &r->game->state;
	unsigned long	 index = r->rec != NULL ? r->rec->index : 1;
	int		 k;

	if (w->failed)
		return -1;
	if (r->rec != NULL && w->o.path != NULL)
		k = put_path(w, r->rec, r->game, d);
	else if (r->rec != NULL && r->rec->history.aside)
		k = put_var_state(w, r->rec, st);
	else if (r->rec != NULL && r->rec->history.nstates > 0)
		k = put_state(w, r->rec, st, d);
	else if (r->rec != NULL && !r->rec->has_start)
		k = put_game(w, r->rec, r->game);
	else if (w->o.animate || w->o.sheet > 0)
		k = put_whole(w, index, st, NULL, 0, 0, 0);
	else
		k = put_position(w, index, -1, st, NULL, 0);
	if (k == -1)
		w->failed = 1;
	return k;
}

int
qttt_diagrams_end(struct qttt_diagrams *w, struct qttt_diag *d)
{
	int	 k;

	if (w->failed)
		return -1;
	if ((k = end_streamed(w, d)) == -1)
		w->failed = 1;
	return k;
}

int
qttt_diagrams_close(struct qttt_diagrams *w, struct qttt_diag *d)
{
	int	 k;

	if (w == NULL)
		return 0;
	k = qttt_diagrams_end(w, d);
	free(w);
	return k;
}

int
qttt_diagrams_name(char *buf, size_t n, unsigned long game, long ply,
    const char *ext)
{
	if (ply < 0)
		return snprintf(buf, n, "game%04lu.%s", game, ext);
	return snprintf(buf, n, "game%04lu-ply%02ld.%s", game, ply, ext);
}

int
qttt_diagrams_path_name(char *buf, size_t n, unsigned long game,
    const char *path, size_t len, const char *ext)
{
	return snprintf(buf, n, "game%04lu-ply%.*s.%s", game, (int)len, path,
	    ext);
}
