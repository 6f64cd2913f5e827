/*
 * Conversions between the formats: round trips over generated games
 * (lib/analysis/generate.c) for every pair of the line notation, YAML,
 * JSON and Goff's notation, through the writers and the reader with
 * format detection.  Each pair must give back the same games; metadata and
 * comments must survive wherever the target can hold them, so that a
 * round trip through such a target gives back the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <limits.h>

#include "qttt.h"
#include "notation/notation.h"
#include "output/output.h"
#include "check_qttt.h"

#define NGAMES	400

enum fmt {
	LINE,
	YAML,
	JSON,
	GOFF,
	NFMT
};

static const char *const fmt_name[NFMT] = { "line", "yaml", "json", "goff" };

/* What a format holds besides the game. */
#define HOLDS_COMMENT	0x1	/* a comment on the game */
#define HOLDS_META	0x2	/* metadata, move comments, notes, glyphs */
#define HOLDS_LEAD	0x4	/* comment lines before the game */

static const unsigned int holds[NFMT] = {
	HOLDS_COMMENT | HOLDS_META | HOLDS_LEAD,
	HOLDS_COMMENT | HOLDS_META | HOLDS_LEAD,
	HOLDS_COMMENT | HOLDS_META, 0
};

/* What the games get in each format (decorate). */
static const unsigned int given[NFMT] = {
	HOLDS_META | HOLDS_LEAD, HOLDS_META | HOLDS_LEAD, HOLDS_META, 0
};

/* The format the reader detects for each. */
static const enum qttt_format detected[NFMT] = {
	QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_YAML, QTTT_FORMAT_GOFF
};

static struct qttt_game games[NGAMES];

/* A growing text in memory. */
struct text {
	char	*buf;
	size_t	 len;
	FILE	*f;
};

static void
text_open(struct text *t)
{
	t->buf = NULL;
	t->len = 0;
	ck_assert_ptr_nonnull(t->f = open_memstream(&t->buf, &t->len));
}

static void
text_close(struct text *t)
{
	ck_assert_int_eq(fclose(t->f), 0);
}

static void
write_as(enum fmt f, FILE *out, const struct qttt_game *g,
    const struct qttt_record *rec)
{
	static const enum qttt_format to[NFMT] = {
		QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_JSON,
		QTTT_FORMAT_GOFF
	};
	struct qttt_extras ex;

	qttt_extras_from_record(&ex, g, rec);
	ck_assert_int_eq(write_to(out, to[f], g, f == GOFF ? NULL : &ex), 0);
}

/* What decorate() hangs on game i. */
static char	 event[NGAMES][32], round_[NGAMES][16], first[NGAMES][48];
static char	 note[NGAMES][48], lead[NGAMES][48];

/*
 * The notes on the first move of every game: a number, which stays
 * one, and a string (which YAML may write plain, since it reads back
 * as a string).
 */
static const struct qttt_meta first_notes[3] = {
	{ "value", 5, "-0.5", 4, 1, 0, 0 },
	{ "best", 4, "X3 a2 b3", 8, 0, 0, 0 },
	{ "mark", 4, "??", 2, 1, 0, 0 }		/* a glyph, last */
};

/*
 * A record for game i with what format f is given: a game comment, or
 * metadata (a string, a number), a comment and notes on the first move
 * and, of two lines, a comment on the last.
 */
