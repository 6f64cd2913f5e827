/*
 * Variations: the tree of lines a record holds besides its main line
 * (struct qttt_variation), walked, added to, cut and promoted.  The
 * variations stay in the order they are written (qttt.h, struct
 * qttt_record), which is the order the writers and the rules take.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "notation/notation.h"

const struct qttt_item *
qttt_record_line(const struct qttt_record *rec, size_t v, size_t *n)
{
	if (v == QTTT_MAINLINE) {
		*n = rec->nitems;
		return rec->items;
	}
	if (v >= rec->nvars) {
		*n = 0;
		return NULL;
	}
	*n = rec->vars[v].nitems;
	return rec->varitems + rec->vars[v].first;
}

size_t
qttt_record_var_depth(const struct qttt_record *rec, size_t v)
{
	size_t	 depth = 0;

	for (; v != QTTT_MAINLINE && v < rec->nvars; v = rec->vars[v].parent)
		depth++;
	return depth;
}

/* Whether variation j is inside line v (or is v). */
static int
inside(const struct qttt_record *rec, size_t j, size_t v)
{
	if (v == QTTT_MAINLINE)
		return 1;
	for (; j != QTTT_MAINLINE; j = rec->vars[j].parent)
		if (j == v)
			return 1;
	return 0;
}

/* The index after variation v and every variation inside it. */
static size_t
subtree_end(const struct qttt_record *rec, size_t v)
{
	size_t	 j;

	if (v == QTTT_MAINLINE)
		return rec->nvars;
	for (j = v + 1; j < rec->nvars && inside(rec, j, v); j++)
		continue;
	return j;
}

/* Where the items of the variation at index k start (or would). */
static size_t
items_at(const struct qttt_record *rec, size_t k)
{
	return k < rec->nvars ? rec->vars[k].first : rec->nvaritems;
}

/* Whether item at of line v is an action. */
static int
is_action(const struct qttt_record *rec, size_t v, size_t at)
{
	const struct qttt_item *items;
	size_t	 n;

	if (v != QTTT_MAINLINE && v >= rec->nvars)
		return 0;
	items = qttt_record_line(rec, v, &n);
	return at < n && items[at].kind == QTTT_ITEM_ACTION;
}

int
qttt_record_var_add(struct qttt_record *rec, size_t parent, size_t at,
    const struct qttt_item *items, size_t n, size_t *v)
{
	struct qttt_variation *var;
	size_t	 i, k, first;

	if (!is_action(rec, parent, at) || n == 0 ||
	    rec->nvars == QTTT_MAXVARS ||
	    n > QTTT_MAXVARITEMS - rec->nvaritems ||
	    qttt_record_var_depth(rec, parent) >= QTTT_MAXVARDEPTH)
		return -1;
	for (i = 0; i < n; i++)
		if (items[i].kind != QTTT_ITEM_ACTION)
			return -1;
	/* After the variations of the line that branch at or before at. */
	for (k = parent == QTTT_MAINLINE ? 0 : parent + 1;
	    k < rec->nvars && inside(rec, k, parent) &&
	    (rec->vars[k].parent != parent || rec->vars[k].at <= at);
	    k = subtree_end(rec, k))
		continue;
	first = items_at(rec, k);
	memmove(rec->varitems + first + n, rec->varitems + first,
	    (rec->nvaritems - first) * sizeof(rec->varitems[0]));
	memcpy(rec->varitems + first, items, n * sizeof(items[0]));
	rec->nvaritems += n;
	memmove(rec->vars + k + 1, rec->vars + k,
	    (rec->nvars - k) * sizeof(rec->vars[0]));
	rec->nvars++;
	for (i = k + 1; i < rec->nvars; i++) {
		rec->vars[i].first += n;
		if (rec->vars[i].parent != QTTT_MAINLINE &&
		    rec->vars[i].parent >= k)
			rec->vars[i].parent++;
	}
	var = &rec->vars[k];
	memset(var, 0, sizeof(*var));
	var->parent = parent;
	var->at = at;
	var->first = first;
	var->nitems = n;
	if (v != NULL)
		*v = k;
	return 0;
}

