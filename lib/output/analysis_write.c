/*
 * The writer of what qttt-analyze shows (formats/analysis-output.md):
 * each thing as text (analysis_text.c), as a JSON line or a YAML
 * document (analysis_data.c, through the structured emitter), and a
 * game in YAML as its annotated record (annotation.c, written by the
 * record writer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "output/output.h"

struct qttt_analysis_writer {
	FILE			 *f;
	struct qttt_analysis_options o;
	int			  failed;
	unsigned long		  reports;	/* games reported */
	/* Made with the first YAML document, and annotated record. */
	struct yaml_out		 *y;
	struct qttt_annotation	 *ann;
	/* What a record is analysed into. */
	struct qttt_judged_game	  judged;
	struct qttt_analysis	  an;
	struct qttt_divide	  div[QTTT_MAXACTIONS];
	struct json_sink	  js;
	char			  buf[8 * EMIT_PART];
};

struct qttt_analysis_writer *
qttt_analysis_writer_open(FILE *f, const struct qttt_analysis_options *o)
{
	struct qttt_analysis_writer *w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		return NULL;
	w->f = f;
	w->o = *o;
	w->js.f = f;
	w->js.size = sizeof(w->buf);
	w->js.buf = w->buf;
	return w;
}

/* Where rec was read: game and line 0 for none (a position of -S). */
static void
item_at(struct analysis_item *it, enum analysis_kind kind,
    const struct qttt_record *rec)
{
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	if (rec != NULL) {
		it->game = rec->index;
		it->line = rec->line + 1;
	}
}

/* Writes an item in the writer's output; the JSON kept in the sink. */
static void
put(struct qttt_analysis_writer *w, const struct analysis_item *it)
{
	struct emit	 e;

	if (w->o.output == QTTT_ANALYSIS_REPORT) {
		qttt__output_analysis_text(w->f, it);
		return;
	}
	if (w->o.output == QTTT_ANALYSIS_JSON) {
		e = emit_json(&w->js);
		qttt__output_analysis_data(&e, it);
		emit_json_end(&e, '\n');
		return;
	}
	if (w->y == NULL &&
	    (w->y = qttt__output_yaml_out_open(w->f, YAML_STATES)) == NULL) {
		w->failed = 1;
		return;
	}
	qttt__output_yaml_out_doc_start(w->y);
	e = emit_yaml(w->y);
	qttt__output_analysis_data(&e, it);
	if (qttt__output_yaml_out_doc_end(w->y) == -1)
		w->failed = 1;
}

/* The end of every put: all of it handed to the stream. */
static int
done(struct qttt_analysis_writer *w)
{
	if (qttt__output_json_sink_flush(&w->js) == -1 || ferror(w->f))
		w->failed = 1;
	return w->failed ? -1 : 0;
}

/*
 * A game as its annotated record, in YAML or the line notation: -2 if
 * it cannot be one; 1 if best lines were left out, which d says.
 */
static int
put_record(struct qttt_analysis_writer *w, const struct qttt_record *rec,
    const struct qttt_game *g, struct qttt_diag *d)
{
	enum qttt_format to = w->o.output == QTTT_ANALYSIS_LINE ?
			    QTTT_FORMAT_LINE : QTTT_FORMAT_YAML;
	struct qttt_extras had;
	struct qttt_diag wd;
	size_t		 left;
	int		 k;

	if (w->ann == NULL && (w->ann = malloc(sizeof(*w->ann))) == NULL) {
		snprintf(d->msg, sizeof(d->msg), "out of memory");
		return -3;
	}
	qttt_extras_from_record(&had, g, rec);
	left = qttt_annotate(w->ann, g, &w->judged, &had);
	/* A format without variations: the record's own, refused. */
	if (!qttt__output_holds_variations(to)) {
		w->ann->ex.nvars = had.nvars;
		w->ann->ex.vars = had.vars;
		w->ann->ex.varitems = had.varitems;
		left = 0;
	}
	if ((k = qttt_record_write(w->f, to, g, &w->ann->ex, &wd)) == -2)
		snprintf(d->msg, sizeof(d->msg), "game %lu: cannot annotate: "
		    "%.128s", rec != NULL ? rec->index : 1, wd.msg);
	if (k != 0 || left == 0)
		return k;
	snprintf(d->msg, sizeof(d->msg), "game %lu: %zu best %s left out, "
	    "beyond the variations, items or notes a record holds",
	    rec != NULL ? rec->index : 1, left, left == 1 ? "line" :
	    "lines");
	return 1;
}

