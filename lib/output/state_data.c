/*
 * A state as data (formats/replay-output.md): the one description of
 * the keys of a state, in their order, written through the structured
 * emitter (output/output.h) as JSON Lines (one object per line) or as a YAML
 * stream (one document per state).  Both outputs carry the same keys
 * and values because they are the same calls.
 *
 * JSON is written for speed (make bench replays a million games
 * against a budget): the description is inlined into each back end's
 * writer, so that the JSON one is a byte writer with table look-ups
 * for marks and squares and no printf, bounded parts of the object
 * built in place in a buffer that reaches the stream a buffer at a
 * time.  Only strings that need escaping (a file name, a message) go
 * through qttt_json_string().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "output/output.h"

/*
 * The parts of a state are bounded: the first (game to result) is at
 * most about 700 bytes: 9 spooky moves of 17, a pending cycle of 9
 * moves, 9 stems and 9 squares; the second (state to lines) about 500.
 */
#if EMIT_PART < 1024
#error "a part of a state needs 1024 bytes"
#endif

/* Marks (move 1 to 9) and squares by name. */
static const char mark_name[QTTT_MAXMOVES + 1][2] = {
	{ '-', '-' },
	{ 'X', '1' }, { 'O', '2' }, { 'X', '3' }, { 'O', '4' },
	{ 'X', '5' }, { 'O', '6' }, { 'X', '7' }, { 'O', '8' },
	{ 'X', '9' }
};
static const char square_name[QTTT_NSQUARES][2] = {
	{ 'a', '1' }, { 'b', '1' }, { 'c', '1' },
	{ 'a', '2' }, { 'b', '2' }, { 'c', '2' },
	{ 'a', '3' }, { 'b', '3' }, { 'c', '3' }
};

/* What a description is given besides the state. */
struct state_src {
	const struct replay_point *pt;
	/* The file name, and whether it needs escaping in JSON. */
	const char	*file;
	size_t		 filelen;
	int		 fileplain;
};

/* Inlined into each back end's writer, so that JSON stays a byte writer. */
#define DESCRIBE	static inline __attribute__((always_inline)) void

/* A mark of a state (move 1 to 9), or null for none. */
DESCRIBE
mark(struct emit *e, int m)
{
	if (m > 0 && m <= QTTT_MAXMOVES)
		emit_str(e, mark_name[m], 2);
	else
		emit_null(e);
}

DESCRIBE
player(struct emit *e, int pl)
{
	char	 c = QTTT_PLAYER_LETTER(pl);

	emit_str(e, &c, 1);
}

DESCRIBE
square(struct emit *e, int s)
{
	emit_str(e, square_name[s < QTTT_NSQUARES ? s : 0], 2);
}

DESCRIBE
marks(struct emit *e, const unsigned char *m, size_t n)
{
	size_t	 i;

	emit_seq(e, 1);
	for (i = 0; i < n; i++)
		mark(e, m[i]);
	emit_seq_end(e);
}

DESCRIBE
squares(struct emit *e, const unsigned char *sq, size_t n)
{
	size_t	 i;

	emit_seq(e, 1);
	for (i = 0; i < n; i++)
		square(e, sq[i]);
	emit_seq_end(e);
}

/* A score in half points as a number. */
DESCRIBE
score(struct emit *e, int halves)
{
	static const char text[5][4] = { "0", "0.5", "1", "1.5", "2" };
	static const unsigned char len[5] = { 1, 3, 1, 3, 1 };

	if (halves < 0 || halves > 4)
		halves = 0;
	emit_lit(e, text[halves], len[halves]);
}

DESCRIBE
pending(struct emit *e, const struct qttt_state *st)
{
	struct qttt_cycle c;

	if (qttt_state_cycle(st, &c) == -1) {
		emit_null(e);
		return;
	}
	emit_map(e);
	EMIT_KEY(e, "closing");
	mark(e, c.closing);
	EMIT_KEY(e, "measurer");
	player(e, qttt_state_turn(st));
	EMIT_KEY(e, "cycle");
	marks(e, c.moves, c.nmoves);
	EMIT_KEY(e, "stems");
	marks(e, c.stems, c.nstems);
	EMIT_KEY(e, "squares");
	squares(e, c.squares, c.nsquares);
	emit_map_end(e);
}

