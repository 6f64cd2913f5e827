/*
 * Compliance checks of an engine (formats/engine-protocol.md, section
 * 5): a scripted conversation with one process, each check a few
 * messages and what the engine must answer, passed or failed with the
 * reason.  Like the referee, it does no input or output: the caller
 * moves the bytes of a raw peer and reports the process's end.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "protocol/protocol.h"

/* How long an answer may take, beyond a go's movetime: a hang. */
#define ANSWER_MS	5000
/* How long an engine is watched for an answer that must not come. */
#define QUIET_MS	200

#define OPENING		"X1 a1 b1"
#define TWO_CYCLE	"X1 a1 b1; O2 a1 b1"
#define THREE_CYCLE	"X1 a1 b1; O2 b1 b2; X3 a1 b2"
/* X9 forced to c3, with no 2-cycle, which some rules refuse. */
#define FORCED		"X1 a1 a2; O2 a1 b1; X3 a3 b3; O4 c2 b3; " \
			"X5 b1 b2; O6 c1 a3; X7 b2 c2; O8 a2 b3; " \
			"measure O8->b3"
#define STATE		"x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *"

enum check_id {
	C_HELLO = 0,
	C_NAME,
	C_RULES,
	C_READY,
	C_BADOPTION,
	C_UNKNOWN,
	C_FIRST,
	C_ODDREADY,
	C_MEASURE,
	C_FORCED,
	C_STATE,
	C_STOP,
	C_ILLEGAL,
	C_MALFORMED,
	C_NOPOSITION,
	C_OVER,
	C_SEED,
	C_QUIT,
	NCHECKS
};

static const char *const names[NCHECKS] = {
	[C_HELLO] = "qtp is answered with well-formed lines and qtpok",
	[C_NAME] = "the engine gives its name (id name)",
	[C_RULES] = "the rules checked: the Rules option lists them and takes "
	    "them (goff: or no Rules option)",
	[C_READY] = "isready is answered with readyok",
	[C_BADOPTION] = "setoption of an option not listed gets an error",
	[C_UNKNOWN] = "an unknown message is ignored",
	[C_FIRST] = "go from the empty board gets a legal bestaction",
	[C_ODDREADY] = "isready before and during a go gets readyok at once",
	[C_MEASURE] = "a measurement due (a 2-cycle; a 3-cycle if the rules "
	    "refuse it) is made",
	[C_FORCED] = "the forced X9 is played",
	[C_STATE] = "a position given as a state string, and with actions "
	    "after it, is played",
	[C_STOP] = "go infinite waits for stop, and so does a message after "
	    "it; then it answers",
	[C_ILLEGAL] = "an illegal position gets an error, and the engine "
	    "lives",
	[C_MALFORMED] = "a malformed position gets an error, and the engine "
	    "lives",
	[C_NOPOSITION] = "go after a refused position gets an error",
	[C_OVER] = "go in a game that is over gets an error",
	[C_SEED] = "the same newgame seed gives the same answer to go depth "
	    "(no seed: seed 0)",
	[C_QUIT] = "stop at once gets a bestaction; quit, while thinking "
	    "too: the engine exits"
};

struct qttt_check {
	struct qttt_peer	*peer;
	struct qttt_qtp_parser	*parser;	/* for the positions sent */
	enum check_id		 cur;
	int			 step;
	int			 passed[NCHECKS];	/* 1, 0, -1 not run */
	char			 why[NCHECKS][QTTT_MSG_MAX];
	long long		 deadline;
	long long		 quiet;		/* answers before it fail */
	struct qttt_state	 pos;		/* of the action awaited */
	int			 ready, answered, errors, named;
	int			 listed;
	/* The rules checked, their name, and what they make of the
	 * positions sent: the cycle to measure, whether X9 is forced. */
	unsigned int		 rules;
	char			 rulesname[QTTT_RULES_NAME_MAX];
	const char		*cycle;
	int			 forced;
	struct qttt_action	 first;		/* C_SEED's answer to compare */
	int			 quit_sent;
};

