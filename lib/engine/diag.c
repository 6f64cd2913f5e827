/*
 * Diagnostics: the codes' stable names and severities, and the
 * English of what the rules refuse, made from what a refusal names
 * (struct qttt_diag) in the spelling of the record's notation.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"

static const struct {
	const char		*name;
	enum qttt_severity	 severity;
} codes[QTTT__NCODES] = {
	[QTTT_OK] =		{ "ok", QTTT_ERROR },
	[QTTT_E_IO] =		{ "read-error", QTTT_ERROR },
	[QTTT_E_NUL] =		{ "nul-byte", QTTT_ERROR },
	[QTTT_E_UTF8] =		{ "invalid-utf8", QTTT_ERROR },
	[QTTT_E_CONTROL] =	{ "control-character", QTTT_ERROR },
	[QTTT_E_LONGLINE] =	{ "line-too-long", QTTT_ERROR },
	[QTTT_E_TOOMANY] =	{ "too-many-items", QTTT_ERROR },
	[QTTT_E_EMPTY] =	{ "no-games", QTTT_ERROR },
	[QTTT_E_SYNTAX] =	{ "syntax", QTTT_ERROR },
	[QTTT_E_MARK] =		{ "bad-mark", QTTT_ERROR },
	[QTTT_E_SQUARE] =	{ "bad-square", QTTT_ERROR },
	[QTTT_E_SEPARATOR] =	{ "missing-separator", QTTT_ERROR },
	[QTTT_E_EMPTYITEM] =	{ "empty-item", QTTT_ERROR },
	[QTTT_E_RESULTSYN] =	{ "bad-result", QTTT_ERROR },
	[QTTT_E_RESULTPOS] =	{ "result-not-last", QTTT_ERROR },
	[QTTT_E_ORDER] =	{ "move-order", QTTT_ERROR },
	[QTTT_E_CLASSICAL] =	{ "square-classical", QTTT_ERROR },
	[QTTT_E_SAMESQUARE] =	{ "same-square", QTTT_ERROR },
	[QTTT_E_FORCED] =	{ "forced-move", QTTT_ERROR },
	[QTTT_E_NOTFORCED] =	{ "not-forced", QTTT_ERROR },
	[QTTT_E_DUE] =		{ "measurement-due", QTTT_ERROR },
	[QTTT_E_NOCYCLE] =	{ "no-cycle", QTTT_ERROR },
	[QTTT_E_NOTPLAYED] =	{ "not-played", QTTT_ERROR },
	[QTTT_E_NOTSPOOKY] =	{ "not-spooky", QTTT_ERROR },
	[QTTT_E_OFFCYCLE] =	{ "off-cycle", QTTT_ERROR },
	[QTTT_E_STEM] =		{ "stem", QTTT_ERROR },
	[QTTT_E_NOTITSQUARE] =	{ "wrong-square", QTTT_ERROR },
	[QTTT_E_OVER] =		{ "game-over", QTTT_ERROR },
	[QTTT_E_RESULT] =	{ "result-mismatch", QTTT_ERROR },
	[QTTT_E_STATE] =	{ "bad-state", QTTT_ERROR },
	[QTTT_E_YAML] =		{ "yaml", QTTT_ERROR },
	[QTTT_E_GOFF] =		{ "goff-syntax", QTTT_ERROR },
	[QTTT_E_GOFFCHECK] =	{ "goff-mismatch", QTTT_ERROR },
	[QTTT_W_KEYCASE] =	{ "key-case", QTTT_WARNING },
	[QTTT_E_UNWRITABLE] =	{ "unwritable", QTTT_ERROR },
	[QTTT_E_PLIES] =	{ "missing-plies", QTTT_ERROR },
	[QTTT_E_QTP] =		{ "qtp-syntax", QTTT_ERROR },
	[QTTT_E_SUITE] =	{ "suite-syntax", QTTT_ERROR },
	[QTTT_E_UNPROVEN] =	{ "suite-unproven", QTTT_ERROR },
	[QTTT_E_TWOCYCLE] =	{ "two-cycle", QTTT_ERROR },
	[QTTT_E_RULES] =	{ "bad-rules", QTTT_ERROR },
	[QTTT_N_RULES] =	{ "own-rules", QTTT_NOTE },
	[QTTT_N_DIFFER] =	{ "rules-differ", QTTT_NOTE },
};

const char *
qttt_code_name(enum qttt_code code)
{
	if ((unsigned)code >= QTTT__NCODES || codes[code].name == NULL)
		return "unknown";
	return codes[code].name;
}

enum qttt_severity
qttt_code_severity(enum qttt_code code)
{
	if ((unsigned)code >= QTTT__NCODES)
		return QTTT_ERROR;
	return codes[code].severity;
}

/* ------------------------------------------------------------------ */
/* The English of what the rules refuse, made from what it names        */
/* ------------------------------------------------------------------ */

/* The line notation's spellings, the engine's own. */
static const char *
line_square(char *buf, int sq)
{
	const char	*name = qttt_square_name(sq);

	buf[0] = name[0];
	buf[1] = name[1];
	buf[2] = '\0';
	return buf;
}

