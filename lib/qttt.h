/*
 * libqttt: recorded games of Allan Goff's Quantum Tic-Tac-Toe.
 *
 * The one public header.  Every exported name starts with qttt_ or
 * QTTT_.  The library never prints and never exits: functions return a
 * status and, where something is wrong, fill in a struct qttt_diag.
 *
 * Squares are numbered 0..8 in reading order (a1 b1 c1 a2 b2 c2 a3 b3 c3);
 * moves are numbered 1..9 and X makes the odd ones.  Positions (line,
 * column) are stored 0-based and printed 1-based; columns count bytes.
 */
#ifndef QTTT_H
#define QTTT_H

#include <stddef.h>
#include <stdio.h>

#define QTTT_VERSION		"0.1.0"

#define QTTT_NSQUARES		9
#define QTTT_MAXMOVES		9
#define QTTT_NOSQUARE		0xff
#define QTTT_NLINES		8

enum qttt_player {
	QTTT_X = 0,
	QTTT_O = 1
};

/* The player who makes move m (1..9). */
#define QTTT_MOVER(m)		(((m) & 1) ? QTTT_X : QTTT_O)

/* ------------------------------------------------------------------ */
/* Diagnostics                                                          */
/* ------------------------------------------------------------------ */

enum qttt_severity {
	QTTT_ERROR = 0,
	QTTT_WARNING
};

/*
 * Stable diagnostic codes.  The numeric values are not part of the
 * interface; the names returned by qttt_code_name() are, and never
 * change meaning once released.  Append new codes before QTTT__NCODES.
 */
enum qttt_code {
	QTTT_OK = 0,
	/* input */
	QTTT_E_IO,		/* read error */
	QTTT_E_NUL,		/* NUL byte in a record */
	QTTT_E_UTF8,		/* invalid UTF-8 */
	QTTT_E_CONTROL,		/* control character in a record */
	QTTT_E_LONGLINE,	/* line longer than QTTT_LINE_MAX */
	QTTT_E_TOOMANY,		/* more items than any game can have */
	QTTT_E_EMPTY,		/* an input with no game in it */
	/* line notation syntax */
	QTTT_E_SYNTAX,		/* unrecognised item */
	QTTT_E_MARK,		/* malformed mark: X1..X9, O2..O8 */
	QTTT_E_SQUARE,		/* malformed square */
	QTTT_E_SEPARATOR,	/* missing ';' between items */
	QTTT_E_EMPTYITEM,	/* ';;' */
	QTTT_E_RESULTSYN,	/* malformed result */
	QTTT_E_RESULTPOS,	/* result not the last item */
	/* rules */
	QTTT_E_ORDER,		/* wrong move number or player */
	QTTT_E_CLASSICAL,	/* placement on a classical square */
	QTTT_E_SAMESQUARE,	/* both marks on one square */
	QTTT_E_FORCED,		/* the forced last move must be played */
	QTTT_E_NOTFORCED,	/* X9 s s written but the move is not forced */
	QTTT_E_DUE,		/* placement while a measurement is pending */
	QTTT_E_NOCYCLE,		/* measurement with nothing to measure */
	QTTT_E_NOTPLAYED,	/* measurement names a move not yet made */
	QTTT_E_NOTSPOOKY,	/* measurement names a classical move */
	QTTT_E_OFFCYCLE,	/* measurement names a move in another component */
	QTTT_E_STEM,		/* measurement names a stem */
	QTTT_E_NOTITSQUARE,	/* measurement names a square the move is not on */
	QTTT_E_OVER,		/* item after the end of the game */
	QTTT_E_RESULT,		/* stated result differs from the computed one */
	/* state strings (qttt_state_parse) */
	QTTT_E_STATE,		/* malformed or inconsistent state string */
	/* other record formats */
	QTTT_E_YAML,		/* YAML/JSON syntax or structure */
	QTTT_E_GOFF,		/* Goff's notation: syntax */
	QTTT_E_GOFFCHECK,	/* Goff's notation: redundant part disagrees */
	QTTT__NCODES
};

#define QTTT_MSG_MAX	192

struct qttt_diag {
	enum qttt_code		code;
	enum qttt_severity	severity;
	unsigned long		line;	/* 0-based */
	unsigned long		col;	/* 0-based, in bytes */
	char			msg[QTTT_MSG_MAX];
};

