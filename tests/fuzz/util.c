/*
 * What the fuzz harnesses share: an input as a file descriptor, and the
 * invariants every reader and every valid game must keep.
 */
#ifdef __linux__
#define _GNU_SOURCE		/* memfd_create() */
#include <sys/mman.h>
#endif
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "notation/notation.h"
#include "fuzz.h"

void
fuzz_fail(const char *file, int line, const char *cond, const char *fmt,
    ...)
{
	va_list	 ap;

	fprintf(stderr, "%s:%d: invariant broken: %s: ", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/*
 * The files the inputs go to, made once and written again for each
 * input: a file made for every input cost more than the reading.
 */
#define NFDS	4
static int	 fds[NFDS] = { -1, -1, -1, -1 };
static int	 fd_used[NFDS];

static int
new_fd(void)
{
	FILE	*f;
	int	 fd;

#ifdef __linux__
	fd = memfd_create("fuzz", 0);
	if (fd == -1)
#endif
	{
		if ((f = tmpfile()) == NULL) {
			perror("tmpfile");
			abort();
		}
		fd = dup(fileno(f));
		fclose(f);
	}
	FUZZ_ASSERT(fd != -1, "no file descriptor");
	return fd;
}

int
fuzz_fd(const uint8_t *data, size_t n)
{
	ssize_t	 k;
	size_t	 done;
	int	 i, fd;

	for (i = 0; i < NFDS && fd_used[i]; i++)
		continue;
	FUZZ_ASSERT(i < NFDS, "more than %d inputs open", NFDS);
	if (fds[i] == -1)
		fds[i] = new_fd();
	fd = fds[i];
	fd_used[i] = 1;
	/* Written over, then cut: its pages are kept, not made again. */
	for (done = 0; done < n; done += k) {
		k = pwrite(fd, data + done, n - done, done);
		FUZZ_ASSERT(k > 0, "write to the scratch file failed");
	}
	FUZZ_ASSERT(ftruncate(fd, n) == 0, "ftruncate failed");
	FUZZ_ASSERT(lseek(fd, 0, SEEK_SET) == 0, "lseek failed");
	return fd;
}

void
fuzz_fd_release(int fd)
{
	int	 i;

	for (i = 0; i < NFDS; i++)
		if (fds[i] == fd)
			fd_used[i] = 0;
}

static void
check_diag(const struct qttt_diag *d)
{
	FUZZ_ASSERT(d->code > QTTT_OK && d->code < QTTT__NCODES,
	    "diagnostic code %d", (int)d->code);
	FUZZ_ASSERT(strcmp(qttt_code_name(d->code), "unknown") != 0,
	    "code %d has no name", (int)d->code);
	FUZZ_ASSERT(memchr(d->msg, '\0', sizeof(d->msg)) != NULL,
	    "message not terminated");
	FUZZ_ASSERT(d->msg[0] != '\0', "empty message for %s",
	    qttt_code_name(d->code));
	FUZZ_ASSERT(strchr(d->msg, '\n') == NULL, "newline in '%s'",
	    d->msg);
}

void
fuzz_check_record(const struct qttt_record *rec, size_t nerrors)
{
	const struct qttt_diag *d;
	size_t		 i, kept;

	FUZZ_ASSERT(rec->ndiags <= QTTT_MAXDIAGS, "%zu diagnostics kept",
	    rec->ndiags);
	FUZZ_ASSERT(rec->nitems <= QTTT_MAXITEMS, "%zu items", rec->nitems);
	/* Warnings are diagnostics, not errors. */
	for (i = kept = 0; i < rec->ndiags; i++)
		if (qttt_code_severity(rec->diags[i].code) == QTTT_ERROR)
			kept++;
	FUZZ_ASSERT(nerrors == rec->nerrors, "%zu errors but the record "
	    "counts %zu", nerrors, rec->nerrors);
	FUZZ_ASSERT(kept <= nerrors && nerrors <= kept + rec->ndropped,
	    "%zu errors but %zu kept and %zu dropped diagnostics", nerrors,
	    kept, rec->ndropped);
	FUZZ_ASSERT(!rec->damaged || nerrors > 0,
	    "damaged record counted valid");
	for (i = 0; i < rec->ndiags; i++) {
		d = &rec->diags[i];
		check_diag(d);
		if (i > 0)
			FUZZ_ASSERT(d->line > d[-1].line ||
			    (d->line == d[-1].line && d->col >= d[-1].col),
			    "diagnostics not sorted by position");
		if (rec->format == QTTT_FORMAT_LINE ||
		    rec->format == QTTT_FORMAT_GOFF ||
		    rec->format == QTTT_FORMAT_STATE) {
			FUZZ_ASSERT(d->line == rec->line, "diagnostic on "
			    "line %lu of a game on line %lu", d->line,
			    rec->line);
			FUZZ_ASSERT(d->col <= rec->textlen, "column %lu "
			    "beyond the line's %zu bytes", d->col,
			    rec->textlen);
		}
	}
	/* YAML and JSON records show their document, which is longer. */
	if (rec->text != NULL)
		FUZZ_ASSERT(rec->textlen <= (rec->format == QTTT_FORMAT_YAML ?
		    QTTT_YAML_DOC_MAX : QTTT_LINE_MAX), "text of %zu bytes",
		    rec->textlen);
}

void
fuzz_check_state(const struct qttt_state *st)
{
	struct qttt_state back;
	struct qttt_diag d;
	char		 s[QTTT_STATE_MAX], again[QTTT_STATE_MAX];
	int		 n, k;

	n = qttt_state_format(st, s, sizeof(s));
	FUZZ_ASSERT(n > 0 && (size_t)n < sizeof(s), "state string of %d "
	    "bytes", n);
	memset(&d, 0, sizeof(d));
	FUZZ_ASSERT(qttt_state_parse(s, n, &back, &d) == QTTT_OK,
	    "'%s' does not parse back: %s", s, d.msg);
	FUZZ_ASSERT(qttt_state_equal(st, &back), "'%s' parses back to "
	    "another state", s);
	k = qttt_state_format(&back, again, sizeof(again));
	FUZZ_ASSERT(k == n && memcmp(s, again, n) == 0, "'%s' prints back "
	    "as '%s'", s, again);
}

void
fuzz_check_game(const struct qttt_game *g)
{
	static struct qttt_record rec;
	static struct qttt_game back;
	char		 text[QTTT_RECORD_MAX], again[QTTT_RECORD_MAX];
	size_t		 nerr;
	int		 n, k;

	n = qttt_game_format(g, text, sizeof(text));
	FUZZ_ASSERT(n > 0 && (size_t)n < sizeof(text), "record of %d bytes",
	    n);
	FUZZ_ASSERT(qttt_line_parse(text, n, 0, &rec) == 1,
	    "'%s' is not a game", text);
	nerr = qttt_record_play(&rec, &back);
	FUZZ_ASSERT(nerr == 0, "canonical '%s' is invalid: %s", text,
	    rec.ndiags > 0 ? rec.diags[0].msg : "?");
	FUZZ_ASSERT(qttt_state_equal(&g->state, &back.state),
	    "'%s' reads back as another position", text);
	FUZZ_ASSERT(back.nplies == g->nplies, "'%s' reads back with %zu "
	    "plies, not %zu", text, back.nplies, g->nplies);
	k = qttt_game_format(&back, again, sizeof(again));
	FUZZ_ASSERT(k == n && memcmp(text, again, n) == 0,
	    "'%s' prints back as '%s'", text, again);
	FUZZ_ASSERT(qttt_state_check(&g->state, NULL) == QTTT_OK,
	    "the position after '%s' fails qttt_state_check", text);
	fuzz_check_state(&g->state);
}

/* The reader of the last text read back: its records point into it. */
static struct qttt_reader *back_reader;
static int	 back_fd = -1;

void
fuzz_back_close(void)
{
	qttt_reader_close(back_reader);
	back_reader = NULL;
	if (back_fd != -1)
		fuzz_fd_release(back_fd);
	back_fd = -1;
}

const struct qttt_record *
fuzz_read_back(const char *buf, size_t n, enum qttt_format f,
    const struct qttt_game *g)
{
	static struct qttt_record rec;
	static struct qttt_game back;
	char		 want[QTTT_RECORD_MAX], got[QTTT_RECORD_MAX];
	size_t		 nerr;

	fuzz_back_close();
	qttt_game_format(g, want, sizeof(want));
	back_fd = fuzz_fd((const uint8_t *)buf, n);
	FUZZ_ASSERT((back_reader = qttt_reader_open(back_fd,
	    QTTT_FORMAT_AUTO)) != NULL, "out of memory");
	FUZZ_ASSERT(qttt_reader_next(back_reader, &rec) == 1, "'%s' "
	    "written as '%.*s' reads back as no game", want, (int)n, buf);
	FUZZ_ASSERT(qttt_reader_format(back_reader) == f, "'%.*s' is not "
	    "taken for what it is", (int)n, buf);
	nerr = qttt_record_play(&rec, &back);
	fuzz_check_record(&rec, nerr);
	FUZZ_ASSERT(nerr == 0, "'%s' written as '%.*s' reads back "
	    "invalid: %s", want, (int)n, buf, rec.diags[0].msg);
	qttt_game_format(&back, got, sizeof(got));
	FUZZ_ASSERT(strcmp(want, got) == 0 &&
	    qttt_state_equal(&g->state, &back.state) &&
	    g->nplies == back.nplies, "'%s' written as '%.*s' reads back "
	    "as '%s'", want, (int)n, buf, got);
	/*
	 * Only one game: what follows it is read by another call, and
	 * would end the validity of this record; so look at the bytes.
	 */
	return &rec;
}

size_t
fuzz_read_all(const uint8_t *data, size_t n, enum qttt_format f,
    void (*valid)(const struct qttt_record *, const struct qttt_game *))
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const uint8_t	*nl;
	unsigned long	 lines = 0, width = 0;
	size_t		 i, w, games = 0, nvalid = 0, nerr;
	int		 fd, k;

	/* The lines and the longest, a line feed at a time. */
	for (i = 0; i < n; i = w + 1) {
		nl = memchr(data + i, '\n', n - i);
		w = nl != NULL ? (size_t)(nl - data) : n;
		if (w - i > width)
			width = w - i;
		lines += nl != NULL;
	}
	fd = fuzz_fd(data, n);
	FUZZ_ASSERT((r = qttt_reader_open(fd, f)) != NULL, "out of memory");
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		games++;
		/* A stream of states may number its states by their games. */
		FUZZ_ASSERT(rec.index == (rec.game != 0 ? rec.game : games),
		    "game %lu numbered %lu", (unsigned long)games, rec.index);
		FUZZ_ASSERT(rec.game == 0 || rec.format == QTTT_FORMAT_STATE,
		    "a game record numbered by its stream");
		FUZZ_ASSERT(rec.ply >= -1 && rec.ply <= QTTT_MAXPLIES,
		    "a position after ply %ld", rec.ply);
		FUZZ_ASSERT(rec.line <= lines, "game on line %lu of %lu",
		    rec.line, lines);
		FUZZ_ASSERT(games <= n + 1, "%zu games from %zu bytes", games,
		    n);
		nerr = qttt_record_play(&rec, &game);
		fuzz_check_record(&rec, nerr);
		for (i = 0; i < rec.ndiags; i++) {
			FUZZ_ASSERT(rec.diags[i].line <= lines, "diagnostic "
			    "on line %lu of %lu", rec.diags[i].line, lines);
			FUZZ_ASSERT(rec.diags[i].col <= width, "diagnostic "
			    "in column %lu, the longest line has %lu bytes",
			    rec.diags[i].col, width);
		}
		if (nerr == 0 && rec.has_start) {
			/* A position: no items, and the game is it. */
			FUZZ_ASSERT(rec.format == QTTT_FORMAT_STATE &&
			    rec.nitems == 0 && game.nplies == 0 &&
			    qttt_state_equal(&game.state, &rec.start),
			    "a position read as a game");
			fuzz_check_state(&game.state);
			if (valid != NULL && nvalid++ < 3)
				valid(&rec, &game);
		} else if (nerr == 0) {
			FUZZ_ASSERT(rec.format != QTTT_FORMAT_STATE,
			    "a valid line of states with no position");
			fuzz_check_game(&game);
			/* Writing back is slow: a few games per input. */
			if (valid != NULL && nvalid++ < 3)
				valid(&rec, &game);
		}
	}
	FUZZ_ASSERT(k == 0, "read error on a memory file: %s",
	    rec.ndiags > 0 ? rec.diags[0].msg : "?");
	if (f != QTTT_FORMAT_AUTO)
		FUZZ_ASSERT(qttt_reader_format(r) == f, "format changed");
	qttt_reader_close(r);
	fuzz_fd_release(fd);
	return games;
}

