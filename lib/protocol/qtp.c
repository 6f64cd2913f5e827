/*
 * The messages of the engine protocol, QTP (formats/engine-protocol.md):
 * one line each, read into a struct qttt_qtp_msg and written back in
 * canonical form.  Actions and positions are in the project's
 * notations, read by the line-notation parser and the state-string
 * parser, and a position is played by the rules as it is read.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"
#include "text/text.h"
#include "protocol/protocol.h"

struct qttt_qtp_parser {
	struct qttt_record	 rec;
	unsigned int		 rules;		/* positions' profile */
};

/* A line being read: the cursor of its words. */
struct words {
	const char		*s;
	size_t			 len;
	size_t			 pos;
	struct qttt_diag	*d;
};

static const char *const kind_words[] = {
	[QTTT_QTP_NONE] = "",
	[QTTT_QTP_UNKNOWN] = "",
	[QTTT_QTP_QTP] = "qtp",
	[QTTT_QTP_SETOPTION] = "setoption",
	[QTTT_QTP_ISREADY] = "isready",
	[QTTT_QTP_NEWGAME] = "newgame",
	[QTTT_QTP_POSITION] = "position",
	[QTTT_QTP_GO] = "go",
	[QTTT_QTP_STOP] = "stop",
	[QTTT_QTP_QUIT] = "quit",
	[QTTT_QTP_ID] = "id",
	[QTTT_QTP_OPTION] = "option",
	[QTTT_QTP_QTPOK] = "qtpok",
	[QTTT_QTP_READYOK] = "readyok",
	[QTTT_QTP_INFO] = "info",
	[QTTT_QTP_BESTACTION] = "bestaction",
	[QTTT_QTP_ERROR] = "error"
};
#define NKINDS	(sizeof(kind_words) / sizeof(kind_words[0]))

/* The words of the numeric fields, by enum qttt_qtp_field. */
static const char *const field_words[QTTT_QTP_NFIELDS] = {
	"xtime", "otime", "xinc", "oinc", "movetime", "depth", "nodes",
	"time", "seed", "protocol"
};

static const char *const type_words[] = {
	[QTTT_QTP_CHECK] = "check",
	[QTTT_QTP_SPIN] = "spin",
	[QTTT_QTP_COMBO] = "combo",
	[QTTT_QTP_STRING_TYPE] = "string",
	[QTTT_QTP_BUTTON] = "button"
};
#define NTYPES	(sizeof(type_words) / sizeof(type_words[0]))

/* The fields of go, in the order they are written. */
#define GO_FIELDS	(QTTT_QTP_HAS(QTTT_QTP_XTIME) | \
			 QTTT_QTP_HAS(QTTT_QTP_OTIME) | \
			 QTTT_QTP_HAS(QTTT_QTP_XINC) | \
			 QTTT_QTP_HAS(QTTT_QTP_OINC) | \
			 QTTT_QTP_HAS(QTTT_QTP_MOVETIME) | \
			 QTTT_QTP_HAS(QTTT_QTP_DEPTH) | \
			 QTTT_QTP_HAS(QTTT_QTP_NODES))
#define INFO_FIELDS	(QTTT_QTP_HAS(QTTT_QTP_DEPTH) | \
			 QTTT_QTP_HAS(QTTT_QTP_NODES) | \
			 QTTT_QTP_HAS(QTTT_QTP_TIME))

int
qttt_qtp_name_is(const struct qttt_qtp_text *t, const char *name)
{
	size_t	 i;

	if (t->len != strlen(name))
		return 0;
	for (i = 0; i < t->len; i++)
		if ((t->s[i] | 0x20) != (name[i] | 0x20))
			return 0;
	return 1;
}

const char *
qttt_qtp_word(enum qttt_qtp_kind k)
{
	return (unsigned)k < NKINDS ? kind_words[k] : "";
}

void
qttt_qtp_init(struct qttt_qtp_msg *m, enum qttt_qtp_kind k)
{
	memset(m, 0, sizeof(*m));
	m->kind = k;
	qttt_game_init(&m->game);
}

struct qttt_qtp_parser *
qttt_qtp_parser_new(void)
{
	return calloc(1, sizeof(struct qttt_qtp_parser));
}

void
qttt_qtp_parser_free(struct qttt_qtp_parser *p)
{
	free(p);
}

