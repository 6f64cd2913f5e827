/*
 * Goff's notation: whole inputs read as Goff's notation, every record
 * played and checked (fuzz.h).  Every valid game is also written in
 * Goff's notation, and must read back as the same game and write
 * again as the same bytes, and with the other writers (fuzz.h).
 */
#include "qttt.h"
#include "fuzz.h"

static void
valid(const struct qttt_record *rec, const struct qttt_game *g)
{
	fuzz_write_back(NULL, g, NULL, QTTT_FORMAT_GOFF);
	fuzz_write_back(fuzz_line_write, g, rec, QTTT_FORMAT_LINE);
	fuzz_write_back(fuzz_yaml_write, g, rec, QTTT_FORMAT_YAML);
	fuzz_write_back(fuzz_json_write, g, rec, QTTT_FORMAT_YAML);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	fuzz_read_all(data, n, QTTT_FORMAT_GOFF, valid);
	fuzz_back_close();
	return 0;
}
