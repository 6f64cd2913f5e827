/*
 * Test suites for engines (formats/test-suite.md): positions with the
 * actions to find or to avoid, each line read, written back in
 * canonical form, proven by the solver, and an engine's answer judged.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "text/text.h"
#include "protocol/protocol.h"

struct cur {
	const char		*s;
	size_t			 len, pos;
	struct qttt_diag	*d;
	struct qttt_record	*rec;	/* to read an action with */
};

static int
fail(struct cur *c, enum qttt_code code, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
fail(struct cur *c, enum qttt_code code, size_t col, const char *fmt, ...)
{
	va_list	 ap;

	if (c->d != NULL) {
		c->d->code = code;
		c->d->severity = QTTT_ERROR;
		c->d->line = 0;
		c->d->col = col;
		va_start(ap, fmt);
		vsnprintf(c->d->msg, sizeof(c->d->msg), fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

static void
skip(struct cur *c)
{
	while (c->pos < c->len && is_blank((unsigned char)c->s[c->pos]))
		c->pos++;
}

/* The end of the field from pos: the next ';' outside quotes, or len. */
static size_t
field_end(const struct cur *c)
{
	size_t	 i;
	int	 quoted = 0;

	for (i = c->pos; i < c->len; i++) {
		if (quoted && c->s[i] == '\\' && i + 1 < c->len)
			i++;
		else if (c->s[i] == '"')
			quoted = !quoted;
		else if (!quoted && c->s[i] == ';')
			return i;
	}
	return c->len;
}

/* The end of [from, end) without its blanks. */
static size_t
trim(const char *s, size_t from, size_t end)
{
	while (end > from && is_blank((unsigned char)s[end - 1]))
		end--;
	return end;
}

/*
 * The canonical form of an action legal in st: a measurement names the
 * closing move, a placement has its squares in reading order.
 */
static enum qttt_code
canonical(const struct qttt_state *st, const struct qttt_action *a,
    struct qttt_action *out, struct qttt_diag *d)
{
	if (a->kind == QTTT_MEASURE)
		return qttt_action_canonical(st, a, out, d);
	*out = *a;
	if (out->sq[0] > out->sq[1]) {
		out->sq[0] = a->sq[1];
		out->sq[1] = a->sq[0];
	}
	return qttt_state_legal(st, out, d);
}

/* Reads one action from [from, end), legal in st, into *a (canonical). */
static int
action(struct cur *c, size_t from, size_t end, const struct qttt_state *st,
    struct qttt_action *a)
{
	struct qttt_record *rec = c->rec;
	struct qttt_action canon;
	struct qttt_diag d;
	enum qttt_code	 code;

	if (from == end)
		return fail(c, QTTT_E_SUITE, from, "an action is missing");
	if (memchr(c->s + from, '#', end - from) != NULL ||
	    memchr(c->s + from, '[', end - from) != NULL)
		return fail(c, QTTT_E_SUITE, from, "an action of the line "
		    "notation, with no tag or comment, was expected");
	if (qttt_line_parse(c->s + from, end - from, 0, rec) != 1 ||
	    rec->ndiags > 0)
		return fail(c, rec->ndiags > 0 ? rec->diags[0].code :
		    QTTT_E_SUITE, from + (rec->ndiags > 0 ? rec->diags[0].col :
		    0), "%s", rec->ndiags > 0 ? rec->diags[0].msg :
		    "an action was expected");
	if (rec->nitems != 1 || rec->items[0].kind != QTTT_ITEM_ACTION ||
	    rec->ntags > 0)
		return fail(c, QTTT_E_SUITE, from, "one action was expected, "
		    "as X1 a1 b1, X9 b2 or measure X1->a1");
	if ((code = canonical(st, &rec->items[0].action, &canon, &d)) !=
	    QTTT_OK)
		return fail(c, code, from, "%s", d.msg);
	*a = canon;
	return 0;
}

/*
 * The actions of "best" or "avoid", ',' between them, into list, in
 * the order of qttt_state_actions().
 */
static int
actions(struct cur *c, size_t end, const struct qttt_state *st,
    struct qttt_action *list, size_t *n)
{
	struct qttt_action all[QTTT_MAXACTIONS], got[QTTT_MAXACTIONS];
	const char	*comma;
	size_t		 from, stop, ngot = 0, nall, i, j;

	for (;;) {
		skip(c);
		from = c->pos;
		comma = memchr(c->s + from, ',', end - from);
		stop = comma != NULL ? (size_t)(comma - c->s) : end;
		if (ngot == QTTT_MAXACTIONS)
			return fail(c, QTTT_E_SUITE, from, "more actions than "
			    "a position has");
		if (action(c, from, trim(c->s, from, stop), st,
		    &got[ngot]) == -1)
			return -1;
		for (j = 0; j < ngot; j++)
			if (qttt_action_equal(&got[j], &got[ngot]))
				return fail(c, QTTT_E_SUITE, from, "an action "
				    "given twice");
		ngot++;
		if (comma == NULL)
			break;
		c->pos = stop + 1;
	}
	nall = qttt_state_actions(st, all);
	*n = 0;
	for (i = 0; i < nall; i++)
		for (j = 0; j < ngot; j++)
			if (qttt_action_equal(&all[i], &got[j]))
				list[(*n)++] = all[i];
	c->pos = end;
	return 0;
}

/* A text, quoted or bare, from pos to end, into buf. */
static int
text(struct cur *c, size_t end, char *buf)
{
	size_t	 n = 0, i = c->pos;

	end = trim(c->s, i, end);
	if (i < end && c->s[i] == '"') {
		for (i++; i < end && c->s[i] != '"'; i++) {
			if (c->s[i] == '\\') {
				if (i + 1 == end || (c->s[i + 1] != '\\' &&
				    c->s[i + 1] != '"'))
					return fail(c, QTTT_E_SUITE, i, "'\\' "
					    "escapes only '\\' and '\"'");
				i++;
			}
			if (n == QTTT_SUITE_TEXT - 1)
				return fail(c, QTTT_E_SUITE, i, "a text of more "
				    "than %d bytes", QTTT_SUITE_TEXT - 1);
			buf[n++] = c->s[i];
		}
		if (i == end)
			return fail(c, QTTT_E_SUITE, c->pos, "a quote that is "
			    "not closed");
		if (i + 1 != end) {
			for (i++; is_blank((unsigned char)c->s[i]); i++)
				continue;
			return fail(c, QTTT_E_SUITE, i, "text after the "
			    "closing quote");
		}
	} else {
		for (; i < end; i++) {
			if (c->s[i] == '"' || c->s[i] == '\\')
				return fail(c, QTTT_E_SUITE, i, "'%c' in a text "
				    "without quotes", c->s[i]);
			if (n == QTTT_SUITE_TEXT - 1)
				return fail(c, QTTT_E_SUITE, i, "a text of more "
				    "than %d bytes", QTTT_SUITE_TEXT - 1);
			buf[n++] = c->s[i];
		}
		if (n == 0)
			return fail(c, QTTT_E_SUITE, c->pos, "a text was "
			    "expected");
	}
	buf[n] = '\0';
	c->pos = end;
	return 0;
}

static int
operation(struct cur *c, size_t end, struct qttt_suite_entry *e,
    unsigned int *seen)
{
	static const char *const ops[] = { "best", "avoid", "value", "id",
	    "comment" };
	struct qttt_result r;
	size_t		 at = c->pos, w = c->pos, k, stop;

	while (w < end && !is_blank((unsigned char)c->s[w]))
		w++;
	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (w - at == strlen(ops[k]) &&
		    memcmp(c->s + at, ops[k], w - at) == 0)
			break;
	if (k == sizeof(ops) / sizeof(ops[0]))
		return fail(c, QTTT_E_SUITE, at, "'%.*s' is not an operation: "
		    "best, avoid, value, id or comment", (int)(w - at > 20 ?
		    20 : w - at), c->s + at);
	if (*seen & (1u << k))
		return fail(c, QTTT_E_SUITE, at, "'%s' given twice", ops[k]);
	*seen |= 1u << k;
	c->pos = w;
	skip(c);
	if (c->pos == end || w == c->pos)
		return fail(c, QTTT_E_SUITE, c->pos, "'%s' takes %s", ops[k],
		    k < 2 ? "actions" : k == 2 ? "a result" : "a text");
	switch (k) {
	case 0:
		return actions(c, end, &e->state, e->best, &e->nbest);
	case 1:
		return actions(c, end, &e->state, e->avoid, &e->navoid);
	case 2:
		stop = trim(c->s, c->pos, end);
		if (!qttt__engine_result_parse(QTTT__RULES_ANY, c->s + c->pos,
		    stop - c->pos, &r) ||
		    !r.over)
			return fail(c, QTTT_E_SUITE, c->pos, "'value' takes a "
			    "result: 1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, 2-0 or "
			    "0-0");
		e->has_value = 1;
		e->value = (int)r.score[QTTT_X] - (int)r.score[QTTT_O];
		c->pos = end;
		return 0;
	case 3:
		return text(c, end, e->id);
	default:
		return text(c, end, e->comment);
	}
}

int
qttt_suite_parse(const char *s, size_t len, struct qttt_suite_entry *e,
    struct qttt_diag *d)
{
	return qttt_suite_parse_rules(s, len, QTTT_RULES_GOFF, e, d);
}

int
qttt_suite_parse_rules(const char *s, size_t len, unsigned int rules,
    struct qttt_suite_entry *e, struct qttt_diag *d)
{
	struct cur	 c;
	struct qttt_diag sd;
	size_t		 end, bad;
	unsigned int	 seen = 0;
	int		 k = -1;

	memset(e, 0, sizeof(*e));
	if (len > 0 && s[len - 1] == '\r')
		len--;
	c.s = s;
	c.len = len;
	c.pos = 0;
	c.d = d;
	c.rec = NULL;
	if ((bad = qttt__text_bad_byte((const unsigned char *)s, len)) < len)
		return fail(&c, s[bad] == '\0' ? QTTT_E_NUL :
		    (unsigned char)s[bad] < 0x80 ? QTTT_E_CONTROL :
		    QTTT_E_UTF8, bad, "a byte no line of a suite may hold "
		    "(0x%02x)", (unsigned char)s[bad]);
	skip(&c);
	if (c.pos == len || s[c.pos] == '#')
		return 0;
	end = field_end(&c);
	if (end == len)
		return fail(&c, QTTT_E_SUITE, len, "a state string and then "
		    "';' and operations were expected");
	if (qttt_state_parse_rules(s + c.pos, trim(s, c.pos, end) - c.pos,
	    rules, &e->state, &sd) != QTTT_OK)
		return fail(&c, QTTT_E_STATE, c.pos + sd.col, "%s", sd.msg);
	if ((c.rec = malloc(sizeof(*c.rec))) == NULL)
		return fail(&c, QTTT_E_IO, 0, "out of memory");
	for (;;) {
		c.pos = end + 1;
		skip(&c);
		if (c.pos == len)
			break;	/* a ';' at the end */
		end = field_end(&c);
		if (operation(&c, end, e, &seen) == -1)
			goto done;
		if (end == len)
			break;
	}
	if (e->nbest == 0 && e->navoid == 0)
		fail(&c, QTTT_E_SUITE, len, "neither 'best' nor 'avoid': a "
		    "test position needs the actions to find or to avoid");
	else
		k = 1;
done:
	free(c.rec);
	return k;
}

/* ------------------------------------------------------------------ */

static void
put(struct line_out *o, const char *s, size_t len)
{
	qttt__protocol_put(o, s, len);
}

static void
put_actions(struct line_out *o, const char *op, const struct qttt_state *st,
    const struct qttt_action *list, size_t n)
{
	char	 b[ACTION_TEXT_MAX];
	size_t	 i;

	put(o, "; ", 2);
	put(o, op, strlen(op));
	for (i = 0; i < n; i++) {
		if (qttt_state_legal(st, &list[i], NULL) != QTTT_OK)
			o->bad = 1;
		put(o, i > 0 ? ", " : " ", i > 0 ? 2 : 1);
		put(o, b, (size_t)(qttt__engine_action_text(b, &list[i]) - b));
	}
}

static void
put_text(struct line_out *o, const char *op, const char *t)
{
	size_t	 i, len = strnlen(t, QTTT_SUITE_TEXT);

	if (len == 0)
		return;
	if (len == QTTT_SUITE_TEXT ||
	    qttt__text_bad_byte((const unsigned char *)t, len) < len)
		o->bad = 1;
	put(o, "; ", 2);
	put(o, op, strlen(op));
	put(o, " \"", 2);
	for (i = 0; i < len; i++) {
		if (t[i] == '"' || t[i] == '\\')
			put(o, "\\", 1);
		put(o, t + i, 1);
	}
	put(o, "\"", 1);
}

int
qttt_suite_format(const struct qttt_suite_entry *e, char *buf, size_t n)
{
	struct qttt_result r;
	struct line_out	 o;
	char		 b[QTTT_STATE_MAX];

	o.buf = buf;
	o.n = n;
	o.len = 0;
	o.bad = (e->nbest == 0 && e->navoid == 0) ||
	    qttt_state_check(&e->state, NULL) != QTTT_OK;
	if (o.bad)
		return -1;
	put(&o, b, (size_t)qttt_state_format(&e->state, b, sizeof(b)));
	if (e->nbest > 0)
		put_actions(&o, "best", &e->state, e->best, e->nbest);
	if (e->navoid > 0)
		put_actions(&o, "avoid", &e->state, e->avoid, e->navoid);
	if (e->has_value) {
		if (qttt_solver_result(e->state.rules, e->value, &r) == -1)
			return -1;
		put(&o, "; value ", 8);
		put(&o, b, (size_t)(qttt__engine_result_text(b, &r) - b));
	}
	put_text(&o, "id", e->id);
	put_text(&o, "comment", e->comment);
	return qttt__protocol_end(&o, (size_t)INT_MAX);
}

static int
listed(const struct qttt_action *list, size_t n, const struct qttt_action *a)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (qttt_action_equal(&list[i], a))
			return 1;
	return 0;
}

enum qttt_code
qttt_suite_prove(struct qttt_solver *solver, const struct qttt_suite_entry *e,
    struct qttt_diag *d)
{
	struct qttt_analysis an;
	struct qttt_result r;
	char		 item[ACTION_TEXT_MAX + 1], res[RESULT_TEXT_MAX + 1];
	enum qttt_code	 code;
	size_t		 i;
	int		 keeps;

	if ((code = qttt_solver_analyze(solver, &e->state, 0, &an, d)) !=
	    QTTT_OK)
		return code;
	if (d != NULL) {
		d->code = QTTT_E_UNPROVEN;
		d->severity = QTTT_ERROR;
		d->line = d->col = 0;
	}
	if (e->has_value && e->value != an.value) {
		qttt_solver_result(e->state.rules, an.value, &r);
		*qttt__engine_result_text(res, &r) = '\0';
		if (d != NULL)
			snprintf(d->msg, sizeof(d->msg), "the value is %s",
			    res);
		return QTTT_E_UNPROVEN;
	}
	for (i = 0; i < an.nactions; i++) {
		keeps = an.values[i] == an.value;
		*qttt__engine_action_text(item, &an.actions[i]) = '\0';
		if (e->nbest > 0 && keeps != listed(e->best, e->nbest,
		    &an.actions[i])) {
			if (d != NULL)
				snprintf(d->msg, sizeof(d->msg), "%s %s a best "
				    "action, but the list says it is%s", item,
				    keeps ? "is" : "is not", keeps ? " not" :
				    "");
			return QTTT_E_UNPROVEN;
		}
		if (e->navoid > 0 && keeps == listed(e->avoid, e->navoid,
		    &an.actions[i])) {
			if (d != NULL)
				snprintf(d->msg, sizeof(d->msg), "%s %s value, "
				    "but the list of actions to avoid says it "
				    "%s", item, keeps ? "keeps the" : "loses",
				    keeps ? "loses some" : "keeps it");
			return QTTT_E_UNPROVEN;
		}
	}
	if (d != NULL)
		d->code = QTTT_OK;
	return QTTT_OK;
}

int
qttt_suite_solved(const struct qttt_suite_entry *e,
    const struct qttt_action *a)
{
	struct qttt_action canon;

	if (canonical(&e->state, a, &canon, NULL) != QTTT_OK)
		return 0;
	if (e->nbest > 0 && !listed(e->best, e->nbest, &canon))
		return 0;
	return !listed(e->avoid, e->navoid, &canon);
}
