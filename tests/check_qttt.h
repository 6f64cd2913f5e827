/*
 * The unit test suites, one per library module; tests/check_main.c runs
 * them all.
 */
#ifndef CHECK_QTTT_H
#define CHECK_QTTT_H

#include <check.h>

Suite	*rules_suite(void);
Suite	*generate_suite(void);
Suite	*line_suite(void);
Suite	*yaml_suite(void);
Suite	*goff_suite(void);
Suite	*convert_suite(void);
Suite	*render_suite(void);
Suite	*state_suite(void);

#endif /* !CHECK_QTTT_H */
