/*
 * Library-private declarations.  Never included by cmd/.
 */
#ifndef QTTT_INTERNAL_H
#define QTTT_INTERNAL_H

#include "qttt.h"

/* The eight lines: rows, columns, diagonals, squares in reading order
 * (engine/rules.c). */
extern const unsigned char qttt_lines[QTTT_NLINES][3];

/* Where symmetry g takes square s, for searches that map squares in
 * their inner loop (engine/symmetry.c; qttt_sym_square() is the same). */
extern const unsigned char qttt_sym_perm[QTTT_NSYMS][QTTT_NSQUARES];

/*
 * Text written byte by byte, without snprintf, for the writers of
 * every game or state: an action as qttt_action_format() writes it (at
 * most QTTT_ACTION_TEXT bytes, game.c), a result as
 * qttt_result_format() (at most QTTT_RESULT_TEXT, square.c), without
 * the NUL; each returns the end.  A score in half points as the line
 * notation writes it ("1/2").  qttt_copy_out() gives len bytes of text
 * to buf of size n as snprintf would, and returns len (text/utf8.c).
 */
#define QTTT_ACTION_TEXT	16
#define QTTT_RESULT_TEXT	8
char	*qttt_action_text(char *, const struct qttt_action *);
char	*qttt_result_text(char *, const struct qttt_result *);
const char *qttt_half_text(int halves);
/*
 * Reads a result written as qttt_result_format() writes a possible one
 * ("1/2-1", "*"): n bytes at s.  Returns 1 and fills r, or 0 (square.c).
 */
int	 qttt_result_parse(const char *s, size_t n, struct qttt_result *);
int	 qttt_copy_out(char *buf, size_t n, const char *text, size_t len);

