/*
 * Annotated records (formats/analysis-output.md, section 4): a judged
 * game's values, best actions and marks as the notes of its plies, and
 * the best line of each marked ply as a variation, beside what the
 * record had, for any record writer.
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

/*
 * Whether the record already has the best line of ply i: a variation
 * of the main line there with the same actions (an annotated record
 * annotated again).
 */
static int
has_line(const struct qttt_extras *had, size_t i,
    const struct qttt_action *line, size_t n)
{
	const struct qttt_variation *v;
	size_t	 k, m;

	for (k = 0; k < had->nvars; k++) {
		v = &had->vars[k];
		if (v->parent != QTTT_MAINLINE || v->at != i || v->nitems != n)
			continue;
		for (m = 0; m < n && qttt_action_equal(
		    &had->varitems[v->first + m].action, &line[m]); m++)
			continue;
		if (m == n)
			return 1;
	}
	return 0;
}

/* Appends variation k of had to a's, its parent as renumbered. */
static void
copy_var(struct qttt_annotation *a, const struct qttt_extras *had,
    size_t k, size_t renumbered[QTTT_MAXVARS])
{
	struct qttt_variation *v = &a->vars[a->ex.nvars];

	*v = had->vars[k];
	if (v->parent != QTTT_MAINLINE)
		v->parent = renumbered[v->parent];
	v->first = a->nvaritems;
	memcpy(&a->varitems[v->first], &had->varitems[had->vars[k].first],
	    v->nitems * sizeof(a->varitems[0]));
	a->nvaritems += v->nitems;
	renumbered[k] = a->ex.nvars++;
}

/* Appends the n actions of line, the best line of ply i, to a's. */
static void
add_line(struct qttt_annotation *a, size_t i,
    const struct qttt_action *line, size_t n)
{
	struct qttt_variation *v = &a->vars[a->ex.nvars++];
	struct qttt_item *it;
	size_t		 k;

	memset(v, 0, sizeof(*v));
	v->parent = QTTT_MAINLINE;
	v->at = i;
	v->first = a->nvaritems;
	v->nitems = n;
	for (k = 0; k < n; k++) {
		it = &a->varitems[a->nvaritems++];
		memset(it, 0, sizeof(*it));
		it->kind = QTTT_ITEM_ACTION;
		it->action = line[k];
	}
	/* Its value, the value before the ply, on its first item. */
	a->varitems[v->first].notes = &a->linevalue[i];
	a->varitems[v->first].nnotes = 1;
}

/*
 * a's variations: the record's, with at most most best lines added,
 * the first that fit in QTTT_MAXVARS and QTTT_MAXVARITEMS beside the
 * record's.  A line goes after the variations the record had at its
 * ply, before those of later plies, so that they stay in the order the
 * writers take (struct qttt_record).  Sets *added to the lines added;
 * returns the number of best lines the game has that the record did
 * not (an annotated record annotated again has them).
 */
static size_t
merge_lines(struct qttt_annotation *a, const struct qttt_game *g,
    const struct qttt_judged_game *j, const struct qttt_extras *had,
    size_t most, size_t *added)
{
	struct qttt_action line[QTTT_BEST_LINE];
	size_t		 renumbered[QTTT_MAXVARS], i, k, n, items = 0,
			 lines = 0;

	for (k = 0; k < had->nvars; k++)
		items += had->vars[k].nitems;
	a->ex.vars = a->vars;
	a->ex.varitems = a->varitems;
	a->ex.nvars = a->nvaritems = 0;
	*added = 0;
	for (i = k = 0; i < g->nplies && i < j->nplies; i++) {
		while (k < had->nvars && (had->vars[k].parent !=
		    QTTT_MAINLINE || had->vars[k].at <= i))
			copy_var(a, had, k++, renumbered);
		if ((n = qttt_best_line(&j->ply[i], QTTT_BEST_LINE,
		    line)) == 0 || has_line(had, i, line, n))
			continue;
		lines++;
		if (*added < most && had->nvars + *added < QTTT_MAXVARS &&
		    n <= QTTT_MAXVARITEMS - items) {
			add_line(a, i, line, n);
			items += n;
			++*added;
		}
	}
	while (k < had->nvars)
		copy_var(a, had, k++, renumbered);
	return lines;
}

size_t
qttt_annotate(struct qttt_annotation *a, const struct qttt_game *g,
    const struct qttt_judged_game *j, const struct qttt_extras *had)
{
	const struct qttt_ply_extras *hp;
	const struct qttt_judged_ply *p;
	struct qttt_extras none;
	struct qttt_meta *notes;
	size_t		 i, k, n, lines, added;

	if (had == NULL) {
		qttt_extras_init(&none);
		had = &none;
	}
	a->ex = *had;
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
			note(&a->linevalue[i], "value", a->before[i],
			    qttt__output_value_text(a->before[i],
			    g->state.rules, p->before) - a->before[i]);
		}
		a->ex.ply[i].notes = notes;
		a->ex.ply[i].nnotes = n;
	}
	/*
	 * Fewer lines, the last left out first, while the notes and bytes
	 * of the record's limits are passed; a record that passes them
	 * with no line is the writer's to refuse, as it was before.
	 */
	for (n = QTTT_MAXPLIES; ; n = added - 1) {
		lines = merge_lines(a, g, j, had, n, &added);
		if (added == 0 || qttt_extras_check(&a->ex, g->nplies, NULL,
		    0) == 0)
			return lines - added;
	}
}
