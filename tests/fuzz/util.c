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

/*
 * The most heap a reader takes, whatever the input.  Of the line
 * notation, Goff's notation and states (formats/line-notation.md,
 * section 7): a buffer of at most QTTT_LINE_MAX and a block of as much,
 * three times that while it grows to it (the old and the new), the
 * comment lines before a game and the reader's own structures.  Of
 * YAML and JSON (formats/yaml-record.md, section 6): 4 MiB.
 */
#define LINE_HEAP	(3 * QTTT_LINE_MAX + QTTT_LEAD_MAX + 8 * 1024)
#define YAML_HEAP	(4 * 1024 * 1024)

/*
 * The heap taken while a reader reads, at its peak, where the
 * sanitizers' malloc hooks tell it (clang's AddressSanitizer, as make
 * fuzz builds the harnesses); 0 elsewhere.  heap_count(0) leaves out
 * what a harness does with a game meanwhile.
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_HEAP	1
#endif
#endif

#ifdef FUZZ_HEAP
#include <sanitizer/allocator_interface.h>

static int	 heap_on, heap_hooked;
static long	 heap_now, heap_peak;

static void
heap_count(int on)
{
	heap_on = on;
}

static void
heap_malloc(const volatile void *p, size_t n)
{
	(void)p;
	if (heap_on && (heap_now += n) > heap_peak)
		heap_peak = heap_now;
}

static void
heap_free(const volatile void *p)
{
	if (heap_on && p != NULL)
		heap_now -= __sanitizer_get_allocated_size(p);
}

static void
heap_start(void)
{
	if (!heap_hooked)
		heap_hooked = __sanitizer_install_malloc_and_free_hooks(
		    heap_malloc, heap_free) > 0;
	heap_now = heap_peak = 0;
	heap_on = 1;
}

static size_t
heap_stop(void)
{
	heap_on = 0;
	return heap_peak > 0 ? (size_t)heap_peak : 0;
}
#else
static void	heap_count(int on) { (void)on; }
static void	heap_start(void) {}
static size_t	heap_stop(void) { return 0; }
#endif

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
	const char	*p;

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
	/*
	 * Input quoted in a message is escaped: no control byte but a
	 * tab, a blank of every notation, which the line notation's
	 * messages quote as it is.
	 */
	for (p = d->msg; *p != '\0'; p++)
		FUZZ_ASSERT(((unsigned char)*p >= 0x20 || *p == '\t') &&
		    *p != 0x7f, "control byte 0x%02x in '%s'",
		    (unsigned char)*p, d->msg);
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
		/* The limits of the record first, then the rest. */
		FUZZ_ASSERT(i == 0 || d->code != QTTT_E_TOOMANY ||
		    d[-1].code == QTTT_E_TOOMANY, "too-many-items after "
		    "another diagnostic");
		if (i > 0 && (d->code == QTTT_E_TOOMANY) ==
		    (d[-1].code == QTTT_E_TOOMANY))
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

/*
 * fuzz_read_all(), and fuzz_parse_all() with check_games clear (no
 * valid game or position checked, so valid is NULL then).
 */
static size_t
read_all(const uint8_t *data, size_t n, enum qttt_format f,
    void (*valid)(const struct qttt_record *, const struct qttt_game *),
    int check_games)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	const uint8_t	*nl;
	unsigned long	 lines = 0, width = 0;
	size_t		 i, w, games = 0, nvalid = 0, nerr, peak, max;
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
	heap_start();
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
		if (!check_games)
			continue;
		if (nerr == 0 && rec.has_start) {
			/* A position: no items, and the game is it. */
			FUZZ_ASSERT(rec.format == QTTT_FORMAT_STATE &&
			    rec.nitems == 0 && game.nplies == 0 &&
			    qttt_state_equal(&game.state, &rec.start),
			    "a position read as a game");
			fuzz_check_state(&game.state);
			if (valid != NULL && nvalid++ < 3) {
				heap_count(0);
				valid(&rec, &game);
				heap_count(1);
			}
		} else if (nerr == 0) {
			FUZZ_ASSERT(rec.format != QTTT_FORMAT_STATE,
			    "a valid line of states with no position");
			fuzz_check_game(&game);
			/* Writing back is slow: a few games per input. */
			if (valid != NULL && nvalid++ < 3) {
				heap_count(0);
				valid(&rec, &game);
				heap_count(1);
			}
		}
	}
	FUZZ_ASSERT(k == 0, "read error on a memory file: %s",
	    rec.ndiags > 0 ? rec.diags[0].msg : "?");
	if (f != QTTT_FORMAT_AUTO)
		FUZZ_ASSERT(qttt_reader_format(r) == f, "format changed");
	max = qttt_reader_format(r) == QTTT_FORMAT_YAML ? YAML_HEAP :
	    LINE_HEAP;
	qttt_reader_close(r);
	peak = heap_stop();
	FUZZ_ASSERT(peak <= max, "a reader took %zu bytes of heap, more "
	    "than %zu", peak, max);
	fuzz_fd_release(fd);
	return games;
}