/* Rules 10 and 11: whether a board is over, and its score (rules.c). */
void	qttt_board_result(const struct qttt_state *, struct qttt_result *);

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
struct qttt_cache {
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
struct qttt_engine {
	struct qttt_state	st;
	struct qttt_cache	cache;
};

void		 qttt_engine_init(struct qttt_engine *);
void		 qttt_engine_load(struct qttt_engine *,
		    const struct qttt_state *);
enum qttt_code	 qttt_engine_apply(struct qttt_engine *,
		    const struct qttt_action *, struct qttt_diag *);
/*
 * The commonest action: the next move in two different squares that
 * open says it may take.  Places it and returns 1 if the action is
 * one (and so legal, with nothing to refuse); returns 0, having done
 * nothing, for any other, which qttt_engine_apply() judges.
 */
int		 qttt_engine_place(struct qttt_engine *,
		    const struct qttt_action *);

/*
 * qttt_game_play() with the game's state in play in e (game.c): e->st
 * is the state after g's plies, and g->state is left as it was, for
 * the caller to set from e->st when it is done.
 */
enum qttt_code	 qttt_game_play_engine(struct qttt_game *g,
		    struct qttt_engine *e, const struct qttt_action *,
		    struct qttt_diag *);

/* qttt_utf8_len() is public: qttt.h. */

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
 * Returns the symmetry (qttt_sym_perm) whose image gave the key.
 */
struct qttt_rkey {
	uint64_t	 hi, lo;
};

int	 qttt_reduced_key(const unsigned char board[QTTT_NSQUARES],
	    const unsigned char where[][2], int next, int pending,
	    unsigned int extra, struct qttt_rkey *);

/*
 * The solver's book of early positions (solve_book.c, written by
 * tests/solve-book, make book): the value of every position with at most
 * QTTT_BOOK_MOVES moves made, one entry for each reduced key
 * (qttt_solver_key, qttt_reduced_key): the key's hi word with the value
 * minus QTTT_VALUE_MIN in the QTTT_BOOK_VALUE bits (the key's extra
 * field, 0 in the solver's keys), then its lo word, sorted by key.  The
 * book depends on the form of the key: a change to it needs make book.
 */
#define QTTT_BOOK_MOVES		4
#define QTTT_BOOK_SHIFT		32
#define QTTT_BOOK_VALUE		(UINT64_C(0xf) << QTTT_BOOK_SHIFT)
extern const uint64_t	qttt_book[][2];
extern const size_t	qttt_book_size;
/* The reduced key of a legal state, and its value in the book
 * (QTTT_VALUE_MIN - 1 if it is not there). */
void	 qttt_solver_key(const struct qttt_solver *,
	    const struct qttt_state *, struct qttt_rkey *);
int	 qttt_solver_book_value(const struct qttt_solver *,
	    const struct qttt_state *);

/* ------------------------------------------------------------------ */
/* The input layer (reader.c) and the format readers that plug into it  */
/* ------------------------------------------------------------------ */

struct reader_line {
	const char	*text;		/* valid until the next read */
	size_t		 len;		/* without the newline */
	unsigned long	 lineno;	/* 0-based */
	int		 toolong;	/* only the first QTTT_LINE_MAX bytes */
};

/*
 * A record format.  sniff() says whether the first bytes of an input
 * (up to 4 KiB) are in this format; open() and close() set up and free
 * the format's state (reader_set_state); next() reads one game and
 * returns as qttt_reader_next().  Any of sniff, open, close may be
 * NULL.
 */
struct reader_format {
	enum qttt_format format;
	int		(*sniff)(const char *, size_t);
	int		(*next)(struct qttt_reader *, struct qttt_record *);
	int		(*open)(struct qttt_reader *);
	void		(*close)(struct qttt_reader *);
};

/* Makes rec the one line-too-long diagnostic of an over-long line. */
void	 reader_toolong(struct qttt_record *, const struct reader_line *,
	    enum qttt_format);
/* The index of the first byte after blank lines and '#' comments. */
size_t	 reader_skip_comments(const char *, size_t);
/*
 * Whether some game reaches a state that passes qttt_state_check():
 * 1, 0, or -1 if the search gave up (engine/reach.c).
 */
int	 qttt_state_reachable(const struct qttt_state *);
/* Whether X's and O's scores, in half points, make a possible result. */
int	 qttt_result_possible(int x, int o);
/*
 * What the line notation and Goff's notation share (line_reader.c).
 * Whether qttt_line_parse() finds a game on a line.  Whether a line's
 * bytes are all allowed: no NUL, no control character but tab (C1
 * included), valid UTF-8, none of U+2028, U+2029, U+FEFF, U+FFFE,
 * U+FFFF; if not, a diagnostic at the first fault in
 * rec and 0.  Where the comment of a line begins (len if it has none),
 * setting rec->comment to its text without '#' and the blanks around.
 */
int	 qttt_line_is_game(const char *, size_t);
/* A byte-order mark past the start of an input (the line notation). */
#define QTTT_MSG_BOM	"a byte-order mark (U+FEFF) is allowed only at the " \
			"start of the input"
/* What every reader says of a CR that does not end a line. */
#define QTTT_MSG_CR	"control character 0x0d, a carriage return not " \
			"before a line feed: lines end in LF or CR LF"
int	 qttt_line_bytes(struct qttt_record *, unsigned long lineno,
	    const char *, size_t len);
size_t	 qttt_line_comment(const char *, size_t len, struct qttt_record *);
/*
 * What metadata must be (meta.c): a date YYYY, YYYY-MM or YYYY-MM-DD
 * that is a real one; text the readers keep as it is, valid UTF-8
 * with no NUL.
 */
int	 qttt_date_good(const char *, size_t);
/*
 * Whether a plain scalar would not read back as a string: empty, a
 * null or boolean word of YAML 1.1 or 1.2, or something that starts
 * like a number (1-0 and 0.5 alike).  The writers quote such strings.
 */
int	 qttt_scalar_typed(const char *, size_t);
int	 qttt_text_good(const char *, size_t);
/* One line: 1, 0 at the end, -1 on a read error. */
int	 reader_getline(struct qttt_reader *, struct reader_line *);
/*
 * The QTTT_TEXT_* flags of a line just read that holds a game: whether
 * it ends the input without a newline, whether the byte-order mark of
 * the input stood before it (the first game takes it).
 */
unsigned int reader_line_flags(struct qttt_reader *,
	    const struct reader_line *);
void	 reader_set_state(struct qttt_reader *, void *);
/*
 * The lines before a game (struct qttt_record's lead), which the
 * reader keeps for its formats, in at most QTTT_LEAD_MAX bytes: reset
 * when a format's next() starts, add a line (without its '\n'; blanks
 * and CR at its end are left out), give them to the record read.
 * After the last game they are the input's trailer.
 */
void	 reader_lead_reset(struct qttt_reader *);
void	 reader_lead_add(struct qttt_reader *, const char *, size_t);
void	 reader_lead_give(const struct qttt_reader *, struct qttt_record *);
void	*reader_state(const struct qttt_reader *);

/*
 * If the valid UTF-8 character of k bytes at s is one the YAML reader
 * refuses in its input (a C1 control, a character libyaml takes for a
 * line break, U+FEFF, U+FFFE, U+FFFF), its code point; else 0.  The
 * writers of JSON and YAML escape these (text/utf8.c).
 */
unsigned long qttt_utf8_refused(const unsigned char *s, size_t k);
/*
 * The first byte of len that no reader takes in a line (a NUL, a
 * control character but tab, invalid UTF-8, a character of
 * qttt_utf8_refused), or len if there is none (text/utf8.c).
 */
size_t	 qttt_bad_byte(const unsigned char *s, size_t len);
/* The bytes qttt_json_string() writes for s, quotes included (json.c). */
size_t	 qttt_json_string_len(const char *s, size_t len);

/*
 * The readers of YAML and JSON (yaml.c), of Goff's notation (goff.c)
 * and of state strings (state_reader.c), bare or in qttt-replay's
 * JSON Lines.
 */
extern const struct reader_format qttt_yaml_format;
extern const struct reader_format qttt_goff_format;
/* A message of the rules in Goff's spellings (goff.c), in place. */
void	 qttt_goff_respell(char *msg, size_t size);
extern const struct reader_format qttt_state_reader_format;
/*
 * The same reader, found first (qttt-replay's JSON Lines, which the
 * YAML reader would take for records).
 */
extern const struct reader_format qttt_state_json_format;

/*
 * A plain YAML null: empty, ~, or null in its three spellings (yaml.c);
 * the JSON writer writes a metadata value read as one as null.
 */
int	 qttt_yaml_null(const char *, size_t);

/* ------------------------------------------------------------------ */
/* Diagrams: what render_text.c and render_svg.c share (render.c)       */
/* ------------------------------------------------------------------ */

/* at[p] is the square drawn at place p of the picture (reading order). */
void	render_layout(const struct qttt_render_opts *,
	    unsigned char at[QTTT_NSQUARES]);
/* The labels of the picture's columns and rows: 'a'..'c' or '1'..'3'. */
void	render_axes(const struct qttt_render_opts *, char cols[3],
	    char rows[3]);
/* Whether plies replay from the empty board to st. */
int	render_complete(const struct qttt_state *st,
	    const struct qttt_action *plies, size_t n);
/*
 * How the sentences name things: RENDER_UTF8 writes U+2192 for the
 * arrow, RENDER_GOFF names squares by Goff's numbers, as -c goff
 * draws them.  render_flags() gives the flags of o.
 */
#define RENDER_UTF8	1
#define RENDER_GOFF	2
int	render_flags(const struct qttt_render_opts *o, int utf8);
/*
 * An action as the diagrams name it: "X1 a1 b1", "X9 b2", "O4->a1"
 * (or "O4\u2192a1"); with RENDER_GOFF "X1+(1,2)", "X9+(5,5)", "O4->1".
 * As snprintf.
 */
int	render_action(const struct qttt_action *, char *buf, size_t n,
	    int flags);
/*
 * The sentence under a diagram: whose turn, the pending measurement
 * and its outcomes, or the result and its lines (terse: the result
 * alone).  As snprintf.
 */
int	render_status(const struct qttt_state *, int terse, int flags,
	    char *buf, size_t n);
/*
 * For a page that styles the diagrams by class (html.c): the colours
 * of a theme and the fonts, as CSS custom properties (--bg, --x, ...,
 * --font-mark, --font-label) without the braces around them.
 */
void	render_svg_css(FILE *, enum qttt_theme);
void	render_svg_fonts(FILE *);
/*
 * Where qttt_render_svg() draws the board of a position (not of its
 * outcomes) with o: its top left corner, in the picture's own units,
 * in which a square is RENDER_SQUARE wide (the viewer page finds the
 * square clicked from it).
 */
#define RENDER_SQUARE	100
void	render_svg_board(const struct qttt_render_opts *o, int *x, int *y);

/*
 * Layout (layout.c).  The fonts of the SVG pictures, each a stack
 * (render_svg.c): render_width() is the width of n bytes of s at size
 * px, the widest any font of the stack gives it.
 */
#define RENDER_SANS		0	/* captions, node names */
#define RENDER_SANS_BOLD	1
#define RENDER_SERIF		2	/* marks: O */
#define RENDER_SERIF_BOLD	3	/* marks: X */
#define RENDER_SUB		0.7	/* a caption's subscript, of its size */
#define RENDER_MARK_SUB		0.46	/* a mark's subscript, of its size */
double	render_width(const char *s, size_t n, int font, double size);
/* Whether a mark (X1 .. O8, not inside a word) starts at s[i]. */
int	render_is_mark(const char *s, size_t i);
/* A caption's width: sans, each mark's digit a subscript. */
double	render_caption_width(const char *s, size_t n, double size);
/*
 * Breaks caption s into lines no wider than width, at blanks: fills in
 * where each line starts (the blank before it ends the line before) and
 * returns how many there are, at most max.
 */
size_t	render_wrap(const char *s, double size, double width,
	    size_t *starts, size_t max);
double	render_root(double x);

/*
 * The entanglement graph, laid out: a node per square, an edge per
 * spooky move as a curve from node a to node b, and its label's box.
 * The curve is a quadratic Bezier piece from x0,y0 to x1,y1 pulled
 * towards c; or, where one piece cannot get between the nodes, two
 * pieces that meet at w, the second pulled towards d, with one tangent
 * there.  fits says whether every label keeps clear of the other
 * labels, the nodes and the other edges (and their halos); the layout
 * tries the shapes of the edges in turn to make it so.
 */
#define RENDER_NODE_R		22	/* a node's radius, half a side */
#define RENDER_EDGE_W		3.5	/* the widest edge */
#define RENDER_HALO_W		12	/* the halo of a cycle's edge */
#define RENDER_LABEL_SIZE	18	/* unless crowded */
#define RENDER_LABEL_PAD	3	/* between a label's box and text */

/* The shape of an edge between its ends. */
struct render_curve {
	int	 pieces;		/* 1 or 2 */
	double	 cx, cy;
	double	 wx, wy, dx, dy;	/* with 2 pieces */
};

struct render_edge {
	int	 move, a, b;
	double	 x0, y0, x1, y1;
	struct render_curve curve;
	double	 halo;			/* half the halo's width, or 0 */
	double	 lx, ly, lw, lh;	/* the label's centre and size */
};

struct render_graph {
	size_t			 nedges;
	struct render_edge	 edge[QTTT_MAXMOVES];
	double			 nx[QTTT_NSQUARES], ny[QTTT_NSQUARES];
	unsigned char		 classical[QTTT_NSQUARES];
	double			 label_size;	/* px */
	int			 fits;
};

/* place[sq] is where square sq is drawn, 0..8 in reading order. */
void	render_graph_layout(const struct qttt_state *,
	    const unsigned char place[QTTT_NSQUARES], struct render_graph *);
/* The point of an edge at t, 0 to 1: with 2 pieces, w at 0.5. */
void	render_bezier(const struct render_edge *, double t, double *x,
	    double *y);

/* ------------------------------------------------------------------ */
/* Replay output (replay.c, state_data.c, listing.c)                    */
/* ------------------------------------------------------------------ */

/* One state of a game being replayed. */
struct replay_point {
	const struct qttt_replay	 *game;
	const struct qttt_replay_options *opts;
	size_t				  ply;	 /* plies applied */
	const struct qttt_state		 *state; /* after them */
};

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
struct json_states *qttt_json_states_open(FILE *);
int	qttt_json_states_put(struct json_states *,
	    const struct replay_point *);
int	qttt_json_states_flush(struct json_states *);
int	qttt_json_states_close(struct json_states *);

struct yaml_states;
struct yaml_states *qttt_yaml_states_open(FILE *);
int	qttt_yaml_states_put(struct yaml_states *,
	    const struct replay_point *);
int	qttt_yaml_states_close(struct yaml_states *);

/* Writes the listing of a game up to ply upto (listing.c). */
int	qttt_listing_write(FILE *, const struct qttt_replay *,
	    const struct qttt_replay_options *, size_t upto);
/*
 * Parts of the listing, for other writers (the HTML page): what ply i
 * did, as a row says it after the item (nothing for a placement that
 * is neither forced nor closes a cycle; no comment, no newline); the
 * line of the lines of st, and the line of its result.
 */
void	qttt_listing_note(FILE *, const struct qttt_replay *, size_t i,
	    const struct qttt_state *before, const struct qttt_state *after);
void	qttt_listing_lines(FILE *, const struct qttt_state *);
void	qttt_listing_result(FILE *, const struct qttt_state *);

#endif /* !QTTT_INTERNAL_H */
