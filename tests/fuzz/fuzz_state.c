/*
 * The state-string parser.  A string that parses is a position the
 * rules can reach, it prints back as the same bytes (a state has one
 * string), and every legal action from it leads to a position whose
 * string parses back to it.  A string that does not parse gets a
 * QTTT_E_STATE diagnostic with a message and a column inside it.
 * The input is also read whole as a stream of states (and with format
 * detection); see fuzz.h for what is checked of every record.
 */
#include <string.h>
#include <unistd.h>

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

/*
 * A position read from a line prints as a state string that the
 * reader reads back, alone on a line, as the same position.
 */
static void
valid(const struct qttt_record *rec, const struct qttt_game *g)
{
	static struct qttt_record back;
	struct qttt_reader *r;
	char		 s[QTTT_STATE_MAX + 1];
	int		 fd, len;

	(void)rec;
	len = qttt_state_format(&g->state, s, sizeof(s));
	s[len++] = '\n';
	fd = fuzz_fd((const uint8_t *)s, len);
	FUZZ_ASSERT((r = qttt_reader_open(fd, QTTT_FORMAT_AUTO)) != NULL,
	    "out of memory");
	FUZZ_ASSERT(qttt_reader_next(r, &back) == 1 && back.has_start &&
	    back.ndiags == 0 && qttt_state_equal(&back.start, &g->state),
	    "'%.*s' does not read back", len - 1, s);
	FUZZ_ASSERT(qttt_reader_format(r) == QTTT_FORMAT_STATE,
	    "'%.*s' not detected as a state", len - 1, s);
	FUZZ_ASSERT(qttt_reader_next(r, &back) == 0, "more than one line");
	qttt_reader_close(r);
	fuzz_fd_release(fd);
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

	fuzz_read_all(data, n, QTTT_FORMAT_STATE, valid);
	fuzz_read_all(data, n, QTTT_FORMAT_AUTO, NULL);

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
