/*
 * What is written of a game selected, as qttt-select writes it: the
 * record as read where no writer need touch it, else the game trimmed
 * (or alone, in its canonical orientation) by a record writer, with
 * each variation after it as a game of its own if asked.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "collection/collection.h"

/* The source text of a record as read, with its line end. */
static int
write_text(FILE *f, const struct qttt_record *rec)
{
	if (qttt_record_format(rec) == QTTT_FORMAT_YAML &&
	    fputs("---\n", f) == EOF)
		return -1;
	if (fwrite(rec->text, 1, rec->textlen, f) != rec->textlen)
		return -1;
	if (rec->format == QTTT_FORMAT_YAML)
		return 0;
	if (rec->textflags & QTTT_TEXT_CRLF)
		return fputs("\r\n", f) == EOF ? -1 : 0;
	return putc('\n', f) == EOF ? -1 : 0;
}

/*
 * Whether a game is written as it was read: no writer holds an invalid
 * game or a position.
 */
static int
as_read(const struct qttt_select_write *o, const struct qttt_record *rec,
    int valid)
{
	return !valid || rec->has_start || (o->to == QTTT_FORMAT_AUTO &&
	    !o->canonical && o->strip == 0 && o->plies == QTTT_TRIM_ALL &&
	    rec->format != QTTT_FORMAT_YAML);
}

enum qttt_format
qttt_select_format(const struct qttt_select_write *o,
    const struct qttt_record *rec, int valid)
{
	if (o->to != QTTT_FORMAT_AUTO && !as_read(o, rec, valid))
		return o->to;
	return qttt_record_format(rec);
}

/*
 * Writes line v of a valid record as a game on f in format to: its
 * main line (QTTT_MAINLINE, game as played) or a variation.  Returns
 * as qttt_select_write().
 */
static int
write_line(const struct qttt_select_write *o, FILE *f,
    const struct qttt_record *rec, const struct qttt_game *game, size_t v,
    enum qttt_format to, struct qttt_diag *d)
{
	struct qttt_game g;
	struct qttt_meta notes[QTTT_MAXNOTES];
	struct qttt_extras ex;

	g = *game;
	if (v != QTTT_MAINLINE && qttt_record_var_game(rec, v, &g) == -1) {
		qttt__collection_error(d, QTTT_E_UNWRITABLE, 0,
		    "variation %zu is no game", v + 1);
		return -2;
	}
	if (o->canonical) {
		/* The game alone: its comments may name squares it moves. */
		qttt_extras_init(&ex);
		qttt_game_trim(&g, NULL, o->plies, 0, NULL);
		qttt_game_symcanon(&g, &g);
	} else {
		qttt_extras_from_line(&ex, &g, rec, v);
		/* The comment lines go with no game selected. */
		ex.lead = NULL;
		ex.leadlen = 0;
		qttt_game_trim(&g, &ex, o->plies, o->strip, notes);
	}
	return qttt_record_write(f, to, &g, &ex, d);
}

int
qttt_select_write(FILE *f, const struct qttt_select_write *o,
    const struct qttt_record *rec, const struct qttt_game *game, int valid,
    struct qttt_diag *d)
{
	enum qttt_format to = qttt_select_format(o, rec, valid);
	size_t		 v;
	int		 k;

	if (as_read(o, rec, valid)) {
		if (rec->text != NULL)
			return write_text(f, rec);
		qttt__collection_error(d, QTTT_E_UNWRITABLE, 0,
		    "no text to write");
		return -2;
	}
	k = write_line(o, f, rec, game, QTTT_MAINLINE, to, d);
	for (v = 0; k == 0 && o->splitvars && v < rec->nvars; v++)
		k = write_line(o, f, rec, game, v, to, d);
	return k;
}