/* A game judged, as the options say. */
static int
put_game(struct qttt_analysis_writer *w, struct qttt_solver *sv,
    const struct qttt_record *rec, const struct qttt_game *g,
    struct qttt_analysis_totals *t, struct qttt_diag *d)
{
	struct analysis_item it;

	if (qttt_judge_game(sv, g, &w->judged, d) != QTTT_OK)
		return -2;
	t->analysed++;
	qttt_mark_counts_add(&t->counts, &w->judged.counts);
	if (!w->o.summary && (w->o.output == QTTT_ANALYSIS_YAML ||
	    w->o.output == QTTT_ANALYSIS_LINE))
		return put_record(w, rec, g, d);
	item_at(&it, w->o.summary ? AN_GAME_SUMMARY :
	    w->o.output == QTTT_ANALYSIS_JSON ? AN_PLY : AN_REPORT, rec);
	it.g = g;
	it.j = &w->judged;
	if (it.kind == AN_PLY) {
		for (it.ply = 0; it.ply < w->judged.nplies; it.ply++)
			put(w, &it);
		return 0;
	}
	/* A blank line between reports. */
	if (it.kind == AN_REPORT && w->reports++ > 0)
		putc('\n', w->f);
	put(w, &it);
	return 0;
}

/* The counts below a position: -2 if it is refused, -3 out of memory. */
static int
put_counts(struct qttt_analysis_writer *w, const struct qttt_record *rec,
    const struct qttt_state *st, struct qttt_diag *d)
{
	struct analysis_item it;
	struct qttt_games games;
	size_t		 i;
	int		 k = 0;

	item_at(&it, AN_PERFT, rec);
	it.st = st;
	it.depth = w->o.depth;
	/* The breakdown adds up to perft, when there is one. */
	if (w->o.perft && w->o.divide) {
		k = qttt_perft_divide_progress(st, it.depth,
		    w->o.count_memory, w->div, &it.ndiv, &w->o.progress, d);
		it.div = w->div;
	}
	for (i = 0; i < it.ndiv; i++)
		it.count += w->div[i].count;
	if (w->o.perft && k == 0 && it.ndiv == 0)
		k = qttt_perft_progress(st, it.depth, w->o.count_memory,
		    &it.count, &w->o.progress, d);
	if (w->o.perft && k == 0)
		put(w, &it);
	it.kind = AN_GAMES;
	it.games = &games;
	if (w->o.count && k == 0 &&
	    (k = qttt_count_games_progress(st, w->o.count_memory, &games,
	    &w->o.progress, d)) == 0)
		put(w, &it);
	if (k == -2)
		snprintf(d->msg, sizeof(d->msg), "out of memory");
	return k == 0 ? 0 : k - 1;
}

int
qttt_analysis_writer_put(struct qttt_analysis_writer *w,
    struct qttt_solver *sv, const struct qttt_record *rec,
    const struct qttt_game *g, struct qttt_analysis_totals *t,
    struct qttt_diag *d)
{
	struct analysis_item it;
	int		 game = rec != NULL ? rec->format != QTTT_FORMAT_STATE :
			    g->nplies > 0, k;

	if (w->o.output == QTTT_ANALYSIS_LINE && (w->o.perft ||
	    w->o.count || w->o.summary || !game)) {
		snprintf(d->msg, sizeof(d->msg), "the line notation writes "
		    "games: not a position, a count or a summary");
		k = -2;
	} else if (w->o.perft || w->o.count)
		k = put_counts(w, rec, &g->state, d);
	else if (game)
		k = put_game(w, sv, rec, g, t, d);
	else if (qttt_solver_analyze(sv, &g->state, QTTT_SOLVE_PV, &w->an,
	    d) != QTTT_OK)
		k = -2;
	else {
		k = 0;
		t->analysed++;
		item_at(&it, AN_POSITION, rec);
		it.st = &g->state;
		it.an = &w->an;
		if (!w->o.summary)
			put(w, &it);
	}
	if (done(w) == -1)
		return -1;
	return k;
}

int
qttt_analysis_writer_totals(struct qttt_analysis_writer *w,
    const char *name, const struct qttt_analysis_totals *t)
{
	struct analysis_item it;

	item_at(&it, AN_TOTALS, NULL);
	it.name = name;
	it.totals = t;
	put(w, &it);
	return done(w);
}

int
qttt_analysis_writer_close(struct qttt_analysis_writer *w)
{
	int	 failed;

	if (w == NULL)
		return 0;
	failed = done(w) == -1;
	if (w->y != NULL && qttt__output_yaml_out_close(w->y) == -1)
		failed = 1;
	if (fflush(w->f) == EOF || ferror(w->f))
		failed = 1;
	free(w->ann);
	free(w);
	return failed ? -1 : 0;
}
