/*
 * A game of a match between two engines, refereed: the runner's game
 * loop without its processes (formats/engine-protocol.md).  The
 * referee asks the side to act for an action, judges each answer by
 * the rules, keeps the clocks, adjudicates with the solver when asked
 * to, and charges every fault to the engine that made it, which loses
 * the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "protocol/protocol.h"

/* The time an engine has for its handshake, unless told otherwise. */
#define HELLO_MS	10000

struct qttt_referee {
	struct qttt_referee_opts opts;
	struct qttt_peer	*side[2];
	int			 from_state;
	struct qttt_state	 opened;	/* the opening's position */
	uint64_t		 seed[2];
	int			 started;	/* newgame sent */
	int			 over;
	long long		 left[2];	/* each side's clock, ms */
	struct qttt_match_game	 g;
};

struct qttt_referee *
qttt_referee_new(const struct qttt_referee_opts *o)
{
	struct qttt_referee *r;

	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	r->opts = *o;
	if (r->opts.hello <= 0)
		r->opts.hello = HELLO_MS;
	if (r->opts.limit <= 0)
		r->opts.limit = QTTT_ACTION_LIMIT;
	r->over = 1;
	return r;
}

void
qttt_referee_free(struct qttt_referee *r)
{
	free(r);
}

const struct qttt_match_game *
qttt_referee_result(const struct qttt_referee *r)
{
	return r->over && r->side[0] != NULL ? &r->g : NULL;
}

static void
finish(struct qttt_referee *r, enum qttt_termination t, int loser,
    const struct qttt_result *score)
{
	r->over = 1;
	r->g.term = t;
	r->g.loser = loser;
	r->g.score = *score;
}

/* The side of peer p in the game, or -1. */
static int
side_of(const struct qttt_referee *r, const struct qttt_peer *p)
{
	if (p == r->side[QTTT_X])
		return QTTT_X;
	if (p == r->side[QTTT_O])
		return QTTT_O;
	return -1;
}

/* Peer p has a fault: its side loses, the other scores 1 to 0. */
static void
forfeit(struct qttt_referee *r, int s)
{
	struct qttt_result score;
	const char	*why;
	enum qttt_termination t;

	if (r->over)
		return;
	t = qttt_peer_fault(r->side[s], &why);
	score.over = 1;
	score.score[s] = 0;
	score.score[!s] = 2;
	snprintf(r->g.why, sizeof(r->g.why), "%c (%s): %s",
	    QTTT_PLAYER_LETTER(s), qttt_peer_name(r->side[s])[0] != '\0' ?
	    qttt_peer_name(r->side[s]) : "unnamed", why);
	finish(r, t, s, &score);
}

/*
 * Ends the game by the solver's value v, saying why; returns 1, or 0
 * for a value the rules' results do not have (the game goes on).
 */
static int
adjudicate(struct qttt_referee *r, int v, const char *how)
{
	struct qttt_result score;
	char		 res[16];

	if (qttt_solver_result(r->g.game.state.rules, v, &score) == -1)
		return 0;
	qttt_result_format(&score, res, sizeof(res));
	snprintf(r->g.why, sizeof(r->g.why), "%s: %s under perfect play",
	    how, res);
	finish(r, QTTT_TERM_ADJUDICATION, -1, &score);
	return 1;
}

/* Whether the game ends here by the solver; it is ended if so. */
static int
judged_early(struct qttt_referee *r)
{
	const struct qttt_state *st = &r->g.game.state;
	size_t		 played = r->g.game.nplies - r->g.opening;
	int		 v;

	if (r->opts.adjudicate == QTTT_ADJ_NONE || r->opts.solver == NULL ||
	    (r->opts.adjudicate == QTTT_ADJ_PLIES && played <
	    r->opts.plies) ||
	    qttt_solver_value(r->opts.solver, st, &v, NULL) != QTTT_OK)
		return 0;
	if (r->opts.adjudicate == QTTT_ADJ_PLIES)
		return adjudicate(r, v, r->opts.plies == 0 ?
		    "adjudicated at once" :
		    "adjudicated after the plies allowed");
	if (!qttt_value_settled(r->opts.solver, st, v))
		return 0;
	return adjudicate(r, v, "adjudicated as settled");
}

