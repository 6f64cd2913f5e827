/*
 * qttt-analyze: what perfect play makes of recorded games, ply by ply:
 * the value before each ply, the value of the action played, the best
 * actions, the points the mover lost and a mark, and where the game
 * was decided (formats/analysis-output.md).  Positions (state strings,
 * or -S) get the value of every action and a principal variation.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "common.h"
#include "parallel.h"

enum type {
	TYPE_REPORT = 0,	/* to read */
	TYPE_JSON,		/* JSON Lines, one object per ply */
	TYPE_YAML		/* annotated YAML records */
};

/* The marks (formats/analysis-output.md). */
enum mark {
	MARK_NONE = 0,
	MARK_MISTAKE,		/* "?": the move lost value */
	MARK_BLUNDER		/* "??": a point or more, or the outcome */
};

static const char *const mark_glyph[] = { "", "?", "??" };

struct options {
	enum qttt_format	 format;	/* -f */
	const char		*games;		/* -g, or NULL */
	struct ranges		 gameset;	/* what -g says */
	int			 quiet;		/* -q */
	int			 summary;	/* -s */
	int			 threads;	/* to analyse games on */
	size_t			 table;		/* -m, in bytes */
	enum type		 type;		/* -T */
};

/* Mistakes and blunders of each player ([QTTT_X], [QTTT_O]). */
struct counts {
	unsigned long	 mistakes[2];
	unsigned long	 blunders[2];
};

/* One ply of a game as perfect play judges it. */
struct ply {
	enum qttt_player	 mover;
	int			 before;	/* the value before it */
	int			 value;		/* the value after it */
	int			 loss;		/* half points the mover lost */
	enum mark		 mark;
	struct qttt_analysis	 an;		/* of the state before it */
};

/*
 * What a thread analyses games with: its own solver, and room for the
 * game under way.
 */
struct analyst {
	struct qttt_solver	*solver;
	struct ply		 plies[QTTT_MAXPLIES];
	struct qttt_analysis	 an;		/* of a position */
	/* The notes of an annotated YAML record. */
	struct qttt_meta	 notes[QTTT_MAXPLIES][QTTT_MAXNOTES + 3];
	char			 values[QTTT_MAXPLIES][16];
	char			 best[QTTT_MAXPLIES][QTTT_MAXACTIONS * 20];
};

/*
 * The solvers' tables together, in MiB (-m), shared out among the
 * threads.  The table saves a fifth of the time, and the first MiB most
 * of that: the default keeps qttt-analyze under 4 MiB.
 */
#define TABLE_MIB	1

/* A write to standard output failed: stop at once. */
#define EXIT_STOP	(-1)

static void
usage(FILE *f)
{
	fprintf(f, "usage: %s [-hqsV] [-f format] [-g game] [-m MiB] "
	    "[-S state] [-T type]\n"
	    "\t[file ...]\n", progname);
}

static void
help(void)
{
	usage(stdout);
	fputs("Show what perfect play makes of each move of Quantum"
	    " Tic-Tac-Toe games:\n"
	    "the value before it, the value of the move played, the best"
	    " moves, what\n"
	    "the mover lost, and where the game was decided; with no file,"
	    " or when\n"
	    "file is -, read standard input.  Positions (state strings)"
	    " get the value\n"
	    "of every action.\n"
	    "\n"
	    "  -f, --format=FMT     input format: auto (default), line,"
	    " yaml, json, goff,\n"
	    "                       state\n"
	    "  -g, --game=LIST      only these games of each input: 3, 2-5,"
	    " 10-, 1,4\n"
	    "  -h, --help           show this help and exit\n"
	    "  -m, --memory=MiB     the solvers' tables, in MiB, shared by"
	    " the threads\n"
	    "                       (default 1; 0: none)\n"
	    "  -q, --quiet          no diagnostics; the exit status tells\n"
	    "  -S, --state=STATE    analyse the position of a state string,"
	    " not files\n"
	    "  -s, --summary        only the mistakes and blunders of each"
	    " game and input\n"
	    "  -T, --type=TYPE      report (the default), json (JSON Lines)"
	    " or yaml\n"
	    "                       (annotated records)\n"
	    "  -V, --version        show the version and exit\n"
	    "\n"
	    "Exit status: 0 all valid, 1 some game invalid, 2 usage or I/O"
	    " error.\n", stdout);
	exit(finish_output() == 0 ? EXIT_VALID : EXIT_TROUBLE);
}

