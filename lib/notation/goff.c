/*
 * Goff's 2026 record notation (formats/goff-notation.md): the reader,
 * which checks every redundant part of a record against the game it
 * computes (its writer is lib/output/goff_write.c).
 *
 *	X1+(1,2); O2+(2,3); X3+(3,1)[132]; O3@X1(1)!X1(1)!O2(2)!X3(3); ...
 *
 * One game per line, as in the line notation; a placement and a
 * measurement are one item each (the forced last move's measurement,
 * O9@X9(s)!X9(s), is part of its X9+(s,s) item), the score is the
 * result item.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"

/* ------------------------------------------------------------------ */
/* The reader                                                           */
/* ------------------------------------------------------------------ */

/* A mark and square of a measurement: Mk(s), or an entry !Mj(sj). */
struct goff_mark {
	unsigned char	 move;
	unsigned char	 sq;
	unsigned long	 col, sqcol;
};

/*
 * The redundant parts of a measurement token, to be checked against
 * the game: who measures, which move closed the cycle, and the square
 * of every move of the collapsed component.
 */
struct goff_check {
	int		 present;
	unsigned char	 player;	/* P */
	unsigned char	 closing;	/* c */
	unsigned long	 col, ccol;	/* where P and c are */
	unsigned long	 endcol;	/* just after the token */
	struct goff_mark chosen;	/* Mk(s) */
	size_t		 nlist;
	struct goff_mark list[QTTT_MAXMOVES];
	/* A forced X9 without its measurement: where it should be. */
	unsigned long	 misscol;
	int		 missafter;	/* at the end of the record */
};

struct goff_reader {
	/* For item i: its measurement token, or the measurement that
	 * follows a forced X9+(s,s). */
	struct goff_check check[QTTT_MAXITEMS];
};

struct cursor {
	const char		*s;
	size_t			 pos, end;	/* the token */
	unsigned long		 lineno;
	struct qttt_record	*rec;
};

#define SYNTAX(c, code, col, ...) \
	qttt_record_diag((c)->rec, (code), (c)->lineno, (col), __VA_ARGS__)

/* Shows at most 24 bytes of the rest of a token in a message. */
#define REST(c)	(int)((c)->end - (c)->pos > 24 ? 24 : \
		    (c)->end - (c)->pos), (c)->s + (c)->pos

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

static void
skip_blanks(struct cursor *c)
{
	while (c->pos < c->end && is_blank((unsigned char)c->s[c->pos]))
		c->pos++;
}

/* The next character is ch (after blanks); reports if it is not. */
static int
expect(struct cursor *c, char ch, const char *what)
{
	skip_blanks(c);
	if (c->pos < c->end && c->s[c->pos] == ch) {
		c->pos++;
		return 1;
	}
	if (c->pos == c->end)
		SYNTAX(c, QTTT_E_GOFF, c->pos, "expected '%c' %s", ch, what);
	else
		SYNTAX(c, QTTT_E_GOFF, c->pos, "expected '%c' %s, found "
		    "'%.*s'", ch, what, REST(c));
	return 0;
}

/* A mark: X or O and a move number of its parity.  0 if not. */
static int
parse_mark(struct cursor *c, unsigned long *col)
{
	int	 ch, m;

	skip_blanks(c);
	*col = c->pos;
	if (c->pos + 1 >= c->end || (c->s[c->pos] != 'X' &&
	    c->s[c->pos] != 'O') || c->s[c->pos + 1] < '1' ||
	    c->s[c->pos + 1] > '9') {
		SYNTAX(c, QTTT_E_MARK, c->pos, "expected a mark such as X1 "
		    "or O2, found '%.*s'", REST(c));
		return 0;
	}
	ch = c->s[c->pos];
	m = c->s[c->pos + 1] - '0';
	c->pos += 2;
	if (c->pos < c->end && c->s[c->pos] >= '0' && c->s[c->pos] <= '9') {
		SYNTAX(c, QTTT_E_MARK, *col, "moves are numbered 1 to 9");
		return 0;
	}
	if (QTTT_LETTER(m) != ch) {
		SYNTAX(c, QTTT_E_MARK, *col, "'%c%d': X makes the odd moves "
		    "and O the even ones", ch, m);
		return 0;
	}
	return m;
}

