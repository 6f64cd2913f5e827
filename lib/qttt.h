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
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif
/* What is declared here is the library's interface: it alone is exported. */
#ifdef __GNUC__
#pragma GCC visibility push(default)
#endif

/* Checks the arguments of a function that formats as printf(3) does. */
#ifdef __GNUC__
#define QTTT_PRINTF(fmt, args)	__attribute__((format(printf, fmt, args)))
#else
#define QTTT_PRINTF(fmt, args)
#endif

/*
 * The version of this header; qttt_version() returns the library's.
 * Within one major version the ABI only grows (man/libqttt.3).
 */
#define QTTT_VERSION		"0.2.0"
#define QTTT_VERSION_MAJOR	0
#define QTTT_VERSION_MINOR	2
#define QTTT_VERSION_PATCH	0

/* The version of the library linked, equal to its QTTT_VERSION. */
const char	*qttt_version(void);

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
/* The letter of a player, and of the player who makes move m. */
#define QTTT_PLAYER_LETTER(p)	((p) == QTTT_X ? 'X' : 'O')
#define QTTT_LETTER(m)		QTTT_PLAYER_LETTER(QTTT_MOVER(m))

/* ================================================================== */
/* text: text helpers                                                 */
/* ================================================================== */

/* UTF-8 (utf8.c): for showing source lines safely. */

/*
 * Length of the valid UTF-8 sequence of a non-ASCII character at s (n
 * bytes available, n > 0), or 0 if it is not valid: overlong forms,
 * surrogates and code points beyond U+10FFFF are refused.
 */
size_t		 qttt_utf8_len(const unsigned char *s, size_t n);

/*
 * JSON strings (json.c).  Writes s (len bytes) as a JSON string with
 * its quotes; bytes that are not valid UTF-8 become U+FFFD.  Returns
 * 0, or -1 if the stream reported an error.
 */
int		 qttt_json_string(FILE *, const char *s, size_t len);

/* ================================================================== */
/* engine: the rules                                                  */
/* ================================================================== */

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
	QTTT_E_OFFCYCLE,	/* measurement names a move in another part */
	QTTT_E_STEM,		/* measurement names a stem */
	QTTT_E_NOTITSQUARE,	/* measurement names a square not the move's */
	QTTT_E_OVER,		/* item after the end of the game */
	QTTT_E_RESULT,		/* stated result is not the computed one */
	/* states (qttt_state_parse, qttt_state_check) */
	QTTT_E_STATE,		/* malformed or inconsistent state */
	/* other record formats */
	QTTT_E_YAML,		/* YAML/JSON syntax or structure */
	QTTT_E_GOFF,		/* Goff's notation: syntax */
	QTTT_E_GOFFCHECK,	/* Goff's notation: redundant part disagrees */
	/* warnings: the record is valid, but likely not what was meant */
	QTTT_W_KEYCASE,		/* a YAML key that is a known one miscased */
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

/* Two results are the same: both not over, or over with equal scores. */
int		 qttt_result_equal(const struct qttt_result *,
		    const struct qttt_result *);

/*
 * The seven results of rule 11, numbered in this order: 1-0, 0-1,
 * 1-1/2, 1/2-1, 3/2-0, 2-0, 0-0.  qttt_result_index() gives the number
 * of a result (-1 for a game not over); qttt_result_nth() the result of
 * a number (not over if it is out of range).
 */
#define QTTT_NRESULTS	7
int		 qttt_result_index(const struct qttt_result *);
void		 qttt_result_nth(int i, struct qttt_result *);

/* ------------------------------------------------------------------ */
/* The rules engine (formats/rules.md): a game state is a plain value  */
/* ------------------------------------------------------------------ */

/*
 * The rules a state is played by.  Goff's (formats/rules.md) are the
 * only ones today, and they are 0, so that a state that is zeroed or
 * set up by qttt_state_init() is played by them.
 */
enum qttt_rules {
	QTTT_RULES_GOFF = 0
};

/*
 * A position, and nothing else: what the rules need to go on from it.
 * Copying the struct is a snapshot; it owns no memory, and every byte
 * of it is a field (no padding, no cache), so a copy is cheap and two
 * states are equal when their bytes are.  Treat the fields as
 * read-only and change a state only through qttt_state_apply(), which
 * is right for any state however it was made; qttt_state_check() tells
 * whether a state built by hand (as the state-string parser does) is
 * one the rules can reach.
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
	/* The move that closed a cycle not yet measured, or 0. */
	unsigned char	pending;
	struct qttt_result result;
	unsigned char	rules;		/* enum qttt_rules */
};

