/*
 * Diagnostics shown: as compilers show them, for people,
 *
 *	file:line:col: error: message [code]
 *	the source line
 *	       ^
 *
 * or on one line each, for editors' lists of errors;
 * with text that is safe on a terminal and columns as a terminal shows
 * them; or as JSON Lines, one object per diagnostic.  The tools choose
 * the stream, the style and the exit status; what is written is made
 * here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "collection/collection.h"
#include "text/text.h"
#include "output/output.h"

/*
 * A source line is shown whole up to SHOW_WHOLE bytes (longer than any
 * valid record), else as EXCERPT bytes around the caret.
 */
#define SHOW_WHOLE	256
#define EXCERPT		100
/* Tab stops, for columns and carets: every 8 columns, as GCC's. */
#define TABSTOP		8

static const char *
severity_name(enum qttt_severity s)
{
	return s == QTTT_WARNING ? "warning" : s == QTTT_NOTE ? "note" :
	    "error";
}

/*
 * Whether a character is safe to show on a terminal: not a control
 * character (C0, DEL, C1), and not one of the invisible characters
 * that reorder or hide text (bidirectional controls, zero-width
 * characters, the byte-order mark), and not a noncharacter (U+FFFE,
 * U+FFFF).
 */
static int
visible(unsigned long cp)
{
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return 0;
	if (cp == 0x61c || (cp >= 0x200b && cp <= 0x200f) ||
	    (cp >= 0x2028 && cp <= 0x202e) ||
	    (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff ||
	    (cp >= 0xfff9 && cp <= 0xfffb) || cp == 0xfffe || cp == 0xffff)
		return 0;
	return 1;
}

/*
 * How many columns a visible character takes on a terminal: none for a
 * combining mark, two for an East Asian wide or full-width character
 * (and the emoji shown so), one for the rest.  Not every range of
 * Unicode, but those a record or a file name is likely to hold.
 */
static int
char_width(unsigned long cp)
{
	static const unsigned long zero[][2] = {
		{ 0x300, 0x36f }, { 0x483, 0x489 }, { 0x591, 0x5bd },
		{ 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x20d0, 0x20ff },
		{ 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f }
	};
	static const unsigned long wide[][2] = {
		{ 0x1100, 0x115f }, { 0x2e80, 0x303e }, { 0x3041, 0x33ff },
		{ 0x3400, 0x4dbf }, { 0x4e00, 0x9fff }, { 0xa000, 0xa4cf },
		{ 0xac00, 0xd7a3 }, { 0xf900, 0xfaff }, { 0xfe30, 0xfe4f },
		{ 0xff00, 0xff60 }, { 0xffe0, 0xffe6 }, { 0x1f300, 0x1f64f },
		{ 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd },
		{ 0x30000, 0x3fffd }
	};
	size_t	 i;

	if (cp < 0x300)
		return 1;
	for (i = 0; i < sizeof(zero) / sizeof(zero[0]); i++)
		if (cp >= zero[i][0] && cp <= zero[i][1])
			return 0;
	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
		if (cp >= wide[i][0] && cp <= wide[i][1])
			return 2;
	return 1;
}

/*
 * The character at s[i] (i < len): returns its length in bytes, sets
 * *shown if it may be printed as it is, and *width to the columns it
 * takes as shown (a tab: 0, its caller knows where the stop is).  An
 * invalid UTF-8 byte is a character of one byte that is not shown; a
 * character not shown is one '?'.
 */
static size_t
char_at(const unsigned char *s, size_t len, size_t i, int *shown,
    int *width)
{
	unsigned long	 cp;
	size_t		 k, j;

	*width = 1;
	if (s[i] < 0x80) {
		*shown = s[i] == '\t' || visible(s[i]);
		if (s[i] == '\t')
			*width = 0;
		return 1;
	}
	if ((k = qttt__text_utf8_len(s + i, len - i)) == 0) {
		*shown = 0;
		return 1;
	}
	cp = s[i] & (0x7f >> k);
	for (j = 1; j < k; j++)
		cp = cp << 6 | (s[i + j] & 0x3f);
	if ((*shown = visible(cp)))
		*width = char_width(cp);
	return k;
}

/* The column a character of width w (0: a tab) moves col to. */
static unsigned long
advance(unsigned long col, int w)
{
	return w == 0 ? (col / TABSTOP + 1) * TABSTOP : col + w;
}

/*
 * Writes len bytes of text, each character that is not safe to show
 * (see visible(); invalid UTF-8 too) as one '?'.
 */
static void
put_text(FILE *f, const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t		 i, k;
	int		 shown, w;

	for (i = 0; i < len; i += k) {
		k = char_at(s, len, i, &shown, &w);
		if (shown)
			fwrite(s + i, 1, k, f);
		else
			putc('?', f);
	}
}

int
qttt_name_write(FILE *f, const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t		 len = strlen(name), i, j, k;
	int		 shown, w;

	for (i = 0; i < len; i += k) {
		k = char_at(s, len, i, &shown, &w);
		if (shown && s[i] != '\t')
			fwrite(s + i, 1, k, f);
		else if (s[i] == '\n')
			fputs("\\n", f);
		else if (s[i] == '\t')
			fputs("\\t", f);
		else if (s[i] == '\r')
			fputs("\\r", f);
		else
			for (j = 0; j < k; j++)
				fprintf(f, "\\x%02x", s[i + j]);
	}
	return ferror(f) ? -1 : 0;
}

/*
 * The column of byte col of a line (0-based, either): the display
 * column, where each character takes the columns it takes on a
 * terminal as the diagnostic shows it (a tab moves to the next tab
 * stop), or col itself if columns count bytes.
 */
static unsigned long
display_column(const char *text, size_t len, unsigned long col,
    const struct qttt_diag_style *st)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned long	 c = 0;
	size_t		 i, k;
	int		 shown, w;

	if (st != NULL && st->byte_columns)
		return col;
	for (i = 0; i < len && i < col; i += k) {
		k = char_at(s, len, i, &shown, &w);
		c = advance(c, w);
	}
	return i < col ? c + (col - i) : c;
}

