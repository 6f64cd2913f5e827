/*
 * The tags of a match's records: what a game of a match was, besides
 * its actions, written through the output layer's writers and read
 * back from a record (as qttt-match reads its earlier output to go on
 * where it stopped).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"

static void
entry(struct qttt_meta *m, const char *key, const char *value, size_t len,
    int plain)
{
	memset(m, 0, sizeof(*m));
	m->key = key;
	m->keylen = strlen(key);
	m->value = value;
	m->valuelen = len;
	m->plain = plain;
}

/* A number, into the next text of the store. */
static const char *
number(struct qttt_match_record *store, size_t *used, long long v,
    size_t *len)
{
	char	*t = store->text[(*used)++];

	*len = (size_t)snprintf(t, sizeof(store->text[0]), "%lld", v);
	return t;
}

static const char *
result(struct qttt_match_record *store, size_t *used,
    const struct qttt_result *r, size_t *len)
{
	char	*t = store->text[(*used)++];

	*len = (size_t)(qttt__engine_result_text(t, r) - t);
	return t;
}

void
qttt_match_extras(const struct qttt_match_game *g,
    const struct qttt_match_info *info, struct qttt_match_record *store,
    struct qttt_extras *ex)
{
	struct qttt_meta *m = store->meta;
	struct qttt_result r;
	const char	*t, *rules = store->rules;
	char		*seed;
	size_t		 used = 0, len, i, k;

	qttt_rules_format(g->game.state.rules, store->rules,
	    sizeof(store->rules));

	qttt_extras_init(ex);
	entry(m++, "event", info->event.s, info->event.len, 0);
	if (info->date.len > 0)
		entry(m++, "date", info->date.s, info->date.len, 1);
	t = number(store, &used, (long long)info->round, &len);
	entry(m++, "round", t, len, 1);
	entry(m++, "x", info->x.s, info->x.len, 0);
	entry(m++, "o", info->o.s, info->o.len, 0);
	entry(m++, "rules", rules, strlen(rules), 0);
	if (info->has_seed) {
		seed = store->text[used++];
		len = (size_t)snprintf(seed, sizeof(store->text[0]), "%llu",
		    (unsigned long long)info->seed);
		entry(m++, "seed", seed, len, 1);
	}
	if (info->timecontrol.len > 0)
		entry(m++, "timecontrol", info->timecontrol.s,
		    info->timecontrol.len, 1);
	if (info->opening > 0) {
		t = number(store, &used, (long long)info->opening, &len);
		entry(m++, "opening", t, len, 1);
	}
	t = qttt_termination_name(g->term);
	entry(m++, "termination", t, strlen(t), 0);
	if (g->term != QTTT_TERM_NORMAL) {
		/* The result given, which the termination explains. */
		ex->awarded = g->score;
		entry(m++, "reason", g->why, strlen(g->why), 0);
	}
	ex->meta = store->meta;
	ex->nmeta = (size_t)(m - store->meta);
	for (i = 0; i < g->game.nplies && i < QTTT_MAXPLIES; i++) {
		k = 0;
		if (g->value[i] != QTTT_NOVALUE &&
		    qttt_solver_result(g->game.state.rules, g->value[i],
		    &r) == 0) {
			/* The value of the position the engine acted in
			 * (info value), not its action's, which is what an
			 * analysis's note value says. */
			t = result(store, &used, &r, &len);
			entry(&store->notes[i][k++], "engine-value", t, len,
			    1);
		}
		if (info->timecontrol.len > 0 && g->ms[i] >= 0) {
			t = number(store, &used, g->ms[i], &len);
			entry(&store->notes[i][k++], "time", t, len, 1);
		}
		ex->ply[i].notes = store->notes[i];
		ex->ply[i].nnotes = k;
	}
}

static int
key_is(const struct qttt_meta *m, const char *key)
{
	return m->keylen == strlen(key) && memcmp(m->key, key, m->keylen) == 0;
}

/* A whole number of at most 18 digits; -1 if the text is not one. */
static long long
whole(const char *s, size_t len)
{
	long long	 v = 0;
	size_t		 i;

	if (len == 0 || len > 18)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* A seed, 0 to 2^64 - 1, in decimal; 0, or -1 if it is none. */
static int
seed_of(const char *s, size_t len, uint64_t *seed)
{
	uint64_t	 v = 0;
	size_t		 i;

	if (len == 0 || len > 20)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' ||
		    v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*seed = v;
	return 0;
}

static const struct qttt_meta *
find(const struct qttt_meta *list, size_t n, const char *key)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (key_is(&list[i], key))
			return &list[i];
	return NULL;
}

