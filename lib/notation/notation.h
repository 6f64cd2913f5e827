/*
 * The notation layer's private declarations (notation/): the input
 * layer and the format readers that plug into it; never included by
 * cmd/.  Private names start with qttt__notation_.
 */
#ifndef QTTT_NOTATION_H
#define QTTT_NOTATION_H

#include "qttt.h"
#include "engine/engine.h"

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
 * the format's state (qttt__notation_reader_set_state); next() reads
 * one game and returns as qttt_reader_next().  Any of sniff, open,
 * close may be NULL.
 */
struct reader_format {
	enum qttt_format format;
	int		(*sniff)(const char *, size_t);
	int		(*next)(struct qttt_reader *, struct qttt_record *);
	int		(*open)(struct qttt_reader *);
	void		(*close)(struct qttt_reader *);
};

/* Makes rec the one line-too-long diagnostic of an over-long line. */
void	 qttt__notation_reader_toolong(struct qttt_record *,
	    const struct reader_line *,
	    enum qttt_format);
/* The index of the first byte after blank lines and '#' comments. */
size_t	 qttt__notation_reader_skip_comments(const char *, size_t);
/*
 * What the line notation and Goff's notation share (line_reader.c).
 * Whether qttt_line_parse() finds a game on a line.  Whether a line's
 * bytes are all allowed: no NUL, no control character but tab (C1
 * included), valid UTF-8, none of U+2028, U+2029, U+FEFF, U+FFFE,
 * U+FFFF; if not, a diagnostic at the first fault in
 * rec and 0.  Where the comment of a line begins, from byte from on
 * (len if it has none), setting rec->comment to its text without '#'
 * and the blanks around; a comment longer than a value may be
 * (QTTT_YAML_SCALAR_MAX, formats/limits.md) is an error in rec.
 */
int	 qttt__notation_line_is_game(const char *, size_t);
/* A byte-order mark past the start of an input (the line notation). */
#define MSG_BOM	"a byte-order mark (U+FEFF) is allowed only at the " \
			"start of the input"
/* What every reader says of a CR that does not end a line. */
#define MSG_CR	"control character 0x0d, a carriage return not " \
			"before a line feed: lines end in LF or CR LF"
int	 qttt__notation_line_bytes(struct qttt_record *, unsigned long lineno,
	    const char *, size_t len);
size_t	 qttt__notation_line_comment(const char *, size_t from, size_t len,
	    struct qttt_record *);
/*
 * What metadata must be (meta.c): a date YYYY, YYYY-MM or YYYY-MM-DD
 * that is a real one; text the readers keep as it is, valid UTF-8
 * with no NUL.
 */
int	 qttt__notation_date_good(const char *, size_t);
/*
 * Whether a plain scalar would not read back as a string: empty, a
 * null or boolean word of YAML 1.1 or 1.2, or something that starts
 * like a number (1-0 and 0.5 alike).  The writers quote such strings.
 */
int	 qttt__notation_scalar_typed(const char *, size_t);
int	 qttt__notation_text_good(const char *, size_t);
/*
 * The bytes of a record's keys, values and comments, in all, as
 * qttt_extras_check() counts them (QTTT_EXTRAS_MAX): every reader
 * refuses a record that holds more (extras.c).
 */
size_t	 qttt__notation_extras_bytes(const struct qttt_record *);
/*
 * The keys of a move's mapping in YAML and JSON ("move", "comment",
 * "variations"; NULL-terminated): no note, no tag of a move, is one.
 */
extern const char *const qttt__notation_move_keys[];
/*
 * A record's variations read, as the line notation and YAML read them
 * (rec->vars in order, each with its nitems, and their items in
 * varitems in the order read, owner[i] the variation of item i): each
 * variation's items put together and its first set; a last variation
 * with no item (an error cut it) dropped.
 */
void	 qttt__notation_vars_done(struct qttt_record *, unsigned char *owner);
/* One line: 1, 0 at the end, -1 on a read error. */
int	 qttt__notation_reader_getline(struct qttt_reader *,
	    struct reader_line *);
/*
 * The QTTT_TEXT_* flags of a line just read that holds a game: whether
 * it ends the input without a newline, whether the byte-order mark of
 * the input stood before it (the first game takes it).
 */
unsigned int qttt__notation_reader_line_flags(struct qttt_reader *,
	    const struct reader_line *);
void	 qttt__notation_reader_set_state(struct qttt_reader *, void *);
/* The profile of records that name none (qttt_reader_rules). */
unsigned int qttt__notation_reader_rules(const struct qttt_reader *);
/*
 * qttt_line_parse() with the profile of a record that names none:
 * rec->rules is it, or the one the record's rules tag names, and the
 * result must be one of its results.  qttt_line_parse() is this with
 * Goff's rules.
 */