/* Whether a text of ex is NUL or invalid UTF-8 (qttt__notation_text_good). */
static int
bad_text(const struct qttt_extras *ex, size_t nplies)
{
	const struct qttt_meta *m;
	size_t	 i, j, n;

	if (ex->comment != NULL && !qttt__notation_text_good(ex->comment,
	    ex->commentlen))
		return 1;
	for (i = 0; i <= nplies && i <= QTTT_MAXPLIES; i++) {
		m = i == 0 ? ex->meta : ex->ply[i - 1].notes;
		n = i == 0 ? ex->nmeta : ex->ply[i - 1].nnotes;
		for (j = 0; j < n; j++)
			if (!qttt__notation_text_good(m[j].key, m[j].keylen) ||
			    (m[j].value != NULL &&
			    !qttt__notation_text_good(m[j].value,
			    m[j].valuelen)))
				return 1;
		if (i > 0 && ex->ply[i - 1].comment != NULL &&
		    !qttt__notation_text_good(ex->ply[i - 1].comment,
		    ex->ply[i - 1].commentlen))
			return 1;
	}
	return 0;
}

/*
 * Whether ex holds what no tag of the line notation holds: a key of
 * none or over QTTT_YAML_KEY_MAX bytes, more entries than a record
 * keeps, or more text than the tags of a line decode (QTTT_TAGTEXT).
 * What YAML refuses too (a key twice, the format's own keys, a date
 * that is no date) qttt_extras_check() tells.
 */
