/*
 * A match director: the decisions of a runner above one game, with no
 * process in it (formats/engine-protocol.md).  Which game a free job
 * starts next, finished games kept until those before them are
 * written, in game order, the standings with the judge's marks, the
 * SPRT's stop, the openings played by the match's rules, the names of
 * two engines of one name, and whether the records of a file are this
 * match's games, so that it goes on from them.  A front end drives it
 * with the games its referees finish, as it drives each referee with
 * the bytes and the time; it uses only the library's public names and
 * the notation's check of a date.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "notation/notation.h"

/* Games finished and waiting for an earlier one, per job at most. */
#define WINDOW_PER_JOB	4

/* The flag of a packed opening's first byte: it is a position. */
#define OPENING_STATE	0x80

struct qttt_match {
	struct qttt_match_opts	 o;
	char			(*names)[QTTT_MATCH_NAME_MAX];
	struct qttt_tally	*tallies;
	unsigned long		*against, *met;	/* n by n: the crosstable */
	/*
	 * The openings, packed: opening k is at openings[at[k]], a byte
	 * of its number of plies (OPENING_STATE set if it is a position,
	 * played by a game that reaches it) and its plies, about 14
	 * bytes an opening where its game takes 140; it is played again
	 * by the match's rules when its game starts.
	 */
	unsigned char		*openings;
	size_t			 openings_len, openings_size;
	uint32_t		*at;
	size_t			 nopenings;
	int			 begun;		/* openings fixed */
	unsigned long long	 total;		/* games to write */
	/* Finished games, by game number modulo wsize. */
	struct qttt_match_game	*window;
	unsigned char		*have;
	size_t			 wsize;
	unsigned long long	 next_start, next_write;
	struct qttt_game	 empty;
	char			 date[11];	/* YYYY-MM-DD, or "" */
	int			 date_fixed;
};

struct qttt_match *
qttt_match_new(const struct qttt_match_opts *o)
{
	struct qttt_match *m;
	size_t		 i, n = o->sched.engines;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		return NULL;
	m->o = *o;
	m->wsize = WINDOW_PER_JOB * (o->jobs > 0 ? o->jobs : 1);
	if ((m->names = calloc(n > 0 ? n : 1, sizeof(*m->names))) == NULL ||
	    (m->tallies = calloc(n > 0 ? n : 1, sizeof(*m->tallies))) ==
	    NULL ||
	    (m->window = calloc(m->wsize, sizeof(*m->window))) == NULL ||
	    (m->have = calloc(m->wsize, 1)) == NULL ||
	    (m->against = calloc(n * n + 1, sizeof(*m->against))) == NULL ||
	    (m->met = calloc(n * n + 1, sizeof(*m->met))) == NULL) {
		qttt_match_free(m);
		return NULL;
	}
	for (i = 0; i < n; i++)
		qttt_tally_init(&m->tallies[i]);
	qttt_game_init(&m->empty);
	m->empty.state.rules = (unsigned char)o->rules;
	return m;
}

void
qttt_match_free(struct qttt_match *m)
{
	if (m == NULL)
		return;
	free(m->names);
	free(m->tallies);
	free(m->against);
	free(m->met);
	free(m->openings);
	free(m->at);
	free(m->window);
	free(m->have);
	free(m);
}

/*
 * Whether an earlier engine's name in the records, named, is the name
 * of len bytes at s: it is, or it is with " (N)" after it.
 */
static int
same_name(const char *named, const char *s, size_t len)
{
	const char	*t = named + len;

	if (strncmp(named, s, len) != 0)
		return 0;
	if (*t == '\0')
		return 1;
	if (strncmp(t, " (", 2) != 0 || (t += 2)[0] < '1' || *t > '9')
		return 0;
	t += strspn(t, "0123456789");
	return strcmp(t, ")") == 0;
}

void
qttt_match_name(struct qttt_match *m, size_t engine, const char *name)
{
	size_t	 k, len;
	int	 n = 1;

	if (engine >= m->o.sched.engines)
		return;
	snprintf(m->names[engine], sizeof(m->names[0]), "%s", name);
	/* Two engines of one name are told apart by their numbers. */
	len = strlen(m->names[engine]);
	for (k = 0; k < engine; k++)
		if (same_name(m->names[k], m->names[engine], len))
			n++;
	if (n > 1) {
		if (len > sizeof(m->names[0]) - 16)
			len = sizeof(m->names[0]) - 16;
		snprintf(m->names[engine] + len, sizeof(m->names[0]) - len,
		    " (%d)", n);
	}
}

