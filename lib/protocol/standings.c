/*
 * A match's standings, written (qttt-match(1)): a table for people to
 * read, or one JSON object through the structured emitter
 * (output/output.h), with each engine's games by colour, points,
 * pairs, score, Elo and its interval, marks against perfect play, how
 * its games ended, and the SPRT's verdict.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "output/output.h"
#include "protocol/protocol.h"

/* An Elo difference rounded, with no "-0"; "+inf" and "-inf". */
static void
elo_text(char *buf, size_t n, double elo)
{
	if (isinf(elo))
		snprintf(buf, n, "%sinf", elo < 0 ? "-" : "+");
	else
		snprintf(buf, n, "%+lld", (long long)(elo + (elo < 0 ?
		    -0.5 : 0.5)));
}

/* Names in the crosstable, at most, in bytes. */
#define CROSS_NAME	24

/*
 * With three engines or more, the points each engine (a row) scored
 * against each other (a column), of the games they played.
 */
static void
crosstable(FILE *f, const struct qttt_standings *s)
{
	const struct qttt_standing *en;
	char		 cell[64];
	size_t		 i, k, w = 0;

	if (s->nengines < 3 || s->engines[0].against == NULL)
		return;
	for (i = 0; i < s->nengines; i++)
		if (strlen(s->engines[i].name) > w)
			w = strlen(s->engines[i].name);
	w = w > CROSS_NAME ? CROSS_NAME : w;
	fprintf(f, "crosstable: the points of each engine against each, of "
	    "the games they played\n%*s", (int)w + 4, "");
	for (k = 0; k < s->nengines; k++)
		fprintf(f, " %9zu", k + 1);
	fputc('\n', f);
	for (i = 0; i < s->nengines; i++) {
		en = &s->engines[i];
		fprintf(f, "%2zu. %-*.*s", i + 1, (int)w, (int)w, en->name);
		for (k = 0; k < s->nengines; k++) {
			if (k == i || en->met[k] == 0)
				snprintf(cell, sizeof(cell), "-");
			else
				snprintf(cell, sizeof(cell), "%g/%lu",
				    en->against[k] / 2.0, en->met[k]);
			fprintf(f, " %9s", cell);
		}
		fputc('\n', f);
	}
}

