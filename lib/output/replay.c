/*
 * Replaying games: the writer that shows the chosen states of each
 * game in the output format asked for (state_data.c, listing.c;
 * formats/replay-output.md).
 */
#include <stdio.h>
#include <stdlib.h>

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
	switch (w->opts.output) {
	case QTTT_OUTPUT_JSON:
		return qttt__output_json_states_put(w->json, pt);
	case QTTT_OUTPUT_YAML:
		return qttt__output_yaml_states_put(w->yaml, pt);
	default:
		if (w->len + QTTT_STATE_MAX + 1 > LINES_MAX)
			flush_lines(w);
		w->len += qttt_state_format(pt->state, w->lines + w->len,
		    QTTT_STATE_MAX);
		w->lines[w->len++] = '\n';
		return w->failed ? -1 : 0;
	}
}

int
qttt_replay_writer_put(struct qttt_replay_writer *w,
    const struct qttt_replay *r)
{
	struct replay_point	 pt;
	struct qttt_state	 st;
	const struct qttt_game	*g = r->game;
	size_t			 upto = g->nplies, i;

	if (w->opts.ply >= 0 && (size_t)w->opts.ply < g->nplies)
		upto = w->opts.ply;
	if (w->opts.output == QTTT_OUTPUT_LIST) {
		/* A blank line between games. */
		if (w->games++ > 0)
			putc('\n', w->f);
		if (qttt__output_listing_write(w->f, r, &w->opts, upto) == -1)
			w->failed = 1;
		return w->failed ? -1 : 0;
	}
	pt.game = r;
	pt.opts = &w->opts;
	pt.state = &st;
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
