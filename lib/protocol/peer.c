/*
 * The runner's end of a conversation with one engine process
 * (formats/engine-protocol.md, sections 5 and 8): the handshake, the
 * lines to write, and what each line the engine writes means where it
 * comes, or which fault it is.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "protocol/protocol.h"

/* Lines queued for the engine, at most: a position, a go and more. */
#define OUT_MAX		(4 * (QTTT_QTP_LINE_MAX + 1))
/* The longest name kept, in bytes. */
#define NAME_MAX_	256

enum stage {
	FRESH = 0,	/* nothing said yet */
	HELLO,		/* qtp sent: id and option lines, then qtpok */
	SETUP,		/* options set, isready sent: readyok */
	IDLE,		/* ready, not asked for anything */
	THINKING,	/* go sent: bestaction */
	FAULTED		/* to be killed */
};

struct qttt_peer {
	enum stage		 stage;
	int			 raw;
	struct qttt_qtp_parser	*parser;
	struct qttt_qtp_msg	 msg;		/* the last line's */
	enum qttt_code		 code;		/* what reading it gave */
	unsigned int		 rules;		/* to set, after qtpok */
	int			 listed;	/* the engine lists Rules */
	uint64_t		 profiles[4];	/* those it lists, bit r */
	/* How the engine spells rules, if it lists them: what is set. */
	char			 spelling[QTTT_RULES_NAME_MAX];
	char			 name[NAME_MAX_];
	long long		 deadline;	/* -1: none */
	long long		 since;		/* when go was sent */
	/* The answer to go, and its words as sent. */
	struct qttt_action	 action;
	char			 said[QTTT__PROTOCOL_SAID_MAX];
	int			 value;
	long long		 ms;
	enum qttt_termination	 fault;
	int			 refused;	/* the rules, not a fault */
	/* The user's settings; those the engine lists; the first misfit. */
	const struct qttt_engine_settings *set;
	uint64_t		 declared;
	char			 misfit[QTTT_MSG_MAX];
	char			 why[QTTT_MSG_MAX];
	size_t			 outlen;
	char			 out[OUT_MAX];
};

struct qttt_peer *
qttt_peer_new(void)
{
	struct qttt_peer *p;

	if ((p = calloc(1, sizeof(*p))) == NULL)
		return NULL;
	if ((p->parser = qttt_qtp_parser_new()) == NULL) {
		free(p);
		return NULL;
	}
	qttt_peer_reset(p);
	return p;
}

void
qttt_peer_free(struct qttt_peer *p)
{
	if (p == NULL)
		return;
	qttt_qtp_parser_free(p->parser);
	free(p);
}

void
qttt_peer_reset(struct qttt_peer *p)
{
	p->stage = FRESH;
	p->listed = 0;
	memset(p->profiles, 0, sizeof(p->profiles));
	p->spelling[0] = '\0';
	p->name[0] = '\0';
	p->deadline = -1;
	p->fault = QTTT_TERM_NORMAL;
	p->refused = 0;
	p->declared = 0;
	p->misfit[0] = '\0';
	p->why[0] = '\0';
	p->outlen = 0;
}

size_t
qttt_peer_output(const struct qttt_peer *p, const char **text)
{
	*text = p->out;
	return p->outlen;
}

void
qttt_peer_written(struct qttt_peer *p, size_t n)
{
	if (n >= p->outlen) {
		p->outlen = 0;
		return;
	}
	memmove(p->out, p->out + n, p->outlen - n);
	p->outlen -= n;
}

const char *
qttt_peer_name(const struct qttt_peer *p)
{
	return p->name;
}

int
qttt_peer_ready(const struct qttt_peer *p)
{
	return p->stage == IDLE || p->stage == THINKING;
}

int
qttt_peer_idle(const struct qttt_peer *p)
{
	return p->stage == IDLE;
}

int
qttt_peer_plays(const struct qttt_peer *p, unsigned int rules)
{
	if (!qttt_rules_valid(rules))
		return 0;
	if (!p->listed)
		return rules == QTTT_RULES_GOFF;
	return (p->profiles[rules / 64] >> (rules % 64) & 1) != 0;
}

