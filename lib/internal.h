/*
 * Library-private declarations.  Never included by cmd/.
 */
#ifndef QTTT_INTERNAL_H
#define QTTT_INTERNAL_H

#include "qttt.h"

/* The eight lines, squares in reading order (rules.c). */
extern const unsigned char qttt_lines[QTTT_NLINES][3];

/* Rules 10 and 11: whether a board is over, and its score (rules.c). */
void	qttt_board_result(const struct qttt_state *, struct qttt_result *);

/*
 * Length of the valid UTF-8 sequence of a non-ASCII character at s (n
 * bytes available), or 0 if it is not valid: overlong forms,
 * surrogates and code points beyond U+10FFFF are refused (utf8.c).
 */
size_t	qttt_utf8_len(const unsigned char *s, size_t n);

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

/* One line: 1, 0 at the end, -1 on a read error. */
int	 reader_getline(struct qttt_reader *, struct reader_line *);
/* Up to n raw bytes; 0 at the end or on error (see reader_error). */
size_t	 reader_read(struct qttt_reader *, char *, size_t);
/* The errno of a failed read, or 0. */
int	 reader_error(const struct qttt_reader *);
void	 reader_set_state(struct qttt_reader *, void *);
void	*reader_state(const struct qttt_reader *);

#endif /* !QTTT_INTERNAL_H */
