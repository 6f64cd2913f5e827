/*
 * The state string alone, as OSS-Fuzz fuzzes a parser: the input as
 * one string to qttt_state_parse(), and read whole as a stream of
 * states (lines of state strings and of qttt-replay's JSON Lines),
 * every record played and checked (fuzz_parse_all(), fuzz.h).  A string
 * that parses prints back as the same bytes; one that does not gets a
 * bad-state diagnostic at a column inside it.  fuzz_state adds the
 * actions from every position and the positions written back; this
 * one is the fast one, on short inputs (parse_state.options).
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct qttt_state st;
	struct qttt_diag d;
	char		 s[QTTT_STATE_MAX];
	int		 k;

	memset(&d, 0, sizeof(d));
	if (qttt_state_parse((const char *)data, n, &st, &d) == QTTT_OK) {
		k = qttt_state_format(&st, s, sizeof(s));
		FUZZ_ASSERT((size_t)k == n && memcmp(s, data, n) == 0,
		    "'%.*s' prints back as '%s'", (int)n,
		    (const char *)data, s);
	} else
		FUZZ_ASSERT(d.code == QTTT_E_STATE && d.msg[0] != '\0' &&
		    memchr(d.msg, '\0', sizeof(d.msg)) != NULL &&
		    strchr(d.msg, '\n') == NULL && d.col <= n,
		    "%s at column %lu of %zu bytes: '%s'",
		    qttt_code_name(d.code), d.col, n, d.msg);
	fuzz_parse_all(data, n, QTTT_FORMAT_STATE);
	return 0;
}
