/*
 * Selection: the criteria qttt-select takes, each parsed once from
 * what a user writes into a compiled value (struct qttt_criteria), and
 * the predicate that says whether a game meets them all.  The patterns
 * of squares are here too.
 */
#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "collection/collection.h"

/* The results a list names, as bits of a mask. */
#define R_UNFINISHED	QTTT_NRESULTS		/* "*" and "unfinished" */
#define R_PENDING	(QTTT_NRESULTS + 1)	/* a measurement is due */
#define R_FINISHED	((1u << QTTT_NRESULTS) - 1)

/* The winners -w names, as bits of a mask. */
#define W_X		(1u << QTTT_X)
#define W_O		(1u << QTTT_O)
#define W_NONE		4u

/* What a feature criterion asks for. */
enum feature {
	F_TWOCYCLE = 0,
	F_FORCED,
	F_SIMULTANEOUS,
	F_DOUBLE,
	F_RENAMED,
	F_CYCLE			/* a cycle of a given length */
};

/* A name a user writes and what it stands for. */
struct name {
	const char	*name;
	int		 value;
};

static int
lookup(const struct name *names, size_t n, const char *s)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].value;
	return -1;
}

#define NNAMES(a)	(sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Patterns of squares                                                  */
/* ------------------------------------------------------------------ */

int
qttt_pattern_parse(const char *s, struct qttt_pattern *p,
    struct qttt_diag *d)
{
	struct qttt_pattern out;
	size_t		 i = 0;
	int		 sq, k;
	char		 c[8];

	memset(&out, 0, sizeof(out));
	for (;;) {
		if (s[i] < 'a' || s[i] > 'c' || s[i + 1] < '1' ||
		    s[i + 1] > '3')
			return qttt__collection_error(d, QTTT_E_SQUARE, i,
			    "%s where a square (a1 to c3) was expected",
			    s[i] == '\0' ? "the end" :
			    qttt__collection_char(s + i, c));
		sq = (s[i + 1] - '1') * 3 + (s[i] - 'a');
		/* Two wants on a square would both have to hold. */
		if (out.want[sq] != QTTT_WANT_ANY)
			return qttt__collection_error(d, QTTT_E_SQUARE, i,
			    "%.2s is named twice: a square holds one thing",
			    s + i);
		if (s[i + 2] != '=')
			return qttt__collection_error(d, QTTT_E_SYNTAX, i + 2,
			    "%s after %.2s where '=' was expected",
			    s[i + 2] == '\0' ? "the end" :
			    qttt__collection_char(s + i + 2, c), s + i);
		switch (s[i + 3]) {
		case 'X':
		case 'x':
			out.want[sq] = QTTT_WANT_X;
			break;
		case 'O':
		case 'o':
			out.want[sq] = QTTT_WANT_O;
			break;
		case '.':
			out.want[sq] = QTTT_WANT_OPEN;
			break;
		default:
			return qttt__collection_error(d, QTTT_E_SYNTAX, i + 3,
			    "%s where X, O or '.' was expected",
			    s[i + 3] == '\0' ? "the end" :
			    qttt__collection_char(s + i + 3, c));
		}
		i += 4;
		if ((k = qttt__collection_list_next(s, &i, d)) != 0)
			break;
	}
	if (k == 1)
		*p = out;
	return k == 1 ? 0 : -1;
}

int
qttt_pattern_match(const struct qttt_pattern *p, const struct qttt_state *st)
{
	int	 sq, m;

	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		m = st->board[sq];
		switch (p->want[sq]) {
		case QTTT_WANT_X:
			if (m == 0 || QTTT_MOVER(m) != QTTT_X)
				return 0;
			break;
		case QTTT_WANT_O:
			if (m == 0 || QTTT_MOVER(m) != QTTT_O)
				return 0;
			break;
		case QTTT_WANT_OPEN:
			if (m != 0)
				return 0;
			break;
		default:
			break;
		}
	}
	return 1;
}

/* ------------------------------------------------------------------ */
/* Parsing the criteria                                                 */
/* ------------------------------------------------------------------ */

void
qttt_criteria_init(struct qttt_criteria *c)
{
	memset(c, 0, sizeof(*c));
	c->validity = QTTT_SELECT_VALID;
}

