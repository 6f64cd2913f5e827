/*
 * The names of the squares.
 */
#include "qttt.h"

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
