/*
 * What a match says of its engines: the standings of each, the score
 * of its pairs of games with its 95% interval, the Elo difference
 * they give, and the SPRT on pairs.  The library links no libm, so
 * the logarithm and the exponential are computed here.
 */
#include <math.h>
#include <string.h>

#include "qttt.h"

/* The 97.5% point of the normal distribution: a 95% interval. */
#define Z95		1.959963984540054
#define LN2		0.6931471805599453
#define LN10		2.302585092994046

/* The natural logarithm of x > 0, to double precision. */
static double
ln(double x)
{
	double	 y, y2, term, sum = 0;
	int	 k = 0, i;

	if (!(x > 0))
		return -HUGE_VAL;
	if (x == HUGE_VAL)
		return HUGE_VAL;
	/* x = m 2^k with m in [1/sqrt(2), sqrt(2)). */
	while (x >= 1.4142135623730951) {
		x /= 2;
		k++;
	}
	while (x < 0.7071067811865476) {
		x *= 2;
		k--;
	}
	/* ln m = 2 atanh((m - 1) / (m + 1)), |y| < 0.172. */
	y = (x - 1) / (x + 1);
	y2 = y * y;
	term = y;
	for (i = 1; i < 60; i += 2) {
		sum += term / i;
		term *= y2;
	}
	return 2 * sum + k * LN2;
}

/* e to the x. */
static double
expo(double x)
{
	double	 r, term = 1, sum = 1;
	int	 k, i;

	if (x > 709)
		return HUGE_VAL;
	if (x < -745)
		return 0;
	/* x = k ln 2 + r with |r| <= ln 2 / 2. */
	k = (int)(x / LN2 + (x < 0 ? -0.5 : 0.5));
	r = x - k * LN2;
	for (i = 1; i < 30; i++) {
		term *= r / i;
		sum += term;
	}
	for (; k > 0; k--)
		sum *= 2;
	for (; k < 0; k++)
		sum /= 2;
	return sum;
}

static double
root(double x)
{
	double	 r = x > 1 ? x : 1, last = 0;
	int	 i;

	if (x <= 0)
		return 0;
	for (i = 0; i < 200 && r != last; i++) {
		last = r;
		r = (r + x / r) / 2;
	}
	return r;
}

void
qttt_tally_init(struct qttt_tally *t)
{
	memset(t, 0, sizeof(*t));
	t->pending = -1;
}

void
qttt_tally_add(struct qttt_tally *t, int s, const struct qttt_match_game *g,
    int second)
{
	int	 mine = g->score.score[s], theirs = g->score.score[!s];
	int	 halves;

	t->games++;
	t->points[s] += (unsigned long)mine;
	if (mine > theirs) {
		t->won[s]++;
		halves = 2;
	} else if (mine < theirs) {
		t->lost[s]++;
		halves = 0;
	} else {
		t->drawn[s]++;
		halves = 1;
	}
	if ((unsigned)g->term < QTTT_NTERMS && (g->loser < 0 ||
	    g->loser == s))
		t->ended[g->term]++;
	if (second && t->pending >= 0) {
		t->penta[t->pending + halves]++;
		t->pending = -1;
		return;
	}
	qttt_tally_end(t);
	t->pending = halves;
}

void
qttt_tally_end(struct qttt_tally *t)
{
	if (t->pending >= 0)
		t->penta[2 * t->pending]++;
	t->pending = -1;
}

enum qttt_code
qttt_match_marks(struct qttt_solver *solver, const struct qttt_match_game *g,
    struct qttt_mark_counts *c, struct qttt_diag *d)
{
	struct qttt_state st;
	size_t		 from = g->opening < g->game.nplies ? g->opening :
			    g->game.nplies;

	qttt_game_state_at(&g->game, from, &st);
	return qttt_judge_marks(solver, &st, g->game.plies + from,
	    g->game.nplies - from, c, d);
}

void
qttt_tally_marks(struct qttt_tally *t, int s, const struct qttt_mark_counts *c)
{
	t->judged++;
	t->mistakes += c->mistakes[s];
	t->blunders += c->blunders[s];
}