/* sizeof(struct qttt_state), checked where the engine is built. */
#define QTTT_STATE_SIZE	35

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
 * position fields are left to the caller).  A state whose rules are
 * none of enum qttt_rules is refused with QTTT_E_STATE.
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
enum qttt_code	 qttt_action_canonical(const struct qttt_state *,
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

/* Two states are the same position (every field equal, rules too). */
int		 qttt_state_equal(const struct qttt_state *,
		    const struct qttt_state *);

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
 * n, without a newline: "X1 a1 b1; ...; 1-0", or "*" for a game with
 * no move yet.  Returns the length it needed, as snprintf.
 * QTTT_RECORD_MAX always suffices.
 */
#define QTTT_RECORD_MAX	256
int		 qttt_game_format(const struct qttt_game *, char *buf,
		    size_t n);

/* Writes one canonical item ("X1 a1 b1", "measure X1->a1", "X9 b2"). */
int		 qttt_action_format(const struct qttt_action *, char *buf,
		    size_t n);

/*
 * Two actions are the same: one kind, one move, the same squares (a
 * measurement's one).  Measurements of one cycle that name different
 * moves differ: compare canonical forms (qttt_action_canonical).
 */
int		 qttt_action_equal(const struct qttt_action *,
		    const struct qttt_action *);

/*
 * The state after the first ply plies of g, replayed from the empty
 * board into st; g->state if ply is g->nplies or more.  So a game
 * played from a position (a record with a start) is that position at
 * every ply, ply 0 included.
 */
void		 qttt_game_state_at(const struct qttt_game *, size_t ply,
		    struct qttt_state *st);

/*
 * What-if: gives the n-th measurement (1-based) of g its other
 * outcome, the cycle-closing move going to its other square.  The
 * plies after it are dropped, since the players' later moves answered
 * a position that no longer arises, and g->state is recomputed; but
 * the forced X9, which involves no choice, is played if it is due.
 * Returns the index in g->plies of the changed measurement, or -1 if g
 * has fewer than n measurements (g is then unchanged).
 */
long		 qttt_game_whatif(struct qttt_game *g, unsigned int n);

/*
 * The action that leads from state a to state b, when b follows a by
 * one legal action: a placement, the forced last move or a measurement
 * (in canonical form).  Returns 0 and fills in *out, or -1 if b does
 * not follow a.
 */
int		 qttt_action_between(const struct qttt_state *a,
		    const struct qttt_state *b, struct qttt_action *out);

/* ------------------------------------------------------------------ */
/* The eight symmetries of the board (symmetry.c; formats/symmetry.md)  */
/* ------------------------------------------------------------------ */

/*
 * The rotations and reflections of the square, by their stable numbers
 * 0..7.  A symmetry moves the marks: qttt_sym_square(g, s) is the
 * square that what stands on s goes to.  The rules treat every square
 * alike, so the image of a legal game is a legal game with the same
 * result.  A number outside 0..7 is taken for the identity.
 */
enum qttt_sym {
	QTTT_SYM_IDENTITY = 0,
	QTTT_SYM_ROT90,		/* a quarter turn clockwise: a1 to c1 */
	QTTT_SYM_ROT180,	/* a1 to c3 */
	QTTT_SYM_ROT270,	/* a quarter turn anticlockwise: a1 to a3 */
	QTTT_SYM_FLIP_H,	/* mirror left to right: a1 and c1 swap */
	QTTT_SYM_FLIP_V,	/* mirror top to bottom: a1 and a3 swap */
	QTTT_SYM_DIAG,		/* about a1-b2-c3: c1 and a3 swap */
	QTTT_SYM_ANTIDIAG	/* about c1-b2-a3: a1 and c3 swap */
};
#define QTTT_NSYMS		8

/* "identity", "rotate-90", ..., "flip-antidiagonal"; "??" otherwise. */
const char	*qttt_sym_name(enum qttt_sym);

/* The symmetry a after b: a applied to what b gave.  Its inverse. */
enum qttt_sym	 qttt_sym_compose(enum qttt_sym a, enum qttt_sym b);
enum qttt_sym	 qttt_sym_inverse(enum qttt_sym);

/* The image of square sq (0..8); any other number is returned as is. */
int		 qttt_sym_square(enum qttt_sym, int sq);

/*
 * The images of an action (a placement's two squares put back in
 * reading order; a measurement's square), of a state (board and
 * where[], each spooky move's squares ascending; next, pending and
 * result unchanged) and of a game (every ply and the final state).
 * Numbers that are not squares (QTTT_NOSQUARE) stay as they are.  out
 * may be in.
 */
void		 qttt_sym_action(enum qttt_sym,
		    const struct qttt_action *in, struct qttt_action *out);
void		 qttt_sym_state(enum qttt_sym, const struct qttt_state *in,
		    struct qttt_state *out);
void		 qttt_sym_game(enum qttt_sym, const struct qttt_game *in,
		    struct qttt_game *out);

/*
 * The key of a position: 64 bits that tell apart any two states that
 * pass qttt_state_check() (equal keys, equal states: see
 * formats/symmetry.md).  Move 1's squares are in the top 7 bits, then
 * move 2's, down to move 9's; the lowest bit is set while a
 * measurement is pending.  A move's 7 bits are 0 if it has not been
 * made, else 1 + 9 * its lower square + its higher (classical: the
 * same square twice).  The board, next and the result follow from
 * these, so they are not in the key.
 */
uint64_t	 qttt_state_key(const struct qttt_state *);

/*
 * The canonical form of a state under the symmetries: of its 8 images,
 * the one with the least key.  Two states that pass qttt_state_check()
 * are images of each other if and only if their canonical forms (or
 * their symkeys) are equal.  qttt_state_symcanon() returns the
 * symmetry that takes the state to its canonical form (the lowest
 * number if several do) and writes that form into out unless out is
 * NULL; qttt_state_symkey() returns the canonical form's key and
 * stores the symmetry in *g unless g is NULL.  Neither formats text
 * nor builds the 8 images.
 */
enum qttt_sym	 qttt_state_symcanon(const struct qttt_state *,
		    struct qttt_state *out);
uint64_t	 qttt_state_symkey(const struct qttt_state *,
		    enum qttt_sym *g);

/*
 * The canonical form of a game under the symmetries: of the 8 images
 * of its plies, the least, the plies compared in order and the first
 * that differs deciding (a placement by its first square in reading
 * order, then its second; a measurement by its square).  Returns the
 * symmetry that gives it (the lowest number if several do) and writes
 * the image into out unless out is NULL (out may be in).  Two games
 * are images of each other if and only if their canonical forms are
 * the same.
 */
enum qttt_sym	 qttt_game_symcanon(const struct qttt_game *,
		    struct qttt_game *out);

/* ================================================================== */
/* analysis: games played and searched                                */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Random games (generate.c)                                            */
/* ------------------------------------------------------------------ */

/*
 * A seeded generator of random legal games, for tests and benchmarks.
 * It has its own pseudo-random numbers (xoshiro256**, seeded through
 * splitmix64), so a seed and flags give the same games, byte for byte,
 * on every machine.  Every legal action is equally likely at each step
 * (qttt_state_actions() order); the measurer picks either outcome with
 * even odds, which yields every result (qttt-generate(1) gives their
 * shares).
 *
 * The struct is a plain value: copy it to fork a stream.
 */
struct qttt_generator {
	uint64_t	 s[4];		/* xoshiro256** state: the moves */
	uint64_t	 cut;		/* splitmix64 state: where to stop */
	unsigned int	 flags;
};

/*
 * With QTTT_GEN_UNFINISHED, half of the games (at random) stop after a
 * number of plies drawn evenly from 1 to one less than the finished
 * game has, so they have no result; a game may stop right after a
 * cycle-closing move, with its measurement pending.  Without it, every
 * game is played to its end.  Where to stop comes from a stream of its
 * own, so game i with the flag is a prefix of game i without it.
 */
#define QTTT_GEN_UNFINISHED	0x1

/* Seeds a generator; any seed, 0 included, is good. */
void		 qttt_generator_init(struct qttt_generator *, uint64_t seed,
		    unsigned int flags);

/* Plays the next random game into g, which it initialises first. */
void		 qttt_generator_game(struct qttt_generator *,
		    struct qttt_game *g);

/* The next number of the stream, uniform in 0..n-1 (n > 0; 0 if n is 0). */
uint64_t	 qttt_generator_uniform(struct qttt_generator *, uint64_t n);

/* ------------------------------------------------------------------ */
/* Features of a game (features.c): what collections are searched by   */
/* ------------------------------------------------------------------ */

/*
 * The classes of a first move under the symmetries: the 36 pairs of
 * squares fall into 8, each named by its least image (formats/
 * symmetry.md orders squares in reading order).
 */
enum qttt_opening {
	QTTT_OPEN_SIDE = 0,	/* a1 b1: a corner and an edge beside it */
	QTTT_OPEN_CORNERS,	/* a1 c1: two corners on one side */
	QTTT_OPEN_KNIGHT,	/* a1 c2: a corner and a far edge */
	QTTT_OPEN_CORNER_CENTRE, /* a1 b2 */
	QTTT_OPEN_DIAGONAL,	/* a1 c3: opposite corners */
	QTTT_OPEN_EDGES,	/* b1 a2: two edges beside each other */
	QTTT_OPEN_EDGE_CENTRE,	/* b1 b2 */
	QTTT_OPEN_OPPOSITE,	/* b1 b3: opposite edges */
	QTTT_NOPENINGS
};

/*
 * What happened in a game, as its plies and final state tell.
 *
 *	moves		moves made (placements, the forced X9 included)
 *	plies		moves and measurements
 *	measurements	measurements made
 *	ncycles		cycles closed, and cycle[] their lengths in
 *			squares in the order they closed (a cycle closed
 *			by the last move of an unfinished game counts)
 *	twocycles	cycles of 2 squares among them
 *	forced		1 if the forced X9 was played (rule 3)
 *	simultaneous	1 if a collapse completed a line of each player
 *	doubleline	1 if X completed two lines (rule 11)
 *	result		the game's result (over == 0 if unfinished)
 *	winner		QTTT_X or QTTT_O, the player with more points;
 *			-1 for a draw or a game not over
 *	opening		the class of move 1 (enum qttt_opening), or
 *			QTTT_NOPENINGS if there is no move 1
 *	first[2]	move 1's squares in the class's orientation
 *			(the least image), QTTT_NOSQUARE without one
 *
 * A game played from a position (a record with a start) has no plies:
 * only what its final state shows is filled in (moves, lines, result,
 * winner; a classical X9 there may have been forced or measured).
 * Which square a measurement named is the record's (its items), not
 * the game's, which keeps the canonical form.
 */
struct qttt_features {
	unsigned char	moves;
	unsigned char	plies;
	unsigned char	measurements;
	unsigned char	ncycles;
	unsigned char	cycle[QTTT_MAXMOVES];
	unsigned char	twocycles;
	unsigned char	forced;
	unsigned char	simultaneous;
	unsigned char	doubleline;
	struct qttt_result result;
	signed char	winner;
	unsigned char	opening;
	unsigned char	first[2];
};

/* Fills f from a game played by the rules (as qttt_record_play left it). */
void		 qttt_game_features(const struct qttt_game *,
		    struct qttt_features *f);

/* The class of a first move on squares a and b (a != b, both 0..8). */
enum qttt_opening qttt_opening_class(int a, int b);

/* "side", "corners", ..., "opposite"; "??" otherwise. */
const char	*qttt_opening_name(enum qttt_opening);

/* ------------------------------------------------------------------ */
/* Perfect play (solve.c)                                               */
/* ------------------------------------------------------------------ */

/*
 * The value of a position: X's score minus O's, in half points, when
 * X plays to make it as large as it can be and O as small (rule 11).
 * Each value is one result: 4 is 2-0, 3 is 3/2-0, 2 is 1-0, 1 is
 * 1-1/2, 0 is 0-0, -1 is 1/2-1, -2 is 0-1.  The empty board is worth
 * 1: X wins 1-1/2.
 */
#define QTTT_VALUE_MIN		(-2)
#define QTTT_VALUE_MAX		4

/*
 * The result a value stands for, to be written with
 * qttt_result_format().  Returns 0, or -1 (r unchanged) for a number
 * that is no value.
 */
int		 qttt_solver_result(int value, struct qttt_result *r);

/*
 * A solver: a search and its table of positions already searched,
 * which makes later queries on related positions fast.  Values are
 * exact whatever the table's size or history (the table holds exact
 * bounds of whole positions, never guesses): the same state always
 * gets the same answer, in the same order, on any thread.  A solver
 * is used by one thread at a time; the library keeps no other state,
 * so threads with a solver each need no locking.
 */
struct qttt_solver;

/*
 * A new solver whose table takes at most table_bytes of memory (less
 * than 64 bytes: no table, which is correct but slow); the solver
 * itself takes about 3 KiB more.  QTTT_SOLVER_TABLE is a good size:
 * most of a game's positions then stay in it.  Returns NULL if out of
 * memory.  The caller owns the solver; qttt_solver_free() frees it and
 * its table, and accepts NULL.
 */
#define QTTT_SOLVER_TABLE	(64UL * 1024 * 1024)
struct qttt_solver *qttt_solver_new(size_t table_bytes);
void		 qttt_solver_free(struct qttt_solver *);

/* Empties the table, as for a solver just made. */
void		 qttt_solver_clear(struct qttt_solver *);

/* The positions searched since the solver was made or cleared. */
unsigned long long qttt_solver_nodes(const struct qttt_solver *);

/*
 * The value of st into *value.  st may be any state the rules can
 * reach: a move to make (the forced X9 among them), a measurement
 * pending (the measurer picks the outcome, then moves), or a game over
 * (the value of its result).  Returns QTTT_OK, or QTTT_E_STATE with a
 * message in d (which may be NULL) if st fails qttt_state_check().
 */
enum qttt_code	 qttt_solver_value(struct qttt_solver *,
		    const struct qttt_state *st, int *value,
		    struct qttt_diag *d);

/*
 * What perfect play makes of a position, as qttt_solver_analyze()
 * fills it in; a plain value the caller owns.  The actions are those of
 * qttt_state_actions(), in its order, each with the value of the state
 * it leads to; best lists, in the same order, the indices of the
 * actions that keep the position's value (none when the game is over).
 * The principal variation plays from the position to the end of the
 * game, taking at each step the first action that keeps the value.
 */
struct qttt_analysis {
	int			 value;
	size_t			 nactions;
	struct qttt_action	 actions[QTTT_MAXACTIONS];
	signed char		 values[QTTT_MAXACTIONS];
	size_t			 nbest;
	unsigned char		 best[QTTT_MAXACTIONS];
	size_t			 npv;
	struct qttt_action	 pv[QTTT_MAXPLIES];
};

/*
 * Analyses st (as qttt_solver_value accepts it) into *an: the value,
 * the actions with theirs and the best actions, and with QTTT_SOLVE_PV
 * the principal variation too (npv is 0 without it).  With
 * QTTT_SOLVE_BEST only the best actions get their values, the others
 * QTTT_NOVALUE: that is what a player (or a judge of moves, which
 * asks qttt_solver_value() for the move played) needs, and it takes
 * less search.  Returns QTTT_OK, or QTTT_E_STATE with a message in d;
 * *an is then unchanged.
 */
#define QTTT_SOLVE_PV	0x1
#define QTTT_SOLVE_BEST	0x2
#define QTTT_NOVALUE	(QTTT_VALUE_MIN - 1)
enum qttt_code	 qttt_solver_analyze(struct qttt_solver *,
		    const struct qttt_state *st, unsigned int flags,
		    struct qttt_analysis *an, struct qttt_diag *d);

/*
 * Whether the solver looks up the values of the earliest positions in
 * the library's book of them (on in a new solver) or searches them as
 * it does the others, as the program that writes the book does.  The
 * values are the same either way; the book saves time.
 */
void		 qttt_solver_use_book(struct qttt_solver *, int use);

/* ------------------------------------------------------------------ */
/* Judging moves by perfect play (annotate.c)                          */
/* ------------------------------------------------------------------ */

/*
 * The mark of a ply: none when the action played kept the value; a
 * mistake ("?") when it lost some; a blunder ("??") when it lost a
 * whole point or more, or turned the mover's win into a draw or a
 * loss, or a draw into a loss.
 */
enum qttt_mark {
	QTTT_MARK_NONE = 0,
	QTTT_MARK_MISTAKE,
	QTTT_MARK_BLUNDER
};

/* "", "?" and "??"; "" for a number that is no mark. */
const char	*qttt_mark_glyph(enum qttt_mark);

/*
 * The rules of the marks, on values (QTTT_VALUE_MIN..QTTT_VALUE_MAX):
 * the half points the mover lost from the value before a ply to the
 * value after it (before minus after for X, after minus before for O;
 * 0 if the mover gained), and the mark of that change.
 */
int		 qttt_value_loss(enum qttt_player mover, int before,
		    int after);
enum qttt_mark	 qttt_mark_of(enum qttt_player mover, int before,
		    int after);

/*
 * One ply judged: who acted, the value before it and after the action
 * played, the mover's loss in half points and its mark, and the
 * analysis of the position before it (QTTT_SOLVE_PV | QTTT_SOLVE_BEST:
 * its best actions and principal variation; the other actions have
 * no value).
 */
struct qttt_judged_ply {
	enum qttt_player	 mover;
	int			 before;
	int			 after;
	int			 loss;
	enum qttt_mark		 mark;
	struct qttt_analysis	 an;
};

/* The mistakes and blunders of each player ([QTTT_X], [QTTT_O]). */
struct qttt_mark_counts {
	unsigned long	 mistakes[2];
	unsigned long	 blunders[2];
};

/* Adds the counts c to *to, as over the games of a collection. */
void		 qttt_mark_counts_add(struct qttt_mark_counts *to,
		    const struct qttt_mark_counts *c);

/*
 * A game judged, ply by ply (ply[i] judges g->plies[i]); first[p] is
 * the index of player p's first marked ply, and decisive that of the
 * last ply whose loss is not 0, the last that changed the game's value
 * (each -1 if there is none); counts holds the marks by player.
 */
struct qttt_judged_game {
	size_t			 nplies;
	struct qttt_judged_ply	 ply[QTTT_MAXPLIES];
	long			 first[2];
	long			 decisive;
	struct qttt_mark_counts	 counts;
};

/*
 * Judges the action played from the position before (which must pass
 * qttt_state_check(); the action must be legal there, a measurement
 * naming any move of the cycle) with the caller's solver.  Returns
 * QTTT_OK, or the code of the refusal with a message in d (which may
 * be NULL); *j is then undefined.
 */
enum qttt_code	 qttt_judge_ply(struct qttt_solver *,
		    const struct qttt_state *before,
		    const struct qttt_action *played,
		    struct qttt_judged_ply *j, struct qttt_diag *d);

/*
 * Judges every ply of a game as played (qttt_game_play(), or a record
 * as qttt_record_play() left it) with the caller's solver.  A game with
 * no ply is judged too: nothing marked, nothing decisive.  Returns as
 * qttt_judge_ply().
 */
enum qttt_code	 qttt_judge_game(struct qttt_solver *,
		    const struct qttt_game *g, struct qttt_judged_game *j,
		    struct qttt_diag *d);

/* ------------------------------------------------------------------ */
/* Exact counting (perft.c; formats/counting.md)                        */
/* ------------------------------------------------------------------ */

/*
 * Perft: the number of histories of depth moves from a position.  A
 * move is a placement (or the forced X9) with the measurement that
 * follows it when it closes a cycle, whose two outcomes are two
 * histories; a game that ends before depth moves adds nothing.  A
 * pending measurement belongs to the move before it and takes no
 * depth, so from such a state depth 0 counts its two outcomes.  The
 * state must pass qttt_state_check(); a depth over 9 is taken as 9.
 * Returns 0; -1 if the state fails the check (d, if not NULL, says
 * why); -2 if out of memory (the table takes up to 64 MiB).
 */
int		 qttt_perft(const struct qttt_state *, unsigned int depth,
		    uint64_t *count, struct qttt_diag *d);

/*
 * Perft divided by the first action, as chess programs print it to
 * check a move generator: the actions of qttt_state_actions(), each
 * with the perft of the state it leads to (depth - 1 after a
 * placement, depth after a measurement), so the counts add up to
 * qttt_perft().  With a move due and depth 0 nothing is listed.  Sets
 * *n to the number of entries; returns as qttt_perft().
 */
struct qttt_divide {
	struct qttt_action	action;
	uint64_t		count;
};
int		 qttt_perft_divide(const struct qttt_state *,
		    unsigned int depth, struct qttt_divide out[QTTT_MAXACTIONS],
		    size_t *n, struct qttt_diag *d);

/*
 * The complete games below a position: the histories from it that end
 * the game (a line completed, or the board full), by result (the
 * numbering of qttt_result_index) and by length, the number of moves
 * of the whole game (5..9; 0..4 stay 0).  A position that is over is
 * one game of its own.  memory bounds the table that remembers counts
 * under the reduced key of formats/counting.md (0: QTTT_COUNT_MEMORY);
 * a smaller table gives the same counts, more slowly.  positions is the
 * number of positions whose actions were walked, hits the number of
 * counts found in the table, entries its size.  The state must pass
 * qttt_state_check().  Returns 0; -1 if the state fails the check (d
 * says why); -2 if out of memory.
 */
#define QTTT_COUNT_MEMORY	((size_t)1 << 30)
struct qttt_games {
	uint64_t	 games[QTTT_NRESULTS][QTTT_MAXMOVES + 1];
	uint64_t	 total;
	uint64_t	 positions, hits, entries;
};
int		 qttt_count_games(const struct qttt_state *, size_t memory,
		    struct qttt_games *, struct qttt_diag *d);

/* ================================================================== */
/* notation: records read                                             */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* The state string (formats/state-string.md)                           */
/* ------------------------------------------------------------------ */

/* Room for any canonical state string and its NUL. */
#define QTTT_STATE_MAX	128

/*
 * Writes the state string of a state into buf of size n (NULL if n is
 * 0).  Returns the length it needed, as snprintf; never more than
 * QTTT_STATE_MAX - 1.
 */
int		 qttt_state_format(const struct qttt_state *, char *buf,
		    size_t n);

/*
 * Parses a state string of exactly len bytes (no line end; a NUL is a
 * byte like any other) into st, and checks that it is consistent (the
 * checks of formats/state-string.md, qttt_state_check() among them).
 * A state has one string and nothing else is accepted, so a string
 * that parses prints back as the same bytes.  Returns QTTT_OK, or
 * QTTT_E_STATE with a message in d (which may be NULL) and d->col set
 * to the 0-based byte of the fault; st is then unchanged.
 */
enum qttt_code	 qttt_state_parse(const char *s, size_t len,
		    struct qttt_state *st, struct qttt_diag *d);

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
	/*
	 * The comment on a move (YAML and JSON records), not
	 * NUL-terminated; NULL if none.  Valid until the next read.
	 */
	const char		*comment;
	size_t			 commentlen;
	/*
	 * The notes on a move (YAML and JSON records): the keys of its
	 * mapping other than "move" and "comment", in order, as
	 * metadata are (struct qttt_meta).  Valid until the next read.
	 */
	size_t			 nnotes;
	const struct qttt_meta	*notes;
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
	QTTT_FORMAT_GOFF,
	QTTT_FORMAT_STATE	/* state strings: positions, not games */
};