/* Stable kebab-case name of a code, e.g. "square-classical". */
const char	*qttt_code_name(enum qttt_code);
/* Severity of a code. */
enum qttt_severity qttt_code_severity(enum qttt_code);

/* ------------------------------------------------------------------ */
/* Squares, marks and results                                           */
/* ------------------------------------------------------------------ */

/* "a1".."c3" for 0..8; "??" otherwise. */
const char	*qttt_square_name(int sq);
/* Goff's number 1..9 for 0..8. */
#define QTTT_SQUARE_GOFF(sq)	((sq) + 1)

/*
 * A result, as X's and O's scores in half points.  A game that is not
 * over has over == 0 and both scores 0.
 */
struct qttt_result {
	unsigned char	over;
	unsigned char	score[2];	/* half points, [QTTT_X], [QTTT_O] */
};

/*
 * Writes the line-notation form of a result ("1-1/2", or "*" when not
 * over) into buf of size n; returns the length it needed, as snprintf.
 */
int		 qttt_result_format(const struct qttt_result *, char *buf,
		    size_t n);

/* ------------------------------------------------------------------ */
/* The rules engine (RULES.md): a game state is a plain value           */
/* ------------------------------------------------------------------ */

/*
 * A position.  Copying the struct is a snapshot; it owns no memory.
 * Treat the fields as read-only and change a state only through
 * qttt_state_apply(); qttt_state_check() tells whether a state built by
 * hand (as the state-string parser does) is one the rules can reach.
 */
struct qttt_state {
	/* Move number (1..9) of the classical mark on each square, 0 open. */
	unsigned char	board[QTTT_NSQUARES];
	/*
	 * Where each move 1..9 stands: for a spooky move, its two squares
	 * in ascending order; for a classical move, its square twice; for
	 * a move not yet made, QTTT_NOSQUARE twice.  Index 0 is unused.
	 */
	unsigned char	where[QTTT_MAXMOVES + 1][2];
	unsigned char	next;		/* number of the next move, 1..10 */
	unsigned char	pending;	/* move that closed an unmeasured cycle */
	struct qttt_result result;
};

enum qttt_action_kind {
	QTTT_PLACE = 0,		/* a move: sq[0], sq[1] (equal for forced X9) */
	QTTT_MEASURE		/* a measurement: move -> sq[0] */
};

struct qttt_action {
	unsigned char	kind;
	unsigned char	move;	/* move placed, or cycle move named */
	unsigned char	sq[2];
};

/* The empty board, X to make move 1. */
void		 qttt_state_init(struct qttt_state *);

/*
 * Applies an action.  On success returns QTTT_OK and updates the
 * state, closing cycles, collapsing and scoring as the rules say.  On
 * an illegal action returns its code, leaves the state unchanged and,
 * if d is not NULL, writes a message naming the rule into d->msg (the
 * position fields are left to the caller).
 */
enum qttt_code	 qttt_state_apply(struct qttt_state *,
		    const struct qttt_action *, struct qttt_diag *d);

/* Checks an action without applying it; as qttt_state_apply(). */
enum qttt_code	 qttt_state_legal(const struct qttt_state *,
		    const struct qttt_action *, struct qttt_diag *d);

/*
 * Every legal action of a state, into out (room for QTTT_MAXACTIONS):
 * the placements in ascending square order when a move is due (one,
 * X9 s s, when it is forced); the two canonical measurements (the
 * closing move to each of its squares) when one is pending; none when
 * the game is over.  Returns the count.
 */
#define QTTT_MAXACTIONS	36
size_t		 qttt_state_actions(const struct qttt_state *,
		    struct qttt_action *out);

/* Nonzero if the state has the forced last move to make. */
int		 qttt_state_forced(const struct qttt_state *);

/*
 * The pending cycle: its closing move, the moves on the cycle and the
 * stems (the component's other moves), each ascending, and the cycle's
 * squares.  Returns 0, or -1 if no measurement is pending.
 */
struct qttt_cycle {
	unsigned char	closing;
	unsigned char	nmoves;
	unsigned char	moves[QTTT_MAXMOVES];
	unsigned char	nstems;
	unsigned char	stems[QTTT_MAXMOVES];
	unsigned char	nsquares;
	unsigned char	squares[QTTT_NSQUARES];
};
int		 qttt_state_cycle(const struct qttt_state *,
		    struct qttt_cycle *);