double
qttt_elo_of_score(double score)
{
	if (score <= 0)
		return -HUGE_VAL;
	if (score >= 1)
		return HUGE_VAL;
	return -400 * ln(1 / score - 1) / LN10;
}

double
qttt_score_of_elo(double elo)
{
	return 1 / (1 + expo(-elo / 400 * LN10));
}

/*
 * The interval's prior: each of the five pair scores counts this many
 * pairs more in the variance, so that pairs that all scored alike, as
 * a few pairs often do, make neither a spread of nothing nor an
 * interval of one point.  Against hundreds of pairs it is nothing.
 */
#define PRIOR_PAIRS	0.5

/*
 * The number of pairs, and their mean score and its variance, each
 * pair score counting extra pairs more.
 */
static unsigned long
moments(const unsigned long penta[5], double extra, double *mean,
    double *var)
{
	unsigned long	 n = 0;
	double		 m = 0, v = 0, w;
	int		 k;

	for (k = 0; k < 5; k++)
		n += penta[k];
	*mean = *var = 0;
	if (n == 0)
		return 0;
	w = n + 5 * extra;
	for (k = 0; k < 5; k++)
		m += (penta[k] + extra) * (k / 4.0);
	m /= w;
	for (k = 0; k < 5; k++)
		v += (penta[k] + extra) * (k / 4.0 - m) * (k / 4.0 - m);
	*mean = m;
	*var = v / w;
	return n;
}

void
qttt_rating_of(const unsigned long penta[5], struct qttt_rating *r)
{
	double	 var, mean;

	memset(r, 0, sizeof(*r));
	r->pairs = moments(penta, 0, &r->score, &var);
	if (r->pairs < QTTT_RATING_MIN_PAIRS) {
		/* No interval, and no Elo claimed without one. */
		r->margin = r->elo = r->elo_lo = r->elo_hi = NAN;
		return;
	}
	moments(penta, PRIOR_PAIRS, &mean, &var);
	r->margin = Z95 * root(var / r->pairs);
	r->elo = qttt_elo_of_score(r->score);
	r->elo_lo = qttt_elo_of_score(r->score - r->margin);
	r->elo_hi = qttt_elo_of_score(r->score + r->margin);
}

/*
 * A count of the pentanomial that is 0 counts this much in the SPRT, as
 * in fishtest's regularize(): without it, pairs that all scored alike
 * have no spread, and one pair made the ratio infinite.
 */
#define SPRT_EPSILON	1e-3

double
qttt_sprt_llr(const unsigned long penta[5], double elo0, double elo1)
{
	double	 s0 = qttt_score_of_elo(elo0), s1 = qttt_score_of_elo(elo1);
	double	 c[5], n = 0, mean = 0, var = 0, r0, r1;
	int	 k, any = 0;

	for (k = 0; k < 5; k++)
		any |= penta[k] != 0;
	if (!any)
		return 0;
	for (k = 0; k < 5; k++) {
		c[k] = penta[k] != 0 ? (double)penta[k] : SPRT_EPSILON;
		n += c[k];
		mean += c[k] * (k / 4.0);
	}
	mean /= n;
	for (k = 0; k < 5; k++)
		var += c[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
	var /= n;
	/* The mean square about s is the variance and the bias squared. */
	r0 = var + (mean - s0) * (mean - s0);
	r1 = var + (mean - s1) * (mean - s1);
	return n / 2.0 * ln(r0 / r1);
}

void
qttt_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
	*lower = ln(beta / (1 - alpha));
	*upper = ln((1 - beta) / alpha);
}

int
qttt_sprt_update(struct qttt_sprt *s, const unsigned long penta[5])
{
	double	 lo, hi;

	s->llr = qttt_sprt_llr(penta, s->elo0, s->elo1);
	qttt_sprt_bounds(s->alpha, s->beta, &lo, &hi);
	s->decided = s->llr <= lo ? -1 : s->llr >= hi ? 1 : 0;
	return s->decided;
}