/*
 * A metadata entry of a YAML or JSON record: a key of the game's
 * mapping other than moves and result, with its scalar value (neither
 * NUL-terminated; see formats/yaml-record.md); a note on a move (a key
 * of its mapping other than move and comment) is one too.  plain is
 * set for a value written without quotes, which may be a number, a
 * boolean or a null, and is cleared for a quoted (string) value.
 */
struct qttt_meta {
	const char		*key;
	size_t			 keylen;
	const char		*value;
	size_t			 valuelen;
	int			 plain;
	unsigned long		 line, col;	/* where the key is */
};

/* Metadata entries per game, at most; notes on its moves, in all. */
#define QTTT_MAXMETA	64
#define QTTT_MAXNOTES	64
#define QTTT_TAGTEXT	8192

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
	/* The errors among them, kept or dropped: not the warnings. */
	size_t			 nerrors;
	struct qttt_diag	 diags[QTTT_MAXDIAGS];
	/*
	 * The source text of the game's line (line notation, Goff's
	 * notation), for showing diagnostics in context; valid until the
	 * next read.  For YAML and JSON it runs over several lines, from
	 * the start of line `line` to the end of the document, each
	 * ending in '\n' (so line n of the input is the text after the
	 * (n - line)th newline).  NULL where there is no source text.
	 */
	const char		*text;
	size_t			 textlen;
	/*
	 * Line notation: QTTT_TEXT_* bits for what the source line has
	 * around its text that the canonical form has not.
	 */
	unsigned int		 textflags;
	/*
	 * What a record holds besides its items, valid until the next
	 * read: the metadata of a YAML or JSON game, in the order of
	 * its keys, and the comment after a game on its line (line
	 * notation and Goff's notation, without the '#' and the blanks
	 * around it; NULL if none).  Neither is NUL-terminated.
	 */
	size_t			 nmeta;
	const struct qttt_meta	*meta;
	const char		*comment;
	size_t			 commentlen;
	/*
	 * A position instead of a game: a record of QTTT_FORMAT_STATE
	 * (formats/state-string.md) holds no items but the state its
	 * line gives, which qttt_record_play() starts from.  has_start
	 * is set when start holds it, and is clear for a line that is
	 * not a state (its diagnostics say why).
	 */
	int			 has_start;
	struct qttt_state	 start;
	/*
	 * Where a position of a stream of states stands in the game it
	 * came from, when its line says so (qttt-replay's JSON Lines:
	 * formats/state-string.md, section 7): the number of the game
	 * (0 when not said; the record's index is then this number),
	 * the plies played to reach it (-1 when not said) and the input
	 * the game was read from, as the line writes it, JSON escapes
	 * and all (NULL when not said; not NUL-terminated, valid until
	 * the next read).  A bare state string says none of them.
	 */
	unsigned long		 game;
	long			 ply;
	const char		*file;
	size_t			 filelen;
	/*
	 * The comment lines and blank lines of the input between the
	 * game before and this one (line notation; YAML and JSON: the
	 * comment lines between documents), each ending in '\n', as
	 * written but for the blanks and the CR at its end; NULL if none.
	 * leadcut counts the lines left out beyond QTTT_LEAD_MAX bytes.
	 * Valid until the next read.
	 */
	const char		*lead;
	size_t			 leadlen;
	unsigned long		 leadcut;
	/*
	 * The line notation's own store (formats/line-notation.md,
	 * "Tags and glyphs"): the tags of the game (meta points at
	 * them) and of its items (their notes), a glyph as the note
	 * "mark", and the text of values written with escapes, decoded.
	 */
	size_t			 ntags;
	struct qttt_meta	 tags[QTTT_MAXMETA + QTTT_MAXNOTES];
	size_t			 tagtextlen;
	char			 tagtext[QTTT_TAGTEXT];
};