int
qttt_record_var_remove(struct qttt_record *rec, size_t v)
{
	size_t	 e, a, b, i;

	if (v >= rec->nvars)
		return -1;
	e = subtree_end(rec, v);
	a = rec->vars[v].first;
	b = items_at(rec, e);
	memmove(rec->varitems + a, rec->varitems + b,
	    (rec->nvaritems - b) * sizeof(rec->varitems[0]));
	rec->nvaritems -= b - a;
	memmove(rec->vars + v, rec->vars + e,
	    (rec->nvars - e) * sizeof(rec->vars[0]));
	rec->nvars -= e - v;
	for (i = v; i < rec->nvars; i++) {
		rec->vars[i].first -= b - a;
		if (rec->vars[i].parent != QTTT_MAINLINE &&
		    rec->vars[i].parent >= e)
			rec->vars[i].parent -= e - v;
	}
	return 0;
}

/*
 * A promotion rebuilds the variations, in order, from a copy of the
 * old ones: the promoted variation v leaves, its parent p takes its
 * items from at on, and CONT, a variation new at p's item at, takes
 * what p had from there (the items and the variations after at).
 */
#define CONT	QTTT_MAXVARS

struct promotion {
	struct qttt_variation	 vars[QTTT_MAXVARS];
	struct qttt_item	 items[QTTT_MAXVARITEMS];
	struct qttt_item	 main[QTTT_MAXITEMS];
	size_t			 nvars, nvaritems, nmain;
	size_t			 v, p, at;
	struct qttt_item	 line[QTTT_MAXVARITEMS + QTTT_MAXITEMS];
	size_t			 nline;		/* p's new items */
	struct qttt_item	 cont[QTTT_MAXVARITEMS + QTTT_MAXITEMS];
	size_t			 ncont;
	struct qttt_game	 game;		/* the new main line's */
	size_t			 old;		/* CONT's new index */
	int			 full;
};

static void	 emit_children(struct qttt_record *, struct promotion *,
		    size_t from, size_t to, size_t depth);

/* Appends a variation to rec; its index, or QTTT_MAINLINE if full. */
static size_t
put(struct qttt_record *rec, struct promotion *pr, size_t parent,
    size_t at, const struct qttt_item *items, size_t n, size_t depth,
    const struct qttt_variation *was)
{
	struct qttt_variation *var;

	if (pr->full || depth > QTTT_MAXVARDEPTH ||
	    rec->nvars == QTTT_MAXVARS ||
	    n > QTTT_MAXVARITEMS - rec->nvaritems) {
		pr->full = 1;
		return QTTT_MAINLINE;
	}
	var = &rec->vars[rec->nvars];
	memset(var, 0, sizeof(*var));
	if (was != NULL) {
		var->line = was->line;
		var->col = was->col;
	}
	var->parent = parent;
	var->at = at;
	var->first = rec->nvaritems;
	var->nitems = n;
	memcpy(rec->varitems + rec->nvaritems, items, n * sizeof(items[0]));
	rec->nvaritems += n;
	return rec->nvars++;
}

/* Old variation j, now at at of line parent, and those inside it. */
static void
emit(struct qttt_record *rec, struct promotion *pr, size_t j,
    size_t parent, size_t at, size_t depth)
{
	const struct qttt_item *items = pr->items + pr->vars[j].first;
	size_t	 n = pr->vars[j].nitems, k;

	if (j == pr->p) {
		items = pr->line;
		n = pr->nline;
	}
	if ((k = put(rec, pr, parent, at, items, n, depth, &pr->vars[j])) !=
	    QTTT_MAINLINE)
		emit_children(rec, pr, j, k, depth);
}

/* The variations of old line from, as those of new line to. */
static void
emit_children(struct qttt_record *rec, struct promotion *pr, size_t from,
    size_t to, size_t depth)
{
	size_t	 j, k;

	if (from == CONT) {
		for (j = 0; j < pr->nvars; j++)
			if (pr->vars[j].parent == pr->p &&
			    pr->vars[j].at > pr->at)
				emit(rec, pr, j, to, pr->vars[j].at - pr->at,
				    depth + 1);
		return;
	}
	if (from != pr->p) {
		for (j = 0; j < pr->nvars; j++)
			if (pr->vars[j].parent == from)
				emit(rec, pr, j, to, pr->vars[j].at, depth + 1);
		return;
	}
	for (j = 0; j < pr->nvars; j++)
		if (pr->vars[j].parent == from && pr->vars[j].at < pr->at)
			emit(rec, pr, j, to, pr->vars[j].at, depth + 1);
	k = put(rec, pr, to, pr->at, pr->cont, pr->ncont, depth + 1,
	    &pr->vars[pr->v]);
	if (k == QTTT_MAINLINE)
		return;
	pr->old = k;
	emit_children(rec, pr, CONT, k, depth + 1);
	for (j = 0; j < pr->nvars; j++)
		if (pr->vars[j].parent == from && pr->vars[j].at == pr->at &&
		    j != pr->v)
			emit(rec, pr, j, to, pr->at, depth + 1);
	for (j = 0; j < pr->nvars; j++)
		if (pr->vars[j].parent == pr->v)
			emit(rec, pr, j, to, pr->vars[j].at + pr->at,
			    depth + 1);
}

