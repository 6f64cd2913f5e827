/*
 * What qttt-analyze writes, as text for people to read
 * (formats/analysis-output.md): the report of a game, the analysis of
 * a position, the summaries of a game and of an input, and the counts
 * below a position.
 */
#include <stdio.h>
#include <string.h>

#include "qttt.h"
#include "engine/engine.h"
#include "output/output.h"

/* A value as the result it stands for, in a caller's buffer. */
static const char *
value_text(unsigned int rules, int v, char buf[RESULT_TEXT_MAX + 1])
{
	*qttt__output_value_text(buf, rules, v) = '\0';
	return buf;
}

static const char *
action_text(const struct qttt_action *a, char buf[ACTION_TEXT_MAX + 1])
{
	*qttt__engine_action_text(buf, a) = '\0';
	return buf;
}

/* Half points as the notation writes a score: "0", "1/2", "1", "3/2". */
static const char *
points_text(int half, char *buf, size_t n)
{
	if (half % 2 == 0)
		snprintf(buf, n, "%d", half / 2);
	else
		snprintf(buf, n, "%d/2", half);
	return buf;
}

/*
 * n actions separated by sep: those of a that idx lists (the best
 * actions), or the first n of a for idx NULL (the principal
 * variation).
 */
static void
actions(FILE *f, const struct qttt_action *a, const unsigned char *idx,
    size_t n, const char *sep)
{
	char	 buf[ACTION_TEXT_MAX + 1];
	size_t	 i;

	for (i = 0; i < n; i++)
		fprintf(f, "%s%s", i > 0 ? sep : "",
		    action_text(&a[idx != NULL ? idx[i] : i], buf));
}

