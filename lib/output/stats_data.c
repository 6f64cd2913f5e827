/*
 * The statistics of a collection, written (qttt-stats(1)): a summary
 * for people to read, and one description of the figures as data,
 * written through the structured emitter (output/output.h) as a JSON
 * object on a line or as a YAML document, with the same keys because
 * they are the same calls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "output/output.h"

struct qttt_stats_writer {
	enum qttt_stats_format format;
	FILE		*f;
	unsigned long	 puts;		/* tallies written */
	int		 failed;
	struct yaml_out	*y;		/* YAML */
	struct json_sink sink;		/* JSON */
	char		 buf[4 * EMIT_PART];
};

/*
 * A mean of half points over n games, in points, as text: "n/a" with no
 * game, which has no mean.
 */
static const char *
mean_text(unsigned long halves, unsigned long n, char buf[32])
{
	if (n == 0)
		return "n/a";
	snprintf(buf, 32, "%.3f", halves / 2.0 / n);
	return buf;
}

static double
share(unsigned long k, unsigned long n)
{
	return n == 0 ? 0.0 : 100.0 * k / n;
}

/* The name of result k (qttt_result_index), "1-1/2". */
static const char *
result_name(int k, char buf[16])
{
	struct qttt_result r;

	qttt_result_nth(k, &r);
	qttt_result_format(&r, buf, 16);
	return buf;
}

/* ------------------------------------------------------------------ */
/* Text                                                                 */
/* ------------------------------------------------------------------ */

/* "4: 2  6: 1" for the nonzero counts of a histogram. */
static void
histogram(FILE *f, const char *label, const unsigned long *h, size_t n,
    unsigned long games)
{
	unsigned long	 sum = 0;
	size_t		 i;

	for (i = 0; i < n; i++)
		sum += i * h[i];
	fprintf(f, "%-14s", label);
	if (games > 0)
		fprintf(f, "mean %.2f;", (double)sum / games);
	for (i = 0; i < n; i++)
		if (h[i] > 0)
			fprintf(f, "  %zu: %lu", i, h[i]);
	if (games == 0 && sum == 0)
		fputs("none", f);
	putc('\n', f);
}

static void
counted(FILE *f, const char *label, unsigned long n)
{
	fprintf(f, "%-14s%lu game%s\n", label, n, n == 1 ? "" : "s");
}

static void
text(FILE *f, const char *name, const struct qttt_stats *s)
{
	const struct qttt_opening_stats *op;
	char		 buf[16], x[32], o[32];
	int		 i;

	fprintf(f, "%-14s%s\n", "input", name != NULL ? name : "total");
	fprintf(f, "%-14s%lu\n", "games", s->games);
	fprintf(f, "%-14s%lu\n", "valid", s->valid);
	fprintf(f, "%-14s%lu\n", "invalid", s->invalid);
	if (s->positions > 0)
		fprintf(f, "%-14s%lu (not counted below)\n", "positions",
		    s->positions);
	fprintf(f, "%-14s%7s %7s\n", "result", "games", "share");
	for (i = 0; i < QTTT_NRESULTS; i++)
		if (RESULT_SHOWN(i, s->result[i]))
			fprintf(f, "  %-12s%7lu %6.1f%%\n", result_name(i, buf),
			    s->result[i], share(s->result[i], s->valid));
	fprintf(f, "  %-12s%7lu %6.1f%%\n", "*", s->unfinished,
	    share(s->unfinished, s->valid));
	fprintf(f, "  %-12s%7lu %6.1f%%\n", "pending", s->pending,
	    share(s->pending, s->valid));
	fprintf(f, "%-14sX %s  O %s  (%lu finished)\n", "mean score",
	    mean_text(s->halves[QTTT_X], s->finished, x),
	    mean_text(s->halves[QTTT_O], s->finished, o), s->finished);
	histogram(f, "moves", s->moves, QTTT_MAXMOVES + 1, s->valid);
	histogram(f, "plies", s->plies, QTTT_MAXPLIES + 1, s->valid);
	histogram(f, "measurements", s->measurements, QTTT_MAXPLIES + 1,
	    s->valid);
	histogram(f, "cycle squares", s->cycles, QTTT_NSQUARES + 1, 0);
	counted(f, "2-cycle", s->twocycle);
	counted(f, "forced X9", s->forced);
	counted(f, "simultaneous", s->simultaneous);
	counted(f, "double line", s->doubleline);
	fprintf(f, "%-16s%7s %8s %7s %7s\n", "opening", "games", "finished",
	    "X mean", "O mean");
	for (i = 0; i < QTTT_NOPENINGS; i++) {
		op = &s->opening[i];
		fprintf(f, "  %-14s%7lu %8lu %7s %7s\n",
		    qttt_opening_name(i), op->games, op->finished,
		    mean_text(op->halves[QTTT_X], op->finished, x),
		    mean_text(op->halves[QTTT_O], op->finished, o));
	}
}

