/*
 * Results (rule 11): the seven a game can end with, their written form
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

/* The results of rule 11 in the order of QTTT_NRESULTS, in half points. */
static const unsigned char result_scores[QTTT_NRESULTS][2] = {
	{ 2, 0 }, { 0, 2 }, { 2, 1 }, { 1, 2 }, { 3, 0 }, { 4, 0 }, { 0, 0 }
};

const char *
qttt__engine_half_text(int h)
{
	return half_text[h >= 0 && h <= 4 ? h : 0];
}

int
qttt__engine_result_possible(int x, int o)
{
	/* 1-0 0-1 1-1/2 1/2-1 3/2-0 2-0 0-0, in half points (rule 11). */
	static const unsigned char possible[5] = {
		1 << 0 | 1 << 2,	/* X 0: O 0 or 1 */
		1 << 2,			/* X 1/2: O 1 */
		1 << 0 | 1 << 1,	/* X 1: O 0 or 1/2 */
		1 << 0,			/* X 3/2: O 0 */
		1 << 0			/* X 2: O 0 */
	};

	return x >= 0 && x <= 4 && o >= 0 && o <= 4 && (possible[x] >> o & 1);
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
 * 1-0, 0-1, 0-0, 2-0, 1/2-1, 3/2-0, 1-1/2, and "*".
 */
int
qttt__engine_result_parse(const char *s, size_t n, struct qttt_result *r)
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
	} else
		return 0;
	if (x < 0 || o < 0 || !qttt__engine_result_possible(x, o))
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
	int	 i;

	if (!r->over)
		return -1;
	for (i = 0; i < QTTT_NRESULTS; i++)
		if (r->score[QTTT_X] == result_scores[i][QTTT_X] &&
		    r->score[QTTT_O] == result_scores[i][QTTT_O])
			return i;
	return -1;
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