static void
decorate(struct qttt_record *rec, struct qttt_meta meta[2], enum fmt f,
    size_t i)
{
	const struct qttt_game *g = &games[i];
	size_t		 k;

	qttt_record_clear(rec);
	snprintf(event[i], sizeof(event[i]), "game %zu: 'test'", i);
	snprintf(round_[i], sizeof(round_[i]), "%zu", i + 1);
	snprintf(first[i], sizeof(first[i]), "the first move of game %zu", i);
	snprintf(note[i], sizeof(note[i]), "the last move\nof game %zu", i);
	snprintf(lead[i], sizeof(lead[i]), "# game %zu\n%s", i,
	    i % 2 == 0 ? "\n" : "# of two lines\n");
	if (given[f] & HOLDS_LEAD) {
		rec->lead = lead[i];
		rec->leadlen = strlen(lead[i]);
	}
	if (given[f] & HOLDS_META) {
		meta[0].key = "event";
		meta[0].keylen = 5;
		meta[0].value = event[i];
		meta[0].valuelen = strlen(event[i]);
		meta[0].plain = 0;
		meta[1].key = "round";
		meta[1].keylen = 5;
		meta[1].value = round_[i];
		meta[1].valuelen = strlen(round_[i]);
		meta[1].plain = 1;
		rec->meta = meta;
		rec->nmeta = 2;
		rec->nitems = g->nplies;
		for (k = 0; k < g->nplies; k++) {
			rec->items[k].kind = QTTT_ITEM_ACTION;
			rec->items[k].comment = NULL;
			rec->items[k].commentlen = 0;
			rec->items[k].nnotes = 0;
			rec->items[k].notes = NULL;
		}
		rec->items[0].nnotes = 3;
		rec->items[0].notes = first_notes;
		rec->items[0].comment = first[i];
		rec->items[0].commentlen = strlen(first[i]);
		if (g->nplies > 1) {
			rec->items[g->nplies - 1].comment = note[i];
			rec->items[g->nplies - 1].commentlen = strlen(note[i]);
		}
	} else if (given[f] & HOLDS_COMMENT) {
		rec->comment = event[i];
		rec->commentlen = strlen(event[i]);
	}
}

/* The same game: the same plies and the same position. */
static void
same_game(const struct qttt_game *a, const struct qttt_game *b,
    const char *what, size_t i)
{
	char	 sa[QTTT_RECORD_MAX], sb[QTTT_RECORD_MAX];

	qttt_game_format(a, sa, sizeof(sa));
	qttt_game_format(b, sb, sizeof(sb));
	ck_assert_msg(strcmp(sa, sb) == 0, "%s: game %zu: '%s' came back as "
	    "'%s'", what, i, sa, sb);
	ck_assert_msg(qttt_state_equal(&a->state, &b->state), "%s: game %zu "
	    "has another position", what, i);
}

static int
meta_is(const struct qttt_record *rec, size_t k, const char *key,
    const char *value)
{
	return k < rec->nmeta && rec->meta[k].keylen == strlen(key) &&
	    memcmp(rec->meta[k].key, key, strlen(key)) == 0 &&
	    rec->meta[k].valuelen == strlen(value) &&
	    memcmp(rec->meta[k].value, value, strlen(value)) == 0;
}

/* What game i read from a text in format f must hold besides itself. */
static void
check_extras(const struct qttt_record *rec, unsigned int kept,
    const char *what, size_t i)
{
	const struct qttt_game *g = &games[i];

	if (kept & HOLDS_META) {
		ck_assert_msg(meta_is(rec, 0, "event", event[i]) &&
		    meta_is(rec, 1, "round", round_[i]), "%s: game %zu lost "
		    "its metadata", what, i);
		ck_assert_msg(rec->items[0].comment != NULL &&
		    rec->items[0].commentlen == strlen(first[i]) &&
		    memcmp(rec->items[0].comment, first[i],
		    strlen(first[i])) == 0, "%s: game %zu lost a comment",
		    what, i);
		if (g->nplies > 1)
			ck_assert_msg(rec->items[g->nplies - 1].commentlen ==
			    strlen(note[i]), "%s: game %zu lost a comment",
			    what, i);
		ck_assert_msg(rec->items[0].nnotes == 3 &&
		    rec->items[0].notes[2].valuelen == 2 &&
		    memcmp(rec->items[0].notes[2].value, "??", 2) == 0 &&
		    rec->items[0].notes[0].plain &&
		    rec->items[0].notes[0].valuelen == 4 &&
		    memcmp(rec->items[0].notes[0].value, "-0.5", 4) == 0 &&
		    rec->items[0].notes[1].valuelen == 8 &&
		    memcmp(rec->items[0].notes[1].value, "X3 a2 b3", 8) == 0,
		    "%s: game %zu lost the notes on its first move", what, i);
	}
	if (kept & HOLDS_LEAD)
		ck_assert_msg(rec->leadlen == strlen(lead[i]) &&
		    memcmp(rec->lead, lead[i], rec->leadlen) == 0, "%s: game "
		    "%zu lost its comment lines", what, i);
	if (kept & HOLDS_META) {
	} else if (kept & HOLDS_COMMENT) {
		ck_assert_msg((rec->comment != NULL &&
		    rec->commentlen == strlen(event[i]) &&
		    memcmp(rec->comment, event[i], rec->commentlen) == 0) ||
		    meta_is(rec, 0, "comment", event[i]), "%s: game %zu lost "
		    "its comment", what, i);
	}
}