/* What a record keeps of the lines before it; of decoded tag text. */
#define QTTT_LEAD_MAX	16384

#define QTTT_TEXT_CRLF		0x1	/* the line ends in CR LF */
#define QTTT_TEXT_NOEOL		0x2	/* the input ends without a newline */
#define QTTT_TEXT_BOM		0x4	/* a byte-order mark precedes it */

/* Empties a record, keeping nothing. */
void		 qttt_record_clear(struct qttt_record *);

/*
 * Adds a diagnostic at a position, formatted as printf.  Beyond
 * QTTT_MAXDIAGS it is only counted.
 */
void		 qttt_record_diag(struct qttt_record *, enum qttt_code,
		    unsigned long line, unsigned long col,
		    const char *fmt, ...)
		    QTTT_PRINTF(5, 6);

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
 * Plays a whole record from the empty board (or from its start, for a
 * position: the game then has no plies, and its state is the start):
 * every item up to the first one that is illegal (the position after
 * it is undefined, so later items cannot be judged) or the first
 * syntax error.  Sorts the record's diagnostics by position.  Returns
 * the number of errors the record has in all (syntax and rules; its
 * warnings do not count): 0 for a valid record.  The game may be
 * NULL: the record is then judged and nothing more kept, as a checker
 * that writes nothing of a valid game needs.
 */
