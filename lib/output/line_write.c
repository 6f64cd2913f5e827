/*
 * The line notation's writer (formats/line-notation.md, section 4):
 * the canonical record of a game on a line, with its extras as tags,
 * glyphs and a comment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"
#include "notation/notation.h"
#include "output/output.h"

static int
is_key(const char *k, size_t n, const char *name)
{
	return strlen(name) == n && memcmp(k, name, n) == 0;
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
		if (s[i] >= 0x80 && ((k = qttt__text_utf8_len(s + i, n - i)) == 0 ||
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
		else if (s[i] >= 0x80 && (k = qttt__text_utf8_len(s + i, n - i)) > 0 &&
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
		if (s[i] < 0x80 || (k = qttt__text_utf8_len(s + i, n - i)) == 0 ||
		    qttt__text_utf8_refused(s + i, k) != 0)
			return 0;
	}
	return 1;
}

/*
 * What an item carries after it: its glyph (a mark that is one, the
 * last note, as it is read), its comment and its other notes, but
 * what strip leaves out (QTTT_STRIP_*).
 */
static void
annotations(FILE *f, const char *comment, size_t commentlen,
    const struct qttt_meta *notes, size_t nnotes, unsigned int strip)
{
	const struct qttt_meta *glyph;
	size_t		 k;

	glyph = nnotes > 0 && qttt__notation_glyph_note(&notes[nnotes - 1]) ?
	    &notes[nnotes - 1] : NULL;
	if (glyph != NULL && !(strip & QTTT_STRIP_GLYPHS))
		fwrite(glyph->value, 1, glyph->valuelen, f);
	if (comment != NULL && !(strip & QTTT_STRIP_COMMENTS))
		tag(f, "comment", 7, comment, commentlen, 1, " ");
	for (k = 0; k < nnotes && !(strip & QTTT_STRIP_TAGS); k++)
		if (&notes[k] != glyph)
			tag(f, notes[k].key, notes[k].keylen, notes[k].value,
			    notes[k].valuelen, notes[k].plain, " ");
}

/*
 * The variations of line v (QTTT_MAINLINE or a variation) at its item
 * at, each in parentheses after a blank, with those inside it.
 */
static void
variations(FILE *f, const struct qttt_extras *ex,
    const struct qttt_action *acts, size_t v, size_t at)
{
	const struct qttt_variation *var;
	const struct qttt_item *it;
	size_t		 j, i;
	char		 item[ACTION_TEXT_MAX + 1];

	for (j = v == QTTT_MAINLINE ? 0 : v + 1; j < ex->nvars; j++) {
		var = &ex->vars[j];
		if (var->parent != v || var->at != at)
			continue;
		fputs(" (", f);
		for (i = 0; i < var->nitems; i++) {
			it = &ex->varitems[var->first + i];
			*qttt__engine_action_text(item,
			    qttt__output_var_action(ex, acts, j, i)) = '\0';
			fprintf(f, "%s%s", i > 0 ? "; " : "", item);
			annotations(f, it->comment, it->commentlen, it->notes,
			    it->nnotes, ex->varstrip);
			variations(f, ex, acts, j, i);
		}
		putc(')', f);
	}
}

static int
line_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	static const struct qttt_extras none;
	const struct qttt_ply_extras *px;
	const struct qttt_meta *m;
	const char	*tail = NULL, *sep = "";
	size_t		 taillen = 0, i;
	char		 item[ACTION_TEXT_MAX + 1];
	struct qttt_action acts[QTTT_MAXVARITEMS];

	if (ex == NULL)
		ex = &none;
	/* The variations' items in canonical form, as the plies are. */
	if (ex->nvars > 0)
		qttt__output_var_actions(g, ex, acts);
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
		annotations(f, px->comment, px->commentlen, px->notes,
		    px->nnotes, 0);
		if (ex->nvars > 0)
			variations(f, ex, acts, QTTT_MAINLINE, i);
	}
	if (qttt__output_result(g, ex)->over) {
		*qttt__engine_result_text(item,
		    qttt__output_result(g, ex)) = '\0';
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
qttt__output_line_write(FILE *f, const struct qttt_game *g,
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
	if (ex == NULL || (ex->nmeta == 0 && ex->comment == NULL && !notes &&
	    ex->nvars == 0))
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