/* A square: Goff's number 1..9.  Returns 0..8, or -1. */
static int
parse_square(struct cursor *c, unsigned long *col)
{
	skip_blanks(c);
	*col = c->pos;
	if (c->pos < c->end && c->s[c->pos] >= '1' && c->s[c->pos] <= '9' &&
	    (c->pos + 1 == c->end || c->s[c->pos + 1] < '0' ||
	    c->s[c->pos + 1] > '9'))
		return c->s[c->pos++] - '1';
	SYNTAX(c, QTTT_E_SQUARE, c->pos, "expected a square, 1 to 9, found "
	    "'%.*s'", REST(c));
	return -1;
}

/* "Mk(s)": a mark and its square. */
static int
parse_marksq(struct cursor *c, struct goff_mark *gm)
{
	int	 m, sq;

	if ((m = parse_mark(c, &gm->col)) == 0)
		return 0;
	if (!expect(c, '(', "after the mark"))
		return 0;
	if ((sq = parse_square(c, &gm->sqcol)) < 0)
		return 0;
	if (!expect(c, ')', "after the square"))
		return 0;
	gm->move = m;
	gm->sq = sq;
	return 1;
}

static int
at_end(struct cursor *c, const char *what)
{
	skip_blanks(c);
	if (c->pos == c->end)
		return 1;
	SYNTAX(c, QTTT_E_GOFF, c->pos, "unexpected '%.*s' after %s",
	    REST(c), what);
	return 0;
}

/*
 * Where a loop annotation that starts at s[i] ('[') ends: at its ']',
 * or at i if it has none before end (then it is no annotation, and
 * the parser reports it).
 */
static size_t
annotation_end(const char *s, size_t i, size_t end)
{
	const char	*close = memchr(s + i, ']', end - i);

	return close != NULL ? (size_t)(close - s) : i;
}

/*
 * Where the token from s[i] ends: at the next ';' before end that is
 * not in a loop annotation, which may hold any ASCII but ']'.
 */
static size_t
token_end(const char *s, size_t i, size_t end)
{
	for (; i < end && s[i] != ';'; i++)
		if (s[i] == '[')
			i = annotation_end(s, i, end);
	return i;
}

/* The line notation's comment, but that a '#' in a loop annotation is none. */
static size_t
goff_comment(const char *s, size_t len, struct qttt_record *rec)
{
	size_t	 i;

	for (i = 0; i < len && s[i] != '#'; i++)
		if (s[i] == '[')
			i = annotation_end(s, i, len);
	return qttt__notation_line_comment(s, i, len, rec);
}

/* "Xn+(a,b)", with an optional loop annotation "[...]" after it. */
static int
parse_placement(struct cursor *c, struct qttt_item *it)
{
	unsigned long	 col;
	int		 m, a, b, ch;

	if ((m = parse_mark(c, &col)) == 0)
		return 0;
	if (!expect(c, '+', "after the mark") ||
	    !expect(c, '(', "after '+'"))
		return 0;
	if ((a = parse_square(c, &it->sqcol[0])) < 0)
		return 0;
	if (!expect(c, ',', "between the squares"))
		return 0;
	if ((b = parse_square(c, &it->sqcol[1])) < 0)
		return 0;
	if (!expect(c, ')', "after the squares"))
		return 0;
	skip_blanks(c);
	if (c->pos < c->end && c->s[c->pos] == '[') {
		/* A loop annotation is informational: only its bytes. */
		while (c->pos < c->end && c->s[c->pos] != ']') {
			ch = (unsigned char)c->s[c->pos];
			if (ch < 0x20 || ch > 0x7e) {
				SYNTAX(c, QTTT_E_GOFF, c->pos, "%s in the loop "
				    "annotation, which holds printable ASCII "
				    "only (move numbers, '|')", ch == '\t' ?
				    "a tab" : "a character not ASCII");
				return 0;
			}
			c->pos++;
		}
		if (c->pos == c->end) {
			SYNTAX(c, QTTT_E_GOFF, c->pos, "the loop annotation "
			    "has no closing ']'");
			return 0;
		}
		c->pos++;
	}
	if (!at_end(c, "the placement"))
		return 0;
	it->kind = QTTT_ITEM_ACTION;
	it->action.kind = QTTT_PLACE;
	it->action.move = m;
	it->action.sq[0] = a;
	it->action.sq[1] = b;
	return 1;
}

