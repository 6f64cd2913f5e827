/*
 * The state string (formats/state-string.md, qttt-state(5)): a position
 * on one line, in the spirit of chess FEN.
 *
 *	x1o4,o2,o2/x1x3,.,./.,x3o4,. X5 O4 *
 *
 * Four fields separated by one space: the board (rows 1 to 3 separated
 * by '/', squares a to c separated by ','), the next move or '-', the
 * cycle-closing mark of the pending measurement or '-', and the result.
 * A state has exactly one string and the parser accepts nothing else,
 * so a string that parses prints back as the same bytes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"

/* ------------------------------------------------------------------ */
/* Printing                                                             */
/* ------------------------------------------------------------------ */

/* The marks of moves 1 to 9, in capitals and in lower case. */
static const char capital_marks[] = "??X1O2X3O4X5O6X7O8X9";
static const char spooky_marks[] = "??x1o2x3o4x5o6x7o8x9";

/* Appends a mark; "??" for what only a corrupt state holds. */
static char *
put_mark(char *p, const char *marks, int m)
{
	unsigned int	 i = (unsigned int)m <= QTTT_MAXMOVES ? m : 0;

	memcpy(p, marks + 2 * i, 2);
	return p + 2;
}

/*
 * Writes the string into t, which has room for QTTT_STATE_MAX bytes,
 * without a NUL; returns its length.  At most 56 bytes, as
 * formats/state-string.md shows; the checks on the move numbers keep
 * even a corrupt state inside t, as each move adds at most two marks.
 */
static size_t
format(const struct qttt_state *st, char *t)
{
	/* Bit m of spooky[s]: a mark of move m is in square s. */
	unsigned int	 spooky[QTTT_NSQUARES];
	unsigned int	 bits, a, b;
	char		*p = t;
	int		 s, m, last;

	/* One pass over the moves finds the spooky marks of each square. */
	memset(spooky, 0, sizeof(spooky));
	last = st->next > QTTT_MAXMOVES + 1 ? QTTT_MAXMOVES + 1 : st->next;
	for (m = 1; m < last; m++) {
		a = st->where[m][0];
		b = st->where[m][1];
		/* Classical first, as most moves of a state are. */
		if (a != b && a < QTTT_NSQUARES && b < QTTT_NSQUARES) {
			spooky[a] |= 1u << m;
			spooky[b] |= 1u << m;
		}
	}
	/* Each square and what follows it: ',' '/' or, last, ' '. */
	for (s = 0; s < QTTT_NSQUARES; s++) {
		if (st->board[s] != 0)
			p = put_mark(p, capital_marks, st->board[s]);
		else if (spooky[s] == 0)
			*p++ = '.';
		else
			for (bits = spooky[s]; bits != 0; bits &= bits - 1)
				p = put_mark(p, spooky_marks,
				    __builtin_ctz(bits));
		*p++ = ",,/,,/,, "[s];
	}
	if (st->result.over || st->next < 1 || st->next > QTTT_MAXMOVES)
		*p++ = '-';
	else
		p = put_mark(p, capital_marks, st->next);
	*p++ = ' ';
	if (st->pending == 0)
		*p++ = '-';
	else
		p = put_mark(p, capital_marks, st->pending);
	*p++ = ' ';
	/* A corrupt score shows as a game not over: "*". */
	if (st->result.over &&
	    !qttt__engine_result_possible(st->rules, st->result.score[QTTT_X],
	    st->result.score[QTTT_O]))
		*p++ = '*';
	else
		p = qttt__engine_result_text(p, &st->result);
	return p - t;
}

int
qttt_state_format(const struct qttt_state *st, char *buf, size_t n)
{
	char	 t[QTTT_STATE_MAX];
	size_t	 len, i;

	/* Straight into a buffer that is large enough, as most are. */
	if (n >= QTTT_STATE_MAX) {
		len = format(st, buf);
		buf[len] = '\0';
		return (int)len;
	}
	len = format(st, t);
	if (n > 0) {
		i = len < n ? len : n - 1;
		memcpy(buf, t, i);
		buf[i] = '\0';
	}
	return (int)len;
}

