/*
 * What a game holds besides its moves (metadata, comments, notes), as
 * the writers take it (struct qttt_extras), filled from a record or by
 * any other producer; and the line notation writer, which keeps them
 * as comment lines (formats/yaml-record.md, "Converting").
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "internal.h"

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

/* Text the YAML reader keeps as it is: valid UTF-8, no NUL. */
static int
good_text(const char *str, size_t n)
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
		if (!good_text(m[i].key, m[i].keylen) ||
		    !good_text(m[i].value, m[i].valuelen)) {
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
	if (s == NULL || (n <= QTTT_YAML_SCALAR_MAX && good_text(s, n)))
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

/*
 * A comment line is kept this short, so that the line notation reader
 * reads it (QTTT_LINE_MAX), with room for what goes before its text.
 */
#define COMMENT_WIDTH	(QTTT_LINE_MAX - QTTT_RECORD_MAX - 16)

/*
 * Text in a comment line: a line break, or a line grown to
 * COMMENT_WIDTH (*col bytes so far), continues the comment on a new
 * "#" line; other control characters, which the line notation
 * refuses, show as '?'.
 */
static void
comment_text(FILE *f, const char *s, size_t n, size_t *col)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t		 i, k;

	for (i = 0; i < n; i += k) {
		k = 1;
		if (u[i] >= 0x80 && (k = qttt_utf8_len(u + i, n - i)) == 0)
			k = 1;
		if (u[i] == '\n' || *col + k > COMMENT_WIDTH) {
			fputs("\n#   ", f);
			*col = 4;
			if (u[i] == '\n')
				continue;
		}
		*col += k;
		if (u[i] == '\t' || (u[i] >= 0x20 && u[i] < 0x7f))
			putc(u[i], f);
		else if (u[i] >= 0x80 && k > 1 &&
		    !(u[i] == 0xc2 && u[i + 1] < 0xa0))
			fwrite(u + i, 1, k, f);
		else {
			putc('?', f);
			*col -= k - 1;
		}
	}
}

/*
 * A value that fits after the record on its line: one line (a final
 * line break, as a YAML literal block has, is left out there).
 */
static int
one_line(const char *s, size_t n)
{
	if (n > 0 && s[n - 1] == '\n')
		n--;
	return memchr(s, '\n', n) == NULL && n <= COMMENT_WIDTH;
}

/* A key and its value on a comment line, after what it is about. */
static void
comment_entry(FILE *f, const struct qttt_meta *m, const char *after,
    size_t col)
{
	comment_text(f, m->key, m->keylen, &col);
	fputs(after, f);
	col += strlen(after);
	if (m->valuelen > 0) {
		putc(' ', f);
		col++;
	}
	comment_text(f, m->value, m->valuelen, &col);
	putc('\n', f);
}

int
qttt_line_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	static const struct qttt_extras none;
	const struct qttt_ply_extras *px;
	const struct qttt_meta *m;
	const char	*tail = NULL;
	size_t		 taillen = 0, i, k, col;
	char		 line[QTTT_RECORD_MAX], item[32];

	if (ex == NULL)
		ex = &none;
	/* A game comment fits after the record if it is one line. */
	if (ex->comment != NULL && one_line(ex->comment, ex->commentlen)) {
		tail = ex->comment;
		taillen = ex->commentlen;
	}
	for (i = 0; i < ex->nmeta; i++) {
		m = &ex->meta[i];
		if (tail == NULL && m->keylen == 7 &&
		    memcmp(m->key, "comment", 7) == 0 &&
		    one_line(m->value, m->valuelen)) {
			tail = m->value;
			taillen = m->valuelen;
			continue;
		}
		fputs("# ", f);
		comment_entry(f, m, ":", 2);
	}
	if (ex->comment != NULL && tail != ex->comment) {
		fputs("# comment: ", f);
		col = 11;
		comment_text(f, ex->comment, ex->commentlen, &col);
		putc('\n', f);
	}
	for (i = 0; i < g->nplies; i++) {
		px = &ex->ply[i];
		if (px->comment == NULL && px->nnotes == 0)
			continue;
		qttt_action_format(&g->plies[i], item, sizeof(item));
		if (px->comment != NULL) {
			fprintf(f, "# %s: ", item);
			col = strlen(item) + 4;
			comment_text(f, px->comment, px->commentlen, &col);
			putc('\n', f);
		}
		for (k = 0; k < px->nnotes; k++) {
			fprintf(f, "# %s [", item);
			comment_entry(f, &px->notes[k], "]:",
			    strlen(item) + 3);
		}
	}
	col = qttt_game_format(g, line, sizeof(line));
	fputs(line, f);
	if (tail != NULL && taillen > 0 && tail[taillen - 1] == '\n')
		taillen--;
	if (tail != NULL && taillen > 0) {
		fputs(" # ", f);
		col += 3;
		comment_text(f, tail, taillen, &col);
	}
	putc('\n', f);
	return ferror(f) ? -1 : 0;
}
