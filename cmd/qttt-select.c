/*
 * qttt-select: the games of a collection that meet every criterion
 * given, written as they were read (or converted, or in their canonical
 * orientation), with duplicates dropped on request.
 */
#include <fnmatch.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"

/* The results -r names, as bits. */
enum {
	R_SCORE = 0,		/* bits 0..6: the seven results */
	R_UNFINISHED = 7,	/* "*" and "unfinished" */
	R_PENDING = 8		/* a measurement is due */
};
static const struct {
	const char	*name;
	unsigned char	 x, o;	/* half points */
} results[] = {
	{ "1-0", 2, 0 }, { "0-1", 0, 2 }, { "1-1/2", 2, 1 }, { "1/2-1", 1, 2 },
	{ "3/2-0", 3, 0 }, { "2-0", 4, 0 }, { "0-0", 0, 0 },
};
#define NRESULTS	(sizeof(results) / sizeof(results[0]))
#define FINISHED	((1u << NRESULTS) - 1)

/* The features -F names. */
enum feature {
	F_TWOCYCLE = 0,
	F_FORCED,
	F_SIMULTANEOUS,
	F_DOUBLE,
	F_RENAMED,
	F_CYCLE			/* a cycle of a given length */
};

#define MAXCRIT		16

/* A pattern of squares: for each, what it must hold. */
enum sqwant {
	W_ANY = 0,
	W_X,			/* a classical X */
	W_O,			/* a classical O */
	W_OPEN			/* no classical mark */
};

struct pattern {
	unsigned char	 want[QTTT_NSQUARES];
};

struct metacrit {
	const char	*key;
	const char	*value;	/* a pattern (fnmatch), or NULL: the key */
};

struct options {
	enum qttt_format format;	/* -f */
	enum target	 to;		/* -t */
	int		 canonical;	/* -C */
	int		 count;		/* -c */
	int		 exact;		/* -x: no symmetry for -o, -s */
	int		 invalid;	/* -i: 1 invalid only, -1 any */
	int		 quiet;		/* -q */
	int		 unique;	/* -u: 1 exact, 2 under symmetry */
	int		 invert;	/* -v */
	int		 has_games;
	struct ranges	 games;		/* -g */
	unsigned int	 results;	/* -r, bits; 0 any */
	int		 winner;	/* -w: -2 any, -1 none, or a player */
	int		 has_moves, has_plies, has_meas;
	struct ranges	 moves, plies, meas;	/* -M, -P, -m */
	size_t		 nfeatures;
	enum feature	 features[MAXCRIT];
	unsigned char	 cyclelen[MAXCRIT];
	int		 has_opening;
	struct qttt_game opening;	/* -o: its plies */
	size_t		 nstates;
	struct qttt_state states[MAXCRIT];	/* -s */
	uint64_t	 statekeys[MAXCRIT];
	size_t		 npatterns;
	struct pattern	 patterns[MAXCRIT];	/* -p */
	size_t		 nmeta;
	struct metacrit	 meta[MAXCRIT];	/* -k */
};

/* The keys of the games kept so far, for -u: an open-addressing set. */
struct key {
	uint64_t	 hi, lo;
};
struct keyset {
	size_t		 n, size;	/* size a power of 2, or 0 */
	struct key	*slot;		/* an all-zero key marks a free slot */
	int		 has_zero;	/* the key of a game with no move */
};