size_t		 qttt_record_play(struct qttt_record *, struct qttt_game *);

/* ------------------------------------------------------------------ */
/* Readers: one game at a time from a file descriptor                   */
/* ------------------------------------------------------------------ */

struct qttt_reader;

/*
 * Opens a reader on fd, which the reader does not close.  With
 * QTTT_FORMAT_AUTO the format is detected from the first bytes.
 * Returns NULL if out of memory.
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

/*
 * The comment and blank lines after the last game, once
 * qttt_reader_next() has returned 0 (as a record's lead, which see):
 * sets *text (NULL if none) and *cut, and returns their length.
 * Valid until the reader is closed.
 */
size_t		 qttt_reader_trailer(const struct qttt_reader *,
		    const char **text, unsigned long *cut);

/* Closes a reader; NULL is accepted. */
void		 qttt_reader_close(struct qttt_reader *);

/*
 * Reading the line notation on several threads.  One game per line
 * makes an input easy to cut: qttt_reader_split() copies the next
 * games of a reader, as whole lines with their positions and the
 * number of the games before them, into a chunk, and a reader opened
 * on the chunk (on any thread) yields them as the input's own reader
 * would have, with the same lines, columns and game numbers.  Blank
 * and comment lines are left out.
 */
struct qttt_chunk;