/*
 * Reads a text of NGAMES games in format f, checks each against the
 * games, and writes each (with its record) in format to, and, if
 * back is not NULL, the same in format f into back.
 */
static void
read_text(const struct text *t, enum fmt f, unsigned int kept,
    const char *what, enum fmt to, struct text *out)
{
	static struct qttt_record rec;
	static struct qttt_game g;
	struct qttt_reader *r;
	FILE		*in;
	size_t		 i = 0, nerr;
	int		 k;

	ck_assert_ptr_nonnull(in = tmpfile());
	ck_assert_uint_eq(fwrite(t->buf, 1, t->len, in), t->len);
	ck_assert_int_eq(fflush(in), 0);
	rewind(in);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(in),
	    QTTT_FORMAT_AUTO));
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		ck_assert_msg(i < NGAMES, "%s: more games than written",
		    what);
		nerr = qttt_record_play(&rec, &g);
		ck_assert_msg(nerr == 0, "%s: game %zu: %s", what, i,
		    rec.ndiags > 0 ? rec.diags[0].msg : "?");
		same_game(&games[i], &g, what, i);
		check_extras(&rec, kept, what, i);
		if (out != NULL)
			write_as(to, out->f, &g, &rec);
		i++;
	}
	ck_assert_int_eq(k, 0);
	ck_assert_msg(i == NGAMES, "%s: %zu games of %d", what, i, NGAMES);
	ck_assert_msg(qttt_reader_format(r) == detected[f], "%s: detected as "
	    "format %d", what, (int)qttt_reader_format(r));
	qttt_reader_close(r);
	fclose(in);
}

/*
 * From format _i to every format and back: the same games every time,
 * what the target holds kept, and the same bytes again after a round
 * trip through a target that holds all the source holds.
 */
START_TEST(test_round_trip)
{
	enum fmt	 from = _i, to;
	struct qttt_record rec;
	struct qttt_meta meta[2];
	struct text	 src, mid, back;
	char		 what[64];
	size_t		 i;

	text_open(&src);
	for (i = 0; i < NGAMES; i++) {
		decorate(&rec, meta, from, i);
		write_as(from, src.f, &games[i], &rec);
	}
	text_close(&src);
	for (to = 0; to < NFMT; to++) {
		snprintf(what, sizeof(what), "%s -> %s", fmt_name[from],
		    fmt_name[to]);
		text_open(&mid);
		read_text(&src, from, given[from], what, to, &mid);
		text_close(&mid);
		snprintf(what, sizeof(what), "%s -> %s -> %s", fmt_name[from],
		    fmt_name[to], fmt_name[from]);
		text_open(&back);
		read_text(&mid, to, given[from] & holds[to], what, from,
		    &back);
		text_close(&back);
		if ((given[from] & holds[to]) == given[from])
			ck_assert_msg(back.len == src.len &&
			    memcmp(back.buf, src.buf, src.len) == 0,
			    "%s: other bytes", what);
		free(back.buf);
		free(mid.buf);
	}
	free(src.buf);
}
END_TEST

/* Reads the one game of a text and writes it as a line into out. */
/* The one game of text t, read and written in format f. */
static void
convert(const struct text *t, enum fmt f, struct text *out)
{
	static struct qttt_record rec;
	static struct qttt_game g;
	struct qttt_reader *r;
	FILE		*in;

	ck_assert_ptr_nonnull(in = tmpfile());
	ck_assert_uint_eq(fwrite(t->buf, 1, t->len, in), t->len);
	ck_assert_int_eq(fflush(in), 0);
	rewind(in);
	ck_assert_ptr_nonnull(r = qttt_reader_open(fileno(in),
	    QTTT_FORMAT_AUTO));
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
	text_open(out);
	write_as(f, out->f, &g, &rec);
	text_close(out);
	ck_assert_int_eq(qttt_reader_next(r, &rec), 0);
	qttt_reader_close(r);
	fclose(in);
}