static struct keyset seen;
static unsigned long selected;

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-CchiqUuVvx] [-F feature] [-f format] "
	    "[-g games]\n"
	    "       [-k key[=pattern]] [-M moves] [-m measurements] "
	    "[-o opening]\n"
	    "       [-P plies] [-p pattern] [-r result] [-s state] "
	    "[-t format]\n"
	    "       [-w winner] [file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Select Quantum Tic-Tac-Toe games by what happened in them.\n"
	    "\n"
	    "  -g, --games=LIST     game numbers and ranges of each input:"
	    " 3,5-7,10-\n"
	    "  -r, --result=LIST    1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, 2-0,"
	    " 0-0, *,\n"
	    "                       finished, unfinished, pending\n"
	    "  -w, --winner=WHO     x, o or none\n"
	    "  -M, --moves=LIST     number of moves; -P plies;"
	    " -m measurements\n"
	    "  -F, --feature=NAME   2-cycle, forced-x9, simultaneous,"
	    " double-line,\n"
	    "                       renamed, cycle-N (N squares)\n"
	    "  -o, --opening=ITEMS  the first actions, in any orientation\n"
	    "  -s, --state=STATE    a position reached, in any orientation\n"
	    "  -p, --pattern=SQS    squares reached at one ply: b2=X,a1=O,"
	    "c3=.\n"
	    "  -k, --meta=KEY[=PAT] a metadata key, its value matching PAT\n"
	    "  -x, --exact          -o and -s in the orientation given"
	    " only\n"
	    "  -i, --invalid        invalid games only; -ii any game\n"
	    "  -v, --invert         the games that do not meet the"
	    " criteria\n"
	    "  -u, --unique         drop repeated games; -U under the"
	    " symmetries\n"
	    "  -C, --canonical      write each game in its canonical"
	    " orientation\n"
	    "  -c, --count          print the number of games selected"
	    " only\n"
	    "  -t, --to=FMT         write as line, yaml, json or goff\n"
	    "  -f, --format=FMT     input format: auto (default), line,"
	    " yaml, json,\n"
	    "                       goff, state\n"
	    "  -q, --quiet          print no diagnostics\n"
	    "  -h, --help           show this help\n"
	    "  -V, --version        show the version\n"
	    "\n"
	    "Exit status: 0 some game selected, 1 none, 2 usage, I/O or"
	    " write error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/* ------------------------------------------------------------------ */
/* Parsing the criteria                                                 */
/* ------------------------------------------------------------------ */

static int
parse_results(const char *s, unsigned int *bits)
{
	char		 buf[128], *tok, *end;
	size_t		 i;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (tok = buf; tok != NULL; tok = end) {
		if ((end = strchr(tok, ',')) != NULL)
			*end++ = '\0';
		for (i = 0; i < NRESULTS; i++)
			if (strcmp(tok, results[i].name) == 0)
				break;
		if (i < NRESULTS)
			*bits |= 1u << i;
		else if (strcmp(tok, "*") == 0 ||
		    strcmp(tok, "unfinished") == 0)
			*bits |= 1u << R_UNFINISHED;
		else if (strcmp(tok, "finished") == 0)
			*bits |= FINISHED;
		else if (strcmp(tok, "pending") == 0)
			*bits |= 1u << R_PENDING;
		else
			return -1;
	}
	return 0;
}

static int
parse_feature(struct options *o, const char *s)
{
	static const struct name_value names[] = {
		{ "2-cycle", F_TWOCYCLE }, { "forced-x9", F_FORCED },
		{ "forced", F_FORCED }, { "simultaneous", F_SIMULTANEOUS },
		{ "double-line", F_DOUBLE }, { "renamed", F_RENAMED },
	};
	unsigned long long n;
	int		 f;

	if (o->nfeatures == MAXCRIT)
		return -1;
	if (strncmp(s, "cycle-", 6) == 0) {
		if (parse_number(s + 6, 2, QTTT_NSQUARES, &n) == -1)
			return -1;
		o->cyclelen[o->nfeatures] = n;
		f = F_CYCLE;
	} else if ((f = lookup_name(names, NVALUES(names), s)) == -1)
		return -1;
	o->features[o->nfeatures++] = f;
	return 0;
}

/*
 * The opening: items of the line notation, played from the empty
 * board, so that a measurement is held in its canonical form.
 */
static int
parse_opening(struct options *o, const char *s, char *why, size_t n)
{
	static struct qttt_record rec;
	size_t		 i;

	if (qttt_line_parse(s, strlen(s), 0, &rec) != 1) {
		snprintf(why, n, "no action");
		return -1;
	}
	for (i = 0; i < rec.nitems; i++)
		if (rec.items[i].kind == QTTT_ITEM_RESULT) {
			snprintf(why, n, "a result is not an action");
			return -1;
		}
	if (qttt_record_play(&rec, &o->opening) > 0) {
		snprintf(why, n, "%s", rec.diags[0].msg);
		return -1;
	}
	o->has_opening = 1;
	return 0;
}

static int
parse_state(struct options *o, const char *s, char *why, size_t n)
{
	struct qttt_diag d;
	struct qttt_state *st;

	if (o->nstates == MAXCRIT) {
		snprintf(why, n, "too many positions");
		return -1;
	}
	st = &o->states[o->nstates];
	if (qttt_state_parse(s, strlen(s), st, &d) != QTTT_OK) {
		snprintf(why, n, "%s", d.msg);
		return -1;
	}
	o->nstates++;
	return 0;
}

