/*
 * JSON Lines of states (formats/replay-output.md):
 * one object per state, on one line.  This is the one description of
 * a state as data: the YAML output (yaml.c) is this object re-emitted
 * by libyaml, so both carry the same keys and values.
 *
 * It is written for speed (make bench replays a million games against
 * a budget): the objects are built in a buffer of the writer's, a
 * bounded part at a time, with no printf and with table look-ups for
 * marks and squares, and reach the stream a buffer at a time.
 * Only strings that need escaping (a file name, a message) go through
 * qttt_json_string().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "internal.h"

/*
 * Room for the longest bounded part of an object.  The first part
 * (game to result) is at most about 700 bytes: 9 spooky moves of 17,
 * a pending cycle of 9 moves, 9 stems and 9 squares; the second (state
 * to lines) about 500.
 */
#define PART	1024

struct json_states {
	FILE		*f;
	size_t		 len;		/* bytes in buf */
	int		 failed;
	/* The last file name seen, and whether it needs escaping. */
	const char	*file;
	size_t		 filelen;
	int		 fileplain;
	char		 buf[64 * PART];
};

static void
flush(struct json_states *b)
{
	if (b->len > 0 && fwrite(b->buf, 1, b->len, b->f) != b->len)
		b->failed = 1;
	b->len = 0;
}

/* Where to write the next part, with PART bytes free. */
static char *
room(struct json_states *b)
{
	if (b->len + PART > sizeof(b->buf))
		flush(b);
	return b->buf + b->len;
}

static void
done(struct json_states *b, char *p)
{
	b->len = p - b->buf;
}

/* Appends a string literal: a copy of known size, no loop. */
#define LIT(p, s)	(memcpy((p), (s), sizeof(s) - 1), (p) + sizeof(s) - 1)

static char *
lit(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	return p;
}

/* A number in decimal, two digits at a time. */
static char *
uint_text(char *p, unsigned long n)
{
	static const char pairs[] =
	    "00010203040506070809101112131415161718192021222324"
	    "25262728293031323334353637383940414243444546474849"
	    "50515253545556575859606162636465666768697071727374"
	    "75767778798081828384858687888990919293949596979899";
	unsigned long	 t;
	unsigned int	 r;
	int		 len = 1;
	char		*end;

	/* Its length first, then the digits from the last. */
	for (t = n; t >= 100; t /= 100)
		len += 2;
	if (t >= 10)
		len++;
	end = p + len;
	for (p = end; n >= 100; n /= 100) {
		r = n % 100;
		*--p = pairs[2 * r + 1];
		*--p = pairs[2 * r];
	}
	if (n >= 10) {
		*--p = pairs[2 * n + 1];
		*--p = pairs[2 * n];
	} else
		*--p = '0' + n;
	return end;
}

/*
 * A mark, or null for move 0, and a square: each exactly four bytes,
 * copied from a table.
 */
static const char mark_text[QTTT_MAXMOVES + 1][4] = {
	{ 'n', 'u', 'l', 'l' },
	{ '"', 'X', '1', '"' }, { '"', 'O', '2', '"' },
	{ '"', 'X', '3', '"' }, { '"', 'O', '4', '"' },
	{ '"', 'X', '5', '"' }, { '"', 'O', '6', '"' },
	{ '"', 'X', '7', '"' }, { '"', 'O', '8', '"' },
	{ '"', 'X', '9', '"' }
};
static const char square_text[QTTT_NSQUARES][4] = {
	{ '"', 'a', '1', '"' }, { '"', 'b', '1', '"' },
	{ '"', 'c', '1', '"' }, { '"', 'a', '2', '"' },
	{ '"', 'b', '2', '"' }, { '"', 'c', '2', '"' },
	{ '"', 'a', '3', '"' }, { '"', 'b', '3', '"' },
	{ '"', 'c', '3', '"' }
};

/* A mark of a state (move 1 to 9), or null for an empty square. */
static char *
mark(char *p, int m)
{
	memcpy(p, mark_text[m <= QTTT_MAXMOVES ? m : 0], 4);
	return p + 4;
}

static char *
player(char *p, int pl)
{
	*p++ = '"';
	*p++ = QTTT_PLAYER_LETTER(pl);
	*p++ = '"';
	return p;
}

