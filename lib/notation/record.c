/*
 * Records: games as read, with the position of every item, played
 * through the rules engine with positioned diagnostics.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"

void
qttt_record_clear(struct qttt_record *rec)
{
	rec->line = 0;
	rec->nitems = 0;
	rec->damaged = 0;
	rec->ndiags = 0;
	rec->ndropped = 0;
	rec->nerrors = 0;
	rec->text = NULL;
	rec->textlen = 0;
	rec->textflags = 0;
	rec->nmeta = 0;
	rec->meta = NULL;
	rec->comment = NULL;
	rec->commentlen = 0;
	rec->has_start = 0;
	rec->game = 0;
	rec->ply = -1;
	rec->file = NULL;
	rec->filelen = 0;
	rec->lead = NULL;
	rec->leadlen = 0;
	rec->leadcut = 0;
	rec->ntags = 0;
	rec->tagtextlen = 0;
}

static struct qttt_diag *
record_slot(struct qttt_record *rec)
{
	if (rec->ndiags == QTTT_MAXDIAGS) {
		rec->ndropped++;
		return NULL;
	}
	return &rec->diags[rec->ndiags++];
}

void
qttt_record_diag(struct qttt_record *rec, enum qttt_code code,
    unsigned long line, unsigned long col, const char *fmt, ...)
{
	struct qttt_diag *d;
	va_list		 ap;

	if (qttt_code_severity(code) == QTTT_ERROR)
		rec->nerrors++;
	if ((d = record_slot(rec)) == NULL)
		return;
	d->code = code;
	d->severity = qttt_code_severity(code);
	d->line = line;
	d->col = col;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
}

/* Where a rule diagnostic points: the square at fault, else the item. */
static unsigned long
rule_column(const struct qttt_item *it, enum qttt_code code,
    const struct qttt_state *st)
{
	int	 i;

	switch (code) {
	case QTTT_E_CLASSICAL:
	case QTTT_E_FORCED:	/* at a square that is not the open one */
		for (i = 0; i < 2; i++)
			if (it->action.sq[i] < QTTT_NSQUARES &&
			    st->board[it->action.sq[i]] != 0)
				return it->sqcol[i];
		break;
	case QTTT_E_NOTITSQUARE:
		return it->sqcol[0];
	case QTTT_E_SAMESQUARE:
		return it->sqcol[1];
	default:
		break;
	}
	return it->col;
}

/*
 * Plays item i of a record with the game's state in play in e, and
 * g->state left for the caller (qttt__engine_game_play); with g NULL,
 * no ply is kept.  For an action: applies it, adding a positioned
 * diagnostic on error.  For a result: compares it with the game's.
 * Returns QTTT_OK or the code of the diagnostic.
 */
static enum qttt_code
step(struct qttt_record *rec, size_t i, struct qttt_game *g,
    struct engine *e)
{
	struct qttt_item *it = &rec->items[i];
	struct qttt_diag *d, scratch;
	const struct qttt_result *have = &e->st.result;
	enum qttt_code	 code;
	char		 want[8], got[8];

	if (it->kind == QTTT_ITEM_RESULT) {
		if (qttt_result_equal(&it->result, have))
			return QTTT_OK;
		qttt_result_format(&it->result, want, sizeof(want));
		qttt_result_format(have, got, sizeof(got));
		if (!have->over)
			qttt_record_diag(rec, QTTT_E_RESULT, it->line, it->col,
			    "the record states %s, but the game is not over",
			    want);
		else
			qttt_record_diag(rec, QTTT_E_RESULT, it->line, it->col,
			    "the record states %s, but the game ends %s",
			    want, got);
		if (rec->format == QTTT_FORMAT_GOFF && rec->ndiags > 0)
			qttt__notation_goff_respell(
			    rec->diags[rec->ndiags - 1].msg,
			    sizeof(rec->diags[0].msg));
		return QTTT_E_RESULT;
	}
	/*
	 * The engine writes its message on the stack, and only a refusal
	 * takes a slot in the record (or, with none left, is counted as
	 * dropped): nearly every action is legal.
	 */
	if ((code = g != NULL ?
	    qttt__engine_game_play(g, e, &it->action, &scratch) :
	    qttt__engine_apply(e, &it->action, &scratch)) == QTTT_OK)
		return QTTT_OK;
	rec->nerrors++;
	if ((d = record_slot(rec)) == NULL)
		return code;
	d->code = scratch.code;
	d->severity = scratch.severity;
	memcpy(d->msg, scratch.msg, strlen(scratch.msg) + 1);
	d->line = it->line;
	d->col = rule_column(it, code, &e->st);
	if (rec->format == QTTT_FORMAT_GOFF)
		qttt__notation_goff_respell(d->msg, sizeof(d->msg));
	return code;
}

static int
diag_before(const struct qttt_diag *a, const struct qttt_diag *b)
{
	return a->line < b->line || (a->line == b->line && a->col < b->col);
}

size_t
qttt_record_play(struct qttt_record *rec, struct qttt_game *g)
{
	struct engine e;
	struct qttt_diag tmp;
	size_t		 i, j;

	if (g != NULL)
		g->nplies = 0;
	if (rec->has_start)
		qttt__engine_load(&e, &rec->start);
	else
		qttt__engine_init(&e);
	for (i = 0; i < rec->nitems; i++)
		if (step(rec, i, g, &e) != QTTT_OK)
			break;
	if (g != NULL)
		g->state = e.st;
	/* Insertion sort: at most QTTT_MAXDIAGS entries. */
	for (i = 1; i < rec->ndiags; i++) {
		tmp = rec->diags[i];
		for (j = i; j > 0 && diag_before(&tmp, &rec->diags[j - 1]); j--)
			rec->diags[j] = rec->diags[j - 1];
		rec->diags[j] = tmp;
	}
	return rec->nerrors;
}
