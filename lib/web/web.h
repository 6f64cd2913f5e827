/*
 * The web layer's own declarations (lib/web/), private to it: the
 * viewer page (html.c) and what its WebAssembly module exports to the
 * page's script (module.c), the same functions built natively for the
 * unit tests (tests/check_web.c) and for wasm32-wasi for the page
 * (formats/viewer.md, "The module").
 */
#ifndef QTTT_WEB_H
#define QTTT_WEB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qttt.h"

/*
 * The drawing options of a page, as text that the page carries and the
 * module reads back (options.c): one "key value" a line, in this order,
 *
 *	coords none|a1|goff
 *	theme light|dark|mono
 *	rotate 0|90|180|270
 *	flip none|h|v
 *	bare 0|1
 *	highlight 0|1
 *	markup ITEM		(one line per -k item, as qttt_markup_parse
 *				reads it)
 *	css TEXT		(last: the style sheet, every byte to the end)
 *
 * so that the module draws what qttt-render -T svg draws with the same
 * options.  read() fills o (its markup pointing into markup[], of room
 * for QTTT__WEB_MARKUP items, its css into the text itself, which it
 * NUL-terminates: text must have room for one byte more than len) and
 * returns 0, or -1 with a message in msg (as snprintf).
 */
#define QTTT__WEB_MARKUP	64
int	 qttt__web_options_write(FILE *, const struct qttt_render_opts *);
int	 qttt__web_options_read(char *text, size_t len,
	    struct qttt_render_opts *o, struct qttt_markup *markup,
	    char *msg, size_t n);

/*
 * Text a function writes on a stream, caught in memory (text.c): open
 * gives the stream (NULL if out of memory); end closes it and returns
 * 0, buf and len then holding the text, which the caller frees, or -1
 * if the stream failed (nothing is kept; errno says why, ENOMEM if
 * nothing else did).
 */
struct qttt__web_text {
	FILE	*f;
	char	*buf;
	size_t	 len;
};

FILE	*qttt__web_text_open(struct qttt__web_text *);
int	 qttt__web_text_end(struct qttt__web_text *);

/*
 * The squares of a state in words, in reading order: "a1 X1
 * (classical); b1 X3 O4 (spooky); empty: c1 a2." (module.c).
 */
void	 qttt__web_words(FILE *, const struct qttt_state *);