/* A record's variations, their items and its main line's, copied. */
static void
copy_tree(struct qttt_variation *vars, struct qttt_item *items,
    struct qttt_item *main, const struct qttt_variation *from_vars,
    const struct qttt_item *from_items, const struct qttt_item *from_main,
    size_t nvars, size_t nitems, size_t nmain)
{
	memcpy(vars, from_vars, nvars * sizeof(vars[0]));
	memcpy(items, from_items, nitems * sizeof(items[0]));
	memcpy(main, from_main, nmain * sizeof(main[0]));
}

/*
 * The main line changed: a result it states that the new line does
 * not give (nor its termination award) was the old line's, and goes.
 */
static void
drop_result(struct qttt_record *rec, struct qttt_game *g)
{
	const struct qttt_item *last;

	if (rec->nitems == 0 ||
	    (last = &rec->items[rec->nitems - 1])->kind != QTTT_ITEM_RESULT ||
	    qttt_record_var_game(rec, QTTT_MAINLINE, g) == -1)
		return;
	if (!qttt__notation_result_holds(rec, &last->result, &g->state))
		rec->nitems--;
}

int
qttt_record_var_promote(struct qttt_record *rec, size_t v, size_t *old)
{
	struct promotion *pr;
	const struct qttt_item *pl, *vl;
	size_t	 pn, vn, end, result;
	int	 ok;

	if (v >= rec->nvars || (pr = malloc(sizeof(*pr))) == NULL)
		return -1;
	copy_tree(pr->vars, pr->items, pr->main, rec->vars, rec->varitems,
	    rec->items, rec->nvars, rec->nvaritems, rec->nitems);
	pr->nvars = rec->nvars;
	pr->nvaritems = rec->nvaritems;
	pr->nmain = rec->nitems;
	pr->v = v;
	pr->p = rec->vars[v].parent;
	pr->at = rec->vars[v].at;
	pr->full = 0;
	pl = qttt_record_line(rec, pr->p, &pn);
	vl = qttt_record_line(rec, v, &vn);
	/* The main line keeps its result last. */
	end = pn;
	if (pr->p == QTTT_MAINLINE && pn > 0 &&
	    pl[pn - 1].kind == QTTT_ITEM_RESULT)
		end--;
	result = pn - end;
	pr->ncont = end - pr->at;
	memcpy(pr->cont, pl + pr->at, pr->ncont * sizeof(pl[0]));
	memcpy(pr->line, pl, pr->at * sizeof(pl[0]));
	memcpy(pr->line + pr->at, vl, vn * sizeof(vl[0]));
	memcpy(pr->line + pr->at + vn, pl + end, result * sizeof(pl[0]));
	pr->nline = pr->at + vn + result;
	if (pr->p == QTTT_MAINLINE) {
		if (pr->nline > QTTT_MAXITEMS)
			pr->full = 1;
		else {
			memcpy(rec->items, pr->line,
			    pr->nline * sizeof(pr->line[0]));
			rec->nitems = pr->nline;
		}
	}
	rec->nvars = rec->nvaritems = 0;
	if (!pr->full)
		emit_children(rec, pr, QTTT_MAINLINE, QTTT_MAINLINE, 0);
	if ((ok = !pr->full) && old != NULL)
		*old = pr->old;
	if (ok && pr->p == QTTT_MAINLINE)
		drop_result(rec, &pr->game);
	if (!ok) {
		copy_tree(rec->vars, rec->varitems, rec->items, pr->vars,
		    pr->items, pr->main, pr->nvars, pr->nvaritems, pr->nmain);
		rec->nvars = pr->nvars;
		rec->nvaritems = pr->nvaritems;
		rec->nitems = pr->nmain;
	}
	free(pr);
	return ok ? 0 : -1;
}

/* ------------------------------------------------------------------ */
/* Paths                                                                */
/* ------------------------------------------------------------------ */

/* The positions of line v after its start: its items but a result. */
static size_t
positions(const struct qttt_record *rec, size_t v)
{
	const struct qttt_item *items;
	size_t	 n;

	items = qttt_record_line(rec, v, &n);
	if (n > 0 && items[n - 1].kind == QTTT_ITEM_RESULT)
		n--;
	return n;
}

