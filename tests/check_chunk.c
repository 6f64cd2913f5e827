/*
 * Chunks (reader.c): the games of a line-notation input read through
 * qttt_reader_split() and readers of its chunks are the games its own
 * reader yields, with the same numbers, positions, flags and
 * diagnostics, whatever the lines hold and wherever the cuts fall.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "check_qttt.h"

/* Lines of every kind: whether they hold a game is the hard part. */
#define LINE(s)	{ s, sizeof(s) - 1 }
static const struct {
	const char	*text;
	size_t		 len;
} odd_lines[] = {
	LINE(""), LINE(" "), LINE("\t"), LINE("\r"), LINE(" \r"),
	LINE("\r\r"), LINE("#"), LINE("  # comment"),
	LINE("# comment \x01"), LINE("# \xff"), LINE("# \0"), LINE(";"),
	LINE(" ; "), LINE("X1 a1 b1 # late"), LINE("X1 a1 a1; bad"),
	LINE("\0"), LINE(" \0"), LINE("\xc2\x85"), LINE("\xef\xbb\xbf"),
	LINE("measure X1->a1"), LINE("*"), LINE("X1 a1 b1;"),
	LINE("x1 A1 B1;  o2 b1 c1"),
	LINE("X1 a1 b1; O2 a1 b1; X3 a1 b2; measure X3->a1"),
	LINE("X1 1 2; O2 2 3; X3 3 1; measure X3->1; 1-0"),
	LINE("\t# tab, then a comment"), LINE("X1 a1 b1\x7f"),
	LINE("\xe2\x86\x92"),
};
#define NODD	(sizeof(odd_lines) / sizeof(odd_lines[0]))

/* A random line of pieces that each mean something to the parser. */
static size_t
random_line(struct qttt_generator *gen, char *buf, size_t max)
{
	static const char *const pieces[] = {
		" ", "\t", "#", ";", "\r", "X1", "O2", "a1", "b2", "3",
		"measure", "->", "1-0", "*", "\xc2\xa0", "\xc2\x80", "\xff",
		"x", "\x01",
	};
	const char	*p;
	size_t		 n = 0, len, k, i;

	k = qttt_generator_uniform(gen, 6);
	for (i = 0; i < k; i++) {
		p = pieces[qttt_generator_uniform(gen,
		    sizeof(pieces) / sizeof(pieces[0]))];
		len = strlen(p);
		if (n + len > max)
			break;
		memcpy(buf + n, p, len);
		n += len;
	}
	return n;
}

/*
 * A text of generated games with every kind of line between them, an
 * over-long line, a byte-order mark at the start and no newline at the
 * end.  Returns its length; *text is malloc'd.
 */
static size_t
make_text(char **text, uint64_t seed)
{
	struct qttt_generator gen;
	struct qttt_game game;
	FILE		*f;
	char		*buf = NULL, line[64];
	size_t		 size = 0, i, n, k;

	ck_assert_ptr_nonnull(f = open_memstream(&buf, &size));
	fputs("\xef\xbb\xbf", f);
	qttt_generator_init(&gen, seed, QTTT_GEN_UNFINISHED);
	for (i = 0; i < 3000; i++) {
		switch (qttt_generator_uniform(&gen, 4)) {
		case 0:
			k = qttt_generator_uniform(&gen, NODD);
			fwrite(odd_lines[k].text, 1, odd_lines[k].len, f);
			break;
		case 1:
			n = random_line(&gen, line, sizeof(line));
			fwrite(line, 1, n, f);
			break;
		default:
			qttt_generator_game(&gen, &game);
			write_to(f, QTTT_FORMAT_LINE, &game, NULL);
			continue;	/* it wrote its newline */
		}
		fputs(qttt_generator_uniform(&gen, 8) == 0 ? "\r\n" : "\n",
		    f);
		if (i == 1500) {
			/* Longer than any line the reader keeps. */
			for (k = 0; k < QTTT_LINE_MAX / 8 + 100; k++)
				fputs("X1 a1 b1", f);
			fputs("\n", f);
		}
	}
	fputs("X1 a1 b1; O2 b1 c1", f);		/* no newline */
	ck_assert_int_eq(fclose(f), 0);
	*text = buf;
	return size;
}