/* "1-0,*,pending": a mask of results. */
static int
parse_results(const char *s, unsigned int *mask, struct qttt_diag *d)
{
	static const struct name names[] = {
		{ "*", 1 << R_UNFINISHED }, { "unfinished", 1 << R_UNFINISHED },
		{ "finished", R_FINISHED }, { "pending", 1 << R_PENDING },
	};
	struct qttt_result r;
	char		 name[16];
	size_t		 i = 0, len;
	int		 k, v;

	*mask = 0;
	for (;;) {
		len = strcspn(s + i, ",");
		if (qttt_result_parse(s + i, len, &r) == 0 &&
		    (k = qttt_result_index(&r)) >= 0)
			*mask |= 1u << k;
		else {
			v = -1;
			if (len < sizeof(name)) {
				memcpy(name, s + i, len);
				name[len] = '\0';
				v = lookup(names, NNAMES(names), name);
			}
			if (v == -1)
				return qttt__collection_error(d, QTTT_E_SYNTAX,
				    i, "%.*s is not a result: 1-0, 0-1, 1-1/2, "
				    "1/2-1, 3/2-0, 2-0, 0-0, 1/2-1/2, *, finished, "
				    "unfinished or pending", (int)(len > 32 ?
				    32 : len), s + i);
			*mask |= v;
		}
		i += len;
		if (s[i] == '\0')
			return 0;
		i++;
	}
}

static int
parse_feature(struct qttt_criteria *c, const char *s, struct qttt_diag *d)
{
	static const struct name names[] = {
		{ "2-cycle", F_TWOCYCLE }, { "forced-x9", F_FORCED },
		{ "forced", F_FORCED }, { "simultaneous", F_SIMULTANEOUS },
		{ "double-line", F_DOUBLE }, { "renamed", F_RENAMED },
	};
	int	 f, n = 0;

	if (strncmp(s, "cycle-", 6) == 0 && s[6] >= '2' && s[6] <= '9' &&
	    s[7] == '\0') {
		n = s[6] - '0';
		f = F_CYCLE;
	} else if ((f = lookup(names, NNAMES(names), s)) == -1)
		return qttt__collection_error(d, QTTT_E_SYNTAX, 0, "not a "
		    "feature: 2-cycle, forced-x9, simultaneous, double-line, "
		    "renamed or cycle-N (N from 2 to 9)");
	c->feature[c->nfeatures] = f;
	c->cyclelen[c->nfeatures] = n;
	c->nfeatures++;
	return 0;
}

/*
 * The opening: items of the line notation, played from the empty
 * board, so that a measurement is held in its canonical form.
 */
static int
parse_opening(struct qttt_criteria *c, const char *s, struct qttt_diag *d)
{
	struct qttt_record *rec;
	struct qttt_game g;
	size_t		 i;
	int		 k;

	if ((rec = malloc(sizeof(*rec))) == NULL)
		return qttt__collection_error(d, QTTT_E_IO, 0,
		    "out of memory");
	k = qttt_line_parse(s, strlen(s), 0, rec);
	if (!rec->rules_named)
		rec->rules = c->rules;
	for (i = 0; k == 1 && i < rec->nitems; i++)
		if (rec->items[i].kind == QTTT_ITEM_RESULT) {
			qttt__collection_error(d, QTTT_E_SYNTAX,
			    rec->items[i].col, "a result is not an action");
			k = -1;
		}
	if (k == 0)
		qttt__collection_error(d, QTTT_E_SYNTAX, 0, "no action");
	else if (k == 1 && qttt_record_play(rec, &g) > 0) {
		if (d != NULL)
			*d = rec->diags[0];
		k = -1;
	} else if (k == 1) {
		memcpy(c->opening[c->nopenings], g.plies,
		    g.nplies * sizeof(g.plies[0]));
		c->openlen[c->nopenings++] = g.nplies;
	}
	free(rec);
	return k == 1 ? 0 : -1;
}

static int
parse_state(struct qttt_criteria *c, const char *s, struct qttt_diag *d)
{
	struct qttt_state st;

	if (qttt_state_parse_rules(s, strlen(s), c->rules, &st, d) != QTTT_OK)
		return -1;
	/* Both keys: -x may come after. */
	c->statekey[c->nstates] = qttt_state_key(&st);
	c->symkey[c->nstates] = qttt_state_symkey(&st, NULL);
	c->nstates++;
	return 0;
}

