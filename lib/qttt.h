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
	QTTT_WARNING,
	QTTT_NOTE		/* what a user should know; no fault */
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
	/* output */
	QTTT_E_UNWRITABLE,	/* a game the format asked for cannot hold */
	/* a stream of states grouped into games */
	QTTT_E_PLIES,		/* a game misses the plies asked for */
	/* the engine protocol (formats/engine-protocol.md) */
	QTTT_E_QTP,		/* a message that is not well formed */
	QTTT_E_SUITE,		/* a test suite's line (formats/test-suite.md) */
	QTTT_E_UNPROVEN,	/* a test suite's answer the solver refutes */
	/* rule profiles (formats/rules.md) */
	QTTT_E_TWOCYCLE,	/* a 2-cycle, where the profile forbids them */
	QTTT_E_RULES,		/* a rule profile that is not known */
	QTTT_N_RULES,		/* a record judged by its own profile */
	QTTT_N_DIFFER,		/* where two profiles disagree on a record */
	QTTT__NCODES
};

#define QTTT_MSG_MAX	192

/* A diagnostic: defined below, with the actions and results it names. */
struct qttt_diag;

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

/*
 * Reads a result as qttt_result_format() writes it ("1-1/2", "*"), of
 * any rule profile (1/2-1/2 too): the len bytes at s into *r.  Returns
 * 0, or -1 if they are not one.
 */
int		 qttt_result_parse(const char *s, size_t len,
		    struct qttt_result *r);

/* Two results are the same: both not over, or over with equal scores. */
int		 qttt_result_equal(const struct qttt_result *,
		    const struct qttt_result *);

/*
 * The results a game can end with, numbered in this order: the seven
 * that rule 11 gives (1-0, 0-1, 1-1/2, 1/2-1, 3/2-0, 2-0, 0-0), then
 * 1/2-1/2, which only some rule profiles give
 * (qttt_rules_result_possible()).
 * qttt_result_index() gives the number of a result (-1 for a game not
 * over); qttt_result_nth() the result of a number (not over if it is
 * out of range).
 */
#define QTTT_NRESULTS	8
#define QTTT_NRESULTS_GOFF	7	/* the first seven: rule 11's */
int		 qttt_result_index(const struct qttt_result *);
void		 qttt_result_nth(int i, struct qttt_result *);

/*
 * How a game ends: by the rules, by the solver's adjudication, or by a
 * fault of an engine, which loses it (formats/engine-protocol.md,
 * section 8).  The names are those of the records' termination tag
 * (formats/line-notation.md, "Forfeits and adjudications"): "normal",
 * "adjudication", "illegal", "time", "crash", "exit", "garbage",
 * "protocol".  All but the first two are forfeits.
 */
enum qttt_termination {
	QTTT_TERM_NORMAL = 0,
	QTTT_TERM_ADJUDICATION,
	QTTT_TERM_ILLEGAL,	/* an action the rules refuse */
	QTTT_TERM_TIME,		/* no answer in the time allowed */
	QTTT_TERM_CRASH,	/* the process was killed by a signal */
	QTTT_TERM_EXIT,		/* it exited, or closed its output */
	QTTT_TERM_GARBAGE,	/* a line that is no message */
	QTTT_TERM_PROTOCOL,	/* a message out of its place */
	QTTT_NTERMS
};

const char	*qttt_termination_name(enum qttt_termination);
int		 qttt_termination_parse(const char *s, size_t len,
		    enum qttt_termination *);

/* ------------------------------------------------------------------ */
/* The rules engine (formats/rules.md): a game state is a plain value  */
/* ------------------------------------------------------------------ */

/*
 * The rules a state is played by: a rule profile, Goff's rules
 * (formats/rules.md) with a set of switches, each a documented
 * departure from them (formats/rules.md, "Rule profiles").  Goff's
 * rules are 0, so that a state that is zeroed or set up by
 * qttt_state_init() is played by them.  A profile is a byte: the
 * switches below, or'ed; QTTT_RULES_DOUBLE and QTTT_RULES_SIMULTANEOUS
 * are fields of two bits that take one of their values.
 */
#define QTTT_RULES_GOFF		0x00u
#define QTTT_RULES_DOUBLE	0x03u	/* X's two lines score: */
#define QTTT_RULES_DOUBLE_2	0x01u	/*   double=2: 2-0 always */
#define QTTT_RULES_DOUBLE_1	0x02u	/*   double=1: 1-0 */
#define QTTT_RULES_SIMULTANEOUS	0x0cu	/* both lines in a collapse: */
#define QTTT_RULES_SIMUL_TIE	0x04u	/*   simultaneous=tie: 1/2-1/2 */
#define QTTT_RULES_SIMUL_DRAW	0x08u	/*   simultaneous=draw: a draw */
#define QTTT_RULES_SIMUL_FIRST	0x0cu	/*   simultaneous=first: 1-0 or 0-1 */
#define QTTT_RULES_NO_2CYCLES	0x10u	/* two-cycles=no */
#define QTTT_RULES_LAST_DRAW	0x20u	/* last-square=draw */
#define QTTT_RULES_CLOSER	0x40u	/* measurer=closer */
#define QTTT_RULES_DRAW_HALF	0x80u	/* draw=1/2 */
#define QTTT_RULES_MAX		0xffu

/*
 * Not a profile, but what a reader may be told for records that name
 * none (qttt_reader_rules) when they are only compared
 * (qttt_rules_compare): a result of any profile is read; such a record
 * is played by Goff's rules.
 */
#define QTTT_RULES_ANY		0x100u

/* Nonzero if rules is a profile (QTTT_RULES_DOUBLE is not 0x03). */
int		 qttt_rules_valid(unsigned int rules);

/*
 * A profile's name, as a record's "rules" tag and the engine
 * protocol's Rules option write it: "goff" for Goff's rules, a
 * preset's name for the switches of a preset, otherwise the switches
 * in the order of formats/rules.md, joined by ','.  Written into buf
 * of size n; returns the length it needed, as snprintf, or -1 for a
 * number that is no profile.  QTTT_RULES_NAME_MAX holds any name.
 */
#define QTTT_RULES_NAME_MAX	96
int		 qttt_rules_format(unsigned int rules, char *buf, size_t n);

/*
 * Reads a profile's name: items joined by ',', each a preset's name
 * ("goff", "ksmanis", ...) or a switch ("double=1"); an item sets
 * what it names, a later one over an earlier.  Case-sensitive.  Reads
 * the len bytes at s into *rules and returns 0, or returns -1 with
 * the offset of the item at fault in *bad (if bad is not NULL).
 */
int		 qttt_rules_parse(const char *s, size_t len,
		    unsigned int *rules, size_t *bad);

/*
 * The presets and the switches, in the order of formats/rules.md:
 * the name of number i and its profile (a switch's: the profile of
 * that switch alone) into *rules, or NULL past the last.
 */
const char	*qttt_rules_preset(size_t i, unsigned int *rules);
const char	*qttt_rules_switch(size_t i, unsigned int *rules);

/*
 * The presets' names in that order, joined by ", " ("goff, ksmanis,
 * ..."), into buf of size n.  Returns the length it needed, as
 * snprintf.
 */
int		 qttt_rules_presets_list(char *buf, size_t n);

/* Nonzero if a game played by a profile can end with result r. */
int		 qttt_rules_result_possible(unsigned int rules,
		    const struct qttt_result *r);

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
	unsigned char	rules;		/* the profile, QTTT_RULES_* */
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

/*
 * A diagnostic: its code, where it is, what it names and its English.
 *
 * A refusal of the rules (qttt_state_apply() and the functions that
 * play actions) and a stated result that is not the game's
 * (qttt_record_play()) carry what their message names as data: the
 * action refused (all zero for a result); another move the message
 * names (the pending one, the next one, the classical mark on a
 * square), else 0; the squares it names besides the action's (the
 * square open, the square that is classical, the squares of a move),
 * else QTTT_NOSQUARE; results (the game's, then the one a record
 * states), else not over; a count (of squares open), else 0.  The
 * message is made from them, in one place, with squares and results
 * spelt as the record's notation spells them (the line notation's a1
 * and 1-1/2, Goff's 1 and {X=1,O=0.5}).  Other diagnostics leave
 * these fields zero and have only their message.
 */
struct qttt_diag {
	enum qttt_code		code;
	enum qttt_severity	severity;
	unsigned long		line;	/* 0-based */
	unsigned long		col;	/* 0-based, in bytes */
	struct qttt_action	action;
	unsigned char		move;
	unsigned char		squares[2];
	struct qttt_result	results[2];
	unsigned int		count;
	char			msg[QTTT_MSG_MAX];
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

/*
 * A game that reaches st from the empty board, played by st's profile,
 * one of those there may be (the first the search of engine/reach.c
 * finds), into g: returns
 * 1, 0 if st fails qttt_state_check() or no game reaches it, or -1 if
 * the search gave up (after 20,000 positions; no state met so far
 * needs more than about 50).
 */
int		 qttt_state_history(const struct qttt_state *st,
		    struct qttt_game *g);

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
 * board by g's rule profile (g->state.rules) into st; g->state if ply
 * is g->nplies or more.  So a game
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
	/*
	 * The profile the games are played by: Goff's rules, as
	 * qttt_generator_init() sets it, or any other set after it.
	 */
	unsigned int	 rules;
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
 * X plays to make it as large as it can be and O as small (rule 11),
 * by the rules of the state's profile.  Under Goff's rules each value
 * is one result: 4 is 2-0, 3 is 3/2-0, 2 is 1-0, 1 is 1-1/2, 0 is
 * 0-0, -1 is 1/2-1, -2 is 0-1.  The empty board is worth 1: X wins
 * 1-1/2 (formats/rules.md has its value under every profile).
 */
#define QTTT_VALUE_MIN		(-2)
#define QTTT_VALUE_MAX		4

/*
 * The result a value stands for under profile rules, to be written
 * with qttt_result_format(): as under Goff's rules, but 0 is 1/2-1/2
 * under draw=1/2, 4 is 2-0 and 2 is 1-0 however many lines X made.
 * Under simultaneous=tie a value 0 may be a tie (1/2-1/2) as well as
 * a draw: the draw is given.  Returns 0, or -1 (r unchanged) for a
 * number that is no value under that profile (3 under double=1).
 */
int		 qttt_solver_result(unsigned int rules, int value,
		    struct qttt_result *r);

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
 * values are the same either way; the book saves time.  The book holds
 * the positions up to 4 moves made under Goff's rules (and
 * draw=1/2), and up to 2 under each other preset, so that a position
 * is valued in at most about a tenth of a second; positions of other
 * profiles are always searched (formats/solver.md, "Profiles").
 */
void		 qttt_solver_use_book(struct qttt_solver *, int use);

/*
 * Limits each query that follows (qttt_solver_value(),
 * qttt_solver_analyze()) to nodes positions searched (0: no limit),
 * and stops it when stop(arg) returns nonzero, which the search asks
 * every QTTT_SOLVER_POLL positions (stop NULL: never): an engine's
 * deadline, read from its clock, or its runner's stop.  A query
 * stopped returns QTTT_OK, and qttt_solver_stopped() says so until
 * the next query: its value is then no value, and an analysis has the
 * values of the actions it valued before it stopped (those in
 * qttt_state_actions order up to one), the best of them as its value
 * and best, or QTTT_NOVALUE and no best action if it valued none, and
 * no principal variation.  The table keeps only what was proven.
 */
#define QTTT_SOLVER_POLL	1024
void		 qttt_solver_limit(struct qttt_solver *, unsigned long long nodes,
		    int (*stop)(void *), void *arg);
int		 qttt_solver_stopped(const struct qttt_solver *);

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
 * The mistakes and blunders of each player along n actions played from
 * st (which must pass qttt_state_check(); each action legal where it
 * is played), marked as qttt_judge_ply() marks them, into *c; at most
 * QTTT_MAXPLIES are judged.  Faster than qttt_judge_ply() on each: the
 * values along the line alone.  Returns as qttt_judge_ply(); *c is then
 * undefined.
 */
enum qttt_code	 qttt_judge_marks(struct qttt_solver *,
		    const struct qttt_state *st,
		    const struct qttt_action *plies, size_t n,
		    struct qttt_mark_counts *c, struct qttt_diag *d);

/*
 * The best line of a judged ply (formats/analysis-output.md, "Best
 * lines"): for a mistake or a blunder, what should have been played
 * instead, the principal variation of the position before it
 * (j->an.pv), which keeps the value before (j->before), to the end of
 * the game or its first max plies.  Copies its actions into line, room
 * for max of them, and returns their number (fewer than j->an.npv for
 * a line cut short): 0 for a ply that kept its value, or a max of 0.
 * QTTT_BEST_LINE is how long qttt-analyze writes them.
 */
#define QTTT_BEST_LINE	6
size_t		 qttt_best_line(const struct qttt_judged_ply *j, size_t max,
		    struct qttt_action *line);

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
/* Levels of play (player.c): an engine's, or a GUI's opponent's        */
/* ------------------------------------------------------------------ */

/*
 * How well a player plays: perfectly (any best action, the generator
 * choosing among the best), at random (any legal action), or between:
 * perfect play with a chance of a random action instead, 10% for
 * strong, 30% for medium, 60% for weak.
 */
enum qttt_level {
	QTTT_LEVEL_PERFECT = 0,
	QTTT_LEVEL_STRONG,
	QTTT_LEVEL_MEDIUM,
	QTTT_LEVEL_WEAK,
	QTTT_LEVEL_RANDOM,
	QTTT_NLEVELS
};

/*
 * "perfect", "strong", "medium", "weak", "random" (NULL for another
 * number); the level named by the len bytes at s (0, or -1 if none);
 * a level's chance of a random action, in percent.
 */
const char	*qttt_level_name(enum qttt_level);
int		 qttt_level_parse(const char *s, size_t len,
		    enum qttt_level *);
unsigned int	 qttt_level_random(enum qttt_level);

/*
 * Chooses an action of st at level l, drawing from gen (the same
 * generator state, the same choice), into *a, and sets *value to the
 * value of st when the solver was asked (every level but random), else
 * QTTT_NOVALUE.  solver may be NULL: the action is then random.  A
 * solver's query stopped by its limit (qttt_solver_limit()) gives the
 * best action found before it stopped, or a random one if it valued
 * none, and no value.
 * Returns QTTT_OK; QTTT_E_STATE if st fails qttt_state_check();
 * QTTT_E_OVER if the game is over; with a message in d (may be NULL).
 */
enum qttt_code	 qttt_level_choose(struct qttt_solver *solver,
		    struct qttt_generator *gen, enum qttt_level l,
		    const struct qttt_state *st, struct qttt_action *a,
		    int *value, struct qttt_diag *d);

/*
 * What a go says of the time of a search (formats/engine-protocol.md,
 * section 5, "Time"), in milliseconds: its movetime, and the clock of
 * the side to act with its increment; infinite: until a stop.
 */
struct qttt_go_time {
	int		 has_movetime;
	uint64_t	 movetime;
	int		 has_clock;
	uint64_t	 left, inc;
	int		 infinite;
};

/*
 * The milliseconds an engine's search may take for a go of t, or -1:
 * no limit (infinite, or neither a movetime nor a clock).  Of the
 * movetime (at most 10^9) or the clock's share, whichever is less:
 * a twentieth of the time left and the increment, but never more than
 * half the time left (each taken modulo 10^9); of that, 90%, the rest
 * for the answer to reach the runner.
 */
long long	 qttt_level_time(const struct qttt_go_time *t);

/*
 * Values the empty board under rules, and each first action, with no
 * limit (qttt_solver_limit()'s is lifted): what an engine does once
 * for each profile before any clock runs (at isready), so that the
 * first action of a game is answered from solver's table within any
 * time under a profile whose early positions are in no book.  Nothing
 * to do at QTTT_LEVEL_RANDOM.  Returns as qttt_solver_analyze().
 */
enum qttt_code	 qttt_level_warm(struct qttt_solver *solver,
		    enum qttt_level l, unsigned int rules, struct qttt_diag *d);

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
 * The table that remembers counts takes at most memory bytes, or with
 * memory 0 what the depth needs: 256 KiB at depth 3, four times as
 * much a move deeper, 64 MiB from depth 7 on; a smaller table gives
 * the same count, more slowly, and one under a few hundred bytes none.
 * Returns 0; -1 if the state fails the check (d, if not NULL, says
 * why); -2 if out of memory.
 */
int		 qttt_perft(const struct qttt_state *, unsigned int depth,
		    size_t memory, uint64_t *count, struct qttt_diag *d);

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
		    unsigned int depth, size_t memory,
		    struct qttt_divide out[QTTT_MAXACTIONS], size_t *n,
		    struct qttt_diag *d);

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

/*
 * A long count's progress, for a program to show: fn(arg, done) is
 * called as the count goes, done being the share of the position's
 * tree walked so far, from 0 to 1.  Each action of a position is an
 * equal share of the position's; the first moves down are told, until
 * a share is under 1/1024: about a thousand calls a count, done only
 * growing, and 1 at the end of a count that succeeds.  fn runs on the
 * caller's thread, inside the count.
 */