static FILE *
text_file(const char *text, size_t n)
{
	FILE	*f;

	ck_assert_ptr_nonnull(f = tmpfile());
	ck_assert_uint_eq(fwrite(text, 1, n, f), n);
	ck_assert_int_eq(fflush(f), 0);
	rewind(f);
	return f;
}

/* Whether two records read from the same line are the same. */
static void
same_record(const struct qttt_record *a, const struct qttt_record *b)
{
	size_t	 i;

	ck_assert_uint_eq(a->index, b->index);
	ck_assert_uint_eq(a->line, b->line);
	ck_assert_int_eq(a->format, b->format);
	ck_assert_uint_eq(a->nitems, b->nitems);
	for (i = 0; i < a->nitems; i++) {
		ck_assert_int_eq(a->items[i].kind, b->items[i].kind);
		ck_assert_mem_eq(&a->items[i].action, &b->items[i].action,
		    sizeof(a->items[i].action));
		ck_assert_uint_eq(a->items[i].col, b->items[i].col);
		ck_assert_uint_eq(a->items[i].sqcol[1], b->items[i].sqcol[1]);
	}
	ck_assert_int_eq(a->damaged, b->damaged);
	ck_assert_uint_eq(a->ndiags, b->ndiags);
	ck_assert_uint_eq(a->ndropped, b->ndropped);
	for (i = 0; i < a->ndiags; i++) {
		ck_assert_int_eq(a->diags[i].code, b->diags[i].code);
		ck_assert_uint_eq(a->diags[i].line, b->diags[i].line);
		ck_assert_uint_eq(a->diags[i].col, b->diags[i].col);
		ck_assert_str_eq(a->diags[i].msg, b->diags[i].msg);
	}
	ck_assert_uint_eq(a->textlen, b->textlen);
	ck_assert_mem_eq(a->text, b->text, a->textlen);
	ck_assert_uint_eq(a->textflags, b->textflags);
	ck_assert_uint_eq(a->commentlen, b->commentlen);
}

/*
 * Reads text both ways, with chunks of size bytes, and compares game
 * by game.  Returns the number of games.
 */
static unsigned long
read_both(const char *text, size_t n, size_t size)
{
	static struct qttt_record a, b, err;
	struct qttt_reader *whole, *split, *part;
	struct qttt_chunk *ch;
	FILE		*f1, *f2;
	unsigned long	 games = 0;
	int		 k, chunks = 0;

	f1 = text_file(text, n);
	f2 = text_file(text, n);
	ck_assert_ptr_nonnull(whole = qttt_reader_open(fileno(f1),
	    QTTT_FORMAT_AUTO));
	ck_assert_ptr_nonnull(split = qttt_reader_open(fileno(f2),
	    QTTT_FORMAT_AUTO));
	ck_assert_ptr_nonnull(ch = qttt_chunk_new(size));
	while ((k = qttt_reader_split(split, ch, &err)) == 1) {
		chunks++;
		ck_assert_ptr_nonnull(part = qttt_reader_open_chunk(ch));
		while (qttt_reader_next(part, &b) == 1) {
			ck_assert_int_eq(qttt_reader_next(whole, &a), 1);
			same_record(&a, &b);
			games++;
		}
		qttt_reader_close(part);
	}
	ck_assert_int_eq(k, 0);
	/* Nothing is left over, and the cuts were many. */
	ck_assert_int_eq(qttt_reader_next(whole, &a), 0);
	ck_assert_int_ge(chunks, (int)(n / ((size > 0 ? size :
	    QTTT_CHUNK_TEXT) + QTTT_LINE_MAX)));
	ck_assert_int_gt(chunks, 1);
	qttt_chunk_free(ch);
	qttt_reader_close(whole);
	qttt_reader_close(split);
	fclose(f1);
	fclose(f2);
	return games;
}

