/*
 * What the fuzz harnesses share (util.c).  Every harness defines
 * LLVMFuzzerTestOneInput(); it is linked either with libFuzzer (make
 * fuzz) or with driver.c, which feeds it the files named on its command
 * line (make check), so the kept inputs run on any machine.
 */
#ifndef QTTT_FUZZ_H
#define QTTT_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qttt.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * An invariant of the library.  A broken one prints where and why and
 * aborts, which libFuzzer and the sanitizers report as a crash.
 */
#define FUZZ_ASSERT(cond, ...) do {					\
	if (!(cond))							\
		fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);	\
} while (0)

void	fuzz_fail(const char *file, int line, const char *cond,
	    const char *fmt, ...)
	    __attribute__((noreturn, format(printf, 4, 5)));

/*
 * A file descriptor positioned at the start of a file holding the n
 * bytes of data (a memfd on Linux, else a temporary file), until
 * fuzz_fd_release(); the files are reused, at most 4 at a time.
 */
int	fuzz_fd(const uint8_t *data, size_t n);
void	fuzz_fd_release(int fd);

/*
 * Checks what every reader must guarantee of a record: diagnostics
 * with known codes, NUL-terminated messages, positions inside the
 * record's source line when it has one, and a damaged record never
 * counted valid.
 */
void	fuzz_check_record(const struct qttt_record *, size_t nerrors);

/*
 * Checks a valid game: its canonical record reads back, through the
 * line notation reader, as a valid game with the same state, and
 * prints the same bytes again; its state string parses back to the
 * same state (fuzz_check_state).
 */
void	fuzz_check_game(const struct qttt_game *);

/*
 * Checks a reachable position: its state string parses back to it and
 * prints back as the same bytes.
 */
void	fuzz_check_state(const struct qttt_state *);

/*
 * Reads all of data with a reader for format f, playing every record
 * and checking it as above; the first three valid games also go to
 * valid() when it is not NULL.  Returns the number of games read.
 */
size_t	fuzz_read_all(const uint8_t *data, size_t n, enum qttt_format f,
	    void (*valid)(const struct qttt_record *,
	    const struct qttt_game *));

/*
 * What the parse-only harnesses do: reads all of data as
 * fuzz_read_all(), playing and checking every record, but checks no
 * valid game or position further (fuzz_check_game() and
 * fuzz_check_state() are round trips: most of the time of a run).
 */
size_t	fuzz_parse_all(const uint8_t *data, size_t n, enum qttt_format f);

/*
 * Reads back what a writer wrote (n bytes), detecting its format, which
 * must be f: it must hold a valid game, the same as g (same position,
 * same canonical record).  Returns the record read, valid until the
 * next call or fuzz_back_close().
 */
const struct qttt_record *fuzz_read_back(const char *buf, size_t n,
	    enum qttt_format f, const struct qttt_game *g);
void	fuzz_back_close(void);

/*
 * The writers, as the harnesses name them: qttt_record_write() in the
 * line notation, YAML and JSON; Goff's is NULL (it takes no extras).
 */
int	fuzz_line_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);
int	fuzz_yaml_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);
int	fuzz_json_write(FILE *, const struct qttt_game *,
	    const struct qttt_extras *);

/*
 * Runs a writer (as below) on g and ex into memory: returns the n bytes
 * written, which the caller frees, or NULL if the writer refused the
 * game (-2), which it may only for extras that qttt_extras_check()
 * refuses: the limits of every format.
 */
char	*fuzz_write_mem(int (*writer)(FILE *, const struct qttt_game *,
	    const struct qttt_extras *), const struct qttt_game *g,
	    const struct qttt_extras *ex, size_t *n);

/*
 * Writes a game with a writer (fuzz_yaml_write() and the like; NULL
 * for Goff's notation, which takes no extras), with the extras of
 * the record, into memory and reads it back as fuzz_read_back().  YAML
 * and JSON must keep the record's metadata, comments and notes, and
 * every format but the line notation must write again as the same
 * bytes.  Every writer writes whatever a reader takes: the limits are
 * the same in every format.  Returns the record read back, or NULL if
 * Goff's notation wrote nothing for a game with no move.  A record's
 * variations come back as they were.
 */
/*
 * A writer of a format without variations (writer NULL: Goff's
 * notation) refuses a record that has some, writing nothing.
 */
void	 fuzz_refuses_variations(int (*writer)(FILE *,
	    const struct qttt_game *, const struct qttt_extras *),
	    const struct qttt_game *, const struct qttt_record *);
/*
 * The variations of back, a record read back from what a writer wrote
 * of rec, are rec's: as many, at the same places, with the same
 * actions, comments and notes (text: what was read, for the message).
 */
void	 fuzz_same_variations(const struct qttt_record *rec,
	    const struct qttt_record *back, const char *text);
const struct qttt_record *fuzz_write_back(int (*writer)(FILE *,
	    const struct qttt_game *, const struct qttt_extras *),
	    const struct qttt_game *, const struct qttt_record *,
	    enum qttt_format f);

/*
 * Writes g with ex (a writer as above, in format f) and checks it: what
 * is written reads back as g, in YAML and JSON with the same extras,
 * and writes again as the same bytes; a writer refuses extras that
 * qttt_extras_check() refuses (refused: nonzero), and only those.
 */
void	fuzz_write_extras(int (*writer)(FILE *, const struct qttt_game *,
	    const struct qttt_extras *), const char *fmt, enum qttt_format f,
	    const struct qttt_game *g, const struct qttt_extras *ex,
	    int refused);

/*
 * Copies extras (of a game of nplies) into storage of their own,
 * which the next call reuses: a record's end with its reader.
 */
void	fuzz_copy_extras(struct qttt_extras *to,
	    const struct qttt_extras *from, size_t nplies);

/*
 * Calls line() on each line of data (n bytes, LF between lines; the
 * last may have none), without its LF, and on the whole of data too if
 * it holds more than one line.
 */
void	fuzz_lines(const uint8_t *data, size_t n,
	    void (*line)(const char *, size_t));

#endif /* !QTTT_FUZZ_H */