/* ------------------------------------------------------------------ */
/* Parsing                                                              */
/* ------------------------------------------------------------------ */

struct parse {
	const char		*s;
	size_t			 len;
	size_t			 pos;
	struct qttt_diag	*d;
	struct qttt_state	 st;
	/* Where each move's marks are, in the order they were read. */
	unsigned char		 count[QTTT_MAXMOVES + 1];
	size_t			 col[QTTT_MAXMOVES + 1][2];
	int			 classical[QTTT_MAXMOVES + 1];
	int			 maxmove;
	/* Where each field starts. */
	size_t			 field[4];
};

static enum qttt_code
fail(struct parse *p, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static enum qttt_code
fail(struct parse *p, size_t col, const char *fmt, ...)
{
	va_list	 ap;

	if (p->d != NULL) {
		p->d->code = QTTT_E_STATE;
		p->d->severity = qttt_code_severity(QTTT_E_STATE);
		p->d->line = 0;
		p->d->col = col;
		va_start(ap, fmt);
		vsnprintf(p->d->msg, sizeof(p->d->msg), fmt, ap);
		va_end(ap);
	}
	return QTTT_E_STATE;
}

/* The byte at pos, for "unexpected %s": 'x', space, or byte 0x01. */
static const char *
show_byte(const struct parse *p, size_t pos, char buf[16])
{
	int	 ch = (unsigned char)p->s[pos];

	if (ch == ' ')
		return "space";
	if (ch > ' ' && ch < 0x7f)
		snprintf(buf, 16, "'%c'", ch);
	else
		snprintf(buf, 16, "byte 0x%02x", ch);
	return buf;
}

static int
at(const struct parse *p, size_t pos)
{
	return pos < p->len ? (unsigned char)p->s[pos] : -1;
}

static int
is_mark_letter(int ch)
{
	return ch == 'X' || ch == 'O' || ch == 'x' || ch == 'o';
}

/*
 * A mark at pos: a letter (X, O, x, o) and a move number 1..9 of the
 * right parity.  Returns the move number and advances, or fails.
 */
static enum qttt_code
parse_mark(struct parse *p, int *mp)
{
	size_t	 start = p->pos;
	int	 ch = at(p, start), dig = at(p, start + 1), m;
	int	 upper = ch & ~0x20;

	if (dig < '0' || dig > '9')
		return fail(p, start, "'%c' needs a move number, as in %c%d",
		    ch, ch, upper == 'X' ? 1 : 2);
	if (dig == '0' || (at(p, start + 2) >= '0' && at(p, start + 2) <= '9'))
		return fail(p, start, "moves are numbered 1 to 9");
	m = dig - '0';
	if (QTTT_LETTER(m) != upper)
		return fail(p, start, "'%c%c': X makes the odd moves and O the "
		    "even ones", ch, dig);
	p->pos += 2;
	*mp = m;
	return QTTT_OK;
}

/* Records the classical mark of move m at square s. */
static enum qttt_code
put_classical(struct parse *p, int m, int s, size_t col)
{
	if (p->classical[m])
		return fail(p, col, "%c%d is classical twice (%s and %s)",
		    QTTT_LETTER(m), m, qttt_square_name(p->st.where[m][0]),
		    qttt_square_name(s));
	if (p->count[m] > 0)
		return fail(p, col, "%c%d is classical in %s, but %c%d is "
		    "spooky in %s", QTTT_LETTER(m), m, qttt_square_name(s),
		    QTTT_LETTER(m) | 0x20, m,
		    qttt_square_name(p->st.where[m][0]));
	p->classical[m] = 1;
	p->col[m][0] = col;
	p->st.board[s] = m;
	p->st.where[m][0] = p->st.where[m][1] = s;
	return QTTT_OK;
}

/* Records a spooky mark of move m at square s. */
static enum qttt_code
put_spooky(struct parse *p, int m, int s, size_t col)
{
	if (p->classical[m])
		return fail(p, col, "%c%d is spooky in %s, but %c%d is "
		    "classical in %s", QTTT_LETTER(m) | 0x20, m,
		    qttt_square_name(s), QTTT_LETTER(m), m,
		    qttt_square_name(p->st.where[m][0]));
	if (p->count[m] == 2)
		return fail(p, col, "%c%d is in a third square (%s): a "
		    "spooky mark is in exactly two squares",
		    QTTT_LETTER(m) | 0x20, m, qttt_square_name(s));
	/* Squares are read in reading order, so where[m] comes sorted. */
	p->col[m][p->count[m]] = col;
	p->st.where[m][p->count[m]++] = s;
	return QTTT_OK;
}

/* One square of the board: '.', a classical mark, or spooky marks. */
static enum qttt_code
parse_square(struct parse *p, int s)
{
	enum qttt_code	 code;
	size_t		 col;
	char		 b[16];
	int		 ch = at(p, p->pos), m, prev = 0;

	if (ch == '.') {
		p->pos++;
		if (is_mark_letter(at(p, p->pos)))
			return fail(p, p->pos, "%s is empty ('.'), so it holds "
			    "no mark", qttt_square_name(s));
		return QTTT_OK;
	}
	if (ch == 'X' || ch == 'O') {
		col = p->pos;
		if ((code = parse_mark(p, &m)) != QTTT_OK ||
		    (code = put_classical(p, m, s, col)) != QTTT_OK)
			return code;
		if (is_mark_letter(at(p, p->pos)))
			return fail(p, p->pos, "%s is classical (%c%d), so it "
			    "holds no other mark", qttt_square_name(s),
			    QTTT_LETTER(m), m);
		if (m > p->maxmove)
			p->maxmove = m;
		return QTTT_OK;
	}
	if (ch != 'x' && ch != 'o') {
		if (ch == -1 || ch == ',' || ch == '/' || ch == ' ')
			return fail(p, p->pos, "%s has no content: write '.' "
			    "for an empty square", qttt_square_name(s));
		return fail(p, p->pos, "unexpected %s in %s: expected a mark "
		    "(X1, or spooky x1o2) or '.'", show_byte(p, p->pos, b),
		    qttt_square_name(s));
	}
	while ((ch = at(p, p->pos)) == 'x' || ch == 'o') {
		col = p->pos;
		if ((code = parse_mark(p, &m)) != QTTT_OK)
			return code;
		if (m == prev)
			return fail(p, col, "%c%d is twice in %s: a move's "
			    "two marks are in different squares",
			    QTTT_LETTER(m) | 0x20, m, qttt_square_name(s));
		if (m < prev)
			return fail(p, col, "%c%d after %c%d in %s: spooky "
			    "marks go in ascending move order",
			    QTTT_LETTER(m) | 0x20, m,
			    QTTT_LETTER(prev) | 0x20, prev,
			    qttt_square_name(s));
		if ((code = put_spooky(p, m, s, col)) != QTTT_OK)
			return code;
		if (m > p->maxmove)
			p->maxmove = m;
		prev = m;
	}
	if (ch == 'X' || ch == 'O')
		return fail(p, p->pos, "%s holds spooky marks, so it cannot "
		    "hold a classical one", qttt_square_name(s));
	return QTTT_OK;
}

/* The separator before square s (1..8), or a message saying why not. */
static enum qttt_code
parse_separator(struct parse *p, int s)
{
	int	 want = s % 3 == 0 ? '/' : ',', ch = at(p, p->pos);
	char	 b[16];

	if (ch == want) {
		p->pos++;
		return QTTT_OK;
	}
	if (ch == -1 || ch == ' ')
		return fail(p, p->pos, "the board ends after %d square%s: "
		    "it has nine, in three rows of three", s,
		    s == 1 ? "" : "s");
	if (ch == ',')
		return fail(p, p->pos, "a row has three squares: expected "
		    "'/' after %s", qttt_square_name(s - 1));
	if (ch == '/')
		return fail(p, p->pos, "row %d ends after %d square%s: "
		    "expected ','", s / 3 + 1, s % 3, s % 3 == 1 ? "" : "s");
	return fail(p, p->pos, "unexpected %s after %s: expected '%c'",
	    show_byte(p, p->pos, b), qttt_square_name(s - 1), want);
}

/* The space before field i (1..3), which is called name. */
static enum qttt_code
parse_space(struct parse *p, int i, const char *name)
{
	char	 b[16];
	int	 ch = at(p, p->pos);

	if (ch == -1)
		return fail(p, p->pos, "the string ends before %s", name);
	if (ch != ' ') {
		if (i == 1 && (ch == ',' || ch == '/'))
			return fail(p, p->pos, "the board has nine squares: "
			    "unexpected %s after c3", show_byte(p, p->pos, b));
		return fail(p, p->pos, "unexpected %s: expected a space "
		    "and %s", show_byte(p, p->pos, b), name);
	}
	p->pos++;
	if (at(p, p->pos) == ' ')
		return fail(p, p->pos, "fields are separated by one space");
	p->field[i] = p->pos;
	return QTTT_OK;
}

/* Field 2 or 3: a capital mark, or '-'; *mp is 0 for '-'. */
static enum qttt_code
parse_mark_field(struct parse *p, int *mp, const char *name,
    const char *example)
{
	enum qttt_code	 code;
	char		 b[16];
	int		 ch = at(p, p->pos);

	*mp = 0;
	if (ch == '-') {
		p->pos++;
	} else if (ch == 'X' || ch == 'O') {
		if ((code = parse_mark(p, mp)) != QTTT_OK)
			return code;
	} else if (ch == 'x' || ch == 'o')
		return fail(p, p->pos, "%s is written with a capital letter "
		    "(%s) or '-'", name, example);
	else
		return fail(p, p->pos, "expected %s (%s) or '-'", name,
		    example);
	ch = at(p, p->pos);
	if (ch != -1 && ch != ' ')
		return fail(p, p->pos, "unexpected %s after %s",
		    show_byte(p, p->pos, b), name);
	return QTTT_OK;
}

/* "*, 1-0, 0-1 ..." and "or" before the last: a profile's results. */
static const char *
results_of(unsigned int rules, char *buf, size_t size)
{
	struct qttt_result r;
	char		 one[8];
	size_t		 len;
	int		 i, last = -1;

	for (i = 0; i < QTTT_NRESULTS; i++) {
		qttt_result_nth(i, &r);
		if (qttt_rules_result_possible(rules, &r))
			last = i;
	}
	len = snprintf(buf, size, "*");
	for (i = 0; i < QTTT_NRESULTS && len < size; i++) {
		qttt_result_nth(i, &r);
		if (!qttt_rules_result_possible(rules, &r))
			continue;
		qttt_result_format(&r, one, sizeof(one));
		len += snprintf(buf + len, size - len, "%s%s",
		    i == last ? " or " : ", ", one);
	}
	return buf;
}

static enum qttt_code
parse_result(struct parse *p)
{
	size_t	 start = p->pos, n;
	char	 b[96];

	/* The longest run of the characters results are made of. */
	n = 0;
	while (start + n < p->len &&
	    strchr("*0123456789/-", p->s[start + n]) != NULL &&
	    p->s[start + n] != '\0')
		n++;
	if (!qttt__engine_result_parse(p->st.rules, p->s + start, n,
	    &p->st.result))
		return p->st.rules == QTTT_RULES_GOFF ? fail(p, start,
		    "expected the result: *, 1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, "
		    "2-0 or 0-0") : fail(p, start, "expected the result: %s",
		    results_of(p->st.rules, b, sizeof(b)));
	p->pos += n;
	if (p->pos < p->len)
		return fail(p, p->pos, "unexpected %s after the result",
		    show_byte(p, p->pos, b));
	return QTTT_OK;
}

/* The fields, read and checked one by one for their syntax. */
static enum qttt_code
parse_fields(struct parse *p, int *next, int *pending)
{
	enum qttt_code	 code;
	int		 s;

	if (p->len == 0)
		return fail(p, 0, "empty state string");
	for (s = 0; s < QTTT_NSQUARES; s++)
		if ((s > 0 && (code = parse_separator(p, s)) != QTTT_OK) ||
		    (code = parse_square(p, s)) != QTTT_OK)
			return code;
	if ((code = parse_space(p, 1, "the next move")) != QTTT_OK ||
	    (code = parse_mark_field(p, next, "the next move", "X5")) !=
	    QTTT_OK ||
	    (code = parse_space(p, 2, "the pending measurement")) !=
	    QTTT_OK ||
	    (code = parse_mark_field(p, pending, "the pending "
	    "measurement's closing mark", "O4")) != QTTT_OK ||
	    (code = parse_space(p, 3, "the result")) != QTTT_OK)
		return code;
	return parse_result(p);
}

/*
 * The next move and the marks on the board must agree: every move
 * before it is there and none after it.  '-' says no move is to come:
 * the game is over, or all nine moves are made.
 */
static enum qttt_code
check_next(struct parse *p, int next, const struct qttt_result *board)
{
	char	 res[8];
	int	 m;

	if (next != 0 && board->over) {
		qttt_result_format(board, res, sizeof(res));
		return fail(p, p->field[1], "the board shows a finished game "
		    "(%s): no move is next, write '-'", res);
	}
	if (next == 0) {
		next = board->over ? p->maxmove + 1 : QTTT_MAXMOVES + 1;
		for (m = 1; m < next; m++)
			if (p->count[m] == 0 && !p->classical[m])
				return fail(p, p->field[1], board->over ?
				    "%c%d is not on the board, but later "
				    "moves are" : "%c%d is not on the board, "
				    "but '-' says that all nine moves are "
				    "made and the game is not over",
				    QTTT_LETTER(m), m);
	} else
		for (m = 1; m <= QTTT_MAXMOVES; m++) {
			if (m >= next && (p->count[m] > 0 || p->classical[m]))
				return fail(p, p->field[1], "%c%d is next, "
				    "but %c%d is already on the board",
				    QTTT_LETTER(next), next, QTTT_LETTER(m), m);
			if (m < next && p->count[m] == 0 && !p->classical[m])
				return fail(p, p->field[1], "%c%d is next, "
				    "but %c%d is not on the board",
				    QTTT_LETTER(next), next, QTTT_LETTER(m), m);
		}
	p->st.next = next;
	return QTTT_OK;
}

static enum qttt_code
check_pending(struct parse *p, int pending)
{
	int	 last = p->st.next - 1;

	if (pending == 0)
		return QTTT_OK;
	if (last < 1)
		return fail(p, p->field[2], "no move has been made, so no "
		    "measurement can be pending");
	if (pending != last)
		return fail(p, p->field[2], "%c%d cannot be waiting for a "
		    "measurement: only the last move (%c%d) can have closed "
		    "an unmeasured cycle", QTTT_LETTER(pending), pending,
		    QTTT_LETTER(last), last);
	if (p->classical[pending])
		return fail(p, p->field[2], "%c%d is classical, so its cycle "
		    "has been measured", QTTT_LETTER(pending), pending);
	p->st.pending = pending;
	return QTTT_OK;
}

/*
 * Whether some game reaches the state (engine/reach.c, which searches
 * for a history).  The commonest reason it does not gets its own
 * message: a collapse makes every move of a cycle classical, and a
 * cycle has two moves at least, so one classical move alone is out of
 * reach, unless it is the forced X9 (rules.md rule 3), which no cycle
 * makes classical.  A search that gives up, which no state of the
 * tests comes near, lets the state pass.
 */
static enum qttt_code
check_reachable(struct parse *p)
{
	int	 m, n = 0, only = 0, first = 0;

	if (qttt__engine_reachable(&p->st) != 0)
		return QTTT_OK;
	for (m = QTTT_MAXMOVES; m >= 1; m--)
		if (p->classical[m]) {
			n++;
			only = first = m;
		}
	if (n == 1)
		return fail(p, p->col[only][0], "%c%d is the only classical "
		    "mark, but no game reaches that: a collapse makes at "
		    "least two moves classical (a cycle has two), and only "
		    "the forced X9 is classical alone", QTTT_LETTER(only),
		    only);
	return fail(p, first > 0 ? p->col[first][0] : p->field[1], "no game "
	    "reaches this position: no order of moves, collapses and "
	    "second squares of the classical moves makes these classical "
	    "marks with these spooky ones");
}

enum qttt_code
qttt_state_parse(const char *s, size_t len, struct qttt_state *st,
    struct qttt_diag *d)
{
	return qttt__notation_state_parse(s, len, st, d, QTTT_RULES_GOFF);
}

enum qttt_code
qttt_state_parse_rules(const char *s, size_t len, unsigned int rules,
    struct qttt_state *st, struct qttt_diag *d)
{
	return qttt__notation_state_parse(s, len, st, d, rules);
}

enum qttt_code
qttt__notation_state_parse(const char *s, size_t len, struct qttt_state *st,
    struct qttt_diag *d, unsigned int rules)
{
	struct parse	 p;
	struct qttt_result board;
	struct qttt_diag check;
	enum qttt_code	 code;
	char		 want[8], have[8];
	int		 next, pending, m, last;

	memset(&p, 0, sizeof(p));
	p.s = s;
	p.len = len;
	p.d = d;
	qttt_state_init(&p.st);
	p.st.rules = rules;
	if ((code = parse_fields(&p, &next, &pending)) != QTTT_OK)
		return code;

	for (m = 1; m <= QTTT_MAXMOVES; m++)
		if (p.count[m] == 1)
			return fail(&p, p.col[m][0], "%c%d is in %s only: a "
			    "spooky mark is in exactly two squares",
			    QTTT_LETTER(m) | 0x20, m,
			    qttt_square_name(p.st.where[m][0]));
	qttt__engine_board_result(&p.st, &board);
	if ((code = check_next(&p, next, &board)) != QTTT_OK ||
	    (code = check_pending(&p, pending)) != QTTT_OK)
		return code;
	if (board.over != p.st.result.over ||
	    board.score[0] != p.st.result.score[0] ||
	    board.score[1] != p.st.result.score[1]) {
		qttt_result_format(&board, want, sizeof(want));
		qttt_result_format(&p.st.result, have, sizeof(have));
		return fail(&p, p.field[3], "the result is %s, but the board "
		    "says %s", have, want);
	}

	/*
	 * What is left is the rules' own check: the entanglement graph
	 * (a cycle needs its measurement, a pending one needs a cycle)
	 * and no move after the end.  Its message is shown at the mark
	 * played too late, or else at the pending field.
	 */
	if (qttt_state_check(&p.st, &check) != QTTT_OK) {
		last = p.st.next - 1;
		if (p.st.result.over && p.st.pending == 0 && last >= 1 &&
		    !p.classical[last])
			check.col = p.col[last][0];
		else
			check.col = p.field[2];
		check.line = 0;
		if (d != NULL)
			*d = check;
		return QTTT_E_STATE;
	}
	if ((code = check_reachable(&p)) != QTTT_OK)
		return code;
	*st = p.st;
	return QTTT_OK;
}
