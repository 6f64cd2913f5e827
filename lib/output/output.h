/*
 * The output layer's private declarations (output/): a state as data,
 * the listing, and the structured emitter that every writer of
 * JSON and YAML goes through; never included by cmd/.  Private
 * names start with qttt__output_.
 */
#ifndef QTTT_OUTPUT_H
#define QTTT_OUTPUT_H

#include <stdio.h>
#include <string.h>

#include "qttt.h"

/* ------------------------------------------------------------------ */
/* Replay output (replay.c, state_data.c, listing.c)                    */
/* ------------------------------------------------------------------ */

/* One state of a game being replayed. */
struct replay_point {
	const struct qttt_replay	 *game;
	const struct qttt_replay_options *opts;
	size_t				  ply;	 /* plies applied */
	const struct qttt_state		 *state; /* after them */
	const char			 *path;	 /* its path, or NULL */
};

/*
 * The first error of rec (which may be NULL), its warnings and notes
 * passed over, or NULL: the problem a replay shows (state_data.c).
 */
const struct qttt_diag *qttt__output_first_error(
	    const struct qttt_record *rec);

/*
 * The game of line v of rec (qttt_record_var_game()) in g, and in
 * *start the plies of the lines it branches from before its first
 * item.  Returns the number of the line's own items g holds: all of
 * them, or those before the first illegal one (replay.c).
 */
size_t	qttt__output_line_game(const struct qttt_record *rec, size_t v,
	    struct qttt_game *g, size_t *start);

/*
 * The position of rec at a path (qttt_record_path()): in *v its line,
 * in *upto its plies, those of the line's game, which is returned:
 * main, the game of the main line, or the variation's played into g.
 * A line with an illegal item before the position ends at its last
 * one.  NULL with d if rec has no such position (replay.c).
 */
const struct qttt_game *qttt__output_path_game(const struct qttt_record *rec,
	    const char *path, const struct qttt_game *main,
	    struct qttt_game *g, size_t *v, size_t *upto,
	    struct qttt_diag *d);

/* The plies played before the first item of line v of rec (replay.c). */
size_t	qttt__output_line_start(const struct qttt_record *rec, size_t v);

/*
 * The line that holds ply p (from 1) of the game of line v of rec, in
 * *line, and how many of its items are played there, in *n: the
 * position before a variation's first item is its parent's (replay.c).
 */
void	qttt__output_ply_line(const struct qttt_record *rec, size_t v,
	    size_t p, size_t *line, size_t *n);

/*
 * A state as data (state_data.c): the one description of its keys,
 * written as JSON Lines or as a YAML stream.
 *
 * JSON Lines: the writer keeps a buffer in front of the stream: open
 * (NULL if out of memory), put one state as a line, flush the buffer
 * and the stream, close (flushes and frees); each returns -1 once a
 * write has failed.
 *
 * YAML: open starts the stream (NULL if out of memory), put writes a
 * document, close ends the stream and frees; each returns -1 on an
 * emitter or output error.  The start and the end of a stream write
 * nothing, so streams written one after another make one.
 */
struct json_states;
struct json_states *qttt__output_json_states_open(FILE *);
int	qttt__output_json_states_put(struct json_states *,
	    const struct replay_point *);
int	qttt__output_json_states_flush(struct json_states *);
int	qttt__output_json_states_close(struct json_states *);

struct yaml_states;
struct yaml_states *qttt__output_yaml_states_open(FILE *);
int	qttt__output_yaml_states_put(struct yaml_states *,
	    const struct replay_point *);
int	qttt__output_yaml_states_close(struct yaml_states *);

/*
 * Writes the listing of a game up to ply upto (listing.c): the game
 * of line v of its record (QTTT_MAINLINE, or a variation whose rows
 * are numbered by their paths).
 */
int	qttt__output_listing_write(FILE *, const struct qttt_replay *,
	    const struct qttt_replay_options *, size_t v, size_t upto);
/*
 * Parts of the listing, for other writers (the HTML page): what ply i
 * did, as a row says it after the item (nothing for a placement that
 * is neither forced nor closes a cycle; no comment, no newline); the
 * line of the lines of st, and the line of its result.
 */
void	qttt__output_listing_note(FILE *, const struct qttt_replay *, size_t i,
	    const struct qttt_state *before, const struct qttt_state *after);