struct qttt_check *
qttt_check_new(void)
{
	struct qttt_check *c;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	if ((c->parser = qttt_qtp_parser_new()) == NULL) {
		free(c);
		return NULL;
	}
	qttt_check_rules(c, QTTT_RULES_GOFF);
	return c;
}

/* Whether the position of items is one the rules play, not over. */
static int
playable(struct qttt_check *c, const char *items)
{
	struct qttt_qtp_msg m;
	char		 line[256];

	snprintf(line, sizeof(line), "position start actions %s", items);
	return qttt_qtp_parse(c->parser, line, strlen(line), &m, NULL) ==
	    QTTT_OK && !m.game.state.result.over;
}

int
qttt_check_rules(struct qttt_check *c, unsigned int rules)
{
	if (qttt_qtp_parser_rules(c->parser, rules) == -1)
		return -1;
	c->rules = rules;
	qttt_rules_format(rules, c->rulesname, sizeof(c->rulesname));
	c->cycle = playable(c, TWO_CYCLE) ? TWO_CYCLE : THREE_CYCLE;
	/* Under last-square=draw the position before X9 is a draw. */
	c->forced = playable(c, FORCED);
	return 0;
}

void
qttt_check_free(struct qttt_check *c)
{
	if (c == NULL)
		return;
	qttt_qtp_parser_free(c->parser);
	free(c);
}

size_t
qttt_check_count(const struct qttt_check *c)
{
	(void)c;
	return NCHECKS;
}

int
qttt_check_result(const struct qttt_check *c, size_t i, const char **name,
    const char **why)
{
	if (i >= NCHECKS)
		return -1;
	*name = names[i];
	*why = c->why[i];
	return c->passed[i];
}

int
qttt_check_done(const struct qttt_check *c)
{
	return c->cur == NCHECKS;
}

long long
qttt_check_deadline(const struct qttt_check *c)
{
	if (c->cur == NCHECKS)
		return -1;
	if (c->quiet >= 0 && (c->deadline < 0 || c->quiet < c->deadline))
		return c->quiet;
	return c->deadline;
}

/*
 * Queues a line for the engine, as written here (some on purpose
 * refused); the position of a position line that reads is the one
 * the next action is judged in.
 */
static void
send(struct qttt_check *c, const char *line)
{
	struct qttt_qtp_msg m;

	qttt_peer_send_line(c->peer, line, strlen(line));
	if (qttt_qtp_parse(c->parser, line, strlen(line), &m, NULL) ==
	    QTTT_OK && m.kind == QTTT_QTP_POSITION)
		c->pos = m.game.state;
}

static void	 begin(struct qttt_check *, long long now);