enum qttt_termination
qttt_peer_fault(const struct qttt_peer *p, const char **msg)
{
	if (msg != NULL)
		*msg = p->why;
	return p->fault;
}

void
qttt_peer_set_raw(struct qttt_peer *p, int raw)
{
	p->raw = raw;
}

long long
qttt_peer_deadline(const struct qttt_peer *p)
{
	return p->stage == FAULTED ? -1 : p->deadline;
}

int
qttt_peer_refused(const struct qttt_peer *p)
{
	return p->refused;
}

const struct qttt_action *
qttt_peer_action(const struct qttt_peer *p, int *value, long long *ms)
{
	if (value != NULL)
		*value = p->value;
	if (ms != NULL)
		*ms = p->ms;
	return &p->action;
}

const char *
qttt__protocol_peer_said(const struct qttt_peer *p)
{
	return p->said;
}

void
qttt__protocol_peer_rules(struct qttt_peer *p, unsigned int rules)
{
	p->rules = rules;
}

const char *
qttt__protocol_peer_spelling(const struct qttt_peer *p)
{
	return p->spelling;
}

const struct qttt_qtp_msg *
qttt_peer_message(const struct qttt_peer *p, enum qttt_code *code)
{
	if (code != NULL)
		*code = p->code;
	return &p->msg;
}