static int
write_text(FILE *f, const struct qttt_standings *s)
{
	struct qttt_rating r;
	const struct qttt_tally *t;
	const char	*sep;
	char		 e[3][16];
	double		 lo, hi, points;
	size_t		 i;
	int		 k;
	char		 rules[QTTT_RULES_NAME_MAX];

	qttt_rules_format(s->rules, rules, sizeof(rules));
	fprintf(f, "%llu games, rules %s%s%s\n", s->games,
	    rules, s->timecontrol != NULL &&
	    s->timecontrol[0] != '\0' ? ", time " : "",
	    s->timecontrol != NULL ? s->timecontrol : "");
	for (i = 0; i < s->nengines; i++) {
		t = s->engines[i].tally;
		qttt_rating_of(t->penta, &r);
		points = (t->points[0] + t->points[1]) / 2.0;
		/* Points are the results' scores; the score counts games
		 * won, drawn and lost, so that a 1-1/2 loss is half a point
		 * and no score: each says which. */
		fprintf(f, "%zu. %s: %lu games, %g point%s (the results' "
		    "scores), score %.1f%%", i + 1, s->engines[i].name,
		    t->games, points, points == 1 ? "" : "s", 100 * r.score);
		if (isnan(r.margin))
			fprintf(f, " (won 1, drawn 1/2, lost 0) of %lu pair%s, "
			    "no interval or Elo under %d pairs\n", r.pairs,
			    r.pairs == 1 ? "" : "s", QTTT_RATING_MIN_PAIRS);
		else {
			elo_text(e[0], sizeof(e[0]), r.elo);
			elo_text(e[1], sizeof(e[1]), r.elo_lo);
			elo_text(e[2], sizeof(e[2]), r.elo_hi);
			fprintf(f, " +- %.1f%% (won 1, drawn 1/2, lost 0) of "
			    "%lu pairs, Elo %s [%s, %s]\n", 100 * r.margin,
			    r.pairs, e[0], e[1], e[2]);
		}
		fprintf(f, "   as X %lu-%lu-%lu, as O %lu-%lu-%lu "
		    "(won-drawn-lost)", t->won[0], t->drawn[0], t->lost[0],
		    t->won[1], t->drawn[1], t->lost[1]);
		if (t->ended[QTTT_TERM_ADJUDICATION] > 0)
			fprintf(f, "; %lu adjudicated",
			    t->ended[QTTT_TERM_ADJUDICATION]);
		for (k = QTTT_TERM_ILLEGAL, sep = "; lost by "; k < QTTT_NTERMS;
		    k++)
			if (t->ended[k] > 0) {
				fprintf(f, "%s%s %lu", sep,
				    qttt_termination_name(
				    (enum qttt_termination)k), t->ended[k]);
				sep = ", ";
			}
		fputc('\n', f);
		if (t->judged > 0)
			fprintf(f, "   %.2f mistakes and %.2f blunders a "
			    "game against perfect play\n",
			    (double)t->mistakes / t->judged,
			    (double)t->blunders / t->judged);
	}
	crosstable(f, s);
	if (s->sprt != NULL) {
		qttt_rating_of(s->engines[0].tally->penta, &r);
		qttt_sprt_bounds(s->sprt->alpha, s->sprt->beta, &lo, &hi);
		fprintf(f, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR "
		    "%.2f (%.2f, %.2f) after %lu pairs: %s\n", s->sprt->elo0,
		    s->sprt->elo1, s->sprt->alpha, s->sprt->beta,
		    s->sprt->llr, lo, hi, r.pairs,
		    s->sprt->decided > 0 ? "H1 accepted" :
		    s->sprt->decided < 0 ? "H0 accepted" : "no decision");
	}
	return ferror(f) ? -1 : 0;
}

/*
 * A number as printf writes it with %g (precise: %.6g), the JSON
 * report's numbers as they always were; null for no number.
 */
static void
number(struct emit *e, int precise, double v)
{
	char	 b[64];
	int	 n;

	if (isinf(v) || isnan(v)) {
		emit_null(e);
		return;
	}
	n = precise ? snprintf(b, sizeof(b), "%.6g", v) :
	    snprintf(b, sizeof(b), "%g", v);
	emit_lit(e, b, n);
}

static void
count(struct emit *e, const char *key, unsigned long n)
{
	emit_key(e, key, strlen(key));
	emit_uint(e, n);
}