/* The current check ends, passed or not; the next begins. */
static void
verdict(struct qttt_check *c, int ok, long long now, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
verdict(struct qttt_check *c, int ok, long long now, const char *fmt, ...)
{
	va_list	 ap;

	if (c->cur == NCHECKS)
		return;
	c->passed[c->cur] = ok;
	va_start(ap, fmt);
	vsnprintf(c->why[c->cur], sizeof(c->why[0]), fmt, ap);
	va_end(ap);
	/* The process is gone or lost: nothing more can be checked. */
	if (qttt_peer_fault(c->peer, NULL) != QTTT_TERM_NORMAL &&
	    c->cur != C_QUIT) {
		while (++c->cur < NCHECKS)
			snprintf(c->why[c->cur], sizeof(c->why[0]), "not run: "
			    "the engine was lost");
		return;
	}
	c->cur++;
	begin(c, now);
}

/* Expects an answer by now + ms (a go's time in it). */
static void
expect(struct qttt_check *c, long long now, long long ms)
{
	c->deadline = now + ms + ANSWER_MS;
	c->ready = c->answered = c->errors = 0;
}

static void
ask(struct qttt_check *c, const char *position, long long now)
{
	send(c, position);
	send(c, "go movetime 1000");
	expect(c, now, 1000);
}

/*
 * C_SEED's step: a newgame, then go from the empty board, bounded by
 * depth (an answer at a deadline need not be the same).
 */
static void
ask_seeded(struct qttt_check *c, long long now)
{
	static const char *const newgame[] = {
		"newgame seed 7", "newgame seed 7", "newgame", "newgame seed 0"
	};

	send(c, newgame[c->step]);
	send(c, "position start");
	send(c, "go depth 2");
	expect(c, now, 1000);
}

/* The Rules option set to the rules checked, in the engine's spelling. */
static void
send_rules(struct qttt_check *c)
{
	char	 line[QTTT_QTP_LINE_MAX + 1];

	snprintf(line, sizeof(line), "setoption name Rules value %s",
	    qttt__protocol_peer_spelling(c->peer));
	send(c, line);
}

static void
begin(struct qttt_check *c, long long now)
{
	char	 line[128];

	c->step = 0;
	c->quiet = -1;
	c->deadline = -1;
	switch (c->cur) {
	case C_HELLO:
		send(c, "qtp");
		expect(c, now, 0);
		break;
	case C_NAME:
		verdict(c, c->named, now, "%s", c->named ? "" : "no id name "
		    "before qtpok");
		break;
	case C_RULES:
		if (!c->listed) {
			verdict(c, c->rules == QTTT_RULES_GOFF, now, "%s%s",
			    c->rules == QTTT_RULES_GOFF ? "no Rules option: "
			    "it plays goff" : "no Rules option, so it plays "
			    "goff alone, not ", c->rules == QTTT_RULES_GOFF ?
			    "" : c->rulesname);
			break;
		}
		if (!qttt_peer_plays(c->peer, c->rules)) {
			/* Not a fault of the protocol: of the rules asked. */
			verdict(c, 0, now, "its Rules option does not list "
			    "%s: check it under rules it lists", c->rulesname);
			break;
		}
		send_rules(c);
		/* FALLTHROUGH */
	case C_READY:
	case C_UNKNOWN:
		if (c->cur == C_UNKNOWN)
			send(c, "qtpcheck-unknown-message 1 2 3");
		send(c, "isready");
		expect(c, now, 0);
		break;
	case C_BADOPTION:
		send(c, "setoption name QtpCheckNoSuchOption value 1");
		send(c, "isready");
		expect(c, now, 0);
		break;
	case C_FIRST:
		send(c, "newgame seed 1");
		ask(c, "position start", now);
		break;
	case C_ODDREADY:
		send(c, "position start actions " OPENING);
		send(c, "isready");
		send(c, "go movetime 500");
		send(c, "isready");
		expect(c, now, 500);
		break;
	case C_MEASURE:
		snprintf(line, sizeof(line), "position start actions %s",
		    c->cycle);
		ask(c, line, now);
		break;
	case C_FORCED:
		if (!c->forced) {
			verdict(c, 1, now, "not run: X9 is never forced under "
			    "%s", c->rulesname);
			break;
		}
		ask(c, "position start actions " FORCED, now);
		break;
	case C_STATE:
		ask(c, "position state " STATE, now);
		break;
	case C_STOP:
		send(c, "position start actions " OPENING);
		send(c, "go infinite");
		/* It waits for the stop: the answer is OPENING's (not sent
		 * through send(), which would judge the action in it). */
		qttt_peer_send_line(c->peer, "position start", 14);
		expect(c, now, 0);
		c->quiet = now + QUIET_MS;
		break;
	case C_ILLEGAL:
		send(c, "position start actions X1 a1 a1");
		send(c, "isready");
		expect(c, now, 0);
		break;
	case C_MALFORMED:
		send(c, "position state x1");
		send(c, "isready");
		expect(c, now, 0);
		break;
	case C_NOPOSITION:
		send(c, "position start actions X1 b2 b2");
		send(c, "go movetime 1000");
		expect(c, now, 1000);
		break;
	case C_OVER:
		/* A game over: by X9, or by the draw before it. */
		send(c, c->forced ? "position start actions " FORCED "; X9 c3" :
		    "position start actions " FORCED);
		send(c, "go movetime 1000");
		expect(c, now, 1000);
		break;
	case C_SEED:
		ask_seeded(c, now);
		break;
	case C_QUIT:
		send(c, "position start actions " OPENING);
		send(c, "go infinite");
		send(c, "stop");
		expect(c, now, 0);
		break;
	default:
		break;
	}
}

void
qttt_check_start(struct qttt_check *c, struct qttt_peer *p, long long now)
{
	size_t	 i;

	c->peer = p;
	qttt_peer_set_raw(p, 1);
	qttt__protocol_peer_rules(p, c->rules);
	for (i = 0; i < NCHECKS; i++) {
		c->passed[i] = -1;
		c->why[i][0] = '\0';
	}
	c->cur = C_HELLO;
	c->named = c->listed = c->quit_sent = 0;
	begin(c, now);
}

/* Whether action a is legal in the position asked about. */
static int
legal(struct qttt_check *c, const struct qttt_action *a, char *why,
    size_t n)
{
	struct qttt_diag d;

	if (qttt_state_legal(&c->pos, a, &d) == QTTT_OK)
		return 1;
	snprintf(why, n, "an illegal action: %.160s", d.msg);
	return 0;
}

/* A bestaction for one of the checks that ask for an action. */
static void
action(struct qttt_check *c, const struct qttt_action *a, long long now)
{
	char	 why[QTTT_MSG_MAX];
	int	 ok = legal(c, a, why, sizeof(why));

	switch (c->cur) {
	case C_MEASURE:
		if (ok && a->kind != QTTT_MEASURE)
			ok = 0, snprintf(why, sizeof(why), "not a measurement");
		break;
	case C_FORCED:
		if (ok && (a->kind != QTTT_PLACE || a->sq[0] != a->sq[1]))
			ok = 0, snprintf(why, sizeof(why), "not X9 c3");
		break;
	case C_STATE:
		if (!ok || c->step++ > 0)
			break;
		/* The same state, and an action played from it. */
		ask(c, "position state " STATE " actions measure O4->a1", now);
		return;
	case C_SEED:
		if (!ok)
			break;
		if (c->step % 2 == 1 &&
		    memcmp(&c->first, a, sizeof(*a)) != 0) {
			char	 x[24], y[24];

			qttt_action_format(&c->first, x, sizeof(x));
			qttt_action_format(a, y, sizeof(y));
			verdict(c, 0, now, "%s, then %s%s", x, y, c->step == 1 ?
			    "" : " (newgame, then newgame seed 0)");
			return;
		}
		c->first = *a;
		if (++c->step < 4) {
			ask_seeded(c, now);
			return;
		}
		break;
	case C_QUIT:
		if (!ok)
			break;
		/* Stopped at once, it answered: now quit while it thinks. */
		send(c, "position start actions " OPENING);
		send(c, "go infinite");
		send(c, "quit");
		c->quit_sent = 1;
		expect(c, now, 0);
		return;
	default:
		break;
	}
	verdict(c, ok, now, "%s", ok ? "" : why);
}

/* What a message from the engine makes of the current check. */
static void
message(struct qttt_check *c, const struct qttt_qtp_msg *m, int malformed,
    long long now)
{
	const char	*word = qttt_qtp_word(m->kind);

	if (malformed) {
		verdict(c, 0, now, "a malformed line: %s", word);
		return;
	}
	if (m->kind == QTTT_QTP_NONE || m->kind == QTTT_QTP_UNKNOWN ||
	    m->kind == QTTT_QTP_INFO)
		return;
	switch (c->cur) {
	case C_HELLO:
		if (m->kind == QTTT_QTP_ID) {
			if (m->word.len == 4 &&
			    memcmp(m->word.s, "name", 4) == 0)
				c->named = 1;
			return;
		}
		if (m->kind == QTTT_QTP_OPTION) {
			/* The peer reads which profiles it lists. */
			if (qttt_qtp_name_is(&m->name, "Rules") &&
			    m->type == QTTT_QTP_COMBO)
				c->listed = 1;
			return;
		}
		verdict(c, m->kind == QTTT_QTP_QTPOK, now, "%s%s",
		    m->kind == QTTT_QTP_QTPOK ? "" : "an answer before qtpok: ",
		    m->kind == QTTT_QTP_QTPOK ? "" : word);
		return;
	case C_RULES:
	case C_READY:
	case C_UNKNOWN:
	case C_BADOPTION:
	case C_ILLEGAL:
	case C_MALFORMED:
		if (m->kind == QTTT_QTP_ERROR) {
			c->errors++;
			return;
		}
		if (m->kind != QTTT_QTP_READYOK) {
			verdict(c, 0, now, "'%s' where readyok was awaited",
			    word);
			return;
		}
		if (c->cur == C_BADOPTION || c->cur == C_ILLEGAL ||
		    c->cur == C_MALFORMED)
			verdict(c, c->errors > 0, now, "%s", c->errors > 0 ?
			    "" : "readyok, but no error first");
		else
			verdict(c, c->errors == 0, now, "%s", c->errors == 0 ?
			    "" : "an error before readyok");
		return;
	case C_NOPOSITION:
		/* An error for the position, then one for go. */
		if (m->kind == QTTT_QTP_ERROR && ++c->errors < 2)
			return;
		/* FALLTHROUGH */
	case C_OVER:
		verdict(c, m->kind == QTTT_QTP_ERROR, now, "%s%s",
		    m->kind == QTTT_QTP_ERROR ? "" : "it answered with ",
		    m->kind == QTTT_QTP_ERROR ? "" : word);
		return;
	case C_ODDREADY:
		if (m->kind == QTTT_QTP_READYOK) {
			c->ready++;
			break;
		}
		if (m->kind != QTTT_QTP_BESTACTION) {
			verdict(c, 0, now, "'%s' where readyok and bestaction "
			    "were awaited", word);
			return;
		}
		if (c->ready < 1) {
			verdict(c, 0, now, "bestaction before the first "
			    "readyok");
			return;
		}
		c->answered = 1;
		c->first = m->action;
		break;
	case C_STOP:
		if (m->kind != QTTT_QTP_BESTACTION) {
			verdict(c, 0, now, "'%s' where bestaction was awaited",
			    word);
			return;
		}
		if (c->step == 0) {
			verdict(c, 0, now, "bestaction before stop");
			return;
		}
		action(c, &m->action, now);
		return;
	case C_QUIT:
		/* After quit, what it writes is ignored. */
		if (c->quit_sent)
			return;
		/* FALLTHROUGH */
	default:
		if (m->kind != QTTT_QTP_BESTACTION) {
			verdict(c, 0, now, "'%s' where bestaction was awaited",
			    word);
			return;
		}
		action(c, &m->action, now);
		return;
	}
	/* C_ODDREADY: both readyok and the action. */
	if (c->answered && c->ready == 2)
		action(c, &c->first, now);
}

void
qttt_check_line(struct qttt_check *c, const char *line, size_t len,
    long long now)
{
	const struct qttt_qtp_msg *m;
	enum qttt_code	 code;
	const char	*why;

	if (c->cur == NCHECKS)
		return;
	switch (qttt_peer_line(c->peer, line, len, now)) {
	case QTTT_PEER_MESSAGE:
		m = qttt_peer_message(c->peer, &code);
		message(c, m, code != QTTT_OK, now);
		break;
	case QTTT_PEER_FAULT:
		qttt_peer_fault(c->peer, &why);
		verdict(c, 0, now, "%s", why);
		break;
	default:
		break;
	}
}

void
qttt_check_fail(struct qttt_check *c, enum qttt_termination fault,
    const char *msg, long long now)
{
	if (c->cur == NCHECKS)
		return;
	qttt_peer_fail(c->peer, fault, msg);
	if (c->cur == C_QUIT && c->quit_sent) {
		verdict(c, fault == QTTT_TERM_EXIT, now, "%s",
		    fault == QTTT_TERM_EXIT ? "" : msg);
		return;
	}
	verdict(c, 0, now, "%s", msg);
}

void
qttt_check_tick(struct qttt_check *c, long long now)
{
	if (c->cur == NCHECKS)
		return;
	if (c->cur == C_STOP && c->step == 0 && c->quiet >= 0 &&
	    now >= c->quiet) {
		/* It waited: now stop. */
		c->step = 1;
		c->quiet = -1;
		send(c, "stop");
		expect(c, now, 0);
		return;
	}
	if (c->deadline >= 0 && now > c->deadline)
		verdict(c, 0, now, "no answer within %d ms", ANSWER_MS);
}