void	qttt__output_listing_lines(FILE *, const struct qttt_state *);
/*
 * The line of the result; award, if not NULL, is the record whose game
 * st ends, and its result awarded by a forfeit or an adjudication
 * (rec->awarded) is the one written where the board leaves the game
 * unfinished.
 */
void	qttt__output_listing_result(FILE *, const struct qttt_state *,
	    const struct qttt_record *award);

/* ------------------------------------------------------------------ */
/* Analysis output (analysis_write.c, analysis_data.c, analysis_text.c) */
/* ------------------------------------------------------------------ */

/*
 * One thing qttt-analyze writes (formats/analysis-output.md): what it
 * is, where it was read (game number and line, 1-based), and what
 * each kind takes of the fields below.
 */
enum analysis_kind {
	AN_PLY,			/* g, j, ply: one ply judged */
	AN_REPORT,		/* g, j: the report of a game */
	AN_GAME_SUMMARY,	/* j */
	AN_POSITION,		/* st, an */
	AN_PERFT,		/* st, depth, count, div, ndiv */
	AN_GAMES,		/* st, games */
	AN_TOTALS		/* name, totals */
};

struct analysis_item {
	enum analysis_kind		 kind;
	unsigned long			 game, line;	/* 0: read from no input */
	const struct qttt_game		*g;
	const struct qttt_judged_game	*j;
	size_t				 ply;
	const struct qttt_state		*st;
	const struct qttt_analysis	*an;
	unsigned int			 depth;
	uint64_t			 count;
	const struct qttt_divide	*div;	/* NULL: no breakdown */
	size_t				 ndiv;
	const struct qttt_games		*games;
	const char			*name;
	const struct qttt_analysis_totals *totals;
};

/*
 * A value as the result it stands for ("1-1/2"; "?" for a number that
 * is no value), at most RESULT_TEXT_MAX bytes without a NUL; returns
 * the end (analysis_data.c).
 */
char	*qttt__output_value_text(char *, unsigned int rules, int value);

struct emit;
/* An item as data, through the emitter: one JSON line, one YAML
 * document (analysis_data.c). */
void	 qttt__output_analysis_data(struct emit *,
	    const struct analysis_item *);
/* An item as text (analysis_text.c). */
void	 qttt__output_analysis_text(FILE *, const struct analysis_item *);
/*
 * The best line of a judged ply as the report writes it after "best
 * was": its first n actions (qttt_best_line() into line, room for
 * QTTT_BEST_LINE), "; " between them, "; ..." if it was cut.  Returns n.
 */
size_t	 qttt__output_best_line(FILE *, const struct qttt_judged_ply *,
	    struct qttt_action *line);

/* ------------------------------------------------------------------ */
/* The record writers, one per format (qttt_record_write)               */
/* ------------------------------------------------------------------ */

/*
 * Each writes g with ex (NULL for none; qttt_record_write() has
 * checked it) to f, as qttt_record_write() says (Goff's notation
 * leaves ex out, and writes nothing of a game with no move).  Each
 * returns 0, -1 if f reported an error (or the emitter failed), or -2
 * without writing anything if the game written would be more than the
 * reader reads back.
 */
/*
 * Whether qttt_record_write() writes a game's variations in format to
 * (the line notation, YAML and JSON), or refuses a game that has any
 * (record_write.c).
 */
int	qttt__output_holds_variations(enum qttt_format to);

int	qttt__output_yaml_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);
int	qttt__output_json_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);
int	qttt__output_line_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);
/*
 * The extras the writers write of a game (record_write.c): ex, but
 * with its "rules" entry the game's profile (g->state.rules) in its
 * canonical name (qttt_rules_format), or such an entry first when the
 * game is not played by Goff's rules and ex has none; ex itself (which
 * may be NULL) when neither is needed, as for every game of Goff's
 * rules without a rules entry.  The copy is made in *buf.
 */
struct rules_extras {
	struct qttt_extras	 ex;
	struct qttt_meta	 meta[QTTT_MAXMETA + 1];
	char			 name[QTTT_RULES_NAME_MAX];
};
const struct qttt_extras *qttt__output_rules_extras(const struct qttt_game *,
	    const struct qttt_extras *, struct rules_extras *buf);
int	qttt__output_goff_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);
/*
 * The actions of the items of ex's variations in canonical form, as
 * g's plies are (g is the main line's game): each played from where
 * its variation branches, into acts at its index in ex->varitems; an
 * item that cannot be played there, and those after it in its
 * variation, as written (record_write.c).  acts holds
 * QTTT_MAXVARITEMS, as many as a record has.
 */
