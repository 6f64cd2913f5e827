/*
 * The line notation (formats/line-notation.md):
 * one game per line, items separated by ';', '#' comments.
 *
 * The parser reports every syntax error of a line and keeps the items
 * that precede the first one, so that the rules can judge that prefix.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"
#include "notation/notation.h"

struct cursor {
	const char		*s;
	size_t			 len;
	size_t			 pos;
	unsigned long		 lineno;
	struct qttt_record	*rec;
};

#define SYNTAX(c, code, col, ...) \
	qttt_record_diag((c)->rec, (code), (c)->lineno, (col), __VA_ARGS__)


static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

static int
is_digit(int ch)
{
	return ch >= '0' && ch <= '9';
}

static void
skip_blanks(struct cursor *c, size_t end)
{
	while (c->pos < end && is_blank((unsigned char)c->s[c->pos]))
		c->pos++;
}

/* Length of the token at pos: up to a blank or end. */
static size_t
token_len(const struct cursor *c, size_t end)
{
	size_t	 p = c->pos;

	while (p < end && !is_blank((unsigned char)c->s[p]))
		p++;
	return p - c->pos;
}

/*
 * A token in a message: at most SHOWMAX bytes, cut on a character
 * boundary (the line is valid UTF-8 by then), and "..." if it was cut.
 * For a "%.*s%s" format.
 */
#define SHOWMAX		24
#define TOKEN(t, n)	show_len((t), (n)), (t), ((n) > SHOWMAX ? "..." : "")

static int
show_len(const char *t, size_t n)
{
	if (n <= SHOWMAX)
		return (int)n;
	n = SHOWMAX;
	while (n > 0 && ((unsigned char)t[n] & 0xc0) == 0x80)
		n--;
	return (int)n;
}

/*
 * The first ch at or after p and before end that is not in a quoted
 * value of a tag; end if there is none.  Only a tag holds a '"'.
 */
static size_t
unquoted(const char *s, size_t p, size_t end, int ch)
{
	const char	*q, *hit;

	for (;;) {
		hit = memchr(s + p, ch, end - p);
		q = memchr(s + p, '"', (hit != NULL ? (size_t)(hit - s) : end) - p);
		if (q == NULL)
			return hit != NULL ? (size_t)(hit - s) : end;
		/* Past the quoted text, escapes and all. */
		for (p = q - s + 1; p < end && s[p] != '"'; p++)
			if (s[p] == '\\' && p + 1 < end)
				p++;
		if (p >= end)
			return end;
		p++;
	}
}

/*
 * A square: a1..c3 (letter in either case) or Goff's 1..9.
 * Returns 0..8, or -1.
 */
static int
square_value(const char *t, size_t n)
{
	int	 col, row;

	if (n == 1 && t[0] >= '1' && t[0] <= '9')
		return t[0] - '1';
	if (n != 2)
		return -1;
	col = t[0] | 0x20;
	row = t[1];
	if (col < 'a' || col > 'c' || row < '1' || row > '3')
		return -1;
	return (row - '1') * 3 + (col - 'a');
}

/* Whether the n letters of t spell word, in any case. */
static int
same_letters(const char *t, size_t n, const char *word)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (word[i] == '\0' || (t[i] | 0x20) != word[i])
			return 0;
	return word[i] == '\0';
}

static int
looks_like_mark(const char *t, size_t n)
{
	return n >= 2 && (t[0] == 'X' || t[0] == 'O') && is_digit(t[1]);
}

/*
 * Whether a token that follows a complete item starts another one: a
 * mark, "measure", or a result.  Then the writer forgot a ';'.
 */
static int
looks_like_item(const char *t, size_t n)
{
	if (looks_like_mark(t, n))
		return 1;
	if (n >= 7 && memcmp(t, "measure", 7) == 0)
		return 1;
	if (t[0] == '*')
		return 1;
	return is_digit(t[0]) && memchr(t, '-', n) != NULL;
}

/*
 * Reports a token found after a complete item: the placement m, or
 * the measurement if m is 0.
 */
static void
trailing_token(struct cursor *c, size_t end, int m)
{
	const char	*t = c->s + c->pos;
	size_t		 n = token_len(c, end);

	if (looks_like_item(t, n))
		SYNTAX(c, QTTT_E_SEPARATOR, c->pos, "missing ';' before "
		    "'%.*s%s'", TOKEN(t, n));
	else if (m == 0)
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "unexpected '%.*s%s' after "
		    "the measurement", TOKEN(t, n));
	else
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "unexpected '%.*s%s' after "
		    "the squares of %c%d", TOKEN(t, n), QTTT_LETTER(m), m);
}

/*
 * A mark at pos: X or O and a move number 1..9 of the right parity.
 * Advances past it and returns the move number, or reports and
 * returns 0.
 */
static int
parse_mark(struct cursor *c, size_t end)
{
	const char	*t = c->s + c->pos;
	size_t		 start = c->pos, n = 0;
	int		 ch = (unsigned char)t[0], m;

	while (start + 1 + n < end && is_digit((unsigned char)t[1 + n]))
		n++;
	if ((ch != 'X' && ch != 'O' && ch != 'x' && ch != 'o') || n == 0) {
		n = token_len(c, end);
		SYNTAX(c, QTTT_E_MARK, start, "expected a mark such as X1 or "
		    "O2, found '%.*s%s'", TOKEN(t, n));
		return 0;
	}
	c->pos = start + 1 + n;
	if (ch == 'x' || ch == 'o') {
		SYNTAX(c, QTTT_E_MARK, start, "'%.*s%s': marks are written "
		    "with a capital X or O", TOKEN(t, n + 1));
		return 0;
	}
	if (n > 1 || t[1] == '0') {
		SYNTAX(c, QTTT_E_MARK, start, "'%.*s%s': moves are numbered "
		    "1 to 9", TOKEN(t, n + 1));
		return 0;
	}
	m = t[1] - '0';
	if (QTTT_LETTER(m) != ch) {
		SYNTAX(c, QTTT_E_MARK, start, "'%c%d': X makes the odd moves "
		    "and O the even ones", ch, m);
		return 0;
	}
	return m;
}

/* Reads a square token of n bytes at pos; reports and returns -1 if
 * it is not one. */
static int
parse_square(struct cursor *c, size_t n)
{
	const char	*t = c->s + c->pos;
	int		 sq = square_value(t, n);

	if (sq < 0)
		SYNTAX(c, QTTT_E_SQUARE, c->pos, "'%.*s%s' is not a square "
		    "(a1 to c3, or 1 to 9)", TOKEN(t, n));
	c->pos += n;
	return sq;
}

