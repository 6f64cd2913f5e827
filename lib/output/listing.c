/*
 * The listing of a game for people (qttt-replay -T list): every item
 * with what it did (the cycle a move closed, with its moves and stems
 * and who measures it; what a measurement collapsed), then Goff's
 * classical listing (the square each move finally took), the lines,
 * the moves that came too late in a simultaneous finish, the result
 * and the state string.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "output/output.h"

/* Writes " X1 X3 O4" for a list of moves. */
static void
put_moves(FILE *f, const unsigned char *m, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		fprintf(f, " %c%d", QTTT_LETTER(m[i]), m[i]);
}

static void
put_squares(FILE *f, const unsigned char *sq, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		fprintf(f, "%s%s", i > 0 ? " " : "", qttt_square_name(sq[i]));
}

/* What a cycle-closing placement did: the cycle, stems, measurer. */
static void
note_cycle(FILE *f, const struct qttt_state *after)
{
	struct qttt_cycle c;

	if (qttt_state_cycle(after, &c) == -1)
		return;
	fputs("closes a cycle:", f);
	put_moves(f, c.moves, c.nmoves);
	fputs(" (", f);
	put_squares(f, c.squares, c.nsquares);
	fputs("); stems:", f);
	if (c.nstems == 0)
		fputs(" none", f);
	put_moves(f, c.stems, c.nstems);
	fprintf(f, "; %c measures", QTTT_PLAYER_LETTER(qttt_state_turn(after)));
}

/* The moves a collapse made classical, in move order, with squares. */
static void
note_collapse(FILE *f, const struct qttt_state *before,
    const struct qttt_state *after)
{
	const char	*sep = "";
	int		 m;

	for (m = 1; m < after->next; m++) {
		if (before->where[m][0] == before->where[m][1] ||
		    after->where[m][0] != after->where[m][1])
			continue;
		fprintf(f, "%s%c%d %s", sep, QTTT_LETTER(m), m,
		    qttt_square_name(after->where[m][0]));
		sep = ", ";
	}
}

/* The item of the main line that ply i plays, or NULL. */
static const struct qttt_item *
main_item(const struct qttt_replay *r, size_t i)
{
	return r->rec != NULL && i < r->rec->nitems ? &r->rec->items[i] :
	    NULL;
}

/* Action a as its item it (or NULL) wrote it, if it did differently. */
static const struct qttt_action *
written(const struct qttt_item *it, const struct qttt_action *a)
{
	if (it == NULL || it->kind != QTTT_ITEM_ACTION ||
	    it->action.kind != a->kind ||
	    (it->action.move == a->move && it->action.sq[0] == a->sq[0]))
		return NULL;
	return &it->action;
}

static void
put_state(FILE *f, const struct qttt_state *st)
{
	char	 buf[QTTT_STATE_MAX];

	qttt_state_format(st, buf, sizeof(buf));
	fprintf(f, "        %s\n", buf);
}

/*
 * Text from the record (a comment, a metadata value) on one line of the
 * listing: control characters, line breaks among them, become spaces.
 */
static void
put_text(FILE *f, const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		putc((unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i],
		    f);
}

/* Spaces after an item to line up the notes. */
static int
pad(const char *item)
{
	size_t	 n = strlen(item);

	return n < 16 ? (int)(16 - n) : 0;
}

/* Whether the listing says what ply a did, after its item. */
static int
has_note(const struct qttt_action *a, const struct qttt_state *after)
{
	return a->kind != QTTT_PLACE || a->sq[0] == a->sq[1] ||
	    after->pending != 0;
}

/* What ply i did, its item it (or NULL) as the record wrote it. */
static void
put_note(FILE *f, const struct qttt_replay *r, size_t i,
    const struct qttt_item *it, const struct qttt_state *before,
    const struct qttt_state *after)
{
	const struct qttt_action *a = &r->game->plies[i], *w;
	char			  other[32];

	if (a->kind == QTTT_PLACE) {
		if (a->sq[0] == a->sq[1])
			fputs("forced: the last open square", f);
		else if (after->pending != 0)
			note_cycle(f, after);
		return;
	}
	if ((long)i == r->changed && r->rec != NULL && i < r->rec->nitems) {
		fputs("what-if, the record has ", f);
		qttt_action_format(&r->rec->items[i].action, other,
		    sizeof(other));
		fprintf(f, "%s; ", other);
	} else if ((w = written(it, a)) != NULL) {
		qttt_action_format(w, other, sizeof(other));
		fprintf(f, "written %s; ", other);
	}
	fprintf(f, "%c collapses ", QTTT_PLAYER_LETTER(
	    qttt_state_turn(before)));
	note_collapse(f, before, after);
}

void
qttt__output_listing_note(FILE *f, const struct qttt_replay *r, size_t i,
    const struct qttt_state *before, const struct qttt_state *after)
{
	put_note(f, r, i, main_item(r, i), before, after);
}

