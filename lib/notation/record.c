/*
 * Records: games as read, with the position of every item, played
 * through the rules engine with positioned diagnostics.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "text/text.h"
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
	rec->termination = QTTT_TERM_NORMAL;
	rec->awarded.over = 0;
	rec->game = 0;
	rec->ply = -1;
	rec->file = NULL;
	rec->filelen = 0;
	rec->path = NULL;
	rec->pathlen = 0;
	rec->history.nstates = 0;
	rec->lead = NULL;
	rec->leadlen = 0;
	rec->leadcut = 0;
	rec->ntags = 0;
	rec->tagtextlen = 0;
	rec->rules = QTTT_RULES_GOFF;
	rec->rules_named = 0;
	rec->nvars = 0;
	rec->nvaritems = 0;
}

const char *
qttt__notation_quote(char *buf, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long	 cp;
	size_t		 i, k, len = 0, plen;
	char		 piece[16];

	for (i = 0; i < n; i += k) {
		if (u[i] >= 0x80 && (k = qttt__text_utf8_len(u + i, n - i))
		    > 0) {
			if ((cp = qttt__text_utf8_refused(u + i, k)) != 0)
				plen = (size_t)snprintf(piece, sizeof(piece),
				    "\\u{%04lX}", cp);
			else
				memcpy(piece, u + i, plen = k);
		} else {
			k = 1;
			if (u[i] < 0x20 || u[i] == 0x7f || u[i] >= 0x80)
				plen = (size_t)snprintf(piece, sizeof(piece),
				    "\\x%02X", u[i]);
			else if (u[i] == '\\')
				memcpy(piece, "\\\\", plen = 2);
			else
				piece[0] = (char)u[i], plen = 1;
		}
		if (len + plen > QTTT__QUOTE_MAX)
			break;
		memcpy(buf + len, piece, plen);
		len += plen;
	}
	strcpy(buf + len, i < n ? "..." : "");
	return buf;
}

#define RULES_REFUSED	"'%s' is not a rule profile: a preset (%s) or a " \
			"switch of formats/rules.md, joined by ','"

int
qttt__notation_rules_value(struct qttt_record *rec, const char *s, size_t n,
    unsigned long line, unsigned long col, int exact)
{
	unsigned int	 rules, r;
	size_t		 bad, end, i, len = 0, need;
	const char	*name;
	char		 presets[QTTT_MSG_MAX], shown[QTTT__QUOTE_SIZE];

	if (qttt_rules_parse(s, n, &rules, &bad) == 0) {
		rec->rules = rules;
		rec->rules_named = 1;
		return 1;
	}
	for (end = bad; end < n && s[end] != ','; end++)
		continue;
	qttt__notation_quote(shown, s + bad, end - bad);
	/*
	 * The presets that fit in the message, whole: the message is
	 * never cut, and "..." stands for the ones left out.
	 */
	presets[0] = '\0';
	for (i = 0; (name = qttt_rules_preset(i, &r)) != NULL; i++) {
		need = (size_t)snprintf(NULL, 0, RULES_REFUSED, shown,
		    presets) + (len > 0 ? 2 : 0) + strlen(name) +
		    (qttt_rules_preset(i + 1, &r) != NULL ? 5 : 0);
		if (need >= QTTT_MSG_MAX) {
			snprintf(presets + len, sizeof(presets) - len, "%s...",
			    len > 0 ? ", " : "");
			break;
		}
		len += (size_t)snprintf(presets + len, sizeof(presets) - len,
		    "%s%s", len > 0 ? ", " : "", name);
	}
	qttt_record_diag(rec, QTTT_E_RULES, line, exact ? col + bad : col,
	    RULES_REFUSED, shown, presets);
	return 0;
}