void	qttt__output_var_actions(const struct qttt_game *g,
	    const struct qttt_extras *ex, struct qttt_action *acts);

/* The action of item i of variation j to write, from acts as above. */
static inline const struct qttt_action *
qttt__output_var_action(const struct qttt_extras *ex,
    const struct qttt_action *acts, size_t j, size_t i)
{
	size_t	 k = ex->vars[j].first + i;

	return k < QTTT_MAXVARITEMS ? &acts[k] : &ex->varitems[k].action;
}

/*
 * The result a writer writes of g: the board's, or where the board
 * leaves the game unfinished, the one ex awards (NULL: none).
 */
const struct qttt_result *qttt__output_result(const struct qttt_game *,
	    const struct qttt_extras *);

/* ------------------------------------------------------------------ */
/* The structured emitter (emit_json.c, emit_yaml.c)                   */
/* ------------------------------------------------------------------ */

/*
 * The structured emitter of the output layer: values (mappings,
 * sequences, keys, strings, numbers, null) written through one of two
 * back ends, so that one description of a thing as data (a state:
 * state_data.c; a record: record_write.c) gives both JSON and YAML.
 *
 *	JSON	a byte buffer in front of a stream (emit_json.c): compact JSON,
 *		no printf, the bytes built in place.  Its calls are
 *		inline: a description written against an emitter whose
 *		y is NULL compiles to the plain byte writer it replaces.
 *	YAML	libyaml's emitter, one event per call (emit_yaml.c,
 *		which is the one file of the output layer that includes
 *		yaml.h).
 *
 * An emitter is a small cursor (struct emit) that a writer keeps in a
 * local variable for the time of one document, and gives back to its
 * sink at the end (emit_json_end).  Private to lib/output/.
 */

#include <stdio.h>
#include <string.h>

/*
 * JSON: the longest bounded part of a document.  A description calls
 * emit_part() before each part of at most EMIT_PART bytes (strings
 * of any length excepted: emit_text and emit_value look after
 * themselves); in YAML it does nothing.
 */
#define EMIT_PART	1024

/* Every call is inlined, so that a JSON emitter lives in registers. */
#define EMIT_INLINE	static inline __attribute__((always_inline))

/* The JSON back end's buffer in front of a stream. */
struct json_sink {
	FILE		*f;		/* NULL: bytes only counted */
	size_t		 counted;	/* bytes written (counted) */
	size_t		 len;		/* bytes in buf */
	size_t		 size;		/* of buf, 2 * EMIT_PART or more */
	int		 failed;
	char		*buf;
};

/* The YAML back end: a libyaml emitter on a stream (emit_yaml.c). */
struct yaml_out;

struct emit {
	struct yaml_out	*y;		/* YAML, or NULL for JSON */
	struct json_sink *js;		/* JSON: the sink */
	char		*p;		/* JSON: the next byte in js->buf */
};

/*
 * What a YAML scalar is, for the back end's choice of style
 * (emit_yaml.c):
 *	Y_KEY, Y_STR	a key, a token of the notation: text that needs
 *			no escapes;
 *	Y_TEXT		any text (a file name, a message, a comment);
 *	Y_LIT		a number, true, false or null, written plain;
 *	Y_PLAIN, Y_QUOTED  a value of a record, written plain or
 *			quoted where it was read;
 *	Y_KEYTEXT	a key of a record's metadata or notes: as
 *			Y_QUOTED, and quoted where a line that starts
 *			with it would be a record of another notation.
 */
enum yaml_kind {
	Y_KEY,
	Y_STR,
	Y_TEXT,
	Y_LIT,
	Y_PLAIN,
	Y_QUOTED,
	Y_KEYTEXT
};

/*
 * The YAML back end (emit_yaml.c).  The style of a stream:
 * YAML_STATES lists in flow style and strings quoted only when a
 * reader would take them for something else (formats/replay-output.md);
 * YAML_RECORDS lists in block style and the style of the record
 * writer (formats/yaml-record.md, section 7).  open starts the stream
 * (NULL if out of memory), close ends it and frees; doc_start and
 * doc_end frame a document ("---"), doc_end writes it out.  Each
 * returns -1 once the emitter or the stream has failed.
 */
enum yaml_style {
	YAML_STATES,
	YAML_RECORDS
};
/*
 * On a NULL stream, the bytes are only counted
 * (qttt__output_yaml_out_counted).
 */
