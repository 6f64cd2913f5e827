/*
 * The YAML and JSON reader alone, as OSS-Fuzz fuzzes a parser: the
 * input read whole as YAML, every record played and checked
 * (fuzz_parse_all(), fuzz.h), nothing written.  fuzz_yaml adds the
 * round trips through every writer; this one is the fast one, on short
 * inputs (parse_yaml.options).
 */
#include "qttt.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	fuzz_parse_all(data, n, QTTT_FORMAT_YAML);
	return 0;
}
