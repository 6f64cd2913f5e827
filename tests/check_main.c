/*
 * The one runner for every unit test suite.
 */
#include <stdlib.h>

#include "check_qttt.h"

int
main(void)
{
	SRunner	*sr;
	int	 failed;

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
	srunner_add_suite(sr, annotate_suite());
	srunner_add_suite(sr, web_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
