/*
 * The verdicts of qttt-match -c and -x as TAP (the Test Anything
 * Protocol): "ok N - what" or "not ok N - what: why", so that a test
 * harness reads an engine's compliance checks and its score on a test
 * suite as it reads any test's.
 */
#include <stdio.h>

#include "qttt.h"

/*
 * Text in a TAP test line, with \ and # escaped: an id or a reason
 * that holds "# TODO" or "# SKIP" would otherwise be read as a
 * directive, and a failure counted as a pass.
 */
static void
tap_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\' || *s == '#')
			putc('\\', f);
		putc(*s, f);
	}
}

static void
tap_line(FILE *f, int ok, unsigned long n, const char *what)
{
	fprintf(f, "%sok %lu - ", ok ? "" : "not ", n);
	tap_text(f, what);
}

size_t
qttt_check_tap(FILE *f, const struct qttt_check *c, size_t engine,
    const char *command)
{
	const char	*name, *why;
	size_t		 k, n = qttt_check_count(c), failed = 0;
	int		 r;

	fprintf(f, "# engine %zu: %s\n1..%zu\n", engine + 1, command, n);
	for (k = 0; k < n; k++) {
		r = qttt_check_result(c, k, &name, &why);
		tap_line(f, r == 1, (unsigned long)k + 1, name);
		if (why[0] != '\0') {
			fputs(": ", f);
			tap_text(f, why);
		}
		putc('\n', f);
		if (r != 1)
			failed++;
	}
	fprintf(f, "# %zu of %zu passed\n", n - failed, n);
	return failed;
}

int
qttt_suite_tap(FILE *f, unsigned long n, const struct qttt_suite_entry *e,
    const struct qttt_action *played, const char *why)
{
	const struct qttt_action *list;
	char		 b[32];
	size_t		 k, count;

	if (played == NULL) {
		tap_line(f, 0, n, e->id);
		fputs(": ", f);
		tap_text(f, why);
		putc('\n', f);
		return 0;
	}
	if (qttt_suite_solved(e, played)) {
		tap_line(f, 1, n, e->id);
		putc('\n', f);
		return 1;
	}
	tap_line(f, 0, n, e->id);
	qttt_action_format(played, b, sizeof(b));
	fprintf(f, ": played %s; %s", b, e->nbest > 0 ? "best" : "avoid");
	list = e->nbest > 0 ? e->best : e->avoid;
	count = e->nbest > 0 ? e->nbest : e->navoid;
	for (k = 0; k < count; k++) {
		qttt_action_format(&list[k], b, sizeof(b));
		fprintf(f, "%s %s", k > 0 ? "," : "", b);
	}
	putc('\n', f);
	return 0;
}