const char *
qttt_match_engine(const struct qttt_match *m, size_t engine)
{
	return engine < m->o.sched.engines ? m->names[engine] : "";
}

int
qttt_match_date(struct qttt_match *m, const char *date, int fixed)
{
	size_t	 len = date != NULL ? strlen(date) : 0;

	if (len > 0 && (len != 10 || !qttt__notation_date_good(date, len)))
		return -1;
	memcpy(m->date, len > 0 ? date : "", len + 1);
	m->date_fixed = fixed;
	return 0;
}

/*
 * The game g played again by the match's rules into *out; returns 0,
 * or -1 with the first action they refuse in d.
 */
static int
by_rules(const struct qttt_match *m, const struct qttt_game *g,
    struct qttt_game *out, struct qttt_diag *d)
{
	char	 item[24], why[QTTT_MSG_MAX];
	size_t	 i;

	qttt_game_init(out);
	out->state.rules = (unsigned char)m->o.rules;
	for (i = 0; i < g->nplies; i++)
		if (qttt_game_play(out, &g->plies[i], d) != QTTT_OK) {
			qttt_action_format(&g->plies[i], item, sizeof(item));
			snprintf(why, sizeof(why), "%s", d->msg);
			snprintf(d->msg, sizeof(d->msg), "ply %d, '%s': "
			    "%.120s", (int)i + 1, item, why);
			return -1;
		}
	return 0;
}

static int
refuse(struct qttt_diag *d, enum qttt_code code, const char *msg)
{
	memset(d, 0, sizeof(*d));
	d->code = code;
	d->severity = QTTT_ERROR;
	snprintf(d->msg, sizeof(d->msg), "%s", msg);
	return -1;
}

/* Keeps game g's plies packed as an opening; 0, or -1 with d. */
static int
add_opening(struct qttt_match *m, const struct qttt_game *g, int from_state,
    struct qttt_diag *d)
{
	size_t		 need = 1 + g->nplies * sizeof(g->plies[0]);
	uint32_t	*at;
	unsigned char	*b;

	if ((m->nopenings & (m->nopenings - 1)) == 0) {
		if ((at = realloc(m->at, (m->nopenings == 0 ? 1 :
		    2 * m->nopenings) * sizeof(*at))) == NULL)
			return refuse(d, QTTT_E_IO, "out of memory");
		m->at = at;
	}
	if (m->openings_len > UINT32_MAX - need)
		return refuse(d, QTTT_E_IO, "out of memory");
	if (m->openings_len + need > m->openings_size) {
		if ((b = realloc(m->openings, 2 * (m->openings_size + need))) ==
		    NULL)
			return refuse(d, QTTT_E_IO, "out of memory");
		m->openings = b;
		m->openings_size = 2 * (m->openings_size + need);
	}
	m->at[m->nopenings++] = (uint32_t)m->openings_len;
	b = m->openings + m->openings_len;
	b[0] = (unsigned char)(g->nplies | (from_state ? OPENING_STATE : 0));
	memcpy(b + 1, g->plies, g->nplies * sizeof(g->plies[0]));
	m->openings_len += need;
	return 0;
}

int
qttt_match_opening(struct qttt_match *m, const struct qttt_game *g,
    int from_state, struct qttt_diag *d)
{
	struct qttt_game h;
	char		 rules[QTTT_RULES_NAME_MAX], why[QTTT_MSG_MAX];

	if (m->begun)
		return refuse(d, QTTT_E_STATE, "the match has begun: no "
		    "more openings");
	qttt_rules_format(m->o.rules, rules, sizeof(rules));
	if (from_state) {
		h.state = g->state;
		h.state.rules = (unsigned char)m->o.rules;
		if (qttt_state_check(&h.state, d) != QTTT_OK) {
			snprintf(why, sizeof(why), "%s", d->msg);
			snprintf(d->msg, sizeof(d->msg), "not a position of "
			    "the rules %.40s: %.120s", rules, why);
			return -1;
		}
	} else if (by_rules(m, g, &h, d) == -1) {
		snprintf(why, sizeof(why), "%s", d->msg);
		snprintf(d->msg, sizeof(d->msg), "not a game of the rules "
		    "%.40s: %.120s", rules, why);
		return -1;
	}
	if (h.state.result.over)
		return refuse(d, QTTT_E_OVER, "the game is over");
	/* A position: its record needs a game that reaches it. */
	if (from_state && qttt_state_history(&h.state, &h) != 1)
		return refuse(d, QTTT_E_STATE, "no game found that "
		    "reaches it");
	return add_opening(m, &h, from_state, d);
}