/* Copies n bytes of s into the criteria's text, with a NUL. */
static int
keep_text(struct qttt_criteria *c, const char *s, size_t n, size_t *at)
{
	if (n >= sizeof(c->text) - c->textlen)
		return -1;
	*at = c->textlen;
	memcpy(c->text + c->textlen, s, n);
	c->text[c->textlen + n] = '\0';
	c->textlen += n + 1;
	return 0;
}

/* "key" or "key=pattern". */
static int
parse_meta(struct qttt_criteria *c, const char *s, struct qttt_diag *d)
{
	const char	*eq = strchr(s, '=');
	size_t		 keylen = eq != NULL ? (size_t)(eq - s) : strlen(s);
	size_t		 key, value = 0;

	if (keylen == 0)
		return qttt__collection_error(d, QTTT_E_SYNTAX, 0, "no key "
		    "before '='");
	if (keep_text(c, s, keylen, &key) == -1 || (eq != NULL &&
	    keep_text(c, eq + 1, strlen(eq + 1), &value) == -1))
		return qttt__collection_error(d, QTTT_E_TOOMANY, 0, "more "
		    "than %zu bytes of keys and patterns in all",
		    sizeof(c->text) - 2);
	c->metakey[c->nmeta] = key;
	c->metapattern[c->nmeta] = eq != NULL ? value : QTTT_CRIT_NOTEXT;
	c->nmeta++;
	return 0;
}

/* A list of numbers for kind, with the ranges it already has. */
static int
parse_ranges(struct qttt_criteria *c, enum qttt_criterion kind,
    const char *s, struct qttt_diag *d)
{
	struct qttt_ranges *to, r, both;
	size_t		 i, j;

	to = kind == QTTT_CRIT_GAMES ? &c->games : kind == QTTT_CRIT_MOVES ?
	    &c->moves : kind == QTTT_CRIT_PLIES ? &c->plies :
	    &c->measurements;
	if (qttt_ranges_parse(s, kind == QTTT_CRIT_GAMES, &r, d) == -1)
		return -1;
	if (!(c->given & 1u << kind)) {
		*to = r;
		return 0;
	}
	/* Given before: both must hold, so what both hold. */
	both.n = 0;
	for (i = 0; i < to->n; i++)
		for (j = 0; j < r.n; j++) {
			if (r.lo[j] > to->hi[i] || to->lo[i] > r.hi[j])
				continue;
			if (both.n == QTTT_MAXRANGES)
				return qttt__collection_error(d, QTTT_E_SYNTAX,
				    0, "more than %d ranges where the lists "
				    "given meet", QTTT_MAXRANGES);
			both.lo[both.n] = r.lo[j] > to->lo[i] ? r.lo[j] :
			    to->lo[i];
			both.hi[both.n] = r.hi[j] < to->hi[i] ? r.hi[j] :
			    to->hi[i];
			both.n++;
		}
	*to = both;
	return 0;
}

/* Room for one more criterion of a kind that keeps a list of them. */
static int
room(size_t n, struct qttt_diag *d)
{
	if (n < QTTT_MAXCRIT)
		return 0;
	return qttt__collection_error(d, QTTT_E_TOOMANY, 0, "more than %d "
	    "criteria of one kind", QTTT_MAXCRIT);
}

/* "x", "o" or "none": the winners exclude each other. */
static int
parse_winner(struct qttt_criteria *c, const char *s, struct qttt_diag *d)
{
	static const struct name winners[] = {
		{ "x", W_X }, { "X", W_X }, { "o", W_O }, { "O", W_O },
		{ "none", W_NONE },
	};
	int	 k;

	if ((k = lookup(winners, NNAMES(winners), s)) == -1)
		return qttt__collection_error(d, QTTT_E_SYNTAX, 0, "not a "
		    "winner: x, o or none");
	/* Given before: both must hold. */
	c->winners = c->given & 1u << QTTT_CRIT_WINNER ? c->winners &
	    (unsigned int)k : (unsigned int)k;
	return 0;
}