/*
 * One row: the ply (or, in a variation, the path after indent
 * blanks), its item, and what it did; it is the item of the record
 * that ply i plays, or NULL.
 */
static void
put_row(FILE *f, const struct qttt_replay *r, size_t i, const char *path,
    int indent, const struct qttt_item *it, const struct qttt_state *before,
    const struct qttt_state *after)
{
	const struct qttt_action *a = &r->game->plies[i];
	char			  item[32];
	int			  noted = has_note(a, after);

	qttt_action_format(a, item, sizeof(item));
	if (path != NULL)
		fprintf(f, "%*s%s  %s", indent, "", path, item);
	else
		fprintf(f, "%4zu  %s", i + 1, item);
	if (noted) {
		fprintf(f, "%*s  ", pad(item), "");
		put_note(f, r, i, it, before, after);
	}
	/* The comment the record has on the item (YAML and JSON). */
	if (it != NULL && it->comment != NULL && (long)i != r->changed) {
		fprintf(f, "%*s  # ", noted ? 0 : pad(item), "");
		put_text(f, it->comment, it->commentlen);
	}
	fputc('\n', f);
}

/* Goff's classical listing: where each move made so far stands. */
static void
put_classical(FILE *f, const struct qttt_state *st)
{
	const char	*sep = " ";
	int		 m;

	fputs("Classical listing:", f);
	if (st->next == 1)
		fputs(" no move yet", f);
	for (m = 1; m < st->next; m++) {
		if (st->where[m][0] == st->where[m][1])
			fprintf(f, "%s%c%d %s", sep, QTTT_LETTER(m), m,
			    qttt_square_name(st->where[m][0]));
		else
			fprintf(f, "%s%c%d spooky (%s %s)", sep,
			    QTTT_LETTER(m), m,
			    qttt_square_name(st->where[m][0]),
			    qttt_square_name(st->where[m][1]));
		sep = ", ";
	}
	fputc('\n', f);
}

/*
 * The lines; and when both players have one, the marks of the later
 * line placed after the earlier line was complete: they came too late
 * (but under simultaneous=tie or =draw, which score both lines alike).
 */
void
qttt__output_listing_lines(FILE *f, const struct qttt_state *st)
{
	struct qttt_line lines[QTTT_NLINES];
	const struct qttt_line *early = NULL, *late = NULL;
	size_t		 n, i, j;
	int		 m;

	n = qttt_state_lines(st, lines);
	fputs("Lines:", f);
	if (n == 0)
		fputs(" none", f);
	for (i = 0; i < n; i++) {
		fprintf(f, "%s %c ", i > 0 ? "," : "",
		    QTTT_PLAYER_LETTER(lines[i].player));
		put_squares(f, lines[i].squares, 3);
		fprintf(f, " (time %d)", lines[i].time);
		for (j = 0; j < n; j++) {
			if (lines[j].player == lines[i].player ||
			    lines[j].time >= lines[i].time)
				continue;
			if (late == NULL || lines[i].time > late->time) {
				late = &lines[i];
				early = &lines[j];
			}
		}
	}
	fputc('\n', f);
	/* Under simultaneous=tie and =draw, no line is too late. */
	if (late == NULL || ((st->rules & QTTT_RULES_SIMULTANEOUS) != 0 &&
	    (st->rules & QTTT_RULES_SIMULTANEOUS) != QTTT_RULES_SIMUL_FIRST))
		return;
	fputs("Too late:", f);
	for (j = 0; j < 3; j++) {
		m = st->board[late->squares[j]];
		if (m > early->time)
			fprintf(f, " %c%d", QTTT_LETTER(m), m);
	}
	fprintf(f, " (%c's line ", QTTT_PLAYER_LETTER(late->player));
	put_squares(f, late->squares, 3);
	fprintf(f, " is complete at move %d, %c's line ", late->time,
	    QTTT_PLAYER_LETTER(early->player));
	put_squares(f, early->squares, 3);
	fprintf(f, " at move %d)\n", early->time);
}