/*
 * The canonical record: text -> YAML -> text, text -> Goff -> text
 * (and through JSON, and the line notation itself) give back the
 * canonical line, whatever the spelling the text came in.
 */
/*
 * Records with variations, canonical: the line notation through YAML
 * and JSON gives each back byte for byte, and YAML and JSON through
 * themselves and each other are the same (formats/yaml-record.md,
 * section 3.1): nested, several at one move, glyphs, comments and
 * tags inside, one that ends the game, a variation's items after one
 * inside it.
 */
static const char *const varied[] = {
	"X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2; O4 b1 c2)); "
	    "X3 a1 c1\n",
	"X1 a1 b1 (X1 a1 c1) (X1 b2 c3?! [comment why not]; O2 a1 b1 "
	    "[clock 3]); O2 a2 b2!\n",
	"X1 a1 b1; O2 b1 b2; X3 b2 c3; O4 b3 c3 (O4 a2 a3); X5 c2 c3; "
	    "O6 a1 b2 (O6 a1 b2; measure O6->b2); measure O6->b2; 0-1\n",
	"[event lesson] X1 a1 b1 [w 2] (X1 a1 c1 (X1 b2 c3 [v 1]) (X1 a2 a3); "
	    "O2 b1 b2 (O2 a2 a3!! [comment \"one\\ntwo\"]); X3 c1 c2?); "
	    "O2 a2 a3 [best O2 b2 c3] # done\n",
};

static void
text_of(struct text *t, const char *s)
{
	text_open(t);
	fputs(s, t->f);
	text_close(t);
}

START_TEST(test_variations)
{
	struct text	 t, line, x, back, again, other;
	enum fmt	 f;

	text_of(&t, varied[_i]);
	convert(&t, LINE, &line);
	ck_assert_str_eq(line.buf, varied[_i]);
	for (f = YAML; f <= JSON; f++) {
		convert(&t, f, &x);
		ck_assert_ptr_nonnull(strstr(x.buf, "variations"));
		convert(&x, LINE, &back);
		ck_assert_msg(strcmp(back.buf, varied[_i]) == 0, "%s through "
		    "%s: %s", varied[_i], fmt_name[f], back.buf);
		convert(&x, f, &again);
		ck_assert_str_eq(again.buf, x.buf);
		free(again.buf);
		convert(&x, f == YAML ? JSON : YAML, &other);
		convert(&other, f, &again);
		ck_assert_str_eq(again.buf, x.buf);
		free(x.buf);
		free(back.buf);
		free(other.buf);
		free(again.buf);
	}
	free(line.buf);
	free(t.buf);
}
END_TEST

/*
 * A variation's item is a move of YAML and JSON as a ply is: a note
 * of its called as a key of the move's mapping is refused.
 */
START_TEST(test_variation_notes_refused)
{
	static const char *const keys[] = { "move", "comment", "variations" };
	static struct qttt_record rec;
	static struct qttt_game g;
	struct qttt_meta note;
	struct qttt_extras ex;
	struct qttt_diag d;
	struct out	 o;
	FILE		*f;

	ck_assert_int_eq(qttt_line_parse(varied[1], strlen(varied[1]) - 1, 0,
	    &rec), 1);
	ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
	note = rec.varitems[2].notes[0];
	note.key = keys[_i];
	note.keylen = strlen(keys[_i]);
	rec.varitems[2].notes = &note;
	qttt_extras_from_record(&ex, &g, &rec);
	f = out_open(&o);
	ck_assert_int_eq(qttt_record_write(f, QTTT_FORMAT_YAML, &g, &ex, &d),
	    -2);
	ck_assert_int_eq(d.code, QTTT_E_UNWRITABLE);
	ck_assert_ptr_nonnull(strstr(d.msg, "variation 2, item 2: note"));
	ck_assert_ptr_nonnull(strstr(d.msg, "the format's own key"));
	free(out_close(&o));
	/* Nor does the line notation read such a tag on a move. */
	ck_assert_int_eq(qttt_line_parse("X1 a1 b1 [variations 1]", 23, 0,
	    &rec), 1);
	ck_assert_uint_eq(rec.ndiags, 1);
	ck_assert_int_eq(rec.diags[0].code, QTTT_E_SYNTAX);
	ck_assert_ptr_nonnull(strstr(rec.diags[0].msg, "[variations]"));
}
END_TEST

