/*
 * Names of squares and the written form of results.
 */

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
 * The results as every tool writes them, in half points: the line
 * notation's canonical form and the state string's last field.
 */
static const struct {
	char		 text[6];
	unsigned char	 len, over, x, o;
} results[] = {
	{ "1-0", 3, 1, 2, 0 }, { "0-1", 3, 1, 0, 2 },
	{ "0-0", 3, 1, 0, 0 }, { "1/2-1", 5, 1, 1, 2 },
	{ "1-1/2", 5, 1, 2, 1 }, { "3/2-0", 5, 1, 3, 0 },
	{ "2-0", 3, 1, 4, 0 }, { "*", 1, 0, 0, 0 },
};

int
qttt_result_parse(const char *s, size_t n, struct qttt_result *r)
{
	size_t	 i, j;

	for (i = 0; i < sizeof(results) / sizeof(results[0]); i++) {
		if (n != results[i].len)
			continue;
		/* A few bytes: too few to call memcmp() for. */
		for (j = 0; j < n && s[j] == results[i].text[j]; j++)
			continue;
		if (j < n)
			continue;
		r->over = results[i].over;
		r->score[QTTT_X] = results[i].x;
		r->score[QTTT_O] = results[i].o;
		return 1;
	}
	return 0;
}

const char *
qttt_half_text(int h)
{
	static const char *const text[] = { "0", "1/2", "1", "3/2", "2" };

	return text[h >= 0 && h <= 4 ? h : 0];
}

char *
qttt_result_text(char *p, const struct qttt_result *r)
{
	const char	*s;

	if (!r->over || r->score[0] > 4 || r->score[1] > 4) {
		*p++ = '*';
		return p;
	}
	for (s = qttt_half_text(r->score[0]); *s != '\0'; s++)
		*p++ = *s;
	*p++ = '-';
	for (s = qttt_half_text(r->score[1]); *s != '\0'; s++)
		*p++ = *s;
	return p;
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
	return (x == 2 && o == 0) || (x == 0 && o == 2) ||
	    (x == 2 && o == 1) || (x == 1 && o == 2) ||
	    (x == 3 && o == 0) || (x == 4 && o == 0) || (x == 0 && o == 0);
}
