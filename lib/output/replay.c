/*
 * Replaying games: the writer that shows the chosen states of each
 * game in the output format asked for (state_data.c, listing.c;
 * formats/replay-output.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "output/output.h"

/* ------------------------------------------------------------------ */
/* The writer                                                           */
/* ------------------------------------------------------------------ */

/* State strings are written a buffer at a time, as JSON Lines are. */
#define LINES_MAX	(64 * 1024)

struct qttt_replay_writer {
	FILE			 *f;
	struct qttt_replay_options opts;
	struct json_states	 *json;
	struct yaml_states	 *yaml;
	unsigned long		  games;	/* games written */
	int			  failed;
	size_t			  len;		/* bytes in lines */
	char			 *lines;	/* LINES_MAX, state strings */
};

/* Writes out the state strings held. */
static void
flush_lines(struct qttt_replay_writer *w)
{
	if (w->len > 0 && fwrite(w->lines, 1, w->len, w->f) != w->len)
		w->failed = 1;
	w->len = 0;
}

struct qttt_replay_writer *
qttt_replay_writer_open(FILE *f, const struct qttt_replay_options *opts)
{
	struct qttt_replay_writer *w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		return NULL;
	w->f = f;
	w->opts = *opts;
	if ((opts->output == QTTT_OUTPUT_YAML &&
	    (w->yaml = qttt__output_yaml_states_open(f)) == NULL) ||
	    (opts->output == QTTT_OUTPUT_JSON &&
	    (w->json = qttt__output_json_states_open(f)) == NULL) ||
	    (opts->output == QTTT_OUTPUT_STATE &&
	    (w->lines = malloc(LINES_MAX)) == NULL)) {
		free(w);
		return NULL;
	}
	return w;
}

/* Writes one state in the writer's format. */
static int
put_state(struct qttt_replay_writer *w, const struct replay_point *pt)
{
	size_t	 n;

	switch (w->opts.output) {
	case QTTT_OUTPUT_JSON:
		return qttt__output_json_states_put(w->json, pt);
	case QTTT_OUTPUT_YAML:
		return qttt__output_yaml_states_put(w->yaml, pt);
	default:
		if (w->len + QTTT_STATE_MAX + QTTT_PATH_MAX + 4 > LINES_MAX)
			flush_lines(w);
		w->len += qttt_state_format(pt->state, w->lines + w->len,
		    QTTT_STATE_MAX);
		/* The path as a comment, which a stream of states skips. */
		if (pt->path != NULL) {
			n = strlen(pt->path);
			memcpy(w->lines + w->len, " # ", 3);
			memcpy(w->lines + w->len + 3, pt->path, n);
			w->len += 3 + n;
		}
		w->lines[w->len++] = '\n';
		return w->failed ? -1 : 0;
	}
}

size_t
qttt__output_line_start(const struct qttt_record *rec, size_t v)
{
	size_t	 start = 0;

	for (; v != QTTT_MAINLINE; v = rec->vars[v].parent)
		start += rec->vars[v].at;
	return start;
}

size_t
qttt__output_line_game(const struct qttt_record *rec, size_t v,
    struct qttt_game *g, size_t *start)
{
	*start = qttt__output_line_start(rec, v);
	qttt_record_var_game(rec, v, g);
	return g->nplies > *start ? g->nplies - *start : 0;
}

const struct qttt_game *
qttt__output_path_game(const struct qttt_record *rec, const char *path,
    const struct qttt_game *main, struct qttt_game *g, size_t *v,
    size_t *upto, struct qttt_diag *d)
{
	size_t	 n, start = 0;

	if (qttt_record_path(rec, path, strlen(path), v, &n, d) == -1)
		return NULL;
	if (*v != QTTT_MAINLINE) {
		qttt__output_line_game(rec, *v, g, &start);
		main = g;
	}
	/* An illegal item before it: the last position played. */
	*upto = start + n < main->nplies ? start + n : main->nplies;
	return main;
}

void
qttt__output_ply_line(const struct qttt_record *rec, size_t v, size_t p,
    size_t *line, size_t *n)
{
	while (v != QTTT_MAINLINE && p <= qttt__output_line_start(rec, v))
		v = rec->vars[v].parent;
	*line = v;
	*n = p - qttt__output_line_start(rec, v);
}

/*
 * The state after ply plies of r->game, the game of line v, which are
 * n items of that line: named by its path.
 */
static int
put_named(struct qttt_replay_writer *w, const struct qttt_replay *r,
    size_t v, size_t n, size_t ply)
{
	struct replay_point	 pt;
	struct qttt_state	 st;
	char			 path[QTTT_PATH_MAX];

	if (r->rec == NULL ||
	    qttt_record_path_name(r->rec, v, n, path, sizeof(path)) < 0)
		snprintf(path, sizeof(path), "%zu", ply);
	qttt_game_state_at(r->game, ply, &st);
	pt.game = r;
	pt.opts = &w->opts;
	pt.ply = ply;
	pt.state = &st;
	pt.path = path;
	return put_state(w, &pt);
}

/*
 * -a with the variations: the positions of the variations that replace
 * item k of line v (its k-th), each followed by those of its own
 * variations, depth first as written, up to ply upto.
 */