static int
parse_placement(struct cursor *c, size_t end, struct qttt_item *it)
{
	size_t	 n, after;
	int	 m, sq[2], nsq = 0, ok = 1;

	if ((m = parse_mark(c, end)) == 0)
		return 0;
	it->kind = QTTT_ITEM_ACTION;
	it->action.kind = QTTT_PLACE;
	it->action.move = m;
	after = c->pos;
	for (;;) {
		if (c->pos < end && !is_blank((unsigned char)c->s[c->pos])) {
			n = token_len(c, end);
			SYNTAX(c, QTTT_E_SYNTAX, c->pos, "unexpected '%.*s%s' "
			    "after %c%d", TOKEN(c->s + c->pos, n),
			    QTTT_LETTER(m), m);
			return 0;
		}
		skip_blanks(c, end);
		if (c->pos == end)
			break;
		if (nsq == 2) {
			trailing_token(c, end, m);
			return 0;
		}
		n = token_len(c, end);
		it->sqcol[nsq] = c->pos;
		if ((sq[nsq++] = parse_square(c, n)) < 0)
			ok = 0;
		after = c->pos;
	}
	if (!ok)
		return 0;
	if (nsq == 1 && m == 9) {
		/* The forced last move may name its square once. */
		sq[1] = sq[0];
		it->sqcol[1] = it->sqcol[0];
	} else if (nsq < 2) {
		/* Point where the missing square should be. */
		SYNTAX(c, QTTT_E_SYNTAX, after, "%c%d needs two squares%s",
		    QTTT_LETTER(m), m, m == 9 ? " (or one, when it is forced)" :
		    "");
		return 0;
	}
	it->action.sq[0] = sq[0];
	it->action.sq[1] = sq[1];
	return 1;
}

static int
parse_measurement(struct cursor *c, size_t end, struct qttt_item *it)
{
	size_t	 n, arrow;
	int	 m, sq;

	c->pos += 7;	/* "measure" */
	if (c->pos < end && !is_blank((unsigned char)c->s[c->pos])) {
		n = c->pos - it->col + token_len(c, end);
		SYNTAX(c, QTTT_E_SYNTAX, it->col, "unrecognised item "
		    "'%.*s%s': expected 'measure MARK->SQUARE'",
		    TOKEN(c->s + it->col, n));
		return 0;
	}
	skip_blanks(c, end);
	if (c->pos == end) {
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "'measure' needs a mark "
		    "and a square, as in 'measure X1->a1'");
		return 0;
	}
	if ((m = parse_mark(c, end)) == 0)
		return 0;
	skip_blanks(c, end);
	arrow = c->pos;
	if (end - c->pos >= 2 && memcmp(c->s + c->pos, "->", 2) == 0)
		c->pos += 2;
	else if (end - c->pos >= 3 &&
	    memcmp(c->s + c->pos, "\xe2\x86\x92", 3) == 0)
		c->pos += 3;
	else {
		n = token_len(c, end);
		if (n == 0)
			SYNTAX(c, QTTT_E_SYNTAX, arrow, "expected '->' and a "
			    "square after %c%d", QTTT_LETTER(m), m);
		else
			SYNTAX(c, QTTT_E_SYNTAX, arrow, "expected '->' after "
			    "%c%d, found '%.*s%s'", QTTT_LETTER(m), m,
			    TOKEN(c->s + arrow, n));
		return 0;
	}
	skip_blanks(c, end);
	n = token_len(c, end);
	if (n == 0) {
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "expected a square after "
		    "'->'");
		return 0;
	}
	it->sqcol[0] = it->sqcol[1] = c->pos;
	if ((sq = parse_square(c, n)) < 0)
		return 0;
	skip_blanks(c, end);
	if (c->pos < end) {
		trailing_token(c, end, 0);
		return 0;
	}
	it->kind = QTTT_ITEM_ACTION;
	it->action.kind = QTTT_MEASURE;
	it->action.move = m;
	it->action.sq[0] = it->action.sq[1] = sq;
	return 1;
}

/* A score in half points: 0 1/2 1 3/2 2 0.5 1.5; -1 if none. */
static int
parse_score(const char *t, size_t n, size_t *used)
{
	static const struct {
		const char	*text;
		int		 halves;
	} scores[] = {
		{ "3/2", 3 }, { "1/2", 1 }, { "0.5", 1 }, { "1.5", 3 },
		{ "0", 0 }, { "1", 2 }, { "2", 4 }
	};
	size_t	 i, k;

	for (i = 0; i < sizeof(scores) / sizeof(scores[0]); i++) {
		k = strlen(scores[i].text);
		if (k <= n && memcmp(t, scores[i].text, k) == 0) {
			*used = k;
			return scores[i].halves;
		}
	}
	return -1;
}

static int
parse_result(struct cursor *c, size_t end, struct qttt_item *it)
{
	const char	*t = c->s + c->pos;
	size_t		 n = end - c->pos, u1, u2, p;
	int		 x, o;
	char		 msg[QTTT_MSG_MAX];

	while (n > 0 && is_blank((unsigned char)t[n - 1]))
		n--;
	it->kind = QTTT_ITEM_RESULT;
	if (n == 1 && t[0] == '*') {
		it->result.over = 0;
		it->result.score[0] = it->result.score[1] = 0;
		return 1;
	}
	if ((x = parse_score(t, n, &u1)) < 0)
		goto bad;
	p = u1;
	while (p < n && is_blank((unsigned char)t[p]))
		p++;
	if (p == n || t[p] != '-')
		goto bad;
	p++;
	while (p < n && is_blank((unsigned char)t[p]))
		p++;
	if ((o = parse_score(t + p, n - p, &u2)) < 0 || p + u2 != n)
		goto bad;
	if (!qttt__engine_result_possible(c->rec->rules, x, o)) {
		qttt__notation_result_refused(msg, sizeof(msg), c->rec->rules,
		    t, n);
		SYNTAX(c, QTTT_E_RESULTSYN, it->col, "%s", msg);
		return 0;
	}
	it->result.over = 1;
	it->result.score[QTTT_X] = x;
	it->result.score[QTTT_O] = o;
	return 1;
bad:
	SYNTAX(c, QTTT_E_RESULTSYN, it->col, "'%.*s%s' is not a result: "
	    "write X's score, '-', O's score (as 1-1/2), or '*'",
	    TOKEN(t, n));
	return 0;
}

/* ------------------------------------------------------------------ */
/* Tags and glyphs (formats/line-notation.md, section 2)                */
/* ------------------------------------------------------------------ */

/* The glyphs an item may carry: the value of the note "mark" each is. */
static const char *const glyphs[] = { "!!", "??", "!?", "?!", "!", "?" };