static const char *
line_result(char *buf, const struct qttt_result *r)
{
	*qttt__engine_result_text(buf, r) = '\0';
	return buf;
}

static const char *
line_forced(char *buf, int sq)
{
	buf[0] = 'X';
	buf[1] = '9';
	buf[2] = ' ';
	line_square(buf + 3, sq);
	return buf;
}

static const struct engine_spelling line_spelling = {
	line_square, line_result, line_forced
};

void
qttt__engine_diag_args(struct qttt_diag *d, enum qttt_code code,
    const struct qttt_action *a)
{
	d->code = code;
	d->severity = qttt_code_severity(code);
	if (a != NULL)
		d->action = *a;
	else
		memset(&d->action, 0, sizeof(d->action));
	d->move = 0;
	d->squares[0] = d->squares[1] = QTTT_NOSQUARE;
	memset(d->results, 0, sizeof(d->results));
	d->count = 0;
}

void
qttt__engine_diag_say(struct qttt_diag *d, const struct engine_spelling *sp)
{
	char		 s0[SPELL_MAX], s1[SPELL_MAX], s2[SPELL_MAX];
	int		 m = d->action.move, o = d->move;
	int		 lm = QTTT_LETTER(m), lo = QTTT_LETTER(o);
	char		*msg = d->msg;
	size_t		 n = sizeof(d->msg);

	if (sp == NULL)
		sp = &line_spelling;
	switch (d->code) {
	case QTTT_E_OVER:
		sp->result(s0, &d->results[0]);
		if (d->action.kind == QTTT_MEASURE)
			snprintf(msg, n, "the game is over (%s): nothing is "
			    "left to measure", s0);
		else
			snprintf(msg, n, "the game is over (%s): %c%d may not "
			    "be played", s0, lm, m);
		break;
	case QTTT_E_DUE:
		snprintf(msg, n, "a measurement of the cycle closed by %c%d "
		    "is due before %c%d", lo, o, lm, m);
		break;
	case QTTT_E_ORDER:
		snprintf(msg, n, "%c%d is out of turn: the next move is %c%d",
		    lm, m, lo, o);
		break;
	case QTTT_E_SQUARE:
		snprintf(msg, n, "%c%d names no square", lm, m);
		break;
	case QTTT_E_FORCED:
		snprintf(msg, n, "only %s is open: the last move is forced "
		    "(%s)", sp->square(s0, d->squares[0]),
		    sp->forced(s1, d->squares[0]));
		break;
	case QTTT_E_CLASSICAL:
		sp->square(s0, d->squares[0]);
		snprintf(msg, n, "%c%d plays %s, but %s is classical (%c%d)",
		    lm, m, s0, s0, lo, o);
		break;
	case QTTT_E_NOTFORCED:
		snprintf(msg, n, "X9 names one square, but the last move is "
		    "forced only when one square is open (%u are)", d->count);
		break;
	case QTTT_E_SAMESQUARE:
		snprintf(msg, n, "%c%d places both marks in %s: a move needs "
		    "two different squares", lm, m,
		    sp->square(s0, d->squares[0]));
		break;
	case QTTT_E_NOCYCLE:
		snprintf(msg, n, "nothing to measure: no cycle is waiting for "
		    "a measurement");
		break;
	case QTTT_E_NOTPLAYED:
		snprintf(msg, n, "%c%d has not been played", lm, m);
		break;
	case QTTT_E_NOTSPOOKY:
		snprintf(msg, n, "%c%d is already classical (%s)", lm, m,
		    sp->square(s0, d->squares[0]));
		break;
	case QTTT_E_STEM:
		snprintf(msg, n, "%c%d is a stem of the cycle, its square is "
		    "forced", lm, m);
		break;
	case QTTT_E_OFFCYCLE:
		snprintf(msg, n, "%c%d is not entangled with the cycle closed "
		    "by %c%d", lm, m, lo, o);
		break;
	case QTTT_E_NOTITSQUARE:
		snprintf(msg, n, "%s is not one of %c%d's squares (%s, %s)",
		    d->action.sq[0] < QTTT_NSQUARES ?
		    sp->square(s0, d->action.sq[0]) : "that", lm, m,
		    sp->square(s1, d->squares[0]),
		    sp->square(s2, d->squares[1]));
		break;
	case QTTT_E_TWOCYCLE:
		snprintf(msg, n, "%c%d plays %s and %s, the squares of %c%d: "
		    "these rules forbid a 2-cycle", lm, m,
		    sp->square(s0, d->action.sq[0]),
		    sp->square(s1, d->action.sq[1]), lo, o);
		break;
	case QTTT_E_MARK:
		snprintf(msg, n, "move %d does not exist", m);
		break;
	case QTTT_E_STATE:
		snprintf(msg, n, "the state is played by rules %u, which are "
		    "not known", d->count);
		break;
	case QTTT_E_RESULT:
		sp->result(s0, &d->results[1]);
		if (!d->results[0].over)
			snprintf(msg, n, "the record states %s, but the game "
			    "is not over", s0);
		else
			snprintf(msg, n, "the record states %s, but the game "
			    "ends %s", s0, sp->result(s1, &d->results[0]));
		break;
	default:
		snprintf(msg, n, "%s", qttt_code_name(d->code));
		break;
	}
}