/* "Pc@Mk(s)!M1(s1)!M2(s2)...". */
static int
parse_measurement(struct cursor *c, struct goff_check *k)
{
	memset(k, 0, sizeof(*k));
	k->col = c->pos;
	k->player = c->s[c->pos] == 'X' ? QTTT_X : QTTT_O;
	c->pos++;
	k->ccol = c->pos;
	if (c->pos == c->end || c->s[c->pos] < '1' || c->s[c->pos] > '9') {
		SYNTAX(c, QTTT_E_GOFF, c->pos, "expected the number of the "
		    "cycle-closing move after the measurer");
		return 0;
	}
	k->closing = c->s[c->pos++] - '0';
	if (!expect(c, '@', "after the measurer and the closing move"))
		return 0;
	if (!parse_marksq(c, &k->chosen))
		return 0;
	skip_blanks(c);
	if (c->pos == c->end || c->s[c->pos] != '!') {
		SYNTAX(c, QTTT_E_GOFF, c->pos, "expected '!' and the square "
		    "of each move of the collapse");
		return 0;
	}
	while (skip_blanks(c), c->pos < c->end && c->s[c->pos] == '!') {
		c->pos++;
		if (k->nlist == QTTT_MAXMOVES) {
			SYNTAX(c, QTTT_E_GOFF, c->pos, "more than %d moves "
			    "in a collapse", QTTT_MAXMOVES);
			return 0;
		}
		if (!parse_marksq(c, &k->list[k->nlist++]))
			return 0;
	}
	if (!at_end(c, "the measurement"))
		return 0;
	k->endcol = c->end;
	k->present = 1;
	return 1;
}

/* A score value: 0, 0.5, 1, 1.5, 2, in half points; -1 if not. */
static int
parse_value(struct cursor *c)
{
	static const char *const values[] = { "0.5", "1.5", "0", "1", "2" };
	static const int halves[] = { 1, 3, 0, 2, 4 };
	size_t	 i, k;

	skip_blanks(c);
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		k = strlen(values[i]);
		if (c->end - c->pos >= k &&
		    memcmp(c->s + c->pos, values[i], k) == 0 &&
		    (c->end - c->pos == k || c->s[c->pos + k] < '0' ||
		    c->s[c->pos + k] > '9') && (c->end - c->pos == k ||
		    c->s[c->pos + k] != '.')) {
			c->pos += k;
			return halves[i];
		}
	}
	SYNTAX(c, QTTT_E_RESULTSYN, c->pos, "expected a score: 0, 0.5, 1, "
	    "1.5 or 2");
	return -1;
}

static const char *
rules_name(unsigned int rules, char name[QTTT_RULES_NAME_MAX])
{
	qttt_rules_format(rules, name, QTTT_RULES_NAME_MAX);
	return name;
}

/* "{X=1,O=0.5}". */
static int
parse_score(struct cursor *c, struct qttt_item *it)
{
	char	 name[QTTT_RULES_NAME_MAX];
	int	 x, o;

	c->pos++;
	if (!expect(c, 'X', "in the score") || !expect(c, '=', "after X") ||
	    (x = parse_value(c)) < 0 || !expect(c, ',', "after X's score") ||
	    !expect(c, 'O', "in the score") || !expect(c, '=', "after O") ||
	    (o = parse_value(c)) < 0 || !expect(c, '}', "after O's score") ||
	    !at_end(c, "the score"))
		return 0;
	if (!qttt__engine_result_possible(c->rec->rules, x, o)) {
		SYNTAX(c, QTTT_E_RESULTSYN, it->col, "{X=%g,O=%g} is not a "
		    "possible score%s%s", x / 2.0, o / 2.0, c->rec->rules ==
		    QTTT_RULES_GOFF ? "" : " under ", c->rec->rules ==
		    QTTT_RULES_GOFF ? "" : rules_name(c->rec->rules, name));
		return 0;
	}
	it->kind = QTTT_ITEM_RESULT;
	it->result.over = 1;
	it->result.score[QTTT_X] = x;
	it->result.score[QTTT_O] = o;
	return 1;
}