/*
 * Shows the source line and a caret under byte col: as many columns
 * before it as the characters before it take, tabs copied to the
 * caret line so that it lines up.  A long line is cut to about EXCERPT
 * bytes around col, on character boundaries, with "..." where it was
 * cut; more says that the line goes on beyond text (an over-long
 * line).
 */
static void
show_source(FILE *f, const char *text, size_t len, unsigned long col,
    int more)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t		 from = 0, to = len, i, k;
	int		 shown, w;

	if (col > len)
		col = len;
	if (len > SHOW_WHOLE) {
		from = col > EXCERPT / 2 ? col - EXCERPT / 2 : 0;
		to = from + EXCERPT < len ? from + EXCERPT : len;
		/* A character has at most three continuation bytes. */
		for (k = 0; k < 3 && from > 0 && (s[from] & 0xc0) == 0x80; k++)
			from--;
		for (k = 0; k < 3 && to < len && (s[to] & 0xc0) == 0x80; k++)
			to++;
	}
	fputs(from > 0 ? "..." : "", f);
	put_text(f, text + from, to - from);
	fputs(to < len || more ? "...\n" : "\n", f);
	fputs(from > 0 ? "   " : "", f);
	for (i = from; i < col; i += k) {
		k = char_at(s, len, i, &shown, &w);
		if (w == 0)
			putc('\t', f);
		else
			fputs(w == 2 ? "  " : w == 1 ? " " : "", f);
	}
	fputs("^\n", f);
}

/*
 * The source text of input line `line` in a record: its text starts
 * at its first line and may run over several (YAML and JSON).
 * Returns 0 if the record has no text for that line.
 */
static int
source_line(const struct qttt_record *rec, unsigned long line,
    const char **text, size_t *len)
{
	const char	*p, *end, *nl;
	unsigned long	 k;

	if (rec == NULL || rec->text == NULL || line < rec->line)
		return 0;
	p = rec->text;
	end = p + rec->textlen;
	for (k = rec->line; k < line; k++) {
		if ((nl = memchr(p, '\n', end - p)) == NULL || nl + 1 == end)
			return 0;
		p = nl + 1;
	}
	nl = memchr(p, '\n', end - p);
	*text = p;
	*len = (nl != NULL ? nl : end) - p;
	return 1;
}

/* The 0-based column of a diagnostic, as shown (see display_column). */
static unsigned long
diag_column(const struct qttt_record *rec, const struct qttt_diag *d,
    const struct qttt_diag_style *st)
{
	const char	*text;
	size_t		 len;

	if (!source_line(rec, d->line, &text, &len))
		return d->col;
	return display_column(text, len, d->col, st);
}