struct qttt_progress {
	void	(*fn)(void *arg, double done);
	void	*arg;
};

/*
 * qttt_perft(), qttt_perft_divide() and qttt_count_games() that tell
 * their progress to p (NULL, or a NULL fn: none).  The counts are the
 * same.
 */
int		 qttt_perft_progress(const struct qttt_state *,
		    unsigned int depth, size_t memory, uint64_t *count,
		    const struct qttt_progress *p, struct qttt_diag *d);
int		 qttt_perft_divide_progress(const struct qttt_state *,
		    unsigned int depth, size_t memory,
		    struct qttt_divide out[QTTT_MAXACTIONS], size_t *n,
		    const struct qttt_progress *p, struct qttt_diag *d);
int		 qttt_count_games_progress(const struct qttt_state *,
		    size_t memory, struct qttt_games *,
		    const struct qttt_progress *p, struct qttt_diag *d);

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

/*
 * The same under a rule profile (QTTT_RULES_*): the result field is
 * one of the profile's and the board's under it, the position one the
 * profile's games reach, and st is played by it.  qttt_state_parse()
 * is this under QTTT_RULES_GOFF.  A number that is no profile is
 * refused (QTTT_E_STATE).
 */
enum qttt_code	 qttt_state_parse_rules(const char *s, size_t len,
		    unsigned int rules, struct qttt_state *st,
		    struct qttt_diag *d);

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
/*
 * Variations (formats/line-notation.md, "Variations"): lines that
 * branch from a record's main line or from another variation, each
 * an alternative to one item of the line it branches from, which it
 * replaces, and the actions after it.  A record holds at most
 * QTTT_MAXVARS of them, with QTTT_MAXVARITEMS items in all, nested at
 * most QTTT_MAXVARDEPTH deep (a variation of the main line is at
 * depth 1).  QTTT_MAINLINE names the main line where a variation is
 * asked for.
 */
#define QTTT_MAXVARS		64
#define QTTT_MAXVARITEMS	256
#define QTTT_MAXVARDEPTH	8
#define QTTT_MAINLINE		((size_t)-1)

/*
 * A variation of a record: the line it branches from (parent: the
 * main line, QTTT_MAINLINE, or the index of a variation in the
 * record's vars, always lower than its own), the item of that line it
 * is an alternative to (at, from 0), its items (nitems of them from
 * the record's varitems[first]: actions only, no result), and where
 * its '(' is (line and col, 0-based; 0, 0 for one added by
 * qttt_record_var_add()).
 */
struct qttt_variation {
	size_t			 parent;
	size_t			 at;
	size_t			 first, nitems;
	unsigned long		 line, col;
};

/* Diagnostics kept per record; the rest are counted in ndropped. */
#define QTTT_MAXDIAGS	16
/* The longest line the line notation reader accepts, in bytes. */
#define QTTT_LINE_MAX	65536

/*
 * The record formats.  A reader reads YAML and JSON alike (a JSON
 * record is a YAML one), as QTTT_FORMAT_YAML, and takes
 * QTTT_FORMAT_JSON for it; a writer writes JSON (one object on a line)
 * for QTTT_FORMAT_JSON and YAML documents for QTTT_FORMAT_YAML.
 */
enum qttt_format {
	QTTT_FORMAT_AUTO = 0,
	QTTT_FORMAT_LINE,
	QTTT_FORMAT_YAML,	/* YAML and JSON */
	QTTT_FORMAT_GOFF,
	QTTT_FORMAT_STATE,	/* state strings: positions, not games */
	QTTT_FORMAT_JSON
};

/*
 * The name of a format in a message: "the line notation", "YAML",
 * "JSON", "Goff's notation", "state strings", "any format" (auto);
 * "??" for a number that is none.
 */
const char	*qttt_format_name(enum qttt_format);

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

/*
 * Metadata entries per game, at most; notes on its moves, in all; the
 * bytes of a record's keys, values and comments, in all (its metadata,
 * its comment, and the comments and notes of its moves), the same in
 * every format (formats/limits.md), so that any record a reader takes,
 * every writer writes and every reader reads back.  The line notation
 * keeps the text of its quoted values in QTTT_TAGTEXT bytes.
 */
#define QTTT_MAXMETA	64
#define QTTT_MAXNOTES	64
#define QTTT_EXTRAS_MAX	8192
#define QTTT_TAGTEXT	QTTT_EXTRAS_MAX

/*
 * A game of a stream of states, up to one of its states (struct
 * qttt_record's history; formats/state-string.md, section 7): the
 * states of one game of qttt-replay's JSON Lines, one after another,
 * are that game, and where a state is the ply after the one before,
 * the action between them is known (qttt_action_between).  So a
 * program that reads such a stream gets its games back, with the
 * plies to highlight, animate or replay.
 *
 *	nstates	the game's states up to this one: 1 if this state
 *		starts a game (a bare state string always does, and so
 *		does a state that does not go on from the last state
 *		read: another game or file, a ply not later, or a path
 *		not on a line through the last state's); 0 for a record
 *		that is no state of a stream
 *	line	the line of the game's first state
 *	first	the ply of the game's first state (-1: not said)
 *	gap	set if a ply of the game before this state is missing
 *		(a state not in the stream, or not one action after the
 *		state before it)
 *	start	the state the plies start from: the game's first state,
 *		or its first after the last ply missing
 *	plies	the actions from start to this state, nplies of them
 *	aside	set for a state inside a variation (its path says so)
 *		that does not go on from the last state read: it stands
 *		on its own (nstates 1), and the game followed goes on
 *		after it, as the main line goes on after qttt-replay
 *		-v's states of a variation
 */
struct qttt_history {
	unsigned int		 nstates;
	int			 aside;
	unsigned long		 line;
	long			 first;
	int			 gap;
	struct qttt_state	 start;
	size_t			 nplies;
	struct qttt_action	 plies[QTTT_MAXPLIES];
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
	 * The path of a position of the stream, as its line says ("path",
	 * as qttt-replay -v and -p PATH write it): not NUL-terminated and
	 * valid until the next read; NULL when not said.
	 */
	const char		*path;
	size_t			 pathlen;
	/*
	 * The game of the stream this position belongs to, up to it
	 * (struct qttt_history); nstates is 0 for any other record.
	 */
	struct qttt_history	 history;
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
	/*
	 * The rule profile the record is played by (QTTT_RULES_*), which
	 * qttt_record_play() plays and judges its result by: the one its
	 * rules tag (line notation) or key (YAML, JSON) names, with
	 * rules_named set; else the reader's (qttt_reader_rules(), Goff's
	 * rules unless told), the profile of every record of Goff's
	 * notation and of every state string.
	 */
	unsigned int		 rules;
	int			 rules_named;
	/*
	 * The result awarded to a game the board leaves unfinished
	 * (formats/line-notation.md, "Forfeits and adjudications"): the
	 * record's result where its termination explains it, which
	 * qttt_record_play() sets (awarded.over is 0 for none), with the
	 * position it was awarded in, the game's last.  And how
	 * the game ended, as its termination tag (line notation) or key
	 * (YAML, JSON) says, which qttt_record_play() reads where the
	 * record states a result that the board does not give:
	 * QTTT_TERM_NORMAL otherwise and without the tag, QTTT_NTERMS for
	 * a value that names no termination.
	 */
	enum qttt_termination	 termination;
	struct qttt_result	 awarded;
	struct qttt_state	 awarded_at;
	/*
	 * The record's variations, nvars of them, in the order they are
	 * written: a variation before the ones inside it, those of one
	 * line in the order of the items they branch at, those of one
	 * item in the order they were written (alternatives, the first
	 * first); their items, nvaritems in all, each variation's
	 * together and in the same order.  None for a record without.
	 */
	size_t			 nvars;
	struct qttt_variation	 vars[QTTT_MAXVARS];
	size_t			 nvaritems;
	struct qttt_item	 varitems[QTTT_MAXVARITEMS];
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
 * Plays a whole record from the empty board (or from its start, for a
 * position: the game then has no plies, and its state is the start):
 * every item up to the first one that is illegal (the position after
 * it is undefined, so later items cannot be judged) or the first
 * syntax error; then every variation, from the position where it
 * branches, up to its first illegal item (a variation whose line is
 * illegal before it branches is not played), each refusal a
 * diagnostic at its item.  The game is the main line's, and so is the
 * result judged.  Sorts the record's diagnostics by position.  Returns
 * the number of errors the record has in all (syntax and rules; its
 * warnings do not count): 0 for a valid record.  The game may be
 * NULL: the record is then judged and nothing more kept, as a checker
 * that writes nothing of a valid game needs.
 */
size_t		 qttt_record_play(struct qttt_record *, struct qttt_game *);

/*
 * The items of a line of a record: of the main line (QTTT_MAINLINE,
 * its result included) or of variation v, their number in *n.  NULL,
 * with *n 0, for a v that is no variation of the record.
 */
const struct qttt_item *qttt_record_line(const struct qttt_record *,
		    size_t v, size_t *n);

/*
 * The game of line v of a record (QTTT_MAINLINE or a variation),
 * played into g from the record's start: the actions of the lines it
 * branches from up to where it does, then its own.  Returns 0, or -1
 * if v is no line of the record or an action is illegal (g then holds
 * the plies before it).
 */
int		 qttt_record_var_game(const struct qttt_record *, size_t v,
		    struct qttt_game *g);

/*
 * How deep variation v is: 1 for a variation of the main line, one
 * more for each variation it is inside; 0 for the main line.
 */
size_t		 qttt_record_var_depth(const struct qttt_record *, size_t v);

/*
 * Adds a variation to a record: n action items (copied; what their
 * comments and notes point to stays the caller's) as an alternative
 * to item at of line parent (QTTT_MAINLINE or a variation), after the
 * alternatives it has.  Sets *v (which may be NULL) to its index,
 * which the variations after it in rec->vars make room for (their
 * indices grow by one).  Returns 0, or -1 if parent is no line of the
 * record, at no action of it, n is 0, an item is a result, or the
 * record has no room for it (QTTT_MAXVARS, QTTT_MAXVARITEMS,
 * QTTT_MAXVARDEPTH).  The record is not played: qttt_record_play()
 * judges it.
 */
int		 qttt_record_var_add(struct qttt_record *, size_t parent,
		    size_t at, const struct qttt_item *items, size_t n,
		    size_t *v);

/*
 * Removes variation v and every variation inside it; the indices of
 * the variations after them shrink.  Returns 0, or -1 if v is no
 * variation of the record.
 */
int		 qttt_record_var_remove(struct qttt_record *, size_t v);

/*
 * Promotes variation v: its items become those of the line it
 * branches from, from the item it replaces on, and what that line had
 * from there becomes a variation in its place, the first alternative
 * at that item (the main line keeps its result item last where the
 * new main line gives that result or the record's termination awards
 * it, and drops it otherwise: the record stays valid).  The
 * variations of either part go with their items.  Sets *old (which
 * may be NULL) to the index of the variation that holds the line's
 * former continuation.  Returns 0, or -1 if v is no variation of the
 * record or the promoted line does not fit (QTTT_MAXITEMS on the main
 * line).
 */
int		 qttt_record_var_promote(struct qttt_record *, size_t v,
		    size_t *old);

/*
 * Paths (formats/line-notation.md, "Paths"): a position of a record
 * named by the plies of the main line played (5), then for each
 * variation entered the alternative taken to the item just played
 * and the items of it played (5.1.2: after 2 items of the first
 * variation that replaces ply 5).  A path is at most QTTT_PATH_MAX
 * bytes with its NUL.
 */
#define QTTT_PATH_MAX	64

/*
 * Reads the path in s (len bytes) into the line it ends on (*v:
 * QTTT_MAINLINE or a variation's index) and the items of that line
 * played (*n; the main line's result is no position).  Returns 0, or
 * -1 with a message in d (which may be NULL): QTTT_E_SYNTAX for text
 * that is no path, QTTT_E_PLIES for a path that names no position of
 * the record.  With rec NULL only the text is checked (*v and *n then
 * name nothing).
 */
int		 qttt_record_path(const struct qttt_record *, const char *s,
		    size_t len, size_t *v, size_t *n, struct qttt_diag *d);

/*
 * Writes into buf (size bytes, QTTT_PATH_MAX enough) the path of the
 * position after n items of line v (0 items of a variation is the
 * position where it branches).  Returns the path's length, or -1 if
 * the record has no such position or buf is too small.
 */
int		 qttt_record_path_name(const struct qttt_record *, size_t v,
		    size_t n, char *buf, size_t size);

/*
 * The format a record is written in, as a writer takes it: rec->format,
 * but QTTT_FORMAT_JSON for a YAML record whose text is JSON (starts
 * with '{' or '[').
 */
enum qttt_format qttt_record_format(const struct qttt_record *);

/*
 * Two rule profiles on one record (qttt_rules_compare): the first
 * place where they disagree, what about, and what each makes of it.
 *
 *	what	QTTT_RULES_AGREE, or what they disagree about: an action
 *		one allows and the other refuses (LEGAL), who measures a
 *		pending cycle (MEASURER), whether the game is over after
 *		an action (OVER), the result of a game over under both
 *		(RESULT), whether the stated result is the game's
 *		(STATED)
 *	ply	the ply (from 1) at which they disagree: the action
 *		refused, or whose measurement is due, or after which the
 *		game is over; for STATED, the plies before the result;
 *		0 when they agree
 *	item	the record's item at fault (nitems: its end), at line,
 *		col (0-based, as diagnostics are)
 *	msg	one line of English: "goff allows X9 b2, python refuses
 *		it: ... [game-over]", "goff and python agree on the whole
 *		game"
 *	invalid	set when they agree that the record is invalid: an item
 *		both refuse, or a stated result that is neither's
 */
enum qttt_rules_point {
	QTTT_RULES_AGREE = 0,
	QTTT_RULES_DIFFER_LEGAL,
	QTTT_RULES_DIFFER_MEASURER,
	QTTT_RULES_DIFFER_OVER,
	QTTT_RULES_DIFFER_RESULT,
	QTTT_RULES_DIFFER_STATED
};

struct qttt_rules_diff {
	enum qttt_rules_point what;
	size_t			 ply;
	size_t			 item;
	unsigned long		 line, col;
	char			 msg[QTTT_MSG_MAX];
	int			 invalid;
};

/*
 * Plays the items of a record (those before its first syntax error,
 * from its start for a position) under profiles a and b, whatever
 * profile the record names, up to the first place they disagree, or
 * to an item both refuse, or to its end.  Fills d and returns 1 if
 * they disagree, 0 if not.
 */
int		 qttt_rules_compare(const struct qttt_record *,
		    unsigned int a, unsigned int b,
		    struct qttt_rules_diff *d);

/*
 * Where two profiles disagree (diff->what not QTTT_RULES_AGREE) as a
 * diagnostic in d: a QTTT_N_DIFFER note at its line and column, with
 * its message, as qttt-validate -R a -R b shows it.
 */
void		 qttt_rules_diff_diag(const struct qttt_rules_diff *diff,
		    struct qttt_diag *d);

/*
 * Whether the one fault of a record that qttt_record_play() judged is
 * its stated result, which the game does not reach (every diagnostic
 * kept, none dropped): written with the result the game reaches, as
 * the writers write it, the record is valid.
 */
int		 qttt_record_result_only(const struct qttt_record *);

/*
 * The result a record's game counts with, once qttt_record_play() has
 * played it into g: the board's, or where the board leaves the game
 * unfinished, the result its termination tag explains (rec->awarded: a
 * forfeit's or an adjudication's).  rec may be NULL (the board's).
 */
const struct qttt_result *qttt_record_result(const struct qttt_record *rec,
		    const struct qttt_game *g);

/*
 * For a record that qttt_record_play() found invalid by the rules
 * alone (no syntax error, every diagnostic kept, not a position, no
 * variation, which a profile would have to play too): the
 * name of the first preset, other than the record's profile, under
 * which its items play through to the result it states, or NULL if
 * there is none.  It replays the record under each preset; a valid
 * record costs nothing (NULL at once).
 */
const char	*qttt_record_preset(const struct qttt_record *);

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

/*
 * Opens a reader on a source that is no file descriptor (a program's
 * own stream, text in memory): the reader calls fill(arg, buf, n) as it
 * would read(2), for up to n bytes into buf, and fill returns the
 * number of bytes it put there, 0 at the end of the input, or -1 with
 * errno set on an error (a QTTT_E_IO diagnostic, as for a descriptor).
 * The reader reads as it needs, a block at a time, never holding more
 * of the input than a reader of a file does.  Returns NULL if out of
 * memory.
 */
struct qttt_reader *qttt_reader_open_fill(long (*fill)(void *arg,
		    char *buf, size_t n), void *arg, enum qttt_format);

/* The format being read (after detection). */
enum qttt_format qttt_reader_format(const struct qttt_reader *);

/*
 * The profile of the records read that name none (and of state
 * strings, which have no place for one): Goff's rules until this is
 * called.  Once it is, a record that names another profile is played
 * by its own, with a note (QTTT_N_RULES, at its rules tag or key).
 * Call it before the first read; a reader of a chunk takes the
 * profile of the reader the chunk was split from.
 */
void		 qttt_reader_rules(struct qttt_reader *, unsigned int rules);

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

/*
 * Reading an input on several threads (parallel.c; not in the viewer
 * page's module, which has no threads): a program's function for the
 * games of a chunk, run on worker threads, and their output written in
 * input order.  The calling thread cuts the input into chunks
 * (qttt_reader_split()) and writes out what each chunk gave; the
 * workers play the games of a chunk, each into output streams of its
 * own (memory streams).  Only the line notation is cut this way.
 *
 * A chunk of games, as the program's run function sees it: its games,
 * the streams its output goes to, its result (the program's tally,
 * zeroed), the thread's own (local_new(); NULL on the calling thread);
 * run sets failed if it could not do its work.  The other fields are
 * the pool's own.
 */
struct qttt_par_cut;
struct qttt_par_job {
	struct qttt_reader *reader;
	FILE		*out;
	FILE		*err;
	void		*result;
	void		*local;
	int		 failed;

