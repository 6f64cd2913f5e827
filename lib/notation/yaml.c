/*
 * The reader of YAML and JSON records (formats/yaml-record.md), on
 * libyaml's parser.  libyaml is used in two files of the library:
 * here, to read, and lib/output/emit_yaml.c, the emitter behind every
 * YAML the toolkit writes.  No other file includes yaml.h.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "qttt.h"
#include "text/text.h"
#include "notation/notation.h"

/* ------------------------------------------------------------------ */
/* Records: the reader                                                  */
/* ------------------------------------------------------------------ */

/*
 * The reader cuts the input into documents at their markers ("---",
 * "...", a directive), in a stream of JSON values where a line starts
 * a new one, and before a record of another notation at the top of a
 * document (load_document).  Each document is checked byte by byte,
 * then parsed by a fresh libyaml parser, so that
 *	- memory is bounded by QTTT_YAML_DOC_MAX, whatever the input;
 *	- an error costs only its document: reading goes on at the next;
 *	- every position (libyaml counts characters) becomes a byte
 *	  column in the document's text, which is also the source text
 *	  a diagnostic shows.
 * Events go through one loop (parse_document) that keeps a stack of
 * the collections it is in, at most QTTT_YAML_DEPTH deep.
 *
 * A move's variations (formats/yaml-record.md, section 3.1) are read
 * as the line notation reads them: each variation is added to the
 * record when its list starts, each item to its variation's when it
 * is read (a move's own item when its mapping ends, after those of
 * its variations), and qttt__notation_vars_done() puts each
 * variation's items together at the end of the game.
 */

/*
 * The document, then the first line of the next one, carried over: at
 * most this, grown as documents need it from DOC_FIRST, so that a
 * reader of small documents stays small (and cheap to open).
 */
#define DOC_BUFSIZE	(QTTT_YAML_DOC_MAX + QTTT_LINE_MAX + 2)
#define DOC_FIRST	(16 * 1024)
/* Room for every key, value, note and comment a game may keep. */
#define ARENA_SIZE	((QTTT_MAXMETA + QTTT_MAXNOTES) * \
			    (QTTT_YAML_KEY_MAX + QTTT_YAML_SCALAR_MAX) + \
			    QTTT_MAXITEMS * QTTT_YAML_SCALAR_MAX)
/*
 * The arena's first bytes are in the reader itself; a game that keeps
 * more gets the whole ARENA_SIZE, allocated once.
 */
#define ARENA_FIRST	(8 * 1024)
/* The moves a game may list: the items of a record, less the result. */
#define MAXMOVES	(QTTT_MAXITEMS - 1)
/* The bytes of a result a message quotes (as the line notation). */
#define RESULT_SHOWN	24
/*
 * Directives a document may have: %YAML and a %TAG for each handle
 * it uses; libyaml checks every %TAG against all before it.
 */
#define MAXDIRECTIVES	8
/*
 * libyaml builds a scalar whole before the reader sees it, so it is
 * not let go on past SPAN_MAX bytes that may be one scalar (a stretch
 * without a node but for comment lines, and blank lines that no scalar
 * goes on into): a scalar of 1 MiB would take the reader past 4 MiB.
 * It is handed the document FEED bytes at a time, and the stretch is
 * measured as it reads.
 */
#define SPAN_MAX	(64 * 1024)
#define FEED		(4 * 1024)

enum frame_kind {
	F_GAMES,		/* a list of games */
	F_GAME,			/* a game: a mapping */
	F_MOVES,		/* its moves */
	F_MOVE,			/* a move with a comment or notes: a mapping */
	F_VARS,			/* a move's variations */
	F_VAR,			/* a variation: a list of moves */
	F_SKIP			/* a collection that is ignored */
};

enum key_kind {
	K_IGNORE = 0,		/* a key reported: its value is skipped */
	K_MOVES,
	K_RESULT,
	K_META,
	K_MOVE,
	K_COMMENT,
	K_NOTE,
	K_VARS
};

struct ypos {
	unsigned long	 line, col;
};

/*
 * A move's mapping as it is read: which keys it had and where, its
 * item (a glyph's note kept here), its comment; the line it is an
 * item of and its index there (its variations branch at it), where
 * its notes start in the reader's, and how many variations, items of
 * variations and notes the game had when it started, which a move
 * not kept goes back to.
 */
struct movemap {
	int		 has_move, has_comment, has_vars, move_ok;
	struct ypos	 move_at, comment_at, vars_at;
	struct qttt_item move;
	struct qttt_meta glyph;
	const char	*comment;
	size_t		 commentlen;
	size_t		 line, index, notes;
	size_t		 nvars, nvaritems, nnotes;
};

struct frame {
	enum frame_kind	 kind;
	int		 value;		/* mapping: a value next */
	enum key_kind	 key;		/* mapping: what value */
	int		 record;	/* a record ends with it */
	struct ypos	 at;
	struct movemap	 mv;		/* F_MOVE */
	/*
	 * F_VARS: its entries, the reader's notes and the record's
	 * items of variations when it started; F_VAR: its entries, and
	 * the line the reader was in before it.
	 */
	size_t		 entries, notes, nvaritems, line;
};

struct yaml_reader {
	char		*doc;
	size_t		 docsize;	/* allocated, up to DOC_BUFSIZE */
	size_t		 doclen;
	/* Full, but only blank and comment lines were left out. */
	int		 trailing_full;
	int		 ndirectives;
	size_t		 carrylen;	/* the next one's first line */
	unsigned long	 docline;	/* input line of doc[0] */
	unsigned long	 carryline;
	int		 eof;
	int		 json;		/* the document is JSON */
	/*
	 * Where the document's lines leave the splitter (scan_line): in
	 * flow collections flow deep, in a quoted scalar (its quote), in
	 * a block scalar's lines (block: 1 + the indentation of the line
	 * that opened it; a line indented no deeper ends them).
	 */
	int		 flow;
	char		 quote;
	size_t		 block;
	/* A fault found in the bytes of the document: no parse. */
	int		 bad;
	int		 full;		/* QTTT_YAML_DOC_MAX reached */
	enum qttt_code	 badcode;
	struct ypos	 badat;
	char		 badmsg[QTTT_MSG_MAX];

	yaml_parser_t	 parser;
	int		 parsing;
	struct frame	 stack[QTTT_YAML_DEPTH];
	int		 depth;
	/* Where the last position lookup ended (see locate). */
	size_t		 cur_index, cur_byte, cur_linestart;
	unsigned long	 cur_line;
	/* Where the last line lookup ended (see line_offset). */
	size_t		 off_byte;
	unsigned long	 off_line;
	/* What libyaml has read (see feed). */
	size_t		 fed;
	size_t		 span_from;	/* the last node's byte */
	size_t		 span_counted;	/* counted up to here */
	size_t		 span_content;	/* bytes not in comment lines */
	int		 span_all;	/* a quote or block: every line */
	int		 span_plain;	/* a plain scalar: blank lines too */
	int		 span_long;	/* SPAN_MAX passed: stopped */

	/* The game being read. */
	int		 ingame;
	int		 keep;		/* no error in its moves yet */
	size_t		 nmoves;
	int		 has_moves, has_result;
	struct ypos	 moves_at, result_at;
	struct qttt_item result;
	int		 result_ok;
	/* The result as written (its first bytes), for a message. */
	char		 result_text[RESULT_SHOWN + 1];
	size_t		 result_len;
	/*
	 * The line being read: QTTT_MAINLINE, or the variation of the
	 * record it is; how many variations the reader is in, and the
	 * items read in variations, kept or not.
	 */
	size_t		 line;
	size_t		 vardepth, varseen;

	char		*arena;		/* ARENA_SIZE, or NULL */
	size_t		 arenalen;	/* in arena_first, then arena */
	/* The notes of the game's moves. */
	size_t		 nnotes;

	/*
	 * The comment lines between documents, for the first record of
	 * the next (struct qttt_record's lead): the reader keeps them.
	 */
	struct qttt_reader *r;
	int		 leadnext;	/* the next record takes them */
	int		 leadgiven;	/* a record took them */
	int		 tailpending;	/* the document's last lines: not yet */

	/*
	 * From here on the buffers, 37 KB of the reader's 38: each is
	 * written before it is read (up to arenalen, rec->nmeta,
	 * nnotes; the scratch record by qttt_line_parse), so that
	 * yaml_open() clears only what comes before them.
	 */
	char		 arena_first[ARENA_FIRST];
	struct qttt_meta meta[QTTT_MAXMETA];
	struct qttt_meta notes[QTTT_MAXNOTES];
	unsigned char	 owner[QTTT_MAXVARITEMS];	/* of varitems */
	struct qttt_record scratch;	/* one item, by qttt_line_parse */
};

/* A line of the input, as the document splitter sees it. */
enum line_kind {
	L_NOTHING,		/* blank, or a comment */
	L_DIRECTIVE,		/* %YAML, %TAG */
	L_START,		/* --- */
	L_END,			/* ... */
	L_BRACE,		/* '{' or '[' in column 1: JSON */
	L_CONTENT
};

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

static int
is_marker(const char *s, size_t n, const char *m)
{
	return n >= 3 && memcmp(s, m, 3) == 0 && (n == 3 ||
	    is_blank((unsigned char)s[3]) || s[3] == '\n' || s[3] == '\r');
}

static enum line_kind
line_kind(const char *s, size_t n)
{
	size_t	 i;

	if (n > 0 && s[0] == '%')
		return L_DIRECTIVE;
	if (is_marker(s, n, "---"))
		return L_START;
	if (is_marker(s, n, "..."))
		return L_END;
	if (n > 0 && (s[0] == '{' || s[0] == '['))
		return L_BRACE;
	/*
	 * A value after a byte-order mark (which the reader refuses
	 * there) is still a value of its own in a stream of them.
	 */
	if (n > 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 &&
	    (s[3] == '{' || s[3] == '['))
		return L_BRACE;
	for (i = 0; i < n && is_blank((unsigned char)s[i]); i++)
		continue;
	if (i == n || s[i] == '#')
		return L_NOTHING;
	return L_CONTENT;
}