int
qttt_criteria_add(struct qttt_criteria *c, enum qttt_criterion kind,
    const char *s, struct qttt_diag *d)
{
	int	 k;

	switch (kind) {
	case QTTT_CRIT_GAMES:
	case QTTT_CRIT_MOVES:
	case QTTT_CRIT_PLIES:
	case QTTT_CRIT_MEASUREMENTS:
		k = parse_ranges(c, kind, s, d);
		break;
	case QTTT_CRIT_RESULT:
		if ((k = room(c->nresults, d)) == 0 &&
		    (k = parse_results(s, &c->results[c->nresults], d)) == 0)
			c->nresults++;
		break;
	case QTTT_CRIT_WINNER:
		k = parse_winner(c, s, d);
		break;
	case QTTT_CRIT_FEATURE:
		if ((k = room(c->nfeatures, d)) == 0)
			k = parse_feature(c, s, d);
		break;
	case QTTT_CRIT_OPENING:
		if ((k = room(c->nopenings, d)) == 0)
			k = parse_opening(c, s, d);
		break;
	case QTTT_CRIT_STATE:
		if ((k = room(c->nstates, d)) == 0)
			k = parse_state(c, s, d);
		break;
	case QTTT_CRIT_PATTERN:
		if ((k = room(c->npatterns, d)) == 0 && (k =
		    qttt_pattern_parse(s, &c->pattern[c->npatterns], d)) == 0)
			c->npatterns++;
		break;
	case QTTT_CRIT_META:
		if ((k = room(c->nmeta, d)) == 0)
			k = parse_meta(c, s, d);
		break;
	default:
		k = qttt__collection_error(d, QTTT_E_SYNTAX, 0, "no criterion "
		    "of kind %d", (int)kind);
		break;
	}
	if (k == 0)
		c->given |= 1u << kind;
	return k;
}

/* ------------------------------------------------------------------ */
/* Matching                                                             */
/* ------------------------------------------------------------------ */

/* Game g ended with res: the board's, or one awarded. */
static int
match_result(unsigned int mask, const struct qttt_game *g,
    const struct qttt_result *res)
{
	int	 k;

	if ((mask & 1u << R_PENDING) && !res->over && g->state.pending != 0)
		return 1;
	if (!res->over)
		return (mask & 1u << R_UNFINISHED) != 0;
	k = qttt_result_index(res);
	return k >= 0 && (mask & 1u << k) != 0;
}

/*
 * Whether a measurement of the record named a move other than the
 * closing one.
 */
static int
renamed(const struct qttt_record *rec, const struct qttt_game *g)
{
	size_t	 i, k = 0;

	for (i = 0; rec != NULL && i < rec->nitems && k < g->nplies; i++) {
		if (rec->items[i].kind != QTTT_ITEM_ACTION)
			continue;
		if (rec->items[i].action.kind == QTTT_MEASURE &&
		    rec->items[i].action.move != g->plies[k].move)
			return 1;
		k++;
	}
	return 0;
}