int
qttt_qtp_parser_rules(struct qttt_qtp_parser *p, unsigned int rules)
{
	if (!qttt_rules_valid(rules))
		return -1;
	p->rules = rules;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

static enum qttt_code
fail(struct words *w, enum qttt_code code, size_t col, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

static enum qttt_code
fail(struct words *w, enum qttt_code code, size_t col, const char *fmt, ...)
{
	va_list	 ap;

	if (w->d != NULL) {
		w->d->code = code;
		w->d->severity = QTTT_ERROR;
		w->d->line = 0;
		w->d->col = col;
		va_start(ap, fmt);
		vsnprintf(w->d->msg, sizeof(w->d->msg), fmt, ap);
		va_end(ap);
	}
	return code;
}

/* Skips blanks; returns whether a word follows. */
static int
more(struct words *w)
{
	while (w->pos < w->len && is_blank((unsigned char)w->s[w->pos]))
		w->pos++;
	return w->pos < w->len;
}

/* The next word, or an empty one at the end. */
static struct qttt_qtp_text
next_word(struct words *w)
{
	struct qttt_qtp_text t;

	more(w);
	t.s = w->s + w->pos;
	while (w->pos < w->len && !is_blank((unsigned char)w->s[w->pos]))
		w->pos++;
	t.len = (size_t)(w->s + w->pos - t.s);
	return t;
}

static int
text_is(const struct qttt_qtp_text *t, const char *word)
{
	return t->len == strlen(word) && memcmp(t->s, word, t->len) == 0;
}

/* Where text t starts in the line. */
static size_t
col_of(const struct words *w, const struct qttt_qtp_text *t)
{
	return (size_t)(t->s - w->s);
}

/* The index of t in a list of n words, or -1. */
static int
word_index(const struct qttt_qtp_text *t, const char *const *list,
    size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (list[i] != NULL && list[i][0] != '\0' &&
		    text_is(t, list[i]))
			return (int)i;
	return -1;
}

/* The rest of the line from pos, without blanks at either end. */
static struct qttt_qtp_text
rest(struct words *w)
{
	struct qttt_qtp_text t;
	size_t	 end = w->len;

	more(w);
	while (end > w->pos && is_blank((unsigned char)w->s[end - 1]))
		end--;
	t.s = w->s + w->pos;
	t.len = end - w->pos;
	w->pos = w->len;
	return t;
}

/*
 * The text from pos up to the next word that is one of stop (a NULL
 * ended list) or the end of the line, without blanks at either end;
 * pos is left at that word.
 */
static struct qttt_qtp_text
text_until(struct words *w, const char *const *stop)
{
	struct qttt_qtp_text t, word;
	size_t	 end, at;

	more(w);
	t.s = w->s + w->pos;
	end = w->pos;
	for (;;) {
		at = w->pos;
		word = next_word(w);
		if (word.len == 0)
			break;
		for (size_t i = 0; stop[i] != NULL; i++)
			if (text_is(&word, stop[i])) {
				w->pos = at;
				goto done;
			}
		end = w->pos;
	}
done:
	t.len = (size_t)(w->s + end - t.s);
	return t;
}

/* A decimal number of 1 to 20 digits, at most UINT64_MAX. */
static int
number(const struct qttt_qtp_text *t, uint64_t *v)
{
	uint64_t	 n = 0;
	size_t		 i;

	if (t->len == 0 || t->len > 20)
		return -1;
	for (i = 0; i < t->len; i++) {
		if (t->s[i] < '0' || t->s[i] > '9')
			return -1;
		if (n > (UINT64_MAX - (uint64_t)(t->s[i] - '0')) / 10)
			return -1;
		n = n * 10 + (uint64_t)(t->s[i] - '0');
	}
	*v = n;
	return 0;
}

/* A signed decimal number, as a spin option's. */
static int
signed_number(const struct qttt_qtp_text *t, long long *v)
{
	struct qttt_qtp_text digits = *t;
	uint64_t	 n;
	int		 neg = 0;

	if (digits.len > 0 && digits.s[0] == '-') {
		neg = 1;
		digits.s++;
		digits.len--;
	}
	if (number(&digits, &n) == -1 ||
	    n > (uint64_t)LLONG_MAX + (uint64_t)neg)
		return -1;
	*v = neg ? (n == (uint64_t)LLONG_MAX + 1 ? LLONG_MIN :
	    -(long long)n) : (long long)n;
	return 0;
}

/* A word of a message shown in a diagnostic, cut short if long. */
#define SHOW(t)		(int)((t).len > 40 ? 40 : (t).len), (t).s, \
			    ((t).len > 40 ? "..." : "")

/*
 * The numeric fields (of go, info or newgame) that allowed holds, in
 * any order, each at most once, until the end of the line or a word
 * that is no field: that word and all after it are a later version's,
 * and ignored.  extra reads the fields that are not numbers (it
 * returns 1 if it took the word, 0 if not, or an error code + 1... as
 * a negative); it may be NULL.
 */
static enum qttt_code
fields(struct words *w, struct qttt_qtp_msg *m, unsigned int allowed,
    int (*extra)(struct words *, struct qttt_qtp_msg *,
    const struct qttt_qtp_text *, enum qttt_code *))
{
	struct qttt_qtp_text word, arg;
	enum qttt_code	 code;
	size_t		 at;
	int		 f, took;

	while (more(w)) {
		at = w->pos;
		word = next_word(w);
		f = word_index(&word, field_words, QTTT_QTP_NFIELDS);
		if (f >= 0 && (allowed & QTTT_QTP_HAS(f))) {
			if (m->has & QTTT_QTP_HAS(f))
				return fail(w, QTTT_E_QTP, at, "'%.*s%s' "
				    "given twice", SHOW(word));
			arg = next_word(w);
			if (number(&arg, &m->num[f]) == -1)
				return fail(w, QTTT_E_QTP, arg.len > 0 ?
				    col_of(w, &arg) : w->pos, "'%.*s%s' "
				    "takes a number from 0 to "
				    "18446744073709551615", SHOW(word));
			m->has |= QTTT_QTP_HAS(f);
			continue;
		}
		code = QTTT_OK;
		took = extra != NULL ? extra(w, m, &word, &code) : 0;
		if (code != QTTT_OK)
			return code;
		if (!took) {
			/* A later version's field: it and the rest. */
			w->pos = w->len;
			break;
		}
	}
	return QTTT_OK;
}

static int
go_extra(struct words *w, struct qttt_qtp_msg *m,
    const struct qttt_qtp_text *word, enum qttt_code *code)
{
	if (!text_is(word, "infinite"))
		return 0;
	if (m->has & QTTT_QTP_INFINITE)
		*code = fail(w, QTTT_E_QTP, col_of(w, word), "'infinite' "
		    "given twice");
	m->has |= QTTT_QTP_INFINITE;
	return 1;
}

/*
 * Items of the line notation from pos to the end of the line: actions
 * only (no tag, glyph, comment or result), played from the empty board
 * (or from the state from, if not NULL) into g unless g is NULL.
 * Returns the code of the first fault.
 */
static enum qttt_code
items(struct qttt_qtp_parser *p, struct words *w, struct qttt_game *g,
    const struct qttt_state *from, size_t *nitems)
{
	struct qttt_record *rec = &p->rec;
	struct qttt_qtp_text t = rest(w);
	const char	*hash;
	size_t		 i, off = col_of(w, &t);

	*nitems = 0;
	if (g != NULL) {
		qttt_game_init(g);
		g->state.rules = (unsigned char)p->rules;
		if (from != NULL)
			g->state = *from;
	}
	/* The line notation's comment is no part of an item. */
	if ((hash = memchr(t.s, '#', t.len)) != NULL)
		return fail(w, QTTT_E_QTP, off + (size_t)(hash - t.s), "'#' "
		    "in a message: an action has none");
	if (qttt_line_parse(t.s, t.len, 0, rec) == 0)
		return QTTT_OK;
	if (rec->ndiags > 0)
		return fail(w, rec->diags[0].code, off + rec->diags[0].col,
		    "%s", rec->diags[0].msg);
	if (rec->ntags > 0)
		return fail(w, QTTT_E_QTP, off + rec->tags[0].col, "a tag or "
		    "a glyph in a message: an action has none");
	for (i = 0; i < rec->nitems; i++)
		if (rec->items[i].kind != QTTT_ITEM_ACTION)
			return fail(w, QTTT_E_QTP, off + rec->items[i].col,
			    "a result in a message: only actions are sent");
	*nitems = rec->nitems;
	if (g == NULL)
		return QTTT_OK;
	/*
	 * The first action the rules refuse, if any: played from the
	 * empty board of the parser's profile, the record's start.
	 */
	rec->has_start = 1;
	qttt_state_init(&rec->start);
	rec->start.rules = (unsigned char)p->rules;
	if (from != NULL)
		rec->start = *from;
	if (qttt_record_play(rec, g) > 0)
		return fail(w, rec->diags[0].code, off + rec->diags[0].col, "%s",
		    rec->diags[0].msg);
	return QTTT_OK;
}

static enum qttt_code
parse_position(struct qttt_qtp_parser *p, struct words *w,
    struct qttt_qtp_msg *m)
{
	static const char *const stop_actions[] = { "actions", NULL };
	struct qttt_qtp_text word = next_word(w), state;
	struct qttt_diag d;
	size_t		 n;

	if (text_is(&word, "start")) {
		/* The empty board too is the parser's profile's. */
		m->game.state.rules = (unsigned char)p->rules;
		word = next_word(w);
		if (word.len == 0)
			return QTTT_OK;
		if (!text_is(&word, "actions"))
			return fail(w, QTTT_E_QTP, col_of(w, &word), "'%.*s%s' "
			    "after 'position start': expected 'actions' or "
			    "the end of the line", SHOW(word));
		m->has |= QTTT_QTP_ACTIONS;
		return items(p, w, &m->game, NULL, &n);
	}
	if (text_is(&word, "state")) {
		state = text_until(w, stop_actions);
		m->from_state = 1;
		qttt_game_init(&m->game);
		/* The position under the parser's profile. */
		if (qttt_state_parse_rules(state.s, state.len, p->rules,
		    &m->start, &d) != QTTT_OK)
			return fail(w, QTTT_E_STATE, col_of(w, &state) + d.col,
			    "%s", d.msg);
		m->game.state = m->start;
		if (next_word(w).len == 0)
			return QTTT_OK;
		/* The actions played from it, as after position start. */
		m->has |= QTTT_QTP_ACTIONS;
		return items(p, w, &m->game, &m->start, &n);
	}
	return fail(w, QTTT_E_QTP, word.len > 0 ? col_of(w, &word) : w->pos,
	    "'position' takes 'start' (and 'actions') or 'state'");
}

static enum qttt_code
parse_setoption(struct words *w, struct qttt_qtp_msg *m)
{
	static const char *const stop_value[] = { "value", NULL };
	static const char *const stop_none[] = { NULL };
	struct qttt_qtp_text word = next_word(w);

	if (!text_is(&word, "name"))
		return fail(w, QTTT_E_QTP, word.len > 0 ? col_of(w, &word) :
		    w->pos, "'setoption' takes 'name' first");
	m->name = text_until(w, stop_value);
	if (m->name.len == 0)
		return fail(w, QTTT_E_QTP, w->pos, "an option with no name");
	word = next_word(w);
	if (word.len == 0)
		return QTTT_OK;
	/* The value runs to the end: it may hold any word. */
	m->has |= QTTT_QTP_VALUE;
	m->text = text_until(w, stop_none);
	return QTTT_OK;
}

static enum qttt_code
parse_option(struct words *w, struct qttt_qtp_msg *m)
{
	static const char *const stop_type[] = { "type", NULL };
	static const char *const stop_key[] = { "default", "min", "max",
	    "var", NULL };
	static const char *const stop_none[] = { NULL };
	struct qttt_qtp_text word, arg;
	size_t		 at;
	int		 t;

	word = next_word(w);
	if (!text_is(&word, "name"))
		return fail(w, QTTT_E_QTP, word.len > 0 ? col_of(w, &word) :
		    w->pos, "'option' takes 'name' first");
	m->name = text_until(w, stop_type);
	if (m->name.len == 0)
		return fail(w, QTTT_E_QTP, w->pos, "an option with no name");
	if (next_word(w).len == 0)
		return fail(w, QTTT_E_QTP, w->pos, "an option with no "
		    "'type'");
	word = next_word(w);
	if ((t = word_index(&word, type_words, NTYPES)) < 0) {
		if (word.len == 0)
			return fail(w, QTTT_E_QTP, w->pos, "'type' with no "
			    "type after it");
		/* A type of a later version: the rest is its own. */
		m->type = QTTT_QTP_OTHER_TYPE;
		w->pos = w->len;
		return QTTT_OK;
	}
	m->type = (enum qttt_qtp_type)t;
	while (more(w)) {
		at = w->pos;
		word = next_word(w);
		if (text_is(&word, "default") && m->type != QTTT_QTP_BUTTON) {
			if (m->has & QTTT_QTP_DEFAULT)
				return fail(w, QTTT_E_QTP, at, "'default' "
				    "given twice");
			m->has |= QTTT_QTP_DEFAULT;
			m->text = text_until(w, m->type == QTTT_QTP_STRING_TYPE ?
			    stop_none : stop_key);
			if (m->type == QTTT_QTP_CHECK &&
			    !text_is(&m->text, "true") &&
			    !text_is(&m->text, "false"))
				return fail(w, QTTT_E_QTP, at, "a check "
				    "option's default is true or false");
			if (m->type == QTTT_QTP_SPIN &&
			    signed_number(&m->text, &(long long){ 0 }) == -1)
				return fail(w, QTTT_E_QTP, at, "a spin "
				    "option's default is a whole number");
			if (m->type == QTTT_QTP_COMBO && m->text.len == 0)
				return fail(w, QTTT_E_QTP, at, "'default' "
				    "with no value");
		} else if ((text_is(&word, "min") || text_is(&word, "max")) &&
		    m->type == QTTT_QTP_SPIN) {
			unsigned int bit = word.s[1] == 'i' ? QTTT_QTP_MIN :
			    QTTT_QTP_MAX;

			if (m->has & bit)
				return fail(w, QTTT_E_QTP, at, "'%.*s%s' given "
				    "twice", SHOW(word));
			arg = next_word(w);
			if (signed_number(&arg, bit == QTTT_QTP_MIN ?
			    &m->min : &m->max) == -1)
				return fail(w, QTTT_E_QTP, arg.len > 0 ?
				    col_of(w, &arg) : w->pos, "'%.*s%s' takes "
				    "a whole number", SHOW(word));
			m->has |= bit;
		} else if (text_is(&word, "var") &&
		    m->type == QTTT_QTP_COMBO) {
			if (m->nvars == QTTT_QTP_MAXVARS)
				return fail(w, QTTT_E_QTP, at, "more than %d "
				    "'var' values", QTTT_QTP_MAXVARS);
			arg = text_until(w, stop_key);
			if (arg.len == 0)
				return fail(w, QTTT_E_QTP, at, "'var' with no "
				    "value");
			m->var[m->nvars++] = arg;
		} else
			return fail(w, QTTT_E_QTP, at, "'%.*s%s' is not a "
			    "part of an option of type %s", SHOW(word),
			    type_words[m->type]);
	}
	if ((m->has & QTTT_QTP_MIN) && (m->has & QTTT_QTP_MAX) &&
	    m->min > m->max)
		return fail(w, QTTT_E_QTP, 0, "a spin option's min is more "
		    "than its max");
	if (m->type == QTTT_QTP_COMBO && m->nvars == 0)
		return fail(w, QTTT_E_QTP, w->len, "a combo option with no "
		    "'var'");
	return QTTT_OK;
}

static int
info_extra(struct words *w, struct qttt_qtp_msg *m,
    const struct qttt_qtp_text *word, enum qttt_code *code)
{
	struct qttt_qtp_text arg;
	unsigned int	 bit;

	if (text_is(word, "value"))
		bit = QTTT_QTP_VALUE;
	else if (text_is(word, "pv"))
		bit = QTTT_QTP_PV;
	else if (text_is(word, "string"))
		bit = QTTT_QTP_STRING;
	else
		return 0;
	if (m->has & bit) {
		*code = fail(w, QTTT_E_QTP, col_of(w, word), "'%.*s%s' given "
		    "twice", SHOW(*word));
		return 1;
	}
	m->has |= bit;
	if (bit == QTTT_QTP_VALUE) {
		arg = next_word(w);
		if (!qttt__engine_result_parse(QTTT__RULES_ANY, arg.s,
		    arg.len, &m->value) ||
		    !m->value.over)
			*code = fail(w, QTTT_E_QTP, arg.len > 0 ?
			    col_of(w, &arg) : w->pos, "'value' takes a result:"
			    " 1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, 2-0, 0-0 or "
			    "1/2-1/2");
	} else if (bit == QTTT_QTP_PV) {
		m->pv = rest(w);
		if (m->pv.len == 0)
			*code = fail(w, QTTT_E_QTP, w->pos, "'pv' with no "
			    "action after it");
	} else
		m->text = rest(w);
	return 1;
}

static enum qttt_code
parse_id(struct words *w, struct qttt_qtp_msg *m)
{
	struct qttt_qtp_text arg;

	m->word = next_word(w);
	if (m->word.len == 0)
		return fail(w, QTTT_E_QTP, w->pos, "'id' takes 'name', "
		    "'author' or 'protocol'");
	if (text_is(&m->word, "protocol")) {
		arg = next_word(w);
		if (number(&arg, &m->num[QTTT_QTP_PROTOCOL]) == -1 ||
		    m->num[QTTT_QTP_PROTOCOL] == 0)
			return fail(w, QTTT_E_QTP, arg.len > 0 ?
			    col_of(w, &arg) : w->pos, "'id protocol' takes "
			    "a version, 1 or more");
		m->has |= QTTT_QTP_HAS(QTTT_QTP_PROTOCOL);
		return QTTT_OK;
	}
	m->text = rest(w);
	return QTTT_OK;
}

/* The bytes of a line: what no line may hold, with its code. */
static enum qttt_code
check_bytes(struct qttt_qtp_parser *p, struct words *w)
{
	struct qttt_record *rec = &p->rec;

	if (w->len > QTTT_QTP_LINE_MAX)
		return fail(w, QTTT_E_LONGLINE, QTTT_QTP_LINE_MAX, "a line of "
		    "more than %d bytes", QTTT_QTP_LINE_MAX);
	qttt_record_clear(rec);
	if (qttt__notation_line_bytes(rec, 0, w->s, w->len))
		return QTTT_OK;
	return fail(w, rec->diags[0].code, rec->diags[0].col, "%s",
	    rec->diags[0].msg);
}

enum qttt_code
qttt_qtp_parse(struct qttt_qtp_parser *p, const char *s, size_t len,
    struct qttt_qtp_msg *m, struct qttt_diag *d)
{
	struct words	 w;
	struct qttt_qtp_text word;
	enum qttt_code	 code;
	size_t		 n;
	int		 k;

	qttt_qtp_init(m, QTTT_QTP_NONE);
	if (len > 0 && s[len - 1] == '\r')
		len--;
	w.s = s;
	w.len = len;
	w.pos = 0;
	w.d = d;
	if ((code = check_bytes(p, &w)) != QTTT_OK)
		return code;
	word = next_word(&w);
	if (word.len == 0)
		return QTTT_OK;
	if ((k = word_index(&word, kind_words, NKINDS)) < 0) {
		m->kind = QTTT_QTP_UNKNOWN;
		m->word = word;
		return QTTT_OK;
	}
	m->kind = (enum qttt_qtp_kind)k;
	switch (m->kind) {
	case QTTT_QTP_SETOPTION:
		return parse_setoption(&w, m);
	case QTTT_QTP_NEWGAME:
		return fields(&w, m, QTTT_QTP_HAS(QTTT_QTP_SEED), NULL);
	case QTTT_QTP_POSITION:
		return parse_position(p, &w, m);
	case QTTT_QTP_GO:
		return fields(&w, m, GO_FIELDS, go_extra);
	case QTTT_QTP_ID:
		return parse_id(&w, m);
	case QTTT_QTP_OPTION:
		return parse_option(&w, m);
	case QTTT_QTP_INFO:
		if ((code = fields(&w, m, INFO_FIELDS, info_extra)) != QTTT_OK)
			return code;
		if (m->has & QTTT_QTP_PV) {
			/* Actions, in order; the rules judge them later. */
			w.pos = col_of(&w, &m->pv);
			w.len = w.pos + m->pv.len;
			code = items(p, &w, NULL, NULL, &n);
		}
		return code;
	case QTTT_QTP_BESTACTION:
		word = rest(&w);
		w.pos = col_of(&w, &word);
		if ((code = items(p, &w, NULL, NULL, &n)) != QTTT_OK)
			return code;
		if (n != 1)
			return fail(&w, QTTT_E_QTP, col_of(&w, &word),
			    "'bestaction' takes one action: X1 a1 b1, X9 b2 "
			    "or measure X1->a1");
		m->action = p->rec.items[0].action;
		m->text = word;
		return QTTT_OK;
	case QTTT_QTP_ERROR:
		m->text = rest(&w);
		return QTTT_OK;
	default:
		/* The rest of a message of one word is a later version's. */
		return QTTT_OK;
	}
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

void
qttt__protocol_put(struct line_out *o, const char *s, size_t len)
{
	if (o->len < o->n) {
		size_t room = o->n - 1 - o->len;

		memcpy(o->buf + o->len, s, len < room ? len : room);
	}
	o->len += len;
}

int
qttt__protocol_end(struct line_out *o, size_t max)
{
	if (o->bad || o->len > max)
		return -1;
	if (o->n > 0)
		o->buf[o->len < o->n ? o->len : o->n - 1] = '\0';
	return (int)o->len;
}

static void
put(struct line_out *o, const char *s, size_t len)
{
	qttt__protocol_put(o, s, len);
}

static void
put_word(struct line_out *o, const char *word)
{
	if (o->len > 0)
		put(o, " ", 1);
	put(o, word, strlen(word));
}

static void
put_digits(struct line_out *o, const char *word, int neg, uint64_t v)
{
	char	 b[24];
	int	 i = sizeof(b);

	do
		b[--i] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	if (neg)
		b[--i] = '-';
	put_word(o, word);
	put(o, " ", 1);
	put(o, b + i, sizeof(b) - (size_t)i);
}

static void
put_number(struct line_out *o, const char *word, uint64_t v)
{
	put_digits(o, word, 0, v);
}

static void
put_signed(struct line_out *o, const char *word, long long v)
{
	put_digits(o, word, v < 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
}

/*
 * Text that reads back as itself: not empty unless it may be, no
 * blank at either end, no character a line may not hold, and none of
 * the words of stop (a NULL-ended list) as a word of its own.
 */
static void
put_text(struct line_out *o, const struct qttt_qtp_text *t, int empty_ok,
    const char *const *stop)
{
	struct qttt_qtp_text word;
	struct words	 w;
	size_t		 i;

	if (t->len == 0) {
		if (!empty_ok)
			o->bad = 1;
		return;
	}
	if (t->s == NULL || is_blank((unsigned char)t->s[0]) ||
	    is_blank((unsigned char)t->s[t->len - 1]) ||
	    qttt__text_bad_byte((const unsigned char *)t->s, t->len) < t->len ||
	    memchr(t->s, '\r', t->len) != NULL) {
		o->bad = 1;
		return;
	}
	w.s = t->s;
	w.len = t->len;
	w.pos = 0;
	w.d = NULL;
	while ((word = next_word(&w)).len > 0)
		for (i = 0; stop != NULL && stop[i] != NULL; i++)
			if (text_is(&word, stop[i]))
				o->bad = 1;
	put(o, " ", 1);
	put(o, t->s, t->len);
}

/* Whether an action can be written: a mark and squares that exist. */
static int
action_ok(const struct qttt_action *a)
{
	if (a->move < 1 || a->move > QTTT_MAXMOVES ||
	    a->sq[0] >= QTTT_NSQUARES)
		return 0;
	if (a->kind == QTTT_MEASURE)
		return 1;
	return a->kind == QTTT_PLACE && a->sq[1] < QTTT_NSQUARES &&
	    (a->sq[0] != a->sq[1] || a->move == QTTT_MAXMOVES);
}

static void
put_action(struct line_out *o, const struct qttt_action *a)
{
	char	 b[ACTION_TEXT_MAX];

	if (!action_ok(a)) {
		o->bad = 1;
		return;
	}

	put(o, " ", 1);
	put(o, b, (size_t)(qttt__engine_action_text(b, a) - b));
}

/*
 * A game's actions as the line notation writes them, "; " between:
 * each must be legal in turn (the canonical form of a measurement
 * names the cycle's closing move).
 */
/* The plies of g, played from the state from (NULL: the empty board). */
static void
put_plies(struct line_out *o, const struct qttt_game *g,
    const struct qttt_state *from)
{
	struct qttt_game replay;
	size_t		 i;

	qttt_game_init(&replay);
	replay.state.rules = g->state.rules;
	if (from != NULL)
		replay.state = *from;
	for (i = 0; i < g->nplies; i++) {
		if (qttt_game_play(&replay, &g->plies[i], NULL) != QTTT_OK) {
			o->bad = 1;
			return;
		}
		if (i > 0)
			put(o, ";", 1);
		put_action(o, &replay.plies[i]);
	}
}

static void
put_fields(struct line_out *o, const struct qttt_qtp_msg *m, unsigned int which)
{
	int	 f;

	for (f = 0; f < QTTT_QTP_NFIELDS; f++)
		if ((which & m->has & QTTT_QTP_HAS(f)) != 0)
			put_number(o, field_words[f], m->num[f]);
}

static void
format_option(struct line_out *o, const struct qttt_qtp_msg *m)
{
	static const char *const stop_type[] = { "type", NULL };
	static const char *const stop_key[] = { "default", "min", "max",
	    "var", NULL };
	size_t	 i;

	put_word(o, "name");
	put_text(o, &m->name, 0, stop_type);
	if ((unsigned)m->type >= NTYPES) {
		o->bad = 1;
		return;
	}
	put_word(o, "type");
	put_word(o, type_words[m->type]);
	if (m->has & QTTT_QTP_DEFAULT) {
		put_word(o, "default");
		put_text(o, &m->text, m->type == QTTT_QTP_STRING_TYPE,
		    m->type == QTTT_QTP_STRING_TYPE ? NULL : stop_key);
		if (m->type == QTTT_QTP_BUTTON ||
		    (m->type == QTTT_QTP_CHECK && !text_is(&m->text, "true") &&
		    !text_is(&m->text, "false")) ||
		    (m->type == QTTT_QTP_SPIN &&
		    signed_number(&m->text, &(long long){ 0 }) == -1))
			o->bad = 1;
	}
	if (m->type == QTTT_QTP_SPIN) {
		if (m->has & QTTT_QTP_MIN)
			put_signed(o, "min", m->min);
		if (m->has & QTTT_QTP_MAX)
			put_signed(o, "max", m->max);
		if ((m->has & QTTT_QTP_MIN) && (m->has & QTTT_QTP_MAX) &&
		    m->min > m->max)
			o->bad = 1;
	} else if (m->has & (QTTT_QTP_MIN | QTTT_QTP_MAX))
		o->bad = 1;
	if (m->type == QTTT_QTP_COMBO) {
		if (m->nvars == 0 || m->nvars > QTTT_QTP_MAXVARS)
			o->bad = 1;
		for (i = 0; i < m->nvars && i < QTTT_QTP_MAXVARS; i++) {
			put_word(o, "var");
			put_text(o, &m->var[i], 0, stop_key);
		}
	} else if (m->nvars > 0)
		o->bad = 1;
}

int
qttt_qtp_format(const struct qttt_qtp_msg *m, char *buf, size_t n)
{
	static const char *const stop_value[] = { "value", NULL };
	const struct qttt_state *st;
	struct line_out	 o;
	char		 b[QTTT_STATE_MAX];

	o.buf = buf;
	o.n = n;
	o.len = 0;
	o.bad = 0;
	if ((unsigned)m->kind >= NKINDS || m->kind == QTTT_QTP_NONE ||
	    m->kind == QTTT_QTP_UNKNOWN)
		return -1;
	put_word(&o, kind_words[m->kind]);
	switch (m->kind) {
	case QTTT_QTP_SETOPTION:
		put_word(&o, "name");
		put_text(&o, &m->name, 0, stop_value);
		if (m->has & QTTT_QTP_VALUE) {
			put_word(&o, "value");
			put_text(&o, &m->text, 1, NULL);
		}
		break;
	case QTTT_QTP_NEWGAME:
		put_fields(&o, m, QTTT_QTP_HAS(QTTT_QTP_SEED));
		break;
	case QTTT_QTP_POSITION:
		if (m->from_state) {
			/* The state given: start, if actions follow it. */
			st = m->game.nplies > 0 ? &m->start : &m->game.state;
			if (qttt_state_check(st, NULL) != QTTT_OK) {
				o.bad = 1;
				break;
			}
			put_word(&o, "state ");
			put(&o, b, (size_t)qttt_state_format(st, b, sizeof(b)));
			if (m->game.nplies > 0) {
				put_word(&o, "actions");
				put_plies(&o, &m->game, st);
			}
			break;
		}
		put_word(&o, "start");
		if ((m->has & QTTT_QTP_ACTIONS) || m->game.nplies > 0) {
			put_word(&o, "actions");
			put_plies(&o, &m->game, NULL);
		}
		break;
	case QTTT_QTP_GO:
		put_fields(&o, m, GO_FIELDS);
		if (m->has & QTTT_QTP_INFINITE)
			put_word(&o, "infinite");
		break;
	case QTTT_QTP_ID:
		if (text_is(&m->word, "protocol")) {
			put_number(&o, "protocol", m->num[QTTT_QTP_PROTOCOL]);
			if (m->num[QTTT_QTP_PROTOCOL] == 0)
				o.bad = 1;
			break;
		}
		put_text(&o, &m->word, 0, NULL);
		if (memchr(m->word.s, ' ', m->word.len) != NULL ||
		    memchr(m->word.s, '\t', m->word.len) != NULL)
			o.bad = 1;
		put_text(&o, &m->text, 1, NULL);
		break;
	case QTTT_QTP_OPTION:
		format_option(&o, m);
		break;
	case QTTT_QTP_INFO:
		put_fields(&o, m, INFO_FIELDS);
		if (m->has & QTTT_QTP_VALUE) {
			if (!m->value.over || qttt_result_index(&m->value) < 0) {
				o.bad = 1;
				break;
			}
			put_word(&o, "value ");
			put(&o, b, (size_t)(qttt__engine_result_text(b, &m->value) - b));
		}
		/* What runs to the end of the line comes last. */
		if ((m->has & QTTT_QTP_STRING) && (m->has & QTTT_QTP_PV))
			o.bad = 1;
		if (m->has & QTTT_QTP_PV) {
			put_word(&o, "pv");
			put_text(&o, &m->pv, 0, NULL);
		}
		if (m->has & QTTT_QTP_STRING) {
			put_word(&o, "string");
			put_text(&o, &m->text, 1, NULL);
		}
		break;
	case QTTT_QTP_BESTACTION:
		put_action(&o, &m->action);
		break;
	case QTTT_QTP_ERROR:
		put_text(&o, &m->text, 1, NULL);
		break;
	default:
		break;
	}
	return qttt__protocol_end(&o, QTTT_QTP_LINE_MAX);
}