static char *
square(char *p, int s)
{
	memcpy(p, square_text[s < QTTT_NSQUARES ? s : 0], 4);
	return p + 4;
}

static char *
marks(char *p, const unsigned char *m, size_t n)
{
	size_t	 i;

	*p++ = '[';
	for (i = 0; i < n; i++) {
		if (i > 0)
			*p++ = ',';
		p = mark(p, m[i]);
	}
	*p++ = ']';
	return p;
}

static char *
squares(char *p, const unsigned char *sq, size_t n)
{
	size_t	 i;

	*p++ = '[';
	for (i = 0; i < n; i++) {
		if (i > 0)
			*p++ = ',';
		p = square(p, sq[i]);
	}
	*p++ = ']';
	return p;
}

/* A score in half points as a JSON number. */
static char *
score(char *p, int halves)
{
	static const char *const text[] = { "0", "0.5", "1", "1.5", "2" };

	return lit(p, text[halves >= 0 && halves <= 4 ? halves : 0]);
}

/* Whether n bytes go between quotes as they are. */
static int
plain(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e ||
		    s[i] == '"' || s[i] == '\\')
			return 0;
	return n + 2 <= PART;
}

/* A string of n bytes: as it is when it can be, else escaped. */
static void
string(struct json_states *b, const char *s, size_t n, int isplain)
{
	char	*p;

	if (isplain) {
		p = room(b);
		*p++ = '"';
		memcpy(p, s, n);
		p += n;
		*p++ = '"';
		done(b, p);
		return;
	}
	flush(b);
	if (qttt_json_string(b->f, s, n) == -1)
		b->failed = 1;
}

/* The file name: the same for every game of an input, looked at once. */
static void
file_name(struct json_states *b, const char *file)
{
	if (file != b->file) {
		b->file = file;
		b->filelen = strlen(file);
		b->fileplain = plain(file, b->filelen);
	}
	string(b, file, b->filelen, b->fileplain);
}

static char *
pending(char *p, const struct qttt_state *st)
{
	struct qttt_cycle c;

	if (qttt_state_cycle(st, &c) == -1)
		return LIT(p, "null");
	p = LIT(p, "{\"closing\":");
	p = mark(p, c.closing);
	p = LIT(p, ",\"measurer\":");
	p = player(p, qttt_state_turn(st));
	p = LIT(p, ",\"cycle\":");
	p = marks(p, c.moves, c.nmoves);
	p = LIT(p, ",\"stems\":");
	p = marks(p, c.stems, c.nstems);
	p = LIT(p, ",\"squares\":");
	p = squares(p, c.squares, c.nsquares);
	*p++ = '}';
	return p;
}

static char *
lines(char *p, const struct qttt_state *st)
{
	struct qttt_line l[QTTT_NLINES];
	size_t		 n, i;

	/* A completed line ends the game (formats/rules.md rule 10). */
	n = st->result.over ? qttt_state_lines(st, l) : 0;
	*p++ = '[';
	for (i = 0; i < n; i++) {
		if (i > 0)
			*p++ = ',';
		p = LIT(p, "{\"player\":");
		p = player(p, l[i].player);
		p = LIT(p, ",\"time\":");
		p = uint_text(p, l[i].time);
		p = LIT(p, ",\"squares\":");
		p = squares(p, l[i].squares, 3);
		*p++ = '}';
	}
	*p++ = ']';
	return p;
}