/* Asks the side to act for its action. */
static void
ask(struct qttt_referee *r, long long now)
{
	const struct qttt_state *st = &r->g.game.state;
	struct qttt_qtp_msg pos, go;
	int		 s = qttt_state_turn(st);
	long long	 limit = -1;

	qttt_qtp_init(&pos, QTTT_QTP_POSITION);
	pos.from_state = r->from_state;
	if (r->from_state) {
		/* The opening's state, then every action since, so that an
		 * engine keyed by history can follow the game. */
		pos.start = r->opened;
		pos.game.state = *st;
		pos.game.nplies = r->g.game.nplies - r->g.opening;
		memcpy(pos.game.plies, r->g.game.plies + r->g.opening,
		    pos.game.nplies * sizeof(pos.game.plies[0]));
		pos.has = pos.game.nplies > 0 ? QTTT_QTP_ACTIONS : 0;
	} else {
		/* "position start actions" with nothing after: not sent. */
		pos.game = r->g.game;
		pos.has = r->g.game.nplies > 0 ? QTTT_QTP_ACTIONS : 0;
	}
	qttt_qtp_init(&go, QTTT_QTP_GO);
	if (r->opts.movetime > 0) {
		go.has |= QTTT_QTP_HAS(QTTT_QTP_MOVETIME);
		go.num[QTTT_QTP_MOVETIME] = (uint64_t)r->opts.movetime;
		limit = r->opts.movetime;
	}
	if (r->opts.clock > 0) {
		go.has |= QTTT_QTP_HAS(QTTT_QTP_XTIME) |
		    QTTT_QTP_HAS(QTTT_QTP_OTIME) |
		    QTTT_QTP_HAS(QTTT_QTP_XINC) | QTTT_QTP_HAS(QTTT_QTP_OINC);
		go.num[QTTT_QTP_XTIME] = (uint64_t)r->left[QTTT_X];
		go.num[QTTT_QTP_OTIME] = (uint64_t)r->left[QTTT_O];
		go.num[QTTT_QTP_XINC] = go.num[QTTT_QTP_OINC] =
		    (uint64_t)r->opts.inc;
		if (limit < 0 || r->left[s] < limit)
			limit = r->left[s];
	}
	/* No engine thinks this long unasked: it hangs. */
	if (limit < 0)
		limit = r->opts.limit;
	else
		limit += QTTT_TIME_MARGIN;
	if (qttt_peer_go(r->side[s], &pos, &go, now, now + limit) == -1) {
		qttt_peer_fail(r->side[s], QTTT_TERM_PROTOCOL, "it was asked "
		    "for an action before it was ready");
		forfeit(r, s);
	}
}

/* Both peers are ready: the game starts, or goes on. */
static void
play_on(struct qttt_referee *r, long long now)
{
	struct qttt_qtp_msg m;
	int		 s;

	if (r->over || !qttt_peer_ready(r->side[QTTT_X]) ||
	    !qttt_peer_ready(r->side[QTTT_O]))
		return;
	if (!r->started) {
		r->started = 1;
		for (s = 0; s < 2; s++) {
			qttt_qtp_init(&m, QTTT_QTP_NEWGAME);
			m.has = QTTT_QTP_HAS(QTTT_QTP_SEED);
			m.num[QTTT_QTP_SEED] = r->seed[s];
			qttt_peer_send(r->side[s], &m);
		}
		if (judged_early(r))
			return;
	}
	ask(r, now);
}

/*
 * The opening played again by the match's rules: as far as they allow,
 * which is all of it for an opening of the match (qttt-match checks
 * its openings by the rules of -r).
 */
static void
replay(struct qttt_game *g, const struct qttt_game *opening,
    unsigned int rules)
{
	size_t	 i;

	qttt_game_init(g);
	g->state.rules = (unsigned char)rules;
	for (i = 0; i < opening->nplies; i++)
		if (qttt_game_play(g, &opening->plies[i], NULL) != QTTT_OK)
			break;
}

void
qttt_referee_start(struct qttt_referee *r, struct qttt_peer *x,
    struct qttt_peer *o, const struct qttt_game *opening, int from_state,
    const uint64_t seed[2], long long now)
{
	size_t	 i;
	int	 s;

	memset(&r->g, 0, sizeof(r->g));
	r->g.game = *opening;
	if (opening->state.rules != r->opts.rules)
		replay(&r->g.game, opening, r->opts.rules);
	r->g.opening = r->g.game.nplies;
	r->opened = r->g.game.state;
	r->g.loser = -1;
	for (i = 0; i < QTTT_MAXPLIES; i++) {
		r->g.value[i] = QTTT_NOVALUE;
		r->g.ms[i] = -1;
	}
	r->side[QTTT_X] = x;
	r->side[QTTT_O] = o;
	r->from_state = from_state;
	r->seed[0] = seed[0];
	r->seed[1] = seed[1];
	r->started = 0;
	r->over = 0;
	r->left[0] = r->left[1] = r->opts.clock;
	for (s = 0; s < 2; s++) {
		if (qttt_peer_fault(r->side[s], NULL) != QTTT_TERM_NORMAL) {
			forfeit(r, s);
			return;
		}
		qttt_peer_hello(r->side[s], r->opts.rules, now,
		    now + r->opts.hello);
	}
	play_on(r, now);
}

