/*
 * Streams of states read back as games (state_reader.c: struct
 * qttt_history), and the diagrams qttt-render draws of games and of
 * such streams (diagrams.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "check_qttt.h"

/* A line of qttt-replay's JSON Lines: a state with its game and ply. */
static void
put_state(FILE *f, unsigned long game, long ply, const char *file,
    const struct qttt_state *st)
{
	char	 s[QTTT_STATE_MAX];

	qttt_state_format(st, s, sizeof(s));
	fprintf(f, "{\"game\":%lu,", game);
	if (ply >= 0)
		fprintf(f, "\"ply\":%ld,", ply);
	if (file != NULL)
		fprintf(f, "\"file\":\"%s\",", file);
	fprintf(f, "\"state\":\"%s\"}\n", s);
}

/* As put_state(), with the path qttt-replay -v writes. */
static void
put_state_path(FILE *f, unsigned long game, long ply, const char *path,
    const struct qttt_state *st)
{
	char	 s[QTTT_STATE_MAX];

	qttt_state_format(st, s, sizeof(s));
	fprintf(f, "{\"game\":%lu,\"ply\":%ld,\"path\":\"%s\",\"state\":"
	    "\"%s\"}\n", game, ply, path, s);
}

/* The states of a line of moves, played from the empty board. */
static void
line_states(const char *moves, struct qttt_state *st, size_t n)
{
	static struct qttt_record rec;
	struct qttt_game g;
	size_t		 p;

	ck_assert_int_eq(qttt_line_parse(moves, strlen(moves), 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
	ck_assert_uint_eq(g.nplies + 1, n);
	for (p = 0; p < n; p++)
		qttt_game_state_at(&g, p, &st[p]);
}

/*
 * qttt-replay -a -v -T json of game 1, "X1 a1 c3; O2 a1 c1 (O2 b2 b3;
 * X3 a2 b2); X3 a1 c1", on a stream into *text that is left open,
 * its states in m and v.
 */
static FILE *
var_states(char **text, size_t *len, struct qttt_state *m,
    struct qttt_state *v)
{
	FILE	*f;

	line_states("X1 a1 c3; O2 a1 c1; X3 a1 c1", m, 4);
	line_states("X1 a1 c3; O2 b2 b3; X3 a2 b2", v, 4);
	ck_assert_ptr_nonnull(f = open_memstream(text, len));
	put_state_path(f, 1, 0, "0", &m[0]);
	put_state_path(f, 1, 1, "1", &m[1]);
	put_state_path(f, 1, 2, "2", &m[2]);
	put_state_path(f, 1, 2, "2.1.1", &v[2]);
	put_state_path(f, 1, 3, "2.1.2", &v[3]);
	put_state_path(f, 1, 3, "3", &m[3]);
	return f;
}

/* What the reader made of one line of a stream. */
struct seen {
	unsigned long		 index, line;	/* line 0-based */
	int			 valid;
	struct qttt_history	 h;
	char			 path[QTTT_PATH_MAX];	/* or "" */
};

/* Reads a stream, keeping each record's history; returns the count. */
static size_t
read_stream(const char *text, size_t n, struct seen *out, size_t max)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct input	 in;
	size_t		 i = 0;

	input_open(&in, text, n, QTTT_FORMAT_AUTO, &rec, &game);
	while (input_next(&in) == 1) {
		ck_assert_uint_lt(i, max);
		ck_assert_int_eq(rec.format, QTTT_FORMAT_STATE);
		out[i].index = rec.index;
		out[i].line = rec.line;
		out[i].valid = in.errors == 0;
		out[i].h = rec.history;
		snprintf(out[i].path, sizeof(out[i].path), "%.*s",
		    (int)rec.pathlen, rec.path != NULL ? rec.path : "");
		i++;
	}
	input_close(&in);
	return i;
}

/*
 * qttt-replay -a -T json of random games, read back: each state knows
 * its game up to it, every ply of it recovered.
 */
START_TEST(test_stream_generated)
{
	static struct seen seen[4096];
	struct qttt_generator gen;
	struct qttt_game games[64];
	struct qttt_state empty, st;
	char		*text = NULL;
	size_t		 len = 0, n, i, k = 0, p, q;
	unsigned long	 line = 0;
	FILE		*f;

	qttt_generator_init(&gen, 1000 + _i, QTTT_GEN_UNFINISHED);
	qttt_state_init(&empty);
	ck_assert_ptr_nonnull(f = open_memstream(&text, &len));
	for (i = 0; i < 64; i++) {
		qttt_generator_game(&gen, &games[i]);
		for (p = 0; p <= games[i].nplies; p++) {
			qttt_game_state_at(&games[i], p, &st);
			put_state(f, i + 1, p, "g.qttt", &st);
		}
	}
	ck_assert_int_eq(fclose(f), 0);
	n = read_stream(text, len, seen, 4096);
	for (i = 0; i < 64; i++)
		for (p = 0; p <= games[i].nplies; p++, k++) {
			ck_assert_uint_lt(k, n);
			ck_assert_int_eq(seen[k].valid, 1);
			ck_assert_uint_eq(seen[k].index, i + 1);
			ck_assert_uint_eq(seen[k].h.nstates, p + 1);
			if (p == 0)
				line = seen[k].line;
			ck_assert_uint_eq(seen[k].h.line, line);
			ck_assert_int_eq(seen[k].h.first, 0);
			ck_assert_int_eq(seen[k].h.gap, 0);
			ck_assert(qttt_state_equal(&seen[k].h.start, &empty));
			ck_assert_uint_eq(seen[k].h.nplies, p);
			for (q = 0; q < p; q++)
				ck_assert(qttt_action_equal(
				    &seen[k].h.plies[q], &games[i].plies[q]));
		}
	ck_assert_uint_eq(k, n);
	free(text);
}
END_TEST

/* Where a game of a stream starts again, and where a ply is missing. */
START_TEST(test_stream_breaks)
{
	static const char moves[] = "X1 a1 b1; O2 b1 c1; X3 c1 a1; "
	    "measure X3->a1; O4 b2 c3";
	static struct seen s[16];
	static struct qttt_record rec;
	struct qttt_game g;
	struct qttt_state st[6];
	char		*text = NULL;
	size_t		 len = 0, p;
	FILE		*f;

	ck_assert_int_eq(qttt_line_parse(moves, strlen(moves), 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
	ck_assert_uint_eq(g.nplies, 5);
	for (p = 0; p <= 5; p++)
		qttt_game_state_at(&g, p, &st[p]);
	ck_assert_ptr_nonnull(f = open_memstream(&text, &len));
	put_state(f, 1, 0, "a", &st[0]);	/* 0: game 1 starts */
	put_state(f, 1, 1, "a", &st[1]);	/* 1: its ply 1 */
	put_state(f, 1, 3, "a", &st[3]);	/* 2: ply 2 missing */
	put_state(f, 1, 4, "a", &st[4]);	/* 3: goes on after the gap */
	put_state(f, 1, 5, "b", &st[5]);	/* 4: another file */
	put_state(f, 2, 1, NULL, &st[1]);	/* 5: game 2 */
	fputs("{\"game\":2,\"ply\":2,\"state\":\"nonsense\"}\n", f);
	put_state(f, 2, 3, NULL, &st[3]);	/* 7: after a line no state */
	put_state(f, 2, 2, NULL, &st[2]);	/* 8: not a later ply */
	put_state(f, 2, 3, NULL, &st[4]);	/* 9: not one action on */
	fputs("x1,x1o2,o2/.,.,./.,.,. X3 - *\n", f);	/* 10: bare */
	put_state(f, 5, 1, NULL, &st[1]);	/* 11: game 5, no ply said */
	fprintf(f, "{\"game\":5,\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n");
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(read_stream(text, len, s, 16), 13);

	ck_assert_uint_eq(s[0].h.nstates, 1);
	ck_assert_uint_eq(s[1].h.nstates, 2);
	ck_assert_uint_eq(s[1].h.nplies, 1);
	ck_assert(qttt_action_equal(&s[1].h.plies[0], &g.plies[0]));
	/* A ply missing: the plies start again from the state after it. */
	ck_assert_uint_eq(s[2].h.nstates, 3);
	ck_assert_int_eq(s[2].h.gap, 1);
	ck_assert_uint_eq(s[2].h.nplies, 0);
	ck_assert(qttt_state_equal(&s[2].h.start, &st[3]));
	ck_assert_uint_eq(s[3].h.nstates, 4);
	ck_assert_int_eq(s[3].h.gap, 1);
	ck_assert_uint_eq(s[3].h.nplies, 1);
	ck_assert(qttt_action_equal(&s[3].h.plies[0], &g.plies[3]));
	ck_assert_uint_eq(s[3].h.line, 0);
	ck_assert_int_eq(s[3].h.first, 0);
	/* Another file, another game: a game starts. */
	ck_assert_uint_eq(s[4].h.nstates, 1);
	ck_assert_int_eq(s[4].h.first, 5);
	ck_assert_uint_eq(s[4].h.line, 4);
	ck_assert(qttt_state_equal(&s[4].h.start, &st[5]));
	ck_assert_uint_eq(s[5].h.nstates, 1);
	ck_assert_uint_eq(s[5].index, 2);
	/* A line that is no state has no history, and breaks nothing. */
	ck_assert_int_eq(s[6].valid, 0);
	ck_assert_uint_eq(s[6].h.nstates, 0);
	ck_assert_uint_eq(s[7].h.nstates, 2);
	ck_assert_int_eq(s[7].h.gap, 1);
	ck_assert_uint_eq(s[7].h.line, 5);
	/* Not a later ply: a game of its own. */
	ck_assert_uint_eq(s[8].h.nstates, 1);
	ck_assert_int_eq(s[8].h.first, 2);
	/* The next ply, but no action leads there. */
	ck_assert_uint_eq(s[9].h.nstates, 2);
	ck_assert_int_eq(s[9].h.gap, 1);
	ck_assert_uint_eq(s[9].h.nplies, 0);
	/* A bare string is a game of its own, its ply not known. */
	ck_assert_uint_eq(s[10].h.nstates, 1);
	ck_assert_int_eq(s[10].h.first, -1);
	/* A state whose ply is not said does not go on from another. */
	ck_assert_uint_eq(s[11].h.nstates, 1);
	ck_assert_uint_eq(s[12].h.nstates, 1);
	free(text);
}
END_TEST

/*
 * qttt-replay -v -T json: the states of a variation, named by their
 * paths, stand on their own, and the main line's game goes on after
 * them; a path that is none, or that names another ply, is refused.
 */
START_TEST(test_stream_paths)
{
	static struct seen s[16];
	struct qttt_state m[4], v[4];
	char		*text = NULL;
	size_t		 len = 0;
	FILE		*f;

	f = var_states(&text, &len, m, v);
	put_state_path(f, 1, 2, "2.x", &m[2]);		/* 6: no path */
	put_state_path(f, 1, 3, "2.1.1", &v[2]);	/* 7: 2 plies, not 3 */
	put_state_path(f, 1, 4, "4", &v[3]);		/* 8: a gap */
	/* qttt-replay -a -p 2.1.2: that line's game, from ply 0. */
	put_state_path(f, 2, 0, "0", &v[0]);		/* 9 */
	put_state_path(f, 2, 1, "1", &v[1]);		/* 10 */
	put_state_path(f, 2, 2, "2.1.1", &v[2]);	/* 11 */
	put_state_path(f, 2, 3, "2.1.2", &v[3]);	/* 12 */
	/* Deeper: on the line through "1", a ply missing; another not. */
	put_state_path(f, 3, 1, "1", &v[1]);		/* 13 */
	put_state_path(f, 3, 3, "2.1.2.1.1", &v[3]);	/* 14 */
	put_state_path(f, 3, 4, "2.1.2.1.1.1.2", &v[3]);	/* 15 */
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(read_stream(text, len, s, 16), 16);

	ck_assert_str_eq(s[2].path, "2");
	ck_assert_uint_eq(s[2].h.nstates, 3);
	ck_assert_int_eq(s[2].h.aside, 0);
	/* The variation: each state on its own, its path kept. */
	ck_assert_str_eq(s[3].path, "2.1.1");
	ck_assert_int_eq(s[3].h.aside, 1);
	ck_assert_uint_eq(s[3].h.nstates, 1);
	ck_assert_int_eq(s[3].h.first, 2);
	ck_assert(qttt_state_equal(&s[3].h.start, &v[2]));
	ck_assert_str_eq(s[4].path, "2.1.2");
	ck_assert_uint_eq(s[4].h.nstates, 1);
	/* The main line goes on from its ply 2, every ply known. */
	ck_assert_uint_eq(s[5].h.nstates, 4);
	ck_assert_int_eq(s[5].h.gap, 0);
	ck_assert_uint_eq(s[5].h.nplies, 3);
	ck_assert_int_eq(s[5].valid, 1);
	ck_assert_int_eq(s[6].valid, 0);
	ck_assert_int_eq(s[7].valid, 0);
	/* A later main-line state after refused lines: the game goes on. */
	ck_assert_int_eq(s[8].valid, 1);
	ck_assert_uint_eq(s[8].h.nstates, 5);
	ck_assert_int_eq(s[8].h.gap, 1);
	/* One variation's line followed, every action known. */
	ck_assert_int_eq(s[11].h.aside, 0);
	ck_assert_uint_eq(s[11].h.nstates, 3);
	ck_assert_uint_eq(s[12].h.nstates, 4);
	ck_assert_int_eq(s[12].h.aside, 0);
	ck_assert_int_eq(s[12].h.gap, 0);
	ck_assert_uint_eq(s[12].h.nplies, 3);
	ck_assert(qttt_state_equal(&s[12].h.start, &v[0]));
	/* 2.1.2.1.1 replaces 2.1.2: its line goes through 2.1.1 and 1. */
	ck_assert_int_eq(s[14].h.aside, 0);
	ck_assert_uint_eq(s[14].h.nstates, 2);
	ck_assert_int_eq(s[14].h.gap, 1);
	/* 2.1.2.1.1.1.2 is a ply later, on a line not through 2.1.2.1.1. */
	ck_assert_int_eq(s[15].valid, 1);
	ck_assert_int_eq(s[15].h.aside, 1);
	free(text);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The diagrams of games                                                */
/* ------------------------------------------------------------------ */

/* The files a writer of diagrams asked for, with what went into them. */
struct files {
	size_t	 n;
	char	 name[32][32];
	char	*text[32];
	size_t	 len[32];
	int	 refuse;	/* open() says no */
};

static FILE *
files_open(void *arg, const char *name)
{
	struct files	*fs = arg;
	FILE		*f;

	if (fs->refuse)
		return NULL;
	ck_assert_uint_lt(fs->n, 32);
	snprintf(fs->name[fs->n], sizeof(fs->name[0]), "%s", name);
	fs->text[fs->n] = NULL;
	ck_assert_ptr_nonnull(f = open_memstream(&fs->text[fs->n],
	    &fs->len[fs->n]));
	fs->n++;
	return f;
}

static int
files_close(void *arg, FILE *f, int failed)
{
	(void)arg;
	ck_assert_int_eq(failed, 0);
	return fclose(f) == 0 ? 0 : -1;
}

static void
files_free(struct files *fs)
{
	size_t	 i;

	for (i = 0; i < fs->n; i++)
		free(fs->text[i]);
	fs->n = 0;
}

/* Options for a writer of diagrams into fs. */
static void
files_opts(struct qttt_diagrams_opts *o, struct files *fs)
{
	memset(o, 0, sizeof(*o));
	qttt_render_defaults(&o->render);
	o->from = o->to = -1;
	o->open = files_open;
	o->close = files_close;
	o->arg = fs;
	memset(fs, 0, sizeof(*fs));
}

/*
 * Puts every record of text through a writer with options o, and ends
 * it; returns the last status other than 0 that put or end gave.
 */
static int
diagrams_of(const char *text, const struct qttt_diagrams_opts *o,
    struct qttt_diag *d)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_diagrams *w;
	struct qttt_replay r;
	struct input	 in;
	int		 k, status = 0;

	ck_assert_ptr_nonnull(w = qttt_diagrams_open(NULL, o));
	input_open(&in, text, strlen(text), QTTT_FORMAT_AUTO, &rec, &game);
	while (input_next(&in) == 1) {
		ck_assert_uint_eq(in.errors, 0);
		r.file = "f";
		r.rec = &rec;
		r.game = &game;
		r.changed = -1;
		if ((k = qttt_diagrams_put(w, &r, d)) != 0)
			status = k;
	}
	input_close(&in);
	if ((k = qttt_diagrams_close(w, d)) != 0)
		status = k;
	return status;
}

#define GAME	"X1 a1 b1; O2 b1 c1\nX1 b2 c3\n"

START_TEST(test_diagrams_records)
{
	struct qttt_diagrams_opts o;
	struct files	 fs;
	struct qttt_diag d;

	/* Every position of every game. */
	files_opts(&o, &fs);
	o.all = 1;
	ck_assert_int_eq(diagrams_of(GAME, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 5);
	ck_assert_str_eq(fs.name[0], "game0001-ply00.txt");
	ck_assert_str_eq(fs.name[2], "game0001-ply02.txt");
	ck_assert_str_eq(fs.name[4], "game0002-ply01.txt");
	ck_assert_ptr_nonnull(strstr(fs.text[2], "After O2 b1 c1"));
	files_free(&fs);
	/* The last position; a range that ends at the game's end. */
	files_opts(&o, &fs);
	o.svg = 1;
	ck_assert_int_eq(diagrams_of(GAME, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 2);
	ck_assert_str_eq(fs.name[0], "game0001-ply02.svg");
	ck_assert_ptr_nonnull(strstr(fs.text[0], "<svg"));
	files_free(&fs);
	files_opts(&o, &fs);
	o.from = 1;
	o.to = 5;
	ck_assert_int_eq(diagrams_of(GAME, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 3);
	ck_assert_str_eq(fs.name[1], "game0001-ply02.txt");
	ck_assert_str_eq(fs.name[2], "game0002-ply01.txt");
	files_free(&fs);
	/* A game whole: animated, or as a sheet. */
	files_opts(&o, &fs);
	o.svg = o.animate = 1;
	ck_assert_int_eq(diagrams_of(GAME, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 2);
	ck_assert_str_eq(fs.name[0], "game0001.svg");
	ck_assert_ptr_nonnull(strstr(fs.text[0], "<animate"));
	files_free(&fs);
	/* A writer whose file cannot be opened stops. */
	files_opts(&o, &fs);
	fs.refuse = 1;
	ck_assert_int_eq(diagrams_of(GAME, &o, &d), -1);
}
END_TEST

/* On one stream: text boards parted by a blank line. */
START_TEST(test_diagrams_one_stream)
{
	static struct qttt_record rec;
	struct qttt_diagrams_opts o;
	struct qttt_diagrams *w;
	struct qttt_game g;
	struct qttt_replay r = { "f", &rec, &g, -1 };
	struct qttt_diag d;
	struct qttt_state st;
	char		*a = NULL, *b = NULL, *all = NULL;
	size_t		 na = 0, nb = 0, nall = 0;
	FILE		*f;

	ck_assert_int_eq(qttt_line_parse("X1 a1 b1", 8, 0, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
	memset(&o, 0, sizeof(o));
	qttt_render_defaults(&o.render);
	o.from = 0;
	o.to = 1;
	ck_assert_ptr_nonnull(f = open_memstream(&all, &nall));
	ck_assert_ptr_nonnull(w = qttt_diagrams_open(f, &o));
	ck_assert_int_eq(qttt_diagrams_put(w, &r, &d), 0);
	ck_assert_int_eq(qttt_diagrams_close(w, &d), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(f = open_memstream(&a, &na));
	qttt_game_state_at(&g, 0, &st);
	ck_assert_int_eq(qttt_render_text(f, &st, NULL, 0, &o.render), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(f = open_memstream(&b, &nb));
	ck_assert_int_eq(qttt_render_text(f, &g.state, g.plies, 1,
	    &o.render), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(nall, na + 1 + nb);
	ck_assert_int_eq(memcmp(all, a, na), 0);
	ck_assert_int_eq(all[na], '\n');
	ck_assert_int_eq(memcmp(all + na + 1, b, nb), 0);
	free(a);
	free(b);
	free(all);
}
END_TEST

/* qttt-replay -a -T json of "X1 a1 b1; O2 b1 c1; X3 c1 a1" as game 3. */
#define STATES \
	"{\"game\":3,\"ply\":0,\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n" \
	"{\"game\":3,\"ply\":1,\"state\":\"x1,x1,./.,.,./.,.,. O2 - *\"}\n" \
	"{\"game\":3,\"ply\":2,\"state\":\"x1,x1o2,o2/.,.,./.,.,. X3 - *\"}\n"

/*
 * qttt-replay -v -T json: every state drawn, those of a variation named
 * by their paths; -p and -A follow the main line, as for the record.
 */
START_TEST(test_diagrams_var_states)
{
	static const char rec[] =
	    "X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2); X3 a1 c1\n";
	struct qttt_diagrams_opts o;
	struct qttt_state m[4], v[4];
	struct files	 fs, whole;
	struct qttt_diag d;
	char		*text = NULL;
	size_t		 len = 0;
	FILE		*f;

	f = var_states(&text, &len, m, v);
	ck_assert_int_eq(fclose(f), 0);

	files_opts(&o, &fs);
	ck_assert_int_eq(diagrams_of(text, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 6);
	ck_assert_str_eq(fs.name[2], "game0001-ply02.txt");
	ck_assert_str_eq(fs.name[3], "game0001-ply2.1.1.txt");
	ck_assert_str_eq(fs.name[4], "game0001-ply2.1.2.txt");
	ck_assert_str_eq(fs.name[5], "game0001-ply03.txt");
	/* The main line's ply 3 knows its action, after the variation. */
	ck_assert_ptr_nonnull(strstr(fs.text[5], "After X3 a1 c1"));
	files_free(&fs);
	files_opts(&o, &fs);
	o.from = o.to = 2;
	ck_assert_int_eq(diagrams_of(text, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_str_eq(fs.name[0], "game0001-ply02.txt");
	files_free(&fs);
	/* A sheet: the main line's four positions, the variation's none. */
	files_opts(&o, &fs);
	o.svg = 1;
	o.sheet = 4;
	ck_assert_int_eq(diagrams_of(text, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_uint_eq(occurrences(fs.text[0],
	    "class=\"qttt-sheet-cell"), 4);
	files_free(&fs);
	/* Animated: the main line, the same picture as of the record. */
	files_opts(&o, &fs);
	o.svg = o.animate = 1;
	ck_assert_int_eq(diagrams_of(text, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 1);
	files_opts(&o, &whole);
	o.svg = o.animate = 1;
	ck_assert_int_eq(diagrams_of(rec, &o, &d), 0);
	ck_assert_uint_eq(whole.n, 1);
	ck_assert_str_eq(fs.name[0], whole.name[0]);
	ck_assert_uint_eq(fs.len[0], whole.len[0]);
	ck_assert_int_eq(memcmp(fs.text[0], whole.text[0], fs.len[0]), 0);
	files_free(&fs);
	files_free(&whole);
	free(text);
}
END_TEST

START_TEST(test_diagrams_streams)
{
	struct qttt_diagrams_opts o;
	struct files	 fs;
	struct qttt_diag d;

	/* Each state as it comes: the stream has chosen them. */
	files_opts(&o, &fs);
	ck_assert_int_eq(diagrams_of(STATES, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 3);
	ck_assert_str_eq(fs.name[0], "game0003-ply00.txt");
	ck_assert_str_eq(fs.name[2], "game0003-ply02.txt");
	/* The action between two states is known: it is named. */
	ck_assert_ptr_nonnull(strstr(fs.text[2], "After O2 b1 c1"));
	files_free(&fs);
	/* A ply past the game's states: its last, at its end. */
	files_opts(&o, &fs);
	o.from = o.to = 7;
	ck_assert_int_eq(diagrams_of(STATES, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_str_eq(fs.name[0], "game0003-ply02.txt");
	files_free(&fs);
	/* Animated whole, at its end. */
	files_opts(&o, &fs);
	o.svg = o.animate = 1;
	ck_assert_int_eq(diagrams_of(STATES, &o, &d), 0);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_str_eq(fs.name[0], "game0003.svg");
	files_free(&fs);
	/* A game that misses a ply is not. */
	files_opts(&o, &fs);
	o.svg = o.animate = 1;
	ck_assert_int_eq(diagrams_of(
	    "{\"game\":3,\"ply\":0,\"state\":\".,.,./.,.,./.,.,. X1 - *\"}\n"
	    "{\"game\":3,\"ply\":2,\"state\":\"x1,x1o2,o2/.,.,./.,.,. X3 - "
	    "*\"}\n", &o, &d), -2);
	ck_assert_uint_eq(fs.n, 0);
	ck_assert_uint_eq(d.line, 0);
	ck_assert_str_eq(d.msg, "game 3 of the stream misses plies (from 0 "
	    "to 2): it cannot be animated");
	/* Nor has a game that starts late a state after an early ply. */
	files_opts(&o, &fs);
	o.from = o.to = 0;
	ck_assert_int_eq(diagrams_of("# a stream\n"
	    "{\"game\":3,\"ply\":2,\"state\":\"x1,x1o2,o2/.,.,./.,.,. X3 - "
	    "*\"}\n", &o, &d), -2);
	ck_assert_uint_eq(d.line, 1);
	ck_assert_str_eq(d.msg, "game 3 of the stream starts after ply 2: "
	    "it has no state after ply 0");
	/* A bare state string: named by its number alone. */
	files_opts(&o, &fs);
	ck_assert_int_eq(diagrams_of(".,.,./.,.,./.,.,. X1 - *\n"
	    ".,.,./.,.,./.,.,. X1 - *\n", &o, &d), 0);
	ck_assert_uint_eq(fs.n, 2);
	ck_assert_str_eq(fs.name[1], "game0002.txt");
	files_free(&fs);
}
END_TEST

/* A position with no record: numbered 1. */
START_TEST(test_diagrams_position)
{
	struct qttt_diagrams_opts o;
	struct qttt_diagrams *w;
	struct files	 fs;
	struct qttt_game g;
	struct qttt_replay r = { NULL, NULL, &g, -1 };
	struct qttt_diag d;
	char		 name[32];

	files_opts(&o, &fs);
	qttt_game_init(&g);
	ck_assert_ptr_nonnull(w = qttt_diagrams_open(NULL, &o));
	ck_assert_int_eq(qttt_diagrams_put(w, &r, &d), 0);
	ck_assert_int_eq(qttt_diagrams_close(w, &d), 0);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_str_eq(fs.name[0], "game0001.txt");
	files_free(&fs);
	ck_assert_int_eq(qttt_diagrams_close(NULL, &d), 0);
	ck_assert_int_eq(qttt_diagrams_name(name, sizeof(name), 12345, 14,
	    "svg"), 19);
	ck_assert_str_eq(name, "game12345-ply14.svg");
	ck_assert_int_eq(qttt_diagrams_path_name(name, sizeof(name), 7,
	    "5.1.2x", 5, "txt"), 21);
	ck_assert_str_eq(name, "game0007-ply5.1.2.txt");
}
END_TEST

Suite *
stream_suite(void)
{
	Suite	*s = suite_create("stream");
	TCase	*tc;

	tc = tcase_create("history");
	tcase_add_loop_test(tc, test_stream_generated, 0, 4);
	tcase_add_test(tc, test_stream_breaks);
	tcase_add_test(tc, test_stream_paths);
	suite_add_tcase(s, tc);
	tc = tcase_create("diagrams");
	tcase_add_test(tc, test_diagrams_records);
	tcase_add_test(tc, test_diagrams_one_stream);
	tcase_add_test(tc, test_diagrams_streams);
	tcase_add_test(tc, test_diagrams_var_states);
	tcase_add_test(tc, test_diagrams_position);
	suite_add_tcase(s, tc);
	return s;
}
