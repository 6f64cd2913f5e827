/*
 * The test-suite format's reader (formats/test-suite.md): each line of
 * the input is read as a suite's line.  An entry is written back in
 * canonical form, which must read back as the same entry and write
 * again as the same bytes; a line refused gets a diagnostic with its
 * code, a message and a column inside the line.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

static void
check_line(const char *s, size_t n)
{
	static struct qttt_suite_entry e, back;
	static char	 buf[8192], again[8192];
	struct qttt_diag d;
	size_t		 i;
	int		 k, w, w2;

	memset(&d, 0, sizeof(d));
	k = qttt_suite_parse(s, n, &e, &d);
	if (k == -1) {
		FUZZ_ASSERT(d.code > QTTT_OK && d.code < QTTT__NCODES,
		    "code %d", (int)d.code);
		FUZZ_ASSERT(d.msg[0] != '\0' &&
		    memchr(d.msg, '\0', sizeof(d.msg)) != NULL &&
		    strchr(d.msg, '\n') == NULL, "bad message");
		FUZZ_ASSERT(d.col <= n, "column %lu of %zu bytes", d.col, n);
		FUZZ_ASSERT(qttt_suite_parse(s, n, &e, NULL) == -1,
		    "another answer without a diag");
		return;
	}
	if (k == 0)
		return;
	FUZZ_ASSERT(e.nbest + e.navoid > 0, "an entry with no answer");
	for (i = 0; i < e.nbest; i++)
		FUZZ_ASSERT(qttt_state_legal(&e.state, &e.best[i], NULL) ==
		    QTTT_OK, "an illegal best action");
	w = qttt_suite_format(&e, buf, sizeof(buf));
	FUZZ_ASSERT(w >= 0 && (size_t)w < sizeof(buf), "'%.*s' cannot be "
	    "written back", (int)n, s);
	FUZZ_ASSERT(qttt_suite_parse(buf, (size_t)w, &back, &d) == 1,
	    "'%s' does not read back: %s", buf, d.msg);
	FUZZ_ASSERT(memcmp(&e, &back, sizeof(e)) == 0, "'%s' reads back as "
	    "another entry", buf);
	w2 = qttt_suite_format(&back, again, sizeof(again));
	FUZZ_ASSERT(w2 == w && memcmp(buf, again, (size_t)w) == 0,
	    "'%s' writes again as '%s'", buf, again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	fuzz_lines(data, n, check_line);
	return 0;
}
