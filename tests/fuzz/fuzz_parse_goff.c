/*
 * The reader of Goff's notation alone, as OSS-Fuzz fuzzes a parser:
 * the input read whole as Goff's notation, every record played and
 * checked (fuzz_parse_all(), fuzz.h), nothing written.  fuzz_goff adds
 * the round trips through every writer; this one is the fast one, on
 * short inputs (parse_goff.options).
 */
#include "qttt.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	fuzz_parse_all(data, n, QTTT_FORMAT_GOFF);
	return 0;
}
