/*
 * Whether a record is written as its canonical form, as qttt-validate
 * -l asks: what a tidy collection's every record is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "text/text.h"
#include "engine/engine.h"
#include "notation/notation.h"
#include "output/output.h"

int
qttt_record_canonical(const struct qttt_record *rec,
    const struct qttt_game *g)
{
	struct qttt_extras ex;
	struct rules_extras *buf;
	const struct qttt_extras *w;
	char		 canon[QTTT_RECORD_MAX > QTTT_STATE_MAX ?
			    QTTT_RECORD_MAX : QTTT_STATE_MAX];
	char		*line = NULL;
	size_t		 n = 0;
	FILE		*f;
	int		 len, same;

	/* Only the line notation and state strings have a canonical text. */
	if (rec->text == NULL || (rec->format != QTTT_FORMAT_LINE &&
	    rec->format != QTTT_FORMAT_STATE))
		return 1;
	if (rec->textflags != 0)
		return 0;
	if (rec->has_start || (!qttt_record_extras(rec) && rec->nvars == 0 &&
	    g->state.rules == QTTT_RULES_GOFF)) {
		len = rec->has_start ?
		    qttt_state_format(&g->state, canon, sizeof(canon)) :
		    qttt_game_format(g, canon, sizeof(canon));
		return rec->textlen == (size_t)len &&
		    memcmp(rec->text, canon, len) == 0;
	}
	/*
	 * Tags, glyphs, comments and variations: the line as the writer
	 * writes it.
	 */
	qttt_extras_from_record(&ex, g, rec);
	ex.lead = NULL;
	if ((buf = malloc(sizeof(*buf))) == NULL)
		return 1;
	w = qttt__output_rules_extras(g, &ex, buf);
	if ((f = open_memstream(&line, &n)) == NULL) {
		free(buf);
		return 1;
	}
	same = qttt__output_line_write(f, g, w) == 0 && fclose(f) == 0 &&
	    n == rec->textlen + 1 && memcmp(rec->text, line, n - 1) == 0;
	free(line);
	free(buf);
	return same;
}