/* The number of at most three digits at *p, or -1 if none is. */
static long
number(const char **p, const char *end)
{
	long	 x = 0;
	int	 digits = 0;

	for (; *p < end && **p >= '0' && **p <= '9'; (*p)++) {
		if (++digits > 3)
			return -1;
		x = x * 10 + (**p - '0');
	}
	return digits > 0 ? x : -1;
}

/* d (which may be NULL) emptied for a refusal of code: its message. */
static char *
refusal(struct qttt_diag *d, enum qttt_code code)
{
	if (d == NULL)
		return NULL;
	memset(d, 0, sizeof(*d));
	qttt__engine_diag_args(d, code, NULL);
	return d->msg;
}

int
qttt_record_path(const struct qttt_record *rec, const char *s, size_t len,
    size_t *v, size_t *n, struct qttt_diag *d)
{
	const char *p = s, *end = s + len, *step;
	size_t	 line = QTTT_MAINLINE, j, alt;
	long	 at, k, want;
	char	*m;

	if (len == 0 || len >= QTTT_PATH_MAX ||
	    (at = number(&p, end)) == -1)
		goto syntax;
	if (rec != NULL && (size_t)at > positions(rec, line)) {
		if ((m = refusal(d, QTTT_E_PLIES)) != NULL)
			snprintf(m, QTTT_MSG_MAX, "%.*s: the main line has "
			    "%zu pl%s", (int)len, s, positions(rec, line),
			    positions(rec, line) == 1 ? "y" : "ies");
		return -1;
	}
	while ((step = p) < end) {
		if (*p++ != '.' || (want = number(&p, end)) < 1 ||
		    p == end || *p++ != '.' || (k = number(&p, end)) < 1)
			goto syntax;
		if (rec == NULL)
			continue;
		alt = 0;
		for (j = line == QTTT_MAINLINE ? 0 : line + 1;
		    j < rec->nvars; j++)
			if (rec->vars[j].parent == line &&
			    (long)rec->vars[j].at == at - 1 &&
			    (long)++alt == want)
				break;
		if (j == rec->nvars) {
			if ((m = refusal(d, QTTT_E_PLIES)) != NULL)
				snprintf(m, QTTT_MSG_MAX, "%.*s: the item at "
				    "%.*s has %zu variation%s", (int)len, s,
				    (int)(step - s), s, alt,
				    alt == 1 ? "" : "s");
			return -1;
		}
		if ((size_t)k > rec->vars[j].nitems) {
			if ((m = refusal(d, QTTT_E_PLIES)) != NULL)
				snprintf(m, QTTT_MSG_MAX, "%.*s: the "
				    "variation has %zu item%s", (int)len, s,
				    rec->vars[j].nitems,
				    rec->vars[j].nitems == 1 ? "" : "s");
			return -1;
		}
		line = j;
		at = k;
	}
	*v = line;
	*n = at;
	return 0;
syntax:
	if ((m = refusal(d, QTTT_E_SYNTAX)) != NULL)
		snprintf(m, QTTT_MSG_MAX, "not a position's path: plies of "
		    "the main line, then .VARIATION.ITEMS for each variation "
		    "entered (5, 5.1.2)");
	return -1;
}

int
qttt_record_path_name(const struct qttt_record *rec, size_t v, size_t n,
    char *buf, size_t size)
{
	size_t	 alt[QTTT_MAXVARS], items[QTTT_MAXVARS], depth = 0, j;
	int	 len, w;

	if ((v != QTTT_MAINLINE && v >= rec->nvars) ||
	    n > positions(rec, v))
		return -1;
	/* Where a variation starts is where it branches. */
	for (; v != QTTT_MAINLINE && n == 0; v = rec->vars[v].parent)
		n = rec->vars[v].at;
	for (; v != QTTT_MAINLINE; v = rec->vars[v].parent) {
		if (depth == QTTT_MAXVARS)
			return -1;
		alt[depth] = 1;
		for (j = 0; j < v; j++)
			if (rec->vars[j].parent == rec->vars[v].parent &&
			    rec->vars[j].at == rec->vars[v].at)
				alt[depth]++;
		items[depth++] = n;
		n = rec->vars[v].at + 1;
	}
	if ((len = snprintf(buf, size, "%zu", n)) < 0 || (size_t)len >= size)
		return -1;
	while (depth-- > 0) {
		w = snprintf(buf + len, size - len, ".%zu.%zu", alt[depth],
		    items[depth]);
		if (w < 0 || (size_t)w >= size - len)
			return -1;
		len += w;
	}
	return len;
}
