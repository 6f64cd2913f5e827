/*
 * Goff's notation: whole inputs read as Goff's notation, every record
 * played and checked (fuzz.h).  Every valid game is also written in
 * Goff's notation, and must read back as the same game and write again
 * as the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "fuzz.h"

static void
check_written(const struct qttt_game *g)
{
	static struct qttt_record back;
	static struct qttt_game bg;
	struct qttt_reader *r;
	char		*text = NULL, *again = NULL;
	size_t		 len = 0, len2 = 0;
	FILE		*f;
	int		 fd;

	FUZZ_ASSERT((f = open_memstream(&text, &len)) != NULL, "memstream");
	FUZZ_ASSERT(qttt_goff_write(f, g) == 0, "the writer failed");
	FUZZ_ASSERT(fclose(f) == 0, "memstream");
	if (g->nplies == 0) {
		FUZZ_ASSERT(len == 0, "'%s' for a game with no move", text);
		free(text);
		return;
	}
	fd = fuzz_fd((const uint8_t *)text, len);
	FUZZ_ASSERT((r = qttt_reader_open(fd, QTTT_FORMAT_AUTO)) != NULL,
	    "out of memory");
	FUZZ_ASSERT(qttt_reader_next(r, &back) == 1, "'%s' holds no game",
	    text);
	FUZZ_ASSERT(qttt_reader_format(r) == QTTT_FORMAT_GOFF,
	    "'%s' is not read as Goff's notation", text);
	FUZZ_ASSERT(qttt_record_play(&back, &bg) == 0, "'%s' reads back "
	    "invalid: %s", text, back.ndiags > 0 ? back.diags[0].msg : "?");
	FUZZ_ASSERT(qttt_state_equal(&g->state, &bg.state) &&
	    g->nplies == bg.nplies, "'%s' reads back as another game", text);
	qttt_reader_close(r);
	close(fd);
	FUZZ_ASSERT((f = open_memstream(&again, &len2)) != NULL,
	    "memstream");
	FUZZ_ASSERT(qttt_goff_write(f, &bg) == 0, "the writer failed");
	FUZZ_ASSERT(fclose(f) == 0, "memstream");
	FUZZ_ASSERT(len2 == len && memcmp(text, again, len) == 0,
	    "'%s' writes again as '%s'", text, again);
	free(again);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	int		 fd, k;

	fuzz_read_all(data, n, QTTT_FORMAT_GOFF);

	fd = fuzz_fd(data, n);
	FUZZ_ASSERT((r = qttt_reader_open(fd, QTTT_FORMAT_GOFF)) != NULL,
	    "out of memory");
	while ((k = qttt_reader_next(r, &rec)) == 1)
		if (qttt_record_play(&rec, &game) == 0)
			check_written(&game);
	FUZZ_ASSERT(k == 0, "read error on a memory file");
	qttt_reader_close(r);
	close(fd);
	return 0;
}
