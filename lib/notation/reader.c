/*
 * The input layer: reads a file descriptor in blocks, detects the
 * record format and hands out one game at a time.  Every format reader
 * plugs in here (struct reader_format in notation/notation.h), so that every
 * tool reads every format.
 *
 * Memory is bounded: the block buffer holds at most one line of
 * QTTT_LINE_MAX bytes plus a block; a longer line is reported and
 * skipped without being kept.  The buffer starts small and grows as
 * the input proves long, so that a reader of a short input costs
 * little to open.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "text/text.h"
#include "notation/notation.h"

#define BLOCK		(64 * 1024)
#define BUFSIZE		(QTTT_LINE_MAX + BLOCK)
#define BUFFIRST	(4 * 1024)

struct qttt_reader {
	int			 fd;
	long			(*fill)(void *, char *, size_t);
	void			*fillarg;	/* a reader of a fill function */
	enum qttt_format	 format;
	const struct reader_format *impl;
	void			*impl_state;
	char			*buf;
	size_t			 bufsize;	/* up to BUFSIZE */
	size_t			 start, end;	/* unread bytes */
	int			 filled;	/* the last read filled buf */
	int			 eof;
	int			 error;		/* errno of a failed read */
	int			 skipping;	/* inside an over-long line */
	int			 started;	/* first bytes looked at */
	int			 bom;		/* a BOM not yet reported */
	unsigned long		 lineno;	/* 0-based, of buf[start] */
	unsigned long		 games;
	const struct qttt_chunk	*chunk;		/* a reader of a chunk */
	size_t			 chunkpos;	/* its next line */
	char			*lead;		/* lines before a game */
	size_t			 leadlen;
	unsigned long		 leadcut;
	int			 leadkeep;	/* lines format detection read */
	unsigned int		 rules;		/* of records that name none */
	int			 rules_set;	/* qttt_reader_rules() called */
};

/* Reads one more block; returns bytes read, 0 at end, -1 on error. */
static ssize_t
reader_fill(struct qttt_reader *r)
{
	ssize_t	 n;
	size_t	 size;
	char	*p;

	if (r->eof)
		return 0;
	if (r->start > 0 && (r->end == r->start ||
	    r->bufsize - r->end < BLOCK)) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	/* Larger while reads fill it, or a line takes half of it. */
	if (r->bufsize < BUFSIZE && (r->buf == NULL || r->filled ||
	    r->end > r->bufsize / 2)) {
		size = r->buf == NULL ? BUFFIRST : 2 * r->bufsize;
		if (size > BUFSIZE)
			size = BUFSIZE;
		if ((p = realloc(r->buf, size)) == NULL) {
			r->error = ENOMEM;
			return -1;
		}
		r->buf = p;
		r->bufsize = size;
	}
	do
		n = r->fill != NULL ?
		    r->fill(r->fillarg, r->buf + r->end, r->bufsize - r->end) :
		    read(r->fd, r->buf + r->end, r->bufsize - r->end);
	while (n == -1 && errno == EINTR);
	/* A fill function that breaks its contract is a read error. */
	if (n < 0 || n > (ssize_t)(r->bufsize - r->end)) {
		r->error = n == -1 && errno != 0 ? errno : EIO;
		return -1;
	}
	if (n == 0)
		r->eof = 1;
	r->filled = (size_t)n == r->bufsize - r->end;
	r->end += n;
	return n;
}

/*
 * qttt__notation_reader_getline() the long way: the rest of an
 * over-long line to skip, a line not all in the buffer yet, the end of
 * the input.  Not inlined, so that the common case keeps a small frame.
 */