START_TEST(chunks_read_as_the_input)
{
	static const size_t sizes[] = { 1, 100, 4096, 0 };
	char		*text;
	size_t		 n;
	unsigned long	 games;

	n = make_text(&text, 20261129 + _i);
	games = read_both(text, n, sizes[_i]);
	/* Most lines hold games: the generated ones at least. */
	ck_assert_uint_gt(games, 1500);
	free(text);
}
END_TEST

START_TEST(split_leaves_other_formats)
{
	static const char yaml[] = "moves: [X1 a1 b1]\n";
	struct qttt_record rec;
	struct qttt_reader *r;
	struct qttt_chunk *ch;
	FILE		*f = text_file(yaml, sizeof(yaml) - 1);

	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(f),
	    QTTT_FORMAT_AUTO));
	ck_assert_ptr_nonnull(ch = qttt_chunk_new(0));
	ck_assert_int_eq(qttt_reader_split(r, ch, &rec), QTTT_SPLIT_NOT);
	/* Nothing was consumed. */
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_uint_eq(rec.nitems, 1);
	ck_assert_int_eq(qttt_reader_format(r), QTTT_FORMAT_YAML);
	qttt_chunk_free(ch);
	qttt_reader_close(r);
	fclose(f);
}
END_TEST

START_TEST(split_reports_read_errors)
{
	struct qttt_record rec;
	struct qttt_reader *r;
	struct qttt_chunk *ch;
	int		 fd;

	/* Reading a directory fails with EISDIR. */
	ck_assert_int_ne(fd = open(".", O_RDONLY), -1);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fd, QTTT_FORMAT_LINE));
	ck_assert_ptr_nonnull(ch = qttt_chunk_new(0));
	ck_assert_int_eq(qttt_reader_split(r, ch, &rec), -1);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_IO);
	/* And again: the error stays. */
	ck_assert_int_eq(qttt_reader_split(r, ch, &rec), -1);
	qttt_chunk_free(ch);
	qttt_reader_close(r);
	close(fd);
}
END_TEST

START_TEST(split_of_nothing)
{
	static const char text[] = "\n# only a comment\n\n";
	struct qttt_record rec;
	struct qttt_reader *r;
	struct qttt_chunk *ch;
	FILE		*f = text_file(text, sizeof(text) - 1);

	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(f),
	    QTTT_FORMAT_AUTO));
	ck_assert_ptr_nonnull(ch = qttt_chunk_new(0));
	ck_assert_int_eq(qttt_reader_split(r, ch, &rec), 0);
	ck_assert_int_eq(qttt_reader_split(r, ch, &rec), 0);
	qttt_chunk_free(ch);
	qttt_reader_close(r);
	fclose(f);
}
END_TEST

/* A source in memory handed out a few bytes at a time, or failing. */
struct dribble {
	const char	*text;
	size_t		 len, pos, step;
	int		 fail;		/* errno to fail with once past pos */
};

static long
dribble_fill(void *arg, char *buf, size_t n)
{
	struct dribble *d = arg;

	if (d->fail != 0 && d->pos > 0) {
		errno = d->fail;
		return -1;
	}
	if (n > d->step)
		n = d->step;
	if (n > d->len - d->pos)
		n = d->len - d->pos;
	memcpy(buf, d->text + d->pos, n);
	d->pos += n;
	return (long)n;
}

/*
 * A reader of a fill function yields the games a reader of a file
 * descriptor on the same bytes yields, however few bytes each call
 * gives, in every format; a failing fill is a read error.
 */
