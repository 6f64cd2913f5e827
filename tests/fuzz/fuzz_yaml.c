/*
 * The YAML and JSON reader: whole inputs read as YAML, every record
 * played and checked (fuzz.h).  Every valid game is also written with
 * every writer: as YAML and as JSON it must read back as the same game
 * with the same metadata and comments, and write again as the same
 * bytes; in the line notation and Goff's notation, as the same game.
 */
#include "qttt.h"
#include "fuzz.h"

static void
valid(const struct qttt_record *rec, const struct qttt_game *g)
{
	fuzz_write_back(fuzz_yaml_write, g, rec, QTTT_FORMAT_YAML);
	fuzz_write_back(fuzz_json_write, g, rec, QTTT_FORMAT_YAML);
	fuzz_write_back(fuzz_line_write, g, rec, QTTT_FORMAT_LINE);
	fuzz_write_back(NULL, g, NULL, QTTT_FORMAT_GOFF);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	fuzz_read_all(data, n, QTTT_FORMAT_YAML, valid);
	fuzz_back_close();
	return 0;
}