/*
 * Follows a line of a document as YAML's scanner would, as far as the
 * splitter needs it: whether the lines after it are inside a flow
 * collection, a quoted scalar or a block scalar, where a line may hold
 * anything, or at the top of the document.  A quote, a '[' or '{', a
 * '|' or '>' counts where a node may start (at the start of the line,
 * after "- ", "? ", ": ", '[', '{' or ','), not inside a plain scalar
 * (don't, a[1]); a comment ends the line.
 */
static void
scan_line(struct yaml_reader *y, const char *s, size_t n)
{
	size_t	 i = 0;
	int	 node = 1;	/* a node may start here */

	if (y->block > 0) {
		/*
		 * A block scalar's lines are indented deeper than the line
		 * of its indicator, or blank.
		 */
		while (i < n && is_blank((unsigned char)s[i]))
			i++;
		if (i == n || s[i] == '\r' || i >= y->block)
			return;
		y->block = 0;
	}
	for (; i < n; i++) {
		if (y->quote == '"') {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				y->quote = 0;
			continue;
		}
		if (y->quote == '\'') {
			if (s[i] == '\'' && i + 1 < n && s[i + 1] == '\'')
				i++;
			else if (s[i] == '\'')
				y->quote = 0;
			continue;
		}
		if (is_blank((unsigned char)s[i]))
			continue;
		if (s[i] == '#' && (i == 0 || is_blank((unsigned char)s[i - 1])))
			return;
		if (y->flow > 0 && (s[i] == ']' || s[i] == '}')) {
			y->flow--;
			node = 0;
		} else if (y->flow > 0 && (s[i] == ',' || s[i] == ':'))
			node = 1;	/* JSON's "key":value too */
		else if ((s[i] == ':' || (node && (s[i] == '-' ||
		    s[i] == '?'))) && (i + 1 == n || s[i + 1] == '\r' ||
		    is_blank((unsigned char)s[i + 1])))
			node = 1;
		else if (node && (s[i] == '"' || s[i] == '\'')) {
			y->quote = s[i];
			node = 0;
		} else if (node && (s[i] == '[' || s[i] == '{'))
			y->flow++;
		else if (node && y->flow == 0 && (s[i] == '|' || s[i] == '>')) {
			for (y->block = 1; s[y->block - 1] == ' ';
			    y->block++)
				continue;
			return;
		} else
			node = 0;
	}
}

int
qttt__notation_record_line(const char *s, size_t n)
{
	return n >= 3 && (s[0] == 'X' || s[0] == 'O') && s[1] >= '1' &&
	    s[1] <= '9' && (is_blank((unsigned char)s[2]) || s[2] == '+');
}

static void
bad_bytes(struct yaml_reader *y, enum qttt_code code, unsigned long line,
    unsigned long col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void
bad_bytes(struct yaml_reader *y, enum qttt_code code, unsigned long line,
    unsigned long col, const char *fmt, ...)
{
	va_list	 ap;

	if (y->bad)
		return;		/* the first fault is enough */
	y->bad = 1;
	y->badcode = code;
	y->badat.line = line;
	y->badat.col = col;
	va_start(ap, fmt);
	vsnprintf(y->badmsg, sizeof(y->badmsg), fmt, ap);
	va_end(ap);
}

/*
 * Checks the bytes of a line: the characters YAML allows, and none
 * that libyaml would count as a line break (so that its line numbers
 * stay ours).
 */
static void
check_line(struct yaml_reader *y, const char *text, size_t n,
    unsigned long lineno)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned long	 cp;
	size_t		 i, k;

	for (i = 0; i < n; i += k) {
		k = 1;
		if ((s[i] >= 0x20 && s[i] < 0x7f) || s[i] == '\t')
			continue;
		if (s[i] == 0) {
			bad_bytes(y, QTTT_E_NUL, lineno, i, "NUL byte");
			return;
		}
		if (s[i] == '\r') {
			bad_bytes(y, QTTT_E_CONTROL, lineno, i, "%s",
			    MSG_CR);
			return;
		}
		if (s[i] < 0x80) {
			bad_bytes(y, QTTT_E_CONTROL, lineno, i, "control "
			    "character 0x%02x", s[i]);
			return;
		}
		if ((k = qttt__text_utf8_len(s + i, n - i)) == 0) {
			bad_bytes(y, QTTT_E_UTF8, lineno, i, "invalid UTF-8: "
			    "byte 0x%02x", s[i]);
			return;
		}
		if ((cp = qttt__text_utf8_refused(s + i, k)) != 0) {
			bad_bytes(y, QTTT_E_CONTROL, lineno, i, "character "
			    "U+%04lX is not allowed in YAML records", cp);
			return;
		}
	}
}

/*
 * A comment or blank line around the documents, for the game after it
 * (its CR left out), unless it holds a byte the reader refuses: that
 * was reported (check_line) with the document it is read with, and is
 * not kept, so that a writer never writes it.
 */
static void
lead_add(struct qttt_reader *r, const char *text, size_t n)
{
	if (n > 0 && text[n - 1] == '\r')
		n--;
	if (qttt__text_bad_byte((const unsigned char *)text, n) == n)
		qttt__notation_reader_lead_add(r, text, n);
}

/* Makes room for need bytes of doc; -1 if out of memory. */
static int
doc_room(struct yaml_reader *y, size_t need)
{
	size_t	 size;
	char	*p;

	if (need <= y->docsize)
		return 0;
	for (size = y->docsize > 0 ? y->docsize : DOC_FIRST; size < need;
	    size *= 2)
		continue;
	if (size > DOC_BUFSIZE)
		size = DOC_BUFSIZE;
	if ((p = realloc(y->doc, size)) == NULL)
		return -1;
	y->doc = p;
	y->docsize = size;
	return 0;
}

/*
 * Adds a line to the document (with its '\n'); the text may already
 * be in place, at doc[doclen].  A blank or comment line that would
 * overrun QTTT_YAML_DOC_MAX is left out: it is an error only if more
 * of the document follows.  Returns -1 if out of memory.
 */
static int
add_line(struct yaml_reader *y, const char *text, size_t n,
    unsigned long lineno, int toolong, int blank)
{
	if (n > 0 && text[n - 1] == '\r' && !toolong)
		n--;
	/* A byte refused before the cut comes first (CR line ends). */
	check_line(y, text, n, lineno);
	if (toolong)
		bad_bytes(y, QTTT_E_LONGLINE, lineno, QTTT_LINE_MAX, "line "
		    "longer than %d bytes", QTTT_LINE_MAX);
	if (blank && !y->full && (y->trailing_full ||
	    y->doclen + n + 1 > QTTT_YAML_DOC_MAX)) {
		y->trailing_full = 1;
		return 0;
	}
	if (y->full || y->trailing_full ||
	    y->doclen + n + 1 > QTTT_YAML_DOC_MAX) {
		/* The text stops at the last line that fits. */
		bad_bytes(y, QTTT_E_YAML, lineno, 0, "document longer than "
		    "%d bytes: write one game per document",
		    QTTT_YAML_DOC_MAX);
		y->full = 1;
		return 0;
	}
	/* The carried line is in doc already, where it stays. */
	if (text != y->doc && doc_room(y, y->doclen + n + 1) == -1)
		return -1;
	memmove(y->doc + y->doclen, text, n);
	y->doclen += n;
	y->doc[y->doclen++] = '\n';
	return 0;
}

/* Whether a line may end a JSON value: its last character is } or ]. */
static int
ends_value(const char *s, size_t n)
{
	/*
	 * Bytes after it that the reader refuses (a control character,
	 * any byte of a character after it) leave that line in error,
	 * but do not make it run on into the next value.
	 */
	while (n > 0 && ((unsigned char)s[n - 1] <= ' ' ||
	    (unsigned char)s[n - 1] >= 0x7f))
		n--;
	return n > 0 && (s[n - 1] == '}' || s[n - 1] == ']');
}

/*
 * Follows a line of kind into the document (scan_line), but for a
 * directive and the marker itself; returns whether it holds a node
 * (content, or something after "---" but a comment).
 */
static int
kind_line(struct yaml_reader *y, const char *s, size_t n,
    enum line_kind kind)
{
	size_t	 i = 0;

	if (kind == L_DIRECTIVE || kind == L_END)
		return 0;
	if (kind == L_START)
		for (i = 3; i < n && is_blank((unsigned char)s[i]); i++)
			continue;
	scan_line(y, s + i, n - i);
	return kind != L_NOTHING && i < n && s[i] != '#' && s[i] != '\r';
}

/* A record of another notation, a document of its own: reported. */
static void
not_yaml(struct yaml_reader *y, const char *s, unsigned long lineno,
    int json)
{
	bad_bytes(y, QTTT_E_YAML, lineno, 0, "this line is in %s, not %s: "
	    "read it with -f %s, in a file of its own", s[2] == '+' ?
	    "Goff's notation" : "the line notation", json ? "JSON" : "YAML",
	    s[2] == '+' ? "goff" : "line");
}

/*
 * Reads the next document into doc.  Returns 1, 0 at the end of the
 * input, -1 on a read error.  In a stream of JSON values (the first
 * line of content starts with '{' or '['), a line that starts with
 * '{' or '[' right after a line that ends with '}' or ']' starts the
 * next value: JSON Lines, and what jq prints, are streams of them.
 */
