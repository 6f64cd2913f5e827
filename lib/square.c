/*
 * Names of squares and the written form of results.
 */
#include <stdio.h>

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

/* Half points as the line notation writes them. */
static const char *const halves[] = { "0", "1/2", "1", "3/2", "2" };

int
qttt_result_format(const struct qttt_result *r, char *buf, size_t n)
{
	if (!r->over || r->score[0] > 4 || r->score[1] > 4)
		return snprintf(buf, n, "*");
	return snprintf(buf, n, "%s-%s", halves[r->score[0]],
	    halves[r->score[1]]);
}

int
qttt_result_possible(int x, int o)
{
	/* 1-0 0-1 1-1/2 1/2-1 3/2-0 2-0 0-0, in half points (rule 11). */
	return (x == 2 && o == 0) || (x == 0 && o == 2) ||
	    (x == 2 && o == 1) || (x == 1 && o == 2) ||
	    (x == 3 && o == 0) || (x == 4 && o == 0) || (x == 0 && o == 0);
}