/* A byte a key or a bare value may hold. */
static int
is_tagchar(int ch)
{
	return ch > ' ' && ch != '"' && ch != '[' && ch != ']' &&
	    ch != '\\' && ch != '#' && ch != ';' && ch != 0x7f;
}

static int
hex_value(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	ch |= 0x20;
	return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/*
 * The escape at p (after its '\'): the byte it stands for, advancing p
 * past it; -1 if it is none.
 */
static int
escape(const char *s, size_t *p, size_t end)
{
	int	 hi, lo;

	switch (s[*p]) {
	case '\\':
	case '"':
		return (unsigned char)s[(*p)++];
	case 'n':
		(*p)++;
		return '\n';
	case 't':
		(*p)++;
		return '\t';
	case 'x':
		if (*p + 2 < end && (hi = hex_value(s[*p + 1])) >= 0 &&
		    (lo = hex_value(s[*p + 2])) >= 0) {
			*p += 3;
			return hi << 4 | lo;
		}
		return -1;
	default:
		return -1;
	}
}

/*
 * A quoted string at pos ('"'): its text, decoded into the record's
 * tag text if it holds escapes.  Advances past the closing quote and
 * returns 1, or reports and returns 0.
 */
static int
parse_quoted(struct cursor *c, size_t end, const char **text, size_t *len)
{
	struct qttt_record *rec = c->rec;
	const char	*s = c->s;
	char		*out = rec->tagtext + rec->tagtextlen;
	size_t		 room = QTTT_TAGTEXT - rec->tagtextlen;
	size_t		 start = c->pos, p = start + 1, n = 0, at;
	int		 ch, escaped = 0;

	while (p < end && s[p] != '"') {
		ch = (unsigned char)s[p++];
		if (ch == '\\') {
			at = p - 1;
			escaped = 1;
			if (p == end || (ch = escape(s, &p, end)) < 0) {
				SYNTAX(c, QTTT_E_SYNTAX, at, "unknown escape: "
				    "write \\\\, \\\", \\n, \\t or \\xHH");
				return 0;
			}
			if (ch == 0) {
				SYNTAX(c, QTTT_E_SYNTAX, at, "a tag holds no "
				    "NUL character");
				return 0;
			}
		}
		if (n < room)
			out[n] = (char)ch;
		n++;
	}
	if (p == end) {
		SYNTAX(c, QTTT_E_SYNTAX, start, "a quoted string without "
		    "its closing '\"'");
		return 0;
	}
	c->pos = p + 1;
	if (!escaped) {
		*text = s + start + 1;
		*len = n;
		return 1;
	}
	if (n > room) {
		SYNTAX(c, QTTT_E_SYNTAX, start, "more than %d bytes of "
		    "escaped text in the tags of a line", QTTT_TAGTEXT);
		return 0;
	}
	if (!qttt__notation_text_good(out, n)) {
		SYNTAX(c, QTTT_E_UTF8, start, "the escapes of a quoted "
		    "string make invalid UTF-8");
		return 0;
	}
	rec->tagtextlen += n;
	*text = out;
	*len = n;
	return 1;
}

/*
 * A tag at pos ('['): "[key value]", "[key "value"]" or "[key]".
 * Fills m and advances past its ']'.  Returns 1, or 0 after a
 * diagnostic, with pos past the tag.
 */
static int
parse_tag(struct cursor *c, size_t end, struct qttt_meta *m)
{
	const char	*s = c->s;
	size_t		 start = c->pos;

	memset(m, 0, sizeof(*m));
	m->line = c->lineno;
	m->col = start;
	c->pos++;
	skip_blanks(c, end);
	m->key = s + c->pos;
	if (c->pos < end && s[c->pos] == '"') {
		if (!parse_quoted(c, end, &m->key, &m->keylen))
			goto skip;
	} else {
		while (c->pos < end && is_tagchar((unsigned char)s[c->pos]))
			c->pos++;
		m->keylen = s + c->pos - m->key;
	}
	if (m->keylen == 0 || m->keylen > QTTT_YAML_KEY_MAX) {
		SYNTAX(c, QTTT_E_SYNTAX, start, "a tag needs a key of 1 to %d "
		    "bytes, as in [x Alice]", QTTT_YAML_KEY_MAX);
		goto skip;
	}
	skip_blanks(c, end);
	m->plain = 1;
	m->value = s + c->pos;
	if (c->pos < end && s[c->pos] == '"') {
		m->plain = 0;
		if (!parse_quoted(c, end, &m->value, &m->valuelen))
			goto skip;
		skip_blanks(c, end);
	} else {
		while (c->pos < end && (is_tagchar((unsigned char)s[c->pos]) ||
		    is_blank((unsigned char)s[c->pos])))
			c->pos++;
		m->valuelen = s + c->pos - m->value;
		while (m->valuelen > 0 &&
		    is_blank((unsigned char)m->value[m->valuelen - 1]))
			m->valuelen--;
	}
	if (c->pos == end) {
		SYNTAX(c, QTTT_E_SYNTAX, start, "a tag without its closing "
		    "']'");
		return 0;
	}
	if (s[c->pos] != ']') {
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "'%c' in the value of a tag: "
		    "write the value quoted, as in [event \"Game #3\"]",
		    s[c->pos]);
		goto skip;
	}
	c->pos++;
	if (m->valuelen > QTTT_YAML_SCALAR_MAX) {
		SYNTAX(c, QTTT_E_SYNTAX, start, "a tag value of %zu bytes: "
		    "longer than %d", m->valuelen, QTTT_YAML_SCALAR_MAX);
		return 0;
	}
	return 1;
skip:
	if ((c->pos = unquoted(s, c->pos, end, ']')) < end)
		c->pos++;
	return 0;
}

static int
tag_is(const struct qttt_meta *m, const char *name)
{
	return m->keylen == strlen(name) && memcmp(m->key, name, m->keylen) ==
	    0;
}

/*
 * Keeps the tag just read, rec->tags[rec->ntags]: a tag of the game if
 * it is NULL, else of the item it; first is the index of the first tag
 * of the same game or item.  A comment tag is the comment of the game
 * or the item; the format's own names and a key twice are refused, as
 * YAML refuses them, and so is a tag beyond the limits.
 */
