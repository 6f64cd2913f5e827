/*
 * The line notation read on threads, as the threaded tools read it
 * (lib/notation/parallel.c): qttt_reader_split() cuts the input into
 * chunks of whole lines, and a reader of each chunk must give every
 * game as the input's own reader does, with the same line, items,
 * diagnostics, text and number (tests/check_chunk.c on a few texts;
 * here on any).
 * The chunks hold one game line each, or about 4096 or 64 bytes of
 * them, as the input's length picks (2049 games of one byte fill one of
 * 4096 past the most lines a chunk holds).  Nothing is played: parse_line
 * checks what the records hold.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

/* Whether two records read from the same line are the same. */
static void
same_record(const struct qttt_record *a, const struct qttt_record *b)
{
	size_t	 i;

	FUZZ_ASSERT(a->index == b->index && a->line == b->line &&
	    a->format == b->format, "game %lu on line %lu read as game "
	    "%lu on line %lu", a->index, a->line, b->index, b->line);
	FUZZ_ASSERT(a->nitems == b->nitems && a->damaged == b->damaged &&
	    a->ndiags == b->ndiags && a->ndropped == b->ndropped &&
	    a->nerrors == b->nerrors, "game %lu: %zu items, %zu "
	    "diagnostics read whole, %zu and %zu in a chunk", a->index,
	    a->nitems, a->ndiags, b->nitems, b->ndiags);
	for (i = 0; i < a->nitems; i++)
		FUZZ_ASSERT(a->items[i].kind == b->items[i].kind &&
		    memcmp(&a->items[i].action, &b->items[i].action,
		    sizeof(a->items[i].action)) == 0 &&
		    a->items[i].col == b->items[i].col &&
		    a->items[i].sqcol[0] == b->items[i].sqcol[0] &&
		    a->items[i].sqcol[1] == b->items[i].sqcol[1] &&
		    a->items[i].nnotes == b->items[i].nnotes,
		    "game %lu: item %zu differs", a->index, i + 1);
	for (i = 0; i < a->ndiags; i++)
		FUZZ_ASSERT(a->diags[i].code == b->diags[i].code &&
		    a->diags[i].line == b->diags[i].line &&
		    a->diags[i].col == b->diags[i].col &&
		    strcmp(a->diags[i].msg, b->diags[i].msg) == 0,
		    "game %lu: '%s' at %lu:%lu read whole, '%s' at %lu:%lu "
		    "in a chunk", a->index, a->diags[i].msg, a->diags[i].line,
		    a->diags[i].col, b->diags[i].msg, b->diags[i].line,
		    b->diags[i].col);
	FUZZ_ASSERT(a->textlen == b->textlen && a->textflags ==
	    b->textflags && (a->textlen == 0 || memcmp(a->text, b->text,
	    a->textlen) == 0), "game %lu: another text", a->index);
	FUZZ_ASSERT(a->commentlen == b->commentlen && a->nmeta == b->nmeta &&
	    a->ntags == b->ntags && a->tagtextlen == b->tagtextlen,
	    "game %lu: other tags or comment", a->index);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static const size_t sizes[] = { 1, 4096, 64 };
	static struct qttt_chunk *chunks[3];
	static struct qttt_record a, b, err;
	struct qttt_reader *whole, *split, *part;
	struct qttt_chunk *ch;
	int		 fd1, fd2, k;

	/* Made once: a chunk takes 128 KiB, which ASan would poison. */
	if ((ch = chunks[n % 3]) == NULL)
		FUZZ_ASSERT((ch = chunks[n % 3] = qttt_chunk_new(
		    sizes[n % 3])) != NULL, "out of memory");
	fd1 = fuzz_fd(data, n);
	fd2 = fuzz_fd(data, n);
	FUZZ_ASSERT((whole = qttt_reader_open(fd1, QTTT_FORMAT_LINE)) !=
	    NULL && (split = qttt_reader_open(fd2, QTTT_FORMAT_LINE)) !=
	    NULL, "out of memory");
	while ((k = qttt_reader_split(split, ch, &err)) == 1) {
		FUZZ_ASSERT((part = qttt_reader_open_chunk(ch)) != NULL,
		    "out of memory");
		while (qttt_reader_next(part, &b) == 1) {
			FUZZ_ASSERT(qttt_reader_next(whole, &a) == 1,
			    "game %lu of a chunk is not in the input",
			    b.index);
			same_record(&a, &b);
		}
		qttt_reader_close(part);
	}
	FUZZ_ASSERT(k == 0, "split returned %d", k);
	FUZZ_ASSERT(qttt_reader_next(whole, &a) == 0, "game %lu of the "
	    "input is in no chunk", a.index);
	qttt_reader_close(whole);
	qttt_reader_close(split);
	fuzz_fd_release(fd1);
	fuzz_fd_release(fd2);
	return 0;
}