	/* The pool's own. */
	struct qttt_chunk *chunk;
	char		*outbuf, *errbuf;
	size_t		 outlen, errlen;
	struct qttt_par_cut *cuts;
	size_t		 ncuts, maxcuts;
	unsigned long	 games;		/* asked for by qttt_par_more() */
	int		 stopped;	/* qttt_par_more() said no */
	int		 direct;	/* out and err are the input's */
	int		 done;
};

/*
 * What a program runs on the chunks:
 *	resultsize	the size of its tally of a chunk
 *	chunksize	the text of a chunk, in bytes (0: QTTT_CHUNK_TEXT);
 *			smaller for a program that writes much for each
 *			game, since every chunk under way holds its output
 *	run		on any thread: plays the games of job->reader,
 *			writing to job->out and job->err and counting in
 *			job->result; arg is shared by every thread, only
 *			read
 *	merge		on the calling thread, in input order, once the
 *			job's output is written: adds job->result to the
 *			totals
 *	local_new	optional (NULL for none): what a worker thread
 *			keeps from one job to the next, made on the thread
 *			before its first job (a thread that cannot make it
 *			takes no job) and freed by local_free after its
 *			last; the calling thread has none (job->local NULL)
 */
struct qttt_par_tool {
	size_t	 resultsize;
	size_t	 chunksize;
	void	(*run)(const void *arg, struct qttt_par_job *job);
	void	(*merge)(void *totals, const struct qttt_par_job *job);
	void	*(*local_new)(const void *arg);
	void	(*local_free)(void *local);
};

/*
 * Whether run may read another game of the job.  Once the job's output
 * has grown past QTTT_PAR_OUTMAX, it may not: the calling thread plays
 * the rest of the chunk when the job's turn to be written comes,
 * writing straight to the output, so that memory stays bounded however
 * much the games make the program write.  Always 1 with NULL.
 */
#define QTTT_PAR_OUTMAX	(64 * 1024)
int		 qttt_par_more(struct qttt_par_job *job);

/*
 * Call before writing to job->err: what was written to job->out so far
 * comes out first, as when standard output is flushed before standard
 * error is written.  NULL does nothing.
 */
void		 qttt_par_sync(struct qttt_par_job *job);

/*
 * Plays every game of r, a reader at the start of its input, on
 * nthreads threads (at most QTTT_PAR_MAXTHREADS; the calling thread is
 * one of them, and the others start only once there is more than one
 * chunk), with tool and arg, adding each chunk's result to totals and
 * writing its output to out and err in input order.  Returns 0 at the
 * end of the input; -1 on a read error, with the diagnostic in rec,
 * after the games before it; QTTT_SPLIT_NOT, when nothing has been
 * read (qttt_reader_next() reads it), if the input is not in the line
 * notation or there is not the memory to read it on several threads;
 * QTTT_PAR_STOP if out could not be written.  Memory that runs out on
 * the way, or a job that failed, is reported as a read error ("out of
 * memory" in rec): the input's games from there on are not played.
 */
#define QTTT_PAR_MAXTHREADS	4
#define QTTT_PAR_STOP		(-2)
int		 qttt_par_input(struct qttt_reader *r, struct qttt_record *rec,
		    int nthreads, const struct qttt_par_tool *tool,
		    const void *arg, void *totals, FILE *out, FILE *err);

/* ------------------------------------------------------------------ */
/* What a record holds besides its moves (meta.c); YAML's limits      */
/* ------------------------------------------------------------------ */

/*
 * The limits of the YAML and JSON reader (formats/yaml-record.md).  A
 * document (one game, or a list of games) holds at most
 * QTTT_YAML_DOC_MAX bytes; a move, a value or a comment at most
 * QTTT_YAML_SCALAR_MAX, a key QTTT_YAML_KEY_MAX; collections nest at
 * most QTTT_YAML_DEPTH deep (a list of games, a game, its moves, a
 * move, and three more for each of QTTT_MAXVARDEPTH variations inside
 * one another: a move's list of variations, a variation, its move).
 * With QTTT_MAXMETA and QTTT_MAXNOTES, they bound the
 * reader's memory, whatever the input: about 1.8 MiB, and libyaml's,
 * at most about twice a document.
 */
#define QTTT_YAML_DOC_MAX	(1024 * 1024)
#define QTTT_YAML_SCALAR_MAX	4096
#define QTTT_YAML_KEY_MAX	128
#define QTTT_YAML_DEPTH		(4 + 3 * QTTT_MAXVARDEPTH)

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
 *	awarded	the result of a game the board leaves unfinished, which
 *		a forfeit or an adjudication gave (struct qttt_record's
 *		awarded), written as the game's result with a metadata
 *		entry "termination" that explains it
 *		(formats/line-notation.md, "Forfeits and
 *		adjudications"); awarded.over is 0 for none, and it is
 *		not written of a game that is over.
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
	struct qttt_result	 awarded;
	/*
	 * The game's variations (struct qttt_record's vars, varitems):
	 * nvars of them, branching at the plies (a variation of the main
	 * line replaces ply at); their items carry their own comments and
	 * notes.  The line notation, YAML and JSON write them; Goff's
	 * notation refuses a game that has any.
	 */
	size_t			 nvars;
	const struct qttt_variation *vars;
	const struct qttt_item	*varitems;
	/*
	 * What the writers leave out of the variations' items:
	 * QTTT_STRIP_COMMENTS, _TAGS, _GLYPHS (qttt_game_trim).
	 */
	unsigned int		 varstrip;
};

/* Empties extras: no metadata, no comment, nothing on any ply. */
void		 qttt_extras_init(struct qttt_extras *);

/*
 * Fills ex from rec, the record g was played from: its metadata, its
 * comment (the comment after a line-notation or Goff record), for
 * each ply the comment and notes of its action item, and its
 * variations.  rec may be NULL
 * (ex is then empty).  ex points into rec: valid until its next read.
 */
void		 qttt_extras_from_record(struct qttt_extras *ex,
		    const struct qttt_game *g, const struct qttt_record *rec);

/*
 * qttt_extras_from_record() for the game of line v of the record
 * (qttt_record_var_game()): each ply's comment and notes are those of
 * the item of its line, and the game has no variations and no result
 * awarded; v QTTT_MAINLINE is qttt_extras_from_record().
 */
void		 qttt_extras_from_line(struct qttt_extras *ex,
		    const struct qttt_game *g, const struct qttt_record *rec,
		    size_t v);

/* The metadata entry of key (NUL-terminated), or NULL. */
const struct qttt_meta *qttt_extras_meta(const struct qttt_extras *,
		    const char *key);

/*
 * Whether extras, for a game of nplies plies, can be written in YAML
 * and JSON and read back as they are: every key not empty, of at most
 * QTTT_YAML_KEY_MAX bytes, every value and comment of at most
 * QTTT_YAML_SCALAR_MAX, all valid UTF-8 with no NUL; at most
 * QTTT_MAXMETA metadata entries and QTTT_MAXNOTES notes (those of the
 * variations' items counted with the plies', and so are their bytes,
 * in QTTT_EXTRAS_MAX, as the readers count them); no metadata
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
 * Whether a record holds metadata, comments or notes (which Goff's
 * notation does not hold: qttt_record_write).
 */
int		 qttt_record_extras(const struct qttt_record *);

/* ================================================================== */
/* collection: selecting and counting the games of a collection      */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Numbers and ranges (ranges.c): game numbers, lengths                 */
/* ------------------------------------------------------------------ */

/*
 * A list of numbers and ranges of numbers as a user writes it in an
 * option (every tool's -g, qttt-select's -M, -P, -m): a number "3", a
 * range "2-5", "10-" (10 and every number after it), "-4" (every
 * number from the first to 4), and comma lists of them, "1,4-6,10-",
 * of which any may hold.  Numbers are decimal digits only, none below
 * the first number the caller allows (1 for game numbers), none above
 * QTTT_RANGE_MAX.  A range holds lo[i] to hi[i]; "10-" ends at
 * QTTT_RANGE_END.
 */
#define QTTT_MAXRANGES	32
#define QTTT_RANGE_MAX	1000000000000ULL
#define QTTT_RANGE_END	UINT64_MAX
struct qttt_ranges {
	size_t		 n;
	uint64_t	 lo[QTTT_MAXRANGES], hi[QTTT_MAXRANGES];
};

/*
 * Parses s (NUL-terminated), whose numbers start at min, into r.
 * Returns 0, or -1 with a QTTT_E_SYNTAX diagnostic in d (which may be
 * NULL), its column the byte of s at fault; r is then unchanged.
 */
int		 qttt_ranges_parse(const char *s, unsigned long min,
		    struct qttt_ranges *r, struct qttt_diag *d);
/* Whether r holds v; the largest number r holds (QTTT_RANGE_END: all). */
int		 qttt_ranges_has(const struct qttt_ranges *, uint64_t v);
uint64_t	 qttt_ranges_last(const struct qttt_ranges *);

/*
 * Whether a reader may stop after rec when it reads the games r names
 * (every tool's -g): no record after it can be one of them, its number
 * being the last r holds or past it.  Never for a state of a stream of
 * states, several of which may have their game's number.
 */
int		 qttt_ranges_past(const struct qttt_ranges *r,
		    const struct qttt_record *rec);

/*
 * The positions of a game a user asks for, as qttt-render -p takes
 * them (and qttt-replay -p, but ranges): "N", the position after N
 * plies (decimal digits, 0 to QTTT_MAXPLIES), "N-M", each from N to M
 * (M not below N), or a path into a variation, any text with a '.'
 * ("5.1.2"), its text checked here, which qttt_record_path() reads
 * against each record.  Returns 0 with *from and *to (both 0 for a
 * path) and *path; or -1 with a QTTT_E_SYNTAX diagnostic in d (which
 * may be NULL), its column the byte of s at fault, nothing changed.
 */
int		 qttt_plies_parse(const char *s, long *from, long *to,
		    int *path, struct qttt_diag *d);

/* ------------------------------------------------------------------ */
/* Selection (select.c): criteria, patterns of squares                  */
/* ------------------------------------------------------------------ */

/*
 * A pattern of squares (qttt-select -p): what squares hold at one
 * ply, "b2=X,a1=O,c3=.": a classical X, a classical O, or no classical
 * mark ('.'); the letters in either case; each square named once at
 * most, since one square cannot hold two things.
 */
enum qttt_want {
	QTTT_WANT_ANY = 0,	/* a square the pattern does not name */
	QTTT_WANT_X,
	QTTT_WANT_O,
	QTTT_WANT_OPEN
};
struct qttt_pattern {
	unsigned char	 want[QTTT_NSQUARES];	/* enum qttt_want */
};

/*
 * Parses s (NUL-terminated) into p.  Returns 0, or -1 with a
 * diagnostic in d (QTTT_E_SQUARE, QTTT_E_SYNTAX; d may be NULL), its
 * column the byte of s at fault.  qttt_pattern_match() says whether
 * st holds what p asks.
 */
int		 qttt_pattern_parse(const char *s, struct qttt_pattern *p,
		    struct qttt_diag *d);
int		 qttt_pattern_match(const struct qttt_pattern *,
		    const struct qttt_state *st);

/*
 * Selection criteria (qttt-select(1)), each kind as a user writes it:
 *
 *	GAMES		game numbers and ranges (from 1): "2,4-6"
 *	RESULT		results: "1-0,0-1,1-1/2,1/2-1,3/2-0,2-0,0-0",
 *			"finished", "*" or "unfinished", "pending" (a
 *			measurement due)
 *	WINNER		"x", "o" (scored more) or "none" (a draw, a game
 *			not over)
 *	MOVES, PLIES, MEASUREMENTS  numbers and ranges (from 0)
 *	FEATURE		"2-cycle", "forced-x9" ("forced"),
 *			"simultaneous", "double-line", "renamed" (a
 *			measurement written naming a move other than the
 *			one that closed the cycle), "cycle-N" (N 2 to 9)
 *	OPENING		the first actions, in the line notation: "X1 a1
 *			b2; O2 c3 b2", in any orientation of the board
 *	STATE		a position reached at some ply, a state string,
 *			in any orientation
 *	PATTERN		a pattern of squares met at some ply
 *	META		a metadata key, "key", or its value matching a
 *			shell pattern (fnmatch(3)), "key=pattern"
 *
 * Every criterion added must hold: a kind given twice holds both ways
 * (two lists of games: the games both name).
 */
enum qttt_criterion {
	QTTT_CRIT_GAMES = 0,
	QTTT_CRIT_RESULT,
	QTTT_CRIT_WINNER,
	QTTT_CRIT_MOVES,
	QTTT_CRIT_PLIES,
	QTTT_CRIT_MEASUREMENTS,
	QTTT_CRIT_FEATURE,
	QTTT_CRIT_OPENING,
	QTTT_CRIT_STATE,
	QTTT_CRIT_PATTERN,
	QTTT_CRIT_META
};

/* Which games a selection looks at, by the rules' verdict. */
enum qttt_validity {
	QTTT_SELECT_VALID = 0,
	QTTT_SELECT_INVALID,
	QTTT_SELECT_ANY
};

/* Criteria of one kind that keep a list (all but ranges and winners). */
#define QTTT_MAXCRIT		16
/* Bytes of metadata keys and patterns, each with its NUL. */
#define QTTT_CRIT_TEXT		4096
#define QTTT_CRIT_NOTEXT	((unsigned short)-1)

/*
 * Compiled criteria: a plain value the caller owns, which
 * qttt_criteria_init() empties (every valid game meets it) and
 * qttt_criteria_add() fills in.  The caller sets four fields itself:
 *
 *	validity	the valid games (the default), the invalid ones, or
 *			any game; the other criteria look at an invalid
 *			game as far as the rules played it
 *	exact		OPENING and STATE in the orientation written only
 *	invert		the games that fail some criterion instead
 *	rules		the rule profile (QTTT_RULES_*, Goff's by
 *			default) OPENING and STATE are read by, before
 *			they are added
 *
 * The other fields are the library's.
 */
struct qttt_criteria {
	enum qttt_validity validity;
	int		 exact;
	int		 invert;
	unsigned int	 given;		/* bit k: kind k added */
	struct qttt_ranges games, moves, plies, measurements;
	size_t		 nresults;
	unsigned int	 results[QTTT_MAXCRIT];
	unsigned int	 winners;
	size_t		 nfeatures;
	unsigned char	 feature[QTTT_MAXCRIT], cyclelen[QTTT_MAXCRIT];
	size_t		 nopenings;
	unsigned char	 openlen[QTTT_MAXCRIT];
	struct qttt_action opening[QTTT_MAXCRIT][QTTT_MAXPLIES];
	size_t		 nstates;
	uint64_t	 statekey[QTTT_MAXCRIT], symkey[QTTT_MAXCRIT];
	size_t		 npatterns;
	struct qttt_pattern pattern[QTTT_MAXCRIT];
	size_t		 nmeta;
	unsigned short	 metakey[QTTT_MAXCRIT], metapattern[QTTT_MAXCRIT];
	size_t		 textlen;
	char		 text[QTTT_CRIT_TEXT];
	unsigned int	 rules;
};

void		 qttt_criteria_init(struct qttt_criteria *);

/*
 * Adds a criterion of a kind, as s (NUL-terminated) writes it; s need
 * not live on.  Returns 0, or -1 with a diagnostic in d (which may be
 * NULL): QTTT_E_SYNTAX, QTTT_E_SQUARE, QTTT_E_TOOMANY (more than
 * QTTT_MAXCRIT of a kind, QTTT_CRIT_TEXT bytes of keys and patterns),
 * QTTT_E_STATE for a state string, a rule's code for an opening the
 * rules refuse; its column is the byte of s at fault.  The criteria
 * are then unchanged but where two lists of ranges meet in more than
 * QTTT_MAXRANGES ranges.
 */
int		 qttt_criteria_add(struct qttt_criteria *,
		    enum qttt_criterion, const char *s, struct qttt_diag *d);

/*
 * Whether a game meets the criteria (fails one, with invert): g as
 * qttt_record_play() played it from rec, which returned errors.  rec
 * may be NULL for a game that no record holds: it then has no number
 * and no metadata (GAMES and META fail), and no measurement renamed.
 */
int		 qttt_criteria_match(const struct qttt_criteria *,
		    const struct qttt_record *rec, const struct qttt_game *g,
		    size_t errors);

/* ------------------------------------------------------------------ */
/* Duplicates (gameset.c)                                               */
/* ------------------------------------------------------------------ */

/*
 * The key of a game: 128 bits that two games share if and only if
 * they are played by the same profile and have the same plies (a game
 * is its canonical plies, however its record wrote them), or with
 * symmetric, if one is an image of the
 * other under the symmetries of the board (their canonical forms,
 * qttt_game_symcanon, have the same plies).  A game with no ply is its
 * state: two positions have one key if they are equal (or images of
 * each other); a game with no move and the empty board have one key.
 */
struct qttt_game_key {
	uint64_t	 hi, lo;
};
void		 qttt_game_key(const struct qttt_game *, int symmetric,
		    struct qttt_game_key *);

/*
 * A set of games, by their keys (exact, or up to the symmetries with
 * QTTT_GAMESET_SYMMETRIC): what qttt-select -u and -U keep to drop the
 * games seen before.  Each game costs 16 bytes in a table at most
 * three quarters full, which doubles as it fills: between 21 and 43
 * bytes a game, and while it doubles the old table and the new, half
 * as much again; ten million games take about 400 MiB at most.
 * max_bytes bounds the tables (0: no bound but the memory there is).
 *
 * qttt_gameset_new() returns NULL if out of memory; _add() returns 1
 * for a game not in the set (now added), 0 for one in it, -1 for a new
 * game when the table cannot grow (out of memory, or past max_bytes);
 * _size() is the number of games in the set; _free() accepts NULL.
 */
#define QTTT_GAMESET_SYMMETRIC	0x1
struct qttt_gameset;
struct qttt_gameset *qttt_gameset_new(unsigned int flags, size_t max_bytes);
int		 qttt_gameset_add(struct qttt_gameset *,
		    const struct qttt_game *);
size_t		 qttt_gameset_size(const struct qttt_gameset *);
void		 qttt_gameset_free(struct qttt_gameset *);

/* ------------------------------------------------------------------ */
/* What is written of a game selected (trim.c)                          */
/* ------------------------------------------------------------------ */

/*
 * Trims a game and the extras it is written with (ex may be NULL), as
 * pgn-extract(1) trims a chess game: to its first plies plies, if it
 * has more (the state is then the state after them; a game played
 * from a position has no plies to cut), and without what strip names:
 *
 *	QTTT_STRIP_COMMENTS	the game's comment and its moves'
 *	QTTT_STRIP_TAGS		the metadata, and every note of a move
 *				but a glyph (formats/line-notation.md)
 *	QTTT_STRIP_GLYPHS	the glyphs: a note "mark" that is one
 *	QTTT_STRIP_VARIATIONS	the variations (those that branch at
 *				a ply cut go with it)
 *
 * The notes kept are copied into notes, which must live while ex is
 * used; nothing is kept for a ply cut.  The items of the variations
 * kept lose what strip names as they are written (ex->varstrip).
 * QTTT_TRIM_ALL keeps every ply.
 */
#define QTTT_STRIP_COMMENTS	0x1
#define QTTT_STRIP_TAGS		0x2
#define QTTT_STRIP_GLYPHS	0x4
#define QTTT_STRIP_VARIATIONS	0x8
#define QTTT_TRIM_ALL		((size_t)-1)
void		 qttt_game_trim(struct qttt_game *g, struct qttt_extras *ex,
		    size_t plies, unsigned int strip,
		    struct qttt_meta notes[QTTT_MAXNOTES]);

/* ------------------------------------------------------------------ */
/* The statistics of a collection (stats.c)                             */
/* ------------------------------------------------------------------ */

/*
 * What happened in the games of a collection, counted (qttt-stats):
 * a plain value of counts that qttt_stats_init() zeroes, that games
 * are added to one at a time, and that adds up with another, so that
 * parts counted apart (inputs, threads) make the whole.
 *
 *	games		records counted
 *	valid, invalid	of them, the valid games and the invalid records;
 *			positions: the records of a position (a state
 *			string), valid, counted there and nowhere else
 *	result[k]	finished games of result k (qttt_result_index)
 *	unfinished	games not over; pending: of them, with a
 *			measurement due
 *	finished	games over; halves[p]: the half points player p
 *			scored in them
 *	moves[n], plies[n], measurements[n]  games of n of each
 *	cycles[n]	cycles of n squares closed, in all the games
 *	twocycle, forced, simultaneous, doubleline  games with a 2-cycle,
 *			the forced X9, a line of each player at one
 *			collapse, X's two lines (struct qttt_features)
 *	opening[c]	games whose first move is of class c (enum
 *			qttt_opening), the finished ones, and the half
 *			points each player scored in those
 *
 * Everything below games and positions counts the valid games only.
 */
struct qttt_opening_stats {
	unsigned long	 games, finished, halves[2];
};
struct qttt_stats {
	unsigned long	 games, valid, invalid, positions;
	unsigned long	 result[QTTT_NRESULTS];
	unsigned long	 unfinished, pending;
	unsigned long	 finished, halves[2];
	unsigned long	 moves[QTTT_MAXMOVES + 1];
	unsigned long	 plies[QTTT_MAXPLIES + 1];
	unsigned long	 measurements[QTTT_MAXPLIES + 1];
	unsigned long	 cycles[QTTT_NSQUARES + 1];
	unsigned long	 twocycle, forced, simultaneous, doubleline;
	struct qttt_opening_stats opening[QTTT_NOPENINGS];
};

void		 qttt_stats_init(struct qttt_stats *);

/*
 * Counts a valid game (a game played by the rules from the empty
 * board); counts a record as qttt_record_play() left it, which
 * returned errors: an invalid record, a position, or a valid game.
 */
void		 qttt_stats_add_game(struct qttt_stats *,
		    const struct qttt_game *);
void		 qttt_stats_add_record(struct qttt_stats *,
		    const struct qttt_record *, const struct qttt_game *,
		    size_t errors);

/* Adds the counts of from to those of to. */
void		 qttt_stats_merge(struct qttt_stats *to,
		    const struct qttt_stats *from);

/* ------------------------------------------------------------------ */
/* A result awarded, checked (award.c)                                   */
/* ------------------------------------------------------------------ */

/*
 * Checks the result of a record that qttt_record_play() found valid,
 * where its termination is an adjudication (rec->awarded): it must be
 * the solver's value of the game's last position (rec->awarded_at)
 * under the record's profile (qttt_solver_result()), as
 * formats/line-notation.md says.  If it is not, adds a QTTT_E_RESULT
 * diagnostic at the result to rec (counted in its errors), clears
 * rec->awarded and returns QTTT_E_RESULT; else, and for any other
 * record, QTTT_OK.
 */
enum qttt_code	 qttt_record_check_award(struct qttt_solver *,
		    struct qttt_record *rec);

/* ================================================================== */
/* output: what the tools write                                       */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Records (record_write.c, line_write.c, goff_write.c)                 */
/* ------------------------------------------------------------------ */

/*
 * Writes one game (a game played from a record: its canonical moves)
 * to f in format to, with the extras ex (NULL for none):
 *
 *	QTTT_FORMAT_LINE	the comment lines of ex (lead) as they are,
 *		then the canonical record on a line
 *		(formats/line-notation.md, section 4): the metadata as
 *		tags ("[x Alice]"), each move's comment and notes as its tags
 *		("X3 a2 b3 [value 1-0]"), a last note "mark" that is a
 *		glyph as the glyph ("X3 a2 b3??"), and the game comment
 *		after the record (" # comment") if it is one line, else
 *		as the tag "[comment ...]".
 *	QTTT_FORMAT_YAML	the comment lines of ex as they are, then a
 *		YAML document, "---" first: the metadata in their order,
 *		then "comment" (the game comment, unless the metadata has
 *		a "comment" of their own), "moves" (a move with a comment
 *		or notes as a mapping of "move", "comment" and the notes
 *		in order) and "result" when the game is over.
 *	QTTT_FORMAT_JSON	the same as one JSON object on one line.  A
 *		value (of the metadata or a note) that is plain and a JSON
 *		number, true, false or null is written bare (a YAML null
 *		as null); any other as a string.  No comment lines: JSON
 *		has none.
 *	QTTT_FORMAT_GOFF	Goff's notation on one line
 *		(formats/goff-notation.md): squares 1 to 9, a measurement
 *		naming the cycle-closing move, with the measurer and the
 *		'!' list of the collapse; no loop annotations.  It holds
 *		no extras (ex is not written) and has no form for a game
 *		with no move.
 *
 * Every reader reads back what is written, extras and all.  Returns
 * 0; -1 if f reported an error; -2, writing nothing, if the format
 * cannot hold the game as it is (qttt_extras_check() refuses ex, or
 * Goff's notation and no move, or to is no format a game is written
 * in), with a QTTT_E_UNWRITABLE diagnostic saying why in d (which may
 * be NULL; its position is 0).
 */
int		 qttt_record_write(FILE *f, enum qttt_format to,
		    const struct qttt_game *g, const struct qttt_extras *ex,
		    struct qttt_diag *d);

/*
 * Comment lines that go with no game written (those before a game not
 * written, or after the last one: qttt_reader_trailer()), len bytes of
 * lines each ending in '\n', as they are, if format to holds them (the
 * line notation, YAML).  Returns 0; 1, writing nothing, if there are
 * lines and to holds none (JSON, Goff's notation); -1 if f reported an
 * error.
 */
int		 qttt_record_write_comments(FILE *f, enum qttt_format to,
		    const char *text, size_t len);

/*
 * The comment lines before a game (a record's lead) or after the last
 * (qttt_reader_trailer()), len bytes at text, as a conversion to `to`
 * takes them: with the game they go before when it is written in a
 * format that holds them (nothing to do here), written by themselves
 * when the game is not (alone) or there is none, and dropped in a
 * format that holds none (JSON, Goff's notation).  Returns the number
 * of lines dropped, 0 if none, or -1 if f reported an error.
 */
long		 qttt_record_convert_comments(FILE *f, enum qttt_format to,
		    const char *text, size_t len, int alone);

/*
 * Whether a valid record, which played g, is written as its canonical
 * form: a record of the line notation as qttt_record_write() writes g
 * with the record's extras (qttt_game_format() without any), a state
 * string as qttt_state_format() writes it, on a line that holds
 * nothing else and ends in a plain LF (no CR, no byte-order mark, not
 * the end of the input without a newline).  A record of another
 * format, or with no source text, has no canonical text: 1.
 */
int		 qttt_record_canonical(const struct qttt_record *,
		    const struct qttt_game *g);

/* ------------------------------------------------------------------ */
/* What is written of a game selected (select_write.c; qttt-select(1))  */
/* ------------------------------------------------------------------ */

/*
 * How a program writes the games it selects, as qttt-select does:
 *	to		the format (QTTT_FORMAT_AUTO: each in its own)
 *	canonical	each game alone (no comment, tag, glyph or
 *			variation), in its canonical orientation
 *			(qttt_game_symcanon())
 *	strip		what qttt_game_trim() strips (QTTT_STRIP_*)
 *	plies		the plies kept (QTTT_TRIM_ALL: all)
 *	splitvars	each variation after its game, as a game of its own
 */
struct qttt_select_write {
	enum qttt_format to;
	int		 canonical;
	unsigned int	 strip;
	size_t		 plies;
	int		 splitvars;
};

/*
 * The format a record is written in with o: o->to, but for a record
 * written as it was read (an invalid one, a position, or one that
 * nothing in o changes but for a YAML record), which keeps its own
 * (qttt_record_format()).  valid: the record has no error.
 */
enum qttt_format qttt_select_format(const struct qttt_select_write *o,
		    const struct qttt_record *rec, int valid);

/*
 * Writes a record selected on f with o: its text as read (a YAML
 * document after "---"; with its line end, CRLF if it had one), else
 * game (the record's, as played) trimmed, written by
 * qttt_record_write() in qttt_select_format()'s format, and with
 * splitvars each variation after it.  Returns 0; -1 if f reported an
 * error; -2 with the reason in d if the format cannot hold the game, a
 * variation is no game, or a record to be written as read has no text.
 */
int		 qttt_select_write(FILE *f, const struct qttt_select_write *o,
		    const struct qttt_record *rec, const struct qttt_game *game,
		    int valid, struct qttt_diag *d);

/* ------------------------------------------------------------------ */
/* Diagnostics shown (diag_text.c)                                      */
/* ------------------------------------------------------------------ */

/*
 * How diagnostics are shown (NULL: as text, columns as a terminal
 * shows them, every code): json, as JSON Lines rather than text for
 * people; byte_columns, columns that count bytes rather than the
 * columns of a terminal (a tab to the next multiple of 8, a wide
 * character two, a combining mark none); off, NULL or QTTT__NCODES
 * flags, the codes whose diagnostics are left out (the tools' -d);
 * one_line, each diagnostic on its one line, without the source line
 * and the caret (as GCC's -fno-diagnostics-show-caret, for editors'
 * lists of errors).
 */
struct qttt_diag_style {
	int			 json;
	int			 byte_columns;
	const unsigned char	*off;
	int			 one_line;
};

/*
 * Turns off in off, a struct qttt_diag_style's (a flag for each code),
 * the codes that list names (their qttt_code_name(), separated by
 * ','): those of warnings and notes alone, since an error turned off
 * would pass an invalid game.  Returns 0, or -1 with the name refused
 * in d (its column in list), the codes before it turned off.
 */
int		 qttt_diag_off_parse(unsigned char off[QTTT__NCODES],
		    const char *list, struct qttt_diag *d);

/*
 * Writes a diagnostic of an input named file (rec: the record it is
 * about, NULL for the whole input) to f, at once, as compilers do:
 *
 *	file:line:col: error: message [code]
 *
 * ("warning" for a warning), then, when the record has the source
 * text of that line and style is not one_line, the line and a caret
 * under the column: a line
 * of over 256 bytes cut to 100 around the column, with "..." where it
 * was cut.  A character that is not safe to show on a terminal (a
 * control character, one that reorders or hides text, invalid UTF-8)
 * is shown as '?', in a file name as \n, \t, \r or \xHH.  As JSON
 * (qttt-validate(1), -j): one object with "file", "game" (the
 * record's number, or null), "line", "column" (as shown),
 * "byte_column", "severity", "code" and "message".  Returns 0, or -1
 * if f reported an error.
 */
int		 qttt_diag_write(FILE *f, const char *file,
		    const struct qttt_record *rec, const struct qttt_diag *d,
		    const struct qttt_diag_style *style);

/*
 * Every diagnostic of a record, in order, but those style turns off,
 * and then, if the record kept fewer than it had, a note saying how
 * many more there were.  Returns the number shown or counted.
 */
size_t		 qttt_diags_write(FILE *f, const char *file,
		    const struct qttt_record *rec,
		    const struct qttt_diag_style *style);

/*
 * A note about a record, "file:line: note: message", or as JSON with
 * "severity" "note" and null "column", "byte_column" and "code".
 * Returns as qttt_diag_write().
 */
int		 qttt_note_write(FILE *f, const char *file,
		    const struct qttt_record *rec, const char *msg,
		    const struct qttt_diag_style *style);

/*
 * A file name, safe to show on a terminal and on one line (as
 * qttt_diag_write() shows it).  Returns as qttt_diag_write().
 */
int		 qttt_name_write(FILE *f, const char *name);

/* ------------------------------------------------------------------ */
/* Files written whole (outfile.c; not in the viewer page's module)     */
/* ------------------------------------------------------------------ */

/*
 * The files a program writes besides its standard output: never one of
 * its inputs, never left half-written.  A regular file (or a new one)
 * is written under a temporary name beside it (beside the file a
 * symbolic link names) and renamed into place once it is whole (synced
 * first if it replaces a file, so that a crash leaves the old one or
 * the new); a device or a FIFO is written directly.  Each call that
 * fails says why in d (may be NULL), as QTTT_E_IO, without the file's
 * name, which the caller shows.  A set is used by one thread at a
 * time.
 *
 * qttt_outfiles_new() makes an empty set (NULL if out of memory),
 * noting the process's umask: a new file's mode is 0666 less it.
 * qttt_outfiles_free() removes every temporary still open or pending,
 * closing its stream, and frees the set; NULL does nothing.
 */
struct qttt_outfiles;
struct qttt_outfiles *qttt_outfiles_new(void);
void		 qttt_outfiles_free(struct qttt_outfiles *);

/*
 * Notes an input of the program, the file at path (NULL: the standard
 * input), so that qttt_outfiles_open() refuses to write over it: a
 * regular file is known by its device and inode, through any link;
 * anything else, or a file that cannot be read, is not noted.  name,
 * what the file is called in messages, is kept, not copied.  Returns
 * 0, or -1 if out of memory.  qttt_outfiles_input_at() says whether
 * the file at path is an input so noted: its name, or NULL.
 */
int		 qttt_outfiles_input(struct qttt_outfiles *, const char *path,
		    const char *name, struct qttt_diag *d);
const char	*qttt_outfiles_input_at(const struct qttt_outfiles *,
		    const char *path);

/* qttt_outfiles_open()'s flags. */
#define QTTT_OUT_DEFER		0x1	/* put in place by
					   qttt_outfiles_finish(), once every
					   input is read: it may be one */
#define QTTT_OUT_REWRITE	0x2	/* a regular file that is an input,
					   rewritten: not replaced if the
					   bytes are the same */

/*
 * Opens the file path to be written anew (with the mode of the file it
 * replaces, or 0666 less the umask).  Returns its stream, or NULL if
 * path is an input (but with QTTT_OUT_DEFER or QTTT_OUT_REWRITE), a
 * file of the set open or pending already (through any link), or
 * cannot be written.
 *
 * qttt_outfiles_close() closes a stream of qttt_outfiles_open(): if
 * keep is set and every write succeeded, the file is put in place (or
 * kept for qttt_outfiles_finish() with QTTT_OUT_DEFER), else its
 * temporary is removed and the file it was to replace left as it was.
 * Returns 1 if the file was put in place or kept, 0 if not (keep not
 * set, or rewritten with the same bytes), -1 if a write failed or f is
 * not the set's (then *name is not set).  *name (name may be NULL) is
 * the file's path as opened, valid until the next
 * qttt_outfiles_open() or qttt_outfiles_free().
 *
 * qttt_outfiles_finish() puts every file closed with QTTT_OUT_DEFER in
 * place if keep is set, else removes them, up to the first that fails:
 * returns 0 once they are done, or -1 for one that could not be put in
 * place (its temporary removed; *name as for qttt_outfiles_close()),
 * and a call after it goes on with the rest.
 */
FILE		*qttt_outfiles_open(struct qttt_outfiles *, const char *path,
		    unsigned int flags, struct qttt_diag *d);
int		 qttt_outfiles_close(struct qttt_outfiles *, FILE *f, int keep,
		    const char **name, struct qttt_diag *d);
int		 qttt_outfiles_finish(struct qttt_outfiles *, int keep,
		    const char **name, struct qttt_diag *d);

/*
 * Removes the temporary of every file of the set open or pending, and
 * nothing else: safe in a signal handler (the set's list only grows)
 * and at exit, so that a program stopped leaves no temporary behind.
 * NULL does nothing.
 */
void		 qttt_outfiles_cleanup(const struct qttt_outfiles *);

/*
 * Makes the directory dir and its parents, as mkdir -p does.  Returns
 * 0, or -1 (errno's text in d).
 */
int		 qttt_make_dirs(const char *dir, struct qttt_diag *d);

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
	/*
	 * The variations too (formats/replay-output.md, "Variations"):
	 * each state named by its path (qttt_record_path_name()), as
	 * "path" in JSON and YAML, after " # " on a state string, as the
	 * row's number in the listing; with all, every position of every
	 * line depth first as written (a variation's after the position
	 * of the item it replaces), else the chosen state of the main
	 * line, then that of each variation in the order written.  The
	 * what-if is not taken with it.
	 */
	int		 variations;
	/*
	 * NULL, or a path (qttt_record_path(), NUL-terminated): of each
	 * record, the position it names in place of ply, in a variation
	 * or not, a line with an illegal item before it stopping at its
	 * last position (a record with no such position shows nothing);
	 * with all, every position of its line's game up to it.  Each is
	 * named by its path, as with variations, which is not taken
	 * with it, nor is the what-if.
	 */
	const char	*path;
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

/* ------------------------------------------------------------------ */
/* Analysis: what qttt-analyze writes (analysis_write.c, annotation.c;  */
/* formats/analysis-output.md)                                          */
/* ------------------------------------------------------------------ */

/*
 * An annotated record: a game's extras with, on each ply, the notes
 * "value" (the value after it, as a result), and for a marked ply
 * "best" (the best actions, separated by ", ") and "mark" (its glyph),
 * and its best line (qttt_best_line(), QTTT_BEST_LINE plies) as a
 * variation in place of the ply, its first item with the note "value"
 * (the line's, the value before the ply).  qttt_annotate() fills it
 * from a judged game and the extras the game had (NULL for none),
 * whose metadata, comments, other notes and variations it keeps, in
 * order; notes of theirs called value, best or mark give way, and a
 * best line the record already has (a variation at its ply with the
 * same actions) is not added again.  It adds the first lines that fit
 * in the record's limits (QTTT_MAXVARS, QTTT_MAXVARITEMS, and the
 * notes and bytes qttt_extras_check() counts), and returns the number
 * it left out: 0 when all are there.  ex then points into the struct
 * and into had's strings: give it to a record writer
 * (qttt_record_write()) while both are unchanged.  qttt_extras_check()
 * says whether it can be written: the notes added to the main line may
 * break the limits.
 */
struct qttt_annotation {
	struct qttt_extras	 ex;
	struct qttt_meta	 notes[QTTT_MAXPLIES][QTTT_MAXNOTES + 3];
	char			 value[QTTT_MAXPLIES][16];
	char			 best[QTTT_MAXPLIES][QTTT_MAXACTIONS * 20];
	/* The variations: the record's and the best lines. */
	struct qttt_variation	 vars[QTTT_MAXVARS];
	size_t			 nvaritems;
	struct qttt_item	 varitems[QTTT_MAXVARITEMS];
	struct qttt_meta	 linevalue[QTTT_MAXPLIES];
	char			 before[QTTT_MAXPLIES][16];
};

size_t		 qttt_annotate(struct qttt_annotation *,
		    const struct qttt_game *g, const struct qttt_judged_game *j,
		    const struct qttt_extras *had);

enum qttt_analysis_output {
	QTTT_ANALYSIS_REPORT = 0,	/* a report for people to read */
	QTTT_ANALYSIS_JSON,		/* JSON Lines */
	QTTT_ANALYSIS_YAML,		/* annotated YAML records; the rest as
					   a YAML stream */
	QTTT_ANALYSIS_LINE		/* annotated records in the line
					   notation, with the best lines */
};

/*
 * What to make of each record, as qttt-analyze's options say: judge a
 * game, or with summary only sum up its marks; analyse a position;
 * or, with perft or count, count below either instead: perft to depth
 * (with divide its breakdown by action) and the complete games, each
 * in a table of at most count_memory bytes (0: what qttt_perft()
 * takes by depth, and QTTT_COUNT_MEMORY for the complete games).
 */
struct qttt_analysis_options {
	enum qttt_analysis_output output;
	int		 summary;
	int		 perft;
	unsigned int	 depth;
	int		 divide;
	int		 count;
	size_t		 count_memory;
	/* Where the counts tell their progress (fn NULL: nowhere). */
	struct qttt_progress progress;
};

/*
 * The totals of an input: games read (or chosen), analysed, invalid,
 * and the marks of the games judged.
 */
struct qttt_analysis_totals {
	unsigned long		 games;
	unsigned long		 analysed;
	unsigned long		 invalid;
	struct qttt_mark_counts	 counts;
};

struct qttt_analysis_writer;

/*
 * Opens a writer on f for the options, which it copies.  Returns NULL
 * if out of memory.
 */
struct qttt_analysis_writer *qttt_analysis_writer_open(FILE *f,
		    const struct qttt_analysis_options *);

/*
 * Analyses the game of a record, as qttt_record_play() left it, with
 * the caller's solver, and writes what it finds as
 * formats/analysis-output.md says, all of it handed to f before it
 * returns:
 *	the counts below its position (the one the game reached), with
 *	perft or count;
 *	else, for a position (a record of QTTT_FORMAT_STATE), its
 *	analysis (qttt_solver_analyze, QTTT_SOLVE_PV), nothing with
 *	summary;
 *	else the game judged (qttt_judge_game): its report, a JSON object
 *	per ply, its annotated record in YAML or the line notation
 *	(qttt_annotate, on the extras of rec; the best lines in the line
 *	notation, a format that holds variations), or its summary; its
 *	marks are added to t->counts.
 * A position given QTTT_ANALYSIS_LINE is refused (-2): the line
 * notation writes games.
 * t->analysed counts the games and positions analysed.  rec may be
 * NULL: the game is then read from no input, with no number or line
 * (a heading "position:", null "game" and "line"), and one with no
 * ply is taken for a position (a position given alone).
 *
 * Returns 0; 1 if the annotated record was written without some of
 * its best lines, beyond the record's limits, which d->msg says; -1 if
 * f or the emitter reported an error; -2 if the record could not be
 * analysed or written, nothing written (the solver or the count
 * refused the position, or the format cannot hold the annotated
 * record), with the reason in d->msg; -3 if memory ran out.
 */
int		 qttt_analysis_writer_put(struct qttt_analysis_writer *,
		    struct qttt_solver *, const struct qttt_record *rec,
		    const struct qttt_game *g, struct qttt_analysis_totals *t,
		    struct qttt_diag *d);

/* Writes the summary of an input named name.  Returns as _put(). */
int		 qttt_analysis_writer_totals(struct qttt_analysis_writer *,
		    const char *name, const struct qttt_analysis_totals *);

/*
 * Ends the output (a YAML stream), flushes f without closing it and
 * frees the writer; NULL is accepted.  Returns 0, or -1 if an error
 * was reported here or before.
 */
int		 qttt_analysis_writer_close(struct qttt_analysis_writer *);

/* ------------------------------------------------------------------ */
/* Statistics, written (stats_data.c; qttt-stats(1))                    */
/* ------------------------------------------------------------------ */

/*
 * How statistics are written: a summary for people to read (text),
 * one JSON object on a line, or a YAML document, for each tally put.
 * JSON and YAML carry the same keys (qttt-stats(1)).
 */
enum qttt_stats_format {
	QTTT_STATS_TEXT = 0,
	QTTT_STATS_JSON,
	QTTT_STATS_YAML
};

struct qttt_stats_writer;

/*
 * Opens a writer on f.  Returns NULL if out of memory (or if the YAML
 * emitter cannot start).  _put() writes the statistics of an input
 * (its name; NULL for the total of several, "total" in text and null
 * in JSON and YAML), after a blank line in text if it is not the
 * first, a mean score over no finished game as "n/a" in text and
 * null in JSON and YAML; it returns 0, or -1 if f or the emitter
 * reported an error.
 * _close() ends the output (a YAML stream), flushes f without closing
 * it and frees the writer (NULL is accepted); it returns 0, or -1 if
 * an error was reported here or before.
 */
struct qttt_stats_writer *qttt_stats_writer_open(FILE *f,
		    enum qttt_stats_format);
int		 qttt_stats_writer_put(struct qttt_stats_writer *,
		    const char *input, const struct qttt_stats *);
int		 qttt_stats_writer_close(struct qttt_stats_writer *);

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
	/*
	 * The result a forfeit or an adjudication awarded to a game that
	 * the board leaves unfinished (struct qttt_record's awarded and
	 * termination), or NULL: the status under the game's last
	 * position (the position drawn, an animation's last frame, a
	 * sheet's ply nplies) says it instead of whose turn it is.
	 */
	const struct qttt_result *awarded;
	enum qttt_termination termination;
};