static void
keep_tag(struct cursor *c, struct qttt_item *it, size_t first)
{
	struct qttt_record *rec = c->rec;
	struct qttt_meta *m = &rec->tags[rec->ntags];
	const char	*own = it == NULL ? "moves" : "move";
	const char	**comment = it == NULL ? &rec->comment : &it->comment;
	size_t		*commentlen = it == NULL ? &rec->commentlen :
			    &it->commentlen;
	size_t		 i;
	int		 exact;

	if (tag_is(m, own) || (it == NULL && tag_is(m, "result"))) {
		SYNTAX(c, QTTT_E_SYNTAX, m->col, "[%s] is not a tag of %s: "
		    "%s", own, it == NULL ? "the game" : "a move", it == NULL ?
		    "the moves and the result are its items" : "the move is "
		    "the item itself");
		return;
	}
	if (it != NULL && tag_is(m, "variations")) {
		/* YAML's key of a move's variations (yaml-record.md). */
		SYNTAX(c, QTTT_E_SYNTAX, m->col, "[variations] is not a tag of "
		    "a move: its variations follow it in parentheses");
		return;
	}
	if (tag_is(m, "comment")) {
		if (*comment != NULL) {
			SYNTAX(c, QTTT_E_SYNTAX, m->col, "a second comment "
			    "on the %s", it == NULL ? "game ('#' or "
			    "[comment])" : "move");
			return;
		}
		*comment = m->value;
		*commentlen = m->valuelen;
		return;
	}
	for (i = first; i < rec->ntags; i++)
		if (rec->tags[i].keylen == m->keylen &&
		    memcmp(rec->tags[i].key, m->key, m->keylen) == 0) {
			SYNTAX(c, QTTT_E_SYNTAX, m->col, "[%.*s%s] twice on "
			    "the %s", TOKEN(m->key, m->keylen), it == NULL ?
			    "game" : "move");
			return;
		}
	if (it == NULL ? rec->ntags == QTTT_MAXMETA :
	    rec->ntags - rec->nmeta == QTTT_MAXNOTES) {
		SYNTAX(c, QTTT_E_TOOMANY, m->col, "more than %d %s in a "
		    "record", it == NULL ? QTTT_MAXMETA : QTTT_MAXNOTES,
		    it == NULL ? "tags of the game" : "tags of its moves");
		return;
	}
	if (it == NULL && tag_is(m, "date") &&
	    !qttt__notation_date_good(m->value, m->valuelen)) {
		SYNTAX(c, QTTT_E_SYNTAX, m->col, "date '%.*s%s' is not "
		    "YYYY-MM-DD (or YYYY-MM, or YYYY)",
		    TOKEN(m->value, m->valuelen));
		return;
	}
	/* The value's own bytes, unless escapes made it. */
	exact = m->value >= c->s && m->value <= c->s + c->len;
	if (it == NULL && tag_is(m, "rules") &&
	    !qttt__notation_rules_value(rec, m->value, m->valuelen,
	    c->lineno, exact ? (unsigned long)(m->value - c->s) : m->col,
	    exact))
		return;
	rec->ntags++;
}

/*
 * The tags from pos to end: the game's before its first item (it is
 * NULL; they end at anything but a tag), or the item it's after it
 * (nothing else may follow them).
 */
static void
parse_tags(struct cursor *c, size_t end, struct qttt_item *it)
{
	size_t	 first = c->rec->ntags;

	for (;;) {
		skip_blanks(c, end);
		if (c->pos == end)
			return;
		if (c->s[c->pos] != '[') {
			if (it == NULL)
				return;
			SYNTAX(c, QTTT_E_SYNTAX, c->pos, "only tags may follow "
			    "the tags of a move");
			c->pos = end;
			return;
		}
		if (parse_tag(c, end, &c->rec->tags[c->rec->ntags]))
			keep_tag(c, it, first);
	}
}

/*
 * Where the item from pos to end ends, before its glyph and its tags:
 * sets *tags to where the tags start (end if none) and *glyph to the
 * glyph's index in glyphs (-1 if none).  A glyph follows the item,
 * blanks between allowed; tags follow the glyph.
 */
static size_t
item_core(const struct cursor *c, size_t end, size_t *tags, int *glyph)
{
	const char	*s = c->s, *lb;
	size_t		 e, i, k;

	lb = memchr(s + c->pos, '[', end - c->pos);
	*tags = e = lb != NULL ? (size_t)(lb - s) : end;
	while (e > c->pos && is_blank((unsigned char)s[e - 1]))
		e--;
	*glyph = -1;
	for (i = 0; i < sizeof(glyphs) / sizeof(glyphs[0]); i++) {
		k = strlen(glyphs[i]);
		if (e - c->pos >= k && memcmp(s + e - k, glyphs[i], k) == 0) {
			*glyph = (int)i;
			return e - k;
		}
	}
	/* Blanks stay with the item: a missing token is after them. */
	return *tags;
}

/*
 * The glyph and the tags of the item it, read from core (where the
 * item ended) to end; what a result may not carry.
 */
static void
annotate(struct cursor *c, struct qttt_item *it, size_t core, size_t tags,
    size_t end, int glyph)
{
	struct qttt_record *rec = c->rec;
	struct qttt_meta *m;
	size_t		 first = rec->ntags, i;

	if (glyph < 0 && tags == end)
		return;
	if (it->kind == QTTT_ITEM_RESULT) {
		SYNTAX(c, QTTT_E_SYNTAX, glyph >= 0 ? core : tags, "a result "
		    "takes no %s", glyph >= 0 ? "glyph" : "tag");
		return;
	}
	c->pos = tags;
	parse_tags(c, end, it);
	/* The glyph is the last note, where the annotators put "mark". */
	for (i = first; glyph >= 0 && i < rec->ntags; i++)
		if (tag_is(&rec->tags[i], "mark")) {
			SYNTAX(c, QTTT_E_SYNTAX, core, "a glyph and a [mark] "
			    "tag on one move");
			glyph = -1;
		}
	if (glyph >= 0 && rec->ntags - rec->nmeta == QTTT_MAXNOTES) {
		SYNTAX(c, QTTT_E_TOOMANY, core, "more than %d tags of its "
		    "moves in a record", QTTT_MAXNOTES);
		glyph = -1;
	}
	if (glyph >= 0) {
		m = &rec->tags[rec->ntags++];
		memset(m, 0, sizeof(*m));
		m->key = "mark";
		m->keylen = 4;
		m->value = glyphs[glyph];
		m->valuelen = strlen(glyphs[glyph]);
		m->plain = 1;
		m->line = c->lineno;
		m->col = core;
	}
	if (rec->ntags > first) {
		it->notes = &rec->tags[first];
		it->nnotes = rec->ntags - first;
	}
}

