/*
 * The notation layer's private declarations (notation/): the input
 * layer and the format readers that plug into it; never included by
 * cmd/.  Private names start with qttt__notation_.
 */
#ifndef QTTT_NOTATION_H
#define QTTT_NOTATION_H

#include "qttt.h"

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
 * rec and 0.  Where the comment of a line begins (len if it has none),
 * setting rec->comment to its text without '#' and the blanks around.
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
size_t	 qttt__notation_line_comment(const char *, size_t len,
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
/*
 * The lines before a game (struct qttt_record's lead), which the
 * reader keeps for its formats, in at most QTTT_LEAD_MAX bytes: reset
 * when a format's next() starts, add a line (without its '\n'; blanks
 * and CR at its end are left out), give them to the record read.
 * After the last game they are the input's trailer.
 */
void	 qttt__notation_reader_lead_reset(struct qttt_reader *);
void	 qttt__notation_reader_lead_add(struct qttt_reader *, const char *,
	    size_t);
void	 qttt__notation_reader_lead_give(const struct qttt_reader *,
	    struct qttt_record *);
void	*qttt__notation_reader_state(const struct qttt_reader *);

/*
 * The readers of YAML and JSON (yaml.c), of Goff's notation (goff.c)
 * and of state strings (state_reader.c), bare or in qttt-replay's
 * JSON Lines.
 */
extern const struct reader_format qttt__notation_yaml_format;
extern const struct reader_format qttt__notation_goff_format;
/* A message of the rules in Goff's spellings (goff.c), in place. */
void	 qttt__notation_goff_respell(char *msg, size_t size);
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

#endif /* !QTTT_NOTATION_H */