static int
unfit_tags(const struct qttt_extras *ex, size_t nplies)
{
	const struct qttt_meta *m;
	size_t	 i, j, n, notes = 0, bytes = ex->commentlen;

	for (i = 0; i <= nplies && i <= QTTT_MAXPLIES; i++) {
		m = i == 0 ? ex->meta : ex->ply[i - 1].notes;
		n = i == 0 ? ex->nmeta : ex->ply[i - 1].nnotes;
		if (i > 0) {
			notes += n;
			bytes += ex->ply[i - 1].commentlen;
		}
		for (j = 0; j < n; j++) {
			if (m[j].keylen == 0 ||
			    m[j].keylen > QTTT_YAML_KEY_MAX)
				return 1;
			bytes += m[j].keylen + m[j].valuelen;
		}
	}
	return ex->nmeta > QTTT_MAXMETA || notes > QTTT_MAXNOTES ||
	    bytes > QTTT_TAGTEXT;
}

char *
fuzz_write_mem(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const struct qttt_game *g,
    const struct qttt_extras *ex, size_t *n)
{
	FILE	*f;
	char	*buf = NULL;
	size_t	 i, bytes = 0;
	int	 k;

	FUZZ_ASSERT((f = open_memstream(&buf, n)) != NULL, "no memory");
	k = writer != NULL ? writer(f, g, ex) : qttt_goff_write(f, g);
	FUZZ_ASSERT(fclose(f) == 0, "a memory stream failed");
	if (k == -2 && writer == qttt_line_write &&
	    (bad_text(ex, g->nplies) || unfit_tags(ex, g->nplies) ||
	    qttt_extras_check(ex, g->nplies, NULL, 0) == -1)) {
		/* Text no tag writes so that it reads back. */
		FUZZ_ASSERT(*n == 0, "line: wrote %zu bytes of a refused "
		    "game", *n);
		free(buf);
		return NULL;
	}
	if (k == -2) {
		/* Too long to read back: only with many long extras. */
		for (i = 0; i < ex->nmeta; i++)
			bytes += ex->meta[i].valuelen;
		for (i = 0; i < g->nplies; i++) {
			bytes += ex->ply[i].commentlen;
			for (k = 0; k < (int)ex->ply[i].nnotes; k++)
				bytes += ex->ply[i].notes[k].valuelen;
		}
		bytes += ex->commentlen;
		FUZZ_ASSERT(writer != NULL && *n == 0 &&
		    bytes > QTTT_LINE_MAX / 6, "a writer refused extras of "
		    "%zu bytes, or wrote %zu bytes of a refused game", bytes,
		    *n);
		free(buf);
		return NULL;
	}
	FUZZ_ASSERT(k == 0, "a writer failed on a memory stream");
	return buf;
}