static int
load_document(struct qttt_reader *r, struct yaml_reader *y)
{
	struct reader_line l;
	enum line_kind	 kind;
	int		 k, content, json, closed, node, alone;

	for (;;) {
		if (y->carrylen > 0)
			memmove(y->doc, y->doc + y->doclen, y->carrylen);
		y->doclen = 0;
		y->docline = y->carryline;
		y->bad = y->full = y->trailing_full = 0;
		y->ndirectives = 0;
		y->flow = y->block = y->quote = 0;
		content = json = closed = node = alone = 0;
		if (y->carrylen > 0) {
			kind = line_kind(y->doc, y->carrylen);
			content = kind >= L_START;
			json = kind == L_BRACE;
			closed = ends_value(y->doc, y->carrylen);
			y->ndirectives = kind == L_DIRECTIVE;
			alone = kind == L_CONTENT &&
			    qttt__notation_record_line(y->doc, y->carrylen);
			node = kind_line(y, y->doc, y->carrylen, kind);
			add_line(y, y->doc, y->carrylen, y->carryline, 0, 0);
			if (alone)
				not_yaml(y, y->doc, y->carryline, y->json);
			y->carrylen = 0;
		}
		while (!y->eof && !alone) {
			if ((k = qttt__notation_reader_getline(r, &l)) == -1)
				return -1;
			if (k == 0) {
				y->eof = 1;
				break;
			}
			if (y->doclen == 0 && !content)
				y->docline = l.lineno;
			kind = l.toolong ? L_CONTENT : line_kind(l.text, l.len);
			/*
			 * A record of the line notation or Goff's at the top
			 * of a document, after its node: YAML would take it
			 * for a key without ':', and the lines after it with
			 * it.  It is a document of its own, reported.
			 */
			alone = kind == L_CONTENT && !l.toolong &&
			    y->flow == 0 && y->quote == 0 &&
			    qttt__notation_record_line(l.text, l.len);
			if (content && (kind == L_START ||
			    kind == L_DIRECTIVE ||
			    (json && closed && kind == L_BRACE) ||
			    (alone && node))) {
				/* It starts the next document. */
				if (doc_room(y, y->doclen + l.len) == -1)
					return -2;
				memcpy(y->doc + y->doclen, l.text, l.len);
				y->carrylen = l.len;
				y->carryline = l.lineno;
				alone = 0;
				break;
			}
			if (kind == L_NOTHING && y->doclen == 0) {
				/*
				 * Before the document: not part of it, but
				 * the comment lines of the game after them.
				 */
				check_line(y, l.text, l.len, l.lineno);
				lead_add(r, l.text, l.len);
				continue;
			}
			if (kind == L_END && content && y->trailing_full)
				break;
			if (kind == L_DIRECTIVE &&
			    ++y->ndirectives > MAXDIRECTIVES)
				bad_bytes(y, QTTT_E_YAML, l.lineno, 0, "more "
				    "than %d directives", MAXDIRECTIVES);
			if (!content && kind == L_BRACE)
				json = 1;
			if (kind == L_START || kind == L_BRACE ||
			    kind == L_CONTENT) {
				content = 1;
				closed = !l.toolong &&
				    ends_value(l.text, l.len);
			}
			if (!l.toolong && kind_line(y, l.text, l.len, kind))
				node = 1;
			if (add_line(y, l.text, l.len, l.lineno, l.toolong,
			    kind == L_NOTHING) == -1)
				return -2;
			if (alone)
				not_yaml(y, l.text, l.lineno, json);
			if (kind == L_END && content)
				break;
		}
		y->off_line = y->docline;
		y->off_byte = 0;
		if (content) {
			y->json = json;
			return 1;
		}
		if (y->eof && y->carrylen == 0)
			return 0;
	}
}

/*
 * The byte offset in doc of the start of input line `line`.  Lookups
 * go forward almost always (the games of a list, in order), so the
 * walk starts where the last one ended.
 */
static size_t
line_offset(struct yaml_reader *y, unsigned long line)
{
	const char	*nl;

	/* A line before the document (a comment line) is not in it. */
	if (line < y->docline)
		return y->doclen;
	if (line < y->off_line) {
		y->off_line = y->docline;
		y->off_byte = 0;
	}
	while (y->off_line < line && y->off_byte < y->doclen) {
		if ((nl = memchr(y->doc + y->off_byte, '\n',
		    y->doclen - y->off_byte)) == NULL)
			return y->doclen;
		y->off_byte = nl - y->doc + 1;
		y->off_line++;
	}
	return y->off_line < line ? y->doclen : y->off_byte;
}

/*
 * The position of a libyaml mark in the input: line, and byte column.
 * libyaml counts characters; the lookups of a document go forward
 * almost always, so the walk starts where the last one ended.
 */
static struct ypos
locate(struct yaml_reader *y, size_t index)
{
	const unsigned char *s = (const unsigned char *)y->doc;
	struct ypos	 p;

	if (index < y->cur_index) {
		y->cur_index = y->cur_byte = y->cur_linestart = 0;
		y->cur_line = 0;
	}
	while (y->cur_index < index && y->cur_byte < y->doclen) {
		if (s[y->cur_byte] == '\n') {
			y->cur_line++;
			y->cur_linestart = y->cur_byte + 1;
		}
		if (s[y->cur_byte] < 0x80)
			y->cur_byte++;
		else
			y->cur_byte += qttt__text_utf8_len(s + y->cur_byte,
			    y->doclen - y->cur_byte);
		y->cur_index++;
	}
	p.line = y->docline + y->cur_line;
	p.col = y->cur_byte - y->cur_linestart;
	if (y->cur_line > 0 && y->cur_linestart == y->doclen) {
		/* The end of the document: the end of its last line. */
		p.line--;
		p.col = y->doclen - 1 - line_offset(y, p.line);
	}
	return p;
}

static struct ypos
mark_pos(struct yaml_reader *y, const yaml_mark_t *m)
{
	return locate(y, m->index);
}

static void
yerror(struct qttt_record *rec, struct ypos at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
yerror(struct qttt_record *rec, struct ypos at, const char *fmt, ...)
{
	char	 msg[QTTT_MSG_MAX];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	qttt_record_diag(rec, QTTT_E_YAML, at.line, at.col, "%s", msg);
	rec->damaged = 1;
}

/*
 * The first byte of line `line` of the document that is not a blank,
 * and its column; or -1.
 */
static int
first_char(struct yaml_reader *y, unsigned long line,
    unsigned long *col)
{
	size_t	 off = line_offset(y, line), i;

	for (i = off; i < y->doclen && is_blank((unsigned char)y->doc[i]); i++)
		continue;
	*col = i - off;
	return i < y->doclen ? (unsigned char)y->doc[i] : -1;
}

/* A key longer than libyaml reads as one (YAML's 1024 characters). */
static void
long_key(struct qttt_record *rec, struct ypos at)
{
	yerror(rec, at, "a key longer than 1024 characters, more than YAML "
	    "allows a plain key (and a key has at most %d bytes)",
	    QTTT_YAML_KEY_MAX);
}

/* Room for a piece of the input shown in a message (see shown). */
#define SHOWN		(32 + 4)

/*
 * At most 32 bytes of s, in whole characters, for a message: a control
 * character, or one the reader refuses, shows as '?', and "..." ends a
 * piece that was cut.
 */
static const char *
shown(const char *str, size_t n, char buf[SHOWN])
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i = 0, len = 0, k;
	int		 bad;

	while (i < n) {
		k = 1;
		bad = s[i] < 0x20 || s[i] == 0x7f;
		if (s[i] >= 0x80) {
			k = qttt__text_utf8_len(s + i, n - i);
			bad = k == 0 || qttt__text_utf8_refused(s + i, k) != 0;
			if (k == 0)
				k = 1;
		}
		if (i + k > 32)
			break;
		if (bad)
			buf[len++] = '?';
		else {
			memcpy(buf + len, s + i, k);
			len += k;
		}
		i += k;
	}
	if (i < n) {
		memcpy(buf + len, "...", 3);
		len += 3;
	}
	buf[len] = '\0';
	return buf;
}

/* Starts a record at a position: a game, or an error outside one. */
static void
begin_record(struct yaml_reader *y, struct qttt_record *rec,
    struct ypos at)
{
	size_t	 off;

	qttt_record_clear(rec);
	rec->rules = qttt__notation_reader_rules(y->r);
	rec->format = QTTT_FORMAT_YAML;
	rec->line = at.line;
	if ((off = line_offset(y, at.line)) < y->doclen) {
		rec->text = y->doc + off;
		rec->textlen = y->doclen - off;
	}
	rec->meta = y->meta;
	if (y->leadnext) {
		qttt__notation_reader_lead_give(y->r, rec);
		y->leadnext = 0;
		y->leadgiven = 1;
	}
	y->arenalen = 0;
	y->nnotes = 0;
	y->line = QTTT_MAINLINE;
	y->vardepth = y->varseen = 0;
	y->keep = 1;
	y->nmoves = 0;
	y->has_moves = y->has_result = y->result_ok = 0;
}

/* A copy of n bytes that lives until the next game; NULL if full. */
static const char *
keep_bytes(struct yaml_reader *y, const char *s, size_t n)
{
	char	*p;

	if (ARENA_SIZE - y->arenalen < n)
		return NULL;
	if (y->arenalen + n <= ARENA_FIRST)
		p = y->arena_first + y->arenalen;
	else if (y->arena != NULL ||
	    (y->arena = malloc(ARENA_SIZE)) != NULL)
		p = y->arena + y->arenalen;
	else
		return NULL;
	memcpy(p, s, n);
	y->arenalen += n;
	return p;
}

/* Where an item's text starts in its scalar, if it maps byte for byte. */
static int
scalar_offset(const yaml_event_t *ev, int *exact)
{
	*exact = ev->start_mark.line == ev->end_mark.line &&
	    (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ||
	    ev->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
	    ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE);
	return ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? 0 : 1;
}

/*
 * Reads one line-notation item from a scalar into it, through
 * qttt_line_parse(), moving its positions (and its diagnostics) into
 * the YAML.  want is QTTT_ITEM_ACTION for a move, QTTT_ITEM_RESULT for
 * the result.  Returns 1 if the item is good.
 */