static enum qttt_peer_event
fail(struct qttt_peer *p, enum qttt_termination t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static enum qttt_peer_event
fail(struct qttt_peer *p, enum qttt_termination t, const char *fmt, ...)
{
	va_list	 ap;

	if (p->stage == FAULTED)
		return QTTT_PEER_NOTHING;
	p->stage = FAULTED;
	p->fault = t;
	p->deadline = -1;
	va_start(ap, fmt);
	vsnprintf(p->why, sizeof(p->why), fmt, ap);
	va_end(ap);
	return QTTT_PEER_FAULT;
}

void
qttt_peer_fail(struct qttt_peer *p, enum qttt_termination fault,
    const char *msg)
{
	fail(p, fault, "%s", msg);
}

static int
queue(struct qttt_peer *p, const char *text, size_t len)
{
	if (len + 1 > OUT_MAX - p->outlen)
		return -1;
	memcpy(p->out + p->outlen, text, len);
	p->out[p->outlen + len] = '\n';
	p->outlen += len + 1;
	return 0;
}

int
qttt_peer_send(struct qttt_peer *p, const struct qttt_qtp_msg *m)
{
	char	 line[QTTT_QTP_LINE_MAX + 1];
	int	 n;

	if ((n = qttt_qtp_format(m, line, sizeof(line))) < 0)
		return -1;
	return queue(p, line, (size_t)n);
}

int
qttt_peer_send_line(struct qttt_peer *p, const char *line, size_t len)
{
	if (len > QTTT_QTP_LINE_MAX || memchr(line, '\n', len) != NULL)
		return -1;
	return queue(p, line, len);
}

void
qttt_peer_hello(struct qttt_peer *p, unsigned int rules, long long now,
    long long deadline)
{
	(void)now;
	if (p->stage != FRESH)
		return;
	p->rules = rules;
	p->deadline = deadline;
	p->stage = HELLO;
	queue(p, "qtp", 3);
}

int
qttt_peer_go(struct qttt_peer *p, const struct qttt_qtp_msg *pos,
    const struct qttt_qtp_msg *go, long long now, long long deadline)
{
	struct qttt_qtp_msg limited = *go;

	/* The user's limits, on every go. */
	if (p->set != NULL && p->set->depth > 0) {
		limited.has |= QTTT_QTP_HAS(QTTT_QTP_DEPTH);
		limited.num[QTTT_QTP_DEPTH] = p->set->depth;
	}
	if (p->set != NULL && p->set->nodes > 0) {
		limited.has |= QTTT_QTP_HAS(QTTT_QTP_NODES);
		limited.num[QTTT_QTP_NODES] = p->set->nodes;
	}
	if (p->stage != IDLE || qttt_peer_send(p, pos) == -1 ||
	    qttt_peer_send(p, &limited) == -1)
		return -1;
	p->stage = THINKING;
	p->since = now;
	p->deadline = deadline;
	p->value = QTTT_NOVALUE;
	return 0;
}

/*
 * The Rules option's values that name profiles this library knows;
 * the first that names the match's profile is the spelling set.
 */
static void
rules_option(struct qttt_peer *p, const struct qttt_qtp_msg *m)
{
	unsigned int	 r;
	size_t		 i;

	p->listed = 1;
	memset(p->profiles, 0, sizeof(p->profiles));
	p->spelling[0] = '\0';
	for (i = 0; i < m->nvars; i++) {
		if (qttt_rules_parse(m->var[i].s, m->var[i].len, &r,
		    NULL) != 0)
			continue;
		p->profiles[r / 64] |= (uint64_t)1 << (r % 64);
		if (r == p->rules && p->spelling[0] == '\0' &&
		    m->var[i].len < sizeof(p->spelling)) {
			memcpy(p->spelling, m->var[i].s, m->var[i].len);
			p->spelling[m->var[i].len] = '\0';
		}
	}
}

void
qttt_peer_settings(struct qttt_peer *p, const struct qttt_engine_settings *s)
{
	p->set = s;
}

/* Whether an option of the engine, m, takes the value v. */
static int
takes(const struct qttt_qtp_msg *m, const char *v)
{
	char	*end;
	long long n;
	size_t	 i;

	switch (m->type) {
	case QTTT_QTP_CHECK:
		return strcmp(v, "true") == 0 || strcmp(v, "false") == 0;
	case QTTT_QTP_SPIN:
		errno = 0;
		n = strtoll(v, &end, 10);
		/* Digits, a minus first or not: no blank, no plus. */
		return (*v == '-' || (*v >= '0' && *v <= '9')) &&
		    *end == '\0' && errno == 0 && n >= m->min && n <= m->max;
	case QTTT_QTP_COMBO:
		for (i = 0; i < m->nvars; i++)
			if (m->var[i].len == strlen(v) &&
			    memcmp(m->var[i].s, v, m->var[i].len) == 0)
				return 1;
		return 0;
	case QTTT_QTP_BUTTON:
		return v[0] == '\0';
	default:
		return 1;
	}
}

/* An option the engine lists: one of the user's settings, if named. */
static void
user_option(struct qttt_peer *p, const struct qttt_qtp_msg *m)
{
	const struct qttt_engine_option *o;
	size_t		 i;

	for (i = 0; p->set != NULL && i < p->set->n; i++) {
		o = &p->set->opt[i];
		if (!qttt_qtp_name_is(&m->name, o->name))
			continue;
		p->declared |= (uint64_t)1 << i;
		if (!takes(m, o->value) && p->misfit[0] == '\0')
			snprintf(p->misfit, sizeof(p->misfit), "its option "
			    "'%.40s' does not take the value '%.60s' "
			    "(option.NAME=VALUE)", o->name, o->value);
	}
}

/*
 * The user's options, after Rules: each one the engine lists, with a
 * value it takes, or the engine is refused.
 */
static enum qttt_peer_event
user_options(struct qttt_peer *p)
{
	const struct qttt_engine_option *o;
	struct qttt_qtp_msg m;
	size_t		 i;

	for (i = 0; p->set != NULL && i < p->set->n; i++) {
		o = &p->set->opt[i];
		p->refused = 1;
		if ((p->declared & ((uint64_t)1 << i)) == 0)
			return fail(p, QTTT_TERM_PROTOCOL, "it lists no option "
			    "'%.40s' (option.%.40s=%.60s)", o->name, o->name,
			    o->value);
		if (p->misfit[0] != '\0')
			return fail(p, QTTT_TERM_PROTOCOL, "%s", p->misfit);
		p->refused = 0;
		qttt_qtp_init(&m, QTTT_QTP_SETOPTION);
		m.name.s = o->name;
		m.name.len = strlen(o->name);
		if (o->value[0] != '\0') {
			m.has = QTTT_QTP_VALUE;
			m.text.s = o->value;
			m.text.len = strlen(o->value);
		}
		qttt_peer_send(p, &m);
	}
	return QTTT_PEER_NOTHING;
}

/* After qtpok: the Rules option, the user's, then isready. */
static enum qttt_peer_event
setup(struct qttt_peer *p)
{
	struct qttt_qtp_msg m;
	char		 name[QTTT_RULES_NAME_MAX];

	qttt_rules_format(p->rules, name, sizeof(name));
	p->refused = !qttt_peer_plays(p, p->rules);
	if (!p->listed && p->rules != QTTT_RULES_GOFF)
		return fail(p, QTTT_TERM_PROTOCOL, "it lists no Rules option, "
		    "so it plays Goff's rules only, not %s", name);
	if (p->listed) {
		if (!qttt_peer_plays(p, p->rules))
			return fail(p, QTTT_TERM_PROTOCOL, "its Rules option "
			    "does not list %s: it cannot play the match's "
			    "rules", name);
		qttt_qtp_init(&m, QTTT_QTP_SETOPTION);
		m.name.s = "Rules";
		m.name.len = 5;
		m.has = QTTT_QTP_VALUE;
		/* The engine's own spelling of the profile, if it fits. */
		if (p->spelling[0] == '\0')
			memcpy(p->spelling, name, strlen(name) + 1);
		m.text.s = p->spelling;
		m.text.len = strlen(p->spelling);
		qttt_peer_send(p, &m);
	}
	if (user_options(p) == QTTT_PEER_FAULT)
		return QTTT_PEER_FAULT;
	queue(p, "isready", 7);
	p->stage = SETUP;
	return QTTT_PEER_NOTHING;
}

/* A message out of its place. */
static enum qttt_peer_event
misplaced(struct qttt_peer *p, const char *line, size_t len)
{
	static const char *const waits[] = {
		[FRESH] = "before anything was asked of it",
		[HELLO] = "before qtpok",
		[SETUP] = "while readyok was awaited",
		[IDLE] = "while nothing was asked of it",
		[THINKING] = "while bestaction was awaited",
		[FAULTED] = ""
	};

	return fail(p, QTTT_TERM_PROTOCOL, "it wrote '%.*s%s' %s",
	    (int)(len > 60 ? 60 : len), line, len > 60 ? "..." : "",
	    waits[p->stage]);
}

enum qttt_peer_event
qttt_peer_tick(struct qttt_peer *p, long long now)
{
	static const char *const what[] = {
		[FRESH] = "", [HELLO] = "qtp", [SETUP] = "isready",
		[IDLE] = "", [THINKING] = "go", [FAULTED] = ""
	};

	if (p->stage == FAULTED || p->deadline < 0 || now <= p->deadline)
		return QTTT_PEER_NOTHING;
	if (p->stage == THINKING)
		return fail(p, QTTT_TERM_TIME, "no bestaction within %lld ms",
		    p->deadline - p->since);
	return fail(p, QTTT_TERM_TIME, "no answer to %s in time",
	    what[p->stage]);
}

enum qttt_peer_event
qttt_peer_line(struct qttt_peer *p, const char *line, size_t len,
    long long now)
{
	struct qttt_qtp_msg *m = &p->msg;
	struct qttt_diag d;
	enum qttt_code	 code;

	if (p->stage == FAULTED)
		return QTTT_PEER_NOTHING;
	if (qttt_peer_tick(p, now) == QTTT_PEER_FAULT)
		return QTTT_PEER_FAULT;
	code = p->code = qttt_qtp_parse(p->parser, line, len, m, &d);
	if (code != QTTT_OK) {
		/* Bytes no line holds are garbage even to a raw peer. */
		if (p->raw && code != QTTT_E_LONGLINE && code != QTTT_E_NUL &&
		    code != QTTT_E_CONTROL && code != QTTT_E_UTF8)
			return QTTT_PEER_MESSAGE;
		return fail(p, QTTT_TERM_GARBAGE, "it wrote a line that is no "
		    "message, at byte %lu: %s", d.col + 1, d.msg);
	}
	if (m->kind == QTTT_QTP_NONE || m->kind == QTTT_QTP_UNKNOWN)
		return p->raw ? QTTT_PEER_MESSAGE : QTTT_PEER_NOTHING;
	if (p->raw) {
		if (m->kind == QTTT_QTP_ID && m->word.len == 4 &&
		    memcmp(m->word.s, "name", 4) == 0)
			snprintf(p->name, sizeof(p->name), "%.*s",
			    (int)m->text.len, m->text.s);
		if (m->kind == QTTT_QTP_OPTION && m->type == QTTT_QTP_COMBO &&
		    qttt_qtp_name_is(&m->name, "Rules"))
			rules_option(p, m);
		return QTTT_PEER_MESSAGE;
	}
	switch (m->kind) {
	case QTTT_QTP_INFO:
		if (p->stage == THINKING && (m->has & QTTT_QTP_VALUE))
			p->value = qttt_result_index(&m->value) < 0 ?
			    QTTT_NOVALUE : (int)m->value.score[QTTT_X] -
			    (int)m->value.score[QTTT_O];
		return QTTT_PEER_NOTHING;
	case QTTT_QTP_ID:
		if (p->stage != HELLO)
			return misplaced(p, line, len);
		if (m->word.len == 4 && memcmp(m->word.s, "name", 4) == 0)
			snprintf(p->name, sizeof(p->name), "%.*s",
			    (int)(m->text.len < NAME_MAX_ - 1 ? m->text.len :
			    NAME_MAX_ - 1), m->text.s);
		return QTTT_PEER_NOTHING;
	case QTTT_QTP_OPTION:
		if (p->stage != HELLO)
			return misplaced(p, line, len);
		if (m->type == QTTT_QTP_COMBO &&
		    qttt_qtp_name_is(&m->name, "Rules"))
			rules_option(p, m);
		user_option(p, m);
		return QTTT_PEER_NOTHING;
	case QTTT_QTP_QTPOK:
		if (p->stage != HELLO)
			return misplaced(p, line, len);
		return setup(p);
	case QTTT_QTP_READYOK:
		if (p->stage != SETUP)
			return misplaced(p, line, len);
		p->stage = IDLE;
		p->deadline = -1;
		return QTTT_PEER_READY;
	case QTTT_QTP_ERROR:
		if (p->stage == SETUP) {
			p->refused = 1;
			return fail(p, QTTT_TERM_PROTOCOL, "it refused to play "
			    "by the rules %s: %.*s", p->spelling,
			    (int)(m->text.len > 80 ? 80 : m->text.len),
			    m->text.s);
		}
		if (p->stage == THINKING)
			return fail(p, QTTT_TERM_PROTOCOL, "it answered go with "
			    "'error %.*s%s', not bestaction",
			    (int)(m->text.len > 80 ? 80 : m->text.len),
			    m->text.s, m->text.len > 80 ? "..." : "");
		return misplaced(p, line, len);
	case QTTT_QTP_BESTACTION:
		if (p->stage != THINKING)
			return misplaced(p, line, len);
		p->action = m->action;
		snprintf(p->said, sizeof(p->said), "%.*s%s",
		    (int)(m->text.len < sizeof(p->said) - 4 ? m->text.len :
		    sizeof(p->said) - 4), m->text.s,
		    m->text.len < sizeof(p->said) - 4 ? "" : "...");
		p->ms = now - p->since;
		p->stage = IDLE;
		p->deadline = -1;
		return QTTT_PEER_ANSWER;
	default:
		/* A runner's message, from an engine. */
		return misplaced(p, line, len);
	}
}