/*
 * A new chunk for about size bytes of text (QTTT_CHUNK_TEXT if size is
 * 0; a last line may overrun it), or NULL if out of memory.
 * qttt_chunk_free(NULL) does nothing.
 */
#define QTTT_CHUNK_TEXT	(64 * 1024)
struct qttt_chunk *qttt_chunk_new(size_t size);
void		 qttt_chunk_free(struct qttt_chunk *);

/*
 * Fills chunk with the next games of r.  Returns 1 if it holds at least
 * one, 0 at the end of input, -1 on a read error (with a QTTT_E_IO
 * diagnostic in rec, as qttt_reader_next), or QTTT_SPLIT_NOT if the
 * input is not in the line notation: nothing has been consumed then,
 * and qttt_reader_next() reads it.
 */
#define QTTT_SPLIT_NOT	2
int		 qttt_reader_split(struct qttt_reader *r,
		    struct qttt_chunk *chunk, struct qttt_record *rec);

/*
 * Opens a reader on the games of a chunk, which must stay unchanged
 * until the reader is closed.  Returns NULL if out of memory.
 */
struct qttt_reader *qttt_reader_open_chunk(const struct qttt_chunk *);

/* ------------------------------------------------------------------ */
/* What a record holds besides its moves (meta.c); YAML's limits      */
/* ------------------------------------------------------------------ */

/*
 * The limits of the YAML and JSON reader (formats/yaml-record.md).  A
 * document (one game, or a list of games) holds at most
 * QTTT_YAML_DOC_MAX bytes; a move, a value or a comment at most
 * QTTT_YAML_SCALAR_MAX, a key QTTT_YAML_KEY_MAX; collections nest at
 * most QTTT_YAML_DEPTH deep (a list of games, a game, its moves, a
 * move).  With QTTT_MAXMETA and QTTT_MAXNOTES, they bound the
 * reader's memory, whatever the input: about 1.8 MiB, and libyaml's,
 * at most about twice a document.
 */
#define QTTT_YAML_DOC_MAX	(1024 * 1024)
#define QTTT_YAML_SCALAR_MAX	4096
#define QTTT_YAML_KEY_MAX	128
#define QTTT_YAML_DEPTH		4

/*
 * What a game holds besides its moves, as the writers take it: filled
 * in by any producer.  qttt_extras_from_record() fills it from a
 * record as read; a program that adds to a game (an annotator with a
 * value, a best move and a mark for each ply) fills it, or adds to one
 * filled from a record, with strings of its own.  Nothing is copied:
 * the strings belong to the producer and must live while a writer
 * uses them; none is NUL-terminated.
 *
 *	meta	the metadata, in order: a key and a scalar value, plain
 *		(written without quotes: it may be a number, a boolean or
 *		a null) or a string (plain == 0).  line and col are not
 *		used.
 *	comment	the comment on the game, or NULL.
 *	ply[i]	what goes with ply i of the game (g->plies[i]): a comment
 *		(or NULL), and notes, an ordered list of a key and a
 *		scalar value each, as metadata (plain for a number:
 *		"value: -0.5"; a string for a move or a mark: "best: X5
 *		b2 c3", "mark: ?!").  Entries beyond the game's plies are
 *		not written.
 *
 * YAML and JSON write notes as keys of the move's mapping, after
 * "move" and "comment", and the reader gives them back in
 * qttt_item.notes.  So a note may not be called "move" or "comment",
 * nor a metadata key "moves" or "result" (see qttt_extras_check).
 */
struct qttt_ply_extras {
	const char		*comment;
	size_t			 commentlen;
	size_t			 nnotes;
	const struct qttt_meta	*notes;
};

struct qttt_extras {
	size_t			 nmeta;
	const struct qttt_meta	*meta;
	const char		*comment;
	size_t			 commentlen;
	struct qttt_ply_extras	 ply[QTTT_MAXPLIES];
	/*
	 * The comment lines before the game (struct qttt_record's lead):
	 * lines of text, each ending in '\n', written as they are before
	 * the game by the line notation and YAML writers; NULL if none.
	 */
	const char		*lead;
	size_t			 leadlen;
};

/* Empties extras: no metadata, no comment, nothing on any ply. */
void		 qttt_extras_init(struct qttt_extras *);

/*
 * Fills ex from rec, the record g was played from: its metadata, its
 * comment (the comment after a line-notation or Goff record), and for
 * each ply the comment and notes of its action item.  rec may be NULL
 * (ex is then empty).  ex points into rec: valid until its next read.
 */
void		 qttt_extras_from_record(struct qttt_extras *ex,
		    const struct qttt_game *g, const struct qttt_record *rec);

/* The metadata entry of key (NUL-terminated), or NULL. */
const struct qttt_meta *qttt_extras_meta(const struct qttt_extras *,
		    const char *key);