static int __attribute__((noinline))
getline_slow(struct qttt_reader *r, struct reader_line *l)
{
	char	*nl;
	size_t	 avail;

	for (;;) {
		avail = r->end - r->start;
		nl = memchr(r->buf + r->start, '\n', avail);
		if (r->skipping) {
			/* Drop the rest of an over-long line. */
			if (nl == NULL) {
				r->start = r->end;
				if (r->eof)
					return 0;
				if (reader_fill(r) == -1)
					return -1;
				continue;
			}
			r->start = nl - r->buf + 1;
			r->lineno++;
			r->skipping = 0;
			continue;
		}
		if (nl != NULL && (size_t)(nl - (r->buf + r->start)) <=
		    QTTT_LINE_MAX) {
			l->text = r->buf + r->start;
			l->len = nl - l->text;
			l->lineno = r->lineno++;
			l->toolong = 0;
			r->start += l->len + 1;
			return 1;
		}
		if (avail > QTTT_LINE_MAX) {
			l->text = r->buf + r->start;
			l->len = QTTT_LINE_MAX;
			l->lineno = r->lineno;
			l->toolong = 1;
			/* The text stays valid: nothing is read until the
			 * next call, which starts by skipping. */
			r->start += QTTT_LINE_MAX;
			r->skipping = 1;
			return 1;
		}
		if (r->eof) {
			if (avail == 0)
				return 0;
			/* A last line without a newline. */
			l->text = r->buf + r->start;
			l->len = avail;
			l->lineno = r->lineno++;
			l->toolong = 0;
			r->start = r->end;
			return 1;
		}
		if (reader_fill(r) == -1)
			return -1;
	}
}

/*
 * qttt__notation_reader_getline(), inlined in the line notation's
 * loop (line_next): called, it cost 24 instructions more a line.
 */
static inline int __attribute__((always_inline))
getline_inline(struct qttt_reader *r, struct reader_line *l)
{
	char	*text = r->buf + r->start, *nl;

	/*
	 * Nearly always a whole line, and not an over-long one, is
	 * waiting in the buffer; the rest goes the long way.
	 */
	if (r->skipping || r->end == r->start ||
	    (nl = memchr(text, '\n', r->end - r->start)) == NULL ||
	    (size_t)(nl - text) > QTTT_LINE_MAX)
		return getline_slow(r, l);
	l->text = text;
	l->len = nl - text;
	l->lineno = r->lineno++;
	l->toolong = 0;
	r->start += l->len + 1;
	return 1;
}

int
qttt__notation_reader_getline(struct qttt_reader *r, struct reader_line *l)
{
	return getline_inline(r, l);
}

void
qttt__notation_reader_set_state(struct qttt_reader *r, void *state)
{
	r->impl_state = state;
}

void *
qttt__notation_reader_state(const struct qttt_reader *r)
{
	return r->impl_state;
}

void
qttt__notation_reader_toolong(struct qttt_record *rec,
    const struct reader_line *l, enum qttt_format format)
{
	qttt_record_clear(rec);
	rec->format = format;
	rec->line = l->lineno;
	rec->text = l->text;
	rec->textlen = l->len;
	rec->damaged = 1;
	/*
	 * A byte refused before the cut is the first fault, and often
	 * the reason the line is long: CR line ends, a binary file.
	 */
	if (qttt__notation_line_bytes(rec, l->lineno, l->text, l->len))
		qttt_record_diag(rec, QTTT_E_LONGLINE, l->lineno,
		    QTTT_LINE_MAX, "line longer than %d bytes: no game is "
		    "this long", QTTT_LINE_MAX);
}

size_t
qttt__notation_reader_skip_comments(const char *s, size_t n)
{
	size_t	 i = 0;

	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i < n && (s[i] == '\n' || s[i] == '\r')) {
			i++;
			continue;
		}
		if (i < n && s[i] == '#') {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	return i;
}

void
qttt__notation_reader_lead_reset(struct qttt_reader *r)
{
	/* The lines format detection read belong to the first game. */
	if (r->leadkeep) {
		r->leadkeep = 0;
		return;
	}
	r->leadlen = 0;
	r->leadcut = 0;
}