void
qttt__output_listing_result(FILE *f, const struct qttt_state *st,
    const struct qttt_record *award)
{
	const struct qttt_result *r;
	char	 res[8];

	if (!st->result.over && award != NULL && award->awarded.over) {
		r = &award->awarded;
		qttt_result_format(r, res, sizeof(res));
		if (award->termination == QTTT_TERM_ADJUDICATION)
			fprintf(f, "Result: %s (adjudicated; ", res);
		else
			fprintf(f, "Result: %s (%c forfeits: %s; ", res,
			    QTTT_PLAYER_LETTER(r->score[QTTT_X] == 0 ?
			    QTTT_X : QTTT_O),
			    qttt_termination_name(award->termination));
		fprintf(f, "X %s, O %s)\n",
		    qttt__engine_half_text(r->score[QTTT_X]),
		    qttt__engine_half_text(r->score[QTTT_O]));
		return;
	}
	qttt_result_format(&st->result, res, sizeof(res));
	if (st->result.over)
		fprintf(f, "Result: %s (X %s, O %s)\n", res,
		    qttt__engine_half_text(st->result.score[QTTT_X]),
		    qttt__engine_half_text(st->result.score[QTTT_O]));
	else if (st->pending != 0)
		fprintf(f, "Result: * (%c to measure the cycle closed by "
		    "%c%d)\n", QTTT_PLAYER_LETTER(qttt_state_turn(st)),
		    QTTT_LETTER(st->pending), st->pending);
	else
		fprintf(f, "Result: * (%c to play %c%d)\n",
		    QTTT_LETTER(st->next), QTTT_LETTER(st->next), st->next);
}

/* Whether the position (la, ca) comes before (lb, cb). */
static int
before(unsigned long la, unsigned long ca, unsigned long lb,
    unsigned long cb)
{
	return la < lb || (la == lb && ca < cb);
}

/*
 * The first error of rec inside its item it, a variation's: from
 * where it starts to where the next item of the record does; NULL if
 * none.
 */
static const struct qttt_diag *
item_error(const struct qttt_record *rec, const struct qttt_item *it)
{
	const struct qttt_item *end = NULL, *o;
	const struct qttt_diag *d;
	size_t		 i;

	for (i = 0; i < rec->nitems + rec->nvaritems; i++) {
		o = i < rec->nitems ? &rec->items[i] :
		    &rec->varitems[i - rec->nitems];
		if (before(it->line, it->col, o->line, o->col) &&
		    (end == NULL || before(o->line, o->col, end->line,
		    end->col)))
			end = o;
	}
	for (i = 0; i < rec->ndiags; i++) {
		d = &rec->diags[i];
		if (qttt_code_severity(d->code) == QTTT_ERROR &&
		    !before(d->line, d->col, it->line, it->col) &&
		    (end == NULL || before(d->line, d->col, end->line,
		    end->col)))
			return d;
	}
	return NULL;
}

/* The first error of rec that no item of a variation holds, or NULL. */
static const struct qttt_diag *
main_error(const struct qttt_record *rec)
{
	size_t	 i, k;

	for (i = 0; rec != NULL && i < rec->ndiags; i++) {
		if (qttt_code_severity(rec->diags[i].code) != QTTT_ERROR)
			continue;
		for (k = 0; k < rec->nvaritems; k++)
			if (item_error(rec, &rec->varitems[k]) ==
			    &rec->diags[i])
				break;
		if (k == rec->nvaritems)
			return &rec->diags[i];
	}
	return NULL;
}

static void
put_error(FILE *f, int indent, const struct qttt_diag *d)
{
	fprintf(f, "%*serror at line %lu, column %lu: %s [%s]\n", indent, "",
	    d->line + 1, d->col + 1, d->msg, qttt_code_name(d->code));
}

/*
 * Why the listing ends before the record does, if it does; with the
 * variations, an error of theirs is said where they stop.
 */
static void
put_end(FILE *f, const struct qttt_replay *r,
    const struct qttt_replay_options *o, size_t upto)
{
	const struct qttt_record *rec = r->rec;
	const struct qttt_diag	 *d;
	size_t			  later;

	if (upto < r->game->nplies)
		fprintf(f, "      (ply %zu of %zu)\n", upto, r->game->nplies);
	else if (r->changed < 0 && (d = o->variations && o->path == NULL ?
	    main_error(rec) : qttt__output_first_error(rec)) != NULL)
		put_error(f, 6, d);
	if (o->whatif == 0)
		return;
	if (r->changed < 0) {
		fprintf(f, "What-if: the game has no measurement %u; it is "
		    "shown as played\n", o->whatif);
		return;
	}
	later = rec != NULL && rec->nitems > (size_t)r->changed + 1 ?
	    rec->nitems - r->changed - 1 : 0;
	fprintf(f, "What-if: measurement %u takes its other outcome; ",
	    o->whatif);
	if (r->game->nplies > (size_t)r->changed + 1)
		fputs("the forced X9 follows; ", f);
	if (later == 0)
		fputs("nothing followed it in the record\n", f);
	else
		fprintf(f, "the record's %zu later item%s not replayed\n",
		    later, later == 1 ? " is" : "s are");
}

/*
 * With the variations: the rows of those that replace item k of line
 * v (its k-th), indented by their depth, each row followed by the
 * rows of its own variations, up to ply upto; after each, its result.
 */