void		 qttt_render_defaults(struct qttt_render_opts *);

/*
 * The drawing options by name, as qttt-render and the viewer page name
 * them (formats/render.md): sets option name of o ("coords": none, a1,
 * goff or 1-9; "theme": light, dark or mono; "flip": none, h or
 * horizontal, v or vertical; "rotate": 0, 90, 180 or 270; "bare" and
 * "highlight": 0 or 1) to value.  Returns 0, or -1 with a
 * QTTT_E_SYNTAX diagnostic in *d naming the values the option takes (o
 * unchanged).
 */
int		 qttt_render_option(struct qttt_render_opts *o,
		    const char *name, const char *value, struct qttt_diag *d);
/*
 * The name of the value option name has in o, as qttt_render_option()
 * reads it back (a value with several names: its first), or NULL if
 * name is none of the options.
 */
const char	*qttt_render_option_name(const struct qttt_render_opts *o,
		    const char *name);

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
/* The diagrams of games (diagrams.c): what qttt-render draws           */
/* ------------------------------------------------------------------ */

/*
 * Which diagrams of each game to draw, and where (qttt-render(1)).
 *
 *	render	how to draw them
 *	svg	SVG pictures, else text boards
 *	all	every position of a game, from ply 0
 *	from	the position after ply from, or (to > from) those after
 *	to	plies from to to, each ending at the game's end; from -1
 *		draws the last position only
 *	path	NULL, or a path (qttt_record_path(), NUL-terminated):
 *		of each record, the one position it names, in a
 *		variation or not, in place of from and to
 *	animate	the game as one animated SVG (qttt_render_anim)
 *	sheet	the game as one contact sheet of so many columns
 *		(qttt_render_sheet) of its positions: every one, or
 *		those from..to; 0 for none
 *	open	the stream for the diagram named name, or NULL (after
 *		the caller's message) to stop: a file of its own, as
 *		qttt_diagrams_name() names it; NULL: every diagram goes
 *		to the writer's stream, text boards parted by a blank
 *		line
 *	close	ends the diagram on f (failed: drawing it failed);
 *		returns 0, or -1 to stop
 *	arg	for open and close
 */