void
qttt__notation_reader_lead_add(struct qttt_reader *r, const char *text,
    size_t len)
{
	while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t' ||
	    text[len - 1] == '\r'))
		len--;
	if (r->lead == NULL || r->leadcut > 0 ||
	    QTTT_LEAD_MAX - r->leadlen < len + 1) {
		r->leadcut++;
		return;
	}
	memcpy(r->lead + r->leadlen, text, len);
	r->leadlen += len;
	r->lead[r->leadlen++] = '\n';
}

void
qttt__notation_reader_lead_give(struct qttt_reader *r,
    struct qttt_record *rec)
{
	r->leadkeep = 0;
	rec->lead = r->leadlen > 0 ? r->lead : NULL;
	rec->leadlen = r->leadlen;
	rec->leadcut = r->leadcut;
}

size_t
qttt_reader_trailer(const struct qttt_reader *r, const char **text,
    unsigned long *cut)
{
	*text = r->leadlen > 0 ? r->lead : NULL;
	*cut = r->leadcut;
	return r->leadlen;
}

/* ------------------------------------------------------------------ */
/* The line notation                                                    */
/* ------------------------------------------------------------------ */

unsigned int
qttt__notation_reader_line_flags(struct qttt_reader *r,
    const struct reader_line *l)
{
	unsigned int	 flags = 0;

	/* A last line without a newline ends the buffer. */
	if (l->text + l->len == r->buf + r->end)
		flags |= QTTT_TEXT_NOEOL;
	if (r->bom) {
		flags |= QTTT_TEXT_BOM;
		r->bom = 0;
	}
	return flags;
}

/*
 * The line notation's next record (reader_format's next), inlined in
 * qttt_reader_next(), which calls it directly: called through the
 * pointer, a record cost 23 instructions more.
 */
static inline int __attribute__((always_inline))
line_next(struct qttt_reader *r, struct qttt_record *rec)
{
	struct reader_line l;
	int		 k;

	qttt__notation_reader_lead_reset(r);
	while ((k = getline_inline(r, &l)) == 1) {
		if (l.toolong) {
			qttt__notation_reader_toolong(rec, &l,
			    QTTT_FORMAT_LINE);
			qttt__notation_reader_lead_give(r, rec);
			return 1;
		}
		if (qttt__notation_line_parse(l.text, l.len, l.lineno, rec,
		    r->rules)) {
			rec->textflags |= qttt__notation_reader_line_flags(r,
			    &l);
			qttt__notation_reader_lead_give(r, rec);
			return 1;
		}
		/* A blank or comment line, kept for the next game. */
		qttt__notation_reader_lead_add(r, l.text, l.len);
	}
	return k;
}

static const struct reader_format line_format = {
	QTTT_FORMAT_LINE, NULL, line_next, NULL, NULL
};

/* ------------------------------------------------------------------ */
/* Format detection and the public interface                            */
/* ------------------------------------------------------------------ */

static const struct reader_format *const formats[] = {
	&line_format,
	/* Before YAML and JSON, which would claim its objects. */
	&qttt__notation_state_json_format,
	&qttt__notation_yaml_format,
	&qttt__notation_goff_format,
	&qttt__notation_state_format,
};

static const struct reader_format *
format_impl(enum qttt_format f)
{
	size_t	 i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i]->format == f)
			return formats[i];
	return NULL;
}

/*
 * Whether s holds a whole line that is neither blank nor a comment:
 * what the formats' sniffers look at.
 */
static int
has_first_line(const char *s, size_t n)
{
	size_t	 i = 0;
	int	 content = 0;

	for (; i < n; i++) {
		if (s[i] == '\n') {
			if (content)
				return 1;
			continue;
		}
		if (content || s[i] == ' ' || s[i] == '\t' || s[i] == '\r')
			continue;
		if (s[i] != '#') {
			content = 1;
			continue;
		}
		while (i + 1 < n && s[i + 1] != '\n')
			i++;
	}
	return 0;
}