/* A value as the result it stands for ("1-1/2"), into buf. */
static const char *
value_text(int value, char *buf, size_t n)
{
	struct qttt_result r;

	if (qttt_solver_result(value, &r) == -1)
		snprintf(buf, n, "?");
	else
		qttt_result_format(&r, buf, n);
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

static const char *
action_text(const struct qttt_action *a, char *buf, size_t n)
{
	qttt_action_format(a, buf, n);
	return buf;
}

/* The sign of a value for player p: 1 a win, 0 a draw, -1 a loss. */
static int
outcome(int value, enum qttt_player p)
{
	int	 v = p == QTTT_X ? value : -value;

	return (v > 0) - (v < 0);
}

static int
same_action(const struct qttt_action *a, const struct qttt_action *b)
{
	return a->kind == b->kind && a->move == b->move &&
	    a->sq[0] == b->sq[0] &&
	    (a->kind == QTTT_MEASURE || a->sq[1] == b->sq[1]);
}

/*
 * Judges ply i of g into a->plies[i].  Returns 0, or -1 after filling d
 * if the solver refuses the state.
 */
static int
judge_ply(struct analyst *a, const struct qttt_game *g, size_t i,
    struct qttt_diag *d)
{
	struct ply	*p = &a->plies[i];
	struct qttt_state st, next;
	size_t		 k;
	int		 v;

	/* The best actions are valued, and then the one played. */
	qttt_game_state_at(g, i, &st);
	if (qttt_solver_analyze(a->solver, &st, QTTT_SOLVE_PV |
	    QTTT_SOLVE_BEST, &p->an, d) != QTTT_OK)
		return -1;
	p->mover = qttt_state_turn(&st);
	p->before = p->an.value;
	p->value = p->before;
	for (k = 0; k < p->an.nactions; k++)
		if (same_action(&p->an.actions[k], &g->plies[i])) {
			p->value = p->an.values[k];
			break;
		}
	if (p->value == QTTT_NOVALUE) {
		next = st;
		if (qttt_state_apply(&next, &g->plies[i], d) != QTTT_OK ||
		    qttt_solver_value(a->solver, &next, &v, d) != QTTT_OK)
			return -1;
		p->value = v;
	}
	p->loss = p->mover == QTTT_X ? p->before - p->value :
	    p->value - p->before;
	if (p->loss <= 0)
		p->mark = MARK_NONE;
	else if (p->loss >= 2 ||
	    outcome(p->value, p->mover) < outcome(p->before, p->mover))
		p->mark = MARK_BLUNDER;
	else
		p->mark = MARK_MISTAKE;
	return 0;
}

/* The last ply that changed the game's value, or -1. */
static long
decisive_ply(const struct ply *plies, size_t n)
{
	long	 i;

	for (i = (long)n - 1; i >= 0; i--)
		if (plies[i].loss != 0)
			return i;
	return -1;
}

static void
count_marks(const struct ply *plies, size_t n, struct counts *c)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (plies[i].mark == MARK_MISTAKE)
			c->mistakes[plies[i].mover]++;
		else if (plies[i].mark == MARK_BLUNDER)
			c->blunders[plies[i].mover]++;
}

static void
add_counts(struct counts *to, const struct counts *c)
{
	int	 p;

	for (p = 0; p < 2; p++) {
		to->mistakes[p] += c->mistakes[p];
		to->blunders[p] += c->blunders[p];
	}
}

/* The actions of list idx of an (n of them), separated by sep. */
static void
print_actions(FILE *f, const struct qttt_analysis *an,
    const unsigned char *idx, size_t n, const char *sep, int json)
{
	char	 buf[32];
	size_t	 i;

	for (i = 0; i < n; i++) {
		action_text(&an->actions[idx[i]], buf, sizeof(buf));
		fprintf(f, json ? "%s\"%s\"" : "%s%s", i > 0 ? sep : "",
		    buf);
	}
}