static int
read_item(struct yaml_reader *y, struct qttt_record *rec,
    const yaml_event_t *ev, enum qttt_item_kind want, struct qttt_item *it)
{
	const char	*v = (const char *)ev->data.scalar.value;
	size_t		 n = ev->data.scalar.length, i;
	struct ypos	 at = mark_pos(y, &ev->start_mark), p;
	struct qttt_record *s = &y->scratch;
	struct qttt_diag *d;
	unsigned long	 base;
	int		 exact, ok;

	base = at.col + scalar_offset(ev, &exact);
	if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    ev->end_mark.line > ev->start_mark.line) {
		/* YAML folds the next line in: "- X1 a1 b1 - O2 b1 c1". */
		p.line = at.line + 1;
		first_char(y, p.line, &p.col);
		qttt_record_diag(rec, QTTT_E_SYNTAX, p.line, p.col, "this "
		    "line continues the entry above it, as it is indented "
		    "more: a %s is one line, and the entries of a list start "
		    "in one column", want == QTTT_ITEM_RESULT ? "result" :
		    "move");
		rec->damaged = 1;
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (v[i] != ';' && v[i] != '#' && v[i] != '\n' && v[i] != '[')
			continue;
		p.line = at.line;
		p.col = exact ? base + i : at.col;
		if (v[i] == '\n')
			qttt_record_diag(rec, QTTT_E_SYNTAX, at.line, at.col,
			    "an item is one line");
		else if (v[i] == ';')
			qttt_record_diag(rec, QTTT_E_SYNTAX, p.line, p.col,
			    "one item per entry: ';' separates items only "
			    "in the line notation");
		else if (v[i] == '[')
			qttt_record_diag(rec, QTTT_E_SYNTAX, p.line, p.col,
			    "a tag in an item: a move takes its notes as keys "
			    "of a mapping with 'move'");
		else
			qttt_record_diag(rec, QTTT_E_SYNTAX, p.line, p.col,
			    "'#' in an item: a move takes a comment under "
			    "the 'comment' key");
		rec->damaged = 1;
		return 0;
	}
	/*
	 * A result of any profile: the game's is known at its end
	 * (end_game), since the rules key may come after the result.
	 */
	if (qttt__notation_line_parse(v, n, 0, s, want == QTTT_ITEM_RESULT ?
	    QTTT__RULES_ANY : QTTT_RULES_GOFF) == 0) {
		qttt_record_diag(rec, QTTT_E_SYNTAX, at.line, at.col,
		    want == QTTT_ITEM_RESULT ? "empty result" : "empty move");
		rec->damaged = 1;
		return 0;
	}
	for (i = 0; i < s->ndiags; i++) {
		d = &s->diags[i];
		qttt_record_diag(rec, d->code, at.line,
		    exact ? base + d->col : at.col, "%s", d->msg);
	}
	rec->ndropped += s->ndropped;
	rec->nerrors += s->ndropped;
	ok = s->ndiags == 0 && s->ndropped == 0 && s->nitems == 1;
	if (ok && s->items[0].kind != want) {
		/* At the item, after a quote, as every other position. */
		p.line = at.line;
		p.col = exact ? base + s->items[0].col : at.col;
		if (want == QTTT_ITEM_RESULT)
			qttt_record_diag(rec, QTTT_E_RESULTSYN, p.line,
			    p.col, "'result' holds a result, such as 1-0, "
			    "1/2-1 or '*', not a move");
		else if (y->vardepth > 0)
			qttt_record_diag(rec, QTTT_E_RESULTPOS, p.line,
			    p.col, "a result inside a variation: the result "
			    "is the main line's, and a variation ends where "
			    "its line does or the rules end it");
		else
			qttt_record_diag(rec, QTTT_E_RESULTPOS, p.line,
			    p.col, "a result is not a move: it goes under "
			    "the 'result' key");
		ok = 0;
	}
	if (!ok) {
		rec->damaged = 1;
		return 0;
	}
	if (want == QTTT_ITEM_RESULT) {
		y->result_len = n;
		memcpy(y->result_text, v, n < RESULT_SHOWN + 1 ? n :
		    RESULT_SHOWN + 1);
	}
	*it = s->items[0];
	it->line = at.line;
	it->col = exact ? base + it->col : at.col;
	for (i = 0; i < 2; i++)
		it->sqcol[i] = exact ? base + it->sqcol[i] : at.col;
	it->comment = NULL;
	it->commentlen = 0;
	return 1;
}

static int
key_is(const char *k, size_t n, const char *name)
{
	return strlen(name) == n && memcmp(k, name, n) == 0;
}

/*
 * Adds a move to line (QTTT_MAINLINE or a variation) of the record,
 * unless an error came before it; its notes are the reader's from
 * first on.
 */
static void
add_move(struct yaml_reader *y, struct qttt_record *rec,
    const struct qttt_item *it, const char *comment, size_t commentlen,
    size_t line, size_t first)
{
	struct qttt_item *to;
	struct ypos	 at;
	size_t		 i;

	if (!y->keep)
		return;
	/* A glyph after the item is its note "mark" (line-notation.md). */
	if (it->nnotes == 1) {
		for (i = first; i < y->nnotes; i++)
			if (key_is(y->notes[i].key, y->notes[i].keylen, "mark"))
				break;
		if (i < y->nnotes || y->nnotes == QTTT_MAXNOTES) {
			at.line = it->line;
			at.col = it->col;
			yerror(rec, at, i < y->nnotes ? "a glyph and a 'mark' "
			    "on one move" : "too many notes");
			y->keep = 0;
			return;
		}
		y->notes[y->nnotes++] = it->notes[0];
	}
	if (line == QTTT_MAINLINE)
		to = &rec->items[rec->nitems++];
	else {
		y->owner[rec->nvaritems] = (unsigned char)line;
		rec->vars[line].nitems++;
		to = &rec->varitems[rec->nvaritems++];
	}
	*to = *it;
	to->comment = comment;
	to->commentlen = commentlen;
	to->nnotes = y->nnotes - first;
	to->notes = y->nnotes > first ? &y->notes[first] : NULL;
}

/*
 * Counts a move; reports and stops keeping beyond what a game holds,
 * or the variations of a record (the line notation's limits).
 */
static int
count_move(struct yaml_reader *y, struct qttt_record *rec, struct ypos at)
{
	if (y->vardepth > 0) {
		if (++y->varseen == QTTT_MAXVARITEMS + 1) {
			qttt_record_diag(rec, QTTT_E_TOOMANY, at.line, at.col,
			    "more than %d items in the variations of a "
			    "record", QTTT_MAXVARITEMS);
			rec->damaged = 1;
			y->keep = 0;
		}
		return y->varseen <= QTTT_MAXVARITEMS;
	}
	if (++y->nmoves == MAXMOVES + 1) {
		qttt_record_diag(rec, QTTT_E_TOOMANY, at.line, at.col,
		    "more than %d moves: no game is this long", MAXMOVES);
		rec->damaged = 1;
		y->keep = 0;
	}
	return y->nmoves <= MAXMOVES;
}


int
qttt__notation_yaml_null(const char *s, size_t n)
{
	return n == 0 || key_is(s, n, "~") || key_is(s, n, "null") ||
	    key_is(s, n, "Null") || key_is(s, n, "NULL");
}

/* The keys the format understands have values it checks. */
static void
check_meta(struct qttt_record *rec, const struct qttt_meta *m,
    const yaml_event_t *ev, struct ypos at)
{
	char	 b[SHOWN];
	int	 exact;
	size_t	 off;

	if (key_is(m->key, m->keylen, "date") &&
	    !qttt__notation_date_good(m->value, m->valuelen))
		yerror(rec, at, "date '%s' is not YYYY-MM-DD (or "
		    "YYYY-MM, or YYYY)", shown(m->value, m->valuelen, b));
	if (key_is(m->key, m->keylen, "rules")) {
		off = scalar_offset(ev, &exact);
		if (!qttt__notation_rules_value(rec, m->value, m->valuelen,
		    at.line, at.col + off, exact))
			return;
	}
}

/*
 * Keeps key k (n bytes) as the next of the *count entries of list, of
 * which those from first on must not hold it already, and at most
 * limit in all; many and full name the list in the messages.  Returns
 * the new entry, or NULL after a diagnostic.
 */
static struct qttt_meta *
add_key(struct yaml_reader *y, struct qttt_record *rec,
    struct qttt_meta *list, size_t first, size_t *count, size_t limit,
    const char *many, const char *full, const char *k, size_t n,
    struct ypos at)
{
	struct qttt_meta *m;
	size_t		 i;
	char		 b[SHOWN];

	if (n == 0) {
		yerror(rec, at, "empty key");
		return NULL;
	}
	if (n > QTTT_YAML_KEY_MAX) {
		yerror(rec, at, "key of %zu bytes: longer than %d", n,
		    QTTT_YAML_KEY_MAX);
		return NULL;
	}
	for (i = first; i < *count; i++)
		if (list[i].keylen == n && memcmp(list[i].key, k, n) == 0) {
			yerror(rec, at, "duplicate key '%s' (first on "
			    "line %lu)", shown(k, n, b), list[i].line + 1);
			return NULL;
		}
	if (*count == limit) {
		yerror(rec, at, "more than %zu %s", limit, many);
		return NULL;
	}
	m = &list[*count];
	if ((m->key = keep_bytes(y, k, n)) == NULL) {
		yerror(rec, at, "%s", full);
		return NULL;
	}
	m->keylen = n;
	m->value = NULL;
	m->valuelen = 0;
	m->line = at.line;
	m->col = at.col;
	(*count)++;
	return m;
}

/*
 * Warns of a key that differs from a known key of its mapping only in
 * case (Result for result): keys are case-sensitive, so it is read as
 * what, and the key it looks like is not there.
 */
static void
check_case(struct qttt_record *rec, const char *k, size_t n,
    const char *const *known, const char *what, struct ypos at)
{
	char	 b[SHOWN];
	size_t	 i, j;

	for (i = 0; known[i] != NULL; i++) {
		if (strlen(known[i]) != n || memcmp(k, known[i], n) == 0)
			continue;
		for (j = 0; j < n && (k[j] | 0x20) == known[i][j]; j++)
			continue;
		if (j == n) {
			qttt_record_diag(rec, QTTT_W_KEYCASE, at.line, at.col,
			    "'%s' is not '%s': keys are case-sensitive, so "
			    "it is read as %s", shown(k, n, b), known[i],
			    what);
			return;
		}
	}
}

/* A key of a game's mapping: which one, refusing duplicates. */
static const char *const game_keys[] = {
	"moves", "result", "event", "site", "date", "x", "o", "rules",
	"comment", NULL
};

