/*
 * Numbers and ranges of numbers, as a user writes them in an option:
 * "3", "2-5", "10-", "-4", and comma lists of them ("1,4-6").  Every
 * tool's -g (game numbers) and qttt-select's lengths (-M, -P, -m).
 * Also the error helpers the parsers of this layer share.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "collection/collection.h"

int
qttt__collection_error(struct qttt_diag *d, enum qttt_code code,
    size_t col, const char *fmt, ...)
{
	va_list	 ap;

	if (d == NULL)
		return -1;
	memset(d, 0, sizeof(*d));
	d->code = code;
	d->severity = qttt_code_severity(code);
	d->col = col;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	return -1;
}

char *
qttt__collection_char(const char *s, char buf[8])
{
	unsigned char	 c = *s;

	if (c > 0x20 && c < 0x7f)
		snprintf(buf, 8, "'%c'", c);
	else
		snprintf(buf, 8, "\\x%02x", c);
	return buf;
}

int
qttt__collection_list_next(const char *s, size_t *i, struct qttt_diag *d)
{
	char	 c[8];

	if (s[*i] == '\0')
		return 1;
	if (s[*i] != ',')
		return qttt__collection_error(d, QTTT_E_SYNTAX, *i,
		    "%s where ',' or the end was expected",
		    qttt__collection_char(s + *i, c));
	(*i)++;
	return 0;
}

/*
 * Reads the number at s[*i] (digits only) into *v and moves *i past
 * it.  Returns 0, or -1 with d filled in.
 */
static int
number(const char *s, size_t *i, unsigned long min, uint64_t *v,
    struct qttt_diag *d)
{
	size_t		 start = *i;
	unsigned long long n = 0;
	char		 c[8];

	if (s[*i] < '0' || s[*i] > '9')
		return qttt__collection_error(d, QTTT_E_SYNTAX, *i, "%s where "
		    "a number was expected", s[*i] == '\0' ? "the end" :
		    qttt__collection_char(s + *i, c));
	for (; s[*i] >= '0' && s[*i] <= '9'; (*i)++) {
		n = n * 10 + (s[*i] - '0');
		if (n > QTTT_RANGE_MAX)
			return qttt__collection_error(d, QTTT_E_SYNTAX, start,
			    "a number larger than %llu",
			    (unsigned long long)QTTT_RANGE_MAX);
	}
	if (n < min)
		return qttt__collection_error(d, QTTT_E_SYNTAX, start, "%llu "
		    "is below %lu, the first number", n, min);
	*v = n;
	return 0;
}

int
qttt_ranges_parse(const char *s, unsigned long min, struct qttt_ranges *r,
    struct qttt_diag *d)
{
	struct qttt_ranges out;
	size_t		 i = 0, start;
	int		 k;

	out.n = 0;
	for (;;) {
		start = i;
		if (out.n == QTTT_MAXRANGES)
			return qttt__collection_error(d, QTTT_E_SYNTAX, i,
			    "more than %d numbers and ranges", QTTT_MAXRANGES);
		if (s[i] == ',' || s[i] == '\0')
			return qttt__collection_error(d, QTTT_E_SYNTAX, i,
			    "an empty item: a number or a range was expected");
		/* "-4": from the first number. */
		out.lo[out.n] = min;
		if (s[i] != '-' && number(s, &i, min, &out.lo[out.n], d) == -1)
			return -1;
		out.hi[out.n] = out.lo[out.n];
		if (s[i] == '-') {
			i++;
			/* "10-": to the last. */
			if (s[i] == ',' || s[i] == '\0') {
				if (i == start + 1)
					return qttt__collection_error(d,
					    QTTT_E_SYNTAX, start, "a range "
					    "needs a number at one end");
				out.hi[out.n] = QTTT_RANGE_END;
			} else if (number(s, &i, min, &out.hi[out.n], d) == -1)
				return -1;
			if (out.hi[out.n] < out.lo[out.n])
				return qttt__collection_error(d, QTTT_E_SYNTAX,
				    start, "%.*s ends before it starts",
				    (int)(i - start), s + start);
		}
		out.n++;
		if ((k = qttt__collection_list_next(s, &i, d)) != 0)
			break;
	}
	if (k == 1)
		*r = out;
	return k == 1 ? 0 : -1;
}

int
qttt_ranges_has(const struct qttt_ranges *r, uint64_t v)
{
	size_t	 i;

	for (i = 0; i < r->n; i++)
		if (v >= r->lo[i] && v <= r->hi[i])
			return 1;
	return 0;
}

uint64_t
qttt_ranges_last(const struct qttt_ranges *r)
{
	uint64_t	 last = 0;
	size_t		 i;

	for (i = 0; i < r->n; i++)
		if (r->hi[i] > last)
			last = r->hi[i];
	return last;
}

int
qttt_ranges_past(const struct qttt_ranges *r, const struct qttt_record *rec)
{
	/*
	 * In a stream of states, which may number its states by their
	 * games (formats/state-string.md), several records have one
	 * number.
	 */
	return rec->format != QTTT_FORMAT_STATE &&
	    rec->index >= qttt_ranges_last(r);
}

/* The decimal digits from s to end (NULL: to the NUL), a ply count. */
static int
ply_number(const char *s, const char *end, long *v)
{
	long	 n = 0;

	if (s == end || *s == '\0')
		return -1;
	for (; s != end && *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || (n = n * 10 + (*s - '0')) >
		    QTTT_MAXPLIES)
			return -1;
	}
	*v = n;
	return 0;
}

int
qttt_plies_parse(const char *s, long *from, long *to, int *path,
    struct qttt_diag *d)
{
	const char	*dash = strchr(s, '-');
	long		 a, b;
	size_t		 v, n;

	/* A path: its text checked here, read against each record. */
	if (strchr(s, '.') != NULL) {
		if (qttt_record_path(NULL, s, strlen(s), &v, &n, d) == -1)
			return -1;
		*path = 1;
		*from = *to = 0;
		return 0;
	}
	if (ply_number(s, dash, &a) == -1)
		return qttt__collection_error(d, QTTT_E_SYNTAX, 0, "not a "
		    "number of plies, 0 to %d", QTTT_MAXPLIES);
	if (dash == NULL)
		b = a;
	else if (ply_number(dash + 1, NULL, &b) == -1 || b < a)
		return qttt__collection_error(d, QTTT_E_SYNTAX,
		    (size_t)(dash + 1 - s), "not a number of plies from %ld "
		    "to %d", a, QTTT_MAXPLIES);
	*path = 0;
	*from = a;
	*to = b;
	return 0;
}