static void
print_pv(FILE *f, const struct qttt_analysis *an, const char *sep,
    int json)
{
	char	 buf[32];
	size_t	 i;

	for (i = 0; i < an->npv; i++) {
		action_text(&an->pv[i], buf, sizeof(buf));
		fprintf(f, json ? "%s\"%s\"" : "%s%s", i > 0 ? sep : "",
		    buf);
	}
}

static const char *
plural(unsigned long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void
print_counts_text(FILE *out, const struct counts *c)
{
	int	 p;

	for (p = QTTT_X; ; p = QTTT_O) {
		fprintf(out, "%c %lu %s, %lu %s", QTTT_PLAYER_LETTER(p),
		    c->mistakes[p], plural(c->mistakes[p], "mistake",
		    "mistakes"), c->blunders[p], plural(c->blunders[p],
		    "blunder", "blunders"));
		if (p == QTTT_O)
			break;
		fprintf(out, "; ");
	}
}

static void
print_counts_json(FILE *out, const struct counts *c)
{
	fprintf(out, "\"X\":{\"mistakes\":%lu,\"blunders\":%lu},"
	    "\"O\":{\"mistakes\":%lu,\"blunders\":%lu}",
	    c->mistakes[QTTT_X], c->blunders[QTTT_X],
	    c->mistakes[QTTT_O], c->blunders[QTTT_O]);
}

/* The report of a game (formats/analysis-output.md). */
static void
report_game(FILE *out, const struct ply *plies, const struct qttt_record *rec,
    const struct qttt_game *g)
{
	char		 rb[QTTT_RECORD_MAX], item[32], v1[16], v2[16], lb[16];
	const struct ply *p;
	long		 dec;
	size_t		 i;
	int		 first[2] = { -1, -1 }, pl;

	qttt_game_format(g, rb, sizeof(rb));
	fprintf(out, "game %lu, line %lu: %s\n", rec->index, rec->line + 1, rb);
	if (g->nplies == 0) {
		fprintf(out, "no move\n");
		return;
	}
	fprintf(out, "%4s  %-16s  %-6s  %-6s  %s\n", "ply", "move", "before",
	    "after", "loss");
	for (i = 0; i < g->nplies; i++) {
		p = &plies[i];
		fprintf(out, "%4zu  %-16s  %-6s  %-6s  %s", i + 1,
		    action_text(&g->plies[i], item, sizeof(item)),
		    value_text(p->before, v1, sizeof(v1)),
		    value_text(p->value, v2, sizeof(v2)),
		    points_text(p->loss, lb, sizeof(lb)));
		if (p->mark != MARK_NONE)
			fprintf(out, "%*s%s", 4 - (int)strlen(lb) + 2, "",
			    mark_glyph[p->mark]);
		fprintf(out, "\n");
		if (p->mark != MARK_NONE) {
			fprintf(out, "%4s  best: ", "");
			print_actions(out, &p->an, p->an.best,
			    p->an.nbest, ", ", 0);
			fprintf(out, "\n");
			if (first[p->mover] == -1)
				first[p->mover] = (int)i;
		}
	}
	for (pl = QTTT_X; ; pl = QTTT_O) {
		fprintf(out, "first mistake of %c: ", QTTT_PLAYER_LETTER(pl));
		if (first[pl] == -1)
			fprintf(out, "none\n");
		else
			fprintf(out, "ply %d, %s%s\n", first[pl] + 1,
			    action_text(&g->plies[first[pl]], item,
			    sizeof(item)), mark_glyph[plies[first[pl]].mark]);
		if (pl == QTTT_O)
			break;
	}
	if ((dec = decisive_ply(plies, g->nplies)) == -1) {
		fprintf(out, "decisive: none, the game kept its value %s\n",
		    value_text(plies[0].before, v1, sizeof(v1)));
		return;
	}
	p = &plies[dec];
	fprintf(out, "decisive: ply %ld, %s%s, from %s to %s\n", dec + 1,
	    action_text(&g->plies[dec], item, sizeof(item)),
	    mark_glyph[p->mark], value_text(p->before, v1, sizeof(v1)),
	    value_text(p->value, v2, sizeof(v2)));
	fprintf(out, "perfect play from there: ");
	print_pv(out, &p->an, "; ", 0);
	fprintf(out, "; %s\n", v1);
}

/* One JSON object per ply (formats/analysis-output.md). */
static void
json_game(FILE *out, const struct ply *plies, const struct qttt_record *rec,
    const struct qttt_game *g)
{
	char		 item[32], v1[16], v2[16], lb[16];
	const struct ply *p;
	size_t		 i;

	for (i = 0; i < g->nplies; i++) {
		p = &plies[i];
		fprintf(out, "{\"game\":%lu,\"line\":%lu,\"ply\":%zu,\"item\":\"%s\","
		    "\"mover\":\"%c\",\"value_before\":\"%s\","
		    "\"value\":\"%s\",\"best_value\":\"%s\",\"best\":[",
		    rec->index, rec->line + 1, i + 1,
		    action_text(&g->plies[i], item, sizeof(item)),
		    QTTT_PLAYER_LETTER(p->mover),
		    value_text(p->before, v1, sizeof(v1)),
		    value_text(p->value, v2, sizeof(v2)), v1);
		print_actions(out, &p->an, p->an.best, p->an.nbest, ",",
		    1);
		fprintf(out, "],\"loss\":\"%s\",\"mark\":",
		    points_text(p->loss, lb, sizeof(lb)));
		if (p->mark == MARK_NONE)
			fprintf(out, "null");
		else
			fprintf(out, "\"%s\"", mark_glyph[p->mark]);
		fprintf(out, ",\"pv\":[");
		print_pv(out, &p->an, ",", 1);
		fprintf(out, "]}\n");
	}
}

/*
 * The game as a YAML record, its moves annotated with notes: value,
 * and for a move that lost value, best and mark.  Notes of the record
 * with these keys give way to them.  Returns 0, or -1 (with a message
 * on err unless quiet) if the record cannot be written with them.
 */
static int
yaml_game(struct analyst *a, FILE *out, FILE *err, struct par_job *job,
    const char *name, const struct qttt_record *rec,
    const struct qttt_game *g, int quiet)
{
	struct qttt_meta (*notes)[QTTT_MAXNOTES + 3] = a->notes;
	char		(*values)[16] = a->values;
	char		(*best)[QTTT_MAXACTIONS * 20] = a->best;
	struct qttt_extras ex;
	const struct qttt_ply_extras *had;
	const struct qttt_meta *hm;
	struct qttt_meta *m;
	const struct ply *p;
	char		 item[32], msg[128];
	size_t		 i, j, k, len;
	int		 w;

	qttt_extras_from_record(&ex, g, rec);
	for (i = 0; i < g->nplies; i++) {
		p = &a->plies[i];
		had = &ex.ply[i];
		k = 0;
		for (j = 0; j < had->nnotes && j < QTTT_MAXNOTES; j++) {
			hm = &had->notes[j];
			if ((hm->keylen == 5 &&
			    memcmp(hm->key, "value", 5) == 0) ||
			    (hm->keylen == 4 &&
			    (memcmp(hm->key, "best", 4) == 0 ||
			    memcmp(hm->key, "mark", 4) == 0)))
				continue;
			notes[i][k++] = *hm;
		}
		value_text(p->value, values[i], sizeof(values[i]));
		m = &notes[i][k++];
		memset(m, 0, sizeof(*m));
		m->key = "value";
		m->keylen = 5;
		m->value = values[i];
		m->valuelen = strlen(values[i]);
		if (p->mark != MARK_NONE) {
			best[i][0] = '\0';
			for (j = 0, len = 0; j < p->an.nbest; j++) {
				action_text(&p->an.actions[p->an.best[j]],
				    item, sizeof(item));
				len += snprintf(best[i] + len,
				    sizeof(best[i]) - len, "%s%s",
				    j > 0 ? ", " : "", item);
			}
			m = &notes[i][k++];
			memset(m, 0, sizeof(*m));
			m->key = "best";
			m->keylen = 4;
			m->value = best[i];
			m->valuelen = strlen(best[i]);
			m = &notes[i][k++];
			memset(m, 0, sizeof(*m));
			m->key = "mark";
			m->keylen = 4;
			m->value = mark_glyph[p->mark];
			m->valuelen = strlen(mark_glyph[p->mark]);
		}
		ex.ply[i].notes = notes[i];
		ex.ply[i].nnotes = k;
	}
	if (qttt_extras_check(&ex, g->nplies, msg, sizeof(msg)) == -1) {
		if (!quiet) {
			par_sync(job);
			show_line_msg(err, name, rec->line, "error",
			    "game %lu: cannot annotate: %s", rec->index, msg);
		}
		return -1;
	}
	if ((w = qttt_yaml_write(out, g, &ex)) == -2 && !quiet) {
		par_sync(job);
		show_line_msg(err, name, rec->line, "error", "game %lu: "
		    "cannot annotate: longer than a YAML document may be "
		    "(%d bytes)", rec->index, QTTT_YAML_DOC_MAX);
	}
	return w == 0 ? 0 : -1;
}

/* The analysis of a position (formats/analysis-output.md). */
static void
print_position(FILE *out, const struct options *o, unsigned long index,
    unsigned long line, const struct qttt_state *st,
    const struct qttt_analysis *an)
{
	char	 sb[QTTT_STATE_MAX], item[32], vb[16];
	size_t	 i;
	int	 over = st->result.over;

	qttt_state_format(st, sb, sizeof(sb));
	value_text(an->value, vb, sizeof(vb));
	switch (o->type) {
	case TYPE_REPORT:
		fprintf(out, "position %lu, line %lu: %s\n", index, line, sb);
		if (over) {
			fprintf(out, "value %s: the game is over\n", vb);
			break;
		}
		fprintf(out, "value %s, %c to act\n", vb,
		    QTTT_PLAYER_LETTER(qttt_state_turn(st)));
		for (i = 0; i < an->nactions; i++)
			fprintf(out, "  %-16s  %s\n", action_text(&an->actions[i],
			    item, sizeof(item)), value_text(an->values[i], vb,
			    sizeof(vb)));
		fprintf(out, "best: ");
		print_actions(out, an, an->best, an->nbest, ", ", 0);
		fprintf(out, "\nperfect play: ");
		print_pv(out, an, "; ", 0);
		fprintf(out, "; %s\n", value_text(an->value, vb, sizeof(vb)));
		break;
	case TYPE_JSON:
		fprintf(out, "{\"game\":%lu,\"line\":%lu,\"position\":\"%s\","
		    "\"mover\":", index, line, sb);
		if (over)
			fprintf(out, "null");
		else
			fprintf(out, "\"%c\"",
			    QTTT_PLAYER_LETTER(qttt_state_turn(st)));
		fprintf(out, ",\"value\":\"%s\",\"actions\":[", vb);
		for (i = 0; i < an->nactions; i++)
			fprintf(out, "%s{\"item\":\"%s\",\"value\":\"%s\"}",
			    i > 0 ? "," : "", action_text(&an->actions[i],
			    item, sizeof(item)), value_text(an->values[i], vb,
			    sizeof(vb)));
		fprintf(out, "],\"best\":[");
		print_actions(out, an, an->best, an->nbest, ",", 1);
		fprintf(out, "],\"pv\":[");
		print_pv(out, an, ",", 1);
		fprintf(out, "]}\n");
		break;
	case TYPE_YAML:
		fprintf(out, "---\nposition: '%s'\nvalue: %s\n", sb, vb);
		if (!over) {
			fprintf(out, "actions:\n");
			for (i = 0; i < an->nactions; i++)
				fprintf(out, "  - {item: %s, value: %s}\n",
				    action_text(&an->actions[i], item,
				    sizeof(item)), value_text(an->values[i],
				    vb, sizeof(vb)));
			fprintf(out, "best: [");
			print_actions(out, an, an->best, an->nbest, ", ",
			    0);
			fprintf(out, "]\npv: [");
			print_pv(out, an, ", ", 0);
			fprintf(out, "]\n");
		}
		break;
	}
}

/* The totals of an input, or of a chunk of it. */
struct tally {
	unsigned long	 games;		/* read */
	unsigned long	 shown;		/* selected (-g) */
	unsigned long	 analysed;
	unsigned long	 invalid;
	struct counts	 counts;
	int		 status;	/* EXIT_VALID or EXIT_INVALID */
};

/* What every thread reads of an input. */
struct run {
	const struct options	*o;
	const char		*name;
	struct analyst		*main;	/* the main thread's */
};

/*
 * Analyses the game (or position) of a valid record, name's, onto out
 * (diagnostics on err, after par_sync(job)).  Returns 0, or -1 if the
 * record could not be analysed or written with annotations.
 */
static int
analyse_record(struct analyst *a, const struct run *run, FILE *out,
    FILE *err, struct par_job *job, const struct qttt_record *rec,
    const struct qttt_game *g, struct tally *t)
{
	const struct options *o = run->o;
	struct qttt_diag d;
	struct counts	 c;
	long		 dec;
	size_t		 i;

	memset(&d, 0, sizeof(d));
	if (rec->format == QTTT_FORMAT_STATE) {
		if (qttt_solver_analyze(a->solver, &g->state, QTTT_SOLVE_PV,
		    &a->an, &d) != QTTT_OK)
			goto refused;
		t->analysed++;
		if (!o->summary)
			print_position(out, o, rec->index, rec->line + 1,
			    &g->state, &a->an);
		return 0;
	}
	for (i = 0; i < g->nplies; i++)
		if (judge_ply(a, g, i, &d) == -1)
			goto refused;
	t->analysed++;
	memset(&c, 0, sizeof(c));
	count_marks(a->plies, g->nplies, &c);
	add_counts(&t->counts, &c);
	if (o->summary) {
		dec = decisive_ply(a->plies, g->nplies);
		if (o->type == TYPE_JSON) {
			fprintf(out, "{\"game\":%lu,\"line\":%lu,",
			    rec->index, rec->line);
			print_counts_json(out, &c);
			fprintf(out, ",\"decisive\":");
			if (dec == -1)
				fprintf(out, "null}\n");
			else
				fprintf(out, "%ld}\n", dec + 1);
		} else {
			fprintf(out, "game %lu, line %lu: ", rec->index,
			    rec->line + 1);
			print_counts_text(out, &c);
			if (dec == -1)
				fprintf(out, "; decisive: none\n");
			else
				fprintf(out, "; decisive: ply %ld\n", dec + 1);
		}
		return 0;
	}
	switch (o->type) {
	case TYPE_REPORT:
		/* On one thread only (analyse_input): the blank line
		 * depends on the games before. */
		if (t->analysed > 1)
			fprintf(out, "\n");
		report_game(out, a->plies, rec, g);
		break;
	case TYPE_JSON:
		json_game(out, a->plies, rec, g);
		break;
	case TYPE_YAML:
		return yaml_game(a, out, err, job, run->name, rec, g,
		    o->quiet);
	}
	return 0;
refused:
	if (!o->quiet) {
		par_sync(job);
		show_line_msg(err, run->name, rec->line, "error", "%s",
		    d.msg);
	}
	return -1;
}

/*
 * Analyses the games of r onto out, with diagnostics on err (with job,
 * a chunk's streams, which par_sync() keeps in order), and counts them
 * in t.  Returns what qttt_reader_next() returned last (0 at the end,
 * -1 on a read error, with the diagnostic in rec), or PAR_STOP if out
 * cannot be written.
 */
static int
analyse_games(struct analyst *a, const struct run *run,
    struct qttt_reader *r, struct qttt_record *rec, FILE *out, FILE *err,
    struct par_job *job, struct tally *t)
{
	const struct options *o = run->o;
	struct qttt_game game;
	unsigned long	 prev = 0;
	int		 k;

	/* par_more() may leave the rest of a chunk to the main thread. */
	while ((k = par_more(job) ? qttt_reader_next(r, rec) : 0) == 1) {
		t->games += starts_game(rec, prev);
		prev = rec->index;
		if (o->games != NULL && !in_ranges(&o->gameset, rec->index))
			continue;
		t->shown++;
		if (qttt_record_play(rec, &game) > 0) {
			t->status = EXIT_INVALID;
			t->invalid++;
			if (!o->quiet) {
				/* The games before come first. */
				par_sync(job);
				show_record_diags(err, run->name, rec, 0);
			}
		} else if (analyse_record(a, run, out, err, job, rec, &game,
		    t) == -1)
			t->status = EXIT_INVALID;
		if (ferror(out))
			return PAR_STOP;
		/* Several states of a stream may have one game number. */
		if (o->games != NULL && rec->format != QTTT_FORMAT_STATE &&
		    rec->index >= ranges_last(&o->gameset))
			break;
	}
	return k;
}

static struct analyst *
analyst_new(size_t table)
{
	struct analyst	*a;

	if ((a = malloc(sizeof(*a))) == NULL)
		return NULL;
	if ((a->solver = qttt_solver_new(table)) == NULL) {
		free(a);
		return NULL;
	}
	return a;
}

static void
analyst_free(struct analyst *a)
{
	if (a == NULL)
		return;
	qttt_solver_free(a->solver);
	free(a);
}

/* A worker thread's analyst (parallel.h), with a solver of its own. */
static void *
worker_new(const void *arg)
{
	const struct run *run = arg;

	return analyst_new(run->o->table);
}

static void
worker_free(void *local)
{
	analyst_free(local);
}

static void
analyse_chunk(const void *arg, struct par_job *job)
{
	const struct run *run = arg;
	struct qttt_record *rec;
	int		 k;

	/* A record is large for a worker's stack. */
	if ((rec = malloc(sizeof(*rec))) == NULL) {
		job->failed = 1;
		return;
	}
	k = analyse_games(job->local != NULL ? job->local : run->main, run,
	    job->reader, rec, job->out, job->err, job, job->result);
	if (k == PAR_STOP)
		job->failed = 1;
	free(rec);
}

static void
add_tally(void *totals, const struct par_job *job)
{
	struct tally		*t = totals;
	const struct tally	*u = job->result;

	t->games += u->games;
	t->shown += u->shown;
	t->analysed += u->analysed;
	t->invalid += u->invalid;
	add_counts(&t->counts, &u->counts);
	if (u->status > t->status)
		t->status = u->status;
}

/* The summary of an input (-s). */
static void
summarise_input(const struct options *o, const char *name,
    const struct tally *t)
{
	if (o->type == TYPE_JSON) {
		printf("{\"input\":");
		qttt_json_string(stdout, name, strlen(name));
		printf(",\"games\":%lu,\"analysed\":%lu,\"invalid\":%lu,",
		    t->shown, t->analysed, t->invalid);
		print_counts_json(stdout, &t->counts);
		printf("}\n");
		return;
	}
	printf("%s: %lu %s analysed, %lu invalid: ", name, t->analysed,
	    plural(t->analysed, "game", "games"), t->invalid);
	print_counts_text(stdout, &t->counts);
	printf("\n");
}

/*
 * The text of a chunk: every chunk under way holds its output, which
 * is about 25 times the games' records for JSON Lines and 6 times for
 * YAML; smaller chunks also share the games out more evenly between
 * the threads, each game taking some milliseconds.
 */
static size_t
chunk_size(const struct options *o)
{
	if (o->summary)
		return QTTT_CHUNK_TEXT / 8;
	return o->type == TYPE_JSON ? QTTT_CHUNK_TEXT / 32 :
	    QTTT_CHUNK_TEXT / 16;
}

/*
 * Analyses one input with a, the main thread's analyst.  Returns the
 * exit status it deserves, or EXIT_STOP if standard output cannot be
 * written.
 */
static int
analyse_input(const struct options *o, struct analyst *a, const char *path)
{
	static struct qttt_record rec;
	struct par_tool	 tool = { sizeof(struct tally), 0, analyse_chunk,
			    add_tally, worker_new, worker_free };
	struct qttt_reader *r;
	struct tally	 t;
	struct run	 run;
	int		 fd, k = QTTT_SPLIT_NOT;

	run.o = o;
	run.name = input_name(path);
	run.main = a;
	if ((r = open_reader(path, o->format, &fd)) == NULL)
		return EXIT_TROUBLE;
	memset(&t, 0, sizeof(t));
	/*
	 * On several threads when each game's output stands alone: not
	 * for some games only (-g), nor for the report, which puts a
	 * blank line between the games it has written, nor for YAML,
	 * which keeps the comment lines that the chunks leave out.
	 */
	if (o->threads > 1 && o->games == NULL && (o->summary ||
	    (o->type != TYPE_REPORT && o->type != TYPE_YAML))) {
		tool.chunksize = chunk_size(o);
		if (fflush(stdout) == EOF)
			k = PAR_STOP;
		else
			k = par_input(r, &rec, o->threads, &tool, &run, &t);
	}
	if (k == QTTT_SPLIT_NOT)
		k = analyse_games(a, &run, r, &rec, stdout, stderr, NULL, &t);
	if (k == PAR_STOP)
		t.status = EXIT_STOP;
	else if ((k = end_selection(run.name, k, &rec, t.games, o->games,
	    t.shown, o->quiet)) != EXIT_VALID)
		t.status = k;
	else if (o->summary)
		summarise_input(o, run.name, &t);
	close_reader(r, fd);
	return t.status;
}

/* -S: the one position of a state string. */
static int
analyse_state(const struct options *o, struct analyst *a, const char *s)
{
	struct qttt_state st;
	struct qttt_diag d;

	memset(&d, 0, sizeof(d));
	if (qttt_state_parse(s, strlen(s), &st, &d) != QTTT_OK) {
		if (!o->quiet)
			fprintf(stderr, "%s: -S: column %lu: %s\n", progname,
			    d.col + 1, d.msg);
		return EXIT_INVALID;
	}
	if (qttt_solver_analyze(a->solver, &st, QTTT_SOLVE_PV, &a->an, &d) !=
	    QTTT_OK) {
		if (!o->quiet)
			fprintf(stderr, "%s: -S: %s\n", progname, d.msg);
		return EXIT_INVALID;
	}
	print_position(stdout, o, 1, 1, &st, &a->an);
	return EXIT_VALID;
}

static int
parse_type(const char *s)
{
	static const struct name_value names[] = {
		{ "report", TYPE_REPORT },
		{ "json", TYPE_JSON },
		{ "yaml", TYPE_YAML },
	};

	return lookup_name(names, NVALUES(names), s);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format",	required_argument,	NULL, 'f' },
		{ "game",	required_argument,	NULL, 'g' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "memory",	required_argument,	NULL, 'm' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "state",	required_argument,	NULL, 'S' },
		{ "summary",	no_argument,		NULL, 's' },
		{ "type",	required_argument,	NULL, 'T' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	struct options	 o;
	struct analyst	*a;
	unsigned long long mib = TABLE_MIB;
	const char	*state = NULL;
	int		 ch, v, status = EXIT_VALID, s = EXIT_VALID, i;

	start_tool(argv);
	memset(&o, 0, sizeof(o));
	o.threads = par_threads();
	while ((ch = getopt_long(argc, argv, "f:g:hm:qS:sT:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			if ((s = format_option(usage, "", optarg,
			    &o.format)) != 0)
				return s;
			break;
		case 'g':
			if ((s = games_option(usage, optarg, &o.gameset,
			    &o.games)) != 0)
				return s;
			break;
		case 'h':
			help();
			break;
		case 'm':
			if (parse_number(optarg, 0, 65536, &mib) == -1)
				return usage_error(usage, "-m: not a size in "
				    "MiB (0 to 65536): %s", optarg);
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'S':
			state = optarg;
			break;
		case 's':
			o.summary = 1;
			break;
		case 'T':
			if ((v = parse_type(optarg)) == -1)
				return usage_error(usage, "unknown type: %s "
				    "(report, json or yaml)", optarg);
			o.type = v;
			break;
		case 'V':
			print_version();
			break;
		default:
			usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	argc -= optind;
	argv += optind;
	if (state != NULL && argc > 0)
		return usage_error(usage, "-S takes no file");
	if (o.summary && (o.type == TYPE_YAML || state != NULL))
		return usage_error(usage, "-s goes with -T report or json, "
		    "and files");

	o.table = ((size_t)mib << 20) / o.threads;
	if ((a = analyst_new(o.table)) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_TROUBLE;
	}
	if (state != NULL)
		status = analyse_state(&o, a, state);
	else
		for (i = 0; i < (argc > 0 ? argc : 1); i++) {
			s = analyse_input(&o, a, argc > 0 ? argv[i] : "-");
			if (s == EXIT_STOP)
				break;
			if (s > status)
				status = s;
		}
	analyst_free(a);
	if (s == EXIT_STOP) {
		/* finish_output() says why, if the stream knows. */
		if (finish_output() == 0)
			fprintf(stderr, "%s: cannot write the output\n",
			    progname);
		return EXIT_TROUBLE;
	}
	if (finish_output() != 0)
		return EXIT_TROUBLE;
	return status;
}