DESCRIBE
lines(struct emit *e, const struct qttt_state *st)
{
	struct qttt_line l[QTTT_NLINES];
	size_t		 n, i;

	/* A completed line ends the game (formats/rules.md rule 10). */
	n = st->result.over ? qttt_state_lines(st, l) : 0;
	emit_seq(e, 1);
	for (i = 0; i < n; i++) {
		emit_map(e);
		EMIT_KEY(e, "player");
		player(e, l[i].player);
		EMIT_KEY(e, "time");
		emit_uint(e, l[i].time);
		EMIT_KEY(e, "squares");
		squares(e, l[i].squares, 3);
		emit_map_end(e);
	}
	emit_seq_end(e);
}

/* The keys of the notation's view of a state: game to result. */
DESCRIBE
notation_keys(struct emit *e, const struct replay_point *pt)
{
	const struct qttt_state	 *st = pt->state;
	const struct qttt_record *rec = pt->game->rec;
	char			  text[RESULT_TEXT_MAX], *p;
	int			  s, m, last;

	emit_part(e);
	EMIT_KEY(e, "game");
	emit_uint(e, rec != NULL ? rec->index : 0);
	EMIT_KEY(e, "line");
	emit_uint(e, rec != NULL ? rec->line + 1 : 0);
	/* A position read with its ply (a stream of states) keeps it. */
	EMIT_KEY(e, "ply");
	emit_uint(e, pt->ply + (rec != NULL && rec->has_start &&
	    rec->ply > 0 ? (size_t)rec->ply : 0));
	EMIT_KEY(e, "board");
	emit_seq(e, 1);
	for (s = 0; s < QTTT_NSQUARES; s++)
		mark(e, st->board[s]);
	emit_seq_end(e);
	EMIT_KEY(e, "spooky");
	emit_map(e);
	last = st->next <= QTTT_MAXMOVES ? st->next : QTTT_MAXMOVES + 1;
	for (m = 1; m < last; m++) {
		if (st->where[m][0] == st->where[m][1])
			continue;
		emit_key(e, mark_name[m], 2);
		squares(e, st->where[m], 2);
	}
	emit_map_end(e);
	EMIT_KEY(e, "pending");
	pending(e, st);
	EMIT_KEY(e, "over");
	if (!st->result.over) {
		EMIT_LIT(e, "false");
		EMIT_KEY(e, "score");
		emit_null(e);
		EMIT_KEY(e, "result");
		emit_null(e);
		return;
	}
	EMIT_LIT(e, "true");
	EMIT_KEY(e, "score");
	emit_map(e);
	EMIT_KEY(e, "X");
	score(e, st->result.score[QTTT_X]);
	EMIT_KEY(e, "O");
	score(e, st->result.score[QTTT_O]);
	emit_map_end(e);
	EMIT_KEY(e, "result");
	p = emit_str_at(e, text);
	emit_str_done(e, p, qttt__engine_result_text(p, &st->result));
}

const struct qttt_diag *
qttt__output_first_error(const struct qttt_record *rec)
{
	size_t	 i;

	for (i = 0; rec != NULL && i < rec->ndiags; i++)
		if (qttt_code_severity(rec->diags[i].code) == QTTT_ERROR)
			return &rec->diags[i];
	return NULL;
}

DESCRIBE
error(struct emit *e, const struct qttt_record *rec)
{
	const struct qttt_diag *d;
	const char	*name;

	EMIT_KEY(e, "error");
	if ((d = qttt__output_first_error(rec)) == NULL) {
		emit_null(e);
		return;
	}
	name = qttt_code_name(d->code);
	emit_map(e);
	EMIT_KEY(e, "code");
	emit_str(e, name, strlen(name));
	EMIT_KEY(e, "line");
	emit_uint(e, d->line + 1);
	EMIT_KEY(e, "column");
	emit_uint(e, d->col + 1);
	EMIT_KEY(e, "message");
	emit_text(e, d->msg, strlen(d->msg));
	emit_map_end(e);
}