static int
put_branches(struct qttt_replay_writer *w, const struct qttt_replay *r,
    size_t v, size_t k, size_t upto)
{
	const struct qttt_record *rec = r->rec;
	struct qttt_replay	 vr = *r;
	struct qttt_game	 g;
	size_t			 j, n, own, start;

	vr.game = &g;
	for (j = v == QTTT_MAINLINE ? 0 : v + 1; j < rec->nvars; j++) {
		if (rec->vars[j].parent != v || rec->vars[j].at + 1 != k)
			continue;
		own = qttt__output_line_game(rec, j, &g, &start);
		for (n = 1; n <= own && start + n <= upto; n++)
			if (put_named(w, &vr, j, n, start + n) == -1 ||
			    put_branches(w, r, j, n, upto) == -1)
				return -1;
	}
	return 0;
}

/*
 * The states chosen of every line of a game: with -a, every position
 * depth first; else the main line's, then each variation's.
 */
static int
put_lines(struct qttt_replay_writer *w, const struct qttt_replay *r,
    size_t upto)
{
	const struct qttt_record *rec = r->rec;
	struct qttt_replay	 vr = *r;
	struct qttt_game	 g;
	size_t			 i, j, own, start, ply;
	/* A variation may go on past the main line's end. */
	size_t			 last = w->opts.ply >= 0 ?
	    (size_t)w->opts.ply : SIZE_MAX;

	if (w->opts.all) {
		for (i = 0; i <= upto; i++)
			if (put_named(w, r, QTTT_MAINLINE, i, i) == -1 ||
			    (i > 0 && rec != NULL &&
			    put_branches(w, r, QTTT_MAINLINE, i, last) == -1))
				return -1;
		return 0;
	}
	if (put_named(w, r, QTTT_MAINLINE, upto, upto) == -1)
		return -1;
	vr.game = &g;
	for (j = 0; rec != NULL && j < rec->nvars; j++) {
		own = qttt__output_line_game(rec, j, &g, &start);
		ply = start + own < last ? start + own : last;
		if (ply > start && put_named(w, &vr, j, ply - start, ply) == -1)
			return -1;
	}
	return 0;
}

/*
 * With a path (opts.path): the position after ply upto of r->game,
 * the game of line v, or with all every position up to it, each named
 * by its path.
 */
static int
put_path(struct qttt_replay_writer *w, const struct qttt_replay *r,
    size_t v, size_t upto)
{
	size_t	 i, line, n;

	for (i = w->opts.all ? 0 : upto; i <= upto; i++) {
		qttt__output_ply_line(r->rec, v, i, &line, &n);
		if (put_named(w, r, line, n, i) == -1)
			return -1;
	}
	return 0;
}

int
qttt_replay_writer_put(struct qttt_replay_writer *w,
    const struct qttt_replay *r)
{
	struct replay_point	 pt;
	struct qttt_state	 st;
	const struct qttt_game	*g = r->game;
	struct qttt_replay	 vr = *r;
	struct qttt_game	 vg;
	size_t			 upto = g->nplies, i, v = QTTT_MAINLINE;

	if (w->opts.ply >= 0 && (size_t)w->opts.ply < g->nplies)
		upto = w->opts.ply;
	/* A path: the game of its line, nothing if the record has none. */
	if (w->opts.path != NULL && r->rec != NULL &&
	    (vr.game = qttt__output_path_game(r->rec, w->opts.path, g, &vg,
	    &v, &upto, NULL)) == NULL)
		return w->failed ? -1 : 0;
	if (w->opts.output == QTTT_OUTPUT_LIST) {
		/* A blank line between games. */
		if (w->games++ > 0)
			putc('\n', w->f);
		if (qttt__output_listing_write(w->f, &vr, &w->opts, v,
		    upto) == -1)
			w->failed = 1;
		return w->failed ? -1 : 0;
	}
	if (w->opts.path != NULL && r->rec != NULL) {
		if (put_path(w, &vr, v, upto) == -1)
			w->failed = 1;
		return w->failed ? -1 : 0;
	}
	if (w->opts.variations) {
		if (put_lines(w, r, upto) == -1)
			w->failed = 1;
		return w->failed ? -1 : 0;
	}
	pt.game = r;
	pt.opts = &w->opts;
	pt.state = &st;
	pt.path = NULL;
	if (!w->opts.all) {
		qttt_game_state_at(g, upto, &st);
		pt.ply = upto;
		if (put_state(w, &pt) == -1)
			w->failed = 1;
		return w->failed ? -1 : 0;
	}
	/* Ply 0: the empty board, or the position a record gives. */
	qttt_game_state_at(g, 0, &st);
	for (i = 0; ; i++) {
		pt.ply = i;
		if (put_state(w, &pt) == -1) {
			w->failed = 1;
			break;
		}
		if (i == upto)
			break;
		qttt_state_apply(&st, &g->plies[i], NULL);
	}
	return w->failed ? -1 : 0;
}

int
qttt_replay_writer_flush(struct qttt_replay_writer *w)
{
	flush_lines(w);
	if (w->json != NULL && qttt__output_json_states_flush(w->json) == -1)
		w->failed = 1;
	if (fflush(w->f) == EOF || ferror(w->f))
		w->failed = 1;
	return w->failed ? -1 : 0;
}

int
qttt_replay_writer_close(struct qttt_replay_writer *w)
{
	int	 failed;

	if (w == NULL)
		return 0;
	flush_lines(w);
	failed = w->failed;
	if (w->json != NULL && qttt__output_json_states_close(w->json) == -1)
		failed = 1;
	if (w->yaml != NULL && qttt__output_yaml_states_close(w->yaml) == -1)
		failed = 1;
	if (fflush(w->f) == EOF || ferror(w->f))
		failed = 1;
	free(w->lines);
	free(w);
	return failed ? -1 : 0;
}
