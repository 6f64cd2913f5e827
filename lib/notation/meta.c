/*
 * What a record holds besides its moves (metadata and comments), for
 * the writers; and the line notation writer, which keeps them as
 * comment lines (formats/yaml-record.md, "Converting").
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "internal.h"

void
qttt_ply_comments(const struct qttt_game *g, const struct qttt_record *rec,
    const char *comment[QTTT_MAXPLIES], size_t len[QTTT_MAXPLIES])
{
	size_t	 i, k = 0;

	for (i = 0; i < QTTT_MAXPLIES; i++) {
		comment[i] = NULL;
		len[i] = 0;
	}
	for (i = 0; rec != NULL && i < rec->nitems && k < g->nplies; i++) {
		if (rec->items[i].kind != QTTT_ITEM_ACTION)
			continue;
		comment[k] = rec->items[i].comment;
		len[k] = rec->items[i].commentlen;
		k++;
	}
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
		if (rec->items[i].comment != NULL)
			return 1;
	return 0;
}

/*
 * Text in a comment line: a line break continues the comment on a
 * new "#" line; other control characters, which the line notation
 * refuses, show as '?'.
 */
static void
comment_text(FILE *f, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t		 i, k;

	for (i = 0; i < n; i++) {
		if (u[i] == '\n')
			fputs("\n#   ", f);
		else if (u[i] == '\t' || (u[i] >= 0x20 && u[i] < 0x7f))
			putc(u[i], f);
		else if (u[i] >= 0x80 &&
		    (k = qttt_utf8_len(u + i, n - i)) > 0 &&
		    !(u[i] == 0xc2 && u[i + 1] < 0xa0)) {
			fwrite(u + i, 1, k, f);
			i += k - 1;
		} else
			putc('?', f);
	}
}

/* A value that fits after the record on its line. */
static int
one_line(const char *s, size_t n)
{
	return memchr(s, '\n', n) == NULL;
}

int
qttt_line_write(FILE *f, const struct qttt_game *g,
    const struct qttt_record *rec)
{
	const struct qttt_meta *m;
	const char	*comment[QTTT_MAXPLIES], *tail = NULL;
	size_t		 commentlen[QTTT_MAXPLIES], taillen = 0, i;
	char		 line[QTTT_RECORD_MAX], item[32];

	qttt_ply_comments(g, rec, comment, commentlen);
	if (rec != NULL && rec->comment != NULL) {
		tail = rec->comment;
		taillen = rec->commentlen;
	}
	for (i = 0; rec != NULL && i < rec->nmeta; i++) {
		m = &rec->meta[i];
		if (tail == NULL && m->keylen == 7 &&
		    memcmp(m->key, "comment", 7) == 0 &&
		    one_line(m->value, m->valuelen)) {
			tail = m->value;
			taillen = m->valuelen;
			continue;
		}
		fputs("# ", f);
		comment_text(f, m->key, m->keylen);
		fputs(":", f);
		if (m->valuelen > 0)
			putc(' ', f);
		comment_text(f, m->value, m->valuelen);
		putc('\n', f);
	}
	for (i = 0; i < g->nplies; i++) {
		if (comment[i] == NULL)
			continue;
		qttt_action_format(&g->plies[i], item, sizeof(item));
		fprintf(f, "# %s: ", item);
		comment_text(f, comment[i], commentlen[i]);
		putc('\n', f);
	}
	qttt_game_format(g, line, sizeof(line));
	fputs(line, f);
	if (tail != NULL && taillen > 0) {
		fputs(" # ", f);
		comment_text(f, tail, taillen);
	}
	putc('\n', f);
	return ferror(f) ? -1 : 0;
}