struct qttt_diagrams_opts {
	struct qttt_render_opts render;
	int		 svg;
	int		 all;
	long		 from, to;
	const char	*path;
	int		 animate;
	unsigned int	 sheet;
	FILE		*(*open)(void *arg, const char *name);
	int		(*close)(void *arg, FILE *f, int failed);
	void		*arg;
};

struct qttt_diagrams;

/*
 * Opens a writer of diagrams on f (not used when o->open is set), for
 * the options given, which it copies.  Returns NULL if out of memory.
 */
struct qttt_diagrams *qttt_diagrams_open(FILE *f,
		    const struct qttt_diagrams_opts *o);

/*
 * Draws the diagrams of one valid game: r->game, played from the empty
 * board by r->rec (its number r->rec->index); a position of a stream
 * of states (r->rec->history.nstates > 0), which is drawn as it comes,
 * the action between it and the state before highlighted where known,
 * its game drawn whole (animate, sheet) or at its last state (from
 * past it) once the game ends; or a position of its own (r->rec NULL
 * or a position with no history: r->game->state, numbered 1 without a
 * record).  Returns 0; -1 if the output failed (the writer is then
 * not to be used but closed); -2 if a game of a stream that this
 * state ended cannot be drawn as asked (it misses a ply, or starts
 * after from), with d saying why at the game's first state: this
 * state is drawn all the same; or -2 if a record has no position at
 * the path asked (QTTT_E_PLIES) or that is no path (QTTT_E_SYNTAX),
 * with qttt_record_path()'s d at the record's line, nothing drawn.
 */
int		 qttt_diagrams_put(struct qttt_diagrams *,
		    const struct qttt_replay *r, struct qttt_diag *d);

/*
 * The end of an input: ends the game of a stream under way, as the
 * next game would.  Returns as qttt_diagrams_put().
 */
int		 qttt_diagrams_end(struct qttt_diagrams *, struct qttt_diag *d);

/*
 * Ends the game under way (as qttt_diagrams_end) and frees the writer;
 * NULL is accepted.  Returns as qttt_diagrams_end().
 */
int		 qttt_diagrams_close(struct qttt_diagrams *,
		    struct qttt_diag *d);

/*
 * The name of a diagram's file (formats/render.md): game and ply
 * (-1: not known) and the extension ext, "game0003-ply04.svg",
 * "game0007.txt".  Returns the length it needed, as snprintf.
 */
int		 qttt_diagrams_name(char *buf, size_t n, unsigned long game,
		    long ply, const char *ext);

/*
 * The name of the file of a position inside a variation, by its path
 * (len bytes): "game0001-ply2.1.1.svg".  Returns as qttt_diagrams_name().
 */
int		 qttt_diagrams_path_name(char *buf, size_t n,
		    unsigned long game, const char *path, size_t len,
		    const char *ext);

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
	 * The page's title, as a front end names what it holds
	 * (qttt_html_title() of its inputs); NULL: qttt_html_title() of
	 * the first game's input, or none.  Not copied: it must live
	 * until the first game is put.
	 */
	const char	*title;
};

/*
 * How many games a page draws in full for a reader without scripts:
 * the first ones; the page holds every game's record as text, and its
 * module draws any position of any game on demand.
 */