/*
 * Drops the whole lines at the start of the buffer, all blank or
 * comments (as has_first_line() found them), counting them: into the
 * lead, as every format's reader takes them before the first game (so
 * that none is lost without a word), which its first reset of the lead
 * keeps.  A line with a byte the formats refuse stops it: the format's
 * reader reports it.
 */
static void
drop_lines(struct qttt_reader *r)
{
	const char	*s = r->buf + r->start, *nl;
	size_t		 n = r->end - r->start, i = 0, len;

	while ((nl = memchr(s + i, '\n', n - i)) != NULL) {
		len = nl - (s + i);
		if (len > 0 && s[i + len - 1] == '\r')
			len--;
		if (qttt__text_bad_byte((const unsigned char *)s + i, len) <
		    len)
			break;
		qttt__notation_reader_lead_add(r, s + i, len);
		r->leadkeep = 1;
		i = nl - s + 1;
		r->lineno++;
	}
	r->start += i;
}

/*
 * Looks at the first bytes of the input, up to the first line that is
 * neither blank nor a comment, and asks each format whether it
 * recognises them; the line notation is the default.  Blank and
 * comment lines before it are read as far as they go (and dropped
 * when they fill a block: no format takes them for a game).  Each
 * read returns what is there, so a slow pipe or a terminal is read as
 * soon as a game is there.
 */
static enum qttt_format
detect(struct qttt_reader *r)
{
	size_t	 i;

	while (!r->eof &&
	    !has_first_line(r->buf + r->start, r->end - r->start)) {
		if (r->end - r->start >= BLOCK)
			drop_lines(r);
		/* A line too long to hold: it is no first line. */
		if (r->end - r->start > QTTT_LINE_MAX)
			break;
		if (reader_fill(r) <= 0)
			break;
	}
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i]->sniff != NULL &&
		    formats[i]->sniff(r->buf + r->start, r->end - r->start))
			return formats[i]->format;
	return QTTT_FORMAT_LINE;
}

struct qttt_reader *
qttt_reader_open(int fd, enum qttt_format format)
{
	struct qttt_reader *r;

	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	if ((r->lead = malloc(QTTT_LEAD_MAX)) == NULL) {
		free(r);
		return NULL;
	}
	r->fd = fd;
	/* A JSON record is a YAML one. */
	r->format = format == QTTT_FORMAT_JSON ? QTTT_FORMAT_YAML : format;
	return r;
}

struct qttt_reader *
qttt_reader_open_fill(long (*fill)(void *, char *, size_t), void *arg,
    enum qttt_format format)
{
	struct qttt_reader *r;

	if ((r = qttt_reader_open(-1, format)) == NULL)
		return NULL;
	r->fill = fill;
	r->fillarg = arg;
	return r;
}

static int
reader_start(struct qttt_reader *r, struct qttt_record *rec)
{
	r->started = 1;
	if (reader_fill(r) == -1)
		return -1;
	/* A UTF-8 byte-order mark is accepted and skipped. */
	while (!r->eof && r->end - r->start < 3 &&
	    memcmp(r->buf + r->start, "\xef\xbb\xbf", r->end - r->start) == 0)
		if (reader_fill(r) <= 0)
			break;
	if (r->end - r->start >= 3 &&
	    memcmp(r->buf + r->start, "\xef\xbb\xbf", 3) == 0) {
		r->start += 3;
		r->bom = 1;
	}
	if (r->format == QTTT_FORMAT_AUTO)
		r->format = detect(r);
	if (r->error != 0)
		return -1;
	if ((r->impl = format_impl(r->format)) == NULL) {
		qttt_record_clear(rec);
		qttt_record_diag(rec, QTTT_E_IO, 0, 0, "this build does not "
		    "read that format");
		return -1;
	}
	if (r->impl->open != NULL && r->impl->open(r) == -1) {
		qttt_record_clear(rec);
		qttt_record_diag(rec, QTTT_E_IO, 0, 0, "out of memory");
		return -1;
	}
	return 0;
}

