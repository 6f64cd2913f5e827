/*
 * What a game holds besides its moves (metadata, comments, notes), as
 * the writers take it (struct qttt_extras), filled from a record or by
 * any other producer; and the line notation writer, which keeps them
 * as comment lines (formats/yaml-record.md, "Converting").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"
#include "notation/notation.h"

void
qttt_extras_init(struct qttt_extras *ex)
{
	memset(ex, 0, sizeof(*ex));
}

void
qttt_extras_from_record(struct qttt_extras *ex, const struct qttt_game *g,
    const struct qttt_record *rec)
{
	const struct qttt_item *it;
	size_t		 i, k = 0;

	qttt_extras_init(ex);
	if (rec == NULL)
		return;
	ex->nmeta = rec->nmeta;
	ex->meta = rec->meta;
	ex->comment = rec->comment;
	ex->commentlen = rec->commentlen;
	ex->lead = rec->lead;
	ex->leadlen = rec->leadlen;
	/* The action items are the plies, in order. */
	for (i = 0; i < rec->nitems && k < g->nplies; i++) {
		it = &rec->items[i];
		if (it->kind != QTTT_ITEM_ACTION)
			continue;
		ex->ply[k].comment = it->comment;
		ex->ply[k].commentlen = it->commentlen;
		ex->ply[k].nnotes = it->nnotes;
		ex->ply[k].notes = it->notes;
		k++;
	}
}

const struct qttt_meta *
qttt_extras_meta(const struct qttt_extras *ex, const char *key)
{
	size_t	 i, n = strlen(key);

	for (i = 0; i < ex->nmeta; i++)
		if (ex->meta[i].keylen == n &&
		    memcmp(ex->meta[i].key, key, n) == 0)
			return &ex->meta[i];
	return NULL;
}

static int
is_key(const char *k, size_t n, const char *name)
{
	return strlen(name) == n && memcmp(k, name, n) == 0;
}