/*
 * What the page's module exports (module.c).  A session holds the
 * drawing options, a solver, the record loaded and the line shown (its
 * start and the actions played from it), an input buffer that the
 * script fills and an output buffer that each call fills (JSON, SVG or
 * tab-separated text; formats/viewer.md, "The module").  Each call
 * returns as its comment says; on failure the output holds
 * {"error": message, "code": name}.
 *
 *	new, free	a session (NULL if out of memory); free(NULL)
 *	input		room for n bytes of input (NULL if out of memory)
 *	output, output_len	what the last call wrote
 *	setup		reads the options (qttt__web_options_read) in the
 *			input's first len bytes: 0, or -1
 *	rules		the profile (its name in the input, "" for
 *			Goff's) that index and load read state strings
 *			by from then on (a record names its own): 0, or
 *			-1 for a name that is no profile
 *	index		the records of the page, one a line, in the input:
 *			for each, a line "plies TAB moves TAB result TAB x
 *			TAB o TAB event TAB date TAB site" (tabs and line
 *			breaks in the values as spaces; result "!" for a
 *			line that is no valid record); returns the count
 *	load		one record (the line notation) or state string in
 *			the input: the game, as JSON; the line shown is
 *			its start.  Returns its plies, or -1
 *	line		the line shown: the actions (line-notation items)
 *			in the input, played from the start of the record
 *			loaded; the position at their end, as JSON.
 *			Returns the plies played, or -1 (then the line is
 *			the actions before the one refused)
 *	svg		the picture of the position shown, as qttt-render
 *			-T svg draws it (its outcomes with preview): 0, -1
 *	click		squares clicked on the position shown (s1 < 0: the
 *			first of a placement): the action they make, or
 *			the library's diagnostic, as JSON; returns 1 for a
 *			whole action, 0 for a first square taken, -1 for
 *			one refused
 *	analyze		the solver's analysis of the position shown, JSON:
 *			0, or -1
 *	values		the value of every position of the line shown,
 *			ply 0 first, and each ply judged (qttt_judge_ply():
 *			its mark's glyph, its mover, the mover's loss), as
 *			JSON: 0, or -1
 *	reply		an action for the player to act, at a level (1
 *			random to 5 perfect play) with a seed, as JSON:
 *			0, or -1 when the game is over
 *
 * The record loaded keeps its variations as a tree, which the page
 * grows, prunes and promotes, and a cursor: a line of the tree (-1
 * the main line, else a variation's index) and the plies of its game
 * shown, which the line shown then holds.  Each of these writes the
 * cursor as JSON (the line, the plies shown, the line that holds the
 * last of them and its items played, the line's actions, the line
 * each is on, its link: the path in the record as read of the last
 * position the line has of it, then '~' and the actions played from
 * there; the position shown as line gives it), the tree too
 * (as load's "tree") where it changed:
 *
 *	goto		the cursor to a line and ply: the plies, or -1
 *	step		the cursor moved (how: 0 start, 1 back, 2 on,
 *			3 end, 4 and 5 up and down among the alternatives
 *			to the move shown, 6 the next mistake): the plies
 *	play		an action (one item in the input) at the cursor:
 *			followed where the tree has it, else a variation
 *			started (or the line ending there extended): the
 *			plies, or -1 for one refused
 *	promote		the line shown made the main line: its plies, -1
 *	delete		the line shown (a variation) deleted, the cursor
 *			where it branched: the plies, or -1
 *	path		the cursor to the position that a path (in the
 *			input) names in the record as read, reached by its
 *			actions in the tree as it is: the plies, or -1
 *	tree		the tree alone, as JSON: 0
 *	copy		the record with its tree in the line notation
 *			(qttt_record_write()): 0, or -1 for a position
 */
struct qttt__web;

struct qttt__web *qttt__web_new(void);
void	 qttt__web_free(struct qttt__web *);
char	*qttt__web_input(struct qttt__web *, size_t n);
const char *qttt__web_output(const struct qttt__web *);
size_t	 qttt__web_output_len(const struct qttt__web *);
int	 qttt__web_setup(struct qttt__web *, size_t len);
int	 qttt__web_rules(struct qttt__web *, size_t len);
long	 qttt__web_index(struct qttt__web *, size_t len);
int	 qttt__web_load(struct qttt__web *, size_t len);
int	 qttt__web_line(struct qttt__web *, size_t len);
int	 qttt__web_svg(struct qttt__web *, int preview);
int	 qttt__web_click(struct qttt__web *, int s0, int s1);
int	 qttt__web_analyze(struct qttt__web *);
int	 qttt__web_values(struct qttt__web *);
int	 qttt__web_best(struct qttt__web *, long ply);
int	 qttt__web_reply(struct qttt__web *, int level, uint32_t seed);
int	 qttt__web_goto(struct qttt__web *, long line, long ply);
int	 qttt__web_step(struct qttt__web *, int how);
int	 qttt__web_play(struct qttt__web *, size_t len);
int	 qttt__web_promote(struct qttt__web *);
int	 qttt__web_delete(struct qttt__web *);
int	 qttt__web_tree(struct qttt__web *);
int	 qttt__web_copy(struct qttt__web *);
int	 qttt__web_path(struct qttt__web *, size_t len);

/* The solver's table in the page: small, as a browser tab's memory is. */
#define QTTT__WEB_TABLE		(16UL * 1024 * 1024)

/*
 * What the build makes of the page's own files (assets.c, written by
 * the Makefile): the style sheet, the script (the module's shim and
 * the viewer), and the module, gzipped and in base64; each
 * NUL-terminated.  A build without the WebAssembly toolchain has no
 * module (""), and qttt__web_missing says what it needs ("" when the
 * module is there).
 */
extern const char	qttt__web_css[];
extern const char	qttt__web_js[];
extern const char	qttt__web_wasm[];
extern const char	qttt__web_missing[];

#endif /* !QTTT_WEB_H */
