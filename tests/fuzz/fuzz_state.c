/*
 * The state-string parser.  A string that parses is a position the
 * rules can reach, it prints back as the same bytes (a state has one
 * string), and every legal action from it leads to a position whose
 * string parses back to it.  A string that does not parse gets a
 * QTTT_E_STATE diagnostic with a message and a column inside it.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

static void
check_string(const struct qttt_state *st)
{
	struct qttt_state back;
	char		 s[QTTT_STATE_MAX];
	int		 n;

	n = qttt_state_format(st, s, sizeof(s));
	FUZZ_ASSERT(n > 0 && (size_t)n < sizeof(s), "%d bytes", n);
	FUZZ_ASSERT(qttt_state_parse(s, n, &back, NULL) == QTTT_OK,
	    "'%s' does not parse", s);
	FUZZ_ASSERT(qttt_state_equal(st, &back), "'%s' parses to another "
	    "state", s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct qttt_state st, next;
	struct qttt_action acts[QTTT_MAXACTIONS];
	struct qttt_diag d;
	char		 s[QTTT_STATE_MAX];
	size_t		 nacts, i;
	int		 k;

	memset(&d, 0, sizeof(d));
	if (qttt_state_parse((const char *)data, n, &st, &d) != QTTT_OK) {
		FUZZ_ASSERT(d.code == QTTT_E_STATE, "code %s",
		    qttt_code_name(d.code));
		FUZZ_ASSERT(d.msg[0] != '\0' &&
		    memchr(d.msg, '\0', sizeof(d.msg)) != NULL &&
		    strchr(d.msg, '\n') == NULL, "bad message");
		FUZZ_ASSERT(d.col <= n, "column %lu of %zu bytes", d.col, n);
		/* And without a place for the diagnostic. */
		FUZZ_ASSERT(qttt_state_parse((const char *)data, n, &st,
		    NULL) != QTTT_OK, "parses without a diag");
		return 0;
	}
	FUZZ_ASSERT(qttt_state_check(&st, NULL) == QTTT_OK,
	    "a parsed state fails qttt_state_check");
	k = qttt_state_format(&st, s, sizeof(s));
	FUZZ_ASSERT((size_t)k == n && memcmp(s, data, n) == 0,
	    "'%.*s' prints back as '%s'", (int)n, (const char *)data, s);
	nacts = qttt_state_actions(&st, acts);
	for (i = 0; i < nacts; i++) {
		next = st;
		FUZZ_ASSERT(qttt_state_apply(&next, &acts[i], NULL) ==
		    QTTT_OK, "listed action %zu refused", i);
		FUZZ_ASSERT(qttt_state_check(&next, NULL) == QTTT_OK,
		    "action %zu leads to a bad state", i);
		check_string(&next);
	}
	return 0;
}
