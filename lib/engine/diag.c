/*
 * Diagnostic codes: their stable names and severities.
 */
#include "qttt.h"

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
	[QTTT_E_QTP] =		{ "qtp-syntax", QTTT_ERROR },
	[QTTT_E_SUITE] =	{ "suite-syntax", QTTT_ERROR },
	[QTTT_E_UNPROVEN] =	{ "suite-unproven", QTTT_ERROR },
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