START_TEST(test_canonical)
{
	static const char *const spellings[] = {
		"X1 a1 b1; O2 b1 a1; measure X1->a1",
		"X1 A1 B1;O2 2 1 ;measure  X1 \xe2\x86\x92 a1;",
		"X1 b1 a1; O2 a1 b1; measure O2->b1;",
	};
	static const char want[] = "X1 a1 b1; O2 a1 b1; measure O2->b1\n";
	static struct qttt_record rec;
	static struct qttt_game g;
	struct text	 t, back;
	enum fmt	 f;
	size_t		 i;

	for (i = 0; i < sizeof(spellings) / sizeof(spellings[0]); i++) {
		ck_assert_int_eq(qttt_line_parse(spellings[i],
		    strlen(spellings[i]), 0, &rec), 1);
		ck_assert_uint_eq(qttt_record_play(&rec, &g), 0);
		for (f = 0; f < NFMT; f++) {
			text_open(&t);
			write_as(f, t.f, &g, &rec);
			text_close(&t);
			convert(&t, LINE, &back);
			ck_assert_msg(strcmp(back.buf, want) == 0, "'%s' "
			    "through %s: '%s'", spellings[i], fmt_name[f],
			    back.buf);
			free(back.buf);
			free(t.buf);
		}
	}
}
END_TEST

static void
generate(void)
{
	struct qttt_generator gen;
	size_t		 i;

	qttt_generator_init(&gen, 20260101, QTTT_GEN_UNFINISHED);
	for (i = 0; i < NGAMES; i++)
		qttt_generator_game(&gen, &games[i]);
}

/*
 * The JSON emitter's numbers are what printf() writes, at every length
 * and on both sides of 32 bits, and every one below a million (and a
 * little more), which it writes in fixed point with no division.
 */
START_TEST(test_uint_text)
{
	char		 got[24], want[24];
	unsigned long	 n, p;
	int		 len;

	for (n = 0; n < 1100000; n++) {
		len = snprintf(want, sizeof(want), "%lu", n);
		if (qttt__output_emit_uint_text(got, n) - got != len ||
		    memcmp(got, want, len) != 0)
			ck_abort_msg("%lu written as %.*s", n, len, got);
	}
	for (p = 1; ; p *= 10) {
		for (n = p - 1; n <= p + 1; n++) {
			len = snprintf(want, sizeof(want), "%lu", n);
			ck_assert_int_eq(
			    qttt__output_emit_uint_text(got, n) - got, len);
			ck_assert_mem_eq(got, want, len);
		}
		if (p > ULONG_MAX / 10)
			break;
	}
	for (n = UINT_MAX - 1UL; n <= UINT_MAX + 101UL; n += 50) {
		len = snprintf(want, sizeof(want), "%lu", n);
		ck_assert_int_eq(qttt__output_emit_uint_text(got, n) - got,
		    len);
		ck_assert_mem_eq(got, want, len);
	}
	len = snprintf(want, sizeof(want), "%lu", ULONG_MAX);
	ck_assert_int_eq(qttt__output_emit_uint_text(got, ULONG_MAX) - got,
	    len);
	ck_assert_mem_eq(got, want, len);
}
END_TEST

/*
 * The line writer writes nothing it cannot read back: a tag text with
 * a NUL or invalid UTF-8, or more text than a record holds; and what
 * it writes (a key that does not start with a letter, quoted) reads
 * back as the line notation.
 */