/*
 * Whether extras, for a game of nplies plies, can be written in YAML
 * and JSON and read back as they are: every key not empty, of at most
 * QTTT_YAML_KEY_MAX bytes, every value and comment of at most
 * QTTT_YAML_SCALAR_MAX, all valid UTF-8 with no NUL; at most
 * QTTT_MAXMETA metadata entries and QTTT_MAXNOTES notes; no metadata
 * key "moves" or "result", no note "move" or "comment"; no key twice
 * in the metadata, nor in the notes of a ply; not both a game comment
 * and a "comment" metadata entry.  Returns 0, or -1 with the reason in
 * msg (of size n, as snprintf; msg may be NULL).
 */
int		 qttt_extras_check(const struct qttt_extras *, size_t nplies,
		    char *msg, size_t n);

/*
 * Finds the metadata value of key (NUL-terminated).  Returns 1 and
 * sets value and len, or returns 0.
 */
int		 qttt_record_meta(const struct qttt_record *, const char *key,
		    const char **value, size_t *len);

/*
 * Whether a record holds metadata, comments or notes (see
 * qttt_goff_write).
 */
int		 qttt_record_extras(const struct qttt_record *);

#ifdef __GNUC__
/* ================================================================== */
/* output: what the tools write                                       */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Record writers (record_write.c, meta.c, goff.c)                    */
/* ------------------------------------------------------------------ */

/*
 * The writers.  Each writes one game (a game played from a record:
 * its canonical moves) to f, with the extras ex (NULL for none).
 * Each returns 0, -1 if f reported an error (or the emitter failed),
 * or, for YAML and JSON, -2 without writing anything if
 * qttt_extras_check() refuses ex, or if the game written would be more
 * than the reader reads back: a YAML document of more than
 * QTTT_YAML_DOC_MAX bytes, a JSON line of more than QTTT_LINE_MAX (as
 * extras near every limit, escaped, can make it).
 *
 * qttt_yaml_write: the comment lines of ex (lead) as they are, then a
 * YAML document, "---" first: the metadata in their
 * order, then "comment" (the game comment, unless the metadata has a
 * "comment" of their own), "moves" (a move with a comment or notes as
 * a mapping of "move", "comment" and the notes in order) and "result"
 * when the game is over.
 *
 * qttt_json_write: the same as one JSON object on one line.  A value
 * (of the metadata or a note) that is plain and a JSON number, true,
 * false or null is written bare (a YAML null as null); any other as a
 * string.  It writes no comment lines: JSON has none.
 *
 * qttt_line_write: the comment lines of ex as they are, then the
 * canonical record on a line (formats/line-notation.md, section 4):
 * the metadata as the game's tags ("[x Alice]"), each move's comment
 * and notes as its tags ("X3 a2 b3 [value 1-0]"), a last note "mark"
 * that is a glyph as the glyph ("X3 a2 b3??"), and the game comment
 * after the record (" # comment") if it is one line, else as the tag
 * "[comment ...]".  All of it reads back as it was.
 */
int		 qttt_yaml_write(FILE *, const struct qttt_game *,
		    const struct qttt_extras *ex);
int		 qttt_json_write(FILE *, const struct qttt_game *,
		    const struct qttt_extras *ex);
int		 qttt_line_write(FILE *, const struct qttt_game *,
		    const struct qttt_extras *ex);

/*
 * Writes a game in Goff's notation on one line (formats/goff-notation.md):
 * squares 1 to 9, each measurement naming
 * the cycle-closing move, with the measurer and the '!' list of the
 * collapse; no loop annotations.  A game with no move has no Goff form:
 * nothing is written.  Returns 0, or -1 on an output error.
 */
int		 qttt_goff_write(FILE *, const struct qttt_game *);

/* ------------------------------------------------------------------ */
/* Replay: the states of a game, written as qttt-replay shows them      */
/* ------------------------------------------------------------------ */

enum qttt_output {
	QTTT_OUTPUT_STATE = 0,	/* state strings, one per line */
	QTTT_OUTPUT_JSON,	/* JSON Lines (formats/replay-output.md) */
	QTTT_OUTPUT_YAML,	/* a YAML stream, one document per state */
	QTTT_OUTPUT_LIST	/* a listing for people to read */
};

struct qttt_replay_options {
	enum qttt_output output;
	/*
	 * Which states of each game: every one from the start (all), the
	 * one after ply plies (ply >= 0; the last one if the game is
	 * shorter), or the last one (all == 0, ply == -1).  The listing
	 * always shows the items up to that state; all adds the state
	 * string after each.
	 */
	int		 all;
	long		 ply;
	/* The measurement a what-if was asked for (0: none); shown in
	 * JSON and YAML as "what_if". */
	unsigned int	 whatif;
};

/* One game to show. */
struct qttt_replay {
	const char		 *file;	/* the input's name, for "file" */
	/* The record as read: index, line, items, first diagnostic. */
	const struct qttt_record *rec;
	/* The game as qttt_record_play() left it, after any what-if. */
	const struct qttt_game	 *game;
	/* The ply qttt_game_whatif() changed, or -1. */
	long			  changed;
};

struct qttt_replay_writer;

/*
 * Opens a writer on f for the options given, which it copies.
 * Returns NULL if out of memory (or if the YAML emitter cannot start).
 */
struct qttt_replay_writer *qttt_replay_writer_open(FILE *f,
		    const struct qttt_replay_options *);

/*
 * Writes the chosen states of one game.  Returns 0, or -1 if the
 * stream or the emitter reported an error.
 */
int		 qttt_replay_writer_put(struct qttt_replay_writer *,
		    const struct qttt_replay *);

/*
 * Writes out what the writer holds (state strings and JSON Lines are
 * written a buffer at a time) and flushes f, as before a diagnostic on
 * another stream that must come after the states already put.
 * Returns as _put().
 */
int		 qttt_replay_writer_flush(struct qttt_replay_writer *);

/*
 * Finishes the output (the end of a YAML stream), flushes f without
 * closing it and frees the writer; NULL is accepted.  Returns 0, or -1
 * if an error was reported here or before.
 */
int		 qttt_replay_writer_close(struct qttt_replay_writer *);

/* ================================================================== */
/* render: diagrams                                                   */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Diagrams (render.c, render_text.c, render_svg.c; formats/render.md) */
/* ------------------------------------------------------------------ */

enum qttt_coords {
	QTTT_COORDS_NONE = 0,
	QTTT_COORDS_A1,		/* a b c above the board, 1 2 3 beside it */
	QTTT_COORDS_GOFF	/* Goff's number 1..9 in each square */
};

enum qttt_theme {
	QTTT_THEME_LIGHT = 0,
	QTTT_THEME_DARK,
	QTTT_THEME_MONO		/* black on white, for print */
};