START_TEST(fill_reads_as_a_file)
{
	static const char *const texts[] = {
		"# lead\nX1 a1 b1; O2 b1 c1\n\nX1 a1 a1\nX1 1 2 # c\n",
		"---\nx: Ann\nmoves: [X1 a1 b1, O2 a1 b1]\n---\n"
		    "moves: [X1 a1 b1, O2 a1 b1, X3 a1 a2]\n",
		"X1+(1,2); O2+(2,3)\n",
		"1a2.3.4.5.6.7.8.9 X2\n",
	};
	struct qttt_record a, b;
	struct qttt_reader *r;
	struct dribble	 d;
	struct input	 in;
	struct qttt_game g;
	size_t		 i = (size_t)_i % 4, step = 1 + (size_t)_i / 4;
	int		 k, want;

	memset(&d, 0, sizeof(d));
	d.text = texts[i];
	d.len = strlen(texts[i]);
	d.step = step;
	input_open(&in, d.text, d.len, QTTT_FORMAT_AUTO, &a, &g);
	ck_assert_ptr_nonnull(r = qttt_reader_open_fill(dribble_fill, &d,
	    QTTT_FORMAT_AUTO));
	do {
		want = input_next(&in);
		k = qttt_reader_next(r, &b);
		ck_assert_int_eq(k, want);
		if (k != 1)
			break;
		ck_assert_int_eq(qttt_record_play(&b, NULL), in.errors);
		ck_assert_uint_eq(b.index, a.index);
		ck_assert_uint_eq(b.line, a.line);
		ck_assert_uint_eq(b.nitems, a.nitems);
		ck_assert_uint_eq(b.ndiags, a.ndiags);
		ck_assert_uint_eq(b.nmeta, a.nmeta);
		if (b.ndiags > 0)
			ck_assert_str_eq(b.diags[0].msg, a.diags[0].msg);
	} while (k == 1);
	ck_assert_int_eq(qttt_reader_format(r), qttt_reader_format(in.r));
	qttt_reader_close(r);
	input_close(&in);

	/* A fill that fails after its first bytes: a read error. */
	memset(&d, 0, sizeof(d));
	d.text = texts[0];
	d.len = strlen(texts[0]);
	d.step = step;
	d.fail = EACCES;
	ck_assert_ptr_nonnull(r = qttt_reader_open_fill(dribble_fill, &d,
	    QTTT_FORMAT_LINE));
	while ((k = qttt_reader_next(r, &b)) == 1)
		;
	ck_assert_int_eq(k, -1);
	ck_assert_int_eq(b.diags[0].code, QTTT_E_IO);
	ck_assert_str_eq(b.diags[0].msg, strerror(EACCES));
	qttt_reader_close(r);
}
END_TEST

/*
 * Reading on several threads (qttt_par_input()): the games of every
 * chunk played once, their output and error lines written in input
 * order (one stream for both shows the order), the tallies merged, a
 * chunk whose output outgrows QTTT_PAR_OUTMAX finished on the calling
 * thread, another format left to qttt_reader_next(), and an output
 * that fails stops the reading.
 */
#define PAR_GAMES	6000
#define PAR_WIDE	100	/* the output of a game, with -wide */

struct par_tally {
	unsigned long	 games, bad;
};

static void
par_run(const void *arg, struct qttt_par_job *job)
{
	static _Thread_local struct qttt_record rec;
	const int	*wide = arg;
	struct par_tally *t = job->result;
	struct qttt_game g;

	while (qttt_par_more(job) && qttt_reader_next(job->reader, &rec) ==
	    1) {
		t->games++;
		fprintf(job->out, "%-*lu\n", *wide ? PAR_WIDE - 1 : 0,
		    rec.index);
		if (qttt_record_play(&rec, &g) > 0) {
			t->bad++;
			qttt_par_sync(job);
			fprintf(job->err, "bad %lu\n", rec.index);
		}
	}
}

static void
par_merge(void *totals, const struct qttt_par_job *job)
{
	struct par_tally *to = totals;
	const struct par_tally *from = job->result;

	to->games += from->games;
	to->bad += from->bad;
}

static const struct qttt_par_tool par_tool = { sizeof(struct par_tally),
	0, par_run, par_merge, NULL, NULL };

/* The input: PAR_GAMES lines, every seventh invalid. */
static char *
par_text(size_t *n)
{
	char	*text = NULL;
	FILE	*f;
	int	 i;

	ck_assert_ptr_nonnull(f = open_memstream(&text, n));
	for (i = 1; i <= PAR_GAMES; i++)
		fputs(i % 7 == 0 ? "X1 a1 a1\n" : "X1 a1 b1; O2 b1 c1\n", f);
	ck_assert_int_eq(fclose(f), 0);
	return text;
}