size_t
fuzz_read_all(const uint8_t *data, size_t n, enum qttt_format f,
    void (*valid)(const struct qttt_record *, const struct qttt_game *))
{
	return read_all(data, n, f, valid, 1);
}

size_t
fuzz_parse_all(const uint8_t *data, size_t n, enum qttt_format f)
{
	return read_all(data, n, f, NULL, 0);
}

int
fuzz_line_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	return qttt_record_write(f, QTTT_FORMAT_LINE, g, ex, NULL);
}

int
fuzz_yaml_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	return qttt_record_write(f, QTTT_FORMAT_YAML, g, ex, NULL);
}

int
fuzz_json_write(FILE *f, const struct qttt_game *g,
    const struct qttt_extras *ex)
{
	return qttt_record_write(f, QTTT_FORMAT_JSON, g, ex, NULL);
}

char *
fuzz_write_mem(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const struct qttt_game *g,
    const struct qttt_extras *ex, size_t *n)
{
	FILE	*f;
	char	*buf = NULL;
	int	 k;

	FUZZ_ASSERT((f = open_memstream(&buf, n)) != NULL, "no memory");
	k = writer != NULL ? writer(f, g, ex) :
	    qttt_record_write(f, QTTT_FORMAT_GOFF, g, NULL, NULL);
	FUZZ_ASSERT(fclose(f) == 0, "a memory stream failed");
	if (writer == NULL && k == -2 && g->nplies == 0)
		k = 0;		/* no Goff form: nothing written */
	/*
	 * Every format has the limits that qttt_extras_check() holds
	 * extras to: what it takes, every writer writes, and it refuses
	 * nothing else.  Goff's notation holds no extras.
	 */
	if (k == -2) {
		FUZZ_ASSERT(writer != NULL && *n == 0 &&
		    qttt_extras_check(ex, g->nplies, NULL, 0) == -1,
		    "a writer refused extras that qttt_extras_check() takes, "
		    "or wrote %zu bytes of a refused game", *n);
		free(buf);
		return NULL;
	}
	FUZZ_ASSERT(writer == NULL || ex == NULL ||
	    qttt_extras_check(ex, g->nplies, NULL, 0) == 0, "a writer took "
	    "extras that qttt_extras_check() refuses");
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

void
fuzz_refuses_variations(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const struct qttt_game *g,
    const struct qttt_record *rec)
{
	struct qttt_extras ex;
	FILE	*f;
	char	*buf = NULL;
	size_t	 n;
	int	 k;

	qttt_extras_from_record(&ex, g, rec);
	FUZZ_ASSERT((f = open_memstream(&buf, &n)) != NULL, "no memory");
	k = writer != NULL ? writer(f, g, &ex) :
	    qttt_record_write(f, QTTT_FORMAT_GOFF, g, &ex, NULL);
	FUZZ_ASSERT(fclose(f) == 0, "a memory stream failed");
	FUZZ_ASSERT(k == -2 && n == 0, "a format without variations wrote "
	    "%zu bytes of a game with %zu", n, rec->nvars);
	free(buf);
}

/*
 * Each note of a the same in b (a key and its value; a plain value
 * may be spelt otherwise), in any order: the line notation writes a
 * glyph before the tags.
 */
static int
same_notes(const struct qttt_item *a, const struct qttt_item *b)
{
	size_t	 i, k;

	if (a->nnotes != b->nnotes)
		return 0;
	for (i = 0; i < a->nnotes; i++) {
		for (k = 0; k < b->nnotes; k++)
			if (same_bytes(a->notes[i].key, a->notes[i].keylen,
			    b->notes[k].key, b->notes[k].keylen))
				break;
		if (k == b->nnotes || (!a->notes[i].plain &&
		    !b->notes[k].plain && !same_bytes(a->notes[i].value,
		    a->notes[i].valuelen, b->notes[k].value,
		    b->notes[k].valuelen)))
			return 0;
	}
	return 1;
}

/*
 * The variations of a record read back are those written: as many,
 * at the same places, with the same actions, comments and notes.  The
 * writers write a variation that plays in canonical form (squares in
 * reading order, a measurement naming the move that closed the cycle),
 * so its actions are compared as its game plays them.
 */
void
fuzz_same_variations(const struct qttt_record *rec,
    const struct qttt_record *back, const char *text)
{
	static struct qttt_game a, b;
	size_t	 v, i, p;
	int	 plays;

	FUZZ_ASSERT(back->nvars == rec->nvars && back->nvaritems ==
	    rec->nvaritems, "'%s' reads back with %zu variations, not %zu",
	    text, back->nvars, rec->nvars);
	for (v = 0; v < rec->nvars; v++)
		FUZZ_ASSERT(back->vars[v].parent == rec->vars[v].parent &&
		    back->vars[v].at == rec->vars[v].at &&
		    back->vars[v].nitems == rec->vars[v].nitems,
		    "'%s': variation %zu moved", text, v);
	for (v = 0; v < rec->nvars; v++) {
		plays = qttt_record_var_game(rec, v, &a) == 0;
		FUZZ_ASSERT(!plays || (qttt_record_var_game(back, v, &b) ==
		    0 && b.nplies == a.nplies), "'%s': variation %zu plays "
		    "otherwise", text, v);
		for (p = 0; plays && p < a.nplies; p++)
			FUZZ_ASSERT(qttt_action_equal(&a.plies[p],
			    &b.plies[p]), "'%s': ply %zu of variation %zu "
			    "changed", text, p, v);
		/* Written as read, an action that does not play. */
		for (i = rec->vars[v].first; !plays && i <
		    rec->vars[v].first + rec->vars[v].nitems; i++)
			FUZZ_ASSERT(qttt_action_equal(&rec->varitems[i].action,
			    &back->varitems[i].action), "'%s': item %zu of "
			    "the variations changed", text, i);
	}
	for (i = 0; i < rec->nvaritems; i++)
		FUZZ_ASSERT(same_bytes(rec->varitems[i].comment,
		    rec->varitems[i].commentlen, back->varitems[i].comment,
		    back->varitems[i].commentlen) &&
		    same_notes(&rec->varitems[i], &back->varitems[i]),
		    "'%s': item %zu of the variations changed", text, i);
}

const struct qttt_record *
fuzz_write_back(int (*writer)(FILE *, const struct qttt_game *,
    const struct qttt_extras *), const struct qttt_game *g,
    const struct qttt_record *rec, enum qttt_format f)
{
	const struct qttt_record *back;
	struct qttt_extras ex;
	char	*buf, *again;
	size_t	 n, n2;

	/*
	 * Every format has the same limits (formats/limits.md): whatever
	 * a reader takes, every writer writes.
	 */
	if (rec != NULL) {
		qttt_extras_from_record(&ex, g, rec);
		FUZZ_ASSERT(qttt_extras_check(&ex, g->nplies, NULL, 0) == 0,
		    "a reader took extras that qttt_extras_check() refuses");
	}
	buf = write_mem(writer, g, rec, &n);
	FUZZ_ASSERT(buf != NULL, "a writer refused a game a reader took");
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
	if (rec != NULL)
		fuzz_same_variations(rec, back, buf);
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

	if (refused && writer != NULL) {
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
	/*
	 * Not the variations, whose items are in the record read:
	 * fuzz_write_back() checks that they come back.
	 */
	to->nvars = 0;
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

void
fuzz_lines(const uint8_t *data, size_t n, void (*line)(const char *, size_t))
{
	const char	*s = (const char *)data, *nl;
	size_t		 start = 0, end;

	for (;;) {
		nl = memchr(s + start, '\n', n - start);
		end = nl != NULL ? (size_t)(nl - s) : n;
		line(s + start, end - start);
		if (nl == NULL)
			break;
		start = end + 1;
	}
	if (memchr(s, '\n', n) != NULL)
		line(s, n);
}