enum qttt_flip {
	QTTT_FLIP_NONE = 0,
	QTTT_FLIP_H,		/* mirror left to right */
	QTTT_FLIP_V		/* mirror top to bottom */
};

/*
 * What an author adds to a picture (SVG): squares filled or outlined,
 * an arrow from one square to another, a short label in a square's
 * corner.  colour is empty for the theme's colour, else a CSS colour
 * (#rgb, #rrggbb or a name).
 */
enum qttt_markup_kind {
	QTTT_MARKUP_FILL = 0,
	QTTT_MARKUP_OUTLINE,
	QTTT_MARKUP_ARROW,
	QTTT_MARKUP_LABEL
};

#define QTTT_MARKUP_TEXT	8	/* a label: 7 bytes and a NUL */
#define QTTT_MARKUP_COLOUR	24

struct qttt_markup {
	enum qttt_markup_kind kind;
	unsigned int	 squares;	/* fill, outline: bit sq for square sq */
	int		 from, to;	/* arrow; label: from */
	char		 colour[QTTT_MARKUP_COLOUR];
	char		 text[QTTT_MARKUP_TEXT];
};

/*
 * Reads one item of markup as qttt-render -k takes it (formats/render.md):
 * "fill a1 b2", "outline=#c00 c3", "arrow a1 c3", "label b2 A"; squares
 * as a1..c3 or Goff's 1..9.  Returns 0, or -1 with a diagnostic in *d
 * (its column the byte of s at fault).
 */
int		 qttt_markup_parse(const char *s, struct qttt_markup *m,
		    struct qttt_diag *d);

/*
 * How to draw.  qttt_render_defaults() fills in the defaults; a caller
 * then changes what it wants.  Text ignores the fields marked SVG.
 */
struct qttt_render_opts {
	enum qttt_coords coords;
	enum qttt_theme	 theme;		/* SVG */
	int		 rotate;	/* 0, 90, 180, 270 (clockwise) */
	enum qttt_flip	 flip;		/* after the rotation */
	int		 unicode;	/* box drawing, subscripts */
	int		 bare;		/* the board alone: no status line,
					   no graph */
	int		 highlight;	/* show the last action, when known */
	int		 preview;	/* a pending measurement: draw its
					   two outcomes instead */
	unsigned int	 width;		/* SVG: the picture's width in px;
					   0 natural size */
	unsigned int	 board;		/* SVG, if width is 0: the board's
					   width in px; 0 natural size */
	unsigned int	 frame_ms;	/* SVG animation: time per ply */
	const char	*css;		/* SVG: a style sheet to embed */
	const struct qttt_markup *markup;	/* SVG: nmarkup items */
	size_t		 nmarkup;
};

void		 qttt_render_defaults(struct qttt_render_opts *);

/*
 * The symmetry a picture drawn with o shows the board under: the
 * rotation of o, then its flip (formats/symmetry.md).  Where square sq
 * (0..8) is drawn, 0..8 in reading order of the picture: its image
 * under that symmetry.
 */
enum qttt_sym	 qttt_render_sym(const struct qttt_render_opts *o);
int		 qttt_render_place(const struct qttt_render_opts *o, int sq);

/*
 * Draws a position on f.  plies (nplies of them, NULL if none) are the
 * actions that led to it, the last one last: the last is highlighted,
 * and when they replay from the empty board to st the SVG description
 * lists them all.  The state must pass qttt_state_check().  Returns 0,
 * or -1 if f reported a write error.
 */
int		 qttt_render_text(FILE *f, const struct qttt_state *st,
		    const struct qttt_action *plies, size_t nplies,
		    const struct qttt_render_opts *);
int		 qttt_render_svg(FILE *f, const struct qttt_state *st,
		    const struct qttt_action *plies, size_t nplies,
		    const struct qttt_render_opts *);

/*
 * Draws a game as one animated SVG (SMIL; it plays in a browser with
 * no script): the state start, then the state after each of the
 * nplies actions.  A viewer that does not animate shows the last
 * frame.  Returns 0, -1 if f reported a write error, or -2 (writing
 * nothing) if an action is illegal.
 */
int		 qttt_render_anim(FILE *f, const struct qttt_state *start,
		    const struct qttt_action *plies, size_t nplies,
		    const struct qttt_render_opts *);

/*
 * Draws a game as one SVG for print, a contact sheet: the boards after
 * plies from to to (0 the start, nplies the end) in a grid of columns
 * a row (0: 4), each numbered by its ply with the action that led to
 * it.  Returns 0, -1 if f reported a write error, or -2 (writing
 * nothing) if an action is illegal or the plies are out of range.
 */
int		 qttt_render_sheet(FILE *f, const struct qttt_state *start,
		    const struct qttt_action *plies, size_t nplies,
		    size_t from, size_t to, unsigned int columns,
		    const struct qttt_render_opts *);

/* ------------------------------------------------------------------ */
/* The viewer page (lib/web/html.c; formats/viewer.md)                 */
/* ------------------------------------------------------------------ */

struct qttt_html_opts {
	/*
	 * How to draw the positions (the module of the page draws them
	 * with these options too); theme is the page's theme.
	 */
	struct qttt_render_opts render;
	/* With the light theme: dark where the reader's system prefers. */
	int		 follow;
	/*
	 * The page's title, as a front end names what it holds (such as
	 * the last part of each input's name); NULL: the last part of the
	 * name of the first game's input, or none.  Not copied: it must
	 * live until the first game is put.
	 */
	const char	*title;
};

/*
 * How many games a page draws in full for a reader without scripts:
 * the first ones; the page holds every game's record as text, and its
 * module draws any position of any game on demand.
 */
#define QTTT_HTML_DRAWN	10

struct qttt_html;

/*
 * Opens a page on f for the options given, which it copies.  Returns
 * NULL if out of memory.
 */
struct qttt_html *qttt_html_open(FILE *f, const struct qttt_html_opts *);

/*
 * Adds a game to the page: its record in the line notation (or the
 * state string of a position), and for the first QTTT_HTML_DRAWN games
 * every position from its start to its last ply, the moves and what
 * the listing says of each ply (r->changed is shown as the listing
 * shows it).  The page's head is written with the first game.  Memory
 * does not grow with the games.  Returns 0, or -1 if f reported an
 * error or memory ran out (errno says which); the page is then not to
 * be used but closed.
 */
int		 qttt_html_put(struct qttt_html *, const struct qttt_replay *);

/*
 * Ends the page (its script and module), flushes f without closing it
 * and frees the page; NULL is accepted.  Returns 0, or -1 if an error
 * was reported here or before.
 */
int		 qttt_html_close(struct qttt_html *);

#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* !QTTT_H */