static int
parse_item(struct cursor *c, size_t end, struct qttt_item *it)
{
	const char	*t = c->s + c->pos;
	size_t		 n = end - c->pos, d;

	memset(it, 0, sizeof(*it));
	it->line = c->lineno;
	it->col = c->pos;
	if (t[0] == 'X' || t[0] == 'O' || t[0] == 'x' || t[0] == 'o')
		return parse_placement(c, end, it);
	if (n >= 7 && memcmp(t, "measure", 7) == 0)
		return parse_measurement(c, end, it);
	n = token_len(c, end);
	for (d = 0; d < n && is_digit((unsigned char)t[d]); d++)
		continue;
	if (d > 0 && d < n && t[d] == '.' && (d + 1 == n ||
	    !is_digit((unsigned char)t[d + 1]))) {
		/* PGN numbers its moves; the mark numbers them here. */
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "'%.*s%s': moves are not "
		    "numbered in the line notation, the mark says which move "
		    "it is: write 'X1 a1 b1', not '1. X1 a1 b1'",
		    TOKEN(t, d + 1));
		return 0;
	}
	if (t[0] == '*' || is_digit((unsigned char)t[0]))
		return parse_result(c, end, it);
	if (n >= 7 && same_letters(t, 7, "measure")) {
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "'%.*s%s': the notation is "
		    "case-sensitive: write 'measure' in lower case, as in "
		    "'measure X1->a1'", TOKEN(t, n));
		return 0;
	}
	if (n >= 3 && memcmp(t, "\xef\xbb\xbf", 3) == 0) {
		/* Files with a byte-order mark, joined with cat(1). */
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "%s", MSG_BOM);
		return 0;
	}
	SYNTAX(c, QTTT_E_SYNTAX, c->pos, "unrecognised item '%.*s%s': "
	    "expected a move (X1 a1 b1), a measurement (measure X1->a1) "
	    "or a result", TOKEN(t, n));
	return 0;
}

/* ------------------------------------------------------------------ */
/* Variations (formats/line-notation.md, section 2.2)                  */
/* ------------------------------------------------------------------ */

/*
 * Where the item from p ends in a line that has variations: at the
 * first ';', '(' or ')' outside a tag and its quotes, or at end.  A
 * ';' ends a tag left open too, as unquoted() finds it.
 */
static size_t
item_end(const char *s, size_t p, size_t end)
{
	int	 intag = 0;

	for (; p < end; p++)
		switch (s[p]) {
		case '"':
			for (p++; p < end && s[p] != '"'; p++)
				if (s[p] == '\\' && p + 1 < end)
					p++;
			if (p == end)
				return end;
			break;
		case '[':
			intag = 1;
			break;
		case ']':
			intag = 0;
			break;
		case ';':
			return p;
		case '(':
		case ')':
			if (!intag)
				return p;
			break;
		default:
			break;
		}
	return end;
}

/*
 * The variations of a line as they are read: those open, innermost
 * last (line is the innermost, QTTT_MAINLINE outside them), where each
 * '(' is, the last item kept of each line open (last[0]: the main
 * line's), whether an item or a ')' came last in the line being read
 * (what a '(' may follow), whether a ')' did (what an item may not
 * follow without a ';'), the items read inside variations, and the
 * variation of each item kept, in the order read.
 */
struct varparse {
	size_t			 depth;
	size_t			 open[QTTT_MAXVARDEPTH];
	unsigned long		 col[QTTT_MAXVARDEPTH];
	const struct qttt_item	*last[QTTT_MAXVARDEPTH + 1];
	size_t			 line;
	int			 branch, closed;
	size_t			 seen;
	unsigned char		 owner[QTTT_MAXVARITEMS];
};

/*
 * A '(' or a ')' at pos.  Returns 1, or 0 after a diagnostic that
 * ends the reading of the line.  keep is clear after a syntax error:
 * nothing more is kept, but the parentheses are still matched.
 */
static int
paren(struct cursor *c, struct varparse *vp, int keep)
{
	struct qttt_record *rec = c->rec;
	struct qttt_variation *var;
	const struct qttt_item *last = vp->last[vp->depth];

	if (c->s[c->pos] == ')') {
		if (vp->depth == 0) {
			SYNTAX(c, QTTT_E_SYNTAX, c->pos, "a ')' with no '(' "
			    "before it");
			return 0;
		}
		if (last == NULL && keep) {
			SYNTAX(c, QTTT_E_SYNTAX, vp->col[vp->depth - 1],
			    "an empty variation: a variation holds one item "
			    "or more, the first an alternative to the item "
			    "before its '('");
			return 0;
		}
		vp->depth--;
		vp->line = vp->depth > 0 ? vp->open[vp->depth - 1] :
		    QTTT_MAINLINE;
		vp->branch = vp->closed = 1;
		c->pos++;
		return 1;
	}
	if (!vp->branch || (keep && last == NULL)) {
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "a variation with no item "
		    "before it: it follows the item it is an alternative "
		    "to, before the ';', as in 'X1 a1 b1 (X1 b2 c3); O2 ...'");
		return 0;
	}
	if (last != NULL && last->kind == QTTT_ITEM_RESULT) {
		SYNTAX(c, QTTT_E_SYNTAX, c->pos, "a variation of the result: "
		    "a variation is an alternative to a move or a "
		    "measurement");
		return 0;
	}
	if (vp->depth == QTTT_MAXVARDEPTH) {
		SYNTAX(c, QTTT_E_TOOMANY, c->pos, "more than %d variations "
		    "inside one another", QTTT_MAXVARDEPTH);
		return 0;
	}
	if (keep && rec->nvars == QTTT_MAXVARS) {
		SYNTAX(c, QTTT_E_TOOMANY, c->pos, "more than %d variations "
		    "in a record", QTTT_MAXVARS);
		return 0;
	}
	if (keep) {
		var = &rec->vars[rec->nvars];
		var->parent = vp->line;
		var->at = vp->line == QTTT_MAINLINE ? rec->nitems - 1 :
		    rec->vars[vp->line].nitems - 1;
		var->first = 0;
		var->nitems = 0;
		var->line = c->lineno;
		var->col = c->pos;
		vp->line = rec->nvars++;
	}
	vp->open[vp->depth] = vp->line;
	vp->col[vp->depth++] = c->pos;
	vp->last[vp->depth] = NULL;
	vp->branch = vp->closed = 0;
	c->pos++;
	return 1;
}

/*
 * The item it of the line being read, just read and to be kept: a
 * result stands in no variation.  Returns 1 if it is kept.
 */
static int
keep_item(struct cursor *c, struct varparse *vp, const struct qttt_item *it)
{
	struct qttt_record *rec = c->rec;

	if (vp->line == QTTT_MAINLINE) {
		rec->nitems++;
	} else if (it->kind == QTTT_ITEM_RESULT) {
		SYNTAX(c, QTTT_E_RESULTPOS, it->col, "a result inside a "
		    "variation: the result is the main line's, and a "
		    "variation ends where its line does or the rules end it");
		return 0;
	} else {
		vp->owner[rec->nvaritems++] = (unsigned char)vp->line;
		rec->vars[vp->line].nitems++;
	}
	vp->last[vp->depth] = it;
	return 1;
}