void
qttt__notation_result_refused(char *msg, size_t size, unsigned int rules,
    const char *s, size_t n)
{
	struct qttt_result r;
	char		 name[QTTT_RULES_NAME_MAX], list[96], one[8];
	char		 shown[QTTT__QUOTE_SIZE];
	size_t		 len = 0;
	int		 i;

	qttt__notation_quote(shown, s, n);
	list[0] = '\0';
	for (i = 0; i < QTTT_NRESULTS; i++) {
		qttt_result_nth(i, &r);
		/* QTTT_RULES_ANY (no profile): the results of any. */
		if (!qttt__engine_result_possible(rules, r.score[QTTT_X],
		    r.score[QTTT_O]))
			continue;
		qttt_result_format(&r, one, sizeof(one));
		len += snprintf(list + len, sizeof(list) - len, "%s, ", one);
	}
	if (len >= 2)
		list[len - 2] = '\0';
	if (rules == QTTT_RULES_GOFF || !qttt_rules_valid(rules)) {
		snprintf(msg, size, "'%s' is not a possible result (%s or *)",
		    shown, list);
		return;
	}
	qttt_rules_format(rules, name, sizeof(name));
	snprintf(msg, size, "'%s' is not a possible result under %s "
	    "(%s or *)", shown, name, list);
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

/*
 * The diagnostic of a limit of the whole record (too-many-items),
 * which explains the others: the limits go first, in the order they
 * come, and one is always kept, in the place of the last diagnostic
 * kept if there is no room.
 */
static struct qttt_diag *
limit_slot(struct qttt_record *rec)
{
	size_t	 at;

	for (at = 0; at < rec->ndiags &&
	    rec->diags[at].code == QTTT_E_TOOMANY; at++)
		continue;
	if (at == QTTT_MAXDIAGS) {
		rec->ndropped++;
		return NULL;
	}
	if (rec->ndiags == QTTT_MAXDIAGS) {
		rec->ndropped++;
		rec->ndiags--;
	}
	memmove(rec->diags + at + 1, rec->diags + at,
	    (rec->ndiags - at) * sizeof(rec->diags[0]));
	rec->ndiags++;
	return &rec->diags[at];
}

void
qttt_record_diag(struct qttt_record *rec, enum qttt_code code,
    unsigned long line, unsigned long col, const char *fmt, ...)
{
	struct qttt_diag *d;
	va_list		 ap;

	if (qttt_code_severity(code) == QTTT_ERROR)
		rec->nerrors++;
	if ((d = code == QTTT_E_TOOMANY ? limit_slot(rec) :
	    record_slot(rec)) == NULL)
		return;
	qttt__engine_diag_args(d, code, NULL);
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

/* What the record's termination tag or key says (struct qttt_record). */
static enum qttt_termination
termination_of(const struct qttt_record *rec)
{
	enum qttt_termination t;
	const char	*value;
	size_t		 len;

	if (!qttt_record_meta(rec, "termination", &value, &len))
		return QTTT_TERM_NORMAL;
	return qttt_termination_parse(value, len, &t) == 0 ? t : QTTT_NTERMS;
}

/* A win by a whole point, which a forfeit awards: 1-0 or 0-1. */
static int
forfeit_result(const struct qttt_result *r)
{
	return r->over && r->score[QTTT_X] + r->score[QTTT_O] == 2 &&
	    (r->score[QTTT_X] == 0 || r->score[QTTT_O] == 0);
}

/*
 * Whether termination t explains result r of a game the board leaves
 * at st (formats/line-notation.md, "Forfeits and adjudications"): an
 * unfinished game ends by adjudication with any result of its profile
 * (the solver's value, which the notation layer cannot check:
 * qttt_record_check_award() does), by a forfeit with 1-0 or
 * 0-1.
 */
static int
explained(enum qttt_termination t, const struct qttt_result *r,
    const struct qttt_state *st)
{
	if (st->result.over || !r->over)
		return 0;
	if (t == QTTT_TERM_ADJUDICATION)
		return 1;
	return t > QTTT_TERM_ADJUDICATION && t < QTTT_NTERMS &&
	    forfeit_result(r);
}

int
qttt__notation_result_holds(const struct qttt_record *rec,
    const struct qttt_result *r, const struct qttt_state *st)
{
	return qttt_result_equal(r, &st->result) ||
	    explained(termination_of(rec), r, st);
}

/* The message of a result no termination explains, told why. */
static void
why_not_explained(struct qttt_diag *d, enum qttt_termination t)
{
	size_t	 len = strlen(d->msg);

	if (t == QTTT_NTERMS)
		snprintf(d->msg + len, sizeof(d->msg) - len, ", and the "
		    "termination tag names no termination (normal, "
		    "adjudication or a forfeit: illegal, time, crash, exit, "
		    "garbage, protocol)");
	else if (t > QTTT_TERM_ADJUDICATION)
		snprintf(d->msg + len, sizeof(d->msg) - len, ", and a "
		    "forfeit (%s) awards 1-0 or 0-1",
		    qttt_termination_name(t));
}

/*
 * A stated result that is not the board's: QTTT_OK if the record's
 * termination explains it, which sets rec->termination, rec->awarded
 * and rec->awarded_at; else QTTT_E_RESULT, its diagnostic in scratch.  Rare,
 * so kept out of step(): qttt_record_play() stays small enough for
 * the tools' loops to inline.
 */
static enum qttt_code __attribute__((noinline, cold))
result_differs(struct qttt_record *rec, const struct qttt_item *it,
    const struct qttt_state *st, struct qttt_diag *scratch)
{
	rec->termination = termination_of(rec);
	if (explained(rec->termination, &it->result, st)) {
		rec->awarded = it->result;
		rec->awarded_at = *st;
		return QTTT_OK;
	}
	qttt__engine_diag_args(scratch, QTTT_E_RESULT, NULL);
	scratch->results[0] = st->result;
	scratch->results[1] = it->result;
	return QTTT_E_RESULT;
}

/*
 * Plays item it of a record (of its main line or a variation) with
 * the game's state in play in e, and g->state left for the caller
 * (qttt__engine_game_play); with g NULL, no ply is kept.  For an
 * action: applies it, adding a positioned diagnostic on error.  For a
 * result: compares it with the game's.  Returns QTTT_OK or the code
 * of the diagnostic.  Inlined, though variations call it too: the
 * tools' loops inline qttt_record_play() and this with it.
 */
static inline enum qttt_code __attribute__((always_inline))
step(struct qttt_record *rec, const struct qttt_item *it,
    struct qttt_game *g, struct engine *e)
{
	struct qttt_diag *d, scratch;
	enum qttt_code	 code;

	if (it->kind == QTTT_ITEM_RESULT) {
		if (qttt_result_equal(&it->result, &e->st.result) ||
		    (code = result_differs(rec, it, &e->st, &scratch)) ==
		    QTTT_OK)
			return QTTT_OK;
	} else {
		/*
		 * The engine makes its message on the stack, and only a
		 * refusal takes a slot in the record (or, with none left,
		 * is counted as dropped): nearly every action is legal.
		 */
		if ((code = g != NULL ?
		    qttt__engine_game_play(g, e, &it->action, &scratch) :
		    qttt__engine_apply(e, &it->action, &scratch)) == QTTT_OK)
			return QTTT_OK;
	}
	rec->nerrors++;
	if ((d = record_slot(rec)) == NULL)
		return code;
	*d = scratch;
	d->line = it->line;
	d->col = it->kind == QTTT_ITEM_RESULT ? it->col :
	    rule_column(it, code, &e->st);
	/* The message in the record's own spelling. */
	if (it->kind == QTTT_ITEM_RESULT || rec->format == QTTT_FORMAT_GOFF)
		qttt__engine_diag_say(d,
		    qttt__notation_spelling(rec->format));
	if (it->kind == QTTT_ITEM_RESULT && it->result.over &&
	    !e->st.result.over)
		why_not_explained(d, rec->termination);
	return code;
}

/* In order of position, but a limit of the record first (limit_slot). */
static int
diag_before(const struct qttt_diag *a, const struct qttt_diag *b)
{
	if ((a->code == QTTT_E_TOOMANY) != (b->code == QTTT_E_TOOMANY))
		return a->code == QTTT_E_TOOMANY;
	return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* The engine at the record's start: its position, or its profile's. */
static inline void __attribute__((always_inline))
record_start(const struct qttt_record *rec, struct engine *e)
{
	struct qttt_state start;

	if (rec->has_start)
		qttt__engine_load(e, &rec->start);
	else if (rec->rules == QTTT_RULES_GOFF ||
	    rec->rules > QTTT_RULES_MAX)	/* QTTT_RULES_ANY */
		qttt__engine_init(e);
	else {
		/* The cache's open squares depend on the profile. */
		qttt_state_init(&start);
		start.rules = rec->rules;
		qttt__engine_load(e, &start);
	}
}

/*
 * The engine at item upto of line v of the record (QTTT_MAINLINE or a
 * variation), before that item, after the lines it branches from up
 * to where it does, and its plies in g if g is not NULL: 1, or 0 if
 * the line is illegal before it (its own diagnostic says so).
 */
static int
line_state(const struct qttt_record *rec, size_t v, size_t upto,
    struct qttt_game *g, struct engine *e)
{
	const struct qttt_item *items;
	struct qttt_diag scratch;
	size_t		 i, n;

	if (v == QTTT_MAINLINE)
		record_start(rec, e);
	else if (!line_state(rec, rec->vars[v].parent, rec->vars[v].at, g,
	    e))
		return 0;
	items = qttt_record_line(rec, v, &n);
	for (i = 0; i < upto && i < n && items[i].kind == QTTT_ITEM_ACTION;
	    i++)
		if ((g != NULL ?
		    qttt__engine_game_play(g, e, &items[i].action, &scratch) :
		    qttt__engine_apply(e, &items[i].action, &scratch)) !=
		    QTTT_OK)
			return 0;
	return 1;
}

int
qttt_record_var_game(const struct qttt_record *rec, size_t v,
    struct qttt_game *g)
{
	struct engine	 e;
	int		 ok;

	if (v != QTTT_MAINLINE && v >= rec->nvars)
		return -1;
	g->nplies = 0;
	ok = line_state(rec, v, (size_t)-1, g, &e);
	g->state = e.st;
	return ok ? 0 : -1;
}

/*
 * Every variation from where it branches, up to its first illegal
 * item.  Out of qttt_record_play(): a record without variations pays
 * one test.
 */
static void __attribute__((noinline, cold))
play_variations(struct qttt_record *rec)
{
	struct engine	 e;
	const struct qttt_variation *var;
	size_t		 v, i;

	for (v = 0; v < rec->nvars; v++) {
		var = &rec->vars[v];
		if (!line_state(rec, var->parent, var->at, NULL, &e))
			continue;
		for (i = 0; i < var->nitems; i++)
			if (step(rec, &rec->varitems[var->first + i], NULL,
			    &e) != QTTT_OK)
				break;
	}
}

size_t
qttt_record_play(struct qttt_record *rec, struct qttt_game *g)
{
	struct engine e;
	struct qttt_diag tmp;
	const struct qttt_item *it, *end;
	size_t		 i, j;

	if (g != NULL)
		g->nplies = 0;
	rec->termination = QTTT_TERM_NORMAL;
	rec->awarded.over = 0;
	record_start(rec, &e);
	for (it = rec->items, end = it + rec->nitems; it < end; it++)
		if (step(rec, it, g, &e) != QTTT_OK)
			break;
	if (g != NULL)
		g->state = e.st;
	if (rec->nvars > 0)
		play_variations(rec);
	/* Insertion sort: at most QTTT_MAXDIAGS entries. */
	for (i = 1; i < rec->ndiags; i++) {
		tmp = rec->diags[i];
		for (j = i; j > 0 && diag_before(&tmp, &rec->diags[j - 1]); j--)
			rec->diags[j] = rec->diags[j - 1];
		rec->diags[j] = tmp;
	}
	return rec->nerrors;
}

/*
 * Whether the items of a record play through under profile rules to
 * its stated result, if it states one.
 */
static int
plays_under(const struct qttt_record *rec, unsigned int rules)
{
	const struct qttt_item *it;
	struct engine	 e;
	struct qttt_state start;
	struct qttt_diag scratch;
	size_t		 i;

	qttt_state_init(&start);
	start.rules = rules;
	qttt__engine_load(&e, &start);
	for (i = 0; i < rec->nitems; i++) {
		it = &rec->items[i];
		if (it->kind == QTTT_ITEM_RESULT) {
			if (!qttt_result_equal(&it->result, &e.st.result))
				return 0;
		} else if (qttt__engine_apply(&e, &it->action, &scratch) !=
		    QTTT_OK)
			return 0;
	}
	return 1;
}

const char *
qttt_record_preset(const struct qttt_record *rec)
{
	const char	*name;
	unsigned int	 r;
	size_t		 i;

	/*
	 * Only a game whose every error is one of the rules, every one
	 * kept: a syntax error hides items that no profile can judge.
	 */
	if (rec->nerrors == 0 || rec->ndropped > 0 || rec->has_start ||
	    rec->damaged || rec->nvars > 0)
		return NULL;
	for (i = 0; i < rec->ndiags; i++)
		if (rec->diags[i].severity == QTTT_ERROR &&
		    (rec->diags[i].code < QTTT_E_ORDER ||
		    rec->diags[i].code > QTTT_E_RESULT))
			return NULL;
	for (i = 0; (name = qttt_rules_preset(i, &r)) != NULL; i++)
		if (r != rec->rules && plays_under(rec, r))
			return name;
	return NULL;
}

enum qttt_format
qttt_record_format(const struct qttt_record *rec)
{
	size_t	 i;

	if (rec->format != QTTT_FORMAT_YAML)
		return rec->format;
	/* JSON's text starts with its object or its list. */
	for (i = 0; i < rec->textlen; i++)
		if (rec->text[i] != ' ' && rec->text[i] != '\t')
			return rec->text[i] == '{' || rec->text[i] == '[' ?
			    QTTT_FORMAT_JSON : QTTT_FORMAT_YAML;
	return QTTT_FORMAT_YAML;
}

int
qttt_record_result_only(const struct qttt_record *rec)
{
	size_t	 i;

	if (rec->ndropped > 0 || rec->nerrors == 0)
		return 0;
	for (i = 0; i < rec->ndiags; i++)
		if (rec->diags[i].severity == QTTT_ERROR &&
		    rec->diags[i].code != QTTT_E_RESULT)
			return 0;
	return 1;
}

const struct qttt_result *
qttt_record_result(const struct qttt_record *rec, const struct qttt_game *g)
{
	return rec != NULL && rec->awarded.over && !g->state.result.over ?
	    &rec->awarded : &g->state.result;
}
