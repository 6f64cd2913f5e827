/*
 * Results (rule 11): the seven a game can end with, and 1/2-1/2 of
 * some rule profiles, their written form
 * ("1-1/2", "*") in both directions, and their numbering for counts.
 * A score is in half points, 0 to 4.
 */
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"

/*
 * A score as every tool writes it: "0", "1/2", "1", "3/2", "2".  The
 * entries of three bytes have no NUL, and qttt__engine_half_text()
 * gives out the strings with theirs.
 */
static const char half_text[5][4] = { "0", "1/2", "1", "3/2", "2" };

/*
 * The results in the order of QTTT_NRESULTS, in half points: rule 11's
 * seven, then 1/2-1/2, which only some profiles give.
 */
static const unsigned char result_scores[QTTT_NRESULTS][2] = {
	{ 2, 0 }, { 0, 2 }, { 2, 1 }, { 1, 2 }, { 3, 0 }, { 4, 0 }, { 0, 0 },
	{ 1, 1 }
};

const char *
qttt__engine_half_text(int h)
{
	return half_text[h >= 0 && h <= 4 ? h : 0];
}

/* The number of a result in half points, or -1. */
static int
result_number(int x, int o)
{
	int	 i;

	for (i = 0; i < QTTT_NRESULTS; i++)
		if (x == result_scores[i][QTTT_X] &&
		    o == result_scores[i][QTTT_O])
			return i;
	return -1;
}

/*
 * The results a profile's games can end with, bit i for result i
 * (formats/rules.md, "Rule profiles"): a sole line 1-0 or 0-1 always;
 * X's two lines 3/2-0 or 2-0 (double=2: 2-0, double=1: 1-0); lines of
 * both 1-1/2 or 1/2-1 (simultaneous=tie: 1/2-1/2, simultaneous=draw: a
 * draw); a draw 0-0 (draw=1/2: 1/2-1/2).
 */
static unsigned int
profile_results(unsigned int rules)
{
	unsigned int	 set = 1u << 0 | 1u << 1;

	if (rules == QTTT__RULES_ANY)
		return (1u << QTTT_NRESULTS) - 1;
	switch (rules & QTTT_RULES_DOUBLE) {
	case 0:
		set |= 1u << 4 | 1u << 5;
		break;
	case QTTT_RULES_DOUBLE_2:
		set |= 1u << 5;
		break;
	}
	switch (rules & QTTT_RULES_SIMULTANEOUS) {
	case 0:
		set |= 1u << 2 | 1u << 3;
		break;
	case QTTT_RULES_SIMUL_TIE:
		set |= 1u << 7;
		break;
	}
	set |= (rules & QTTT_RULES_DRAW_HALF) ? 1u << 7 : 1u << 6;
	return set;
}

/*
 * qttt__engine_result_possible(), inline where results are read
 * (qttt__engine_result_parse): Goff's rules take a table look-up.
 */
static inline int
possible(unsigned int rules, int x, int o)
{
	/* Goff's, by X's score: O's possible scores (every state written). */
	static const unsigned char goff[5] = {
		1 << 0 | 1 << 2,	/* X 0: O 0 or 1 */
		1 << 2,			/* X 1/2: O 1 */
		1 << 0 | 1 << 1,	/* X 1: O 0 or 1/2 */
		1 << 0,			/* X 3/2: O 0 */
		1 << 0			/* X 2: O 0 */
	};
	int		 i;

	if (rules == QTTT_RULES_GOFF)
		return x >= 0 && x <= 4 && o >= 0 && o <= 4 &&
		    (goff[x] >> o & 1);
	i = result_number(x, o);
	return i >= 0 && (profile_results(rules) >> i & 1);
}

int
qttt__engine_result_possible(unsigned int rules, int x, int o)
{
	return possible(rules, x, o);
}

int
qttt_rules_result_possible(unsigned int rules, const struct qttt_result *r)
{
	return r->over && qttt_rules_valid(rules) &&
	    qttt__engine_result_possible(rules, r->score[QTTT_X],
	    r->score[QTTT_O]);
}

/*
 * A score as the results that every tool writes spell it (the line
 * notation's canonical form and the state string's last field), in
 * half points: a whole one "0", "1", "2", a half one "1/2", "3/2"
 * (three bytes); -1 if not.
 */
static int
whole_score(int c)
{
	return c >= '0' && c <= '2' ? (c - '0') * 2 : -1;
}