/* The openings are fixed once the first game is asked for. */
static void
begin(struct qttt_match *m)
{
	if (m->begun)
		return;
	m->begun = 1;
	m->o.sched.openings = (unsigned long)m->nopenings;
	m->total = qttt_schedule_games(&m->o.sched);
}

unsigned long long
qttt_match_total(struct qttt_match *m)
{
	begin(m);
	return m->total;
}

unsigned long long
qttt_match_written(const struct qttt_match *m)
{
	return m->next_write;
}

int
qttt_match_over(struct qttt_match *m)
{
	begin(m);
	return m->next_write >= m->total;
}

/*
 * The opening of fixture f into *out, and whether it is a position:
 * its plies played again by the match's rules, which played them when
 * it was given (qttt_match_opening()), so they play them again.
 */
static void
opening_of(const struct qttt_match *m, const struct qttt_fixture *f,
    struct qttt_game *out, int *from_state)
{
	struct qttt_game open;
	struct qttt_diag d;
	const unsigned char *b;

	*from_state = 0;
	if (m->nopenings == 0) {
		*out = m->empty;
		return;
	}
	b = m->openings + m->at[f->opening];
	*from_state = (b[0] & OPENING_STATE) != 0;
	open.nplies = b[0] & ~OPENING_STATE;
	memcpy(open.plies, b + 1, open.nplies * sizeof(open.plies[0]));
	by_rules(m, &open, out, &d);
}

int
qttt_match_next(struct qttt_match *m, struct qttt_match_start *s)
{
	begin(m);
	/* Games read back from a file are not played again. */
	if (m->next_start < m->next_write)
		m->next_start = m->next_write;
	if (m->next_start >= m->total ||
	    m->next_start >= m->next_write + m->wsize)
		return 0;
	s->game = m->next_start++;
	qttt_schedule_game(&m->o.sched, s->game, &s->fixture);
	opening_of(m, &s->fixture, &s->opening, &s->from_state);
	return 1;
}

void
qttt_match_done(struct qttt_match *m, unsigned long long i,
    const struct qttt_match_game *g)
{
	/* A game past the SPRT's stop, or written already, is dropped. */
	if (i >= m->total || i < m->next_write || i >= m->next_write +
	    m->wsize)
		return;
	m->window[i % m->wsize] = *g;
	m->have[i % m->wsize] = 1;
}

const struct qttt_match_game *
qttt_match_ready(const struct qttt_match *m, unsigned long long *i)
{
	if (m->next_write >= m->total || !m->have[m->next_write % m->wsize])
		return NULL;
	*i = m->next_write;
	return &m->window[m->next_write % m->wsize];
}

int
qttt_match_fixture(const struct qttt_match *m, unsigned long long i,
    struct qttt_fixture *f)
{
	return qttt_schedule_game(&m->o.sched, i, f);
}

void
qttt_match_describe(const struct qttt_match *m, unsigned long long i,
    struct qttt_match_info *info)
{
	struct qttt_fixture f;
	const char	*x, *o;

	qttt_schedule_game(&m->o.sched, i, &f);
	x = qttt_match_engine(m, f.x);
	o = qttt_match_engine(m, f.o);
	memset(info, 0, sizeof(*info));
	info->round = f.round;
	info->x.s = x;
	info->x.len = strlen(x);
	info->o.s = o;
	info->o.len = strlen(o);
	info->opening = m->nopenings > 0 ? f.opening + 1 : 0;
	info->has_seed = 1;
	info->seed = m->o.sched.seed;
	info->date.s = m->date;
	info->date.len = strlen(m->date);
}

/* Counts game i, the next in order: standings, marks, the SPRT. */
static enum qttt_code
count(struct qttt_match *m, const struct qttt_match_game *g,
    struct qttt_diag *d)
{
	struct qttt_fixture f;
	struct qttt_mark_counts marks;
	enum qttt_code	 code = QTTT_OK;
	unsigned long long i = m->next_write++;

