/*
 * Two rule profiles on one record: where they first disagree (a move
 * one allows and the other refuses, who measures, whether the game is
 * over, its result, the stated result), so that a user sees why a
 * record passes under one profile and fails under the other.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"

static void	say(struct qttt_rules_diff *, const char *, ...)
		    QTTT_PRINTF(2, 3);

/* d's message, cut to its size (profiles' names may be long). */
static void
say(struct qttt_rules_diff *d, const char *fmt, ...)
{
	va_list	 ap;
	int	 n = 0;

	if (d->what != QTTT_RULES_AGREE)
		n = snprintf(d->msg, sizeof(d->msg), "ply %zu: ", d->ply);
	va_start(ap, fmt);
	vsnprintf(d->msg + n, sizeof(d->msg) - n, fmt, ap);
	va_end(ap);
}

/* Where item i of rec is, into d. */
static void
at_item(const struct qttt_record *rec, size_t i,
    struct qttt_rules_diff *d)
{
	d->item = i;
	if (i < rec->nitems) {
		d->line = rec->items[i].line;
		d->col = rec->items[i].col;
	} else {
		d->line = rec->line;
		d->col = 0;
	}
}

static const char *
result_text(const struct qttt_result *r, char *buf)
{
	qttt_result_format(r, buf, RESULT_TEXT_MAX + 1);
	return buf;
}

/*
 * Whether the player to measure a pending cycle differs (measurer=
 * closer): the message in d if so.
 */
static int
measurer_differs(const struct qttt_state s[2],
    char name[2][QTTT_RULES_NAME_MAX], struct qttt_rules_diff *d)
{
	enum qttt_player p0, p1;
	int		 m = s[0].pending;

	if (m == 0 || s[0].result.over || s[1].result.over)
		return 0;
	if ((p0 = qttt_state_turn(&s[0])) == (p1 = qttt_state_turn(&s[1])))
		return 0;
	d->what = QTTT_RULES_DIFFER_MEASURER;
	say(d, "the cycle closed by %c%d: %c "
	    "measures it under %s, %c under %s", QTTT_LETTER(m), m,
	    QTTT_PLAYER_LETTER(p0), name[0], QTTT_PLAYER_LETTER(p1),
	    name[1]);
	return 1;
}

int
qttt_rules_compare(const struct qttt_record *rec, unsigned int a,
    unsigned int b, struct qttt_rules_diff *d)
{
	const struct qttt_item *it;
	struct qttt_state s[2];
	struct qttt_diag why[2];
	enum qttt_code	 code[2];
	char		 name[2][QTTT_RULES_NAME_MAX], act[ACTION_TEXT_MAX + 1];
	char		 r0[RESULT_TEXT_MAX + 1], r1[RESULT_TEXT_MAX + 1];
	size_t		 i;
	int		 k, stated = 0;
	enum qttt_code	 refused = QTTT_OK;

	memset(d, 0, sizeof(*d));
	d->what = QTTT_RULES_AGREE;
	if (rec->has_start)
		s[0] = rec->start;
	else
		qttt_state_init(&s[0]);
	s[1] = s[0];
	s[0].rules = a;
	s[1].rules = b;
	qttt_rules_format(a, name[0], sizeof(name[0]));
	qttt_rules_format(b, name[1], sizeof(name[1]));
	at_item(rec, rec->nitems, d);
	for (i = 0; i < rec->nitems; i++) {
		it = &rec->items[i];
		d->ply = i + 1;
		at_item(rec, i, d);
		if (it->kind == QTTT_ITEM_RESULT) {
			if (qttt_result_equal(&it->result, &s[0].result) ==
			    qttt_result_equal(&it->result, &s[1].result)) {
				stated = qttt_result_equal(&it->result,
				    &s[0].result) ? 1 : -1;
				i = rec->nitems;
				break;
			}
			k = qttt_result_equal(&it->result, &s[0].result) ? 0 :
			    1;
			d->what = QTTT_RULES_DIFFER_STATED;
			d->ply = i;
			say(d, "the stated result "
			    "%s is the game's under %s, not under %s (%s)",
			    result_text(&it->result, r0), name[k],
			    name[1 - k], s[1 - k].result.over ?
			    result_text(&s[1 - k].result, r1) :
			    "not over");
			return 1;
		}
		*qttt__engine_action_text(act, &it->action) = '\0';
		if (measurer_differs(s, name, d))
			return 1;
		for (k = 0; k < 2; k++)
			code[k] = qttt_state_legal(&s[k], &it->action,
			    &why[k]);
		if ((code[0] == QTTT_OK) != (code[1] == QTTT_OK)) {
			k = code[0] == QTTT_OK ? 1 : 0;
			d->what = QTTT_RULES_DIFFER_LEGAL;
			say(d, "%s allows %s, %s "
			    "refuses it (%s): %s", name[1 - k], act, name[k],
			    qttt_code_name(code[k]), why[k].msg);
			return 1;
		}
		/* Refused by both: neither goes further. */
		if (code[0] != QTTT_OK) {
			refused = code[0];
			break;
		}
		for (k = 0; k < 2; k++)
			qttt_state_apply(&s[k], &it->action, NULL);
		if (s[0].result.over != s[1].result.over) {
			k = s[0].result.over ? 0 : 1;
			d->what = QTTT_RULES_DIFFER_OVER;
			say(d, "after %s the game is "
			    "over under %s (%s), not under %s", act, name[k],
			    result_text(&s[k].result, r0), name[1 - k]);
			return 1;
		}
		if (s[0].result.over &&
		    !qttt_result_equal(&s[0].result, &s[1].result)) {
			d->what = QTTT_RULES_DIFFER_RESULT;
			say(d, "after %s the game "
			    "ends %s under %s, %s under %s", act,
			    result_text(&s[0].result, r0), name[0],
			    result_text(&s[1].result, r1), name[1]);
			return 1;
		}
	}
	/* A record that stops with a cycle to measure. */
	if (i == rec->nitems && stated == 0) {
		d->ply = i + 1;
		at_item(rec, i > 0 ? i - 1 : i, d);
		if (measurer_differs(s, name, d))
			return 1;
	}
	d->what = QTTT_RULES_AGREE;
	d->ply = 0;
	at_item(rec, i, d);
	d->invalid = i < rec->nitems || stated < 0;
	if (i < rec->nitems)
		say(d, "%s and %s agree up to ply %zu, which both refuse (%s)",
		    name[0], name[1], i + 1, qttt_code_name(refused));
	else if (stated < 0)
		say(d, "%s and %s agree on the whole game, whose stated "
		    "result is neither's: both give %s", name[0], name[1],
		    s[0].result.over ? result_text(&s[0].result, r0) :
		    "a game not over");
	else
		say(d, "%s and %s agree on %s", name[0], name[1],
		    rec->damaged ? "the game up to its first syntax error" :
		    "the whole game");
	return 0;
}

void
qttt_rules_diff_diag(const struct qttt_rules_diff *diff,
    struct qttt_diag *d)
{
	memset(d, 0, sizeof(*d));
	d->code = QTTT_N_DIFFER;
	d->severity = qttt_code_severity(QTTT_N_DIFFER);
	d->line = diff->line;
	d->col = diff->col;
	memcpy(d->msg, diff->msg, sizeof(d->msg));
}