START_TEST(par_input_in_order)
{
	static struct qttt_record rec;
	struct qttt_par_tool tool = par_tool;
	struct par_tally totals = { 0, 0 };
	struct qttt_reader *r;
	char		*text, *out = NULL, *want = NULL;
	size_t		 n, outlen, wantlen;
	FILE		*in, *f, *w;
	int		 wide = _i >= 4, i;

	/* Small chunks, or the default with an output that outgrows it. */
	tool.chunksize = wide ? 0 : 512;
	text = par_text(&n);
	in = text_file(text, n);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(in),
	    QTTT_FORMAT_AUTO));
	ck_assert_ptr_nonnull(f = open_memstream(&out, &outlen));
	ck_assert_int_eq(qttt_par_input(r, &rec, _i % 4 + 1, &tool, &wide,
	    &totals, f, f), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(w = open_memstream(&want, &wantlen));
	for (i = 1; i <= PAR_GAMES; i++) {
		fprintf(w, "%-*d\n", wide ? PAR_WIDE - 1 : 0, i);
		if (i % 7 == 0)
			fprintf(w, "bad %d\n", i);
	}
	ck_assert_int_eq(fclose(w), 0);
	ck_assert_uint_eq(outlen, wantlen);
	ck_assert_str_eq(out, want);
	ck_assert_uint_eq(totals.games, PAR_GAMES);
	ck_assert_uint_eq(totals.bad, PAR_GAMES / 7);
	qttt_reader_close(r);
	fclose(in);
	free(text);
	free(out);
	free(want);
}
END_TEST

START_TEST(par_input_other_format)
{
	static const char yaml[] = "moves: [X1 a1 b1]\n";
	static struct qttt_record rec;
	struct par_tally totals = { 0, 0 };
	struct qttt_reader *r;
	FILE		*in;
	int		 wide = 0;

	in = text_file(yaml, sizeof(yaml) - 1);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(in),
	    QTTT_FORMAT_AUTO));
	ck_assert_int_eq(qttt_par_input(r, &rec, 2, &par_tool, &wide,
	    &totals, stdout, stderr), QTTT_SPLIT_NOT);
	ck_assert_uint_eq(totals.games, 0);
	/* Nothing was read: the reader reads it. */
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_int_eq(rec.format, QTTT_FORMAT_YAML);
	qttt_reader_close(r);
	fclose(in);
}
END_TEST

START_TEST(par_input_output_fails)
{
	static struct qttt_record rec;
	struct par_tally totals = { 0, 0 };
	struct qttt_reader *r;
	char		*text;
	size_t		 n;
	FILE		*in, *full;
	int		 wide = 1;

	if ((full = fopen("/dev/full", "w")) == NULL)
		return;
	text = par_text(&n);
	in = text_file(text, n);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(in),
	    QTTT_FORMAT_AUTO));
	ck_assert_int_eq(qttt_par_input(r, &rec, 2, &par_tool, &wide,
	    &totals, full, full), QTTT_PAR_STOP);
	ck_assert_uint_lt(totals.games, PAR_GAMES);
	qttt_reader_close(r);
	fclose(full);
	fclose(in);
	free(text);
}
END_TEST

Suite *
chunk_suite(void)
{
	Suite	*s = suite_create("chunk");
	TCase	*tc = tcase_create("split");

	tcase_add_loop_test(tc, chunks_read_as_the_input, 0, 4);
	tcase_add_test(tc, split_leaves_other_formats);
	tcase_add_test(tc, split_reports_read_errors);
	tcase_add_test(tc, split_of_nothing);
	tcase_add_loop_test(tc, fill_reads_as_a_file, 0, 4 * 3);
	tcase_add_loop_test(tc, par_input_in_order, 0, 8);
	tcase_add_test(tc, par_input_other_format);
	tcase_add_test(tc, par_input_output_fails);
	suite_add_tcase(s, tc);
	return s;
}