	qttt_schedule_game(&m->o.sched, i, &f);
	qttt_tally_add(&m->tallies[f.x], QTTT_X, g, f.second);
	qttt_tally_add(&m->tallies[f.o], QTTT_O, g, f.second);
	m->against[f.x * m->o.sched.engines + f.o] += g->score.score[QTTT_X];
	m->against[f.o * m->o.sched.engines + f.x] += g->score.score[QTTT_O];
	m->met[f.x * m->o.sched.engines + f.o]++;
	m->met[f.o * m->o.sched.engines + f.x]++;
	if (m->o.judge != NULL) {
		if ((code = qttt_match_marks(m->o.judge, g, &marks, d)) !=
		    QTTT_OK)
			return code;
		qttt_tally_marks(&m->tallies[f.x], QTTT_X, &marks);
		qttt_tally_marks(&m->tallies[f.o], QTTT_O, &marks);
	}
	/* Decided: no game after this pair is played or written. */
	if (m->o.sprt && f.second &&
	    qttt_sprt_update(&m->o.test, m->tallies[0].penta) != 0)
		m->total = i + 1;
	return code;
}

enum qttt_code
qttt_match_count(struct qttt_match *m, struct qttt_diag *d)
{
	unsigned long long i;
	const struct qttt_match_game *g;

	if ((g = qttt_match_ready(m, &i)) == NULL) {
		refuse(d, QTTT_E_STATE, "no game is ready to count");
		return QTTT_E_STATE;
	}
	m->have[i % m->wsize] = 0;
	return count(m, g, d);
}

/* Whether a record's rules tag (goff without one) names the match's. */
static int
same_rules(const struct qttt_match *m, const struct qttt_record *rec)
{
	unsigned int	 r = QTTT_RULES_GOFF;
	size_t		 i;

	for (i = 0; i < rec->nmeta; i++)
		if (rec->meta[i].keylen == 5 &&
		    memcmp(rec->meta[i].key, "rules", 5) == 0 &&
		    qttt_rules_parse(rec->meta[i].value,
		    rec->meta[i].valuelen, &r, NULL) == -1)
			return 0;
	return r == m->o.rules;
}

static int
same_text(const struct qttt_qtp_text *t, const char *s)
{
	/* t->s is NULL for a text not read (no date tag). */
	return t->len == strlen(s) && (t->len == 0 ||
	    memcmp(t->s, s, t->len) == 0);
}

/*
 * Whether the record read as info and played is not the game of
 * fixture f; if so, which of the match's settings differs, in msg.
 */
static int
differs(const struct qttt_match *m, const struct qttt_fixture *f,
    const struct qttt_match_info *info, const struct qttt_game *played,
    char *msg, size_t n)
{
	struct qttt_game open;
	unsigned long	 opening = m->nopenings > 0 ? f->opening + 1 : 0;
	const char	*x = m->names[f->x], *o = m->names[f->o];
	int		 from_state;

	opening_of(m, f, &open, &from_state);
	if (!info->has_seed)
		snprintf(msg, n, "it has no [seed] tag");
	else if (info->seed != m->o.sched.seed)
		snprintf(msg, n, "its seed is %llu, not %llu (-s)",
		    (unsigned long long)info->seed,
		    (unsigned long long)m->o.sched.seed);
	else if (!same_text(&info->x, x) || !same_text(&info->o, o))
		snprintf(msg, n, "its engines are '%.*s' and '%.*s', not "
		    "'%.40s' and '%.40s'", (int)(info->x.len > 40 ? 40 :
		    info->x.len), info->x.s, (int)(info->o.len > 40 ? 40 :
		    info->o.len), info->o.s, x, o);
	else if (info->opening != opening && opening == 0)
		snprintf(msg, n, "it has opening %lu, where this match has "
		    "no openings (-o)", info->opening);
	else if (info->opening != opening && info->opening == 0)
		snprintf(msg, n, "it has no opening, where this match has "
		    "opening %lu (-o)", opening);
	else if (info->opening != opening)
		snprintf(msg, n, "its opening is %lu, not %lu (-o, -p)",
		    info->opening, opening);
	else if (played->nplies < open.nplies ||
	    memcmp(played->plies, open.plies, open.nplies *
	    sizeof(open.plies[0])) != 0)
		snprintf(msg, n, "it does not start with opening %lu (-o)",
		    opening);
	else if (info->round != f->round)
		snprintf(msg, n, "its round is %lu, not %lu", info->round,
		    f->round);
	else if (!same_text(&info->date, m->date) && info->date.len == 0)
		snprintf(msg, n, "it has no date, where this match has %s "
		    "(-D)", m->date);
	else if (!same_text(&info->date, m->date))
		snprintf(msg, n, "its date is %.*s, not %s%s",
		    (int)(info->date.len > 10 ? 10 : info->date.len),
		    info->date.s, m->date[0] != '\0' ? m->date : "none",
		    m->date_fixed ? " (-D)" : " (the first record's)");
	else
		return 0;
	return 1;
}