/* The side to act has answered. */
static void
judge(struct qttt_referee *r, int s, long long now)
{
	struct qttt_match_game *g = &r->g;
	const struct qttt_action *a;
	struct qttt_diag d;
	size_t		 ply = g->game.nplies;
	long long	 ms;
	int		 value;

	a = qttt_peer_action(r->side[s], &value, &ms);
	if (r->opts.clock > 0) {
		r->left[s] -= ms;
		if (r->left[s] < -QTTT_TIME_MARGIN) {
			qttt_peer_fail(r->side[s], QTTT_TERM_TIME, "its clock "
			    "ran out");
			forfeit(r, s);
			return;
		}
		/* Within the margin: the clock is spent, not overdrawn. */
		if (r->left[s] < 0)
			r->left[s] = 0;
		r->left[s] += r->opts.inc;
	}
	if (qttt_game_play(&g->game, a, &d) != QTTT_OK) {
		char	 why[QTTT_MSG_MAX];

		/* The action as sent, and the rule broken, in words and
		 * by its diagnostic code. */
		snprintf(why, sizeof(why), "'%s' is illegal: %.150s [%s]",
		    qttt__protocol_peer_said(r->side[s]), d.msg,
		    qttt_code_name(d.code));
		qttt_peer_fail(r->side[s], QTTT_TERM_ILLEGAL, why);
		forfeit(r, s);
		return;
	}
	g->value[ply] = (signed char)value;
	g->ms[ply] = ms;
	if (g->game.state.result.over) {
		finish(r, QTTT_TERM_NORMAL, -1, &g->game.state.result);
		return;
	}
	if (!judged_early(r))
		ask(r, now);
}

static void
after(struct qttt_referee *r, struct qttt_peer *p, enum qttt_peer_event e,
    long long now)
{
	int	 s = side_of(r, p);

	if (r->over || s < 0)
		return;
	switch (e) {
	case QTTT_PEER_FAULT:
		forfeit(r, s);
		break;
	case QTTT_PEER_READY:
		play_on(r, now);
		break;
	case QTTT_PEER_ANSWER:
		judge(r, s, now);
		break;
	default:
		break;
	}
}

void
qttt_referee_line(struct qttt_referee *r, struct qttt_peer *p,
    const char *line, size_t len, long long now)
{
	after(r, p, qttt_peer_line(p, line, len, now), now);
}

void
qttt_referee_fail(struct qttt_referee *r, struct qttt_peer *p,
    enum qttt_termination fault, const char *msg, long long now)
{
	qttt_peer_fail(p, fault, msg);
	after(r, p, QTTT_PEER_FAULT, now);
}

void
qttt_referee_tick(struct qttt_referee *r, long long now)
{
	int	 s;

	for (s = 0; s < 2 && !r->over; s++)
		after(r, r->side[s], qttt_peer_tick(r->side[s], now), now);
}

long long
qttt_referee_deadline(const struct qttt_referee *r)
{
	long long	 d, best = -1;
	int		 s;

	if (r->over)
		return -1;
	for (s = 0; s < 2; s++)
		if ((d = qttt_peer_deadline(r->side[s])) >= 0 &&
		    (best < 0 || d < best))
			best = d;
	return best;
}

/* Seconds with at most three decimals, as milliseconds. */
static int
seconds(const char *s, size_t len, long long *ms)
{
	long long	 v = 0;
	size_t		 i = 0;
	int		 frac = -1, digits = 0;

	for (; i < len; i++) {
		if (s[i] == '.' && frac < 0) {
			frac = 0;
			continue;
		}
		if (s[i] < '0' || s[i] > '9' || frac == 3 ||
		    v > 100000000000LL)
			return -1;
		v = v * 10 + (s[i] - '0');
		digits++;
		if (frac >= 0)
			frac++;
	}
	if (digits == 0)
		return -1;
	for (frac = frac < 0 ? 0 : frac; frac < 3; frac++)
		v *= 10;
	*ms = v;
	return 0;
}

int
qttt_clock_parse(const char *s, size_t len, long long *clock,
    long long *inc)
{
	const char	*plus = memchr(s, '+', len);
	long long	 c, i = 0;

	if (seconds(s, plus != NULL ? (size_t)(plus - s) : len, &c) == -1 ||
	    c <= 0 || (plus != NULL &&
	    seconds(plus + 1, len - (size_t)(plus + 1 - s), &i) == -1))
		return -1;
	*clock = c;
	*inc = i;
	return 0;
}