/*
 * Reduces a legal measurement to its canonical form: the closing move
 * and the square it takes.  Returns QTTT_OK, or the code of why the
 * measurement is illegal (as qttt_state_legal).
 */
enum qttt_code	 qttt_state_canonical(const struct qttt_state *,
		    const struct qttt_action *in, struct qttt_action *out,
		    struct qttt_diag *d);

/* The player to act: to move, or to measure if a cycle is pending. */
enum qttt_player qttt_state_turn(const struct qttt_state *);

/*
 * The completed lines of three classical marks of one player, with
 * their times (largest subscript).  Returns the count (at most 2 for
 * X, 1 for O in any reachable state).
 */
struct qttt_line {
	unsigned char	player;
	unsigned char	time;
	unsigned char	squares[3];
};
size_t		 qttt_state_lines(const struct qttt_state *,
		    struct qttt_line out[QTTT_NLINES]);

/*
 * Checks that a state is one the rules can reach: marks of the right
 * letter, spooky moves in two open squares forming a forest (or one
 * cycle when a measurement is pending), no move after the game is
 * over, a result that matches the board.  Returns QTTT_OK or
 * QTTT_E_STATE with a message in d.
 */
enum qttt_code	 qttt_state_check(const struct qttt_state *,
		    struct qttt_diag *d);

/* Two states are the same position (every field equal). */
int		 qttt_state_equal(const struct qttt_state *,
		    const struct qttt_state *);

/* ------------------------------------------------------------------ */
/* The state string (formats/state-string.md)                           */
/* ------------------------------------------------------------------ */

/* Room for any canonical state string and its NUL. */
#define QTTT_STATE_MAX	128

/*
 * Writes the canonical state string of a state into buf of size n.
 * Returns the length it needed, as snprintf.
 */
int		 qttt_state_format(const struct qttt_state *, char *buf,
		    size_t n);

/*
 * Parses a state string of len bytes into st and checks it with
 * qttt_state_check().  Returns QTTT_OK, or QTTT_E_STATE with a message
 * and d->col set to the 0-based byte where the fault is.
 */
enum qttt_code	 qttt_state_parse(const char *s, size_t len,
		    struct qttt_state *st, struct qttt_diag *d);

/* ------------------------------------------------------------------ */
/* Games: canonical action lists                                        */
/* ------------------------------------------------------------------ */

/* 9 placements and at most 5 measurements. */
#define QTTT_MAXPLIES	14

/*
 * A game as played: its actions in canonical form (a measurement names
 * the cycle-closing move) and the state after the last one.
 */
struct qttt_game {
	size_t			nplies;
	struct qttt_action	plies[QTTT_MAXPLIES];
	struct qttt_state	state;
};

void		 qttt_game_init(struct qttt_game *);

/*
 * Applies an action (a measurement may name any cycle move), storing
 * it in canonical form.  Returns as qttt_state_apply(); on error the
 * game is unchanged.
 */
enum qttt_code	 qttt_game_play(struct qttt_game *,
		    const struct qttt_action *, struct qttt_diag *d);

/*
 * Writes the canonical line-notation record of a game into buf of size
 * n, without a newline: "X1 a1 b1; ...; 1-0".  Returns the length it
 * needed, as snprintf.  QTTT_RECORD_MAX always suffices.
 */
#define QTTT_RECORD_MAX	256
int		 qttt_game_format(const struct qttt_game *, char *buf,
		    size_t n);

/* Writes one canonical item ("X1 a1 b1", "measure X1->a1", "X9 b2"). */
int		 qttt_action_format(const struct qttt_action *, char *buf,
		    size_t n);

/* ------------------------------------------------------------------ */
/* Records: a game as read from a file, with positions                  */
/* ------------------------------------------------------------------ */

enum qttt_item_kind {
	QTTT_ITEM_ACTION = 0,	/* a placement or a measurement */
	QTTT_ITEM_RESULT	/* the stated result ("*" has over == 0) */
};

struct qttt_item {
	enum qttt_item_kind	kind;
	struct qttt_action	action;
	struct qttt_result	result;
	unsigned long		line, col;	/* where the item starts */
	unsigned long		sqcol[2];	/* where each square is */
};