static int
match_features(const struct qttt_criteria *c, const struct qttt_record *rec,
    const struct qttt_game *g)
{
	struct qttt_features f;
	size_t		 i, j;
	int		 ok;

	qttt_game_features(g, &f);
	for (i = 0; i < c->nfeatures; i++) {
		switch (c->feature[i]) {
		case F_TWOCYCLE:
			ok = f.twocycles > 0;
			break;
		case F_FORCED:
			ok = f.forced;
			break;
		case F_SIMULTANEOUS:
			ok = f.simultaneous;
			break;
		case F_DOUBLE:
			ok = f.doubleline;
			break;
		case F_RENAMED:
			ok = renamed(rec, g);
			break;
		default:
			for (j = 0, ok = 0; j < f.ncycles; j++)
				if (f.cycle[j] == c->cyclelen[i])
					ok = 1;
			break;
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/* Whether g opens with the n plies of op, in some orientation. */
static int
match_opening(const struct qttt_criteria *c, const struct qttt_action *op,
    size_t n, const struct qttt_game *g)
{
	struct qttt_action img;
	size_t		 i;
	int		 s;

	if (g->nplies < n)
		return 0;
	for (s = 0; s < (c->exact ? 1 : QTTT_NSYMS); s++) {
		for (i = 0; i < n; i++) {
			qttt_sym_action(s, &op[i], &img);
			if (!qttt_action_equal(&img, &g->plies[i]))
				break;
		}
		if (i == n)
			return 1;
	}
	return 0;
}

/*
 * The positions and patterns: each must be met at some ply (a pattern
 * at one ply, all its squares at once).  Replays the game once; a game
 * played from a position (no plies) is that position.
 */
static int
match_positions(const struct qttt_criteria *c, const struct qttt_game *g)
{
	unsigned char	 met[2 * QTTT_MAXCRIT] = { 0 };
	const uint64_t	*want = c->exact ? c->statekey : c->symkey;
	struct qttt_state st;
	uint64_t	 key;
	size_t		 i, ply, left = c->nstates + c->npatterns;

	if (g->nplies == 0)
		st = g->state;
	else {
		qttt_state_init(&st);
		st.rules = g->state.rules;
	}
	for (ply = 0; left > 0; ply++) {
		if (c->nstates > 0) {
			key = c->exact ? qttt_state_key(&st) :
			    qttt_state_symkey(&st, NULL);
			for (i = 0; i < c->nstates; i++)
				if (!met[i] && key == want[i]) {
					met[i] = 1;
					left--;
				}
		}
		for (i = 0; i < c->npatterns; i++)
			if (!met[QTTT_MAXCRIT + i] &&
			    qttt_pattern_match(&c->pattern[i], &st)) {
				met[QTTT_MAXCRIT + i] = 1;
				left--;
			}
		if (ply >= g->nplies || left == 0)
			break;
		if (qttt_state_apply(&st, &g->plies[ply], NULL) != QTTT_OK)
			break;
	}
	return left == 0;
}

static int
match_meta(const struct qttt_criteria *c, const struct qttt_record *rec)
{
	char		 buf[QTTT_YAML_SCALAR_MAX + 1];
	const char	*v;
	size_t		 i, len;

	for (i = 0; i < c->nmeta; i++) {
		if (rec == NULL || !qttt_record_meta(rec,
		    c->text + c->metakey[i], &v, &len))
			return 0;
		if (c->metapattern[i] == QTTT_CRIT_NOTEXT)
			continue;
		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, v, len);
		buf[len] = '\0';
		if (fnmatch(c->text + c->metapattern[i], buf, 0) != 0)
			return 0;
	}
	return 1;
}

/* Every criterion but the inversion, the cheapest first. */
static int
match(const struct qttt_criteria *c, const struct qttt_record *rec,
    const struct qttt_game *g, size_t errors)
{
	const struct qttt_result *res = qttt_record_result(rec, g);
	size_t		 i, meas;
	unsigned int	 winner;

	if (c->validity == QTTT_SELECT_VALID && errors > 0)
		return 0;
	if (c->validity == QTTT_SELECT_INVALID && errors == 0)
		return 0;
	if (c->given == 0)
		return 1;
	if ((c->given & 1u << QTTT_CRIT_GAMES) && (rec == NULL ||
	    !qttt_ranges_has(&c->games, rec->index)))
		return 0;
	for (i = 0; i < c->nresults; i++)
		if (!match_result(c->results[i], g, res))
			return 0;
	if (c->given & 1u << QTTT_CRIT_WINNER) {
		winner = !res->over || res->score[QTTT_X] ==
		    res->score[QTTT_O] ? W_NONE : res->score[QTTT_X] >
		    res->score[QTTT_O] ? W_X : W_O;
		if (!(c->winners & winner))
			return 0;
	}
	if ((c->given & 1u << QTTT_CRIT_MOVES) &&
	    !qttt_ranges_has(&c->moves, g->state.next - 1))
		return 0;
	if ((c->given & 1u << QTTT_CRIT_PLIES) &&
	    !qttt_ranges_has(&c->plies, g->nplies))
		return 0;
	if (c->given & 1u << QTTT_CRIT_MEASUREMENTS) {
		for (i = 0, meas = 0; i < g->nplies; i++)
			meas += g->plies[i].kind == QTTT_MEASURE;
		if (!qttt_ranges_has(&c->measurements, meas))
			return 0;
	}
	for (i = 0; i < c->nopenings; i++)
		if (!match_opening(c, c->opening[i], c->openlen[i], g))
			return 0;
	if (!match_meta(c, rec))
		return 0;
	if (c->nfeatures > 0 && !match_features(c, rec, g))
		return 0;
	if (c->nstates + c->npatterns > 0 && !match_positions(c, g))
		return 0;
	return 1;
}

int
qttt_criteria_match(const struct qttt_criteria *c,
    const struct qttt_record *rec, const struct qttt_game *g, size_t errors)
{
	return match(c, rec, g, errors) != (c->invert != 0);
}