/* A state: the keys of formats/replay-output.md, in its order. */
DESCRIBE
describe(struct emit *e, const struct state_src *src)
{
	const struct replay_point *pt = src->pt;
	const struct qttt_state	 *st = pt->state;
	const struct qttt_replay *r = pt->game;
	char			  text[QTTT_STATE_MAX], *p;

	emit_map(e);
	notation_keys(e, pt);

	/* What the toolkit adds. */
	emit_part(e);
	EMIT_KEY(e, "file");
	if (src->file != NULL)
		emit_text_as(e, src->file, src->filelen, src->fileplain);
	else
		emit_null(e);
	EMIT_KEY(e, "state");
	p = emit_str_at(e, text);
	emit_str_done(e, p, p + qttt_state_format(st, p, QTTT_STATE_MAX));
	EMIT_KEY(e, "item");
	if (pt->ply > 0 && pt->ply <= r->game->nplies) {
		p = emit_str_at(e, text);
		emit_str_done(e, p, qttt__engine_action_text(p,
		    &r->game->plies[pt->ply - 1]));
	} else
		emit_null(e);
	EMIT_KEY(e, "next");
	if (!st->result.over && st->next <= QTTT_MAXMOVES)
		mark(e, st->next);
	else
		emit_null(e);
	EMIT_KEY(e, "turn");
	if (!st->result.over)
		player(e, qttt_state_turn(st));
	else
		emit_null(e);
	EMIT_KEY(e, "lines");
	lines(e, st);
	error(e, r->rec);
	if (pt->opts->whatif > 0) {
		EMIT_KEY(e, "what_if");
		if (r->changed >= 0)
			emit_uint(e, pt->opts->whatif);
		else
			emit_null(e);
	}
	if (pt->path != NULL) {
		EMIT_KEY(e, "path");
		emit_str(e, pt->path, strlen(pt->path));
	}
	emit_map_end(e);
}

/* ------------------------------------------------------------------ */
/* JSON Lines                                                           */
/* ------------------------------------------------------------------ */

struct json_states {
	struct json_sink sink;
	/* The last file name seen, and whether it needs escaping. */
	const char	*file;
	size_t		 filelen;
	int		 fileplain;
	char		 buf[64 * EMIT_PART];
};

struct json_states *
qttt__output_json_states_open(FILE *f)
{
	struct json_states *b;

	if ((b = malloc(sizeof(*b))) == NULL)
		return NULL;
	b->sink.f = f;
	b->sink.counted = 0;
	b->sink.len = 0;
	b->sink.size = sizeof(b->buf);
	b->sink.failed = 0;
	b->sink.buf = b->buf;
	b->file = NULL;
	return b;
}

int
qttt__output_json_states_put(struct json_states *b,
    const struct replay_point *pt)
{
	struct state_src src;
	struct emit	 e = emit_json(&b->sink);

	/* The file name: the same for every game of an input. */
	if (pt->game->file != b->file && (b->file = pt->game->file) != NULL) {
		b->filelen = strlen(b->file);
		b->fileplain = emit_plain(b->file, b->filelen);
	}
	src.pt = pt;
	src.file = b->file;
	src.filelen = b->filelen;
	src.fileplain = b->fileplain;
	describe(&e, &src);
	emit_json_end(&e, '\n');
	return b->sink.failed ? -1 : 0;
}

int
qttt__output_json_states_flush(struct json_states *b)
{
	if (qttt__output_json_sink_flush(&b->sink) == -1 ||
	    fflush(b->sink.f) == EOF ||
	    ferror(b->sink.f))
		b->sink.failed = 1;
	return b->sink.failed ? -1 : 0;
}

int
qttt__output_json_states_close(struct json_states *b)
{
	int	 failed;

	if (b == NULL)
		return 0;
	failed = qttt__output_json_states_flush(b);
	free(b);
	return failed;
}

/* ------------------------------------------------------------------ */
/* A YAML stream                                                        */
/* ------------------------------------------------------------------ */

/*
 * One document per state, written out as it is made.  The stream's
 * start and end write nothing (UTF-8, no block scalar, a mapping at
 * the root: nothing is left open-ended), so the documents of several
 * streams, one after another, are the documents of one stream, byte
 * for byte: qttt-replay -T yaml writes the games of each chunk of its
 * input as a stream of their own on threads (lib/notation/parallel.c).
 */
struct yaml_states {
	struct yaml_out	*y;
};

struct yaml_states *
qttt__output_yaml_states_open(FILE *f)
{
	struct yaml_states *s;

	if ((s = malloc(sizeof(*s))) == NULL)
		return NULL;
	if ((s->y = qttt__output_yaml_out_open(f, YAML_STATES)) == NULL) {
		free(s);
		return NULL;
	}
	return s;
}

int
qttt__output_yaml_states_put(struct yaml_states *s,
    const struct replay_point *pt)
{
	struct state_src src;
	struct emit	 e = emit_yaml(s->y);

	src.pt = pt;
	src.file = pt->game->file;
	src.filelen = src.file != NULL ? strlen(src.file) : 0;
	src.fileplain = 0;
	qttt__output_yaml_out_doc_start(s->y);
	describe(&e, &src);
	return qttt__output_yaml_out_doc_end(s->y);
}

int
qttt__output_yaml_states_close(struct yaml_states *s)
{
	int	 failed;

	if (s == NULL)
		return 0;
	failed = qttt__output_yaml_out_close(s->y);
	free(s);
	return failed;
}
