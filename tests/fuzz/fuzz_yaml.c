/*
 * The YAML and JSON reader: whole inputs read as YAML, every record
 * played and checked (fuzz.h).  Every valid game is also written as
 * YAML and as JSON, with its record's metadata and comments, and must
 * read back as the same game with the same metadata, and write again
 * as the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qttt.h"
#include "fuzz.h"

/* The reader of the last text read back: its records point into it. */
static struct qttt_reader *back_reader;
static int	 back_fd = -1;

static void
back_close(void)
{
	qttt_reader_close(back_reader);
	back_reader = NULL;
	if (back_fd != -1)
		close(back_fd);
	back_fd = -1;
}

/* Reads the one game of a text; its record and game go to rec, g. */
static void
read_back(const char *text, size_t len, struct qttt_record *rec,
    struct qttt_game *g)
{
	struct qttt_reader *r;
	int		 fd;

	back_close();
	fd = fuzz_fd((const uint8_t *)text, len);
	FUZZ_ASSERT((r = qttt_reader_open(fd, QTTT_FORMAT_AUTO)) != NULL,
	    "out of memory");
	FUZZ_ASSERT(qttt_reader_next(r, rec) == 1, "'%.*s' holds no game",
	    (int)len, text);
	FUZZ_ASSERT(qttt_reader_format(r) == QTTT_FORMAT_YAML,
	    "'%.*s' is not read as YAML", (int)len, text);
	FUZZ_ASSERT(qttt_record_play(rec, g) == 0, "'%.*s' reads back "
	    "invalid: %s", (int)len, text,
	    rec->ndiags > 0 ? rec->diags[0].msg : "?");
	/* The record points into the reader: it stays open a while. */
	back_reader = r;
	back_fd = fd;
}

/* Writes a game in YAML or JSON into a buffer (free it). */
static char *
write_text(int json, const struct qttt_game *g,
    const struct qttt_record *rec, size_t *len)
{
	char	*buf = NULL;
	FILE	*f;

	FUZZ_ASSERT((f = open_memstream(&buf, len)) != NULL, "memstream");
	FUZZ_ASSERT((json ? qttt_json_write(f, g, rec) :
	    qttt_yaml_write(f, g, rec)) == 0, "the writer failed");
	FUZZ_ASSERT(fclose(f) == 0, "memstream");
	return buf;
}

static void
check_written(const struct qttt_game *g, const struct qttt_record *rec)
{
	static struct qttt_record back;
	static struct qttt_game bg;
	char		*text, *again;
	size_t		 len, len2, i;
	int		 json;

	for (json = 0; json < 2; json++) {
		text = write_text(json, g, rec, &len);
		read_back(text, len, &back, &bg);
		FUZZ_ASSERT(qttt_state_equal(&g->state, &bg.state) &&
		    g->nplies == bg.nplies, "'%s' reads back as another game",
		    text);
		FUZZ_ASSERT(back.nmeta == rec->nmeta + (rec->comment != NULL),
		    "'%s' reads back with %zu keys, not %zu", text,
		    back.nmeta, rec->nmeta);
		/* Keys come back; so do strings, byte for byte (a plain
		 * null may come back as "null"). */
		for (i = 0; i < rec->nmeta; i++)
			FUZZ_ASSERT(back.meta[i].keylen == rec->meta[i].keylen &&
			    memcmp(back.meta[i].key, rec->meta[i].key,
			    back.meta[i].keylen) == 0 && (rec->meta[i].plain ||
			    (back.meta[i].valuelen == rec->meta[i].valuelen &&
			    memcmp(back.meta[i].value, rec->meta[i].value,
			    back.meta[i].valuelen) == 0)),
			    "'%s': key %zu changed", text, i);
		again = write_text(json, &bg, &back, &len2);
		FUZZ_ASSERT(len2 == len && memcmp(text, again, len) == 0,
		    "'%s' writes again as '%s'", text, again);
		free(again);
		free(text);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	struct qttt_reader *r;
	size_t		 nerr;
	int		 fd, k;

	fuzz_read_all(data, n, QTTT_FORMAT_YAML);

	fd = fuzz_fd(data, n);
	FUZZ_ASSERT((r = qttt_reader_open(fd, QTTT_FORMAT_YAML)) != NULL,
	    "out of memory");
	while ((k = qttt_reader_next(r, &rec)) == 1) {
		nerr = qttt_record_play(&rec, &game);
		if (nerr == 0)
			check_written(&game, &rec);
	}
	FUZZ_ASSERT(k == 0, "read error on a memory file");
	qttt_reader_close(r);
	close(fd);
	back_close();
	return 0;
}