static enum key_kind
game_key(struct yaml_reader *y, struct qttt_record *rec,
    const yaml_event_t *ev, struct ypos at)
{
	const char	*k = (const char *)ev->data.scalar.value;
	size_t		 n = ev->data.scalar.length;

	if (key_is(k, n, "moves") || key_is(k, n, "result")) {
		if (k[0] == 'm' ? y->has_moves : y->has_result) {
			yerror(rec, at, "duplicate key '%s' (first on "
			    "line %lu)", k, (k[0] == 'm' ? y->moves_at :
			    y->result_at).line + 1);
			return K_IGNORE;
		}
		if (k[0] == 'm') {
			y->has_moves = 1;
			y->moves_at = at;
			return K_MOVES;
		}
		y->has_result = 1;
		y->result_at = at;
		return K_RESULT;
	}
	check_case(rec, k, n, game_keys, "metadata", at);
	if (add_key(y, rec, y->meta, 0, &rec->nmeta, QTTT_MAXMETA,
	    "metadata keys", "too much metadata", k, n, at) == NULL)
		return K_IGNORE;
	return K_META;
}

/* A key of a move's mapping other than its own: a note. */
static enum key_kind
note_key(struct yaml_reader *y, struct qttt_record *rec,
    const struct movemap *mv, const char *k, size_t n, struct ypos at)
{
	struct qttt_meta *m;

	if ((m = add_key(y, rec, y->notes, mv->notes, &y->nnotes,
	    QTTT_MAXNOTES, "notes on the moves of a game", "too many notes",
	    k, n, at)) == NULL)
		return K_IGNORE;
	m->plain = 0;
	return K_NOTE;
}

static enum key_kind
move_key(struct yaml_reader *y, struct qttt_record *rec, struct movemap *mv,
    const yaml_event_t *ev, struct ypos at)
{
	const char	*k = (const char *)ev->data.scalar.value;
	size_t		 n = ev->data.scalar.length;
	int		*has;
	struct ypos	*first;

	if (key_is(k, n, "move") || key_is(k, n, "comment") ||
	    key_is(k, n, "variations")) {
		has = k[0] == 'm' ? &mv->has_move : k[0] == 'c' ?
		    &mv->has_comment : &mv->has_vars;
		first = k[0] == 'm' ? &mv->move_at : k[0] == 'c' ?
		    &mv->comment_at : &mv->vars_at;
		if (*has) {
			yerror(rec, at, "duplicate key '%s' (first on "
			    "line %lu)", k, first->line + 1);
			return K_IGNORE;
		}
		*has = 1;
		*first = at;
		return k[0] == 'm' ? K_MOVE : k[0] == 'c' ? K_COMMENT :
		    K_VARS;
	}
	check_case(rec, k, n, qttt__notation_move_keys, "a note", at);
	return note_key(y, rec, mv, k, n, at);
}

/* A node's tag: none, the non-specific "!", or the core tag of its kind. */
static int
known_tag(const yaml_char_t *tag, const char *kind)
{
	static const char core[] = "tag:yaml.org,2002:";
	const char	*t = (const char *)tag;

	return t == NULL || strcmp(t, "!") == 0 ||
	    (strncmp(t, core, sizeof(core) - 1) == 0 &&
	    strcmp(t + sizeof(core) - 1, kind) == 0);
}

/* A scalar that is a string (not plain, or tagged as one). */
static int
is_plain(const yaml_event_t *ev)
{
	return ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    ev->data.scalar.tag == NULL;
}

/* What the event loop does next. */
enum step {
	S_GO,			/* on to the next event */
	S_RECORD,		/* a record is ready */
	S_STOP,			/* a record is ready; end of document */
	S_END			/* the document ends, nothing to report */
};

static struct frame *
top(struct yaml_reader *y)
{
	return y->depth > 0 ? &y->stack[y->depth - 1] : NULL;
}

static enum step
push(struct yaml_reader *y, struct qttt_record *rec, enum frame_kind kind,
    struct ypos at)
{
	struct frame	*f;

	if (y->depth == QTTT_YAML_DEPTH) {
		if (!y->ingame)
			begin_record(y, rec, at);
		yerror(rec, at, "nesting deeper than the format needs "
		    "(%d levels: a list of games, a game, its moves, a "
		    "move, and for each variation a list of them, it and "
		    "its move)", QTTT_YAML_DEPTH);
		return S_STOP;
	}
	f = &y->stack[y->depth++];
	f->kind = kind;
	f->entries = 0;
	f->value = 0;
	f->key = K_IGNORE;
	f->record = 0;
	f->at = at;
	return S_GO;
}

/*
 * Skips a collection that stands where a game should: it is reported
 * as a record of its own, which ends with it.
 */
static enum step
skip_entry(struct yaml_reader *y, struct qttt_record *rec, struct ypos at)
{
	enum step	 step;

	y->ingame = 1;
	if ((step = push(y, rec, F_SKIP, at)) == S_GO)
		top(y)->record = 1;
	return step;
}

/*
 * The variations of the game read, at its end or where the reading of
 * its document stopped: a move whose mapping is still open is not
 * kept, nor its variations; each variation's items put together.
 */
static void
vars_read(struct yaml_reader *y, struct qttt_record *rec)
{
	int	 i;

	for (i = 0; i < y->depth; i++)
		if (y->stack[i].kind == F_MOVE) {
			rec->nvars = y->stack[i].mv.nvars;
			rec->nvaritems = y->stack[i].mv.nvaritems;
			break;
		}
	if (rec->nvars > 0)
		qttt__notation_vars_done(rec, y->owner);
}

/* Ends a game: what it lacks, then its result after its moves. */
static void
end_game(struct yaml_reader *y, struct qttt_record *rec)
{
	struct frame	*f = top(y);
	size_t		 n;
	char		 msg[QTTT_MSG_MAX];

	if (!y->has_moves)
		yerror(rec, f->at, "a game needs a 'moves' list");
	if ((n = qttt__notation_extras_bytes(rec)) > QTTT_EXTRAS_MAX)
		yerror(rec, f->at, "the keys, values and comments of the game "
		    "hold %zu bytes: more than %d, which every format takes",
		    n, QTTT_EXTRAS_MAX);
	if (y->result_ok && y->result.result.over &&
	    !qttt__engine_result_possible(rec->rules,
	    y->result.result.score[QTTT_X], y->result.result.score[QTTT_O])) {
		/* A result of another profile (read_item took any). */
		qttt__notation_result_refused(msg, sizeof(msg), rec->rules,
		    y->result_text, y->result_len);
		qttt_record_diag(rec, QTTT_E_RESULTSYN, y->result.line,
		    y->result.col, "%s", msg);
		rec->damaged = 1;
		y->result_ok = 0;
	}
	if (y->result_ok && y->keep)
		rec->items[rec->nitems++] = y->result;
	vars_read(y, rec);
	y->ingame = 0;
}

/* Starts a move's mapping in the line being read. */
static enum step
begin_move(struct yaml_reader *y, struct qttt_record *rec, struct ypos at)
{
	struct movemap	*mv;
	enum step	 step;

	if ((step = push(y, rec, F_MOVE, at)) != S_GO)
		return step;
	mv = &y->stack[y->depth - 1].mv;
	memset(mv, 0, sizeof(*mv));
	mv->line = y->line;
	mv->index = y->line == QTTT_MAINLINE ? rec->nitems :
	    rec->vars[y->line].nitems;
	mv->notes = mv->nnotes = y->nnotes;
	mv->nvars = rec->nvars;
	mv->nvaritems = rec->nvaritems;
	return S_GO;
}

static void
end_move(struct yaml_reader *y, struct qttt_record *rec)
{
	struct frame	*f = top(y);
	struct movemap	*mv = &f->mv;

	if (!mv->has_move) {
		yerror(rec, f->at, "a move mapping needs a 'move' key");
		y->keep = 0;
	} else if (mv->move_ok)
		add_move(y, rec, &mv->move, mv->comment, mv->commentlen,
		    mv->line, mv->notes);
	if (!y->keep || !mv->move_ok) {
		/* A move not kept, nor its variations. */
		y->nnotes = mv->nnotes;
		rec->nvars = mv->nvars;
		rec->nvaritems = mv->nvaritems;
	}
}

/*
 * Starts a move's list of variations; one in a variation as deep as a
 * record's may be ends the reading of the document, as nesting too
 * deep does.
 */
static enum step
begin_variations(struct yaml_reader *y, struct qttt_record *rec,
    struct ypos at)
{
	struct frame	*f;
	enum step	 step;

	if (y->vardepth == QTTT_MAXVARDEPTH) {
		qttt_record_diag(rec, QTTT_E_TOOMANY, at.line, at.col,
		    "more than %d variations inside one another",
		    QTTT_MAXVARDEPTH);
		rec->damaged = 1;
		y->keep = 0;
		return S_STOP;
	}
	if ((step = push(y, rec, F_VARS, at)) != S_GO)
		return step;
	f = top(y);
	f->notes = y->nnotes;
	f->nvaritems = rec->nvaritems;
	return S_GO;
}

/*
 * Starts a variation, an entry of the list f of a move's variations:
 * the next of the record, an alternative to the move, unless the
 * record holds QTTT_MAXVARS already.
 */
static enum step
begin_variation(struct yaml_reader *y, struct qttt_record *rec,
    struct frame *f, struct ypos at)
{
	const struct movemap *mv = &y->stack[y->depth - 2].mv;
	struct qttt_variation *var;
	struct frame	*v;
	enum step	 step;

	f->entries++;
	if ((step = push(y, rec, F_VAR, at)) != S_GO)
		return step;
	v = top(y);
	v->line = y->line;
	y->vardepth++;
	if (y->keep && rec->nvars == QTTT_MAXVARS) {
		qttt_record_diag(rec, QTTT_E_TOOMANY, at.line, at.col,
		    "more than %d variations in a record", QTTT_MAXVARS);
		rec->damaged = 1;
		y->keep = 0;
	}
	if (!y->keep)
		return S_GO;
	var = &rec->vars[rec->nvars];
	var->parent = mv->line;
	var->at = mv->index;
	var->first = var->nitems = 0;
	var->line = at.line;
	var->col = at.col;
	y->line = rec->nvars++;
	return S_GO;
}

