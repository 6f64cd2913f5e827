/*
 * The engine layer's private declarations (engine/), for the
 * library's own use: never included by cmd/.  Private names start
 * with qttt__engine_.
 */
#ifndef QTTT_ENGINE_H
#define QTTT_ENGINE_H

#include "qttt.h"

/* The eight lines: rows, columns, diagonals, squares in reading order
 * (engine/rules.c). */
extern const unsigned char qttt__engine_lines[QTTT_NLINES][3];

/* Where symmetry g takes square s, for searches that map squares in
 * their inner loop (engine/symmetry.c; qttt_sym_square() is the same). */
extern const unsigned char qttt__engine_sym_perm[QTTT_NSYMS][QTTT_NSQUARES];

/*
 * Text written byte by byte, without snprintf, for the writers of
 * every game or state: an action as qttt_action_format() writes it (at
 * most ACTION_TEXT_MAX bytes, game.c), a result as
 * qttt_result_format() (at most RESULT_TEXT_MAX, square.c), without
 * the NUL; each returns the end.  A score in half points as the line
 * notation writes it ("1/2").
 */
#define ACTION_TEXT_MAX	16
#define RESULT_TEXT_MAX	8
char	*qttt__engine_action_text(char *, const struct qttt_action *);
char	*qttt__engine_result_text(char *, const struct qttt_result *);
const char *qttt__engine_half_text(int halves);
/*
 * Reads a result written as qttt_result_format() writes a possible one
 * ("1/2-1", "*"): n bytes at s.  Returns 1 and fills r, or 0 (square.c).
 */
int	 qttt__engine_result_parse(unsigned int rules, const char *s,
	    size_t n, struct qttt_result *);

/*
 * The English of a diagnostic that names what it is about (struct
 * qttt_diag): the rules' refusals of an action and a stated result
 * that is not the game's, made in one place (diag.c).
 * qttt__engine_diag_args() sets d's code and severity, the action it
 * names (NULL: none) and empties the rest of what it names, for the
 * caller to fill in; qttt__engine_diag_say() makes d->msg from them,
 * with squares, results and the forced last move spelt by sp: a
 * notation's own (notation/spell.c has Goff's), NULL for the line
 * notation's, which is the engine's (a1, 1-1/2, X9 a1).  Each of sp's
 * functions writes its text and a NUL into a buffer of SPELL_MAX
 * bytes, and returns the buffer.
 */
#define SPELL_MAX	24
struct engine_spelling {
	const char	*(*square)(char *, int sq);
	const char	*(*result)(char *, const struct qttt_result *);
	const char	*(*forced)(char *, int sq);
};
void	 qttt__engine_diag_args(struct qttt_diag *, enum qttt_code,
	    const struct qttt_action *);
void	 qttt__engine_diag_say(struct qttt_diag *,
	    const struct engine_spelling *sp);

/* Rules 10 and 11: whether a board is over, and its score (rules.c). */
void	 qttt__engine_board_result(const struct qttt_state *,
	    struct qttt_result *);

/* ------------------------------------------------------------------ */
/* The engine's own: a state in play with its cache (rules.c, game.c)   */
/* ------------------------------------------------------------------ */

/*
 * What the engine keeps beside a position to close cycles and
 * collapse without looking at every move, always what it would build
 * from the position alone: the open squares joined by spooky moves
 * other than a pending one, as components, each named by one of its
 * squares (comp[s], for an open square s; members[r], the squares of
 * the component named r, bit s for square s; a classical square's
 * entries are never looked at, and are left as they were when the
 * square became classical); for each square, the spooky moves with a
 * mark in it (bit m for move m); each player's classical marks
 * ([QTTT_X] and [QTTT_O], bit s for square s); the squares the next
 * move may be placed in (open, bit s for square s): the squares
 * without a classical mark while play goes on, by the rules this
 * engine knows, with a move left to make and no measurement pending,
 * and none otherwise.
 */
struct engine_cache {
	unsigned char	comp[QTTT_NSQUARES];
	unsigned short	members[QTTT_NSQUARES];
	unsigned short	spooky[QTTT_NSQUARES];
	unsigned short	marks[2];
	unsigned short	open;
};

/*
 * A state in play: a position and its cache, kept in step because only
 * these functions change either.  st may be read, and copied out, at
 * any time.  What plays game after game, move after move (records; the
 * analysis layer may too) uses one; qttt_state_apply() on a public
 * state builds what it needs of a cache each time.  init: the empty
 * board; load: any state (its cache is built); apply: as
 * qttt_state_apply(), and the same in every respect.
 */
struct engine {
	struct qttt_state	st;
	struct engine_cache	cache;
};

void		 qttt__engine_init(struct engine *);
void		 qttt__engine_load(struct engine *,
		    const struct qttt_state *);
/* The empty board played by a rule profile (init, for Goff's). */
void		 qttt__engine_start(struct engine *, unsigned int rules);
enum qttt_code	 qttt__engine_apply(struct engine *,
		    const struct qttt_action *, struct qttt_diag *);
/*
 * The commonest action: the next move in two different squares that
 * open says it may take.  Places it and returns 1 if the action is
 * one (and so legal, with nothing to refuse); returns 0, having done
 * nothing, for any other, which qttt__engine_apply() judges.
 */
int		 qttt__engine_place(struct engine *,
		    const struct qttt_action *);

/*
 * qttt_game_play() with the game's state in play in e (game.c): e->st
 * is the state after g's plies, and g->state is left as it was, for
 * the caller to set from e->st when it is done.
 */
enum qttt_code	 qttt__engine_game_play(struct qttt_game *g,
		    struct engine *e, const struct qttt_action *,
		    struct qttt_diag *);

/*
 * Whether some game reaches a state that passes qttt_state_check():
 * 1, 0, or -1 if the search gave up (engine/reach.c).
 */
int	 qttt__engine_reachable(const struct qttt_state *);
/*
 * Whether X's and O's scores, in half points, make a result that a game
 * played by the profile rules can end with; QTTT__RULES_ANY: by some
 * profile (result.c).
 */
#define QTTT__RULES_ANY	QTTT_RULES_ANY
int	 qttt__engine_result_possible(unsigned int rules, int x, int o);

#endif /* !QTTT_ENGINE_H */