static void
text_of(struct qttt_qtp_text *t, const struct qttt_meta *m)
{
	t->s = m != NULL ? m->value : NULL;
	t->len = m != NULL ? m->valuelen : 0;
}

int
qttt_match_read(const struct qttt_record *rec, const struct qttt_game *g,
    struct qttt_match_game *out, struct qttt_match_info *info, char *msg,
    size_t n)
{
	const struct qttt_meta *m, *meta = rec->meta;
	size_t		 nmeta = rec->nmeta, i, j;
	const char	*missing = NULL;
	long long	 v;

	memset(out, 0, sizeof(*out));
	memset(info, 0, sizeof(*info));
	out->game = *g;
	out->loser = -1;
	for (i = 0; i < QTTT_MAXPLIES; i++) {
		out->value[i] = QTTT_NOVALUE;
		out->ms[i] = -1;
	}
	text_of(&info->event, find(meta, nmeta, "event"));
	text_of(&info->date, find(meta, nmeta, "date"));
	text_of(&info->x, find(meta, nmeta, "x"));
	text_of(&info->o, find(meta, nmeta, "o"));
	text_of(&info->timecontrol, find(meta, nmeta, "timecontrol"));
	if (info->event.s == NULL)
		missing = "event";
	else if (info->x.s == NULL)
		missing = "x";
	else if (info->o.s == NULL)
		missing = "o";
	if ((m = find(meta, nmeta, "round")) == NULL ||
	    (v = whole(m->value, m->valuelen)) < 1) {
		snprintf(msg, n, "no [round N] tag");
		return -1;
	}
	info->round = (unsigned long)v;
	if ((m = find(meta, nmeta, "seed")) != NULL &&
	    seed_of(m->value, m->valuelen, &info->seed) == 0)
		info->has_seed = 1;
	if ((m = find(meta, nmeta, "opening")) != NULL &&
	    (v = whole(m->value, m->valuelen)) >= 1)
		info->opening = (unsigned long)v;
	if ((m = find(meta, nmeta, "termination")) == NULL ||
	    qttt_termination_parse(m->value, m->valuelen, &out->term) == -1) {
		snprintf(msg, n, "no [termination] tag of a known kind");
		return -1;
	}
	if (missing != NULL) {
		snprintf(msg, n, "no [%s] tag", missing);
		return -1;
	}
	if (out->term == QTTT_TERM_NORMAL) {
		if (!g->state.result.over) {
			snprintf(msg, n, "a game that ended normally is not "
			    "over");
			return -1;
		}
		out->score = g->state.result;
	} else {
		/* The result awarded; or, as earlier versions wrote it,
		 * "*" and the score in a [score] tag. */
		out->score = *qttt_record_result(rec, g);
		if (!out->score.over && ((m = find(meta, nmeta,
		    "score")) == NULL ||
		    !qttt__engine_result_parse(QTTT__RULES_ANY, m->value,
		    m->valuelen, &out->score) || !out->score.over)) {
			snprintf(msg, n, "no result that the termination "
			    "explains");
			return -1;
		}
		if (out->term != QTTT_TERM_ADJUDICATION)
			out->loser = out->score.score[QTTT_X] == 0 ? QTTT_X :
			    QTTT_O;
		if ((m = find(meta, nmeta, "reason")) != NULL)
			snprintf(out->why, sizeof(out->why), "%.*s",
			    (int)m->valuelen, m->value);
	}
	for (i = 0; i < g->nplies && i < rec->nitems; i++) {
		const struct qttt_item *it = &rec->items[i];
		struct qttt_result r;

		for (j = 0; j < it->nnotes; j++) {
			m = &it->notes[j];
			if (key_is(m, "engine-value") &&
			    qttt__engine_result_parse(QTTT__RULES_ANY,
			    m->value, m->valuelen, &r) &&
			    r.over)
				out->value[i] = (signed char)(r.score[QTTT_X] -
				    r.score[QTTT_O]);
			else if (key_is(m, "time") &&
			    (v = whole(m->value, m->valuelen)) >= 0)
				out->ms[i] = v;
		}
	}
	return 0;
}