/* The keys of formats/replay-output.md, in its order. */
static void
notation_keys(struct json_states *b, const struct replay_point *pt)
{
	const struct qttt_state	 *st = pt->state;
	const struct qttt_record *rec = pt->game->rec;
	char			 *p = room(b);
	int			  s, m;

	p = LIT(p, "{\"game\":");
	p = uint_text(p, rec != NULL ? rec->index : 0);
	p = LIT(p, ",\"line\":");
	p = uint_text(p, rec != NULL ? rec->line + 1 : 0);
	p = LIT(p, ",\"ply\":");
	p = uint_text(p, pt->ply);
	p = LIT(p, ",\"board\":[");
	for (s = 0; s < QTTT_NSQUARES; s++) {
		if (s > 0)
			*p++ = ',';
		p = mark(p, st->board[s]);
	}
	p = LIT(p, "],\"spooky\":{");
	for (m = 1; m < st->next && m <= QTTT_MAXMOVES; m++) {
		if (st->where[m][0] == st->where[m][1])
			continue;
		if (p[-1] != '{')
			*p++ = ',';
		p = mark(p, m);
		*p++ = ':';
		p = squares(p, st->where[m], 2);
	}
	p = LIT(p, "},\"pending\":");
	p = pending(p, st);
	if (!st->result.over)
		p = LIT(p, ",\"over\":false,\"score\":null,\"result\":null");
	else {
		p = LIT(p, ",\"over\":true,\"score\":{\"X\":");
		p = score(p, st->result.score[QTTT_X]);
		p = LIT(p, ",\"O\":");
		p = score(p, st->result.score[QTTT_O]);
		p = LIT(p, "},\"result\":\"");
		p = qttt_result_text(p, &st->result);
		*p++ = '"';
	}
	done(b, p);
}

static void
error(struct json_states *b, const struct qttt_record *rec)
{
	const struct qttt_diag *d;
	char		*p;

	p = room(b);
	if (rec == NULL || rec->ndiags == 0) {
		done(b, LIT(p, ",\"error\":null"));
		return;
	}
	d = &rec->diags[0];
	p = LIT(p, ",\"error\":{\"code\":\"");
	p = lit(p, qttt_code_name(d->code));
	p = LIT(p, "\",\"line\":");
	p = uint_text(p, d->line + 1);
	p = LIT(p, ",\"column\":");
	p = uint_text(p, d->col + 1);
	p = LIT(p, ",\"message\":");
	done(b, p);
	string(b, d->msg, strlen(d->msg), plain(d->msg, strlen(d->msg)));
	p = room(b);
	*p++ = '}';
	done(b, p);
}

struct json_states *
qttt_json_states_open(FILE *f)
{
	struct json_states *b;

	if ((b = malloc(sizeof(*b))) == NULL)
		return NULL;
	b->f = f;
	b->len = 0;
	b->failed = 0;
	b->file = NULL;
	return b;
}

int
qttt_json_states_put(struct json_states *b, const struct replay_point *pt)
{
	const struct qttt_state	 *st = pt->state;
	const struct qttt_replay *r = pt->game;
	char			 *p;

	notation_keys(b, pt);

	/* What the toolkit adds. */
	p = room(b);
	done(b, LIT(p, ",\"file\":"));
	if (r->file != NULL)
		file_name(b, r->file);
	else {
		p = room(b);
		done(b, LIT(p, "null"));
	}
	p = room(b);
	p = LIT(p, ",\"state\":\"");
	p += qttt_state_format(st, p, QTTT_STATE_MAX);
	p = LIT(p, "\",\"item\":");
	if (pt->ply > 0 && pt->ply <= r->game->nplies) {
		*p++ = '"';
		p = qttt_action_text(p, &r->game->plies[pt->ply - 1]);
		*p++ = '"';
	} else
		p = LIT(p, "null");
	p = LIT(p, ",\"next\":");
	if (!st->result.over && st->next <= QTTT_MAXMOVES)
		p = mark(p, st->next);
	else
		p = LIT(p, "null");
	p = LIT(p, ",\"turn\":");
	if (!st->result.over)
		p = player(p, qttt_state_turn(st));
	else
		p = LIT(p, "null");
	p = LIT(p, ",\"lines\":");
	p = lines(p, st);
	done(b, p);
	error(b, r->rec);
	p = room(b);
	if (pt->opts->whatif > 0) {
		p = LIT(p, ",\"what_if\":");
		if (r->changed >= 0)
			p = uint_text(p, pt->opts->whatif);
		else
			p = LIT(p, "null");
	}
	p = LIT(p, "}\n");
	done(b, p);
	return b->failed ? -1 : 0;
}

int
qttt_json_states_flush(struct json_states *b)
{
	flush(b);
	if (fflush(b->f) == EOF || ferror(b->f))
		b->failed = 1;
	return b->failed ? -1 : 0;
}

int
qttt_json_states_close(struct json_states *b)
{
	int	 failed;

	if (b == NULL)
		return 0;
	failed = qttt_json_states_flush(b);
	free(b);
	return failed;
}
