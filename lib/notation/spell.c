/*
 * How each notation spells what a message of the rules names: a
 * square, a result, the forced last move.  The rules speak the line
 * notation (a1, 1-1/2, X9 a1: the engine's own spelling); Goff's
 * notation numbers the squares 1 to 9, writes a result as its score
 * ({X=1,O=0.5}) and the forced move as X9+(5,5)
 * (formats/goff-notation.md).  A record's diagnostics are made in the
 * spelling of its notation (record.c), and Goff's reader and writer
 * take its scores from here.  And what each format is called.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"

/* Scores as Goff writes them, by half points. */
static const char *const goff_scores[] = { "0", "0.5", "1", "1.5", "2" };

const char *
qttt__notation_goff_score(int halves)
{
	return goff_scores[halves >= 0 && halves <= 4 ? halves : 0];
}

static const char *
goff_square(char *buf, int sq)
{
	if (sq < 0 || sq >= QTTT_NSQUARES)
		snprintf(buf, SPELL_MAX, "??");
	else
		snprintf(buf, SPELL_MAX, "%d", QTTT_SQUARE_GOFF(sq));
	return buf;
}

static const char *
goff_result(char *buf, const struct qttt_result *r)
{
	if (!r->over || r->score[QTTT_X] > 4 || r->score[QTTT_O] > 4)
		snprintf(buf, SPELL_MAX, "*");
	else
		snprintf(buf, SPELL_MAX, "{X=%s,O=%s}",
		    goff_scores[r->score[QTTT_X]],
		    goff_scores[r->score[QTTT_O]]);
	return buf;
}

static const char *
goff_forced(char *buf, int sq)
{
	int	 n = sq >= 0 && sq < QTTT_NSQUARES ? QTTT_SQUARE_GOFF(sq) : 0;

	snprintf(buf, SPELL_MAX, "X9+(%d,%d)", n, n);
	return buf;
}

static const struct engine_spelling goff_spelling = {
	goff_square, goff_result, goff_forced
};

const struct engine_spelling *
qttt__notation_spelling(enum qttt_format f)
{
	return f == QTTT_FORMAT_GOFF ? &goff_spelling : NULL;
}

const char *
qttt_format_name(enum qttt_format f)
{
	static const char *const names[] = {
		[QTTT_FORMAT_AUTO] = "any format",
		[QTTT_FORMAT_LINE] = "the line notation",
		[QTTT_FORMAT_YAML] = "YAML",
		[QTTT_FORMAT_GOFF] = "Goff's notation",
		[QTTT_FORMAT_STATE] = "state strings",
		[QTTT_FORMAT_JSON] = "JSON"
	};

	if ((unsigned)f >= sizeof(names) / sizeof(names[0]))
		return "??";
	return names[f];
}