/* More than any valid record holds (14 plies and a result). */
#define QTTT_MAXITEMS	24
/* Diagnostics kept per record; the rest are counted in ndropped. */
#define QTTT_MAXDIAGS	16
/* The longest line the line notation reader accepts, in bytes. */
#define QTTT_LINE_MAX	65536

enum qttt_format {
	QTTT_FORMAT_AUTO = 0,
	QTTT_FORMAT_LINE,
	QTTT_FORMAT_YAML,	/* YAML and JSON */
	QTTT_FORMAT_GOFF
};

struct qttt_record {
	unsigned long		 index;	/* 1-based number of the game */
	unsigned long		 line;	/* where the game starts */
	enum qttt_format	 format;
	/*
	 * The items read before the first syntax error: what follows an
	 * unreadable item cannot be judged by the rules.
	 */
	size_t			 nitems;
	struct qttt_item	 items[QTTT_MAXITEMS];
	/* Set when a syntax error hid part of the record. */
	int			 damaged;
	size_t			 ndiags;
	size_t			 ndropped;
	struct qttt_diag	 diags[QTTT_MAXDIAGS];
	/*
	 * The source text of the game's line (line notation), for
	 * showing diagnostics in context; valid until the next read.
	 * NULL where the format has no one line per game.
	 */
	const char		*text;
	size_t			 textlen;
};

/* Empties a record, keeping nothing. */
void		 qttt_record_clear(struct qttt_record *);

/*
 * Adds a diagnostic at a position, formatted as printf.  Beyond
 * QTTT_MAXDIAGS it is only counted.
 */
void		 qttt_record_diag(struct qttt_record *, enum qttt_code,
		    unsigned long line, unsigned long col,
		    const char *fmt, ...)
		    __attribute__((format(printf, 5, 6)));

/*
 * Parses one line of the line notation (without its newline) into rec,
 * which it clears first.  lineno is the line's 0-based number.
 * Returns 1 if the line holds a game, 0 if it is blank or a comment.
 * Syntax errors are added to rec->diags; rec->damaged is set when an
 * item could not be read.
 */
int		 qttt_line_parse(const char *s, size_t len,
		    unsigned long lineno, struct qttt_record *rec);

/*
 * Plays item i of a record on a game.  For an action: applies it,
 * adding a positioned diagnostic on error.  For a result: compares it
 * with the game's.  Returns QTTT_OK or the code of the diagnostic.
 */
enum qttt_code	 qttt_record_step(struct qttt_record *, size_t i,
		    struct qttt_game *);

/*
 * Plays a whole record from the empty board: every item up to the
 * first one that is illegal (the position after it is undefined, so
 * later items cannot be judged) or the first syntax error.  Sorts the
 * record's diagnostics by position.  Returns the number of errors the
 * record has in all (syntax and rules).
 */
size_t		 qttt_record_play(struct qttt_record *, struct qttt_game *);

/* ------------------------------------------------------------------ */
/* Readers: one game at a time from a file descriptor                   */
/* ------------------------------------------------------------------ */

struct qttt_reader;

/*
 * Opens a reader on fd, which the reader does not close.  With
 * QTTT_FORMAT_AUTO the format is detected from the first bytes.  Returns NULL if out of memory.
 */
struct qttt_reader *qttt_reader_open(int fd, enum qttt_format);

/*
 * Reads the next game into rec.  Returns 1 for a game (which may carry
 * syntax diagnostics), 0 at the end of input, -1 on a read error (with
 * a QTTT_E_IO diagnostic in rec).
 */
int		 qttt_reader_next(struct qttt_reader *, struct qttt_record *);

/* The format being read (after detection). */
enum qttt_format qttt_reader_format(const struct qttt_reader *);

/* Closes a reader; NULL is accepted. */
void		 qttt_reader_close(struct qttt_reader *);

/* ------------------------------------------------------------------ */
/* Output helpers                                                       */
/* ------------------------------------------------------------------ */

/*
 * Writes s (len bytes) as a JSON string with its quotes; bytes that
 * are not valid UTF-8 become U+FFFD.  Returns 0, or -1 if the stream
 * reported an error.
 */
int		 qttt_json_string(FILE *, const char *s, size_t len);

#endif /* !QTTT_H */