/*
 * The variations read: each variation's items together, in the order
 * of the variations and each in the order read, and where each
 * variation's items start.  Each item's place is worked out from its
 * owner in the order read (so that the items of one variation keep
 * their order: a variation's item after those of variations inside
 * the one before it comes after that one), then the items are put
 * there in place, a cycle of the permutation at a time: in linear
 * time, with no buffer.  The YAML reader reads them in the same order
 * (yaml.c).
 */
void
qttt__notation_vars_done(struct qttt_record *rec, unsigned char *owner)
{
	struct qttt_item tmp;
	size_t		 next[QTTT_MAXVARS], v, i, j, first = 0;
	unsigned char	 t;

	/* The variation a syntax error cut before its first item. */
	if (rec->nvars > 0 && rec->vars[rec->nvars - 1].nitems == 0)
		rec->nvars--;
	for (v = 0; v < rec->nvars; v++) {
		rec->vars[v].first = next[v] = first;
		first += rec->vars[v].nitems;
	}
	/* owner[i] becomes the place of item i (QTTT_MAXVARITEMS <= 256). */
	for (i = 0; i < rec->nvaritems; i++)
		owner[i] = (unsigned char)next[owner[i]]++;
	for (i = 0; i < rec->nvaritems; i++)
		while ((j = owner[i]) != i) {
			tmp = rec->varitems[j];
			rec->varitems[j] = rec->varitems[i];
			rec->varitems[i] = tmp;
			t = owner[j];
			owner[j] = owner[i];
			owner[i] = t;
		}
}

/*
 * Whether an item is a token of Goff's notation (formats/goff-notation.md):
 * a placement X1+(1,2), a measurement O3@X1(1)!..., or a score {X=1,O=0}.
 */
static int
is_goff_token(const char *t, size_t n)
{
	size_t	 i = 2;

	if (n > 0 && t[0] == '{')
		return 1;
	if (n < 3 || (t[0] != 'X' && t[0] != 'O') ||
	    !is_digit((unsigned char)t[1]))
		return 0;
	while (i < n && is_blank((unsigned char)t[i]))
		i++;
	return i < n && (t[i] == '+' || t[i] == '@');
}

int
qttt__notation_line_bytes(struct qttt_record *rec, unsigned long lineno,
    const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned long	 cp;
	size_t		 i;

	if ((i = qttt__text_bad_byte(s, len)) == len)
		return 1;
	if (s[i] == 0)
		qttt_record_diag(rec, QTTT_E_NUL, lineno, i, "NUL byte");
	else if (s[i] == '\r')
		qttt_record_diag(rec, QTTT_E_CONTROL, lineno, i, "%s",
		    MSG_CR);
	else if (s[i] < 0x80)
		qttt_record_diag(rec, QTTT_E_CONTROL, lineno, i,
		    "control character 0x%02x", s[i]);
	else if (qttt__text_utf8_len(s + i, len - i) == 0)
		qttt_record_diag(rec, QTTT_E_UTF8, lineno, i,
		    "invalid UTF-8: byte 0x%02x", s[i]);
	else if ((cp = qttt__text_utf8_refused(s + i,
	    qttt__text_utf8_len(s + i, len - i))) == 0xfeff)
		/* Files with a byte-order mark, joined with cat(1). */
		qttt_record_diag(rec, QTTT_E_SYNTAX, lineno, i, "%s",
		    MSG_BOM);
	else if (cp < 0xa0)
		qttt_record_diag(rec, QTTT_E_CONTROL, lineno, i,
		    "control character U+%04lX", cp);
	else
		qttt_record_diag(rec, QTTT_E_CONTROL, lineno, i,
		    "character U+%04lX (%s) is not allowed", cp,
		    cp == 0x2028 ? "a line separator" : cp == 0x2029 ?
		    "a paragraph separator" : "a noncharacter");
	return 0;
}

size_t
qttt__notation_line_comment(const char *s, size_t from, size_t len,
    struct qttt_record *rec)
{
	const char	*hash, *end = s + len;
	size_t		 at;

	if ((at = unquoted(s, from, len, '#')) == len)
		return len;
	hash = s + at;
	for (hash++; hash < end && is_blank((unsigned char)*hash); hash++)
		continue;
	rec->commentlen = end - hash;
	while (rec->commentlen > 0 &&
	    is_blank((unsigned char)hash[rec->commentlen - 1]))
		rec->commentlen--;
	if (rec->commentlen > 0)
		rec->comment = hash;
	if (rec->commentlen > QTTT_YAML_SCALAR_MAX)
		qttt_record_diag(rec, QTTT_E_SYNTAX, rec->line, at, "a comment "
		    "of %zu bytes: longer than %d, which every format takes",
		    rec->commentlen, QTTT_YAML_SCALAR_MAX);
	return at;
}

/* ------------------------------------------------------------------ */
/* The fast path: lines in canonical form                               */
/* ------------------------------------------------------------------ */

/*
 * The two bytes of a square (a1..c3) or of a mark (X1, O2 ... X9, of
 * the right parity) as canonical form writes them, looked up together
 * as one 16-bit index (in the machine's byte order, as memcpy() reads
 * them): SQ_BIT and the square, MARK_BIT and the move number; and the
 * separator "; " between items, SEPARATOR; 0 for any other pair of
 * bytes.  The table is large, but the pairs of the
 * notation all fall in one 4 KiB page of it.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define TWO(a, b)	((unsigned int)(unsigned char)(a) << 8 | (unsigned char)(b))
#else
#define TWO(a, b)	((unsigned int)(unsigned char)(b) << 8 | (unsigned char)(a))
#endif
#define SQ_BIT		0x10
#define MARK_BIT	0x20
#define SEPARATOR	0x40	/* "; " */
static const unsigned char two_bytes[1 << 16] = {
	[TWO('a', '1')] = SQ_BIT | 0, [TWO('b', '1')] = SQ_BIT | 1,
	[TWO('c', '1')] = SQ_BIT | 2, [TWO('a', '2')] = SQ_BIT | 3,
	[TWO('b', '2')] = SQ_BIT | 4, [TWO('c', '2')] = SQ_BIT | 5,
	[TWO('a', '3')] = SQ_BIT | 6, [TWO('b', '3')] = SQ_BIT | 7,
	[TWO('c', '3')] = SQ_BIT | 8,
	[TWO('X', '1')] = MARK_BIT | 1, [TWO('O', '2')] = MARK_BIT | 2,
	[TWO('X', '3')] = MARK_BIT | 3, [TWO('O', '4')] = MARK_BIT | 4,
	[TWO('X', '5')] = MARK_BIT | 5, [TWO('O', '6')] = MARK_BIT | 6,
	[TWO('X', '7')] = MARK_BIT | 7, [TWO('O', '8')] = MARK_BIT | 8,
	[TWO('X', '9')] = MARK_BIT | 9,
	[TWO(';', ' ')] = SEPARATOR
};