/* "b2=X,a1=O,c3=." */
static int
parse_pattern(struct options *o, const char *s)
{
	struct pattern	*p;
	int		 sq;

	if (o->npatterns == MAXCRIT)
		return -1;
	p = &o->patterns[o->npatterns];
	memset(p, 0, sizeof(*p));
	for (;;) {
		if (s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3' ||
		    s[2] != '=')
			return -1;
		sq = (s[1] - '1') * 3 + (s[0] - 'a');
		switch (s[3]) {
		case 'X':
		case 'x':
			p->want[sq] = W_X;
			break;
		case 'O':
		case 'o':
			p->want[sq] = W_O;
			break;
		case '.':
			p->want[sq] = W_OPEN;
			break;
		default:
			return -1;
		}
		if (s[4] == '\0')
			break;
		if (s[4] != ',')
			return -1;
		s += 5;
	}
	o->npatterns++;
	return 0;
}

static int
parse_meta(struct options *o, char *s)
{
	char	*eq;

	if (o->nmeta == MAXCRIT || *s == '\0' || *s == '=')
		return -1;
	o->meta[o->nmeta].key = s;
	o->meta[o->nmeta].value = NULL;
	if ((eq = strchr(s, '=')) != NULL) {
		*eq = '\0';
		o->meta[o->nmeta].value = eq + 1;
	}
	o->nmeta++;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Matching                                                             */
/* ------------------------------------------------------------------ */

static int
match_result(unsigned int bits, const struct qttt_state *st)
{
	size_t	 i;

	if ((bits & 1u << R_PENDING) && st->pending != 0)
		return 1;
	if (!st->result.over)
		return (bits & 1u << R_UNFINISHED) != 0;
	for (i = 0; i < NRESULTS; i++)
		if (results[i].x == st->result.score[QTTT_X] &&
		    results[i].o == st->result.score[QTTT_O])
			return (bits & 1u << i) != 0;
	return 0;
}

/* Whether a measurement of the record named a move other than the closing one. */
static int
renamed(const struct qttt_record *rec, const struct qttt_game *g)
{
	size_t	 i, k = 0;

	for (i = 0; i < rec->nitems && k < g->nplies; i++) {
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
match_features(const struct options *o, const struct qttt_record *rec,
    const struct qttt_game *g, const struct qttt_features *f)
{
	size_t	 i, j;
	int	 ok;

	for (i = 0; i < o->nfeatures; i++) {
		switch (o->features[i]) {
		case F_TWOCYCLE:
			ok = f->twocycles > 0;
			break;
		case F_FORCED:
			ok = f->forced;
			break;
		case F_SIMULTANEOUS:
			ok = f->simultaneous;
			break;
		case F_DOUBLE:
			ok = f->doubleline;
			break;
		case F_RENAMED:
			ok = renamed(rec, g);
			break;
		default:
			for (j = 0, ok = 0; j < f->ncycles; j++)
				if (f->cycle[j] == o->cyclelen[i])
					ok = 1;
			break;
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/* Two actions in canonical form are the same (squares in either order). */
static int
same_action(const struct qttt_action *a, const struct qttt_action *b)
{
	if (a->kind != b->kind || a->move != b->move)
		return 0;
	if (a->kind == QTTT_MEASURE)
		return a->sq[0] == b->sq[0];
	return (a->sq[0] == b->sq[0] && a->sq[1] == b->sq[1]) ||
	    (a->sq[0] == b->sq[1] && a->sq[1] == b->sq[0]);
}

static int
match_opening(const struct options *o, const struct qttt_game *g)
{
	const struct qttt_game *op = &o->opening;
	struct qttt_action img;
	size_t		 i;
	int		 s;

	if (g->nplies < op->nplies)
		return 0;
	for (s = 0; s < (o->exact ? 1 : QTTT_NSYMS); s++) {
		for (i = 0; i < op->nplies; i++) {
			qttt_sym_action(s, &op->plies[i], &img);
			if (!same_action(&img, &g->plies[i]))
				break;
		}
		if (i == op->nplies)
			return 1;
	}
	return 0;
}

static int
match_pattern(const struct pattern *p, const struct qttt_state *st)
{
	int	 sq, m;

	for (sq = 0; sq < QTTT_NSQUARES; sq++) {
		m = st->board[sq];
		switch (p->want[sq]) {
		case W_X:
			if (m == 0 || QTTT_MOVER(m) != QTTT_X)
				return 0;
			break;
		case W_O:
			if (m == 0 || QTTT_MOVER(m) != QTTT_O)
				return 0;
			break;
		case W_OPEN:
			if (m != 0)
				return 0;
			break;
		default:
			break;
		}
	}
	return 1;
}

/*
 * The positions and patterns: each must be met at some ply (a pattern
 * at one ply, all its squares at once).  Replays the game once.
 */
static int
match_positions(const struct options *o, const struct qttt_record *rec,
    const struct qttt_game *g)
{
	unsigned char	 met[2 * MAXCRIT] = { 0 };
	struct qttt_state st;
	uint64_t	 key;
	size_t		 i, ply, left = o->nstates + o->npatterns;

	if (rec->has_start)
		st = rec->start;
	else
		qttt_state_init(&st);
	for (ply = 0; left > 0; ply++) {
		key = o->exact ? qttt_state_key(&st) :
		    qttt_state_symkey(&st, NULL);
		for (i = 0; i < o->nstates; i++)
			if (!met[i] && key == o->statekeys[i]) {
				met[i] = 1;
				left--;
			}
		for (i = 0; i < o->npatterns; i++)
			if (!met[MAXCRIT + i] &&
			    match_pattern(&o->patterns[i], &st)) {
				met[MAXCRIT + i] = 1;
				left--;
			}
		if (ply == g->nplies || left == 0)
			break;
		if (qttt_state_apply(&st, &g->plies[ply], NULL) != QTTT_OK)
			break;
	}
	return left == 0;
}

static int
match_meta(const struct options *o, const struct qttt_record *rec)
{
	char		 buf[QTTT_YAML_SCALAR_MAX + 1];
	const char	*v;
	size_t		 i, len;

	for (i = 0; i < o->nmeta; i++) {
		if (!qttt_record_meta(rec, o->meta[i].key, &v, &len))
			return 0;
		if (o->meta[i].value == NULL)
			continue;
		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, v, len);
		buf[len] = '\0';
		if (fnmatch(o->meta[i].value, buf, 0) != 0)
			return 0;
	}
	return 1;
}

/* Every criterion but -v and -u, the cheapest first. */
static int
match(const struct options *o, const struct qttt_record *rec,
    const struct qttt_game *g, int valid)
{
	struct qttt_features f;
	const struct qttt_result *res = &g->state.result;
	size_t		 i, meas;
	int		 winner;

	if (o->invalid == 0 && !valid)
		return 0;
	if (o->invalid == 1 && valid)
		return 0;
	if (o->has_games && !in_ranges(&o->games, rec->index))
		return 0;
	if (o->results != 0 && !match_result(o->results, &g->state))
		return 0;
	if (o->winner != -2) {
		winner = !res->over || res->score[QTTT_X] ==
		    res->score[QTTT_O] ? -1 : res->score[QTTT_X] >
		    res->score[QTTT_O] ? QTTT_X : QTTT_O;
		if (winner != o->winner)
			return 0;
	}
	if (o->has_moves && !in_ranges(&o->moves, g->state.next - 1))
		return 0;
	if (o->has_plies && !in_ranges(&o->plies, g->nplies))
		return 0;
	if (o->has_meas) {
		for (i = 0, meas = 0; i < g->nplies; i++)
			meas += g->plies[i].kind == QTTT_MEASURE;
		if (!in_ranges(&o->meas, meas))
			return 0;
	}
	if (o->has_opening && !match_opening(o, g))
		return 0;
	if (!match_meta(o, rec))
		return 0;
	if (o->nfeatures > 0) {
		qttt_game_features(g, &f);
		if (!match_features(o, rec, g, &f))
			return 0;
	}
	if (o->nstates + o->npatterns > 0 && !match_positions(o, rec, g))
		return 0;
	return 1;
}

/* ------------------------------------------------------------------ */
/* Duplicates                                                           */
/* ------------------------------------------------------------------ */

/*
 * The key of a game: its plies, 7 bits each from the top (a placement
 * 1 + 9 * its first square + its second, a measurement 1 + its
 * square), 14 plies in 98 bits; after the last, zeros.  A position (a
 * record with a start and no plies) has the state key in lo and hi 0,
 * which no game with a ply has.  Exact: two games have one key if and
 * only if they have the same plies.
 */
static struct key
game_key(const struct qttt_record *rec, const struct qttt_game *g,
    int symmetric)
{
	struct qttt_game canon;
	const struct qttt_game *p = g;
	const struct qttt_action *a;
	struct key	 k = { 0, 0 };
	unsigned int	 v, bit = 128;
	size_t		 i;

	if (rec->has_start) {
		k.lo = symmetric ? qttt_state_symkey(&g->state, NULL) :
		    qttt_state_key(&g->state);
		return k;
	}
	if (symmetric) {
		qttt_game_symcanon(g, &canon);
		p = &canon;
	}
	for (i = 0; i < p->nplies; i++) {
		a = &p->plies[i];
		v = a->kind == QTTT_MEASURE ? 1u + a->sq[0] :
		    1u + 9u * a->sq[0] + a->sq[1];
		bit -= 7;
		if (bit >= 64)
			k.hi |= (uint64_t)v << (bit - 64);
		else if (bit + 7 <= 64)
			k.lo |= (uint64_t)v << bit;
		else {
			k.hi |= (uint64_t)v >> (64 - bit);
			k.lo |= (uint64_t)v << bit;
		}
	}
	return k;
}

static size_t
key_slot(const struct keyset *ks, struct key k)
{
	uint64_t h = (k.hi ^ (k.lo * 0x9e3779b97f4a7c15ULL)) *
	    0xbf58476d1ce4e5b9ULL;

	return (size_t)(h ^ (h >> 31)) & (ks->size - 1);
}

static int
key_grow(struct keyset *ks)
{
	struct key	*old = ks->slot;
	size_t		 oldsize = ks->size, i, j;

	ks->size = oldsize == 0 ? 1024 : oldsize * 2;
	if ((ks->slot = calloc(ks->size, sizeof(*ks->slot))) == NULL) {
		ks->slot = old;
		ks->size = oldsize;
		return -1;
	}
	for (i = 0; i < oldsize; i++) {
		if (old[i].hi == 0 && old[i].lo == 0)
			continue;
		for (j = key_slot(ks, old[i]); ks->slot[j].hi != 0 ||
		    ks->slot[j].lo != 0; j = (j + 1) & (ks->size - 1))
			;
		ks->slot[j] = old[i];
	}
	free(old);
	return 0;
}

/* Adds a key: 1 if it is new, 0 if it was there, -1 out of memory. */
static int
key_add(struct keyset *ks, struct key k)
{
	size_t	 j;

	if (k.hi == 0 && k.lo == 0) {
		if (ks->has_zero)
			return 0;
		ks->has_zero = 1;
		return 1;
	}
	if ((ks->n + 1) * 4 > ks->size * 3 && key_grow(ks) == -1)
		return -1;
	for (j = key_slot(ks, k); ks->slot[j].hi != 0 ||
	    ks->slot[j].lo != 0; j = (j + 1) & (ks->size - 1))
		if (ks->slot[j].hi == k.hi && ks->slot[j].lo == k.lo)
			return 0;
	ks->slot[j] = k;
	ks->n++;
	return 1;
}

/* ------------------------------------------------------------------ */
/* Output                                                               */
/* ------------------------------------------------------------------ */

/* Whether a YAML-format record was written as JSON. */
static int
is_json(const struct qttt_record *rec)
{
	size_t	 i;

	for (i = 0; i < rec->textlen; i++)
		if (rec->text[i] != ' ' && rec->text[i] != '\t')
			return rec->text[i] == '{' || rec->text[i] == '[';
	return 0;
}

/* The source text of a record as read, with its line end. */
static int
write_text(const struct qttt_record *rec)
{
	if (rec->format == QTTT_FORMAT_YAML && !is_json(rec) &&
	    fputs("---\n", stdout) == EOF)
		return -1;
	if (fwrite(rec->text, 1, rec->textlen, stdout) != rec->textlen)
		return -1;
	if (rec->format == QTTT_FORMAT_YAML)
		return 0;
	if (rec->textflags & QTTT_TEXT_CRLF)
		return fputs("\r\n", stdout) == EOF ? -1 : 0;
	return putchar('\n') == EOF ? -1 : 0;
}

/*
 * Writes a game kept.  Returns 0, -1 if standard output failed, or -2
 * with the reason in why if the target format cannot hold it.
 */
static int
write_game(const struct options *o, const struct qttt_record *rec,
    const struct qttt_game *g, int valid, char *why, size_t n)
{
	static struct qttt_game canon;
	struct qttt_extras ex;
	enum target	 to = o->to;

	if (!valid || rec->has_start) {
		/*
		 * No writer holds an invalid game or a position: they are
		 * written as read, whatever -t and -C say.
		 */
		if (rec->text == NULL) {
			snprintf(why, n, "no text to write");
			return -2;
		}
		return write_text(rec);
	}
	if (to == TO_SAME && !o->canonical) {
		if (rec->format != QTTT_FORMAT_YAML)
			return write_text(rec);
		to = is_json(rec) ? TO_JSON : TO_YAML;
	}
	if (to == TO_SAME)
		to = rec->format == QTTT_FORMAT_GOFF ? TO_GOFF :
		    rec->format != QTTT_FORMAT_YAML ? TO_LINE :
		    is_json(rec) ? TO_JSON : TO_YAML;
	qttt_extras_from_record(&ex, g, rec);
	if (o->canonical) {
		qttt_game_symcanon(g, &canon);
		g = &canon;
	}
	if (to == TO_GOFF && g->nplies == 0) {
		snprintf(why, n, "Goff's notation has no form for a game "
		    "with no move");
		return -2;
	}
	return write_record(to, g, &ex, why, n);
}

/*
 * Selects from one input.  Returns the exit status it deserves, or
 * EXIT_TROUBLE + 1 if standard output failed.
 */
static int
select_input(const struct options *o, const char *path)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const char	*name = input_name(path);
	unsigned long	 games = 0;
	char		 why[QTTT_MSG_MAX];
	int		 fd, k, valid, keep, w, status = EXIT_VALID;

	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		valid = qttt_record_play(&rec, &game) == 0;
		if (!valid && !o->quiet)
			show_record_diags(stderr, name, &rec, 0);
		keep = match(o, &rec, &game, valid) != o->invert;
		if (keep && o->unique && valid) {
			if ((w = key_add(&seen, game_key(&rec, &game,
			    o->unique == 2))) == -1) {
				fprintf(stderr, "%s: out of memory after %zu "
				    "distinct games\n", progname, seen.n);
				status = EXIT_TROUBLE + 1;
				break;
			}
			keep = w;
		}
		if (!keep)
			continue;
		selected++;
		if (o->count)
			continue;
		if ((w = write_game(o, &rec, &game, valid, why,
		    sizeof(why))) == -1) {
			status = EXIT_TROUBLE + 1;
			break;
		}
		if (w == -2 && !o->quiet)
			show_line_msg(stderr, name, rec.line, "error",
			    "not written: %s", why);
		if (w == -2)
			status = EXIT_TROUBLE;
	}
	if (k == -1 || games == 0)
		if ((w = end_input(name, k, &rec, games, o->quiet, 0)) ==
		    EXIT_TROUBLE && status < EXIT_TROUBLE)
			status = EXIT_TROUBLE;
	close_reader(r, fd);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "canonical",	no_argument,		NULL, 'C' },
		{ "count",	no_argument,		NULL, 'c' },
		{ "feature",	required_argument,	NULL, 'F' },
		{ "format",	required_argument,	NULL, 'f' },
		{ "from",	required_argument,	NULL, 'f' },
		{ "games",	required_argument,	NULL, 'g' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "invalid",	no_argument,		NULL, 'i' },
		{ "invert",	no_argument,		NULL, 'v' },
		{ "measurements", required_argument,	NULL, 'm' },
		{ "meta",	required_argument,	NULL, 'k' },
		{ "moves",	required_argument,	NULL, 'M' },
		{ "opening",	required_argument,	NULL, 'o' },
		{ "pattern",	required_argument,	NULL, 'p' },
		{ "plies",	required_argument,	NULL, 'P' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "result",	required_argument,	NULL, 'r' },
		{ "state",	required_argument,	NULL, 's' },
		{ "to",		required_argument,	NULL, 't' },
		{ "unique",	no_argument,		NULL, 'u' },
		{ "unique-symmetric", no_argument,	NULL, 'U' },
		{ "version",	no_argument,		NULL, 'V' },
		{ "winner",	required_argument,	NULL, 'w' },
		{ "exact",	no_argument,		NULL, 'x' },
		{ NULL,		0,			NULL, 0 }
	};
	static struct options o;
	static const struct name_value winners[] = {
		{ "x", QTTT_X }, { "X", QTTT_X }, { "o", QTTT_O },
		{ "O", QTTT_O }, { "none", 2 },
	};
	char		 why[QTTT_MSG_MAX];
	size_t		 i;
	int		 ch, v, status = EXIT_VALID, s, j;

	start_tool(argv);
	o.winner = -2;
	while ((ch = getopt_long(argc, argv,
	    "CcF:f:g:hik:M:m:o:P:p:qr:s:t:UuVvw:x", longopts, NULL)) != -1) {
		switch (ch) {
		case 'C':
			o.canonical = 1;
			break;
		case 'c':
			o.count = 1;
			break;
		case 'F':
			if (parse_feature(&o, optarg) == -1)
				return usage_error(usage, "unknown feature: "
				    "%s", optarg);
			break;
		case 'f':
			if ((s = format_option(usage, "input ", optarg,
			    &o.format)) != 0)
				return s;
			break;
		case 'g':
			if (parse_ranges(optarg, &o.games) == -1)
				return usage_error(usage, "bad list of games: "
				    "%s", optarg);
			o.has_games = 1;
			break;
		case 'h':
			help();
			break;
		case 'i':
			o.invalid = o.invalid == 0 ? 1 : -1;
			break;
		case 'k':
			if (parse_meta(&o, optarg) == -1)
				return usage_error(usage, "bad metadata "
				    "criterion: %s", optarg);
			break;
		case 'M':
			if (parse_ranges(optarg, &o.moves) == -1)
				return usage_error(usage, "bad number of "
				    "moves: %s", optarg);
			o.has_moves = 1;
			break;
		case 'm':
			if (parse_ranges(optarg, &o.meas) == -1)
				return usage_error(usage, "bad number of "
				    "measurements: %s", optarg);
			o.has_meas = 1;
			break;
		case 'o':
			if (parse_opening(&o, optarg, why, sizeof(why)) == -1)
				return usage_error(usage, "bad opening: %s: "
				    "%s", optarg, why);
			break;
		case 'P':
			if (parse_ranges(optarg, &o.plies) == -1)
				return usage_error(usage, "bad number of "
				    "plies: %s", optarg);
			o.has_plies = 1;
			break;
		case 'p':
			if (parse_pattern(&o, optarg) == -1)
				return usage_error(usage, "bad pattern: %s",
				    optarg);
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'r':
			if (parse_results(optarg, &o.results) == -1)
				return usage_error(usage, "bad result: %s",
				    optarg);
			break;
		case 's':
			if (parse_state(&o, optarg, why, sizeof(why)) == -1)
				return usage_error(usage, "bad state: %s: %s",
				    optarg, why);
			break;
		case 't':
			if ((v = parse_target(optarg)) == -1)
				return usage_error(usage, "unknown output "
				    "format '%s': it is one of "
				    TARGET_NAMES, optarg);
			o.to = v;
			break;
		case 'U':
			o.unique = 2;
			break;
		case 'u':
			if (o.unique == 0)
				o.unique = 1;
			break;
		case 'V':
			print_version();
			break;
		case 'v':
			o.invert = 1;
			break;
		case 'w':
			if ((j = lookup_name(winners, NVALUES(winners),
			    optarg)) == -1)
				return usage_error(usage, "bad winner: %s",
				    optarg);
			o.winner = j == 2 ? -1 : j;
			break;
		case 'x':
			o.exact = 1;
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	argc -= optind;
	argv += optind;
	/* -x is known only now. */
	for (i = 0; i < o.nstates; i++)
		o.statekeys[i] = o.exact ? qttt_state_key(&o.states[i]) :
		    qttt_state_symkey(&o.states[i], NULL);

	if (argc == 0)
		status = select_input(&o, "-");
	for (j = 0; j < argc && status <= EXIT_TROUBLE; j++)
		if ((s = select_input(&o, argv[j])) > status)
			status = s;
	if (o.count && status <= EXIT_TROUBLE)
		printf("%lu\n", selected);
	free(seen.slot);
	if (finish_output() != 0 || status >= EXIT_TROUBLE)
		return EXIT_TROUBLE;
	return selected > 0 ? EXIT_VALID : EXIT_INVALID;
}