/* Reverses the reader's notes from a to b (not included). */
static void
reverse_notes(struct yaml_reader *y, size_t a, size_t b)
{
	struct qttt_meta t;

	for (; a + 1 < b; a++, b--) {
		t = y->notes[a];
		y->notes[a] = y->notes[b - 1];
		y->notes[b - 1] = t;
	}
}

/*
 * The end of a variation, or of a move's list of variations f, an
 * empty one refused as the line notation refuses "()".  At the end of
 * the list, the notes of the moves in its variations, read after the
 * move's own notes before the list, go before them (their items'
 * notes move with them), so that the move's notes, those after the
 * list too, are together when its item is added.
 */
static void
end_variations(struct yaml_reader *y, struct qttt_record *rec,
    struct frame *f)
{
	struct movemap	*mv = &y->stack[y->depth - 2].mv;
	size_t		 own, i;

	if (f->entries == 0) {
		qttt_record_diag(rec, QTTT_E_SYNTAX, f->at.line, f->at.col,
		    f->kind == F_VAR ? "an empty variation: a variation "
		    "holds one move or more, the first an alternative to the "
		    "move it is under" : "an empty list of variations: a "
		    "move without variations has no 'variations' key");
		rec->damaged = 1;
		y->keep = 0;
	}
	if (f->kind == F_VAR) {
		y->vardepth--;
		y->line = f->line;
		return;
	}
	if ((own = f->notes - mv->notes) == 0 || f->notes == y->nnotes) {
		mv->notes += y->nnotes - f->notes;
		return;
	}
	reverse_notes(y, mv->notes, f->notes);
	reverse_notes(y, f->notes, y->nnotes);
	reverse_notes(y, mv->notes, y->nnotes);
	for (i = f->nvaritems; i < rec->nvaritems; i++)
		if (rec->varitems[i].notes != NULL)
			rec->varitems[i].notes -= own;
	mv->notes += y->nnotes - f->notes;
}

/*
 * A node that is refused (reported already): what it stood for is
 * dropped, and an error in the moves stops the keeping of moves.
 */
static void
reject(struct yaml_reader *y, struct qttt_record *rec, struct frame *f)
{
	if (f->kind == F_MOVES || f->kind == F_VARS || f->kind == F_VAR) {
		y->keep = 0;
		return;
	}
	if (f->kind != F_GAME && f->kind != F_MOVE)
		return;
	if (!f->value) {
		f->key = K_IGNORE;	/* its value goes with it */
		return;
	}
	if (f->key == K_META)
		rec->nmeta--;
	else if (f->key == K_NOTE)
		y->nnotes--;
	else if (f->key == K_MOVES || f->key == K_MOVE || f->key == K_VARS)
		y->keep = 0;
}

/* Whether ':' follows a scalar, after blanks. */
static int
followed_by_colon(struct yaml_reader *y, const yaml_event_t *ev)
{
	size_t	 i;

	mark_pos(y, &ev->end_mark);
	for (i = y->cur_byte; i < y->doclen &&
	    is_blank((unsigned char)y->doc[i]); i++)
		continue;
	return i < y->doclen && y->doc[i] == ':';
}

/* A scalar in its place: a key, a move, a result, a value, a comment. */
static enum step
scalar(struct yaml_reader *y, struct qttt_record *rec,
    const yaml_event_t *ev, struct frame *f, struct ypos at)
{
	const char	*v = (const char *)ev->data.scalar.value;
	size_t		 n = ev->data.scalar.length, max;
	struct qttt_meta *m;
	struct qttt_item it;

	if (f == NULL || f->kind == F_GAMES) {
		/* An empty document is no game; anything else is wrong. */
		if (f == NULL && n == 0 && is_plain(ev))
			return S_GO;
		begin_record(y, rec, at);
		if (is_plain(ev) && n > 1024 && followed_by_colon(y, ev)) {
			/* libyaml takes no longer key: what the user meant. */
			long_key(rec, at);
			return S_STOP;
		}
		yerror(rec, at, "%s is a game (a mapping with 'moves'), "
		    "not a scalar", f == NULL ? "a document" :
		    "each entry of a list of games");
		return S_RECORD;
	}
	if (f->value && f->key == K_IGNORE)
		return S_GO;
	max = f->value || f->kind == F_MOVES || f->kind == F_VAR ||
	    f->kind == F_VARS ? QTTT_YAML_SCALAR_MAX : QTTT_YAML_KEY_MAX;
	if (n > max) {
		yerror(rec, at, "%s of %zu bytes: longer than %zu",
		    max == QTTT_YAML_KEY_MAX ? "key" : "scalar", n, max);
		reject(y, rec, f);
		return S_GO;
	}
	if (memchr(v, '\0', n) != NULL) {
		yerror(rec, at, "NUL character in a scalar");
		reject(y, rec, f);
		return S_GO;
	}
	if (f->kind == F_VARS) {
		f->entries++;
		yerror(rec, at, "a variation is a list of moves, not a "
		    "scalar");
		reject(y, rec, f);
		return S_GO;
	}
	if (f->kind == F_MOVES || f->kind == F_VAR) {
		f->entries++;
		if (count_move(y, rec, at) && read_item(y, rec, ev,
		    QTTT_ITEM_ACTION, &it))
			add_move(y, rec, &it, NULL, 0, y->line, y->nnotes);
		else
			y->keep = 0;
		return S_GO;
	}
	if (!f->value) {
		f->key = f->kind == F_GAME ? game_key(y, rec, ev, at) :
		    move_key(y, rec, &f->mv, ev, at);
		return S_GO;
	}
	switch (f->key) {
	case K_MOVES:
		yerror(rec, at, "'moves' is a list, not a scalar");
		reject(y, rec, f);
		break;
	case K_RESULT:
		/* A null result states nothing, as JSON writers may say. */
		if (!is_plain(ev) || !qttt__notation_yaml_null(v, n))
			y->result_ok = read_item(y, rec, ev,
			    QTTT_ITEM_RESULT, &y->result);
		break;
	case K_META:
		m = &y->meta[rec->nmeta - 1];
		if ((m->value = keep_bytes(y, v, n)) == NULL) {
			yerror(rec, at, "too much metadata");
			reject(y, rec, f);
			break;
		}
		m->valuelen = n;
		m->plain = is_plain(ev);
		check_meta(rec, m, ev, at);
		break;
	case K_MOVE:
		if (!(f->mv.move_ok = read_item(y, rec, ev, QTTT_ITEM_ACTION,
		    &f->mv.move)))
			y->keep = 0;
		else if (f->mv.move.nnotes == 1) {
			/* Its glyph, which the next item read overwrites. */
			f->mv.glyph = f->mv.move.notes[0];
			f->mv.move.notes = &f->mv.glyph;
		}
		break;
	case K_COMMENT:
		if (!y->keep)
			break;
		if ((f->mv.comment = keep_bytes(y, v, n)) == NULL) {
			yerror(rec, at, "too many comments");
			reject(y, rec, f);
			break;
		}
		f->mv.commentlen = n;
		break;
	case K_VARS:
		yerror(rec, at, "'variations' is a list of variations, each "
		    "a list of moves; not a scalar");
		reject(y, rec, f);
		break;
	case K_NOTE:
		m = &y->notes[y->nnotes - 1];
		if ((m->value = keep_bytes(y, v, n)) == NULL) {
			yerror(rec, at, "too many notes");
			reject(y, rec, f);
			break;
		}
		m->valuelen = n;
		m->plain = is_plain(ev);
		break;
	default:
		break;
	}
	return S_GO;
}

/* A collection in its place; skipped (after a report) if it is wrong. */
static enum step
collection(struct yaml_reader *y, struct qttt_record *rec,
    const yaml_event_t *ev, struct frame *f, struct ypos at)
{
	const char	*what = ev->type == YAML_MAPPING_START_EVENT ?
			    "mapping" : "list";
	const struct qttt_meta *m;
	char		 b[SHOWN];

	if (f == NULL || f->kind == F_GAMES) {
		if (ev->type == YAML_MAPPING_START_EVENT) {
			begin_record(y, rec, at);
			y->ingame = 1;
			return push(y, rec, F_GAME, at);
		}
		if (f == NULL)
			return push(y, rec, F_GAMES, at);
		begin_record(y, rec, at);
		yerror(rec, at, "each entry of a list of games is a game "
		    "(a mapping with 'moves'), not a list");
		return skip_entry(y, rec, at);
	}
	if (f->value && f->key == K_IGNORE)
		return push(y, rec, F_SKIP, at);
	if (f->kind == F_MOVES || f->kind == F_VAR) {
		f->entries++;
		if (ev->type == YAML_SEQUENCE_START_EVENT) {
			yerror(rec, at, "a move is a string, or a mapping "
			    "with 'move' and 'comment'; not a list");
			reject(y, rec, f);
			return push(y, rec, F_SKIP, at);
		}
		if (!count_move(y, rec, at))
			return push(y, rec, F_SKIP, at);
		return begin_move(y, rec, at);
	}
	if (f->kind == F_VARS) {
		if (ev->type == YAML_SEQUENCE_START_EVENT)
			return begin_variation(y, rec, f, at);
		f->entries++;
		yerror(rec, at, "a variation is a list of moves, not a "
		    "mapping");
		reject(y, rec, f);
		return push(y, rec, F_SKIP, at);
	}
	if (!f->value)
		yerror(rec, at, "a key is a scalar, not a %s", what);
	else if (f->key == K_MOVES && ev->type == YAML_SEQUENCE_START_EVENT)
		return push(y, rec, F_MOVES, at);
	else if (f->key == K_VARS && ev->type == YAML_SEQUENCE_START_EVENT)
		return begin_variations(y, rec, at);
	else if (f->key == K_MOVES)
		yerror(rec, at, "'moves' is a list, not a mapping");
	else if (f->key == K_VARS)
		yerror(rec, at, "'variations' is a list of variations, each "
		    "a list of moves; not a mapping");
	else if (f->key == K_META) {
		m = &y->meta[rec->nmeta - 1];
		yerror(rec, at, "'%s' holds a %s: metadata values are "
		    "scalars", shown(m->key, m->keylen, b), what);
	} else if (f->key == K_NOTE) {
		m = &y->notes[y->nnotes - 1];
		yerror(rec, at, "'%s' holds a %s: notes on a move are "
		    "scalars", shown(m->key, m->keylen, b), what);
	} else
		yerror(rec, at, "'%s' is a string, not a %s",
		    f->key == K_RESULT ? "result" : f->key == K_MOVE ?
		    "move" : "comment", what);
	reject(y, rec, f);
	return push(y, rec, F_SKIP, at);
}