#define QTTT_HTML_DRAWN	10

/*
 * A page's title for the inputs named (count of them): the last part
 * of each name, without its directories, "-" (the standard input)
 * left out, the first three and "and N more", "a.qttt, b.qttt and 2
 * more"; "" for none.  Into buf of size n, as snprintf: returns the
 * length it needed.
 */
int		 qttt_html_title(char *buf, size_t n, const char *const names[],
		    size_t count);

struct qttt_html;

/*
 * NULL if the library can write pages; else a sentence that says why
 * not and what it needs: a build without the WebAssembly toolchain,
 * whose pages would have no module, writes none (qttt_html_open()
 * returns NULL, with errno ENOSYS).
 */
const char	*qttt_html_unavailable(void);

/*
 * Opens a page on f for the options given, which it copies.  Returns
 * NULL if out of memory, or (errno ENOSYS) if the library writes no
 * pages (qttt_html_unavailable()).
 */
struct qttt_html *qttt_html_open(FILE *f, const struct qttt_html_opts *);

/*
 * Adds a game to the page: its record in the line notation (or the
 * state string of a position), and for the first QTTT_HTML_DRAWN games
 * every position from its start to its last ply, the moves and what
 * the listing says of each ply (r->changed is shown as the listing
 * shows it).  A record with errors (r->rec->nerrors > 0), its game
 * as qttt_record_play() left it, is added as far as it is valid,
 * marked invalid, with its diagnostics as qttt_diags_write() writes
 * them (its file by the last part of its name).  The page's head is
 * written with the first game.  Memory
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

/* ================================================================== */
/* protocol: engines, matches and test suites                         */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* The engine protocol, QTP (protocol/qtp.c; formats/engine-protocol.md) */
/* ------------------------------------------------------------------ */

/*
 * The version of the protocol this library speaks, and the longest
 * line either side may send, in bytes, without its line end.
 */
#define QTTT_QTP_VERSION	1
#define QTTT_QTP_LINE_MAX	4096

enum qttt_qtp_kind {
	QTTT_QTP_NONE = 0,	/* a blank line: no message */
	QTTT_QTP_UNKNOWN,	/* a message this version does not know */
	/* runner to engine */
	QTTT_QTP_QTP,
	QTTT_QTP_SETOPTION,
	QTTT_QTP_ISREADY,
	QTTT_QTP_NEWGAME,
	QTTT_QTP_POSITION,
	QTTT_QTP_GO,
	QTTT_QTP_STOP,
	QTTT_QTP_QUIT,
	/* engine to runner */
	QTTT_QTP_ID,
	QTTT_QTP_OPTION,
	QTTT_QTP_QTPOK,
	QTTT_QTP_READYOK,
	QTTT_QTP_INFO,
	QTTT_QTP_BESTACTION,
	QTTT_QTP_ERROR
};

/* The word a message starts with ("bestaction"); "" for none. */
const char	*qttt_qtp_word(enum qttt_qtp_kind);

/* Text of a message: len bytes at s, not NUL-terminated. */
struct qttt_qtp_text {
	const char	*s;
	size_t		 len;
};

/*
 * The numbers a message may carry, by field: go's, info's (depth,
 * nodes, time), newgame's seed, the protocol version of "id protocol".
 * A field present has its bit QTTT_QTP_HAS(field) set in has.
 */
enum qttt_qtp_field {
	QTTT_QTP_XTIME = 0,
	QTTT_QTP_OTIME,
	QTTT_QTP_XINC,
	QTTT_QTP_OINC,
	QTTT_QTP_MOVETIME,
	QTTT_QTP_DEPTH,
	QTTT_QTP_NODES,
	QTTT_QTP_TIME,
	QTTT_QTP_SEED,
	QTTT_QTP_PROTOCOL,
	QTTT_QTP_NFIELDS
};
#define QTTT_QTP_HAS(f)		(1u << (f))
/* The other parts that may be left out, in has as well. */
#define QTTT_QTP_INFINITE	(1u << 16)	/* go infinite */
#define QTTT_QTP_VALUE		(1u << 17)	/* info value; setoption value */
#define QTTT_QTP_PV		(1u << 18)	/* info pv */
#define QTTT_QTP_STRING		(1u << 19)	/* info string */
#define QTTT_QTP_DEFAULT	(1u << 20)	/* option default */
#define QTTT_QTP_MIN		(1u << 21)	/* option min */
#define QTTT_QTP_MAX		(1u << 22)	/* option max */
#define QTTT_QTP_ACTIONS	(1u << 23)	/* position start actions */

enum qttt_qtp_type {
	QTTT_QTP_CHECK = 0,
	QTTT_QTP_SPIN,
	QTTT_QTP_COMBO,
	QTTT_QTP_STRING_TYPE,
	QTTT_QTP_BUTTON,
	QTTT_QTP_OTHER_TYPE	/* a type of a later version: to ignore */
};

/* The var values an option may list, at most. */
#define QTTT_QTP_MAXVARS	64

/*
 * One message, as qttt_qtp_parse() reads it or as a program fills it
 * in for qttt_qtp_format().  Only the fields of its kind are used:
 *
 *	id		word (its kind: "name", "author", "protocol", or a
 *			later one), text (the name or author), and for
 *			"protocol" the number QTTT_QTP_PROTOCOL
 *	setoption	name; text, the value, if has QTTT_QTP_VALUE
 *	option		name, type, text (the default, QTTT_QTP_DEFAULT),
 *			min and max (spin), var[] (combo)
 *	newgame		QTTT_QTP_SEED
 *	position	game: from the empty board, the actions played
 *			(QTTT_QTP_ACTIONS if the message lists them);
 *			with from_state ("position state"), start, the
 *			state given, and game, the actions played from it
 *			(none: a game with no plies whose state is start)
 *	go		the fields XTIME to NODES, QTTT_QTP_INFINITE
 *	info		DEPTH, NODES, TIME, value (QTTT_QTP_VALUE), pv
 *			(QTTT_QTP_PV: the items as written), text (the
 *			string, QTTT_QTP_STRING)
 *	bestaction	action, as written (a measurement may name any
 *			move of the cycle); text, the action's words as
 *			sent, to quote
 *	error		text
 *	unknown		word, the message's first word
 *
 * Text points into the line parsed, or into the caller's strings.
 */
struct qttt_qtp_msg {
	enum qttt_qtp_kind	 kind;
	unsigned int		 has;
	uint64_t		 num[QTTT_QTP_NFIELDS];
	struct qttt_qtp_text	 word;
	struct qttt_qtp_text	 name;
	struct qttt_qtp_text	 text;
	struct qttt_qtp_text	 pv;
	enum qttt_qtp_type	 type;
	long long		 min, max;
	size_t			 nvars;
	struct qttt_qtp_text	 var[QTTT_QTP_MAXVARS];
	struct qttt_result	 value;
	struct qttt_action	 action;
	int			 from_state;
	struct qttt_state	 start;
	struct qttt_game	 game;
};

/*
 * Whether the text of an option's name is name (NUL-terminated):
 * names compare without regard to ASCII case, as UCI's.
 */
int		 qttt_qtp_name_is(const struct qttt_qtp_text *t,
		    const char *name);

/* Empties m and makes it a message of kind k with no field. */
void		 qttt_qtp_init(struct qttt_qtp_msg *m, enum qttt_qtp_kind k);

/*
 * A parser of messages; it keeps what reading the line notation needs
 * (about 21 KiB).  NULL if out of memory; qttt_qtp_parser_free(NULL)
 * does nothing.
 */
struct qttt_qtp_parser;
struct qttt_qtp_parser *qttt_qtp_parser_new(void);
void		 qttt_qtp_parser_free(struct qttt_qtp_parser *);

/*
 * The rule profile (QTTT_RULES_*) by which the parser plays the
 * positions it reads, an engine's Rules option: goff in a new parser.
 * A position's game (or state) then has these rules, and an action or
 * a state they refuse is refused.  Returns 0, or -1 (nothing changed)
 * for a number that is no profile.
 */
int		 qttt_qtp_parser_rules(struct qttt_qtp_parser *,
		    unsigned int rules);

/*
 * Reads one line (len bytes, without its LF; a CR at its end is
 * ignored) into m: a message of either side, a blank line
 * (QTTT_QTP_NONE) or a message this version does not know
 * (QTTT_QTP_UNKNOWN, which the receiver ignores).  The text of m
 * points into s.  Returns QTTT_OK, or the code of what is wrong with a
 * diagnostic in d (which may be NULL), d->col the 0-based byte at
 * fault: QTTT_E_LONGLINE, QTTT_E_NUL, QTTT_E_CONTROL, QTTT_E_UTF8 for
 * the bytes, QTTT_E_QTP for a known message that is not well formed;
 * for a position, the code of the first action the rules refuse or
 * QTTT_E_STATE.  m->kind is set even then, when the first word is
 * known.
 */
enum qttt_code	 qttt_qtp_parse(struct qttt_qtp_parser *, const char *s,
		    size_t len, struct qttt_qtp_msg *m, struct qttt_diag *d);

/*
 * Writes m as a line, without the LF, into buf of size n (as snprintf;
 * buf may be NULL if n is 0): the canonical form, which
 * qttt_qtp_parse() reads back as the same message.  Returns the length
 * it needed, or -1 if m cannot be written so: a kind with no message
 * (QTTT_QTP_NONE, QTTT_QTP_UNKNOWN), text with a character no line may
 * hold or blanks at either end, a name or a value holding the word
 * that would end it ("value", "type", "var"...), an action or a game
 * the rules refuse, or a line longer than QTTT_QTP_LINE_MAX.
 */
int		 qttt_qtp_format(const struct qttt_qtp_msg *m, char *buf,
		    size_t n);

/*
 * An engine of levels, as qttt-engine(1) is: what it answers qtp with
 * before its qtpok, in order: id name ("PROGRAM VERSION LEVEL", held
 * in name), id author, id protocol, the option Level (a combo of the
 * levels, its default the level l) and the option Rules (a combo of
 * every preset, then every switch alone, as far as QTTT_QTP_MAXVARS;
 * its default goff).  Each message is written with qttt_qtp_format();
 * their text points into h and into the library's constant strings.
 */
#define QTTT_LEVEL_HELLO	5
struct qttt_level_hello {
	char			 name[128];
	size_t			 n;
	struct qttt_qtp_msg	 msg[QTTT_LEVEL_HELLO];
};
void		 qttt_level_hello(struct qttt_level_hello *h,
		    const char *program, enum qttt_level l);

/*
 * Takes a setoption m for an engine of levels: Level, a level's name
 * (into *l), or Rules, any profile qttt_rules_parse() reads (into
 * *rules; the position set before it is to be forgotten).  Names and
 * values compare without regard to ASCII case.  Returns 0 (Level set)
 * or 1 (Rules set); or -1 with a QTTT_E_QTP diagnostic in d, *l and
 * *rules unchanged, for an option it does not have ("no option NAME")
 * or a value it does not take ("option NAME does not take the value
 * 'VALUE'"); d->col is 0, the message's place being the caller's.
 */
int		 qttt_level_setoption(const struct qttt_qtp_msg *m,
		    enum qttt_level *l, unsigned int *rules,
		    struct qttt_diag *d);

/* ------------------------------------------------------------------ */
/* A runner's logic (protocol/): engines as peers, games refereed      */
/* ------------------------------------------------------------------ */

/*
 * The runner's end of the conversation with one engine process: the
 * handshake (qtp, the Rules option, isready), what the engine said of
 * itself, the lines to write to it, what it answers, and its faults.
 * It does no input or output: the caller writes what
 * qttt_peer_output() gives to the process, and hands each line the
 * process writes to the referee (or to qttt_peer_line()).  Times are
 * the caller's clock in milliseconds, any epoch.  A peer is made once
 * per engine process slot and reset for each new process.
 */
struct qttt_peer;

/*
 * What a user sets for an engine, as cutechess-cli takes it after the
 * engine (qttt-match(1)): options, each set by name with its value
 * after the Rules option at every handshake, in the order given, and
 * limits added to every go (depth N, nodes N; 0: none).
 */
#define QTTT_SETTINGS_MAX	32
#define QTTT_SETTING_NAME_MAX	64
#define QTTT_SETTING_VALUE_MAX	256
struct qttt_engine_option {
	char			 name[QTTT_SETTING_NAME_MAX];
	char			 value[QTTT_SETTING_VALUE_MAX];
};
struct qttt_engine_settings {
	size_t			 n;
	struct qttt_engine_option opt[QTTT_SETTINGS_MAX];
	uint64_t		 depth, nodes;
};

/* No option, no limit. */
void		 qttt_engine_settings_init(struct qttt_engine_settings *);

/*
 * Adds the setting arg, "option.NAME=VALUE", "depth=N" or "nodes=N"
 * (N from 1 to 2^63 - 1): 1; 0 if arg is none of these (an engine's
 * command); -1 with d if it is one that cannot be: a name empty, too
 * long, holding the word "value" or a control character, the Rules
 * option (set by the match's rule profile), a value too long or with a
 * control character, a name given twice, too many, or a limit that is
 * no number.  s is left unchanged but by 1.
 */
int		 qttt_engine_settings_add(struct qttt_engine_settings *s,
		    const char *arg, struct qttt_diag *d);

/* A new peer, as for a process not yet spoken to; NULL if out of memory. */
struct qttt_peer *qttt_peer_new(void);
void		 qttt_peer_free(struct qttt_peer *);

/* A new process: the conversation starts again, the fault is cleared. */
void		 qttt_peer_reset(struct qttt_peer *);

/*
 * The bytes to write to the engine (whole lines, each with its LF);
 * *text is valid until the next call that changes the peer.  After
 * writing n of them, qttt_peer_written() drops them.
 */
size_t		 qttt_peer_output(const struct qttt_peer *, const char **text);
void		 qttt_peer_written(struct qttt_peer *, size_t n);

/*
 * What the engine said after qtp (its "id name" line, "" before or
 * without one), whether the handshake is done, and the rule profiles
 * its Rules option lists: qttt_peer_plays() is nonzero for each (for
 * Goff's alone if it lists no Rules option).
 */
const char	*qttt_peer_name(const struct qttt_peer *);
int		 qttt_peer_ready(const struct qttt_peer *);
int		 qttt_peer_plays(const struct qttt_peer *,
		    unsigned int rules);

/*
 * Whether the peer's fault is that it cannot or will not play the
 * rules asked for in its handshake: its Rules option does not list
 * them, it has none and they are not Goff's, or it answered the
 * setting with error.  A runner may refuse such an engine before any
 * game, where another fault only loses the game.
 */
int		 qttt_peer_refused(const struct qttt_peer *);

/*
 * The user's settings of the engine (which the caller owns, NULL for
 * none; kept across qttt_peer_reset()): each option is set after the
 * Rules option at every handshake, which fails, refused (as
 * qttt_peer_refused() says), if the engine lists no option of that
 * name (names compare as qttt_qtp_name_is() says) or one that does not
 * take the value: a check true or false, a spin a whole number from
 * its min to its max, a combo one of its vars (as written), a button
 * no value, a string any.  qttt_peer_go() adds the limits to its go.
 */
void		 qttt_peer_settings(struct qttt_peer *,
		    const struct qttt_engine_settings *);

/*
 * Whether the handshake is done and nothing is asked of the engine: a
 * peer that is not idle when its game ends (its opponent's fault ended
 * it while it thought) owes an answer that would come in the next
 * game, so its process is to be replaced too.
 */
int		 qttt_peer_idle(const struct qttt_peer *);

/*
 * The peer's fault (QTTT_TERM_NORMAL if none) and its message; once it
 * has one, the peer ignores the process, which is to be killed and
 * replaced (qttt_peer_reset).
 */
enum qttt_termination qttt_peer_fault(const struct qttt_peer *,
		    const char **msg);

/*
 * A raw peer hands every message to its caller (qttt_peer_line()
 * returns QTTT_PEER_MESSAGE) instead of judging it, as a compliance
 * check does; bytes no line may hold are still a fault.
 */
void		 qttt_peer_set_raw(struct qttt_peer *, int raw);

/*
 * Queues a message for the engine.  Returns 0, or -1 if it cannot be
 * written (qttt_qtp_format) or the queue is full.
 */
int		 qttt_peer_send(struct qttt_peer *, const struct qttt_qtp_msg *);

/*
 * Queues a line as it is, well formed or not, as a check of how an
 * engine takes a bad message does.  Returns 0, or -1 if it holds a LF,
 * is longer than QTTT_QTP_LINE_MAX or the queue is full.
 */
int		 qttt_peer_send_line(struct qttt_peer *, const char *line,
		    size_t len);

/*
 * Starts the handshake with a process: qtp, then, after qtpok, the
 * Rules option set to rules if the engine lists it (in the engine's
 * own spelling: the first of its values that names the profile), and
 * isready.  A fault (QTTT_TERM_PROTOCOL, the message naming the
 * profile) if the engine does not finish it by deadline (-1: no
 * limit), or cannot play the profile (qttt_peer_plays()), or refuses
 * the setting.
 */
