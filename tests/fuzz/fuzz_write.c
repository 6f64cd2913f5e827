/*
 * The writers, on games and extras made from the bytes directly rather
 * than read: every key, value, comment and note any producer may hand
 * them, up to and past every limit (an entry can repeat a piece of
 * text thousands of times, so short inputs reach 4096-byte values full
 * of escapes, and 64 of them).  For each writer: what it writes must
 * read back as the same game and, in YAML and JSON, the same extras,
 * and write again as the same bytes; what it refuses must be what
 * qttt_extras_check() refuses, the limits of every format.
 *
 * The input: a byte for the number of plies, a byte choosing each
 * action among the legal ones, then entries: a kind byte, a ply byte,
 * two bytes of length, two of repeats (a count and a power of two),
 * then the text, repeated.
 */
#include <stdlib.h>
#include <string.h>

#include "qttt.h"
#include "fuzz.h"

#define TEXTMAX		(8 * 4096)

static struct qttt_meta meta[QTTT_MAXMETA + 2];
static struct qttt_meta notes[QTTT_MAXPLIES][QTTT_MAXNOTES + 2];
static char	 text[2 * (QTTT_MAXMETA + QTTT_MAXNOTES + 2) + QTTT_MAXPLIES +
		    1][TEXTMAX];

/* A game of the plies the bytes choose; returns the bytes used. */
static size_t
make_game(const uint8_t *d, size_t n, struct qttt_game *g)
{
	struct qttt_action a[QTTT_MAXACTIONS];
	size_t		 i = 0, want, k;

	qttt_game_init(g);
	if (n == 0)
		return 0;
	want = d[i++] % (QTTT_MAXPLIES + 1);
	while (g->nplies < want && i < n &&
	    (k = qttt_state_actions(&g->state, a)) > 0) {
		FUZZ_ASSERT(qttt_game_play(g, &a[d[i++] % k], NULL) ==
		    QTTT_OK, "a legal action refused");
	}
	return i;
}

/* The next piece of text: len bytes repeated; NULL at the end. */
static const char *
piece(const uint8_t *d, size_t n, size_t *i, size_t *len, size_t slot)
{
	size_t	 l, reps, k;
	char	*t = text[slot];

	if (*i + 4 > n)
		return NULL;
	l = (d[*i] | (size_t)d[*i + 1] << 8) % 512;
	/* Mostly a few repeats, now and then thousands. */
	reps = 1 + (((size_t)d[*i + 3] << (d[*i + 2] % 17)) >> 8);
	*i += 4;
	if (l > n - *i)
		l = n - *i;
	for (*len = 0, k = 0; k < reps && *len + l <= TEXTMAX && l > 0; k++) {
		memcpy(t + *len, d + *i, l);
		*len += l;
	}
	*i += l;
	return t;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct qttt_game g;
	struct qttt_extras ex;
	struct qttt_meta *m;
	const char	*t;
	size_t		 i, len, ply, slot = 0;
	int		 kind, refused;

	i = make_game(data, n, &g);
	qttt_extras_init(&ex);
	ex.meta = meta;
	for (ply = 0; ply < QTTT_MAXPLIES; ply++)
		ex.ply[ply].notes = notes[ply];
	while (i + 2 <= n && slot + 2 < sizeof(text) / sizeof(text[0])) {
		kind = data[i] % 8;
		ply = g.nplies > 0 ? data[i + 1] % g.nplies : 0;
		i += 2;
		if ((t = piece(data, n, &i, &len, slot++)) == NULL)
			break;
		switch (kind) {
		case 0:
		case 1:
		case 2:
			if (ex.nmeta == QTTT_MAXMETA + 1)
				continue;
			m = &meta[ex.nmeta++];
			break;
		case 3:
			ex.comment = t;
			ex.commentlen = len;
			continue;
		case 4:
			if (g.nplies > 0) {
				ex.ply[ply].comment = t;
				ex.ply[ply].commentlen = len;
			}
			continue;
		default:
			if (g.nplies == 0 ||
			    ex.ply[ply].nnotes == QTTT_MAXNOTES + 1)
				continue;
			m = &notes[ply][ex.ply[ply].nnotes++];
			break;
		}
		/* A key, then its value; plain or not, by the kind. */
		memset(m, 0, sizeof(*m));
		m->key = t;
		m->keylen = len;
		m->plain = kind % 2;
		if ((t = piece(data, n, &i, &len, slot++)) != NULL) {
			m->value = t;
			m->valuelen = len;
		}
	}
	refused = qttt_extras_check(&ex, g.nplies, NULL, 0) == -1;
	fuzz_write_extras(fuzz_yaml_write, "yaml", QTTT_FORMAT_YAML, &g, &ex,
	    refused);
	fuzz_write_extras(fuzz_json_write, "json", QTTT_FORMAT_YAML, &g, &ex,
	    refused);
	fuzz_write_extras(fuzz_line_write, "line", QTTT_FORMAT_LINE, &g, &ex,
	    refused);
	fuzz_write_extras(NULL, "goff", QTTT_FORMAT_GOFF, &g, &ex, 0);
	fuzz_back_close();
	return 0;
}