int	 qttt__notation_line_parse(const char *, size_t,
	    unsigned long lineno, struct qttt_record *, unsigned int rules);
/*
 * Text of the input quoted in a message: at most QTTT__QUOTE_MAX bytes
 * of the n bytes at s, written so that a message stays one line of
 * valid UTF-8 that fits QTTT_MSG_MAX: a control character or a byte of
 * invalid UTF-8 as \xHH, a character that no reader takes in a line
 * as \u{HHHH}, a backslash as two; never cut within a character or
 * an escape, and "..." after it if it is cut.  Into buf, of size
 * QTTT__QUOTE_SIZE or more (record.c); returns buf.
 */
#define QTTT__QUOTE_MAX		24
#define QTTT__QUOTE_SIZE	(QTTT__QUOTE_MAX + 4)
const char *qttt__notation_quote(char *buf, const char *s, size_t n);
/*
 * A rules tag or key (n bytes at s, whose value is at line, col in
 * the record, exact if each byte is a column): sets rec->rules and
 * rec->rules_named and returns 1, or adds a bad-rules diagnostic at
 * the item at fault and returns 0 (record.c).
 */
int	 qttt__notation_rules_value(struct qttt_record *, const char *s,
	    size_t n, unsigned long line, unsigned long col, int exact);
/*
 * The message of a result that the record's profile does not allow
 * (n bytes at s, as written), into msg of size size (record.c).  Under
 * Goff's rules: "'1/2-1/2' is not a possible result (1-0, ... or *)".
 */
/*
 * Whether result r stated by rec holds where its main line leaves the
 * board at st: the board's result, or one the record's termination
 * awards (qttt_record_play() judges it so).
 */
int	 qttt__notation_result_holds(const struct qttt_record *,
	    const struct qttt_result *, const struct qttt_state *);
void	 qttt__notation_result_refused(char *msg, size_t size,
	    unsigned int rules, const char *s, size_t n);
/*
 * qttt_state_parse() with a profile (state_string.c): the state is
 * played by it, and its result must be one of its results.
 */
enum qttt_code qttt__notation_state_parse(const char *, size_t,
	    struct qttt_state *, struct qttt_diag *, unsigned int rules);
/*
 * The lines before a game (struct qttt_record's lead), which the
 * reader keeps for its formats, in at most QTTT_LEAD_MAX bytes: reset
 * when a format's next() starts (but for the lines format detection
 * read before the first game, which the first reset keeps), add a line
 * (without its '\n'; blanks and CR at its end are left out), give them
 * to the record read.  After the last game they are the input's
 * trailer.
 */
void	 qttt__notation_reader_lead_reset(struct qttt_reader *);
void	 qttt__notation_reader_lead_add(struct qttt_reader *, const char *,
	    size_t);
void	 qttt__notation_reader_lead_give(struct qttt_reader *,
	    struct qttt_record *);
void	*qttt__notation_reader_state(const struct qttt_reader *);

/*
 * The readers of YAML and JSON (yaml.c), of Goff's notation (goff.c)
 * and of state strings (state_reader.c), bare or in qttt-replay's
 * JSON Lines.
 */
extern const struct reader_format qttt__notation_yaml_format;
extern const struct reader_format qttt__notation_goff_format;
extern const struct reader_format qttt__notation_state_format;
/*
 * The same reader, found first (qttt-replay's JSON Lines, which the
 * YAML reader would take for records).
 */
extern const struct reader_format qttt__notation_state_json_format;

/*
 * A plain YAML null: empty, ~, or null in its three spellings (yaml.c);
 * the JSON writer writes a metadata value read as one as null.
 */
int	 qttt__notation_yaml_null(const char *, size_t);
/*
 * Whether a line at the top of a YAML document, outside any scalar or
 * collection, is a record of the line notation or of Goff's, which
 * YAML would take for a key without its ':': a mark first ("X1 a1 b1",
 * "X1+(1,2)").  The YAML reader refuses such a line; the writer quotes
 * a key that would start one.
 */
int	 qttt__notation_record_line(const char *, size_t);

/*
 * Whether a note is a mark that a glyph stands for: "?", "!!" ...
 * (extras.c).
 */
int	 qttt__notation_glyph_note(const struct qttt_meta *);

/*
 * How a notation spells what the rules' messages name (spell.c): the
 * spelling of records of format f for qttt__engine_diag_say() (NULL:
 * the line notation's, the engine's own); a score of Goff's notation,
 * in half points ("0.5").
 */
const struct engine_spelling *qttt__notation_spelling(enum qttt_format f);
const char *qttt__notation_goff_score(int halves);

#endif /* !QTTT_NOTATION_H */
