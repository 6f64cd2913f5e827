/*
 * qttt-select's patterns of squares, parsed alone, as OSS-Fuzz fuzzes
 * a parser: the input (up to its first NUL) to qttt_pattern_parse()
 * and, as -p gives it, to qttt_criteria_add().  A pattern that parses
 * names each square once at most with what it must hold, writes back
 * as a string that parses to the same pattern, and is met by a state
 * that holds what it asks (and not by one that holds the opposite); a
 * string that does not parse gets a bad-square or syntax diagnostic
 * at a column inside it, and the same from the criteria.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

/* The longest string looked at: past every pattern (9 squares). */
#define MAXLEN	4096

static void
check_diag(const struct qttt_diag *d, size_t n)
{
	FUZZ_ASSERT((d->code == QTTT_E_SQUARE || d->code == QTTT_E_SYNTAX) &&
	    d->msg[0] != '\0' && memchr(d->msg, '\0', sizeof(d->msg)) !=
	    NULL && strchr(d->msg, '\n') == NULL && d->col <= n,
	    "%s at column %lu of %zu bytes: '%s'", qttt_code_name(d->code),
	    d->col, n, d->msg);
}

/* The pattern written back, squares in reading order. */
static void
check_back(const struct qttt_pattern *p)
{
	static const char letter[] = { 0, 'X', 'O', '.' };
	struct qttt_pattern back;
	char		 s[64], *q = s;
	int		 sq;

	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		FUZZ_ASSERT(p->want[sq] <= QTTT_WANT_OPEN, "want %d",
		    p->want[sq]);
		if (p->want[sq] == QTTT_WANT_ANY)
			continue;
		if (q > s)
			*q++ = ',';
		memcpy(q, qttt_square_name(sq), 2);
		q[2] = '=';
		q[3] = letter[p->want[sq]];
		q += 4;
	}
	*q = '\0';
	FUZZ_ASSERT(q > s, "a pattern that names no square");
	FUZZ_ASSERT(qttt_pattern_parse(s, &back, NULL) == 0 &&
	    memcmp(&back, p, sizeof(back)) == 0, "'%s' reads back as "
	    "another pattern", s);
}

/*
 * The board that holds what p asks (X1 for X, O2 for O) and the one
 * that holds the opposite where p names a square.  (A pattern looks at
 * the board alone, so these need not be positions the rules reach.)
 */
static void
check_match(const struct qttt_pattern *p)
{
	struct qttt_state yes, no;
	int		 sq;

	qttt_state_init(&yes);
	qttt_state_init(&no);
	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		yes.board[sq] = p->want[sq] == QTTT_WANT_X ? 1 :
		    p->want[sq] == QTTT_WANT_O ? 2 : 0;
		no.board[sq] = p->want[sq] == QTTT_WANT_OPEN ||
		    p->want[sq] == QTTT_WANT_O ? 1 :
		    p->want[sq] == QTTT_WANT_X ? 2 : 0;
	}
	FUZZ_ASSERT(qttt_pattern_match(p, &yes), "not met where it holds");
	FUZZ_ASSERT(!qttt_pattern_match(p, &no), "met where it fails");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct qttt_criteria c;
	struct qttt_pattern p;
	struct qttt_diag d, dc;
	char		 s[MAXLEN + 1];
	int		 k;

	if (n > MAXLEN)
		n = MAXLEN;
	memcpy(s, data, n);
	s[n] = '\0';
	n = strlen(s);
	memset(&d, 0, sizeof(d));
	k = qttt_pattern_parse(s, &p, &d);
	qttt_criteria_init(&c);
	FUZZ_ASSERT(qttt_criteria_add(&c, QTTT_CRIT_PATTERN, s, &dc) == k,
	    "the criteria and the pattern disagree");
	if (k == 0) {
		FUZZ_ASSERT(c.npatterns == 1 && memcmp(&c.pattern[0], &p,
		    sizeof(p)) == 0, "the criteria hold another pattern");
		check_back(&p);
		check_match(&p);
		return 0;
	}
	FUZZ_ASSERT(k == -1, "returned %d", k);
	check_diag(&d, n);
	FUZZ_ASSERT(dc.code == d.code && dc.col == d.col &&
	    strcmp(dc.msg, d.msg) == 0, "another diagnostic from the "
	    "criteria");
	FUZZ_ASSERT(c.given == 0 && c.npatterns == 0, "a pattern kept");
	FUZZ_ASSERT(qttt_pattern_parse(s, &p, NULL) == -1, "parses without "
	    "a place for the diagnostic");
	return 0;
}