static inline unsigned int
two_at(const unsigned char *u)
{
	uint16_t	 v;

	memcpy(&v, u, sizeof(v));
	return two_bytes[v];
}

/* A square as canonical form writes it (a1..c3); -1 if not. */
static int
canonical_square(const char *t)
{
	unsigned int	 v = two_at((const unsigned char *)t);

	return (v & SQ_BIT) ? (int)(v & 0xf) : -1;
}

/*
 * The move number of a mark written Xn or On of the right parity: X
 * makes the odd moves 1 to 9, O the even ones 2 to 8; 0 if not one.
 */
static int
canonical_mark(const char *t)
{
	unsigned int	 v = two_at((const unsigned char *)t);

	return (v & MARK_BIT) ? (int)(v & 0xf) : 0;
}

/*
 * A placement in two squares followed by "; " at t, ten bytes: the
 * move number, with square 0 times 16 and square 1 times 256 added;
 * -1 if the bytes are not one.
 */
static inline int
canonical_pair(const char *t)
{
	const unsigned char *u = (const unsigned char *)t;
	unsigned int	 m, s0, s1;

	if (u[2] != ' ' || u[5] != ' ' || two_at(u + 8) != SEPARATOR)
		return -1;
	m = two_at(u);
	s0 = two_at(u + 3);
	s1 = two_at(u + 6);
	if ((m & MARK_BIT) == 0 || (s0 & s1 & SQ_BIT) == 0)
		return -1;
	return (int)((m & 0xf) | (s0 & 0xf) << 4 | (s1 & 0xf) << 8);
}

/*
 * Reads a line written the way every tool writes it: items "X1 a1 b1",
 * "X9 b2" and "measure X1->a1", one space inside, "; " between, a
 * result last.  Such lines are nearly all that a large file holds, and
 * this reads each byte once, checking it against the only bytes the
 * canonical form allows there (so no NUL, control or non-ASCII byte
 * gets past).  Placements in two squares followed by "; ", the
 * commonest items by far, are read by table look-ups in a loop of their
 * own; for the others, the first byte of an item tells which it can
 * be.  The items it fills are the ones the general parser makes of the
 * same line.  Returns 1 if it read the whole line; 0, with nothing
 * kept, for the general parser to read it and tell what is wrong.
 */
static int
parse_canonical(const struct cursor *c)
{
	struct qttt_record *rec = c->rec;
	const char	*s = c->s, *t;
	struct qttt_item *it = rec->items;
	const struct qttt_item *stop = rec->items + QTTT_MAXITEMS, *last;
	unsigned long	 lineno = c->lineno;
	size_t		 len = c->len, pos = 0, rest, pairs;
	int		 k, m, sq0, sq1;

	if (len == 0)
		return 0;
	for (;; it++) {
		/*
		 * The commonest items, placements in two squares, ten bytes
		 * each: as many as the line and the items have room for.
		 */
		pairs = (len - pos) / 10;
		last = pairs < (size_t)(stop - it) ? it + pairs : stop;
		while (it < last && (k = canonical_pair(s + pos)) >= 0) {
			memset(it, 0, sizeof(*it));
			it->line = lineno;
			it->col = pos;
			it->sqcol[0] = pos + 3;
			it->sqcol[1] = pos + 6;
			it->kind = QTTT_ITEM_ACTION;
			it->action.kind = QTTT_PLACE;
			it->action.move = k & 0xf;
			it->action.sq[0] = k >> 4 & 0xf;
			it->action.sq[1] = k >> 8;
			pos += 10;
			it++;
		}
		/* A line that ends in "; " is not canonical. */
		if (it == stop || pos == len)
			return 0;
		t = s + pos;
		rest = len - pos;
		memset(it, 0, sizeof(*it));
		it->line = lineno;
		it->col = pos;
		if (t[0] == 'X' || t[0] == 'O') {
			/* A placement at the end of the line, or X9 alone. */
			if (rest < 5 || (m = canonical_mark(t)) == 0 ||
			    t[2] != ' ' || (sq0 = canonical_square(t + 3)) < 0)
				return 0;
			it->sqcol[0] = pos + 3;
			if (rest >= 8 && t[5] == ' ') {
				if ((sq1 = canonical_square(t + 6)) < 0)
					return 0;
				it->sqcol[1] = pos + 6;
				pos += 8;
			} else if (m == 9) {
				sq1 = sq0;
				it->sqcol[1] = pos + 3;
				pos += 5;
			} else
				return 0;
			it->kind = QTTT_ITEM_ACTION;
			it->action.kind = QTTT_PLACE;
			it->action.move = m;
			it->action.sq[0] = sq0;
			it->action.sq[1] = sq1;
		} else if (t[0] == 'm') {
			if (rest < 14 || memcmp(t, "measure ", 8) != 0 ||
			    (m = canonical_mark(t + 8)) == 0 ||
			    memcmp(t + 10, "->", 2) != 0 ||
			    (sq0 = canonical_square(t + 12)) < 0)
				return 0;
			it->kind = QTTT_ITEM_ACTION;
			it->action.kind = QTTT_MEASURE;
			it->action.move = m;
			it->action.sq[0] = it->action.sq[1] = sq0;
			it->sqcol[0] = it->sqcol[1] = pos + 12;
			pos += 14;
		} else {
			/* A result, the last item. */
			if (!qttt__engine_result_parse(rec->rules, t,
			    rest, &it->result))
				return 0;
			it->kind = QTTT_ITEM_RESULT;
			pos = len;
		}
		if (pos == len)
			break;
		/* "; " and another item. */
		if (len - pos < 3 || s[pos] != ';' || s[pos + 1] != ' ')
			return 0;
		pos += 2;
	}
	rec->nitems = it + 1 - rec->items;
	return 1;
}

int
qttt_line_parse(const char *s, size_t len, unsigned long lineno,
    struct qttt_record *rec)
{
	return qttt__notation_line_parse(s, len, lineno, rec,
	    QTTT_RULES_GOFF);
}

int
qttt__notation_line_parse(const char *s, size_t len, unsigned long lineno,
    struct qttt_record *rec, unsigned int rules)
{
	struct cursor	 c;
	struct qttt_item *it;
	struct varparse	 vp;
	size_t		 end, comment, core, tags, extras;
	size_t		 nseen = 0;
	int		 seen_result = 0, seen_item = 0, keep = 1, glyph;
	int		 vars, done = 0;