struct yaml_out *qttt__output_yaml_out_open(FILE *, enum yaml_style);
int	qttt__output_yaml_out_close(struct yaml_out *);
size_t	qttt__output_yaml_out_counted(const struct yaml_out *);
void	qttt__output_yaml_out_doc_start(struct yaml_out *);
int	qttt__output_yaml_out_doc_end(struct yaml_out *);
void	qttt__output_yaml_out_map(struct yaml_out *);
void	qttt__output_yaml_out_map_flow(struct yaml_out *);
void	qttt__output_yaml_out_seq(struct yaml_out *, int flow);
void	qttt__output_yaml_out_end(struct yaml_out *, int map);
void	qttt__output_yaml_out_scalar(struct yaml_out *, const char *, size_t,
	    enum yaml_kind);

/*
 * The JSON back end's out-of-line parts (emit_json.c), which take and
 * return the emitter's next byte p rather than the emitter, so that
 * it stays in registers: a number in decimal, and the digits of 0 to
 * 99 in pairs; writing out the sink but its last byte, which the next
 * emit_end may look at; writing it all out (-1 once a write has
 * failed); a string that needs escapes, or a literal longer than a
 * part, straight to the stream; and whether n bytes are a JSON number,
 * true, false or null.
 */
extern const char qttt__output_emit_pairs[200];
char	*qttt__output_emit_uint_text(char *, unsigned long);
char	*qttt__output_emit_spill(struct json_sink *, char *p);
int	 qttt__output_json_sink_flush(struct json_sink *);
char	*qttt__output_emit_escaped(struct json_sink *, char *p, const char *,
	    size_t);
char	*qttt__output_emit_raw(struct json_sink *, char *p, const char *,
	    size_t);
int	 qttt__output_json_literal(const char *, size_t);

/* An emitter on a sink, and its bytes given back at the end. */
EMIT_INLINE struct emit
emit_json(struct json_sink *js)
{
	struct emit e = { NULL, js, js->buf + js->len };

	return e;
}

EMIT_INLINE struct emit
emit_yaml(struct yaml_out *y)
{
	struct emit e = { y, NULL, NULL };

	return e;
}

/* JSON: every value is followed by ','; the end of its parent or of
 * the document takes the last one back. */
EMIT_INLINE void
emit_json_end(struct emit *e, char last)
{
	e->p[-1] = last;
	e->js->len = e->p - e->js->buf;
}

EMIT_INLINE void
emit_part(struct emit *e)
{
	if (e->y == NULL && e->p + EMIT_PART > e->js->buf + e->js->size)
		e->p = qttt__output_emit_spill(e->js, e->p);
}

EMIT_INLINE void
emit_map(struct emit *e)
{
	if (e->y != NULL)
		qttt__output_yaml_out_map(e->y);
	else
		*e->p++ = '{';
}

/* A mapping that YAML writes in flow style wherever it stands. */
EMIT_INLINE void
emit_map_flow(struct emit *e)
{
	if (e->y != NULL)
		qttt__output_yaml_out_map_flow(e->y);
	else
		*e->p++ = '{';
}

EMIT_INLINE void
emit_seq(struct emit *e, int flow)
{
	if (e->y != NULL)
		qttt__output_yaml_out_seq(e->y, flow);
	else
		*e->p++ = '[';
}

EMIT_INLINE void
emit_end_json(struct emit *e, char c)
{
	if (e->p[-1] == ',')
		e->p[-1] = c;
	else
		*e->p++ = c;
	*e->p++ = ',';
}

EMIT_INLINE void
emit_map_end(struct emit *e)
{
	if (e->y != NULL)
		qttt__output_yaml_out_end(e->y, 1);
	else
		emit_end_json(e, '}');
}

EMIT_INLINE void
emit_seq_end(struct emit *e)
{
	if (e->y != NULL)
		qttt__output_yaml_out_end(e->y, 0);
	else
		emit_end_json(e, ']');
}

/* A key of n bytes that needs no escapes. */
EMIT_INLINE void
emit_key(struct emit *e, const char *s, size_t n)
{
	if (e->y != NULL) {
		qttt__output_yaml_out_scalar(e->y, s, n, Y_KEY);
		return;
	}
	*e->p = '"';
	memcpy(e->p + 1, s, n);
	e->p[n + 1] = '"';
	e->p[n + 2] = ':';
	e->p += n + 3;
}

