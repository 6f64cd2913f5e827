/*
 * Names of squares and the written form of results.
 */

#include <string.h>

#include "qttt.h"
#include "internal.h"

static const char *const names[QTTT_NSQUARES] = {
	"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"
};

const char *
qttt_square_name(int sq)
{
	if (sq < 0 || sq >= QTTT_NSQUARES)
		return "??";
	return names[sq];
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
qttt_result_parse(const char *s, size_t n, struct qttt_result *r)
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
	if (x < 0 || o < 0 || !qttt_result_possible(x, o))
		return 0;
	r->over = 1;
	r->score[QTTT_X] = x;
	r->score[QTTT_O] = o;
	return 1;
}

const char *
qttt_half_text(int h)
{
	static const char *const text[] = { "0", "1/2", "1", "3/2", "2" };

	return text[h >= 0 && h <= 4 ? h : 0];
}

/* A score of h half points, "0" to "2", with no NUL when it is three. */
static const char half_text[5][3] = { "0", "1/2", "1", "3/2", "2" };

/*
 * Written byte by byte rather than through the strings of
 * qttt_half_text(): every state the tools write has its result.
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
qttt_result_text(char *p, const struct qttt_result *r)
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
	char	 text[QTTT_RESULT_TEXT];

	return qttt_copy_out(buf, n, text, qttt_result_text(text, r) - text);
}

int
qttt_result_possible(int x, int o)
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

/* The rule profiles by number (enum qttt_rules): one list to extend. */
static const char *const rules_names[QTTT_NRULES] = {
	[QTTT_RULES_GOFF] = "goff"
};

const char *
qttt_rules_name(enum qttt_rules r)
{
	return (unsigned)r < QTTT_NRULES ? rules_names[r] : NULL;
}

int
qttt_rules_parse(const char *s, size_t len, enum qttt_rules *r)
{
	unsigned int	 i;

	for (i = 0; i < QTTT_NRULES; i++)
		if (strlen(rules_names[i]) == len &&
		    memcmp(rules_names[i], s, len) == 0) {
			*r = (enum qttt_rules)i;
			return 0;
		}
	return -1;
}