	qttt_record_clear(rec);
	rec->rules = rules;
	rec->line = lineno;
	rec->format = QTTT_FORMAT_LINE;
	rec->text = s;
	if (len > 0 && s[len - 1] == '\r') {
		len--;		/* CRLF line ends */
		rec->textflags |= QTTT_TEXT_CRLF;
	}
	rec->textlen = len;
	c.s = s;
	c.len = len;
	c.pos = 0;
	c.lineno = lineno;
	c.rec = rec;

	if (parse_canonical(&c))
		return 1;
	if (!qttt__notation_line_bytes(rec, lineno, s, len)) {
		rec->damaged = 1;
		return 1;
	}
	/* Kept for the writers that carry it (qttt_record_write). */
	comment = qttt__notation_line_comment(s, 0, len, rec);
	/* Only a line with a '(' pays for variations. */
	if ((vars = memchr(s, '(', comment) != NULL)) {
		vp.depth = vp.seen = 0;
		vp.line = QTTT_MAINLINE;
		vp.last[0] = NULL;
		vp.branch = vp.closed = 0;
	}

	skip_blanks(&c, comment);
	if (c.pos < comment && s[c.pos] == '[') {
		/* The game's tags: its metadata. */
		parse_tags(&c, comment, NULL);
		rec->meta = rec->tags;
		rec->nmeta = rec->ntags;
		skip_blanks(&c, comment);
		if (c.pos == comment) {
			SYNTAX(&c, QTTT_E_SYNTAX, c.pos, "tags with no game "
			    "after them: write '*' for a game with no move");
			return 1;
		}
	}
	for (;;) {
		skip_blanks(&c, comment);
		if (c.pos == comment) {
			done = 1;
			break;
		}
		if (vars && (s[c.pos] == '(' || s[c.pos] == ')')) {
			if (paren(&c, &vp, keep))
				continue;
			rec->damaged = 1;
			break;
		}
		end = vars ? item_end(s, c.pos, comment) :
		    unquoted(s, c.pos, comment, ';');
		if (end == c.pos && vars && vp.closed) {
			/* The ';' after a variation. */
			vp.closed = vp.branch = 0;
			c.pos = end + 1;
			continue;
		}
		if (vars && vp.closed) {
			SYNTAX(&c, QTTT_E_SEPARATOR, c.pos, "missing ';' "
			    "between a variation and the item after it");
			rec->damaged = 1;
			break;
		}
		if (end == c.pos) {
			/* An empty item: ';' with nothing before it. */
			SYNTAX(&c, QTTT_E_EMPTYITEM, c.pos, "empty item "
			    "before ';'");
			rec->damaged = 1;
			keep = 0;
			c.pos = end + 1;
			continue;
		}
		seen_item = 1;
		if (seen_result) {
			SYNTAX(&c, QTTT_E_RESULTPOS, c.pos, "nothing may "
			    "follow the result");
			rec->damaged = 1;
			break;
		}
		/* Items that cannot be read count too. */
		if (vars && vp.line != QTTT_MAINLINE) {
			if (vp.seen++ == QTTT_MAXVARITEMS) {
				SYNTAX(&c, QTTT_E_TOOMANY, c.pos, "more than "
				    "%d items in the variations of a record",
				    QTTT_MAXVARITEMS);
				rec->damaged = 1;
				break;
			}
		} else if (nseen++ == QTTT_MAXITEMS) {
			SYNTAX(&c, QTTT_E_TOOMANY, c.pos, "more than %d items: "
			    "no game is this long", QTTT_MAXITEMS);
			rec->damaged = 1;
			break;
		}
		if (is_goff_token(s + c.pos, (vars ? unquoted(s, c.pos,
		    comment, ';') : end) - c.pos)) {
			/* One diagnostic for the line, not one a token. */
			SYNTAX(&c, QTTT_E_SYNTAX, c.pos, "this line is in "
			    "Goff's notation (X1+(1,2); ...), not the line "
			    "notation: read it with -f goff, in a file of "
			    "its own");
			rec->damaged = 1;
			break;
		}
		it = vars && vp.line != QTTT_MAINLINE ?
		    &rec->varitems[rec->nvaritems] : &rec->items[rec->nitems];
		core = item_core(&c, end, &tags, &glyph);
		if (core == c.pos) {
			memset(it, 0, sizeof(*it));
			SYNTAX(&c, QTTT_E_SYNTAX, c.pos, "a glyph or a tag "
			    "with no move before it");
			rec->damaged = 1;
			keep = 0;
		} else if (parse_item(&c, core, it)) {
			annotate(&c, it, core, tags, end, glyph);
			if (!vars) {
				if (keep)
					rec->nitems++;
			} else if (keep && !keep_item(&c, &vp, it)) {
				rec->damaged = 1;
				keep = 0;
			}
		} else {
			rec->damaged = 1;
			keep = 0;
		}
		if (it->kind == QTTT_ITEM_RESULT && (!vars ||
		    vp.line == QTTT_MAINLINE))
			seen_result = 1;
		if (end == comment) {
			done = 1;
			break;
		}
		if (vars) {
			/* A '(' or ')' is read next, a ';' skipped. */
			vp.branch = s[end] != ';';
			c.pos = vp.branch ? end : end + 1;
			continue;
		}
		c.pos = end + 1;
	}
	if (vars && vp.depth > 0 && done) {
		SYNTAX(&c, QTTT_E_SYNTAX, vp.col[vp.depth - 1], "a '(' with "
		    "no ')' after it");
		rec->damaged = 1;
	}
	if (vars)
		qttt__notation_vars_done(rec, vp.owner);
	if ((extras = qttt__notation_extras_bytes(rec)) > QTTT_EXTRAS_MAX)
		SYNTAX(&c, QTTT_E_SYNTAX, 0, "the tags and comments of the "
		    "record hold %zu bytes: more than %d, which every format "
		    "takes", extras, QTTT_EXTRAS_MAX);
	return seen_item || rec->ndiags > 0 || rec->ndropped > 0;
}

/*
 * Whether qttt_line_parse() finds a game on a line, without parsing
 * it: something before the end of the line or a '#' other than blanks,
 * or a byte that the notation refuses anywhere on the line.  A line
 * that is blank or a comment is seldom, so the bytes are only looked at
 * then.
 */
int
qttt__notation_line_is_game(const char *s, size_t len)
{
	size_t	 i = 0;

	if (len > 0 && s[len - 1] == '\r')
		len--;		/* as qttt_line_parse() */
	while (i < len && is_blank((unsigned char)s[i]))
		i++;
	if (i < len && s[i] != '#')
		return 1;
	return qttt__text_bad_byte((const unsigned char *)s, len) < len;
}