/* Makes rec the one diagnostic of a failed read. */
static void
reader_io_diag(const struct qttt_reader *r, struct qttt_record *rec)
{
	qttt_record_clear(rec);
	qttt_record_diag(rec, QTTT_E_IO, r->lineno, 0, "%s",
	    strerror(r->error));
}

/* Starts reading if not yet done: returns 0, or -1 as the readers. */
static int
reader_begin(struct qttt_reader *r, struct qttt_record *rec)
{
	if (!r->started && reader_start(r, rec) == -1) {
		if (r->error != 0)
			reader_io_diag(r, rec);
		return -1;
	}
	return r->impl == NULL ? -1 : 0;
}

/*
 * The note of a record that names a profile other than the one the
 * reader was told, at its rules tag or key.
 */
static void
own_rules(const struct qttt_reader *r, struct qttt_record *rec)
{
	char		 own[QTTT_RULES_NAME_MAX], told[QTTT_RULES_NAME_MAX];
	unsigned long	 line = rec->line, col = 0;
	size_t		 i;

	for (i = 0; i < rec->nmeta; i++)
		if (rec->meta[i].keylen == 5 &&
		    memcmp(rec->meta[i].key, "rules", 5) == 0) {
			line = rec->meta[i].line;
			col = rec->meta[i].col;
		}
	qttt_rules_format(rec->rules, own, sizeof(own));
	qttt_rules_format(r->rules, told, sizeof(told));
	qttt_record_diag(rec, QTTT_N_RULES, line, col, "the record names "
	    "its rules, %s: it is judged by them, not by %s", own, told);
}

int
qttt_reader_next(struct qttt_reader *r, struct qttt_record *rec)
{
	int	 k;

	if (reader_begin(r, rec) == -1)
		return -1;
	/* The commonest format directly, inlined (line_next). */
	k = r->impl == &line_format ? line_next(r, rec) :
	    r->impl->next(r, rec);
	if (k == -1 && r->error != 0)
		reader_io_diag(r, rec);
	if (k == 1) {
		rec->index = ++r->games;
		if (rec->rules_named && r->rules_set && rec->rules !=
		    r->rules && r->rules <= QTTT_RULES_MAX)
			own_rules(r, rec);
	}
	/* A stream of states may number its games itself. */
	if (k == 1 && rec->game != 0)
		rec->index = rec->game;
	return k;
}

/* ------------------------------------------------------------------ */
/* Chunks: the line notation read on several threads                    */
/* ------------------------------------------------------------------ */

/* At most this many lines a chunk, however short. */
#define CHUNK_LINES	2048
/* A flag of a chunk's line besides the QTTT_TEXT_* ones. */
#define CHUNK_TOOLONG	0x100

struct chunk_line {
	size_t		 off;		/* in the chunk's text */
	size_t		 len;
	unsigned long	 lineno;
	unsigned int	 flags;		/* QTTT_TEXT_*, CHUNK_TOOLONG */
};

struct qttt_chunk {
	/* size bytes, and room for a last line that overruns them. */
	char		*text;
	size_t		 size;
	size_t		 used;
	size_t		 nlines;
	unsigned long	 games;		/* the games before the chunk */
	unsigned int	 rules;		/* the reader's (qttt_reader_rules) */
	int		 rules_set;
	struct chunk_line lines[CHUNK_LINES];
};

struct qttt_chunk *
qttt_chunk_new(size_t size)
{
	struct qttt_chunk *ch;

	if ((ch = malloc(sizeof(*ch))) == NULL)
		return NULL;
	ch->size = size > 0 ? size : QTTT_CHUNK_TEXT;
	if ((ch->text = malloc(ch->size + QTTT_LINE_MAX)) == NULL) {
		free(ch);
		return NULL;
	}
	ch->used = ch->nlines = 0;
	ch->games = 0;
	return ch;
}

