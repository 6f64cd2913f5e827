/*
 * Game numbers and ranges, parsed alone, as OSS-Fuzz fuzzes a parser:
 * every tool's -g (qttt_ranges_parse() from 1) and qttt-select's
 * lengths (from 0).  The first byte's low bit picks the first number;
 * the rest, up to a NUL, is the list.  A list that parses holds each of
 * its ranges and nothing below the first number, and writes back as a
 * list that parses to the same; one that does not gets a syntax
 * diagnostic at a column inside it, and leaves the ranges unchanged.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

/* The longest list looked at: 32 ranges of the longest numbers fit. */
#define MAXLEN	4096

/* The ranges written back, each as "lo-hi" or "lo-". */
static void
check_back(const struct qttt_ranges *r, unsigned long min)
{
	struct qttt_ranges back;
	char		 s[QTTT_MAXRANGES * 64], *q = s;
	size_t		 i;

	for (i = 0; i < r->n; i++) {
		if (r->hi[i] == QTTT_RANGE_END)
			q += sprintf(q, "%s%" PRIu64 "-", i > 0 ? "," : "",
			    r->lo[i]);
		else
			q += sprintf(q, "%s%" PRIu64 "-%" PRIu64,
			    i > 0 ? "," : "", r->lo[i], r->hi[i]);
	}
	FUZZ_ASSERT(qttt_ranges_parse(s, min, &back, NULL) == 0 &&
	    back.n == r->n && memcmp(back.lo, r->lo, r->n * sizeof(r->lo[0]))
	    == 0 && memcmp(back.hi, r->hi, r->n * sizeof(r->hi[0])) == 0,
	    "'%s' reads back as other ranges", s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct qttt_ranges r, before;
	struct qttt_diag d;
	char		 s[MAXLEN + 1];
	unsigned long	 min;
	uint64_t	 last = 0;
	size_t		 i;

	if (n == 0)
		return 0;
	min = data[0] & 1;
	n = n - 1 > MAXLEN ? MAXLEN : n - 1;
	memcpy(s, data + 1, n);
	s[n] = '\0';
	n = strlen(s);
	memset(&d, 0, sizeof(d));
	memset(&r, 0x5a, sizeof(r));
	before = r;
	if (qttt_ranges_parse(s, min, &r, &d) == -1) {
		FUZZ_ASSERT(d.code == QTTT_E_SYNTAX && d.msg[0] != '\0' &&
		    memchr(d.msg, '\0', sizeof(d.msg)) != NULL &&
		    strchr(d.msg, '\n') == NULL && d.col <= n,
		    "%s at column %lu of %zu bytes: '%s'",
		    qttt_code_name(d.code), d.col, n, d.msg);
		FUZZ_ASSERT(memcmp(&r, &before, sizeof(r)) == 0,
		    "changed by a list that does not parse");
		return 0;
	}
	FUZZ_ASSERT(r.n >= 1 && r.n <= QTTT_MAXRANGES, "%zu ranges", r.n);
	for (i = 0; i < r.n; i++) {
		FUZZ_ASSERT(r.lo[i] >= min && r.lo[i] <= r.hi[i] &&
		    (r.hi[i] <= QTTT_RANGE_MAX || r.hi[i] == QTTT_RANGE_END),
		    "range %zu: %" PRIu64 " to %" PRIu64, i, r.lo[i],
		    r.hi[i]);
		FUZZ_ASSERT(qttt_ranges_has(&r, r.lo[i]) &&
		    qttt_ranges_has(&r, r.hi[i]), "range %zu not held", i);
		if (r.hi[i] > last)
			last = r.hi[i];
	}
	FUZZ_ASSERT(qttt_ranges_last(&r) == last, "the last number");
	FUZZ_ASSERT(min == 0 || !qttt_ranges_has(&r, 0), "0 held from 1");
	check_back(&r, min);
	return 0;
}