static void
engine(struct emit *e, const struct qttt_standing *en, size_t n)
{
	const struct qttt_tally *t = en->tally;
	struct qttt_rating r;
	int		 c, k;

	qttt_rating_of(t->penta, &r);
	emit_map(e);
	EMIT_KEY(e, "name");
	emit_text(e, en->name, strlen(en->name));
	EMIT_KEY(e, "command");
	emit_text(e, en->command, strlen(en->command));
	emit_part(e);
	count(e, "games", t->games);
	for (c = 0; c < 2; c++) {
		emit_key(e, c == 0 ? "as_x" : "as_o", 4);
		emit_map(e);
		count(e, "won", t->won[c]);
		count(e, "drawn", t->drawn[c]);
		count(e, "lost", t->lost[c]);
		EMIT_KEY(e, "points");
		number(e, 0, t->points[c] / 2.0);
		emit_map_end(e);
	}
	EMIT_KEY(e, "points");
	number(e, 0, (t->points[0] + t->points[1]) / 2.0);
	count(e, "pairs", r.pairs);
	EMIT_KEY(e, "pentanomial");
	emit_seq(e, 1);
	for (k = 0; k < 5; k++)
		emit_uint(e, t->penta[k]);
	emit_seq_end(e);
	EMIT_KEY(e, "score");
	number(e, 1, r.score);
	EMIT_KEY(e, "margin");
	number(e, 1, r.margin);
	EMIT_KEY(e, "elo");
	number(e, 1, r.elo);
	EMIT_KEY(e, "elo_low");
	number(e, 1, r.elo_lo);
	EMIT_KEY(e, "elo_high");
	number(e, 1, r.elo_hi);
	if (t->judged > 0) {
		count(e, "mistakes", t->mistakes);
		count(e, "blunders", t->blunders);
		EMIT_KEY(e, "mistakes_per_game");
		number(e, 1, (double)t->mistakes / t->judged);
		EMIT_KEY(e, "blunders_per_game");
		number(e, 1, (double)t->blunders / t->judged);
	}
	emit_part(e);
	EMIT_KEY(e, "ended");
	emit_map(e);
	for (k = 0; k < QTTT_NTERMS; k++)
		count(e, qttt_termination_name((enum qttt_termination)k),
		    t->ended[k]);
	emit_map_end(e);
	if (n > 0 && en->against != NULL) {
		emit_part(e);
		EMIT_KEY(e, "against");
		emit_seq(e, 0);
		for (k = 0; k < (int)n; k++) {
			if (en->met[k] == 0) {
				emit_null(e);
				continue;
			}
			emit_map(e);
			EMIT_KEY(e, "points");
			number(e, 0, en->against[k] / 2.0);
			count(e, "games", en->met[k]);
			emit_map_end(e);
		}
		emit_seq_end(e);
	}
	emit_map_end(e);
}

static int
write_json(FILE *f, const struct qttt_standings *s)
{
	char		 buf[4 * EMIT_PART];
	struct json_sink sink = { f, 0, 0, sizeof(buf), 0, buf };
	struct emit	 e = emit_json(&sink);
	char		 rules[QTTT_RULES_NAME_MAX];
	char		 b[32];
	double		 lo, hi;
	size_t		 i;
	int		 n;

	qttt_rules_format(s->rules, rules, sizeof(rules));
	emit_part(&e);
	emit_map(&e);
	EMIT_KEY(&e, "games");
	n = snprintf(b, sizeof(b), "%llu", s->games);
	emit_lit(&e, b, n);
	EMIT_KEY(&e, "rules");
	emit_text(&e, rules, strlen(rules));
	EMIT_KEY(&e, "engines");
	emit_seq(&e, 0);
	for (i = 0; i < s->nengines; i++) {
		emit_part(&e);
		engine(&e, &s->engines[i], s->nengines >= 3 ?
		    s->nengines : 0);
	}
	emit_seq_end(&e);
	if (s->sprt != NULL) {
		emit_part(&e);
		qttt_sprt_bounds(s->sprt->alpha, s->sprt->beta, &lo, &hi);
		EMIT_KEY(&e, "sprt");
		emit_map(&e);
		EMIT_KEY(&e, "elo0");
		number(&e, 0, s->sprt->elo0);
		EMIT_KEY(&e, "elo1");
		number(&e, 0, s->sprt->elo1);
		EMIT_KEY(&e, "alpha");
		number(&e, 0, s->sprt->alpha);
		EMIT_KEY(&e, "beta");
		number(&e, 0, s->sprt->beta);
		EMIT_KEY(&e, "llr");
		number(&e, 1, s->sprt->llr);
		EMIT_KEY(&e, "lower");
		number(&e, 1, lo);
		EMIT_KEY(&e, "upper");
		number(&e, 1, hi);
		EMIT_KEY(&e, "decision");
		if (s->sprt->decided == 0)
			emit_null(&e);
		else
			emit_str(&e, s->sprt->decided > 0 ? "H1" : "H0", 2);
		emit_map_end(&e);
	}
	emit_map_end(&e);
	emit_json_end(&e, '\n');
	return qttt__output_json_sink_flush(&sink);
}

int
qttt_standings_write(FILE *f, const struct qttt_standings *s, int json)
{
	return json ? write_json(f, s) : write_text(f, s);
}