void
qttt_chunk_free(struct qttt_chunk *ch)
{
	if (ch == NULL)
		return;
	free(ch->text);
	free(ch);
}

/*
 * The main thread's share of the work: finding the lines, and which of
 * them hold games, so that every game gets its number here.
 */
int
qttt_reader_split(struct qttt_reader *r, struct qttt_chunk *ch,
    struct qttt_record *rec)
{
	struct reader_line l;
	struct chunk_line *cl;
	int		 k = 1;

	if (reader_begin(r, rec) == -1)
		return -1;
	if (r->impl != &line_format)
		return QTTT_SPLIT_NOT;
	/* A read that failed while the last chunk was filled. */
	if (r->error != 0) {
		reader_io_diag(r, rec);
		return -1;
	}
	ch->used = ch->nlines = 0;
	ch->games = r->games;
	ch->rules = r->rules;
	ch->rules_set = r->rules_set;
	while (ch->used < ch->size && ch->nlines < CHUNK_LINES) {
		if ((k = qttt__notation_reader_getline(r, &l)) != 1)
			break;
		if (!l.toolong && !qttt__notation_line_is_game(l.text, l.len))
			continue;
		cl = &ch->lines[ch->nlines++];
		cl->off = ch->used;
		cl->len = l.len;
		cl->lineno = l.lineno;
		cl->flags = l.toolong ? CHUNK_TOOLONG :
		    qttt__notation_reader_line_flags(r, &l);
		memcpy(ch->text + ch->used, l.text, l.len);
		ch->used += l.len;
		r->games++;
	}
	/* The games read before a failed read come first. */
	if (ch->nlines > 0)
		return 1;
	if (k == -1) {
		reader_io_diag(r, rec);
		return -1;
	}
	return 0;
}

static int
chunk_next(struct qttt_reader *r, struct qttt_record *rec)
{
	const struct chunk_line *cl;
	struct reader_line l;

	if (r->chunkpos == r->chunk->nlines)
		return 0;
	cl = &r->chunk->lines[r->chunkpos++];
	l.text = r->chunk->text + cl->off;
	l.len = cl->len;
	l.lineno = cl->lineno;
	l.toolong = (cl->flags & CHUNK_TOOLONG) != 0;
	if (l.toolong) {
		qttt__notation_reader_toolong(rec, &l, QTTT_FORMAT_LINE);
		return 1;
	}
	/* qttt_reader_split() kept only lines that hold a game. */
	qttt__notation_line_parse(l.text, l.len, l.lineno, rec, r->rules);
	rec->textflags |= cl->flags;
	return 1;
}

static const struct reader_format chunk_format = {
	QTTT_FORMAT_LINE, NULL, chunk_next, NULL, NULL
};

struct qttt_reader *
qttt_reader_open_chunk(const struct qttt_chunk *ch)
{
	struct qttt_reader *r;

	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	r->fd = -1;
	r->format = QTTT_FORMAT_LINE;
	r->impl = &chunk_format;
	r->started = 1;
	r->eof = 1;
	r->chunk = ch;
	r->games = ch->games;
	r->rules = ch->rules;
	r->rules_set = ch->rules_set;
	return r;
}

enum qttt_format
qttt_reader_format(const struct qttt_reader *r)
{
	return r->format;
}

void
qttt_reader_rules(struct qttt_reader *r, unsigned int rules)
{
	r->rules = rules;
	r->rules_set = 1;
}

unsigned int
qttt__notation_reader_rules(const struct qttt_reader *r)
{
	return r->rules;
}

void
qttt_reader_close(struct qttt_reader *r)
{
	if (r == NULL)
		return;
	if (r->impl != NULL && r->impl->close != NULL)
		r->impl->close(r);
	free(r->lead);
	free(r->buf);
	free(r);
}
