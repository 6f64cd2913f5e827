/*
 * The one runner for every unit test suite.  make check runs it once
 * per suite at a time (CK_RUN_SUITE=NAME tests/unit, which Check reads);
 * a suite of a new tests/check_NAME.c is added here and declared in
 * check_qttt.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check_qttt.h"

/*
 * A test's time limit only catches a hang: the slowest test takes some
 * seconds natively and less than a minute under the sanitizers on a
 * busy machine, so its limit, unless CK_DEFAULT_TIMEOUT says otherwise,
 * is ten minutes.  No test sets one of its own.
 */
#define HANG_TIMEOUT	"600"

int
sample_size(int quick, int full)
{
	const char	*s = getenv("QTTT_CHECK_FULL");

	return s != NULL && *s != '\0' && *s != '0' ? full : quick;
}

unsigned int
loop_profile(int i)
{
	unsigned int	 rules;
	size_t		 nswitches = 0;

	while (qttt_rules_switch(nswitches, &rules) != NULL)
		nswitches++;
	if ((size_t)i < nswitches)
		qttt_rules_switch((size_t)i, &rules);
	else
		ck_assert_ptr_nonnull(qttt_rules_preset((size_t)i - nswitches,
		    &rules));
	return rules;
}

void
profile_state(struct qttt_generator *gen, unsigned int rules, int from,
    struct qttt_state *st)
{
	struct qttt_action acts[QTTT_MAXACTIONS];
	size_t		 n;

	do {
		qttt_state_init(st);
		st->rules = rules;
		while ((n = qttt_state_actions(st, acts)) > 0 &&
		    (st->next < from || qttt_generator_uniform(gen, 3) != 0))
			ck_assert_int_eq(qttt_state_apply(st, &acts[
			    qttt_generator_uniform(gen, n)], NULL), QTTT_OK);
	} while (st->next < from);
}

int
main(void)
{
	SRunner	*sr;
	int	 failed, run;

	/* Check reads it as each test case is made. */
	if (setenv("CK_DEFAULT_TIMEOUT", HANG_TIMEOUT, 0) == -1) {
		perror("setenv");
		return EXIT_FAILURE;
	}
	sr = srunner_create(rules_suite());
	srunner_add_suite(sr, generate_suite());
	srunner_add_suite(sr, line_suite());
	srunner_add_suite(sr, yaml_suite());
	srunner_add_suite(sr, goff_suite());
	srunner_add_suite(sr, convert_suite());
	srunner_add_suite(sr, render_suite());
	srunner_add_suite(sr, layout_suite());
	srunner_add_suite(sr, state_suite());
	srunner_add_suite(sr, chunk_suite());
	srunner_add_suite(sr, symmetry_suite());
	srunner_add_suite(sr, solve_suite());
	srunner_add_suite(sr, perft_suite());
	srunner_add_suite(sr, features_suite());
	srunner_add_suite(sr, select_suite());
	srunner_add_suite(sr, stats_suite());
	srunner_add_suite(sr, annotate_suite());
	srunner_add_suite(sr, diag_suite());
	srunner_add_suite(sr, stream_suite());
	srunner_add_suite(sr, canonical_suite());
	srunner_add_suite(sr, qtp_suite());
	srunner_add_suite(sr, referee_suite());
	srunner_add_suite(sr, match_suite());
	srunner_add_suite(sr, web_suite());
	srunner_add_suite(sr, variation_suite());
	srunner_add_suite(sr, outfile_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	run = srunner_ntests_run(sr);
	srunner_free(sr);
	/* A suite, case or tag that names nothing is a mistake. */
	if (run == 0) {
		fprintf(stderr, "unit: no test ran (CK_RUN_SUITE, CK_RUN_CASE "
		    "or CK_INCLUDE_TAGS names none)\n");
		return EXIT_FAILURE;
	}
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
