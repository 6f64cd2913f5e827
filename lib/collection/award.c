/*
 * A result awarded, checked: an adjudicated record's result must be the
 * solver's value of its final position under the record's profile
 * (formats/line-notation.md, "Forfeits and adjudications").  The
 * notation layer accepts any result of the profile for it, since it
 * may not use the solver; this is the step above both.
 */
#include <string.h>

#include "qttt.h"

enum qttt_code
qttt_record_check_award(struct qttt_solver *solver, struct qttt_record *rec)
{
	const struct qttt_state *st = &rec->awarded_at;
	struct qttt_result r;
	const struct qttt_item *it;
	char		 stated[8], value[8], name[QTTT_RULES_NAME_MAX];
	int		 v;

	memset(&r, 0, sizeof(r));
	if (rec->termination != QTTT_TERM_ADJUDICATION ||
	    !rec->awarded.over || rec->nerrors > 0 || rec->nitems == 0)
		return QTTT_OK;
	it = &rec->items[rec->nitems - 1];
	if (qttt_solver_value(solver, st, &v, NULL) == QTTT_OK &&
	    qttt_solver_result(st->rules, v, &r) == 0 &&
	    qttt_result_equal(&r, &rec->awarded))
		return QTTT_OK;
	qttt_result_format(&rec->awarded, stated, sizeof(stated));
	/* Not awarded: written again (qttt-validate -r), it is "*". */
	rec->awarded.over = 0;
	qttt_result_format(&r, value, sizeof(value));
	qttt_rules_format(st->rules, name, sizeof(name));
	qttt_record_diag(rec, QTTT_E_RESULT, it->line, it->col, "the record "
	    "states %s by adjudication, but perfect play from the last "
	    "position gives %s under %s", stated, value, name);
	return QTTT_E_RESULT;
}