static void
put_variations(FILE *f, const struct qttt_replay *r,
    const struct qttt_replay_options *o, size_t v, size_t k, size_t upto)
{
	const struct qttt_record *rec = r->rec;
	const struct qttt_item	 *items;
	struct qttt_replay	  vr = *r;
	struct qttt_game	  g;
	const struct qttt_diag	 *d;
	struct qttt_state	  last, st;
	size_t			  j, n, own, start, nitems;
	int			  indent;
	char			  path[QTTT_PATH_MAX];

	vr.game = &g;
	vr.changed = -1;
	for (j = v == QTTT_MAINLINE ? 0 : v + 1; j < rec->nvars; j++) {
		if (rec->vars[j].parent != v || rec->vars[j].at + 1 != k)
			continue;
		own = qttt__output_line_game(rec, j, &g, &start);
		items = qttt_record_line(rec, j, &nitems);
		indent = 4 + 2 * (int)qttt_record_var_depth(rec, j);
		qttt_game_state_at(&g, start, &st);
		for (n = 1; n <= own && start + n <= upto; n++) {
			last = st;
			qttt_state_apply(&st, &g.plies[start + n - 1], NULL);
			qttt_record_path_name(rec, j, n, path, sizeof(path));
			put_row(f, &vr, start + n - 1, path, indent,
			    &items[n - 1], &last, &st);
			if (o->all)
				put_state(f, &st);
			put_variations(f, r, o, j, n, upto);
		}
		/* Stopped by an illegal item: its error. */
		if (own < nitems && start + own < upto &&
		    (d = item_error(rec, &items[own])) != NULL)
			put_error(f, indent, d);
		if (n > 1) {
			fprintf(f, "%*s", indent, "");
			qttt__output_listing_result(f, &st, NULL);
		}
	}
}

/*
 * The row of ply i of r->game, the game of line v of the record: a
 * ply of the main line numbered, one of a variation by its path.
 */
static void
put_line_row(FILE *f, const struct qttt_replay *r, size_t v, size_t i,
    const struct qttt_state *before, const struct qttt_state *after)
{
	const struct qttt_item *items;
	size_t		 line, k, n;
	char		 path[QTTT_PATH_MAX];

	line = QTTT_MAINLINE;
	if (v != QTTT_MAINLINE)
		qttt__output_ply_line(r->rec, v, i + 1, &line, &k);
	if (line == QTTT_MAINLINE) {
		put_row(f, r, i, NULL, 0, main_item(r, i), before, after);
		return;
	}
	items = qttt_record_line(r->rec, line, &n);
	qttt_record_path_name(r->rec, line, k, path, sizeof(path));
	put_row(f, r, i, path, 4 + 2 * (int)qttt_record_var_depth(r->rec,
	    line), &items[k - 1], before, after);
}

int
qttt__output_listing_write(FILE *f, const struct qttt_replay *r,
    const struct qttt_replay_options *o, size_t v, size_t upto)
{
	struct qttt_state	 before, st;
	size_t			 i;
	char			 buf[QTTT_STATE_MAX];

	if (r->rec != NULL) {
		fprintf(f, "Game %lu (%s, line %lu)", r->rec->index,
		    r->file != NULL ? r->file : "-", r->rec->line + 1);
		if (r->rec->comment != NULL) {
			fputs(" # ", f);
			put_text(f, r->rec->comment, r->rec->commentlen);
		}
		fputc('\n', f);
		/* The metadata of a YAML or JSON record, in its order. */
		for (i = 0; i < r->rec->nmeta; i++) {
			fputs("      ", f);
			put_text(f, r->rec->meta[i].key,
			    r->rec->meta[i].keylen);
			fputs(": ", f);
			put_text(f, r->rec->meta[i].value,
			    r->rec->meta[i].valuelen);
			fputc('\n', f);
		}
	} else
		fputs("Game\n", f);
	/* Ply 0: the empty board, or the position a record gives. */
	qttt_game_state_at(r->game, 0, &st);
	if (o->all) {
		fprintf(f, "%4d  start\n", 0);
		put_state(f, &st);
	}
	for (i = 0; i < upto; i++) {
		before = st;
		qttt_state_apply(&st, &r->game->plies[i], NULL);
		put_line_row(f, r, v, i, &before, &st);
		if (o->all)
			put_state(f, &st);
		/* A variation may go on past the main line's end. */
		if (o->variations && o->path == NULL && r->rec != NULL)
			put_variations(f, r, o, QTTT_MAINLINE, i + 1,
			    o->ply >= 0 ? (size_t)o->ply : SIZE_MAX);
	}
	put_end(f, r, o, upto);
	put_classical(f, &st);
	qttt__output_listing_lines(f, &st);
	qttt__output_listing_result(f, &st, v == QTTT_MAINLINE &&
	    upto == r->game->nplies ? r->rec : NULL);
	qttt_state_format(&st, buf, sizeof(buf));
	fprintf(f, "State: %s\n", buf);
	return ferror(f) ? -1 : 0;
}