static int
leap(int year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int
qttt__notation_date_good(const char *s, size_t n)
{
	static const int days[] = {
		31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	int	 year, month, day;
	size_t	 i;

	if (n != 4 && n != 7 && n != 10)
		return 0;
	for (i = 0; i < n; i++)
		if (i == 4 || i == 7 ? s[i] != '-' : (s[i] < '0' ||
		    s[i] > '9'))
			return 0;
	year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 +
	    (s[3] - '0');
	if (n == 4)
		return 1;
	month = (s[5] - '0') * 10 + (s[6] - '0');
	if (month < 1 || month > 12)
		return 0;
	if (n == 7)
		return 1;
	day = (s[8] - '0') * 10 + (s[9] - '0');
	if (month == 2 && day == 29)
		return leap(year);
	return day >= 1 && day <= days[month - 1];
}

int
qttt__notation_text_good(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k;

	for (i = 0; i < n; i += k) {
		k = 1;
		if (s[i] == '\0' || (s[i] >= 0x80 &&
		    (k = qttt_utf8_len(s + i, n - i)) == 0))
			return 0;
	}
	return 1;
}

/* Checks the entries of a mapping: the metadata, or a ply's notes. */
static int
check_entries(const struct qttt_meta *m, size_t n, const char *what,
    const char *const reserved[2], char *msg, size_t msgsize)
{
	size_t	 i, j;

	for (i = 0; i < n; i++) {
		if (m[i].keylen == 0 || m[i].keylen > QTTT_YAML_KEY_MAX) {
			snprintf(msg, msgsize, "%s key %zu: of %zu bytes (1 to "
			    "%d)", what, i + 1, m[i].keylen, QTTT_YAML_KEY_MAX);
			return -1;
		}
		if (m[i].valuelen > QTTT_YAML_SCALAR_MAX) {
			snprintf(msg, msgsize, "%s '%.*s': a value of %zu "
			    "bytes (at most %d)", what, (int)m[i].keylen,
			    m[i].key, m[i].valuelen, QTTT_YAML_SCALAR_MAX);
			return -1;
		}
		if (!qttt__notation_text_good(m[i].key, m[i].keylen) ||
		    !qttt__notation_text_good(m[i].value, m[i].valuelen)) {
			snprintf(msg, msgsize, "%s key %zu: not valid UTF-8, "
			    "or holds a NUL", what, i + 1);
			return -1;
		}
		if (is_key(m[i].key, m[i].keylen, reserved[0]) ||
		    is_key(m[i].key, m[i].keylen, reserved[1])) {
			snprintf(msg, msgsize, "%s '%.*s': the format's own "
			    "key", what, (int)m[i].keylen, m[i].key);
			return -1;
		}
		for (j = 0; j < i; j++)
			if (m[j].keylen == m[i].keylen &&
			    memcmp(m[j].key, m[i].key, m[i].keylen) == 0) {
				snprintf(msg, msgsize, "%s '%.*s' twice", what,
				    (int)m[i].keylen, m[i].key);
				return -1;
			}
	}
	return 0;
}

static int
check_comment(const char *s, size_t n, const char *what, char *msg,
    size_t msgsize)
{
	if (s == NULL || (n <= QTTT_YAML_SCALAR_MAX &&
	    qttt__notation_text_good(s, n)))
		return 0;
	if (n > QTTT_YAML_SCALAR_MAX)
		snprintf(msg, msgsize, "%s of %zu bytes: longer than %d", what,
		    n, QTTT_YAML_SCALAR_MAX);
	else
		snprintf(msg, msgsize, "%s: not valid UTF-8, or holds a NUL",
		    what);
	return -1;
}

int
qttt_extras_check(const struct qttt_extras *ex, size_t nplies, char *msg,
    size_t n)
{
	static const char *const game_keys[2] = { "moves", "result" };
	static const char *const move_keys[2] = { "move", "comment" };
	const struct qttt_ply_extras *px;
	const struct qttt_meta *m;
	char		 what[48], dummy[1];
	size_t		 i, notes = 0;

	if (msg == NULL) {
		msg = dummy;
		n = sizeof(dummy);
	}
	if (ex->nmeta > QTTT_MAXMETA) {
		snprintf(msg, n, "%zu metadata entries: more than %d",
		    ex->nmeta, QTTT_MAXMETA);
		return -1;
	}
	if ((m = qttt_extras_meta(ex, "date")) != NULL &&
	    !qttt__notation_date_good(m->value, m->valuelen)) {
		/* The readers refuse it: so do the writers. */
		snprintf(msg, n, "the date is not YYYY-MM-DD (or YYYY-MM, or "
		    "YYYY)");
		return -1;
	}
	if (check_entries(ex->meta, ex->nmeta, "metadata", game_keys, msg,
	    n) == -1 ||
	    check_comment(ex->comment, ex->commentlen, "the game comment",
	    msg, n) == -1)
		return -1;
	if (ex->comment != NULL && qttt_extras_meta(ex, "comment") != NULL) {
		snprintf(msg, n, "a game comment and a 'comment' metadata "
		    "entry");
		return -1;
	}
	for (i = 0; i < nplies && i < QTTT_MAXPLIES; i++) {
		px = &ex->ply[i];
		snprintf(what, sizeof(what), "ply %zu: note", i + 1);
		if (check_entries(px->notes, px->nnotes, what, move_keys, msg,
		    n) == -1)
			return -1;
		snprintf(what, sizeof(what), "ply %zu: the comment", i + 1);
		if (check_comment(px->comment, px->commentlen, what, msg,
		    n) == -1)
			return -1;
		notes += px->nnotes;
	}
	if (notes > QTTT_MAXNOTES) {
		snprintf(msg, n, "%zu notes: more than %d", notes,
		    QTTT_MAXNOTES);
		return -1;
	}
	return 0;
}

int
qttt_record_meta(const struct qttt_record *rec, const char *key,
    const char **value, size_t *len)
{
	size_t	 i, n = strlen(key);

	for (i = 0; i < rec->nmeta; i++)
		if (rec->meta[i].keylen == n &&
		    memcmp(rec->meta[i].key, key, n) == 0) {
			*value = rec->meta[i].value;
			*len = rec->meta[i].valuelen;
			return 1;
		}
	return 0;
}

int
qttt_record_extras(const struct qttt_record *rec)
{
	size_t	 i;

	if (rec->nmeta > 0 || rec->comment != NULL)
		return 1;
	for (i = 0; i < rec->nitems; i++)
		if (rec->items[i].comment != NULL || rec->items[i].nnotes > 0)
			return 1;
	return 0;
}

int
qttt__notation_scalar_typed(const char *s, size_t n)
{
	static const char *const words[] = {
		"~", "null", "true", "false", "yes", "no", "on", "off",
		"y", "n", "<<", "="
	};
	size_t	 i, k;

	if (n == 0 || strchr("0123456789+-.", s[0]) != NULL)
		return 1;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (strlen(words[i]) != n)
			continue;
		for (k = 0; k < n; k++)
			if ((s[k] | 0x20) != words[i][k])
				break;
		if (k == n)
			return 1;
	}
	return 0;
}

/*
 * Whether n bytes of text may be written bare in a tag: a key, or a
 * value (value != 0) that may hold blanks between words.  The bytes the
 * line notation refuses, and those that end a bare word, need quotes.
 */
static int
bare_text(const char *str, size_t n, int value)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k;

	if (n == 0)
		return value;
	if (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t')
		return 0;
	for (i = 0; i < n; i += k) {
		k = 1;
		if (s[i] == ' ' || s[i] == '\t') {
			if (!value)
				return 0;
			continue;
		}
		if (s[i] < 0x20 || s[i] == 0x7f || s[i] == '"' ||
		    s[i] == '[' || s[i] == ']' || s[i] == '\\' ||
		    s[i] == '#' || s[i] == ';')
			return 0;
		if (s[i] >= 0x80 && ((k = qttt_utf8_len(s + i, n - i)) == 0 ||
		    qttt__text_utf8_refused(s + i, k) != 0))
			return 0;
	}
	return 1;
}

/*
 * Text in quotes: '\' and '"' escaped, a line break as \n, a tab as
 * \t, and every other byte the line notation refuses (a control
 * character, a byte of invalid UTF-8) as \xHH.
 */
static void
quoted_text(FILE *f, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k;

	putc('"', f);
	for (i = 0; i < n; i++) {
		if (s[i] == '\\' || s[i] == '"') {
			putc('\\', f);
			putc(s[i], f);
		} else if (s[i] == '\n')
			fputs("\\n", f);
		else if (s[i] == '\t')
			fputs("\\t", f);
		else if (s[i] >= 0x20 && s[i] < 0x7f)
			putc(s[i], f);
		else if (s[i] >= 0x80 && (k = qttt_utf8_len(s + i, n - i)) > 0 &&
		    qttt__text_utf8_refused(s + i, k) == 0) {
			fwrite(s + i, 1, k, f);
			i += k - 1;
		} else
			fprintf(f, "\\x%02X", s[i]);
	}
	putc('"', f);
}

/* A tag: " [key value]", bare where it may be, quoted else. */
static void
tag(FILE *f, const char *key, size_t keylen, const char *value,
    size_t valuelen, int plain, const char *before)
{
	/* A bare key starts with a letter, as detection wants it. */
	int	 bare = bare_text(key, keylen, 0) && keylen > 0 &&
		    ((key[0] | 0x20) >= 'a' && (key[0] | 0x20) <= 'z');

	fputs(before, f);
	putc('[', f);
	if (bare)
		fwrite(key, 1, keylen, f);
	else
		quoted_text(f, key, keylen);
	/* ["a key"] would be JSON: a quoted key takes a value. */
	if (plain && valuelen == 0 && bare) {
		putc(']', f);
		return;
	}
	putc(' ', f);
	/*
	 * As YAML writes a value: a string bare unless it looks typed,
	 * or starts with ',', which after a quoted key would make the
	 * line look like JSON (["key", ...]) to format detection.
	 */
	if ((plain || !qttt__notation_scalar_typed(value, valuelen)) &&
	    bare_text(value, valuelen, 1) &&
	    (valuelen == 0 || value[0] != ','))
		fwrite(value, 1, valuelen, f);
	else
		quoted_text(f, value, valuelen);
	putc(']', f);
}

/*
 * A comment that fits after '#': one line of text the line notation
 * allows (no control character but tab, valid UTF-8), not empty, no
 * blank at either end (the reader leaves those out).
 */
static int
tail_comment(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t		 i, k;

	if (n == 0 || s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' ||
	    s[n - 1] == '\t')
		return 0;
	for (i = 0; i < n; i += k) {
		k = 1;
		if (s[i] == '\t' || (s[i] >= 0x20 && s[i] < 0x7f))
			continue;
		if (s[i] < 0x80 || (k = qttt_utf8_len(s + i, n - i)) == 0 ||
		    qttt__text_utf8_refused(s + i, k) != 0)
			return 0;
	}
	return 1;
}

/* Whether a note is a mark that a glyph stands for: "?", "!!" ... */
static int
glyph_note(const struct qttt_meta *m)
{
	static const char *const glyphs[] = {
		"!!", "??", "!?", "?!", "!", "?"
	};
	size_t	 i;

	if (!is_key(m->key, m->keylen, "mark"))
		return 0;
	for (i = 0; i < sizeof(glyphs) / sizeof(glyphs[0]); i++)
		if (is_key(m->value, m->valuelen, glyphs[i]))
			return 1;
	return 0;
}

static int
line_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	static const struct qttt_extras none;
	const struct qttt_ply_extras *px;
	const struct qttt_meta *m, *glyph;
	const char	*tail = NULL, *sep = "";
	size_t		 taillen = 0, i, k;
	char		 item[ACTION_TEXT_MAX + 1];

	if (ex == NULL)
		ex = &none;
	if (ex->lead != NULL)
		fwrite(ex->lead, 1, ex->leadlen, f);
	/*
	 * The game comment goes after the record if it fits there, else
	 * into a tag: so does a "comment" of the metadata.
	 */
	if (ex->comment != NULL && tail_comment(ex->comment, ex->commentlen)) {
		tail = ex->comment;
		taillen = ex->commentlen;
	}
	for (i = 0; i < ex->nmeta; i++) {
		m = &ex->meta[i];
		if (tail == NULL && ex->comment == NULL &&
		    is_key(m->key, m->keylen, "comment") &&
		    tail_comment(m->value, m->valuelen)) {
			tail = m->value;
			taillen = m->valuelen;
			continue;
		}
		tag(f, m->key, m->keylen, m->value, m->valuelen, m->plain, sep);
		sep = " ";
	}
	if (ex->comment != NULL && tail != ex->comment) {
		tag(f, "comment", 7, ex->comment, ex->commentlen, 1, sep);
		sep = " ";
	}
	fputs(sep, f);
	for (i = 0; i < g->nplies; i++) {
		*qttt__engine_action_text(item, &g->plies[i]) = '\0';
		fprintf(f, "%s%s", i > 0 ? "; " : "", item);
		px = &ex->ply[i];
		/* A mark that is a glyph, the last note, as it is read. */
		glyph = px->nnotes > 0 &&
		    glyph_note(&px->notes[px->nnotes - 1]) ?
		    &px->notes[px->nnotes - 1] : NULL;
		if (glyph != NULL)
			fwrite(glyph->value, 1, glyph->valuelen, f);
		if (px->comment != NULL)
			tag(f, "comment", 7, px->comment, px->commentlen, 1,
			    " ");
		for (k = 0; k < px->nnotes; k++)
			if (&px->notes[k] != glyph)
				tag(f, px->notes[k].key, px->notes[k].keylen,
				    px->notes[k].value, px->notes[k].valuelen,
				    px->notes[k].plain, " ");
	}
	if (g->state.result.over) {
		*qttt__engine_result_text(item, &g->state.result) = '\0';
		fprintf(f, "%s%s", i > 0 ? "; " : "", item);
	} else if (i == 0)
		putc('*', f);
	if (tail != NULL) {
		fputs(" # ", f);
		fwrite(tail, 1, taillen, f);
	}
	putc('\n', f);
	return ferror(f) ? -1 : 0;
}

