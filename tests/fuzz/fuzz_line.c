/*
 * The line notation reader: whole inputs through the reader (as the
 * line notation and with format detection), and the input as one line
 * straight to qttt_line_parse().  Every record is played; see fuzz.h
 * for what is checked.  Each valid game is written back with every
 * writer and must read back the same.
 */
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

/* A valid game written back in each format reads back the same. */
static void
valid(const struct qttt_record *rec, const struct qttt_game *g)
{
	fuzz_write_back(fuzz_line_write, g, rec, QTTT_FORMAT_LINE);
	fuzz_write_back(fuzz_yaml_write, g, rec, QTTT_FORMAT_YAML);
	fuzz_write_back(fuzz_json_write, g, rec, QTTT_FORMAT_YAML);
	/* Variations: Goff's notation refuses them. */
	if (rec->nvars > 0)
		fuzz_refuses_variations(NULL, g, rec);
	fuzz_write_back(NULL, g, NULL, QTTT_FORMAT_GOFF);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct qttt_record rec;
	static struct qttt_game game;
	size_t		 nerr;

	fuzz_read_all(data, n, QTTT_FORMAT_LINE, valid);
	fuzz_read_all(data, n, QTTT_FORMAT_AUTO, NULL);

	if (n <= QTTT_LINE_MAX && memchr(data, '\n', n) == NULL) {
		if (qttt_line_parse((const char *)data, n, 0, &rec) == 1) {
			nerr = qttt_record_play(&rec, &game);
			fuzz_check_record(&rec, nerr);
			if (nerr == 0)
				fuzz_check_game(&game);
		} else
			FUZZ_ASSERT(rec.ndiags == 0 && rec.nitems == 0,
			    "a blank line with %zu items", rec.nitems);
	}
	fuzz_back_close();
	return 0;
}