static void
diag_text(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d, const struct qttt_diag_style *st)
{
	const char	*text;
	size_t		 len;

	qttt_name_write(f, file);
	fprintf(f, ":%lu:%lu: %s: ", d->line + 1, diag_column(rec, d, st) + 1,
	    severity_name(d->severity));
	put_text(f, d->msg, strlen(d->msg));
	fprintf(f, " [%s]\n", qttt_code_name(d->code));
	if ((st == NULL || !st->one_line) &&
	    source_line(rec, d->line, &text, &len))
		show_source(f, text, len, d->col,
		    d->code == QTTT_E_LONGLINE);
}

static void
diag_json(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d, const struct qttt_diag_style *st)
{
	fputs("{\"file\":", f);
	qttt_json_string(f, file, strlen(file));
	if (rec != NULL)
		fprintf(f, ",\"game\":%lu", rec->index);
	else
		fputs(",\"game\":null", f);
	fprintf(f, ",\"line\":%lu,\"column\":%lu,\"byte_column\":%lu,"
	    "\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
	    d->line + 1, diag_column(rec, d, st) + 1, d->col + 1,
	    severity_name(d->severity), qttt_code_name(d->code));
	qttt_json_string(f, d->msg, strlen(d->msg));
	fputs("}\n", f);
}

int
qttt_diag_write(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag *d, const struct qttt_diag_style *st)
{
	FILE		*m;
	char		*buf = NULL;
	size_t		 size;
	int		 failed = 0;

	if (st != NULL && st->json) {
		diag_json(f, file, rec, d, st);
		return ferror(f) ? -1 : 0;
	}
	/*
	 * stderr is unbuffered, and the excerpt goes out a character at
	 * a time: compose the diagnostic first and write it at once, or
	 * a file of noise costs a system call per byte.
	 */
	if ((m = open_memstream(&buf, &size)) == NULL)
		m = f;
	diag_text(m, file, rec, d, st);
	if (m != f) {
		if (fclose(m) == 0)
			failed = fwrite(buf, 1, size, f) != size;
		free(buf);
	}
	return failed || ferror(f) ? -1 : 0;
}

int
qttt_note_write(FILE *f, const char *file, const struct qttt_record *rec,
    const char *msg, const struct qttt_diag_style *st)
{
	if (st == NULL || !st->json) {
		qttt_name_write(f, file);
		fprintf(f, ":%lu: note: %s\n", rec->line + 1, msg);
		return ferror(f) ? -1 : 0;
	}
	fputs("{\"file\":", f);
	qttt_json_string(f, file, strlen(file));
	fprintf(f, ",\"game\":%lu,\"line\":%lu,\"column\":null,"
	    "\"byte_column\":null,\"severity\":\"note\",\"code\":null,"
	    "\"message\":", rec->index, rec->line + 1);
	qttt_json_string(f, msg, strlen(msg));
	fputs("}\n", f);
	return ferror(f) ? -1 : 0;
}

size_t
qttt_diags_write(FILE *f, const char *file, const struct qttt_record *rec,
    const struct qttt_diag_style *st)
{
	const struct qttt_diag *d;
	char		 msg[64];
	size_t		 i, n = 0;

	for (i = 0; i < rec->ndiags; i++) {
		d = &rec->diags[i];
		if (st != NULL && st->off != NULL &&
		    (unsigned)d->code < QTTT__NCODES && st->off[d->code])
			continue;
		n++;
		qttt_diag_write(f, file, rec, d, st);
	}
	if (rec->ndropped > 0) {
		snprintf(msg, sizeof(msg), "%zu more %s in this game not "
		    "shown", rec->ndropped, rec->ndropped == 1 ? "problem" :
		    "problems");
		qttt_note_write(f, file, rec, msg, st);
	}
	return n + rec->ndropped;
}

int
qttt_diag_off_parse(unsigned char off[QTTT__NCODES], const char *list,
    struct qttt_diag *d)
{
	const char	*start = list, *end;
	size_t		 len;
	int		 code;

	for (;;) {
		end = strchr(list, ',');
		len = end != NULL ? (size_t)(end - list) : strlen(list);
		for (code = 0; code < QTTT__NCODES; code++)
			if (strlen(qttt_code_name(code)) == len &&
			    strncmp(qttt_code_name(code), list, len) == 0)
				break;
		/* An error turned off would pass an invalid game. */
		if (code == QTTT__NCODES ||
		    qttt_code_severity(code) == QTTT_ERROR)
			return qttt__collection_error(d, QTTT_E_SYNTAX,
			    (size_t)(list - start), "%s: %.*s",
			    code == QTTT__NCODES ? "no such code" :
			    "an error cannot be turned off", (int)len, list);
		off[code] = 1;
		if (end == NULL)
			return 0;
		list = end + 1;
	}
}