static int
half_score(const char *s)
{
	return (s[0] == '1' || s[0] == '3') && s[1] == '/' && s[2] == '2' ?
	    s[0] - '0' : -1;
}

/*
 * The length and where the '-' stands tell which score is whole and
 * which half; then only the possible results (rule 11) are taken:
 * those of the profile rules (QTTT__RULES_ANY: of any), and "*".
 */
int
qttt__engine_result_parse(unsigned int rules, const char *s, size_t n,
    struct qttt_result *r)
{
	int	 x, o;

	if (n == 1 && s[0] == '*') {
		r->over = 0;
		r->score[QTTT_X] = r->score[QTTT_O] = 0;
		return 1;
	}
	if (n == 3 && s[1] == '-') {
		x = whole_score(s[0]);
		o = whole_score(s[2]);
	} else if (n == 5 && s[3] == '-') {
		x = half_score(s);
		o = whole_score(s[4]);
	} else if (n == 5 && s[1] == '-') {
		x = whole_score(s[0]);
		o = half_score(s + 2);
	} else if (n == 7 && s[3] == '-') {
		/* 1/2-1/2: both halves. */
		x = half_score(s);
		o = half_score(s + 4);
	} else
		return 0;
	if (x < 0 || o < 0 || !possible(rules, x, o))
		return 0;
	r->over = 1;
	r->score[QTTT_X] = x;
	r->score[QTTT_O] = o;
	return 1;
}

/*
 * Written byte by byte rather than through snprintf: every state the
 * tools write has its result.
 */
static char *
score_text(char *p, int h)
{
	const char	*s = half_text[h];

	*p++ = s[0];
	if (h % 2 == 1) {
		*p++ = s[1];
		*p++ = s[2];
	}
	return p;
}

char *
qttt__engine_result_text(char *p, const struct qttt_result *r)
{
	if (!r->over || r->score[0] > 4 || r->score[1] > 4) {
		*p++ = '*';
		return p;
	}
	p = score_text(p, r->score[0]);
	*p++ = '-';
	return score_text(p, r->score[1]);
}

int
qttt_result_format(const struct qttt_result *r, char *buf, size_t n)
{
	char	 text[RESULT_TEXT_MAX];

	return qttt__text_copy_out(buf, n, text,
	    qttt__engine_result_text(text, r) - text);
}

int
qttt_result_parse(const char *s, size_t len, struct qttt_result *r)
{
	return qttt__engine_result_parse(QTTT__RULES_ANY, s, len, r) ? 0 :
	    -1;
}

int
qttt_result_equal(const struct qttt_result *a, const struct qttt_result *b)
{
	if (a->over != b->over)
		return 0;
	return !a->over || (a->score[QTTT_X] == b->score[QTTT_X] &&
	    a->score[QTTT_O] == b->score[QTTT_O]);
}

int
qttt_result_index(const struct qttt_result *r)
{
	return r->over ? result_number(r->score[QTTT_X], r->score[QTTT_O]) :
	    -1;
}

void
qttt_result_nth(int i, struct qttt_result *r)
{
	memset(r, 0, sizeof(*r));
	if (i < 0 || i >= QTTT_NRESULTS)
		return;
	r->over = 1;
	r->score[QTTT_X] = result_scores[i][QTTT_X];
	r->score[QTTT_O] = result_scores[i][QTTT_O];
}

/* How a game ended: the termination tag's values. */
static const char *const term_names[QTTT_NTERMS] = {
	[QTTT_TERM_NORMAL] = "normal",
	[QTTT_TERM_ADJUDICATION] = "adjudication",
	[QTTT_TERM_ILLEGAL] = "illegal",
	[QTTT_TERM_TIME] = "time",
	[QTTT_TERM_CRASH] = "crash",
	[QTTT_TERM_EXIT] = "exit",
	[QTTT_TERM_GARBAGE] = "garbage",
	[QTTT_TERM_PROTOCOL] = "protocol"
};

const char *
qttt_termination_name(enum qttt_termination t)
{
	return (unsigned)t < QTTT_NTERMS ? term_names[t] : "??";
}

int
qttt_termination_parse(const char *s, size_t len, enum qttt_termination *t)
{
	int	 i;

	for (i = 0; i < QTTT_NTERMS; i++)
		if (strlen(term_names[i]) == len &&
		    memcmp(term_names[i], s, len) == 0) {
			*t = (enum qttt_termination)i;
			return 0;
		}
	return -1;
}