/* The line writer refuses the extras of games[0], and writes nothing. */
static void
line_refused(const struct qttt_extras *ex)
{
	char	*buf;
	size_t	 len;
	FILE	*f;

	ck_assert((f = open_memstream(&buf, &len)) != NULL);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_LINE, &games[0], ex), -2);
	fclose(f);
	ck_assert_uint_eq(len, 0);
	free(buf);
}

START_TEST(test_line_refused)
{
	static const char *const keys[20] = { "aa", "ab", "ac", "ad", "ae",
		"af", "ag", "ah", "ai", "aj", "ak", "al", "am", "an", "ao",
		"ap", "aq", "ar", "as", "at" };
	static char	 big[QTTT_YAML_SCALAR_MAX];
	struct qttt_extras ex;
	struct qttt_meta m[20];
	struct qttt_record rec;
	struct qttt_reader *r;
	char		*buf;
	size_t		 len, i;
	FILE		*f;
	int		 fd;

	qttt_extras_init(&ex);
	ex.meta = m;
	ex.nmeta = 1;
	m[0] = (struct qttt_meta){ "event", 5, "a\0b", 3, 0, 0, 0 };
	line_refused(&ex);
	m[0].value = "a\xff" "b";
	line_refused(&ex);
	/*
	 * 20 values of 4 KiB: each may be, but not 80 KiB in all, more
	 * than any format holds (QTTT_EXTRAS_MAX).
	 */
	memset(big, 'x', sizeof(big));
	for (i = 0; i < 20; i++)
		m[i] = (struct qttt_meta){ keys[i], 2, big, sizeof(big), 0,
		    0, 0 };
	ex.nmeta = 20;
	ck_assert_int_eq(qttt_extras_check(&ex, games[0].nplies, NULL, 0),
	    -1);
	line_refused(&ex);
	/* A key of no letter first is quoted, and read back as such. */
	ex.nmeta = 1;
	m[0] = (struct qttt_meta){ "<<", 2, "x", 1, 0, 0, 0 };
	ck_assert((f = open_memstream(&buf, &len)) != NULL);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_LINE, &games[0], &ex), 0);
	fclose(f);
	ck_assert_msg(strncmp(buf, "[\"<<\" ", 5) == 0, "wrote '%s'", buf);
	ck_assert((f = tmpfile()) != NULL);
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	ck_assert_int_eq(fflush(f), 0);
	fd = fileno(f);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert((r = qttt_reader_open(fd, QTTT_FORMAT_AUTO)) != NULL);
	ck_assert_int_eq(qttt_reader_next(r, &rec), 1);
	ck_assert_int_eq(qttt_reader_format(r), QTTT_FORMAT_LINE);
	ck_assert_uint_eq(rec.nmeta, 1);
	ck_assert_mem_eq(rec.meta[0].key, "<<", 2);
	qttt_reader_close(r);
	fclose(f);
	free(buf);
	/* A date the readers refuse: every writer refuses it too. */
	m[0] = (struct qttt_meta){ "date", 4, "yesterday", 9, 0, 0, 0 };
	ck_assert_int_eq(qttt_extras_check(&ex, games[0].nplies, NULL, 0), -1);
	line_refused(&ex);
	ck_assert((f = open_memstream(&buf, &len)) != NULL);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_YAML, &games[0], &ex), -2);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_JSON, &games[0], &ex), -2);
	fclose(f);
	ck_assert_uint_eq(len, 0);
	free(buf);
	m[0].value = "2006-11";
	m[0].valuelen = 7;
	ck_assert_int_eq(qttt_extras_check(&ex, games[0].nplies, NULL, 0), 0);
	/* No tag has a key of no byte, or of more than 128. */
	memset(big, 'k', QTTT_YAML_KEY_MAX + 1);
	m[0] = (struct qttt_meta){ "", 0, "x", 1, 0, 0, 0 };
	for (i = 0; i < 2; i++) {
		line_refused(&ex);
		m[0].key = big;
		m[0].keylen = QTTT_YAML_KEY_MAX + 1;
	}
	/* A line separator is written escaped: the reader refuses it raw. */
	m[0] = (struct qttt_meta){ "event", 5, "a\xe2\x80\xa8" "b", 5, 0, 0,
	    0 };
	ck_assert((f = open_memstream(&buf, &len)) != NULL);
	ck_assert_int_eq(write_to(f, QTTT_FORMAT_LINE, &games[0], &ex), 0);
	fclose(f);
	ck_assert_msg(strncmp(buf, "[event \"a\\xE2\\x80\\xA8b\"] ", 23) == 0,
	    "wrote '%s'", buf);
	ck_assert_int_eq(qttt_line_parse(buf, strchr(buf, '\n') - buf, 1, &rec),
	    1);
	ck_assert_uint_eq(rec.ndiags, 0);
	ck_assert_uint_eq(rec.nmeta, 1);
	ck_assert_uint_eq(rec.meta[0].valuelen, 5);
	ck_assert_mem_eq(rec.meta[0].value, "a\xe2\x80\xa8" "b", 5);
	free(buf);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The limits of a record, the same in every format (formats/limits.md)  */