void		 qttt_peer_hello(struct qttt_peer *, unsigned int rules,
		    long long now, long long deadline);

/*
 * Asks a ready peer for an action: queues pos and go, and expects a
 * bestaction by deadline (-1: no limit).
 */
int		 qttt_peer_go(struct qttt_peer *, const struct qttt_qtp_msg *pos,
		    const struct qttt_qtp_msg *go, long long now,
		    long long deadline);

enum qttt_peer_event {
	QTTT_PEER_NOTHING = 0,	/* nothing to act on (info, ignored) */
	QTTT_PEER_READY,	/* the handshake is done */
	QTTT_PEER_ANSWER,	/* the bestaction asked for */
	QTTT_PEER_FAULT,	/* the peer has a fault now */
	QTTT_PEER_MESSAGE	/* raw: a message (qttt_peer_message) */
};

/*
 * A line the process wrote (without its LF), read at now.  A line
 * longer than QTTT_QTP_LINE_MAX is a fault whatever follows, so the
 * caller needs to keep no more of it than that and one byte.
 */
enum qttt_peer_event qttt_peer_line(struct qttt_peer *, const char *line,
		    size_t len, long long now);

/* The time has come to now: a fault if a deadline has passed. */
enum qttt_peer_event qttt_peer_tick(struct qttt_peer *, long long now);

/* What the front end found: the process ended, or flooded its output. */
void		 qttt_peer_fail(struct qttt_peer *,
		    enum qttt_termination fault, const char *msg);

/* The deadline of what the peer waits for, or -1. */
long long	 qttt_peer_deadline(const struct qttt_peer *);

/*
 * After QTTT_PEER_ANSWER: the action, the last value the engine
 * reported before it (QTTT_NOVALUE if none) and the milliseconds it
 * took.  After QTTT_PEER_MESSAGE: the message (its text points into
 * the line given) and in *code (unless NULL) what reading it gave:
 * QTTT_OK, or the code of a malformed message.
 */
const struct qttt_action *qttt_peer_action(const struct qttt_peer *,
		    int *value, long long *ms);
const struct qttt_qtp_msg *qttt_peer_message(const struct qttt_peer *,
		    enum qttt_code *code);

/*
 * One game of a match as played: every action (the opening's first),
 * how it ended, the points each side was given and, for each ply, the
 * value its engine reported (QTTT_NOVALUE if none) and the
 * milliseconds it took (-1 for the opening's plies).  loser is the
 * side at fault, or -1.  why says what happened when the game did not
 * end by the rules.
 */
struct qttt_match_game {
	struct qttt_game	 game;
	size_t			 opening;
	enum qttt_termination	 term;
	int			 loser;
	struct qttt_result	 score;
	char			 why[QTTT_MSG_MAX];
	signed char		 value[QTTT_MAXPLIES];
	long long		 ms[QTTT_MAXPLIES];
};

/* How the referee ends a game early (formats/engine-protocol.md). */
enum qttt_adjudication {
	QTTT_ADJ_NONE = 0,
	QTTT_ADJ_SETTLED,	/* once the value can no longer change */
	QTTT_ADJ_PLIES		/* after plies actions of the engines */
};

/*
 * A referee's settings: the rules, the time per action (movetime, ms;
 * 0 none), the clock (clock and its increment, ms; clock 0: none), the
 * time an engine has for its handshake (hello, ms; 0: 10000), the time
 * it has for an action when neither movetime nor the clock says
 * (limit, ms; 0: QTTT_ACTION_LIMIT), the adjudication and the solver it
 * takes (which the caller owns; NULL without adjudication).  An
 * action's time runs from its go to its bestaction, and may pass the
 * movetime or the clock by QTTT_TIME_MARGIN ms (a clock so overdrawn
 * is left at 0); the increment is added after the action
 * (formats/engine-protocol.md, section 5, "Time").
 */
#define QTTT_ACTION_LIMIT	60000
#define QTTT_TIME_MARGIN	50
struct qttt_referee_opts {
	unsigned int		 rules;		/* QTTT_RULES_* */
	long long		 movetime;
	long long		 clock, inc;
	long long		 hello;
	long long		 limit;
	enum qttt_adjudication	 adjudicate;
	unsigned int		 plies;
	struct qttt_solver	*solver;
};

/*
 * A clock as a user writes it (qttt-match -t): seconds, and after a
 * '+' the increment, each with at most three decimals, "60", "60+0.5";
 * len bytes of s.  Into *clock (more than 0) and *inc, in ms; returns
 * 0, or -1 leaving both unchanged.
 */
int		 qttt_clock_parse(const char *s, size_t len, long long *clock,
		    long long *inc);

/*
 * A referee plays one game at a time between two peers, a runner's
 * game loop without its processes: it does the handshakes of fresh
 * peers, sends newgame, asks the side to act for an action, judges
 * every answer by the rules, keeps the clocks, adjudicates, and
 * charges each fault to its engine.
 */
struct qttt_referee;

/* A referee with the options given (copied); NULL if out of memory. */
struct qttt_referee *qttt_referee_new(const struct qttt_referee_opts *);
void		 qttt_referee_free(struct qttt_referee *);

/*
 * Starts a game between peer x (X) and peer o (O), two peers, from
 * the opening, a game from the empty board (no ply for none; it must
 * not be over), played by the rules of the options: an opening of
 * other rules (as a game of qttt_game_init(), goff's) is played again
 * by them, as far as they allow it.  With from_state, every position
 * is sent as a state string, not as actions.  seed[QTTT_X] and seed[QTTT_O] go to each
 * engine's newgame.
 */
void		 qttt_referee_start(struct qttt_referee *, struct qttt_peer *x,
		    struct qttt_peer *o, const struct qttt_game *opening,
		    int from_state, const uint64_t seed[2], long long now);

/*
 * A line written by peer p of the game, read at now; a fault the front
 * end found in p (QTTT_TERM_CRASH, _EXIT, _GARBAGE); the time come to
 * now.  Each may end the game.
 */
void		 qttt_referee_line(struct qttt_referee *, struct qttt_peer *p,
		    const char *line, size_t len, long long now);
void		 qttt_referee_fail(struct qttt_referee *, struct qttt_peer *p,
		    enum qttt_termination fault, const char *msg,
		    long long now);
void		 qttt_referee_tick(struct qttt_referee *, long long now);

/* The next deadline of the game's peers, or -1 if none. */
long long	 qttt_referee_deadline(const struct qttt_referee *);

/* The game once it is over, else NULL. */
const struct qttt_match_game *qttt_referee_result(const struct qttt_referee *);

/*
 * Whether the value v of st can no longer change while the side that
 * would lose plays perfectly: whatever the other side plays (for v 0,
 * either side, the other playing perfectly), every later position
 * keeps the value.  1, or 0 (also when the search gives up, after
 * QTTT_SETTLED_NODES positions, which makes the answer the same on
 * every machine).
 */
#define QTTT_SETTLED_NODES	100000
int		 qttt_value_settled(struct qttt_solver *,
		    const struct qttt_state *st, int v);

/* ------------------------------------------------------------------ */
/* A match's standings, ratings and SPRT (protocol/rating.c)            */
/* ------------------------------------------------------------------ */

/*
 * What an engine did in a match.  Its games come in pairs, the same
 * opening with colours swapped, each pair scored for the engine from 0
 * to 1 in quarters (a win 1, a draw 1/2, a loss 0 in each game):
 * penta[k] counts the pairs that scored k/4.  A game left without its
 * pair counts as a pair of two such games.  The other counts are by
 * colour ([QTTT_X], [QTTT_O]); points are the rules' (rule 11), in
 * half points; ended counts the games that ended by the rules or by
 * adjudication, and those the engine lost by each fault.
 */
struct qttt_tally {
	unsigned long	 games;
	unsigned long	 won[2], drawn[2], lost[2];
	unsigned long	 points[2];
	unsigned long	 penta[5];
	unsigned long	 ended[QTTT_NTERMS];
	/* The marks of its own plies, in the games judged. */
	unsigned long	 judged, mistakes, blunders;
	int		 pending;	/* the pair's first game, in halves */
};

void		 qttt_tally_init(struct qttt_tally *);

/*
 * Adds a game that the engine played as side s (QTTT_X or QTTT_O);
 * second says it is the second game of its pair.  qttt_tally_end()
 * counts a first game left without its second.
 */
void		 qttt_tally_add(struct qttt_tally *, int s,
		    const struct qttt_match_game *, int second);
void		 qttt_tally_end(struct qttt_tally *);

/*
 * The mistakes and blunders of each side in a match's game, against
 * perfect play (qttt_judge_marks(), as qttt-analyze(1) marks them): of
 * the plies its engine played, not the opening's.  Returns QTTT_OK, or
 * the solver's refusal with d (may be NULL).  qttt_tally_marks() adds
 * side s's to an engine's standings, a game judged more.
 */
enum qttt_code	 qttt_match_marks(struct qttt_solver *,
		    const struct qttt_match_game *, struct qttt_mark_counts *c,
		    struct qttt_diag *d);
void		 qttt_tally_marks(struct qttt_tally *, int s,
		    const struct qttt_mark_counts *c);

/*
 * The rating of penta: the number of pairs, the mean score of a game
 * (a game won 1, drawn 1/2, lost 0, whatever the points of its
 * result), the half width of its 95% interval (1.96 standard errors of
 * the mean of the pairs, the variance of their scores estimated from
 * them, the pentanomial model of fishtest, with half a pair of each of
 * the five pair scores more, so that pairs that all scored alike do
 * not make an interval of one point), and the Elo difference those
 * give, -400 log10(1/s - 1), with its interval; -HUGE_VAL or HUGE_VAL
 * where the score or a bound is 0 or 1.  With fewer than
 * QTTT_RATING_MIN_PAIRS pairs, the margin and the Elo differences are
 * NaN: no interval, and no Elo without one; the score is 0 with no
 * pair.
 */
#define QTTT_RATING_MIN_PAIRS	5
struct qttt_rating {
	unsigned long	 pairs;
	double		 score, margin;
	double		 elo, elo_lo, elo_hi;
};

void		 qttt_rating_of(const unsigned long penta[5],
		    struct qttt_rating *);

/* The Elo difference of a score (0 to 1), and the score of one. */
double		 qttt_elo_of_score(double score);
double		 qttt_score_of_elo(double elo);

/*
 * The SPRT on pairs: the log-likelihood ratio of elo1 against elo0
 * (logistic Elo) given penta, by the approximation of the generalized
 * SPRT that fishtest uses (M. Van den Bergh): N/2 ln(r0/r1), where
 * r_j is the mean of (x - s_j)^2 over the N pair scores x and s_j the
 * score of elo_j, each of the five pair scores that no pair had counted
 * as 0.001 pairs, as fishtest does (so that a few pairs that scored
 * alike do not make the ratio infinite).  0 with no pair.  The test
 * stops when it falls to ln(beta/(1-alpha)) (H0: elo0) or rises to
 * ln((1-beta)/alpha) (H1: elo1).
 */
double		 qttt_sprt_llr(const unsigned long penta[5], double elo0,
		    double elo1);
void		 qttt_sprt_bounds(double alpha, double beta, double *lower,
		    double *upper);

/*
 * A match's standings, as qttt-match(1) reports them: the games
 * played, the rules and time control (NULL or "" for none), each
 * engine's name, the command that runs it and its tally, in the order
 * given, and the SPRT's settings, ratio and verdict if one runs (NULL:
 * none; the ratio is the first engine's).  With three engines or more,
 * each engine's points (in halves) against each engine (against[k])
 * and the games it played it (met[k]) give a crosstable; NULL: none.  qttt_standings_write()
 * writes them as a table to read, or with json as one JSON object on
 * a line (qttt-match(1) names its keys); it returns 0, or -1 if f
 * reported an error.
 */
struct qttt_standing {
	const char		*name, *command;
	const struct qttt_tally	*tally;
	const unsigned long	*against, *met;
};
struct qttt_sprt {
	double		 elo0, elo1, alpha, beta;
	double		 llr;
	int		 decided;	/* 1: H1 accepted, -1: H0, 0: none */
};

/*
 * The SPRT of s (elo0, elo1, alpha, beta set) after the pairs of
 * penta: sets s->llr and s->decided, and returns s->decided, 1 when
 * the ratio has reached the upper bound (H1), -1 the lower (H0), 0
 * while the test goes on.
 */
int		 qttt_sprt_update(struct qttt_sprt *s,
		    const unsigned long penta[5]);
struct qttt_standings {
	unsigned long long	 games;
	unsigned int		 rules;		/* QTTT_RULES_* */
	const char		*timecontrol;
	size_t			 nengines;
	const struct qttt_standing *engines;
	const struct qttt_sprt	*sprt;
};
int		 qttt_standings_write(FILE *f,
		    const struct qttt_standings *s, int json);

/* ------------------------------------------------------------------ */
/* A match's schedule (protocol/schedule.c)                             */
/* ------------------------------------------------------------------ */

/*
 * The games of a match: each pairing of engines (every two of them, or
 * with gauntlet the first against each other one) plays games games,
 * in pairs with colours swapped, the first engine of the pairing X in
 * the first game.  Round r (from 1) gives each pairing its r-th pair,
 * from the r-th opening: of openings openings, in order or, with
 * shuffle, in an order drawn from seed that goes through all of them
 * before any comes again (none: every game starts from the empty
 * board).  Game i (from 0) is that of round i / (2 * pairings) + 1 of
 * pairing i / 2 % pairings, but that with games odd the last round has
 * one game a pairing.  Each game's engines get seeds for newgame
 * drawn from seed and i: the same schedule, the same games.
 */
struct qttt_schedule {
	size_t		 engines;
	int		 gauntlet;
	unsigned long	 games;
	unsigned long	 openings;
	int		 shuffle;
	uint64_t	 seed;
};

struct qttt_fixture {
	size_t		 x, o;		/* the engines, by number */
	unsigned long	 round;
	unsigned long	 opening;	/* its index, if there are openings */
	int		 second;	/* the second game of its pair */
	uint64_t	 seed[2];	/* [QTTT_X], [QTTT_O] */
};

/* The number of games of the match (0 if it has fewer than 2 engines). */
unsigned long long qttt_schedule_games(const struct qttt_schedule *);

/* Game i of the match into *f: 0, or -1 if there is no such game. */
int		 qttt_schedule_game(const struct qttt_schedule *,
		    unsigned long long i, struct qttt_fixture *f);

/*
 * The balanced openings of the rule profile rules: the games of two
 * moves (X1, O2) whose value is 0 under perfect play (0-0, or 1/2-1/2
 * under draw=1/2), one of each class under the symmetries (its
 * canonical form, qttt_game_symcanon), in the order of their squares.
 * Writes at most max of them into out and returns how many there are
 * in all, or 0 if the solver fails.
 */
size_t		 qttt_balanced_openings(struct qttt_solver *,
		    unsigned int rules, struct qttt_game *out, size_t max);

/* ------------------------------------------------------------------ */
/* The records of a match (protocol/tags.c)                              */
/* ------------------------------------------------------------------ */

/*
 * What a record of a match's game says besides the game, as tags
 * (formats/engine-protocol.md, qttt-match(1)): the event, the match's
 * date (YYYY-MM-DD; none if its length is 0), the round,
 * the engines' names as x and o, the rules, the match's seed (if
 * has_seed), the time control (NULL for none), the opening (its number
 * from 1; 0 for none), the termination, and unless the rules ended the
 * game the reason, with the result given written as the record's
 * (qttt_extras' awarded); on each ply the value its engine
 * reported and, with a time control, the milliseconds it took.  Text
 * is not NUL-terminated.
 */
struct qttt_match_info {
	struct qttt_qtp_text	 event;
	struct qttt_qtp_text	 date;
	unsigned long		 round;
	struct qttt_qtp_text	 x, o;
	struct qttt_qtp_text	 timecontrol;
	unsigned long		 opening;
	int			 has_seed;
	uint64_t		 seed;
};

/* Room for the tags of one record, which qttt_match_extras() fills. */
struct qttt_match_record {
	struct qttt_meta	 meta[14];
	struct qttt_meta	 notes[QTTT_MAXPLIES][2];
	char			 text[QTTT_MAXPLIES * 2 + 5][24];
	char			 rules[QTTT_RULES_NAME_MAX];
};

/*
 * The extras of game g with its info, for a writer of the output layer
 * (qttt_record_write): ex points into store and into info's text, which
 * must live while ex is used.  A ply's time is written if info has a
 * time control.
 */
void		 qttt_match_extras(const struct qttt_match_game *g,
		    const struct qttt_match_info *info,
		    struct qttt_match_record *store, struct qttt_extras *ex);

/*
 * Reads back a record so written (rec, and g as qttt_record_play()
 * played it): the game, its termination, loser, score and reason, the
 * values and times of its plies into *out (the opening's length left
 * 0), and its info, pointing into rec.  Returns 0, or -1 with the
 * reason in msg (of size n) if a tag is missing or wrong.
 */