/*
 * Whether the record's line (the last of the len bytes of text, which
 * end in a line feed) reads back without a diagnostic: what a tag
 * cannot hold (a NUL or invalid UTF-8, which no escape writes so that
 * it reads back, an empty key, a key of over QTTT_YAML_KEY_MAX bytes,
 * more than QTTT_TAGTEXT bytes of escaped text, more entries than a
 * record keeps) is refused, not written.  -1 if out of memory.
 */
static int
reads_back(const char *text, size_t len)
{
	struct qttt_record *rec;
	const char	*line;
	int		 ok;

	if (len == 0 || text[len - 1] != '\n')
		return 0;
	for (line = text + len - 1; line > text && line[-1] != '\n'; line--)
		continue;
	if ((rec = malloc(sizeof(*rec))) == NULL)
		return -1;
	ok = qttt_line_parse(line, text + len - 1 - line, 1, rec) == 1 &&
	    rec->ndiags == 0 && rec->ndropped == 0;
	free(rec);
	return ok;
}

/*
 * The record as line_write() writes it, if it reads back: lines the
 * reader takes (QTTT_LINE_MAX), a record line it parses (reads_back).
 * A record without extras is written straight away.
 */
int
qttt_line_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	char		*buf = NULL;
	const char	*p, *nl, *end;
	size_t		 len = 0, i;
	int		 k, notes = 0;
	FILE		*m;

	if (ex != NULL)
		for (i = 0; i < g->nplies && i < QTTT_MAXPLIES; i++)
			notes |= ex->ply[i].nnotes > 0 ||
			    ex->ply[i].comment != NULL;
	if (ex == NULL || (ex->nmeta == 0 && ex->comment == NULL && !notes))
		return line_write(f, g, ex);
	if ((m = open_memstream(&buf, &len)) == NULL)
		return -1;
	k = line_write(m, g, ex);
	if (fclose(m) != 0 || k != 0) {
		free(buf);
		return -1;
	}
	for (p = buf, end = buf + len; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', end - p)) == NULL)
			nl = end;
		if ((size_t)(nl - p) > QTTT_LINE_MAX) {
			free(buf);
			return -2;
		}
	}
	if ((k = reads_back(buf, len)) != 1) {
		free(buf);
		return k == 0 ? -2 : -1;
	}
	k = fwrite(buf, 1, len, f) == len ? 0 : -1;
	free(buf);
	return k;
}