/*
 * Parses one line into rec.  Returns 1 if it holds a game, 0 if it
 * is blank or a comment.  check[i] receives the measurement token of
 * item i (or of the forced move that item i is).
 */
static int
goff_parse(const char *s, size_t len, unsigned long lineno,
    struct qttt_record *rec, struct goff_check *check, unsigned int rules)
{
	struct cursor	 c;
	struct qttt_item *it;
	struct goff_check k;
	size_t		 comment, start;
	size_t		 nseen = 0;
	int		 seen_result = 0, seen_item = 0, keep = 1, ok;
	int		 forced = -1;	/* the X9 before its O9@X9(s) */

	qttt_record_clear(rec);
	rec->rules = rules;
	rec->line = lineno;
	rec->format = QTTT_FORMAT_GOFF;
	if (len > 0 && s[len - 1] == '\r')
		len--;
	rec->text = s;
	rec->textlen = len;
	c.s = s;
	c.lineno = lineno;
	c.rec = rec;
	/* The line notation's rules for bytes and comments. */
	if (!qttt__notation_line_bytes(rec, lineno, s, len)) {
		rec->damaged = 1;
		return 1;
	}
	comment = goff_comment(s, len, rec);
	for (start = 0; start <= comment; start = c.end + 1) {
		c.pos = start;
		c.end = start;
		c.end = token_end(s, c.end, comment);
		skip_blanks(&c);
		if (c.pos == c.end) {
			if (c.end < comment) {
				SYNTAX(&c, QTTT_E_EMPTYITEM, c.pos, "empty "
				    "token before ';'");
				rec->damaged = 1;
				keep = 0;
			}
			continue;
		}
		while (c.end > c.pos && is_blank((unsigned char)s[c.end - 1]))
			c.end--;
		seen_item = 1;
		if (seen_result) {
			SYNTAX(&c, QTTT_E_RESULTPOS, c.pos, "nothing may "
			    "follow the score");
			rec->damaged = 1;
			break;
		}
		/* The forced move's measurement is part of its item. */
		if (forced >= 0 && c.end - c.pos >= 2 && (s[c.pos] == 'X' ||
		    s[c.pos] == 'O') && s[c.pos + 1] >= '1' &&
		    s[c.pos + 1] <= '9' && memchr(s + c.pos, '@',
		    c.end - c.pos) != NULL) {
			if (parse_measurement(&c, &k))
				check[forced] = k;
			else {
				rec->damaged = 1;
				keep = 0;
			}
			forced = -1;
			c.end = token_end(s, c.end, comment);
			continue;
		}
		if (forced >= 0) {
			/* Missing: reported if the X9 is legal (verify). */
			check[forced].misscol = c.pos;
			forced = -1;
		}
		/* Tokens that cannot be read count too. */
		if (nseen++ == QTTT_MAXITEMS) {
			SYNTAX(&c, QTTT_E_TOOMANY, c.pos, "more than %d "
			    "tokens: no game is this long", QTTT_MAXITEMS);
			rec->damaged = 1;
			break;
		}
		it = &rec->items[rec->nitems];
		memset(it, 0, sizeof(*it));
		it->line = lineno;
		it->col = c.pos;
		memset(&check[rec->nitems], 0, sizeof(check[0]));
		if (s[c.pos] == '{') {
			ok = parse_score(&c, it);
			seen_result = 1;
		} else if (c.end - c.pos >= 3 && (s[c.pos] == 'X' ||
		    s[c.pos] == 'O') && s[c.pos + 1] >= '1' &&
		    s[c.pos + 1] <= '9' && memchr(s + c.pos, '@',
		    c.end - c.pos) != NULL) {
			k = check[rec->nitems];
			ok = parse_measurement(&c, &k);
			if (ok) {
				check[rec->nitems] = k;
				it->kind = QTTT_ITEM_ACTION;
				it->action.kind = QTTT_MEASURE;
				it->action.move = k.chosen.move;
				it->action.sq[0] = it->action.sq[1] =
				    k.chosen.sq;
				it->sqcol[0] = it->sqcol[1] = k.chosen.sqcol;
			}
		} else if (s[c.pos] == 'X' || s[c.pos] == 'O') {
			ok = parse_placement(&c, it);
			if (ok && it->action.move == 9 &&
			    it->action.sq[0] == it->action.sq[1])
				forced = rec->nitems;
		} else {
			SYNTAX(&c, QTTT_E_GOFF, c.pos, "unrecognised token "
			    "'%.*s': expected a placement (X1+(1,2)), a "
			    "measurement (O3@X1(1)!X1(1)...) or a score "
			    "({X=1,O=0})", REST(&c));
			ok = 0;
		}
		if (!ok) {
			rec->damaged = 1;
			keep = 0;
			/* The error may have stopped inside the token. */
			c.end = token_end(s, c.end, comment);
			continue;
		}
		if (keep)
			rec->nitems++;
		c.end = token_end(s, c.end, comment);
	}
	if (forced >= 0) {
		check[forced].misscol = rec->items[forced].col;
		check[forced].missafter = 1;
	}
	return seen_item || rec->ndiags > 0 || rec->ndropped > 0;
}

