/*
 * The analysis layer's private declarations (analysis/), for the
 * library's own use: never included by cmd/.  Private names start
 * with qttt__analysis_.
 */
#ifndef QTTT_ANALYSIS_H
#define QTTT_ANALYSIS_H

#include <stdint.h>

#include "qttt.h"

/*
 * The reduced key of a position (perft.c, formats/counting.md section
 * 4.4): the move numbers 1 to 6 only as their owners, classical marks
 * on no live line only as occupied squares, the spooky moves as a
 * multiset, no record of which move closed a pending cycle, in the
 * least of the eight symmetric images.  board, where, next and pending
 * as in struct qttt_state (only moves before next are read); extra (0
 * to 15) is kept in the key as it is (perft's depth).  Positions with
 * equal keys have the same counts (formats/counting.md) and the same
 * value under perfect play (formats/solver.md).  hi is never 0.
 * Returns the symmetry (qttt__engine_sym_perm) whose image gave the key.
 */
struct reduced_key {
	uint64_t	 hi, lo;
};

int	 qttt__analysis_reduced_key(const unsigned char board[QTTT_NSQUARES],
	    const unsigned char where[][2], int next, int pending,
	    unsigned int extra, struct reduced_key *);

/*
 * The solver's book of early positions (solve_book.c, written by
 * tests/solve-book, make book): under every profile the values depend
 * on (qttt__analysis_value_rules()), the value of every position with
 * at most qttt__analysis_book_moves() moves made (BOOK_MOVES under
 * Goff's rules, BOOK_MOVES_PRESET under another preset's: the search
 * from a position one move past the book then takes at most about
 * 0.1 s; none under other profiles: a deeper book, or one of every
 * profile, makes the tools' binaries and the viewer's module too
 * big), one entry for each reduced key
 * (qttt__analysis_solver_key, qttt__analysis_reduced_key, the profile
 * in its lo word): the key's hi
 * word with the value minus QTTT_VALUE_MIN in the BOOK_VALUE bits (the
 * key's extra field, 0 in the solver's keys), then its lo word, sorted
 * by key.  The book depends on the form of the key: a change to it
 * needs make book.
 */
#define BOOK_MOVES		4
#define BOOK_MOVES_PRESET	2
#define BOOK_SHIFT		32
#define BOOK_VALUE		(UINT64_C(0xf) << BOOK_SHIFT)
extern const uint64_t	qttt__analysis_book[][2];
extern const size_t	qttt__analysis_book_size;
/* The reduced key of a legal state, and its value in the book
 * (QTTT_VALUE_MIN - 1 if it is not there). */
void	 qttt__analysis_solver_key(const struct qttt_solver *,
	    const struct qttt_state *, struct reduced_key *);
int	 qttt__analysis_book_value(const struct qttt_solver *,
	    const struct qttt_state *);
/*
 * The values of the positions along a line of play from st (as
 * qttt_solver_value() accepts it): values[0] that of st, values[i + 1]
 * that after plies[i], each action legal where it is played.  Returns
 * QTTT_OK, or the code of the refusal with d; values is then partly
 * filled.
 */
enum qttt_code	 qttt__analysis_solver_line(struct qttt_solver *,
		    const struct qttt_state *st,
		    const struct qttt_action *plies, size_t n, int *values,
		    struct qttt_diag *d);
/* The part of profile rules that values depend on, and how many moves
 * deep the book holds the positions of such a part. */
unsigned int qttt__analysis_value_rules(unsigned int rules);
int	 qttt__analysis_book_moves(unsigned int value_rules);

#endif /* !QTTT_ANALYSIS_H */