static const char *
plural(unsigned long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void
counts(FILE *f, const struct qttt_mark_counts *c)
{
	int	 p;

	for (p = QTTT_X; p <= QTTT_O; p++)
		fprintf(f, "%s%c %lu %s, %lu %s", p == QTTT_O ? "; " : "",
		    QTTT_PLAYER_LETTER(p), c->mistakes[p],
		    plural(c->mistakes[p], "mistake", "mistakes"),
		    c->blunders[p], plural(c->blunders[p], "blunder",
		    "blunders"));
}

size_t
qttt__output_best_line(FILE *f, const struct qttt_judged_ply *p,
    struct qttt_action *line)
{
	size_t	 n = qttt_best_line(p, QTTT_BEST_LINE, line);

	actions(f, line, NULL, n, "; ");
	fputs(n < p->an.npv ? "; ..." : "", f);
	return n;
}

/* The rows of the plies, and who made the first mistake. */
static void
plies(FILE *f, const struct analysis_item *it)
{
	const struct qttt_judged_ply *p;
	struct qttt_action line[QTTT_BEST_LINE];
	char		 item[ACTION_TEXT_MAX + 1], v1[RESULT_TEXT_MAX + 1],
			 v2[RESULT_TEXT_MAX + 1], lb[16];
	size_t		 i;

	fprintf(f, "%4s  %-16s  %-6s  %-6s  %s\n", "ply", "move", "before",
	    "after", "loss");
	for (i = 0; i < it->j->nplies; i++) {
		p = &it->j->ply[i];
		fprintf(f, "%4zu  %-16s  %-6s  %-6s  %s", i + 1,
		    action_text(&it->g->plies[i], item),
		    value_text(it->g->state.rules, p->before, v1),
		    value_text(it->g->state.rules, p->after, v2),
		    points_text(p->loss, lb, sizeof(lb)));
		if (p->mark == QTTT_MARK_NONE) {
			putc('\n', f);
			continue;
		}
		fprintf(f, "%*s%s\n", 4 - (int)strlen(lb) + 2, "",
		    qttt_mark_glyph(p->mark));
		fprintf(f, "%4s  best: ", "");
		actions(f, p->an.actions, p->an.best, p->an.nbest, ", ");
		/* The best line, "..." where it was cut, and its value. */
		fprintf(f, "\n%4s  best was ", "");
		qttt__output_best_line(f, p, line);
		fprintf(f, "; %s\n",
		    value_text(it->g->state.rules, p->before, v1));
	}
}

/* The report of a game (formats/analysis-output.md, section 2). */
static void
report(FILE *f, const struct analysis_item *it)
{
	const struct qttt_judged_game *j = it->j;
	const struct qttt_judged_ply *p;
	char		 rb[QTTT_RECORD_MAX], item[ACTION_TEXT_MAX + 1],
			 v1[RESULT_TEXT_MAX + 1], v2[RESULT_TEXT_MAX + 1];
	int		 pl;

	qttt_game_format(it->g, rb, sizeof(rb));
	fprintf(f, "game %lu, line %lu: %s\n", it->game, it->line, rb);
	if (j->nplies == 0) {
		fprintf(f, "no move\n");
		return;
	}
	plies(f, it);
	for (pl = QTTT_X; pl <= QTTT_O; pl++) {
		fprintf(f, "first mistake of %c: ", QTTT_PLAYER_LETTER(pl));
		if (j->first[pl] == -1)
			fprintf(f, "none\n");
		else
			fprintf(f, "ply %ld, %s%s\n", j->first[pl] + 1,
			    action_text(&it->g->plies[j->first[pl]], item),
			    qttt_mark_glyph(j->ply[j->first[pl]].mark));
	}
	if (j->decisive == -1) {
		fprintf(f, "decisive: none, the game kept its value %s\n",
		    value_text(it->g->state.rules, j->ply[0].before, v1));
		return;
	}
	p = &j->ply[j->decisive];
	fprintf(f, "decisive: ply %ld, %s%s, from %s to %s\n",
	    j->decisive + 1, action_text(&it->g->plies[j->decisive], item),
	    qttt_mark_glyph(p->mark),
	    value_text(it->g->state.rules, p->before, v1),
	    value_text(it->g->state.rules, p->after, v2));
	fprintf(f, "perfect play from there: ");
	actions(f, p->an.pv, NULL, p->an.npv, "; ");
	fprintf(f, "; %s\n", v1);
}

static void
game_summary(FILE *f, const struct analysis_item *it)
{
	fprintf(f, "game %lu, line %lu: ", it->game, it->line);
	counts(f, &it->j->counts);
	if (it->j->decisive == -1)
		fprintf(f, "; decisive: none\n");
	else
		fprintf(f, "; decisive: ply %ld\n", it->j->decisive + 1);
}

/*
 * The heading of the things said of a position: where it was read, as
 * a game's is, or for a position read from no input, "position".
 */
static void
heading(FILE *f, const struct analysis_item *it)
{
	char	 sb[QTTT_STATE_MAX];

	qttt_state_format(it->st, sb, sizeof(sb));
	if (it->game == 0)
		fprintf(f, "position: %s\n", sb);
	else
		fprintf(f, "game %lu, line %lu: %s\n", it->game, it->line,
		    sb);
}

static void
position(FILE *f, const struct analysis_item *it)
{
	const struct qttt_analysis *an = it->an;
	char		 item[ACTION_TEXT_MAX + 1], vb[RESULT_TEXT_MAX + 1];
	size_t		 i;

	heading(f, it);
	if (it->st->result.over) {
		fprintf(f, "value %s: the game is over\n",
		    value_text(it->st->rules, an->value, vb));
		return;
	}
	fprintf(f, "value %s, %c to act\n",
	    value_text(it->st->rules, an->value, vb),
	    QTTT_PLAYER_LETTER(qttt_state_turn(it->st)));
	for (i = 0; i < an->nactions; i++)
		fprintf(f, "  %-16s  %s\n", action_text(&an->actions[i], item),
		    value_text(it->st->rules, an->values[i], vb));
	fprintf(f, "best: ");
	actions(f, an->actions, an->best, an->nbest, ", ");
	fprintf(f, "\nperfect play: ");
	actions(f, an->pv, NULL, an->npv, "; ");
	fprintf(f, "; %s\n", value_text(it->st->rules, an->value, vb));
}

static void
perft(FILE *f, const struct analysis_item *it)
{
	char	 item[ACTION_TEXT_MAX + 1];
	size_t	 i;

	heading(f, it);
	for (i = 0; it->div != NULL && i < it->ndiv; i++)
		fprintf(f, "  %-16s  %llu\n", action_text(&it->div[i].action,
		    item), (unsigned long long)it->div[i].count);
	fprintf(f, "perft %u: %llu\n", it->depth,
	    (unsigned long long)it->count);
}

/* The width of a number written in decimal, at least min. */
static int
width(uint64_t n, int min)
{
	int	 w = snprintf(NULL, 0, "%llu", (unsigned long long)n);

	return w > min ? w : min;
}

/*
 * The complete games: the total, then a table of results by length,
 * each column as wide as its largest number, the total of all rows.
 */
static void
games(FILE *f, const struct analysis_item *it)
{
	const struct qttt_games *g = it->games;
	struct qttt_result r;
	uint64_t	 all[QTTT_MAXMOVES + 1], row;
	char		 rb[RESULT_TEXT_MAX + 1];
	int		 i, l, lw, w[QTTT_MAXMOVES + 1];

	heading(f, it);
	fprintf(f, "complete games: %llu\n", (unsigned long long)g->total);
	memset(all, 0, sizeof(all));
	for (i = 0; i < QTTT_NRESULTS; i++)
		for (l = 5; l <= QTTT_MAXMOVES; l++)
			all[l] += g->games[i][l];
	/* The profile's results: 6 wide, 1/2-1/2 7. */
	lw = qttt__output_profile_result(it->st->rules, QTTT_NRESULTS - 1) ?
	    7 : 6;
	fprintf(f, "%-*s", lw, "result");
	for (l = 5; l <= QTTT_MAXMOVES; l++)
		fprintf(f, "  %*s%d", (w[l] = width(all[l], 6)) - 1, "move ",
		    l);
	fprintf(f, "  %*s\n", w[0] = width(g->total, 3), "all");
	for (i = 0; i < QTTT_NRESULTS; i++) {
		if (!qttt__output_profile_result(it->st->rules, i))
			continue;
		qttt_result_nth(i, &r);
		*qttt__engine_result_text(rb, &r) = '\0';
		fprintf(f, "%-*s", lw, rb);
		for (row = 0, l = 5; l <= QTTT_MAXMOVES; l++) {
			fprintf(f, "  %*llu", w[l], (unsigned long long)
			    g->games[i][l]);
			row += g->games[i][l];
		}
		fprintf(f, "  %*llu\n", w[0], (unsigned long long)row);
	}
	fprintf(f, "%-*s", lw, "all");
	for (l = 5; l <= QTTT_MAXMOVES; l++)
		fprintf(f, "  %*llu", w[l], (unsigned long long)all[l]);
	fprintf(f, "  %*llu\n", w[0], (unsigned long long)g->total);
}

static void
totals(FILE *f, const struct analysis_item *it)
{
	const struct qttt_analysis_totals *t = it->totals;

	fprintf(f, "%s: %lu %s analysed, %lu invalid: ", it->name,
	    t->analysed, plural(t->analysed, "game", "games"), t->invalid);
	counts(f, &t->counts);
	putc('\n', f);
}

void
qttt__output_analysis_text(FILE *f, const struct analysis_item *it)
{
	switch (it->kind) {
	case AN_PLY:		/* as text, a game is its report */
		break;
	case AN_REPORT:
		report(f, it);
		break;
	case AN_GAME_SUMMARY:
		game_summary(f, it);
		break;
	case AN_POSITION:
		position(f, it);
		break;
	case AN_PERFT:
		perft(f, it);
		break;
	case AN_GAMES:
		games(f, it);
		break;
	case AN_TOTALS:
		totals(f, it);
		break;
	}
}