/* Whether move m is on the board as a classical mark. */
static int
classical(const struct qttt_state *st, int m)
{
	return st->where[m][0] != QTTT_NOSQUARE &&
	    st->where[m][0] == st->where[m][1];
}

/* A redundant part that disagrees with the game. */
#define MISMATCH(rec, it, col, ...) \
	qttt_record_diag((rec), QTTT_E_GOFFCHECK, (it)->line, (col), \
	    __VA_ARGS__)

/*
 * Checks the '!' list of a measurement against the collapse that took
 * the game from before to after: every move that was spooky and is now
 * classical, in ascending order, with its square.  Reports the first
 * disagreement.
 */
static void
check_list(struct qttt_record *rec, const struct qttt_item *it,
    const struct goff_check *k, const struct qttt_state *before,
    const struct qttt_state *after)
{
	unsigned char	 comp[QTTT_MAXMOVES];
	size_t		 n = 0, i, j;
	int		 m;

	for (m = 1; m <= QTTT_MAXMOVES; m++)
		if (classical(after, m) && !classical(before, m))
			comp[n++] = m;
	for (i = 0; i < n || i < k->nlist; i++) {
		if (i == k->nlist) {
			MISMATCH(rec, it, k->endcol, "the collapse list "
			    "lacks %c%d(%d)", QTTT_LETTER(comp[i]), comp[i],
			    QTTT_SQUARE_GOFF(after->where[comp[i]][0]));
			return;
		}
		/* A move listed twice is said to be so, wherever. */
		for (j = 0; j < i && k->list[j].move != k->list[i].move; j++)
			continue;
		if (j < i) {
			MISMATCH(rec, it, k->list[i].col, "the collapse list "
			    "has %c%d twice", QTTT_LETTER(k->list[i].move),
			    k->list[i].move);
			return;
		}
		if (i == n) {
			MISMATCH(rec, it, k->list[i].col, "%c%d is not in "
			    "the collapse (which has %zu move%s)",
			    QTTT_LETTER(k->list[i].move), k->list[i].move, n,
			    n == 1 ? "" : "s");
			return;
		}
		if (k->list[i].move != comp[i]) {
			MISMATCH(rec, it, k->list[i].col, "the collapse list "
			    "has %c%d where %c%d(%d) belongs (every move of "
			    "the collapse, in ascending order)",
			    QTTT_LETTER(k->list[i].move), k->list[i].move,
			    QTTT_LETTER(comp[i]), comp[i],
			    QTTT_SQUARE_GOFF(after->where[comp[i]][0]));
			return;
		}
		if (k->list[i].sq != after->where[comp[i]][0]) {
			MISMATCH(rec, it, k->list[i].sqcol, "%c%d goes to %d, "
			    "not %d", QTTT_LETTER(comp[i]), comp[i],
			    QTTT_SQUARE_GOFF(after->where[comp[i]][0]),
			    QTTT_SQUARE_GOFF(k->list[i].sq));
			return;
		}
	}
}

/*
 * Plays the record's actions and checks each measurement's redundant
 * parts: the measurer, the cycle-closing number, the '!' list; and
 * the forced X9's O9@X9(s)!X9(s).  Stops at the first illegal action,
 * which qttt_record_play() reports.
 */