/* ------------------------------------------------------------------ */

/*
 * A record of each format, in a static buffer: the game X1 a1 b1 with
 * a comment of ncomment bytes (c...), or with two metadata entries
 * "k0", "k1" of nvalue[0] and nvalue[1] control characters (which
 * every writer escapes: \x01, \u0001), or with one entry of a key of
 * nkey bytes.  Goff's notation holds the comment alone.
 */
enum limit_kind { L_COMMENT, L_VALUES, L_KEY };

static const char *
limit_record(enum qttt_format f, enum limit_kind kind, size_t n)
{
	static char	 buf[64 * 1024];
	size_t		 len = 0, i, k;
	const char	*open, *esc;

	if (kind == L_COMMENT) {
		if (f == QTTT_FORMAT_LINE || f == QTTT_FORMAT_GOFF)
			len = snprintf(buf, sizeof(buf), "%s # ",
			    f == QTTT_FORMAT_LINE ? "X1 a1 b1" : "X1+(1,2)");
		else
			len = snprintf(buf, sizeof(buf), f == QTTT_FORMAT_YAML ?
			    "---\ncomment: " : "{\"comment\":\"");
		memset(buf + len, 'c', n);
		len += n;
		snprintf(buf + len, sizeof(buf) - len, "%s",
		    f == QTTT_FORMAT_YAML ? "\nmoves: [X1 a1 b1]\n" :
		    f == QTTT_FORMAT_JSON ? "\",\"moves\":[\"X1 a1 b1\"]}\n" :
		    "\n");
		return buf;
	}
	open = f == QTTT_FORMAT_LINE ? "[" : f == QTTT_FORMAT_YAML ? "" :
	    "\"";
	esc = f == QTTT_FORMAT_JSON ? "\\u0001" : "\\x01";
	len = snprintf(buf, sizeof(buf), "%s", f == QTTT_FORMAT_YAML ?
	    "---\n" : f == QTTT_FORMAT_JSON ? "{" : "");
	for (i = 0; i < (kind == L_VALUES ? 2 : 1); i++) {
		len += snprintf(buf + len, sizeof(buf) - len, "%s", open);
		if (kind == L_KEY) {
			memset(buf + len, 'k', n);
			len += n;
		} else
			len += snprintf(buf + len, sizeof(buf) - len, "k%zu", i);
		len += snprintf(buf + len, sizeof(buf) - len, "%s",
		    f == QTTT_FORMAT_LINE ? " \"" : f == QTTT_FORMAT_YAML ?
		    ": \"" : "\":\"");
		for (k = 0; k < (kind == L_KEY ? 1 : i == 0 ? 4094 : n); k++)
			len += snprintf(buf + len, sizeof(buf) - len, "%s",
			    esc);
		len += snprintf(buf + len, sizeof(buf) - len, "%s",
		    f == QTTT_FORMAT_LINE ? "\"] " : f == QTTT_FORMAT_YAML ?
		    "\"\n" : "\",");
	}
	snprintf(buf + len, sizeof(buf) - len, "%s",
	    f == QTTT_FORMAT_LINE ? "X1 a1 b1\n" : f == QTTT_FORMAT_YAML ?
	    "moves: [X1 a1 b1]\n" : "\"moves\":[\"X1 a1 b1\"]}\n");
	return buf;
}