/*
 * The first record's date is the match's, unless the match's is fixed;
 * returns 0.
 */
static int
adopt_date(struct qttt_match *m, unsigned long long i,
    const struct qttt_match_info *info)
{
	if (i > 0 || m->date_fixed)
		return 0;
	if (info->date.len == 10 &&
	    qttt__notation_date_good(info->date.s, info->date.len)) {
		memcpy(m->date, info->date.s, 10);
		m->date[10] = '\0';
	} else
		m->date[0] = '\0';
	return 0;
}

int
qttt_match_resume(struct qttt_match *m, const struct qttt_record *rec,
    const struct qttt_game *played, char *msg, size_t n)
{
	struct qttt_match_game g;
	struct qttt_match_info info;
	struct qttt_fixture f;
	struct qttt_game again, open;
	struct qttt_diag d;
	char		 rules[QTTT_RULES_NAME_MAX], why[QTTT_MSG_MAX] = "";
	unsigned long long i;
	int		 from_state;

	begin(m);
	i = m->next_write;
	if (i >= m->total) {
		snprintf(msg, n, "more games than the match has (%llu)",
		    m->total);
		return -1;
	}
	qttt_rules_format(m->o.rules, rules, sizeof(rules));
	qttt_schedule_game(&m->o.sched, i, &f);
	/* A game of this match is one of its rules. */
	if (!same_rules(m, rec) || by_rules(m, played, &again, &d) == -1)
		snprintf(why, sizeof(why), "it is not a game of the rules %s",
		    rules);
	else if (qttt_match_read(rec, &again, &g, &info, why,
	    sizeof(why)) == 0 && !adopt_date(m, i, &info) &&
	    !differs(m, &f, &info, &again, why, sizeof(why))) {
		opening_of(m, &f, &open, &from_state);
		g.opening = open.nplies;
		m->window[i % m->wsize] = g;
		m->have[i % m->wsize] = 1;
		if (qttt_match_count(m, &d) == QTTT_OK)
			return 0;
		snprintf(msg, n, "game %llu: %s", i + 1, d.msg);
		return -1;
	}
	snprintf(msg, n, "game %llu is not game %llu of this match: %.150s",
	    i + 1, i + 1, why);
	return -1;
}

const struct qttt_tally *
qttt_match_tally(const struct qttt_match *m, size_t engine)
{
	return &m->tallies[engine];
}

const unsigned long *
qttt_match_against(const struct qttt_match *m, size_t engine)
{
	return &m->against[engine * m->o.sched.engines];
}

const unsigned long *
qttt_match_met(const struct qttt_match *m, size_t engine)
{
	return &m->met[engine * m->o.sched.engines];
}

const struct qttt_sprt *
qttt_match_sprt(const struct qttt_match *m)
{
	return m->o.sprt ? &m->o.test : NULL;
}

size_t
qttt_match_engines(const struct qttt_match *m)
{
	return m->o.sched.engines;
}

unsigned int
qttt_match_rules(const struct qttt_match *m)
{
	return m->o.rules;
}

size_t
qttt_match_balanced(struct qttt_match *m, struct qttt_solver *sv,
    struct qttt_diag *d)
{
	struct qttt_game g[64];
	char		 why[QTTT_MSG_MAX];
	size_t		 n, i;

	if ((n = qttt_balanced_openings(sv, m->o.rules, g, 64)) == 0) {
		refuse(d, QTTT_E_IO, "balanced openings: the solver failed");
		return 0;
	}
	for (i = 0; i < n && i < 64; i++)
		if (qttt_match_opening(m, &g[i], 0, d) == -1) {
			snprintf(why, sizeof(why), "%s", d->msg);
			snprintf(d->msg, sizeof(d->msg), "balanced opening %zu: "
			    "%.150s", i + 1, why);
			return 0;
		}
	return n;
}