/* ------------------------------------------------------------------ */
/* As data: JSON and YAML                                               */
/* ------------------------------------------------------------------ */

/* Inlined into each back end's writer, so that JSON stays a byte writer. */
#define DESCRIBE	static inline __attribute__((always_inline)) void

/* A count under a key. */
DESCRIBE
count(struct emit *e, const char *key, unsigned long n)
{
	emit_key(e, key, strlen(key));
	emit_uint(e, n);
}

/* Half points as a number of points: 3 is 1.5. */
DESCRIBE
points(struct emit *e, unsigned long halves)
{
	char	 b[32];
	int	 n;

	n = snprintf(b, sizeof(b), "%lu%s", halves / 2,
	    halves % 2 ? ".5" : "");
	emit_lit(e, b, n);
}

/* {"X": ..., "O": ...} of half points, as points. */
DESCRIBE
player_points(struct emit *e, const unsigned long halves[2])
{
	emit_map(e);
	EMIT_KEY(e, "X");
	points(e, halves[QTTT_X]);
	EMIT_KEY(e, "O");
	points(e, halves[QTTT_O]);
	emit_map_end(e);
}

/* A mean of half points over n games, in points: null with no game. */
DESCRIBE
mean(struct emit *e, unsigned long halves, unsigned long n)
{
	char	 b[64];
	int	 k;

	if (n == 0) {
		emit_null(e);
		return;
	}
	k = snprintf(b, sizeof(b), "%.4f", halves / 2.0 / n);
	emit_lit(e, b, k);
}

/* counts[from..n-1] as a list. */
DESCRIBE
list(struct emit *e, const char *key, const unsigned long *h, size_t n)
{
	size_t	 i;

	emit_part(e);
	emit_key(e, key, strlen(key));
	emit_seq(e, 1);
	for (i = 0; i < n; i++)
		emit_uint(e, h[i]);
	emit_seq_end(e);
}

