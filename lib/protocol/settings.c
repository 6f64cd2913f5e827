/*
 * A match's settings as a user writes them (qttt-match(1)): the SPRT's
 * bounds, an adjudication, and the time control's name in the records
 * and the report.  Parsed here, so that every runner reads them alike.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

int
qttt_sprt_parse(const char *s, struct qttt_sprt *t)
{
	double	 v[4];
	char	*end;
	int	 i;

	for (i = 0; i < 4; i++) {
		errno = 0;
		v[i] = strtod(s, &end);
		if (end == s || errno != 0 || *end != (i < 3 ? ',' : '\0'))
			return -1;
		s = end + 1;
	}
	if (!(v[0] < v[1]) || !(v[2] > 0 && v[2] < 1) ||
	    !(v[3] > 0 && v[3] < 1) || v[0] < -1000 || v[1] > 1000)
		return -1;
	memset(t, 0, sizeof(*t));
	t->elo0 = v[0];
	t->elo1 = v[1];
	t->alpha = v[2];
	t->beta = v[3];
	return 0;
}

int
qttt_adjudication_parse(const char *s, enum qttt_adjudication *a,
    unsigned int *plies)
{
	unsigned long	 v;
	char		*end;

	if (strcmp(s, "settled") == 0) {
		*a = QTTT_ADJ_SETTLED;
		return 0;
	}
	/* Digits only: no sign, no blank, no base. */
	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > QTTT_MAXPLIES)
		return -1;
	*a = QTTT_ADJ_PLIES;
	*plies = (unsigned int)v;
	return 0;
}

void
qttt_timecontrol_format(const char *clock, long long movetime, char *buf,
    size_t n)
{
	if (n == 0)
		return;
	buf[0] = '\0';
	if (clock != NULL && movetime > 0)
		snprintf(buf, n, "%s, movetime %lld", clock, movetime);
	else if (clock != NULL)
		snprintf(buf, n, "%s", clock);
	else if (movetime > 0)
		snprintf(buf, n, "movetime %lld", movetime);
}