static char *
write_mem(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const struct qttt_game *g,
    const struct qttt_record *rec, size_t *n)
{
	struct qttt_extras ex;

	qttt_extras_from_record(&ex, g, rec);
	return fuzz_write_mem(writer, g, &ex, n);
}

static int
same_bytes(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

/*
 * YAML and JSON keep the metadata (each key, and each value but a
 * plain one, which may come back spelt otherwise: a null as "null"),
 * the game's comment (as a "comment" key) and the move comments.
 */
static void
check_extras(const struct qttt_record *rec, const struct qttt_record *back,
    const char *text)
{
	const struct qttt_meta *m, *b;
	const char	*v;
	size_t		 i, vlen, want;

	want = rec->nmeta + (rec->comment != NULL &&
	    !qttt_record_meta(rec, "comment", &v, &vlen));
	FUZZ_ASSERT(back->nmeta == want, "'%s' reads back with %zu keys, "
	    "not %zu", text, back->nmeta, want);
	for (i = 0; i < rec->nmeta; i++) {
		m = &rec->meta[i];
		b = &back->meta[i];
		FUZZ_ASSERT(same_bytes(m->key, m->keylen, b->key, b->keylen),
		    "'%s': key '%.*s' comes back as '%.*s'", text,
		    (int)m->keylen, m->key, (int)b->keylen, b->key);
		FUZZ_ASSERT(m->plain || same_bytes(m->value, m->valuelen,
		    b->value, b->valuelen), "'%s': the value of '%.*s' "
		    "changed", text, (int)m->keylen, m->key);
	}
	for (i = 0; i < rec->nitems && i < back->nitems; i++) {
		if (rec->items[i].kind != QTTT_ITEM_ACTION)
			break;
		FUZZ_ASSERT(same_bytes(rec->items[i].comment,
		    rec->items[i].commentlen, back->items[i].comment,
		    back->items[i].commentlen), "'%s': the comment on item "
		    "%zu changed", text, i + 1);
		FUZZ_ASSERT(rec->items[i].nnotes == back->items[i].nnotes,
		    "'%s': the notes on item %zu changed", text, i + 1);
	}
}

const struct qttt_record *
fuzz_write_back(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const struct qttt_game *g,
    const struct qttt_record *rec, enum qttt_format f)
{
	const struct qttt_record *back;
	struct qttt_extras ex;
	FILE	*mem;
	char	*buf, *again;
	size_t	 n, n2;

	/*
	 * Extras that YAML and JSON cannot hold as they are (a line
	 * comment longer than a YAML value) are refused, with nothing
	 * written.
	 */
	qttt_extras_from_record(&ex, g, rec);
	if (f == QTTT_FORMAT_YAML &&
	    qttt_extras_check(&ex, g->nplies, NULL, 0) == -1) {
		buf = NULL;
		FUZZ_ASSERT((mem = open_memstream(&buf, &n)) != NULL,
		    "no memory");
		FUZZ_ASSERT(writer(mem, g, &ex) == -2, "a writer took "
		    "extras that qttt_extras_check() refuses");
		FUZZ_ASSERT(fclose(mem) == 0 && n == 0, "a writer wrote "
		    "refused extras");
		free(buf);
		return NULL;
	}
	if ((buf = write_mem(writer, g, rec, &n)) == NULL)
		return NULL;		/* too long to read back */
	if (n == 0) {
		/* Goff's notation has no game without a move. */
		FUZZ_ASSERT(writer == NULL && g->nplies == 0, "a writer "
		    "wrote nothing for a game of %zu plies", g->nplies);
		free(buf);
		return NULL;
	}
	back = fuzz_read_back(buf, n, f, g);
	if (f == QTTT_FORMAT_YAML && rec != NULL)
		check_extras(rec, back, buf);
	/*
	 * What was written and read back writes again as the same bytes
	 * (but for the line notation: the metadata it writes as comment
	 * lines do not read back).
	 */
	if (f != QTTT_FORMAT_LINE) {
		again = write_mem(writer, g, back, &n2);
		FUZZ_ASSERT(again != NULL && same_bytes(buf, n, again, n2),
		    "'%.*s' writes "
		    "again as '%.*s'", (int)n, buf, (int)n2, again);
		free(again);
	}
	free(buf);
	return back;
}

/* What the writers got back in YAML or JSON is what they were given. */
static void
same_extras(const struct qttt_extras *ex, const struct qttt_record *back,
    const struct qttt_game *g, const char *fmt)
{
	struct qttt_extras bx;
	const struct qttt_meta *m, *b;
	size_t		 i, k, want;

	qttt_extras_from_record(&bx, g, back);
	want = ex->nmeta + (ex->comment != NULL &&
	    qttt_extras_meta(ex, "comment") == NULL);
	FUZZ_ASSERT(bx.nmeta == want, "%s: %zu keys back, not %zu", fmt,
	    bx.nmeta, want);
	for (i = 0; i < ex->nmeta; i++) {
		m = &ex->meta[i];
		b = &bx.meta[i];
		FUZZ_ASSERT(same_bytes(m->key, m->keylen, b->key, b->keylen),
		    "%s: key %zu changed", fmt, i);
		FUZZ_ASSERT(m->plain || same_bytes(m->value, m->valuelen,
		    b->value, b->valuelen), "%s: the value of key %zu changed",
		    fmt, i);
	}
	if (ex->comment != NULL && qttt_extras_meta(ex, "comment") == NULL) {
		b = &bx.meta[ex->nmeta];
		FUZZ_ASSERT(same_bytes(b->value, b->valuelen, ex->comment,
		    ex->commentlen), "%s: the game comment changed", fmt);
	}
	for (i = 0; i < g->nplies; i++) {
		FUZZ_ASSERT((ex->ply[i].comment == NULL) ==
		    (bx.ply[i].comment == NULL) &&
		    same_bytes(ex->ply[i].comment, ex->ply[i].commentlen,
		    bx.ply[i].comment, bx.ply[i].commentlen), "%s: the comment "
		    "of ply %zu changed", fmt, i + 1);
		FUZZ_ASSERT(ex->ply[i].nnotes == bx.ply[i].nnotes,
		    "%s: ply %zu: %zu notes back, not %zu", fmt, i + 1,
		    bx.ply[i].nnotes, ex->ply[i].nnotes);
		for (k = 0; k < ex->ply[i].nnotes; k++) {
			m = &ex->ply[i].notes[k];
			b = &bx.ply[i].notes[k];
			FUZZ_ASSERT(same_bytes(m->key, m->keylen, b->key,
			    b->keylen) && (m->plain || same_bytes(m->value,
			    m->valuelen, b->value, b->valuelen)),
			    "%s: ply %zu: note %zu changed", fmt, i + 1, k);
		}
	}
}

void
fuzz_write_extras(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const char *fmt, enum qttt_format f,
    const struct qttt_game *g, const struct qttt_extras *ex, int refused)
{
	const struct qttt_record *back;
	struct qttt_extras bx;
	FILE	*mem;
	char	*buf, *again;
	size_t	 n, n2;
	int	 k;

	if (refused && f == QTTT_FORMAT_YAML) {
		buf = NULL;
		FUZZ_ASSERT((mem = open_memstream(&buf, &n)) != NULL,
		    "no memory");
		k = writer(mem, g, ex);
		FUZZ_ASSERT(fclose(mem) == 0, "a memory stream failed");
		FUZZ_ASSERT(k == -2 && n == 0, "%s: took refused extras",
		    fmt);
		free(buf);
		return;
	}
	if ((buf = fuzz_write_mem(writer, g, ex, &n)) == NULL)
		return;
	if (n == 0) {
		FUZZ_ASSERT(writer == NULL && g->nplies == 0, "%s: nothing "
		    "written", fmt);
		free(buf);
		return;
	}
	back = fuzz_read_back(buf, n, f, g);
	if (f == QTTT_FORMAT_YAML) {
		same_extras(ex, back, g, fmt);
		qttt_extras_from_record(&bx, g, back);
		again = fuzz_write_mem(writer, g, &bx, &n2);
		FUZZ_ASSERT(again != NULL && n2 == n &&
		    memcmp(buf, again, n) == 0, "%s: writes again otherwise",
		    fmt);
		free(again);
	}
	free(buf);
}


/* The extras copied last, in storage of their own. */
static struct qttt_meta copy_meta[QTTT_MAXMETA];
static struct qttt_meta copy_notes[QTTT_MAXPLIES][QTTT_MAXNOTES];
static char	 copy_text[(QTTT_MAXMETA + QTTT_MAXNOTES) * (QTTT_YAML_KEY_MAX +
		    QTTT_YAML_SCALAR_MAX) + (QTTT_MAXPLIES + 1) *
		    QTTT_YAML_SCALAR_MAX + QTTT_LEAD_MAX];
static size_t	 copy_len;

static const char *
copy_bytes(const char *s, size_t n)
{
	char	*p = copy_text + copy_len;

	if (s == NULL)
		return NULL;
	FUZZ_ASSERT(n <= sizeof(copy_text) - copy_len, "extras of more "
	    "than %zu bytes", sizeof(copy_text));
	memcpy(p, s, n);
	copy_len += n;
	return p;
}

static void
copy_entries(struct qttt_meta *to, const struct qttt_meta *from, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++) {
		to[i] = from[i];
		to[i].key = copy_bytes(from[i].key, from[i].keylen);
		to[i].value = copy_bytes(from[i].value, from[i].valuelen);
	}
}

void
fuzz_copy_extras(struct qttt_extras *to, const struct qttt_extras *from,
    size_t nplies)
{
	size_t	 i;

	copy_len = 0;
	*to = *from;
	FUZZ_ASSERT(from->nmeta <= QTTT_MAXMETA, "%zu metadata entries",
	    from->nmeta);
	copy_entries(copy_meta, from->meta, from->nmeta);
	to->meta = copy_meta;
	to->comment = copy_bytes(from->comment, from->commentlen);
	/* The comment lines before the game, in the reader's buffer too. */
	to->lead = copy_bytes(from->lead, from->leadlen);
	for (i = 0; i < nplies && i < QTTT_MAXPLIES; i++) {
		FUZZ_ASSERT(from->ply[i].nnotes <= QTTT_MAXNOTES,
		    "%zu notes", from->ply[i].nnotes);
		to->ply[i].comment = copy_bytes(from->ply[i].comment,
		    from->ply[i].commentlen);
		copy_entries(copy_notes[i], from->ply[i].notes,
		    from->ply[i].nnotes);
		to->ply[i].notes = copy_notes[i];
	}
}