/* A key that is a string literal. */
#define EMIT_KEY(e, lit)	emit_key((e), (lit), sizeof(lit) - 1)

/* A string of n bytes that needs no escapes (and fits a part). */
EMIT_INLINE void
emit_str(struct emit *e, const char *s, size_t n)
{
	if (e->y != NULL) {
		qttt__output_yaml_out_scalar(e->y, s, n, Y_STR);
		return;
	}
	*e->p = '"';
	memcpy(e->p + 1, s, n);
	e->p[n + 1] = '"';
	e->p[n + 2] = ',';
	e->p += n + 3;
}

/*
 * A string that needs no escapes, written in place: emit_str_at()
 * gives where to write it (in JSON, the emitter's buffer; in YAML,
 * buf, of the string's size at most), emit_str_done() takes its end.
 */
EMIT_INLINE char *
emit_str_at(struct emit *e, char *buf)
{
	if (e->y != NULL)
		return buf;
	*e->p = '"';
	return e->p + 1;
}

EMIT_INLINE void
emit_str_done(struct emit *e, char *start, char *end)
{
	if (e->y != NULL) {
		qttt__output_yaml_out_scalar(e->y, start, end - start, Y_STR);
		return;
	}
	end[0] = '"';
	end[1] = ',';
	e->p = end + 2;
}

/* A number, true, false or null: n bytes written as they are. */
EMIT_INLINE void
emit_lit(struct emit *e, const char *s, size_t n)
{
	if (e->y != NULL) {
		qttt__output_yaml_out_scalar(e->y, s, n, Y_LIT);
		return;
	}
	memcpy(e->p, s, n);
	e->p[n] = ',';
	e->p += n + 1;
}

#define EMIT_LIT(e, lit)	emit_lit((e), (lit), sizeof(lit) - 1)

EMIT_INLINE void
emit_null(struct emit *e)
{
	EMIT_LIT(e, "null");
}

EMIT_INLINE void
emit_uint(struct emit *e, unsigned long n)
{
	char	 b[24];

	if (e->y != NULL) {
		qttt__output_yaml_out_scalar(e->y, b,
		    qttt__output_emit_uint_text(b, n) - b,
		    Y_LIT);
		return;
	}
	if (n >= 100)
		e->p = qttt__output_emit_uint_text(e->p, n);
	else if (n >= 10) {
		e->p[0] = qttt__output_emit_pairs[2 * n];
		e->p[1] = qttt__output_emit_pairs[2 * n + 1];
		e->p += 2;
	} else
		*e->p++ = '0' + n;
	*e->p++ = ',';
}

/* Whether n bytes go between JSON quotes as they are, in a part. */
EMIT_INLINE int
emit_plain(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e ||
		    s[i] == '"' || s[i] == '\\')
			return 0;
	return n + 3 <= EMIT_PART;
}

/*
 * Any text, escaped as JSON needs (isplain: emit_plain() of it, when
 * the caller knows it already).
 */
EMIT_INLINE void
emit_text_as(struct emit *e, const char *s, size_t n, int isplain)
{
	if (e->y != NULL)
		qttt__output_yaml_out_scalar(e->y, s, n, Y_TEXT);
	else if (isplain) {
		emit_part(e);
		emit_str(e, s, n);
		emit_part(e);
	} else
		e->p = qttt__output_emit_escaped(e->js, e->p, s, n);
}

EMIT_INLINE void
emit_text(struct emit *e, const char *s, size_t n)
{
	emit_text_as(e, s, n, e->y == NULL && emit_plain(s, n));
}

/* Any key. */
EMIT_INLINE void
emit_key_text(struct emit *e, const char *s, size_t n)
{
	/* Quoted if a reader would take it for a number, null, ... */
	if (e->y != NULL) {
		qttt__output_yaml_out_scalar(e->y, s, n, Y_KEYTEXT);
		return;
	}
	emit_text(e, s, n);
	e->p[-1] = ':';
}

/*
 * Whether a table of results has a row for result i, of which n games
 * ended: rule 11's seven always, the rest (1/2-1/2, which only some
 * rule profiles give) when some game did.  The games below a position
 * have the rows of its profile's results (analysis_data.c).
 */
#define RESULT_SHOWN(i, n)	((i) < QTTT_NRESULTS_GOFF || (n) != 0)
int	 qttt__output_profile_result(unsigned int rules, int i);

#endif /* !QTTT_OUTPUT_H */