/* The end of a collection. */
static enum step
collection_end(struct yaml_reader *y, struct qttt_record *rec)
{
	struct frame	*f = top(y);
	int		 ends = f->kind == F_GAME || f->record;

	if (f->kind == F_GAME)
		end_game(y, rec);
	else if (f->kind == F_MOVE)
		end_move(y, rec);
	else if (f->kind == F_VARS || f->kind == F_VAR)
		end_variations(y, rec, f);
	y->depth--;
	if (!ends)
		return S_GO;
	y->ingame = 0;
	return S_RECORD;
}

/*
 * A node: refused if it is an alias, has an anchor or an unknown tag;
 * else handled for its place.  In a mapping, keys and values
 * alternate.
 */
static enum step
node(struct yaml_reader *y, struct qttt_record *rec, const yaml_event_t *ev)
{
	struct frame	*f = top(y);
	struct ypos	 at = mark_pos(y, &ev->start_mark);
	const yaml_char_t *anchor = NULL, *tag = NULL;
	const char	*kind = "str";
	char		 b[SHOWN];
	enum step	 step;
	int		 coll, outside;

	coll = ev->type == YAML_SEQUENCE_START_EVENT ||
	    ev->type == YAML_MAPPING_START_EVENT;
	if (y->cur_byte > y->span_from) {
		y->span_from = y->span_counted = y->cur_byte;
		y->span_content = 0;
		y->span_all = y->span_plain = 0;
	}
	if (f != NULL && f->kind == F_SKIP)
		return coll ? push(y, rec, F_SKIP, at) : S_GO;
	if (ev->type == YAML_SCALAR_EVENT) {
		anchor = ev->data.scalar.anchor;
		tag = ev->data.scalar.tag;
	} else if (ev->type == YAML_SEQUENCE_START_EVENT) {
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		kind = "seq";
	} else if (ev->type == YAML_MAPPING_START_EVENT) {
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		kind = "map";
	}
	if (ev->type == YAML_ALIAS_EVENT || anchor != NULL ||
	    !known_tag(tag, kind)) {
		outside = f == NULL || f->kind == F_GAMES;
		if (outside)
			begin_record(y, rec, at);
		if (ev->type == YAML_ALIAS_EVENT)
			yerror(rec, at, "aliases (*%.32s) are not allowed",
			    (const char *)ev->data.alias.anchor);
		else if (anchor != NULL)
			yerror(rec, at, "anchors (&%.32s) are not allowed",
			    (const char *)anchor);
		else
			yerror(rec, at, "unknown tag '%s': the format "
			    "knows only !!str, !!seq and !!map",
			    shown((const char *)tag, strlen((const char *)tag),
			    b));
		if (!outside) {
			reject(y, rec, f);
			step = coll ? push(y, rec, F_SKIP, at) : S_GO;
		} else
			step = coll ? skip_entry(y, rec, at) : S_RECORD;
	} else if (ev->type == YAML_SCALAR_EVENT)
		step = scalar(y, rec, ev, f, at);
	else
		step = collection(y, rec, ev, f, at);
	if (f != NULL && (f->kind == F_GAME || f->kind == F_MOVE))
		f->value = !f->value;
	return step;
}

/*
 * The libyaml errors that the usual mistakes give, said in the
 * format's terms: a plain '*' (an alias: the unfinished result is
 * written '*'), a list entry out of line with the entries before it,
 * a key too long for YAML.  Returns 1 if it reported the error.
 */
static int
explain_error(struct yaml_reader *y, struct qttt_record *rec,
    struct ypos at)
{
	const yaml_parser_t *p = &y->parser;
	const char	*ctx = p->context != NULL ? p->context : "";
	unsigned long	 col;

	if (strcmp(ctx, "while scanning an alias") == 0) {
		yerror(rec, mark_pos(y, &p->context_mark), "a plain '*' "
		    "starts an alias in YAML: an unfinished game's result is "
		    "written quoted, result: '*'");
		return 1;
	}
	if (strcmp(ctx, "while scanning a simple key") == 0 &&
	    p->problem_mark.index - p->context_mark.index > 1024) {
		long_key(rec, mark_pos(y, &p->context_mark));
		return 1;
	}
	if (p->problem != NULL &&
	    strcmp(p->problem, "did not find expected key") == 0 &&
	    first_char(y, at.line, &col) == '-') {
		at.col = col;
		yerror(rec, at, "this list entry is indented less than the "
		    "entries before it: the entries of a list start in one "
		    "column");
		return 1;
	}
	return 0;
}

/* A libyaml error: the rest of the document cannot be read. */
static void
parse_error(struct yaml_reader *y, struct qttt_record *rec)
{
	const yaml_parser_t *p = &y->parser;
	struct ypos	 at, ctx;
	size_t		 off;

	if (p->error == YAML_READER_ERROR) {
		/* Bytes are checked first, so this is unusual. */
		off = p->problem_offset < y->doclen ? p->problem_offset : 0;
		if (y->span_long)
			off = y->span_from;
		at.line = y->docline;
		at.col = 0;
		while (at.line < y->docline + y->doclen &&
		    line_offset(y, at.line + 1) <= off &&
		    line_offset(y, at.line + 1) < y->doclen)
			at.line++;
		at.col = off - line_offset(y, at.line);
	} else
		at = mark_pos(y, &p->problem_mark);
	if (!y->ingame)
		begin_record(y, rec, at);
	if (y->span_long)
		yerror(rec, at, "more than %d bytes without a new node: "
		    "a scalar longer than %d", SPAN_MAX, QTTT_YAML_SCALAR_MAX);
	else if (p->error == YAML_MEMORY_ERROR)
		yerror(rec, at, "out of memory");
	else if (explain_error(y, rec, at))
		;
	else if (p->context != NULL) {
		ctx = mark_pos(y, &p->context_mark);
		yerror(rec, at, "%s (%s on line %lu)",
		    p->problem != NULL ? p->problem : "syntax error",
		    p->context, ctx.line + 1);
	} else
		yerror(rec, at, "%s", p->problem != NULL ? p->problem :
		    "syntax error");
	y->ingame = 0;
}

/*
 * JSON allows no comma before a ']' or a '}', which YAML's flow
 * collections do: a JSON document is held to JSON, as jq holds it.
 */
static void
trailing_comma(struct yaml_reader *y, struct qttt_record *rec,
    const yaml_event_t *ev)
{
	struct ypos	 at = mark_pos(y, &ev->start_mark);
	size_t		 i = y->cur_byte, k;

	if (i >= y->doclen || (y->doc[i] != ']' && y->doc[i] != '}'))
		return;		/* a block collection ends nowhere */
	while (i > 0 && (is_blank((unsigned char)y->doc[i - 1]) ||
	    y->doc[i - 1] == '\n'))
		if (y->doc[--i] == '\n')
			at.line--;
	if (i == 0 || y->doc[i - 1] != ',')
		return;
	for (k = --i; k > 0 && y->doc[k - 1] != '\n'; k--)
		continue;
	at.col = i - k;
	if (!y->ingame)
		begin_record(y, rec, at);
	yerror(rec, at, "a comma before '%c': JSON allows none there",
	    ev->type == YAML_SEQUENCE_END_EVENT ? ']' : '}');
}

/*
 * The event loop: reads events until a record is ready or the
 * document ends.  Returns 1 for a record, 0 when the document is done.
 */
