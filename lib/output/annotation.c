/*
 * Annotated records (formats/analysis-output.md, section 4): a judged
 * game's values, best actions and marks as the notes of its plies,
 * beside what the record had, for any record writer.
 */
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "output/output.h"

/* Whether a note of the record has a key the annotation writes. */
static int
given_way(const struct qttt_meta *m)
{
	return (m->keylen == 5 && memcmp(m->key, "value", 5) == 0) ||
	    (m->keylen == 4 && (memcmp(m->key, "best", 4) == 0 ||
	    memcmp(m->key, "mark", 4) == 0));
}

static void
note(struct qttt_meta *m, const char *key, const char *value, size_t len)
{
	memset(m, 0, sizeof(*m));
	m->key = key;
	m->keylen = strlen(key);
	m->value = value;
	m->valuelen = len;
}

/* The best actions of a ply, separated by ", ", into buf. */
static size_t
best_text(char *buf, const struct qttt_analysis *an)
{
	char	*p = buf;
	size_t	 i;

	for (i = 0; i < an->nbest; i++) {
		if (i > 0) {
			*p++ = ',';
			*p++ = ' ';
		}
		p = qttt__engine_action_text(p, &an->actions[an->best[i]]);
	}
	return p - buf;
}

void
qttt_annotate(struct qttt_annotation *a, const struct qttt_game *g,
    const struct qttt_judged_game *j, const struct qttt_extras *had)
{
	const struct qttt_ply_extras *hp;
	const struct qttt_judged_ply *p;
	struct qttt_meta *notes;
	size_t		 i, k, n;

	if (had != NULL)
		a->ex = *had;
	else
		qttt_extras_init(&a->ex);
	for (i = 0; i < g->nplies && i < j->nplies; i++) {
		p = &j->ply[i];
		hp = &a->ex.ply[i];
		notes = a->notes[i];
		n = 0;
		for (k = 0; k < hp->nnotes && k < QTTT_MAXNOTES; k++)
			if (!given_way(&hp->notes[k]))
				notes[n++] = hp->notes[k];
		note(&notes[n++], "value", a->value[i],
		    qttt__output_value_text(a->value[i],
		    g->state.rules, p->after) -
		    a->value[i]);
		if (p->mark != QTTT_MARK_NONE) {
			note(&notes[n++], "best", a->best[i],
			    best_text(a->best[i], &p->an));
			note(&notes[n++], "mark", qttt_mark_glyph(p->mark),
			    strlen(qttt_mark_glyph(p->mark)));
		}
		a->ex.ply[i].notes = notes;
		a->ex.ply[i].nnotes = n;
	}
}
