/*
 * The unit test suites, one per library module; tests/check_main.c runs
 * them all.
 */
#ifndef CHECK_QTTT_H
#define CHECK_QTTT_H

#include <check.h>

Suite	*rules_suite(void);
Suite	*line_suite(void);
Suite	*render_suite(void);
Suite	*state_suite(void);

#endif /* !CHECK_QTTT_H */