static void
goff_verify(struct qttt_record *rec, const struct goff_check *check)
{
	struct qttt_game game;
	struct qttt_state before;
	const struct qttt_item *it;
	const struct goff_check *k;
	size_t		 i;
	int		 measurer, sq;

	qttt_game_init(&game);
	game.state.rules = rec->rules;
	for (i = 0; i < rec->nitems; i++) {
		it = &rec->items[i];
		k = &check[i];
		if (it->kind != QTTT_ITEM_ACTION)
			break;
		before = game.state;
		if (it->action.kind == QTTT_MEASURE && before.pending != 0 &&
		    !before.result.over) {
			measurer = qttt_state_turn(&before);
			if (k->player != measurer)
				MISMATCH(rec, it, k->col, "%c measures the "
				    "cycle closed by %c%d, not %c",
				    QTTT_PLAYER_LETTER(measurer),
				    QTTT_LETTER(before.pending), before.pending,
				    QTTT_PLAYER_LETTER(k->player));
			if (k->closing != before.pending)
				MISMATCH(rec, it, k->ccol, "the cycle was "
				    "closed by %c%d, not by move %d",
				    QTTT_LETTER(before.pending), before.pending,
				    k->closing);
		}
		if (qttt_game_play(&game, &it->action, NULL) != QTTT_OK)
			break;
		if (it->action.kind == QTTT_MEASURE) {
			check_list(rec, it, k, &before, &game.state);
			continue;
		}
		if (it->action.sq[0] != it->action.sq[1])
			continue;
		/* The forced X9: O "measures" it, in its one square. */
		sq = it->action.sq[0];
		if (!k->present) {
			MISMATCH(rec, it, k->misscol, "the forced X9 is "
			    "recorded with its measurement, O9@X9(%d)!X9(%d), "
			    "%s", QTTT_SQUARE_GOFF(sq),
			    QTTT_SQUARE_GOFF(sq), k->missafter ? "after it" :
			    "before this");
			continue;
		}
		if (k->player != QTTT_O || k->closing != 9)
			MISMATCH(rec, it, k->col, "the forced X9 is measured "
			    "as O9@X9(%d)", QTTT_SQUARE_GOFF(sq));
		else if (k->chosen.move != 9 || k->chosen.sq != sq)
			MISMATCH(rec, it, k->chosen.col, "the forced X9 goes "
			    "to %d: O9@X9(%d)", QTTT_SQUARE_GOFF(sq),
			    QTTT_SQUARE_GOFF(sq));
		else
			check_list(rec, it, k, &before, &game.state);
	}
}

static int
goff_next(struct qttt_reader *r, struct qttt_record *rec)
{
	struct goff_reader *g = qttt__notation_reader_state(r);
	struct reader_line l;
	int		 k;

	qttt__notation_reader_lead_reset(r);
	while ((k = qttt__notation_reader_getline(r, &l)) == 1) {
		if (l.toolong) {
			qttt__notation_reader_toolong(rec, &l,
			    QTTT_FORMAT_GOFF);
			qttt__notation_reader_lead_give(r, rec);
			return 1;
		}
		if (goff_parse(l.text, l.len, l.lineno, rec, g->check,
		    qttt__notation_reader_rules(r))) {
			qttt__notation_reader_lead_give(r, rec);
			goff_verify(rec, g->check);
			return 1;
		}
		qttt__notation_reader_lead_add(r, l.text, l.len);
	}
	return k;
}

static int
goff_open(struct qttt_reader *r)
{
	struct goff_reader *g;

	if ((g = calloc(1, sizeof(*g))) == NULL)
		return -1;
	qttt__notation_reader_set_state(r, g);
	return 0;
}

static void
goff_close(struct qttt_reader *r)
{
	free(qttt__notation_reader_state(r));
	qttt__notation_reader_set_state(r, NULL);
}

/*
 * Goff's notation: the first line that is not blank or a comment
 * starts with the first placement, "X1+(".
 */
static int
goff_sniff(const char *s, size_t n)
{
	size_t	 i = qttt__notation_reader_skip_comments(s, n);

	if (n - i < 3 || s[i] != 'X' || s[i + 1] != '1')
		return 0;
	for (i += 2; i < n && is_blank((unsigned char)s[i]); i++)
		continue;
	return i < n && s[i] == '+';
}

const struct reader_format qttt__notation_goff_format = {
	QTTT_FORMAT_GOFF, goff_sniff, goff_next, goff_open, goff_close
};