/*
 * Reads text (format f) and returns its errors; at the limit, writes
 * the game in every format that holds what it has and reads it back
 * with the same extras.
 */
static size_t
limit_check(const char *text, enum qttt_format f)
{
	static const enum qttt_format to[] = {
		QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_JSON,
		QTTT_FORMAT_GOFF
	};
	static struct qttt_record rec, back;
	static struct qttt_game g, bg;
	struct qttt_extras ex;
	struct input	 in, bin;
	struct text	 t;
	size_t		 errors, i;

	input_open(&in, text, strlen(text), f == QTTT_FORMAT_JSON ?
	    QTTT_FORMAT_AUTO : f, &rec, &g);
	ck_assert_int_eq(input_next(&in), 1);
	if ((errors = in.errors) > 0) {
		input_close(&in);
		return errors;
	}
	qttt_extras_from_record(&ex, &g, &rec);
	ck_assert_int_eq(qttt_extras_check(&ex, g.nplies, NULL, 0), 0);
	for (i = 0; i < sizeof(to) / sizeof(to[0]); i++) {
		text_open(&t);
		ck_assert_int_eq(write_to(t.f, to[i], &g, &ex), 0);
		text_close(&t);
		input_open(&bin, t.buf, t.len, QTTT_FORMAT_AUTO, &back, &bg);
		ck_assert_int_eq(input_next(&bin), 1);
		ck_assert_uint_eq(bin.errors, 0);
		ck_assert_str_eq(input_canonical(&bg), "X1 a1 b1");
		/* The same bytes, the comment of a line a key in YAML. */
		if (to[i] != QTTT_FORMAT_GOFF)
			ck_assert_uint_eq(qttt__notation_extras_bytes(&back),
			    qttt__notation_extras_bytes(&rec));
		input_close(&bin);
		free(t.buf);
	}
	input_close(&in);
	return 0;
}

START_TEST(test_limits)
{
	static const enum qttt_format from[] = {
		QTTT_FORMAT_LINE, QTTT_FORMAT_YAML, QTTT_FORMAT_JSON,
		QTTT_FORMAT_GOFF
	};
	enum qttt_format f = from[_i];

	/* A comment: QTTT_YAML_SCALAR_MAX bytes. */
	ck_assert_uint_eq(limit_check(limit_record(f, L_COMMENT,
	    QTTT_YAML_SCALAR_MAX), f), 0);
	ck_assert_uint_eq(limit_check(limit_record(f, L_COMMENT,
	    QTTT_YAML_SCALAR_MAX + 1), f), 1);
	if (f == QTTT_FORMAT_GOFF)
		return;
	/* Keys, values and comments: QTTT_EXTRAS_MAX bytes in all. */
	ck_assert_uint_eq(limit_check(limit_record(f, L_VALUES, 4094), f),
	    0);
	ck_assert_uint_eq(limit_check(limit_record(f, L_VALUES, 4095), f),
	    1);
	/* A key: QTTT_YAML_KEY_MAX bytes. */
	ck_assert_uint_eq(limit_check(limit_record(f, L_KEY,
	    QTTT_YAML_KEY_MAX), f), 0);
	ck_assert_uint_ge(limit_check(limit_record(f, L_KEY,
	    QTTT_YAML_KEY_MAX + 1), f), 1);
}
END_TEST

Suite *
convert_suite(void)
{
	Suite	*s = suite_create("convert");
	TCase	*tc;

	tc = tcase_create("round trips");
	tcase_add_unchecked_fixture(tc, generate, NULL);
	tcase_add_loop_test(tc, test_round_trip, 0, NFMT);
	tcase_add_test(tc, test_canonical);
	tcase_add_loop_test(tc, test_variations, 0,
	    sizeof(varied) / sizeof(varied[0]));
	tcase_add_loop_test(tc, test_variation_notes_refused, 0, 3);
	tcase_add_test(tc, test_line_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("limits");
	tcase_add_loop_test(tc, test_limits, 0, 4);
	suite_add_tcase(s, tc);
	tc = tcase_create("numbers");
	tcase_add_test(tc, test_uint_text);
	suite_add_tcase(s, tc);
	return s;
}