DESCRIBE
describe(struct emit *e, const char *name, const struct qttt_stats *s)
{
	const struct qttt_opening_stats *op;
	char		 buf[16];
	int		 i;

	emit_map(e);
	EMIT_KEY(e, "input");
	if (name == NULL)
		emit_null(e);
	else
		emit_text(e, name, strlen(name));
	emit_part(e);
	count(e, "games", s->games);
	count(e, "valid", s->valid);
	count(e, "invalid", s->invalid);
	count(e, "positions", s->positions);
	EMIT_KEY(e, "results");
	emit_map(e);
	for (i = 0; i < QTTT_NRESULTS; i++)
		if (RESULT_SHOWN(i, s->result[i]))
			count(e, result_name(i, buf), s->result[i]);
	count(e, "*", s->unfinished);
	emit_map_end(e);
	count(e, "pending", s->pending);
	count(e, "finished", s->finished);
	EMIT_KEY(e, "points");
	player_points(e, s->halves);
	EMIT_KEY(e, "mean_score");
	emit_map(e);
	EMIT_KEY(e, "X");
	mean(e, s->halves[QTTT_X], s->finished);
	EMIT_KEY(e, "O");
	mean(e, s->halves[QTTT_O], s->finished);
	emit_map_end(e);
	list(e, "moves", s->moves, QTTT_MAXMOVES + 1);
	list(e, "plies", s->plies, QTTT_MAXPLIES + 1);
	/* No game measures more than five times. */
	list(e, "measurements", s->measurements, 6);
	emit_part(e);
	EMIT_KEY(e, "cycles");
	emit_map(e);
	for (i = 2; i <= QTTT_NSQUARES; i++) {
		buf[0] = '0' + i;
		emit_key(e, buf, 1);
		emit_uint(e, s->cycles[i]);
	}
	emit_map_end(e);
	count(e, "two_cycle", s->twocycle);
	count(e, "forced_x9", s->forced);
	count(e, "simultaneous", s->simultaneous);
	count(e, "double_line", s->doubleline);
	EMIT_KEY(e, "openings");
	emit_map(e);
	for (i = 0; i < QTTT_NOPENINGS; i++) {
		op = &s->opening[i];
		emit_part(e);
		emit_key(e, qttt_opening_name(i),
		    strlen(qttt_opening_name(i)));
		emit_map(e);
		count(e, "games", op->games);
		count(e, "finished", op->finished);
		EMIT_KEY(e, "points");
		player_points(e, op->halves);
		emit_map_end(e);
	}
	emit_map_end(e);
	emit_map_end(e);
}

/* ------------------------------------------------------------------ */
/* The writer                                                           */
/* ------------------------------------------------------------------ */

struct qttt_stats_writer *
qttt_stats_writer_open(FILE *f, enum qttt_stats_format format)
{
	struct qttt_stats_writer *w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		return NULL;
	w->format = format;
	w->f = f;
	w->sink.f = f;
	w->sink.size = sizeof(w->buf);
	w->sink.buf = w->buf;
	if (format == QTTT_STATS_YAML &&
	    (w->y = qttt__output_yaml_out_open(f, YAML_STATES)) == NULL) {
		free(w);
		return NULL;
	}
	return w;
}

/* Each back end with a description of its own. */
static int
put_json(struct qttt_stats_writer *w, const char *input,
    const struct qttt_stats *s)
{
	struct emit	 e = emit_json(&w->sink);

	describe(&e, input, s);
	emit_json_end(&e, '\n');
	return qttt__output_json_sink_flush(&w->sink);
}

static int
put_yaml(struct qttt_stats_writer *w, const char *input,
    const struct qttt_stats *s)
{
	struct emit	 e = emit_yaml(w->y);

	/* (Tells the compiler that the JSON back end is not used.) */
	if (w->y == NULL)
		return -1;
	qttt__output_yaml_out_doc_start(w->y);
	describe(&e, input, s);
	return qttt__output_yaml_out_doc_end(w->y);
}

int
qttt_stats_writer_put(struct qttt_stats_writer *w, const char *input,
    const struct qttt_stats *s)
{
	if (w->format == QTTT_STATS_JSON) {
		if (put_json(w, input, s) == -1)
			w->failed = 1;
	} else if (w->format == QTTT_STATS_YAML) {
		if (put_yaml(w, input, s) == -1)
			w->failed = 1;
	} else {
		if (w->puts > 0)
			putc('\n', w->f);
		text(w->f, input, s);
	}
	w->puts++;
	if (ferror(w->f))
		w->failed = 1;
	return w->failed ? -1 : 0;
}

int
qttt_stats_writer_close(struct qttt_stats_writer *w)
{
	int	 failed;

	if (w == NULL)
		return 0;
	failed = w->failed;
	if (w->y != NULL && qttt__output_yaml_out_close(w->y) == -1)
		failed = 1;
	if (fflush(w->f) == EOF || ferror(w->f))
		failed = 1;
	free(w);
	return failed ? -1 : 0;
}