int		 qttt_match_read(const struct qttt_record *rec,
		    const struct qttt_game *g, struct qttt_match_game *out,
		    struct qttt_match_info *info, char *msg, size_t n);

/* ------------------------------------------------------------------ */
/* A match director (protocol/match.c)                                   */
/* ------------------------------------------------------------------ */

/*
 * A match's decisions above one game, with no process in it: which
 * game a free job starts, finished games kept until those before them
 * are written (in game order, whatever the order they end in), the
 * standings with each engine's marks by the judge, the SPRT's stop,
 * openings played by the match's rules, the names of engines, and
 * whether the records of a file are this match's games.  A front end
 * plays each game with a referee and its processes, hands the director
 * the result, and writes what it gives back: any runner, in any
 * language that calls C, makes the same match of the same settings.
 *
 * The settings: the schedule (its openings are those added with
 * qttt_match_opening()), the rules, the games played at once (jobs;
 * 0: 1), the solver that judges the engines' plies (which the caller
 * owns; NULL: no marks), and with sprt the SPRT of test's settings
 * between the first two engines, which stops the match after the pair
 * that decides it.
 */
#define QTTT_MATCH_NAME_MAX	256
struct qttt_match_opts {
	struct qttt_schedule	 sched;
	unsigned int		 rules;		/* QTTT_RULES_* */
	size_t			 jobs;
	struct qttt_solver	*judge;
	int			 sprt;
	struct qttt_sprt	 test;
};

/* A game to start: its number from 0, fixture, opening. */
struct qttt_match_start {
	unsigned long long	 game;
	struct qttt_fixture	 fixture;
	struct qttt_game	 opening;	/* played by the match's rules */
	int			 from_state;	/* send it as a state string */
};

struct qttt_match;

/* A director with the settings given (copied); NULL if out of memory. */
struct qttt_match *qttt_match_new(const struct qttt_match_opts *);
void		 qttt_match_free(struct qttt_match *);

/*
 * Engine i's name in the records (what its id name says, or its
 * command), copied; one of the same name as an earlier engine gets
 * " (2)", " (3)" after it (one that only starts with it does not).  qttt_match_engine() gives it ("" unset).
 */
void		 qttt_match_name(struct qttt_match *, size_t engine,
		    const char *name);
const char	*qttt_match_engine(const struct qttt_match *, size_t engine);

/*
 * The match's date, which every record carries as [date YYYY-MM-DD]
 * (NULL or "": none, the default): the day it began, so that the
 * records of a match do not depend on when each game was played.  A
 * match that goes on from a file (qttt_match_resume()) takes the date
 * of its first record (or none) unless fixed is set; a fixed date is
 * one more setting the records must have.  Returns 0, or -1 if date is
 * not a real day written YYYY-MM-DD.
 */
int		 qttt_match_date(struct qttt_match *, const char *date,
		    int fixed);

/*
 * Adds an opening, before the first game is asked for: a game from the
 * empty board (of any profile: it is played again by the match's), or
 * with from_state a position (g's state, which is then given a game
 * that reaches it, and sent as a state string).  Returns 0, or -1 with
 * d: an action or position the match's rules refuse, a game over, a
 * position no game reaches, out of memory.
 */
int		 qttt_match_opening(struct qttt_match *,
		    const struct qttt_game *g, int from_state,
		    struct qttt_diag *d);

/*
 * Adds the balanced openings of the match's rules
 * (qttt_balanced_openings(), with the solver sv), before the first
 * game.  Returns their number, or 0 with d.
 */
size_t		 qttt_match_balanced(struct qttt_match *,
		    struct qttt_solver *sv, struct qttt_diag *d);

/*
 * The games the match has (fewer once the SPRT has decided), those
 * counted so far, and whether every game is counted.
 */
unsigned long long qttt_match_total(struct qttt_match *);
unsigned long long qttt_match_written(const struct qttt_match *);
int		 qttt_match_over(struct qttt_match *);

/*
 * The next game a free job may start into *s: 1, or 0 when none may
 * now (every game started, or the games finished and not yet written
 * fill the window of four a job).
 */
int		 qttt_match_next(struct qttt_match *,
		    struct qttt_match_start *s);

/*
 * Game i is over (its referee's result, copied); a game past the
 * SPRT's stop is dropped.  qttt_match_ready() gives the next game to
 * write, in game order, with its number in *i, or NULL; once written,
 * qttt_match_count() counts it in the standings, with the judge's
 * marks, and runs the SPRT after the second game of a pair.  It
 * returns QTTT_OK, or the judge's code with d (the game is counted
 * without its marks).
 */
void		 qttt_match_done(struct qttt_match *, unsigned long long i,
		    const struct qttt_match_game *g);
const struct qttt_match_game *qttt_match_ready(const struct qttt_match *,
		    unsigned long long *i);
enum qttt_code	 qttt_match_count(struct qttt_match *, struct qttt_diag *d);

/*
 * The info of game i's record (qttt_match_extras()) but its event and
 * time control, which the front end sets: round, the engines' names,
 * opening, the seed.  Its text points into the match.
 */
void		 qttt_match_describe(const struct qttt_match *,
		    unsigned long long i, struct qttt_match_info *info);

/* Game i's fixture, as qttt_schedule_game() gives it (-1: no such game). */
int		 qttt_match_fixture(const struct qttt_match *,
		    unsigned long long i, struct qttt_fixture *f);

/*
 * Goes on from a record (rec, and g as qttt_record_play() played it)
 * that a match wrote: if it is the next game of this match, it is
 * counted as written (0); if not, -1 with the setting that differs in
 * msg (of size n): its rules, seed, engines, opening, round or date, a
 * tag it lacks, or more games than the match has.
 */
int		 qttt_match_resume(struct qttt_match *,
		    const struct qttt_record *rec, const struct qttt_game *g,
		    char *msg, size_t n);

/* Engine i's standings, and the SPRT (NULL without one). */
const struct qttt_tally *qttt_match_tally(const struct qttt_match *,
		    size_t engine);
const struct qttt_sprt *qttt_match_sprt(const struct qttt_match *);

/*
 * Engine i's points (in halves) against each engine, and the games it
 * played each, for the crosstable (struct qttt_standing).
 */
const unsigned long *qttt_match_against(const struct qttt_match *,
		    size_t engine);
const unsigned long *qttt_match_met(const struct qttt_match *,
		    size_t engine);

/* The number of engines, and the rule profile (QTTT_RULES_*). */
size_t		 qttt_match_engines(const struct qttt_match *);
unsigned int	 qttt_match_rules(const struct qttt_match *);

/* ------------------------------------------------------------------ */
/* What a match writes and reads back (protocol/match_write.c)          */
/* ------------------------------------------------------------------ */

/*
 * Writes the game qttt_match_ready() gives to f as a line-notation
 * record, with the event and the time control given (NULL or "" for
 * none), and counts it (qttt_match_count()).  Returns 1, 0 if no game
 * is ready, -1 if f reported an error (errno set), -2 with d if the
 * library refused the record or the judge failed; the game is counted
 * in every case but 0, and stays where qttt_match_ready() gave it until
 * the next qttt_match_done().
 */
int		 qttt_match_write(struct qttt_match *, FILE *f,
		    const char *event, const char *timecontrol,
		    struct qttt_diag *d);

/*
 * The line of progress after game i (g) is counted, as qttt-match(1)
 * shows it, with no newline: its number, engines and result, the
 * points of each of its engines so far, and the time left at the pace
 * of this run, elapsed milliseconds for played games (those of a file
 * it went on from not counted).  Into buf (of size n); returns what
 * snprintf() returns.
 */
int		 qttt_match_progress(const struct qttt_match *,
		    unsigned long long i, const struct qttt_match_game *g,
		    long long elapsed, unsigned long long played, char *buf,
		    size_t n);

/*
 * The match's standings so far (qttt_standings_write()), each engine
 * with the command given in commands (one an engine), with the time
 * control (NULL or "" for none); json as there.  Returns 0, -1 if f
 * reported an error, -2 out of memory.
 */
int		 qttt_match_standings(const struct qttt_match *, FILE *f,
		    const char *const *commands, const char *timecontrol,
		    int json);

/*
 * Goes on from line lineno (from 0) of a file that a match wrote: len
 * bytes at line, without its newline; complete is 0 for a last line
 * with no newline.  Returns 0 when the line is this match's next game,
 * now counted as written (qttt_match_resume()); 1 for a last line cut
 * short that starts a record, which the caller drops and writes again;
 * -1 when the file is not the records of a match, with the reason in
 * d (d->msg "" when rec's diagnostics say it: a record that is not
 * valid); -2 when it is another match's, with the setting that differs
 * in d.  rec is the caller's (struct qttt_record is large).
 */
int		 qttt_match_resume_line(struct qttt_match *, const char *line,
		    size_t len, int complete, unsigned long lineno,
		    struct qttt_record *rec, struct qttt_diag *d);

/*
 * Goes on from the file f that a match wrote, read from its start
 * (where f stands) to its end, line by line into buf, of size bytes
 * (QTTT_LINE_MAX + 1 holds any record), as qttt_match_resume_line()
 * takes them, and sets *keep to the bytes of its records that go on.
 * Returns 0 when every line is this match's next game; 1 when the
 * last line, cut short by a kill, starts a record: the caller drops
 * what follows the first *keep bytes (ftruncate()) and writes it
 * again; -1 when the file is not the records of a match, with the
 * reason in d (d->line its line; d->msg "" when rec's diagnostics say
 * it, their text in buf), a line longer than size - 1 bytes among
 * them (QTTT_E_LONGLINE); -2 when it is another match's, with the
 * setting that differs in d; -3 on a read error (QTTT_E_IO).  rec and
 * buf are the caller's (struct qttt_record is large).
 */
int		 qttt_match_resume_file(struct qttt_match *, FILE *f,
		    char *buf, size_t size, uint64_t *keep,
		    struct qttt_record *rec, struct qttt_diag *d);

/* ------------------------------------------------------------------ */
/* A match's settings as a user writes them (protocol/settings.c)       */
/* ------------------------------------------------------------------ */

/*
 * The SPRT's settings as qttt-match -E takes them,
 * "elo0,elo1,alpha,beta" (elo0 < elo1, each from -1000 to 1000; alpha
 * and beta between 0 and 1), into *t (llr and decided 0): 0, or -1
 * leaving *t unchanged.
 */
int		 qttt_sprt_parse(const char *s, struct qttt_sprt *t);

/*
 * An adjudication as qttt-match -a takes it: "settled", or a number of
 * plies from 0 to QTTT_MAXPLIES (digits only).  0, or -1 leaving *a
 * and *plies unchanged.
 */
int		 qttt_adjudication_parse(const char *s,
		    enum qttt_adjudication *a, unsigned int *plies);

/*
 * The time control as the records and the report name it, into buf
 * (of size n): the clock as the user wrote it (NULL: none), then
 * ", movetime MS" if movetime is more than 0; "" for neither.
 */
void		 qttt_timecontrol_format(const char *clock, long long movetime,
		    char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* Compliance checks of an engine (protocol/check.c)                    */
/* ------------------------------------------------------------------ */

/*
 * A scripted conversation with one engine process that checks what
 * formats/engine-protocol.md asks of an engine: the handshake, the
 * Rules option and the rules checked (qttt_check_rules()), isready at
 * odd times, an unknown message and option,
 * positions with a measurement due, the forced X9 and a state string,
 * stop during go infinite, an illegal and a malformed position (the
 * engine must answer error and live), go with no position and in a
 * game over, seeds, quit.  As a referee, it does no input or output:
 * the caller moves the bytes of the peer given (which it makes raw),
 * hands it the lines the process writes, and reports the process's
 * end, which after quit is the last check's pass.
 */
struct qttt_check;

struct qttt_check *qttt_check_new(void);
void		 qttt_check_free(struct qttt_check *);

/*
 * The rules the checks that follow run under (goff in a new one): the
 * engine must list them in its Rules option, which is set to them
 * (goff needs no option), and the positions sent are played by them.
 * Returns 0, or -1 (nothing changed) for a number that is no profile.
 */
int		 qttt_check_rules(struct qttt_check *, unsigned int rules);

/* Starts the checks with peer p, for a process not yet spoken to. */
void		 qttt_check_start(struct qttt_check *, struct qttt_peer *p,
		    long long now);
void		 qttt_check_line(struct qttt_check *, const char *line,
		    size_t len, long long now);
void		 qttt_check_fail(struct qttt_check *,
		    enum qttt_termination fault, const char *msg,
		    long long now);
void		 qttt_check_tick(struct qttt_check *, long long now);
long long	 qttt_check_deadline(const struct qttt_check *);
int		 qttt_check_done(const struct qttt_check *);

/*
 * The checks, in order: their number, and check i's name and why it
 * failed ("" if it passed); 1 passed, 0 failed, -1 not run (or no
 * such check).
 */
size_t		 qttt_check_count(const struct qttt_check *);
int		 qttt_check_result(const struct qttt_check *, size_t i,
		    const char **name, const char **why);

/*
 * The checks' results of the check of engine (from 0) that runs as
 * command, written to f in TAP (protocol/tap.c): a comment naming it,
 * the plan, "ok N - check" or "not ok N - check: why", \ and # escaped,
 * and a comment counting the passes.  Returns the number failed.
 */
size_t		 qttt_check_tap(FILE *f, const struct qttt_check *,
		    size_t engine, const char *command);

/* ------------------------------------------------------------------ */
/* Test suites with proven answers (protocol/suite.c)                   */
/* ------------------------------------------------------------------ */

/*
 * A test position for engines (formats/test-suite.md), as chess's EPD:
 * a state string, then operations: the best actions (best: all the
 * actions that keep the position's value) or the actions to avoid
 * (avoid: all those that lose value), the value under perfect play,
 * an id and a comment (text without its quotes, NUL-terminated).
 * The actions are kept in canonical form and in the order of
 * qttt_state_actions().
 */
#define QTTT_SUITE_TEXT	256

struct qttt_suite_entry {
	struct qttt_state	 state;
	int			 has_value;
	int			 value;
	size_t			 nbest, navoid;
	struct qttt_action	 best[QTTT_MAXACTIONS];
	struct qttt_action	 avoid[QTTT_MAXACTIONS];
	char			 id[QTTT_SUITE_TEXT];
	char			 comment[QTTT_SUITE_TEXT];
};

/*
 * Reads one line of a suite (len bytes, no LF; a CR at its end is
 * ignored).  Returns 1 for an entry, 0 for a blank line or a comment
 * ('#' first), -1 with a diagnostic in d (may be NULL; d->col the
 * 0-based byte at fault): QTTT_E_SUITE, or QTTT_E_STATE, or the code
 * of the rule an action breaks, or that of bytes no line may hold.
 */
int		 qttt_suite_parse(const char *s, size_t len,
		    struct qttt_suite_entry *e, struct qttt_diag *d);

/*
 * The same by a rule profile: the position is read by it
 * (qttt_state_parse_rules()), and so its actions are judged and its
 * answers proven by it.  qttt_suite_parse() is this by Goff's rules.
 */
int		 qttt_suite_parse_rules(const char *s, size_t len,
		    unsigned int rules, struct qttt_suite_entry *e,
		    struct qttt_diag *d);

/*
 * Writes e's line in canonical form, without the LF, into buf of size
 * n, as snprintf.  Returns the length it needed, or -1 if e holds no
 * best or avoid action, an action not legal in its state, or text a
 * line may not hold.
 */
int		 qttt_suite_format(const struct qttt_suite_entry *e,
		    char *buf, size_t n);

/*
 * Proves e's answers with the solver: its value (if given) is the
 * state's, its best actions are exactly those that keep the value, its
 * actions to avoid exactly those that lose some.  Returns QTTT_OK, or
 * QTTT_E_UNPROVEN with the first wrong answer in d (may be NULL).
 */
enum qttt_code	 qttt_suite_prove(struct qttt_solver *,
		    const struct qttt_suite_entry *e, struct qttt_diag *d);

/*
 * Whether action a answers e: legal in its state, one of the best
 * actions if it lists some, none of the actions to avoid.  1 or 0.
 */
int		 qttt_suite_solved(const struct qttt_suite_entry *e,
		    const struct qttt_action *a);

/*
 * Test n (from 1) of a suite, entry e, written to f as a TAP line
 * (protocol/tap.c): "ok N - id" if the action played solves it
 * (qttt_suite_solved()), else "not ok N - id: played A; best B, C"
 * (or avoid ...); with played NULL, "not ok N - id: why".  \ and #
 * are escaped.  Returns 1 if solved, else 0.
 */
int		 qttt_suite_tap(FILE *f, unsigned long n,
		    const struct qttt_suite_entry *e,
		    const struct qttt_action *played, const char *why);

#ifdef __GNUC__
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* !QTTT_H */