static int
parse_document(struct yaml_reader *y, struct qttt_record *rec)
{
	yaml_event_t	 ev;
	enum step	 step = S_GO;

	while (step == S_GO) {
		if (!yaml_parser_parse(&y->parser, &ev)) {
			parse_error(y, rec);
			step = S_STOP;
			break;
		}
		switch (ev.type) {
		case YAML_SCALAR_EVENT:
		case YAML_ALIAS_EVENT:
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			step = node(y, rec, &ev);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			if (y->json)
				trailing_comma(y, rec, &ev);
			step = collection_end(y, rec);
			break;
		case YAML_STREAM_END_EVENT:
			step = S_END;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	if (step == S_STOP)
		vars_read(y, rec);
	if (step == S_STOP || step == S_END) {
		yaml_parser_delete(&y->parser);
		y->parsing = 0;
		y->ingame = 0;
	}
	return step != S_END;
}

/*
 * Whether the text of a node's line (from the node on) leaves a scalar
 * open that comment-like lines go on: a quote not closed, or a block
 * scalar's indicator at the end.  (An apostrophe in a plain scalar
 * counts too: only a stretch of SPAN_MAX bytes of comments after it
 * would be refused.)
 */
static int
opens_scalar(const char *s, size_t n)
{
	size_t	 i, dq = 0, sq = 0, end = n;

	for (i = 0; i < n; i++) {
		if (s[i] == '"' && (i == 0 || s[i - 1] != '\\'))
			dq++;
		else if (s[i] == '\'')
			sq++;
		else if (s[i] == '#' && i > 0 && is_blank((unsigned char)s[i - 1]) &&
		    dq % 2 == 0 && sq % 2 == 0 && end == n)
			end = i;
	}
	if (dq % 2 == 1 || sq % 2 == 1)
		return 1;
	while (end > 0 && (is_blank((unsigned char)s[end - 1]) ||
	    s[end - 1] == '\r' || s[end - 1] == '\n'))
		end--;
	/* |, >, then at most an indentation digit and a chomping sign */
	for (i = 0; i < 2 && end > 0 && (s[end - 1] == '+' ||
	    s[end - 1] == '-' || (s[end - 1] >= '0' && s[end - 1] <= '9'));
	    i++)
		end--;
	return end > 0 && (s[end - 1] == '|' || s[end - 1] == '>');
}

/*
 * Whether a line (from the node on) ends in a plain scalar, which the
 * blank lines after it may go on: libyaml holds them while it looks
 * for more of the scalar.  Not after a collection, a quoted scalar, a
 * ',', a key or entry with no value yet, or a comment line.
 */
static int
ends_plain(const char *s, size_t n)
{
	size_t	 i, end = n;

	for (i = 0; i < n; i++)
		if (s[i] == '#' && (i == 0 || is_blank((unsigned char)s[i - 1]))) {
			end = i;
			break;
		}
	while (end > 0 && (is_blank((unsigned char)s[end - 1]) ||
	    s[end - 1] == '\r' || s[end - 1] == '\n'))
		end--;
	if (end == 0 || strchr("]}\"',:", s[end - 1]) != NULL)
		return 0;
	/* "-" or "?" alone: an entry, its value to come. */
	for (i = 0; i < end && is_blank((unsigned char)s[i]); i++)
		continue;
	return !(end - i == 1 && (s[i] == '-' || s[i] == '?'));
}

/*
 * Counts the bytes from the last node up to the last line break before
 * `to` that may be a scalar's: all of them after a quote or a block
 * scalar's indicator left open on the node's line; else those not on
 * comment lines (which end a plain scalar), and of blank lines those
 * after a line that ends in a plain scalar (they may be its).
 */
static void
count_span(struct yaml_reader *y, size_t to)
{
	const char	*s = y->doc, *nl;
	size_t		 i = y->span_counted, end, k;

	while (to > i && s[to - 1] != '\n')
		to--;
	for (; i < to; i = end) {
		nl = memchr(s + i, '\n', to - i);
		end = nl - s + 1;
		if (i == y->span_from) {
			y->span_all = opens_scalar(s + i, end - i);
			y->span_plain = ends_plain(s + i, end - i);
		} else if (!y->span_all) {
			for (k = i; k < end && is_blank((unsigned char)s[k]);
			    k++)
				continue;
			if (s[k] == '#') {
				y->span_plain = 0;
				continue;
			}
			if ((s[k] == '\n' || s[k] == '\r') && !y->span_plain)
				continue;
			if (s[k] != '\n' && s[k] != '\r')
				y->span_plain = ends_plain(s + i, end - i);
		}
		y->span_content += end - i;
	}
	y->span_counted = to;
}

/* libyaml's input: the document, a piece at a time (see SPAN_MAX). */
static int
feed(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct yaml_reader *y = data;
	size_t		 n = y->doclen - y->fed;

	if (y->fed - y->span_from > SPAN_MAX) {
		count_span(y, y->fed);
		if (y->span_content > SPAN_MAX) {
			y->span_long = 1;
			return 0;
		}
	}
	if (n > size)
		n = size;
	if (n > FEED)
		n = FEED;
	memcpy(buf, y->doc + y->fed, n);
	y->fed += n;
	*got = n;
	return 1;
}

static int
start_parser(struct yaml_reader *y)
{
	if (!yaml_parser_initialize(&y->parser))
		return -1;
	y->fed = y->span_from = y->span_counted = y->span_content = 0;
	y->span_all = y->span_plain = y->span_long = 0;
	yaml_parser_set_input(&y->parser, feed, y);
	yaml_parser_set_encoding(&y->parser, YAML_UTF8_ENCODING);
	y->parsing = 1;
	y->depth = 0;
	y->ingame = 0;
	y->cur_index = y->cur_byte = y->cur_linestart = 0;
	y->cur_line = 0;
	return 0;
}

/*
 * The comment lines around the documents: those before a document's
 * first line of content (from from to to in doc), and those after its
 * last, from the last line that is neither blank nor a comment in
 * column 1 (the lines of a block scalar may look like comments).  The
 * writers put a game's comment lines before its "---".
 */
static void
lead_lines(struct yaml_reader *y, size_t from, size_t to)
{
	const char	*nl;
	size_t		 i;

	for (i = from; i < to; i = nl - y->doc + 1) {
		nl = memchr(y->doc + i, '\n', to - i);
		lead_add(y->r, y->doc + i, nl - (y->doc + i));
	}
}

static void
lead_head(struct yaml_reader *y)
{
	const char	*nl;
	size_t		 i;

	for (i = 0; i < y->doclen; i = nl - y->doc + 1) {
		nl = memchr(y->doc + i, '\n', y->doclen - i);
		if (line_kind(y->doc + i, nl - (y->doc + i)) != L_NOTHING)
			break;
	}
	lead_lines(y, 0, i);
}

static void
lead_tail(struct yaml_reader *y)
{
	const char	*nl, *t;
	size_t		 i, k, n, tail = 0;

	for (i = 0; i < y->doclen; i = nl - y->doc + 1) {
		nl = memchr(y->doc + i, '\n', y->doclen - i);
		t = y->doc + i;
		n = nl - t;
		for (k = 0; k < n && (is_blank((unsigned char)t[k]) ||
		    t[k] == '\r'); k++)
			continue;
		if (k < n && t[0] != '#')
			tail = i + n + 1;
	}
	lead_lines(y, tail, y->doclen);
}

static int
yaml_next(struct qttt_reader *r, struct qttt_record *rec)
{
	struct yaml_reader *y = qttt__notation_reader_state(r);
	int		 k;

	for (;;) {
		if (!y->parsing) {
			if (y->leadgiven) {
				qttt__notation_reader_lead_reset(r);
				y->leadgiven = 0;
			}
			if (y->tailpending) {
				lead_tail(y);
				y->tailpending = 0;
			}
			if ((k = load_document(r, y)) == -2) {
				qttt_record_clear(rec);
				qttt_record_diag(rec, QTTT_E_IO, y->docline,
				    0, "out of memory");
				return -1;
			}
			if (k == 0)
				/* Comment lines after the last document. */
				lead_lines(y, 0, y->doclen);
			if (k != 1)
				return k;
			lead_head(y);
			y->leadnext = y->tailpending = 1;
			if (y->bad) {
				begin_record(y, rec, y->badat);
				qttt_record_diag(rec, y->badcode,
				    y->badat.line, y->badat.col, "%s",
				    y->badmsg);
				rec->damaged = 1;
				return 1;
			}
			if (start_parser(y) == -1) {
				qttt_record_clear(rec);
				qttt_record_diag(rec, QTTT_E_IO, y->docline,
				    0, "out of memory");
				return -1;
			}
		}
		if (parse_document(y, rec))
			return 1;
	}
}

static int
yaml_open(struct qttt_reader *r)
{
	struct yaml_reader *y;

	if ((y = malloc(sizeof(*y))) == NULL)
		return -1;
	memset(y, 0, offsetof(struct yaml_reader, arena_first));
	y->r = r;
	qttt__notation_reader_set_state(r, y);
	return 0;
}

static void
yaml_close(struct qttt_reader *r)
{
	struct yaml_reader *y = qttt__notation_reader_state(r);

	if (y == NULL)
		return;
	if (y->parsing)
		yaml_parser_delete(&y->parser);
	free(y->arena);
	free(y->doc);
	free(y);
	qttt__notation_reader_set_state(r, NULL);
}

/*
 * Whether the first bytes are YAML or JSON: the first line that is not
 * blank or a comment starts a document ("---", "%", "{", "[" but not
 * "[" and a letter, a line-notation tag; a list entry "- ") or is
 * "key:" with a key that is not a mark (which would be the line
 * notation, miswritten).
 */
static int
yaml_sniff(const char *s, size_t n)
{
	size_t	 i = qttt__notation_reader_skip_comments(s, n), j, k;

	if (i == n)
		return 0;
	/*
	 * A line-notation record may start with a tag: [x Alice], or
	 * ["a key" value], where JSON would have ',' or ']' after the
	 * string.
	 */
	if (s[i] == '[') {
		for (j = i + 1; j < n && is_blank((unsigned char)s[j]); j++)
			continue;
		if (j < n && (s[j] | 0x20) >= 'a' && (s[j] | 0x20) <= 'z')
			return 0;
		if (j < n && s[j] == '"') {
			for (j++; j < n && s[j] != '"' && s[j] != '\n'; j++)
				if (s[j] == '\\')
					j++;
			for (k = ++j; j < n && is_blank((unsigned char)s[j]);
			    j++)
				continue;
			if (j < n && s[j] != ',' && (s[j] != ']' || j > k) &&
			    s[j] != '\n' && s[j] != '\r')
				return 0;
		}
	}
	if (s[i] == '%' || s[i] == '{' || s[i] == '[' ||
	    is_marker(s + i, n - i, "---") || is_marker(s + i, n - i, "..."))
		return 1;
	/* A list entry "- ", or a complex key "? ". */
	if ((s[i] == '-' || s[i] == '?') && (i + 1 == n ||
	    is_blank((unsigned char)s[i + 1]) || s[i + 1] == '\n' ||
	    s[i + 1] == '\r'))
		return 1;
	if ((s[i] == 'X' || s[i] == 'O') && i + 1 < n && s[i + 1] >= '0' &&
	    s[i + 1] <= '9')
		return 0;
	if (s[i] == '"' || s[i] == '\'') {
		for (j = i + 1; j < n && s[j] != s[i] && s[j] != '\n'; j++)
			continue;
		if (j == n || s[j] != s[i])
			return 0;
		j++;
	} else {
		for (j = i; j < n && (s[j] == '_' || s[j] == '-' ||
		    (s[j] >= 'a' && s[j] <= 'z') ||
		    (s[j] >= 'A' && s[j] <= 'Z') ||
		    (s[j] >= '0' && s[j] <= '9')); j++)
			continue;
		if (j == i)
			return 0;
	}
	while (j < n && is_blank((unsigned char)s[j]))
		j++;
	return j < n && s[j] == ':' && (j + 1 == n ||
	    is_blank((unsigned char)s[j + 1]) || s[j + 1] == '\n' ||
	    s[j + 1] == '\r');
}

const struct reader_format qttt__notation_yaml_format = {
	QTTT_FORMAT_YAML, yaml_sniff, yaml_next, yaml_open, yaml_close
};
