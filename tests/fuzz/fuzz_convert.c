/*
 * Round trips between every pair of formats: an input of any format
 * (detected; state strings are positions, which no writer writes), each of its first valid games written in each format
 * and read back (fuzz_write_back), and what was read back written in
 * each format again and read back: the same game every time, from
 * YAML or JSON to YAML or JSON the same extras, and between any two
 * of the formats that hold variations the same tree.
 */
#include <stdlib.h>

#include "qttt.h"
#include "fuzz.h"

struct writer {
	int		(*write)(FILE *, const struct qttt_game *,
			    const struct qttt_extras *);
	enum qttt_format format;
};

static const struct writer writers[] = {
	{ fuzz_line_write, QTTT_FORMAT_LINE },
	{ fuzz_yaml_write, QTTT_FORMAT_YAML },
	{ fuzz_json_write, QTTT_FORMAT_YAML },
	{ NULL, QTTT_FORMAT_GOFF },
};
#define NWRITERS	(sizeof(writers) / sizeof(writers[0]))

static const char *const names[] = { "line", "yaml", "json", "goff" };

/*
 * The tree read back from one format (back), written in each format
 * that holds variations and read back again, is the record's own.
 * Everything is written before anything is read: the next read ends
 * back.
 */
static void
cross(const struct qttt_record *rec, const struct qttt_game *g,
    const struct qttt_record *back)
{
	struct qttt_extras ex;
	const struct qttt_record *again;
	char	*buf[NWRITERS];
	size_t	 n[NWRITERS], b;

	qttt_extras_from_record(&ex, g, back);
	for (b = 0; b < NWRITERS; b++)
		buf[b] = writers[b].write == NULL ? NULL :
		    fuzz_write_mem(writers[b].write, g, &ex, &n[b]);
	for (b = 0; b < NWRITERS; b++) {
		if (buf[b] == NULL)
			continue;
		again = fuzz_read_back(buf[b], n[b], writers[b].format, g);
		fuzz_same_variations(rec, again, buf[b]);
		free(buf[b]);
	}
}

static void
valid(const struct qttt_record *rec, const struct qttt_game *g)
{
	const struct qttt_record *back;
	struct qttt_extras ex, copy;
	size_t		 a, b;
	int		 refused;

	/* A position (a state string) is no game the writers write. */
	if (rec->has_start)
		return;
	for (a = 0; a < NWRITERS; a++) {
		/* Variations: Goff's notation refuses them. */
		if (rec->nvars > 0 && writers[a].write == NULL) {
			fuzz_refuses_variations(writers[a].write, g, rec);
			continue;
		}
		back = fuzz_write_back(writers[a].write, g,
		    writers[a].write != NULL ? rec : NULL, writers[a].format);
		if (back == NULL)
			continue;
		/* The next read ends the record read back: a copy. */
		qttt_extras_from_record(&ex, g, back);
		fuzz_copy_extras(&copy, &ex, g->nplies);
		refused = qttt_extras_check(&copy, g->nplies, NULL, 0) == -1;
		if (rec->nvars > 0)
			cross(rec, g, back);
		for (b = 0; b < NWRITERS; b++)
			fuzz_write_extras(writers[b].write, names[b],
			    writers[b].format, g, &copy, refused);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	fuzz_read_all(data, n, QTTT_FORMAT_AUTO, valid);
	fuzz_back_close();
	return 0;
}
